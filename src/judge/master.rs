//! The master's commands by mail, after a good `MASTER <password>`.

use crate::command::Command;
use crate::game::Store;
use crate::game::{self, CreateOptions};
use crate::text::{self, Args, Lang};

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
        let lang = self.lang;
        let game_args = |game: &str| Args::new().str("game", game);
        let info = |i: &game::PhaseInfo| text::views::phase_info(lang, i);
        match cmd {
            Command::Create { game, settings } => self.create(st, line, quote, game, settings)?,
            Command::Start { game } => {
                let r = game::start(st, game, now);
                self.outcome(line, quote, r, |i| {
                    let args = game_args(game.as_str()).str("info", info(&i));
                    text::render(lang, "views-master-started", &args)
                })?;
            }
            Command::Process { game } => self.process(st, line, quote, game)?,
            Command::Pause { game } => {
                let r = game::pause(st, game, now);
                self.outcome(line, quote, r, |()| {
                    text::render(lang, "views-master-paused", &game_args(game.as_str()))
                })?;
            }
            Command::Resume { game } => {
                let r = game::resume(st, game, now);
                self.outcome(line, quote, r, |i| {
                    let args = game_args(game.as_str()).str("info", info(&i));
                    text::render(lang, "views-master-resumed", &args)
                })?;
            }
            Command::Terminate { game } => self.terminate(st, line, quote, game)?,
            Command::SetDeadline { game, when } => match game::set_deadline(st, game, when, now) {
                Ok(i) => {
                    let args = Args::new().str("info", info(&i));
                    let done = text::render(lang, "views-master-deadline-moved", &args);
                    self.ok(line, quote, done)
                }
                Err(e) => {
                    let why = mail_reason(self.lang, e)?;
                    self.no(line, quote, why);
                }
            },
            Command::Rollback { game, phase } => {
                let r = game::rollback(st, game, phase, now);
                self.outcome(line, quote, r, |i| {
                    let args = game_args(game.as_str()).str("info", info(&i));
                    text::render(lang, "views-master-rolled-back", &args)
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
                let key = game::power_name(st, game, power).unwrap_or_else(|_| power.clone());
                let r = game::eject(st, game, power, now);
                self.outcome(line, quote, r, |()| {
                    let args = game_args(game.as_str()).power("power", key);
                    text::render(lang, "views-master-ejected", &args)
                })?;
            }
            Command::Become { game, power } => self.act_for(st, line, quote, game, power)?,
            Command::Unlock { target } => self.unlock(st, line, quote, target.as_ref())?,
            _ => self.no(line, quote, text::plain(lang, "views-master-not-master")),
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
        let lang = self.lang;
        let opts = match create_options(&self.js.defaults, settings) {
            Ok(o) => o,
            Err(why) => {
                let args = Args::new().str("why", why.words(lang));
                let why = text::render(lang, "views-master-not-created", &args);
                self.no(line, quote, why);
                return Ok(());
            }
        };
        let r = game::create(st, game, &opts, self.now);
        self.outcome(line, quote, r, |()| {
            text::render(lang, "views-master-created", &Args::new().str("game", game))
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
        let lang = self.lang;
        let r = game::process(st, game, self.now);
        let mut report = None;
        self.outcome(line, quote, r, |p| {
            // The results in the master's language; the reaction
            // sub-phase's note as the game worded it.
            report = Some(match (&p.results, &p.next) {
                (Some(r), _) => text::results::mail(lang, r).body,
                (None, Some(n)) if p.reaction_opened => {
                    let deadline = n
                        .deadline
                        .map(|d| game::show_time(d, n.tz))
                        .unwrap_or_default();
                    let args = Args::new()
                        .str("phase", text::refused::phase_name(lang, p.processed))
                        .str("deadline", deadline);
                    format!("{}\n", text::render(lang, "mails-reaction-report", &args))
                }
                _ => p.report.clone(),
            });
            let args = Args::new().str("phase", p.processed.to_string());
            match &p.next {
                Some(n) => {
                    let args = args.str("info", text::views::phase_info(lang, n));
                    text::render(lang, "views-master-processed-next", &args)
                }
                None => {
                    let ended = match &p.ended {
                        Some(how) => text::game_over::how(lang, how),
                        None => text::plain(lang, "views-master-game-over"),
                    };
                    let args = args.str("ended", ended);
                    text::render(lang, "views-master-processed-ended", &args)
                }
            }
        })?;
        if let Some(r) = report {
            let args = Args::new().str("game", game);
            let mut t = text::render(lang, "views-master-results-heading", &args);
            t.push('\n');
            t.push_str(&r);
            self.extra.push(t);
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
        let lang = self.lang;
        let r = game::end(st, game, self.now);
        self.outcome(line, quote, r, |()| {
            text::render(
                lang,
                "views-master-terminated",
                &Args::new().str("game", game),
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
        let lang = self.lang;
        let r = game::preview(st, game);
        let mut report = None;
        self.outcome(line, quote, r, |t| {
            report = Some(text::results::phase_report(lang, &t));
            text::plain(lang, "views-master-preview-done")
        })?;
        if let Some(r) = report {
            let args = Args::new().str("game", game);
            let mut t = text::render(lang, "views-master-preview-heading", &args);
            t.push('\n');
            t.push_str(&r);
            self.extra.push(t);
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
        let lang = self.lang;
        let r = game::publish_head(st, game, self.now);
        self.outcome(line, quote, r, |seq| {
            let args = Args::new().str("game", game).str("seq", seq.to_string());
            text::render(lang, "views-master-head-published", &args)
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
        let lang = self.lang;
        let key = game::power_name(st, game, power).unwrap_or_else(|_| power.to_string());
        let r = game::decide_takeover(st, game, power, approve, self.now);
        self.outcome(line, quote, r, |_| {
            let message = if approve {
                "views-master-approved"
            } else {
                "views-master-refused"
            };
            let args = Args::new().str("game", game).power("power", key);
            text::render(lang, message, &args)
        })?;
        Ok(())
    }

    /// UNLOCK: lifts the lock wrong passwords put on a power's password
    /// (or with no target on the master password).
    fn unlock(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        target: Option<&(String, String)>,
    ) -> Result<(), JudgeError> {
        let lang = self.lang;
        let r = game::unlock(st, target.map(|(g, p)| (g.as_str(), p.as_str())), self.now);
        let game = target.map(|(g, _)| g.as_str()).unwrap_or_default();
        self.outcome(line, quote, r, |u| {
            let (key, power) = match u {
                game::Unlocked::Lifted(p) => ("views-master-unlocked", p),
                game::Unlocked::NotLocked(p) => ("views-master-not-locked", p),
            };
            let args = match power {
                Some(p) => Args::new()
                    .str("what", "power")
                    .str("game", game)
                    .power("power", p),
                None => Args::new().str("what", "master"),
            };
            text::render(lang, key, &args)
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
                };
                let args = Args::new()
                    .power("power", s.power.as_str())
                    .str("game", s.game.as_str())
                    .str("copy", if info.email.is_some() { "yes" } else { "no" });
                let done = text::render(self.lang, "views-master-become", &args);
                self.ok(line, quote, done);
                self.failed_signon = None;
                self.signed = Some(s.clone());
                if info.email.is_some() {
                    self.became.push(s.clone());
                }
                self.all_signed.push(s);
            }
            Err(e) => {
                let why = super::session::reason(self.lang, e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}

/// Why a setting of CREATE was refused: the setting's name and the value
/// as the master wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BadSetting {
    YesNo { key: String, value: String },
    Press(String),
    Draws(String),
    Language(String),
    Pictures(String),
    AbandonAfter(String),
    MaxAbsence(String),
    Unknown(String),
}

impl BadSetting {
    /// Why, in `lang` (`views-create-...`).
    fn words(&self, lang: Lang) -> String {
        let value = |key: &str, v: &str| text::render(lang, key, &Args::new().str("value", v));
        match self {
            BadSetting::YesNo { key, value } => text::render(
                lang,
                "views-create-yes-no",
                &Args::new()
                    .str("key", key.as_str())
                    .str("value", value.as_str()),
            ),
            BadSetting::Press(v) => value("views-create-press", v),
            BadSetting::Draws(v) => value("views-create-draws", v),
            BadSetting::Language(v) => value("views-create-language", v),
            BadSetting::Pictures(v) => value("views-create-pictures", v),
            BadSetting::AbandonAfter(v) => value("views-create-abandon-after", v),
            BadSetting::MaxAbsence(v) => value("views-create-max-absence", v),
            BadSetting::Unknown(k) => text::render(
                lang,
                "views-create-unknown",
                &Args::new().str("key", k.as_str()),
            ),
        }
    }
}

/// A yes/no setting of CREATE.
fn yes_no(key: &str, v: &str) -> Result<bool, BadSetting> {
    match v.to_ascii_lowercase().as_str() {
        "yes" | "true" | "on" | "1" => Ok(true),
        "no" | "false" | "off" | "0" => Ok(false),
        _ => Err(BadSetting::YesNo {
            key: key.to_string(),
            value: v.to_string(),
        }),
    }
}

/// CREATE's settings over the judge's defaults.
fn create_options(
    defaults: &CreateOptions,
    settings: &[(String, String)],
) -> Result<CreateOptions, BadSetting> {
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
                    return Err(BadSetting::Press(v.clone()));
                }
                o.press = p;
            }
            "reaction" => o.reaction_deadline = v.clone(),
            "reminder" => o.reminder = v.clone(),
            "password_optional" => o.password_optional = yes_no(k, v)?,
            "spy_at_start" => o.spy_at_start = yes_no(k, v)?,
            "draws" => {
                o.draws =
                    crate::game::DrawRule::parse(v).ok_or_else(|| BadSetting::Draws(v.clone()))?
            }
            "concessions" => o.concessions = yes_no(k, v)?,
            "clear_votes" => o.votes_kept = !yes_no(k, v)?,
            "show_votes" => o.votes_shown = yes_no(k, v)?,
            "approve_takeovers" => o.approve_takeovers = yes_no(k, v)?,
            "fake_press" => o.fake_press = yes_no(k, v)?,
            "anonymous" => o.anonymous = yes_no(k, v)?,
            "language" => {
                o.language = Some(Lang::from_tag(v).ok_or_else(|| BadSetting::Language(v.clone()))?)
            }
            "grace" => o.grace = v.clone(),
            "pictures" => {
                o.pictures = crate::game::Pictures::parse(v)
                    .ok_or_else(|| BadSetting::Pictures(v.clone()))?
            }
            "abandon_after" => {
                o.abandon_after = v
                    .parse()
                    .ok()
                    .filter(|n| *n >= 0)
                    .ok_or_else(|| BadSetting::AbandonAfter(v.clone()))?
            }
            "max_absence" => {
                o.max_absence_days = v
                    .trim_end_matches(['d', 'D'])
                    .parse()
                    .ok()
                    .filter(|d| *d > 0)
                    .ok_or_else(|| BadSetting::MaxAbsence(v.clone()))?
            }
            other => return Err(BadSetting::Unknown(other.to_string())),
        }
    }
    Ok(o)
}
