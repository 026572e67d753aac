//! What the command reader says about a line it could not read, typed:
//! what it expected ([`Want`], [`Expectation`]), what it found
//! ([`Found`]), and the remarks it makes about a line it did read
//! ([`Note`]). The words are in the catalogues (`src/text/*/commands.ftl`,
//! rendered by [`crate::text::commands`]) and are chosen when the reply
//! is written, in the reader's language. `Display` gives the English, for
//! logs and tests.

use crate::text::{self, Lang};
use std::fmt;
use std::sync::OnceLock;

/// One thing that could have come where reading stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// A game name: letters, digits, `-` and `_`.
    GameName,
    /// A power, by letter or name.
    Power,
    /// A password.
    Password,
    /// A phase such as `S1901M` (HISTORY, MAP, ROLLBACK).
    Phase,
    /// Nothing more on the line.
    EndOfLine,
    /// A `key=value` setting of CREATE (the keys listed).
    Setting,
    /// The `=` of a setting.
    SettingEquals,
    /// A setting's value.
    SettingValue,
    /// SIGNON's power and game.
    SignonWord,
    /// A deadline: a time from now, or a date and time.
    Time,
    /// A date such as `2025-03-30`.
    Date,
    /// `TO` and the last day of an absence, or the end of the line.
    AbsenceTo,
    /// A mail address.
    Address,
    /// The code mailed to a new address.
    ConfirmCode,
    /// A language tag.
    Language,
    /// `TO` and the powers a fake press should seem to go to.
    FakeTo,
    /// `,` and another power, in a list of recipients.
    AnotherPower,
    /// The word ANON.
    Anon,
    /// `FAKE BROADCAST` or `FAKE TO` and powers.
    Fake,
    /// A unit test of a condition that is already as long as one can be.
    ShorterTest,
    /// A unit test (or a `(`).
    UnitTest,
    /// Fewer parentheses in a condition.
    FewerParentheses,
    /// A `)` to close a `(`.
    CloseParen,
    /// What may follow a condition after IF: AND, OR, `)`, THEN or the
    /// end of the line.
    ConditionGoesOn,
    /// What may follow a whole stored condition: AND, OR or its end.
    ConditionEnd,
    /// `IF` and a condition, or the end of the line, after ELSE.
    ElseIf,
    /// A phase after PHASE, in any of the forms the judges read.
    BlockPhase,
    /// A line of at most this many characters.
    ShortLine {
        /// The most characters a line may have.
        max: usize,
    },
    /// A press of at most this many characters.
    ShortPress {
        /// The most characters a press may carry.
        max: usize,
    },
    /// A PRESS or BROADCAST line before an ENDPRESS.
    PressBeforeEndpress,
}

/// What could have come where reading stopped: one [`Want`] or several
/// ("`,` and another power, ANON or end of line"); none when the grammar
/// could not say.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Expectation(pub Vec<Want>);

impl Expectation {
    /// The English text contains `pat` (for tests and logs).
    pub fn contains(&self, pat: &str) -> bool {
        self.to_string().contains(pat)
    }

    /// Nothing was said about what could come.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        text::commands::expectation(lang, self)
    }
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

impl PartialEq<&str> for Expectation {
    fn eq(&self, other: &&str) -> bool {
        self.render(Lang::En) == *other
    }
}

/// What was found where reading stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A word, as the reply quotes it: between backticks, its first 30
    /// characters (the same in every language: it is what was typed).
    Word(String),
    /// The end of the line.
    EndOfLine,
    /// A line longer than [`super::MAX_LINE_CHARS`].
    LongerLine,
    /// A press text longer than [`super::MAX_PRESS_CHARS`].
    LongerText,
    /// An ENDPRESS line with no press open.
    EndPress,
}

impl Found {
    /// What was found at `at` (the rest of the line where reading
    /// stopped): its first word, or the end of the line.
    pub fn at(at: &str) -> Found {
        let word: String = at
            .split_whitespace()
            .next()
            .unwrap_or("")
            .chars()
            .take(30)
            .collect();
        if word.is_empty() {
            Found::EndOfLine
        } else {
            Found::Word(format!("`{word}`"))
        }
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        text::commands::found(lang, self)
    }

    /// The English text (for tests and logs).
    pub fn as_str(&self) -> &str {
        static END: OnceLock<String> = OnceLock::new();
        static LINE: OnceLock<String> = OnceLock::new();
        static TEXT: OnceLock<String> = OnceLock::new();
        static ENDPRESS: OnceLock<String> = OnceLock::new();
        let cell = match self {
            Found::Word(w) => return w,
            Found::EndOfLine => &END,
            Found::LongerLine => &LINE,
            Found::LongerText => &TEXT,
            Found::EndPress => &ENDPRESS,
        };
        cell.get_or_init(|| self.render(Lang::En))
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for Found {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError {
    /// 1-based line number in the mail body.
    pub line: usize,
    /// 1-based column, in characters, in the line as written.
    pub column: usize,
    /// What could have come where reading stopped.
    pub expected: Expectation,
    /// What was there ([`Found::EndOfLine`] at the end).
    pub found: Found,
}

impl CommandError {
    /// "line 2, column 7: expected …, found …" in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        text::commands::error(lang, self)
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

impl std::error::Error for CommandError {}

/// A remark for the reply about how a line was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// A press with no ENDPRESS ran to the end of the mail.
    NoEndPress,
}

impl Note {
    /// The text in `lang`.
    pub fn render(self, lang: Lang) -> String {
        text::commands::note(lang, self)
    }

    /// The English text (for tests and logs).
    pub fn as_str(&self) -> &str {
        static NO_ENDPRESS: OnceLock<String> = OnceLock::new();
        let cell = match self {
            Note::NoEndPress => &NO_ENDPRESS,
        };
        cell.get_or_init(|| self.render(Lang::En))
    }
}

/// The English text, so that `item.note.as_deref()` reads as it did
/// when notes were English strings.
impl std::ops::Deref for Note {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
