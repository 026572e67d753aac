//! Why an order did what it did, as data: the units, provinces and numbers
//! of the case, never words. `crate::text::reason` puts a reason into a
//! reader's language; the store keeps its code with its arguments.

use crate::engine::map::{Coast, Location, PowerId, ProvinceId};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::Unit;

/// Why a coast written in an order cannot be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoastError {
    /// A sea has no coasts.
    Sea(ProvinceId),
    /// An inland province has no coasts.
    Inland(ProvinceId),
    /// A coastal province with one coast: no coast is written.
    OneCoast(ProvinceId),
    /// The province has coasts, but not this one.
    NoSuchCoast(ProvinceId, Coast),
    /// An army stands in the whole province (a note, never an error).
    Army(ProvinceId),
}

/// Why a retreat cannot go where it was ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetreatBar {
    /// Where its attacker came from.
    AttackerCameFrom,
    /// The province is occupied.
    Occupied,
    /// The province was left empty by a standoff.
    Standoff,
    /// The unit cannot reach it.
    Unreachable,
}

/// Why an order succeeded, failed, was invalid or void; [`Reason::None`]
/// when nothing needs saying.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Reason {
    /// Nothing to say (the order did what it asked).
    #[default]
    None,
    /// A later order for the same unit replaced it.
    Superseded,
    /// The order does not belong to this kind of phase.
    NotForPhase(PhaseKind),
    /// No unit stands in the province.
    NoUnit(ProvinceId),
    /// The unit is another power's.
    BelongsTo(Unit),
    /// The order named another type of unit than the one there.
    UnitIs(Unit),
    /// A move (or supported move) to the province the unit is in.
    MoveToOwnProvince,
    /// An army ordered to a sea.
    ArmyToSea(ProvinceId),
    /// An army ordered via convoy between provinces that are not both
    /// coastal.
    ArmyCannotBeConvoyed {
        /// The province the army is in.
        from: ProvinceId,
        /// The province it was ordered to.
        to: ProvinceId,
    },
    /// An army's move to a province it does not border (and no convoy can
    /// help).
    NotNextTo {
        /// The province the army was ordered to.
        dest: ProvinceId,
        /// The province the army is in.
        src: ProvinceId,
    },
    /// A fleet ordered via convoy, or a convoy for a fleet.
    OnlyArmiesConvoyed,
    /// A fleet ordered inland.
    FleetInland(ProvinceId),
    /// A coast that cannot be.
    Coast(CoastError),
    /// A fleet that cannot get to the province at all.
    FleetCannotGo {
        /// Where the fleet stands.
        from: Location,
        /// The province it was ordered to.
        to: ProvinceId,
    },
    /// A fleet that cannot get to the coast written.
    FleetCannotReach {
        /// Where the fleet stands.
        from: Location,
        /// The coast it was ordered to.
        to: Location,
    },
    /// The coast must be named; `example` is one the fleet can reach.
    WhichCoast {
        /// The province with several coasts.
        province: ProvinceId,
        /// A coast of it the fleet can reach.
        example: Location,
    },
    /// A unit supporting itself to hold.
    SupportSelf,
    /// A support to a province the supporter cannot reach; `moving`: a
    /// support for a move.
    CannotReachToSupport {
        /// The supporting unit.
        unit: Unit,
        /// The province it would have to reach.
        province: ProvinceId,
        /// Whether the support is for a move (else for a hold).
        moving: bool,
    },
    /// A support for a move into the supporter's own province.
    SupportIntoOwnProvince,
    /// A unit supporting its own move.
    SupportOwnMove,
    /// A convoy ordered to an army.
    OnlyFleetsConvoy,
    /// A convoy ordered to a fleet on a coast.
    OnlyFleetAtSeaConvoys,
    /// A convoy to a sea.
    ConvoyToSea(ProvinceId),
    /// A convoying fleet on no possible route.
    NotOnConvoyRoute {
        /// The convoying fleet.
        fleet: Unit,
        /// Where the convoyed army starts.
        from: ProvinceId,
        /// Where the convoyed army goes.
        to: ProvinceId,
    },
    /// A move needing a convoy that no fleet on the board could carry.
    NoFleetCouldConvoy(ProvinceId),
    /// A support to hold for a unit ordered to move.
    OrderedToMoveNotHold(Unit),
    /// A support or convoy for a move the unit was not ordered to make.
    NotOrderedToMoveTo {
        /// The unit supported or convoyed.
        unit: Unit,
        /// The destination the support or convoy named.
        province: ProvinceId,
    },
    /// A convoy for an army that moved over land.
    MovedOverLand(Unit),
    /// Dislodged by this unit.
    DislodgedBy(Unit),
    /// A convoy paradox resolved by the Szykman rule.
    ConvoyParadox,
    /// No convoy route was left.
    NoConvoyRoute,
    /// A move that would dislodge a unit of its own power.
    OwnUnit(Unit),
    /// Lost a head-to-head battle.
    LostHeadToHead {
        /// The unit moving the other way that beat this one.
        by: Unit,
        /// This move's attack strength.
        attack: u32,
        /// The other unit's defend strength, at least as great.
        defend: u32,
    },
    /// Bounced off the unit in the province.
    BouncedOff {
        /// The unit standing in the province.
        by: Unit,
        /// This move's attack strength.
        attack: u32,
        /// The province's hold strength, at least as great.
        hold: u32,
    },
    /// Bounced with another unit moving there.
    BouncedWith {
        /// The other unit moving to the province.
        by: Unit,
        /// This move's attack strength.
        attack: u32,
        /// The other unit's prevent strength, at least as great.
        prevent: u32,
    },
    /// Bounced.
    Bounced,
    /// A support cut by this unit.
    CutBy(Unit),
    /// A support cut.
    Cut,
    /// A convoying fleet dislodged: its convoy is disrupted.
    ConvoyDisrupted(Unit),
    /// A retreat phase: the unit disbands as ordered.
    Disbanded,
    /// No dislodged unit in the province.
    NoDislodgedUnit(ProvinceId),
    /// The dislodged unit is another power's.
    DislodgedBelongsTo(Unit),
    /// The dislodged unit is not of the type the order wrote.
    DislodgedUnitIs(Unit),
    /// A retreat that cannot be, the unit disbanded for it.
    ThenDisbanded(Box<Reason>),
    /// A retreat whose coast must be named.
    RetreatWhichCoast(ProvinceId),
    /// A retreat to a place it may not go.
    CannotRetreat {
        /// The place the retreat was ordered to.
        to: Location,
        /// Why the unit may not retreat there.
        why: RetreatBar,
    },
    /// Two retreats to one place: both disband.
    RetreatBounced(Unit),
    /// A power with no builds.
    NoBuilds(PowerId),
    /// A power building more than it may.
    BuildsOnly(PowerId, u32),
    /// A waive with no builds to waive.
    NoBuildsToWaive(PowerId),
    /// Every build used.
    BuildsUsed,
    /// A removal by a power with nothing to remove.
    NoRemovals(PowerId),
    /// A unit removed twice.
    AlreadyRemoved,
    /// A power removing more than it must.
    RemovesOnly(PowerId, u32),
    /// A dummy power never builds.
    DummyNeverBuilds(PowerId),
    /// A build outside the power's home centres.
    NotHomeCentre(ProvinceId, PowerId),
    /// A build outside the supply centres (build-anywhere maps).
    NotSupplyCentre(ProvinceId),
    /// A build in a centre the power does not own.
    DoesNotOwn(PowerId, ProvinceId),
    /// A build in an occupied province.
    Occupied(ProvinceId),
    /// A fleet build whose coast must be named.
    BuildWhichCoast(ProvinceId, Coast),
    /// An army cannot stand in the province.
    ArmyCannotBuild(ProvinceId),
    /// A fleet cannot stand there.
    FleetCannotBuild(Location),
    /// A coast that was dropped from an army's order: why, and the order
    /// as read.
    ReadAs {
        /// What was wrong with each coast dropped.
        why: Vec<CoastError>,
        /// The order as read, without those coasts.
        order: Order,
    },
    /// Espionage replaced the order before adjudication (the game layer
    /// says so; the replacing order is reported on its own).
    Replaced,
    /// A scenario's order replaced before adjudication (its espionage
    /// report says how).
    ReplacedSeeEspionage,
    /// A unit with no order, dislodged (a scenario's report).
    Dislodged,
    /// A line that does not read as an order; the parser's message.
    Unreadable(String),
    /// A scenario's spy order, accepted.
    SpyAccepted,
    /// A spy order refused, with its rule.
    SpyRefused(Box<crate::engine::espionage::Rejected>),
    /// Warning: a support to hold for an own unit ordered to move.
    WarnSupportHoldMoving {
        /// The own unit supported to hold.
        unit: Unit,
        /// The province it is ordered to move to.
        dest: ProvinceId,
    },
    /// Warning: a support for a move its own unit makes elsewhere.
    WarnSupportElsewhere {
        /// The own unit supported.
        unit: Unit,
        /// The province it is actually ordered to move to.
        moving: ProvinceId,
        /// The province of the move the support names.
        dest: ProvinceId,
    },
    /// Warning: a support for a move the own unit has no order to make.
    WarnSupportNoMove {
        /// The own unit supported.
        unit: Unit,
        /// The province of the move the support names.
        dest: ProvinceId,
    },
    /// Warning: a convoy for a move the own army has no order to make.
    WarnConvoyNoMove {
        /// The own army convoyed.
        unit: Unit,
        /// The province of the move the convoy names.
        dest: ProvinceId,
    },
    /// Warning: a move ordered via convoy with no fleet to carry it.
    WarnViaConvoyNoFleet(ProvinceId),
    /// Warning: a move to a province not next to it with no fleet to carry
    /// it.
    WarnNotNextNoFleet {
        /// The province the army was ordered to.
        dest: ProvinceId,
        /// The province the army is in.
        src: ProvinceId,
    },
}

impl Reason {
    /// Whether there is nothing to say.
    pub fn is_none(&self) -> bool {
        matches!(self, Reason::None)
    }
}

/// The reason's code and arguments, for logs and test failure messages;
/// a player reads it through `crate::text::reason`.
impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}
