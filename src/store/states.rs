//! The states a row can be in, typed: each is stored as the same text the
//! schema's `CHECK` lists (no migration), read back with [`FromSql`] and
//! written with [`ToSql`], so that code compares enums, not strings.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use std::fmt;
use std::str::FromStr;

/// A stored state that is not one of its enum's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{found}` is not a {what}")]
pub struct UnknownState {
    /// What kind of state was read (`power status`, ...).
    pub what: &'static str,
    /// The word found in the database.
    pub found: String,
}

/// A state enum: its words as stored, both ways, and as SQL text.
macro_rules! state {
    (
        $(#[$meta:meta])*
        $name:ident, $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every state, in the order declared.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word stored in the database.
            pub fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownState;
            fn from_str(s: &str) -> Result<Self, UnknownState> {
                match s {
                    $( $text => Ok($name::$variant), )+
                    _ => Err(UnknownState { what: $what, found: s.to_string() }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(|_| {
                    serde::de::Error::custom(format!(
                        "`{text}` is no {}",
                        stringify!($name)
                    ))
                })
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }

        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                v.as_str()?
                    .parse()
                    .map_err(|e: UnknownState| FromSqlError::Other(Box::new(e)))
            }
        }

    };
}

state! {
    /// Where a game is in its life (`games.status`).
    GameStatus, "game status" {
        /// Created; players join until every power has one.
        Forming = "forming",
        /// Started; phases are played to their deadlines.
        Active = "active",
        /// Stopped by the master; deadlines wait.
        Paused = "paused",
        /// Over: a solo, a draw, or ended by the master.
        Finished = "finished",
    }
}

state! {
    /// Where a phase is (`phases.status`).
    PhaseStatus, "phase status" {
        /// Being played: orders are taken.
        Current = "current",
        /// Adjudicated; the next phase follows from it.
        Processed = "processed",
        /// The game's last phase.
        Final = "final",
        /// Undone by a rollback (kept for the record).
        RolledBack = "rolled_back",
    }
}

state! {
    /// What became of an order line (`orders.status`).
    OrderStatus, "order status" {
        /// The order in force for its unit.
        Live = "live",
        /// A later order for the same unit took its place.
        Replaced = "replaced",
        /// Withdrawn by CLEAR.
        Withdrawn = "withdrawn",
        /// It could not be read; kept with why.
        Unreadable = "unreadable",
    }
}

state! {
    /// What became of an espionage line (`spy_orders.status`).
    SpyOrderStatus, "spy order status" {
        /// The line in force for its slot.
        Live = "live",
        /// A later line for the same slot took its place.
        Replaced = "replaced",
        /// Refused on arrival; kept with why.
        Rejected = "rejected",
    }
}

state! {
    /// What became of an order sent in advance (`future_orders.status`).
    FutureOrderStatus, "future order status" {
        /// Kept until its phase begins.
        Pending = "pending",
        /// Became an order of its phase.
        Applied = "applied",
        /// Its condition was false.
        NotTaken = "not_taken",
        /// It could not be carried out; kept with why.
        Dropped = "dropped",
        /// A later order for the same unit took its place.
        Replaced = "replaced",
        /// Withdrawn by CLEAR.
        Withdrawn = "withdrawn",
        /// Sent after the phase a rollback went back to.
        Undone = "undone",
    }
}

state! {
    /// Where a request to move a power to a new address is
    /// (`address_changes.status`).
    AddressChangeStatus, "address change status" {
        /// The code was mailed to the new address; nothing changed yet.
        Pending = "pending",
        /// The new address answered with the code: the power moved.
        Confirmed = "confirmed",
        /// Given up: a later request, or the power changed hands.
        Withdrawn = "withdrawn",
    }
}

state! {
    /// Who plays a power (`powers.status`).
    PowerStatus, "power status" {
        /// Nobody: anyone may ask for it.
        Vacant = "vacant",
        /// A player has it.
        Playing = "playing",
        /// Out of the game: no centres and no units.
        Eliminated = "eliminated",
    }
}

state! {
    /// How a game ended (`games.outcome`).
    GameOutcome, "game outcome" {
        /// One power won.
        Solo = "solo",
        /// The powers still in the game agreed to share it.
        Draw = "draw",
        /// Ended by the master, or by concession with nobody left: no
        /// winner, no draw.
        Ended = "ended",
    }
}

state! {
    /// What an announcement is about (`announcements.kind`).
    AnnouncementKind, "kind of announcement" {
        /// An absence moved a deadline.
        Absence = "absence",
        /// An address change or confirmation.
        Address = "address",
        /// A copy of a reply, for the player a master acted for.
        Copy = "copy",
        /// A new deadline.
        Deadline = "deadline",
        /// The game is over.
        End = "end",
        /// Every power has a player.
        Full = "full",
        /// News of the game (players, deadlines, orders again).
        Game = "game",
        /// Orders are late.
        Late = "late",
        /// To one player about their power (takeover, vacancy, welcome).
        Player = "player",
        /// Press.
        Press = "press",
        /// An Espionnite reaction was asked for.
        Reaction = "reaction",
        /// A reminder before the deadline.
        Reminder = "reminder",
        /// The results of a phase.
        Results = "results",
        /// A signed head of the secret log, for the master.
        SignedHead = "signed-head",
        /// Sign-ons locked after wrong passwords.
        SignonLock = "signon-lock",
        /// A private spy report.
        SpyReport = "spy-report",
        /// The game started.
        Start = "start",
        /// A takeover request, for the master.
        Takeover = "takeover",
        /// A vote ended or changed the game.
        Vote = "vote",
    }
}

/// Who an announcement goes to (`announcements.audience`). Read without
/// regard to case, as the judge always has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Every player and observer, and the master when the judge sends
    /// the master copies.
    All,
    /// Every player, no observer.
    Players,
    /// Everyone of [`Audience::All`] and the master, whatever the
    /// setting.
    AllAndMaster,
    /// Everyone of [`Audience::All`] but never the master (who gets a copy
    /// of their own).
    AllButMaster,
    /// The game master (the judge's own address when there is none).
    Master,
    /// The judge's operator: the same address as [`Audience::Master`].
    Judge,
    /// One address, as written after `address:`.
    Address(String),
    /// The player of one power, by name.
    Power(String),
}

impl Audience {
    /// The text stored in the database.
    pub fn to_text(&self) -> String {
        match self {
            Audience::All => "all".into(),
            Audience::Players => "players".into(),
            Audience::AllAndMaster => "all+master".into(),
            Audience::AllButMaster => "all-but-master".into(),
            Audience::Master => "master".into(),
            Audience::Judge => "judge".into(),
            Audience::Address(a) => format!("address:{a}"),
            Audience::Power(p) => p.clone(),
        }
    }

    /// Reads a stored audience: a keyword (any case), `address:` and an
    /// address, or else a power's name.
    pub fn parse(who: &str) -> Audience {
        match who.to_ascii_lowercase().as_str() {
            "all" => Audience::All,
            "players" => Audience::Players,
            "all+master" => Audience::AllAndMaster,
            "all-but-master" => Audience::AllButMaster,
            "master" => Audience::Master,
            "judge" => Audience::Judge,
            a if a.starts_with("address:") => {
                Audience::Address(who["address:".len()..].to_string())
            }
            _ => Audience::Power(who.to_string()),
        }
    }
}

impl fmt::Display for Audience {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl ToSql for Audience {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_text()))
    }
}

impl FromSql for Audience {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        Ok(Audience::parse(v.as_str()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    /// Each state goes into SQLite as its word and comes back the same.
    fn round_trip<T: ToSql + FromSql + PartialEq + fmt::Debug>(v: T, word: &str) {
        let c = Connection::open_in_memory().unwrap();
        let stored: String = c.query_row("SELECT ?1", [&v], |r| r.get(0)).unwrap();
        assert_eq!(stored, word);
        let back: T = c.query_row("SELECT ?1", [word], |r| r.get(0)).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn every_state_is_stored_as_its_schema_word_and_read_back() {
        for s in GameStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in PhaseStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in OrderStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in PowerStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in SpyOrderStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in FutureOrderStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in AddressChangeStatus::ALL {
            round_trip(*s, s.as_str());
        }
        for s in GameOutcome::ALL {
            round_trip(*s, s.as_str());
        }
        for s in AnnouncementKind::ALL {
            round_trip(*s, s.as_str());
        }
        assert_eq!(GameStatus::Active.as_str(), "active");
        assert_eq!(PhaseStatus::RolledBack.as_str(), "rolled_back");
        assert_eq!(AnnouncementKind::SignedHead.as_str(), "signed-head");
    }

    #[test]
    fn the_schema_words_are_the_ones_the_migrations_check() {
        let schema = include_str!("../../migrations/0001_games.sql");
        for s in GameStatus::ALL {
            assert!(schema.contains(&format!("'{s}'")), "{s}");
        }
        for s in PhaseStatus::ALL {
            assert!(schema.contains(&format!("'{s}'")), "{s}");
        }
        for s in OrderStatus::ALL {
            assert!(schema.contains(&format!("'{s}'")), "{s}");
        }
        for s in PowerStatus::ALL {
            assert!(schema.contains(&format!("'{s}'")), "{s}");
        }
        for s in GameOutcome::ALL {
            assert!(schema.contains(&format!("'{s}'")), "{s}");
        }
        let espionage = include_str!("../../migrations/0003_espionage.sql");
        for s in SpyOrderStatus::ALL {
            assert!(espionage.contains(&format!("'{s}'")), "{s}");
        }
        let address = include_str!("../../migrations/0012_address_changes.sql");
        for s in AddressChangeStatus::ALL {
            assert!(address.contains(&format!("'{s}'")), "{s}");
        }
        let future = include_str!("../../migrations/0011_future_orders.sql");
        for s in FutureOrderStatus::ALL {
            assert!(future.contains(&format!("'{s}'")), "{s}");
        }
    }

    #[test]
    fn an_unknown_stored_state_is_an_error_naming_it() {
        let c = Connection::open_in_memory().unwrap();
        let r: rusqlite::Result<GameStatus> = c.query_row("SELECT 'asleep'", [], |r| r.get(0));
        let e = r.unwrap_err().to_string();
        assert!(e.contains("`asleep` is not a game status"), "{e}");
        assert_eq!(
            "asleep".parse::<PowerStatus>(),
            Err(UnknownState {
                what: "power status",
                found: "asleep".into()
            })
        );
    }

    #[test]
    fn audiences_read_keywords_in_any_case_and_keep_addresses_as_written() {
        assert_eq!(Audience::parse("ALL"), Audience::All);
        assert_eq!(Audience::parse("all-but-master"), Audience::AllButMaster);
        assert_eq!(Audience::parse("all+master"), Audience::AllAndMaster);
        assert_eq!(
            Audience::parse("Address:Ann@Example.org"),
            Audience::Address("Ann@Example.org".into())
        );
        assert_eq!(Audience::parse("france"), Audience::Power("france".into()));
        for a in [
            Audience::All,
            Audience::Players,
            Audience::AllAndMaster,
            Audience::AllButMaster,
            Audience::Master,
            Audience::Judge,
            Audience::Address("x@y.org".into()),
            Audience::Power("england".into()),
        ] {
            let text = a.to_text();
            round_trip(a, &text);
        }
    }
}
