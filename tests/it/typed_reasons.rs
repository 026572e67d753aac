//! Issue 25: order results are stored as codes with their arguments; a
//! database written before keeps its prose, readable as legacy text
//! (migration 0019).

use dipspy::text::Lang;
use dipspy::text::{StoredReason, decode_reason, render_stored_reason};
use rusqlite::Connection;

const MIGRATION: &str = include_str!("../../migrations/0019_typed_reasons.sql");

#[test]
fn migration_0019_keeps_old_prose_as_legacy_and_leaves_codes_alone() {
    let dir = tempfile::tempdir().unwrap();
    let c = Connection::open(dir.path().join("old.sqlite")).unwrap();
    c.execute_batch(
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, reason TEXT);
         CREATE TABLE spy_orders (id INTEGER PRIMARY KEY, error TEXT);
         INSERT INTO spy_orders (id, error) VALUES
             (1, 'there is no unit in mun (ESP-3)'), (2, NULL);",
    )
    .unwrap();
    let code = r#"{"k":"reason-bounced","a":{}}"#;
    let rows = [
        (1, Some("bounced off A mun (1 against 1)")),
        (2, Some("")),
        (3, None),
        (4, Some(code)),
        (5, Some("dislodged by F \"nth\"; the convoy is disrupted")),
    ];
    for (id, r) in rows {
        c.execute("INSERT INTO orders (id, reason) VALUES (?1, ?2)", (id, r))
            .unwrap();
    }
    c.execute_batch(MIGRATION).unwrap();
    let after = |id: i64| -> Option<String> {
        c.query_row("SELECT reason FROM orders WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap()
    };
    let one = after(1).unwrap();
    assert!(
        matches!(decode_reason(&one), StoredReason::Legacy { .. }),
        "{one}"
    );
    assert_eq!(
        render_stored_reason(Lang::En, &one),
        "bounced off A mun (1 against 1)"
    );
    assert_eq!(after(2).as_deref(), Some(""));
    assert_eq!(after(3), None);
    assert_eq!(after(4).as_deref(), Some(code));
    assert_eq!(
        render_stored_reason(Lang::En, &after(4).unwrap()),
        "bounced"
    );
    assert_eq!(
        render_stored_reason(Lang::En, &after(5).unwrap()),
        "dislodged by F \"nth\"; the convoy is disrupted"
    );
    let spy = |id: i64| -> Option<String> {
        c.query_row("SELECT error FROM spy_orders WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap()
    };
    assert_eq!(
        render_stored_reason(Lang::En, &spy(1).unwrap()),
        "there is no unit in mun (ESP-3)"
    );
    assert!(spy(1).unwrap().starts_with("{\"legacy\""));
    assert_eq!(spy(2), None);
}
