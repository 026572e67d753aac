//! What a spy order aims at, and whom a secret-log entry concerns: its
//! actor and every power it names or whose unit it touches (the owner of
//! a unit spied on, the powers of a collision, the owner whose Anti
//! stopped a Fake, the faker behind an adjudicated order). Exports and
//! views of one power's part of the log choose entries by this, never by
//! the log's words.

use super::{SecretEntry, SecretLine, Source, Told, order_location};
use crate::engine::map::{Location, PowerId, ProvinceId};
use crate::engine::order::SpyOrder;
use crate::engine::position::Position;
use std::collections::BTreeSet;

/// What a spy order aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// A unit (spy, counter-spy, reaction, Fake) or the place of a build
    /// a Fake would replace.
    Unit(Location),
    /// A nation (Anti).
    Nation(PowerId),
    /// A home centre (founding).
    Province(ProvinceId),
    /// Nothing (`REACTION NONE`).
    Nothing,
}

/// What `order` aims at.
pub fn aim(order: &SpyOrder) -> Aim {
    match order {
        SpyOrder::Spy { target } => Aim::Unit(target.location),
        SpyOrder::CounterSpy { unit } => Aim::Unit(unit.location),
        SpyOrder::Reaction(o) | SpyOrder::Fake { order: o, .. } => {
            order_location(o).map_or(Aim::Nothing, Aim::Unit)
        }
        SpyOrder::ReactionNone => Aim::Nothing,
        SpyOrder::Anti { nation } => Aim::Nation(*nation),
        SpyOrder::Found { province } => Aim::Province(*province),
    }
}

/// The power whose unit stands (or must retreat) at `at`; for a place
/// with no unit, the owner of its centre (a build there is that power's).
fn owner_at(pos: &Position, at: Location) -> Option<PowerId> {
    pos.unit_at(at.province)
        .map(|u| u.power)
        .or_else(|| {
            pos.dislodged
                .iter()
                .find(|d| d.unit.location.province == at.province)
                .map(|d| d.unit.power)
        })
        .or_else(|| pos.owner(at.province))
}

/// The powers a spy order names or touches, besides its sender.
pub fn order_subjects(pos: &Position, order: &SpyOrder) -> Vec<PowerId> {
    match aim(order) {
        Aim::Unit(at) => owner_at(pos, at).into_iter().collect(),
        Aim::Nation(p) => vec![p],
        Aim::Province(_) | Aim::Nothing => Vec::new(),
    }
}

/// The powers whose units a spy's report is about.
pub fn told_subjects(told: &[Told]) -> Vec<PowerId> {
    told.iter()
        .map(|t| match t {
            Told::LearnedNothing(u) | Told::Reports { unit: u, .. } => u.power,
        })
        .collect()
}

/// The powers an entry's line names or touches, besides its actor.
fn line_subjects(pos: &Position, line: &SecretLine) -> Vec<PowerId> {
    match line {
        SecretLine::Received { order } | SecretLine::Rejected { order, .. } => {
            order_subjects(pos, order)
        }
        SecretLine::CounterSpyCovers { unit }
        | SecretLine::SpyCovered { unit }
        | SecretLine::SpySucceeded { unit, .. } => vec![unit.power],
        SecretLine::FakeWhileExposed { order } | SecretLine::FakeNothingToReplace { order } => {
            order_location(order)
                .and_then(|at| owner_at(pos, at))
                .into_iter()
                .collect()
        }
        SecretLine::FakeStopped { owner, .. } | SecretLine::FakeApplied { owner, .. } => {
            vec![*owner]
        }
        SecretLine::Collision { tried } => tried.iter().map(|(p, _)| *p).collect(),
        SecretLine::Adjudicated {
            source: Source::Fake { faker },
            ..
        } => vec![*faker],
        SecretLine::Adjudicated { .. }
        | SecretLine::ReactedNone
        | SecretLine::Reacted { .. }
        | SecretLine::Founded { .. }
        | SecretLine::Exposed => Vec::new(),
    }
}

/// Every power an entry concerns: its actor and its subjects. `pos` is
/// the position of the entry's phase.
pub fn concerns(pos: &Position, e: &SecretEntry) -> BTreeSet<PowerId> {
    let mut out: BTreeSet<PowerId> = line_subjects(pos, &e.line).into_iter().collect();
    out.insert(e.power);
    out
}
