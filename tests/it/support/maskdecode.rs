//! A small MIME reader of the tests' own, independent of the judge's
//! (mail-parser, and dipspy's masking): it reads a stored mail every way
//! its bytes may be read, so that a password left in any of them is
//! found. Multipart bodies by their boundaries, nested messages, base64
//! (separately padded pieces and cut bodies too) and quoted-printable,
//! charsets UTF-8, Latin-1, UTF-16 (LE, BE, by BOM) and UTF-7, HTML with
//! its tags and comments taken out and its entities read, encoded words
//! in headers.

#![allow(dead_code)]

/// Everything `raw` may say: the raw bytes as text, every header decoded,
/// every part decoded (HTML also without its markup), nested messages
/// the same way. Lines as they come; nothing is left out.
pub(crate) fn all_text(raw: &[u8]) -> String {
    let mut out = String::from_utf8_lossy(raw).into_owned();
    out.push('\n');
    read_entity(raw, 0, &mut out);
    out
}

/// The text parts of `raw`, decoded, in order (for checking what stays
/// readable).
pub(crate) fn texts(raw: &[u8]) -> String {
    let mut out = String::new();
    read_entity(raw, 0, &mut out);
    out
}

fn split_head(raw: &[u8]) -> (&[u8], &[u8]) {
    for i in 0..raw.len() {
        if raw[i..].starts_with(b"\r\n\r\n") {
            return (&raw[..i], &raw[i + 4..]);
        }
        if raw[i..].starts_with(b"\n\n") {
            return (&raw[..i], &raw[i + 2..]);
        }
    }
    (raw, &[])
}

/// Header fields, unfolded: (lower-case name, value).
fn fields(head: &[u8]) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(head);
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        if line.starts_with([' ', '\t']) {
            if let Some(last) = out.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((n, v)) = line.split_once(':') {
            out.push((n.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    out
}

fn param(value: &str, name: &str) -> Option<String> {
    value.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        (k.trim().eq_ignore_ascii_case(name)).then(|| v.trim().trim_matches('"').to_string())
    })
}

fn read_entity(raw: &[u8], depth: usize, out: &mut String) {
    if depth > 10 {
        return;
    }
    let (head, body) = split_head(raw);
    let f = fields(head);
    let get = |n: &str| {
        f.iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    for (_, v) in &f {
        out.push_str(&decode_words(v));
        out.push('\n');
    }
    let ct = get("content-type");
    let media = ct
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let cte = get("content-transfer-encoding").to_ascii_lowercase();
    let body = match cte.trim() {
        "base64" => base64(body),
        "quoted-printable" => qp(body),
        _ => body.to_vec(),
    };
    if media.starts_with("multipart/") {
        if let Some(b) = param(&ct, "boundary") {
            let mark = format!("--{b}");
            let text = body;
            for piece in split_on(&text, mark.as_bytes()).into_iter().skip(1) {
                let piece = piece
                    .strip_prefix(b"\r\n")
                    .or_else(|| piece.strip_prefix(b"\n"));
                if let Some(p) = piece {
                    read_entity(p, depth + 1, out);
                }
            }
        }
        return;
    }
    if media == "message/rfc822" {
        read_entity(&body, depth + 1, out);
        return;
    }
    let charset = param(&ct, "charset")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let text = in_charset(&body, &charset);
    out.push_str(&text);
    out.push('\n');
    if media == "text/html" || text.contains('<') {
        out.push_str(&without_markup(&text));
        out.push('\n');
    }
}

fn split_on<'a>(s: &'a [u8], mark: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut i = 0;
    while i + mark.len() <= s.len() {
        if &s[i..i + mark.len()] == mark {
            out.push(&s[at..i]);
            i += mark.len();
            at = i;
        } else {
            i += 1;
        }
    }
    out.push(&s[at..]);
    out
}

/// Base64, as far as it goes: characters outside the alphabet skipped,
/// `=` ending a group, a last group cut short read as far as it goes.
pub(crate) fn base64(s: &[u8]) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::new();
    let (mut acc, mut n) = (0u32, 0);
    let flush = |out: &mut Vec<u8>, acc: u32, n: i32| match n {
        2 => out.push((acc >> 4) as u8),
        3 => {
            out.push((acc >> 10) as u8);
            out.push((acc >> 2) as u8);
        }
        _ => {}
    };
    for &c in s {
        if let Some(v) = val(c) {
            acc = acc << 6 | v;
            n += 1;
            if n == 4 {
                out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
                acc = 0;
                n = 0;
            }
        } else if c == b'=' {
            flush(&mut out, acc, n);
            acc = 0;
            n = 0;
        }
    }
    flush(&mut out, acc, n);
    out
}

fn qp(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    let hex = |c: u8| (c as char).to_digit(16);
    while i < s.len() {
        if s[i] == b'=' {
            if s[i + 1..].starts_with(b"\r\n") {
                i += 3;
                continue;
            }
            if s[i + 1..].starts_with(b"\n") {
                i += 2;
                continue;
            }
            if let (Some(a), Some(b)) = (
                s.get(i + 1).and_then(|&c| hex(c)),
                s.get(i + 2).and_then(|&c| hex(c)),
            ) {
                out.push((a * 16 + b) as u8);
                i += 3;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

fn utf16(b: &[u8], big: bool) -> String {
    let units: Vec<u16> = b
        .chunks_exact(2)
        .map(|p| {
            if big {
                u16::from_be_bytes([p[0], p[1]])
            } else {
                u16::from_le_bytes([p[0], p[1]])
            }
        })
        .collect();
    String::from_utf16_lossy(&units)
}

fn utf7(b: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'+' {
            let end = b[i + 1..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/'))
                .map_or(b.len(), |p| i + 1 + p);
            if end == i + 1 {
                out.push('+');
            } else {
                out.push_str(&utf16(&base64(&b[i + 1..end]), true));
            }
            i = if b.get(end) == Some(&b'-') {
                end + 1
            } else {
                end
            };
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

fn in_charset(b: &[u8], charset: &str) -> String {
    match charset {
        "utf-16le" => utf16(b, false),
        "utf-16be" => utf16(b, true),
        "utf-16" => match b {
            [0xff, 0xfe, rest @ ..] => utf16(rest, false),
            [0xfe, 0xff, rest @ ..] => utf16(rest, true),
            _ => utf16(b, true),
        },
        "utf-7" => utf7(b),
        "iso-8859-1" | "latin1" | "windows-1252" => b.iter().map(|&c| c as char).collect(),
        _ => String::from_utf8_lossy(b).into_owned(),
    }
}

/// HTML's text: comments and tags out (nothing put in their place, so a
/// word split by tags reads whole), entities read.
pub(crate) fn without_markup(html: &str) -> String {
    let mut s = String::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        s.push_str(&rest[..i]);
        let after = &rest[i..];
        let end = if after.starts_with("<!--") {
            after.find("-->").map(|e| e + 3)
        } else {
            after.find('>').map(|e| e + 1)
        };
        match end {
            Some(e) => rest = &after[e..],
            None => {
                rest = "";
            }
        }
    }
    s.push_str(rest);
    entities(&s)
}

fn entities(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(semi) = after[..after.floor_char_boundary(12)].find(';') else {
            out.push('&');
            rest = &after[1..];
            continue;
        };
        let name = &after[1..semi];
        let c = if let Some(h) = name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
            u32::from_str_radix(h, 16).ok().and_then(char::from_u32)
        } else if let Some(d) = name.strip_prefix('#') {
            d.parse().ok().and_then(char::from_u32)
        } else {
            match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "nbsp" => Some(' '),
                _ => None,
            }
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A header value with its encoded words read.
fn decode_words(v: &str) -> String {
    let mut out = String::new();
    let mut rest = v;
    while let Some(i) = rest.find("=?") {
        out.push_str(&rest[..i]);
        let w = &rest[i + 2..];
        let parts: Vec<&str> = w.splitn(3, '?').collect();
        if parts.len() == 3
            && let Some(end) = parts[2].find("?=")
        {
            let data = &parts[2][..end];
            let bytes = if parts[1].eq_ignore_ascii_case("b") {
                base64(data.as_bytes())
            } else {
                qp(data.replace('_', " ").as_bytes())
            };
            out.push_str(&in_charset(&bytes, &parts[0].to_ascii_lowercase()));
            rest = &parts[2][end + 2..];
            continue;
        }
        out.push_str("=?");
        rest = w;
    }
    out.push_str(rest);
    out
}

/// Whether `hay` holds `needle` in UTF-8, UTF-16LE or UTF-16BE.
pub(crate) fn holds_bytes(hay: &[u8], needle: &str) -> Option<&'static str> {
    let find = |n: &[u8]| hay.windows(n.len()).any(|w| w == n);
    if find(needle.as_bytes()) {
        return Some("UTF-8");
    }
    let le: Vec<u8> = needle.encode_utf16().flat_map(u16::to_le_bytes).collect();
    if find(&le) {
        return Some("UTF-16LE");
    }
    let be: Vec<u8> = needle.encode_utf16().flat_map(u16::to_be_bytes).collect();
    if find(&be) {
        return Some("UTF-16BE");
    }
    None
}

#[cfg(test)]
mod self_test {
    #[test]
    fn the_test_reader_reads_every_form() {
        let utf16: Vec<u8> = "SIGNON F g pw16"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        let mut raw = b"From: a@b\r\nSubject: =?utf-8?b?U0lHTk9OIEYgZyBwd3N1Ymo=?=\r\n\
            Content-Type: multipart/mixed; boundary=\"x\"\r\n\r\n--x\r\n\
            Content-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
            SIG<!---->NON F g <span>pw=\r\nhtml</span> &#83;x\r\n--x\r\n\
            Content-Type: text/plain; charset=utf-16be\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            .to_vec();
        let b64: String = {
            use base64::Engine;
            base64::engine::general_purpose::STANDARD.encode(&utf16)
        };
        raw.extend_from_slice(b64.as_bytes());
        raw.extend_from_slice(b"\r\n--x\r\nContent-Type: text/plain; charset=utf-7\r\n\r\n+AFMASQBH-NON pw7\r\n--x--\r\n");
        let t = super::all_text(&raw);
        for want in [
            "SIGNON F g pwsubj",
            "SIGNON F g pwhtml Sx",
            "SIGNON F g pw16",
            "SIGNON pw7",
        ] {
            assert!(t.contains(want), "{want} not in {t}");
        }
        assert_eq!(super::base64(b"U0k=R04=T04="), b"SIGNON");
        assert_eq!(super::holds_bytes(&utf16, "pw16"), Some("UTF-16BE"));
    }
}
