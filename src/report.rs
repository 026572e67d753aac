//! Human-readable reports of an adjudicated phase, as a player would want
//! to read them in a results mail or on the judge's terminal.

use crate::engine::adjudicate::{Adjudication, OrderResult, Outcome, Reason};
use crate::engine::map::{Map, PowerId, ProvinceId};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::Position;
use std::fmt::Write;

/// One order line as reported: who gave it, the text, what became of it.
pub struct ReportLine<'a> {
    pub power: PowerId,
    pub text: &'a str,
    pub result: &'a OrderResult,
}

/// The results of one phase: orders by power with their outcomes,
/// dislodged units with their retreats, standoffs, supply centres and the
/// next phase.
pub fn phase_report(
    map: &Map,
    before: &Position,
    lines: &[ReportLine<'_>],
    adjudication: &Adjudication,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", before.phase.long_name(), map.name);
    let _ = writeln!(out);
    let width = lines
        .iter()
        .map(|l| l.text.chars().count())
        .max()
        .unwrap_or(0);
    for power in map.powers() {
        let mine: Vec<&ReportLine> = lines.iter().filter(|l| l.power == power.id).collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}:", power.display_name());
        for l in mine {
            let verdict = match l.result.outcome {
                Outcome::Succeeds if l.result.reason.is_none() => "succeeds".to_string(),
                o if l.result.reason.is_none() => o.to_string(),
                o => format!("{o}: {}", crate::text::reason::en(map, &l.result.reason)),
            };
            let _ = writeln!(out, "  {:<width$}  {verdict}", l.text);
        }
        let _ = writeln!(out);
    }
    if !adjudication.dislodged.is_empty() {
        let _ = writeln!(out, "Dislodged:");
        for d in &adjudication.dislodged {
            let u = &d.dislodged.unit;
            let options: Vec<String> = d.retreats.iter().map(|l| map.loc_name(*l)).collect();
            let whence = match d.dislodged.attacked_from {
                Some(p) => format!(" (attacked from {})", map.province(p).abbr),
                None => " (attacked by convoy)".to_string(),
            };
            let opts = if options.is_empty() {
                "no retreat; it will be disbanded".to_string()
            } else {
                format!("may retreat to {}", options.join(", "))
            };
            let _ = writeln!(
                out,
                "  {} {}{whence}: {opts}",
                map.power(u.power).adjective,
                u.text(map)
            );
        }
        let _ = writeln!(out);
    }
    if !adjudication.contested.is_empty() {
        let names: Vec<&str> = adjudication
            .contested
            .iter()
            .map(|p| map.province(*p).abbr.as_str())
            .collect();
        let _ = writeln!(out, "Standoffs: {}", names.join(", "));
        let _ = writeln!(out);
    }
    let _ = write!(out, "{}", centers_report(map, before, &adjudication.next));
    let _ = writeln!(out);
    let _ = writeln!(out, "Next phase: {}", adjudication.next.phase.long_name());
    out
}

/// The units that were given no order in a movement or retreat phase, as
/// report lines of their own (`A mun H (no order)`), so that the results
/// show every unit on the board: a unit without an order holds (and may
/// be dislodged); a dislodged unit without one is disbanded.
pub fn unordered_units(
    map: &Map,
    before: &Position,
    ordered: &[(PowerId, Order)],
    adjudication: &Adjudication,
) -> Vec<(PowerId, String, OrderResult)> {
    let has_order = |p: ProvinceId| {
        ordered
            .iter()
            .any(|(_, o)| o.unit().is_some_and(|u| u.location.province == p))
    };
    match before.phase.kind {
        PhaseKind::Movement => before
            .units
            .iter()
            .filter(|u| !has_order(u.location.province))
            .map(|u| {
                let dislodged = adjudication
                    .dislodged
                    .iter()
                    .any(|d| d.dislodged.unit.location.province == u.location.province);
                let result = if dislodged {
                    OrderResult::new(Outcome::Fails, Reason::Dislodged)
                } else {
                    OrderResult::succeeds()
                };
                (u.power, format!("{} H (no order)", u.text(map)), result)
            })
            .collect(),
        PhaseKind::Retreat => before
            .dislodged
            .iter()
            .filter(|d| !has_order(d.unit.location.province))
            .map(|d| {
                (
                    d.unit.power,
                    format!("{} (no order)", d.unit.text(map)),
                    OrderResult::new(Outcome::Succeeds, Reason::Disbanded),
                )
            })
            .collect(),
        PhaseKind::Adjustment => Vec::new(),
    }
}

/// The whole board after a phase, for a player to set it up from the
/// results alone: each power's units, the centres that changed hands and,
/// before a winter, how many builds or removals each power has.
pub fn board_report(map: &Map, before: &Position, after: &Position) -> String {
    let mut out = String::from("The board now:\n");
    for power in map.powers() {
        let units: Vec<String> = after.units_of(power.id).map(|u| u.text(map)).collect();
        if units.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  {:<8} {}", power.display_name(), units.join(", "));
    }
    let changed: Vec<String> = map
        .supply_centers()
        .filter(|&c| after.owner(c) != before.owner(c))
        .map(|c| {
            let to = after
                .owner(c)
                .map(|p| map.power(p).display_name())
                .unwrap_or_else(|| "nobody".into());
            match before.owner(c) {
                Some(p) => format!(
                    "{} to {to} (from {})",
                    map.province(c).abbr,
                    map.power(p).display_name()
                ),
                None => format!("{} to {to}", map.province(c).abbr),
            }
        })
        .collect();
    if !changed.is_empty() {
        let _ = writeln!(out, "Centres that changed hands: {}", changed.join(", "));
    }
    if after.phase.kind == PhaseKind::Adjustment {
        let counts: Vec<String> = after
            .adjustments(map)
            .iter()
            .filter(|a| a.delta() != 0)
            .map(|a| {
                let name = map.power(a.power).display_name();
                match a.delta() {
                    1 => format!("{name} builds 1"),
                    d if d > 0 => format!("{name} builds {d}"),
                    -1 => format!("{name} removes 1"),
                    d => format!("{name} removes {}", -d),
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "{}: {}",
            after.phase.long_name(),
            if counts.is_empty() {
                "no builds or removals".to_string()
            } else {
                counts.join(", ")
            }
        );
    }
    out
}

/// Supply-centre ownership by power, with changes since `before`.
pub fn centers_report(map: &Map, before: &Position, after: &Position) -> String {
    let mut out = String::from("Supply centres:\n");
    for power in map.powers() {
        let owned = after.centers_of(power.id);
        let units = after.units_of(power.id).count();
        if owned.is_empty() && units == 0 {
            continue;
        }
        let names: Vec<String> = owned
            .iter()
            .map(|p| {
                let name = map.province(*p).abbr.clone();
                if before.owner(*p) != Some(power.id) {
                    format!("{name}*")
                } else {
                    name
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "  {:<8} {:>2} centres, {:>2} units: {}",
            power.display_name(),
            owned.len(),
            units,
            names.join(" ")
        );
    }
    let lost: Vec<ProvinceId> = map
        .supply_centers()
        .filter(|&c| before.owner(c).is_some() && after.owner(c) != before.owner(c))
        .collect();
    if !lost.is_empty() {
        let _ = writeln!(out, "  (* newly taken)");
    }
    out
}

// ------------------------------------------------------------ announcements
//
// The texts the judge mails, composed here from plain data so that the
// game layer only decides when and to whom. Nothing here may name a spy, a
// counter-spy, a reaction or a Fake's author beyond what the public lines
// of SPI-10 already say: callers pass only the final orders and those
// lines.

/// A mail: subject and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    pub subject: String,
    pub body: String,
}

/// What a processed phase's results mail says besides the adjudication.
pub struct ResultsExtra<'a> {
    pub game: &'a str,
    /// SPI-10: stopped Fakes (without their author) and collisions.
    pub espionage_public: &'a [String],
    pub missed: &'a [String],
    /// Powers whose orders were incomplete (some units without one).
    pub incomplete: &'a [String],
    pub eliminated: &'a [String],
    /// `solo victory for France`, when the game ended.
    pub ended: Option<&'a str>,
    /// The next phase's long name and its deadline, in the game's
    /// timezone, when the game goes on.
    pub next: Option<(String, String)>,
}

/// The public results of a processed phase (audience `all`).
pub fn results_mail(
    map: &Map,
    before: &Position,
    lines: &[ReportLine<'_>],
    adjudication: &Adjudication,
    extra: &ResultsExtra<'_>,
) -> Mail {
    let full = phase_report(map, before, lines, adjudication);
    // The public espionage lines and the notes go above the closing
    // "Next phase" line.
    let (mut body, next_line) = match full.rfind("Next phase:") {
        Some(i) => (full[..i].to_string(), full[i..].to_string()),
        None => (full, String::new()),
    };
    if !extra.espionage_public.is_empty() {
        let _ = writeln!(body, "Espionage:");
        for l in extra.espionage_public {
            let _ = writeln!(body, "  {l}");
        }
        let _ = writeln!(body);
    }
    body.push_str(&board_report(map, before, &adjudication.next));
    let _ = writeln!(body);
    // Powers by their display names (`Rome`, not `rome`).
    let names = |list: &[String]| {
        list.iter()
            .map(|p| match map.power_by_name(p) {
                Some(id) => map.power(id).display_name(),
                None => p.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !extra.missed.is_empty() {
        let _ = writeln!(body, "No orders received from: {}", names(extra.missed));
    }
    if !extra.incomplete.is_empty() {
        let _ = writeln!(body, "Orders incomplete from: {}", names(extra.incomplete));
    }
    if !extra.eliminated.is_empty() {
        let _ = writeln!(body, "Eliminated: {}", names(extra.eliminated));
    }
    if !extra.missed.is_empty() || !extra.incomplete.is_empty() || !extra.eliminated.is_empty() {
        let _ = writeln!(body);
    }
    body.push_str(&next_line);
    if let Some(e) = extra.ended {
        let _ = writeln!(body, "The game is over: {e}.");
    }
    if let Some((phase, deadline)) = &extra.next {
        let _ = writeln!(body, "Orders for {phase} are due by {deadline}.");
    }
    Mail {
        subject: format!(
            "dipspy {}: {} results",
            extra.game,
            before.phase.long_name()
        ),
        body,
    }
}

// ------------------------------------------------ SUMMARY (and the last mail)

/// How the players are named in one answer.
pub(crate) struct Names {
    pub(crate) show: bool,
    seen: Vec<String>,
}

impl Names {
    pub(crate) fn new(r: &crate::game::Roster, master: bool) -> Names {
        Names {
            show: master || !r.anonymous || r.status == "finished",
            seen: r.arrivals.clone(),
        }
    }

    pub(crate) fn name(&mut self, email: Option<&str>) -> String {
        let Some(e) = email else {
            return "nobody".into();
        };
        if self.show {
            return e.to_string();
        }
        let n = match self.seen.iter().position(|s| s.eq_ignore_ascii_case(e)) {
            Some(i) => i + 1,
            None => {
                self.seen.push(e.to_string());
                self.seen.len()
            }
        };
        format!("player {n}")
    }

    pub(crate) fn note(&self, r: &crate::game::Roster) -> Option<String> {
        (!self.show).then(|| {
            format!(
                "Game {} is anonymous: its players' addresses are not shown (players are numbered instead).\n",
                r.game
            )
        })
    }
}

/// The SUMMARY text of a game.
pub fn summary_text(r: &crate::game::Roster, master: bool) -> String {
    let mut names = Names::new(r, master);
    let mut t = format!(
        "Summary of game {} ({}, {}):\n",
        r.game, r.variant, r.status
    );
    t.push_str(&players_and_centres(r, &mut names));
    if let Some(n) = names.note(r) {
        t.push('\n');
        t.push_str(&n);
    }
    t
}

/// The part of the last mail of a game that tells who played each power
/// (players numbered in an anonymous game) and the centres year by year
/// (`crate::text::game_over` writes the rest).
pub fn roster_story(roster: &crate::game::Roster) -> String {
    let mut names = Names {
        show: !roster.anonymous,
        seen: roster.arrivals.clone(),
    };
    let mut body = players_and_centres(roster, &mut names);
    if let Some(n) = names.note(roster) {
        body.push('\n');
        body.push_str(&n);
    }
    body
}

/// Who played each power when, then the supply centres by year.
fn players_and_centres(r: &crate::game::Roster, names: &mut Names) -> String {
    let mut t = String::new();
    t.push_str("\nWho played each power when:\n");
    let width = r.powers.iter().map(|p| p.display.len()).max().unwrap_or(0);
    for p in &r.powers {
        let mut parts = Vec::new();
        for s in &p.stints {
            let mut part = names.name(s.email.as_deref());
            match &s.from {
                Some(f) => part.push_str(&format!(" from {f}")),
                None => part.push_str(" from the start"),
            }
            if let Some((phase, how)) = &s.until {
                match phase {
                    Some(ph) => part.push_str(&format!(" until {ph} ({how})")),
                    None => part.push_str(&format!(" until before the start ({how})")),
                }
            }
            parts.push(part);
        }
        if parts.is_empty() {
            parts.push("nobody".into());
        }
        let mut line = format!("  {:<width$}  {}", p.display, parts.join("; "));
        if let Some(e) = &p.eliminated_in {
            line.push_str(&format!("; eliminated in {e}"));
        } else if p.status == "vacant" && p.stints.iter().all(|s| s.until.is_some()) {
            line.push_str("; no player now");
        }
        t.push_str(&line);
        t.push('\n');
    }
    let c = &r.centres;
    if c.rows.is_empty() {
        t.push_str("\nNo phase has been played yet: there are no supply-centre counts.\n");
    } else {
        t.push_str("\nSupply centres:\n");
        let label = c
            .rows
            .iter()
            .map(|(l, _)| l.len())
            .max()
            .unwrap_or(5)
            .max(5);
        let mut head = format!("  {:<label$}", "");
        let cols: Vec<usize> = c.powers.iter().map(|p| p.len().max(3)).collect();
        for (p, w) in c.powers.iter().zip(&cols) {
            head.push_str(&format!(" {p:>w$}"));
        }
        t.push_str(head.trim_end());
        t.push('\n');
        for (l, counts) in &c.rows {
            let mut row = format!("  {l:<label$}");
            for (n, w) in counts.iter().zip(&cols) {
                row.push_str(&format!(" {n:>w$}"));
            }
            t.push_str(&row);
            t.push('\n');
        }
    }
    t
}
