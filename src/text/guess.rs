//! Which language a mail is written in, from its words.
//!
//! A player who has not chosen a language (SET LANGUAGE) but writes
//! `ESPION A mun`, `A mun UNTERSTÜTZT A ber - sil` or "Hello, I'd like to
//! join" is most likely French, German or English. [`guess`] reads the
//! lines of a mail the judge reads (not quotes, not press) and says which,
//! from three kinds of evidence, all in `src/text/guess_words.toml` or
//! `src/text/names/`:
//! - the espionage words the order parser reads in French and German, and
//!   the order words players write out of habit;
//! - the French and German names of provinces and powers that no other
//!   language spells the same way (`Venise`, `Wien`, `Allemagne`);
//! - the everyday words of English, French and German prose (`the`,
//!   `please`, `merci`, `bonjour`, `ich`, `danke`), read only in the first
//!   [`PROSE_LINES`] lines that are not commands.
//!
//! Commands and order notation are no evidence of English: no command or
//! order word, no English name and no abbreviation is a cue. Pure: text
//! in, language out, in one pass over the words.
//!
//! The guess is for the reply to that mail only; it is never stored. It
//! is meant to come after the player's own choice and before the game's
//! default (see `crate::game::language`). Press text should not be given
//! to it: a player may quote anybody in any language.

use super::{Lang, names};
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// How many of a mail's lines that are not commands are read for their
/// prose words (a greeting, a thank-you): enough for a greeting and a
/// few sentences, and a bound on the work a long mail brings.
pub(crate) const PROSE_LINES: usize = 20;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WordFile {
    fr: Vec<String>,
    de: Vec<String>,
    prose: ProseWords,
}

/// The words of everyday prose in each language (`[prose]` in the word
/// file).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProseWords {
    en: Vec<String>,
    fr: Vec<String>,
    de: Vec<String>,
}

/// Where a cue counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// An order or espionage word, or a province's or power's name:
    /// counts in every line.
    Everywhere,
    /// A prose word: counts only in the first [`PROSE_LINES`] lines that
    /// are not commands.
    Prose,
}

/// The words that tell English, French and German apart, lower case.
struct Cues {
    /// The cues by word, with their language and reach: one look-up per
    /// word of a mail (no word is a cue of two languages).
    by_word: HashMap<String, (Lang, Reach)>,
}

fn words_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .map(|w| w.trim_matches('-').to_lowercase())
        .filter(|w| w.chars().count() >= 3)
}

fn cues() -> &'static Cues {
    static CUES: OnceLock<Cues> = OnceLock::new();
    CUES.get_or_init(|| {
        let file: WordFile = toml::from_str(include_str!("guess_words.toml"))
            .expect("src/text/guess_words.toml is valid (checked by a test)");
        let mut english: BTreeSet<String> = names::english_names()
            .iter()
            .flat_map(|n| words_of(n).collect::<Vec<_>>())
            .collect();
        // A province's abbreviation is what players of every language
        // write (`A rom - apu`): it tells no language, even where it
        // spells a name (`rom`, German for Rome).
        english.extend(abbreviations());
        let name_words = |lang| -> BTreeSet<String> {
            names::all_names(lang)
                .into_iter()
                .flat_map(|n| words_of(n).collect::<Vec<_>>())
                .filter(|w| !english.contains(w))
                .collect()
        };
        make_cues(
            &file,
            &name_words(Lang::Fr),
            &name_words(Lang::De),
            &english,
        )
    })
}

/// The cues from the word file and the French and German names' words.
/// A word of two languages (in the file or among the names) tells
/// neither, and is dropped; so is a prose word that is also a word of
/// order notation (`notation`: the English names' words and the
/// provinces' abbreviations, `den`, `war`).
fn make_cues(
    file: &WordFile,
    fr_names: &BTreeSet<String>,
    de_names: &BTreeSet<String>,
    notation: &BTreeSet<String>,
) -> Cues {
    let lower =
        |ws: &[String]| -> BTreeSet<String> { ws.iter().map(|w| w.to_lowercase()).collect() };
    let mut fr = lower(&file.fr);
    let mut de = lower(&file.de);
    fr.extend(fr_names.difference(de_names).cloned());
    de.extend(de_names.difference(fr_names).cloned());
    let prose = |ws: &[String]| -> BTreeSet<String> {
        lower(ws)
            .into_iter()
            .filter(|w| !notation.contains(w))
            .collect()
    };
    let lists = [
        (Lang::Fr, Reach::Everywhere, fr),
        (Lang::De, Reach::Everywhere, de),
        (Lang::En, Reach::Prose, prose(&file.prose.en)),
        (Lang::Fr, Reach::Prose, prose(&file.prose.fr)),
        (Lang::De, Reach::Prose, prose(&file.prose.de)),
    ];
    let mut by_word: HashMap<String, (Lang, Reach)> = HashMap::new();
    let mut dropped = BTreeSet::new();
    for (lang, reach, words) in lists {
        for w in words {
            match by_word.get(&w) {
                // Everywhere comes first: an order word that is also a
                // prose word of its language keeps its wider reach.
                Some(&(l, _)) if l == lang => {}
                Some(_) => {
                    dropped.insert(w);
                }
                None if dropped.contains(&w) => {}
                None => {
                    by_word.insert(w, (lang, reach));
                }
            }
        }
    }
    by_word.retain(|w, _| !dropped.contains(w));
    Cues { by_word }
}

/// The province abbreviations of every built-in map, lower case.
fn abbreviations() -> BTreeSet<String> {
    use crate::engine::{BUILTIN_MAPS, Map};
    BUILTIN_MAPS
        .iter()
        .filter_map(|(name, _)| Map::by_variant(name))
        .flat_map(|m| m.provinces().iter().map(|p| p.abbr.to_lowercase()))
        .collect()
}

/// The words counted so far, by language.
#[derive(Default)]
struct Tally {
    en: usize,
    fr: usize,
    de: usize,
    /// The words as `words_of` gives them, lower-cased into one buffer:
    /// every mail passes here, most of them plain orders.
    buf: String,
}

impl Tally {
    /// Counts the cues of `line`; prose cues (and words of two letters,
    /// `je`, `my`) only when `prose`.
    fn read(&mut self, c: &Cues, line: &str, prose: bool) {
        let shortest = if prose { 2 } else { 3 };
        for raw in line.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
            let raw = raw.trim_matches('-');
            if raw.len() < shortest || raw.chars().nth(shortest - 1).is_none() {
                continue;
            }
            self.buf.clear();
            self.buf.extend(raw.chars().flat_map(char::to_lowercase));
            match c.by_word.get(self.buf.as_str()) {
                Some(&(_, Reach::Prose)) if !prose => {}
                Some(&(Lang::En, _)) => self.en += 1,
                Some(&(Lang::Fr, _)) => self.fr += 1,
                Some(&(Lang::De, _)) => self.de += 1,
                None => {}
            }
        }
    }

    /// The language with more cues than each of the others, if one has.
    fn winner(&self) -> Option<Lang> {
        let counts = [
            (Lang::En, self.en),
            (Lang::Fr, self.fr),
            (Lang::De, self.de),
        ];
        let (lang, best) = counts.into_iter().max_by_key(|&(_, n)| n)?;
        let alone = counts.iter().filter(|&&(_, n)| n == best).count() == 1;
        (best > 0 && alone).then_some(lang)
    }
}

/// The language a mail is written in, from its `commands` (the lines the
/// judge read as commands, not press) and its `others` (every other line
/// it reads: orders, and lines that are neither, such as "Hello, I'd like
/// to join"; not quotes, not press). French or German order and
/// espionage words and names count in every line; the prose words of
/// English, French and German only in the first [`PROSE_LINES`] of
/// `others`. The language with more words than each of the others wins;
/// `None` when no language shows (bare orders and commands) or two show
/// as much.
pub(crate) fn guess<'a>(
    commands: impl IntoIterator<Item = &'a str>,
    others: impl IntoIterator<Item = &'a str>,
) -> Option<Lang> {
    let c = cues();
    let mut t = Tally::default();
    for line in commands {
        t.read(c, line, false);
    }
    for (n, line) in others.into_iter().enumerate() {
        t.read(c, line, n < PROSE_LINES);
    }
    t.winner()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guess for a mail of orders and other lines only (no command).
    fn guess(lines: impl IntoIterator<Item = &'static str>) -> Option<Lang> {
        super::guess(std::iter::empty(), lines)
    }

    #[test]
    fn french_spy_and_order_words_read_as_french() {
        assert_eq!(guess(["ESPION A mun"]), Some(Lang::Fr));
        assert_eq!(guess(["CONTRE-ESPION F bre"]), Some(Lang::Fr));
        assert_eq!(guess(["A par SOUTIEN A mar - bur"]), Some(Lang::Fr));
        assert_eq!(
            guess(["F bre - Manche", "A par - Bourgogne"]),
            Some(Lang::Fr)
        );
    }

    #[test]
    fn german_spy_and_order_words_read_as_german() {
        assert_eq!(guess(["SPION A par"]), Some(Lang::De));
        assert_eq!(guess(["GEGENSPION F kie"]), Some(Lang::De));
        assert_eq!(guess(["A mun UNTERSTÜTZT A ber - sil"]), Some(Lang::De));
        assert_eq!(guess(["A München - Böhmen"]), Some(Lang::De));
    }

    #[test]
    fn english_or_bare_orders_tell_nothing() {
        assert_eq!(
            guess(["SIGNON F mygame secret", "A par - bur", "F bre S A par"]),
            None
        );
        assert_eq!(
            guess(["SPY A mun", "A par SUPPORT A mar - bur", "REACTION F bre H"]),
            None
        );
        assert_eq!(guess(["A Munich - Burgundy", "A Paris - Marseille"]), None);
        // An abbreviation that is also a German name (Rom) is English.
        assert_eq!(guess(["F nap - ion", "A rom - apu", "A ven - tyr"]), None);
        assert_eq!(guess(Vec::<&str>::new()), None);
    }

    #[test]
    fn the_stronger_language_wins_and_a_tie_tells_nothing() {
        assert_eq!(guess(["SPION A mun", "ESPION A ber"]), None);
        assert_eq!(
            guess(["SPION A mun", "A ven SOUTIEN A tyr - Vienne"]),
            Some(Lang::Fr)
        );
    }

    #[test]
    fn a_word_of_both_languages_is_dropped() {
        let set = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<BTreeSet<_>>();
        let file = WordFile {
            fr: vec!["ESPION".into(), "Fake".into()],
            de: vec!["SPION".into(), "fake".into()],
            prose: no_prose(),
        };
        let c = make_cues(
            &file,
            &set(&["venise", "berlin"]),
            &set(&["venedig", "berlin"]),
            &set(&[]),
        );
        assert_eq!(
            c.by_word.get("espion"),
            Some(&(Lang::Fr, Reach::Everywhere))
        );
        assert_eq!(c.by_word.get("spion"), Some(&(Lang::De, Reach::Everywhere)));
        assert_eq!(
            c.by_word.get("venise"),
            Some(&(Lang::Fr, Reach::Everywhere))
        );
        assert_eq!(
            c.by_word.get("venedig"),
            Some(&(Lang::De, Reach::Everywhere))
        );
        assert_eq!(c.by_word.get("fake"), None, "a word of both word lists");
        assert_eq!(c.by_word.get("berlin"), None, "a name of both languages");
        // A word listed in one language that is the other's name.
        let file = WordFile {
            fr: vec!["wien".into()],
            de: vec![],
            prose: no_prose(),
        };
        let c = make_cues(&file, &set(&[]), &set(&["wien"]), &set(&[]));
        assert_eq!(c.by_word.get("wien"), None);
    }

    #[test]
    fn no_english_name_is_a_cue() {
        let c = cues();
        for w in [
            "munich",
            "paris",
            "england",
            "marseille",
            "holland",
            "ukraine",
        ] {
            assert!(!c.by_word.contains_key(w), "{w} is a cue");
        }
        assert_eq!(c.by_word.get("wien"), Some(&(Lang::De, Reach::Everywhere)));
        assert_eq!(
            c.by_word.get("vienne"),
            Some(&(Lang::Fr, Reach::Everywhere))
        );
    }

    fn no_prose() -> ProseWords {
        ProseWords {
            en: vec![],
            fr: vec![],
            de: vec![],
        }
    }

    #[test]
    fn english_prose_reads_as_english() {
        assert_eq!(
            guess(["Hello, I'd like to join your game please.", "JOIN g pw"]),
            Some(Lang::En)
        );
        assert_eq!(
            super::guess(
                ["JOIN vet secret"],
                ["Hi there,", "Thanks and best regards, Ann"]
            ),
            Some(Lang::En)
        );
    }

    #[test]
    fn french_and_german_prose_read_as_french_and_german() {
        assert_eq!(
            super::guess(
                ["JOIN vet secret"],
                ["Bonjour, je voudrais rejoindre la partie.", "Merci !"]
            ),
            Some(Lang::Fr)
        );
        assert_eq!(
            super::guess(
                ["JOIN vet secret"],
                ["Hallo, ich möchte gerne mitspielen.", "Viele Grüße"]
            ),
            Some(Lang::De)
        );
        // An English order word (SUPPORT) is no evidence of English.
        assert_eq!(
            guess(["Hallo und danke!", "A par SUPPORT A mar - bur"]),
            Some(Lang::De)
        );
    }

    #[test]
    fn a_mail_of_commands_and_orders_only_tells_nothing() {
        let commands = [
            "SIGNON Fvet secret",
            "JOIN vet secret",
            "SET DRAW",
            "SET NO WAIT",
            "PRESS TO ALL BUT E",
            "OBSERVE vet",
            "HISTORY vet FROM 1901",
            "CREATE vet deadline=48h language=de",
        ];
        let orders = [
            "A par - bur",
            "A par SUPPORTS A mar - bur",
            "F nth CONVOYS A lon - bel",
            "A lon - bel VIA CONVOY",
            "F stp/sc - bot",
            "A war H",
            "A den - swe",
            "BUILD A par",
            "REMOVE F kie",
            "WAIVE",
            "F Mid-Atlantic Ocean - North Sea",
            "REACTION NONE",
            "IF A mun - bur THEN A par - pic ELSE A par H",
        ];
        assert_eq!(super::guess(commands, orders), None);
        // A command line's words are never read as prose.
        assert_eq!(
            super::guess(["JOIN the and please"], Vec::<&str>::new()),
            None
        );
    }

    #[test]
    fn only_the_first_prose_lines_are_read_for_prose() {
        let mut lines = vec!["A par - bur"; PROSE_LINES];
        lines.push("Hello, thanks and best regards");
        assert_eq!(guess(lines.clone()), None);
        lines.push("SPION A mun");
        assert_eq!(guess(lines), Some(Lang::De), "order words count anywhere");
    }

    #[test]
    fn prose_cues_are_no_command_order_name_or_abbreviation() {
        let c = cues();
        for w in ["the", "and", "please", "hello", "je", "merci", "ich", "und"] {
            assert_eq!(c.by_word.get(w).map(|p| p.1), Some(Reach::Prose), "{w}");
        }
        // Abbreviations (Denmark, Warsaw, Estonia) and words of two
        // languages' prose.
        for w in ["den", "war", "est"] {
            assert!(!c.by_word.contains_key(w), "{w} is a cue");
        }
        let files = [
            include_str!("../command/words.toml"),
            include_str!("../engine/order/words.toml"),
        ];
        let quoted = files
            .iter()
            .flat_map(|f| f.lines())
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(|l| l.split('"').skip(1).step_by(2));
        for word in quoted.flat_map(words_of_any) {
            if let Some(&(lang, reach)) = c.by_word.get(&word) {
                assert!(
                    lang != Lang::En && reach == Reach::Everywhere,
                    "command or order word {word:?} is a {lang:?} prose cue"
                );
            }
        }
    }

    /// Every word of a text, however short, lower case.
    fn words_of_any(text: &str) -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
            .map(|w| w.trim_matches('-').to_lowercase())
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn a_prose_word_of_another_languages_order_words_is_dropped() {
        let set = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<BTreeSet<_>>();
        let file = WordFile {
            fr: vec!["vers".into()],
            de: vec!["nach".into()],
            prose: ProseWords {
                en: vec!["vers".into(), "the".into(), "war".into()],
                fr: vec!["Merci".into()],
                de: vec!["nach".into(), "merci".into()],
            },
        };
        let c = make_cues(&file, &set(&[]), &set(&[]), &set(&["war"]));
        assert_eq!(c.by_word.get("vers"), None);
        assert_eq!(c.by_word.get("merci"), None);
        assert_eq!(c.by_word.get("war"), None, "an abbreviation");
        assert_eq!(c.by_word.get("the"), Some(&(Lang::En, Reach::Prose)));
        assert_eq!(c.by_word.get("nach"), Some(&(Lang::De, Reach::Everywhere)));
    }
}
