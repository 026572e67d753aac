//! Migration 0023 (issue 25): refusals stored as codes. A database made by
//! the migrations before it keeps every refused line's and dropped future
//! order's English, readable as stored (legacy), and gains the columns new
//! rows keep their codes in, which take only JSON.

use crate::support::old_database::after_migrations;
use dipspy::game::Why;
use dipspy::store::FutureOrderStatus;
use dipspy::text::{Lang, Render};

/// A database as the dipspy before 0023 left it: a refused line and a
/// dropped future order, each with its English.
fn old_database(path: &std::path::Path) {
    // The 20 migrations before 0023, in the order the store applies them
    // (0023 comes after 0025: a database's version counts migrations).
    let c = after_migrations(path, 20);
    c.execute_batch(
        "INSERT INTO games (id, name, variant, settings, created_at)
             VALUES (1, 'g', 'standard', '{}', '2030-01-01T00:00:00Z');
         INSERT INTO phases (id, game_id, seq, phase, position, status, started_at)
             VALUES (1, 1, 0, 'S1901M', '{}', 'current', '2030-01-01T00:00:00Z');
         INSERT INTO orders (id, phase_id, power, raw, error, submitted_by, submitted_at, status)
             VALUES (9, 1, 'france', 'a par - mos', '`A par - mos` cannot be carried out: mos is not next to par',
                     'f@x.org', 't', 'unreadable');
         INSERT INTO future_orders (id, game_id, power, phase, batch, line, raw, parsed,
                                    submitted_by, submitted_at, submitted_seq, status,
                                    resolved_seq, note)
             VALUES (3, 1, 'italy', 'S1901M', 1, 1, 'a ven-pie', 'A ven - pie', 'i@x.org', 't',
                     0, 'dropped', 0, 'there is no unit in ven');",
    )
    .unwrap();
}

#[test]
fn migration_0023_keeps_old_refusals_readable_and_takes_codes_from_now_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    old_database(&path);
    let st = crate::support::words::open_store(&path).expect("0023 applies");
    let c = st.conn();

    // The refused line keeps its English, has no code, and reads as stored
    // in every language.
    let o = st
        .read()
        .orders(1)
        .unwrap()
        .into_iter()
        .find(|o| o.id == 9)
        .unwrap();
    assert_eq!(o.refusal, None);
    let why = Why::read(o.refusal.as_deref(), o.error.as_deref()).unwrap();
    for lang in [Lang::En, Lang::Fr, Lang::De] {
        assert_eq!(
            why.render(lang),
            "`A par - mos` cannot be carried out: mos is not next to par"
        );
    }
    // So does the dropped future order, with its status typed.
    let f = &st.read().all_future_orders(1).unwrap()[0];
    assert_eq!(f.status, FutureOrderStatus::Dropped);
    assert_eq!(f.dropped_why, None);
    let why = Why::read(f.dropped_why.as_deref(), f.note.as_deref()).unwrap();
    assert_eq!(why.render(Lang::De), "there is no unit in ven");

    // New rows keep codes, put into words per reader.
    let code = r#"{"k":"reason-no-unit","a":{"province":"ven"}}"#;
    c.execute(
        "UPDATE future_orders SET dropped_why = ?1, note = NULL WHERE id = 3",
        [code],
    )
    .unwrap();
    let f = &st.read().all_future_orders(1).unwrap()[0];
    let why = Why::read(f.dropped_why.as_deref(), f.note.as_deref()).unwrap();
    assert_eq!(why.render(Lang::En), "there is no unit in ven");
    assert_eq!(why.render(Lang::Fr), "il n'y a pas d'unité en ven");
    assert_eq!(why.render(Lang::De), "in ven steht keine Einheit");

    // The new columns take JSON only.
    for sql in [
        "UPDATE orders SET refusal = 'plain words' WHERE id = 9",
        "UPDATE future_orders SET dropped_why = 'plain words' WHERE id = 3",
    ] {
        let e = c.execute(sql, []).unwrap_err().to_string();
        assert!(e.contains("CHECK constraint failed"), "{sql}: {e}");
    }
    // Opened again, nothing is applied twice.
    drop(st);
    crate::support::words::open_store(&path).expect("opens again");
}
