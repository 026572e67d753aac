//! OBSERVE requests waiting for their code (`migrations/0018_hostile_senders.sql`):
//! only a hash of the code is kept.

use super::exec;
use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};

row! {
/// An OBSERVE waiting for its code.
#[derive(Debug, Clone)]
pub struct PendingObserve {
    /// The request's row id.
    pub id: i64,
    /// The game's row id.
    pub game_id: i64,
    /// The address that asked to observe.
    pub email: String,
    /// When it asked (RFC 3339).
    pub requested_at: String,
}
}

impl Tx<'_> {
    /// Opens the OBSERVE of game `game` from `email` with a code whose hash
    /// is `code_hash`: the address's open request for the game, if any, takes
    /// the new code and time (one open request per address and game).
    pub fn open_observe_request(
        &self,
        game: i64,
        email: &str,
        code_hash: &str,
        at: &str,
    ) -> DbResult<()> {
        let renewed = exec(
            self,
            "UPDATE observe_requests SET code_hash = ?3, requested_at = ?4
         WHERE game_id = ?1 AND email = ?2 AND status = 'pending'",
            params![game, email, code_hash, at],
        )?;
        if renewed == 0 {
            exec(
                self,
                "INSERT INTO observe_requests (game_id, email, code_hash, requested_at)
             VALUES (?1, ?2, ?3, ?4)",
                params![game, email, code_hash, at],
            )?;
        }
        Ok(())
    }

    /// The newest OBSERVE still waiting for the code with hash `hash`.
    pub fn pending_observe_request(&self, hash: &str) -> DbResult<Option<PendingObserve>> {
        Ok(self
            .prepare_cached(&format!(
                "SELECT {} FROM observe_requests
         WHERE code_hash = ?1 AND status = 'pending' ORDER BY id DESC LIMIT 1",
                PendingObserve::COLS
            ))?
            .query_row([hash], PendingObserve::from_row)
            .optional()?)
    }

    /// Marks an OBSERVE request confirmed at `at`.
    pub fn confirm_observe_request(&self, id: i64, at: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE observe_requests SET status = 'confirmed', decided_at = ?2 WHERE id = ?1",
            params![id, at],
        )?;
        Ok(())
    }

    /// The name of the game with row id `id`.
    pub fn game_name_by_id(&self, id: i64) -> DbResult<Option<String>> {
        Ok(self
            .query_row("SELECT name FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?)
    }
}
