//! The characters a reader's terminal or page must not get raw, and the
//! text with them written as visible escapes: what `dipspy` prints and
//! what the judge's web pages show of a text a sender wrote (a name, a
//! message id, a secret log's words).

use std::borrow::Cow;

/// Whether a terminal or a page must not get `c` raw: C0 controls but
/// the line feed and the tab, DEL, C1 controls, and the bidirectional
/// formatting characters (marks, embeddings, overrides, isolates).
pub fn unsafe_char(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}'
        | '\u{b}'..='\u{1f}'
        | '\u{7f}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}')
}

/// `text` with every [`unsafe_char`] written as a visible escape,
/// `\u{1b}`.
pub fn escape_unsafe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
