//! The game's notices in words: one subject and one body per notice, for
//! one reader's language (`# notices` in the catalogue).

use super::{Args, Lang, render};
use crate::game::notice::{Notice, VoteWords, When};
use crate::report::Mail;

fn when(w: &When) -> String {
    crate::game::show_time(w.at, w.tz)
}

/// A subject and a body from two keys with the same arguments; the body
/// ends its last line.
fn pair(lang: Lang, key: &str, args: Args) -> Mail {
    let subject = render(lang, &format!("{key}-subject"), &args);
    let mut body = render(lang, &format!("{key}-body"), &args);
    body.push('\n');
    Mail { subject, body }
}

/// The mail of `notice` in `lang`.
pub fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::GameFull { game } => pair(lang, "notice-game-full", Args::new().str("game", game)),
        Notice::PowerAssigned { game, power, shown } => pair(
            lang,
            "notice-power-assigned",
            Args::new()
                .str("game", game)
                .str("power", power)
                .str("shown", shown),
        ),
        Notice::Resigned {
            game,
            power,
            shown,
            forming,
        } => pair(
            lang,
            "notice-resigned",
            Args::new()
                .str("game", game)
                .str("power", power)
                .str("shown", shown)
                .str("command", if *forming { "JOIN" } else { "TAKEOVER" }),
        ),
        Notice::EndedBeforeStart { game } => pair(
            lang,
            "notice-ended-before-start",
            Args::new().str("game", game),
        ),
        Notice::DeadlineMoved {
            game,
            phase,
            deadline,
        } => pair(
            lang,
            "notice-deadline-moved",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("deadline", when(deadline)),
        ),
        Notice::DeadlineMovedForAbsence {
            game,
            phase,
            deadline,
            shown,
        } => pair(
            lang,
            "notice-deadline-absence",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("deadline", when(deadline))
                .str("shown", shown),
        ),
        Notice::VoteCast { game, shown, vote } => {
            let (how, to) = match vote {
                VoteWords::DrawAll => ("draw-all", ""),
                VoteWords::DrawSome => ("draw-some", ""),
                VoteWords::NoDraw => ("no-draw", ""),
                VoteWords::Concede(to) => ("concede", to.as_str()),
                VoteWords::NoConcede => ("no-concede", ""),
            };
            pair(
                lang,
                "notice-vote",
                Args::new()
                    .str("game", game)
                    .str("shown", shown)
                    .str("how", how)
                    .str("to", to),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn every_notice() -> Vec<Notice> {
        let deadline = When {
            at: chrono::Utc.with_ymd_and_hms(1901, 3, 1, 12, 0, 0).unwrap(),
            tz: chrono_tz::UTC,
        };
        let g = || "g".to_string();
        vec![
            Notice::GameFull { game: g() },
            Notice::PowerAssigned {
                game: g(),
                power: "italy".into(),
                shown: "Italy".into(),
            },
            Notice::Resigned {
                game: g(),
                power: "italy".into(),
                shown: "Italy".into(),
                forming: true,
            },
            Notice::EndedBeforeStart { game: g() },
            Notice::DeadlineMoved {
                game: g(),
                phase: "S1901M".into(),
                deadline,
            },
            Notice::DeadlineMovedForAbsence {
                game: g(),
                phase: "S1901M".into(),
                deadline,
                shown: "Italy".into(),
            },
            Notice::VoteCast {
                game: g(),
                shown: "Italy".into(),
                vote: VoteWords::Concede("France".into()),
            },
        ]
    }

    #[test]
    fn every_notice_has_its_words() {
        for n in every_notice() {
            let m = mail(Lang::En, &n);
            assert!(!m.subject.contains("notice-"), "{n:?}: {}", m.subject);
            assert!(!m.body.contains("notice-"), "{n:?}: {}", m.body);
        }
    }

    #[test]
    fn a_notice_reads_back_from_its_stored_code() {
        for n in every_notice() {
            let back: Notice = serde_json::from_str(&n.to_json()).unwrap();
            assert_eq!(back, n);
        }
    }

    #[test]
    fn an_assigned_power_is_told_how_to_sign_on() {
        let m = mail(
            Lang::En,
            &Notice::PowerAssigned {
                game: "g".into(),
                power: "italy".into(),
                shown: "Italy".into(),
            },
        );
        assert_eq!(m.subject, "Game g is full: you play Italy");
        assert_eq!(
            m.body,
            "Game g is full. You play Italy. Sign on with\n\n  SIGNON italy g <your password>\n"
        );
    }
}
