//! The command words as data (`words.toml`): keywords and their
//! spellings in every language the judge reads, press words, and the
//! names of CREATE's settings.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The keywords, named as in `words.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Kw {
    Signon,
    Signoff,
    Master,
    Join,
    Observe,
    List,
    History,
    Map,
    Help,
    SetPassword,
    SetWait,
    SetNowait,
    SetDeadline,
    SetAbsence,
    SetNoAbsence,
    Takeover,
    Approve,
    Refuse,
    Eject,
    Become,
    Unlock,
    SetDraw,
    SetNoDraw,
    SetConcede,
    SetNoConcede,
    Resign,
    Clear,
    Press,
    Broadcast,
    Endpress,
    Create,
    Start,
    Process,
    Pause,
    Terminate,
    Resume,
    Rollback,
    Preview,
    PublishHead,
    // The block words (`src/command/blocks.rs`); ELSE IF before ELSE.
    Phase,
    If,
    ElseIf,
    Else,
    EndIf,
    Summary,
    Whogame,
    SetAddress,
    ConfirmAddress,
    SetLanguage,
}

#[derive(Deserialize)]
pub(super) struct Words {
    pub(super) keywords: BTreeMap<Kw, Vec<String>>,
    pub(super) press_to: Vec<String>,
    pub(super) all_but: Vec<String>,
    pub(super) anonymous: Vec<String>,
    pub(super) fake: Vec<String>,
    pub(super) fake_partial: Vec<String>,
    pub(super) create_settings: BTreeMap<String, Vec<String>>,
}

impl Words {
    pub(super) fn spelling(&self, k: Kw) -> &str {
        &self.keywords[&k][0]
    }
}

pub(super) fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        let w: Words = toml::from_str(include_str!("words.toml"))
            .expect("src/command/words.toml is valid (checked by a test)");
        w
    })
}

/// The canonical name of a CREATE setting, from any of its spellings.
pub fn create_setting(key: &str) -> Option<&'static str> {
    words()
        .create_settings
        .iter()
        .find(|(_, spellings)| spellings.iter().any(|s| s.eq_ignore_ascii_case(key)))
        .map(|(k, _)| k.as_str())
}

/// The help text players get for HELP, in `lang`: the catalogue's
/// `help-text` and then `help-espionage` (`src/text/*.ftl`). The command
/// words stay English in every language, since they are what the judge
/// reads; the espionage orders are given in the reader's own order words.
pub fn help(lang: crate::text::Lang) -> String {
    let mut t = crate::text::plain(lang, "help-text");
    if !t.ends_with('\n') {
        t.push('\n');
    }
    t.push('\n');
    t.push_str(&crate::text::plain(lang, "help-espionage"));
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::grammar::is_anonymous_word;

    #[test]
    pub(super) fn the_word_table_reads() {
        let w = words();
        assert!(w.keywords.len() >= 23);
        assert!(w.keywords.values().all(|s| !s.is_empty()));
        assert_eq!(create_setting("TZ"), Some("timezone"));
        assert!(is_anonymous_word("grey"));
    }

    #[test]
    fn the_english_help_is_the_text_it_always_was() {
        use crate::text::Lang;
        let en = help(Lang::En);
        assert!(en.starts_with("dipspy: how to play by email\n============================\n\nWrite one command per line"));
        // The commands' part, then the espionage orders (issue 35 item 4).
        let (commands, espionage) = en.split_once("\n\nEspionage orders").unwrap();
        assert_eq!(commands.lines().count(), 162);
        assert!(espionage.contains("\n  REACTION NONE "), "{espionage}");
        assert!(en.contains("\n  HELP                              this text\n"));
        // Indentation inside the catalogue entry is kept past its margin.
        assert!(
            en.contains(
                "\n                                    nest and may stand inside a PHASE\n"
            )
        );
        assert!(commands.ends_with("  BECOME <game> <power>             act for the power in the rest of the\n                                    mail; its player gets a copy"));
    }

    #[test]
    fn every_help_names_every_command_the_english_help_names() {
        use crate::text::Lang;
        let en = help(Lang::En);
        for &lang in &[Lang::Fr, Lang::De] {
            let text = help(lang);
            assert!(text.lines().count() > 100, "{}", lang.tag());
            for spellings in words().keywords.values() {
                let word = &spellings[0];
                if en.contains(word.as_str()) {
                    assert!(
                        text.contains(word.as_str()),
                        "{} help lacks {word}",
                        lang.tag()
                    );
                }
            }
            assert!(text.contains("SET LANGUAGE"), "{}", lang.tag());
        }
    }
}
