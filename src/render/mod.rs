//! Pictures of the board (issue 13): a phase's position with its orders
//! and their outcomes, drawn as SVG by dipspy's own code and rasterised
//! to PNG in-process.
//!
//! Pure like the engine: a [`Scene`] (position, orders, results) in, SVG
//! text or PNG bytes out; no files, no clock, no SQL (the tests check it
//! as they check the engine). The pieces, one idea per file:
//!
//! * `geometry`: a map's geometry file and land mask;
//! * `regions`, `trace`, `schematic`, `layout`: where each
//!   province, unit and label stands;
//! * `board` and `units`: provinces, centres, labels, units;
//! * `orders`: moves, supports, convoys, holds, retreats, builds;
//! * `espionage`: the judge's own overlay of a phase's espionage, its
//!   tags placed by `tags`, its key and list by `esp_panel`;
//! * `legend`: title and legend, in the words of `words` (the
//!   reader's language); `palette`: colours;
//! * `png`: SVG to PNG; `raster`: a scene to pixels, its board kept
//!   drawn per map; `glyphs`: texts set once as outlines for it.

mod board;
mod esp_panel;
mod espionage;
mod geometry;
mod glyphs;
mod layout;
mod legend;
mod orders;
mod palette;
mod place;
mod png;
mod raster;
mod regions;
mod schematic;
mod svg;
mod tags;
mod trace;
mod units;
mod words;

use crate::engine::Order;
use crate::engine::PhaseKind;
use crate::engine::{Adjudication, Outcome, RetreatOptions};
use crate::engine::{Map, PowerId, ProvinceId};
use crate::engine::{Position, Unit};
use crate::lang::Lang;
pub use espionage::{Mark, MarkKind};
pub use geometry::{BUILTIN, Geometry, mask_text, missing_borders};
pub use glyphs::{Weight, outline};
pub use layout::{Layout, geometry_for, layout_for, set_positions};
pub use palette::power as power_colour;
pub use place::{Kind as BoxKind, Placed, Placement, STUB, TIP_CLEAR};
pub use png::{PngError, description, svg_to_png};
pub use regions::{IMPASSABLE, VOID, WATER};
pub use svg::{TITLE_H, legend_height};
pub use words::{Labels, install_labels, label_keys};

/// The width of a mailed picture, in pixels.
pub const MAIL_WIDTH: u32 = 1200;

/// One order as drawn: who gave it, what it says, and what became of it
/// (`None` before adjudication).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawnOrder {
    /// The power that gave the order.
    pub power: PowerId,
    /// The order as given.
    pub order: Order,
    /// What became of it, or none before adjudication.
    pub outcome: Option<Outcome>,
}

/// Everything one picture shows.
#[derive(Debug, Clone)]
pub struct Scene<'a> {
    /// The first line of the title (the game's name).
    pub game: String,
    /// The position the phase was played from (its orders start here).
    pub position: &'a Position,
    /// The position the phase resulted in, when the picture shows it
    /// (the results picture): units where they now stand, dislodged
    /// units beside their attackers, the centres' owners after a Fall.
    /// `None`: the units stand where they stood before the orders.
    pub after: Option<Position>,
    /// The orders of the phase, as drawn.
    pub orders: Vec<DrawnOrder>,
    /// After a movement phase: the units dislodged and where they may
    /// retreat.
    pub dislodged: Vec<RetreatOptions>,
    /// After a movement phase: provinces left empty by a standoff.
    pub contested: Vec<ProvinceId>,
    /// Units removed without an order of their own: in a winter by civil
    /// disorder, in a retreat phase a dislodged unit left without one.
    pub unordered_removals: Vec<Unit>,
    /// The judge's espionage overlay (never in a player's picture).
    pub espionage: Vec<espionage::Mark>,
    /// The words of the title and legend, in the reader's language
    /// (English unless [`Scene::in_lang`] says otherwise).
    pub words: &'static words::Words,
}

impl<'a> Scene<'a> {
    /// A position with nothing on it but its units (the phase being
    /// played now).
    pub fn position(game: &str, position: &'a Position) -> Scene<'a> {
        Scene {
            game: game.to_string(),
            position,
            after: None,
            orders: Vec::new(),
            dislodged: Vec::new(),
            contested: Vec::new(),
            unordered_removals: Vec::new(),
            espionage: Vec::new(),
            words: words::Words::of(Lang::En),
        }
    }

    /// An adjudicated phase as the results show it: the orders as
    /// adjudicated (one result per order) drawn on the board that
    /// resulted (see [`Scene::after`]).
    pub fn adjudicated(
        game: &str,
        before: &'a Position,
        orders: &[(PowerId, Order)],
        adjudication: &Adjudication,
    ) -> Scene<'a> {
        let mut s = Scene::adjudicated_before(game, before, orders, adjudication);
        s.after = Some(board_after(before, adjudication));
        s
    }

    /// An adjudicated phase drawn on the board before it: the orders as
    /// adjudicated and what followed, the units where they stood.
    pub fn adjudicated_before(
        game: &str,
        before: &'a Position,
        orders: &[(PowerId, Order)],
        adjudication: &Adjudication,
    ) -> Scene<'a> {
        Scene {
            game: game.to_string(),
            position: before,
            after: None,
            orders: orders
                .iter()
                .zip(&adjudication.results)
                .map(|((p, o), r)| DrawnOrder {
                    power: *p,
                    order: o.clone(),
                    outcome: Some(r.outcome),
                })
                .collect(),
            dislodged: adjudication.dislodged.clone(),
            contested: adjudication.contested.clone(),
            unordered_removals: unordered_removals(before, orders, adjudication),
            espionage: Vec::new(),
            words: words::Words::of(Lang::En),
        }
    }

    /// The same picture with its title and legend in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Scene<'a> {
        self.words = words::Words::of(lang);
        self
    }
}

impl Scene<'_> {
    /// The position whose units and centres the picture shows.
    pub fn board(&self) -> &Position {
        self.after.as_ref().unwrap_or(self.position)
    }

    /// The board with its centres' owners as the picture shows them:
    /// after a Fall movement whose units are still to retreat, as the
    /// units stand now (the engine counts them once the retreats are
    /// done; a retreat into an empty centre may still take one).
    pub fn board_for(&self, map: &Map) -> std::borrow::Cow<'_, Position> {
        let b = self.board();
        let fall_movement = self.position.phase.kind == PhaseKind::Movement
            && self.position.phase.season == crate::engine::Season::Fall;
        if self.after.is_some() && fall_movement && !b.dislodged.is_empty() {
            let mut b = b.clone();
            b.update_ownership(map);
            std::borrow::Cow::Owned(b)
        } else {
            std::borrow::Cow::Borrowed(b)
        }
    }
}

/// The board a phase resulted in.
fn board_after(_before: &Position, adjudication: &Adjudication) -> Position {
    adjudication.next.clone()
}

/// The units a phase removed without an order for them.
fn unordered_removals(
    before: &Position,
    orders: &[(PowerId, Order)],
    adjudication: &Adjudication,
) -> Vec<Unit> {
    let ordered = |u: &Unit| {
        orders.iter().any(|(_, o)| {
            o.unit()
                .is_some_and(|r| r.location.province == u.location.province)
        })
    };
    match before.phase.kind {
        PhaseKind::Adjustment => before
            .units
            .iter()
            .filter(|u| !adjudication.next.units.contains(u) && !ordered(u))
            .copied()
            .collect(),
        PhaseKind::Retreat => before
            .dislodged
            .iter()
            .map(|d| d.unit)
            .filter(|u| !ordered(u))
            .collect(),
        PhaseKind::Movement => Vec::new(),
    }
}

/// The picture as SVG text.
pub fn render_svg(map: &Map, scene: &Scene<'_>) -> String {
    draw(map, scene, false)
}

/// The picture as SVG; for rasterising when `raster` (see
/// [`svg::Svg::raster`]).
pub(crate) fn draw(map: &Map, scene: &Scene<'_>, raster: bool) -> String {
    let layout = layout::layout_for(map);
    let placed = place::place(map, &layout, scene);
    let panel = judge_panel(map, scene);
    let mut s = svg::Svg::new(
        layout.width,
        layout.height,
        map.powers().len(),
        panel.height(),
        raster,
    );
    let board = scene.board_for(map);
    if !raster {
        board::draw(&mut s, map, &layout, &board);
    }
    orders::draw(&mut s, map, &layout, scene, &placed);
    units::draw_all(&mut s, map, scene, &placed);
    orders::draw_after_units(&mut s, map, &layout, scene, &placed);
    board::draw_labels(&mut s, map, &board, &placed);
    espionage::draw(&mut s, map, &layout, &placed, scene);
    legend::draw(&mut s, map, scene);
    panel.draw(&mut s);
    s.finish()
}

/// The judge's key and list below the legend (nothing in a player's
/// picture).
pub(crate) fn judge_panel(map: &Map, scene: &Scene<'_>) -> esp_panel::Panel {
    let width = layout::layout_for(map).width;
    esp_panel::Panel::new(map, &scene.espionage, scene.words, width)
}

/// Where everything of a picture stands (for tests: no two boxes
/// overlap).
pub fn placement(map: &Map, scene: &Scene<'_>) -> place::Placement {
    place::place(map, &layout::layout_for(map), scene)
}

/// The picture as PNG, `width` pixels wide: the picture of
/// [`render_svg`], drawn faster (see `raster`).
pub fn render_png(map: &Map, scene: &Scene<'_>, width: u32) -> Result<Vec<u8>, PngError> {
    raster::render(map, scene, width)
}
