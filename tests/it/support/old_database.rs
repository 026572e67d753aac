//! A database as an older dipspy left it, for the migration tests: the
//! schema from the store's own list of migrations
//! ([`dipspy::store::migrate_to`]), so the tests follow that list as it
//! grows instead of keeping copies of it.

use rusqlite::Connection;
use std::path::Path;

/// A new database at `path` as a dipspy that knew only the first `n`
/// migrations left it: their schema, version `n`, dipspy's application
/// id, and no rows.
pub(crate) fn after_migrations(path: &Path, n: usize) -> Connection {
    let mut c = Connection::open(path).unwrap();
    dipspy::store::migrate_to(&mut c, n).unwrap();
    let v: i64 = c
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(v, n as i64, "the database counts the migrations applied");
    c.pragma_update(None, "application_id", dipspy::store::APPLICATION_ID)
        .unwrap();
    c
}
