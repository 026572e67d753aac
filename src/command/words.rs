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

/// Each keyword's first spelling (for the tests of the help, which
/// must name every command).
#[cfg(test)]
pub(crate) fn keyword_spellings() -> impl Iterator<Item = &'static str> {
    words().keywords.values().map(|s| s[0].as_str())
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
}
