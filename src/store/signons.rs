//! Wrong passwords given for a power or for the master password (see
//! [`crate::judge`]'s password locks), one row each, and the locks they
//! started.

use super::{DbResult, Tx};
use super::{exec, one};
use rusqlite::{OptionalExtension, params};

impl Tx<'_> {
    /// Wrong passwords recorded for a power after `since`.
    pub fn failures_since(&self, game_id: i64, power: &str, since: &str) -> DbResult<u32> {
        Ok(one(
            self,
            "SELECT count(*) FROM signon_failures WHERE game_id = ?1 AND power = ?2 AND at > ?3",
            params![game_id, power, since],
            |r| r.get(0),
        )?)
    }

    /// Records a wrong password for a power, from `person`.
    pub fn insert_failure(
        &self,
        game_id: i64,
        power: &str,
        person: &str,
        at: &str,
    ) -> DbResult<usize> {
        Ok(exec(
            self,
            "INSERT INTO signon_failures (game_id, power, person, at) VALUES (?1, ?2, ?3, ?4)",
            params![game_id, power, person, at],
        )?)
    }

    /// Wrong master passwords recorded after `since`.
    pub fn master_failures_since(&self, since: &str) -> DbResult<u32> {
        Ok(one(
            self,
            "SELECT count(*) FROM master_failures WHERE at > ?1",
            [since],
            |r| r.get(0),
        )?)
    }

    /// Records a wrong master password, from `person`.
    pub fn insert_master_failure(&self, person: &str, at: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "INSERT INTO master_failures (person, at) VALUES (?1, ?2)",
            params![person, at],
        )?)
    }
}

row! {
/// A lock on a password, as stored (`migrations/0028_password_locks.sql`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockRow {
    /// The lock's row id.
    pub id: i64,
    /// When the password was locked (RFC 3339).
    pub locked_at: String,
    /// When the lock ends (RFC 3339).
    pub until: String,
    /// When it was lifted before its end, if it was.
    pub lifted_at: Option<String>,
}
}

impl Tx<'_> {
    /// The newest lock on a power's password (`game_id` and `power`), or on
    /// the master password (both none).
    pub fn latest_lock(
        &self,
        game_id: Option<i64>,
        power: Option<&str>,
    ) -> DbResult<Option<LockRow>> {
        Ok(self
            .prepare_cached(&format!(
                "SELECT {} FROM password_locks
         WHERE game_id IS ?1 AND power IS ?2 ORDER BY id DESC LIMIT 1",
                LockRow::COLS
            ))?
            .query_row(params![game_id, power], LockRow::from_row)
            .optional()?)
    }

    /// Locks a password from `at` until `until`.
    pub fn insert_lock(
        &self,
        game_id: Option<i64>,
        power: Option<&str>,
        at: &str,
        until: &str,
    ) -> DbResult<usize> {
        Ok(exec(
            self,
            "INSERT INTO password_locks (game_id, power, locked_at, until) VALUES (?1, ?2, ?3, ?4)",
            params![game_id, power, at, until],
        )?)
    }

    /// Marks the lock `id` lifted at `at`.
    pub fn lift_lock(&self, id: i64, at: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE password_locks SET lifted_at = ?2 WHERE id = ?1",
            params![id, at],
        )?)
    }
}
