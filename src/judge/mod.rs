//! The judge's side of one email: reads the commands in a message and
//! carries them out against the games database, producing exactly one
//! reply. The mail loop (`mail`) calls [`handle`] inside one
//! [`Store::batch`], together with queueing the reply and marking the
//! message handled, so a message is applied once or not at all.
//!
//! The commands (see [`crate::command`]) run in the order written, with
//! one exception: all order lines of a message go to the game together,
//! after the other commands, in one [`crate::game::submit_orders`] call per
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
//!   [`JudgeSettings::master_address`] (in authenticated mail, where the
//!   judge checks senders): the master commands.
//!
//! A SIGNON checks the password against the argon2 hash stored for the
//! power. The password may be left out only when the game's settings say
//! `password_optional` and the mail comes from the address the power is
//! registered to, authenticated by the receiving server
//! ([`Incoming::authenticated`]). Wrong passwords lock a power's
//! password, or the master password, for a while (`guessing`): every
//! check of a password goes through that lock, and only authenticated
//! mail from the registered address passes it. Successful argon2 checks
//! are remembered in memory (see [`verify_cached`]) so that a player's
//! next signon costs nothing.
//!
//! One file per part: `session` (the message read line by line, and the
//! reply), `blocks` (PHASE and IF blocks), `players` (SIGNON, JOIN and the signed-on player's commands),
//! `master` (the master's commands), `views` (LIST, HISTORY), `roster`
//! (SUMMARY, WHOGAME), `fake_press`, `address` (SET ADDRESS, CONFIRM
//! ADDRESS), `password_cache`, `guessing` (wrong passwords), `texts`,
//! `web` (a power's password given at the web pages).

use crate::command::{self};
use crate::game::{CreateOptions, Store, StoreError};
use crate::text;
use chrono::{DateTime, Utc};

mod address;
mod blocks;
mod fake_press;
mod guessing;
mod language;
mod master;
mod password_cache;
pub(crate) mod person;
mod pictures;
mod players;
mod roster;
mod session;
mod texts;
mod views;
mod web;

pub use guessing::record_wrong_master;
pub use password_cache::verify_cached;
use session::Session;
pub use web::{WebSignOn, web_sign_on};
/// A message as the mail layer hands it over: already decoded, with the
/// plain-text body (HTML-only mail converted to text, attachments gone).
#[derive(Debug, Clone)]
pub struct Incoming {
    /// The sender's address, lower-cased.
    pub from: String,
    /// The message's Message-ID, if it has one (the reply threads under it).
    pub message_id: Option<String>,
    /// The subject line.
    pub subject: String,
    /// The plain-text body, where the commands are.
    pub body: String,
    /// When the judge received it.
    pub received_at: DateTime<Utc>,
    /// The judge's receiving server vouched for the sender's domain (see
    /// [`crate::mail::authenticated`]): only such mail may leave out the password
    /// in a `password_optional` game.
    pub authenticated: bool,
    /// The sender is over a rate limit: the message is read only if it
    /// signs on correctly; otherwise nothing it says is done and it gets
    /// no reply ([`Reply::refused`]).
    pub restricted: bool,
    /// Commands from the web pages, whose reader signed on there (by the
    /// power's password, through its guessing lock, or a one-time link;
    /// or as the master): none for mail, which signs on in its lines.
    pub web: Option<WebUser>,
}

/// Who signed on at the web pages before sending commands from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebUser {
    /// A power's player: the game's and the power's stored names.
    Power {
        /// The game.
        game: String,
        /// The power (`france`).
        power: String,
    },
    /// The game master, logged in with the master password.
    Master,
}

/// The one reply to a message; the mail layer addresses it to the sender
/// and threads it under the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The reply's subject line.
    pub subject: String,
    /// The reply's text.
    pub body: String,
    /// Files for the reply (MAP's picture of the board).
    pub attachments: Vec<crate::game::Attachment>,
    /// What became of the message's sign-ons.
    pub signons: Signons,
    /// A restricted message that did not sign on correctly: nothing was
    /// done, and it gets no reply.
    pub refused: bool,
    /// Mail to others that the message caused and that belongs to no game
    /// (the game master told that the master password is locked); the
    /// mail layer joins it with everything else the message caused, one
    /// mail per address.
    pub letters: Vec<Letter>,
}

/// A mail the judge writes to somebody because of a message, outside any
/// game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// The address it goes to.
    pub to: String,
    /// The subject line.
    pub subject: String,
    /// The text.
    pub body: String,
}

/// What became of the sign-ons (SIGNON, MASTER) of one message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Signons {
    /// One signed on correctly.
    pub good: bool,
    /// One gave a wrong password (or was refused by a lock).
    pub failed: bool,
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
    /// default of `crate::mail::health::DEFAULT_ALERT_MINUTES`).
    pub alert_after_minutes: Option<i64>,
    /// The authserv-id whose `Authentication-Results` the judge trusts
    /// (see [`crate::mail::authenticated`]); none: no mail is authenticated.
    pub authserv_id: Option<String>,
    /// When wrong passwords lock a power's password or the master's.
    pub signon_lock: SignonLock,
    /// The language of readers who chose none and whose game has no
    /// default (`[judge] language`); none: English. See
    /// [`crate::game::reader_lang`].
    pub language: Option<crate::text::Lang>,
}

/// Password guessing: `after` wrong passwords for one power (or for the
/// master password) within `minutes` lock that password for the next
/// `minutes`, from every address; only authenticated mail from the
/// registered address passes the lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignonLock {
    /// How many wrong passwords lock it.
    pub after: u32,
    /// The window they must fall within, in minutes, and how long the lock then lasts.
    pub minutes: i64,
}

impl Default for SignonLock {
    fn default() -> Self {
        SignonLock {
            after: 5,
            minutes: 60,
        }
    }
}

/// Why a message could not be handled at all (the database failed); the
/// message stays unhandled and is tried again.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The database failed.
    #[error("database error: {0}")]
    Sql(#[from] crate::game::DbError),
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
    text::install();
    if !js.address.is_empty() && msg.from.eq_ignore_ascii_case(&js.address) {
        let lang = js.language.unwrap_or_default();
        return Ok(Reply {
            subject: reply_subject(lang, &msg.subject),
            body: format!("{}\n", text::plain(lang, "replies-own-address")),
            attachments: Vec::new(),
            signons: Signons::default(),
            refused: false,
            letters: Vec::new(),
        });
    }
    let parsed = command::parse_message(&msg.body);
    let person = person::person(&msg.from);
    // The language the whole reply is written in, its subject included.
    let lang = language::reply_lang(st, js, msg, &parsed)?;
    let subject = reply_subject(lang, &msg.subject);
    let r = st.batch(|st| {
        let mut s = Session::new(js, msg, now, lang);
        for item in &parsed.items {
            s.item(st, item)?;
        }
        if msg.restricted && !s.signons.good {
            // Undone, all of it; only the wrong passwords are kept (below).
            return Err(Stop::Refused(std::mem::take(&mut s.failures), s.signons));
        }
        s.flush_orders(st)?;
        let attachments = std::mem::take(&mut s.attachments);
        let failures = std::mem::take(&mut s.failures);
        let signons = s.signons;
        let body = s.finish(st, &parsed)?;
        let letters = st.write(|c| guessing::record(c, js, &person, &failures, now))?;
        Ok::<_, Stop>((body, attachments, signons, letters))
    });
    match r {
        Ok((body, attachments, signons, letters)) => Ok(Reply {
            subject,
            body,
            attachments,
            signons,
            refused: false,
            letters,
        }),
        Err(Stop::Judge(e)) => Err(e),
        Err(Stop::Refused(failures, signons)) => {
            let letters = st.write(|c| guessing::record(c, js, &person, &failures, now))?;
            Ok(Reply {
                subject,
                body: String::new(),
                attachments: Vec::new(),
                signons,
                refused: true,
                letters,
            })
        }
    }
}

/// The reply's subject in `lang`: `Re: ` and the message's subject (kept
/// as it is when it already is a reply's, `Re:` or the language's own
/// mark such as `AW:`), or a subject of its own when the message had none.
fn reply_subject(lang: text::Lang, subject: &str) -> String {
    // A subject that may hold a password is not repeated whole (the mail
    // layer masks it already; this holds for any caller).
    let masked = command::secret::mask_line(subject.trim());
    let subject = masked.as_deref().unwrap_or(subject.trim());
    if subject.is_empty() {
        return text::plain(lang, "replies-subject-none");
    }
    let mark = text::render(
        lang,
        "replies-subject-re",
        &text::Args::new().str("subject", ""),
    )
    .trim()
    .to_lowercase();
    if subject.to_ascii_lowercase().starts_with("re:")
        || (!mark.is_empty() && subject.to_lowercase().starts_with(&mark))
    {
        subject.to_string()
    } else {
        text::render(
            lang,
            "replies-subject-re",
            &text::Args::new().str("subject", subject),
        )
    }
}

/// Why the handling of a message stopped (and its changes were undone).
enum Stop {
    Judge(JudgeError),
    /// A restricted message did not sign on correctly.
    Refused(Vec<guessing::Failure>, Signons),
}

impl From<JudgeError> for Stop {
    fn from(e: JudgeError) -> Self {
        Stop::Judge(e)
    }
}

impl From<crate::game::DbError> for Stop {
    fn from(e: crate::game::DbError) -> Self {
        Stop::Judge(JudgeError::Sql(e))
    }
}

impl From<StoreError> for Stop {
    fn from(e: StoreError) -> Self {
        Stop::Judge(JudgeError::Store(e))
    }
}
