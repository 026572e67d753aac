//! A consistent copy of the games database, taken while the judge runs
//! (`VACUUM INTO`: the copy is the database as of one instant, whatever
//! is being written meanwhile), checked before it is kept.
//!
//! The copy is written afresh, page by page from the rows: it holds no
//! free page, so nothing the database deleted or overwrote (a stored
//! mail before its passwords were masked) reaches it, whatever is left
//! in the database's own free pages.

use super::{DbResult, Tx};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

/// Why a backup could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The file named for the copy exists already (its path).
    #[error("{0} exists already: choose a new file name (a backup never overwrites)")]
    Exists(String),
    /// The copy's file could not be created (its path, and why).
    #[error("{0}: cannot create the copy: {1}")]
    Create(String, std::io::Error),
    /// SQLite failed on the database or on the copy.
    #[error("{path}: {source}")]
    Sql {
        /// The file SQLite failed on (the database or the copy).
        path: String,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// The copy failed `PRAGMA integrity_check` and was removed (its path, and what the check said).
    #[error("the copy in {0} failed its integrity check ({1}); it was removed")]
    Damaged(String, String),
}

/// What was copied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    /// The copy's size in database pages.
    pub pages: i32,
    /// How many games the copy holds.
    pub games: i64,
}

/// Copies the database at `from` into the new file `to` (`VACUUM INTO`:
/// a read transaction, which holds up no writer of the running judge),
/// then checks the copy (`PRAGMA integrity_check`).
pub(crate) fn backup(from: &Path, to: &Path) -> Result<BackupReport, BackupError> {
    if to.exists() {
        return Err(BackupError::Exists(to.display().to_string()));
    }
    let sql = |path: &Path| {
        let path = path.display().to_string();
        move |source| BackupError::Sql {
            path: path.clone(),
            source,
        }
    };
    let src =
        Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql(from))?;
    src.busy_timeout(Duration::from_secs(10))
        .map_err(sql(from))?;
    src.pragma_update(None, "secure_delete", true)
        .map_err(sql(from))?;
    // The copy holds everything the database does: 0600 from the start
    // (VACUUM INTO writes into an empty file).
    crate::files::create_private(to)
        .map_err(|e| BackupError::Create(to.display().to_string(), e))?;
    let target = to.to_string_lossy().into_owned();
    if let Err(e) = src.execute("VACUUM INTO ?1", [&target]) {
        let _ = std::fs::remove_file(to);
        return Err(sql(to)(e));
    }
    let dst = Connection::open(to).map_err(sql(to))?;
    // What is later changed in the copy leaves no old bytes behind.
    dst.pragma_update(None, "secure_delete", true)
        .map_err(sql(to))?;
    let pages: i32 = dst
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .map_err(sql(to))?;
    let check: String = dst
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(sql(to))?;
    if check != "ok" {
        drop(dst);
        let _ = std::fs::remove_file(to);
        return Err(BackupError::Damaged(to.display().to_string(), check));
    }
    let games: i64 = dst
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .map_err(sql(to))?;
    Ok(BackupReport { pages, games })
}

/// Changes a backup copy with `f`, in one transaction (see
/// `mail::mask::mask_backup`): what is changed leaves no old bytes behind
/// (`secure_delete`).
pub(crate) fn change_copy<T>(path: &Path, f: impl FnOnce(&Tx<'_>) -> DbResult<T>) -> DbResult<T> {
    let mut c = Connection::open(path)?;
    c.pragma_update(None, "secure_delete", true)?;
    let t = c.transaction()?;
    let kept = super::txn_cache::Cache::default();
    let out = f(&Tx {
        conn: &t,
        kept: &kept,
    })?;
    t.commit()?;
    Ok(out)
}
