//! The life of a game: creation, players joining, phases played one after
//! another, orders received, deadlines, missed orders, victory, draws,
//! rollbacks, and the replay that checks the stored history.
//!
//! Every operation takes the time `now` from its caller (the clock lives
//! in the command line), runs in one transaction of the [`Store`], and
//! either changes everything it should or nothing at all.
//!
//! Order replacement: in movement and retreat phases a power's new order
//! for a unit replaces that power's earlier order for the same unit (the
//! unit is known by its province); its other earlier orders stand. In an
//! adjustment phase a new submission replaces the power's whole earlier
//! set, since builds belong to no unit. Unreadable lines replace nothing.
//! `clear_orders` withdraws all of a power's orders.

use crate::adjudicate::{self, Adjudication, OrderResult, Outcome};
use crate::espionage::{Organisations, Source};
use crate::map::{Map, PowerId, ProvinceId};
use crate::order::{Line, Order, parse_line, parse_order};
use crate::phase::{Phase, PhaseError, PhaseKind, Season};
use crate::position::{DislodgedUnit, Position};
use crate::store::{self, GameRow, NewOrder, OrderRow, PhaseRow, PowerRow, Store, StoreError};
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

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
    #[error("unknown variant `{0}` (known: standard)")]
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
    #[error("{power} in game {game} is already played by {email}")]
    PowerTaken {
        game: String,
        power: String,
        email: String,
    },
    #[error("{email} has already joined game {game}")]
    AlreadyJoined { game: String, email: String },
    #[error("`{0}` is not an e-mail address")]
    BadEmail(String),
    #[error("a player needs a password (--password)")]
    EmptyPassword,
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
    #[error("cannot hash the password: {0}")]
    Password(String),
    #[error("the stored game {game} is damaged: {what}")]
    Corrupt { game: String, what: String },
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

type Result<T> = std::result::Result<T, GameError>;

mod esp;
mod reminders;

pub use esp::{export_secret_log, secret_log, verify_secret_log};
pub use reminders::send_reminders;

// ------------------------------------------------------------ settings

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
}

fn default_reaction_minutes() -> i64 {
    24 * 60
}

fn default_reminder_minutes() -> i64 {
    12 * 60
}

impl Settings {
    fn minutes(&self, kind: PhaseKind) -> i64 {
        match kind {
            PhaseKind::Movement => self.movement_minutes,
            PhaseKind::Retreat => self.retreat_minutes,
            PhaseKind::Adjustment => self.adjust_minutes,
        }
    }

    pub fn tz(&self) -> Tz {
        self.timezone.parse().unwrap_or(chrono_tz::UTC)
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

/// Reads `48h`, `30m`, `2d`, `1d12h`, `90` (minutes) into minutes.
pub fn parse_duration(s: &str) -> Result<i64> {
    let err = || GameError::BadDuration(s.to_string());
    let t = s.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Err(err());
    }
    if let Ok(m) = t.parse::<i64>() {
        return if m > 0 { Ok(m) } else { Err(err()) };
    }
    let mut total = 0i64;
    let mut num = String::new();
    for c in t.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let n: i64 = num.parse().map_err(|_| err())?;
        num.clear();
        total += match c {
            'd' => n * 24 * 60,
            'h' => n * 60,
            'm' => n,
            _ => return Err(err()),
        };
    }
    if !num.is_empty() || total <= 0 || total > 365 * 24 * 60 {
        return Err(err());
    }
    Ok(total)
}

fn parse_time_of_day(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s.trim(), "%H:%M").ok()
}

/// The first moment at or after `t` when the clock in `tz` shows `at`.
/// When `at` does not exist that day (clocks jump forward), the deadline
/// is the first moment after the jump.
pub fn next_time_of_day(t: DateTime<Utc>, at: NaiveTime, tz: Tz) -> DateTime<Utc> {
    let local = t.with_timezone(&tz);
    let mut day = local.date_naive();
    for _ in 0..3 {
        let naive = day.and_time(at);
        let resolved = match tz.from_local_datetime(&naive) {
            chrono::LocalResult::Single(x) => Some(x),
            chrono::LocalResult::Ambiguous(a, _) => Some(a),
            chrono::LocalResult::None => {
                // In the gap: move forward an hour, which lands after it.
                tz.from_local_datetime(&(naive + Duration::hours(1)))
                    .earliest()
            }
        };
        if let Some(x) = resolved {
            let u = x.with_timezone(&Utc);
            if u >= t {
                return u;
            }
        }
        day = day.succ_opt().expect("dates far from the end of time");
    }
    t
}

/// A time for people: `2025-03-30 20:00 CEST` in the game's timezone.
pub fn show_time(t: DateTime<Utc>, tz: Tz) -> String {
    t.with_timezone(&tz).format("%Y-%m-%d %H:%M %Z").to_string()
}

/// What `dipspy game create` asks for.
#[derive(Debug, Clone)]
pub struct CreateOptions {
    pub variant: String,
    pub rules: Vec<String>,
    pub deadline: String,
    pub retreat_deadline: String,
    pub adjust_deadline: String,
    pub timezone: String,
    pub deadline_time: Option<String>,
    pub press: String,
    /// How long the Espionnite reaction sub-phase lasts (`24h`).
    pub reaction_deadline: String,
    /// How long before a deadline missing orders are reminded (`12h`, `0`).
    pub reminder: String,
    /// See [`Settings::password_optional`].
    pub password_optional: bool,
    /// See [`Settings::spy_at_start`].
    pub spy_at_start: bool,
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
        }
    }
}

// ------------------------------------------------------------ positions as JSON

#[derive(Serialize, Deserialize)]
struct PositionJson {
    phase: String,
    units: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    dislodged: Vec<DislodgedJson>,
    #[serde(default)]
    contested: Vec<String>,
    centers: BTreeMap<String, Vec<String>>,
}

#[derive(Serialize, Deserialize)]
struct DislodgedJson {
    power: String,
    unit: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    attacked_from: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    retreats: Vec<String>,
}

/// A position as stored: units, dislodged units, contested provinces and
/// centre ownership by power, with the map's short names.
pub fn position_to_json(map: &Map, p: &Position) -> String {
    let pname = |id: PowerId| map.power(id).name.clone();
    let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for u in &p.units {
        units.entry(pname(u.power)).or_default().push(u.text(map));
    }
    let dislodged = p
        .dislodged
        .iter()
        .map(|d| DislodgedJson {
            power: pname(d.unit.power),
            unit: d.unit.text(map),
            attacked_from: d.attacked_from.map(|a| map.province(a).abbr.clone()),
            retreats: Vec::new(),
        })
        .collect();
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (i, o) in p.owners.iter().enumerate() {
        if let Some(owner) = o {
            centers
                .entry(pname(*owner))
                .or_default()
                .push(map.province(ProvinceId(i as u8)).abbr.clone());
        }
    }
    let j = PositionJson {
        phase: p.phase.to_string(),
        units,
        dislodged,
        contested: p
            .contested
            .iter()
            .map(|c| map.province(*c).abbr.clone())
            .collect(),
        centers,
    };
    serde_json::to_string(&j).expect("positions always serialise")
}

/// Reads a stored position back.
pub fn position_from_json(map: &Map, text: &str) -> std::result::Result<Position, String> {
    let j: PositionJson = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let phase = Phase::parse(&j.phase).map_err(|e| e.to_string())?;
    let power = |n: &str| map.power_by_name(n).ok_or(format!("unknown power `{n}`"));
    let province = |n: &str| {
        map.province_by_name(n)
            .ok_or(format!("unknown province `{n}`"))
    };
    let unit = |pw: PowerId, s: &str| {
        map.parse_unit(s)
            .map(|(unit_type, location)| crate::position::Unit {
                power: pw,
                unit_type,
                location,
            })
            .ok_or(format!("unreadable unit `{s}`"))
    };
    let mut p = Position::empty(map, phase);
    p.owners = vec![None; map.provinces().len()];
    for (pw, list) in &j.units {
        let id = power(pw)?;
        for s in list {
            p.units.push(unit(id, s)?);
        }
    }
    for d in &j.dislodged {
        let id = power(&d.power)?;
        p.dislodged.push(DislodgedUnit {
            unit: unit(id, &d.unit)?,
            attacked_from: match &d.attacked_from {
                Some(a) => Some(province(a)?),
                None => None,
            },
        });
    }
    for c in &j.contested {
        p.contested.push(province(c)?);
    }
    for (pw, list) in &j.centers {
        let id = power(pw)?;
        for c in list {
            p.owners[province(c)?.0 as usize] = Some(id);
        }
    }
    p.normalize();
    Ok(p)
}

/// What a processed phase produced besides the order results, stored as
/// JSON with the phase.
#[derive(Serialize, Deserialize, Default)]
struct ResultsJson {
    next_phase: String,
    #[serde(default)]
    dislodged: Vec<DislodgedJson>,
    #[serde(default)]
    contested: Vec<String>,
    #[serde(default)]
    missed: Vec<String>,
    #[serde(default)]
    eliminated: Vec<String>,
}

// ------------------------------------------------------------ helpers

struct Loaded {
    game: GameRow,
    map: &'static Map,
    settings: Settings,
}

fn load(c: &Connection, name: &str) -> Result<Loaded> {
    let game = store::game_by_name(c, name)?.ok_or_else(|| GameError::UnknownGame(name.into()))?;
    let map = Map::by_variant(&game.variant).ok_or_else(|| GameError::Corrupt {
        game: game.name.clone(),
        what: format!("unknown variant `{}`", game.variant),
    })?;
    let settings: Settings =
        serde_json::from_str(&game.settings).map_err(|e| GameError::Corrupt {
            game: game.name.clone(),
            what: format!("settings: {e}"),
        })?;
    Ok(Loaded {
        game,
        map,
        settings,
    })
}

impl Loaded {
    fn corrupt(&self, what: impl Into<String>) -> GameError {
        GameError::Corrupt {
            game: self.game.name.clone(),
            what: what.into(),
        }
    }

    fn wrong_status(&self, what: &str) -> GameError {
        GameError::WrongStatus {
            game: self.game.name.clone(),
            status: status_words(&self.game.status).into(),
            what: what.into(),
        }
    }

    fn power(&self, name: &str) -> Result<PowerId> {
        self.map.power_by_name(name.trim()).ok_or_else(|| {
            let known: Vec<&str> = self.map.powers().iter().map(|p| p.name.as_str()).collect();
            GameError::UnknownPower {
                game: self.game.name.clone(),
                power: name.into(),
                known: known.join(", "),
            }
        })
    }

    fn pname(&self, id: PowerId) -> String {
        self.map.power(id).name.clone()
    }

    /// The phase's position. One message reads the same stored position
    /// several times (to check the orders, then to show them), so the last
    /// one read is kept, keyed by its exact text and the map.
    fn position(&self, row: &PhaseRow) -> Result<Position> {
        type Last = Option<(*const Map, String, Position)>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        let map: *const Map = self.map;
        let hit = LAST.with_borrow(|last| {
            last.as_ref()
                .filter(|(m, text, _)| *m == map && *text == row.position)
                .map(|(_, _, p)| p.clone())
        });
        if let Some(p) = hit {
            return Ok(p);
        }
        let p = position_from_json(self.map, &row.position)
            .map_err(|e| self.corrupt(format!("phase {}: {e}", row.phase)))?;
        LAST.set(Some((map, row.position.clone(), p.clone())));
        Ok(p)
    }

    fn current(&self, c: &Connection) -> Result<PhaseRow> {
        match store::live_phase(c, self.game.id)? {
            Some(r) if r.status == "current" => Ok(r),
            _ => Err(self.wrong_status("it has no phase being played")),
        }
    }

    fn require_status(&self, allowed: &[&str], what: &str) -> Result<()> {
        if allowed.contains(&self.game.status.as_str()) {
            Ok(())
        } else {
            Err(self.wrong_status(what))
        }
    }
}

fn status_words(s: &str) -> &str {
    match s {
        "forming" => "still forming (not started)",
        "active" => "running",
        "paused" => "paused",
        "finished" => "finished",
        other => other,
    }
}

/// The stored, parsed orders that count for processing, in the order
/// received.
fn live_orders(
    l: &Loaded,
    kind: PhaseKind,
    rows: &[OrderRow],
) -> Result<Vec<(i64, PowerId, Order)>> {
    let mut out = Vec::new();
    for r in rows.iter().filter(|r| r.status == "live") {
        let text = r.parsed.as_deref().unwrap_or("");
        let order = parse_order(l.map, kind, text)
            .map_err(|e| l.corrupt(format!("stored order `{text}` no longer reads: {e}")))?;
        out.push((r.id, l.power(&r.power)?, order));
    }
    Ok(out)
}

/// The key by which a later order replaces an earlier one: the unit's
/// province (movement and retreat phases).
fn unit_key(order: &Order) -> Option<ProvinceId> {
    order.unit().map(|u| u.location.province)
}

/// How many orders a power owes in an adjustment phase: removals owed, or
/// builds it can actually place.
fn adjustment_due(map: &Map, pos: &Position, power: PowerId) -> usize {
    let a = pos.adjustments(map)[power.0 as usize];
    let d = a.delta();
    if d < 0 {
        (-d) as usize
    } else if d > 0 {
        let free = map
            .home_centers(power)
            .filter(|h| pos.owner(*h) == Some(power) && pos.unit_at(*h).is_none())
            .count();
        free.min(d as usize)
    } else {
        0
    }
}

/// Whether a power has anything to order in this position.
fn needs_orders(map: &Map, pos: &Position, power: PowerId) -> bool {
    match pos.phase.kind {
        PhaseKind::Movement => pos.units_of(power).next().is_some(),
        PhaseKind::Retreat => pos.dislodged.iter().any(|d| d.unit.power == power),
        PhaseKind::Adjustment => adjustment_due(map, pos, power) > 0,
    }
}

/// Whether a power's live orders cover everything it has to order.
fn orders_complete(
    map: &Map,
    pos: &Position,
    power: PowerId,
    orders: &[(i64, PowerId, Order)],
) -> bool {
    let mine: Vec<&Order> = orders
        .iter()
        .filter(|(_, p, _)| *p == power)
        .map(|(_, _, o)| o)
        .collect();
    let keys: BTreeSet<ProvinceId> = mine.iter().filter_map(|o| unit_key(o)).collect();
    match pos.phase.kind {
        PhaseKind::Movement => pos
            .units_of(power)
            .all(|u| keys.contains(&u.location.province)),
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .filter(|d| d.unit.power == power)
            .all(|d| keys.contains(&d.unit.location.province)),
        PhaseKind::Adjustment => mine.len() >= adjustment_due(map, pos, power),
    }
}

fn has_presence(pos: &Position, power: PowerId) -> bool {
    pos.units_of(power).next().is_some()
        || pos.dislodged.iter().any(|d| d.unit.power == power)
        || !pos.centers_of(power).is_empty()
}

/// An argon2 hash of a password, as stored for players and for the
/// master password in the configuration.
pub fn hash_password(pw: &str) -> Result<String> {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(pw.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| GameError::Password(e.to_string()))
}

/// Whether `pw` is the password stored (as an argon2 hash) for a player.
pub fn verify_password(hash: &str, pw: &str) -> bool {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    PasswordHash::new(hash)
        .map(|h| {
            argon2::Argon2::default()
                .verify_password(pw.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

fn random_below(n: usize) -> usize {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    (OsRng.next_u64() % n as u64) as usize
}

// ------------------------------------------------------------ lifecycle

/// Creates a game, forming (players may join).
pub fn create(st: &mut Store, name: &str, o: &CreateOptions, now: DateTime<Utc>) -> Result<()> {
    let ok_name = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok_name {
        return Err(GameError::BadGameName(name.into()));
    }
    let map =
        Map::by_variant(&o.variant).ok_or_else(|| GameError::UnknownVariant(o.variant.clone()))?;
    let mut rules = Vec::new();
    for r in o.rules.iter().flat_map(|r| r.split(',')) {
        let r = r.trim().to_ascii_lowercase();
        if r.is_empty() {
            continue;
        }
        if r != "espionnite" && r != "spionage" {
            return Err(GameError::UnknownRules(r));
        }
        rules.push(r);
    }
    rules.dedup();
    if o.timezone.parse::<Tz>().is_err() {
        return Err(GameError::BadTimezone(o.timezone.clone()));
    }
    if let Some(t) = &o.deadline_time
        && parse_time_of_day(t).is_none()
    {
        return Err(GameError::BadTimeOfDay(t.clone()));
    }
    let settings = Settings {
        movement_minutes: parse_duration(&o.deadline)?,
        retreat_minutes: parse_duration(&o.retreat_deadline)?,
        adjust_minutes: parse_duration(&o.adjust_deadline)?,
        timezone: o.timezone.clone(),
        deadline_time: o.deadline_time.clone(),
        press: o.press.clone(),
        reaction_minutes: parse_duration(&o.reaction_deadline)?,
        reminder_minutes: if o.reminder.trim() == "0" {
            0
        } else {
            parse_duration(&o.reminder)?
        },
        password_optional: o.password_optional,
        spy_at_start: o.spy_at_start,
    };
    let settings_json = serde_json::to_string(&settings).expect("settings serialise");
    let variant = o.variant.clone();
    let rules_text = rules.join(",");
    st.write(|c| {
        if store::game_by_name(c, name)?.is_some() {
            return Err(GameError::DuplicateGame(name.into()));
        }
        let id = store::insert_game(
            c,
            name,
            &variant,
            &rules_text,
            &settings_json,
            &store::time_text(now),
        )?;
        for p in map.powers() {
            store::insert_power(c, id, &p.name)?;
        }
        tracing::info!(game = name, "game created");
        Ok(())
    })
}

/// What a join did.
#[derive(Debug, Serialize)]
pub struct JoinReport {
    /// The power the player got, if one was chosen or assigned.
    pub power: Option<String>,
    /// Powers assigned at random because the game filled: (power, email).
    pub assigned: Vec<(String, String)>,
}

/// A player joins a forming game, as `power` or (none) for a power drawn
/// at random when the game fills.
pub fn join(
    st: &mut Store,
    name: &str,
    power: Option<&str>,
    email: &str,
    password: &str,
    now: DateTime<Utc>,
) -> Result<JoinReport> {
    let email = email.trim();
    if !email.contains('@') || email.contains(char::is_whitespace) || email.len() < 3 {
        return Err(GameError::BadEmail(email.into()));
    }
    if password.is_empty() {
        return Err(GameError::EmptyPassword);
    }
    // Check everything that can fail before the slow hash.
    {
        let l = load(st.conn(), name)?;
        l.require_status(&["forming"], "players can only join before the game starts")?;
        if let Some(p) = power {
            l.power(p)?;
        }
    }
    let hash = hash_password(password)?;
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["forming"], "players can only join before the game starts")?;
        let powers = store::powers(c, l.game.id)?;
        let waiting = store::waiting_players(c, l.game.id)?;
        let taken = |e: &str| {
            powers.iter().any(|p| {
                p.email
                    .as_deref()
                    .is_some_and(|x| x.eq_ignore_ascii_case(e))
            }) || waiting.iter().any(|w| w.email.eq_ignore_ascii_case(e))
        };
        if taken(email) {
            return Err(GameError::AlreadyJoined {
                game: l.game.name.clone(),
                email: email.into(),
            });
        }
        let mut report = JoinReport {
            power: None,
            assigned: Vec::new(),
        };
        match power {
            Some(p) => {
                let id = l.power(p)?;
                let pname = l.pname(id);
                let row = powers.iter().find(|r| r.power == pname).ok_or_else(|| {
                    l.corrupt(format!("power {pname} missing from the game's powers"))
                })?;
                if let Some(e) = &row.email {
                    return Err(GameError::PowerTaken {
                        game: l.game.name.clone(),
                        power: l.map.power(id).display_name(),
                        email: e.clone(),
                    });
                }
                store::seat_player(c, l.game.id, &pname, email, &hash, &now_s)?;
                report.power = Some(pname);
            }
            None => {
                let vacant = powers.iter().filter(|p| p.email.is_none()).count();
                if waiting.len() >= vacant {
                    return Err(l.wrong_status("every power already has a player"));
                }
                store::insert_waiting(c, l.game.id, email, &hash, &now_s)?;
            }
        }
        // Random assignment when the game fills.
        let powers = store::powers(c, l.game.id)?;
        let waiting = store::waiting_players(c, l.game.id)?;
        let mut vacant: Vec<&PowerRow> = powers.iter().filter(|p| p.email.is_none()).collect();
        if !waiting.is_empty() && waiting.len() == vacant.len() {
            for w in &waiting {
                let i = random_below(vacant.len());
                let p = vacant.swap_remove(i);
                store::seat_player(c, l.game.id, &p.power, &w.email, &w.password_hash, &now_s)?;
                store::delete_waiting(c, w.id)?;
                if w.email == email {
                    report.power = Some(p.power.clone());
                }
                report.assigned.push((p.power.clone(), w.email.clone()));
            }
        }
        Ok(report)
    })
}

/// Starts a forming game whose powers all have players: the first phase
/// begins with its deadline.
pub fn start(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["forming"], "it has already started")?;
        let powers = store::powers(c, l.game.id)?;
        let missing: Vec<String> = powers
            .iter()
            .filter(|p| p.email.is_none())
            .map(|p| p.power.clone())
            .collect();
        if !missing.is_empty() {
            return Err(GameError::NotFull {
                game: l.game.name.clone(),
                missing: missing.join(", "),
            });
        }
        let pos = Position::initial(l.map, 1901);
        let deadline = l.settings.deadline(pos.phase.kind, now);
        let now_s = store::time_text(now);
        let phase_id = store::insert_phase(
            c,
            l.game.id,
            &pos.phase.to_string(),
            &position_to_json(l.map, &pos),
            "current",
            Some(&store::time_text(deadline)),
            &now_s,
            None,
        )?;
        // SPI-1: organisations at the start only with spy_at_start.
        let orgs = Organisations::at_start(l.map, l.settings.spy_at_start);
        esp::start_phase(c, &l, phase_id, &orgs)?;
        let rules: Vec<String> = l
            .game
            .rules
            .split(',')
            .filter(|r| !r.is_empty())
            .map(|r| r[..1].to_uppercase() + &r[1..])
            .collect();
        let mail = crate::report::game_started_mail(
            &l.game.name,
            &rules,
            &pos.phase.long_name(),
            &show_time(deadline, l.settings.tz()),
        );
        announce(
            c,
            &l,
            Some(&pos.phase.to_string()),
            "all",
            "start",
            &mail,
            &now_s,
        )?;
        store::set_game_status(c, l.game.id, "active")?;
        tracing::info!(game = name, "game started");
        Ok(PhaseInfo {
            phase: pos.phase,
            deadline: Some(deadline),
            tz: l.settings.tz(),
        })
    })
}

/// A phase and its deadline, for messages.
#[derive(Debug, Clone)]
pub struct PhaseInfo {
    pub phase: Phase,
    pub deadline: Option<DateTime<Utc>>,
    pub tz: Tz,
}

impl std::fmt::Display for PhaseInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.phase.long_name(), self.phase)?;
        if let Some(d) = self.deadline {
            write!(f, ", deadline {}", show_time(d, self.tz))?;
        }
        Ok(())
    }
}

// ------------------------------------------------------------ orders

/// One order line as the submission receipt reports it.
#[derive(Debug, Serialize)]
pub struct SubmittedLine {
    pub line: usize,
    pub raw: String,
    /// The canonical form, when the line was read.
    pub order: Option<String>,
    /// Why it could not be read.
    pub error: Option<String>,
    /// The earlier order this one replaced.
    pub replaced: Option<String>,
}

/// The receipt of a submission.
#[derive(Debug, Serialize)]
pub struct SubmitReport {
    pub phase: String,
    pub lines: Vec<SubmittedLine>,
    /// The power's orders that now stand, canonical form.
    pub standing: Vec<String>,
}

impl SubmitReport {
    pub fn rejected(&self) -> usize {
        self.lines.iter().filter(|l| l.error.is_some()).count()
    }
}

/// Who sent a submission and how.
#[derive(Debug, Clone, Default)]
pub struct Sender {
    /// The address, or none for the judge at the command line.
    pub from: Option<String>,
    pub message_id: Option<String>,
}

/// Stores a power's orders for the current phase (see the module comment
/// for how they replace earlier ones). `phase`, when given, must be the
/// current phase.
pub fn submit_orders(
    st: &mut Store,
    name: &str,
    power: &str,
    text: &str,
    phase: Option<&str>,
    sender: &Sender,
    now: DateTime<Utc>,
) -> Result<SubmitReport> {
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused"], "it takes no orders")?;
        let pid = l.power(power)?;
        let pname = l.pname(pid);
        check_playing(c, &l, &pname, "give orders")?;
        let row = l.current(c)?;
        if let Some(given) = phase {
            let given = Phase::parse(given)?;
            if given.to_string() != row.phase {
                return Err(GameError::WrongPhase {
                    game: l.game.name.clone(),
                    current: row.phase.clone(),
                    given: given.to_string(),
                });
            }
        }
        let pos = l.position(&row)?;
        let kind = pos.phase.kind;
        let es = esp::state(c, &l, &row)?;
        let frozen = es.as_ref().is_some_and(|e| e.reaction_open());
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, s)| (i + 1, s.trim()))
            .filter(|(_, s)| !s.is_empty() && !s.starts_with('#'))
            .collect();
        if lines.is_empty() {
            return Err(GameError::NoOrders);
        }
        let by = sender.from.clone().unwrap_or_else(|| "judge".into());
        // Live orders of this power: (id, canonical text, key).
        let mut live: Vec<(i64, String, Option<ProvinceId>)> = Vec::new();
        for r in store::live_orders(c, row.id, Some(&pname))? {
            let t = r.parsed.unwrap_or_default();
            let key = parse_order(l.map, kind, &t).ok().and_then(|o| unit_key(&o));
            live.push((r.id, t, key));
        }
        let mut report = SubmitReport {
            phase: row.phase.clone(),
            lines: Vec::new(),
            standing: Vec::new(),
        };
        let mut whole_set_replaced = false;
        for (n, raw) in lines {
            let parsed = match parse_line(l.map, kind, raw) {
                Ok(Line::Spy(spy)) => match &es {
                    Some(es) => {
                        let line = esp::submit_spy_line(
                            c, &l, es, &row, &pos, pid, n, raw, &spy, sender, &now_s,
                        )?;
                        report.lines.push(line);
                        continue;
                    }
                    None => Err(format!(
                        "`{}` is an espionage order, and game {} plays without espionage rules",
                        spy.to_text(l.map),
                        l.game.name
                    )),
                },
                Ok(Line::Order(o)) if frozen => Err(format!(
                    "`{}` cannot be taken: the orders for {} are frozen for the reaction phase; change one unit with REACTION {} (ESP-7)",
                    o.to_text(l.map),
                    row.phase,
                    o.to_text(l.map)
                )),
                Ok(Line::Order(o)) => Ok(o),
                Err(e) => Err(format!("cannot read the order {e}")),
            };
            let (canon, error) = match &parsed {
                Ok(o) => (Some(o.to_text(l.map)), None),
                Err(e) => (None, Some(e.clone())),
            };
            let id = store::insert_order(
                c,
                &NewOrder {
                    phase_id: row.id,
                    power: &pname,
                    raw,
                    parsed: canon.as_deref(),
                    error: error.as_deref(),
                    submitted_by: &by,
                    submitted_at: &now_s,
                    message_id: sender.message_id.as_deref(),
                },
            )?;
            let mut replaced = None;
            if let Ok(o) = &parsed {
                if kind == PhaseKind::Adjustment {
                    if !whole_set_replaced {
                        whole_set_replaced = true;
                        let old: Vec<String> = live.iter().map(|(_, t, _)| t.clone()).collect();
                        for (oid, _, _) in live.drain(..) {
                            store::replace_order(c, oid, id)?;
                        }
                        if !old.is_empty() {
                            replaced = Some(old.join("; "));
                        }
                    }
                } else if let Some(k) = unit_key(o)
                    && let Some(i) = live.iter().position(|(_, _, key)| *key == Some(k))
                {
                    let (oid, t, _) = live.remove(i);
                    store::replace_order(c, oid, id)?;
                    replaced = Some(t);
                }
                live.push((id, canon.clone().unwrap_or_default(), unit_key(o)));
            }
            report.lines.push(SubmittedLine {
                line: n,
                raw: raw.to_string(),
                order: canon,
                error,
                replaced,
            });
        }
        report.standing = live.into_iter().map(|(_, t, _)| t).collect();
        if es.is_some() {
            report.standing.extend(esp::standing(c, &row, &pname)?);
        }
        Ok(report)
    })
}

fn check_playing(c: &Connection, l: &Loaded, pname: &str, what: &str) -> Result<PowerRow> {
    let row = store::powers(c, l.game.id)?
        .into_iter()
        .find(|p| p.power == pname)
        .ok_or_else(|| l.corrupt(format!("power {pname} missing")))?;
    if row.status == "eliminated" {
        return Err(GameError::Eliminated {
            game: l.game.name.clone(),
            power: pname.into(),
            what: what.into(),
        });
    }
    Ok(row)
}

/// Withdraws all of a power's orders for the current phase. Returns how
/// many were withdrawn.
pub fn clear_orders(st: &mut Store, name: &str, power: &str) -> Result<usize> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused"], "it takes no orders")?;
        let pname = l.pname(l.power(power)?);
        let row = l.current(c)?;
        if esp::state(c, &l, &row)?.is_some_and(|e| e.reaction_open()) {
            return Err(GameError::Frozen {
                game: l.game.name.clone(),
                phase: row.phase.clone(),
            });
        }
        let n = store::withdraw_orders(c, row.id, &pname)?;
        Ok(n + store::spy::withdraw_spy_orders(c, row.id, &pname)?)
    })
}

/// Sets or clears a power's wait flag: while it is set, the current phase
/// is not processed before its deadline.
pub fn set_wait(st: &mut Store, name: &str, power: &str, wait: bool) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused"], "there is no phase to wait for")?;
        let pname = l.pname(l.power(power)?);
        check_playing(c, &l, &pname, "ask to wait")?;
        store::set_wait(c, l.game.id, &pname, wait)?;
        Ok(())
    })
}

/// One power's orders for the current phase, for `orders show`.
#[derive(Debug, Serialize)]
pub struct PowerOrders {
    pub power: String,
    /// Orders that stand, canonical form.
    pub orders: Vec<String>,
    /// The power's espionage lines that stand (spy, counter-spy, reaction,
    /// Fake or Anti, founding), canonical form; only the judge and the
    /// power itself ever see them.
    pub spy: Vec<String>,
    /// Whether they cover everything the power has to order.
    pub complete: bool,
    pub needs_orders: bool,
    pub wait: bool,
}

pub fn show_orders(
    st: &Store,
    name: &str,
    power: Option<&str>,
) -> Result<(String, Vec<PowerOrders>)> {
    let c = st.conn();
    let l = load(c, name)?;
    let only = power.map(|p| l.power(p)).transpose()?;
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    let only_name = only.map(|p| l.pname(p));
    let rows = store::live_orders(c, row.id, only_name.as_deref())?;
    let live = live_orders(&l, pos.phase.kind, &rows)?;
    let prows = store::powers(c, l.game.id)?;
    let mut out = Vec::new();
    for p in l.map.powers() {
        if only.is_some_and(|o| o != p.id) {
            continue;
        }
        let pr = prows.iter().find(|r| r.power == p.name);
        if pr.is_some_and(|r| r.status == "eliminated") && only.is_none() {
            continue;
        }
        out.push(PowerOrders {
            power: p.name.clone(),
            orders: live
                .iter()
                .filter(|(_, q, _)| *q == p.id)
                .map(|(_, _, o)| o.to_text(l.map))
                .collect(),
            spy: if !l.game.rules.is_empty() {
                esp::standing(c, &row, &p.name)?
            } else {
                Vec::new()
            },
            complete: orders_complete(l.map, &pos, p.id, &live),
            needs_orders: needs_orders(l.map, &pos, p.id),
            wait: pr.is_some_and(|r| r.wait),
        });
    }
    Ok((row.phase, out))
}

// ------------------------------------------------------------ processing

/// What processing a phase did.
#[derive(Debug, Clone)]
pub struct ProcessReport {
    pub game: String,
    pub processed: Phase,
    /// Powers that had orders to give and gave none.
    pub missed: Vec<String>,
    pub eliminated: Vec<String>,
    /// The phase now being played, or none when the game ended.
    pub next: Option<PhaseInfo>,
    /// `solo: france` or `draw: ...` when the game ended.
    pub ended: Option<String>,
    /// The readable results.
    pub report: String,
    /// Espionnite: the orders were frozen and the reaction sub-phase
    /// opened; the phase itself is adjudicated when it ends (ESP-7).
    pub reaction_opened: bool,
}

/// Processes the current phase of a game now, whatever its deadline.
pub fn process(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<ProcessReport> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active"], "resume it before processing")?;
        process_in(c, &l, now)
    })
}

fn process_in(c: &Connection, l: &Loaded, now: DateTime<Utc>) -> Result<ProcessReport> {
    let now_s = store::time_text(now);
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    let es = esp::state(c, l, &row)?;
    // ESP-5..7: at the movement deadline an Espionnite game first freezes
    // the orders and opens the reaction sub-phase.
    if let Some(es) = &es
        && es.rules.espionnite
        && pos.phase.kind == PhaseKind::Movement
        && !es.reaction_open()
    {
        return esp::open_reaction(c, l, es, &row, &pos, now);
    }
    let rows = store::live_orders(c, row.id, None)?;
    let live = live_orders(l, pos.phase.kind, &rows)?;
    let computed = compute(c, l, &row, &pos, es.as_ref(), &live)?;
    let adj = &computed.adj;
    for ((id, _, _), r) in live.iter().zip(&computed.row_results) {
        store::set_order_result(c, *id, r.outcome.as_str(), &r.reason)?;
    }

    // Who missed.
    let powers = store::powers(c, l.game.id)?;
    let mut missed = Vec::new();
    for p in l.map.powers() {
        if needs_orders(l.map, &pos, p.id) && !live.iter().any(|(_, q, _)| *q == p.id) {
            store::insert_missed(c, row.id, &p.name)?;
            missed.push(p.name.clone());
        }
    }

    // Eliminations.
    let next = adj.next.clone();
    let mut eliminated = Vec::new();
    for pr in powers.iter().filter(|p| p.status == "playing") {
        let id = l.power(&pr.power)?;
        if !has_presence(&next, id) {
            store::set_power_status(c, l.game.id, &pr.power, "eliminated", Some(&row.phase))?;
            eliminated.push(pr.power.clone());
        }
    }

    let results = results_json(l.map, adj, &missed, &eliminated);
    store::mark_processed(c, row.id, &now_s, &results)?;

    // Solo?
    let total = l.map.supply_centers().count();
    let winner = l
        .map
        .powers()
        .iter()
        .find(|p| next.centers_of(p.id).len() * 2 > total);
    let survivors: Vec<String> = store::powers(c, l.game.id)?
        .into_iter()
        .filter(|p| p.status == "playing")
        .collect::<Vec<_>>()
        .iter()
        .map(|p| p.power.clone())
        .collect();
    let all_voted = !survivors.is_empty()
        && store::powers(c, l.game.id)?
            .iter()
            .filter(|p| p.status == "playing")
            .all(|p| p.draw_vote);
    let next_json = position_to_json(l.map, &next);
    let next_s = next.phase.to_string();
    let (next_id, next_info, ended) = if let Some(w) = winner {
        let id = store::insert_phase(
            c,
            l.game.id,
            &next_s,
            &next_json,
            "final",
            None,
            &now_s,
            Some(row.id),
        )?;
        store::set_game_status(c, l.game.id, "finished")?;
        store::set_outcome(c, l.game.id, Some("solo"), Some(&w.name))?;
        (
            id,
            None,
            Some(format!("solo victory for {}", w.display_name())),
        )
    } else if all_voted {
        let id = store::insert_phase(
            c,
            l.game.id,
            &next_s,
            &next_json,
            "final",
            None,
            &now_s,
            Some(row.id),
        )?;
        finish_draw(c, l, &survivors)?;
        (
            id,
            None,
            Some(format!("draw between {}", survivors.join(", "))),
        )
    } else {
        let deadline = l.settings.deadline(next.phase.kind, now);
        let id = store::insert_phase(
            c,
            l.game.id,
            &next_s,
            &next_json,
            "current",
            Some(&store::time_text(deadline)),
            &now_s,
            Some(row.id),
        )?;
        store::clear_waits(c, l.game.id)?;
        (
            id,
            Some(PhaseInfo {
                phase: next.phase,
                deadline: Some(deadline),
                tz: l.settings.tz(),
            }),
            None,
        )
    };

    // Espionage: the organisations as the next phase starts, and the
    // secret log of this one.
    let mut public = Vec::new();
    if let (Some(es), Some(res)) = (&es, &computed.resolution) {
        let mut orgs = res.organisations.entering(next.phase);
        orgs.drop_eliminated(&next);
        esp::start_phase(c, l, next_id, &orgs)?;
        let mut entries = esp::resolution_entries(l, es, &row.phase, res);
        entries.push(esp::entry(
            &row.phase,
            "processed",
            None,
            format!(
                "{} processed; next {}; organisations founded: {}; exposed: {}",
                row.phase,
                next_s,
                names(l, &orgs.founded),
                names(l, &res.organisations.exposed)
            ),
        ));
        esp::log(c, l, &now_s, entries)?;
        public = res.public.clone();
    }

    let texts: Vec<String> = computed
        .input
        .iter()
        .map(|(_, o)| o.to_text(l.map))
        .collect();
    let lines: Vec<crate::report::ReportLine> = computed
        .input
        .iter()
        .zip(&texts)
        .zip(&adj.results)
        .map(|(((p, _), t), r)| crate::report::ReportLine {
            power: *p,
            text: t,
            result: r,
        })
        .collect();
    let mail = crate::report::results_mail(
        l.map,
        &pos,
        &lines,
        adj,
        &crate::report::ResultsExtra {
            game: &l.game.name,
            espionage_public: &public,
            missed: &missed,
            eliminated: &eliminated,
            ended: ended.as_deref(),
            next: next_info.as_ref().map(|i| {
                (
                    i.phase.long_name(),
                    i.deadline.map(|d| show_time(d, i.tz)).unwrap_or_default(),
                )
            }),
        },
    );
    announce(c, l, Some(&row.phase), "all", "results", &mail, &now_s)?;
    tracing::info!(game = %l.game.name, phase = %row.phase, next = %next_s, "phase processed");
    store::test_pause_hook();
    Ok(ProcessReport {
        game: l.game.name.clone(),
        processed: pos.phase,
        missed,
        eliminated,
        next: next_info,
        ended,
        report: mail.body,
        reaction_opened: false,
    })
}

fn names(l: &Loaded, set: &BTreeSet<PowerId>) -> String {
    if set.is_empty() {
        return "none".into();
    }
    set.iter()
        .map(|p| l.pname(*p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Records an announcement for the mail loop.
fn announce(
    c: &Connection,
    l: &Loaded,
    phase: Option<&str>,
    audience: &str,
    kind: &str,
    mail: &crate::report::Mail,
    now_s: &str,
) -> Result<()> {
    store::insert_announcement(
        c,
        &store::NewAnnouncement {
            game_id: l.game.id,
            phase,
            audience,
            kind,
            subject: &mail.subject,
            body: &mail.body,
            created_at: now_s,
        },
    )?;
    Ok(())
}

/// A phase as adjudicated: in an espionage game, after spying, reactions
/// and Fakes (the order of steps of `espionage-rules.md`).
struct Computed {
    /// The orders adjudicated, each under its unit's owner.
    input: Vec<(PowerId, Order)>,
    adj: Adjudication,
    /// One result per live order row (`replaced` when a reaction or a
    /// Fake took its place).
    row_results: Vec<OrderResult>,
    resolution: Option<crate::espionage::Resolution>,
}

fn compute(
    c: &Connection,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    es: Option<&esp::PhaseState>,
    live: &[(i64, PowerId, Order)],
) -> Result<Computed> {
    let frozen: Vec<(PowerId, Order)> = live.iter().map(|(_, p, o)| (*p, o.clone())).collect();
    let Some(es) = es else {
        let adj = adjudicate::adjudicate(l.map, pos, &frozen);
        if adj.results.len() != live.len() {
            return Err(l.corrupt("the adjudicator returned a result per order"));
        }
        return Ok(Computed {
            input: frozen,
            row_results: adj.results.clone(),
            adj,
            resolution: None,
        });
    };
    let res = esp::resolve(c, l, es, row, pos, &frozen)?;
    let input: Vec<(PowerId, Order)> = res
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone()))
        .collect();
    let mut adj = adjudicate::adjudicate(l.map, pos, &input);
    if adj.results.len() != input.len() {
        return Err(l.corrupt("the adjudicator returned a result per order"));
    }
    if es.rules.spionage {
        spi_2_hold_winter(pos, &mut adj.next);
    }
    let mut row_results = vec![
        OrderResult::new(
            Outcome::Replaced,
            "replaced before adjudication (see the secret log)"
        );
        live.len()
    ];
    for (f, r) in res.orders.iter().zip(&adj.results) {
        if let Source::Submitted(k) = f.source {
            row_results[k] = r.clone();
        }
    }
    Ok(Computed {
        input,
        adj,
        row_results,
        resolution: Some(res),
    })
}

/// SPI-2: a Spionage game holds the winter adjustment phase every year,
/// even when nobody has anything to build or remove.
fn spi_2_hold_winter(before: &Position, next: &mut Position) {
    let year = before.phase.year;
    if before.phase.season == Season::Fall
        && before.phase.kind != PhaseKind::Adjustment
        && next.phase.season == Season::Spring
        && next.phase.year > year
    {
        next.phase = Phase::new(Season::Winter, year, PhaseKind::Adjustment);
    }
}

fn results_json(map: &Map, adj: &Adjudication, missed: &[String], eliminated: &[String]) -> String {
    let j = ResultsJson {
        next_phase: adj.next.phase.to_string(),
        dislodged: adj
            .dislodged
            .iter()
            .map(|d| DislodgedJson {
                power: map.power(d.dislodged.unit.power).name.clone(),
                unit: d.dislodged.unit.text(map),
                attacked_from: d
                    .dislodged
                    .attacked_from
                    .map(|a| map.province(a).abbr.clone()),
                retreats: d.retreats.iter().map(|r| map.loc_name(*r)).collect(),
            })
            .collect(),
        contested: adj
            .contested
            .iter()
            .map(|p| map.province(*p).abbr.clone())
            .collect(),
        missed: missed.to_vec(),
        eliminated: eliminated.to_vec(),
    };
    serde_json::to_string(&j).expect("results serialise")
}

fn finish_draw(c: &Connection, l: &Loaded, survivors: &[String]) -> Result<()> {
    store::set_game_status(c, l.game.id, "finished")?;
    store::set_outcome(c, l.game.id, Some("draw"), Some(&survivors.join(",")))?;
    Ok(())
}

/// Why `tick` processed a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TickReason {
    Deadline,
    AllOrdersIn,
}

/// What `tick` did with one game.
pub type TickOutcome = std::result::Result<(TickReason, ProcessReport), GameError>;

/// Processes every running game whose deadline has passed, or whose
/// powers have all given complete orders with nobody asking to wait. Each
/// game is processed in its own transaction; one game's failure does not
/// stop the others.
pub fn tick(st: &mut Store, now: DateTime<Utc>) -> Result<Vec<(String, TickOutcome)>> {
    let names: Vec<String> = store::games(st.conn())?
        .into_iter()
        .filter(|g| g.status == "active")
        .map(|g| g.name)
        .collect();
    let mut out = Vec::new();
    for name in names {
        let r = st.write(|c| {
            let l = load(c, &name)?;
            if l.game.status != "active" {
                return Ok(None);
            }
            let Some(reason) = due(c, &l, now)? else {
                return Ok(None);
            };
            process_in(c, &l, now).map(|r| Some((reason, r)))
        });
        match r {
            Ok(None) => {}
            Ok(Some(x)) => out.push((name, Ok(x))),
            Err(e) => {
                tracing::error!(game = %name, error = %e, "processing failed");
                out.push((name, Err(e)));
            }
        }
    }
    Ok(out)
}

/// Whether the current phase should be processed now, and why.
fn due(c: &Connection, l: &Loaded, now: DateTime<Utc>) -> Result<Option<TickReason>> {
    let row = l.current(c)?;
    if let Some(d) = row.deadline.as_deref().and_then(store::parse_time)
        && d <= now
    {
        return Ok(Some(TickReason::Deadline));
    }
    // ESP-8: the reaction phase ends early when every power with units
    // has answered (reported as all orders in).
    if let Some(es) = esp::state(c, l, &row)?
        && es.reaction_open()
    {
        let pos = l.position(&row)?;
        return Ok(
            esp::reactions_complete(c, l, &es, &row, &pos)?.then_some(TickReason::AllOrdersIn)
        );
    }
    Ok(all_in(c, l, &row)?.then_some(TickReason::AllOrdersIn))
}

/// Every power that has something to order has complete orders in, and
/// nobody asked to wait.
fn all_in(c: &Connection, l: &Loaded, row: &PhaseRow) -> Result<bool> {
    let pos = l.position(row)?;
    let rows = store::live_orders(c, row.id, None)?;
    let live = live_orders(l, pos.phase.kind, &rows)?;
    let powers = store::powers(c, l.game.id)?;
    if powers.iter().any(|p| p.wait) {
        return Ok(false);
    }
    // SPI-2: a Spionage winter waits also for powers that may found.
    if pos.phase.kind == PhaseKind::Adjustment
        && let Some(es) = esp::state(c, l, row)?
        && es.rules.spionage
    {
        for p in l.map.powers() {
            if !esp::spionage_winter_done(c, l, &es, row, &pos, p.id, &live)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    Ok(l.map
        .powers()
        .iter()
        .all(|p| !needs_orders(l.map, &pos, p.id) || orders_complete(l.map, &pos, p.id, &live)))
}

// ------------------------------------------------------------ judge's controls

/// Pauses a running game: no processing, the deadline's remaining time is
/// kept for the resume.
pub fn pause(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active"], "only a running game can be paused")?;
        let row = l.current(c)?;
        let left = row
            .deadline
            .as_deref()
            .and_then(store::parse_time)
            .map(|d| (d - now).num_seconds().max(0));
        store::set_paused_remaining(c, l.game.id, left)?;
        store::set_game_status(c, l.game.id, "paused")?;
        Ok(())
    })
}

/// Resumes a paused game; the deadline is moved on by the time spent
/// paused.
pub fn resume(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["paused"], "only a paused game can be resumed")?;
        let row = l.current(c)?;
        let left = l.game.paused_remaining.unwrap_or(0);
        let deadline = now + Duration::seconds(left);
        store::set_deadline(c, row.id, Some(&store::time_text(deadline)))?;
        store::set_paused_remaining(c, l.game.id, None)?;
        store::set_game_status(c, l.game.id, "active")?;
        Ok(PhaseInfo {
            phase: Phase::parse(&row.phase)?,
            deadline: Some(deadline),
            tz: l.settings.tz(),
        })
    })
}

/// Records a power's draw vote (or withdraws it). When every surviving
/// power has voted, the game ends in a draw between them. Returns the
/// outcome when it ended.
pub fn draw_vote(st: &mut Store, name: &str, power: &str, vote: bool) -> Result<DrawReport> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused"], "there is nothing to draw")?;
        let pname = l.pname(l.power(power)?);
        check_playing(c, &l, &pname, "vote")?;
        store::set_draw_vote(c, l.game.id, &pname, vote)?;
        let powers = store::powers(c, l.game.id)?;
        let survivors: Vec<&PowerRow> = powers.iter().filter(|p| p.status == "playing").collect();
        let voted: Vec<String> = survivors
            .iter()
            .filter(|p| p.draw_vote)
            .map(|p| p.power.clone())
            .collect();
        let waiting_for: Vec<String> = survivors
            .iter()
            .filter(|p| !p.draw_vote)
            .map(|p| p.power.clone())
            .collect();
        let mut drawn = false;
        if waiting_for.is_empty() {
            let row = l.current(c)?;
            store::set_phase_status(c, row.id, "final")?;
            store::set_deadline(c, row.id, None)?;
            finish_draw(c, &l, &voted)?;
            drawn = true;
        }
        Ok(DrawReport {
            voted,
            waiting_for,
            drawn,
        })
    })
}

#[derive(Debug, Serialize)]
pub struct DrawReport {
    pub voted: Vec<String>,
    pub waiting_for: Vec<String>,
    pub drawn: bool,
}

/// The judge ends a game.
pub fn end(st: &mut Store, name: &str) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["forming", "active", "paused"], "it is already over")?;
        if let Some(row) = store::live_phase(c, l.game.id)?
            && row.status == "current"
        {
            store::set_phase_status(c, row.id, "final")?;
            store::set_deadline(c, row.id, None)?;
        }
        store::set_game_status(c, l.game.id, "finished")?;
        store::set_outcome(c, l.game.id, Some("ended"), None)?;
        Ok(())
    })
}

/// The judge undoes play back to the start of `phase`: every phase from
/// its last processing on is marked rolled back (and kept in the
/// history), and the phase starts again with a fresh deadline and the
/// orders that stood when it was processed.
pub fn rollback(st: &mut Store, name: &str, phase: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused", "finished"], "it has not started")?;
        let ph = Phase::parse(phase)?.to_string();
        let rows = store::phases(c, l.game.id)?;
        let target = rows
            .iter()
            .rfind(|r| r.phase == ph && r.status == "processed")
            .ok_or_else(|| GameError::NoSuchPhase {
                game: l.game.name.clone(),
                phase: ph.clone(),
            })?;
        let pos = l.position(target)?;
        store::mark_rolled_back(c, l.game.id, target.seq, &now_s)?;
        let deadline = l.settings.deadline(pos.phase.kind, now);
        let new_id = store::insert_phase(
            c,
            l.game.id,
            &ph,
            &target.position,
            "current",
            Some(&store::time_text(deadline)),
            &now_s,
            None,
        )?;
        for o in store::orders(c, target.id)?
            .iter()
            .filter(|o| o.status == "live")
        {
            store::insert_order(
                c,
                &NewOrder {
                    phase_id: new_id,
                    power: &o.power,
                    raw: &o.raw,
                    parsed: o.parsed.as_deref(),
                    error: None,
                    submitted_by: &o.submitted_by,
                    submitted_at: &o.submitted_at,
                    message_id: o.message_id.as_deref(),
                },
            )?;
        }
        if let Some(es) = store::spy::phase_espionage(c, target.id)? {
            store::spy::insert_phase_espionage(c, new_id, &es.organisations)?;
            // The reaction phase is played again: reactions are not kept.
            for o in store::spy::spy_orders(c, target.id)?
                .iter()
                .filter(|o| o.status == "live" && o.slot != "reaction")
            {
                store::spy::insert_spy_order(
                    c,
                    &store::spy::NewSpyOrder {
                        phase_id: new_id,
                        power: &o.power,
                        raw: &o.raw,
                        parsed: &o.parsed,
                        slot: &o.slot,
                        error: None,
                        submitted_by: &o.submitted_by,
                        submitted_at: &o.submitted_at,
                        message_id: o.message_id.as_deref(),
                    },
                )?;
            }
            esp::log(
                c,
                &l,
                &now_s,
                vec![esp::entry(
                    &ph,
                    "rollback",
                    None,
                    format!("the judge rolled the game back to the start of {ph}"),
                )],
            )?;
        }
        for pr in store::powers(c, l.game.id)? {
            if pr.email.is_none() {
                continue;
            }
            let id = l.power(&pr.power)?;
            if has_presence(&pos, id) {
                store::set_power_status(c, l.game.id, &pr.power, "playing", None)?;
            } else if pr.status != "eliminated" {
                store::set_power_status(c, l.game.id, &pr.power, "eliminated", Some(&ph))?;
            }
        }
        store::clear_waits(c, l.game.id)?;
        store::clear_draw_votes(c, l.game.id)?;
        store::set_outcome(c, l.game.id, None, None)?;
        if l.game.status == "paused" {
            store::set_paused_remaining(c, l.game.id, Some((deadline - now).num_seconds()))?;
        } else {
            store::set_game_status(c, l.game.id, "active")?;
        }
        tracing::info!(game = name, phase = %ph, "rolled back");
        Ok(PhaseInfo {
            phase: pos.phase,
            deadline: Some(deadline),
            tz: l.settings.tz(),
        })
    })
}

// ------------------------------------------------------------ views

/// A power's line in `game show`.
#[derive(Debug, Serialize)]
pub struct PowerView {
    pub power: String,
    pub status: String,
    pub email: Option<String>,
    pub centers: usize,
    pub units: usize,
    pub needs_orders: bool,
    pub orders_in: bool,
    pub wait: bool,
    pub draw_vote: bool,
}

/// Everything `game show` prints.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub name: String,
    pub variant: String,
    pub status: String,
    /// `solo`, `draw` or `ended`.
    pub outcome: Option<String>,
    pub outcome_powers: Vec<String>,
    pub phase: Option<String>,
    pub phase_name: Option<String>,
    pub deadline: Option<String>,
    pub timezone: String,
    pub powers: Vec<PowerView>,
    pub units: BTreeMap<String, Vec<String>>,
    pub dislodged: Vec<String>,
    pub centers: BTreeMap<String, Vec<String>>,
    pub settings: Settings,
    /// Espionage rule sets in force.
    pub rules: Vec<String>,
    /// Espionnite: the orders are frozen and the reaction sub-phase is
    /// open until `deadline` (ESP-7).
    pub reaction_phase: bool,
}

pub fn show(st: &Store, name: &str) -> Result<GameView> {
    let c = st.conn();
    let l = load(c, name)?;
    let tz = l.settings.tz();
    let row = store::live_phase(c, l.game.id)?;
    let pos = row.as_ref().map(|r| l.position(r)).transpose()?;
    let live = match (&row, &pos) {
        (Some(r), Some(p)) if r.status == "current" => {
            live_orders(&l, p.phase.kind, &store::live_orders(c, r.id, None)?)?
        }
        _ => Vec::new(),
    };
    let current = row.as_ref().is_some_and(|r| r.status == "current");
    let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut dislodged = Vec::new();
    if let Some(p) = &pos {
        for u in &p.units {
            units
                .entry(l.pname(u.power))
                .or_default()
                .push(u.text(l.map));
        }
        for (i, o) in p.owners.iter().enumerate() {
            if let Some(o) = o {
                centers
                    .entry(l.pname(*o))
                    .or_default()
                    .push(l.map.province(ProvinceId(i as u8)).abbr.clone());
            }
        }
        dislodged = p
            .dislodged
            .iter()
            .map(|d| format!("{} {}", l.pname(d.unit.power), d.unit.text(l.map)))
            .collect();
    }
    for v in units.values_mut().chain(centers.values_mut()) {
        v.sort();
    }
    let powers = store::powers(c, l.game.id)?
        .into_iter()
        .map(|pr| {
            let id = l.power(&pr.power)?;
            Ok(PowerView {
                centers: pos.as_ref().map_or(0, |p| p.centers_of(id).len()),
                units: pos.as_ref().map_or(0, |p| p.units_of(id).count()),
                needs_orders: current && pos.as_ref().is_some_and(|p| needs_orders(l.map, p, id)),
                orders_in: current && live.iter().any(|(_, q, _)| *q == id),
                power: pr.power,
                status: pr.status,
                email: pr.email,
                wait: pr.wait,
                draw_vote: pr.draw_vote,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let es = match &row {
        Some(r) if r.status == "current" => esp::state(c, &l, r)?,
        _ => None,
    };
    let deadline = if l.game.status == "paused" {
        None
    } else {
        row.as_ref()
            .filter(|r| r.status == "current")
            .and_then(|r| r.deadline.as_deref())
            .and_then(store::parse_time)
            .map(|d| show_time(d, tz))
    };
    Ok(GameView {
        name: l.game.name.clone(),
        variant: l.game.variant.clone(),
        status: l.game.status.clone(),
        outcome: l.game.outcome.clone(),
        outcome_powers: l
            .game
            .outcome_powers
            .as_deref()
            .map(|s| s.split(',').map(String::from).collect())
            .unwrap_or_default(),
        phase: row.as_ref().map(|r| r.phase.clone()),
        phase_name: pos.as_ref().map(|p| p.phase.long_name()),
        deadline,
        timezone: l.settings.timezone.clone(),
        powers,
        units,
        dislodged,
        centers,
        settings: l.settings.clone(),
        rules: l
            .game
            .rules
            .split(',')
            .filter(|r| !r.is_empty())
            .map(String::from)
            .collect(),
        reaction_phase: es.as_ref().is_some_and(|e| e.reaction_open()),
    })
}

/// A line of `game list`.
#[derive(Debug, Serialize)]
pub struct GameSummary {
    pub name: String,
    pub variant: String,
    pub status: String,
    pub phase: Option<String>,
    pub deadline: Option<String>,
}

pub fn list(st: &Store) -> Result<Vec<GameSummary>> {
    let c = st.conn();
    let mut out = Vec::new();
    for g in store::games(c)? {
        let l = load(c, &g.name)?;
        let row = store::live_phase(c, g.id)?;
        out.push(GameSummary {
            phase: row.as_ref().map(|r| r.phase.clone()),
            deadline: row
                .as_ref()
                .filter(|r| r.status == "current" && g.status == "active")
                .and_then(|r| r.deadline.as_deref())
                .and_then(store::parse_time)
                .map(|d| show_time(d, l.settings.tz())),
            name: g.name,
            variant: g.variant,
            status: g.status,
        });
    }
    Ok(out)
}

/// One attempt at a phase in the history.
#[derive(Debug, Serialize)]
pub struct HistoryEntry {
    pub seq: i64,
    pub phase: String,
    pub status: String,
    pub started_at: String,
    pub processed_at: Option<String>,
    pub rolled_back_at: Option<String>,
    pub missed: Vec<String>,
    pub orders: Vec<HistoryOrder>,
    pub dislodged: Vec<String>,
    pub next_phase: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct HistoryOrder {
    pub power: String,
    pub raw: String,
    pub order: Option<String>,
    pub status: String,
    pub outcome: Option<String>,
    pub reason: Option<String>,
    pub submitted_by: String,
    pub submitted_at: String,
}

/// The history of a game: every phase row (rolled-back ones included),
/// with orders and results when `phase` names one phase.
pub fn history(st: &Store, name: &str, phase: Option<&str>) -> Result<Vec<HistoryEntry>> {
    let c = st.conn();
    let l = load(c, name)?;
    let want = phase.map(Phase::parse).transpose()?.map(|p| p.to_string());
    let mut out = Vec::new();
    for r in store::phases(c, l.game.id)? {
        if want.as_ref().is_some_and(|w| *w != r.phase) {
            continue;
        }
        let results: Option<ResultsJson> = r
            .results
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok());
        let orders = if want.is_some() {
            store::orders(c, r.id)?
                .into_iter()
                .map(|o| HistoryOrder {
                    power: o.power,
                    raw: o.raw,
                    order: o.parsed,
                    status: o.status,
                    outcome: o.outcome,
                    reason: o.reason.or(o.error),
                    submitted_by: o.submitted_by,
                    submitted_at: o.submitted_at,
                })
                .collect()
        } else {
            Vec::new()
        };
        out.push(HistoryEntry {
            seq: r.seq,
            missed: store::missed(c, r.id)?,
            orders,
            dislodged: results
                .as_ref()
                .map(|j| {
                    j.dislodged
                        .iter()
                        .map(|d| {
                            let to = if d.retreats.is_empty() {
                                "no retreat".to_string()
                            } else {
                                format!("may retreat to {}", d.retreats.join(", "))
                            };
                            format!("{} {}: {to}", d.power, d.unit)
                        })
                        .collect()
                })
                .unwrap_or_default(),
            next_phase: results.map(|j| j.next_phase),
            phase: r.phase,
            status: r.status,
            started_at: r.started_at,
            processed_at: r.processed_at,
            rolled_back_at: r.rolled_back_at,
        });
    }
    if let Some(w) = want
        && out.is_empty()
    {
        return Err(GameError::NoSuchPhase {
            game: l.game.name.clone(),
            phase: w,
        });
    }
    Ok(out)
}

/// A difference found by [`replay`].
#[derive(Debug, Serialize)]
pub struct ReplayMismatch {
    pub seq: i64,
    pub phase: String,
    pub what: String,
}

/// Recomputes every processed phase (rolled-back ones included) from its
/// stored position and orders, and compares with the stored results and
/// the stored position that followed. Returns how many phases were
/// checked and the differences.
pub fn replay(st: &Store, name: &str) -> Result<(usize, Vec<ReplayMismatch>)> {
    let c = st.conn();
    let l = load(c, name)?;
    let rows = store::phases(c, l.game.id)?;
    let mut checked = 0;
    let mut bad = Vec::new();
    for r in rows.iter().filter(|r| r.processed_at.is_some()) {
        checked += 1;
        let mut miss = |what: String| {
            bad.push(ReplayMismatch {
                seq: r.seq,
                phase: r.phase.clone(),
                what,
            })
        };
        let pos = l.position(r)?;
        let orders = store::orders(c, r.id)?;
        let live = live_orders(&l, pos.phase.kind, &orders)?;
        let es = esp::state(c, &l, r)?;
        let computed = compute(c, &l, r, &pos, es.as_ref(), &live)?;
        let adj = computed.adj;
        for (((id, _, o), res), row) in live
            .iter()
            .zip(&computed.row_results)
            .zip(orders.iter().filter(|o| o.status == "live"))
        {
            debug_assert_eq!(*id, row.id);
            if row.outcome.as_deref() != Some(res.outcome.as_str())
                || row.reason.as_deref().unwrap_or("") != res.reason
            {
                miss(format!(
                    "order `{}`: stored {} ({}), recomputed {} ({})",
                    o.to_text(l.map),
                    row.outcome.as_deref().unwrap_or("no result"),
                    row.reason.as_deref().unwrap_or(""),
                    res.outcome,
                    res.reason
                ));
            }
        }
        match rows.iter().find(|n| n.produced_by == Some(r.id)) {
            None => miss("the phase it produced is missing".into()),
            Some(n) => {
                let stored = l.position(n)?;
                if stored != adj.next {
                    miss(format!(
                        "stored next position differs from the recomputed one:\n  stored:     {}\n  recomputed: {}",
                        n.position,
                        position_to_json(l.map, &adj.next)
                    ));
                }
            }
        }
    }
    Ok((checked, bad))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("48h").unwrap(), 48 * 60);
        assert_eq!(parse_duration("30m").unwrap(), 30);
        assert_eq!(parse_duration("1d12h").unwrap(), 36 * 60);
        assert_eq!(parse_duration("90").unwrap(), 90);
        for bad in ["", "h", "0h", "12x", "-3h", "3h4"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn deadline_time_of_day_follows_the_timezone() {
        let tz: Tz = "Europe/Berlin".parse().unwrap();
        let at = NaiveTime::from_hms_opt(20, 0, 0).unwrap();
        // Winter: 20:00 in Berlin is 19:00 UTC.
        let t = "2025-01-10T12:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-01-10T19:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // Later than 20:00 local: the next day.
        let t = "2025-01-10T19:30:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-01-11T19:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // Across the spring change (30 March 2025): 20:00 CEST is 18:00 UTC.
        let t = "2025-03-29T20:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-03-30T18:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // A time that does not exist that day (02:30 on 30 March).
        let at = NaiveTime::from_hms_opt(2, 30, 0).unwrap();
        let t = "2025-03-30T00:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            next_time_of_day(t, at, tz),
            "2025-03-30T01:30:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }

    #[test]
    fn positions_round_trip() {
        let map = Map::standard();
        let p = Position::initial(map, 1901);
        let text = position_to_json(map, &p);
        assert_eq!(position_from_json(map, &text).unwrap(), p);
    }
}

// ---- mail commands
//
// What the judge's mail commands (`crate::judge`) need beyond the
// operations above. Each runs in one `Store::write`, like the rest.

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

/// What a SIGNON needs to know about a power.
#[derive(Debug, Clone)]
pub struct SignonInfo {
    /// The game's name as stored.
    pub game: String,
    pub game_id: i64,
    /// The power's name as stored (`france`).
    pub power: String,
    /// `France`.
    pub display: String,
    pub email: Option<String>,
    pub password_hash: Option<String>,
    pub status: String,
    pub password_optional: bool,
}

/// Looks a power of a game up for SIGNON; `power` is a name, alias or
/// initial letter.
pub fn signon_info(st: &Store, name: &str, power: &str) -> Result<SignonInfo> {
    let c = st.conn();
    let l = load(c, name)?;
    let id = match crate::command::power_by_word(l.map, power) {
        Some(id) => id,
        None => l.power(power)?,
    };
    let pname = l.pname(id);
    let row = store::powers(c, l.game.id)?
        .into_iter()
        .find(|p| p.power == pname)
        .ok_or_else(|| l.corrupt(format!("power {pname} missing")))?;
    Ok(SignonInfo {
        game: l.game.name.clone(),
        game_id: l.game.id,
        display: l.map.power(id).display_name(),
        power: pname,
        email: row.email,
        password_hash: row.password_hash,
        status: row.status,
        password_optional: l.settings.password_optional,
    })
}

/// The map's name of a power written by letter or name (`F`, `france`,
/// `Frankreich` → `france`) in a game.
pub fn power_name(st: &Store, name: &str, power: &str) -> Result<String> {
    let l = load(st.conn(), name)?;
    let id = match crate::command::power_by_word(l.map, power) {
        Some(id) => id,
        None => l.power(power)?,
    };
    Ok(l.pname(id))
}

/// The phase being played and its deadline (none while paused), or none
/// before the game starts and after it ends.
pub fn current_phase(st: &Store, name: &str) -> Result<Option<PhaseInfo>> {
    let c = st.conn();
    let l = load(c, name)?;
    if !matches!(l.game.status.as_str(), "active" | "paused") {
        return Ok(None);
    }
    let row = l.current(c)?;
    let deadline = if l.game.status == "paused" {
        None
    } else {
        row.deadline.as_deref().and_then(store::parse_time)
    };
    Ok(Some(PhaseInfo {
        phase: Phase::parse(&row.phase)?,
        deadline,
        tz: l.settings.tz(),
    }))
}

/// Changes a player's password.
pub fn set_password(st: &mut Store, name: &str, power: &str, password: &str) -> Result<()> {
    if password.is_empty() {
        return Err(GameError::EmptyPassword);
    }
    let pname = power_name(st, name, power)?;
    let hash = hash_password(password)?;
    st.write(|c| {
        let l = load(c, name)?;
        check_playing(c, &l, &pname, "change the password")?;
        store::set_password_hash(c, l.game.id, &pname, &hash)?;
        Ok(())
    })
}

/// A player gives up a power: it is left without a player (its units
/// hold when it gives no orders), and everybody is told.
pub fn resign(st: &mut Store, name: &str, power: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["forming", "active", "paused"], "it is over")?;
        let id = l.power(power)?;
        let pname = l.pname(id);
        check_playing(c, &l, &pname, "resign")?;
        store::vacate_power(c, l.game.id, &pname)?;
        let phase = store::live_phase(c, l.game.id)?.map(|r| r.phase);
        let who = l.map.power(id).display_name();
        let subject = format!("{who} resigned from game {}", l.game.name);
        store::insert_announcement(
            c,
            &store::NewAnnouncement {
                game_id: l.game.id,
                phase: phase.as_deref(),
                audience: "all",
                kind: "game",
                subject: &subject,
                body: &format!("{subject}; the power has no player now.\n"),
                created_at: &store::time_text(now),
            },
        )?;
        Ok(())
    })
}

/// Starts watching a game. Returns false when `email` already watched it.
pub fn observe(st: &mut Store, name: &str, email: &str, now: DateTime<Utc>) -> Result<bool> {
    st.write(|c| {
        let l = load(c, name)?;
        Ok(store::insert_observer(
            c,
            l.game.id,
            email,
            &store::time_text(now),
        )?)
    })
}

/// Whether `email` plays in or watches a game.
pub fn takes_part(st: &Store, name: &str, email: &str) -> Result<bool> {
    let c = st.conn();
    let l = load(c, name)?;
    let plays = store::powers(c, l.game.id)?.iter().any(|p| {
        p.email
            .as_deref()
            .is_some_and(|e| e.eq_ignore_ascii_case(email))
    });
    Ok(plays
        || store::observers(c, l.game.id)?
            .iter()
            .any(|e| e.eq_ignore_ascii_case(email)))
}

/// Press to relay: to some powers, or to everybody.
#[derive(Debug, Clone)]
pub struct Press<'a> {
    /// The sender's power (any spelling).
    pub from: &'a str,
    /// Recipient powers (any spelling); empty: a broadcast.
    pub to: &'a [String],
    pub anonymous: bool,
    pub text: &'a str,
}

/// Relays press through announcements (kind `press`; audience each
/// recipient power's name, or `all` for a broadcast), following the
/// game's press setting: `none` refuses, `white` signs with the sender's
/// power, `grey` also allows anonymous press. Returns the recipients'
/// display names (`everybody` for a broadcast).
pub fn relay_press(
    st: &mut Store,
    name: &str,
    p: &Press<'_>,
    now: DateTime<Utc>,
) -> std::result::Result<Vec<String>, MailCommandError> {
    st.write(|c| {
        let l = load(c, name)?;
        let press = l.settings.press.trim().to_ascii_lowercase();
        if press == "none" || press == "no" {
            return Err(MailCommandError::NoPress {
                game: l.game.name.clone(),
            });
        }
        if p.anonymous && press != "grey" && press != "gray" {
            return Err(MailCommandError::NoGreyPress {
                game: l.game.name.clone(),
            });
        }
        let lookup = |w: &str| match crate::command::power_by_word(l.map, w) {
            Some(id) => Ok(id),
            None => l.power(w),
        };
        let from = lookup(p.from)?;
        let mut to: Vec<PowerId> = Vec::new();
        for w in p.to {
            let id = lookup(w)?;
            if !to.contains(&id) {
                to.push(id);
            }
        }
        let names: Vec<String> = to
            .iter()
            .map(|id| l.map.power(*id).display_name())
            .collect();
        let signed = if p.anonymous {
            "an anonymous power".to_string()
        } else {
            l.map.power(from).display_name()
        };
        let audience_words = if to.is_empty() {
            "everybody".to_string()
        } else {
            names.join(", ")
        };
        let subject = format!("Press in game {} from {signed}", l.game.name);
        let body = format!(
            "From: {signed}\nTo: {audience_words}\n\n{}\n",
            p.text.trim_end()
        );
        let phase = store::live_phase(c, l.game.id)?.map(|r| r.phase);
        let now_s = store::time_text(now);
        let mut audiences: Vec<String> = to.iter().map(|id| l.pname(*id)).collect();
        if audiences.is_empty() {
            audiences.push("all".into());
        }
        for a in &audiences {
            store::insert_announcement(
                c,
                &store::NewAnnouncement {
                    game_id: l.game.id,
                    phase: phase.as_deref(),
                    audience: a,
                    kind: "press",
                    subject: &subject,
                    body: &body,
                    created_at: &now_s,
                },
            )?;
        }
        Ok(if to.is_empty() {
            vec!["everybody".into()]
        } else {
            names
        })
    })
}

/// Moves the current phase's deadline: `when` is a duration from now
/// (`24h`, `90m`) or a date and time in the game's timezone
/// (`2025-03-30 20:00`). For a paused game it sets the time left once it
/// resumes.
pub fn set_deadline(
    st: &mut Store,
    name: &str,
    when: &str,
    now: DateTime<Utc>,
) -> std::result::Result<PhaseInfo, MailCommandError> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&["active", "paused"], "it has no phase with a deadline")?;
        let tz = l.settings.tz();
        let deadline = match parse_duration(when) {
            Ok(m) => now + Duration::minutes(m),
            Err(_) => {
                let naive = chrono::NaiveDateTime::parse_from_str(when.trim(), "%Y-%m-%d %H:%M")
                    .map_err(|_| MailCommandError::BadTime(when.into()))?;
                tz.from_local_datetime(&naive)
                    .earliest()
                    .ok_or_else(|| MailCommandError::BadTime(when.into()))?
                    .with_timezone(&Utc)
            }
        };
        if deadline <= now {
            return Err(MailCommandError::PastDeadline(show_time(deadline, tz)));
        }
        let row = l.current(c)?;
        if l.game.status == "paused" {
            store::set_paused_remaining(c, l.game.id, Some((deadline - now).num_seconds()))?;
        } else {
            store::set_deadline(c, row.id, Some(&store::time_text(deadline)))?;
        }
        Ok(PhaseInfo {
            phase: Phase::parse(&row.phase).map_err(GameError::from)?,
            deadline: Some(deadline),
            tz,
        })
    })
}

/// What processing the current phase with the orders now standing would
/// produce, without storing anything.
pub fn preview(st: &Store, name: &str) -> Result<String> {
    let c = st.conn();
    let l = load(c, name)?;
    l.require_status(&["active", "paused"], "there is no phase to preview")?;
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    let live = live_orders(&l, pos.phase.kind, &store::live_orders(c, row.id, None)?)?;
    let input: Vec<(PowerId, Order)> = live.iter().map(|(_, p, o)| (*p, o.clone())).collect();
    let adj = adjudicate::adjudicate(l.map, &pos, &input);
    let texts: Vec<String> = live.iter().map(|(_, _, o)| o.to_text(l.map)).collect();
    let lines: Vec<crate::report::ReportLine> = live
        .iter()
        .zip(&texts)
        .zip(&adj.results)
        .map(|(((_, p, _), t), r)| crate::report::ReportLine {
            power: *p,
            text: t,
            result: r,
        })
        .collect();
    Ok(crate::report::phase_report(l.map, &pos, &lines, &adj))
}
