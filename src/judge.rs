//! The judge's side of one email: reads the commands in a message and
//! carries them out against the games database, producing exactly one
//! reply. The mail loop (`mail`) calls [`handle`] inside one
//! [`Store::batch`], together with queueing the reply and marking the
//! message handled, so a message is applied once or not at all.

use crate::game::CreateOptions;
use crate::store::{Store, StoreError};
use chrono::{DateTime, Utc};

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

/// Carries out the commands in `msg` and returns the reply.
pub fn handle(
    _st: &mut Store,
    _js: &JudgeSettings,
    msg: &Incoming,
    _now: DateTime<Utc>,
) -> Result<Reply, JudgeError> {
    // Placeholder while the command language is written.
    Ok(Reply {
        subject: format!("Re: {}", msg.subject),
        body: String::new(),
    })
}
