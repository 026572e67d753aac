//! The current phase's deadline as the judge sets it: paused, resumed,
//! moved.

use super::clock::{parse_duration, show_time};
use super::loaded::load;
use super::{GameError, MailCommandError, Result};
use crate::engine::phase::Phase;
use crate::store::{self, Store};
use chrono::{DateTime, Duration, TimeZone, Utc};
use chrono_tz::Tz;

/// A phase and its deadline, for messages.
#[derive(Debug, Clone)]
pub struct PhaseInfo {
    pub phase: Phase,
    pub deadline: Option<DateTime<Utc>>,
    pub tz: Tz,
}

impl std::fmt::Display for PhaseInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.phase.long_name(), self.phase)?;
        if let Some(d) = self.deadline {
            write!(f, ", deadline {}", show_time(d, self.tz))?;
        }
        Ok(())
    }
}

/// Pauses a running game: no processing, the deadline's remaining time is
/// kept for the resume.
pub fn pause(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active"], "only a running game can be paused")?;
        let row = l.current(c)?;
        let left = row
            .deadline
            .as_deref()
            .and_then(store::parse_time)
            .map(|d| (d - now).num_seconds().max(0));
        store::set_paused_remaining(c, l.game.id, left)?;
        store::set_game_status(c, l.game.id, "paused")?;
        Ok(())
    })
}

/// Resumes a paused game; the deadline is moved on by the time spent
/// paused.
pub fn resume(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["paused"], "only a paused game can be resumed")?;
        let row = l.current(c)?;
        let left = l.game.paused_remaining.unwrap_or(0);
        let deadline = now + Duration::seconds(left);
        store::set_deadline(c, row.id, Some(&store::time_text(deadline)))?;
        store::set_paused_remaining(c, l.game.id, None)?;
        store::set_game_status(c, l.game.id, "active")?;
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
        l.require_status(&["active", "paused"], "it has no phase with a deadline")?;
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
        if l.game.status == "paused" {
            store::set_paused_remaining(c, l.game.id, Some((deadline - now).num_seconds()))?;
        } else {
            store::set_deadline(c, row.id, Some(&store::time_text(deadline)))?;
        }
        Ok(PhaseInfo {
            phase: Phase::parse(&row.phase).map_err(GameError::from)?,
            deadline: Some(deadline),
            tz,
        })
    })
}
