//! The seeded material of `tests/it/support/sim.rs` (random positions, orders and
//! whole games for the differential test and the benchmarks): the same
//! seed gives the same material, and the material is what it claims.

use crate::support::sim;

use dipspy::engine::*;
use sim::*;

#[test]
fn same_seed_same_material() {
    let map = Map::standard();
    let g = Generator::new(map);
    let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    let pa = g.movement_position(&mut a);
    let pb = g.movement_position(&mut b);
    assert_eq!(pa, pb);
    assert_eq!(g.orders(&pa, &mut a), g.orders(&pb, &mut b));
}

#[test]
fn positions_are_crowded_and_legal() {
    let map = Map::standard();
    let g = Generator::new(map);
    let mut rng = Rng::new(1);
    for _ in 0..200 {
        let p = g.movement_position(&mut rng);
        assert!(p.units.len() >= 10, "only {} units", p.units.len());
        for u in &p.units {
            assert!(map.can_occupy(u.unit_type, u.location), "{}", u.text(map));
        }
        let mut provs: Vec<_> = p.units.iter().map(|u| u.location.province).collect();
        provs.sort();
        provs.dedup();
        assert_eq!(provs.len(), p.units.len(), "two units in one province");
    }
}

#[test]
fn orders_include_convoys_circles_and_supports() {
    let map = Map::standard();
    let g = Generator::new(map);
    let mut rng = Rng::new(3);
    let (mut convoys, mut support_moves, mut moves) = (0, 0, 0);
    for _ in 0..200 {
        let p = g.movement_position(&mut rng);
        for (_, o) in g.orders(&p, &mut rng) {
            match o {
                Order::Convoy { .. } => convoys += 1,
                Order::SupportMove { .. } => support_moves += 1,
                Order::Move { .. } => moves += 1,
                _ => {}
            }
        }
    }
    assert!(convoys > 50, "{convoys} convoy orders");
    assert!(support_moves > 200, "{support_moves} supports of moves");
    assert!(moves > 1000, "{moves} moves");
}

#[test]
fn a_game_runs_to_its_end() {
    let map = Map::standard();
    let g = simulate_game(map, 11, 1920);
    assert!(g.phases >= 20, "{} phases", g.phases);
    assert!(g.winner.is_some() || g.last.phase.year == 1921);
}

#[test]
fn paradox_position_is_well_formed() {
    let map = Map::standard();
    let (pos, orders) = paradox_heavy(map);
    assert_eq!(pos.units.len(), orders.len());
    let adj = adjudicate(map, &pos, &orders);
    assert!(
        adj.results
            .iter()
            .all(|r| r.outcome != dipspy::engine::Outcome::Invalid),
        "{:?}",
        adj.results
    );
}
