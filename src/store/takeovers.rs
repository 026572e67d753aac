//! Rows of `takeovers` and `player_changes`
//! (`migrations/0008_takeovers.sql`): requests to take over a vacant
//! power, and the record of every change of a power's player.

use super::{DbResult, Tx};
use rusqlite::{OptionalExtension, params};

row! {
/// A request to take over a vacant power.
#[derive(Debug, Clone)]
pub struct TakeoverRow {
    /// The request's row id.
    pub id: i64,
    /// The power asked for.
    pub power: String,
    /// The address that asked.
    pub email: String,
    /// The password hash the new player chose (argon2).
    pub password_hash: String,
}
}

impl Tx<'_> {
    /// Records a request; an earlier pending one of the same address for the
    /// same power is withdrawn first.
    pub fn insert_takeover(
        &self,
        game: i64,
        power: &str,
        email: &str,
        hash: &str,
        at: &str,
    ) -> DbResult<i64> {
        crate::store::exec(
            self,
            "UPDATE takeovers SET status = 'withdrawn', decided_at = ?4
         WHERE game_id = ?1 AND power = ?2 AND email = ?3 AND status = 'pending'",
            params![game, power, email, at],
        )?;
        crate::store::exec(
            self,
            "INSERT INTO takeovers (game_id, power, email, password_hash, requested_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game, power, email, hash, at],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// The oldest pending request for a power.
    pub fn pending_takeover(&self, game: i64, power: &str) -> DbResult<Option<TakeoverRow>> {
        Ok(self
            .prepare_cached(&format!(
                "SELECT {} FROM takeovers
         WHERE game_id = ?1 AND power = ?2 AND status = 'pending' ORDER BY id LIMIT 1",
                TakeoverRow::COLS
            ))?
            .query_row(params![game, power], TakeoverRow::from_row)
            .optional()?)
    }

    /// Marks a request approved or refused; every other pending request for
    /// the power is refused with it when one is approved.
    pub fn decide_takeover(&self, id: i64, approved: bool, at: &str) -> DbResult<()> {
        let status = if approved { "approved" } else { "refused" };
        crate::store::exec(
            self,
            "UPDATE takeovers SET status = ?2, decided_at = ?3 WHERE id = ?1",
            params![id, status, at],
        )?;
        Ok(())
    }

    /// The other pending requests for a power (refused when one is approved).
    pub fn other_pending(&self, game: i64, power: &str) -> DbResult<Vec<TakeoverRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM takeovers
         WHERE game_id = ?1 AND power = ?2 AND status = 'pending' ORDER BY id",
            TakeoverRow::COLS
        ))?;
        Ok(st
            .query_map(params![game, power], TakeoverRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Records a change of a power's player.
    pub fn insert_player_change(
        &self,
        game: i64,
        power: &str,
        what: &str,
        email: Option<&str>,
        phase: Option<&str>,
        at: &str,
    ) -> DbResult<()> {
        crate::store::exec(
            self,
            "INSERT INTO player_changes (game_id, power, what, email, phase, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![game, power, what, email, phase, at],
        )?;
        Ok(())
    }

    /// Records a late notice; false when one was sent already.
    pub fn insert_late_notice(&self, phase_id: i64, power: &str, at: &str) -> DbResult<bool> {
        let n = crate::store::exec(
            self,
            "INSERT OR IGNORE INTO late_notices (phase_id, power, sent_at) VALUES (?1, ?2, ?3)",
            params![phase_id, power, at],
        )?;
        Ok(n == 1)
    }

    /// The powers sent a late notice for a phase.
    pub fn late_notices(&self, phase_id: i64) -> DbResult<Vec<String>> {
        let mut st = self
            .prepare_cached("SELECT power FROM late_notices WHERE phase_id = ?1 ORDER BY rowid")?;
        Ok(st
            .query_map([phase_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// How many movement phases in a row, the latest first, a power missed
    /// (phases of other kinds are passed over; a rolled-back phase does not
    /// count).
    pub fn movement_phases_missed_in_a_row(&self, game: i64, power: &str) -> DbResult<usize> {
        let mut st = self.prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM missed m WHERE m.phase_id = p.id AND m.power = ?2)
         FROM phases p
         WHERE p.game_id = ?1 AND p.status IN ('processed', 'current', 'final')
               AND p.phase LIKE '%M'
         ORDER BY p.seq DESC",
        )?;
        let flags: Vec<bool> = st
            .query_map(params![game, power], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(flags.iter().take_while(|m| **m).count())
    }
}

row! {
/// One recorded change of a power's player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerChange {
    /// The power whose player changed.
    pub power: String,
    /// `resigned`, `abandoned`, `ejected`, `took_over`, `address`.
    pub what: String,
    /// The address concerned, if any.
    pub email: Option<String>,
    /// The phase it happened in, if any.
    pub phase: Option<String>,
    /// When it happened (RFC 3339).
    pub at: String,
}
}

impl Tx<'_> {
    /// Every change of player of a game, oldest first.
    pub fn player_changes(&self, game: i64) -> DbResult<Vec<PlayerChange>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM player_changes WHERE game_id = ?1 ORDER BY id",
            PlayerChange::COLS
        ))?;
        Ok(st
            .query_map([game], PlayerChange::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }
}
