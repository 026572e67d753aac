//! Seeded random positions, orders and whole games, for the differential
//! test and the benchmarks.
//!
//! Nothing here is part of a real game: it produces plausible (and, on
//! purpose, sometimes implausible) material for testing the adjudicator.
//! Everything is deterministic for a given seed and free of I/O.
//!
//! * [`Generator::movement_position`] builds a mid-game board: units in
//!   clusters so that many are in contact, centres owned mostly by their
//!   occupiers.
//! * [`Generator::orders`] writes one phase's orders: moves towards
//!   enemies and centres, supports of the moves and holds actually
//!   ordered, convoys along chains of fleets, circular movement, attacks
//!   on one's own units, and a share of illegal or mismatched orders.
//! * [`simulate_game`] plays a whole random game from the opening.
//! * [`paradox_heavy`] is a fixed position full of convoy paradoxes,
//!   circular movement and swaps, for the benchmarks.

#![allow(dead_code)]

use dipspy::engine::adjudicate;
use dipspy::engine::{Location, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use dipspy::engine::{Order, UnitRef};
use dipspy::engine::{Phase, PhaseKind, Season};
use dipspy::engine::{Position, Unit};
use std::collections::VecDeque;

/// A small, fast, seedable random number generator (SplitMix64).
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `percent` / 100.
    pub(crate) fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// A random element (`None` for an empty slice).
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[self.below(items.len())])
        }
    }
}

/// What the generator decided a unit does, before it is written as an
/// [`Order`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Hold,
    Move(Location),
    Convoyed(ProvinceId),
    Convoy(usize, ProvinceId),
    Support,
}

/// Writes positions and orders for one map. Build once, use many times.
pub(crate) struct Generator<'m> {
    map: &'m Map,
    /// Per province: every province a unit of some kind there can reach.
    near: Vec<Vec<ProvinceId>>,
    /// Per province: its locations (the coasts of a split-coast province,
    /// else the province itself).
    locs: Vec<Vec<Location>>,
}

impl<'m> Generator<'m> {
    pub(crate) fn new(map: &'m Map) -> Generator<'m> {
        let n = map.provinces().len();
        let mut near = vec![Vec::new(); n];
        let mut locs = vec![Vec::new(); n];
        for p in map.provinces() {
            let i = p.id.0 as usize;
            locs[i] = p.locations();
            let mut v: Vec<ProvinceId> = map.army_neighbours(p.id).to_vec();
            for l in locs[i].iter().chain(std::iter::once(&Location::new(p.id))) {
                v.extend(map.fleet_neighbours(*l).iter().map(|l| l.province));
            }
            v.sort();
            v.dedup();
            near[i] = v;
        }
        Generator { map, near, locs }
    }

    pub(crate) fn map(&self) -> &'m Map {
        self.map
    }

    fn kind(&self, p: ProvinceId) -> ProvinceKind {
        self.map.province(p).kind
    }

    /// A random location for a unit of this type in province `p`, if the
    /// type can stand there.
    fn place(&self, rng: &mut Rng, p: ProvinceId, t: UnitType) -> Option<Location> {
        match (t, self.kind(p)) {
            (UnitType::Army, ProvinceKind::Sea) | (UnitType::Fleet, ProvinceKind::Land) => None,
            (UnitType::Army, _) => Some(Location::new(p)),
            (UnitType::Fleet, _) => rng.pick(&self.locs[p.0 as usize]),
        }
    }

    /// A crowded mid-game movement position: 18 to 34 units in clusters of
    /// two or three powers each, centres owned mostly by their occupiers.
    pub(crate) fn movement_position(&self, rng: &mut Rng) -> Position {
        let map = self.map;
        let season = if rng.percent(50) {
            Season::Spring
        } else {
            Season::Fall
        };
        let phase = Phase::new(season, 1902 + rng.below(14) as u16, PhaseKind::Movement);
        let mut pos = Position::empty(map, phase);
        let nprov = map.provinces().len();
        let npow = map.powers().len();
        let target = 18 + rng.below(17);
        let mut taken = vec![false; nprov];
        let mut guard = 0;
        while pos.units.len() < target && guard < 200 {
            guard += 1;
            let start = ProvinceId(rng.below(nprov) as u16);
            let powers = [
                PowerId(rng.below(npow) as u8),
                PowerId(rng.below(npow) as u8),
                PowerId(rng.below(npow) as u8),
            ];
            let size = 3 + rng.below(6);
            // Breadth-first from `start`, taking most free provinces met.
            let mut queue = VecDeque::from([start]);
            let mut seen = vec![false; nprov];
            seen[start.0 as usize] = true;
            let mut placed = 0;
            while let Some(p) = queue.pop_front() {
                if placed >= size || pos.units.len() >= target {
                    break;
                }
                if !taken[p.0 as usize] && rng.percent(75) {
                    let t = match self.kind(p) {
                        ProvinceKind::Land => UnitType::Army,
                        ProvinceKind::Sea => UnitType::Fleet,
                        ProvinceKind::Coast if rng.percent(55) => UnitType::Army,
                        ProvinceKind::Coast => UnitType::Fleet,
                    };
                    let location = self.place(rng, p, t).expect("type fits the province");
                    let power = powers[rng.below(if placed < 2 { 2 } else { 3 })];
                    pos.units.push(Unit {
                        power,
                        unit_type: t,
                        location,
                    });
                    taken[p.0 as usize] = true;
                    placed += 1;
                }
                for &q in &self.near[p.0 as usize] {
                    if !seen[q.0 as usize] {
                        seen[q.0 as usize] = true;
                        queue.push_back(q);
                    }
                }
            }
        }
        for p in map.supply_centers() {
            let i = p.0 as usize;
            let occupant = pos.unit_at(p).map(|u| u.power);
            pos.owners[i] = match occupant {
                Some(o) if rng.percent(70) => Some(o),
                _ if rng.percent(40) => pos.owners[i],
                _ if rng.percent(60) => Some(PowerId(rng.below(npow) as u8)),
                _ => None,
            };
        }
        pos.normalize();
        pos
    }

    /// A winter position with adjustments to make: a random mid-game
    /// board whose centres have just changed hands (ownership follows the
    /// occupiers, as at the end of a Fall).
    pub(crate) fn adjustment_position(&self, rng: &mut Rng) -> Position {
        let mut pos = self.movement_position(rng);
        pos.update_ownership(self.map);
        pos.phase = Phase::new(Season::Winter, pos.phase.year, PhaseKind::Adjustment);
        pos
    }

    /// One phase's orders for this position, in a random submission order.
    pub(crate) fn orders(&self, pos: &Position, rng: &mut Rng) -> Vec<(PowerId, Order)> {
        let mut orders = match pos.phase.kind {
            PhaseKind::Movement => self.movement_orders(pos, rng),
            PhaseKind::Retreat => self.retreat_orders(pos, rng),
            PhaseKind::Adjustment => self.adjustment_orders(pos, rng),
        };
        // Shuffle, keeping each unit's orders in relative order (the later
        // of two orders to one unit is the one that counts).
        for i in (1..orders.len()).rev() {
            let j = rng.below(i + 1);
            let ui = orders[i].1.unit().map(|u| u.location.province);
            let uj = orders[j].1.unit().map(|u| u.location.province);
            if ui.is_none() || ui != uj {
                orders.swap(i, j);
            }
        }
        orders
    }

    fn unit_ref(&self, rng: &mut Rng, u: &Unit) -> UnitRef {
        let t = if rng.percent(92) {
            Some(u.unit_type)
        } else {
            None
        };
        UnitRef::new(t, u.location)
    }

    /// Where a unit may move in one step (coasts included for fleets).
    fn steps(&self, u: &Unit) -> Vec<Location> {
        match u.unit_type {
            UnitType::Army => self
                .map
                .army_neighbours(u.location.province)
                .iter()
                .map(|&p| Location::new(p))
                .collect(),
            UnitType::Fleet => self.map.fleet_neighbours(u.location).to_vec(),
        }
    }

    /// Orders for a movement phase, planned in steps: a ring of units
    /// moving round, convoys, moves, supports of what was planned, then
    /// the orders written (some odd) and a few stray ones.
    fn movement_orders(&self, pos: &Position, rng: &mut Rng) -> Vec<(PowerId, Order)> {
        let units = &pos.units;
        let n = units.len();
        let mut unit_at = vec![None; self.map.provinces().len()];
        for (i, u) in units.iter().enumerate() {
            unit_at[u.location.province.0 as usize] = Some(i);
        }
        let mut plan = vec![Plan::Hold; n];
        let mut fixed = vec![false; n];
        self.plan_ring(units, &unit_at, rng, &mut plan, &mut fixed);
        self.plan_convoys(units, &unit_at, rng, &mut plan, &mut fixed);
        self.plan_moves(pos, &unit_at, rng, &mut plan, &fixed);
        let support_of = self.plan_supports(units, rng, &mut plan, &fixed);
        let mut out = self.write_orders(pos, rng, &plan, &support_of);

        // A few orders that should not be there at all.
        let extra = rng.below(3);
        for _ in 0..extra {
            if let Some(o) = self.stray_order(rng, pos) {
                out.push(o);
            }
        }
        out
    }

    /// Circular movement: a ring of units each moving into the next.
    fn plan_ring(
        &self,
        units: &[Unit],
        unit_at: &[Option<usize>],
        rng: &mut Rng,
        plan: &mut [Plan],
        fixed: &mut [bool],
    ) {
        let n = units.len();
        if n > 0 && rng.percent(35) {
            let first = rng.below(n);
            let mut ring = vec![first];
            'grow: for _ in 0..4 {
                let last = *ring.last().expect("non-empty");
                let mut next: Vec<(usize, Location)> = self
                    .steps(&units[last])
                    .into_iter()
                    .filter_map(|l| unit_at[l.province.0 as usize].map(|j| (j, l)))
                    .filter(|(j, _)| !ring[1..].contains(j))
                    .collect();
                if let Some(&(_, l)) = next.iter().find(|(j, _)| *j == first)
                    && ring.len() >= 3
                {
                    for w in 0..ring.len() {
                        let to = if w + 1 < ring.len() {
                            units[ring[w + 1]].location
                        } else {
                            l
                        };
                        let dest = self
                            .steps(&units[ring[w]])
                            .into_iter()
                            .find(|s| s.province == to.province)
                            .expect("a step of the ring");
                        plan[ring[w]] = Plan::Move(dest);
                        fixed[ring[w]] = true;
                    }
                    break 'grow;
                }
                next.retain(|(j, _)| *j != first);
                match rng.pick(&next) {
                    Some((j, _)) => ring.push(j),
                    None => break,
                }
            }
        }
    }

    /// Convoys: an army on a coast, a chain of fleets at sea.
    fn plan_convoys(
        &self,
        units: &[Unit],
        unit_at: &[Option<usize>],
        rng: &mut Rng,
        plan: &mut [Plan],
        fixed: &mut [bool],
    ) {
        let n = units.len();
        for a in 0..n {
            if fixed[a]
                || units[a].unit_type != UnitType::Army
                || self.kind(units[a].location.province) != ProvinceKind::Coast
                || !rng.percent(30)
            {
                continue;
            }
            if let Some((dest, chain)) = self.convoy_chain(rng, units, unit_at, fixed, a) {
                plan[a] = Plan::Convoyed(dest);
                fixed[a] = true;
                for f in chain {
                    plan[f] = Plan::Convoy(a, dest);
                    fixed[f] = true;
                }
            }
        }
    }

    /// Moves: towards foreign units and centres not owned.
    fn plan_moves(
        &self,
        pos: &Position,
        unit_at: &[Option<usize>],
        rng: &mut Rng,
        plan: &mut [Plan],
        fixed: &[bool],
    ) {
        let (map, units) = (self.map, &pos.units);
        let n = units.len();
        for i in 0..n {
            if fixed[i] || !rng.percent(55) {
                continue;
            }
            let steps = self.steps(&units[i]);
            let me = units[i].power;
            let good: Vec<Location> = steps
                .iter()
                .copied()
                .filter(|l| {
                    let p = l.province;
                    unit_at[p.0 as usize].is_some_and(|j| units[j].power != me)
                        || (map.province(p).supply_center && pos.owner(p) != Some(me))
                })
                .collect();
            let dest = if !good.is_empty() && rng.percent(70) {
                rng.pick(&good)
            } else {
                rng.pick(&steps)
            };
            if let Some(d) = dest {
                plan[i] = Plan::Move(d);
            }
        }
    }

    /// Supports of what was really ordered, mostly one's own: for each
    /// supporting unit, the unit supported and whether its coast is left out.
    fn plan_supports(
        &self,
        units: &[Unit],
        rng: &mut Rng,
        plan: &mut [Plan],
        fixed: &[bool],
    ) -> Vec<Option<(usize, bool)>> {
        let map = self.map;
        let n = units.len();
        let mut support_of: Vec<Option<(usize, bool)>> = vec![None; n];
        for i in 0..n {
            if fixed[i] || matches!(plan[i], Plan::Move(_)) || !rng.percent(70) {
                continue;
            }
            let me = &units[i];
            let cands: Vec<usize> = (0..n)
                .filter(|&j| j != i)
                .filter(|&j| {
                    let target = match plan[j] {
                        Plan::Move(d) => d.province,
                        Plan::Convoyed(d) => d,
                        _ => units[j].location.province,
                    };
                    target != me.location.province
                        && map.unit_reaches(me.unit_type, me.location, target)
                })
                .collect();
            let own: Vec<usize> = cands
                .iter()
                .copied()
                .filter(|&j| units[j].power == me.power)
                .collect();
            let pick = if !own.is_empty() && rng.percent(75) {
                rng.pick(&own)
            } else {
                rng.pick(&cands)
            };
            if let Some(j) = pick {
                plan[i] = Plan::Support;
                support_of[i] = Some((j, rng.percent(3)));
            }
        }
        support_of
    }

    /// The orders as planned, now and then an odd one or none.
    fn write_orders(
        &self,
        pos: &Position,
        rng: &mut Rng,
        plan: &[Plan],
        support_of: &[Option<(usize, bool)>],
    ) -> Vec<(PowerId, Order)> {
        let units = &pos.units;
        let n = units.len();
        let mut out = Vec::with_capacity(n + 4);
        for i in 0..n {
            let u = &units[i];
            if rng.percent(4) {
                continue; // no order: the unit holds
            }
            let unit = self.unit_ref(rng, u);
            let order = if rng.percent(5) {
                self.odd_order(rng, pos, i)
            } else {
                match plan[i] {
                    Plan::Hold => Order::Hold { unit },
                    Plan::Move(dest) => {
                        // Now and then a fleet leaves out a coast that the
                        // map makes obvious.
                        let dest = if dest.coast.is_some() && rng.percent(3) {
                            Location::new(dest.province)
                        } else {
                            dest
                        };
                        Order::Move {
                            unit,
                            dest,
                            via_convoy: false,
                            route: Vec::new(),
                        }
                    }
                    Plan::Convoyed(dest) => {
                        let via = rng.percent(50);
                        Order::Move {
                            unit,
                            dest: Location::new(dest),
                            via_convoy: via,
                            route: Vec::new(),
                        }
                    }
                    Plan::Convoy(a, dest) => Order::Convoy {
                        unit,
                        army: UnitRef::new(Some(UnitType::Army), units[a].location),
                        dest: Location::new(dest),
                    },
                    Plan::Support => {
                        let (j, drop_coast) = support_of[i].expect("support planned");
                        let supported = self.unit_ref(rng, &units[j]);
                        match plan[j] {
                            Plan::Move(d) => Order::SupportMove {
                                unit,
                                supported,
                                dest: if drop_coast {
                                    Location::new(d.province)
                                } else {
                                    d
                                },
                            },
                            Plan::Convoyed(d) => Order::SupportMove {
                                unit,
                                supported,
                                dest: Location::new(d),
                            },
                            _ => Order::SupportHold { unit, supported },
                        }
                    }
                }
            };
            out.push((u.power, order));
        }
        out
    }

    /// A chain of fleets at sea from army `a`'s coast to another coast;
    /// returns the destination and the fleets.
    fn convoy_chain(
        &self,
        rng: &mut Rng,
        units: &[Unit],
        unit_at: &[Option<usize>],
        fixed: &[bool],
        a: usize,
    ) -> Option<(ProvinceId, Vec<usize>)> {
        let map = self.map;
        let src = units[a].location.province;
        let fleet_at_sea = |p: ProvinceId| {
            unit_at[p.0 as usize].filter(|&f| {
                units[f].unit_type == UnitType::Fleet
                    && self.kind(p) == ProvinceKind::Sea
                    && !fixed[f]
            })
        };
        let nprov = map.provinces().len();
        let mut parent: Vec<Option<ProvinceId>> = vec![None; nprov];
        let mut seen = vec![false; nprov];
        let mut queue = VecDeque::new();
        for &q in &self.near[src.0 as usize] {
            if fleet_at_sea(q).is_some() {
                seen[q.0 as usize] = true;
                queue.push_back(q);
            }
        }
        let mut ends: Vec<(ProvinceId, ProvinceId)> = Vec::new();
        while let Some(s) = queue.pop_front() {
            for &q in &self.near[s.0 as usize] {
                if q != src && self.kind(q) == ProvinceKind::Coast {
                    ends.push((q, s));
                }
                if !seen[q.0 as usize] && fleet_at_sea(q).is_some() {
                    seen[q.0 as usize] = true;
                    parent[q.0 as usize] = Some(s);
                    queue.push_back(q);
                }
            }
        }
        let (dest, last) = rng.pick(&ends)?;
        let mut chain = Vec::new();
        let mut s = Some(last);
        while let Some(p) = s {
            chain.push(fleet_at_sea(p).expect("a fleet on the chain"));
            s = parent[p.0 as usize];
        }
        Some((dest, chain))
    }

    /// An order for unit `i` that is illegal, mismatched or odd.
    fn odd_order(&self, rng: &mut Rng, pos: &Position, i: usize) -> Order {
        let map = self.map;
        let u = &pos.units[i];
        let unit = UnitRef::new(Some(u.unit_type), u.location);
        let nprov = map.provinces().len();
        let any = ProvinceId(rng.below(nprov) as u16);
        let other = pos.units[rng.below(pos.units.len())];
        match rng.below(9) {
            // A move anywhere at all (mostly not adjacent).
            0 => Order::Move {
                unit,
                dest: Location::new(any),
                via_convoy: false,
                route: Vec::new(),
            },
            // A move by convoy that nobody convoys.
            1 => Order::Move {
                unit,
                dest: Location::new(any),
                via_convoy: true,
                route: Vec::new(),
            },
            // A support of a move nobody ordered.
            2 => Order::SupportMove {
                unit,
                supported: UnitRef::new(Some(other.unit_type), other.location),
                dest: Location::new(any),
            },
            // A support of a unit somewhere else entirely.
            3 => Order::SupportHold {
                unit,
                supported: UnitRef::new(Some(other.unit_type), other.location),
            },
            // A convoy from anywhere (fleets on coasts, armies...).
            4 => Order::Convoy {
                unit,
                army: UnitRef::new(Some(UnitType::Army), other.location),
                dest: Location::new(any),
            },
            // The wrong unit type.
            5 => {
                let wrong = match u.unit_type {
                    UnitType::Army => UnitType::Fleet,
                    UnitType::Fleet => UnitType::Army,
                };
                Order::Hold {
                    unit: UnitRef::new(Some(wrong), u.location),
                }
            }
            // A move to the province it is in.
            6 => Order::Move {
                unit,
                dest: u.location,
                via_convoy: false,
                route: Vec::new(),
            },
            // An order of another phase.
            7 => Order::Disband { unit },
            // Support of its own hold.
            _ => Order::SupportHold {
                unit,
                supported: unit,
            },
        }
    }

    /// An order for a unit that does not exist or is not the writer's, or
    /// an order of another phase.
    fn stray_order(&self, rng: &mut Rng, pos: &Position) -> Option<(PowerId, Order)> {
        let map = self.map;
        let npow = map.powers().len();
        let power = PowerId(rng.below(npow) as u8);
        let any = ProvinceId(rng.below(map.provinces().len()) as u16);
        match rng.below(3) {
            0 => Some((
                power,
                Order::Hold {
                    unit: UnitRef::new(None, Location::new(any)),
                },
            )),
            1 => {
                let u = rng.pick(&pos.units)?;
                let dest = rng.pick(&self.steps(&u))?;
                Some((
                    power,
                    Order::Move {
                        unit: UnitRef::new(Some(u.unit_type), u.location),
                        dest,
                        via_convoy: false,
                        route: Vec::new(),
                    },
                ))
            }
            _ => Some((power, Order::Waive)),
        }
    }

    fn retreat_orders(&self, pos: &Position, rng: &mut Rng) -> Vec<(PowerId, Order)> {
        let mut occupied = vec![false; self.map.provinces().len()];
        for u in &pos.units {
            occupied[u.location.province.0 as usize] = true;
        }
        let mut out = Vec::new();
        for d in &pos.dislodged {
            let u = d.unit;
            let unit = self.unit_ref(rng, &u);
            let roll = rng.below(100);
            if roll < 8 {
                continue;
            }
            if roll < 20 {
                out.push((u.power, Order::Disband { unit }));
                continue;
            }
            let steps = self.steps(&u);
            let free: Vec<Location> = steps
                .iter()
                .copied()
                .filter(|l| {
                    !occupied[l.province.0 as usize]
                        && Some(l.province) != d.attacked_from
                        && !pos.contested.contains(&l.province)
                })
                .collect();
            let dest = if rng.percent(85) && !free.is_empty() {
                rng.pick(&free)
            } else {
                rng.pick(&steps)
            };
            if let Some(dest) = dest {
                out.push((u.power, Order::Retreat { unit, dest }));
            }
        }
        // Now and then, an order for a unit that was not dislodged.
        if rng.percent(10)
            && let Some(u) = rng.pick(&pos.units)
            && let Some(dest) = rng.pick(&self.steps(&u))
        {
            out.push((
                u.power,
                Order::Retreat {
                    unit: UnitRef::new(Some(u.unit_type), u.location),
                    dest,
                },
            ));
        }
        out
    }

    fn adjustment_orders(&self, pos: &Position, rng: &mut Rng) -> Vec<(PowerId, Order)> {
        let map = self.map;
        let mut out = Vec::new();
        for a in pos.adjustments(map) {
            let d = a.delta();
            if d > 0 {
                let mut free: Vec<ProvinceId> = map
                    .build_sites(a.power)
                    .filter(|&h| pos.owner(h) == Some(a.power) && pos.unit_at(h).is_none())
                    .collect();
                for _ in 0..d {
                    let roll = rng.below(100);
                    if roll < 8 {
                        out.push((a.power, Order::Waive));
                        continue;
                    }
                    if roll < 16 || free.is_empty() {
                        continue;
                    }
                    let k = rng.below(free.len());
                    let p = free.swap_remove(k);
                    let t = match self.kind(p) {
                        ProvinceKind::Land if rng.percent(95) => UnitType::Army,
                        ProvinceKind::Coast if rng.percent(50) => UnitType::Army,
                        _ => UnitType::Fleet,
                    };
                    // A fleet in a split-coast centre needs its coast; now
                    // and then it is left out.
                    let location = match self.place(rng, p, t) {
                        Some(l) if l.coast.is_some() && rng.percent(10) => Location::new(p),
                        Some(l) => l,
                        None => Location::new(p),
                    };
                    out.push((
                        a.power,
                        Order::Build {
                            unit_type: t,
                            location,
                        },
                    ));
                }
            } else if d < 0 {
                let mut mine: Vec<Unit> = pos.units_of(a.power).copied().collect();
                for _ in 0..-d {
                    if mine.is_empty() || rng.percent(15) {
                        continue;
                    }
                    let k = rng.below(mine.len());
                    let u = mine.swap_remove(k);
                    out.push((
                        a.power,
                        Order::Remove {
                            unit: self.unit_ref(rng, &u),
                        },
                    ));
                }
            }
        }
        // Stray orders: a build in someone else's centre, a removal of a
        // foreign unit, a movement order.
        if rng.percent(15) {
            let power = PowerId(rng.below(map.powers().len()) as u8);
            let sc: Vec<ProvinceId> = map.supply_centers().collect();
            match rng.below(3) {
                0 => {
                    if let Some(p) = rng.pick(&sc) {
                        out.push((
                            power,
                            Order::Build {
                                unit_type: UnitType::Army,
                                location: Location::new(p),
                            },
                        ));
                    }
                }
                1 => {
                    if let Some(u) = rng.pick(&pos.units) {
                        out.push((
                            power,
                            Order::Remove {
                                unit: UnitRef::new(Some(u.unit_type), u.location),
                            },
                        ));
                    }
                }
                _ => {
                    if let Some(u) = rng.pick(&pos.units) {
                        out.push((
                            u.power,
                            Order::Hold {
                                unit: UnitRef::new(Some(u.unit_type), u.location),
                            },
                        ));
                    }
                }
            }
        }
        out
    }
}

/// What [`simulate_game`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameSummary {
    /// Phases adjudicated (movement, retreat and adjustment).
    pub(crate) phases: usize,
    /// The position the game stopped at.
    pub(crate) last: Position,
    /// A power with the map's winning number of centres, if the game
    /// ended so.
    pub(crate) winner: Option<PowerId>,
}

/// Plays a random game from the opening until `last_year` is over or a
/// power owns the centres that win on this map.
pub(crate) fn simulate_game(map: &Map, seed: u64, last_year: u16) -> GameSummary {
    let generator = Generator::new(map);
    let mut rng = Rng::new(seed);
    let mut pos = Position::initial(map, map.first_year());
    let mut phases = 0;
    loop {
        if let Some(w) = pos.winner(map) {
            return GameSummary {
                phases,
                last: pos,
                winner: Some(w),
            };
        }
        if pos.phase.year > last_year {
            return GameSummary {
                phases,
                last: pos,
                winner: None,
            };
        }
        let orders = generator.orders(&pos, &mut rng);
        pos = adjudicate(map, &pos, &orders).next;
        phases += 1;
    }
}

/// Unit on the board, for building fixed positions: `u(map, "england",
/// "F lon")`.
fn fixed_unit(map: &Map, power: &str, unit: &str) -> Unit {
    let (unit_type, location) = map.parse_unit(unit).expect("a unit of the map");
    Unit {
        power: map.power_by_name(power).expect("a power of the map"),
        unit_type,
        location,
    }
}

/// A fixed movement position full of hard cases, each in its own corner
/// of the board: convoy paradoxes (one settled by the Szykman rule, one
/// where the convoyed army attacks a supporting unit), circular movement
/// with and without a convoy, a swap by convoy, beleaguered garrisons and
/// supported head-to-head battles.
pub(crate) fn paradox_heavy(map: &Map) -> (Position, Vec<(PowerId, Order)>) {
    let loc = |s: &str| map.parse_location(s).expect("a location of the map");
    let mut units = Vec::new();
    let mut orders = Vec::new();
    let mut add = |power: &str, unit: &str, order: &dyn Fn(UnitRef) -> Order| {
        let u = fixed_unit(map, power, unit);
        units.push(u);
        orders.push((u.power, order(UnitRef::new(Some(u.unit_type), u.location))));
    };
    let mv = |to: Location| {
        move |unit| Order::Move {
            unit,
            dest: to,
            via_convoy: false,
            route: Vec::new(),
        }
    };
    let via = |to: Location| {
        move |unit| Order::Move {
            unit,
            dest: to,
            via_convoy: true,
            route: Vec::new(),
        }
    };
    let sup = |t: UnitType, from: Location, to: Location| {
        move |unit| Order::SupportMove {
            unit,
            supported: UnitRef::new(Some(t), from),
            dest: to,
        }
    };
    let hold_sup = |t: UnitType, at: Location| {
        move |unit| Order::SupportHold {
            unit,
            supported: UnitRef::new(Some(t), at),
        }
    };
    let con = |from: Location, to: Location| {
        move |unit| Order::Convoy {
            unit,
            army: UnitRef::new(Some(UnitType::Army), from),
            dest: to,
        }
    };
    use UnitType::{Army as A, Fleet as F};

    // The Channel: a convoyed army attacks the unit supporting an attack
    // on its convoy (a simple convoy paradox).
    add("england", "F lon", &sup(F, loc("wal"), loc("eng")));
    add("england", "F wal", &mv(loc("eng")));
    add("france", "A bre", &mv(loc("lon")));
    add("france", "F eng", &con(loc("bre"), loc("lon")));
    // The Tyrrhenian: the same paradox, the army by explicit convoy.
    add("austria", "A tun", &via(loc("nap")));
    add("austria", "F tys", &con(loc("tun"), loc("nap")));
    add("italy", "F nap", &sup(F, loc("rom"), loc("tys")));
    add("italy", "F rom", &mv(loc("tys")));
    // Anatolia: three units in a circle.
    add("turkey", "F ank", &mv(loc("con")));
    add("turkey", "A con", &mv(loc("smy")));
    add("turkey", "A smy", &mv(loc("ank")));
    // Scandinavia: a swap, one side by convoy.
    add("england", "A nwy", &mv(loc("swe")));
    add("england", "F ska", &con(loc("nwy"), loc("swe")));
    add("russia", "A swe", &mv(loc("nwy")));
    // The Baltic coast: a circle through a convoy.
    add("germany", "A kie", &mv(loc("ber")));
    add("germany", "A ber", &mv(loc("pru")));
    add("germany", "A pru", &mv(loc("lvn")));
    add("germany", "A lvn", &via(loc("kie")));
    add("germany", "F bal", &con(loc("lvn"), loc("kie")));
    // Central Europe: supported head-to-head battles and a standoff.
    add("austria", "A boh", &mv(loc("mun")));
    add("austria", "A tyr", &sup(A, loc("boh"), loc("mun")));
    add("germany", "A mun", &mv(loc("boh")));
    add("germany", "A sil", &sup(A, loc("mun"), loc("boh")));
    add("russia", "A gal", &mv(loc("boh")));
    add("russia", "A vie", &sup(A, loc("gal"), loc("boh")));
    // The Balkans: a beleaguered garrison.
    add("austria", "A ser", &hold_sup(A, loc("bul")));
    add("turkey", "A bul", &|unit| Order::Hold { unit });
    add("russia", "A rum", &mv(loc("bul")));
    add("russia", "F bla", &sup(A, loc("rum"), loc("bul")));
    add("italy", "A gre", &mv(loc("bul")));
    add("italy", "F aeg", &sup(A, loc("gre"), loc("bul")));
    // The west: an attack on one's own unit with foreign support.
    add("france", "A par", &mv(loc("bur")));
    add("france", "A bur", &|unit| Order::Hold { unit });
    add("germany", "A ruh", &sup(A, loc("par"), loc("bur")));

    let mut pos = Position::initial(map, 1905);
    pos.phase = Phase::new(Season::Fall, 1905, PhaseKind::Movement);
    pos.units = units;
    pos.normalize();
    (pos, orders)
}
