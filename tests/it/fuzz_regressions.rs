//! Mails that `tests/it/fuzz_mail.rs` found the judge unable to answer, each
//! sent again through `dipspy serve --once` on Maildirs: each now gets its
//! one reply, saying what was wrong, and changes nothing.

use crate::support::mailgame;

use mailgame::{World, addr, assert_has};

#[test]
fn an_absence_ending_after_the_year_9999_is_refused_not_left_unanswered() {
    // Found by the million-mail run: the day after 9999-12-31 broke the
    // absences table's order check, so the mail failed as a database
    // error and stayed unanswered, to be tried again for ever.
    let mut w = World::started("");
    let m = w.play(
        "italy",
        "SET ABSENCE 9999-12-31\nSET ABSENCE 2025-03-10 TO 9999-12-31\nA rom H",
    );
    w.pass();
    let r = w.reply(&addr("italy"), &m);
    assert_has(&r, "Line 2: SET ABSENCE 9999-12-31\n  REJECTED:");
    assert_has(&r, "9999-12-31");
    assert_has(
        &r,
        "Line 3: SET ABSENCE 2025-03-10 TO 9999-12-31\n  REJECTED:",
    );
    assert_has(&r, "Line 4: A rom H\n  OK: order stored");
    let m = w.play("italy", "SET ABSENCE 2025-03-10");
    w.pass();
    assert_has(&w.reply(&addr("italy"), &m), "OK: absence recorded");
}
