//! A power's page: the sign-on form without a session; with one, the
//! power's own view of the game and the forms that send its commands.

use super::Holder;
use super::player::{At, session_cookie};
use super::view::{View, view};
use crate::game::{self, Lang};
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
    /// What the last form sent, if this page answers one.
    answer: Answer,
}

/// What became of the last form sent: the command text it sent (a new
/// password masked), the judge's reply, or why nothing was sent.
#[derive(Default)]
pub(super) struct Answer {
    /// The command text sent, as the page shows it back.
    pub sent: Option<String>,
    /// The judge's reply.
    pub reply: Option<String>,
    /// Why nothing was sent, or what was done without the judge (in
    /// words).
    pub said: Option<String>,
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
        // A session opens its own power's page only.
        Some(open)
            if open.holder.game.eq_ignore_ascii_case(&at.name)
                && open.holder.power.eq_ignore_ascii_case(&at.power) =>
        {
            page(&site, lang, open, Answer::default()).await
        }
        _ => signon_form(&site, lang, &at, StatusCode::OK, None).await,
    }
}

/// The power `power` of game `name` as stored, and the words'
/// arguments that name it (`power`, `game`); or the page that says there
/// is no such power.
pub(super) async fn named(
    site: &Arc<Site>,
    lang: Lang,
    name: &str,
    power: &str,
) -> Result<(game::SignonInfo, crate::text::Args), Response> {
    let (name, power) = (name.to_string(), power.to_string());
    let names = site
        .read(move |st, _| Ok(game::signon_info(st, &name, &power).ok()))
        .await;
    let Ok(Some(info)) = names else {
        return Err(message(
            lang,
            StatusCode::NOT_FOUND,
            "web-not-found",
            "web-power-unknown",
        ));
    };
    let args = crate::text::Args::new()
        .str("power", crate::text::web::power(lang, &info.power))
        .str("game", info.game.as_str());
    Ok((info, args))
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
    let (info, args) = match named(site, lang, &at.name, &at.power).await {
        Ok(named) => named,
        Err(none) => return none,
    };
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

/// The power's page for the session `open`, with `answer` when it
/// answers a form.
pub(super) async fn page(
    site: &Arc<Site>,
    lang: Lang,
    open: Open<Holder>,
    answer: Answer,
) -> Response {
    let holder = open.holder.clone();
    let made = site
        .read(move |st, site| {
            let door = site
                .players()
                .ok_or_else(|| WebError::Stopped("no door".into()))?;
            view(st, &door.judge, lang, &holder)
        })
        .await;
    let here = format!("/games/{}/powers/{}", open.holder.game, open.holder.power);
    match made {
        Ok(None) => {
            if let Some(door) = site.players() {
                door.sessions
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .end(&open.id);
            }
            let mut r = message(
                lang,
                StatusCode::FORBIDDEN,
                "web-power-refused-title",
                "web-power-gone",
            );
            r.headers_mut()
                .append(header::SET_COOKIE, session_set_cookie(&open.holder, ""));
            r
        }
        Ok(Some(view)) => {
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
                answer,
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
