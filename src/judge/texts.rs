//! The judge's texts about hostile mail, each in one place.

use crate::text::{Args, Lang, render};

/// Why a sign-on to a locked power is refused, in `lang`.
pub(super) fn locked_refusal(lang: Lang, power: &str, game: &str) -> String {
    let args = Args::new()
        .power("power", power.to_string())
        .str("game", game);
    render(lang, "replies-signon-locked", &args)
}
