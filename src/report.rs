//! What the reports of a phase are made from, below the game and the
//! words: an order line as reported, the units given no order, the mark
//! of a unit given none, and a mail's subject and body. The game makes
//! the reports' data (`game::phase_results`, `game::board`,
//! `game::centres`); the words layer words them (`text::results`).

use crate::engine::Order;
use crate::engine::Position;
use crate::engine::defaults::{ByDefault, by_default};
use crate::engine::{Adjudication, OrderResult, Outcome, Reason};
use crate::engine::{Map, PowerId};

/// One order line as reported: who gave it, the text, what became of it.
pub struct ReportLine<'a> {
    /// The power that gave the order.
    pub power: PowerId,
    /// The order written back in notation (`A mun - boh`), or the line of a unit given no order (`A mun H (no order)`).
    pub text: &'a str,
    /// What became of it.
    pub result: &'a OrderResult,
}

/// The mark after the order of a unit given none (`A mun H (no order)`),
/// as the reports carry it; `crate::text::results` shows it in the
/// reader's words.
pub const NO_ORDER: &str = "(no order)";

/// The units that were given no order in a movement or retreat phase, as
/// report lines of their own (`A mun H (no order)`), so that the results
/// show every unit on the board: a unit without an order holds (and may
/// be dislodged); a dislodged unit without one is disbanded. A unit counts
/// as ordered when its owner ordered it (see
/// [`crate::engine::defaults`]).
pub fn unordered_units(
    map: &Map,
    before: &Position,
    ordered: &[(PowerId, Order)],
    adjudication: &Adjudication,
) -> Vec<(PowerId, String, OrderResult)> {
    by_default(map, before, ordered, adjudication)
        .into_iter()
        .filter_map(|d| match d {
            ByDefault::Held { unit, dislodged } => {
                let result = if dislodged {
                    OrderResult::new(Outcome::Fails, Reason::Dislodged)
                } else {
                    OrderResult::succeeds()
                };
                Some((
                    unit.power,
                    format!("{} H {NO_ORDER}", unit.text(map)),
                    result,
                ))
            }
            ByDefault::Disbanded(unit) => Some((
                unit.power,
                format!("{} {NO_ORDER}", unit.text(map)),
                OrderResult::new(Outcome::Succeeds, Reason::Disbanded),
            )),
            ByDefault::CivilDisorder(_) | ByDefault::BuildsUnused { .. } => None,
        })
        .collect()
}

/// A mail: subject and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    /// The subject line.
    pub subject: String,
    /// The text.
    pub body: String,
}
