//! Human-readable reports of an adjudicated phase, as a player would want
//! to read them in a results mail or on the judge's terminal.

use crate::adjudicate::{Adjudication, OrderResult, Outcome};
use crate::map::{Map, PowerId, ProvinceId};
use crate::position::Position;
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
                Outcome::Succeeds if l.result.reason.is_empty() => "succeeds".to_string(),
                o if l.result.reason.is_empty() => o.to_string(),
                o => format!("{o}: {}", l.result.reason),
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
