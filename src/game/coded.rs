//! What the game stores of a message: its catalogue key with its
//! arguments ([`Coded`]), never the words. The game makes these codes and
//! keeps them; the words layer (`src/text`) renders them in each reader's
//! language.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A message as a catalogue key with its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coded {
    /// The catalogue key (`reason-superseded`).
    #[serde(rename = "k")]
    pub key: String,
    /// The message's arguments, by name.
    #[serde(rename = "a", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

/// One argument of a [`Coded`] message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A number (the catalogue may choose a plural by it).
    Num(i64),
    /// A name: a unit, a place, a power, an order as written.
    Str(String),
    /// A message rendered in its place.
    Msg(Box<Coded>),
    /// Messages rendered one after another, separated by `; `.
    List(Vec<Coded>),
    /// Messages rendered one after another, separated by `, ` (the
    /// items of a list the catalogue ends with its own "or").
    Comma {
        /// The messages, in order.
        comma: Vec<Coded>,
    },
    /// A power's adjective, in the reader's language where the map's name
    /// table has one (`crate::text::names::adjective`), else the map's own
    /// (`english`).
    Adjective {
        /// The map's own adjective (English), used where the reader's language has none.
        english: String,
        /// The map's name, to find its table of names.
        map: String,
        /// The power (the map's name of it).
        power: String,
    },
}

impl Coded {
    /// A message with no arguments yet.
    pub(crate) fn new(key: &str) -> Coded {
        Coded {
            key: key.to_string(),
            args: BTreeMap::new(),
        }
    }

    /// With argument `name`.
    pub(crate) fn arg(mut self, name: &str, a: Arg) -> Coded {
        self.args.insert(name.to_string(), a);
        self
    }

    /// With argument `name`, a name or text.
    pub(crate) fn str(self, name: &str, s: impl Into<String>) -> Coded {
        self.arg(name, Arg::Str(s.into()))
    }

    /// With argument `name`, a message rendered in its place.
    pub(crate) fn msg(self, name: &str, m: Coded) -> Coded {
        self.arg(name, Arg::Msg(Box::new(m)))
    }

    /// With argument `name`, a number.
    pub(crate) fn num(self, name: &str, n: impl Into<i64>) -> Coded {
        self.arg(name, Arg::Num(n.into()))
    }
}

/// Why an order line was refused or a future order dropped, as the order
/// tables keep it: the code and arguments (JSON of [`Coded`], migration
/// 0023), or, for a row stored before that, the English it was stored
/// with (legacy, shown as stored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Why {
    /// A code with its arguments.
    Coded(Coded),
    /// The English a row stored before migration 0023 was kept with, shown as stored.
    Legacy(String),
}

impl Why {
    /// The stored form of a code (JSON).
    pub fn encode(c: &Coded) -> String {
        serde_json::to_string(c).expect("a code serialises")
    }

    /// What the store holds: the code column (JSON) when set, else the
    /// legacy English column; none when neither is.
    pub fn read(code: Option<&str>, legacy: Option<&str>) -> Option<Why> {
        match (code, legacy) {
            (Some(json), _) => Some(match serde_json::from_str(json) {
                Ok(c) => Why::Coded(c),
                Err(_) => Why::Legacy(json.to_string()),
            }),
            (None, Some(text)) => Some(Why::Legacy(text.to_string())),
            (None, None) => None,
        }
    }
}
