//! Rows of the `games` table (`migrations/0001_games.sql`, with the
//! identity of `0026_game_identity.sql`): one per game.

use super::{DbResult, GameOutcome, GameStatus, Tx, exec, one, txn_cache};
use rusqlite::OptionalExtension;
use rusqlite::params;

row! {
/// A game.
#[derive(Debug, Clone)]
pub struct GameRow {
    /// The game's row id.
    pub id: i64,
    /// The game's name (unique, without regard to case).
    pub name: String,
    /// The map's variant name (`standard`).
    pub variant: String,
    /// The espionage rule sets, comma-separated (empty: none).
    pub rules: String,
    /// The game's settings as JSON (deadlines, time zone, press).
    pub settings: String,
    /// Forming, active, paused or finished.
    pub status: GameStatus,
    /// How it ended, once it has.
    pub outcome: Option<GameOutcome>,
    /// The winner, or the powers sharing the draw, comma-separated.
    pub outcome_powers: Option<String>,
    /// Seconds left before the deadline when the game was paused.
    pub paused_remaining: Option<i64>,
    /// When it was created (RFC 3339).
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
    /// The game called `name` (without regard to case), if there is one.
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

    /// Every game, by name.
    pub fn games(&self) -> DbResult<Vec<GameRow>> {
        let mut st =
            self.prepare_cached(&format!("SELECT {GAME_COLS} FROM games ORDER BY name"))?;
        Ok(st
            .query_map([], GameRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Creates a forming game with a new identity; returns its row id.
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

    /// Sets a game's status.
    pub fn set_game_status(&self, game: i64, status: GameStatus) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET status = ?2 WHERE id = ?1",
            params![game, status],
        )?;
        Ok(())
    }

    /// Sets (or clears) the seconds left before the deadline of a paused game.
    pub fn set_paused_remaining(&self, game: i64, secs: Option<i64>) -> DbResult<()> {
        exec(
            self,
            "UPDATE games SET paused_remaining = ?2 WHERE id = ?1",
            params![game, secs],
        )?;
        Ok(())
    }

    /// Sets how a game ended and the powers that won or share the draw.
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
