//! SVG to PNG, in-process with resvg and the font shipped in
//! `src/render/fonts` (DejaVu Sans; no system font is ever read).

use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The font every picture's text is set in (licence:
/// `src/render/fonts/LICENSE-DejaVu.txt`).
const FONT_REGULAR: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
const FONT_BOLD: &[u8] = include_bytes!("fonts/DejaVuSans-Bold.ttf");

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    #[error("the picture's SVG could not be read: {0}")]
    Svg(String),
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
    #[error("a picture {0} px wide cannot be made")]
    Size(u32),
}

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT_REGULAR.to_vec());
        db.load_font_data(FONT_BOLD.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// Rasterises an SVG at `width` pixels wide (the height follows).
pub fn svg_to_png(svg: &str, width: u32) -> Result<Vec<u8>, PngError> {
    let opt = usvg::Options {
        fontdb: fonts(),
        font_family: "DejaVu Sans".into(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    if width == 0 || width > 8000 {
        return Err(PngError::Size(width));
    }
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size(width))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode(&pixmap)
}

/// The pixmap as an indexed PNG (the pictures are opaque and mostly flat
/// colours): 256 colours at most, quantised to the picture's own colours
/// ([`quantise`]), rows left unfiltered and deflated at level 3. Palette
/// indices of flat colours compress best unfiltered (the PNG filters
/// predict smooth gradients, which such a picture does not have): the
/// crowded 34-unit board at 1,200 px is about 110 KB this way, against
/// 178 KB with the png crate's fast setting (adaptive filters, ultra-fast
/// deflate) and 135 KB with adaptive filters at the same level (issue 24:
/// at most 150 KB).
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PngError> {
    let (palette, indices) = quantise(pixmap.data());
    let mut out = Vec::with_capacity(indices.len() / 8);
    let mut enc = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(::png::ColorType::Indexed);
    enc.set_palette(palette);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_filter(::png::Filter::NoFilter);
    enc.set_deflate_compression(::png::DeflateCompression::Level(3));
    let err = |e: ::png::EncodingError| PngError::Encode(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&indices).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

/// At most 256 colours for an indexed PNG: the picture's flat colours
/// first (by how often they occur), then the shades between them, each
/// kept only when it differs enough from those already chosen; every
/// pixel takes the nearest. Returns the palette (RGB triples) and one
/// index per pixel. `rgba` is opaque (alpha ignored).
fn quantise(rgba: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let key = |p: &[u8]| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32;
    let mut counts: HashMap<u32, u32> = HashMap::new();
    let mut run = (u32::MAX, 0u32);
    for p in rgba.chunks_exact(4) {
        let k = key(p);
        if k == run.0 {
            run.1 += 1;
        } else {
            if run.1 > 0 {
                *counts.entry(run.0).or_default() += run.1;
            }
            run = (k, 1);
        }
    }
    if run.1 > 0 {
        *counts.entry(run.0).or_default() += run.1;
    }
    let mut colours: Vec<(u32, u32)> = counts.into_iter().collect();
    colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let split = |c: u32| [(c >> 16) as i32, (c >> 8 & 255) as i32, (c & 255) as i32];
    let dist = |a: [i32; 3], b: [i32; 3]| {
        (a[0] - b[0]).pow(2) + (a[1] - b[1]).pow(2) + (a[2] - b[2]).pow(2)
    };
    let mut chosen: Vec<[i32; 3]> = Vec::with_capacity(256);
    for min in [24 * 24, 12 * 12, 6 * 6, 0] {
        for &(c, _) in &colours {
            if chosen.len() == 256 {
                break;
            }
            let c = split(c);
            if chosen.iter().all(|&q| dist(q, c) > min) {
                chosen.push(c);
            }
        }
    }
    let mut index: HashMap<u32, u8> = HashMap::with_capacity(colours.len());
    for &(c, _) in &colours {
        let s = split(c);
        let best = chosen
            .iter()
            .enumerate()
            .min_by_key(|(_, q)| dist(**q, s))
            .map_or(0, |(i, _)| i as u8);
        index.insert(c, best);
    }
    // Long runs of one colour: look a colour up only when it changes.
    let mut last = (u32::MAX, 0u8);
    let indices = rgba
        .chunks_exact(4)
        .map(|p| {
            let k = key(p);
            if k != last.0 {
                last = (k, index[&k]);
            }
            last.1
        })
        .collect();
    let palette = chosen
        .iter()
        .flat_map(|c| [c[0] as u8, c[1] as u8, c[2] as u8])
        .collect();
    (palette, indices)
}
