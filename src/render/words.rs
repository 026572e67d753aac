//! The words of a picture (issue 26): its title and legend in the
//! reader's language, from the catalogue (`src/text/<lang>/pictures.ftl`).
//!
//! A [`Scene`](super::Scene) carries its [`Words`]; the drawing code asks
//! them for each text and never reads the catalogue itself. The fixed
//! words of a language are rendered once per process; the texts that
//! take a number or a name (a power's counts, the phase) are rendered
//! when asked and kept, since the same few come back in every picture.
//!
//! The words come from the words layer, which sits above the pictures:
//! it implements [`Labels`] and hands it down once, at start
//! ([`install_labels`], called by `text::install`), the way a program
//! installs its logger.

use crate::engine::Outcome;
use crate::engine::Phase;
use crate::engine::{Map, Power};
use crate::lang::Lang;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What the pictures ask of the words layer, in a reader's language.
pub trait Labels: Send + Sync {
    /// Catalogue message `key`, which takes no argument.
    fn plain(&self, lang: Lang, key: &str) -> String;
    /// A power's supply centres and units: `3 centres, 3 units`.
    fn counts(&self, lang: Lang, centres: usize, units: usize) -> String;
    /// A phase's long name: `Spring 1901 Movement`.
    fn phase(&self, lang: Lang, p: Phase) -> String;
    /// A power's name in `lang` from the name table of the map named
    /// `map`, if the table has one.
    fn power(&self, lang: Lang, map: &str, power: &str) -> Option<String>;
    /// The note for a waived build of `power` (the map's name of it),
    /// with its outcome when it did not simply stand.
    fn waive(&self, lang: Lang, power: &str, outcome: Option<Outcome>) -> String;
    /// Two notes under the legend joined as `lang` joins them.
    fn join_notes(&self, lang: Lang, first: &str, rest: &str) -> String;
}

static LABELS: OnceLock<&'static dyn Labels> = OnceLock::new();

/// Installs the words every picture is labelled with. The first call
/// wins: a process's words do not change once it runs.
pub fn install_labels(labels: &'static dyn Labels) {
    let _ = LABELS.set(labels);
}

/// The installed words.
///
/// # Panics
///
/// When none were installed: a program error; every entry point of
/// dipspy installs them first (`text::install`).
fn labels() -> &'static dyn Labels {
    *LABELS
        .get()
        .expect("the pictures' words are not installed: call dipspy::text::install() first")
}

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

/// Every catalogue key a picture's fixed words are read from (the key's
/// words, what a picture shows, the espionage heading, the description),
/// for the words layer to check it has each in every language.
pub fn label_keys() -> Vec<&'static str> {
    KEYS.iter()
        .map(|(_, k)| *k)
        .chain(SHOWS.iter().map(|(_, k)| *k))
        .chain(["pictures-espionage-heading", "pictures-description"])
        .collect()
}

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
        let l = labels();
        Words {
            lang,
            keys: KEYS.iter().map(|(_, k)| l.plain(lang, k)).collect(),
            shows: SHOWS.iter().map(|(_, k)| l.plain(lang, k)).collect(),
            espionage: l.plain(lang, "pictures-espionage-heading"),
            description: l.plain(lang, "pictures-description"),
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
        let render_it = || labels().counts(self.lang, centres, units);
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
                    .or_insert_with(|| labels().phase(self.lang, p))
                    .clone()
            }
            Err(_) => labels().phase(self.lang, p),
        }
    }

    /// A power's name in this language where the map's name table has
    /// one (`Allemagne`), else the map's own (`Germany`).
    pub fn power(&self, map: &Map, p: &Power) -> String {
        if self.lang == Lang::En {
            return p.display_name();
        }
        match labels().power(self.lang, &map.name, &p.name) {
            Some(n) => n,
            None => p.display_name(),
        }
    }

    /// The note for a power's waived build (the power by the map's name of
    /// it, `france`), with its outcome when it did not simply stand.
    pub fn waive(&self, power: &str, outcome: Option<Outcome>) -> String {
        labels().waive(self.lang, power, outcome)
    }

    /// The notes under the legend, one after the other.
    pub fn notes(&self, notes: &[String]) -> String {
        let mut it = notes.iter();
        let Some(first) = it.next() else {
            return String::new();
        };
        it.fold(first.clone(), |acc, n| {
            labels().join_notes(self.lang, &acc, n)
        })
    }
}
