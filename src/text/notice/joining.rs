//! A forming game: full, powers assigned, a player resigning, ended
//! before it began.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::GameFull { game } => pair(lang, "notice-game-full", Args::new().str("game", game)),
        Notice::PowerAssigned { game, power } => pair(
            lang,
            "notice-power-assigned",
            Args::new()
                .str("game", game)
                .str("power", power)
                .power("shown", power),
        ),
        Notice::Resigned {
            game,
            power,
            forming,
        } => pair(
            lang,
            "notice-resigned",
            Args::new()
                .str("game", game)
                .str("power", power)
                .power("shown", power)
                .str("command", if *forming { "JOIN" } else { "TAKEOVER" }),
        ),
        Notice::EndedBeforeStart { game } => pair(
            lang,
            "notice-ended-before-start",
            Args::new().str("game", game),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}
