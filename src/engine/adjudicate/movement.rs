//! Movement phase, after Kruijswijk's *Math of Adjudication*.
//!
//! Every unit's order is checked against the position first (an illegal
//! order is `invalid` and the unit holds; a support or convoy that does not
//! match the supported unit's order is `void` and the unit holds). Then each
//! order gets one yes/no decision:
//!
//! * a move: does it succeed ([`Resolver::move_succeeds`]);
//! * a support: is it given, i.e. neither cut nor dislodged
//!   ([`Resolver::support_given`]);
//! * a convoy: does the fleet stay in place ([`Resolver::convoy_holds`]).
//!
//! The strengths (attack, hold, defend, prevent) and the path of a move are
//! small functions of those decisions. A decision is resolved by
//! [`Resolver::resolve`], which follows dependencies and, when it meets a
//! cycle, guesses both ways; a cycle with one consistent answer takes it, a
//! cycle with two or none is settled by the backup rule
//! ([`Resolver::backup_rule`]): a circular movement succeeds, a convoy
//! paradox is settled by the Szykman rule.
//!
//! DATC options (section 4 of the DATC), as chosen by dipspy:
//! * 4.A.1 multi-route convoy disruption: a convoy succeeds while any route
//!   of fleets ordered to convoy remains undislodged.
//! * 4.A.2 convoy paradoxes: Szykman rule — the convoyed armies of the
//!   paradox do not move by convoy (an army with a land route that was only
//!   convoyed by intent falls back to its land route, as DATC 3.0's answer
//!   to 6.G.11 has it).
//! * 4.A.3 convoy to an adjacent province: the 2000 rulebook with the
//!   2023 refinements — an army moves by convoy when ordered `via convoy`
//!   (then only by convoy: with no route it fails, DATC 3.0 6.G.8), or
//!   when a fleet of its own power is ordered to convoy it and that fleet
//!   could lie on a route (an impossible convoy shows no intent, 6.G.7 and
//!   6.G.19); otherwise it moves over land.
//! * 4.A.4 support cut by a convoyed attack from the area the support is
//!   directed at: not cut (the attack comes from the army's province).
//! * 4.A.5 retreat after a convoyed attack: the dislodged unit may retreat
//!   to the attacker's province.
//! * 4.A.6 convoy path specification: a route written in the order is
//!   read as `via convoy`; any route of convoying fleets may carry it.
//! * 4.A.7 dislodged units still prevent other moves into the province
//!   their attacker came from, unless beaten in a head-to-head battle.
//! * 4.B coasts: a missing coast is filled in when only one coast can be
//!   reached (6.B.2, lenient), the order is invalid when both can; a
//!   support names a province, its coast is ignored unless it contradicts
//!   the supported move (6.B.9); an army's or unit's own coast written in an
//!   order is ignored (6.B.10, 6.B.12).
//! * 4.D.3 ordering a unit twice: the later order counts.
//! * 4.E.1 illegal orders: ignored (the unit holds); a support of a unit
//!   that is not ordered to do what is supported is void.

use super::{Adjudication, OrderResult, Outcome, RetreatOptions, supersede, unit_text};
use crate::engine::map::{
    Coast, Location, Map, PowerId, ProvinceId, ProvinceKind, ProvinceSet, UnitType,
};
use crate::engine::order::{Order, UnitRef};
use crate::engine::phase::Season;
use crate::engine::position::{DislodgedUnit, Position, Unit};

/// How an army's move travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Over land (or sea, for fleets): no convoy involved.
    Land,
    /// By convoy only: `via convoy`, or a destination that is not adjacent.
    Convoy,
    /// Adjacent, but a fleet of the army's own power convoys it: by convoy
    /// when a route holds, over land otherwise.
    Intent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Hold,
    Move {
        dest: Location,
        mode: Mode,
    },
    SupportHold {
        target: usize,
    },
    SupportMove {
        target: usize,
        dest: ProvinceId,
        coast: Option<Coast>,
    },
    Convoy {
        army: usize,
        dest: ProvinceId,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// The decisions of one movement phase and everything they are read from.
struct Resolver<'a> {
    map: &'a Map,
    units: &'a [Unit],
    /// Unit index per province.
    unit_at: Vec<Option<usize>>,
    kind: Vec<Kind>,
    /// Moves into each province (unit indices).
    moves_into: Lists,
    /// Matching supports of each unit's order.
    supports_of: Lists,
    /// Fleets whose convoy order matches each unit's move.
    convoyers: Lists,
    /// Set by the Szykman rule: this army does not move by convoy.
    no_convoy: Vec<bool>,
    state: Vec<State>,
    res: Vec<bool>,
    deps: Vec<usize>,
    paradoxes: Vec<usize>,
}

pub fn adjudicate(map: &Map, position: &Position, orders: &[(PowerId, Order)]) -> Adjudication {
    let units = &position.units;
    let n = units.len();
    let mut unit_at = vec![None; map.provinces().len()];
    for (i, u) in units.iter().enumerate() {
        unit_at[u.location.province.0 as usize] = Some(i);
    }

    // Which unit each order is for (only the owner may order it).
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    let mut keys: Vec<Option<usize>> = vec![None; orders.len()];
    for (li, (power, order)) in orders.iter().enumerate() {
        match order_unit(map, units, &unit_at, *power, order) {
            Ok(i) => keys[li] = Some(i),
            Err(r) => results[li] = Some(r),
        }
    }
    let live = supersede(&keys, n, &mut results);

    // Check each live order against the position.
    let mut kind = vec![Kind::Hold; n];
    let mut line_of: Vec<Option<usize>> = vec![None; n];
    for li in 0..orders.len() {
        let Some(i) = keys[li] else { continue };
        if !live[li] {
            continue;
        }
        line_of[i] = Some(li);
        match check_order(map, units, &unit_at, i, &orders[li].1) {
            Ok(k) => kind[i] = k,
            Err(r) => results[li] = Some(r),
        }
    }

    // Intent: an adjacent army move convoyed by a fleet of its own power.
    for i in 0..n {
        if let Kind::Move {
            dest,
            mode: Mode::Land,
        } = kind[i]
            && units[i].unit_type == UnitType::Army
        {
            let src = units[i].location.province;
            let intent = (0..n).any(|f| {
                units[f].power == units[i].power
                    && kind[f]
                        == Kind::Convoy {
                            army: i,
                            dest: dest.province,
                        }
                    && on_possible_route(map, src, dest.province, units[f].location.province)
            });
            if intent {
                kind[i] = Kind::Move {
                    dest,
                    mode: Mode::Intent,
                };
            }
        }
    }

    // A move that needs a convoy but that no fleet on the board could carry
    // is illegal (DATC 4.E.1, 6.D.32): the army holds.
    for i in 0..n {
        if let Kind::Move {
            dest,
            mode: Mode::Convoy,
        } = kind[i]
        {
            let src = units[i].location.province;
            // Any fleet at sea that could carry it, whatever its order: a
            // convoy that was possible but not ordered makes the move fail,
            // not illegal (6.D.8).
            let carried = (0..n).any(|f| {
                units[f].unit_type == UnitType::Fleet
                    && on_possible_route(map, src, dest.province, units[f].location.province)
            });
            if !carried {
                kind[i] = Kind::Hold;
                if let Some(li) = line_of[i] {
                    results[li] = Some(OrderResult::invalid(format!(
                        "no fleet could convoy it to {}",
                        map.province(dest.province).abbr
                    )));
                }
            }
        }
    }

    // Supports and convoys that don't match what the unit was ordered to do
    // are void: the unit holds.
    for i in 0..n {
        let void_reason = match kind[i] {
            Kind::SupportHold { target } => match kind[target] {
                Kind::Move { .. } => Some(format!(
                    "{} was ordered to move, not to hold",
                    unit_text(map, &units[target])
                )),
                _ => None,
            },
            Kind::SupportMove {
                target,
                dest,
                coast,
            } => match kind[target] {
                Kind::Move { dest: d, .. }
                    if d.province == dest
                        && (coast.is_none() || d.coast.is_none() || coast == d.coast) =>
                {
                    None
                }
                _ => Some(format!(
                    "{} was not ordered to move to {}",
                    unit_text(map, &units[target]),
                    map.province(dest).abbr
                )),
            },
            Kind::Convoy { army, dest } => match kind[army] {
                Kind::Move { dest: d, mode } if d.province == dest && mode != Mode::Land => None,
                Kind::Move { dest: d, .. } if d.province == dest => {
                    Some(format!("{} moved over land", unit_text(map, &units[army])))
                }
                _ => Some(format!(
                    "{} was not ordered to move to {}",
                    unit_text(map, &units[army]),
                    map.province(dest).abbr
                )),
            },
            _ => None,
        };
        if let Some(reason) = void_reason {
            kind[i] = Kind::Hold;
            if let Some(li) = line_of[i] {
                results[li] = Some(OrderResult::new(Outcome::Void, reason));
            }
        }
    }

    let mut r = Resolver::new(map, units, unit_at, kind);
    for i in 0..n {
        r.resolve(i);
    }
    r.finish(position, orders, results, line_of)
}

/// Finds the unit an order is for, checking it is the ordering power's.
fn order_unit(
    map: &Map,
    units: &[Unit],
    unit_at: &[Option<usize>],
    power: PowerId,
    order: &Order,
) -> Result<usize, OrderResult> {
    let Some(unit) = order.unit() else {
        return Err(OrderResult::invalid("not an order for a movement phase"));
    };
    let p = unit.location.province;
    let Some(i) = unit_at[p.0 as usize] else {
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
fn named_unit(
    map: &Map,
    units: &[Unit],
    unit_at: &[Option<usize>],
    r: &UnitRef,
) -> Result<usize, String> {
    let p = r.location.province;
    match unit_at[p.0 as usize] {
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
fn check_order(
    map: &Map,
    units: &[Unit],
    unit_at: &[Option<usize>],
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
            if map.province(src).kind != ProvinceKind::Sea {
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
fn on_possible_route(map: &Map, src: ProvinceId, dst: ProvinceId, sea: ProvinceId) -> bool {
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

/// Lists of unit indices per key (province or unit), stored flat: the
/// items of key `k` are `items[start[k]..start[k + 1]]`.
struct Lists {
    start: Vec<u16>,
    items: Vec<u16>,
}

impl Lists {
    /// Builds the lists from `(key, item)` pairs, keeping pair order.
    fn build(keys: usize, pairs: &[(usize, usize)]) -> Lists {
        let mut start = vec![0u16; keys + 1];
        for &(k, _) in pairs {
            start[k + 1] += 1;
        }
        for k in 0..keys {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut items = vec![0u16; pairs.len()];
        for &(k, i) in pairs {
            items[fill[k] as usize] = i as u16;
            fill[k] += 1;
        }
        Lists { start, items }
    }

    fn len(&self, k: usize) -> usize {
        (self.start[k + 1] - self.start[k]) as usize
    }

    /// Item `idx` of list `k`.
    fn get(&self, k: usize, idx: usize) -> usize {
        self.items[self.start[k] as usize + idx] as usize
    }

    fn list(&self, k: usize) -> &[u16] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

impl<'a> Resolver<'a> {
    fn new(map: &'a Map, units: &'a [Unit], unit_at: Vec<Option<usize>>, kind: Vec<Kind>) -> Self {
        let n = units.len();
        let (mut moves, mut supports, mut convoys) = (Vec::new(), Vec::new(), Vec::new());
        for (i, k) in kind.iter().enumerate() {
            match *k {
                Kind::Move { dest, .. } => moves.push((dest.province.0 as usize, i)),
                Kind::SupportHold { target } | Kind::SupportMove { target, .. } => {
                    supports.push((target, i))
                }
                Kind::Convoy { army, .. } => convoys.push((army, i)),
                Kind::Hold => {}
            }
        }
        let moves_into = Lists::build(map.provinces().len(), &moves);
        let supports_of = Lists::build(n, &supports);
        let convoyers = Lists::build(n, &convoys);
        Resolver {
            map,
            units,
            unit_at,
            kind,
            moves_into,
            supports_of,
            convoyers,
            no_convoy: vec![false; n],
            state: vec![State::Unresolved; n],
            res: vec![false; n],
            deps: Vec::new(),
            paradoxes: Vec::new(),
        }
    }

    // -- The resolution engine ---------------------------------------------

    /// Resolves decision `nr`, guessing through cycles (Kruijswijk's
    /// algorithm). Depth is bounded by the number of orders: each order is
    /// entered at most once on the stack while it is being guessed.
    fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.res[nr],
            State::Guessing => {
                // Recorded every time, even if already listed, so that the
                // caller sees it depends on a guess and is not settled.
                self.deps.push(nr);
                return self.res[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.res[nr] = false;
        self.state[nr] = State::Guessing;
        let first = self.decide(nr);
        if self.deps.len() == old {
            // No cycle through this decision: the answer is final.
            if self.state[nr] != State::Resolved {
                self.res[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return self.res[nr];
        }
        if self.deps[old] != nr {
            // Part of a cycle that started further up: keep guessing.
            self.deps.push(nr);
            self.res[nr] = first;
            return first;
        }
        // This decision heads a cycle: try the other guess.
        self.reset_deps(old);
        self.res[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.decide(nr);
        if first == second {
            // Only one consistent answer.
            self.reset_deps(old);
            self.res[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        // Two answers (or none): the rules decide.
        self.backup_rule(old);
        self.resolve(nr)
    }

    fn reset_deps(&mut self, old: usize) {
        for &d in &self.deps[old..] {
            self.state[d] = State::Unresolved;
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
                if !self.no_convoy[a] {
                    self.no_convoy[a] = true;
                    self.paradoxes.push(a);
                    flagged = true;
                }
            }
        }
        for &k in &cycle {
            if !flagged && matches!(self.kind[k], Kind::Move { .. }) {
                self.state[k] = State::Resolved;
                self.res[k] = true;
            } else {
                self.state[k] = State::Unresolved;
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
            Mode::Convoy => self.convoy_route(i) && !self.no_convoy[i],
        }
    }

    /// Whether the move actually travels by convoy (which rules out a
    /// head-to-head battle).
    fn convoyed(&mut self, i: usize) -> bool {
        match self.mode(i) {
            Mode::Land => false,
            Mode::Convoy => true,
            Mode::Intent => self.convoy_route(i) && !self.no_convoy[i],
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
        let o = self.unit_at[self.dest(i)?.0 as usize]?;
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
        let Some(o) = self.unit_at[d.0 as usize] else {
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
        match self.unit_at[p.0 as usize] {
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
            && let Some(m) = self.unit_at[a.0 as usize]
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

    fn finish(
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
                Kind::Move { dest, .. } if self.res[i] => after.push(Unit {
                    location: dest,
                    ..u
                }),
                _ => after.push(u),
            }
        }
        let mut occupied = vec![false; map.provinces().len()];
        for u in &after {
            occupied[u.location.province.0 as usize] = true;
        }
        let mut contested = Vec::new();
        for (p, &taken) in occupied.iter().enumerate() {
            if taken {
                continue;
            }
            // A standoff: some move here was stopped by another one. A move
            // that lost a head-to-head battle has no prevent strength and
            // stopped nobody, so it leaves no standoff behind.
            if (0..self.moves_into.len(p)).any(|idx| {
                let m = self.moves_into.get(p, idx);
                self.prevent_strength(m) > 0
            }) {
                contested.push(ProvinceId(p as u8));
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

    /// The outcome of a resolved order, with the reason in words.
    fn explain(&mut self, i: usize, dislodger: Option<usize>) -> OrderResult {
        let map = self.map;
        let by = |s: &Self, m: usize| unit_text(map, &s.units[m]);
        match self.kind[i] {
            Kind::Hold => match dislodger {
                Some(m) => {
                    OrderResult::new(Outcome::Fails, format!("dislodged by {}", by(self, m)))
                }
                None => OrderResult::succeeds(),
            },
            Kind::Move { dest, .. } => {
                if self.res[i] {
                    return OrderResult::succeeds();
                }
                let d = dest.province;
                if !self.path(i) {
                    let why = if self.no_convoy[i] {
                        "convoy paradox: the army does not move (Szykman rule)"
                    } else {
                        "no convoy route"
                    };
                    return OrderResult::new(Outcome::Fails, why);
                }
                let attack = self.attack_strength(i);
                let reason = if let Some(o) = self.head_to_head(i) {
                    let def = self.defend_strength(o);
                    if attack == 0 {
                        format!("cannot dislodge {}, a unit of its own power", by(self, o))
                    } else if attack <= def {
                        format!(
                            "lost to {} moving the other way ({attack} against {def})",
                            by(self, o)
                        )
                    } else {
                        self.bounce_reason(i, d, attack)
                    }
                } else {
                    let hold = self.hold_strength(d);
                    match self.unit_at[d.0 as usize] {
                        Some(o) if attack == 0 => {
                            format!("cannot dislodge {}, a unit of its own power", by(self, o))
                        }
                        Some(o) if attack <= hold => {
                            format!("bounced off {} ({attack} against {hold})", by(self, o))
                        }
                        _ => self.bounce_reason(i, d, attack),
                    }
                };
                OrderResult::new(Outcome::Fails, reason)
            }
            Kind::SupportHold { .. } | Kind::SupportMove { .. } => {
                if self.res[i] {
                    return OrderResult::succeeds();
                }
                if let Some(m) = dislodger {
                    return OrderResult::new(
                        Outcome::Fails,
                        format!("dislodged by {}", by(self, m)),
                    );
                }
                let s = self.src(i);
                let cutter = self
                    .moves_into
                    .list(s.0 as usize)
                    .iter()
                    .map(|&m| m as usize)
                    .find(|&m| self.power(m) != self.power(i));
                let reason = match cutter {
                    Some(m) => format!("cut by {}", by(self, m)),
                    None => "cut".to_string(),
                };
                OrderResult::new(Outcome::Fails, reason)
            }
            Kind::Convoy { .. } => match dislodger {
                Some(m) => OrderResult::new(
                    Outcome::Fails,
                    format!("dislodged by {}; the convoy is disrupted", by(self, m)),
                ),
                None => OrderResult::succeeds(),
            },
        }
    }

    fn bounce_reason(&mut self, i: usize, d: ProvinceId, attack: u32) -> String {
        for idx in 0..self.moves_into.len(d.0 as usize) {
            let j = self.moves_into.get(d.0 as usize, idx);
            if j != i {
                let prevent = self.prevent_strength(j);
                if attack <= prevent {
                    return format!(
                        "bounced with {} ({attack} against {prevent})",
                        unit_text(self.map, &self.units[j])
                    );
                }
            }
        }
        "bounced".to_string()
    }
}

/// Where a dislodged unit may retreat: next to it, empty after the moves,
/// not where its attacker came from, not a province left empty by a
/// standoff.
pub(crate) fn retreat_options(
    map: &Map,
    d: &DislodgedUnit,
    occupied: &[bool],
    contested: &[ProvinceId],
) -> Vec<Location> {
    let u = &d.unit;
    let candidates: Vec<Location> = match u.unit_type {
        UnitType::Army => map
            .army_neighbours(u.location.province)
            .iter()
            .map(|&p| Location::new(p))
            .collect(),
        UnitType::Fleet => map.fleet_neighbours(u.location).to_vec(),
    };
    candidates
        .into_iter()
        .filter(|l| {
            !occupied[l.province.0 as usize]
                && Some(l.province) != d.attacked_from
                && !contested.contains(&l.province)
        })
        .collect()
}
