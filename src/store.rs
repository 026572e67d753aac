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
//! Still past 1,000 lines: the games, phases and orders rows and the
//! opening of the database are here together until the store is split by
//! table family with one row definition per table (issue 36, item 3);
//! the other table families already have their own files in `store/`.

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use rusqlite_migration::{M, Migrations};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[macro_use]
mod row;

pub mod absences;
pub mod address;
mod announcements;
pub mod attachments;
pub mod backup;
pub mod future_orders;
pub mod game_maps;
pub mod head_key;
pub mod health;
pub mod inbox;
pub mod languages;
pub mod lock;
pub mod log_records;
pub mod observe_requests;
pub mod outbox;
pub mod signons;
pub mod spy;
pub mod states;
pub mod takeovers;
mod txn_cache;

pub use states::{
    AddressChangeStatus, AnnouncementKind, Audience, FutureOrderStatus, GameOutcome, GameStatus,
    OrderStatus, PhaseStatus, PowerStatus, SpyOrderStatus,
};

pub use announcements::{AnnouncementRow, NewAnnouncement, NewNotice};

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
];

/// How many prepared statements a connection keeps (see [`exec`]).
const STATEMENT_CACHE: usize = 128;

/// Set by the crash test: processing sleeps this many seconds inside its
/// transaction, just before the commit, so the test can kill the process.
pub const TEST_PAUSE_ENV: &str = "DIPSPY_TEST_PAUSE_IN_PROCESSING";

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path}: not a dipspy database (it is some other SQLite file); give another file with --db"
    )]
    Foreign { path: PathBuf },
    #[error("{path}: not an SQLite database at all; give another file with --db")]
    NotADatabase { path: PathBuf },
    #[error(
        "{path}: made by a newer dipspy (schema version {found}; this dipspy knows up to {known}); upgrade dipspy to use it"
    )]
    TooNew {
        path: PathBuf,
        found: i64,
        known: usize,
    },
    #[error("{path}: cannot open the database: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{path}: cannot bring the database schema up to date: {source}")]
    Migrate {
        path: PathBuf,
        source: rusqlite_migration::Error,
    },
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error(
        "{path}: there is no database here (give the judge's database with --db or [database] path)"
    )]
    Missing { path: PathBuf },
    #[error(
        "{path}: not a regular file ({kind}); give the database file with --db or [database] path"
    )]
    NotAFile { path: PathBuf, kind: &'static str },
    #[error("{path}: cannot create the database: {source}")]
    Create {
        path: PathBuf,
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
        let app_id: i32 = match conn.query_row("PRAGMA application_id", [], |r| r.get(0)) {
            Ok(v) => v,
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::NotADatabase =>
            {
                return Err(StoreError::NotADatabase {
                    path: path.to_path_buf(),
                });
            }
            Err(e) => return Err(open_err(e)),
        };
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

/// `Connection::query_row` through the statement cache (see [`exec`]).
fn one<T>(
    c: &Tx<'_>,
    sql: &str,
    p: impl rusqlite::Params,
    f: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    c.prepare_cached(sql)?.query_row(p, f)
}

// ---------------------------------------------------------------- games

row! {
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub rules: String,
    pub settings: String,
    pub status: GameStatus,
    pub outcome: Option<GameOutcome>,
    pub outcome_powers: Option<String>,
    pub paused_remaining: Option<i64>,
    pub created_at: String,
    /// The game's identity, signed into its secret log's heads
    /// (`migrations/0026_game_identity.sql`).
    pub uid: Option<String>,
    /// From when its secret log owes signed heads (none yet: no head).
    pub heads_since: Option<String>,
    /// Whether its end owes a final signed head.
    pub final_head_owed: bool,
}
}

const GAME_COLS: &str = GameRow::COLS;

impl Tx<'_> {
    pub fn game_by_name(&self, name: &str) -> DbResult<Option<GameRow>> {
        Ok(txn_cache::game(self, name, || {
            one(
                self,
                &format!("SELECT {GAME_COLS} FROM games WHERE name = ?1"),
                [name],
                GameRow::from_row,
            )
            .optional()
        })?)
    }

    pub fn games(&self) -> DbResult<Vec<GameRow>> {
        let mut st =
            self.prepare_cached(&format!("SELECT {GAME_COLS} FROM games ORDER BY name"))?;
        Ok(st
            .query_map([], GameRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    pub fn insert_game(
        &self,
        name: &str,
        variant: &str,
        rules: &str,
        settings: &str,
        now: &str,
    ) -> DbResult<i64> {
        exec(
        self,
        "INSERT INTO games (name, variant, rules, settings, status, created_at, uid, heads_since)
         VALUES (?1, ?2, ?3, ?4, 'forming', ?5, lower(hex(randomblob(16))), ?5)",
        params![name, variant, rules, settings, now],
    )?;
        Ok(self.last_insert_rowid())
    }

    pub fn set_game_status(&self, game: i64, status: GameStatus) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET status = ?2 WHERE id = ?1",
            params![game, status],
        )?;
        Ok(())
    }

    pub fn set_paused_remaining(&self, game: i64, secs: Option<i64>) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET paused_remaining = ?2 WHERE id = ?1",
            params![game, secs],
        )?;
        Ok(())
    }

    pub fn set_outcome(
        &self,
        game: i64,
        outcome: Option<GameOutcome>,
        powers: Option<&str>,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET outcome = ?2, outcome_powers = ?3 WHERE id = ?1",
            params![game, outcome, powers],
        )?;
        Ok(())
    }
}

// ---------------------------------------------------------------- powers

row! {
#[derive(Debug, Clone)]
pub struct PowerRow {
    pub power: String,
    pub email: Option<String>,
    pub password_hash: Option<String>,
    pub status: PowerStatus,
    pub wait: bool,
    pub draw_vote: bool,
    pub eliminated_in: Option<String>,
    /// The powers a draw vote names (comma-separated); none: all survivors.
    pub draw_with: Option<String>,
    /// The power this one votes to concede to.
    pub concede_to: Option<String>,
}
}

impl Tx<'_> {
    pub fn insert_power(&self, game: i64, power: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO powers (game_id, power) VALUES (?1, ?2)",
            params![game, power],
        )?;
        Ok(())
    }

    /// The powers of a game, in the map's order (by insertion).
    pub fn powers(&self, game: i64) -> DbResult<Vec<PowerRow>> {
        Ok(txn_cache::powers(self, game, || read_powers(self, game))?)
    }
}

fn read_powers(c: &Tx<'_>, game: i64) -> rusqlite::Result<Vec<PowerRow>> {
    // Sorted here by rowid: `ORDER BY rowid` after the search by game made
    // SQLite build a temporary B-tree for every read.
    let mut st = c.prepare_cached(&format!(
        "SELECT rowid AS rowid, {} FROM powers WHERE game_id = ?1",
        PowerRow::COLS
    ))?;
    let mut rows = st
        .query_map([game], |r| {
            Ok((r.get::<_, i64>("rowid")?, PowerRow::from_row(r)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.sort_by_key(|(rowid, _)| *rowid);
    Ok(rows.into_iter().map(|(_, p)| p).collect())
}

impl Tx<'_> {
    pub fn seat_player(
        &self,
        game: i64,
        power: &str,
        email: &str,
        hash: &str,
        now: &str,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET email = ?3, password_hash = ?4, status = 'playing', joined_at = ?5
         WHERE game_id = ?1 AND power = ?2",
            params![game, power, email, hash, now],
        )?;
        Ok(())
    }

    pub fn set_power_status(
        &self,
        game: i64,
        power: &str,
        status: PowerStatus,
        eliminated_in: Option<&str>,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET status = ?3, eliminated_in = ?4 WHERE game_id = ?1 AND power = ?2",
            params![game, power, status, eliminated_in],
        )?;
        Ok(())
    }

    pub fn set_wait(&self, game: i64, power: &str, wait: bool) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET wait = ?3 WHERE game_id = ?1 AND power = ?2",
            params![game, power, wait],
        )?;
        Ok(())
    }

    pub fn clear_waits(&self, game: i64) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET wait = 0 WHERE game_id = ?1",
            [game],
        )?;
        Ok(())
    }

    /// Records a power's draw vote: `with` names the powers it includes
    /// (none: all survivors); `vote` false withdraws it.
    pub fn set_draw_vote(
        &self,
        game: i64,
        power: &str,
        vote: bool,
        with: Option<&str>,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET draw_vote = ?3, draw_with = ?4 WHERE game_id = ?1 AND power = ?2",
            params![game, power, vote, with.filter(|_| vote)],
        )?;
        Ok(())
    }

    /// Records (or with `None` withdraws) a power's concession.
    pub fn set_concession(&self, game: i64, power: &str, to: Option<&str>) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET concede_to = ?3 WHERE game_id = ?1 AND power = ?2",
            params![game, power, to],
        )?;
        Ok(())
    }

    /// Clears every draw vote and concession of a game.
    pub fn clear_draw_votes(&self, game: i64) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET draw_vote = 0, draw_with = NULL, concede_to = NULL WHERE game_id = ?1",
            [game],
        )?;
        Ok(())
    }
}

row! {
#[derive(Debug, Clone)]
pub struct WaitingPlayer {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
}
}

impl Tx<'_> {
    pub fn insert_waiting(&self, game: i64, email: &str, hash: &str, now: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO waiting_players (game_id, email, password_hash, joined_at)
         VALUES (?1, ?2, ?3, ?4)",
            params![game, email, hash, now],
        )?;
        Ok(())
    }

    pub fn waiting_players(&self, game: i64) -> DbResult<Vec<WaitingPlayer>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM waiting_players WHERE game_id = ?1 ORDER BY id",
            WaitingPlayer::COLS
        ))?;
        Ok(st
            .query_map([game], WaitingPlayer::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    pub fn delete_waiting(&self, id: i64) -> DbResult<()> {
        exec(self, "DELETE FROM waiting_players WHERE id = ?1", [id])?;
        Ok(())
    }
}

// ---------------------------------------------------------------- phases

row! {
#[derive(Debug, Clone)]
pub struct PhaseRow {
    pub id: i64,
    pub seq: i64,
    pub phase: String,
    pub position: String,
    pub status: PhaseStatus,
    pub deadline: Option<String>,
    pub started_at: String,
    pub processed_at: Option<String>,
    pub results: Option<String>,
    pub rolled_back_at: Option<String>,
    pub produced_by: Option<i64>,
}
}

const PHASE_COLS: &str = PhaseRow::COLS;

impl Tx<'_> {
    /// Every phase row of a game, oldest first (rolled-back ones included).
    pub fn phases(&self, game: i64) -> DbResult<Vec<PhaseRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {PHASE_COLS} FROM phases WHERE game_id = ?1 ORDER BY seq"
        ))?;
        Ok(st
            .query_map([game], PhaseRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The phase being played (or the final position of a finished game).
    pub fn live_phase(&self, game: i64) -> DbResult<Option<PhaseRow>> {
        Ok(txn_cache::live_phase(self, game, || {
            one(
            self,
            &format!(
                "SELECT {PHASE_COLS} FROM phases WHERE game_id = ?1 AND status IN ('current', 'final')
                 ORDER BY seq DESC LIMIT 1"
            ),
            [game],
            PhaseRow::from_row,
        )
        .optional()
        })?)
    }

    #[allow(clippy::too_many_arguments)]
    pub fn insert_phase(
        &self,
        game: i64,
        phase: &str,
        position: &str,
        status: PhaseStatus,
        deadline: Option<&str>,
        now: &str,
        produced_by: Option<i64>,
    ) -> DbResult<i64> {
        let seq: i64 = one(
            self,
            "SELECT coalesce(max(seq), -1) + 1 FROM phases WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )?;
        exec(self,
        "INSERT INTO phases (game_id, seq, phase, position, status, deadline, started_at, produced_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![game, seq, phase, position, status, deadline, now, produced_by],
    )?;
        Ok(self.last_insert_rowid())
    }

    pub fn mark_processed(&self, phase_id: i64, now: &str, results: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE phases SET status = 'processed', processed_at = ?2, results = ?3 WHERE id = ?1",
            params![phase_id, now, results],
        )?;
        Ok(())
    }

    pub fn set_phase_status(&self, phase_id: i64, status: PhaseStatus) -> DbResult<()> {
        exec(
            self,
            "UPDATE phases SET status = ?2 WHERE id = ?1",
            params![phase_id, status],
        )?;
        Ok(())
    }

    pub fn set_deadline(&self, phase_id: i64, deadline: Option<&str>) -> DbResult<()> {
        exec(
            self,
            "UPDATE phases SET deadline = ?2 WHERE id = ?1",
            params![phase_id, deadline],
        )?;
        Ok(())
    }

    pub fn mark_rolled_back(&self, game: i64, from_seq: i64, now: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE phases SET status = 'rolled_back', rolled_back_at = ?3
         WHERE game_id = ?1 AND seq >= ?2 AND status != 'rolled_back'",
            params![game, from_seq, now],
        )?)
    }
}

// ---------------------------------------------------------------- orders

row! {
#[derive(Debug, Clone)]
pub struct OrderRow {
    pub id: i64,
    pub power: String,
    pub raw: String,
    pub parsed: Option<String>,
    /// Why it was refused, as stored before migration 0023 (English).
    pub error: Option<String>,
    /// Why it was refused: the code and arguments, JSON (migration 0023).
    pub refusal: Option<String>,
    pub submitted_by: String,
    pub submitted_at: String,
    pub message_id: Option<String>,
    pub status: OrderStatus,
    pub replaced_by: Option<i64>,
    pub outcome: Option<String>,
    pub reason: Option<String>,
}
}

const ORDER_COLS: &str = OrderRow::COLS;

impl Tx<'_> {
    /// Every order line received for a phase, in the order received.
    pub fn orders(&self, phase_id: i64) -> DbResult<Vec<OrderRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {ORDER_COLS} FROM orders WHERE phase_id = ?1 ORDER BY id"
        ))?;
        Ok(st
            .query_map([phase_id], OrderRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The orders of a phase that stand (status `live`), of one power or of
    /// all, in the order received: what [`orders`] returns, filtered, without
    /// reading the replaced, withdrawn and unreadable lines (index
    /// `orders_live`, `migrations/0005_live_orders.sql`).
    pub fn live_orders(&self, phase_id: i64, power: Option<&str>) -> DbResult<Vec<OrderRow>> {
        Ok(live_rows(
            self,
            "orders",
            ORDER_COLS,
            phase_id,
            power,
            OrderRow::from_row,
        )?)
    }
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

pub struct NewOrder<'a> {
    pub phase_id: i64,
    pub power: &'a str,
    pub raw: &'a str,
    pub parsed: Option<&'a str>,
    /// Why it was refused: the code and arguments, JSON (migration 0023).
    pub refusal: Option<&'a str>,
    pub submitted_by: &'a str,
    pub submitted_at: &'a str,
    pub message_id: Option<&'a str>,
}

impl Tx<'_> {
    pub fn insert_order(&self, o: &NewOrder) -> DbResult<i64> {
        let status = if o.parsed.is_some() {
            OrderStatus::Live
        } else {
            OrderStatus::Unreadable
        };
        exec_keeping(
            self,
            "INSERT INTO orders (phase_id, power, raw, parsed, refusal, submitted_by, submitted_at,
                             message_id, status)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                o.phase_id,
                o.power,
                o.raw,
                o.parsed,
                o.refusal,
                o.submitted_by,
                o.submitted_at,
                o.message_id,
                status
            ],
        )?;
        Ok(self.last_insert_rowid())
    }

    pub fn replace_order(&self, id: i64, by: i64) -> DbResult<()> {
        exec_keeping(
            self,
            "UPDATE orders SET status = 'replaced', replaced_by = ?2 WHERE id = ?1",
            params![id, by],
        )?;
        Ok(())
    }

    pub fn withdraw_orders(&self, phase_id: i64, power: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE orders SET status = 'withdrawn'
         WHERE phase_id = ?1 AND power = ?2 AND status = 'live'",
            params![phase_id, power],
        )?)
    }

    pub fn set_order_result(&self, id: i64, outcome: &str, reason: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE orders SET outcome = ?2, reason = ?3 WHERE id = ?1",
            params![id, outcome, reason],
        )?;
        Ok(())
    }
}

// ---------------------------------------------------------------- missed

impl Tx<'_> {
    pub fn insert_missed(&self, phase_id: i64, power: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO missed (phase_id, power) VALUES (?1, ?2)",
            params![phase_id, power],
        )?;
        Ok(())
    }

    pub fn missed(&self, phase_id: i64) -> DbResult<Vec<String>> {
        let mut st =
            self.prepare_cached("SELECT power FROM missed WHERE phase_id = ?1 ORDER BY rowid")?;
        Ok(st
            .query_map([phase_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }
}

// ---------------------------------------------------------- mail commands

impl Tx<'_> {
    /// A player's new password hash (SET PASSWORD).
    pub fn set_password_hash(&self, game: i64, power: &str, hash: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE powers SET password_hash = ?3 WHERE game_id = ?1 AND power = ?2",
            params![game, power, hash],
        )?)
    }

    /// Leaves a power without a player (RESIGN): no address, no password, no
    /// wait flag or draw vote.
    pub fn vacate_power(&self, game: i64, power: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE powers SET email = NULL, password_hash = NULL, status = 'vacant', wait = 0,
                draw_vote = 0, draw_with = NULL, concede_to = NULL, joined_at = NULL
         WHERE game_id = ?1 AND power = ?2",
            params![game, power],
        )?)
    }
}

// ------------------------------------------------------------ judge state

impl Tx<'_> {
    /// A value the judge remembers about itself (`migrations/0009_judge_state.sql`).
    pub fn judge_state(&self, key: &str) -> DbResult<Option<String>> {
        Ok(self
            .query_row("SELECT value FROM judge_state WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Remembers a value about the judge, replacing the earlier one.
    pub fn set_judge_state(&self, key: &str, value: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO judge_state (key, value) VALUES (?1, ?2)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }

    /// Forgets values about the judge.
    pub fn clear_judge_state(&self, keys: &[&str]) -> DbResult<()> {
        for k in keys {
            exec(self, "DELETE FROM judge_state WHERE key = ?1", [k])?;
        }
        Ok(())
    }
}
