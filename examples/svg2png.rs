//! Times the steps of a picture (parse, render, encode) in release:
//! `cargo run --release --example svg2png -- IN.svg`.
use resvg::{tiny_skia, usvg};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let svg = std::fs::read_to_string(&a[1]).expect("read the SVG");
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let png = dipspy::render::svg_to_png(&svg, 1200).unwrap();
        let all = t.elapsed();
        let t = std::time::Instant::now();
        let opt = usvg::Options::default();
        let tree =
            usvg::Tree::from_str(&svg.replace("font-family=\"DejaVu Sans\"", ""), &opt).unwrap();
        let parse = t.elapsed();
        let t = std::time::Instant::now();
        let mut pm = tiny_skia::Pixmap::new(1200, 1300).unwrap();
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut pm.as_mut());
        let render = t.elapsed();
        let t = std::time::Instant::now();
        let _ = pm.encode_png();
        let enc = t.elapsed();
        println!(
            "all {all:?} ({} bytes); parse(no text) {parse:?} render {render:?} encode(default) {enc:?}",
            png.len()
        );
    }
}
