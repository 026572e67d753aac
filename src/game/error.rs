//! What can go wrong in a game's life, in words a judge or a player can
//! act on.

use crate::engine::phase::PhaseError;
use crate::store::StoreError;

/// What went wrong, in words a judge can act on. Nothing is changed when
/// an operation fails.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("there is no game called `{0}` (see `dipspy game list`)")]
    UnknownGame(String),
    #[error("a game called `{0}` already exists; choose another name")]
    DuplicateGame(String),
    #[error("`{0}` is not a usable game name: use letters, digits, `-` and `_` (at most 32)")]
    BadGameName(String),
    #[error("game {game} has no power `{power}` (powers: {known})")]
    UnknownPower {
        game: String,
        power: String,
        known: String,
    },
    #[error(
        "unknown variant `{0}`: LIST MAPS by mail (or `dipspy maps`) lists the maps this judge offers"
    )]
    UnknownVariant(String),
    #[error("unknown rule set `{0}` (known: espionnite, spionage)")]
    UnknownRules(String),
    #[error("`{0}` is not a deadline: write it as 48h, 30m, 2d or 1d12h")]
    BadDuration(String),
    #[error("`{0}` is not a time of day: write it as 20:00")]
    BadTimeOfDay(String),
    #[error("unknown timezone `{0}`: use a name such as Europe/Berlin, America/New_York or UTC")]
    BadTimezone(String),
    #[error("game {game} is {status}: {what}")]
    WrongStatus {
        game: String,
        status: String,
        what: String,
    },
    /// Whose power it is is not said: an address is not shown to others.
    #[error("{power} in game {game} already has a player")]
    PowerTaken { game: String, power: String },
    #[error("{email} has already joined game {game}")]
    AlreadyJoined { game: String, email: String },
    #[error("`{0}` is not an e-mail address")]
    BadEmail(String),
    #[error("a player needs a password (--password)")]
    EmptyPassword,
    #[error(
        "{power} in game {game} is a dummy power: nobody plays it, and the game master orders its units"
    )]
    DummyPower { game: String, power: String },
    #[error("game {game} cannot start: nobody plays {missing} yet")]
    NotFull { game: String, missing: String },
    #[error(
        "game {game} is in {current}, not {given}: orders for {given} are not accepted (the orders were not stored)"
    )]
    WrongPhase {
        game: String,
        current: String,
        given: String,
    },
    #[error(transparent)]
    BadPhase(#[from] PhaseError),
    #[error(
        "{power} in game {game} is not vacant: only a power without a player can be taken over"
    )]
    NotVacant { game: String, power: String },
    #[error("nobody asked to take over {power} in game {game}")]
    NoTakeover { game: String, power: String },
    #[error("nobody plays {power} in game {game}")]
    NotPlayed { game: String, power: String },
    #[error("game {game} has not played {phase} (phases played: {played})")]
    PhaseNotPlayed {
        game: String,
        phase: String,
        played: String,
    },
    #[error("vote refused: {0}")]
    VoteRefused(String),
    #[error("game {game} has no processed phase {phase} to roll back to")]
    NoSuchPhase { game: String, phase: String },
    #[error("{power} has been eliminated from game {game} and can no longer {what}")]
    Eliminated {
        game: String,
        power: String,
        what: String,
    },
    #[error(
        "the orders of game {game} for {phase} are frozen for the reaction phase: send REACTION for one unit, or REACTION NONE"
    )]
    Frozen { game: String, phase: String },
    #[error("no orders in the input (only blank lines or comments); nothing was stored")]
    NoOrders,
    #[error(transparent)]
    Password(#[from] crate::password::HashError),
    #[error("the stored game {game} is damaged: {what}")]
    Corrupt { game: String, what: String },
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a mail command was refused, beyond the game errors.
#[derive(Debug, thiserror::Error)]
pub enum MailCommandError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("game {game} allows no press: the message was not relayed")]
    NoPress { game: String },
    #[error(
        "game {game} allows only signed (white) press: send it without ANON; the message was not relayed"
    )]
    NoGreyPress { game: String },
    #[error(
        "PRESS TO ALL BUT leaves no power of game {game} to send to: name fewer powers; the message was not relayed"
    )]
    NobodyLeft { game: String },
    #[error("`{0}` is not a time: write `24h` (from now) or `2025-03-30 20:00` (the game's time)")]
    BadTime(String),
    #[error("the deadline {0} has already passed; give a later time")]
    PastDeadline(String),
}

impl From<rusqlite::Error> for MailCommandError {
    fn from(e: rusqlite::Error) -> Self {
        MailCommandError::Game(GameError::Sql(e))
    }
}

impl From<StoreError> for MailCommandError {
    fn from(e: StoreError) -> Self {
        MailCommandError::Game(GameError::Store(e))
    }
}
