//! Issue 34 item 4, no mail amplification, through the real inbound path
//! (`dipspy serve --once` on Maildirs, see `tests/it/support/mailgame.rs`; SQLite a real
//! file): at most one mail to an address per mail to the judge (what one
//! mail causes for one address is joined into one mail), one open OBSERVE
//! per address and game with its code in the reply itself, and every mail
//! to an address in no game counted against `stranger_replies_per_hour`.

use crate::support::mailgame;

use chrono::Duration;
use mailgame::{World, addr, assert_has};
use std::io::Write;

/// Appends TOML to the judge's configuration.
fn configure(w: &World, toml: &str) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&w.cfg)
        .unwrap();
    writeln!(f, "\n{toml}").unwrap();
}

fn db(w: &World) -> rusqlite::Connection {
    rusqlite::Connection::open(w.dir.path().join("judge.db")).unwrap()
}

/// The code an OBSERVE reply gives.
fn code_in(mail: &str) -> String {
    mail.lines()
        .find_map(|l| l.trim().strip_prefix("CONFIRM ADDRESS "))
        .unwrap_or_else(|| panic!("no code in {mail}"))
        .to_string()
}

const VICTIM: &str = "victim@elsewhere.test";

#[test]
fn one_forged_observe_brings_its_victim_one_mail_with_the_code() {
    let mut w = World::started("");
    w.send(VICTIM, "OBSERVE vet");
    w.pass();
    let got = w.mails(VICTIM);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_has(
        &got[0],
        "Line 1: OBSERVE vet\n  OK: you observe game vet once",
    );
    // The code in that reply is the one that works.
    let m = w.send(VICTIM, &format!("CONFIRM ADDRESS {}", code_in(&got[0])));
    w.pass();
    assert_has(
        &w.reply(VICTIM, &m),
        "OK: confirmed: you now observe game vet",
    );
}

#[test]
fn four_hundred_observe_lines_bring_one_mail() {
    let mut w = World::started("");
    let body = "OBSERVE vet\n".repeat(400);
    w.send(VICTIM, &body);
    w.pass();
    let got = w.mails(VICTIM);
    assert_eq!(got.len(), 1, "one mail, not {}", got.len());
    // One code in it, and one open request.
    let mut codes: Vec<&str> = got[0]
        .lines()
        .filter_map(|l| l.trim().strip_prefix("CONFIRM ADDRESS "))
        .collect();
    codes.dedup();
    assert_eq!(codes.len(), 1, "{}", got[0]);
    assert_has(
        &got[0],
        "Line 400: OBSERVE vet\n  OK: asked already on line 1",
    );
    let open: i64 = db(&w)
        .query_row(
            "SELECT count(*) FROM observe_requests WHERE status = 'pending'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(open, 1);
}

#[test]
fn ten_forged_mails_of_fifty_observe_lines_stay_within_the_stranger_limit() {
    let mut w = World::started("");
    configure(&w, "[limits]\nstranger_replies_per_hour = 25");
    // The players' JOINs (answers to addresses then in no game) are out of
    // the hour.
    w.now += Duration::hours(2);
    let body = "OBSERVE vet\n".repeat(50);
    for _ in 0..10 {
        w.send(VICTIM, &body);
    }
    w.pass();
    let got = w.mails(VICTIM).len();
    assert!(got <= 25, "{got} mails to the victim");
    assert_eq!(got, 10, "one mail per forged mail");
}

#[test]
fn every_mail_to_an_address_in_no_game_counts_against_the_stranger_limit() {
    let mut w = World::started("");
    configure(&w, "[limits]\nstranger_replies_per_hour = 25");
    w.now += Duration::hours(2);
    // Thirty forged OBSERVEs for thirty victims, then a player's SET
    // ADDRESS whose code goes to yet another address in no game: the
    // replies, the codes and the notices all count.
    let victims: Vec<String> = (0..30).map(|i| format!("v{i}@elsewhere.test")).collect();
    for v in &victims {
        w.send(v, "OBSERVE vet");
    }
    w.pass();
    let total: usize = victims.iter().map(|v| w.mails(v).len()).sum();
    assert_eq!(total, 25, "at most the limit, every mail counted");
    // A player is answered all the same; the code for its new address, in
    // no game, is past the limit and not sent.
    let m = w.play("italy", "SET ADDRESS newitaly@elsewhere.test");
    w.pass();
    assert_has(&w.reply(&addr("italy"), &m), "OK: signed on as Italy");
    assert!(w.mails("newitaly@elsewhere.test").is_empty());
    let counted: i64 = db(&w)
        .query_row("SELECT count(*) FROM outbox WHERE stranger = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(counted >= 25, "{counted}");
}

#[test]
fn a_repeated_observe_renews_the_one_open_request() {
    let mut w = World::started("");
    let m = w.send(VICTIM, "OBSERVE vet");
    w.pass();
    let first = code_in(&w.reply(VICTIM, &m));
    let m = w.send(VICTIM, "OBSERVE vet");
    w.pass();
    let second = code_in(&w.reply(VICTIM, &m));
    assert_ne!(first, second);
    assert_eq!(w.mails(VICTIM).len(), 2, "one reply each, nothing more");
    let open: i64 = db(&w)
        .query_row(
            "SELECT count(*) FROM observe_requests WHERE email = ?1",
            [VICTIM],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(open, 1, "one open request per address and game");
    // The first code was replaced.
    let m = w.send(VICTIM, &format!("CONFIRM ADDRESS {first}"));
    w.pass();
    assert!(!w.reply(VICTIM, &m).contains("OK: confirmed"));
    let m = w.send(VICTIM, &format!("CONFIRM ADDRESS {second}"));
    w.pass();
    assert_has(
        &w.reply(VICTIM, &m),
        "OK: confirmed: you now observe game vet",
    );
}

#[test]
fn forged_guesses_from_a_players_address_bring_it_one_mail_each() {
    let mut w = World::started("");
    w.now += Duration::hours(2);
    let before = w.mails(&addr("france")).len();
    for i in 0..5 {
        w.send(&addr("france"), &format!("SIGNON F vet wrong{i}"));
    }
    w.pass();
    let got = w.mails(&addr("france"));
    assert_eq!(
        got.len() - before,
        5,
        "the fifth reply carries the lock's notice"
    );
    let joined: Vec<&String> = got
        .iter()
        .filter(|m| m.contains("Also: Wrong passwords for France in game vet: sign-ons locked"))
        .collect();
    assert_eq!(joined.len(), 1);
    assert_has(joined[0], "sign-on refused: wrong password for France");
}

#[test]
fn press_to_one_power_twice_in_one_mail_reaches_it_as_one_mail() {
    let mut w = World::started("");
    let before = w.mails(&addr("france")).len();
    w.play(
        "england",
        "PRESS TO F\nfirst note\nENDPRESS\nPRESS TO F\nsecond note\nENDPRESS",
    );
    w.pass();
    let got = w.mails(&addr("france"));
    assert_eq!(got.len() - before, 1, "{got:#?}");
    let m = got.last().unwrap();
    assert_has(m, "first note");
    assert_has(m, "second note");
}

#[test]
fn the_masters_reply_and_its_copy_of_the_results_are_one_mail() {
    let mut w = World::started("");
    w.play("france", "A par - bur");
    w.pass();
    let count = |w: &World| -> Vec<usize> {
        std::iter::once(mailgame::MASTER.to_string())
            .chain(mailgame::POWERS.iter().map(|p| addr(p)))
            .map(|a| w.mails(&a).len())
            .collect()
    };
    let before = count(&w);
    let m = w.master("PROCESS vet");
    w.pass();
    let after = count(&w);
    // The master's reply with its copy of the results in it, and one mail
    // (the results) to every player.
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(a - b, 1, "{before:?} -> {after:?}");
    }
    let r = w.reply(mailgame::MASTER, &m);
    assert_has(&r, "Line 2: PROCESS vet\n  OK:");
    assert_has(&r, "Also: ");
    assert_has(&r, "A par - bur");
}
