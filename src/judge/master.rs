//! The master's commands by mail, after a good `MASTER <password>`.

use crate::command::Command;
use crate::game::Store;
use crate::game::{self, CreateOptions};

use super::JudgeError;
use super::session::{Session, Signed, mail_reason};

impl Session<'_> {
    pub(super) fn master_command(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        cmd: &Command,
    ) -> Result<(), JudgeError> {
        let now = self.now;
        match cmd {
            Command::Create { game, settings } => self.create(st, line, quote, game, settings)?,
            Command::Start { game } => {
                let r = game::start(st, game, now);
                self.outcome(line, quote, r, |i| format!("game {game} started: {i}"))?;
            }
            Command::Process { game } => self.process(st, line, quote, game)?,
            Command::Pause { game } => {
                let r = game::pause(st, game, now);
                self.outcome(line, quote, r, |()| format!("game {game} paused"))?;
            }
            Command::Resume { game } => {
                let r = game::resume(st, game, now);
                self.outcome(line, quote, r, |i| format!("game {game} resumed: {i}"))?;
            }
            Command::Terminate { game } => self.terminate(st, line, quote, game)?,
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
            Command::Preview { game } => self.preview(st, line, quote, game)?,
            Command::PublishHead { game } => self.publish_head(st, line, quote, game)?,
            Command::Decide {
                approve,
                game,
                power,
            } => self.decide(st, line, quote, game, power, *approve)?,
            Command::Eject { game, power } => {
                let r = game::eject(st, game, power, now);
                self.outcome(line, quote, r, |()| {
                    format!("{power} in game {game} has no player now; everyone was told")
                })?;
            }
            Command::Become { game, power } => self.act_for(st, line, quote, game, power)?,
            _ => self.no(line, quote, "not done: not a master command"),
        }
        Ok(())
    }

    /// CREATE: a new game with the judge's defaults and the settings given.
    fn create(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        settings: &[(String, String)],
    ) -> Result<(), JudgeError> {
        let opts = match create_options(&self.js.defaults, settings) {
            Ok(o) => o,
            Err(why) => {
                self.no(line, quote, format!("not created: {why}"));
                return Ok(());
            }
        };
        let r = game::create(st, game, &opts, self.now);
        self.outcome(line, quote, r, |()| {
            format!("game {game} created; players may JOIN it now")
        })?;
        Ok(())
    }

    /// PROCESS: the phase now, its results at the end of the reply.
    fn process(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
    ) -> Result<(), JudgeError> {
        let r = game::process(st, game, self.now);
        let mut report = None;
        self.outcome(line, quote, r, |p| {
            report = Some(p.report.clone());
            match &p.next {
                Some(n) => format!("{} processed; now {n}", p.processed),
                None => format!(
                    "{} processed; {}",
                    p.processed,
                    p.ended
                        .as_ref()
                        .map(|e| crate::text::game_over::how(crate::text::Lang::En, e))
                        .as_deref()
                        .unwrap_or("the game is over")
                ),
            }
        })?;
        if let Some(r) = report {
            self.extra.push(format!("Results of game {game}:\n{r}"));
        }
        Ok(())
    }

    /// TERMINATE: the game ends with no winner and no draw.
    fn terminate(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
    ) -> Result<(), JudgeError> {
        let r = game::end(st, game, self.now);
        self.outcome(line, quote, r, |()| {
            format!(
                "game {game} ended by the game master; its outcome is recorded as \
                 `ended` (no winner, no draw), its last phase is final, and everyone \
                 was sent the summary"
            )
        })?;
        Ok(())
    }

    /// PREVIEW: the phase adjudicated as if now, nothing stored.
    fn preview(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
    ) -> Result<(), JudgeError> {
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
        Ok(())
    }

    /// PUBLISH HEAD: the final signed head of the secret log, to every player.
    fn publish_head(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
    ) -> Result<(), JudgeError> {
        let r = game::publish_head(st, game, self.now);
        self.outcome(line, quote, r, |seq| {
            format!(
                "the final signed head of game {game} (secret log entry {seq}) was mailed to every player"
            )
        })?;
        Ok(())
    }

    /// APPROVE and REFUSE: the master's answer to a takeover request.
    fn decide(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
        approve: bool,
    ) -> Result<(), JudgeError> {
        let r = game::decide_takeover(st, game, power, approve, self.now);
        self.outcome(line, quote, r, |_| {
            if approve {
                format!(
                    "approved: {power} in game {game} has its new player, who was sent the board"
                )
            } else {
                format!("refused: the request for {power} in game {game} is turned down")
            }
        })?;
        Ok(())
    }

    /// BECOME: the master acts for a power in the rest of the mail.
    fn act_for(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        power: &str,
    ) -> Result<(), JudgeError> {
        match game::signon_info(st, game, power) {
            Ok(info) => {
                self.flush_orders(st)?;
                let s = Signed {
                    game: info.game.clone(),
                    power: info.power.clone(),
                    display: info.display.clone(),
                };
                let copy = if info.email.is_some() {
                    "its player gets a copy"
                } else {
                    "it has no player now, so nobody else gets a copy"
                };
                self.ok(
                    line,
                    quote,
                    format!(
                        "you act for {} in game {} in the rest of this mail; {copy}",
                        s.display, s.game
                    ),
                );
                self.failed_signon = None;
                self.signed = Some(s.clone());
                if info.email.is_some() {
                    self.became.push(s.clone());
                }
                self.all_signed.push(s);
            }
            Err(e) => {
                let why = super::session::reason(e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}

/// A yes/no setting of CREATE.
fn yes_no(key: &str, v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "yes" | "true" | "on" | "1" => Ok(true),
        "no" | "false" | "off" | "0" => Ok(false),
        _ => Err(format!("{key} must be yes or no, not `{v}`")),
    }
}

/// CREATE's settings over the judge's defaults.
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
            "draws" => {
                o.draws = crate::game::DrawRule::parse(v)
                    .ok_or_else(|| format!("draws must be dias, any or none, not `{v}`"))?
            }
            "concessions" => o.concessions = yes_no(k, v)?,
            "clear_votes" => o.votes_kept = !yes_no(k, v)?,
            "show_votes" => o.votes_shown = yes_no(k, v)?,
            "approve_takeovers" => o.approve_takeovers = yes_no(k, v)?,
            "fake_press" => o.fake_press = yes_no(k, v)?,
            "anonymous" => o.anonymous = yes_no(k, v)?,
            "language" => {
                o.language = Some(
                    crate::text::Lang::from_tag(v)
                        .ok_or_else(|| format!("language must be en, fr or de, not `{v}`"))?,
                )
            }
            "grace" => o.grace = v.clone(),
            "pictures" => {
                o.pictures = crate::game::Pictures::parse(v)
                    .ok_or_else(|| format!("pictures must be png, png+svg or off, not `{v}`"))?
            }
            "abandon_after" => {
                o.abandon_after = v.parse().ok().filter(|n| *n >= 0).ok_or_else(|| {
                    format!("abandon_after is a number of phases such as 3, not `{v}`")
                })?
            }
            "max_absence" => {
                o.max_absence_days = v
                    .trim_end_matches(['d', 'D'])
                    .parse()
                    .ok()
                    .filter(|d| *d > 0)
                    .ok_or_else(|| {
                        format!("max_absence is a number of days such as 15, not `{v}`")
                    })?
            }
            other => return Err(format!("unknown setting `{other}`")),
        }
    }
    Ok(o)
}
