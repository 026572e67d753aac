//! Passwords are not kept in clear: the raw copy of a mail kept in the
//! inbox is masked where a password may stand, as the judge reads the
//! mail. Every text part (plain and HTML, nested messages included) is
//! read as the judge reads it (`message::part_text`: transfer encoding,
//! charset, HTML as text, spaces and controls); wherever a line of it may
//! hold a password (see `crate::command::secret`: a word of
//! `mask_words.toml` anywhere in the line, look-alike letters and other
//! forms folded), everything after that word on its line is masked, and
//! so are the subjects (`Subject`, `Thread-Topic`) of the mail and of its
//! parts. After a line that leaves its password out (`SIGNON france
//! mygame`, `MASTER`: see `crate::command::secret_next`), the next line
//! that is not blank is masked whole, in text and HTML parts alike.
//!
//! A part whose bytes can be masked where they stand keeps its headers
//! and encoding (see `super::mask_part`); any other is stored as its
//! masked text, `text/plain` in UTF-8, with a header saying so. The rest
//! of the mail is kept byte for byte.

use super::mask_part::{self, Fix};
use crate::command::secret;
use mail_parser::parsers::MessageStream;
use mail_parser::{HeaderName, HeaderValue, MessageParser, MessagePart, MimeHeaders, PartType};

#[cfg(test)]
#[path = "../../tests/it/support/maskdecode.rs"]
mod maskdecode;

/// The header added to a part stored as its masked text.
pub(super) const MASKED_HEADER: &str = "X-Dipspy-Masked";

/// The raw message with what may be a password masked, or `None` when
/// nothing needed masking.
pub fn mask_raw(raw: &[u8]) -> Option<Vec<u8>> {
    mask_message(raw, 0)
}

/// [`mask_raw`] for a message mail-parser has read already: `msg` must be
/// `raw` parsed (its part offsets point into `raw`).
pub fn mask_parsed(raw: &[u8], msg: &mail_parser::Message<'_>) -> Option<Vec<u8>> {
    mask_parts(raw, msg, 0)
}

/// Masks again, with today's rule, every stored mail done with (not
/// `new`: a new one is still to be read) and its stored subject: for a
/// database written by an older dipspy, whose masking missed some forms.
/// Gives how many rows changed.
pub(super) fn mask_stored(c: &crate::store::Tx<'_>) -> crate::store::DbResult<usize> {
    let mut changed = 0;
    for id in c.done_inbox_ids()? {
        let mut did = false;
        if let Some(raw) = c.inbox_raw(id)?
            && let Some(m) = mask_raw(&raw)
        {
            c.set_inbox_raw(id, &m)?;
            did = true;
        }
        if let Some(subject) = c.inbox_subject(id)?
            && let Some(m) = secret::mask_line(&subject)
            && m != subject
        {
            c.set_inbox_subject(id, &m)?;
            did = true;
        }
        changed += usize::from(did);
    }
    Ok(changed)
}

/// `mask_stored` on the backup copy at `path`, in one transaction.
pub fn mask_backup(path: &std::path::Path) -> crate::store::DbResult<usize> {
    crate::store::change_copy(path, mask_stored)
}

/// How deep nested messages are read and masked. The judge reads none
/// deeper, and keeps none deeper either: such a message's body is stored
/// empty, since what it holds cannot be read at a bounded cost.
const MAX_DEPTH: usize = 8;

/// Whether a part is a message (`message/rfc822`, `message/global`).
fn is_message(part: &MessagePart<'_>) -> bool {
    part.content_type()
        .is_some_and(|c| c.ctype().eq_ignore_ascii_case("message"))
}

fn mask_message(raw: &[u8], depth: usize) -> Option<Vec<u8>> {
    if depth > MAX_DEPTH {
        return None;
    }
    let msg = MessageParser::default().parse(raw)?;
    mask_parts(raw, &msg, depth)
}

/// One change to the raw message: bytes `start..end` become `with`.
struct Edit {
    start: usize,
    end: usize,
    with: Vec<u8>,
}

fn mask_parts(raw: &[u8], msg: &mail_parser::Message<'_>, depth: usize) -> Option<Vec<u8>> {
    let mut edits: Vec<Edit> = Vec::new();
    collect_edits(raw, msg, depth, &mut edits);
    apply(raw, edits)
}

/// Whether mail-parser read the nested message `m` from the very bytes
/// of its parent, `raw` (a message written as it is inside a multipart
/// or as a whole body): its parts' offsets then point into `raw`, not
/// into bytes of its own (a message in base64 or quoted-printable).
fn read_in_place(raw: &[u8], m: &mail_parser::Message<'_>) -> bool {
    let own: &[u8] = &m.raw_message;
    own.len() == raw.len() && (std::ptr::eq(own.as_ptr(), raw.as_ptr()) || own == raw)
}

/// The changes that mask the parts of `msg` (read from `raw`) and of the
/// messages nested in it, as edits of `raw`.
fn collect_edits(raw: &[u8], msg: &mail_parser::Message<'_>, depth: usize, edits: &mut Vec<Edit>) {
    for part in &msg.parts {
        let (head, start, end) = (
            part.offset_header as usize,
            part.offset_body as usize,
            part.offset_end as usize,
        );
        if head > start || start > end || end > raw.len() {
            continue;
        }
        let fix = match &part.body {
            // A nested message mail-parser has read already is masked from
            // that reading, not read again, so that a deep nesting costs
            // one reading. Read in place, its parts are masked where they
            // stand in `raw`.
            PartType::Message(m) if depth < MAX_DEPTH && read_in_place(raw, m) => {
                collect_edits(raw, m, depth + 1, edits);
                None
            }
            // Read from its own decoded bytes: masked there, and encoded
            // again.
            PartType::Message(m) if depth < MAX_DEPTH => mask_parts(&m.raw_message, m, depth + 1)
                .map(|m| Fix::Body(mask_part::transfer_encode(&m, part.encoding))),
            // Deeper than the judge reads: not kept.
            PartType::Message(_) => Some(Fix::Body(Vec::new())),
            PartType::Binary(_) | PartType::InlineBinary(_)
                if is_message(part) && depth >= MAX_DEPTH =>
            {
                Some(Fix::Body(Vec::new()))
            }
            // One mail-parser left unread (nested past its own depth).
            PartType::Binary(_) | PartType::InlineBinary(_) if is_message(part) => {
                let body = mask_part::transfer_decode(&raw[start..end], part.encoding)
                    .unwrap_or_else(|| mask_part::lenient_base64(&raw[start..end]));
                mask_message(&body, depth + 1)
                    .map(|m| Fix::Body(mask_part::transfer_encode(&m, part.encoding)))
            }
            PartType::Text(_) | PartType::Html(_) => mask_part::mask_part(raw, part),
            PartType::Multipart(_) => {
                edits.extend(unread_edges(raw, msg, part));
                None
            }
            _ => None,
        };
        match fix {
            Some(Fix::Text(text)) => edits.push(Edit {
                start: head,
                end,
                with: as_text(raw, part, &text),
            }),
            other => {
                if let Some(h) = masked_headers(raw, part) {
                    edits.push(Edit {
                        start: head,
                        end: start,
                        with: h,
                    });
                }
                if let Some(Fix::Body(b)) = other {
                    edits.push(Edit {
                        start,
                        end,
                        with: b,
                    });
                }
            }
        }
    }
}

/// A multipart's preamble and epilogue (the text before its first
/// boundary and after its last, RFC 2046), which no mail program shows and
/// the judge never reads: masked as a text part is when one of their lines
/// may hold a password, and dropped when they are not text to mask. Only
/// the bytes outside the multipart's parts are looked at, so a deep
/// nesting costs one pass over the mail.
fn unread_edges(raw: &[u8], msg: &mail_parser::Message<'_>, part: &MessagePart<'_>) -> Vec<Edit> {
    let PartType::Multipart(children) = &part.body else {
        return Vec::new();
    };
    let child = |i: Option<&u32>| i.and_then(|&i| msg.parts.get(i as usize));
    let (Some(first), Some(last)) = (child(children.first()), child(children.last())) else {
        return Vec::new();
    };
    let Some(boundary) = part.content_type().and_then(|c| c.attribute("boundary")) else {
        return Vec::new();
    };
    let delimiter = format!("--{boundary}").into_bytes();
    let (start, end) = (part.offset_body as usize, part.offset_end as usize);
    let (head, tail) = (first.offset_header as usize, last.offset_end as usize);
    let mut out = Vec::new();
    // The preamble: before the first delimiter that starts a line.
    if let Some(region) = raw.get(start..head)
        && let Some(at) = line_start_of(region, &delimiter)
    {
        out.extend(masked_unread(raw, start, start + at));
    }
    // The epilogue: from the line after the closing delimiter.
    if let Some(region) = raw.get(tail..end)
        && let Some(at) = line_start_of(region, &delimiter)
    {
        let after = region[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(region.len(), |n| at + n + 1);
        out.extend(masked_unread(raw, tail + after, end));
    }
    out
}

/// Where `needle` first stands at the start of a line of `hay`.
fn line_start_of(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .enumerate()
        .find(|&(i, w)| w == needle && (i == 0 || hay[i - 1] == b'\n'))
        .map(|(i, _)| i)
}

/// The edit that masks the unread bytes `a..b` of `raw`, if they need one.
fn masked_unread(raw: &[u8], a: usize, b: usize) -> Option<Edit> {
    let bytes = raw.get(a..b).filter(|x| !x.is_empty())?;
    let with = match std::str::from_utf8(bytes) {
        Ok(text) => secret::mask_text(text)?.into_bytes(),
        Err(_) if secret::any_line_holds(&String::from_utf8_lossy(bytes)) => Vec::new(),
        Err(_) => return None,
    };
    Some(Edit {
        start: a,
        end: b,
        with,
    })
}

/// `raw` with `edits` made, or `None` when that changes nothing.
fn apply(raw: &[u8], mut edits: Vec<Edit>) -> Option<Vec<u8>> {
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = Vec::with_capacity(raw.len());
    let mut at = 0;
    for e in edits {
        if e.start < at {
            continue;
        }
        out.extend_from_slice(&raw[at..e.start]);
        out.extend_from_slice(&e.with);
        at = e.end;
    }
    out.extend_from_slice(&raw[at..]);
    (out != raw).then_some(out)
}

/// Whether a header is one of those that hold a subject.
fn subject_like(name: &HeaderName<'_>) -> bool {
    match name {
        HeaderName::Subject => true,
        HeaderName::Other(n) => n.eq_ignore_ascii_case("thread-topic"),
        _ => false,
    }
}

/// A subject header's text, masked, when it holds a password word.
fn masked_subject(raw: &[u8], h: &mail_parser::Header<'_>) -> Option<String> {
    if !subject_like(&h.name) {
        return None;
    }
    let text = match (&h.name, &h.value) {
        (HeaderName::Subject, HeaderValue::Text(t)) => t.to_string(),
        // Other headers are kept raw by mail-parser: their encoded words
        // are read here.
        _ => {
            let (s, e) = (h.offset_start as usize, h.offset_end as usize);
            match raw
                .get(s..e)
                .map(|v| MessageStream::new(v).parse_unstructured())
            {
                Some(HeaderValue::Text(t)) => t.into_owned(),
                _ => return None,
            }
        }
    };
    if !secret::any_line_holds(&text) {
        return None;
    }
    Some(super::message::clean_subject(&text))
}

/// A header field of the subject `text` (without its line ending): as it
/// is when it is ASCII, else as an encoded word.
fn subject_field(name: &str, text: &str) -> Vec<u8> {
    if text.is_ascii() {
        return format!("{name}: {text}").into_bytes();
    }
    use base64::Engine;
    let b = base64::engine::general_purpose::STANDARD.encode(text);
    format!("{name}: =?utf-8?b?{b}?=").into_bytes()
}

/// The name of a header field as written.
fn field_name<'a>(raw: &'a [u8], h: &mail_parser::Header<'_>) -> &'a str {
    let s = &raw[h.offset_field as usize..h.offset_start as usize];
    std::str::from_utf8(s)
        .unwrap_or("Subject")
        .trim()
        .trim_end_matches(':')
        .trim()
}

/// The part's header block with its subjects masked, or `None` when none
/// needed it.
fn masked_headers(raw: &[u8], part: &MessagePart<'_>) -> Option<Vec<u8>> {
    if !part
        .headers
        .iter()
        .any(|h| masked_subject(raw, h).is_some())
    {
        return None;
    }
    Some(header_block(raw, part, false))
}

/// The part's header block again: every field as written, but subjects
/// masked, and with `new_content` the content fields left out (the
/// caller adds its own). Ends with the empty line.
fn header_block(raw: &[u8], part: &MessagePart<'_>, new_content: bool) -> Vec<u8> {
    let (head, body) = (part.offset_header as usize, part.offset_body as usize);
    let mut out = Vec::with_capacity(body - head + 64);
    let mut at = head;
    for h in &part.headers {
        let (f, e) = (h.offset_field as usize, h.offset_end as usize);
        if f < at || e > body || f > e {
            continue;
        }
        // Anything between fields (none, in a well-formed message).
        out.extend_from_slice(&raw[at..f]);
        at = e;
        let content = matches!(
            h.name,
            HeaderName::ContentType | HeaderName::ContentTransferEncoding
        );
        if new_content && content {
            continue;
        }
        match masked_subject(raw, h) {
            Some(text) => {
                let field = &raw[f..e];
                let ending: &[u8] = if field.ends_with(b"\r\n") {
                    b"\r\n"
                } else if field.ends_with(b"\n") {
                    b"\n"
                } else {
                    b""
                };
                out.extend_from_slice(&subject_field(field_name(raw, h), &text));
                out.extend_from_slice(ending);
            }
            None => out.extend_from_slice(&raw[f..e]),
        }
    }
    if new_content {
        // The caller's fields follow, then the empty line.
        if !out.is_empty() && !out.ends_with(b"\n") {
            out.extend_from_slice(b"\r\n");
        }
        return out;
    }
    // The rest of the block: the empty line that ends it.
    out.extend_from_slice(&raw[at..body]);
    out
}

/// A part stored as its masked text: its header block with the content
/// fields replaced, then the text.
fn as_text(raw: &[u8], part: &MessagePart<'_>, text: &str) -> Vec<u8> {
    let mut out = header_block(raw, part, true);
    let was = part
        .content_type()
        .map(|ct| {
            let mut s = ct.ctype().to_string();
            if let Some(sub) = ct.subtype() {
                s.push('/');
                s.push_str(sub);
            }
            if let Some(cs) = ct.attribute("charset") {
                s.push_str("; charset=");
                s.push_str(cs);
            }
            s
        })
        .unwrap_or_else(|| "text/plain".into());
    let was: String = was
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .collect();
    let crlf = text.replace('\n', "\r\n");
    let long = crlf.split("\r\n").any(|l| l.len() > 900);
    out.extend_from_slice(
        format!(
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: {}\r\n\
             {MASKED_HEADER}: stored as its text, passwords masked (was {was})\r\n\r\n",
            if long { "base64" } else { "8bit" }
        )
        .as_bytes(),
    );
    if long {
        out.extend_from_slice(&mask_part::base64_lines(crlf.as_bytes()));
    } else {
        out.extend_from_slice(crlf.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // The masked mail is read back with the tests' own MIME reader (every
    // part, every way its bytes read), not with the parser the masker
    // uses.
    use super::maskdecode;

    /// A multipart mail with `preamble` before its first boundary and
    /// `epilogue` after its last, around one plain part.
    fn with_edges(preamble: &str, epilogue: &str) -> String {
        format!(
            "From: a@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n\
             Content-Type: multipart/mixed; boundary=\"E\"\r\n\r\n\
             {preamble}--E\r\nContent-Type: text/plain\r\n\r\nA PAR-BUR\r\n\
             --E--\r\n{epilogue}"
        )
    }

    #[test]
    fn a_password_in_a_preamble_or_an_epilogue_is_masked() {
        let raw = with_edges(
            "This is a multi-part message.\r\nSIGNON F g preamblepw\r\n",
            "SET PASSWORD epiloguepw\r\nThe end.\r\n",
        );
        let masked = mask_raw(raw.as_bytes()).expect("masked");
        for secret in ["preamblepw", "epiloguepw"] {
            assert!(
                maskdecode::holds_bytes(&masked, secret).is_none(),
                "{secret} in {}",
                String::from_utf8_lossy(&masked)
            );
        }
        let s = String::from_utf8_lossy(&masked);
        assert!(s.contains("This is a multi-part message.\r\nSIGNON"), "{s}");
        assert!(
            s.contains("--E--\r\nSET PASSWORD") && s.contains("The end."),
            "{s}"
        );
        assert!(maskdecode::texts(&masked).contains("A PAR-BUR"));
        // Edges with nothing to mask are kept byte for byte.
        let plain = with_edges("This is a multi-part message.\r\n", "Bye.\r\n");
        assert_eq!(mask_raw(plain.as_bytes()), None);
    }

    #[test]
    fn a_message_nested_deeper_than_the_judge_reads_is_not_kept() {
        let mut inner = "From: z@example.org\r\nSubject: deep\r\n\r\nMASTER deeppw\r\n".to_string();
        for k in 0..MAX_DEPTH + 2 {
            inner = format!(
                "From: n{k}@example.org\r\nSubject: fwd\r\nContent-Type: message/rfc822\r\n\r\n{inner}"
            );
        }
        let masked = mask_raw(inner.as_bytes()).expect("masked");
        assert!(
            maskdecode::holds_bytes(&masked, "deeppw").is_none(),
            "{}",
            String::from_utf8_lossy(&masked)
        );
        // What the judge reads is kept: the first levels' headers.
        let s = String::from_utf8_lossy(&masked);
        assert!(
            s.contains("From: n0@example.org")
                || s.contains(&format!("From: n{}@example.org", MAX_DEPTH + 1)),
            "{s}"
        );
    }

    #[test]
    fn plain_lines_are_masked_from_the_command_word() {
        let raw = "From: a@example.org\r\nSubject: x\r\n\r\nHello\nSIGNON F game hunter2\n> sign on Fgame hunter3\nA PAR-BUR\nset password  new-pw\nI will JOIN you\nSET DRAW\n";
        let m = String::from_utf8(mask_raw(raw.as_bytes()).unwrap()).unwrap();
        assert!(!m.contains("hunter2") && !m.contains("hunter3") && !m.contains("new-pw"));
        assert!(m.contains("SIGNON * **** *******\n"), "{m}");
        assert!(
            m.contains("A PAR-BUR\n") && m.contains("I will JOIN ***") && m.contains("SET DRAW")
        );
        assert_eq!(
            mask_raw(b"From: a@b.c\r\n\r\nSIGNONS are fun\nSET DRAW\n"),
            None
        );
    }

    #[test]
    fn every_part_is_masked_whatever_its_encoding() {
        use base64::Engine;
        let b64 = base64::engine::general_purpose::STANDARD
            .encode("<div>SIGNON F g b64secret</div><div>A PAR-BUR</div>");
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
        let all = maskdecode::all_text(&masked);
        for secret in ["qpsecret", "b64secret", "nestedsecret"] {
            assert!(
                !all.contains(secret) && maskdecode::holds_bytes(&masked, secret).is_none(),
                "{secret} in {s}"
            );
        }
        // The rest is still readable, decoded, and the parts keep their
        // encodings.
        let all = maskdecode::texts(&masked);
        assert!(all.contains("F: A MAR-SPA"), "{all}");
        assert!(all.contains("A PAR-BUR"), "{all}");
        assert!(!s.contains(MASKED_HEADER), "{s}");
        assert!(s.contains("MASTER ************"), "{s}");
        // The nested message is masked where it stands (mail-parser reads
        // it in place), not replaced by a copy of the whole mail.
        assert_eq!(s.matches("From: a@example.org").count(), 1, "{s}");
        assert_eq!(mask_raw(b"From: a@b.c\r\n\r\nA PAR-BUR\r\n"), None);
    }

    #[test]
    fn a_part_that_cannot_be_masked_in_place_is_stored_as_its_masked_text() {
        let utf16: Vec<u8> = "SIGNON F g pw16\r\nA PAR-BUR\r\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        use base64::Engine;
        let b64 = base64::engine::general_purpose::STANDARD.encode(&utf16);
        let raw = format!(
            "From: a@example.org\r\nSubject: SIGNON F g pwsubj\r\nMIME-Version: 1.0\r\n\
             Thread-Topic: =?utf-8?q?Re=3A_SIGNON_F_g_pwtopic?=\r\n\
             Content-Type: text/plain; charset=utf-16le\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64}\r\n"
        );
        let masked = mask_raw(raw.as_bytes()).unwrap();
        let all = maskdecode::all_text(&masked);
        for secret in ["pw16", "pwsubj", "pwtopic"] {
            assert!(
                !all.contains(secret) && maskdecode::holds_bytes(&masked, secret).is_none(),
                "{secret} in {all}"
            );
        }
        let s = String::from_utf8(masked.clone()).unwrap();
        assert!(
            s.starts_with("From: a@example.org\r\nSubject: SIGNON * * ******\r\n"),
            "{s}"
        );
        assert!(
            s.contains(&format!("{MASKED_HEADER}: stored as its text")),
            "{s}"
        );
        assert!(
            s.contains("\r\n\r\nSIGNON * * ****\r\nA PAR-BUR\r\n"),
            "{s}"
        );
        let m = MessageParser::default().parse(&masked).unwrap();
        assert_eq!(m.subject(), Some("SIGNON * * ******"));
        assert!(
            s.contains("\r\nThread-Topic: Re: SIGNON * * *******\r\n"),
            "{s}"
        );
        assert!(m.body_text(0).unwrap().contains("A PAR-BUR"));
    }
}
