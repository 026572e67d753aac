//! The JSON forms in which a phase's position and results are stored.

use crate::engine::Phase;
use crate::engine::{DislodgedUnit, Position};
use crate::engine::{Map, PowerId, ProvinceId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Serialize, Deserialize)]
pub(super) struct PositionJson {
    pub(super) phase: String,
    pub(super) units: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub(super) dislodged: Vec<DislodgedJson>,
    #[serde(default)]
    pub(super) contested: Vec<String>,
    pub(super) centers: BTreeMap<String, Vec<String>>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct DislodgedJson {
    pub(super) power: String,
    pub(super) unit: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) attacked_from: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) retreats: Vec<String>,
}

/// A position as stored: units, dislodged units, contested provinces and
/// centre ownership by power, with the map's short names.
pub fn position_to_json(map: &Map, p: &Position) -> String {
    let pname = |id: PowerId| map.power(id).name.clone();
    let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for u in &p.units {
        units.entry(pname(u.power)).or_default().push(u.text(map));
    }
    let dislodged = p
        .dislodged
        .iter()
        .map(|d| DislodgedJson {
            power: pname(d.unit.power),
            unit: d.unit.text(map),
            attacked_from: d.attacked_from.map(|a| map.province(a).abbr.clone()),
            retreats: Vec::new(),
        })
        .collect();
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (i, o) in p.owners.iter().enumerate() {
        if let Some(owner) = o {
            centers
                .entry(pname(*owner))
                .or_default()
                .push(map.province(ProvinceId(i as u16)).abbr.clone());
        }
    }
    let j = PositionJson {
        phase: p.phase.to_string(),
        units,
        dislodged,
        contested: p
            .contested
            .iter()
            .map(|c| map.province(*c).abbr.clone())
            .collect(),
        centers,
    };
    serde_json::to_string(&j).expect("positions always serialise")
}

/// Why a stored position does not read back (its words:
/// `src/text/error.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// Not the JSON of a position (the JSON reader's error).
    Json(String),
    /// Its phase does not read.
    Phase(String),
    /// The map has no power of this name.
    UnknownPower(String),
    /// The map has no province of this name.
    UnknownProvince(String),
    /// A unit that does not read.
    UnreadableUnit(String),
}

/// Reads a stored position back.
pub fn position_from_json(map: &Map, text: &str) -> std::result::Result<Position, PositionError> {
    let j: PositionJson =
        serde_json::from_str(text).map_err(|e| PositionError::Json(e.to_string()))?;
    let phase = Phase::parse_stored(&j.phase).map_err(|e| PositionError::Phase(e.0))?;
    let power = |n: &str| {
        map.power_by_name(n)
            .ok_or_else(|| PositionError::UnknownPower(n.into()))
    };
    let province = |n: &str| {
        map.province_by_name(n)
            .ok_or_else(|| PositionError::UnknownProvince(n.into()))
    };
    let unit = |pw: PowerId, s: &str| {
        map.parse_unit(s)
            .map(|(unit_type, location)| crate::engine::Unit {
                power: pw,
                unit_type,
                location,
            })
            .ok_or_else(|| PositionError::UnreadableUnit(s.into()))
    };
    let mut p = Position::empty(map, phase);
    p.owners = vec![None; map.provinces().len()];
    for (pw, list) in &j.units {
        let id = power(pw)?;
        for s in list {
            p.units.push(unit(id, s)?);
        }
    }
    for d in &j.dislodged {
        let id = power(&d.power)?;
        p.dislodged.push(DislodgedUnit {
            unit: unit(id, &d.unit)?,
            attacked_from: match &d.attacked_from {
                Some(a) => Some(province(a)?),
                None => None,
            },
        });
    }
    for c in &j.contested {
        p.contested.push(province(c)?);
    }
    for (pw, list) in &j.centers {
        let id = power(pw)?;
        for c in list {
            p.owners[province(c)?.0 as usize] = Some(id);
        }
    }
    p.normalize();
    Ok(p)
}

/// What a processed phase produced besides the order results, stored as
/// JSON with the phase.
#[derive(Serialize, Deserialize, Default)]
pub(super) struct ResultsJson {
    pub(super) next_phase: String,
    #[serde(default)]
    pub(super) dislodged: Vec<DislodgedJson>,
    #[serde(default)]
    pub(super) contested: Vec<String>,
    #[serde(default)]
    pub(super) missed: Vec<String>,
    #[serde(default)]
    pub(super) eliminated: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Map;
    use crate::engine::Position;

    #[test]
    fn positions_round_trip() {
        let map = Map::standard();
        let p = Position::initial(map, 1901);
        let text = position_to_json(map, &p);
        assert_eq!(position_from_json(map, &text).unwrap(), p);
    }
}
