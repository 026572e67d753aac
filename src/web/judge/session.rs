//! The judge's sessions (see [`crate::web::sessions`]): one cookie for
//! the session, one for the login form's token.

pub(super) use crate::web::sessions::{LIFETIME, cookie, same, set_cookie, token};

/// The judge's sessions: nothing more than that the master logged in.
pub(in crate::web) type Sessions = crate::web::sessions::Sessions<()>;

/// A judge's session a request carries.
pub(super) type Open = crate::web::sessions::Open<()>;

/// The session's cookie.
pub(super) const COOKIE: &str = "__Host-dipspy-judge";

/// The login form's token's cookie.
pub(super) const LOGIN_COOKIE: &str = "__Host-dipspy-login";

/// How long a login form's token is good for, in seconds.
pub(super) const LOGIN_SECONDS: i64 = crate::web::sessions::FORM_SECONDS;
