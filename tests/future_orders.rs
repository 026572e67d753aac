//! Issue 16: orders for later phases (`PHASE`) and conditional orders
//! (`IF ... ELSE ... ENDIF`) by mail, through `dipspy serve --once` on
//! Maildirs (see `tests/mailgame`), every mail checked for passwords and
//! other players' addresses.

mod mailcheck;
mod mailgame;

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

    // Spring is processed: France's fall orders become its orders.
    w.at_deadline();
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
    assert_has(&note[0], "A ven - pie  DROPPED:");
    assert!(!has(&w.orders_show("italy"), "A ven - pie"));

    // Fall: Germany is thrown out of Burgundy; its retreat, sent in the
    // spring, is applied as the retreat phase begins.
    w.at_deadline();
    let fall = w.about(&addr("germany"), "Fall 1901 Movement results");
    assert_eq!(fall.len(), 1);
    assert_has(
        &fall[0],
        "Orders sent in an earlier phase with PHASE (applied as this phase began):\n  France: A pic - bur",
    );
    let note = w.about(&addr("germany"), "your orders sent in advance for F1901R");
    assert_eq!(note.len(), 1, "{note:#?}");
    assert_has(&note[0], "A bur R ruh  applied");
    assert_has(&note[0], "A mun R boh  DROPPED:");
    // Everything the retreat phase needs is in: it is processed at once.
    w.pass();
    let retreat = w.about(&addr("germany"), "Fall 1901 Retreat results");
    assert_eq!(retreat.len(), 1, "{:#?}", w.mails(&addr("germany")));
    assert_has(&retreat[0], "A bur R ruh");
    assert_has(&retreat[0], "Germany: A bur R ruh");

    // Winter: the builds sent in the spring stand as the winter's orders.
    let shown = w.orders_show("france");
    assert_has(&shown, "Build A par");
    assert_has(&w.orders_show("germany"), "Build A mun");
    w.pass();
    let winter = w.about(&addr("france"), "Winter 1901 Adjustment results");
    assert_eq!(winter.len(), 1, "{:#?}", w.mails(&addr("france")));
    assert_has(&winter[0], "France: Build A par");
    let board = show(&w);
    assert_has(&board, "A par");

    let (ok, out) = replay(&w);
    assert!(ok, "{out}");
}
