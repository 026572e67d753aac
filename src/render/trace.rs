//! Outlines of grid regions as SVG path data: the cell edges between a
//! region and its neighbours are chained into closed loops, and each loop
//! is drawn through the midpoints of its edges, which cuts every
//! staircase corner at 45 degrees (and neighbours share those midpoints,
//! so borders meet). Collinear points are dropped.

use super::regions::Grid;
use std::collections::HashMap;
use std::fmt::Write;

/// The outline of every cell labelled `label`, as SVG path data (one
/// subpath per loop; fill it with `fill-rule="evenodd"`). Empty when no
/// cell has the label.
pub(super) fn outline(g: &Grid, label: i32) -> String {
    outline_where(g, |l| l == label)
}

/// The outline of every cell whose label satisfies `pick`.
pub(super) fn outline_where(g: &Grid, pick: impl Fn(i32) -> bool) -> String {
    let (cols, rows) = (g.cols, g.rows);
    let inside = |c: i64, r: i64| {
        c >= 0
            && r >= 0
            && (c as usize) < cols
            && (r as usize) < rows
            && pick(g.at(c as usize, r as usize))
    };
    // Directed edges, clockwise around each region (y grows downwards):
    // from vertex -> list of to-vertices.
    let mut next: HashMap<(i64, i64), Vec<(i64, i64)>> = HashMap::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            if !inside(c, r) {
                continue;
            }
            let mut add = |a: (i64, i64), b: (i64, i64)| next.entry(a).or_default().push(b);
            if !inside(c, r - 1) {
                add((c, r), (c + 1, r));
            }
            if !inside(c + 1, r) {
                add((c + 1, r), (c + 1, r + 1));
            }
            if !inside(c, r + 1) {
                add((c + 1, r + 1), (c, r + 1));
            }
            if !inside(c - 1, r) {
                add((c, r + 1), (c, r));
            }
        }
    }
    let mut starts: Vec<(i64, i64)> = next.keys().copied().collect();
    starts.sort();
    let mut out = String::new();
    for s in starts {
        while let Some(first) = next.get_mut(&s).and_then(|v| v.pop()) {
            // Walk one loop.
            let mut verts = vec![s];
            let mut cur = first;
            while cur != s {
                verts.push(cur);
                let Some(n) = next.get_mut(&cur).and_then(|v| v.pop()) else {
                    break;
                };
                cur = n;
            }
            write_loop(&mut out, &verts, g.cell);
        }
    }
    out
}

/// One loop through the midpoints of its edges, without collinear points.
fn write_loop(out: &mut String, verts: &[(i64, i64)], cell: f64) {
    let n = verts.len();
    if n < 3 {
        return;
    }
    // Midpoints in doubled coordinates (integers).
    let mids: Vec<(i64, i64)> = (0..n)
        .map(|i| {
            let (a, b) = (verts[i], verts[(i + 1) % n]);
            (a.0 + b.0, a.1 + b.1)
        })
        .collect();
    let m = mids.len();
    let keep: Vec<(i64, i64)> = (0..m)
        .filter(|&i| {
            let (p, q, r) = (mids[(i + m - 1) % m], mids[i], mids[(i + 1) % m]);
            (q.0 - p.0) * (r.1 - q.1) - (q.1 - p.1) * (r.0 - q.0) != 0
        })
        .map(|i| mids[i])
        .collect();
    if keep.len() < 3 {
        return;
    }
    let half = cell / 2.0;
    for (i, (x, y)) in keep.iter().enumerate() {
        let _ = write!(
            out,
            "{}{} {}",
            if i == 0 { "M" } else { "L" },
            num(*x as f64 * half),
            num(*y as f64 * half)
        );
    }
    out.push('Z');
}

/// A coordinate with at most one decimal.
pub(super) fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_cell_is_a_diamond_through_its_edge_midpoints() {
        let g = Grid {
            cols: 3,
            rows: 3,
            cell: 2.0,
            labels: vec![0, 0, 0, 0, 1, 0, 0, 0, 0],
        };
        assert_eq!(outline(&g, 1), "M3 2L4 3L3 4L2 3Z");
    }

    #[test]
    fn a_missing_label_has_no_outline() {
        let g = Grid {
            cols: 1,
            rows: 1,
            cell: 1.0,
            labels: vec![0],
        };
        assert_eq!(outline(&g, 7), "");
    }
}
