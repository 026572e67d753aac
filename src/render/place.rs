//! Where every unit, label, centre marker and mark of one picture
//! stands, placed with a collision check so that nothing covers a
//! province's name (issue 24). The boxes placed are kept as data
//! ([`Placement::boxes`]) so that a test can check that none overlaps
//! another.
//!
//! The order of placing: units (each at its province's point, moved
//! within its province when another unit already stands there), builds,
//! the heads of the arrows (fixed by the units they join), dislodged
//! units (beside their province's point, clear of the arrow that
//! dislodged them), then each province's name with its centre marker,
//! then the standoff marks. Each is tried first where it belongs, then
//! at points spiralling outwards, inside its own province first.

use super::Scene;
use super::board::{LABEL_SIZE, label_text, label_width};
use super::layout::Layout;
use crate::engine::Order;
use crate::engine::Outcome;
use crate::engine::PhaseKind;
use crate::engine::Unit;
use crate::engine::{Location, Map, ProvinceId};

pub(super) type Pt = (f64, f64);

/// Half the side of the square a unit takes (a fleet's hull is 34 wide,
/// an army's disc 26; a hold's ring may reach a little beyond).
pub(super) const UNIT_HALF: f64 = 15.0;
/// How far below its unit a province's name stands by preference.
pub(super) const LABEL_BELOW: f64 = UNIT_HALF + 9.0;
/// Half the height of a province's name.
const LABEL_HALF_H: f64 = 7.0;
/// The radius a centre marker takes (with its outline).
const CENTRE_R: f64 = 6.0;
/// How far from a unit's point an arrow's tip stops when a unit stands
/// there, so that its head is never under the unit.
pub const TIP_CLEAR: f64 = 19.5;
/// The length of an arrow's head.
pub(super) const HEAD: f64 = 13.0;
/// How long the stub of an impossible order is.
pub const STUB: f64 = 34.0;

/// What a box holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A unit on the board.
    Unit,
    /// A dislodged unit, beside its attacker.
    Dislodged,
    /// The mark of a build.
    Build,
    /// A province's name.
    Label,
    /// A supply-centre marker.
    Centre,
    /// The mark of a province left empty by a standoff.
    Standoff,
    /// The head of an order's arrow.
    ArrowHead,
}

/// An axis-aligned box in map coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    pub fn around((x, y): Pt, hw: f64, hh: f64) -> Rect {
        Rect {
            x0: x - hw,
            y0: y - hh,
            x1: x + hw,
            y1: y + hh,
        }
    }

    /// Whether two boxes share any area (touching edges do not count).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 - 0.01
            && o.x0 < self.x1 - 0.01
            && self.y0 < o.y1 - 0.01
            && o.y0 < self.y1 - 0.01
    }

    fn centre(&self) -> Pt {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }
}

/// One box placed.
#[derive(Debug, Clone)]
pub struct Placed {
    /// What the box holds.
    pub kind: Kind,
    /// What it is: `unit-par`, `label-par`, `sc-par`, `head-3`...
    pub id: String,
    /// Where the box is, in map coordinates.
    pub rect: Rect,
}

/// A unit as drawn: where, and whether it is a dislodged one.
#[derive(Debug, Clone)]
pub struct DrawnUnit {
    pub unit: Unit,
    pub at: Pt,
    pub dislodged: bool,
    /// Removed by the phase (drawn faded, under its cross).
    pub removed: bool,
}

/// Everything of one picture, placed.
#[derive(Debug, Clone, Default)]
pub struct Placement {
    /// Every box placed, units, labels, marks and arrow heads.
    pub boxes: Vec<Placed>,
    /// Every unit drawn, with where it stands.
    pub units: Vec<DrawnUnit>,
    /// Per province: the centre of its name.
    pub labels: Vec<Pt>,
    /// Per province: its centre marker, when it has a supply centre.
    pub centres: Vec<Option<Pt>>,
    /// Provinces left empty by a standoff, and where their mark stands.
    pub standoffs: Vec<(ProvinceId, Pt)>,
    /// Per order of the scene: where its build stands (builds only).
    pub builds: Vec<Option<Pt>>,
    /// Per dislodged unit of the scene (`Scene::dislodged`): where it
    /// stands.
    pub dislodged: Vec<Pt>,
}

impl Placement {
    /// Pairs of boxes that overlap, as `(a, b)` ids: none in a good
    /// picture. Arrowheads are checked against names, centre markers and
    /// standoff marks only (an arrow may pass over a unit's edge).
    pub fn overlaps(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (i, a) in self.boxes.iter().enumerate() {
            for b in &self.boxes[i + 1..] {
                let heads = a.kind == Kind::ArrowHead || b.kind == Kind::ArrowHead;
                let other = if a.kind == Kind::ArrowHead { b } else { a };
                if heads
                    && (other.kind == Kind::ArrowHead
                        || !matches!(other.kind, Kind::Label | Kind::Centre | Kind::Standoff))
                {
                    continue;
                }
                if a.rect.overlaps(&b.rect) {
                    out.push((a.id.clone(), b.id.clone()));
                }
            }
        }
        out
    }

    /// Where the unit of an order at `loc` stands in this picture: a
    /// dislodged unit drawn there (it was there when the orders were
    /// given), else the unit drawn in its province, else the province's
    /// point (a unit that has moved away).
    pub fn origin(&self, layout: &Layout, loc: Location) -> Pt {
        let of = |d: bool| {
            self.units
                .iter()
                .find(|u| u.dislodged == d && u.unit.location.province == loc.province)
                .map(|u| u.at)
        };
        of(true)
            .or_else(|| of(false))
            .unwrap_or_else(|| layout.point(loc))
    }

    /// Where an arrow to `loc` ends: short of the unit standing there.
    pub fn target(&self, layout: &Layout, loc: Location) -> (Pt, bool) {
        match self
            .units
            .iter()
            .find(|u| !u.dislodged && !u.removed && u.unit.location.province == loc.province)
        {
            Some(u) => (u.at, true),
            None => (layout.point(loc), false),
        }
    }
}

pub(super) fn toward(a: Pt, b: Pt, d: f64) -> Pt {
    let len = (b.0 - a.0).hypot(b.1 - a.1).max(1e-6);
    (a.0 + (b.0 - a.0) / len * d, a.1 + (b.1 - a.1) / len * d)
}

/// How an order is drawn, from its outcome.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Look {
    /// Succeeded (or not yet adjudicated).
    Done,
    /// Failed: dashed, hollow.
    Failed,
    /// Invalid or void: a grey stub with a cross, never across the map.
    Invalid,
}

pub(super) fn look(o: &super::DrawnOrder) -> Look {
    match o.outcome {
        None | Some(Outcome::Succeeds) => Look::Done,
        Some(Outcome::Fails) => Look::Failed,
        Some(Outcome::Invalid | Outcome::Void | Outcome::Replaced) => Look::Invalid,
    }
}

/// The path of a move or retreat as drawn: from its unit, by the fleets
/// convoying it, to short of its destination (the last two points make
/// the head); for an impossible order (invalid, void, or a move to a
/// province its unit cannot reach with no fleet ordered to convoy it)
/// only a stub towards it, with `true`.
pub(super) fn move_path(
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    placed: &Placement,
    index: usize,
) -> Option<(Vec<Pt>, bool)> {
    let d = &scene.orders[index];
    let (unit, dest, convoyed, route) = match &d.order {
        Order::Move {
            unit,
            dest,
            via_convoy,
            route,
        } => (unit, *dest, *via_convoy, route.as_slice()),
        Order::Retreat { unit, dest } => (unit, *dest, false, &[][..]),
        _ => return None,
    };
    let from = placed.origin(layout, unit.location);
    let (to, occupied) = placed.target(layout, dest);
    let stub = || {
        let end = toward(from, to, STUB.min((to.0 - from.0).hypot(to.1 - from.1)));
        Some((vec![from, end], true))
    };
    if look(d) == Look::Invalid {
        return stub();
    }
    let mut pts = vec![from];
    let adjacent = unit
        .unit_type
        .is_none_or(|t| map.unit_reaches(t, unit.location, dest.province));
    if convoyed || !route.is_empty() || !adjacent {
        let by = super::orders::convoy_route(layout, scene, unit.location, dest, route);
        if by.is_empty() && !adjacent {
            return stub();
        }
        pts.extend(by);
    }
    pts.push(to);
    pts[0] = toward(from, pts[1], 11.0);
    let n = pts.len();
    pts[n - 1] = toward(to, pts[n - 2], if occupied { TIP_CLEAR } else { 6.0 });
    Some((pts, false))
}

/// Places everything of a scene.
pub(super) fn place(map: &Map, layout: &Layout, scene: &Scene<'_>) -> Placement {
    let n = map.provinces().len();
    let mut p = Placement {
        labels: vec![(0.0, 0.0); n],
        centres: vec![None; n],
        builds: vec![None; scene.orders.len()],
        ..Placement::default()
    };
    let mut ctx = Ctx {
        layout,
        placed: &mut p.boxes,
    };
    let units = place_units(&mut ctx, map, scene);
    place_builds(&mut ctx, map, scene, &units, &mut p.builds);
    p.units = units;
    // Heads of arrows that do not start at a dislodged unit are fixed by
    // the units placed.
    place_heads(&mut p, map, layout, scene, false);
    place_dislodged(&mut p, map, layout, scene);
    place_heads(&mut p, map, layout, scene, true);
    let mut ctx = Ctx {
        layout,
        placed: &mut p.boxes,
    };
    place_labels(&mut ctx, map, &mut p.labels, &mut p.centres);
    let contested = if scene.position.phase.kind == PhaseKind::Retreat {
        &scene.position.contested
    } else {
        &scene.contested
    };
    p.standoffs = place_standoffs(&mut ctx, map, contested, &p.labels);
    p
}

/// The units on the board shown; after a winter, also the units removed,
/// where they stood.
fn place_units(ctx: &mut Ctx<'_>, map: &Map, scene: &Scene<'_>) -> Vec<DrawnUnit> {
    let layout = ctx.layout;
    let mut units: Vec<DrawnUnit> = Vec::new();
    for u in &scene.board().units {
        let want = layout.point(u.location);
        let at = ctx.find(
            Kind::Unit,
            format!("unit-{}", map.province(u.location.province).abbr),
            want,
            UNIT_HALF,
            UNIT_HALF,
            Some(u.location.province.0 as usize),
            &[],
        );
        units.push(DrawnUnit {
            unit: *u,
            at,
            dislodged: false,
            removed: false,
        });
    }
    if scene.after.is_some() && scene.position.phase.kind == PhaseKind::Adjustment {
        let removed = scene
            .orders
            .iter()
            .filter(|d| look(d) == Look::Done)
            .filter_map(|d| match &d.order {
                Order::Remove { unit } => scene
                    .position
                    .units
                    .iter()
                    .find(|u| u.location.province == unit.location.province)
                    .copied(),
                _ => None,
            })
            .chain(scene.unordered_removals.iter().copied())
            .collect::<Vec<_>>();
        for u in removed {
            let at = ctx.find(
                Kind::Unit,
                format!("removed-{}", map.province(u.location.province).abbr),
                layout.point(u.location),
                UNIT_HALF,
                UNIT_HALF,
                Some(u.location.province.0 as usize),
                &[],
            );
            units.push(DrawnUnit {
                unit: u,
                at,
                dislodged: false,
                removed: true,
            });
        }
    }
    units
}

/// Builds: on their unit in the position after, else where the unit
/// would have stood; one entry per order in `builds`.
fn place_builds(
    ctx: &mut Ctx<'_>,
    map: &Map,
    scene: &Scene<'_>,
    units: &[DrawnUnit],
    builds: &mut [Option<Pt>],
) {
    for (i, d) in scene.orders.iter().enumerate() {
        if let Order::Build { location, .. } = &d.order {
            let abbr = &map.province(location.province).abbr;
            if let Some(u) = units
                .iter()
                .find(|u| u.unit.location.province == location.province && look(d) == Look::Done)
            {
                // The build's badge sits on the unit already placed,
                // inside its box.
                builds[i] = Some(u.at);
                continue;
            }
            let want = ctx.layout.point(*location);
            let want = if look(d) == Look::Done {
                want
            } else {
                (want.0 + 22.0, want.1 + 18.0)
            };
            let at = ctx.find(
                Kind::Build,
                format!("build-{abbr}"),
                want,
                UNIT_HALF + 3.0,
                UNIT_HALF + 3.0,
                Some(location.province.0 as usize),
                &[],
            );
            builds[i] = Some(at);
        }
    }
}

/// The boxes of the arrowheads of moves (or, `from_dislodged`, of
/// retreats), once the units they start from stand.
fn place_heads(
    p: &mut Placement,
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    from_dislodged: bool,
) {
    for i in 0..scene.orders.len() {
        let is_retreat = matches!(scene.orders[i].order, Order::Retreat { .. });
        if is_retreat != from_dislodged {
            continue;
        }
        if let Some((path, false)) = move_path(map, layout, scene, p, i) {
            let k = path.len();
            let (a, b) = (path[k - 2], path[k - 1]);
            let mid = toward(b, a, HEAD / 2.0);
            p.boxes.push(Placed {
                kind: Kind::ArrowHead,
                id: format!("head-{i}"),
                rect: Rect::around(mid, HEAD / 2.0, HEAD / 2.0),
            });
        }
    }
}

/// Dislodged units of a retreat phase being shown before its orders, or
/// of the position after a movement, beside their province. (After a
/// retreat phase: the dislodged units where they stood, the retreats
/// drawn from them.) The dislodged units of a movement shown before it:
/// on their own unit (already placed), ringed.
fn place_dislodged(p: &mut Placement, map: &Map, layout: &Layout, scene: &Scene<'_>) {
    let shown: Vec<Unit> =
        if scene.after.is_some() && scene.position.phase.kind == PhaseKind::Retreat {
            scene.position.dislodged.iter().map(|d| d.unit).collect()
        } else {
            scene.board().dislodged.iter().map(|d| d.unit).collect()
        };
    let mut ctx = Ctx {
        layout,
        placed: &mut p.boxes,
    };
    let mut extra = Vec::new();
    for u in &shown {
        let base = layout.point(u.location);
        let at = ctx.find(
            Kind::Dislodged,
            format!("dislodged-{}", map.province(u.location.province).abbr),
            (base.0 + 24.0, base.1 - 24.0),
            UNIT_HALF,
            UNIT_HALF,
            Some(u.location.province.0 as usize),
            &[],
        );
        extra.push(DrawnUnit {
            unit: *u,
            at,
            dislodged: true,
            removed: false,
        });
    }
    for r in &scene.dislodged {
        let loc = r.dislodged.unit.location;
        let at = extra
            .iter()
            .find(|u| u.unit.location.province == loc.province)
            .map(|u| u.at)
            .or_else(|| {
                p.units
                    .iter()
                    .find(|u| u.unit.location.province == loc.province)
                    .map(|u| u.at)
            })
            .unwrap_or_else(|| layout.point(loc));
        p.dislodged.push(at);
    }
    p.units.extend(extra);
}

/// Every province's name and, for a supply centre, its marker on the
/// name's left.
fn place_labels(ctx: &mut Ctx<'_>, map: &Map, labels: &mut [Pt], centres: &mut [Option<Pt>]) {
    for prov in map.provinces() {
        let i = prov.id.0 as usize;
        let text = label_text(&prov.abbr);
        let hw = label_width(&text, LABEL_SIZE) / 2.0;
        let sc = prov.supply_center;
        // The group: the name, with the centre marker on its left.
        let left = if sc { 2.0 * CENTRE_R + 1.0 } else { 0.0 };
        let ghw = hw + left / 2.0;
        let unit = ctx.layout.provinces[i].unit;
        let want = (unit.0 - left / 2.0, unit.1 + LABEL_BELOW);
        let others = [
            (unit.0 - left / 2.0, unit.1 - LABEL_BELOW),
            (unit.0 + UNIT_HALF + ghw + 2.0, unit.1),
            (unit.0 - UNIT_HALF - ghw - 2.0, unit.1),
        ];
        let g = ctx.free(want, ghw, LABEL_HALF_H, Some(i), &others);
        let label = (g.0 + left / 2.0, g.1);
        ctx.placed.push(Placed {
            kind: Kind::Label,
            id: format!("label-{}", prov.abbr),
            rect: Rect::around(label, hw, LABEL_HALF_H),
        });
        labels[i] = label;
        if sc {
            let c = (label.0 - hw - CENTRE_R - 1.0, label.1);
            ctx.placed.push(Placed {
                kind: Kind::Centre,
                id: format!("sc-{}", prov.abbr),
                rect: Rect::around(c, CENTRE_R, CENTRE_R),
            });
            centres[i] = Some(c);
        }
    }
}

/// Standoff marks, beside the names of the provinces left empty.
fn place_standoffs(
    ctx: &mut Ctx<'_>,
    map: &Map,
    contested: &[ProvinceId],
    labels: &[Pt],
) -> Vec<(ProvinceId, Pt)> {
    let mut out = Vec::new();
    for prov in contested {
        let i = prov.0 as usize;
        let l = labels[i];
        let hw = label_width(&label_text(&map.province(*prov).abbr), LABEL_SIZE) / 2.0;
        let at = ctx.find(
            Kind::Standoff,
            format!("standoff-{}", map.province(*prov).abbr),
            (l.0 + hw + 10.0, l.1),
            8.5,
            8.5,
            Some(i),
            &[(l.0, l.1 - 16.0), (l.0, l.1 + 16.0)],
        );
        out.push((*prov, at));
    }
    out
}

struct Ctx<'a> {
    layout: &'a Layout,
    placed: &'a mut Vec<Placed>,
}

impl Ctx<'_> {
    /// Places a box of half-size (hw, hh) near `want` and records it.
    #[allow(clippy::too_many_arguments)]
    fn find(
        &mut self,
        kind: Kind,
        id: String,
        want: Pt,
        hw: f64,
        hh: f64,
        province: Option<usize>,
        others: &[Pt],
    ) -> Pt {
        let at = self.free(want, hw, hh, province, others);
        self.placed.push(Placed {
            kind,
            id,
            rect: Rect::around(at, hw, hh),
        });
        at
    }

    /// The first free spot for a box: `want`, then `others`, then points
    /// spiralling out from `want` ([`spiral`]); inside `province` when
    /// one can be, else anywhere on the map; `want` itself when nowhere
    /// is free. The candidates are walked lazily: most boxes fit at the
    /// first or second, and a picture places a few hundred boxes.
    fn free(&self, want: Pt, hw: f64, hh: f64, province: Option<usize>, others: &[Pt]) -> Pt {
        let cands = || {
            std::iter::once(want).chain(others.iter().copied()).chain(
                spiral()
                    .iter()
                    .map(move |&(r, cos, sin)| (want.0 + r * cos, want.1 + r * sin)),
            )
        };
        let fits = |c: Pt| {
            let b = Rect::around(c, hw, hh);
            b.x0 >= 0.0
                && b.y0 >= 0.0
                && b.x1 <= self.layout.width
                && b.y1 <= self.layout.height
                && !self.placed.iter().any(|p| p.rect.overlaps(&b))
        };
        let inside = |c: Pt| {
            province.is_none_or(|i| {
                let b = Rect::around(c, hw, hh);
                [
                    b.centre(),
                    (b.x0, b.y0),
                    (b.x1, b.y0),
                    (b.x0, b.y1),
                    (b.x1, b.y1),
                ]
                .iter()
                .filter(|q| self.layout.province_at(**q) == Some(i))
                .count()
                    >= 3
            })
        };
        cands()
            .find(|&c| inside(c) && fits(c))
            .or_else(|| {
                cands().find(|&c| {
                    province.is_none_or(|i| self.layout.province_at(c) == Some(i)) && fits(c)
                })
            })
            .or_else(|| cands().find(|&c| fits(c)))
            .unwrap_or(want)
    }
}

/// The spiral a box is tried along, as (radius, cosine, sine) of each
/// step: rings 5 units apart out to 150, each with a point every 1.25
/// units of its circumference (8 to 48 points), starting below. Worked
/// out once: every box of every picture walks the same steps.
fn spiral() -> &'static [(f64, f64, f64)] {
    static STEPS: std::sync::OnceLock<Vec<(f64, f64, f64)>> = std::sync::OnceLock::new();
    STEPS.get_or_init(|| {
        let mut steps = Vec::new();
        let mut r = 5.0;
        while r <= 150.0 {
            let k = ((r * 0.8) as usize).clamp(8, 48);
            for j in 0..k {
                let a = j as f64 / k as f64 * std::f64::consts::TAU + std::f64::consts::FRAC_PI_2;
                steps.push((r, a.cos(), a.sin()));
            }
            r += 5.0;
        }
        steps
    })
}
