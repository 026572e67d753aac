//! The check every mail test runs on every mail the judge sends: a player
//! receives no password (anybody's, their own included: the judge never
//! repeats one) and no other player's address.

#![allow(dead_code)]

/// A mail as its reader sees it: the subject, then the plain-text body
/// (decoded from quoted-printable or base64), then the raw headers.
pub fn readable(raw: &[u8]) -> String {
    let m = mail_parser::MessageParser::default()
        .parse(raw)
        .expect("the judge's mail parses");
    let body = m
        .body_text(0)
        .map(|b| b.replace("\r\n", "\n"))
        .unwrap_or_default();
    let html = m.body_html(0).map(|b| b.into_owned()).unwrap_or_default();
    let headers = String::from_utf8_lossy(&raw[..m.root_part().raw_body_offset() as usize]);
    format!(
        "{}\n{body}\n{html}\n{headers}",
        m.subject().unwrap_or_default()
    )
}

/// Panics when the mail `raw`, received by `to`, holds one of `passwords`
/// or an address of `addresses` other than `to` itself.
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
