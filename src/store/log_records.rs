//! The secret log's entries as typed data, kept beside the hashed words
//! (see `crate::secretlog::record` for what a record holds).

use rusqlite::{Connection, OptionalExtension, params};
use std::collections::BTreeMap;

/// Stores the record of entry `seq` of a game's log.
pub fn insert(c: &Connection, game: i64, seq: i64, record: &str) -> rusqlite::Result<()> {
    crate::store::exec_keeping(
        c,
        "INSERT INTO secret_log_records (game_id, seq, record) VALUES (?1, ?2, ?3)",
        params![game, seq, record],
    )?;
    Ok(())
}

/// Every record of a game's log, by entry number.
pub fn all(c: &Connection, game: i64) -> rusqlite::Result<BTreeMap<i64, String>> {
    let mut st = c.prepare_cached(
        "SELECT seq, record FROM secret_log_records WHERE game_id = ?1 ORDER BY seq",
    )?;
    st.query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

/// The last spy order of a game received before receipts were recorded
/// as data (none: every one was).
pub fn unrecorded_up_to(c: &Connection, game: i64) -> rusqlite::Result<Option<i64>> {
    c.query_row(
        "SELECT up_to FROM spy_orders_unrecorded WHERE game_id = ?1",
        [game],
        |r| r.get(0),
    )
    .optional()
}
