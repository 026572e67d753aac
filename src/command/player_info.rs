//! The arguments of SUMMARY, WHOGAME, SET ADDRESS, CONFIRM ADDRESS and
//! SET LANGUAGE.
//!
//! ```text
//! summary         = "SUMMARY" game
//! whogame         = "WHOGAME" game
//! set_address     = "SET ADDRESS" address      (one word with one `@`)
//! confirm_address = "CONFIRM ADDRESS" code     (the code mailed to the new address)
//! set_language    = "SET LANGUAGE" tag         (one word of letters: en, fr, de)
//! ```

use super::Command;
use super::errors::Want;
use super::grammar::{PResult, end_of_line, expect, game_command, gap, token};
use super::words::Kw;
use nom::Parser;
use nom::combinator::verify;

/// Whether a word looks like a mail address: one `@` with something on
/// each side, and a dot in the domain. (Whether mail arrives there is
/// what the confirmation finds out.)
pub fn looks_like_address(w: &str) -> bool {
    let Some((local, domain)) = w.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && w.len() <= 254
        && w.chars()
            .all(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>' | ',' | ';' | '"'))
}

fn address(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::Address,
        verify(token, |t: &str| looks_like_address(t)),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_ascii_lowercase()))
}

fn code(i: &str) -> PResult<'_, String> {
    let (i, _) = gap(i)?;
    expect(
        Want::ConfirmCode,
        verify(token, |t: &str| {
            (4..=40).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        }),
    )
    .parse(i)
    .map(|(r, t)| (r, t.to_string()))
}

/// The arguments after one of this file's keywords.
pub(super) fn arguments(k: Kw, i: &str) -> PResult<'_, Command> {
    match k {
        Kw::Summary => game_command(i, |game| Command::Summary { game }),
        Kw::Whogame => game_command(i, |game| Command::WhoGame { game }),
        Kw::SetLanguage => {
            let (i, _) = gap(i)?;
            let (i, tag) = expect(
                Want::Language,
                verify(token, |t: &str| {
                    (1..=20).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphabetic())
                }),
            )
            .parse(i)?;
            let (i, _) = end_of_line(i)?;
            Ok((
                i,
                Command::SetLanguage {
                    tag: tag.to_ascii_lowercase(),
                },
            ))
        }
        Kw::SetAddress => {
            let (i, address) = address(i)?;
            let (i, _) = end_of_line(i)?;
            Ok((i, Command::SetAddress { address }))
        }
        _ => {
            let (i, code) = code(i)?;
            let (i, _) = end_of_line(i)?;
            Ok((i, Command::ConfirmAddress { code }))
        }
    }
}
