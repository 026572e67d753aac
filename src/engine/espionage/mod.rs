//! Espionage: the Espionnite and Spionage rule sets of
//! `espionage-rules.md` (rules ESP-1..10 and SPI-1..11), as a pure step
//! between the orders players sent and the adjudicator.
//!
//! [`resolve`] takes one phase's position, the frozen orders, every spy
//! order (reactions included) and the organisations' state, and gives the
//! orders to adjudicate, what each power is told privately, the public
//! lines SPI-10 allows, the judge's secret log, and the organisations'
//! state for the next phase. [`validate`] is what the judge checks when a
//! spy order arrives ("rejected at once with the reason").
//!
//! One file per step: [`validate`] (on arrival), [`resolve`] (Espionnite's
//! spying and reactions, Spionage's foundings) and `fakes` (Spionage's
//! Fakes and Antis).
//!
//! Nothing here reads a clock, a file or a database; the game flow (the
//! reaction sub-phase, storage, the secret log's hash chain) is built on top.

use crate::engine::map::{Location, Map, PowerId};
use crate::engine::order::Order;
use crate::engine::phase::{Phase, PhaseKind};
use crate::engine::position::Position;
use std::collections::{BTreeMap, BTreeSet};

pub mod aims;
mod fakes;
mod refusal;
mod resolve;
mod secret;
mod told;
mod validate;

pub use refusal::Refusal;
pub use resolve::{
    esp_8_reactions_complete, esp_8_reactions_owed, resolve, spi_2_winter_waits_for,
};
pub use secret::SecretLine;
pub use told::{PublicLine, Told};
pub use validate::validate;

/// Which espionage rule sets are in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Whether the Espionnite rules (ESP-1..10: spies, counter-spies, reactions) are played.
    pub espionnite: bool,
    /// Whether the Spionage rules (SPI-1..11: organisations, Fakes, Antis) are played.
    pub spionage: bool,
}

impl Rules {
    /// Whether any espionage rule set is in force.
    pub fn any(self) -> bool {
        self.espionnite || self.spionage
    }
}

/// The (R: ...) part of a movement-phase Fake, waiting for the retreat
/// phase of the same round (SPI-5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatFake {
    /// The power that sent the Fake.
    pub faker: PowerId,
    /// A retreat or disband of the unit the movement Fake named.
    pub order: Order,
}

/// The Spionage organisations between phases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Organisations {
    /// Powers that have an organisation (SPI-2, SPI-3).
    pub founded: BTreeSet<PowerId>,
    /// Powers exposed in the current round (SPI-8).
    pub exposed: BTreeSet<PowerId>,
    /// The Anti each power has standing for the rest of the round: giver to
    /// the nation it is against (SPI-4, SPI-6).
    pub antis: BTreeMap<PowerId, PowerId>,
    /// Retreat parts of this round's movement Fakes (SPI-5).
    pub retreat_fakes: Vec<RetreatFake>,
}

impl Organisations {
    /// Every power starts with an organisation (`spy_at_start = true`,
    /// SPI-1) or none.
    pub fn at_start(map: &Map, spy_at_start: bool) -> Organisations {
        let mut o = Organisations::default();
        if spy_at_start {
            o.founded = map.powers().iter().map(|p| p.id).collect();
        }
        o
    }

    /// SPI-4, SPI-8: exposure, Antis and retreat parts last one round; a
    /// movement phase starts a new round.
    pub fn round_start(&self) -> Organisations {
        Organisations {
            founded: self.founded.clone(),
            ..Organisations::default()
        }
    }

    /// The state as the given phase starts: a new round begins with each
    /// movement phase. Callers pass the result to [`Context`].
    pub fn entering(&self, phase: Phase) -> Organisations {
        if phase.kind == PhaseKind::Movement {
            self.round_start()
        } else {
            self.clone()
        }
    }

    /// SPI-3: an organisation lasts until its power is eliminated (no unit
    /// and no centre left).
    pub fn drop_eliminated(&mut self, next: &Position) {
        self.founded.retain(|p| {
            next.units.iter().any(|u| u.power == *p) || next.owners.contains(&Some(*p))
        });
    }
}

/// Why a spy order was refused: the rule and the reason, as data
/// (`crate::text::espionage` tells the player in words what to do).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason:?} ({rule})")]
pub struct Rejected {
    /// The rule that refuses it: `ESP-3`, `SPI-8`.
    pub rule: &'static str,
    /// Why the rule refuses it, as data.
    pub reason: Refusal,
}

fn reject<T>(rule: &'static str, reason: Refusal) -> Result<T, Rejected> {
    Err(Rejected { rule, reason })
}

/// What a phase's espionage is resolved against.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The map the game is played on.
    pub map: &'a Map,
    /// The position as the phase begins.
    pub position: &'a Position,
    /// The espionage rule sets in force.
    pub rules: Rules,
    /// The game's first phase (SPI-1).
    pub first_phase: Phase,
    /// The organisations at the start of this phase (see
    /// [`Organisations::entering`]: what a previous round left is cleared
    /// by the caller, so that a scenario's `exposed` is taken as given).
    pub organisations: &'a Organisations,
}

impl Context<'_> {
    fn organisations_now(&self) -> Organisations {
        self.organisations.clone()
    }
}

/// Where an order to adjudicate came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The owner's own order: index into the frozen orders.
    Submitted(usize),
    /// The owner's Espionnite reaction (ESP-7).
    Reaction,
    /// Another power's Spionage Fake (SPI-5), adjudicated as the owner's
    /// order (SPI-9).
    Fake {
        /// The power that sent the Fake.
        faker: PowerId,
    },
}

/// One order to adjudicate, given under the unit owner's power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalOrder {
    pub power: PowerId,
    pub order: Order,
    pub source: Source,
}

/// What kind of event a secret-log entry records (SPI-11, ESP-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecretKind {
    /// A spy order as it arrived, before it was checked (ESP-10, SPI-11).
    Received,
    /// A spy order refused by [`validate`], with the rule and the reason.
    Rejected,
    /// What a spy or counter-spy came to (ESP-5, ESP-6).
    SpyResult,
    /// An Espionnite reaction and the order it replaced, or `REACTION NONE` (ESP-7, ESP-9).
    Reaction,
    /// A Fake stopped by the owner's Anti (SPI-6).
    FakeStopped,
    /// A Fake that did nothing: its power was exposed, or there was nothing to replace (SPI-5,
    /// SPI-8).
    FakeVoid,
    /// Fakes of several powers against one target (SPI-7).
    Collision,
    /// A power exposed for the rest of the round (SPI-8).
    Exposed,
    /// A Fake that took effect as the owner's order (SPI-9).
    FakeApplied,
    /// A Spionage organisation founded (SPI-2).
    Founded,
    /// The order each unit was finally adjudicated with, and where it came from (SPI-11).
    Adjudicated,
}

impl SecretKind {
    /// The kind's name as stored in the secret log (`spy-result`, `fake-void`).
    pub fn as_str(self) -> &'static str {
        match self {
            SecretKind::Received => "received",
            SecretKind::Rejected => "rejected",
            SecretKind::SpyResult => "spy-result",
            SecretKind::Reaction => "reaction",
            SecretKind::FakeStopped => "fake-stopped",
            SecretKind::FakeVoid => "fake-void",
            SecretKind::Collision => "collision",
            SecretKind::Exposed => "exposed",
            SecretKind::FakeApplied => "fake-applied",
            SecretKind::Founded => "founded",
            SecretKind::Adjudicated => "adjudicated",
        }
    }
}

/// One entry of the judge's secret log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretEntry {
    /// The phase the entry belongs to.
    pub phase: Phase,
    /// What kind of event the entry records.
    pub kind: SecretKind,
    /// The power the entry is about (the sender of a spy order, the owner
    /// of an adjudicated unit).
    pub power: PowerId,
    /// What happened, as data (`crate::text::secret_log` words it).
    pub line: SecretLine,
}

/// One piece of a phase's espionage, as data: the judge's views (the
/// picture, `game history`) are built from these, never from the log's
/// words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpyEvent {
    /// ESP-5: `spy`'s spy on `owner`'s unit at `target`; `covered` when the
    /// owner's counter-spy stopped it.
    Spy {
        /// The power whose spy it is.
        spy: PowerId,
        /// The power owning the unit spied on.
        owner: PowerId,
        /// Where the unit spied on stands.
        target: Location,
        /// Whether the owner's counter-spy covered that unit, so that the spy learned nothing.
        covered: bool,
    },
    /// ESP-4: a counter-spy covering the power's own unit.
    CounterSpy {
        /// The power giving the counter-spy.
        power: PowerId,
        /// Where its covered unit stands.
        unit: Location,
    },
    /// ESP-9: a reaction replacing the unit's frozen order.
    Reaction {
        /// The power reacting.
        power: PowerId,
        /// Where the unit whose order is replaced stands.
        unit: Location,
        /// The unit's frozen order, or none when it had none.
        before: Option<Order>,
        /// The order the reaction gives it.
        after: Order,
    },
    /// ESP-7: `REACTION NONE`.
    ReactionNone {
        /// The power that chose no reaction.
        power: PowerId,
    },
    /// SPI-6: an Anti in force this phase: `giver`'s units are protected
    /// against `against`'s Fakes.
    Anti {
        /// The power whose Anti it is.
        giver: PowerId,
        /// The power whose Fakes it stops.
        against: PowerId,
    },
    /// SPI-9: a Fake that took effect as `owner`'s order.
    FakeApplied {
        /// The power that sent the Fake.
        faker: PowerId,
        /// The power owning the unit, which the order is adjudicated for.
        owner: PowerId,
        /// Where the order acts (its unit, or the place of a build); none for an order with
        /// neither.
        at: Option<Location>,
        /// The order the Fake gave.
        order: Order,
        /// The owner's order it replaced, or none when the unit had none.
        replaced: Option<Order>,
    },
    /// SPI-6: a Fake stopped by `owner`'s Anti.
    FakeStopped {
        /// The power that sent the Fake.
        faker: PowerId,
        /// The power whose Anti stopped it, owning the unit.
        owner: PowerId,
        /// Where the order would have acted (its unit, or the place of a build); none for an order
        /// with neither.
        at: Option<Location>,
        /// The order the Fake would have given.
        order: Order,
    },
    /// SPI-8 / SPI-5: a Fake that did nothing (its power exposed, or
    /// nothing to replace).
    FakeVoid {
        /// The power that sent the Fake.
        faker: PowerId,
        /// Where the order would have acted (its unit, or the place of a build); none for an order
        /// with neither.
        at: Option<Location>,
        /// The order the Fake would have given.
        order: Order,
    },
    /// SPI-7 step 2: Fakes of several powers against one target.
    Collision {
        /// The power owning the target unit.
        owner: PowerId,
        /// Where the target is (the unit, or the place of a build); none for an order with neither.
        at: Option<Location>,
        /// Each colliding Fake: the power that sent it and its order.
        fakes: Vec<(PowerId, Order)>,
    },
    /// SPI-8: exposed for the rest of the round.
    Exposed {
        /// The power exposed.
        power: PowerId,
    },
    /// SPI-2: an organisation founded.
    Founded {
        /// The power whose organisation it is.
        power: PowerId,
        /// The home supply centre it was founded in.
        province: crate::engine::map::ProvinceId,
    },
}

/// Where an order acts: its unit, or the place of a build.
pub fn order_location(o: &Order) -> Option<Location> {
    match o {
        Order::Build { location, .. } => Some(*location),
        _ => o.unit().map(|u| u.location),
    }
}

/// Everything a phase's espionage produces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    /// The orders to adjudicate, each under its unit's owner.
    pub orders: Vec<FinalOrder>,
    /// Frozen orders (indices) that a reaction or a Fake replaced.
    pub replaced: Vec<usize>,
    /// What each power is told privately (ESP-6).
    pub private: BTreeMap<PowerId, Vec<Told>>,
    /// The lines the public results may print (SPI-10).
    pub public: Vec<PublicLine>,
    /// The judge's secret log for the phase (ESP-10, SPI-11).
    pub secret: Vec<SecretEntry>,
    /// Spy orders (indices into the input) refused, with the reason.
    pub rejected: Vec<(usize, Rejected)>,
    /// The organisations after the phase.
    pub organisations: Organisations,
    /// What happened, as data, in the order of the steps.
    pub events: Vec<SpyEvent>,
}
