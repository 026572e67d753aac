//! The web pages (issue 37): every game's public pages, for players and
//! observers, served over HTTP/1 on the address given (loopback unless
//! told otherwise; TLS is a reverse proxy's, see docs/web.md).
//!
//! A page shows only what an observer of the game may see: the phases'
//! pictures as the results mail draws them, the results as the results
//! mail words them (from the same stored data and the same words), the
//! press sent to everyone, the supply centres. It reads the database
//! through a read-only connection ([`crate::store::Store::open_read_only`])
//! and never takes the judge's lock. One idea per file:
//!
//! - `site`: the database connections and the pictures already drawn;
//! - `lang`: the reader's language (a cookie, else Accept-Language);
//! - `views`: what a page shows, gathered from the game layer and the
//!   public announcements; `pages`: the pages themselves (askama
//!   templates in `src/web/templates`); `chart`: the centre chart;
//!   `feed`: the Atom feed; `assets`: the style sheet and the script;
//! - `guard`: the headers every response carries and the bounds on a
//!   request; `listen`: the connections.

mod assets;
mod chart;
mod cookies;
mod feed;
mod guard;
mod judge;
mod lang;
mod listen;
mod pages;
mod players;
mod sessions;
mod site;
mod views;

pub use judge::Desk;
pub use listen::{DEFAULT_LISTEN, Listening, serve, serve_site, spawn, spawn_site, start};
pub use players::Door;
pub use site::{Site, WebError};

use axum::Router;
use axum::routing::get;
use std::sync::Arc;

/// Every route of the site, with the headers and bounds of `guard`.
///
/// The public pages, and the judge's pages under `/judge` (the secret
/// logs, behind the master password, with sessions, CSRF tokens and
/// `Cache-Control: no-store`: see `judge`).
pub fn router(site: Arc<Site>) -> Router {
    let public = Router::new()
        .route("/", get(pages::index))
        .route("/games/{name}", get(pages::game))
        .route("/games/{name}/feed.atom", get(feed::atom))
        .route("/games/{name}/{phase}", get(pages::phase))
        .route("/lang/{tag}", get(lang::switch))
        .route("/static/style.css", get(assets::style))
        .route("/static/local-time.js", get(assets::script))
        .nest("/games/{name}/powers/{power}", players::router())
        .nest("/judge", judge::router())
        .fallback(pages::not_found)
        .with_state(site);
    guard::guarded(public)
}
