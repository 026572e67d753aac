//! The order grammar, written with nom.
//!
//! An order line is first cut into tokens (`lex`): words (letters, digits,
//! and the `.` and `'` that [`normalize_name`](crate::engine::map::normalize_name)
//! drops), and the punctuation the grammar cares about (`-`, `->`/`=>`/`>`,
//! `/`, `(`, `)`, `,`). Each word is lower-cased and normalised once, into
//! one buffer, with a space after each word, so that a run of words is a
//! slice of that buffer and looking a multi-word province name up allocates
//! nothing. The combinators below then read that token slice, in the manner
//! of nom's own examples: small functions named after what they read.
//!
//! # Grammar
//!
//! Everything is case-insensitive; `[x]` is optional; a trailing `.` or `,`
//! is ignored; anything else after the order is an error.
//!
//! ```text
//! unit_type   = "A" | "Army" | "F" | "Fleet"
//! province    = any name the map knows ("par", "Paris", "North Sea",
//!               "Mid-Atlantic Ocean", "St. Petersburg"), longest first
//! coast       = "/" coast_name | "(" coast_name ")"
//!             | ["-"] ("nc" | "sc" | "ec" | "wc" | "north coast" | ...)
//! coast_name  = "nc" | "north coast" | "north" | "n" | ...   (n/s/e/w alone
//!               only after "/" or inside parentheses)
//! location    = province [coast]
//! unit        = [unit_type] location
//! move_arrow  = "-" | "->" | "=>" | ">" | "to" | ("m" | "move" | "moves") ["to"]
//! via_convoy  = via_words | "(" via_words ")"
//!               (via_words = ("via" | "by") ("convoy" | "c") | "vc" | "via" at the end of the order)
//!
//! movement:   move_order    = unit move_arrow location (move_arrow location)* [via_convoy]
//!             support_order = unit ("S" | "support" | "supports") unit
//!                                  [move_arrow location | hold_word]
//!             convoy_order  = unit ("C" | "convoy" | "convoys") unit move_arrow location
//!             hold_order    = unit ("H" | "hold" | "holds")
//! retreat:    retreat_order = unit (move_arrow | ("R" | "retreat" | "retreats") ["to"]) location
//!             disband_order = disband_word unit | unit disband_word
//!                             (disband_word = "D" | "disband" | "disbands")
//! adjustment: build_order   = build_word unit_type location | unit_type location build_word
//!                           | location unit_type          (the German judges' `par A`)
//!                             (build_word = "B" | "build" | "builds")
//!             remove_order  = removal_word unit | unit removal_word
//!                             (removal_word = "remove" | "removes" | "R" | disband_word)
//!             waive         = ("waive" | "waives") ["build" | "builds"]
//! ```
//!
//! In a move, the provinces between the first and the last destination are
//! the convoy route (`A lon - nth - nwy`), and a route implies `via_convoy`.
//!
//! A `-` is both the move operator and part of names (`Mid-Atlantic`) and
//! coasts (`StP-SC`): a name may run over a `-` only when no space surrounds
//! it, names are tried longest first, and a coast is tried before a move.
//!
//! A coast is read on any province, whether or not the province has coasts
//! (`F par/nc` reads as `par` with a north coast): the order records what the
//! player wrote, and the adjudicator rejects an impossible coast with a
//! reason that names the province.
//!
//! # Errors
//!
//! When every kind of order fails, the error reported is the one of the
//! branch that read furthest; branches failing at the same place have their
//! expectations merged ("`-`, `S`, `C` or `H` after the unit"). A line that
//! is a good order of another phase kind (a support in a retreat phase) says
//! so.

use crate::engine::map::Map;
use crate::engine::order::{Line, Order};
use crate::engine::phase::PhaseKind;
use nom::Parser;

mod expected;
mod grammar;
mod spy;
mod tokens;

use grammar::order;
use spy::{spy_order, starts_spy_order};
pub(crate) use tokens::push_normalized;
use tokens::{Lexed, lex};

pub use expected::{After, Expectation, OrderKind, Want};

/// Why a line could not be read as an order: where, what the grammar
/// expected there and what it found, as values. The engine writes no
/// words: an edge renders the error for its reader with
/// `src/text/parse.rs` (its `Display` is that rendering in English, for
/// the command line and logs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column (in characters) where reading stopped.
    pub column: usize,
    /// What the grammar expected there.
    pub what: Box<Expectation>,
    /// The token found there, as written (`None`: the end of the line).
    pub token: Option<String>,
}

impl ParseError {
    pub(super) fn new(column: usize, what: Expectation, token: Option<String>) -> ParseError {
        ParseError {
            column,
            what: Box::new(what),
            token,
        }
    }
}

impl std::error::Error for ParseError {}

/// Reads one order line for a phase of the given kind.
///
/// ```
/// use dipspy::engine::map::Map;
/// use dipspy::engine::order::parse_order;
/// use dipspy::engine::phase::PhaseKind;
///
/// let map = Map::standard();
/// let order = parse_order(map, PhaseKind::Movement, "A Paris moves to Burgundy").unwrap();
/// assert_eq!(order.to_text(map), "A par - bur");
/// ```
pub fn parse_order(map: &Map, phase: PhaseKind, line: &str) -> Result<Order, ParseError> {
    let lexed = lex(line);
    if lexed.toks.is_empty() {
        return Err(ParseError::new(1, Expectation::Examples(phase), None));
    }
    let input = lexed.input(map);
    match order(phase).parse(input) {
        Ok((_, order)) => Ok(order),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let hint = wrong_phase_hint(&lexed, map, phase);
            Err(lexed.error(&e, map, hint))
        }
        Err(nom::Err::Incomplete(_)) => unreachable!("the order parsers are all complete"),
    }
}

/// Reads one line that may be an espionage order (see
/// `espionage-rules.md`) as well as an ordinary order. A line whose first
/// word is an espionage keyword (`SPY`, `ESPION`, `SPION`, `COUNTERSPY`,
/// `CONTRE-ESPION`, `GEGENSPION`, `REACTION`, `S`, `+`, `BUILD SPY`) is read
/// as an espionage order; anything else as [`parse_order`] reads it. `S` at
/// the start of a line never clashes with a support, whose unit comes first.
///
/// ```
/// use dipspy::engine::map::Map;
/// use dipspy::engine::order::{Line, parse_line};
/// use dipspy::engine::phase::PhaseKind;
///
/// let map = Map::standard();
/// let line = parse_line(map, PhaseKind::Movement, "SPION FAKE mun - sil (R: bur)").unwrap();
/// assert_eq!(line.to_text(map), "S F mun - sil (R: bur)");
/// ```
pub fn parse_line(map: &Map, phase: PhaseKind, line: &str) -> Result<Line, ParseError> {
    let lexed = lex(line);
    let input = lexed.input(map);
    if !starts_spy_order(input) {
        return parse_order(map, phase, line).map(Line::Order);
    }
    match spy_order(phase, input) {
        Ok((_, order)) => Ok(Line::Spy(order)),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(lexed.error(&e, map, None)),
        Err(nom::Err::Incomplete(_)) => unreachable!("the order parsers are all complete"),
    }
}

/// When a line that fails in this phase is a good order of another phase
/// kind, says which: "a support is not a retreat-phase order".
fn wrong_phase_hint(
    lexed: &Lexed<'_>,
    map: &Map,
    phase: PhaseKind,
) -> Option<(OrderKind, PhaseKind)> {
    let other = [
        PhaseKind::Movement,
        PhaseKind::Retreat,
        PhaseKind::Adjustment,
    ]
    .into_iter()
    .filter(|&k| k != phase)
    .find_map(|k| order(k).parse(lexed.input(map)).ok())?
    .1;
    let what = match other {
        Order::Hold { .. } => OrderKind::Hold,
        Order::Move { .. } => OrderKind::Move,
        Order::SupportHold { .. } | Order::SupportMove { .. } => OrderKind::Support,
        Order::Convoy { .. } => OrderKind::Convoy,
        Order::Retreat { .. } => OrderKind::Retreat,
        Order::Disband { .. } => OrderKind::Disband,
        Order::Build { .. } => OrderKind::Build,
        Order::Remove { .. } => OrderKind::Remove,
        Order::Waive => OrderKind::Waive,
    };
    Some((what, phase))
}

#[cfg(test)]
mod tests {
    use super::expected::{Expected, Want};
    use super::tokens::Kind;
    use super::*;

    #[test]
    fn lexing_words_and_columns() {
        let l = lex("  A St. Petersburg->Mid-Atlantic (sc).");
        let kinds: Vec<Kind> = l.toks.iter().map(|t| t.kind).collect();
        use Kind::*;
        assert_eq!(
            kinds,
            [
                Word, Word, Word, Arrow, Word, Dash, Word, Open, Word, Close, Period
            ]
        );
        assert_eq!(l.norm, "a st petersburg mid atlantic sc ");
        assert_eq!(l.toks[0].column, 3);
        assert_eq!(l.toks[3].column, 19);
        assert_eq!(l.end_column, 39);
    }

    #[test]
    fn every_want_is_listed_in_order() {
        for (i, w) in Want::ALL.into_iter().enumerate() {
            assert_eq!(w as usize, i);
        }
    }

    #[test]
    fn alternatives_at_one_place_are_merged_in_listing_order() {
        let l = lex("x");
        let map = Map::from_toml_str("name = \"t\"").unwrap();
        let i = l.input(&map);
        let e = Expected::new(i, Want::Move).merge(Expected::new(i, Want::Province));
        let e = e.merge(Expected::new(i, Want::Hold));
        assert_eq!(
            e.expectation(&map),
            Expectation::Items {
                wants: vec![Want::Move, Want::Hold, Want::Province],
                after: None,
                province: None,
                nation: None,
                other_phase: None,
            }
        );
    }
}
