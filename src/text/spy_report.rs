//! Espionnite's mails in words: a power's spy report (ESP-6) and the
//! public notice that the reaction phase is open (ESP-7); see
//! `# mails: spy reports` in the catalogue.

use super::mails::when;
use super::{Args, Lang, plain, render};
use crate::engine::words::{OrderWord, spelling};
use crate::game::{ReactionOpened, SpyReport};
use crate::report::Mail;
use crate::text::Render;

/// What one power's spy learned, with how to react, in `lang`: the
/// example reaction is for one of the reader's own units, in the reader's
/// order words.
pub(crate) fn mail(lang: Lang, r: &SpyReport) -> Mail {
    let reaction = spelling(OrderWord::Reaction, lang.tag());
    let none = format!("{reaction} {}", spelling(OrderWord::None, lang.tag()));
    let example = match &r.example {
        Some(o) => format!("{reaction} {o}"),
        None => none.clone(),
    };
    let args = Args::new()
        .str("game", &r.game)
        .phase("phase", r.phase.as_str())
        .str("deadline", when(&r.deadline))
        .str("example", example)
        .str("none", none);
    let mut body = render(lang, "mails-spy-report-heading", &args);
    body.push_str("\n\n");
    if r.learned.is_empty() {
        body.push_str(&plain(lang, "mails-spy-report-no-order"));
        body.push('\n');
    }
    for line in &r.learned {
        body.push_str(&line.render(lang));
        body.push('\n');
    }
    body.push('\n');
    body.push_str(&render(lang, "mails-spy-report-react", &args));
    body.push('\n');
    Mail {
        subject: render(lang, "mails-spy-report-subject", &args),
        body,
    }
}

/// The public notice that the orders are frozen and reactions are open,
/// in `lang`.
pub(crate) fn reaction_opened(lang: Lang, r: &ReactionOpened) -> Mail {
    let args = Args::new()
        .str("game", &r.game)
        .phase("phase", r.phase.as_str())
        .str("deadline", when(&r.deadline));
    let mut body = render(lang, "mails-reaction-opened.body", &args);
    body.push('\n');
    Mail {
        subject: render(lang, "mails-reaction-opened.subject", &args),
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::When;
    use chrono::TimeZone;

    fn due() -> When {
        When {
            at: chrono::Utc.with_ymd_and_hms(1902, 3, 1, 20, 0, 0).unwrap(),
            tz: chrono_tz::UTC,
        }
    }

    #[test]
    fn esp_6_a_spy_report_tells_what_was_learned_and_how_to_react() {
        let map = crate::engine::Map::standard();
        let (t, l) = map.parse_unit("A mun").unwrap();
        let unit = crate::engine::Unit {
            power: map.power_by_name("germany").unwrap(),
            unit_type: t,
            location: l,
        };
        let told = crate::engine::Told::LearnedNothing(unit);
        let r = SpyReport {
            game: "g".into(),
            phase: "S1902M".into(),
            learned: vec![crate::text::espionage::told_coded(map, &told)],
            deadline: due(),
            example: Some("A par - bur".into()),
        };
        let m = mail(Lang::En, &r);
        let at = when(&r.deadline);
        assert_eq!(m.subject, "dipspy g: Spring 1902 Movement spy report");
        assert_eq!(
            m.body,
            format!(
                "Spy report for Spring 1902 Movement (private).\n\n\
                 Your spy on A mun learned nothing.\n\n\
                 You may now replace the order of ONE of your units, for example\n  \
                 REACTION A par - bur\nor say you are done with\n  REACTION NONE\n\
                 A later reaction replaces an earlier one. Reactions close at {at}; \
                 without one your orders stand as given.\n"
            )
        );
        let none = mail(
            Lang::En,
            &SpyReport {
                learned: Vec::new(),
                ..r
            },
        );
        assert!(
            none.body
                .starts_with("Spy report for Spring 1902 Movement (private).\n\nYou gave your spy no order this phase.\n\nYou may now")
        );
    }

    #[test]
    fn esp_7_the_reaction_notice_says_when_reactions_close() {
        let r = ReactionOpened {
            game: "g".into(),
            phase: "S1902M".into(),
            deadline: due(),
        };
        let m = reaction_opened(Lang::En, &r);
        let at = when(&r.deadline);
        assert_eq!(m.subject, "dipspy g: Spring 1902 Movement reaction phase");
        assert_eq!(
            m.body,
            format!(
                "The orders for Spring 1902 Movement are frozen and the spy reports have been sent.\n\
                 Each power may now change the order of one of its units with REACTION, or send\n\
                 REACTION NONE. The reaction phase ends at {at}, or earlier when every\n\
                 power with units has answered.\n"
            )
        );
    }

    /// Issue 35 item 5: the example reaction is the reader's own unit, in
    /// the reader's order words, not a fixed German unit.
    #[test]
    fn esp_7_the_example_reaction_is_the_readers_own_unit_in_their_words() {
        let r = |example: &str| SpyReport {
            game: "g".into(),
            phase: "S1902M".into(),
            learned: Vec::new(),
            deadline: due(),
            example: Some(example.into()),
        };
        let fr = mail(Lang::Fr, &r("F bre - mao")).body;
        assert!(fr.contains("\n  RÉACTION F bre - mao\n"), "{fr}");
        assert!(fr.contains("\n  RÉACTION AUCUNE\n"), "{fr}");
        let de = mail(Lang::De, &r("A mun - boh")).body;
        assert!(de.contains("\n  REAKTION A mun - boh\n"), "{de}");
        assert!(de.contains("\n  REAKTION KEINE\n"), "{de}");
        let en = mail(Lang::En, &r("F lon - nth")).body;
        assert!(en.contains("\n  REACTION F lon - nth\n"), "{en}");
        assert!(!en.contains("mun - boh"), "{en}");
    }
}
