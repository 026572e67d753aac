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
    NotAnOrder {
        /// The first word, or both words of a `SET ...`, as written.
        what: String,
    },
    /// The order could not be read in the current phase.
    Unreadable(ParseError),
    /// The order could not be read as an order of a later phase.
    UnreadableAs {
        /// The later phase the order was meant for.
        phase: Phase,
        /// Why it could not be read.
        error: ParseError,
    },
    /// A spy order in a game without espionage rules.
    NoEspionage {
        /// The spy order, written back in notation.
        order: String,
        /// The game's name.
        game: String,
    },
    /// An order sent while the orders are frozen for the reaction phase.
    Frozen {
        /// The order, written back in notation (`A par - bur`).
        order: String,
        /// The phase whose orders are frozen (`S1902M`).
        phase: String,
    },
    /// A good order of a phase processed already (at `at`, the game's
    /// time).
    Late {
        /// The phase the order was for.
        phase: Phase,
        /// When that phase was processed, in the game's time.
        at: String,
    },
    /// Espionage orders in a block or for a later phase.
    NoSpyingInBlocks,
    /// An order for a phase that is over.
    AlreadyOver {
        /// The phase the order was for.
        target: Phase,
        /// The game's name.
        game: String,
        /// The phase being played.
        current: Phase,
    },
    /// What the map alone says against an order for a later phase.
    NeverCarriedOut {
        /// The order as written back (`A mun - boh`).
        order: String,
        /// What the map says against it.
        why: MapProblem,
    },
    /// A condition's unit test that this map cannot read.
    UnknownUnitTest {
        /// The unit test as written (`france A bur`).
        words: String,
    },
    /// A stored future order of a power the map does not have.
    NoPower(String),
    /// A stored future order whose condition does not read.
    ConditionUnreadable(Box<Refused>),
    /// A condition that does not parse (the command reader's error).
    Condition(String),
    /// A stored future order that no longer reads.
    StoredUnreadable(ParseError),
    /// A future order of a phase the game went past.
    NotPlayed {
        /// The phase the future order was for.
        phase: Phase,
        /// The phase the game went on to instead.
        went_on_to: Phase,
    },
    /// A future order whose phase does not read.
    PhaseUnreadable,
}

/// Why an order for a later phase can never be carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapProblem {
    /// An army cannot stand in this province (it is sea).
    ArmyCannotStand {
        /// The province's abbreviation.
        province: String,
    },
    /// A fleet cannot stand in this province (it is inland).
    FleetCannotStand {
        /// The province's abbreviation.
        province: String,
    },
    /// The unit cannot get from one province to the other on this map.
    DoesNotLead {
        /// Where the unit is (a province abbreviation).
        from: String,
        /// Where the order sends it (a province abbreviation).
        to: String,
    },
    /// Not a build site of the power: `home` is whether the map builds on
    /// home centres (or on any owned supply centre).
    NotBuildSite {
        /// The province's abbreviation.
        province: String,
        /// The power's shown name.
        power: String,
        /// The map builds on home centres only, not on any owned supply centre.
        home: bool,
    },
}
