//! A schematic placement of a map without geometry: a force-directed
//! layout of its adjacency graph (neighbours pull, everyone pushes),
//! started from a circle so that the same map always gives the same
//! picture.

use crate::engine::{Location, Map, ProvinceId};
use std::collections::HashMap;

/// The picture's width for a schematic map.
pub(super) const WIDTH: f64 = 1200.0;

/// The provinces a province touches, by army or by fleet on any coast.
pub(super) fn touching(map: &Map, p: ProvinceId) -> Vec<ProvinceId> {
    let mut out: Vec<ProvinceId> = map.army_neighbours(p).to_vec();
    let prov = map.province(p);
    let mut locs = vec![Location::new(p)];
    locs.extend(prov.coasts.iter().map(|&c| Location::with_coast(p, c)));
    for l in locs {
        for q in map.fleet_neighbours(l) {
            if !out.contains(&q.province) {
                out.push(q.province);
            }
        }
    }
    out
}

/// One point per province from a game master's positions (abbreviation
/// to x, y), scaled to the picture's width; a province the file leaves
/// out stands among its placed neighbours.
pub(super) fn place_given(
    map: &Map,
    given: &HashMap<String, (f64, f64)>,
) -> (Vec<(f64, f64)>, f64, f64) {
    let n = map.provinces().len();
    let mut pos: Vec<Option<(f64, f64)>> = map
        .provinces()
        .iter()
        .map(|p| given.get(&p.abbr.to_ascii_lowercase()).copied())
        .collect();
    if pos.iter().all(Option::is_none) {
        return place(map);
    }
    for _ in 0..n {
        let mut changed = false;
        for p in map.provinces() {
            let i = p.id.0 as usize;
            if pos[i].is_some() {
                continue;
            }
            let near: Vec<(f64, f64)> = touching(map, p.id)
                .iter()
                .filter_map(|q| pos[q.0 as usize])
                .collect();
            if !near.is_empty() {
                let k = near.len() as f64;
                let (x, y) = near
                    .iter()
                    .fold((0.0, 0.0), |a, b| (a.0 + b.0 / k, a.1 + b.1 / k));
                // A little aside, so that it does not sit on a neighbour.
                pos[i] = Some((x + 0.01 * (i % 7) as f64, y + 0.01 * (i % 5) as f64));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let placed: Vec<(f64, f64)> = pos.iter().flatten().copied().collect();
    let cx = placed.iter().map(|p| p.0).sum::<f64>() / placed.len() as f64;
    let cy = placed.iter().map(|p| p.1).sum::<f64>() / placed.len() as f64;
    let pos: Vec<(f64, f64)> = pos.into_iter().map(|p| p.unwrap_or((cx, cy))).collect();
    fit(&pos)
}

/// One point per province and the picture's width and height.
pub(super) fn place(map: &Map) -> (Vec<(f64, f64)>, f64, f64) {
    let n = map.provinces().len();
    if n == 0 {
        return (Vec::new(), WIDTH, WIDTH / 2.0);
    }
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for p in map.provinces() {
        let a = p.id.0 as usize;
        for q in touching(map, p.id) {
            let b = q.0 as usize;
            if a < b && !edges.contains(&(a, b)) {
                edges.push((a, b));
            }
        }
    }
    let mut pos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = i as f64 / n as f64 * std::f64::consts::TAU;
            (a.cos(), a.sin())
        })
        .collect();
    // Fruchterman-Reingold on the unit square's scale.
    let k = (4.0 / n as f64).sqrt();
    let mut temp = 0.2;
    for _ in 0..400 {
        let mut disp = vec![(0.0f64, 0.0f64); n];
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let d2 = (dx * dx + dy * dy).max(1e-6);
                let f = k * k / d2;
                disp[i].0 += dx * f;
                disp[i].1 += dy * f;
                disp[j].0 -= dx * f;
                disp[j].1 -= dy * f;
            }
        }
        for &(a, b) in &edges {
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (dx * dx + dy * dy).sqrt().max(1e-6);
            let f = d / k;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        for i in 0..n {
            let (dx, dy) = disp[i];
            let d = (dx * dx + dy * dy).sqrt().max(1e-9);
            let step = d.min(temp);
            pos[i].0 += dx / d * step;
            pos[i].1 += dy / d * step;
        }
        temp *= 0.985;
    }
    fit(&pos)
}

/// Points scaled to the picture's width, with a margin; the height
/// follows (within bounds).
fn fit(pos: &[(f64, f64)]) -> (Vec<(f64, f64)>, f64, f64) {
    let min_x = pos.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = pos.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let min_y = pos.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = pos.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let margin = 70.0;
    let span_x = (max_x - min_x).max(1e-6);
    let span_y = (max_y - min_y).max(1e-6);
    let scale = (WIDTH - 2.0 * margin) / span_x;
    let height = (span_y * scale + 2.0 * margin).clamp(WIDTH * 0.4, WIDTH * 1.2);
    let scale_y = (height - 2.0 * margin) / span_y;
    let pts = pos
        .iter()
        .map(|p| {
            (
                margin + (p.0 - min_x) * scale,
                margin + (p.1 - min_y) * scale_y,
            )
        })
        .collect();
    (pts, WIDTH, height)
}

/// How far a province's cells reach from its point: a little more than
/// the typical distance between neighbouring points.
pub(super) fn reach(pts: &[(f64, f64)]) -> f64 {
    let mut nearest: Vec<f64> = pts
        .iter()
        .enumerate()
        .map(|(i, a)| {
            pts.iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, b)| (a.0 - b.0).hypot(a.1 - b.1))
                .fold(f64::INFINITY, f64::min)
        })
        .filter(|d| d.is_finite())
        .collect();
    nearest.sort_by(f64::total_cmp);
    nearest
        .get(nearest.len() / 2)
        .map_or(200.0, |m| m * 1.1)
        .max(60.0)
}
