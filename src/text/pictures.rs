//! The pictures' words ([`crate::render::Labels`]), given from the
//! catalogue's `pictures` part (`src/text/<lang>/pictures.ftl`).

use super::{Args, Lang, keys, names, plain, refused, render};
use crate::engine::{Outcome, Phase};

/// The catalogue's answers to the pictures.
struct Catalogue;

impl crate::render::Labels for Catalogue {
    fn plain(&self, lang: Lang, key: &str) -> String {
        plain(lang, key)
    }

    fn counts(&self, lang: Lang, centres: usize, units: usize) -> String {
        render(
            lang,
            "pictures-counts",
            &Args::new()
                .num("centres", centres as f64)
                .num("units", units as f64),
        )
    }

    fn phase(&self, lang: Lang, p: Phase) -> String {
        refused::phase_name(lang, p)
    }

    fn power(&self, lang: Lang, map: &str, power: &str) -> Option<String> {
        names::power(lang, map, power).map(str::to_string)
    }

    fn waive(&self, lang: Lang, power: &str, outcome: Option<Outcome>) -> String {
        match outcome {
            None | Some(Outcome::Succeeds) => render(
                lang,
                "pictures-waives",
                &Args::new().power("power", power.to_string()),
            ),
            Some(x) => render(
                lang,
                "pictures-waive-outcome",
                &Args::new()
                    .power("power", power.to_string())
                    .str("outcome", plain(lang, keys::outcome_of(x))),
            ),
        }
    }

    fn join_notes(&self, lang: Lang, first: &str, rest: &str) -> String {
        render(
            lang,
            "pictures-notes-joined",
            &Args::new().str("first", first).str("rest", rest),
        )
    }
}

/// Hands the pictures their words (see [`super::install`]).
pub(super) fn install() {
    static CATALOGUE: Catalogue = Catalogue;
    crate::render::install_labels(&CATALOGUE);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Labels;

    #[test]
    fn every_word_of_the_pictures_is_in_every_language() {
        for &lang in Lang::ALL {
            for key in crate::render::label_keys() {
                let w = Catalogue.plain(lang, key);
                assert!(!w.is_empty() && w != key, "{lang:?} {key}");
            }
        }
    }

    #[test]
    fn counts_take_the_plural_of_the_language() {
        let c = |lang, a, b| Catalogue.counts(lang, a, b);
        assert_eq!(c(Lang::En, 3, 4), "3 centres, 4 units");
        assert_eq!(c(Lang::Fr, 1, 0), "1 centre, 0 unité");
        assert_eq!(c(Lang::Fr, 2, 5), "2 centres, 5 unités");
        assert_eq!(c(Lang::De, 1, 1), "1 Zentrum, 1 Einheit");
        assert_eq!(c(Lang::De, 0, 2), "0 Zentren, 2 Einheiten");
    }

    #[test]
    fn notes_are_joined_as_the_language_writes_them() {
        let j = |lang, a: &str, b: &str| Catalogue.join_notes(lang, a, b);
        assert_eq!(j(Lang::En, &j(Lang::En, "a", "b"), "c"), "a; b; c");
        assert_eq!(
            j(Lang::Fr, &j(Lang::Fr, "a", "b"), "c"),
            "a\u{a0}; b\u{a0}; c"
        );
    }
}
