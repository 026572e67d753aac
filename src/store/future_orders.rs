//! Rows of `future_orders` and `future_order_links`
//! (`migrations/0011_future_orders.sql`): orders for a later phase and
//! conditional orders, kept until their phase begins.

use super::{DbResult, Tx};
use crate::store::FutureOrderStatus;
use rusqlite::params;

row! {
/// A future order as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FutureRow {
    /// The future order's row id.
    pub id: i64,
    /// The power that sent it.
    pub power: String,
    /// The phase it is for (`F1902R`).
    pub phase: String,
    /// Its submission: one per mail's lines for one power.
    pub batch: i64,
    /// Its line in the mail.
    pub line: i64,
    /// When it counts (`IF ...`); none: always.
    pub condition: Option<String>,
    /// The line as written.
    pub raw: String,
    /// The order as read for its phase, in canonical form.
    pub parsed: String,
    /// The address it came from.
    pub submitted_by: String,
    /// When it came (RFC 3339).
    pub submitted_at: String,
    /// The `Message-ID` of the mail it came in.
    pub message_id: Option<String>,
    /// The `phases.seq` current when it came.
    pub submitted_seq: i64,
    /// Pending, or how it was settled.
    pub status: FutureOrderStatus,
    /// The `phases.seq` current when it was settled; none while pending.
    pub resolved_seq: Option<i64>,
    /// Why it was dropped, as stored before migration 0023 (English).
    pub note: Option<String>,
    /// Why it was dropped: the code and arguments, JSON (migration 0023).
    pub dropped_why: Option<String>,
}
}

const COLS: &str = FutureRow::COLS;

/// A future order to store.
#[derive(Debug, Clone)]
pub struct NewFuture<'a> {
    /// The game's row id.
    pub game_id: i64,
    /// The power that sent it.
    pub power: &'a str,
    /// The phase it is for (`F1902R`).
    pub phase: &'a str,
    /// Its submission (see [`Tx::next_future_batch`]).
    pub batch: i64,
    /// Its line in the mail.
    pub line: i64,
    /// When it counts (`IF ...`); none: always.
    pub condition: Option<&'a str>,
    /// The line as written.
    pub raw: &'a str,
    /// The order as read for its phase, in canonical form.
    pub parsed: &'a str,
    /// The address it came from.
    pub submitted_by: &'a str,
    /// When it came (RFC 3339).
    pub submitted_at: &'a str,
    /// The `Message-ID` of the mail it came in.
    pub message_id: Option<&'a str>,
    /// The `phases.seq` current when it came.
    pub submitted_seq: i64,
    /// `pending`, or `not_taken` for a conditional order of the current
    /// phase whose condition is false (settled at once).
    pub status: FutureOrderStatus,
}

impl Tx<'_> {
    /// The next batch number of a game (one per submission).
    pub fn next_future_batch(&self, game: i64) -> DbResult<i64> {
        Ok(self.query_row(
            "SELECT COALESCE(MAX(batch), 0) + 1 FROM future_orders WHERE game_id = ?1",
            params![game],
            |r| r.get(0),
        )?)
    }

    /// Stores a future order; returns its row id.
    pub fn insert_future(&self, f: &NewFuture) -> DbResult<i64> {
        let resolved = (f.status != FutureOrderStatus::Pending).then_some(f.submitted_seq);
        crate::store::exec(
            self,
            "INSERT INTO future_orders (game_id, power, phase, batch, line, condition, raw, parsed,
             submitted_by, submitted_at, message_id, submitted_seq, status, resolved_seq)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            params![
                f.game_id,
                f.power,
                f.phase,
                f.batch,
                f.line,
                f.condition,
                f.raw,
                f.parsed,
                f.submitted_by,
                f.submitted_at,
                f.message_id,
                f.submitted_seq,
                f.status,
                resolved
            ],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// The pending future orders of a game (of one power, or all), oldest
    /// first.
    pub fn pending_future_orders(
        &self,
        game: i64,
        power: Option<&str>,
    ) -> DbResult<Vec<FutureRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {COLS} FROM future_orders
         WHERE game_id = ?1 AND status = 'pending' AND (?2 IS NULL OR power = ?2)
         ORDER BY id"
        ))?;
        Ok(st
            .query_map(params![game, power], FutureRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Every future order of a game, oldest first.
    pub fn all_future_orders(&self, game: i64) -> DbResult<Vec<FutureRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {COLS} FROM future_orders WHERE game_id = ?1 ORDER BY id"
        ))?;
        Ok(st
            .query_map(params![game], FutureRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Settles a future order: `applied`, `not_taken`, `dropped`, `replaced`,
    /// `withdrawn` or `undone`, at the phase of `seq`; `why` (the code and
    /// arguments, JSON) when it was dropped.
    pub fn settle_future(
        &self,
        id: i64,
        status: FutureOrderStatus,
        seq: i64,
        why: Option<&str>,
    ) -> DbResult<()> {
        crate::store::exec(
            self,
            "UPDATE future_orders SET status = ?2, resolved_seq = ?3, note = NULL, dropped_why = ?4
         WHERE id = ?1",
            params![id, status, seq, why],
        )?;
        Ok(())
    }

    /// Makes a settled future order pending again (a rollback).
    pub fn reopen_future(&self, id: i64) -> DbResult<()> {
        crate::store::exec(
            self,
            "UPDATE future_orders SET status = 'pending', resolved_seq = NULL, note = NULL,
             dropped_why = NULL
         WHERE id = ?1",
            params![id],
        )?;
        Ok(())
    }

    /// Withdraws a power's pending future orders at the phase of `seq`;
    /// returns how many.
    pub fn withdraw_future(&self, game: i64, power: &str, seq: i64) -> DbResult<usize> {
        Ok(crate::store::exec(
            self,
            "UPDATE future_orders SET status = 'withdrawn', resolved_seq = ?3
         WHERE game_id = ?1 AND power = ?2 AND status = 'pending'",
            params![game, power, seq],
        )?)
    }

    /// Records that order `order_id` came from future order `future_id`.
    pub fn link_future(&self, order_id: i64, future_id: i64) -> DbResult<()> {
        crate::store::exec(
            self,
            "INSERT OR REPLACE INTO future_order_links (order_id, future_id) VALUES (?1, ?2)",
            params![order_id, future_id],
        )?;
        Ok(())
    }

    /// The future order an order came from, if any.
    pub fn linked_future(&self, order_id: i64) -> DbResult<Option<i64>> {
        use rusqlite::OptionalExtension;
        Ok(self
            .query_row(
                "SELECT future_id FROM future_order_links WHERE order_id = ?1",
                params![order_id],
                |r| r.get(0),
            )
            .optional()?)
    }
}
