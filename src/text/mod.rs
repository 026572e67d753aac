//! Every word a player reads, in one place.
//!
//! The engine and the game layer say *what* happened in typed values (a
//! move's outcome with its reason, a notice that the deadline moved); the
//! edges decide *who* reads it and call this module to put it into words
//! for that reader, at the moment the mail or the view is made. The words
//! themselves are data: one Project Fluent catalogue per language
//! (`src/text/en.ftl` with the parts in `src/text/en/`, and the same for
//! `fr` and `de`), which a translator edits
//! without reading Rust. English is the reference: `check.rs` fails the
//! tests when another catalogue lacks a key of English, has one English
//! lacks, or drops or invents a placeable.
//!
//! A message is named by its key (`reason-bounced`, `notice-deadline-moved`)
//! and given its arguments by name ([`Args`]). Fluent's Unicode isolation
//! marks are switched off: the texts go into plain-text mail, where the
//! marks would show as stray characters in some clients.

#[cfg(test)]
mod check;
pub(crate) mod commands;
pub(crate) mod error;
pub(crate) mod espionage;
pub(crate) mod game_over;
mod game_words;
pub(crate) mod guess;
pub(crate) mod history;
pub(crate) mod keys;
mod mails;
pub(crate) mod names;
pub(crate) mod notice;
pub(crate) mod parse;
mod pictures;
pub(crate) mod powers;
pub(crate) mod reason;
pub(crate) mod refused;
pub(crate) mod replay;
pub(crate) mod results;
pub(crate) mod roster;
pub(crate) mod secret_log;
pub(crate) mod settings;
mod signed_head;
pub(crate) mod spy_order;
mod spy_report;
mod start;
pub(crate) mod stored;
pub(crate) mod views;
mod visible;
pub(crate) mod web;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::borrow::Cow;
use std::sync::OnceLock;

pub use crate::game::Lang;
pub use commands::help;
pub use game_words::install;
pub use visible::{escape_unsafe, unsafe_char};
// The modules are crate-wide only; what the tests and the benches put into
// words comes from here, each named for what it renders (`render_<what>`).
pub use error::game as render_game_error;
pub use espionage::{
    public_lines as render_public_lines, rejected as render_rejected, told as render_told,
    told_all as render_told_all,
};
pub use notice::{read as render_notices, stored as render_stored_notice};
pub use parse::{
    error as render_parse_error, expected as render_parse_expected, found as render_parse_found,
};
pub use reason::{Stored as StoredReason, decode as decode_reason, stored as render_stored_reason};
pub use replay::mismatch as render_replay_mismatch;
pub use secret_log::line as render_secret_log_line;

/// The language of what only the judge reads, English by design
/// (docs/languages.md, "What is translated"): the secret log and its marks, the judge's own
/// command line (`dipspy game show`, `orders show`, `game history`, the
/// phase report of `game process`), the stored readings compared with each
/// other, and the announcement's own copy of a picture (a reader of any
/// other language gets it drawn again in theirs). The game, judge and mail
/// layers name this, never a language, where they word such a text
/// (tests/it/no_english.rs).
pub const JUDGE_ONLY: Lang = Lang::En;

/// The catalogue's source text of `lang`: the main file (`en.ftl`) and the
/// parts in the language's folder (`en/replies.ftl`, ...), joined. A
/// part holds the words of one area of dipspy; a key lives in exactly
/// one file (`check.rs` fails on a key given twice).
pub(crate) fn source(lang: Lang) -> &'static str {
    static EN: OnceLock<String> = OnceLock::new();
    static FR: OnceLock<String> = OnceLock::new();
    static DE: OnceLock<String> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
        Lang::De => &DE,
    };
    cell.get_or_init(|| {
        files(lang)
            .iter()
            .map(|(_, text)| *text)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// The catalogue's files, by name, in the order they are joined.
pub(crate) fn files(lang: Lang) -> &'static [(&'static str, &'static str)] {
    macro_rules! catalogue {
        ($lang:literal) => {
            &[
                (concat!($lang, ".ftl"), include_str!(concat!($lang, ".ftl"))),
                (
                    concat!($lang, "/replies.ftl"),
                    include_str!(concat!($lang, "/replies.ftl")),
                ),
                (
                    concat!($lang, "/players.ftl"),
                    include_str!(concat!($lang, "/players.ftl")),
                ),
                (
                    concat!($lang, "/views.ftl"),
                    include_str!(concat!($lang, "/views.ftl")),
                ),
                (
                    concat!($lang, "/commands.ftl"),
                    include_str!(concat!($lang, "/commands.ftl")),
                ),
                (
                    concat!($lang, "/pictures.ftl"),
                    include_str!(concat!($lang, "/pictures.ftl")),
                ),
                (
                    concat!($lang, "/engine.ftl"),
                    include_str!(concat!($lang, "/engine.ftl")),
                ),
                (
                    concat!($lang, "/stored.ftl"),
                    include_str!(concat!($lang, "/stored.ftl")),
                ),
                (
                    concat!($lang, "/mail.ftl"),
                    include_str!(concat!($lang, "/mail.ftl")),
                ),
                (
                    concat!($lang, "/web.ftl"),
                    include_str!(concat!($lang, "/web.ftl")),
                ),
                (
                    concat!($lang, "/web_judge.ftl"),
                    include_str!(concat!($lang, "/web_judge.ftl")),
                ),
                (
                    concat!($lang, "/web_powers.ftl"),
                    include_str!(concat!($lang, "/web_powers.ftl")),
                ),
            ]
        };
    }
    match lang {
        Lang::En => catalogue!("en"),
        Lang::Fr => catalogue!("fr"),
        Lang::De => catalogue!("de"),
    }
}

/// A value of a layer beneath this one put into words in a reader's
/// language: a stored code or refusal, what the command reader expected
/// or found. A trait of this layer's, not methods of the value's own
/// type, so the layer that made the value cannot word it.
pub trait Render {
    /// The value in `lang`.
    fn render(&self, lang: Lang) -> String;
}

/// The named arguments of one message, in the order they were given.
/// Names are owned (`FluentArgs::set` takes `Into<Cow<str>>`), so a name
/// read back from the store needs no list of known names.
#[derive(Default)]
pub struct Args {
    values: FluentArgs<'static>,
    /// Arguments that name a power: the argument's name and the map's
    /// name of the power (`france`), put into words for each reader by
    /// [`powers`] when the message is rendered.
    powers: Vec<(Cow<'static, str>, String)>,
    /// Arguments that name a phase, by its code (`S1901M`): its long name
    /// and forms in the reader's words ([`refused::phase_forms`]).
    phases: Vec<(Cow<'static, str>, String)>,
}

impl Args {
    /// No arguments.
    pub fn new() -> Args {
        Args::default()
    }

    /// A text argument (a unit, a province, an order).
    pub fn str(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<String>) -> Args {
        self.values.set(name, FluentValue::from(value.into()));
        self
    }

    /// A number argument: the catalogue chooses the plural form by it.
    pub fn num(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<f64>) -> Args {
        self.values.set(name, FluentValue::from(value.into()));
        self
    }

    /// A power, by the map's name of it (`france`, `Germany`): the reader
    /// gets `{ $name }`, the power's term in their catalogue (`Frankreich`),
    /// and each grammatical form the catalogue's `power-forms` gives,
    /// as `{ $name_<form> }` (`{ $power_of }`: `de la France`,
    /// `de l'Allemagne`; see `powers`).
    pub fn power(mut self, name: impl Into<Cow<'static, str>>, key: impl Into<String>) -> Args {
        self.powers.push((name.into(), key.into()));
        self
    }

    /// A phase, by its code (`S1901M`): the reader gets `{ $name }`, its
    /// long name (`Printemps 1901 Mouvements`), and each form the
    /// catalogue's `phase-name` gives as `{ $name_<form> }` (French
    /// `{ $phase_of }`: `du printemps 1901 (mouvements)`).
    pub fn phase(mut self, name: impl Into<Cow<'static, str>>, code: impl Into<String>) -> Args {
        self.phases.push((name.into(), code.into()));
        self
    }

    /// The Fluent arguments for `lang`: the values, and each power's and
    /// phase's name and forms in `lang`.
    fn fluent(&self, lang: Lang) -> Option<FluentArgs<'static>> {
        if self.powers.is_empty() && self.phases.is_empty() {
            return None;
        }
        let mut out = FluentArgs::with_capacity(self.values.iter().count() + 4);
        for (k, v) in self.values.iter() {
            out.set(k.to_string(), v.into_owned());
        }
        let powers = self.powers.iter().map(|(n, k)| (n, powers::forms(lang, k)));
        let phases = self
            .phases
            .iter()
            .map(|(n, c)| (n, refused::phase_forms(lang, c)));
        for (name, forms) in powers.chain(phases) {
            for (form, text) in forms {
                let arg = match form {
                    None => name.to_string(),
                    Some(f) => format!("{name}_{f}"),
                };
                out.set(arg, FluentValue::from(text));
            }
        }
        Some(out)
    }
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static FR: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static DE: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
        Lang::De => &DE,
    };
    cell.get_or_init(|| build(lang))
}

/// The judge's own catalogue (`src/text/judge/en.ftl`): the secret log,
/// the judge's picture and the story of a phase's espionage, which only
/// the judge reads. It is English and translators are not asked to
/// translate it; every language's bundle carries it as it is.
const JUDGE: &str = include_str!("judge/en.ftl");

/// The catalogue of `lang`, parsed, with the plural rules of its locale
/// (the tag is the locale: in French 0 and 1 are singular, in English
/// and German only 1), and the judge's own catalogue. A catalogue that
/// does not parse is a build error in practice:
/// `tests::every_catalogue_parses` fails first.
fn build(lang: Lang) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier =
        lang.tag().parse().expect("a language tag of dipspy's own");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    for source in [source(lang), JUDGE] {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(r) => r,
            Err((r, errors)) => {
                tracing::error!(lang = lang.tag(), ?errors, "a text catalogue has errors");
                r
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(lang = lang.tag(), ?errors, "a text catalogue repeats a key");
        }
    }
    bundle
}

/// The pattern of `key` in `bundle`: a message's value, or one of its
/// attributes when the key is written `message.attribute`
/// (`notice-paused.subject`).
fn pattern<'b>(
    bundle: &'b FluentBundle<FluentResource>,
    key: &str,
) -> Option<&'b fluent_syntax::ast::Pattern<&'b str>> {
    match key.split_once('.') {
        None => bundle.get_message(key)?.value(),
        Some((message, attribute)) => Some(
            bundle
                .get_message(message)?
                .get_attribute(attribute)?
                .value(),
        ),
    }
}

/// Message `key` in `lang`, with `args`; `message.attribute` names an
/// attribute (a mail's `.subject` and `.body`). A key another catalogue
/// lacks is rendered in English, with a warning in the log; a key no
/// catalogue has is logged as an error and rendered empty, never as the
/// key (`keys::tests` keeps both from happening).
pub fn render(lang: Lang, key: &str, args: &Args) -> String {
    render_with(bundle, lang, key, args)
}

/// [`render`] with the bundles `bundle` gives (the tests give their own).
fn render_with(
    bundle: impl Fn(Lang) -> &'static FluentBundle<FluentResource>,
    lang: Lang,
    key: &str,
    args: &Args,
) -> String {
    let (lang, pattern) = match pattern(bundle(lang), key) {
        Some(p) => (lang, p),
        None => {
            let english = if lang == Lang::En {
                None
            } else {
                pattern(bundle(Lang::En), key)
            };
            match english {
                Some(p) => {
                    tracing::warn!(lang = lang.tag(), key, "no text for this key: English used");
                    (Lang::En, p)
                }
                None => {
                    tracing::error!(lang = lang.tag(), key, "no text for this key");
                    return String::new();
                }
            }
        }
    };
    let fluent = args.fluent(lang);
    let mut errors = Vec::new();
    let text = bundle(lang).format_pattern(
        pattern,
        Some(fluent.as_ref().unwrap_or(&args.values)),
        &mut errors,
    );
    if !errors.is_empty() {
        tracing::error!(
            lang = lang.tag(),
            key,
            ?errors,
            "a text's arguments are wrong"
        );
    }
    text.into_owned()
}

/// A mail of message `key` in `lang`: its `.subject` and its `.body`, with
/// the same arguments; the body ends its last line.
pub fn mail(lang: Lang, key: &str, args: &Args) -> crate::report::Mail {
    let subject = render(lang, &format!("{key}.subject"), args);
    let mut body = render(lang, &format!("{key}.body"), args);
    body.push('\n');
    crate::report::Mail { subject, body }
}

/// Message `key` in `lang`, with no arguments.
pub fn plain(lang: Lang, key: &str) -> String {
    render(lang, key, &Args::new())
}

/// Whether the catalogue of `lang` has message `key` (or attribute
/// `message.attribute`).
pub fn has(lang: Lang, key: &str) -> bool {
    match key.contains('.') {
        true => pattern(bundle(lang), key).is_some(),
        false => bundle(lang).has_message(key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bundles of two small catalogues: English has `only-en`, French
    /// lacks it.
    fn small(lang: Lang) -> &'static FluentBundle<FluentResource> {
        static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
        static FR: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
        let (cell, source) = match lang {
            Lang::Fr => (&FR, "both = les deux\nmail =\n    .subject = sujet\n"),
            _ => (
                &EN,
                "both = both\nonly-en = English { $n }\nmail =\n    .subject = subject\n    .body = body\n",
            ),
        };
        cell.get_or_init(|| {
            let mut b = FluentBundle::new_concurrent(vec![lang.tag().parse().expect("a tag")]);
            b.set_use_isolating(false);
            b.add_resource(FluentResource::try_new(source.to_string()).expect("parses"))
                .expect("no key twice");
            b
        })
    }

    #[test]
    fn a_key_another_language_lacks_is_rendered_in_english() {
        let args = Args::new().num("n", 2);
        assert_eq!(render_with(small, Lang::Fr, "both", &args), "les deux");
        assert_eq!(render_with(small, Lang::Fr, "only-en", &args), "English 2");
        assert_eq!(render_with(small, Lang::Fr, "mail.subject", &args), "sujet");
        assert_eq!(render_with(small, Lang::Fr, "mail.body", &args), "body");
        assert_eq!(render_with(small, Lang::Fr, "neither", &args), "");
        assert_eq!(render_with(small, Lang::En, "neither", &args), "");
    }

    #[test]
    fn argument_names_need_no_list() {
        let name = String::from("any_name_at_all");
        let args = Args::new().str(name.clone(), "x");
        assert_eq!(
            args.values.get(name.as_str()),
            Some(&FluentValue::from("x"))
        );
    }

    #[test]
    fn every_catalogue_parses() {
        for &lang in Lang::ALL {
            if let Err((_, errors)) = FluentResource::try_new(source(lang).to_string()) {
                panic!("{}.ftl does not parse: {errors:?}", lang.tag());
            }
        }
    }

    #[test]
    fn arguments_and_plurals_are_filled_in() {
        let one = render(Lang::En, "text-self-check", &Args::new().num("count", 1));
        let two = render(Lang::En, "text-self-check", &Args::new().num("count", 2));
        assert_eq!(one, "1 line");
        assert_eq!(two, "2 lines");
    }

    #[test]
    fn plurals_follow_each_language() {
        let n =
            |lang, count: u32| render(lang, "text-self-check", &Args::new().num("count", count));
        assert_eq!(n(Lang::En, 0), "0 lines");
        assert_eq!(n(Lang::Fr, 0), "0 ligne");
        assert_eq!(n(Lang::Fr, 1), "1 ligne");
        assert_eq!(n(Lang::Fr, 2), "2 lignes");
        assert_eq!(n(Lang::De, 0), "0 Zeilen");
        assert_eq!(n(Lang::De, 1), "1 Zeile");
        let missed = |lang, streak: u32| {
            render(
                lang,
                "notice-why-missed",
                &Args::new().num("streak", streak),
            )
        };
        assert_eq!(
            missed(Lang::Fr, 1),
            "aucun ordre reçu pendant 1 phase de mouvement"
        );
        assert_eq!(
            missed(Lang::De, 3),
            "3 Bewegungsphasen in Folge kamen keine Befehle"
        );
        assert_eq!(missed(Lang::En, 1), "no orders came for 1 movement phase");
        assert_eq!(
            missed(Lang::En, 3),
            "no orders came for 3 movement phases in a row"
        );
    }

    #[test]
    fn a_missing_key_is_never_shown_as_itself() {
        assert_eq!(plain(Lang::En, "no-such-key"), "");
        assert_eq!(plain(Lang::Fr, "no-such-key"), "");
        assert!(!has(Lang::En, "no-such-key"));
    }

    #[test]
    fn language_tags_read_back() {
        for &lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
        assert_eq!(Lang::from_tag(" EN "), Some(Lang::En));
        assert_eq!(Lang::from_tag("Fr"), Some(Lang::Fr));
        assert_eq!(Lang::from_tag("de"), Some(Lang::De));
        assert_eq!(Lang::from_tag("xx"), None);
    }
}
