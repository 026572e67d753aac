//! An order line cut into tokens: words lower-cased and normalised once
//! into one buffer, and the punctuation the grammar cares about.

use super::ParseError;
use super::expected::{Expectation, Expected, OrderKind, PResult, Want};
use crate::engine::map::Map;
use crate::engine::phase::PhaseKind;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Letters and digits (and `.`/`'` inside them).
    Word,
    /// `-` (also `–`, `—`).
    Dash,
    /// `->`, `=>`, `>`, `→`.
    Arrow,
    Slash,
    Open,
    Close,
    Comma,
    /// A `.` standing alone (a `.` touching a word is part of the word).
    Period,
    /// `:` (only in a Fake's retreat part, `(R: bur)`).
    Colon,
    /// `+` (only in `+ S ber`).
    Plus,
    /// Anything else: always an error.
    Other,
}

#[derive(Copy, Clone, Debug)]
pub(super) struct Tok {
    pub(super) kind: Kind,
    /// Whether whitespace comes right before the token.
    pub(super) spaced: bool,
    /// 1-based column, in characters, of the token's first character.
    pub(super) column: usize,
    /// Byte range of the token in the line.
    pub(super) raw: (usize, usize),
    /// Byte range of a word's normalised text in [`Lexed::norm`].
    pub(super) norm: (usize, usize),
}

/// A line cut into tokens.
pub(super) struct Lexed<'l> {
    pub(super) line: &'l str,
    /// Every word, lower-cased and normalised, each followed by a space.
    pub(super) norm: String,
    pub(super) toks: Vec<Tok>,
    /// The column just after the last token.
    pub(super) end_column: usize,
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '.' | '\'' | '’')
}

/// Cuts a line into tokens, normalising words as [`normalize_name`] does.
///
/// [`normalize_name`]: crate::engine::map::normalize_name
pub(super) fn lex(line: &str) -> Lexed<'_> {
    let mut norm = String::with_capacity(line.len() + 8);
    let mut toks = Vec::with_capacity(12);
    let mut spaced = false;
    let mut column = 0;
    let mut end_column = 1;
    let mut chars = line.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        column += 1;
        let token_column = column;
        if c.is_whitespace() || c == '_' {
            spaced = true;
            continue;
        }
        let mut end = start + c.len_utf8();
        let norm_start = norm.len();
        let kind = if is_word_char(c) {
            push_normalized(&mut norm, c);
            while let Some(&(j, d)) = chars.peek() {
                if !is_word_char(d) {
                    break;
                }
                push_normalized(&mut norm, d);
                column += 1;
                end = j + d.len_utf8();
                chars.next();
            }
            if norm.len() > norm_start {
                Kind::Word
            } else if line[start..end].chars().all(|c| c == '.') {
                Kind::Period
            } else {
                Kind::Other
            }
        } else {
            match c {
                '-' | '–' | '—' | '=' if chars.peek().is_some_and(|&(_, d)| d == '>') => {
                    let (j, d) = chars.next().expect("peeked");
                    column += 1;
                    end = j + d.len_utf8();
                    Kind::Arrow
                }
                '-' | '–' | '—' => Kind::Dash,
                '>' | '→' => Kind::Arrow,
                '/' => Kind::Slash,
                '(' => Kind::Open,
                ')' => Kind::Close,
                ',' => Kind::Comma,
                ':' => Kind::Colon,
                '+' => Kind::Plus,
                _ => Kind::Other,
            }
        };
        let norm_end = norm.len();
        if kind == Kind::Word {
            norm.push(' ');
        }
        toks.push(Tok {
            kind,
            spaced,
            column: token_column,
            raw: (start, end),
            norm: (norm_start, norm_end),
        });
        spaced = false;
        end_column = column + 1;
    }
    Lexed {
        line,
        norm,
        toks,
        end_column,
    }
}

pub(crate) fn push_normalized(out: &mut String, c: char) {
    match c {
        '.' | '\'' | '’' => {}
        c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        c => out.extend(c.to_lowercase()),
    }
}

impl<'l> Lexed<'l> {
    pub(super) fn input<'a>(&'a self, map: &'a Map) -> Tokens<'a> {
        Tokens {
            toks: &self.toks,
            norm: &self.norm,
            map,
        }
    }

    /// Turns the grammar's error into the public one: column and the word
    /// found there.
    pub(super) fn error(
        &self,
        e: &Expected,
        map: &Map,
        other_phase: Option<(OrderKind, PhaseKind)>,
    ) -> ParseError {
        let index = self.toks.len() - e.rest;
        let (column, token) = match self.toks.get(index) {
            Some(t) => (t.column, Some(self.line[t.raw.0..t.raw.1].to_string())),
            None => (self.end_column, None),
        };
        let mut what = e.expectation(map);
        if let Expectation::Items { other_phase: o, .. } = &mut what {
            *o = other_phase;
        }
        ParseError::new(column, what, token)
    }
}

/// The parsers' input: the tokens not read yet, and what is needed to read
/// them.
#[derive(Copy, Clone)]
pub(super) struct Tokens<'a> {
    pub(super) toks: &'a [Tok],
    pub(super) norm: &'a str,
    pub(super) map: &'a Map,
}

impl<'a> Tokens<'a> {
    /// The kind of the `n`-th token from here.
    pub(super) fn kind(&self, n: usize) -> Option<Kind> {
        self.toks.get(n).map(|t| t.kind)
    }

    /// The normalised text of the `n`-th token from here, if it is a word.
    pub(super) fn word(&self, n: usize) -> Option<&'a str> {
        match self.toks.get(n) {
            Some(t) if t.kind == Kind::Word => Some(&self.norm[t.norm.0..t.norm.1]),
            _ => None,
        }
    }

    pub(super) fn skip(self, n: usize) -> Tokens<'a> {
        Tokens {
            toks: &self.toks[n..],
            ..self
        }
    }

    /// A recoverable error here: `what` was expected.
    pub(super) fn expected<O>(self, what: Want) -> PResult<'a, O> {
        Err(nom::Err::Error(Expected::new(self, what)))
    }
}
