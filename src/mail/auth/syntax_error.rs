//! What the `Authentication-Results` grammar expected, and where: the
//! error type of the parsers in `grammar.rs`.
//!
//! It keeps the furthest point the parse reached (between the branches of
//! an `alt`, the one that got further wins) and the innermost name a
//! `context` gave to what was expected there.

use nom::error::{ContextError, ErrorKind, ParseError};

/// A failed parse: what was expected, and how many bytes of the value
/// were left unread at that point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SyntaxError {
    /// Bytes of the value left from the failing point to its end.
    pub(super) rest: usize,
    /// What the grammar expected there, when a parser named it.
    pub(super) expected: Option<&'static str>,
}

impl SyntaxError {
    /// An error at `input` (the unread rest of the value) that names what
    /// was expected.
    pub(super) fn expected(input: &str, what: &'static str) -> Self {
        SyntaxError {
            rest: input.len(),
            expected: Some(what),
        }
    }

    /// An error at `input` that names nothing: one branch of several did
    /// not match, and the caller's context names what was expected.
    pub(super) fn here(input: &str) -> Self {
        SyntaxError {
            rest: input.len(),
            expected: None,
        }
    }

    /// The byte offset of the failing point in a value of `len` bytes.
    pub(super) fn offset(&self, len: usize) -> usize {
        len.saturating_sub(self.rest)
    }

    /// What was expected at that point.
    pub(super) fn what(&self) -> &'static str {
        self.expected.unwrap_or("valid RFC 8601 syntax")
    }
}

impl ParseError<&str> for SyntaxError {
    fn from_error_kind(input: &str, _: ErrorKind) -> Self {
        SyntaxError::here(input)
    }

    fn append(_: &str, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn from_char(input: &str, c: char) -> Self {
        SyntaxError {
            rest: input.len(),
            expected: Some(match c {
                ';' => "';'",
                '=' => "'='",
                '.' => "'.'",
                '@' => "'@'",
                '/' => "'/'",
                _ => "another character",
            }),
        }
    }

    fn or(self, other: Self) -> Self {
        match other.rest.cmp(&self.rest) {
            std::cmp::Ordering::Less => other,
            std::cmp::Ordering::Greater => self,
            std::cmp::Ordering::Equal if self.expected.is_none() => other,
            std::cmp::Ordering::Equal => self,
        }
    }
}

impl ContextError<&str> for SyntaxError {
    fn add_context(input: &str, ctx: &'static str, other: Self) -> Self {
        // The innermost name wins: a context names the failing point only
        // when nothing inside it did.
        let _ = input;
        if other.expected.is_none() {
            SyntaxError {
                rest: other.rest,
                expected: Some(ctx),
            }
        } else {
            other
        }
    }
}
