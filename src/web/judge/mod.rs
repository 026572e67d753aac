//! The judge's pages (`/judge`, issue 37): every espionage game's secret
//! log as a timeline, phase by phase, with the judge's picture of each
//! phase, filters by power and kind, the log's verification and its
//! export, and the master's commands for every game (issue 38), behind
//! the master password. One idea per file:
//!
//! - `desk`: what the pages need beyond the database (the master
//!   password's hash, the guessing lock, the key, the master's saved
//!   heads, the clock);
//! - `session`: the sessions (random ids kept in memory, in a `__Host-`
//!   cookie, with a lifetime and an idle limit) and their CSRF tokens;
//! - `login`: logging in through the master password's guessing lock,
//!   shared with mail, and logging out;
//! - `timeline`: the list of games and a game's log, filtered;
//! - `picture`: the judge's picture of a phase; `verify`: the log's
//!   check; `export`: the export download;
//! - `master`: the master's commands for every game (process, pause,
//!   resume, deadline, rollback, takeovers), through the judge as mail's
//!   are; `commands`: each form's command text;
//! - `words`: every key of the pages' words.
//!
//! Every response under `/judge` carries `Cache-Control: no-store`;
//! every route but the login form redirects to it (GET) or is refused
//! (POST) without a session.

mod commands;
mod desk;
mod export;
mod login;
mod master;
mod picture;
mod session;
mod timeline;
mod verify;
mod words;

pub use desk::Desk;

use super::Site;
use axum::Router;
use axum::http::{HeaderValue, header};
use axum::routing::{get, post};
use std::sync::Arc;
use tower_http::set_header::SetResponseHeaderLayer;

/// The judge's routes, to be nested under `/judge`: answered only when
/// the site has a [`Desk`] (a master password configured), else not
/// found.
pub(super) fn router() -> Router<Arc<Site>> {
    Router::new()
        .route("/", get(timeline::games))
        .route("/login", get(login::form).post(login::login))
        .route("/logout", post(login::logout))
        .route("/games/{name}", get(timeline::game))
        .route("/games/{name}/export", get(export::download))
        .route("/games/{name}/master", get(master::page).post(master::send))
        .route("/games/{name}/phases/{phase}", get(picture::phase))
        .fallback(timeline::not_found)
        .method_not_allowed_fallback(timeline::not_found)
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
}
