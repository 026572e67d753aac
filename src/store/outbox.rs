//! The outbox table's SQL: mail queued with whatever caused it, then
//! marked sent or retried. When and how mail is sent is decided in
//! [`crate::mail::outbox`].

use super::{DbResult, Tx};
use super::{exec, one};
use rusqlite::params;

/// A message to store in the outbox, its Message-ID already made.
pub struct NewOutbox<'a> {
    /// Its `Message-ID`.
    pub message_id: &'a str,
    /// The address it goes to.
    pub to: &'a str,
    /// Its subject.
    pub subject: &'a str,
    /// Its text.
    pub body: &'a str,
    /// The `Message-ID` of the mail it answers.
    pub in_reply_to: Option<&'a str>,
    /// The row id of the inbound message it answers.
    pub inbox_id: Option<i64>,
    /// The row id of the announcement it carries.
    pub announcement_id: Option<i64>,
    /// It goes to an address in no game (counted by the judge-wide limit
    /// on such mail, [`Tx::stranger_mails_since`]).
    pub stranger: bool,
    /// When it was queued, and first due.
    pub at: &'a str,
}

impl Tx<'_> {
    /// Stores a message to send; gives its row.
    pub fn insert_outbox(&self, m: &NewOutbox<'_>) -> DbResult<i64> {
        exec(
            self,
            "INSERT INTO outbox (message_id, to_addr, subject, body, in_reply_to, \"references\",
                             inbox_id, announcement_id, next_attempt_at, created_at, stranger)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8, ?8, ?9)",
            params![
                m.message_id,
                m.to,
                m.subject,
                m.body,
                m.in_reply_to,
                m.inbox_id,
                m.announcement_id,
                m.at,
                m.stranger
            ],
        )?;
        Ok(self.last_insert_rowid())
    }
}

row! {
/// One outbox row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutMail {
    /// The row id.
    pub id: i64,
    /// Its `Message-ID`.
    pub message_id: String,
    /// The address it goes to.
    pub to: String = "to_addr",
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// The `Message-ID` of the mail it answers.
    pub in_reply_to: Option<String>,
    /// Its `References` header, if it has one.
    pub references: Option<String> = "\"references\"",
    /// Queued, sent or failed.
    pub status: String,
    /// How many times sending it was tried.
    pub attempts: u32,
    /// When to try (again) (RFC 3339).
    pub next_attempt_at: String,
    /// Why the last attempt failed.
    pub last_error: Option<String>,
    /// When it was queued (RFC 3339).
    pub created_at: String,
    /// The row id of the inbound message it answers.
    pub inbox_id: Option<i64>,
    /// The row id of the announcement it carries.
    pub announcement_id: Option<i64>,
    /// When the server first answered it with a temporary refusal (4xx),
    /// if it did.
    pub deferred_since: Option<String>,
    ;
    /// Files it carries (the picture of the board), loaded when it is
    /// sent.
    pub attachments: Vec<super::attachments::Attachment>,
}
}

impl OutMail {
    /// A mail sent at once and never queued (`dipspy check`'s test mail,
    /// an alert by the second path): no OutMail::from_row, no attempts, no thread.
    pub fn unstored(message_id: String, to: &str, subject: &str, body: &str) -> OutMail {
        OutMail {
            id: 0,
            message_id,
            to: to.into(),
            subject: subject.into(),
            body: body.into(),
            in_reply_to: None,
            references: None,
            status: "queued".into(),
            attempts: 0,
            next_attempt_at: String::new(),
            last_error: None,
            created_at: String::new(),
            inbox_id: None,
            announcement_id: None,
            deferred_since: None,
            attachments: Vec::new(),
        }
    }
}

const COLS: &str = OutMail::COLS;

impl Tx<'_> {
    /// Every outbox OutMail::from_row, oldest first.
    pub fn outbox_rows(&self) -> DbResult<Vec<OutMail>> {
        let mut q = self.prepare_cached(&format!("SELECT {COLS} FROM outbox ORDER BY id"))?;
        Ok(q.query_map([], OutMail::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The queued rows due at `now`, oldest first.
    pub fn due_outbox(&self, now: &str) -> DbResult<Vec<OutMail>> {
        let mut q = self.prepare_cached(&format!(
        "SELECT {COLS} FROM outbox WHERE status = 'queued' AND next_attempt_at <= ?1 ORDER BY id"
    ))?;
        Ok(q.query_map([now], OutMail::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Whether a row is still queued (another judge may have sent it).
    pub fn still_queued(&self, id: i64) -> DbResult<bool> {
        Ok(one(
            self,
            "SELECT status = 'queued' FROM outbox WHERE id = ?1",
            [id],
            |r| r.get(0),
        )?)
    }

    /// Replaces a row's text (a sent mail's, its one-time link's token
    /// taken out).
    pub fn set_outbox_body(&self, id: i64, body: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE outbox SET body = ?2 WHERE id = ?1",
            params![id, body],
        )?)
    }

    /// Marks a row sent.
    pub fn mark_sent(&self, id: i64, at: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1,
                                last_error = NULL WHERE id = ?1",
            params![id, at],
        )?)
    }
}

/// A failed attempt to record (see [`Tx::mark_failed_attempt`]).
pub struct FailedAttempt<'a> {
    /// The new status: queued or failed.
    pub status: &'a str,
    /// The attempts so far.
    pub attempts: u32,
    /// When to try again.
    pub next_attempt_at: &'a str,
    /// Why the attempt failed.
    pub error: &'a str,
    /// The time of a temporary refusal (4xx): kept as the row's
    /// `deferred_since` unless it has one already.
    pub deferred_at: Option<&'a str>,
}

impl Tx<'_> {
    /// Records a failed attempt.
    pub fn mark_failed_attempt(&self, id: i64, f: &FailedAttempt<'_>) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE outbox SET status = ?2, attempts = ?3, next_attempt_at = ?4,
                                last_error = ?5, deferred_since = coalesce(deferred_since, ?6)
                          WHERE id = ?1",
            params![
                id,
                f.status,
                f.attempts,
                f.next_attempt_at,
                f.error,
                f.deferred_at
            ],
        )?)
    }

    /// The earliest `next_attempt_at` of a queued OutMail::from_row, as stored.
    pub fn next_outbox_due(&self) -> DbResult<Option<String>> {
        Ok(one(
            self,
            "SELECT min(next_attempt_at) FROM outbox WHERE status = 'queued'",
            [],
            |r| r.get(0),
        )?)
    }

    /// How many queued rows wait for a retry (tried before, not yet sent).
    pub fn count_retrying(&self) -> DbResult<i64> {
        Ok(self.query_row(
            "SELECT count(*) FROM outbox WHERE status = 'queued' AND attempts > 0",
            [],
            |r| r.get(0),
        )?)
    }

    /// How many mails to addresses in no game were queued after `since`.
    pub fn stranger_mails_since(&self, since: &str) -> DbResult<i64> {
        Ok(one(
            self,
            "SELECT count(*) FROM outbox WHERE stranger = 1 AND created_at > ?1",
            [since],
            |r| r.get(0),
        )?)
    }
}
