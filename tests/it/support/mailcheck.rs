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
pub(crate) fn png_text(data: &[u8]) -> String {
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
pub(crate) fn readable(raw: &[u8]) -> String {
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

/// Whether `line` starts with the label of the judge's English reply to a
/// line, `Line 2:` (one English word only, so the count misses it).
fn english_label(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some("Line")
        && words.next().is_some_and(|n| {
            n.ends_with(':') && n.len() > 1 && n[..n.len() - 1].chars().all(|c| c.is_ascii_digit())
        })
}

/// Panics when the mail `raw`, received by `to`, holds one of `passwords`
/// or an address of `addresses` other than `to` itself, anywhere in
/// [`readable`].
pub(crate) fn assert_clean(to: &str, raw: &[u8], passwords: &[String], addresses: &[String]) {
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

/// The subjects of the parts joined into a mail after its first, read
/// from their headings (`Also: <subject>`, in every language): what one
/// mail to the judge causes for one address comes as one mail.
pub(crate) fn part_subjects(text: &str) -> Vec<String> {
    use dipspy::text::{Args, Lang, render};
    let marks: Vec<String> = Lang::ALL
        .iter()
        .map(|lang| {
            let marked = render(
                *lang,
                "mail-also-heading",
                &Args::new().str("subject", "\u{1}"),
            );
            marked.split('\u{1}').next().unwrap_or_default().to_string()
        })
        .collect();
    text.lines()
        .filter_map(|l| marks.iter().find_map(|m| l.strip_prefix(m.as_str())))
        .map(str::to_string)
        .collect()
}

/// Whether `raw` is (or holds, as a part) the start or the last mail of
/// a game: in a game that is not anonymous these name every power's
/// player by address (issue 21 item 5), as WHOGAME does, so the address
/// check does not apply to them.
pub(crate) fn names_the_players(raw: &[u8]) -> bool {
    let subject = mail_parser::MessageParser::default()
        .parse(raw)
        .and_then(|m| m.subject().map(str::to_string))
        .unwrap_or_default();
    let mut subjects = part_subjects(&readable(raw));
    subjects.push(subject);
    // The subjects' words after the game's name, in every language.
    use dipspy::text::{Args, Lang, render};
    Lang::ALL.iter().any(|lang| {
        ["mails-start-subject", "mails-over-subject"]
            .iter()
            .any(|key| {
                let marked = render(*lang, key, &Args::new().str("game", "\u{1}"));
                let tail = marked.rsplit('\u{1}').next().unwrap_or_default();
                !tail.trim().is_empty() && subjects.iter().any(|s| s.ends_with(tail))
            })
    })
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

// ------------------------------------------------------------ the language check

/// English function words: a line of a French or German mail holding two
/// or more of these (or of [`ENGLISH_JUDGE_WORDS`]) is an English sentence.
/// Words that are also French (`a`, `as`, `on`) or German (`in`, `an`,
/// `was`, `will`, `so`) are left out.
const ENGLISH_FUNCTION_WORDS: &[&str] = &[
    "the", "your", "you", "yours", "is", "are", "was", "were", "has", "have", "had", "not", "with",
    "and", "of", "to", "been", "be", "this", "that", "these", "those", "it", "its", "for", "from",
    "by", "at", "or", "but", "if", "when", "which", "who", "will", "would", "can", "cannot", "may",
    "must", "should", "there", "their", "they", "them", "he", "she", "we", "our", "do", "does",
    "did", "no", "any", "every", "each", "all", "now", "then", "than", "only", "into", "out",
    "here", "what", "why", "how", "until", "after", "before", "yet", "still", "also", "could",
    "being", "an", "in", "on", "as", "so", "a", "without", "within", "against", "between", "about",
    "over", "under", "since", "while", "because", "unless", "nothing", "nobody", "seen", "given",
];

/// Words of the judge's own English (a line needs two hits in all). The
/// setting keys a player types (`deadline`, `reaction`, `reminder`,
/// `retreat`) are not among them.
const ENGLISH_JUDGE_WORDS: &[&str] = &[
    "orders",
    "order",
    "stored",
    "rejected",
    "accepted",
    "received",
    "sent",
    "game",
    "games",
    "player",
    "players",
    "results",
    "movement",
    "retreats",
    "adjustment",
    "adjustments",
    "builds",
    "build",
    "spring",
    "fall",
    "winter",
    "supply",
    "centres",
    "centre",
    "fails",
    "succeeds",
    "bounced",
    "dislodged",
    "units",
    "unit",
    "spy",
    "draw",
    "line",
    "please",
    "reply",
    "message",
    "mail",
    "password",
    "master",
    "vote",
    "votes",
];

/// Words also common in French or German text, never counted for that
/// reader (French `a`, `as`, `on`, `or`, `fall`...; German `in`, `an`,
/// `was`, `will`, `so`, `also`...).
fn also_native(lang: &str, w: &str) -> bool {
    match lang {
        "fr" => matches!(
            w,
            "a" | "as"
                | "an"
                | "on"
                | "or"
                | "but"
                | "no"
                | "mail"
                | "message"
                | "vote"
                | "votes"
                | "centre"
                | "centres"
                | "sent"
        ),
        "de" => matches!(
            w,
            "in" | "an" | "was" | "will" | "so" | "also" | "still" | "mail" | "fall" | "no"
        ),
        _ => false,
    }
}

/// The text of a mail a reader reads, part by part, without headers: the
/// subject, then every text or HTML part (tags dropped), every other
/// attachment's text (an SVG's text, tags dropped), a PNG's text chunks,
/// nested messages the same way.
pub(crate) fn reader_text(raw: &[u8]) -> String {
    let m = MessageParser::default()
        .parse(raw)
        .expect("the judge's mail parses");
    let mut out = format!("{}\n", m.subject().unwrap_or_default());
    out += &parts_text(&m);
    out
}

fn parts_text(m: &mail_parser::Message<'_>) -> String {
    let mut out = String::new();
    for part in &m.parts {
        match &part.body {
            PartType::Text(t) => out += &t.replace("\r\n", "\n"),
            PartType::Html(t) => out += &without_tags(t),
            PartType::Binary(b) | PartType::InlineBinary(b) => {
                if b.starts_with(b"\x89PNG\r\n\x1a\n") {
                    out += &png_text(b);
                } else {
                    out += &without_tags(&String::from_utf8_lossy(b));
                }
            }
            PartType::Message(nested) => out += &reader_text(nested.raw_message()),
            PartType::Multipart(_) => {}
        }
        out.push('\n');
    }
    out
}

/// Markup's text: what lies between tags, each piece on a line of its
/// own, and the text of `alt` and `title` attributes (which a reader sees
/// too).
fn without_tags(s: &str) -> String {
    let mut out = String::new();
    for attr in ["alt=\"", "title=\""] {
        for (i, _) in s.match_indices(attr) {
            let rest = &s[i + attr.len()..];
            out += rest.split('"').next().unwrap_or_default();
            out.push('\n');
        }
    }
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push('\n');
            }
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
}

/// The English words that count in `line` for a reader of `lang`:
/// command words and order notation typed in capitals (`SET LANGUAGE`,
/// `REACTION NONE`, `A`, `F`) and addresses are left out.
pub(crate) fn english_words(lang: &str, line: &str) -> Vec<String> {
    // What is written to be typed, in backticks or straight double quotes
    // (`Fall 1902 Retreats`, "Spring 1901 Movement"), is left out.
    let mut plain = String::new();
    let mut inside: Option<char> = None;
    for c in line.chars() {
        match (inside, c) {
            (None, '`' | '"') => inside = Some(c),
            (Some(q), c) if c == q => {
                inside = None;
                plain.push(' ');
            }
            (None, c) => plain.push(c),
            _ => {}
        }
    }
    let mut hits = Vec::new();
    for token in plain.split_whitespace() {
        // Addresses, setting keys and identifiers (`spy_at_start`,
        // `press=grey`).
        if token.contains(['@', '_', '=']) {
            continue;
        }
        for w in token.split(|c: char| !c.is_alphabetic()) {
            if w.is_empty() || w.chars().all(|c| c.is_uppercase()) {
                continue;
            }
            let lower = w.to_lowercase();
            if also_native(lang, &lower) {
                continue;
            }
            if ENGLISH_FUNCTION_WORDS.contains(&lower.as_str())
                || ENGLISH_JUDGE_WORDS.contains(&lower.as_str())
            {
                hits.push(lower);
            }
        }
    }
    hits
}

/// `text` with what is written to be typed, between backticks
/// (`` `SET LANGUAGE fr` ``), blanked: a span may run over lines (HELP's
/// examples do) but not past a blank line. Newlines are kept.
pub(crate) fn without_typed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    let mut blank_line = true;
    for c in text.chars() {
        if c == '\n' {
            if inside && blank_line {
                inside = false;
            }
            blank_line = true;
            out.push('\n');
            continue;
        }
        if !c.is_whitespace() {
            blank_line = false;
        }
        if c == '`' {
            inside = !inside;
            out.push(' ');
        } else if inside {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The lines of `raw` that are English for a reader of `lang` (`fr` or
/// `de`; nothing for `en`): lines with two or more English words (see
/// [`english_words`]), once what readers wrote themselves is taken out:
/// quoted lines (`>`), and any of `written` (the command and order lines
/// and press bodies players sent, echoed or relayed by the judge).
pub(crate) fn english_lines(lang: &str, raw: &[u8], written: &[String]) -> Vec<String> {
    if lang == "en" {
        return Vec::new();
    }
    judge_lines(raw, written)
        .into_iter()
        .filter(|(_, rest)| english_words(lang, rest).len() >= 2 || english_label(rest))
        .map(|(line, _)| line)
        .collect()
}

/// Words only French writes (for a German reader, a French sentence).
const FRENCH_WORDS: &[&str] = &[
    "le",
    "la",
    "les",
    "vous",
    "votre",
    "vos",
    "pour",
    "dans",
    "une",
    "avec",
    "sont",
    "pas",
    "est",
    "et",
    "ordres",
    "puissance",
    "arbitre",
    "aucun",
    "aucune",
    "été",
    "sur",
    "qui",
];

/// Words only German writes (for a French reader, a German sentence).
const GERMAN_WORDS: &[&str] = &[
    "der", "die", "das", "und", "ist", "nicht", "sie", "ihre", "ihr", "für", "mit", "von", "den",
    "dem", "ein", "eine", "wird", "wurde", "befehle", "macht", "spieler", "keine", "nach",
];

/// The words of `text` (lower case) that are in `list`, what is typed
/// (backticks) and written in capitals left out.
fn words_in(text: &str, list: &[&str]) -> usize {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_uppercase()))
        .filter(|w| list.contains(&w.to_lowercase().as_str()))
        .count()
}

/// The lines of `raw` in the other language for a reader of `lang` (`fr`
/// or `de`): German lines in a French reader's mail and French lines in
/// a German reader's, two or more of the other's own words, what the
/// players wrote left out as for [`english_lines`].
pub(crate) fn foreign_lines(lang: &str, raw: &[u8], written: &[String]) -> Vec<String> {
    let other = match lang {
        "fr" => GERMAN_WORDS,
        "de" => FRENCH_WORDS,
        _ => return Vec::new(),
    };
    judge_lines(raw, written)
        .into_iter()
        .filter(|(_, rest)| words_in(rest, other) >= 2)
        .map(|(line, _)| line)
        .collect()
}

/// Whether the judge's own words in `raw` hold `lang` (`fr` or `de`): a
/// line with two or more of its own words.
pub(crate) fn holds_language(lang: &str, raw: &[u8], written: &[String]) -> bool {
    let own = match lang {
        "fr" => FRENCH_WORDS,
        "de" => GERMAN_WORDS,
        _ => return true,
    };
    judge_lines(raw, written)
        .iter()
        .any(|(_, rest)| words_in(rest, own) >= 2)
}

/// Each line of the reader's text of `raw` that is the judge's own words
/// (not quoted), once, as written and as checked: with what is typed
/// blanked and the lines of `written` taken out.
fn judge_lines(raw: &[u8], written: &[String]) -> Vec<(String, String)> {
    let mut written: Vec<&str> = written
        .iter()
        .flat_map(|w| w.lines())
        .map(str::trim)
        .filter(|l| l.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .collect();
    // Longest first, so a line is taken out whole before any part of it.
    written.sort_by_key(|l| std::cmp::Reverse(l.len()));
    written.dedup();
    let mut out: Vec<(String, String)> = Vec::new();
    let text = reader_text(raw);
    let blanked = without_typed(&text);
    // Lines are checked with what is typed blanked, and named as written.
    for (line, checked) in text.lines().zip(blanked.lines()) {
        if line.trim_start().starts_with('>') {
            continue;
        }
        let mut rest = checked.to_string();
        for w in &written {
            if rest.contains(w) {
                rest = rest.replace(w, " ");
            }
        }
        // A line the mail repeats (its text and HTML parts) is named once.
        if !out.iter().any(|(l, _)| l == line) {
            out.push((line.to_string(), rest));
        }
    }
    out
}

/// Panics when the mail `raw`, received by `to` who reads `lang`, holds
/// an English sentence (see [`english_lines`]), naming every such line.
#[track_caller]
pub(crate) fn assert_in_language(lang: &str, to: &str, raw: &[u8], written: &[String]) {
    let bad = english_lines(lang, raw, written);
    assert!(
        bad.is_empty(),
        "English reached {to}, who reads {lang}:\n  {}\nin:\n{}",
        bad.join("\n  "),
        reader_text(raw)
    );
}

#[cfg(test)]
mod language_self_test {
    use super::{english_lines, english_words, foreign_lines, holds_language};

    fn mail(subject: &str, body: &str) -> Vec<u8> {
        format!(
            "From: judge@example.org\r\nTo: france@example.org\r\nSubject: {subject}\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
        )
        .into_bytes()
    }

    const FRENCH: &str = "Ligne 2 : A par - bur\n  OK : ordre enregistré\n\
        Vos ordres pour la France (partie g), Printemps 1901, mouvement :\n  A par - bur\n  F bre - mao\n\
        Votre espion sur A mun (Munich) rapporte : A mun - ruh\n\
        Échoue : rebondit contre A mun (1 contre 1).\n\
        Centres de ravitaillement : France 5, Allemagne 4, Angleterre 3.\n\
        La partie g est terminée : nulle entre l'Autriche, l'Angleterre et la France, votée.\n\
        Écrivez SET LANGUAGE en pour lire en anglais ; REACTION NONE si vous ne réagissez pas.\n\
        Réponse de judge@example.org à france@example.org.\n";

    const GERMAN: &str = "Zeile 2: A mun - ruh\n  OK: Befehl gespeichert\n\
        Deine Befehle für Deutschland (Partie g), Frühjahr 1901, Bewegung:\n  A ber - kie\n  F kie - den\n\
        Dein Spion bei F lon (London) meldet: F lon - nth\n\
        Scheitert: prallt an A mun ab (1 gegen 1), die Einheit wurde vertrieben.\n\
        Versorgungszentren: Frankreich 5, Deutschland 4, England 3.\n\
        Die Partie g ist zu Ende: ein Remis zwischen Österreich, England und Frankreich, per Abstimmung.\n\
        Was du jetzt tun kannst: schreib SET WAIT, falls du mehr Zeit brauchst; im Fall eines Rückzugs wird gewartet.\n";

    /// A planted English sentence in a French mail is caught, and so is an
    /// English subject; the French around it is not.
    #[test]
    fn language_check_catches_an_english_sentence_in_a_french_mail() {
        let planted = format!("{FRENCH}Your orders have been received and stored.\n");
        let bad = english_lines("fr", &mail("dipspy g : résultats", &planted), &[]);
        assert_eq!(
            bad,
            vec!["Your orders have been received and stored.".to_string()]
        );
        let bad = english_lines(
            "fr",
            &mail("dipspy g: Spring 1901 Movement results", FRENCH),
            &[],
        );
        assert_eq!(bad, vec!["dipspy g: Spring 1901 Movement results"]);
        // A judge's verdict left in English, capitals and all.
        let bad = english_lines(
            "de",
            &mail(
                "dipspy g",
                "  REJECTED: press NOT sent: game g does not allow fake press\n",
            ),
            &[],
        );
        assert_eq!(bad.len(), 1, "{bad:?}");
        // The reply's English label on a line of its own words.
        let bad = english_lines("fr", &mail("x", "Line 2: A par - bur\n  OK\n"), &[]);
        assert_eq!(bad, vec!["Line 2: A par - bur"]);
        // English is fine for an English reader.
        assert!(english_lines("en", &mail("x", &planted), &[]).is_empty());
    }

    /// A German sentence in a French reader's mail is caught, and a French
    /// one in a German reader's; each language's own mail passes, and a
    /// mail with none of the reader's words does not hold their language.
    #[test]
    fn language_check_tells_french_from_german() {
        let planted = format!("{FRENCH}Die Frist für die Partie ist abgelaufen.\n");
        assert_eq!(
            foreign_lines("fr", &mail("x", &planted), &[]),
            vec!["Die Frist für die Partie ist abgelaufen."]
        );
        let planted = format!("{GERMAN}Vos ordres pour la partie sont enregistrés.\n");
        assert_eq!(
            foreign_lines("de", &mail("x", &planted), &[]),
            vec!["Vos ordres pour la partie sont enregistrés."]
        );
        assert!(foreign_lines("fr", &mail("x", FRENCH), &[]).is_empty());
        assert!(foreign_lines("de", &mail("x", GERMAN), &[]).is_empty());
        assert!(holds_language("fr", &mail("x", FRENCH), &[]));
        assert!(holds_language("de", &mail("x", GERMAN), &[]));
        assert!(!holds_language("fr", &mail("x", GERMAN), &[]));
        assert!(!holds_language("de", &mail("x", FRENCH), &[]));
        let english = "Your orders have been received.\n  A par - bur\n";
        assert!(!holds_language("fr", &mail("x", english), &[]));
    }

    /// Real French and German, with order notation, names, addresses and
    /// typed command words, passes.
    #[test]
    fn language_check_accepts_french_and_german_with_orders_and_names() {
        let fr = english_lines(
            "fr",
            &mail("dipspy g : Printemps 1901, résultats", FRENCH),
            &[],
        );
        assert!(fr.is_empty(), "{fr:?}");
        let de = english_lines(
            "de",
            &mail("dipspy g: Frühjahr 1901, Ergebnisse", GERMAN),
            &[],
        );
        assert!(de.is_empty(), "{de:?}");
    }

    /// What a reader wrote is theirs: quoted lines, and their own lines
    /// echoed or their press relayed, are not counted; the same English in
    /// the judge's own words is.
    #[test]
    fn language_check_leaves_out_what_the_players_wrote() {
        let body = format!(
            "{FRENCH}> Your orders have been received, said the old judge.\n\
             Ligne 7 : PRESS TO G\n  OK : message envoyé\n\
             De : France\n\nThe sea is yours if you want it.\n"
        );
        let written = vec!["PRESS TO G\nThe sea is yours if you want it.\nENDPRESS".to_string()];
        assert!(english_lines("fr", &mail("x", &body), &written).is_empty());
        let bad = english_lines("fr", &mail("x", &body), &[]);
        assert_eq!(bad, vec!["The sea is yours if you want it."]);
    }

    /// Every French and German text of the catalogue (placeables taken
    /// out) reads as French or German to the check: it does not flag the
    /// words the judge really uses.
    #[test]
    fn language_check_accepts_every_french_and_german_catalogue_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/text");
        for lang in ["fr", "de"] {
            let mut files = vec![root.join(format!("{lang}.ftl"))];
            for e in std::fs::read_dir(root.join(lang)).unwrap().flatten() {
                files.push(e.path());
            }
            let mut flagged = Vec::new();
            for f in files {
                let text = super::without_typed(&std::fs::read_to_string(&f).unwrap());
                for line in text.lines() {
                    let t = line.trim_start();
                    if t.starts_with('#') || t.is_empty() {
                        continue;
                    }
                    // The value of `key = value`, or a continuation line
                    // (a select's variant without its `[name]`).
                    let value = match line.split_once(" = ") {
                        Some((k, v)) if !line.starts_with(' ') && !k.contains(' ') => v,
                        _ => t.trim_start_matches('*'),
                    };
                    let value = match value.strip_prefix('[') {
                        Some(rest) => rest.split_once(']').map_or(rest, |(_, v)| v),
                        None => value,
                    };
                    let mut plain = String::new();
                    // A line may close a placeable an earlier line opened
                    // (`} dans la partie { $game }`): depth stays at 0.
                    let mut depth: u32 = 0;
                    for c in value.chars() {
                        match c {
                            '{' => depth += 1,
                            '}' => depth = depth.saturating_sub(1),
                            _ if depth == 0 => plain.push(c),
                            _ => {}
                        }
                    }
                    let other = if lang == "fr" {
                        super::GERMAN_WORDS
                    } else {
                        super::FRENCH_WORDS
                    };
                    if english_words(lang, &plain).len() >= 2 || super::words_in(&plain, other) >= 2
                    {
                        flagged.push(format!("{}: {line}", f.display()));
                    }
                }
            }
            assert!(flagged.is_empty(), "{lang}:\n{}", flagged.join("\n"));
        }
    }
}
