//! Press between players and the game master's copies of it.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::MasterActed { game, power, reply } => {
            let args = Args::new()
                .str("game", game)
                .str("shown", shown(lang, power));
            let mut body = render(lang, "notice-master-acted-body", &args);
            body.push_str("\n\n");
            body.push_str(reply);
            Mail {
                subject: render(lang, "notice-master-acted-subject", &args),
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
                .str("text", text),
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
                .str("sender", shown(lang, sender))
                .str("signed", signer(lang, None))
                .str("to", recipients(lang, to))
                .str("text", text),
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
                .str("sender", shown(lang, sender))
                .str("unsigned", if *anonymous { "yes" } else { "no" })
                .str(
                    "signed",
                    signer(lang, (!*anonymous).then_some(sender.as_str())),
                )
                .str("real", real_recipients(lang, real))
                .str("to", recipients(lang, seemed))
                .str("text", text),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}

/// Press's recipients in words: `France, Italy`, `the game master`, or
/// `everybody` when there are none.
pub fn recipients(lang: Lang, to: &[Recipient]) -> String {
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
