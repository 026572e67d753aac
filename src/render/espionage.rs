//! The judge's overlay: a phase's espionage drawn over its board (spies
//! and their targets, counter-spies, reactions, Fakes, exposures,
//! organisations founded). Only `dipspy secret-log --map` draws it; a
//! player's picture never has a mark.

use super::Scene;
use super::glyphs::{self, Weight};
use super::layout::Layout;
use super::palette;
use super::place::{Placement, Pt, Rect};
use super::svg::{Svg, esc, num};
use super::tags::{self, Want};
use crate::engine::Order;
use crate::engine::Outcome;
use crate::engine::{Location, Map, PowerId};
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
    /// The kind's name as the SVG's CSS class and `data-` attribute (`spy`, `fake-void`).
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

    /// The word a tag of this kind starts with.
    pub fn badge(self) -> &'static str {
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
    pub fn dashed(self) -> bool {
        matches!(self, MarkKind::FakeStopped | MarkKind::FakeVoid)
    }
}

/// One piece of espionage to draw, as data (the tests read these, and
/// the SVG carries them as `data-` attributes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// What the mark shows.
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

/// The short name of a power on a tag (`FRA`).
pub(super) fn abbr(map: &Map, p: PowerId) -> String {
    map.power(p)
        .name
        .chars()
        .take(3)
        .collect::<String>()
        .to_uppercase()
}

/// The words of a mark's tag: its kind and its power (`SPY FRA`); an
/// Anti with the power it protects and the power whose Fakes it stops
/// (`ANTI GER vs FRA`); a collision with every power that collided
/// (`CLASH AUS+ITA`).
pub(super) fn label(map: &Map, m: &Mark) -> String {
    let badge = m.kind.badge();
    let names = |ps: &[PowerId]| ps.iter().map(|p| abbr(map, *p)).collect::<Vec<_>>();
    match (m.kind, m.power) {
        (MarkKind::Collision, _) => format!("{badge} {}", names(&m.others).join("+")),
        (MarkKind::Anti, Some(p)) if !m.others.is_empty() => {
            format!("{badge} {} vs {}", abbr(map, p), names(&m.others).join("+"))
        }
        (_, Some(p)) => format!("{badge} {}", abbr(map, p)),
        (_, None) => badge.to_string(),
    }
}

/// The size of a tag's words and its box.
pub(super) const TAG_FONT: &str = "11";
pub(super) const TAG_H: f64 = 16.0;

/// The width of a tag holding `label`.
pub(super) fn tag_width(label: &str) -> f64 {
    glyphs::width(label, TAG_FONT, Weight::Bold).ceil() + 10.0
}

/// One tag: its box, with its border in `colour`, dashed or not.
pub(super) fn tag(o: &mut String, r: &Rect, colour: &str, dashed: bool, label: &str) {
    let dash = if dashed {
        " stroke-dasharray=\"4 3\""
    } else {
        ""
    };
    let _ = write!(
        o,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"#FFFFFF\" stroke=\"{colour}\" stroke-width=\"2.4\"{dash}/>\
         <text x=\"{}\" y=\"{}\" font-size=\"{TAG_FONT}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111111\">{}</text>",
        num(r.x0),
        num(r.y0),
        num(r.x1 - r.x0),
        num(r.y1 - r.y0),
        num((r.x0 + r.x1) / 2.0),
        num(r.y0 + 12.0),
        esc(label)
    );
}

/// Where the unit a mark names stands in the picture: on the board after
/// the phase, where its move or retreat took it; a dislodged unit beside
/// its province; else in its province (or the province's point, for a
/// mark on a province with no unit, as a founding).
fn anchor(scene: &Scene<'_>, layout: &Layout, placed: &Placement, at: Location) -> Pt {
    if scene.after.is_some() {
        let moved = scene.orders.iter().find_map(|d| match &d.order {
            Order::Move { unit, dest, .. } | Order::Retreat { unit, dest }
                if unit.location.province == at.province
                    && d.outcome == Some(Outcome::Succeeds) =>
            {
                Some(*dest)
            }
            _ => None,
        });
        if let Some(dest) = moved
            && let Some(u) = placed
                .units
                .iter()
                .find(|u| !u.dislodged && u.unit.location.province == dest.province)
        {
            return u.at;
        }
    }
    placed.origin(layout, at)
}

/// The marks on the board, each a tag beside the unit (or province) it
/// names, with a thin line to it; no tag covers another ([`tags`]).
pub(super) fn draw(s: &mut Svg, map: &Map, layout: &Layout, placed: &Placement, scene: &Scene<'_>) {
    let marks = &scene.espionage;
    let drawn: Vec<(&Mark, Location)> = marks
        .iter()
        .filter_map(|m| m.at.map(|at| (m, at)))
        .collect();
    if drawn.is_empty() {
        return;
    }
    let labels: Vec<String> = drawn.iter().map(|(m, _)| label(map, m)).collect();
    let wants: Vec<Want> = drawn
        .iter()
        .zip(&labels)
        .map(|((_, at), l)| Want {
            at: anchor(scene, layout, placed, *at),
            hw: tag_width(l) / 2.0,
            hh: TAG_H / 2.0,
        })
        .collect();
    let boxes = tags::place(layout, placed, &wants);
    let mut o = String::from("<g id=\"espionage\">\n<g id=\"espionage-leaders\">");
    for (w, r) in wants.iter().zip(&boxes) {
        let (x, y) = tags::nearest(r, w.at);
        let _ = write!(
            o,
            "<path class=\"leader\" d=\"M{} {}L{} {}\" stroke=\"#111111\" stroke-width=\"1.4\"/>",
            num(w.at.0),
            num(w.at.1),
            num(x),
            num(y)
        );
    }
    o.push_str("</g>\n");
    for (((m, at), l), r) in drawn.iter().zip(&labels).zip(&boxes) {
        let colour = m.power.map_or("#111111", |p| palette::power(p.0 as usize));
        let others: Vec<String> = m
            .others
            .iter()
            .map(|p| map.power(*p).name.clone())
            .collect();
        let _ = write!(
            o,
            "<g class=\"mark {}\" data-kind=\"{}\" data-power=\"{}\" data-others=\"{}\" data-at=\"{}\" data-took-effect=\"{}\" data-text=\"{}\">",
            m.kind.class(),
            m.kind.class(),
            m.power
                .map(|p| map.power(p).name.clone())
                .unwrap_or_default(),
            others.join(" "),
            esc(&map.province(at.province).abbr),
            m.took_effect,
            esc(&m.text),
        );
        tag(&mut o, r, colour, m.kind.dashed() || !m.took_effect, l);
        o.push_str("</g>\n");
    }
    o.push_str("</g>\n");
    s.push(&o);
}
