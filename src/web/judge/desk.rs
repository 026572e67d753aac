//! What the judge's pages need beyond the database they read: the master
//! password's hash and the guessing lock it shares with mail, the
//! database to record wrong guesses and the master's commands in, the
//! limits those commands go through, the key the log's heads are checked
//! with, the master's saved heads, the clock, and the sessions.

use super::session::Sessions;
use chrono::{DateTime, Utc};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The clock the pages read.
type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// The judge's pages' settings and sessions: given to a site with
/// [`crate::web::Site::with_judge`]; without one, `/judge` is not there.
pub struct Desk {
    /// The database, opened for writing only to record a wrong password
    /// and start a lock, and for the master's commands (each in one
    /// transaction with its reply, as mail's are); the pages themselves
    /// read only.
    pub(super) db: PathBuf,
    /// The master password's Argon2 hash.
    pub(super) hash: String,
    /// The file of the key that signs the log's heads.
    pub(super) head_key: PathBuf,
    /// The signed heads the master kept (an mbox, `.eml` files or a
    /// Maildir), checked as `secret-log --verify --against` does.
    pub(super) master_heads: Option<PathBuf>,
    /// The judge's settings that a wrong password goes through, as one
    /// sent by mail with `MASTER` does: the lock (`signon_lock`), and the
    /// master's address the lock is told to, when there is one.
    pub(super) judge: crate::judge::JudgeSettings,
    /// The mail layer's limits the master's commands go through (what a
    /// command causes is queued within them).
    pub(super) limits: crate::mail::Limits,
    clock: Clock,
    /// The sessions open.
    pub(super) sessions: Mutex<Sessions>,
    /// Held while a password is checked and its failure recorded, so
    /// that guesses sent together are counted one after the other.
    pub(super) gate: Mutex<()>,
}

impl Desk {
    /// The pages of the database `db`, behind the master password whose
    /// Argon2 hash is `hash`, `lock_after` wrong passwords within
    /// `lock_minutes` locking it for `lock_minutes` (the `[limits]` of
    /// mail: one lock for both), the heads checked with the key in
    /// `head_key`; the clock is the system's.
    pub fn new(db: &Path, hash: &str, lock_after: u32, lock_minutes: i64, head_key: &Path) -> Desk {
        Desk {
            db: db.to_path_buf(),
            hash: hash.to_string(),
            judge: crate::judge::JudgeSettings {
                signon_lock: crate::judge::SignonLock {
                    after: lock_after.max(1),
                    minutes: lock_minutes,
                },
                ..Default::default()
            },
            limits: crate::mail::Limits::default(),
            head_key: head_key.to_path_buf(),
            master_heads: None,
            clock: Arc::new(Utc::now),
            sessions: Mutex::new(Sessions::default()),
            gate: Mutex::new(()),
        }
    }

    /// Also checks the log against the signed heads the master kept in
    /// `file` (an mbox, `.eml` files or a Maildir).
    pub fn with_master_heads(mut self, file: &Path) -> Desk {
        self.master_heads = Some(file.to_path_buf());
        self
    }

    /// Records wrong passwords as the judge `js` does: its lock (which
    /// takes the place of the one given to [`Desk::new`]), and its letter
    /// to the master when they lock the master password, queued in the
    /// same transaction for the mail loop to send.
    pub fn with_judge(mut self, js: crate::judge::JudgeSettings) -> Desk {
        self.judge = js;
        self
    }

    /// Queues what the master's commands cause within `limits` (the
    /// configuration's `[limits]`) instead of the defaults.
    pub fn with_limits(mut self, limits: crate::mail::Limits) -> Desk {
        self.limits = limits;
        self
    }

    /// Reads the time from `clock` instead of the system's (tests, and
    /// `--now`).
    pub fn with_clock(mut self, clock: impl Fn() -> DateTime<Utc> + Send + Sync + 'static) -> Desk {
        self.clock = Arc::new(clock);
        self
    }

    /// The time now.
    pub(super) fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }
}
