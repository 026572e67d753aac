//! The forms of a power's page: each writes the command text a mail
//! would carry, and hands it to the judge through the same door as mail
//! ([`crate::mail::web_command`]), as the power's player signed on at the
//! page. The reply is shown on the page (and mailed, unless the player
//! turned that off).

use super::Holder;
use super::page::page;
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

/// What a form of the page sends.
#[derive(serde::Deserialize, Default)]
pub(super) struct SendForm {
    #[serde(default)]
    csrf: String,
    /// Commands as a mail would carry them, one a line.
    #[serde(default)]
    lines: String,
}

impl SendForm {
    /// The command text the form stands for.
    fn text(&self) -> String {
        self.lines.replace("\r\n", "\n")
    }
}

/// What became of a form's commands.
enum Sent {
    Replied(WebReply),
    /// The power has another player now: the session is over.
    Gone,
}

/// `POST /games/{name}/powers/{power}/send`.
pub(super) async fn send(p: Player, Form(sent): Form<SendForm>) -> Response {
    if !same(&p.open.csrf, &sent.csrf) {
        tracing::warn!(path = %p.at.path(), "a POST without its session's token: refused");
        return refused(p.lang);
    }
    let text = sent.text();
    let site = Arc::clone(&p.site);
    let holder = p.open.holder.clone();
    let done = tokio::task::spawn_blocking(move || -> Result<Sent, WebError> {
        let door = site
            .players()
            .ok_or_else(|| WebError::Stopped("no door".into()))?;
        hand_over(door, &holder, &text)
    })
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    match done {
        Ok(Sent::Replied(r)) => page(&p.site, p.lang, p.open, Some(r.body)).await,
        Ok(Sent::Gone) => {
            p.door()
                .sessions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .end(&p.open.id);
            super::page::message(
                p.lang,
                StatusCode::FORBIDDEN,
                "web-power-refused-title",
                "web-power-gone",
            )
        }
        Err(e) => {
            tracing::error!(error = %e, "a power's commands could not be handed to the judge");
            super::page::message(
                p.lang,
                StatusCode::INTERNAL_SERVER_ERROR,
                "web-failed",
                "web-failed-text",
            )
        }
    }
}

/// Hands `text` to the judge as `holder`'s, if the power is still
/// played from the address its session was opened for.
fn hand_over(door: &super::Door, holder: &Holder, text: &str) -> Result<Sent, WebError> {
    let mut st = Store::open_existing(&door.db)?;
    let info = game::signon_info(&st, &holder.game, &holder.power)?;
    let still = info
        .email
        .as_deref()
        .is_some_and(|e| e.eq_ignore_ascii_case(&holder.email));
    if !still {
        return Ok(Sent::Gone);
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
