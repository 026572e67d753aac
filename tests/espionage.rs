//! Espionage (espionage-rules.md): the grammar, the pure engine rule by
//! rule (tests named after the rule), the worked examples as scenario files
//! under `tests/espionage/`, and a leak test over generated positions.

use dipspy::engine::adjudicate::adjudicate;
use dipspy::engine::espionage::{
    Context, Organisations, Resolution, Rules, SecretKind, Source, esp_8_reactions_complete,
    resolve, spi_2_winter_waits_for, validate,
};
use dipspy::engine::map::{Map, PowerId};
use dipspy::engine::order::{Line, Order, SpyOrder, parse_line, parse_order};
use dipspy::engine::phase::{Phase, PhaseKind};
use dipspy::engine::position::{DislodgedUnit, Position, Unit};
use dipspy::scenario::Scenario;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn map() -> &'static Map {
    Map::standard()
}

fn pw(name: &str) -> PowerId {
    map().power_by_name(name).expect("a power")
}

fn unit(power: &str, s: &str) -> Unit {
    let (unit_type, location) = map().parse_unit(s).expect("a unit");
    Unit {
        power: pw(power),
        unit_type,
        location,
    }
}

/// A position in `phase` (`S1902M`) with these units, starting ownership.
fn position(phase: &str, units: &[(&str, &str)]) -> Position {
    let mut p = Position::empty(map(), Phase::parse(phase).unwrap());
    for (power, u) in units {
        p.units.push(unit(power, u));
    }
    p.normalize();
    p
}

const BOTH: Rules = Rules {
    espionnite: true,
    spionage: true,
};
const ESPIONNITE: Rules = Rules {
    espionnite: true,
    spionage: false,
};
const SPIONAGE: Rules = Rules {
    espionnite: false,
    spionage: true,
};

fn ctx<'a>(position: &'a Position, rules: Rules, orgs: &'a Organisations) -> Context<'a> {
    Context {
        map: map(),
        position,
        rules,
        first_phase: Phase::first(1901),
        organisations: orgs,
    }
}

fn orders(position: &Position, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| (pw(p), parse_order(map(), position.phase.kind, o).unwrap()))
        .collect()
}

fn spy(kind: PhaseKind, line: &str) -> SpyOrder {
    match parse_line(map(), kind, line).unwrap() {
        Line::Spy(s) => s,
        Line::Order(o) => panic!("{line} read as an order {o:?}"),
    }
}

fn spies(position: &Position, list: &[(&str, &str)]) -> Vec<(PowerId, SpyOrder)> {
    list.iter()
        .map(|(p, o)| (pw(p), spy(position.phase.kind, o)))
        .collect()
}

fn orgs(founded: &[&str]) -> Organisations {
    Organisations {
        founded: founded.iter().map(|p| pw(p)).collect(),
        ..Organisations::default()
    }
}

fn adjudicated(r: &Resolution, power: &str) -> Vec<String> {
    r.orders
        .iter()
        .filter(|o| o.power == pw(power))
        .map(|o| o.order.to_text(map()))
        .collect()
}

fn private(r: &Resolution, power: &str) -> Vec<String> {
    r.private.get(&pw(power)).cloned().unwrap_or_default()
}

fn rejection(c: &Context<'_>, power: &str, line: &str) -> String {
    let order = spy(c.position.phase.kind, line);
    validate(c, pw(power), &order).expect_err(line).to_string()
}

fn accepted(c: &Context<'_>, power: &str, line: &str) {
    let order = spy(c.position.phase.kind, line);
    if let Err(e) = validate(c, pw(power), &order) {
        panic!("{line} refused: {e}");
    }
}

// ---------------------------------------------------------------------------
// Grammar

#[test]
fn every_espionage_form_reads_and_prints_canonically() {
    use PhaseKind::*;
    let cases: &[(PhaseKind, &str, &str)] = &[
        (Movement, "SPY A mun", "SPY A mun"),
        (Movement, "ESPION A mun", "SPY A mun"),
        (Movement, "SPION A Munich", "SPY A mun"),
        (Movement, "spy mun", "SPY mun"),
        (Movement, "COUNTERSPY F kie", "COUNTERSPY F kie"),
        (Movement, "COUNTER-SPY F kie", "COUNTERSPY F kie"),
        (Movement, "counter spy F kie", "COUNTERSPY F kie"),
        (Movement, "CONTRE-ESPION F kie", "COUNTERSPY F kie"),
        (Movement, "GEGENSPION F Kiel", "COUNTERSPY F kie"),
        (Movement, "REACTION A mun - boh", "REACTION A mun - boh"),
        (Movement, "RÉACTION A mun - boh", "REACTION A mun - boh"),
        (Movement, "Réaction A mun - boh", "REACTION A mun - boh"),
        (Movement, "REAKTION A mun S A ber", "REACTION A mun S A ber"),
        (Movement, "REACTION NONE", "REACTION NONE"),
        (Movement, "reaction none.", "REACTION NONE"),
        (Movement, "S F mun - sil", "S F mun - sil"),
        (
            Movement,
            "S F A mun - sil (R: bur)",
            "S F A mun - sil (R: bur)",
        ),
        (Movement, "S F mun - sil (R bur)", "S F mun - sil (R: bur)"),
        (Movement, "S F mun - sil (R: D)", "S F mun - sil (R: D)"),
        (Movement, "SPY FAKE F lon - nth", "S F F lon - nth"),
        (Movement, "SPION FAKE F lon - nth", "S F F lon - nth"),
        (Movement, "S F F kie S F den", "S F F kie S F den"),
        (Retreat, "S F mun boh", "S F mun R boh"),
        (Retreat, "S F mun - boh", "S F mun R boh"),
        (Retreat, "S F A mun D", "S F A mun D"),
        (Adjustment, "S F lon A", "S F Build A lon"),
        (Adjustment, "S F Build A lon", "S F Build A lon"),
        (Adjustment, "S F remove F kie", "S F Remove F kie"),
        (Movement, "S A france", "S A france"),
        (Movement, "S A Frankreich", "S A france"),
        (Movement, "S A Allemagne", "S A germany"),
        (Movement, "SPY ANTI Autriche-Hongrie", "S A austria"),
        (Movement, "SPION ANTI Deutschland", "S A germany"),
        (Retreat, "S A england", "S A england"),
        (Adjustment, "+ S ber", "+ S ber"),
        (Adjustment, "BUILD SPY ber", "+ S ber"),
        (Adjustment, "+ SPION Berlin", "+ S ber"),
        (Adjustment, "build spion ber", "+ S ber"),
    ];
    for (kind, line, canonical) in cases {
        let parsed = parse_line(map(), *kind, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(matches!(parsed, Line::Spy(_)), "{line}");
        let text = parsed.to_text(map());
        assert_eq!(&text, canonical, "{line}");
        let again = parse_line(map(), *kind, &text).unwrap();
        assert_eq!(again, parsed, "round trip of {text}");
    }
}

#[test]
fn supports_and_builds_still_read_as_orders() {
    let l = parse_line(map(), PhaseKind::Movement, "F mar S A par - bur").unwrap();
    assert!(matches!(l, Line::Order(Order::SupportMove { .. })));
    let l = parse_line(map(), PhaseKind::Adjustment, "Build A par").unwrap();
    assert!(matches!(l, Line::Order(Order::Build { .. })));
    let l = parse_line(map(), PhaseKind::Movement, "A par - bur").unwrap();
    assert_eq!(l.to_text(map()), "A par - bur");
}

#[test]
fn bad_espionage_lines_say_what_was_expected() {
    let e = parse_line(map(), PhaseKind::Movement, "S A narnia").unwrap_err();
    assert!(e.expected.contains("nation"), "{e}");
    let e = parse_line(map(), PhaseKind::Movement, "SPY xyz").unwrap_err();
    assert!(e.expected.contains("province"), "{e}");
    let e = parse_line(map(), PhaseKind::Movement, "S F mun - sil (R: bur").unwrap_err();
    assert!(e.expected.contains(")"), "{e}");
    let e = parse_line(map(), PhaseKind::Movement, "SPY A mun now").unwrap_err();
    assert_eq!(e.column, 11, "{e}");
}

// ---------------------------------------------------------------------------
// Espionnite

#[test]
fn esp_1_power_without_units_has_no_agents() {
    let p = position("S1902M", &[("germany", "A mun")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    assert!(rejection(&c, "france", "SPY A mun").contains("ESP-1"));
    let q = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let c = ctx(&q, ESPIONNITE, &o);
    accepted(&c, "france", "SPY A mun");
}

#[test]
fn esp_2_espionnite_acts_in_movement_phases_only() {
    let mut p = position("S1902R", &[("germany", "A mun"), ("france", "A bur")]);
    p.dislodged.push(DislodgedUnit {
        unit: unit("france", "A pic"),
        attacked_from: None,
    });
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    assert!(rejection(&c, "france", "SPY A mun").contains("ESP-2"));
    assert!(rejection(&c, "france", "REACTION NONE").contains("ESP-2"));
    // Nor without the rule set.
    let q = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let c = ctx(&q, SPIONAGE, &o);
    assert!(rejection(&c, "france", "SPY A mun").contains("not in force"));
}

#[test]
fn esp_3_spy_order_names_a_foreign_unit() {
    let p = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    assert!(rejection(&c, "france", "SPY A bur").contains("your own unit"));
    assert!(rejection(&c, "france", "SPY A ruh").contains("no unit in ruh"));
    assert!(rejection(&c, "france", "SPY F mun").contains("the unit in mun is A mun"));
    accepted(&c, "france", "SPY mun");
}

#[test]
fn esp_3_last_valid_spy_order_counts() {
    let p = position(
        "S1902M",
        &[
            ("germany", "A mun"),
            ("germany", "F kie"),
            ("france", "A bur"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let ord = orders(
        &p,
        &[("germany", "A mun - boh"), ("germany", "F kie - hol")],
    );
    // The second spy order counts; the third is invalid and ignored.
    let s = spies(
        &p,
        &[
            ("france", "SPY A mun"),
            ("france", "SPY F kie"),
            ("france", "SPY A bur"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(
        private(&r, "france"),
        ["Your spy on F kie reports: F kie - hol"]
    );
    assert_eq!(r.rejected.len(), 1);
    assert_eq!(r.rejected[0].0, 2);
}

#[test]
fn esp_4_counterspy_names_an_own_unit() {
    let p = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    assert!(rejection(&c, "france", "COUNTERSPY A mun").contains("ESP-4"));
    assert!(rejection(&c, "france", "COUNTERSPY A par").contains("no unit"));
    accepted(&c, "france", "CONTRE-ESPION bur");
}

#[test]
fn esp_5_counterspy_covers_unit() {
    // A covered unit is immune to any number of spies.
    let p = position(
        "S1902M",
        &[
            ("germany", "A mun"),
            ("france", "A bur"),
            ("austria", "A boh"),
            ("italy", "A tyr"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let ord = orders(&p, &[("germany", "A mun - ruh")]);
    let s = spies(
        &p,
        &[
            ("france", "SPY A mun"),
            ("austria", "SPY A mun"),
            ("italy", "SPY A mun"),
            ("germany", "COUNTERSPY A mun"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    for power in ["france", "austria", "italy"] {
        assert_eq!(private(&r, power), ["Your spy on A mun learned nothing."]);
    }
    // Uncovered, all three learn the order.
    let s = spies(&p, &[("france", "SPY A mun"), ("austria", "SPY A mun")]);
    let r = resolve(&c, &ord, &s);
    assert_eq!(
        private(&r, "austria"),
        ["Your spy on A mun reports: A mun - ruh"]
    );
}

#[test]
fn esp_6_spy_learns_the_frozen_order_and_nothing_else() {
    let p = position(
        "S1902M",
        &[
            ("germany", "A mun"),
            ("germany", "F kie"),
            ("france", "A bur"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    // Written without the unit type: reported normalised. A later order
    // for the same unit counts, as in adjudication.
    let ord = orders(&p, &[("germany", "mun - boh"), ("germany", "mun - sil")]);
    let s = spies(
        &p,
        &[
            ("france", "SPY A mun"),
            ("germany", "SPY A bur"),
            ("germany", "COUNTERSPY F kie"),
            ("germany", "REACTION A mun - tyr"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    // France sees the frozen order, not Germany's reaction.
    assert_eq!(
        private(&r, "france"),
        ["Your spy on A mun reports: A mun - sil"]
    );
    // No order given: hold.
    assert_eq!(
        private(&r, "germany"),
        ["Your spy on A bur reports: hold (no order given)"]
    );
    assert_eq!(adjudicated(&r, "germany"), ["A mun - tyr"]);
    // The watched owner is not told; a counter-spy learns nothing either.
    let s = spies(
        &p,
        &[("france", "SPY A mun"), ("germany", "COUNTERSPY F kie")],
    );
    let r = resolve(&c, &ord, &s);
    assert!(private(&r, "germany").is_empty());
}

#[test]
fn esp_7_one_reaction_per_power_the_last_counts() {
    let p = position(
        "S1902M",
        &[
            ("germany", "A mun"),
            ("germany", "F kie"),
            ("france", "A bur"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let ord = orders(&p, &[("germany", "A mun H"), ("germany", "F kie H")]);
    let s = spies(
        &p,
        &[
            ("germany", "REACTION A mun - boh"),
            ("germany", "REACTION F kie - hol"),
            ("france", "REACTION A bur - pic"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    // Only F kie changed for Germany: still one unit in total.
    assert_eq!(adjudicated(&r, "germany"), ["A mun H", "F kie - hol"]);
    // France had no order for A bur: the reaction gives it one.
    assert_eq!(adjudicated(&r, "france"), ["A bur - pic"]);
    assert_eq!(r.replaced, [1]);
    // REACTION NONE after a reaction withdraws it.
    let s = spies(
        &p,
        &[
            ("germany", "REACTION A mun - boh"),
            ("germany", "REACTION NONE"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(adjudicated(&r, "germany"), ["A mun H", "F kie H"]);
}

#[test]
fn esp_7_illegal_reaction_rejected_at_once() {
    let p = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let e = rejection(&c, "germany", "REACTION A mun - lon");
    assert!(e.contains("ESP-7"), "{e}");
    assert!(rejection(&c, "germany", "REACTION A bur - pic").contains("belongs to France"));
    // The previous state stands: an earlier good reaction still counts.
    let ord = orders(&p, &[("germany", "A mun H")]);
    let s = spies(
        &p,
        &[
            ("germany", "REACTION A mun - boh"),
            ("germany", "REACTION A mun - lon"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(adjudicated(&r, "germany"), ["A mun - boh"]);
}

#[test]
fn esp_8_power_sending_no_reaction_keeps_frozen_orders() {
    let p = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let ord = orders(&p, &[("germany", "A mun - ruh"), ("france", "A bur - mun")]);
    let r = resolve(&c, &ord, &spies(&p, &[("france", "REACTION NONE")]));
    assert_eq!(adjudicated(&r, "germany"), ["A mun - ruh"]);
    assert_eq!(adjudicated(&r, "france"), ["A bur - mun"]);
    assert!(r.replaced.is_empty());
}

#[test]
fn esp_8_reaction_phase_ends_when_every_power_with_units_answered() {
    let p = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    assert!(!esp_8_reactions_complete(
        &c,
        &spies(&p, &[("france", "REACTION NONE")])
    ));
    // An illegal reaction does not count as an answer.
    let s = spies(
        &p,
        &[
            ("france", "REACTION NONE"),
            ("germany", "REACTION A mun - lon"),
        ],
    );
    assert!(!esp_8_reactions_complete(&c, &s));
    // Powers without units (Italy here) are not waited for.
    let s = spies(
        &p,
        &[
            ("france", "REACTION NONE"),
            ("germany", "REACTION A mun - boh"),
        ],
    );
    assert!(esp_8_reactions_complete(&c, &s));
}

#[test]
fn esp_9_adjudication_uses_frozen_orders_with_reactions() {
    // E2: France replaces A bur - mun by A bur - ruh after learning A mun H.
    let p = position(
        "S1902M",
        &[
            ("germany", "A mun"),
            ("germany", "F kie"),
            ("france", "A bur"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let ord = orders(&p, &[("france", "A bur - mun"), ("germany", "A mun H")]);
    let s = spies(
        &p,
        &[
            ("france", "SPY A mun"),
            ("france", "COUNTERSPY A bur"),
            ("germany", "SPY A bur"),
            ("germany", "COUNTERSPY F kie"),
            ("france", "REACTION A bur - ruh"),
            ("germany", "REACTION NONE"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(
        private(&r, "france"),
        ["Your spy on A mun reports: A mun H"]
    );
    assert_eq!(
        private(&r, "germany"),
        ["Your spy on A bur learned nothing."]
    );
    let input: Vec<(PowerId, Order)> = r
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone()))
        .collect();
    let adj = adjudicate(map(), &p, &input);
    assert!(adj.next.units.contains(&unit("france", "A ruh")));
}

#[test]
fn esp_10_nothing_public_everything_in_the_secret_log() {
    let p = position("S1902M", &[("germany", "A mun"), ("france", "A bur")]);
    let o = Organisations::default();
    let c = ctx(&p, ESPIONNITE, &o);
    let ord = orders(&p, &[("france", "A bur H"), ("germany", "A mun H")]);
    let s = spies(
        &p,
        &[
            ("france", "SPY A mun"),
            ("germany", "COUNTERSPY A mun"),
            ("france", "REACTION A bur - pic"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    assert!(r.public.is_empty());
    let kinds: Vec<SecretKind> = r.secret.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == SecretKind::Received).count(),
        3
    );
    assert!(kinds.contains(&SecretKind::SpyResult));
    let reaction = r
        .secret
        .iter()
        .find(|e| e.kind == SecretKind::Reaction)
        .unwrap();
    assert_eq!(reaction.text, "France reacted: A bur H → A bur - pic");
    let spy = r
        .secret
        .iter()
        .find(|e| e.kind == SecretKind::SpyResult && e.text.contains("spy on"))
        .unwrap();
    assert!(
        spy.text.contains("covered by Germany's counter-spy"),
        "{}",
        spy.text
    );
}

// ---------------------------------------------------------------------------
// Spionage

#[test]
fn spi_1_no_organisation_at_start_and_none_in_the_first_movement_phase() {
    assert!(Organisations::at_start(map(), false).founded.is_empty());
    let all = Organisations::at_start(map(), true);
    assert_eq!(all.founded.len(), 7);
    let p = position("S1901M", &[("england", "F lon"), ("france", "A par")]);
    let c = ctx(&p, SPIONAGE, &all);
    assert!(rejection(&c, "france", "S F lon - nth").contains("SPI-1"));
    assert!(rejection(&c, "france", "S A england").contains("SPI-1"));
    let q = position("F1901M", &[("england", "F lon"), ("france", "A par")]);
    let c = ctx(&q, SPIONAGE, &all);
    accepted(&c, "france", "S F lon - nth");
    let none = Organisations::default();
    let c = ctx(&q, SPIONAGE, &none);
    assert!(rejection(&c, "france", "S F lon - nth").contains("SPI-2"));
}

#[test]
fn spi_2_founding_in_an_empty_owned_home_centre() {
    let mut p = position("W1902A", &[("germany", "A ber"), ("france", "A bur")]);
    p.owners[map().province_by_name("mun").unwrap().0 as usize] = Some(pw("france"));
    let o = Organisations::default();
    let c = ctx(&p, SPIONAGE, &o);
    assert!(rejection(&c, "germany", "+ S ber").contains("occupied"));
    assert!(rejection(&c, "germany", "+ S par").contains("not a home centre"));
    assert!(rejection(&c, "germany", "+ S mun").contains("does not own mun"));
    assert!(rejection(&c, "germany", "+ S ruh").contains("not a home centre"));
    accepted(&c, "germany", "+ S kie");
    // Founding needs no build: Germany has none here (3 centres... of
    // which mun is lost, 1 unit: it may build, but a power with removals
    // may found too).
    let r = resolve(&c, &[], &spies(&p, &[("germany", "BUILD SPY kie")]));
    assert!(r.organisations.founded.contains(&pw("germany")));
    assert!(r.orders.is_empty(), "founding is no build");
    let q = position("S1903M", &[("germany", "A ruh")]);
    let c = ctx(&q, SPIONAGE, &o);
    assert!(rejection(&c, "germany", "+ S kie").contains("winter"));
}

#[test]
fn spi_2_power_with_removals_may_found() {
    let p = position(
        "W1902A",
        &[
            ("france", "A bur"),
            ("france", "A pic"),
            ("france", "A gas"),
            ("france", "A ruh"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, SPIONAGE, &o);
    accepted(&c, "france", "+ S par");
}

#[test]
fn spi_2_winter_waits_for_powers_that_adjust_or_may_found() {
    // Germany: 3 centres, 3 units, ber empty: may found, so waited for.
    let p = position(
        "W1902A",
        &[
            ("germany", "A mun"),
            ("germany", "F kie"),
            ("germany", "A sil"),
        ],
    );
    let o = Organisations::default();
    let c = ctx(&p, SPIONAGE, &o);
    assert!(spi_2_winter_waits_for(&c, pw("germany")));
    // With an organisation already, nothing to do: not waited for.
    let founded = orgs(&["germany"]);
    let c = ctx(&p, SPIONAGE, &founded);
    assert!(!spi_2_winter_waits_for(&c, pw("germany")));
    // Without Spionage, only adjustments count.
    let c = ctx(&p, ESPIONNITE, &o);
    assert!(!spi_2_winter_waits_for(&c, pw("germany")));
    // France has builds (3 centres, no units): waited for either way.
    assert!(spi_2_winter_waits_for(&c, pw("france")));
}

#[test]
fn spi_3_one_organisation_lasting_until_elimination() {
    let p = position("W1902A", &[("germany", "A ruh")]);
    let o = orgs(&["germany"]);
    let c = ctx(&p, SPIONAGE, &o);
    assert!(rejection(&c, "germany", "+ S kie").contains("SPI-3"));
    // Losing centres does not end it; elimination does.
    let mut after = o.clone();
    let mut next = position("S1903M", &[("germany", "A ruh")]);
    next.owners.iter_mut().for_each(|x| *x = None);
    after.drop_eliminated(&next);
    assert!(after.founded.contains(&pw("germany")));
    next.units.clear();
    after.drop_eliminated(&next);
    assert!(after.founded.is_empty());
}

#[test]
fn spi_4_anti_covers_the_round_a_fake_replaces_it_for_one_phase() {
    // Movement: England's Anti against France.
    let m = position("F1903M", &[("england", "F lon"), ("france", "F eng")]);
    let o = orgs(&["england", "france"]);
    let c = ctx(&m, SPIONAGE, &o);
    let r = resolve(&c, &[], &spies(&m, &[("england", "S A france")]));
    let after_m = r.organisations.clone();
    assert_eq!(after_m.antis.get(&pw("england")), Some(&pw("france")));
    // Retreat phase of the same round: the Anti still stops France.
    let mut rp = position("F1903R", &[("france", "F eng")]);
    rp.dislodged.push(DislodgedUnit {
        unit: unit("england", "F lon"),
        attacked_from: Some(map().province_by_name("eng").unwrap()),
    });
    rp.dislodged.push(DislodgedUnit {
        unit: unit("france", "A bur"),
        attacked_from: None,
    });
    let c = ctx(&rp, SPIONAGE, &after_m);
    let ord = orders(&rp, &[("england", "F lon R wal")]);
    let r = resolve(&c, &ord, &spies(&rp, &[("france", "S F lon D")]));
    assert_eq!(adjudicated(&r, "england"), ["F lon R wal"]);
    assert_eq!(r.public.len(), 1);
    // If England gives a Fake in that phase, the Anti is off for it.
    let r = resolve(
        &c,
        &ord,
        &spies(&rp, &[("france", "S F lon D"), ("england", "S F bur D")]),
    );
    assert_eq!(adjudicated(&r, "england"), ["F lon D"]);
    // ...but stands again for the adjustment phase.
    assert_eq!(
        r.organisations.antis.get(&pw("england")),
        Some(&pw("france"))
    );
    // A new round clears it.
    assert!(after_m.round_start().antis.is_empty());
}

#[test]
fn spi_4_one_order_per_phase_the_last_counts() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "A par"),
            ("germany", "A mun"),
        ],
    );
    let o = orgs(&["france", "germany"]);
    let c = ctx(&p, SPIONAGE, &o);
    let ord = orders(&p, &[("england", "F lon H"), ("germany", "A mun H")]);
    // France's Fake, then an Anti: the Anti replaces the Fake.
    let s = spies(
        &p,
        &[("france", "S F lon - nth"), ("france", "S A germany")],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(adjudicated(&r, "england"), ["F lon H"]);
    assert_eq!(
        r.organisations.antis.get(&pw("france")),
        Some(&pw("germany"))
    );
    // Two Fakes: only the second is made.
    let s = spies(
        &p,
        &[("france", "S F lon - nth"), ("france", "S F mun - boh")],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(adjudicated(&r, "england"), ["F lon H"]);
    assert_eq!(adjudicated(&r, "germany"), ["A mun - boh"]);
}

#[test]
fn spi_5_illegal_fakes_rejected_at_once() {
    let p = position("F1903M", &[("england", "F lon"), ("france", "A par")]);
    let o = orgs(&["france", "england"]);
    let c = ctx(&p, SPIONAGE, &o);
    assert!(rejection(&c, "france", "S F lon - mun").contains("SPI-5"));
    assert!(rejection(&c, "france", "S F A lon - wal").contains("the unit in lon is F lon"));
    assert!(rejection(&c, "france", "S F wal - lon").contains("no unit in wal"));
    assert!(rejection(&c, "france", "S F par - bur").contains("another power"));
    assert!(rejection(&c, "france", "S F lon - nth (R: mun)").contains("could not retreat"));
    accepted(&c, "france", "S F lon - nth (R: wal)");
    accepted(&c, "france", "S F lon H");
}

#[test]
fn spi_5_retreat_part_applies_if_the_unit_is_dislodged() {
    let m = position(
        "S1903M",
        &[
            ("germany", "A mun"),
            ("france", "A bur"),
            ("france", "A ruh"),
        ],
    );
    let o = orgs(&["england"]);
    let c = ctx(&m, SPIONAGE, &o);
    let ord = orders(
        &m,
        &[
            ("germany", "A mun H"),
            ("france", "A bur - mun"),
            ("france", "A ruh S A bur - mun"),
        ],
    );
    let r = resolve(
        &c,
        &ord,
        &spies(&m, &[("england", "S F mun - boh (R: sil)")]),
    );
    // The movement fake moves A mun away; the retreat part waits.
    assert_eq!(adjudicated(&r, "germany"), ["A mun - boh"]);
    assert_eq!(r.organisations.retreat_fakes.len(), 1);
    // Say A mun was dislodged after all (another round of play): the
    // retreat part replaces Germany's retreat.
    let mut rp = position("S1903R", &[("france", "A mun"), ("france", "A ruh")]);
    rp.dislodged.push(DislodgedUnit {
        unit: unit("germany", "A mun"),
        attacked_from: Some(map().province_by_name("bur").unwrap()),
    });
    let c = ctx(&rp, SPIONAGE, &r.organisations);
    let ord = orders(&rp, &[("germany", "A mun R tyr")]);
    let r2 = resolve(&c, &ord, &[]);
    assert_eq!(adjudicated(&r2, "germany"), ["A mun R sil"]);
    // Not dislodged: nothing.
    let mut other = rp.clone();
    other.dislodged[0].unit = unit("germany", "A boh");
    let c = ctx(&other, SPIONAGE, &r.organisations);
    let r3 = resolve(&c, &orders(&other, &[("germany", "A boh R tyr")]), &[]);
    assert_eq!(adjudicated(&r3, "germany"), ["A boh R tyr"]);
}

#[test]
fn spi_5_build_fake_replaces_a_build_or_does_nothing() {
    let p = position("W1903A", &[("england", "F nth")]);
    let o = orgs(&["france"]);
    let c = ctx(&p, SPIONAGE, &o);
    // Same province first.
    let ord = orders(
        &p,
        &[("england", "Build F edi"), ("england", "Build A lon")],
    );
    let r = resolve(&c, &ord, &spies(&p, &[("france", "S F lon F")]));
    assert_eq!(adjudicated(&r, "england"), ["Build F edi", "Build F lon"]);
    // Otherwise the last listed.
    let r = resolve(&c, &ord, &spies(&p, &[("france", "S F lvp A")]));
    assert_eq!(adjudicated(&r, "england"), ["Build F edi", "Build A lvp"]);
    // No build ordered: nothing to replace.
    let r = resolve(&c, &[], &spies(&p, &[("france", "S F lvp A")]));
    assert!(r.orders.is_empty());
    // Illegal build fakes are refused.
    assert!(rejection(&c, "france", "S F mun F").contains("cannot be built"));
    assert!(rejection(&c, "france", "S F stp F").contains("cannot be built"));
    assert!(rejection(&c, "france", "S F nth A").contains("not a home centre"));
    assert!(rejection(&c, "france", "S F par A").contains("another power"));
}

#[test]
fn spi_5_removal_fake_after_civil_disorder() {
    // England: 3 centres, 5 units: two removals, none ordered.
    let p = position(
        "W1903A",
        &[
            ("england", "F nth"),
            ("england", "F nao"),
            ("england", "A yor"),
            ("england", "A wal"),
            ("england", "F bar"),
        ],
    );
    let o = orgs(&["germany"]);
    let c = ctx(&p, SPIONAGE, &o);
    let no_fake = adjudicate(map(), &p, &[]);
    let r = resolve(&c, &[], &spies(&p, &[("germany", "S F remove A yor")]));
    let input: Vec<(PowerId, Order)> = r
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone()))
        .collect();
    let with_fake = adjudicate(map(), &p, &input);
    // Civil disorder would remove the two farthest (F bar, F nao); the fake
    // replaces the last of them with A yor.
    assert!(!no_fake.next.units.contains(&unit("england", "F bar")));
    assert!(!no_fake.next.units.contains(&unit("england", "F nao")));
    assert!(!with_fake.next.units.contains(&unit("england", "A yor")));
    assert!(!with_fake.next.units.contains(&unit("england", "F bar")));
    assert!(with_fake.next.units.contains(&unit("england", "F nao")));
    // A removal the owner already ordered: nothing changes.
    let ord = orders(
        &p,
        &[("england", "Remove A yor"), ("england", "Remove A wal")],
    );
    let r = resolve(&c, &ord, &spies(&p, &[("germany", "S F remove A yor")]));
    assert_eq!(adjudicated(&r, "england"), ["Remove A yor", "Remove A wal"]);
    // Otherwise the last removal listed is replaced.
    let r = resolve(&c, &ord, &spies(&p, &[("germany", "S F remove F nth")]));
    assert_eq!(adjudicated(&r, "england"), ["Remove A yor", "Remove F nth"]);
}

#[test]
fn spi_6_anti_protects_only_its_giver() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("italy", "A ven"),
            ("france", "A par"),
        ],
    );
    let o = orgs(&["england", "france"]);
    let c = ctx(&p, SPIONAGE, &o);
    let ord = orders(&p, &[("england", "F lon H"), ("italy", "A ven H")]);
    let s = spies(
        &p,
        &[("england", "S A Frankreich"), ("france", "S F ven - pie")],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(adjudicated(&r, "italy"), ["A ven - pie"]);
    assert!(r.public.is_empty());
    assert!(rejection(&c, "england", "S A england").contains("SPI-6"));
}

#[test]
fn spi_7_antis_first_then_collisions_then_fakes() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "A par"),
            ("germany", "A mun"),
            ("italy", "A ven"),
        ],
    );
    let o = orgs(&["england", "france", "germany", "italy"]);
    let c = ctx(&p, SPIONAGE, &o);
    let ord = orders(&p, &[("england", "F lon H")]);
    let s = spies(
        &p,
        &[
            ("england", "S A france"),
            ("france", "S F lon - eng"),
            ("germany", "S F lon - nth"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    assert_eq!(adjudicated(&r, "england"), ["F lon - nth"]);
    assert!(r.organisations.exposed.is_empty());
    // Add Italy: now Germany and Italy collide (France still stopped).
    let mut s2 = s.clone();
    s2.extend(spies(&p, &[("italy", "S F lon - wal")]));
    let r = resolve(&c, &ord, &s2);
    assert_eq!(adjudicated(&r, "england"), ["F lon H"]);
    let exposed: Vec<PowerId> = r.organisations.exposed.iter().copied().collect();
    assert_eq!(exposed, [pw("germany"), pw("italy")]);
}

#[test]
fn spi_8_exposure_lasts_the_round() {
    let m = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "F eng"),
            ("germany", "A mun"),
        ],
    );
    let o = orgs(&["france", "germany"]);
    let c = ctx(&m, SPIONAGE, &o);
    let s = spies(
        &m,
        &[
            ("france", "S F lon - nth (R: wal)"),
            ("germany", "S F lon - yor"),
        ],
    );
    let r = resolve(&c, &orders(&m, &[("england", "F lon H")]), &s);
    assert_eq!(adjudicated(&r, "england"), ["F lon H"]);
    let after = r.organisations;
    // Retreat phase: France's retreat part does nothing; new Fakes refused.
    let mut rp = position("F1903R", &[("france", "F eng")]);
    rp.dislodged.push(DislodgedUnit {
        unit: unit("england", "F lon"),
        attacked_from: Some(map().province_by_name("nth").unwrap()),
    });
    let c = ctx(&rp, SPIONAGE, &after);
    let r = resolve(&c, &orders(&rp, &[("england", "F lon R yor")]), &[]);
    assert_eq!(adjudicated(&r, "england"), ["F lon R yor"]);
    assert!(r.secret.iter().any(|e| e.kind == SecretKind::FakeVoid));
    assert!(rejection(&c, "germany", "S F lon D").contains("SPI-8"));
    // The organisation survives and acts again next round.
    let next = position("S1904M", &[("england", "F lon"), ("germany", "A mun")]);
    let new_round = after.entering(next.phase);
    assert!(new_round.exposed.is_empty());
    let c = ctx(&next, SPIONAGE, &new_round);
    accepted(&c, "germany", "S F lon - nth");
}

#[test]
fn spi_9_fake_is_adjudicated_as_the_owners_order() {
    // S1: the faked German move neither enters kie nor cuts kie's support.
    let p = position(
        "F1903M",
        &[
            ("germany", "A ruh"),
            ("germany", "F kie"),
            ("germany", "F den"),
            ("russia", "F bal"),
            ("russia", "F swe"),
        ],
    );
    let o = orgs(&["england"]);
    let c = ctx(&p, SPIONAGE, &o);
    let ord = orders(
        &p,
        &[
            ("germany", "A ruh H"),
            ("germany", "F kie S F den"),
            ("germany", "F den H"),
            ("russia", "F bal - den"),
            ("russia", "F swe S F bal - den"),
        ],
    );
    let r = resolve(&c, &ord, &spies(&p, &[("england", "S F ruh - kie")]));
    let faked = r
        .orders
        .iter()
        .find(|o| o.source != Source::Submitted(0) && matches!(o.source, Source::Fake { .. }))
        .unwrap();
    assert_eq!(faked.power, pw("germany"));
    let input: Vec<(PowerId, Order)> = r
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone()))
        .collect();
    let adj = adjudicate(map(), &p, &input);
    assert_eq!(adj.next.units, p.units, "nothing moved, nothing dislodged");
}

#[test]
fn spi_10_public_lines_name_only_what_the_rule_allows() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "A par"),
            ("germany", "A mun"),
        ],
    );
    let o = orgs(&["england", "france", "germany"]);
    let c = ctx(&p, SPIONAGE, &o);
    let r = resolve(
        &c,
        &[],
        &spies(
            &p,
            &[("england", "S A france"), ("france", "S F lon - nth")],
        ),
    );
    assert_eq!(
        r.public,
        ["A Fake was stopped by an Anti: F lon - nth (English orders)"]
    );
    assert!(!r.public[0].contains("France"));
    // A Fake that takes effect leaves no public trace.
    let r = resolve(&c, &[], &spies(&p, &[("germany", "S F lon - nth")]));
    assert!(r.public.is_empty());
    assert!(r.private.is_empty());
}

#[test]
fn spi_11_secret_log_records_orders_resolutions_and_final_orders() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "A par"),
            ("germany", "A mun"),
        ],
    );
    let o = orgs(&["england", "france", "germany"]);
    let c = ctx(&p, SPIONAGE, &o);
    let s = spies(
        &p,
        &[
            ("england", "S A france"),
            ("france", "S F lon - nth"),
            ("germany", "S F par - bur"),
            ("germany", "S F mun - boh"),
        ],
    );
    let r = resolve(&c, &orders(&p, &[("france", "A par H")]), &s);
    let texts: Vec<String> = r
        .secret
        .iter()
        .map(|e| format!("[{}] {}", e.kind.as_str(), e.text))
        .collect();
    assert!(
        texts.contains(&"[received] Germany sent `S F par - bur`".to_string()),
        "{texts:#?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("[rejected] Germany's `S F mun - boh`"))
    );
    assert!(
        texts.contains(
            &"[fake-stopped] France's Fake `F lon - nth` stopped by England's Anti against France"
                .to_string()
        )
    );
    assert!(texts.contains(&"[fake-applied] Germany's Fake `A par - bur` took effect as France's order (replacing A par H)".to_string()));
    assert!(texts.contains(
        &"[adjudicated] France: adjudicated with A par - bur (by Germany's Fake)".to_string()
    ));
    assert!(r.secret.iter().all(|e| e.phase == p.phase));
}

// ---------------------------------------------------------------------------
// Both rule sets

#[test]
fn both_rule_sets_spies_see_frozen_orders_reactions_come_before_fakes() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "A par"),
            ("germany", "A mun"),
        ],
    );
    let o = orgs(&["germany"]);
    let c = ctx(&p, BOTH, &o);
    let ord = orders(&p, &[("england", "F lon H"), ("france", "A par H")]);
    let s = spies(
        &p,
        &[
            ("germany", "S F lon - nth"),
            ("france", "SPY F lon"),
            ("england", "REACTION F lon - eng"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    // France's spy sees England's frozen order, not the reaction or fake.
    assert_eq!(
        private(&r, "france"),
        ["Your spy on F lon reports: F lon H"]
    );
    // The Fake is applied after the reaction, replacing it.
    assert_eq!(adjudicated(&r, "england"), ["F lon - nth"]);
    let kinds: Vec<SecretKind> = r.secret.iter().map(|e| e.kind).collect();
    let reaction = kinds
        .iter()
        .position(|k| *k == SecretKind::Reaction)
        .unwrap();
    let fake = kinds
        .iter()
        .position(|k| *k == SecretKind::FakeApplied)
        .unwrap();
    assert!(reaction < fake);
}

// ---------------------------------------------------------------------------
// Scenario files

fn scenario_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/espionage");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn strings(v: &toml::Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

fn json_strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// Checks one scenario's JSON against its `[expect]` table.
fn check_scenario(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display();
    let expect: toml::Table = toml::from_str::<toml::Table>(&text).unwrap()["expect"]
        .as_table()
        .unwrap_or_else(|| panic!("{name}: no [expect]"))
        .clone();
    let run = Scenario::parse(&text)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .run();
    let out = run.to_json();
    let esp = &out["espionage"];
    for (key, want) in &expect {
        match key.as_str() {
            "public" | "exposed" | "spy_organisations" => {
                assert_eq!(json_strings(&esp[key]), strings(want), "{name}: {key}");
            }
            "private" | "adjudicated" => {
                for (power, lines) in want.as_table().unwrap() {
                    assert_eq!(
                        json_strings(&esp[key][power]),
                        strings(lines),
                        "{name}: {key}.{power}"
                    );
                }
            }
            "units" => {
                for (power, list) in want.as_table().unwrap() {
                    assert_eq!(
                        json_strings(&out["units"][power]),
                        strings(list),
                        "{name}: units.{power}"
                    );
                }
            }
            outcome @ ("replaced" | "succeeds" | "fails" | "invalid") => {
                for order in strings(want) {
                    let hit = out["results"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|r| r["order"] == order.as_str())
                        .unwrap_or_else(|| panic!("{name}: no result for {order}"));
                    assert_eq!(hit["outcome"], outcome, "{name}: {order}: {hit}");
                }
            }
            other => panic!("{name}: unknown [expect] key {other}"),
        }
    }
}

#[test]
fn worked_examples_and_scenarios() {
    let files = scenario_files();
    assert!(files.len() >= 4);
    for f in &files {
        check_scenario(f);
    }
}

// ---------------------------------------------------------------------------
// Leak test

/// A small deterministic generator (no dependency needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal-looking order for a unit: hold or a move to a neighbour.
fn random_order(rng: &mut Rng, u: &Unit) -> Order {
    let m = map();
    let unit = dipspy::engine::order::UnitRef::new(Some(u.unit_type), u.location);
    let dests: Vec<dipspy::engine::map::Location> = match u.unit_type {
        dipspy::engine::map::UnitType::Army => m
            .army_neighbours(u.location.province)
            .iter()
            .map(|p| dipspy::engine::map::Location::new(*p))
            .collect(),
        dipspy::engine::map::UnitType::Fleet => m.fleet_neighbours(u.location).to_vec(),
    };
    if dests.is_empty() || rng.below(3) == 0 {
        return Order::Hold { unit };
    }
    Order::Move {
        unit,
        dest: dests[rng.below(dests.len())],
        via_convoy: false,
        route: Vec::new(),
    }
}

/// A generated phase: position, orders, spy orders.
type Generated = (Position, Vec<(PowerId, Order)>, Vec<(PowerId, SpyOrder)>);

fn random_phase(rng: &mut Rng) -> Generated {
    let mut p = Position::initial(map(), 1901);
    p.phase = Phase::parse(["S1903M", "F1904M"][rng.below(2)]).unwrap();
    // Shuffle the board a little: a random move for some units.
    let first = adjudicate(
        map(),
        &Position::initial(map(), 1901),
        &Position::initial(map(), 1901)
            .units
            .iter()
            .map(|u| (u.power, random_order(rng, u)))
            .collect::<Vec<_>>(),
    );
    p.units = first.next.units;
    let units = p.units.clone();
    let powers: Vec<PowerId> = map().powers().iter().map(|x| x.id).collect();
    let mut orders: Vec<(PowerId, Order)> = Vec::new();
    for u in &units {
        if rng.below(4) != 0 {
            orders.push((u.power, random_order(rng, u)));
        }
    }
    // Supports for some of the moves, so that units get dislodged.
    let moves: Vec<(
        dipspy::engine::order::UnitRef,
        dipspy::engine::map::Location,
    )> = orders
        .iter()
        .filter_map(|(_, o)| match o {
            Order::Move { unit, dest, .. } => Some((*unit, *dest)),
            _ => None,
        })
        .collect();
    for (_, o) in orders.iter_mut() {
        let Some(me) = o.unit().copied() else {
            continue;
        };
        let t = me.unit_type.expect("typed");
        let helps = moves.iter().find(|(m, dest)| {
            m.location != me.location && map().unit_reaches(t, me.location, dest.province)
        });
        if let Some((m, dest)) = helps
            && rng.below(2) == 0
        {
            *o = Order::SupportMove {
                unit: me,
                supported: *m,
                dest: *dest,
            };
        }
    }
    let mut spies = Vec::new();
    for _ in 0..rng.below(14) {
        let power = powers[rng.below(powers.len())];
        let u = units[rng.below(units.len())];
        let unit = dipspy::engine::order::UnitRef::new(Some(u.unit_type), u.location);
        let s = match rng.below(6) {
            0 => SpyOrder::Spy { target: unit },
            1 => SpyOrder::CounterSpy { unit },
            2 => SpyOrder::Reaction(random_order(rng, &u)),
            3 => SpyOrder::Anti {
                nation: powers[rng.below(powers.len())],
            },
            _ => SpyOrder::Fake {
                order: random_order(rng, &u),
                retreat: None,
            },
        };
        let power = if matches!(s, SpyOrder::CounterSpy { .. } | SpyOrder::Reaction(_))
            && rng.below(2) == 0
        {
            u.power
        } else {
            power
        };
        spies.push((power, s));
    }
    (p, orders, spies)
}

/// Only the spy's own order and the target owner's counter-spy may shape a
/// power's private report (ESP-6).
fn relevant_to(
    map: &Map,
    r: &Position,
    power: PowerId,
    spies: &[(PowerId, SpyOrder)],
) -> Vec<(PowerId, SpyOrder)> {
    let _ = map;
    let owners: Vec<PowerId> = spies
        .iter()
        .filter_map(|(p, s)| match s {
            SpyOrder::Spy { target } if *p == power => {
                r.unit_at(target.location.province).map(|u| u.power)
            }
            _ => None,
        })
        .collect();
    spies
        .iter()
        .filter(|(p, s)| match s {
            SpyOrder::Spy { .. } => *p == power,
            SpyOrder::CounterSpy { .. } => owners.contains(p),
            _ => false,
        })
        .cloned()
        .collect()
}

/// SPI-10: a stopped Fake's line names no power but through the owner's
/// adjective; a collision's line names only the powers it exposed.
fn check_public(round: usize, p: &Position, r: &Resolution) {
    let names: Vec<String> = map().powers().iter().map(|p| p.display_name()).collect();
    for line in &r.public {
        if let Some(rest) = line.strip_prefix("A Fake was stopped by an Anti: ") {
            let (order, owner) = rest.rsplit_once(" (").expect("owner");
            for n in &names {
                assert!(!order.contains(n.as_str()), "round {round}: {line}");
            }
            let order = parse_order(map(), p.phase.kind, order).unwrap();
            let at = order.unit().unwrap().location.province;
            let u = p
                .unit_at(at)
                .or(p
                    .dislodged
                    .iter()
                    .map(|d| &d.unit)
                    .find(|u| u.location.province == at))
                .unwrap();
            assert_eq!(
                owner,
                format!("{} orders)", map().power(u.power).adjective),
                "round {round}"
            );
        } else {
            assert!(line.starts_with("Fakes collided"), "round {round}: {line}");
            for (i, n) in names.iter().enumerate() {
                if line.contains(n.as_str()) {
                    assert!(
                        r.organisations.exposed.contains(&PowerId(i as u8)),
                        "round {round}: {line}"
                    );
                }
            }
        }
    }
}

/// Random retreat-phase Fakes and Antis for the units a movement phase
/// dislodged.
fn random_retreat_spies(rng: &mut Rng, p: &Position) -> Vec<(PowerId, SpyOrder)> {
    let powers: Vec<PowerId> = map().powers().iter().map(|x| x.id).collect();
    let mut out = Vec::new();
    for _ in 0..rng.below(6) {
        let power = powers[rng.below(powers.len())];
        let d = &p.dislodged[rng.below(p.dislodged.len())].unit;
        let unit = dipspy::engine::order::UnitRef::new(Some(d.unit_type), d.location);
        let order = match random_order(rng, d) {
            Order::Move { dest, .. } => Order::Retreat { unit, dest },
            _ => Order::Disband { unit },
        };
        let s = if rng.below(4) == 0 {
            SpyOrder::Anti {
                nation: powers[rng.below(powers.len())],
            }
        } else {
            SpyOrder::Fake {
                order,
                retreat: None,
            }
        };
        out.push((power, s));
    }
    out
}

#[test]
fn leak_test_public_and_private_output() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let all = Organisations::at_start(map(), true);
    let names: Vec<String> = map().powers().iter().map(|p| p.display_name()).collect();
    let mut retreats = 0;
    for round in 0..1000 {
        let (p, ord, spies) = random_phase(&mut rng);
        let c = ctx(&p, BOTH, &all);
        let r = resolve(&c, &ord, &spies);
        check_public(round, &p, &r);
        // Private: one line per spying power, only about its own spy, the
        // same whatever the other powers' espionage was.
        for (power, lines) in &r.private {
            assert_eq!(lines.len(), 1, "round {round}");
            let line = &lines[0];
            assert!(line.starts_with("Your spy on "), "round {round}: {line}");
            for n in &names {
                assert!(!line.contains(n.as_str()), "round {round}: {line}");
            }
            let alone = relevant_to(map(), &p, *power, &spies);
            let r2 = resolve(&c, &ord, &alone);
            assert_eq!(r2.private.get(power), Some(lines), "round {round}");
        }
        for (power, _) in &spies {
            if !r.private.contains_key(power) {
                let alone = relevant_to(map(), &p, *power, &spies);
                assert!(!resolve(&c, &ord, &alone).private.contains_key(power));
            }
        }
        // On to the retreat phase of the same round, when there is one.
        let input: Vec<(PowerId, Order)> = r
            .orders
            .iter()
            .map(|o| (o.power, o.order.clone()))
            .collect();
        let adj = adjudicate(map(), &p, &input);
        if adj.next.phase.kind != PhaseKind::Retreat || adj.next.dislodged.is_empty() {
            continue;
        }
        retreats += 1;
        let rp = adj.next;
        let rs = random_retreat_spies(&mut rng, &rp);
        let c = ctx(&rp, BOTH, &r.organisations);
        let rr = resolve(&c, &[], &rs);
        check_public(round, &rp, &rr);
        assert!(
            rr.private.is_empty(),
            "round {round}: nothing private in a retreat"
        );
        for o in &rr.orders {
            if let Source::Fake { faker } = o.source {
                assert!(
                    !r.organisations.exposed.contains(&faker),
                    "round {round}: an exposed power's Fake took effect"
                );
            }
        }
    }
    assert!(retreats > 30, "only {retreats} retreat phases generated");
}
