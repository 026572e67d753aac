//! The powers' pages (issue 38): `/games/{name}/powers/{power}`, a page
//! per power for its player, unlocked by the power's password (through
//! the guessing lock mail's `SIGNON` goes through) or by a one-time
//! link mailed to the power's registered address. The page shows the
//! power's own view of the game, and its forms write the command text a
//! mail would carry and hand it to the judge through the same door as
//! mail ([`crate::mail::web_command`]): the same checks, the same
//! transaction, the same reply, shown on the page and mailed to the
//! player too unless they turned that off. One idea per file:
//!
//! - `door`: what the pages need beyond the database (the judge's
//!   settings, the clock, the sessions);
//! - `player`: the session a request carries, for its power only;
//! - `signon`: signing on with the password, and off;
//! - `link`: one-time links, asked for, mailed and used;
//! - `view`: what the page shows of the game, in the reader's words
//!   (the power's own part, and what the mail sent to it alone);
//! - `page`: the power's page;
//! - `forms`: each form's command text, as a mail would carry it;
//! - `send`: the forms' commands handed to the judge.
//!
//! Every response carries `Cache-Control: no-store`; every POST needs
//! its session's CSRF token (or, to sign on, its form's).

mod door;
mod forms;
mod link;
mod page;
mod player;
mod send;
mod signon;
mod view;

pub use door::Door;

use super::Site;
use axum::Router;
use axum::http::{HeaderValue, header};
use axum::routing::{get, post};
use std::sync::Arc;
use tower_http::set_header::SetResponseHeaderLayer;

/// Who a power's session was opened for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::web) struct Holder {
    /// The game's stored name.
    pub game: String,
    /// The power's stored name (`france`).
    pub power: String,
    /// The address the power was registered to when the session opened
    /// (its commands come from it; a new player ends the session).
    pub email: String,
    /// Opened by a one-time link mailed to that address, not by the
    /// password: like authenticated mail from the registered address, it
    /// passes the power's password lock; a session opened by the password
    /// takes no commands while the password is locked.
    pub by_link: bool,
}

/// The powers' routes, to be nested under `/games/{name}/powers/{power}`.
pub(super) fn router() -> Router<Arc<Site>> {
    Router::new()
        .route("/", get(page::show))
        .route("/signon", post(signon::signon))
        .route("/signoff", post(signon::signoff))
        .route("/send", post(send::send))
        .route("/link", post(link::ask))
        .route("/link/{token}", get(link::confirm).post(link::use_link))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
}
