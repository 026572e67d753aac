//! Control characters from mail never reach the judge's terminal raw
//! (issue 33): a mail whose From display name and Message-ID carry
//! escape sequences and bidirectional overrides, read by `dipspy serve
//! --once` through the Maildir transport, and an order submitted with
//! such a sender on the command line. `secret-log` and `game history`
//! (and the other views) print them as visible escapes (`\u{1b}`); their
//! `--json` forms stay valid JSON that reads back to the stored text.

use crate::support::started::{POWERS, start_seated};
use chrono::{DateTime, Utc};
use dipspy::game::CreateOptions;
use dipspy::mail;
use std::path::PathBuf;
use std::process::{Command, Output};

/// What a hostile sender puts in its headers: clear the screen, set the
/// window title, colour, then reverse the text after it.
const HOSTILE: &str = "\u{1b}[2J\u{1b}]0;owned\u{7}\u{1b}[31m\u{202e}\u{2066}\u{9b}\u{7f}";

struct Judge {
    _dir: tempfile::TempDir,
    root: PathBuf,
    cfg: PathBuf,
    db: PathBuf,
}

impl Judge {
    fn new() -> Judge {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let cfg = root.join("judge.toml");
        std::fs::write(
            &cfg,
            "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
             master_address = \"gm@example.org\"\n[mail]\ntransport = \"maildir\"\n\
             [maildir]\nincoming = \"in\"\noutgoing = \"out\"\n",
        )
        .unwrap();
        let db = root.join("judge.db");
        let mut st = crate::support::words::open_store(&db).unwrap();
        let now: DateTime<Utc> = "2025-01-10T12:00:00Z".parse().unwrap();
        let o = CreateOptions {
            rules: vec!["espionnite".into()],
            deadline: "48h".into(),
            reaction_deadline: "24h".into(),
            ..CreateOptions::default()
        };
        start_seated(&mut st, "g", &o, &POWERS, now);
        Judge {
            _dir: dir,
            root,
            cfg,
            db,
        }
    }

    fn dipspy(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .current_dir(&self.root)
            .arg("--config")
            .arg(&self.cfg)
            .arg("--now")
            .arg("2025-01-10T13:00:00Z")
            .args(args)
            .output()
            .unwrap()
    }

    fn stored_source(&self) -> String {
        rusqlite::Connection::open(&self.db)
            .unwrap()
            .query_row(
                "SELECT source FROM secret_log WHERE kind = 'received' ORDER BY seq LIMIT 1",
                [],
                |r| r.get(0),
            )
            .unwrap()
    }
}

/// The characters a terminal must not get raw, if any, in `bytes`.
fn raw_controls(bytes: &[u8]) -> Vec<char> {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter(|&c| {
            (c < ' ' && c != '\n' && c != '\t')
                || ('\u{7f}'..='\u{9f}').contains(&c)
                || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}')
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
        })
        .collect()
}

fn ok(o: &Output, what: &str) -> String {
    assert!(
        o.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn hostile_mail(judge: &Judge) {
    let mail = format!(
        "From: \"Fr{HOSTILE}ance\" <france@example.org>\nTo: judge@example.org\n\
         Subject: orders\nMessage-ID: <id{HOSTILE}x@example.org>\n\n\
         SIGNON france g pw\nA par - bur\nSPY A mun\n"
    );
    mail::deliver_to_maildir(&judge.root.join("in"), mail.as_bytes()).unwrap();
    let o = judge.dipspy(&["serve", "--once"]);
    ok(&o, "serve --once");
}

#[test]
fn a_hostile_message_id_reaches_the_secret_log_but_not_the_terminal_raw() {
    let judge = Judge::new();
    hostile_mail(&judge);
    // The log keeps what came, exactly (it is evidence).
    let source = judge.stored_source();
    assert!(
        source.contains('\u{1b}') && source.contains('\u{202e}'),
        "the hostile Message-ID did not reach the log, so this test would show nothing: {source:?}"
    );
    let text = judge.dipspy(&["secret-log", "g"]);
    let shown = ok(&text, "secret-log");
    assert_eq!(raw_controls(&text.stdout), Vec::<char>::new(), "{shown:?}");
    assert!(
        shown.contains("\\u{1b}[2J") && shown.contains("\\u{202e}") && shown.contains("\\u{9b}"),
        "{shown}"
    );
    // JSON: valid, harmless, and the same text once read.
    let json = judge.dipspy(&["secret-log", "g", "--json"]);
    let body = ok(&json, "secret-log --json");
    assert_eq!(raw_controls(&json.stdout), Vec::<char>::new(), "{body:?}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(
        v.as_array()
            .unwrap()
            .iter()
            .any(|e| e["source"].as_str() == Some(source.as_str())),
        "{body}"
    );
}

#[test]
fn a_hostile_sender_does_not_reach_game_history_or_the_other_views_raw() {
    let judge = Judge::new();
    hostile_mail(&judge);
    // An order given on the command line for a hostile sender.
    let orders = judge.root.join("orders.txt");
    std::fs::write(&orders, "A mun - ruh\n").unwrap();
    let from = format!("ger{HOSTILE}many@example.org");
    let o = judge.dipspy(&[
        "orders",
        "submit",
        "g",
        "germany",
        orders.to_str().unwrap(),
        "--from",
        &from,
        "--message-id",
        &format!("<m{HOSTILE}@x>"),
    ]);
    assert_eq!(raw_controls(&o.stdout), Vec::<char>::new());
    ok(&o, "orders submit");
    // Process the phase (orders frozen, then the reactions), so that its
    // history has orders to show.
    ok(&judge.dipspy(&["game", "process", "g"]), "process");
    ok(&judge.dipspy(&["game", "process", "g"]), "process again");
    let views: [&[&str]; 9] = [
        &["game", "history", "g", "S1901M"],
        &["game", "history", "g"],
        &["game", "show", "g"],
        &["game", "list"],
        &["game", "replay", "g"],
        &["secret-log", "g"],
        &["secret-log", "g", "--phase", "S1901M"],
        &["status"],
        &["quarantine", "list"],
    ];
    for args in views {
        let o = judge.dipspy(args);
        assert_eq!(
            raw_controls(&o.stdout),
            Vec::<char>::new(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        assert_eq!(raw_controls(&o.stderr), Vec::<char>::new(), "{args:?}");
    }
    let o = judge.dipspy(&["game", "history", "g", "S1901M"]);
    let history = ok(&o, "history");
    assert!(
        history.contains("(from ger\\u{1b}[2J\\u{1b}]0;owned\\u{7}"),
        "the hostile sender is shown escaped: {history}"
    );
    let o = judge.dipspy(&["game", "history", "g", "S1901M", "--json"]);
    let body = ok(&o, "history --json");
    assert_eq!(raw_controls(&o.stdout), Vec::<char>::new(), "{body:?}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(body.contains("\\u202e"), "{body}");
    let senders: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["orders"].as_array().unwrap())
        .filter_map(|o| o["submitted_by"].as_str())
        .collect();
    assert!(senders.contains(&from.as_str()), "{senders:?}");
}

#[test]
fn escape_writes_every_unsafe_character_visibly_and_leaves_text_alone() {
    use dipspy::cli::{escape, json_safe};
    assert_eq!(escape("A par - bur\tok\n"), "A par - bur\tok\n");
    assert_eq!(escape("Français, Österreich"), "Français, Österreich");
    assert_eq!(
        escape("a\u{0}b\u{1b}c\rd\u{7f}e\u{85}f\u{9f}g\u{202e}h\u{2067}i\u{200f}"),
        "a\\u{0}b\\u{1b}c\\u{d}d\\u{7f}e\\u{85}f\\u{9f}g\\u{202e}h\\u{2067}i\\u{200f}"
    );
    let json = serde_json::to_string(&serde_json::json!({"s": "x\u{1b}\u{9b}\u{202e}"})).unwrap();
    let safe = json_safe(&json);
    assert_eq!(raw_controls(safe.as_bytes()), Vec::<char>::new());
    let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
    assert_eq!(back["s"], "x\u{1b}\u{9b}\u{202e}");
}
