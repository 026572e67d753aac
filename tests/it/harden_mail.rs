//! Issue 23's operator slips where the transport matters, against the
//! real Dovecot and OpenSMTPD of `tests/it/support/mailstack.rs`: a second judge on the
//! same database is refused and every mail is answered once; a mail too
//! large to store is fetched only in part over IMAP and never blocks the
//! mail behind it.

use crate::support::mailstack;

use crate::support::maildir_judge::{dipspy, text};
use mailstack::{JUDGE, MailStack, Serve};
use std::path::Path;
use std::time::{Duration, Instant};

fn serve_once(cfg: &Path) -> std::process::Output {
    dipspy()
        .args(["serve", "--once", "--config"])
        .arg(cfg)
        .env("DIPSPY_LOG", "info")
        .output()
        .unwrap()
}

#[test]
fn two_judges_on_one_database_over_imap_one_is_refused_and_each_mail_is_answered_once() {
    let stack = MailStack::start();
    let cfg = stack.judge_config("");
    let mut first = Serve::start(&[], &cfg, &[]);
    first.wait_line("pass done");

    // The second judge, once or looping: refused at once, exit 2.
    for once in [true, false] {
        let t = Instant::now();
        let mut c = dipspy();
        c.arg("--config").arg(&cfg).arg("serve");
        if once {
            c.arg("--once");
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        // A judge that waited on the database (SQLite's busy timeout in
        // the store is 10 s) instead of being refused would take longer.
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert!(
            text(&out.stderr).contains("another dipspy serve is already running"),
            "{out:?}"
        );
    }
    // `tick` from cron beside it is still fine.
    let tick = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("tick")
        .output()
        .unwrap();
    assert!(tick.status.success(), "{tick:?}");

    // While it is refused, six mails, and one reply each.
    for i in 0..6 {
        stack.send_text("alice@example.org", "help", "HELP", &format!("two-{i}"));
        let again = serve_once(&cfg);
        assert_eq!(again.status.code(), Some(2), "{again:?}");
    }
    stack.wait_for("alice@example.org", 6);
    // Stopped, the judge has recorded everything it handed to the server:
    // six replies, one to each mail, and alice gets exactly those.
    first.terminate();
    let c = rusqlite::Connection::open(stack.db_path()).unwrap();
    let mut q = c
        .prepare(
            "SELECT message_id, inbox_id FROM outbox \
             WHERE to_addr = 'alice@example.org' AND status = 'sent'",
        )
        .unwrap();
    let rows: Vec<(String, Option<i64>)> = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 6, "one reply per mail: {rows:?}");
    let mut answered: Vec<_> = rows.iter().map(|(_, i)| *i).collect();
    answered.sort();
    answered.dedup();
    assert_eq!(answered.len(), 6, "each mail answered once: {rows:?}");
    let mut want: Vec<String> = rows.into_iter().map(|(m, _)| m).collect();
    want.sort();
    let mut got: Vec<String> = stack
        .wait_for("alice@example.org", 6)
        .iter()
        .filter_map(|(raw, _)| mailstack::header(raw, "Message-ID"))
        .collect();
    got.sort();
    assert_eq!(got, want, "alice got the six replies recorded, once each");
}

#[test]
fn an_imap_mail_too_large_to_store_is_fetched_in_part_and_the_next_is_answered() {
    let stack = MailStack::start();
    let cfg = stack.judge_config("[limits]\nmax_message_bytes = 65536\n");
    let mut big = format!(
        "From: bob@example.org\r\nTo: {JUDGE}\r\nSubject: huge\r\nMessage-ID: <huge@player.example.org>\r\n\r\n"
    );
    for _ in 0..40_000 {
        big.push_str(&"y".repeat(76));
        big.push_str("\r\n");
    }
    stack.send_raw("bob@example.org", JUDGE, big.as_bytes());
    stack.send_text("alice@example.org", "help", "HELP", "after-huge");
    stack.wait_for(JUDGE, 2);
    let out = serve_once(&cfg);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(stack.wait_for("alice@example.org", 1).len(), 1);

    let c = rusqlite::Connection::open(stack.db_path()).unwrap();
    let (stored, size, status, raw): (i64, i64, String, Vec<u8>) = c
        .query_row(
            "SELECT length(raw), size, status, raw FROM inbox WHERE sender = 'bob@example.org'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(status, "quarantined");
    assert!(size > 3_000_000, "the whole size is recorded: {size}");
    assert!(
        stored < 300 * 1024,
        "only the beginning is fetched and stored: {stored} bytes"
    );
    let raw = text(&raw);
    assert!(raw.contains("Subject: huge"), "the headers are kept");
    assert!(raw.contains("only its first"), "the cut is said");
    // It is flagged seen, so the next pass does not fetch it again.
    let again = serve_once(&cfg);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let n: i64 = c
        .query_row("SELECT count(*) FROM inbox", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2);
}
