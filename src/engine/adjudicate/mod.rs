//! Adjudication: one phase's position and orders in, results and the next
//! position out. Pure: no I/O, no clock.
//!
//! * [`movement`] resolves a movement phase with Kruijswijk's decisions
//!   (attack, hold, defend and prevent strength, path, support given,
//!   dislodged), guessing through cycles and resolving paradoxes by rule.
//! * [`retreat`] applies retreats and disbands.
//! * [`adjustment`] applies builds, removals and civil disorder.
//! * [`check`] asks the same rules of one order as it arrives.
//! * [`defaults`] says what the rules did where no order said.

pub(super) mod adjustment;
pub mod check;
pub mod coasts;
pub mod defaults;
pub(super) mod movement;
pub(super) mod reason;
pub(super) mod retreat;

pub use reason::{CoastError, Reason, RetreatBar};

use crate::engine::map::{Location, Map, PowerId, ProvinceId};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::{DislodgedUnit, Position};
use std::fmt;

/// What became of one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The order did what it asked.
    Succeeds,
    /// A legal order that did not work (bounced, cut, dislodged...).
    Fails,
    /// Not a legal order for this unit in this phase; the unit holds (or,
    /// in a retreat phase, disbands).
    Invalid,
    /// A support or convoy whose supported or convoyed order does not match
    /// what that unit was ordered to do.
    Void,
    /// Espionage: an Espionnite reaction or a Spionage Fake replaced the
    /// order before adjudication (the replacing order is reported on its
    /// own).
    Replaced,
}

impl Outcome {
    /// The outcome as one lower-case word (`succeeds`, `void`).
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Succeeds => "succeeds",
            Outcome::Fails => "fails",
            Outcome::Invalid => "invalid",
            Outcome::Void => "void",
            Outcome::Replaced => "replaced",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The outcome of one submitted order, with its reason (typed: the text
/// module puts it into words for each reader).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderResult {
    /// Whether the order succeeded, failed, was invalid, void or replaced.
    pub outcome: Outcome,
    /// Why, as data (`Reason::None` when there is nothing to say).
    pub reason: Reason,
}

impl OrderResult {
    /// An outcome with its reason.
    pub fn new(outcome: Outcome, reason: Reason) -> OrderResult {
        OrderResult { outcome, reason }
    }

    /// A success with nothing to say.
    pub fn succeeds() -> OrderResult {
        OrderResult::new(Outcome::Succeeds, Reason::None)
    }

    /// An order that is not legal, with why.
    pub fn invalid(reason: Reason) -> OrderResult {
        OrderResult::new(Outcome::Invalid, reason)
    }

    /// A legal order that failed, with why.
    pub fn fails(reason: Reason) -> OrderResult {
        OrderResult::new(Outcome::Fails, reason)
    }
}

/// A dislodged unit with the places it may retreat to (empty: it will be
/// disbanded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatOptions {
    /// The unit dislodged, and where the attack came from.
    pub dislodged: DislodgedUnit,
    /// The places it may retreat to.
    pub retreats: Vec<Location>,
}

/// Everything an adjudication produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// One result per submitted order, in submission order.
    pub results: Vec<OrderResult>,
    /// The position at the start of the next phase to be played.
    pub next: Position,
    /// After a movement phase: the dislodged units and their options.
    pub dislodged: Vec<RetreatOptions>,
    /// After a movement phase: provinces left empty by a standoff.
    pub contested: Vec<ProvinceId>,
}

/// Adjudicates one phase. `orders` are the orders as submitted, each with
/// the power that gave it, in the order received.
/// A coast that cannot be is settled first ([`coasts`]): dropped from an
/// army's order, ruled invalid with its reason in a fleet's.
pub fn adjudicate(map: &Map, position: &Position, orders: &[(PowerId, Order)]) -> Adjudication {
    let settled = coasts::settle_all(map, position, orders);
    let orders = settled.as_deref().unwrap_or(orders);
    match position.phase.kind {
        PhaseKind::Movement => movement::adjudicate(map, position, orders),
        PhaseKind::Retreat => retreat::adjudicate(map, position, orders),
        PhaseKind::Adjustment => adjustment::adjudicate(map, position, orders),
    }
}

/// Marks every earlier order to the same unit as superseded: the later
/// order counts. `keys` holds, per order, the index of the unit it is for
/// (below `units`). Returns, per unit, the index of its live order (the
/// last one for it), if it has any.
pub(crate) fn supersede(
    keys: &[Option<usize>],
    units: usize,
    results: &mut [Option<OrderResult>],
) -> Vec<Option<usize>> {
    let mut line_of = vec![None; units];
    for (i, key) in keys.iter().enumerate().rev() {
        let Some(k) = *key else { continue };
        if line_of[k].is_some() {
            results[i] = Some(OrderResult::invalid(Reason::Superseded));
        } else {
            line_of[k] = Some(i);
        }
    }
    line_of
}
