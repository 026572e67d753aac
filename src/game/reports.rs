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
    /// The game's name.
    pub game: String,
    /// The map's name.
    pub map: String,
    /// The espionage rules as `LIST` describes them (`None`: the standard
    /// rules only; English words in notices stored before they were
    /// typed).
    pub espionage: Option<super::notice::OrLegacy<super::settings::EspionageRules>>,
    /// Each power's shown name and its player's address; `None` in an
    /// anonymous game.
    pub players: Option<Vec<(String, String)>>,
    /// Each power's shown name and its units at the start.
    pub units: Vec<(String, Vec<String>)>,
    /// The first phase (`S1901M`).
    pub phase: String,
    /// The first phase's deadline.
    pub deadline: When,
}

/// ESP-6: what one power's spy learned, sent privately when the reaction
/// phase opens (to that power).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpyReport {
    /// The game's name.
    pub game: String,
    /// The movement phase whose orders are frozen (`S1902M`).
    pub phase: String,
    /// The power's private lines (none: it gave its spy no order).
    pub learned: Vec<Coded>,
    /// When the reaction phase closes.
    pub deadline: When,
    /// An order for one of the power's own units, canonical form
    /// (`A par - bur`), that the report gives as an example of a reaction
    /// (none in reports stored before it was kept).
    #[serde(default)]
    pub example: Option<String>,
}

/// ESP-7: the orders are frozen and the reaction phase is open (to
/// everybody).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionOpened {
    /// The game's name.
    pub game: String,
    /// The movement phase whose orders are frozen (`S1902M`).
    pub phase: String,
    /// When the reaction phase closes.
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
    /// How many supply centres it owns.
    pub centres: usize,
    /// How many units it has.
    pub units: usize,
}

/// The last mail of a game (to everybody): how it ended, the final
/// counts, who played each power when and the centres year by year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameOver {
    /// The game's name.
    pub game: String,
    /// How the game ended.
    pub ended: Ended,
    /// Each power's final supply centres and units.
    pub counts: Vec<FinalCount>,
    /// Who played each power, and when.
    pub roster: super::Roster,
}

/// One order line of the results: the order as written, what became of
/// it (`succeeds`, `fails`, `invalid`, `void`, `replaced`) and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderLine {
    /// The order as written (`A mun - boh`).
    pub order: String,
    /// The outcome's code (`crate::engine::Outcome::as_str`).
    pub outcome: String,
    /// The reason, when there is one.
    pub reason: Option<Coded>,
}

/// A power's orders in the results (shown name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerOrders {
    /// The power's shown name.
    pub power: String,
    /// Its order lines, one per order.
    pub lines: Vec<OrderLine>,
}

/// A dislodged unit and where it may go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedLine {
    /// Its power's adjective (`French`).
    pub adjective: String,
    /// Its power (the map's name, `france`): the adjective in the reader's
    /// language comes from it (none in results stored before).
    #[serde(default)]
    pub power: String,
    /// The unit as written (`A mun`).
    pub unit: String,
    /// The province it was attacked from (none: by convoy).
    pub from: Option<String>,
    /// The places it may retreat to (`bur`, `spa/nc`).
    pub retreats: Vec<String>,
}

/// One power's supply centres (each with whether it was newly taken) and
/// units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CentreLine {
    /// The power's shown name.
    pub power: String,
    /// Its supply centres by abbreviation, each with whether it was newly taken.
    pub centres: Vec<(String, bool)>,
    /// How many units it has.
    pub units: usize,
}

/// The supply centres after a phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Centres {
    /// One line for each power that owns a centre or has a unit.
    pub lines: Vec<CentreLine>,
    /// Some centre changed hands from a power (the `*` is explained).
    pub newly_taken: bool,
}

/// The results of one phase, as the judge's views and the results mail
/// show them: orders by power, dislodged units, standoffs, supply
/// centres, the next phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseResults {
    /// The phase played (`S1901M`).
    pub phase: String,
    /// The map's name.
    pub map: String,
    /// Each power's orders and their outcomes.
    pub orders: Vec<PowerOrders>,
    /// The units dislodged, with where each may go.
    pub dislodged: Vec<DislodgedLine>,
    /// The provinces where a standoff left nobody (abbreviations).
    pub standoffs: Vec<String>,
    /// The supply centres after the phase.
    pub centres: Centres,
    /// The phase that follows on the board (`F1901M`).
    pub next_phase: String,
}

/// A supply centre that changed hands (shown names; none: nobody).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Changed {
    /// The centre's province abbreviation (`spa`).
    pub province: String,
    /// The power that took it; none: nobody.
    pub to: Option<String>,
    /// The power that held it; none: nobody.
    pub from: Option<String>,
}

/// The whole board after a phase: each power's units, the centres that
/// changed hands and, before a winter, each power's builds (positive) or
/// removals (negative).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Each power's shown name and its units as written (`A par`).
    pub units: Vec<(String, Vec<String>)>,
    /// The supply centres that changed hands.
    pub changed: Vec<Changed>,
    /// The adjustment phase and each power's count (none: not before an
    /// adjustment phase).
    pub adjustments: Option<(String, Vec<(String, i32)>)>,
}

/// The public results of a processed phase (to everybody; the pictures go
/// with it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// The game's name.
    pub game: String,
    /// The phase's results: orders, dislodged units, standoffs and centres.
    pub report: PhaseResults,
    /// SPI-10: the public espionage lines.
    pub espionage: Vec<Coded>,
    /// The whole board after the phase.
    pub board: Board,
    /// Shown names of the powers that sent no orders.
    pub missed: Vec<String>,
    /// Shown names of the powers whose orders were incomplete.
    pub incomplete: Vec<String>,
    /// Shown names of the powers eliminated in this phase.
    pub eliminated: Vec<String>,
    /// How the game ended, when it did.
    pub ended: Option<Ended>,
    /// The next phase and its deadline, when the game goes on.
    pub next: Option<(String, When)>,
}

/// A signed head of the secret log, mailed (`block` is the signed block
/// as `crate::secretlog::block` writes it, read back by machines).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedHead {
    /// The game's name.
    pub game: String,
    /// The phase after which it was signed, and on what event.
    pub phase: String,
    /// The event it was signed on (`processed`, `reaction phase opened` or `game ended`).
    pub event: String,
    /// The last entry it covers.
    pub last_seq: i64,
    /// The judge's public key, in hex.
    pub public_key: String,
    /// The block as mailed: the signed text, the public key and the signature between the BEGIN and END lines.
    pub block: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::notice::Notice;
    use chrono::TimeZone;

    fn when() -> When {
        When {
            at: chrono::Utc.with_ymd_and_hms(1901, 3, 1, 20, 0, 0).unwrap(),
            tz: chrono_tz::Europe::Berlin,
        }
    }

    /// The long notices are stored as JSON and read back to be put into
    /// words per reader: each reads back as it was.
    #[test]
    fn the_long_notices_read_back_from_their_stored_form() {
        let report = PhaseResults {
            phase: "S1901M".into(),
            map: "standard".into(),
            orders: vec![PowerOrders {
                power: "France".into(),
                lines: vec![OrderLine {
                    order: "A par - bur".into(),
                    outcome: "fails".into(),
                    reason: Some(crate::text::reason::Coded {
                        key: "reason-x".into(),
                        args: [("n".to_string(), crate::text::reason::Arg::Num(2))]
                            .into_iter()
                            .collect(),
                    }),
                }],
            }],
            dislodged: Vec::new(),
            standoffs: vec!["bur".into()],
            centres: Centres {
                lines: vec![CentreLine {
                    power: "France".into(),
                    centres: vec![("par".into(), false), ("spa".into(), true)],
                    units: 3,
                }],
                newly_taken: true,
            },
            next_phase: "F1901M".into(),
        };
        let notices = vec![
            Notice::GameStarted(Started {
                game: "g".into(),
                map: "standard".into(),
                espionage: None,
                players: Some(vec![("France".into(), "f@x".into())]),
                units: vec![("France".into(), vec!["A par".into()])],
                phase: "S1901M".into(),
                deadline: when(),
            }),
            Notice::ReactionOpened(ReactionOpened {
                game: "g".into(),
                phase: "S1902M".into(),
                deadline: when(),
            }),
            Notice::Results(Box::new(Results {
                game: "g".into(),
                report,
                espionage: Vec::new(),
                board: Board {
                    units: vec![("France".into(), vec!["A bur".into()])],
                    changed: vec![Changed {
                        province: "spa".into(),
                        to: Some("France".into()),
                        from: None,
                    }],
                    adjustments: Some(("W1901A".into(), vec![("France".into(), -1)])),
                },
                missed: vec!["Italy".into()],
                incomplete: Vec::new(),
                eliminated: Vec::new(),
                ended: Some(Ended::Calendar(9999)),
                next: Some(("F1901M".into(), when())),
            })),
        ];
        for n in notices {
            let back: Notice = serde_json::from_str(&n.to_json()).unwrap();
            assert_eq!(back, n);
        }
    }
}
