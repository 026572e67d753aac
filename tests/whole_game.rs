//! Issue 12, a whole game by mail the way email-judge veterans play it:
//! through `dipspy serve --once` on Maildirs (see `tests/mailgame`), every
//! mail checked for passwords and other players' addresses.

mod mailcheck;
mod mailgame;

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
        assert!(
            !has(&got[0], "France") && !has(&got[0], "absen"),
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
