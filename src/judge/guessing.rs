//! Password guessing: wrong passwords given for a power are recorded,
//! whatever address they come from, and once [`SignonLock::after`] of
//! them fall within [`SignonLock::minutes`], the power's sign-ons are
//! refused for everyone but its own address until they age out. The
//! player and the game master are told once, when the lock starts.

use super::{JudgeSettings, SignonLock};
use crate::game::notice::Notice;
use crate::store::{self, time_text};
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
    store::signons::failures_since(
        c,
        game_id,
        power,
        &time_text(now - Duration::minutes(lock.minutes)),
    )
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
    let at = time_text(now);
    for f in failures {
        store::signons::insert_failure(c, f.game_id, &f.power, person, &at)?;
        let n = recent_failures(c, js.signon_lock, f.game_id, &f.power, now)?;
        if n != js.signon_lock.after {
            continue;
        }
        tracing::warn!(game = %f.game, power = %f.power, "too many wrong passwords: sign-ons locked");
        // The player and the master each get a notice, put into words
        // for each reader when the mail loop queues it.
        for (audience, master) in [(f.power.as_str(), false), ("master", true)] {
            let notice = Notice::SignonLocked {
                game: f.game.clone(),
                power: f.power.clone(),
                after: js.signon_lock.after,
                minutes: js.signon_lock.minutes,
                master,
            };
            store::insert_notice(
                c,
                &store::NewNotice {
                    game_id: f.game_id,
                    phase: None,
                    audience,
                    kind: notice.kind(),
                    notice: &notice.to_json(),
                    created_at: &at,
                },
            )?;
        }
    }
    Ok(())
}
