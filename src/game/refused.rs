//! Why an order line, an order for a later phase, or a stored future
//! order was refused or dropped: typed, with the orders (in notation),
//! phases and parse errors it names. Its words are in
//! `src/text/refused.rs`.

use crate::engine::ParseError;
use crate::engine::Phase;

/// Why a line or a future order was refused or dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The first word (both words of a `SET ...`) is neither a command
    /// nor the start of an order.
    NotAnOrder { what: String },
    /// The order could not be read in the current phase.
    Unreadable(ParseError),
    /// The order could not be read as an order of a later phase.
    UnreadableAs { phase: Phase, error: ParseError },
    /// A spy order in a game without espionage rules.
    NoEspionage { order: String, game: String },
    /// An order sent while the orders are frozen for the reaction phase.
    Frozen { order: String, phase: String },
    /// A good order of a phase processed already (at `at`, the game's
    /// time).
    Late { phase: Phase, at: String },
    /// Espionage orders in a block or for a later phase.
    NoSpyingInBlocks,
    /// An order for a phase that is over.
    AlreadyOver {
        target: Phase,
        game: String,
        current: Phase,
    },
    /// What the map alone says against an order for a later phase.
    NeverCarriedOut { order: String, why: MapProblem },
    /// A condition's unit test that this map cannot read.
    UnknownUnitTest { words: String },
    /// A stored future order of a power the map does not have.
    NoPower(String),
    /// A stored future order whose condition does not read.
    ConditionUnreadable(Box<Refused>),
    /// A condition that does not parse (the command reader's error).
    Condition(String),
    /// A stored future order that no longer reads.
    StoredUnreadable(ParseError),
    /// A future order of a phase the game went past.
    NotPlayed { phase: Phase, went_on_to: Phase },
    /// A future order whose phase does not read.
    PhaseUnreadable,
}

/// Why an order for a later phase can never be carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapProblem {
    ArmyCannotStand {
        province: String,
    },
    FleetCannotStand {
        province: String,
    },
    DoesNotLead {
        from: String,
        to: String,
    },
    /// Not a build site of the power: `home` is whether the map builds on
    /// home centres (or on any owned supply centre).
    NotBuildSite {
        province: String,
        power: String,
        home: bool,
    },
}
