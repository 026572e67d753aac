//! What the long mails share: a phase's long name and a deadline as the
//! game shows it.

use crate::game::When;

/// `Spring 1901 Movement` for `S1901M` in `lang` (`Printemps 1901
/// Mouvements`); a phase that does not read is shown as given.
pub(super) fn long_name(lang: super::Lang, phase: &str) -> String {
    crate::engine::Phase::parse(phase)
        .map(|p| super::refused::phase_name(lang, p))
        .unwrap_or_else(|_| phase.to_string())
}

/// A deadline in the game's timezone.
pub(super) fn when(w: &When) -> String {
    crate::game::show_time(w.at, w.tz)
}

/// A power's name as `lang` shows it, from the name a report or a notice
/// carries (`Germany`, or the map's `germany`): in French or German the
/// name from the map's name table where it has one (`Allemagne`); in
/// English the name as carried.
pub(super) fn power(lang: super::Lang, carried: &str) -> String {
    match lang {
        super::Lang::En => carried.to_string(),
        _ => super::names::shown_power(lang, carried),
    }
}

/// The width of a column of power names as `lang` shows them: `english`
/// in English (the columns as they always were), else wide enough for
/// the longest name.
pub(super) fn power_column<'a>(
    lang: super::Lang,
    english: usize,
    names: impl Iterator<Item = &'a String>,
) -> usize {
    match lang {
        super::Lang::En => english,
        _ => names
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(english),
    }
}
