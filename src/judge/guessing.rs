//! Password guessing: one lock per power and one for the master password,
//! whoever writes. Every check of a power's or the master's password goes
//! through [`Session::check_password`]: wrong passwords are recorded
//! whatever address they come from, and once [`SignonLock::after`] of them
//! fall within [`SignonLock::minutes`], the password is locked for the
//! next [`SignonLock::minutes`]: further passwords are not even checked,
//! the right one included, from any address. Only mail that the judge
//! knows to be authenticated ([`super::Incoming::authenticated`], `[auth]`)
//! from the registered address (the player's, or `master_address`) passes
//! the lock. The player and the game master are told once per lock; the
//! game master lifts a lock with `master unlock` (or UNLOCK by mail).

use super::session::Session;
use super::{JudgeError, JudgeSettings, Letter, SignonLock, verify_cached};
use crate::game::Tx;
use crate::game::{self, Guarded, Store};
use crate::text::{Args, render};
use chrono::{DateTime, Duration, Utc};

/// A wrong password, in one message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Failure {
    pub(super) guarded: Guarded,
    /// The game's name (empty for the master password).
    pub(super) game: String,
}

/// A password to check: whose, the address it is registered to, and its
/// stored hash.
pub(super) struct Guard<'a> {
    pub(super) guarded: Guarded,
    pub(super) game: &'a str,
    pub(super) registered: Option<&'a str>,
    pub(super) hash: &'a str,
}

/// What became of a password given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Checked {
    Good,
    Wrong,
    /// Locked: not checked.
    Locked,
}

fn window(lock: SignonLock) -> Duration {
    Duration::minutes(lock.minutes)
}

impl Session<'_> {
    /// Checks `password` against `guard`'s hash, unless the password is
    /// locked; a wrong one is noted for [`record`].
    pub(super) fn check_password(
        &mut self,
        st: &Store,
        guard: &Guard<'_>,
        password: &str,
    ) -> Result<Checked, JudgeError> {
        let from = self.msg.from.trim();
        let trusted = self.msg.authenticated
            && guard
                .registered
                .is_some_and(|r| r.trim().eq_ignore_ascii_case(from));
        if !trusted {
            let lock = self.js.signon_lock;
            let state = game::password_lock(&st.read(), &guard.guarded, window(lock), self.now)?;
            let earlier = self
                .failures
                .iter()
                .filter(|f| f.guarded == guard.guarded)
                .count() as u32;
            if state.locked_until.is_some() || state.failures + earlier >= lock.after {
                return Ok(Checked::Locked);
            }
        }
        if verify_cached(guard.hash, password) {
            return Ok(Checked::Good);
        }
        // The registered address's own authenticated mail guesses nothing.
        if !trusted {
            self.failures.push(Failure {
                guarded: guard.guarded.clone(),
                game: guard.game.to_string(),
            });
        }
        Ok(Checked::Wrong)
    }
}

/// Records the wrong passwords of a message, in the transaction of its
/// reply; a password they lock is locked from `now`, and its player and
/// the game master are told (a power's by a notice of its game, the
/// master password's by a letter to the master, returned).
pub(super) fn record(
    c: &Tx<'_>,
    js: &JudgeSettings,
    person: &str,
    failures: &[Failure],
    now: DateTime<Utc>,
) -> Result<Vec<Letter>, JudgeError> {
    let lock = js.signon_lock;
    let mut letters = Vec::new();
    for f in failures {
        game::record_wrong_password(c, &f.guarded, person, now)?;
        let state = game::password_lock(c, &f.guarded, window(lock), now)?;
        if state.locked_until.is_some() || state.failures < lock.after {
            continue;
        }
        game::start_password_lock(c, &f.guarded, now, now + window(lock))?;
        match &f.guarded {
            Guarded::Power { game_id, power } => {
                tracing::warn!(game = %f.game, power = %power, "too many wrong passwords: sign-ons locked");
                game::post_signon_lock(c, *game_id, &f.game, power, lock.after, lock.minutes, now)?;
            }
            Guarded::Master => {
                tracing::warn!("too many wrong master passwords: MASTER locked");
                letters.extend(master_letter(c, js, lock));
            }
        }
    }
    Ok(letters)
}

/// A wrong master password given elsewhere than by mail (the judge's web
/// pages, as `person`): recorded as a wrong `MASTER` by mail is, in the
/// same lock, in `c`; when it is the one that locks the master password,
/// the letter that tells the master, to be sent in the same transaction.
pub fn record_wrong_master(
    c: &Tx<'_>,
    js: &JudgeSettings,
    person: &str,
    now: DateTime<Utc>,
) -> Result<Vec<Letter>, JudgeError> {
    let master = Failure {
        guarded: Guarded::Master,
        game: String::new(),
    };
    record(c, js, person, &[master], now)
}

/// The game master told that the master password is locked, in the
/// master's language.
fn master_letter(c: &Tx<'_>, js: &JudgeSettings, lock: SignonLock) -> Option<Letter> {
    let to = js.master_address.clone()?;
    let lang = game::reader_lang(c, None, &to, js.language)
        .unwrap_or_else(|_| js.language.unwrap_or_default());
    let args = Args::new()
        .num("after", lock.after as f64)
        .num("minutes", lock.minutes as f64);
    Some(Letter {
        subject: render(lang, "notice-master-locked.subject", &args),
        body: format!("{}\n", render(lang, "notice-master-locked.body", &args)),
        to,
    })
}
