//! `dipspy adjudicate` as a user runs it: the real binary on scenario files.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(args)
        .output()
        .expect("dipspy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(file: &str) -> Value {
    let (code, out, err) = run(&["adjudicate", path(file).to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "stderr: {err}");
    serde_json::from_str(&out).expect("valid JSON")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dipspy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn opening_fixture_json_has_every_field_in_order() {
    let v = json("fixtures/spring-1901.toml");
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "phase",
            "next_phase",
            "results",
            "units",
            "dislodged",
            "contested",
            "supply_centers"
        ]
    );
    assert_eq!(v["phase"], "S1901M");
    assert_eq!(v["next_phase"], "F1901M");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 22, "one result per order line");
    assert_eq!(results[0]["power"], "austria");
    assert_eq!(results[0]["order"], "A vie - gal");
    // Russia's A war - gal meets Austria's A vie - gal: both bounce.
    let gal: Vec<&Value> = results
        .iter()
        .filter(|r| r["order"].as_str().unwrap().ends_with("- gal"))
        .collect();
    assert_eq!(gal.len(), 2);
    assert!(gal.iter().all(|r| r["outcome"] == "fails"));
    // F ank - bla and F sev - bla bounce too; Paris reaches Burgundy.
    assert_eq!(
        v["units"]["france"],
        serde_json::json!(["A bur", "A mar", "F mid"])
    );
    assert_eq!(
        v["units"]["turkey"],
        serde_json::json!(["A arm", "A bul", "F ank"])
    );
    assert_eq!(v["contested"], serde_json::json!(["bla", "gal"]));
    assert_eq!(v["dislodged"], serde_json::json!([]));
    // Spring: ownership does not change.
    assert_eq!(
        v["supply_centers"]["turkey"],
        serde_json::json!(["ank", "con", "smy"])
    );
}

#[test]
fn movement_reports_dislodged_units_with_their_retreats() {
    let v = json("tests/scenarios/movement-dislodge.toml");
    assert_eq!(v["next_phase"], "F1902R");
    let d = v["dislodged"].as_array().unwrap();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0]["power"], "turkey");
    assert_eq!(d[0]["unit"], "A ser");
    assert_eq!(d[0]["attacked_from"], "bud");
    // Not bud (the attacker's origin), not gre (standoff between F ion and
    // A bul), not the occupied tri/bul/rum; alb is empty after F alb left.
    assert_eq!(d[0]["retreats"], serde_json::json!(["alb"]));
    assert_eq!(v["contested"], serde_json::json!(["gre"]));
    // Russia's second order to A rum replaced the first.
    let rum: Vec<&Value> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["power"] == "russia")
        .collect();
    assert_eq!(rum[0]["outcome"], "invalid");
    assert!(rum[0]["reason"].as_str().unwrap().contains("superseded"));
    assert_eq!(rum[1]["outcome"], "fails");
    // A Fall phase with a dislodgement: ownership waits for the retreats.
    assert!(
        v["supply_centers"]["turkey"]
            .as_array()
            .unwrap()
            .contains(&Value::from("ser"))
    );
}

#[test]
fn retreat_phase_applies_the_later_order_and_updates_centres() {
    let v = json("tests/scenarios/retreat-example.toml");
    assert_eq!(v["phase"], "F1901R");
    let r = v["results"].as_array().unwrap();
    assert_eq!(r[0]["outcome"], "invalid");
    assert_eq!(r[1]["outcome"], "succeeds");
    assert_eq!(v["units"]["turkey"], serde_json::json!(["F bul/sc"]));
    // End of the Fall season: bul becomes Turkish, ser Austrian, gre Italian.
    assert!(
        v["supply_centers"]["turkey"]
            .as_array()
            .unwrap()
            .contains(&Value::from("bul"))
    );
    assert!(
        v["supply_centers"]["austria"]
            .as_array()
            .unwrap()
            .contains(&Value::from("ser"))
    );
    assert!(
        v["supply_centers"]["italy"]
            .as_array()
            .unwrap()
            .contains(&Value::from("gre"))
    );
    assert_eq!(v["next_phase"], "W1901A");
}

#[test]
fn adjustment_phase_builds_what_is_owed_and_disbands_by_civil_disorder() {
    let v = json("tests/scenarios/adjustment.toml");
    let r: Vec<&str> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["outcome"].as_str().unwrap())
        .collect();
    // Austria owes 3 builds: A vie ok; F vie (inland, and vie taken) invalid;
    // F tri ok; A bud ok. England's waive: nothing to waive.
    assert_eq!(
        r,
        ["succeeds", "invalid", "succeeds", "succeeds", "invalid"]
    );
    assert_eq!(
        v["units"]["austria"],
        serde_json::json!(["A bud", "A ser", "A vie", "F gre", "F tri"])
    );
    // England must remove one and gave no removal: the unit farthest from
    // its home centres goes. F nth, F nwg and A yor touch edi or lon
    // (distance 1); A nwy is two steps away, so it is removed.
    assert_eq!(
        v["units"]["england"],
        serde_json::json!(["A yor", "F nrg", "F nth"])
    );
    assert_eq!(v["next_phase"], "S1903M");
}

#[test]
fn readable_report_names_outcomes_and_next_phase() {
    let (code, out, _) = run(&[
        "adjudicate",
        path("fixtures/midgame.toml").to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Fall 1905 Movement (standard)"));
    assert!(out.contains("England:"));
    assert!(out.contains("A bel - lon"));
    assert!(out.contains("Supply centres:"));
    assert!(out.contains("Next phase:"));
}

#[test]
fn malformed_files_exit_2_naming_file_and_line() {
    let cases = [
        ("bad-toml.toml", "phase = \"S1901M\"\n[units\n", "line 2"),
        (
            "bad-power.toml",
            "phase = \"S1901M\"\n[units]\nausria = [\"A vie\"]\n",
            "line 3: unknown power `ausria`",
        ),
        (
            "bad-province.toml",
            "phase = \"S1901M\"\n[units]\naustria = [\"A vie\",\n  \"A xyz\"]\n",
            "line 4: unit `A xyz`: there is no province `xyz`",
        ),
        (
            "two-units.toml",
            "phase = \"S1901M\"\n[units]\naustria = [\"A vie\"]\nitaly = [\"F vie\"]\n",
            "line 4",
        ),
        ("bad-phase.toml", "phase = \"S1901X\"\n", "line 1"),
    ];
    for (name, text, wanted) in cases {
        let p = temp_file(name, text);
        let (code, out, err) = run(&["adjudicate", p.to_str().unwrap(), "--json"]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(out.is_empty(), "{name}: nothing on stdout");
        assert!(err.contains(name), "{name}: message names the file: {err}");
        assert!(err.contains(wanted), "{name}: wanted {wanted:?} in {err}");
        assert_eq!(err.trim().lines().count(), 1, "{name}: one line: {err}");
    }
}

#[test]
fn unreadable_orders_are_invalid_with_the_column_and_the_file_still_adjudicates() {
    let p = temp_file(
        "bad-order.toml",
        "phase = \"S1901M\"\n[units]\nfrance = [\"A par\"]\n[orders]\nfrance = [\"A par - xyz\"]\n",
    );
    let (code, out, err) = run(&["adjudicate", p.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["results"][0]["outcome"], "invalid");
    let reason = v["results"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("column 9"), "{reason}");
    assert!(reason.contains("xyz"), "{reason}");
    assert_eq!(v["units"]["france"], serde_json::json!(["A par"]));
}

#[test]
fn espionage_scenario_fills_the_espionage_object() {
    let v = json("tests/espionage/e2-spy-then-reaction.toml");
    let keys: Vec<&str> = v["espionage"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(
        keys,
        [
            "public",
            "secret",
            "private",
            "adjudicated",
            "spy_organisations",
            "exposed"
        ]
    );
    let results = v["results"].as_array().unwrap();
    assert_eq!(results[0]["order"], "A bur - mun");
    assert_eq!(results[0]["outcome"], "replaced");
    let last = results.last().unwrap();
    assert_eq!(last["order"], "A bur - ruh");
    assert_eq!(last["outcome"], "succeeds");
    assert_eq!(
        v["espionage"]["private"]["france"],
        serde_json::json!(["Your spy on A mun reports: A mun H"])
    );
    // The text report shows the espionage sections too.
    let (code, out, _) = run(&[
        "adjudicate",
        path("tests/espionage/e2-spy-then-reaction.toml")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("Secret log:"), "{out}");
}

#[test]
fn espionage_tables_need_their_rule_set() {
    let f = temp_file(
        "reactions-without-rules.toml",
        "phase = \"S1902M\"\nrules = [\"spionage\"]\n[units]\nfrance = [\"A bur\"]\n[reactions]\nfrance = \"A bur - pic\"\n",
    );
    let (code, _, err) = run(&["adjudicate", f.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 6") && err.contains("espionnite"),
        "{err}"
    );
    let f = temp_file(
        "orgs-without-rules.toml",
        "phase = \"S1902M\"\nspy_organisations = [\"france\"]\n",
    );
    let (code, _, err) = run(&["adjudicate", f.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("spionage"), "{err}");
    let f = temp_file(
        "bad-reaction.toml",
        "phase = \"S1902M\"\nrules = [\"espionnite\"]\n[reactions]\nfrance = \"A bur -\"\n",
    );
    let (code, _, err) = run(&["adjudicate", f.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 4"), "{err}");
}

/// Issue 21 item 3: a coast on a province that has no coasts (or any
/// coast for an army) is refused for a fleet with the reason, dropped with
/// a note for an army, and never printed as if it existed.
#[test]
fn impossible_coasts_are_refused_for_fleets_and_dropped_for_armies() {
    let file = temp_file(
        "coasts.toml",
        "variant = \"standard\"\nphase = \"S1901M\"\n[units]\n\
         france = [\"A par\", \"F bre\", \"A mar\"]\nitaly = [\"F tri\"]\n\
         [orders]\nfrance = [\"A par - bur/nc\", \"F bre - eng/sc\", \"A mar - spa/nc\"]\n\
         italy = [\"F tri - ven/nc\"]\n",
    );
    let (code, out, err) = run(&["adjudicate", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  A par - bur     succeeds\n"), "{out}");
    assert!(out.contains("  A mar - spa     succeeds\n"), "{out}");
    assert!(
        out.contains("F bre - eng/sc  invalid: eng is a sea: it has no coasts\n"),
        "{out}"
    );
    assert!(
        out.contains("F tri - ven/nc  invalid: ven has one coast"),
        "{out}"
    );
    assert!(
        out.contains("Notes:\n  bur is inland: it has no coasts: read as `A par - bur`\n"),
        "{out}"
    );
    assert!(!out.contains("bur/nc") && !out.contains("spa/nc"), "{out}");
    // The fleet stayed where it was: an invalid order holds.
    let (_, j, _) = run(&["adjudicate", file.to_str().unwrap(), "--json"]);
    let v: Value = serde_json::from_str(&j).unwrap();
    assert_eq!(
        v["units"]["france"],
        serde_json::json!(["A bur", "A spa", "F bre"])
    );
    assert_eq!(v["results"][0]["order"], "A par - bur");

    // Ancient Med: the Aegean is a sea.
    let file = temp_file(
        "coasts-ancmed.toml",
        "variant = \"ancmed\"\nphase = \"S0001M\"\n[units]\ngreece = [\"F spa\"]\n\
         [orders]\ngreece = [\"F spa - aeg/nc\"]\n",
    );
    let (code, out, err) = run(&["adjudicate", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("F spa - aeg/nc  invalid: aeg is a sea: it has no coasts\n"),
        "{out}"
    );
}
