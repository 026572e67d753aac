//! A map's geometry file (`src/engine/maps/NAME.geometry.toml`): the
//! projection and frame, each province's anchor points at real places,
//! and the land mask that goes with it (`NAME.land.txt`). Read from text
//! handed over by the caller; the standard map's are embedded.

use super::regions::{self, Grid, IMPASSABLE, Seed, WATER};
use crate::engine::{Location, Map, ProvinceKind};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The standard map's geometry, embedded in the binary.
pub(super) const STANDARD_GEOMETRY_TOML: &str =
    include_str!("../engine/maps/standard.geometry.toml");
/// The standard map's land mask, embedded in the binary.
pub(super) const STANDARD_LAND_MASK: &str = include_str!("../engine/maps/standard.land.txt");
/// The Modern map's geometry and land mask, embedded in the binary.
pub(super) const MODERN_GEOMETRY_TOML: &str = include_str!("../engine/maps/modern.geometry.toml");
pub(super) const MODERN_LAND_MASK: &str = include_str!("../engine/maps/modern.land.txt");
/// The Ancient Mediterranean map's geometry and land mask, embedded.
pub(super) const ANCMED_GEOMETRY_TOML: &str = include_str!("../engine/maps/ancmed.geometry.toml");
pub(super) const ANCMED_LAND_MASK: &str = include_str!("../engine/maps/ancmed.land.txt");

/// The built-in maps that have a geometry: map name, geometry file, land
/// mask. The two-player maps are drawn on the standard board (see
/// `layout::layout_for`).
pub const BUILTIN: [(&str, &str, &str); 3] = [
    ("standard", STANDARD_GEOMETRY_TOML, STANDARD_LAND_MASK),
    ("modern", MODERN_GEOMETRY_TOML, MODERN_LAND_MASK),
    ("ancmed", ANCMED_GEOMETRY_TOML, ANCMED_LAND_MASK),
];

/// What can be wrong with a geometry file or a land mask.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GeometryError {
    #[error("the geometry file is not valid TOML: {0}")]
    Toml(String),
    #[error("the land mask, line {line}: {problem}")]
    Mask { line: usize, problem: String },
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct File {
    projection: ProjectionFile,
    #[serde(default)]
    anchors: BTreeMap<String, Vec<[f64; 2]>>,
    #[serde(default)]
    impassable: Option<Impassable>,
    #[serde(default)]
    units: BTreeMap<String, [f64; 2]>,
    #[serde(default)]
    coasts: BTreeMap<String, [f64; 2]>,
    #[serde(default)]
    lanes: Option<Lanes>,
    #[serde(default)]
    coastline: Option<Coastline>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct Lanes {
    pairs: Vec<[String; 2]>,
}

/// Edits of the land mask: discs `[lon, lat, radius in degrees of
/// latitude]` made water or land (an older coastline than today's).
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
struct Coastline {
    #[serde(default)]
    water: Vec<[f64; 3]>,
    #[serde(default)]
    land: Vec<[f64; 3]>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct ProjectionFile {
    center: [f64; 2],
    frame: Vec<[f64; 2]>,
    margin: f64,
    width: f64,
    cell: f64,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct Impassable {
    seeds: Vec<[f64; 2]>,
    /// Water beyond the board (an ocean no sea of the map reaches).
    #[serde(default)]
    water: Vec<[f64; 2]>,
}

/// Lambert azimuthal equal-area projection onto the picture, with the
/// frame fitted to the requested width.
#[derive(Debug, Clone, Copy)]
pub struct Projection {
    lon0: f64,
    sin_lat0: f64,
    cos_lat0: f64,
    x0: f64,
    y0: f64,
    scale: f64,
    /// The map's size in picture units.
    pub width: f64,
    pub height: f64,
    /// The grid cell size in picture units.
    pub cell: f64,
}

impl Projection {
    fn raw(&self, lon: f64, lat: f64) -> (f64, f64) {
        let (l, p) = ((lon - self.lon0).to_radians(), lat.to_radians());
        let k = (2.0 / (1.0 + self.sin_lat0 * p.sin() + self.cos_lat0 * p.cos() * l.cos())).sqrt();
        let x = k * p.cos() * l.sin();
        let y = k * (self.cos_lat0 * p.sin() - self.sin_lat0 * p.cos() * l.cos());
        (x, -y)
    }

    /// A longitude and latitude as a point of the picture.
    pub fn project(&self, lon: f64, lat: f64) -> (f64, f64) {
        let (x, y) = self.raw(lon, lat);
        ((x - self.x0) * self.scale, (y - self.y0) * self.scale)
    }

    /// Columns and rows of the grid.
    pub fn grid_size(&self) -> (usize, usize) {
        (
            (self.width / self.cell).ceil() as usize,
            (self.height / self.cell).ceil() as usize,
        )
    }
}

/// A map's geometry: projection, anchors, and the land mask.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// How longitude and latitude become points of the picture.
    pub projection: Projection,
    /// Anchor points per province abbreviation, in picture units.
    pub anchors: BTreeMap<String, Vec<(f64, f64)>>,
    /// Anchors of impassable land, in picture units.
    pub impassable: Vec<(f64, f64)>,
    /// Anchors of water beyond the board, in picture units.
    pub outside: Vec<(f64, f64)>,
    /// Hand-placed unit points per province, in picture units.
    pub units: BTreeMap<String, (f64, f64)>,
    /// Coast points (`spa/nc`), in picture units.
    pub coasts: BTreeMap<String, (f64, f64)>,
    /// Adjacencies across water that the land mask does not make touch
    /// (straits, a river, an island's neighbours), as province
    /// abbreviation pairs.
    pub lanes: Vec<(String, String)>,
    /// Discs (centre, radius, in picture units) made water, then land,
    /// after the mask is read.
    water_edits: Vec<(f64, f64, f64)>,
    land_edits: Vec<(f64, f64, f64)>,
    /// Land cells, row by row (`cols * rows`); empty before a mask is
    /// attached.
    pub land: Vec<bool>,
}

impl Geometry {
    /// Reads a geometry file (without its land mask).
    pub fn from_toml_str(text: &str) -> Result<Geometry, GeometryError> {
        let f: File = toml::from_str(text).map_err(|e| GeometryError::Toml(e.to_string()))?;
        let p = &f.projection;
        let mut proj = Projection {
            lon0: p.center[0],
            sin_lat0: p.center[1].to_radians().sin(),
            cos_lat0: p.center[1].to_radians().cos(),
            x0: 0.0,
            y0: 0.0,
            scale: 1.0,
            width: p.width,
            height: 0.0,
            cell: p.cell,
        };
        let pts: Vec<(f64, f64)> = p.frame.iter().map(|q| proj.raw(q[0], q[1])).collect();
        let min_x = pts.iter().map(|q| q.0).fold(f64::INFINITY, f64::min);
        let max_x = pts.iter().map(|q| q.0).fold(f64::NEG_INFINITY, f64::max);
        let min_y = pts.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
        let max_y = pts.iter().map(|q| q.1).fold(f64::NEG_INFINITY, f64::max);
        let inner = p.width - 2.0 * p.margin;
        proj.scale = inner / (max_x - min_x).max(1e-9);
        proj.x0 = min_x - p.margin / proj.scale;
        proj.y0 = min_y - p.margin / proj.scale;
        proj.height = (max_y - min_y) * proj.scale + 2.0 * p.margin;
        let at = |q: &[f64; 2]| proj.project(q[0], q[1]);
        let disc = |q: &[f64; 3]| {
            let (x, y) = proj.project(q[0], q[1]);
            let (_, y2) = proj.project(q[0], q[1] + q[2]);
            (x, y, (y - y2).abs())
        };
        let coastline = f.coastline.clone().unwrap_or_default();
        Ok(Geometry {
            projection: proj,
            anchors: f
                .anchors
                .iter()
                .map(|(k, v)| (k.clone(), v.iter().map(at).collect()))
                .collect(),
            impassable: f
                .impassable
                .as_ref()
                .map(|i| i.seeds.iter().map(at).collect())
                .unwrap_or_default(),
            outside: f
                .impassable
                .as_ref()
                .map(|i| i.water.iter().map(at).collect())
                .unwrap_or_default(),
            units: f.units.iter().map(|(k, v)| (k.clone(), at(v))).collect(),
            coasts: f.coasts.iter().map(|(k, v)| (k.clone(), at(v))).collect(),
            lanes: f
                .lanes
                .map(|l| l.pairs.into_iter().map(|[a, b]| (a, b)).collect())
                .unwrap_or_default(),
            water_edits: coastline.water.iter().map(disc).collect(),
            land_edits: coastline.land.iter().map(disc).collect(),
            land: Vec::new(),
        })
    }

    /// Attaches a land mask: a first line `COLS ROWS`, then one line per
    /// row listing its runs of land cells as `START-END` (inclusive).
    pub fn with_land_mask(mut self, text: &str) -> Result<Geometry, GeometryError> {
        let (cols, rows) = self.projection.grid_size();
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with('#'));
        let bad = |line: usize, problem: String| GeometryError::Mask {
            line: line + 1,
            problem,
        };
        let (n, head) = lines.next().ok_or(GeometryError::Mask {
            line: 1,
            problem: "empty".into(),
        })?;
        if head.trim() != format!("{cols} {rows}") {
            return Err(bad(
                n,
                format!("the mask is `{head}`, the geometry's grid is `{cols} {rows}`"),
            ));
        }
        let mut land = vec![false; cols * rows];
        let mut row = 0;
        for (n, line) in lines {
            if row >= rows {
                return Err(bad(n, "more rows than the grid has".into()));
            }
            for run in line.split_whitespace() {
                let (a, b) = run
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
                    .ok_or_else(|| bad(n, format!("`{run}` is not a run START-END")))?;
                if a > b || b >= cols {
                    return Err(bad(n, format!("`{run}` is outside the row")));
                }
                land[row * cols + a..=row * cols + b].fill(true);
            }
            row += 1;
        }
        if row != rows {
            return Err(bad(0, format!("{row} rows, the grid has {rows}")));
        }
        let cell = self.projection.cell;
        for (edits, value) in [(&self.water_edits, false), (&self.land_edits, true)] {
            for &(x, y, rad) in edits {
                for (i, l) in land.iter_mut().enumerate() {
                    let cx = ((i % cols) as f64 + 0.5) * cell;
                    let cy = ((i / cols) as f64 + 0.5) * cell;
                    if (cx - x).hypot(cy - y) <= rad {
                        *l = value;
                    }
                }
            }
        }
        self.land = land;
        Ok(self)
    }

    /// The standard map's geometry with its land mask.
    pub fn standard() -> Geometry {
        Geometry::builtin("standard").expect("the embedded standard geometry is valid")
    }

    /// The embedded geometry of a built-in map, by the map's name.
    pub fn builtin(name: &str) -> Option<Geometry> {
        let (_, toml, mask) = BUILTIN.iter().find(|(n, _, _)| *n == name)?;
        let geo = Geometry::from_toml_str(toml).and_then(|g| g.with_land_mask(mask));
        Some(geo.expect("an embedded geometry is valid"))
    }

    /// Whether this geometry is made for `map`: every province has an
    /// anchor and every anchor names a province.
    pub fn fits(&self, map: &Map) -> bool {
        map.provinces().len() == self.anchors.len()
            && map
                .provinces()
                .iter()
                .all(|p| self.anchors.get(&p.abbr).is_some_and(|a| !a.is_empty()))
    }

    /// The provinces of `map` as regions of the grid, each grown from its
    /// anchors over land (or water, for a sea).
    pub fn regions(&self, map: &Map) -> Grid {
        let proj = self.projection;
        let (cols, rows) = proj.grid_size();
        let mut seeds = Vec::new();
        for p in map.provinces() {
            let land = p.kind != ProvinceKind::Sea;
            for &(x, y) in self.anchors.get(&p.abbr).into_iter().flatten() {
                seeds.push(Seed {
                    label: p.id.0 as i32,
                    x,
                    y,
                    land,
                });
            }
        }
        for &(x, y) in &self.impassable {
            seeds.push(Seed {
                label: IMPASSABLE,
                x,
                y,
                land: true,
            });
        }
        for &(x, y) in &self.outside {
            seeds.push(Seed {
                label: WATER,
                x,
                y,
                land: false,
            });
        }
        regions::grow(cols, rows, proj.cell, &self.land, &seeds)
    }
}

/// The adjacencies of `map` (army or fleet, any coast) that the
/// geometry's regions do not show: the two provinces share no border on
/// the grid and no lane of the geometry file joins them. Each pair once,
/// in map order.
pub fn missing_borders(map: &Map, geo: &Geometry) -> Vec<(String, String)> {
    let grid = geo.regions(map);
    let n = map.provinces().len();
    let mut touch = vec![false; n * n];
    let (cols, rows) = (grid.cols, grid.rows);
    for r in 0..rows {
        for c in 0..cols {
            let a = grid.at(c, r);
            let mut see = |b: i32| {
                if a >= 0 && b >= 0 && a != b {
                    touch[a as usize * n + b as usize] = true;
                    touch[b as usize * n + a as usize] = true;
                }
            };
            if c + 1 < cols {
                see(grid.at(c + 1, r));
            }
            if r + 1 < rows {
                see(grid.at(c, r + 1));
            }
        }
    }
    let lane = |a: &str, b: &str| {
        geo.lanes
            .iter()
            .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    let mut out = Vec::new();
    for p in map.provinces() {
        let mut near: Vec<usize> = map
            .army_neighbours(p.id)
            .iter()
            .map(|q| q.0 as usize)
            .collect();
        let mut locs = vec![Location::new(p.id)];
        locs.extend(p.coasts.iter().map(|&c| Location::with_coast(p.id, c)));
        for l in locs {
            near.extend(
                map.fleet_neighbours(l)
                    .iter()
                    .map(|q| q.province.0 as usize),
            );
        }
        near.sort_unstable();
        near.dedup();
        let a = p.id.0 as usize;
        for b in near.into_iter().filter(|&b| b > a) {
            let q = &map.provinces()[b];
            if !touch[a * n + b] && !lane(&p.abbr, &q.abbr) {
                out.push((p.abbr.clone(), q.abbr.clone()));
            }
        }
    }
    out
}

/// The land mask as text (the format [`Geometry::with_land_mask`] reads).
pub fn mask_text(cols: usize, rows: usize, land: &[bool]) -> String {
    let mut out = format!("{cols} {rows}\n");
    for r in 0..rows {
        let row = &land[r * cols..(r + 1) * cols];
        let mut runs = Vec::new();
        let mut c = 0;
        while c < cols {
            if row[c] {
                let s = c;
                while c + 1 < cols && row[c + 1] {
                    c += 1;
                }
                runs.push(format!("{s}-{c}"));
            }
            c += 1;
        }
        out.push_str(&runs.join(" "));
        out.push('\n');
    }
    out
}
