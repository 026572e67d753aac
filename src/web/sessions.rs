//! Sessions of the pages behind a password (the judge's, and each
//! power's): a random 256-bit id made at each sign-on, kept in memory (a
//! restart signs everyone out) with its CSRF token, what it was opened
//! for, its start and its last use, and sent in a `__Host-` cookie
//! (Secure, HttpOnly, SameSite=Strict, Path=/). A session ends at
//! sign-off, after [`LIFETIME`] whatever is done, or after [`IDLE`]
//! unused.
//!
//! A sign-on form, having no session, has a token of its own in a
//! `__Host-` cookie and in the form (double submit): a forged sign-on
//! from another site can set neither.

use axum::http::HeaderValue;
use chrono::{DateTime, Duration, Utc};
use rand_core::{OsRng, RngCore};
use std::collections::HashMap;

/// The longest a session lasts.
pub(in crate::web) const LIFETIME: Duration = Duration::hours(12);

/// The longest a session lasts unused.
pub(in crate::web) const IDLE: Duration = Duration::minutes(30);

/// How long a sign-on form's token is good for, in seconds.
pub(in crate::web) const FORM_SECONDS: i64 = 600;

/// The most sessions kept of one kind; a new one past it ends the oldest.
const MOST: usize = 256;

/// One session.
struct Session<T> {
    csrf: String,
    /// What it was opened for (a power's player, or nothing more for
    /// the judge's).
    holder: T,
    started: DateTime<Utc>,
    seen: DateTime<Utc>,
}

/// The sessions open, by id.
pub(in crate::web) struct Sessions<T> {
    open: HashMap<String, Session<T>>,
}

impl<T> Default for Sessions<T> {
    fn default() -> Self {
        Sessions {
            open: HashMap::new(),
        }
    }
}

/// A session a request carries: its id, its CSRF token and what it was
/// opened for.
pub(in crate::web) struct Open<T> {
    /// The session's id (its cookie's value).
    pub id: String,
    /// The token every form of the session carries.
    pub csrf: String,
    /// What it was opened for.
    pub holder: T,
}

impl<T: Clone> Sessions<T> {
    /// A new session from `now`, for `holder`: its id and CSRF token.
    pub(in crate::web) fn start(&mut self, now: DateTime<Utc>, holder: T) -> Open<T> {
        self.open.retain(|_, s| live(s, now));
        if self.open.len() >= MOST
            && let Some(oldest) = self
                .open
                .iter()
                .min_by_key(|(_, s)| s.started)
                .map(|(k, _)| k.clone())
        {
            self.open.remove(&oldest);
        }
        let (id, csrf) = (token(), token());
        self.open.insert(
            id.clone(),
            Session {
                csrf: csrf.clone(),
                holder: holder.clone(),
                started: now,
                seen: now,
            },
        );
        Open { id, csrf, holder }
    }

    /// The session `id`, if it is open at `now` (its use noted); an
    /// ended one is forgotten.
    pub(in crate::web) fn find(&mut self, id: &str, now: DateTime<Utc>) -> Option<Open<T>> {
        let s = self.open.get_mut(id)?;
        if !live(s, now) {
            self.open.remove(id);
            return None;
        }
        s.seen = now;
        Some(Open {
            id: id.to_string(),
            csrf: s.csrf.clone(),
            holder: s.holder.clone(),
        })
    }

    /// Ends the session `id`.
    pub(in crate::web) fn end(&mut self, id: &str) {
        self.open.remove(id);
    }
}

/// Whether a session is still open at `now`.
fn live<T>(s: &Session<T>, now: DateTime<Utc>) -> bool {
    now < s.started + LIFETIME && now < s.seen + IDLE
}

/// 256 random bits from the system's source, in hex.
pub(in crate::web) fn token() -> String {
    let mut b = [0u8; 32];
    OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Whether two tokens are the same, in a time that does not depend on
/// where they differ; an empty one is never a token.
pub(in crate::web) fn same(a: &str, b: &str) -> bool {
    if a.is_empty() || a.len() != b.len() {
        return false;
    }
    a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

pub(in crate::web) use crate::web::cookies::cookie;

/// The `Set-Cookie` of a `__Host-` cookie: Secure, HttpOnly,
/// SameSite=Strict, Path=/, for `seconds` (0: removed).
pub(in crate::web) fn set_cookie(name: &str, value: &str, seconds: i64) -> HeaderValue {
    let text =
        format!("{name}={value}; Path=/; Max-Age={seconds}; Secure; HttpOnly; SameSite=Strict");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + Duration::minutes(minutes)
    }

    #[test]
    fn a_session_ends_when_idle_and_at_its_lifetime() {
        let mut s = Sessions::<()>::default();
        let a = s.start(at(0), ());
        assert_eq!(a.id.len(), 64);
        assert!(s.find(&a.id, at(29)).is_some());
        assert!(s.find(&a.id, at(29 + 31)).is_none(), "idle too long");
        let b = s.start(at(0), ());
        for m in (25..720).step_by(25) {
            assert!(s.find(&b.id, at(m)).is_some(), "at {m}");
        }
        assert!(s.find(&b.id, at(720)).is_none(), "past its lifetime");
    }

    #[test]
    fn tokens_differ_and_compare_whole() {
        assert_ne!(token(), token());
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "ab"));
        assert!(!same("", ""));
    }
}
