//! The order words as data (`words.toml`): each word's spellings in every
//! language the rules were written in. The parser reads all of them in
//! every game; the first spelling of a language is the one written back
//! to a reader of that language.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A word of the order language, named as in `words.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderWord {
    /// The hold word (`H`, `TIENT`, `HÄLT`).
    Hold,
    /// The support word (`S`, `SOUTIEN`, `UNTERSTÜTZT`).
    Support,
    /// The convoy word (`C`, `CONVOIE`, `KONVOIERT`).
    Convoy,
    /// The spy word (`SPY`, `ESPION`, `SPION`), also in Fakes, Antis and foundings.
    Spy,
    /// The counter-spy word (`COUNTERSPY`, `CONTRE-ESPION`, `GEGENSPION`).
    Counterspy,
    /// The reaction word (`REACTION`, `RÉACTION`, `REAKTION`).
    Reaction,
    /// The word of `REACTION NONE` (`NONE`, `AUCUNE`, `KEINE`).
    None,
    /// The word of a Spionage Fake (`FAKE`).
    Fake,
    /// The word of a Spionage Anti (`ANTI`).
    Anti,
}

impl OrderWord {
    /// Every order word, in the order of `words.toml`.
    pub const ALL: [OrderWord; 9] = [
        OrderWord::Hold,
        OrderWord::Support,
        OrderWord::Convoy,
        OrderWord::Spy,
        OrderWord::Counterspy,
        OrderWord::Reaction,
        OrderWord::None,
        OrderWord::Fake,
        OrderWord::Anti,
    ];
}

/// The languages every word is spelled in, by tag; the first is the
/// canonical one (what the store keeps).
pub const LANGUAGES: [&str; 3] = ["en", "fr", "de"];

/// One word: its spellings by language as written in the file, and the
/// forms the parser reads (each a run of normalised words).
struct Entry {
    spellings: BTreeMap<String, Vec<String>>,
    forms: Vec<Vec<String>>,
}

fn table() -> &'static BTreeMap<OrderWord, Entry> {
    static TABLE: OnceLock<BTreeMap<OrderWord, Entry>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let file: BTreeMap<OrderWord, BTreeMap<String, Vec<String>>> =
            toml::from_str(include_str!("words.toml")).expect("words.toml is valid");
        file.into_iter()
            .map(|(word, spellings)| {
                let mut forms: Vec<Vec<String>> = Vec::new();
                for s in spellings.values().flatten() {
                    let parts: Vec<String> = s
                        .split(|c: char| c.is_whitespace() || c == '-')
                        .filter(|p| !p.is_empty())
                        .map(normalise)
                        .collect();
                    let joined = vec![parts.concat()];
                    for f in [parts, joined] {
                        if !forms.contains(&f) {
                            forms.push(f);
                        }
                    }
                }
                (word, Entry { spellings, forms })
            })
            .collect()
    })
}

/// A spelling as the parser's tokens hold it: lower case, without `.`
/// and apostrophes.
fn normalise(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        super::parse::push_normalized(&mut out, c);
    }
    out
}

/// The forms of `word` the parser reads, each a run of normalised words.
pub(crate) fn forms(word: OrderWord) -> &'static [Vec<String>] {
    &table()[&word].forms
}

/// The spelling of `word` written back to a reader of language `tag`
/// (its first spelling there; English's for a language the table lacks).
pub fn spelling(word: OrderWord, tag: &str) -> &'static str {
    let e = &table()[&word];
    e.spellings
        .get(tag)
        .or_else(|| e.spellings.get(LANGUAGES[0]))
        .and_then(|s| s.first())
        .map(String::as_str)
        .expect("every word has an English spelling")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_spelled_in_every_language() {
        for w in OrderWord::ALL {
            for tag in LANGUAGES {
                let s = table()[&w].spellings.get(tag);
                assert!(s.is_some_and(|s| !s.is_empty()), "{w:?} in {tag}");
            }
        }
        assert_eq!(table().len(), OrderWord::ALL.len());
    }

    #[test]
    fn two_word_spellings_are_read_apart_and_joined() {
        let f = forms(OrderWord::Counterspy);
        for want in [
            &["contre", "espion"][..],
            &["contreespion"],
            &["gegenspion"],
        ] {
            assert!(f.iter().any(|x| x == want), "{want:?} in {f:?}");
        }
        assert_eq!(spelling(OrderWord::None, "de"), "KEINE");
        assert_eq!(spelling(OrderWord::Spy, "it"), "SPY");
    }
}
