//! Issue 16: orders for later phases (`PHASE`) and conditional orders
//! (`IF ... ELSE ... ENDIF`) by mail, through `dipspy serve --once` on
//! Maildirs (see `tests/it/support/mailgame.rs`), every mail checked for passwords and
//! other players' addresses.

use crate::support::mailgame;

use mailgame::{MASTER, World, addr, assert_has, has};
use std::process::Command;

/// `dipspy game replay vet`: exit status and output.
fn replay(w: &World) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(w.dir.path().join("judge.db"))
        .args(["game", "replay", "vet"])
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// `dipspy game show vet`.
fn show(w: &World) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(w.dir.path().join("judge.db"))
        .args(["game", "show", "vet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Spring 1901: Germany walks into Burgundy, France gets ready to throw
/// it out in the fall and to take Portugal; everyone else holds.
fn spring_1901(w: &mut World, france_extra: &str, germany_extra: &str) -> (String, String) {
    let f = w.play(
        "france",
        &format!("A par - pic\nA mar H\nF bre - mao\n{france_extra}"),
    );
    let g = w.play(
        "germany",
        &format!("A mun - bur\nF kie - den\nA ber - kie\n{germany_extra}"),
    );
    w.pass();
    (f, g)
}

#[test]
fn retreats_and_builds_sent_in_spring_are_applied_when_their_phases_begin() {
    let mut w = World::started("");
    let (f, g) = spring_1901(
        &mut w,
        "PHASE Fall 1901 Movement\nA pic - bur\nA mar S A pic - bur\nF mao - por\n\
         PHASE W1901A\nBuild A par",
        "PHASE F1901R\nA bur - ruh\nA mun - boh\nPHASE Winter 1901\nBuild A mun",
    );
    // Italy moves Venice away now and orders it for the fall: that order
    // finds no unit when the fall begins.
    let i = w.play(
        "italy",
        "A ven - tyr\nPHASE fall 1901 movement\nA ven - pie",
    );
    // Austria orders a retreat for a spring retreat phase that will not be
    // played (nobody is dislodged in the spring).
    w.play("austria", "PHASE S1901R\nA vie - boh");
    w.pass();

    let r = w.reply(&addr("france"), &f);
    assert_has(
        &r,
        "Line 5: PHASE Fall 1901 Movement\n  OK: the orders below are for Fall 1901 Movement (F1901M)",
    );
    assert_has(
        &r,
        "Line 6: A pic - bur\n  OK: kept for Fall 1901 Movement (F1901M) as `A pic - bur`; it is applied when that phase begins, if the unit is there then",
    );
    assert_has(
        &r,
        "Line 10: Build A par\n  OK: kept for Winter 1901 Adjustment (W1901A) as `Build A par`",
    );
    // The reply lists the orders that stand for later phases.
    assert_has(
        &r,
        "Your orders for later phases (PHASE), applied when their phase begins:\n  F1901M: A pic - bur\n  F1901M: A mar S A pic - bur\n  F1901M: F mid - por\n  W1901A: Build A par\n",
    );
    let r = w.reply(&addr("germany"), &g);
    assert_has(
        &r,
        "OK: kept for Fall 1901 Retreat (F1901R) as `A bur R ruh`",
    );
    assert!(!has(&r, "REJECTED"), "{r}");
    assert_has(
        &w.reply(&addr("italy"), &i),
        "OK: kept for Fall 1901 Movement (F1901M) as `A ven - pie`",
    );

    // The judge's `orders show` lists the orders for later phases too.
    let shown = w.orders_show("france");
    assert_has(&shown, "  for F1901M: A pic - bur   (sent with PHASE)\n");
    assert_has(&shown, "  for W1901A: Build A par   (sent with PHASE)\n");

    // Spring is processed: France's fall orders become its orders.
    w.at_deadline();
    assert_has(
        &w.orders_show("germany"),
        "  for F1901R: A bur R ruh   (sent with PHASE)\n",
    );
    assert!(!has(&w.orders_show("france"), "for F1901M"));
    let shown = w.orders_show("france");
    for o in ["A pic - bur", "A mar S A pic - bur", "F mid - por"] {
        assert_has(&shown, o);
    }
    let note = w.about(&addr("france"), "your orders sent in advance for F1901M");
    assert_eq!(note.len(), 1, "{note:#?}");
    assert_has(&note[0], "A pic - bur  applied");
    // Italy's unit is gone: the order is dropped, and Italy is told why.
    let note = w.about(&addr("italy"), "your orders sent in advance for F1901M");
    assert_eq!(note.len(), 1, "{note:#?}");
    assert_has(&note[0], "A ven - pie  DROPPED: there is no unit in ven");
    assert!(!has(&w.orders_show("italy"), "A ven - pie"));
    // A phase that is over takes no orders.
    let m = w.play("italy", "PHASE S1901M\nA tyr - ven");
    w.pass();
    let r = w.reply(&addr("italy"), &m);
    assert_has(
        &r,
        "Line 2: PHASE Spring 1901 Movement\n  REJECTED: S1901M (Spring 1901 Movement) is over (the game is playing F1901M): the orders below it are refused",
    );
    assert_has(
        &r,
        "Line 3: A tyr - ven\n  REJECTED: S1901M (Spring 1901 Movement) is already over: game vet is playing F1901M",
    );
    let note = w.about(&addr("austria"), "your orders sent in advance for F1901M");
    assert_eq!(note.len(), 1, "{note:#?}");
    assert_has(
        &note[0],
        "S1901R: A vie R boh  DROPPED: S1901R (Spring 1901 Retreat) was not played (the game went on to F1901M)",
    );

    // Fall: Germany is thrown out of Burgundy; its retreat, sent in the
    // spring, is applied as the retreat phase begins.
    w.at_deadline();
    let fall = w.about(&addr("germany"), "Fall 1901 Movement results");
    assert_eq!(fall.len(), 1);
    // Issue 21: the results do not tell everyone who sent orders in
    // advance (njudge does not either); the order is listed like any other.
    assert!(!has(&fall[0], "with PHASE"), "{}", fall[0]);
    assert_has(&fall[0], "A pic - bur");
    let note = w.about(&addr("germany"), "your orders sent in advance for F1901R");
    assert_eq!(note.len(), 1, "{note:#?}");
    assert_has(&note[0], "A bur R ruh  applied");
    assert_has(&note[0], "A mun R boh  DROPPED:");
    // Everything the retreat phase needs is in: it is processed at once.
    w.pass();
    let retreat = w.about(&addr("germany"), "Fall 1901 Retreat results");
    assert_eq!(retreat.len(), 1, "{:#?}", w.mails(&addr("germany")));
    assert_has(&retreat[0], "A bur R ruh");
    assert!(!has(&retreat[0], "with PHASE"), "{}", retreat[0]);

    // Winter: the builds sent in the spring stand as the winter's orders.
    let shown = w.orders_show("france");
    assert_has(&shown, "Build A par");
    assert_has(&w.orders_show("germany"), "Build A mun");
    w.pass();
    let winter = w.about(&addr("france"), "Winter 1901 Adjustment results");
    assert_eq!(winter.len(), 1, "{:#?}", w.mails(&addr("france")));
    assert_has(&winter[0], "Build A par");
    assert!(!has(&winter[0], "with PHASE"), "{}", winter[0]);
    let board = show(&w);
    assert_has(&board, "A par");

    let (ok, out) = replay(&w);
    assert!(ok, "{out}");

    // The replay decides the orders sent in advance again: a stored
    // decision that differs is reported.
    let db = rusqlite::Connection::open(w.dir.path().join("judge.db")).unwrap();
    db.execute(
        "UPDATE future_orders SET status = 'not_taken' WHERE parsed = 'Build A par'",
        [],
    )
    .unwrap();
    drop(db);
    let (ok, out) = replay(&w);
    assert!(!ok, "{out}");
    assert_has(
        &out,
        "future order `Build A par` of France: stored not_taken, decided again applied",
    );
}

/// France's fall orders hang on where Germany stands when the fall begins.
const FRANCE_IF: &str = "PHASE Fall 1901 Movement\n\
IF german A bur\n\
A pic - bur\n\
A mar S A pic - bur\n\
ELSE IF russia A war OR (NOT A mun)\n\
A pic - bel\n\
ELSE\n\
A mar - bur\n\
IF england F lon THEN\n\
F mao - bre\n\
ENDIF\n\
ENDIF";

#[test]
fn a_conditional_order_takes_each_of_its_branches_in_different_games() {
    // Game 1: Germany walks into Burgundy in the spring.
    let mut one = World::started("");
    let (f1, _) = spring_1901(&mut one, FRANCE_IF, "");
    // Game 2: Germany holds in Munich and Russia leaves Warsaw: no branch
    // condition holds but the ELSE.
    let mut two = World::started("");
    let f2 = two.play(
        "france",
        &format!("A par - pic\nA mar H\nF bre - mao\n{FRANCE_IF}"),
    );
    two.play("germany", "A mun H\nF kie - den\nA ber - kie");
    two.play("russia", "A war - gal");
    two.play("england", "F lon - nth");
    two.pass();
    // Game 3: Germany holds in Munich, Russia stays in Warsaw: the ELSE IF.
    let mut three = World::started("");
    three.play(
        "france",
        &format!("A par - pic\nA mar H\nF bre - mao\n{FRANCE_IF}"),
    );
    three.play("germany", "A mun H\nF kie - den\nA ber - kie");
    three.pass();

    // The reply echoes the structure and says which branch today's
    // position (Spring 1901: Germany in Munich, Russia in Warsaw) takes.
    let r = one.reply(&addr("france"), &f1);
    assert_has(
        &r,
        "Line 6: IF german A bur\n  OK: condition `german A bur` is false on today's position\n",
    );
    assert_has(
        &r,
        "Line 9: ELSE IF russia A war OR NOT A mun\n  OK: condition `russia A war OR NOT A mun` is true on today's position: this branch would be taken\n",
    );
    assert_has(
        &r,
        "Line 11: ELSE\n  OK: the branch of line 9 is taken on today's position, not this one",
    );
    assert_has(
        &r,
        "Line 13: IF england F lon\n  OK: condition `england F lon` is true on today's position: this branch would be taken (if the branch around this IF is: on today's position it is not)",
    );
    assert_has(
        &r,
        "Line 15: ENDIF\n  OK: end of the IF block of line 13: on today's position the branch of line 13 would be taken (inside a branch today's position does not take)",
    );
    assert_has(
        &r,
        "Line 16: ENDIF\n  OK: end of the IF block of line 6: on today's position the branch of line 9 would be taken",
    );
    assert_has(
        &r,
        "Line 14: F mao - bre\n  OK: kept for Fall 1901 Movement (F1901M) as `F mid - bre`, if (NOT german A bur AND NOT (russia A war OR NOT A mun)) AND england F lon;",
    );
    assert_has(&r, "  F1901M, if german A bur: A pic - bur\n");
    assert!(!has(&r, "REJECTED"), "{r}");
    // The same answer in the other game, whose spring is the same so far.
    let r2 = two.reply(&addr("france"), &f2);
    for l in r.lines().filter(|l| l.starts_with("  OK")) {
        assert_has(&r2, l);
    }

    one.at_deadline();
    two.at_deadline();
    three.at_deadline();
    // Game 3: Russia still in Warsaw, Germany not in Burgundy: the second
    // branch.
    let shown = three.orders_show("france");
    assert_has(&shown, "A pic - bel");
    assert!(
        !has(&shown, "A pic - bur") && !has(&shown, "A mar - bur") && !has(&shown, "A mar S"),
        "{shown}"
    );
    // Game 1: Germany stands in Burgundy: the first branch.
    let shown = one.orders_show("france");
    assert_has(&shown, "A pic - bur");
    assert_has(&shown, "A mar S A pic - bur");
    assert!(
        !has(&shown, "A pic - bel") && !has(&shown, "A mar - bur"),
        "{shown}"
    );
    let note = &one.about(&addr("france"), "sent in advance for F1901M")[0];
    assert_has(
        note,
        "A pic - bel (IF NOT german A bur AND (russia A war OR NOT A mun))  not taken",
    );
    // Game 2: Russia left Warsaw, Germany is in Munich: the ELSE, and its
    // inner IF (England left London): not taken.
    let shown = two.orders_show("france");
    assert_has(&shown, "A mar - bur");
    assert!(
        !has(&shown, "A pic - bur") && !has(&shown, "A pic - bel"),
        "{shown}"
    );
    assert!(!has(&shown, "F mid - bre"), "{shown}");
    let note = &two.about(&addr("france"), "sent in advance for F1901M")[0];
    assert_has(
        note,
        "A mar - bur (IF NOT german A bur AND NOT (russia A war OR NOT A mun))  applied",
    );
    assert_has(
        note,
        "F mid - bre (IF (NOT german A bur AND NOT (russia A war OR NOT A mun)) AND england F lon)  not taken",
    );

    for w in [&one, &two, &three] {
        let (ok, out) = replay(w);
        assert!(ok, "{out}");
    }
}

#[test]
fn a_conditional_order_for_the_current_phase_is_decided_at_once() {
    let mut w = World::started("");
    let m = w.play(
        "france",
        "IF F bre\nF bre - mao\nELSE\nF bre - eng\nENDIF\nIF NOT france A par\nA mar - spa\nEND IF\n\
         IF A par\nSET WAIT\nENDIF",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: IF F bre\n  OK: condition `F bre` is true on today's position: this branch is taken",
    );
    assert_has(
        &r,
        "Line 3: F bre - mao\n  OK: order stored as `F bre - mid`",
    );
    assert_has(
        &r,
        "Line 5: F bre - eng\n  OK: `F bre - eng` not taken: its condition `NOT F bre` is false on today's position",
    );
    assert_has(
        &r,
        "Line 8: A mar - spa\n  OK: `A mar - spa` not taken: its condition `NOT france A par` is false",
    );
    assert_has(
        &r,
        "Line 11: SET WAIT\n  OK: the phase will not be processed before its deadline\n  NOTE: only orders depend on IF",
    );
    let shown = w.orders_show("france");
    assert_has(&shown, "F bre - mid");
    assert!(
        !has(&shown, "F bre - eng") && !has(&shown, "A mar - spa"),
        "{shown}"
    );
}

#[test]
fn unreadable_and_unbalanced_blocks_are_answered_line_by_line() {
    let mut w = World::started("");
    let m = w.play(
        "france",
        "PHASE Someday 1901\nA par - bur\nPHASE F1901M\nIF (A bur OR\nA par - gas\nELSE\nA par - pic\nENDIF\n\
         ENDIF\nELSE\nIF xyzzy\nA mar - spa\nENDIF\nPHASE S1901M\nA par - bur\nIF A mun\nF bre - mao",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: PHASE Someday 1901\n  REJECTED: not understood: at column 7, expected a phase such as `Fall 1902 Retreats`",
    );
    assert_has(
        &r,
        "Line 3: A par - bur\n  REJECTED: not stored: the PHASE line 2 could not be read",
    );
    assert_has(
        &r,
        "Line 5: IF (A bur OR\n  REJECTED: not understood: at column 13, expected a unit test such as `A bur`",
    );
    assert_has(
        &r,
        "Line 7: ELSE\n  OK: read, but the orders of this IF block are not stored: line 5 could not be read",
    );
    assert_has(
        &r,
        "Line 6: A par - gas\n  REJECTED: not stored: line 5 of its IF block could not be read",
    );
    assert_has(
        &r,
        "Line 8: A par - pic\n  REJECTED: not stored: line 5 of its IF block",
    );
    assert_has(
        &r,
        "Line 10: ENDIF\n  REJECTED: not done: there is no IF above this line for it to close",
    );
    assert_has(
        &r,
        "Line 11: ELSE\n  REJECTED: not done: there is no IF above this line",
    );
    assert_has(
        &r,
        "Line 12: IF xyzzy\n  REJECTED: not understood: `xyzzy` is not a unit test this map knows",
    );
    assert_has(
        &r,
        "Line 13: A mar - spa\n  REJECTED: not stored: line 12 of its IF block",
    );
    // Back to the current phase: its orders stand as usual.
    assert_has(
        &r,
        "Line 15: PHASE Spring 1901 Movement\n  OK: S1901M is the phase being played",
    );
    assert_has(
        &r,
        "Line 16: A par - bur\n  OK: order stored as `A par - bur`",
    );
    // An IF left open runs to the end of the mail, and the reply says so.
    assert_has(
        &r,
        "Line 17: IF A mun\n  OK: condition `A mun` is true on today's position: this branch is taken\n  NOTE: there was no ENDIF for this IF",
    );
    assert_has(
        &r,
        "Line 18: F bre - mao\n  OK: order stored as `F bre - mid`",
    );
}

#[test]
fn espionage_orders_are_never_accepted_for_a_later_phase_or_in_a_conditional_block() {
    let mut w = World::started("rules=espionnite");
    let m = w.play(
        "france",
        "SPY A mun\nPHASE F1901M\nSPY A mun\nA par - bur\nPHASE S1901M\nIF A mun\nCOUNTERSPY A par\nENDIF",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    let why = "REJECTED: espionage orders (spy, counter-spy, Fake, Anti, reaction, founding) are never accepted for a later phase or inside IF ... ENDIF";
    assert_has(&r, &format!("Line 4: SPY A mun\n  {why}"));
    assert_has(&r, &format!("Line 8: COUNTERSPY A par\n  {why}"));
    assert_has(&r, "Line 2: SPY A mun\n  OK");
    assert_has(&r, "Line 5: A par - bur\n  OK: kept for Fall 1901 Movement");
}

#[test]
fn clear_withdraws_future_orders_too() {
    let mut w = World::started("");
    w.play(
        "france",
        "PHASE F1901M\nA par - bur\nPHASE W1901A\nBuild A par",
    );
    w.pass();
    // A second order for the same unit and phase replaces the first.
    let m = w.play("france", "PHASE F1901M\nA par - pic\nA mar - spa");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "Line 3: A par - pic\n  OK: kept for Fall 1901 Movement (F1901M) as `A par - pic`, replacing `A par - bur`;",
    );
    let m = w.play("france", "CLEAR\nPHASE F1901M\nA mar - spa");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: CLEAR\n  OK: you had no orders to withdraw; 3 orders for later phases withdrawn",
    );
    assert_has(
        &r,
        "Your orders for later phases (PHASE), applied when their phase begins:\n  F1901M: A mar - spa\nDeadline",
    );
    // Orders for later phases are checked against the map on arrival.
    let m = w.play(
        "france",
        "PHASE W1901A\nBuild A mun\nPHASE F1901M\nA par - mos",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 3: Build A mun\n  REJECTED: `Build A mun` can never be carried out: mun is not one of France's home centres",
    );
    assert_has(
        &r,
        "Line 5: A par - mos\n  REJECTED: `A par - mos` can never be carried out: par does not lead to mos on this map",
    );
}

#[test]
fn rollback_and_replay_keep_future_and_conditional_orders_right() {
    let mut w = World::started("");
    spring_1901(
        &mut w,
        "PHASE Fall 1901 Movement\nA pic - bur\nA mar S A pic - bur\nF mao - por\n\
         PHASE W1901A\nIF F por\nBuild A par\nELSE\nBuild F bre\nENDIF",
        "PHASE F1901R\nA bur - ruh",
    );
    w.at_deadline(); // S1901M
    w.at_deadline(); // F1901M: Germany's retreat applied at once
    w.pass(); // F1901R processed
    assert_has(&w.orders_show("france"), "Build A par");
    let (ok, out) = replay(&w);
    assert!(ok, "{out}");
    // In the winter Germany sends an order for the spring: it was not
    // there when the fall was played, so a rollback to the fall undoes it.
    let m = w.play("germany", "PHASE S1902M\nA ruh - bur");
    w.pass();
    assert_has(
        &w.reply(&addr("germany"), &m),
        "kept for Spring 1902 Movement",
    );

    // The master rolls back to the fall: the orders that stood then stand
    // again (France's, sent in spring, still marked as sent in advance),
    // and the retreat and the builds are pending again.
    let m = w.master("ROLLBACK vet F1901M");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "OK");
    let shown = w.orders_show("france");
    assert_has(&shown, "A pic - bur");
    let told = w.about(&addr("germany"), "your orders for F1901M again");
    assert_eq!(told.len(), 1, "{told:#?}");
    assert_has(
        &told[0],
        "Your orders for later phases (PHASE) that stand again:\n  F1901R: A bur R ruh\n",
    );
    assert!(!has(&told[0], "S1902M"), "sent after the fall: undone");
    let m = w.play("germany", "SET WAIT");
    w.pass();
    assert_has(
        &w.reply(&addr("germany"), &m),
        "Your orders for later phases (PHASE), applied when their phase begins:\n  F1901R: A bur R ruh\nDeadline",
    );
    let m = w.play("france", "SET WAIT");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "  W1901A, if F por: Build A par\n  W1901A, if NOT F por: Build F bre\n",
    );
    // The fall played again applies the retreat again.
    w.play("france", "SET NOWAIT");
    w.play("germany", "SET NOWAIT");
    w.at_deadline();
    let fall = w.about(&addr("germany"), "Fall 1901 Movement results");
    assert_eq!(fall.len(), 2, "played twice");
    assert!(!has(&fall[1], "with PHASE"), "{}", fall[1]);
    let notes = w.about(&addr("germany"), "sent in advance for F1901R");
    assert_eq!(notes.len(), 2, "{notes:#?}");
    assert_has(&notes[1], "A bur R ruh  applied");
    w.pass();
    assert_has(&w.orders_show("france"), "Build A par");
    let (ok, out) = replay(&w);
    assert!(ok, "{out}");
}

#[test]
fn a_newcomer_taking_over_a_power_is_told_its_orders_for_later_phases() {
    let mut w = World::started("approve_takeovers=no");
    w.play("italy", "PHASE F1901M\nA ven - pie\nRESIGN");
    w.pass();
    let newcomer = "newcomer@players.test";
    w.passwords.push("Nc-pass-5".into());
    w.send(newcomer, "TAKEOVER italy vet Nc-pass-5");
    w.pass();
    let welcome = w.about(newcomer, "you play Italy");
    assert_eq!(welcome.len(), 1, "{:#?}", w.mails(newcomer));
    assert_has(
        &welcome[0],
        "Orders of Italy for later phases (PHASE), applied when their phase begins unless you send CLEAR:\n  F1901M: A ven - pie\n",
    );
}

#[test]
fn orders_sent_in_advance_and_dropped_are_told_in_the_readers_language() {
    let mut w = World::started("");
    // Italy reads French, Austria German: Italy's fall order finds no
    // unit, Austria's retreat is for a phase that is never played.
    w.play(
        "italy",
        "SET LANGUAGE fr\nA ven - tyr\nPHASE fall 1901 movement\nA ven - pie",
    );
    w.play("austria", "SET LANGUAGE de\nPHASE S1901R\nA vie - boh");
    w.pass();
    w.at_deadline();
    let note = w.about(&addr("italy"), "l'avance pour F1901M");
    assert_eq!(note.len(), 1, "{:#?}", w.mails(&addr("italy")));
    assert_has(
        &note[0],
        "A ven - pie  ÉCARTÉ\u{a0}: il n'y a pas d'unité en ven",
    );
    let note = w.about(&addr("austria"), "Voraus gesandten Befehle");
    assert_eq!(note.len(), 1, "{:#?}", w.mails(&addr("austria")));
    assert_has(
        &note[0],
        "S1901R: A vie R boh  VERWORFEN: S1901R (Frühjahr 1901 Rückzug) wurde nicht gespielt (die Partie ging zu F1901M weiter)",
    );
    for (who, m) in [
        ("italy", &w.about(&addr("italy"), "l'avance")[0]),
        ("austria", &note[0]),
    ] {
        for english in [
            "DROPPED",
            "there is no unit",
            "was not played",
            "went on to",
        ] {
            assert!(!has(m, english), "{who}: {m}");
        }
    }
}
