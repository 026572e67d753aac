//! What can go wrong in a game's life, as typed values: each variant
//! carries the game, the power and the values a reader needs, and its
//! words live in `src/text/error.rs` (and the catalogue), so that the
//! edge renders it for its reader.

use crate::engine::PhaseError;
use crate::store::StoreError;

/// What went wrong. Nothing is changed when an operation fails.
/// Displayed in English (`src/text/error.rs`) for the command line and
/// logs; a reply renders it with [`crate::text::error::game`] for its
/// reader.
#[derive(Debug)]
pub enum GameError {
    /// No game has this name.
    UnknownGame(String),
    /// A game with this name already exists.
    DuplicateGame(String),
    /// The name is not usable for a game (letters, digits, `-` and `_`, at most 32).
    BadGameName(String),
    /// The game has no power of this name.
    UnknownPower {
        /// The game's name.
        game: String,
        /// The power's name as given.
        power: String,
        /// The map's powers, comma-separated.
        known: String,
    },
    /// The judge offers no map (variant) of this name.
    UnknownVariant(String),
    /// No rule set has this name (known: espionnite, spionage).
    UnknownRules(String),
    /// The text is not a deadline duration such as `48h` or `1d12h`.
    BadDuration(String),
    /// The text is not a time of day such as `20:00`.
    BadTimeOfDay(String),
    /// The text is not a known timezone name.
    BadTimezone(String),
    /// The game's state does not allow the operation.
    WrongStatus {
        /// The game's name.
        game: String,
        /// The stored status (`forming`, `active`, `paused`, `finished`).
        status: String,
        /// What the game cannot do in that state.
        what: Refusal,
    },
    /// Whose power it is is not said: an address is not shown to others.
    PowerTaken {
        /// The game's name.
        game: String,
        /// The power that already has a player.
        power: String,
    },
    /// This address has already joined the game.
    AlreadyJoined {
        /// The game's name.
        game: String,
        /// The player's mail address.
        email: String,
    },
    /// The text is not a mail address.
    BadEmail(String),
    /// A player is joined without a password.
    EmptyPassword,
    /// The power is a dummy: nobody plays it and the game master orders its units.
    DummyPower {
        /// The game's name.
        game: String,
        /// The dummy power.
        power: String,
    },
    /// The game cannot start while some power has no player.
    NotFull {
        /// The game's name.
        game: String,
        /// The powers nobody plays, comma-separated.
        missing: String,
    },
    /// Orders were given for another phase than the one being played.
    WrongPhase {
        /// The game's name.
        game: String,
        /// The phase being played, as a phase name.
        current: String,
        /// The phase the orders were written for.
        given: String,
    },
    /// The text is not a phase name.
    BadPhase(PhaseError),
    /// The power to be taken over has a player.
    NotVacant {
        /// The game's name.
        game: String,
        /// The power that is not vacant.
        power: String,
    },
    /// Nobody asked to take over the power.
    NoTakeover {
        /// The game's name.
        game: String,
        /// The power named.
        power: String,
    },
    /// Nobody plays the power.
    NotPlayed {
        /// The game's name.
        game: String,
        /// The power named.
        power: String,
    },
    /// The game has not played the phase asked for.
    PhaseNotPlayed {
        /// The game's name.
        game: String,
        /// The phase asked for; empty for the one being played.
        phase: String,
        /// The phases played (none yet: empty).
        played: Vec<String>,
    },
    /// A draw vote or a concession was refused.
    VoteRefused(VoteRefusal),
    /// The game has no processed phase of this name to roll back to.
    NoSuchPhase {
        /// The game's name.
        game: String,
        /// The phase asked for.
        phase: String,
    },
    /// An eliminated power tried something it can no longer do.
    Eliminated {
        /// The game's name.
        game: String,
        /// The eliminated power.
        power: String,
        /// What the power tried to do.
        what: Action,
    },
    /// The orders are frozen for the reaction phase.
    Frozen {
        /// The game's name.
        game: String,
        /// The phase whose orders are frozen.
        phase: String,
    },
    /// The input held no orders (only blank lines or comments).
    NoOrders,
    /// The password could not be hashed.
    Password(crate::password::HashError),
    /// The stored game cannot be read back: for the judge to repair.
    Corrupt {
        /// The game's name.
        game: String,
        /// What part of the game is damaged.
        what: Damage,
    },
    /// The database failed.
    Sql(crate::store::DbError),
    /// The store failed.
    Store(StoreError),
}

/// What a game in the wrong state cannot do (with
/// [`GameError::WrongStatus`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The game takes no orders in this state.
    TakesNoOrders,
    /// The game has no phase being played.
    NoPhaseBeingPlayed,
    /// The game has not started.
    NotStarted,
    /// The game is over.
    Over,
    /// The game takes no absences in this state.
    TakesNoAbsences,
    /// Only a running game can be paused.
    OnlyRunningPaused,
    /// Only a paused game can be resumed.
    OnlyPausedResumed,
    /// The game has no phase with a deadline.
    NoPhaseWithDeadline,
    /// Players join only before the game starts.
    JoinBeforeStart,
    /// Every power already has a player.
    AllPowersTaken,
    /// Only a running game's powers are taken over.
    TakeoverOnlyRunning,
    /// The game has no phase to wait for.
    NoPhaseToWaitFor,
    /// The game has no phase to preview.
    NoPhaseToPreview,
    /// A paused game is resumed before it is processed.
    ResumeBeforeProcessing,
    /// Only a running or paused game takes draw votes and concessions.
    NothingToVoteOn,
    /// Only a forming game is started.
    AlreadyStarted,
    /// A finished game is not ended again.
    AlreadyOver,
    /// A finished game has nothing to process; how it ended, as stored.
    NothingToProcess(StoredEnd),
    /// The final signed head is published only once the game is over.
    HeadOnlyWhenOver,
    /// The game's secret log has no signed head yet.
    NoSignedHead,
    /// Entries were logged after the last signed head.
    EntriesAfterHead,
}

/// How a finished game ended, as its stored outcome says (with
/// [`Refusal::NothingToProcess`]); the powers by their shown names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoredEnd {
    /// Won by these powers.
    WonBy(Vec<String>),
    /// Drawn between these powers.
    DrawnBetween(Vec<String>),
    /// The game master ended it.
    ByMaster,
    /// No outcome is stored.
    Unknown,
}

/// Why a draw vote or a concession was refused (with
/// [`GameError::VoteRefused`]); powers by their shown names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoteRefusal {
    /// The game allows no draws.
    NoDraws {
        /// The game's name.
        game: String,
    },
    /// The game allows only draws including all survivors.
    OnlyAllSurvivors {
        /// The game's name.
        game: String,
    },
    /// The game allows no concessions.
    NoConcessions {
        /// The game's name.
        game: String,
    },
    /// The power voted for or conceded to is out of the game.
    Eliminated(String),
    /// A power conceding to itself.
    ConcedeToItself,
}

impl Refusal {
    /// The catalogue key's tail (`error-status-<id>`).
    pub fn id(&self) -> &'static str {
        match self {
            Refusal::TakesNoOrders => "takes-no-orders",
            Refusal::NoPhaseBeingPlayed => "no-phase-being-played",
            Refusal::NotStarted => "not-started",
            Refusal::Over => "over",
            Refusal::TakesNoAbsences => "takes-no-absences",
            Refusal::OnlyRunningPaused => "only-running-paused",
            Refusal::OnlyPausedResumed => "only-paused-resumed",
            Refusal::NoPhaseWithDeadline => "no-phase-with-deadline",
            Refusal::JoinBeforeStart => "join-before-start",
            Refusal::AllPowersTaken => "all-powers-taken",
            Refusal::TakeoverOnlyRunning => "takeover-only-running",
            Refusal::NoPhaseToWaitFor => "no-phase-to-wait-for",
            Refusal::NoPhaseToPreview => "no-phase-to-preview",
            Refusal::ResumeBeforeProcessing => "resume-before-processing",
            Refusal::NothingToVoteOn => "nothing-to-vote-on",
            Refusal::AlreadyStarted => "already-started",
            Refusal::AlreadyOver => "already-over",
            Refusal::NothingToProcess(_) => "nothing-to-process",
            Refusal::HeadOnlyWhenOver => "head-only-when-over",
            Refusal::NoSignedHead => "no-signed-head",
            Refusal::EntriesAfterHead => "entries-after-head",
        }
    }
}

/// What an eliminated power can no longer do (with
/// [`GameError::Eliminated`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Give orders.
    GiveOrders,
    /// Ask the judge to wait (SET WAIT).
    AskToWait,
    /// Change the power's password.
    ChangePassword,
    /// Resign the power.
    Resign,
    /// Vote for a draw or concede (SET DRAW, SET CONCEDE).
    Vote,
}

impl Action {
    /// The catalogue key's tail (`error-eliminated-<id>`).
    pub fn id(&self) -> &'static str {
        match self {
            Action::GiveOrders => "give-orders",
            Action::AskToWait => "ask-to-wait",
            Action::ChangePassword => "change-password",
            Action::Resign => "resign",
            Action::Vote => "vote",
        }
    }
}

/// What part of a stored game is damaged (with [`GameError::Corrupt`]).
/// The details (`error`) are the reader's or parser's own, for the judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// The game's own map file does not load.
    MapFile {
        /// The variant whose map file does not load.
        variant: String,
        /// The loader's error, as its text.
        error: String,
    },
    /// The game's variant is not one this judge has.
    UnknownVariant(String),
    /// The stored settings do not read.
    Settings(String),
    /// A phase's stored position does not read.
    Position {
        /// The phase whose position does not read.
        phase: String,
        /// Why it does not read.
        error: super::stored::PositionError,
    },
    /// A stored order does not read.
    StoredOrder {
        /// The order as stored.
        text: String,
        /// The parser's error, as its text.
        error: String,
    },
    /// A power of the map has no row.
    PowerMissing(String),
    /// The phase played again after a rollback is missing.
    ReplayedPhaseMissing,
    /// Words not yet typed (kept as written by their caller).
    Words(String),
}

impl From<&str> for Damage {
    fn from(s: &str) -> Damage {
        Damage::Words(s.to_string())
    }
}

impl From<String> for Damage {
    fn from(s: String) -> Damage {
        Damage::Words(s)
    }
}

impl From<PhaseError> for GameError {
    fn from(e: PhaseError) -> Self {
        GameError::BadPhase(e)
    }
}

impl From<crate::password::HashError> for GameError {
    fn from(e: crate::password::HashError) -> Self {
        GameError::Password(e)
    }
}

impl From<crate::store::DbError> for GameError {
    fn from(e: crate::store::DbError) -> Self {
        GameError::Sql(e)
    }
}

impl From<StoreError> for GameError {
    fn from(e: StoreError) -> Self {
        GameError::Store(e)
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::BadPhase(e) => e.source(),
            GameError::Password(e) => e.source(),
            GameError::Sql(e) => Some(e),
            GameError::Store(e) => e.source(),
            _ => None,
        }
    }
}

/// Why a mail command was refused, beyond the game errors.
#[derive(Debug)]
pub enum MailCommandError {
    /// A game error.
    Game(GameError),
    /// The game allows no press: the message was not relayed.
    NoPress {
        /// The game's name.
        game: String,
    },
    /// The game allows only signed (white) press: anonymous press is not relayed.
    NoGreyPress {
        /// The game's name.
        game: String,
    },
    /// PRESS TO ALL BUT leaves no power to send to.
    NobodyLeft {
        /// The game's name.
        game: String,
    },
    /// The text is not a time (`24h` from now, or a date and time in the game's time).
    BadTime(String),
    /// The deadline asked for has already passed.
    PastDeadline(String),
}

impl std::error::Error for MailCommandError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MailCommandError::Game(e) => e.source(),
            _ => None,
        }
    }
}

impl From<GameError> for MailCommandError {
    fn from(e: GameError) -> Self {
        MailCommandError::Game(e)
    }
}

impl From<crate::store::DbError> for MailCommandError {
    fn from(e: crate::store::DbError) -> Self {
        MailCommandError::Game(GameError::Sql(e))
    }
}

impl From<StoreError> for MailCommandError {
    fn from(e: StoreError) -> Self {
        MailCommandError::Game(GameError::Store(e))
    }
}
