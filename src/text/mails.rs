//! What the long mails share: a phase's long name and a deadline as the
//! game shows it.

use crate::game::notice::When;

/// `Spring 1901 movement` for `S1901M`; a phase that does not read is
/// shown as given.
pub(super) fn long_name(phase: &str) -> String {
    crate::engine::phase::Phase::parse(phase)
        .map(|p| p.long_name())
        .unwrap_or_else(|_| phase.to_string())
}

/// A deadline in the game's timezone.
pub(super) fn when(w: &When) -> String {
    crate::game::show_time(w.at, w.tz)
}
