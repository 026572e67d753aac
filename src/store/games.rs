//! Rows of the `games` table (`migrations/0001_games.sql`, with the
//! identity of `0026_game_identity.sql`): one per game.

use super::{DbResult, GameOutcome, GameStatus, Tx, exec, one, txn_cache};
use rusqlite::OptionalExtension;
use rusqlite::params;

row! {
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub rules: String,
    pub settings: String,
    pub status: GameStatus,
    pub outcome: Option<GameOutcome>,
    pub outcome_powers: Option<String>,
    pub paused_remaining: Option<i64>,
    pub created_at: String,
    /// The game's identity, signed into its secret log's heads
    /// (`migrations/0026_game_identity.sql`).
    pub uid: Option<String>,
    /// From when its secret log owes signed heads (none yet: no head).
    pub heads_since: Option<String>,
    /// Whether its end owes a final signed head.
    pub final_head_owed: bool,
}
}

const GAME_COLS: &str = GameRow::COLS;

impl Tx<'_> {
    pub fn game_by_name(&self, name: &str) -> DbResult<Option<GameRow>> {
        Ok(txn_cache::game(self, name, || {
            one(
                self,
                &format!("SELECT {GAME_COLS} FROM games WHERE name = ?1"),
                [name],
                GameRow::from_row,
            )
            .optional()
        })?)
    }

    pub fn games(&self) -> DbResult<Vec<GameRow>> {
        let mut st =
            self.prepare_cached(&format!("SELECT {GAME_COLS} FROM games ORDER BY name"))?;
        Ok(st
            .query_map([], GameRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    pub fn insert_game(
        &self,
        name: &str,
        variant: &str,
        rules: &str,
        settings: &str,
        now: &str,
    ) -> DbResult<i64> {
        exec(
        self,
        "INSERT INTO games (name, variant, rules, settings, status, created_at, uid, heads_since)
         VALUES (?1, ?2, ?3, ?4, 'forming', ?5, lower(hex(randomblob(16))), ?5)",
        params![name, variant, rules, settings, now],
    )?;
        Ok(self.last_insert_rowid())
    }

    pub fn set_game_status(&self, game: i64, status: GameStatus) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET status = ?2 WHERE id = ?1",
            params![game, status],
        )?;
        Ok(())
    }

    pub fn set_paused_remaining(&self, game: i64, secs: Option<i64>) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET paused_remaining = ?2 WHERE id = ?1",
            params![game, secs],
        )?;
        Ok(())
    }

    pub fn set_outcome(
        &self,
        game: i64,
        outcome: Option<GameOutcome>,
        powers: Option<&str>,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET outcome = ?2, outcome_powers = ?3 WHERE id = ?1",
            params![game, outcome, powers],
        )?;
        Ok(())
    }
}
