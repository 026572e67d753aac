//! The games database as the edges above the game layer see it.
//!
//! `judge` and `cli` never name `crate::store` (`tests/engine_purity.rs`
//! checks it): what they need of the database is here, one named item per
//! need, and the same test allows the game layer to re-export only the
//! store's items listed there, never a module or a glob.
//!
//! - the handle: [`Store`] (opened by the command line and the mail loop,
//!   handed to every game operation, a message handled in one
//!   [`Store::batch`]) and its error, [`StoreError`];
//! - the database file: the one-judge lock ([`lock_judge`]) and `dipspy
//!   backup` ([`backup_database`]);
//! - wrong passwords ([`signon_failures_since`],
//!   [`record_signon_failure`]), for the judge's sign-on lock (whose
//!   announcement, in the judge's words, is mail: `crate::mail::signon_lock`);
//! - the results mails of a game ([`results_mails`]), which HISTORY
//!   repeats;
//! - [`Attachment`], a file carried by a reply (MAP's picture);
//! - the typed states the game's views carry ([`GameStatus`],
//!   [`GameOutcome`], [`PhaseStatus`], [`OrderStatus`], [`PowerStatus`]),
//!   so that the edges compare states, not words.

use crate::store::backup::{BackupError, BackupReport};
use crate::store::lock::{JudgeLock, LockError};
use crate::store::{self, AnnouncementKind, AnnouncementRow, time_text};
use chrono::{DateTime, Utc};
use rusqlite::Connection;
use std::path::Path;

pub use crate::store::attachments::Attachment;
pub use crate::store::{
    GameOutcome, GameStatus, OrderStatus, PhaseStatus, PowerStatus, Store, StoreError,
};

/// Takes the lock that lets one judge at a time serve the database at
/// `db`; it is held as long as the returned value lives.
pub fn lock_judge(db: &Path) -> Result<JudgeLock, LockError> {
    store::lock::lock_judge(db)
}

/// Copies the database at `db` into the new file `to` and checks the copy
/// (`dipspy backup`).
pub fn backup_database(db: &Path, to: &Path) -> Result<BackupReport, BackupError> {
    store::backup::backup(db, to)
}

/// How many wrong passwords were recorded for `power` of a game after
/// `since`.
pub fn signon_failures_since(
    c: &Connection,
    game_id: i64,
    power: &str,
    since: DateTime<Utc>,
) -> rusqlite::Result<u32> {
    store::signons::failures_since(c, game_id, power, &time_text(since))
}

/// Records a wrong password for `power`, given by `person` at `at`.
pub fn record_signon_failure(
    c: &Connection,
    game_id: i64,
    power: &str,
    person: &str,
    at: DateTime<Utc>,
) -> rusqlite::Result<usize> {
    store::signons::insert_failure(c, game_id, power, person, &time_text(at))
}

/// The results mails of the game called `game`, oldest first (none when
/// there is no such game).
pub fn results_mails(st: &Store, game: &str) -> rusqlite::Result<Vec<AnnouncementRow>> {
    Ok(match store::game_by_name(st.conn(), game)? {
        Some(g) => store::announcements(st.conn(), g.id)?
            .into_iter()
            .filter(|a| a.kind == AnnouncementKind::Results)
            .collect(),
        None => Vec::new(),
    })
}
