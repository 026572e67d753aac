//! The heads of PRESS and BROADCAST, with what njudge players write to
//! fake them: the real recipients (`TO <powers>`, or nobody named: every
//! player and observer), `ANON`, and `FAKE`, followed by what the
//! recipients are shown instead of the truth.
//!
//! ```text
//! press_head     = "PRESS" (["TO"] recipients | fake) tail
//! broadcast_head = "BROADCAST" ["TO" recipients] tail
//! recipients     = ["ALL BUT"] powers          ALL BUT: every other power
//! tail           = { anonymous | fake }          (each at most once)
//! fake           = "FAKE" ( "BROADCAST"                  shown as a broadcast
//!                         | ["PARTIAL"] "TO" powers      shown as to those powers
//!                         | nothing )                    as "FAKE BROADCAST"
//! powers         = power {"," power}
//! ```
//!
//! So `PRESS TO E, G FAKE BROADCAST` (or `BROADCAST TO E, G FAKE`) goes to
//! England and Germany, who see a broadcast; `PRESS TO E FAKE TO E, G` goes
//! to England, who sees it addressed to England and Germany; `PRESS FAKE
//! TO G` goes to everybody, who see it addressed to Germany alone.

use super::errors::Want;
use super::grammar::{
    Expected, LineKind, PResult, gap, is_anonymous_word, power_word, spelled, token,
};
use super::words::{Kw, words};
use nom::Parser;
use nom::character::complete::space0;

/// What the recipients of a fake press are shown as its recipients.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// A broadcast to everybody.
    Everybody,
    /// A press to these powers (as written).
    Powers(Vec<String>),
}

/// `FAKE` in any of its spellings at the start of `i`: the rest.
fn fake_word(i: &str) -> Option<&str> {
    words().fake.iter().find_map(|w| spelled(w, i))
}

fn to_word(i: &str) -> Option<&str> {
    words().press_to.iter().find_map(|w| spelled(w, i))
}

fn all_but_word(i: &str) -> Option<&str> {
    words().all_but.iter().find_map(|w| spelled(w, i))
}

fn partial_word(i: &str) -> Option<&str> {
    words().fake_partial.iter().find_map(|w| spelled(w, i))
}

fn broadcast_word(i: &str) -> Option<&str> {
    words().keywords[&Kw::Broadcast]
        .iter()
        .find_map(|w| spelled(w, i))
}

fn fail<'a, T>(at: &'a str, what: Vec<Want>) -> PResult<'a, T> {
    Err(nom::Err::Failure(Expected { at, what }))
}

/// `power {, power}`.
fn powers(i: &str) -> PResult<'_, Vec<String>> {
    let mut out = Vec::new();
    let mut i = i;
    loop {
        let (r, p) = power_word(i)?;
        out.push(p);
        let (r, _) = space0.parse(r)?;
        match r.strip_prefix(',') {
            Some(r) => i = r,
            None => return Ok((r, out)),
        }
    }
}

/// `[ALL BUT] power {, power}`: the powers, and whether they are the ones
/// left out.
fn recipients(i: &str) -> PResult<'_, (Vec<String>, bool)> {
    match all_but_word(i.trim_start_matches([' ', '\t'])) {
        Some(r) => {
            let (r, list) = powers(r)?;
            Ok((r, (list, true)))
        }
        None => {
            let (r, list) = powers(i)?;
            Ok((r, (list, false)))
        }
    }
}

/// What follows the recipients: ANON and FAKE, in either order.
fn tail(i: &str, after_powers: bool) -> PResult<'_, (bool, Option<Shown>)> {
    let mut anonymous = false;
    let mut fake = None;
    let mut i = i;
    let mut first = true;
    loop {
        let (r, _) = space0.parse(i)?;
        i = r;
        if i.is_empty() {
            return Ok((i, (anonymous, fake)));
        }
        if let Ok((r, w)) = token(i)
            && is_anonymous_word(w)
            && !anonymous
        {
            anonymous = true;
            i = r;
        } else if let Some(r) = fake_word(i).filter(|_| fake.is_none()) {
            let (r, _) = gap(r)?;
            if let Some(r) = broadcast_word(r) {
                fake = Some(Shown::Everybody);
                i = r;
            } else if let Some(r) = to_word(partial_word(r).map(str::trim_start).unwrap_or(r)) {
                let (r, list) = powers(r)?;
                fake = Some(Shown::Powers(list));
                i = r;
            } else if partial_word(r).is_some() {
                return fail(r, vec![Want::FakeTo]);
            } else {
                // A bare FAKE, as the older judges read it: a fake broadcast.
                fake = Some(Shown::Everybody);
                i = r;
            }
        } else {
            let mut what = Vec::new();
            if first && after_powers {
                what.push(Want::AnotherPower);
            }
            if !anonymous {
                what.push(Want::Anon);
            }
            if fake.is_none() {
                what.push(Want::Fake);
            }
            what.push(Want::EndOfLine);
            return fail(i, what);
        }
        first = false;
    }
}

/// The rest of a PRESS or BROADCAST line once its recipients `to` are
/// read (none: to everybody; `all_but`: to every power but them): ANON
/// and FAKE.
fn head(i: &str, (to, all_but): (Vec<String>, bool)) -> PResult<'_, LineKind> {
    let (i, (anonymous, fake)) = tail(i, !to.is_empty())?;
    Ok((
        i,
        LineKind::PressHead {
            broadcast: to.is_empty(),
            to,
            all_but,
            anonymous,
            fake,
        },
    ))
}

/// The arguments of PRESS.
pub(super) fn press_args(i: &str) -> PResult<'_, LineKind> {
    let (i, _) = gap(i)?;
    let (i, to) = if fake_word(i).is_some() {
        (i, (Vec::new(), false))
    } else {
        recipients(to_word(i).unwrap_or(i))?
    };
    head(i, to)
}

/// The arguments of BROADCAST.
pub(super) fn broadcast_args(i: &str) -> PResult<'_, LineKind> {
    let (i, _) = gap(i)?;
    let (i, to) = match to_word(i) {
        Some(r) => recipients(r)?,
        None => (i, (Vec::new(), false)),
    };
    head(i, to)
}
