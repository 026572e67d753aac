//! The announcement of a sign-on lock (see `crate::judge`'s password
//! guessing): the judge words it, and it is queued here as an
//! announcement of the game, in the judge's transaction, for the outbox
//! to send like any other.

use crate::store::{self, AnnouncementKind, Audience, time_text};
use chrono::{DateTime, Utc};
use rusqlite::Connection;

/// Announces that `power`'s sign-ons are locked: `player` to the power's
/// player, then `master` to the game master, both under `subject`, in the
/// caller's transaction.
pub fn announce(
    c: &Connection,
    game_id: i64,
    power: &str,
    subject: &str,
    player: &str,
    master: &str,
    at: DateTime<Utc>,
) -> rusqlite::Result<()> {
    let at = time_text(at);
    for (audience, body) in [
        (Audience::Power(power.to_string()), player),
        (Audience::Master, master),
    ] {
        store::insert_announcement(
            c,
            &store::NewAnnouncement {
                game_id,
                phase: None,
                audience: &audience.to_text(),
                kind: AnnouncementKind::SignonLock.as_str(),
                subject,
                body,
                created_at: &at,
            },
        )?;
    }
    Ok(())
}
