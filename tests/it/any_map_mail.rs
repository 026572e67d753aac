//! Espionage games on a variant map by mail (issue 14): the Ancient
//! Mediterranean, five powers, from Spring of year 1, created by the
//! master's `CREATE ... variant=ancmed`, played through `dipspy serve
//! --once` on Maildirs (see `tests/it/support/mailgame.rs`), one game per espionage rule
//! set; every mail is checked for passwords and other players' addresses.

use crate::support::mailgame;

use mailgame::{MASTER, World, addr, assert_has, has, pw};

const ANCMED: [&str; 5] = ["carthage", "egypt", "greece", "persia", "rome"];

/// Game `vet` on the Ancient Mediterranean created by mail with `rules`,
/// its five players joined by mail, started.
fn ancmed_game(rules: &str) -> (World, String) {
    let mut w = World::new();
    for p in ANCMED {
        w.passwords.push(pw(p));
        w.addresses.push(addr(p));
    }
    let create = w.master(&format!(
        "CREATE vet variant=ancmed rules={rules} deadline=48h reaction=24h"
    ));
    for p in ANCMED {
        w.send(&addr(p), &format!("JOIN {p} vet {}", pw(p)));
    }
    w.master("START vet");
    w.pass();
    let r = w.reply(MASTER, &create);
    assert!(!has(&r, "REJECTED"), "{r}");
    (w, create)
}

#[test]
fn espionnite_on_the_ancient_mediterranean_by_mail() {
    let (mut w, _) = ancmed_game("espionnite");
    // Every player learns the game has started on its map, in year 1.
    for p in ANCMED {
        let started = w.about(&addr(p), "the game has started");
        assert_eq!(started.len(), 1, "{p}");
    }
    let l = w.send(&addr("rome"), "LIST vet\nLIST MAPS");
    w.pass();
    let r = w.reply(&addr("rome"), &l);
    assert_has(&r, "variant ancmed");
    assert_has(&r, "phase: Spring 1 Movement (S0001M)");
    assert_has(&r, "Carthage");
    assert_has(
        &r,
        "ancmed                   5 powers (Carthage, Egypt, Greece, Persia, Rome), 34 centres, 18 to win, from 1",
    );
    assert_has(&r, "modern ");

    // Orders and spies with the map's own names (Sparta, Byzantium, ...).
    let g = w.play(
        "greece",
        "A Macedonia - Byzantium\nF spa - mes\nSPY A ant\nCOUNTERSPY A ath",
    );
    let p = w.play("persia", "A ant - cap\nF sid - syr\nA dam - ara");
    let bad = w.play("egypt", "A mem - pha\nSPY F ale");
    w.pass();
    let r = w.reply(&addr("greece"), &g);
    assert_has(&r, "OK: order stored as `A mac - byz`");
    assert!(!has(&r, "REJECTED"), "{r}");
    assert!(!has(&w.reply(&addr("persia"), &p), "REJECTED"));
    // Not adjacent on this map; Egypt's own fleet cannot be spied on.
    let r = w.reply(&addr("egypt"), &bad);
    assert_has(
        &r,
        "REJECTED: `A mem - pha` cannot be carried out: pha is not next to mem",
    );
    assert_has(
        &r,
        "REJECTED: F ale is your own unit: spy on a unit of another power (ESP-3)",
    );

    // The order deadline: the spy report, then the reaction phase.
    w.at_deadline();
    let spy = w.about(&addr("greece"), "spy report");
    assert_eq!(spy.len(), 1, "{spy:#?}");
    assert_has(&spy[0], "A ant - cap");
    assert!(
        w.about(&addr("persia"), "spy report")
            .iter()
            .all(|m| !has(m, "Greece"))
    );
    let re = w.play("persia", "REACTION A ant - dam");
    w.pass();
    assert!(!has(&w.reply(&addr("persia"), &re), "REJECTED"));
    w.at_deadline();
    // The results: Persia's reaction counted (its army in Damascus left
    // for Arabia, so Antioch's moves in); not a word of spies.
    for p in ANCMED {
        let res = w.about(&addr(p), "Spring 1 Movement results");
        assert_eq!(res.len(), 1, "{p}");
        assert_has(&res[0], "A mac - byz");
        assert_has(&res[0], "A ant - dam");
        for word in [
            "SPY",
            "Spy",
            "spy report",
            "COUNTER",
            "REACTION",
            "reaction",
        ] {
            assert!(!has(&res[0], word), "{word}: {}", res[0]);
        }
    }
}

#[test]
fn spionage_on_the_ancient_mediterranean_founds_in_its_home_centres() {
    let (mut w, _) = ancmed_game("spionage");
    // SPI-1: no espionage in the first movement phase.
    let c = w.play("carthage", "A car - mau\nS A rome");
    w.pass();
    let r = w.reply(&addr("carthage"), &c);
    assert_has(&r, "OK: order stored as `A car - mau`");
    assert_has(&r, "SPI-1");
    w.at_deadline();
    w.at_deadline();
    // SPI-2: the winter is held; founding in an empty own home centre of
    // this map (Carthage), not in another power's, nor an occupied one.
    let c = w.play("carthage", "+ S car");
    let e = w.play("egypt", "+ S car");
    let r = w.play("rome", "+ S rom");
    w.pass();
    assert!(!has(&w.reply(&addr("carthage"), &c), "REJECTED"));
    assert_has(&w.reply(&addr("egypt"), &e), "SPI-2");
    assert_has(&w.reply(&addr("rome"), &r), "SPI-2");
    // Nobody else may found or build: the winter ends once Carthage has.
    assert_eq!(
        w.about(&addr("rome"), "Winter 1 Adjustment results").len(),
        1
    );
    // Year 2: Carthage's Fake moves Rome's fleet.
    let c = w.play("carthage", "S F nea - tyn");
    let r = w.play("rome", "F nea H");
    w.pass();
    assert!(!has(&w.reply(&addr("carthage"), &c), "REJECTED"));
    assert!(!has(&w.reply(&addr("rome"), &r), "REJECTED"));
    w.at_deadline();
    for p in ANCMED {
        let res = w.about(&addr(p), "Spring 2 Movement results");
        assert_eq!(res.len(), 1, "{p}");
        assert_has(&res[0], "F nea - tyn");
        assert!(
            !has(&res[0], "Carthag") || !has(&res[0], "Fake"),
            "{}",
            res[0]
        );
    }
}
