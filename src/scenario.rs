//! Scenario files: one phase of a game in TOML, for `dipspy adjudicate`.
//!
//! The format is fixed (outside tools depend on it); the README describes
//! it. Reading checks the file
//! and reports the first problem with its line; running adjudicates the
//! phase; [`ScenarioRun::to_json`] gives the JSON output.

use crate::adjudicate::{self, Adjudication, OrderResult, Outcome};
use crate::map::{Map, PowerId, ProvinceId};
use crate::order::{Order, parse_order};
use crate::phase::{Phase, PhaseKind};
use crate::position::{DislodgedUnit, Position, Unit};
use serde::Deserialize;
use serde_json::{Map as JsonMap, Value, json};
use std::collections::BTreeMap;
use toml::Spanned;

/// A problem with the scenario file itself (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
    pub line: usize,
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    variant: Option<Spanned<String>>,
    phase: Spanned<String>,
    #[serde(default)]
    rules: Vec<Spanned<String>>,
    #[serde(default)]
    contested: Vec<Spanned<String>>,
    #[serde(default)]
    spy_organisations: Vec<Spanned<String>>,
    #[serde(default)]
    exposed: Vec<Spanned<String>>,
    #[serde(default)]
    units: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    supply_centers: Option<BTreeMap<Spanned<String>, Vec<Spanned<String>>>>,
    #[serde(default)]
    dislodged: Vec<DislodgedFile>,
    #[serde(default)]
    orders: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    #[serde(default)]
    reactions: BTreeMap<Spanned<String>, Spanned<String>>,
    /// Expected results, for dipspy's own test files; ignored here.
    #[serde(default)]
    #[allow(dead_code)]
    expect: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DislodgedFile {
    power: Spanned<String>,
    unit: Spanned<String>,
    attacked_from: Option<Spanned<String>>,
}

/// One order line of the scenario.
#[derive(Debug, Clone)]
pub struct ScenarioOrder {
    pub power: PowerId,
    /// As written in the file.
    pub text: String,
    /// The parsed order, or why it could not be read.
    pub parsed: Result<Order, String>,
}

/// A scenario read and checked, ready to adjudicate.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub map: &'static Map,
    pub variant: String,
    pub position: Position,
    pub orders: Vec<ScenarioOrder>,
    pub rules: Vec<String>,
}

/// A scenario and what adjudicating it gave.
#[derive(Debug, Clone)]
pub struct ScenarioRun {
    pub scenario: Scenario,
    pub adjudication: Adjudication,
    /// One per order line, in file order.
    pub results: Vec<OrderResult>,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

impl Scenario {
    /// Reads a scenario file's text.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let err = |span: std::ops::Range<usize>, message: String| ScenarioError {
            line: line_of(text, span.start),
            message,
        };
        let file: ScenarioFile = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            ScenarioError {
                line,
                message: e.message().trim().to_string(),
            }
        })?;

        let (variant, map) = match &file.variant {
            None => ("standard".to_string(), Map::standard()),
            Some(v) => match Map::by_variant(v.get_ref()) {
                Some(m) => (v.get_ref().clone(), m),
                None => {
                    return Err(err(
                        v.span(),
                        format!("unknown variant `{}` (known: standard)", v.get_ref()),
                    ));
                }
            },
        };
        let phase = Phase::parse(file.phase.get_ref())
            .map_err(|e| err(file.phase.span(), e.to_string()))?;

        let mut rules = Vec::new();
        for r in &file.rules {
            let name = r.get_ref().trim().to_ascii_lowercase();
            if name != "espionnite" && name != "spionage" {
                return Err(err(
                    r.span(),
                    format!(
                        "unknown rule set `{}` (known: espionnite, spionage)",
                        r.get_ref()
                    ),
                ));
            }
            rules.push(name);
        }
        if let Some(r) = file.rules.first() {
            return Err(err(
                r.span(),
                "espionage rule sets are not supported by this version of dipspy yet".into(),
            ));
        }
        if let Some((k, _)) = file.reactions.iter().next() {
            return Err(err(
                k.span(),
                "[reactions] need the espionnite rules, which this version does not support yet"
                    .into(),
            ));
        }
        for list in [&file.spy_organisations, &file.exposed] {
            if let Some(p) = list.first() {
                return Err(err(
                    p.span(),
                    "spy organisations need the spionage rules, which this version does not support yet"
                        .into(),
                ));
            }
        }

        let power = |s: &Spanned<String>| -> Result<PowerId, ScenarioError> {
            map.power_by_name(s.get_ref()).ok_or_else(|| {
                let known: Vec<&str> = map.powers().iter().map(|p| p.name.as_str()).collect();
                err(
                    s.span(),
                    format!(
                        "unknown power `{}` (powers: {})",
                        s.get_ref(),
                        known.join(", ")
                    ),
                )
            })
        };
        let province = |s: &Spanned<String>| -> Result<ProvinceId, ScenarioError> {
            map.province_by_name(s.get_ref()).ok_or_else(|| {
                err(
                    s.span(),
                    format!("there is no province `{}` on the map", s.get_ref()),
                )
            })
        };
        let unit = |p: PowerId, s: &Spanned<String>| -> Result<Unit, ScenarioError> {
            let Some((unit_type, location)) = map.parse_unit(s.get_ref()) else {
                let word = s.get_ref().split_whitespace().nth(1).unwrap_or("");
                let why = if map.parse_location(word).is_none() && !word.is_empty() {
                    format!("there is no province `{word}` on the map")
                } else {
                    "write a unit as `A par` or `F stp/sc`".to_string()
                };
                return Err(err(s.span(), format!("unit `{}`: {why}", s.get_ref())));
            };
            if !map.can_occupy(unit_type, location) {
                return Err(err(
                    s.span(),
                    format!(
                        "unit `{}`: {} cannot stand in {}",
                        s.get_ref(),
                        match unit_type {
                            crate::map::UnitType::Army => "an army",
                            crate::map::UnitType::Fleet => "a fleet",
                        },
                        map.loc_name(location)
                    ),
                ));
            }
            Ok(Unit {
                power: p,
                unit_type,
                location,
            })
        };

        let mut position = Position::empty(map, phase);
        let mut taken: BTreeMap<ProvinceId, String> = BTreeMap::new();
        for (p, list) in &file.units {
            let pid = power(p)?;
            for s in list {
                let u = unit(pid, s)?;
                if let Some(first) = taken.insert(u.location.province, s.get_ref().clone()) {
                    return Err(err(
                        s.span(),
                        format!(
                            "two units in {}: `{first}` and `{}`",
                            map.province(u.location.province).abbr,
                            s.get_ref()
                        ),
                    ));
                }
                position.units.push(u);
            }
        }
        if let Some(centers) = &file.supply_centers {
            position.owners = vec![None; map.provinces().len()];
            for (p, list) in centers {
                let pid = power(p)?;
                for s in list {
                    let c = province(s)?;
                    if !map.province(c).supply_center {
                        return Err(err(
                            s.span(),
                            format!("{} is not a supply centre", map.province(c).abbr),
                        ));
                    }
                    position.owners[c.0 as usize] = Some(pid);
                }
            }
        }
        for d in &file.dislodged {
            let pid = power(&d.power)?;
            let u = unit(pid, &d.unit)?;
            if position
                .dislodged
                .iter()
                .any(|o| o.unit.location.province == u.location.province)
            {
                return Err(err(
                    d.unit.span(),
                    format!(
                        "two dislodged units in {}",
                        map.province(u.location.province).abbr
                    ),
                ));
            }
            let attacked_from = match &d.attacked_from {
                Some(a) => Some(province(a)?),
                None => None,
            };
            position.dislodged.push(DislodgedUnit {
                unit: u,
                attacked_from,
            });
        }
        if !position.dislodged.is_empty() && phase.kind != PhaseKind::Retreat {
            return Err(err(
                file.phase.span(),
                "[[dislodged]] units are only for a retreat phase".into(),
            ));
        }
        for c in &file.contested {
            position.contested.push(province(c)?);
        }
        position.normalize();

        // Orders, in the order they stand in the file.
        let mut entries: Vec<(&Spanned<String>, &Vec<Spanned<String>>)> =
            file.orders.iter().collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        let mut lines: Vec<(usize, PowerId, &Spanned<String>)> = Vec::new();
        for (p, list) in entries {
            let pid = power(p)?;
            for s in list {
                lines.push((s.span().start, pid, s));
            }
        }
        lines.sort_by_key(|(start, _, _)| *start);
        let orders = lines
            .into_iter()
            .map(|(_, pid, s)| ScenarioOrder {
                power: pid,
                text: s.get_ref().trim().to_string(),
                parsed: parse_order(map, phase.kind, s.get_ref()).map_err(|e| e.to_string()),
            })
            .collect();

        Ok(Scenario {
            map,
            variant,
            position,
            orders,
            rules,
        })
    }

    /// Adjudicates the phase.
    pub fn run(self) -> ScenarioRun {
        let parsed: Vec<(usize, (PowerId, Order))> = self
            .orders
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.parsed.as_ref().ok().map(|p| (i, (o.power, p.clone()))))
            .collect();
        let input: Vec<(PowerId, Order)> = parsed.iter().map(|(_, o)| o.clone()).collect();
        let adjudication = adjudicate::adjudicate(self.map, &self.position, &input);
        let mut results: Vec<OrderResult> = self
            .orders
            .iter()
            .map(|o| match &o.parsed {
                Err(e) => OrderResult::new(Outcome::Invalid, format!("cannot read the order: {e}")),
                Ok(_) => OrderResult::succeeds(),
            })
            .collect();
        for ((i, _), r) in parsed.iter().zip(&adjudication.results) {
            results[*i] = r.clone();
        }
        ScenarioRun {
            scenario: self,
            adjudication,
            results,
        }
    }
}

impl ScenarioRun {
    /// The JSON output of `dipspy adjudicate --json`.
    pub fn to_json(&self) -> Value {
        let map = self.scenario.map;
        let pname = |p: PowerId| map.power(p).name.clone();
        let next = &self.adjudication.next;

        let results: Vec<Value> = self
            .scenario
            .orders
            .iter()
            .zip(&self.results)
            .map(|(o, r)| {
                json!({
                    "power": pname(o.power),
                    "order": o.text,
                    "outcome": r.outcome.as_str(),
                    "reason": r.reason,
                })
            })
            .collect();

        let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for u in &next.units {
            units.entry(pname(u.power)).or_default().push(u.text(map));
        }
        for list in units.values_mut() {
            list.sort();
        }

        let dislodged: Vec<Value> = self
            .adjudication
            .dislodged
            .iter()
            .map(|d| {
                let mut o = JsonMap::new();
                o.insert("power".into(), json!(pname(d.dislodged.unit.power)));
                o.insert("unit".into(), json!(d.dislodged.unit.text(map)));
                if let Some(a) = d.dislodged.attacked_from {
                    o.insert("attacked_from".into(), json!(map.province(a).abbr));
                }
                let mut r: Vec<String> = d.retreats.iter().map(|l| map.loc_name(*l)).collect();
                r.sort();
                o.insert("retreats".into(), json!(r));
                Value::Object(o)
            })
            .collect();

        let mut contested: Vec<String> = self
            .adjudication
            .contested
            .iter()
            .map(|p| map.province(*p).abbr.clone())
            .collect();
        contested.sort();

        let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (i, o) in next.owners.iter().enumerate() {
            if let Some(p) = o {
                centers
                    .entry(pname(*p))
                    .or_default()
                    .push(map.province(ProvinceId(i as u8)).abbr.clone());
            }
        }
        for list in centers.values_mut() {
            list.sort();
        }

        let mut out = JsonMap::new();
        out.insert(
            "phase".into(),
            json!(self.scenario.position.phase.to_string()),
        );
        out.insert("next_phase".into(), json!(next.phase.to_string()));
        out.insert("results".into(), Value::Array(results));
        out.insert("units".into(), json!(units));
        out.insert("dislodged".into(), Value::Array(dislodged));
        out.insert("contested".into(), json!(contested));
        out.insert("supply_centers".into(), json!(centers));
        Value::Object(out)
    }
}
