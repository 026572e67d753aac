//! The centre chart of a game: each power's supply centres at the end of
//! each year, drawn on the server as SVG (an image named by its title),
//! with the same numbers as a table beside it.

use super::views::{GameData, xml_text};
use crate::game::Lang;
use crate::text::Args;
use crate::text::web as words;
use std::fmt::Write;

/// The chart's size, in the SVG's units.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 340.0;
/// The margins around the plot (left for the numbers, bottom for the
/// years, right for the powers' names).
const LEFT: f64 = 40.0;
const BOTTOM: f64 = 30.0;
const TOP: f64 = 16.0;
const RIGHT: f64 = 110.0;

/// The chart and its table.
pub(super) struct Chart {
    /// The years, left to right.
    pub years: Vec<String>,
    /// Each power's name and its count at the end of each year.
    pub rows: Vec<(String, Vec<usize>)>,
    /// The SVG.
    pub svg: String,
}

impl Chart {
    /// The chart of game `game` in `lang`.
    pub(super) fn new(game: &str, d: &GameData, lang: Lang) -> Chart {
        let by_year = d.centres_by_year();
        let years: Vec<String> = by_year.iter().map(|(y, _)| y.clone()).collect();
        let mut powers: Vec<String> = Vec::new();
        for (_, counts) in &by_year {
            for (p, _) in counts {
                if !powers.iter().any(|q| q.eq_ignore_ascii_case(p)) {
                    powers.push(p.clone());
                }
            }
        }
        let rows: Vec<(String, Vec<usize>)> = powers
            .iter()
            .map(|p| {
                let counts = by_year
                    .iter()
                    .map(|(_, c)| {
                        c.iter()
                            .find(|(q, _)| q.eq_ignore_ascii_case(p))
                            .map_or(0, |(_, n)| *n)
                    })
                    .collect();
                (p.clone(), counts)
            })
            .collect();
        // Each power in the colour the board gives it: its place on the map.
        let colour = |p: &str| {
            let i = d
                .view
                .powers
                .iter()
                .position(|v| v.power.eq_ignore_ascii_case(p))
                .unwrap_or(0);
            crate::render::power_colour(i)
        };
        let title = words::words(lang, "web-chart-title", &Args::new().str("game", game));
        let shown: Vec<(String, Vec<usize>, &str)> = rows
            .iter()
            .map(|(p, c)| (words::power(lang, p), c.clone(), colour(p)))
            .collect();
        let svg = draw(&title, &years, &shown);
        Chart {
            years,
            rows: shown.into_iter().map(|(p, c, _)| (p, c)).collect(),
            svg,
        }
    }
}

/// The SVG of the chart: one line per power, its name at its end.
fn draw(title: &str, years: &[String], rows: &[(String, Vec<usize>, &str)]) -> String {
    let top = rows
        .iter()
        .flat_map(|(_, c, _)| c.iter().copied())
        .max()
        .unwrap_or(0)
        .max(4);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |i: usize| {
        if years.len() <= 1 {
            LEFT + plot_w / 2.0
        } else {
            LEFT + plot_w * i as f64 / (years.len() - 1) as f64
        }
    };
    let y = |n: usize| TOP + plot_h * (1.0 - n as f64 / top as f64);
    let mut s = String::with_capacity(4096);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"chart-title\" \
         class=\"chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\
         <title id=\"chart-title\">{}</title>",
        xml_text(title)
    );
    let step = top.div_ceil(6).max(1);
    for n in (0..=top).step_by(step) {
        let _ = write!(
            s,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#DDDDDD\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#333333\">{n}</text>",
            LEFT + plot_w,
            LEFT - 6.0,
            y(n) + 4.0,
            y = y(n),
        );
    }
    for (i, year) in years.iter().enumerate() {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#333333\">{}</text>",
            x(i),
            HEIGHT - 8.0,
            xml_text(year)
        );
    }
    // The powers' names at the lines' ends, moved apart where lines end
    // together.
    let mut ends: Vec<(f64, usize)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, (_, c, _))| c.last().map(|n| (y(*n) + 4.0, i)))
        .collect();
    ends.sort_by(|a, b| a.0.total_cmp(&b.0));
    for k in 1..ends.len() {
        if ends[k].0 < ends[k - 1].0 + 14.0 {
            ends[k].0 = ends[k - 1].0 + 14.0;
        }
    }
    // Lines that run together are set a little apart, each power at its
    // own small offset, so that every colour shows.
    let dodge = |k: usize| (k as f64 - (rows.len() as f64 - 1.0) / 2.0) * 3.0;
    for (k, (_, counts, colour)) in rows.iter().enumerate() {
        let points: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{:.1},{:.1}", x(i), y(*n) + dodge(k)))
            .collect();
        let _ = write!(
            s,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" points=\"{}\"/>",
            points.join(" ")
        );
        for (i, n) in counts.iter().enumerate() {
            let _ = write!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"{colour}\"/>",
                x(i),
                y(*n) + dodge(k)
            );
        }
    }
    for (at, i) in ends {
        let (power, counts, colour) = &rows[i];
        let left = x(counts.len().saturating_sub(1)) + 8.0;
        let _ = write!(
            s,
            "<rect x=\"{left:.1}\" y=\"{:.1}\" width=\"14\" height=\"5\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"{at:.1}\" fill=\"#222222\">{}</text>",
            at - 6.0,
            left + 18.0,
            xml_text(power)
        );
    }
    s.push_str("</svg>");
    s
}
