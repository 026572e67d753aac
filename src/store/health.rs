//! The SQL behind `dipspy status`: counts and short lists across the
//! inbox, the outbox and the games. What they mean is in [`crate::status`].

use rusqlite::{Connection, params};

/// Quarantined mail received since `since`: id, sender, received at, why.
pub fn quarantined_since(
    c: &Connection,
    since: &str,
) -> rusqlite::Result<Vec<(i64, String, String, String)>> {
    c.prepare(
        "SELECT id, sender, received_at, coalesce(reason, '') FROM inbox
             WHERE status = 'quarantined' AND received_at >= ?1 ORDER BY id",
    )?
    .query_map([since], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
    })?
    .collect()
}

/// Outbox rows of one status (only those tried before when `retried`):
/// to, subject, attempts, last error.
pub fn unsent(
    c: &Connection,
    status: &str,
    retried: bool,
) -> rusqlite::Result<Vec<(String, String, i64, String)>> {
    c.prepare(
        "SELECT to_addr, subject, attempts, coalesce(last_error, '') FROM outbox
             WHERE status = ?1 AND (?2 = 0 OR attempts > 0) ORDER BY id",
    )?
    .query_map(params![status, retried], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
    })?
    .collect()
}

/// How many games there are of each status.
pub fn games_by_status(c: &Connection) -> rusqlite::Result<Vec<(String, i64)>> {
    c.prepare("SELECT status, count(*) FROM games GROUP BY status ORDER BY status")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

/// The next ten deadlines of active games: game, phase, deadline.
pub fn next_deadlines(c: &Connection) -> rusqlite::Result<Vec<(String, String, String)>> {
    c.prepare(
        "SELECT g.name, p.phase, p.deadline FROM games g
             JOIN phases p ON p.game_id = g.id AND p.status = 'current'
             WHERE g.status = 'active' AND p.deadline IS NOT NULL
             ORDER BY p.deadline LIMIT 10",
    )?
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
    .collect()
}

/// How many inbox rows wait to be handled, and how many outbox rows are
/// queued.
pub fn waiting_and_queued(c: &Connection) -> rusqlite::Result<(i64, i64)> {
    let count = |sql: &str| -> rusqlite::Result<i64> { c.query_row(sql, [], |r| r.get(0)) };
    Ok((
        count("SELECT count(*) FROM inbox WHERE status = 'new'")?,
        count("SELECT count(*) FROM outbox WHERE status = 'queued'")?,
    ))
}

/// The bytes of the pages free inside the database (SQLite fills those
/// before it grows the file): the disk reserve counts them as free.
pub fn free_pages_bytes(c: &Connection) -> rusqlite::Result<u64> {
    let pages: i64 = c.query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
    let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0))?;
    Ok((pages.max(0) as u64).saturating_mul(size.max(0) as u64))
}
