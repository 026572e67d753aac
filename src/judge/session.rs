//! One message's session: the lines read in order, who signed on, the
//! reply built line by line, and the standing orders shown at its end.

use super::guessing::Checked;
use super::{Incoming, JudgeError, JudgeSettings};
use crate::command::{self, Command, Item};
use crate::game::Store;
use crate::game::{self, GameError, MailCommandError, Sender};
use crate::text::{Args, Lang, plain, render};
use chrono::{DateTime, Utc};

// ------------------------------------------------------------ one message

/// The power a message signed on as.
#[derive(Debug, Clone)]
pub(super) struct Signed {
    pub(super) game: String,
    /// Stored name (`france`).
    pub(super) power: String,
}

/// One line of the reply about one line of the message.
pub(super) struct Entry {
    pub(super) line: usize,
    pub(super) quote: String,
    pub(super) done: Result<String, String>,
}

pub(super) struct Session<'a> {
    pub(super) js: &'a JudgeSettings,
    /// The language the whole reply is written in (see
    /// [`super::language::reply_lang`]): every line of the reply is
    /// rendered in it.
    pub(super) lang: crate::text::Lang,
    pub(super) msg: &'a Incoming,
    pub(super) now: DateTime<Utc>,
    pub(super) signed: Option<Signed>,
    /// The line of a SIGNON that failed (and no good one since).
    pub(super) failed_signon: Option<usize>,
    pub(super) master: bool,
    /// Order lines waiting for the power's submission: (line, text).
    pub(super) pending: Vec<(usize, String)>,
    pub(super) entries: Vec<Entry>,
    /// Longer texts for the end of the reply (HELP, LIST, PREVIEW...).
    pub(super) extra: Vec<String>,
    /// Every power signed on, in order, for the orders shown at the end.
    pub(super) all_signed: Vec<Signed>,
    /// Powers the master acted for with BECOME: their players get a copy
    /// of the reply.
    pub(super) became: Vec<Signed>,
    /// PHASE and IF blocks being read.
    pub(super) blocks: super::blocks::Blocks,
    /// Files for the reply (MAP's picture of the board).
    pub(super) attachments: Vec<crate::game::Attachment>,
    /// What became of the sign-ons.
    pub(super) signons: super::Signons,
    /// Wrong passwords given (recorded with the message).
    pub(super) failures: Vec<super::guessing::Failure>,
    /// The games OBSERVE asked for in this message, with the line.
    pub(super) observed: Vec<(String, usize)>,
    /// A JOIN or TAKEOVER of this mail seated its sender, with the password
    /// it gave: a SET LANGUAGE below it counts as one after a sign-on, so
    /// that the reply and the game's mail share its language.
    pub(super) joined: bool,
    /// Lines read although they may be the password of the command above
    /// them (it succeeded without one): not quoted if they are refused.
    pub(super) maybe_secret: Vec<usize>,
}

/// A game error as a reason for the reply, in `lang`, or the database
/// failure that must stop the message.
pub(super) fn reason(lang: Lang, e: GameError) -> Result<String, JudgeError> {
    Ok(match e {
        GameError::Sql(e) => return Err(JudgeError::Sql(e)),
        GameError::Store(e) => return Err(JudgeError::Store(e)),
        GameError::UnknownGame(g) => {
            render(lang, "replies-unknown-game", &Args::new().str("game", g))
        }
        GameError::EmptyPassword => plain(lang, "replies-empty-password"),
        GameError::UnknownRules(r) => {
            render(lang, "replies-unknown-rules", &Args::new().str("rules", r))
        }
        other => crate::text::error::game(lang, &other),
    })
}

/// A mail command's error as a reason for the reply, in `lang`.
pub(super) fn mail_reason(lang: Lang, e: MailCommandError) -> Result<String, JudgeError> {
    match e {
        MailCommandError::Game(g) => reason(lang, g),
        other => Ok(crate::text::error::mail_command(lang, &other)),
    }
}

impl<'a> Session<'a> {
    pub(super) fn new(
        js: &'a JudgeSettings,
        msg: &'a Incoming,
        now: DateTime<Utc>,
        lang: crate::text::Lang,
    ) -> Self {
        let mut s = Session::empty(js, msg, now, lang);
        // Commands from the web pages come signed on there: the session
        // starts as a good SIGNON (or MASTER) line would leave it.
        match &msg.web {
            None => {}
            Some(super::WebUser::Power { game, power }) => {
                let signed = Signed {
                    game: game.clone(),
                    power: power.clone(),
                };
                s.signed = Some(signed.clone());
                s.all_signed.push(signed);
                s.signons.good = true;
            }
            Some(super::WebUser::Master) => {
                s.master = true;
                s.signons.good = true;
            }
        }
        s
    }

    /// Who sent the commands, as the game records it.
    pub(super) fn sender(&self) -> Sender {
        Sender {
            from: Some(self.msg.from.clone()),
            message_id: self.msg.message_id.clone(),
            via: match self.msg.web {
                Some(_) => game::Via::Web,
                None => game::Via::Mail,
            },
        }
    }

    /// A session before any line is read.
    fn empty(
        js: &'a JudgeSettings,
        msg: &'a Incoming,
        now: DateTime<Utc>,
        lang: crate::text::Lang,
    ) -> Self {
        Session {
            js,
            lang,
            msg,
            now,
            signed: None,
            failed_signon: None,
            master: false,
            pending: Vec::new(),
            entries: Vec::new(),
            extra: Vec::new(),
            all_signed: Vec::new(),
            became: Vec::new(),
            blocks: Default::default(),
            attachments: Vec::new(),
            signons: Default::default(),
            failures: Vec::new(),
            observed: Vec::new(),
            joined: false,
            maybe_secret: Vec::new(),
        }
    }

    pub(super) fn ok(&mut self, line: usize, quote: String, what: impl Into<String>) {
        self.entries.push(Entry {
            line,
            quote,
            done: Ok(what.into()),
        });
    }

    pub(super) fn no(&mut self, line: usize, quote: String, why: impl Into<String>) {
        self.entries.push(Entry {
            line,
            quote,
            done: Err(why.into()),
        });
    }

    /// Records the outcome of a game operation.
    pub(super) fn outcome<T>(
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
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
                Ok(None)
            }
        }
    }

    /// Why a command that needs a signon cannot run.
    pub(super) fn not_signed_on(&self) -> String {
        match self.failed_signon {
            Some(n) => render(
                self.lang,
                "replies-after-failed-signon",
                &Args::new().num("line", n as f64),
            ),
            None if self.master => plain(self.lang, "replies-master-not-player"),
            None => plain(self.lang, "replies-sign-on-first"),
        }
    }

    pub(super) fn item(&mut self, st: &mut Store, item: &Item) -> Result<(), JudgeError> {
        let before = self.entries.len();
        if let Some(open) = item.secret_of {
            // The line may be the password its command above left out:
            // not read, never repeated, unless that command succeeded
            // without it (see `command::secret_next`).
            let released = self
                .entries
                .iter()
                .any(|e| e.line == open && e.done.is_ok());
            if !released {
                self.no(
                    item.line,
                    plain(self.lang, "replies-quote-secret"),
                    plain(self.lang, "replies-secret-next-line"),
                );
                return Ok(());
            }
            self.maybe_secret.push(item.line);
        }
        self.read_item(st, item)?;
        if let Some(note) = item.note
            && let Some(e) = self.entries[before..]
                .iter_mut()
                .find(|e| e.line == item.line)
        {
            let line = crate::text::commands::note_line(self.lang, note);
            match &mut e.done {
                Ok(w) | Err(w) => {
                    w.push_str("\n  ");
                    w.push_str(&line);
                }
            }
        }
        Ok(())
    }

    fn read_item(&mut self, st: &mut Store, item: &Item) -> Result<(), JudgeError> {
        let line = item.line;
        let cmd = match &item.command {
            Ok(c) => c,
            Err(e) => {
                self.unreadable(line, item, e);
                return Ok(());
            }
        };
        // A command read whole is quoted as read, its password hidden;
        // one whose free text may hold a password is not quoted at all.
        let quote = if free_text(cmd) && may_hold_password(&item.text) {
            quote_unreadable(self.lang, &item.text)
        } else {
            cmd.quoted_naming(|p| crate::text::refused::phase_name(crate::text::JUDGE_ONLY, p))
        };
        if let Command::Order(text) = cmd
            && may_hold_password(text)
        {
            // Looks like a command with a password, but is none: not
            // given to the game (which would keep it), never repeated.
            self.no(
                line,
                quote_unreadable(self.lang, text),
                plain(self.lang, "replies-secret-line"),
            );
            return Ok(());
        }
        if cmd.is_master() {
            if !self.master {
                self.no(line, quote, plain(self.lang, "replies-master-needed"));
                return Ok(());
            }
            return self.master_command(st, line, quote, cmd);
        }
        match cmd {
            Command::SignOff => self.ok(line, quote, plain(self.lang, "replies-signoff")),
            Command::Help => {
                self.ok(line, quote, plain(self.lang, "replies-help"));
                self.extra.push(crate::text::help(self.lang));
            }
            Command::List { game } => self.list(st, line, quote, game.as_deref())?,
            Command::Join {
                power,
                game,
                password,
            } => self.join(st, line, quote, power.as_deref(), game, password)?,
            Command::Takeover {
                power,
                game,
                password,
            } => self.takeover(st, line, quote, power, game, password)?,
            Command::Observe { game } => self.observe(st, line, quote, game)?,
            Command::Signon {
                power,
                game,
                password,
            } => {
                self.flush_orders(st)?;
                self.signon(st, line, power, game, password.as_deref())?;
            }
            Command::Master { password } => self.master_signon(st, line, quote, password)?,
            Command::Map {
                game,
                phase,
                before,
            } => {
                let allowed = self.master
                    || self.signed.is_some()
                    || game::takes_part(st, game, &self.msg.from).unwrap_or(false);
                if allowed {
                    self.map_picture(st, line, quote, game, phase.as_deref(), *before)?;
                } else {
                    self.no(line, quote, plain(self.lang, "replies-map-not-allowed"));
                }
            }
            Command::History { game, phase } => {
                let allowed = self.master
                    || self.signed.is_some()
                    || game::takes_part(st, game, &self.msg.from).unwrap_or(false);
                if allowed {
                    self.history(st, line, quote, game, phase.as_deref())?;
                } else {
                    self.no(line, quote, plain(self.lang, "replies-history-not-allowed"));
                }
            }
            Command::Summary { game } => self.roster(st, line, quote, game, false)?,
            Command::WhoGame { game } => self.roster(st, line, quote, game, true)?,
            Command::ConfirmAddress { code } => self.confirm_address(st, line, quote, code)?,
            Command::SetLanguage { tag } => self.set_language(st, line, quote, tag)?,
            Command::Order(text) if self.signed.is_none() && !command::looks_like_order(text) => {
                self.no(
                    line,
                    quote_unreadable(self.lang, text),
                    crate::text::refused::render_refused(self.lang, &game::not_an_order(text)),
                );
            }
            _ => {
                let Some(s) = self.signed.clone() else {
                    let why = self.not_signed_on();
                    let quote = match cmd {
                        Command::Order(text) => quote_unreadable(self.lang, text),
                        _ => quote,
                    };
                    self.no(line, quote, why);
                    return Ok(());
                };
                self.player_command(st, line, quote, cmd, &s)?;
            }
        }
        Ok(())
    }

    /// A line that could not be read: where and what was expected.
    fn unreadable(&mut self, line: usize, item: &Item, e: &command::CommandError) {
        let quote = quote_unreadable(self.lang, &item.text);
        // What was found is not repeated from a line that may
        // hold a password.
        let why = crate::text::commands::unreadable(
            self.lang,
            e,
            !may_hold_password(&item.text),
            command::opens_press(&item.text),
        );
        self.no(line, quote, why);
        if let Some(w) = command::block_word(&item.text) {
            self.blocks.unreadable(w, line);
        }
    }

    /// OBSERVE: the code to confirm with is in this reply; the same game
    /// asked again in the same message gets no second code.
    fn observe(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
    ) -> Result<(), JudgeError> {
        let lang = self.lang;
        let args = || Args::new().str("game", game);
        if let Some((_, first)) = self
            .observed
            .iter()
            .find(|(g, _)| g.eq_ignore_ascii_case(game))
        {
            let args = args().num("line", *first as f64);
            self.ok(line, quote, render(lang, "players-observe-repeated", &args));
            return Ok(());
        }
        let r = game::request_observe(st, game, &self.msg.from, self.now);
        let asked = self.outcome(line, quote, r, |a| match a {
            game::ObserveAsked::Code(code) => render(
                lang,
                "players-observe-code",
                &args()
                    .str("code", code)
                    .num("days", game::CONFIRM_DAYS as f64),
            ),
            game::ObserveAsked::Already => render(lang, "players-observe-already", &args()),
        })?;
        if asked.is_some() {
            self.observed.push((game.to_string(), line));
        }
        Ok(())
    }

    /// MASTER: the master password, from the master's address (in mail
    /// the receiving server authenticated, where the judge checks
    /// senders), through the master password's lock.
    fn master_signon(
        &mut self,
        st: &Store,
        line: usize,
        quote: String,
        password: &str,
    ) -> Result<(), JudgeError> {
        let master = self.js.master_address.as_deref();
        let from_master = master.is_some_and(|m| m.trim().eq_ignore_ascii_case(&self.msg.from));
        let vouched = self.js.authserv_id.is_none() || self.msg.authenticated;
        let checked = match self.js.master_password_hash.as_deref() {
            Some(hash) if from_master && vouched => {
                let guard = super::guessing::Guard {
                    guarded: game::Guarded::Master,
                    game: "",
                    registered: master,
                    hash,
                };
                self.check_password(st, &guard, password)?
            }
            _ => Checked::Wrong,
        };
        self.master = checked == Checked::Good;
        if self.master {
            self.signons.good = true;
            self.ok(line, quote, plain(self.lang, "replies-master-signed-on"));
            return Ok(());
        }
        self.signons.failed = true;
        let key = match checked {
            Checked::Locked => "replies-master-locked",
            _ if from_master && !vouched => "replies-master-needs-authentication",
            _ => "replies-master-refused",
        };
        self.no(line, quote, plain(self.lang, key));
        Ok(())
    }

    /// Gives the waiting order lines to the game, all together.
    pub(super) fn flush_orders(&mut self, st: &mut Store) -> Result<(), JudgeError> {
        self.flush_blocks(st)?;
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
        let sender = self.sender();
        let lang = self.lang;
        let stored = |key: &str, o: &str, r: Option<&str>| {
            let args = Args::new().str("order", o);
            let args = match r {
                Some(r) => args.str("replaced", r),
                None => args,
            };
            render(lang, key, &args)
        };
        match game::submit_orders(st, &s.game, &s.power, &text, None, &sender, self.now) {
            Ok(rep) => {
                // An espionage line echoed in the reader's order words.
                let kind = crate::engine::Phase::parse_stored(&rep.phase).map(|p| p.kind);
                let shown = |o: &str| match (rep.map, &kind) {
                    (Some(map), Ok(kind)) => crate::text::spy_order::line(lang, map, *kind, o),
                    _ => o.to_string(),
                };
                let mut seen = vec![false; pending.len()];
                for l in &rep.lines {
                    let Some((n, raw)) = l.line.checked_sub(1).and_then(|i| pending.get(i)) else {
                        continue;
                    };
                    seen[l.line - 1] = true;
                    let (error, note, warning) = (
                        rep.error_in(l, lang),
                        rep.note_in(l, lang),
                        rep.warning_in(l, lang),
                    );
                    match (l.order.clone(), error) {
                        (Some(_), Some(err)) => self.no(
                            *n,
                            quote_unreadable(lang, raw),
                            render(
                                lang,
                                "replies-order-replaces-nothing",
                                &Args::new().str("error", err),
                            ),
                        ),
                        (None, Some(err)) => self.no(*n, quote_unreadable(lang, raw), err),
                        (Some(o), None) => {
                            let (was, o) = (o.clone(), shown(&o));
                            let mut what = match &l.replaced {
                                Some(r) if *r == was => {
                                    stored("replies-order-stored-same", &o, None)
                                }
                                Some(r) => {
                                    stored("replies-order-stored-replacing", &o, Some(&shown(r)))
                                }
                                None => stored("replies-order-stored", &o, None),
                            };
                            if let Some(n) = note {
                                let mark = plain(lang, "replies-mark-note");
                                what.push_str(&format!("\n  {mark} {n}"));
                            }
                            if let Some(w) = warning {
                                let mark = plain(lang, "replies-mark-warning");
                                what.push_str(&format!("\n  {mark} {w}"));
                            }
                            self.ok(*n, raw.clone(), what);
                        }
                        (None, None) => {
                            self.ok(*n, raw.clone(), plain(lang, "replies-order-stored-plain"))
                        }
                    }
                }
                for ((n, raw), seen) in pending.iter().zip(seen) {
                    if !seen {
                        self.no(*n, raw.clone(), plain(lang, "replies-order-not-read"));
                    }
                }
            }
            Err(e) => {
                let why = reason(lang, e)?;
                let why = render(
                    lang,
                    "replies-order-not-stored",
                    &Args::new().str("why", why),
                );
                for (n, raw) in pending {
                    self.no(n, raw, why.clone());
                }
            }
        }
        Ok(())
    }

    /// Writes the reply: every line, then the signed-on power's orders and
    /// deadline, then the longer texts.
    pub(super) fn finish(
        mut self,
        st: &mut Store,
        parsed: &command::Message,
    ) -> Result<String, JudgeError> {
        let mut out = String::new();
        self.entries.sort_by_key(|e| e.line);
        if self.entries.is_empty() {
            out.push_str(&plain(self.lang, "replies-no-commands"));
            out.push('\n');
        }
        let secrets = secrets(parsed, &self.entries);
        // Refused, a line that may be a password is not quoted.
        for e in &mut self.entries {
            if e.done.is_err() && self.maybe_secret.contains(&e.line) {
                e.quote = plain(self.lang, "replies-quote-secret");
            }
        }
        let hide = |text: String| -> String {
            secrets.iter().fold(text, |t, s| {
                if t.contains(s) {
                    t.replace(s, "****")
                } else {
                    t
                }
            })
        };
        let (ok, rejected) = (
            plain(self.lang, "replies-mark-ok"),
            plain(self.lang, "replies-mark-rejected"),
        );
        for e in &self.entries {
            let at = render(
                self.lang,
                "replies-mark-line",
                &Args::new().str("line", e.line.to_string()),
            );
            out.push_str(&hide(format!("{at} {}\n", e.quote)));
            match &e.done {
                Ok(w) => out.push_str(&hide(format!("  {ok} {w}\n"))),
                Err(w) => out.push_str(&hide(format!("  {rejected} {w}\n"))),
            }
        }
        if let Some(note) = crate::text::commands::skipped_note(self.lang, &parsed.skipped) {
            out.push_str(&format!("\n{note}\n"));
        }
        if let Some(n) = parsed.cut_at {
            let args = Args::new()
                .num("line", n as f64)
                .num("max", command::MAX_LINES as f64);
            out.push_str(&format!("\n{}\n", render(self.lang, "replies-cut", &args)));
        }
        let rejected = self.entries.iter().filter(|e| e.done.is_err()).count();
        if rejected > 0 {
            let args = Args::new().num("count", rejected as f64);
            out.push_str(&format!(
                "\n{}\n",
                render(self.lang, "replies-rejected-count", &args)
            ));
        }
        for s in std::mem::take(&mut self.all_signed) {
            out.push('\n');
            out.push_str(&standing(st, self.lang, &s)?);
        }
        for x in &self.extra {
            out.push('\n');
            out.push_str(x.trim_end());
            out.push('\n');
        }
        // BECOME: the power's player sees everything done in its name.
        for b in std::mem::take(&mut self.became) {
            if let Err(e) = game::master_acted(st, &b.game, &b.power, &out, self.now) {
                reason(self.lang, e)?;
            }
        }
        Ok(out)
    }
}

/// The words the reply never repeats, wherever they stand. A password
/// this mail wrote on a line that carries one (even where another line
/// echoes it: a mangled `SET PASSWORD`, say, read as an unknown command);
/// and a line of one word that may be the password of the line above it
/// (a password is one word), unless it was read as something else.
fn secrets<'p>(parsed: &'p command::Message, entries: &[Entry]) -> Vec<&'p str> {
    let read_ok = |line: usize| entries.iter().any(|e| e.line == line && e.done.is_ok());
    let next_line = parsed
        .items
        .iter()
        .filter(|i| i.secret_of.is_some() && !read_ok(i.line))
        .filter(|i| i.text.split_whitespace().count() == 1)
        .map(|i| i.text.trim())
        .filter(|w| w.chars().count() >= 4);
    parsed
        .items
        .iter()
        .filter(|i| begins_with_password_word(&i.text))
        .filter_map(|i| i.text.split_whitespace().skip(1).last())
        .filter(|w| w.chars().count() >= 4 && !w.eq_ignore_ascii_case("password"))
        .chain(next_line)
        .collect()
}

/// The power's complete orders for the phase and the deadline, in `lang`.
pub(super) fn standing(st: &Store, lang: Lang, s: &Signed) -> Result<String, JudgeError> {
    let mut t = String::new();
    let line = |t: &mut String, key: &str, args: &Args| {
        t.push_str(&render(lang, key, args));
        t.push('\n');
    };
    let info = match game::current_phase(st, &s.game) {
        Ok(Some(i)) => i,
        Ok(None) => {
            line(
                &mut t,
                "replies-no-phase",
                &Args::new().str("game", &*s.game),
            );
            return Ok(t);
        }
        Err(e) => {
            t.push_str(&format!("{}\n", reason(lang, e)?));
            return Ok(t);
        }
    };
    match game::show_orders(st, &s.game, Some(&s.power)) {
        Ok((_, powers)) => {
            let args = Args::new()
                .power("power", &*s.power)
                .str("game", &*s.game)
                .str(
                    "phase_name",
                    crate::text::refused::phase_name(lang, info.phase),
                )
                .str("phase", info.phase.to_string());
            line(&mut t, "replies-orders-heading", &args);
            for p in &powers {
                if p.orders.is_empty() {
                    t.push_str(&format!("  {}\n", plain(lang, "replies-orders-none")));
                }
                for o in &p.orders {
                    t.push_str(&format!("  {o}\n"));
                }
                if !p.spy.is_empty() {
                    line(&mut t, "replies-spy-heading", &Args::new());
                    for o in &p.spy {
                        let o = crate::text::spy_order::line(lang, p.map, p.kind, o);
                        t.push_str(&format!("  {o}\n"));
                    }
                }
                if let Some(m) = p.missing.as_ref().filter(|_| p.needs_orders) {
                    let m = crate::text::views::missing(lang, m);
                    t.push_str(&format!("  {m}\n"));
                }
                if p.wait {
                    t.push_str(&format!("  {}\n", plain(lang, "replies-waiting")));
                }
            }
        }
        Err(e) => t.push_str(&format!("{}\n", reason(lang, e)?)),
    }
    if let Ok(f) = game::standing_future_orders(st, &s.game, &s.power, lang)
        && !f.is_empty()
    {
        line(&mut t, "replies-later-heading", &Args::new());
        for o in f {
            t.push_str(&format!("  {o}\n"));
        }
    }
    if let Ok(a) = game::absences_of(st, &s.game, &s.power)
        && !a.is_empty()
    {
        let spans: Vec<String> = a
            .iter()
            .map(|(from, to)| {
                render(
                    lang,
                    "replies-absence-span",
                    &Args::new().str("from", &**from).str("to", &**to),
                )
            })
            .collect();
        line(
            &mut t,
            "replies-absences",
            &Args::new().str("spans", spans.join("; ")),
        );
    }
    match info.deadline {
        Some(d) => line(
            &mut t,
            "replies-deadline",
            &Args::new().str("time", game::show_time(d, info.tz)),
        ),
        None => line(&mut t, "replies-deadline-paused", &Args::new()),
    }
    Ok(t)
}

/// The name of power `key` (`france`) as `lang` shows it: in English
/// `english` as the game gave it (`France`), in French or German the
/// name of the language's table (`Frankreich`), else the same.
pub(super) fn power_in(lang: Lang, key: &str, english: &str) -> String {
    crate::text::names::power_in(lang, key, english)
}

/// `france` → `France`.
pub(super) fn display(power: &str) -> String {
    let mut c = power.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// How an unreadable line is quoted: a line that may carry a password
/// shows only the command word it begins with, or nothing at all when
/// it does not begin with one (it is then named by its number only).
pub(super) fn quote_unreadable(lang: Lang, text: &str) -> String {
    let short: String = text.chars().take(80).collect();
    if !may_hold_password(text) {
        return if short.len() < text.len() {
            format!("{short}...")
        } else {
            short
        };
    }
    let text = text.trim_start();
    let word = match command::secret::find(text) {
        Some(f) if f.start == 0 => Some(&text[..f.end]),
        Some(_) => None,
        // The older rule's words (`SET PASSWRD`): the first word, when it
        // is only letters.
        None => text
            .split_whitespace()
            .next()
            .filter(|w| w.chars().all(char::is_alphabetic)),
    };
    match word {
        Some(first) => render(
            lang,
            "replies-quote-hidden",
            &Args::new().str("first", first),
        ),
        None => plain(lang, "replies-quote-secret"),
    }
}

/// Whether a line may carry a password: a word of a command that carries
/// one (SIGNON, JOIN, TAKEOVER, MASTER, SET PASSWORD, CONFIRM...) stands
/// anywhere in it, however it is written (look-alike letters, fullwidth,
/// `Sign-on`, `SIGNON:`; see [`command::secret`]), or it begins with a
/// word that looks like the start of one (`SET PASSWRD`). Such a line is
/// never repeated beyond the command word it begins with.
pub(super) fn may_hold_password(text: &str) -> bool {
    command::secret::holds(text) || first_words_say_password(text)
}

/// Whether a line begins with a password command's word (see
/// [`may_hold_password`]): its last word may be a password, and is never
/// repeated anywhere in the reply.
fn begins_with_password_word(text: &str) -> bool {
    command::secret::starts_with_secret_word(text) || first_words_say_password(text)
}

/// The older rule: the first word (letters and digits only) is a
/// password command's, or SET is followed by a word that starts like
/// PASSWORD (or by nothing).
fn first_words_say_password(text: &str) -> bool {
    let mut words = text.split_whitespace().map(|w| {
        w.chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase()
    });
    let first = words.next().unwrap_or_default();
    let second = words.next().unwrap_or_default();
    match first.as_str() {
        "signon" | "sign" | "signin" | "join" | "takeover" | "master" | "password" | "confirm" => {
            true
        }
        // SET PASSWORD, SET PASSWD, SET PW; not SET DRAW.
        "set" => second.starts_with("pass") || second == "pw" || second.is_empty(),
        _ => false,
    }
}

/// Whether a command keeps free text from its line (an address, a time,
/// a tag, settings), which is quoted back as written.
fn free_text(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::SetAddress { .. }
            | Command::SetDeadline { .. }
            | Command::SetLanguage { .. }
            | Command::Create { .. }
    )
}
