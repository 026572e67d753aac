//! The inbox table's SQL: raw mail stored once, then marked as it is
//! handled. What the rows mean is decided in [`crate::mail::inbox`].

use super::{DbResult, Tx};
use super::{exec, one};
use rusqlite::{OptionalExtension, params};

impl Tx<'_> {
    /// The row already holding a message with this dedup key.
    pub fn inbox_id_by_dedup_key(&self, key: &str) -> DbResult<Option<i64>> {
        Ok(one(
            self,
            "SELECT id FROM inbox WHERE dedup_key = ?1",
            [&key],
            |r| r.get::<_, i64>(0),
        )
        .optional()?)
    }
}

/// A raw message as it arrived, to store.
pub struct NewInbox<'a> {
    /// `mid:` and the Message-ID, or `sha256:` and a hash of the message without its trace headers.
    pub dedup_key: &'a str,
    /// Its `Message-ID`, if it has one.
    pub message_id: Option<&'a str>,
    /// The From address, lower-cased (empty when there is none).
    pub sender: &'a str,
    /// Its subject.
    pub subject: &'a str,
    /// The message's bytes.
    pub raw: &'a [u8],
    /// Its size in bytes.
    pub size: i64,
    /// When it was fetched (RFC 3339).
    pub received_at: &'a str,
    /// Where it came from (`imap:INBOX:UIDVALIDITY:UID`, `maildir:FILE`, ...).
    pub source: &'a str,
    /// The person it comes from: the sender's address normalised.
    pub person: &'a str,
}

impl Tx<'_> {
    /// Stores a raw message; gives its row.
    pub fn insert_inbox(&self, m: &NewInbox<'_>) -> DbResult<i64> {
        exec(self,
        "INSERT INTO inbox (dedup_key, message_id, sender, subject, raw, size, received_at, source, person)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            m.dedup_key,
            m.message_id,
            m.sender,
            m.subject,
            m.raw,
            m.size,
            m.received_at,
            m.source,
            m.person
        ],
    )?;
        Ok(self.last_insert_rowid())
    }

    /// The messages not yet handled, oldest first.
    pub fn new_inbox_ids(&self) -> DbResult<Vec<i64>> {
        let mut q = self.prepare_cached("SELECT id FROM inbox WHERE status = 'new' ORDER BY id")?;
        Ok(q.query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }
}

/// One stored message: raw text, when it arrived, status, whole size,
/// and the person recorded when it was stored (if any).
pub type StoredMessage = (Vec<u8>, String, String, i64, Option<String>);

impl Tx<'_> {
    /// One stored message (see [`StoredMessage`]).
    pub fn inbox_message(&self, id: i64) -> DbResult<Option<StoredMessage>> {
        Ok(one(
            self,
            "SELECT raw, received_at, status, size, person FROM inbox WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, Vec<u8>>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, Option<String>>(4)?,
                ))
            },
        )
        .optional()?)
    }

    /// Records who (the person, see the judge's `person`) sent a message.
    pub fn set_inbox_person(&self, id: i64, person: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET person = ?2 WHERE id = ?1",
            params![id, person],
        )?)
    }

    /// A person's mail since `since`: up to message `id`, those without a
    /// sign-on; and those with a failed sign-on.
    pub fn sender_counts(&self, person: &str, since: &str, id: i64) -> DbResult<(i64, i64)> {
        Ok(one(
            self,
            "SELECT count(*) FILTER (WHERE signon IS NULL AND id <= ?3),
                count(*) FILTER (WHERE signon = 'failed')
         FROM inbox WHERE person = ?1 AND received_at > ?2",
            params![person, since, id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }

    /// How many size notes a person was sent since `since`.
    pub fn size_notes_since(&self, person: &str, since: &str) -> DbResult<i64> {
        Ok(one(
            self,
            "SELECT count(*) FROM inbox WHERE person = ?1 AND answer = 'size-note'
                AND received_at > ?2",
            params![person, since],
            |r| r.get(0),
        )?)
    }

    /// Marks a message as answered with a size note.
    pub fn mark_size_note(&self, id: i64) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET answer = 'size-note' WHERE id = ?1",
            [id],
        )?)
    }

    /// Records how a message signed on.
    pub fn set_inbox_signon(&self, id: i64, signon: Option<&str>) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET signon = ?2 WHERE id = ?1",
            params![id, signon],
        )?)
    }

    /// Records how a message signed on and what kind of answer it got.
    pub fn set_inbox_signon_answer(
        &self,
        id: i64,
        signon: Option<&str>,
        answer: Option<&str>,
    ) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET signon = ?2, answer = ?3 WHERE id = ?1",
            params![id, signon, answer],
        )?)
    }

    /// Counts a failed attempt at a message, with why.
    pub fn note_inbox_attempt(&self, id: i64, reason: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET attempts = attempts + 1, reason = ?2 WHERE id = ?1",
            params![id, reason],
        )?)
    }

    /// Whether an address of a player or an observer passes `matches`.
    /// UNION ALL: a repeated address changes nothing here, and UNION would
    /// build a temporary table for every message to remove repeats.
    pub fn any_player_email(&self, mut matches: impl FnMut(&str) -> bool) -> DbResult<bool> {
        let mut q = self.prepare_cached(
            "SELECT email FROM powers WHERE email IS NOT NULL
         UNION ALL SELECT email FROM observers",
        )?;
        let emails = q.query_map([], |r| r.get::<_, String>(0))?;
        for e in emails {
            if matches(&e?) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Replaces a message's stored raw text (its passwords masked).
    pub fn set_inbox_raw(&self, id: i64, raw: &[u8]) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET raw = ?2 WHERE id = ?1",
            params![id, raw],
        )?)
    }

    /// Marks a message as done with (handled, quarantined or ignored).
    pub fn set_inbox_status(
        &self,
        id: i64,
        status: &str,
        reason: Option<&str>,
        at: &str,
    ) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET status = ?2, reason = ?3, handled_at = ?4, attempts = attempts + 1
         WHERE id = ?1",
            params![id, status, reason, at],
        )?)
    }
}

row! {
/// One inbox row, for inspection.
#[derive(Debug, Clone)]
pub struct InboxRow {
    /// The message's row id.
    pub id: i64,
    /// Its `Message-ID`, if it has one.
    pub message_id: Option<String>,
    /// The From address, lower-cased (empty when there is none).
    pub sender: String,
    /// Its subject.
    pub subject: String,
    /// Its size in bytes.
    pub size: i64,
    /// Where it came from (`imap:INBOX:UIDVALIDITY:UID`, `maildir:FILE`, ...).
    pub source: String,
    /// New, handled, quarantined or ignored.
    pub status: String,
    /// Why it was quarantined or ignored, or the handling error when it is retried.
    pub reason: Option<String>,
}
}

impl Tx<'_> {
    /// Every inbox row, oldest first.
    pub fn inbox_rows(&self) -> DbResult<Vec<InboxRow>> {
        let mut q =
            self.prepare_cached(&format!("SELECT {} FROM inbox ORDER BY id", InboxRow::COLS))?;
        Ok(q.query_map([], InboxRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }
}

row! {
/// A quarantined mail, as `dipspy quarantine list` shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct QuarantinedMail {
    /// The message's row id.
    pub id: i64,
    /// The From address, lower-cased (empty when there is none).
    pub sender: String,
    /// Its subject.
    pub subject: String,
    /// When it was fetched (RFC 3339).
    pub received_at: String,
    /// Its size in bytes.
    pub size: i64,
    /// Why it was quarantined (empty if no reason was stored).
    pub reason: String = "coalesce(reason, '')",
}
}

impl Tx<'_> {
    /// Every quarantined mail, oldest first.
    /// Every quarantined message, oldest first.
    pub fn quarantined(&self) -> DbResult<Vec<QuarantinedMail>> {
        Ok(self
            .prepare(&format!(
                "SELECT {} FROM inbox
             WHERE status = 'quarantined' ORDER BY id",
                QuarantinedMail::COLS
            ))?
            .query_map([], QuarantinedMail::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// A message's raw text as stored.
    pub fn inbox_raw(&self, id: i64) -> DbResult<Option<Vec<u8>>> {
        Ok(self
            .query_row("SELECT raw FROM inbox WHERE id = ?1", [id], |r| r.get(0))
            .optional()?)
    }

    /// Sets a quarantined message back to `new`, with why; gives how many
    /// rows changed (0: it was not quarantined).
    pub fn release_inbox(&self, id: i64, reason: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET status = 'new', reason = ?2 WHERE id = ?1 AND status = 'quarantined'",
            params![id, reason],
        )?)
    }

    /// How many messages wait to be handled.
    pub fn count_new_inbox(&self) -> DbResult<i64> {
        Ok(
            self.query_row("SELECT count(*) FROM inbox WHERE status = 'new'", [], |r| {
                r.get(0)
            })?,
        )
    }

    /// Deletes the mail quarantined before `before` (received then), and
    /// unlinks the replies that answered it (the notes to mail too large,
    /// kept as sent); gives how many were deleted.
    pub fn purge_quarantined(&self, before: &str) -> DbResult<usize> {
        exec(
            self,
            "UPDATE outbox SET inbox_id = NULL WHERE inbox_id IN
             (SELECT id FROM inbox WHERE status = 'quarantined' AND received_at < ?1)",
            [before],
        )?;
        Ok(exec(
            self,
            "DELETE FROM inbox WHERE status = 'quarantined' AND received_at < ?1",
            [before],
        )?)
    }

    /// The messages done with (handled, quarantined or ignored): their ids,
    /// oldest first.
    pub fn done_inbox_ids(&self) -> DbResult<Vec<i64>> {
        let mut q = self.prepare("SELECT id FROM inbox WHERE status != 'new' ORDER BY id")?;
        Ok(q.query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// A message's subject as stored.
    pub fn inbox_subject(&self, id: i64) -> DbResult<Option<String>> {
        Ok(self
            .query_row("SELECT subject FROM inbox WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Replaces a message's stored subject.
    pub fn set_inbox_subject(&self, id: i64, subject: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE inbox SET subject = ?2 WHERE id = ?1",
            params![id, subject],
        )?)
    }
}
