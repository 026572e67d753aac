//! Masking one text part of a mail (see [`super::mask`]): its text as the
//! judge reads it is looked at, and when a line of it may hold a
//! password, the part is masked in one of two ways.
//!
//! - *Faithfully*, when its bytes can be masked where they stand: a plain
//!   part in UTF-8 or a single-byte charset (whatever its transfer
//!   encoding), or such an HTML part whose password lines are not split by
//!   entities or comments. Its body is decoded, masked and encoded again
//!   the same way; its headers stay as they are. The masked part is read
//!   again as the judge reads it, to be sure.
//! - Otherwise (UTF-16, UTF-7 and other charsets of several bytes, HTML
//!   split by tags or entities, a body whose base64 or quoted-printable is
//!   broken or cut), the part is stored as *its masked text*: the judge's
//!   reading of it, masked, as `text/plain` in UTF-8.

use super::message;
use crate::command::secret;
use crate::command::secret_next::{self, NextSecret};
use mail_parser::decoders::charsets::map::charset_decoder;
use mail_parser::{Encoding, MessagePart, MimeHeaders, PartType};

/// How a part is masked.
pub(super) enum Fix {
    /// The part's new body, in its own transfer encoding and charset.
    Body(Vec<u8>),
    /// The part's masked text: stored as `text/plain` in UTF-8.
    Text(String),
}

/// How one part's body is masked, if it must be. `raw` is the message
/// the part's offsets point into.
pub(super) fn mask_part(raw: &[u8], part: &MessagePart<'_>) -> Option<Fix> {
    let (start, end) = (part.offset_body as usize, part.offset_end as usize);
    if start > end || end > raw.len() {
        return None;
    }
    let body = &raw[start..end];
    // A body whose transfer encoding mail-parser could not read is looked
    // at decoded as far as it goes (a cut base64 part).
    if part.is_encoding_problem
        && let Some(fix) = broken_encoding(part, body)
    {
        return Some(fix);
    }
    let (read, html) = match &part.body {
        // Lines are looked at as they are: `secret` folds as `clean`
        // does, so no copy is made of a part with nothing to mask.
        PartType::Text(t) if !secret::any_line_holds(t) => return None,
        PartType::Text(t) => (message::clean(t), false),
        PartType::Html(_) => {
            let text = message::part_text(part)?;
            if !secret::any_line_holds(&text) {
                return None;
            }
            (text, true)
        }
        _ => return None,
    };
    let charset = Charset::of(part);
    if !part.is_encoding_problem
        && let Some(dec) = transfer_decode(body, part.encoding)
    {
        let masked = if html {
            faithful_html(&dec, &charset)
        } else {
            faithful_plain(&dec, &charset, &read)
        };
        if let Some(m) = masked {
            return Some(Fix::Body(transfer_encode(&m, part.encoding)));
        }
    }
    Some(Fix::Text(
        secret::mask_text(&read).unwrap_or_else(|| read.clone()),
    ))
}

/// A part whose transfer encoding could not be read (mail-parser then
/// reads its encoded bytes as text): a cut or broken base64 or
/// quoted-printable body, decoded as far as it goes and looked at again.
fn broken_encoding(part: &MessagePart<'_>, body: &[u8]) -> Option<Fix> {
    let cte = part
        .content_transfer_encoding()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let dec = match cte.as_str() {
        "base64" => lenient_base64(body),
        "quoted-printable" => quoted_printable::decode(body, quoted_printable::ParseMode::Robust)
            .unwrap_or_else(|_| body.to_vec()),
        _ => return None,
    };
    let text = Charset::of(part).decode(&dec);
    let html = part
        .content_type()
        .is_some_and(|ct| ct.subtype().is_some_and(|s| s.eq_ignore_ascii_case("html")));
    let read = if html {
        message::clean(&super::html::to_text(&text))
    } else {
        message::clean(&text)
    };
    secret::mask_text(&read).map(Fix::Text)
}

/// A part's charset, as mail-parser reads it.
pub(super) enum Charset {
    /// UTF-8, or none named, or one mail-parser does not know (read as
    /// UTF-8).
    Utf8,
    /// One byte, one character.
    Single(fn(&[u8]) -> String),
    /// Several bytes to a character (UTF-16, UTF-7, Shift JIS...).
    Other(fn(&[u8]) -> String),
}

impl Charset {
    pub(super) fn of(part: &MessagePart<'_>) -> Charset {
        let Some(f) = part
            .content_type()
            .and_then(|ct| ct.attribute("charset"))
            .and_then(|c| charset_decoder(c.as_bytes()))
        else {
            return Charset::Utf8;
        };
        // One byte, one character: each byte alone reads as it does
        // among others.
        let probe = [0xc3u8, 0xa9, 0x82, 0x41, 0x2b, 0x41, 0x2d, 0xff, 0xfe];
        let alone: String = probe.iter().map(|b| f(std::slice::from_ref(b))).collect();
        if alone.chars().count() == probe.len() && f(&probe) == alone {
            Charset::Single(f)
        } else {
            Charset::Other(f)
        }
    }

    pub(super) fn decode(&self, b: &[u8]) -> String {
        match self {
            Charset::Utf8 => String::from_utf8_lossy(b).into_owned(),
            Charset::Single(f) | Charset::Other(f) => f(b),
        }
    }
}

/// The body's characters with the byte each starts at, as the charset
/// reads them (`None` for a charset of several bytes a character).
fn chars_with_offsets(dec: &[u8], charset: &Charset) -> Option<Vec<(usize, char)>> {
    let mut out = Vec::with_capacity(dec.len());
    match charset {
        Charset::Utf8 => {
            let mut at = 0;
            for chunk in dec.utf8_chunks() {
                for (i, c) in chunk.valid().char_indices() {
                    out.push((at + i, c));
                }
                at += chunk.valid().len();
                if !chunk.invalid().is_empty() {
                    out.push((at, char::REPLACEMENT_CHARACTER));
                    at += chunk.invalid().len();
                }
            }
        }
        Charset::Single(f) => {
            let table: Vec<char> = (0..=255u8)
                .map(|b| {
                    f(&[b])
                        .chars()
                        .next()
                        .unwrap_or(char::REPLACEMENT_CHARACTER)
                })
                .collect();
            out.extend(dec.iter().enumerate().map(|(i, &b)| (i, table[b as usize])));
        }
        Charset::Other(_) => return None,
    }
    Some(out)
}

/// A plain body masked where it stands, or `None` when its reading here
/// is not the judge's (`read`).
fn faithful_plain(dec: &[u8], charset: &Charset, read: &str) -> Option<Vec<u8>> {
    let chars = chars_with_offsets(dec, charset)?;
    // The judge's reading, with the byte each character came from.
    let mut text = String::with_capacity(read.len());
    let mut origin: Vec<usize> = Vec::with_capacity(read.len());
    message::clean_chars(chars.into_iter(), |c, o| {
        text.push(c);
        origin.extend(std::iter::repeat_n(o, c.len_utf8()));
    });
    if text != read {
        return None;
    }
    let mut regions = Vec::new();
    let mut at = 0;
    let mut next = NextSecret::new();
    for line in text.split('\n') {
        if next.feed(line).is_some() {
            // The line may be the password the line above left out.
            let (s, e) = (at + secret_next::secret_start(line), at + line.len());
            if s < e {
                let end = origin.get(e).copied().unwrap_or(dec.len());
                regions.push((origin[s], end));
            }
        } else if let Some(f) = secret::find(line) {
            let (s, e) = (at + f.end, at + line.len());
            if s < e {
                let end = origin.get(e).copied().unwrap_or(dec.len());
                regions.push((origin[s], end));
            }
        }
        at += line.len() + 1;
    }
    Some(mask_regions(dec, &regions, charset))
}

/// `dec` with every character inside `regions` that is not a space made
/// `*`.
fn mask_regions(dec: &[u8], regions: &[(usize, usize)], charset: &Charset) -> Vec<u8> {
    let mut out = Vec::with_capacity(dec.len());
    let mut at = 0;
    for &(s, e) in regions {
        if s < at || e > dec.len() || s > e {
            continue;
        }
        out.extend_from_slice(&dec[at..s]);
        star(&dec[s..e], charset, &mut out);
        at = e;
    }
    out.extend_from_slice(&dec[at..]);
    out
}

/// `*` for each character of `b` that is not a space.
fn star(b: &[u8], charset: &Charset, out: &mut Vec<u8>) {
    match charset {
        Charset::Single(f) => {
            for &c in b {
                let space = f(&[c]).chars().all(char::is_whitespace);
                out.push(if space { c } else { b'*' });
            }
        }
        _ => {
            for chunk in b.utf8_chunks() {
                for c in chunk.valid().chars() {
                    if c.is_whitespace() {
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    } else {
                        out.push(b'*');
                    }
                }
                out.extend(std::iter::repeat_n(b'*', chunk.invalid().len()));
            }
        }
    }
}

/// An HTML body masked where it stands: after a password word, every
/// character of text (an entity as a whole) up to the next tag that ends
/// a line; and the text of the next line that is not blank, after a line
/// that leaves its password out (`secret_next`). `None` when the judge's
/// reading of the result still shows a password line unmasked (the line
/// is split by entities or comments).
fn faithful_html(dec: &[u8], charset: &Charset) -> Option<Vec<u8>> {
    if matches!(charset, Charset::Other(_)) {
        return None;
    }
    let mut out = dec.to_vec();
    let mut masking = false;
    // The current line's text as written (entities as they are), for the
    // rule of the next line.
    let mut line = String::new();
    let mut next = NextSecret::new();
    let mut i = 0;
    let mut seg_start = 0;
    while i <= out.len() {
        let at_end = i == out.len();
        let b = if at_end { b'\n' } else { out[i] };
        if b == b'<' || b == b'\n' || b == b'\r' {
            // A segment of text ends here.
            let (s, e) = (seg_start, i);
            let seg = String::from_utf8_lossy(&out[s..e]).into_owned();
            if !masking
                && next.waiting()
                && secret_next::is_blank(&line)
                && !secret_next::is_blank(&seg)
            {
                // The first text of the line after one that left its
                // password out.
                let from = s + secret_next::secret_start(&seg).min(e - s);
                star_html(&mut out[from..e]);
                masking = true;
            } else if !masking
                && let Ok(seg) = std::str::from_utf8(&out[s..e])
                && let Some(f) = secret::find(seg)
            {
                star_html(&mut out[s + f.end..e]);
                masking = true;
            } else if masking {
                star_html(&mut out[s..e]);
            }
            line.push_str(&seg);
            let mut line_ends = at_end;
            if !at_end && b == b'<' {
                let Some(n) = out[i..].iter().position(|&c| c == b'>') else {
                    break;
                };
                line_ends = ends_line(&out[i..i + n + 1]);
                i += n + 1;
            } else if !at_end {
                // A line break of the source is a space of the text.
                line.push(' ');
                i += 1;
            }
            if line_ends {
                masking = false;
                next.feed(&line);
                line.clear();
            }
            if at_end {
                break;
            }
            seg_start = i;
            continue;
        }
        i += 1;
    }
    all_masked(dec, &out, charset).then_some(out)
}

/// Whether the judge's reading of `masked` (the body `dec` masked) shows
/// no password unmasked: nothing after a password word, and nothing of a
/// line that may be the password the line above left out (found in the
/// reading of `dec`, line by line).
fn all_masked(dec: &[u8], masked: &[u8], charset: &Charset) -> bool {
    let read = |b: &[u8]| message::clean(&super::html::to_text(&charset.decode(b)));
    let (was, text) = (read(dec), read(masked));
    let (was, now): (Vec<&str>, Vec<&str>) = (
        secret::lines(&was).collect(),
        secret::lines(&text).collect(),
    );
    if was.len() != now.len() {
        return false;
    }
    let starred = |t: &str| t.chars().all(|c| c.is_whitespace() || c == '*');
    secret_next::secret_lines(was.iter().copied())
        .into_iter()
        .zip(now)
        .all(|(of, l)| match (of, secret::find(l)) {
            (Some(_), _) => starred(&l[secret_next::secret_start(l)..]),
            (None, Some(f)) => starred(&l[f.end..]),
            (None, None) => true,
        })
}

/// Every byte of HTML text that is not a space made `*` (an entity's
/// bytes too, so that it stands masked whole).
fn star_html(b: &mut [u8]) {
    for c in b.iter_mut() {
        if !c.is_ascii_whitespace() {
            *c = b'*';
        }
    }
}

/// Whether a tag ends a line of the text the judge reads.
fn ends_line(tag: &[u8]) -> bool {
    let name: Vec<u8> = tag
        .iter()
        .skip(1)
        .skip_while(|&&c| c == b'/')
        .take_while(|c| c.is_ascii_alphanumeric())
        .map(u8::to_ascii_lowercase)
        .collect();
    matches!(
        name.as_slice(),
        b"br"
            | b"div"
            | b"p"
            | b"li"
            | b"ul"
            | b"ol"
            | b"tr"
            | b"td"
            | b"th"
            | b"table"
            | b"blockquote"
            | b"pre"
            | b"hr"
            | b"h1"
            | b"h2"
            | b"h3"
            | b"h4"
            | b"h5"
            | b"h6"
            | b"body"
            | b"html"
            | b"section"
            | b"article"
            | b"header"
            | b"footer"
    )
}

/// A body's transfer encoding undone as mail-parser undoes it; `None`
/// when it cannot be.
pub(super) fn transfer_decode(body: &[u8], enc: Encoding) -> Option<Vec<u8>> {
    match enc {
        Encoding::None => Some(body.to_vec()),
        Encoding::QuotedPrintable => {
            quoted_printable::decode(body, quoted_printable::ParseMode::Robust).ok()
        }
        Encoding::Base64 => strict_base64(body),
    }
}

/// Base64 as MIME bodies are read: spaces and line breaks skipped, `=`
/// ending a group (so separately padded pieces read one after the
/// other); `None` at any other character.
fn strict_base64(body: &[u8]) -> Option<Vec<u8>> {
    base64_groups(body, false)
}

/// Base64 read as far as it goes: every line up to the first that is
/// not base64 (a cut body, or a note after it), a group cut short read
/// as far as it goes.
pub(super) fn lenient_base64(body: &[u8]) -> Vec<u8> {
    let mut end = 0;
    for line in body.split_inclusive(|&c| c == b'\n') {
        if line
            .iter()
            .any(|&c| b64_value(c).is_none() && !matches!(c, b'=' | b' ' | b'\t' | b'\r' | b'\n'))
        {
            break;
        }
        end += line.len();
    }
    base64_groups(&body[..end], true).unwrap_or_default()
}

/// Base64 groups decoded; a last group cut short read when `cut` says
/// so.
fn base64_groups(body: &[u8], cut: bool) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len() / 4 * 3);
    let mut acc: u32 = 0;
    let mut n = 0u8;
    for &c in body {
        match b64_value(c) {
            Some(v) => {
                acc = acc << 6 | v;
                n += 1;
                if n == 4 {
                    out.extend_from_slice(&acc.to_be_bytes()[1..]);
                    acc = 0;
                    n = 0;
                }
            }
            None => match c {
                b'=' => {
                    flush_partial(&mut out, acc, n);
                    acc = 0;
                    n = 0;
                }
                b' ' | b'\t' | b'\r' | b'\n' => {}
                _ => return None,
            },
        }
    }
    if cut {
        flush_partial(&mut out, acc, n);
    }
    Some(out)
}

fn flush_partial(out: &mut Vec<u8>, acc: u32, n: u8) {
    match n {
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&((acc >> 2) as u16).to_be_bytes()),
        _ => {}
    }
}

fn b64_value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

/// A body encoded again in its transfer encoding.
pub(super) fn transfer_encode(body: &[u8], enc: Encoding) -> Vec<u8> {
    match enc {
        Encoding::None => body.to_vec(),
        Encoding::QuotedPrintable => {
            let mut v = quoted_printable::encode(body);
            v.extend_from_slice(b"\r\n");
            v
        }
        Encoding::Base64 => base64_lines(body),
    }
}

/// Base64 in lines of 76 characters.
pub(super) fn base64_lines(body: &[u8]) -> Vec<u8> {
    use base64::Engine;
    let s = base64::engine::general_purpose::STANDARD.encode(body);
    let mut v = Vec::with_capacity(s.len() + s.len() / 76 * 2 + 2);
    for chunk in s.as_bytes().chunks(76) {
        v.extend_from_slice(chunk);
        v.extend_from_slice(b"\r\n");
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_reads_padded_pieces_and_cut_bodies() {
        assert_eq!(strict_base64(b"U0k=R04=T04=").unwrap(), b"SIGNON");
        assert_eq!(strict_base64(b"U0lH\r\nTk9O\r\n").unwrap(), b"SIGNON");
        assert_eq!(strict_base64(b"U0lH[x"), None);
        assert_eq!(
            lenient_base64(b"U0lHTk9O\r\nIEYg\r\nZyBw\r\n[dipspy: cut]\r\n"),
            b"SIGNON F g p"
        );
        assert_eq!(
            strict_base64(b"U0lHTk9OIEYgZyBwdzE").unwrap(),
            b"SIGNON F g p"
        );
        assert_eq!(lenient_base64(b"U0lHTk9OIEYgZyBwdzEy"), b"SIGNON F g pw12");
        assert_eq!(
            lenient_base64(b"U0lHTk9OIEYgZyBw\r\ndzE"),
            b"SIGNON F g pw1"
        );
    }

    #[test]
    fn html_is_masked_through_inline_tags_up_to_a_line_end() {
        let m = faithful_html(
            b"<div><b>SIGNON</b> F g <span>pw1</span></div><p>A PAR-BUR</p>",
            &Charset::Utf8,
        )
        .unwrap();
        let m = String::from_utf8(m).unwrap();
        assert!(!m.contains("pw1"), "{m}");
        assert!(m.contains("<p>A PAR-BUR</p>"), "{m}");
        // An entity in the word: not masked where it stands.
        assert_eq!(
            faithful_html(b"<div>&#83;IGNON F g pw1</div>", &Charset::Utf8),
            None
        );
    }
}
