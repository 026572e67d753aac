//! The order words of French and German players (issue 35 items 3 and 5):
//! the ones docs/languages.md promises are read as the English ones, and a spy
//! report's example reaction is one of the reader's own units, in the
//! reader's order words, so that a reply quoting it cannot order another
//! power's unit.

use crate::support::started::{POWERS, start_seated};
use chrono::{DateTime, Utc};
use dipspy::engine::Map;
use dipspy::engine::PhaseKind::{Adjustment, Movement};
use dipspy::engine::parse_line;
use dipspy::game::{self, CreateOptions};
use dipspy::store::{AnnouncementKind, Audience, Store};
use dipspy::text::Lang;

#[test]
fn french_and_german_order_words_are_read_as_the_english_ones() {
    let map = Map::standard();
    let same = [
        (Movement, "A ven SOUTIEN A rom - apu", "A ven S A rom - apu"),
        (
            Movement,
            "A mun UNTERSTÜTZT A ber - sil",
            "A mun S A ber - sil",
        ),
        (Movement, "A par TIENT", "A par H"),
        (Movement, "A mun HÄLT", "A mun H"),
        (Movement, "F nth CONVOIE A lon - nwy", "F nth C A lon - nwy"),
        (
            Movement,
            "F nth KONVOIERT A lon - nwy",
            "F nth C A lon - nwy",
        ),
        (Movement, "CONTRE ESPION F bre", "COUNTERSPY F bre"),
        (Movement, "CONTRE-ESPION F bre", "COUNTERSPY F bre"),
        (Movement, "GEGEN-SPION A vie", "COUNTERSPY A vie"),
        (Movement, "GEGENSPION A vie", "COUNTERSPY A vie"),
        (Movement, "counter spy A vie", "COUNTERSPY A vie"),
        (Movement, "RÉACTION AUCUNE", "REACTION NONE"),
        (Movement, "REAKTION KEINE", "REACTION NONE"),
        (Movement, "réaction A mun - boh", "REACTION A mun - boh"),
        (Movement, "ESPION FAKE F den - swe", "S F F den - swe"),
        (Movement, "SPION ANTI Deutschland", "S A germany"),
        (Adjustment, "+ ESPION ber", "+ S ber"),
        (Adjustment, "BUILD SPION ber", "+ S ber"),
    ];
    for (phase, written, english) in same {
        let want = parse_line(map, phase, english);
        assert!(want.is_ok(), "{english}: {want:?}");
        assert_eq!(parse_line(map, phase, written), want, "{written}");
    }
}

/// The spy report each power gets, in `lang`.
fn spy_report(st: &Store, power: &str, lang: Lang) -> String {
    let id = st.read().game_by_name("g").unwrap().unwrap().id;
    let rows = dipspy::text::render_notices(lang, st.read().announcements(id).unwrap());
    let mine: Vec<String> = rows
        .into_iter()
        .filter(|a| {
            a.kind == AnnouncementKind::SpyReport && a.audience == Audience::Power(power.into())
        })
        .map(|a| a.body)
        .collect();
    assert_eq!(mine.len(), 1, "{power}: one spy report");
    mine.into_iter().next().unwrap()
}

#[test]
fn a_spy_reports_example_reaction_is_one_of_the_readers_own_units_in_their_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
    let o = CreateOptions {
        rules: vec!["espionnite".into()],
        deadline: "48h".into(),
        reaction_deadline: "24h".into(),
        ..CreateOptions::default()
    };
    let now: DateTime<Utc> = "2025-01-10T12:00:00Z".parse().unwrap();
    start_seated(&mut st, "g", &o, &POWERS, now);
    let due = now + chrono::Duration::hours(49);
    for (_, r) in game::tick(&mut st, due).unwrap() {
        r.unwrap();
    }
    let map = Map::standard();
    for (power, lang, reaction) in [
        ("france", Lang::Fr, "RÉACTION"),
        ("germany", Lang::De, "REAKTION"),
        ("england", Lang::En, "REACTION"),
    ] {
        let body = spy_report(&st, power, lang);
        let example = body
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with(reaction) && l.contains(" - "))
            .unwrap_or_else(|| panic!("{power}: no example reaction in\n{body}"));
        // The example reads back as a reaction for one of the power's units.
        let order = example.trim_start_matches(reaction).trim();
        let unit = order.split(" - ").next().unwrap();
        let units = game::show(&st, "g").unwrap().units;
        assert!(
            units[power].iter().any(|u| u == unit),
            "{power}: `{example}` names a unit that is not its own ({:?})",
            units[power]
        );
        assert!(parse_line(map, Movement, example).is_ok(), "{example}");
    }
}
