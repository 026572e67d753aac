//! Issue 21 items 3 to 6, by mail as the players and the master send it
//! (`dipspy serve --once` on Maildirs, a real SQLite file; every mail
//! checked by `tests/it/support/mailcheck.rs`): coasts that cannot be, the via-convoy
//! warning, the master's ROLLBACK, PAUSE/RESUME, grey press and
//! TERMINATE, the start and last mails, LIST of an espionage game, orders
//! that come too late, and the wording a veteran expects.

use crate::support::mailgame;

use dipspy::engine::Map;
use dipspy::engine::PhaseKind;
use dipspy::engine::parse_order;
use mailgame::{JUDGE, MASTER, POWERS, World, addr, assert_has, has, pw, raw_mails};

/// Every power's units at the start, each holding.
fn holds(power: &str) -> &'static str {
    match power {
        "austria" => "A bud H\nA vie H\nF tri H",
        "england" => "F edi H\nF lon H\nA lvp H",
        "france" => "F bre H\nA mar H\nA par H",
        "germany" => "F kie H\nA ber H\nA mun H",
        "italy" => "F nap H\nA rom H\nA ven H",
        "russia" => "F stp/sc H\nA mos H\nA war H\nF sev H",
        "turkey" => "F ank H\nA con H\nA smy H",
        _ => unreachable!(),
    }
}

/// The phase the game is playing, as `orders show` names it.
fn phase_now(w: &World) -> String {
    let out = w.orders_show("france");
    out.lines().next().unwrap_or_default().to_string()
}

// ------------------------------------------------------------ item 3

#[test]
fn a_coast_that_does_not_exist_is_refused_for_a_fleet_and_dropped_for_an_army() {
    let mut w = World::started("");
    let m = w.play(
        "france",
        "F bre - eng/sc\nA par - bur/nc\nA mar - spa/nc\nA mar - spa",
    );
    let i = w.play("italy", "F tri - ven/nc");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: F bre - eng/sc\n  REJECTED: `F bre - eng/sc` cannot be carried out: eng is a sea: it has no coasts",
    );
    assert_has(
        &r,
        "Line 3: A par - bur/nc\n  OK: order stored as `A par - bur`\n  NOTE: bur is inland: it has no coasts: read as `A par - bur`",
    );
    assert_has(
        &r,
        "Line 4: A mar - spa/nc\n  OK: order stored as `A mar - spa`\n  NOTE: an army takes no coast in spa: read as `A mar - spa`",
    );
    // Item 6: the same order again replaces nothing.
    assert_has(
        &r,
        "Line 5: A mar - spa\n  OK: order stored as `A mar - spa` (the same as before)",
    );
    assert_has(
        &w.reply(&addr("italy"), &i),
        "REJECTED: `F tri - ven/nc` cannot be carried out: ven has one coast, so no coast is written: write ven",
    );
    w.at_deadline();
    let res = w.about(&addr("germany"), "Spring 1901 Movement results");
    assert_eq!(res.len(), 1);
    assert_has(&res[0], "A par - bur");
    for bad in ["bur/nc", "spa/nc", "eng/sc", "ven/nc"] {
        assert!(!has(&res[0], bad), "{bad} in the results: {}", res[0]);
    }
}

#[test]
fn a_move_via_convoy_that_no_fleet_could_carry_gets_a_warning() {
    let mut w = World::started("");
    let m = w.play("england", "A lvp - yor via convoy\nF lon - wal");
    w.pass();
    let r = w.reply(&addr("england"), &m);
    assert_has(
        &r,
        "Line 2: A lvp - yor via convoy\n  OK: order stored as `A lvp - yor via convoy`\n  WARNING: the move to yor is ordered via convoy and no fleet stands where it could carry it: the move will fail unless a convoy is ordered",
    );
    // A move that needs no convoy gets no warning.
    assert_has(
        &r,
        "Line 3: F lon - wal\n  OK: order stored as `F lon - wal`\n\n",
    );
}

// ------------------------------------------------------------ item 4

#[test]
fn a_rolled_back_phase_waits_for_its_deadline_or_process() {
    let mut w = World::started("");
    for p in POWERS {
        w.play(p, holds(p));
    }
    w.pass();
    assert_has(&phase_now(&w), "F1901M");
    // Every order is restored, so every order is in; still nothing is
    // processed until the master says so or the deadline passes.
    let m = w.master("ROLLBACK vet S1901M");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "game vet rolled back");
    assert_has(&phase_now(&w), "S1901M");
    w.pass();
    assert_has(&phase_now(&w), "S1901M");
    let m = w.master("PROCESS vet");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "S1901M processed");
    assert_has(&phase_now(&w), "F1901M");
}

#[test]
fn pause_then_resume_keeps_every_minute_of_the_deadline() {
    let mut w = World::started("");
    // Started at 12:00:00 with 48 hours: due 2025-03-03 12:00.
    w.now += chrono::Duration::seconds(30);
    w.master("PAUSE vet");
    w.pass();
    w.now = "2025-03-01T13:00:00Z".parse().unwrap();
    let m = w.master("RESUME vet");
    w.pass();
    // Paused for 59 minutes 30 seconds: the deadline moves on by as much,
    // shown to the minute, never earlier.
    assert_has(
        &w.reply(MASTER, &m),
        "game vet resumed: Spring 1901 Movement (S1901M), deadline 2025-03-03 13:00 UTC",
    );
}

#[test]
fn the_master_copy_of_grey_press_names_its_author() {
    let mut w = World::started("press=grey");
    w.play("france", "PRESS TO E ANON\nGuess who.\nENDPRESS");
    w.play("germany", "BROADCAST ANON\nTo all.\nENDPRESS");
    w.pass();
    let got = w.about(&addr("england"), "Press in game vet");
    assert!(
        got.iter()
            .any(|m| has(m, "From: an anonymous power\nTo: England\n\n-- Press written by: an anonymous power (not by the judge); each line of it is marked \"|\" --\n| Guess who.")),
        "{got:#?}"
    );
    assert!(got.iter().all(|m| !has(m, "France")), "{got:#?}");
    let master = w.about(MASTER, "Press in game vet");
    assert_eq!(master.len(), 2, "{master:#?}");
    assert!(
        master.iter().any(|m| has(m, "Really from: France\n")
            && has(m, "  From: an anonymous power\n  To: England\n")),
        "{master:#?}"
    );
    assert!(
        master
            .iter()
            .any(|m| has(m, "Really from: Germany\n") && has(m, "To all.")),
        "{master:#?}"
    );
    assert!(
        master
            .iter()
            .all(|m| m.lines().next().unwrap().contains("(sent unsigned)")),
        "the master got an unsigned copy: {master:#?}"
    );
}

#[test]
fn terminate_ends_the_game_with_a_summary_and_the_final_picture() {
    let mut w = World::started("");
    w.at_deadline();
    let m = w.master("TERMINATE vet");
    w.pass();
    assert_has(
        &w.reply(MASTER, &m),
        "OK: game vet ended by the game master; its outcome is recorded as `ended`",
    );
    for p in POWERS {
        let end = w.about(&addr(p), "the game is over");
        assert_eq!(end.len(), 1, "{p}");
        assert_has(&end[0], "Game vet is over: ended by the game master.");
        assert_has(&end[0], "Who played each power when:\n");
        assert_has(&end[0], "france@players.test from the start");
        assert_has(&end[0], "Supply centres:\n");
        assert_has(
            &end[0],
            "The picture shows the board at the end of the game.",
        );
    }
    let raw = raw_mails(&w.outgoing().join(addr("turkey")));
    let end = raw
        .iter()
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .find(|r| r.contains("the game is over"))
        .unwrap();
    assert!(end.contains("vet-final.png"), "no final picture");
    // The game takes no more orders.
    let m = w.play("france", "A par - bur");
    w.pass();
    assert_has(&w.reply(&addr("france"), &m), "REJECTED");
}

// ------------------------------------------------------------ item 5

#[test]
fn the_start_mail_names_map_rules_players_and_position_with_a_picture() {
    let w = World::started("rules=espionnite,spionage reaction=12h spy_at_start=yes");
    let start = w.about(&addr("italy"), "the game has started");
    assert_eq!(start.len(), 1);
    let s = &start[0];
    assert_has(s, "Map: standard\n");
    assert_has(
        s,
        "Rules: the standard rules, with espionage: Espionnite and Spionage; reaction deadline 12h after the orders are frozen; spy_at_start: yes",
    );
    assert_has(s, "Players:\n");
    assert_has(s, "  France   france@players.test\n");
    assert_has(s, "Starting position:\n");
    assert_has(s, "  Russia:  ");
    assert_has(s, "F stp/sc");
    assert_has(
        s,
        "The first phase is Spring 1901 Movement; orders are due by",
    );
    let raw = raw_mails(&w.outgoing().join(addr("italy")));
    assert!(
        raw.iter()
            .map(|r| String::from_utf8_lossy(r).into_owned())
            .any(|r| r.contains("the game has started") && r.contains("vet-S1901M.png")),
        "no picture with the start mail"
    );
}

#[test]
fn an_anonymous_game_start_mail_names_no_player() {
    let w = World::started("anonymous=yes");
    let start = w.about(&addr("italy"), "the game has started");
    assert_eq!(start.len(), 1);
    assert_has(&start[0], "Players: secret (the game is anonymous");
    assert!(!has(&start[0], "france@players.test"), "{}", start[0]);
}

#[test]
fn list_of_an_espionage_game_shows_its_rules() {
    let mut w = World::started("rules=espionnite,spionage reaction=12h");
    let m = w.send("someone@else.test", "LIST vet");
    w.pass();
    assert_has(
        &w.reply("someone@else.test", &m),
        "  espionage: Espionnite and Spionage; reaction deadline 12h after the orders are frozen; spy_at_start: no (organisations are founded in winter)\n",
    );
}

#[test]
fn list_keeps_its_columns_with_long_names() {
    let mut w = World::new();
    w.master("CREATE a-rather-long-game-name variant=standard_france_austria\nCREATE g2");
    let m = w.send("someone@else.test", "LIST");
    w.pass();
    let r = w.reply("someone@else.test", &m);
    let col = |name: &str| {
        let l = r
            .lines()
            .find(|l| l.starts_with(&format!("  {name} ")))
            .unwrap();
        (l.find("forming").unwrap(), l.to_string())
    };
    let (a, la) = col("a-rather-long-game-name");
    let (b, lb) = col("g2");
    assert_eq!(a, b, "{la}\n{lb}");
}

#[test]
fn orders_that_come_after_their_phase_are_told_so() {
    let mut w = World::started("");
    w.play("france", "A par - bur");
    w.at_deadline();
    assert_has(&phase_now(&w), "F1901M");
    // The same order again, now that A par has moved on.
    let m = w.play("france", "A par - bur");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "REJECTED: Spring 1901 Movement was processed at 2025-03-03 13:00 UTC; these orders were not used",
    );
}

// ------------------------------------------------------------ item 6

#[test]
fn become_of_a_vacant_power_does_not_speak_of_its_player() {
    let mut w = World::started("");
    w.master("EJECT vet italy");
    w.pass();
    let m = w.master("BECOME vet italy\nA rom H");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(
        &r,
        "you act for Italy in game vet in the rest of this mail; it has no player now",
    );
    assert!(!has(&r, "its player"), "{r}");
}

#[test]
fn sign_on_question_mark_joins_at_random() {
    let mut w = World::new();
    w.master("CREATE vet");
    let m = w.send(&addr("france"), &format!("SIGN ON ?vet {}", pw("france")));
    let n = w.send(&addr("italy"), &format!("SIGNON ?vet {}", pw("italy")));
    w.pass();
    for (p, id) in [("france", &m), ("italy", &n)] {
        assert_has(
            &w.reply(&addr(p), id),
            "OK: you joined game vet; you will get a power at random when the game fills",
        );
    }
    let _ = JUDGE;
}

#[test]
fn the_province_hint_and_english_names_are_the_games_own_map() {
    let map = Map::by_variant("ancmed").unwrap();
    let e = parse_order(map, PhaseKind::Movement, "F xyz - abc").unwrap_err();
    let text = e.to_string();
    assert!(!text.contains("Paris") && !text.contains("`par`"), "{text}");
    assert!(text.contains("such as `"), "{text}");
    let o = parse_order(map, PhaseKind::Movement, "F Naples - Sicily").unwrap();
    assert_eq!(o.to_text(map), "F nea - sic");
    // The standard map keeps its own example.
    let e = parse_order(Map::standard(), PhaseKind::Movement, "A xyz - bur").unwrap_err();
    assert!(e.to_string().contains("`par` or `Paris`"), "{e}");
}
