//! A short game by mail with XOAUTH2 on the real stack (Dovecot's IMAP and
//! submission with its `oauth2` passdb, OpenSMTPD, the loopback provider
//! of tests/it/support/oauthstack.rs): the master creates and starts it by mail, the
//! players join and send orders; mid-game the server stops taking the
//! judge's access token and the judge renews it and goes on; then the
//! login is revoked: the judge stops, the master is told by the second
//! path (`[alert] command`), and the deadline waits; after a new login the
//! waiting orders are read and the phase is processed.

use crate::support::mailstack;
use crate::support::oauthstack;

use mailstack::{JUDGE, MailStack};
use oauthstack::{MASTER_PW, Provider, oauth_config, token_file, write_tokens};
use std::path::Path;
use std::process::Command;

const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];
const MASTER: &str = "master@example.org";
const T0: &str = "2025-03-01T12:00:00Z";

fn at(hours: i64) -> String {
    let t0: chrono::DateTime<chrono::Utc> = T0.parse().unwrap();
    (t0 + chrono::Duration::hours(hours)).to_rfc3339()
}

fn addr(p: &str) -> String {
    format!("{p}@example.org")
}

/// One pass of the judge at `now`: (succeeded, its log).
fn pass(cfg: &Path, now: &str) -> (bool, String) {
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

fn good_pass(cfg: &Path, now: &str) {
    let (ok, err) = pass(cfg, now);
    assert!(ok, "serve --once failed:\n{err}");
}

fn game(db: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .args(["game", "show", "g", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn phase(db: &Path) -> String {
    game(db)["phase"].as_str().unwrap().to_string()
}

/// `from` writes to the judge; waits until the judge's mailbox holds `n`.
fn write(stack: &MailStack, from: &str, body: &str, id: &str, n: usize) {
    stack.send_text(from, "orders", body, id);
    stack.wait_for(JUDGE, n);
}

#[test]
fn a_short_game_by_mail_with_xoauth2_survives_a_token_ending_and_stops_clearly_when_revoked() {
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    let alert_file = stack.path().join("alert.eml");
    let cfg = oauth_config(
        &stack,
        &p,
        &format!(
            "[alert]\ncommand = [\"sh\", \"-c\", \"cat > '{}'\"]\n",
            alert_file.display()
        ),
    );
    write_tokens(&token_file(&stack), &p.login_json());
    let db = stack.db_path();
    let mut n = 0;
    let next = |k: &mut usize| {
        *k += 1;
        *k
    };

    // The master creates the game, the players join, the master starts it.
    write(
        &stack,
        MASTER,
        &format!("MASTER {MASTER_PW}\nCREATE g deadline=48h reminder=0\n"),
        "create",
        next(&mut n),
    );
    good_pass(&cfg, &at(0));
    for pw in POWERS {
        let id = format!("join-{pw}");
        write(
            &stack,
            &addr(pw),
            &format!("JOIN {pw} g pw-{pw}\n"),
            &id,
            next(&mut n),
        );
    }
    good_pass(&cfg, &at(0));
    write(
        &stack,
        MASTER,
        &format!("MASTER {MASTER_PW}\nSTART g\n"),
        "start",
        next(&mut n),
    );
    good_pass(&cfg, &at(0));
    assert_eq!(phase(&db), "S1901M");
    // Every player heard of the start (their join's answer and the start).
    for pw in POWERS {
        assert!(stack.wait_for(&addr(pw), 2).len() >= 2);
    }
    assert_eq!(p.grants("refresh_token"), 0);

    // Mid-game the server stops taking the judge's token (it has ended
    // there): renewed once, the orders are read and answered.
    p.end_access_tokens();
    write(
        &stack,
        &addr("france"),
        "SIGNON F g pw-france\nA par - bur\nA mar H\nF bre - mao\n",
        "orders-f",
        next(&mut n),
    );
    good_pass(&cfg, &at(1));
    assert_eq!(p.grants("refresh_token"), 1);
    assert!(stack.wait_for(&addr("france"), 3).len() >= 3);
    // The deadline passes: the phase is processed with France's orders.
    good_pass(&cfg, &at(49));
    assert_eq!(phase(&db), "F1901M");

    // The person withdraws the app's access: the judge stops, tells the
    // master by the second path, and the next deadline waits.
    p.revoke_everything();
    write(
        &stack,
        &addr("germany"),
        "SIGNON G g pw-germany\nA mun - bur\n",
        "orders-g",
        next(&mut n),
    );
    let (ok, err) = pass(&cfg, &at(100));
    assert!(!ok, "{err}");
    assert!(err.contains("run `dipspy oauth login`"), "{err}");
    let alert = std::fs::read_to_string(&alert_file).expect("no alert by [alert] command");
    assert!(alert.contains("To: master@example.org"), "{alert}");
    assert!(alert.contains("run `dipspy oauth login`"), "{alert}");
    assert!(alert.contains("deadlines wait"), "{alert}");
    assert_eq!(
        phase(&db),
        "F1901M",
        "a deadline went by with the mailbox unread"
    );
    let refreshes = p.grants("refresh_token");
    let (ok, _) = pass(&cfg, &at(101));
    assert!(!ok);
    assert_eq!(
        p.grants("refresh_token"),
        refreshes,
        "retried a revoked login"
    );

    // A new login (`dipspy oauth login` writes the file): Germany's
    // waiting orders are read, and the overdue phase is processed.
    write_tokens(&token_file(&stack), &p.login_json());
    good_pass(&cfg, &at(102));
    assert_ne!(phase(&db), "F1901M");
    let inbox = stack.inbox(JUDGE);
    assert!(inbox.iter().all(|(_, seen)| *seen));
}
