//! Logging in with the master password, and out.
//!
//! The password goes through the master password's guessing lock, the
//! one mail's `MASTER` goes through (`crate::game::password_lock`): the
//! same wrong passwords counted (a wrong one here is recorded as mail's
//! are), the same lock started when they reach `[limits]
//! signon_lock_after`, and while it holds no password is even checked,
//! the right one included, here or by mail. Logins are checked one at a
//! time, so that guesses sent together are all counted.

use super::Desk;
use super::session::{self, COOKIE, LOGIN_COOKIE, LOGIN_SECONDS};
use super::timeline::{Judge, refused};
use super::words::Frame;
use crate::game::{self, Guarded, Lang, Store};
use crate::web::lang;
use crate::web::site::{Site, WebError};
use askama::Template;
use askama_web::WebTemplate;
use axum::Form;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::Duration;
use std::sync::Arc;

/// Who the wrong passwords given here are recorded as (mail records the
/// person behind the sender's address).
const PERSON: &str = "(the judge's web pages)";

/// The login form.
#[derive(Template, WebTemplate)]
#[template(path = "judge/login.html")]
pub(super) struct LoginPage {
    f: Frame,
    csrf: String,
    /// What became of the last try (wrong, locked), if any.
    said: Option<String>,
}

/// What the login form sends.
#[derive(serde::Deserialize)]
pub(super) struct LoginForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    password: String,
}

/// What the logout form sends.
#[derive(serde::Deserialize)]
pub(super) struct LogoutForm {
    #[serde(default)]
    csrf: String,
}

/// What became of a password given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Checked {
    Good,
    Wrong,
    Locked,
}

/// The login form, with a fresh token in it and in its cookie; `status`
/// and `said` tell what became of the last try.
fn form_page(lang: Lang, status: StatusCode, said: Option<&str>) -> Response {
    let csrf = session::token();
    let page = LoginPage {
        f: Frame::new(
            lang,
            crate::text::web::word(lang, "web-judge-login-title"),
            "/judge/login",
        ),
        csrf: csrf.clone(),
        said: said.map(|k| crate::text::web::word(lang, k)),
    };
    let mut r = (status, page).into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        session::set_cookie(LOGIN_COOKIE, &csrf, LOGIN_SECONDS),
    );
    r
}

/// `GET /judge/login`.
pub(super) async fn form(State(site): State<Arc<Site>>, headers: HeaderMap) -> Response {
    let lang = lang::of_request(&headers);
    if site.judge().is_none() {
        return super::timeline::off(lang);
    }
    form_page(lang, StatusCode::OK, None)
}

/// `POST /judge/login`: the form's token must be its cookie's; then the
/// password, through the lock. A new session on success (any session
/// the browser had is ended).
pub(super) async fn login(
    State(site): State<Arc<Site>>,
    headers: HeaderMap,
    Form(sent): Form<LoginForm>,
) -> Response {
    let lang = lang::of_request(&headers);
    if site.judge().is_none() {
        return super::timeline::off(lang);
    }
    let token = session::cookie(&headers, LOGIN_COOKIE).unwrap_or("");
    if !session::same(token, &sent.csrf) {
        tracing::warn!(
            path = "/judge/login",
            "a login without its form's token: refused"
        );
        return refused(lang);
    }
    let checking = Arc::clone(&site);
    let checked = tokio::task::spawn_blocking(move || match checking.judge() {
        Some(desk) => check(desk, &sent.password),
        None => Ok(Checked::Wrong),
    })
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    match checked {
        Ok(Checked::Good) => opened(&site, &headers),
        Ok(Checked::Wrong) => form_page(lang, StatusCode::UNAUTHORIZED, Some("web-judge-wrong")),
        Ok(Checked::Locked) => form_page(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            Some("web-judge-locked"),
        ),
        Err(e) => {
            tracing::error!(error = %e, "the master password could not be checked");
            super::timeline::failed(lang)
        }
    }
}

/// A session opened: its cookie, the login token's removed, and on to
/// the list of games.
fn opened(site: &Site, headers: &HeaderMap) -> Response {
    let Some(desk) = site.judge() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let now = desk.now();
    let open = {
        let mut s = desk.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = session::cookie(headers, COOKIE) {
            s.end(old);
        }
        s.start(now, ())
    };
    tracing::info!("the judge's pages: the master logged in");
    let mut r = StatusCode::SEE_OTHER.into_response();
    let h = r.headers_mut();
    h.insert(header::LOCATION, "/judge".parse().expect("a path"));
    let seconds = session::LIFETIME.num_seconds();
    h.append(
        header::SET_COOKIE,
        session::set_cookie(COOKIE, &open.id, seconds),
    );
    h.append(header::SET_COOKIE, session::set_cookie(LOGIN_COOKIE, "", 0));
    r
}

/// Checks `password` against the master password through its lock, and
/// records it when wrong (starting the lock when it is the last one
/// allowed).
fn check(desk: &Desk, password: &str) -> Result<Checked, WebError> {
    let _one_at_a_time = desk.gate.lock().unwrap_or_else(|e| e.into_inner());
    let now = desk.now();
    let lock = desk.judge.signon_lock;
    let window = Duration::minutes(lock.minutes);
    let mut st = Store::open_existing(&desk.db)?;
    let state = game::password_lock(&st.read(), &Guarded::Master, window, now)
        .map_err(game::GameError::from)?;
    if state.locked_until.is_some() || state.failures >= lock.after {
        tracing::warn!("a login to the judge's pages while MASTER is locked: not checked");
        return Ok(Checked::Locked);
    }
    if crate::password::verify_password(&desk.hash, password) {
        return Ok(Checked::Good);
    }
    // Recorded as a wrong MASTER by mail is, in the same lock; the letter
    // that tells the master of a lock goes out with the mail.
    let js = &desk.judge;
    st.write(|c| -> Result<(), crate::judge::JudgeError> {
        for l in crate::judge::record_wrong_master(c, js, PERSON, now)? {
            let letter = crate::mail::NewMail {
                to: l.to,
                subject: l.subject,
                body: l.body,
                in_reply_to: None,
                inbox_id: None,
                announcement_id: None,
            };
            crate::mail::queue_mail(c, &letter, &js.address, now)?;
        }
        Ok(())
    })
    .map_err(|e| match e {
        crate::judge::JudgeError::Store(s) => WebError::Store(s),
        crate::judge::JudgeError::Sql(d) => WebError::Game(d.into()),
    })?;
    tracing::warn!("a wrong master password on the judge's pages");
    Ok(Checked::Wrong)
}

/// `POST /judge/logout`: ends the session, if the form's token is the
/// session's.
pub(super) async fn logout(
    Judge { lang, open, site }: Judge,
    Form(sent): Form<LogoutForm>,
) -> Response {
    if !session::same(&open.csrf, &sent.csrf) {
        tracing::warn!(
            path = "/judge/logout",
            "a POST without its session's token: refused"
        );
        return refused(lang);
    }
    if let Some(desk) = site.judge() {
        desk.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .end(&open.id);
    }
    let mut r = StatusCode::SEE_OTHER.into_response();
    let h = r.headers_mut();
    h.insert(header::LOCATION, "/judge/login".parse().expect("a path"));
    h.append(header::SET_COOKIE, session::set_cookie(COOKIE, "", 0));
    r
}
