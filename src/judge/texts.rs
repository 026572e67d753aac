//! The judge's texts about hostile mail, each in one place.

/// Why a sign-on to a locked power is refused.
pub(super) fn locked_refusal(display: &str, game: &str) -> String {
    format!(
        "sign-on refused: too many wrong passwords were given for {display} in game {game}; \
         for a while its sign-ons are accepted only from the address it plays from"
    )
}
