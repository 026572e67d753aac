//! Running a judge for months (issue 15, in part): a consistent backup of
//! the database while the judge runs, and its restore.

use crate::support::common;
use crate::support::stepped;

use crate::support::maildir_judge::{dipspy, maildir_config};
use common::Judge;
use std::process::Command;
use stepped::Stepped;

/// `dipspy --db DB ARGS…`, run to the end.
fn on(db: &std::path::Path, args: &[&str]) -> std::process::Output {
    dipspy().arg("--db").arg(db).args(args).output().unwrap()
}

/// A judge on Maildirs in `dir` (incoming `in`, outgoing `out`, database
/// `judge.db`), with `judge` and `extra` added to its `[judge]` table and
/// to the end; returns the configuration file.
fn maildir_judge(dir: &std::path::Path, judge: &str, extra: &str) -> std::path::PathBuf {
    maildir_config(dir, std::path::Path::new("judge.db"), None, judge, extra)
}

#[test]
fn a_backup_taken_while_the_judge_writes_is_consistent_and_restores() {
    let j = Judge::new();
    j.started_game("g", &[]);
    j.submit("g", "france", &["A par - bur"]);
    let dir = tempfile::tempdir().unwrap();

    // Another writer holds a transaction open: the copy is the database
    // as committed, without the half-done change, and is not held up.
    let writer = j.sqlite();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    writer
        .execute("UPDATE games SET status = 'paused' WHERE name = 'g'", [])
        .unwrap();
    let copy = dir.path().join("copy.db");
    let out = on(&j.db, &["backup", copy.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("(1 games,") && said.contains("integrity check ok"),
        "{said}"
    );
    writer.execute_batch("COMMIT").unwrap();

    // The copy is a whole games database: the game as it was, its orders,
    // its history replaying.
    let show = on(&copy, &["game", "show", "g", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&show.stdout).unwrap();
    assert_eq!(v["status"], "active", "the uncommitted pause is not in it");
    let orders = on(&copy, &["orders", "show", "g", "france"]);
    assert!(String::from_utf8_lossy(&orders.stdout).contains("A par - bur"));
    let replay = on(&copy, &["game", "replay", "g"]);
    assert!(replay.status.success(), "{replay:?}");

    // A backup never overwrites.
    let again = on(&j.db, &["backup", copy.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));

    // Restore: the copy put in the database's place.
    let restored = dir.path().join("restored.db");
    std::fs::copy(&copy, &restored).unwrap();
    let show = on(&restored, &["game", "show", "g"]);
    assert!(show.status.success());
}

/// The judge is held in the middle of a pass (at `queued`, its lock on
/// the database held) while the backup is taken; let go, it comes round to
/// its next pass, undisturbed, and stops on SIGTERM as usual.
#[test]
fn a_backup_is_taken_while_dipspy_serve_runs() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "", "");
    let text = std::fs::read_to_string(&cfg).unwrap();
    let text = text.replace(
        "transport = \"maildir\"\n",
        "transport = \"maildir\"\npoll_seconds = 1\n",
    );
    std::fs::write(&cfg, text).unwrap();
    let db = d.path().join("judge.db");
    let ok = on(&db, &["game", "create", "backedup"]);
    assert!(ok.status.success());
    let mut cmd = dipspy();
    cmd.args(["serve", "--config"]).arg(&cfg);
    let mut serve = Stepped::start(cmd, "queued", d.path());
    serve.wait_paused();
    let out = dipspy()
        .arg("--db")
        .arg(&db)
        .arg("backup")
        .arg(d.path().join("b.db"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // The judge was not stopped or disturbed by the backup: it finishes
    // its pass and comes to the next.
    serve.release();
    serve.wait_paused();
    serve.sigterm();
    serve.release();
    let (status, _) = serve.wait_exit();
    assert!(status.success(), "{status}: {}", serve.said());
    // The copy is a database holding the game.
    let games = on(&d.path().join("b.db"), &["game", "list"]);
    assert!(games.status.success(), "{games:?}");
    assert!(
        String::from_utf8_lossy(&games.stdout).contains("backedup"),
        "{games:?}"
    );
}

#[test]
fn status_tells_a_healthy_judge_from_one_that_needs_attention() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "", "");
    let db = d.path().join("judge.db");
    let status = |json: bool| {
        let mut c = dipspy();
        c.arg("--db")
            .arg(&db)
            .arg("--now")
            .arg("2025-03-02T12:00:00Z")
            .arg("status");
        if json {
            c.arg("--json");
        }
        c.output().unwrap()
    };
    // Never ran: not healthy.
    let out = status(false);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("never completed a pass"));

    // A game, a pass, a quarantined mail (no sender).
    let ok = on(&db, &["game", "create", "g"]);
    assert!(ok.status.success());
    dipspy::mail::deliver_to_maildir(&d.path().join("in"), b"Subject: x\n\nno sender\n").unwrap();
    let pass = dipspy()
        .args([
            "--now",
            "2025-03-02T11:00:00Z",
            "serve",
            "--once",
            "--config",
        ])
        .arg(&cfg)
        .output()
        .unwrap();
    assert!(pass.status.success(), "{pass:?}");
    let out = status(false);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("The judge is healthy."), "{text}");
    assert!(text.contains("Last pass: 2025-03-02T11:00:00Z"), "{text}");
    assert!(text.contains("Quarantined in the last day: 1"), "{text}");
    assert!(text.contains("(no sender)"), "{text}");
    assert!(text.contains("Games: 1 forming"), "{text}");

    // Mail that cannot be sent: the judge needs attention, and says why.
    let st = crate::support::words::open_store(&db).unwrap();
    st.conn()
        .execute(
            "INSERT INTO outbox (message_id, to_addr, subject, body, status, attempts,
                                 next_attempt_at, last_error, created_at)
             VALUES ('<x@y>', 'anne@example.org', 'Re: orders', 'b', 'queued', 2,
                     '2025-03-02T12:30:00Z', '421 try later', '2025-03-02T10:00:00Z')",
            [],
        )
        .unwrap();
    let out = status(true);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outbox_retrying"][0]["last_error"], "421 try later");
    assert_eq!(v["quarantined"].as_array().unwrap().len(), 1);
}

#[test]
fn a_mail_quarantined_by_mistake_is_listed_shown_and_released_once() {
    let d = tempfile::tempdir().unwrap();
    let inc = d.path().join("in");
    let cfg = maildir_judge(d.path(), "", "[limits]\nper_sender_per_hour = 1\n");
    for n in 1..=2 {
        let m =
            format!("From: anne@example.org\nSubject: list {n}\nMessage-ID: <q{n}@x>\n\nLIST\n");
        dipspy::mail::deliver_to_maildir(&inc, m.as_bytes()).unwrap();
    }
    let serve = |at: &str| {
        let out = dipspy()
            .args(["--now", at, "serve", "--once", "--config"])
            .arg(&cfg)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    serve("2025-03-02T11:00:00Z");
    let replies = || {
        std::fs::read_dir(d.path().join("out/anne@example.org/new"))
            .map(|r| r.count())
            .unwrap_or(0)
    };
    assert_eq!(replies(), 1, "the second mail is past the rate limit");
    let q = |args: &[&str]| {
        dipspy()
            .arg("--config")
            .arg(&cfg)
            .args(["--now", "2025-03-02T11:05:00Z", "quarantine"])
            .args(args)
            .output()
            .unwrap()
    };
    let list = q(&["list", "--json"]);
    let l: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert_eq!(l.as_array().unwrap().len(), 1);
    assert!(l[0]["reason"].as_str().unwrap().contains("rate limit"));
    let id = l[0]["id"].as_i64().unwrap().to_string();
    let show = String::from_utf8_lossy(&q(&["show", &id]).stdout).into_owned();
    assert!(
        show.contains("Subject: list 2") && show.contains("LIST"),
        "{show}"
    );
    let rel = q(&["release", &id]);
    assert!(rel.status.success(), "{rel:?}");
    assert!(String::from_utf8_lossy(&rel.stdout).contains("handled"));
    // Once only.
    let again = q(&["release", &id]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("no quarantined mail"));
    // Its reply goes out with the next pass.
    serve("2025-03-02T11:10:00Z");
    assert_eq!(replies(), 2);
    let list = String::from_utf8_lossy(&q(&["list"]).stdout).into_owned();
    assert!(list.contains("No quarantined mail."), "{list}");
}

#[test]
fn the_systemd_unit_runs_serve_restarts_on_failure_and_verifies() {
    let d = tempfile::tempdir().unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(&cfg, "").unwrap();
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("systemd-unit")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let unit = String::from_utf8(out.stdout).unwrap();
    let exe = std::fs::canonicalize(env!("CARGO_BIN_EXE_dipspy")).unwrap();
    for want in [
        format!(
            "ExecStart={} --config {} serve",
            exe.display(),
            cfg.display()
        ),
        "Restart=on-failure".into(),
        "EnvironmentFile=-/etc/dipspy/secrets.env".into(),
        "ProtectSystem=strict".into(),
        "NoNewPrivileges=yes".into(),
        "User=dipspy".into(),
        "WantedBy=multi-user.target".into(),
    ] {
        assert!(unit.contains(&want), "lacks {want}:\n{unit}");
    }
    // systemd's own check (Debian's systemd package; tests/run.sh installs
    // it): it must accept the unit, and reject a broken copy, or it checks
    // nothing.
    let file = d.path().join("dipspy.service");
    std::fs::write(&file, &unit).unwrap();
    let verify = |f: &std::path::Path| {
        Command::new("systemd-analyze")
            .arg("verify")
            .arg(f)
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "systemd-analyze cannot be run ({e}): run tests/run.sh, which installs \
                     it, or: apt-get install -y systemd"
                )
            })
    };
    let v = verify(&file);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    let bad = d.path().join("bad.service");
    std::fs::write(
        &bad,
        unit.replace("Restart=on-failure", "Restart=sometimes"),
    )
    .unwrap();
    let v = verify(&bad);
    assert!(String::from_utf8_lossy(&v.stderr).contains("sometimes"));
    // Without --config there is nothing to run.
    let out = dipspy().arg("systemd-unit").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn failing_mail_is_logged_once_and_the_master_is_told_then_told_it_recovered() {
    let d = tempfile::tempdir().unwrap();
    let inc = d.path().join("in");
    std::fs::create_dir_all(inc.join("new")).unwrap();
    // Anne's Maildir is a file: nothing can be delivered to her.
    std::fs::create_dir_all(d.path().join("out")).unwrap();
    std::fs::write(d.path().join("out/anne@example.org"), "not a folder").unwrap();
    let cfg = maildir_judge(
        d.path(),
        "master_address = \"gm@example.org\"\nalert_after = \"2m\"\n",
        "",
    );
    dipspy::mail::deliver_to_maildir(&inc, b"From: anne@example.org\nSubject: hi\n\nLIST\n")
        .unwrap();
    let pass = |at: &str| {
        let out = dipspy()
            .args(["--now", at, "serve", "--once", "--config"])
            .arg(&cfg)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let logged = |log: &str| log.contains("the judge's pass failed");
    let (code, log) = pass("2025-03-02T11:00:00Z");
    assert_eq!(code, Some(1), "{log}");
    assert!(logged(&log), "the failure is logged when it starts: {log}");
    let (code, log) = pass("2025-03-02T11:01:00Z");
    assert_eq!(code, Some(1));
    assert!(!logged(&log), "the same failure is not logged again: {log}");
    let outbox_to_gm = || -> Vec<String> {
        let st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
        dipspy::mail::outbox_rows(&st.read())
            .unwrap()
            .into_iter()
            .filter(|r| r.to == "gm@example.org")
            .map(|r| r.subject)
            .collect()
    };
    assert!(outbox_to_gm().is_empty(), "not yet two minutes");
    pass("2025-03-02T11:03:00Z");
    assert_eq!(outbox_to_gm(), ["dipspy: the judge's mail is failing"]);
    pass("2025-03-02T11:04:00Z");
    assert_eq!(outbox_to_gm().len(), 1, "told once");

    // Mended: everything waiting goes out, and the master hears it works.
    std::fs::remove_file(d.path().join("out/anne@example.org")).unwrap();
    let (code, log) = pass("2025-03-02T12:00:00Z");
    assert_eq!(code, Some(0), "{log}");
    let (code, _) = pass("2025-03-02T12:01:00Z");
    assert_eq!(code, Some(0));
    let gm: Vec<String> = std::fs::read_dir(d.path().join("out/gm@example.org/new"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(gm.len(), 2, "{gm:#?}");
    assert!(gm.iter().any(|m| m.contains("the judge's mail is failing")));
    assert!(gm.iter().any(|m| m.contains("works again")));
    assert!(
        d.path()
            .join("out/anne@example.org/new")
            .read_dir()
            .unwrap()
            .count()
            == 1
    );
}
