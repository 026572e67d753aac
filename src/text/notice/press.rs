//! Press between players and the game master's copies of it.
//!
//! A player's words never pass for the judge's: the press is set apart
//! under a line the judge writes (naming who wrote it where the game shows
//! senders, "an anonymous power" where it does not), every line of it
//! marked `| `, and bidirectional and zero-width controls taken out, so
//! that it can neither hide nor reorder what it says, nor start a line of
//! its own.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::MasterActed { game, power, reply } => {
            let args = Args::new().str("game", game).power("shown", power);
            let mut body = render(lang, "notice-master-acted.body", &args);
            body.push_str("\n\n");
            body.push_str(reply);
            Mail {
                subject: render(lang, "notice-master-acted.subject", &args),
                body,
            }
        }
        Notice::Press {
            game,
            from,
            to,
            text,
        } => pair(
            lang,
            "notice-press",
            Args::new()
                .str("game", game)
                .str("signed", signer(lang, from.as_deref()))
                .str("to", recipients(lang, to))
                .str(
                    "text",
                    set_apart(lang, &signer(lang, from.as_deref()), text),
                ),
        ),
        Notice::PressUnsigned {
            game,
            sender,
            to,
            text,
        } => pair(
            lang,
            "notice-press-unsigned",
            Args::new()
                .str("game", game)
                .power("sender", sender)
                .str("signed", signer(lang, None))
                .str("to", recipients(lang, to))
                .str("text", set_apart(lang, &shown(lang, sender), text)),
        ),
        Notice::FakePressTruth {
            game,
            sender,
            anonymous,
            real,
            shown: seemed,
            text,
        } => pair(
            lang,
            "notice-fake-press-truth",
            Args::new()
                .str("game", game)
                .power("sender", sender)
                .str("unsigned", if *anonymous { "yes" } else { "no" })
                .str(
                    "signed",
                    signer(lang, (!*anonymous).then_some(sender.as_str())),
                )
                .str("real", real_recipients(lang, real))
                .str("to", recipients(lang, seemed))
                .str("text", set_apart(lang, &shown(lang, sender), text)),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}

/// Press as a reader sees it: under the judge's line naming who wrote it
/// (`by`), every line marked `| `, with [`shown_press`]'s cleaning.
pub(super) fn set_apart(lang: Lang, by: &str, text: &str) -> String {
    let mut out = render(lang, "notice-press-opening", &Args::new().str("signed", by));
    for line in shown_press(text).split('\n') {
        out.push('\n');
        out.push('|');
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
    }
    out
}

/// Press text without the characters that hide or reorder text (the
/// bidirectional marks, embeddings, overrides and isolates; zero-width
/// spaces, joiners and other invisible characters), its line and paragraph
/// separators made plain line breaks (each line is then marked).
pub(super) fn shown_press(text: &str) -> String {
    text.replace("\r\n", "\n")
        .chars()
        .filter_map(|c| match c {
            '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}' => Some('\n'),
            c if hides(c) => None,
            c => Some(c),
        })
        .collect()
}

/// Whether `c` is a character that shows nothing or changes how the text
/// around it is ordered.
fn hides(c: char) -> bool {
    matches!(c,
        '\u{ad}'                      // soft hyphen
        | '\u{34f}'                   // combining grapheme joiner
        | '\u{61c}'                   // Arabic letter mark
        | '\u{115f}' | '\u{1160}'      // Hangul fillers
        | '\u{17b4}' | '\u{17b5}'      // Khmer inherent vowels
        | '\u{180b}'..='\u{180f}'      // Mongolian selectors and separator
        | '\u{200b}'..='\u{200f}'      // zero-width space, joiners, LRM, RLM
        | '\u{202a}'..='\u{202e}'      // embeddings and overrides
        | '\u{2060}'..='\u{206f}'      // word joiner, invisible operators, isolates
        | '\u{3164}' | '\u{ffa0}'      // Hangul fillers
        | '\u{fe00}'..='\u{fe0f}'      // variation selectors
        | '\u{feff}'                  // zero-width no-break space
        | '\u{fff9}'..='\u{fffb}'      // interlinear annotation
        | '\u{1d173}'..='\u{1d17a}'    // musical formatting
        | '\u{e0000}'..='\u{e007f}'    // tags
    ) || (c.is_control() && c != '\n' && c != '\t')
}

/// Press's recipients in words: `France, Italy`, `the game master`, or
/// `everybody` when there are none.
pub(crate) fn recipients(lang: Lang, to: &[Recipient]) -> String {
    if to.is_empty() {
        return crate::text::plain(lang, "notice-press-everybody");
    }
    to.iter()
        .map(|r| match r {
            Recipient::Power(n) => shown(lang, n),
            Recipient::Master => crate::text::plain(lang, "notice-press-master"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The real recipients of fake press: the powers, or everybody. A notice
/// stored before they were typed names them as shown, and everybody as
/// the word `everybody`.
fn real_recipients(lang: Lang, real: &[String]) -> String {
    let everybody = || crate::text::plain(lang, "notice-press-everybody");
    if real.is_empty() {
        return everybody();
    }
    real.iter()
        .map(|p| {
            if p.eq_ignore_ascii_case("everybody") {
                everybody()
            } else {
                shown(lang, p)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who signed press: a power, or an anonymous one.
fn signer(lang: Lang, from: Option<&str>) -> String {
    match from {
        Some(f) => shown(lang, f),
        None => crate::text::plain(lang, "notice-press-anonymous"),
    }
}
