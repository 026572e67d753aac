//! Draws: votes recorded, and a game ended in a draw.

use super::Result;
use super::loaded::{Loaded, check_playing, load};
use crate::store::{self, PowerRow, Store};
use rusqlite::Connection;
use serde::Serialize;

pub(super) fn finish_draw(c: &Connection, l: &Loaded, survivors: &[String]) -> Result<()> {
    store::set_game_status(c, l.game.id, "finished")?;
    store::set_outcome(c, l.game.id, Some("draw"), Some(&survivors.join(",")))?;
    Ok(())
}

/// Records a power's draw vote (or withdraws it). When every surviving
/// power has voted, the game ends in a draw between them. Returns the
/// outcome when it ended.
pub fn draw_vote(st: &mut Store, name: &str, power: &str, vote: bool) -> Result<DrawReport> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused"], "there is nothing to draw")?;
        let pname = l.pname(l.power(power)?);
        check_playing(c, &l, &pname, "vote")?;
        store::set_draw_vote(c, l.game.id, &pname, vote)?;
        let powers = store::powers(c, l.game.id)?;
        let survivors: Vec<&PowerRow> = powers.iter().filter(|p| p.status == "playing").collect();
        let voted: Vec<String> = survivors
            .iter()
            .filter(|p| p.draw_vote)
            .map(|p| p.power.clone())
            .collect();
        let waiting_for: Vec<String> = survivors
            .iter()
            .filter(|p| !p.draw_vote)
            .map(|p| p.power.clone())
            .collect();
        let mut drawn = false;
        if waiting_for.is_empty() {
            let row = l.current(c)?;
            store::set_phase_status(c, row.id, "final")?;
            store::set_deadline(c, row.id, None)?;
            finish_draw(c, &l, &voted)?;
            drawn = true;
        }
        Ok(DrawReport {
            voted,
            waiting_for,
            drawn,
        })
    })
}

#[derive(Debug, Serialize)]
pub struct DrawReport {
    pub voted: Vec<String>,
    pub waiting_for: Vec<String>,
    pub drawn: bool,
}
