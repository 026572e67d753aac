//! The words of a picture (issue 26): its title and legend in the
//! reader's language, from the catalogue (`src/text/<lang>/pictures.ftl`).
//!
//! A [`Scene`](super::Scene) carries its [`Words`]; the drawing code asks
//! them for each text and never reads the catalogue itself. The fixed
//! words of a language are rendered once per process; the texts that
//! take a number or a name (a power's counts, the phase) are rendered
//! when asked and kept, since the same few come back in every picture.

use crate::engine::Outcome;
use crate::engine::Phase;
use crate::engine::{Map, Power};
use crate::text::{Args, Lang, names, plain, refused, render};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What the picture shows, said in the title's right-hand corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shows {
    /// The orders with their results, on the board that resulted.
    ResultsAfter,
    /// The orders with their results, on the board before them.
    OrdersAndResults,
    /// The units and nothing else.
    Position,
    /// The orders not yet adjudicated.
    Orders,
}

/// A word of the key to the marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Army,
    Fleet,
    Centre,
    Moves,
    Fails,
    Supports,
    Convoys,
    Holds,
    Dislodged,
    MayRetreat,
    Standoff,
    Impossible,
    Retreats,
    Disbanded,
    StandoffNoRetreat,
    Built,
    Removed,
    /// The judge's picture: the tags of espionage (SPY, CS, R, FAKE,
    /// ANTI, CLASH, ORG) and the dashed border of a tag that took no
    /// effect.
    Spy,
    CounterSpy,
    Reaction,
    Fake,
    Anti,
    Clash,
    Founded,
    NoEffect,
}

const KEYS: &[(Key, &str)] = &[
    (Key::Army, "pictures-key-army"),
    (Key::Fleet, "pictures-key-fleet"),
    (Key::Centre, "pictures-key-centre"),
    (Key::Moves, "pictures-key-moves"),
    (Key::Fails, "pictures-key-fails"),
    (Key::Supports, "pictures-key-supports"),
    (Key::Convoys, "pictures-key-convoys"),
    (Key::Holds, "pictures-key-holds"),
    (Key::Dislodged, "pictures-key-dislodged"),
    (Key::MayRetreat, "pictures-key-may-retreat"),
    (Key::Standoff, "pictures-key-standoff"),
    (Key::Impossible, "pictures-key-impossible"),
    (Key::Retreats, "pictures-key-retreats"),
    (Key::Disbanded, "pictures-key-disbanded"),
    (Key::StandoffNoRetreat, "pictures-key-standoff-no-retreat"),
    (Key::Built, "pictures-key-built"),
    (Key::Removed, "pictures-key-removed"),
    (Key::Spy, "pictures-key-spy"),
    (Key::CounterSpy, "pictures-key-counter-spy"),
    (Key::Reaction, "pictures-key-reaction"),
    (Key::Fake, "pictures-key-fake"),
    (Key::Anti, "pictures-key-anti"),
    (Key::Clash, "pictures-key-clash"),
    (Key::Founded, "pictures-key-founded"),
    (Key::NoEffect, "pictures-key-no-effect"),
];

const SHOWS: &[(Shows, &str)] = &[
    (Shows::ResultsAfter, "pictures-shows-results-after"),
    (Shows::OrdersAndResults, "pictures-shows-orders-results"),
    (Shows::Position, "pictures-shows-position"),
    (Shows::Orders, "pictures-shows-orders"),
];

/// The words of the pictures in one language.
#[derive(Debug)]
pub struct Words {
    lang: Lang,
    keys: Vec<String>,
    shows: Vec<String>,
    /// The heading of the judge's list of the phase's espionage.
    espionage: String,
    /// What the picture is, for a reader who cannot see it (a mail's
    /// alternative text).
    description: String,
    /// A power's counts by (centres, units), and a phase's name, as
    /// rendered so far.
    counts: Mutex<HashMap<(usize, usize), String>>,
    phases: Mutex<HashMap<Phase, String>>,
}

impl Words {
    /// The words of `lang`, rendered once per process.
    pub fn of(lang: Lang) -> &'static Words {
        static EN: OnceLock<Words> = OnceLock::new();
        static FR: OnceLock<Words> = OnceLock::new();
        static DE: OnceLock<Words> = OnceLock::new();
        let cell = match lang {
            Lang::En => &EN,
            Lang::Fr => &FR,
            Lang::De => &DE,
        };
        cell.get_or_init(|| Words::new(lang))
    }

    fn new(lang: Lang) -> Words {
        Words {
            lang,
            keys: KEYS.iter().map(|(_, k)| plain(lang, k)).collect(),
            shows: SHOWS.iter().map(|(_, k)| plain(lang, k)).collect(),
            espionage: plain(lang, "pictures-espionage-heading"),
            description: plain(lang, "pictures-description"),
            counts: Mutex::default(),
            phases: Mutex::default(),
        }
    }

    /// The language these words are in.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// A word of the key.
    pub fn key(&self, k: Key) -> &str {
        let i = KEYS.iter().position(|(x, _)| *x == k).unwrap_or(0);
        &self.keys[i]
    }

    /// What the picture shows.
    pub fn shows(&self, s: Shows) -> &str {
        let i = SHOWS.iter().position(|(x, _)| *x == s).unwrap_or(0);
        &self.shows[i]
    }

    /// The heading of the judge's list of the phase's espionage.
    pub fn espionage_heading(&self) -> &str {
        &self.espionage
    }

    /// What the picture is, for a reader who cannot see it.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// A power's supply centres and units: `3 centres, 3 units`.
    pub fn counts(&self, centres: usize, units: usize) -> String {
        let render_it = || {
            render(
                self.lang,
                "pictures-counts",
                &Args::new()
                    .num("centres", centres as f64)
                    .num("units", units as f64),
            )
        };
        match self.counts.lock() {
            Ok(mut m) => {
                if m.len() > 4096 {
                    m.clear();
                }
                m.entry((centres, units)).or_insert_with(render_it).clone()
            }
            Err(_) => render_it(),
        }
    }

    /// A phase's long name: `Spring 1901 Movement`, `Printemps 1901
    /// Mouvements`.
    pub fn phase(&self, p: Phase) -> String {
        match self.phases.lock() {
            Ok(mut m) => {
                if m.len() > 4096 {
                    m.clear();
                }
                m.entry(p)
                    .or_insert_with(|| refused::phase_name(self.lang, p))
                    .clone()
            }
            Err(_) => refused::phase_name(self.lang, p),
        }
    }

    /// A power's name in this language where the map's name table has
    /// one (`Allemagne`), else the map's own (`Germany`).
    pub fn power(&self, map: &Map, p: &Power) -> String {
        if self.lang == Lang::En {
            return p.display_name();
        }
        match names::power(self.lang, &map.name, &p.name) {
            Some(n) => n.to_string(),
            None => p.display_name(),
        }
    }

    /// The note for a power's waived build (the power by the map's name of
    /// it, `france`), with its outcome when it did not simply stand.
    pub fn waive(&self, power: &str, outcome: Option<Outcome>) -> String {
        match outcome {
            None | Some(Outcome::Succeeds) => render(
                self.lang,
                "pictures-waives",
                &Args::new().power("power", power.to_string()),
            ),
            Some(x) => render(
                self.lang,
                "pictures-waive-outcome",
                &Args::new().power("power", power.to_string()).str(
                    "outcome",
                    plain(self.lang, crate::text::keys::outcome_of(x)),
                ),
            ),
        }
    }

    /// The notes under the legend, one after the other.
    pub fn notes(&self, notes: &[String]) -> String {
        let mut it = notes.iter();
        let Some(first) = it.next() else {
            return String::new();
        };
        it.fold(first.clone(), |acc, n| {
            render(
                self.lang,
                "pictures-notes-joined",
                &Args::new().str("first", acc).str("rest", n.as_str()),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_pictures_is_in_every_language() {
        for &lang in Lang::ALL {
            let w = Words::of(lang);
            for (k, key) in KEYS {
                assert!(!w.key(*k).is_empty() && w.key(*k) != *key, "{lang:?} {key}");
            }
            for (s, key) in SHOWS {
                assert!(
                    !w.shows(*s).is_empty() && w.shows(*s) != *key,
                    "{lang:?} {key}"
                );
            }
            let h = w.espionage_heading();
            assert!(
                !h.is_empty() && h != "pictures-espionage-heading",
                "{lang:?}"
            );
        }
    }

    #[test]
    fn counts_take_the_plural_of_the_language() {
        assert_eq!(Words::of(Lang::En).counts(3, 4), "3 centres, 4 units");
        assert_eq!(Words::of(Lang::Fr).counts(1, 0), "1 centre, 0 unité");
        assert_eq!(Words::of(Lang::Fr).counts(2, 5), "2 centres, 5 unités");
        assert_eq!(Words::of(Lang::De).counts(1, 1), "1 Zentrum, 1 Einheit");
        assert_eq!(Words::of(Lang::De).counts(0, 2), "0 Zentren, 2 Einheiten");
    }

    #[test]
    fn notes_are_joined_as_the_language_writes_them() {
        let notes = ["a".to_string(), "b".to_string(), "c".to_string()];
        assert_eq!(Words::of(Lang::En).notes(&notes), "a; b; c");
        assert_eq!(Words::of(Lang::Fr).notes(&notes), "a\u{a0}; b\u{a0}; c");
        assert_eq!(Words::of(Lang::En).notes(&[]), "");
    }
}
