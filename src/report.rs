//! Human-readable reports of an adjudicated phase, as a player would want
//! to read them in a results mail or on the judge's terminal.

use crate::engine::adjudicate::{Adjudication, OrderResult, Outcome, Reason};
use crate::engine::map::{Map, PowerId, ProvinceId};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::Position;
use crate::game::reports::{
    Board, CentreLine, Centres, Changed, DislodgedLine, OrderLine, PhaseResults, PowerOrders,
};

/// One order line as reported: who gave it, the text, what became of it.
pub struct ReportLine<'a> {
    pub power: PowerId,
    pub text: &'a str,
    pub result: &'a OrderResult,
}

/// The results of one phase: orders by power with their outcomes,
/// dislodged units with their retreats, standoffs, supply centres and the
/// next phase, in English.
pub fn phase_report(
    map: &Map,
    before: &Position,
    lines: &[ReportLine<'_>],
    adjudication: &Adjudication,
) -> String {
    let r = phase_results(map, before, lines, adjudication);
    crate::text::results::phase_report(crate::text::Lang::En, &r)
}

/// The results of one phase as data (see [`phase_report`]).
pub fn phase_results(
    map: &Map,
    before: &Position,
    lines: &[ReportLine<'_>],
    adjudication: &Adjudication,
) -> PhaseResults {
    let orders = map
        .powers()
        .iter()
        .filter_map(|power| {
            let mine: Vec<OrderLine> = lines
                .iter()
                .filter(|l| l.power == power.id)
                .map(|l| OrderLine {
                    order: l.text.to_string(),
                    outcome: l.result.outcome.as_str().to_string(),
                    reason: (!l.result.reason.is_none())
                        .then(|| crate::text::reason::coded(map, &l.result.reason)),
                })
                .collect();
            (!mine.is_empty()).then(|| PowerOrders {
                power: power.display_name(),
                lines: mine,
            })
        })
        .collect();
    let dislodged = adjudication
        .dislodged
        .iter()
        .map(|d| {
            let u = &d.dislodged.unit;
            DislodgedLine {
                adjective: map.power(u.power).adjective.clone(),
                power: map.power(u.power).name.clone(),
                unit: u.text(map),
                from: d
                    .dislodged
                    .attacked_from
                    .map(|p| map.province(p).abbr.clone()),
                retreats: d.retreats.iter().map(|l| map.loc_name(*l)).collect(),
            }
        })
        .collect();
    PhaseResults {
        phase: before.phase.to_string(),
        map: map.name.clone(),
        orders,
        dislodged,
        standoffs: adjudication
            .contested
            .iter()
            .map(|p| map.province(*p).abbr.clone())
            .collect(),
        centres: centres(map, before, &adjudication.next),
        next_phase: adjudication.next.phase.to_string(),
    }
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
/// results alone, in English (see [`board`]).
pub fn board_report(map: &Map, before: &Position, after: &Position) -> String {
    crate::text::results::board(crate::text::Lang::En, &board(map, before, after))
}

/// The whole board after a phase as data: each power's units, the
/// centres that changed hands and, before a winter, how many builds or
/// removals each power has.
pub fn board(map: &Map, before: &Position, after: &Position) -> Board {
    let units = map
        .powers()
        .iter()
        .map(|power| {
            let units: Vec<String> = after.units_of(power.id).map(|u| u.text(map)).collect();
            (power.display_name(), units)
        })
        .filter(|(_, units)| !units.is_empty())
        .collect();
    let changed = map
        .supply_centers()
        .filter(|&c| after.owner(c) != before.owner(c))
        .map(|c| Changed {
            province: map.province(c).abbr.clone(),
            to: after.owner(c).map(|p| map.power(p).display_name()),
            from: before.owner(c).map(|p| map.power(p).display_name()),
        })
        .collect();
    let adjustments = (after.phase.kind == PhaseKind::Adjustment).then(|| {
        let counts = after
            .adjustments(map)
            .iter()
            .filter(|a| a.delta() != 0)
            .map(|a| (map.power(a.power).display_name(), a.delta()))
            .collect();
        (after.phase.to_string(), counts)
    });
    Board {
        units,
        changed,
        adjustments,
    }
}

/// Supply-centre ownership by power, with changes since `before`, in
/// English (see [`centres`]).
pub fn centers_report(map: &Map, before: &Position, after: &Position) -> String {
    crate::text::results::centres(crate::text::Lang::En, &centres(map, before, after))
}

/// Supply-centre ownership by power as data, each centre marked when it
/// is new since `before`.
pub fn centres(map: &Map, before: &Position, after: &Position) -> Centres {
    let lines = map
        .powers()
        .iter()
        .filter_map(|power| {
            let owned = after.centers_of(power.id);
            let units = after.units_of(power.id).count();
            if owned.is_empty() && units == 0 {
                return None;
            }
            let centres = owned
                .iter()
                .map(|p| {
                    (
                        map.province(*p).abbr.clone(),
                        before.owner(*p) != Some(power.id),
                    )
                })
                .collect();
            Some(CentreLine {
                power: power.display_name(),
                centres,
                units,
            })
        })
        .collect();
    let newly_taken = map
        .supply_centers()
        .any(|c| before.owner(c).is_some() && after.owner(c) != before.owner(c));
    Centres { lines, newly_taken }
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

// ------------------------------------------------ SUMMARY (and the last mail)

/// How the players are named in one answer.
pub(crate) struct Names {
    pub(crate) show: bool,
    seen: Vec<String>,
}

impl Names {
    pub(crate) fn new(r: &crate::game::Roster, master: bool) -> Names {
        Names {
            show: master || !r.anonymous || r.status == crate::game::GameStatus::Finished,
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
        } else if p.status == crate::game::PowerStatus::Vacant
            && p.stints.iter().all(|s| s.until.is_some())
        {
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
