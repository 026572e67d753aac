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
//!               (via_words = ("via" | "by") ("convoy" | "c") | "vc")
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

use crate::engine::map::{Coast, Location, Map, ProvinceId, UnitType};
use crate::engine::order::{Line, Order, SpyOrder, UnitRef};
use crate::engine::phase::PhaseKind;
use nom::branch::alt;
use nom::combinator::{cut, map, opt, value};
use nom::error::{ContextError, ErrorKind, context};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

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
        return Err(ParseError {
            column: 1,
            expected: example_orders(phase).to_string(),
            found: "end of line".to_string(),
        });
    }
    let input = lexed.input(map);
    match order(phase).parse(input) {
        Ok((_, order)) => Ok(order),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let mut error = lexed.error(&e);
            if let Some(hint) = wrong_phase_hint(&lexed, map, phase) {
                error.expected = format!("{} ({hint})", error.expected);
            }
            Err(error)
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
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(lexed.error(&e)),
        Err(nom::Err::Incomplete(_)) => unreachable!("the order parsers are all complete"),
    }
}

/// What to tell a player who sent an empty line.
fn example_orders(phase: PhaseKind) -> &'static str {
    match phase {
        PhaseKind::Movement => {
            "an order such as `A par H`, `A par - bur`, `F mar S A par - bur` or `F nth C A lon - nwy`"
        }
        PhaseKind::Retreat => "a retreat such as `A mun R boh` or a disband such as `A mun D`",
        PhaseKind::Adjustment => {
            "a build such as `Build A par`, a removal such as `Remove F kie`, or `Waive`"
        }
    }
}

/// When a line that fails in this phase is a good order of another phase
/// kind, says so: "a support is not a retreat-phase order".
fn wrong_phase_hint(lexed: &Lexed<'_>, map: &Map, phase: PhaseKind) -> Option<String> {
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
        Order::Hold { .. } => "a hold",
        Order::Move { .. } => "a move",
        Order::SupportHold { .. } | Order::SupportMove { .. } => "a support",
        Order::Convoy { .. } => "a convoy",
        Order::Retreat { .. } => "a retreat",
        Order::Disband { .. } => "a disband",
        Order::Build { .. } => "a build",
        Order::Remove { .. } => "a removal",
        Order::Waive => "a waive",
    };
    let phase = match phase {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreat",
        PhaseKind::Adjustment => "adjustment",
    };
    Some(format!("{what} is not a {phase}-phase order"))
}

// ---------------------------------------------------------------------------
// Tokens

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
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
struct Tok {
    kind: Kind,
    /// Whether whitespace comes right before the token.
    spaced: bool,
    /// 1-based column, in characters, of the token's first character.
    column: usize,
    /// Byte range of the token in the line.
    raw: (usize, usize),
    /// Byte range of a word's normalised text in [`Lexed::norm`].
    norm: (usize, usize),
}

/// A line cut into tokens.
struct Lexed<'l> {
    line: &'l str,
    /// Every word, lower-cased and normalised, each followed by a space.
    norm: String,
    toks: Vec<Tok>,
    /// The column just after the last token.
    end_column: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '.' | '\'' | '’')
}

/// Cuts a line into tokens, normalising words as [`normalize_name`] does.
///
/// [`normalize_name`]: crate::engine::map::normalize_name
fn lex(line: &str) -> Lexed<'_> {
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

fn push_normalized(out: &mut String, c: char) {
    match c {
        '.' | '\'' | '’' => {}
        c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        c => out.extend(c.to_lowercase()),
    }
}

impl<'l> Lexed<'l> {
    fn input<'a>(&'a self, map: &'a Map) -> Tokens<'a> {
        Tokens {
            toks: &self.toks,
            norm: &self.norm,
            map,
        }
    }

    /// Turns the grammar's error into the public one: column and the word
    /// found there.
    fn error(&self, e: &Expected) -> ParseError {
        let index = self.toks.len() - e.rest;
        let (column, found) = match self.toks.get(index) {
            Some(t) => (t.column, format!("`{}`", &self.line[t.raw.0..t.raw.1])),
            None => (self.end_column, "end of line".to_string()),
        };
        ParseError {
            column,
            expected: e.describe(),
            found,
        }
    }
}

/// The parsers' input: the tokens not read yet, and what is needed to read
/// them.
#[derive(Copy, Clone)]
struct Tokens<'a> {
    toks: &'a [Tok],
    norm: &'a str,
    map: &'a Map,
}

impl<'a> Tokens<'a> {
    /// The kind of the `n`-th token from here.
    fn kind(&self, n: usize) -> Option<Kind> {
        self.toks.get(n).map(|t| t.kind)
    }

    /// The normalised text of the `n`-th token from here, if it is a word.
    fn word(&self, n: usize) -> Option<&'a str> {
        match self.toks.get(n) {
            Some(t) if t.kind == Kind::Word => Some(&self.norm[t.norm.0..t.norm.1]),
            _ => None,
        }
    }

    fn skip(self, n: usize) -> Tokens<'a> {
        Tokens {
            toks: &self.toks[n..],
            ..self
        }
    }

    /// A recoverable error here: `what` was expected.
    fn expected<O>(self, what: Want) -> PResult<'a, O> {
        Err(nom::Err::Error(Expected::new(self, what)))
    }
}

// ---------------------------------------------------------------------------
// Errors

/// One thing the grammar would have accepted, in the order alternatives
/// are listed in a message (keywords first, descriptions last).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Want {
    Move,
    Support,
    Convoy,
    Hold,
    Retreat,
    Disband,
    Build,
    Remove,
    Waive,
    Via,
    ConvoyWord,
    Close,
    End,
    Coast,
    UnitType,
    Province,
    Order,
    Nation,
}

impl Want {
    const ALL: [Want; 18] = [
        Want::Move,
        Want::Support,
        Want::Convoy,
        Want::Hold,
        Want::Retreat,
        Want::Disband,
        Want::Build,
        Want::Remove,
        Want::Waive,
        Want::Via,
        Want::ConvoyWord,
        Want::Close,
        Want::End,
        Want::Coast,
        Want::UnitType,
        Want::Province,
        Want::Order,
        Want::Nation,
    ];

    fn bit(self) -> u32 {
        1 << self as u32
    }

    /// In words a player can act on.
    fn text(self) -> &'static str {
        match self {
            Want::Move => "`-`",
            Want::Support => "`S`",
            Want::Convoy => "`C`",
            Want::Hold => "`H`",
            Want::Retreat => "`R`",
            Want::Disband => "`D`",
            Want::Build => "`Build`",
            Want::Remove => "`Remove`",
            Want::Waive => "`Waive`",
            Want::Via => "`via convoy`",
            Want::ConvoyWord => "`convoy`",
            Want::Close => "`)`",
            Want::End => "the end of the order",
            Want::Coast => "a coast (`nc`, `sc`, `ec` or `wc`)",
            Want::UnitType => "a unit type (`A` or `F`)",
            Want::Province => "a province name such as `par` or `Paris`",
            Want::Order => "an order",
            Want::Nation => "a nation such as `france` or `Frankreich`",
        }
    }
}

/// The grammar's error: how far reading got (counted as the tokens left,
/// so fewer is further) and what would have been accepted there.
#[derive(Clone, Debug)]
struct Expected {
    rest: usize,
    /// A set of [`Want`]s.
    wants: u32,
    /// Where, in words: "after the unit".
    after: Option<&'static str>,
}

impl Expected {
    fn new(at: Tokens<'_>, want: Want) -> Expected {
        Expected {
            rest: at.toks.len(),
            wants: want.bit(),
            after: None,
        }
    }

    /// Two errors at the same place: either would do.
    fn merge(mut self, other: Expected) -> Expected {
        self.wants |= other.wants;
        if self.after != other.after {
            self.after = None;
        }
        self
    }

    /// "`-`, `S`, `C` or `H` after the unit".
    fn describe(&self) -> String {
        let items: Vec<&str> = Want::ALL
            .into_iter()
            .filter(|w| self.wants & w.bit() != 0)
            .map(Want::text)
            .collect();
        let mut out = String::new();
        for (i, w) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(if i + 1 == items.len() { " or " } else { ", " });
            }
            out.push_str(w);
        }
        if let Some(after) = self.after {
            out.push(' ');
            out.push_str(after);
        }
        out
    }
}

impl<'a> nom::error::ParseError<Tokens<'a>> for Expected {
    fn from_error_kind(input: Tokens<'a>, _kind: ErrorKind) -> Self {
        Expected::new(input, Want::Order)
    }

    fn append(_input: Tokens<'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that got further wins.
    fn or(self, other: Self) -> Self {
        match self.rest.cmp(&other.rest) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => self.merge(other),
        }
    }
}

impl<'a> ContextError<Tokens<'a>> for Expected {
    /// Says where the expectation applies ("after the unit") when the error
    /// is right where the context starts.
    fn add_context(input: Tokens<'a>, ctx: &'static str, mut other: Self) -> Self {
        if other.rest == input.toks.len() && other.after.is_none() {
            other.after = Some(ctx);
        }
        other
    }
}

type PResult<'a, O> = IResult<Tokens<'a>, O, Expected>;

const AFTER_UNIT: &str = "after the unit";

// ---------------------------------------------------------------------------
// Terminals

/// One of `words` (normalised, lower case).
fn keyword<'a>(
    words: &'static [&'static str],
    what: Want,
) -> impl Fn(Tokens<'a>) -> PResult<'a, ()> {
    move |i: Tokens<'a>| match i.word(0) {
        Some(w) if words.contains(&w) => Ok((i.skip(1), ())),
        _ => i.expected(what),
    }
}

/// A punctuation token of this kind.
fn punct<'a>(kind: Kind, what: Want) -> impl Fn(Tokens<'a>) -> PResult<'a, ()> {
    move |i: Tokens<'a>| match i.kind(0) {
        Some(k) if k == kind => Ok((i.skip(1), ())),
        _ => i.expected(what),
    }
}

/// The end of the order: nothing left but a `.` or `,`.
fn end_of_order(i: Tokens<'_>) -> PResult<'_, ()> {
    let trailing = i
        .toks
        .iter()
        .take_while(|t| matches!(t.kind, Kind::Comma | Kind::Period))
        .count();
    if trailing == i.toks.len() {
        Ok((i.skip(trailing), ()))
    } else {
        i.skip(trailing).expected(Want::End)
    }
}

/// `p`, and then the end of the line.
fn whole<'a, P>(p: P) -> impl Parser<Tokens<'a>, Output = Order, Error = Expected>
where
    P: Parser<Tokens<'a>, Output = Order, Error = Expected>,
{
    terminated(p, end_of_order)
}

// ---------------------------------------------------------------------------
// Units and locations

/// `A`, `F`, `Army`, `Fleet`.
fn unit_type(i: Tokens<'_>) -> PResult<'_, UnitType> {
    match i.word(0) {
        Some("a" | "army") => Ok((i.skip(1), UnitType::Army)),
        Some("f" | "fleet") => Ok((i.skip(1), UnitType::Fleet)),
        _ => i.expected(Want::UnitType),
    }
}

/// Any name of a province: the longest run of words (joined by spaces or
/// by a `-` with no space around it) that the map knows.
fn province_name(i: Tokens<'_>) -> PResult<'_, ProvinceId> {
    let toks = i.toks;
    // Indices of the words that could make up a name, in order.
    let mut ends = [0usize; 8];
    let mut n = 0;
    let mut k = 0;
    let limit = i.map.max_name_words().min(ends.len());
    while n < limit && k < toks.len() && toks[k].kind == Kind::Word {
        ends[n] = k;
        n += 1;
        // The next word joins the name if only spaces or a tight `-` separate it.
        match toks.get(k + 1) {
            Some(t) if t.kind == Kind::Word => k += 1,
            Some(t)
                if t.kind == Kind::Dash
                    && !t.spaced
                    && toks
                        .get(k + 2)
                        .is_some_and(|w| w.kind == Kind::Word && !w.spaced) =>
            {
                k += 2
            }
            _ => break,
        }
    }
    for m in (0..n).rev() {
        let last = ends[m];
        let key = &i.norm[toks[0].norm.0..toks[last].norm.1];
        if let Some(p) = i.map.province_by_normalized(key) {
            return Ok((i.skip(last + 1), p));
        }
    }
    i.expected(Want::Province)
}

/// `nc`, `sc`, `ec`, `wc`, `north coast`, ...: the coast forms that may
/// follow a province after a space or a `-`.
fn coast_word(i: Tokens<'_>) -> PResult<'_, Coast> {
    let coast = match i.word(0) {
        Some("nc") => Some((Coast::North, 1)),
        Some("sc") => Some((Coast::South, 1)),
        Some("ec") => Some((Coast::East, 1)),
        Some("wc") => Some((Coast::West, 1)),
        Some(w) if i.word(1) == Some("coast") => Coast::from_name(w).map(|c| (c, 2)),
        _ => None,
    };
    match coast {
        Some((c, n)) => Ok((i.skip(n), c)),
        None => i.expected(Want::Coast),
    }
}

/// Any coast name, `n` and `north` alone included: after `/` or in
/// parentheses.
fn coast_name(i: Tokens<'_>) -> PResult<'_, Coast> {
    if let Ok(r) = coast_word(i) {
        return Ok(r);
    }
    match i.word(0) {
        Some(w @ ("n" | "s" | "e" | "w" | "north" | "south" | "east" | "west")) => {
            Ok((i.skip(1), Coast::from_name(w).expect("a coast word")))
        }
        _ => i.expected(Want::Coast),
    }
}

/// A coast name after `(`; `(via convoy)` is left for [`via_convoy`].
fn coast_in_parentheses(i: Tokens<'_>) -> PResult<'_, Coast> {
    match i.word(0) {
        Some("via" | "by") => i.expected(Want::Coast),
        _ => cut(coast_name).parse(i),
    }
}

/// The coast after a province: `/sc`, `(sc)`, ` (north coast)`, `-sc`, ` sc`.
fn coast(i: Tokens<'_>) -> PResult<'_, Coast> {
    alt((
        preceded(punct(Kind::Slash, Want::Coast), cut(coast_name)),
        delimited(
            punct(Kind::Open, Want::Coast),
            coast_in_parentheses,
            cut(punct(Kind::Close, Want::Close)),
        ),
        preceded(punct(Kind::Dash, Want::Coast), coast_word),
        coast_word,
    ))
    .parse(i)
}

/// A province and maybe a coast: `par`, `stp/sc`, `Spain (north coast)`.
fn location(i: Tokens<'_>) -> PResult<'_, Location> {
    map((province_name, opt(coast)), |(province, coast)| Location {
        province,
        coast,
    })
    .parse(i)
}

/// A unit as an order names it: `A par`, `Fleet Brest`, or just `par`.
fn unit(i: Tokens<'_>) -> PResult<'_, UnitRef> {
    alt((
        map((unit_type, location), |(t, l)| UnitRef::new(Some(t), l)),
        map(location, |l| UnitRef::new(None, l)),
    ))
    .parse(i)
}

// ---------------------------------------------------------------------------
// Order words

/// `-`, `->`, `=>`, `to`, `m`, `moves to`.
fn move_arrow(i: Tokens<'_>) -> PResult<'_, ()> {
    alt((
        punct(Kind::Dash, Want::Move),
        punct(Kind::Arrow, Want::Move),
        keyword(&["to"], Want::Move),
        preceded(
            keyword(&["m", "move", "moves"], Want::Move),
            map(opt(keyword(&["to"], Want::Move)), |_| ()),
        ),
    ))
    .parse(i)
}

/// `via convoy`, `by convoy`, `via c`, `vc`, `(via convoy)`.
fn via_convoy(i: Tokens<'_>) -> PResult<'_, ()> {
    alt((
        via_convoy_words,
        delimited(
            punct(Kind::Open, Want::Via),
            via_convoy_words,
            cut(punct(Kind::Close, Want::Close)),
        ),
    ))
    .parse(i)
}

fn via_convoy_words(i: Tokens<'_>) -> PResult<'_, ()> {
    alt((
        preceded(
            keyword(&["via", "by"], Want::Via),
            cut(keyword(&["convoy", "c"], Want::ConvoyWord)),
        ),
        keyword(&["vc"], Want::Via),
    ))
    .parse(i)
}

fn hold_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["h", "hold", "holds"], Want::Hold)(i)
}

fn support_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["s", "support", "supports"], Want::Support)(i)
}

fn convoy_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["c", "convoy", "convoys"], Want::Convoy)(i)
}

/// `R`, `retreat`, `retreats to`.
fn retreat_word(i: Tokens<'_>) -> PResult<'_, ()> {
    map(
        (
            keyword(&["r", "retreat", "retreats"], Want::Retreat),
            opt(keyword(&["to"], Want::Retreat)),
        ),
        |_| (),
    )
    .parse(i)
}

fn disband_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["d", "disband", "disbands"], Want::Disband)(i)
}

fn build_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["b", "build", "builds"], Want::Build)(i)
}

/// `Remove`, `R`, or a disband word: in an adjustment phase they all
/// remove a unit.
fn removal_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(
        &["remove", "removes", "r", "d", "disband", "disbands"],
        Want::Remove,
    )(i)
}

// ---------------------------------------------------------------------------
// Orders

/// One order of a phase of this kind, alone on its line (but for a trailing
/// `.` or `,`).
fn order<'a>(phase: PhaseKind) -> impl Parser<Tokens<'a>, Output = Order, Error = Expected> {
    move |i: Tokens<'a>| match phase {
        PhaseKind::Movement => movement_order(i),
        PhaseKind::Retreat => retreat_phase_order(i),
        PhaseKind::Adjustment => adjustment_order(i),
    }
}

/// The orders of a movement phase (espionage orders will join this `alt`).
fn movement_order(i: Tokens<'_>) -> PResult<'_, Order> {
    alt((
        whole(move_order),
        whole(support_order),
        whole(convoy_order),
        whole(hold_order),
    ))
    .parse(i)
}

/// The orders of a retreat phase.
fn retreat_phase_order(i: Tokens<'_>) -> PResult<'_, Order> {
    alt((whole(retreat_order), whole(disband_order))).parse(i)
}

/// The orders of an adjustment phase.
fn adjustment_order(i: Tokens<'_>) -> PResult<'_, Order> {
    alt((whole(build_order), whole(remove_order), whole(waive))).parse(i)
}

/// `A par H`, `A par holds`, `par H`.
fn hold_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map((unit, context(AFTER_UNIT, hold_word)), |(unit, ())| {
        Order::Hold { unit }
    })
    .parse(i)
}

/// `A par - bur`, `A Paris moves to Burgundy`, `A lon - nwy via convoy`,
/// `A lon - nth - nwy` (a convoy route).
fn move_order(i: Tokens<'_>) -> PResult<'_, Order> {
    let (i, unit) = unit(i)?;
    let (i, ()) = context(AFTER_UNIT, move_arrow).parse(i)?;
    let (mut i, mut dest) = location(i)?;
    let mut route = Vec::new();
    // Further `- province`: the ones before the last are the route.
    while let Ok((rest, ())) = move_arrow(i) {
        let (rest, next) = location(rest)?;
        route.push(dest.province);
        dest = next;
        i = rest;
    }
    let (i, via) = opt(via_convoy).parse(i)?;
    let via_convoy = via.is_some() || !route.is_empty();
    Ok((
        i,
        Order::Move {
            unit,
            dest,
            via_convoy,
            route,
        },
    ))
}

/// `F mar S A par - bur`, `A mun S A kie`, `A mun S kie H`.
fn support_order(i: Tokens<'_>) -> PResult<'_, Order> {
    let (i, (unit, (), supported)) =
        (unit, context(AFTER_UNIT, support_word), self::unit).parse(i)?;
    if let Ok((i, ())) = move_arrow(i) {
        let (i, dest) = location(i)?;
        return Ok((
            i,
            Order::SupportMove {
                unit,
                supported,
                dest,
            },
        ));
    }
    let (i, _) = opt(hold_word).parse(i)?;
    Ok((i, Order::SupportHold { unit, supported }))
}

/// `F nth C A lon - nwy`, `F nth convoys army London to Norway`.
fn convoy_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        (
            unit,
            context(AFTER_UNIT, convoy_word),
            unit,
            context("after the convoyed army", move_arrow),
            location,
        ),
        |(unit, (), army, (), dest)| Order::Convoy { unit, army, dest },
    )
    .parse(i)
}

/// `A mun R boh`, `A mun - boh`, `A mun retreats to boh`.
fn retreat_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        (
            unit,
            context(AFTER_UNIT, alt((move_arrow, retreat_word))),
            location,
        ),
        |(unit, (), dest)| Order::Retreat { unit, dest },
    )
    .parse(i)
}

/// `A mun D`, `A mun disband`, `Disband A mun`.
fn disband_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        alt((
            preceded(disband_word, unit),
            terminated(unit, context(AFTER_UNIT, disband_word)),
        )),
        |unit| Order::Disband { unit },
    )
    .parse(i)
}

/// `Build A par`, `A par B`, `build army Paris`, and the German judges'
/// `par A`.
fn build_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        alt((
            preceded(build_word, (unit_type, location)),
            terminated((unit_type, location), context(AFTER_UNIT, build_word)),
            map((location, unit_type), |(l, t)| (t, l)),
        )),
        |(unit_type, location)| Order::Build {
            unit_type,
            location,
        },
    )
    .parse(i)
}

/// `Remove F kie`, `Remove kie`, `D F kie`, `F kie disband`.
fn remove_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        alt((
            preceded(removal_word, unit),
            terminated(unit, context(AFTER_UNIT, removal_word)),
        )),
        |unit| Order::Remove { unit },
    )
    .parse(i)
}

/// `Waive`, `waive build`, `waive builds`.
fn waive(i: Tokens<'_>) -> PResult<'_, Order> {
    value(
        Order::Waive,
        (
            keyword(&["waive", "waives"], Want::Waive),
            opt(keyword(&["build", "builds"], Want::Build)),
        ),
    )
    .parse(i)
}

// ---------------------------------------------------------------------------
// Espionage orders

const SPY_WORDS: &[&str] = &["spy", "espion", "spion"];
const COUNTERSPY_WORDS: &[&str] = &["counterspy", "gegenspion", "contreespion"];
const REACTION_WORDS: &[&str] = &["reaction", "réaction", "reaktion"];

/// Whether the line opens with an espionage keyword.
fn starts_spy_order(i: Tokens<'_>) -> bool {
    match (i.kind(0), i.word(0)) {
        (Some(Kind::Plus), _) => true,
        (_, Some("build")) => matches!(i.word(1), Some("spy" | "spion")),
        (_, Some(w)) => {
            w == "s"
                || SPY_WORDS.contains(&w)
                || COUNTERSPY_WORDS.contains(&w)
                || REACTION_WORDS.contains(&w)
                || counter_spy_word(i).is_ok()
        }
        _ => false,
    }
}

/// `COUNTERSPY`, `COUNTER-SPY`, `CONTRE-ESPION`, `GEGENSPION`.
fn counter_spy_word(i: Tokens<'_>) -> PResult<'_, ()> {
    match (i.word(0), i.kind(1), i.word(1), i.word(2)) {
        (Some(w), _, _, _) if COUNTERSPY_WORDS.contains(&w) => Ok((i.skip(1), ())),
        (Some("counter"), Some(Kind::Dash), _, Some("spy")) => Ok((i.skip(3), ())),
        (Some("contre"), Some(Kind::Dash), _, Some("espion")) => Ok((i.skip(3), ())),
        (Some("counter"), Some(Kind::Word), Some("spy"), _) => Ok((i.skip(2), ())),
        _ => i.expected(Want::Order),
    }
}

/// One espionage order, alone on its line.
fn spy_order<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    if let Ok((rest, ())) = counter_spy_word(i) {
        let (rest, unit) = terminated(unit, end_of_order).parse(rest)?;
        return Ok((rest, SpyOrder::CounterSpy { unit }));
    }
    if i.kind(0) == Some(Kind::Plus) {
        return found_organisation(i.skip(1));
    }
    match (i.word(0), i.word(1)) {
        (Some("build"), _) => found_organisation(i.skip(1)),
        (Some(w), _) if REACTION_WORDS.contains(&w) => reaction(phase, i.skip(1)),
        (Some(w), Some("fake")) if SPY_WORDS.contains(&w) => fake(phase, i.skip(2)),
        (Some(w), Some("anti")) if SPY_WORDS.contains(&w) => anti(i.skip(2)),
        (Some(w), _) if SPY_WORDS.contains(&w) => {
            let (rest, target) = terminated(unit, end_of_order).parse(i.skip(1))?;
            Ok((rest, SpyOrder::Spy { target }))
        }
        (Some("s"), Some("f" | "fake")) => fake(phase, i.skip(2)),
        (Some("s"), Some("a" | "anti")) => anti(i.skip(2)),
        _ => i.skip(1).expected(Want::Order),
    }
}

/// After `+`/`BUILD`: `S ber`, `SPY ber`, `SPION ber` (SPI-2).
fn found_organisation(i: Tokens<'_>) -> PResult<'_, SpyOrder> {
    let (i, ()) = keyword(&["s", "spy", "spion"], Want::Order)(i)?;
    let (i, province) = terminated(province_name, end_of_order).parse(i)?;
    Ok((i, SpyOrder::Found { province }))
}

/// After `REACTION`: `NONE`, or an order of the phase (ESP-7).
fn reaction<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    if let Ok((rest, ())) = terminated(keyword(&["none"], Want::Order), end_of_order).parse(i) {
        return Ok((rest, SpyOrder::ReactionNone));
    }
    map(order(phase), SpyOrder::Reaction).parse(i)
}

/// `mun boh`: a retreat written without `-` or `R`, read in Fakes only.
fn bare_retreat(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        terminated((unit, location), end_of_order),
        |(unit, dest)| Order::Retreat { unit, dest },
    )
    .parse(i)
}

/// After `S A`/`SPY ANTI`: a nation in English, German or French (SPI-6).
fn anti(i: Tokens<'_>) -> PResult<'_, SpyOrder> {
    let n = i
        .toks
        .iter()
        .take_while(|t| matches!(t.kind, Kind::Word | Kind::Dash))
        .count();
    let name: Vec<&str> = (0..n).filter_map(|k| i.word(k)).collect();
    match i.map.power_by_name(&name.join(" ")) {
        Some(nation) if n > 0 => {
            let (rest, ()) = end_of_order(i.skip(n))?;
            Ok((rest, SpyOrder::Anti { nation }))
        }
        _ => i.expected(Want::Nation),
    }
}

/// After `S F`/`SPY FAKE`: an order of the phase for another power's unit,
/// and in a movement phase maybe the retreat part `(R: bur)` (SPI-5).
fn fake<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    let split = (0..i.toks.len()).find(|&k| {
        i.kind(k) == Some(Kind::Open)
            && matches!(i.word(k + 1), Some("r" | "retreat"))
            && phase == PhaseKind::Movement
    });
    let Some(k) = split else {
        let fake_order = |i| match phase {
            // `S F mun boh`: a retreat Fake may leave out the `-`.
            PhaseKind::Retreat => alt((order(phase), bare_retreat)).parse(i),
            _ => order(phase).parse(i),
        };
        return map(fake_order, |order| SpyOrder::Fake {
            order,
            retreat: None,
        })
        .parse(i);
    };
    let tail = i.toks.len() - k;
    let head = Tokens {
        toks: &i.toks[..k],
        ..i
    };
    let (_, order) = order(phase).parse(head).map_err(|e| {
        e.map(|mut e| {
            e.rest += tail;
            e
        })
    })?;
    let unit = *order.unit().expect("a movement order names its unit");
    let rest = i.skip(k + 2);
    let (rest, _) = opt(punct(Kind::Colon, Want::Order)).parse(rest)?;
    let (rest, retreat) = alt((
        map(disband_word, |()| Order::Disband { unit }),
        map(location, |dest| Order::Retreat { unit, dest }),
    ))
    .parse(rest)?;
    let (rest, ()) = cut(punct(Kind::Close, Want::Close)).parse(rest)?;
    let (rest, ()) = end_of_order(rest)?;
    Ok((
        rest,
        SpyOrder::Fake {
            order,
            retreat: Some(retreat),
        },
    ))
}

#[cfg(test)]
mod tests {
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
    fn describe_joins_alternatives() {
        let l = lex("x");
        let map = Map::from_toml_str("name = \"t\"").unwrap();
        let i = l.input(&map);
        let e = Expected::new(i, Want::Move).merge(Expected::new(i, Want::Province));
        let e = e.merge(Expected::new(i, Want::Hold));
        assert_eq!(
            e.describe(),
            "`-`, `H` or a province name such as `par` or `Paris`"
        );
    }
}
