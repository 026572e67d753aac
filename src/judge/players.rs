//! The player's commands of a message: SIGNON, JOIN, and what a signed-on
//! player may do (orders aside, which wait for the end of the message).

use crate::command::{Command, Shown};
use crate::game::Store;
use crate::game::{self};

use super::JudgeError;
use super::guessing::Checked;
use super::session::{Session, Signed, display, mail_reason, reason};
use crate::text::{Args, plain, render};

/// The power a SIGNON names, the password given, and the line as the
/// reply quotes it.
type SignonTarget<'p> = (game::SignonInfo, Option<&'p str>, String);

impl Session<'_> {
    /// SIGNON, in either form: `SIGNON <power> <game> [<password>]`, or
    /// njudge's `SIGN ON <initial><game> <password>`, which the parser
    /// hands over as `power` = `Fmygame`, `game` = the password. The form
    /// that names an existing game and power wins. The reply quotes the
    /// line with the password hidden, and when neither form fits it
    /// repeats none of the line's words: any of them may be the password.
    pub(super) fn signon(
        &mut self,
        st: &mut Store,
        line: usize,
        power: &str,
        game: &str,
        password: Option<&str>,
    ) -> Result<(), JudgeError> {
        self.signed = None;
        self.failed_signon = Some(line);
        let Some((info, password, quote)) = self.signon_target(st, line, power, game, password)?
        else {
            return Ok(());
        };
        let (Some(email), Some(hash)) = (&info.email, &info.password_hash) else {
            let why = render(
                self.lang,
                "players-signon-nobody-plays",
                &Args::new()
                    .power("power", info.power.as_str())
                    .str("game", info.game.as_str()),
            );
            self.no(line, quote, why);
            return Ok(());
        };
        let checked = match password {
            Some(pw) => {
                let guard = super::guessing::Guard {
                    guarded: game::Guarded::Power {
                        game_id: info.game_id,
                        power: info.power.clone(),
                    },
                    game: &info.game,
                    registered: Some(email),
                    hash,
                };
                self.check_password(st, &guard, pw)?
            }
            // No password: only a `password_optional` game's own player,
            // in mail the receiving server authenticated.
            None if info.password_optional
                && self.msg.authenticated
                && email.eq_ignore_ascii_case(&self.msg.from) =>
            {
                Checked::Good
            }
            None => Checked::Wrong,
        };
        if checked != Checked::Good {
            self.signons.failed = true;
            let key = match (checked, password) {
                (Checked::Locked, _) => {
                    let why = super::texts::locked_refusal(self.lang, &info.power, &info.game);
                    self.no(line, quote, why);
                    return Ok(());
                }
                (_, Some(_)) => "players-signon-wrong-password",
                (_, None) if info.password_optional => "players-signon-needs-own-address",
                (_, None) => "players-signon-needs-password",
            };
            let args = Args::new()
                .power("power", info.power.as_str())
                .str("word", info.power.as_str())
                .str("game", info.game.as_str());
            let why = render(self.lang, key, &args);
            self.no(line, quote, why);
            return Ok(());
        }
        let s = Signed {
            game: info.game.clone(),
            power: info.power.clone(),
        };
        let what = render(
            self.lang,
            "players-signed-on",
            &Args::new()
                .power("power", s.power.as_str())
                .str("game", s.game.as_str()),
        );
        self.ok(line, quote, what);
        self.failed_signon = None;
        self.signons.good = true;
        self.signed = Some(s.clone());
        if !self
            .all_signed
            .iter()
            .any(|x| x.game == s.game && x.power == s.power)
        {
            self.all_signed.push(s);
        }
        Ok(())
    }

    /// The power a SIGNON line names, with the password and the line as
    /// the reply quotes it; none when neither reading of the line names a
    /// game (the refusal is then already in the reply).
    fn signon_target<'p>(
        &mut self,
        st: &mut Store,
        line: usize,
        power: &'p str,
        game: &'p str,
        password: Option<&'p str>,
    ) -> Result<Option<SignonTarget<'p>>, JudgeError> {
        let kw = "SIGNON";
        let spelled = power.chars().count() >= 2 && password.is_none();
        let glued = spelled.then(|| {
            let mut c = power.chars();
            let initial = c.next().map(String::from).unwrap_or_default();
            (initial, c.as_str().to_string(), game)
        });
        // The line as the reply quotes it: as written, the password hidden.
        Ok(Some(match game::signon_info(st, game, power) {
            Ok(i) => {
                let quote = match password {
                    Some(_) => format!("{kw} {power} {game} ****"),
                    None => format!("{kw} {power} {game}"),
                };
                (i, password, quote)
            }
            Err(first) => match glued
                .as_ref()
                .map(|(p, g, pw)| (game::signon_info(st, g, p), *pw))
            {
                Some((Ok(i), pw)) => (i, Some(pw), format!("{kw} {power} ****")),
                Some((Err(e), _)) if !matches!(e, game::GameError::UnknownGame(_)) => {
                    let why = reason(self.lang, e)?;
                    let quote = format!("{kw} {power} ****");
                    let why = render(
                        self.lang,
                        "players-signon-refused",
                        &Args::new().str("why", why),
                    );
                    self.no(line, quote, why);
                    return Ok(None);
                }
                _ => {
                    // Neither form names a game: say so without repeating
                    // a word that may be the password.
                    let (quote, why) = match first {
                        game::GameError::UnknownGame(_) => (
                            render(
                                self.lang,
                                "players-quote-hidden",
                                &Args::new().str("command", kw),
                            ),
                            plain(self.lang, "players-signon-no-game"),
                        ),
                        e => (
                            format!("{kw} {power} {game} ****"),
                            render(
                                self.lang,
                                "players-signon-refused",
                                &Args::new().str("why", reason(self.lang, e)?),
                            ),
                        ),
                    };
                    self.no(line, quote, why);
                    return Ok(None);
                }
            },
        }))
    }

    /// TAKEOVER (or JOIN of a vacant power of a running game).
    pub(super) fn takeover(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        power: &str,
        game: &str,
        password: &str,
    ) -> Result<(), JudgeError> {
        let r = game::request_takeover(st, game, power, &self.msg.from, password, self.now);
        if let Ok(game::Takeover::Seated { .. }) = &r {
            self.joined = true;
        }
        let lang = self.lang;
        self.outcome(line, quote, r, |t| {
            let (key, power) = match t {
                game::Takeover::Seated { power } => ("players-takeover-seated", power),
                game::Takeover::AwaitingApproval { power } => ("players-takeover-waiting", power),
            };
            let args = Args::new().power("power", power).str("game", game);
            render(lang, key, &args)
        })?;
        Ok(())
    }

    pub(super) fn join(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        power: Option<&str>,
        game: &str,
        password: &str,
    ) -> Result<(), JudgeError> {
        // The power by letter or name, as the game's map reads it. A game
        // that does not exist is not named: with a word too many or too
        // few, the "game" may be the password.
        let unknown_game = |s: &mut Self| {
            let quote = render(
                s.lang,
                "players-quote-hidden",
                &Args::new().str("command", "JOIN"),
            );
            s.no(line, quote, plain(s.lang, "players-join-no-game"));
        };
        if let Err(game::GameError::UnknownGame(_)) = game::power_name(st, game, "-") {
            unknown_game(self);
            return Ok(());
        }
        let power = match power {
            Some(p) => match game::power_name(st, game, p) {
                Ok(n) => Some(n),
                Err(e) => {
                    let why = reason(self.lang, e)?;
                    let why = render(
                        self.lang,
                        "players-join-refused",
                        &Args::new().str("why", why),
                    );
                    self.no(line, quote, why);
                    return Ok(());
                }
            },
            None => None,
        };
        // JOIN of a vacant power of a running game is a takeover.
        if let Some(p) = &power
            && game::signon_info(st, game, p).is_ok_and(|i| i.status == game::PowerStatus::Vacant)
            && game::current_phase(st, game).is_ok_and(|c| c.is_some())
        {
            return self.takeover(st, line, quote, p, game, password);
        }
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
                self.joined = true;
                let mut what = match &rep.power {
                    Some(p) => render(
                        self.lang,
                        "players-joined-as",
                        &Args::new().str("game", game).power("power", p.as_str()),
                    ),
                    None => render(
                        self.lang,
                        "players-joined-random",
                        &Args::new().str("game", game),
                    ),
                };
                if !rep.assigned.is_empty() {
                    let powers = rep
                        .assigned
                        .iter()
                        .map(|(p, _)| super::session::power_in(self.lang, p, &display(p)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    what = render(
                        self.lang,
                        "players-joined-full",
                        &Args::new().str("joined", what).str("powers", powers),
                    );
                }
                self.ok(line, quote, what);
            }
            Err(e) => {
                let why = reason(self.lang, e)?;
                let why = render(
                    self.lang,
                    "players-join-refused",
                    &Args::new().str("why", why),
                );
                self.no(line, quote, why);
            }
        }
        Ok(())
    }

    pub(super) fn player_command(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        cmd: &Command,
        s: &Signed,
    ) -> Result<(), JudgeError> {
        let (game, power) = (s.game.as_str(), s.power.as_str());
        // Only orders depend on IF: any other command is done as written.
        if self.blocks.in_if()
            && !matches!(
                cmd,
                Command::Order(_)
                    | Command::If(_)
                    | Command::ElseIf(_)
                    | Command::Else
                    | Command::EndIf
                    | Command::Phase(_)
            )
        {
            return self.outside_if(st, line, quote, cmd, s);
        }
        match cmd {
            Command::Order(text) if self.blocks.active() => self.blocks.push_order(line, text),
            Command::Order(text) => self.pending.push((line, text.clone())),
            Command::Phase(_)
            | Command::If(_)
            | Command::ElseIf(_)
            | Command::Else
            | Command::EndIf => self.block_command(st, line, quote, cmd, s)?,
            Command::Clear => self.clear(st, line, quote, game, power)?,
            Command::SetAbsence { from, to } => {
                self.set_absence(st, line, quote, game, power, from, to.as_deref())?
            }
            Command::SetDraw { .. }
            | Command::SetNoDraw
            | Command::SetConcede { .. }
            | Command::SetNoConcede => self.vote(st, line, quote, game, power, cmd)?,
            Command::SetNoAbsence => self.set_no_absence(st, line, quote, game, power)?,
            Command::SetWait(w) => self.set_wait(st, line, quote, game, power, *w)?,
            Command::SetPassword { password } => {
                let r = game::set_password(st, game, power, password);
                let done = plain(self.lang, "players-password-changed");
                self.outcome(line, quote, r, |()| done)?;
            }
            Command::Resign => self.resign(st, line, quote, s)?,
            Command::Press {
                to,
                all_but,
                broadcast,
                anonymous,
                fake,
                text,
            } => {
                let how = PressHow {
                    all_but: *all_but,
                    broadcast: *broadcast,
                    anonymous: *anonymous,
                    fake: fake.as_ref(),
                };
                self.press(st, line, quote, game, power, to, how, text)?
            }
            Command::SetAddress { address } => self.set_address(st, line, quote, s, address)?,
            _ => {
                let why = plain(self.lang, "players-not-here");
                self.no(line, quote, why)
            }
        }
        Ok(())
    }

    /// A command other than an order inside an IF block: done as if it
    /// stood outside the block, with a note saying so.
    fn outside_if(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        cmd: &Command,
        s: &Signed,
    ) -> Result<(), JudgeError> {
        let before = self.entries.len();
        let cmd = cmd.clone();
        self.blocks_suspended(|me| me.player_command(st, line, quote, &cmd, s))?;
        let note = plain(self.lang, "players-note-outside-if");
        if let Some(e) = self.entries[before..].iter_mut().find(|e| e.line == line) {
            match &mut e.done {
                Ok(w) | Err(w) => {
                    w.push_str("\n  ");
                    w.push_str(&note);
                }
            }
        }
        Ok(())
    }

    /// CLEAR: withdraws the orders of this phase and of later ones.
    fn clear(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
    ) -> Result<(), JudgeError> {
        let r = game::clear_orders(st, game, power)
            .and_then(|n| game::clear_future_orders(st, game, power).map(|f| (n, f)));
        let lang = self.lang;
        self.outcome(line, quote, r, |(n, f)| {
            let now = render(lang, "players-cleared", &Args::new().num("count", n as f64));
            match f {
                0 => now,
                f => render(
                    lang,
                    "players-cleared-later",
                    &Args::new().str("cleared", now).num("count", f as f64),
                ),
            }
        })?;
        Ok(())
    }

    /// SET ABSENCE: records an absence, which may move the deadline.
    #[allow(clippy::too_many_arguments)]
    fn set_absence(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
        from: &str,
        to: Option<&str>,
    ) -> Result<(), JudgeError> {
        let by_master = self.master;
        match game::set_absence(st, game, power, from, to, by_master, self.now) {
            Ok(r) => {
                let span = crate::text::views::absence_span(self.lang, &r);
                let args = Args::new().str("span", span);
                let what = match r.moved_to {
                    Some(d) => render(
                        self.lang,
                        "players-absence-recorded-moved",
                        &args.str("deadline", d),
                    ),
                    None => render(self.lang, "players-absence-recorded", &args),
                };
                self.ok(line, quote, what);
            }
            Err(game::AbsenceError::Game(e)) => {
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
            }
            Err(e) => self.no(line, quote, crate::text::error::absence(self.lang, &e)),
        }
        Ok(())
    }

    /// SET DRAW, SET NODRAW, SET CONCEDE, SET NOCONCEDE: a secret vote.
    fn vote(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
        cmd: &Command,
    ) -> Result<(), JudgeError> {
        let v = match cmd {
            Command::SetDraw { powers } => game::Vote::Draw(powers.clone()),
            Command::SetNoDraw => game::Vote::NoDraw,
            Command::SetConcede { power } => game::Vote::Concede(power.clone()),
            _ => game::Vote::NoConcede,
        };
        let r = game::vote(st, game, power, &v, self.now);
        let lang = self.lang;
        self.outcome(line, quote, r, |r| {
            let vote = match &v {
                game::Vote::Draw(_) => "draw",
                game::Vote::NoDraw => "nodraw",
                game::Vote::Concede(_) => "concede",
                game::Vote::NoConcede => "noconcede",
            };
            let done = render(lang, "players-vote", &Args::new().str("vote", vote));
            let args = Args::new().str("vote", done);
            match r.ended {
                Some(how) => render(
                    lang,
                    "players-vote-ended",
                    &args.str("how", crate::text::game_over::how(lang, &how)),
                ),
                None => render(lang, "players-vote-secret", &args),
            }
        })?;
        Ok(())
    }

    /// SET NOABSENCE: withdraws the power's absences.
    fn set_no_absence(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
    ) -> Result<(), JudgeError> {
        let r = game::clear_absences(st, game, power, self.now);
        let lang = self.lang;
        self.outcome(line, quote, r, |n| {
            render(
                lang,
                "players-absences-withdrawn",
                &Args::new().num("count", n as f64),
            )
        })?;
        Ok(())
    }

    /// SET WAIT, SET NOWAIT.
    fn set_wait(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
        w: bool,
    ) -> Result<(), JudgeError> {
        let r = game::set_wait(st, game, power, w);
        let done = plain(self.lang, if w { "players-wait" } else { "players-nowait" });
        self.outcome(line, quote, r, |()| done)?;
        Ok(())
    }

    /// RESIGN: the orders so far are stored first; the power is then free.
    fn resign(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        s: &Signed,
    ) -> Result<(), JudgeError> {
        let (game, power) = (s.game.as_str(), s.power.as_str());
        self.flush_orders(st)?;
        let r = game::resign(st, game, power, self.now);
        let done = render(
            self.lang,
            "players-resigned",
            &Args::new().power("power", power).str("game", game),
        );
        if self.outcome(line, quote, r, |()| done)?.is_some() {
            self.signed = None;
            self.all_signed
                .retain(|x| !(x.game == s.game && x.power == s.power));
        }
        Ok(())
    }

    /// PRESS: relayed to the powers named (or all but them, or everybody),
    /// signed or not; fake press goes its own way.
    #[allow(clippy::too_many_arguments)]
    fn press(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
        to: &[String],
        how: PressHow<'_>,
        text: &str,
    ) -> Result<(), JudgeError> {
        let others;
        let to: &[String] = if how.broadcast {
            &[]
        } else if how.all_but {
            match game::all_powers_but(st, game, power, to) {
                Ok(names) => {
                    others = names;
                    &others
                }
                Err(e) => {
                    let why = mail_reason(self.lang, e)?;
                    self.no(line, quote, why);
                    return Ok(());
                }
            }
        } else {
            to
        };
        let p = game::Press {
            from: power,
            to,
            anonymous: how.anonymous,
            text,
        };
        if let Some(shown) = how.fake {
            return self.fake_press(st, line, quote, game, &p, shown);
        }
        match game::relay_press(st, game, &p, self.now) {
            Ok(names) => {
                let args = Args::new()
                    .str("signed", if how.anonymous { "no" } else { "yes" })
                    .str("to", crate::text::notice::recipients(self.lang, &names));
                let what = render(self.lang, "players-press-sent", &args);
                self.ok(line, quote, what);
            }
            Err(e) => {
                let why = mail_reason(self.lang, e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}

/// How a PRESS line is sent.
#[derive(Clone, Copy)]
struct PressHow<'a> {
    all_but: bool,
    broadcast: bool,
    anonymous: bool,
    fake: Option<&'a Shown>,
}
