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
use crate::engine::order::{Order, UnitRef};
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
    let mut t = Tally {
        used: vec![0i32; map.powers().len()],
        built: Vec::new(),
        removed: Vec::new(),
    };
    let mut results = Vec::with_capacity(orders.len());
    for (power, order) in orders {
        let r = match order {
            Order::Build {
                unit_type,
                location,
            } => t.build(
                map,
                position,
                *power,
                (*unit_type, *location),
                delta(*power),
            ),
            Order::Waive => t.waive(*power, delta(*power)),
            Order::Remove { unit } => t.remove(position, *power, unit, delta(*power)),
            _ => OrderResult::invalid(Reason::NotForPhase(PhaseKind::Adjustment)),
        };
        results.push(r);
    }

    // Civil disorder for powers that removed too few.
    for c in &counts {
        let owed = -c.delta() - t.used[c.power.0 as usize];
        if c.delta() < 0 && owed > 0 {
            for i in civil_disorder_removals(map, position, c.power, &t.removed, owed as usize) {
                t.removed.push(i);
            }
        }
    }

    Adjudication {
        results,
        next: t.next_position(map, position),
        dislodged: Vec::new(),
        contested: Vec::new(),
    }
}

/// The builds, waives and removals of an adjustment phase taken so far.
struct Tally {
    /// Builds (with waives) or removals taken, per power.
    used: Vec<i32>,
    /// The units built.
    built: Vec<Unit>,
    /// The units removed (indices in the position's units).
    removed: Vec<usize>,
}

impl Tally {
    /// A build by `power`, which may build `delta` units (none when not
    /// positive): checked, and taken when it may be.
    fn build(
        &mut self,
        map: &Map,
        position: &Position,
        power: PowerId,
        (unit_type, location): (UnitType, Location),
        delta: i32,
    ) -> OrderResult {
        let p = power.0 as usize;
        match check_build(map, position, &self.built, power, unit_type, location) {
            Err(e) => OrderResult::invalid(e),
            Ok(_) if delta <= 0 => OrderResult::invalid(Reason::NoBuilds(power)),
            Ok(_) if self.used[p] >= delta => {
                OrderResult::invalid(Reason::BuildsOnly(power, delta as u32))
            }
            Ok(loc) => {
                self.used[p] += 1;
                self.built.push(Unit {
                    power,
                    unit_type,
                    location: loc,
                });
                OrderResult::succeeds()
            }
        }
    }

    /// A build waived by `power`, which may build `delta` units.
    fn waive(&mut self, power: PowerId, delta: i32) -> OrderResult {
        let p = power.0 as usize;
        if delta <= 0 {
            OrderResult::invalid(Reason::NoBuildsToWaive(power))
        } else if self.used[p] >= delta {
            OrderResult::invalid(Reason::BuildsUsed)
        } else {
            self.used[p] += 1;
            OrderResult::succeeds()
        }
    }

    /// A removal by `power`, which must remove `-delta` units (none when
    /// `delta` is not negative): checked, and taken when it may be.
    fn remove(
        &mut self,
        position: &Position,
        power: PowerId,
        unit: &UnitRef,
        delta: i32,
    ) -> OrderResult {
        let p = power.0 as usize;
        let at = unit.location.province;
        let found = position
            .units
            .iter()
            .position(|u| u.location.province == at);
        match found {
            None => OrderResult::invalid(Reason::NoUnit(at)),
            Some(i) if position.units[i].power != power => {
                OrderResult::invalid(Reason::BelongsTo(position.units[i]))
            }
            Some(i)
                if unit
                    .unit_type
                    .is_some_and(|t| t != position.units[i].unit_type) =>
            {
                OrderResult::invalid(Reason::UnitIs(position.units[i]))
            }
            Some(_) if delta >= 0 => OrderResult::invalid(Reason::NoRemovals(power)),
            Some(i) if self.removed.contains(&i) => OrderResult::invalid(Reason::AlreadyRemoved),
            Some(_) if self.used[p] >= -delta => {
                OrderResult::invalid(Reason::RemovesOnly(power, -delta as u32))
            }
            Some(i) => {
                self.used[p] += 1;
                self.removed.push(i);
                OrderResult::succeeds()
            }
        }
    }

    /// The position after the phase: the units not removed and the units
    /// built, in the phase that follows.
    fn next_position(self, map: &Map, position: &Position) -> Position {
        let mut units: Vec<Unit> = position
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.removed.contains(i))
            .map(|(_, u)| *u)
            .collect();
        units.extend(self.built);
        let mut next = Position {
            phase: position.phase,
            units,
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners: position.owners.clone(),
        };
        next.phase = next.following_phase(map, false);
        next.normalize();
        next
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
