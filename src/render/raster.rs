//! A scene to pixels, fast enough for every mail (issue 24: at most
//! 50 ms for a 1,200 px picture).
//!
//! The board under a picture (the white page, the water and its lines,
//! impassable land, every province's outline) is the same in every
//! picture of a map but for the tints of the supply centres owned. The
//! page and the water are drawn once per map and size and kept
//! ([`Board`]), and the provinces' outlines are read once; a picture
//! starts from a copy of the water, paints every province (fill, then
//! border, in the SVG's order and as resvg paints an SVG path, so that
//! the pixels are the same), and has resvg draw the rest of its SVG over
//! that ([`super::draw`] with `raster`). Reading the provinces' outlines
//! took a fifth of a picture's time.
//!
//! (Keeping the provinces drawn too and repainting only the centres
//! owned was tried: a repainted province's edge pixels, and the coast
//! where a sea's border lies over it, come out up to a fifth of the
//! way to another colour on thousands of pixels, beyond the golden
//! pictures' tolerance.)

use super::layout::{self, Layout};
use super::png::{PngError, encode, options};
use super::{Scene, board, palette, svg};
use crate::engine::{Map, ProvinceKind};
use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The picture of a scene as PNG, `width` pixels wide.
///
/// Once a map's board is kept (every picture of the map but its first
/// at this size), reading the picture's SVG and painting its provinces
/// run side by side, on a second thread and this one.
pub(super) fn render(map: &Map, scene: &Scene<'_>, width: u32) -> Result<Vec<u8>, PngError> {
    let svg = super::draw(map, scene, true);
    let parse =
        |svg: &str| usvg::Tree::from_str(svg, &options()).map_err(|e| PngError::Svg(e.to_string()));
    let layout = layout::layout_for(map);
    let extra = super::judge_panel(map, scene).height();
    let (tree, board, pixmap) = match kept_board(map, extra, width) {
        Some(board) => {
            let (tree, pixmap) = std::thread::scope(|s| {
                let tree = s.spawn(|| parse(&svg));
                let pixmap = paint(map, scene, &board);
                (tree.join(), pixmap)
            });
            // Should the thread have failed, read it on this one.
            let tree = tree.unwrap_or_else(|_| parse(&svg))?;
            (tree, board, pixmap)
        }
        None => {
            let tree = parse(&svg)?;
            let board = board_for(map, &layout, extra, &tree, width)?;
            let pixmap = paint(map, scene, &board);
            (tree, board, pixmap)
        }
    };
    let (scale, _) = page(&tree, width)?;
    if scale.to_bits() != board.scale.to_bits() {
        // Not the board's size after all (never seen): draw it anew.
        let board = draw_board(map, &layout, extra, &tree, width)?;
        return finish(&tree, paint(map, scene, &board), scale, scene);
    }
    finish(&tree, pixmap, scale, scene)
}

/// The scale from the SVG's units to pixels for a picture `width` pixels
/// wide, and its height in pixels.
fn page(tree: &usvg::Tree, width: u32) -> Result<(f32, u32), PngError> {
    let size = tree.size();
    if width == 0 || width > 8000 {
        return Err(PngError::Size(width));
    }
    let scale = width as f32 / size.width();
    Ok((scale, (size.height() * scale).ceil() as u32))
}

/// A copy of the board with every province painted, centres in their
/// owners' tints.
fn paint(map: &Map, scene: &Scene<'_>, board: &Board) -> tiny_skia::Pixmap {
    let mut pixmap = board.pixmap.clone();
    let owners = scene.board_for(map);
    for (i, shape) in board.shapes.iter().enumerate() {
        let Some(shape) = shape else {
            continue;
        };
        let tint = match owners.owner(map.provinces()[i].id) {
            Some(owner) if shape.centre => colour(&palette::tint(owner.0 as usize)),
            _ => None,
        };
        shape.paint(&mut pixmap, tint.or(shape.fill), board.transform);
    }
    pixmap
}

/// The rest of the picture drawn over the board, and encoded.
fn finish(
    tree: &usvg::Tree,
    mut pixmap: tiny_skia::Pixmap,
    scale: f32,
    scene: &Scene<'_>,
) -> Result<Vec<u8>, PngError> {
    resvg::render(
        tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode(&pixmap, Some(scene.words.description()))
}

/// A map's board drawn at one size, every province unowned.
struct Board {
    pixmap: tiny_skia::Pixmap,
    /// From the SVG's units to pixels.
    scale: f32,
    /// Per province: its outline, to be filled and bordered.
    shapes: Vec<Option<Shape>>,
    /// From the map's coordinates to the pixmap's.
    transform: tiny_skia::Transform,
}

/// A province's outline as usvg read it, and how its border is drawn.
struct Shape {
    path: Arc<tiny_skia::Path>,
    /// Its own transform (the map's offset below the title).
    transform: tiny_skia::Transform,
    rule: tiny_skia::FillRule,
    anti_alias: bool,
    stroke: Option<(tiny_skia::Stroke, [u8; 4])>,
    /// Its fill when unowned (none for a sea over the water).
    fill: Option<[u8; 4]>,
    /// A land supply centre: tinted by its owner.
    centre: bool,
}

impl Shape {
    /// Fills the outline with `fill` (if any) and draws its border, as
    /// resvg draws an SVG path.
    fn paint(
        &self,
        pixmap: &mut tiny_skia::Pixmap,
        fill: Option<[u8; 4]>,
        page: tiny_skia::Transform,
    ) {
        let ts = page.pre_concat(self.transform);
        let b = self.path.bounds();
        let mut paint = tiny_skia::Paint {
            anti_alias: self.anti_alias,
            ..tiny_skia::Paint::default()
        };
        if let Some(fill) = fill.filter(|_| b.width() != 0.0 && b.height() != 0.0) {
            paint.set_color_rgba8(fill[0], fill[1], fill[2], fill[3]);
            pixmap.fill_path(&self.path, &paint, self.rule, ts, None);
        }
        if let Some((stroke, c)) = &self.stroke {
            paint.set_color_rgba8(c[0], c[1], c[2], c[3]);
            pixmap.stroke_path(&self.path, &paint, stroke, ts, None);
        }
    }
}

type BoardKey = (String, usize, u64, u32);

/// The boards kept: per map, height of the judge's list and width.
fn boards() -> &'static Mutex<HashMap<BoardKey, Arc<Board>>> {
    static CACHE: OnceLock<Mutex<HashMap<BoardKey, Arc<Board>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn board_key(map: &Map, extra: f64, width: u32) -> BoardKey {
    (
        map.name.clone(),
        map.provinces().len(),
        extra.to_bits(),
        width,
    )
}

/// The board of `map` for a picture `extra` units taller than the map
/// and its bands (the judge's list of espionage), `width` pixels wide,
/// if it is kept.
fn kept_board(map: &Map, extra: f64, width: u32) -> Option<Arc<Board>> {
    let key = board_key(map, extra, width);
    boards().lock().map_or(None, |c| c.get(&key).cloned())
}

/// The board of `map` for the picture `tree`, `width` pixels wide: drawn
/// once and kept.
fn board_for(
    map: &Map,
    layout: &Layout,
    extra: f64,
    tree: &usvg::Tree,
    width: u32,
) -> Result<Arc<Board>, PngError> {
    if let Some(b) = kept_board(map, extra, width) {
        return Ok(b);
    }
    let board = Arc::new(draw_board(map, layout, extra, tree, width)?);
    if let Ok(mut c) = boards().lock() {
        // Pictures of other sizes (the judge's, with espionage listed
        // below the legend) are rarer: a few boards per map at most.
        if c.len() > 32 {
            c.clear();
        }
        c.insert(board_key(map, extra, width), board.clone());
    }
    Ok(board)
}

/// Draws the page, the water and every province unowned, as the SVG of
/// [`super::render_svg`] draws them.
fn draw_board(
    map: &Map,
    layout: &Layout,
    extra: f64,
    tree: &usvg::Tree,
    width: u32,
) -> Result<Board, PngError> {
    let (scale, height) = page(tree, width)?;
    // The same document as a picture's, of the same size, holding only
    // the page and the board.
    let doc = || {
        svg::Svg::new(
            layout.width,
            layout.height,
            map.powers().len(),
            extra,
            false,
        )
    };
    let mut water = String::new();
    board::draw_water(&mut water, layout);
    let mut page = doc();
    page.push(&water);
    let tree = usvg::Tree::from_str(&page.finish(), &options())
        .map_err(|e| PngError::Svg(e.to_string()))?;
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size(width))?;
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    // The provinces, read as a picture reads them; their fills are
    // painted for each picture.
    let mut outlines = String::new();
    board::draw_provinces(&mut outlines, map, layout, |_| None);
    let mut s = doc();
    s.push(&outlines);
    let provinces =
        usvg::Tree::from_str(&s.finish(), &options()).map_err(|e| PngError::Svg(e.to_string()))?;
    let mut shapes: Vec<Option<Shape>> = (0..map.provinces().len()).map(|_| None).collect();
    let index: HashMap<String, (usize, bool)> = map
        .provinces()
        .iter()
        .map(|p| {
            let centre = p.kind != ProvinceKind::Sea && p.supply_center;
            (format!("prov-{}", p.abbr), (p.id.0 as usize, centre))
        })
        .collect();
    collect(provinces.root(), &index, &mut shapes);
    Ok(Board {
        pixmap,
        scale,
        shapes,
        transform,
    })
}

/// The provinces' outlines, by their SVG ids.
fn collect(g: &usvg::Group, index: &HashMap<String, (usize, bool)>, out: &mut [Option<Shape>]) {
    for node in g.children() {
        match node {
            usvg::Node::Group(g) => collect(g, index, out),
            usvg::Node::Path(p) => {
                let Some(&(i, centre)) = index.get(p.id()) else {
                    continue;
                };
                let rule = match p.fill().map(|f| f.rule()) {
                    Some(usvg::FillRule::EvenOdd) => tiny_skia::FillRule::EvenOdd,
                    _ => tiny_skia::FillRule::Winding,
                };
                let stroke = p.stroke().and_then(|s| match s.paint() {
                    usvg::Paint::Color(c) => Some((
                        s.to_tiny_skia(),
                        [c.red, c.green, c.blue, s.opacity().to_u8()],
                    )),
                    _ => None,
                });
                out[i] = Some(Shape {
                    path: Arc::new(p.data().clone()),
                    transform: p.abs_transform(),
                    rule,
                    anti_alias: p.rendering_mode().use_shape_antialiasing(),
                    stroke,
                    fill: p.fill().and_then(|f| match f.paint() {
                        usvg::Paint::Color(c) => {
                            Some([c.red, c.green, c.blue, f.opacity().to_u8()])
                        }
                        _ => None,
                    }),
                    centre,
                });
            }
            _ => {}
        }
    }
}

/// `#RRGGBB` as an opaque colour.
fn colour(hex: &str) -> Option<[u8; 4]> {
    let h = hex.strip_prefix('#')?;
    let v = u32::from_str_radix(h, 16).ok()?;
    (h.len() == 6).then_some([(v >> 16) as u8, (v >> 8) as u8, v as u8, 255])
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_tint_is_read_as_an_opaque_colour() {
        assert_eq!(super::colour("#F2ECDD"), Some([0xF2, 0xEC, 0xDD, 255]));
        assert_eq!(super::colour("F2ECDD"), None);
    }
}
