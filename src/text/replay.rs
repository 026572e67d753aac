//! What a replay of a game found different from what is stored, for the
//! judge (`dipspy game replay`).

use super::{Args, Lang, plain, render};
use crate::game::Mismatch;

/// One difference in words.
pub fn mismatch(lang: Lang, m: &Mismatch) -> String {
    let k = |key: &str, args: Args| render(lang, key, &args);
    match m {
        Mismatch::EspionageAtStart(d) => k(
            "replay-espionage-at-start",
            Args::new().str("difference", d),
        ),
        Mismatch::OrderResult {
            order,
            stored,
            stored_reason,
            recomputed,
            recomputed_reason,
        } => k(
            "replay-order-result",
            Args::new()
                .str("order", order)
                .str("stored", stored.clone().unwrap_or_else(|| "none".into()))
                .str("stored_reason", stored_reason)
                .str("recomputed", recomputed)
                .str("recomputed_reason", recomputed_reason),
        ),
        Mismatch::ReactionsNeverOpened => plain(lang, "replay-reactions-never-opened"),
        Mismatch::Owed(d) => d.clone(),
        Mismatch::EspionageCarried { from, difference } => k(
            "replay-espionage-carried",
            Args::new().str("from", from).str("difference", difference),
        ),
        Mismatch::ProducedMissing => plain(lang, "replay-produced-missing"),
        Mismatch::NextPosition { stored, recomputed } => k(
            "replay-next-position",
            Args::new()
                .str("stored", stored)
                .str("recomputed", recomputed),
        ),
        Mismatch::FutureDecision {
            order,
            power,
            stored,
            again,
        } => k(
            "replay-future-decision",
            Args::new()
                .str("order", order)
                .power("power", power.as_str())
                .str("stored", stored)
                .str("again", again),
        ),
        Mismatch::FutureNotApplied { order, power } => k(
            "replay-future-not-applied",
            Args::new()
                .str("order", order)
                .power("power", power.as_str()),
        ),
        Mismatch::SpyOrder {
            order,
            power,
            field,
            stored,
            logged,
        } => k(
            "replay-spy-order",
            Args::new()
                .str("order", order)
                .power("power", power.as_str())
                .str("field", field)
                .str("stored", stored)
                .str("logged", logged),
        ),
        Mismatch::SpyOrderUnlogged { order, power } => k(
            "replay-spy-order-unlogged",
            Args::new()
                .str("order", order)
                .power("power", power.as_str()),
        ),
        Mismatch::SpyOrderMissing { order, power } => k(
            "replay-spy-order-missing",
            Args::new()
                .str("order", order)
                .power("power", power.as_str()),
        ),
    }
}
