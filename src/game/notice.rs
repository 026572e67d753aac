//! What the game layer tells people, as typed notices.
//!
//! A step of a game's life that someone must hear about returns a
//! [`Notice`]: what happened, with its data (the game, the powers, the
//! phase, a deadline as a time), and an [`Audience`]. It carries no words:
//! `crate::text::notice` puts a notice into words for a reader. The game
//! posts a notice with [`post`], which stores it as an announcement in the
//! same transaction as the change it tells of (crash safety: the change
//! and its mail stand or fall together). The stored row keeps the notice's
//! code and arguments (`notice` column, migration 0020) besides the
//! subject and body rendered at posting time, which the mail loop sends.

use super::Result;
use super::loaded::Loaded;
use crate::store;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

/// Who reads an announcement. Stored as the text the mail loop expands
/// (`all`, `master`, `all+master`, `all-but-master`, a power's name,
/// `address:{email}`); [`Audience::stored`] is the one conversion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Every player and observer (and the master if it takes copies).
    All,
    /// Every player and observer and the master.
    AllAndMaster,
    /// Every player and observer, never the master.
    AllButMaster,
    /// The game master alone.
    Master,
    /// The player of one power (the map's name of the power).
    Power(String),
    /// One address, player or not.
    Address(String),
}

impl Audience {
    /// The audience as the announcements table stores it.
    pub fn stored(&self) -> String {
        match self {
            Audience::All => "all".into(),
            Audience::AllAndMaster => "all+master".into(),
            Audience::AllButMaster => "all-but-master".into(),
            Audience::Master => "master".into(),
            Audience::Power(p) => p.clone(),
            Audience::Address(a) => format!("address:{a}"),
        }
    }
}

/// A deadline as a notice carries it: the time and the zone the game
/// shows its times in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct When {
    #[serde(with = "time_text")]
    pub at: DateTime<Utc>,
    #[serde(with = "tz_name")]
    pub tz: Tz,
}

mod time_text {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::store::time_text(*t))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let text = String::deserialize(d)?;
        crate::store::parse_time(&text).ok_or_else(|| serde::de::Error::custom("not a time"))
    }
}

mod tz_name {
    use chrono_tz::Tz;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(tz: &Tz, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(tz.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Tz, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// One thing the game tells someone. Power names are the map's names
/// (`france`) with the name shown to players beside them (`France`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum Notice {
    /// The last power of a forming game has its player (to the master).
    GameFull { game: String },
    /// A player who joined without choosing got a power when the game
    /// filled (to that power).
    PowerAssigned {
        game: String,
        power: String,
        shown: String,
    },
    /// A player gave up a power (to everybody).
    Resigned {
        game: String,
        power: String,
        shown: String,
        /// The game was still forming: JOIN takes the power, not TAKEOVER.
        forming: bool,
    },
    /// The game master ended a game that had not started (to everybody).
    EndedBeforeStart { game: String },
    /// A deadline moved out of an absence (to everybody).
    DeadlineMoved {
        game: String,
        phase: String,
        deadline: When,
    },
    /// Which absence moved the deadline (to the master).
    DeadlineMovedForAbsence {
        game: String,
        phase: String,
        deadline: When,
        shown: String,
    },
    /// A draw vote cast, when votes are public (to everybody).
    VoteCast {
        game: String,
        shown: String,
        vote: VoteWords,
    },
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
    /// Concedes to a power (its shown name).
    Concede(String),
    /// Withdrew its concession.
    NoConcede,
}

impl Notice {
    /// The announcement's kind, as stored (the mail loop and the views
    /// sort announcements by it).
    pub fn kind(&self) -> &'static str {
        match self {
            Notice::GameFull { .. } => "full",
            Notice::PowerAssigned { .. } | Notice::Resigned { .. } => "game",
            Notice::EndedBeforeStart { .. } => "end",
            Notice::DeadlineMoved { .. } => "deadline",
            Notice::DeadlineMovedForAbsence { .. } => "absence",
            Notice::VoteCast { .. } => "vote",
        }
    }

    /// The notice's code and arguments, as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a notice serialises")
    }
}

/// Stores `notice` for `audience` as an announcement of the game's, in
/// the caller's transaction; returns the announcement's id. The words are
/// rendered by `crate::text::notice` here, the one place the game hands a
/// notice to the text module.
pub(super) fn post(
    c: &Connection,
    l: &Loaded,
    phase: Option<&str>,
    audience: &Audience,
    notice: &Notice,
    now_s: &str,
) -> Result<i64> {
    let mail = crate::text::notice::mail(crate::text::Lang::En, notice);
    let audience = audience.stored();
    let id = store::insert_announcement(
        c,
        &store::NewAnnouncement {
            game_id: l.game.id,
            phase,
            audience: &audience,
            kind: notice.kind(),
            subject: &mail.subject,
            body: &mail.body,
            created_at: now_s,
        },
    )?;
    store::set_announcement_notice(c, id, &notice.to_json())?;
    Ok(id)
}
