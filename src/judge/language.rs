//! SET LANGUAGE by mail (see [`crate::game::set_language`]): kept for the
//! sender's address, in every game. The language of a power's mail
//! (results, notices) changes only with a sign-on in the same mail, before
//! the line: anybody can write under a player's From. Without it, an
//! address that plays a
//! power sets only the language of the replies to its own mail
//! ([`crate::game::set_reply_language`]); an address that plays none sets
//! its own language.

use crate::game;
use crate::text::{self, Args, Lang};

// The store handle as the judge holds it (no store calls here: the game
// layer keeps and reads the choice).
use super::session::{Session, reason};
use super::{JudgeError, Store};

/// The language the whole reply to `msg` is written in, chosen before
/// any line is read so that every line of it reads alike:
/// 1. a valid `SET LANGUAGE` in the message (the choice it makes);
/// 2. the sender's own choice, made earlier;
/// 3. the language the message's lines are written in (French or German
///    order words and names in any line; English, French or German prose
///    in the first lines that are not commands, [`crate::text::guess`]);
/// 4. the default of the first game the message names (SIGNON, JOIN,
///    TAKEOVER, OBSERVE, the master's commands...; a game the message
///    CREATEs with `language=` counts as one with that default), else the
///    judge's default, else English.
///
/// A mail's reply and the game mail it brings (a TAKEOVER's welcome, a
/// master's PROCESS results) are thus in the same language.
pub(super) fn reply_lang(
    st: &Store,
    js: &super::JudgeSettings,
    msg: &super::Incoming,
    parsed: &crate::command::Message,
) -> Result<Lang, JudgeError> {
    use crate::command::Command;
    // A line that may be a password left off the line above is not read.
    let read = || parsed.items.iter().filter(|i| i.secret_of.is_none());
    let commands = || read().filter_map(|i| i.command.as_ref().ok());
    if let Some(lang) = commands().find_map(|c| match c {
        Command::SetLanguage { tag } => Lang::from_tag(tag),
        _ => None,
    }) {
        return Ok(lang);
    }
    let game = commands().find_map(game_named);
    // A game created by this mail has no default stored yet: its
    // `language=` stands for it.
    let created = commands().find_map(|c| match c {
        Command::Create { settings, .. } => settings
            .iter()
            .find(|(k, _)| k == "language")
            .and_then(|(_, v)| Lang::from_tag(v)),
        _ => None,
    });
    // Commands apart from the other lines read (orders, and prose such as
    // "Hello, I'd like to join"): only those carry prose words. Press
    // is left out, and quotes were never read.
    let read = || read().filter(|i| !matches!(i.command, Ok(Command::Press { .. })));
    let is_command =
        |i: &&crate::command::Item| matches!(&i.command, Ok(c) if !matches!(c, Command::Order(_)));
    let commands = read().filter(is_command).map(|i| i.text.as_str());
    let others = read().filter(|i| !is_command(i)).map(|i| i.text.as_str());
    let fallback = created.or(js.language);
    let guessed = || crate::text::guess::guess(commands, others);
    match game::reply_lang(&st.read(), game, &msg.from, fallback, guessed) {
        Ok(l) => Ok(l),
        Err(e) => {
            reason(js.language.unwrap_or_default(), e)?;
            Ok(js.language.unwrap_or_default())
        }
    }
}

/// The game a command is about, if it names one.
fn game_named(c: &crate::command::Command) -> Option<&str> {
    use crate::command::Command as C;
    match c {
        C::Signon { game, .. }
        | C::Join { game, .. }
        | C::Observe { game }
        | C::History { game, .. }
        | C::Map { game, .. }
        | C::Takeover { game, .. }
        | C::Summary { game }
        | C::WhoGame { game }
        | C::Decide { game, .. }
        | C::Eject { game, .. }
        | C::Become { game, .. }
        | C::Start { game }
        | C::Process { game }
        | C::Pause { game }
        | C::Resume { game }
        | C::Terminate { game }
        | C::SetDeadline { game, .. }
        | C::Rollback { game, .. }
        | C::Preview { game }
        | C::PublishHead { game } => Some(game.as_str()),
        // LIST asks the judge about its games: a stranger's LIST of a
        // French game is answered in the judge's language.
        _ => None,
    }
}

impl Session<'_> {
    /// SET LANGUAGE `tag`: the choice is kept and confirmed in the chosen
    /// language; an unknown tag is answered with the choices, in the
    /// language the sender reads in now.
    pub(super) fn set_language(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        tag: &str,
    ) -> Result<(), JudgeError> {
        let Some(lang) = Lang::from_tag(tag) else {
            let now_in = self.lang;
            let choices: Vec<String> = Lang::ALL
                .iter()
                .map(|l| format!("{} ({})", l.tag(), l.own_name()))
                .collect();
            let args = Args::new()
                .str("tag", tag)
                .str("choices", choices.join(", "));
            self.no(
                line,
                quote,
                text::render(now_in, "reply-language-unknown", &args),
            );
            return Ok(());
        };
        let from = self.msg.from.as_str();
        let signed = self.signed.is_some() || self.master || self.joined;
        let needs_signon = match game::plays_a_power(&st.read(), from) {
            Ok(p) => p,
            Err(e) => {
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
                return Ok(());
            }
        };
        if needs_signon && !signed {
            let r = game::set_reply_language(st, from, lang, self.now);
            self.outcome(line, quote, r, |()| {
                text::plain(lang, "reply-language-replies-only")
            })?;
            return Ok(());
        }
        let r = game::set_language(st, from, lang, self.now);
        self.outcome(line, quote, r, |()| text::plain(lang, "reply-language-set"))?;
        Ok(())
    }
}
