//! Rasterises Natural Earth's land (TopoJSON, as in the `world-atlas`
//! npm package: `npm pack world-atlas`, file `land-50m.json`) onto the
//! grid of a dipspy geometry file and prints the land mask that
//! `src/render/geometry.rs` reads:
//!
//! ```sh
//! cargo run --example land_mask -- land-50m.json \
//!     src/engine/maps/standard.geometry.toml > src/engine/maps/standard.land.txt
//! ```
//!
//! A cell is land when its centre lies inside the land (even-odd rule
//! over every ring).

use dipspy::render::{Geometry, mask_text};
use serde_json::Value;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: land_mask LAND.json GEOMETRY.toml");
        std::process::exit(2);
    }
    let topo: Value =
        serde_json::from_str(&std::fs::read_to_string(&args[1]).expect("read topojson"))
            .expect("topojson is JSON");
    let geo = Geometry::from_toml_str(&std::fs::read_to_string(&args[2]).expect("read geometry"))
        .expect("geometry file");
    let proj = geo.projection;
    let t = &topo["transform"];
    let (sx, sy) = (
        t["scale"][0].as_f64().unwrap(),
        t["scale"][1].as_f64().unwrap(),
    );
    let (tx, ty) = (
        t["translate"][0].as_f64().unwrap(),
        t["translate"][1].as_f64().unwrap(),
    );
    // Decode the delta-encoded, quantised arcs into picture points.
    let arcs: Vec<Vec<(f64, f64)>> = topo["arcs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|arc| {
            let (mut x, mut y) = (0i64, 0i64);
            arc.as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    x += p[0].as_i64().unwrap();
                    y += p[1].as_i64().unwrap();
                    proj.project(x as f64 * sx + tx, y as f64 * sy + ty)
                })
                .collect()
        })
        .collect();
    let mut rings: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut ring_of = |r: &Value| {
        let mut pts: Vec<(f64, f64)> = Vec::new();
        for a in r.as_array().unwrap() {
            let i = a.as_i64().unwrap();
            let seg: Vec<(f64, f64)> = if i >= 0 {
                arcs[i as usize].clone()
            } else {
                arcs[(!i) as usize].iter().rev().copied().collect()
            };
            let skip = usize::from(!pts.is_empty());
            pts.extend(seg.into_iter().skip(skip));
        }
        rings.push(pts);
    };
    for g in topo["objects"]["land"]["geometries"].as_array().unwrap() {
        match g["type"].as_str().unwrap() {
            "Polygon" => g["arcs"].as_array().unwrap().iter().for_each(&mut ring_of),
            "MultiPolygon" => {
                for poly in g["arcs"].as_array().unwrap() {
                    poly.as_array().unwrap().iter().for_each(&mut ring_of);
                }
            }
            _ => {}
        }
    }
    let (cols, rows) = proj.grid_size();
    let mut land = vec![false; cols * rows];
    for r in 0..rows {
        let y = (r as f64 + 0.5) * proj.cell;
        let mut xs: Vec<f64> = Vec::new();
        for ring in &rings {
            for w in 0..ring.len() {
                let (a, b) = (ring[w], ring[(w + 1) % ring.len()]);
                if (a.1 <= y) != (b.1 <= y) {
                    xs.push(a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0));
                }
            }
        }
        xs.sort_by(f64::total_cmp);
        for pair in xs.chunks(2) {
            if let [x0, x1] = pair {
                for c in 0..cols {
                    let x = (c as f64 + 0.5) * proj.cell;
                    if x >= *x0 && x < *x1 {
                        land[r * cols + c] = true;
                    }
                }
            }
        }
    }
    print!(
        "# Natural Earth 1:50m land (public domain), rasterised by tests/tools/land_mask.rs\n{}",
        mask_text(cols, rows, &land)
    );
}
