//! The espionage order grammar: every form reads and prints canonically.

use super::*;

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
        // Issue 21: a build Fake is echoed in the rules' form, as written.
        (Adjustment, "S F lon A", "S F lon A"),
        (Adjustment, "S F Build A lon", "S F lon A"),
        (Adjustment, "S F stp/nc F", "S F stp/nc F"),
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
        // SPI-2 in French: ESPION is the rules' French spy word.
        (Adjustment, "+ ESPION bud", "+ S bud"),
        (Adjustment, "BUILD ESPION Budapest", "+ S bud"),
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
    // What was expected, as an English reader is told it.
    let expected = |e: &dipspy::engine::ParseError| {
        dipspy::text::render_parse_expected(dipspy::text::Lang::En, &e.what)
    };
    let e = parse_line(map(), PhaseKind::Movement, "S A narnia").unwrap_err();
    assert!(expected(&e).contains("nation"), "{e}");
    let e = parse_line(map(), PhaseKind::Movement, "SPY xyz").unwrap_err();
    assert!(expected(&e).contains("province"), "{e}");
    let e = parse_line(map(), PhaseKind::Movement, "S F mun - sil (R: bur").unwrap_err();
    assert!(expected(&e).contains(")"), "{e}");
    let e = parse_line(map(), PhaseKind::Movement, "SPY A mun now").unwrap_err();
    assert_eq!(e.column, 11, "{e}");
}
