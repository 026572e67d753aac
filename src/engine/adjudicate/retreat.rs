//! Retreat phase: each dislodged unit retreats to a free province it may
//! reach, or is disbanded. Two retreats to one province both fail and both
//! units are disbanded; a unit with no (valid) order is disbanded.

use super::{Adjudication, OrderResult, Outcome, Reason, RetreatBar, supersede};
use crate::engine::map::{Location, Map, PowerId, ProvinceSet, UnitType};
use crate::engine::order::Order;
use crate::engine::phase::{PhaseKind, Season};
use crate::engine::position::{Position, Unit};

pub(crate) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    let occupied = occupied_provinces(position);
    let options: Vec<Vec<Location>> = position
        .dislodged
        .iter()
        .map(|d| super::movement::retreat_options(map, d, &occupied, &position.contested))
        .collect();

    // Which dislodged unit each order is for.
    let (mut results, keys) = claims(position, orders);
    let line_of = supersede(&keys, position.dislodged.len(), &mut results);

    // Each unit's retreat destination, if its order is valid.
    let mut target: Vec<Option<(usize, Location)>> = vec![None; position.dislodged.len()];
    for li in 0..orders.len() {
        let Some(di) = keys[li] else { continue };
        if line_of[di] != Some(li) {
            continue;
        }
        let dest = match &orders[li].1 {
            Order::Retreat { dest, .. } | Order::Move { dest, .. } => *dest,
            _ => {
                results[li] = Some(OrderResult::new(Outcome::Succeeds, Reason::Disbanded));
                continue;
            }
        };
        match retreat_place(map, position, &occupied, (di, &options[di]), dest) {
            Ok(loc) => target[di] = Some((li, loc)),
            Err(r) => results[li] = Some(r),
        }
    }

    let units = carry_out_retreats(position, &target, &mut results);
    Adjudication {
        results: results
            .into_iter()
            .map(|r| r.expect("every order has a result"))
            .collect(),
        next: next_position(map, position, units),
        dislodged: Vec::new(),
        contested: Vec::new(),
    }
}

/// Which provinces hold a unit that was not dislodged.
fn occupied_provinces(position: &Position) -> ProvinceSet {
    let mut occupied = ProvinceSet::EMPTY;
    for u in &position.units {
        occupied.insert(u.location.province);
    }
    occupied
}

/// Where dislodged unit `di` (which may retreat to `options`) goes when
/// ordered to `dest`, or the result of an order that cannot be carried
/// out (the unit is disbanded).
fn retreat_place(
    map: &Map,
    position: &Position,
    occupied: &ProvinceSet,
    (di, options): (usize, &[Location]),
    dest: Location,
) -> Result<Location, OrderResult> {
    let opts: Vec<Location> = options
        .iter()
        .copied()
        .filter(|l| l.province == dest.province)
        .collect();
    let d = &position.dislodged[di];
    if d.unit.unit_type == UnitType::Fleet
        && let Some(why) = super::coasts::fleet_coast_error(map, dest)
    {
        return Err(OrderResult::invalid(Reason::ThenDisbanded(Box::new(
            Reason::Coast(why),
        ))));
    }
    let chosen = match dest.coast {
        Some(c) if !map.province(dest.province).coasts.is_empty() => {
            opts.iter().copied().find(|l| l.coast == Some(c))
        }
        _ if opts.len() == 1 => Some(opts[0]),
        _ => None,
    };
    match chosen {
        Some(loc) => Ok(loc),
        None if opts.len() > 1 => Err(OrderResult::invalid(Reason::ThenDisbanded(Box::new(
            Reason::RetreatWhichCoast(dest.province),
        )))),
        None => {
            let why = if Some(dest.province) == d.attacked_from {
                RetreatBar::AttackerCameFrom
            } else if occupied.contains(dest.province) {
                RetreatBar::Occupied
            } else if position.contested.contains(&dest.province) {
                RetreatBar::Standoff
            } else {
                RetreatBar::Unreachable
            };
            Err(OrderResult::invalid(Reason::ThenDisbanded(Box::new(
                Reason::CannotRetreat { to: dest, why },
            ))))
        }
    }
}

/// Moves each unit whose retreat no other unit's shares to its place (two
/// retreats to one province both fail); the units on the board after.
fn carry_out_retreats(
    position: &Position,
    target: &[Option<(usize, Location)>],
    results: &mut [Option<OrderResult>],
) -> Vec<Unit> {
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
    units
}

/// The position after the retreats: `units` on the board, centres owned
/// anew after a Fall, in the phase that follows.
fn next_position(map: &Map, position: &Position, units: Vec<Unit>) -> Position {
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
    next
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
