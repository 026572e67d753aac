//! The mail layer: everything between the judge and the mail servers.
//!
//! Mail comes in over IMAP (`imap`) or from a Maildir (`maildir`), is
//! stored raw in the `inbox` table before the server is told it was read
//! ([`store_raw`]), and is then handled one message per transaction
//! ([`handle_new_until`]): the judge's reply goes into the `outbox` in the
//! same transaction that marks the message handled, together with
//! everything the message caused, one mail per address (`caused`).
//! Other announcements become outbox rows the same way
//! ([`queue_announcements`]). The outbox is
//! sent over SMTP ([`SmtpOut`]) or into Maildirs ([`MaildirOut`]), with retries
//! ([`send_due`]). [`Server`] runs the whole loop.
//!
//! The modules are private; what the command line, the demonstration,
//! the tests and the benchmarks use is re-exported here. Where a name
//! alone would not say which part it belongs to, it says so:
//! [`inbox_rows`] and [`outbox_rows`], [`deliver_to_maildir`] and
//! [`create_maildir`], [`imap_tls_config`], [`parse_message`] (a raw
//! mail read) and [`queue_mail`] (one mail put in the outbox).

mod address;
mod alert;
mod announce;
mod announcement;
mod auth;
mod caused;
pub(crate) mod check;
mod check_oauth;
mod disk;
mod health;
mod html;
mod imap;
mod imap_login;
mod inbox;
mod maildir;
mod mask;
mod mask_part;
mod message;
mod multipart;
pub(crate) mod oauth;
mod outbox;
mod oversize;
pub(crate) mod quarantine;
mod retry;
mod serve;
mod smtp;
mod web;
mod web_link;

pub use announce::mailed_to;
pub use auth::authenticated;
pub use disk::{DEFAULT_MIN_FREE_BYTES, FreeSpace};
pub use imap::tls_config as imap_tls_config;
pub use inbox::{Outcome, body_reads, handle_new_until, ingest, rows as inbox_rows, store_raw};
pub use maildir::{MaildirOut, create as create_maildir, deliver as deliver_to_maildir};
pub use mask::{mask_backup, mask_parsed, mask_raw};
pub use message::parse as parse_message;
pub use oauth::TokenSource;
pub use outbox::{
    Failure, NewMail, OutMail, Outgoing, RetryPolicy, SendSummary, queue as queue_mail,
    queue_announcements, rows as outbox_rows, send_due,
};
pub use serve::{Server, retry_policy};
pub use smtp::{SmtpOut, build_message};
pub use web::{WebCommand, WebReply, web_command, web_sign_on};
pub use web_link::{
    LINK_MINUTES, LINKS_PER_HOUR, LinkAsked, LinkOpens, LinkRefused, link_hash, use_web_link,
    web_link,
};

use std::time::Duration;

/// Why a step of the mail loop failed.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// An SQLite error.
    #[error("database error: {0}")]
    Sql(#[from] crate::store::DbError),
    /// The store refused or failed (see [`crate::store::StoreError`]).
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// Reading or writing a file (a Maildir's messages) failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The IMAP server could not be reached or answered with an error; what happened.
    #[error("IMAP: {0}")]
    Imap(String),
    /// The SMTP server could not be reached or refused; what happened.
    #[error("SMTP: {0}")]
    Smtp(String),
    /// The TLS set-up failed (a certificate file, the handshake); what happened.
    #[error("TLS: {0}")]
    Tls(String),
    /// The mail settings cannot be used (a missing host, plain text not allowed); what is wrong.
    #[error("configuration: {0}")]
    Config(String),
    /// Getting an OAuth2 access token failed.
    #[error(transparent)]
    Oauth(#[from] oauth::OauthError),
    /// `serve --once`: a step of the pass failed (mail not fetched or not
    /// sent...); the words say which.
    #[error("the pass did not complete: {0}")]
    PassFailed(String),
    /// `dipspy quarantine` named a message number that is not in the quarantine.
    #[error("there is no quarantined mail #{0} (see `dipspy quarantine list`)")]
    NotQuarantined(i64),
}
impl From<crate::judge::JudgeError> for MailError {
    fn from(e: crate::judge::JudgeError) -> Self {
        match e {
            crate::judge::JudgeError::Store(s) => MailError::Store(s),
            crate::judge::JudgeError::Sql(s) => MailError::Sql(s),
        }
    }
}

/// Set by the crash tests: `DIPSPY_TEST_PAUSE_AT=POINT=SECONDS` makes the
/// judge announce `paused at POINT` on stderr and sleep there. Points:
/// `stored` (a message is in the inbox table, the server not yet told),
/// `handling` (inside a message's transaction, before it commits),
/// `queued` (replies are in the outbox, not yet sent), `sending` (before
/// each outgoing mail is handed to the transport).
/// `DIPSPY_TEST_PAUSE_AT=POINT=until:FILE` is a pause the test controls:
/// at each arrival at POINT the judge announces it, waits until FILE
/// exists (at most ten minutes), removes it and goes on, so a test
/// releases the judge one step at a time by creating FILE.
pub const TEST_PAUSE_AT_ENV: &str = "DIPSPY_TEST_PAUSE_AT";

/// The crash-test hook; does nothing unless [`TEST_PAUSE_AT_ENV`] names
/// `point`.
pub fn test_pause(point: &str) {
    let Ok(v) = std::env::var(TEST_PAUSE_AT_ENV) else {
        return;
    };
    let Some((p, how)) = v.split_once('=') else {
        return;
    };
    if p != point {
        return;
    }
    crate::logging::say(format_args!("dipspy: test hook: paused at {point}"));
    match how.strip_prefix("until:") {
        Some(file) => {
            let file = std::path::Path::new(file);
            let end = std::time::Instant::now() + Duration::from_secs(600);
            while !file.exists() && std::time::Instant::now() < end {
                std::thread::sleep(Duration::from_millis(5));
            }
            let _ = std::fs::remove_file(file);
        }
        None => std::thread::sleep(Duration::from_secs(how.parse().unwrap_or(30))),
    }
}

/// Set by the crash tests: `DIPSPY_TEST_PANIC_ON=TEXT` makes the judge
/// panic on a message whose body contains TEXT, after the judge has
/// carried out its commands and before the reply is queued, to show that a
/// panic neither stops the loop nor leaves half a message applied.
pub const TEST_PANIC_ON_ENV: &str = "DIPSPY_TEST_PANIC_ON";

/// The panic hook; does nothing unless [`TEST_PANIC_ON_ENV`] is set and
/// found in `body`.
pub fn test_panic(body: &str) {
    if let Ok(v) = std::env::var(TEST_PANIC_ON_ENV)
        && !v.is_empty()
        && body.contains(&v)
    {
        panic!("test hook: panic on a message containing {v:?}");
    }
}

/// Limits on what the judge reads and answers (see `[limits]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Larger messages are quarantined unread, in bytes.
    pub max_message_bytes: usize,
    /// Messages per person within an hour (mail that signs on correctly
    /// and mail with a failed sign-on are not counted here).
    pub per_sender_per_hour: u32,
    /// Messages with a failed sign-on per person within an hour.
    pub failed_signons_per_hour: u32,
    /// Judge-wide mails within an hour to addresses in no game (replies,
    /// codes, notices: see `caused`).
    pub stranger_replies_per_hour: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 256 * 1024,
            per_sender_per_hour: 60,
            failed_signons_per_hour: 10,
            stranger_replies_per_hour: 200,
        }
    }
}

impl Limits {
    /// The limits of a `[limits]` section, each missing key at its default.
    pub fn from_config(c: &crate::config::LimitsConfig) -> Limits {
        let d = Limits::default();
        Limits {
            max_message_bytes: c.max_message_bytes.unwrap_or(d.max_message_bytes),
            per_sender_per_hour: c.per_sender_per_hour.unwrap_or(d.per_sender_per_hour),
            failed_signons_per_hour: c
                .failed_signons_per_hour
                .unwrap_or(d.failed_signons_per_hour),
            stranger_replies_per_hour: c
                .stranger_replies_per_hour
                .unwrap_or(d.stranger_replies_per_hour),
        }
    }

    /// No limit at all (a mail the master releases from quarantine).
    pub fn unlimited() -> Limits {
        Limits {
            max_message_bytes: usize::MAX,
            per_sender_per_hour: u32::MAX,
            failed_signons_per_hour: u32::MAX,
            stranger_replies_per_hour: u32::MAX,
        }
    }
}

/// The domain of an address (for the judge's Message-IDs).
pub fn domain_of(addr: &str) -> &str {
    addr.rsplit_once('@')
        .map(|(_, d)| d)
        .filter(|d| !d.is_empty())
        .unwrap_or("dipspy.invalid")
}
