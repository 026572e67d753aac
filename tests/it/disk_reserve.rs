//! Issue 34 item 8, the disk: the reserve is kept mail by mail (40 large
//! stranger mails cannot take the room a player's orders need), quarantined
//! mail is purged after `quarantine_days`, and a pass the database could
//! not take (its disk full) is still reported by `dipspy status`, exit 1.
//!
//! No real disk is filled: the database's "disk" is its own page limit
//! (`PRAGMA max_page_count`, on the connection the judge's pass uses), so
//! SQLite fails with its real "database or disk is full" when it is
//! reached, and the judge's free-space probe is told the same room
//! ([`FreeSpace`] is the hook the serve loop takes).

use crate::support::common;

use crate::support::maildir_judge::{dipspy, mail as deliver, maildir_config, text};
use common::Judge;
use dipspy::config::Config;
use dipspy::mail::FreeSpace;
use dipspy::mail::{DEFAULT_MIN_FREE_BYTES, Server};
use dipspy::store::{Store, Tx};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A Maildir judge on the database `db`, its Maildirs in `dir` (incoming
/// `in`, outgoing `out`), with `extra` appended; returns the file.
fn maildir_judge(dir: &Path, db: &Path, extra: &str) -> PathBuf {
    maildir_config(dir, db, Some(1), "", extra)
}

/// The mails delivered to `who`, as text.
fn delivered(dir: &Path, who: &str) -> Vec<String> {
    match std::fs::read_dir(dir.join("out").join(who).join("new")) {
        Ok(d) => d
            .map(|e| text(&std::fs::read(e.unwrap().path()).unwrap()))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// The room of a database that may not grow past `max_pages` pages: the
/// pages it may still take plus those free inside it. Remembers the least
/// room it told.
struct PageLimit {
    max_pages: u64,
    least: Arc<Mutex<u64>>,
}

impl FreeSpace for PageLimit {
    fn free_bytes(&self, db: &Tx<'_>) -> std::io::Result<u64> {
        let (pages, free_pages, page_size) = db.page_counts().unwrap();
        let free = (self.max_pages.saturating_sub(pages) + free_pages) * page_size;
        let mut least = self.least.lock().unwrap();
        *least = (*least).min(free);
        Ok(free)
    }

    fn place(&self) -> String {
        "the test's 40 MB disk".into()
    }
}

/// Limits the database on `st`'s connection to `bytes`; the page count.
fn limit(st: &Store, bytes: u64) -> u64 {
    let c = st.conn();
    let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    let pages = bytes / size as u64;
    let set: i64 = c
        .query_row(&format!("PRAGMA max_page_count = {pages}"), [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(set as u64, pages);
    pages
}

#[test]
fn forty_large_stranger_mails_leave_the_room_a_players_orders_need() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let d = j.dir.path();
    let cfg = maildir_judge(d, &j.db, "");
    // 40 strangers' mails of 1,000,000 bytes, then France's orders.
    let line = "All work and no play makes a dull judge, over and over again.\r\n";
    let big = line.repeat(1_000_000 / line.len());
    let strangers: Vec<(PathBuf, Vec<u8>)> = (0..40)
        .map(|i| {
            let f = deliver(
                d,
                &format!("stranger{i}@elsewhere.org"),
                &format!("s{i}"),
                &big,
            );
            let bytes = std::fs::read(&f).unwrap();
            (f, bytes)
        })
        .collect();
    deliver(
        d,
        "france@example.org",
        "orders",
        "SIGNON F g pw\nA par - bur\n",
    );

    let mut st = crate::support::words::open_store(&j.db).unwrap();
    let max_pages = limit(&st, 40_000_000);
    let least = Arc::new(Mutex::new(u64::MAX));
    let config = Config::load(&cfg).unwrap();
    let mut server = Server::new(&config).unwrap();
    server.watch_free_space(
        Box::new(PageLimit {
            max_pages,
            least: least.clone(),
        }),
        DEFAULT_MIN_FREE_BYTES,
    );
    let now = common::NOW.parse().unwrap();
    let sum = server.pass(&mut st, now);
    drop(server);
    drop(st);

    // The reserve held, mail by mail; SQLite never ran out of room.
    let least = *least.lock().unwrap();
    assert!(least >= DEFAULT_MIN_FREE_BYTES, "{least} bytes left");
    let failures = sum.failures.join("\n");
    assert!(!failures.contains("full"), "{failures}");
    assert!(failures.contains("the disk is short"), "{failures}");
    // The mail that did not fit waits in the Maildir, untouched.
    let left: Vec<&(PathBuf, Vec<u8>)> = strangers.iter().filter(|(f, _)| f.exists()).collect();
    assert!(!left.is_empty() && left.len() < 40, "{} left", left.len());
    for (f, bytes) in &left {
        assert_eq!(&std::fs::read(f).unwrap(), bytes, "{}", f.display());
    }
    assert_eq!(sum.fetched, 40 - left.len() + 1, "{sum:?}");
    // France's orders were stored, handled and answered.
    let reply: Vec<String> = delivered(d, "france@example.org")
        .into_iter()
        .filter(|m| m.contains("In-Reply-To: <orders@example.org>"))
        .collect();
    assert_eq!(reply.len(), 1, "{sum:?}");
    assert!(reply[0].contains("A par - bur"), "{}", reply[0]);
    let orders = j.ok(&["orders", "show", "g", "france"]);
    assert!(orders.contains("A par - bur"), "{orders}");
}

#[test]
fn quarantined_mail_is_purged_after_quarantine_days() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("judge.db");
    for (extra, days) in [("", 30), ("[limits]\nquarantine_days = 2\n", 2)] {
        let cfg = maildir_judge(d.path(), &db, extra);
        // A mail with no sender address is quarantined.
        let raw =
            "To: judge@example.org\r\nSubject: who?\r\nMessage-ID: <anon-{days}@x>\r\n\r\nHELP\r\n"
                .replace("{days}", &days.to_string());
        dipspy::mail::deliver_to_maildir(&d.path().join("in"), raw.as_bytes()).unwrap();
        let at = |day: i64| {
            let t: chrono::DateTime<chrono::Utc> = "2025-03-01T12:00:00Z".parse().unwrap();
            (t + chrono::Duration::days(day)).to_rfc3339()
        };
        let serve = |day: i64| {
            let out = dipspy()
                .arg("--config")
                .arg(&cfg)
                .args(["--now", &at(day), "serve", "--once"])
                .output()
                .unwrap();
            assert!(out.status.success(), "{out:?}");
        };
        let listed = |day: i64| {
            let out = dipspy()
                .arg("--config")
                .arg(&cfg)
                .args(["--now", &at(day), "quarantine", "list"])
                .output()
                .unwrap();
            assert!(out.status.success(), "{out:?}");
            text(&out.stdout)
        };
        serve(0);
        assert!(
            listed(0).contains("no readable From address"),
            "{}",
            listed(0)
        );
        serve(days - 1);
        assert!(
            listed(days - 1).contains("no readable From"),
            "day {}",
            days - 1
        );
        serve(days + 1);
        assert_eq!(
            listed(days + 1).trim(),
            "No quarantined mail.",
            "day {}",
            days + 1
        );
    }
}

#[test]
fn a_pass_the_full_database_could_not_take_is_reported_by_status() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("judge.db");
    let cfg = maildir_judge(d.path(), &db, "");
    let config = Config::load(&cfg).unwrap();
    let mut st = crate::support::words::open_store(&db).unwrap();
    let mut server = Server::new(&config).unwrap();
    server.record_beside(&db);
    let t0: chrono::DateTime<chrono::Utc> = "2025-03-01T12:00:00Z".parse().unwrap();
    // A good pass first: the judge is healthy.
    assert_eq!(server.pass(&mut st, t0).failures, Vec::<String>::new());
    let status = || {
        dipspy()
            .arg("--config")
            .arg(&cfg)
            .arg("status")
            .output()
            .unwrap()
    };
    let out = status();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // Now the database's disk is full: not one page more, and the last
    // page of the judge's own records filled (a new record goes there).
    let pages: i64 = st
        .conn()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    limit(&st, pages as u64 * 4096);
    let mut size = 2048;
    let mut n = 0;
    while size > 0 {
        let filler = "f".repeat(size);
        let r = st.conn().execute(
            "INSERT INTO judge_state (key, value) VALUES (?1, ?2)",
            rusqlite::params![format!("test-filler-{n}"), filler],
        );
        n += 1;
        if r.is_err() {
            size /= 2;
        }
    }
    // A mail too large for the room left in any page.
    deliver(
        d.path(),
        "anne@example.org",
        "full",
        &"HELP\r\n".repeat(20_000),
    );
    let sum = server.pass(&mut st, t0 + chrono::Duration::minutes(5));
    let failures = sum.failures.join("\n");
    assert!(failures.contains("database or disk is full"), "{failures}");
    assert!(failures.contains("recording the pass"), "{failures}");
    drop(server);
    drop(st);
    let out = status();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = text(&out.stdout);
    assert!(said.contains("needs attention"), "{said}");
    assert!(said.contains("Last pass: 2025-03-01T12:05:00Z"), "{said}");
    assert!(said.contains("database or disk is full"), "{said}");
}
