//! The words of the web pages (`# words: the web pages` in the
//! catalogue), and the words the pages share with the mail: a phase's
//! name, a power's, an order's result as the results mail gives it, and
//! the results mail itself. The web edge (`crate::web`) lays them out; it
//! never makes a word of its own.

use super::{Args, Lang, plain, render};
use crate::game::{Ended, GameStatus, OrderLine, Results};
use crate::report::Mail;

/// A message of the catalogue without arguments.
pub(crate) fn word(lang: Lang, key: &str) -> String {
    plain(lang, key)
}

/// A message of the catalogue with its arguments.
pub(crate) fn words(lang: Lang, key: &str, args: &Args) -> String {
    render(lang, key, args)
}

/// A phase's long name (`Spring 1902 Movement`) from its code (`S1902M`),
/// as the mail names it; the code itself when it is not one.
pub(crate) fn phase(lang: Lang, code: &str) -> String {
    super::mails::long_name(lang, code)
}

/// A power as the mail shows it, from the map's name (`france`) or the
/// name a report carries (`France`).
pub(crate) fn power(lang: Lang, name: &str) -> String {
    super::names::shown_power(lang, name)
}

/// An order as the results show it (a unit given no order marked in the
/// reader's words).
pub(crate) fn order(lang: Lang, line: &OrderLine) -> String {
    super::results::order_text(lang, &line.order)
}

/// What became of an order, as the results mail words it (`succeeds`,
/// `fails: bounced with A mun`).
pub(crate) fn verdict(lang: Lang, line: &OrderLine) -> String {
    super::results::verdict(lang, line)
}

/// The results mail of a phase: its subject and body, as an observer
/// receives it in `lang`.
pub(crate) fn results(lang: Lang, r: &Results) -> Mail {
    super::results::mail(lang, r)
}

/// A game's state as the views word it (`active`, `finished`).
pub(crate) fn status(lang: Lang, s: GameStatus) -> String {
    render(
        lang,
        "views-game-status",
        &Args::new().str("status", s.as_str()),
    )
}

/// How a finished game ended, in words (`solo victory for France`), as
/// its last mail says it.
pub(crate) fn outcome(lang: Lang, ended: &Ended) -> String {
    super::game_over::how(lang, ended)
}

/// A rule set's name (`Espionnite`).
pub(crate) fn rule(lang: Lang, rule: &str) -> String {
    render(lang, "web-rule", &Args::new().str("rule", rule))
}

/// What a power still has to order, as the views say it (`Still without
/// an order: A smy`).
pub(crate) fn missing(lang: Lang, m: &crate::game::Missing) -> String {
    super::views::missing(lang, m)
}

/// A stored notice (its code and arguments as JSON) as the mail words it
/// for a reader in `lang`; none when it does not read back.
pub(crate) fn notice(lang: Lang, json: &str) -> Option<Mail> {
    super::notice::stored(lang, json)
}
