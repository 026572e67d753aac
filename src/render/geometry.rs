//! A map's geometry file (`src/engine/maps/NAME.geometry.toml`): the
//! projection and frame, each province's anchor points at real places,
//! and the land mask that goes with it (`NAME.land.txt`). Read from text
//! handed over by the caller; the standard map's are embedded.

use serde::Deserialize;
use std::collections::BTreeMap;

/// The standard map's geometry, embedded in the binary.
pub const STANDARD_GEOMETRY_TOML: &str = include_str!("../engine/maps/standard.geometry.toml");
/// The standard map's land mask, embedded in the binary.
pub const STANDARD_LAND_MASK: &str = include_str!("../engine/maps/standard.land.txt");

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
    pub projection: Projection,
    /// Anchor points per province abbreviation, in picture units.
    pub anchors: BTreeMap<String, Vec<(f64, f64)>>,
    /// Anchors of impassable land, in picture units.
    pub impassable: Vec<(f64, f64)>,
    /// Hand-placed unit points per province, in picture units.
    pub units: BTreeMap<String, (f64, f64)>,
    /// Coast points (`spa/nc`), in picture units.
    pub coasts: BTreeMap<String, (f64, f64)>,
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
        Ok(Geometry {
            projection: proj,
            anchors: f
                .anchors
                .iter()
                .map(|(k, v)| (k.clone(), v.iter().map(at).collect()))
                .collect(),
            impassable: f
                .impassable
                .map(|i| i.seeds.iter().map(at).collect())
                .unwrap_or_default(),
            units: f.units.iter().map(|(k, v)| (k.clone(), at(v))).collect(),
            coasts: f.coasts.iter().map(|(k, v)| (k.clone(), at(v))).collect(),
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
        self.land = land;
        Ok(self)
    }

    /// The standard map's geometry with its land mask.
    pub fn standard() -> Geometry {
        Geometry::from_toml_str(STANDARD_GEOMETRY_TOML)
            .and_then(|g| g.with_land_mask(STANDARD_LAND_MASK))
            .expect("the embedded standard geometry is valid")
    }
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
