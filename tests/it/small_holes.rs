//! Issue 34 item 9, the smaller holes, through `dipspy serve --once` on
//! Maildirs and a real SQLite file: SET LANGUAGE for a power needs its
//! sign-on; press cannot pass for the judge's words; a quoted local part
//! is read as RFC 5322 says and written back with its quotes where they
//! are needed (over SMTP too, to a scripted server); a reply that cannot
//! be addressed is skipped without failing the pass; `tick` and the other
//! commands never make a database on a wrong `--db`.

use crate::support::common;
use crate::support::smtp_script;

use crate::support::maildir_judge::{self, dipspy, maildir_config, text};
use common::Judge;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A Maildir judge on `j`'s database (incoming `in`, outgoing `out` in
/// its folder); returns the configuration file.
fn maildir_judge(j: &Judge) -> PathBuf {
    maildir_config(j.dir.path(), &j.db, Some(1), "", "")
}

/// Puts a mail with the `From:` header `from` into the incoming Maildir.
fn mail(j: &Judge, from: &str, id: &str, body: &str) {
    maildir_judge::mail(j.dir.path(), from, id, body);
}

fn serve_once(j: &Judge, cfg: &Path) -> Output {
    dipspy()
        .arg("--config")
        .arg(cfg)
        .args(["--now", &j.now, "serve", "--once"])
        .env("DIPSPY_LOG", "info")
        .output()
        .unwrap()
}

/// A mail as its reader sees it.
struct Got {
    subject: String,
    /// The `To:` header as written.
    to: String,
    /// The text, decoded.
    body: String,
    /// The whole mail, raw.
    raw: String,
}

/// The mails delivered to the Maildir of `who`, oldest first.
fn delivered(j: &Judge, who: &str) -> Vec<Got> {
    let dir = j.dir.path().join("out").join(who).join("new");
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(d) => d.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
        .iter()
        .map(|f| {
            let raw = std::fs::read(f).unwrap();
            let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
            Got {
                subject: m.subject().unwrap_or("").to_string(),
                to: m.header_raw("To").unwrap_or("").trim().to_string(),
                body: m.body_text(0).unwrap_or_default().replace("\r\n", "\n"),
                raw: text(&raw),
            }
        })
        .collect()
}

#[test]
fn set_language_for_a_power_needs_its_sign_on() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let cfg = maildir_judge(&j);
    let france = "france@example.org";
    // Anybody can write under France's From: without the sign-on, only
    // the replies to this address change.
    mail(&j, france, "forged", "SET LANGUAGE de");
    let out = serve_once(&j, &cfg);
    assert!(out.status.success(), "{out:?}");
    let reply = &delivered(&j, france)[0].body;
    assert!(
        reply.contains("ab jetzt beantwortet der Judge Ihre Post auf Deutsch"),
        "{reply}"
    );
    j.ok(&["game", "pause", "g"]);
    serve_once(&j, &cfg);
    let got = delivered(&j, france);
    assert_eq!(got.last().unwrap().subject, "dipspy g: the game is paused");
    // A reply to France's own mail is in German.
    mail(&j, france, "help", "HELP");
    serve_once(&j, &cfg);
    let help = delivered(&j, france).pop().unwrap().body;
    assert!(help.starts_with("Zeile 1: HELP"), "{help}");

    // With the sign-on, the power's mail changes too.
    mail(&j, france, "signed", "SIGNON F g pw\nSET LANGUAGE de");
    serve_once(&j, &cfg);
    let reply = delivered(&j, france).pop().unwrap().body;
    assert!(
        reply.contains("ab jetzt schreibt Ihnen der Judge auf Deutsch"),
        "{reply}"
    );
    j.ok(&["game", "resume", "g"]);
    serve_once(&j, &cfg);
    let got = delivered(&j, france);
    assert_eq!(
        got.last().unwrap().subject,
        "dipspy g: die Partie geht weiter"
    );
    // An address that plays no power sets its own language.
    mail(&j, "anne@example.org", "anne", "SET LANGUAGE fr");
    serve_once(&j, &cfg);
    let anne = &delivered(&j, "anne@example.org")[0].body;
    assert!(
        anne.contains("désormais, l'arbitre vous écrit en français"),
        "{anne}"
    );
}

/// Press that tries to hide or reorder itself, and to read as the judge's
/// own lines.
const HOSTILE: &str = "Hello England.\u{202e}dnalgnE\u{202c} \u{2066}x\u{2069}\u{200b}\u{200d}\u{feff}\u{2028}\
                       OK: your password was changed\n\nLine 1: SIGNON F g\n  OK: signed on";

#[test]
fn press_cannot_pass_for_the_judges_words() {
    let j = Judge::new();
    j.started_game("g", &["--press", "grey"]);
    let cfg = maildir_judge(&j);
    mail(
        &j,
        "france@example.org",
        "white",
        &format!("SIGNON F g pw\nPRESS TO E\n{HOSTILE}\nENDPRESS"),
    );
    mail(
        &j,
        "germany@example.org",
        "grey",
        "SIGNON G g pw\nPRESS TO E ANON\nOK: your orders were cleared\nENDPRESS",
    );
    let out = serve_once(&j, &cfg);
    assert!(out.status.success(), "{out:?}");
    let got = delivered(&j, "england@example.org");
    let subjects: Vec<&str> = got.iter().map(|m| m.subject.as_str()).collect();
    let signed = got
        .iter()
        .find(|m| m.subject == "Press in game g from France")
        .unwrap_or_else(|| panic!("{subjects:?}"));
    let body = &signed.body;
    for c in [
        '\u{202e}', '\u{202c}', '\u{2066}', '\u{2069}', '\u{200b}', '\u{200d}', '\u{feff}',
        '\u{2028}',
    ] {
        assert!(!body.contains(c), "U+{:04X} reached England", c as u32);
    }
    assert!(
        body.contains(
            "\n-- Press written by: France (not by the judge); each line of it is marked \"|\" --\n\
             | Hello England.dnalgnE x\n\
             | OK: your password was changed\n\
             |\n\
             | Line 1: SIGNON F g\n\
             | OK: signed on\n"
        ),
        "{body}"
    );
    // No line of the press stands as a line of the judge's.
    for l in body.lines() {
        assert!(!l.starts_with("OK") && !l.starts_with("Line 1"), "{l:?}");
    }
    // Unsigned press names no sender, in the judge's line neither.
    let grey = got
        .iter()
        .find(|m| m.subject == "Press in game g from an anonymous power")
        .unwrap_or_else(|| panic!("{subjects:?}"));
    assert!(
        grey.body.contains(
            "-- Press written by: an anonymous power (not by the judge); each line of it is \
             marked \"|\" --\n| OK: your orders were cleared"
        ),
        "{}",
        grey.body
    );
    assert!(!grey.raw.contains("Germany"), "{}", grey.raw);
}

#[test]
fn a_quoted_local_part_is_read_and_written_back_as_rfc_5322_says() {
    let j = Judge::new();
    let cfg = maildir_judge(&j);
    mail(&j, "\"france\"@example.org", "plain", "HELP");
    mail(&j, "Player <\"a b\"@example.org>", "spaced", "HELP");
    let out = serve_once(&j, &cfg);
    assert!(out.status.success(), "{out:?}");
    let plain = delivered(&j, "france@example.org");
    assert_eq!(plain.len(), 1, "{out:?}");
    assert_eq!(plain[0].to, "france@example.org");
    let spaced = delivered(&j, "\"a b\"@example.org");
    assert_eq!(spaced.len(), 1, "{out:?}");
    assert_eq!(spaced[0].to, "\"a b\"@example.org");
    let c = j.sqlite();
    let senders: Vec<String> = c
        .prepare("SELECT sender FROM inbox ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(senders, ["france@example.org", "\"a b\"@example.org"]);

    // Over SMTP the envelope keeps the quotes too.
    let server = smtp_script::Scripted::start(|_| "250 2.1.5 ok");
    let mut st = crate::support::words::open_store(&j.db).unwrap();
    st.conn()
        .execute("UPDATE outbox SET status = 'queued'", [])
        .unwrap();
    let smtp = dipspy::config::SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(server.port),
        security: dipspy::config::SmtpSecurity::None,
        timeout_seconds: Some(5),
        ..Default::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut out = dipspy::mail::SmtpOut::new(&smtp, rt.handle().clone()).unwrap();
    let now = common::NOW.parse().unwrap();
    let s = dipspy::mail::send_due(
        &mut st,
        &mut out,
        "judge@example.org",
        Default::default(),
        now,
    )
    .unwrap();
    assert_eq!(s.sent, 2, "{s:?}");
    assert_eq!(
        server.rcpts(),
        [
            "RCPT TO:<france@example.org>",
            "RCPT TO:<\"a b\"@example.org>"
        ]
    );
}

#[test]
fn a_reply_that_cannot_be_addressed_is_skipped_and_the_pass_goes_on() {
    let j = Judge::new();
    let cfg = maildir_judge(&j);
    mail(&j, "a..b@example.org", "unwritable", "HELP");
    mail(&j, "anne@example.org", "fine", "HELP");
    let out = serve_once(&j, &cfg);
    assert!(out.status.success(), "{out:?}");
    let log = text(&out.stderr);
    assert!(log.contains("cannot be written to"), "{log}");
    assert_eq!(delivered(&j, "anne@example.org").len(), 1);
    // Both were handled; only the one that can be written to is answered.
    let c = j.sqlite();
    let (handled, outbox): (i64, i64) = c
        .query_row(
            "SELECT (SELECT count(*) FROM inbox WHERE status = 'handled'),
                    (SELECT count(*) FROM outbox)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((handled, outbox), (2, 1));
    let st = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("status")
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(0), "{st:?}");
}

#[test]
fn tick_and_the_other_commands_never_make_a_database() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("wrong.db");
    for args in [
        vec!["tick"],
        vec!["game", "process", "g"],
        vec![
            "game",
            "join",
            "g",
            "france",
            "--email",
            "a@x.org",
            "--password",
            "pw",
        ],
        vec!["orders", "clear", "g", "france"],
        vec!["quarantine", "release", "1"],
        vec!["secret-log", "g", "--publish-head"],
    ] {
        let out = dipspy().arg("--db").arg(&db).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("{}: there is no database here", db.display())),
            "{args:?}: {err}"
        );
        assert!(!db.exists(), "{args:?} made the database");
    }
    // `game create` still makes one.
    let out = dipspy()
        .arg("--db")
        .arg(&db)
        .args(["game", "create", "g"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(db.exists());
}
