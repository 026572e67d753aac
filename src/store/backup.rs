//! A consistent copy of the games database, taken while the judge runs
//! (SQLite's online backup: the copy is the database as of one instant,
//! whatever is being written meanwhile), checked before it is kept.

use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

/// Why a backup could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} exists already: choose a new file name (a backup never overwrites)")]
    Exists(String),
    #[error("{0}: cannot create the copy: {1}")]
    Create(String, std::io::Error),
    #[error("{path}: {source}")]
    Sql {
        path: String,
        source: rusqlite::Error,
    },
    #[error("the copy in {0} failed its integrity check ({1}); it was removed")]
    Damaged(String, String),
}

/// What was copied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    pub pages: i32,
    pub games: i64,
}

/// Copies the database at `from` into the new file `to`, a few pages at a
/// time so that a running judge is never held up for long, then checks
/// the copy (`PRAGMA integrity_check`).
pub fn backup(from: &Path, to: &Path) -> Result<BackupReport, BackupError> {
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
    // The copy holds everything the database does: 0600 from the start.
    crate::files::create_private(to)
        .map_err(|e| BackupError::Create(to.display().to_string(), e))?;
    let mut dst = Connection::open(to).map_err(sql(to))?;
    let pages = {
        let b = rusqlite::backup::Backup::new(&src, &mut dst).map_err(sql(to))?;
        b.run_to_completion(64, Duration::from_millis(5), None)
            .map_err(sql(to))?;
        b.progress().pagecount
    };
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
