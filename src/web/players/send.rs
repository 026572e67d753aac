//! The forms of a power's page: each writes the command text a mail
//! would carry, and hands it to the judge through the same door as mail
//! ([`crate::mail::web_command`]), as the power's player signed on at the
//! page. The reply is shown on the page (and mailed, unless the player
//! turned that off).

use super::Holder;
use super::forms::{self, Fields};
use super::page::{Answer, page};
use super::player::{Player, refused};
use crate::game;
use crate::judge::WebUser;
use crate::mail::{WebCommand, WebReply};
use crate::store::Store;
use crate::web::sessions::same;
use crate::web::site::WebError;
use axum::Form;
use axum::http::StatusCode;
use axum::response::Response;
use std::sync::Arc;

/// What became of a form's commands.
enum Sent {
    Replied(WebReply),
    /// Nothing for the judge: only the mail copy's choice was saved.
    Saved,
    /// The power has another player now: the session is over.
    Gone,
    /// The power's password is locked (wrong guesses) and the session
    /// was opened with the password: the session is over.
    Locked,
}

/// The command text of the form `form` names (none: the free lines).
fn text_of(f: &Fields) -> Result<String, forms::Refusal> {
    match f.get("form") {
        "orders" => forms::orders(f),
        "espionage" => forms::espionage(f),
        "later" => forms::later(f),
        "press" => forms::press(f),
        "votes" => forms::votes(f),
        "settings" => forms::settings(f),
        _ => forms::lines(f),
    }
}

/// `POST /games/{name}/powers/{power}/send`: any form of the page (its
/// hidden `form` field names which; none: the free lines).
pub(super) async fn send(p: Player, Form(sent): Form<Fields>) -> Response {
    if !same(&p.open.csrf, sent.get("csrf")) {
        tracing::warn!(path = %p.at.path(), "a POST without its session's token: refused");
        return refused(p.lang);
    }
    let text = match text_of(&sent) {
        Ok(t) => t,
        Err(key) => {
            let said = Some(crate::text::web::word(p.lang, key));
            let answer = Answer {
                said,
                ..Answer::default()
            };
            return page(&p.site, p.lang, p.open, answer).await;
        }
    };
    let copy = forms::mail_copy(&sent);
    let shown = forms::masked(&text);
    let site = Arc::clone(&p.site);
    let holder = p.open.holder.clone();
    let done = tokio::task::spawn_blocking(move || -> Result<Sent, WebError> {
        let door = site
            .players()
            .ok_or_else(|| WebError::Stopped("no door".into()))?;
        hand_over(door, &holder, &text, copy)
    })
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    let answer = match done {
        Ok(Sent::Replied(r)) => Answer {
            sent: Some(shown),
            reply: Some(r.body),
            said: None,
        },
        Ok(Sent::Saved) => Answer {
            said: Some(crate::text::web::word(p.lang, "web-power-saved")),
            ..Answer::default()
        },
        Ok(ended @ (Sent::Gone | Sent::Locked)) => {
            p.door()
                .sessions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .end(&p.open.id);
            let (status, why) = match ended {
                Sent::Locked => (StatusCode::TOO_MANY_REQUESTS, "web-power-locked"),
                _ => (StatusCode::FORBIDDEN, "web-power-gone"),
            };
            tracing::warn!(path = %p.at.path(), reason = why, "a power's form refused; its session ended");
            return super::page::message(p.lang, status, "web-power-refused-title", why);
        }
        Err(e) => {
            tracing::error!(error = %e, "a power's commands could not be handed to the judge");
            return super::page::message(
                p.lang,
                StatusCode::INTERNAL_SERVER_ERROR,
                "web-failed",
                "web-failed-text",
            );
        }
    };
    page(&p.site, p.lang, p.open, answer).await
}

/// Hands `text` to the judge as `holder`'s, if the power is still
/// played from the address its session was opened for; `copy`, when
/// the form carries it, is the player's new choice of the mail copy,
/// saved first (the reply follows it). Nothing goes to the judge when
/// `text` is empty.
fn hand_over(
    door: &super::Door,
    holder: &Holder,
    text: &str,
    copy: Option<bool>,
) -> Result<Sent, WebError> {
    let mut st = Store::open_existing(&door.db)?;
    let info = game::signon_info(&st, &holder.game, &holder.power)?;
    let still = info
        .email
        .as_deref()
        .is_some_and(|e| e.eq_ignore_ascii_case(&holder.email));
    if !still {
        return Ok(Sent::Gone);
    }
    if !holder.by_link && locked(door, &st, &info)? {
        return Ok(Sent::Locked);
    }
    if let Some(on) = copy {
        let at = crate::store::time_text(door.now());
        st.write(|c| c.set_web_mail_copy(info.game_id, &info.power, &holder.email, on, &at))
            .map_err(game::GameError::from)?;
    }
    if text.trim().is_empty() {
        return Ok(Sent::Saved);
    }
    let mail_copy = st
        .read()
        .web_mail_copy(info.game_id, &info.power, &holder.email)
        .map_err(game::GameError::from)?;
    let cmd = WebCommand {
        user: WebUser::Power {
            game: info.game.clone(),
            power: info.power.clone(),
        },
        from: holder.email.clone(),
        text: text.to_string(),
        subject: format!("{} {}: web", info.game, info.power),
        mail_copy,
    };
    let r = crate::mail::web_command(&mut st, &door.judge, door.limits, &cmd, door.now())?;
    Ok(Sent::Replied(r))
}

/// Whether the power's password is locked now by wrong guesses (as mail's
/// `SIGNON` and the sign-on form find it).
fn locked(door: &super::Door, st: &Store, info: &game::SignonInfo) -> Result<bool, WebError> {
    let lock = door.judge.signon_lock;
    let guarded = game::Guarded::Power {
        game_id: info.game_id,
        power: info.power.clone(),
    };
    let state = game::password_lock(
        &st.read(),
        &guarded,
        chrono::Duration::minutes(lock.minutes),
        door.now(),
    )
    .map_err(game::GameError::from)?;
    Ok(state.locked_until.is_some() || state.failures >= lock.after)
}
