//! Rows read again and again inside one write transaction, kept until
//! anything changes.
//!
//! Handling one mail asks for the same game row, map file, powers and
//! phase several times (once per step of the judge's work); each asks
//! SQLite again. Inside a transaction of [`super::Store`] (taken with
//! `BEGIN IMMEDIATE`, so no other connection can write until it ends) the
//! answer can only change through this connection's own writes, and every
//! such write raises the connection's `total_changes` count. So a row read
//! here is kept with the count it was read at, and given back only while
//! the count is still the same: the first INSERT, UPDATE or DELETE of any
//! row, in any table, drops everything kept.
//!
//! A rollback undoes writes without lowering the count, so every rollback
//! (of the transaction or of one of its savepoints) empties the cache, and
//! the cache holds rows only from the `BEGIN` to the `COMMIT`/`ROLLBACK`
//! of the outermost transaction ([`Cache::open`], [`Cache::close`]): reads
//! outside a transaction, or in a transaction not taken through the store,
//! always go to SQLite. The cache belongs to its [`super::Store`], and the
//! store's [`super::Tx`] reaches it.

use super::{GameRow, PhaseRow, PowerRow, Tx};
use rusqlite::Connection;
use std::cell::RefCell;

/// What the transaction in progress has read, if one is in progress.
#[derive(Default)]
pub(super) struct Cache(RefCell<Option<Kept>>);

#[derive(Default)]
struct Kept {
    /// `total_changes` when the rows below were read.
    changes: u64,
    games: Vec<(String, Option<GameRow>)>,
    maps: Vec<(i64, Option<String>)>,
    powers: Vec<(i64, Vec<PowerRow>)>,
    live_phases: Vec<(i64, Option<PhaseRow>)>,
}

impl Cache {
    /// The outermost transaction of the store on `c` has begun.
    pub(super) fn open(&self, c: &Connection) {
        self.0.replace(Some(Kept {
            changes: c.total_changes(),
            ..Kept::default()
        }));
    }

    /// The transaction ended (committed or rolled back): nothing is kept.
    pub(super) fn close(&self) {
        self.0.replace(None);
    }

    /// A savepoint was rolled back: what was read may have been undone.
    pub(super) fn rolled_back(&self, c: &Connection) {
        if let Some(k) = self.0.borrow_mut().as_mut() {
            *k = Kept {
                changes: c.total_changes(),
                ..Kept::default()
            };
        }
    }

    /// Runs `write`, a write that changes no row kept here (no `games`,
    /// `game_maps`, `powers` or `phases` row, not even through a trigger or
    /// a foreign key): what was kept before it stays kept. Without it,
    /// every write drops everything, and the next read of the game asks
    /// SQLite again.
    pub(super) fn keeping<T>(
        &self,
        c: &Connection,
        write: impl FnOnce() -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        let before = c.total_changes();
        let out = write()?;
        if let Some(k) = self.0.borrow_mut().as_mut().filter(|k| k.changes == before) {
            k.changes = c.total_changes();
        }
        Ok(out)
    }

    /// Runs `f` on what is kept, if `c` is in the store's transaction;
    /// drops what was read before the last write.
    fn with<T>(&self, c: &Connection, f: impl FnOnce(&mut Kept) -> T) -> Option<T> {
        if c.is_autocommit() {
            return None;
        }
        let mut kept = self.0.borrow_mut();
        let k = kept.as_mut()?;
        let now = c.total_changes();
        if k.changes != now {
            *k = Kept {
                changes: now,
                ..Kept::default()
            };
        }
        Some(f(k))
    }
}

/// Gives back the kept value for `id` in the list `pick` chooses, or reads
/// it with `read` and keeps it.
fn cached<K: PartialEq + Clone, V: Clone>(
    c: &Tx<'_>,
    id: &K,
    pick: fn(&mut Kept) -> &mut Vec<(K, V)>,
    read: impl FnOnce() -> rusqlite::Result<V>,
) -> rusqlite::Result<V> {
    let hit = c
        .kept
        .with(c.conn, |k| {
            pick(k)
                .iter()
                .find(|(key, _)| key == id)
                .map(|(_, v)| v.clone())
        })
        .flatten();
    if let Some(v) = hit {
        return Ok(v);
    }
    let v = read()?;
    c.kept
        .with(c.conn, |k| pick(k).push((id.clone(), v.clone())));
    Ok(v)
}

pub(super) fn game(
    c: &Tx<'_>,
    name: &str,
    read: impl FnOnce() -> rusqlite::Result<Option<GameRow>>,
) -> rusqlite::Result<Option<GameRow>> {
    cached(c, &name.to_string(), |k| &mut k.games, read)
}

pub(super) fn map(
    c: &Tx<'_>,
    game: i64,
    read: impl FnOnce() -> rusqlite::Result<Option<String>>,
) -> rusqlite::Result<Option<String>> {
    cached(c, &game, |k| &mut k.maps, read)
}

pub(super) fn powers(
    c: &Tx<'_>,
    game: i64,
    read: impl FnOnce() -> rusqlite::Result<Vec<PowerRow>>,
) -> rusqlite::Result<Vec<PowerRow>> {
    cached(c, &game, |k| &mut k.powers, read)
}

pub(super) fn live_phase(
    c: &Tx<'_>,
    game: i64,
    read: impl FnOnce() -> rusqlite::Result<Option<PhaseRow>>,
) -> rusqlite::Result<Option<PhaseRow>> {
    cached(c, &game, |k| &mut k.live_phases, read)
}

#[cfg(test)]
mod tests {
    use super::super::{DbError, DbResult, Store, Tx};
    use rusqlite::Connection;

    fn status(c: &Tx<'_>) -> String {
        c.game_by_name("g").unwrap().unwrap().status.to_string()
    }

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let mut st = Store::open(&dir.path().join("t.db")).unwrap();
        st.write(|c| c.insert_game("g", "standard", "", "{}", "2030-01-01T00:00:00Z"))
            .unwrap();
        (dir, st)
    }

    #[test]
    fn a_write_in_the_transaction_is_seen_by_the_next_read() {
        let (_dir, mut st) = store();
        st.batch(|st| -> DbResult<()> {
            st.write(|c| {
                assert_eq!(status(c), "forming");
                assert_eq!(status(c), "forming", "kept");
                let id = c.game_by_name("g")?.unwrap().id;
                c.set_game_status(id, super::super::GameStatus::Active)?;
                assert_eq!(status(c), "active");
                Ok(())
            })
        })
        .unwrap();
        assert_eq!(status(&st.read()), "active");
    }

    #[test]
    fn a_rolled_back_savepoint_is_not_read_from_the_cache() {
        let (_dir, mut st) = store();
        st.batch(|st| -> DbResult<()> {
            assert_eq!(status(&st.read()), "forming");
            let undone = st.write(|c| -> DbResult<()> {
                let id = c.game_by_name("g")?.unwrap().id;
                c.set_game_status(id, super::super::GameStatus::Active)?;
                // Read (and kept) after the write, then undone.
                assert_eq!(status(c), "active");
                Err(DbError::from(rusqlite::Error::QueryReturnedNoRows))
            });
            assert!(undone.is_err());
            assert_eq!(status(&st.read()), "forming");
            Ok(())
        })
        .unwrap();
    }

    #[test]
    fn another_connection_s_commit_is_seen_in_the_next_transaction() {
        let (dir, mut st) = store();
        st.batch(|st| -> DbResult<()> {
            assert_eq!(status(&st.read()), "forming");
            Ok(())
        })
        .unwrap();
        let other = Connection::open(dir.path().join("t.db")).unwrap();
        other
            .execute("UPDATE games SET status = 'active' WHERE name = 'g'", [])
            .unwrap();
        st.batch(|st| -> DbResult<()> {
            assert_eq!(status(&st.read()), "active");
            Ok(())
        })
        .unwrap();
        assert_eq!(status(&st.read()), "active");
    }
}
