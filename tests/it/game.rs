//! A whole scripted game (fixtures/game-1901-1903.toml) played through the
//! command line, checked phase by phase against hand-worked expectations;
//! then the replay of its history, and a replay that must catch a stored
//! position that was tampered with.

use crate::support::common;

use common::{Judge, POWERS, strings};
use serde_json::Value;
use std::collections::BTreeMap;

const FIXTURE: &str = include_str!("../../fixtures/game-1901-1903.toml");

fn list(v: &toml::Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

fn by_power(v: Option<&toml::Value>) -> BTreeMap<String, Vec<String>> {
    let mut m = BTreeMap::new();
    if let Some(t) = v.and_then(|v| v.as_table()) {
        for (k, l) in t {
            let l = list(l);
            if !l.is_empty() {
                m.insert(k.clone(), l);
            }
        }
    }
    m
}

fn shown_by_power(v: &Value) -> BTreeMap<String, Vec<String>> {
    v.as_object()
        .unwrap()
        .iter()
        .map(|(k, l)| (k.clone(), strings(l)))
        .filter(|(_, l)| !l.is_empty())
        .collect()
}

/// Plays the fixture into a fresh database, checking every expectation.
fn play_script() -> (Judge, String) {
    let fixture: toml::Value = toml::from_str(FIXTURE).unwrap();
    let game = fixture["game"].as_str().unwrap().to_string();
    let j = Judge::new();
    j.started_game(&game, &["--timezone", "Europe/Berlin"]);
    for step in fixture["phase"].as_array().unwrap() {
        let phase = step["phase"].as_str().unwrap();
        let shown = j.show(&game);
        assert_eq!(shown["phase"], phase, "the game should be in {phase}");
        for key in ["orders", "resubmit"] {
            if let Some(t) = step.get(key).and_then(|o| o.as_table()) {
                for (power, orders) in t {
                    let orders = list(orders);
                    let refs: Vec<&str> = orders.iter().map(|s| s.as_str()).collect();
                    // Orders name the phase, as a player's mail would.
                    let text = refs.join("\n");
                    let o = j.run_with_input(
                        &["orders", "submit", &game, power, "-", "--phase", phase],
                        &text,
                    );
                    assert!(
                        o.status.success() && o.stderr.is_empty(),
                        "{phase} {power}: {}",
                        String::from_utf8_lossy(&o.stderr)
                    );
                }
            }
        }
        j.ok(&["game", "process", &game]);
        let exp = &step["expect"];
        let after = j.show(&game);
        let ctx = format!("after {phase}");
        assert_eq!(after["phase"], exp["next"].as_str().unwrap(), "{ctx}");
        let h = j.history(&game, phase);
        let last = h.as_array().unwrap().last().unwrap();
        assert_eq!(
            strings(&last["missed"]),
            list(&exp["missed"]),
            "{ctx}: missed"
        );
        if exp.get("units").is_some() {
            assert_eq!(
                shown_by_power(&after["units"]),
                by_power(exp.get("units")),
                "{ctx}: units"
            );
        }
        if let Some(d) = exp.get("dislodged") {
            assert_eq!(strings(&after["dislodged"]), list(d), "{ctx}: dislodged");
        }
        if exp.get("centers").is_some() {
            assert_eq!(
                shown_by_power(&after["centers"]),
                by_power(exp.get("centers")),
                "{ctx}: centres"
            );
        }
        if let Some(e) = exp.get("eliminated") {
            let mut gone: Vec<String> = after["powers"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["status"] == "eliminated")
                .map(|p| p["power"].as_str().unwrap().to_string())
                .collect();
            gone.sort();
            assert_eq!(gone, list(e), "{ctx}: eliminated");
        }
    }
    (j, game)
}

#[test]
fn scripted_game_reaches_the_hand_worked_positions() {
    let (j, game) = play_script();
    let shown = j.show(&game);
    assert_eq!(shown["status"], "active");
    // An eliminated power can no longer order or vote.
    let o = j.run_with_input(&["orders", "submit", &game, "austria", "-"], "A vie H\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("eliminated"));
    let e = j.fails(&["game", "draw", &game, "--power", "austria"]);
    assert!(e.contains("eliminated"), "{e}");
    // The replaced Russian build is kept in the history, marked replaced.
    let h = j.history(&game, "W1902A");
    let orders = h[0]["orders"].as_array().unwrap();
    let stp = orders
        .iter()
        .find(|o| o["raw"] == "Build F stp/nc")
        .unwrap();
    assert_eq!(stp["status"], "replaced");
    let war = orders.iter().find(|o| o["raw"] == "Build A war").unwrap();
    assert_eq!(war["outcome"], "succeeds");
    // The whole list of phases, in order.
    let all: Value = serde_json::from_str(&j.ok(&["game", "history", &game, "--json"])).unwrap();
    let phases: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["phase"].as_str().unwrap())
        .collect();
    assert_eq!(
        phases,
        [
            "S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "S1902R", "F1902M", "F1902R",
            "W1902A", "S1903M", "F1903M", "W1903A", "S1904M"
        ]
    );
}

#[test]
fn replay_reproduces_every_stored_phase() {
    let (j, game) = play_script();
    let out = j.ok(&["game", "replay", &game]);
    assert!(
        out.contains("Replayed 12 phases") && out.contains("every result and position matches"),
        "{out}"
    );
}

#[test]
fn replay_catches_a_tampered_position() {
    let (j, game) = play_script();
    // Move a French army by hand in the stored S1902M position.
    let c = j.sqlite();
    let pos: String = c
        .query_row(
            "SELECT position FROM phases WHERE phase = 'S1902M'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(pos.contains("\"A par\""));
    let bad = pos.replace("\"A par\"", "\"A pic\"");
    c.execute(
        "UPDATE phases SET position = ?1 WHERE phase = 'S1902M'",
        [&bad],
    )
    .unwrap();
    drop(c);
    let o = j.run(&["game", "replay", &game]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("W1901A") && out.contains("differs"), "{out}");
}

#[test]
fn every_power_can_be_listed() {
    // The helper seats a player on every power of the standard map.
    let j = Judge::new();
    j.started_game("g", &[]);
    let shown = j.show("g");
    let powers: Vec<&str> = shown["powers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["power"].as_str().unwrap())
        .collect();
    assert_eq!(powers, POWERS);
}
