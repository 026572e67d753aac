//! A phase's orders on the board: moves as arrows (solid when they
//! succeeded, dashed with a hollow head when they failed), supports as
//! dotted lines ending in a dot (to the supported unit, or onto the
//! supported move), convoys as dash-dot lines along the route, holds as
//! rings; retreats and disbands; builds and removals; dislodged units
//! with the provinces they may retreat to (short thin arrows with an
//! open head, a mark of their own), and standoffs. An invalid or void
//! order is only a short grey stub from its unit ending in a cross: it
//! never crosses the map. Every point comes from the [`Placement`].

use super::layout::Layout;
use super::place::{Look, Placement, Pt, STUB, look, move_path, toward};
use super::svg::{Svg, esc, num};
use super::units::symbol;
use super::{DrawnOrder, Scene, palette};
use crate::engine::Order;
use crate::engine::PhaseKind;
use crate::engine::{Location, Map, ProvinceId, UnitType};
use std::fmt::Write;

fn outcome_word(o: &DrawnOrder) -> &'static str {
    o.outcome.map_or("ordered", |x| x.as_str())
}

fn colour(o: &DrawnOrder, l: Look) -> &'static str {
    if l == Look::Invalid {
        "#8C8C8C"
    } else {
        palette::power(o.power.0 as usize)
    }
}

fn polyline(pts: &[Pt]) -> String {
    let mut d = String::new();
    for (i, p) in pts.iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {}",
            if i == 0 { "M" } else { "L" },
            num(p.0),
            num(p.1)
        );
    }
    d
}

/// An arrow along `pts` (at least two points), with a cased line and a
/// head (hollow when failed).
fn arrow(o: &mut String, pts: &[Pt], colour: &str, l: Look, width: f64) {
    let n = pts.len();
    let (a, b) = (pts[n - 2], pts[n - 1]);
    let head = super::place::HEAD;
    let base = toward(b, a, head);
    let mut line = pts.to_vec();
    line[n - 1] = toward(b, a, head * 0.8);
    let dash = if l == Look::Done {
        String::new()
    } else {
        " stroke-dasharray=\"9 6\"".to_string()
    };
    let d = polyline(&line);
    let _ = write!(
        o,
        "<path d=\"{d}\" fill=\"none\" stroke=\"#111111\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{dash}/>\
         <path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{dash}/>",
        num(width + 2.6),
        num(width)
    );
    let (dx, dy) = (b.0 - base.0, b.1 - base.1);
    let (px, py) = (-dy * 0.55, dx * 0.55);
    let fill = if l == Look::Done { colour } else { "#FFFFFF" };
    let stroke = if l == Look::Done { "#111111" } else { colour };
    let _ = write!(
        o,
        "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.8\" stroke-linejoin=\"round\"/>",
        num(b.0),
        num(b.1),
        num(base.0 + px),
        num(base.1 + py),
        num(base.0 - px),
        num(base.1 - py)
    );
}

/// A thin line with a cased pattern (supports, convoys).
fn thin(o: &mut String, pts: &[Pt], colour: &str, pattern: &str, width: f64) {
    let d = polyline(pts);
    let _ = write!(
        o,
        "<path d=\"{d}\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-opacity=\"0.9\"/>\
         <path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-dasharray=\"{pattern}\" stroke-linecap=\"round\"/>",
        num(width + 2.4),
        num(width)
    );
}

/// A cross (failed support, removal, disband).
fn cross(o: &mut String, (x, y): Pt, r: f64, colour: &str) {
    let d = format!(
        "M{} {}L{} {}M{} {}L{} {}",
        num(x - r),
        num(y - r),
        num(x + r),
        num(y + r),
        num(x - r),
        num(y + r),
        num(x + r),
        num(y - r)
    );
    let _ = write!(
        o,
        "<path d=\"{d}\" stroke=\"#FFFFFF\" stroke-width=\"5.5\" stroke-linecap=\"round\"/>\
         <path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"2.8\" stroke-linecap=\"round\"/>"
    );
}

fn ring(o: &mut String, (x, y): Pt, r: f64, colour: &str, l: Look, width: f64) {
    let dash = if l == Look::Done {
        ""
    } else {
        " stroke-dasharray=\"5 4\""
    };
    let _ = write!(
        o,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"none\" stroke=\"#111111\" stroke-width=\"{}\"{dash}/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"{dash}/>",
        num(width + 2.2),
        num(width),
        x = num(x),
        y = num(y),
        r = num(r)
    );
}

fn open(o: &mut String, map: &Map, d: &DrawnOrder, kind: &str) {
    let _ = write!(
        o,
        "<g class=\"order {kind} {}\" data-power=\"{}\" data-order=\"{}\">",
        outcome_word(d),
        esc(&map.power(d.power).name),
        esc(&d.order.to_text(map))
    );
}

/// The route of a convoyed army: the fleets convoying it, in order from
/// the army onwards, or the route the order names.
pub(super) fn convoy_route(
    layout: &Layout,
    scene: &Scene<'_>,
    from: Location,
    dest: Location,
    route: &[ProvinceId],
) -> Vec<Pt> {
    if !route.is_empty() {
        return route
            .iter()
            .map(|p| layout.point(Location::new(*p)))
            .collect();
    }
    let mut fleets: Vec<Pt> = scene
        .orders
        .iter()
        .filter_map(|o| match &o.order {
            Order::Convoy {
                unit,
                army,
                dest: d,
            } if army.location.province == from.province && d.province == dest.province => {
                Some(layout.point(unit.location))
            }
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    let mut at = layout.point(from);
    while !fleets.is_empty() {
        let (i, _) = fleets
            .iter()
            .enumerate()
            .map(|(i, f)| (i, (f.0 - at.0).hypot(f.1 - at.1)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or((0, 0.0));
        at = fleets.remove(i);
        out.push(at);
    }
    out
}

/// An impossible order: a short grey stub from its unit towards what it
/// names, ending in a cross.
fn stub(o: &mut String, from: Pt, to: Pt) {
    let len = (to.0 - from.0).hypot(to.1 - from.1);
    let a = toward(from, to, 11.0_f64.min(len));
    let b = toward(from, to, STUB.min(len));
    thin(o, &[a, b], "#8C8C8C", "4 3", 2.4);
    cross(o, b, 5.0, "#8C8C8C");
}

/// Where the unit of an order stands (in a retreat phase, the dislodged
/// one).
fn origin(layout: &Layout, _scene: &Scene<'_>, placed: &Placement, loc: Location) -> Pt {
    placed.origin(layout, loc)
}

/// The lines and arrows, drawn under the units.
pub(super) fn draw(s: &mut Svg, map: &Map, layout: &Layout, scene: &Scene<'_>, placed: &Placement) {
    let mut o = String::new();
    o.push_str("<g id=\"orders\">\n");
    // Supports and convoys first, moves on top of them.
    for pass in 0..2 {
        for (index, d) in scene.orders.iter().enumerate() {
            let l = look(d);
            let c = colour(d, l);
            match (&d.order, pass) {
                (
                    Order::SupportMove {
                        unit,
                        supported,
                        dest,
                    },
                    0,
                ) => {
                    open(&mut o, map, d, "support-move");
                    let from = origin(layout, scene, placed, unit.location);
                    let a = placed.origin(layout, supported.location);
                    let b = layout.point(*dest);
                    support_move_line(&mut o, from, (a, b), c, l);
                    o.push_str("</g>\n");
                }
                (Order::SupportHold { unit, supported }, 0) => {
                    open(&mut o, map, d, "support-hold");
                    let from = origin(layout, scene, placed, unit.location);
                    let to = placed.origin(layout, supported.location);
                    support_hold_line(&mut o, from, to, c, l);
                    o.push_str("</g>\n");
                }
                (Order::Convoy { unit, army, dest }, 0) => {
                    open(&mut o, map, d, "convoy");
                    let f = origin(layout, scene, placed, unit.location);
                    let army_at = placed.origin(layout, army.location);
                    convoy_line(&mut o, f, (army_at, layout.point(*dest)), c, l);
                    o.push_str("</g>\n");
                }
                (Order::Move { .. }, 1) => {
                    open(&mut o, map, d, "move");
                    draw_path(&mut o, map, layout, scene, placed, index, c, l, 4.0);
                    o.push_str("</g>\n");
                }
                (Order::Retreat { .. }, 1) => {
                    open(&mut o, map, d, "retreat");
                    draw_path(&mut o, map, layout, scene, placed, index, c, l, 3.4);
                    o.push_str("</g>\n");
                }
                _ => {}
            }
        }
    }
    retreat_option_lines(&mut o, map, layout, scene, placed);
    o.push_str("</g>\n");
    s.push(&o);
}

/// A support for a move, from the supporter at `from` to most of the way
/// along the supported move `a` to `b`: a dotted line ending in a dot
/// (filled when it worked), crossed where it failed; a stub when invalid.
fn support_move_line(o: &mut String, from: Pt, (a, b): (Pt, Pt), c: &str, l: Look) {
    let target = (a.0 + (b.0 - a.0) * 0.62, a.1 + (b.1 - a.1) * 0.62);
    if l == Look::Invalid {
        stub(o, from, target);
        return;
    }
    let start = toward(from, target, 12.0);
    thin(o, &[start, target], c, "2 4", 2.6);
    let fill = if l == Look::Done { c } else { "#FFFFFF" };
    let _ = write!(
        o,
        "<circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{fill}\" stroke=\"#111111\" stroke-width=\"1.4\"/>",
        num(target.0),
        num(target.1)
    );
    if l != Look::Done {
        let mid = ((start.0 + target.0) / 2.0, (start.1 + target.1) / 2.0);
        cross(o, mid, 5.0, c);
    }
}

/// A support to hold, from the supporter at `from` to the unit at `to`: a
/// dotted line and a ring round the unit, crossed where it failed; a stub
/// when invalid.
fn support_hold_line(o: &mut String, from: Pt, to: Pt, c: &str, l: Look) {
    if l == Look::Invalid {
        stub(o, from, to);
        return;
    }
    let start = toward(from, to, 12.0);
    let end = toward(to, from, 19.0);
    thin(o, &[start, end], c, "2 4", 2.6);
    ring(o, to, 19.0, c, l, 2.0);
    if l != Look::Done {
        let mid = ((start.0 + end.0) / 2.0, (start.1 + end.1) / 2.0);
        cross(o, mid, 5.0, c);
    }
}

/// A convoy by the fleet at `f` of the army at `army_at` to `dest`: a
/// dash-dot line from the army through the fleet to the destination,
/// crossed where it failed; a stub when invalid.
fn convoy_line(o: &mut String, f: Pt, (army_at, dest): (Pt, Pt), c: &str, l: Look) {
    if l == Look::Invalid {
        stub(o, f, army_at);
        return;
    }
    let a = toward(army_at, f, 12.0);
    let b = toward(dest, f, 12.0);
    thin(o, &[a, f, b], c, "9 4 2 4", 2.2);
    if l != Look::Done {
        let m = toward(f, b, 26.0);
        cross(o, m, 5.0, c);
    }
}

/// Where dislodged units may retreat (under the units: a line never
/// covers a unit).
fn retreat_option_lines(
    o: &mut String,
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    placed: &Placement,
) {
    for (r, &p) in scene.dislodged.iter().zip(&placed.dislodged) {
        let abbr = &map.province(r.dislodged.unit.location.province).abbr;
        let _ = write!(
            o,
            "<g class=\"retreat-options\" id=\"options-{}\">",
            esc(abbr)
        );
        for to in &r.retreats {
            retreat_option(o, p, layout.point(*to));
        }
        o.push_str("</g>\n");
    }
}

/// A move or retreat: its arrow, or the stub of an impossible one.
#[allow(clippy::too_many_arguments)]
fn draw_path(
    o: &mut String,
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    placed: &Placement,
    index: usize,
    c: &str,
    l: Look,
    width: f64,
) {
    let Some((pts, stub)) = move_path(map, layout, scene, placed, index) else {
        return;
    };
    if stub {
        let (a, b) = (pts[0], pts[pts.len() - 1]);
        thin(
            o,
            &[toward(a, b, 11.0_f64.min((b.0 - a.0).hypot(b.1 - a.1))), b],
            "#8C8C8C",
            "4 3",
            2.4,
        );
        cross(o, b, 5.0, "#8C8C8C");
    } else {
        arrow(o, &pts, c, l, width);
    }
}

/// The markers drawn over the units: holds, disbands, builds, removals,
/// dislodged units with their retreats, standoffs.
pub(super) fn draw_after_units(
    s: &mut Svg,
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    placed: &Placement,
) {
    let glyphs = s.raster;
    let mut o = String::new();
    o.push_str("<g id=\"markers\">\n");
    order_markers(&mut o, map, layout, scene, placed, glyphs);
    unordered_removal_markers(&mut o, map, layout, scene, placed);
    dislodged_markers(&mut o, map, scene, placed);
    standoff_markers(&mut o, map, placed);
    o.push_str("</g>\n");
    s.push(&o);
}

/// The markers of the orders drawn over the units: holds, disbands,
/// removals and builds.
fn order_markers(
    o: &mut String,
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    placed: &Placement,
    glyphs: bool,
) {
    for (index, d) in scene.orders.iter().enumerate() {
        let l = look(d);
        let c = colour(d, l);
        match &d.order {
            Order::Hold { unit } => {
                open(o, map, d, "hold");
                let p = origin(layout, scene, placed, unit.location);
                ring(o, p, 16.0, c, l, 3.0);
                o.push_str("</g>\n");
            }
            Order::Disband { unit } => {
                open(o, map, d, "disband");
                let p = origin(layout, scene, placed, unit.location);
                cross(o, p, 10.0, "#111111");
                o.push_str("</g>\n");
            }
            Order::Remove { unit } => {
                open(o, map, d, "remove");
                let c = if l == Look::Invalid { c } else { "#111111" };
                let p = placed.origin(layout, unit.location);
                cross(o, p, 12.0, c);
                o.push_str("</g>\n");
            }
            Order::Build {
                unit_type,
                location,
            } => {
                // A build that did not happen stands aside, small, so
                // that the one that did stays readable.
                let p = placed.builds[index].unwrap_or_else(|| layout.point(*location));
                build_marker(o, map, placed, d, (*unit_type, *location), p, glyphs);
            }
            _ => {}
        }
    }
}

/// A build order's marker at `p`: a ring, the new unit (unless the unit
/// built stands there already), a plus sign, and a grey cross if it failed.
fn build_marker(
    o: &mut String,
    map: &Map,
    placed: &Placement,
    d: &DrawnOrder,
    (unit_type, location): (UnitType, Location),
    p: Pt,
    glyphs: bool,
) {
    let l = look(d);
    let c = colour(d, l);
    open(o, map, d, "build");
    let on_unit = placed
        .units
        .iter()
        .any(|u| !u.removed && u.at == p && l == Look::Done);
    ring(o, p, 17.0, c, l, 2.4);
    if !on_unit {
        let abbr = &map.province(location.province).abbr;
        symbol(
            o,
            map,
            &format!("build-{abbr}"),
            "built",
            unit_type,
            d.power,
            p,
            0.9,
            glyphs,
        );
    }
    let _ = write!(
        o,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"5.5\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.3\"/>\
         <path d=\"M{x0} {y}H{x1}M{x} {y0}V{y1}\" stroke=\"#111111\" stroke-width=\"1.8\"/>",
        x = num(p.0 + 12.0),
        y = num(p.1 - 12.0),
        x0 = num(p.0 + 9.0),
        x1 = num(p.0 + 15.0),
        y0 = num(p.1 - 15.0),
        y1 = num(p.1 - 9.0)
    );
    if l != Look::Done {
        cross(o, p, 10.0, "#8C8C8C");
    }
    o.push_str("</g>\n");
}

/// Units removed without an order: civil disorder in a winter, a
/// dislodged unit given no retreat.
fn unordered_removal_markers(
    o: &mut String,
    map: &Map,
    layout: &Layout,
    scene: &Scene<'_>,
    placed: &Placement,
) {
    let retreat = scene.position.phase.kind == PhaseKind::Retreat;
    for u in &scene.unordered_removals {
        let p = placed.origin(layout, u.location);
        let why = if retreat {
            "no order: disbanded"
        } else {
            "civil disorder: removed"
        };
        let _ = write!(
            o,
            "<g class=\"order unordered-removal\" data-power=\"{}\" data-order=\"{} ({why})\">",
            esc(&map.power(u.power).name),
            esc(&u.text(map))
        );
        cross(o, p, 11.0, "#111111");
        o.push_str("</g>\n");
    }
}

/// Units dislodged by this movement, each ringed, with the places it may
/// retreat to (a cross when there are none).
fn dislodged_markers(o: &mut String, map: &Map, scene: &Scene<'_>, placed: &Placement) {
    // Units dislodged by this movement, and where they may go: short
    // thin arrows with an open head, up to the border (a mark of their
    // own, never a support's dotted line and dot).
    for (r, &p) in scene.dislodged.iter().zip(&placed.dislodged) {
        let u = &r.dislodged.unit;
        let abbr = &map.province(u.location.province).abbr;
        let options: Vec<String> = r.retreats.iter().map(|l| map.loc_name(*l)).collect();
        let _ = write!(
            o,
            "<g class=\"dislodged\" id=\"retreats-{}\" data-retreats=\"{}\">",
            esc(abbr),
            esc(&options.join(" "))
        );
        ring(o, p, 17.0, "#FFFFFF", Look::Failed, 2.4);
        if r.retreats.is_empty() {
            cross(o, (p.0 + 13.0, p.1 - 13.0), 5.0, "#111111");
        }
        o.push_str("</g>\n");
    }
}

/// Provinces left empty by a standoff.
fn standoff_markers(o: &mut String, map: &Map, placed: &Placement) {
    // Provinces left empty by a standoff (in a retreat phase, those of
    // the movement before it: nobody may retreat there).
    for (prov, (x, y)) in &placed.standoffs {
        let abbr = &map.province(*prov).abbr;
        let _ = write!(
            o,
            "<g class=\"standoff\" id=\"standoff-{}\"><circle cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.8\"/>",
            esc(abbr),
            num(*x),
            num(*y)
        );
        cross(o, (*x, *y), 4.0, "#111111");
        o.push_str("</g>\n");
    }
}

/// One place a dislodged unit may retreat to: a thin dark line from the
/// unit's ring to halfway, ending in an open chevron.
pub(super) fn retreat_option(o: &mut String, from: Pt, to: Pt) {
    let len = (to.0 - from.0).hypot(to.1 - from.1);
    let a = toward(from, to, 19.0_f64.min(len));
    let b = toward(from, to, (len * 0.5).max(30.0).min(len));
    let base = toward(b, a, 7.0);
    let (dx, dy) = (b.0 - base.0, b.1 - base.1);
    let (px, py) = (-dy * 0.7, dx * 0.7);
    let d = format!(
        "M{} {}L{} {}M{} {}L{} {}L{} {}",
        num(a.0),
        num(a.1),
        num(b.0),
        num(b.1),
        num(base.0 + px),
        num(base.1 + py),
        num(b.0),
        num(b.1),
        num(base.0 - px),
        num(base.1 - py)
    );
    let _ = write!(
        o,
        "<path class=\"retreat-option\" d=\"{d}\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\
         <path class=\"retreat-option\" d=\"{d}\" fill=\"none\" stroke=\"#111111\" stroke-width=\"1.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    );
}

/// Orders with no place on the board (a waived build), as text for the
/// legend.
pub(super) fn unplaced(map: &Map, scene: &Scene<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for p in map.powers() {
        for o in scene
            .orders
            .iter()
            .filter(|o| o.power == p.id && o.order == Order::Waive)
        {
            out.push(scene.words.waive(&p.name, o.outcome));
        }
    }
    out
}
