//! Issue 22: the master publishes the final signed head of a finished
//! espionage game's secret log by mail (`PUBLISH HEAD <game>`), through
//! `dipspy serve --once` on Maildirs (see `tests/it/support/mailgame.rs`): refused while
//! the game runs; once it is over every player receives the head, which
//! checks with `secret-log --verify --against` the mail as received.

use crate::support::mailgame;

use mailgame::{MASTER, POWERS, World, addr, assert_has};
use std::process::Command;

const SUBJECT: &str = "the final signed head of the secret log";

#[test]
fn publish_head_by_mail_is_refused_while_the_game_runs_and_reaches_every_player_after() {
    let mut w = World::started("rules=spionage");
    // Spring 1901 is processed: its head is signed and mailed to the master.
    w.at_deadline();
    assert!(!w.about(MASTER, "signed head").is_empty());

    let m = w.master("PUBLISH HEAD vet");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(&r, "PUBLISH HEAD vet");
    assert_has(&r, "when the game is over");
    for p in POWERS {
        assert!(
            w.about(&addr(p), SUBJECT).is_empty(),
            "{p} got the head early"
        );
    }

    // Every power votes a draw: the game is over.
    for p in POWERS {
        w.play(p, "SET DRAW");
    }
    w.pass();

    let m = w.master("PUBLISH HEAD vet");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(
        &r,
        "OK: the final signed head of game vet (secret log entry",
    );
    assert_has(&r, "was mailed to every player");

    let db = w.dir.path().join("judge.db");
    let (last_seq, message): (i64, String) = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT last_seq, message FROM secret_log_signed_heads ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    for p in POWERS {
        let got = w.about(&addr(p), SUBJECT);
        assert_eq!(got.len(), 1, "{p}: {got:#?}");
        let mail = &got[0];
        assert_has(mail, &format!("ends at entry {last_seq}"));
        assert_has(mail, message.trim_end());
        // The head as this player received it checks against the log.
        let saved = w.dir.path().join(format!("{p}-head.txt"));
        std::fs::write(&saved, mail).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--db")
            .arg(&db)
            .args(["secret-log", "vet", "--verify", "--against"])
            .arg(&saved)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{p}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
