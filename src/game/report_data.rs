//! The reports of an adjudicated phase as data, made from the engine's
//! adjudication: the orders with their results, the board and the supply
//! centres (their types are in `reports`, the words in `crate::text`).

use super::{
    Board, CentreLine, Centres, Changed, DislodgedLine, OrderLine, PhaseResults, ResultOrders,
};
use crate::engine::PhaseKind;
use crate::engine::{Adjudication, Map, Position};
use crate::report::ReportLine;

/// The results of one phase as data (`text::results` words it).
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
                        .then(|| super::codes::reason::coded(map, &l.result.reason)),
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
