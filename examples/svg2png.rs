//! Rasterises an SVG file with dipspy's renderer (fonts included):
//! `cargo run --example svg2png -- IN.svg OUT.png [WIDTH]`.
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let svg = std::fs::read_to_string(&a[1]).expect("read the SVG");
    let w = a.get(3).and_then(|w| w.parse().ok()).unwrap_or(1200);
    let png = dipspy::render::svg_to_png(&svg, w).expect("render");
    std::fs::write(&a[2], &png).expect("write the PNG");
    println!("{} bytes", png.len());
}
