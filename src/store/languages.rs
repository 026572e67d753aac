//! Rows of `reader_languages` (`migrations/0025_reader_languages.sql`):
//! the language each address chose with SET LANGUAGE, as its tag; and of
//! `reply_languages` (`migrations/0029_mail_operations.sql`): the language
//! of the replies to an address's own mail, chosen without a sign-on.

use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};

impl Tx<'_> {
    /// Records `email`'s choice (a tag: `fr`), replacing an earlier one.
    pub fn set_language(&self, email: &str, tag: &str, at: &str) -> DbResult<()> {
        crate::store::exec(
            self,
            "INSERT INTO reader_languages (email, lang, set_at) VALUES (?1, ?2, ?3)
         ON CONFLICT(email) DO UPDATE SET lang = excluded.lang, set_at = excluded.set_at",
            params![email, tag, at],
        )?;
        Ok(())
    }

    /// The tag `email` chose, if it chose one.
    pub fn language(&self, email: &str) -> DbResult<Option<String>> {
        Ok(self
            .prepare_cached("SELECT lang FROM reader_languages WHERE email = ?1")?
            .query_row([email], |r| r.get(0))
            .optional()?)
    }

    /// Records `email`'s choice for the replies to its own mail only.
    pub fn set_reply_language(&self, email: &str, tag: &str, at: &str) -> DbResult<()> {
        crate::store::exec(
            self,
            "INSERT INTO reply_languages (email, lang, set_at) VALUES (?1, ?2, ?3)
         ON CONFLICT(email) DO UPDATE SET lang = excluded.lang, set_at = excluded.set_at",
            params![email, tag, at],
        )?;
        Ok(())
    }

    /// The tag `email` chose for the replies to its own mail, if it chose one.
    pub fn reply_language(&self, email: &str) -> DbResult<Option<String>> {
        Ok(self
            .prepare_cached("SELECT lang FROM reply_languages WHERE email = ?1")?
            .query_row([email], |r| r.get(0))
            .optional()?)
    }

    /// The name of the latest game in which `email` plays a power (case of
    /// the address ignored), if any: the game whose default language a
    /// note from the mail layer, which reads no game from the mail, uses.
    pub fn game_played_by(&self, email: &str) -> DbResult<Option<String>> {
        Ok(self
            .prepare_cached(
                "SELECT g.name FROM powers p JOIN games g ON g.id = p.game_id
         WHERE p.email = ?1 COLLATE NOCASE ORDER BY g.id DESC LIMIT 1",
            )?
            .query_row([email.trim()], |r| r.get(0))
            .optional()?)
    }
}
