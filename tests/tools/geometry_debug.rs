//! Draws a built-in map's provinces each in its own colour with its
//! anchors, and lists the adjacencies the drawing does not show (neither
//! a shared border nor a lane of the geometry file), to check a geometry
//! file by eye: `cargo run --example geometry_debug -- modern /tmp/geo.png`.
use dipspy::engine::Map;
use dipspy::render::Layout;
use dipspy::render::{Geometry, missing_borders};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("standard", String::as_str);
    let out = args.get(2).map_or("geometry.png", String::as_str);
    let map = Map::by_variant(name).expect("a built-in map");
    // Read from the files (not the embedded copies), to iterate without
    // rebuilding.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/maps/");
    let read = |ext: &str| std::fs::read_to_string(format!("{dir}{name}.{ext}")).expect("a file");
    let geo = Geometry::from_toml_str(&read("geometry.toml"))
        .and_then(|g| g.with_land_mask(&read("land.txt")))
        .expect("a geometry");
    let l = Layout::geographic(map, &geo);
    for (a, b) in missing_borders(map, &geo) {
        println!("not touching: {a} {b}");
    }
    // An optional crop: x y w h in picture units.
    let crop: Vec<f64> = args.iter().skip(3).filter_map(|a| a.parse().ok()).collect();
    let (vx, vy, vw, vh) = match crop[..] {
        [x, y, w, h] => (x, y, w, h),
        _ => (0.0, 0.0, l.width, l.height),
    };
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{vw}\" height=\"{vh}\" viewBox=\"{vx} {vy} {vw} {vh}\"><rect x=\"{vx}\" y=\"{vy}\" width=\"{}\" height=\"{}\" fill=\"#fff\"/><path d=\"{}\" fill=\"#999\"/><path d=\"{}\" fill=\"#ccd\"/>",
        l.width, l.height, l.impassable, l.water
    );
    for (i, p) in map.provinces().iter().enumerate() {
        let h = (i * 137) % 360;
        let light = if p.kind == dipspy::engine::ProvinceKind::Sea {
            88
        } else {
            70
        };
        o += &format!(
            "<path d=\"{}\" fill=\"hsl({h},60%,{light}%)\" stroke=\"#000\" stroke-width=\"0.5\"/>",
            l.provinces[i].path
        );
        for a in geo.anchors.get(&p.abbr).into_iter().flatten() {
            o += &format!("<circle cx=\"{}\" cy=\"{}\" r=\"1.5\"/>", a.0, a.1);
        }
        let u = l.provinces[i].unit;
        o += &format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
            u.0, u.1, p.abbr
        );
    }
    o += "</svg>";
    std::fs::write(out, dipspy::render::svg_to_png(&o, 1600).unwrap()).unwrap();
}
