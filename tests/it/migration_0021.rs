//! Migration 0021 (issue 21, ingest speed): the tables written for every
//! mail (orders, spy_orders, inbox, outbox) are made again with CHECKs
//! SQLite tests by comparison instead of a temporary table. A database made
//! by the migrations before it keeps every row, every index but the unused
//! inbox_sender, and the foreign keys of the tables that refer to these.

use crate::support::old_database::after_migrations;
use rusqlite::Connection;

/// A database as the dipspy before 0021 left it, with rows in every
/// table 0021 makes again and in the tables that refer to them.
fn old_database(path: &std::path::Path) {
    // The 17 migrations before 0021, in the order the store applies them.
    let c = after_migrations(path, 17);
    c.pragma_update(None, "foreign_keys", true).unwrap();
    c.execute_batch(
        "INSERT INTO games (id, name, variant, settings, created_at)
             VALUES (1, 'g', 'standard', '{}', '2030-01-01T00:00:00Z');
         INSERT INTO phases (id, game_id, seq, phase, position, status, started_at)
             VALUES (1, 1, 0, 'S1901M', '{}', 'current', '2030-01-01T00:00:00Z');
         INSERT INTO orders (id, phase_id, power, raw, parsed, submitted_by, submitted_at, status)
             VALUES (7, 1, 'france', 'a par-bur', 'A par - bur', 'f@x.org', 't', 'live');
         INSERT INTO orders (id, phase_id, power, raw, parsed, submitted_by, submitted_at,
                             status, replaced_by, outcome, reason)
             VALUES (5, 1, 'france', 'a par h', 'A par H', 'f@x.org', 't', 'replaced', 7,
                     'ok', '{\"legacy\":\"x\"}');
         INSERT INTO orders (id, phase_id, power, raw, error, submitted_by, submitted_at, status)
             VALUES (9, 1, 'france', 'a par - xyz', 'cannot read', 'f@x.org', 't', 'unreadable');
         INSERT INTO future_orders (id, game_id, power, phase, batch, line, raw, parsed,
                                    submitted_by, submitted_at, submitted_seq, status, resolved_seq)
             VALUES (3, 1, 'france', 'S1901M', 1, 1, 'a par-bur', 'A par - bur', 'f@x.org', 't',
                     0, 'applied', 0);
         INSERT INTO future_order_links (order_id, future_id) VALUES (7, 3);
         INSERT INTO spy_orders (id, phase_id, power, raw, parsed, slot, status, submitted_by,
                                 submitted_at)
             VALUES (4, 1, 'france', 'spy a mun', 'SPY A mun', 'spy', 'live', 'f@x.org', 't');
         INSERT INTO spy_orders (id, phase_id, power, raw, parsed, slot, status, error,
                                 submitted_by, submitted_at)
             VALUES (6, 1, 'france', 'spy a xyz', 'SPY A xyz', 'spy', 'rejected', 'no', 'f@x.org', 't');
         INSERT INTO inbox (id, dedup_key, message_id, sender, subject, raw, size, received_at,
                            source, status, reason, attempts, handled_at, person, signon, answer)
             VALUES (11, 'mid:<a@x>', '<a@x>', 'f@x.org', 'orders', x'414243', 3, 't1',
                     'maildir:1', 'handled', NULL, 1, 't2', 'f@x.org', 'good', 'stranger');
         INSERT INTO inbox (id, dedup_key, sender, raw, size, received_at, source)
             VALUES (12, 'sha256:00', '', x'00', 1, 't3', 'imap:INBOX:1:2');
         INSERT INTO outbox (id, message_id, to_addr, subject, body, inbox_id, status,
                             next_attempt_at, created_at)
             VALUES (21, '<r@judge>', 'f@x.org', 'Re: orders', 'OK', 11, 'sent', 't', 't');
         INSERT INTO attachments (id, outbox_id, filename, content_type, data)
             VALUES (31, 21, 'map.png', 'image/png', x'89504e47');",
    )
    .unwrap();
}

fn schema_of(c: &Connection, kind: &str, table: &str) -> Vec<String> {
    let mut q = c
        .prepare("SELECT name FROM sqlite_master WHERE type = ?1 AND tbl_name = ?2 ORDER BY name")
        .unwrap();
    q.query_map([kind, table], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

fn count(c: &Connection, sql: &str) -> i64 {
    c.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn migration_0021_keeps_rows_indexes_and_foreign_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    old_database(&path);
    let st = crate::support::words::open_store(&path).expect("0021 applies");
    let c = st.conn();

    // Every row, with its id and every column.
    let order: (String, Option<String>, String, Option<i64>, Option<String>) = c
        .query_row(
            "SELECT raw, parsed, status, replaced_by, reason FROM orders WHERE id = 5",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    assert_eq!(
        order,
        (
            "a par h".into(),
            Some("A par H".into()),
            "replaced".into(),
            Some(7),
            Some("{\"legacy\":\"x\"}".into())
        )
    );
    assert_eq!(count(c, "SELECT count(*) FROM orders"), 3);
    assert_eq!(
        count(
            c,
            "SELECT count(*) FROM orders WHERE id = 9 AND status = 'unreadable'"
        ),
        1
    );
    assert_eq!(count(c, "SELECT count(*) FROM spy_orders"), 2);
    let inbox: (
        Vec<u8>,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        i64,
    ) = c
        .query_row(
            "SELECT raw, status, person, signon, answer, attempts FROM inbox WHERE id = 11",
            [],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .unwrap();
    assert_eq!(
        inbox,
        (
            b"ABC".to_vec(),
            "handled".into(),
            Some("f@x.org".into()),
            Some("good".into()),
            Some("stranger".into()),
            1
        )
    );
    assert_eq!(
        count(
            c,
            "SELECT count(*) FROM inbox WHERE id = 12 AND status = 'new'"
        ),
        1
    );
    assert_eq!(
        count(
            c,
            "SELECT count(*) FROM outbox WHERE id = 21 AND inbox_id = 11 AND status = 'sent'"
        ),
        1
    );
    assert_eq!(count(c, "SELECT count(*) FROM attachments"), 1);
    assert_eq!(count(c, "SELECT count(*) FROM future_order_links"), 1);

    // The indexes, less inbox_sender (and with inbox_quarantined, which
    // migration 0029 adds); no table left under its new name.
    assert_eq!(
        schema_of(c, "index", "orders"),
        ["orders_by_phase", "orders_live"]
    );
    assert_eq!(
        schema_of(c, "index", "spy_orders"),
        ["spy_orders_by_phase", "spy_orders_live"]
    );
    assert_eq!(
        schema_of(c, "index", "inbox"),
        [
            "inbox_answer",
            "inbox_new",
            "inbox_person",
            "inbox_quarantined",
            "sqlite_autoindex_inbox_1"
        ]
    );
    // (outbox_stranger: added by a later migration, 0028.)
    assert_eq!(
        schema_of(c, "index", "outbox"),
        ["outbox_due", "outbox_stranger", "sqlite_autoindex_outbox_1"]
    );
    assert_eq!(
        count(
            c,
            "SELECT count(*) FROM sqlite_master WHERE name LIKE '%0021%'"
        ),
        0
    );
    assert_eq!(
        count(c, "PRAGMA foreign_keys"),
        1,
        "foreign keys on after the migrations"
    );

    // The foreign keys of other tables hold on the new tables: deleting
    // an order or an outbox row cascades, an unknown inbox id is refused.
    c.execute("DELETE FROM attachments WHERE id = 31", [])
        .unwrap();
    c.execute_batch(
        "INSERT INTO attachments (id, outbox_id, filename, content_type, data)
             VALUES (32, 21, 'map.png', 'image/png', x'00');",
    )
    .unwrap();
    c.execute("DELETE FROM outbox WHERE id = 21", []).unwrap();
    assert_eq!(count(c, "SELECT count(*) FROM attachments"), 0);
    c.execute("UPDATE orders SET replaced_by = NULL WHERE id = 5", [])
        .unwrap();
    c.execute("DELETE FROM orders WHERE id = 7", []).unwrap();
    assert_eq!(count(c, "SELECT count(*) FROM future_order_links"), 0);
    assert!(
        c.execute(
            "INSERT INTO outbox (message_id, to_addr, subject, body, inbox_id, next_attempt_at,
                                 created_at)
             VALUES ('<x@judge>', 'a@x.org', 's', 'b', 999, 't', 't')",
            [],
        )
        .is_err(),
        "outbox.inbox_id still refers to inbox"
    );
    assert!(
        c.execute("UPDATE orders SET replaced_by = 999 WHERE id = 9", [])
            .is_err(),
        "orders.replaced_by still refers to orders"
    );
}

#[test]
fn migration_0021_checks_admit_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let st = crate::support::words::open_store(&dir.path().join("new.db")).unwrap();
    let c = st.conn();
    c.execute_batch(
        "INSERT INTO games (id, name, variant, settings, created_at)
             VALUES (1, 'g', 'standard', '{}', 't');
         INSERT INTO phases (id, game_id, seq, phase, position, status, started_at)
             VALUES (1, 1, 0, 'S1901M', '{}', 'current', 't');
         INSERT INTO inbox (id, dedup_key, sender, raw, size, received_at, source)
             VALUES (1, 'k', 's', x'00', 1, 't', 'src');",
    )
    .unwrap();
    let set = |sql: &str, v: &str| c.execute(sql, [v]).is_ok();
    let order = "INSERT INTO orders (phase_id, power, raw, parsed, submitted_by, submitted_at,
                                     status) VALUES (1, 'f', 'r', 'p', 'b', 't', ?1)";
    for s in ["live", "replaced", "withdrawn"] {
        assert!(set(order, s), "orders.status {s}");
    }
    for s in ["unreadable", "Live", "gone", ""] {
        assert!(!set(order, s), "orders.status {s} refused (parsed is set)");
    }
    let unreadable = "INSERT INTO orders (phase_id, power, raw, error, submitted_by,
                                          submitted_at, status)
                      VALUES (1, 'f', 'r', 'e', 'b', 't', ?1)";
    assert!(set(unreadable, "unreadable"));
    assert!(!set(unreadable, "live"));
    let spy = "INSERT INTO spy_orders (phase_id, power, raw, parsed, slot, status,
                                       submitted_by, submitted_at)
               VALUES (1, 'f', 'r', 'p', 'spy', ?1, 'b', 't')";
    for s in ["live", "replaced"] {
        assert!(set(spy, s), "spy_orders.status {s}");
    }
    for s in ["rejected", "withdrawn", "LIVE"] {
        assert!(!set(spy, s), "spy_orders.status {s} refused (no error)");
    }
    let inbox = "UPDATE inbox SET status = ?1 WHERE id = 1";
    for s in ["handled", "quarantined", "ignored", "new"] {
        assert!(set(inbox, s), "inbox.status {s}");
    }
    for s in ["done", "NEW"] {
        assert!(!set(inbox, s), "inbox.status {s} refused");
    }
    assert!(set("UPDATE inbox SET signon = ?1 WHERE id = 1", "failed"));
    assert!(!set("UPDATE inbox SET signon = ?1 WHERE id = 1", "bad"));
    assert!(set(
        "UPDATE inbox SET answer = ?1 WHERE id = 1",
        "size-note"
    ));
    assert!(!set("UPDATE inbox SET answer = ?1 WHERE id = 1", "note"));
    let outbox = "INSERT INTO outbox (message_id, to_addr, subject, body, status,
                                      next_attempt_at, created_at)
                  VALUES (?1 || '@judge', 'a@x.org', 's', 'b', ?1, 't', 't')";
    for s in ["queued", "sent", "failed"] {
        assert!(set(outbox, s), "outbox.status {s}");
    }
    assert!(!set(outbox, "bounced"));

    // The per-mail count of a person's recent mail reads the index alone.
    let plan: String = c
        .query_row(
            "EXPLAIN QUERY PLAN SELECT count(*) FILTER (WHERE signon IS NULL AND id <= 9),
                    count(*) FILTER (WHERE signon = 'failed')
             FROM inbox WHERE person = 'p' AND received_at > 't'",
            [],
            |r| r.get(3),
        )
        .unwrap();
    assert!(plan.contains("COVERING INDEX inbox_person"), "{plan}");

    // What the migration is for: no temporary table per write.
    for sql in [order, spy, inbox, outbox] {
        let mut q = c.prepare(&format!("EXPLAIN {sql}")).unwrap();
        let ops: Vec<String> = q
            .query_map(["live"], |r| r.get(1))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(!ops.iter().any(|o| o == "OpenEphemeral"), "{sql}: {ops:?}");
    }
}
