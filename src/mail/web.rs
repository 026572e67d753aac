//! Commands from the web pages, through the same door as mail: a form
//! of a power's page (or of the master's) is written as the command text
//! a mail would carry and handed to the judge as a message from the
//! power's registered address (or the master's), signed on at the pages
//! ([`judge::WebUser`]). It is stored in the inbox like mail (source
//! `web`, its passwords masked), handled in the same transaction as its
//! reply and everything it caused (press, notices, results), and its
//! reply is also mailed to the player unless they turned that off, so
//! the mail record stays complete. The secret log names the web pages as
//! the source of the orders it carries.

use super::caused::{self, Answer, Caused, Inbound};
use super::outbox::new_message_id;
use super::{Limits, MailError};
use crate::judge::{self, Incoming, JudgeSettings, WebUser};
use crate::store::{NewInbox, Store, time_text};
use chrono::{DateTime, Utc};

/// One form's commands, as the page's reader sent them.
#[derive(Debug, Clone)]
pub struct WebCommand {
    /// Who signed on at the pages.
    pub user: WebUser,
    /// The address the commands come from: the power's registered
    /// address, or the master's.
    pub from: String,
    /// The command text, as a mail's body would carry it.
    pub text: String,
    /// A subject for the record (and the reply's `Re:`).
    pub subject: String,
    /// Mail the reply to `from` too.
    pub mail_copy: bool,
}

/// The judge's reply to a form, shown on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebReply {
    /// The reply's subject.
    pub subject: String,
    /// The reply's text, as the mail would carry it.
    pub body: String,
    /// The inbox row that records the commands.
    pub inbox_id: i64,
}

/// Hands `cmd` to the judge and queues what it caused, all in one
/// transaction with its inbox row (stored already handled, so that the
/// mail loop never reads it as mail).
pub fn web_command(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    cmd: &WebCommand,
    now: DateTime<Utc>,
) -> Result<WebReply, MailError> {
    crate::text::install();
    let span = tracing::info_span!("web", from = %cmd.from);
    let _enter = span.enter();
    let message_id = new_message_id(&js.address, now);
    let raw = record(js, cmd, &message_id, now);
    let msg = Incoming {
        from: cmd.from.trim().to_lowercase(),
        message_id: Some(message_id.clone()),
        subject: cmd.subject.clone(),
        body: cmd.text.clone(),
        received_at: now,
        authenticated: false,
        restricted: false,
        web: Some(cmd.user.clone()),
    };
    st.batch(|st| -> Result<WebReply, MailError> {
        let id = st.write(|c| {
            c.insert_inbox(&NewInbox {
                dedup_key: &format!("web:{message_id}"),
                message_id: Some(&message_id),
                sender: &msg.from,
                subject: &msg.subject,
                raw: &raw,
                size: raw.len() as i64,
                received_at: &time_text(now),
                source: "web",
                person: &judge::person::person(&msg.from),
            })
        })?;
        let after = st.read().last_announcement_id()?;
        let reply = judge::handle(st, js, &msg, now)?;
        let stranger = !caused::in_some_game(&st.read(), js, &msg.from)?;
        st.write(|c| -> Result<(), MailError> {
            let answer =
                (cmd.mail_copy && super::address::addressable(&msg.from)).then(|| Answer {
                    subject: reply.subject.clone(),
                    body: reply.body.clone(),
                    attachments: reply.attachments.clone(),
                });
            let inbound = Inbound {
                id,
                from: &msg.from,
                message_id: Some(&message_id),
                stranger,
            };
            let what = Caused {
                answer,
                letters: &reply.letters,
                announced_after: after,
            };
            caused::queue_caused(c, js, limits, &inbound, what, now)?;
            c.set_inbox_signon_answer(id, Some("good"), stranger.then_some("stranger"))?;
            super::inbox::set_status(c, id, &raw, None, "handled", None, now)?;
            Ok(())
        })?;
        tracing::info!(inbox = id, "commands from the web pages handled");
        Ok(WebReply {
            subject: reply.subject,
            body: reply.body,
            inbox_id: id,
        })
    })
}

/// The commands as a mail would have carried them, for the inbox's
/// record (its passwords masked when it is stored).
fn record(js: &JudgeSettings, cmd: &WebCommand, message_id: &str, now: DateTime<Utc>) -> Vec<u8> {
    let one_line = |s: &str| s.replace(['\r', '\n'], " ");
    format!(
        "From: {}\r\nTo: {}\r\nSubject: {}\r\nMessage-ID: {}\r\nDate: {}\r\n\
         X-Dipspy-Source: web\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        one_line(&cmd.from),
        one_line(&js.address),
        one_line(&cmd.subject),
        message_id,
        now.to_rfc2822(),
        cmd.text.replace("\r\n", "\n").replace('\n', "\r\n"),
    )
    .into_bytes()
}

/// A power's password given at the web pages, checked as a `SIGNON`
/// line is (see [`judge::web_sign_on`]), in one transaction with its
/// record and what the record caused (the lock's notice to the game and
/// its player, the letter to the master), queued for the mail loop.
pub fn web_sign_on(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    game: &str,
    power: &str,
    password: &str,
    now: DateTime<Utc>,
) -> Result<judge::WebSignOn, MailError> {
    crate::text::install();
    const PERSON: &str = "(the web pages)";
    st.batch(|st| -> Result<judge::WebSignOn, MailError> {
        let after = st.read().last_announcement_id()?;
        let (out, letters) = judge::web_sign_on(st, js, game, power, password, PERSON, now)?;
        st.write(|c| -> Result<(), MailError> {
            let inbound = Inbound {
                id: 0,
                from: PERSON,
                message_id: None,
                stranger: false,
            };
            let what = Caused {
                answer: None,
                letters: &letters,
                announced_after: after,
            };
            caused::queue_caused(c, js, limits, &inbound, what, now)?;
            Ok(())
        })?;
        Ok(out)
    })
}
