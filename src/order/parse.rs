//! The order grammar (nom). Placeholder: filled in by the parser work.
use crate::map::Map;
use crate::order::Order;
use crate::phase::PhaseKind;

/// Why a line could not be read as an order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at column {column}: expected {expected}, found {found}")]
pub struct ParseError {
    /// 1-based column (in characters) where reading stopped.
    pub column: usize,
    /// What the grammar expected there, in words.
    pub expected: String,
    /// What was there instead (`end of line` at the end).
    pub found: String,
}

pub fn parse_order(_map: &Map, _phase: PhaseKind, _line: &str) -> Result<Order, ParseError> {
    Err(ParseError {
        column: 1,
        expected: "an order".into(),
        found: "nothing".into(),
    })
}
