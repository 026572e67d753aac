//! The leak test: nothing of the secret log reaches a power it should not.

use super::*;

/// A small deterministic generator (no dependency needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal-looking order for a unit: hold or a move to a neighbour.
fn random_order(rng: &mut Rng, u: &Unit) -> Order {
    let m = map();
    let unit = dipspy::engine::UnitRef::new(Some(u.unit_type), u.location);
    let dests: Vec<dipspy::engine::Location> = match u.unit_type {
        dipspy::engine::UnitType::Army => m
            .army_neighbours(u.location.province)
            .iter()
            .map(|p| dipspy::engine::Location::new(*p))
            .collect(),
        dipspy::engine::UnitType::Fleet => m.fleet_neighbours(u.location).to_vec(),
    };
    if dests.is_empty() || rng.below(3) == 0 {
        return Order::Hold { unit };
    }
    Order::Move {
        unit,
        dest: dests[rng.below(dests.len())],
        via_convoy: false,
        route: Vec::new(),
    }
}

/// A generated phase: position, orders, spy orders.
type Generated = (Position, Vec<(PowerId, Order)>, Vec<(PowerId, SpyOrder)>);

fn random_phase(rng: &mut Rng) -> Generated {
    let mut p = Position::initial(map(), 1901);
    p.phase = Phase::parse(["S1903M", "F1904M"][rng.below(2)]).unwrap();
    // Shuffle the board a little: a random move for some units.
    let first = adjudicate(
        map(),
        &Position::initial(map(), 1901),
        &Position::initial(map(), 1901)
            .units
            .iter()
            .map(|u| (u.power, random_order(rng, u)))
            .collect::<Vec<_>>(),
    );
    p.units = first.next.units;
    let units = p.units.clone();
    let powers: Vec<PowerId> = map().powers().iter().map(|x| x.id).collect();
    let mut orders: Vec<(PowerId, Order)> = Vec::new();
    for u in &units {
        if rng.below(4) != 0 {
            orders.push((u.power, random_order(rng, u)));
        }
    }
    // Supports for some of the moves, so that units get dislodged.
    let moves: Vec<(dipspy::engine::UnitRef, dipspy::engine::Location)> = orders
        .iter()
        .filter_map(|(_, o)| match o {
            Order::Move { unit, dest, .. } => Some((*unit, *dest)),
            _ => None,
        })
        .collect();
    for (_, o) in orders.iter_mut() {
        let Some(me) = o.unit().copied() else {
            continue;
        };
        let t = me.unit_type.expect("typed");
        let helps = moves.iter().find(|(m, dest)| {
            m.location != me.location && map().unit_reaches(t, me.location, dest.province)
        });
        if let Some((m, dest)) = helps
            && rng.below(2) == 0
        {
            *o = Order::SupportMove {
                unit: me,
                supported: *m,
                dest: *dest,
            };
        }
    }
    let mut spies = Vec::new();
    for _ in 0..rng.below(14) {
        let power = powers[rng.below(powers.len())];
        let u = units[rng.below(units.len())];
        let unit = dipspy::engine::UnitRef::new(Some(u.unit_type), u.location);
        let s = match rng.below(6) {
            0 => SpyOrder::Spy { target: unit },
            1 => SpyOrder::CounterSpy { unit },
            2 => SpyOrder::Reaction(random_order(rng, &u)),
            3 => SpyOrder::Anti {
                nation: powers[rng.below(powers.len())],
            },
            _ => SpyOrder::Fake {
                order: random_order(rng, &u),
                retreat: None,
            },
        };
        let power = if matches!(s, SpyOrder::CounterSpy { .. } | SpyOrder::Reaction(_))
            && rng.below(2) == 0
        {
            u.power
        } else {
            power
        };
        spies.push((power, s));
    }
    (p, orders, spies)
}

/// Only the spy's own order and the target owner's counter-spy may shape a
/// power's private report (ESP-6).
fn relevant_to(
    map: &Map,
    r: &Position,
    power: PowerId,
    spies: &[(PowerId, SpyOrder)],
) -> Vec<(PowerId, SpyOrder)> {
    let _ = map;
    let owners: Vec<PowerId> = spies
        .iter()
        .filter_map(|(p, s)| match s {
            SpyOrder::Spy { target } if *p == power => {
                r.unit_at(target.location.province).map(|u| u.power)
            }
            _ => None,
        })
        .collect();
    spies
        .iter()
        .filter(|(p, s)| match s {
            SpyOrder::Spy { .. } => *p == power,
            SpyOrder::CounterSpy { .. } => owners.contains(p),
            _ => false,
        })
        .cloned()
        .collect()
}

/// SPI-10: a stopped Fake's line names no power but through the owner's
/// adjective; a collision's line names only the powers it exposed.
fn check_public(round: usize, p: &Position, r: &Resolution) {
    let names: Vec<String> = map().powers().iter().map(|p| p.display_name()).collect();
    for line in &public(r) {
        if let Some(rest) = line.strip_prefix("A Fake was stopped by an Anti: ") {
            let (order, owner) = rest.rsplit_once(" (").expect("owner");
            for n in &names {
                assert!(!order.contains(n.as_str()), "round {round}: {line}");
            }
            let order = parse_order(map(), p.phase.kind, order).unwrap();
            let at = order.unit().unwrap().location.province;
            let u = p
                .unit_at(at)
                .or(p
                    .dislodged
                    .iter()
                    .map(|d| &d.unit)
                    .find(|u| u.location.province == at))
                .unwrap();
            assert_eq!(
                owner,
                format!("{} orders)", map().power(u.power).adjective),
                "round {round}"
            );
        } else {
            assert!(line.starts_with("Fakes collided"), "round {round}: {line}");
            for (i, n) in names.iter().enumerate() {
                if line.contains(n.as_str()) {
                    assert!(
                        r.organisations.exposed.contains(&PowerId(i as u8)),
                        "round {round}: {line}"
                    );
                }
            }
        }
    }
}

/// Random retreat-phase Fakes and Antis for the units a movement phase
/// dislodged.
fn random_retreat_spies(rng: &mut Rng, p: &Position) -> Vec<(PowerId, SpyOrder)> {
    let powers: Vec<PowerId> = map().powers().iter().map(|x| x.id).collect();
    let mut out = Vec::new();
    for _ in 0..rng.below(6) {
        let power = powers[rng.below(powers.len())];
        let d = &p.dislodged[rng.below(p.dislodged.len())].unit;
        let unit = dipspy::engine::UnitRef::new(Some(d.unit_type), d.location);
        let order = match random_order(rng, d) {
            Order::Move { dest, .. } => Order::Retreat { unit, dest },
            _ => Order::Disband { unit },
        };
        let s = if rng.below(4) == 0 {
            SpyOrder::Anti {
                nation: powers[rng.below(powers.len())],
            }
        } else {
            SpyOrder::Fake {
                order,
                retreat: None,
            }
        };
        out.push((power, s));
    }
    out
}

#[test]
fn leak_test_public_and_private_output() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let all = Organisations::at_start(map(), true);
    let names: Vec<String> = map().powers().iter().map(|p| p.display_name()).collect();
    let mut retreats = 0;
    for round in 0..1000 {
        let (p, ord, spies) = random_phase(&mut rng);
        let c = ctx(&p, BOTH, &all);
        let r = resolve(&c, &ord, &spies);
        check_public(round, &p, &r);
        // Private: one line per spying power, only about its own spy, the
        // same whatever the other powers' espionage was.
        for (power, lines) in &r.private {
            assert_eq!(lines.len(), 1, "round {round}");
            let line = &dipspy::text::render_told(dipspy::text::Lang::En, map(), &lines[0]);
            assert!(line.starts_with("Your spy on "), "round {round}: {line}");
            for n in &names {
                assert!(!line.contains(n.as_str()), "round {round}: {line}");
            }
            let alone = relevant_to(map(), &p, *power, &spies);
            let r2 = resolve(&c, &ord, &alone);
            assert_eq!(r2.private.get(power), Some(lines), "round {round}");
        }
        for (power, _) in &spies {
            if !r.private.contains_key(power) {
                let alone = relevant_to(map(), &p, *power, &spies);
                assert!(!resolve(&c, &ord, &alone).private.contains_key(power));
            }
        }
        // On to the retreat phase of the same round, when there is one.
        let input: Vec<(PowerId, Order)> = r
            .orders
            .iter()
            .map(|o| (o.power, o.order.clone()))
            .collect();
        let adj = adjudicate(map(), &p, &input);
        if adj.next.phase.kind != PhaseKind::Retreat || adj.next.dislodged.is_empty() {
            continue;
        }
        retreats += 1;
        let rp = adj.next;
        let rs = random_retreat_spies(&mut rng, &rp);
        let c = ctx(&rp, BOTH, &r.organisations);
        let rr = resolve(&c, &[], &rs);
        check_public(round, &rp, &rr);
        assert!(
            rr.private.is_empty(),
            "round {round}: nothing private in a retreat"
        );
        for o in &rr.orders {
            if let Source::Fake { faker } = o.source {
                assert!(
                    !r.organisations.exposed.contains(&faker),
                    "round {round}: an exposed power's Fake took effect"
                );
            }
        }
    }
    assert!(retreats > 30, "only {retreats} retreat phases generated");
}
