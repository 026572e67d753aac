//! What the powers' pages need beyond the database they read: the
//! database to write commands to, the judge's settings and limits they
//! go through, the address links are made for, the clock, and the
//! sessions.

use super::Holder;
use crate::web::sessions::Sessions;
use chrono::{DateTime, Utc};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The clock the pages read.
type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// The powers' pages' settings and sessions: given to a site with
/// [`crate::web::Site::with_players`]; without one, a power's page is
/// not there.
pub struct Door {
    /// The database the commands are written to (each in one
    /// transaction with its reply, as mail's are).
    pub(in crate::web) db: PathBuf,
    /// The judge's settings the commands go through.
    pub(in crate::web) judge: crate::judge::JudgeSettings,
    /// The mail layer's limits (what a command causes is queued within
    /// them).
    pub(in crate::web) limits: crate::mail::Limits,
    /// The pages' address as the world reaches them
    /// (`https://diplomacy.example.org`), for the one-time links mailed
    /// to players; none: no links are offered.
    pub(in crate::web) public_url: Option<String>,
    clock: Clock,
    /// The sessions open, each a power's.
    pub(in crate::web) sessions: Mutex<Sessions<Holder>>,
    /// Held while a password is checked and recorded, so that guesses
    /// sent together are counted one after the other.
    pub(in crate::web) gate: Mutex<()>,
}

impl Door {
    /// The powers' pages of the database `db`, their commands going
    /// through the judge `js` within `limits`; the clock is the
    /// system's.
    pub fn new(db: &Path, js: crate::judge::JudgeSettings, limits: crate::mail::Limits) -> Door {
        Door {
            db: db.to_path_buf(),
            judge: js,
            limits,
            public_url: None,
            clock: Arc::new(Utc::now),
            sessions: Mutex::new(Sessions::default()),
            gate: Mutex::new(()),
        }
    }

    /// Offers one-time links, made for the pages at `url` (their public
    /// address, without a trailing `/`).
    pub fn with_public_url(mut self, url: &str) -> Door {
        self.public_url = Some(url.trim_end_matches('/').to_string());
        self
    }

    /// Reads the time from `clock` instead of the system's (tests, and
    /// `--now`).
    pub fn with_clock(mut self, clock: impl Fn() -> DateTime<Utc> + Send + Sync + 'static) -> Door {
        self.clock = Arc::new(clock);
        self
    }

    /// The time now.
    pub(in crate::web) fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }
}
