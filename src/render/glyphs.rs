//! Short texts set once as outlines (issue 24): the provinces' names and
//! the letters on the units, in the picture that is rasterised.
//!
//! Setting a text (shaping it with the font's tables) cost resvg more
//! than drawing the whole board: the shaper is set up anew for every
//! `<text>`, and a picture has some two hundred. The same few hundred
//! short strings come back in every picture of a map, so each is set
//! once, as its outline in SVG path data, and every later picture writes
//! that path where the text would stand. The outline is the one resvg
//! would have drawn (taken from usvg's own layout of the same text), so
//! the picture is the same to a fraction of a pixel. The SVG a reader
//! gets ([`super::render_svg`]) keeps its `<text>` elements.

use super::svg::esc;
use resvg::usvg;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

/// How a text is set: bold or regular DejaVu Sans, centred.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Where a text stands on its point (SVG's `text-anchor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// The outline of `text` set at `size` in `weight`, centred on x = 0
/// with its baseline at y = 0 (as `<text text-anchor="middle">` at the
/// origin), as SVG path data: empty when the text has no outline (or
/// could not be set).
pub fn outline(text: &str, size: &str, weight: Weight) -> Arc<str> {
    outline_anchored(text, size, weight, Anchor::Middle)
}

/// The outline of `text` as [`outline`], standing on the origin as
/// `anchor` says. Each text is set once per process: a map's names, the
/// letters on its units, the words of its title and legend.
pub(super) fn outline_anchored(text: &str, size: &str, weight: Weight, anchor: Anchor) -> Arc<str> {
    type Key = (String, String, Weight, Anchor);
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<str>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (text.to_string(), size.to_string(), weight, anchor);
    if let Some(d) = cache.lock().map_or(None, |c| c.get(&key).cloned()) {
        return d;
    }
    let d: Arc<str> = set(text, size, weight, anchor).into();
    if let Ok(mut c) = cache.lock() {
        // Legend lines count centres and units and titles name games:
        // a long-running judge sets new ones now and then.
        if c.len() > 20_000 {
            c.clear();
        }
        c.insert(key, d.clone());
    }
    d
}

/// The width of `text` set at `size` in `weight`, in picture units: the
/// extent of its glyphs as usvg lays them out (0 for a text with no
/// glyph). Each text is measured once per process.
pub(super) fn width(text: &str, size: &str, weight: Weight) -> f64 {
    type Key = (String, String, Weight);
    static CACHE: OnceLock<Mutex<HashMap<Key, f64>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (text.to_string(), size.to_string(), weight);
    if let Some(w) = cache.lock().map_or(None, |c| c.get(&key).copied()) {
        return w;
    }
    let svg = document(text, size, weight, Anchor::Start);
    let w = usvg::Tree::from_str(&svg, &super::png::options())
        .map_or(0.0, |t| f64::from(t.root().abs_bounding_box().width()));
    if let Ok(mut c) = cache.lock() {
        if c.len() > 20_000 {
            c.clear();
        }
        c.insert(key, w);
    }
    w
}

/// A document holding only `text`, set as a picture sets it.
fn document(text: &str, size: &str, weight: Weight, anchor: Anchor) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\" \
         font-family=\"DejaVu Sans\"><text font-size=\"{size}\"{} \
         text-anchor=\"{}\">{}</text></svg>",
        match weight {
            Weight::Regular => "",
            Weight::Bold => " font-weight=\"bold\"",
        },
        anchor.svg(),
        esc(text)
    )
}

/// Sets the text with usvg, as a picture would, and writes the outlines
/// of its glyphs as path data. Coordinates are written in full (an
/// `f32` prints the shortest form that reads back as itself).
fn set(text: &str, size: &str, weight: Weight, anchor: Anchor) -> String {
    let svg = document(text, size, weight, anchor);
    let mut d = String::new();
    if let Ok(tree) = usvg::Tree::from_str(&svg, &super::png::options()) {
        write_group(&mut d, tree.root());
    }
    d
}

fn write_group(d: &mut String, g: &usvg::Group) {
    for node in g.children() {
        match node {
            usvg::Node::Group(g) => write_group(d, g),
            usvg::Node::Text(t) => write_group(d, t.flattened()),
            usvg::Node::Path(p) => write_path(d, p),
            _ => {}
        }
    }
}

fn write_path(d: &mut String, p: &usvg::Path) {
    use resvg::tiny_skia::PathSegment;
    let ts = p.abs_transform();
    let Some(path) = p.data().clone().transform(ts) else {
        return;
    };
    for seg in path.segments() {
        let _ = match seg {
            PathSegment::MoveTo(a) => write!(d, "M{} {}", a.x, a.y),
            PathSegment::LineTo(a) => write!(d, "L{} {}", a.x, a.y),
            PathSegment::QuadTo(a, b) => write!(d, "Q{} {} {} {}", a.x, a.y, b.x, b.y),
            PathSegment::CubicTo(a, b, c) => {
                write!(d, "C{} {} {} {} {} {}", a.x, a.y, b.x, b.y, c.x, c.y)
            }
            PathSegment::Close => write!(d, "Z"),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_set_once_as_an_outline_centred_on_its_point() {
        let d = outline("Par", "12.5", Weight::Bold);
        assert!(d.starts_with('M'), "{d}");
        assert!(Arc::ptr_eq(&d, &outline("Par", "12.5", Weight::Bold)));
        // Centred: as much of it left of x = 0 as right of it.
        let xs: Vec<f32> = d
            .split(|c: char| c.is_ascii_alphabetic())
            .flat_map(|s| {
                s.split(' ')
                    .filter_map(|n| n.parse::<f32>().ok())
                    .step_by(2)
                    .collect::<Vec<_>>()
            })
            .collect();
        let (lo, hi) = xs
            .iter()
            .fold((f32::MAX, f32::MIN), |(l, h), x| (l.min(*x), h.max(*x)));
        assert!(lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 2.0, "{lo} {hi}");
        assert!(outline(" ", "12.5", Weight::Regular).is_empty());
    }
}
