//! The title (game and phase) above the map and the legend below it:
//! each power's colour with its centres and units, and a key to the
//! symbols.

use super::Scene;
use super::palette;
use super::svg::{KEY_ROW_H, POWER_ROW_H, POWERS_PER_ROW, Svg, TITLE_H, esc, num, power_rows};
use super::units::{initial, symbol};
use crate::engine::map::{Map, UnitType};
use crate::engine::phase::PhaseKind;
use std::fmt::Write;

pub fn draw(s: &mut Svg, map: &Map, scene: &Scene<'_>) {
    s.end_map();
    let w = s.width;
    let top = TITLE_H + s.map_height;
    let board = scene.board_for(map);
    let pos = &*board;
    let phase = scene.position.phase;
    let mut o = String::new();
    let what = if scene.after.is_some() {
        "results, and the board after them"
    } else if scene.orders.iter().any(|o| o.outcome.is_some()) {
        "orders and results"
    } else if scene.orders.is_empty() {
        "position"
    } else {
        "orders"
    };
    let _ = writeln!(
        o,
        "<g id=\"title\"><rect width=\"{}\" height=\"{}\" fill=\"#2B2B2B\"/>\
         <text x=\"14\" y=\"30\" font-size=\"21\" font-weight=\"bold\" fill=\"#FFFFFF\">{} · {}</text>\
         <text x=\"{}\" y=\"30\" font-size=\"16\" fill=\"#DDDDDD\" text-anchor=\"end\">{}</text></g>",
        num(w),
        num(TITLE_H),
        esc(&scene.game),
        esc(&phase.long_name()),
        num(w - 14.0),
        what
    );
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
    // Powers.
    let n = map.powers().len().max(1);
    let rows = power_rows(n);
    let col = (w - 20.0) / n.min(POWERS_PER_ROW) as f64;
    for (i, p) in map.powers().iter().enumerate() {
        let x = 10.0 + (i % POWERS_PER_ROW) as f64 * col;
        let y = top + 26.0 + (i / POWERS_PER_ROW) as f64 * POWER_ROW_H;
        let centres = pos.centers_of(p.id).len();
        let units = pos.units_of(p.id).count();
        let _ = writeln!(
            o,
            "<g class=\"legend-power\" id=\"legend-{}\" data-centres=\"{centres}\" data-units=\"{units}\">\
             <rect x=\"{}\" y=\"{}\" width=\"22\" height=\"22\" rx=\"4\" fill=\"{}\" stroke=\"#111111\" stroke-width=\"1.4\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>\
             <text x=\"{}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" fill=\"#111111\">{}</text>\
             <text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#333333\">{centres} centres, {units} units</text></g>",
            esc(&p.name),
            num(x),
            num(y - 16.0),
            palette::power(i),
            num(x + 11.0),
            num(y),
            palette::ink_on(i),
            esc(&initial(map, p.id)),
            num(x + 28.0),
            num(y),
            esc(&p.display_name()),
            num(x + 28.0),
            num(y + 18.0),
        );
    }
    // The key.
    let mut y = top + 78.0 + (rows - 1) as f64 * POWER_ROW_H;
    let mut x = 16.0;
    let mut key = |o: &mut String, x: &mut f64, draw: &str, text: &str| {
        let width = 58.0 + text.chars().count() as f64 * 7.6;
        if *x + width > w - 8.0 {
            *x = 16.0;
            y += KEY_ROW_H;
        }
        let _ = write!(
            o,
            "<g transform=\"translate({} {})\">{draw}</g><text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#222222\">{}</text>",
            num(*x),
            num(y),
            num(*x + 40.0),
            num(y + 4.5),
            esc(text)
        );
        *x += width;
    };
    let mut army = String::new();
    symbol(
        &mut army,
        map,
        "key-army",
        "key",
        UnitType::Army,
        map.powers()[0].id,
        (14.0, 0.0),
        0.85,
        s.raster,
    );
    key(&mut o, &mut x, &army, "army");
    let mut fleet = String::new();
    symbol(
        &mut fleet,
        map,
        "key-fleet",
        "key",
        UnitType::Fleet,
        map.powers()[0].id,
        (14.0, 0.0),
        0.85,
        s.raster,
    );
    key(&mut o, &mut x, &fleet, "fleet");
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
    const CROSS: &str =
        "<path d=\"M8 -8L24 8M8 8L24 -8\" stroke=\"#111111\" stroke-width=\"2.8\"/>";
    const BUILD: &str = "<circle cx=\"16\" cy=\"0\" r=\"11\" fill=\"none\" stroke=\"#111111\" stroke-width=\"2.4\"/><circle cx=\"27\" cy=\"-8\" r=\"6\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.4\"/><path d=\"M23 -8H31M27 -12V-4\" stroke=\"#111111\" stroke-width=\"2\"/>";
    let keys: &[(&str, &str)] = match phase.kind {
        PhaseKind::Movement => &[
            (MOVES, "moves"),
            (FAILS, "fails"),
            (SUPPORTS, "supports"),
            (CONVOYS, "convoys"),
            (HOLDS, "holds"),
            (DISLODGED, "dislodged"),
            (MAY_RETREAT, "may retreat to"),
            (STANDOFF, "standoff"),
            (IMPOSSIBLE, "impossible"),
        ],
        PhaseKind::Retreat => &[
            (MOVES, "retreats"),
            (FAILS, "fails"),
            (DISLODGED, "dislodged"),
            (CROSS, "disbanded"),
            (IMPOSSIBLE, "impossible"),
            (STANDOFF, "standoff: no retreat there"),
        ],
        PhaseKind::Adjustment => &[
            (BUILD, "built"),
            (CROSS, "removed"),
            (IMPOSSIBLE, "impossible"),
        ],
    };
    for (draw, text) in keys {
        key(&mut o, &mut x, draw, text);
    }
    key(
        &mut o,
        &mut x,
        "<circle cx=\"16\" cy=\"0\" r=\"5\" fill=\"#FFFFFF\" stroke=\"#222222\" stroke-width=\"1.6\"/>",
        "centre",
    );
    let notes = super::orders::unplaced(map, scene);
    if !notes.is_empty() {
        let _ = write!(
            o,
            "<text class=\"order waive\" x=\"16\" y=\"{}\" font-size=\"13\" fill=\"#222222\">{}</text>",
            num(top + 108.0 + KEY_ROW_H + (rows - 1) as f64 * POWER_ROW_H),
            esc(&notes.join("; "))
        );
    }
    o.push_str("</g>\n");
    s.push(&o);
}
