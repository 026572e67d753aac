//! The results of a phase in words: the report the judge's views show
//! and the results mail (`# mails: results` in the catalogue). The code
//! pads the columns; the words are the catalogue's.

use super::mails::{power, power_column, when};
use super::{Args, Lang, plain, render};
use crate::engine::{Adjudication, Map, Position};
use crate::game::{Board, Centres, DislodgedLine, OrderLine, PhaseResults, Results};
use crate::report::{Mail, ReportLine};
use crate::text::Render;

/// What became of an order: `succeeds`, or `fails: <reason>`.
pub(super) fn verdict(lang: Lang, l: &OrderLine) -> String {
    let outcome = match super::keys::outcome(&l.outcome) {
        Some(key) => plain(lang, key),
        None => l.outcome.clone(),
    };
    match &l.reason {
        None => outcome,
        Some(why) => render(
            lang,
            "results-verdict-why",
            &Args::new()
                .str("outcome", outcome)
                .str("reason", why.render(lang)),
        ),
    }
}

/// An order as the results show it: the notation as written, and the mark
/// of a unit given no order (`A mun H (no order)`) in the reader's words
/// (`A mun H (aucun ordre)`).
pub(super) fn order_text(lang: Lang, order: &str) -> String {
    match order.strip_suffix(crate::report::NO_ORDER) {
        Some(notation) => format!("{notation}{}", plain(lang, "results-no-order")),
        None => order.to_string(),
    }
}

fn dislodged_line(lang: Lang, map: &str, d: &DislodgedLine) -> String {
    let options = if d.retreats.is_empty() {
        plain(lang, "results-retreat-none")
    } else {
        render(
            lang,
            "results-retreat-to",
            &Args::new().str("places", d.retreats.join(", ")),
        )
    };
    let args = Args::new()
        .str(
            "adjective",
            super::names::adjective_or(lang, map, &d.power, &d.adjective),
        )
        .str("unit", &d.unit)
        .str("options", options);
    match &d.from {
        Some(from) => render(lang, "results-dislodged-from", &args.str("from", from)),
        None => render(lang, "results-dislodged-convoy", &args),
    }
}

/// The report without its last line (`Next phase: …`): the heading, the
/// orders by power, the dislodged units, the standoffs, the centres.
fn report_body(lang: Lang, r: &PhaseResults) -> String {
    let mut out = render(
        lang,
        "results-heading",
        &Args::new()
            .phase("phase", r.phase.as_str())
            .str("map", &r.map),
    );
    out.push_str("\n\n");
    let width = r
        .orders
        .iter()
        .flat_map(|p| &p.lines)
        .map(|l| order_text(lang, &l.order).chars().count())
        .max()
        .unwrap_or(0);
    for p in &r.orders {
        out.push_str(&render(
            lang,
            "mails-power-label",
            &Args::new().power("power", &p.power),
        ));
        out.push('\n');
        for l in &p.lines {
            out.push_str(&format!(
                "  {:<width$}  {}\n",
                order_text(lang, &l.order),
                verdict(lang, l)
            ));
        }
        out.push('\n');
    }
    if !r.dislodged.is_empty() {
        out.push_str(&plain(lang, "results-dislodged"));
        out.push('\n');
        for d in &r.dislodged {
            out.push_str(&format!("  {}\n", dislodged_line(lang, &r.map, d)));
        }
        out.push('\n');
    }
    if !r.standoffs.is_empty() {
        let args = Args::new().str("provinces", r.standoffs.join(", "));
        out.push_str(&render(lang, "results-standoffs", &args));
        out.push_str("\n\n");
    }
    out.push_str(&centres(lang, &r.centres));
    out.push('\n');
    out
}

fn next_line(lang: Lang, r: &PhaseResults) -> String {
    let args = Args::new().phase("phase", r.next_phase.as_str());
    format!("{}\n", render(lang, "results-next-phase", &args))
}

/// The results of one phase, as the judge's views show them.
pub(crate) fn phase_report(lang: Lang, r: &PhaseResults) -> String {
    let mut out = report_body(lang, r);
    out.push_str(&next_line(lang, r));
    out
}

/// Each power's supply centres and units, new centres starred.
pub(crate) fn centres(lang: Lang, c: &Centres) -> String {
    let mut out = plain(lang, "results-centres");
    out.push('\n');
    let names: Vec<String> = c.lines.iter().map(|l| power(lang, &l.power)).collect();
    let w = power_column(lang, 8, names.iter());
    for (l, name) in c.lines.iter().zip(&names) {
        let list: Vec<String> = l
            .centres
            .iter()
            .map(|(p, new)| if *new { format!("{p}*") } else { p.clone() })
            .collect();
        let counts = render(
            lang,
            "results-centres-line",
            &Args::new()
                .str("centres", format!("{:>2}", l.centres.len()))
                .num("ncentres", l.centres.len() as f64)
                .str("units", format!("{:>2}", l.units))
                .num("nunits", l.units as f64)
                .str("list", list.join(" ")),
        );
        out.push_str(&format!("  {name:<w$} {counts}\n"));
    }
    if c.newly_taken {
        out.push_str(&format!("  {}\n", plain(lang, "results-newly-taken")));
    }
    out
}

/// The whole board: units, centres that changed hands, builds and
/// removals to come.
pub(crate) fn board(lang: Lang, b: &Board) -> String {
    let mut out = plain(lang, "results-board");
    out.push('\n');
    let names: Vec<String> = b.units.iter().map(|(p, _)| power(lang, p)).collect();
    let w = power_column(lang, 8, names.iter());
    for ((_, units), name) in b.units.iter().zip(&names) {
        out.push_str(&format!("  {name:<w$} {}\n", units.join(", ")));
    }
    if !b.changed.is_empty() {
        let nobody = || plain(lang, "results-nobody");
        let items: Vec<String> = b
            .changed
            .iter()
            .map(|c| {
                let args = Args::new().str("province", &c.province).str(
                    "to",
                    c.to.as_deref().map_or_else(nobody, |p| power(lang, p)),
                );
                match &c.from {
                    Some(f) => render(lang, "results-changed-from", &args.power("from", f)),
                    None => render(lang, "results-changed-to", &args),
                }
            })
            .collect();
        let args = Args::new().str("list", items.join(", "));
        out.push_str(&render(lang, "results-changed", &args));
        out.push('\n');
    }
    if let Some((phase, counts)) = &b.adjustments {
        let counts: Vec<String> = counts
            .iter()
            .map(|(power, d)| {
                let key = if *d > 0 {
                    "results-builds"
                } else {
                    "results-removes"
                };
                let args = Args::new().power("power", power).num("count", d.abs());
                render(lang, key, &args)
            })
            .collect();
        let counts = if counts.is_empty() {
            plain(lang, "results-no-adjustments")
        } else {
            counts.join(", ")
        };
        let args = Args::new()
            .phase("phase", phase.as_str())
            .str("counts", counts);
        out.push_str(&render(lang, "results-adjustments", &args));
        out.push('\n');
    }
    out
}

/// The public results mail of a phase.
pub(crate) fn mail(lang: Lang, r: &Results) -> Mail {
    let mut body = report_body(lang, &r.report);
    if !r.espionage.is_empty() {
        body.push_str(&plain(lang, "results-espionage"));
        body.push('\n');
        for l in &r.espionage {
            body.push_str(&format!("  {}\n", l.render(lang)));
        }
        body.push('\n');
    }
    body.push_str(&board(lang, &r.board));
    body.push('\n');
    let notes = [
        ("results-missed", &r.missed),
        ("results-incomplete", &r.incomplete),
        ("results-eliminated", &r.eliminated),
    ];
    for (key, powers) in notes.iter().filter(|(_, p)| !p.is_empty()) {
        let args = Args::new().str("powers", super::powers::list(lang, powers));
        body.push_str(&render(lang, key, &args));
        body.push('\n');
    }
    if notes.iter().any(|(_, p)| !p.is_empty()) {
        body.push('\n');
    }
    body.push_str(&next_line(lang, &r.report));
    if let Some(e) = &r.ended {
        let args = Args::new().str("how", super::game_over::how(lang, e));
        body.push_str(&render(lang, "results-game-over", &args));
        body.push('\n');
    }
    if let Some((phase, deadline)) = &r.next {
        let args = Args::new()
            .phase("phase", phase.as_str())
            .str("deadline", when(deadline));
        body.push_str(&render(lang, "results-orders-due", &args));
        body.push('\n');
    }
    let args = Args::new()
        .str("game", &r.game)
        .phase("phase", r.report.phase.as_str());
    Mail {
        subject: render(lang, "results-subject", &args),
        body,
    }
}

/// The results of one phase in the judge's English, for the terminal:
/// orders by power with their outcomes, dislodged units with their
/// retreats, standoffs, supply centres and the next phase.
pub(crate) fn phase_report_en(
    map: &Map,
    before: &Position,
    lines: &[ReportLine<'_>],
    adjudication: &Adjudication,
) -> String {
    let r = crate::game::phase_results(map, before, lines, adjudication);
    phase_report(super::JUDGE_ONLY, &r)
}

/// The whole board after a phase in the judge's English, for a player to
/// set it up from the results alone.
#[cfg(test)]
pub(crate) fn board_en(map: &Map, before: &Position, after: &Position) -> String {
    board(super::JUDGE_ONLY, &crate::game::board(map, before, after))
}

/// Supply-centre ownership by power, with changes since `before`, in the
/// judge's English.
#[cfg(test)]
pub(crate) fn centres_en(map: &Map, before: &Position, after: &Position) -> String {
    centres(super::JUDGE_ONLY, &crate::game::centres(map, before, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dislodged_units_power_reads_in_the_readers_words() {
        let d = DislodgedLine {
            adjective: "French".into(),
            power: "france".into(),
            unit: "A bur".into(),
            from: Some("mun".into()),
            retreats: vec!["pic".into()],
        };
        let line = |lang| dislodged_line(lang, "standard", &d);
        assert_eq!(
            line(Lang::En),
            "French A bur (attacked from mun): may retreat to pic"
        );
        assert_eq!(
            line(Lang::Fr),
            "A bur française (attaquée depuis mun)\u{a0}: peut retraiter en pic"
        );
        assert_eq!(
            line(Lang::De),
            "A bur (französische Einheit, angegriffen aus mun): kann sich zurückziehen nach pic"
        );
        // Results stored before the power was kept: the map's adjective.
        let old = DislodgedLine {
            power: String::new(),
            ..d.clone()
        };
        assert!(dislodged_line(Lang::Fr, "standard", &old).contains("A bur French"));
    }

    #[test]
    fn a_unit_given_no_order_is_marked_in_the_readers_words() {
        let marked = format!("A mun H {}", crate::report::NO_ORDER);
        assert_eq!(order_text(Lang::En, &marked), "A mun H (no order)");
        assert_eq!(order_text(Lang::Fr, &marked), "A mun H (aucun ordre)");
        assert_eq!(order_text(Lang::De, &marked), "A mun H (kein Befehl)");
        assert_eq!(order_text(Lang::De, "A mun - ruh"), "A mun - ruh");
    }

    #[test]
    fn the_exposed_of_a_collision_are_named_in_the_readers_words() {
        use crate::engine::PublicLine;
        let map = crate::engine::Map::by_variant("standard").expect("the standard map");
        let power = |name: &str| map.power_by_name(name).expect("a power");
        let line = PublicLine::Collision {
            tried: vec![],
            exposed: vec![power("england"), power("turkey")],
        };
        let fr = crate::text::espionage::public_line(Lang::Fr, map, &line);
        assert!(
            fr.ends_with(
                "Réseaux démasqués pour le reste du tour\u{a0}: l'Angleterre, la Turquie."
            ),
            "{fr}"
        );
        let de = crate::text::espionage::public_line(Lang::De, map, &line);
        assert!(
            de.ends_with("Für den Rest der Runde enttarnt: England, Türkei."),
            "{de}"
        );
    }
}
