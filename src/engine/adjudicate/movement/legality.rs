//! Which orders the movement adjudicator accepts: the unit exists and is
//! the power's own, and the order is possible on the map (a convoy route
//! can exist). An order that fails is void and the unit holds (DATC 6.A).

use super::{Kind, Mode, Occupants};
use super::{OrderResult, Outcome, unit_text};
use crate::engine::map::{Location, Map, PowerId, ProvinceId, ProvinceKind, ProvinceSet, UnitType};
use crate::engine::order::{Order, UnitRef};
use crate::engine::position::Unit;

/// Finds the unit an order is for, checking it is the ordering power's.
#[inline]
pub(super) fn order_unit(
    map: &Map,
    units: &[Unit],
    unit_at: &Occupants,
    power: PowerId,
    order: &Order,
) -> Result<usize, OrderResult> {
    let Some(unit) = order.unit() else {
        return Err(OrderResult::invalid("not an order for a movement phase"));
    };
    let p = unit.location.province;
    let Some(i) = unit_at.get(p) else {
        return Err(OrderResult::invalid(format!(
            "there is no unit in {}",
            map.province(p).abbr
        )));
    };
    if units[i].power != power {
        return Err(OrderResult::invalid(format!(
            "{} belongs to {}",
            unit_text(map, &units[i]),
            map.power(units[i].power).display_name()
        )));
    }
    if let Some(t) = unit.unit_type
        && t != units[i].unit_type
    {
        return Err(OrderResult::invalid(format!(
            "the unit in {} is {}",
            map.province(p).abbr,
            unit_text(map, &units[i])
        )));
    }
    Ok(i)
}

/// The unit another order names (a supported or convoyed unit).
#[inline]
pub(super) fn named_unit(
    map: &Map,
    units: &[Unit],
    unit_at: &Occupants,
    r: &UnitRef,
) -> Result<usize, String> {
    let p = r.location.province;
    match unit_at.get(p) {
        None => Err(format!("there is no unit in {}", map.province(p).abbr)),
        Some(i) => match r.unit_type {
            Some(t) if t != units[i].unit_type => Err(format!(
                "the unit in {} is {}",
                map.province(p).abbr,
                unit_text(map, &units[i])
            )),
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
    let name = |p: ProvinceId| map.province(p).abbr.clone();
    let invalid = |s: String| Err(OrderResult::invalid(s));
    let void = |s: String| Err(OrderResult::new(Outcome::Void, s));
    match order {
        Order::Hold { .. } => Ok(Kind::Hold),
        Order::Move {
            dest,
            via_convoy,
            route,
            ..
        } => {
            let dp = dest.province;
            if dp == src {
                return invalid("a unit cannot move to the province it is in".into());
            }
            let via = *via_convoy || !route.is_empty();
            match u.unit_type {
                UnitType::Army => {
                    let dkind = map.province(dp).kind;
                    if dkind == ProvinceKind::Sea {
                        return invalid(format!("an army cannot move to {}, a sea", name(dp)));
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
                            invalid(format!(
                                "an army cannot be convoyed from {} to {}",
                                name(src),
                                name(dp)
                            ))
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
                        invalid(format!("{} is not next to {}", name(dp), name(src)))
                    }
                }
                UnitType::Fleet => {
                    if via {
                        return invalid("only armies can be convoyed".into());
                    }
                    if map.province(dp).kind == ProvinceKind::Land {
                        return invalid(format!("a fleet cannot move to {}, inland", name(dp)));
                    }
                    if let Some(why) = super::super::coasts::fleet_coast_error(map, *dest) {
                        return invalid(why);
                    }
                    let reachable = map.fleet_destinations(u.location, dp);
                    let has_coasts = !map.province(dp).coasts.is_empty();
                    let target = match dest.coast {
                        Some(c) if has_coasts => {
                            reachable.iter().copied().find(|l| l.coast == Some(c))
                        }
                        _ if reachable.len() == 1 => Some(reachable[0]),
                        _ => None,
                    };
                    match target {
                        Some(dest) => Ok(Kind::Move {
                            dest,
                            mode: Mode::Land,
                        }),
                        None if reachable.is_empty() => invalid(format!(
                            "a fleet cannot go from {} to {}",
                            map.loc_name(u.location),
                            name(dp)
                        )),
                        None if dest.coast.is_some() => invalid(format!(
                            "a fleet in {} cannot reach {}",
                            map.loc_name(u.location),
                            map.loc_name(*dest)
                        )),
                        None => invalid(format!(
                            "say which coast of {} (for example {})",
                            name(dp),
                            map.loc_name(reachable[0])
                        )),
                    }
                }
            }
        }
        Order::SupportHold { supported, .. } => {
            let tp = supported.location.province;
            if tp == src {
                return invalid("a unit cannot support itself".into());
            }
            if !map.unit_reaches(u.unit_type, u.location, tp) {
                return invalid(format!(
                    "{} cannot reach {}, so it cannot support there",
                    unit_text(map, u),
                    name(tp)
                ));
            }
            match named_unit(map, units, unit_at, supported) {
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
                return invalid("a unit cannot support a move into its own province".into());
            }
            if tp == src {
                return invalid("a unit cannot support its own move".into());
            }
            if tp == dp {
                return invalid("a unit cannot move to the province it is in".into());
            }
            if !map.unit_reaches(u.unit_type, u.location, dp) {
                return invalid(format!(
                    "{} cannot reach {}, so it cannot support a move there",
                    unit_text(map, u),
                    name(dp)
                ));
            }
            match named_unit(map, units, unit_at, supported) {
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
                return invalid("only fleets can convoy".into());
            }
            if !map.seas().contains(src) {
                return invalid("only a fleet at sea can convoy".into());
            }
            match named_unit(map, units, unit_at, army) {
                Ok(a) if units[a].unit_type != UnitType::Army => {
                    invalid("only armies can be convoyed".into())
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
        | Order::Waive => invalid("not an order for a movement phase".into()),
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
    /// Extends a shortcut-free route of seas ending in `last`; `on_route`
    /// holds its seas, `near` the provinces touched by all but the last.
    fn extend(
        map: &Map,
        last: ProvinceId,
        on_route: ProvinceSet,
        near: ProvinceSet,
        (src, dst, sea): (ProvinceId, ProvinceId, ProvinceId),
    ) -> bool {
        let touch = map.fleet_touches(last);
        if touch.contains(dst) {
            return on_route.contains(sea);
        }
        for t in touch.intersection(map.seas()).iter() {
            let shortcut = map.fleet_touches(t).contains(src) || near.contains(t);
            if on_route.contains(t) || shortcut {
                continue;
            }
            let mut next = on_route;
            next.insert(t);
            if extend(map, t, next, near.union(touch), (src, dst, sea)) {
                return true;
            }
        }
        false
    }
    if !map.seas().contains(sea) {
        return false;
    }
    map.seas().iter().any(|s| {
        if !map.fleet_touches(s).contains(src) {
            return false;
        }
        let mut route = ProvinceSet::EMPTY;
        route.insert(s);
        extend(map, s, route, ProvinceSet::EMPTY, (src, dst, sea))
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
) -> Result<(), String> {
    let unit_at = Occupants::new(map, units);
    let i = order_unit(map, units, &unit_at, power, order).map_err(|r| r.reason)?;
    match check_order(map, units, &unit_at, i, order).map_err(|r| r.reason)? {
        Kind::Convoy { army, dest } => {
            let src = units[army].location.province;
            let sea = units[i].location.province;
            if map.province(dest).kind == ProvinceKind::Sea {
                return Err(format!(
                    "an army cannot be convoyed to {}, a sea",
                    map.province(dest).abbr
                ));
            }
            if !on_possible_route(map, src, dest, sea) {
                return Err(format!(
                    "{} cannot be part of any convoy route from {} to {}",
                    unit_text(map, &units[i]),
                    map.province(src).abbr,
                    map.province(dest).abbr
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
