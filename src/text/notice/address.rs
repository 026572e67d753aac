//! Codes that confirm an address, and an address that changed.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::ConfirmAddress {
            game,
            power,
            code,
            days,
        } => pair(
            lang,
            "notice-confirm-address",
            Args::new()
                .str("game", game)
                .power("shown", power)
                .str("code", code)
                .num("days", *days as f64),
        ),
        Notice::AddressChanged { game, power, email } => pair(
            lang,
            "notice-address-changed",
            Args::new()
                .str("game", game)
                .power("shown", power)
                .str("email", email),
        ),
        Notice::ConfirmObserver { game, code, days } => pair(
            lang,
            "notice-confirm-observer",
            Args::new()
                .str("game", game)
                .str("code", code)
                .num("days", *days as f64),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}
