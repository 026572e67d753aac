//! A power's page: the sign-on form without a session; with one, the
//! power's own view of the game and the forms that send its commands.

use super::Holder;
use super::player::{At, session_cookie};
use crate::game::{self, Lang, Store};
use crate::web::Site;
use crate::web::lang;
use crate::web::pages::{Frame, said};
use crate::web::sessions::{FORM_SECONDS, Open, cookie, set_cookie, token};
use crate::web::site::WebError;
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The sign-on form's token's cookie.
pub(super) const SIGNON_COOKIE: &str = "__Host-dipspy-signon";

/// The sign-on form.
#[derive(Template, WebTemplate)]
#[template(path = "players/signon.html")]
pub(super) struct SignonPage {
    f: Frame,
    intro: String,
    action: String,
    csrf: String,
    /// What became of the last try (wrong, locked), if any.
    said: Option<String>,
    /// Where the form that mails a one-time link posts, when the pages
    /// offer links (see `link`).
    mail_link: Option<String>,
}

/// The power's page.
#[derive(Template, WebTemplate)]
#[template(path = "players/page.html")]
pub(super) struct PowerPage {
    f: Frame,
    here: String,
    csrf: String,
    /// The power's own view of the game.
    view: View,
    /// The judge's reply to the last form sent, if this page answers one.
    reply: Option<String>,
}

/// What a power's page shows of the game: only what its player may see.
pub(super) struct View {
    /// The phase being played, in words.
    pub phase: String,
    /// Its deadline, in UTC, if there is one.
    pub deadline: Option<String>,
    /// The power's standing orders, one a line.
    pub orders: Vec<String>,
}

/// 404: the site does not serve the powers' pages.
pub(super) fn off(lang: Lang) -> Response {
    said(
        lang,
        "/",
        StatusCode::NOT_FOUND,
        "web-not-found",
        "web-not-found-text",
    )
}

/// A page that only says `text` (a key) under `title` (a key).
pub(super) fn message(lang: Lang, status: StatusCode, title: &str, text: &str) -> Response {
    said(lang, "/", status, title, text)
}

/// `GET /games/{name}/powers/{power}`: the page with a session, else the
/// sign-on form.
pub(super) async fn show(
    State(site): State<Arc<Site>>,
    Path(at): Path<At>,
    headers: HeaderMap,
) -> Response {
    let lang = lang::of_request(&headers);
    let Some(door) = site.players() else {
        return off(lang);
    };
    let open = cookie(&headers, &at.cookie()).and_then(|id| {
        door.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .find(id, door.now())
    });
    match open {
        Some(open) if open.holder.game.eq_ignore_ascii_case(&at.name) => {
            page(&site, lang, open, None).await
        }
        _ => signon_form(&site, lang, &at, StatusCode::OK, None).await,
    }
}

/// The sign-on form for the power at `at`, with a fresh token in it and
/// in its cookie; `said` (a key) tells what became of the last try.
pub(super) async fn signon_form(
    site: &Arc<Site>,
    lang: Lang,
    at: &At,
    status: StatusCode,
    said: Option<&str>,
) -> Response {
    let (name, power) = (at.name.clone(), at.power.clone());
    let names = site
        .read(move |st, _| Ok(game::signon_info(st, &name, &power).ok()))
        .await;
    let Ok(Some(info)) = names else {
        return message(
            lang,
            StatusCode::NOT_FOUND,
            "web-not-found",
            "web-power-unknown",
        );
    };
    let args = crate::text::Args::new()
        .str("power", crate::text::web::power(lang, &info.power))
        .str("game", info.game.as_str());
    let csrf = token();
    let here = format!("/games/{}/powers/{}", info.game, info.power);
    let page = SignonPage {
        f: Frame::new(
            lang,
            crate::text::web::words(lang, "web-power-signon-title", &args),
            &here,
        ),
        intro: crate::text::web::words(lang, "web-power-signon-intro", &args),
        action: format!("{here}/signon"),
        csrf: csrf.clone(),
        said: said.map(|k| crate::text::web::word(lang, k)),
        mail_link: site
            .players()
            .and_then(|d| d.public_url.as_ref())
            .map(|_| format!("{here}/link")),
    };
    let mut r = (status, page).into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(SIGNON_COOKIE, &csrf, FORM_SECONDS),
    );
    r
}

/// The power's page for the session `open`, with `reply` when it
/// answers a form.
pub(super) async fn page(
    site: &Arc<Site>,
    lang: Lang,
    open: Open<Holder>,
    reply: Option<String>,
) -> Response {
    let holder = open.holder.clone();
    let made = site.read(move |st, _| view(st, lang, &holder)).await;
    let here = format!("/games/{}/powers/{}", open.holder.game, open.holder.power);
    match made {
        Ok(view) => {
            let args = crate::text::Args::new()
                .str("power", crate::text::web::power(lang, &open.holder.power))
                .str("game", open.holder.game.as_str());
            PowerPage {
                f: Frame::new(
                    lang,
                    crate::text::web::words(lang, "web-power-title", &args),
                    &here,
                ),
                here,
                csrf: open.csrf,
                view,
                reply,
            }
            .into_response()
        }
        Err(e) => {
            tracing::error!(error = %e, "a power's page could not be made");
            said(
                lang,
                &here,
                StatusCode::INTERNAL_SERVER_ERROR,
                "web-failed",
                "web-failed-text",
            )
        }
    }
}

/// What the power's page shows, read from the game layer.
fn view(st: &Store, lang: Lang, h: &Holder) -> Result<View, WebError> {
    let (phase, orders) = game::show_orders(st, &h.game, Some(&h.power))?;
    let info = game::current_phase(st, &h.game)?;
    let orders = orders
        .iter()
        .flat_map(|p| p.orders.iter().chain(&p.spy).cloned())
        .collect();
    Ok(View {
        phase: crate::text::web::phase(lang, &phase),
        deadline: info
            .and_then(|i| i.deadline)
            .map(|d| d.format("%Y-%m-%d %H:%M UTC").to_string()),
        orders,
    })
}

/// The session cookie of `holder`'s power, set for a session's lifetime
/// (or removed, with `id` empty).
pub(super) fn session_set_cookie(holder: &Holder, id: &str) -> axum::http::HeaderValue {
    let seconds = if id.is_empty() {
        0
    } else {
        crate::web::sessions::LIFETIME.num_seconds()
    };
    set_cookie(&session_cookie(&holder.game, &holder.power), id, seconds)
}
