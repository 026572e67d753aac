//! Rows of the `orders` table (`migrations/0001_games.sql`,
//! `0005_live_orders.sql`): every order line received for a phase.

use super::{DbResult, OrderStatus, Tx, exec, exec_keeping, live_rows};
use rusqlite::params;

row! {
/// An order line received for a phase, readable or not, as stored.
#[derive(Debug, Clone)]
pub struct OrderRow {
    /// The order's row id.
    pub id: i64,
    /// The power that sent it.
    pub power: String,
    /// The line as written.
    pub raw: String,
    /// The order in canonical form; none: the line could not be read.
    pub parsed: Option<String>,
    /// Why it was refused, as stored before migration 0023 (English).
    pub error: Option<String>,
    /// Why it was refused: the code and arguments, JSON (migration 0023).
    pub refusal: Option<String>,
    /// The address it came from.
    pub submitted_by: String,
    /// When it came (RFC 3339).
    pub submitted_at: String,
    /// The `Message-ID` of the mail it came in.
    pub message_id: Option<String>,
    /// Live, replaced, withdrawn or unreadable.
    pub status: OrderStatus,
    /// The row id of the order that replaced it.
    pub replaced_by: Option<i64>,
    /// Its outcome once the phase was processed.
    pub outcome: Option<String>,
    /// Why it had that outcome.
    pub reason: Option<String>,
}
}

const ORDER_COLS: &str = OrderRow::COLS;

impl Tx<'_> {
    /// Every order line received for a phase, in the order received.
    pub fn orders(&self, phase_id: i64) -> DbResult<Vec<OrderRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {ORDER_COLS} FROM orders WHERE phase_id = ?1 ORDER BY id"
        ))?;
        Ok(st
            .query_map([phase_id], OrderRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The orders of a phase that stand (status `live`), of one power or of
    /// all, in the order received: what [`Tx::orders`] returns, filtered, without
    /// reading the replaced, withdrawn and unreadable lines (index
    /// `orders_live`, `migrations/0005_live_orders.sql`).
    pub fn live_orders(&self, phase_id: i64, power: Option<&str>) -> DbResult<Vec<OrderRow>> {
        Ok(live_rows(
            self,
            "orders",
            ORDER_COLS,
            phase_id,
            power,
            OrderRow::from_row,
        )?)
    }
}

/// An order line to store.
pub struct NewOrder<'a> {
    /// The phase's row id.
    pub phase_id: i64,
    /// The power that sent it.
    pub power: &'a str,
    /// The line as written.
    pub raw: &'a str,
    /// The order in canonical form; none: the line could not be read.
    pub parsed: Option<&'a str>,
    /// Why it was refused: the code and arguments, JSON (migration 0023).
    pub refusal: Option<&'a str>,
    /// The address it came from.
    pub submitted_by: &'a str,
    /// When it came (RFC 3339).
    pub submitted_at: &'a str,
    /// The `Message-ID` of the mail it came in.
    pub message_id: Option<&'a str>,
}

impl Tx<'_> {
    /// Stores an order line, live if it was read and unreadable if not; returns its row id.
    pub fn insert_order(&self, o: &NewOrder) -> DbResult<i64> {
        let status = if o.parsed.is_some() {
            OrderStatus::Live
        } else {
            OrderStatus::Unreadable
        };
        exec_keeping(
            self,
            "INSERT INTO orders (phase_id, power, raw, parsed, refusal, submitted_by, submitted_at,
                             message_id, status)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                o.phase_id,
                o.power,
                o.raw,
                o.parsed,
                o.refusal,
                o.submitted_by,
                o.submitted_at,
                o.message_id,
                status
            ],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// Marks an order replaced by the order of row id `by`.
    pub fn replace_order(&self, id: i64, by: i64) -> DbResult<()> {
        exec_keeping(
            self,
            "UPDATE orders SET status = 'replaced', replaced_by = ?2 WHERE id = ?1",
            params![id, by],
        )?;
        Ok(())
    }

    /// Withdraws a power's live orders for a phase; returns how many.
    pub fn withdraw_orders(&self, phase_id: i64, power: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE orders SET status = 'withdrawn'
         WHERE phase_id = ?1 AND power = ?2 AND status = 'live'",
            params![phase_id, power],
        )?)
    }

    /// Stores an order's outcome and the reason for it.
    pub fn set_order_result(&self, id: i64, outcome: &str, reason: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE orders SET outcome = ?2, reason = ?3 WHERE id = ?1",
            params![id, outcome, reason],
        )?;
        Ok(())
    }
}
