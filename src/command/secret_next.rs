//! A password written on the line after its command.
//!
//! A sender may write a command that takes a password and put the
//! password on the next line, by mistake or to see what the judge does
//! with it:
//!
//! ```text
//! SIGNON france mygame
//! hunter2
//! ```
//!
//! The rule of [`super::secret`] masks what follows a password word on its
//! own line only. This module adds the one rule that says when *the next
//! line* may hold the secret, and every place that must not keep or
//! repeat a password uses it: the masking of stored mail (text parts,
//! HTML parts and the check that all is masked, the preamble and
//! epilogue of a multipart; `src/mail/mask.rs`, `src/mail/mask_part.rs`),
//! the reader of commands ([`super::parse_message`] marks the line, see
//! [`super::Item::secret_of`]) and the judge's reply (such a line is never
//! quoted, and not read: not as an order, nor press, nor anything else).
//!
//! # The rule
//!
//! A line *leaves its secret out* ([`leaves_secret_out`]) when it holds a
//! password word (see [`super::secret`]) and the command grammar, reading
//! the line with one more word written after it (quote marks, bullets
//! and other signs before the command word left out; look-alike and
//! other compatibility forms folded as [`super::secret`] folds them),
//! reads a command whose password or code is that word, while the line
//! alone is no such command complete. That is: the grammar stopped
//! expecting a password or a confirmation code at the end of the line
//! (`MASTER`, `SET PASSWORD`, `JOIN mygame`, `TAKEOVER F mygame`,
//! `CONFIRM ADDRESS`, the njudge form `SIGN ON Fmygame`), or read a
//! SIGNON without its password whose first word is a power (`SIGNON
//! france mygame`, `SIGNON F mygame`), or a JOIN of two words whose first
//! is a power's name (`JOIN france mygame`: with a password after it, the
//! form that names the power). The powers are those of the built-in
//! maps; the two-word forms whose first word is none (`SIGN ON Fmygame
//! password`, `JOIN mygame password`) are complete.
//!
//! Then the next line that is not blank (a line of only spaces and quote
//! marks `>` is blank; any number of them may come between) may be the
//! secret ([`NextSecret`]): whatever it holds, it is masked whole in the
//! stored mail (its quote marks kept), and the reader marks it.
//!
//! # What the judge does with that line
//!
//! It does **not** use it as the password. A password is read only from
//! the line of its command: the judge refuses the line, does not repeat
//! it, and says that the password goes on the same line as its command
//! (the command's own line is answered as it is: a SIGNON without its
//! password is refused with the form to write). Guessing which of the
//! following lines is a password would let a mistyped mail sign on, join
//! or change a password from a line the sender meant as something else,
//! and the reader cannot tell: a game may let its players sign on
//! without a password. So the one exception is a command that *succeeded*
//! on its own line (a SIGNON without password in a `password_optional`
//! game, from the player's own authenticated address): the next line is
//! then read as usual, since no password was missing; if it is refused
//! all the same, it is not quoted.

use super::Command;
use super::grammar::{LineKind, parse_line};
use super::secret;

/// The word written after a line to see what the grammar reads: letters
/// and digits only, so that it reads as a game, a password or a code.
const PROBE: &str = "Zq7dipspyNextLineProbe";

/// Whether `line` (one line of text) is read as a command that takes a
/// password or a code and leaves it out (see the module comment).
pub(crate) fn leaves_secret_out(line: &str) -> bool {
    if !secret::holds(line) {
        return false;
    }
    let t = line
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_end();
    if probe_reads_secret(t) {
        return true;
    }
    match secret::fold_line(t) {
        Some(folded) => probe_reads_secret(folded.trim()),
        None => false,
    }
}

/// Whether `t` with [`PROBE`] written after it reads as a command whose
/// secret is the probe, and `t` alone is not such a command complete
/// (see [`complete_alone`]).
fn probe_reads_secret(t: &str) -> bool {
    if t.is_empty() {
        return false;
    }
    let probed = format!("{t} {PROBE}");
    let probe_is_secret = match parse_line(&probed) {
        Ok(LineKind::Command(c)) => secret_of(&c) == Some(PROBE),
        _ => false,
    };
    probe_is_secret && !complete_alone(t)
}

/// Whether `t` alone reads as a password command complete in one of its
/// forms: a SIGNON of two words whose first is not a power (the njudge
/// form `SIGN ON Fmygame password`), a JOIN of two words whose first is
/// not a power's name (`JOIN mygame password`). A SIGNON or JOIN whose
/// first word is a power (`SIGNON france mygame`, `JOIN france mygame`)
/// is the longer form, its password left out.
fn complete_alone(t: &str) -> bool {
    match parse_line(t) {
        Ok(LineKind::Command(Command::Signon {
            power,
            password: None,
            ..
        })) => !names_power(&power, true),
        Ok(LineKind::Command(Command::Join {
            power: None, game, ..
        })) => !names_power(&game, false),
        Ok(LineKind::Command(c)) => secret_of(&c).is_some(),
        _ => false,
    }
}

/// Whether `word` names a power on one of the built-in maps: by a name
/// or alias, or (when `letters`) by a single letter.
fn names_power(word: &str, letters: bool) -> bool {
    if letters && word.chars().count() == 1 {
        return true;
    }
    crate::engine::BUILTIN_MAPS
        .iter()
        .filter_map(|(name, _)| crate::engine::Map::by_variant(name))
        .any(|map| map.power_by_name(word).is_some())
}

/// The password or code a command carries. A SIGNON without a password
/// may be the njudge form, whose second word is the password.
fn secret_of(c: &Command) -> Option<&str> {
    match c {
        Command::Signon {
            password: Some(p), ..
        } => Some(p),
        Command::Signon {
            password: None,
            game,
            ..
        } => Some(game),
        Command::Master { password }
        | Command::SetPassword { password }
        | Command::Join { password, .. }
        | Command::Takeover { password, .. } => Some(password),
        Command::ConfirmAddress { code } => Some(code),
        _ => None,
    }
}

/// A line with its quote marks and spaces before the text left out.
fn unquoted(line: &str) -> &str {
    line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
}

/// Whether a line is blank for this rule: only spaces and quote marks.
pub(crate) fn is_blank(line: &str) -> bool {
    unquoted(line).trim_end().is_empty()
}

/// Where, in `line`, text that may be a secret starts: after its quote
/// marks and spaces.
pub(crate) fn secret_start(line: &str) -> usize {
    line.len() - unquoted(line).len()
}

/// `line` with every character after its quote marks that is not a space
/// made `*`.
pub(crate) fn mask_whole(line: &str) -> String {
    let s = secret_start(line);
    let mut out = String::with_capacity(line.len());
    out.push_str(&line[..s]);
    out.extend(
        line[s..]
            .chars()
            .map(|c| if c.is_whitespace() { c } else { '*' }),
    );
    out
}

/// The rule read over the lines of a text, one after the other.
#[derive(Debug, Default, Clone)]
pub(crate) struct NextSecret {
    /// The index of the line fed last.
    at: Option<usize>,
    /// The line whose secret is still to come.
    open: Option<usize>,
}

impl NextSecret {
    /// A reading at the start of a text.
    pub(crate) fn new() -> Self {
        NextSecret::default()
    }

    /// Feeds the next line; when it may be the secret left out of a line
    /// above, gives that line's index (0 for the first line fed).
    pub(crate) fn feed(&mut self, line: &str) -> Option<usize> {
        let i = self.at.map_or(0, |a| a + 1);
        self.at = Some(i);
        if is_blank(line) {
            return None;
        }
        if let Some(o) = self.open.take() {
            return Some(o);
        }
        if leaves_secret_out(line) {
            self.open = Some(i);
        }
        None
    }

    /// Whether the line fed last left its secret out (the next line that
    /// is not blank may be it).
    pub(crate) fn waiting(&self) -> bool {
        self.open.is_some()
    }
}

/// For each line of `lines`, the index of the line whose secret it may
/// be, if any.
pub(crate) fn secret_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<Option<usize>> {
    let mut r = NextSecret::new();
    lines.into_iter().map(|l| r.feed(l)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_command_without_its_secret_leaves_it_out() {
        for line in [
            "SIGNON france mygame",
            "signon F g",
            "SIGN ON Fmygame",
            "SIGNON ?mygame",
            "MASTER",
            "JOIN mygame",
            "JOIN france mygame",
            "SET PASSWORD",
            "set   password",
            "TAKEOVER france mygame",
            "TAKE OVER F g",
            "CONFIRM ADDRESS",
            "CONFIRM",
            "> SIGNON france mygame",
            "* SIGNON france mygame",
            "ＳＩＧＮＯＮ france mygame",
            "SIGNON france mygame   ",
        ] {
            assert!(leaves_secret_out(line), "{line:?}");
        }
    }

    #[test]
    fn a_complete_command_or_another_line_does_not() {
        for line in [
            "SIGNON france mygame pw",
            "SIGN ON Fmygame pw",
            "JOIN mygame pw",
            "JOIN g pw2",
            "sign on Fgame hunter3",
            "MASTER pw",
            "JOIN france mygame pw",
            "SET PASSWORD pw",
            "TAKEOVER france mygame pw",
            "CONFIRM ADDRESS abcd-1234",
            "A par - bur",
            "SET DRAW",
            "BECOME g france",
            "HELP",
            "I will JOIN you",
            "hello SIGNON france mygame",
            "",
        ] {
            assert!(!leaves_secret_out(line), "{line:?}");
        }
    }

    #[test]
    fn the_next_line_that_is_not_blank_may_be_the_secret() {
        let lines = [
            "SIGNON france g",
            "",
            ">",
            "> hunter2",
            "A par - bur",
            "SET PASSWORD",
            "newpw",
            "SIGNON france g pw",
            "F bre - mao",
        ];
        assert_eq!(
            secret_lines(lines),
            [None, None, None, Some(0), None, None, Some(5), None, None]
        );
        assert_eq!(mask_whole("> hunter2 x"), "> ******* *");
        // A line taken as a secret opens nothing itself.
        assert_eq!(
            secret_lines(["MASTER", "SET PASSWORD", "A par - bur"]),
            [None, Some(0), None]
        );
    }

    #[test]
    fn masking_a_text_masks_the_next_line_too() {
        let t = "SIGNON france g\r\n\r\n> hunter2\r\nA par - bur\r\n";
        assert_eq!(
            secret::mask_text(t).unwrap(),
            "SIGNON ****** *\r\n\r\n> *******\r\nA par - bur\r\n"
        );
        assert_eq!(
            secret::mask_text("SIGNON france g pw\nA par - bur").unwrap(),
            "SIGNON ****** * **\nA par - bur"
        );
        assert_eq!(secret::mask_text("A par - bur\nhunter2"), None);
    }
}
