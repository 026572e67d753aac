//! Where everything of a map stands in its picture: each province's
//! outline, the point of its unit and label, its coasts' points. Built
//! from a geometry file ([`Layout::geographic`]) or, for a map without
//! one, from the adjacency graph ([`Layout::schematic`]); built once per
//! map and kept ([`layout_for`]).

use super::geometry::Geometry;
use super::regions::{self, Grid, IMPASSABLE, Seed, WATER};
use super::trace;
use crate::engine::{Coast, Location, Map, ProvinceKind};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// One province in the picture.
#[derive(Debug, Clone)]
pub struct ProvinceShape {
    /// SVG path data of its outline (`fill-rule="evenodd"`).
    pub path: String,
    /// Where its unit stands.
    pub unit: (f64, f64),
    /// Where its abbreviation is written (centre of the text).
    pub label: (f64, f64),
    /// Where a fleet on each of its coasts stands.
    pub coasts: Vec<(Coast, (f64, f64))>,
}

/// A map laid out for pictures.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The map's size in picture units.
    pub width: f64,
    /// The map's height in picture units.
    pub height: f64,
    /// One shape per province, by province index.
    pub provinces: Vec<ProvinceShape>,
    /// Impassable land, as SVG path data (may be empty).
    pub impassable: String,
    /// Water outside every sea (may be empty).
    pub water: String,
    /// Laid out from the adjacency graph, not from geography.
    pub schematic: bool,
    /// The grid the outlines were traced from (which province each cell
    /// belongs to), for placing names and units inside their province.
    pub grid: Grid,
}

impl Layout {
    /// The province a point of the map lies in, if any.
    pub fn province_at(&self, (x, y): (f64, f64)) -> Option<usize> {
        let g = &self.grid;
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (c, r) = ((x / g.cell) as usize, (y / g.cell) as usize);
        if c >= g.cols || r >= g.rows {
            return None;
        }
        let l = g.at(c, r);
        (l >= 0).then_some(l as usize)
    }

    /// The point of a unit at `loc` (its coast's point for a fleet on a
    /// coast).
    pub fn point(&self, loc: Location) -> (f64, f64) {
        let s = &self.provinces[loc.province.0 as usize];
        loc.coast
            .and_then(|c| s.coasts.iter().find(|(k, _)| *k == c).map(|(_, p)| *p))
            .unwrap_or(s.unit)
    }

    /// The layout from a geometry file with its land mask.
    pub fn geographic(map: &Map, geo: &Geometry) -> Layout {
        let proj = geo.projection;
        let grid = geo.regions(map);
        let mut layout = from_grid(map, &grid, proj.width, proj.height, false);
        for p in map.provinces() {
            let s = &mut layout.provinces[p.id.0 as usize];
            if let Some(u) = geo.units.get(&p.abbr) {
                s.unit = *u;
                s.label = label_below(*u);
            }
            for c in &p.coasts {
                if let Some(q) = geo.coasts.get(&format!("{}/{}", p.abbr, c.abbr()))
                    && let Some(e) = s.coasts.iter_mut().find(|(k, _)| k == c)
                {
                    e.1 = *q;
                }
            }
        }
        layout
    }

    /// A schematic layout for a map without geometry: the provinces placed
    /// where the game master's position file puts them, else by a
    /// force-directed layout of the adjacency graph; each drawn as the
    /// cells nearest to it, with no holes between cells, and an island
    /// (land with no land neighbour) as a small island in its seas.
    pub fn schematic(map: &Map) -> Layout {
        let given = positions_of(&map.name);
        let (pts, width, height) = match &given {
            Some(g) => super::schematic::place_given(map, g),
            None => super::schematic::place(map),
        };
        let cell = 4.0;
        let cols = (width / cell).ceil() as usize;
        let rows = (height / cell).ceil() as usize;
        let seeds: Vec<Seed> = map
            .provinces()
            .iter()
            .zip(&pts)
            .map(|(p, &(x, y))| Seed {
                label: p.id.0 as i32,
                x,
                y,
                land: p.kind != ProvinceKind::Sea,
            })
            .collect();
        let reach = super::schematic::reach(&pts);
        let mut grid = regions::voronoi(cols, rows, cell, &seeds, reach);
        regions::fill_holes(&mut grid, &seeds);
        for p in map.provinces() {
            if p.kind == ProvinceKind::Sea || !map.army_neighbours(p.id).is_empty() {
                continue;
            }
            let seas: Vec<Seed> = super::schematic::touching(map, p.id)
                .into_iter()
                .filter(|q| map.province(*q).kind == ProvinceKind::Sea)
                .map(|q| seeds[q.0 as usize])
                .collect();
            regions::shrink_island(&mut grid, &seeds[p.id.0 as usize], &seas, reach * 0.42);
        }
        let mut layout = from_grid(map, &grid, width, height, true);
        for (s, &p) in layout.provinces.iter_mut().zip(&pts) {
            s.unit = p;
            s.label = label_below(p);
        }
        layout
    }
}

fn label_below(u: (f64, f64)) -> (f64, f64) {
    (u.0, u.1 + super::place::LABEL_BELOW)
}

/// Outlines, unit points and coast points from a labelled grid.
fn from_grid(map: &Map, grid: &Grid, width: f64, height: f64, schematic: bool) -> Layout {
    let n = map.provinces().len();
    let deep = regions::deepest_points(grid, n);
    let mut provinces: Vec<ProvinceShape> = map
        .provinces()
        .iter()
        .map(|p| {
            let i = p.id.0 as usize;
            let unit = deep[i].unwrap_or((width / 2.0, height / 2.0));
            ProvinceShape {
                path: trace::outline(grid, i as i32),
                unit,
                label: label_below(unit),
                coasts: Vec::new(),
            }
        })
        .collect();
    // A coast's point: a third of the way from the unit towards the seas
    // its fleets reach.
    for p in map.provinces() {
        let i = p.id.0 as usize;
        let u = provinces[i].unit;
        let coasts: Vec<(Coast, (f64, f64))> = p
            .coasts
            .iter()
            .map(|&c| {
                let seas: Vec<(f64, f64)> = map
                    .fleet_neighbours(Location::with_coast(p.id, c))
                    .iter()
                    .filter(|l| map.province(l.province).kind == ProvinceKind::Sea)
                    .map(|l| provinces[l.province.0 as usize].unit)
                    .collect();
                if seas.is_empty() {
                    return (c, u);
                }
                let k = seas.len() as f64;
                let (sx, sy) = seas
                    .iter()
                    .fold((0.0, 0.0), |a, s| (a.0 + s.0 / k, a.1 + s.1 / k));
                (c, (u.0 + (sx - u.0) / 3.0, u.1 + (sy - u.1) / 3.0))
            })
            .collect();
        provinces[i].coasts = coasts;
    }
    Layout {
        width,
        height,
        provinces,
        impassable: trace::outline(grid, IMPASSABLE),
        water: trace::outline(grid, WATER),
        schematic,
        grid: grid.clone(),
    }
}

/// Whether `map` is played on the standard board: the standard map itself,
/// or a map built on it (the two-player maps), with the same provinces of
/// the same kinds under the same names.
fn on_standard_board(map: &Map) -> bool {
    let standard = Map::standard();
    map.provinces().len() == standard.provinces().len()
        && map
            .provinces()
            .iter()
            .zip(standard.provinces())
            .all(|(a, b)| a.abbr == b.abbr && a.kind == b.kind && a.coasts == b.coasts)
}

/// The geometry a map is drawn with: the standard one for a map on the
/// standard board, a built-in map's own (Modern, Ancient Med) when it is
/// made for that map's provinces, none otherwise (drawn schematically).
pub fn geometry_for(map: &Map) -> Option<Geometry> {
    if on_standard_board(map) {
        return Some(Geometry::standard());
    }
    Geometry::builtin(&map.name).filter(|g| g.fits(map))
}

/// Positions a game master gave for a map's provinces, by map name
/// (read from the file beside the map by [`crate::maps`]).
type Positions = HashMap<String, (f64, f64)>;
static POSITIONS: RwLock<BTreeMap<String, Positions>> = RwLock::new(BTreeMap::new());

/// Gives the provinces of map `name` these positions (abbreviation to x,
/// y in any unit: the picture is scaled to fit) for its schematic
/// picture. Set before the map is first drawn.
pub fn set_positions(name: &str, positions: HashMap<String, (f64, f64)>) {
    if let Ok(mut p) = POSITIONS.write() {
        p.insert(crate::engine::normalize_name(name), positions);
    }
}

fn positions_of(name: &str) -> Option<HashMap<String, (f64, f64)>> {
    POSITIONS
        .read()
        .ok()?
        .get(&crate::engine::normalize_name(name))
        .cloned()
}

/// The layout of a map, built on first use and kept: a map on the
/// standard board from the standard geometry, a built-in map with a
/// geometry of its own (Modern, Ancient Med) from it, any other map
/// schematically.
pub fn layout_for(map: &Map) -> Arc<Layout> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Layout>>>> = OnceLock::new();
    let key = format!("{}:{}", map.name, map.provinces().len());
    let cache = CACHE.get_or_init(Default::default);
    if let Some(l) = cache.lock().map(|c| c.get(&key).cloned()).ok().flatten() {
        return l;
    }
    let layout = Arc::new(match geometry_for(map) {
        Some(geo) => Layout::geographic(map, &geo),
        None => Layout::schematic(map),
    });
    if let Ok(mut c) = cache.lock() {
        c.insert(key, layout.clone());
    }
    layout
}
