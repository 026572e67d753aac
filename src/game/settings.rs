//! A game's settings as stored (deadlines, press, espionage options) and
//! what `game create` asks for.

use super::clock::{next_time_of_day, parse_time_of_day};
use crate::engine::PhaseKind;
use crate::text::Lang;
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// A game's settings, stored as JSON.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Settings {
    /// Minutes allowed for a movement phase.
    pub movement_minutes: i64,
    /// Minutes allowed for a retreat phase.
    pub retreat_minutes: i64,
    /// Minutes allowed for an adjustment phase.
    pub adjust_minutes: i64,
    /// IANA timezone the deadlines are given in.
    pub timezone: String,
    /// Deadlines fall at this time of day (HH:MM in the game's timezone),
    /// the first such time after the allowed minutes have run; none: the
    /// deadline is exactly that many minutes after the phase starts.
    #[serde(default)]
    pub deadline_time: Option<String>,
    /// Press rules (`white`, `grey`, `none`); kept for the mail loop.
    pub press: String,
    /// Minutes allowed for the Espionnite reaction sub-phase (ESP-7).
    #[serde(default = "default_reaction_minutes")]
    pub reaction_minutes: i64,
    /// Minutes before a deadline at which powers still missing orders get
    /// a reminder by mail; 0 sends none.
    #[serde(default = "default_reminder_minutes")]
    pub reminder_minutes: i64,
    /// A player writing from the address registered for their power may
    /// leave the password out of SIGNON.
    #[serde(default)]
    pub password_optional: bool,
    /// Spionage: every power starts with a spy organisation (SPI-1; it
    /// still may not act in the first movement phase).
    #[serde(default)]
    pub spy_at_start: bool,
    /// The longest absence (SET ABSENCE) a player may take, in days.
    #[serde(default = "default_max_absence_days")]
    pub max_absence_days: i64,
    /// Which draws the players may vote for.
    #[serde(default)]
    pub draws: DrawRule,
    /// Whether the players may concede the game to one power.
    #[serde(default = "yes")]
    pub concessions: bool,
    /// Whether draw votes and concessions stand from phase to phase (or
    /// are cleared when a phase is processed).
    #[serde(default = "yes")]
    pub votes_kept: bool,
    /// Whether every vote is announced to everyone as it is cast.
    #[serde(default)]
    pub votes_shown: bool,
    /// Whether taking over a vacant power waits for the game master's
    /// APPROVE.
    #[serde(default = "yes")]
    pub approve_takeovers: bool,
    /// Minutes the judge waits after a deadline for late orders (late
    /// notices are sent) before processing; 0 processes at once.
    #[serde(default)]
    pub grace_minutes: i64,
    /// A power that sends no orders for this many movement phases in a
    /// row is abandoned; 0 never.
    #[serde(default = "default_abandon_after")]
    pub abandon_after: i64,
    /// Whether press may be faked (`PRESS TO E FAKE BROADCAST`, `PRESS
    /// TO E FAKE TO E, G`): its recipients are shown another list of
    /// recipients than the real one; the game master sees the truth.
    #[serde(default)]
    pub fake_press: bool,
    /// Whether the players' addresses are kept from everybody but the
    /// game master (WHOGAME and SUMMARY name no address). New games are
    /// not anonymous, as on the older email judges; a game stored before
    /// this setting existed reads as anonymous, since its players were
    /// promised that nobody would see their address.
    #[serde(default = "yes")]
    pub anonymous: bool,
    /// Which pictures of the board the results mails carry.
    #[serde(default)]
    pub pictures: Pictures,
    /// The language the game's players read in when they have not chosen
    /// one (SET LANGUAGE); none: the judge's default (see
    /// [`crate::game::reader_lang`]). Left out of the stored JSON when
    /// unset, so a game made without it is stored as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Lang>,
}

/// Which pictures of the board a game's results mails carry (issue 13).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum Pictures {
    /// A PNG, attached and shown inline in an HTML part.
    #[default]
    #[serde(rename = "png")]
    Png,
    /// The PNG, and the SVG it was drawn from attached as well.
    #[serde(rename = "png+svg")]
    PngSvg,
    /// No picture: text only.
    #[serde(rename = "off")]
    Off,
}

impl Pictures {
    /// Reads a pictures setting (`png`, `png+svg`, `off`, and the words `yes`, `svg`, `no` and the like); none if it is not one.
    pub fn parse(s: &str) -> Option<Pictures> {
        match s.trim().to_ascii_lowercase().as_str() {
            "png" | "on" | "yes" => Some(Pictures::Png),
            "png+svg" | "svg" | "both" => Some(Pictures::PngSvg),
            "off" | "no" | "none" => Some(Pictures::Off),
            _ => None,
        }
    }

    /// The setting as stored (`png`, `png+svg` or `off`).
    pub fn as_str(self) -> &'static str {
        match self {
            Pictures::Png => "png",
            Pictures::PngSvg => "png+svg",
            Pictures::Off => "off",
        }
    }
}

/// Never, unless the game says so: a power that misses phases keeps its
/// player (its units hold) until the master acts or the game sets a
/// number.
pub(super) fn default_abandon_after() -> i64 {
    0
}

fn yes() -> bool {
    true
}

/// Which draws a game allows.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DrawRule {
    /// A draw includes all survivors (DIAS): `SET DRAW` alone.
    #[default]
    Dias,
    /// A draw may name any powers: `SET DRAW France Germany`.
    Any,
    /// No draws: the game ends in a win or by the master.
    None,
}

impl DrawRule {
    /// Reads a draw rule (`dias`, `any`, `none`, and the words `all`, `some`, `no`); none if it is not one.
    pub fn parse(s: &str) -> Option<DrawRule> {
        match s.trim().to_ascii_lowercase().as_str() {
            "dias" | "all" => Some(DrawRule::Dias),
            "any" | "some" => Some(DrawRule::Any),
            "none" | "no" => Some(DrawRule::None),
            _ => None,
        }
    }

    /// The rule as stored (`dias`, `any` or `none`).
    pub fn as_str(self) -> &'static str {
        match self {
            DrawRule::Dias => "dias",
            DrawRule::Any => "any",
            DrawRule::None => "none",
        }
    }
}

pub(super) fn default_max_absence_days() -> i64 {
    15
}

pub(super) fn default_reaction_minutes() -> i64 {
    24 * 60
}

pub(super) fn default_reminder_minutes() -> i64 {
    12 * 60
}

impl Settings {
    pub(super) fn minutes(&self, kind: PhaseKind) -> i64 {
        match kind {
            PhaseKind::Movement => self.movement_minutes,
            PhaseKind::Retreat => self.retreat_minutes,
            PhaseKind::Adjustment => self.adjust_minutes,
        }
    }

    /// The game's timezone (UTC if the stored name does not read).
    pub fn tz(&self) -> Tz {
        self.timezone.parse().unwrap_or(chrono_tz::UTC)
    }

    /// The espionage rules the start mail names (its words:
    /// `src/text/settings.rs`); `None` for the standard rules only.
    pub fn espionage(&self, rules: &[String]) -> Option<EspionageRules> {
        (!rules.is_empty()).then(|| EspionageRules {
            rules: rules.to_vec(),
            reaction_minutes: self.reaction_minutes,
            spy_at_start: self.spy_at_start,
        })
    }

    /// The deadline of a phase of this kind starting at `now`.
    pub fn deadline(&self, kind: PhaseKind, now: DateTime<Utc>) -> DateTime<Utc> {
        let earliest = now + Duration::minutes(self.minutes(kind));
        match self.deadline_time.as_deref().and_then(parse_time_of_day) {
            None => earliest,
            Some(at) => next_time_of_day(earliest, at, self.tz()),
        }
    }
}

/// A game's espionage rules as the start mail and LIST name them: the
/// rule sets (`espionnite`, `spionage`), the reaction phase's length in
/// minutes (Espionnite) and whether the powers have spy organisations
/// from the start (Spionage).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EspionageRules {
    /// The rule sets in force (`espionnite`, `spionage`).
    pub rules: Vec<String>,
    /// How long the Espionnite reaction phase lasts, in minutes.
    pub reaction_minutes: i64,
    /// The powers have spy organisations from the start (Spionage).
    pub spy_at_start: bool,
}

/// What `dipspy game create` asks for.
#[derive(Debug, Clone)]
pub struct CreateOptions {
    /// The map (variant) to play on.
    pub variant: String,
    /// The espionage rule sets (`espionnite`, `spionage`; comma-separated lists are split); empty for the standard rules.
    pub rules: Vec<String>,
    /// How long a movement phase lasts (`48h`, `1d12h`).
    pub deadline: String,
    /// How long a retreat phase lasts (`24h`).
    pub retreat_deadline: String,
    /// How long an adjustment phase lasts (`24h`).
    pub adjust_deadline: String,
    /// The IANA timezone the deadlines are given in (`Europe/Berlin`).
    pub timezone: String,
    /// The time of day deadlines fall at (`20:00`, the game's time); none: exactly when the time allowed runs out.
    pub deadline_time: Option<String>,
    /// The press rules (`white`, `grey`, `none`).
    pub press: String,
    /// How long the Espionnite reaction sub-phase lasts (`24h`).
    pub reaction_deadline: String,
    /// How long before a deadline missing orders are reminded (`12h`, `0`).
    pub reminder: String,
    /// See [`Settings::password_optional`].
    pub password_optional: bool,
    /// See [`Settings::spy_at_start`].
    pub spy_at_start: bool,
    /// See [`Settings::max_absence_days`].
    pub max_absence_days: i64,
    /// See [`Settings::draws`].
    pub draws: DrawRule,
    /// See [`Settings::concessions`].
    pub concessions: bool,
    /// See [`Settings::votes_kept`].
    pub votes_kept: bool,
    /// See [`Settings::votes_shown`].
    pub votes_shown: bool,
    /// See [`Settings::approve_takeovers`].
    pub approve_takeovers: bool,
    /// How long to wait for late orders (`24h`; `0` processes at once).
    pub grace: String,
    /// See [`Settings::abandon_after`].
    pub abandon_after: i64,
    /// See [`Settings::pictures`].
    pub pictures: Pictures,
    /// See [`Settings::fake_press`].
    pub fake_press: bool,
    /// See [`Settings::anonymous`].
    pub anonymous: bool,
    /// See [`Settings::language`].
    pub language: Option<Lang>,
}

impl Default for CreateOptions {
    fn default() -> Self {
        CreateOptions {
            variant: "standard".into(),
            rules: Vec::new(),
            deadline: "48h".into(),
            retreat_deadline: "24h".into(),
            adjust_deadline: "24h".into(),
            timezone: "UTC".into(),
            deadline_time: None,
            press: "white".into(),
            reaction_deadline: "24h".into(),
            reminder: "12h".into(),
            password_optional: false,
            spy_at_start: false,
            max_absence_days: default_max_absence_days(),
            draws: DrawRule::Dias,
            concessions: true,
            votes_kept: true,
            votes_shown: false,
            approve_takeovers: true,
            grace: "0".into(),
            abandon_after: default_abandon_after(),
            pictures: Pictures::Png,
            fake_press: false,
            anonymous: false,
            language: None,
        }
    }
}
