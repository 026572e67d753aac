//! Human-readable reports of an adjudicated phase, as a player would want
//! to read them in a results mail or on the judge's terminal.

use crate::engine::Order;
use crate::engine::PhaseKind;
use crate::engine::Position;
use crate::engine::defaults::{ByDefault, by_default};
use crate::engine::{Adjudication, OrderResult, Outcome, Reason};
use crate::engine::{Map, PowerId};
use crate::game::{
    Board, CentreLine, Centres, Changed, DislodgedLine, OrderLine, PhaseResults, ResultOrders,
};

/// One order line as reported: who gave it, the text, what became of it.
pub struct ReportLine<'a> {
    /// The power that gave the order.
    pub power: PowerId,
    /// The order written back in notation (`A mun - boh`), or the line of a unit given no order (`A mun H (no order)`).
    pub text: &'a str,
    /// What became of it.
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
            (!mine.is_empty()).then(|| ResultOrders {
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

/// The mark after the order of a unit given none (`A mun H (no order)`),
/// as the reports carry it; `crate::text::results` shows it in the
/// reader's words.
pub const NO_ORDER: &str = "(no order)";

/// The units that were given no order in a movement or retreat phase, as
/// report lines of their own (`A mun H (no order)`), so that the results
/// show every unit on the board: a unit without an order holds (and may
/// be dislodged); a dislodged unit without one is disbanded. A unit counts
/// as ordered when its owner ordered it (see
/// [`crate::engine::defaults`]).
pub fn unordered_units(
    map: &Map,
    before: &Position,
    ordered: &[(PowerId, Order)],
    adjudication: &Adjudication,
) -> Vec<(PowerId, String, OrderResult)> {
    by_default(map, before, ordered, adjudication)
        .into_iter()
        .filter_map(|d| match d {
            ByDefault::Held { unit, dislodged } => {
                let result = if dislodged {
                    OrderResult::new(Outcome::Fails, Reason::Dislodged)
                } else {
                    OrderResult::succeeds()
                };
                Some((
                    unit.power,
                    format!("{} H {NO_ORDER}", unit.text(map)),
                    result,
                ))
            }
            ByDefault::Disbanded(unit) => Some((
                unit.power,
                format!("{} {NO_ORDER}", unit.text(map)),
                OrderResult::new(Outcome::Succeeds, Reason::Disbanded),
            )),
            ByDefault::CivilDisorder(_) | ByDefault::BuildsUnused { .. } => None,
        })
        .collect()
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
    /// The subject line.
    pub subject: String,
    /// The text.
    pub body: String,
}
