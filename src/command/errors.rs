//! What the command reader says about a line it could not read, typed:
//! what it expected ([`Want`], [`Expectation`]), what it found
//! ([`Found`]), and the remarks it makes about a line it did read
//! ([`Note`]). These are data: the words are in the catalogues
//! (`src/text/*/commands.ftl`), and the words layer (`text::commands`)
//! renders them in the reader's language when the reply is written and
//! gives their `Display` (the English, for logs and tests).

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
    /// Nothing was said about what could come.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
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

/// A remark for the reply about how a line was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// A press with no ENDPRESS ran to the end of the mail.
    NoEndPress,
}
