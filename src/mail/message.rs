//! Reading one raw message: who sent it, its Message-ID, the plain text the
//! judge reads, and whether a machine sent it (an auto-reply or a bounce,
//! which is never answered). Nothing here panics on bad input: binary
//! junk, a wrong charset or a message with no headers at all come out as
//! a [`Parsed`] with what could be read.

use mail_parser::{HeaderValue, MessageParser};
use sha2::{Digest, Sha256};

/// What the mail layer needs from one raw message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The From address, lower-cased; empty when there is none.
    pub from: String,
    /// The Message-ID in angle brackets, when the message has one.
    pub message_id: Option<String>,
    /// The subject, with what may be a password masked.
    pub subject: String,
    /// The first text part (HTML-only mail converted to text line by
    /// line, its quote containers marked: see `super::html`).
    pub body: String,
    /// Why this message was written by a machine, if it was.
    pub automatic: Option<String>,
    /// Whether the raw bytes could be read as a message at all.
    pub readable: bool,
}

/// Headers added on the way in; left out of the content hash so that two
/// deliveries of one message without a Message-ID hash alike.
const TRACE_HEADERS: &[&str] = &[
    "received",
    "return-path",
    "delivered-to",
    "x-original-to",
    "x-delivered-to",
];

/// Reads a raw message. Never panics.
pub fn parse(raw: &[u8]) -> Parsed {
    read(MessageParser::default().parse(raw).as_ref())
}

/// [`parse`] for a message mail-parser has read already (`None`: it could
/// not), so that one parse serves every step of handling a mail.
pub(super) fn read(m: Option<&mail_parser::Message<'_>>) -> Parsed {
    let Some(m) = m else {
        return Parsed::default();
    };
    let from = super::address::from_of(m);
    let message_id = m
        .message_id()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| format!("<{}>", s.trim_matches(|c| c == '<' || c == '>')));
    let subject = clean_subject(m.subject().unwrap_or(""));
    let body = body_text(m);
    let automatic = automatic_reason(m, &from);
    Parsed {
        from,
        message_id,
        subject,
        body,
        automatic,
        readable: true,
    }
}

/// The text the judge reads: the first text/plain part, else the first
/// HTML part as text, line by line (see [`super::html`]).
fn body_text(m: &mail_parser::Message<'_>) -> String {
    match m.text_part(0).and_then(part_text) {
        Some(t) => t,
        None => m.body_text(0).map(|b| clean(&b)).unwrap_or_default(),
    }
}

/// The text of one text part as the judge reads it: a plain part's
/// text, an HTML part's as text (see `super::html`), either made
/// [`clean`]. `None` for a part that is not text. The masking of stored
/// mail (`super::mask`) reads every part through this very function.
pub(super) fn part_text(part: &mail_parser::MessagePart<'_>) -> Option<String> {
    use mail_parser::PartType;
    match &part.body {
        PartType::Text(t) => Some(clean(t)),
        PartType::Html(h) => Some(clean(&super::html::to_text(h))),
        _ => None,
    }
}

/// The text as the judge reads it: every line break (`\r\n`, a lone
/// `\r`, U+2028, U+2029, U+0085, VT, FF) a `\n`, every other space (a
/// no-break space, U+2003, U+3000...) a plain space, and control
/// characters out (other than tabs): a message in a wrong charset or
/// with binary inside reaches the judge as text.
pub(super) fn clean(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    clean_chars(s.char_indices(), |c, _| out.push(c));
    out
}

/// [`clean`], one character at a time: `emit` gets each character of the
/// clean text with the origin (`usize`) of the character it came from
/// (for a line break of two characters, the first).
pub(super) fn clean_chars(
    chars: impl Iterator<Item = (usize, char)>,
    mut emit: impl FnMut(char, usize),
) {
    let mut pending_cr: Option<usize> = None;
    for (o, c) in chars {
        if let Some(at) = pending_cr.take() {
            emit('\n', at);
            if c == '\n' {
                continue;
            }
        }
        match c {
            '\r' => pending_cr = Some(o),
            '\n' | '\t' => emit(c, o),
            c if crate::command::secret::is_line_break(c) => emit('\n', o),
            c if c.is_control() => {}
            c if c.is_whitespace() => emit(' ', o),
            c => emit(c, o),
        }
    }
    if let Some(at) = pending_cr {
        emit('\n', at);
    }
}

/// A header's text as the judge reads it: [`clean`], on one line, with
/// what may be a password masked (see `crate::command::secret`).
pub(super) fn clean_subject(s: &str) -> String {
    let one: String = clean(s)
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect();
    crate::command::secret::mask_line(&one).unwrap_or(one)
}

fn header_text(m: &mail_parser::Message<'_>, name: &str) -> Option<String> {
    m.header_raw(name).map(|v| v.trim().to_ascii_lowercase())
}

/// Why a message was sent by a machine (RFC 3834 and common practice), or
/// None for a message a person wrote.
fn automatic_reason(m: &mail_parser::Message<'_>, from: &str) -> Option<String> {
    if let Some(v) = header_text(m, "Auto-Submitted")
        && v.split(';').next().map(str::trim) != Some("no")
    {
        return Some(format!("Auto-Submitted: {v}"));
    }
    if let Some(v) = header_text(m, "Precedence")
        && matches!(v.as_str(), "bulk" | "junk" | "list" | "auto_reply")
    {
        return Some(format!("Precedence: {v}"));
    }
    for h in ["X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"] {
        if m.header_raw(h).is_some() {
            return Some(format!("{h} header"));
        }
    }
    if m.header_raw("Return-Path").is_some() {
        let empty = match m.return_path() {
            HeaderValue::Text(t) => t.trim().trim_matches(|c| c == '<' || c == '>').is_empty(),
            HeaderValue::Address(a) => a
                .first()
                .and_then(|a| a.address())
                .is_none_or(str::is_empty),
            HeaderValue::TextList(l) => l
                .last()
                .is_none_or(|t| t.trim().trim_matches(|c| c == '<' || c == '>').is_empty()),
            _ => true,
        };
        if empty {
            return Some("empty Return-Path (a bounce)".into());
        }
    }
    let local = from.split('@').next().unwrap_or("");
    if matches!(local, "mailer-daemon" | "postmaster") {
        return Some(format!("sent by {local}"));
    }
    if let Some(ct) = header_text(m, "Content-Type")
        && ct.starts_with("multipart/report")
    {
        return Some("a delivery or read report (multipart/report)".into());
    }
    None
}

/// The key that makes two copies of one message the same row: the
/// Message-ID when there is one, else a hash of the message without the
/// headers that differ between deliveries.
pub(super) fn dedup_key(raw: &[u8], message_id: Option<&str>) -> String {
    if let Some(id) = message_id {
        return format!("mid:{id}");
    }
    let mut h = Sha256::new();
    let (head, body) = split_head(raw);
    let mut skipping = false;
    for line in head.split_inclusive(|&b| b == b'\n') {
        let continuation = line.first().is_some_and(|&b| b == b' ' || b == b'\t');
        if !continuation {
            let name = line
                .split(|&b| b == b':')
                .next()
                .map(|n| String::from_utf8_lossy(n).trim().to_ascii_lowercase())
                .unwrap_or_default();
            skipping = TRACE_HEADERS.contains(&name.as_str());
        }
        if !skipping {
            h.update(line);
        }
    }
    h.update(body);
    let d = h.finalize();
    let mut s = String::from("sha256:");
    for b in d {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// The header block and the body (after the first empty line).
fn split_head(raw: &[u8]) -> (&[u8], &[u8]) {
    for (i, w) in raw.windows(2).enumerate() {
        if w == b"\n\n" {
            return (&raw[..i + 1], &raw[i + 2..]);
        }
        if i + 4 <= raw.len() && &raw[i..i + 4] == b"\r\n\r\n" {
            return (&raw[..i + 2], &raw[i + 4..]);
        }
    }
    (raw, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(headers: &str, body: &str) -> Vec<u8> {
        format!("{headers}\r\n\r\n{body}").into_bytes()
    }

    #[test]
    fn a_plain_message_reads() {
        let p = parse(&msg(
            "From: Alice <Alice@Example.ORG>\r\nTo: judge@example.org\r\nSubject: orders\r\nMessage-ID: <abc@x>",
            "signon france pw\r\nA PAR-BUR\r\n",
        ));
        assert_eq!(p.from, "alice@example.org");
        assert_eq!(p.message_id.as_deref(), Some("<abc@x>"));
        assert_eq!(p.subject, "orders");
        assert!(p.body.contains("A PAR-BUR"), "{:?}", p.body);
        assert_eq!(p.automatic, None);
    }

    #[test]
    fn html_only_mail_becomes_text_and_attachments_are_skipped() {
        let raw = msg(
            "From: a@x.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=BB",
            "--BB\r\nContent-Type: text/html\r\n\r\n<p>A <b>PAR</b>-BUR</p>\r\n--BB\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=x.bin\r\n\r\nXXXXATTACH\r\n--BB--\r\n",
        );
        let p = parse(&raw);
        assert!(
            p.body.contains("PAR") && p.body.contains("BUR"),
            "{:?}",
            p.body
        );
        assert!(!p.body.contains("<b>") && !p.body.contains("XXXXATTACH"));
    }

    #[test]
    fn machines_are_recognised() {
        let cases = [
            "Auto-Submitted: auto-replied",
            "Precedence: bulk",
            "Precedence: junk",
            "Precedence: list",
            "X-Autoreply: yes",
            "X-Autorespond: on",
            "Return-Path: <>",
            "Content-Type: multipart/report; report-type=delivery-status; boundary=z",
        ];
        for h in cases {
            let p = parse(&msg(&format!("From: a@x.org\r\nSubject: s\r\n{h}"), "hi"));
            assert!(p.automatic.is_some(), "{h}");
        }
        for f in ["MAILER-DAEMON@x.org", "postmaster@x.org"] {
            let p = parse(&msg(&format!("From: {f}\r\nSubject: s"), "hi"));
            assert!(p.automatic.is_some(), "{f}");
        }
        let p = parse(&msg(
            "From: a@x.org\r\nAuto-Submitted: no\r\nReturn-Path: <a@x.org>",
            "hi",
        ));
        assert_eq!(p.automatic, None);
    }

    #[test]
    fn garbage_never_panics() {
        let mut seed = 7u64;
        for n in 0..300 {
            let mut v = Vec::new();
            for _ in 0..(n * 7 % 900) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                v.push((seed >> 33) as u8);
            }
            let _ = parse(&v);
            let _ = dedup_key(&v, None);
        }
        let p = parse(b"");
        assert!(p.from.is_empty());
        let latin1 = b"From: b@x.org\r\nSubject: caf\xe9\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nd\xe9j\xe0 \x00\x01vu\r\n";
        let p = parse(latin1);
        assert_eq!(p.from, "b@x.org");
        assert!(!p.body.contains('\0'));
    }

    #[test]
    fn redeliveries_hash_alike() {
        let a = b"Received: from x by y; Mon, 1 Jan 2024\r\nReturn-Path: <a@x.org>\r\nFrom: a@x.org\r\nSubject: s\r\n\r\nbody\r\n";
        let b = b"Delivered-To: judge@example.org\r\nReceived: from z by y;\r\n  Tue, 2 Jan 2024\r\nFrom: a@x.org\r\nSubject: s\r\n\r\nbody\r\n";
        let c = b"From: a@x.org\r\nSubject: t\r\n\r\nbody\r\n";
        assert_eq!(dedup_key(a, None), dedup_key(b, None));
        assert_ne!(dedup_key(a, None), dedup_key(c, None));
        assert_eq!(dedup_key(a, Some("<m@x>")), "mid:<m@x>");
    }
}
