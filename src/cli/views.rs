//! The judge's views of a game as text: `dipspy game show` and `dipspy
//! game history`, built from the game layer's views.

use crate::game;

pub(super) fn show_text(v: &game::GameView) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "Game {} ({}), {}", v.name, v.variant, v.status);
    if let Some(outcome) = &v.outcome {
        let who = v.outcome_powers.join(", ");
        let _ = match outcome {
            game::GameOutcome::Solo => writeln!(o, "Result: solo victory for {who}"),
            game::GameOutcome::Draw => writeln!(o, "Result: draw between {who}"),
            game::GameOutcome::Ended => writeln!(o, "Result: ended by the judge"),
        };
    }
    if let (Some(p), Some(n)) = (&v.phase, &v.phase_name) {
        let _ = writeln!(o, "Phase: {n} ({p})");
    }
    if !v.rules.is_empty() {
        let _ = writeln!(o, "Espionage rules: {}", v.rules.join(", "));
    }
    for line in crate::text::settings::describe(crate::text::Lang::En, &v.settings) {
        let _ = writeln!(o, "Settings: {line}");
    }
    if v.reaction_phase {
        let _ = writeln!(
            o,
            "Reaction phase: the orders are frozen; each power may change one unit (REACTION) or answer REACTION NONE"
        );
    }
    if let Some(d) = &v.deadline {
        let what = if v.reaction_phase {
            "Reaction deadline"
        } else {
            "Deadline"
        };
        let _ = writeln!(o, "{what}: {d} ({})", v.timezone);
    }

    let _ = writeln!(o);
    let _ = writeln!(o, "Powers:");
    for p in &v.powers {
        let orders = if v.status != game::GameStatus::Active && v.status != game::GameStatus::Paused
        {
            ""
        } else if let Some(r) = p.reacted {
            // ESP-8: in the reaction phase the orders are frozen; what is
            // still awaited is each power's reaction.
            if r { "reacted" } else { "owes a reaction" }
        } else if !p.needs_orders {
            "nothing to order"
        } else if p.orders_in {
            "orders in"
        } else {
            "no orders yet"
        };
        let mut flags = Vec::new();
        if p.wait {
            flags.push("waiting");
        }
        let draw_with;
        if p.draw_vote {
            draw_with = match &p.draw_with {
                Some(w) => format!("votes a draw with {w}"),
                None => "votes a draw".into(),
            };
            flags.push(&draw_with);
        }
        let concede;
        if let Some(to) = &p.concede_to {
            concede = format!("concedes to {to}");
            flags.push(&concede);
        }
        let _ = writeln!(
            o,
            "  {:<8} {:<10} {:>2} centres {:>2} units  {orders}{}{}  {}",
            p.power,
            p.status,
            p.centers,
            p.units,
            if flags.is_empty() { "" } else { ", " },
            flags.join(", "),
            p.email.as_deref().unwrap_or("")
        );
    }
    let _ = writeln!(o);
    let _ = writeln!(o, "Units:");
    for (p, list) in &v.units {
        let _ = writeln!(o, "  {p:<8} {}", list.join(", "));
    }
    if !v.dislodged.is_empty() {
        let _ = writeln!(o, "Dislodged: {}", v.dislodged.join(", "));
    }
    let _ = writeln!(o, "Supply centres:");
    for (p, list) in &v.centers {
        let _ = writeln!(o, "  {p:<8} {:>2}: {}", list.len(), list.join(" "));
    }
    o
}

pub(super) fn history_text(h: &[game::HistoryEntry], detail: bool) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    for e in h {
        let when = match (&e.processed_at, &e.rolled_back_at) {
            (_, Some(r)) => format!("rolled back {r}"),
            (Some(p), None) => format!("processed {p}"),
            (None, None) => format!("started {}", e.started_at),
        };
        let _ = writeln!(o, "#{:<3} {:<7} {:<12} {when}", e.seq, e.phase, e.status);
        if !e.missed.is_empty() {
            let _ = writeln!(o, "      no orders from: {}", e.missed.join(", "));
        }
        if detail {
            for ord in &e.orders {
                let text = ord.order.as_deref().unwrap_or(&ord.raw);
                let res = match (&ord.outcome, ord.status) {
                    (Some(out), _) => match ord.reason.as_deref() {
                        Some(r) if !r.is_empty() => format!("{out}: {r}"),
                        _ => out.clone(),
                    },
                    (None, game::OrderStatus::Unreadable) => {
                        format!("unreadable: {}", ord.reason.as_deref().unwrap_or(""))
                    }
                    (None, s) => s.to_string(),
                };
                let _ = writeln!(
                    o,
                    "      {:<8} {:<28} {res}  (from {})",
                    ord.power, text, ord.submitted_by
                );
            }
            for d in &e.dislodged {
                let d = crate::text::views::dislodged(crate::text::Lang::En, d);
                let _ = writeln!(o, "      dislodged: {d}");
            }
            for d in &e.by_default {
                let d = crate::text::views::by_default(crate::text::Lang::En, d);
                let _ = writeln!(o, "      by the rules: {d}");
            }
            if !e.espionage.is_empty() {
                let _ = writeln!(o, "      espionage, unit by unit (the judge's eyes only):");
            }
            for u in &e.espionage {
                let _ = writeln!(o, "      {:<8} {}", u.power, u.unit);
                for s in &u.steps {
                    let _ = writeln!(o, "          [{}] {}", s.mark, s.text);
                }
            }
        }
    }
    o
}
