//! The new text of a reply, told from the earlier mail its client quoted.
//!
//! Most players answer the judge with "Reply", and their client copies the
//! judge's earlier mail (which lists their earlier orders) under or above
//! what they write. [`split`] keeps the lines the player wrote and names
//! what it left out, by the rules of `quotes.toml`:
//!
//! - a line marked with `>` is quoted;
//! - a quote header (`-----Original Message-----`, `On … wrote:`, Outlook's
//!   `From: … Sent: … Subject:` block, in English, French, German and
//!   Russian, or the mark the HTML reader puts before a client's quote
//!   container) begins a quote: when the lines after it are marked with
//!   `>` (a bottom-posted reply) the quote ends with them, otherwise it runs
//!   to the end of the mail; a line of dashes or underscores just above it
//!   belongs to it;
//! - a phone's or webmail's signature line ("Sent from my iPhone") is not
//!   read;
//! - a `-- ` line ends the mail (the signature below it is not read).
//!
//! [`skipped_note`] is the one sentence the reply uses to say so.

use super::BodyLine;
use serde::Deserialize;
use std::sync::OnceLock;

/// The first character of the line the HTML reader puts just before an
/// element the rules name as a client's quote container, followed by the
/// rule's number (see `src/mail/html.rs`).
pub const HTML_MARK: char = '\u{E000}';

#[derive(Debug, Deserialize)]
struct Rules {
    separator: Vec<Separator>,
    attribution: Vec<Attribution>,
    header_block: Vec<HeaderBlock>,
    signature: Vec<Signature>,
    html: Vec<HtmlRule>,
}

#[derive(Debug, Deserialize)]
struct Separator {
    name: String,
    text: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Attribution {
    name: String,
    starts: String,
    ends: Vec<String>,
    #[serde(default)]
    contains: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct HeaderBlock {
    name: String,
    from: Vec<String>,
    date: Vec<String>,
    subject: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Signature {
    name: String,
    starts: Vec<String>,
}

/// An HTML element that holds (or heads) a client's quote.
#[derive(Debug, Deserialize)]
pub struct HtmlRule {
    /// Its name in the catalogues (`commands-html-quote`).
    pub id: String,
    /// What the reply calls it (in English).
    pub name: String,
    /// Texts (lower case) of which one is in the element's opening tag.
    pub attr: Vec<String>,
}

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        toml::from_str(include_str!("quotes.toml")).expect("src/command/quotes.toml is valid")
    })
}

/// The HTML quote containers, in the order of `quotes.toml`.
pub fn html_rules() -> &'static [HtmlRule] {
    &rules().html
}

/// What a run of lines not read was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// A quoted mail, named by the rule of its header.
    Quote(&'static str),
    /// Lines marked with `>` and no header.
    Marked,
    /// A signature line of a phone or webmail.
    Signature(&'static str),
    /// The lines below a `-- ` signature mark.
    BelowSignature,
}

/// Lines of a body not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based number of the first line.
    pub line: usize,
    /// How many of them hold a letter or a digit.
    pub lines: usize,
    pub what: Skip,
}

/// The body's lines that count (trimmed, numbered as in the mail), and
/// what was left out.
pub fn split(body: &str) -> (Vec<BodyLine<'_>>, Vec<Skipped>) {
    let lines: Vec<&str> = body.lines().collect();
    let n = lines.len();
    let mut out: Vec<BodyLine<'_>> = Vec::new();
    let mut skipped: Vec<Skipped> = Vec::new();
    // The entry of the `>` lines being read, until a line is read.
    let mut run: Option<usize> = None;
    let mut i = 0;
    while i < n {
        let raw = lines[i];
        let trimmed_start = raw.trim_start();
        let text = trimmed_start.trim_end();
        if text == "--" {
            push(
                &mut skipped,
                i,
                count(&lines[i + 1..]),
                Skip::BelowSignature,
            );
            break;
        }
        if text.starts_with('>') {
            let c = count(&lines[i..=i]);
            match run {
                Some(r) => skipped[r].lines += c,
                None => {
                    // Named by the header it begins with, if any.
                    let inner = text.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
                    let what = match quote_start(&[inner], 0) {
                        Some((name, _)) => Skip::Quote(name),
                        None => Skip::Marked,
                    };
                    skipped.push(Skipped {
                        line: i + 1,
                        lines: c,
                        what,
                    });
                    run = Some(skipped.len() - 1);
                }
            }
            i += 1;
            continue;
        }
        if !text.is_empty() {
            run = None;
        }
        if let Some((name, span)) = quote_start(&lines, i) {
            let end = quote_end(&lines, i + span);
            // A rule line and blank lines just above belong to the quote.
            let mut k = out.len();
            let mut rule = false;
            while k > 0 {
                let t = out[k - 1].text;
                if t.is_empty() || is_rule_line(t) {
                    rule |= !t.is_empty();
                    k -= 1;
                } else {
                    break;
                }
            }
            if rule {
                out.truncate(k);
            }
            run = None;
            push(&mut skipped, i, count(&lines[i..end]), Skip::Quote(name));
            i = end;
            continue;
        }
        if let Some(name) = signature(text) {
            run = None;
            push(&mut skipped, i, 1, Skip::Signature(name));
            i += 1;
            continue;
        }
        let column = raw[..raw.len() - trimmed_start.len()].chars().count() + 1;
        out.push(BodyLine {
            number: i + 1,
            column,
            text,
        });
        i += 1;
    }
    (out, skipped)
}

fn push(skipped: &mut Vec<Skipped>, i: usize, lines: usize, what: Skip) {
    skipped.push(Skipped {
        line: i + 1,
        lines,
        what,
    });
}

/// Lines with a letter or digit: what a reader would call a line of text.
fn count(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| {
            let t = l.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
            !t.starts_with(HTML_MARK) && t.chars().any(char::is_alphanumeric)
        })
        .count()
}

fn is_rule_line(t: &str) -> bool {
    t.chars().count() >= 3 && t.chars().all(|c| "-_=*─━—–~".contains(c))
}

/// The line lower-cased, without the spaces, dashes, underscores, `*` and
/// `=` around it.
fn norm(line: &str) -> String {
    line.trim_matches(|c: char| c.is_whitespace() || "-_*=".contains(c))
        .to_lowercase()
}

/// Longer lines are never a quote header.
const MAX_HEADER_CHARS: usize = 300;

/// Whether a quote begins at line `i`: the name of its rule and how many
/// lines its header takes.
fn quote_start(lines: &[&str], i: usize) -> Option<(&'static str, usize)> {
    let raw = lines[i].trim();
    if raw.is_empty() || raw.len() > MAX_HEADER_CHARS {
        return None;
    }
    let r = rules();
    if let Some(rest) = raw.strip_prefix(HTML_MARK) {
        let name = rest
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|k| r.html.get(k))
            .map_or("a quoted part of the HTML", |h| h.name.as_str());
        return Some((name, 1));
    }
    // Every header holds a colon or begins with a rule (dashes...), or is
    // the first half of an attribution whose second half ends with one:
    // an order never does, and is passed over without more work.
    let next_colon = lines
        .get(i + 1)
        .is_some_and(|l| l.trim_end().ends_with(':'));
    if !raw.contains(':') && !raw.starts_with(['-', '_', '=', '*']) && !next_colon {
        return None;
    }
    let n = norm(raw);
    if n.is_empty() {
        return None;
    }
    if let Some(s) = r.separator.iter().find(|s| s.text.contains(&n)) {
        return Some((&s.name, 1));
    }
    if let Some(a) = attribution(&n) {
        return Some((a, 1));
    }
    // An attribution the client wrapped over two lines.
    if let Some(next) = lines.get(i + 1).map(|l| l.trim())
        && !next.is_empty()
        && next.len() < MAX_HEADER_CHARS
        && next.ends_with(':')
        && attribution(&norm(next)).is_none()
        && let Some(a) = attribution(&format!("{n} {}", norm(next)))
    {
        return Some((a, 2));
    }
    for h in &r.header_block {
        if !h.from.iter().any(|f| n.starts_with(f.as_str())) {
            continue;
        }
        let next: Vec<String> = lines[i + 1..].iter().take(8).map(|l| norm(l)).collect();
        let has = |words: &[String]| {
            next.iter()
                .any(|l| words.iter().any(|w| l.starts_with(w.as_str())))
        };
        if has(&h.date) && has(&h.subject) {
            return Some((&h.name, 1));
        }
    }
    None
}

fn attribution(n: &str) -> Option<&'static str> {
    // Every client writes a date or an address in it.
    if !n.chars().any(|c| c.is_ascii_digit() || c == '@') {
        return None;
    }
    rules()
        .attribution
        .iter()
        .find(|a| {
            n.starts_with(a.starts.as_str())
                && a.ends.iter().any(|e| n.ends_with(e.as_str()))
                && a.contains.iter().all(|c| n.contains(c.as_str()))
        })
        .map(|a| a.name.as_str())
}

/// Where a quote whose header ends before line `k` ends: after its `>`
/// lines when it has them, else at the end of the mail.
fn quote_end(lines: &[&str], mut k: usize) -> usize {
    let n = lines.len();
    let blank = |l: &str| l.trim().is_empty();
    let marked = |l: &str| l.trim_start().starts_with('>');
    // Headers in a row (a mark, an attribution, a header block) are one.
    loop {
        while k < n && blank(lines[k]) {
            k += 1;
        }
        match (k < n).then(|| quote_start(lines, k)).flatten() {
            Some((_, span)) => k += span,
            None => break,
        }
    }
    if k < n && !marked(lines[k]) {
        return n;
    }
    while k < n {
        if blank(lines[k]) || marked(lines[k]) {
            k += 1;
        } else if let Some((_, span)) = quote_start(lines, k) {
            k += span;
        } else {
            break;
        }
    }
    k
}

fn signature(text: &str) -> Option<&'static str> {
    if text.is_empty() || text.chars().count() > 100 || !text.chars().any(char::is_alphabetic) {
        return None;
    }
    // The first letter first: most lines go no further.
    let first = text.chars().next()?.to_lowercase().next()?;
    if !rules()
        .signature
        .iter()
        .any(|s| s.starts.iter().any(|p| p.starts_with(first)))
    {
        return None;
    }
    let n = norm(text);
    rules()
        .signature
        .iter()
        .find(|s| s.starts.iter().any(|p| n.starts_with(p.as_str())))
        .map(|s| s.name.as_str())
}

/// The sentence the reply gives about the lines not read, or None when
/// every line was read, in English: "12 quoted lines (from
/// `-----Original Message-----`) were not read." (See
/// [`skipped_note_in`].)
pub fn skipped_note(skipped: &[Skipped]) -> Option<String> {
    skipped_note_in(crate::text::Lang::En, skipped)
}

/// The sentence about the lines not read, in `lang`.
pub fn skipped_note_in(lang: crate::text::Lang, skipped: &[Skipped]) -> Option<String> {
    crate::text::commands::skipped(lang, &skipped_parts(skipped))
}

/// What was left out, one part per kind in the order first met, with its
/// count of lines.
pub fn skipped_parts(skipped: &[Skipped]) -> Vec<(Skip, usize)> {
    let mut parts: Vec<(Skip, usize)> = Vec::new();
    for s in skipped.iter().filter(|s| s.lines > 0) {
        match parts.iter_mut().find(|(w, _)| *w == s.what) {
            Some((_, n)) => *n += s.lines,
            None => parts.push((s.what, s.lines)),
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(body: &str) -> Vec<&str> {
        split(body).0.into_iter().map(|l| l.text).collect()
    }

    fn note(body: &str) -> String {
        skipped_note(&split(body).1).unwrap_or_default()
    }

    #[test]
    fn the_table_reads() {
        let r = rules();
        assert!(!r.separator.is_empty() && !r.attribution.is_empty());
        assert!(!r.header_block.is_empty() && !r.signature.is_empty());
        assert!(!r.html.is_empty());
    }

    #[test]
    fn marked_lines_are_skipped_and_counted() {
        let b = "A par - bur\n> A par - pic\n> \n> F bre - mao\nA mar H";
        assert_eq!(kept(b), ["A par - bur", "A mar H"]);
        assert_eq!(note(b), "2 quoted lines (marked with `>`) were not read.");
    }

    #[test]
    fn outlook_original_message_runs_to_the_end() {
        let b = "A par - bur\r\n\r\n-----Original Message-----\r\nFrom: Judge\r\nSent: Saturday\r\nTo: France\r\nSubject: Re: orders\r\n\r\nLine 2: A par - pic\r\n  A par - pic\r\n";
        assert_eq!(kept(b), ["A par - bur", ""]);
        assert_eq!(
            note(b),
            "7 quoted lines (from `-----Original Message-----`) were not read."
        );
    }

    #[test]
    fn header_blocks_in_three_languages_and_the_rule_above_them() {
        for (from, sent, subject, name) in [
            (
                "From: Judge",
                "Sent: Sat",
                "Subject: x",
                "From: … Sent: … To: … Subject:",
            ),
            (
                "De : Judge",
                "Envoyé : samedi",
                "Objet : x",
                "De : … Envoyé : … À : … Objet :",
            ),
            (
                "Von: Judge",
                "Gesendet: Samstag",
                "Betreff: x",
                "Von: … Gesendet: … An: … Betreff:",
            ),
            (
                "*From:* Judge",
                "*Sent:* Sat",
                "*Subject:* x",
                "From: … Sent: … To: … Subject:",
            ),
        ] {
            let b = format!(
                "A par - bur\n\n________________________________\n{from}\n{sent}\nTo: x\n{subject}\n\nA par - pic\n"
            );
            assert_eq!(kept(&b), ["A par - bur"], "{b}");
            assert_eq!(
                note(&b),
                format!("5 quoted lines (from `{name}`) were not read.")
            );
        }
        // A `From:` line alone is not a quote.
        assert_eq!(kept("From: me\nA par - bur"), ["From: me", "A par - bur"]);
    }

    #[test]
    fn attributions_top_and_bottom_posted() {
        let top = "A par - bur\n\nOn Sat, Mar 1, 2025 at 12:00 PM Judge <judge@x.org> wrote:\n\n> A par - pic\n";
        assert_eq!(kept(top), ["A par - bur", ""]);
        assert_eq!(
            note(top),
            "2 quoted lines (from `On … wrote:`) were not read."
        );
        let bottom = "Le sam. 1 mars 2025 à 12:00, Judge <judge@x.org> a écrit :\n> A par - pic\n>\n\nA par - bur\n";
        assert_eq!(kept(bottom), ["A par - bur"]);
        assert_eq!(
            note(bottom),
            "2 quoted lines (from `Le … a écrit :`) were not read."
        );
        let wrapped = "A par - bur\nAm Sa., 1. März 2025 um 12:00 Uhr schrieb Judge <\njudge@x.org>:\n> A par - pic\n";
        assert_eq!(kept(wrapped), ["A par - bur"]);
        assert_eq!(
            note(wrapped),
            "3 quoted lines (from `Am … schrieb …:`) were not read."
        );
        // Yahoo's older text: `--- On … wrote:` and the quote unmarked.
        let yahoo = "A par - bur\n\n--- On Sat, 3/1/25, Judge <judge@x.org> wrote:\n\nFrom: Judge\nA par - pic\n";
        assert_eq!(kept(yahoo), ["A par - bur", ""]);
        // Without a date or an address it is a sentence, not a header.
        assert_eq!(kept("On Monday Russia wrote:"), ["On Monday Russia wrote:"]);
    }

    #[test]
    fn russian_attributions() {
        for a in [
            "Суббота, 1 марта 2025, 12:00 +03:00 от Judge <judge@x.org>:",
            "01.03.2025, 12:00, \"Judge\" <judge@x.org>:",
        ] {
            let b = format!("A par - bur\n\n{a}\n> A par - pic\n");
            assert_eq!(kept(&b), ["A par - bur", ""], "{a}");
        }
    }

    #[test]
    fn signatures_are_not_read_and_reading_goes_on() {
        let b = "A par - bur\n\nSent from my iPhone\n\nOn 1 Mar 2025, at 12:00, Judge <judge@x.org> wrote:\n> A par - pic\n";
        assert_eq!(kept(b), ["A par - bur", "", ""]);
        assert_eq!(
            note(b),
            "1 signature line (`Sent from my …`) and 2 quoted lines (from `On … wrote:`) were not read."
        );
        for s in [
            "Envoyé de mon iPhone",
            "Von meinem iPhone gesendet",
            "Get Outlook for Android",
        ] {
            assert_eq!(kept(&format!("A par H\n{s}")), ["A par H"], "{s}");
        }
        let dash = "A par H\n-- \nAlice\nParis";
        assert_eq!(kept(dash), ["A par H"]);
        assert_eq!(
            note(dash),
            "2 lines below the signature mark `-- ` were not read."
        );
        assert_eq!(note("A par H\n--"), "");
    }

    #[test]
    fn the_html_mark_names_its_rule() {
        let b = format!("A par - bur\n{HTML_MARK}0\nOn Sat wrote 1:\nA par - pic");
        assert_eq!(kept(&b), ["A par - bur"]);
        assert_eq!(
            note(&b),
            format!(
                "2 quoted lines (from `{}`) were not read.",
                html_rules()[0].name
            )
        );
    }

    #[test]
    fn orders_and_commands_are_never_quote_headers() {
        let b = "SIGNON F vet pw\nA par - bur\nF bre - mao\nBuild A par\nPRESS TO E\nHello: we meet on 1901 at sea\nENDPRESS\nSET DRAW\n";
        assert_eq!(split(b).1, []);
    }
}
