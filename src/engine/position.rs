//! A position: everything on the board at the start of a phase.

use crate::engine::map::{Location, Map, PowerId, ProvinceId, UnitType};
use crate::engine::phase::{Phase, PhaseKind, Season};

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    pub power: PowerId,
    pub unit_type: UnitType,
    pub location: Location,
}

impl Unit {
    /// `A par`, `F stp/sc`. Built by hand, not with `format!`: the
    /// adjudicator names units in its reasons, and this is on its hot path.
    pub fn text(&self, map: &Map) -> String {
        let abbr = &map.province(self.location.province).abbr;
        let mut s = String::with_capacity(abbr.len() + 5);
        s.push(self.unit_type.letter());
        s.push(' ');
        s.push_str(abbr);
        if let Some(c) = self.location.coast {
            s.push('/');
            s.push_str(c.abbr());
        }
        s
    }
}

/// A unit dislodged in the movement phase, waiting to retreat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DislodgedUnit {
    pub unit: Unit,
    /// The province the dislodging unit came from; `None` when it came by
    /// convoy (the dislodged unit may then retreat there).
    pub attacked_from: Option<ProvinceId>,
}

/// The state of the board at the start of a phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub phase: Phase,
    /// Units on the board (dislodged units are not here).
    pub units: Vec<Unit>,
    /// Retreat phase: the units that must retreat or disband.
    pub dislodged: Vec<DislodgedUnit>,
    /// Retreat phase: provinces left empty by a standoff, where nobody may
    /// retreat.
    pub contested: Vec<ProvinceId>,
    /// Supply-centre ownership, indexed by province (`None` for unowned
    /// centres and for provinces that are not centres).
    pub owners: Vec<Option<PowerId>>,
}

/// How many builds (positive) or removals (negative) a power has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjustmentCount {
    pub power: PowerId,
    pub centers: usize,
    pub units: usize,
}

impl AdjustmentCount {
    pub fn delta(&self) -> i32 {
        self.centers as i32 - self.units as i32
    }
}

impl Position {
    /// The opening position of a game on this map.
    pub fn initial(map: &Map, year: u16) -> Position {
        let mut owners = vec![None; map.provinces().len()];
        for p in map.provinces() {
            if p.supply_center {
                owners[p.id.0 as usize] = p.home;
            }
        }
        let mut units: Vec<Unit> = map
            .start_units()
            .iter()
            .map(|s| Unit {
                power: s.power,
                unit_type: s.unit_type,
                location: s.location,
            })
            .collect();
        units.sort_by_key(|u| (u.power, u.location));
        Position {
            phase: Phase::first(year),
            units,
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners,
        }
    }

    /// An empty board in the given phase with the map's starting ownership.
    pub fn empty(map: &Map, phase: Phase) -> Position {
        let mut p = Position::initial(map, phase.year);
        p.phase = phase;
        p.units.clear();
        p
    }

    /// The unit standing in a province, if any.
    pub fn unit_at(&self, p: ProvinceId) -> Option<&Unit> {
        self.units.iter().find(|u| u.location.province == p)
    }

    pub fn owner(&self, p: ProvinceId) -> Option<PowerId> {
        self.owners.get(p.0 as usize).copied().flatten()
    }

    /// The centres a power owns, in map order.
    pub fn centers_of(&self, power: PowerId) -> Vec<ProvinceId> {
        self.owners
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(power))
            .map(|(i, _)| ProvinceId(i as u8))
            .collect()
    }

    /// The power that has won: it owns at least the map's winning number
    /// of centres (18 of 34 on the standard map), and more than any other.
    pub fn winner(&self, map: &Map) -> Option<PowerId> {
        let mut count = vec![0usize; map.powers().len()];
        for o in self.owners.iter().flatten() {
            count[o.0 as usize] += 1;
        }
        let best = *count.iter().max()?;
        let mut leaders = (0..count.len()).filter(|&i| count[i] == best);
        let first = leaders.next()?;
        (best >= map.victory() && leaders.next().is_none()).then_some(PowerId(first as u8))
    }

    pub fn units_of(&self, power: PowerId) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.power == power)
    }

    /// Builds or removals owed to each power (only those with a non-zero
    /// balance, or with units or centres at all).
    pub fn adjustments(&self, map: &Map) -> Vec<AdjustmentCount> {
        map.powers()
            .iter()
            .map(|p| AdjustmentCount {
                power: p.id,
                centers: self.centers_of(p.id).len(),
                units: self.units_of(p.id).count(),
            })
            .collect()
    }

    /// Whether an adjustment phase has anything to do: some power may build
    /// (and has a free home centre to build in) or must remove.
    pub fn needs_adjustment(&self, map: &Map) -> bool {
        let n = map.powers().len();
        let mut delta = vec![0i32; n];
        for o in self.owners.iter().flatten() {
            delta[o.0 as usize] += 1;
        }
        for u in &self.units {
            delta[u.power.0 as usize] -= 1;
        }
        let mut occupied = vec![false; self.owners.len()];
        for u in &self.units {
            occupied[u.location.province.0 as usize] = true;
        }
        map.powers().iter().any(|p| {
            let d = delta[p.id.0 as usize];
            d < 0
                || (d > 0
                    && map
                        .build_sites(p.id)
                        .any(|h| self.owner(h) == Some(p.id) && !occupied[h.0 as usize]))
        })
    }

    /// Gives each occupied supply centre to the occupying power: done when
    /// a Fall season ends.
    pub fn update_ownership(&mut self, map: &Map) {
        for u in &self.units {
            let p = u.location.province;
            if map.province(p).supply_center {
                self.owners[p.0 as usize] = Some(u.power);
            }
        }
    }

    /// Sorts units into a canonical order (by power, then location) so that
    /// equal positions compare equal.
    pub fn normalize(&mut self) {
        let key = |u: &Unit| (u.power.0, u.location.province.0);
        if !self.units.is_sorted_by_key(key) {
            self.units.sort_unstable_by_key(key);
        }
        self.dislodged
            .sort_by_key(|d| (d.unit.power, d.unit.location));
        self.contested.sort();
        self.contested.dedup();
    }

    /// The phase that follows this one given what the adjudication left:
    /// retreats only when units were dislodged, adjustments only when
    /// something is to adjust.
    pub fn following_phase(&self, map: &Map, has_dislodged: bool) -> Phase {
        let mut next = self.phase.next();
        loop {
            match next.kind {
                PhaseKind::Retreat if !has_dislodged => next = next.next(),
                PhaseKind::Adjustment if !self.needs_adjustment(map) => next = next.next(),
                _ => return next,
            }
            if next.season == Season::Spring && next.kind == PhaseKind::Movement {
                return next;
            }
        }
    }
}
