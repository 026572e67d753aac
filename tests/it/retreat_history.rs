//! Issue 33: the judge's history of retreat and winter phases (`game
//! history NAME PHASE`, its espionage stories and what the rules did
//! where no order said), played through the game layer on a real SQLite
//! file in a Spionage game.
//!
//! In Spring 1902 Austria's army takes Bulgaria from Turkey's A bul,
//! Germany's takes Belgium from France's A bel, and Austria's A bud takes
//! Rumania from Russia's F rum: each dislodged unit's province now holds
//! the unit that dislodged it. The retreat phase's history names each
//! dislodged unit with its owner; a unit with no order is disbanded, not
//! held; England's Fake that replaced France's retreat says what it
//! replaced. In Winter 1902 civil disorder removes a French unit, and
//! Germany's Fake takes the place of civil disorder's removal of a
//! Turkish one.

use crate::support::secret_log_game;

use dipspy::game::{self, DefaultKind, HistoryDefault, UnitStory};
use secret_log_game::G;
use std::process::Command;

/// The game to Winter 1902, played out.
fn played() -> G {
    let mut g = G::new(&["spionage"]);
    g.submit("turkey", &["A con - bul", "F ank - bla"]);
    g.submit("austria", &["A bud - ser", "A vie - bud", "F tri - alb"]);
    g.submit("france", &["A par - pic", "F bre - mid"]);
    g.submit("germany", &["A mun - ruh", "F kie - hol"]);
    g.submit("russia", &["F sev - rum"]);
    g.submit("england", &["F lon - nth"]);
    g.submit("italy", &["A ven - tyr"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1901M");
    g.submit(
        "austria",
        &["A ser - gre", "F alb S A ser - gre", "A bud - ser"],
    );
    g.submit("france", &["A pic - bel"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    g.submit("austria", &["Build A vie", "Build A bud"]);
    g.submit("turkey", &["Build A ank"]);
    g.submit("france", &["Build A par"]);
    g.submit("england", &["+ S lon"]);
    g.submit("germany", &["+ S kie"]);
    g.submit("italy", &["+ S ven"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    g.submit(
        "austria",
        &["A ser - bul", "A gre S A ser - bul", "A bud - rum"],
    );
    g.submit("turkey", &["A bul H", "F bla S A bud - rum"]);
    g.submit("russia", &["F rum H"]);
    g.submit("germany", &["A ruh - bel", "F hol S A ruh - bel"]);
    g.submit("france", &["A bel H"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902R");
    g.submit("turkey", &["A bul - con"]);
    g.submit("france", &["A bel - pic"]);
    g.submit("england", &["S F A bel - bur"]);
    g.submit("germany", &["S F F rum - sev"]);
    g.submit("italy", &["S F F rum - sev"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1902M");
    g.finish_phase();
    assert_eq!(g.phase(), "W1902A");
    g.submit("germany", &["S F remove A smy"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1903M");
    g
}

fn stories(g: &G, phase: &str) -> Vec<UnitStory> {
    let h = game::history(&g.st, "g", Some(phase)).unwrap();
    h.last().unwrap().espionage.clone()
}

fn by_default(g: &G, phase: &str) -> Vec<HistoryDefault> {
    let h = game::history(&g.st, "g", Some(phase)).unwrap();
    h.last().unwrap().by_default.clone()
}

/// The steps of the story of `power`'s `unit`, as (mark, text).
fn steps(stories: &[UnitStory], power: &str, unit: &str) -> Vec<(String, String)> {
    stories
        .iter()
        .find(|u| u.power == power && u.unit == unit)
        .unwrap_or_else(|| panic!("no story of {power} {unit}: {stories:#?}"))
        .steps
        .iter()
        .map(|s| (s.mark.to_string(), s.text.clone()))
        .collect()
}

fn s(mark: &str, text: &str) -> (String, String) {
    (mark.to_string(), text.to_string())
}

fn cli_history(g: &G, phase: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(&g.db)
        .args(["game", "history", "g", phase])
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_retreat_phases_history_names_each_dislodged_unit_with_its_owner() {
    let g = played();
    let st = stories(&g, "S1902R");
    assert_eq!(
        steps(&st, "turkey", "A bul"),
        [
            s("given", "A bul R con"),
            s("adjudicated", "A bul R con (as given)"),
        ]
    );
    assert_eq!(
        steps(&st, "france", "A bel"),
        [
            s("given", "A bel R pic"),
            s(
                "fake applied",
                "A bel R bur (England's Fake, in place of A bel R pic)"
            ),
            s("adjudicated", "A bel R bur (by England's Fake)"),
        ]
    );
    assert_eq!(
        steps(&st, "russia", "F rum"),
        [
            s("given", "no order"),
            s(
                "collision",
                "Germany tried F rum R sev; Italy tried F rum R sev: none took effect"
            ),
            s("adjudicated", "no order (disbanded)"),
        ]
    );
    // Only the dislodged units take orders: the units that dislodged them,
    // standing in the same provinces, have no story, and nothing holds.
    let told: Vec<(String, String)> = st
        .iter()
        .map(|u| (u.power.clone(), u.unit.clone()))
        .collect();
    assert_eq!(told.len(), 3, "{told:?}");
    assert!(
        st.iter()
            .flat_map(|u| &u.steps)
            .all(|s| !s.text.contains("hold")),
        "{st:#?}"
    );
    assert_eq!(
        by_default(&g, "S1902R"),
        [HistoryDefault {
            power: "russia".into(),
            unit: Some("F rum".into()),
            what: DefaultKind::Disbanded,
            count: 0,
        }]
    );
    // The judge's picture names the unit the Fakes collided on: the
    // dislodged Russian fleet, not the Austrian army standing in rum.
    let pic = game::phase_picture(&g.st, "g", Some("S1902R")).unwrap();
    let clash: Vec<String> = pic
        .judge_marks()
        .into_iter()
        .filter(|m| m.kind == dipspy::render::MarkKind::Collision)
        .map(|m| m.text)
        .collect();
    assert_eq!(
        clash,
        ["collision on Russia's F rum: Germany F rum R sev; Italy F rum R sev"]
    );
    let text = cli_history(&g, "S1902R");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    assert!(lines.contains(&"turkey   A bul"), "{text}");
    assert!(lines.contains(&"france   A bel"), "{text}");
    assert!(!lines.contains(&"austria  A bul"), "{text}");
    assert!(!lines.contains(&"germany  A bel"), "{text}");
    assert!(
        lines.contains(&"by the rules: russia F rum: disbanded (no order)"),
        "{text}"
    );
}

#[test]
fn a_winters_history_shows_civil_disorder_and_the_fake_that_replaced_it() {
    let g = played();
    let st = stories(&g, "W1902A");
    assert_eq!(
        steps(&st, "turkey", "A smy"),
        [
            s("given", "no order"),
            s(
                "fake applied",
                "Remove A smy (Germany's Fake, in place of civil disorder's removal of F bla)"
            ),
            s("adjudicated", "Remove A smy (by Germany's Fake)"),
        ]
    );
    assert_eq!(
        steps(&st, "france", "F mid"),
        [
            s("given", "no order"),
            s("adjudicated", "no order: removed by civil disorder"),
        ]
    );
    assert_eq!(
        steps(&st, "russia", "builds"),
        [s("adjudicated", "1 build not used (no order)")]
    );
    // Units that stay and were given nothing are not listed, and nothing
    // holds in a winter.
    assert!(
        !st.iter().any(|u| u.unit == "F bla" || u.unit == "A ank"),
        "{st:#?}"
    );
    assert!(
        st.iter()
            .flat_map(|u| &u.steps)
            .all(|s| !s.text.contains("hold")),
        "{st:#?}"
    );
    let d = by_default(&g, "W1902A");
    assert!(
        d.contains(&HistoryDefault {
            power: "france".into(),
            unit: Some("F mid".into()),
            what: DefaultKind::CivilDisorder,
            count: 0,
        }),
        "{d:#?}"
    );
    assert!(
        !d.iter().any(|x| x.power == "turkey"),
        "the Fake's removal took civil disorder's place: {d:#?}"
    );
    assert!(
        d.contains(&HistoryDefault {
            power: "russia".into(),
            unit: None,
            what: DefaultKind::BuildsUnused,
            count: 1,
        }),
        "{d:#?}"
    );
    let text = cli_history(&g, "W1902A");
    assert!(
        text.contains("by the rules: france F mid: removed by civil disorder"),
        "{text}"
    );
    assert!(
        text.contains("by the rules: russia: 1 build not used"),
        "{text}"
    );
}
