//! Signing on at the web pages with a power's password: the same check a
//! `SIGNON` line gets by mail, through the same guessing lock (a wrong
//! password here counts with those sent by mail, and a lock holds for
//! both), recorded as mail's wrong passwords are.

use super::guessing::{self, Checked, Guard};
use super::session::Session;
use super::{Incoming, JudgeError, JudgeSettings, Letter, WebUser};
use crate::game::{self, Guarded, Store};
use chrono::{DateTime, Utc};

/// What became of a power's password given at the web pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebSignOn {
    /// The right password: the power's player, with the address the
    /// power is registered to.
    Good {
        /// Who signed on.
        user: WebUser,
        /// The power's registered address (where its replies go).
        email: String,
    },
    /// A wrong password (recorded).
    Wrong,
    /// The power's password is locked by wrong guesses: not checked.
    Locked,
    /// No such game or power, or nobody plays it (nothing recorded: a
    /// wrong name guesses no password).
    Unknown,
}

/// Checks `password` for `power` of `game`, as a `SIGNON` line from
/// `person` (who the guesses are recorded as: the web pages and the
/// caller's address) would be checked, in one transaction with its
/// record. Returns what became of it, and the letters the record caused
/// (the master told of a lock); a power's lock posts its notice to the
/// game, to be queued with them.
pub fn web_sign_on(
    st: &mut Store,
    js: &JudgeSettings,
    game: &str,
    power: &str,
    password: &str,
    person: &str,
    now: DateTime<Utc>,
) -> Result<(WebSignOn, Vec<Letter>), JudgeError> {
    let Ok(info) = game::signon_info(st, game, power) else {
        return Ok((WebSignOn::Unknown, Vec::new()));
    };
    let (Some(email), Some(hash)) = (info.email.clone(), info.password_hash.clone()) else {
        return Ok((WebSignOn::Unknown, Vec::new()));
    };
    // Web sign-ons are never authenticated mail: every one goes through
    // the lock.
    let msg = Incoming {
        from: person.to_string(),
        message_id: None,
        subject: String::new(),
        body: String::new(),
        received_at: now,
        authenticated: false,
        restricted: false,
        web: None,
    };
    let lang = js.language.unwrap_or_default();
    let mut s = Session::new(js, &msg, now, lang);
    let guard = Guard {
        guarded: Guarded::Power {
            game_id: info.game_id,
            power: info.power.clone(),
        },
        game: &info.game,
        registered: Some(&email),
        hash: &hash,
    };
    let checked = s.check_password(st, &guard, password)?;
    let failures = std::mem::take(&mut s.failures);
    let letters = st.write(|c| guessing::record(c, js, person, &failures, now))?;
    let out = match checked {
        Checked::Good => WebSignOn::Good {
            user: WebUser::Power {
                game: info.game,
                power: info.power,
            },
            email,
        },
        Checked::Wrong => WebSignOn::Wrong,
        Checked::Locked => WebSignOn::Locked,
    };
    Ok((out, letters))
}
