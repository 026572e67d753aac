//! A phase's orders on the board: moves as arrows (solid when they
//! succeeded, dashed with a hollow head when they failed, grey when the
//! order was invalid), supports as dotted lines (to the supported unit,
//! or onto the supported move), convoys as dash-dot lines along the
//! route, holds as rings; retreats and disbands; builds and removals;
//! dislodged units with the provinces they may retreat to, and
//! standoffs.

use super::layout::Layout;
use super::svg::{Svg, esc, num};
use super::units::{DISLODGED_OFFSET, symbol};
use super::{DrawnOrder, Scene, palette};
use crate::engine::adjudicate::Outcome;
use crate::engine::map::{Location, Map, ProvinceId};
use crate::engine::order::{Order, UnitRef};
use crate::engine::phase::PhaseKind;
use std::fmt::Write;

type Pt = (f64, f64);

/// How an order is drawn, from its outcome.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// Succeeded (or not yet adjudicated).
    Done,
    /// Failed: dashed, hollow.
    Failed,
    /// Invalid or void: grey and dashed.
    Invalid,
}

fn look(o: &DrawnOrder) -> Look {
    match o.outcome {
        None | Some(Outcome::Succeeds) => Look::Done,
        Some(Outcome::Fails) => Look::Failed,
        Some(Outcome::Invalid | Outcome::Void | Outcome::Replaced) => Look::Invalid,
    }
}

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

/// Where the unit of an order stands in the picture.
fn unit_point(layout: &Layout, scene: &Scene<'_>, u: &UnitRef) -> Pt {
    let p = layout.point(u.location);
    if scene.position.phase.kind == PhaseKind::Retreat {
        (p.0 + DISLODGED_OFFSET.0, p.1 + DISLODGED_OFFSET.1)
    } else {
        p
    }
}

fn toward(a: Pt, b: Pt, d: f64) -> Pt {
    let len = (b.0 - a.0).hypot(b.1 - a.1).max(1e-6);
    (a.0 + (b.0 - a.0) / len * d, a.1 + (b.1 - a.1) / len * d)
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
    let head = 13.0;
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
fn convoy_route(
    map: &Map,
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
    let _ = map;
    out
}

/// The lines and arrows, drawn under the units.
pub fn draw(s: &mut Svg, map: &Map, layout: &Layout, scene: &Scene<'_>) {
    let mut o = String::new();
    o.push_str("<g id=\"orders\">\n");
    // Supports and convoys first, moves on top of them.
    for pass in 0..2 {
        for d in &scene.orders {
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
                    let from = unit_point(layout, scene, unit);
                    let a = layout.point(supported.location);
                    let b = layout.point(*dest);
                    let target = (a.0 + (b.0 - a.0) * 0.62, a.1 + (b.1 - a.1) * 0.62);
                    let start = toward(from, target, 12.0);
                    thin(&mut o, &[start, target], c, "2 4", 2.6);
                    let fill = if l == Look::Done { c } else { "#FFFFFF" };
                    let _ = write!(
                        o,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{fill}\" stroke=\"#111111\" stroke-width=\"1.4\"/>",
                        num(target.0),
                        num(target.1)
                    );
                    if l != Look::Done {
                        let mid = ((start.0 + target.0) / 2.0, (start.1 + target.1) / 2.0);
                        cross(&mut o, mid, 5.0, c);
                    }
                    o.push_str("</g>\n");
                }
                (Order::SupportHold { unit, supported }, 0) => {
                    open(&mut o, map, d, "support-hold");
                    let from = unit_point(layout, scene, unit);
                    let to = layout.point(supported.location);
                    let start = toward(from, to, 12.0);
                    let end = toward(to, from, 19.0);
                    thin(&mut o, &[start, end], c, "2 4", 2.6);
                    ring(&mut o, to, 19.0, c, l, 2.0);
                    if l != Look::Done {
                        let mid = ((start.0 + end.0) / 2.0, (start.1 + end.1) / 2.0);
                        cross(&mut o, mid, 5.0, c);
                    }
                    o.push_str("</g>\n");
                }
                (Order::Convoy { unit, army, dest }, 0) => {
                    open(&mut o, map, d, "convoy");
                    let f = layout.point(unit.location);
                    let a = toward(layout.point(army.location), f, 12.0);
                    let b = toward(layout.point(*dest), f, 12.0);
                    thin(&mut o, &[a, f, b], c, "9 4 2 4", 2.2);
                    let _ = write!(
                        o,
                        "<path d=\"M{} {}l7 12h-14z\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2\"/>",
                        num(f.0),
                        num(f.1 + 14.0)
                    );
                    if l != Look::Done {
                        cross(&mut o, (f.0 + 14.0, f.1 + 12.0), 5.0, c);
                    }
                    o.push_str("</g>\n");
                }
                (
                    Order::Move {
                        unit,
                        dest,
                        via_convoy,
                        route,
                    },
                    1,
                ) => {
                    open(&mut o, map, d, "move");
                    let from = unit_point(layout, scene, unit);
                    let to = layout.point(*dest);
                    let mut pts = vec![from];
                    let adjacent = unit
                        .unit_type
                        .is_none_or(|t| map.unit_reaches(t, unit.location, dest.province));
                    if *via_convoy || !route.is_empty() || !adjacent {
                        pts.extend(convoy_route(
                            map,
                            layout,
                            scene,
                            unit.location,
                            *dest,
                            route,
                        ));
                    }
                    pts.push(to);
                    pts[0] = toward(from, pts[1], 11.0);
                    let n = pts.len();
                    pts[n - 1] = toward(to, pts[n - 2], 6.0);
                    arrow(&mut o, &pts, c, l, 4.0);
                    o.push_str("</g>\n");
                }
                (Order::Retreat { unit, dest }, 1) => {
                    open(&mut o, map, d, "retreat");
                    let from = unit_point(layout, scene, unit);
                    let to = layout.point(*dest);
                    let pts = [toward(from, to, 11.0), toward(to, from, 6.0)];
                    arrow(&mut o, &pts, c, l, 3.4);
                    o.push_str("</g>\n");
                }
                _ => {}
            }
        }
    }
    o.push_str("</g>\n");
    s.push(&o);
}

/// The markers drawn over the units: holds, disbands, builds, removals,
/// dislodged units with their retreats, standoffs.
pub fn draw_after_units(s: &mut Svg, map: &Map, layout: &Layout, scene: &Scene<'_>) {
    let mut o = String::new();
    o.push_str("<g id=\"markers\">\n");
    for d in &scene.orders {
        let l = look(d);
        let c = colour(d, l);
        match &d.order {
            Order::Hold { unit } => {
                open(&mut o, map, d, "hold");
                ring(&mut o, unit_point(layout, scene, unit), 16.0, c, l, 3.0);
                o.push_str("</g>\n");
            }
            Order::Disband { unit } => {
                open(&mut o, map, d, "disband");
                cross(&mut o, unit_point(layout, scene, unit), 10.0, "#111111");
                o.push_str("</g>\n");
            }
            Order::Remove { unit } => {
                open(&mut o, map, d, "remove");
                let c = if l == Look::Invalid { c } else { "#111111" };
                cross(&mut o, layout.point(unit.location), 12.0, c);
                o.push_str("</g>\n");
            }
            Order::Build {
                unit_type,
                location,
            } => {
                open(&mut o, map, d, "build");
                // A build that did not happen stands aside, small, so
                // that the one that did stays readable.
                let p = layout.point(*location);
                let p = if l == Look::Done {
                    p
                } else {
                    (p.0 + 20.0, p.1 + 16.0)
                };
                ring(&mut o, p, 18.0, c, l, 2.4);
                let abbr = &map.province(location.province).abbr;
                symbol(
                    &mut o,
                    map,
                    &format!("build-{abbr}"),
                    "built",
                    *unit_type,
                    d.power,
                    p,
                    0.9,
                );
                let _ = write!(
                    o,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.4\"/>\
                     <path d=\"M{x0} {y}H{x1}M{x} {y0}V{y1}\" stroke=\"#111111\" stroke-width=\"2\"/>",
                    x = num(p.0 + 15.0),
                    y = num(p.1 - 14.0),
                    x0 = num(p.0 + 11.0),
                    x1 = num(p.0 + 19.0),
                    y0 = num(p.1 - 18.0),
                    y1 = num(p.1 - 10.0)
                );
                if l != Look::Done {
                    cross(&mut o, p, 10.0, "#8C8C8C");
                }
                o.push_str("</g>\n");
            }
            Order::Move { .. } if l == Look::Failed => {}
            _ => {}
        }
    }
    // Units removed without an order: civil disorder in a winter, a
    // dislodged unit given no retreat.
    for u in &scene.unordered_removals {
        let mut p = layout.point(u.location);
        if scene.position.phase.kind == PhaseKind::Retreat {
            p = (p.0 + DISLODGED_OFFSET.0, p.1 + DISLODGED_OFFSET.1);
        }
        let why = if scene.position.phase.kind == PhaseKind::Retreat {
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
        cross(&mut o, p, 11.0, "#111111");
        o.push_str("</g>\n");
    }
    // Units dislodged by this movement, and where they may go.
    for r in &scene.dislodged {
        let u = &r.dislodged.unit;
        let abbr = &map.province(u.location.province).abbr;
        let mut p = layout.point(u.location);
        if scene.position.phase.kind == PhaseKind::Retreat {
            p = (p.0 + DISLODGED_OFFSET.0, p.1 + DISLODGED_OFFSET.1);
        }
        let options: Vec<String> = r.retreats.iter().map(|l| map.loc_name(*l)).collect();
        let _ = write!(
            o,
            "<g class=\"dislodged\" id=\"retreats-{}\" data-retreats=\"{}\">",
            esc(abbr),
            esc(&options.join(" "))
        );
        ring(&mut o, p, 17.0, "#FFFFFF", Look::Failed, 2.4);
        for to in &r.retreats {
            let q = layout.point(*to);
            let a = toward(p, q, 18.0);
            let b = toward(q, p, 14.0);
            thin(&mut o, &[a, b], "#111111", "1 3", 1.8);
            let _ = write!(
                o,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#111111\"/>",
                num(b.0),
                num(b.1)
            );
        }
        if r.retreats.is_empty() {
            cross(&mut o, (p.0 + 13.0, p.1 - 13.0), 5.0, "#111111");
        }
        o.push_str("</g>\n");
    }
    // Provinces left empty by a standoff (in a retreat phase, those of
    // the movement before it: nobody may retreat there).
    let contested = if scene.position.phase.kind == PhaseKind::Retreat {
        &scene.position.contested
    } else {
        &scene.contested
    };
    for p in contested {
        let shape = &layout.provinces[p.0 as usize];
        let abbr = &map.province(*p).abbr;
        let text = super::board::label_text(abbr);
        let (x, y) = (
            shape.label.0 + super::board::label_width(&text, super::board::LABEL_SIZE) / 2.0 + 10.0,
            shape.label.1,
        );
        let _ = write!(
            o,
            "<g class=\"standoff\" id=\"standoff-{}\"><circle cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"#FFFFFF\" stroke=\"#111111\" stroke-width=\"1.8\"/>",
            esc(abbr),
            num(x),
            num(y)
        );
        cross(&mut o, (x, y), 4.0, "#111111");
        o.push_str("</g>\n");
    }
    o.push_str("</g>\n");
    s.push(&o);
}

/// Orders with no place on the board (a waived build), as text for the
/// legend.
pub fn unplaced(map: &Map, scene: &Scene<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for p in map.powers() {
        for o in scene
            .orders
            .iter()
            .filter(|o| o.power == p.id && o.order == Order::Waive)
        {
            out.push(match o.outcome {
                None | Some(Outcome::Succeeds) => format!("{} waives a build", p.display_name()),
                Some(x) => format!("{}: Waive ({x})", p.display_name()),
            });
        }
    }
    out
}
