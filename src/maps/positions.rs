//! A game master's positions for a map's schematic picture (issue 24):
//! a small file beside the map in the maps directory, `NAME.positions.toml`
//! or `NAME.positions.svg`, giving each province a point. The picture of a
//! map with no geometry of its own is then laid out around those points
//! instead of by the force-directed layout.
//!
//! ```toml
//! # mymap.positions.toml: province = [x, y], in any unit (y downwards);
//! # the picture is scaled to fit.
//! lon = [310, 402]
//! nth = [370, 380]
//! ```
//!
//! In an SVG, every element with an `id` naming a province (or an
//! `inkscape:label`) and a point, `cx`/`cy` (a circle or an ellipse) or
//! `x`/`y` (a text, a rectangle's corner), gives that province's point;
//! other elements are ignored. A province left out stands among its
//! neighbours.

use crate::engine::Map;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why a position file was not used.
#[derive(Debug, thiserror::Error)]
pub enum PositionsError {
    #[error("{0}: {1}")]
    Read(PathBuf, String),
    #[error("{path}: `{name}` is not a province of the map (line {line})")]
    Unknown {
        path: PathBuf,
        name: String,
        line: usize,
    },
    #[error("{0}: no province has a point")]
    Empty(PathBuf),
}

/// The position file beside a map file, if there is one.
pub(super) fn beside(map_file: &Path) -> Option<PathBuf> {
    let stem = map_file.file_stem()?.to_str()?;
    let dir = map_file.parent()?;
    ["toml", "svg"]
        .iter()
        .map(|e| dir.join(format!("{stem}.positions.{e}")))
        .find(|p| p.is_file())
}

/// Whether a file of the maps directory is a position file (not a map).
pub(super) fn is_positions_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(".positions.toml") || n.ends_with(".positions.svg"))
}

/// Reads a position file for `map`: province abbreviation (lower case) to
/// its point. At most 1 MB is read.
pub fn read(path: &Path, map: &Map) -> Result<HashMap<String, (f64, f64)>, PositionsError> {
    let err = |e: String| PositionsError::Read(path.to_path_buf(), e);
    let meta = std::fs::metadata(path).map_err(|e| err(e.to_string()))?;
    if meta.len() > 1_000_000 {
        return Err(err("larger than 1 MB".into()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
    let points = if path.extension().is_some_and(|e| e == "svg") {
        from_svg(&text)
    } else {
        from_toml(&text).map_err(err)?
    };
    let mut out = HashMap::new();
    for (name, line, p) in points {
        let Some(id) = map.province_by_name(&name) else {
            if path.extension().is_some_and(|e| e == "svg") {
                continue;
            }
            return Err(PositionsError::Unknown {
                path: path.to_path_buf(),
                name,
                line,
            });
        };
        out.insert(map.province(id).abbr.to_ascii_lowercase(), p);
    }
    if out.is_empty() {
        return Err(PositionsError::Empty(path.to_path_buf()));
    }
    Ok(out)
}

type Points = Vec<(String, usize, (f64, f64))>;

fn from_toml(text: &str) -> Result<Points, String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let mut out = Vec::new();
    for (k, v) in table {
        let line = text
            .lines()
            .position(|l| l.trim_start().starts_with(k.as_str()))
            .map_or(0, |i| i + 1);
        let xy = v
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| Some((num(&a[0])?, num(&a[1])?)))
            .ok_or_else(|| format!("line {line}: `{k}` must be [x, y], two numbers"))?;
        out.push((k, line, xy));
    }
    Ok(out)
}

fn num(v: &toml::Value) -> Option<f64> {
    v.as_float()
        .or_else(|| v.as_integer().map(|i| i as f64))
        .filter(|f| f.is_finite())
}

/// The labelled points of an SVG: each start tag's `id` (or
/// `inkscape:label`) with its `cx`/`cy` or `x`/`y`.
fn from_svg(text: &str) -> Points {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let Some(end) = rest.find('>') else { break };
        let tag = &rest[..end];
        rest = &rest[end..];
        if tag.starts_with(['/', '!', '?']) {
            continue;
        }
        let line = text.len() - rest.len();
        let line = text[..line].matches('\n').count() + 1;
        let attrs = attributes(tag);
        let get = |k: &str| attrs.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str());
        let name = get("inkscape:label").or_else(|| get("id"));
        let x = get("cx")
            .or_else(|| get("x"))
            .and_then(|v| v.trim().parse::<f64>().ok());
        let y = get("cy")
            .or_else(|| get("y"))
            .and_then(|v| v.trim().parse::<f64>().ok());
        if let (Some(n), Some(x), Some(y)) = (name, x, y)
            && x.is_finite()
            && y.is_finite()
        {
            out.push((n.to_string(), line, (x, y)));
        }
    }
    out
}

/// `name="value"` pairs of a start tag.
fn attributes(tag: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = tag;
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq]
            .split_whitespace()
            .last()
            .unwrap_or("")
            .to_string();
        let after = rest[eq + 1..].trim_start();
        let Some(q) = after.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            break;
        };
        let body = &after[1..];
        let Some(close) = body.find(q) else { break };
        out.push((name, body[..close].to_string()));
        rest = &body[close + 1..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_read_from_toml_and_svg() {
        let t = from_toml("lon = [310, 402]\nnth = [370.5, 380]\n").unwrap();
        assert!(t.contains(&("lon".into(), 1, (310.0, 402.0))));
        assert!(t.contains(&("nth".into(), 2, (370.5, 380.0))));
        assert!(from_toml("lon = [1]\n").unwrap_err().contains("line 1"));
        let s = from_svg(
            "<svg>\n<circle id=\"par\" cx=\"10\" cy=\"20\" r=\"2\"/>\n<text x='5' y='6' inkscape:label=\"bur\">Bur</text><g id=\"layer\"/></svg>",
        );
        assert_eq!(
            s,
            vec![
                ("par".into(), 2, (10.0, 20.0)),
                ("bur".into(), 3, (5.0, 6.0))
            ]
        );
    }
}
