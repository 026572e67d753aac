//! Rows of `address_changes` (`migrations/0012_address_changes.sql`):
//! SET ADDRESS waiting for the new address to confirm.

use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};

row! {
/// A change of address waiting for its confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressChange {
    /// The change's row id.
    pub id: i64,
    /// The game's row id.
    pub game_id: i64,
    /// The power whose address changes.
    pub power: String,
    /// The address the power had.
    pub old_email: String,
    /// The address asked for, to be confirmed.
    pub new_email: String,
    /// When it was asked for (RFC 3339).
    pub requested_at: String,
}
}

impl Tx<'_> {
    /// Records a request; the power's earlier pending ones are withdrawn.
    pub fn insert_address_change(
        &self,
        game: i64,
        power: &str,
        old: &str,
        new: &str,
        code_hash: &str,
        at: &str,
    ) -> DbResult<i64> {
        crate::store::exec(
            self,
            "UPDATE address_changes SET status = 'withdrawn', decided_at = ?3
         WHERE game_id = ?1 AND power = ?2 AND status = 'pending'",
            params![game, power, at],
        )?;
        crate::store::exec(
        self,
        "INSERT INTO address_changes (game_id, power, old_email, new_email, code_hash, requested_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game, power, old, new, code_hash, at],
    )?;
        Ok(self.last_insert_rowid())
    }

    /// The pending request with this code hash, if any.
    pub fn pending_address_change(&self, code_hash: &str) -> DbResult<Option<AddressChange>> {
        Ok(self
            .prepare_cached(&format!(
                "SELECT {} FROM address_changes
         WHERE code_hash = ?1 AND status = 'pending' ORDER BY id DESC LIMIT 1",
                AddressChange::COLS
            ))?
            .query_row([code_hash], AddressChange::from_row)
            .optional()?)
    }

    /// Marks a request confirmed or withdrawn.
    pub fn decide_address_change(
        &self,
        id: i64,
        status: crate::store::AddressChangeStatus,
        at: &str,
    ) -> DbResult<()> {
        crate::store::exec(
            self,
            "UPDATE address_changes SET status = ?2, decided_at = ?3 WHERE id = ?1",
            params![id, status, at],
        )?;
        Ok(())
    }

    /// The address the judge writes to for a played power.
    pub fn set_power_email(&self, game: i64, power: &str, email: &str) -> DbResult<usize> {
        Ok(crate::store::exec(
            self,
            "UPDATE powers SET email = ?3 WHERE game_id = ?1 AND power = ?2 AND email IS NOT NULL",
            params![game, power, email],
        )?)
    }
}
