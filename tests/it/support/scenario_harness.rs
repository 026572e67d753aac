//! One harness for the scenario files with expected results under
//! `tests/<dir>/`: each file is a `dipspy adjudicate` scenario plus an
//! `[expect]` table (ignored by `dipspy adjudicate` itself; docs/scenario-format.md
//! describes it):
//!
//! * `[expect.units]`: power -> the units on the board after the phase;
//! * `[[expect.dislodged]]`: `power` and `unit` of each dislodged unit;
//! * `contested` (optional, in `[expect]`): the provinces left empty by a
//!   standoff, in any order;
//! * `[expect.retreats]` (optional): every dislodged unit -> where it may
//!   retreat, in any order;
//! * `[expect.outcomes.<power>]` (optional): order as written -> outcome
//!   (`succeeds`, `fails`, `invalid`, `void`, `replaced`);
//! * `[expect.invalid]` (optional): power -> the orders, as written, that
//!   are meant not to be readable. Any other order that does not read
//!   fails the case, whatever the units;
//! * `[expect.retreat_phase]` (optional, after a movement phase): `orders`
//!   for the retreat phase that follows, played from the position this
//!   phase gave (its dislodged units, attackers and standoffs), with its
//!   own `units`, `outcomes` and `invalid` as above.

use dipspy::engine::PhaseKind;
use dipspy::engine::Unit;
use dipspy::engine::parse_order;
use dipspy::engine::{Adjudication, OrderResult, Reason, adjudicate};
use dipspy::engine::{Location, Map, PowerId};
use dipspy::scenario::Scenario;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn scenario_files(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn unit(map: &Map, power: &str, text: &str) -> Unit {
    let (unit_type, location) = map
        .parse_unit(text)
        .unwrap_or_else(|| panic!("bad unit {text} in [expect]"));
    Unit {
        power: map
            .power_by_name(power)
            .unwrap_or_else(|| panic!("unknown power {power} in [expect]")),
        unit_type,
        location,
    }
}

fn show(map: &Map, units: &BTreeSet<Unit>) -> String {
    units
        .iter()
        .map(|u| format!("{} {}", map.power(u.power).name, u.text(map)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One order line as the harness sees it: power, text as written, whether
/// it could be read, and its result.
struct Line<'a> {
    power: PowerId,
    text: &'a str,
    readable: bool,
    result: &'a OrderResult,
}

/// Compares one adjudicated phase with its expectation table; pushes what
/// differs onto `problems` (prefixed with `what`).
fn compare(
    map: &Map,
    what: &str,
    expect: &toml::Value,
    lines: &[Line],
    adj: &Adjudication,
    movement: bool,
    problems: &mut Vec<String>,
) {
    let mut wanted = BTreeSet::new();
    if let Some(t) = expect.get("units").and_then(|t| t.as_table()) {
        for (power, list) in t {
            for u in list.as_array().expect("a list of units") {
                wanted.insert(unit(map, power, u.as_str().expect("a unit string")));
            }
        }
    }
    let actual: BTreeSet<Unit> = adj.next.units.iter().copied().collect();
    if actual != wanted {
        problems.push(format!(
            "{what}units: expected [{}], got [{}]",
            show(map, &wanted),
            show(map, &actual)
        ));
    }

    let mut wanted_dislodged = BTreeSet::new();
    for d in expect
        .get("dislodged")
        .and_then(|d| d.as_array())
        .into_iter()
        .flatten()
    {
        let power = d["power"].as_str().expect("power");
        wanted_dislodged.insert(unit(map, power, d["unit"].as_str().expect("unit")));
    }
    let actual_dislodged: BTreeSet<Unit> = adj.dislodged.iter().map(|d| d.dislodged.unit).collect();
    if actual_dislodged != wanted_dislodged {
        problems.push(format!(
            "{what}dislodged: expected [{}], got [{}]",
            show(map, &wanted_dislodged),
            show(map, &actual_dislodged)
        ));
    }

    if let Some(list) = expect.get("contested") {
        assert!(movement, "`contested` in [expect] is for movement phases");
        let wanted: BTreeSet<String> = list
            .as_array()
            .expect("contested: a list of provinces")
            .iter()
            .map(|p| {
                let p = p.as_str().expect("a province");
                let id = map
                    .province_by_name(p)
                    .unwrap_or_else(|| panic!("unknown province {p} in [expect] contested"));
                map.province(id).abbr.clone()
            })
            .collect();
        let actual: BTreeSet<String> = adj
            .contested
            .iter()
            .map(|p| map.province(*p).abbr.clone())
            .collect();
        if actual != wanted {
            problems.push(format!(
                "{what}contested: expected {wanted:?}, got {actual:?}"
            ));
        }
    }

    if let Some(t) = expect.get("retreats").and_then(|t| t.as_table()) {
        let mut listed = BTreeSet::new();
        for (u, list) in t {
            let (unit_type, location) = map.parse_unit(u).expect("a unit");
            let wanted: BTreeSet<Location> = list
                .as_array()
                .expect("a list of locations")
                .iter()
                .map(|l| {
                    map.parse_location(l.as_str().expect("a string"))
                        .expect("a location")
                })
                .collect();
            let Some(d) = adj.dislodged.iter().find(|d| {
                d.dislodged.unit.unit_type == unit_type && d.dislodged.unit.location == location
            }) else {
                problems.push(format!("{what}retreats: {u} is not dislodged"));
                continue;
            };
            listed.insert(d.dislodged.unit);
            let actual: BTreeSet<Location> = d.retreats.iter().copied().collect();
            if actual != wanted {
                let names = |s: &BTreeSet<Location>| {
                    s.iter()
                        .map(|l| map.loc_name(*l))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                problems.push(format!(
                    "{what}retreats of {u}: expected [{}], got [{}]",
                    names(&wanted),
                    names(&actual)
                ));
            }
        }
        for d in &adj.dislodged {
            if !listed.contains(&d.dislodged.unit) {
                problems.push(format!(
                    "{what}retreats: dislodged {} is not in [expect.retreats]",
                    d.dislodged.unit.text(map)
                ));
            }
        }
    }

    // Orders meant to be unreadable, and outcomes stated per order.
    let listed = |table: &str, power: PowerId| -> Vec<(String, Option<String>)> {
        let name = &map.power(power).name;
        match expect.get(table).and_then(|t| t.get(name)) {
            None => Vec::new(),
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|o| (o.as_str().expect("an order").to_string(), None))
                .collect(),
            Some(toml::Value::Table(t)) => t
                .iter()
                .map(|(o, v)| {
                    let v = v.as_str().expect("an outcome").to_string();
                    (o.clone(), Some(v))
                })
                .collect(),
            Some(other) => panic!("[expect.{table}] {name}: not a list or table: {other}"),
        }
    };
    for table in ["invalid", "outcomes"] {
        for (power, _) in expect
            .get(table)
            .and_then(|t| t.as_table())
            .into_iter()
            .flatten()
        {
            let p = map
                .power_by_name(power)
                .unwrap_or_else(|| panic!("unknown power {power} in [expect.{table}]"));
            for (order, _) in listed(table, p) {
                if !lines.iter().any(|l| l.power == p && l.text == order) {
                    problems.push(format!(
                        "{what}[expect.{table}] {power}: no order `{order}` in the file"
                    ));
                }
            }
        }
    }
    for l in lines {
        let name = &map.power(l.power).name;
        let meant_invalid = listed("invalid", l.power).iter().any(|(o, _)| o == l.text);
        if !l.readable && !meant_invalid {
            problems.push(format!(
                "{what}{name} `{}` does not read ({}) and is not in [expect.invalid]",
                l.text, l.result.reason
            ));
        }
        if meant_invalid && l.readable {
            problems.push(format!(
                "{what}{name} `{}` is in [expect.invalid] but reads",
                l.text
            ));
        }
        for (order, outcome) in listed("outcomes", l.power) {
            if order == l.text {
                let outcome = outcome.expect("an outcome");
                if outcome != l.result.outcome.as_str() {
                    problems.push(format!(
                        "{what}{name} `{}`: expected {outcome}, got {} ({})",
                        l.text, l.result.outcome, l.result.reason
                    ));
                }
            }
        }
    }
}

/// Runs one scenario file; returns a description of what differs.
fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let value: toml::Value = toml::from_str(&text).map_err(|e| e.to_string())?;
    let expect = value
        .get("expect")
        .ok_or("the file has no [expect] table")?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("does not read: {e}"))?;
    let map = scenario.map;
    let movement = scenario.position.phase.kind == PhaseKind::Movement;
    let run = scenario.run();
    let adj = &run.adjudication;
    let mut problems = Vec::new();

    let lines: Vec<Line> = run
        .lines()
        .into_iter()
        .enumerate()
        .map(|(i, (power, text, result))| Line {
            power,
            text,
            readable: run
                .scenario
                .orders
                .get(i)
                .is_none_or(|o| o.parsed.is_ok() || o.spy.is_some()),
            result,
        })
        .collect();
    compare(map, "", expect, &lines, adj, movement, &mut problems);
    let name = |p: PowerId| map.power(p).name.clone();
    let mut report: Vec<String> = lines
        .iter()
        .map(|l| {
            format!(
                "    {} {}: {} {}",
                name(l.power),
                l.text,
                l.result.outcome,
                l.result.reason
            )
        })
        .collect();

    let next = expect.get("retreat_phase");
    if next.is_some() && adj.next.phase.kind != PhaseKind::Retreat {
        problems.push(format!(
            "[expect.retreat_phase], but {} follows, not a retreat phase",
            adj.next.phase
        ));
    } else if let Some(next) = next {
        assert!(movement, "[expect.retreat_phase] follows a movement phase");
        let position = adj.next.clone();
        let mut written = Vec::new();
        for (power, list) in next
            .get("orders")
            .and_then(|o| o.as_table())
            .into_iter()
            .flatten()
        {
            let p = map
                .power_by_name(power)
                .unwrap_or_else(|| panic!("unknown power {power} in [expect.retreat_phase]"));
            for o in list.as_array().expect("a list of orders") {
                let o = o.as_str().expect("an order");
                written.push((p, o, parse_order(map, PhaseKind::Retreat, o)));
            }
        }
        let input: Vec<(PowerId, _)> = written
            .iter()
            .filter_map(|(p, _, o)| o.as_ref().ok().map(|o| (*p, o.clone())))
            .collect();
        let retreat = adjudicate(map, &position, &input);
        let mut adjudicated = retreat.results.iter();
        let unreadable: Vec<OrderResult> = written
            .iter()
            .map(|(_, _, o)| match o {
                Ok(_) => OrderResult::succeeds(),
                Err(e) => OrderResult::invalid(Reason::Unreadable(e.to_string())),
            })
            .collect();
        let retreat_lines: Vec<Line> = written
            .iter()
            .zip(&unreadable)
            .map(|((p, text, o), bad)| Line {
                power: *p,
                text,
                readable: o.is_ok(),
                result: if o.is_ok() {
                    adjudicated.next().expect("one result per order")
                } else {
                    bad
                },
            })
            .collect();
        compare(
            map,
            "retreat phase: ",
            next,
            &retreat_lines,
            &retreat,
            false,
            &mut problems,
        );
        report.extend(retreat_lines.iter().map(|l| {
            format!(
                "    retreat phase: {} {}: {} {}",
                name(l.power),
                l.text,
                l.result.outcome,
                l.result.reason
            )
        }));
    }

    if problems.is_empty() {
        return Ok(());
    }
    Err(format!("{}\n{}", problems.join("\n"), report.join("\n")))
}

/// Runs every scenario file in `tests/<dir>/` (at least `at_least` of
/// them) and fails listing every case that disagrees with its expectation.
pub(crate) fn run_dir(dir: &str, at_least: usize) {
    let files = scenario_files(dir);
    assert!(
        files.len() >= at_least,
        "expected at least {at_least} scenario files in tests/{dir}, found {}",
        files.len()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            check(f)
                .err()
                .map(|e| format!("{}:\n{e}", f.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases in tests/{dir} disagree:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
