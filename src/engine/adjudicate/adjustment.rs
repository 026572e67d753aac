//! Adjustment (winter) phase: builds in vacant, owned home centres;
//! removals; waives; and civil disorder for powers that remove too few.
//! A dummy power (DPjudge's `DUMMY`) never builds: its builds are void,
//! and it is never owed any.
//!
//! Civil disorder (2000 rulebook): the units farthest from the power's home
//! centres go first, distance counted in moves through provinces of any
//! kind; at equal distance fleets before armies; then by the province's
//! full English name.

use super::{Adjudication, OrderResult, Reason};
use crate::engine::map::{BuildSites, Location, Map, PowerId, ProvinceId, UnitType};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::{Position, Unit};
use std::collections::VecDeque;

pub(crate) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    let counts = position.adjustments(map);
    let delta = |p: PowerId| counts[p.0 as usize].delta();
    let npowers = map.powers().len();
    let mut used = vec![0i32; npowers];
    let mut results = Vec::with_capacity(orders.len());
    let mut built: Vec<Unit> = Vec::new();
    let mut removed: Vec<usize> = Vec::new();

    for (power, order) in orders {
        let p = power.0 as usize;
        let r = match order {
            Order::Build {
                unit_type,
                location,
            } => match check_build(map, position, &built, *power, *unit_type, *location) {
                Err(e) => OrderResult::invalid(e),
                Ok(_) if delta(*power) <= 0 => OrderResult::invalid(Reason::NoBuilds(*power)),
                Ok(_) if used[p] >= delta(*power) => {
                    OrderResult::invalid(Reason::BuildsOnly(*power, delta(*power) as u32))
                }
                Ok(loc) => {
                    used[p] += 1;
                    built.push(Unit {
                        power: *power,
                        unit_type: *unit_type,
                        location: loc,
                    });
                    OrderResult::succeeds()
                }
            },
            Order::Waive => {
                if delta(*power) <= 0 {
                    OrderResult::invalid(Reason::NoBuildsToWaive(*power))
                } else if used[p] >= delta(*power) {
                    OrderResult::invalid(Reason::BuildsUsed)
                } else {
                    used[p] += 1;
                    OrderResult::succeeds()
                }
            }
            Order::Remove { unit } => {
                let at = unit.location.province;
                let found = position
                    .units
                    .iter()
                    .position(|u| u.location.province == at);
                match found {
                    None => OrderResult::invalid(Reason::NoUnit(at)),
                    Some(i) if position.units[i].power != *power => {
                        OrderResult::invalid(Reason::BelongsTo(position.units[i]))
                    }
                    Some(i)
                        if unit
                            .unit_type
                            .is_some_and(|t| t != position.units[i].unit_type) =>
                    {
                        OrderResult::invalid(Reason::UnitIs(position.units[i]))
                    }
                    Some(_) if delta(*power) >= 0 => {
                        OrderResult::invalid(Reason::NoRemovals(*power))
                    }
                    Some(i) if removed.contains(&i) => OrderResult::invalid(Reason::AlreadyRemoved),
                    Some(_) if used[p] >= -delta(*power) => {
                        OrderResult::invalid(Reason::RemovesOnly(*power, -delta(*power) as u32))
                    }
                    Some(i) => {
                        used[p] += 1;
                        removed.push(i);
                        OrderResult::succeeds()
                    }
                }
            }
            _ => OrderResult::invalid(Reason::NotForPhase(PhaseKind::Adjustment)),
        };
        results.push(r);
    }

    // Civil disorder for powers that removed too few.
    for c in &counts {
        let owed = -c.delta() - used[c.power.0 as usize];
        if c.delta() < 0 && owed > 0 {
            for i in civil_disorder_removals(map, position, c.power, &removed, owed as usize) {
                removed.push(i);
            }
        }
    }

    let mut units: Vec<Unit> = position
        .units
        .iter()
        .enumerate()
        .filter(|(i, _)| !removed.contains(i))
        .map(|(_, u)| *u)
        .collect();
    units.extend(built);
    let mut next = Position {
        phase: position.phase,
        units,
        dislodged: Vec::new(),
        contested: Vec::new(),
        owners: position.owners.clone(),
    };
    next.phase = next.following_phase(map, false);
    next.normalize();
    Adjudication {
        results,
        next,
        dislodged: Vec::new(),
        contested: Vec::new(),
    }
}

/// Checks a build and returns where the unit will stand.
fn check_build(
    map: &Map,
    position: &Position,
    built: &[Unit],
    power: PowerId,
    unit_type: UnitType,
    loc: Location,
) -> Result<Location, Reason> {
    let p = loc.province;
    let prov = map.province(p);
    if map.power(power).dummy {
        return Err(Reason::DummyNeverBuilds(power));
    }
    if !map.build_site(power, p) {
        return Err(match map.builds() {
            BuildSites::Home => Reason::NotHomeCentre(p, power),
            BuildSites::Any => Reason::NotSupplyCentre(p),
        });
    }
    if position.owner(p) != Some(power) {
        return Err(Reason::DoesNotOwn(power, p));
    }
    if position.unit_at(p).is_some() || built.iter().any(|u| u.location.province == p) {
        return Err(Reason::Occupied(p));
    }
    let loc = match unit_type {
        UnitType::Army => Location::new(p),
        UnitType::Fleet if loc.coast.is_none() && !prov.coasts.is_empty() => {
            return Err(Reason::BuildWhichCoast(p, prov.coasts[0]));
        }
        UnitType::Fleet => match super::coasts::fleet_coast_error(map, loc) {
            Some(why) => return Err(Reason::Coast(why)),
            None => loc,
        },
    };
    if !map.can_occupy(unit_type, loc) {
        return Err(match unit_type {
            UnitType::Army => Reason::ArmyCannotBuild(p),
            UnitType::Fleet => Reason::FleetCannotBuild(loc),
        });
    }
    Ok(loc)
}

/// Distance in moves from each province to the nearest of the power's home
/// centres, through provinces of any kind.
fn distances_from_home(map: &Map, power: PowerId) -> Vec<u32> {
    let n = map.provinces().len();
    let mut dist = vec![u32::MAX; n];
    let mut queue = VecDeque::new();
    for h in map.home_centers(power) {
        dist[h.0 as usize] = 0;
        queue.push_back(h);
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[p.0 as usize];
        let mut next: Vec<ProvinceId> = map.army_neighbours(p).to_vec();
        let prov = map.province(p);
        let mut locs = vec![Location::new(p)];
        locs.extend(prov.coasts.iter().map(|&c| Location::with_coast(p, c)));
        for l in locs {
            next.extend(map.fleet_neighbours(l).iter().map(|l| l.province));
        }
        for q in next {
            if dist[q.0 as usize] == u32::MAX {
                dist[q.0 as usize] = d + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

/// The units a power in civil disorder loses, `count` of them, not counting
/// those already removed.
pub(crate) fn civil_disorder_removals(
    map: &Map,
    position: &Position,
    power: PowerId,
    already: &[usize],
    count: usize,
) -> Vec<usize> {
    let dist = distances_from_home(map, power);
    let mut candidates: Vec<usize> = position
        .units
        .iter()
        .enumerate()
        .filter(|(i, u)| u.power == power && !already.contains(i))
        .map(|(i, _)| i)
        .collect();
    candidates.sort_by(|&a, &b| {
        let ua = &position.units[a];
        let ub = &position.units[b];
        let da = dist[ua.location.province.0 as usize];
        let db = dist[ub.location.province.0 as usize];
        db.cmp(&da)
            .then_with(|| (ua.unit_type == UnitType::Army).cmp(&(ub.unit_type == UnitType::Army)))
            .then_with(|| {
                let na = map.province(ua.location.province).name.to_lowercase();
                let nb = map.province(ub.location.province).name.to_lowercase();
                na.cmp(&nb)
            })
    });
    candidates.truncate(count);
    candidates
}
