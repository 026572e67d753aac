//! Sign-ons locked after too many wrong passwords.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::SignonLocked {
            game,
            power,
            after,
            minutes,
            master,
        } => pair(
            lang,
            if *master {
                "notice-signon-locked-master"
            } else {
                "notice-signon-locked"
            },
            Args::new()
                .str("game", game)
                .power("shown", power)
                .num("after", *after)
                .num("minutes", *minutes as f64),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}
