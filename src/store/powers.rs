//! Rows of the `powers` and `waiting_players` tables
//! (`migrations/0001_games.sql`): the powers of a game and who plays
//! them, and the players waiting for a power.

use super::{DbResult, PowerStatus, Tx, exec, txn_cache};
use rusqlite::params;

row! {
/// A power of a game, with its player if it has one.
#[derive(Debug, Clone)]
pub struct PowerRow {
    /// The power's name on the map.
    pub power: String,
    /// Its player's address; none while vacant.
    pub email: Option<String>,
    /// Its player's password hash (argon2).
    pub password_hash: Option<String>,
    /// Vacant, playing or eliminated.
    pub status: PowerStatus,
    /// Whether it asked the judge to wait for the deadline (`SET WAIT`).
    pub wait: bool,
    /// Whether it votes for a draw.
    pub draw_vote: bool,
    /// The phase it was eliminated in.
    pub eliminated_in: Option<String>,
    /// The powers a draw vote names (comma-separated); none: all survivors.
    pub draw_with: Option<String>,
    /// The power this one votes to concede to.
    pub concede_to: Option<String>,
}
}

impl Tx<'_> {
    /// Adds a vacant power to a game.
    pub fn insert_power(&self, game: i64, power: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO powers (game_id, power) VALUES (?1, ?2)",
            params![game, power],
        )?;
        Ok(())
    }

    /// The powers of a game, in the map's order (by insertion).
    pub fn powers(&self, game: i64) -> DbResult<Vec<PowerRow>> {
        Ok(txn_cache::powers(self, game, || read_powers(self, game))?)
    }
}

fn read_powers(c: &Tx<'_>, game: i64) -> rusqlite::Result<Vec<PowerRow>> {
    // Sorted here by rowid: `ORDER BY rowid` after the search by game made
    // SQLite build a temporary B-tree for every read.
    let mut st = c.prepare_cached(&format!(
        "SELECT rowid AS rowid, {} FROM powers WHERE game_id = ?1",
        PowerRow::COLS
    ))?;
    let mut rows = st
        .query_map([game], |r| {
            Ok((r.get::<_, i64>("rowid")?, PowerRow::from_row(r)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.sort_by_key(|(rowid, _)| *rowid);
    Ok(rows.into_iter().map(|(_, p)| p).collect())
}

impl Tx<'_> {
    /// Seats a player (address and password hash) at a power, which is then playing.
    pub fn seat_player(
        &self,
        game: i64,
        power: &str,
        email: &str,
        hash: &str,
        now: &str,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET email = ?3, password_hash = ?4, status = 'playing', joined_at = ?5
         WHERE game_id = ?1 AND power = ?2",
            params![game, power, email, hash, now],
        )?;
        Ok(())
    }

    /// Sets a power's status and the phase it was eliminated in, if any.
    pub fn set_power_status(
        &self,
        game: i64,
        power: &str,
        status: PowerStatus,
        eliminated_in: Option<&str>,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET status = ?3, eliminated_in = ?4 WHERE game_id = ?1 AND power = ?2",
            params![game, power, status, eliminated_in],
        )?;
        Ok(())
    }

    /// Sets whether a power asks the judge to wait for the deadline (`WAIT`).
    pub fn set_wait(&self, game: i64, power: &str, wait: bool) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET wait = ?3 WHERE game_id = ?1 AND power = ?2",
            params![game, power, wait],
        )?;
        Ok(())
    }

    /// Clears every power's wait in a game.
    pub fn clear_waits(&self, game: i64) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET wait = 0 WHERE game_id = ?1",
            [game],
        )?;
        Ok(())
    }

    /// Records a power's draw vote: `with` names the powers it includes
    /// (none: all survivors); `vote` false withdraws it.
    pub fn set_draw_vote(
        &self,
        game: i64,
        power: &str,
        vote: bool,
        with: Option<&str>,
    ) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET draw_vote = ?3, draw_with = ?4 WHERE game_id = ?1 AND power = ?2",
            params![game, power, vote, with.filter(|_| vote)],
        )?;
        Ok(())
    }

    /// Records (or with `None` withdraws) a power's concession.
    pub fn set_concession(&self, game: i64, power: &str, to: Option<&str>) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET concede_to = ?3 WHERE game_id = ?1 AND power = ?2",
            params![game, power, to],
        )?;
        Ok(())
    }

    /// Clears every draw vote and concession of a game.
    pub fn clear_draw_votes(&self, game: i64) -> DbResult<()> {
        exec(
            self,
            "UPDATE powers SET draw_vote = 0, draw_with = NULL, concede_to = NULL WHERE game_id = ?1",
            [game],
        )?;
        Ok(())
    }
}

row! {
/// A player who joined a game without a power, waiting for one.
#[derive(Debug, Clone)]
pub struct WaitingPlayer {
    /// The row id.
    pub id: i64,
    /// The player's address.
    pub email: String,
    /// The player's password hash (argon2).
    pub password_hash: String,
}
}

impl Tx<'_> {
    /// Adds a player who joined without a power.
    pub fn insert_waiting(&self, game: i64, email: &str, hash: &str, now: &str) -> DbResult<()> {
        exec(
            self,
            "INSERT INTO waiting_players (game_id, email, password_hash, joined_at)
         VALUES (?1, ?2, ?3, ?4)",
            params![game, email, hash, now],
        )?;
        Ok(())
    }

    /// The players of a game waiting for a power, in the order they joined.
    pub fn waiting_players(&self, game: i64) -> DbResult<Vec<WaitingPlayer>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM waiting_players WHERE game_id = ?1 ORDER BY id",
            WaitingPlayer::COLS
        ))?;
        Ok(st
            .query_map([game], WaitingPlayer::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Removes a waiting player (of this row id).
    pub fn delete_waiting(&self, id: i64) -> DbResult<()> {
        exec(self, "DELETE FROM waiting_players WHERE id = ?1", [id])?;
        Ok(())
    }
}

// ---------------------------------------------------------- mail commands

impl Tx<'_> {
    /// A player's new password hash (SET PASSWORD).
    pub fn set_password_hash(&self, game: i64, power: &str, hash: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE powers SET password_hash = ?3 WHERE game_id = ?1 AND power = ?2",
            params![game, power, hash],
        )?)
    }

    /// Leaves a power without a player (RESIGN): no address, no password, no
    /// wait flag or draw vote.
    pub fn vacate_power(&self, game: i64, power: &str) -> DbResult<usize> {
        Ok(exec(
            self,
            "UPDATE powers SET email = NULL, password_hash = NULL, status = 'vacant', wait = 0,
                draw_vote = 0, draw_with = NULL, concede_to = NULL, joined_at = NULL
         WHERE game_id = ?1 AND power = ?2",
            params![game, power],
        )?)
    }
}
