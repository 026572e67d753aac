//! What every page shares: the database, opened for reading only (a few
//! connections kept for the next requests), and the pictures already
//! drawn, one per phase and language.

use crate::game::{GameError, Lang, Store, StoreError};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How many idle read-only connections are kept.
const POOL: usize = 8;

/// How many pictures are kept; the cache is emptied when it is full.
const PICTURES: usize = 512;

/// Why the site could not start, or a page could not be made.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The database could not be opened for reading.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The game layer refused (no such game, a phase not played...).
    #[error("{0}")]
    Game(#[from] GameError),
    /// The address could not be listened on, or a connection failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A command could not be handed to the judge (the database failed).
    #[error("{0}")]
    Mail(#[from] crate::mail::MailError),
    /// A page's work stopped before it ended (a panic in it).
    #[error("a page's work stopped: {0}")]
    Stopped(String),
}

/// A picture already drawn: the game, its phase row's number, whether
/// that phase was processed, and the reader's language.
type PictureKey = (String, i64, bool, Lang);

/// The site's shared state.
pub struct Site {
    db: PathBuf,
    idle: Mutex<Vec<Store>>,
    pictures: Mutex<HashMap<PictureKey, Arc<str>>>,
    /// The judge's pages' settings and sessions, when they are served.
    judge: Option<super::judge::Desk>,
    /// The powers' pages' settings and sessions, when they are served.
    players: Option<super::players::Door>,
}

impl Site {
    /// The site of the database at `db`: opened once now for reading
    /// only, so that a wrong path or a database of the wrong schema is
    /// said at once.
    pub fn open(db: &Path) -> Result<Site, WebError> {
        let first = Store::open_read_only(db)?;
        Ok(Site {
            db: db.to_path_buf(),
            idle: Mutex::new(vec![first]),
            pictures: Mutex::new(HashMap::new()),
            judge: None,
            players: None,
        })
    }

    /// The site with the judge's pages (`/judge`) behind the master
    /// password, as `desk` sets them.
    pub fn with_judge(mut self, desk: super::judge::Desk) -> Site {
        self.judge = Some(desk);
        self
    }

    /// The site with the powers' pages, their commands going through
    /// the judge as `door` sets them.
    pub fn with_players(mut self, door: super::players::Door) -> Site {
        self.players = Some(door);
        self
    }

    /// The powers' pages' settings and sessions, if they are served.
    pub(super) fn players(&self) -> Option<&super::players::Door> {
        self.players.as_ref()
    }

    /// The judge's pages' settings and sessions, if they are served.
    pub(super) fn judge(&self) -> Option<&super::judge::Desk> {
        self.judge.as_ref()
    }

    /// Runs `f` with a read-only connection, on a thread where it may
    /// block, and gives the connection back for the next request.
    pub(super) async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&Store, &Site) -> Result<T, WebError> + Send + 'static,
    ) -> Result<T, WebError> {
        let site = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let st = match site.idle.lock().map(|mut v| v.pop()) {
                Ok(Some(st)) => st,
                _ => Store::open_read_only(&site.db)?,
            };
            let out = f(&st, &site);
            if let Ok(mut idle) = site.idle.lock()
                && idle.len() < POOL
            {
                idle.push(st);
            }
            out
        })
        .await
        .map_err(|e| WebError::Stopped(e.to_string()))?
    }

    /// The picture under `key`, drawn by `draw` the first time it is
    /// asked for.
    pub(super) fn picture(
        &self,
        key: PictureKey,
        draw: impl FnOnce() -> Result<String, WebError>,
    ) -> Result<Arc<str>, WebError> {
        if let Some(p) = self.pictures.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(p);
        }
        let drawn: Arc<str> = Arc::from(draw()?);
        if let Ok(mut m) = self.pictures.lock() {
            if m.len() >= PICTURES {
                m.clear();
            }
            m.insert(key, Arc::clone(&drawn));
        }
        Ok(drawn)
    }
}
