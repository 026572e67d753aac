//! Rows of the `orders` table (`migrations/0001_games.sql`,
//! `0005_live_orders.sql`): every order line received for a phase.

use super::{DbResult, OrderStatus, Tx, exec, exec_keeping, live_rows};
use rusqlite::params;

row! {
#[derive(Debug, Clone)]
pub struct OrderRow {
    pub id: i64,
    pub power: String,
    pub raw: String,
    pub parsed: Option<String>,
    /// Why it was refused, as stored before migration 0023 (English).
    pub error: Option<String>,
    /// Why it was refused: the code and arguments, JSON (migration 0023).
    pub refusal: Option<String>,
    pub submitted_by: String,
    pub submitted_at: String,
    pub message_id: Option<String>,
    pub status: OrderStatus,
    pub replaced_by: Option<i64>,
    pub outcome: Option<String>,
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
    /// all, in the order received: what [`orders`] returns, filtered, without
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

pub struct NewOrder<'a> {
    pub phase_id: i64,
    pub power: &'a str,
    pub raw: &'a str,
    pub parsed: Option<&'a str>,
    /// Why it was refused: the code and arguments, JSON (migration 0023).
    pub refusal: Option<&'a str>,
    pub submitted_by: &'a str,
    pub submitted_at: &'a str,
    pub message_id: Option<&'a str>,
}

impl Tx<'_> {
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

    pub fn replace_order(&self, id: i64, by: i64) -> DbResult<()> {
        exec_keeping(
            self,
            "UPDATE orders SET status = 'replaced', replaced_by = ?2 WHERE id = ?1",
            params![id, by],
        )?;
        Ok(())
    }

    pub fn withdraw_orders(&self, phase_id: i64, power: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE orders SET status = 'withdrawn'
         WHERE phase_id = ?1 AND power = ?2 AND status = 'live'",
            params![phase_id, power],
        )?)
    }

    pub fn set_order_result(&self, id: i64, outcome: &str, reason: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE orders SET outcome = ?2, reason = ?3 WHERE id = ?1",
            params![id, outcome, reason],
        )?;
        Ok(())
    }
}
