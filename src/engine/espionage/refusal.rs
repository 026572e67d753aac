//! Why a spy order is refused, as data (the rule it breaks is kept beside
//! it in [`super::Rejected`]); `crate::text::espionage` says it in words.

use crate::engine::adjudicate::Reason;
use crate::engine::map::{Location, PowerId, ProvinceId, UnitType};
use crate::engine::phase::Phase;
use crate::engine::position::Unit;

/// Why a spy order is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// ESP: the game does not play Espionnite.
    EspionniteNotInForce,
    /// ESP-2: spies, counter-spies and reactions in movement phases only.
    MovementOnly,
    /// ESP-1: a power with no units has no spy.
    NoUnits(PowerId),
    /// No unit in the province.
    NoUnit(ProvinceId),
    /// No dislodged unit in the province.
    NoDislodgedUnit(ProvinceId),
    /// The unit there is of another type than written.
    UnitIs(Unit),
    /// ESP-3: a spy on the power's own unit.
    SpyOnOwnUnit(Unit),
    /// ESP-4: a counter-spy on another power's unit.
    CounterSpyNotOwn(Unit),
    /// ESP-7: a reaction that is not an order for a unit.
    ReactionNotUnitOrder,
    /// ESP-7: a reaction for another power's unit.
    ReactionNotOwn(Unit),
    /// ESP-7, SPI-5: the order is not legal for its unit.
    Illegal(Reason),
    /// SPI: the game does not play Spionage.
    SpionageNotInForce,
    /// SPI-1: not in the game's first movement phase.
    FirstPhase,
    /// SPI-2: the power has no organisation.
    NoOrganisation(PowerId),
    /// SPI-8: the power was exposed this round.
    Exposed(PowerId),
    /// SPI-5: a Fake that names neither a unit nor a build.
    FakeNamesUnitOrBuild,
    /// SPI-5: a Fake for the power's own unit or builds.
    FakeForOther,
    /// SPI-5: a retreat Fake the unit could not make.
    CouldNotRetreat(Unit, Location),
    /// SPI-5: a build Fake outside the home centres.
    NotHomeCentre(ProvinceId),
    /// SPI-5, SPI-2: the power does not own the centre.
    DoesNotOwn(PowerId, ProvinceId),
    /// SPI-5: a build Fake in an occupied centre.
    Occupied(ProvinceId),
    /// SPI-5: a build Fake of a unit that cannot stand there.
    CannotBuild(UnitType, Location),
    /// SPI-6: an Anti naming the power itself.
    AntiNamesOther,
    /// SPI-2: founding outside a winter adjustment phase.
    FoundInWinter,
    /// SPI-3: a second organisation.
    AlreadyFounded(PowerId),
    /// SPI-2: founding outside the power's own home centres.
    NotHomeCentreOf(ProvinceId, PowerId),
    /// SPI-2: founding in an occupied home centre.
    FoundOccupied(ProvinceId),
    /// ESP-5: the phase's orders are frozen and the spy reports out.
    OrdersFrozen(Phase),
    /// ESP-7: a reaction before the reaction phase of this phase opened.
    ReactionPhaseOnly(Phase),
}
