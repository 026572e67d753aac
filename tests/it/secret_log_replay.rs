//! `game replay` checks the reactions owed carried into an Espionnite
//! reaction phase (issue 22, ESP-8): the powers that owed a reaction when
//! the reaction phase opened are stored, recomputed from the phase's
//! stored position, and a tampered copy of the database is reported with
//! its phase and field and exit status 1. (The other carried fields are
//! tampered with in tests/it/secret_log_judge.rs.) And every spy order
//! against the receipt the secret log recorded as data when it arrived
//! (issue 33): its owner, target and text changed in the database, a spy
//! order with no receipt, and the copies a rollback makes.

use std::path::Path;
use std::process::Command;

use crate::support::secret_log_game;
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

// ------------------------------------------------------------ spy orders against their receipts

/// An Espionnite game in which France spied on German A mun in Spring
/// 1901, played into Fall 1901.
fn spying_game() -> G {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur", "SPY A mun"]);
    g.submit("germany", &["A mun - ruh", "COUNTERSPY F kie"]);
    assert!(g.tick(), "the orders' deadline opens the reaction phase");
    g.submit("germany", &["REACTION NONE"]);
    assert!(!g.tick(), "the reaction deadline processes the phase");
    assert_eq!(g.phase(), "F1901M");
    g
}

fn tamper(db: &Path, sql: &str) {
    let n = rusqlite::Connection::open(db)
        .unwrap()
        .execute(sql, [])
        .unwrap();
    assert!(n >= 1, "{sql}: nothing changed");
}

/// The replay lines about one field of a spy order.
fn lines_about<'a>(text: &'a str, field: &str) -> Vec<&'a str> {
    text.lines()
        .filter(|l| l.contains("espionage order") && l.contains(&format!(": {field} stored")))
        .collect()
}

#[test]
fn every_spy_order_matches_its_receipt_in_an_untouched_game() {
    let g = spying_game();
    let (code, text) = replay(&g.db);
    assert_eq!(code, Some(0), "{text}");
}

#[test]
fn tamper_a_spy_orders_owner_changed_is_found_by_replay() {
    let g = spying_game();
    let db = g.copy("owner");
    tamper(
        &db,
        "UPDATE spy_orders SET power = 'italy' WHERE parsed = 'SPY A mun'",
    );
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    let owner = lines_about(&text, "owner");
    assert_eq!(owner.len(), 1, "{text}");
    assert!(
        owner[0].starts_with("S1901M")
            && owner[0].contains(
                "`SPY A mun` of Italy: owner stored `italy`, the secret log recorded `france`"
            ),
        "{text}"
    );
}

#[test]
fn tamper_a_spy_orders_target_changed_is_found_by_replay() {
    let g = spying_game();
    let db = g.copy("target");
    tamper(
        &db,
        "UPDATE spy_orders SET parsed = 'SPY A ber' WHERE parsed = 'SPY A mun'",
    );
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    let target = lines_about(&text, "target");
    assert_eq!(target.len(), 1, "{text}");
    assert!(
        target[0].starts_with("S1901M")
            && target[0].contains("target stored `ber`, the secret log recorded `mun`"),
        "{text}"
    );
    let words = lines_about(&text, "text");
    assert_eq!(words.len(), 1, "{text}");
    assert!(
        words[0].contains("text stored `SPY A ber`, the secret log recorded `SPY A mun`"),
        "{text}"
    );
    // A counter-spy moved to another unit is found the same way.
    tamper(
        &db,
        "UPDATE spy_orders SET parsed = 'COUNTERSPY A ber' WHERE parsed = 'COUNTERSPY F kie'",
    );
    let (_, text) = replay(&db);
    assert!(
        lines_about(&text, "target").iter().any(|l| l.contains(
            "`COUNTERSPY A ber` of Germany: target stored `ber`, the secret log recorded `kie`"
        )),
        "{text}"
    );
}

#[test]
fn tamper_a_spy_order_with_no_receipt_is_found_by_replay() {
    let g = spying_game();
    let db = g.copy("unlogged");
    tamper(
        &db,
        "INSERT INTO spy_orders (phase_id, power, raw, parsed, slot, status, submitted_by, submitted_at)
         SELECT id, 'austria', 'SPY A ven', 'SPY A ven', 'spy', 'live', 'austria@example.org', started_at
         FROM phases WHERE phase = 'F1901M'",
    );
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("F1901M")
            && l.contains("`SPY A ven` of Austria: the secret log has no record of its receipt")),
        "{text}"
    );
}

#[test]
fn tamper_a_spy_order_deleted_is_found_by_replay() {
    let g = spying_game();
    let db = g.copy("deleted");
    tamper(&db, "DELETE FROM spy_orders WHERE parsed = 'SPY A mun'");
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("S1901M")
            && l.contains("`SPY A mun` of France: the secret log recorded its receipt, but it is no longer stored")),
        "{text}"
    );
}

#[test]
fn spy_orders_copied_by_a_rollback_are_checked_against_the_original_receipt() {
    let mut g = spying_game();
    dipspy::game::rollback(&mut g.st, "g", "S1901M", g.now).unwrap();
    assert_eq!(g.phase(), "S1901M");
    let (code, text) = replay(&g.db);
    assert_eq!(code, Some(0), "{text}");
    // The copy in the phase played again, given to Italy.
    let db = g.copy("copy");
    tamper(
        &db,
        "UPDATE spy_orders SET power = 'italy'
         WHERE id = (SELECT MAX(id) FROM spy_orders WHERE parsed = 'SPY A mun')",
    );
    let (code, text) = replay(&db);
    assert_eq!(code, Some(1), "{text}");
    let owner = lines_about(&text, "owner");
    assert_eq!(owner.len(), 1, "only the copy: {text}");
    assert!(
        owner[0].contains("owner stored `italy`, the secret log recorded `france`"),
        "{text}"
    );
}
