//! The master's commands on the judge's pages
//! (`/judge/games/{name}/master`), for every game: process now, pause,
//! resume, set the deadline, roll back to a phase played, approve or
//! refuse a pending takeover. Each form is written as the command text a
//! master's mail would carry (`commands`) and handed to the judge through
//! the same door as mail ([`crate::mail::web_command`]), as the master
//! signed on ([`WebUser::Master`]), from the master's address: stored in
//! the inbox (source `web`), its reply and everything it caused (results,
//! notices) queued in the same transaction, the reply also mailed to the
//! master. The page shows the command sent and the judge's reply.
//!
//! Processing and rolling back cannot be undone by another form: they
//! first show a confirmation page, with the command text and a button
//! that sends the form again, confirmed. Every POST needs the session's
//! CSRF token.

use super::Desk;
use super::commands::{self, MasterForm};
use super::timeline::{Judge, answer, refused};
use super::words::Frame;
use crate::game::{self, Lang, Store};
use crate::judge::WebUser;
use crate::mail::{WebCommand, WebReply};
use crate::store::PhaseStatus;
use crate::text::Args;
use crate::text::web::{self as words, word};
use crate::web::sessions::same;
use crate::web::site::WebError;
use askama::Template;
use askama_web::WebTemplate;
use axum::Form;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Who the commands come from when the judge has no master's address
/// (then no copy of the reply is mailed).
const NO_ADDRESS: &str = "(the judge's web pages)";

/// A choice of a select.
pub(super) struct Pick {
    pub value: String,
    pub label: String,
    pub chosen: bool,
}

/// A pending takeover: the power, and who asks for it.
pub(super) struct Pending {
    pub power: String,
    pub label: String,
    pub email: String,
}

/// A command sent and the judge's reply.
pub(super) struct Replied {
    pub sent: String,
    pub body: String,
}

/// `/judge/games/{name}/master`: the game's standing and the master's
/// forms, with the last command's reply.
#[derive(Template, WebTemplate)]
#[template(path = "judge/master.html")]
pub(super) struct MasterPage {
    f: Frame,
    csrf: String,
    game: String,
    status: String,
    phase: String,
    deadline: Option<String>,
    phases: Vec<Pick>,
    takeovers: Vec<Pending>,
    reply: Option<Replied>,
    /// What was wrong with the form sent, if anything.
    said: Option<String>,
}

/// The confirmation page of a command that cannot be undone by another
/// form: the form again, confirmed.
#[derive(Template, WebTemplate)]
#[template(path = "judge/confirm.html")]
pub(super) struct ConfirmPage {
    f: Frame,
    csrf: String,
    game: String,
    sent: String,
    warning: String,
    form: MasterForm,
}

/// `GET /judge/games/{name}/master`.
pub(super) async fn page(j: Judge, Path(name): Path<String>) -> Response {
    show(&j, name, StatusCode::OK, None, None).await
}

/// The master's page of `name`, answered with `status`, with the reply
/// to a command or what was wrong with a form.
async fn show(
    j: &Judge,
    name: String,
    status: StatusCode,
    reply: Option<Replied>,
    said: Option<String>,
) -> Response {
    let (lang, csrf) = (j.lang, j.open.csrf.clone());
    let made = j
        .site
        .read(move |st, _| master_page(st, &name, lang, csrf, reply, said))
        .await;
    match made {
        Ok(p) => (status, p).into_response(),
        Err(e) => answer::<MasterPage>(lang, Err(e)),
    }
}

fn master_page(
    st: &Store,
    name: &str,
    lang: Lang,
    csrf: String,
    reply: Option<Replied>,
    said: Option<String>,
) -> Result<MasterPage, WebError> {
    let v = game::show(st, name)?;
    let mut played: Vec<String> = game::history(st, name, None)?
        .into_iter()
        .filter(|h| h.status == PhaseStatus::Processed)
        .map(|h| h.phase)
        .collect();
    played.dedup();
    let last = played.len().saturating_sub(1);
    let phases = played
        .into_iter()
        .enumerate()
        .map(|(i, p)| Pick {
            label: format!("{} ({p})", words::phase(lang, &p)),
            chosen: i == last,
            value: p,
        })
        .collect();
    let mut takeovers = Vec::new();
    let tx = st.read();
    if let Some(row) = tx.game_by_name(&v.name).map_err(game::GameError::from)? {
        for p in &v.powers {
            if let Some(t) = tx
                .pending_takeover(row.id, &p.power)
                .map_err(game::GameError::from)?
            {
                takeovers.push(Pending {
                    label: words::power(lang, &p.power),
                    power: p.power.clone(),
                    email: t.email,
                });
            }
        }
    }
    let phase = match &v.phase {
        Some(code) => format!("{} ({code})", words::phase(lang, code)),
        None => "-".to_string(),
    };
    Ok(MasterPage {
        f: Frame::new(
            lang,
            words::words(lang, "web-master-title", &Args::new().str("game", name)),
            &format!("/judge/games/{}/master", v.name),
        ),
        csrf,
        status: words::status(lang, v.status),
        phase,
        deadline: v.deadline.clone(),
        phases,
        takeovers,
        reply,
        said,
        game: v.name,
    })
}

/// `POST /judge/games/{name}/master`: the form's token must be the
/// session's; then its command line, confirmed first when it must be,
/// through the judge.
pub(super) async fn send(
    j: Judge,
    Path(name): Path<String>,
    Form(sent): Form<MasterForm>,
) -> Response {
    if !same(&j.open.csrf, &sent.csrf) {
        tracing::warn!(
            path = "/judge/games/{name}/master",
            "a POST without its session's token: refused"
        );
        return refused(j.lang);
    }
    let lang = j.lang;
    let line = match commands::line(&name, &sent) {
        Ok(l) => l,
        Err(unfit) => {
            let said = word(lang, unfit.key());
            return show(&j, name, StatusCode::BAD_REQUEST, None, Some(said)).await;
        }
    };
    if line.dangerous && sent.confirmed != "yes" {
        return confirm(&j, name, line.text, sent).await;
    }
    let site = Arc::clone(&j.site);
    let (game, text) = (name.clone(), line.text.clone());
    let done = tokio::task::spawn_blocking(move || -> Result<WebReply, WebError> {
        let desk = site
            .judge()
            .ok_or_else(|| WebError::Stopped("no desk".into()))?;
        hand_over(desk, &game, &text)
    })
    .await
    .map_err(|e| WebError::Stopped(e.to_string()))
    .and_then(|r| r);
    match done {
        Ok(r) => {
            tracing::info!(
                inbox = r.inbox_id,
                "the master's command from the judge's pages"
            );
            let replied = Replied {
                sent: line.text,
                body: r.body,
            };
            show(&j, name, StatusCode::OK, Some(replied), None).await
        }
        Err(e) => answer::<MasterPage>(lang, Err(e)),
    }
}

/// The confirmation page of `text`, for a game that exists.
async fn confirm(j: &Judge, name: String, text: String, form: MasterForm) -> Response {
    let (lang, csrf) = (j.lang, j.open.csrf.clone());
    let made = j
        .site
        .read(move |st, _| {
            let v = game::show(st, &name)?;
            let key = match form.action.as_str() {
                "rollback" => "web-master-confirm-rollback",
                _ => "web-master-confirm-process",
            };
            let args = Args::new().str("game", v.name.as_str());
            Ok(ConfirmPage {
                f: Frame::new(
                    lang,
                    words::words(lang, "web-master-confirm-title", &args),
                    &format!("/judge/games/{}/master", v.name),
                ),
                csrf,
                warning: words::words(lang, key, &args),
                sent: text,
                form,
                game: v.name,
            })
        })
        .await;
    answer(lang, made)
}

/// Hands `text` to the judge as the master's, from the master's address
/// (a copy of the reply mailed there), or from the pages when the judge
/// has none (no copy). A game that does not exist is not handed over.
fn hand_over(desk: &Desk, game: &str, text: &str) -> Result<WebReply, WebError> {
    let mut st = Store::open_existing(&desk.db)?;
    game::show(&st, game)?;
    let js = &desk.judge;
    let address = js
        .master_address
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty());
    let cmd = WebCommand {
        user: WebUser::Master,
        from: address.unwrap_or(NO_ADDRESS).to_string(),
        text: text.to_string(),
        subject: format!("{game}: master, web"),
        mail_copy: address.is_some(),
    };
    Ok(crate::mail::web_command(
        &mut st,
        js,
        desk.limits,
        &cmd,
        desk.now(),
    )?)
}
