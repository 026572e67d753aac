//! The grammar of a command line, as small nom combinators named after
//! what they read; errors say what was expected and where.

use super::Command;
use super::errors::{Expectation, Want};
use super::words::{Kw, create_setting, words};
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{space0, space1};
use nom::combinator::{eof, verify};
use nom::{IResult, Parser};

/// A parse failure: where reading stopped and what could have come there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Expected<'a> {
    pub(super) at: &'a str,
    pub(super) what: Vec<Want>,
}

impl<'a> Expected<'a> {
    /// Reading stopped at `at`, where `what` was expected.
    pub(super) fn new(at: &'a str, what: Want) -> Self {
        Expected {
            at,
            what: vec![what],
        }
    }

    /// What could have come where reading stopped (the words are chosen
    /// when the reply is written).
    pub(super) fn expected(&self) -> Expectation {
        Expectation(self.what.clone())
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

pub(super) type PResult<'a, T> = IResult<&'a str, T, Expected<'a>>;

/// What a line is.
#[derive(Debug)]
pub(super) enum LineKind {
    Command(Command),
    PressHead {
        to: Vec<String>,
        /// `TO ALL BUT`: `to` are the powers left out.
        all_but: bool,
        broadcast: bool,
        anonymous: bool,
        fake: Option<super::Shown>,
    },
    EndPress,
}

/// Runs `p`; when it fails without reading anything, says that `what` was
/// expected here.
pub(super) fn expect<'a, T>(
    what: Want,
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
pub(super) fn keyword<'a>(k: Kw) -> impl FnMut(&'a str) -> PResult<'a, ()> {
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
pub(super) fn spelled<'a>(spelling: &str, i: &'a str) -> Option<&'a str> {
    // Most spellings tried on a line differ in their first letter: said
    // at once (every line is tried against the whole keyword table).
    if let Some(first) = spelling.as_bytes().first()
        && !i
            .as_bytes()
            .first()
            .is_some_and(|c| c.eq_ignore_ascii_case(first))
    {
        return None;
    }
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
pub(super) fn token(i: &str) -> PResult<'_, &str> {
    take_till1(char::is_whitespace).parse(i)
}

/// The spaces before an argument (none needed at the end of the line,
/// where the argument's own error is then reported).
pub(super) fn gap(i: &str) -> PResult<'_, &str> {
    space0.parse(i)
}

pub(super) fn is_game_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// A game name: letters, digits, `-` and `_`.
pub(super) fn game_name(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::GameName,
        verify(token, |t: &str| t.chars().all(is_game_char)),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

pub(super) fn is_power_char(c: char) -> bool {
    c.is_alphabetic() || matches!(c, '-' | '_' | '.' | '\'' | '’')
}

/// A power, by letter or name, as one word.
pub(super) fn power_word(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::Power,
        verify(
            take_till1(|c: char| c.is_whitespace() || c == ','),
            |t: &str| t.chars().all(is_power_char),
        ),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// A password: any run of non-space characters.
pub(super) fn password(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(Want::Password, token)
        .parse(i)
        .map(|(r, t)| (r, t.to_string()))
}

/// A phase such as `S1901M` or `F1901R`.
pub(super) fn phase_word(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::Phase,
        verify(token, |t: &str| {
            t.chars().all(|c| c.is_ascii_alphanumeric())
        }),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// The rest of the line, not empty (a time such as `48h` or
/// `2025-03-30 20:00`).
pub(super) fn rest_of_line(what: Want) -> impl FnMut(&str) -> PResult<'_, String> {
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
pub(super) fn setting(i: &str) -> PResult<'_, (String, String)> {
    let (i, _) = space1.parse(i)?;
    let (i, key) = expect(
        Want::Setting,
        verify(
            take_till1(|c: char| c == '=' || c.is_whitespace()),
            |k: &str| create_setting(k).is_some(),
        ),
    )
    .parse(i)?;
    let (i, _) = expect(Want::SettingEquals, tag("=")).parse(i)?;
    let (i, value) = expect(Want::SettingValue, token).parse(i)?;
    Ok((
        i,
        (
            create_setting(key).unwrap_or(key).to_string(),
            value.to_string(),
        ),
    ))
}

/// Nothing more on the line.
pub(super) fn end_of_line(i: &str) -> PResult<'_, ()> {
    let (i, _) = space0.parse(i)?;
    expect(Want::EndOfLine, eof).parse(i).map(|(r, _)| (r, ()))
}

/// Whether `w` is a word that asks for anonymous press.
pub(super) fn is_anonymous_word(w: &str) -> bool {
    words().anonymous.iter().any(|a| a.eq_ignore_ascii_case(w))
}

/// Turns an `Error` into a `Failure`: once the keyword is read, the line
/// is that command, and its argument errors are final.
pub(super) fn committed<'a, T>(r: PResult<'a, T>) -> PResult<'a, T> {
    r.map_err(|e| match e {
        nom::Err::Error(x) => nom::Err::Failure(x),
        other => other,
    })
}

/// `keyword game` commands.
pub(super) fn game_command<'a>(i: &'a str, make: fn(String) -> Command) -> PResult<'a, Command> {
    let (i, g) = game_name(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, make(g)))
}

/// SIGNON's first word: a power (`F`, `france`), or in the njudge form
/// the power's initial glued to the game's name (`Fmygame`).
pub(super) fn signon_word(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::SignonWord,
        verify(token, |t: &str| {
            t.chars().all(|c| is_power_char(c) || is_game_char(c))
        }),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// SIGNON's arguments: power, game and (maybe) password; or, in the
/// njudge form, the power's initial glued to the game, then the password
/// (read here as `power` and `game`; the judge, which knows the games,
/// tells the two apart).
///
/// `SIGNON ?game <password>` (`SIGN ON ?game`, the older judges' random
/// join) joins the game with no power chosen, as `JOIN game <password>`.
pub(super) fn signon_args(i: &str) -> PResult<'_, Command> {
    if let Some(rest) = i.trim_start().strip_prefix('?') {
        let (i, game) = game_name(rest)?;
        let (i, password) = password(i)?;
        let (i, _) = end_of_line(i)?;
        return Ok((
            i,
            Command::Join {
                power: None,
                game,
                password,
            },
        ));
    }
    let (i, power) = signon_word(i)?;
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
pub(super) fn optional<'a, T>(
    i: &'a str,
    p: impl FnOnce(&'a str) -> PResult<'a, T>,
) -> PResult<'a, Option<T>> {
    if i.trim().is_empty() {
        Ok((i, None))
    } else {
        p(i).map(|(i, t)| (i, Some(t)))
    }
}

pub(super) fn master_args(i: &str) -> PResult<'_, Command> {
    let (i, password) = password(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::Master { password }))
}

/// JOIN's arguments: with three, power, game and password; with two,
/// game and password.
pub(super) fn join_args(i: &str) -> PResult<'_, Command> {
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

pub(super) fn list_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = optional(i, game_name)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::List { game }))
}

pub(super) fn history_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    let (i, phase) = optional(i, phase_word)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::History { game, phase }))
}

/// `MAP game [phase] [BEFORE|AFTER]`: a processed phase is drawn on the
/// board after it unless BEFORE asks for the board before it.
pub(super) fn map_args(i: &str) -> PResult<'_, Command> {
    let (mut i, game) = game_name(i)?;
    let mut phase = None;
    let mut before = false;
    for _ in 0..2 {
        let (r, w) = optional(i, phase_word)?;
        let Some(w) = w else { break };
        match w.to_ascii_uppercase().as_str() {
            "BEFORE" => before = true,
            "AFTER" => before = false,
            _ if phase.is_none() => phase = Some(w),
            _ => break,
        }
        i = r;
    }
    let (i, _) = end_of_line(i)?;
    Ok((
        i,
        Command::Map {
            game,
            phase,
            before,
        },
    ))
}

pub(super) fn set_password_args(i: &str) -> PResult<'_, Command> {
    let (i, password) = password(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::SetPassword { password }))
}

pub(super) fn create_args(i: &str) -> PResult<'_, Command> {
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

pub(super) fn set_deadline_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    let (i, when) = rest_of_line(Want::Time)(i)?;
    Ok((i, Command::SetDeadline { game, when }))
}

/// A date such as `2025-03-30` (checked by the game, which knows the
/// timezone).
pub(super) fn date_word(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::Date,
        verify(token, |t: &str| {
            t.len() == 10 && t.chars().all(|c| c.is_ascii_digit() || c == '-')
        }),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// `SET ABSENCE`'s arguments: a date, maybe `TO` and a second date.
pub(super) fn set_absence_args(i: &str) -> PResult<'_, Command> {
    let (i, from) = date_word(i)?;
    let (i, _) = space0.parse(i)?;
    let (i, to) = if i.is_empty() {
        (i, None)
    } else {
        let (i, _) = expect(Want::AbsenceTo, |i| {
            spelled("TO", i)
                .map(|r| (r, ()))
                .ok_or(nom::Err::Error(Expected {
                    at: i,
                    what: Vec::new(),
                }))
        })
        .parse(i)?;
        let (i, t) = date_word(i)?;
        (i, Some(t))
    };
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::SetAbsence { from, to }))
}

/// `SET DRAW`'s arguments: none (all survivors), or powers separated by
/// spaces or commas.
pub(super) fn set_draw_args(i: &str) -> PResult<'_, Command> {
    let mut powers = Vec::new();
    let mut i = i;
    loop {
        let (r, _) = space0.parse(i)?;
        let r = r.strip_prefix(',').unwrap_or(r);
        if r.trim().is_empty() {
            break;
        }
        let (r, p) = power_word(r)?;
        powers.push(p);
        i = r;
    }
    Ok(("", Command::SetDraw { powers }))
}

/// TAKEOVER's arguments: power, game and password.
pub(super) fn takeover_args(i: &str) -> PResult<'_, Command> {
    let (i, power) = power_word(i)?;
    let (i, game) = game_name(i)?;
    let (i, password) = password(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((
        i,
        Command::Takeover {
            power,
            game,
            password,
        },
    ))
}

/// `keyword game power` commands of the master.
pub(super) fn game_power<'a>(
    i: &'a str,
    make: impl FnOnce(String, String) -> Command,
) -> PResult<'a, Command> {
    let (i, game) = game_name(i)?;
    let (i, power) = power_word(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, make(game, power)))
}

/// UNLOCK's arguments: `<game> <power>`, or `MASTER` alone for the
/// master password.
pub(super) fn unlock_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    if let Ok((rest, ())) = end_of_line(i)
        && game.eq_ignore_ascii_case("master")
    {
        return Ok((rest, Command::Unlock { target: None }));
    }
    let (i, power) = power_word(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((
        i,
        Command::Unlock {
            target: Some((game, power)),
        },
    ))
}

pub(super) fn rollback_args(i: &str) -> PResult<'_, Command> {
    let (i, game) = game_name(i)?;
    let (i, phase) = phase_word(i)?;
    let (i, _) = end_of_line(i)?;
    Ok((i, Command::Rollback { game, phase }))
}

/// A command with no arguments.
pub(super) fn bare(i: &str, c: Command) -> PResult<'_, Command> {
    let (i, _) = end_of_line(i)?;
    Ok((i, c))
}

/// The arguments after a keyword.
pub(super) fn arguments(k: Kw, i: &str) -> PResult<'_, LineKind> {
    let c = match k {
        Kw::Signon => signon_args(i),
        Kw::Signoff => bare(i, Command::SignOff),
        Kw::Master => master_args(i),
        Kw::Join => join_args(i),
        Kw::Observe => game_command(i, |game| Command::Observe { game }),
        Kw::List => list_args(i),
        Kw::History => history_args(i),
        Kw::Map => map_args(i),
        Kw::Help => bare(i, Command::Help),
        Kw::SetPassword => set_password_args(i),
        Kw::SetWait => bare(i, Command::SetWait(true)),
        Kw::SetNowait => bare(i, Command::SetWait(false)),
        Kw::Resign => bare(i, Command::Resign),
        Kw::Clear => bare(i, Command::Clear),
        Kw::Press => return super::fake_press::press_args(i),
        Kw::Broadcast => return super::fake_press::broadcast_args(i),
        Kw::Summary | Kw::Whogame | Kw::SetAddress | Kw::ConfirmAddress | Kw::SetLanguage => {
            super::player_info::arguments(k, i)
        }
        Kw::Endpress => return end_of_line(i).map(|(i, _)| (i, LineKind::EndPress)),
        Kw::Create => create_args(i),
        Kw::Start => game_command(i, |game| Command::Start { game }),
        Kw::Process => game_command(i, |game| Command::Process { game }),
        Kw::Pause => game_command(i, |game| Command::Pause { game }),
        Kw::Terminate => game_command(i, |game| Command::Terminate { game }),
        Kw::Resume => game_command(i, |game| Command::Resume { game }),
        Kw::Preview => game_command(i, |game| Command::Preview { game }),
        Kw::PublishHead => game_command(i, |game| Command::PublishHead { game }),
        Kw::SetDeadline => set_deadline_args(i),
        Kw::SetAbsence => set_absence_args(i),
        Kw::SetNoAbsence => bare(i, Command::SetNoAbsence),
        Kw::Takeover => takeover_args(i),
        Kw::Approve => game_power(i, |game, power| Command::Decide {
            approve: true,
            game,
            power,
        }),
        Kw::Refuse => game_power(i, |game, power| Command::Decide {
            approve: false,
            game,
            power,
        }),
        Kw::Eject => game_power(i, |game, power| Command::Eject { game, power }),
        Kw::Become => game_power(i, |game, power| Command::Become { game, power }),
        Kw::Unlock => unlock_args(i),
        Kw::SetDraw => set_draw_args(i),
        Kw::SetNoDraw => bare(i, Command::SetNoDraw),
        Kw::SetConcede => {
            let (i, power) = power_word(i)?;
            let (i, _) = end_of_line(i)?;
            Ok((i, Command::SetConcede { power }))
        }
        Kw::SetNoConcede => bare(i, Command::SetNoConcede),
        Kw::Rollback => rollback_args(i),
        Kw::Phase => super::blocks::phase_args(i),
        Kw::If => super::blocks::if_args(i),
        Kw::ElseIf => super::blocks::else_if_args(i),
        Kw::Else => super::blocks::else_args(i),
        Kw::EndIf => bare(i, Command::EndIf),
    };
    c.map(|(i, c)| (i, LineKind::Command(c)))
}

/// Whether a line begins with PRESS or BROADCAST (in any spelling),
/// whatever follows.
pub(super) fn starts_press(line: &str) -> bool {
    [Kw::Press, Kw::Broadcast]
        .into_iter()
        .any(|k| keyword(k)(line).is_ok())
}

/// Reads one trimmed, non-empty line.
pub(super) fn parse_line(line: &str) -> Result<LineKind, Expected<'_>> {
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
    fn keywords_need_a_boundary() {
        assert_eq!(spelled("SET WAIT", "set   wait"), Some(""));
        assert_eq!(spelled("HELP", "helpme"), None);
        assert_eq!(spelled("HELP", "help me"), Some(" me"));
    }
}
