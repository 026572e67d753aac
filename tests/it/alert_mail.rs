//! `[alert]` on the real mail stack: while the judge's mailbox cannot be
//! read and its own SMTP login fails, the master's notice goes out by a
//! second SMTP account used only for alerts, and the deadlines wait
//! instead of being processed as if the players had sent nothing.

use crate::support::mailstack;

use mailstack::{MailStack, PASSWORD};
use std::path::Path;
use std::process::Command;

const T0: &str = "2025-01-10T12:00:00Z";

fn at(hours: i64) -> String {
    let t0: chrono::DateTime<chrono::Utc> = T0.parse().unwrap();
    (t0 + chrono::Duration::hours(hours)).to_rfc3339()
}

fn dipspy(db: &Path, now: &str, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .args(["--now", now])
        .args(args)
        .env("DIPSPY_LOG", "info")
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn phase(db: &Path) -> String {
    let (ok, out) = dipspy(db, T0, &["game", "show", "g", "--json"]);
    assert!(ok, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["phase"].as_str().unwrap().to_string()
}

fn serve_once(cfg: &Path, now: &str) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(["--now", now, "serve", "--once", "--config"])
        .arg(cfg)
        .env("DIPSPY_LOG", "info")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn while_the_mailbox_fails_deadlines_wait_and_the_master_is_told_by_a_second_smtp_account() {
    let stack = MailStack::start();
    let db = stack.db_path();
    // The judge's own SMTP login fails too: only the alert account works.
    let alert = format!(
        "[alert.smtp]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\ntimeout_seconds = 5\n",
        stack.smtp_port
    );
    let cfg = stack.judge_config_smtp(&stack.submission_smtp("starttls", "wrong", true), &alert);
    let good = std::fs::read_to_string(&cfg).unwrap().replacen(
        "address = \"judge@example.org\"\n",
        "address = \"judge@example.org\"\nmaster_address = \"master@example.org\"\nalert_after = \"1h\"\n",
        1,
    );
    let bad_imap = good.replacen(
        &format!("password = \"{PASSWORD}\"\nfolder"),
        "password = \"wrong\"\nfolder",
        1,
    );
    assert_ne!(good, bad_imap);
    std::fs::write(&cfg, &bad_imap).unwrap();

    // A game whose first deadline is an hour after T0.
    let (ok, out) = dipspy(&db, T0, &["game", "create", "g", "--deadline", "1h"]);
    assert!(ok, "{out}");
    for p in mailstack::USERS[5..].iter() {
        let email = format!("{p}@example.org");
        let (ok, out) = dipspy(
            &db,
            T0,
            &[
                "game",
                "join",
                "g",
                p,
                "--email",
                &email,
                "--password",
                "pw",
            ],
        );
        assert!(ok, "{out}");
    }
    let (ok, out) = dipspy(&db, T0, &["game", "start", "g"]);
    assert!(ok, "{out}");
    let first = phase(&db);

    // Past the deadline, the mailbox unreadable: the phase waits.
    let (ok, err) = serve_once(&cfg, &at(2));
    assert!(!ok);
    assert!(
        err.contains("deadlines wait until the judge's mailbox can be read again"),
        "{err}"
    );
    assert_eq!(phase(&db), first);
    // An hour of failing later: the master is told, by the alert account.
    let (ok, err) = serve_once(&cfg, &at(3));
    assert!(!ok);
    assert!(err.contains("the master's notice sent by [alert]"), "{err}");
    let got = stack.wait_for("master@example.org", 1);
    let body = String::from_utf8_lossy(&got[0].0).into_owned();
    assert!(body.contains("fetching mail failed"), "{body}");
    assert!(body.contains("deadlines wait"), "{body}");
    assert_eq!(phase(&db), first);

    // The mailbox readable again: the overdue phase is processed.
    std::fs::write(&cfg, &good).unwrap();
    let _ = serve_once(&cfg, &at(4));
    assert_ne!(phase(&db), first);
}
