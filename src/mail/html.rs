//! An HTML mail as the text the judge reads, line by line.
//!
//! The rendering is `html2text`'s: `<div>`, `<p>`, `<br>`, `<li>` and
//! `<tr>` end a line, and a `<blockquote>`'s lines come out marked with
//! `>` (so they are quoted text, as in a plain mail). Clients that wrap
//! the earlier mail in an element of their own (Gmail's `gmail_quote`,
//! Outlook's `divRplyFwdMsg` or its border-top header block, Thunderbird's
//! `moz-cite-prefix`, Yahoo's `yahoo_quoted`...) are found by the table in
//! `src/command/quotes.toml`: a line with [`quote::HTML_MARK`] and the
//! rule's number is put just before such an element, and the quote rules
//! of [`quote`] take it from there.

use crate::command::quote;

/// Wide enough that no line a player writes is wrapped.
const WIDTH: usize = 10_000;

/// How deep elements may nest before their tags are dropped (their text
/// is kept): the HTML parser and renderer take time growing with the
/// square of the depth, so a mail of nothing but `<div>`s would cost
/// seconds. No mail a person writes nests this deep.
pub(crate) const MAX_DEPTH: usize = 64;

/// Elements that hold nothing, or that the HTML parser closes by itself
/// when the next one opens: they are not counted as nesting.
const NOT_NESTING: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr", "p", "li", "dt", "dd", "tr", "td", "th", "option", "html", "head", "body",
];

/// The text of an HTML body.
pub(crate) fn to_text(html: &str) -> String {
    let marked = mark_quotes(html);
    let text = html2text::config::plain_no_decorate()
        .link_footnotes(false)
        .raw_mode(true)
        .allow_width_overflow()
        .string_from_read(marked.as_bytes(), WIDTH)
        .unwrap_or_default();
    text.replace('\u{a0}', " ")
}

/// The lower-cased name of a tag (`<div class=x>`, `</div>`), empty
/// for a comment or a declaration.
fn tag_name(tag: &str) -> String {
    tag.trim_start_matches('<')
        .trim_start_matches('/')
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The HTML with a mark before every opening tag that the table names as
/// a client's quote container, and without the tags of elements nested
/// deeper than [`MAX_DEPTH`] (their text stays). One pass, linear in the
/// length of the HTML.
fn mark_quotes(html: &str) -> String {
    let rules = quote::html_rules();
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    let mut depth = 0usize;
    while let Some(lt) = rest.find('<') {
        let (before, tag_on) = rest.split_at(lt);
        out.push_str(before);
        let end = tag_on.find('>').map_or(tag_on.len(), |g| g + 1);
        let tag = &tag_on[..end];
        rest = &tag_on[end..];
        let name = tag_name(tag);
        let nests = !name.is_empty() && !NOT_NESTING.contains(&name.as_str());
        if tag.starts_with("</") {
            let keep = !nests || depth <= MAX_DEPTH;
            depth = depth.saturating_sub(usize::from(nests));
            if keep {
                out.push_str(tag);
            }
            continue;
        }
        if nests && !tag.ends_with("/>") {
            depth += 1;
            if depth > MAX_DEPTH {
                continue;
            }
        }
        if !tag.starts_with("<!") {
            let lower = tag.to_lowercase();
            if let Some(k) = rules
                .iter()
                .position(|r| r.attr.iter().any(|a| lower.contains(a.as_str())))
            {
                out.push_str(&format!("<div>{}{k}</div>", quote::HTML_MARK));
            }
        }
        out.push_str(tag);
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(html: &str) -> Vec<String> {
        to_text(html)
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    }

    #[test]
    fn each_div_p_br_li_and_tr_is_a_line() {
        let l = lines(
            "<div>SIGNON F vet pw</div><div>A par - bur</div><p>F bre&nbsp;- mao</p>A mar H<br>F bre H<ul><li>A par H</li></ul><table><tr><td>A mar - spa</td></tr></table>",
        );
        assert_eq!(
            l,
            [
                "SIGNON F vet pw",
                "A par - bur",
                "F bre - mao",
                "A mar H",
                "F bre H",
                "* A par H",
                "A mar - spa"
            ]
        );
    }

    #[test]
    fn blockquotes_are_marked_and_containers_get_a_mark() {
        let l = lines(
            "<div>A par - bur</div><blockquote type=\"cite\"><div>A par - pic</div></blockquote>",
        );
        assert_eq!(l, ["A par - bur", "> A par - pic"]);
        let t = to_text(
            "<div>A par - bur</div><div id=\"divRplyFwdMsg\" dir=\"ltr\"><b>From:</b> Judge<br><b>Sent:</b> Sat<br><b>Subject:</b> x</div><div>A par - pic</div>",
        );
        let (kept, skipped) = quote::split(&t);
        let kept: Vec<&str> = kept
            .iter()
            .map(|l| l.text)
            .filter(|t| !t.is_empty())
            .collect();
        assert_eq!(kept, ["A par - bur"], "{t}");
        // Named by the header block the reader sees under the container.
        assert_eq!(
            crate::text::commands::skipped_note(crate::text::Lang::En, &skipped).unwrap(),
            "4 quoted lines (from `From: … Sent: … Subject:`) were not read."
        );
        // With no header in it, by the container.
        let t =
            to_text("<div>A par - bur</div><div id=\"divRplyFwdMsg\"></div><div>A par - pic</div>");
        assert_eq!(
            crate::text::commands::skipped_note(crate::text::Lang::En, &quote::split(&t).1)
                .unwrap(),
            "1 quoted line (from `Outlook's quote (divRplyFwdMsg)`) was not read."
        );
    }

    /// GMX's `div name="quote"`, Hotmail's `hr#stopSpelling` over a header
    /// block, and a top-bordered div over a Russian one are quotes; the
    /// last two alone are not.
    #[test]
    fn gmx_hotmail_and_bordered_containers() {
        let kept = |html: &str| -> Vec<String> {
            let t = to_text(html);
            quote::split(&t)
                .0
                .iter()
                .map(|l| l.text.to_string())
                .filter(|t| !t.is_empty())
                .collect()
        };
        let gmx = "<div>A mun - bur</div><div name=\"quote\"><div>A mun - ruh</div><div>RESIGN</div></div>";
        assert_eq!(kept(gmx), ["A mun - bur"]);
        let hotmail = "<div>A par - bur<br><hr id=\"stopSpelling\">Date: Fri<br>Subject: Re<br>From: j@x.org<br>To: f@x.org<br><br>A par - pic</div>";
        assert_eq!(kept(hotmail), ["A par - bur"]);
        let ru = "<p>A par - bur</p><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p><b>От: </b>Judge<br><b>Отправлено: </b>27 ноября<br><b>Тема: </b>Re</p></div><p>A par - pic</p>";
        assert_eq!(kept(ru), ["A par - bur"]);
        for alone in [
            "<div>A par - bur<hr id=\"stopSpelling\">A mar H</div>",
            "<p>A par - bur</p><div style='border-top:solid 1pt'><p>A mar H</p></div>",
        ] {
            assert_eq!(kept(alone), ["A par - bur", "A mar H"], "{alone}");
        }
    }

    #[test]
    fn deep_nesting_is_flattened_and_its_text_kept() {
        let n = 20_000;
        let html = format!(
            "{}A par - bur{}<div>F bre - mao</div>",
            "<div>".repeat(n),
            "</div>".repeat(n)
        );
        let marked = mark_quotes(&html);
        assert_eq!(
            marked.matches("<div>").count(),
            MAX_DEPTH + 1,
            "{}",
            &marked[..200]
        );
        assert_eq!(marked.matches("</div>").count(), MAX_DEPTH + 1);
        assert_eq!(lines(&html), ["A par - bur", "F bre - mao"]);
        let unclosed = format!("{}A par H", "<span><b>".repeat(n));
        assert_eq!(mark_quotes(&unclosed).matches('<').count(), MAX_DEPTH);
        assert_eq!(lines(&unclosed), ["A par H"]);
        let shallow = "<div><div><p>x<p>y<br><br></div></div>";
        assert_eq!(mark_quotes(shallow), shallow);
    }

    #[test]
    fn bad_html_never_panics() {
        for h in [
            "<",
            "<div",
            "</",
            "<<>>",
            "<div class=gmail_quote",
            "\u{0}<p>x",
        ] {
            let _ = to_text(h);
        }
    }
}
