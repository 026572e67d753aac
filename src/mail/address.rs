//! Addresses as RFC 5322 writes them: the sender read from a `From:`
//! header, and the recipient written into the judge's mail.
//!
//! A local part may be quoted: `"france"@ex.org` is the address
//! france@ex.org (the quotes are not needed, so they go), while
//! `"a b"@ex.org` needs them and keeps them, so the reply goes back to
//! exactly that mailbox. Comments (`(...)`), display names, angle
//! brackets, groups and folded lines are read the RFC's way.

use lettre::message::Mailbox;

/// The From address of a message as the judge keeps it (lower case,
/// quotes only where needed); empty when there is none. The header is
/// read here; mail-parser's reading is the fallback for what this does
/// not understand.
pub(crate) fn from_of(m: &mail_parser::Message<'_>) -> String {
    if let Some(a) = m.header_raw("From").and_then(first_addr_spec) {
        return a;
    }
    m.from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_lowercase())
        .unwrap_or_default()
}

/// One piece of a header, comments and white space left out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// An atom, or a domain literal (`[192.0.2.1]`) kept whole.
    Atom(String),
    /// A quoted string's content, its quoted pairs undone.
    Quoted(String),
    /// One of `@ . < > : ; ,`.
    Special(char),
}

/// Splits a header's text into tokens, or `None` when a quote, a comment
/// or a domain literal is left open.
fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '(' => {
                let mut depth = 1;
                while depth > 0 {
                    match chars.next()? {
                        '\\' => {
                            chars.next()?;
                        }
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                }
            }
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next()? {
                        '\\' => s.push(chars.next()?),
                        '"' => break,
                        '\r' | '\n' => {}
                        c => s.push(c),
                    }
                }
                out.push(Token::Quoted(s));
            }
            '[' => {
                let mut s = String::from("[");
                loop {
                    let c = chars.next()?;
                    s.push(c);
                    if c == ']' {
                        break;
                    }
                }
                out.push(Token::Atom(s));
            }
            '@' | '.' | '<' | '>' | ':' | ';' | ',' => out.push(Token::Special(c)),
            c => {
                let mut s = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "()\"[@.<>:;,\\".contains(n) {
                        break;
                    }
                    s.push(n);
                    chars.next();
                }
                out.push(Token::Atom(s));
            }
        }
    }
    Some(out)
}

/// The first mailbox's address in a `From:`-like header (`a@b`,
/// `Name <a@b>`, `"a b"@c`, `group: a@b;`), lower-cased, its local part
/// quoted only when it must be; `None` when there is none to read.
pub(crate) fn first_addr_spec(header: &str) -> Option<String> {
    let toks = tokens(header)?;
    // A group's name ends at its colon (one before any angle bracket or
    // at-sign); its first member is the mailbox.
    let start = match toks.iter().position(|t| {
        matches!(
            t,
            Token::Special(':') | Token::Special('<') | Token::Special('@')
        )
    }) {
        Some(i) if toks[i] == Token::Special(':') => i + 1,
        _ => 0,
    };
    let rest = &toks[start..];
    let end = rest
        .iter()
        .position(|t| matches!(t, Token::Special(',') | Token::Special(';')))
        .unwrap_or(rest.len());
    let mailbox = &rest[..end];
    let spec = match mailbox.iter().position(|t| *t == Token::Special('<')) {
        Some(open) => {
            let inner = &mailbox[open + 1..];
            let close = inner.iter().position(|t| *t == Token::Special('>'))?;
            let inner = &inner[..close];
            // An obsolete route (`<@relay:a@b>`) goes.
            match inner.iter().rposition(|t| *t == Token::Special(':')) {
                Some(i) => &inner[i + 1..],
                None => inner,
            }
        }
        None => mailbox,
    };
    addr_spec(spec)
}

/// An addr-spec's tokens written out as the judge keeps it.
fn addr_spec(toks: &[Token]) -> Option<String> {
    let at = toks.iter().rposition(|t| *t == Token::Special('@'))?;
    let (local, domain) = (&toks[..at], &toks[at + 1..]);
    // word *("." word): a dot between two words, nowhere else.
    let mut value = String::new();
    for (i, t) in local.iter().enumerate() {
        let word = matches!(t, Token::Atom(_) | Token::Quoted(_));
        if word != (i % 2 == 0) {
            return None;
        }
        match t {
            Token::Atom(a) | Token::Quoted(a) => value.push_str(a),
            Token::Special('.') => value.push('.'),
            Token::Special(_) => return None,
        }
    }
    if local.len() % 2 == 0 {
        return None;
    }
    let mut dom = String::new();
    for t in domain {
        match t {
            Token::Atom(a) => dom.push_str(a),
            Token::Special('.') => dom.push('.'),
            _ => return None,
        }
    }
    if value.is_empty() || dom.is_empty() {
        return None;
    }
    let local = if is_dot_atom(&value) {
        value
    } else {
        quote(&value)
    };
    Some(format!("{local}@{dom}").to_lowercase())
}

/// Whether `s` may stand unquoted as a local part: atoms joined by single
/// dots (RFC 5322 `dot-atom-text`; non-ASCII letters as RFC 6532 allows).
fn is_dot_atom(s: &str) -> bool {
    let atext =
        |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || !c.is_ascii();
    !s.is_empty()
        && s.split('.')
            .all(|part| !part.is_empty() && part.chars().all(atext))
}

/// `s` as a quoted string, with `"` and `\` escaped.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The mailbox the judge writes to for an address it keeps (`a@b`, or
/// `"a b"@c` with its quotes), or why it cannot be written.
pub(crate) fn mailbox(addr: &str) -> Result<Mailbox, String> {
    let a: lettre::Address = addr.trim().parse().map_err(|e| format!("{e}"))?;
    Ok(Mailbox::new(None, a))
}

/// Whether the judge can write to `addr` at all.
pub(crate) fn addressable(addr: &str) -> bool {
    mailbox(addr).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_local_parts_are_read_the_rfc_way() {
        let read = |h: &str| first_addr_spec(h);
        assert_eq!(read("\"france\"@ex.org").as_deref(), Some("france@ex.org"));
        assert_eq!(read("\"a b\"@ex.org").as_deref(), Some("\"a b\"@ex.org"));
        assert_eq!(
            read("France <\"France\"@Ex.ORG>").as_deref(),
            Some("france@ex.org")
        );
        assert_eq!(
            read("\"Paris, France\" <p@ex.org>, other@ex.org").as_deref(),
            Some("p@ex.org")
        );
        assert_eq!(
            read("anne (the player) @ ex . org").as_deref(),
            Some("anne@ex.org")
        );
        assert_eq!(
            read("\"a\\\"b\"@ex.org").as_deref(),
            Some("\"a\\\"b\"@ex.org")
        );
        assert_eq!(
            read("players: a@ex.org, b@ex.org;").as_deref(),
            Some("a@ex.org")
        );
        assert_eq!(read("<@relay.org:a@ex.org>").as_deref(), Some("a@ex.org"));
        assert_eq!(read("a.\"b\"@ex.org").as_deref(), Some("a.b@ex.org"));
        assert_eq!(read("\"unclosed@ex.org"), None);
        assert_eq!(read("a..b@ex.org"), None);
        assert_eq!(read(".a@ex.org"), None);
        assert_eq!(read("@ex.org"), None);
        assert_eq!(read("nobody"), None);
    }

    #[test]
    fn a_quoted_address_is_written_with_its_quotes_and_a_bad_one_not_at_all() {
        let m = mailbox("\"a b\"@ex.org").unwrap();
        assert_eq!(m.to_string(), "\"a b\"@ex.org");
        assert_eq!(
            mailbox("france@ex.org").unwrap().to_string(),
            "france@ex.org"
        );
        assert!(!addressable("@ex.org"));
        assert!(!addressable("a..b@ex.org"));
        assert!(addressable("\"a..b\"@ex.org"));
    }
}
