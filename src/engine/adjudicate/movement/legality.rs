//! Which orders the movement adjudicator accepts: the unit exists and is
//! the power's own, and the order is possible on the map (a convoy route
//! can exist). An order that fails is void and the unit holds (DATC 6.A).

use super::{Kind, Mode, Occupants};
use super::{OrderResult, Outcome};
use crate::engine::adjudicate::Reason;
use crate::engine::map::{Location, Map, PowerId, ProvinceId, ProvinceKind, ProvinceSet, UnitType};
use crate::engine::order::{Order, UnitRef};
use crate::engine::position::Unit;

/// Finds the unit an order is for, checking it is the ordering power's.
#[inline]
pub(super) fn order_unit(
    units: &[Unit],
    unit_at: &Occupants,
    power: PowerId,
    order: &Order,
) -> Result<usize, OrderResult> {
    let Some(unit) = order.unit() else {
        return Err(OrderResult::invalid(Reason::NotForPhase(
            crate::engine::phase::PhaseKind::Movement,
        )));
    };
    let p = unit.location.province;
    let Some(i) = unit_at.get(p) else {
        return Err(OrderResult::invalid(Reason::NoUnit(p)));
    };
    if units[i].power != power {
        return Err(OrderResult::invalid(Reason::BelongsTo(units[i])));
    }
    if let Some(t) = unit.unit_type
        && t != units[i].unit_type
    {
        return Err(OrderResult::invalid(Reason::UnitIs(units[i])));
    }
    Ok(i)
}

/// The unit another order names (a supported or convoyed unit).
#[inline]
pub(super) fn named_unit(
    units: &[Unit],
    unit_at: &Occupants,
    r: &UnitRef,
) -> Result<usize, Reason> {
    let p = r.location.province;
    match unit_at.get(p) {
        None => Err(Reason::NoUnit(p)),
        Some(i) => match r.unit_type {
            Some(t) if t != units[i].unit_type => Err(Reason::UnitIs(units[i])),
            _ => Ok(i),
        },
    }
}

/// Checks one order against the position (adjacency, unit types, coasts).
#[inline]
pub(super) fn check_order(
    map: &Map,
    units: &[Unit],
    unit_at: &Occupants,
    i: usize,
    order: &Order,
) -> Result<Kind, OrderResult> {
    let u = &units[i];
    let src = u.location.province;
    let invalid = |r: Reason| Err(OrderResult::invalid(r));
    let void = |r: Reason| Err(OrderResult::new(Outcome::Void, r));
    match order {
        Order::Hold { .. } => Ok(Kind::Hold),
        Order::Move {
            dest,
            via_convoy,
            route,
            ..
        } => check_move(map, u, *dest, *via_convoy || !route.is_empty()),
        Order::SupportHold { supported, .. } => {
            let tp = supported.location.province;
            if tp == src {
                return invalid(Reason::SupportSelf);
            }
            if !map.unit_reaches(u.unit_type, u.location, tp) {
                return invalid(Reason::CannotReachToSupport {
                    unit: *u,
                    province: tp,
                    moving: false,
                });
            }
            match named_unit(units, unit_at, supported) {
                Ok(target) => Ok(Kind::SupportHold { target }),
                Err(e) => void(e),
            }
        }
        Order::SupportMove {
            supported, dest, ..
        } => {
            let dp = dest.province;
            let tp = supported.location.province;
            if dp == src {
                return invalid(Reason::SupportIntoOwnProvince);
            }
            if tp == src {
                return invalid(Reason::SupportOwnMove);
            }
            if tp == dp {
                return invalid(Reason::MoveToOwnProvince);
            }
            if !map.unit_reaches(u.unit_type, u.location, dp) {
                return invalid(Reason::CannotReachToSupport {
                    unit: *u,
                    province: dp,
                    moving: true,
                });
            }
            match named_unit(units, unit_at, supported) {
                Ok(target) => Ok(Kind::SupportMove {
                    target,
                    dest: dp,
                    coast: dest.coast,
                }),
                Err(e) => void(e),
            }
        }
        Order::Convoy { army, dest, .. } => {
            if u.unit_type != UnitType::Fleet {
                return invalid(Reason::OnlyFleetsConvoy);
            }
            if !map.seas().contains(src) {
                return invalid(Reason::OnlyFleetAtSeaConvoys);
            }
            match named_unit(units, unit_at, army) {
                Ok(a) if units[a].unit_type != UnitType::Army => {
                    invalid(Reason::OnlyArmiesConvoyed)
                }
                Ok(a) => Ok(Kind::Convoy {
                    army: a,
                    dest: dest.province,
                }),
                Err(e) => void(e),
            }
        }
        Order::Retreat { .. }
        | Order::Disband { .. }
        | Order::Build { .. }
        | Order::Remove { .. }
        | Order::Waive => invalid(Reason::NotForPhase(
            crate::engine::phase::PhaseKind::Movement,
        )),
    }
}

/// Checks a move of unit `u` to `dest` (`via`: ordered via convoy, or with
/// a route).
#[inline]
fn check_move(map: &Map, u: &Unit, dest: Location, via: bool) -> Result<Kind, OrderResult> {
    let src = u.location.province;
    let invalid = |r: Reason| Err(OrderResult::invalid(r));

    let dp = dest.province;
    if dp == src {
        return invalid(Reason::MoveToOwnProvince);
    }
    match u.unit_type {
        UnitType::Army => {
            let dkind = map.province(dp).kind;
            if dkind == ProvinceKind::Sea {
                return invalid(Reason::ArmyToSea(dp));
            }
            let coastal = |p: ProvinceId| map.province(p).kind == ProvinceKind::Coast;
            let dest = Location::new(dp);
            if via {
                if coastal(src) && coastal(dp) {
                    Ok(Kind::Move {
                        dest,
                        mode: Mode::Convoy,
                    })
                } else {
                    invalid(Reason::ArmyCannotBeConvoyed { from: src, to: dp })
                }
            } else if map.army_adjacent(src, dp) {
                Ok(Kind::Move {
                    dest,
                    mode: Mode::Land,
                })
            } else if coastal(src) && coastal(dp) {
                Ok(Kind::Move {
                    dest,
                    mode: Mode::Convoy,
                })
            } else {
                invalid(Reason::NotNextTo { dest: dp, src })
            }
        }
        UnitType::Fleet => {
            if via {
                return invalid(Reason::OnlyArmiesConvoyed);
            }
            if map.province(dp).kind == ProvinceKind::Land {
                return invalid(Reason::FleetInland(dp));
            }
            if let Some(why) = super::super::coasts::fleet_coast_error(map, dest) {
                return invalid(Reason::Coast(why));
            }
            // The locations of `dp` the fleet can move to, read from its
            // neighbours where needed rather than gathered.
            let reachable = || {
                map.fleet_neighbours(u.location)
                    .iter()
                    .copied()
                    .filter(move |l| l.province == dp)
            };
            let first = reachable().next();
            let has_coasts = !map.province(dp).coasts.is_empty();
            let target = match dest.coast {
                Some(c) if has_coasts => reachable().find(|l| l.coast == Some(c)),
                _ if reachable().nth(1).is_none() => first,
                _ => None,
            };
            match (target, first) {
                (Some(dest), _) => Ok(Kind::Move {
                    dest,
                    mode: Mode::Land,
                }),
                (None, None) => invalid(Reason::FleetCannotGo {
                    from: u.location,
                    to: dp,
                }),
                (None, Some(_)) if dest.coast.is_some() => invalid(Reason::FleetCannotReach {
                    from: u.location,
                    to: dest,
                }),
                (None, Some(example)) => invalid(Reason::WhichCoast {
                    province: dp,
                    example,
                }),
            }
        }
    }
}

/// Whether a fleet in `sea` could be part of a convoy from `src` to `dst`
/// on this map: some route of seas from `src` to `dst` through `sea` with
/// no shortcut (no sea of it is needless). An order to convoy that could
/// never be part of such a route shows no intent (DATC 6.G.7, 6.G.19).
#[inline]
pub(crate) fn on_possible_route(
    map: &Map,
    src: ProvinceId,
    dst: ProvinceId,
    sea: ProvinceId,
) -> bool {
    let mut one = ProvinceSet::EMPTY;
    one.insert(sea);
    route_through_any(map, src, dst, one)
}

/// Whether a fleet in any of `fleets` could be part of a convoy from `src`
/// to `dst` ([`on_possible_route`] for each, in one search: the routes
/// searched do not depend on where the fleets are, only the answer at a
/// route's end does).
pub(super) fn route_through_any(
    map: &Map,
    src: ProvinceId,
    dst: ProvinceId,
    fleets: ProvinceSet,
) -> bool {
    /// Extends a shortcut-free route of seas ending in `last`; `on_route`
    /// holds its seas, `near` the provinces touched by all but the last.
    fn extend(
        map: &Map,
        last: ProvinceId,
        on_route: ProvinceSet,
        near: ProvinceSet,
        (src, dst, fleets): (ProvinceId, ProvinceId, ProvinceSet),
    ) -> bool {
        let touch = map.fleet_touches(last);
        if touch.contains(dst) {
            return !on_route.intersection(fleets).is_empty();
        }
        for t in touch.intersection(map.seas()).iter() {
            let shortcut = map.fleet_touches(t).contains(src) || near.contains(t);
            if on_route.contains(t) || shortcut {
                continue;
            }
            let mut next = on_route;
            next.insert(t);
            if extend(map, t, next, near.union(touch), (src, dst, fleets)) {
                return true;
            }
        }
        false
    }
    let fleets = fleets.intersection(map.seas());
    if fleets.is_empty() {
        return false;
    }
    map.seas().iter().any(|s| {
        if !map.fleet_touches(s).contains(src) {
            return false;
        }
        let mut route = ProvinceSet::EMPTY;
        route.insert(s);
        extend(map, s, route, ProvinceSet::EMPTY, (src, dst, fleets))
    })
}

/// Checks one order of a movement phase as it arrives, before any other
/// order is known: the checks above, plus the two a lone order allows
/// (a supported or convoyed unit must exist and have the type written,
/// and a convoying fleet must lie on some route of the army's move). The
/// `Err` says why the order could never be carried out.
pub(crate) fn check_arrival(
    map: &Map,
    units: &[Unit],
    power: PowerId,
    order: &Order,
) -> Result<(), Reason> {
    let unit_at = Occupants::new(map, units);
    let i = order_unit(units, &unit_at, power, order).map_err(|r| r.reason)?;
    match check_order(map, units, &unit_at, i, order).map_err(|r| r.reason)? {
        Kind::Convoy { army, dest } => {
            let src = units[army].location.province;
            let sea = units[i].location.province;
            if map.province(dest).kind == ProvinceKind::Sea {
                return Err(Reason::ConvoyToSea(dest));
            }
            if !on_possible_route(map, src, dest, sea) {
                return Err(Reason::NotOnConvoyRoute {
                    fleet: units[i],
                    from: src,
                    to: dest,
                });
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
