//! The title (game and phase) above the map and the legend below it:
//! each power's colour with its centres and units, and a key to the
//! symbols.

use super::Scene;
use super::glyphs::{self, Anchor, Weight};
use super::palette;
use super::svg::{KEY_ROW_H, POWER_ROW_H, POWERS_PER_ROW, Svg, TITLE_H, esc, num, power_rows};
use super::units::{initial, symbol};
use super::words::{Key, Shows, Words};
use crate::engine::PhaseKind;
use crate::engine::Position;
use crate::engine::{Map, UnitType};
use std::fmt::Write;

/// Draws the title band above the map and the legend band below it.
pub(super) fn draw(s: &mut Svg, map: &Map, scene: &Scene<'_>) {
    s.end_map();
    let w = s.width;
    let top = TITLE_H + s.map_height;
    let board = scene.board_for(map);
    let mut o = String::new();
    title(&mut o, s.raster, w, scene);
    let _ = writeln!(
        o,
        "<g id=\"legend\"><rect y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#F7F7F7\"/>\
         <line x1=\"0\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333333\" stroke-width=\"1.5\"/>",
        num(top),
        num(w),
        num(s.legend_height),
        num(top),
        num(w),
        num(top)
    );
    let words = scene.words;
    powers(&mut o, s.raster, map, &board, w, top, words);
    let rows = power_rows(map.powers().len().max(1));
    let mut key = KeyRow {
        x: 16.0,
        y: top + 78.0 + (rows - 1) as f64 * POWER_ROW_H,
        width: w,
        raster: s.raster,
    };
    for (kind, text) in [
        (UnitType::Army, words.key(Key::Army)),
        (UnitType::Fleet, words.key(Key::Fleet)),
    ] {
        let mut unit = String::new();
        let id = match kind {
            UnitType::Army => "key-army",
            UnitType::Fleet => "key-fleet",
        };
        symbol(
            &mut unit,
            map,
            id,
            "key",
            kind,
            map.powers()[0].id,
            (14.0, 0.0),
            0.85,
            s.raster,
        );
        key.add(&mut o, &unit, text);
    }
    for (draw, text) in marks(scene.position.phase.kind) {
        key.add(&mut o, draw, words.key(*text));
    }
    key.add(&mut o, CENTRE, words.key(Key::Centre));
    let notes = super::orders::unplaced(map, scene);
    if !notes.is_empty() {
        let t = Text {
            class: " class=\"order waive\"",
            ..Text::new(
                16.0,
                top + 108.0 + KEY_ROW_H + (rows - 1) as f64 * POWER_ROW_H,
            )
        };
        t.write(&mut o, s.raster, &words.notes(&notes));
    }
    o.push_str("</g>\n");
    s.push(&o);
}

/// The title band: the game, the phase, and what the picture shows.
fn title(o: &mut String, raster: bool, w: f64, scene: &Scene<'_>) {
    let what = scene.words.shows(if scene.after.is_some() {
        Shows::ResultsAfter
    } else if scene.orders.iter().any(|o| o.outcome.is_some()) {
        Shows::OrdersAndResults
    } else if scene.orders.is_empty() {
        Shows::Position
    } else {
        Shows::Orders
    });
    let _ = write!(
        o,
        "<g id=\"title\"><rect width=\"{}\" height=\"{}\" fill=\"#2B2B2B\"/>",
        num(w),
        num(TITLE_H),
    );
    let game = Text {
        size: "21",
        bold: true,
        fill: "#FFFFFF",
        ..Text::new(14.0, 30.0)
    };
    let phase = scene.words.phase(scene.position.phase);
    game.write(o, raster, &format!("{} · {phase}", scene.game));
    let shows = Text {
        size: "16",
        fill: "#DDDDDD",
        anchor: Anchor::End,
        ..Text::new(w - 14.0, 30.0)
    };
    shows.write(o, raster, what);
    o.push_str("</g>\n");
}

/// Each power's colour, initial, name, centres and units, in rows of
/// [`POWERS_PER_ROW`] below the map's bottom edge at `top`.
fn powers(
    o: &mut String,
    raster: bool,
    map: &Map,
    pos: &Position,
    w: f64,
    top: f64,
    words: &Words,
) {
    let n = map.powers().len().max(1);
    let col = (w - 20.0) / n.min(POWERS_PER_ROW) as f64;
    for (i, p) in map.powers().iter().enumerate() {
        let x = 10.0 + (i % POWERS_PER_ROW) as f64 * col;
        let y = top + 26.0 + (i / POWERS_PER_ROW) as f64 * POWER_ROW_H;
        let centres = pos.centers_of(p.id).len();
        let units = pos.units_of(p.id).count();
        let _ = write!(
            o,
            "<g class=\"legend-power\" id=\"legend-{}\" data-centres=\"{centres}\" data-units=\"{units}\">\
             <rect x=\"{}\" y=\"{}\" width=\"22\" height=\"22\" rx=\"4\" fill=\"{}\" stroke=\"#111111\" stroke-width=\"1.4\"/>",
            esc(&p.name),
            num(x),
            num(y - 16.0),
            palette::power(i),
        );
        let letter = Text {
            bold: true,
            anchor: Anchor::Middle,
            fill: palette::ink_on(i),
            ..Text::new(x + 11.0, y)
        };
        letter.write(o, raster, &initial(map, p.id));
        let name = Text {
            size: "15",
            bold: true,
            fill: "#111111",
            ..Text::new(x + 28.0, y)
        };
        name.write(o, raster, &words.power(map, p));
        let counts = Text {
            fill: "#333333",
            ..Text::new(x + 28.0, y + 18.0)
        };
        counts.write(o, raster, &words.counts(centres, units));
        o.push_str("</g>\n");
    }
}

/// The key to the marks, written left to right and wrapped to a new row
/// at the band's right edge.
struct KeyRow {
    x: f64,
    y: f64,
    /// The band's width.
    width: f64,
    raster: bool,
}

impl KeyRow {
    /// One entry: the mark `draw` (drawn at the origin) and its `text`.
    fn add(&mut self, o: &mut String, draw: &str, text: &str) {
        let width = 58.0 + text.chars().count() as f64 * 7.6;
        if self.x + width > self.width - 8.0 {
            self.x = 16.0;
            self.y += KEY_ROW_H;
        }
        let _ = write!(
            o,
            "<g transform=\"translate({} {})\">{draw}</g>",
            num(self.x),
            num(self.y),
        );
        Text::new(self.x + 40.0, self.y + 4.5).write(o, self.raster, text);
        self.x += width;
    }
}

/// A text of the title or the legend: a `<text>` for a reader, its
/// outline ([`glyphs`]) when the picture is rasterised (setting the
/// legend's thirty-odd texts anew took a twentieth of a picture's time,
/// issue 24).
struct Text<'a> {
    /// Written before the position (` class="..."`), or empty.
    class: &'a str,
    x: f64,
    y: f64,
    size: &'a str,
    bold: bool,
    anchor: Anchor,
    fill: &'a str,
}

impl Text<'_> {
    /// Regular 13-unit dark text from the point (x, y).
    fn new(x: f64, y: f64) -> Text<'static> {
        Text {
            class: "",
            x,
            y,
            size: "13",
            bold: false,
            anchor: Anchor::Start,
            fill: "#222222",
        }
    }

    fn write(&self, o: &mut String, raster: bool, text: &str) {
        let (x, y) = (num(self.x), num(self.y));
        if raster {
            let weight = if self.bold {
                Weight::Bold
            } else {
                Weight::Regular
            };
            let d = glyphs::outline_anchored(text, self.size, weight, self.anchor);
            let _ = write!(
                o,
                "<path{} transform=\"translate({x} {y})\" d=\"{d}\" fill=\"{}\"/>",
                self.class, self.fill
            );
            return;
        }
        let bold = if self.bold {
            " font-weight=\"bold\""
        } else {
            ""
        };
        // The attributes in the order the legend always had them.
        let (before, after) = match self.anchor {
            Anchor::Start => ("", ""),
            Anchor::Middle => (" text-anchor=\"middle\"", ""),
            Anchor::End => ("", " text-anchor=\"end\""),
        };
        let _ = write!(
            o,
            "<text{} x=\"{x}\" y=\"{y}\" font-size=\"{}\"{bold}{before} fill=\"{}\"{after}>{}</text>",
            self.class,
            self.size,
            self.fill,
            esc(text)
        );
    }
}

const MOVES: &str = "<path d=\"M0 0H22\" stroke=\"#111111\" stroke-width=\"4\"/><path d=\"M22 -6L32 0L22 6Z\" fill=\"#111111\"/>";
const FAILS: &str = "<path d=\"M0 0H22\" stroke=\"#111111\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/><path d=\"M22 -6L32 0L22 6Z\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.6\"/>";
const SUPPORTS: &str = "<path d=\"M0 0H28\" stroke=\"#111111\" stroke-width=\"2.4\" stroke-dasharray=\"2 4\" stroke-linecap=\"round\"/><circle cx=\"30\" cy=\"0\" r=\"4\" fill=\"#111111\"/>";
const CONVOYS: &str =
    "<path d=\"M0 0H32\" stroke=\"#111111\" stroke-width=\"2\" stroke-dasharray=\"9 4 2 4\"/>";
const HOLDS: &str =
    "<circle cx=\"16\" cy=\"0\" r=\"11\" fill=\"none\" stroke=\"#111111\" stroke-width=\"3\"/>";
const DISLODGED: &str = "<circle cx=\"16\" cy=\"0\" r=\"11\" fill=\"none\" stroke=\"#111111\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>";
const MAY_RETREAT: &str = "<path class=\"retreat-option\" d=\"M0 0H30M24 -5L30 0L24 5\" fill=\"none\" stroke=\"#111111\" stroke-width=\"1.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>";
const IMPOSSIBLE: &str = "<path d=\"M0 0H20\" stroke=\"#8C8C8C\" stroke-width=\"2.4\" stroke-dasharray=\"4 3\"/><path d=\"M20 -5L30 5M20 5L30 -5\" stroke=\"#8C8C8C\" stroke-width=\"2.8\"/>";
const STANDOFF: &str = "<circle cx=\"16\" cy=\"0\" r=\"7.5\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.8\"/><path d=\"M12 -4L20 4M12 4L20 -4\" stroke=\"#111111\" stroke-width=\"2.4\"/>";
const CROSS: &str = "<path d=\"M8 -8L24 8M8 8L24 -8\" stroke=\"#111111\" stroke-width=\"2.8\"/>";
const BUILD: &str = "<circle cx=\"16\" cy=\"0\" r=\"11\" fill=\"none\" stroke=\"#111111\" stroke-width=\"2.4\"/><circle cx=\"27\" cy=\"-8\" r=\"6\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.4\"/><path d=\"M23 -8H31M27 -12V-4\" stroke=\"#111111\" stroke-width=\"2\"/>";
const CENTRE: &str =
    "<circle cx=\"16\" cy=\"0\" r=\"5\" fill=\"#FFFFFF\" stroke=\"#222222\" stroke-width=\"1.6\"/>";

/// The marks a phase of this kind may show, with their words in the key.
fn marks(kind: PhaseKind) -> &'static [(&'static str, Key)] {
    match kind {
        PhaseKind::Movement => &[
            (MOVES, Key::Moves),
            (FAILS, Key::Fails),
            (SUPPORTS, Key::Supports),
            (CONVOYS, Key::Convoys),
            (HOLDS, Key::Holds),
            (DISLODGED, Key::Dislodged),
            (MAY_RETREAT, Key::MayRetreat),
            (STANDOFF, Key::Standoff),
            (IMPOSSIBLE, Key::Impossible),
        ],
        PhaseKind::Retreat => &[
            (MOVES, Key::Retreats),
            (FAILS, Key::Fails),
            (DISLODGED, Key::Dislodged),
            (CROSS, Key::Disbanded),
            (IMPOSSIBLE, Key::Impossible),
            (STANDOFF, Key::StandoffNoRetreat),
        ],
        PhaseKind::Adjustment => &[
            (BUILD, Key::Built),
            (CROSS, Key::Removed),
            (IMPOSSIBLE, Key::Impossible),
        ],
    }
}
