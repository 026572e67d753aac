//! Password locks: the wrong passwords given for a power or for the
//! master password, and the locks they start (see `crate::judge`'s
//! guessing lock), as the judge and the command line reach them.
//!
//! A lock runs from its start for the lock's window and ends early only
//! when the game master lifts it (`master unlock`). Wrong passwords are
//! counted within the window, and never from before the end of the last
//! lock: a lock that ended or was lifted starts the count afresh.

use super::loaded::load;
use super::{GameError, Result};
use crate::store::Tx;
use crate::store::{Store, parse_time, time_text};
use chrono::{DateTime, Duration, Utc};

/// Whose password is guarded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guarded {
    /// A power of a game (`power`: the map's name, `france`).
    Power {
        /// The game's row id in the store.
        game_id: i64,
        /// The power (the map's name, `france`).
        power: String,
    },
    /// The game master's password.
    Master,
}

impl Guarded {
    fn key(&self) -> (Option<i64>, Option<&str>) {
        match self {
            Guarded::Power { game_id, power } => (Some(*game_id), Some(power.as_str())),
            Guarded::Master => (None, None),
        }
    }
}

/// A password's lock as it stands at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockState {
    /// Locked until then.
    pub locked_until: Option<DateTime<Utc>>,
    /// Wrong passwords counted towards the next lock.
    pub failures: u32,
}

/// The lock on `g`'s password at `now`, wrong passwords counted within
/// the last `window`.
pub fn password_lock(
    c: &Tx<'_>,
    g: &Guarded,
    window: Duration,
    now: DateTime<Utc>,
) -> crate::store::DbResult<LockState> {
    let (game_id, power) = g.key();
    let last = c.latest_lock(game_id, power)?;
    let ended = last.as_ref().and_then(|l| {
        let until = parse_time(&l.until)?;
        Some(match l.lifted_at.as_deref().and_then(parse_time) {
            Some(lifted) => lifted.min(until),
            None => until,
        })
    });
    let locked_until = ended.filter(|end| *end > now);
    let since = match ended {
        Some(end) => (now - window).max(end),
        None => now - window,
    };
    let since = time_text(since);
    let failures = match (game_id, power) {
        (Some(id), Some(p)) => c.failures_since(id, p, &since)?,
        _ => c.master_failures_since(&since)?,
    };
    Ok(LockState {
        locked_until,
        failures,
    })
}

/// Records a wrong password for `g`, given by `person` at `at`.
pub fn record_wrong_password(
    c: &Tx<'_>,
    g: &Guarded,
    person: &str,
    at: DateTime<Utc>,
) -> crate::store::DbResult<()> {
    let at = time_text(at);
    match g {
        Guarded::Power { game_id, power } => {
            c.insert_failure(*game_id, power, person, &at)?;
        }
        Guarded::Master => {
            c.insert_master_failure(person, &at)?;
        }
    }
    Ok(())
}

/// Locks `g`'s password from `now` until `until`.
pub fn start_password_lock(
    c: &Tx<'_>,
    g: &Guarded,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> crate::store::DbResult<()> {
    let (game_id, power) = g.key();
    c.insert_lock(game_id, power, &time_text(now), &time_text(until))?;
    Ok(())
}

/// What `master unlock` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unlocked {
    /// The lock was lifted; the map's name of the power (none: the
    /// master password).
    Lifted(Option<String>),
    /// There was no lock to lift.
    NotLocked(Option<String>),
}

/// `master unlock`: lifts the lock on the password of `power` of game
/// `game`, or with `None` the master password's.
pub fn unlock(
    st: &mut Store,
    target: Option<(&str, &str)>,
    now: DateTime<Utc>,
) -> Result<Unlocked> {
    st.write(|c| {
        let (g, name) = match target {
            Some((game, power)) => {
                let l = load(c, game)?;
                let id = match crate::command::power_by_word(l.map, power) {
                    Some(id) => id,
                    None => l.power(power)?,
                };
                let pname = l.pname(id);
                (
                    Guarded::Power {
                        game_id: l.game.id,
                        power: pname.clone(),
                    },
                    Some(pname),
                )
            }
            None => (Guarded::Master, None),
        };
        lift(c, &g, now).map(|lifted| match lifted {
            true => Unlocked::Lifted(name),
            false => Unlocked::NotLocked(name),
        })
    })
}

/// Lifts the lock on `g`'s password if one holds at `now`.
fn lift(c: &Tx<'_>, g: &Guarded, now: DateTime<Utc>) -> Result<bool> {
    let (game_id, power) = g.key();
    let Some(last) = c.latest_lock(game_id, power)? else {
        return Ok(false);
    };
    let holds = last.lifted_at.is_none() && parse_time(&last.until).is_some_and(|u| u > now);
    if holds {
        c.lift_lock(last.id, &time_text(now))?;
    }
    Ok::<_, GameError>(holds)
}
