//! Files carried by outgoing mail (`migrations/0013_attachments.sql`):
//! the pictures of the board on results mails and on MAP replies.

use super::exec;
use super::{DbResult, Tx};
use rusqlite::params;

row! {
/// One file of a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file's name in the mail.
    pub filename: String,
    /// `image/png`, `image/svg+xml`.
    pub content_type: String,
    /// Also shown inline in the mail's HTML part.
    pub inline: bool,
    /// The file's bytes.
    pub data: Vec<u8>,
}
}

/// Which mail a new attachment belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The announcement of this row id.
    Announcement(i64),
    /// The outbox mail of this row id.
    Outbox(i64),
}

impl Tx<'_> {
    /// Stores a file of a mail (an announcement's or an outbox mail's); returns its row id.
    pub fn insert_attachment(&self, owner: Owner, a: &Attachment) -> DbResult<i64> {
        let (ann, out) = match owner {
            Owner::Announcement(id) => (Some(id), None),
            Owner::Outbox(id) => (None, Some(id)),
        };
        exec(
        self,
        "INSERT INTO attachments (announcement_id, outbox_id, filename, content_type, inline, data)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![ann, out, a.filename, a.content_type, a.inline, a.data],
    )?;
        Ok(self.last_insert_rowid())
    }

    /// The attachments of an outbox row in the order they were added: its
    /// own, or when it has none its announcement's (a reader of another
    /// language than the announcement's pictures gets their own copy, drawn
    /// in that language, in place of them).
    pub fn attachments_of(
        &self,
        outbox_id: i64,
        announcement_id: Option<i64>,
    ) -> DbResult<Vec<Attachment>> {
        let mut q = self.prepare_cached(&format!(
            "SELECT {} FROM attachments
         WHERE outbox_id = ?1
            OR (?2 IS NOT NULL AND announcement_id = ?2
                AND NOT EXISTS (SELECT 1 FROM attachments WHERE outbox_id = ?1))
         ORDER BY id",
            Attachment::COLS
        ))?;
        Ok(
            q.query_map(params![outbox_id, announcement_id], Attachment::from_row)?
                .collect::<rusqlite::Result<_>>()?,
        )
    }

    /// The files an announcement carries, with their data, in the order they
    /// were added.
    pub fn announcement_attachments(&self, announcement_id: i64) -> DbResult<Vec<Attachment>> {
        let mut q = self.prepare_cached(&format!(
            "SELECT {} FROM attachments
         WHERE announcement_id = ?1 ORDER BY id",
            Attachment::COLS
        ))?;
        Ok(q.query_map(params![announcement_id], Attachment::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The files an announcement carries, without their data (which is
    /// empty): their names and kinds, in the order they were added.
    pub fn announcement_files(&self, announcement_id: i64) -> DbResult<Vec<Attachment>> {
        let mut q = self.prepare_cached(
            "SELECT filename, content_type, inline, x'' AS data FROM attachments
         WHERE announcement_id = ?1 ORDER BY id",
        )?;
        Ok(q.query_map(params![announcement_id], Attachment::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }
}
