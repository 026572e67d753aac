//! The SQL behind `dipspy status`: counts and short lists across the
//! inbox, the outbox and the games. What they mean is in [`crate::status`].

use super::{DbResult, Tx};
use rusqlite::params;

impl Tx<'_> {
    /// Quarantined mail received since `since`: id, sender, received at, why.
    pub fn quarantined_since(&self, since: &str) -> DbResult<Vec<(i64, String, String, String)>> {
        Ok(self
            .prepare(
                "SELECT id, sender, received_at, coalesce(reason, '') FROM inbox
             WHERE status = 'quarantined' AND received_at >= ?1 ORDER BY id",
            )?
            .query_map([since], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Outbox rows of one status (only those tried before when `retried`):
    /// to, subject, attempts, last error.
    pub fn unsent(
        &self,
        status: &str,
        retried: bool,
    ) -> DbResult<Vec<(String, String, i64, String)>> {
        Ok(self
            .prepare(
                "SELECT to_addr, subject, attempts, coalesce(last_error, '') FROM outbox
             WHERE status = ?1 AND (?2 = 0 OR attempts > 0) ORDER BY id",
            )?
            .query_map(params![status, retried], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// How many games there are of each status.
    pub fn games_by_status(&self) -> DbResult<Vec<(String, i64)>> {
        Ok(self
            .prepare("SELECT status, count(*) FROM games GROUP BY status ORDER BY status")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The next ten deadlines of active games: game, phase, deadline.
    pub fn next_deadlines(&self) -> DbResult<Vec<(String, String, String)>> {
        Ok(self
            .prepare(
                "SELECT g.name, p.phase, p.deadline FROM games g
             JOIN phases p ON p.game_id = g.id AND p.status = 'current'
             WHERE g.status = 'active' AND p.deadline IS NOT NULL
             ORDER BY p.deadline LIMIT 10",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// How many inbox rows wait to be handled, and how many outbox rows are
    /// queued.
    pub fn waiting_and_queued(&self) -> DbResult<(i64, i64)> {
        let c = self;
        let count = |sql: &str| -> rusqlite::Result<i64> { c.query_row(sql, [], |r| r.get(0)) };
        Ok((
            count("SELECT count(*) FROM inbox WHERE status = 'new'")?,
            count("SELECT count(*) FROM outbox WHERE status = 'queued'")?,
        ))
    }

    /// The bytes of the pages free inside the database (SQLite fills those
    /// before it grows the file): the disk reserve counts them as free.
    pub fn free_pages_bytes(&self) -> DbResult<u64> {
        let pages: i64 = self.query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
        let size: i64 = self.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        Ok((pages.max(0) as u64).saturating_mul(size.max(0) as u64))
    }

    /// The database's pages: how many, how many of them free, and the size
    /// of one in bytes.
    pub fn page_counts(&self) -> DbResult<(u64, u64, u64)> {
        let count: i64 = self.query_row("PRAGMA page_count", [], |r| r.get(0))?;
        let pages: i64 = self.query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
        let size: i64 = self.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        Ok((count.max(0) as u64, pages.max(0) as u64, size.max(0) as u64))
    }
}
