//! Retreat phase: each dislodged unit retreats to a free province it may
//! reach, or is disbanded. Two retreats to one province both fail and both
//! units are disbanded; a unit with no (valid) order is disbanded.

use super::{Adjudication, OrderResult, Outcome, Reason, RetreatBar, supersede};
use crate::engine::map::{Location, Map, PowerId, UnitType};
use crate::engine::order::Order;
use crate::engine::phase::{PhaseKind, Season};
use crate::engine::position::{Position, Unit};

pub(crate) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    let mut occupied = vec![false; map.provinces().len()];
    for u in &position.units {
        occupied[u.location.province.0 as usize] = true;
    }
    let options: Vec<Vec<Location>> = position
        .dislodged
        .iter()
        .map(|d| super::movement::retreat_options(map, d, &occupied, &position.contested))
        .collect();

    // Which dislodged unit each order is for.
    let (mut results, keys) = claims(position, orders);
    let live = supersede(&keys, position.dislodged.len(), &mut results);

    // Each unit's retreat destination, if its order is valid.
    let mut target: Vec<Option<(usize, Location)>> = vec![None; position.dislodged.len()];
    for li in 0..orders.len() {
        let (Some(di), true) = (keys[li], live[li]) else {
            continue;
        };
        let dest = match &orders[li].1 {
            Order::Retreat { dest, .. } | Order::Move { dest, .. } => *dest,
            _ => {
                results[li] = Some(OrderResult::new(Outcome::Succeeds, Reason::Disbanded));
                continue;
            }
        };
        let opts: Vec<Location> = options[di]
            .iter()
            .copied()
            .filter(|l| l.province == dest.province)
            .collect();
        let d = &position.dislodged[di];
        if d.unit.unit_type == UnitType::Fleet
            && let Some(why) = super::coasts::fleet_coast_error(map, dest)
        {
            results[li] = Some(OrderResult::invalid(Reason::ThenDisbanded(Box::new(
                Reason::Coast(why),
            ))));
            continue;
        }
        let chosen = match dest.coast {
            Some(c) if !map.province(dest.province).coasts.is_empty() => {
                opts.iter().copied().find(|l| l.coast == Some(c))
            }
            _ if opts.len() == 1 => Some(opts[0]),
            _ => None,
        };
        match chosen {
            Some(loc) => target[di] = Some((li, loc)),
            None if opts.len() > 1 => {
                results[li] = Some(OrderResult::invalid(Reason::ThenDisbanded(Box::new(
                    Reason::RetreatWhichCoast(dest.province),
                ))))
            }
            None => {
                let d = &position.dislodged[di];
                let why = if Some(dest.province) == d.attacked_from {
                    RetreatBar::AttackerCameFrom
                } else if occupied[dest.province.0 as usize] {
                    RetreatBar::Occupied
                } else if position.contested.contains(&dest.province) {
                    RetreatBar::Standoff
                } else {
                    RetreatBar::Unreachable
                };
                results[li] = Some(OrderResult::invalid(Reason::ThenDisbanded(Box::new(
                    Reason::CannotRetreat { to: dest, why },
                ))));
            }
        }
    }

    let mut units: Vec<Unit> = position.units.clone();
    for di in 0..target.len() {
        let Some((li, loc)) = target[di] else {
            continue;
        };
        let rivals: Vec<usize> = (0..target.len())
            .filter(|&o| o != di && target[o].is_some_and(|(_, l)| l.province == loc.province))
            .collect();
        if rivals.is_empty() {
            results[li] = Some(OrderResult::succeeds());
            units.push(Unit {
                location: loc,
                ..position.dislodged[di].unit
            });
        } else {
            let other = &position.dislodged[rivals[0]].unit;
            results[li] = Some(OrderResult::fails(Reason::RetreatBounced(*other)));
        }
    }

    let mut next = Position {
        phase: position.phase,
        units,
        dislodged: Vec::new(),
        contested: Vec::new(),
        owners: position.owners.clone(),
    };
    if position.phase.season == Season::Fall {
        next.update_ownership(map);
    }
    next.phase = next.following_phase(map, false);
    next.normalize();
    Adjudication {
        results: results
            .into_iter()
            .map(|r| r.expect("every order has a result"))
            .collect(),
        next,
        dislodged: Vec::new(),
        contested: Vec::new(),
    }
}

/// Which dislodged unit each order is for (`None`: none, and the order's
/// result already says why).
#[allow(clippy::type_complexity)]
fn claims(
    position: &Position,
    orders: &[(PowerId, Order)],
) -> (Vec<Option<OrderResult>>, Vec<Option<usize>>) {
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    let mut keys: Vec<Option<usize>> = vec![None; orders.len()];
    for (li, (power, order)) in orders.iter().enumerate() {
        let found = match order.unit() {
            Some(r)
                if matches!(
                    order,
                    Order::Retreat { .. } | Order::Disband { .. } | Order::Move { .. }
                ) =>
            {
                position
                    .dislodged
                    .iter()
                    .position(|d| d.unit.location.province == r.location.province)
            }
            _ => {
                results[li] = Some(OrderResult::invalid(Reason::NotForPhase(
                    PhaseKind::Retreat,
                )));
                continue;
            }
        };
        match found {
            None => {
                results[li] = Some(OrderResult::invalid(Reason::NoDislodgedUnit(
                    order.unit().expect("checked").location.province,
                )))
            }
            Some(di)
                if order
                    .unit()
                    .and_then(|r| r.unit_type)
                    .is_some_and(|t| t != position.dislodged[di].unit.unit_type) =>
            {
                results[li] = Some(OrderResult::invalid(Reason::DislodgedUnitIs(
                    position.dislodged[di].unit,
                )))
            }
            Some(di) if position.dislodged[di].unit.power != *power => {
                results[li] = Some(OrderResult::invalid(Reason::DislodgedBelongsTo(
                    position.dislodged[di].unit,
                )))
            }
            Some(di) => keys[li] = Some(di),
        }
    }
    (results, keys)
}
