//! The secret log's final head: a game that ends (a draw or concession
//! voted, a solo, the calendar's end, the master's `TERMINATE` or `game
//! end`) logs how it ended and signs a head covering that last entry,
//! mailed to the master in the transaction of the ending (see
//! [`crate::secretlog::heads`]). And, for `game replay`, from when a
//! game's reaction phases can no longer say `legacy`.

use super::Result;
use super::esp;
use super::loaded::Loaded;
use super::reports::Ended;
use super::words::LogLine;
use crate::secretlog::{self, heads};
use crate::store::Tx;

/// Logs the end of an espionage game in `phase` and signs its final head.
/// Nothing for a game without espionage (it has no secret log).
pub(super) fn seal(c: &Tx<'_>, l: &Loaded, phase: &str, ended: &Ended, now_s: &str) -> Result<()> {
    if !esp::rules(l).any() {
        return Ok(());
    }
    let w = super::words::words();
    let how = w.game_over_how(ended);
    let words = w.log_line(LogLine::Ended { phase, how: &how });
    esp::log(
        c,
        l,
        now_s,
        vec![esp::entry(phase, "game-ended", None, words)],
    )?;
    esp::sign_head(c, l, phase, heads::GAME_ENDED, now_s)
}

/// A finished game whose last entries no head covers (it ended before
/// final heads were signed): signs its final head now, if the entries
/// since the last head chain on from it. False when they do not.
pub(super) fn seal_late(c: &Tx<'_>, l: &Loaded, phase: &str, now_s: &str) -> Result<bool> {
    let rows = c.secret_rows(l.game.id)?;
    let Some(last_head) = c.signed_heads(l.game.id)?.pop() else {
        return Ok(false);
    };
    let mut prev = last_head.hash.clone();
    for r in rows.iter().filter(|r| r.seq > last_head.last_seq) {
        if r.prev_hash != prev || secretlog::row_hash(r) != r.hash {
            return Ok(false);
        }
        prev = r.hash.clone();
    }
    if c.secret_head(l.game.id)?.map(|(_, h)| h) != Some(prev) {
        return Ok(false);
    }
    let words = super::words::words().log_line(LogLine::FinalHeadLate);
    esp::log(
        c,
        l,
        now_s,
        vec![esp::entry(phase, "game-ended", None, words)],
    )?;
    esp::sign_head(c, l, phase, heads::GAME_ENDED, now_s)?;
    Ok(true)
}

/// Whether a reaction phase opened at `opened` in `phase` may say
/// `legacy` (opened before dipspy stored the reactions owed): not when
/// signed heads had begun for the game by then, nor when its opening was
/// announced with a typed notice (both came after the reactions owed were
/// stored).
pub(super) fn legacy_allowed(
    c: &Tx<'_>,
    l: &Loaded,
    phase: &str,
    opened: Option<&str>,
) -> Result<bool> {
    let Some(opened) = opened else {
        return Ok(false);
    };
    if c.reaction_announced_typed(l.game.id, phase, opened)? {
        return Ok(false);
    }
    let stored = c.signed_heads(l.game.id)?;
    let rows = c.secret_rows(l.game.id)?;
    let began = secretlog::check::heads_began(l.game.heads_since.as_deref(), &stored, &rows);
    Ok(began.is_none_or(|b| !secretlog::check::not_before(opened, b)))
}
