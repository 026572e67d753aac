//! Where each tag of the judge's picture stands (issue 33): beside the
//! unit or province it names, clear of every tag placed before it, and
//! when it can be, clear of the units, names, centre markers, standoff
//! marks and arrowheads of the picture. A tag is tried at points on
//! rings around its unit, above first, then turning both ways towards
//! below, each ring a little further out; the nearest point that covers
//! nothing is taken, or a nearer one covering a name or a mark when the
//! free one is much further out. The same scene always gives the same
//! places.

use super::layout::Layout;
use super::place::{Kind, Placement, Pt, Rect, UNIT_HALF};

/// The gap between a tag and the unit it names, and between two tags.
const GAP: f64 = 2.0;
/// How much further out each ring of points is.
const RING: f64 = 7.0;
/// How many rings are tried before the search goes anywhere on the map.
const RINGS: usize = 40;
/// The directions tried on each ring, in degrees from straight up,
/// clockwise: up first, then both ways round to straight down.
const TURNS: [f64; 17] = [
    0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 15.0, -15.0, 45.0, -45.0, 120.0, -120.0, 150.0,
    -150.0, 75.0, 180.0,
];

/// A tag to place: the point it names and its half-size.
#[derive(Debug, Clone, Copy)]
pub(super) struct Want {
    pub at: Pt,
    pub hw: f64,
    pub hh: f64,
}

/// The box of each tag, in the order given: no two overlap.
pub(super) fn place(layout: &Layout, placed: &Placement, wants: &[Want]) -> Vec<Rect> {
    let mut tags: Vec<Rect> = Vec::with_capacity(wants.len());
    for w in wants {
        let r = spot(layout, placed, &tags, w);
        tags.push(r);
    }
    tags
}

/// What a tag standing on a name, a centre marker, a standoff mark or
/// an arrowhead costs, in units of distance from its unit: a tag a
/// little further away is better than one over a name, a tag far away
/// worse.
const COVER: f64 = 30.0;

/// The best box for a tag among [`candidates`]: inside the map, over no
/// other tag and (when it can be) no unit, and the nearest to its unit
/// counting what it covers ([`COVER`]); failing that, the first place
/// on the map, row by row, over no other tag.
fn spot(layout: &Layout, placed: &Placement, tags: &[Rect], w: &Want) -> Rect {
    let inside =
        |r: &Rect| r.x0 >= 0.0 && r.y0 >= 0.0 && r.x1 <= layout.width && r.y1 <= layout.height;
    let open = |r: &Rect| inside(r) && !tags.iter().any(|t| t.overlaps(r));
    let unit = |k: Kind| matches!(k, Kind::Unit | Kind::Dislodged | Kind::Build);
    for units_count in [true, false] {
        let mut best: Option<(f64, Rect)> = None;
        for (d, r) in candidates(w) {
            if best.is_some_and(|(c, _)| d >= c) {
                break;
            }
            if !open(&r) {
                continue;
            }
            let mut cost = d;
            let mut blocked = false;
            for b in placed.boxes.iter().filter(|b| b.rect.overlaps(&r)) {
                if unit(b.kind) {
                    blocked |= units_count;
                } else {
                    cost += COVER;
                }
            }
            if !blocked && best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, r));
            }
        }
        if let Some((_, r)) = best {
            return r;
        }
    }
    // Nowhere near: the first free place on the map, row by row.
    let step = 2.0 * w.hh + GAP;
    let mut y = w.hh;
    while y + w.hh <= layout.height {
        let mut x = w.hw;
        while x + w.hw <= layout.width {
            let r = Rect::around((x, y), w.hw, w.hh);
            if open(&r) {
                return r;
            }
            x += w.hw;
        }
        y += step;
    }
    Rect::around(w.at, w.hw, w.hh)
}

/// The boxes tried for a tag with their distance from the unit,
/// nearest first: on each ring every direction of [`TURNS`], the box
/// just outside the unit's at ring 0.
fn candidates(w: &Want) -> impl Iterator<Item = (f64, Rect)> + '_ {
    (0..RINGS).flat_map(move |k| {
        let d = k as f64 * RING;
        TURNS.iter().map(move |deg| {
            let a = deg.to_radians();
            let (s, c) = (a.sin(), -a.cos());
            // Far enough along the direction for the box to clear the
            // unit's square (the larger of the two reaches).
            let rx = if s.abs() > 1e-9 {
                (UNIT_HALF + w.hw + GAP + d) / s.abs()
            } else {
                f64::INFINITY
            };
            let ry = if c.abs() > 1e-9 {
                (UNIT_HALF + w.hh + GAP + d) / c.abs()
            } else {
                f64::INFINITY
            };
            let r = rx.min(ry);
            (
                d,
                Rect::around((w.at.0 + s * r, w.at.1 + c * r), w.hw, w.hh),
            )
        })
    })
}

/// The point of a tag's box nearest to `p`: where its leader line ends.
pub(super) fn nearest(r: &Rect, p: Pt) -> Pt {
    (p.0.clamp(r.x0, r.x1), p.1.clamp(r.y0, r.y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_point_tried_is_just_above_the_unit() {
        let w = Want {
            at: (100.0, 100.0),
            hw: 20.0,
            hh: 8.0,
        };
        let (_, first) = candidates(&w).next().unwrap();
        assert!(
            (first.y1 - (100.0 - UNIT_HALF - GAP)).abs() < 1e-9,
            "{first:?}"
        );
        assert!(((first.x0 + first.x1) / 2.0 - 100.0).abs() < 1e-9);
        // Every box tried clears the unit's square.
        let unit = Rect::around((100.0, 100.0), UNIT_HALF, UNIT_HALF);
        assert!(candidates(&w).all(|(_, r)| !r.overlaps(&unit)));
    }
}
