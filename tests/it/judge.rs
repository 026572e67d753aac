//! The judge's handling of one mail: a real SQLite file in a temporary
//! directory, messages built as the mail layer hands them over, and the
//! reply and the stored state checked after each.

use dipspy::game::{self, CreateOptions};
use dipspy::judge::{JudgeSettings, Reply, verify_cached};
use dipspy::store::{self, AnnouncementKind, Audience};

use crate::support::judge::{Judge, POWERS, addr, assert_has, hash, now, pw, settings};

const MASTER: &str = "gm@example.org";

trait Setup {
    fn new() -> Self;
    fn game(&mut self, name: &str, press: &str, password_optional: bool, start: bool);
    fn orders(&self, game: &str, power: &str) -> Vec<String>;
    fn announcements(&self, game: &str) -> Vec<store::AnnouncementRow>;
}

impl Setup for Judge {
    fn new() -> Judge {
        Judge::open(JudgeSettings {
            master_address: Some(MASTER.into()),
            master_password_hash: Some(hash("gm-secret")),
            defaults: CreateOptions {
                timezone: "Europe/Berlin".into(),
                ..CreateOptions::default()
            },
            master_copies: true,
            alert_after_minutes: None,
            ..settings()
        })
    }

    /// A game with every power taken (`power@example.org`, password
    /// `power-pw`), started unless `start` is false.
    fn game(&mut self, name: &str, press: &str, password_optional: bool, start: bool) {
        let o = CreateOptions {
            press: press.into(),
            password_optional,
            ..self.js.defaults.clone()
        };
        game::create(&mut self.st, name, &o, now()).unwrap();
        self.seat(name, &POWERS);
        if start {
            game::start(&mut self.st, name, now()).unwrap();
        }
    }

    fn orders(&self, game: &str, power: &str) -> Vec<String> {
        let (_, p) = game::show_orders(&self.st, game, Some(power)).unwrap();
        p[0].orders.clone()
    }

    /// What mail commands announced: everything but the game's own
    /// notices that it is full (to the master) and that it started.
    fn announcements(&self, game: &str) -> Vec<store::AnnouncementRow> {
        let g = self.st.read().game_by_name(game).unwrap().unwrap();
        // Read as a reader reads them: typed ones put into words.
        dipspy::text::render_notices(
            dipspy::text::Lang::En,
            self.st.read().announcements(g.id).unwrap(),
        )
        .into_iter()
        .filter(|a| a.kind != AnnouncementKind::Start && a.kind != AnnouncementKind::Full)
        .collect()
    }
}

fn has(reply: &Reply, text: &str) -> bool {
    reply.body.contains(text)
}

#[test]
fn signon_and_orders_get_a_reply_with_the_standing_orders_and_deadline() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let r = j.send(
        &addr("france"),
        "SIGNON F g france-pw\nA par - bur\nA mar - spa\n\n-- \nsent from my phone",
    );
    assert_eq!(r.subject, "Re: orders");
    assert_has(
        &r,
        "Line 1: SIGNON F g ****\n  OK: signed on as France in game g",
    );
    assert_has(
        &r,
        "Line 2: A par - bur\n  OK: order stored as `A par - bur`",
    );
    assert_has(
        &r,
        "Line 3: A mar - spa\n  OK: order stored as `A mar - spa`",
    );
    assert_has(
        &r,
        "Your orders as France in game g, Spring 1901 Movement (S1901M):",
    );
    // Issue 11: the summary names the units still without an order.
    assert_has(&r, "  Still without an order: F bre\n");
    // 48 hours on, shown in the game's timezone (Berlin, winter).
    assert_has(&r, "Deadline: 2025-01-12 13:00 CET");
    assert!(!has(&r, "france-pw"), "the password is not repeated");
    assert_eq!(j.orders("g", "france"), ["A par - bur", "A mar - spa"]);

    // A second mail: the fleet's order, and a new order for Paris.
    let r = j.send(
        &addr("france"),
        "signon france g france-pw\nF bre - mao\nA par - pic\n",
    );
    assert_has(&r, "order stored as `A par - pic`, replacing `A par - bur`");
    assert_has(&r, "  A mar - spa\n  F bre - mid\n  A par - pic\n");
    assert!(!has(&r, "still have no order"), "{}", r.body);
}

#[test]
fn a_wrong_password_changes_nothing() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let r = j.send(
        &addr("france"),
        "SIGNON F g guess\nA par - bur\nSET WAIT\nPRESS TO E\nhi\nENDPRESS\nRESIGN\n",
    );
    assert_has(
        &r,
        "REJECTED: sign-on refused: wrong password for France in game g",
    );
    assert_has(
        &r,
        "Line 2: A par - bur\n  REJECTED: not done, because the SIGNON on line 1 failed",
    );
    assert_has(
        &r,
        "Line 3: SET WAIT\n  REJECTED: not done, because the SIGNON on line 1 failed",
    );
    assert_has(&r, "Line 4: PRESS TO E\n  REJECTED");
    assert_has(&r, "Line 7: RESIGN\n  REJECTED");
    assert!(j.orders("g", "france").is_empty());
    assert!(j.announcements("g").is_empty());
    let v = game::show(&j.st, "g").unwrap();
    let fr = v.powers.iter().find(|p| p.power == "france").unwrap();
    assert_eq!((fr.wait, fr.status.as_str()), (false, "playing"));
    // No "your orders" section for a failed signon.
    assert!(!has(&r, "Your orders"));
}

#[test]
fn a_forged_sender_needs_the_password() {
    let mut j = Judge::new();
    j.game("g", "white", true, true);
    // Without a password, from somebody else's address: refused.
    let r = j.send("mallory@example.org", "SIGNON F g\nA par - bur");
    assert_has(
        &r,
        "sign-on refused: the password may be left out only in mail that the judge's mail \
         server confirms comes from the address",
    );
    assert!(j.orders("g", "france").is_empty());
    // From the registered address, but not vouched for by the receiving
    // server (a forged From:): refused too.
    let r = j.send_as(&addr("france"), "SIGNON F g\nA par - bur", false);
    assert_has(
        &r,
        "sign-on refused: the password may be left out only in mail",
    );
    assert!(j.orders("g", "france").is_empty());
    // Without a password from the registered address, authenticated: the
    // game allows it.
    let r = j.send(&addr("france"), "SIGNON F g\nA par - bur");
    assert_has(&r, "OK: signed on as France");
    assert_eq!(j.orders("g", "france"), ["A par - bur"]);

    // A game that needs the password refuses even the registered address.
    j.game("h", "white", false, true);
    let r = j.send(&addr("france"), "SIGNON F h\nA par - bur");
    assert_has(&r, "game h needs the password");
    assert!(j.orders("h", "france").is_empty());
}

#[test]
fn an_unknown_sender_may_only_join_observe_list_and_ask_for_help() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    game::create(&mut j.st, "forming", &j.js.defaults.clone(), now()).unwrap();
    let r = j.send(
        "stranger@example.org",
        "A par - bur\nCLEAR\nSET WAIT\nSET PASSWORD x\nRESIGN\nBROADCAST\nhi\nENDPRESS\nHISTORY g\n\
         HELP\nLIST\nLIST g\nOBSERVE g\nJOIN forming pw\n",
    );
    for (n, line) in [
        (1, "A par - bur"),
        (2, "CLEAR"),
        (3, "SET WAIT"),
        (4, "SET PASSWORD ****"),
        (5, "RESIGN"),
        (6, "BROADCAST"),
    ] {
        assert_has(
            &r,
            &format!("Line {n}: {line}\n  REJECTED: not done: sign on first"),
        );
    }
    assert_has(
        &r,
        "Line 9: HISTORY g\n  REJECTED: not done: the history is for the game's players and observers",
    );
    assert_has(&r, "Line 10: HELP\n  OK");
    assert_has(&r, "dipspy: how to play by email");
    assert_has(&r, "Line 11: LIST\n  OK");
    assert_has(&r, "Games on this judge:");
    assert_has(&r, "Line 12: LIST g\n  OK");
    assert_has(
        &r,
        "Line 13: OBSERVE g\n  OK: you observe game g once you send the judge",
    );
    assert_has(
        &r,
        "Line 14: JOIN forming ****\n  OK: you joined game forming;",
    );
    // Nothing announced: the code for OBSERVE is in the reply itself.
    assert!(j.announcements("g").is_empty());
    for p in POWERS {
        assert!(j.orders("g", p).is_empty());
    }
    let code = r
        .body
        .lines()
        .find_map(|l| l.trim().strip_prefix("CONFIRM ADDRESS "))
        .unwrap()
        .to_string();
    j.send("stranger@example.org", &format!("CONFIRM ADDRESS {code}"));
    // Once observing, the history is open to them.
    let r = j.send("stranger@example.org", "HISTORY g");
    assert_has(&r, "OK: the history is at the end of this reply");
    assert_has(&r, "History of game g:\n  S1901M (current)");
}

#[test]
fn players_join_until_the_game_fills() {
    let mut j = Judge::new();
    game::create(&mut j.st, "g", &j.js.defaults.clone(), now()).unwrap();
    for p in &POWERS[..5] {
        let r = j.send(&addr(p), &format!("JOIN {} g {}", &p[..1], pw(p)));
        assert_has(
            &r,
            &format!("OK: you joined game g as {}", {
                let mut c = p.chars();
                c.next()
                    .unwrap()
                    .to_uppercase()
                    .chain(c)
                    .collect::<String>()
            }),
        );
    }
    let r = j.send("six@example.org", "JOIN g six-pw");
    assert_has(&r, "you will get a power at random when the game fills");
    let r = j.send("seven@example.org", "JOIN g seven-pw");
    assert_has(&r, "the game is now full and every player has a power");
    let g = j.st.read().game_by_name("g").unwrap().unwrap();
    let powers = j.st.read().powers(g.id).unwrap();
    assert!(powers.iter().all(|p| p.email.is_some()));
    let late: Vec<&str> = powers
        .iter()
        .filter(|p| {
            p.email
                .as_deref()
                .is_some_and(|e| !e.ends_with("@example.org") || e.starts_with('s'))
        })
        .map(|p| p.power.as_str())
        .collect();
    assert_eq!(late.len(), 2, "{powers:?}");
    // The two assigned players are told their power privately.
    let a = j.announcements("g");
    let mut told: Vec<String> = a.iter().map(|a| a.audience.to_text()).collect();
    told.sort();
    let mut want = late.clone();
    want.sort();
    assert_eq!(told, want);
    // A player of the full game signs on with the random power.
    let six = powers
        .iter()
        .find(|p| p.email.as_deref() == Some("six@example.org"))
        .unwrap();
    let r = j.send("six@example.org", &format!("SIGNON {} g six-pw", six.power));
    assert_has(&r, "OK: signed on as");
    assert_has(&r, "Game g has no phase being played");
    // Joining a full game is refused.
    let r = j.send("eight@example.org", "JOIN g pw");
    assert_has(&r, "REJECTED: not joined:");
}

#[test]
fn observing_needs_the_code_mailed_to_the_address_and_records_it_once() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let observers = |j: &Judge| {
        let g = j.st.read().game_by_name("g").unwrap().unwrap();
        j.st.read().observers(g.id).unwrap()
    };
    let r = j.send("fan@example.org", "OBSERVE g");
    assert_has(&r, "OK: you observe game g once you send the judge");
    // Nothing yet: a forged OBSERVE subscribes nobody.
    assert!(observers(&j).is_empty());
    // The code is in the reply, and in no mail of its own.
    assert!(j.announcements("g").is_empty());
    let code = r
        .body
        .lines()
        .find_map(|l| l.trim().strip_prefix("CONFIRM ADDRESS "))
        .unwrap()
        .to_string();
    // The code works only from the address it was mailed to.
    let r = j.send("other@example.org", &format!("CONFIRM ADDRESS {code}"));
    assert_has(
        &r,
        "REJECTED: address not changed: no change of address waits",
    );
    assert!(observers(&j).is_empty());
    let r = j.send("fan@example.org", &format!("CONFIRM ADDRESS {code}"));
    assert_has(&r, "OK: confirmed: you now observe game g");
    assert_eq!(observers(&j), ["fan@example.org"]);
    // Once only.
    let r = j.send("fan@example.org", &format!("CONFIRM ADDRESS {code}"));
    assert_has(&r, "REJECTED");
    let r = j.send("fan@example.org", "observe g");
    assert_has(&r, "OK: you already observe game g");
    let r = j.send("fan@example.org", "observe nosuch");
    assert_has(&r, "REJECTED: there is no game called `nosuch`");
    assert_eq!(observers(&j), ["fan@example.org"]);
}

#[test]
fn wrong_passwords_lock_a_power_for_everyone_but_its_own_address_and_tell_once() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let locks = |j: &Judge| {
        let g = j.st.read().game_by_name("g").unwrap().unwrap();
        j.st.read()
            .announcements(g.id)
            .unwrap()
            .into_iter()
            .filter(|a| a.kind == AnnouncementKind::SignonLock)
            .map(|a| a.audience.to_text())
            .collect::<Vec<_>>()
    };
    // Five wrong guesses, each from another address.
    for i in 0..5 {
        let r = j.send(
            &format!("guess{i}@evil.test"),
            &format!("SIGNON F g guess{i}"),
        );
        assert_has(&r, "sign-on refused: wrong password for France");
    }
    assert_eq!(locks(&j), ["france", "master"]);
    // Now even the right password is refused from any other address...
    let r = j.send("guess9@evil.test", "SIGNON F g france-pw\nA par - bur");
    assert_has(
        &r,
        "sign-on refused: too many wrong passwords were given for France",
    );
    assert!(j.orders("g", "france").is_empty());
    // ... while the player's own address still signs on.
    let r = j.send(&addr("france"), "SIGNON F g france-pw\nA par - bur");
    assert_has(&r, "OK: signed on as France");
    assert_eq!(j.orders("g", "france"), ["A par - bur"]);
    // More guesses are refused without a new note: told once.
    for i in 0..5 {
        j.send(
            &format!("more{i}@evil.test"),
            &format!("SIGNON F g more{i}"),
        );
    }
    assert_eq!(locks(&j), ["france", "master"]);
    // Many guesses in one message count too.
    let many: String = (0..20).map(|i| format!("SIGNON G g x{i}\n")).collect();
    let r = j.send("bulk@evil.test", &many);
    assert_has(
        &r,
        "sign-on refused: too many wrong passwords were given for Germany",
    );
    let g = j.st.read().game_by_name("g").unwrap().unwrap();
    let n: i64 =
        j.st.conn()
            .query_row(
                "SELECT count(*) FROM signon_failures WHERE game_id = ?1 AND power = 'germany'",
                [g.id],
                |r| r.get(0),
            )
            .unwrap();
    assert_eq!(
        n, 5,
        "the password is not even checked once the power is locked"
    );
}

#[test]
fn press_follows_the_games_press_setting_and_reaches_only_its_recipients() {
    let mut j = Judge::new();
    j.game("none", "none", false, true);
    j.game("white", "white", false, true);
    j.game("grey", "grey", false, true);
    let press = "PRESS TO E, Germany\nLet us talk.\nENDPRESS\n";

    let r = j.send(
        &addr("france"),
        &format!("SIGNON F none france-pw\n{press}"),
    );
    assert_has(&r, "REJECTED: game none allows no press");
    assert!(j.announcements("none").is_empty());

    let r = j.send(
        &addr("france"),
        &format!("SIGNON F white france-pw\n{press}"),
    );
    assert_has(&r, "OK: press sent (signed) to England, Germany");
    let a = j.announcements("white");
    let to: Vec<String> = a.iter().map(|a| a.audience.to_text()).collect();
    assert_eq!(to, ["england", "germany"]);
    assert!(a.iter().all(|a| a.kind == AnnouncementKind::Press));
    assert!(
        a[0].body
            .starts_with("From: France\nTo: England, Germany\n\n-- Press written by: France (not by the judge); each line of it is marked \"|\" --\n| Let us talk.")
    );
    let r = j.send(
        &addr("france"),
        "SIGNON F white france-pw\nPRESS TO E ANON\nboo\nENDPRESS",
    );
    assert_has(&r, "REJECTED: game white allows only signed (white) press");
    assert_eq!(j.announcements("white").len(), 2);

    let r = j.send(
        &addr("france"),
        "SIGNON F grey france-pw\nPRESS TO E ANON\nboo\nENDPRESS\nBROADCAST\nhello all\nENDPRESS",
    );
    assert_has(&r, "OK: press sent (unsigned) to England");
    assert_has(&r, "OK: press sent (signed) to everybody");
    let a = j.announcements("grey");
    assert_eq!(a.len(), 3);
    assert_eq!(a[0].audience, Audience::Power("england".into()));
    assert!(!a[0].body.contains("France") && !a[0].subject.contains("France"));
    assert!(a[0].body.contains("an anonymous power"));
    // Issue 21: the game master's own copy names the author.
    assert_eq!(a[1].audience, Audience::Master);
    assert!(a[1].body.contains("Really from: France\n"), "{}", a[1].body);
    assert_eq!(a[2].audience, Audience::All);
    assert!(a[2].body.starts_with("From: France\nTo: everybody"));

    // An unknown recipient sends nothing.
    let r = j.send(
        &addr("france"),
        "SIGNON F grey france-pw\nPRESS TO E, Atlantis\nhi\nENDPRESS",
    );
    assert_has(&r, "REJECTED: game grey has no power `Atlantis`");
    assert_eq!(j.announcements("grey").len(), 3);
}

#[test]
fn set_wait_and_nowait_set_the_flag() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let wait = |j: &Judge| game::show_orders(&j.st, "g", Some("france")).unwrap().1[0].wait;
    let r = j.send(&addr("france"), "SIGNON F g france-pw\nSET WAIT");
    assert_has(
        &r,
        "OK: the phase will not be processed before its deadline",
    );
    assert_has(&r, "You asked to wait for the deadline");
    assert!(wait(&j));
    let r = j.send(&addr("france"), "SIGNON F g france-pw\nset nowait");
    assert_has(
        &r,
        "OK: the phase may be processed as soon as all orders are in",
    );
    assert!(!wait(&j));
}

#[test]
fn clear_withdraws_earlier_orders_and_the_new_ones_stand() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    j.send(
        &addr("france"),
        "SIGNON F g france-pw\nA par - bur\nA mar - spa",
    );
    assert_eq!(j.orders("g", "france").len(), 2);
    let r = j.send(&addr("france"), "SIGNON F g france-pw\nCLEAR\nF bre - mao");
    assert_has(&r, "Line 2: CLEAR\n  OK: 2 earlier orders withdrawn");
    assert_eq!(j.orders("g", "france"), ["F bre - mid"]);
    let r = j.send(&addr("france"), "SIGNON F g france-pw\nCLEAR");
    assert_has(&r, "OK: 1 earlier order withdrawn");
    assert_has(&r, "(S1901M):\n  (none)\n");
    assert!(j.orders("g", "france").is_empty());
}

#[test]
fn resign_leaves_the_power_without_a_player() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let r = j.send(&addr("italy"), "SIGNON I g italy-pw\nRESIGN\nA ven H");
    assert_has(&r, "OK: you resigned: Italy in game g has no player now");
    assert_has(&r, "Line 3: A ven H\n  REJECTED: not done: sign on first");
    let v = game::show(&j.st, "g").unwrap();
    let it = v.powers.iter().find(|p| p.power == "italy").unwrap();
    assert_eq!((it.status.as_str(), it.email.as_deref()), ("vacant", None));
    let a = j.announcements("g");
    // To every player and observer, and to the master (issue 11).
    assert_eq!(
        (a[0].audience.to_text().as_str(), a[0].kind.as_str()),
        ("all+master", "game")
    );
    // The old password no longer signs on.
    let r = j.send(&addr("italy"), "SIGNON I g italy-pw");
    assert_has(&r, "nobody plays Italy in game g");
}

#[test]
fn set_password_changes_the_password() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let r = j.send(&addr("russia"), "SIGNON R g russia-pw\nSET PASSWORD tundra");
    assert_has(&r, "OK: your password is changed");
    assert!(!has(&r, "tundra"));
    let r = j.send(&addr("russia"), "SIGNON R g russia-pw");
    assert_has(&r, "wrong password");
    let r = j.send(&addr("russia"), "SIGNON R g tundra");
    assert_has(&r, "OK: signed on as Russia");
}

#[test]
fn master_commands_need_the_master_address_and_password() {
    let mut j = Judge::new();
    // Without MASTER, from the master's address.
    let r = j.send(MASTER, "CREATE g1");
    assert_has(
        &r,
        "REJECTED: not done: master commands need a `MASTER <password>` line",
    );
    assert!(game::list(&j.st).unwrap().is_empty());
    // The right password from another address.
    let r = j.send(&addr("france"), "MASTER gm-secret\nCREATE g1");
    assert_has(&r, "Line 1: MASTER ****\n  REJECTED: refused");
    assert!(game::list(&j.st).unwrap().is_empty());
    // A wrong password from the master's address.
    let r = j.send(MASTER, "MASTER nope\nCREATE g1");
    assert_has(&r, "REJECTED: refused");
    assert!(game::list(&j.st).unwrap().is_empty());

    // The real thing.
    let r = j.send(
        MASTER,
        "MASTER gm-secret\nCREATE g1 deadline=24h press=grey tz=UTC\nSTART g1",
    );
    assert_has(&r, "OK: game g1 created");
    assert_has(
        &r,
        "Line 3: START g1\n  REJECTED: game g1 cannot start: nobody plays",
    );
    let v = game::show(&j.st, "g1").unwrap();
    assert_eq!(
        (v.settings.press.as_str(), v.settings.movement_minutes),
        ("grey", 24 * 60)
    );
    assert_eq!(v.settings.timezone, "UTC");
    for p in POWERS {
        game::join(&mut j.st, "g1", Some(p), &addr(p), &pw(p), now()).unwrap();
    }
    let r = j.send(MASTER, "MASTER gm-secret\nSTART g1");
    assert_has(
        &r,
        "OK: game g1 started: Spring 1901 Movement (S1901M), deadline 2025-01-11 12:00 UTC",
    );

    j.send(&addr("france"), "SIGNON F g1 france-pw\nA par - bur");
    let r = j.send(MASTER, "MASTER gm-secret\nPREVIEW g1");
    assert_has(
        &r,
        "the preview is at the end of this reply (nothing was stored)",
    );
    assert_has(&r, "Preview of game g1 (not stored):");
    assert_has(&r, "par - bur");
    assert_eq!(
        game::show(&j.st, "g1").unwrap().phase.as_deref(),
        Some("S1901M")
    );

    let r = j.send(MASTER, "MASTER gm-secret\nSET DEADLINE g1 2025-01-20 18:30");
    assert_has(
        &r,
        "OK: deadline moved: Spring 1901 Movement (S1901M), deadline 2025-01-20 18:30 UTC",
    );
    let r = j.send(
        MASTER,
        "MASTER gm-secret\nSET DEADLINE g1 2020-01-01 10:00\nSET DEADLINE g1 soon",
    );
    assert_has(&r, "has already passed");
    assert_has(&r, "`soon` is not a time");

    let r = j.send(MASTER, "MASTER gm-secret\nPAUSE g1\nRESUME g1\nPROCESS g1");
    assert_has(&r, "OK: game g1 paused");
    assert_has(&r, "OK: game g1 resumed");
    assert_has(&r, "OK: S1901M processed; now Fall 1901 Movement");
    assert_has(&r, "Results of game g1:");
    let r = j.send(MASTER, "MASTER gm-secret\nROLLBACK g1 S1901M");
    assert_has(&r, "OK: game g1 rolled back; now Spring 1901 Movement");
    assert_eq!(
        game::show(&j.st, "g1").unwrap().phase.as_deref(),
        Some("S1901M")
    );
}

#[test]
fn a_malformed_order_names_its_line_and_the_reason() {
    let mut j = Judge::new();
    j.game("g", "white", false, true);
    let r = j.send(
        &addr("france"),
        "> quoted reply text\nSIGNON F g france-pw\n\nA par - xyz\nA par - bur\nSIGNON\n",
    );
    assert_has(
        &r,
        "Line 4: A par - xyz\n  REJECTED: cannot read the order at column",
    );
    assert_has(&r, "Line 5: A par - bur\n  OK");
    assert_has(&r, "Line 6: SIGNON ... (the rest is not repeated");
    assert_has(
        &r,
        "REJECTED: not understood: at column 7, expected a power",
    );
    assert_eq!(j.orders("g", "france"), ["A par - bur"]);
}

#[test]
fn orders_for_a_game_not_started_are_refused_line_by_line() {
    let mut j = Judge::new();
    j.game("g", "white", false, false);
    let r = j.send(
        &addr("france"),
        "SIGNON F g france-pw\nA par - bur\nA mar H",
    );
    assert_has(
        &r,
        "Line 2: A par - bur\n  REJECTED: order not stored: game g is still forming",
    );
    assert_has(&r, "Line 3: A mar H\n  REJECTED: order not stored");
    // Refused means not kept anywhere: no order for now, none for later.
    for table in ["orders", "spy_orders", "future_orders"] {
        let n: i64 =
            j.st.conn()
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
                .unwrap();
        assert_eq!(n, 0, "{n} rows stored in {table}");
    }
}

#[test]
fn an_empty_message_gets_a_pointer_to_help() {
    let mut j = Judge::new();
    let r = j.send("who@example.org", "\n> only quoted\n-- \nsig");
    assert_has(&r, "Your message held no commands. Send HELP");
}

#[test]
fn huge_and_binary_bodies_never_panic() {
    let mut j = Judge::new();
    j.game("g", "grey", false, true);
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for round in 0..60 {
        let n = (next() % 600) as usize;
        let mut bytes: Vec<u8> = Vec::with_capacity(n + 40);
        if round % 2 == 0 {
            bytes.extend_from_slice(b"SIGNON F g france-pw\n");
        }
        for _ in 0..n {
            let v = next();
            bytes.push(match v % 9 {
                0 => b'\n',
                1 => b' ',
                2 => b"PRESS TO E\nENDPRESS\nBROADCAST\nA par - \0\x7f"[(v % 36) as usize],
                _ => (v >> 8) as u8,
            });
        }
        let body = String::from_utf8_lossy(&bytes).into_owned();
        let r = j.send(&addr("france"), &body);
        assert!(!r.body.is_empty());
    }
    // A megabyte on one line, and many lines.
    let r = j.send(&addr("france"), &"\u{fffd}".repeat(400_000));
    assert_has(&r, "REJECTED");
    let r = j.send(
        &addr("france"),
        &"SIGNON F g france-pw\nA par H\n".repeat(5_000),
    );
    assert_has(&r, "were not read: a message may hold at most");
}

#[test]
fn the_password_cache_remembers_successes_only() {
    let h = hash("right");
    assert!(verify_cached(&h, "right"));
    assert!(verify_cached(&h, "right"));
    assert!(!verify_cached(&h, "wrong"));
    assert!(!verify_cached(&h, "wrong"));
    assert!(!verify_cached("not a hash", "right"));
    // Another hash of the same password is its own entry.
    let h2 = hash("other");
    assert!(!verify_cached(&h2, "right"));
}
