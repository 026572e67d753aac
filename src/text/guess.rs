//! Which language a mail is written in, from its words.
//!
//! A player who has not chosen a language (SET LANGUAGE) but writes
//! `ESPION A mun` or `A mun UNTERSTÜTZT A ber - sil` is most likely French
//! or German. [`guess`] reads the command and order lines of a mail and
//! says which, from two kinds of evidence: the words in
//! `src/text/guess_words.toml` (the espionage words the order parser
//! reads in each language, and the order words players write out of
//! habit), and the French and German names of provinces and powers
//! (`src/text/names/`) that no other language spells the same way
//! (`Venise`, `Wien`, `Allemagne`). Pure: text in, language out.
//!
//! The guess is for the reply to that mail only; it is never stored. It
//! is meant to come after the player's own choice and before the game's
//! default (see `crate::game::language`). Press text should not be given
//! to it: a player may quote anybody in any language.

use super::{Lang, names};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::sync::OnceLock;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WordFile {
    fr: Vec<String>,
    de: Vec<String>,
}

/// The words that tell French and German apart, lower case.
struct Cues {
    /// The French and the German cues, by word: one look-up per word of
    /// a mail (no word is a cue of both).
    by_word: std::collections::HashMap<String, Lang>,
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
        make_cues(&file, &name_words(Lang::Fr), &name_words(Lang::De))
    })
}

/// The cues from the word file and the French and German names' words:
/// a word of both languages (in the file or among the names) tells
/// neither, and is dropped.
fn make_cues(file: &WordFile, fr_names: &BTreeSet<String>, de_names: &BTreeSet<String>) -> Cues {
    let mut fr: BTreeSet<String> = file.fr.iter().map(|w| w.to_lowercase()).collect();
    let mut de: BTreeSet<String> = file.de.iter().map(|w| w.to_lowercase()).collect();
    fr.extend(fr_names.difference(de_names).cloned());
    de.extend(de_names.difference(fr_names).cloned());
    let both: BTreeSet<String> = fr.intersection(&de).cloned().collect();
    fr.retain(|w| !both.contains(w));
    de.retain(|w| !both.contains(w));
    let by_word = fr
        .iter()
        .map(|w| (w.clone(), Lang::Fr))
        .chain(de.iter().map(|w| (w.clone(), Lang::De)))
        .collect();
    Cues { by_word }
}

/// The province abbreviations of every built-in map, lower case.
fn abbreviations() -> BTreeSet<String> {
    use crate::engine::map::{BUILTIN_MAPS, Map};
    BUILTIN_MAPS
        .iter()
        .filter_map(|(name, _)| Map::by_variant(name))
        .flat_map(|m| m.provinces().iter().map(|p| p.abbr.to_lowercase()))
        .collect()
}

/// The language the lines of a mail (commands and orders, not press) are
/// written in: French or German when more of its words are French than
/// German or the other way round, `None` when neither shows (English, or
/// nothing to tell by) or both show as much.
pub fn guess<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<Lang> {
    let c = cues();
    let (mut fr, mut de) = (0usize, 0usize);
    // The words as `words_of` gives them, lower-cased into one buffer:
    // every mail passes here, most of them plain orders.
    let mut w = String::new();
    for line in lines {
        for raw in line.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
            let raw = raw.trim_matches('-');
            if raw.len() < 3 || raw.chars().nth(2).is_none() {
                continue;
            }
            w.clear();
            w.extend(raw.chars().flat_map(char::to_lowercase));
            match c.by_word.get(w.as_str()) {
                Some(Lang::Fr) => fr += 1,
                Some(Lang::De) => de += 1,
                _ => {}
            }
        }
    }
    match fr.cmp(&de) {
        std::cmp::Ordering::Greater => Some(Lang::Fr),
        std::cmp::Ordering::Less => Some(Lang::De),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        };
        let c = make_cues(
            &file,
            &set(&["venise", "berlin"]),
            &set(&["venedig", "berlin"]),
        );
        assert_eq!(c.by_word.get("espion"), Some(&Lang::Fr));
        assert_eq!(c.by_word.get("spion"), Some(&Lang::De));
        assert_eq!(c.by_word.get("venise"), Some(&Lang::Fr));
        assert_eq!(c.by_word.get("venedig"), Some(&Lang::De));
        assert_eq!(c.by_word.get("fake"), None, "a word of both word lists");
        assert_eq!(c.by_word.get("berlin"), None, "a name of both languages");
        // A word listed in one language that is the other's name.
        let file = WordFile {
            fr: vec!["wien".into()],
            de: vec![],
        };
        let c = make_cues(&file, &set(&[]), &set(&["wien"]));
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
        assert_eq!(c.by_word.get("wien"), Some(&Lang::De));
        assert_eq!(c.by_word.get("vienne"), Some(&Lang::Fr));
    }
}
