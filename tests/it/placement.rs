//! Nothing covers a name (issue 24): on every built-in map, at every
//! kind of phase (movement, retreat, adjustment), shown before its
//! orders, with them on the board before, and with the board after, the
//! units, names, centre markers, builds, dislodged units, standoff marks
//! and arrowheads are placed with no two boxes overlapping
//! (`render::placement` exposes the boxes).
//!
//! `DIPSPY_DUMP_PICTURES=DIR cargo test --test placement` also writes
//! every picture to DIR, to look at.

use dipspy::engine::adjudicate;
use dipspy::engine::{BUILTIN_MAPS, Location, Map, PowerId, ProvinceKind, UnitType};
use dipspy::engine::{DislodgedUnit, Position, Unit};
use dipspy::engine::{Order, UnitRef};
use dipspy::engine::{Phase, PhaseKind, Season};
use dipspy::render::{self, Scene};

/// Where a unit may move (its neighbours by its kind).
fn reach(map: &Map, u: &Unit) -> Vec<Location> {
    match u.unit_type {
        UnitType::Army => map
            .army_neighbours(u.location.province)
            .iter()
            .map(|p| Location::new(*p))
            .collect(),
        UnitType::Fleet => map.fleet_neighbours(u.location).to_vec(),
    }
}

fn uref(u: &Unit) -> UnitRef {
    UnitRef::new(Some(u.unit_type), u.location)
}

/// A movement phase's orders: an attack with support (of its own power
/// or another) wherever one
/// dislodges a unit, a move to a neighbour for most other units, a few
/// holds and supports, and one impossible move per power.
fn movement_orders(map: &Map, pos: &Position, round: usize) -> Vec<(PowerId, Order)> {
    let mut orders: Vec<(PowerId, Order)> = Vec::new();
    let mut used = vec![false; pos.units.len()];
    // Supported attacks: A attacks B's province, C supports.
    for (ai, a) in pos.units.iter().enumerate() {
        if used[ai] {
            continue;
        }
        for (bi, b) in pos.units.iter().enumerate() {
            if used[bi] || b.power == a.power {
                continue;
            }
            if !map.unit_reaches(a.unit_type, a.location, b.location.province) {
                continue;
            }
            let c = pos.units.iter().enumerate().find(|(ci, c)| {
                !used[*ci]
                    && *ci != ai
                    && c.power != b.power
                    && map.unit_reaches(c.unit_type, c.location, b.location.province)
            });
            if let Some((ci, c)) = c {
                let dest = reach(map, a)
                    .into_iter()
                    .find(|l| l.province == b.location.province)
                    .unwrap();
                orders.push((
                    a.power,
                    Order::Move {
                        unit: uref(a),
                        dest,
                        via_convoy: false,
                        route: Vec::new(),
                    },
                ));
                orders.push((
                    c.power,
                    Order::SupportMove {
                        unit: uref(c),
                        supported: uref(a),
                        dest: Location::new(b.location.province),
                    },
                ));
                orders.push((b.power, Order::Hold { unit: uref(b) }));
                used[ai] = true;
                used[bi] = true;
                used[ci] = true;
                break;
            }
        }
    }
    let mut impossible = vec![false; map.powers().len()];
    let far = map.provinces().last().unwrap().id;
    for (i, u) in pos.units.iter().enumerate() {
        if used[i] {
            continue;
        }
        let o =
            if !impossible[u.power.0 as usize] && !map.unit_reaches(u.unit_type, u.location, far) {
                impossible[u.power.0 as usize] = true;
                Order::Move {
                    unit: uref(u),
                    dest: Location::new(far),
                    via_convoy: false,
                    route: Vec::new(),
                }
            } else if i % 5 == 0 {
                Order::Hold { unit: uref(u) }
            } else {
                let r = reach(map, u);
                match r.get((i + round) % r.len().max(1)) {
                    Some(d) => Order::Move {
                        unit: uref(u),
                        dest: *d,
                        via_convoy: false,
                        route: Vec::new(),
                    },
                    None => Order::Hold { unit: uref(u) },
                }
            };
        orders.push((u.power, o));
    }
    orders
}

/// The opening position with an army of another power beside a first
/// army, and a second army of the first power beside it.
fn with_contact(map: &Map, mut pos: Position) -> Position {
    let n = map.powers().len() as u8;
    for a in pos.units.clone() {
        if a.unit_type != UnitType::Army {
            continue;
        }
        for &q in map.army_neighbours(a.location.province) {
            if pos.unit_at(q).is_some() {
                continue;
            }
            for &r in map.army_neighbours(q) {
                if r == a.location.province || pos.unit_at(r).is_some() {
                    continue;
                }
                pos.units.push(Unit {
                    power: PowerId((a.power.0 + 1) % n),
                    unit_type: UnitType::Army,
                    location: Location::new(q),
                });
                pos.units.push(Unit {
                    power: a.power,
                    unit_type: UnitType::Army,
                    location: Location::new(r),
                });
                return pos;
            }
        }
    }
    pos
}

/// A retreat phase: every third unit has a dislodged unit of another
/// power beside it; each retreats to a free neighbour or disbands.
fn retreat_phase(map: &Map) -> (Position, Vec<(PowerId, Order)>) {
    let mut pos = Position::initial(map, map.first_year());
    pos.phase = Phase::new(Season::Fall, map.first_year(), PhaseKind::Retreat);
    let n = map.powers().len() as u8;
    for (i, u) in pos.units.clone().iter().enumerate() {
        if i % 3 == 0 {
            pos.dislodged.push(DislodgedUnit {
                unit: Unit {
                    power: PowerId((u.power.0 + 1) % n),
                    ..*u
                },
                attacked_from: None,
            });
        }
    }
    // A standoff in an empty province next to the first dislodged unit.
    if let Some(l) = pos.dislodged.first().and_then(|d| {
        reach(map, &d.unit)
            .into_iter()
            .find(|l| pos.unit_at(l.province).is_none())
    }) {
        pos.contested.push(l.province);
    }
    let mut orders = Vec::new();
    for (k, d) in pos.dislodged.iter().enumerate() {
        let free = reach(map, &d.unit)
            .into_iter()
            .find(|l| pos.unit_at(l.province).is_none() && !pos.contested.contains(&l.province));
        let o = match free {
            Some(dest) if k % 4 != 3 => Order::Retreat {
                unit: uref(&d.unit),
                dest,
            },
            _ => Order::Disband {
                unit: uref(&d.unit),
            },
        };
        orders.push((d.unit.power, o));
    }
    (pos, orders)
}

/// An adjustment phase: the even powers have lost their units and build
/// in every home centre; the odd powers have lost a centre and remove a
/// unit; one build is refused (a centre not one's own).
fn adjustment_phase(map: &Map) -> (Position, Vec<(PowerId, Order)>) {
    let mut pos = Position::initial(map, map.first_year());
    pos.phase = Phase::new(Season::Winter, map.first_year(), PhaseKind::Adjustment);
    pos.units.retain(|u| u.power.0 % 2 == 1);
    let mut orders = Vec::new();
    for p in map.powers() {
        if p.id.0 % 2 == 0 {
            for prov in map.provinces().iter().filter(|q| q.home == Some(p.id)) {
                let unit_type = if prov.kind == ProvinceKind::Coast
                    && prov.coasts.is_empty()
                    && prov.id.0 % 2 == 0
                {
                    UnitType::Fleet
                } else {
                    UnitType::Army
                };
                orders.push((
                    p.id,
                    Order::Build {
                        unit_type,
                        location: Location::new(prov.id),
                    },
                ));
            }
        } else if let Some(c) = pos.centers_of(p.id).first().copied() {
            pos.owners[c.0 as usize] = None;
            if let Some(u) = pos.units_of(p.id).next() {
                orders.push((p.id, Order::Remove { unit: uref(u) }));
            }
        }
    }
    // A build in another power's centre: refused, drawn aside.
    if let Some(prov) = map
        .provinces()
        .iter()
        .find(|q| q.home.is_some_and(|h| h.0 % 2 == 1))
    {
        orders.push((
            PowerId(0),
            Order::Build {
                unit_type: UnitType::Army,
                location: Location::new(prov.id),
            },
        ));
    }
    (pos, orders)
}

fn check(map: &Map, what: &str, scene: &Scene<'_>) {
    let placed = render::placement(map, scene);
    assert!(!placed.boxes.is_empty());
    let overlaps = placed.overlaps();
    assert!(
        overlaps.is_empty(),
        "{} {what}: {} overlaps, first {:?}",
        map.name,
        overlaps.len(),
        &overlaps[..overlaps.len().min(8)]
    );
    // Every name and unit was placed.
    let labels = placed
        .boxes
        .iter()
        .filter(|b| b.kind == render::BoxKind::Label)
        .count();
    assert_eq!(labels, map.provinces().len(), "{} {what}", map.name);
    assert!(placed.units.len() >= scene.board().units.len());
    if let Ok(dir) = std::env::var("DIPSPY_DUMP_PICTURES") {
        let png = render::render_png(map, scene, render::MAIL_WIDTH).unwrap();
        std::fs::write(format!("{dir}/{}-{what}.png", map.name), png).unwrap();
    }
}

fn scenes_of(map: &Map, what: &str, pos: &Position, orders: &[(PowerId, Order)]) {
    dipspy::text::install();
    check(
        map,
        &format!("{what}-position"),
        &Scene::position(what, pos),
    );
    let adj = adjudicate(map, pos, orders);
    check(
        map,
        &format!("{what}-before"),
        &Scene::adjudicated_before(what, pos, orders, &adj),
    );
    check(
        map,
        &format!("{what}-after"),
        &Scene::adjudicated(what, pos, orders, &adj),
    );
}

#[test]
fn no_two_things_overlap_on_any_built_in_map_at_any_phase_kind() {
    for (name, _) in BUILTIN_MAPS {
        let map = Map::by_variant(name).unwrap();
        // Two more units where a unit of the first power meets another
        // power's, so that a supported attack dislodges it and the
        // picture after shows a dislodged unit and its retreats.
        let pos = with_contact(map, Position::initial(map, map.first_year()));
        let orders = movement_orders(map, &pos, 0);
        let adj = adjudicate(map, &pos, &orders);
        assert!(!adj.dislodged.is_empty(), "{name}: nobody dislodged");
        scenes_of(map, "movement", &pos, &orders);
        let (pos, orders) = retreat_phase(map);
        scenes_of(map, "retreat", &pos, &orders);
        let (pos, orders) = adjustment_phase(map);
        scenes_of(map, "adjustment", &pos, &orders);
    }
}

#[test]
fn the_overlap_check_notices_two_boxes_on_each_other() {
    let map = Map::standard();
    let pos = Position::initial(map, 1901);
    dipspy::text::install();
    let mut placed = render::placement(map, &Scene::position("g", &pos));
    assert!(placed.overlaps().is_empty());
    let first = placed.boxes[0].clone();
    placed.boxes.push(render::Placed {
        id: "copy".into(),
        ..first
    });
    assert_eq!(placed.overlaps().len(), 1);
}
