//! The map file kept with a game played on a map that is not built in
//! (`migrations/0010_game_maps.sql`).

use super::{DbResult, Tx};
use rusqlite::params;

impl Tx<'_> {
    /// Keeps the map a game is played on, written out in full.
    pub fn set_game_map(&self, game: i64, map_file: &str) -> DbResult<()> {
        self.execute(
            "UPDATE games SET map_file = ?1 WHERE id = ?2",
            params![map_file, game],
        )?;
        Ok(())
    }

    /// The map file kept with a game, if it has one.
    pub fn game_map(&self, game: i64) -> DbResult<Option<String>> {
        let c = self;
        Ok(
            // Every load of a game asks this, several times per message.
            super::txn_cache::map(c, game, || {
                super::one(
                    c,
                    "SELECT map_file FROM games WHERE id = ?1",
                    params![game],
                    |r| r.get(0),
                )
            })?,
        )
    }
}
