//! The database opened for reading only: the web pages' connection.
//!
//! SQLite opens the file with `SQLITE_OPEN_READ_ONLY` and the connection
//! is set `query_only`, so nothing a page does can write, and no page
//! takes the judge's lock: in WAL mode a reader never waits for the
//! judge's writes, nor the judge for it. The schema is never migrated
//! here: a database the judge has not yet brought up to date, or one made
//! by a newer dipspy, is refused with the reason.

use super::{APPLICATION_ID, MIGRATIONS, Store, StoreError, txn_cache};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

impl Store {
    /// Opens the dipspy database at `path` for reading only (see the
    /// module's comment). It must exist, be dipspy's, and have the schema
    /// this dipspy knows.
    pub fn open_read_only(path: &Path) -> Result<Store, StoreError> {
        let open_err = |source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        };
        if !path.exists() {
            return Err(StoreError::Missing {
                path: path.to_path_buf(),
            });
        }
        if let Some(kind) = crate::files::not_a_regular_file(path) {
            return Err(StoreError::NotAFile {
                path: path.to_path_buf(),
                kind,
            });
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let conn = Connection::open_with_flags(path, flags).map_err(open_err)?;
        conn.busy_timeout(Duration::from_secs(5))
            .map_err(open_err)?;
        let app_id = super::application_id(&conn, path)?;
        if app_id != APPLICATION_ID {
            return Err(StoreError::Foreign {
                path: path.to_path_buf(),
            });
        }
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(open_err)?;
        if version != MIGRATIONS.len() as i64 {
            return Err(StoreError::Schema {
                path: path.to_path_buf(),
                found: version,
                known: MIGRATIONS.len(),
            });
        }
        conn.pragma_update(None, "query_only", true)
            .map_err(open_err)?;
        conn.set_prepared_statement_cache_capacity(super::STATEMENT_CACHE);
        Ok(Store {
            conn,
            kept: txn_cache::Cache::default(),
            depth: 0,
            head_key: super::head_key::default_path(path),
        })
    }

    /// Whether the connection only reads ([`Store::open_read_only`]).
    pub fn is_read_only(&self) -> bool {
        self.conn
            .query_row("PRAGMA query_only", [], |r| r.get::<_, bool>(0))
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_only_store_reads_and_refuses_every_write() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        drop(Store::open(&db).unwrap());
        let st = Store::open_read_only(&db).unwrap();
        assert!(st.is_read_only());
        assert!(st.read().games().unwrap().is_empty());
        let e = st
            .conn()
            .execute("INSERT INTO judge_state (key, value) VALUES ('k', 'v')", [])
            .unwrap_err();
        assert!(e.to_string().contains("readonly"), "{e}");
    }

    #[test]
    fn a_read_only_store_is_never_made_nor_migrated() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("missing.db");
        assert!(matches!(
            Store::open_read_only(&db),
            Err(StoreError::Missing { .. })
        ));
        assert!(!db.exists());
        let mut c = Connection::open(&db).unwrap();
        c.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        super::super::migrate_to(&mut c, 3).unwrap();
        drop(c);
        assert!(matches!(
            Store::open_read_only(&db),
            Err(StoreError::Schema { found: 3, .. })
        ));
    }
}
