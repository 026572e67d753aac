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
    pub espionnite: bool,
    pub spionage: bool,
}

impl Rules {
    pub fn any(self) -> bool {
        self.espionnite || self.spionage
    }
}

/// The (R: ...) part of a movement-phase Fake, waiting for the retreat
/// phase of the same round (SPI-5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatFake {
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
    pub reason: Refusal,
}

fn reject<T>(rule: &'static str, reason: Refusal) -> Result<T, Rejected> {
    Err(Rejected { rule, reason })
}

/// What a phase's espionage is resolved against.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub map: &'a Map,
    pub position: &'a Position,
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
    Fake { faker: PowerId },
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
    Received,
    Rejected,
    SpyResult,
    Reaction,
    FakeStopped,
    FakeVoid,
    Collision,
    Exposed,
    FakeApplied,
    Founded,
    Adjudicated,
}

impl SecretKind {
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
        spy: PowerId,
        owner: PowerId,
        target: Location,
        covered: bool,
    },
    /// ESP-4: a counter-spy covering the power's own unit.
    CounterSpy { power: PowerId, unit: Location },
    /// ESP-9: a reaction replacing the unit's frozen order.
    Reaction {
        power: PowerId,
        unit: Location,
        before: Option<Order>,
        after: Order,
    },
    /// ESP-7: `REACTION NONE`.
    ReactionNone { power: PowerId },
    /// SPI-6: an Anti in force this phase: `giver`'s units are protected
    /// against `against`'s Fakes.
    Anti { giver: PowerId, against: PowerId },
    /// SPI-9: a Fake that took effect as `owner`'s order.
    FakeApplied {
        faker: PowerId,
        owner: PowerId,
        at: Option<Location>,
        order: Order,
        replaced: Option<Order>,
    },
    /// SPI-6: a Fake stopped by `owner`'s Anti.
    FakeStopped {
        faker: PowerId,
        owner: PowerId,
        at: Option<Location>,
        order: Order,
    },
    /// SPI-8 / SPI-5: a Fake that did nothing (its power exposed, or
    /// nothing to replace).
    FakeVoid {
        faker: PowerId,
        at: Option<Location>,
        order: Order,
    },
    /// SPI-7 step 2: Fakes of several powers against one target.
    Collision {
        owner: PowerId,
        at: Option<Location>,
        fakes: Vec<(PowerId, Order)>,
    },
    /// SPI-8: exposed for the rest of the round.
    Exposed { power: PowerId },
    /// SPI-2: an organisation founded.
    Founded {
        power: PowerId,
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
