//! A position: everything on the board at the start of a phase.

use crate::engine::map::{Location, Map, PowerId, ProvinceId, UnitType};
use crate::engine::phase::{Phase, PhaseKind, Season};
use std::fmt;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    /// The power the unit belongs to.
    pub power: PowerId,
    /// Army or fleet.
    pub unit_type: UnitType,
    /// Where the unit stands (with its coast, for a fleet on a split coast).
    pub location: Location,
}

impl Unit {
    /// `A par`, `F stp/sc`.
    pub fn text(&self, map: &Map) -> String {
        self.named(map).to_string()
    }

    /// The unit's name as something to format: `A par`, `F stp/sc`. The
    /// adjudicator names units in its reasons on its hot path, and writing
    /// the name straight into the reason saves building a string for it.
    pub fn named<'m>(&self, map: &'m Map) -> UnitName<'m> {
        UnitName {
            letter: self.unit_type.letter(),
            abbr: &map.province(self.location.province).abbr,
            coast: self.location.coast.map(|c| c.abbr()),
        }
    }
}

/// A unit's name, written when formatted (see [`Unit::named`]).
#[derive(Clone, Copy, Debug)]
pub struct UnitName<'m> {
    letter: char,
    abbr: &'m str,
    coast: Option<&'static str>,
}

impl fmt::Display for UnitName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.letter)?;
        f.write_char(' ')?;
        f.write_str(self.abbr)?;
        if let Some(c) = self.coast {
            f.write_char('/')?;
            f.write_str(c)?;
        }
        Ok(())
    }
}

/// A unit dislodged in the movement phase, waiting to retreat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DislodgedUnit {
    /// The dislodged unit, where it stood.
    pub unit: Unit,
    /// The province the dislodging unit came from; `None` when it came by
    /// convoy (the dislodged unit may then retreat there).
    pub attacked_from: Option<ProvinceId>,
}

/// The state of the board at the start of a phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The phase this is the start of.
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

    /// The unit standing in a province, if any. In a retreat phase this
    /// is the unit that dislodged the one there; an order names the
    /// dislodged one ([`Position::ordered_unit`]).
    pub fn unit_at(&self, p: ProvinceId) -> Option<&Unit> {
        self.units.iter().find(|u| u.location.province == p)
    }

    /// The unit dislodged from a province (retreat phase), if any.
    pub fn dislodged_at(&self, p: ProvinceId) -> Option<&DislodgedUnit> {
        self.dislodged
            .iter()
            .find(|d| d.unit.location.province == p)
    }

    /// The unit an order of this phase names at province `p`: in a
    /// retreat phase the unit dislodged from `p` (the unit standing there
    /// dislodged it and takes no order this phase), in any other phase the
    /// unit standing there. Every look-up of "the unit at `p`" made for an
    /// order (its type for a coast, its owner, its name in a view) asks
    /// this.
    pub fn ordered_unit(&self, p: ProvinceId) -> Option<&Unit> {
        match self.phase.kind {
            PhaseKind::Retreat => self.dislodged_at(p).map(|d| &d.unit),
            PhaseKind::Movement | PhaseKind::Adjustment => self.unit_at(p),
        }
    }

    /// The power that owns the supply centre in `p`; none when it is unowned or not a centre.
    pub fn owner(&self, p: ProvinceId) -> Option<PowerId> {
        self.owners.get(p.0 as usize).copied().flatten()
    }

    /// The centres a power owns, in map order.
    pub fn centers_of(&self, power: PowerId) -> Vec<ProvinceId> {
        self.owners
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(power))
            .map(|(i, _)| ProvinceId(i as u16))
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

    /// The units of one power on the board (dislodged units not included).
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
        sort_units(&mut self.units);
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

/// Sorts units by power, then province. After a movement phase the units
/// are still grouped by power and only a few are out of place within their
/// power, so an insertion sort does little work there; the adjudicator
/// calls this every phase.
fn sort_units(units: &mut [Unit]) {
    let key = |u: &Unit| (u32::from(u.power.0) << 16) | u32::from(u.location.province.0);
    if units.len() > 64 {
        units.sort_unstable_by_key(key);
        return;
    }
    for i in 1..units.len() {
        let u = units[i];
        let k = key(&u);
        let mut j = i;
        while j > 0 && key(&units[j - 1]) > k {
            units[j] = units[j - 1];
            j -= 1;
        }
        units[j] = u;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator: the test needs shuffled units, not
    /// good randomness.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// `normalize` orders units by power, then province, whatever order
    /// they come in: short lists (the insertion sort) and long ones.
    #[test]
    fn sort_units_orders_by_power_then_province() {
        let mut rng = Rng(7);
        for len in [0usize, 1, 2, 22, 34, 64, 65, 200] {
            for _ in 0..50 {
                let mut units: Vec<Unit> = (0..len)
                    .map(|i| Unit {
                        power: PowerId((rng.below(7)) as u8),
                        unit_type: if i % 2 == 0 {
                            UnitType::Army
                        } else {
                            UnitType::Fleet
                        },
                        location: Location::new(ProvinceId(rng.below(512) as u16)),
                    })
                    .collect();
                let mut expected = units.clone();
                expected.sort_by_key(|u| (u.power, u.location.province));
                sort_units(&mut units);
                let keys = |v: &[Unit]| -> Vec<(u8, u16)> {
                    v.iter()
                        .map(|u| (u.power.0, u.location.province.0))
                        .collect()
                };
                assert_eq!(keys(&units), keys(&expected), "{len} units");
            }
        }
    }
}
