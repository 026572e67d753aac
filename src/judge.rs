//! The judge's side of one email: reads the commands in a message and
//! carries them out against the games database, producing exactly one
//! reply. The mail loop (`mail`) calls [`handle`] inside one
//! [`Store::batch`], together with queueing the reply and marking the
//! message handled, so a message is applied once or not at all.
//!
//! The commands (see [`crate::command`]) run in the order written, with
//! one exception: all order lines of a message go to the game together,
//! after the other commands, in one [`game::submit_orders`] call per
//! signed-on power (so `CLEAR` withdraws the orders given before the
//! message, and the orders in the message stand).
//!
//! Who may do what:
//! - anybody: `HELP`, `LIST`, `JOIN`, `OBSERVE`;
//! - after a good `SIGNON` in the same message: orders, `CLEAR`,
//!   `SET WAIT`/`SET NOWAIT`, `SET PASSWORD`, `RESIGN`, press, and
//!   `HISTORY` of any game; a player or observer of a game may also ask
//!   for its `HISTORY` without signing on;
//! - after a good `MASTER <password>` line, sent from
//!   [`JudgeSettings::master_address`]: the master commands.
//!
//! A SIGNON checks the password against the argon2 hash stored for the
//! power. The password may be left out only when the game's settings say
//! `password_optional` and the mail comes from the address the power is
//! registered to. Successful argon2 checks are remembered in memory (see
//! [`verify_cached`]) so that a player's next signon costs nothing.

use crate::command::{self, Command, Item};
use crate::game::{self, CreateOptions, GameError, MailCommandError, Sender};
use crate::store::{Store, StoreError};
use chrono::{DateTime, Utc};
use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, OnceLock};

/// A message as the mail layer hands it over: already decoded, with the
/// plain-text body (HTML-only mail converted to text, attachments gone).
#[derive(Debug, Clone)]
pub struct Incoming {
    /// The sender's address, lower-cased.
    pub from: String,
    pub message_id: Option<String>,
    pub subject: String,
    pub body: String,
    /// When the judge received it.
    pub received_at: DateTime<Utc>,
}

/// The one reply to a message; the mail layer addresses it to the sender
/// and threads it under the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub subject: String,
    pub body: String,
}

/// What the judge needs to know beyond the database.
#[derive(Debug, Clone, Default)]
pub struct JudgeSettings {
    /// The judge's own address (mail from it is never answered).
    pub address: String,
    /// Address of the game master allowed to send master commands.
    pub master_address: Option<String>,
    /// Argon2 hash of the master password.
    pub master_password_hash: Option<String>,
    /// Settings for games created by mail.
    pub defaults: CreateOptions,
}

/// Why a message could not be handled at all (the database failed); the
/// message stays unhandled and is tried again.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
}

/// Carries out the commands in `msg` and returns the reply. Everything it
/// changes is done in one [`Store::batch`] (a savepoint when the caller
/// already holds one). Game errors become lines of the reply; only a
/// failing database makes it return `Err`.
pub fn handle(
    st: &mut Store,
    js: &JudgeSettings,
    msg: &Incoming,
    now: DateTime<Utc>,
) -> Result<Reply, JudgeError> {
    let subject = if msg.subject.trim().is_empty() {
        "Your message to the judge".to_string()
    } else if msg
        .subject
        .trim_start()
        .to_ascii_lowercase()
        .starts_with("re:")
    {
        msg.subject.trim().to_string()
    } else {
        format!("Re: {}", msg.subject.trim())
    };
    if !js.address.is_empty() && msg.from.eq_ignore_ascii_case(&js.address) {
        return Ok(Reply {
            subject,
            body: "Mail from the judge's own address is not read.\n".into(),
        });
    }
    let parsed = command::parse_message(&msg.body);
    let body = st.batch(|st| {
        let mut s = Session::new(js, msg, now);
        for item in &parsed.items {
            s.item(st, item)?;
        }
        s.flush_orders(st)?;
        s.finish(st, &parsed)
    })?;
    Ok(Reply { subject, body })
}

// ------------------------------------------------------------ password cache

/// How many successful checks are remembered; when full, the memory is
/// emptied and starts again.
const CACHE_SIZE: usize = 10_000;

/// [`crate::password::verify_password`], remembering successes: the key is a 128-bit
/// keyed hash of (stored hash, password), with keys drawn at random when
/// the process starts, so the memory holds no password and a changed
/// password (a new stored hash) is checked afresh. Failures are never
/// remembered, so each wrong guess costs the full argon2 time.
pub fn verify_cached(hash: &str, password: &str) -> bool {
    static KEYS: OnceLock<(RandomState, RandomState)> = OnceLock::new();
    static SEEN: OnceLock<Mutex<HashSet<u128>>> = OnceLock::new();
    let (a, b) = KEYS.get_or_init(|| (RandomState::new(), RandomState::new()));
    let key = ((a.hash_one((hash, password)) as u128) << 64) | b.hash_one((password, hash)) as u128;
    let seen = SEEN.get_or_init(|| Mutex::new(HashSet::new()));
    if seen.lock().map(|s| s.contains(&key)).unwrap_or(false) {
        return true;
    }
    let ok = crate::password::verify_password(hash, password);
    if ok && let Ok(mut s) = seen.lock() {
        if s.len() >= CACHE_SIZE {
            s.clear();
        }
        s.insert(key);
    }
    ok
}

// ------------------------------------------------------------ one message

/// The power a message signed on as.
#[derive(Debug, Clone)]
struct Signed {
    game: String,
    /// Stored name (`france`).
    power: String,
    /// `France`.
    display: String,
}

/// One line of the reply about one line of the message.
struct Entry {
    line: usize,
    quote: String,
    done: Result<String, String>,
}

struct Session<'a> {
    js: &'a JudgeSettings,
    msg: &'a Incoming,
    now: DateTime<Utc>,
    signed: Option<Signed>,
    /// The line of a SIGNON that failed (and no good one since).
    failed_signon: Option<usize>,
    master: bool,
    /// Order lines waiting for the power's submission: (line, text).
    pending: Vec<(usize, String)>,
    entries: Vec<Entry>,
    /// Longer texts for the end of the reply (HELP, LIST, PREVIEW...).
    extra: Vec<String>,
    /// The last power signed on, for the orders shown at the end.
    last_signed: Option<Signed>,
}

/// A game error as a reason for the reply, or the database failure that
/// must stop the message.
fn reason(e: GameError) -> Result<String, JudgeError> {
    Ok(match e {
        GameError::Sql(e) => return Err(JudgeError::Sql(e)),
        GameError::Store(e) => return Err(JudgeError::Store(e)),
        GameError::UnknownGame(g) => {
            format!("there is no game called `{g}` (send LIST for the games on this judge)")
        }
        GameError::EmptyPassword => "a password is needed".into(),
        GameError::UnknownRules(r) => {
            format!("there are no `{r}` rules: write rules=espionnite, rules=spionage or both")
        }
        other => other.to_string(),
    })
}

fn mail_reason(e: MailCommandError) -> Result<String, JudgeError> {
    match e {
        MailCommandError::Game(g) => reason(g),
        other => Ok(other.to_string()),
    }
}

impl<'a> Session<'a> {
    fn new(js: &'a JudgeSettings, msg: &'a Incoming, now: DateTime<Utc>) -> Self {
        Session {
            js,
            msg,
            now,
            signed: None,
            failed_signon: None,
            master: false,
            pending: Vec::new(),
            entries: Vec::new(),
            extra: Vec::new(),
            last_signed: None,
        }
    }

    fn ok(&mut self, line: usize, quote: String, what: impl Into<String>) {
        self.entries.push(Entry {
            line,
            quote,
            done: Ok(what.into()),
        });
    }

    fn no(&mut self, line: usize, quote: String, why: impl Into<String>) {
        self.entries.push(Entry {
            line,
            quote,
            done: Err(why.into()),
        });
    }

    /// Records the outcome of a game operation.
    fn outcome<T>(
        &mut self,
        line: usize,
        quote: String,
        r: Result<T, GameError>,
        what: impl FnOnce(T) -> String,
    ) -> Result<Option<()>, JudgeError> {
        match r {
            Ok(v) => {
                self.ok(line, quote, what(v));
                Ok(Some(()))
            }
            Err(e) => {
                let why = reason(e)?;
                self.no(line, quote, why);
                Ok(None)
            }
        }
    }

    /// Why a command that needs a signon cannot run.
    fn not_signed_on(&self) -> String {
        match self.failed_signon {
            Some(n) => format!("not done, because the SIGNON on line {n} failed"),
            None => "not done: sign on first, with `SIGNON <power> <game> <password>` \
                     above this line"
                .into(),
        }
    }

    fn item(&mut self, st: &mut Store, item: &Item) -> Result<(), JudgeError> {
        let line = item.line;
        let cmd = match &item.command {
            Ok(c) => c,
            Err(e) => {
                let quote = quote_unreadable(&item.text);
                self.no(
                    line,
                    quote,
                    format!(
                        "not understood: at column {}, expected {}, found {}",
                        e.column, e.expected, e.found
                    ),
                );
                return Ok(());
            }
        };
        let quote = cmd.quoted();
        if cmd.is_master() {
            if !self.master {
                self.no(
                    line,
                    quote,
                    "not done: master commands need a `MASTER <password>` line above them, \
                     sent from the game master's address",
                );
                return Ok(());
            }
            return self.master_command(st, line, quote, cmd);
        }
        match cmd {
            Command::Help => {
                self.ok(line, quote, "the help text is at the end of this reply");
                self.extra.push(command::HELP.to_string());
            }
            Command::List { game } => self.list(st, line, quote, game.as_deref())?,
            Command::Join {
                power,
                game,
                password,
            } => self.join(st, line, quote, power.as_deref(), game, password)?,
            Command::Observe { game } => {
                let r = game::observe(st, game, &self.msg.from, self.now);
                self.outcome(line, quote, r, |new| {
                    if new {
                        format!("you now observe game {game}: you will receive its results")
                    } else {
                        format!("you already observe game {game}")
                    }
                })?;
            }
            Command::Signon {
                power,
                game,
                password,
            } => {
                self.flush_orders(st)?;
                self.signon(st, line, quote, power, game, password.as_deref())?;
            }
            Command::Master { password } => {
                let from_master = self
                    .js
                    .master_address
                    .as_deref()
                    .is_some_and(|m| m.eq_ignore_ascii_case(&self.msg.from));
                let good = from_master
                    && self
                        .js
                        .master_password_hash
                        .as_deref()
                        .is_some_and(|h| verify_cached(h, password));
                if good {
                    self.master = true;
                    self.ok(line, quote, "signed on as the game master");
                } else {
                    self.master = false;
                    self.no(
                        line,
                        quote,
                        "refused: MASTER needs the master password, sent from the game \
                         master's address",
                    );
                }
            }
            Command::History { game, phase } => {
                let allowed = self.master
                    || self.signed.is_some()
                    || game::takes_part(st, game, &self.msg.from).unwrap_or(false);
                if allowed {
                    self.history(st, line, quote, game, phase.as_deref())?;
                } else {
                    self.no(
                        line,
                        quote,
                        "not done: the history is for the game's players and observers; \
                         sign on or OBSERVE the game first",
                    );
                }
            }
            _ => {
                let Some(s) = self.signed.clone() else {
                    let why = self.not_signed_on();
                    self.no(line, quote, why);
                    return Ok(());
                };
                self.player_command(st, line, quote, cmd, &s)?;
            }
        }
        Ok(())
    }

    fn signon(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        power: &str,
        game: &str,
        password: Option<&str>,
    ) -> Result<(), JudgeError> {
        self.signed = None;
        self.failed_signon = Some(line);
        let info = match game::signon_info(st, game, power) {
            Ok(i) => i,
            Err(e) => {
                let why = reason(e)?;
                self.no(line, quote, format!("sign-on refused: {why}"));
                return Ok(());
            }
        };
        let (Some(email), Some(hash)) = (&info.email, &info.password_hash) else {
            self.no(
                line,
                quote,
                format!(
                    "sign-on refused: nobody plays {} in game {} (JOIN the game to play)",
                    info.display, info.game
                ),
            );
            return Ok(());
        };
        let good = match password {
            Some(pw) => verify_cached(hash, pw),
            None => info.password_optional && email.eq_ignore_ascii_case(&self.msg.from),
        };
        if !good {
            let why = match password {
                Some(_) => format!(
                    "sign-on refused: wrong password for {} in game {}",
                    info.display, info.game
                ),
                None if info.password_optional => format!(
                    "sign-on refused: the password may be left out only from the address \
                     {} joined with; add the password",
                    info.display
                ),
                None => format!(
                    "sign-on refused: game {} needs the password: `SIGNON {} {} <password>`",
                    info.game, info.power, info.game
                ),
            };
            self.no(line, quote, why);
            return Ok(());
        }
        let s = Signed {
            game: info.game.clone(),
            power: info.power.clone(),
            display: info.display.clone(),
        };
        self.ok(
            line,
            quote,
            format!("signed on as {} in game {}", s.display, s.game),
        );
        self.failed_signon = None;
        self.signed = Some(s.clone());
        self.last_signed = Some(s);
        Ok(())
    }

    fn join(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        power: Option<&str>,
        game: &str,
        password: &str,
    ) -> Result<(), JudgeError> {
        // The power by letter or name, as the game's map reads it.
        let power = match power {
            Some(p) => match game::power_name(st, game, p) {
                Ok(n) => Some(n),
                Err(e) => {
                    let why = reason(e)?;
                    self.no(line, quote, format!("not joined: {why}"));
                    return Ok(());
                }
            },
            None => None,
        };
        let r = game::join(
            st,
            game,
            power.as_deref(),
            &self.msg.from,
            password,
            self.now,
        );
        match r {
            Ok(rep) => {
                let mut what = match &rep.power {
                    Some(p) => format!("you joined game {game} as {}", display(p)),
                    None => format!(
                        "you joined game {game}; you will get a power at random when the game fills"
                    ),
                };
                if !rep.assigned.is_empty() {
                    what.push_str(&format!(
                        "; the game is now full and every player has a power ({}); \
                         the game master starts it",
                        rep.assigned
                            .iter()
                            .map(|(p, _)| display(p))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                    for (p, _) in &rep.assigned {
                        let body = format!(
                            "Game {game} is full. You play {}. Sign on with\n\n  SIGNON {p} {game} <your password>\n",
                            display(p)
                        );
                        if let Err(e) = announce(st, game, p, &body, self.now) {
                            reason(e)?;
                        }
                    }
                }
                self.ok(line, quote, what);
            }
            Err(e) => {
                let why = reason(e)?;
                self.no(line, quote, format!("not joined: {why}"));
            }
        }
        Ok(())
    }

    fn player_command(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        cmd: &Command,
        s: &Signed,
    ) -> Result<(), JudgeError> {
        let (game, power) = (s.game.as_str(), s.power.as_str());
        match cmd {
            Command::Order(text) => self.pending.push((line, text.clone())),
            Command::Clear => {
                let r = game::clear_orders(st, game, power);
                self.outcome(line, quote, r, |n| match n {
                    0 => "you had no orders to withdraw".into(),
                    1 => "1 earlier order withdrawn".into(),
                    n => format!("{n} earlier orders withdrawn"),
                })?;
            }
            Command::SetWait(w) => {
                let r = game::set_wait(st, game, power, *w);
                let w = *w;
                self.outcome(line, quote, r, |()| {
                    if w {
                        "the phase will not be processed before its deadline".into()
                    } else {
                        "the phase may be processed as soon as all orders are in".into()
                    }
                })?;
            }
            Command::SetPassword { password } => {
                let r = game::set_password(st, game, power, password);
                self.outcome(line, quote, r, |()| "your password is changed".into())?;
            }
            Command::Resign => {
                self.flush_orders(st)?;
                let r = game::resign(st, game, power, self.now);
                if self
                    .outcome(line, quote, r, |()| {
                        format!(
                            "you resigned: {} in game {game} has no player now",
                            s.display
                        )
                    })?
                    .is_some()
                {
                    self.signed = None;
                    self.last_signed = None;
                }
            }
            Command::Press {
                to,
                broadcast,
                anonymous,
                text,
            } => {
                let to: &[String] = if *broadcast { &[] } else { to };
                let p = game::Press {
                    from: power,
                    to,
                    anonymous: *anonymous,
                    text,
                };
                match game::relay_press(st, game, &p, self.now) {
                    Ok(names) => {
                        let how = if *anonymous { "unsigned" } else { "signed" };
                        self.ok(
                            line,
                            quote,
                            format!("press sent ({how}) to {}", names.join(", ")),
                        );
                    }
                    Err(e) => {
                        let why = mail_reason(e)?;
                        self.no(line, quote, why);
                    }
                }
            }
            _ => self.no(line, quote, "not done: this command cannot be used here"),
        }
        Ok(())
    }

    /// Gives the waiting order lines to the game, all together.
    fn flush_orders(&mut self, st: &mut Store) -> Result<(), JudgeError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let pending = std::mem::take(&mut self.pending);
        let Some(s) = self.signed.clone() else {
            return Ok(());
        };
        let text = pending
            .iter()
            .map(|(_, t)| t.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let sender = Sender {
            from: Some(self.msg.from.clone()),
            message_id: self.msg.message_id.clone(),
        };
        match game::submit_orders(st, &s.game, &s.power, &text, None, &sender, self.now) {
            Ok(rep) => {
                let mut seen = vec![false; pending.len()];
                for l in rep.lines {
                    let Some((n, raw)) = l.line.checked_sub(1).and_then(|i| pending.get(i)) else {
                        continue;
                    };
                    seen[l.line - 1] = true;
                    match (l.order, l.error) {
                        (_, Some(err)) => {
                            self.no(*n, raw.clone(), format!("order rejected: {err}"))
                        }
                        (Some(o), None) => {
                            let what = match l.replaced {
                                Some(r) => format!("order stored as `{o}`, replacing `{r}`"),
                                None => format!("order stored as `{o}`"),
                            };
                            self.ok(*n, raw.clone(), what);
                        }
                        (None, None) => self.ok(*n, raw.clone(), "order stored"),
                    }
                }
                for ((n, raw), seen) in pending.iter().zip(seen) {
                    if !seen {
                        self.no(*n, raw.clone(), "order not read by the game");
                    }
                }
            }
            Err(e) => {
                let why = reason(e)?;
                for (n, raw) in pending {
                    self.no(n, raw, format!("order not stored: {why}"));
                }
            }
        }
        Ok(())
    }

    fn list(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: Option<&str>,
    ) -> Result<(), JudgeError> {
        match game {
            None => match game::list(st) {
                Ok(games) => {
                    let mut t = String::from("Games on this judge:\n");
                    if games.is_empty() {
                        t.push_str("  (none)\n");
                    }
                    for g in &games {
                        t.push_str(&format!(
                            "  {:<16} {:<10} {:<10} {:<8} {}\n",
                            g.name,
                            g.variant,
                            g.status,
                            g.phase.as_deref().unwrap_or("-"),
                            g.deadline
                                .as_deref()
                                .map(|d| format!("deadline {d}"))
                                .unwrap_or_default()
                        ));
                    }
                    self.extra.push(t);
                    self.ok(line, quote, "the list of games is at the end of this reply");
                }
                Err(e) => {
                    let why = reason(e)?;
                    self.no(line, quote, why);
                }
            },
            Some(g) => match game::show(st, g) {
                Ok(v) => {
                    let mut t = format!(
                        "Game {}: {} ({}), variant {}, press {}\n",
                        v.name, v.status, v.timezone, v.variant, v.settings.press
                    );
                    if let (Some(p), Some(n)) = (&v.phase, &v.phase_name) {
                        t.push_str(&format!("  phase: {n} ({p})\n"));
                    }
                    if let Some(d) = &v.deadline {
                        t.push_str(&format!("  deadline: {d}\n"));
                    }
                    for p in &v.powers {
                        t.push_str(&format!(
                            "  {:<8} {:<10} centres {:>2}, units {:>2}\n",
                            display(&p.power),
                            p.status,
                            p.centers,
                            p.units
                        ));
                    }
                    self.extra.push(t);
                    self.ok(
                        line,
                        quote,
                        format!("game {} is described at the end of this reply", v.name),
                    );
                }
                Err(e) => {
                    let why = reason(e)?;
                    self.no(line, quote, why);
                }
            },
        }
        Ok(())
    }

    fn history(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        phase: Option<&str>,
    ) -> Result<(), JudgeError> {
        let entries = match game::history(st, game, phase) {
            Ok(h) => h,
            Err(e) => {
                let why = reason(e)?;
                self.no(line, quote, why);
                return Ok(());
            }
        };
        // The public record of a processed phase is its results mail:
        // it shows the orders as adjudicated under their owners' names and
        // nothing secret (ESP-10, SPI-10), so the history repeats it.
        let results: Vec<crate::store::AnnouncementRow> =
            match crate::store::game_by_name(st.conn(), game)? {
                Some(g) => crate::store::announcements(st.conn(), g.id)?
                    .into_iter()
                    .filter(|a| a.kind == "results")
                    .collect(),
                None => Vec::new(),
            };
        let mut t = format!("History of game {game}:\n");
        for h in &entries {
            t.push_str(&format!("  {} ({})\n", h.phase, h.status.replace('_', " ")));
            // Orders of a phase still being played stay secret.
            let Some(done) = &h.processed_at else {
                continue;
            };
            let mail = results
                .iter()
                .find(|a| a.phase.as_deref() == Some(h.phase.as_str()) && &a.created_at == done);
            match mail {
                Some(a) => {
                    for l in a.body.lines() {
                        t.push_str(&format!("    {l}\n"));
                    }
                }
                None => t.push_str("    (no results were recorded for this phase)\n"),
            }
        }
        self.extra.push(t);
        self.ok(line, quote, "the history is at the end of this reply");
        Ok(())
    }

    fn master_command(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        cmd: &Command,
    ) -> Result<(), JudgeError> {
        let now = self.now;
        match cmd {
            Command::Create { game, settings } => {
                let opts = match create_options(&self.js.defaults, settings) {
                    Ok(o) => o,
                    Err(why) => {
                        self.no(line, quote, format!("not created: {why}"));
                        return Ok(());
                    }
                };
                let r = game::create(st, game, &opts, now);
                self.outcome(line, quote, r, |()| {
                    format!("game {game} created; players may JOIN it now")
                })?;
            }
            Command::Start { game } => {
                let r = game::start(st, game, now);
                self.outcome(line, quote, r, |i| format!("game {game} started: {i}"))?;
            }
            Command::Process { game } => {
                let r = game::process(st, game, now);
                let mut report = None;
                self.outcome(line, quote, r, |p| {
                    report = Some(p.report.clone());
                    match &p.next {
                        Some(n) => format!("{} processed; now {n}", p.processed),
                        None => format!(
                            "{} processed; {}",
                            p.processed,
                            p.ended.as_deref().unwrap_or("the game is over")
                        ),
                    }
                })?;
                if let Some(r) = report {
                    self.extra.push(format!("Results of game {game}:\n{r}"));
                }
            }
            Command::Pause { game } => {
                let r = game::pause(st, game, now);
                self.outcome(line, quote, r, |()| format!("game {game} paused"))?;
            }
            Command::Resume { game } => {
                let r = game::resume(st, game, now);
                self.outcome(line, quote, r, |i| format!("game {game} resumed: {i}"))?;
            }
            Command::SetDeadline { game, when } => match game::set_deadline(st, game, when, now) {
                Ok(i) => self.ok(line, quote, format!("deadline moved: {i}")),
                Err(e) => {
                    let why = mail_reason(e)?;
                    self.no(line, quote, why);
                }
            },
            Command::Rollback { game, phase } => {
                let r = game::rollback(st, game, phase, now);
                self.outcome(line, quote, r, |i| {
                    format!("game {game} rolled back; now {i}")
                })?;
            }
            Command::Preview { game } => {
                let r = game::preview(st, game);
                let mut report = None;
                self.outcome(line, quote, r, |t| {
                    report = Some(t);
                    "the preview is at the end of this reply (nothing was stored)".into()
                })?;
                if let Some(r) = report {
                    self.extra
                        .push(format!("Preview of game {game} (not stored):\n{r}"));
                }
            }
            _ => self.no(line, quote, "not done: not a master command"),
        }
        Ok(())
    }

    /// Writes the reply: every line, then the signed-on power's orders and
    /// deadline, then the longer texts.
    fn finish(mut self, st: &mut Store, parsed: &command::Message) -> Result<String, JudgeError> {
        let mut out = String::new();
        self.entries.sort_by_key(|e| e.line);
        if self.entries.is_empty() {
            out.push_str("Your message held no commands. Send HELP for the list of commands.\n");
        }
        for e in &self.entries {
            out.push_str(&format!("Line {}: {}\n", e.line, e.quote));
            match &e.done {
                Ok(w) => out.push_str(&format!("  OK: {w}\n")),
                Err(w) => out.push_str(&format!("  REJECTED: {w}\n")),
            }
        }
        if let Some(n) = parsed.cut_at {
            out.push_str(&format!(
                "\nLines from line {n} on were not read: a message may hold at most {} commands.\n",
                command::MAX_LINES
            ));
        }
        let rejected = self.entries.iter().filter(|e| e.done.is_err()).count();
        if rejected > 0 {
            out.push_str(&format!(
                "\n{rejected} line(s) rejected; nothing was done for them.\n"
            ));
        }
        if let Some(s) = self.last_signed.take() {
            out.push('\n');
            out.push_str(&standing(st, &s)?);
        }
        for x in &self.extra {
            out.push('\n');
            out.push_str(x.trim_end());
            out.push('\n');
        }
        Ok(out)
    }
}

/// The power's complete orders for the phase and the deadline.
fn standing(st: &Store, s: &Signed) -> Result<String, JudgeError> {
    let mut t = String::new();
    let info = match game::current_phase(st, &s.game) {
        Ok(Some(i)) => i,
        Ok(None) => {
            t.push_str(&format!(
                "Game {} has no phase being played (it has not started, or it is over).\n",
                s.game
            ));
            return Ok(t);
        }
        Err(e) => {
            t.push_str(&format!("{}\n", reason(e)?));
            return Ok(t);
        }
    };
    match game::show_orders(st, &s.game, Some(&s.power)) {
        Ok((_, powers)) => {
            t.push_str(&format!(
                "Your orders as {} in game {}, {} ({}):\n",
                s.display,
                s.game,
                info.phase.long_name(),
                info.phase
            ));
            for p in &powers {
                if p.orders.is_empty() {
                    t.push_str("  (none)\n");
                }
                for o in &p.orders {
                    t.push_str(&format!("  {o}\n"));
                }
                if !p.spy.is_empty() {
                    t.push_str("Your espionage orders (seen by nobody but you and the judge):\n");
                    for o in &p.spy {
                        t.push_str(&format!("  {o}\n"));
                    }
                }
                if p.needs_orders && !p.complete {
                    t.push_str("  Some of your units still have no order.\n");
                }
                if p.wait {
                    t.push_str("  You asked to wait for the deadline (SET WAIT).\n");
                }
            }
        }
        Err(e) => t.push_str(&format!("{}\n", reason(e)?)),
    }
    match info.deadline {
        Some(d) => t.push_str(&format!("Deadline: {}\n", game::show_time(d, info.tz))),
        None => t.push_str("Deadline: none while the game is paused\n"),
    }
    Ok(t)
}

/// A private announcement to one power.
fn announce(
    st: &mut Store,
    game: &str,
    power: &str,
    body: &str,
    now: DateTime<Utc>,
) -> Result<(), GameError> {
    st.write(|c| {
        let g = crate::store::game_by_name(c, game)?
            .ok_or_else(|| GameError::UnknownGame(game.into()))?;
        crate::store::insert_announcement(
            c,
            &crate::store::NewAnnouncement {
                game_id: g.id,
                phase: None,
                audience: power,
                kind: "game",
                subject: &format!("Game {} is full: you play {}", g.name, display(power)),
                body,
                created_at: &crate::store::time_text(now),
            },
        )?;
        Ok(())
    })
}

/// `france` → `France`.
fn display(power: &str) -> String {
    let mut c = power.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// How an unreadable line is quoted: lines that may carry a password
/// show only their first word.
fn quote_unreadable(text: &str) -> String {
    let first = text.split_whitespace().next().unwrap_or("");
    let secret = ["signon", "sign", "join", "master", "set"]
        .iter()
        .any(|k| first.eq_ignore_ascii_case(k));
    let short: String = text.chars().take(80).collect();
    if secret {
        format!("{first} ... (the rest is not repeated: it may hold a password)")
    } else if short.len() < text.len() {
        format!("{short}...")
    } else {
        short
    }
}

/// CREATE's settings over the judge's defaults.
/// A yes/no setting of CREATE.
fn yes_no(key: &str, v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "yes" | "true" | "on" | "1" => Ok(true),
        "no" | "false" | "off" | "0" => Ok(false),
        _ => Err(format!("{key} must be yes or no, not `{v}`")),
    }
}

fn create_options(
    defaults: &CreateOptions,
    settings: &[(String, String)],
) -> Result<CreateOptions, String> {
    let mut o = defaults.clone();
    for (k, v) in settings {
        match k.as_str() {
            "variant" => o.variant = v.clone(),
            "rules" => o.rules = v.split(',').map(|s| s.trim().to_string()).collect(),
            "deadline" => o.deadline = v.clone(),
            "retreat" => o.retreat_deadline = v.clone(),
            "adjust" => o.adjust_deadline = v.clone(),
            "timezone" => o.timezone = v.clone(),
            "at" => o.deadline_time = Some(v.clone()),
            "press" => {
                let p = v.to_ascii_lowercase();
                if !matches!(p.as_str(), "none" | "white" | "grey") {
                    return Err(format!("press must be none, white or grey, not `{v}`"));
                }
                o.press = p;
            }
            "reaction" => o.reaction_deadline = v.clone(),
            "reminder" => o.reminder = v.clone(),
            "password_optional" => o.password_optional = yes_no(k, v)?,
            "spy_at_start" => o.spy_at_start = yes_no(k, v)?,
            other => return Err(format!("unknown setting `{other}`")),
        }
    }
    Ok(o)
}
