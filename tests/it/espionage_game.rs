//! Espionage games played through the game layer on real SQLite files:
//! the rules that span phases (the Espionnite reaction sub-phase, Spionage
//! organisations, exposure for the round, retreat parts of Fakes, the
//! winter held every year, both rule sets together), the announcements,
//! the judge's secret log with its hash chain, and a leak test.

use crate::support::sim;
use crate::support::started::{POWERS, start_seated};
use chrono::{DateTime, Duration, Utc};
use dipspy::engine::{Map, PowerId};
use dipspy::game::{self, CreateOptions, Sender, SubmitReport, TickReason};
use dipspy::store::{self, AnnouncementKind, AnnouncementRow, Audience, Store};
use sim::{Generator, Rng};
use std::process::Command;

struct G {
    _dir: tempfile::TempDir,
    db: std::path::PathBuf,
    st: Store,
    now: DateTime<Utc>,
}

fn t0() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

impl G {
    fn new(rules: &[&str]) -> G {
        G::with(rules, CreateOptions::default())
    }

    fn with(rules: &[&str], base: CreateOptions) -> G {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        let mut st = crate::support::words::open_store(&db).unwrap();
        let o = CreateOptions {
            rules: rules.iter().map(|r| r.to_string()).collect(),
            deadline: "48h".into(),
            reaction_deadline: "24h".into(),
            reminder: "12h".into(),
            ..base
        };
        let now = t0();
        start_seated(&mut st, "g", &o, &POWERS, now);
        G {
            _dir: dir,
            db,
            st,
            now,
        }
    }

    fn submit(&mut self, power: &str, lines: &[&str]) -> SubmitReport {
        let sender = Sender {
            from: Some(format!("{power}@example.org")),
            message_id: Some(format!("<{power}-{}@example.org>", self.now.timestamp())),
            ..Default::default()
        };
        game::submit_orders(
            &mut self.st,
            "g",
            power,
            &lines.join("\n"),
            None,
            &sender,
            self.now,
        )
        .unwrap()
    }

    fn show(&self) -> game::GameView {
        game::show(&self.st, "g").unwrap()
    }

    fn phase(&self) -> String {
        self.show().phase.unwrap()
    }

    fn deadline(&self) -> DateTime<Utc> {
        let id = self.st.read().game_by_name("g").unwrap().unwrap().id;
        let row = self.st.read().live_phase(id).unwrap().unwrap();
        store::parse_time(row.deadline.as_deref().unwrap()).unwrap()
    }

    fn tick(&mut self) -> Vec<(TickReason, game::ProcessReport)> {
        game::tick(&mut self.st, self.now)
            .unwrap()
            .into_iter()
            .map(|(_, r)| r.unwrap())
            .collect()
    }

    /// Moves the clock to the current deadline and ticks once.
    fn at_deadline(&mut self) -> game::ProcessReport {
        self.now = self.deadline();
        let mut r = self.tick();
        assert_eq!(r.len(), 1, "one game is due at its deadline");
        r.remove(0).1
    }

    /// Plays the phase out: for an Espionnite movement phase, the order
    /// deadline then the reaction deadline.
    fn finish_phase(&mut self) -> game::ProcessReport {
        let r = self.at_deadline();
        if r.reaction_opened {
            self.at_deadline()
        } else {
            r
        }
    }

    fn announcements(&self) -> Vec<AnnouncementRow> {
        let id = self.st.read().game_by_name("g").unwrap().unwrap().id;
        // Read as a reader reads them: typed ones put into words.
        dipspy::text::render_notices(
            dipspy::text::Lang::En,
            self.st.read().announcements(id).unwrap(),
        )
    }

    fn results_of(&self, phase: &str) -> String {
        let a: Vec<AnnouncementRow> = self
            .announcements()
            .into_iter()
            .filter(|a| a.kind == AnnouncementKind::Results && a.phase.as_deref() == Some(phase))
            .collect();
        assert_eq!(a.len(), 1, "one results announcement for {phase}");
        assert_eq!(a[0].audience, Audience::All);
        a[0].body.clone()
    }

    fn units(&self, power: &str) -> Vec<String> {
        self.show().units.get(power).cloned().unwrap_or_default()
    }

    fn secret(&self) -> Vec<dipspy::store::SecretRow> {
        game::secret_log(&self.st, "g", None, None).unwrap()
    }
}

fn rejected(r: &SubmitReport) -> Vec<String> {
    r.lines.iter().filter_map(|l| l.error.clone()).collect()
}

fn has_line(body: &str, text: &str) -> bool {
    body.lines().any(|l| l.trim_start().starts_with(text))
}

// ------------------------------------------------------------ Espionnite

#[test]
fn esp_7_reaction_phase_has_its_own_deadline() {
    let mut g = G::new(&["espionnite"]);
    let r = g.submit("france", &["A par - bur", "SPY A mun", "COUNTERSPY A par"]);
    assert!(rejected(&r).is_empty(), "{:?}", rejected(&r));
    g.submit("germany", &["A mun H", "COUNTERSPY F kie", "SPY A par"]);
    // A reaction before the reaction phase is refused with the reason.
    let r = g.submit("france", &["REACTION A par - pic"]);
    assert!(
        rejected(&r)[0].contains("only in the reaction phase"),
        "{r:?}"
    );

    let movement_deadline = g.deadline();
    let r = g.at_deadline();
    assert!(r.reaction_opened);
    assert_eq!(g.phase(), "S1901M");
    let v = g.show();
    assert!(v.reaction_phase);
    assert_eq!(g.deadline(), movement_deadline + Duration::hours(24));
    assert_eq!(v.deadline.as_deref(), Some("2025-01-13 12:00 UTC"));

    // Spy reports: France learned the frozen order; Germany's spy was
    // stopped and is told only that it learned nothing.
    let a = g.announcements();
    let report = |p: &str| {
        a.iter()
            .find(|x| x.kind == AnnouncementKind::SpyReport && x.audience == Audience::parse(p))
            .map(|x| x.body.clone())
            .unwrap_or_else(|| panic!("no spy report for {p}"))
    };
    assert!(report("france").contains("Your spy on A mun reports: A mun H"));
    assert!(report("germany").contains("Your spy on A par learned nothing."));
    assert!(!report("germany").contains("counter"));
    assert!(report("italy").contains("no order"));
    let open = a
        .iter()
        .find(|x| x.kind == AnnouncementKind::Reaction)
        .unwrap();
    assert_eq!(open.audience, Audience::All);
    assert!(open.body.contains("2025-01-13 12:00 UTC"), "{}", open.body);

    // Orders are frozen; reactions are taken and a later one replaces an
    // earlier one.
    let r = g.submit("france", &["A mar - spa"]);
    assert!(rejected(&r)[0].contains("frozen"), "{r:?}");
    let r = g.submit("france", &["SPY A ber"]);
    assert!(rejected(&r)[0].contains("frozen"), "{r:?}");
    g.submit("france", &["REACTION A par - pic"]);
    let r = g.submit("france", &["REACTION A par - gas"]);
    assert_eq!(r.lines[0].replaced.as_deref(), Some("REACTION A par - pic"));
    assert!(r.standing.contains(&"REACTION A par - gas".to_string()));
    assert!(!r.standing.contains(&"REACTION A par - pic".to_string()));
    assert!(r.standing.contains(&"A par - bur".to_string()));
    // An illegal reaction is refused at once; the previous one stands.
    let r = g.submit("france", &["REACTION A par - mun"]);
    assert_eq!(rejected(&r).len(), 1);
    assert!(r.standing.contains(&"REACTION A par - gas".to_string()));

    // Not every power answered: nothing happens before the deadline.
    g.now += Duration::hours(23);
    assert!(g.tick().is_empty());
    assert_eq!(g.phase(), "S1901M");
    let r = g.at_deadline();
    assert!(!r.reaction_opened);
    assert_eq!(g.phase(), "F1901M");
    assert!(g.units("france").contains(&"A gas".to_string()));
    let body = g.results_of("S1901M");
    assert!(has_line(&body, "A par - gas"), "{body}");
    assert!(!body.contains("A par - bur"), "{body}");
    assert!(!body.contains("replaced"), "{body}");
    assert!(
        !body.contains("SPY") && !body.contains("REACTION"),
        "{body}"
    );
}

#[test]
fn esp_8_reaction_phase_ends_early_when_every_power_answered() {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur"]);
    let r = g.at_deadline();
    assert!(r.reaction_opened);
    let opened = g.now;
    // France reacts, then withdraws the reaction with REACTION NONE.
    g.submit("france", &["REACTION A par - pic"]);
    let r = g.submit("france", &["REACTION NONE"]);
    assert_eq!(r.lines[0].replaced.as_deref(), Some("REACTION A par - pic"));
    for p in POWERS.iter().filter(|p| **p != "france" && **p != "turkey") {
        g.submit(p, &["REACTION NONE"]);
    }
    g.now = opened + Duration::hours(1);
    assert!(g.tick().is_empty(), "Turkey has not answered yet");
    g.submit("turkey", &["REACTION F ank - bla"]);
    let done = g.tick();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].0, TickReason::AllOrdersIn);
    assert_eq!(g.phase(), "F1901M");
    // France's frozen order stood; Turkey's reaction was adjudicated.
    assert!(g.units("france").contains(&"A bur".to_string()));
    assert!(g.units("turkey").contains(&"F bla".to_string()));
    let log = g.secret();
    assert!(
        log.iter().any(|e| e.kind == "reaction"
            && e.text.contains("F ank H")
            && e.text.contains("→ F ank - bla")
            || e.kind == "reaction" && e.text.contains("→ F ank - bla")),
        "{log:#?}"
    );
}

#[test]
fn esp_3_spy_lines_are_refused_in_a_game_without_espionage() {
    let mut g = G::new(&[]);
    let r = g.submit("france", &["SPY A mun", "A par - bur"]);
    let errors = rejected(&r);
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("without espionage rules"), "{errors:?}");
    assert_eq!(r.standing, ["A par - bur"]);
    // Processing is the standard one, with a results announcement.
    g.at_deadline();
    assert_eq!(g.phase(), "F1901M");
    assert!(g.results_of("S1901M").contains("A par - bur"));
    assert!(g.secret().is_empty());
}

#[test]
fn esp_3_illegal_spy_orders_are_refused_at_submission_with_the_rule() {
    let mut g = G::new(&["espionnite"]);
    let r = g.submit(
        "france",
        &["SPY A par", "SPY F mun", "COUNTERSPY A mun", "SPY A mun"],
    );
    let errors = rejected(&r);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].contains("ESP-3") && errors[0].contains("your own unit"));
    assert!(errors[1].contains("ESP-3"));
    assert!(errors[2].contains("ESP-4"));
    assert_eq!(r.lines[3].error, None);
    assert_eq!(r.lines[2].line, 3);
    assert!(r.standing.contains(&"SPY A mun".to_string()));
}

// ------------------------------------------------------------ Spionage

/// Plays a Spionage (or both) game to Spring 1902 with France and Germany
/// founding their organisations in Winter 1901 (par and ber emptied in
/// Spring 1901), Austria in boh and Italy in tyr.
fn spionage_to_1902(rules: &[&str]) -> G {
    let mut g = G::new(rules);
    // SPI-1: never in the first movement phase.
    let r = g.submit("france", &["A par - bur", "S A germany"]);
    assert!(rejected(&r)[0].contains("SPI-1"), "{r:?}");
    g.submit("germany", &["A ber - pru"]);
    g.submit("austria", &["A vie - boh"]);
    g.submit("italy", &["A ven - tyr"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1901M");
    g.finish_phase();
    // SPI-2: the winter is held although nobody builds or removes.
    assert_eq!(g.phase(), "W1901A");
    let r = g.submit("france", &["+ S par"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    let r = g.submit("germany", &["BUILD SPY ber"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    // Founding needs an empty own home centre.
    let r = g.submit("england", &["+ S lon"]);
    assert!(rejected(&r)[0].contains("SPI-2"), "{r:?}");
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    g
}

#[test]
fn spi_2_winter_is_held_every_year_in_spionage_games() {
    let mut g = spionage_to_1902(&["spionage"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1902M");
    g.finish_phase();
    assert_eq!(g.phase(), "W1902A");
    let hist = game::history(&g.st, "g", None).unwrap();
    let phases: Vec<&str> = hist.iter().map(|h| h.phase.as_str()).collect();
    assert_eq!(
        phases,
        ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "W1902A"]
    );
    // Every winter has its public results.
    assert!(g.results_of("W1901A").contains("Winter 1901"));
}

#[test]
fn spi_2_winter_waits_only_for_powers_that_may_found() {
    let mut g = G::new(&["spionage"]);
    g.submit("france", &["A par - bur"]);
    g.finish_phase();
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    // France may found (par is empty): the winter waits for it.
    g.now += Duration::minutes(1);
    assert!(g.tick().is_empty());
    g.submit("france", &["+ S par"]);
    let done = g.tick();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].0, TickReason::AllOrdersIn);
    assert_eq!(g.phase(), "S1902M");
    let log = g.secret();
    assert!(
        log.iter()
            .any(|e| e.kind == "founded" && e.text.contains("par"))
    );
}

#[test]
fn spi_5_founding_then_faking_next_year() {
    let mut g = spionage_to_1902(&["spionage"]);
    g.submit("england", &["F lon H", "F edi H", "A lvp H"]);
    let r = g.submit("france", &["S F lon - eng"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    // A Fake for an own unit is refused.
    let r = g.submit("germany", &["S F kie - hol", "S F lon - nth"]);
    assert!(rejected(&r)[0].contains("SPI-5"), "{r:?}");
    // Germany's last Fake is its one order (SPI-4); withdraw it with an
    // Anti so that France's Fake stands alone.
    g.submit("germany", &["S A italy"]);
    g.finish_phase();
    assert!(g.units("england").contains(&"F eng".to_string()));
    let body = g.results_of("S1902M");
    assert!(has_line(&body, "F lon - eng"), "{body}");
    assert!(!body.contains("F lon H"), "{body}");
    assert!(!body.contains("France") || !body.contains("Fake"), "{body}");
    assert!(!body.contains("Espionage:"), "{body}");
}

#[test]
fn spi_8_exposure_lasts_the_rest_of_the_round() {
    let mut g = spionage_to_1902(&["spionage"]);
    // Austria and Italy dislodge German A mun, so the round has a retreat
    // phase; France and Germany both fake English F lon: a collision.
    g.submit("austria", &["A boh - mun"]);
    g.submit("italy", &["A tyr S A boh - mun"]);
    g.submit("germany", &["A mun H", "S F lon - nth"]);
    g.submit("france", &["S F lon - eng"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902R");
    let body = g.results_of("S1902M");
    assert!(body.contains("Espionage:"), "{body}");
    assert!(
        body.contains("France") && body.contains("Germany"),
        "{body}"
    );
    assert!(g.units("england").contains(&"F lon".to_string()));
    // Still the same round: a new Fake by France is refused.
    let r = g.submit("france", &["S F mun - sil"]);
    let e = rejected(&r);
    assert_eq!(e.len(), 1, "{r:?}");
    assert!(e[0].contains("SPI-8") && e[0].contains("exposed"), "{e:?}");
    g.submit("germany", &["A mun - sil"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1902M");
    // A new round: France may fake again.
    let r = g.submit("france", &["S F lon - eng"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    let log = g.secret();
    assert!(
        log.iter()
            .any(|e| e.kind == "exposed" && e.power.as_deref() == Some("france"))
    );
    assert!(log.iter().any(|e| e.kind == "collision"));
}

#[test]
fn spi_5_retreat_part_of_a_fake_applies_in_the_retreat_phase() {
    let mut g = spionage_to_1902(&["spionage"]);
    g.submit("austria", &["A boh - mun"]);
    g.submit("italy", &["A tyr S A boh - mun"]);
    g.submit("germany", &["A mun - ruh"]);
    // The Fake keeps German A mun from escaping and chooses its retreat.
    let r = g.submit("france", &["S F mun - bur (R: sil)"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    g.finish_phase();
    assert_eq!(g.phase(), "S1902R");
    assert!(g.show().dislodged.iter().any(|d| d.contains("A mun")));
    g.submit("germany", &["A mun R ruh"]);
    g.finish_phase();
    assert!(
        g.units("germany").contains(&"A sil".to_string()),
        "{:?}",
        g.units("germany")
    );
    let body = g.results_of("S1902R");
    assert!(has_line(&body, "A mun R sil"), "{body}");
    assert!(!body.contains("ruh"), "{body}");
    let log = g.secret();
    assert!(
        log.iter()
            .any(|e| e.phase == "S1902R" && e.kind == "fake-applied"),
        "{log:#?}"
    );
}

#[test]
fn both_rule_sets_spy_sees_frozen_orders_and_fakes_apply_after_reactions() {
    let mut g = G::new(&["espionnite", "spionage"]);
    g.submit("france", &["A par - bur"]);
    g.finish_phase();
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    g.submit("france", &["+ S par"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    g.submit("germany", &["A mun H"]);
    g.submit("france", &["SPY A mun"]);
    let r = g.at_deadline();
    assert!(r.reaction_opened);
    let a = g.announcements();
    let fr = a
        .iter()
        .rfind(|x| {
            x.kind == AnnouncementKind::SpyReport && x.audience == Audience::Power("france".into())
        })
        .unwrap();
    assert!(fr.body.contains("A mun H"), "{}", fr.body);
    // Spionage orders may be sent during the reaction phase; they apply
    // to the orders after reactions.
    g.submit("germany", &["REACTION A mun - ruh"]);
    let r = g.submit("france", &["S F mun - tyr"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    g.at_deadline();
    assert!(g.units("germany").contains(&"A tyr".to_string()));
    let body = g.results_of("S1902M");
    assert!(has_line(&body, "A mun - tyr"), "{body}");
    assert!(!body.contains("ruh"), "{body}");
    // Replay recomputes espionage phases the same way.
    let (checked, bad) = game::replay(&g.st, "g").unwrap();
    assert!(checked >= 4 && bad.is_empty(), "{bad:?}");
    let log = g.secret();
    let pos = |k: &str| {
        log.iter()
            .position(|e| e.phase == "S1902M" && e.kind == k)
            .unwrap()
    };
    assert!(pos("spy-result") < pos("reaction"));
    assert!(pos("reaction") < pos("fake-applied"));
}

// ------------------------------------------------------------ announcements

#[test]
fn every_processed_phase_has_public_results_with_the_next_deadline() {
    let mut g = G::new(&[]);
    let a = g.announcements();
    assert!(
        a.iter()
            .any(|x| x.kind == AnnouncementKind::Start && x.audience == Audience::All)
    );
    g.at_deadline();
    let body = g.results_of("S1901M");
    assert!(body.contains("Fall 1901"), "{body}");
    assert!(body.contains("due by 2025-01-14 12:00 UTC"), "{body}");
}

#[test]
fn reminders_go_once_to_powers_with_incomplete_orders_naming_what_is_missing() {
    let mut g = G::new(&[]);
    g.submit("france", &["A par H", "A mar H", "F bre H"]);
    g.submit("germany", &["A ber H"]);
    assert_eq!(
        game::send_reminders(&mut g.st, g.now).unwrap(),
        0,
        "too early"
    );
    g.now = g.deadline() - Duration::hours(11);
    assert_eq!(game::send_reminders(&mut g.st, g.now).unwrap(), 6);
    assert_eq!(game::send_reminders(&mut g.st, g.now).unwrap(), 0, "once");
    let a = g.announcements();
    let r: Vec<&AnnouncementRow> = a
        .iter()
        .filter(|x| x.kind == AnnouncementKind::Reminder)
        .collect();
    assert_eq!(r.len(), 6);
    assert!(
        r.iter()
            .all(|x| x.audience != Audience::Power("france".into())),
        "France is complete"
    );
    // Issue 11: Germany sent some orders, not all: reminded of the rest.
    let de = r
        .iter()
        .find(|x| x.audience == Audience::Power("germany".into()))
        .unwrap();
    assert!(
        de.body.contains("Still without an order: F kie, A mun"),
        "{}",
        de.body
    );
    let it = r
        .iter()
        .find(|x| x.audience == Audience::Power("italy".into()))
        .unwrap();
    assert!(it.body.contains("no orders from you"), "{}", it.body);
}

// ------------------------------------------------------------ secret log

fn play_a_logged_game() -> G {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur", "SPY A mun"]);
    g.submit("germany", &["COUNTERSPY F kie"]);
    g.at_deadline();
    g.submit("germany", &["REACTION A mun - ruh"]);
    g.at_deadline();
    g
}

#[test]
fn esp_10_secret_log_records_orders_sources_rulings_and_what_was_told() {
    let g = play_a_logged_game();
    let log = g.secret();
    let received = log
        .iter()
        .find(|e| e.kind == "received" && e.text.contains("SPY A mun"))
        .unwrap();
    let src = received.source.as_deref().unwrap();
    assert!(
        src.contains("france@example.org") && src.contains("message <france-"),
        "{src}"
    );
    assert!(
        log.iter()
            .any(|e| e.kind == "spy-result" && e.text.contains("succeeded"))
    );
    assert!(log.iter().any(|e| e.kind == "told"
        && e.power.as_deref() == Some("france")
        && e.text.contains("A mun reports: hold (no order given)")));
    assert!(
        log.iter()
            .any(|e| e.kind == "reaction" && e.text.contains("→ A mun - ruh"))
    );
    assert!(
        log.iter()
            .any(|e| e.kind == "adjudicated" && e.text.contains("A mun - ruh (by reaction)"))
    );
    // Filters: Germany's entries, those about no power, and those about
    // a German unit (France's spy on A mun), nobody else's.
    let de = game::secret_log(&g.st, "g", Some("S1901M"), Some("germany")).unwrap();
    assert!(
        de.iter()
            .all(|e| e.power.as_deref().is_none_or(|p| p == "germany") || e.text.contains("A mun")),
        "{de:#?}"
    );
    assert!(
        de.iter()
            .any(|e| e.power.as_deref() == Some("france") && e.kind == "received"),
        "{de:#?}"
    );
    assert!(
        !de.iter()
            .any(|e| e.kind == "adjudicated" && e.power.as_deref() == Some("france"))
    );
}

fn cli(g: &G, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(&g.db)
        .arg("--now")
        .arg("2025-02-01T00:00:00Z")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn spi_11_secret_log_export_is_self_contained_and_checks() {
    let g = play_a_logged_game();
    let file = g._dir.path().join("panel.json");
    let o = cli(&g, &["secret-log", "g", "--export", file.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let entries = j["entries"].as_array().unwrap();
    assert_eq!(entries.len(), g.secret().len());
    assert!(j["how_to_verify"].as_str().unwrap().contains("SHA-256"));
    assert_eq!(j["range"]["first_seq"].as_i64().unwrap(), 1);
    assert_eq!(
        j["range"]["last_seq"].as_i64().unwrap(),
        entries.len() as i64
    );
    // The panel can recompute every hash from the file alone, by the
    // recipe the file states (recomputed here with sha2, not with
    // dipspy's code).
    let recipe = j["how_to_verify"].as_str().unwrap();
    assert!(
        recipe.contains("d([phase, at, kind, power, source, text])")
            && recipe.contains("d([prev, seq, c])"),
        "the export's recipe changed; adapt recipe_hash: {recipe}"
    );
    let mut prev = "0".repeat(64);
    for (k, e) in entries.iter().enumerate() {
        assert_eq!(
            e["seq"].as_i64().unwrap(),
            k as i64 + 1,
            "numbered in order"
        );
        assert_eq!(e["prev_hash"].as_str().unwrap(), prev);
        let h = recipe_hash(&prev, e);
        assert_eq!(h, e["hash"].as_str().unwrap(), "entry {}", k + 1);
        prev = h;
    }
    assert!(
        j["signed_head"]["message"]
            .as_str()
            .unwrap()
            .contains(&format!("\nhash: {prev}\n"))
    );
    // The recomputation can fail: a changed text gives another hash.
    let mut edited = entries[0].clone();
    edited["text"] = serde_json::json!(format!("{} ", edited["text"].as_str().unwrap()));
    assert_ne!(
        recipe_hash(&"0".repeat(64), &edited),
        entries[0]["hash"].as_str().unwrap()
    );
    let o = cli(
        &g,
        &["secret-log", "g", "--verify-export", file.to_str().unwrap()],
    );
    assert!(o.status.success(), "{o:?}");
    // The readable form and --json.
    let o = cli(&g, &["secret-log", "g", "--phase", "S1901M"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("== S1901M") && text.contains("SPY A mun"),
        "{text}"
    );
    let o = cli(&g, &["secret-log", "g", "--json"]);
    let all: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let all = all.as_array().unwrap();
    let o = cli(&g, &["secret-log", "g", "--json", "--power", "france"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let france = v.as_array().unwrap();
    assert!(france.iter().any(|e| e["power"] == "france"));
    // France's entries and the general ones (no power), nobody else's.
    let ours = |e: &&serde_json::Value| e["power"] == "france" || e["power"].is_null();
    assert!(
        france.iter().all(|e| ours(&e)),
        "--power france lists other powers' entries: {france:#?}"
    );
    let want: Vec<&serde_json::Value> = all.iter().filter(ours).collect();
    assert_eq!(
        france.iter().collect::<Vec<_>>(),
        want,
        "every such entry, in order"
    );
    assert!(
        all.iter().any(|e| !ours(&e)),
        "the game logged nothing of another power: the filter is not tested"
    );
}

/// An entry's hash by the recipe the export documents (`how_to_verify`):
/// with d(x) the lowercase hex SHA-256 of the compact JSON x, the content
/// hash c = d([phase, at, kind, power, source, text]) (power and source
/// null when absent), then the hash d([prev_hash, seq, c]). Kept apart so
/// that it can follow the recipe if the export's format changes.
fn recipe_hash(prev: &str, e: &serde_json::Value) -> String {
    use sha2::Digest;
    let d = |v: serde_json::Value| -> String {
        let bytes = serde_json::to_string(&v).unwrap().into_bytes();
        sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let field = |k: &str| e.get(k).cloned().unwrap_or(serde_json::Value::Null);
    // The content hash, then the link (the export's recipe 2).
    let c = d(serde_json::Value::Array(vec![
        field("phase"),
        field("at"),
        field("kind"),
        field("power"),
        field("source"),
        field("text"),
    ]));
    d(serde_json::Value::Array(vec![
        serde_json::Value::String(prev.to_string()),
        field("seq"),
        serde_json::Value::String(c),
    ]))
}

#[test]
fn spi_11_secret_log_verify_detects_an_edited_entry() {
    let g = play_a_logged_game();
    let o = cli(&g, &["secret-log", "g", "--verify"]);
    assert!(o.status.success(), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("intact"));
    let c = rusqlite::Connection::open(&g.db).unwrap();
    c.execute(
        "UPDATE secret_log SET text = 'France sent `SPY A ber`' WHERE seq = 2",
        [],
    )
    .unwrap();
    drop(c);
    let o = cli(&g, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("entry 2") && out.contains("edited"), "{out}");
}

#[test]
fn spi_11_secret_log_verify_detects_a_deleted_entry() {
    let g = play_a_logged_game();
    let c = rusqlite::Connection::open(&g.db).unwrap();
    c.execute("DELETE FROM secret_log WHERE seq = 4", [])
        .unwrap();
    drop(c);
    let o = cli(&g, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("entry 4 is missing"), "{out}");

    // Deleting the newest entries is noticed too.
    let g = play_a_logged_game();
    let c = rusqlite::Connection::open(&g.db).unwrap();
    let n: i64 = c
        .query_row("SELECT max(seq) FROM secret_log", [], |r| r.get(0))
        .unwrap();
    c.execute("DELETE FROM secret_log WHERE seq = ?1", [n])
        .unwrap();
    drop(c);
    let o = cli(&g, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("missing at the end"));
}

// ------------------------------------------------------------ leak test

/// Random espionage lines for every power in the current phase.
fn random_lines(
    map: &Map,
    pos: &dipspy::engine::Position,
    power: PowerId,
    rng: &mut Rng,
    reaction: bool,
) -> Vec<String> {
    let generator = Generator::new(map);
    let orders = generator.orders(pos, rng);
    let mine: Vec<String> = orders
        .iter()
        .filter(|(p, _)| *p == power)
        .map(|(_, o)| o.to_text(map))
        .collect();
    let theirs: Vec<String> = orders
        .iter()
        .filter(|(p, _)| *p != power)
        .map(|(_, o)| o.to_text(map))
        .collect();
    let foreign: Vec<String> = pos
        .units
        .iter()
        .filter(|u| u.power != power)
        .map(|u| u.text(map))
        .collect();
    let own: Vec<String> = pos
        .units
        .iter()
        .filter(|u| u.power == power)
        .map(|u| u.text(map))
        .collect();
    let mut out = Vec::new();
    if reaction {
        if !mine.is_empty() && rng.percent(60) {
            out.push(format!("REACTION {}", mine[rng.below(mine.len())]));
        } else {
            out.push("REACTION NONE".into());
        }
        return out;
    }
    out.extend(mine);
    if !foreign.is_empty() && rng.percent(80) {
        out.push(format!("SPY {}", foreign[rng.below(foreign.len())]));
    }
    if !own.is_empty() && rng.percent(60) {
        out.push(format!("COUNTERSPY {}", own[rng.below(own.len())]));
    }
    if !theirs.is_empty() && rng.percent(55) {
        out.push(format!("S F {}", theirs[rng.below(theirs.len())]));
    } else {
        out.push(format!("S A {}", POWERS[rng.below(7)]));
    }
    for h in map.home_centers(power) {
        out.push(format!("+ S {}", map.province(h).abbr));
    }
    out
}

#[test]
fn esp_6_spi_10_no_announcement_names_a_spy_or_faker_beyond_the_rules() {
    let map = Map::standard();
    // Which rulings the generated games reached, so the test is known to
    // have looked at every kind of public espionage line.
    let mut seen: std::collections::BTreeSet<String> = Default::default();
    for seed in 1..=8u64 {
        let mut rng = Rng::new(seed);
        let mut g = G::new(&["espionnite", "spionage"]);
        let gid = g.st.read().game_by_name("g").unwrap().unwrap().id;
        for _ in 0..9 {
            let row = g.st.read().live_phase(gid).unwrap().unwrap();
            if row.status != store::PhaseStatus::Current {
                break;
            }
            let pos = game::position_from_json(map, &row.position).unwrap();
            let reaction = g.show().reaction_phase;
            for p in map.powers() {
                let lines = random_lines(map, &pos, p.id, &mut rng, reaction);
                if lines.is_empty() {
                    continue;
                }
                let refs: Vec<&str> = lines.iter().map(|s| s.as_str()).collect();
                let name = p.name.clone();
                let sender = Sender::default();
                let _ = game::submit_orders(
                    &mut g.st,
                    "g",
                    &name,
                    &refs.join("\n"),
                    None,
                    &sender,
                    g.now,
                );
            }
            g.at_deadline();
        }
        let log = g.secret();
        let display: Vec<(String, String)> = map
            .powers()
            .iter()
            .map(|p| (p.display_name(), p.adjective.clone()))
            .collect();
        for a in g.announcements() {
            let body = &a.body;
            for l in body.lines() {
                let t = l.trim_start();
                for bad in [
                    "SPY ",
                    "COUNTERSPY",
                    "S F ",
                    "S A ",
                    "+ S ",
                    "REACTION A",
                    "REACTION F",
                ] {
                    // The spy report's how-to example is not a player's line.
                    if a.kind == AnnouncementKind::SpyReport && bad.starts_with("REACTION") {
                        continue;
                    }
                    assert!(!t.starts_with(bad), "{} to {}: {l}", a.kind, a.audience);
                }
            }
            assert!(!body.contains("replaced"), "{body}");
            assert!(!body.contains("counter-spy"), "{body}");
            match a.kind.as_str() {
                "spy-report" => {
                    // ESP-6: only the power's own spy, at most one line.
                    assert_ne!(a.audience, Audience::All);
                    assert!(body.matches("Your spy").count() <= 1, "{body}");
                    for (name, _) in &display {
                        if Audience::Power(name.to_lowercase()) != a.audience {
                            assert!(!body.contains(name.as_str()), "{body}");
                        }
                    }
                }
                "results" => {
                    assert_eq!(a.audience, Audience::All);
                    // SPI-10 (a): a stopped Fake names no faker.
                    for l in body.lines().filter(|l| l.contains("stopped by an Anti")) {
                        let phase = a.phase.as_deref().unwrap();
                        let stopped: Vec<&str> = log
                            .iter()
                            .filter(|e| e.phase == phase && e.kind == "fake-stopped")
                            .filter_map(|e| e.power.as_deref())
                            .collect();
                        for f in stopped {
                            let p = map.power_by_name(f).unwrap();
                            let fp = map.power(p);
                            assert!(!l.contains(&fp.display_name()), "{l}");
                        }
                    }
                    // SPI-10 (b): the collision lines together name
                    // exactly the powers exposed in this phase.
                    let phase = a.phase.as_deref().unwrap();
                    let collided: Vec<&str> =
                        body.lines().filter(|l| l.contains("collided")).collect();
                    let exposed: Vec<String> = log
                        .iter()
                        .filter(|e| e.phase == phase && e.kind == "exposed")
                        .map(|e| {
                            map.power(map.power_by_name(e.power.as_deref().unwrap()).unwrap())
                                .display_name()
                        })
                        .collect();
                    for name in &exposed {
                        assert!(
                            collided.iter().any(|l| l.contains(name.as_str())),
                            "{name} exposed but not named: {body}"
                        );
                    }
                    for l in &collided {
                        for (name, _) in &display {
                            if l.contains(&format!("{name} tried")) {
                                assert!(exposed.contains(name), "{name} named, not exposed: {l}");
                            }
                        }
                    }
                    // Fakes applied are shown as their owner's orders only.
                    for l in body.lines() {
                        assert!(!l.contains("Fake `"), "{l}");
                    }
                }
                _ => {}
            }
        }
        assert!(
            log.iter().any(|e| e.kind == "spy-result"),
            "seed {seed}: the generated game had spying"
        );
        seen.extend(log.iter().map(|e| e.kind.clone()));
    }
    for kind in [
        "spy-result",
        "reaction",
        "fake-applied",
        "fake-stopped",
        "collision",
        "exposed",
        "founded",
    ] {
        assert!(
            seen.contains(kind),
            "no generated game reached {kind}: {seen:?}"
        );
    }
}

/// ESP-5/ESP-7 and the crash rule: a judge killed while it freezes the
/// orders and writes the spy reports leaves the phase as it was (no
/// report written, no reaction phase), and processing again sends each
/// report exactly once.
#[test]
fn esp_7_a_crash_while_opening_the_reaction_phase_leaves_no_half_sent_reports() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut g = G::new(&["espionnite"]);
    let sender = Sender::default();
    game::submit_orders(
        &mut g.st,
        "g",
        "france",
        "A par - bur\nSPY A mun",
        None,
        &sender,
        g.now,
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(&g.db)
        .args(["game", "process", "g"])
        .env("DIPSPY_TEST_PAUSE_IN_PROCESSING", "60")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("pausing"), "{line}");
    child.kill().unwrap(); // SIGKILL inside the transaction
    child.wait().unwrap();

    // Nothing of the reaction phase was written.
    let st = crate::support::words::open_store(&g.db).unwrap();
    let v = game::show(&st, "g").unwrap();
    assert!(!v.reaction_phase);
    let id = st.read().game_by_name("g").unwrap().unwrap().id;
    let kinds: Vec<String> = st
        .read()
        .announcements(id)
        .unwrap()
        .into_iter()
        .map(|a| a.kind.to_string())
        .collect();
    assert!(
        !kinds.iter().any(|k| k == "spy-report" || k == "reaction"),
        "{kinds:?}"
    );
    drop(st);

    // Processing again opens it once, with one report per power.
    let r = game::process(&mut g.st, "g", g.now).unwrap();
    assert!(r.reaction_opened);
    let reports: Vec<AnnouncementRow> = g
        .announcements()
        .into_iter()
        .filter(|a| a.kind == AnnouncementKind::SpyReport)
        .collect();
    assert_eq!(reports.len(), 7);
    let france: Vec<&AnnouncementRow> = reports
        .iter()
        .filter(|a| a.audience == Audience::Power("france".into()))
        .collect();
    assert_eq!(france.len(), 1);
    assert!(
        france[0]
            .body
            .contains("Your spy on A mun reports: hold (no order given)"),
        "{}",
        france[0].body
    );
}

/// SPI-1: with `spy_at_start` every power has an organisation from the
/// start, but none may act in the first movement phase; from the next
/// phase on Fakes are accepted without any founding.
#[test]
fn spi_1_spy_at_start_gives_every_power_an_organisation_but_not_in_the_first_phase() {
    let base = CreateOptions {
        spy_at_start: true,
        ..CreateOptions::default()
    };
    let mut g = G::with(&["spionage"], base);
    let r = g.submit("france", &["A par - bur", "S F mun - boh"]);
    assert!(rejected(&r)[0].contains("SPI-1"), "{r:?}");
    g.submit("germany", &["A mun H"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1901M");
    let r = g.submit("france", &["S F mun - boh"]);
    assert!(rejected(&r).is_empty(), "{r:?}");
    g.submit("germany", &["A mun H"]);
    g.finish_phase();
    let results = g.results_of("F1901M");
    assert!(results.contains("A mun - boh"), "{results}");
    // Without the setting nobody has one (SPI-1, SPI-2).
    let mut plain = G::new(&["spionage"]);
    plain.finish_phase();
    let r = plain.submit("france", &["S F mun - boh"]);
    assert!(rejected(&r)[0].contains("SPI-2"), "{r:?}");
}

/// Issue 25: a refused spy order is stored as its code with its arguments
/// (the rule, the reason's own code), and reads back as the player was told.
#[test]
fn a_refused_spy_order_is_stored_as_a_code_that_reads_as_the_reply() {
    let mut g = G::new(&["espionnite"]);
    let r = g.submit("france", &["SPY A par"]);
    let told = rejected(&r);
    assert_eq!(told.len(), 1, "{r:?}");
    let kept: String =
        g.st.conn()
            .query_row(
                "SELECT error FROM spy_orders WHERE status = 'rejected'",
                [],
                |r| r.get(0),
            )
            .unwrap();
    assert!(kept.starts_with(r#"{"k":"spy-rejected""#), "{kept}");
    assert!(kept.contains(r#""rule":"ESP-3""#), "{kept}");
    assert!(!kept.contains("your own unit"), "{kept}");
    assert_eq!(
        dipspy::text::render_stored_reason(dipspy::text::Lang::En, &kept),
        told[0]
    );
}
