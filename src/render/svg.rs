//! Writing SVG: the document around the picture and escaping.

use std::fmt::Write;

/// Height of the title band above the map.
pub const TITLE_H: f64 = 44.0;
/// Height of the legend band below the map, with one row of powers
/// (and two rows of the key to the marks).
pub(super) const LEGEND_H: f64 = 150.0;
/// Height of the second row of the key to the marks.
pub(super) const KEY_ROW_H: f64 = 26.0;
/// Powers side by side in one row of the legend.
pub(super) const POWERS_PER_ROW: usize = 7;
/// Height of each further row of powers (maps of more than seven).
pub(super) const POWER_ROW_H: f64 = 48.0;

/// Rows of powers in the legend of a map with `powers` powers.
pub(super) fn power_rows(powers: usize) -> usize {
    powers.max(1).div_ceil(POWERS_PER_ROW)
}

/// Height of the legend band for a map with `powers` powers.
pub fn legend_height(powers: usize) -> f64 {
    LEGEND_H + (power_rows(powers) - 1) as f64 * POWER_ROW_H
}

/// An SVG document being written: a title band, the map (its own
/// coordinates, shifted below the title) and a legend band.
pub(crate) struct Svg {
    pub out: String,
    pub width: f64,
    pub map_height: f64,
    /// Height of the legend band (more rows of powers on larger maps).
    pub legend_height: f64,
    /// Written to be rasterised ([`super::raster`]), not for a reader:
    /// names and unit letters as their outlines ([`super::glyphs`]), and
    /// neither the white page nor the board under the map (the raster
    /// keeps those drawn).
    pub raster: bool,
    in_map: bool,
}

impl Svg {
    /// A document for a map of this size with `powers` powers; `extra`
    /// more units below the legend (the judge's list of espionage);
    /// `raster`: see [`Svg::raster`].
    pub(crate) fn new(width: f64, map_height: f64, powers: usize, extra: f64, raster: bool) -> Svg {
        let legend_height = legend_height(powers);
        let height = map_height + TITLE_H + legend_height + extra;
        let mut out = String::with_capacity(160_000);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans\">",
            w = num(width),
            h = num(height),
        );
        if !raster {
            let _ = writeln!(
                out,
                "<rect width=\"{w}\" height=\"{h}\" fill=\"#FFFFFF\"/>",
                w = num(width),
                h = num(height),
            );
        }
        let _ = writeln!(
            out,
            "<g id=\"map\" transform=\"translate(0 {})\">",
            num(TITLE_H)
        );
        Svg {
            out,
            width,
            map_height,
            legend_height,
            raster,
            in_map: true,
        }
    }

    /// Closes the map's group: what follows is in page coordinates.
    pub(crate) fn end_map(&mut self) {
        if self.in_map {
            self.out.push_str("</g>\n");
            self.in_map = false;
        }
    }

    pub(crate) fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    pub(crate) fn finish(mut self) -> String {
        self.end_map();
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A number with at most one decimal.
pub(super) fn num(v: f64) -> String {
    super::trace::num(v)
}

/// Text escaped for SVG content and attributes.
pub(super) fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if c.is_control() => {}
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    #[test]
    fn text_is_escaped() {
        assert_eq!(
            super::esc("A <b> & \"c\""),
            "A &lt;b&gt; &amp; &quot;c&quot;"
        );
    }
}
