//! Retreat phases in which the unit that dislodged stands in the dislodged
//! unit's province (issue 33): every order there names the dislodged unit,
//! its type settles its coasts, its owner owns the order.
//!
//! * Scenario files under `tests/retreats/`: fleets dislodged by armies
//!   and armies by fleets, retreating to split-coast and plain provinces.
//! * Generated phases: movement phases built so that an army dislodges a
//!   fleet or a fleet an army, adjudicated by dipspy and by the
//!   `diplomacy` crate, then the retreat phase that follows with orders
//!   naming every coast in reach; both engines must agree on every order
//!   and on the board.

use crate::support::bridge;
use crate::support::scenario_harness;

#[test]
fn retreat_scenarios() {
    scenario_harness::run_dir("retreats", 7);
}

use crate::support::sim;

use bridge::{Bridge, Piece, piece};
use diplomacy::Command;
use diplomacy::judge::retreat::{Context as RetreatContext, OrderOutcome as RetreatOutcome};
use diplomacy::judge::{Rulebook, Submission};
use dipspy::engine::Phase;
use dipspy::engine::{Adjudication, Outcome, adjudicate};
use dipspy::engine::{Location, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use dipspy::engine::{Order, UnitRef};
use dipspy::engine::{Position, Unit};
use sim::Rng;
use std::collections::BTreeSet;

/// Where a fleet may stand in a province: each coast of a split-coast
/// province, else the province itself.
fn fleet_spots(map: &Map, p: ProvinceId) -> Vec<Location> {
    let coasts = &map.province(p).coasts;
    if coasts.is_empty() {
        vec![Location::new(p)]
    } else {
        coasts.iter().map(|&c| Location::with_coast(p, c)).collect()
    }
}

/// Coastal provinces where the generator places its attacks: all of them,
/// those from which a fleet reaches a split-coast province, and those
/// from which it reaches two coasts of one.
struct Near {
    coastal: Vec<ProvinceId>,
    split: Vec<ProvinceId>,
    two_coasts: Vec<ProvinceId>,
}

impl Near {
    fn new(map: &Map) -> Near {
        let coastal: Vec<ProvinceId> = map
            .provinces()
            .iter()
            .filter(|p| p.kind == ProvinceKind::Coast)
            .map(|p| p.id)
            .collect();
        // Per coastal province, how many coasts of each other split-coast
        // province its fleets reach at most.
        let reach = |p: ProvinceId| -> usize {
            let mut most = 0;
            for q in map.provinces().iter().filter(|q| !q.coasts.is_empty()) {
                let n = fleet_spots(map, q.id)
                    .into_iter()
                    .filter(|c| {
                        q.id != p
                            && fleet_spots(map, p)
                                .into_iter()
                                .any(|l| map.fleet_adjacent(l, *c))
                    })
                    .count();
                most = most.max(n);
            }
            most
        };
        let split = coastal.iter().copied().filter(|&p| reach(p) >= 1).collect();
        let two_coasts = coastal.iter().copied().filter(|&p| reach(p) >= 2).collect();
        Near {
            coastal,
            split,
            two_coasts,
        }
    }
}

/// The generated material: a movement position and its orders.
struct Case {
    pos: Position,
    orders: Vec<(PowerId, Order)>,
}

/// Builds a movement phase in which, at one to three places, a unit
/// holds and a unit of the other type attacks it with support; a few
/// other units stand about, holding, and may block retreats. Half the
/// places are next to a split-coast province, where a retreat must name
/// a coast.
fn case(map: &Map, rng: &mut Rng, near: &Near) -> Case {
    let mut pos = Position::empty(map, Phase::parse("F1903M").unwrap());
    let mut orders = Vec::new();
    let mut taken = vec![false; map.provinces().len()];
    let npow = map.powers().len();
    let power = |rng: &mut Rng| PowerId(rng.below(npow) as u8);
    for _ in 0..1 + rng.below(3) {
        let list = match rng.below(4) {
            0 => &near.two_coasts,
            1 => &near.split,
            _ => &near.coastal,
        };
        let Some(x) = rng.pick(list) else { continue };
        if taken[x.0 as usize] {
            continue;
        }
        let defender_fleet = rng.percent(50);
        // The attacker's place and the place it moves to.
        let attacks: Vec<(Location, Location)> = if defender_fleet {
            map.army_neighbours(x)
                .iter()
                .filter(|&&y| !taken[y.0 as usize])
                .map(|&y| (Location::new(y), Location::new(x)))
                .collect()
        } else {
            fleet_spots(map, x)
                .into_iter()
                .flat_map(|xl| map.fleet_neighbours(xl).iter().map(move |&yl| (yl, xl)))
                .filter(|(yl, _)| !taken[yl.province.0 as usize])
                .collect()
        };
        let Some((from, to)) = rng.pick(&attacks) else {
            continue;
        };
        // A supporter of either type that could move to x itself.
        let mut helpers: Vec<(UnitType, Location)> = map
            .army_neighbours(x)
            .iter()
            .map(|&z| (UnitType::Army, Location::new(z)))
            .collect();
        for xl in fleet_spots(map, x) {
            helpers.extend(
                map.fleet_neighbours(xl)
                    .iter()
                    .filter(|zl| zl.coast.is_none())
                    .map(|&zl| (UnitType::Fleet, zl)),
            );
        }
        helpers.retain(|(_, z)| !taken[z.province.0 as usize] && z.province != from.province);
        let Some((ht, hl)) = rng.pick(&helpers) else {
            continue;
        };
        let owner = power(rng);
        let attacker = PowerId(((owner.0 as usize + 1 + rng.below(npow - 1)) % npow) as u8);
        let (dt, dl) = if defender_fleet {
            let spots = fleet_spots(map, x);
            (UnitType::Fleet, spots[rng.below(spots.len())])
        } else {
            (UnitType::Army, Location::new(x))
        };
        let at = if defender_fleet {
            UnitType::Army
        } else {
            UnitType::Fleet
        };
        for (p, t, l) in [(owner, dt, dl), (attacker, at, from), (attacker, ht, hl)] {
            taken[l.province.0 as usize] = true;
            pos.units.push(Unit {
                power: p,
                unit_type: t,
                location: l,
            });
        }
        let unit = |t: UnitType, l: Location| UnitRef::new(Some(t), l);
        orders.push((owner, Order::Hold { unit: unit(dt, dl) }));
        orders.push((
            attacker,
            Order::Move {
                unit: unit(at, from),
                dest: to,
                via_convoy: false,
                route: Vec::new(),
            },
        ));
        orders.push((
            attacker,
            Order::SupportMove {
                unit: unit(ht, hl),
                supported: unit(at, from),
                dest: to,
            },
        ));
    }
    // Bystanders, holding.
    for _ in 0..rng.below(8) {
        let p = ProvinceId(rng.below(map.provinces().len()) as u16);
        if taken[p.0 as usize] {
            continue;
        }
        let (t, l) = match map.province(p).kind {
            ProvinceKind::Sea => (UnitType::Fleet, Location::new(p)),
            ProvinceKind::Land => (UnitType::Army, Location::new(p)),
            ProvinceKind::Coast if rng.percent(50) => (UnitType::Army, Location::new(p)),
            ProvinceKind::Coast => {
                let spots = fleet_spots(map, p);
                (UnitType::Fleet, spots[rng.below(spots.len())])
            }
        };
        taken[p.0 as usize] = true;
        let pw = power(rng);
        pos.units.push(Unit {
            power: pw,
            unit_type: t,
            location: l,
        });
        orders.push((
            pw,
            Order::Hold {
                unit: UnitRef::new(Some(t), l),
            },
        ));
    }
    pos.normalize();
    Case { pos, orders }
}

/// What the retreat orders covered, for the test's floor on material.
#[derive(Default, Debug)]
struct Stats {
    /// Retreat phases with a unit dislodged by one of the other type.
    phases: usize,
    /// Orders compared.
    orders: usize,
    /// Fleets dislodged by armies retreating to a coast of a province
    /// with two coasts in reach (the order must be read as the fleet's).
    fleet_two_coasts: usize,
    /// Armies dislodged by fleets whose retreat names a coast (dropped).
    army_with_coast: usize,
    /// Orders for a province given by the power whose unit dislodged the
    /// one there.
    by_dislodger: usize,
}

/// Retreat orders for the dislodged units of `pos`: to a place in reach
/// (a fleet names the coast; an army now and then names one, which is
/// dropped), anywhere next door, a disband, or nothing; the unit's type
/// sometimes left out, a split-coast fleet's own coast sometimes too. Now
/// and then the power whose unit dislodged gives an order for the
/// province.
fn retreat_orders(
    map: &Map,
    pos: &Position,
    adj: &Adjudication,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Vec<(PowerId, Order)> {
    let mut out = Vec::new();
    for r in &adj.dislodged {
        let u = r.dislodged.unit;
        let p = u.location.province;
        let dislodger = pos.unit_at(p).copied().expect("the attacker stands there");
        let t = rng.percent(85).then_some(u.unit_type);
        let at = if rng.percent(30) {
            Location::new(p)
        } else {
            u.location
        };
        let unit = UnitRef::new(t, at);
        let roll = rng.below(100);
        let dest = if roll < 10 {
            None
        } else if roll < 20 {
            out.push((u.power, Order::Disband { unit }));
            None
        } else if roll < 30 || r.retreats.is_empty() {
            match u.unit_type {
                UnitType::Army => rng.pick(map.army_neighbours(p)).map(Location::new),
                UnitType::Fleet => rng.pick(map.fleet_neighbours(u.location)),
            }
        } else {
            // Half the time a coast of a split-coast province, if any.
            let split: Vec<Location> = r
                .retreats
                .iter()
                .copied()
                .filter(|l| !map.province(l.province).coasts.is_empty())
                .collect();
            if !split.is_empty() && rng.percent(50) {
                rng.pick(&split)
            } else {
                rng.pick(&r.retreats)
            }
        };
        if let Some(mut dest) = dest {
            let coasts = &map.province(dest.province).coasts;
            let in_reach = r
                .retreats
                .iter()
                .filter(|l| l.province == dest.province)
                .count();
            if u.unit_type == UnitType::Army && !coasts.is_empty() && rng.percent(50) {
                dest.coast = rng.pick(coasts);
                stats.army_with_coast += usize::from(dislodger.unit_type == UnitType::Fleet);
            }
            if u.unit_type == UnitType::Fleet && dislodger.unit_type == UnitType::Army {
                stats.fleet_two_coasts += usize::from(in_reach >= 2);
            }
            out.push((u.power, Order::Retreat { unit, dest }));
        }
        if rng.percent(30) {
            stats.by_dislodger += 1;
            let t = rng.percent(50).then_some(dislodger.unit_type);
            let dest = rng
                .pick(map.army_neighbours(p))
                .map_or(Location::new(p), Location::new);
            out.push((
                dislodger.power,
                Order::Retreat {
                    unit: UnitRef::new(t, dislodger.location),
                    dest,
                },
            ));
        }
    }
    out
}

/// The board as text, for a failure's report.
fn board(map: &Map, pos: &Position, orders: &[(PowerId, Order)]) -> String {
    let mut s = String::new();
    for u in &pos.units {
        s.push_str(&format!("  {} {}\n", map.power(u.power).name, u.text(map)));
    }
    for d in &pos.dislodged {
        s.push_str(&format!(
            "  dislodged: {} {} (from {:?})\n",
            map.power(d.unit.power).name,
            d.unit.text(map),
            d.attacked_from.map(|p| map.province(p).abbr.clone())
        ));
    }
    for (p, o) in orders {
        s.push_str(&format!("  {}: {}\n", map.power(*p).name, o.to_text(map)));
    }
    s
}

/// Adjudicates one generated case with both engines: the movement phase
/// (they must agree on what was dislodged), then its retreat phase (they
/// must agree on every order and on the board). `Ok(true)`: a retreat
/// phase with a unit dislodged by one of the other type was compared.
fn compare(b: &Bridge, c: &Case, rng: &mut Rng, stats: &mut Stats) -> Result<bool, String> {
    let map = b.map;
    let adj = adjudicate(map, &c.pos, &c.orders);
    let (dorders, _) = b.main_orders(&c.pos, &c.orders);
    let start = b.unit_positions(&c.pos.units);
    let submission = Submission::new(&b.dmap, &start, dorders);
    let outcome = submission.adjudicate(Rulebook::edition_1982());
    let retreat_start = outcome.to_retreat_start();
    let ours_dis: BTreeSet<Piece> = adj
        .dislodged
        .iter()
        .map(|d| piece(&d.dislodged.unit))
        .collect();
    let theirs_dis: BTreeSet<Piece> = retreat_start
        .dislodged()
        .keys()
        .map(|o| b.piece_of(&o.unit_position()))
        .collect();
    if ours_dis != theirs_dis {
        return Err(format!(
            "the movement phase: dipspy dislodges {ours_dis:?}, the crate {theirs_dis:?}\n{}",
            board(map, &c.pos, &c.orders)
        ));
    }
    let next = &adj.next;
    let crossed = next.dislodged.iter().any(|d| {
        next.unit_at(d.unit.location.province)
            .is_some_and(|u| u.unit_type != d.unit.unit_type)
    });
    if !crossed {
        return Ok(false);
    }
    let rorders = retreat_orders(map, next, &adj, rng, stats);
    let radj = adjudicate(map, next, &rorders);
    let (drorders, rindex) = b.retreat_orders(next, &rorders);
    let context = RetreatContext::new(&retreat_start, drorders.clone());
    let routcome = context.resolve();
    let mut problems = Vec::new();
    for (k, (_, order)) in rorders.iter().enumerate() {
        stats.orders += 1;
        let ours = &radj.results[k];
        let theirs_ok = match rindex[k] {
            None => false,
            Some(di) => matches!(
                routcome.get(&drorders[di]),
                Some(RetreatOutcome::Moves | RetreatOutcome::DisbandsAsOrdered)
            ),
        };
        if (ours.outcome == Outcome::Succeeds) != theirs_ok {
            problems.push(format!(
                "{}: dipspy says {} ({}), the crate {:?}",
                order.to_text(map),
                ours.outcome,
                ours.reason,
                rindex[k].map(|di| routcome.get(&drorders[di]))
            ));
        }
    }
    // The board after the retreats: the units that were not dislodged,
    // and every retreat the crate let move.
    let mut theirs: BTreeSet<Piece> = next.units.iter().map(piece).collect();
    for o in &drorders {
        if let (Some(RetreatOutcome::Moves), Some(dest)) = (routcome.get(o), o.command.move_dest())
        {
            theirs.insert((
                b.power(&o.nation),
                bridge::from_dtype(o.unit_type),
                b.location(dest),
            ));
        }
    }
    let ours: BTreeSet<Piece> = radj.next.units.iter().map(piece).collect();
    if ours != theirs {
        problems.push(format!("the board: dipspy {ours:?}, the crate {theirs:?}"));
    }
    if problems.is_empty() {
        Ok(true)
    } else {
        Err(format!(
            "{}\n{}",
            problems.join("\n"),
            board(map, next, &rorders)
        ))
    }
}

#[test]
fn retreats_where_the_dislodger_stands_agree_with_the_diplomacy_crate() {
    let map = Map::standard();
    let b = Bridge::new(map);
    let near = Near::new(map);
    assert!(!near.two_coasts.is_empty() && near.split.len() > near.two_coasts.len());
    let mut rng = Rng::new(33);
    let mut stats = Stats::default();
    let mut failures = Vec::new();
    let mut cases = 0;
    while stats.phases < 1000 && cases < 20_000 && failures.len() < 5 {
        cases += 1;
        let c = case(map, &mut rng, &near);
        match compare(&b, &c, &mut rng, &mut stats) {
            Ok(true) => stats.phases += 1,
            Ok(false) => {}
            Err(e) => failures.push(format!("case {cases}:\n{e}")),
        }
    }
    eprintln!("{cases} cases: {stats:?}");
    assert!(
        failures.is_empty(),
        "{} disagreement(s) with the diplomacy crate:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(stats.phases >= 1000, "{stats:?}");
    assert!(
        stats.fleet_two_coasts >= 30 && stats.army_with_coast >= 50 && stats.by_dislodger >= 200,
        "too little of what the test is for: {stats:?}"
    );
}
