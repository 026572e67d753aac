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

/// How usvg reads a picture: with the shipped font only.
pub(crate) fn options() -> usvg::Options<'static> {
    usvg::Options {
        fontdb: fonts(),
        font_family: "DejaVu Sans".into(),
        ..usvg::Options::default()
    }
}

/// Rasterises an SVG at `width` pixels wide (the height follows).
pub fn svg_to_png(svg: &str, width: u32) -> Result<Vec<u8>, PngError> {
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| PngError::Svg(e.to_string()))?;
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
///
/// The rows are deflated here in one call and written as the image's
/// IDAT chunk: the png crate's own streaming path hands its deflater
/// small pieces, and each one cleared the whole output buffer again
/// (a tenth of a picture's time, issue 24).
pub(crate) fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PngError> {
    let (palette, rows) = quantise(pixmap.data(), pixmap.width() as usize);
    let idat = miniz_oxide::deflate::compress_to_vec_zlib(&rows, 3);
    let mut out = Vec::with_capacity(idat.len() + palette.len() + 128);
    let mut enc = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(::png::ColorType::Indexed);
    enc.set_palette(palette);
    enc.set_depth(::png::BitDepth::Eight);
    let err = |e: ::png::EncodingError| PngError::Encode(e.to_string());
    let mut w = enc.write_header().map_err(err)?;
    w.write_chunk(::png::chunk::IDAT, &idat).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

/// A hasher for colours packed in a `u32` (the standard one, made to
/// resist hostile keys, took a twentieth of a picture's time; a
/// picture's colours are not chosen by anyone hostile).
#[derive(Default)]
struct ColourHasher(u64);

impl std::hash::Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(b as u32);
        }
    }

    fn write_u32(&mut self, c: u32) {
        // Fibonacci hashing, folded so that the low bits (the table's
        // bucket) and the high bits (its tag) both depend on every bit.
        let h = (self.0 ^ c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

type Colours<V> = HashMap<u32, V, std::hash::BuildHasherDefault<ColourHasher>>;

/// At most 256 colours for an indexed PNG: the picture's flat colours
/// first (by how often they occur), then the shades between them, each
/// kept only when it differs enough from those already chosen; every
/// pixel takes the nearest. Returns the palette (RGB triples) and the
/// image data as the PNG's rows: each row of `width` indices after its
/// filter byte (0, none). `rgba` is opaque (alpha ignored).
fn quantise(rgba: &[u8], width: usize) -> (Vec<u8>, Vec<u8>) {
    let key = |p: &[u8; 4]| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32;
    // Pixels are compared as their four bytes at once, and runs of one
    // colour counted together: most of a picture is long runs of flat
    // colour.
    let raw = |p: &[u8; 4]| u32::from_ne_bytes(*p);
    let (pixels, _) = rgba.as_chunks::<4>();
    let mut counts: Colours<u32> = Colours::default();
    if let Some((first, rest)) = pixels.split_first() {
        let (mut last, mut n) = (first, 1u32);
        for p in rest {
            if raw(p) == raw(last) {
                n += 1;
            } else {
                *counts.entry(key(last)).or_default() += n;
                (last, n) = (p, 1);
            }
        }
        *counts.entry(key(last)).or_default() += n;
    }
    let mut colours: Vec<(u32, u32)> = counts.iter().map(|(c, n)| (*c, *n)).collect();
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
    // Each colour's count becomes its index in the palette.
    for (c, v) in counts.iter_mut() {
        let s = split(*c);
        *v = chosen
            .iter()
            .enumerate()
            .min_by_key(|(_, q)| dist(**q, s))
            .map_or(0, |(i, _)| i as u32);
    }
    let width = width.max(1);
    let mut rows = Vec::with_capacity((width + 1) * (pixels.len() / width));
    // Long runs of one colour: look a colour up only when it changes.
    let mut last = (None, 0u8);
    for row in pixels.chunks_exact(width) {
        rows.push(0);
        rows.extend(row.iter().map(|p| {
            let r = Some(raw(p));
            if r != last.0 {
                last = (r, counts[&key(p)] as u8);
            }
            last.1
        }));
    }
    let palette = chosen
        .iter()
        .flat_map(|c| [c[0] as u8, c[1] as u8, c[2] as u8])
        .collect();
    (palette, rows)
}
