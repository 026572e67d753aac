//! Dummy powers (DPjudge's `DUMMY`, issue 24): powers of a map that nobody
//! plays. The map file's forms are read; the map as a game keeps them;
//! nobody may join or take one over; the game does not wait for them; the
//! game master orders their units by mail with `BECOME`; otherwise they
//! hold; they never build. A game on `tests/maps/dummy/neutral_states.map`
//! (the standard board with its neutral centres held by a dummy) is played
//! by mail to its first winter.

use crate::support::mailgame;

use dipspy::engine::{Map, MapError};
use mailgame::{MASTER, POWERS, World, addr, assert_has, has, pw};
use std::path::Path;
use std::process::Command;

fn read_dpjudge(text: &str) -> Result<Map, MapError> {
    Map::from_dpjudge_str("test", text, &|n| Map::by_variant(n).map(|m| Ok(m.clone())))
}

fn dummies(m: &Map) -> Vec<String> {
    m.powers()
        .iter()
        .filter(|p| p.dummy)
        .map(|p| p.name.clone())
        .collect()
}

#[test]
fn every_form_of_the_dummy_line_is_read() {
    // After a power's line: that power (its units may follow).
    let m = read_dpjudge("MAP standard\nITALY (ITALIAN) NAP ROM VEN\nDUMMY\nA ROM\n").unwrap();
    assert_eq!(dummies(&m), ["italy"]);
    // Named, with commas and in any case.
    let m = read_dpjudge("MAP standard\nDUMMIES England, turkey\n").unwrap();
    assert_eq!(dummies(&m), ["england", "turkey"]);
    // All but some.
    let m = read_dpjudge("MAP standard\nDUMMY ALL EXCEPT FRANCE GERMANY\n").unwrap();
    assert_eq!(
        dummies(&m),
        ["austria", "england", "italy", "russia", "turkey"]
    );
    // A map without DUMMY has none.
    assert!(dummies(&read_dpjudge("MAP standard\n").unwrap()).is_empty());
    // Every power a dummy: refused, since nobody could play.
    let e = read_dpjudge("MAP standard\nDUMMY ALL\n").unwrap_err();
    assert!(e.to_string().contains("every power is a dummy"), "{e}");
    // DUMMY with no power above it.
    let e = read_dpjudge("MAP standard\nDUMMY\n").unwrap_err();
    assert!(e.to_string().contains("line 2:"), "{e}");
}

#[test]
fn a_dummy_power_survives_the_map_kept_with_a_game() {
    // A game on a map file keeps the map as dipspy's TOML; the dummy must
    // stay a dummy there.
    let m = read_dpjudge(&fixture()).unwrap();
    let again = Map::from_toml_str(&m.to_toml_string()).unwrap();
    assert_eq!(dummies(&again), ["neutral states"]);
    assert_eq!(again.powers().len(), 8);
}

fn fixture() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/dummy/neutral_states.map"),
    )
    .unwrap()
}

/// The judge of `tests/it/support/mailgame.rs` with the dummy map in its maps directory.
fn world() -> World {
    let w = World::new();
    let maps = w.dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    std::fs::write(maps.join("neutral_states.map"), fixture()).unwrap();
    let mut cfg = std::fs::read_to_string(&w.cfg).unwrap();
    cfg.push_str("[maps]\ndir = \"maps\"\n");
    std::fs::write(&w.cfg, cfg).unwrap();
    w
}

fn dipspy(w: &World, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--config")
        .arg(&w.cfg)
        .args(args)
        .current_dir(w.dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn phase(w: &World) -> String {
    let show = dipspy(w, &["game", "show", "vet"]);
    show.lines()
        .find(|l| l.contains("Phase") || l.contains("phase"))
        .unwrap_or_default()
        .to_string()
}

/// The judge's `game show` of the game.
fn show(w: &World) -> String {
    dipspy(w, &["game", "show", "vet"])
}

#[test]
fn a_game_with_a_dummy_is_played_by_mail_to_its_first_winter() {
    let mut w = world();
    // The maps directory offers the map, with its dummy named.
    let listed = dipspy(&w, &["maps"]);
    assert_has(&listed, "neutral_states");
    assert_has(&listed, "8 powers");
    assert_has(&listed, "Neutral States (dummy)");

    let create = w.master("CREATE vet variant=neutral_states deadline=48h");
    // Nobody may join the dummy.
    let intruder = "someone@players.test";
    w.addresses.push(intruder.into());
    let j = w.send(intruder, "JOIN neutral-states vet Pw-intruder-1");
    w.passwords.push("Pw-intruder-1".into());
    for p in POWERS {
        w.send(&addr(p), &format!("JOIN {p} vet {}", pw(p)));
    }
    w.pass();
    assert!(!has(&w.reply(MASTER, &create), "REJECTED"));
    let r = w.reply(intruder, &j);
    assert_has(&r, "Neutral States in game vet is a dummy power");
    // Seven players are every power that is played: the master hears the
    // game is full, and it starts.
    assert_eq!(w.about(MASTER, "every power has a player").len(), 1);
    let start = w.master("START vet");
    w.pass();
    assert!(!has(&w.reply(MASTER, &start), "REJECTED"));
    assert_has(&phase(&w), "S1901M");

    // Spring 1901: the master orders the dummy's army in Holland.
    let g = w.play("germany", "A mun - tyr");
    let f = w.play("france", "A par - pic\nF bre - eng");
    let m = w.master("BECOME vet neutral-states\nA hol - ruh");
    w.pass();
    assert!(!has(&w.reply(&addr("germany"), &g), "REJECTED"));
    assert!(!has(&w.reply(&addr("france"), &f), "REJECTED"));
    let r = w.reply(MASTER, &m);
    assert_has(&r, "you act for Neutral States in game vet");
    assert!(!has(&r, "REJECTED"), "{r}");
    w.at_deadline();
    let s = show(&w);
    assert_has(&phase(&w), "F1901M");
    assert!(s.contains("A ruh"), "the dummy's army moved: {s}");

    // Fall 1901: the dummy's army takes Munich; France takes Belgium from
    // the dummy, whose army there was not ordered and held.
    w.play("france", "A pic - bel\nF eng S A pic - bel");
    w.master("BECOME vet N\nA ruh - mun");
    w.pass();
    // Nobody waits for the dummy's retreat: deadlines pass until winter.
    for _ in 0..3 {
        if phase(&w).contains("W1901A") {
            break;
        }
        w.at_deadline();
    }
    assert_has(&phase(&w), "W1901A");

    // Winter: the dummy gained Munich and lost Belgium with its army (12
    // centres, 11 units), yet it never builds.
    let b = w.master("BECOME vet neutral-states\nBUILD A hol");
    let fb = w.play("france", "BUILD A par");
    let gr = w.play("germany", "REMOVE A tyr");
    w.pass();
    let r = w.reply(MASTER, &b);
    assert_has(&r, "dummy powers never build");
    assert!(!has(&w.reply(&addr("france"), &fb), "REJECTED"));
    assert!(!has(&w.reply(&addr("germany"), &gr), "REJECTED"));
    // With France's build and Germany's removal in, the winter does not
    // wait for the dummy.
    if !phase(&w).contains("S1902M") {
        w.at_deadline();
    }
    assert_has(&phase(&w), "S1902M");
    // The dummy holds Munich and its ten other armies, none built; its
    // twelve centres count as its own.
    let s = show(&w);
    let line = |prefix: &str| {
        s.lines()
            .find(|l| l.trim_start().starts_with(prefix))
            .unwrap_or_else(|| panic!("no line {prefix}: {s}"))
            .trim()
            .to_string()
    };
    assert_eq!(
        line("neutral states A "),
        "neutral states A bul, A den, A gre, A mun, A nwy, A por, A rum, A ser, A spa, A swe, A tun"
    );
    assert_eq!(
        line("neutral states 12:"),
        "neutral states 12: bul den gre hol mun nwy por rum ser spa swe tun"
    );
    assert_eq!(line("france   A "), "france   A bel, A mar, A par, F eng");
    assert_eq!(line("germany  A "), "germany  A ber, F kie");
}
