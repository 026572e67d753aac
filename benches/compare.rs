//! dipspy side by side with other adjudicators, on identical inputs in the
//! same run, so the ratios hold on a noisy machine.
//!
//! * `movement/<position>/<engine>`: one movement phase (the Spring 1901
//!   opening, a crowded mid-game, a paradox-heavy position) adjudicated by
//!   dipspy, by the `diplomacy` crate and by the `radip` crate. dipspy and
//!   the `diplomacy` crate produce the board after the phase (dislodged
//!   units and their retreats included); `radip` only decides the orders.
//! * `game/to 1920`: a whole random game from the opening, every phase
//!   generated and adjudicated by dipspy (throughput in phases).
//! * `parse/10000 lines`: reading 10,000 order lines (throughput in lines).
//! * `parse/10000 lines with errors`: the same lines, each spoilt in one of
//!   three ways (a word after the order, an unknown last word, a bad first
//!   word), so that every one is refused with its error.
//!
//! Run: `cargo bench --bench compare -- --measurement-time 3`.

// criterion_group! writes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../tests/it/support/bridge.rs"]
mod bridge;

#[path = "../tests/it/support/sim.rs"]
mod sim;

use bridge::Bridge;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use diplomacy::judge::{Rulebook, Submission};
use dipspy::engine::Position;
use dipspy::engine::adjudicate;
use dipspy::engine::{Map, PowerId, UnitType};
use dipspy::engine::{Order, parse_order};
use dipspy::scenario::Scenario;
use sim::{Generator, Rng, paradox_heavy, simulate_game};
use std::collections::{HashMap, HashSet};
use std::hint::black_box;

fn load(text: &str) -> (Position, Vec<(PowerId, Order)>) {
    let s = Scenario::parse(text).expect("fixture reads");
    let orders = s.parsed_orders();
    assert_eq!(orders.len(), s.orders.len(), "every fixture order parses");
    (s.position, orders)
}

/// dipspy's map and a position in `radip`'s terms.
struct Radip {
    map: radip::Map,
}

impl Radip {
    fn new(map: &Map) -> Radip {
        let mut provinces = HashMap::new();
        let mut fleet_adj = HashSet::new();
        let mut army_adj = HashSet::new();
        let coast =
            |c: Option<dipspy::engine::Coast>| c.map(|c| c.abbr().to_string()).unwrap_or_default();
        for p in map.provinces() {
            provinces.insert(
                p.abbr.clone(),
                radip::Province {
                    coasts: p.coasts.iter().map(|c| c.abbr().to_string()).collect(),
                    is_sea: p.kind == dipspy::engine::ProvinceKind::Sea,
                },
            );
            for &q in map.army_neighbours(p.id) {
                army_adj.insert((p.abbr.clone(), map.province(q).abbr.clone()));
            }
            let mut locs = vec![dipspy::engine::Location::new(p.id)];
            locs.extend(
                p.coasts
                    .iter()
                    .map(|&c| dipspy::engine::Location::with_coast(p.id, c)),
            );
            for l in locs {
                for m in map.fleet_neighbours(l) {
                    fleet_adj.insert((
                        (p.abbr.clone(), coast(l.coast)),
                        (map.province(m.province).abbr.clone(), coast(m.coast)),
                    ));
                }
            }
        }
        Radip {
            map: radip::Map {
                provinces,
                fleet_adj,
                army_adj,
            },
        }
    }

    fn input(
        &self,
        map: &Map,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> (radip::MapState, radip::Orders) {
        let name = |p: dipspy::engine::ProvinceId| map.province(p).abbr.clone();
        let mut units = HashMap::new();
        for u in &pos.units {
            let nation = map.power(u.power).name.clone();
            let unit = match u.unit_type {
                UnitType::Army => radip::Unit::Army(nation),
                UnitType::Fleet => radip::Unit::Fleet(
                    nation,
                    u.location
                        .coast
                        .map(|c| c.abbr().to_string())
                        .unwrap_or_default(),
                ),
            };
            units.insert(name(u.location.province), unit);
        }
        let mut out: radip::Orders = HashMap::new();
        for (_, o) in orders {
            let Some(unit) = o.unit() else { continue };
            let at = name(unit.location.province);
            let order: Box<dyn radip::Order> = match o {
                Order::Move { dest, .. } => Box::new(radip::base::Move {
                    dest: (
                        name(dest.province),
                        dest.coast.map(|c| c.abbr().to_string()).unwrap_or_default(),
                    ),
                }),
                Order::SupportHold { supported, .. } => Box::new(radip::base::SupportHold {
                    target: name(supported.location.province),
                }),
                Order::SupportMove {
                    supported, dest, ..
                } => Box::new(radip::base::SupportMove {
                    src: name(supported.location.province),
                    dest: name(dest.province),
                }),
                Order::Convoy { army, dest, .. } => Box::new(radip::base::Convoy {
                    src: name(army.location.province),
                    dest: name(dest.province),
                }),
                _ => Box::new(radip::base::Hold),
            };
            out.insert(at, order);
        }
        for u in &pos.units {
            out.entry(name(u.location.province))
                .or_insert_with(|| Box::new(radip::base::Hold));
        }
        (
            radip::MapState {
                units,
                ownership: HashMap::new(),
            },
            out,
        )
    }
}

fn movement(c: &mut Criterion) {
    let map = Map::standard();
    let bridge = Bridge::new(map);
    let radip = Radip::new(map);
    let mut group = c.benchmark_group("movement");
    let cases = [
        (
            "spring 1901 opening",
            load(include_str!("../fixtures/spring-1901.toml")),
        ),
        (
            "crowded mid-game",
            load(include_str!("../fixtures/midgame.toml")),
        ),
        ("paradox-heavy", paradox_heavy(map)),
    ];
    for (name, (position, orders)) in &cases {
        group.bench_function(BenchmarkId::new(*name, "dipspy"), |b| {
            b.iter(|| adjudicate(map, black_box(position), black_box(orders)))
        });
        let (dorders, _) = bridge.main_orders(position, orders);
        let start = bridge.unit_positions(&position.units);
        group.bench_function(BenchmarkId::new(*name, "diplomacy crate"), |b| {
            b.iter(|| {
                let submission =
                    Submission::new(&bridge.dmap, black_box(&start), black_box(dorders.clone()));
                let outcome = submission.adjudicate(Rulebook::edition_1982());
                let retreats = outcome.to_retreat_start();
                black_box(retreats.dislodged().len());
            })
        });
        let (state, rorders) = radip.input(map, position, orders);
        group.bench_function(BenchmarkId::new(*name, "radip crate"), |b| {
            b.iter(|| radip::adjudicate(&radip.map, black_box(&state), black_box(&rorders)))
        });
    }
    group.finish();
}

fn game(c: &mut Criterion) {
    let map = Map::standard();
    let seed = 1920;
    let phases = simulate_game(map, seed, 1920).phases as u64;
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(phases));
    group.bench_function("to 1920", |b| {
        b.iter(|| simulate_game(map, black_box(seed), 1920))
    });
    group.finish();
}

/// 10,000 order lines in dipspy's canonical form, from random phases of
/// all three kinds.
fn order_lines(map: &'static Map) -> Vec<(dipspy::engine::PhaseKind, String)> {
    let generator = Generator::new(map);
    let mut rng = Rng::new(10_000);
    let mut lines = Vec::with_capacity(10_000);
    let mut pos = Position::initial(map, 1901);
    while lines.len() < 10_000 {
        let orders = generator.orders(&pos, &mut rng);
        for (_, o) in &orders {
            lines.push((pos.phase.kind, o.to_text(map)));
        }
        pos = adjudicate(map, &pos, &orders).next;
        if pos.phase.year > 1920 {
            pos = generator.movement_position(&mut rng);
        }
    }
    lines.truncate(10_000);
    lines
}

fn parse(c: &mut Criterion) {
    let map = Map::standard();
    let lines = order_lines(map);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("10000 lines", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|(kind, line)| parse_order(map, *kind, black_box(line)).is_ok())
                .count()
        })
    });
    let spoilt: Vec<_> = lines
        .iter()
        .enumerate()
        .map(|(i, (kind, line))| (*kind, spoil(i, line)))
        .collect();
    group.bench_function("10000 lines with errors", |b| {
        b.iter(|| {
            spoilt
                .iter()
                .filter(|(kind, line)| parse_order(map, *kind, black_box(line)).is_err())
                .count()
        })
    });
    group.finish();
}

/// A good order line made bad: a word after the order, an unknown last
/// word, or a first word that is no unit type.
fn spoil(i: usize, line: &str) -> String {
    match i % 3 {
        0 => format!("{line} foo"),
        1 => match line.rsplit_once(' ') {
            Some((head, _)) => format!("{head} xyz"),
            None => format!("{line} xyz"),
        },
        _ => format!("Q {line}"),
    }
}

criterion_group!(benches, movement, game, parse);
criterion_main!(benches);
