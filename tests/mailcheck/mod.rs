//! The check every mail test runs on every mail the judge sends: a player
//! receives no password (anybody's, their own included: the judge never
//! repeats one) and no other player's address. It reads the whole mail:
//! the raw message, every header, and every part decoded (text, HTML,
//! attachments, nested messages), pictures included: an SVG as its text,
//! a PNG's text chunks (tEXt, zTXt, iTXt) decompressed.

#![allow(dead_code)]

use mail_parser::{MessageParser, MimeHeaders, PartType};

/// The text chunks of a PNG (keyword and text of each), or a note that
/// it does not decode (then the bytes are read as they are as well).
pub fn png_text(data: &[u8]) -> String {
    let mut out = String::new();
    let mut dec = png::Decoder::new(std::io::Cursor::new(data));
    dec.set_ignore_text_chunk(false);
    let Ok(mut reader) = dec.read_info() else {
        return String::from_utf8_lossy(data).into_owned();
    };
    // Text chunks may follow the image data: read to the end.
    if let Some(size) = reader.output_buffer_size() {
        let mut buf = vec![0; size];
        if reader.next_frame(&mut buf).is_ok() {
            let _ = reader.finish();
        }
    }
    let info = reader.info();
    for t in &info.uncompressed_latin1_text {
        out += &format!("{}: {}\n", t.keyword, t.text);
    }
    for t in &info.compressed_latin1_text {
        out += &format!("{}: {}\n", t.keyword, t.get_text().unwrap_or_default());
    }
    for t in &info.utf8_text {
        out += &format!(
            "{} {}: {}\n",
            t.keyword,
            t.translated_keyword,
            t.get_text().unwrap_or_default()
        );
    }
    out
}

/// A mail as its reader, or anybody with the raw file, could see it: the
/// subject, every part decoded in order (text and HTML as text, a PNG's
/// text chunks, any other attachment, an SVG among them, as text, a
/// nested message read the same way) with each part's headers, then the
/// raw message itself.
pub fn readable(raw: &[u8]) -> String {
    let m = MessageParser::default()
        .parse(raw)
        .expect("the judge's mail parses");
    let mut out = format!("{}\n", m.subject().unwrap_or_default());
    for part in &m.parts {
        let start = part.raw_header_offset() as usize;
        let end = (part.raw_body_offset() as usize).min(raw.len());
        if start < end {
            out += &String::from_utf8_lossy(&raw[start..end]);
        }
        if let Some(name) = part.attachment_name() {
            out += &format!("attachment: {name}\n");
        }
        match &part.body {
            PartType::Text(t) | PartType::Html(t) => out += &t.replace("\r\n", "\n"),
            PartType::Binary(b) | PartType::InlineBinary(b) => {
                if b.starts_with(b"\x89PNG\r\n\x1a\n") {
                    out += &png_text(b);
                } else {
                    out += &String::from_utf8_lossy(b);
                }
            }
            PartType::Message(nested) => out += &readable(nested.raw_message()),
            PartType::Multipart(_) => {}
        }
        out.push('\n');
    }
    out += &String::from_utf8_lossy(raw);
    out
}

/// Panics when the mail `raw`, received by `to`, holds one of `passwords`
/// or an address of `addresses` other than `to` itself, anywhere in
/// [`readable`].
pub fn assert_clean(to: &str, raw: &[u8], passwords: &[String], addresses: &[String]) {
    let text = readable(raw);
    let lower = text.to_lowercase();
    for p in passwords {
        assert!(
            !text.contains(p.as_str()),
            "a password ({p}) reached {to}:\n{text}"
        );
    }
    for a in addresses {
        if a.eq_ignore_ascii_case(to) {
            continue;
        }
        assert!(
            !lower.contains(&a.to_lowercase()),
            "another player's address ({a}) reached {to}:\n{text}"
        );
    }
}

/// Whether `raw` is the start or the last mail of a game: in a game that
/// is not anonymous these name every power's player by address (issue 21
/// item 5), as WHOGAME does, so the address check does not apply to them.
pub fn names_the_players(raw: &[u8]) -> bool {
    let subject = mail_parser::MessageParser::default()
        .parse(raw)
        .and_then(|m| m.subject().map(str::to_string))
        .unwrap_or_default();
    subject.ends_with(": the game has started") || subject.ends_with(": the game is over")
}

#[cfg(test)]
mod self_test {
    fn base64(data: &[u8]) -> String {
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for c in data.chunks(3) {
            let n = (c[0] as u32) << 16
                | (*c.get(1).unwrap_or(&0) as u32) << 8
                | *c.get(2).unwrap_or(&0) as u32;
            for i in 0..4 {
                if i <= c.len() {
                    out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// A mail with a leak only in its third part, a PNG's compressed text
    /// chunk, and another only in an SVG attachment: both are found.
    #[test]
    fn mailcheck_reads_later_parts_svg_and_png_text() {
        let mut png = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut png, 1, 1);
            enc.set_color(png::ColorType::Rgb);
            enc.add_ztxt_chunk("Comment".into(), "bob@example.org".into())
                .unwrap();
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&[0, 0, 0]).unwrap();
        }
        let b64 = base64(&png);
        let svg = base64(b"<svg><text>password hunter2</text></svg>");
        let raw = format!(
            "From: judge@example.org\r\nTo: alice@example.org\r\nSubject: x\r\n\
             MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n\
             --b\r\nContent-Type: text/plain\r\n\r\nhello\r\n\
             --b\r\nContent-Type: image/svg+xml\r\nContent-Transfer-Encoding: base64\r\n\r\n{svg}\r\n\
             --b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64}\r\n\
             --b--\r\n"
        );
        let text = super::readable(raw.as_bytes());
        assert!(text.contains("bob@example.org"), "{text}");
        assert!(text.contains("hunter2"), "{text}");
        let caught = std::panic::catch_unwind(|| {
            super::assert_clean(
                "alice@example.org",
                raw.as_bytes(),
                &[],
                &["bob@example.org".to_string()],
            )
        });
        assert!(caught.is_err());
    }
}
