//! Spionage, rule by rule (SPI-1..11).

use super::*;

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
        public(&r),
        ["A Fake was stopped by an Anti: F lon - nth (English orders)"]
    );
    assert!(!public(&r)[0].contains("France"));
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
