//! The decisions themselves, after Kruijswijk: each unit's decisions are
//! resolved in turn, guessing and backtracking through cycles and
//! paradoxes as the module documentation above describes.

use super::{Adjudication, OrderResult, Reason, RetreatOptions};
use super::{Decision, Kind, Mode, Occupants, Resolver, State, retreat_options};
use crate::engine::map::{Map, PowerId, ProvinceId, ProvinceSet};
use crate::engine::order::Order;
use crate::engine::phase::Season;
use crate::engine::position::{DislodgedUnit, Position, Unit};

/// Lists of unit indices per key (province or unit), stored flat in one
/// buffer: first `keys + 1` offsets, then the items, those of key `k` at
/// `offset[k]..offset[k + 1]` past the offsets.
pub(super) struct Lists {
    keys: usize,
    data: Vec<u16>,
}

impl Lists {
    /// Builds the lists of units `0..units`, each under the key `key_of`
    /// gives it (none: in no list), in unit order.
    fn build(keys: usize, units: usize, key_of: impl Fn(usize) -> Option<usize>) -> Lists {
        // Count each key's items at its end offset, sum up, then fill each
        // list from its end backwards: `data[k + 1]` ends where list `k`
        // begins.
        let mut data = Vec::with_capacity(keys + 1 + units);
        data.resize(keys + 1, 0u16);
        for k in (0..units).filter_map(&key_of) {
            data[k + 1] += 1;
        }
        let mut sum = 0;
        for s in &mut data[1..] {
            sum += *s;
            *s = sum;
        }
        data.resize(keys + 1 + sum as usize, 0);
        for i in (0..units).rev() {
            if let Some(k) = key_of(i) {
                data[k + 1] -= 1;
                let at = keys + 1 + data[k + 1] as usize;
                data[at] = i as u16;
            }
        }
        // Now `data[k + 1]` is where list `k` begins; shift back by one.
        data.copy_within(1..=keys, 0);
        data[keys] = sum;
        Lists { keys, data }
    }

    fn len(&self, k: usize) -> usize {
        (self.data[k + 1] - self.data[k]) as usize
    }

    /// Item `idx` of list `k`.
    fn get(&self, k: usize, idx: usize) -> usize {
        self.data[self.keys + 1 + self.data[k] as usize + idx] as usize
    }

    fn list(&self, k: usize) -> &[u16] {
        let base = self.keys + 1;
        &self.data[base + self.data[k] as usize..base + self.data[k + 1] as usize]
    }
}

impl<'a> Resolver<'a> {
    pub(super) fn new(
        map: &'a Map,
        units: &'a [Unit],
        unit_at: Occupants,
        kind: Vec<Kind>,
    ) -> Self {
        let n = units.len();
        let moves_into = Lists::build(map.provinces().len(), n, |i| match kind[i] {
            Kind::Move { dest, .. } => Some(dest.province.0 as usize),
            _ => None,
        });
        let supports_of = Lists::build(n, n, |i| match kind[i] {
            Kind::SupportHold { target } | Kind::SupportMove { target, .. } => Some(target),
            _ => None,
        });
        let convoyers = Lists::build(n, n, |i| match kind[i] {
            Kind::Convoy { army, .. } => Some(army),
            _ => None,
        });
        Resolver {
            map,
            units,
            unit_at,
            kind,
            moves_into,
            supports_of,
            convoyers,
            dec: vec![
                Decision {
                    state: State::Unresolved,
                    res: false,
                    no_convoy: false,
                };
                n
            ],
            deps: Vec::new(),
            paradoxes: Vec::new(),
        }
    }

    // -- The resolution engine ---------------------------------------------

    /// Resolves decision `nr`, guessing through cycles (Kruijswijk's
    /// algorithm). Depth is bounded by the number of orders: each order is
    /// entered at most once on the stack while it is being guessed.
    pub(super) fn resolve(&mut self, nr: usize) -> bool {
        match self.dec[nr].state {
            State::Resolved => return self.dec[nr].res,
            State::Guessing => {
                // Recorded every time, even if already listed, so that the
                // caller sees it depends on a guess and is not settled.
                self.deps.push(nr);
                return self.dec[nr].res;
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.dec[nr].res = false;
        self.dec[nr].state = State::Guessing;
        let first = self.decide(nr);
        if self.deps.len() == old {
            // No cycle through this decision: the answer is final.
            if self.dec[nr].state != State::Resolved {
                self.dec[nr].res = first;
                self.dec[nr].state = State::Resolved;
            }
            return self.dec[nr].res;
        }
        if self.deps[old] != nr {
            // Part of a cycle that started further up: keep guessing.
            self.deps.push(nr);
            self.dec[nr].res = first;
            return first;
        }
        // This decision heads a cycle: try the other guess.
        self.reset_deps(old);
        self.dec[nr].res = true;
        self.dec[nr].state = State::Guessing;
        let second = self.decide(nr);
        if first == second {
            // Only one consistent answer.
            self.reset_deps(old);
            self.dec[nr].res = first;
            self.dec[nr].state = State::Resolved;
            return first;
        }
        // Two answers (or none): the rules decide.
        self.backup_rule(old);
        self.resolve(nr)
    }

    fn reset_deps(&mut self, old: usize) {
        for &d in &self.deps[old..] {
            self.dec[d].state = State::Unresolved;
        }
        self.deps.truncate(old);
    }

    /// Settles a cycle with no or two consistent resolutions. With a convoy
    /// in it, it is a convoy paradox: by the Szykman rule the armies
    /// convoyed through it do not move by convoy. Without, it is a circular
    /// movement: every move in it succeeds.
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<usize> = self.deps[old..].to_vec();
        self.deps.truncate(old);
        let mut flagged = false;
        let has_convoy = cycle
            .iter()
            .any(|&k| matches!(self.kind[k], Kind::Convoy { .. }));
        if has_convoy {
            let mut armies = Vec::new();
            for &k in &cycle {
                match self.kind[k] {
                    Kind::Move {
                        mode: Mode::Convoy | Mode::Intent,
                        ..
                    } => armies.push(k),
                    Kind::Convoy { army, .. } => armies.push(army),
                    _ => {}
                }
            }
            for a in armies {
                if !self.dec[a].no_convoy {
                    self.dec[a].no_convoy = true;
                    self.paradoxes.push(a);
                    flagged = true;
                }
            }
        }
        for &k in &cycle {
            if !flagged && matches!(self.kind[k], Kind::Move { .. }) {
                self.dec[k].state = State::Resolved;
                self.dec[k].res = true;
            } else {
                self.dec[k].state = State::Unresolved;
            }
        }
    }

    fn decide(&mut self, i: usize) -> bool {
        match self.kind[i] {
            Kind::Move { .. } => self.move_succeeds(i),
            Kind::SupportHold { .. } | Kind::SupportMove { .. } => self.support_given(i),
            Kind::Convoy { .. } => self.convoy_holds(i),
            Kind::Hold => true,
        }
    }

    // -- Facts about orders --------------------------------------------------

    fn src(&self, i: usize) -> ProvinceId {
        self.units[i].location.province
    }

    fn power(&self, i: usize) -> PowerId {
        self.units[i].power
    }

    fn dest(&self, i: usize) -> Option<ProvinceId> {
        match self.kind[i] {
            Kind::Move { dest, .. } => Some(dest.province),
            _ => None,
        }
    }

    fn mode(&self, i: usize) -> Mode {
        match self.kind[i] {
            Kind::Move { mode, .. } => mode,
            _ => Mode::Land,
        }
    }

    fn is_move(&self, i: usize) -> bool {
        matches!(self.kind[i], Kind::Move { .. })
    }

    // -- Decisions and strengths --------------------------------------------

    /// PATH: can the move reach its destination at all? Over land always;
    /// by convoy only along a route of fleets that stay in place.
    fn path(&mut self, i: usize) -> bool {
        match self.mode(i) {
            Mode::Land | Mode::Intent => true,
            // The flag is read after the route: finding the route may
            // settle a paradox that sets it.
            Mode::Convoy => self.convoy_route(i) && !self.dec[i].no_convoy,
        }
    }

    /// Whether the move actually travels by convoy (which rules out a
    /// head-to-head battle).
    fn convoyed(&mut self, i: usize) -> bool {
        match self.mode(i) {
            Mode::Land => false,
            Mode::Convoy => true,
            Mode::Intent => self.convoy_route(i) && !self.dec[i].no_convoy,
        }
    }

    /// A route of convoying fleets, each still in place, from the army's
    /// province to its destination.
    fn convoy_route(&mut self, i: usize) -> bool {
        let (src, Some(dst)) = (self.src(i), self.dest(i)) else {
            return false;
        };
        let count = self.convoyers.len(i);
        let mut reached = vec![false; count];
        let mut stack: Vec<usize> = Vec::new();
        for (fi, r) in reached.iter_mut().enumerate() {
            let f = self.convoyers.get(i, fi);
            let loc = self.units[f].location;
            if self.map.fleet_reaches_province(loc, src) && self.resolve(f) {
                *r = true;
                stack.push(fi);
            }
        }
        while let Some(fi) = stack.pop() {
            let loc = self.units[self.convoyers.get(i, fi)].location;
            if self.map.fleet_reaches_province(loc, dst) {
                return true;
            }
            for (gi, r) in reached.iter_mut().enumerate() {
                let g = self.convoyers.get(i, gi);
                if !*r && self.map.fleet_adjacent(loc, self.units[g].location) && self.resolve(g) {
                    *r = true;
                    stack.push(gi);
                }
            }
        }
        false
    }

    /// The unit this move meets head to head: the unit in its destination,
    /// moving to its origin, neither of them by convoy.
    fn head_to_head(&mut self, i: usize) -> Option<usize> {
        let o = self.unit_at.get(self.dest(i)?)?;
        if self.dest(o) != Some(self.src(i)) {
            return None;
        }
        if self.convoyed(i) || self.convoyed(o) {
            return None;
        }
        Some(o)
    }

    /// The number of given supports of unit `i`'s order, leaving out those
    /// of `except` (a power whose unit would be dislodged).
    fn supports(&mut self, i: usize, except: Option<PowerId>) -> u32 {
        let mut count = 0;
        for idx in 0..self.supports_of.len(i) {
            let k = self.supports_of.get(i, idx);
            if Some(self.power(k)) != except && self.resolve(k) {
                count += 1;
            }
        }
        count
    }

    /// ATTACK STRENGTH of a move.
    fn attack_strength(&mut self, i: usize) -> u32 {
        if !self.path(i) {
            return 0;
        }
        let d = self.dest(i).expect("a move");
        let Some(o) = self.unit_at.get(d) else {
            return 1 + self.supports(i, None);
        };
        let leaves = self.is_move(o) && self.head_to_head(i).is_none() && self.resolve(o);
        if leaves {
            1 + self.supports(i, None)
        } else if self.power(o) == self.power(i) {
            0
        } else {
            1 + self.supports(i, Some(self.power(o)))
        }
    }

    /// HOLD STRENGTH of a province.
    fn hold_strength(&mut self, p: ProvinceId) -> u32 {
        match self.unit_at.get(p) {
            None => 0,
            Some(o) if self.is_move(o) => {
                if self.resolve(o) {
                    0
                } else {
                    1
                }
            }
            Some(o) => 1 + self.supports(o, None),
        }
    }

    /// DEFEND STRENGTH of a move in a head-to-head battle.
    fn defend_strength(&mut self, o: usize) -> u32 {
        1 + self.supports(o, None)
    }

    /// PREVENT STRENGTH of a move against other moves to the same place.
    fn prevent_strength(&mut self, j: usize) -> u32 {
        if !self.path(j) {
            return 0;
        }
        if let Some(o) = self.head_to_head(j)
            && self.resolve(o)
        {
            return 0;
        }
        1 + self.supports(j, None)
    }

    /// MOVE decision.
    fn move_succeeds(&mut self, i: usize) -> bool {
        let attack = self.attack_strength(i);
        if attack == 0 {
            return false;
        }
        let d = self.dest(i).expect("a move");
        if let Some(o) = self.head_to_head(i) {
            if attack <= self.defend_strength(o) {
                return false;
            }
        } else if attack <= self.hold_strength(d) {
            return false;
        }
        for idx in 0..self.moves_into.len(d.0 as usize) {
            let j = self.moves_into.get(d.0 as usize, idx);
            if j != i && attack <= self.prevent_strength(j) {
                return false;
            }
        }
        true
    }

    /// SUPPORT decision: given unless cut by an attack (from a foreign unit
    /// with a path, not from the province the support is aimed at) or the
    /// supporter is dislodged.
    fn support_given(&mut self, k: usize) -> bool {
        let s = self.src(k);
        let aimed_at = match self.kind[k] {
            Kind::SupportMove { dest, .. } => Some(dest),
            _ => None,
        };
        for idx in 0..self.moves_into.len(s.0 as usize) {
            let m = self.moves_into.get(s.0 as usize, idx);
            if self.power(m) == self.power(k) || Some(self.src(m)) == aimed_at {
                continue;
            }
            if self.path(m) {
                return false;
            }
        }
        if let Some(a) = aimed_at
            && let Some(m) = self.unit_at.get(a)
            && self.dest(m) == Some(s)
            && self.power(m) != self.power(k)
            && self.resolve(m)
        {
            return false;
        }
        true
    }

    /// CONVOY decision: the fleet is not dislodged.
    fn convoy_holds(&mut self, f: usize) -> bool {
        let s = self.src(f);
        for idx in 0..self.moves_into.len(s.0 as usize) {
            let m = self.moves_into.get(s.0 as usize, idx);
            if self.resolve(m) {
                return false;
            }
        }
        true
    }

    /// The successful move into this unit's province, when the unit is
    /// dislodged.
    fn dislodged_by(&mut self, i: usize) -> Option<usize> {
        if self.is_move(i) && self.resolve(i) {
            return None;
        }
        let s = self.src(i);
        for idx in 0..self.moves_into.len(s.0 as usize) {
            let m = self.moves_into.get(s.0 as usize, idx);
            if self.resolve(m) {
                return Some(m);
            }
        }
        None
    }

    // -- Results -------------------------------------------------------------

    pub(super) fn finish(
        mut self,
        position: &Position,
        orders: &[(PowerId, Order)],
        mut results: Vec<Option<OrderResult>>,
        line_of: Vec<Option<usize>>,
    ) -> Adjudication {
        let map = self.map;
        let n = self.units.len();
        let dislodger: Vec<Option<usize>> = (0..n).map(|i| self.dislodged_by(i)).collect();

        for (i, &by) in dislodger.iter().enumerate() {
            let Some(li) = line_of[i] else { continue };
            if results[li].is_some() {
                continue;
            }
            results[li] = Some(self.explain(i, by));
        }

        // The board after the moves.
        let mut after: Vec<Unit> = Vec::with_capacity(n);
        let mut dislodged = Vec::new();
        for (i, &by) in dislodger.iter().enumerate() {
            let u = self.units[i];
            if let Some(m) = by {
                let attacked_from = if self.convoyed(m) {
                    None
                } else {
                    Some(self.src(m))
                };
                dislodged.push(DislodgedUnit {
                    unit: u,
                    attacked_from,
                });
                continue;
            }
            match self.kind[i] {
                Kind::Move { dest, .. } if self.dec[i].res => after.push(Unit {
                    location: dest,
                    ..u
                }),
                _ => after.push(u),
            }
        }
        let mut occupied = ProvinceSet::EMPTY;
        for u in &after {
            occupied.insert(u.location.province);
        }
        let mut contested = Vec::new();
        for p in 0..map.provinces().len() {
            if occupied.contains(ProvinceId(p as u16)) {
                continue;
            }
            // A standoff: some move here was stopped by another one. A move
            // that lost a head-to-head battle has no prevent strength and
            // stopped nobody, so it leaves no standoff behind.
            if (0..self.moves_into.len(p)).any(|idx| {
                let m = self.moves_into.get(p, idx);
                self.prevent_strength(m) > 0
            }) {
                contested.push(ProvinceId(p as u16));
            }
        }
        let retreat_options: Vec<RetreatOptions> = dislodged
            .iter()
            .map(|d| RetreatOptions {
                retreats: retreat_options(map, d, &occupied, &contested),
                dislodged: d.clone(),
            })
            .collect();

        let mut next = Position {
            phase: position.phase,
            units: after,
            dislodged: dislodged.clone(),
            contested: if dislodged.is_empty() {
                Vec::new()
            } else {
                contested.clone()
            },
            owners: position.owners.clone(),
        };
        if position.phase.season == Season::Fall && dislodged.is_empty() {
            next.update_ownership(map);
        }
        next.phase = next.following_phase(map, !dislodged.is_empty());
        next.normalize();
        let _ = orders;
        Adjudication {
            results: results
                .into_iter()
                .map(|r| r.expect("every order has a result"))
                .collect(),
            next,
            dislodged: retreat_options,
            contested,
        }
    }

    /// The outcome of a resolved order, with its reason.
    fn explain(&mut self, i: usize, dislodger: Option<usize>) -> OrderResult {
        let by = |s: &Self, m: usize| s.units[m];
        match self.kind[i] {
            Kind::Hold => match dislodger {
                Some(m) => OrderResult::fails(Reason::DislodgedBy(by(self, m))),
                None => OrderResult::succeeds(),
            },
            Kind::Move { dest, .. } => {
                if self.dec[i].res {
                    return OrderResult::succeeds();
                }
                let d = dest.province;
                if !self.path(i) {
                    let why = if self.dec[i].no_convoy {
                        Reason::ConvoyParadox
                    } else {
                        Reason::NoConvoyRoute
                    };
                    return OrderResult::fails(why);
                }
                let attack = self.attack_strength(i);
                let reason = if let Some(o) = self.head_to_head(i) {
                    let def = self.defend_strength(o);
                    if attack == 0 {
                        Reason::OwnUnit(by(self, o))
                    } else if attack <= def {
                        Reason::LostHeadToHead {
                            by: by(self, o),
                            attack,
                            defend: def,
                        }
                    } else {
                        self.bounce_reason(i, d, attack)
                    }
                } else {
                    let hold = self.hold_strength(d);
                    match self.unit_at.get(d) {
                        Some(o) if attack == 0 => Reason::OwnUnit(by(self, o)),
                        Some(o) if attack <= hold => Reason::BouncedOff {
                            by: by(self, o),
                            attack,
                            hold,
                        },
                        _ => self.bounce_reason(i, d, attack),
                    }
                };
                OrderResult::fails(reason)
            }
            Kind::SupportHold { .. } | Kind::SupportMove { .. } => {
                if self.dec[i].res {
                    return OrderResult::succeeds();
                }
                if let Some(m) = dislodger {
                    return OrderResult::fails(Reason::DislodgedBy(by(self, m)));
                }
                let s = self.src(i);
                let cutter = self
                    .moves_into
                    .list(s.0 as usize)
                    .iter()
                    .map(|&m| m as usize)
                    .find(|&m| self.power(m) != self.power(i));
                let reason = match cutter {
                    Some(m) => Reason::CutBy(by(self, m)),
                    None => Reason::Cut,
                };
                OrderResult::fails(reason)
            }
            Kind::Convoy { .. } => match dislodger {
                Some(m) => OrderResult::fails(Reason::ConvoyDisrupted(by(self, m))),
                None => OrderResult::succeeds(),
            },
        }
    }

    fn bounce_reason(&mut self, i: usize, d: ProvinceId, attack: u32) -> Reason {
        for idx in 0..self.moves_into.len(d.0 as usize) {
            let j = self.moves_into.get(d.0 as usize, idx);
            if j != i {
                let prevent = self.prevent_strength(j);
                if attack <= prevent {
                    return Reason::BouncedWith {
                        by: self.units[j],
                        attack,
                        prevent,
                    };
                }
            }
        }
        Reason::Bounced
    }
}
