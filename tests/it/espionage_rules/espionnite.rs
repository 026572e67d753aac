//! Espionnite, rule by rule (ESP-1..10).

use super::*;

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
