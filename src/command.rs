//! The command language players write in the body of a mail to the judge.
//!
//! This module is pure: it reads text and returns commands, with no
//! database and no clock. [`crate::judge`] carries the commands out.
//!
//! # Reading a body
//!
//! [`clean_body`] keeps the lines that count: a line quoted with `>` is
//! dropped, a `-- ` signature line ends the body, and every line is trimmed
//! but keeps its line number in the mail (and the column it started at), so
//! that the reply can name it. [`parse_message`] then reads the lines one
//! by one: blank lines and `#` comments are skipped, a line beginning with
//! a keyword is a command, a `PRESS`/`BROADCAST` line takes every line up
//! to `ENDPRESS` as the text to relay, and any other line is an order line
//! passed on to the game (which reads orders, spy orders and reactions).
//!
//! # Grammar
//!
//! Keywords ignore case; their spellings are data, in
//! `src/command_words.toml`. Arguments are separated by spaces.
//!
//! ```text
//! signon       = "SIGNON" power game [password]
//! master       = "MASTER" password
//! join         = "JOIN" [power] game password
//! observe      = "OBSERVE" game
//! list         = "LIST" [game]
//! history      = "HISTORY" game [phase]
//! help         = "HELP"
//! set_password = "SET PASSWORD" password
//! set_wait     = "SET WAIT" | "SET NOWAIT"
//! resign       = "RESIGN"
//! clear        = "CLEAR"
//! press        = "PRESS" ["TO"] power {"," power} [anonymous]   text lines   "ENDPRESS"
//! broadcast    = "BROADCAST" [anonymous]                          text lines   "ENDPRESS"
//! create       = "CREATE" game {key "=" value}
//! start | process | pause | resume | preview = keyword game
//! set_deadline = "SET DEADLINE" game when        (the rest of the line)
//! rollback     = "ROLLBACK" game phase
//! anonymous    = "ANON" | "ANONYMOUS" | "GREY" | "GRAY"
//! game         = letters, digits, "-" and "_"
//! power        = a letter or a name (one word; "-" joins words)
//! ```
//!
//! A power is kept as written; the judge looks it up in the game's map,
//! which knows the names, the other languages' names and, through
//! [`power_by_word`], the initial letters.
//!
//! # Errors
//!
//! A line that begins with a keyword but does not follow its grammar is
//! a [`CommandError`]: the line and column where reading stopped, what was
//! expected there and what was found.

use crate::engine::map::{Map, PowerId};
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{space0, space1};
use nom::combinator::{eof, opt, verify};
use nom::{IResult, Parser};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// At most this many lines of a body are read; the rest is ignored (and
/// the reply says so).
pub const MAX_LINES: usize = 400;
/// A longer line is rejected without being read.
pub const MAX_LINE_CHARS: usize = 400;
/// The most text one PRESS or BROADCAST may carry, in characters.
pub const MAX_PRESS_CHARS: usize = 20_000;

// ------------------------------------------------------------ clean-up

/// A line of a mail body that counts, as written (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLine<'a> {
    /// 1-based line number in the body.
    pub number: usize,
    /// 1-based column (in characters) of the first character kept.
    pub column: usize,
    pub text: &'a str,
}

/// Keeps the lines that count: drops lines quoted with `>`, stops at a
/// `-- ` signature line, trims each line. Blank lines are kept (they
/// matter inside press).
pub fn clean_body(body: &str) -> Vec<BodyLine<'_>> {
    let mut out = Vec::new();
    for (i, raw) in body.lines().enumerate() {
        let trimmed_start = raw.trim_start();
        let text = trimmed_start.trim_end();
        if text == "--" {
            break;
        }
        if text.starts_with('>') {
            continue;
        }
        let column = raw[..raw.len() - trimmed_start.len()].chars().count() + 1;
        out.push(BodyLine {
            number: i + 1,
            column,
            text,
        });
    }
    out
}

// ------------------------------------------------------------ commands

/// One command of the language (see the module comment for the grammar).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Signon {
        power: String,
        game: String,
        password: Option<String>,
    },
    Master {
        password: String,
    },
    Join {
        power: Option<String>,
        game: String,
        password: String,
    },
    Observe {
        game: String,
    },
    List {
        game: Option<String>,
    },
    History {
        game: String,
        phase: Option<String>,
    },
    Help,
    SetPassword {
        password: String,
    },
    SetWait(bool),
    Resign,
    Clear,
    /// `PRESS TO ...` (`to` given) or `BROADCAST` (`to` empty).
    Press {
        to: Vec<String>,
        broadcast: bool,
        anonymous: bool,
        text: String,
    },
    Create {
        game: String,
        /// `(canonical key, value)`, in the order written.
        settings: Vec<(String, String)>,
    },
    Start {
        game: String,
    },
    Process {
        game: String,
    },
    Pause {
        game: String,
    },
    Resume {
        game: String,
    },
    SetDeadline {
        game: String,
        when: String,
    },
    Rollback {
        game: String,
        phase: String,
    },
    Preview {
        game: String,
    },
    /// Any other line: an order, spy order or reaction, for the game.
    Order(String),
}

impl Command {
    /// Whether only the game master may give it.
    pub fn is_master(&self) -> bool {
        matches!(
            self,
            Command::Create { .. }
                | Command::Start { .. }
                | Command::Process { .. }
                | Command::Pause { .. }
                | Command::Resume { .. }
                | Command::SetDeadline { .. }
                | Command::Rollback { .. }
                | Command::Preview { .. }
        )
    }

    /// The command as the reply quotes it: passwords replaced by `****`,
    /// press shown by its first line only.
    pub fn quoted(&self) -> String {
        let hide = "****".to_string();
        match self {
            Command::Signon {
                power,
                game,
                password,
            } => Command::Signon {
                power: power.clone(),
                game: game.clone(),
                password: password.as_ref().map(|_| hide),
            }
            .to_string(),
            Command::Master { .. } => Command::Master { password: hide }.to_string(),
            Command::Join { power, game, .. } => Command::Join {
                power: power.clone(),
                game: game.clone(),
                password: hide,
            }
            .to_string(),
            Command::SetPassword { .. } => Command::SetPassword { password: hide }.to_string(),
            Command::Press { .. } => self.to_string().lines().next().unwrap_or("").to_string(),
            other => other.to_string(),
        }
    }
}

/// Prints a command in the form [`parse_message`] reads back: keywords in
/// capitals, a press with its text lines and `ENDPRESS`.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kw = |k: Kw| words().spelling(k);
        match self {
            Command::Signon {
                power,
                game,
                password,
            } => {
                write!(f, "{} {power} {game}", kw(Kw::Signon))?;
                if let Some(p) = password {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Command::Master { password } => write!(f, "{} {password}", kw(Kw::Master)),
            Command::Join {
                power,
                game,
                password,
            } => {
                write!(f, "{}", kw(Kw::Join))?;
                if let Some(p) = power {
                    write!(f, " {p}")?;
                }
                write!(f, " {game} {password}")
            }
            Command::Observe { game } => write!(f, "{} {game}", kw(Kw::Observe)),
            Command::List { game } => match game {
                Some(g) => write!(f, "{} {g}", kw(Kw::List)),
                None => write!(f, "{}", kw(Kw::List)),
            },
            Command::History { game, phase } => {
                write!(f, "{} {game}", kw(Kw::History))?;
                if let Some(p) = phase {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Command::Help => write!(f, "{}", kw(Kw::Help)),
            Command::SetPassword { password } => {
                write!(f, "{} {password}", kw(Kw::SetPassword))
            }
            Command::SetWait(true) => write!(f, "{}", kw(Kw::SetWait)),
            Command::SetWait(false) => write!(f, "{}", kw(Kw::SetNowait)),
            Command::Resign => write!(f, "{}", kw(Kw::Resign)),
            Command::Clear => write!(f, "{}", kw(Kw::Clear)),
            Command::Press {
                to,
                broadcast,
                anonymous,
                text,
            } => {
                if *broadcast {
                    write!(f, "{}", kw(Kw::Broadcast))?;
                } else {
                    write!(
                        f,
                        "{} {} {}",
                        kw(Kw::Press),
                        words().press_to[0],
                        to.join(", ")
                    )?;
                }
                if *anonymous {
                    write!(f, " {}", words().anonymous[0])?;
                }
                writeln!(f)?;
                if !text.is_empty() {
                    writeln!(f, "{text}")?;
                }
                write!(f, "{}", kw(Kw::Endpress))
            }
            Command::Create { game, settings } => {
                write!(f, "{} {game}", kw(Kw::Create))?;
                for (k, v) in settings {
                    write!(f, " {k}={v}")?;
                }
                Ok(())
            }
            Command::Start { game } => write!(f, "{} {game}", kw(Kw::Start)),
            Command::Process { game } => write!(f, "{} {game}", kw(Kw::Process)),
            Command::Pause { game } => write!(f, "{} {game}", kw(Kw::Pause)),
            Command::Resume { game } => write!(f, "{} {game}", kw(Kw::Resume)),
            Command::SetDeadline { game, when } => {
                write!(f, "{} {game} {when}", kw(Kw::SetDeadline))
            }
            Command::Rollback { game, phase } => {
                write!(f, "{} {game} {phase}", kw(Kw::Rollback))
            }
            Command::Preview { game } => write!(f, "{} {game}", kw(Kw::Preview)),
            Command::Order(text) => write!(f, "{text}"),
        }
    }
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: expected {expected}, found {found}")]
pub struct CommandError {
    pub line: usize,
    /// 1-based column, in characters, in the line as written.
    pub column: usize,
    pub expected: String,
    /// What was there (`end of line` at the end).
    pub found: String,
}

/// One item of a message: a command (or the error reading it) with the
/// line it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// 1-based line number in the body (for press, the PRESS line).
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    pub command: Result<Command, CommandError>,
}

/// A message's commands, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Message {
    pub items: Vec<Item>,
    /// Set when the body had more than [`MAX_LINES`] lines: the number of
    /// the first line not read.
    pub cut_at: Option<usize>,
}

/// Reads a mail body into commands (see the module comment).
pub fn parse_message(body: &str) -> Message {
    let lines = clean_body(body);
    let mut msg = Message::default();
    let mut iter = lines.into_iter();
    let mut read = 0usize;
    while let Some(l) = iter.next() {
        if l.text.is_empty() || l.text.starts_with('#') {
            continue;
        }
        read += 1;
        if read > MAX_LINES {
            msg.cut_at = Some(l.number);
            break;
        }
        let item = |command| Item {
            line: l.number,
            text: l.text.to_string(),
            command,
        };
        if l.text.chars().count() > MAX_LINE_CHARS {
            msg.items.push(item(Err(CommandError {
                line: l.number,
                column: l.column,
                expected: format!("a line of at most {MAX_LINE_CHARS} characters"),
                found: "a longer line".into(),
            })));
            continue;
        }
        match parse_line(l.text) {
            Ok(LineKind::Command(c)) => msg.items.push(item(Ok(c))),
            Ok(LineKind::PressHead {
                to,
                broadcast,
                anonymous,
            }) => {
                let mut text = String::new();
                let mut ended = false;
                let mut too_long = false;
                for b in iter.by_ref() {
                    if matches!(parse_line(b.text), Ok(LineKind::EndPress)) {
                        ended = true;
                        break;
                    }
                    if text.len() + b.text.len() > MAX_PRESS_CHARS {
                        too_long = true;
                    } else {
                        if !text.is_empty() || !b.text.is_empty() {
                            text.push_str(b.text);
                        }
                        text.push('\n');
                    }
                }
                let text = text.trim_end().to_string();
                let err = |expected: String, found: &str| {
                    Err(CommandError {
                        line: l.number,
                        column: l.column,
                        expected,
                        found: found.into(),
                    })
                };
                msg.items.push(item(if !ended {
                    err(
                        "an ENDPRESS line after the text of the press".into(),
                        "the end of the message",
                    )
                } else if too_long {
                    err(
                        format!("at most {MAX_PRESS_CHARS} characters of press"),
                        "a longer text",
                    )
                } else {
                    Ok(Command::Press {
                        to,
                        broadcast,
                        anonymous,
                        text,
                    })
                }));
            }
            Ok(LineKind::EndPress) => msg.items.push(item(Err(CommandError {
                line: l.number,
                column: l.column,
                expected: "a PRESS or BROADCAST line before ENDPRESS".into(),
                found: "ENDPRESS".into(),
            }))),
            Err(e) => {
                let offset = l.text.len() - e.at.len();
                let column = l.column + l.text[..offset].chars().count();
                msg.items.push(item(Err(CommandError {
                    line: l.number,
                    column,
                    expected: e.expected(),
                    found: found(e.at),
                })));
            }
        }
    }
    msg
}

/// What was found where reading stopped, for messages.
fn found(at: &str) -> String {
    let word: String = at
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .take(30)
        .collect();
    if word.is_empty() {
        "end of line".into()
    } else {
        format!("`{word}`")
    }
}

/// A power written in a command, looked up in the game's map: a name or
/// alias (`france`, `Frankreich`, `fra`), or its initial letter (`F`) when
/// no other power of the map shares it.
pub fn power_by_word(map: &Map, word: &str) -> Option<PowerId> {
    if let Some(id) = map.power_by_name(word) {
        return Some(id);
    }
    let mut chars = word.chars();
    let letter = chars.next()?.to_lowercase().next()?;
    if chars.next().is_some() {
        return None;
    }
    let mut hits = map.powers().iter().filter(|p| p.name.starts_with(letter));
    match (hits.next(), hits.next()) {
        (Some(p), None) => Some(p.id),
        _ => None,
    }
}

// ------------------------------------------------------------ the words

/// The keywords, named as in `command_words.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kw {
    Signon,
    Master,
    Join,
    Observe,
    List,
    History,
    Help,
    SetPassword,
    SetWait,
    SetNowait,
    SetDeadline,
    Resign,
    Clear,
    Press,
    Broadcast,
    Endpress,
    Create,
    Start,
    Process,
    Pause,
    Resume,
    Rollback,
    Preview,
}

#[derive(Deserialize)]
struct Words {
    keywords: BTreeMap<Kw, Vec<String>>,
    press_to: Vec<String>,
    anonymous: Vec<String>,
    create_settings: BTreeMap<String, Vec<String>>,
}

impl Words {
    fn spelling(&self, k: Kw) -> &str {
        &self.keywords[&k][0]
    }
}

fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        let w: Words = toml::from_str(include_str!("command_words.toml"))
            .expect("src/command_words.toml is valid (checked by a test)");
        w
    })
}

/// The canonical name of a CREATE setting, from any of its spellings.
pub fn create_setting(key: &str) -> Option<&'static str> {
    words()
        .create_settings
        .iter()
        .find(|(_, spellings)| spellings.iter().any(|s| s.eq_ignore_ascii_case(key)))
        .map(|(k, _)| k.as_str())
}

/// The help text players get for HELP.
pub const HELP: &str = include_str!("help.txt");

// ------------------------------------------------------------ the parser

/// A parse failure: where reading stopped and what could have come there.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Expected<'a> {
    at: &'a str,
    what: Vec<&'static str>,
}

impl Expected<'_> {
    fn expected(&self) -> String {
        match self.what.as_slice() {
            [] => "something else".into(),
            [one] => (*one).into(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        }
    }
}

impl<'a> nom::error::ParseError<&'a str> for Expected<'a> {
    fn from_error_kind(input: &'a str, _kind: nom::error::ErrorKind) -> Self {
        Expected {
            at: input,
            what: Vec::new(),
        }
    }

    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }

    /// The branch that read further wins; equal ones merge.
    fn or(mut self, other: Self) -> Self {
        if other.at.len() < self.at.len() {
            return other;
        }
        if self.at.len() == other.at.len() {
            for w in other.what {
                if !self.what.contains(&w) {
                    self.what.push(w);
                }
            }
        }
        self
    }
}

type PResult<'a, T> = IResult<&'a str, T, Expected<'a>>;

/// What a line is.
#[derive(Debug)]
enum LineKind {
    Command(Command),
    PressHead {
        to: Vec<String>,
        broadcast: bool,
        anonymous: bool,
    },
    EndPress,
}

/// Runs `p`; when it fails without reading anything, says that `what` was
/// expected here.
fn expect<'a, T>(
    what: &'static str,
    mut p: impl Parser<&'a str, Output = T, Error = Expected<'a>>,
) -> impl FnMut(&'a str) -> PResult<'a, T> {
    move |i: &'a str| {
        let relabel = |e: Expected<'a>| {
            if e.at.len() == i.len() || e.what.is_empty() {
                Expected {
                    at: i,
                    what: vec![what],
                }
            } else {
                e
            }
        };
        match p.parse(i) {
            Err(nom::Err::Error(e)) => Err(nom::Err::Error(relabel(e))),
            Err(nom::Err::Failure(e)) => Err(nom::Err::Failure(relabel(e))),
            other => other,
        }
    }
}

/// Reads a keyword in any of its spellings, ending at a space or the end.
fn keyword<'a>(k: Kw) -> impl FnMut(&'a str) -> PResult<'a, ()> {
    move |i: &'a str| {
        for spelling in &words().keywords[&k] {
            if let Some(rest) = spelled(spelling, i) {
                return Ok((rest, ()));
            }
        }
        Err(nom::Err::Error(Expected {
            at: i,
            what: Vec::new(),
        }))
    }
}

/// Matches one spelling (words separated by any spaces) at the start of
/// `i`, followed by a space or the end; returns the rest.
fn spelled<'a>(spelling: &str, i: &'a str) -> Option<&'a str> {
    let mut rest = i;
    for (n, w) in spelling.split(' ').enumerate() {
        if n > 0 {
            let r = rest.trim_start_matches([' ', '\t']);
            if r.len() == rest.len() {
                return None;
            }
            rest = r;
        }
        let head = rest.get(..w.len())?;
        if !head.eq_ignore_ascii_case(w) {
            return None;
        }
        rest = &rest[w.len()..];
    }
    match rest.chars().next() {
        None => Some(rest),
        Some(c) if c.is_whitespace() => Some(rest),
        _ => None,
    }
}

/// A run of characters up to the next space.
fn token(i: &str) -> PResult<'_, &str> {
    take_till1(char::is_whitespace).parse(i)
}

/// The spaces before an argument (none needed at the end of the line,
/// where the argument's own error is then reported).
fn gap(i: &str) -> PResult<'_, &str> {
    space0.parse(i)
}

fn is_game_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// A game name: letters, digits, `-` and `_`.
fn game_name(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        "a game name (letters, digits, `-` and `_`)",
        verify(token, |t: &str| t.chars().all(is_game_char)),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

fn is_power_char(c: char) -> bool {
    c.is_alphabetic() || matches!(c, '-' | '_' | '.' | '\'' | '’')
}

/// A power, by letter or name, as one word.
fn power_word(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        "a power (a letter such as F, or a name such as france)",
        verify(
            take_till1(|c: char| c.is_whitespace() || c == ','),
            |t: &str| t.chars().all(is_power_char),
        ),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// A password: any run of non-space characters.
fn password(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect("a password", token)
        .parse(i)
        .map(|(r, t)| (r, t.to_string()))
}

/// A phase such as `S1901M` or `F1901R`.
fn phase_word(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        "a phase such as S1901M",
        verify(token, |t: &str| {
            t.chars().all(|c| c.is_ascii_alphanumeric())
        }),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// The rest of the line, not empty (a time such as `48h` or
/// `2025-03-30 20:00`).
fn rest_of_line(what: &'static str) -> impl FnMut(&str) -> PResult<'_, String> {
    move |i: &str| {
        let (i, _) = gap(i)?;
        let t = i.trim_end();
        if t.is_empty() {
            return Err(nom::Err::Failure(Expected {
                at: i,
                what: vec![what],
            }));
        }
        // Runs of spaces inside count as one.
        let joined = t.split_whitespace().collect::<Vec<_>>().join(" ");
        Ok((&i[i.len()..], joined))
    }
}

/// A `key=value` setting of CREATE.
fn setting(i: &str) -> PResult<'_, (String, String)> {
    let (i, _) = space1.parse(i)?;
    let (i, key) = expect(
        "a setting such as deadline=48h (keys: variant, rules, deadline, retreat, adjust, timezone, at, press, reaction, reminder, password_optional)",
        verify(take_till1(|c: char| c == '=' || c.is_whitespace()), |k: &str| {
            create_setting(k).is_some()
        }),
    )
    .parse(i)?;
    let (i, _) = expect("`=` after the setting's name", tag("=")).parse(i)?;
    let (i, value) = expect("the setting's value", token).parse(i)?;
    Ok((
        i,
        (
            create_setting(key).unwrap_or(key).to_string(),
            value.to_string(),
        ),
    ))
}

/// Nothing more on the line.
fn end_of_line(i: &str) -> PResult<'_, ()> {
    let (i, _) = space0.parse(i)?;
    expect("end of line", eof).parse(i).map(|(r, _)| (r, ()))
}

/// Whether `w` is a word that asks for anonymous press.
fn is_anonymous_word(w: &str) -> bool {
    words().anonymous.iter().any(|a| a.eq_ignore_ascii_case(w))
}

/// `[TO] power {, power} [ANON]` after PRESS.
fn recipients(i: &str) -> PResult<'_, (Vec<String>, bool)> {
    let (mut i, _) = gap(i)?;
    if let Some(to) = words().press_to.iter().find_map(|t| spelled(t, i)) {
        i = to;
    }
    let mut to = Vec::new();
    let mut anonymous = false;
    loop {
        let (r, p) = power_word(i)?;
        to.push(p);
        i = r;
        let (r, _) = space0.parse(i)?;
        if let Some(r) = r.strip_prefix(',') {
            i = r;
            continue;
        }
        // `ANON` at the end.
        if let Ok((r2, w)) = token(r)
            && is_anonymous_word(w)
        {
            anonymous = true;
            i = r2;
        }
        break;
    }
    // A recipient followed by a second word: say what could come.
    let (r, _) = space0.parse(i)?;
    if !r.is_empty() {
        return Err(nom::Err::Failure(Expected {
            at: r,
            what: vec!["`,` and another power", "ANON", "end of line"],
        }));
    }
    Ok((r, (to, anonymous)))
}

/// `[ANON]` after BROADCAST.
fn broadcast_tail(i: &str) -> PResult<'_, bool> {
    let (i, _) = gap(i)?;
    let (i, anon) = opt(verify(token, |w: &str| is_anonymous_word(w))).parse(i)?;
    let (i, _) = space0.parse(i)?;
    if !i.is_empty() {
        return Err(nom::Err::Failure(Expected {
            at: i,
            what: vec!["ANON", "end of line"],
        }));
    }
    Ok((i, anon.is_some()))
}

/// Turns an `Error` into a `Failure`: once the keyword is read, the line
/// is that command, and its argument errors are final.
fn committed<'a, T>(r: PResult<'a, T>) -> PResult<'a, T> {
    r.map_err(|e| match e {
        nom::Err::Error(x) => nom::Err::Failure(x),
        other => other,
    })
}

/// `keyword game` commands.
fn game_command<'a>(i: &'a str, make: fn(String) -> Command) -> PResult<'a, Command> {
    let (i, g) = game_name(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, make(g)))
}

/// SIGNON's arguments: power, game and (maybe) password.
fn signon_args(i: &str) -> PResult<'_, Command> {
    let (i, power) = power_word(i)?;
    let (i, game) = game_name(i)?;
    let (i, password) = optional(i, password)?;
    let (i, _) = end_of_line(i)?;
    let c = Command::Signon {
        power,
        game,
        password,
    };
    Ok((i, c))
}

/// `p` unless the line has ended.
fn optional<'a, T>(
    i: &'a str,
    p: impl FnOnce(&'a str) -> PResult<'a, T>,
) -> PResult<'a, Option<T>> {
    if i.trim().is_empty() {
        Ok((i, None))
    } else {
        p(i).map(|(i, t)| (i, Some(t)))
    }
}

fn master_args(i: &str) -> PResult<'_, Command> {
    let (i, password) = password(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::Master { password }))
}

/// JOIN's arguments: with three, power, game and password; with two,
/// game and password.
fn join_args(i: &str) -> PResult<'_, Command> {
    let (i, power) = if i.split_whitespace().count() >= 3 {
        let (i, p) = power_word(i)?;
        (i, Some(p))
    } else {
        (i, None)
    };
    let (i, game) = game_name(i)?;
    let (i, password) = password(i)?;
    let (i, _) = end_of_line(i)?;
    let c = Command::Join {
        power,
        game,
        password,
    };
    Ok((i, c))
}

fn list_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = optional(i, game_name)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::List { game }))
}

fn history_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    let (i, phase) = optional(i, phase_word)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::History { game, phase }))
}

fn set_password_args(i: &str) -> PResult<'_, Command> {
    let (i, password) = password(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::SetPassword { password }))
}

fn create_args(i: &str) -> PResult<'_, Command> {
    let (mut i, game) = game_name(i)?;
    let mut settings = Vec::new();
    while !i.trim().is_empty() {
        let (r, s) = setting(i)?;
        settings.push(s);
        i = r;
    }
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::Create { game, settings }))
}

fn set_deadline_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    let (i, when) =
        rest_of_line("a time: `24h` from now, or a date and time such as `2025-03-30 20:00`")(i)?;
    Ok((i, Command::SetDeadline { game, when }))
}

fn rollback_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    let (i, phase) = phase_word(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::Rollback { game, phase }))
}

/// A command with no arguments.
fn bare(i: &str, c: Command) -> PResult<'_, Command> {
    let (i, _) = end_of_line(i)?;
    Ok((i, c))
}

/// The arguments after a keyword.
fn arguments(k: Kw, i: &str) -> PResult<'_, LineKind> {
    let c = match k {
        Kw::Signon => signon_args(i),
        Kw::Master => master_args(i),
        Kw::Join => join_args(i),
        Kw::Observe => game_command(i, |game| Command::Observe { game }),
        Kw::List => list_args(i),
        Kw::History => history_args(i),
        Kw::Help => bare(i, Command::Help),
        Kw::SetPassword => set_password_args(i),
        Kw::SetWait => bare(i, Command::SetWait(true)),
        Kw::SetNowait => bare(i, Command::SetWait(false)),
        Kw::Resign => bare(i, Command::Resign),
        Kw::Clear => bare(i, Command::Clear),
        Kw::Press => {
            let (i, (to, anonymous)) = recipients(i)?;
            let head = LineKind::PressHead {
                to,
                broadcast: false,
                anonymous,
            };
            return Ok((i, head));
        }
        Kw::Broadcast => {
            let (i, anonymous) = broadcast_tail(i)?;
            let head = LineKind::PressHead {
                to: Vec::new(),
                broadcast: true,
                anonymous,
            };
            return Ok((i, head));
        }
        Kw::Endpress => return end_of_line(i).map(|(i, _)| (i, LineKind::EndPress)),
        Kw::Create => create_args(i),
        Kw::Start => game_command(i, |game| Command::Start { game }),
        Kw::Process => game_command(i, |game| Command::Process { game }),
        Kw::Pause => game_command(i, |game| Command::Pause { game }),
        Kw::Resume => game_command(i, |game| Command::Resume { game }),
        Kw::Preview => game_command(i, |game| Command::Preview { game }),
        Kw::SetDeadline => set_deadline_args(i),
        Kw::Rollback => rollback_args(i),
    };
    c.map(|(i, c)| (i, LineKind::Command(c)))
}

/// Reads one trimmed, non-empty line.
fn parse_line(line: &str) -> Result<LineKind, Expected<'_>> {
    for k in words().keywords.keys() {
        if let Ok((rest, ())) = keyword(*k)(line) {
            return match committed(arguments(*k, rest)) {
                Ok((_, kind)) => Ok(kind),
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
                Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers only"),
            };
        }
    }
    Ok(LineKind::Command(Command::Order(line.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_table_reads() {
        let w = words();
        assert!(w.keywords.len() >= 23);
        assert!(w.keywords.values().all(|s| !s.is_empty()));
        assert_eq!(create_setting("TZ"), Some("timezone"));
        assert!(is_anonymous_word("grey"));
    }

    #[test]
    fn keywords_need_a_boundary() {
        assert_eq!(spelled("SET WAIT", "set   wait"), Some(""));
        assert_eq!(spelled("HELP", "helpme"), None);
        assert_eq!(spelled("HELP", "help me"), Some(" me"));
    }

    #[test]
    fn power_letters_come_from_the_map() {
        let map = Map::standard();
        let f = map.power_by_name("france").unwrap();
        assert_eq!(power_by_word(map, "F"), Some(f));
        assert_eq!(power_by_word(map, "f"), Some(f));
        assert_eq!(power_by_word(map, "Frankreich"), Some(f));
        assert_eq!(power_by_word(map, "X"), None);
    }
}
