//! Password guessing: wrong passwords given for a power are recorded,
//! whatever address they come from, and once [`SignonLock::after`] of
//! them fall within [`SignonLock::minutes`], the power's sign-ons are
//! refused for everyone but its own address until they age out. The
//! player and the game master are told once, when the lock starts.

use super::{JudgeSettings, SignonLock};
use crate::game;
use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

/// A wrong password for a power, in one message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Failure {
    pub(super) game_id: i64,
    pub(super) game: String,
    /// The map's name of the power.
    pub(super) power: String,
}

/// Wrong passwords recorded for the power within the lock's window.
pub(super) fn recent_failures(
    c: &Connection,
    lock: SignonLock,
    game_id: i64,
    power: &str,
    now: DateTime<Utc>,
) -> rusqlite::Result<u32> {
    game::signon_failures_since(c, game_id, power, now - Duration::minutes(lock.minutes))
}

/// Records wrong passwords; when one of them starts a lock, the power's
/// player and the master are told.
pub(super) fn record(
    c: &Connection,
    js: &JudgeSettings,
    person: &str,
    failures: &[Failure],
    now: DateTime<Utc>,
) -> rusqlite::Result<()> {
    for f in failures {
        game::record_signon_failure(c, f.game_id, &f.power, person, now)?;
        let n = recent_failures(c, js.signon_lock, f.game_id, &f.power, now)?;
        if n != js.signon_lock.after {
            continue;
        }
        tracing::warn!(game = %f.game, power = %f.power, "too many wrong passwords: sign-ons locked");
        game::notice::post_signon_lock(
            c,
            f.game_id,
            &f.game,
            &f.power,
            js.signon_lock.after,
            js.signon_lock.minutes,
            now,
        )?;
    }
    Ok(())
}
