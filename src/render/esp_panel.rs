//! Below the legend of the judge's picture (issue 33): the key to the
//! tags of espionage (each kind of tag drawn as on the board, with its
//! words from the catalogue) and the list of the phase's espionage, every
//! line wrapped at the picture's width. A player's picture has neither:
//! its height and pixels are those it always had.

use super::espionage::{Mark, MarkKind, TAG_H, abbr, tag, tag_width};
use super::glyphs::{self, Weight};
use super::place::Rect;
use super::svg::{Svg, TITLE_H, esc, num};
use super::words::{Key, Words};
use crate::engine::Map;
use std::fmt::Write;

/// The left and right margin of the band.
const MARGIN: f64 = 16.0;
/// How far a wrapped line of the list is indented under its first.
const INDENT: f64 = 24.0;
/// The height of a line of the list and of a line of the key's words.
const LINE_H: f64 = 16.0;
const KEY_LINE_H: f64 = 15.0;
const LIST_FONT: &str = "12";
const KEY_FONT: &str = "13";

/// One entry of the key: a tag as drawn and its words, wrapped.
struct KeyItem {
    label: String,
    dashed: bool,
    lines: Vec<String>,
    /// Where its tag's left edge stands, and the top of its row.
    x: f64,
    y: f64,
}

/// The key and the list, laid out for a picture `width` units wide.
pub(crate) struct Panel {
    key: Vec<KeyItem>,
    key_h: f64,
    heading: String,
    /// Each entry of the list, as its wrapped lines.
    entries: Vec<Vec<String>>,
    list_h: f64,
}

impl Panel {
    pub(crate) fn new(map: &Map, marks: &[Mark], words: &Words, width: f64) -> Panel {
        let (key, key_h) = if marks.iter().any(|m| m.at.is_some()) {
            key(map, words, width)
        } else {
            (Vec::new(), 0.0)
        };
        let first = width - 2.0 * MARGIN;
        let entries: Vec<Vec<String>> = marks
            .iter()
            .filter(|m| m.kind == MarkKind::Entry)
            .map(|m| wrap(&m.text, LIST_FONT, first, first - INDENT))
            .collect();
        let lines: usize = entries.iter().map(Vec::len).sum();
        let list_h = if entries.is_empty() {
            0.0
        } else {
            34.0 + lines as f64 * LINE_H
        };
        Panel {
            key,
            key_h,
            heading: words.espionage_heading().to_string(),
            entries,
            list_h,
        }
    }

    /// How much taller than a player's picture the judge's is.
    pub(crate) fn height(&self) -> f64 {
        self.key_h + self.list_h
    }

    /// Draws the key and the list below the legend.
    pub(crate) fn draw(&self, s: &mut Svg) {
        let top = TITLE_H + s.map_height + s.legend_height;
        let mut o = String::new();
        if !self.key.is_empty() {
            let _ = write!(
                o,
                "<g id=\"espionage-key\"><rect y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#F7F7F7\"/>",
                num(top),
                num(s.width),
                num(self.key_h)
            );
            for k in &self.key {
                let y = top + k.y;
                let r = Rect {
                    x0: k.x,
                    y0: y,
                    x1: k.x + tag_width(&k.label),
                    y1: y + TAG_H,
                };
                let _ = write!(o, "<g class=\"key-mark\">");
                tag(&mut o, &r, "#111111", k.dashed, &k.label);
                let words = Lines {
                    class: "",
                    x: r.x1 + 8.0,
                    y: y + 12.0,
                    size: KEY_FONT,
                    fill: "#222222",
                    indent: 0.0,
                    line_h: KEY_LINE_H,
                };
                words.write(&mut o, &k.lines);
                o.push_str("</g>");
            }
            o.push_str("</g>\n");
        }
        if !self.entries.is_empty() {
            let top = top + self.key_h;
            let _ = write!(
                o,
                "<g id=\"espionage-list\"><rect y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#FFF8E1\"/>\
                 <text x=\"{MARGIN}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
                num(top),
                num(s.width),
                num(self.list_h),
                num(top + 20.0),
                text_content(&self.heading)
            );
            let mut y = top + 38.0;
            for lines in &self.entries {
                let entry = Lines {
                    class: "entry",
                    x: MARGIN,
                    y,
                    size: LIST_FONT,
                    fill: "#111111",
                    indent: INDENT,
                    line_h: LINE_H,
                };
                entry.write(&mut o, lines);
                y += lines.len() as f64 * LINE_H;
            }
            o.push_str("</g>\n");
        }
        s.push(&o);
    }
}

/// Text for an element's content: `'` may stand as it is.
fn text_content(t: &str) -> String {
    esc(t).replace("&apos;", "'")
}

/// How a `<text>` of several lines is set: the first at (x, y), each
/// further one `indent` further right and `line_h` lower.
struct Lines<'a> {
    class: &'a str,
    x: f64,
    y: f64,
    size: &'a str,
    fill: &'a str,
    indent: f64,
    line_h: f64,
}

impl Lines<'_> {
    fn write(&self, o: &mut String, lines: &[String]) {
        let class = if self.class.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", self.class)
        };
        let _ = write!(
            o,
            "<text{class} x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\">",
            num(self.x),
            num(self.y),
            self.size,
            self.fill
        );
        for (i, l) in lines.iter().enumerate() {
            if i == 0 {
                let _ = write!(o, "<tspan>{}</tspan>", text_content(l));
            } else {
                let _ = write!(
                    o,
                    "<tspan x=\"{}\" dy=\"{}\">{}</tspan>",
                    num(self.x + self.indent),
                    num(self.line_h),
                    text_content(l)
                );
            }
        }
        o.push_str("</text>");
    }
}

/// The key's entries, left to right, a new row when the next does not
/// fit; with the key's height.
fn key(map: &Map, words: &Words, width: f64) -> (Vec<KeyItem>, f64) {
    let power = |i: usize| {
        map.powers()
            .get(i)
            .or(map.powers().first())
            .map_or_else(String::new, |p| abbr(map, p.id))
    };
    let anti = format!("ANTI {} vs {}", power(0), power(1));
    let items: [(&str, bool, Key); 8] = [
        (MarkKind::Spy.badge(), false, Key::Spy),
        (MarkKind::CounterSpy.badge(), false, Key::CounterSpy),
        (MarkKind::Reaction.badge(), false, Key::Reaction),
        (MarkKind::FakeApplied.badge(), false, Key::Fake),
        (&anti, false, Key::Anti),
        (MarkKind::Collision.badge(), true, Key::Clash),
        (MarkKind::Founded.badge(), false, Key::Founded),
        (MarkKind::FakeStopped.badge(), true, Key::NoEffect),
    ];
    let right = width - MARGIN;
    let (mut x, mut y, mut row_h) = (MARGIN, 12.0, 0.0f64);
    let mut out = Vec::new();
    for (label, dashed, k) in items {
        let tw = tag_width(label);
        let room = right - MARGIN - tw - 8.0;
        let lines = wrap(words.key(k), KEY_FONT, room, room);
        let text_w = lines
            .iter()
            .map(|l| glyphs::width(l, KEY_FONT, Weight::Regular))
            .fold(0.0, f64::max);
        if x > MARGIN && x + tw + 8.0 + text_w > right {
            x = MARGIN;
            y += row_h;
            row_h = 0.0;
        }
        out.push(KeyItem {
            label: label.to_string(),
            dashed,
            lines: lines.clone(),
            x,
            y,
        });
        row_h = row_h.max(TAG_H + 10.0 + (lines.len() - 1) as f64 * KEY_LINE_H);
        x += tw + 8.0 + text_w + 24.0;
    }
    (out, y + row_h + 4.0)
}

/// `text` in lines no wider than `first` (the first) and `rest` (the
/// others) when set at `size`: broken between words, and inside a word
/// only when the word alone is too wide. A no-break space (French
/// `Anti\u{a0}:`) is kept and never broken at.
pub(super) fn wrap(text: &str, size: &str, first: f64, rest: f64) -> Vec<String> {
    let w = |t: &str| glyphs::width(t, size, Weight::Regular);
    // A little room for what measuring word by word misses.
    let fits = |line_w: f64, lines: &Vec<String>| {
        line_w <= if lines.is_empty() { first } else { rest } * 0.98
    };
    let space = w("a a") - w("aa");
    let mut lines: Vec<String> = Vec::new();
    let (mut line, mut line_w) = (String::new(), 0.0);
    for word in words(text) {
        let ww = w(word);
        let with = if line.is_empty() {
            ww
        } else {
            line_w + space + ww
        };
        if fits(with, &lines) {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            line_w = with;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word on a line of its own, cut where it must be.
        let mut part = String::new();
        for c in word.chars() {
            part.push(c);
            if part.chars().count() > 1 && !fits(w(&part), &lines) {
                part.pop();
                lines.push(std::mem::take(&mut part));
                part.push(c);
            }
        }
        line_w = w(&part);
        line = part;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The words of `text`, split at the spaces a line may break at: not at a
/// no-break space (U+00A0, U+2007, U+202F), which stays in its word.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}'))
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_no_break_space_is_kept_and_never_broken_at() {
        let text = "Anti\u{a0}: les unités de la première puissance ; ".repeat(6);
        let lines = wrap(&text, LIST_FONT, 120.0, 120.0);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(lines.iter().all(|l| !l.starts_with(':')), "{lines:?}");
        assert_eq!(
            lines.concat().matches("Anti\u{a0}:").count(),
            6,
            "{lines:?}"
        );
    }

    #[test]
    fn a_long_text_is_wrapped_between_words_within_its_width() {
        let text = "France sent `S F mun - boh` and Germany sent `S A france`; ".repeat(8);
        let lines = wrap(&text, LIST_FONT, 400.0, 360.0);
        assert!(lines.len() > 3, "{lines:?}");
        for (i, l) in lines.iter().enumerate() {
            let max = if i == 0 { 400.0 } else { 360.0 };
            assert!(glyphs::width(l, LIST_FONT, Weight::Regular) <= max, "{l}");
        }
        assert_eq!(
            lines.join(" "),
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        // A word wider than the line is cut inside.
        let long = "x".repeat(200);
        let cut = wrap(&long, LIST_FONT, 100.0, 100.0);
        assert!(cut.len() > 1 && cut.concat() == long, "{cut:?}");
    }
}
