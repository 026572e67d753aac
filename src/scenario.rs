//! Scenario files: one phase of a game in TOML, for `dipspy adjudicate`.
//!
//! The format is fixed (outside tools depend on it); docs/scenario-format.md
//! describes it. Reading checks the file
//! and reports the first problem with its line; running adjudicates the
//! phase; [`ScenarioRun::to_json`] gives the JSON output.

use crate::engine::{Adjudication, OrderResult, Outcome, Reason, adjudicate};
use crate::engine::{Context, Organisations, Resolution, Rules, Source, resolve};
use crate::engine::{DislodgedUnit, Position, Unit};
use crate::engine::{Line, Order, SpyOrder, parse_line, parse_order};
use crate::engine::{Map, PowerId, ProvinceId};
use crate::engine::{Phase, PhaseKind};
use serde::Deserialize;
use serde_json::{Map as JsonMap, Value, json};
use std::collections::BTreeMap;
use toml::Spanned;

/// The most orders one scenario may hold: far more than any map has
/// units, few enough that a hostile file cannot make the judge build a
/// huge report.
pub const MAX_ORDERS: usize = 1000;

/// A problem with the scenario file itself (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
    /// The line of the file where the problem is, from 1.
    pub line: usize,
    /// What is wrong, in English.
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
    /// The power whose order it is.
    pub power: PowerId,
    /// As written in the file.
    pub text: String,
    /// The parsed order, or why it could not be read.
    pub parsed: Result<Order, String>,
    /// An espionage order (only read when `rules` is non-empty); `parsed`
    /// then holds an error.
    pub spy: Option<SpyOrder>,
    /// A coast that does not exist, dropped from an army's order (the
    /// `text` is then the order as read); see
    /// [`crate::engine::coasts`].
    pub note: Option<String>,
}

/// A scenario read and checked, ready to adjudicate.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The scenario's map.
    pub map: &'static Map,
    /// The variant's name (`standard` when the file names none).
    pub variant: String,
    /// The position to adjudicate, as the file sets it up.
    pub position: Position,
    /// The order lines, in file order.
    pub orders: Vec<ScenarioOrder>,
    /// The espionage rule sets (`espionnite`, `spionage`); empty for the standard rules.
    pub rules: Vec<String>,
    /// `spy_organisations` and `exposed`.
    pub organisations: Organisations,
    /// `[reactions]`: power, the text as written, the reaction.
    pub reactions: Vec<(PowerId, String, SpyOrder)>,
}

/// A scenario and what adjudicating it gave.
#[derive(Debug, Clone)]
pub struct ScenarioRun {
    /// The scenario that was run.
    pub scenario: Scenario,
    /// What the adjudicator decided.
    pub adjudication: Adjudication,
    /// One per order line, in file order, then one per replacing order
    /// (see `extra`).
    pub results: Vec<OrderResult>,
    /// Orders that replaced others (reactions, Fakes) and rejected
    /// reactions, reported after the file's lines: power and text.
    pub extra: Vec<(PowerId, String)>,
    /// The espionage resolution when `rules` is non-empty.
    pub espionage: Option<Resolution>,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// The names and units of a scenario's map, with the file's text for the
/// line of each problem.
struct Reader<'a> {
    text: &'a str,
    map: &'static Map,
}

impl Reader<'_> {
    fn err(&self, span: std::ops::Range<usize>, message: String) -> ScenarioError {
        ScenarioError {
            line: line_of(self.text, span.start),
            message,
        }
    }

    fn power(&self, s: &Spanned<String>) -> Result<PowerId, ScenarioError> {
        let map = self.map;
        map.power_by_name(s.get_ref()).ok_or_else(|| {
            let known: Vec<&str> = map.powers().iter().map(|p| p.name.as_str()).collect();
            self.err(
                s.span(),
                format!(
                    "unknown power `{}` (powers: {})",
                    s.get_ref(),
                    known.join(", ")
                ),
            )
        })
    }

    fn province(&self, s: &Spanned<String>) -> Result<ProvinceId, ScenarioError> {
        self.map.province_by_name(s.get_ref()).ok_or_else(|| {
            self.err(
                s.span(),
                format!("there is no province `{}` on the map", s.get_ref()),
            )
        })
    }

    fn unit(&self, p: PowerId, s: &Spanned<String>) -> Result<Unit, ScenarioError> {
        let map = self.map;
        let err = |span, message| self.err(span, message);
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
                        crate::engine::UnitType::Army => "an army",
                        crate::engine::UnitType::Fleet => "a fleet",
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
    }
}

/// `variant`: the map (standard when the file names none).
fn variant_of(
    file: &ScenarioFile,
    err: impl Fn(std::ops::Range<usize>, String) -> ScenarioError,
) -> Result<(String, &'static Map), ScenarioError> {
    Ok(match &file.variant {
        None => ("standard".to_string(), Map::standard()),
        Some(v) => match crate::maps::lookup(v.get_ref()) {
            Some(m) => (v.get_ref().clone(), m),
            None => {
                return Err(err(
                    v.span(),
                    format!(
                        "unknown variant `{}` (known: {})",
                        v.get_ref(),
                        crate::engine::BUILTIN_MAPS
                            .iter()
                            .map(|(n, _)| *n)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        },
    })
}

/// `rules`: the espionage rule sets, by name.
fn rules_of(r: &Reader, file: &ScenarioFile) -> Result<Vec<String>, ScenarioError> {
    let mut rules = Vec::new();
    for rule in &file.rules {
        let name = rule.get_ref().trim().to_ascii_lowercase();
        if name != "espionnite" && name != "spionage" {
            return Err(r.err(
                rule.span(),
                format!(
                    "unknown rule set `{}` (known: espionnite, spionage)",
                    rule.get_ref()
                ),
            ));
        }
        rules.push(name);
    }
    Ok(rules)
}

/// `units`, `supply_centers`, `[[dislodged]]` and `contested`.
fn position_of(r: &Reader, file: &ScenarioFile, phase: Phase) -> Result<Position, ScenarioError> {
    let mut position = Position::empty(r.map, phase);
    let mut taken: BTreeMap<ProvinceId, String> = BTreeMap::new();
    for (p, list) in &file.units {
        let pid = r.power(p)?;
        for s in list {
            let u = r.unit(pid, s)?;
            if let Some(first) = taken.insert(u.location.province, s.get_ref().clone()) {
                return Err(r.err(
                    s.span(),
                    format!(
                        "two units in {}: `{first}` and `{}`",
                        r.map.province(u.location.province).abbr,
                        s.get_ref()
                    ),
                ));
            }
            position.units.push(u);
        }
    }
    if let Some(centers) = &file.supply_centers {
        position.owners = vec![None; r.map.provinces().len()];
        for (p, list) in centers {
            let pid = r.power(p)?;
            for s in list {
                let c = r.province(s)?;
                if !r.map.province(c).supply_center {
                    return Err(r.err(
                        s.span(),
                        format!("{} is not a supply centre", r.map.province(c).abbr),
                    ));
                }
                position.owners[c.0 as usize] = Some(pid);
            }
        }
    }
    for d in &file.dislodged {
        let pid = r.power(&d.power)?;
        let u = r.unit(pid, &d.unit)?;
        if position
            .dislodged
            .iter()
            .any(|o| o.unit.location.province == u.location.province)
        {
            return Err(r.err(
                d.unit.span(),
                format!(
                    "two dislodged units in {}",
                    r.map.province(u.location.province).abbr
                ),
            ));
        }
        let attacked_from = match &d.attacked_from {
            Some(a) => Some(r.province(a)?),
            None => None,
        };
        position.dislodged.push(DislodgedUnit {
            unit: u,
            attacked_from,
        });
    }
    if !position.dislodged.is_empty() && phase.kind != PhaseKind::Retreat {
        return Err(r.err(
            file.phase.span(),
            "[[dislodged]] units are only for a retreat phase".into(),
        ));
    }
    for c in &file.contested {
        position.contested.push(r.province(c)?);
    }
    position.normalize();

    Ok(position)
}

/// `[orders]`, in the order they stand in the file, each read (or why
/// not) and its impossible coast settled.
fn orders_of(
    r: &Reader,
    file: &ScenarioFile,
    phase: Phase,
    rules: &[String],
    position: &Position,
) -> Result<Vec<ScenarioOrder>, ScenarioError> {
    // Orders, in the order they stand in the file.
    let mut entries: Vec<(&Spanned<String>, &Vec<Spanned<String>>)> = file.orders.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    let mut lines: Vec<(usize, PowerId, &Spanned<String>)> = Vec::new();
    for (p, list) in entries {
        let pid = r.power(p)?;
        for s in list {
            lines.push((s.span().start, pid, s));
        }
    }
    lines.sort_by_key(|(start, _, _)| *start);
    let orders = lines
        .into_iter()
        .map(|(_, pid, s)| {
            let text = s.get_ref().trim().to_string();
            if rules.is_empty() {
                let parsed = parse_order(r.map, phase.kind, s.get_ref()).map_err(|e| e.to_string());
                return ScenarioOrder {
                    power: pid,
                    text,
                    parsed,
                    spy: None,
                    note: None,
                };
            }
            match parse_line(r.map, phase.kind, s.get_ref()) {
                Ok(Line::Order(o)) => ScenarioOrder {
                    power: pid,
                    text,
                    parsed: Ok(o),
                    spy: None,
                    note: None,
                },
                Ok(Line::Spy(o)) => ScenarioOrder {
                    power: pid,
                    text,
                    parsed: Err("an espionage order".into()),
                    spy: Some(o),
                    note: None,
                },
                Err(e) => ScenarioOrder {
                    power: pid,
                    text,
                    parsed: Err(e.to_string()),
                    spy: None,
                    note: None,
                },
            }
        })
        .collect::<Vec<ScenarioOrder>>();
    // A coast that cannot be: dropped from an army's order, with a
    // note; a fleet's order is left for the adjudicator to refuse.
    let mut orders = orders;
    for o in &mut orders {
        if let Ok(order) = &o.parsed
            && let Ok(s) = crate::engine::coasts::settle(r.map, position, order)
            && let Some(note) = s.note
        {
            o.text = s.order.to_text(r.map);
            o.parsed = Ok(s.order);
            o.note = Some(crate::text::reason::en(r.map, &note));
        }
    }

    Ok(orders)
}

/// `[reactions]`, which need the Espionnite rules.
fn reactions_of(
    r: &Reader,
    file: &ScenarioFile,
    phase: Phase,
    rules: &[String],
) -> Result<Vec<(PowerId, String, SpyOrder)>, ScenarioError> {
    if !file.reactions.is_empty() && !rules.iter().any(|r| r == "espionnite") {
        let (k, _) = file.reactions.iter().next().expect("not empty");
        return Err(r.err(k.span(), "[reactions] need rules = [\"espionnite\"]".into()));
    }
    let mut reactions = Vec::new();
    let mut table: Vec<_> = file.reactions.iter().collect();
    table.sort_by_key(|(k, _)| k.span().start);
    for (k, v) in table {
        let pid = r.power(k)?;
        let line = format!("REACTION {}", v.get_ref().trim());
        match parse_line(r.map, phase.kind, &line) {
            Ok(Line::Spy(o @ (SpyOrder::Reaction(_) | SpyOrder::ReactionNone))) => {
                reactions.push((pid, v.get_ref().trim().to_string(), o))
            }
            Ok(_) => unreachable!("a REACTION line reads as a reaction"),
            Err(e) => {
                return Err(r.err(v.span(), format!("reaction `{}`: {e}", v.get_ref())));
            }
        }
    }
    Ok(reactions)
}

/// `spy_organisations` and `exposed`, which need the Spionage rules.
fn organisations_of(
    r: &Reader,
    file: &ScenarioFile,
    rules: &[String],
) -> Result<Organisations, ScenarioError> {
    let mut organisations = Organisations::default();
    for (list, set) in [
        (&file.spy_organisations, &mut organisations.founded),
        (&file.exposed, &mut organisations.exposed),
    ] {
        for p in list {
            set.insert(r.power(p)?);
        }
    }
    if !rules.iter().any(|r| r == "spionage")
        && let Some(p) = file.spy_organisations.first().or(file.exposed.first())
    {
        return Err(r.err(
            p.span(),
            "spy organisations need rules = [\"spionage\"]".into(),
        ));
    }

    Ok(organisations)
}

impl Scenario {
    /// Reads a scenario file's text: the file, then its map and phase, the
    /// rule sets, the position, the orders, the reactions and the spy
    /// organisations, each checked in that order (the first problem is
    /// the one reported).
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let file: ScenarioFile = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            ScenarioError {
                line,
                message: e.message().trim().to_string(),
            }
        })?;

        let orders: usize = file.orders.values().map(Vec::len).sum();
        if orders > MAX_ORDERS {
            return Err(ScenarioError {
                line: 1,
                message: format!(
                    "{orders} orders: a scenario holds at most {MAX_ORDERS} (one phase of one game)"
                ),
            });
        }
        let err = |span: std::ops::Range<usize>, message: String| ScenarioError {
            line: line_of(text, span.start),
            message,
        };
        let (variant, map) = variant_of(&file, err)?;
        let r = Reader { text, map };
        let phase = Phase::parse(file.phase.get_ref())
            .map_err(|e| r.err(file.phase.span(), e.to_string()))?;
        let rules = rules_of(&r, &file)?;
        let position = position_of(&r, &file, phase)?;
        let orders = orders_of(&r, &file, phase, &rules, &position)?;
        let reactions = reactions_of(&r, &file, phase, &rules)?;
        let organisations = organisations_of(&r, &file, &rules)?;
        Ok(Scenario {
            map,
            variant,
            position,
            orders,
            rules,
            organisations,
            reactions,
        })
    }

    /// The espionage rule sets in force.
    pub fn rule_sets(&self) -> Rules {
        Rules {
            espionnite: self.rules.iter().any(|r| r == "espionnite"),
            spionage: self.rules.iter().any(|r| r == "spionage"),
        }
    }

    /// The order lines that could be read, each with its power, in file
    /// order (what the adjudicator is given).
    pub fn parsed_orders(&self) -> Vec<(PowerId, Order)> {
        self.orders
            .iter()
            .filter_map(|o| o.parsed.as_ref().ok().map(|p| (o.power, p.clone())))
            .collect()
    }

    /// Adjudicates the phase (with its espionage, when `rules` names a rule set).
    pub fn run(self) -> ScenarioRun {
        crate::text::install();
        if self.rule_sets().any() {
            return self.run_with_espionage();
        }
        let parsed: Vec<(usize, (PowerId, Order))> = self
            .orders
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.parsed.as_ref().ok().map(|p| (i, (o.power, p.clone()))))
            .collect();
        let input: Vec<(PowerId, Order)> = parsed.iter().map(|(_, o)| o.clone()).collect();
        let adjudication = adjudicate(self.map, &self.position, &input);
        let mut results: Vec<OrderResult> = self
            .orders
            .iter()
            .map(|o| match &o.parsed {
                Err(e) => OrderResult::new(Outcome::Invalid, Reason::Unreadable(e.to_string())),
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
            extra: Vec::new(),
            espionage: None,
        }
    }

    /// The whole phase with espionage: frozen orders, spying, reactions,
    /// Fakes and Antis, then adjudication of what is left.
    fn run_with_espionage(self) -> ScenarioRun {
        let map = self.map;
        // Scenario files start games in the map's first Spring (SPI-1).
        let first_phase = Phase::first(map.first_year());
        let ctx = Context {
            map,
            position: &self.position,
            rules: self.rule_sets(),
            first_phase,
            organisations: &self.organisations,
        };
        let mut index = Vec::new();
        let mut frozen = Vec::new();
        let mut spy_orders = Vec::new();
        let mut spy_lines = Vec::new();
        for (i, o) in self.orders.iter().enumerate() {
            if let Ok(order) = &o.parsed {
                index.push(i);
                frozen.push((o.power, order.clone()));
            } else if let Some(spy) = &o.spy {
                spy_lines.push(Some(i));
                spy_orders.push((o.power, spy.clone()));
            }
        }
        for (p, _, r) in &self.reactions {
            spy_lines.push(None);
            spy_orders.push((*p, r.clone()));
        }
        let res = resolve(&ctx, &frozen, &spy_orders);
        let input: Vec<(PowerId, Order)> = res
            .orders
            .iter()
            .map(|o| (o.power, o.order.clone()))
            .collect();
        let adjudication = adjudicate(map, &self.position, &input);

        let mut results: Vec<OrderResult> = self
            .orders
            .iter()
            .map(|o| match (&o.parsed, &o.spy) {
                (_, Some(_)) => OrderResult::new(Outcome::Succeeds, Reason::SpyAccepted),
                (Err(e), None) => {
                    OrderResult::new(Outcome::Invalid, Reason::Unreadable(e.to_string()))
                }
                (Ok(_), None) => OrderResult::succeeds(),
            })
            .collect();
        let mut extra = Vec::new();
        let mut extra_results = Vec::new();
        for (k, rejection) in &res.rejected {
            match spy_lines[*k] {
                Some(i) => {
                    results[i] =
                        OrderResult::invalid(Reason::SpyRefused(Box::new(rejection.clone())))
                }
                None => {
                    let (p, text, _) =
                        &self.reactions[*k - (spy_lines.len() - self.reactions.len())];
                    extra.push((*p, format!("REACTION {text}")));
                    extra_results.push(OrderResult::invalid(Reason::SpyRefused(Box::new(
                        rejection.clone(),
                    ))));
                }
            }
        }
        for &k in &res.replaced {
            results[index[k]] = OrderResult::new(Outcome::Replaced, Reason::ReplacedSeeEspionage);
        }
        for (f, r) in res.orders.iter().zip(&adjudication.results) {
            match f.source {
                Source::Submitted(k) => results[index[k]] = r.clone(),
                Source::Reaction | Source::Fake { .. } => {
                    extra.push((f.power, f.order.to_text(map)));
                    extra_results.push(r.clone());
                }
            }
        }
        results.extend(extra_results);
        let mut espionage = res;
        espionage.organisations.drop_eliminated(&adjudication.next);
        ScenarioRun {
            scenario: self,
            adjudication,
            results,
            extra,
            espionage: Some(espionage),
        }
    }
}

impl ScenarioRun {
    /// The orders as adjudicated, each under its unit's owner (in an
    /// espionage game after reactions and Fakes, as the public results
    /// show them), one per result of `adjudication`.
    pub fn adjudicated_orders(&self) -> Vec<(PowerId, Order)> {
        match &self.espionage {
            Some(e) => e
                .orders
                .iter()
                .map(|o| (o.power, o.order.clone()))
                .collect(),
            None => self.scenario.parsed_orders(),
        }
    }

    /// The JSON output of `dipspy adjudicate --json`.
    pub fn to_json(&self) -> Value {
        let map = self.scenario.map;
        let pname = |p: PowerId| map.power(p).name.clone();
        let next = &self.adjudication.next;

        let results: Vec<Value> = self
            .lines()
            .into_iter()
            .map(|(p, text, r)| {
                json!({
                    "power": pname(p),
                    "order": text,
                    "outcome": r.outcome.as_str(),
                    "reason": crate::text::reason::en(map, &r.reason),
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
                    .push(map.province(ProvinceId(i as u16)).abbr.clone());
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
        if let Some(e) = &self.espionage {
            out.insert("espionage".into(), self.espionage_json(e));
        }
        Value::Object(out)
    }

    /// Every reported line: the file's order lines, then the orders that
    /// replaced others; each with its power, text and result.
    pub fn lines(&self) -> Vec<(PowerId, &str, &OrderResult)> {
        let written = self
            .scenario
            .orders
            .iter()
            .map(|o| (o.power, o.text.as_str()));
        let extra = self.extra.iter().map(|(p, t)| (*p, t.as_str()));
        written
            .chain(extra)
            .zip(&self.results)
            .map(|((p, t), r)| (p, t, r))
            .collect()
    }

    /// The `espionage` object of the JSON output.
    fn espionage_json(&self, e: &Resolution) -> Value {
        let map = self.scenario.map;
        let pname = |p: &PowerId| map.power(*p).name.clone();
        let en = crate::text::Lang::En;
        let private: BTreeMap<String, Vec<String>> = e
            .private
            .iter()
            .map(|(p, l)| (pname(p), crate::text::espionage::told_all(en, map, l)))
            .collect();
        let mut adjudicated: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for o in &e.orders {
            adjudicated
                .entry(pname(&o.power))
                .or_default()
                .push(o.order.to_text(map));
        }
        let secret: Vec<String> = e
            .secret
            .iter()
            .map(|s| {
                let text = crate::text::espionage::secret_text(en, map, s);
                format!("[{}] {text}", s.kind.as_str())
            })
            .collect();
        let orgs: Vec<String> = e.organisations.founded.iter().map(pname).collect();
        let exposed: Vec<String> = e.organisations.exposed.iter().map(pname).collect();
        json!({
            "public": crate::text::espionage::public_lines(en, map, &e.public),
            "secret": secret,
            "private": private,
            "adjudicated": adjudicated,
            "spy_organisations": orgs,
            "exposed": exposed,
        })
    }
}
