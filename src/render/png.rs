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
    /// The SVG could not be parsed; the parser's message.
    #[error("the picture's SVG could not be read: {0}")]
    Svg(String),
    /// The pixels could not be encoded as PNG; the encoder's message.
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
    /// The width asked for (in pixels) is 0, over 8000, or too large to allocate.
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
    encode(&pixmap, None)
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
///
/// `description`, when given, is written as the PNG's `Description` text
/// (iTXt, UTF-8): what the picture shows, in its reader's words; a mail
/// gives it as the picture's alternative text (`mail::multipart`).
pub(crate) fn encode(
    pixmap: &tiny_skia::Pixmap,
    description: Option<&str>,
) -> Result<Vec<u8>, PngError> {
    let (palette, rows) = quantise(pixmap.data(), pixmap.width() as usize);
    let idat = deflate(&rows, pixmap.width() as usize + 1);
    let mut out = Vec::with_capacity(idat.len() + palette.len() + 128);
    let mut enc = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(::png::ColorType::Indexed);
    enc.set_palette(palette);
    enc.set_depth(::png::BitDepth::Eight);
    let err = |e: ::png::EncodingError| PngError::Encode(e.to_string());
    if let Some(d) = description {
        enc.add_itxt_chunk(DESCRIPTION.to_string(), d.to_string())
            .map_err(err)?;
    }
    let mut w = enc.write_header().map_err(err)?;
    w.write_chunk(::png::chunk::IDAT, &idat).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

/// The keyword of a picture's description (one of PNG's own keywords).
pub(super) const DESCRIPTION: &str = "Description";

/// The description a PNG carries (`encode`), if any.
pub fn description(data: &[u8]) -> Option<String> {
    let mut dec = ::png::Decoder::new(std::io::Cursor::new(data));
    dec.set_ignore_text_chunk(false);
    // The text is written before the image data: the header read is enough.
    let reader = dec.read_info().ok()?;
    reader
        .info()
        .utf8_text
        .iter()
        .find(|t| t.keyword == DESCRIPTION)
        .and_then(|t| t.get_text().ok())
}

/// `data` as a zlib stream, deflated at level 3: its first half (cut at
/// the end of a row of `row` bytes) on a second thread, its second half
/// on this one, the two joined as one stream (the first half's blocks
/// end with a flush to a byte boundary, not as the last). Deflating took
/// a sixth of a picture's time, half of it now beside the rest; the
/// second half starting without the first half's window costs a few
/// bytes.
fn deflate(data: &[u8], row: usize) -> Vec<u8> {
    use miniz_oxide::deflate::core::{
        CompressorOxide, TDEFLFlush, TDEFLStatus, compress, create_comp_flags_from_zip_params,
    };
    const LEVEL: u8 = 3;
    let rows = data.len() / row.max(1);
    if rows < 64 {
        return miniz_oxide::deflate::compress_to_vec_zlib(data, LEVEL);
    }
    let (first, second) = data.split_at(rows / 2 * row);
    // The first half as raw deflate blocks, none marked the last.
    let head = |input: &[u8]| {
        let flags = create_comp_flags_from_zip_params(LEVEL.into(), -15, 0);
        let mut c = CompressorOxide::new(flags);
        // Deflate never grows data by more than a few bytes a block.
        let mut out = vec![0; input.len() + input.len() / 8 + 1024];
        let (mut read, mut written) = (0, 0);
        loop {
            let (status, r, w) = compress(
                &mut c,
                &input[read..],
                &mut out[written..],
                TDEFLFlush::Sync,
            );
            (read, written) = (read + r, written + w);
            match status {
                TDEFLStatus::Okay if read == input.len() && written < out.len() => break,
                TDEFLStatus::Okay => out.resize(out.len() * 2, 0),
                _ => unreachable!("deflating into memory cannot fail"),
            }
        }
        out.truncate(written);
        out
    };
    let (head, tail) = std::thread::scope(|s| {
        let h = s.spawn(|| head(first));
        let tail = miniz_oxide::deflate::compress_to_vec(second, LEVEL);
        (h.join(), tail)
    });
    // Should the thread have failed, deflate the whole on this one.
    let Ok(head) = head else {
        return miniz_oxide::deflate::compress_to_vec_zlib(data, LEVEL);
    };
    let mut out = Vec::with_capacity(head.len() + tail.len() + 6);
    // zlib's header: deflate with a 32 KB window, "fast" compression.
    out.extend_from_slice(&[0x78, 0x5E]);
    out.extend_from_slice(&head);
    out.extend_from_slice(&tail);
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

/// The Adler-32 checksum that ends a zlib stream.
fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65521;
    let (mut a, mut b) = (1u32, 0u32);
    // 5,552 bytes at most between reductions: `b` cannot overflow.
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += x as u32;
            b += a;
        }
        (a, b) = (a % MOD, b % MOD);
    }
    b << 16 | a
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
///
/// A picture has a few thousand colours (the shades of anti-aliased
/// edges) on a million pixels, in long runs of one colour. Each pixel
/// is given its colour's number once ([`number_colours`]); the palette
/// is chosen over the colours alone, with a grid of the chosen ones so
/// that "is one near?" and "which is nearest?" look only at the
/// neighbouring cells ([`Chosen`]); the rows are then a table look-up
/// per pixel. (Hashing each run twice and comparing every colour with
/// every chosen one took a fifth of a picture's time, issue 24.)
fn quantise(rgba: &[u8], width: usize) -> (Vec<u8>, Vec<u8>) {
    let (pixels, _) = rgba.as_chunks::<4>();
    let width = width.max(1);
    let Runs { runs, keys, counts } = number_colours(pixels, width);
    let mut colours: Vec<(u32, u32)> = keys.iter().copied().zip(counts).collect();
    colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut chosen = Chosen::default();
    for min in [24 * 24, 12 * 12, 6 * 6, 0] {
        for &(c, _) in &colours {
            if chosen.list.len() == 256 {
                break;
            }
            let c = split(c);
            if !chosen.any_within(c, min) {
                chosen.push(c);
            }
        }
    }
    // Each colour's number to its index in the palette.
    let index: Vec<u8> = keys.iter().map(|&k| chosen.nearest(split(k))).collect();
    let mut rows = Vec::with_capacity((width + 1) * pixels.len().div_ceil(width));
    let mut in_row = 0;
    for (len, n) in runs {
        if in_row == 0 {
            rows.push(0);
        }
        rows.resize(rows.len() + len as usize, index[n as usize]);
        in_row = (in_row + len as usize) % width;
    }
    let palette = chosen
        .list
        .iter()
        .flat_map(|c| [c[0] as u8, c[1] as u8, c[2] as u8])
        .collect();
    (palette, rows)
}

/// A colour's red, green and blue.
fn split(c: u32) -> [i32; 3] {
    [(c >> 16) as i32, (c >> 8 & 255) as i32, (c & 255) as i32]
}

/// The square of the distance between two colours.
fn dist(a: [i32; 3], b: [i32; 3]) -> i32 {
    (a[0] - b[0]).pow(2) + (a[1] - b[1]).pow(2) + (a[2] - b[2]).pow(2)
}

/// A picture's rows as runs of one colour: each run's length and its
/// colour's number (numbered in the order first seen), a run never
/// crossing the end of a row; with each number's colour (`0xRRGGBB`)
/// and how many pixels have it.
struct Runs {
    runs: Vec<(u32, u32)>,
    keys: Vec<u32>,
    counts: Vec<u32>,
}

fn number_colours(pixels: &[[u8; 4]], width: usize) -> Runs {
    let key = |p: u32| {
        let [r, g, b, _] = p.to_ne_bytes();
        (r as u32) << 16 | (g as u32) << 8 | b as u32
    };
    let mut seen: Colours<u32> = Colours::default();
    let mut out = Runs {
        runs: Vec::with_capacity(pixels.len() / 8),
        keys: Vec::new(),
        counts: Vec::new(),
    };
    // Long runs of one colour: look a colour up only when it changes.
    let mut last: Option<(u32, u32)> = None;
    for row in pixels.chunks(width) {
        let mut rest = row;
        while let Some(first) = rest.first() {
            let r = u32::from_ne_bytes(*first);
            let len = rest
                .iter()
                .position(|p| u32::from_ne_bytes(*p) != r)
                .unwrap_or(rest.len());
            rest = &rest[len..];
            let n = match last {
                Some((l, n)) if l == r => n,
                _ => {
                    let k = key(r);
                    let n = *seen.entry(k).or_insert_with(|| {
                        out.keys.push(k);
                        out.counts.push(0);
                        out.keys.len() as u32 - 1
                    });
                    last = Some((r, n));
                    n
                }
            };
            out.counts[n as usize] += len as u32;
            out.runs.push((len as u32, n));
        }
    }
    out
}

/// The palette's colours as chosen, and a grid of them by cells of
/// [`Chosen::CELL`] on each channel.
struct Chosen {
    list: Vec<[i32; 3]>,
    cells: Vec<Vec<u8>>,
}

impl Default for Chosen {
    fn default() -> Chosen {
        Chosen {
            list: Vec::with_capacity(256),
            cells: vec![Vec::new(); Chosen::SIDE.pow(3)],
        }
    }
}

impl Chosen {
    /// A cell's side: two colours in cells that are not neighbours are
    /// more than this apart on some channel.
    const CELL: i32 = 24;
    const SIDE: usize = 256usize.div_ceil(Chosen::CELL as usize);

    fn cell(c: [i32; 3]) -> [usize; 3] {
        c.map(|v| (v / Chosen::CELL) as usize)
    }

    fn push(&mut self, c: [i32; 3]) {
        let [r, g, b] = Chosen::cell(c);
        let s = Chosen::SIDE;
        self.cells[(r * s + g) * s + b].push(self.list.len() as u8);
        self.list.push(c);
    }

    /// The chosen colours in `c`'s cell and its neighbours: every one
    /// within [`Chosen::CELL`] of `c`, and others.
    fn near(&self, c: [i32; 3]) -> impl Iterator<Item = u8> + '_ {
        let [r, g, b] = Chosen::cell(c);
        let s = Chosen::SIDE;
        let span = move |v: usize| v.saturating_sub(1)..(v + 2).min(s);
        span(r).flat_map(move |r| {
            span(g).flat_map(move |g| {
                span(b).flat_map(move |b| self.cells[(r * s + g) * s + b].iter().copied())
            })
        })
    }

    /// Whether a chosen colour lies within `min` (a squared distance, at
    /// most [`Chosen::CELL`] squared) of `c`.
    fn any_within(&self, c: [i32; 3], min: i32) -> bool {
        self.near(c).any(|i| dist(self.list[i as usize], c) <= min)
    }

    /// The index of the chosen colour nearest to `c` (the first of
    /// those as near).
    fn nearest(&self, c: [i32; 3]) -> u8 {
        let best = self
            .near(c)
            .map(|i| (dist(self.list[i as usize], c), i))
            .min();
        match best {
            // Nothing outside the neighbouring cells is this near.
            Some((d, i)) if d <= Chosen::CELL * Chosen::CELL => i,
            _ => self
                .list
                .iter()
                .enumerate()
                .min_by_key(|(_, q)| dist(**q, c))
                .map_or(0, |(i, _)| i as u8),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rows_deflated_in_two_halves_inflate_to_themselves() {
        // Rows of runs and noise, as a picture's indices are.
        let row = 1201;
        let data: Vec<u8> = (0..row * 300)
            .map(|i: usize| match (i / 97) % 3 {
                0 => 0,
                1 => (i % 7) as u8,
                _ => (i.wrapping_mul(2_654_435_761) >> 13) as u8,
            })
            .collect();
        let z = super::deflate(&data, row);
        let back = miniz_oxide::inflate::decompress_to_vec_zlib(&z).expect("a valid stream");
        assert_eq!(back, data);
        // Near what one stream would be (the second half starts without the
        // first half's window: a few hundred bytes on a picture, more on
        // these noisy rows).
        let one = miniz_oxide::deflate::compress_to_vec_zlib(&data, 3);
        assert!(
            z.len() < one.len() + one.len() / 10,
            "{} {}",
            z.len(),
            one.len()
        );
    }

    #[test]
    fn adler32_is_zlibs_checksum() {
        // The checksum of "Wikipedia", as the zlib format defines it.
        assert_eq!(super::adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(super::adler32(&[]), 1);
    }
}
