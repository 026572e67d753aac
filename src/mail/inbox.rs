//! The inbox table: storing raw mail (exactly once) and handling it (one
//! transaction per message: the judge's work, its reply in the outbox, the
//! mark that it was handled).

use super::caused::{self, Answer, Caused, Inbound};
use super::message::{self, Parsed};
use super::{Limits, MailError};
use crate::judge::{self, Incoming, JudgeSettings};
use crate::store::Tx;
use crate::store::{NewInbox, Store, time_text};
use chrono::{DateTime, Duration, Utc};
use std::panic::AssertUnwindSafe;

/// The result of storing one raw message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// A new inbox row.
    New(i64),
    /// The same message was stored before (this row).
    Duplicate(i64),
}

impl Stored {
    /// The inbox row's id, new or not.
    pub fn id(self) -> i64 {
        match self {
            Stored::New(i) | Stored::Duplicate(i) => i,
        }
    }
}

/// Stores a raw message in one transaction, unless it is already there
/// (same Message-ID, or the same content when it has none).
pub fn store_raw(
    st: &mut Store,
    raw: &[u8],
    source: &str,
    now: DateTime<Utc>,
) -> Result<Stored, MailError> {
    store_raw_sized(st, raw, raw.len() as u64, source, now)
}

/// A message whose headers were read already (by [`ingest`], to store
/// it): its raw bytes and what its headers say.
struct Read<'a> {
    raw: &'a [u8],
    headers: &'a Parsed,
}

thread_local! {
    static BODY_READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many mail bodies this thread has read for the judge (parsed whole,
/// after the sender's limits let them through): a mail stopped by a
/// limit on its headers alone is never read.
pub fn body_reads() -> usize {
    BODY_READS.with(|c| c.get())
}

/// [`store_raw`] for a mail of `size` bytes of which only `raw` (its
/// beginning, see `super::oversize`) is stored: the size recorded, and
/// judged by the limits, is the whole mail's.
pub(super) fn store_raw_sized(
    st: &mut Store,
    raw: &[u8],
    size: u64,
    source: &str,
    now: DateTime<Utc>,
) -> Result<Stored, MailError> {
    // Only the headers are needed here; the body is read when handled.
    let p = message::parse(header_block(raw));
    store_parsed(st, raw, size, &p, source, now)
}

/// Stores a raw message whose headers `p` holds (see [`store_raw_sized`]).
fn store_parsed(
    st: &mut Store,
    raw: &[u8],
    size: u64,
    p: &Parsed,
    source: &str,
    now: DateTime<Utc>,
) -> Result<Stored, MailError> {
    let key = message::dedup_key(raw, p.message_id.as_deref());
    st.write(|c| {
        if let Some(id) = c.inbox_id_by_dedup_key(&key)? {
            return Ok(Stored::Duplicate(id));
        }
        let id = c.insert_inbox(&NewInbox {
            dedup_key: &key,
            message_id: p.message_id.as_deref(),
            sender: &p.from,
            subject: &p.subject,
            raw,
            size: size.max(raw.len() as u64) as i64,
            received_at: &time_text(now),
            source,
            person: &crate::judge::person::person(&p.from),
        })?;
        Ok(Stored::New(id))
    })
}

/// The header block of a raw message (up to the first empty line), so a
/// huge body is not decoded just to learn the sender.
fn header_block(raw: &[u8]) -> &[u8] {
    let cut = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|i| i + 4)
        .or_else(|| raw.windows(2).position(|w| w == b"\n\n").map(|i| i + 2))
        .unwrap_or(raw.len());
    &raw[..cut.min(raw.len())]
}

/// What became of one inbox message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The judge handled it; its reply is queued.
    Handled,
    /// Not read (too large, too many from the sender, unreadable, or the
    /// judge failed on it); kept raw.
    Quarantined(String),
    /// Needs no answer (an auto-reply, a bounce, the judge's own mail).
    Ignored(String),
    /// The database failed; it stays new and is tried again.
    Retry(String),
}

/// How many messages of each kind one pass handled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HandleSummary {
    /// Messages handled, their replies queued.
    pub handled: usize,
    /// Messages quarantined unread.
    pub quarantined: usize,
    /// Messages that needed no answer.
    pub ignored: usize,
    /// Messages left new for the next pass because the database failed.
    pub retry: usize,
}

/// Handles every `new` inbox message, oldest first, checking `stop`
/// between messages: the rest stay `new` for the next pass (SIGTERM with a
/// long backlog).
pub fn handle_new_until(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    now: DateTime<Utc>,
    stop: &dyn Fn() -> bool,
) -> Result<HandleSummary, MailError> {
    crate::text::install();
    let ids: Vec<i64> = st.read().new_inbox_ids()?;
    let mut sum = HandleSummary::default();
    for id in ids {
        if stop() {
            break;
        }
        match handle_one(st, js, limits, id, now)? {
            Outcome::Handled => sum.handled += 1,
            Outcome::Quarantined(_) => sum.quarantined += 1,
            Outcome::Ignored(_) => sum.ignored += 1,
            Outcome::Retry(_) => sum.retry += 1,
        }
    }
    if sum.handled + sum.quarantined + sum.ignored > 0 {
        forget_unmasked(st);
    }
    Ok(sum)
}

/// Mail is stored before it is read, and masked once read: its first,
/// unmasked copy was written to the WAL. A checkpoint that truncates the
/// WAL leaves no copy there (the database file's own old bytes are
/// zeroed by `secure_delete`). Best effort: a reader holding the WAL
/// makes it wait for the next pass.
fn forget_unmasked(st: &Store) {
    if let Err(error) = st.truncate_wal() {
        tracing::debug!(%error, "the WAL was not truncated");
    }
}

/// Stores a raw message and handles it at once: the whole inbound path
/// (parse, checks, judge, reply queued) for one message. A duplicate is
/// not handled again.
pub fn ingest(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    raw: &[u8],
    source: &str,
    now: DateTime<Utc>,
) -> Result<Option<Outcome>, MailError> {
    crate::text::install();
    if raw.len() > limits.max_message_bytes {
        // Too large to read: only its headers are (in `handle_one`).
        return match store_raw(st, raw, source, now)? {
            Stored::Duplicate(_) => Ok(None),
            Stored::New(id) => handle_one(st, js, limits, id, now).map(Some),
        };
    }
    // The headers only, for storing and the sender's limits; the body is
    // read once, in `handle_read`, when the limits let it through.
    let headers = message::parse(header_block(raw));
    let read = Read {
        raw,
        headers: &headers,
    };
    match store_parsed(st, raw, raw.len() as u64, &headers, source, now)? {
        Stored::Duplicate(_) => Ok(None),
        Stored::New(id) => handle_read(st, js, limits, id, now, Some(&read)).map(Some),
    }
}

/// Handles one inbox message (which must be `new`).
pub(super) fn handle_one(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    id: i64,
    now: DateTime<Utc>,
) -> Result<Outcome, MailError> {
    handle_read(st, js, limits, id, now, None)
}

/// [`handle_one`], with the message already read when `read` is given
/// (and holds the very bytes stored).
fn handle_read(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    id: i64,
    now: DateTime<Utc>,
    read: Option<&Read<'_>>,
) -> Result<Outcome, MailError> {
    let row = st.read().inbox_message(id)?;
    let Some((raw, received_at, status, size, stored_person)) = row else {
        return Ok(Outcome::Retry(format!("no inbox message {id}")));
    };
    if status != "new" {
        return Ok(Outcome::Ignored(format!("already {status}")));
    }
    let span = tracing::info_span!("message", inbox = id);
    let _enter = span.enter();
    let received = crate::store::parse_time(&received_at).unwrap_or(now);
    // The whole mail's size: a mail too large to store was stored cut.
    let size = (size.max(0) as usize).max(raw.len());
    let too_large = size > limits.max_message_bytes;
    // The headers first (given by `ingest`, or read here): the limits
    // need no more; the body is read after them.
    let headers_here;
    let p: &Parsed = match read.filter(|r| r.raw == raw.as_slice()) {
        Some(r) => r.headers,
        None => {
            headers_here = message::parse(header_block(&raw));
            &headers_here
        }
    };
    if let Some((status, why)) = needs_no_answer(js, p, size) {
        return finish(st, id, &raw, status, &why, now);
    }
    let person = crate::judge::person::person(&p.from);
    let hour_ago = time_text(received - Duration::hours(1));
    // `store_raw` records the person already; a write (and a transaction
    // of its own) only for a row stored without it or by an older rule.
    if stored_person.as_deref() != Some(person.as_str()) {
        st.write(|c| c.set_inbox_person(id, &person))?;
    }
    // The person's mail within the hour: mail that signed on correctly
    // never counts; mail with a failed sign-on counts in its own bucket.
    let (general, failed) = st.read().sender_counts(&person, &hour_ago, id)?;
    let over = if general > limits.per_sender_per_hour as i64 {
        Some(format!(
            "rate limit: {general} messages from {person} within an hour (limit {})",
            limits.per_sender_per_hour
        ))
    } else if failed >= limits.failed_signons_per_hour as i64 {
        Some(format!(
            "rate limit: {failed} messages with a failed sign-on from {person} within an hour \
             (limit {})",
            limits.failed_signons_per_hour
        ))
    } else {
        None
    };
    if too_large {
        return quarantine_too_large(
            st, js, limits, id, &raw, p, &person, &hour_ago, size, over, now,
        );
    }
    // Mail to people in no game is limited judge-wide.
    let stranger = !super::caused::in_some_game(&st.read(), js, &p.from)?;
    if stranger && over.is_none() {
        let hour_ago = time_text(now - Duration::hours(1));
        let answered = st.read().stranger_mails_since(&hour_ago)?;
        if answered >= limits.stranger_replies_per_hour as i64 {
            let why = format!(
                "not answered: {answered} mails to addresses in no game within an hour \
                 (judge-wide limit {})",
                limits.stranger_replies_per_hour
            );
            tracing::warn!(from = %p.from, reason = %why, "stored, not answered");
            return finish(st, id, &raw, "quarantined", &why, now);
        }
    }
    if let Some(why) = &over {
        tracing::info!(from = %p.from, reason = %why, "over a limit: read only if it signs on");
    }

    let how = Judged {
        limits,
        over,
        stranger,
    };
    // Read once: what the judge reads and what is masked come from the
    // same parse.
    BODY_READS.with(|c| c.set(c.get() + 1));
    let msg = mail_parser::MessageParser::default().parse(&raw);
    let p = message::read(msg.as_ref());
    judge_it(st, js, id, &raw, msg.as_ref(), &p, received, how, now)
}

/// What the limits made of a mail about to be judged.
struct Judged {
    limits: Limits,
    /// The limit it is over: it is read only if it signs on correctly.
    over: Option<String>,
    /// Its sender is in no game.
    stranger: bool,
}

/// Mail that needs no answer: the judge's own, automatic mail, mail with
/// no sender. Gives the status to set and why.
fn needs_no_answer(js: &JudgeSettings, p: &Parsed, size: usize) -> Option<(&'static str, String)> {
    let own = |a: &str| !js.address.is_empty() && a.eq_ignore_ascii_case(&js.address);
    if own(&p.from) {
        return Some(("ignored", "sent by the judge itself".to_string()));
    }
    if let Some(why) = &p.automatic {
        tracing::info!(from = %p.from, reason = %why, "automatic mail, not answered");
        return Some(("ignored", format!("automatic: {why}")));
    }
    if p.from.is_empty() || !p.from.contains('@') {
        tracing::warn!(size = size, "quarantined: no sender address");
        return Some(("quarantined", "no readable From address".to_string()));
    }
    None
}

/// A mail too large to read: quarantined, with a note to its sender at
/// most once an hour (and none past a limit).
#[allow(clippy::too_many_arguments)]
fn quarantine_too_large(
    st: &mut Store,
    js: &JudgeSettings,
    limits: Limits,
    id: i64,
    raw: &[u8],
    p: &Parsed,
    person: &str,
    hour_ago: &str,
    size: usize,
    over: Option<String>,
    now: DateTime<Utc>,
) -> Result<Outcome, MailError> {
    let why = format!(
        "too large: {} bytes (limit {})",
        size, limits.max_message_bytes
    );
    tracing::warn!(from = %p.from, reason = %why, "quarantined");
    // One note an hour at most, and none past a limit.
    let noted = st.read().size_notes_since(person, hour_ago)?;
    if over.is_none() && noted == 0 && super::address::addressable(&p.from) {
        let stranger = !super::caused::in_some_game(&st.read(), js, &p.from)?;
        let note = Answer {
            subject: format!("Re: {}", p.subject),
            body: too_large_note(&st.read(), js, &p.from, size, limits.max_message_bytes),
            attachments: Vec::new(),
        };
        let inbound = Inbound {
            id,
            from: &p.from,
            message_id: p.message_id.as_deref(),
            stranger,
        };
        st.write(|c| -> Result<(), MailError> {
            let after = c.last_announcement_id()?;
            let what = Caused {
                answer: Some(note),
                letters: &[],
                announced_after: after,
            };
            if caused::queue_caused(c, js, limits, &inbound, what, now)? > 0 {
                c.mark_size_note(id)?;
            }
            Ok(())
        })?;
    }
    finish(st, id, raw, "quarantined", &why, now)
}

/// The note to the sender of a mail too large to read, in the language
/// they read: their own choice, else the default of the latest game they
/// play in, else the judge's (see [`sender_lang`]).
fn too_large_note(c: &Tx<'_>, js: &JudgeSettings, from: &str, size: usize, limit: usize) -> String {
    let args = crate::text::Args::new()
        .str("size", size.to_string())
        .str("limit", limit.to_string());
    let lang = sender_lang(c, js, from);
    format!(
        "{}\n",
        crate::text::render(lang, "mail-too-large-body", &args)
    )
}

/// The language of a note the mail layer itself sends to `address`
/// (it reads no game from the mail): as [`crate::game::reader_lang`] for
/// the latest game the address plays in; the judge's default when that
/// cannot be read.
pub(super) fn sender_lang(c: &Tx<'_>, js: &JudgeSettings, address: &str) -> crate::text::Lang {
    let game = match c.game_played_by(address) {
        Ok(g) => g,
        Err(error) => {
            tracing::warn!(%error, "the sender's game could not be read");
            None
        }
    };
    super::outbox::reader_lang_in(c, js, game.as_deref(), address)
}

/// The judge reads the mail and answers it, in one batch with the marks
/// on its inbox row; a mail over a limit is read only if it signs on; a
/// panic quarantines the mail.
#[allow(clippy::too_many_arguments)]
fn judge_it(
    st: &mut Store,
    js: &JudgeSettings,
    id: i64,
    raw: &[u8],
    mail: Option<&mail_parser::Message<'_>>,
    p: &Parsed,
    received: DateTime<Utc>,
    how: Judged,
    now: DateTime<Utc>,
) -> Result<Outcome, MailError> {
    let Judged {
        limits,
        over,
        stranger,
    } = how;
    let authenticated = js
        .authserv_id
        .as_deref()
        .is_some_and(|a| super::auth::authenticated(header_block(raw), &p.from, a));
    let msg = Incoming {
        from: p.from.clone(),
        message_id: p.message_id.clone(),
        subject: p.subject.clone(),
        body: p.body.clone(),
        received_at: received,
        authenticated,
        restricted: over.is_some(),
        web: None,
    };
    let r = std::panic::catch_unwind(AssertUnwindSafe(|| {
        st.batch(|st| -> Result<Option<judge::Signons>, MailError> {
            // Everything announced from here on is caused by this mail.
            let after = st.read().last_announcement_id()?;
            let reply = judge::handle(st, js, &msg, now)?;
            super::test_panic(&msg.body);
            let signon = signon_word(reply.signons);
            let inbound = Inbound {
                id,
                from: &msg.from,
                message_id: msg.message_id.as_deref(),
                stranger,
            };
            if reply.refused {
                st.write(|c| -> Result<(), MailError> {
                    let what = Caused {
                        answer: None,
                        letters: &reply.letters,
                        announced_after: after,
                    };
                    caused::queue_caused(c, js, limits, &inbound, what, now)?;
                    c.set_inbox_signon(id, signon)?;
                    let why = format!(
                        "{}; not read, as it did not sign on correctly",
                        over.as_deref().unwrap_or("over a limit")
                    );
                    set_status(c, id, raw, mail, "quarantined", Some(&why), now)?;
                    Ok(())
                })?;
                return Ok(None);
            }
            st.write(|c| -> Result<(), MailError> {
                // A sender the judge cannot write to gets no reply; what
                // the mail did stands.
                let answer = if super::address::addressable(&msg.from) {
                    Some(Answer {
                        subject: reply.subject,
                        body: reply.body,
                        attachments: reply.attachments,
                    })
                } else {
                    tracing::warn!(from = %msg.from, "no reply: the sender's address cannot be written to");
                    None
                };
                let what = Caused {
                    answer,
                    letters: &reply.letters,
                    announced_after: after,
                };
                caused::queue_caused(c, js, limits, &inbound, what, now)?;
                c.set_inbox_signon_answer(id, signon, stranger.then_some("stranger"))?;
                set_status(c, id, raw, mail, "handled", None, now)?;
                Ok(())
            })?;
            super::test_pause("handling");
            Ok(Some(reply.signons))
        })
    }));
    match r {
        Ok(Ok(Some(_))) => {
            tracing::info!(from = %msg.from, "handled");
            Ok(Outcome::Handled)
        }
        Ok(Ok(None)) => {
            tracing::warn!(from = %msg.from, "quarantined: over a limit and no good sign-on");
            Ok(Outcome::Quarantined(
                over.unwrap_or_else(|| "over a limit".into()),
            ))
        }
        Ok(Err(e)) => {
            tracing::error!(from = %msg.from, error = %e, "handling failed; will retry");
            let _ = st.write(|c| c.note_inbox_attempt(id, &e.to_string()));
            Ok(Outcome::Retry(e.to_string()))
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            tracing::error!(from = %msg.from, panic = %what, "the judge panicked; quarantined");
            finish(
                st,
                id,
                raw,
                "quarantined",
                &format!("the judge failed on it: {what}"),
                now,
            )
        }
    }
}

fn signon_word(s: judge::Signons) -> Option<&'static str> {
    if s.good {
        Some("good")
    } else if s.failed {
        Some("failed")
    } else {
        None
    }
}

/// Marks a message as done with (handled, quarantined or ignored), and
/// masks the password lines of its stored raw copy in the same step
/// (`msg`: `raw` as mail-parser read it, when it was read already).
pub(super) fn set_status(
    c: &crate::store::Tx<'_>,
    id: i64,
    raw: &[u8],
    msg: Option<&mail_parser::Message<'_>>,
    status: &str,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> crate::store::DbResult<()> {
    let masked = match msg {
        Some(m) => super::mask::mask_parsed(raw, m),
        None => super::mask::mask_raw(raw),
    };
    if let Some(masked) = masked {
        c.set_inbox_raw(id, &masked)?;
    }
    c.set_inbox_status(id, status, reason, &time_text(now))?;
    Ok(())
}

/// Marks a message quarantined or ignored.
fn finish(
    st: &mut Store,
    id: i64,
    raw: &[u8],
    status: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Outcome, MailError> {
    st.write(|c| -> Result<(), MailError> {
        set_status(c, id, raw, None, status, Some(reason), now)?;
        Ok(())
    })?;
    Ok(if status == "ignored" {
        Outcome::Ignored(reason.to_string())
    } else {
        Outcome::Quarantined(reason.to_string())
    })
}

/// One inbox row, for inspection.
pub(super) use crate::store::InboxRow;

/// Every inbox row, oldest first.
pub fn rows(c: &crate::store::Tx<'_>) -> crate::store::DbResult<Vec<InboxRow>> {
    c.inbox_rows()
}
