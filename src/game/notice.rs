//! What the game layer tells people, as typed notices.
//!
//! A step of a game's life that someone must hear about returns a
//! [`Notice`]: what happened, with its data (the game, the powers, the
//! phase, a deadline as a time), and an [`Audience`] (the store's, as the
//! announcements table keeps it). It carries no words:
//! `crate::text::notice` puts a notice into words for a reader. The game
//! posts a notice with [`post`], which stores it as an announcement in the
//! same transaction as the change it tells of (crash safety: the change
//! and its mail stand or fall together). The stored row keeps the notice's
//! code and arguments (`notice` column, migrations 0020 and 0022) and no
//! words: the mail loop renders them for each reader, in the reader's
//! language, when it expands the announcement into outbox mail.

use super::Result;
use super::loaded::{Loaded, Missing};
use crate::store::Tx;
use crate::store::{self, AnnouncementKind, Audience};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// A deadline as a notice carries it: the time and the zone the game
/// shows its times in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct When {
    /// The moment, in UTC.
    #[serde(with = "time_text")]
    pub at: DateTime<Utc>,
    /// The timezone the game shows its times in.
    #[serde(with = "tz_name")]
    pub tz: Tz,
}

mod time_text {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(t: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::store::time_text(*t))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let text = String::deserialize(d)?;
        crate::store::parse_time(&text).ok_or_else(|| serde::de::Error::custom("not a time"))
    }
}

mod tz_name {
    use chrono_tz::Tz;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(tz: &Tz, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(tz.name())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Tz, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// One thing the game tells someone. Powers are stored by the map's name
/// of them (`france`), never by the name shown to players: the text module
/// shows each in the reader's words when it renders the notice. (Press
/// still carries the shown names of its sender and recipients.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "notice", rename_all = "kebab-case")]
pub enum Notice {
    /// The last power of a forming game has its player (to the master).
    GameFull {
        /// The game's name.
        game: String,
    },
    /// A player who joined without choosing got a power when the game
    /// filled (to that power).
    PowerAssigned {
        /// The game's name.
        game: String,
        /// The power the player got (the map's name of it).
        power: String,
    },
    /// A player gave up a power (to everybody).
    Resigned {
        /// The game's name.
        game: String,
        /// The power given up (the map's name of it).
        power: String,
        /// The game was still forming: JOIN takes the power, not TAKEOVER.
        forming: bool,
    },
    /// The game master ended a game that had not started (to everybody).
    EndedBeforeStart {
        /// The game's name.
        game: String,
    },
    /// A deadline moved out of an absence (to everybody).
    DeadlineMoved {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The new deadline.
        deadline: When,
    },
    /// Which absence moved the deadline (to the master).
    DeadlineMovedForAbsence {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The new deadline.
        deadline: When,
        /// The absent power (the map's name of it).
        power: String,
    },
    /// A draw vote cast, when votes are public (to everybody).
    VoteCast {
        /// The game's name.
        game: String,
        /// The voting power (the map's name of it).
        power: String,
        /// What the vote says.
        vote: VoteWords,
    },
    /// The game master paused the game (to everybody).
    Paused {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
    },
    /// The game master resumed the game (to everybody).
    Resumed {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The deadline from now on.
        deadline: When,
    },
    /// The game master set the deadline of a paused game: `left` runs
    /// once it resumes (to everybody).
    DeadlineSetWhilePaused {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The time left, in minutes (words such as `2d 4h` in notices
        /// stored before this was typed).
        left: OrLegacy<i64>,
        /// The deadline if the game were resumed now.
        deadline: When,
    },
    /// The game master moved the deadline (to everybody).
    DeadlineSet {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The new deadline.
        deadline: When,
    },
    /// The game master rolled the game back to the start of `phase` (to
    /// everybody).
    RolledBack {
        /// The game's name.
        game: String,
        /// The phase the game is rolled back to (`S1901M`).
        phase: String,
        /// The game stays paused: no deadline runs.
        paused: bool,
        /// The phase's new deadline; while paused, the one it would have if resumed now.
        deadline: When,
    },
    /// After a rollback, a power's own orders that stand again (to it).
    OrdersAgain {
        /// The game's name.
        game: String,
        /// The phase being played again (`S1901M`).
        phase: String,
        /// The orders for the phase, as written back (`A par - bur`).
        orders: Vec<String>,
        /// Orders for later phases (PHASE) that stand again.
        later: Vec<OrLegacy<LaterOrder>>,
        /// The game stays paused: no deadline runs.
        paused: bool,
        /// The phase's new deadline; while paused, the one it would have if resumed now.
        deadline: When,
    },
    /// Somebody asks to take over a vacant power (to the master).
    TakeoverRequested {
        /// The game's name.
        game: String,
        /// The vacant power asked for (the map's name of it).
        power: String,
        /// The mail address of the one who asks.
        email: String,
    },
    /// The master refused a takeover (to the one who asked).
    TakeoverRefused {
        /// The game's name.
        game: String,
        /// The power asked for (the map's name of it).
        power: String,
    },
    /// The master removed a player (to that player's address).
    Ejected {
        /// The game's name.
        game: String,
        /// The power the player played (the map's name of it).
        power: String,
    },
    /// A power has no player now and may be taken over (to everybody).
    NoPlayer {
        /// The game's name.
        game: String,
        /// The power without a player (the map's name of it).
        power: String,
        /// Why the power lost its player.
        why: VacantWhy,
    },
    /// A new player has a power: the board and its orders (to it).
    Welcome {
        /// The game's name.
        game: String,
        /// The new player's power (the map's name of it).
        power: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The board and the supply centres as the results show them
        /// (`crate::report`'s view of the position).
        board: OrLegacy<WelcomeBoard>,
        /// The power's orders for the phase, as written back (`A par - bur`).
        orders: Vec<String>,
        /// The power's orders for later phases (PHASE) that stand.
        later: Vec<OrLegacy<LaterOrder>>,
        /// The phase's deadline; none when the phase has none.
        deadline: Option<When>,
    },
    /// A power has a new player (to everybody; never who).
    NewPlayer {
        /// The game's name.
        game: String,
        /// The power that has a new player (the map's name of it).
        power: String,
    },
    /// A power's orders are late; the judge waits a grace period (to it).
    OrdersLate {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The late power (the map's name of it).
        power: String,
        /// What is missing (`l.incomplete_players`).
        missing: OrLegacy<Missing>,
        /// When the grace period ends and the judge stops waiting.
        until: When,
    },
    /// Who is late, and until when the judge waits (to everybody else).
    WaitingForLate {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The late powers (the map's names).
        late: Vec<String>,
        /// When the grace period ends and the judge stops waiting.
        until: When,
    },
    /// A phase was processed without all of a power's orders (to it).
    ProcessedLate {
        /// The game's name.
        game: String,
        /// The phase processed (`S1901M`).
        phase: String,
        /// What was missing (`l.incomplete_players`).
        missing: OrLegacy<Missing>,
    },
    /// A power was declared abandoned (to its player's address).
    Abandoned {
        /// The game's name.
        game: String,
        /// The abandoned power (the map's name of it).
        power: String,
        /// Why it was declared abandoned.
        why: VacantWhy,
    },
    /// Orders owed before the deadline (to the power that owes them).
    Reminder {
        /// The game's name.
        game: String,
        /// The phase being played (`S1901M`).
        phase: String,
        /// The phase's deadline.
        deadline: When,
        /// What is missing (`l.incomplete_players`).
        missing: OrLegacy<Missing>,
        /// No order at all came from the power yet.
        none_yet: bool,
    },
    /// A phase began: what became of a power's orders sent in advance
    /// (to it).
    AdvanceOrders {
        /// The game's name.
        game: String,
        /// The phase that began (`S1901M`).
        phase: String,
        /// One note for each order sent in advance.
        notes: Vec<AdvanceNote>,
    },
    /// A player asked to move a power to a new address: the code that
    /// confirms it (to the new address).
    ConfirmAddress {
        /// The game's name.
        game: String,
        /// The power whose address changes (the map's name of it).
        power: String,
        /// The confirmation code to send back.
        code: String,
        /// How many days the code stays good.
        days: i64,
    },
    /// A power's address changed (to the old address).
    AddressChanged {
        /// The game's name.
        game: String,
        /// The power whose address changed (the map's name of it).
        power: String,
        /// The new mail address.
        email: String,
    },
    /// Somebody asked to observe a game: the code that confirms it (to
    /// the address that would observe).
    ConfirmObserver {
        /// The game's name.
        game: String,
        /// The confirmation code to send back.
        code: String,
        /// How many days the code stays good.
        days: i64,
    },
    /// Press between players (to each recipient, or everybody).
    Press {
        /// The game's name.
        game: String,
        /// The sender (the map's name of the power; its shown name in
        /// notices stored before); none for grey (unsigned) press.
        from: Option<String>,
        /// The recipients as shown; none: everybody.
        to: Vec<Recipient>,
        /// The message, as the sender wrote it.
        text: String,
    },
    /// The master's copy of unsigned press, naming its author.
    PressUnsigned {
        /// The game's name.
        game: String,
        /// The real author (the map's name of the power).
        sender: String,
        /// The recipients as shown; none: everybody.
        to: Vec<Recipient>,
        /// The message, as the sender wrote it.
        text: String,
    },
    /// The master's copy of fake press: who really sent it to whom.
    FakePressTruth {
        /// The game's name.
        game: String,
        /// The real author (the map's name of the power).
        sender: String,
        /// It was shown unsigned.
        anonymous: bool,
        /// The real recipients (the map's names of the powers; none:
        /// everybody). Notices stored before name them as shown, and
        /// everybody as the word `everybody`.
        real: Vec<String>,
        /// Whom it claims to go to; none: everybody.
        shown: Vec<Recipient>,
        /// The message, as the sender wrote it.
        text: String,
    },
    /// Too many wrong passwords for a power: its password is locked for a
    /// while, from every address but authenticated mail from the player's
    /// own (to its player, and with `master` to the game master).
    SignonLocked {
        /// The game's name.
        game: String,
        /// The map's name of the power.
        power: String,
        /// How many wrong passwords, within how many minutes.
        after: u32,
        /// The minutes within which they came, which is also how long the lock lasts.
        minutes: i64,
        /// The game master's copy.
        master: bool,
    },
    /// The game master acted for a power (BECOME): the player's copy of
    /// the judge's answer.
    MasterActed {
        /// The game's name.
        game: String,
        /// The power the master acted for (the map's name of it).
        power: String,
        /// The judge's answer to the master's mail.
        reply: String,
    },
    /// The game has started (to everybody; the first picture goes with it).
    GameStarted(super::reports::Started),
    /// ESP-6: what a power's spy learned (to that power).
    SpyReport(super::reports::SpyReport),
    /// ESP-7: the orders are frozen and the reaction phase is open (to
    /// everybody).
    ReactionOpened(super::reports::ReactionOpened),
    /// The game is over (to everybody; the final picture goes with it).
    GameOver(super::reports::GameOver),
    /// The results of a processed phase (to everybody; the pictures go
    /// with it).
    Results(Box<super::reports::Results>),
    /// A newly signed head of the secret log (to the master).
    SignedHead(super::reports::SignedHead),
    /// The final signed head of a finished game's secret log (to
    /// everybody and the master).
    HeadPublished(super::reports::SignedHead),
}

/// A recipient of press as the press shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Recipient {
    /// A power, by the map's name of it (`france`; its shown name in
    /// notices stored before, which reads the same).
    Power(String),
    /// The game master.
    Master,
}

/// A notice's argument that notices stored before it was typed carry as
/// English words: those are read back as they were (legacy) and shown as
/// stored; new notices carry the typed value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OrLegacy<T> {
    /// The typed value.
    Typed(T),
    /// English words, stored before the argument was typed.
    Legacy(String),
}

/// An order for a later phase that stands: its phase (`F1902R`), its
/// condition (`france A bur`) and the order (`A mun - boh`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaterOrder {
    /// The phase it is for (`F1902R`).
    pub phase: String,
    /// The condition of its IF block (`france A bur`), if any.
    pub condition: Option<String>,
    /// The order as written back (`A mun - boh`).
    pub order: String,
}

/// The board and the supply centres a new player is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WelcomeBoard {
    /// The units on the board.
    pub board: super::reports::Board,
    /// Who owns which supply centre.
    pub centres: super::reports::Centres,
}

/// What became of one order sent in advance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvanceNote {
    /// The phase it was sent for, when that phase was never played.
    pub phase: Option<String>,
    /// The order as written back.
    pub order: String,
    /// The condition of its IF block, if any.
    pub condition: Option<String>,
    /// What became of the order.
    pub outcome: AdvanceOutcome,
}

/// The fate of an order sent in advance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AdvanceOutcome {
    /// It was applied as the phase began.
    Applied,
    /// Its condition was false as the phase began.
    NotTaken,
    /// Dropped, for this reason (as stored with the order: a code, or
    /// the English of a notice stored before migration 0023).
    Dropped(super::Why),
    /// Replaced by a later order of the power's for the same unit.
    Replaced,
}

/// Why a power lost its player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VacantWhy {
    /// The game master removed its player.
    Ejected,
    /// Its orders were still missing when the grace period ran out.
    LateAfterGrace,
    /// No orders came for `streak` movement phases in a row.
    Missed {
        /// How many movement phases in a row had no orders from it.
        streak: usize,
    },
    /// It was declared abandoned, for this reason.
    Abandoned(Box<VacantWhy>),
}

/// What a public vote says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VoteWords {
    /// For a draw including every survivor.
    DrawAll,
    /// For a draw including some powers.
    DrawSome,
    /// Withdrew its draw vote.
    NoDraw,
    /// Concedes to a power (the map's name of it).
    Concede(String),
    /// Withdrew its concession.
    NoConcede,
}

impl Notice {
    /// The announcement's kind, as stored (the mail loop and the views
    /// sort announcements by it).
    pub fn kind(&self) -> AnnouncementKind {
        use AnnouncementKind as K;
        match self {
            Notice::GameFull { .. } => K::Full,
            Notice::PowerAssigned { .. } | Notice::Resigned { .. } => K::Game,
            Notice::EndedBeforeStart { .. } => K::End,
            Notice::DeadlineMoved { .. } => K::Deadline,
            Notice::DeadlineMovedForAbsence { .. } => K::Absence,
            Notice::VoteCast { .. } => K::Vote,
            Notice::MasterActed { .. } => K::Copy,
            Notice::Press { .. } | Notice::PressUnsigned { .. } | Notice::FakePressTruth { .. } => {
                K::Press
            }
            Notice::ConfirmAddress { .. }
            | Notice::AddressChanged { .. }
            | Notice::ConfirmObserver { .. } => K::Address,
            Notice::Reminder { .. } => K::Reminder,
            Notice::SignonLocked { .. } => K::SignonLock,
            Notice::AdvanceOrders { .. } => K::Game,
            Notice::TakeoverRequested { .. } | Notice::TakeoverRefused { .. } => K::Takeover,
            Notice::Ejected { .. }
            | Notice::NoPlayer { .. }
            | Notice::Welcome { .. }
            | Notice::NewPlayer { .. }
            | Notice::Abandoned { .. } => K::Player,
            Notice::OrdersLate { .. }
            | Notice::WaitingForLate { .. }
            | Notice::ProcessedLate { .. } => K::Late,
            Notice::Paused { .. }
            | Notice::Resumed { .. }
            | Notice::DeadlineSetWhilePaused { .. }
            | Notice::DeadlineSet { .. }
            | Notice::RolledBack { .. }
            | Notice::OrdersAgain { .. } => K::Game,
            Notice::GameStarted(_) => K::Start,
            Notice::SpyReport(_) => K::SpyReport,
            Notice::ReactionOpened(_) => K::Reaction,
            Notice::GameOver(_) => K::End,
            Notice::Results(_) => K::Results,
            Notice::SignedHead(_) | Notice::HeadPublished(_) => K::SignedHead,
        }
    }

    /// The notice's code and arguments, as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a notice serialises")
    }
}

/// Stores `notice` for `audience` as an announcement of the game's, in
/// the caller's transaction; returns the announcement's id. It keeps the
/// notice's code and arguments and no words: the mail loop puts it into
/// words for each reader when it queues the mail.
pub(super) fn post(
    c: &Tx<'_>,
    l: &Loaded,
    phase: Option<&str>,
    audience: &Audience,
    notice: &Notice,
    now_s: &str,
) -> Result<i64> {
    let id = c.insert_notice(&store::NewNotice {
        game_id: l.game.id,
        phase,
        audience,
        kind: notice.kind(),
        notice: &notice.to_json(),
        created_at: now_s,
    })?;
    Ok(id)
}

/// Wrong passwords have locked `power`'s sign-ons (see `crate::judge`'s
/// password guessing): the power's player and the game master are each
/// told, in the caller's transaction, with a notice put into words for
/// each reader when the mail loop queues it.
pub fn post_signon_lock(
    c: &Tx<'_>,
    game_id: i64,
    game: &str,
    power: &str,
    after: u32,
    minutes: i64,
    at: DateTime<Utc>,
) -> crate::store::DbResult<()> {
    let at = store::time_text(at);
    for (audience, master) in [
        (Audience::Power(power.to_string()), false),
        (Audience::Master, true),
    ] {
        let notice = Notice::SignonLocked {
            game: game.to_string(),
            power: power.to_string(),
            after,
            minutes,
            master,
        };
        c.insert_notice(&store::NewNotice {
            game_id,
            phase: None,
            audience: &audience,
            kind: notice.kind(),
            notice: &notice.to_json(),
            created_at: &at,
        })?;
    }
    Ok(())
}

/// BECOME: the player of `power` gets a copy of the judge's answer to the
/// mail in which the game master acted for it.
pub fn master_acted(
    st: &mut store::Store,
    game: &str,
    power: &str,
    reply: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    st.write(|c| {
        let l = super::loaded::load(c, game)?;
        let copy = Notice::MasterActed {
            game: l.game.name.clone(),
            power: power.into(),
            reply: reply.into(),
        };
        let to = Audience::Power(power.into());
        post(c, &l, None, &to, &copy, &store::time_text(now))?;
        Ok(())
    })
}
