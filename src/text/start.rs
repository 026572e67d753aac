//! The start mail in words (`# mails: start` in the catalogue).

use super::mails::power;
use super::{Args, Lang, plain, render};
use crate::game::OrLegacy;
use crate::game::Started;
use crate::report::Mail;

/// The announcement that a game has started, in `lang`. Columns are
/// padded here; the words are the catalogue's.
pub(crate) fn mail(lang: Lang, s: &Started) -> Mail {
    let game = Args::new().str("game", &s.game);
    let mut body = render(
        lang,
        "mails-start-intro",
        &Args::new().str("game", &s.game).str("map", &s.map),
    );
    body.push('\n');
    body.push_str(&match &s.espionage {
        None => plain(lang, "mails-start-rules-standard"),
        Some(e) => {
            let e = match e {
                OrLegacy::Typed(rules) => super::settings::espionage_rules(lang, rules),
                OrLegacy::Legacy(words) => words.clone(),
            };
            render(
                lang,
                "mails-start-rules-espionage",
                &Args::new().str("espionage", e),
            )
        }
    });
    body.push_str("\n\n");
    match &s.players {
        Some(players) => {
            body.push_str(&plain(lang, "mails-start-players"));
            body.push('\n');
            let names: Vec<String> = players.iter().map(|(p, _)| power(lang, p)).collect();
            let w = names.iter().map(|p| p.chars().count()).max().unwrap_or(0);
            for ((_, who), name) in players.iter().zip(&names) {
                body.push_str(&format!("  {name:<w$}  {who}\n"));
            }
        }
        None => {
            body.push_str(&plain(lang, "mails-start-players-secret"));
            body.push('\n');
        }
    }
    body.push('\n');
    body.push_str(&plain(lang, "mails-start-position"));
    body.push('\n');
    let names: Vec<String> = s.units.iter().map(|(p, _)| power(lang, p)).collect();
    let w = names.iter().map(|p| p.chars().count()).max().unwrap_or(0) + 1;
    for ((_, units), name) in s.units.iter().zip(&names) {
        let label = render(lang, "mails-power-label", &Args::new().str("power", name));
        body.push_str(&format!("  {label:<w$}  {}\n", units.join(", ")));
    }
    body.push('\n');
    body.push_str(&render(
        lang,
        "mails-start-first-phase",
        &Args::new()
            .phase("phase", s.phase.as_str())
            .str("deadline", super::mails::when(&s.deadline)),
    ));
    body.push('\n');
    Mail {
        subject: render(lang, "mails-start-subject", &game),
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::When;
    use chrono::TimeZone;

    fn started(players: Option<Vec<(String, String)>>, espionage: Option<String>) -> Started {
        Started {
            game: "g".into(),
            map: "standard".into(),
            // As a start mail stored before the rules were typed.
            espionage: espionage.map(OrLegacy::Legacy),
            players,
            units: vec![
                ("France".into(), vec!["A par".into(), "F bre".into()]),
                ("Austria".into(), vec!["A vie".into()]),
            ],
            phase: "S1901M".into(),
            deadline: When {
                at: chrono::Utc.with_ymd_and_hms(1901, 3, 1, 20, 0, 0).unwrap(),
                tz: chrono_tz::UTC,
            },
        }
    }

    #[test]
    fn the_start_mail_lists_players_and_units_in_columns() {
        let s = started(
            Some(vec![
                ("France".into(), "f@x".into()),
                ("Austria".into(), "a@x".into()),
            ]),
            None,
        );
        let m = mail(Lang::En, &s);
        assert_eq!(m.subject, "dipspy g: the game has started");
        let due = crate::game::show_time(s.deadline.at, s.deadline.tz);
        assert_eq!(
            m.body,
            format!(
                "Game g has started.\n\nMap: standard\n\
                 Rules: the standard rules, without espionage\n\n\
                 Players:\n  France   f@x\n  Austria  a@x\n\n\
                 Starting position:\n  France:   A par, F bre\n  Austria:  A vie\n\n\
                 The first phase is Spring 1901 Movement; orders are due by {due}.\n"
            )
        );
    }

    #[test]
    fn the_start_mail_names_powers_and_the_phase_in_the_readers_language() {
        let s = started(
            Some(vec![
                ("France".into(), "f@x".into()),
                ("Austria".into(), "a@x".into()),
            ]),
            None,
        );
        let fr = mail(Lang::Fr, &s).body;
        assert!(fr.contains("  France    f@x\n  Autriche  a@x\n"), "{fr}");
        assert!(fr.contains("Autriche"), "{fr}");
        assert!(fr.contains("Printemps 1901 Mouvements"), "{fr}");
        assert!(!fr.contains("Austria") && !fr.contains("Spring"), "{fr}");
        let de = mail(Lang::De, &s).body;
        assert!(
            de.contains("  Frankreich  f@x\n  Österreich  a@x\n"),
            "{de}"
        );
        assert!(!de.contains("Austria") && !de.contains("Spring"), "{de}");
    }

    #[test]
    fn an_anonymous_start_mail_keeps_the_players_secret() {
        let m = mail(Lang::En, &started(None, Some("espionage: Spionage".into())));
        assert!(m.body.contains(
            "Rules: the standard rules, with espionage: Spionage\n\n\
             Players: secret (the game is anonymous; WHOGAME shows them when it is over)\n\n\
             Starting position:\n"
        ));
    }
}
