//! Wrong passwords given for a power (see [`crate::judge`]'s sign-on
//! lock): one row each.

use super::{exec, one};
use rusqlite::{Connection, params};

/// Wrong passwords recorded for a power after `since`.
pub fn failures_since(
    c: &Connection,
    game_id: i64,
    power: &str,
    since: &str,
) -> rusqlite::Result<u32> {
    one(
        c,
        "SELECT count(*) FROM signon_failures WHERE game_id = ?1 AND power = ?2 AND at > ?3",
        params![game_id, power, since],
        |r| r.get(0),
    )
}

/// Records a wrong password for a power, from `person`.
pub fn insert_failure(
    c: &Connection,
    game_id: i64,
    power: &str,
    person: &str,
    at: &str,
) -> rusqlite::Result<usize> {
    exec(
        c,
        "INSERT INTO signon_failures (game_id, power, person, at) VALUES (?1, ?2, ?3, ?4)",
        params![game_id, power, person, at],
    )
}
