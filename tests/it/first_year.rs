//! A scripted first year on each variant map (issue 14), by hand from the
//! variant's published starting position, played through the game layer
//! on a real SQLite file: `tests/maps/first_year/<map>.toml` gives each
//! phase's orders as players write them, the lines the judge must refuse
//! on arrival, and the units (and after a winter the centres) that must
//! stand afterwards. A retreat phase the script does not list is played
//! with no orders (the dislodged units disband).

use chrono::{DateTime, Duration, Utc};
use dipspy::engine::Map;
use dipspy::game::{self, CreateOptions, Sender};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    map: String,
    phase: Vec<ScriptPhase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScriptPhase {
    phase: String,
    #[serde(default)]
    refused: Vec<String>,
    orders: BTreeMap<String, Vec<String>>,
    units: BTreeMap<String, Vec<String>>,
    centres: Option<BTreeMap<String, Vec<String>>>,
}

fn t0() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

fn sorted(m: &BTreeMap<String, Vec<String>>) -> BTreeMap<String, Vec<String>> {
    m.iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| {
            let mut v = v.clone();
            v.sort();
            (k.clone(), v)
        })
        .collect()
}

fn play(file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maps/first_year")
        .join(file);
    let script: Script = toml::from_str(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let map = Map::by_variant(&script.map).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("g.db")).unwrap();
    let o = CreateOptions {
        variant: script.map.clone(),
        ..CreateOptions::default()
    };
    let mut now = t0();
    game::create(&mut st, "g", &o, now).unwrap();
    for p in map.powers() {
        let addr = format!("{}@example.org", p.name);
        game::join(&mut st, "g", Some(&p.name), &addr, "pw", now).unwrap();
    }
    game::start(&mut st, "g", now).unwrap();
    for ph in &script.phase {
        let mut view = game::show(&st, "g").unwrap();
        while view.phase.as_deref() != Some(ph.phase.as_str())
            && view.phase.as_deref().is_some_and(|p| p.ends_with('R'))
        {
            now += Duration::hours(1);
            game::process(&mut st, "g", now).unwrap();
            view = game::show(&st, "g").unwrap();
        }
        assert_eq!(view.phase.as_deref(), Some(ph.phase.as_str()), "{file}");
        let mut refused = Vec::new();
        for (power, lines) in &ph.orders {
            let r = game::submit_orders(
                &mut st,
                "g",
                power,
                &lines.join("\n"),
                None,
                &Sender::default(),
                now,
            )
            .unwrap_or_else(|e| panic!("{file} {}: {power}: {e}", ph.phase));
            refused.extend(
                r.lines
                    .iter()
                    .filter(|l| l.error.is_some())
                    .map(|l| l.raw.trim().to_string()),
            );
        }
        refused.sort();
        let mut want = ph.refused.clone();
        want.sort();
        assert_eq!(refused, want, "{file} {}: refused lines", ph.phase);
        now += Duration::hours(1);
        game::process(&mut st, "g", now).unwrap();
        let after = game::show(&st, "g").unwrap();
        assert_eq!(
            sorted(&after.units),
            sorted(&ph.units),
            "{file} {}: units after the phase",
            ph.phase
        );
        if let Some(c) = &ph.centres {
            assert_eq!(sorted(&after.centers), sorted(c), "{file} {}", ph.phase);
        }
    }
    let (_, bad) = game::replay(&st, "g").unwrap();
    assert!(bad.is_empty(), "{file}: {bad:?}");
}

#[test]
fn ancmed_first_year() {
    play("ancmed.toml");
}

#[test]
fn modern_first_year() {
    play("modern.toml");
}

#[test]
fn pure_first_year() {
    play("pure.toml");
}

#[test]
fn standard_france_austria_first_year() {
    play("standard_france_austria.toml");
}

#[test]
fn standard_germany_italy_first_year() {
    play("standard_germany_italy.toml");
}
