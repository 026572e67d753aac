//! One harness for the scenario files with expected results under
//! `tests/<dir>/`: each file is a `dipspy adjudicate` scenario plus an
//! `[expect]` table (ignored by `dipspy adjudicate` itself):
//!
//! * `[expect.units]`: power -> the units on the board after the phase;
//! * `[[expect.dislodged]]`: `power` and `unit` of each dislodged unit;
//! * `[expect.retreats]` (optional): dislodged unit -> where it may
//!   retreat, in any order.

use dipspy::engine::map::{Location, Map, PowerId};
use dipspy::engine::position::Unit;
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

/// Runs one scenario file; returns a description of what differs.
fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let value: toml::Value = toml::from_str(&text).map_err(|e| e.to_string())?;
    let expect = value
        .get("expect")
        .ok_or("the file has no [expect] table")?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("does not read: {e}"))?;
    let map = scenario.map;
    let run = scenario.run();
    let adj = &run.adjudication;
    let mut problems = Vec::new();

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
            "units: expected [{}], got [{}]",
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
            "dislodged: expected [{}], got [{}]",
            show(map, &wanted_dislodged),
            show(map, &actual_dislodged)
        ));
    }

    if let Some(t) = expect.get("retreats").and_then(|t| t.as_table()) {
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
                problems.push(format!("retreats: {u} is not dislodged"));
                continue;
            };
            let actual: BTreeSet<Location> = d.retreats.iter().copied().collect();
            if actual != wanted {
                let names = |s: &BTreeSet<Location>| {
                    s.iter()
                        .map(|l| map.loc_name(*l))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                problems.push(format!(
                    "retreats of {u}: expected [{}], got [{}]",
                    names(&wanted),
                    names(&actual)
                ));
            }
        }
    }

    if problems.is_empty() {
        return Ok(());
    }
    let name = |p: PowerId| map.power(p).name.clone();
    let results: Vec<String> = run
        .scenario
        .orders
        .iter()
        .zip(&run.results)
        .map(|(o, r)| {
            format!(
                "    {} {}: {} {}",
                name(o.power),
                o.text,
                r.outcome,
                r.reason
            )
        })
        .collect();
    Err(format!("{}\n{}", problems.join("\n"), results.join("\n")))
}

/// Runs every scenario file in `tests/<dir>/` (at least `at_least` of
/// them) and fails listing every case that disagrees with its expectation.
pub fn run_dir(dir: &str, at_least: usize) {
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
