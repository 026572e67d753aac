//! The words the game layer has to write down itself, asked of the words
//! layer through a trait the game defines ([`Words`]).
//!
//! The game makes and stores codes, never words, with a few exceptions
//! that cannot wait for a reader: the secret log's lines (signed as they
//! are written, so their words are part of what is signed), the English a
//! refused line is kept with beside its code, the title of the
//! announcement's own copy of a picture, the judge's espionage story and
//! marks, and the views the command line still shows in a reader's
//! language. For these the game asks [`Words`], which the words layer
//! (`src/text`) implements. The game never names that layer: the edges
//! install its words once, at start (`text::install`), the way a program
//! installs its logger, and every operation of the game reads them from
//! here.

use super::{Coded, Ended, Lang, LaterOrder, OrLegacy, Results, Why};
use crate::command::{Expectation, Found};
use crate::engine::{Map, Phase, Reason, SecretEntry, Told};
use std::sync::OnceLock;

/// One argument of a catalogue message the game words itself.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A name or text, shown as it is.
    Str(String),
    /// A number (the catalogue may choose a plural by it).
    Num(f64),
    /// A power, by the map's name of it (`france`), put into the reader's
    /// words as the message is rendered.
    Power(String),
}

/// The named arguments of a catalogue message, in the order given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Args {
    /// Each argument's name and value.
    pub values: Vec<(String, Value)>,
}

impl Args {
    /// No arguments yet.
    pub fn new() -> Args {
        Args::default()
    }

    /// With argument `name`, a name or text.
    pub fn str(mut self, name: impl Into<String>, value: impl Into<String>) -> Args {
        self.values.push((name.into(), Value::Str(value.into())));
        self
    }

    /// With argument `name`, a number.
    pub fn num(mut self, name: impl Into<String>, value: impl Into<f64>) -> Args {
        self.values.push((name.into(), Value::Num(value.into())));
        self
    }

    /// With argument `name`, a power by the map's name of it.
    pub fn power(mut self, name: impl Into<String>, power: impl Into<String>) -> Args {
        self.values.push((name.into(), Value::Power(power.into())));
        self
    }
}

/// A line of the secret log the game writes as it happens (the engine's
/// own entries are worded by [`Words::secret_text`]).
#[derive(Debug, Clone, Copy)]
pub enum LogLine<'a> {
    /// A spy order received from `power`, replacing `replacing` if any.
    Received {
        /// The power (the map's name of it).
        power: &'a str,
        /// The order, as read.
        order: &'a str,
        /// The order it replaced, if any.
        replacing: Option<&'a str>,
    },
    /// A spy order refused as it arrived, with the refusal.
    RefusedAtOnce {
        /// The power.
        power: &'a str,
        /// The order, as read.
        order: &'a str,
        /// Why it was refused, in words.
        why: &'a str,
    },
    /// ESP-7: the orders frozen (each `power`, `order`) until `deadline`.
    Frozen {
        /// Each frozen order with its power.
        orders: &'a [(String, String)],
        /// The reaction phase's deadline, as shown.
        deadline: &'a str,
    },
    /// What `power` was told, one sentence each.
    Told {
        /// The power.
        power: &'a str,
        /// The sentences, in order.
        learned: &'a [String],
    },
    /// A phase processed: the next phase, the organisations founded and
    /// the ones exposed.
    Processed {
        /// The phase processed.
        phase: &'a str,
        /// The phase that follows.
        next: &'a str,
        /// The organisations founded, as a list.
        founded: &'a str,
        /// The organisations exposed, as a list.
        exposed: &'a str,
    },
    /// The game ended in `phase`, `how` (a clause).
    Ended {
        /// The last phase.
        phase: &'a str,
        /// How it ended, as [`Words::game_over_how`] gives it.
        how: &'a str,
    },
    /// A final head signed late, when the log is published.
    FinalHeadLate,
}

/// What the game layer asks of the words layer: each text in a reader's
/// language, or in the language of what only the judge reads
/// ([`Words::judge_lang`]).
pub trait Words: Send + Sync {
    /// The language of what only the judge reads.
    fn judge_lang(&self) -> Lang;
    /// Catalogue message `key` with `args`, in `lang`.
    fn message(&self, lang: Lang, key: &str, args: &Args) -> String;
    /// A stored code, in `lang`.
    fn coded(&self, lang: Lang, c: &Coded) -> String;
    /// A stored refusal (code or legacy English), in `lang`.
    fn why(&self, lang: Lang, w: &Why) -> String;
    /// An order's reason, in `lang`.
    fn reason(&self, lang: Lang, map: &Map, r: &Reason) -> String;
    /// A reason as the store keeps it, in `lang`.
    fn stored_reason(&self, lang: Lang, stored: &str) -> String;
    /// A phase's long name (`Spring 1901 Movement`), in `lang`.
    fn phase_name(&self, lang: Lang, p: Phase) -> String;
    /// A power's orders for later phases, one line each, in `lang`.
    fn later_orders(&self, lang: Lang, later: &[OrLegacy<LaterOrder>]) -> Vec<String>;
    /// What the command reader expected and found, as it words it to the
    /// judge (a condition kept for a later phase and found unreadable).
    fn expected_found(&self, expected: &Expectation, found: &Found) -> String;
    /// An engine entry of the secret log, for the judge.
    fn secret_text(&self, map: &Map, e: &SecretEntry) -> String;
    /// What a power was told, one sentence each, for the judge.
    fn told_all(&self, map: &Map, told: &[Told]) -> Vec<String>;
    /// How a game ended, as a clause, for the judge.
    fn game_over_how(&self, e: &Ended) -> String;
    /// A line of the secret log the game writes, for the judge.
    fn log_line(&self, line: LogLine<'_>) -> String;
    /// The phase report the command line prints after `game process`.
    fn results_report(&self, r: &Results) -> String;
}

static WORDS: OnceLock<&'static dyn Words> = OnceLock::new();

/// Installs the words every game operation uses. The first call wins:
/// the words of a process do not change once it runs.
pub fn install_words(words: &'static dyn Words) {
    let _ = WORDS.set(words);
}

/// The installed words.
///
/// # Panics
///
/// When none were installed: a program error, not bad input; every
/// entry point of dipspy (`text::install`, called by the command line,
/// the judge, the mail loop and the demo) installs them first.
pub(crate) fn words() -> &'static dyn Words {
    *WORDS
        .get()
        .expect("the game's words are not installed: call dipspy::text::install() first")
}

/// The language of what only the judge reads.
pub(crate) fn judge_lang() -> Lang {
    words().judge_lang()
}
