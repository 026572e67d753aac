//! Rows of the `absences` table (`migrations/0006_absences.sql`): the
//! spans in which a player asked that no deadline fall.

use super::{DbResult, Tx};
use rusqlite::params;

row! {
/// A period a power said it will be away (`SET ABSENCE`), as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbsenceRow {
    /// The absence's row id.
    pub id: i64,
    /// The power that will be away.
    pub power: String,
    /// UTC, RFC 3339.
    pub starts: String,
    /// When it ends (UTC, RFC 3339; not included).
    pub ends: String,
}
}

impl Tx<'_> {
    /// Records an absence; returns its id.
    pub fn insert_absence(
        &self,
        game: i64,
        power: &str,
        starts: &str,
        ends: &str,
        at: &str,
    ) -> DbResult<i64> {
        crate::store::exec(
            self,
            "INSERT INTO absences (game_id, power, starts, ends, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game, power, starts, ends, at],
        )?;
        Ok(self.last_insert_rowid())
    }

    /// The absences of a game that stand (not withdrawn), of one power or of
    /// all, earliest first.
    pub fn absences(&self, game: i64, power: Option<&str>) -> DbResult<Vec<AbsenceRow>> {
        let mut st = self.prepare_cached(&format!(
            "SELECT {} FROM absences
         WHERE game_id = ?1 AND withdrawn = 0 AND (?2 IS NULL OR power = ?2)
         ORDER BY starts, id",
            AbsenceRow::COLS
        ))?;
        Ok(st
            .query_map(params![game, power], AbsenceRow::from_row)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Withdraws a power's absences that have not ended by `now`; returns
    /// how many.
    pub fn withdraw_absences(&self, game: i64, power: &str, now: &str) -> DbResult<usize> {
        Ok(crate::store::exec(
            self,
            "UPDATE absences SET withdrawn = 1
         WHERE game_id = ?1 AND power = ?2 AND withdrawn = 0 AND ends > ?3",
            params![game, power, now],
        )?)
    }
}
