//! The session a request to a power's page carries: one cookie per
//! power (`__Host-dipspy-{game}-{power}`), so that a player of two
//! powers holds two sessions, and a session opens only its own power's
//! page.

use super::{Door, Holder};
use crate::game::Lang;
use crate::web::Site;
use crate::web::lang;
use crate::web::sessions::{Open, cookie};
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The game and power a power's page is at, as its path names them.
#[derive(Debug, Clone, serde::Deserialize)]
pub(super) struct At {
    pub name: String,
    pub power: String,
}

impl At {
    /// The page's path.
    pub(super) fn path(&self) -> String {
        format!("/games/{}/powers/{}", self.name, self.power)
    }

    /// The cookie of this power's session.
    pub(super) fn cookie(&self) -> String {
        session_cookie(&self.name, &self.power)
    }
}

/// The cookie of `power`'s session in `game` (names as stored; a name a
/// cookie cannot carry is left out).
pub(super) fn session_cookie(game: &str, power: &str) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect::<String>()
            .to_ascii_lowercase()
    };
    format!("__Host-dipspy-{}-{}", clean(game), clean(power))
}

/// A request with a power's open session: its reader's language, the
/// session, the site and where it is. Without one, a GET shows the
/// sign-on form (the page does that itself) and a POST is refused.
pub(super) struct Player {
    pub lang: Lang,
    pub open: Open<Holder>,
    pub site: Arc<Site>,
    pub at: At,
}

impl Player {
    /// The pages' settings (there when a player's session is).
    pub(super) fn door(&self) -> &Door {
        self.site
            .players()
            .expect("a session needs the powers' pages")
    }
}

/// Why a request has no session: the pages are off, or it has none.
pub(super) enum NoSession {
    /// No powers' pages on this site (404).
    Off(Lang),
    /// No open session of this power.
    None(Lang),
}

impl IntoResponse for NoSession {
    fn into_response(self) -> Response {
        match self {
            NoSession::Off(lang) => super::page::off(lang),
            NoSession::None(lang) => refused(lang),
        }
    }
}

impl FromRequestParts<Arc<Site>> for Player {
    type Rejection = NoSession;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, NoSession> {
        let lang = lang::of_request(&parts.headers);
        let Some(door) = site.players() else {
            return Err(NoSession::Off(lang));
        };
        let Ok(Path(at)) = Path::<At>::from_request_parts(parts, site).await else {
            return Err(NoSession::Off(lang));
        };
        let open = cookie(&parts.headers, &at.cookie()).and_then(|id| {
            door.sessions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .find(id, door.now())
        });
        // A session opens its own power's page only.
        let open = open.filter(|o| {
            o.holder.game.eq_ignore_ascii_case(&at.name)
                && o.holder.power.eq_ignore_ascii_case(&at.power)
        });
        match open {
            Some(open) => Ok(Player {
                lang,
                open,
                site: Arc::clone(site),
                at,
            }),
            None => {
                if parts.method != Method::GET && parts.method != Method::HEAD {
                    tracing::warn!(path = %parts.uri.path(), "a POST to a power's page without its session: refused");
                }
                Err(NoSession::None(lang))
            }
        }
    }
}

/// 403: a POST without its token, or without a session (or with one
/// ended). Its body may be left unread, so the connection is closed
/// after the answer, and the answer says so.
pub(super) fn refused(lang: Lang) -> Response {
    let mut r = super::page::message(
        lang,
        StatusCode::FORBIDDEN,
        "web-power-refused-title",
        "web-power-refused",
    );
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}
