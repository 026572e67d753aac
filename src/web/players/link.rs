//! One-time links (issue 38): asked for at a power's sign-on page,
//! mailed to the power's registered address only
//! ([`crate::mail::web_link`]), and used only by a POST from the page
//! the link shows (a mail scanner that opens the link uses nothing).
//!
//! - `POST {page}/link`: asks for a link (the sign-on form's token
//!   double-submitted); the answer is the same whoever plays the power,
//!   if anybody, and however many links it had this hour.
//! - `GET {page}/link/{token}`: a page with one button; the token is not
//!   looked at.
//! - `POST {page}/link/{token}`: the token (in the form) used, in one
//!   transaction with its checks ([`crate::mail::use_web_link`]); the
//!   power's session opened, or one refusal whatever went wrong.
//!
//! The token is never logged.

use super::Holder;
use super::page::{SIGNON_COOKIE, message, off};
use super::player::{At, refused};
use super::signon::opened;
use crate::game::Lang;
use crate::mail::{LinkAsked, LinkOpens, LinkRefused};
use crate::store::Store;
use crate::web::Site;
use crate::web::lang;
use crate::web::pages::Frame;
use crate::web::sessions::{FORM_SECONDS, cookie, same, set_cookie, token};
use crate::web::site::WebError;
use askama::Template;
use askama_web::WebTemplate;
use axum::Form;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// A link's path: the power's page's, and the token.
#[derive(Debug, Clone, serde::Deserialize)]
pub(super) struct LinkAt {
    name: String,
    power: String,
    token: String,
}

impl LinkAt {
    fn at(&self) -> At {
        At {
            name: self.name.clone(),
            power: self.power.clone(),
        }
    }
}

/// What the form that asks for a link sends.
#[derive(serde::Deserialize)]
pub(super) struct AskForm {
    #[serde(default)]
    csrf: String,
}

/// What the link's page sends.
#[derive(serde::Deserialize)]
pub(super) struct UseForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    link: String,
}

/// The page a link opens: one button that uses it.
#[derive(Template, WebTemplate)]
#[template(path = "players/link.html")]
pub(super) struct LinkPage {
    f: Frame,
    intro: String,
    action: String,
    csrf: String,
    link: String,
}

/// `POST {page}/link`: mails a link to the power's registered address
/// (if it has one and had fewer than its links this hour); the same
/// answer in every case.
pub(super) async fn ask(
    State(site): State<Arc<Site>>,
    Path(at): Path<At>,
    headers: HeaderMap,
    Form(sent): Form<AskForm>,
) -> Response {
    let lang = lang::of_request(&headers);
    let Some(url) = site.players().and_then(|d| d.public_url.clone()) else {
        return off(lang);
    };
    if !same(cookie(&headers, SIGNON_COOKIE).unwrap_or(""), &sent.csrf) {
        tracing::warn!(path = %at.path(), "a link asked for without its form's token: refused");
        return refused(lang);
    }
    let asking = Arc::clone(&site);
    let (name, power) = (at.name.clone(), at.power.clone());
    let asked = tokio::task::spawn_blocking(move || -> Result<LinkAsked, WebError> {
        let Some(door) = asking.players() else {
            return Ok(LinkAsked::Nobody);
        };
        let mut st = Store::open_existing(&door.db)?;
        crate::mail::web_link(
            &mut st,
            &door.judge,
            &name,
            &power,
            &url,
            &token(),
            door.now(),
        )
        .map_err(WebError::from)
    })
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    match asked {
        Ok(what) => {
            tracing::info!(path = %at.path(), ?what, "a one-time link asked for");
            message(
                lang,
                StatusCode::OK,
                "web-power-link-asked-title",
                "web-power-link-asked",
            )
        }
        Err(e) => failed(lang, &e),
    }
}

/// `GET {page}/link/{token}`: the page with the button that uses the
/// link. The token is not looked at here: opening the link uses nothing.
pub(super) async fn confirm(
    State(site): State<Arc<Site>>,
    Path(la): Path<LinkAt>,
    headers: HeaderMap,
) -> Response {
    let lang = lang::of_request(&headers);
    if site.players().is_none() {
        return off(lang);
    }
    let (info, args) = match super::page::named(&site, lang, &la.name, &la.power).await {
        Ok(named) => named,
        Err(none) => return none,
    };
    let csrf = token();
    let here = format!(
        "/games/{}/powers/{}/link/{}",
        info.game, info.power, la.token
    );
    let page = LinkPage {
        f: Frame::new(
            lang,
            crate::text::web::words(lang, "web-power-link-title", &args),
            &here,
        ),
        intro: crate::text::web::words(lang, "web-power-link-intro", &args),
        action: here.clone(),
        csrf: csrf.clone(),
        link: la.token.clone(),
    };
    let mut r = page.into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(SIGNON_COOKIE, &csrf, FORM_SECONDS),
    );
    r
}

/// `POST {page}/link/{token}`: uses the link the form carries, if the
/// form's token is its cookie's; the power's session on success, one
/// neutral refusal otherwise.
pub(super) async fn use_link(
    State(site): State<Arc<Site>>,
    Path(la): Path<LinkAt>,
    headers: HeaderMap,
    Form(sent): Form<UseForm>,
) -> Response {
    let lang = lang::of_request(&headers);
    let at = la.at();
    let Some(door) = site.players() else {
        return off(lang);
    };
    if !same(cookie(&headers, SIGNON_COOKIE).unwrap_or(""), &sent.csrf) {
        tracing::warn!(path = %at.path(), "a link used without its form's token: refused");
        return refused(lang);
    }
    let using = Arc::clone(&site);
    let (name, power) = (at.name.clone(), at.power.clone());
    let used = tokio::task::spawn_blocking(
        move || -> Result<Result<LinkOpens, LinkRefused>, WebError> {
            let Some(door) = using.players() else {
                return Ok(Err(LinkRefused::Unknown));
            };
            let mut st = Store::open_existing(&door.db)?;
            crate::mail::use_web_link(&mut st, &name, &power, &sent.link, door.now())
                .map_err(WebError::from)
        },
    )
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    match used {
        Ok(Ok(opens)) => {
            let holder = Holder {
                game: opens.game,
                power: opens.power,
                email: opens.email,
                by_link: true,
            };
            tracing::info!(path = %at.path(), "a one-time link used");
            let old = cookie(&headers, &at.cookie()).map(str::to_string);
            opened(door, holder, old.as_deref())
        }
        Ok(Err(why)) => {
            tracing::warn!(path = %at.path(), reason = ?why, "a one-time link refused");
            message(
                lang,
                StatusCode::FORBIDDEN,
                "web-power-link-refused-title",
                "web-power-link-refused",
            )
        }
        Err(e) => failed(lang, &e),
    }
}

/// 500: the database could not be used.
fn failed(lang: Lang, e: &WebError) -> Response {
    tracing::error!(error = %e, "a one-time link could not be made or used");
    message(
        lang,
        StatusCode::INTERNAL_SERVER_ERROR,
        "web-failed",
        "web-failed-text",
    )
}
