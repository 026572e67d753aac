//! The games database: one SQLite file holding many games.
//!
//! The schema lives in SQL files under `migrations/`, applied in order at
//! start-up by `rusqlite_migration` (which keeps the schema version in
//! `PRAGMA user_version`). A dipspy database is marked with its own
//! `PRAGMA application_id`, so that dipspy refuses to write into somebody
//! else's SQLite file or into one made by a newer dipspy. The file runs in
//! WAL mode with foreign keys enforced.
//!
//! This module only reads and writes rows; what the rows mean (phases,
//! deadlines, orders replacing orders) is decided in [`crate::game`].
//!
//! This root holds the opening of the database, its migrations, the
//! transactions ([`Store::write`], [`Store::batch`]) and the [`Tx`] every
//! query is a method of; the queries live in one file per table family
//! under `store/`, each table's row declared once (`row!`).

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, params};
use rusqlite_migration::{M, Migrations};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[macro_use]
mod row;

mod absences;
mod address;
mod announcements;
mod attachments;
mod backup;
mod future_orders;
mod game_maps;
mod games;
mod head_key;
mod health;
mod inbox;
mod judge_state;
mod languages;
mod lock;
mod log_records;
mod observe_requests;
mod orders;
mod outbox;
mod phases;
mod powers;
mod read_only;
mod signons;
mod spy;
mod states;
mod takeovers;
mod txn_cache;
mod web_links;

pub use absences::AbsenceRow;
pub use address::AddressChange;
pub use announcements::{AnnouncementRow, NewAnnouncement, NewNotice};
pub use attachments::{Attachment, Owner as AttachmentOwner};
pub use backup::{BackupError, BackupReport};
pub use future_orders::{FutureRow, NewFuture};
pub use games::GameRow;
pub use head_key::{KeyError, default_path as default_head_key_path, load as load_head_key};
pub use inbox::{InboxRow, NewInbox, QuarantinedMail, StoredMessage};
pub use lock::{JudgeLock, LockError};
pub use observe_requests::PendingObserve;
pub use orders::{NewOrder, OrderRow};
pub use outbox::{FailedAttempt, NewOutbox, OutMail};
pub use phases::PhaseRow;
pub use powers::{PowerRow, WaitingPlayer};
pub use signons::LockRow;
pub use spy::{HeadEvents, NewSpyOrder, PhaseEspionageRow, SecretRow, SignedHeadRow, SpyOrderRow};
pub use states::{
    AddressChangeStatus, AnnouncementKind, Audience, FutureOrderStatus, GameOutcome, GameStatus,
    OrderStatus, PhaseStatus, PowerStatus, SpyOrderStatus, UnknownState,
};
pub use takeovers::{PlayerChange, TakeoverRow};
pub use web_links::{NewWebLink, WebLinkRow};

pub(crate) use backup::{backup, change_copy};
pub(crate) use head_key::{hex, public_hex, unhex};
// The secret log's tests make a key file as the store would.
#[cfg(test)]
pub(crate) use head_key::load_or_create;
pub(crate) use lock::lock_judge;

/// `PRAGMA application_id` of a dipspy database: "DIPS" in ASCII.
pub const APPLICATION_ID: i32 = 0x4449_5053;

/// The schema files, in the order they are applied.
const MIGRATIONS: &[M<'static>] = &[
    M::up(include_str!("../migrations/0001_games.sql")),
    M::up(include_str!("../migrations/0002_announcements.sql")),
    M::up(include_str!("../migrations/0003_espionage.sql")),
    M::up(include_str!("../migrations/0004_mail.sql")),
    M::up(include_str!("../migrations/0005_live_orders.sql")),
    M::up(include_str!("../migrations/0006_absences.sql")),
    M::up(include_str!("../migrations/0007_votes.sql")),
    M::up(include_str!("../migrations/0008_takeovers.sql")),
    M::up(include_str!("../migrations/0009_judge_state.sql")),
    M::up(include_str!("../migrations/0010_game_maps.sql")),
    M::up(include_str!("../migrations/0011_future_orders.sql")),
    M::up(include_str!("../migrations/0012_address_changes.sql")),
    M::up(include_str!("../migrations/0013_attachments.sql")),
    M::up(include_str!("../migrations/0016_signed_heads.sql")),
    M::up(include_str!("../migrations/0018_hostile_senders.sql")),
    M::up(include_str!("../migrations/0019_typed_reasons.sql")),
    M::up(include_str!("../migrations/0020_typed_notices.sql")),
    // Tables made again (new CHECK texts): foreign keys are off while the
    // migrations run, so each such migration checks them all itself.
    M::up(include_str!("../migrations/0021_cheap_checks.sql")).foreign_key_check(),
    M::up(include_str!(
        "../migrations/0022_notices_in_words_per_reader.sql"
    )),
    M::up(include_str!("../migrations/0025_reader_languages.sql")),
    // After 0025: a database's version counts the migrations applied, so a
    // new one goes last whatever its number.
    M::up(include_str!("../migrations/0023_refusals_typed.sql")),
    M::up(include_str!("../migrations/0026_game_identity.sql")),
    M::up(include_str!("../migrations/0027_secret_log_records.sql")),
    M::up(include_str!("../migrations/0028_password_locks.sql")),
    M::up(include_str!("../migrations/0029_mail_operations.sql")),
    M::up(include_str!("../migrations/0030_web_players.sql")),
];

/// Brings a new database's schema to where the first `n` migrations left
/// it, as [`Store::open`] would have then (the migration tests build an old
/// database with it).
pub fn migrate_to(conn: &mut Connection, n: usize) -> rusqlite_migration::Result<()> {
    Migrations::from_slice(MIGRATIONS).to_version(conn, n)
}

/// How many prepared statements a connection keeps (see [`exec`]).
const STATEMENT_CACHE: usize = 128;

/// Set by the crash test: processing sleeps this many seconds inside its
/// transaction, just before the commit, so the test can kill the process.
pub const TEST_PAUSE_ENV: &str = "DIPSPY_TEST_PAUSE_IN_PROCESSING";

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file is an SQLite database of some other program.
    #[error(
        "{path}: not a dipspy database (it is some other SQLite file); give another file with --db"
    )]
    Foreign {
        /// The database file.
        path: PathBuf,
    },
    /// The file is no SQLite database.
    #[error("{path}: not an SQLite database at all; give another file with --db")]
    NotADatabase {
        /// The database file.
        path: PathBuf,
    },
    /// The database's schema is newer than this dipspy knows.
    #[error(
        "{path}: made by a newer dipspy (schema version {found}; this dipspy knows up to {known}); upgrade dipspy to use it"
    )]
    TooNew {
        /// The database file.
        path: PathBuf,
        /// The database's schema version.
        found: i64,
        /// The newest schema version this dipspy knows.
        known: usize,
    },
    /// SQLite could not open the file.
    #[error("{path}: cannot open the database: {source}")]
    Open {
        /// The database file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// A migration failed.
    #[error("{path}: cannot bring the database schema up to date: {source}")]
    Migrate {
        /// The database file.
        path: PathBuf,
        /// The migration's error.
        source: rusqlite_migration::Error,
    },
    /// An SQL statement failed while opening.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    /// There is no file at the path (and the command does not make one).
    #[error(
        "{path}: there is no database here (give the judge's database with --db or [database] path)"
    )]
    Missing {
        /// The path given for the database.
        path: PathBuf,
    },
    /// The path is a directory, a FIFO, a device or some other non-file.
    #[error(
        "{path}: not a regular file ({kind}); give the database file with --db or [database] path"
    )]
    NotAFile {
        /// The path given for the database.
        path: PathBuf,
        /// What it is instead (`a directory`, ...).
        kind: &'static str,
    },
    /// The database's schema is not the one this dipspy knows (a reader
    /// never migrates it).
    #[error(
        "{path}: schema version {found}, but this dipspy reads version {known} only; run the judge (or any command that writes) to bring it up to date, or use the dipspy that wrote it"
    )]
    Schema {
        /// The database file.
        path: PathBuf,
        /// The database's schema version.
        found: i64,
        /// The schema version this dipspy knows.
        known: usize,
    },
    /// The new database file could not be created.
    #[error("{path}: cannot create the database: {source}")]
    Create {
        /// The database file.
        path: PathBuf,
        /// Why it could not be created.
        source: std::io::Error,
    },
}

/// An error of the database itself (SQLite's), as the store's callers
/// carry it: it reads exactly as SQLite's error does.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct DbError(#[from] rusqlite::Error);

impl DbError {
    /// Whether the query found no row where one was expected.
    pub fn is_no_rows(&self) -> bool {
        matches!(self.0, rusqlite::Error::QueryReturnedNoRows)
    }

    /// Whether SQLite reported the database busy or locked by another
    /// connection.
    pub fn is_busy(&self) -> bool {
        matches!(
            self.0.sqlite_error_code(),
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
        )
    }
}

/// The result of a query of the store.
pub type DbResult<T> = Result<T, DbError>;

/// The store as its callers use it: the connection, inside a transaction
/// of the [`Store`] ([`Store::write`]) or outside one for reading
/// ([`Store::read`]), with the transaction's read cache. Every query of the
/// store is a method of it.
#[derive(Clone, Copy)]
pub struct Tx<'c> {
    conn: &'c Connection,
    kept: &'c txn_cache::Cache,
}

impl<'c> Tx<'c> {
    fn prepare_cached(&self, sql: &str) -> rusqlite::Result<rusqlite::CachedStatement<'c>> {
        self.conn.prepare_cached(sql)
    }

    fn query_row<T, P: rusqlite::Params>(
        &self,
        sql: &str,
        p: P,
        f: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        self.conn.query_row(sql, p, f)
    }

    fn execute<P: rusqlite::Params>(&self, sql: &str, p: P) -> rusqlite::Result<usize> {
        self.conn.execute(sql, p)
    }

    fn prepare(&self, sql: &str) -> rusqlite::Result<rusqlite::Statement<'c>> {
        self.conn.prepare(sql)
    }

    fn last_insert_rowid(&self) -> i64 {
        self.conn.last_insert_rowid()
    }
}

/// An open games database.
pub struct Store {
    conn: Connection,
    /// The read cache of the transaction in progress (see `txn_cache`).
    kept: txn_cache::Cache,
    /// How many [`Store::write`]/[`Store::batch`] calls are running: 0
    /// outside any transaction; above 0, a write is a savepoint inside the
    /// enclosing transaction.
    depth: usize,
    /// The file of the key that signs the secret log's heads
    /// ([`head_key`]); never in the database.
    head_key: PathBuf,
}

/// The time as stored: RFC 3339 in UTC, to the second.
pub fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Reads a stored time back.
pub fn parse_time(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its
    /// schema up to date. Refuses files that are not dipspy's, or that a
    /// newer dipspy wrote, without changing them.
    ///
    /// A new database file is made readable by its owner only (0600); its
    /// `-wal` and `-shm` files take the same mode from it.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let open_err = |source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        };
        // A directory, a named pipe or a device is refused before SQLite
        // opens it (which would leave a `-journal` file beside it).
        if let Some(kind) = crate::files::not_a_regular_file(path) {
            return Err(StoreError::NotAFile {
                path: path.to_path_buf(),
                kind,
            });
        }
        match crate::files::create_private(path) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return Err(StoreError::Create {
                    path: path.to_path_buf(),
                    source: e,
                });
            }
        }
        let mut conn = Connection::open(path).map_err(open_err)?;
        conn.busy_timeout(Duration::from_secs(10))
            .map_err(open_err)?;

        // Look before touching anything.
        let app_id = application_id(&conn, path)?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(open_err)?;
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'",
                [],
                |r| r.get(0),
            )
            .map_err(open_err)?;
        if app_id != APPLICATION_ID && (app_id != 0 || tables > 0 || version != 0) {
            return Err(StoreError::Foreign {
                path: path.to_path_buf(),
            });
        }
        if version > MIGRATIONS.len() as i64 {
            return Err(StoreError::TooNew {
                path: path.to_path_buf(),
                found: version,
                known: MIGRATIONS.len(),
            });
        }

        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(open_err)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(open_err)?;
        // Deleted and overwritten content is zeroed, not left in free
        // pages: a stored mail masked after it was read keeps no copy of
        // its passwords in the file.
        conn.pragma_update(None, "secure_delete", true)
            .map_err(open_err)?;
        if app_id == 0 {
            conn.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(open_err)?;
        }
        // Room for every statement of the judge's work on one message.
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        // Foreign keys off while the schema changes (SQLite's procedure
        // for making a table again: dropping the old table must not cascade
        // to the rows that refer to it), on for everything after.
        conn.pragma_update(None, "foreign_keys", false)
            .map_err(open_err)?;
        Migrations::from_slice(MIGRATIONS)
            .to_latest(&mut conn)
            .map_err(|source| StoreError::Migrate {
                path: path.to_path_buf(),
                source,
            })?;
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(open_err)?;
        let head_key = head_key::default_path(path);
        head_key::register(&conn, &head_key).map_err(open_err)?;
        Ok(Store {
            conn,
            kept: txn_cache::Cache::default(),
            depth: 0,
            head_key,
        })
    }

    /// Signs the secret log's heads with the key in `path` (made on first
    /// use) instead of the one beside the database.
    pub fn use_head_key(&mut self, path: &Path) -> DbResult<()> {
        head_key::register(&self.conn, path)?;
        self.head_key = path.to_path_buf();
        Ok(())
    }

    /// The file of the key that signs the secret log's heads.
    pub fn head_key(&self) -> &Path {
        &self.head_key
    }

    /// Opens the database at `path` like [`Store::open`], but never
    /// creates one: for the commands that only read.
    pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
        if !path.exists() {
            return Err(StoreError::Missing {
                path: path.to_path_buf(),
            });
        }
        Store::open(path)
    }

    /// The store for reading, outside any transaction or inside the one
    /// in progress (whose read cache it shares).
    pub fn read(&self) -> Tx<'_> {
        Tx {
            conn: &self.conn,
            kept: &self.kept,
        }
    }

    /// The SQLite connection itself, for tests and tools that look at the
    /// file directly; the other layers go through [`Store::read`] and
    /// [`Store::write`].
    #[doc(hidden)]
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Checkpoints the WAL into the database and truncates it to nothing,
    /// so that no old page stays in it (see `mail::inbox`); fails when a
    /// reader holds it.
    pub fn truncate_wal(&self) -> DbResult<()> {
        let busy: i64 = self
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))?;
        if busy != 0 {
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                Some("the WAL is in use".into()),
            )
            .into());
        }
        Ok(())
    }

    /// Whether the database can be written now: a write lock taken and
    /// given back at once (`dipspy check`).
    pub fn check_writable(&self) -> DbResult<()> {
        Ok(self.conn.execute_batch("BEGIN IMMEDIATE; ROLLBACK;")?)
    }

    /// Runs `f` in one write transaction (taken immediately, so two judges
    /// cannot interleave): committed if `f` succeeds, rolled back otherwise.
    /// Inside a [`Store::batch`] it is a savepoint of the batch's
    /// transaction instead: its failure undoes only its own writes, and
    /// nothing is committed before the batch is.
    pub fn write<T, E>(&mut self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<DbError>,
    {
        self.scoped(|st| f(&st.read()))
    }

    /// Runs `f` with the store in one transaction, so that several game
    /// operations (each a [`Store::write`]) and whatever `f` records about
    /// them commit together or not at all. The mail loop handles one
    /// message this way: the orders it carries, its reply in the outbox and
    /// the mark that it was handled.
    pub fn batch<T, E>(&mut self, f: impl FnOnce(&mut Store) -> Result<T, E>) -> Result<T, E>
    where
        E: From<DbError>,
    {
        self.scoped(f)
    }

    /// Whether a transaction is open (inside [`Store::write`] or
    /// [`Store::batch`]).
    pub fn in_transaction(&self) -> bool {
        self.depth > 0
    }

    fn scoped<T, E>(&mut self, f: impl FnOnce(&mut Store) -> Result<T, E>) -> Result<T, E>
    where
        E: From<DbError>,
    {
        let level = self.depth;
        if level == 0 {
            exec(&self.read(), "BEGIN IMMEDIATE", []).map_err(DbError::from)?;
            self.kept.open(&self.conn);
        } else {
            exec(&self.read(), &format!("SAVEPOINT dipspy_{level}"), []).map_err(DbError::from)?;
        }
        self.depth += 1;
        // Rolls back if `f` panics, so the connection is never left inside
        // a half-done transaction.
        let out = {
            let mut guard = Unwind {
                st: self,
                level,
                armed: true,
            };
            let out = f(guard.st);
            guard.armed = false;
            out
        };
        let st = self;
        st.depth = level;
        match out {
            Ok(v) => {
                if level == 0 {
                    st.kept.close();
                    if let Err(e) = exec(&st.read(), "COMMIT", []) {
                        let _ = st.conn.execute_batch("ROLLBACK");
                        return Err(DbError::from(e).into());
                    }
                } else {
                    exec(&st.read(), &format!("RELEASE dipspy_{level}"), [])
                        .map_err(DbError::from)?;
                }
                Ok(v)
            }
            Err(e) => {
                rollback_to(&st.conn, &st.kept, level);
                Err(e)
            }
        }
    }
}

/// The database's `application_id`, the first thing read of a file: a
/// file that is no SQLite database at all is told apart from one that
/// cannot be read.
fn application_id(conn: &Connection, path: &Path) -> Result<i32, StoreError> {
    match conn.query_row("PRAGMA application_id", [], |r| r.get(0)) {
        Ok(v) => Ok(v),
        Err(rusqlite::Error::SqliteFailure(e, _))
            if e.code == rusqlite::ErrorCode::NotADatabase =>
        {
            Err(StoreError::NotADatabase {
                path: path.to_path_buf(),
            })
        }
        Err(source) => Err(StoreError::Open {
            path: path.to_path_buf(),
            source,
        }),
    }
}

fn rollback_to(conn: &Connection, kept: &txn_cache::Cache, level: usize) {
    if level == 0 {
        kept.close();
    } else {
        kept.rolled_back(conn);
    }
    let sql = if level == 0 {
        "ROLLBACK".to_string()
    } else {
        format!("ROLLBACK TO dipspy_{level}; RELEASE dipspy_{level}")
    };
    if let Err(e) = conn.execute_batch(&sql) {
        tracing::error!("rolling back a failed write: {e}");
    }
}

/// Undoes an unfinished transaction level when its closure panics.
struct Unwind<'a> {
    st: &'a mut Store,
    level: usize,
    armed: bool,
}

impl Drop for Unwind<'_> {
    fn drop(&mut self) {
        if self.armed {
            self.st.depth = self.level;
            rollback_to(&self.st.conn, &self.st.kept, self.level);
        }
    }
}

/// The crash-test hook: called inside the processing transaction just
/// before it commits. Does nothing unless [`TEST_PAUSE_ENV`] is set.
pub fn test_pause_hook() {
    if let Ok(v) = std::env::var(TEST_PAUSE_ENV) {
        let secs: u64 = v.parse().unwrap_or(30);
        crate::logging::say(format_args!(
            "dipspy: test hook: pausing {secs}s before commit"
        ));
        std::thread::sleep(Duration::from_secs(secs));
    }
}

// ---------------------------------------------------------------- statements

/// Runs one statement through the connection's cache of prepared
/// statements: the judge runs the same few dozen statements for every
/// message, and parsing their SQL each time cost more than running them.
fn exec(c: &Tx<'_>, sql: &str, p: impl rusqlite::Params) -> rusqlite::Result<usize> {
    c.prepare_cached(sql)?.execute(p)
}

/// [`exec`] for a write to a table whose rows the transaction's read
/// cache never keeps (orders, espionage lines, the secret log, the mail
/// tables): the game, its map, powers and phase read before it are not
/// read again after it.
fn exec_keeping(c: &Tx<'_>, sql: &str, p: impl rusqlite::Params) -> rusqlite::Result<usize> {
    c.kept.keeping(c.conn, || exec(c, sql, p))
}

/// The rows of `table` (orders or spy_orders) that stand for a phase, of
/// one power or of all, in the order received.
fn live_rows<T>(
    c: &Tx<'_>,
    table: &str,
    cols: &str,
    phase_id: i64,
    power: Option<&str>,
    row: fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<T>> {
    let of_power = if power.is_some() {
        " AND power = ?2"
    } else {
        ""
    };
    let mut st = c.prepare_cached(&format!(
        "SELECT {cols} FROM {table}
         WHERE phase_id = ?1{of_power} AND status = 'live' ORDER BY id"
    ))?;
    match power {
        Some(p) => st.query_map(params![phase_id, p], row)?.collect(),
        None => st.query_map([phase_id], row)?.collect(),
    }
}

/// `Connection::query_row` through the statement cache (see [`exec`]).
fn one<T>(
    c: &Tx<'_>,
    sql: &str,
    p: impl rusqlite::Params,
    f: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    c.prepare_cached(sql)?.query_row(p, f)
}
