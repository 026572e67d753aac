//! Rows of the `phases` and `missed` tables (`migrations/0001_games.sql`):
//! every phase of a game, and the powers that sent no orders in one.

use super::{DbResult, PhaseStatus, Tx, exec, one, txn_cache};
use rusqlite::OptionalExtension;
use rusqlite::params;

row! {
/// A phase of a game, one row per attempt (a rollback starts a new row).
#[derive(Debug, Clone)]
pub struct PhaseRow {
    /// The phase's row id.
    pub id: i64,
    /// Its place among the game's phase rows, in order of creation.
    pub seq: i64,
    /// The phase's name (`S1901M`).
    pub phase: String,
    /// The position the phase starts from, as JSON.
    pub position: String,
    /// Current, processed, final or rolled back.
    pub status: PhaseStatus,
    /// Its deadline (RFC 3339, UTC), if it has one.
    pub deadline: Option<String>,
    /// When it started (RFC 3339).
    pub started_at: String,
    /// When it was processed.
    pub processed_at: Option<String>,
    /// What its adjudication produced beyond the order results, as JSON.
    pub results: Option<String>,
    /// When a rollback undid it.
    pub rolled_back_at: Option<String>,
    /// The row id of the phase whose processing produced this one.
    pub produced_by: Option<i64>,
}
}

const PHASE_COLS: &str = PhaseRow::COLS;

impl Tx<'_> {
    /// Every phase row of a game, oldest first (rolled-back ones included).
    pub fn phases(&self, game: i64) -> DbResult<Vec<PhaseRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {PHASE_COLS} FROM phases WHERE game_id = ?1 ORDER BY seq"
        ))?;
        Ok(st
            .query_map([game], PhaseRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The phase being played (or the final position of a finished game).
    pub fn live_phase(&self, game: i64) -> DbResult<Option<PhaseRow>> {
        Ok(txn_cache::live_phase(self, game, || {
            one(
            self,
            &format!(
                "SELECT {PHASE_COLS} FROM phases WHERE game_id = ?1 AND status IN ('current', 'final')
                 ORDER BY seq DESC LIMIT 1"
            ),
            [game],
            PhaseRow::from_row,
        )
        .optional()
        })?)
    }

    /// Starts a phase row with the game's next `seq`; returns its row id.
    #[allow(clippy::too_many_arguments)]
    pub fn insert_phase(
        &self,
        game: i64,
        phase: &str,
        position: &str,
        status: PhaseStatus,
        deadline: Option<&str>,
        now: &str,
        produced_by: Option<i64>,
    ) -> DbResult<i64> {
        let seq: i64 = one(
            self,
            "SELECT coalesce(max(seq), -1) + 1 FROM phases WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )?;
        exec(self,
        "INSERT INTO phases (game_id, seq, phase, position, status, deadline, started_at, produced_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![game, seq, phase, position, status, deadline, now, produced_by],
    )?;
        Ok(self.last_insert_rowid())
    }

    /// Marks a phase processed, with when and the adjudication's results (JSON).
    pub fn mark_processed(&self, phase_id: i64, now: &str, results: &str) -> DbResult<()> {
        exec(
            self,
            "UPDATE phases SET status = 'processed', processed_at = ?2, results = ?3 WHERE id = ?1",
            params![phase_id, now, results],
        )?;
        Ok(())
    }

    /// Sets a phase's status.
    pub fn set_phase_status(&self, phase_id: i64, status: PhaseStatus) -> DbResult<()> {
        exec(
            self,
            "UPDATE phases SET status = ?2 WHERE id = ?1",
            params![phase_id, status],
        )?;
        Ok(())
    }

    /// Sets (or clears) a phase's deadline.
    pub fn set_deadline(&self, phase_id: i64, deadline: Option<&str>) -> DbResult<()> {
        exec(
            self,
            "UPDATE phases SET deadline = ?2 WHERE id = ?1",
            params![phase_id, deadline],
        )?;
        Ok(())
    }

    /// Marks every phase of a game from `seq` `from_seq` on rolled back; returns how many.
    pub fn mark_rolled_back(&self, game: i64, from_seq: i64, now: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE phases SET status = 'rolled_back', rolled_back_at = ?3
         WHERE game_id = ?1 AND seq >= ?2 AND status != 'rolled_back'",
            params![game, from_seq, now],
        )?)
    }
}

// ---------------------------------------------------------------- missed

impl Tx<'_> {
    /// Records that a power missed a phase's deadline.
    pub fn insert_missed(&self, phase_id: i64, power: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO missed (phase_id, power) VALUES (?1, ?2)",
            params![phase_id, power],
        )?;
        Ok(())
    }

    /// The powers that missed a phase's deadline, in the order recorded.
    pub fn missed(&self, phase_id: i64) -> DbResult<Vec<String>> {
        let mut st =
            self.prepare_cached("SELECT power FROM missed WHERE phase_id = ?1 ORDER BY rowid")?;
        Ok(st
            .query_map([phase_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }
}
