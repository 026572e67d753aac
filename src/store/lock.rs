//! One judge per database: `dipspy serve` holds an exclusive `flock(2)`
//! on the database file itself for as long as it runs, and a second
//! `serve` on the same file (under any name: a symbolic or hard link is
//! the same file) is refused at once. The kernel drops the lock when the
//! process ends however it ends, so a crash never leaves a stale lock.
//! SQLite's own locks are POSIX record locks, which on Linux are
//! independent of `flock`, so the lock does not get in the way of the
//! other commands (`tick` from cron, `backup`, `game show`) that run
//! beside the judge and take SQLite's locks as usual.

use std::fs::File;
use std::path::{Path, PathBuf};

/// The lock held by the running judge; released when dropped.
#[derive(Debug)]
pub struct JudgeLock {
    _file: File,
}

/// Why the lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another judge holds the lock on this database file (its path).
    #[error(
        "{0}: another dipspy serve is already running on this database; \
         run only one judge per database (stop the other, or give this one its own --db)"
    )]
    Busy(PathBuf),
    /// The path is a directory, a named pipe, a device or some other non-file.
    #[error(
        "{path}: not a regular file ({kind}); give the database file with --db or [database] path"
    )]
    NotAFile {
        /// The path given for the database.
        path: PathBuf,
        /// What it is instead (`a directory`, `a named pipe`, ...).
        kind: &'static str,
    },
    /// The file could not be created, opened or locked.
    #[error("{path}: cannot lock the database: {source}")]
    Io {
        /// The database file.
        path: PathBuf,
        /// Why it could not be locked.
        source: std::io::Error,
    },
}

/// Takes the judge's lock on the database file `db` (created, at 0600,
/// if missing).
pub(crate) fn lock_judge(db: &Path) -> Result<JudgeLock, LockError> {
    let io = |source| LockError::Io {
        path: db.to_path_buf(),
        source,
    };
    // Opening a named pipe would wait for a writer: refused first.
    if let Some(kind) = crate::files::not_a_regular_file(db) {
        return Err(LockError::NotAFile {
            path: db.to_path_buf(),
            kind,
        });
    }
    match crate::files::create_private(db) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(io(e)),
    }
    let file = File::open(db).map_err(io)?;
    match file.try_lock() {
        Ok(()) => Ok(JudgeLock { _file: file }),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Busy(db.to_path_buf())),
        Err(std::fs::TryLockError::Error(e)) => Err(io(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_file_is_refused_until_the_first_is_dropped() {
        let d = tempfile::tempdir().unwrap();
        let db = d.path().join("j.db");
        let first = lock_judge(&db).unwrap();
        let link = d.path().join("link.db");
        std::os::unix::fs::symlink(&db, &link).unwrap();
        assert!(matches!(lock_judge(&link), Err(LockError::Busy(_))));
        drop(first);
        assert!(lock_judge(&link).is_ok());
    }
}
