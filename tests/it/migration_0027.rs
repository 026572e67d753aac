//! Migration 0027 (issue 33): the secret log's typed records. A database
//! whose log was written before them is brought up to date: `game replay`
//! does not report the spy orders received before (their receipts were
//! never recorded as data) but checks every one received after, and the
//! old entries are chosen for a power by their `power` alone.

use dipspy::game::{self, Sender};
use rusqlite::Connection;

use crate::support::secret_log_game;
use secret_log_game::G;

/// `db` as the dipspy before 0027 left it: no records, and none of what
/// the migrations after it added (0028: password locks, the outbox's
/// stranger mark, one open OBSERVE request; 0029: the replies' languages,
/// the quarantine index, the outbox's deferral time; 0030: the web
/// pages' one-time links and mail copies); four migrations fewer.
fn before_0027(db: &std::path::Path) {
    let c = Connection::open(db).unwrap();
    c.execute_batch(
        "DROP TABLE secret_log_records; DROP TABLE spy_orders_unrecorded;
         DROP TABLE master_failures; DROP TABLE password_locks;
         DROP INDEX outbox_stranger; ALTER TABLE outbox DROP COLUMN stranger;
         DROP INDEX observe_requests_open;
         DROP TABLE reply_languages; DROP INDEX inbox_quarantined;
         ALTER TABLE outbox DROP COLUMN deferred_since;
         DROP TABLE web_links; DROP TABLE web_mail_copies;",
    )
    .unwrap();
    let v: i64 = c
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    c.pragma_update(None, "user_version", v - 4).unwrap();
}

#[test]
fn spy_orders_from_before_the_upgrade_are_left_alone_and_later_ones_checked() {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur", "SPY A mun"]);
    assert!(g.tick());
    assert!(!g.tick());
    assert_eq!(g.phase(), "F1901M");
    let db = g.copy("old");
    before_0027(&db);
    let mut st = crate::support::words::open_store(&db).unwrap();
    let (_, bad) = game::replay(&st, "g").unwrap();
    assert!(bad.is_empty(), "{bad:?}");
    // The old receipt is Germany's only by its power: France's.
    let de = game::secret_log(&st, "g", None, Some("germany")).unwrap();
    assert!(
        !de.iter()
            .any(|e| e.kind == "received" && e.text.contains("SPY A mun")),
        "{de:#?}"
    );
    // A spy order after the upgrade is recorded, and checked.
    let sender = Sender {
        from: Some("france@example.org".into()),
        message_id: None,
        ..Default::default()
    };
    let r = game::submit_orders(&mut st, "g", "france", "SPY A ber", None, &sender, g.now).unwrap();
    assert!(r.lines.iter().all(|l| l.error.is_none()), "{:?}", r.lines);
    let de = game::secret_log(&st, "g", None, Some("germany")).unwrap();
    assert!(
        de.iter()
            .any(|e| e.kind == "received" && e.text.contains("SPY A ber")),
        "{de:#?}"
    );
    drop(st);
    let c = Connection::open(&db).unwrap();
    c.execute(
        "UPDATE spy_orders SET power = 'italy' WHERE parsed IN ('SPY A mun', 'SPY A ber')",
        [],
    )
    .unwrap();
    drop(c);
    let st = crate::support::words::open_store(&db).unwrap();
    let (_, bad) = game::replay(&st, "g").unwrap();
    let shown: Vec<String> = bad
        .iter()
        .map(|b| dipspy::text::render_replay_mismatch(dipspy::text::Lang::En, &b.what))
        .collect();
    assert_eq!(shown.len(), 1, "only the order received after: {shown:?}");
    assert!(
        shown[0].contains("`SPY A ber` of Italy: owner stored `italy`"),
        "{shown:?}"
    );
}
