//! What can go wrong in a game's life, as typed values: each variant
//! carries the game, the power and the values a reader needs, and its
//! words live in `src/text/error.rs` (and the catalogue), so that the
//! edge renders it for its reader.

use crate::engine::phase::PhaseError;
use crate::store::StoreError;

/// What went wrong. Nothing is changed when an operation fails.
/// Displayed in English (`src/text/error.rs`) for the command line and
/// logs; a reply renders it with [`crate::text::error::game`] for its
/// reader.
#[derive(Debug)]
pub enum GameError {
    UnknownGame(String),
    DuplicateGame(String),
    BadGameName(String),
    UnknownPower {
        game: String,
        power: String,
        /// The map's powers, comma-separated.
        known: String,
    },
    UnknownVariant(String),
    UnknownRules(String),
    BadDuration(String),
    BadTimeOfDay(String),
    BadTimezone(String),
    /// The game's state does not allow the operation.
    WrongStatus {
        game: String,
        /// The stored status (`forming`, `active`, `paused`, `finished`).
        status: String,
        what: Refusal,
    },
    /// Whose power it is is not said: an address is not shown to others.
    PowerTaken {
        game: String,
        power: String,
    },
    AlreadyJoined {
        game: String,
        email: String,
    },
    BadEmail(String),
    EmptyPassword,
    DummyPower {
        game: String,
        power: String,
    },
    NotFull {
        game: String,
        /// The powers nobody plays, comma-separated.
        missing: String,
    },
    WrongPhase {
        game: String,
        current: String,
        given: String,
    },
    BadPhase(PhaseError),
    NotVacant {
        game: String,
        power: String,
    },
    NoTakeover {
        game: String,
        power: String,
    },
    NotPlayed {
        game: String,
        power: String,
    },
    PhaseNotPlayed {
        game: String,
        /// The phase asked for; empty for the one being played.
        phase: String,
        /// The phases played (none yet: empty).
        played: Vec<String>,
    },
    VoteRefused(VoteRefusal),
    NoSuchPhase {
        game: String,
        phase: String,
    },
    Eliminated {
        game: String,
        power: String,
        what: Action,
    },
    Frozen {
        game: String,
        phase: String,
    },
    NoOrders,
    Password(crate::password::HashError),
    /// The stored game cannot be read back: for the judge to repair.
    Corrupt {
        game: String,
        what: Damage,
    },
    Sql(crate::store::DbError),
    Store(StoreError),
}

/// What a game in the wrong state cannot do (with
/// [`GameError::WrongStatus`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    TakesNoOrders,
    NoPhaseBeingPlayed,
    NotStarted,
    Over,
    TakesNoAbsences,
    OnlyRunningPaused,
    OnlyPausedResumed,
    NoPhaseWithDeadline,
    JoinBeforeStart,
    AllPowersTaken,
    TakeoverOnlyRunning,
    NoPhaseToWaitFor,
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
    WonBy(Vec<String>),
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
    NoDraws { game: String },
    /// The game allows only draws including all survivors.
    OnlyAllSurvivors { game: String },
    /// The game allows no concessions.
    NoConcessions { game: String },
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
    GiveOrders,
    AskToWait,
    ChangePassword,
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
    MapFile { variant: String, error: String },
    /// The game's variant is not one this judge has.
    UnknownVariant(String),
    /// The stored settings do not read.
    Settings(String),
    /// A phase's stored position does not read.
    Position {
        phase: String,
        error: super::stored::PositionError,
    },
    /// A stored order does not read.
    StoredOrder { text: String, error: String },
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
    Game(GameError),
    NoPress { game: String },
    NoGreyPress { game: String },
    NobodyLeft { game: String },
    BadTime(String),
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
