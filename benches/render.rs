//! Picture speed (issues 13 and 24): the crowded 34-unit mid-game phase
//! with its orders and results drawn to SVG and rasterised to a PNG 1,200
//! pixels wide, as a results mail carries it, and every built-in map's
//! opening position to a PNG of the same width. Aim: under 50 ms each.
//! Run with `cargo bench --bench render`.

// criterion_group! writes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use dipspy::engine::Position;
use dipspy::engine::{BUILTIN_MAPS, Map};
use dipspy::render::{self, Scene};
use dipspy::scenario::Scenario;
use std::hint::black_box;

fn pictures(c: &mut Criterion) {
    let run = Scenario::parse(include_str!("../fixtures/midgame.toml"))
        .expect("fixture reads")
        .run();
    assert_eq!(run.scenario.position.units.len(), 34);
    let map = run.scenario.map;
    let orders = run.adjudicated_orders();
    let scene = Scene::adjudicated(
        "midgame",
        &run.scenario.position,
        &orders,
        &run.adjudication,
    );
    // The map's layout is built once per process; the mails pay for it once.
    let _ = render::render_png(map, &scene, render::MAIL_WIDTH).expect("a picture");
    let mut group = c.benchmark_group("picture");
    group.sample_size(20);
    group.bench_function("34-unit phase to PNG, 1200 px", |b| {
        b.iter(|| render::render_png(map, black_box(&scene), render::MAIL_WIDTH).unwrap())
    });
    group.bench_function("34-unit phase to SVG", |b| {
        b.iter(|| render::render_svg(map, black_box(&scene)))
    });
    group.finish();
}

fn every_map(c: &mut Criterion) {
    // A picture's words, handed down by the words layer.
    dipspy::text::install();
    let mut group = c.benchmark_group("map");
    group.sample_size(20);
    for (name, _) in BUILTIN_MAPS {
        let map = Map::by_variant(name).expect("a built-in map");
        let pos = Position::initial(map, map.first_year());
        let scene = Scene::position(name, &pos);
        // The layout is built once per process, as for the mails.
        let _ = render::render_png(map, &scene, render::MAIL_WIDTH).expect("a picture");
        group.bench_function(format!("{name} opening to PNG, 1200 px"), |b| {
            b.iter(|| render::render_png(map, black_box(&scene), render::MAIL_WIDTH).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, pictures, every_map);
criterion_main!(benches);
