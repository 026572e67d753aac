//! Why an order line could not be read, in words: where, what the
//! grammar expected ([`Expectation`]) and what it found.

use super::Lang;
use crate::engine::{Expectation, ParseError};
pub(crate) use crate::game::codes::parse::coded;
use crate::game::codes::parse::{expected_coded, found_coded};
use crate::text::Render;
use std::fmt;

/// A parse error in `lang`: where, what was expected, what was found.
pub fn error(lang: Lang, e: &ParseError) -> String {
    coded(e).render(lang)
}

/// What was found: the token as written, or the end of the line.
pub fn found(lang: Lang, token: Option<&str>) -> String {
    found_coded(token).render(lang)
}

/// What was expected: "`-`, `S`, `C` or `H` after the unit".
pub fn expected(lang: Lang, what: &Expectation) -> String {
    expected_coded(what).render(lang)
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&error(Lang::En, self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{PhaseKind, Want};

    #[test]
    fn alternatives_are_listed_with_commas_and_or() {
        let what = Expectation::Items {
            wants: vec![Want::Move, Want::Hold, Want::Province],
            after: None,
            province: None,
            nation: None,
            other_phase: None,
        };
        assert_eq!(
            expected(Lang::En, &what),
            "`-`, `H` or a province name such as `par` or `Paris`"
        );
    }

    /// An error the engine made, as values, worded for each reader where
    /// it is shown.
    #[test]
    fn an_engine_error_is_worded_for_each_reader() {
        use crate::engine::Map;
        use crate::engine::parse_order;
        let e = parse_order(Map::standard(), PhaseKind::Movement, "A par bur").unwrap_err();
        assert_eq!(
            error(Lang::En, &e),
            "at column 7: expected `-`, `S`, `C` or `H` after the unit, found `bur`"
        );
        assert_eq!(
            error(Lang::Fr, &e),
            "à la colonne 7\u{a0}: attendu `-`, `S`, `C` ou `H` après l'unité, trouvé `bur`"
        );
        assert_eq!(
            error(Lang::De, &e),
            "in Spalte 7: erwartet `-`, `S`, `C` oder `H` nach der Einheit, gefunden `bur`"
        );
        let end = parse_order(Map::standard(), PhaseKind::Movement, "A par -").unwrap_err();
        assert_eq!(found(Lang::Fr, end.token.as_deref()), "la fin de la ligne");
        assert_eq!(found(Lang::De, end.token.as_deref()), "das Zeilenende");
    }
}
