//! The game's notices in words: one subject and one body per notice, for
//! one reader's language (`# notices` in the catalogue).
//!
//! [`mail`] is the one entry point: it hands each family of notices to its
//! own file (`press.rs`, `address.rs`, `late.rs`, `takeover.rs`,
//! `joining.rs`, `control.rs`, `guessing.rs`); a new notice joins a family
//! there, or brings a file of its own. [`words`] puts a stored
//! announcement into words for one reader: the mail loop calls it for each
//! recipient when it queues the mail, HISTORY and the views when they show
//! one. Powers come as the map's names and are shown by `shown`.

use super::{Args, Lang, render};
use crate::game::{AdvanceNote, AdvanceOutcome, Notice, Recipient, VacantWhy, VoteWords, When};
use crate::report::Mail;

fn when(w: &When) -> String {
    crate::game::show_time(w.at, w.tz)
}

/// A mail from message `key`: its `.subject` and `.body` with the same
/// arguments; the body ends its last line.
fn pair(lang: Lang, key: &str, args: Args) -> Mail {
    super::mail(lang, key, &args)
}

/// The game's name, the phase and a deadline: the arguments most notices
/// share.
fn phase_args(game: &str, phase: &str, deadline: &When) -> Args {
    Args::new()
        .str("game", game)
        .str("phase", phase)
        .str("deadline", when(deadline))
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

/// A power's name as a reader sees it, from the map's name the notice
/// stores (`france` gives `France`).
fn shown(lang: Lang, power: &str) -> String {
    super::names::shown_power(lang, power)
}

/// A phase's long name in `lang` (see `super::mails::long_name`).
fn long_name(lang: Lang, phase: &str) -> String {
    super::mails::long_name(lang, phase)
}

mod address;
mod control;
mod guessing;
mod joining;
mod late;
mod press;
mod takeover;

pub(crate) use press::recipients;

/// The mail of `notice` in `lang`: the one entry point, which hands each
/// family of notices to its own file.
pub(crate) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::GameStarted(s) => super::start::mail(lang, s),
        Notice::SpyReport(r) => super::spy_report::mail(lang, r),
        Notice::ReactionOpened(r) => super::spy_report::reaction_opened(lang, r),
        Notice::GameOver(g) => super::game_over::mail(lang, g),
        Notice::Results(r) => super::results::mail(lang, r),
        Notice::SignedHead(h) => super::signed_head::mail(lang, h, false),
        Notice::HeadPublished(h) => super::signed_head::mail(lang, h, true),
        Notice::MasterActed { .. }
        | Notice::Press { .. }
        | Notice::PressUnsigned { .. }
        | Notice::FakePressTruth { .. } => press::mail(lang, notice),
        Notice::ConfirmAddress { .. }
        | Notice::AddressChanged { .. }
        | Notice::ConfirmObserver { .. } => address::mail(lang, notice),
        Notice::SignonLocked { .. } => guessing::mail(lang, notice),
        Notice::Reminder { .. }
        | Notice::AdvanceOrders { .. }
        | Notice::OrdersLate { .. }
        | Notice::WaitingForLate { .. }
        | Notice::ProcessedLate { .. } => late::mail(lang, notice),
        Notice::TakeoverRequested { .. }
        | Notice::TakeoverRefused { .. }
        | Notice::Ejected { .. }
        | Notice::NoPlayer { .. }
        | Notice::Welcome { .. }
        | Notice::NewPlayer { .. }
        | Notice::Abandoned { .. } => takeover::mail(lang, notice),
        Notice::GameFull { .. }
        | Notice::PowerAssigned { .. }
        | Notice::Resigned { .. }
        | Notice::EndedBeforeStart { .. } => joining::mail(lang, notice),
        Notice::Paused { .. }
        | Notice::Resumed { .. }
        | Notice::DeadlineSetWhilePaused { .. }
        | Notice::DeadlineSet { .. }
        | Notice::RolledBack { .. }
        | Notice::OrdersAgain { .. }
        | Notice::DeadlineMoved { .. }
        | Notice::DeadlineMovedForAbsence { .. }
        | Notice::VoteCast { .. } => control::mail(lang, notice),
    }
}

/// The mail of a stored notice (its code and arguments as JSON) in
/// `lang`; `None` when the code is not one this dipspy knows.
pub fn stored(lang: Lang, json: &str) -> Option<Mail> {
    match serde_json::from_str::<Notice>(json) {
        Ok(n) => Some(mail(lang, &n)),
        Err(e) => {
            tracing::error!(error = %e, "a stored notice does not read back");
            None
        }
    }
}

/// A recorded announcement as its words are read: the notice it was
/// recorded with (code and arguments as JSON, migrations 0020, 0022) and
/// the subject and body stored with it (empty for a typed one, which
/// stores no words). The edge that reads announcements from the store
/// gives its row this shape (`crate::mail`), so the words name no store.
pub trait Announcement {
    /// The notice as JSON, if one was recorded.
    fn notice(&self) -> Option<&str>;
    /// The subject stored with it.
    fn subject(&self) -> &str;
    /// The body stored with it.
    fn body(&self) -> &str;
    /// Puts a reader's words in place of the stored ones.
    fn set_words(&mut self, subject: String, body: String);
}

/// An announcement's words for one reader: a typed announcement (no words
/// stored, migration 0022) is rendered from its notice in `lang`; a legacy
/// or untyped one keeps the words it was written with. `None` when a
/// typed announcement's notice cannot be read.
pub(crate) fn words(lang: Lang, a: &impl Announcement) -> Option<Mail> {
    match a.notice() {
        Some(json) if a.subject().is_empty() && a.body().is_empty() => stored(lang, json),
        _ => Some(Mail {
            subject: a.subject().to_string(),
            body: a.body().to_string(),
        }),
    }
}

/// Announcements as one reader reads them: each one's subject and body
/// filled in by `words` (left empty when a notice cannot be read).
pub fn read<A: Announcement>(lang: Lang, rows: Vec<A>) -> Vec<A> {
    rows.into_iter()
        .map(|mut a| {
            if let Some(m) = words(lang, &a) {
                a.set_words(m.subject, m.body);
            }
            a
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{LaterOrder, OrLegacy};
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
            },
            Notice::Resigned {
                game: g(),
                power: "italy".into(),
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
                power: "italy".into(),
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
                left: OrLegacy::Typed(2 * 1440),
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
                later: vec![OrLegacy::Typed(LaterOrder {
                    phase: "F1901M".into(),
                    condition: None,
                    order: "A par - bur".into(),
                })],
                paused: false,
                deadline,
            },
            Notice::TakeoverRequested {
                game: g(),
                power: "italy".into(),
                email: "a@b.c".into(),
            },
            Notice::TakeoverRefused {
                game: g(),
                power: "italy".into(),
            },
            Notice::Ejected {
                game: g(),
                power: "italy".into(),
            },
            Notice::NoPlayer {
                game: g(),
                power: "italy".into(),
                why: VacantWhy::Abandoned(Box::new(VacantWhy::Missed { streak: 2 })),
            },
            Notice::Welcome {
                game: g(),
                power: "italy".into(),
                phase: "S1901M".into(),
                board: OrLegacy::Legacy("board\n".into()),
                orders: vec!["A ven H".into()],
                later: vec![],
                deadline: Some(deadline),
            },
            Notice::NewPlayer {
                game: g(),
                power: "italy".into(),
            },
            Notice::OrdersLate {
                game: g(),
                phase: "S1901M".into(),
                power: "italy".into(),
                missing: OrLegacy::Typed(crate::game::Missing::Units(vec!["A ven".into()])),
                until: deadline,
            },
            Notice::WaitingForLate {
                game: g(),
                phase: "S1901M".into(),
                late: vec!["italy".into()],
                until: deadline,
            },
            Notice::ProcessedLate {
                game: g(),
                phase: "S1901M".into(),
                missing: OrLegacy::Typed(crate::game::Missing::Units(vec!["A ven".into()])),
            },
            Notice::Abandoned {
                game: g(),
                power: "italy".into(),
                why: VacantWhy::LateAfterGrace,
            },
            Notice::Reminder {
                game: g(),
                phase: "S1901M".into(),
                deadline,
                missing: OrLegacy::Typed(crate::game::Missing::Units(vec!["A ven".into()])),
                none_yet: true,
            },
            Notice::AdvanceOrders {
                game: g(),
                phase: "F1901M".into(),
                notes: vec![AdvanceNote {
                    phase: None,
                    order: "A ven - tri".into(),
                    condition: Some("A ven".into()),
                    outcome: AdvanceOutcome::Dropped(crate::text::refused::Why::Legacy(
                        "why".into(),
                    )),
                }],
            },
            Notice::ConfirmAddress {
                game: g(),
                power: "italy".into(),
                code: "abc".into(),
                days: 7,
            },
            Notice::AddressChanged {
                game: g(),
                power: "italy".into(),
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
                power: "italy".into(),
                reply: "OK\n".into(),
            },
            Notice::SignonLocked {
                game: g(),
                power: "italy".into(),
                after: 5,
                minutes: 60,
                master: true,
            },
            Notice::VoteCast {
                game: g(),
                power: "italy".into(),
                vote: VoteWords::Concede("france".into()),
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
            "Unsigned press in game g; this copy, for the game master only, names its author.\n                     Really from: Italy\nShown to them as:\n  From: an anonymous power\n  To: France\n\n\
             -- Press written by: Italy (not by the judge); each line of it is marked \"|\" --\n| hi\n"
        );
    }

    #[test]
    fn a_signon_lock_is_told_to_the_player_and_the_master_in_their_words() {
        let lock = |master| Notice::SignonLocked {
            game: "g".into(),
            power: "france".into(),
            after: 5,
            minutes: 60,
            master,
        };
        let player = mail(Lang::En, &lock(false));
        let master = mail(Lang::En, &lock(true));
        for m in [&player, &master] {
            assert_eq!(
                m.subject,
                "Wrong passwords for France in game g: sign-ons locked"
            );
        }
        assert_eq!(
            player.body,
            "5 wrong passwords for France in game g reached the judge within 60 minutes.\n\n\
             Sign-ons as France are now locked for 60 minutes: the password is not checked \
             meanwhile, the right one included, whatever address the mail comes from. Only mail \
             that the judge's mail server confirms comes from the address you play from gets \
             through (where the judge checks senders). The game master can lift the lock. If \
             somebody is guessing your password, choose a stronger one with SET PASSWORD once \
             you can sign on again.\n\n\
             You are told this once; further wrong passwords are not reported.\n"
        );
        assert_eq!(
            master.body,
            "5 wrong passwords for France in game g reached the judge within 60 minutes. \
             Sign-ons as France are locked for 60 minutes from any address (only authenticated \
             mail from the player's address gets through). Lift the lock with `dipspy master \
             unlock g France`, or by mail with `UNLOCK g France` after your MASTER line. The \
             player has been told.\n"
        );
    }

    #[test]
    fn a_notice_stores_the_maps_name_of_a_power_and_shows_it_when_rendered() {
        let n = Notice::WaitingForLate {
            game: "g".into(),
            phase: "S1901M".into(),
            late: vec!["france".into(), "british columbia".into()],
            until: When {
                at: chrono::Utc.with_ymd_and_hms(1901, 3, 1, 12, 0, 0).unwrap(),
                tz: chrono_tz::UTC,
            },
        };
        let json = n.to_json();
        assert!(json.contains(r#"["france","british columbia"]"#), "{json}");
        assert!(!json.contains("France"), "{json}");
        let m = stored(Lang::En, &json).unwrap();
        assert!(m.body.contains("France, British Columbia"), "{}", m.body);
    }

    #[test]
    fn an_assigned_power_is_told_how_to_sign_on() {
        let m = mail(
            Lang::En,
            &Notice::PowerAssigned {
                game: "g".into(),
                power: "italy".into(),
            },
        );
        assert_eq!(m.subject, "Game g is full: you play Italy");
        assert_eq!(
            m.body,
            "Game g is full. You play Italy. Sign on with\n\n  SIGNON italy g <your password>\n"
        );
    }
}
