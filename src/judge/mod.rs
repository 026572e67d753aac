//! The judge's side of one email: reads the commands in a message and
//! carries them out against the games database, producing exactly one
//! reply. The mail loop (`mail`) calls [`handle`] inside one
//! [`Store::batch`], together with queueing the reply and marking the
//! message handled, so a message is applied once or not at all.
//!
//! The commands (see [`crate::command`]) run in the order written, with
//! one exception: all order lines of a message go to the game together,
//! after the other commands, in one [`game::submit_orders`] call per
//! signed-on power (so `CLEAR` withdraws the orders given before the
//! message, and the orders in the message stand).
//!
//! Who may do what:
//! - anybody: `HELP`, `LIST`, `JOIN`, `OBSERVE`, `SUMMARY`, `WHOGAME`
//!   (addresses only where the game allows), `CONFIRM ADDRESS` (from the
//!   new address, with the code mailed there);
//! - after a good `SIGNON` in the same message: orders, `CLEAR`,
//!   `SET WAIT`/`SET NOWAIT`, `SET PASSWORD`, `SET ADDRESS`, `RESIGN`,
//!   press (fake press where the game allows it), and
//!   `HISTORY` of any game; a player or observer of a game may also ask
//!   for its `HISTORY` without signing on;
//! - after a good `MASTER <password>` line, sent from
//!   [`JudgeSettings::master_address`]: the master commands.
//!
//! A SIGNON checks the password against the argon2 hash stored for the
//! power. The password may be left out only when the game's settings say
//! `password_optional` and the mail comes from the address the power is
//! registered to. Successful argon2 checks are remembered in memory (see
//! [`verify_cached`]) so that a player's next signon costs nothing.
//!
//! One file per part: `session` (the message read line by line, and the
//! reply), `blocks` (PHASE and IF blocks), `players` (SIGNON, JOIN and the signed-on player's commands),
//! `master` (the master's commands), `views` (LIST, HISTORY), `roster`
//! (SUMMARY, WHOGAME), `fake_press`, `address` (SET ADDRESS, CONFIRM
//! ADDRESS), `password_cache`.

use crate::command::{self};
use crate::game::CreateOptions;
use crate::store::{Store, StoreError};
use chrono::{DateTime, Utc};

mod address;
mod blocks;
mod fake_press;
mod master;
mod password_cache;
mod pictures;
mod players;
mod roster;
mod session;
mod views;

pub use password_cache::verify_cached;
use session::Session;
/// A message as the mail layer hands it over: already decoded, with the
/// plain-text body (HTML-only mail converted to text, attachments gone).
#[derive(Debug, Clone)]
pub struct Incoming {
    /// The sender's address, lower-cased.
    pub from: String,
    pub message_id: Option<String>,
    pub subject: String,
    pub body: String,
    /// When the judge received it.
    pub received_at: DateTime<Utc>,
}

/// The one reply to a message; the mail layer addresses it to the sender
/// and threads it under the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub subject: String,
    pub body: String,
    /// Files for the reply (MAP's picture of the board).
    pub attachments: Vec<crate::store::attachments::Attachment>,
}

/// What the judge needs to know beyond the database.
#[derive(Debug, Clone, Default)]
pub struct JudgeSettings {
    /// The judge's own address (mail from it is never answered).
    pub address: String,
    /// Address of the game master allowed to send master commands.
    pub master_address: Option<String>,
    /// Argon2 hash of the master password.
    pub master_password_hash: Option<String>,
    /// Settings for games created by mail.
    pub defaults: CreateOptions,
    /// The master gets a copy of every announcement to all of a game.
    pub master_copies: bool,
    /// Minutes of failing mail before the master is told (none: the
    /// default of [`crate::mail::health::DEFAULT_ALERT_MINUTES`]).
    pub alert_after_minutes: Option<i64>,
}

/// Why a message could not be handled at all (the database failed); the
/// message stays unhandled and is tried again.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
}

/// Carries out the commands in `msg` and returns the reply. Everything it
/// changes is done in one [`Store::batch`] (a savepoint when the caller
/// already holds one). Game errors become lines of the reply; only a
/// failing database makes it return `Err`.
pub fn handle(
    st: &mut Store,
    js: &JudgeSettings,
    msg: &Incoming,
    now: DateTime<Utc>,
) -> Result<Reply, JudgeError> {
    let subject = if msg.subject.trim().is_empty() {
        "Your message to the judge".to_string()
    } else if msg
        .subject
        .trim_start()
        .to_ascii_lowercase()
        .starts_with("re:")
    {
        msg.subject.trim().to_string()
    } else {
        format!("Re: {}", msg.subject.trim())
    };
    if !js.address.is_empty() && msg.from.eq_ignore_ascii_case(&js.address) {
        return Ok(Reply {
            subject,
            body: "Mail from the judge's own address is not read.\n".into(),
            attachments: Vec::new(),
        });
    }
    let parsed = command::parse_message(&msg.body);
    let (body, attachments) = st.batch(|st| {
        let mut s = Session::new(js, msg, now);
        for item in &parsed.items {
            s.item(st, item)?;
        }
        s.flush_orders(st)?;
        let attachments = std::mem::take(&mut s.attachments);
        Ok::<_, JudgeError>((s.finish(st, &parsed)?, attachments))
    })?;
    Ok(Reply {
        subject,
        body,
        attachments,
    })
}
