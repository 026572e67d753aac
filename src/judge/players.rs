//! The player's commands of a message: SIGNON, JOIN, and what a signed-on
//! player may do (orders aside, which wait for the end of the message).

use crate::command::{Command, Shown};
use crate::game::Store;
use crate::game::{self};

use super::JudgeError;
use super::session::{Session, Signed, display, mail_reason, reason};
use super::verify_cached;

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
        let kw = "SIGNON";
        let spelled = power.chars().count() >= 2 && password.is_none();
        let glued = spelled.then(|| {
            let mut c = power.chars();
            let initial = c.next().map(String::from).unwrap_or_default();
            (initial, c.as_str().to_string(), game)
        });
        // The line as the reply quotes it: as written, the password hidden.
        let (info, password, quote) = match game::signon_info(st, game, power) {
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
                    let why = reason(e)?;
                    let quote = format!("{kw} {power} ****");
                    self.no(line, quote, format!("sign-on refused: {why}"));
                    return Ok(());
                }
                _ => {
                    // Neither form names a game: say so without repeating
                    // a word that may be the password.
                    let (quote, why) = match first {
                        game::GameError::UnknownGame(_) => (
                            format!("{kw} ... (not repeated: it may hold a password)"),
                            "sign-on refused: no game on this judge has the name written (write \
                             `SIGNON <power> <game> <password>` or `SIGN ON <initial><game> \
                             <password>`; send LIST for the games)"
                                .to_string(),
                        ),
                        e => (
                            format!("{kw} {power} {game} ****"),
                            format!("sign-on refused: {}", reason(e)?),
                        ),
                    };
                    self.no(line, quote, why);
                    return Ok(());
                }
            },
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
        // The player's own address: the same person, and, where the
        // judge checks senders, vouched for by the receiving server.
        let own_address = crate::mail::person::same_person(email, &self.msg.from)
            && (self.js.authserv_id.is_none() || self.msg.authenticated);
        let lock = self.js.signon_lock;
        let earlier = self
            .failures
            .iter()
            .filter(|f| f.game_id == info.game_id && f.power == info.power)
            .count() as u32;
        let recent =
            super::guessing::recent_failures(st.conn(), lock, info.game_id, &info.power, self.now)?;
        if !own_address && recent + earlier >= lock.after {
            self.signons.failed = true;
            self.no(
                line,
                quote,
                super::texts::locked_refusal(&info.display, &info.game),
            );
            return Ok(());
        }
        let good = match password {
            Some(pw) => verify_cached(hash, pw),
            None => {
                info.password_optional
                    && self.msg.authenticated
                    && email.eq_ignore_ascii_case(&self.msg.from)
            }
        };
        if !good {
            self.signons.failed = true;
            if password.is_some() {
                self.failures.push(super::guessing::Failure {
                    game_id: info.game_id,
                    game: info.game.clone(),
                    power: info.power.clone(),
                });
            }
            let why = match password {
                Some(_) => format!(
                    "sign-on refused: wrong password for {} in game {}",
                    info.display, info.game
                ),
                None if info.password_optional => format!(
                    "sign-on refused: the password may be left out only in mail that the \
                     judge's mail server confirms comes from the address {} joined with; add \
                     the password",
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
        self.outcome(line, quote, r, |t| match t {
            game::Takeover::Seated { power } => format!(
                "you now play {} in game {game}; the board and its orders are on their way",
                display(&power)
            ),
            game::Takeover::AwaitingApproval { power } => format!(
                "your request to take over {} in game {game} is with the game master; you will hear the answer by mail",
                display(&power)
            ),
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
            s.no(
                line,
                "JOIN ... (not repeated: it may hold a password)".into(),
                "not joined: no game on this judge has the name written (write \
                 `JOIN <power> <game> <password>`; send LIST for the games)",
            );
        };
        if let Err(game::GameError::UnknownGame(_)) = game::power_name(st, game, "-") {
            unknown_game(self);
            return Ok(());
        }
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
                self.outcome(line, quote, r, |()| "your password is changed".into())?;
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
            _ => self.no(line, quote, "not done: this command cannot be used here"),
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
        if let Some(e) = self.entries[before..].iter_mut().find(|e| e.line == line) {
            match &mut e.done {
                Ok(w) | Err(w) => w.push_str(
                    "\n  NOTE: only orders depend on IF; this line was read as if it stood \
                     outside the IF block",
                ),
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
        self.outcome(line, quote, r, |(n, f)| {
            let now = match n {
                0 => "you had no orders to withdraw".to_string(),
                1 => "1 earlier order withdrawn".into(),
                n => format!("{n} earlier orders withdrawn"),
            };
            match f {
                0 => now,
                1 => format!("{now}; 1 order for a later phase withdrawn"),
                f => format!("{now}; {f} orders for later phases withdrawn"),
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
                let span = crate::text::views::absence_span(crate::text::Lang::En, &r);
                let mut what = format!("absence recorded: {span}");
                if let Some(d) = r.moved_to {
                    what.push_str(&format!("; the current deadline moved to {d}"));
                }
                self.ok(line, quote, what);
            }
            Err(game::AbsenceError::Game(e)) => {
                let why = reason(e)?;
                self.no(line, quote, why);
            }
            Err(e) => self.no(
                line,
                quote,
                crate::text::error::absence(crate::text::Lang::En, &e),
            ),
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
        self.outcome(line, quote, r, |r| {
            let done = match &v {
                game::Vote::Draw(_) => "your draw vote is recorded",
                game::Vote::NoDraw => "your draw vote is withdrawn",
                game::Vote::Concede(_) => "your concession is recorded",
                game::Vote::NoConcede => "your concession is withdrawn",
            };
            match r.ended {
                Some(how) => format!(
                    "{done}; the game is over: {}",
                    crate::text::game_over::how(crate::text::Lang::En, &how)
                ),
                None => format!("{done} (votes are secret unless the game shows them)"),
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
        self.outcome(line, quote, r, |n| match n {
            0 => "you had no absence to withdraw".into(),
            1 => "your absence is withdrawn (deadlines already moved stay)".into(),
            n => format!("{n} absences withdrawn (deadlines already moved stay)"),
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
        self.outcome(line, quote, r, |()| {
            if w {
                "the phase will not be processed before its deadline".into()
            } else {
                "the phase may be processed as soon as all orders are in".into()
            }
        })?;
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
                    let why = mail_reason(e)?;
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
                let how = if how.anonymous { "unsigned" } else { "signed" };
                self.ok(
                    line,
                    quote,
                    format!(
                        "press sent ({how}) to {}",
                        crate::text::notice::recipients(crate::text::Lang::En, &names)
                    ),
                );
            }
            Err(e) => {
                let why = mail_reason(e)?;
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
