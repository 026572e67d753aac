//! Draws the standard map's provinces each in its own colour with its
//! anchors, to check a geometry file by eye:
//! `cargo run --example geometry_debug -- /tmp/geo.png`.
use dipspy::engine::map::Map;
use dipspy::render::geometry::Geometry;
use dipspy::render::layout::Layout;

fn main() {
    let map = Map::standard();
    let geo = Geometry::standard();
    let l = Layout::geographic(map, &geo);
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path d=\"{}\" fill=\"#999\"/>",
        l.width, l.height, l.impassable
    );
    for (i, p) in map.provinces().iter().enumerate() {
        let h = (i * 137) % 360;
        o += &format!(
            "<path d=\"{}\" fill=\"hsl({h},60%,75%)\" stroke=\"#000\" stroke-width=\"0.5\"/>",
            l.provinces[i].path
        );
        for a in geo.anchors.get(&p.abbr).into_iter().flatten() {
            o += &format!("<circle cx=\"{}\" cy=\"{}\" r=\"2\"/>", a.0, a.1);
        }
        let u = l.provinces[i].unit;
        o += &format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            u.0, u.1, p.abbr
        );
    }
    o += "</svg>";
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "geometry.png".into());
    std::fs::write(out, dipspy::render::svg_to_png(&o, 1200).unwrap()).unwrap();
}
