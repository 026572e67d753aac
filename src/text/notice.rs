//! The game's notices in words: one subject and one body per notice, for
//! one reader's language (`# notices` in the catalogue).

use super::{Args, Lang, render};
use crate::game::notice::{
    AdvanceNote, AdvanceOutcome, Notice, Recipient, VacantWhy, VoteWords, When,
};
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

/// The game's name, the phase and a deadline: the arguments most notices
/// share.
fn phase_args(game: &str, phase: &str, deadline: &When) -> Args {
    Args::new()
        .str("game", game)
        .str("phase", phase)
        .str("deadline", when(deadline))
}

/// When orders are due, or that the game stays paused.
fn due(lang: Lang, paused: bool, deadline: &When) -> String {
    if paused {
        super::plain(lang, "notice-due-paused")
    } else {
        render(
            lang,
            "notice-due-by",
            &Args::new().str("deadline", when(deadline)),
        )
    }
}

/// Orders listed one a line under a heading, indented; `none` when there
/// are none and the list must show it.
fn listed(out: &mut String, heading: String, orders: &[String], none: Option<String>) {
    out.push_str(&heading);
    out.push('\n');
    if orders.is_empty()
        && let Some(none) = none
    {
        out.push_str(&format!("  {none}\n"));
    }
    for o in orders {
        out.push_str(&format!("  {o}\n"));
    }
}

/// Why a power lost its player, as a clause.
fn vacant_why(lang: Lang, why: &VacantWhy) -> String {
    match why {
        VacantWhy::Ejected => super::plain(lang, "notice-why-ejected"),
        VacantWhy::LateAfterGrace => super::plain(lang, "notice-why-late"),
        VacantWhy::Missed { streak } => render(
            lang,
            "notice-why-missed",
            &Args::new().num("streak", *streak as f64),
        ),
        VacantWhy::Abandoned(why) => render(
            lang,
            "notice-why-abandoned",
            &Args::new().str("why", vacant_why(lang, why)),
        ),
    }
}

/// One order sent in advance and what became of it, as a line.
fn advance_line(lang: Lang, n: &AdvanceNote) -> String {
    let what = match &n.outcome {
        AdvanceOutcome::Applied => super::plain(lang, "notice-advance-applied"),
        AdvanceOutcome::NotTaken => super::plain(lang, "notice-advance-not-taken"),
        AdvanceOutcome::Dropped(why) => {
            render(lang, "notice-advance-dropped", &Args::new().str("why", why))
        }
        AdvanceOutcome::Replaced => super::plain(lang, "notice-advance-replaced"),
    };
    let cond = n
        .condition
        .as_ref()
        .map(|x| format!(" (IF {x})"))
        .unwrap_or_default();
    match &n.phase {
        Some(p) => format!("  {p}: {}{cond}  {what}", n.order),
        None => format!("  {}{cond}  {what}", n.order),
    }
}

/// Press's recipients in words: `France, Italy`, `the game master`, or
/// `everybody` when there are none.
fn recipients(lang: Lang, to: &[Recipient]) -> String {
    if to.is_empty() {
        return super::plain(lang, "notice-press-everybody");
    }
    to.iter()
        .map(|r| match r {
            Recipient::Power(n) => n.clone(),
            Recipient::Master => super::plain(lang, "notice-press-master"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who signed press: a power, or an anonymous one.
fn signer(lang: Lang, from: Option<&str>) -> String {
    match from {
        Some(f) => f.to_string(),
        None => super::plain(lang, "notice-press-anonymous"),
    }
}

fn long_name(phase: &str) -> String {
    crate::engine::phase::Phase::parse(phase)
        .map(|p| p.long_name())
        .unwrap_or_else(|_| phase.to_string())
}

/// The mail of `notice` in `lang`.
pub fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::GameStarted(s) => super::start::mail(lang, s),
        Notice::SpyReport(r) => super::spy_report::mail(lang, r),
        Notice::ReactionOpened(r) => super::spy_report::reaction_opened(lang, r),
        Notice::GameOver(g) => super::game_over::mail(lang, g),
        Notice::Results(r) => super::results::mail(lang, r),
        Notice::SignedHead(h) => super::signed_head::mail(lang, h, false),
        Notice::HeadPublished(h) => super::signed_head::mail(lang, h, true),
        Notice::MasterActed { game, shown, reply } => {
            let args = Args::new().str("game", game).str("shown", shown);
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
                .str("sender", sender)
                .str("signed", signer(lang, None))
                .str("to", recipients(lang, to))
                .str("text", text),
        ),
        Notice::FakePressTruth {
            game,
            sender,
            anonymous,
            real,
            shown,
            text,
        } => pair(
            lang,
            "notice-fake-press-truth",
            Args::new()
                .str("game", game)
                .str("sender", sender)
                .str("unsigned", if *anonymous { "yes" } else { "no" })
                .str(
                    "signed",
                    signer(lang, (!*anonymous).then_some(sender.as_str())),
                )
                .str("real", real.join(", "))
                .str("to", recipients(lang, shown))
                .str("text", text),
        ),
        Notice::ConfirmAddress {
            game,
            shown,
            code,
            days,
        } => pair(
            lang,
            "notice-confirm-address",
            Args::new()
                .str("game", game)
                .str("shown", shown)
                .str("code", code)
                .num("days", *days as f64),
        ),
        Notice::AddressChanged { game, shown, email } => pair(
            lang,
            "notice-address-changed",
            Args::new()
                .str("game", game)
                .str("shown", shown)
                .str("email", email),
        ),
        Notice::ConfirmObserver { game, code, days } => pair(
            lang,
            "notice-confirm-observer",
            Args::new()
                .str("game", game)
                .str("code", code)
                .num("days", *days as f64),
        ),
        Notice::Reminder {
            game,
            phase,
            deadline,
            missing,
            none_yet,
        } => pair(
            lang,
            "notice-reminder",
            phase_args(game, &long_name(phase), deadline)
                .str("missing", missing)
                .str("none", if *none_yet { "yes" } else { "no" }),
        ),
        Notice::AdvanceOrders { game, phase, notes } => {
            let args = Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("long", long_name(phase));
            let mut body = render(lang, "notice-advance-heading", &args);
            body.push('\n');
            for n in notes {
                body.push_str(&advance_line(lang, n));
                body.push('\n');
            }
            body.push_str(&super::plain(lang, "notice-advance-closing"));
            body.push('\n');
            Mail {
                subject: render(lang, "notice-advance-subject", &args),
                body,
            }
        }
        Notice::TakeoverRequested {
            game,
            power,
            shown,
            email,
        } => pair(
            lang,
            "notice-takeover-requested",
            Args::new()
                .str("game", game)
                .str("power", power)
                .str("shown", shown)
                .str("email", email),
        ),
        Notice::TakeoverRefused { game, shown } => pair(
            lang,
            "notice-takeover-refused",
            Args::new().str("game", game).str("shown", shown),
        ),
        Notice::Ejected { game, shown } => pair(
            lang,
            "notice-ejected",
            Args::new().str("game", game).str("shown", shown),
        ),
        Notice::NoPlayer {
            game,
            power,
            shown,
            why,
        } => pair(
            lang,
            "notice-no-player",
            Args::new()
                .str("game", game)
                .str("power", power)
                .str("shown", shown)
                .str("why", vacant_why(lang, why)),
        ),
        Notice::Welcome {
            game,
            power,
            shown,
            phase,
            board,
            orders,
            later,
            deadline,
        } => {
            let args = Args::new()
                .str("game", game)
                .str("power", power)
                .str("shown", shown)
                .str("phase", phase)
                .str("long", long_name(phase));
            let mut body = render(lang, "notice-welcome-intro", &args);
            body.push_str("\n\n");
            body.push_str(board);
            body.push('\n');
            listed(
                &mut body,
                render(lang, "notice-welcome-orders", &args),
                orders,
                Some(super::plain(lang, "notice-orders-none")),
            );
            if !later.is_empty() {
                listed(
                    &mut body,
                    render(lang, "notice-welcome-later", &args),
                    later,
                    None,
                );
            }
            if let Some(d) = deadline {
                body.push_str(&render(
                    lang,
                    "notice-welcome-deadline",
                    &Args::new().str("deadline", when(d)),
                ));
                body.push('\n');
            }
            Mail {
                subject: render(lang, "notice-welcome-subject", &args),
                body,
            }
        }
        Notice::NewPlayer { game, shown } => pair(
            lang,
            "notice-new-player",
            Args::new().str("game", game).str("shown", shown),
        ),
        Notice::OrdersLate {
            game,
            phase,
            shown,
            missing,
            until,
        } => pair(
            lang,
            "notice-orders-late",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("shown", shown)
                .str("missing", missing)
                .str("until", when(until)),
        ),
        Notice::WaitingForLate {
            game,
            phase,
            late,
            until,
        } => pair(
            lang,
            "notice-waiting-for-late",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("late", late.join(", "))
                .str("until", when(until)),
        ),
        Notice::ProcessedLate {
            game,
            phase,
            missing,
        } => pair(
            lang,
            "notice-processed-late",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("missing", missing),
        ),
        Notice::Abandoned { game, shown, why } => pair(
            lang,
            "notice-abandoned",
            Args::new()
                .str("game", game)
                .str("shown", shown)
                .str("why", vacant_why(lang, why)),
        ),
        Notice::Paused { game, phase } => pair(
            lang,
            "notice-paused",
            Args::new().str("game", game).str("phase", phase),
        ),
        Notice::Resumed {
            game,
            phase,
            deadline,
        } => pair(lang, "notice-resumed", phase_args(game, phase, deadline)),
        Notice::DeadlineSetWhilePaused {
            game,
            phase,
            left,
            deadline,
        } => pair(
            lang,
            "notice-deadline-set-paused",
            phase_args(game, phase, deadline).str("left", left),
        ),
        Notice::DeadlineSet {
            game,
            phase,
            deadline,
        } => pair(
            lang,
            "notice-deadline-set",
            phase_args(game, phase, deadline),
        ),
        Notice::RolledBack {
            game,
            phase,
            paused,
            deadline,
        } => {
            let long = long_name(phase);
            pair(
                lang,
                "notice-rolled-back",
                phase_args(game, phase, deadline)
                    .str("long", long)
                    .str("due", due(lang, *paused, deadline)),
            )
        }
        Notice::OrdersAgain {
            game,
            phase,
            orders,
            later,
            paused,
            deadline,
        } => {
            let args = phase_args(game, phase, deadline);
            let mut body = String::new();
            listed(
                &mut body,
                render(lang, "notice-orders-again-heading", &args),
                orders,
                Some(super::plain(lang, "notice-orders-none")),
            );
            if !later.is_empty() {
                listed(
                    &mut body,
                    render(lang, "notice-orders-again-later", &args),
                    later,
                    None,
                );
            }
            body.push_str(&due(lang, *paused, deadline));
            body.push('\n');
            Mail {
                subject: render(lang, "notice-orders-again-subject", &args),
                body,
            }
        }
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
            Notice::Paused {
                game: g(),
                phase: "S1901M".into(),
            },
            Notice::Resumed {
                game: g(),
                phase: "S1901M".into(),
                deadline,
            },
            Notice::DeadlineSetWhilePaused {
                game: g(),
                phase: "S1901M".into(),
                left: "2d".into(),
                deadline,
            },
            Notice::DeadlineSet {
                game: g(),
                phase: "S1901M".into(),
                deadline,
            },
            Notice::RolledBack {
                game: g(),
                phase: "S1901M".into(),
                paused: true,
                deadline,
            },
            Notice::OrdersAgain {
                game: g(),
                phase: "S1901M".into(),
                orders: vec![],
                later: vec!["F1901M: A par - bur".into()],
                paused: false,
                deadline,
            },
            Notice::TakeoverRequested {
                game: g(),
                power: "italy".into(),
                shown: "Italy".into(),
                email: "a@b.c".into(),
            },
            Notice::TakeoverRefused {
                game: g(),
                shown: "Italy".into(),
            },
            Notice::Ejected {
                game: g(),
                shown: "Italy".into(),
            },
            Notice::NoPlayer {
                game: g(),
                power: "italy".into(),
                shown: "Italy".into(),
                why: VacantWhy::Abandoned(Box::new(VacantWhy::Missed { streak: 2 })),
            },
            Notice::Welcome {
                game: g(),
                power: "italy".into(),
                shown: "Italy".into(),
                phase: "S1901M".into(),
                board: "board\n".into(),
                orders: vec!["A ven H".into()],
                later: vec![],
                deadline: Some(deadline),
            },
            Notice::NewPlayer {
                game: g(),
                shown: "Italy".into(),
            },
            Notice::OrdersLate {
                game: g(),
                phase: "S1901M".into(),
                shown: "Italy".into(),
                missing: "A ven".into(),
                until: deadline,
            },
            Notice::WaitingForLate {
                game: g(),
                phase: "S1901M".into(),
                late: vec!["Italy".into()],
                until: deadline,
            },
            Notice::ProcessedLate {
                game: g(),
                phase: "S1901M".into(),
                missing: "A ven".into(),
            },
            Notice::Abandoned {
                game: g(),
                shown: "Italy".into(),
                why: VacantWhy::LateAfterGrace,
            },
            Notice::Reminder {
                game: g(),
                phase: "S1901M".into(),
                deadline,
                missing: "A ven".into(),
                none_yet: true,
            },
            Notice::AdvanceOrders {
                game: g(),
                phase: "F1901M".into(),
                notes: vec![AdvanceNote {
                    phase: None,
                    order: "A ven - tri".into(),
                    condition: Some("A ven".into()),
                    outcome: AdvanceOutcome::Dropped("why".into()),
                }],
            },
            Notice::ConfirmAddress {
                game: g(),
                shown: "Italy".into(),
                code: "abc".into(),
                days: 7,
            },
            Notice::AddressChanged {
                game: g(),
                shown: "Italy".into(),
                email: "a@b.c".into(),
            },
            Notice::ConfirmObserver {
                game: g(),
                code: "abc".into(),
                days: 7,
            },
            Notice::Press {
                game: g(),
                from: None,
                to: vec![Recipient::Power("Italy".into()), Recipient::Master],
                text: "hello".into(),
            },
            Notice::PressUnsigned {
                game: g(),
                sender: "Italy".into(),
                to: vec![],
                text: "hello".into(),
            },
            Notice::FakePressTruth {
                game: g(),
                sender: "Italy".into(),
                anonymous: true,
                real: vec!["France".into()],
                shown: vec![Recipient::Master],
                text: "hello".into(),
            },
            Notice::MasterActed {
                game: g(),
                shown: "Italy".into(),
                reply: "OK\n".into(),
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
    fn unsigned_press_keeps_its_masters_copy_as_it_was() {
        let m = mail(
            Lang::En,
            &Notice::PressUnsigned {
                game: "g".into(),
                sender: "Italy".into(),
                to: vec![Recipient::Power("France".into())],
                text: "hi".into(),
            },
        );
        assert_eq!(m.subject, "Press in game g from Italy (sent unsigned)");
        assert_eq!(
            m.body,
            "Unsigned press in game g; this copy, for the game master only, names its author.\n                     Really from: Italy\nShown to them as:\n  From: an anonymous power\n  To: France\n\nhi\n"
        );
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
