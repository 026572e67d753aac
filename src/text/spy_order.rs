//! An espionage order in the reader's own order words (`ESPION A mun`,
//! `GEGENSPION F kie`, `RÉACTION AUCUNE`, `SPION FAKE F den - swe`,
//! `ESPION ANTI Italie`), from the order words' table
//! (`src/engine/order/words.toml`): the echoed line reads back as the same
//! order. English readers get the canonical form (`SPY A mun`, `S F ...`).
//! Ordinary orders are notation and stay as they are in every language.

use super::Lang;
use crate::engine::Map;
use crate::engine::PhaseKind;
use crate::engine::words::{OrderWord, spelling};
use crate::engine::{Line, SpyOrder, SpyWords, parse_line};

/// `o` in `lang`'s order words.
pub(crate) fn spy_order(lang: Lang, map: &Map, o: &SpyOrder) -> String {
    if lang == Lang::En {
        return o.to_text(map);
    }
    let tag = lang.tag();
    let spy = spelling(OrderWord::Spy, tag);
    let fake = format!("{spy} {}", spelling(OrderWord::Fake, tag));
    let anti = format!("{spy} {}", spelling(OrderWord::Anti, tag));
    let found = format!("+ {spy}");
    let words = SpyWords {
        spy,
        counterspy: spelling(OrderWord::Counterspy, tag),
        reaction: spelling(OrderWord::Reaction, tag),
        none: spelling(OrderWord::None, tag),
        fake: &fake,
        anti: &anti,
        found: &found,
    };
    o.to_text_with(map, &words, |p| {
        super::names::shown_power(lang, &map.power(p).name)
    })
}

/// A stored line (canonical form) as `lang` shows it: an espionage order
/// in the reader's order words, anything else as it is.
pub(crate) fn line(lang: Lang, map: &Map, phase: PhaseKind, canonical: &str) -> String {
    // English readers get the canonical form; an ordinary order (`A par -
    // bur`, `Build A par`) is not read again.
    let c = SpyWords::CANONICAL;
    let spy = [c.spy, c.counterspy, c.reaction, c.fake, c.anti, c.found]
        .iter()
        .any(|w| {
            canonical
                .strip_prefix(w)
                .is_some_and(|r| r.starts_with(' '))
        });
    if lang == Lang::En || !spy {
        return canonical.to_string();
    }
    match parse_line(map, phase, canonical) {
        Ok(Line::Spy(o)) => spy_order(lang, map, &o),
        _ => canonical.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Map;

    /// Every kind of espionage order, echoed in each language, reads back
    /// as the same order.
    #[test]
    fn each_echoed_spy_order_reads_back_the_same_in_every_language() {
        let map = Map::standard();
        let lines = [
            (PhaseKind::Movement, "SPY A mun"),
            (PhaseKind::Movement, "COUNTERSPY F kie"),
            (PhaseKind::Movement, "REACTION A mun - boh"),
            (PhaseKind::Movement, "REACTION NONE"),
            (PhaseKind::Movement, "S F F den - swe"),
            (PhaseKind::Movement, "S F A mun - sil (R: bur)"),
            (PhaseKind::Movement, "S F A mun - sil (R: D)"),
            (PhaseKind::Retreat, "S F A mun - boh"),
            (PhaseKind::Adjustment, "S F lon A"),
            (PhaseKind::Adjustment, "S F remove F kie"),
            (PhaseKind::Movement, "S A italy"),
            (PhaseKind::Adjustment, "+ S ber"),
        ];
        for (phase, text) in lines {
            let Ok(Line::Spy(o)) = parse_line(map, phase, text) else {
                panic!("{text} is a spy order");
            };
            for &lang in Lang::ALL {
                let shown = spy_order(lang, map, &o);
                let back = parse_line(map, phase, &shown);
                assert_eq!(
                    back,
                    Ok(Line::Spy(o.clone())),
                    "{lang:?}: {text} -> {shown}"
                );
            }
        }
        for p in 0..map.powers().len() {
            let o = SpyOrder::Anti {
                nation: crate::engine::PowerId(p as u8),
            };
            for &lang in Lang::ALL {
                let shown = spy_order(lang, map, &o);
                let back = parse_line(map, PhaseKind::Movement, &shown);
                assert_eq!(back, Ok(Line::Spy(o.clone())), "{lang:?}: {shown}");
            }
        }
    }

    #[test]
    fn a_reader_gets_the_spy_words_of_their_language() {
        let map = Map::standard();
        let shown = |lang, text| line(lang, map, PhaseKind::Movement, text);
        assert_eq!(shown(Lang::Fr, "SPY A mun"), "ESPION A mun");
        assert_eq!(shown(Lang::De, "SPY A mun"), "SPION A mun");
        assert_eq!(shown(Lang::Fr, "COUNTERSPY F bre"), "CONTRE-ESPION F bre");
        assert_eq!(shown(Lang::De, "COUNTERSPY A vie"), "GEGENSPION A vie");
        assert_eq!(shown(Lang::Fr, "REACTION NONE"), "RÉACTION AUCUNE");
        assert_eq!(shown(Lang::De, "REACTION NONE"), "REAKTION KEINE");
        assert_eq!(
            shown(Lang::Fr, "S F F den - swe"),
            "ESPION FAKE F den - swe"
        );
        assert_eq!(shown(Lang::De, "S A italy"), "SPION ANTI Italien");
        assert_eq!(shown(Lang::Fr, "S A italy"), "ESPION ANTI Italie");
        assert_eq!(shown(Lang::En, "S A italy"), "S A italy");
        // Ordinary orders are notation, the same for every reader.
        assert_eq!(shown(Lang::Fr, "A mun - boh"), "A mun - boh");
    }
}
