//! The judge's overlay: a phase's espionage drawn over its board (spies
//! and their targets, counter-spies, reactions, Fakes, exposures,
//! organisations founded). Only `dipspy secret-log --map` draws it; a
//! player's picture never has a mark.

use super::layout::Layout;
use super::palette;
use super::svg::{Svg, esc, num};
use crate::engine::map::{Location, Map, PowerId};
use std::fmt::Write;

/// What a mark shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    Spy,
    CounterSpy,
    Reaction,
    Fake,
    Anti,
    Exposed,
    Founded,
}

impl MarkKind {
    fn class(self) -> &'static str {
        match self {
            MarkKind::Spy => "spy",
            MarkKind::CounterSpy => "counter-spy",
            MarkKind::Reaction => "reaction",
            MarkKind::Fake => "fake",
            MarkKind::Anti => "anti",
            MarkKind::Exposed => "exposed",
            MarkKind::Founded => "founded",
        }
    }

    fn badge(self) -> &'static str {
        match self {
            MarkKind::Spy => "SPY",
            MarkKind::CounterSpy => "CS",
            MarkKind::Reaction => "R",
            MarkKind::Fake => "FAKE",
            MarkKind::Anti => "ANTI",
            MarkKind::Exposed => "EXP",
            MarkKind::Founded => "ORG",
        }
    }
}

/// One piece of espionage to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    /// The power it is about (the spy's, the faker's...).
    pub power: Option<PowerId>,
    /// The unit or province it points at, when it has one.
    pub at: Option<Location>,
    /// Whether it took effect (a spy not stopped, a Fake applied).
    pub took_effect: bool,
    /// The secret log's words for it.
    pub text: String,
}

pub fn draw(s: &mut Svg, map: &Map, layout: &Layout, marks: &[Mark]) {
    if marks.is_empty() {
        return;
    }
    let mut o = String::from("<g id=\"espionage\">\n");
    let mut stacked: Vec<(usize, usize)> = Vec::new();
    for (k, m) in marks.iter().enumerate() {
        let colour = m.power.map_or("#111111", |p| palette::power(p.0 as usize));
        let dash = if m.took_effect {
            ""
        } else {
            " stroke-dasharray=\"4 3\""
        };
        if let Some(at) = m.at {
            let i = at.province.0 as usize;
            let n = stacked.iter().filter(|(p, _)| *p == i).count();
            stacked.push((i, k));
            let (x, y) = layout.point(at);
            let (bx, by) = (x - 30.0, y - 30.0 - n as f64 * 20.0);
            let label = m.kind.badge();
            let bw = label.len() as f64 * 8.0 + 10.0;
            let _ = writeln!(
                o,
                "<g class=\"mark {}\" data-text=\"{}\"><path d=\"M{} {}L{} {}\" stroke=\"#111111\" stroke-width=\"1.4\"/>\
                 <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" rx=\"3\" fill=\"#FFFFFF\" stroke=\"{colour}\" stroke-width=\"2.4\"{dash}/>\
                 <text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111111\">{}</text></g>",
                m.kind.class(),
                esc(&m.text),
                num(bx + bw / 2.0),
                num(by + 8.0),
                num(x),
                num(y),
                num(bx),
                num(by),
                num(bw),
                num(bx + bw / 2.0),
                num(by + 12.0),
                label
            );
        }
    }
    o.push_str("</g>\n");
    let _ = map;
    s.push(&o);
}

/// The height of the list of marks below the legend (0 without marks).
pub fn list_height(marks: &[Mark]) -> f64 {
    if marks.is_empty() {
        0.0
    } else {
        34.0 + marks.len() as f64 * 16.0
    }
}

/// Every mark in the secret log's words, below the legend.
pub fn draw_list(s: &mut Svg, marks: &[Mark]) {
    if marks.is_empty() {
        return;
    }
    let top = super::svg::TITLE_H + s.map_height + s.legend_height;
    let mut o = String::new();
    let _ = write!(
        o,
        "<g id=\"espionage-list\"><rect y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#FFF8E1\"/>\
         <text x=\"16\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">Espionage this phase (the judge's eyes only)</text>",
        num(top),
        num(s.width),
        num(list_height(marks)),
        num(top + 20.0)
    );
    for (i, m) in marks.iter().enumerate() {
        let _ = write!(
            o,
            "<text x=\"16\" y=\"{}\" font-size=\"12\">{}</text>",
            num(top + 38.0 + i as f64 * 16.0),
            esc(&m.text)
        );
    }
    o.push_str("</g>\n");
    s.push(&o);
}
