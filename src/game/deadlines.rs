//! The current phase's deadline as the judge sets it: paused, resumed,
//! moved. Every change is announced to the players and observers in the
//! same transaction.

use super::clock::{parse_duration, show_time};
use super::error::Refusal;
use super::loaded::load;
use super::notice::{Notice, OrLegacy, When, post};
use super::{GameError, MailCommandError, Result};
use crate::engine::Phase;
use crate::store::Audience;
use crate::store::GameStatus;
use crate::store::{self, Store};
use chrono::{DateTime, Duration, TimeZone, Utc};
use chrono_tz::Tz;

/// A phase and its deadline, for messages (the words layer words it, and
/// gives its `Display`: the English the judge's command line prints).
#[derive(Debug, Clone)]
pub struct PhaseInfo {
    /// The phase.
    pub phase: Phase,
    /// Its deadline; none while the game is paused.
    pub deadline: Option<DateTime<Utc>>,
    /// The timezone the game shows its times in.
    pub tz: Tz,
}

/// Pauses a running game: no processing, the deadline's remaining time is
/// kept for the resume.
pub fn pause(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&[GameStatus::Active], Refusal::OnlyRunningPaused)?;
        let row = l.current(c)?;
        let left = row
            .deadline
            .as_deref()
            .and_then(store::parse_time)
            // Whole seconds, rounded up: a pause never takes time away.
            .map(|d| ((d - now).num_milliseconds().max(0) + 999) / 1000);
        c.set_paused_remaining(l.game.id, left)?;
        c.set_game_status(l.game.id, GameStatus::Paused)?;
        let paused = Notice::Paused {
            game: l.game.name.clone(),
            phase: row.phase.clone(),
        };
        tell_all(c, &l, &row.phase, &paused, now)?;
        Ok(())
    })
}

/// Resumes a paused game; the deadline is moved on by the time spent
/// paused.
pub fn resume(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&[GameStatus::Paused], Refusal::OnlyPausedResumed)?;
        let row = l.current(c)?;
        let left = l.game.paused_remaining.unwrap_or(0);
        // Rounded up to the whole minute: deadlines are shown to the
        // minute, and a player must never be shown an earlier one than
        // the time left when the game was paused.
        let (deadline, _) = super::absence::clear_of_absences(
            c,
            &l,
            super::clock::up_to_minute(now + Duration::seconds(left)),
        )?;
        c.set_deadline(row.id, Some(&store::time_text(deadline)))?;
        c.set_paused_remaining(l.game.id, None)?;
        c.set_game_status(l.game.id, GameStatus::Active)?;
        let resumed = Notice::Resumed {
            game: l.game.name.clone(),
            phase: row.phase.clone(),
            deadline: When {
                at: deadline,
                tz: l.settings.tz(),
            },
        };
        tell_all(c, &l, &row.phase, &resumed, now)?;
        Ok(PhaseInfo {
            phase: Phase::parse(&row.phase)?,
            deadline: Some(deadline),
            tz: l.settings.tz(),
        })
    })
}

/// Moves the current phase's deadline: `when` is a duration from now
/// (`24h`, `90m`) or a date and time in the game's timezone
/// (`2025-03-30 20:00`). For a paused game it sets the time left once it
/// resumes.
pub fn set_deadline(
    st: &mut Store,
    name: &str,
    when: &str,
    now: DateTime<Utc>,
) -> std::result::Result<PhaseInfo, MailCommandError> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::NoPhaseWithDeadline,
        )?;
        let tz = l.settings.tz();
        let deadline = match parse_duration(when) {
            Ok(m) => now + Duration::minutes(m),
            Err(_) => {
                let naive = chrono::NaiveDateTime::parse_from_str(when.trim(), "%Y-%m-%d %H:%M")
                    .map_err(|_| MailCommandError::BadTime(when.into()))?;
                tz.from_local_datetime(&naive)
                    .earliest()
                    .ok_or_else(|| MailCommandError::BadTime(when.into()))?
                    .with_timezone(&Utc)
            }
        };
        if deadline <= now {
            return Err(MailCommandError::PastDeadline(show_time(deadline, tz)));
        }
        let row = l.current(c)?;
        if l.game.status == GameStatus::Paused {
            c.set_paused_remaining(l.game.id, Some((deadline - now).num_seconds()))?;
            let set = Notice::DeadlineSetWhilePaused {
                game: l.game.name.clone(),
                phase: row.phase.clone(),
                left: OrLegacy::Typed((deadline - now).num_minutes()),
                deadline: When { at: deadline, tz },
            };
            tell_all(c, &l, &row.phase, &set, now)?;
        } else {
            c.set_deadline(row.id, Some(&store::time_text(deadline)))?;
            let set = Notice::DeadlineSet {
                game: l.game.name.clone(),
                phase: row.phase.clone(),
                deadline: When { at: deadline, tz },
            };
            tell_all(c, &l, &row.phase, &set, now)?;
        }
        Ok(PhaseInfo {
            phase: Phase::parse(&row.phase).map_err(GameError::from)?,
            deadline: Some(deadline),
            tz,
        })
    })
}

/// An announcement of the master's change to every player and observer.
pub(super) fn tell_all(
    c: &crate::store::Tx<'_>,
    l: &super::loaded::Loaded,
    phase: &str,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<()> {
    post(
        c,
        l,
        Some(phase),
        &Audience::All,
        notice,
        &store::time_text(now),
    )?;
    Ok(())
}
