//! `game replay` checks the reactions owed carried into an Espionnite
//! reaction phase (issue 22, ESP-8): the powers that owed a reaction when
//! the reaction phase opened are stored, recomputed from the phase's
//! stored position, and a tampered copy of the database is reported with
//! its phase and field and exit status 1. (The other carried fields are
//! tampered with in tests/secret_log_judge.rs.)

use std::path::Path;
use std::process::Command;

mod secret_log_game;
use secret_log_game::{G, POWERS};

fn replay(db: &Path) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .arg("--now")
        .arg("2026-01-01T00:00:00Z")
        .args(["game", "replay", "g"])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), text)
}

fn stored_owed(db: &Path, phase: &str) -> Option<String> {
    rusqlite::Connection::open(db)
        .unwrap()
        .query_row(
            "SELECT reactions_owed FROM phase_espionage
             WHERE phase_id = (SELECT id FROM phases WHERE phase = ?1)",
            [phase],
            |r| r.get(0),
        )
        .unwrap()
}

fn set_owed(db: &Path, phase: &str, owed: Option<&str>) {
    let c = rusqlite::Connection::open(db).unwrap();
    let n = c
        .execute(
            "UPDATE phase_espionage SET reactions_owed = ?2
             WHERE phase_id = (SELECT id FROM phases WHERE phase = ?1)",
            rusqlite::params![phase, owed],
        )
        .unwrap();
    assert_eq!(n, 1);
}

/// An Espionnite game played through Spring 1901, its reaction phase
/// opened: every power has its units, so all seven owed a reaction.
fn espionnite_game() -> G {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur"]);
    g.submit("germany", &["A mun - ruh"]);
    assert!(g.tick(), "the orders' deadline opens the reaction phase");
    g.submit("germany", &["REACTION NONE"]);
    assert!(!g.tick(), "the reaction deadline processes the phase");
    assert_eq!(g.phase(), "F1901M");
    g
}

#[test]
fn esp_8_the_reactions_owed_are_stored_when_the_reaction_phase_opens() {
    let g = espionnite_game();
    let owed: Vec<String> = serde_json::from_str(&stored_owed(&g.db, "S1901M").unwrap()).unwrap();
    assert_eq!(owed, POWERS.map(String::from).to_vec());
    // The phase whose reaction phase has not opened owes nothing yet.
    assert_eq!(stored_owed(&g.db, "F1901M"), None);
    let (code, text) = replay(&g.db);
    assert_eq!(code, Some(0), "{text}");
}

#[test]
fn tamper_a_power_removed_from_the_reactions_owed_is_found_by_replay() {
    let g = espionnite_game();
    let db = g.copy("owed");
    set_owed(
        &db,
        "S1901M",
        Some(r#"["austria","england","france","germany","russia","turkey"]"#),
    );
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("reactions owed (reactions_owed)"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("S1901M"), "{text}");
    assert!(
        line.contains(
            "stored austria, england, france, germany, russia, turkey, \
             recomputed austria, england, france, germany, italy, russia, turkey"
        ),
        "{text}"
    );
}

#[test]
fn tamper_the_reactions_owed_erased_is_found_by_replay() {
    let g = espionnite_game();
    let db = g.copy("erased");
    set_owed(&db, "S1901M", None);
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.lines().any(|l| l.contains("S1901M")
            && l.contains("reactions owed (reactions_owed): stored nothing")),
        "{text}"
    );
}
