//! Rows of `web_links` and `web_mail_copies`
//! (`migrations/0030_web_players.sql`): the one-time links that open a
//! power's web page, kept by the hash of their token, and whether a
//! player's commands from the web pages are also answered by mail.

use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};

/// A one-time link, found by its token's hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebLinkRow {
    /// Its row.
    pub id: i64,
    /// The game's row.
    pub game_id: i64,
    /// The power it opens (stored name).
    pub power: String,
    /// The address it was mailed to.
    pub email: String,
    /// When it stops being good (`time_text`).
    pub expires_at: String,
    /// When it was used, if it was.
    pub used_at: Option<String>,
}

/// A new one-time link.
pub struct NewWebLink<'a> {
    /// The SHA-256 of its token, in hex.
    pub token_hash: &'a str,
    /// The game's row.
    pub game_id: i64,
    /// The power it opens.
    pub power: &'a str,
    /// The address it is mailed to.
    pub email: &'a str,
    /// When it was made.
    pub created_at: &'a str,
    /// When it stops being good.
    pub expires_at: &'a str,
}

impl Tx<'_> {
    /// Stores a new one-time link.
    pub fn insert_web_link(&self, l: &NewWebLink<'_>) -> DbResult<i64> {
        crate::store::exec(
            self,
            "INSERT INTO web_links (token_hash, game_id, power, email, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                l.token_hash,
                l.game_id,
                l.power,
                l.email,
                l.created_at,
                l.expires_at
            ],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// The link whose token hashes to `token_hash`, if there is one.
    pub fn web_link(&self, token_hash: &str) -> DbResult<Option<WebLinkRow>> {
        Ok(self
            .prepare_cached(
                "SELECT id, game_id, power, email, expires_at, used_at
                 FROM web_links WHERE token_hash = ?1",
            )?
            .query_row([token_hash], |r| {
                Ok(WebLinkRow {
                    id: r.get(0)?,
                    game_id: r.get(1)?,
                    power: r.get(2)?,
                    email: r.get(3)?,
                    expires_at: r.get(4)?,
                    used_at: r.get(5)?,
                })
            })
            .optional()?)
    }

    /// Marks link `id` used at `at`, if nothing used it before: 1 when
    /// this use is its first, 0 when it was used already.
    pub fn use_web_link(&self, id: i64, at: &str) -> DbResult<usize> {
        Ok(crate::store::exec(
            self,
            "UPDATE web_links SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL",
            params![id, at],
        )?)
    }

    /// How many links were made for `power` of game `game_id` since
    /// `since` (a bound on the mail a stranger can have sent).
    pub fn web_links_since(&self, game_id: i64, power: &str, since: &str) -> DbResult<i64> {
        Ok(self
            .prepare_cached(
                "SELECT COUNT(*) FROM web_links
                 WHERE game_id = ?1 AND power = ?2 AND created_at >= ?3",
            )?
            .query_row(params![game_id, power, since], |r| r.get(0))?)
    }

    /// Whether the replies to `power`'s commands from the web pages are
    /// mailed to `email` too: what that address chose, else yes.
    pub fn web_mail_copy(&self, game_id: i64, power: &str, email: &str) -> DbResult<bool> {
        let chosen: Option<i64> = self
            .prepare_cached(
                "SELECT mail_copy FROM web_mail_copies
                 WHERE game_id = ?1 AND power = ?2 AND email = ?3",
            )?
            .query_row(params![game_id, power, email.trim()], |r| r.get(0))
            .optional()?;
        Ok(chosen.is_none_or(|c| c != 0))
    }

    /// Records `email`'s choice for `power`'s replies, replacing an
    /// earlier one (of any address).
    pub fn set_web_mail_copy(
        &self,
        game_id: i64,
        power: &str,
        email: &str,
        on: bool,
        at: &str,
    ) -> DbResult<()> {
        crate::store::exec(
            self,
            "INSERT INTO web_mail_copies (game_id, power, email, mail_copy, set_at)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT(game_id, power) DO UPDATE SET email = excluded.email,
                 mail_copy = excluded.mail_copy, set_at = excluded.set_at",
            params![game_id, power, email.trim(), on as i64, at],
        )?;
        Ok(())
    }
}
