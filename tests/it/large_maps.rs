//! Maps of more than 255 provinces (issue 24: the largest DPjudge map
//! files of the hobby have a few hundred). A generated DPjudge map of 288
//! land provinces in a grid is read, adjudicated where province numbers
//! pass 255, and played at random for ten years.

use crate::support::sim;

use dipspy::engine::PhaseKind;
use dipspy::engine::Position;
use dipspy::engine::adjudicate;
use dipspy::engine::{Map, ProvinceId};
use dipspy::engine::{Order, parse_order};
use sim::simulate_game;

const W: usize = 18;
const H: usize = 16;

/// The abbreviation of the grid cell at column `x`, row `y`: `zaa`, `zab`, ...
fn abbr(x: usize, y: usize) -> String {
    let i = y * W + x;
    let a = (b'a' + (i / 26) as u8) as char;
    let b = (b'a' + (i % 26) as u8) as char;
    format!("z{a}{b}")
}

/// A DPjudge map: a grid of land provinces, each next to its four
/// neighbours; four powers in the corners with three home centres and an
/// army in each; a neutral centre every fifth cell.
fn grid_map() -> String {
    let mut text = String::from("BEGIN SPRING 1901 MOVEMENT\n");
    for y in 0..H {
        for x in 0..W {
            let a = abbr(x, y);
            text.push_str(&format!("Zone {} = {a}\n", a.to_uppercase()));
        }
    }
    for y in 0..H {
        for x in 0..W {
            let mut n = Vec::new();
            if x > 0 {
                n.push(abbr(x - 1, y));
            }
            if x + 1 < W {
                n.push(abbr(x + 1, y));
            }
            if y > 0 {
                n.push(abbr(x, y - 1));
            }
            if y + 1 < H {
                n.push(abbr(x, y + 1));
            }
            let n: Vec<String> = n.iter().map(|s| s.to_uppercase()).collect();
            text.push_str(&format!("LAND {} ABUTS {}\n", abbr(x, y), n.join(" ")));
        }
    }
    let corners = [
        ("ALPHA", [(0, 0), (1, 0), (0, 1)]),
        ("BRAVO", [(W - 1, 0), (W - 2, 0), (W - 1, 1)]),
        ("CHARLIE", [(0, H - 1), (1, H - 1), (0, H - 2)]),
        ("DELTA", [(W - 1, H - 1), (W - 2, H - 1), (W - 1, H - 2)]),
    ];
    let mut homes = Vec::new();
    for (power, cells) in corners {
        let names: Vec<String> = cells.iter().map(|&(x, y)| abbr(x, y)).collect();
        text.push_str(&format!("{power} {}\n", names.join(" ").to_uppercase()));
        for n in &names {
            text.push_str(&format!("A {}\n", n.to_uppercase()));
        }
        homes.extend(names);
    }
    let neutral: Vec<String> = (0..W * H)
        .filter(|i| i % 5 == 2)
        .map(|i| abbr(i % W, i / W))
        .filter(|a| !homes.contains(a))
        .collect();
    text.push_str(&format!("UNOWNED {}\n", neutral.join(" ").to_uppercase()));
    text
}

fn map() -> Map {
    Map::from_dpjudge_str("grid", &grid_map(), &|_| None).expect("the grid map reads")
}

#[test]
fn a_map_of_288_provinces_is_read() {
    let m = map();
    assert_eq!(m.provinces().len(), W * H);
    assert_eq!(m.powers().len(), 4);
    // The last cell's number is past what one byte holds.
    let last = m
        .province_by_name(&abbr(W - 1, H - 1))
        .expect("the last cell");
    assert_eq!(last, ProvinceId((W * H - 1) as u16));
    assert!(last.0 > 255);
}

#[test]
fn orders_past_province_255_are_adjudicated() {
    let m = map();
    let pos = Position::initial(&m, m.first_year());
    let delta = m.power_by_name("delta").unwrap();
    // Two of Delta's armies in the last row (cells 287 and 286) move west.
    let orders: Vec<_> = [
        format!("A {} - {}", abbr(W - 1, H - 1), abbr(W - 3, H - 1)),
        format!("A {} - {}", abbr(W - 2, H - 1), abbr(W - 3, H - 1)),
    ]
    .iter()
    .map(|o| {
        let order = parse_order(&m, PhaseKind::Movement, o).expect("an order of the grid");
        (delta, order)
    })
    .collect::<Vec<(_, Order)>>();
    // The first is not adjacent (two cells away): void; the second moves.
    let adj = adjudicate(&m, &pos, &orders);
    assert_eq!(adj.results[0].outcome.as_str(), "invalid");
    assert_eq!(adj.results[1].outcome.as_str(), "succeeds");
    let moved = m.province_by_name(&abbr(W - 3, H - 1)).unwrap();
    assert!(moved.0 > 255);
    assert!(
        adj.next
            .units
            .iter()
            .any(|u| u.power == delta && u.location.province == moved)
    );
}

#[test]
fn ten_random_years_on_the_grid() {
    let m = map();
    for seed in 1..=3 {
        let g = simulate_game(&m, seed, 1910);
        assert!(g.phases >= 20, "seed {seed}: {} phases", g.phases);
        let mut seen = std::collections::HashSet::new();
        for u in &g.last.units {
            assert!(seen.insert(u.location.province), "two units in one cell");
        }
    }
}
