//! Issue 11, "trust what the judge says": the mails a game master and
//! seven players send, answered as they should be. Everything goes through
//! `dipspy serve --once` (the built binary) with the Maildir transport and
//! a real SQLite file: the master creates and starts the game by mail, the
//! players join by mail, and after every pass each test reads what each
//! address actually received. Every mail the judge sends is checked (see
//! `tests/it/support/mailcheck.rs`): no password and no other player's address in it.

use crate::support::mailgame;

use chrono::Duration;
use mailgame::{MASTER, POWERS, World, addr, assert_has, has, pw};

// ------------------------------------------------------ orders on arrival

#[test]
fn an_impossible_order_is_refused_at_once_and_replaces_nothing() {
    let mut w = World::started("");
    let m1 = w.play("germany", "F Kie-Den");
    w.pass();
    assert_has(
        &w.reply(&addr("germany"), &m1),
        "OK: order stored as `F kie - den`",
    );
    let m2 = w.play(
        "germany",
        "A Kie-Hol\nA Ruh-Bel\nF Kie-Mun\nA mun S A ber - sil",
    );
    w.pass();
    let r = w.reply(&addr("germany"), &m2);
    assert_has(
        &r,
        "Line 2: A Kie-Hol\n  REJECTED: `A kie - hol` cannot be carried out: the unit in kie is F kie; it replaces no earlier order",
    );
    assert_has(
        &r,
        "Line 3: A Ruh-Bel\n  REJECTED: `A ruh - bel` cannot be carried out: there is no unit in ruh",
    );
    assert_has(
        &r,
        "Line 4: F Kie-Mun\n  REJECTED: `F kie - mun` cannot be carried out: a fleet cannot move to mun, inland",
    );
    // Possible, but Berlin has no order to move to Silesia: stored with a
    // warning.
    assert_has(
        &r,
        "Line 5: A mun S A ber - sil\n  OK: order stored as `A mun S A ber - sil`\n  WARNING: A ber has no order to move to sil",
    );
    // The earlier good order still stands; the summary names the rest.
    assert_has(&r, "  F kie - den\n");
    assert_has(&r, "  Still without an order: A ber\n");
    assert!(!has(&r, "replacing"), "{r}");
    let shown = w.orders_show("germany");
    assert!(shown.contains("F kie - den"), "{shown}");
    assert!(!shown.contains("hol"), "{shown}");

    // Once Berlin is ordered to Silesia, the warning is gone.
    let m3 = w.play("germany", "A ber - sil");
    w.pass();
    let r = w.reply(&addr("germany"), &m3);
    assert!(!has(&r, "WARNING"), "{r}");
    assert!(!has(&r, "Still without an order"), "{r}");
}

#[test]
fn a_support_or_convoy_for_an_own_unit_not_so_ordered_is_stored_with_a_warning() {
    let mut w = World::started("");
    let m = w.play(
        "england",
        "A lvp - yor\nF lon S A lvp - wal\nF edi C A lvp - nwy",
    );
    w.pass();
    let r = w.reply(&addr("england"), &m);
    assert_has(
        &r,
        "OK: order stored as `F lon S A lvp - wal`\n  WARNING: A lvp is ordered to move to yor, not to wal",
    );
    // A convoy by a fleet in a coastal province is not possible.
    assert_has(
        &r,
        "REJECTED: `F edi C A lvp - nwy` cannot be carried out: only a fleet at sea can convoy",
    );
    // Another power's unit: no warning, nothing told of its orders.
    let m = w.play("france", "A par S A mun - bur");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(&r, "OK: order stored as `A par S A mun - bur`");
    assert!(!has(&r, "WARNING"), "{r}");
    assert_has(&r, "Still without an order: F bre, A mar");
}

#[test]
fn builds_are_checked_on_arrival_against_home_centres_and_the_count() {
    let mut w = World::started("");
    // France takes Spain and Portugal; everybody else holds.
    w.play("france", "A mar - spa\nF bre - mao\nA par - bur");
    w.at_deadline();
    w.play("france", "F mao - por\nA spa H\nA bur H");
    w.at_deadline();
    // SET WAIT: with every build in, the winter would end at once.
    let m = w.play(
        "france",
        "Build F Par\nBuild A Spa\nBuild A par\nBuild F bre\nBuild A mar\nBuild F mar\nSET WAIT",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: Build F Par\n  REJECTED: `Build F par` cannot be carried out: a fleet cannot be built in par",
    );
    assert_has(
        &r,
        "Line 3: Build A Spa\n  REJECTED: `Build A spa` cannot be carried out: spa is not a home centre of France",
    );
    assert_has(
        &r,
        "Line 4: Build A par\n  OK: order stored as `Build A par`",
    );
    assert_has(
        &r,
        "Line 5: Build F bre\n  OK: order stored as `Build F bre`",
    );
    assert_has(
        &r,
        "Line 6: Build A mar\n  REJECTED: `Build A mar` cannot be carried out: France may build only 2",
    );
    assert_has(&r, "Line 7: Build F mar\n  REJECTED:");
    let shown = w.orders_show("france");
    assert!(
        shown.contains("Build A par") && shown.contains("Build F bre"),
        "{shown}"
    );
    assert!(!shown.contains("mar"), "{shown}");
    // A new submission replaces the whole set; one build is then open.
    let m = w.play("france", "Build A par");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(&r, "Still open: 1 build (or WAIVE)");
}

#[test]
fn reminders_go_to_every_power_whose_orders_are_incomplete_naming_what_is_missing() {
    let mut w = World::started("reminder=24h");
    w.play("france", "A par H\nA mar H\nF bre H");
    w.play("germany", "A ber H");
    w.pass();
    w.now += Duration::hours(25);
    w.pass();
    assert!(w.about(&addr("france"), "missing").is_empty());
    let de = w.about(&addr("germany"), "missing");
    assert_eq!(de.len(), 1, "{de:#?}");
    assert_has(
        &de[0],
        "Your orders for Spring 1901 Movement in game vet are not complete.",
    );
    assert_has(&de[0], "Still without an order: F kie, A mun");
    let it = w.about(&addr("italy"), "missing");
    assert_eq!(it.len(), 1);
    assert_has(&it[0], "Still without an order: F nap, A rom, A ven");
}

// ------------------------------------------------------- nothing leaks

#[test]
fn no_password_is_repeated_whatever_goes_wrong_in_a_sign_on() {
    let mut w = World::started("");
    // Passwords these lines carry; none may come back in any mail.
    let secrets = ["Zx1-pw2", "Qq8-leak", "Lm5-oops", "Rt2-hmm", "Yy3-nope"];
    w.passwords.extend(secrets.iter().map(|s| s.to_string()));
    let corpus = [
        "SIGN ON Fv Zx1-pw2",
        "SIGN ON Fve Zx1-pw2",
        "SIGNON F vett Qq8-leak",
        "SIGNON F vet Qq8-leak extra words",
        "SIGNON Qq8-leak",
        "SIGNON F Lm5-oops",
        "Sign-on F vet Lm5-oops",
        "SIGNON: F vet Lm5-oops",
        "SIGN ON Xvet Rt2-hmm",
        "signon Frankreich vet Rt2-hmm",
        "SIGNON F vet Rt2-hmm",
        "JOIN england vet Yy3-nope",
        "JOIN nosuchgame Yy3-nope",
        "JOIN vet Yy3-nope extra",
        "MASTER Yy3-nope",
        "SET PASSWORD Yy3-nope",
        "SET PASSWORD Yy3-nope Zx1-pw2",
    ];
    let mut ids = Vec::new();
    for line in corpus {
        ids.push(w.send("stranger@elsewhere.test", line));
    }
    // The same lines from a player's own address, after a good sign-on.
    // The corpus holds a German power name (`Frankreich`), from which the
    // judge would guess a German reader: this player reads English.
    w.send(&addr("france"), "SET LANGUAGE en");
    let body = format!("SIGNON F vet {}\n{}", pw("france"), corpus.join("\n"));
    let mine = w.send(&addr("france"), &body);
    w.pass();
    assert!(w.checked > 0);
    // Each line is refused, in the language the judge read the mail in
    // (`Frankreich` reads as German).
    for id in &ids {
        let r = w.reply("stranger@elsewhere.test", id);
        assert!(
            ["REJECTED:", "ABGELEHNT:", "REFUSÉ\u{a0}:"]
                .iter()
                .any(|mark| r.contains(mark)),
            "no line refused: {r}"
        );
    }
    let r = w.reply(&addr("france"), &mine);
    assert_has(
        &r,
        "Line 1: SIGNON F vet ****\n  OK: signed on as France in game vet",
    );
    // The njudge form of a wrong game is refused without repeating it.
    let first = w.reply("stranger@elsewhere.test", &ids[0]);
    assert_has(&first, "SIGNON ... (not repeated: it may hold a password)");
}

#[test]
fn joining_a_taken_power_does_not_name_its_player() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h");
    w.send(
        &addr("england"),
        &format!("JOIN england vet {}", pw("england")),
    );
    w.pass();
    let m = w.send("newcomer@players.test", "JOIN england vet Nw-pass-1");
    w.passwords.push("Nw-pass-1".into());
    w.pass();
    let r = w.reply("newcomer@players.test", &m);
    assert_has(&r, "England in game vet already has a player");
    assert!(!has(&r, &addr("england")), "{r}");
}

// --------------------------------------------- press never becomes orders

#[test]
fn a_press_block_that_cannot_be_read_is_not_sent_and_never_read_as_orders() {
    let mut w = World::started("press=white");
    w.play("turkey", "A con - bul");
    w.pass();
    let m = w.play("turkey", "PRESS FAKE TO R\nA con H\nENDPRESS\nF ank - bla");
    w.pass();
    let r = w.reply(&addr("turkey"), &m);
    assert_has(&r, "Line 2: PRESS FAKE TO R\n  REJECTED: press NOT sent:");
    assert!(!has(&r, "Line 3"), "the press text is not read: {r}");
    assert!(!has(&r, "Line 4"), "ENDPRESS closes the block: {r}");
    assert_has(&r, "Line 5: F ank - bla\n  OK");
    let shown = w.orders_show("turkey");
    assert!(shown.contains("A con - bul"), "{shown}");
    assert!(!shown.contains("A con H"), "{shown}");
    assert!(w.about(&addr("russia"), "press").is_empty());

    // A block with no ENDPRESS runs to the end of the mail: sent as press,
    // nothing of it read as orders, and the reply says so.
    let m = w.play("turkey", "PRESS TO R\nHello Tsar.\nA con H");
    w.pass();
    let r = w.reply(&addr("turkey"), &m);
    assert_has(&r, "OK: press sent (signed) to Russia");
    assert_has(&r, "NOTE: there was no ENDPRESS line");
    assert!(w.orders_show("turkey").contains("A con - bul"));
    let got = w.mails(&addr("russia"));
    assert!(
        got.iter().any(|m| m.contains("| Hello Tsar.\n| A con H")),
        "{got:#?}"
    );
}

// ------------------------------------------------ errors that say what

#[test]
fn an_unknown_command_is_named_as_such_for_players_and_the_master() {
    let mut w = World::started("");
    let m = w.play("france", "SET MOOD happy\nFOO bar");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: SET MOOD happy\n  REJECTED: `SET MOOD`: not a command this judge knows",
    );
    assert_has(
        &r,
        "Line 3: FOO bar\n  REJECTED: `FOO`: not a command this judge knows",
    );
    assert!(!has(&r, "expected a unit"), "{r}");
    let m = w.master("KICK vet france\nRESIGN");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(
        &r,
        "Line 2: KICK vet france\n  REJECTED: `KICK`: not a command this judge knows",
    );
    assert_has(
        &r,
        "Line 3: RESIGN\n  REJECTED: not done: this is a player's command",
    );
    assert!(!has(&r, "sign on first"), "{r}");
}

#[test]
fn a_mail_signing_on_to_two_games_shows_the_orders_of_each() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h\nCREATE vet2 deadline=48h");
    for p in POWERS {
        w.send(
            &addr(p),
            &format!("JOIN {p} vet {}\nJOIN {p} vet2 {}", pw(p), pw(p)),
        );
    }
    w.master("START vet\nSTART vet2");
    w.pass();
    let m = w.send(
        &addr("france"),
        &format!(
            "SIGNON F vet {pw}\nA par - bur\nSIGNON F vet2 {pw}\nA par - pic",
            pw = pw("france")
        ),
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Your orders as France in game vet, Spring 1901 Movement (S1901M):\n  A par - bur\n",
    );
    assert_has(
        &r,
        "Your orders as France in game vet2, Spring 1901 Movement (S1901M):\n  A par - pic\n",
    );
}

// ------------------------------------------------ every change announced

#[test]
fn every_change_the_master_makes_by_mail_is_announced_to_players_and_observers() {
    let mut w = World::started("");
    w.observe("watcher@elsewhere.test", "vet");
    w.play("france", "A par - bur");
    w.pass();
    let everyone: Vec<String> = POWERS
        .iter()
        .map(|p| addr(p))
        .chain(["watcher@elsewhere.test".to_string()])
        .collect();
    // A 48-hour deadline cut to four minutes.
    w.master("SET DEADLINE vet 4m");
    w.pass();
    for who in &everyone {
        let got = w.about(who, "new deadline for S1901M");
        assert_eq!(got.len(), 1, "{who}");
        assert_has(
            &got[0],
            "moved the deadline for S1901M in game vet to 2025-03-01 12:04 UTC",
        );
    }
    w.master("PAUSE vet");
    w.pass();
    w.now += Duration::hours(1);
    w.master("RESUME vet");
    w.pass();
    for who in &everyone {
        assert_eq!(w.about(who, "the game is paused").len(), 1, "{who}");
        let r = w.about(who, "the game is resumed");
        assert_eq!(r.len(), 1, "{who}");
        assert_has(&r[0], "Orders for S1901M are due by 2025-03-01 13:04 UTC");
    }
    // Played on, then rolled back: everyone hears it, each power gets its
    // own orders again, and no one else's.
    w.now += Duration::minutes(10);
    w.pass();
    assert_eq!(
        w.about(&addr("england"), "Spring 1901 Movement results")
            .len(),
        1
    );
    w.master("ROLLBACK vet S1901M");
    w.pass();
    for who in &everyone {
        let got = w.about(who, "rolled back to S1901M");
        assert_eq!(got.len(), 1, "{who}");
        assert_has(
            &got[0],
            "rolled game vet back to the start of Spring 1901 Movement",
        );
    }
    let fr = w.about(&addr("france"), "your orders for S1901M again");
    assert_eq!(fr.len(), 1);
    assert_has(&fr[0], "Your orders that stand again:\n  A par - bur\n");
    let en = w.about(&addr("england"), "your orders for S1901M again");
    assert_eq!(en.len(), 1);
    assert!(
        !has(&en[0], "A par - bur"),
        "France's orders are France's: {}",
        en[0]
    );
    // The master got a copy of what went to all, and its replies.
    assert_eq!(w.about(MASTER, "new deadline for S1901M").len(), 1);
    assert_eq!(w.about(MASTER, "Spring 1901 Movement results").len(), 1);
}

#[test]
fn the_master_hears_when_the_game_is_full_and_players_can_write_to_the_master() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h");
    for p in POWERS {
        w.send(&addr(p), &format!("JOIN {p} vet {}", mailgame::pw(p)));
    }
    w.pass();
    let full = w.about(MASTER, "every power has a player");
    assert_eq!(full.len(), 1);
    assert_has(&full[0], "START vet");
    w.master("START vet");
    w.pass();
    let m = w.play(
        "italy",
        "PRESS TO M\nMay I pause for a week?\nENDPRESS\nPRESS TO MASTER\nAnd thanks.\nENDPRESS",
    );
    w.pass();
    let r = w.reply(&addr("italy"), &m);
    assert_has(&r, "OK: press sent (signed) to the game master");
    // Both, in one mail: one mail to an address per mail to the judge.
    let got = w.about(MASTER, "Press in game vet from Italy");
    assert_eq!(got.len(), 1);
    assert_has(&got[0], "May I pause for a week?");
    assert_has(&got[0], "And thanks.");
    for p in POWERS.iter().filter(|p| **p != "italy") {
        assert!(w.about(&addr(p), "Press").is_empty(), "{p}");
    }
}

#[test]
fn without_master_copies_the_master_gets_only_its_own_mail() {
    let mut w = World::new();
    let cfg = std::fs::read_to_string(&w.cfg).unwrap();
    std::fs::write(
        &w.cfg,
        cfg.replace("[mail]", "master_copies = false\n[mail]"),
    )
    .unwrap();
    w.master("CREATE vet deadline=48h");
    for p in POWERS {
        w.send(&addr(p), &format!("JOIN {p} vet {}", mailgame::pw(p)));
    }
    w.master("START vet");
    w.pass();
    w.at_deadline();
    assert_eq!(
        w.about(&addr("france"), "Spring 1901 Movement results")
            .len(),
        1
    );
    assert!(w.about(MASTER, "results").is_empty());
}
