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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MarkKind {
    /// A spy, drawn on the unit spied on, in the spying power's colour.
    Spy,
    /// A counter-spy, on the power's own unit.
    CounterSpy,
    /// A reaction, on the unit that reacted.
    Reaction,
    /// A Fake that took effect, on the unit faked, in the faker's colour.
    FakeApplied,
    /// A Fake stopped by an Anti (dashed), in the faker's colour.
    FakeStopped,
    /// A Fake that did nothing (its power exposed, or nothing to replace;
    /// dashed).
    FakeVoid,
    /// An Anti, on each unit of the power it protects; `others` names the
    /// power it is against.
    Anti,
    /// Fakes that collided, on the target; `others` names every power
    /// that collided.
    Collision,
    /// A power exposed for the rest of the round (panel only).
    Exposed,
    /// An organisation founded, on its centre.
    Founded,
    /// A secret-log entry of the phase: a line of the panel, never drawn
    /// on the board.
    Entry,
}

impl MarkKind {
    pub fn class(self) -> &'static str {
        match self {
            MarkKind::Spy => "spy",
            MarkKind::CounterSpy => "counter-spy",
            MarkKind::Reaction => "reaction",
            MarkKind::FakeApplied => "fake-applied",
            MarkKind::FakeStopped => "fake-stopped",
            MarkKind::FakeVoid => "fake-void",
            MarkKind::Anti => "anti",
            MarkKind::Collision => "collision",
            MarkKind::Exposed => "exposed",
            MarkKind::Founded => "founded",
            MarkKind::Entry => "entry",
        }
    }

    fn badge(self) -> &'static str {
        match self {
            MarkKind::Spy => "SPY",
            MarkKind::CounterSpy => "CS",
            MarkKind::Reaction => "R",
            MarkKind::FakeApplied => "FAKE",
            MarkKind::FakeStopped => "FAKE",
            MarkKind::FakeVoid => "FAKE",
            MarkKind::Anti => "ANTI",
            MarkKind::Collision => "CLASH",
            MarkKind::Exposed => "EXP",
            MarkKind::Founded => "ORG",
            MarkKind::Entry => "",
        }
    }

    /// Drawn dashed: it did not take effect.
    fn dashed(self) -> bool {
        matches!(self, MarkKind::FakeStopped | MarkKind::FakeVoid)
    }
}

/// One piece of espionage to draw, as data (the tests read these, and
/// the SVG carries them as `data-` attributes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    /// The power it belongs to: the spy's, the counter-spy's, the faker's,
    /// the reacting power's, the Anti's giver (the protected power).
    pub power: Option<PowerId>,
    /// Other powers it names: an Anti's target; every power of a
    /// collision.
    pub others: Vec<PowerId>,
    /// The unit or province it points at, when it has one.
    pub at: Option<Location>,
    /// Whether it took effect (a spy not stopped, a Fake applied).
    pub took_effect: bool,
    /// Its words in the panel.
    pub text: String,
}

/// The short name of a power on a badge (`FRA`).
fn abbr(map: &Map, p: PowerId) -> String {
    map.power(p)
        .name
        .chars()
        .take(3)
        .collect::<String>()
        .to_uppercase()
}

pub fn draw(s: &mut Svg, map: &Map, layout: &Layout, marks: &[Mark]) {
    if marks.iter().all(|m| m.at.is_none()) {
        return;
    }
    let mut o = String::from("<g id=\"espionage\">\n");
    let mut stacked: Vec<usize> = Vec::new();
    for m in marks {
        let Some(at) = m.at else { continue };
        let colour = m.power.map_or("#111111", |p| palette::power(p.0 as usize));
        let dash = if m.kind.dashed() || !m.took_effect {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let i = at.province.0 as usize;
        let n = stacked.iter().filter(|p| **p == i).count();
        stacked.push(i);
        let (x, y) = layout.point(at);
        let (bx, by) = (x - 30.0, y - 30.0 - n as f64 * 20.0);
        let mut label = m.kind.badge().to_string();
        if m.kind == MarkKind::Collision {
            let names: Vec<String> = m.others.iter().map(|p| abbr(map, *p)).collect();
            label = format!("{label} {}", names.join("+"));
        } else if let Some(p) = m.power {
            label = format!("{label} {}", abbr(map, p));
        }
        let bw = label.len() as f64 * 7.0 + 10.0;
        let others: Vec<String> = m
            .others
            .iter()
            .map(|p| map.power(*p).name.clone())
            .collect();
        let _ = writeln!(
            o,
            "<g class=\"mark {}\" data-kind=\"{}\" data-power=\"{}\" data-others=\"{}\" data-at=\"{}\" data-took-effect=\"{}\" data-text=\"{}\">\
             <path d=\"M{} {}L{} {}\" stroke=\"#111111\" stroke-width=\"1.4\"/>\
             <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" rx=\"3\" fill=\"#FFFFFF\" stroke=\"{colour}\" stroke-width=\"2.4\"{dash}/>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111111\">{}</text></g>",
            m.kind.class(),
            m.kind.class(),
            m.power
                .map(|p| map.power(p).name.clone())
                .unwrap_or_default(),
            others.join(" "),
            esc(&map.province(at.province).abbr),
            m.took_effect,
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
            esc(&label)
        );
    }
    o.push_str("</g>\n");
    s.push(&o);
}

/// The panel's lines: every secret-log entry of the phase (the marks of
/// kind [`MarkKind::Entry`]).
fn panel(marks: &[Mark]) -> Vec<&Mark> {
    marks.iter().filter(|m| m.kind == MarkKind::Entry).collect()
}

/// The height of the panel below the legend (0 without entries).
pub fn list_height(marks: &[Mark]) -> f64 {
    let n = panel(marks).len();
    if n == 0 { 0.0 } else { 34.0 + n as f64 * 16.0 }
}

/// Every entry of the phase's secret log, below the legend.
pub fn draw_list(s: &mut Svg, all: &[Mark]) {
    let marks = panel(all);
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
        num(list_height(all)),
        num(top + 20.0)
    );
    for (i, m) in marks.iter().enumerate() {
        let _ = write!(
            o,
            "<text class=\"entry\" x=\"16\" y=\"{}\" font-size=\"12\">{}</text>",
            num(top + 38.0 + i as f64 * 16.0),
            esc(&m.text)
        );
    }
    o.push_str("</g>\n");
    s.push(&o);
}
