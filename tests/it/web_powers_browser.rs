//! Issue 38: every power's page of the Spionage test games, in a real
//! browser (headless Chromium), phase by phase as each game is played:
//! after every power's orders and every deadline, each of the seven
//! powers signs on at its page, and the page holds nothing that only another power, the
//! master or the judge received (spy reports, Fakes and their exposure,
//! Antis, foundings, private press, the secret log), nor another
//! player's address, while it shows the power's own units.

use crate::support::mixed_game::{Pages, others_secrets};
use crate::support::secret_log_game::{self, G, watch};
use crate::support::started::POWERS;
use dipspy::judge::JudgeSettings;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Plays the game `build` makes, every power's page read in the browser
/// after each of its steps; returns how many steps were read.
fn read_phase_by_phase(build: fn() -> G) -> usize {
    dipspy::text::install();
    let pages: Rc<RefCell<Option<Pages>>> = Rc::new(RefCell::new(None));
    let steps = Rc::new(Cell::new(0));
    let (p, n) = (Rc::clone(&pages), Rc::clone(&steps));
    watch(Some(Box::new(move |g: &G| {
        let mut slot = p.borrow_mut();
        let pages = slot.get_or_insert_with(|| {
            let js = JudgeSettings {
                address: "judge@example.org".into(),
                ..Default::default()
            };
            Pages::serve_db(&g.db, js, Default::default(), g.now, |_| "pw".into())
        });
        pages.set_clock(g.now);
        for power in POWERS {
            let others: Vec<String> = POWERS
                .iter()
                .filter(|o| **o != power)
                .map(|o| format!("{o}@example.org"))
                .collect();
            pages.assert_own_only(&g.db, "g", power, &format!("{power}@example.org"), &others);
        }
        n.set(n.get() + 1);
    })));
    let g = build();
    watch(None);
    g.assert_heads_mailed_to_master(1);
    // There was something to keep from each power: what the pages were
    // read for.
    for power in POWERS {
        let kept = others_secrets(&g.db, "g", power, &format!("{power}@example.org"));
        assert!(kept.len() >= 5, "{power}: {kept:#?}");
    }
    steps.get()
}

#[test]
fn every_power_of_the_colliding_fakes_game_sees_only_its_own_page_phase_by_phase() {
    // Four powers' orders in Spring 1901, four foundings, four orders in
    // Spring 1902, and four deadlines.
    let steps = read_phase_by_phase(secret_log_game::colliding_fakes);
    assert_eq!(steps, 16);
}

#[test]
fn every_power_of_the_retreat_fake_game_sees_only_its_own_page_phase_by_phase() {
    // Four powers' orders in Spring 1901, two foundings, four orders in
    // Spring 1902, and five deadlines (its retreat phase's among them).
    let steps = read_phase_by_phase(secret_log_game::retreat_fake);
    assert_eq!(steps, 15);
}
