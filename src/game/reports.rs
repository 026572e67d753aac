//! The long notices as data: the start of a game, a spy report, the
//! opening of a reaction phase and the end of a game.
//!
//! Each is carried by one [`super::notice::Notice`] variant and put into
//! words by its own file of `crate::text` (`start`, `spy_report`,
//! `game_over`). Units and orders are carried as written (`A par`,
//! `A mun - boh`); what a spy learned is carried as catalogue codes
//! ([`Coded`]), never as sentences.

use super::notice::When;
use crate::text::reason::Coded;
use serde::{Deserialize, Serialize};

/// The announcement that a game has started (to everybody).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Started {
    pub game: String,
    /// The map's name.
    pub map: String,
    /// The espionage rules as `LIST` describes them (`None`: the standard
    /// rules only).
    pub espionage: Option<String>,
    /// Each power's shown name and its player's address; `None` in an
    /// anonymous game.
    pub players: Option<Vec<(String, String)>>,
    /// Each power's shown name and its units at the start.
    pub units: Vec<(String, Vec<String>)>,
    /// The first phase (`S1901M`).
    pub phase: String,
    pub deadline: When,
}

/// ESP-6: what one power's spy learned, sent privately when the reaction
/// phase opens (to that power).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpyReport {
    pub game: String,
    /// The movement phase whose orders are frozen (`S1902M`).
    pub phase: String,
    /// The power's private lines (none: it gave its spy no order).
    pub learned: Vec<Coded>,
    /// When the reaction phase closes.
    pub deadline: When,
}

/// ESP-7: the orders are frozen and the reaction phase is open (to
/// everybody).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionOpened {
    pub game: String,
    pub phase: String,
    pub deadline: When,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ended {
    /// A draw agreed by vote, between these powers (shown names).
    Draw(Vec<String>),
    /// The other players conceded to this power (shown name).
    Conceded(String),
    /// The game master ended it.
    Master,
    /// No game plays past this year.
    Calendar(u16),
    /// This power won alone (shown name).
    Solo(String),
}

/// One power at the end: its supply centres and its units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalCount {
    /// The power's shown name.
    pub power: String,
    pub centres: usize,
    pub units: usize,
}

/// The last mail of a game (to everybody): how it ended, the final
/// counts, who played each power when and the centres year by year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameOver {
    pub game: String,
    pub ended: Ended,
    pub counts: Vec<FinalCount>,
    pub roster: super::Roster,
}
