//! Issue 16, by mail as the players send it (`dipspy serve --once` on
//! Maildirs, a real SQLite file; every mail checked by `tests/it/support/mailcheck.rs`
//! for passwords and other players' addresses): fake press where the game
//! allows it, SUMMARY and WHOGAME in open and anonymous games, and SET
//! ADDRESS with its confirmation.

use crate::support::mailgame;

use mailgame::{MASTER, POWERS, World, addr, assert_has, has, pw};

/// The press mails `who` received.
fn press(w: &World, who: &str) -> Vec<String> {
    w.about(who, "Press in game vet")
}

// ------------------------------------------------------------ fake press

#[test]
fn fake_press_shows_each_recipient_the_fake_list_and_the_master_the_truth() {
    let mut w = World::started("fake_press=yes press=grey");
    // A partial press dressed as a broadcast.
    let m = w.play(
        "france",
        "PRESS TO E, G FAKE BROADCAST\nThe Channel is yours.\nENDPRESS",
    );
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "OK: press sent (signed) to England, Germany, addressed as if to everybody (fake press; the game master is told the truth)",
    );
    for p in ["england", "germany"] {
        let got = press(&w, &addr(p));
        assert_eq!(got.len(), 1, "{p}: {got:#?}");
        assert_has(
            &got[0],
            "From: France\nTo: everybody\n\n-- Press written by: France (not by the judge); each line of it is marked \"|\" --\n| The Channel is yours.",
        );
        assert!(
            !has(&got[0], "England, Germany"),
            "{p} sees the truth: {}",
            got[0]
        );
    }
    for p in ["austria", "italy", "russia", "turkey"] {
        assert!(press(&w, &addr(p)).is_empty(), "{p} got the press");
    }
    let truth = w.about(MASTER, "(fake press: the truth)");
    assert_eq!(truth.len(), 1, "{truth:#?}");
    assert_has(
        &truth[0],
        "Really from: France\nReally to: England, Germany\n",
    );
    assert_has(&truth[0], "  To: everybody\n");
    assert_has(&truth[0], "The Channel is yours.");

    // A partial press dressed as going to others, sent unsigned.
    let m = w.play(
        "france",
        "PRESS TO E ANON FAKE TO E, G\nJust us two.\nENDPRESS",
    );
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "OK: press sent (unsigned) to England",
    );
    let got = press(&w, &addr("england"));
    assert_eq!(got.len(), 2);
    assert!(
        got.iter().any(|m| has(
            m,
            "From: an anonymous power\nTo: England, Germany\n\n-- Press written by: an anonymous power (not by the judge); each line of it is marked \"|\" --\n| Just us two."
        )),
        "{got:#?}"
    );
    assert_eq!(
        press(&w, &addr("germany")).len(),
        1,
        "Germany got no second press"
    );
    let truth = w.about(MASTER, "(fake press: the truth)");
    assert_eq!(truth.len(), 2);
    assert!(
        truth.iter().any(|m| has(
            m,
            "Really from: France (sent unsigned)\nReally to: England\n"
        )),
        "{truth:#?}"
    );

    // To everybody, dressed as going to Russia alone.
    w.play("turkey", "PRESS FAKE TO R\nA word for the Tsar.\nENDPRESS");
    w.pass();
    for p in POWERS {
        let got = press(&w, &addr(p));
        assert!(
            got.iter().any(|m| has(
                m,
                "From: Turkey\nTo: Russia\n\n-- Press written by: Turkey (not by the judge); \
                     each line of it is marked \"|\" --\n| A word for the Tsar."
            )),
            "{p}: {got:#?}"
        );
    }
    let truth = w.about(MASTER, "(fake press: the truth)");
    assert_eq!(truth.len(), 3);
    assert!(
        truth
            .iter()
            .any(|m| has(m, "Really from: Turkey\nReally to: everybody\n")),
        "{truth:#?}"
    );

    // The master is never faked, and a broadcast has nothing to fake.
    let m = w.play(
        "italy",
        "PRESS TO M FAKE BROADCAST\nhi\nENDPRESS\nBROADCAST FAKE\nho\nENDPRESS",
    );
    w.pass();
    let r = w.reply(&addr("italy"), &m);
    assert_has(
        &r,
        "Line 2: PRESS TO M FAKE BROADCAST\n  REJECTED: press NOT sent: press to the game master is never faked",
    );
    assert_has(
        &r,
        "Line 5: BROADCAST FAKE\n  REJECTED: press NOT sent: a broadcast already goes to everybody",
    );
    assert_eq!(w.about(MASTER, "(fake press: the truth)").len(), 3);
}

#[test]
fn fake_press_is_refused_where_the_game_does_not_allow_it_and_nothing_is_sent() {
    let mut w = World::started("press=grey");
    let m = w.play(
        "france",
        "PRESS TO E FAKE BROADCAST\nsecret\nENDPRESS\nA par - bur",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "REJECTED: press NOT sent: game vet does not allow fake press (the game master creates such games with fake_press=yes): send the press without FAKE",
    );
    assert_has(&r, "Line 5: A par - bur\n  OK");
    assert!(!has(&r, "Line 3"), "the press text was read: {r}");
    for p in POWERS {
        assert!(press(&w, &addr(p)).is_empty(), "{p} got press");
    }
    assert!(press(&w, MASTER).is_empty());
    // LIST shows the setting.
    let m = w.send("someone@elsewhere.test", "LIST vet");
    w.pass();
    assert_has(
        &w.reply("someone@elsewhere.test", &m),
        "fake press: not allowed; players' addresses: shown by WHOGAME",
    );
}

/// `PRESS TO ALL BUT`: every other power still in the game gets it, the
/// powers named and the sender do not; a list that leaves nobody is
/// refused and nothing is sent.
#[test]
fn press_to_all_but_goes_to_every_other_power() {
    let mut w = World::started("");
    let m = w.play(
        "france",
        "PRESS TO ALL BUT E, Germany\nNot a word to the north.\nENDPRESS",
    );
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "OK: press sent (signed) to Austria, Italy, Russia, Turkey",
    );
    for p in ["austria", "italy", "russia", "turkey"] {
        let got = press(&w, &addr(p));
        assert_eq!(got.len(), 1, "{p}: {got:#?}");
        assert_has(
            &got[0],
            "From: France\nTo: Austria, Italy, Russia, Turkey\n\n-- Press written by: France (not by the judge); each line of it is marked \"|\" --\n| Not a word to the north.",
        );
    }
    for p in ["england", "germany", "france"] {
        assert!(press(&w, &addr(p)).is_empty(), "{p} got the press");
    }
    let m = w.play(
        "france",
        "PRESS TO ALL BUT A, E, G, I, R, T\nnobody\nENDPRESS\nA par - bur",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "REJECTED: PRESS TO ALL BUT leaves no power of game vet to send to: name fewer powers; the message was not relayed",
    );
    assert_has(&r, "A par - bur\n  OK");
    assert_eq!(
        press(&w, &addr("austria")).len(),
        1,
        "a second press went out"
    );
}

// ------------------------------------------------ SUMMARY and WHOGAME

#[test]
fn summary_and_whogame_name_the_players_of_an_open_game_and_count_the_centres() {
    let mut w = World::started("approve_takeovers=no");
    // In an open game (not anonymous, the default) the players'
    // addresses are public by the game's setting: the check on every
    // mail then looks for passwords only.
    w.addresses.clear();
    w.play("england", "F edi - nwg");
    w.play("france", "RESIGN");
    w.observe("watcher@elsewhere.test", "vet");
    w.pass();
    let newcomer = "newcomer@players.test";
    w.passwords.push("Nc-pass-7".into());
    w.send(newcomer, "TAKEOVER france vet Nc-pass-7");
    w.pass();
    w.at_deadline();
    w.play("england", "F nwg - nwy");
    w.pass();
    w.at_deadline();
    let outsider = "curious@elsewhere.test";
    let m = w.send(outsider, "SUMMARY vet\nWHOGAME vet");
    w.pass();
    let r = w.reply(outsider, &m);
    assert_has(
        &r,
        "Line 1: SUMMARY vet\n  OK: the summary of game vet is at the end of this reply",
    );
    assert_has(
        &r,
        "Line 2: WHOGAME vet\n  OK: the list of players of game vet is at the end of this reply",
    );
    assert_has(&r, "Summary of game vet (standard, active):");
    assert_has(
        &r,
        "  France   france@players.test from the start until S1901M (resigned); newcomer@players.test from S1901M\n",
    );
    assert_has(&r, "  England  england@players.test from the start\n");
    assert_has(
        &r,
        "Supply centres:\n        Austria England France Germany Italy Russia Turkey\n  start       3       3      3       3     3      4      3\n  1901        3       4      3       3     3      4      3\n",
    );
    assert_has(&r, "Players of game vet (active):\n");
    assert_has(&r, "  France   playing    newcomer@players.test\n");
    assert_has(&r, "Observers (1):\n  watcher@elsewhere.test\n");
    assert!(!has(&r, "anonymous"), "{r}");
}

#[test]
fn an_anonymous_game_numbers_its_players_for_everybody_but_the_master() {
    let mut w = World::started("anonymous=yes approve_takeovers=no");
    w.play("france", "RESIGN");
    w.pass();
    w.passwords.push("Nc-pass-7".into());
    w.addresses.push("newcomer@players.test".into());
    w.send("newcomer@players.test", "TAKEOVER france vet Nc-pass-7");
    w.observe("watcher@elsewhere.test", "vet");
    w.pass();
    // A player asks: every mail is checked for other players' addresses.
    let m = w.play("germany", "WHOGAME vet\nSUMMARY vet");
    w.pass();
    let r = w.reply(&addr("germany"), &m);
    assert_has(&r, "  France   playing    player 8\n");
    assert_has(
        &r,
        "  France   player 3 from the start until S1901M (resigned); player 8 from S1901M\n",
    );
    assert_has(&r, "Observers: 1\n");
    assert_has(
        &r,
        "Game vet is anonymous: its players' addresses are not shown",
    );
    assert!(!has(&r, "watcher@"), "{r}");
    // The master sees everybody.
    let m = w.master("WHOGAME vet");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(&r, "  France   playing    newcomer@players.test\n");
    assert_has(&r, "  Germany  playing    germany@players.test\n");
    assert_has(&r, "Observers (1):\n  watcher@elsewhere.test\n");
    // An unknown game is named as such.
    let m = w.send("x@elsewhere.test", "WHOGAME nosuch");
    w.pass();
    assert_has(
        &w.reply("x@elsewhere.test", &m),
        "REJECTED: there is no game called `nosuch`",
    );
}

// ------------------------------------------------------------ SET ADDRESS

/// The code in the confirmation mail.
fn code_in(mail: &str) -> String {
    let line = mail
        .lines()
        .find(|l| l.trim_start().starts_with("CONFIRM ADDRESS "))
        .unwrap_or_else(|| panic!("no code: {mail}"));
    line.trim()
        .trim_start_matches("CONFIRM ADDRESS ")
        .to_string()
}

#[test]
fn set_address_takes_effect_only_when_the_new_address_confirms() {
    let mut w = World::started("");
    let new = "anne.new@elsewhere.test";
    let m = w.play("france", &format!("SET ADDRESS {new}"));
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(&r, &format!("OK: a code was mailed to {new}"));
    let asked = w.about(new, "Confirm your address for France in game vet");
    assert_eq!(asked.len(), 1, "{:#?}", w.mails(new));
    let code = code_in(&asked[0]);
    assert!(!has(&r, &code), "the code reached the old address: {r}");
    assert!(!has(&asked[0], &pw("france")));

    // Not confirmed: the results still go to the old address only.
    w.at_deadline();
    assert_eq!(
        w.about(&addr("france"), "Spring 1901 Movement results")
            .len(),
        1
    );
    assert_eq!(w.mails(new).len(), 1, "{:#?}", w.mails(new));

    // The right code from the wrong address, a wrong code from the right
    // one: nothing changes.
    let m1 = w.send(&addr("france"), &format!("CONFIRM ADDRESS {code}"));
    let m2 = w.send(new, "CONFIRM ADDRESS ZZZZ-ZZZZ-ZZZZ");
    w.pass();
    for (who, m) in [(addr("france"), &m1), (new.to_string(), &m2)] {
        let r = w.reply(&who, m);
        assert_has(
            &r,
            "REJECTED: address not changed: no change of address waits for this code from this address",
        );
        assert!(!has(&r, &code), "{r}");
    }
    let m = w.play("france", "A par H");
    w.pass();
    assert_has(&w.reply(&addr("france"), &m), "OK: order stored");

    // Confirmed from the new address.
    let m = w.send(
        new,
        &format!("> quoted text\nCONFIRM ADDRESS {}", code.to_lowercase()),
    );
    w.pass();
    let r = w.reply(new, &m);
    assert_has(
        &r,
        "OK: confirmed: the judge now writes to anne.new@elsewhere.test for France in game vet",
    );
    assert!(!has(&r, &code), "{r}");
    let told = w.about(
        &addr("france"),
        "Your address for France in game vet changed",
    );
    assert_eq!(told.len(), 1);
    // The code works once.
    let m = w.send(new, &format!("CONFIRM ADDRESS {code}"));
    w.pass();
    assert_has(&w.reply(new, &m), "REJECTED: address not changed");

    // From now on the judge writes to the new address; the password is
    // unchanged and the new address signs on.
    let old_count = w.mails(&addr("france")).len();
    let m = w.send(new, &format!("SIGNON F vet {}\nA mar H", pw("france")));
    w.pass();
    assert_has(&w.reply(new, &m), "OK: signed on as France in game vet");
    w.at_deadline();
    assert_eq!(w.about(new, "Fall 1901 Movement results").len(), 1);
    assert_eq!(
        w.mails(&addr("france")).len(),
        old_count,
        "the old address got more mail"
    );
    // Nobody else ever saw the new address.
    for p in POWERS.iter().filter(|p| **p != "france") {
        for m in w.mails(&addr(p)) {
            assert!(!has(&m, new), "{p} saw the new address: {m}");
        }
    }
}

#[test]
fn set_address_refuses_an_address_another_power_plays() {
    let mut w = World::started("");
    // The reply quotes France's own line, which names Germany's address:
    // the check on every mail looks for passwords only here.
    w.addresses.clear();
    // One address, one power.
    let m = w.play("france", &format!("SET ADDRESS {}", addr("germany")));
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "REJECTED: address not changed: that address is already in use in game vet",
    );
    assert!(w.about(&addr("germany"), "Confirm your address").is_empty());
    // Germany still gets its own mail, and France's address is unchanged.
    let m = w.play("france", "A par H");
    w.pass();
    assert_has(&w.reply(&addr("france"), &m), "OK: order stored");
}

#[test]
fn game_create_takes_the_two_settings_and_game_show_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--db")
            .arg(&db)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    run(&["game", "create", "open1"]);
    run(&["game", "create", "anon1", "--fake-press", "--anonymous"]);
    assert_has(
        &run(&["game", "show", "open1"]),
        "fake press: not allowed; players' addresses: shown by WHOGAME",
    );
    assert_has(
        &run(&["game", "show", "anon1"]),
        "fake press: allowed; players' addresses: secret (anonymous game)",
    );
}

#[test]
fn whogame_of_a_forming_game_names_who_waits_for_a_power() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h");
    w.send(
        &addr("austria"),
        &format!("JOIN austria vet {}", pw("austria")),
    );
    w.send("early@elsewhere.test", "JOIN vet Early-pw-1");
    w.passwords.push("Early-pw-1".into());
    w.pass();
    // Not anonymous: the addresses are public by the game's setting.
    w.addresses.clear();
    let m = w.send("curious@elsewhere.test", "WHOGAME vet\nSUMMARY vet");
    w.pass();
    let r = w.reply("curious@elsewhere.test", &m);
    assert_has(&r, "Players of game vet (forming):\n");
    assert_has(&r, "  Austria  playing    austria@players.test\n");
    assert_has(&r, "  France   vacant     nobody\n");
    assert_has(
        &r,
        "Joined, waiting for a power when the game fills: early@elsewhere.test\n",
    );
    assert_has(
        &r,
        "No phase has been played yet: there are no supply-centre counts.",
    );
}
