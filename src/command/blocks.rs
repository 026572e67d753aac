//! The block lines of the command language: `PHASE` (orders for a later
//! phase) and `IF` / `ELSE IF` / `ELSE` / `ENDIF` (conditional orders),
//! as the email judges have long read them.
//!
//! ```text
//! phase_line = "PHASE" phase
//! phase      = compact | season year [kind]       (S1902M, F1902R, W1902A;
//!                                                  `Fall 1902 Retreats`;
//!                                                  only a word's first letter
//!                                                  counts: `F 1902 R`)
//! if_line    = "IF" condition ["THEN"]
//! else_line  = "ELSE IF" condition ["THEN"] | "ELSEIF" condition ["THEN"] | "ELSE"
//! endif_line = "ENDIF" | "END IF"
//! condition  = term {("AND" | "OR") term}         (read left to right, as
//!                                                  njudge does: `a OR b AND c`
//!                                                  is `(a OR b) AND c`)
//! term       = "NOT" term | "(" condition ")" | unit_test
//! unit_test  = word {word}                        (a province, and maybe a
//!                                                  power and a unit type, in
//!                                                  any order: `A bur`,
//!                                                  `france A bur`, `french army
//!                                                  ruhr`)
//! ```
//!
//! The words of a unit test are kept as written: the game resolves them on
//! its own map (see `crate::game::future_orders`).

use super::Command;
use super::errors::{Expectation, Found, Want};
use super::grammar::{Expected, PResult, end_of_line, gap, spelled};
use crate::engine::{Phase, PhaseKind, Season};
use std::fmt;

/// The most words one unit test may have (a power, a unit type and a
/// province name of up to four words).
const MAX_TEST_WORDS: usize = 6;
/// How deep parentheses may nest in one condition.
const MAX_DEPTH: usize = 12;

/// A condition on who stands where when a phase begins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    /// True when a unit matching the words stands in the province.
    Unit(UnitTest),
    /// True when the inner condition is false (`NOT`).
    Not(Box<Condition>),
    /// True when both conditions hold (`AND`).
    And(Box<Condition>, Box<Condition>),
    /// True when either condition holds (`OR`).
    Or(Box<Condition>, Box<Condition>),
}

/// The words of one unit test, as written (`france`, `A`, `bur`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitTest {
    /// The words as written, in order (at most six): a province, and at most one power and one unit
    /// type; the game reads them on its map.
    pub words: Vec<String>,
}

impl Condition {
    /// `a AND b`.
    pub fn and(a: Condition, b: Condition) -> Condition {
        Condition::And(Box::new(a), Box::new(b))
    }

    /// `NOT a`.
    pub fn negate(a: Condition) -> Condition {
        Condition::Not(Box::new(a))
    }

    /// Reads a whole condition (as stored, or as written after IF); when
    /// it cannot, what was expected and what was found where reading
    /// stopped (the words layer says them: `text::commands`).
    pub fn read(text: &str) -> Result<Condition, (Expectation, Found)> {
        match condition(text, 0) {
            Ok((rest, c)) if rest.trim().is_empty() => Ok(c),
            Ok((rest, _)) => Err((
                Expectation(vec![Want::ConditionEnd]),
                Found::at(rest.trim_start()),
            )),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err((e.expected(), Found::at(e.at))),
            Err(nom::Err::Incomplete(_)) => Err((Expectation::default(), Found::EndOfLine)),
        }
    }

    /// Every unit test of the condition, left to right.
    pub fn tests(&self) -> Vec<&UnitTest> {
        match self {
            Condition::Unit(t) => vec![t],
            Condition::Not(a) => a.tests(),
            Condition::And(a, b) | Condition::Or(a, b) => {
                let mut v = a.tests();
                v.extend(b.tests());
                v
            }
        }
    }

    /// Evaluates the condition, each unit test answered by `test`.
    pub fn eval(&self, test: &mut impl FnMut(&UnitTest) -> bool) -> bool {
        match self {
            Condition::Unit(t) => test(t),
            Condition::Not(a) => !a.eval(test),
            Condition::And(a, b) => a.eval(test) & b.eval(test),
            Condition::Or(a, b) => a.eval(test) | b.eval(test),
        }
    }

    fn is_binary(&self) -> bool {
        matches!(self, Condition::And(..) | Condition::Or(..))
    }
}

/// Prints the condition so that [`Condition::read`] reads it back; every
/// grouping is shown with parentheses, so that nobody has to remember
/// that conditions are read left to right.
impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |f: &mut fmt::Formatter<'_>, c: &Condition| {
            if c.is_binary() {
                write!(f, "({c})")
            } else {
                write!(f, "{c}")
            }
        };
        match self {
            Condition::Unit(t) => write!(f, "{}", t.words.join(" ")),
            Condition::Not(a) => {
                write!(f, "NOT ")?;
                side(f, a)
            }
            Condition::And(a, b) | Condition::Or(a, b) => {
                let op = if matches!(self, Condition::And(..)) {
                    "AND"
                } else {
                    "OR"
                };
                side(f, a)?;
                write!(f, " {op} ")?;
                side(f, b)
            }
        }
    }
}

fn fail<'a, T>(at: &'a str, what: Want) -> PResult<'a, T> {
    Err(nom::Err::Failure(Expected::new(at, what)))
}

/// A word of a unit test: up to a space or a parenthesis.
fn word(i: &str) -> Option<(&str, &str)> {
    let end = i
        .find(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .unwrap_or(i.len());
    (end > 0).then(|| (&i[end..], &i[..end]))
}

/// Words that end a unit test.
fn is_operator(w: &str) -> bool {
    ["AND", "OR", "THEN", "NOT"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(w))
}

fn unit_test(i: &str) -> PResult<'_, Condition> {
    let mut words = Vec::new();
    let mut rest = i;
    loop {
        let (r, _) = gap(rest)?;
        match word(r) {
            Some((after, w)) if !is_operator(w) => {
                if words.len() == MAX_TEST_WORDS {
                    return fail(r, Want::ShorterTest);
                }
                words.push(w.to_string());
                rest = after;
            }
            _ => break,
        }
    }
    if words.is_empty() {
        let (r, _) = gap(i)?;
        return fail(r, Want::UnitTest);
    }
    Ok((rest, Condition::Unit(UnitTest { words })))
}

fn term(i: &str, depth: usize) -> PResult<'_, Condition> {
    let (i, _) = gap(i)?;
    if depth > MAX_DEPTH {
        return fail(i, Want::FewerParentheses);
    }
    if let Some(r) = spelled("NOT", i) {
        let (r, c) = term(r, depth + 1)?;
        return Ok((r, Condition::negate(c)));
    }
    if let Some(r) = i.strip_prefix('(') {
        let (r, c) = condition(r, depth + 1)?;
        let (r, _) = gap(r)?;
        return match r.strip_prefix(')') {
            Some(r) => Ok((r, c)),
            None => fail(r, Want::CloseParen),
        };
    }
    unit_test(i)
}

/// `term {AND|OR term}`, read left to right.
fn condition(i: &str, depth: usize) -> PResult<'_, Condition> {
    let (mut i, mut c) = term(i, depth)?;
    loop {
        let (r, _) = gap(i)?;
        if let Some(r) = spelled("AND", r) {
            let (r, b) = term(r, depth)?;
            c = Condition::and(c, b);
            i = r;
        } else if let Some(r) = spelled("OR", r) {
            let (r, b) = term(r, depth)?;
            c = Condition::Or(Box::new(c), Box::new(b));
            i = r;
        } else {
            return Ok((i, c));
        }
    }
}

/// A condition after IF or ELSE IF, maybe followed by THEN.
pub(super) fn if_condition(i: &str) -> PResult<'_, Condition> {
    let (i, c) = condition(i, 0)?;
    let (i, _) = gap(i)?;
    let i = spelled("THEN", i).unwrap_or(i);
    match end_of_line(i) {
        Ok((r, ())) => Ok((r, c)),
        Err(_) => fail(i.trim_start(), Want::ConditionGoesOn),
    }
}

pub(super) fn if_args(i: &str) -> PResult<'_, Command> {
    if_condition(i).map(|(r, c)| (r, Command::If(c)))
}

pub(super) fn else_if_args(i: &str) -> PResult<'_, Command> {
    if_condition(i).map(|(r, c)| (r, Command::ElseIf(c)))
}

/// `ELSE` alone, or `ELSE IF condition`.
pub(super) fn else_args(i: &str) -> PResult<'_, Command> {
    let (r, _) = gap(i)?;
    if let Some(r) = spelled("IF", r) {
        return else_if_args(r);
    }
    match end_of_line(i) {
        Ok((r, ())) => Ok((r, Command::Else)),
        Err(_) => fail(r, Want::ElseIf),
    }
}

/// The phase after PHASE.
pub(super) fn phase_args(i: &str) -> PResult<'_, Command> {
    let (i, _) = gap(i)?;
    let text = i.trim_end();
    match phase_words(text) {
        Some(p) => Ok((&i[i.len()..], Command::Phase(p))),
        None => fail(i, Want::BlockPhase),
    }
}

/// Reads a phase as the email judges do: `F1902R`, or a season, a year
/// and a kind of which only the first letters count (`Fall 1902
/// Retreats`, `autumn 1902 retreat`, `F 1902 R`); a missing kind is the
/// season's movement (winter's adjustments).
pub fn phase_words(text: &str) -> Option<Phase> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() == 1 {
        return Phase::parse(words[0]).ok();
    }
    if !(2..=3).contains(&words.len()) {
        return None;
    }
    // A word counts by its first letter, but must begin one of the words
    // it stands for (so `Someday` is not Spring).
    let first = |w: &str, of: &[&str]| {
        let lw = w.to_ascii_lowercase();
        of.iter()
            .any(|o| o.starts_with(&lw))
            .then(|| lw.chars().next())
            .flatten()
    };
    let season = match first(words[0], &["spring", "fall", "autumn", "winter"])? {
        's' => Season::Spring,
        'f' | 'a' => Season::Fall,
        _ => Season::Winter,
    };
    let year: u16 = words[1].parse().ok()?;
    let kinds = [
        "movement",
        "moves",
        "orders",
        "retreats",
        "adjustments",
        "builds",
    ];
    let kind = match words.get(2).map(|w| first(w, &kinds)) {
        None if season == Season::Winter => PhaseKind::Adjustment,
        None => PhaseKind::Movement,
        Some(Some('m' | 'o')) => PhaseKind::Movement,
        Some(Some('r')) => PhaseKind::Retreat,
        Some(Some('a' | 'b')) => PhaseKind::Adjustment,
        _ => return None,
    };
    let season = if kind == PhaseKind::Adjustment {
        Season::Winter
    } else if season == Season::Winter {
        return None;
    } else {
        season
    };
    Phase::parse(&Phase::new(season, year, kind).to_string()).ok()
}

/// Which block word a line begins with, whether or not the rest can be
/// read: the judge must keep the block structure even around a line it
/// cannot read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockWord {
    /// `PHASE`: orders below are for a later phase.
    Phase,
    /// `IF`: a conditional block begins.
    If,
    /// `ELSE IF`, `ELSEIF` or `ELSIF`: another condition of the same block.
    ElseIf,
    /// `ELSE`: the lines for when no condition of the block held.
    Else,
    /// `ENDIF` or `END IF`: the block ends.
    EndIf,
}

/// The block word a line begins with, if any, whether or not the rest of the line reads.
pub fn block_word(line: &str) -> Option<BlockWord> {
    let l = line.trim();
    if spelled("PHASE", l).is_some() {
        Some(BlockWord::Phase)
    } else if spelled("IF", l).is_some() {
        Some(BlockWord::If)
    } else if spelled("ELSEIF", l).is_some()
        || spelled("ELSIF", l).is_some()
        || spelled("ELSE", l)
            .and_then(|r| spelled("IF", r.trim_start()))
            .is_some()
    {
        Some(BlockWord::ElseIf)
    } else if spelled("ELSE", l).is_some() {
        Some(BlockWord::Else)
    } else if spelled("ENDIF", l).is_some() || spelled("END IF", l).is_some() {
        Some(BlockWord::EndIf)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cond(s: &str) -> Condition {
        Condition::read(s).unwrap()
    }

    #[test]
    fn conditions_read_left_to_right_and_print_their_grouping() {
        let c = cond("A bur OR F eng AND NOT russia war");
        assert_eq!(c.to_string(), "(A bur OR F eng) AND NOT russia war");
        assert_eq!(cond(&c.to_string()), c);
        let c = cond("not french army ruhr and (russian prussia or russian silesia)");
        assert_eq!(
            c.to_string(),
            "NOT french army ruhr AND (russian prussia OR russian silesia)"
        );
        assert_eq!(cond(&c.to_string()), c);
    }

    #[test]
    fn condition_errors_say_what_to_write() {
        let (e, f) = Condition::read("(A bur OR F eng").unwrap_err();
        assert_eq!(e.0, [Want::CloseParen], "{e:?}");
        assert_eq!(f, Found::EndOfLine);
        let (e, _) = Condition::read("A bur AND").unwrap_err();
        assert!(e.0.contains(&Want::UnitTest), "{e:?}");
    }

    #[test]
    fn phases_as_the_email_judges_write_them() {
        let p = |s| phase_words(s).map(|p| p.to_string());
        assert_eq!(p("F1902R").as_deref(), Some("F1902R"));
        assert_eq!(p("Fall 1902 Retreats").as_deref(), Some("F1902R"));
        assert_eq!(p("autumn 1902 retreat").as_deref(), Some("F1902R"));
        assert_eq!(p("F 1902 R").as_deref(), Some("F1902R"));
        assert_eq!(p("Winter 1902").as_deref(), Some("W1902A"));
        assert_eq!(p("Spring 1903").as_deref(), Some("S1903M"));
        assert_eq!(p("Fall 1902 Builds").as_deref(), Some("W1902A"));
        assert_eq!(p("Winter 1902 Retreats"), None);
        assert_eq!(p("Yule 1902"), None);
        assert_eq!(p("Someday 1901"), None);
        assert_eq!(p("Spring 1901 Mañana"), None);
    }

    #[test]
    fn block_lines_read_back_as_they_print() {
        use super::super::{Command, parse_message};
        let body = "PHASE f1902r\nif NOT (french army ruhr OR F eng) then\nA mun - boh\n\
                    else if A bur\nelsif russia war\nELSE\nend if\nENDIF";
        let msg = parse_message(body);
        let cmds: Vec<Command> = msg
            .items
            .iter()
            .map(|i| i.command.clone().unwrap())
            .collect();
        assert!(matches!(cmds[0], Command::Phase(p) if p.to_string() == "F1902R"));
        assert_eq!(cmds[1].to_string(), "IF NOT (french army ruhr OR F eng)");
        assert_eq!(cmds[3].to_string(), "ELSE IF A bur");
        assert_eq!(cmds[4].to_string(), "ELSE IF russia war");
        assert_eq!(cmds[5], Command::Else);
        assert_eq!(cmds[6], Command::EndIf);
        assert_eq!(cmds[7], Command::EndIf);
        let printed: Vec<String> = cmds.iter().map(|c| c.to_string()).collect();
        let again = parse_message(&printed.join("\n"));
        let back: Vec<Command> = again
            .items
            .iter()
            .map(|i| i.command.clone().unwrap())
            .collect();
        assert_eq!(back, cmds);
    }

    #[test]
    fn block_line_errors_name_the_line_the_column_and_what_to_write() {
        use super::super::parse_message;
        use super::super::{Found, Want};
        let msg = parse_message(
            "A par H\nIF A bur AND\nPHASE Fall\nIF (A bur\nELSE A bur\nIF A bur THEN x",
        );
        let errs: Vec<_> = msg
            .items
            .iter()
            .filter_map(|i| i.command.clone().err())
            .collect();
        assert_eq!(errs.len(), 5, "{errs:#?}");
        assert_eq!((errs[0].line, errs[0].column), (2, 13));
        assert!(errs[0].expected.0.contains(&Want::UnitTest), "{errs:#?}");
        assert_eq!((errs[1].line, errs[1].column), (3, 7));
        assert!(errs[1].expected.0.contains(&Want::BlockPhase), "{errs:#?}");
        assert_eq!(errs[2].line, 4);
        assert!(errs[2].expected.0.contains(&Want::CloseParen), "{errs:#?}");
        assert_eq!((errs[3].line, errs[3].column), (5, 6));
        assert!(errs[3].expected.0.contains(&Want::ElseIf), "{errs:#?}");
        assert_eq!((errs[4].line, errs[4].column), (6, 15));
        assert_eq!(errs[4].found, Found::Word("`x`".into()));
    }

    #[test]
    fn block_words_are_found_on_unreadable_lines() {
        assert_eq!(block_word("IF ((("), Some(BlockWord::If));
        assert_eq!(block_word("else  if x"), Some(BlockWord::ElseIf));
        assert_eq!(block_word("ELSE"), Some(BlockWord::Else));
        assert_eq!(block_word("end if"), Some(BlockWord::EndIf));
        assert_eq!(block_word("PHASE Someday"), Some(BlockWord::Phase));
        assert_eq!(block_word("iffy"), None);
    }
}
