//! The secret log's entries as typed data, kept beside the hashed words
//! (what a record holds is the secret log's business).

use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};
use std::collections::BTreeMap;

impl Tx<'_> {
    /// Stores the record of entry `seq` of a game's log.
    pub fn insert_log_record(&self, game: i64, seq: i64, record: &str) -> DbResult<()> {
        crate::store::exec_keeping(
            self,
            "INSERT INTO secret_log_records (game_id, seq, record) VALUES (?1, ?2, ?3)",
            params![game, seq, record],
        )?;
        Ok(())
    }

    /// Every record of a game's log, by entry number.
    pub fn log_records(&self, game: i64) -> DbResult<BTreeMap<i64, String>> {
        let mut st = self.prepare_cached(
            "SELECT seq, record FROM secret_log_records WHERE game_id = ?1 ORDER BY seq",
        )?;
        Ok(st
            .query_map([game], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The last spy order of a game received before receipts were recorded
    /// as data (none: every one was).
    pub fn unrecorded_log_up_to(&self, game: i64) -> DbResult<Option<i64>> {
        Ok(self
            .query_row(
                "SELECT up_to FROM spy_orders_unrecorded WHERE game_id = ?1",
                [game],
                |r| r.get(0),
            )
            .optional()?)
    }
}
