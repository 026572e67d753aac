//! Signing on at a power's page with the power's password, and off.
//!
//! The password goes through the power's guessing lock, the one mail's
//! `SIGNON` goes through ([`crate::mail::web_sign_on`]): a wrong one here
//! counts with those sent by mail, and while the lock holds no password
//! is even checked, the right one included, here or by mail. Passwords
//! are checked one at a time, so that guesses sent together are all
//! counted.

use super::Holder;
use super::page::{SIGNON_COOKIE, off, session_set_cookie, signon_form};
use super::player::{At, Player, refused};
use crate::judge::{WebSignOn, WebUser};
use crate::store::Store;
use crate::web::Site;
use crate::web::lang;
use crate::web::sessions::{cookie, same, set_cookie};
use crate::web::site::WebError;
use axum::Form;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// What the sign-on form sends.
#[derive(serde::Deserialize)]
pub(super) struct SignonForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    password: String,
}

/// What the sign-off form sends.
#[derive(serde::Deserialize)]
pub(super) struct SignoffForm {
    #[serde(default)]
    csrf: String,
}

/// `POST /games/{name}/powers/{power}/signon`: the form's token must be
/// its cookie's; then the password, through the power's lock. A new
/// session on success.
pub(super) async fn signon(
    State(site): State<Arc<Site>>,
    Path(at): Path<At>,
    headers: HeaderMap,
    Form(sent): Form<SignonForm>,
) -> Response {
    let lang = lang::of_request(&headers);
    let Some(door) = site.players() else {
        return off(lang);
    };
    let token = cookie(&headers, SIGNON_COOKIE).unwrap_or("");
    if !same(token, &sent.csrf) {
        tracing::warn!(path = %at.path(), "a sign-on without its form's token: refused");
        return refused(lang);
    }
    let checking = Arc::clone(&site);
    let (name, power) = (at.name.clone(), at.power.clone());
    let checked = tokio::task::spawn_blocking(move || -> Result<WebSignOn, WebError> {
        let Some(door) = checking.players() else {
            return Ok(WebSignOn::Unknown);
        };
        let _one_at_a_time = door.gate.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = Store::open_existing(&door.db)?;
        crate::mail::web_sign_on(
            &mut st,
            &door.judge,
            door.limits,
            &name,
            &power,
            &sent.password,
            door.now(),
        )
        .map_err(WebError::from)
    })
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    match checked {
        Ok(WebSignOn::Good { user, email }) => {
            let WebUser::Power { game, power } = user else {
                return refused(lang);
            };
            let holder = Holder {
                game,
                power,
                email,
                by_link: false,
            };
            let old = cookie(&headers, &at.cookie()).map(str::to_string);
            opened(door, holder, old.as_deref())
        }
        Ok(WebSignOn::Wrong) => {
            tracing::warn!(path = %at.path(), "a wrong password at a power's page");
            signon_form(
                &site,
                lang,
                &at,
                StatusCode::UNAUTHORIZED,
                Some("web-power-wrong"),
            )
            .await
        }
        Ok(WebSignOn::Locked) => {
            tracing::warn!(path = %at.path(), "a sign-on at a power's page while its password is locked: not checked");
            signon_form(
                &site,
                lang,
                &at,
                StatusCode::TOO_MANY_REQUESTS,
                Some("web-power-locked"),
            )
            .await
        }
        Ok(WebSignOn::Unknown) => signon_form(&site, lang, &at, StatusCode::NOT_FOUND, None).await,
        Err(e) => {
            tracing::error!(error = %e, "a power's password could not be checked");
            super::page::message(
                lang,
                StatusCode::INTERNAL_SERVER_ERROR,
                "web-failed",
                "web-failed-text",
            )
        }
    }
}

/// A session opened for `holder` (ending the one `old` names, if any):
/// its cookie, the sign-on form's removed, and on to the page.
pub(super) fn opened(door: &super::Door, holder: Holder, old: Option<&str>) -> Response {
    let open = {
        let mut s = door.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = old {
            s.end(old);
        }
        s.start(door.now(), holder.clone())
    };
    tracing::info!(game = %holder.game, power = %holder.power, "a power's page: signed on");
    let mut r = StatusCode::SEE_OTHER.into_response();
    let h = r.headers_mut();
    let here = format!("/games/{}/powers/{}", holder.game, holder.power);
    if let Ok(v) = here.parse() {
        h.insert(header::LOCATION, v);
    }
    h.append(header::SET_COOKIE, session_set_cookie(&holder, &open.id));
    h.append(header::SET_COOKIE, set_cookie(SIGNON_COOKIE, "", 0));
    r
}

/// `POST /games/{name}/powers/{power}/signoff`: ends the session, if the
/// form's token is the session's.
pub(super) async fn signoff(p: Player, Form(sent): Form<SignoffForm>) -> Response {
    if !same(&p.open.csrf, &sent.csrf) {
        tracing::warn!(path = %p.at.path(), "a POST without its session's token: refused");
        return refused(p.lang);
    }
    p.door()
        .sessions
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .end(&p.open.id);
    let mut r = StatusCode::SEE_OTHER.into_response();
    let h = r.headers_mut();
    if let Ok(v) = p.at.path().parse() {
        h.insert(header::LOCATION, v);
    }
    h.append(header::SET_COOKIE, session_set_cookie(&p.open.holder, ""));
    r
}
