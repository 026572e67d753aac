//! Why an order line could not be read, in words: where, what the
//! grammar expected ([`Expectation`]) and what it found.

use super::Lang;
use super::reason::{Arg, Coded};
use crate::engine::PhaseKind;
use crate::engine::{After, Expectation, OrderKind, ParseError, Want};
use std::fmt;

/// A parse error in `lang`: where, what was expected, what was found.
pub fn error(lang: Lang, e: &ParseError) -> String {
    coded(e).render(lang)
}

/// A parse error as a catalogue key with its arguments (how a refused
/// line is stored: `crate::text::refused`).
pub fn coded(e: &ParseError) -> Coded {
    Coded::new("parse-error")
        .str("column", e.column.to_string())
        .msg("expected", expected_coded(&e.what))
        .msg("found", found_coded(e.token.as_deref()))
}

/// What was found: the token as written, or the end of the line.
pub fn found(lang: Lang, token: Option<&str>) -> String {
    found_coded(token).render(lang)
}

fn found_coded(token: Option<&str>) -> Coded {
    match token {
        Some(t) => Coded::new("parse-found-token").str("token", t),
        None => Coded::new("parse-found-end"),
    }
}

fn kind_id(k: PhaseKind) -> &'static str {
    match k {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreat",
        PhaseKind::Adjustment => "adjustment",
    }
}

/// What was expected: "`-`, `S`, `C` or `H` after the unit".
pub fn expected(lang: Lang, what: &Expectation) -> String {
    expected_coded(what).render(lang)
}

fn expected_coded(what: &Expectation) -> Coded {
    let Expectation::Items {
        wants,
        after,
        province,
        nation,
        other_phase,
    } = what
    else {
        let Expectation::Examples(k) = what else {
            unreachable!("two kinds of expectation")
        };
        return Coded::new("parse-examples").str("phase", kind_id(*k));
    };
    let mut items: Vec<Coded> = wants
        .iter()
        .map(|w| want(*w, province.as_ref(), nation.as_deref()))
        .collect();
    let mut text = match items.pop() {
        // Nothing expected: the empty text.
        None => Coded::new("stored-verbatim").str("text", ""),
        Some(last) if items.is_empty() => last,
        Some(last) => Coded::new("parse-list")
            .arg("init", Arg::Comma { comma: items })
            .msg("last", last),
    };
    if let Some(a) = after {
        let key = match a {
            After::Unit => "parse-after-unit",
            After::ConvoyedArmy => "parse-after-convoyed-army",
        };
        text = Coded::new(key).msg("what", text);
    }
    if let Some((kind, phase)) = other_phase {
        let kind = match kind {
            OrderKind::Hold => "hold",
            OrderKind::Move => "move",
            OrderKind::Support => "support",
            OrderKind::Convoy => "convoy",
            OrderKind::Retreat => "retreat",
            OrderKind::Disband => "disband",
            OrderKind::Build => "build",
            OrderKind::Remove => "removal",
            OrderKind::Waive => "waive",
        };
        text = Coded::new("parse-other-phase")
            .msg("what", text)
            .str("kind", kind)
            .str("phase", kind_id(*phase));
    }
    text
}

/// One thing the grammar would have accepted.
fn want(w: Want, province: Option<&(String, String)>, nation: Option<&str>) -> Coded {
    let key = match w {
        Want::Move => "parse-want-move",
        Want::Support => "parse-want-support",
        Want::Convoy => "parse-want-convoy",
        Want::Hold => "parse-want-hold",
        Want::Retreat => "parse-want-retreat",
        Want::Disband => "parse-want-disband",
        Want::Build => "parse-want-build",
        Want::Remove => "parse-want-remove",
        Want::Waive => "parse-want-waive",
        Want::Via => "parse-want-via",
        Want::ConvoyWord => "parse-want-convoy-word",
        Want::Close => "parse-want-close",
        Want::End => "parse-want-end",
        Want::Coast => "parse-want-coast",
        Want::UnitType => "parse-want-unit-type",
        Want::Province => {
            let (abbr, name) = province
                .cloned()
                .unwrap_or_else(|| ("par".into(), "Paris".into()));
            return Coded::new("parse-want-province")
                .str("abbr", abbr)
                .str("name", name);
        }
        Want::Order => "parse-want-order",
        Want::Nation => match nation {
            Some(n) => return Coded::new("parse-want-nation").str("name", n),
            None => "parse-want-nation-default",
        },
    };
    Coded::new(key)
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&error(Lang::En, self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
