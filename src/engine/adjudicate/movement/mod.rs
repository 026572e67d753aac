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

use super::{Adjudication, OrderResult, Outcome, Reason, RetreatOptions, supersede};
use crate::engine::map::{Coast, Location, Map, PowerId, ProvinceId, ProvinceSet, UnitType};
use crate::engine::order::Order;
use crate::engine::position::{DislodgedUnit, Position, Unit};

mod legality;
mod resolver;

pub(crate) use legality::{check_arrival, on_possible_route};
use legality::{check_order, order_unit, route_through_any};
use resolver::Lists;

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

/// Where one unit's decision stands.
#[derive(Clone, Copy, Debug)]
struct Decision {
    state: State,
    /// The answer, or the guess being tried.
    res: bool,
    /// Set by the Szykman rule: this army does not move by convoy.
    no_convoy: bool,
}

/// Which unit stands in each province, as an index into the units: two
/// bytes a province (a map has at most `MAX_PROVINCES` provinces, so no
/// index reaches the empty mark).
struct Occupants(Vec<u16>);

impl Occupants {
    const EMPTY: u16 = u16::MAX;

    fn new(map: &Map, units: &[Unit]) -> Occupants {
        let mut at = vec![Occupants::EMPTY; map.provinces().len()];
        for (i, u) in units.iter().enumerate() {
            at[u.location.province.0 as usize] = i as u16;
        }
        Occupants(at)
    }

    /// The unit in province `p`, if any.
    #[inline]
    fn get(&self, p: ProvinceId) -> Option<usize> {
        match self.0[p.0 as usize] {
            Occupants::EMPTY => None,
            i => Some(i as usize),
        }
    }
}

/// The decisions of one movement phase and everything they are read from.
struct Resolver<'a> {
    map: &'a Map,
    units: &'a [Unit],
    /// Unit index per province.
    unit_at: Occupants,
    kind: Vec<Kind>,
    /// Moves into each province (unit indices).
    moves_into: Lists,
    /// Matching supports of each unit's order.
    supports_of: Lists,
    /// Fleets whose convoy order matches each unit's move.
    convoyers: Lists,
    /// Each unit's decision.
    dec: Vec<Decision>,
    deps: Vec<usize>,
    paradoxes: Vec<usize>,
}

pub(crate) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    let units = &position.units;
    let n = units.len();
    let unit_at = Occupants::new(map, units);

    // Which unit each order is for (only the owner may order it).
    let (keys, mut results) = order_units(units, &unit_at, orders);
    let line_of = supersede(&keys, n, &mut results);

    // Check each live order against the position.
    let mut kind = check_live_orders(map, units, &unit_at, orders, &line_of, &mut results);

    // Intent: an adjacent army move convoyed by a fleet of its own power.
    mark_convoy_intent(map, units, &mut kind);

    // A move that needs a convoy but that no fleet on the board could carry
    // is illegal (DATC 4.E.1, 6.D.32): the army holds.
    refuse_moves_no_fleet_could_convoy(map, units, &mut kind, &line_of, &mut results);

    // Supports and convoys that don't match what the unit was ordered to do
    // are void: the unit holds.
    void_unmatched_supports_and_convoys(units, &mut kind, &line_of, &mut results);

    let mut r = Resolver::new(map, units, unit_at, kind);
    for i in 0..n {
        r.resolve(i);
    }
    r.finish(position, orders, results, line_of)
}

/// The unit each order is for (`None` where the order is refused, with
/// its result: only the owner may order a unit).
fn order_units(
    units: &[Unit],
    unit_at: &Occupants,
    orders: &[(PowerId, Order)],
) -> (Vec<Option<usize>>, Vec<Option<OrderResult>>) {
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    let mut keys: Vec<Option<usize>> = vec![None; orders.len()];
    for (li, (power, order)) in orders.iter().enumerate() {
        match order_unit(units, unit_at, *power, order) {
            Ok(i) => keys[li] = Some(i),
            Err(r) => results[li] = Some(r),
        }
    }
    (keys, results)
}

/// Checks each live order against the position: the kind of order each
/// unit has (a hold where it has none or its order is refused, with the
/// refusal in `results`). `line_of` holds the live order of each unit.
fn check_live_orders(
    map: &Map,
    units: &[Unit],
    unit_at: &Occupants,
    orders: &[(PowerId, Order)],
    line_of: &[Option<usize>],
    results: &mut [Option<OrderResult>],
) -> Vec<Kind> {
    let mut kind = vec![Kind::Hold; units.len()];
    for (i, line) in line_of.iter().enumerate() {
        let Some(li) = *line else { continue };
        match check_order(map, units, unit_at, i, &orders[li].1) {
            Ok(k) => kind[i] = k,
            Err(r) => results[li] = Some(r),
        }
    }
    kind
}

/// Marks as moving by intent an adjacent army move convoyed by a fleet of
/// its own power (read from the convoy orders, which are few).
fn mark_convoy_intent(map: &Map, units: &[Unit], kind: &mut [Kind]) {
    let n = units.len();
    for f in 0..n {
        let Kind::Convoy { army: i, dest: to } = kind[f] else {
            continue;
        };
        if let Kind::Move {
            dest,
            mode: Mode::Land,
        } = kind[i]
            && dest.province == to
            && units[i].unit_type == UnitType::Army
            && units[f].power == units[i].power
            && on_possible_route(
                map,
                units[i].location.province,
                to,
                units[f].location.province,
            )
        {
            kind[i] = Kind::Move {
                dest,
                mode: Mode::Intent,
            };
        }
    }
}

/// Turns into a hold, refused, every move that needs a convoy but that no
/// fleet on the board could carry.
fn refuse_moves_no_fleet_could_convoy(
    map: &Map,
    units: &[Unit],
    kind: &mut [Kind],
    line_of: &[Option<usize>],
    results: &mut [Option<OrderResult>],
) {
    let mut fleets = ProvinceSet::EMPTY;
    for u in units.iter().filter(|u| u.unit_type == UnitType::Fleet) {
        fleets.insert(u.location.province);
    }
    for i in 0..units.len() {
        if let Kind::Move {
            dest,
            mode: Mode::Convoy,
        } = kind[i]
        {
            let src = units[i].location.province;
            // Any fleet at sea that could carry it, whatever its order: a
            // convoy that was possible but not ordered makes the move fail,
            // not illegal (6.D.8).
            if !route_through_any(map, src, dest.province, fleets) {
                kind[i] = Kind::Hold;
                if let Some(li) = line_of[i] {
                    results[li] = Some(OrderResult::invalid(Reason::NoFleetCouldConvoy(
                        dest.province,
                    )));
                }
            }
        }
    }
}

/// Turns into a hold, void, every support and convoy that does not match
/// what its unit was ordered to do.
fn void_unmatched_supports_and_convoys(
    units: &[Unit],
    kind: &mut [Kind],
    line_of: &[Option<usize>],
    results: &mut [Option<OrderResult>],
) {
    let n = units.len();
    for i in 0..n {
        let void_reason = match kind[i] {
            Kind::SupportHold { target } => match kind[target] {
                Kind::Move { .. } => Some(Reason::OrderedToMoveNotHold(units[target])),
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
                _ => Some(Reason::NotOrderedToMoveTo {
                    unit: units[target],
                    province: dest,
                }),
            },
            Kind::Convoy { army, dest } => match kind[army] {
                Kind::Move { dest: d, mode } if d.province == dest && mode != Mode::Land => None,
                Kind::Move { dest: d, .. } if d.province == dest => {
                    Some(Reason::MovedOverLand(units[army]))
                }
                _ => Some(Reason::NotOrderedToMoveTo {
                    unit: units[army],
                    province: dest,
                }),
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
}

/// Where a dislodged unit may retreat: next to it, empty after the moves,
/// not where its attacker came from, not a province left empty by a
/// standoff.
pub(crate) fn retreat_options(
    map: &Map,
    d: &DislodgedUnit,
    occupied: &ProvinceSet,
    contested: &[ProvinceId],
) -> Vec<Location> {
    let u = &d.unit;
    let free = |l: &Location| {
        !occupied.contains(l.province)
            && Some(l.province) != d.attacked_from
            && !contested.contains(&l.province)
    };
    match u.unit_type {
        UnitType::Army => map
            .army_neighbours(u.location.province)
            .iter()
            .map(|&p| Location::new(p))
            .filter(free)
            .collect(),
        UnitType::Fleet => map
            .fleet_neighbours(u.location)
            .iter()
            .copied()
            .filter(free)
            .collect(),
    }
}
