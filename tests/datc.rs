//! Runs every scenario under `tests/datc/` (DATC section 6, one file per
//! case, named after its DATC number) and `tests/real/` (positions from
//! real games and from other adjudicators' bug reports), and checks the
//! position after the phase against the file's `[expect]` table.

use dipspy::map::Map;
use dipspy::position::Unit;
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

fn expected_units(map: &Map, table: Option<&toml::Value>) -> BTreeSet<(String, Unit)> {
    let mut set = BTreeSet::new();
    let Some(table) = table.and_then(|t| t.as_table()) else {
        return set;
    };
    for (power, list) in table {
        let pid = map
            .power_by_name(power)
            .unwrap_or_else(|| panic!("unknown power {power} in [expect]"));
        for u in list.as_array().expect("a list of units") {
            let s = u.as_str().expect("a unit string");
            let (unit_type, location) = map
                .parse_unit(s)
                .unwrap_or_else(|| panic!("bad unit {s} in [expect]"));
            set.insert((
                power.to_lowercase(),
                Unit {
                    power: pid,
                    unit_type,
                    location,
                },
            ));
        }
    }
    set
}

/// Runs one scenario file; returns a description of what differs.
fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let value: toml::Value = toml::from_str(&text).map_err(|e| e.to_string())?;
    let expect = value
        .get("expect")
        .ok_or("the file has no [expect] table")?
        .clone();
    let scenario = Scenario::parse(&text).map_err(|e| format!("does not read: {e}"))?;
    let map = scenario.map;
    let run = scenario.run();
    let name = |p: dipspy::map::PowerId| map.power(p).name.clone();

    let actual: BTreeSet<(String, Unit)> = run
        .adjudication
        .next
        .units
        .iter()
        .map(|u| (name(u.power), *u))
        .collect();
    let wanted = expected_units(map, expect.get("units"));

    let actual_dislodged: BTreeSet<(String, Unit)> = run
        .adjudication
        .dislodged
        .iter()
        .map(|d| (name(d.dislodged.unit.power), d.dislodged.unit))
        .collect();
    let mut wanted_dislodged = BTreeSet::new();
    if let Some(list) = expect.get("dislodged").and_then(|d| d.as_array()) {
        for d in list {
            let power = d["power"].as_str().expect("power");
            let unit = d["unit"].as_str().expect("unit");
            let pid = map.power_by_name(power).expect("known power");
            let (unit_type, location) = map.parse_unit(unit).expect("unit");
            wanted_dislodged.insert((
                power.to_lowercase(),
                Unit {
                    power: pid,
                    unit_type,
                    location,
                },
            ));
        }
    }

    let show = |s: &BTreeSet<(String, Unit)>| -> String {
        s.iter()
            .map(|(p, u)| format!("{p} {}", u.text(map)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut problems = Vec::new();
    if actual != wanted {
        let missing: BTreeSet<_> = wanted.difference(&actual).cloned().collect();
        let extra: BTreeSet<_> = actual.difference(&wanted).cloned().collect();
        problems.push(format!(
            "units: expected but missing [{}]; present but not expected [{}]",
            show(&missing),
            show(&extra)
        ));
    }
    if actual_dislodged != wanted_dislodged {
        problems.push(format!(
            "dislodged: expected [{}], got [{}]",
            show(&wanted_dislodged),
            show(&actual_dislodged)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
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
}

fn run_dir(dir: &str, at_least: usize) {
    let files = scenario_files(dir);
    assert!(
        files.len() >= at_least,
        "expected at least {at_least} scenario files in tests/{dir}, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for f in &files {
        if let Err(e) = check(f) {
            failures.push(format!(
                "{}:\n{e}",
                f.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases in tests/{dir} disagree:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn datc_section_6() {
    run_dir("datc", 160);
}

#[test]
fn real_game_cases() {
    run_dir("real", 10);
}
