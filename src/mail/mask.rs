//! Passwords are not kept in clear: the raw copy of a mail kept in the
//! inbox has every line that may carry a password (SIGNON, JOIN, MASTER,
//! SET PASSWORD, ... see `mask_words.toml`) masked from its command word
//! to the end of the line, in every text part (plain and HTML), nested
//! messages included. A part sent as base64 or quoted-printable is
//! decoded, masked and encoded again the same way, so the stored mail
//! stays a well-formed message whose headers are untouched.

use mail_parser::{Encoding, MessageParser, PartType};
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Deserialize)]
struct Words {
    words: Vec<String>,
}

/// The command words, as lists of lower-case words.
fn words() -> &'static [Vec<Vec<u8>>] {
    static W: OnceLock<Vec<Vec<Vec<u8>>>> = OnceLock::new();
    W.get_or_init(|| {
        let w: Words =
            toml::from_str(include_str!("mask_words.toml")).expect("mask_words.toml is valid");
        w.words
            .iter()
            .map(|p| {
                p.split_whitespace()
                    .map(|x| x.as_bytes().to_vec())
                    .collect()
            })
            .collect()
    })
}

/// The raw message with its password lines masked, or `None` when
/// nothing needed masking.
pub fn mask_raw(raw: &[u8]) -> Option<Vec<u8>> {
    mask_message(raw, 0)
}

/// [`mask_raw`] for a message mail-parser has read already: `msg` must be
/// `raw` parsed (its part offsets point into `raw`).
pub fn mask_parsed(raw: &[u8], msg: &mail_parser::Message<'_>) -> Option<Vec<u8>> {
    mask_parts(raw, msg, 0)
}

fn mask_message(raw: &[u8], depth: usize) -> Option<Vec<u8>> {
    if depth > 8 {
        return None;
    }
    let msg = MessageParser::default().parse(raw)?;
    mask_parts(raw, &msg, depth)
}

fn mask_parts(raw: &[u8], msg: &mail_parser::Message<'_>, depth: usize) -> Option<Vec<u8>> {
    // (start, end, replacement) of each part body that changed.
    let mut edits: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    for part in &msg.parts {
        let (start, end) = (part.offset_body as usize, part.offset_end as usize);
        if start > end || end > raw.len() {
            continue;
        }
        let html = match &part.body {
            PartType::Text(_) => false,
            PartType::Html(_) => true,
            PartType::Message(_) => {
                let body = decode(&raw[start..end], part.encoding);
                if let Some(m) = mask_message(&body, depth + 1) {
                    edits.push((start, end, encode(&m, part.encoding)));
                }
                continue;
            }
            _ => continue,
        };
        let body = decode(&raw[start..end], part.encoding);
        if let Some(masked) = mask_text(&body, html) {
            edits.push((start, end, encode(&masked, part.encoding)));
        }
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| e.0);
    let mut out = Vec::with_capacity(raw.len());
    let mut at = 0;
    for (s, e, rep) in edits {
        if s < at {
            continue;
        }
        out.extend_from_slice(&raw[at..s]);
        out.extend_from_slice(&rep);
        at = e;
    }
    out.extend_from_slice(&raw[at..]);
    Some(out)
}

fn decode(body: &[u8], enc: Encoding) -> Vec<u8> {
    use base64::Engine;
    match enc {
        Encoding::None => body.to_vec(),
        Encoding::QuotedPrintable => {
            quoted_printable::decode(body, quoted_printable::ParseMode::Robust)
                .unwrap_or_else(|_| body.to_vec())
        }
        Encoding::Base64 => {
            let clean: Vec<u8> = body
                .iter()
                .copied()
                .filter(|b| !b.is_ascii_whitespace())
                .collect();
            base64::engine::general_purpose::STANDARD
                .decode(&clean)
                .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(&clean))
                .unwrap_or_else(|_| body.to_vec())
        }
    }
}

fn encode(body: &[u8], enc: Encoding) -> Vec<u8> {
    use base64::Engine;
    match enc {
        Encoding::None => body.to_vec(),
        Encoding::QuotedPrintable => {
            let mut v = quoted_printable::encode(body);
            v.extend_from_slice(b"\r\n");
            v
        }
        Encoding::Base64 => {
            let s = base64::engine::general_purpose::STANDARD.encode(body);
            let mut v = Vec::with_capacity(s.len() + s.len() / 76 * 2 + 2);
            for chunk in s.as_bytes().chunks(76) {
                v.extend_from_slice(chunk);
                v.extend_from_slice(b"\r\n");
            }
            v
        }
    }
}

/// Masks the password lines of a decoded text (in its own charset: the
/// command words are ASCII). In HTML, masking stops at the next tag.
pub fn mask_text(text: &[u8], html: bool) -> Option<Vec<u8>> {
    let mut out = text.to_vec();
    let mut changed = false;
    let mut i = 0;
    let mut line_start = true;
    while i < out.len() {
        let b = out[i];
        if b == b'\n' || b == b'\r' {
            line_start = true;
            i += 1;
            continue;
        }
        if line_start && (b == b' ' || b == b'\t' || b == b'>' || b == b'|') {
            i += 1;
            continue;
        }
        if html && b == b'<' {
            // A tag may start a block: what follows it counts as the
            // start of a line.
            match out[i..].iter().position(|&c| c == b'>') {
                Some(n) => {
                    i += n + 1;
                    line_start = true;
                    continue;
                }
                None => break,
            }
        }
        if html && line_start {
            // The entities of quoting and spacing.
            let rest = &out[i..];
            if let Some(n) = ["&gt;", "&nbsp;", "&#160;"]
                .iter()
                .find(|e| starts_with_ci(rest, e.as_bytes()))
                .map(|e| e.len())
            {
                i += n;
                continue;
            }
        }
        if line_start && let Some(n) = keyword_at(&out[i..], html) {
            let mut j = i + n;
            while j < out.len() && out[j] != b'\n' && out[j] != b'\r' {
                if html && out[j] == b'<' {
                    break;
                }
                if html && out[j] == b'&' {
                    // An entity stands for one character: masked whole.
                    if let Some(k) = out[j..].iter().take(10).position(|&c| c == b';') {
                        for c in &mut out[j..=j + k] {
                            *c = b'*';
                        }
                        j += k + 1;
                        changed = true;
                        continue;
                    }
                }
                if !out[j].is_ascii_whitespace() {
                    out[j] = b'*';
                    changed = true;
                }
                j += 1;
            }
            i = j;
            line_start = false;
            continue;
        }
        line_start = false;
        i += 1;
    }
    changed.then_some(out)
}

fn starts_with_ci(s: &[u8], p: &[u8]) -> bool {
    s.len() >= p.len() && s[..p.len()].eq_ignore_ascii_case(p)
}

/// The length of a command word at the start of `s` (followed by a word
/// boundary), if one is there.
fn keyword_at(s: &[u8], html: bool) -> Option<usize> {
    'phrase: for phrase in words() {
        let mut at = 0;
        for (k, w) in phrase.iter().enumerate() {
            if k > 0 {
                let start = at;
                loop {
                    if at < s.len() && (s[at] == b' ' || s[at] == b'\t') {
                        at += 1;
                    } else if html && starts_with_ci(&s[at..], b"&nbsp;") {
                        at += 6;
                    } else {
                        break;
                    }
                }
                if at == start {
                    continue 'phrase;
                }
            }
            if !starts_with_ci(&s[at..], w) {
                continue 'phrase;
            }
            at += w.len();
        }
        if at < s.len() && (s[at].is_ascii_alphanumeric() || s[at] == b'_') {
            continue;
        }
        return Some(at);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &[u8]) -> String {
        let m = MessageParser::default().parse(raw).unwrap();
        let mut s = String::new();
        for i in 0..4 {
            if let Some(t) = m.body_text(i) {
                s.push_str(&t);
            }
            if let Some(t) = m.body_html(i) {
                s.push_str(&t);
            }
        }
        s
    }

    #[test]
    fn plain_lines_are_masked_from_the_command_word() {
        let t = b"Hello\nSIGNON F game hunter2\n> sign on Fgame hunter3\nA PAR-BUR\nset password  new-pw\nI will JOIN you\nSET DRAW\n";
        let m = String::from_utf8(mask_text(t, false).unwrap()).unwrap();
        assert!(!m.contains("hunter2") && !m.contains("hunter3") && !m.contains("new-pw"));
        assert!(m.contains("SIGNON * **** *******\n"), "{m}");
        assert!(
            m.contains("A PAR-BUR\n") && m.contains("I will JOIN you") && m.contains("SET DRAW")
        );
        assert_eq!(mask_text(b"SIGNONS are fun\nSET DRAW\n", false), None);
    }

    #[test]
    fn html_is_masked_up_to_the_next_tag() {
        let t = b"<div>MASTER&nbsp;s3cret</div><div>SIGNON F g pw&amp;x</div><p>A PAR-BUR</p>";
        let m = String::from_utf8(mask_text(t, true).unwrap()).unwrap();
        assert!(!m.contains("s3cret") && !m.contains("pw&amp;x"), "{m}");
        assert!(m.contains("<p>A PAR-BUR</p>"), "{m}");
    }

    #[test]
    fn every_part_is_masked_whatever_its_encoding() {
        use base64::Engine;
        let b64 = base64::engine::general_purpose::STANDARD
            .encode("SIGNON F g b64secret\r\nA PAR-BUR\r\n");
        let raw = format!(
            "From: a@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n\
             Content-Type: multipart/mixed; boundary=\"B\"\r\n\r\n\
             --B\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
             JOIN F g qp=\r\nsecret\r\nF: A MAR-SPA\r\n\
             --B\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64}\r\n\
             --B\r\nContent-Type: message/rfc822\r\n\r\n\
             From: b@example.org\r\nSubject: fwd\r\n\r\nMASTER nestedsecret\r\n\
             --B--\r\n"
        );
        let masked = mask_raw(raw.as_bytes()).unwrap();
        let s = String::from_utf8_lossy(&masked);
        assert!(s.starts_with("From: a@example.org\r\nSubject: x\r\n"));
        let all = text(&masked);
        for secret in ["qpsecret", "b64secret", "nestedsecret"] {
            assert!(
                !s.contains(secret) && !all.contains(secret),
                "{secret} in {s}"
            );
        }
        // The rest is still readable, decoded.
        assert!(all.contains("F: A MAR-SPA"), "{all}");
        assert!(all.contains("A PAR-BUR"), "{all}");
        let full = String::from_utf8_lossy(&masked);
        assert!(full.contains("MASTER ************"), "{full}");
        assert_eq!(mask_raw(b"From: a@b.c\r\n\r\nA PAR-BUR\r\n"), None);
    }
}
