//! The new text of a reply, told from the earlier mail its client quoted.
//!
//! Most players answer the judge with "Reply", and their client copies the
//! judge's earlier mail (which lists their earlier orders) under or above
//! what they write. [`split`] keeps the lines the player wrote and names
//! what it left out, by the rules of `quotes.toml`, found by the shape of
//! the lines rather than by client:
//!
//! - a line marked with `>` is quoted (inside a press that an ENDPRESS
//!   closes further down, it is the press's own text);
//! - a quote header begins a quote: a separator (`-----Original
//!   Message-----`, `----- Mail original -----`), an attribution (`On …
//!   wrote:`, `Am … hat … Folgendes geschrieben:`), a block of two or more
//!   `Label: value` header lines in any of nine languages (Outlook's
//!   `From: … Sent: … Subject:`, GMX's `Gesendet: … Von: … An: …
//!   Betreff:`, with no `>`), or the mark the HTML reader puts before a
//!   client's quote container. When the lines after it are marked with
//!   `>` (a bottom-posted reply) the quote ends with them, otherwise it
//!   runs to the end of the mail; a line of dashes or underscores just
//!   above it belongs to it. The quote is named in the reader's own words:
//!   the separator and the labels as the mail writes them;
//! - a line that looks like the head of an earlier mail no rule places (a
//!   lone `From:` line with an address, a header line under a long rule)
//!   begins a quote too, named as one the judge could not place: what
//!   follows is not read as orders;
//! - inside a press only a full header block (a `from`, a `subject` and a
//!   third line) begins a quote, so that a press may hold `From:` lines;
//! - a phone's or webmail's signature line ("Sent from my iPhone") is not
//!   read;
//! - a `-- ` line ends the mail (the signature below it is not read).
//!
//! Every rule looks at a bounded number of lines from where it starts,
//! and reading never goes back: the work is linear in the mail's length.
//!
//! [`skipped_parts`] counts them, and the words layer
//! (`text::commands::skipped_note`) gives the one sentence the reply uses
//! to say so.

use super::BodyLine;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The first character of the line the HTML reader puts just before an
/// element the rules name as a client's quote container, followed by the
/// rule's number (see `src/mail/html.rs`).
pub(crate) const HTML_MARK: char = '\u{E000}';

#[derive(Debug, Deserialize)]
struct Rules {
    separators: Vec<String>,
    attribution: Vec<Attribution>,
    header: Labels,
    signature: Vec<Signature>,
    html: Vec<HtmlRule>,
}

#[derive(Debug, Deserialize)]
struct Attribution {
    name: String,
    starts: String,
    ends: Vec<String>,
    #[serde(default)]
    contains: Vec<String>,
}

/// The labels of a header line (`From:`, `Von:`, `De :`...), by kind.
#[derive(Debug, Deserialize)]
struct Labels {
    from: Vec<String>,
    date: Vec<String>,
    to: Vec<String>,
    copy: Vec<String>,
    subject: Vec<String>,
    other: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    From,
    Date,
    To,
    Copy,
    Subject,
    Other,
}

#[derive(Debug, Deserialize)]
struct Signature {
    name: String,
    starts: Vec<String>,
}

/// An HTML element that holds (or heads) a client's quote.
#[derive(Debug, Deserialize)]
pub(crate) struct HtmlRule {
    /// Its name in the catalogues (`commands-html-quote`).
    pub id: String,
    /// What the reply calls it (in English).
    pub name: String,
    /// Texts (lower case) of which one is in the element's opening tag.
    pub attr: Vec<String>,
    /// The element opens a quote only when a header follows it (a rule
    /// line in many mails that are not quotes).
    #[serde(default)]
    pub header_after: bool,
}

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        toml::from_str(include_str!("quotes.toml")).expect("src/command/quotes.toml is valid")
    })
}

/// Every header label, lower case, with its kind.
fn labels() -> &'static HashMap<String, Label> {
    static LABELS: OnceLock<HashMap<String, Label>> = OnceLock::new();
    LABELS.get_or_init(|| {
        let h = &rules().header;
        let mut m = HashMap::new();
        // A label in two lists (`data`, `de`) keeps its first kind.
        for (kind, list) in [
            (Label::From, &h.from),
            (Label::Date, &h.date),
            (Label::Subject, &h.subject),
            (Label::To, &h.to),
            (Label::Copy, &h.copy),
            (Label::Other, &h.other),
        ] {
            for l in list {
                m.entry(l.clone()).or_insert(kind);
            }
        }
        m
    })
}

/// The HTML quote containers, in the order of `quotes.toml`.
pub(crate) fn html_rules() -> &'static [HtmlRule] {
    &rules().html
}

/// What a run of lines not read was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// A quoted mail, named by its header as the mail writes it (a
    /// separator's words, a header block's labels) or by the pattern of
    /// its attribution in the client's language.
    Quote(String),
    /// A quoted mail in an HTML client's container, named by the rule's
    /// English name (see [`html_rules`]), with no header to name it by.
    Html(&'static str),
    /// Lines marked with `>` and no header.
    Marked,
    /// The rest of the mail from a line that looks like the head of an
    /// earlier mail the rules cannot place (named by its label, as
    /// written): not read, so that no quoted order is taken as new.
    Unplaced(String),
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

/// Where reading is, for the rules that differ inside a press.
struct Reader<'a> {
    lines: Vec<&'a str>,
    /// Inside a PRESS or BROADCAST block not yet closed.
    in_press: bool,
    /// The number of the last ENDPRESS line of the mail, once looked for.
    last_endpress: Option<Option<usize>>,
}

impl Reader<'_> {
    /// Whether an ENDPRESS line comes after line `i` (`>` lines before it
    /// belong to the press).
    fn endpress_after(&mut self, i: usize) -> bool {
        let lines = &self.lines;
        let last = *self
            .last_endpress
            .get_or_insert_with(|| lines.iter().rposition(|l| super::closes_press(l.trim())));
        last.is_some_and(|e| e > i)
    }
}

/// The body's lines that count (trimmed, numbered as in the mail), and
/// what was left out.
pub(crate) fn split(body: &str) -> (Vec<BodyLine<'_>>, Vec<Skipped>) {
    let mut r = Reader {
        lines: body.lines().collect(),
        in_press: false,
        last_endpress: None,
    };
    let n = r.lines.len();
    let mut out: Vec<BodyLine<'_>> = Vec::new();
    let mut skipped: Vec<Skipped> = Vec::new();
    // The entry of the `>` lines being read, until a line is read.
    let mut run: Option<usize> = None;
    let mut i = 0;
    while i < n {
        let raw = r.lines[i];
        let trimmed_start = raw.trim_start();
        let text = trimmed_start.trim_end();
        if text == "--" {
            push(
                &mut skipped,
                i,
                count(&r.lines[i + 1..]),
                Skip::BelowSignature,
            );
            break;
        }
        let in_press = r.in_press;
        if text.starts_with('>') && !(in_press && r.endpress_after(i)) {
            marked_line(&r.lines, i, text, &mut run, &mut skipped);
            i += 1;
            continue;
        }
        if !text.is_empty() {
            run = None;
        }
        match quote_start(&r.lines, i, in_press) {
            Some(Start::Quote(what, span)) => {
                let end = quote_end(&r.lines, i + span);
                drop_rule_above(&mut out);
                run = None;
                push(&mut skipped, i, count(&r.lines[i..end]), what);
                i = end;
                continue;
            }
            // An HTML mark that heads nothing: not a line of text.
            Some(Start::Nothing) => {
                i += 1;
                continue;
            }
            None => {}
        }
        if let Some(name) = signature(text) {
            run = None;
            push(&mut skipped, i, 1, Skip::Signature(name));
            i += 1;
            continue;
        }
        if !text.is_empty() {
            r.in_press = if in_press {
                !super::closes_press(text)
            } else {
                super::opens_press(text)
            };
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

/// A line marked with `>`: counted with the run it belongs to, or the
/// first of a new run (named by the header it begins with, if any).
fn marked_line(
    lines: &[&str],
    i: usize,
    text: &str,
    run: &mut Option<usize>,
    skipped: &mut Vec<Skipped>,
) {
    let c = count(&lines[i..=i]);
    match *run {
        Some(r) => skipped[r].lines += c,
        None => {
            let inner = text.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
            let what = match quote_start(&[inner], 0, false) {
                Some(Start::Quote(what @ Skip::Quote(_), _)) => what,
                _ => Skip::Marked,
            };
            skipped.push(Skipped {
                line: i + 1,
                lines: c,
                what,
            });
            *run = Some(skipped.len() - 1);
        }
    }
}

/// A rule line and blank lines just above a quote belong to it.
fn drop_rule_above(out: &mut Vec<BodyLine<'_>>) {
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

/// The no-break spaces clients put before a colon (French) or in dates.
fn is_odd_space(c: char) -> bool {
    matches!(c, '\u{a0}' | '\u{202f}' | '\u{2007}')
}

/// The line without the spaces, dashes, underscores, `*` and `=` around
/// it, and with plain spaces for no-break ones.
fn trim_around(line: &str) -> String {
    line.trim_matches(|c: char| c.is_whitespace() || "-_*=".contains(c))
        .replace(is_odd_space, " ")
}

/// [`trim_around`], lower-cased.
fn norm(line: &str) -> String {
    trim_around(line).to_lowercase()
}

/// A name as the reply quotes it between backticks: no backtick, not
/// longer than 60 characters.
fn shown(name: &str) -> String {
    let clean: String = name.replace('`', "'");
    if clean.chars().count() <= 60 {
        clean
    } else {
        let mut s: String = clean.chars().take(59).collect();
        s.push('…');
        s
    }
}

/// Longer lines are never a quote header.
const MAX_HEADER_CHARS: usize = 300;

/// Header lines a block may have (more are read as the quote's text).
const MAX_HEADER_LINES: usize = 12;

/// What a line begins.
enum Start {
    /// A quote, named, whose header takes this many lines.
    Quote(Skip, usize),
    /// Nothing at all: an HTML mark whose rule wants a header after it,
    /// with none there.
    Nothing,
}

/// Whether a quote begins at line `i`: what it is and how many lines its
/// header takes. Inside a press (`in_press`) only a full header block is
/// one, and a lone header line is text.
fn quote_start(lines: &[&str], i: usize, in_press: bool) -> Option<Start> {
    let raw = lines[i].trim();
    if raw.is_empty() || raw.len() > MAX_HEADER_CHARS {
        return None;
    }
    if let Some(rest) = raw.strip_prefix(HTML_MARK) {
        return Some(html_start(lines, i, rest));
    }
    if let Some((name, span)) = header_start(lines, i) {
        return Some(Start::Quote(Skip::Quote(name), span));
    }
    if let Some((name, span)) = header_block(lines, i, in_press) {
        return Some(Start::Quote(Skip::Quote(name), span));
    }
    if !in_press && let Some(label) = unplaced(lines, i) {
        return Some(Start::Quote(Skip::Unplaced(label), 1));
    }
    None
}

/// A quote begun by the mark the HTML reader puts before a client's
/// container: named by the header right after it, if any, else by the
/// container's rule.
fn html_start(lines: &[&str], i: usize, rest: &str) -> Start {
    let rule = rest
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|k| html_rules().get(k));
    // The next line that is neither blank nor another mark.
    let next = (i + 1..lines.len().min(i + 8)).find(|&k| {
        let t = lines[k].trim();
        !t.is_empty() && !t.starts_with(HTML_MARK)
    });
    let header = next.and_then(|k| {
        header_start(lines, k)
            .or_else(|| header_block(lines, k, false))
            .map(|(name, _)| name)
    });
    match (header, rule) {
        (Some(name), _) => Start::Quote(Skip::Quote(name), 1),
        (None, Some(r)) if r.header_after => Start::Nothing,
        (None, Some(r)) => Start::Quote(Skip::Html(r.name.as_str()), 1),
        (None, None) => Start::Quote(Skip::Html("HTML"), 1),
    }
}

/// A separator or an attribution (one line, or two when the client
/// wrapped it): its name and how many lines it takes.
fn header_start(lines: &[&str], i: usize) -> Option<(String, usize)> {
    let raw = lines[i].trim();
    // Every such header holds a colon or begins with a rule (dashes...),
    // or is the first half of an attribution whose second half ends with
    // one: an order never does, and is passed over without more work.
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
    if rules().separators.contains(&n) {
        return Some((shown(&trim_around(raw)), 1));
    }
    if let Some(a) = attribution(&n) {
        return Some((a.to_string(), 1));
    }
    // An attribution the client wrapped over two lines.
    if let Some(next) = lines.get(i + 1).map(|l| l.trim())
        && !next.is_empty()
        && next.len() < MAX_HEADER_CHARS
        && next.ends_with(':')
        && attribution(&norm(next)).is_none()
        && let Some(a) = attribution(&format!("{n} {}", norm(next)))
    {
        return Some((a.to_string(), 2));
    }
    None
}

/// The label of a header line (`From: …`, `*Von:* …`, `De : …`, `Envoyé
/// : …` with a no-break space): its kind and the label as written, with
/// its colon.
fn header_label(line: &str) -> Option<(Label, String)> {
    let t = line.trim().trim_start_matches('*');
    let colon = t.find(':')?;
    let before = &t[..colon];
    if before.is_empty() || before.len() > 40 {
        return None;
    }
    let label = before.trim_end_matches(|c: char| c == '*' || c.is_whitespace());
    let spaced = label.len() < before.trim_end_matches('*').len();
    let kind = *labels().get(&label.replace(is_odd_space, " ").to_lowercase())?;
    let written = if spaced {
        format!("{label} :")
    } else {
        format!("{label}:")
    };
    Some((kind, written.replace(is_odd_space, " ")))
}

/// A block of two or more header lines in a row at line `i`, one of them
/// a `from` or a `date` line (inside a press: three or more, with a
/// `from` and a `subject` line): named by its labels, and its length.
fn header_block(lines: &[&str], i: usize, in_press: bool) -> Option<(String, usize)> {
    let (first, written) = header_label(lines[i])?;
    let mut kinds = vec![first];
    let mut names = vec![written];
    for l in lines[i + 1..].iter().take(MAX_HEADER_LINES - 1) {
        match header_label(l) {
            Some((k, w)) => {
                kinds.push(k);
                names.push(w);
            }
            None => break,
        }
    }
    let has = |k: Label| kinds.contains(&k);
    let is_block = if in_press {
        kinds.len() >= 3 && has(Label::From) && has(Label::Subject)
    } else {
        kinds.len() >= 2 && (has(Label::From) || has(Label::Date))
    };
    is_block.then(|| (shown(&names.join(" … ")), kinds.len()))
}

/// A line that heads an earlier mail though no rule places it: a `from`
/// line naming an address (`From: Judge <judge@…>`), or a header line
/// right under a long rule (`______`). Named by its label.
fn unplaced(lines: &[&str], i: usize) -> Option<String> {
    let (kind, written) = header_label(lines[i])?;
    let value = lines[i].split_once(':').map_or("", |(_, v)| v);
    let address = kind == Label::From && value.contains('@') && value.contains('<');
    let under_rule = i > 0 && {
        let above = lines[i - 1].trim();
        above.chars().count() >= 10 && is_rule_line(above)
    };
    (address || under_rule).then(|| shown(&format!("{written} …")))
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
    let header = |k: usize| match quote_start(lines, k, false) {
        Some(Start::Quote(_, span)) => Some(span),
        Some(Start::Nothing) => Some(1),
        None => None,
    };
    // Headers in a row (a mark, an attribution, a header block) are one.
    loop {
        while k < n && blank(lines[k]) {
            k += 1;
        }
        match (k < n).then(|| header(k)).flatten() {
            Some(span) => k += span,
            None => break,
        }
    }
    if k < n && !marked(lines[k]) {
        return n;
    }
    while k < n {
        if blank(lines[k]) || marked(lines[k]) {
            k += 1;
        } else if let Some(span) = header(k) {
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

/// What was left out, one part per kind in the order first met, with its
/// count of lines.
pub(crate) fn skipped_parts(skipped: &[Skipped]) -> Vec<(Skip, usize)> {
    let mut parts: Vec<(Skip, usize)> = Vec::new();
    for s in skipped.iter().filter(|s| s.lines > 0) {
        match parts.iter_mut().find(|(w, _)| *w == s.what) {
            Some((_, n)) => *n += s.lines,
            None => parts.push((s.what.clone(), s.lines)),
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

    #[test]
    fn the_table_reads() {
        let r = rules();
        assert!(!r.separators.is_empty() && !r.attribution.is_empty());
        assert!(labels().len() > 50 && !r.signature.is_empty());
        assert!(!r.html.is_empty());
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

    /// Lines that make the rules look ahead, many times over: the time
    /// grows with the length of the mail, not with its square.
    #[test]
    fn splitting_stays_linear_on_lines_that_look_like_headers() {
        let at = html_rules().iter().position(|r| r.header_after).unwrap();
        let unit = format!(
            "PRESS TO E\nFrom: a\nx\n> y\nDate: 1\nz\n{HTML_MARK}{at}\n\n\nAm 1 schrieb\nw\n"
        );
        let time = |n: usize| {
            let body = unit.repeat(n);
            let start = std::time::Instant::now();
            let (kept, _) = split(&body);
            assert!(kept.len() >= n * 5);
            start.elapsed()
        };
        let small = time(500);
        let large = time(4_000);
        // Eight times the mail; a quadratic split would take 64 times as
        // long. Half of that leaves room for a busy machine.
        assert!(
            large < small * 32 + std::time::Duration::from_millis(200),
            "{small:?} for 500, {large:?} for 4,000"
        );
    }

    #[test]
    fn orders_and_commands_are_never_quote_headers() {
        let b = "SIGNON F vet pw\nA par - bur\nF bre - mao\nBuild A par\nPRESS TO E\nHello: we meet on 1901 at sea\nENDPRESS\nSET DRAW\n";
        assert_eq!(split(b).1, []);
    }
}
