//! Provinces as regions of a grid: each cell gets the label of the
//! province it belongs to, grown outwards from the provinces' anchor
//! points (over land for land provinces, over water for seas), then the
//! point deepest inside each region, where its unit stands.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Land no province reaches (or impassable by the map's rules).
pub const IMPASSABLE: i32 = -1;
/// Water no sea reaches (a lake, a sea beyond the board).
pub const WATER: i32 = -2;
/// Outside the board of a schematic picture.
pub const VOID: i32 = -3;

/// A grid of labels: a province index (>= 0) or one of the constants.
#[derive(Debug, Clone)]
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
    /// Cell size in picture units.
    pub cell: f64,
    pub labels: Vec<i32>,
}

impl Grid {
    pub fn at(&self, c: usize, r: usize) -> i32 {
        self.labels[r * self.cols + c]
    }

    fn centre(&self, i: usize) -> (f64, f64) {
        (
            ((i % self.cols) as f64 + 0.5) * self.cell,
            ((i / self.cols) as f64 + 0.5) * self.cell,
        )
    }

    fn cell_of(&self, x: f64, y: f64) -> usize {
        let c = ((x / self.cell).floor().max(0.0) as usize).min(self.cols - 1);
        let r = ((y / self.cell).floor().max(0.0) as usize).min(self.rows - 1);
        r * self.cols + c
    }
}

/// One anchor: its label, where it is, and whether it grows over land.
#[derive(Debug, Clone, Copy)]
pub(super) struct Seed {
    pub label: i32,
    pub x: f64,
    pub y: f64,
    pub land: bool,
}

/// Grows every seed over cells of its own kind (land or water), each cell
/// going to the seed nearest to it among those that reach it without
/// crossing the other kind. Cells no seed reaches become [`IMPASSABLE`]
/// (land) or [`WATER`].
pub(super) fn grow(cols: usize, rows: usize, cell: f64, land: &[bool], seeds: &[Seed]) -> Grid {
    let mut g = Grid {
        cols,
        rows,
        cell,
        labels: vec![i32::MIN; cols * rows],
    };
    let mut heap = BinaryHeap::new();
    for (k, s) in seeds.iter().enumerate() {
        let start = snap(&g, land, g.cell_of(s.x, s.y), s.land);
        heap.push(Reverse((0u64, start, k)));
    }
    while let Some(Reverse((_, i, k))) = heap.pop() {
        if g.labels[i] != i32::MIN {
            continue;
        }
        g.labels[i] = seeds[k].label;
        let (c, r) = (i % cols, i / cols);
        let mut push = |j: usize| {
            if g.labels[j] == i32::MIN && land[j] == seeds[k].land {
                let (x, y) = g.centre(j);
                let d = (x - seeds[k].x).hypot(y - seeds[k].y);
                heap.push(Reverse(((d * 1000.0) as u64, j, k)));
            }
        };
        if c > 0 {
            push(i - 1);
        }
        if c + 1 < cols {
            push(i + 1);
        }
        if r > 0 {
            push(i - cols);
        }
        if r + 1 < rows {
            push(i + cols);
        }
    }
    for (i, l) in g.labels.iter_mut().enumerate() {
        if *l == i32::MIN {
            *l = if land[i] { IMPASSABLE } else { WATER };
        }
    }
    g
}

/// The nearest cell of the wanted kind (an anchor just off a coarse
/// coastline still starts on its own side).
fn snap(g: &Grid, land: &[bool], start: usize, want_land: bool) -> usize {
    if land[start] == want_land {
        return start;
    }
    let (c0, r0) = ((start % g.cols) as i64, (start / g.cols) as i64);
    for rad in 1..(g.cols.max(g.rows) as i64) {
        let mut best: Option<(i64, usize)> = None;
        for dr in -rad..=rad {
            for dc in -rad..=rad {
                let (c, r) = (c0 + dc, r0 + dr);
                if c < 0 || r < 0 || c >= g.cols as i64 || r >= g.rows as i64 {
                    continue;
                }
                let j = r as usize * g.cols + c as usize;
                let d = dc * dc + dr * dr;
                if land[j] == want_land && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, j));
                }
            }
        }
        if let Some((_, j)) = best {
            return j;
        }
    }
    start
}

/// Labels every cell within `reach` of a seed by the nearest seed (a
/// Voronoi diagram cut off at `reach`); the rest is [`VOID`].
pub(super) fn voronoi(cols: usize, rows: usize, cell: f64, seeds: &[Seed], reach: f64) -> Grid {
    let mut g = Grid {
        cols,
        rows,
        cell,
        labels: vec![VOID; cols * rows],
    };
    for i in 0..cols * rows {
        let (x, y) = g.centre(i);
        let mut best = (reach * reach, VOID);
        for s in seeds {
            let d = (x - s.x).powi(2) + (y - s.y).powi(2);
            if d < best.0 {
                best = (d, s.label);
            }
        }
        g.labels[i] = best.1;
    }
    g
}

/// Gives every [`VOID`] cell that the outside of the grid cannot reach
/// (a hole between cells) to the nearest seed: the board has no holes,
/// only an outline.
pub(super) fn fill_holes(g: &mut Grid, seeds: &[Seed]) {
    let (cols, rows) = (g.cols, g.rows);
    let mut outside = vec![false; cols * rows];
    let mut stack: Vec<usize> = Vec::new();
    for c in 0..cols {
        stack.push(c);
        stack.push((rows - 1) * cols + c);
    }
    for r in 0..rows {
        stack.push(r * cols);
        stack.push(r * cols + cols - 1);
    }
    while let Some(i) = stack.pop() {
        if outside[i] || g.labels[i] != VOID {
            continue;
        }
        outside[i] = true;
        let (c, r) = (i % cols, i / cols);
        if c > 0 {
            stack.push(i - 1);
        }
        if c + 1 < cols {
            stack.push(i + 1);
        }
        if r > 0 {
            stack.push(i - cols);
        }
        if r + 1 < rows {
            stack.push(i + cols);
        }
    }
    for (i, out) in outside.iter().enumerate() {
        if g.labels[i] == VOID && !out {
            let (x, y) = g.centre(i);
            if let Some(s) = seeds.iter().min_by(|a, b| {
                ((x - a.x).powi(2) + (y - a.y).powi(2))
                    .total_cmp(&((x - b.x).powi(2) + (y - b.y).powi(2)))
            }) {
                g.labels[i] = s.label;
            }
        }
    }
}

/// Draws `island` as an island: its cells farther than `radius` from its
/// seed go to the nearest of `seas` (the seas around it).
pub(super) fn shrink_island(g: &mut Grid, island: &Seed, seas: &[Seed], radius: f64) {
    if seas.is_empty() {
        return;
    }
    for i in 0..g.labels.len() {
        if g.labels[i] != island.label {
            continue;
        }
        let (x, y) = g.centre(i);
        if (x - island.x).hypot(y - island.y) <= radius {
            continue;
        }
        if let Some(s) = seas.iter().min_by(|a, b| {
            ((x - a.x).powi(2) + (y - a.y).powi(2))
                .total_cmp(&((x - b.x).powi(2) + (y - b.y).powi(2)))
        }) {
            g.labels[i] = s.label;
        }
    }
}

/// For each label `0..n`, the centre of the cell deepest inside its
/// region (farthest from any other label), in picture units; `None` for
/// a label with no cell.
pub(super) fn deepest_points(g: &Grid, n: usize) -> Vec<Option<(f64, f64)>> {
    // Chamfer distance to the nearest cell of another label (3-4 metric).
    let (cols, rows) = (g.cols, g.rows);
    let big = u32::MAX / 2;
    let mut d = vec![big; cols * rows];
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let l = g.labels[i];
            let edge = c == 0
                || r == 0
                || c + 1 == cols
                || r + 1 == rows
                || g.labels[i - 1] != l
                || g.labels[i + 1] != l
                || g.labels[i - cols] != l
                || g.labels[i + cols] != l;
            if edge {
                d[i] = 3;
            }
        }
    }
    let step = |d: &mut Vec<u32>, i: usize, j: usize, w: u32| {
        if g.labels[i] == g.labels[j] && d[j] + w < d[i] {
            d[i] = d[j] + w;
        }
    };
    for r in 1..rows {
        for c in 1..cols - 1 {
            let i = r * cols + c;
            step(&mut d, i, i - 1, 3);
            step(&mut d, i, i - cols, 3);
            step(&mut d, i, i - cols - 1, 4);
            step(&mut d, i, i - cols + 1, 4);
        }
    }
    for r in (0..rows - 1).rev() {
        for c in (1..cols - 1).rev() {
            let i = r * cols + c;
            step(&mut d, i, i + 1, 3);
            step(&mut d, i, i + cols, 3);
            step(&mut d, i, i + cols + 1, 4);
            step(&mut d, i, i + cols - 1, 4);
        }
    }
    let mut best: Vec<Option<(u32, usize)>> = vec![None; n];
    for (i, &l) in g.labels.iter().enumerate() {
        if l >= 0 && (l as usize) < n {
            let b = &mut best[l as usize];
            if b.is_none_or(|(bd, _)| d[i] > bd) {
                *b = Some((d[i], i));
            }
        }
    }
    best.into_iter()
        .map(|b| b.map(|(_, i)| g.centre(i)))
        .collect()
}
