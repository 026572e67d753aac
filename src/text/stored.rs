//! The words of the arguments notices carry typed (part `stored` of the
//! catalogue): a span of time, an order for a later phase, what a power
//! still has to order, the board a new player is shown. A notice stored
//! before its argument was typed carries English words instead
//! ([`OrLegacy::Legacy`]), shown as stored.

use super::{Args, Lang, render};
use crate::game::Missing;
use crate::game::{LaterOrder, OrLegacy, WelcomeBoard};

/// A span of minutes in words: `2d 4h`, `3h 30m`, `45m` in English (as
/// `crate::game::format_minutes` writes it), `2 j 4 h` in French.
pub(crate) fn span(lang: Lang, minutes: i64) -> String {
    let m = minutes.max(0);
    let (d, h, min) = (m / 1440, m % 1440 / 60, m % 60);
    let part = |key: &str, n: i64| render(lang, key, &Args::new().str("count", n.to_string()));
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(part("stored-span-days", d));
    }
    if h > 0 {
        parts.push(part("stored-span-hours", h));
    }
    if min > 0 || parts.is_empty() {
        parts.push(part("stored-span-minutes", min));
    }
    parts.join(" ")
}

/// A span of minutes as a notice carries it.
pub(crate) fn span_of(lang: Lang, left: &OrLegacy<i64>) -> String {
    match left {
        OrLegacy::Typed(m) => span(lang, *m),
        OrLegacy::Legacy(words) => words.clone(),
    }
}

/// An order for a later phase that stands: `F1902R: A mun - boh`, or
/// `F1902R, if france A bur: A mun - boh`.
pub(crate) fn later_order(lang: Lang, o: &LaterOrder) -> String {
    let args = Args::new()
        .str("phase", o.phase.as_str())
        .str("order", o.order.as_str());
    match &o.condition {
        Some(c) => render(
            lang,
            "stored-later-order-if",
            &args.str("condition", c.as_str()),
        ),
        None => render(lang, "stored-later-order", &args),
    }
}

/// The orders for later phases a notice carries, each in words.
pub(crate) fn later_orders(lang: Lang, later: &[OrLegacy<LaterOrder>]) -> Vec<String> {
    later
        .iter()
        .map(|o| match o {
            OrLegacy::Typed(o) => later_order(lang, o),
            OrLegacy::Legacy(words) => words.clone(),
        })
        .collect()
}

/// What a power still has to order, as a notice carries it.
pub(crate) fn missing(lang: Lang, m: &OrLegacy<Missing>) -> String {
    match m {
        OrLegacy::Typed(m) => super::views::missing(lang, m),
        OrLegacy::Legacy(words) => words.clone(),
    }
}

/// The board and the supply centres a new player is shown.
pub(crate) fn welcome_board(lang: Lang, b: &OrLegacy<WelcomeBoard>) -> String {
    match b {
        OrLegacy::Typed(b) => {
            let mut out = super::results::board(lang, &b.board);
            out.push('\n');
            out.push_str(&super::results::centres(lang, &b.centres));
            out
        }
        OrLegacy::Legacy(words) => words.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_as_the_game_wrote_them_in_english_and_in_the_readers_words() {
        for m in [0, 1, 45, 60, 90, 1440, 1441, 3000, 2 * 1440 + 4 * 60] {
            assert_eq!(span(Lang::En, m), crate::game::format_minutes(m), "{m}");
        }
        assert_eq!(span(Lang::Fr, 2 * 1440 + 4 * 60), "2 j 4 h");
        assert_eq!(span(Lang::De, 3 * 60 + 30), "3 Std. 30 Min.");
        assert_eq!(span(Lang::Fr, 45), "45 min");
    }

    #[test]
    fn a_later_order_reads_in_the_readers_words() {
        let o = LaterOrder {
            phase: "F1902R".into(),
            condition: Some("france A bur".into()),
            order: "A mun - boh".into(),
        };
        assert_eq!(
            later_order(Lang::En, &o),
            "F1902R, if france A bur: A mun - boh"
        );
        assert_eq!(
            later_order(Lang::Fr, &o),
            "F1902R, si france A bur\u{a0}: A mun - boh"
        );
        assert_eq!(
            later_order(Lang::De, &o),
            "F1902R, wenn france A bur: A mun - boh"
        );
        let plain = LaterOrder {
            condition: None,
            ..o
        };
        assert_eq!(later_order(Lang::En, &plain), "F1902R: A mun - boh");
        assert_eq!(later_order(Lang::Fr, &plain), "F1902R\u{a0}: A mun - boh");
    }
}

#[cfg(test)]
mod adjective_tests {
    use super::*;
    use crate::engine::Map;
    use crate::engine::PhaseKind;
    use crate::engine::PublicLine;
    use crate::engine::parse_order;
    use crate::text::Render;

    #[test]
    fn a_stopped_fake_names_its_power_in_the_readers_words_once_stored() {
        let map = Map::standard();
        let line = PublicLine::FakeStopped {
            order: parse_order(map, PhaseKind::Movement, "A par - bur").unwrap(),
            owner: map.power_by_name("france").unwrap(),
        };
        // As the results notice stores it, and reads it back.
        let json =
            serde_json::to_string(&crate::text::espionage::public_coded(map, &line)).unwrap();
        let back: crate::text::reason::Coded = serde_json::from_str(&json).unwrap();
        assert_eq!(
            back.render(Lang::En),
            "A Fake was stopped by an Anti: A par - bur (French orders)"
        );
        assert_eq!(
            back.render(Lang::Fr),
            "Un Fake a été arrêté par un Anti\u{a0}: A par - bur (unité française)"
        );
        assert_eq!(
            back.render(Lang::De),
            "Ein Fake wurde durch ein Anti aufgehalten: A par - bur (französische Befehle)"
        );
    }
}
