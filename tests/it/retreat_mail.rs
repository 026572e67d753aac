//! Issue 33 by mail: retreats where the unit that dislodged stands in the
//! dislodged unit's province, played through `dipspy serve --once` on
//! Maildirs (see `tests/it/support/mailgame.rs`).
//!
//! In Fall 1901 Austria's army takes Rumania from Russia's fleet: the
//! fleet's retreat to the east coast of Bulgaria is the fleet's order, its
//! coast kept (it was once read as the Austrian army's, answered "an army
//! takes no coast in bul" and stored without the coast). In Spring 1902
//! Russia's fleet takes Rumania back from the Austrian army, whose retreat
//! to a plain province is the army's order, not the fleet's. The results
//! and the players' HISTORY name each retreat under the power that gave
//! it.

use crate::support::mailgame;

use mailgame::{World, addr, assert_has};

/// Runs the judge until the results of `phase` (`Fall 1901 Retreat`) are
/// out: at once when the orders in are complete, else at the deadline.
fn until_results(w: &mut World, phase: &str) -> String {
    let subject = format!("{phase} results");
    w.pass();
    if w.about(&addr("turkey"), &subject).is_empty() {
        w.at_deadline();
    }
    let mails = w.about(&addr("turkey"), &subject);
    assert_eq!(mails.len(), 1, "{subject}");
    mails.into_iter().next().unwrap()
}

/// The text part of a results mail: from its first line to the board.
fn results_text(mail: &str, heading: &str) -> String {
    let start = mail
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?} in:\n{mail}"));
    let rest = &mail[start..];
    let end = rest.find("The board now:").unwrap_or(rest.len());
    rest[..end].to_string()
}

/// The orders part of a results text, line by line, trimmed.
fn lines(text: &str) -> Vec<String> {
    text.lines().map(|l| l.trim().to_string()).collect()
}

#[test]
fn retreats_of_units_dislodged_by_the_other_type_by_mail() {
    // Every phase as long as a movement phase: each deadline passed
    // processes one phase.
    let mut w = World::started("retreat=48h adjust=48h");
    w.play("austria", "A vie - gal\nA bud - ser\nF tri - alb");
    w.play("russia", "F sev - rum\nA mos H");
    until_results(&mut w, "Spring 1901 Movement");
    w.play("austria", "A ser - rum\nA gal S A ser - rum");
    w.play("russia", "F rum H");
    until_results(&mut w, "Fall 1901 Movement");

    // Fall 1901 Retreat: Russia's F rum, an Austrian army now in rum.
    let m = w.play("russia", "F rum - bul/ec");
    w.pass();
    let r = w.reply(&addr("russia"), &m);
    assert_has(&r, "OK: order stored as `F rum R bul/ec`");
    assert!(!r.contains("army takes no coast"), "{r}");
    let mail = until_results(&mut w, "Fall 1901 Retreat");
    let fall = results_text(&mail, "Fall 1901 Retreat (standard)");
    let l = lines(&fall);
    assert!(l.contains(&"Russia:".to_string()), "{fall}");
    assert!(
        l.contains(&"F rum R bul/ec  succeeds".to_string()),
        "{fall}"
    );
    assert!(!fall.contains("Austria:"), "{fall}");
    assert_has(&mail, "Russia   F bul/ec");

    // Winter 1901, Spring 1902: Russia's fleet takes rum back.
    w.play("russia", "Build F sev");
    until_results(&mut w, "Winter 1901 Adjustment");
    w.play("russia", "F sev - rum\nF bul/ec S F sev - rum");
    w.play("austria", "A rum H");
    until_results(&mut w, "Spring 1902 Movement");

    // Spring 1902 Retreat: Austria's A rum, a Russian fleet now in rum.
    // The army's order written with the fleet's letter is not its order.
    let m = w.play("austria", "F rum - ser");
    w.pass();
    let r = w.reply(&addr("austria"), &m);
    assert!(!r.contains("order stored"), "{r}");
    assert_has(&r, "the dislodged unit in rum is A rum");
    let m = w.play("austria", "A rum - ser");
    let mail = until_results(&mut w, "Spring 1902 Retreat");
    let r = w.reply(&addr("austria"), &m);
    assert_has(&r, "OK: order stored as `A rum R ser`");
    let spring = results_text(&mail, "Spring 1902 Retreat (standard)");
    let l = lines(&spring);
    assert!(l.contains(&"Austria:".to_string()), "{spring}");
    assert!(l.contains(&"A rum R ser  succeeds".to_string()), "{spring}");
    assert!(!spring.contains("Russia:"), "{spring}");
    assert_has(&mail, "Austria  F alb, A gal, A ser");

    // The players' HISTORY repeats both retreats under their powers.
    let m = w.play("turkey", "HISTORY vet");
    w.pass();
    let h = w.reply(&addr("turkey"), &m);
    let at = |phase: &str| {
        let i = h
            .find(&format!("  {phase} ("))
            .unwrap_or_else(|| panic!("no {phase} in:\n{h}"));
        h[i..].to_string()
    };
    let f1901r = at("F1901R");
    let f1901r = &f1901r[..f1901r.find("  W1901A").unwrap_or(f1901r.len())];
    assert_has(f1901r, "Russia:");
    assert_has(f1901r, "F rum R bul/ec  succeeds");
    assert!(!f1901r.contains("Austria:"), "{f1901r}");
    let s1902r = at("S1902R");
    let s1902r = &s1902r[..s1902r.find("  F1902M").unwrap_or(s1902r.len())];
    assert_has(s1902r, "Austria:");
    assert_has(s1902r, "A rum R ser  succeeds");
    assert!(!s1902r.contains("Russia:"), "{s1902r}");
}
