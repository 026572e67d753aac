//! Announcements (mail to a game's audience, written by the game layer in
//! the same transaction as the change they announce) and observers
//! (`migrations/0002_announcements.sql`).

use super::exec;
use super::{AnnouncementKind, Audience};
use super::{DbResult, Tx};
use rusqlite::params;

/// An announcement to record (see `migrations/0002_announcements.sql`).
#[derive(Debug, Clone)]
pub struct NewAnnouncement<'a> {
    /// The game's row id.
    pub game_id: i64,
    /// The phase it belongs to, if any.
    pub phase: Option<&'a str>,
    /// Who it goes to.
    pub audience: &'a Audience,
    /// What kind of announcement it is.
    pub kind: AnnouncementKind,
    /// Its subject, in words.
    pub subject: &'a str,
    /// Its text, in words.
    pub body: &'a str,
    /// When it was made (RFC 3339).
    pub created_at: &'a str,
}

/// A typed announcement to record: the notice's code and arguments, no
/// words (`migrations/0022_notices_in_words_per_reader.sql`). The mail
/// loop puts it into words for each reader when it expands it.
#[derive(Debug, Clone)]
pub struct NewNotice<'a> {
    /// The game's row id.
    pub game_id: i64,
    /// The phase it belongs to, if any.
    pub phase: Option<&'a str>,
    /// Who it goes to.
    pub audience: &'a Audience,
    /// What kind of announcement it is.
    pub kind: AnnouncementKind,
    /// The notice as JSON (`crate::game::notice::Notice::to_json`).
    pub notice: &'a str,
    /// When it was made (RFC 3339).
    pub created_at: &'a str,
}

row! {
/// A recorded announcement. A typed one (`notice` set) stores no words:
/// `subject` and `body` are empty, and `crate::text::notice::words` puts
/// it into words for a reader. A legacy or untyped one keeps the words it
/// was written with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnouncementRow {
    /// The announcement's row id.
    pub id: i64 = "a.id",
    /// The game's row id.
    pub game_id: i64 = "a.game_id",
    /// The game's name.
    pub game: String = "g.name",
    /// The phase it belongs to, if any.
    pub phase: Option<String> = "a.phase",
    /// Who it goes to.
    pub audience: Audience = "a.audience",
    /// What kind of announcement it is.
    pub kind: AnnouncementKind = "a.kind",
    /// Its subject in words (empty for a typed one).
    pub subject: String = "a.subject",
    /// Its text in words (empty for a typed one).
    pub body: String = "a.body",
    /// When it was made (RFC 3339).
    pub created_at: String = "a.created_at",
    /// When the mail loop queued its mails; none while it waits.
    pub queued_at: Option<String> = "a.queued_at",
    /// The notice's code and arguments as JSON (migrations 0020, 0022).
    pub notice: Option<String> = "a.notice",
}
}

impl Tx<'_> {
    /// Records an announcement in words; returns its row id.
    pub fn insert_announcement(&self, a: &NewAnnouncement<'_>) -> DbResult<i64> {
        exec(
            self,
            "INSERT INTO announcements (game_id, phase, audience, kind, subject, body, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                a.game_id,
                a.phase,
                a.audience,
                a.kind,
                a.subject,
                a.body,
                a.created_at
            ],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// Records a typed announcement: its notice, and no words (they are
    /// rendered per reader when the mail loop expands it).
    pub fn insert_notice(&self, a: &NewNotice<'_>) -> DbResult<i64> {
        exec(
        self,
        "INSERT INTO announcements (game_id, phase, audience, kind, subject, body, notice, created_at)
         VALUES (?1, ?2, ?3, ?4, '', '', ?5, ?6)",
        params![
            a.game_id,
            a.phase,
            a.audience,
            a.kind,
            a.notice,
            a.created_at
        ],
    )?;
        Ok(self.last_insert_rowid())
    }
}

const ANNOUNCEMENT_COLUMNS: &str = AnnouncementRow::COLS;

impl Tx<'_> {
    /// Announcements not yet turned into mail, oldest first.
    pub fn pending_announcements(&self) -> DbResult<Vec<AnnouncementRow>> {
        let sql = format!(
            "SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements a JOIN games g ON g.id = a.game_id
         WHERE a.queued_at IS NULL ORDER BY a.id"
        );
        let mut st = self.prepare_cached(&sql)?;
        Ok(st
            .query_map([], AnnouncementRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The announcements not yet queued whose id is above `after` (those
    /// posted since then), oldest first.
    pub fn pending_announcements_after(&self, after: i64) -> DbResult<Vec<AnnouncementRow>> {
        let sql = format!(
            "SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements a JOIN games g ON g.id = a.game_id
         WHERE a.queued_at IS NULL AND a.id > ?1 ORDER BY a.id"
        );
        let mut st = self.prepare_cached(&sql)?;
        Ok(st
            .query_map([after], AnnouncementRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The highest announcement id so far (0 with none).
    pub fn last_announcement_id(&self) -> DbResult<i64> {
        Ok(super::one(
            self,
            "SELECT coalesce(max(id), 0) FROM announcements",
            [],
            |r| r.get(0),
        )?)
    }

    /// Every announcement of a game, oldest first.
    pub fn announcements(&self, game: i64) -> DbResult<Vec<AnnouncementRow>> {
        let sql = format!(
            "SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements a JOIN games g ON g.id = a.game_id
         WHERE a.game_id = ?1 ORDER BY a.id"
        );
        let mut st = self.prepare_cached(&sql)?;
        Ok(st
            .query_map([game], AnnouncementRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Marks an announcement's mails queued.
    pub fn mark_announcement_queued(&self, id: i64, at: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE announcements SET queued_at = ?2 WHERE id = ?1",
            params![id, at],
        )?;
        Ok(())
    }
}

// ------------------------------------------------------------ observers

impl Tx<'_> {
    /// Adds an observer to a game; false when the address observes it already.
    pub fn insert_observer(&self, game: i64, email: &str, at: &str) -> DbResult<bool> {
        let n = exec(
            self,
            "INSERT OR IGNORE INTO observers (game_id, email, joined_at) VALUES (?1, ?2, ?3)",
            params![game, email, at],
        )?;
        Ok(n == 1)
    }

    /// The addresses observing a game, in the order they joined.
    pub fn observers(&self, game: i64) -> DbResult<Vec<String>> {
        let mut st = self.prepare_cached(
            "SELECT email FROM observers WHERE game_id = ?1 ORDER BY joined_at, email",
        )?;
        Ok(st
            .query_map([game], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }
}
