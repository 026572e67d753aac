//! Rows of the `judge_state` table (`migrations/0009_judge_state.sql`):
//! values the judge remembers about itself.

use super::{DbResult, Tx, exec};
use rusqlite::OptionalExtension;
use rusqlite::params;

impl Tx<'_> {
    /// A value the judge remembers about itself (`migrations/0009_judge_state.sql`).
    pub fn judge_state(&self, key: &str) -> DbResult<Option<String>> {
        Ok(self
            .query_row("SELECT value FROM judge_state WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Remembers a value about the judge, replacing the earlier one.
    pub fn set_judge_state(&self, key: &str, value: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO judge_state (key, value) VALUES (?1, ?2)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }

    /// Forgets values about the judge.
    pub fn clear_judge_state(&self, keys: &[&str]) -> DbResult<()> {
        for k in keys {
            exec(self, "DELETE FROM judge_state WHERE key = ?1", [k])?;
        }
        Ok(())
    }
}
