//! The reader's language: which language each reader of the judge's mail
//! gets (issue 26).
//!
//! A reader reads in, first to last:
//! 1. the language they chose with `SET LANGUAGE fr|de|en`, kept by
//!    address (`reader_languages`, migration 0025) for every game;
//! 2. the game's default, `language=` at CREATE ([`Settings::language`]);
//! 3. the judge's default, `[judge] language` in the configuration
//!    (`JudgeSettings::language`);
//! 4. English.
//!
//! [`reader_lang`] answers that for one address and game, and is the hook
//! to call where a mail is rendered for one recipient. For the reply to a
//! mail from an address with no choice of its own, the language its lines
//! are written in (guessed by the words layer from its order words, names
//! and prose, and handed in by the judge) is meant to come between 1 and 2: [`reply_lang`].
//!
//! [`Settings::language`]: super::settings::Settings::language

use super::Lang;
use super::Result;
use crate::store::Tx;
use crate::store::{self, Store};
use chrono::{DateTime, Utc};

/// The first language given, in the order of the module comment:
/// the reader's own choice, the game's default, the judge's; English when
/// none is given.
pub fn choose_lang(reader: Option<Lang>, game: Option<Lang>, judge: Option<Lang>) -> Lang {
    reader.or(game).or(judge).unwrap_or_default()
}

/// The language `address` chose with SET LANGUAGE, if any. A stored tag
/// dipspy no longer knows counts as no choice.
pub fn chosen_lang(c: &Tx<'_>, address: &str) -> Result<Option<Lang>> {
    Ok(c.language(address.trim())?.and_then(|t| Lang::from_tag(&t)))
}

/// The default language of game `game` (`language=` at CREATE), if it has
/// one; none for a game that does not exist.
pub fn game_lang(c: &Tx<'_>, game: &str) -> Result<Option<Lang>> {
    let Some(row) = c.game_by_name(game)? else {
        return Ok(None);
    };
    Ok(super::loaded::parse_settings(&row)?.language)
}

/// Which language the reader at `address` gets for mail about game `game`
/// (none: mail about no game, such as a reply to LIST), given the judge's
/// default `judge` (`JudgeSettings::language`): their own choice, else the
/// game's default, else the judge's, else English.
///
/// This is the function to plug in where an announcement is rendered for
/// each recipient (the `reader_lang` hook of the per-reader rendering).
pub fn reader_lang(
    c: &Tx<'_>,
    game: Option<&str>,
    address: &str,
    judge: Option<Lang>,
) -> Result<Lang> {
    let reader = chosen_lang(c, address)?;
    let game = match (reader, game) {
        (None, Some(g)) => game_lang(c, g)?,
        _ => None,
    };
    Ok(choose_lang(reader, game, judge))
}

/// The language of the reply to a mail from `address` about `game`: as
/// [`reader_lang`], except that an address with no choice of its own gets
/// the language its lines are written in, when they show one (`guessed`,
/// asked only then: the caller guesses from the lines it read).
pub fn reply_lang(
    c: &Tx<'_>,
    game: Option<&str>,
    address: &str,
    judge: Option<Lang>,
    guessed: impl FnOnce() -> Option<Lang>,
) -> Result<Lang> {
    if let Some(own) = chosen_reply_lang(c, address)? {
        return Ok(own);
    }
    if let Some(own) = chosen_lang(c, address)? {
        return Ok(own);
    }
    if let Some(guessed) = guessed() {
        return Ok(guessed);
    }
    let game = match game {
        Some(g) => game_lang(c, g)?,
        None => None,
    };
    Ok(choose_lang(None, game, judge))
}

/// The language `address` chose for the replies to its own mail only
/// (SET LANGUAGE without a sign-on, see [`set_reply_language`]), if any.
pub fn chosen_reply_lang(c: &Tx<'_>, address: &str) -> Result<Option<Lang>> {
    Ok(c.reply_language(address.trim())?
        .and_then(|t| Lang::from_tag(&t)))
}

/// SET LANGUAGE: `address` reads in `lang` from now on, in every game:
/// its game mail and the replies to its mail.
pub fn set_language(st: &mut Store, address: &str, lang: Lang, now: DateTime<Utc>) -> Result<()> {
    let address = address.trim().to_ascii_lowercase();
    st.write(|c| {
        let at = store::time_text(now);
        c.set_language(&address, lang.tag(), &at)?;
        c.set_reply_language(&address, lang.tag(), &at)?;
        Ok(())
    })
}

/// SET LANGUAGE without a sign-on from an address that plays a power:
/// only the replies to `address`'s own mail come in `lang` from now on;
/// the power's mail keeps its language.
pub fn set_reply_language(
    st: &mut Store,
    address: &str,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<()> {
    let address = address.trim().to_ascii_lowercase();
    st.write(|c| {
        c.set_reply_language(&address, lang.tag(), &store::time_text(now))?;
        Ok(())
    })
}

/// Whether `address` plays a power in some game (its mail then needs the
/// power's sign-on to change language).
pub fn plays_a_power(c: &Tx<'_>, address: &str) -> Result<bool> {
    Ok(c.game_played_by(address)?.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{CreateOptions, create};

    #[test]
    fn the_reader_choice_comes_first_then_game_then_judge_then_english() {
        use Lang::*;
        assert_eq!(choose_lang(Some(De), Some(Fr), Some(En)), De);
        assert_eq!(choose_lang(None, Some(Fr), Some(De)), Fr);
        assert_eq!(choose_lang(None, None, Some(De)), De);
        assert_eq!(choose_lang(None, None, None), En);
    }

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let st = Store::open(&dir.path().join("g.db")).unwrap();
        (dir, st)
    }

    #[test]
    fn reader_lang_reads_the_choice_the_game_default_and_the_judge_default() {
        let (_dir, mut st) = store();
        let now = Utc::now();
        let fr = CreateOptions {
            language: Some(Lang::Fr),
            ..CreateOptions::default()
        };
        create(&mut st, "paris", &fr, now).unwrap();
        create(&mut st, "plain", &CreateOptions::default(), now).unwrap();
        let c = &st.read();
        let ask = |g, a, j| reader_lang(c, g, a, j).unwrap();
        assert_eq!(ask(Some("paris"), "p@x.org", None), Lang::Fr);
        assert_eq!(ask(Some("plain"), "p@x.org", Some(Lang::De)), Lang::De);
        assert_eq!(ask(Some("plain"), "p@x.org", None), Lang::En);
        assert_eq!(ask(None, "p@x.org", None), Lang::En);
        assert_eq!(ask(Some("nosuch"), "p@x.org", Some(Lang::Fr)), Lang::Fr);
        set_language(&mut st, "P@X.org", Lang::De, now).unwrap();
        let c = &st.read();
        assert_eq!(
            reader_lang(c, Some("paris"), "p@x.org", None).unwrap(),
            Lang::De
        );
        assert_eq!(
            reader_lang(c, None, "p@X.ORG", Some(Lang::Fr)).unwrap(),
            Lang::De
        );
        set_language(&mut st, "p@x.org", Lang::En, now).unwrap();
        let c = &st.read();
        assert_eq!(
            reader_lang(c, Some("paris"), "p@x.org", None).unwrap(),
            Lang::En
        );
    }

    #[test]
    fn a_reply_follows_the_mail_words_only_without_a_choice() {
        let (_dir, mut st) = store();
        let now = Utc::now();
        create(&mut st, "g", &CreateOptions::default(), now).unwrap();
        let c = &st.read();
        let asked = std::cell::Cell::new(0);
        let guess = |l: Option<Lang>| {
            let asked = &asked;
            move || {
                asked.set(asked.get() + 1);
                l
            }
        };
        assert_eq!(
            reply_lang(c, Some("g"), "a@x.org", None, guess(Some(Lang::De))).unwrap(),
            Lang::De
        );
        assert_eq!(
            reply_lang(c, Some("g"), "a@x.org", None, guess(None)).unwrap(),
            Lang::En
        );
        assert_eq!(asked.get(), 2);
        set_language(&mut st, "a@x.org", Lang::Fr, now).unwrap();
        let c = &st.read();
        assert_eq!(
            reply_lang(c, Some("g"), "a@x.org", None, guess(Some(Lang::De))).unwrap(),
            Lang::Fr
        );
        assert_eq!(asked.get(), 2, "a reader's own choice is not guessed over");
    }
}
