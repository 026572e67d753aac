//! The judge's texts about hostile mail, each in one place.

use crate::text::{Args, Lang, render};

/// Why a sign-on to a locked power is refused, in `lang`.
pub(super) fn locked_refusal(lang: Lang, display: &str, game: &str) -> String {
    let args = Args::new().str("power", display).str("game", game);
    render(lang, "replies-signon-locked", &args)
}
