//! Lines that may hold a password, however they are written.
//!
//! One rule serves everything that must not keep or repeat a password:
//! the masking of stored mail (`src/mail/mask.rs`), the judge's replies
//! (a line that may hold one is never quoted) and the orders given to the
//! game (such a line is not one). A line may hold a password when one of
//! the words of `src/mail/mask_words.toml` (SIGNON, JOIN, MASTER, SET
//! PASSWORD...) stands anywhere in it, as a word of its own, once the line
//! is *folded*:
//!
//! - compatibility forms become the letters they stand for (fullwidth
//!   `ＳＩＧＮＯＮ`, mathematical `𝐒𝐈𝐆𝐍𝐎𝐍`, circled, small capitals,
//!   ligatures), and so do the Cyrillic and Greek letters that look like
//!   Latin ones (`ЅIGNON`);
//! - every space is a space; control characters, zero-width characters
//!   and combining marks are dropped (`SIG\u{7f}NON`, `SIG\u{200b}NON`);
//! - case is ignored; the words of a phrase may be written together or
//!   apart, with spaces, `-`, `_` or `.` between them (`Sign-on`,
//!   `setpassword`).
//!
//! What may be the password is everything after the word, to the end of
//! the line. Lines end at `\n`, `\r`, U+2028, U+2029, U+0085, VT and FF
//! ([`is_line_break`]), as they do for the reader (`src/mail/message.rs`).
//!
//! A plain line of ASCII is matched where it stands, without copying.
//!
//! A password written on the *next* line, under a command that leaves it
//! out, is the business of [`super::secret_next`]; [`mask_text`] masks
//! both.

use serde::Deserialize;
use std::cell::RefCell;
use std::sync::OnceLock;

#[derive(Deserialize)]
struct Words {
    words: Vec<String>,
}

/// The phrases, each a list of lower-case ASCII words, and the first
/// letters they may start with.
struct Phrases {
    list: Vec<Vec<Vec<u8>>>,
    first: [bool; 256],
}

fn phrases() -> &'static Phrases {
    static P: OnceLock<Phrases> = OnceLock::new();
    P.get_or_init(|| {
        let w: Words = toml::from_str(include_str!("../mail/mask_words.toml"))
            .expect("src/mail/mask_words.toml is valid (checked by a test)");
        let list: Vec<Vec<Vec<u8>>> = w
            .words
            .iter()
            .map(|p| {
                p.split_whitespace()
                    .map(|x| x.to_ascii_lowercase().into_bytes())
                    .collect()
            })
            .filter(|p: &Vec<Vec<u8>>| !p.is_empty())
            .collect();
        let mut first = [false; 256];
        for p in &list {
            first[p[0][0] as usize] = true;
        }
        Phrases { list, first }
    })
}

/// Where a password word stands in a line: its bytes, `start..end`. What
/// may be the password is `line[end..]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    pub start: usize,
    pub end: usize,
}

/// Whether `c` ends a line, for the reader and for this rule alike.
pub(crate) fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// The first password word of `line` (one line: see [`is_line_break`]).
pub(crate) fn find(line: &str) -> Option<Found> {
    let b = line.as_bytes();
    if b.iter().all(|&c| (0x20..0x7f).contains(&c) || c == b'\t') {
        return scan(b).map(|(s, e)| Found { start: s, end: e });
    }
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let Scratch { folded, origin } = &mut *s;
        fold_into(line, folded, origin);
        let (fs, fe) = scan(folded)?;
        let start = origin[fs] as usize;
        let last = origin[fe - 1] as usize;
        let end = last + line[last..].chars().next().map_or(0, char::len_utf8);
        Some(Found { start, end })
    })
}

/// `line` folded as [`find`] folds it (see the module comment), as text
/// (a letter of another script as `x`), or `None` when it is plain ASCII
/// and folds to itself.
pub(crate) fn fold_line(line: &str) -> Option<String> {
    if line.is_ascii() {
        return None;
    }
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let Scratch { folded, origin } = &mut *s;
        fold_into(line, folded, origin);
        Some(
            folded
                .iter()
                .map(|&b| if b == OTHER_LETTER { 'x' } else { b as char })
                .collect(),
        )
    })
}

/// Whether `line` may hold a password (see the module comment).
pub(crate) fn holds(line: &str) -> bool {
    find(line).is_some()
}

/// Whether `line` begins with a password word: before it only spaces,
/// quote marks, bullets and other signs (no letter or digit).
pub(crate) fn starts_with_secret_word(line: &str) -> bool {
    find(line).is_some_and(|f| !line[..f.start].chars().any(char::is_alphanumeric))
}

/// `line` with every character after its password word that is not a
/// space replaced by `*`, or `None` when it has no such word.
pub(crate) fn mask_line(line: &str) -> Option<String> {
    let f = find(line)?;
    let mut out = String::with_capacity(line.len());
    out.push_str(&line[..f.end]);
    out.extend(
        line[f.end..]
            .chars()
            .map(|c| if c.is_whitespace() { c } else { '*' }),
    );
    Some(out)
}

/// `text` with [`mask_line`] applied to each line (line breaks kept as
/// they are), and each line that may be the secret a line above left out
/// masked whole ([`super::secret_next`]), or `None` when no line needed
/// it.
pub(crate) fn mask_text(text: &str) -> Option<String> {
    let mut out: Option<String> = None;
    let mut at = 0;
    let mut next = super::secret_next::NextSecret::new();
    for (i, c) in text
        .char_indices()
        .filter(|&(_, c)| is_line_break(c))
        .chain(std::iter::once((text.len(), '\n')))
    {
        let line = &text[at..i];
        let whole = next.feed(line).is_some();
        if let Some(m) = whole
            .then(|| super::secret_next::mask_whole(line))
            .or_else(|| mask_line(line))
        {
            let o = out.get_or_insert_with(|| {
                let mut s = String::with_capacity(text.len());
                s.push_str(&text[..at]);
                s
            });
            o.push_str(&m);
        } else if let Some(o) = out.as_mut() {
            o.push_str(line);
        }
        if i < text.len() {
            if let Some(o) = out.as_mut() {
                o.push(c);
            }
            at = i + c.len_utf8();
        }
    }
    out
}

/// The lines of `text`, split at every [`is_line_break`].
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_line_break)
}

/// Whether some line of `text` may hold a password.
pub(crate) fn any_line_holds(text: &str) -> bool {
    lines(text).any(holds)
}

struct Scratch {
    folded: Vec<u8>,
    origin: Vec<u32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = const {
        RefCell::new(Scratch { folded: Vec::new(), origin: Vec::new() })
    };
}

/// A folded byte that stands for a letter or digit of another script:
/// part of a word, never of a password word.
const OTHER_LETTER: u8 = 0xff;

/// A byte of a word: a password word stands only between bytes that are
/// not (`password_optional` holds none).
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'-' | b'_' | b'.')
}

/// The first password word in folded (or plain ASCII) bytes, as a byte
/// range.
fn scan(s: &[u8]) -> Option<(usize, usize)> {
    let p = phrases();
    let mut prev_word = false;
    for i in 0..s.len() {
        let b = s[i];
        let starts = !prev_word && p.first[b.to_ascii_lowercase() as usize];
        prev_word = is_word_byte(b);
        if !starts {
            continue;
        }
        let mut best: Option<usize> = None;
        for phrase in &p.list {
            if let Some(e) = phrase_at(s, i, phrase)
                && best.is_none_or(|b| e > b)
            {
                best = Some(e);
            }
        }
        if let Some(e) = best {
            return Some((i, e));
        }
    }
    None
}

/// The end of `phrase` when it stands at `s[i..]`, followed by the end of
/// a word.
fn phrase_at(s: &[u8], i: usize, phrase: &[Vec<u8>]) -> Option<usize> {
    let mut at = i;
    for (k, w) in phrase.iter().enumerate() {
        if k > 0 {
            while at < s.len() && is_separator(s[at]) {
                at += 1;
            }
        }
        let end = at + w.len();
        if end > s.len() || !s[at..end].eq_ignore_ascii_case(w) {
            return None;
        }
        at = end;
    }
    if at < s.len() && is_word_byte(s[at]) {
        return None;
    }
    Some(at)
}

/// Folds `line` into `folded` (lower-case ASCII, [`OTHER_LETTER`] for a
/// letter of another script, `' '` for any other sign), with the byte
/// offset in `line` of the character each folded byte came from.
fn fold_into(line: &str, folded: &mut Vec<u8>, origin: &mut Vec<u32>) {
    folded.clear();
    origin.clear();
    for (i, c) in line.char_indices() {
        let mut push = |b: u8| {
            folded.push(b);
            origin.push(i as u32);
        };
        match fold_char(c) {
            Fold::Drop => {}
            Fold::One(b) => push(b),
            Fold::Two(a, b) => {
                push(a);
                push(b);
            }
            Fold::Three(a, b, d) => {
                push(a);
                push(b);
                push(d);
            }
        }
    }
}

/// What one character folds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fold {
    Drop,
    One(u8),
    Two(u8, u8),
    Three(u8, u8, u8),
}

fn letter(i: u32) -> Fold {
    Fold::One(b'a' + (i % 26) as u8)
}

/// The fold of one character (see the module comment).
fn fold_char(c: char) -> Fold {
    let u = c as u32;
    if c.is_ascii() {
        return match c {
            '\t' | ' ' => Fold::One(b' '),
            c if c.is_ascii_control() => Fold::Drop,
            c => Fold::One(c.to_ascii_lowercase() as u8),
        };
    }
    if let Some(b) = look_alike(c) {
        return Fold::One(b);
    }
    match u {
        // Fullwidth forms of ASCII.
        0xff01..=0xff5e => Fold::One(((u - 0xff01 + 0x21) as u8).to_ascii_lowercase()),
        // Mathematical letters: 13 alphabets of 52 (capitals, then small).
        0x1d400..=0x1d6a3 => letter((u - 0x1d400) % 52),
        // Mathematical digits.
        0x1d7ce..=0x1d7ff => Fold::One(b'0' + ((u - 0x1d7ce) % 10) as u8),
        // Parenthesised, circled capital and small letters.
        0x249c..=0x24b5 => letter(u - 0x249c),
        0x24b6..=0x24cf => letter(u - 0x24b6),
        0x24d0..=0x24e9 => letter(u - 0x24d0),
        // Squared, negative circled, negative squared letters, regional
        // indicators.
        0x1f130..=0x1f149 => letter(u - 0x1f130),
        0x1f150..=0x1f169 => letter(u - 0x1f150),
        0x1f170..=0x1f189 => letter(u - 0x1f170),
        0x1f1e6..=0x1f1ff => letter(u - 0x1f1e6),
        // Roman numerals that are letters.
        0x2160 | 0x2170 => Fold::One(b'i'),
        0x2164 | 0x2174 => Fold::One(b'v'),
        0x2169 | 0x2179 => Fold::One(b'x'),
        0x216c | 0x217c => Fold::One(b'l'),
        0x216d | 0x217d => Fold::One(b'c'),
        0x216e | 0x217e => Fold::One(b'd'),
        0x216f | 0x217f => Fold::One(b'm'),
        // Ligatures.
        0xfb00 => Fold::Two(b'f', b'f'),
        0xfb01 => Fold::Two(b'f', b'i'),
        0xfb02 => Fold::Two(b'f', b'l'),
        0xfb03 => Fold::Three(b'f', b'f', b'i'),
        0xfb04 => Fold::Three(b'f', b'f', b'l'),
        0xfb05 | 0xfb06 => Fold::Two(b's', b't'),
        0x0132 => Fold::Two(b'i', b'j'),
        0x0133 => Fold::Two(b'i', b'j'),
        // Dashes and hyphens.
        0x2010..=0x2015 | 0x2212 | 0xfe58 | 0xfe63 => Fold::One(b'-'),
        // Zero-width and formatting characters, variation selectors,
        // combining marks.
        0x00ad
        | 0x034f
        | 0x061c
        | 0x115f
        | 0x1160
        | 0x17b4
        | 0x17b5
        | 0x180b..=0x180f
        | 0x200b..=0x200f
        | 0x202a..=0x202e
        | 0x2060..=0x206f
        | 0x3164
        | 0xfe00..=0xfe0f
        | 0xfeff
        | 0xffa0
        | 0x1bca0..=0x1bca3
        | 0xe0000..=0xe0fff => Fold::Drop,
        0x0300..=0x036f | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0xfe20..=0xfe2f => {
            Fold::Drop
        }
        _ if c.is_control() => Fold::Drop,
        _ if c.is_whitespace() => Fold::One(b' '),
        _ if c.is_alphanumeric() => Fold::One(OTHER_LETTER),
        _ => Fold::One(b' '),
    }
}

/// Letters of other scripts (and Latin letters of other forms) that look
/// like an ASCII letter, as that letter.
fn look_alike(c: char) -> Option<u8> {
    Some(match c {
        // Cyrillic.
        'А' | 'а' => b'a',
        'В' | 'в' | 'Ь' => b'b',
        'С' | 'с' => b'c',
        'Ԁ' | 'ԁ' => b'd',
        'Е' | 'е' | 'Ё' | 'ё' => b'e',
        'Ԍ' | 'ԍ' => b'g',
        'Н' | 'н' | 'Һ' | 'һ' => b'h',
        'І' | 'і' | 'Ї' | 'ї' | 'Ӏ' | 'ӏ' => b'i',
        'Ј' | 'ј' => b'j',
        'К' | 'к' => b'k',
        'М' | 'м' => b'm',
        'П' | 'п' => b'n',
        'О' | 'о' => b'o',
        'Р' | 'р' => b'p',
        'Ԛ' | 'ԛ' => b'q',
        'Г' | 'г' => b'r',
        'Ѕ' | 'ѕ' => b's',
        'Т' | 'т' => b't',
        'Ц' | 'ц' | 'Џ' | 'џ' => b'u',
        'Ѵ' | 'ѵ' => b'v',
        'Ԝ' | 'ԝ' => b'w',
        'Х' | 'х' => b'x',
        'У' | 'у' | 'Ү' | 'ү' => b'y',
        // Greek.
        'Α' | 'α' => b'a',
        'Β' | 'β' => b'b',
        'Ϲ' | 'ϲ' => b'c',
        'Ε' | 'ε' => b'e',
        'Η' | 'η' => b'h',
        'Ι' | 'ι' | 'ί' | 'ϊ' => b'i',
        'ϳ' => b'j',
        'Κ' | 'κ' => b'k',
        'Μ' => b'm',
        'Ν' => b'n',
        'ν' => b'v',
        'Ο' | 'ο' | 'ό' => b'o',
        'Ρ' | 'ρ' => b'p',
        'Τ' | 'τ' => b't',
        'Υ' | 'υ' => b'y',
        'Χ' | 'χ' => b'x',
        'Ζ' => b'z',
        // Latin letters of other forms: small capitals, dotless, long s,
        // letterlike symbols.
        'ᴀ' | 'ɑ' | '\u{212b}' => b'a',
        'ʙ' | 'ℬ' => b'b',
        'ᴄ' | 'ℂ' => b'c',
        'ᴅ' => b'd',
        'ᴇ' | 'ℯ' | 'ℰ' => b'e',
        'ꜰ' | 'ℱ' => b'f',
        'ɢ' | 'ɡ' | 'ℊ' => b'g',
        'ʜ' | 'ℋ' | 'ℌ' | 'ℍ' | 'ℎ' => b'h',
        'ɪ' | 'ı' | 'ℐ' | 'ℑ' | 'ℹ' | 'ⁱ' => b'i',
        'ᴊ' | 'ȷ' => b'j',
        'ᴋ' | '\u{212a}' => b'k',
        'ʟ' | 'ℓ' | 'ℒ' => b'l',
        'ᴍ' | 'ℳ' => b'm',
        'ɴ' | 'ℕ' | 'ⁿ' => b'n',
        'ᴏ' | 'ℴ' => b'o',
        'ᴘ' | 'ℙ' => b'p',
        'ℚ' => b'q',
        'ʀ' | 'ℛ' | 'ℜ' | 'ℝ' => b'r',
        'ꜱ' | 'ſ' => b's',
        'ᴛ' => b't',
        'ᴜ' => b'u',
        'ᴠ' => b'v',
        'ᴡ' => b'w',
        'ʏ' => b'y',
        'ᴢ' | 'ℤ' => b'z',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_word_is_found_anywhere_however_written() {
        for line in [
            "SIGNON F g pw",
            "  signon F g pw",
            "\u{a0}SIGNON F g pw",
            "\u{3000}SIGNON F g pw",
            "SIG\u{7f}NON F g pw",
            "SIG\u{200b}NON F g pw",
            "ЅIGNON F g pw",
            "ＳＩＧＮＯＮ F g pw",
            "𝐒𝐈𝐆𝐍𝐎𝐍 F g pw",
            "* SIGNON F g pw",
            "- SIGNON F g pw",
            "hello SIGNON F g pw",
            "Sign-on F g pw",
            "SIGNON: F g pw",
            "«SIGNON» F g pw",
            "set   password pw",
            "SetPassword pw",
            "TAKE OVER F g pw",
            "MASTER pw",
            "CONFIRM ADDRESS code",
            "JOIN g pw",
        ] {
            let f = find(line).unwrap_or_else(|| panic!("{line:?}"));
            assert!(
                line[f.end..].contains("pw") || line[f.end..].contains("code"),
                "{line:?}: {f:?}"
            );
            let masked = mask_line(line).unwrap();
            assert!(
                !masked.contains("pw") && !masked.contains("code"),
                "{masked}"
            );
        }
    }

    #[test]
    fn other_words_are_not_password_words() {
        for line in [
            "A par - bur",
            "SET DRAW",
            "signons are fun",
            "joint venture",
            "masterful",
            "F bre - mao",
            "réjoindre",
            "PRESS TO G",
            "CREATE g password_optional=yes",
            "",
        ] {
            assert_eq!(find(line), None, "{line:?}");
        }
        assert!(starts_with_secret_word("> * Signon F g pw"));
        assert!(!starts_with_secret_word("hello SIGNON F g pw"));
    }

    #[test]
    fn masking_a_text_keeps_its_line_breaks() {
        let t = "A par - bur\r\nSIGNON F g pw\rJOIN g pw2\u{2028}x MASTER pw3\nSET DRAW";
        let m = mask_text(t).unwrap();
        assert_eq!(
            m,
            "A par - bur\r\nSIGNON * * **\rJOIN * ***\u{2028}x MASTER ***\nSET DRAW"
        );
        assert_eq!(mask_text("A par - bur\nSET DRAW"), None);
    }
}
