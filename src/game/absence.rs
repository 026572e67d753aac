//! Absences: a player going on holiday asks that no deadline fall while
//! they are away (`SET ABSENCE <date> [TO <date>]`, `SET NO ABSENCE`).
//!
//! An absence covers whole days in the game's timezone, from the start of
//! its first day to the end of its last, and lasts at most
//! [`Settings::max_absence_days`](super::Settings::max_absence_days). A
//! deadline that would fall inside any standing absence of a power with a
//! player moves to the absence's end (and again, while it lands in
//! another). Everybody is told the new deadline; only the game master is
//! told whose absence moved it.

use super::clock::show_time;
use super::error::Refusal;
use super::loaded::{Loaded, load};
use super::notice::{Notice, When, post};
use super::{GameError, Result};
use crate::store::Audience;
use crate::store::Tx;
use crate::store::{self, Store};
use crate::store::{GameStatus, PowerStatus};
use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};

/// What SET ABSENCE recorded.
#[derive(Debug, Clone)]
pub struct AbsenceReport {
    /// The first and last day, in the game's timezone.
    pub first: NaiveDate,
    /// The last day of the absence, in the game's timezone.
    pub last: NaiveDate,
    /// The game's timezone.
    pub timezone: String,
    /// The current deadline, when the absence moved it.
    pub moved_to: Option<String>,
}

/// Why an absence cannot be recorded (in words: `src/text/error.rs`).
#[derive(Debug)]
pub enum AbsenceError {
    /// A game error.
    Game(GameError),
    /// Not a date of four-digit year.
    BadDate(String),
    /// The last day is before the first.
    Backwards,
    /// The absence is over already.
    Past,
    /// Longer than the game allows.
    TooLong {
        /// The game's name.
        game: String,
        /// The longest absence the game allows, in days.
        max: i64,
    },
}

impl std::error::Error for AbsenceError {}

impl From<GameError> for AbsenceError {
    fn from(e: GameError) -> Self {
        AbsenceError::Game(e)
    }
}

impl From<crate::store::DbError> for AbsenceError {
    fn from(e: crate::store::DbError) -> Self {
        AbsenceError::Game(GameError::Sql(e))
    }
}

/// Records an absence from the start of `from` to the end of `to` (or of
/// `from`), dates in the game's timezone. When it covers the current
/// deadline, the deadline moves to its end and the move is announced.
/// `by_master`: the game master grants it (after `BECOME`), and the
/// game's longest absence does not apply.
pub fn set_absence(
    st: &mut Store,
    name: &str,
    power: &str,
    from: &str,
    to: Option<&str>,
    by_master: bool,
    now: DateTime<Utc>,
) -> std::result::Result<AbsenceReport, AbsenceError> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Forming, GameStatus::Active, GameStatus::Paused],
            Refusal::TakesNoAbsences,
        )?;
        let pname = l.pname(l.power(power)?);
        let tz = l.settings.tz();
        // Years of four digits only: the day after 9999-12-31 could not be
        // stored in order (found by tests/it/fuzz_mail.rs).
        let day = |s: &str| {
            NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
                .ok()
                .filter(|d| (1000..=9998).contains(&d.year()))
                .ok_or_else(|| AbsenceError::BadDate(s.trim().into()))
        };
        let first = day(from)?;
        let last = match to {
            Some(t) => day(t)?,
            None => first,
        };
        if last < first {
            return Err(AbsenceError::Backwards);
        }
        let days = (last - first).num_days() + 1;
        if days > l.settings.max_absence_days && !by_master {
            return Err(AbsenceError::TooLong {
                game: l.game.name.clone(),
                max: l.settings.max_absence_days,
            });
        }
        let start_of = |d: NaiveDate| {
            let midnight = d.and_hms_opt(0, 0, 0).expect("midnight exists");
            tz.from_local_datetime(&midnight)
                .earliest()
                .unwrap_or_else(|| tz.from_utc_datetime(&midnight))
                .with_timezone(&Utc)
        };
        let starts = start_of(first);
        let ends = start_of(last + Duration::days(1));
        if ends <= now {
            return Err(AbsenceError::Past);
        }
        let now_s = store::time_text(now);
        c.insert_absence(
            l.game.id,
            &pname,
            &store::time_text(starts),
            &store::time_text(ends),
            &now_s,
        )?;
        let moved_to = move_current_deadline(c, &l, now)?.map(|d| show_time(d, tz));
        Ok(AbsenceReport {
            first,
            last,
            timezone: l.settings.timezone.clone(),
            moved_to,
        })
    })
}

/// Withdraws a power's absences that have not ended. The deadline is not
/// moved back. Returns how many were withdrawn.
pub fn clear_absences(
    st: &mut Store,
    name: &str,
    power: &str,
    now: DateTime<Utc>,
) -> Result<usize> {
    st.write(|c| {
        let l = load(c, name)?;
        let pname = l.pname(l.power(power)?);
        Ok(c.withdraw_absences(l.game.id, &pname, &store::time_text(now))?)
    })
}

/// The power's standing absences, for replies: each one's first and last
/// moment in the game's time (`2025-03-30 00:00 CEST`).
pub fn absences_of(st: &Store, name: &str, power: &str) -> Result<Vec<(String, String)>> {
    let c = &st.read();
    let l = load(c, name)?;
    let pname = l.pname(l.power(power)?);
    let tz = l.settings.tz();
    Ok(c.absences(l.game.id, Some(&pname))?
        .iter()
        .map(|a| {
            let t = |s: &str| {
                store::parse_time(s)
                    .map(|d| show_time(d, tz))
                    .unwrap_or_else(|| s.into())
            };
            (t(&a.starts), t(&a.ends))
        })
        .collect())
}

/// A deadline moved out of every standing absence of a power that has a
/// player, with whose absence moved it last.
pub(super) fn clear_of_absences(
    c: &Tx<'_>,
    l: &Loaded,
    deadline: DateTime<Utc>,
) -> Result<(DateTime<Utc>, Option<String>)> {
    let playing: Vec<String> = c
        .powers(l.game.id)?
        .into_iter()
        .filter(|p| p.status == PowerStatus::Playing)
        .map(|p| p.power)
        .collect();
    let spans: Vec<(String, DateTime<Utc>, DateTime<Utc>)> = c
        .absences(l.game.id, None)?
        .into_iter()
        .filter(|a| playing.contains(&a.power))
        .filter_map(|a| {
            Some((
                a.power,
                store::parse_time(&a.starts)?,
                store::parse_time(&a.ends)?,
            ))
        })
        .collect();
    let mut d = deadline;
    let mut why = None;
    // Each move ends one absence, so this stops after at most one pass per
    // absence.
    for _ in 0..=spans.len() {
        match spans.iter().find(|(_, s, e)| *s <= d && d < *e) {
            Some((p, _, e)) => {
                d = *e;
                why = Some(p.clone());
            }
            None => break,
        }
    }
    Ok((d, why))
}

/// The deadline a new phase gets: the settings' one, moved out of any
/// absence; when an absence moved it, the master is told whose.
pub(super) fn phase_deadline(
    c: &Tx<'_>,
    l: &Loaded,
    kind: crate::engine::PhaseKind,
    phase: &str,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>> {
    let (d, why) = clear_of_absences(c, l, l.settings.deadline(kind, now))?;
    if let Some(p) = why {
        tell_master(c, l, phase, &p, d, now)?;
    }
    Ok(d)
}

/// Moves the current phase's deadline out of any absence; announces the
/// new deadline to all and the reason to the master. Returns the new
/// deadline when it moved.
fn move_current_deadline(
    c: &Tx<'_>,
    l: &Loaded,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>> {
    if l.game.status != GameStatus::Active {
        return Ok(None);
    }
    let row = l.current(c)?;
    let Some(old) = row.deadline.as_deref().and_then(store::parse_time) else {
        return Ok(None);
    };
    let (d, why) = clear_of_absences(c, l, old)?;
    let Some(p) = why else { return Ok(None) };
    c.set_deadline(row.id, Some(&store::time_text(d)))?;
    let now_s = store::time_text(now);
    let moved = Notice::DeadlineMoved {
        game: l.game.name.clone(),
        phase: row.phase.clone(),
        deadline: When {
            at: d,
            tz: l.settings.tz(),
        },
    };
    post(c, l, Some(&row.phase), &Audience::All, &moved, &now_s)?;
    tell_master(c, l, &row.phase, &p, d, now)?;
    Ok(Some(d))
}

/// The master alone learns which absence moved a deadline.
fn tell_master(
    c: &Tx<'_>,
    l: &Loaded,
    phase: &str,
    power: &str,
    d: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<()> {
    let why = Notice::DeadlineMovedForAbsence {
        game: l.game.name.clone(),
        phase: phase.into(),
        deadline: When {
            at: d,
            tz: l.settings.tz(),
        },
        power: power.to_string(),
    };
    post(
        c,
        l,
        Some(phase),
        &Audience::Master,
        &why,
        &store::time_text(now),
    )?;
    Ok(())
}
