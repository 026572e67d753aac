//! Issue 12, a whole game by mail the way email-judge veterans play it:
//! through `dipspy serve --once` on Maildirs (see `tests/it/support/mailgame.rs`), every
//! mail checked for passwords and other players' addresses.

use crate::support::mailgame;

use chrono::Duration;
use mailgame::{MASTER, POWERS, World, addr, assert_has, has};

#[test]
fn a_veterans_mail_signs_on_in_the_njudge_form_with_orders_on_one_line_and_signs_off() {
    let mut w = World::started("");
    let m = w.send(
        &addr("france"),
        &format!(
            "SIGN ON Fvet {}\nA Par-Bur, A Mar-Spa; F Bre-Mid\nSIGN OFF\nAnne\n\n> SIGNON F vet old-password\n> A par H\n",
            mailgame::pw("france")
        ),
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 1: SIGNON Fvet ****\n  OK: signed on as France in game vet",
    );
    assert_has(&r, "Line 2: A Par-Bur\n  OK: order stored as `A par - bur`");
    assert_has(&r, "Line 2: A Mar-Spa\n  OK: order stored as `A mar - spa`");
    assert_has(&r, "Line 2: F Bre-Mid\n  OK: order stored as `F bre - mid`");
    assert_has(&r, "Line 3: SIGNOFF\n  OK: end of the commands");
    assert!(
        !has(&r, "Line 4"),
        "nothing below SIGN OFF is answered: {r}"
    );
    assert!(!has(&r, "REJECTED"), "{r}");
}

#[test]
fn an_absence_moves_a_deadline_that_falls_in_it_and_only_the_master_learns_why() {
    let mut w = World::started("");
    // The first deadline is 2025-03-03 12:00 UTC.
    let m = w.play("france", "SET ABSENCE 2025-03-03 TO 2025-03-05");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "OK: absence recorded: 2025-03-03 to 2025-03-05 (the game's time, UTC); the current deadline moved to 2025-03-06 00:00 UTC",
    );
    assert_has(&r, "Deadline: 2025-03-06 00:00 UTC");
    for p in POWERS {
        let got = w.about(&addr(p), "new deadline");
        assert_eq!(got.len(), 1, "{p}: {got:#?}");
        assert_has(&got[0], "has moved to 2025-03-06 00:00 UTC");
        // France's notice comes joined with its own reply, which names its
        // absence (one mail to an address per mail to the judge).
        assert!(
            p == "france" || (!has(&got[0], "France") && !has(&got[0], "absen")),
            "{}",
            got[0]
        );
    }
    let why = w.about(MASTER, "absence");
    assert_eq!(why.len(), 1, "{why:#?}");
    assert_has(&why[0], "would have fallen while France is absent");

    // Longer than the game allows (15 days by default): refused.
    let m = w.play("italy", "SET ABSENCE 2025-03-10 TO 2025-04-10");
    w.pass();
    assert_has(
        &w.reply(&addr("italy"), &m),
        "REJECTED: an absence may last at most 15 days in game vet",
    );
    // The master may grant a longer one, acting for Italy.
    let m = w.master("BECOME vet italy\nSET ABSENCE 2025-03-20 TO 2025-04-10\nSET NO ABSENCE");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(&r, "OK: absence recorded: 2025-03-20 to 2025-04-10");
    assert_has(&r, "OK: your absence is withdrawn");
    // Italy will be away when the next phase's deadline would fall: the
    // results already give the moved deadline.
    let m = w.play("italy", "SET ABSENCE 2025-03-07 TO 2025-03-08");
    w.pass();
    assert_has(&w.reply(&addr("italy"), &m), "OK: absence recorded");
    w.now = "2025-03-06T01:00:00Z".parse().unwrap();
    w.pass();
    let results = w.about(&addr("germany"), "Spring 1901 Movement results");
    assert_eq!(results.len(), 1);
    assert_has(
        &results[0],
        "Orders for Fall 1901 Movement are due by 2025-03-09 00:00 UTC.",
    );
    assert_eq!(w.about(MASTER, "absence").len(), 2);

    // SET NO ABSENCE withdraws what is not over.
    let m = w.play("italy", "SET NO ABSENCE");
    w.pass();
    assert_has(
        &w.reply(&addr("italy"), &m),
        "OK: your absence is withdrawn",
    );
    w.now += Duration::hours(1);
}

#[test]
fn a_draw_voted_by_mail_ends_the_game_including_a_vacant_survivor() {
    let mut w = World::started("");
    w.observe("watcher@elsewhere.test", "vet");
    // Italy resigns: nobody plays it, but it still holds its centres.
    let m = w.play("italy", "RESIGN");
    w.pass();
    assert_has(&w.reply(&addr("italy"), &m), "OK: you resigned");
    let mut last = String::new();
    for p in POWERS.iter().filter(|p| **p != "italy") {
        last = w.play(p, "SET DRAW");
        w.pass();
        if *p == "france" {
            // Votes are secret: nobody else hears of France's.
            for q in POWERS {
                assert!(w.about(&addr(q), "vote").is_empty(), "{q}");
            }
            // The master sees the votes in LIST.
            let l = w.master("LIST vet");
            w.pass();
            assert_has(
                &w.reply(MASTER, &l),
                "France   playing    centres  3, units  3; votes a draw (all survivors)",
            );
            let l = w.play("germany", "LIST vet");
            w.pass();
            assert!(!has(&w.reply(&addr("germany"), &l), "votes a draw"));
        }
    }
    let r = w.reply(&addr("turkey"), &last);
    assert_has(
        &r,
        "OK: your draw vote is recorded; the game is over: a draw between Austria, England, France, Germany, Italy, Russia, Turkey, agreed by vote",
    );
    // Italy's player resigned: everybody else hears the end.
    for who in POWERS
        .iter()
        .filter(|p| **p != "italy")
        .map(|p| addr(p))
        .chain(["watcher@elsewhere.test".to_string()])
    {
        let end = w.about(&who, "the game is over");
        assert_eq!(end.len(), 1, "{who}");
        assert_has(
            &end[0],
            "Game vet is over: a draw between Austria, England, France, Germany, Italy, Russia, Turkey",
        );
        assert_has(&end[0], "Russia    4 centres,  4 units");
    }
    // Nothing more is taken.
    let m = w.play("france", "A par - bur");
    w.pass();
    assert_has(&w.reply(&addr("france"), &m), "REJECTED");
}

#[test]
fn a_draw_naming_powers_needs_every_voter_to_name_the_same_ones() {
    let mut w = World::started("draws=any");
    for p in ["austria", "england", "germany", "italy", "russia", "turkey"] {
        w.play(p, "SET DRAW France, Germany, England");
    }
    w.pass();
    // England named the same powers; France names others: no draw yet.
    let m = w.play("france", "SET DRAW France Germany");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "OK: your draw vote is recorded (votes are secret",
    );
    let m = w.play("france", "SET DRAW england germany france");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "the game is over: a draw between England, France, Germany, agreed by vote",
    );
    // An eliminated or unknown power cannot be part of a draw.
    let mut w = World::started("draws=any");
    let m = w.play("italy", "SET DRAW France Atlantis");
    w.pass();
    assert_has(
        &w.reply(&addr("italy"), &m),
        "REJECTED: game vet has no power `Atlantis`",
    );
}

#[test]
fn the_game_settings_decide_which_votes_are_taken() {
    let mut w = World::started("draws=none concessions=no");
    let m = w.play("france", "SET DRAW\nSET CONCEDE germany");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(&r, "REJECTED: vote refused: game vet allows no draws");
    assert_has(&r, "REJECTED: vote refused: game vet allows no concessions");
    let mut w = World::started("");
    let m = w.play("france", "SET DRAW England");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "REJECTED: vote refused: game vet allows only draws including all survivors",
    );
}

#[test]
fn a_concession_by_every_other_player_ends_the_game_in_a_win() {
    let mut w = World::started("show_votes=yes");
    let m = w.play("england", "SET CONCEDE france");
    w.pass();
    assert_has(
        &w.reply(&addr("england"), &m),
        "OK: your concession is recorded",
    );
    // Shown votes are announced to everyone.
    let v = w.about(&addr("germany"), "a vote");
    assert_eq!(v.len(), 1);
    assert_has(&v[0], "In game vet, England concedes to France.");
    // A withdrawn concession no longer counts.
    w.play("england", "SET NO CONCEDE");
    w.pass();
    for p in ["austria", "germany", "italy", "russia", "turkey"] {
        w.play(p, "SET CONCEDE F");
    }
    w.pass();
    assert!(w.about(&addr("france"), "the game is over").is_empty());
    let m = w.play("england", "SET CONCEDE France");
    w.pass();
    assert_has(
        &w.reply(&addr("england"), &m),
        "the game is over: a win for France, to whom the other players conceded",
    );
    let end = w.about(&addr("france"), "the game is over");
    assert_eq!(end.len(), 1);
    assert_has(&end[0], "France    3 centres,  3 units");
}

#[test]
fn a_resigned_power_is_taken_over_after_the_master_approves() {
    let mut w = World::started("");
    w.play("italy", "A ven - pie");
    w.pass();
    w.play("italy", "RESIGN");
    w.pass();
    let newcomer = "newcomer@players.test";
    w.passwords.push("Nc-pass-5".into());
    let m = w.send(newcomer, "TAKEOVER italy vet Nc-pass-5");
    w.pass();
    assert_has(
        &w.reply(newcomer, &m),
        "OK: your request to take over Italy in game vet is with the game master",
    );
    let ask = w.about(MASTER, "a request to take over Italy");
    assert_eq!(ask.len(), 1);
    assert_has(&ask[0], "APPROVE vet italy");
    // A second newcomer, refused when the first is approved.
    let other = "other@players.test";
    w.passwords.push("Ot-pass-6".into());
    w.send(other, "JOIN italy vet Ot-pass-6");
    w.pass();
    let m = w.master("APPROVE vet italy");
    w.pass();
    assert_has(
        &w.reply(MASTER, &m),
        "OK: approved: Italy in game vet has its new player",
    );
    let welcome = w.about(newcomer, "you play Italy");
    assert_eq!(welcome.len(), 1, "{:#?}", w.mails(newcomer));
    assert_has(&welcome[0], "SIGNON italy vet <your password>");
    assert_has(&welcome[0], "The board now:");
    assert_has(
        &welcome[0],
        "The orders of Italy that stand:\n  A ven - pie",
    );
    assert_eq!(w.about(other, "refused").len(), 1);
    for p in POWERS.iter().filter(|p| **p != "italy") {
        let news = w.about(&addr(p), "Italy has a new player");
        assert_eq!(news.len(), 1, "{p}");
        assert!(!has(&news[0], newcomer), "who is not said: {}", news[0]);
    }
    // The newcomer plays.
    let m = w.send(newcomer, "SIGNON I vet Nc-pass-5\nA rom - apu");
    w.pass();
    assert_has(&w.reply(newcomer, &m), "OK: order stored as `A rom - apu`");
}

#[test]
fn a_vacant_power_is_joined_at_once_where_the_game_needs_no_approval() {
    let mut w = World::started("approve_takeovers=no");
    w.play("turkey", "RESIGN");
    w.pass();
    let newcomer = "newcomer@players.test";
    w.passwords.push("Nc-pass-7".into());
    let m = w.send(newcomer, "JOIN turkey vet Nc-pass-7");
    w.pass();
    assert_has(
        &w.reply(newcomer, &m),
        "OK: you now play Turkey in game vet",
    );
    assert_eq!(w.about(newcomer, "you play Turkey").len(), 1);
    // A power that has a player cannot be taken over.
    let m = w.send("third@players.test", "TAKEOVER france vet Th-pass-8");
    w.passwords.push("Th-pass-8".into());
    w.pass();
    assert_has(
        &w.reply("third@players.test", &m),
        "REJECTED: France in game vet is not vacant",
    );
}

#[test]
fn the_master_ejects_a_player_and_acts_for_a_power() {
    let mut w = World::started("");
    let m = w.master("EJECT vet germany\nBECOME vet france\nA par - bur\nF bre - mid");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(&r, "OK: Germany in game vet has no player now");
    assert_has(&r, "OK: you act for France in game vet");
    assert_has(&r, "OK: order stored as `A par - bur`");
    assert_eq!(
        w.about(&addr("germany"), "you no longer play Germany")
            .len(),
        1
    );
    for p in ["austria", "england", "france"] {
        assert_eq!(w.about(&addr(p), "Germany has no player").len(), 1, "{p}");
    }
    let copy = w.about(&addr("france"), "the game master acted for France");
    assert_eq!(copy.len(), 1);
    assert_has(&copy[0], "order stored as `F bre - mid`");
}

#[test]
fn a_power_missing_phases_in_a_row_is_abandoned_and_its_units_hold() {
    let mut w = World::started("abandon_after=2");
    w.play("france", "A par - bur");
    w.at_deadline();
    assert!(w.about(&addr("russia"), "no longer play").is_empty());
    // Processed at once (no grace period): each late power is told what
    // was played for it, and the results say who was late.
    let late = w.about(&addr("france"), "your orders for S1901M were late");
    assert_eq!(late.len(), 1);
    assert_has(&late[0], "Still without an order: F bre, A mar");
    assert_eq!(
        w.about(&addr("russia"), "your orders for S1901M were late")
            .len(),
        1
    );
    let res = w.about(&addr("england"), "Spring 1901 Movement results");
    assert_has(&res[0], "Orders incomplete from: France");
    assert!(w.about(&addr("england"), "S1901M were late").len() == 1);
    w.play("france", "A par - bur");
    w.play("england", "F lon H");
    w.at_deadline();
    let gone = w.about(&addr("russia"), "you no longer play Russia");
    assert_eq!(gone.len(), 1);
    assert_has(&gone[0], "no orders came for 2 movement phases in a row");
    let news = w.about(&addr("england"), "Russia has no player");
    assert_eq!(news.len(), 1);
    assert_has(&news[0], "TAKEOVER russia vet <password>");
    assert_eq!(w.about(MASTER, "Russia has no player").len(), 1);
    // France and England gave orders in the second phase: they stay.
    assert!(w.about(&addr("france"), "you no longer play").is_empty());
    assert!(w.about(&addr("england"), "you no longer play").is_empty());
}

#[test]
fn with_a_grace_period_late_powers_are_warned_then_abandoned() {
    let mut w = World::started("grace=12h");
    for p in POWERS.iter().filter(|p| **p != "france") {
        w.play(p, "SET WAIT");
    }
    w.play("france", "A par H");
    w.play("england", "A lvp H\nF lon H\nF edi H");
    w.pass();
    // The deadline passes: France's orders are incomplete, England's are
    // complete, the others sent none.
    w.now += Duration::hours(49);
    w.pass();
    let late = w.about(&addr("france"), "your orders for S1901M are late");
    assert_eq!(late.len(), 1, "{:#?}", w.mails(&addr("france")));
    assert_has(&late[0], "Still without an order: F bre, A mar");
    // Twelve hours from when the judge saw the deadline pass.
    assert_has(&late[0], "The judge waits until 2025-03-04 01:00 UTC");
    // England, on time, is told who is late.
    let others = w.about(&addr("england"), "waiting for late orders");
    assert_eq!(others.len(), 1);
    assert_has(
        &others[0],
        "Orders are late from: Austria, France, Germany, Italy, Russia, Turkey.",
    );
    assert!(w.about(&addr("england"), "are late").is_empty());
    // Not processed yet; then every still-late power is abandoned.
    assert!(
        w.about(&addr("england"), "Spring 1901 Movement results")
            .is_empty()
    );
    w.now += Duration::hours(12);
    w.pass();
    assert_eq!(
        w.about(&addr("england"), "Spring 1901 Movement results")
            .len(),
        1
    );
    assert_eq!(
        w.about(&addr("france"), "you no longer play France").len(),
        1
    );
    assert!(w.about(&addr("england"), "you no longer play").is_empty());
}

/// The script: a game by mail from CREATE to a draw, with a
/// veteran's mail, a holiday, a resignation and a takeover the master
/// approves, a power abandoned for missing phases and played in civil
/// disorder, and a draw voted by mail. Every mailbox is read at each step.
#[test]
fn a_whole_game_by_mail_from_create_to_a_draw() {
    let mut w = World::new();
    let m = w.master("CREATE vet deadline=48h abandon_after=2 max_absence=10");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "OK: game vet created");
    for p in POWERS {
        w.send(&addr(p), &format!("JOIN {p} vet {}", mailgame::pw(p)));
    }
    w.pass();
    assert_eq!(w.about(MASTER, "every power has a player").len(), 1);
    w.master("START vet");
    w.pass();
    for p in POWERS {
        assert_eq!(w.about(&addr(p), "the game has started").len(), 1, "{p}");
    }

    // Spring 1901. A veteran's mail; a holiday over the deadline; Russia
    // never writes.
    let m = w.send(
        &addr("france"),
        &format!(
            "SIGN ON Fvet {}\nA Par-Bur, A Mar-Spa; F Bre-Mid\nSIGN OFF\n-- \nAnne",
            mailgame::pw("france")
        ),
    );
    w.play(
        "germany",
        "A mun - ruh; A ber - kie; F kie - den\nSET ABSENCE 2025-03-03",
    );
    w.play("england", "F lon - nth, F edi - nrg, A lvp - yor");
    w.play("italy", "A ven H, A rom H, F nap - ion");
    w.play("austria", "A vie - gal, A bud - ser, F tri - alb");
    w.play("turkey", "A con - bul, F ank - bla, A smy - arm");
    w.pass();
    assert!(!has(&w.reply(&addr("france"), &m), "REJECTED"));
    for p in POWERS {
        let d = w.about(&addr(p), "new deadline for S1901M");
        assert_eq!(d.len(), 1, "{p}");
        assert_has(&d[0], "2025-03-04 00:00 UTC");
    }
    assert_has(
        &w.about(MASTER, "deadline moved for an absence")[0],
        "Germany is absent",
    );
    w.now = "2025-03-04T00:30:00Z".parse().unwrap();
    w.pass();
    let res = w.about(&addr("england"), "Spring 1901 Movement results");
    assert_eq!(res.len(), 1);
    assert_has(&res[0], "A mos H (no order)");
    assert_has(&res[0], "No orders received from: Russia");

    // Fall 1901. Italy resigns; a newcomer takes Italy over with the
    // master's approval. Russia misses again and is abandoned.
    w.play("italy", "RESIGN");
    let newcomer = "newcomer@players.test";
    w.passwords.push("Nc-pass-9".into());
    w.pass();
    w.send(newcomer, "TAKEOVER italy vet Nc-pass-9");
    w.pass();
    w.master("APPROVE vet italy");
    w.pass();
    assert_eq!(w.about(newcomer, "you play Italy").len(), 1);
    let m = w.send(
        newcomer,
        "SIGNON I vet Nc-pass-9\nF ion - tun\nA ven H\nA rom H",
    );
    w.play("france", "A bur H, A spa - por, F mid H");
    w.play("england", "F nth - nwy, F nrg H, A yor H");
    w.play("germany", "A ruh - hol, F den H, A kie H");
    w.play("austria", "A gal H, A ser H, F alb - gre");
    w.play("turkey", "A bul H, F bla H, A arm H");
    w.pass();
    assert_has(&w.reply(newcomer, &m), "OK: order stored as `F ion - tun`");
    w.now += Duration::hours(49);
    w.pass();
    assert_eq!(
        w.about(&addr("russia"), "you no longer play Russia").len(),
        1
    );
    for p in ["austria", "england", "france", "germany", "turkey"] {
        assert_eq!(w.about(&addr(p), "Russia has no player").len(), 1, "{p}");
    }
    assert_eq!(w.about(newcomer, "Russia has no player").len(), 1);
    assert_eq!(w.about(MASTER, "Russia has no player").len(), 1);

    // Winter 1901, then Spring 1902: every power with a player votes a
    // draw; abandoned Russia still survives and shares it.
    w.now += Duration::hours(25);
    w.pass();
    for p in ["austria", "england", "france", "germany", "turkey"] {
        w.play(p, "SET DRAW");
    }
    w.pass();
    assert!(w.about(&addr("france"), "the game is over").is_empty());
    let m = w.send(newcomer, "SIGNON I vet Nc-pass-9\nSET DRAW");
    w.pass();
    assert_has(&w.reply(newcomer, &m), "the game is over: a draw between");
    for who in ["austria", "england", "france", "germany", "turkey"]
        .iter()
        .map(|p| addr(p))
        .chain([newcomer.to_string(), MASTER.to_string()])
    {
        let end = w.about(&who, "the game is over");
        assert_eq!(end.len(), 1, "{who}");
        assert_has(
            &end[0],
            "a draw between Austria, England, France, Germany, Italy, Russia, Turkey",
        );
    }
    // The stored history recomputes to the same results.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(w.dir.path().join("judge.db"))
        .args(["game", "replay", "vet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // The settings are shown to the judge and by LIST.
    let m = w.send("someone@elsewhere.test", "LIST vet");
    w.pass();
    let r = w.reply("someone@elsewhere.test", &m);
    assert_has(
        &r,
        "draws: dias; concessions: yes; votes kept from phase to phase and secret",
    );
    assert_has(
        &r,
        "absences: up to 10 days; late orders: processed at once in civil disorder; abandoned after 2 movement phases without orders; takeovers: approved by the master",
    );
}
