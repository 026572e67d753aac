//! The games database as the edges above the game layer see it.
//!
//! `judge` and `cli` never name `crate::store` (`tests/it/engine_purity.rs`
//! checks it): what they need of the database is here, one named item per
//! need, and the same test allows the game layer to re-export only the
//! store's items listed there, never a module or a glob.
//!
//! - the handle: [`Store`] (opened by the command line and the mail loop,
//!   handed to every game operation, a message handled in one
//!   [`Store::batch`]) and its error, [`StoreError`];
//! - the database file: the one-judge lock ([`lock_judge`], refused with
//!   a [`LockError`]) and `dipspy
//!   backup` ([`backup_database`]);
//! - wrong passwords and the locks they start: in [`super::locks`];
//! - the results mails of a game ([`results_mails`]), which HISTORY
//!   repeats;
//! - [`Attachment`], a file carried by a reply (MAP's picture);
//! - the typed states the game's views carry ([`GameStatus`],
//!   [`GameOutcome`], [`PhaseStatus`], [`OrderStatus`], [`PowerStatus`]),
//!   so that the edges compare states, not words.

use crate::store::JudgeLock;
pub use crate::store::LockError;
use crate::store::{self, AnnouncementKind, AnnouncementRow};
use crate::store::{BackupError, BackupReport};
use std::path::Path;

pub use crate::store::Attachment;
pub use crate::store::{
    DbError, GameOutcome, GameStatus, OrderStatus, PhaseStatus, PowerStatus, Store, StoreError, Tx,
};

/// Takes the lock that lets one judge at a time serve the database at
/// `db`; it is held as long as the returned value lives.
pub fn lock_judge(db: &Path) -> Result<JudgeLock, LockError> {
    store::lock_judge(db)
}

/// Copies the database at `db` into the new file `to` and checks the copy
/// (`dipspy backup`).
pub fn backup_database(db: &Path, to: &Path) -> Result<BackupReport, BackupError> {
    store::backup(db, to)
}

/// The results mails of the game called `game`, oldest first (none when
/// there is no such game).
pub fn results_mails(st: &Store, game: &str) -> crate::store::DbResult<Vec<AnnouncementRow>> {
    Ok(match st.read().game_by_name(game)? {
        Some(g) => st
            .read()
            .announcements(g.id)?
            .into_iter()
            .filter(|a| a.kind == AnnouncementKind::Results)
            .collect(),
        None => Vec::new(),
    })
}
