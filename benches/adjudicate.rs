//! Adjudication speed: one movement phase, from parsed orders to the next
//! position. Run with `cargo bench --bench adjudicate`.

// criterion_group! writes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use dipspy::engine::Order;
use dipspy::engine::Position;
use dipspy::engine::PowerId;
use dipspy::engine::adjudicate;
use dipspy::scenario::Scenario;
use std::hint::black_box;

fn load(text: &str) -> (Position, Vec<(PowerId, Order)>) {
    let s = Scenario::parse(text).expect("fixture reads");
    let orders = s.parsed_orders();
    assert_eq!(orders.len(), s.orders.len(), "every fixture order parses");
    (s.position, orders)
}

fn movement(c: &mut Criterion) {
    let map = dipspy::engine::Map::standard();
    let mut group = c.benchmark_group("movement phase");
    for (name, text) in [
        (
            "spring 1901 opening",
            include_str!("../fixtures/spring-1901.toml"),
        ),
        ("crowded mid-game", include_str!("../fixtures/midgame.toml")),
    ] {
        let (position, orders) = load(text);
        group.bench_function(name, |b| {
            b.iter(|| adjudicate(map, black_box(&position), black_box(&orders)))
        });
    }
    group.finish();
}

criterion_group!(benches, movement);
criterion_main!(benches);
