//! The outbox table: mail queued in the same transaction as whatever
//! caused it, and sent later with retries. Each row gets its Message-ID
//! when it is queued and keeps it, and a row is marked sent only once the
//! server accepted it, in its own transaction, so a restart never sends it
//! again.

use super::MailError;
use crate::judge::JudgeSettings;
use crate::store::Tx;
use crate::store::{FailedAttempt, NewOutbox, Store, parse_time, time_text};
use crate::text::Lang;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};

pub use super::announce::queue_announcements;

/// A message to queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMail {
    /// The recipient's address.
    pub to: String,
    /// The subject line.
    pub subject: String,
    /// The body, plain text.
    pub body: String,
    /// The Message-ID of the message this answers (In-Reply-To and
    /// References).
    pub in_reply_to: Option<String>,
    /// The inbox message this replies to (its row id); none for mail that is no reply.
    pub inbox_id: Option<i64>,
    /// The announcement this mail carries (its row id), whose pictures go with it; none when it
    /// carries none.
    pub announcement_id: Option<i64>,
}

/// A fresh Message-ID under the judge's domain.
pub(super) fn new_message_id(judge_address: &str, now: DateTime<Utc>) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut h = Sha256::new();
    h.update(std::process::id().to_le_bytes());
    h.update(n.to_le_bytes());
    h.update(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
            .to_le_bytes(),
    );
    let d = h.finalize();
    let tag: String = d[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "<dipspy.{}.{tag}@{}>",
        now.timestamp(),
        super::domain_of(judge_address)
    )
}

/// Queues a message; returns its outbox id.
pub fn queue(
    c: &Tx<'_>,
    m: &NewMail,
    judge_address: &str,
    now: DateTime<Utc>,
) -> crate::store::DbResult<i64> {
    queue_marked(c, m, judge_address, false, now)
}

/// [`queue`], marking the mail as one to an address in no game when
/// `stranger` is set (counted by the judge-wide limit on such mail).
pub(super) fn queue_marked(
    c: &Tx<'_>,
    m: &NewMail,
    judge_address: &str,
    stranger: bool,
    now: DateTime<Utc>,
) -> crate::store::DbResult<i64> {
    let id = new_message_id(judge_address, now);
    let t = time_text(now);
    c.insert_outbox(&NewOutbox {
        message_id: &id,
        to: &m.to,
        subject: &m.subject,
        body: &m.body,
        in_reply_to: m.in_reply_to.as_deref(),
        inbox_id: m.inbox_id,
        announcement_id: m.announcement_id,
        stranger,
        at: &t,
    })
}

/// One outbox row.
pub use crate::store::OutMail;

pub(crate) use super::retry::SendError;
pub use super::retry::{Failure, RetryPolicy};

/// Every outbox row, oldest first.
pub fn rows(c: &Tx<'_>) -> crate::store::DbResult<Vec<OutMail>> {
    c.outbox_rows()
}

/// Somewhere mail can be sent: SMTP, Maildirs, or a fake in tests.
pub trait Outgoing {
    /// Sends one message; Ok only when it was accepted.
    fn send(&mut self, from: &str, m: &OutMail) -> Result<(), SendError>;
    /// The transport cannot be reached for the rest of this pass (its
    /// server did not answer): the mail not yet tried stays queued as it
    /// is, without an attempt counted.
    fn unavailable(&self) -> bool {
        false
    }
    /// The end of a sending pass (the SMTP connection is closed).
    fn finish(&mut self) {}
}

/// What one sending pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SendSummary {
    /// Messages the server accepted.
    pub sent: usize,
    /// Left queued for a later pass (a 4xx answer, or no answer).
    pub deferred: usize,
    /// Given up on the server's word.
    pub failed: usize,
    /// Set aside without being sent: no address it can go to.
    pub unaddressable: usize,
}

/// Sends every queued message that is due. Each row is read, sent and
/// marked on its own, so a crash leaves every row either sent-and-marked
/// or queued (the only window is between the server's acceptance and the
/// commit that marks the row, a few microseconds).
pub fn send_due(
    st: &mut Store,
    out: &mut dyn Outgoing,
    from: &str,
    policy: RetryPolicy,
    now: DateTime<Utc>,
) -> Result<SendSummary, MailError> {
    send_due_until(st, out, from, policy, now, &|| false)
}

/// [`send_due`], checking `stop` between mails: once it says so, the mail
/// being sent has been finished and recorded, and the rest stay queued
/// for the next pass (SIGTERM ends a pass within a few seconds however
/// long the queue).
pub(super) fn send_due_until(
    st: &mut Store,
    out: &mut dyn Outgoing,
    from: &str,
    policy: RetryPolicy,
    now: DateTime<Utc>,
    stop: &dyn Fn() -> bool,
) -> Result<SendSummary, MailError> {
    let due: Vec<OutMail> = st.read().due_outbox(&time_text(now))?;
    let mut sum = SendSummary::default();
    let r = send_rows(st, out, from, policy, now, due, &mut sum, stop);
    out.finish();
    r.map(|()| sum)
}

#[allow(clippy::too_many_arguments)]
fn send_rows(
    st: &mut Store,
    out: &mut dyn Outgoing,
    from: &str,
    policy: RetryPolicy,
    now: DateTime<Utc>,
    due: Vec<OutMail>,
    sum: &mut SendSummary,
    stop: &dyn Fn() -> bool,
) -> Result<(), MailError> {
    for mut m in due {
        if stop() {
            tracing::info!("stop requested; the rest of the outbox stays queued");
            break;
        }
        if out.unavailable() {
            break;
        }
        m.attachments = st.read().attachments_of(m.id, m.announcement_id)?;
        // Another judge process may have sent it meanwhile.
        let still = st.read().still_queued(m.id)?;
        if !still {
            continue;
        }
        let span = tracing::info_span!("outbox", id = m.id, to = %m.to);
        let _e = span.enter();
        super::test_pause("sending");
        match out.send(from, &m) {
            Ok(()) => {
                st.write(|c| {
                    c.mark_sent(m.id, &time_text(now))?;
                    // A one-time link's token goes with the mail, not
                    // into the outbox's record of it.
                    match super::web_link::spent(&m.body) {
                        Some(body) => c.set_outbox_body(m.id, &body).map(|_| ()),
                        None => Ok(()),
                    }
                })?;
                tracing::info!(message_id = %m.message_id, "sent");
                sum.sent += 1;
            }
            Err(e) => failed_attempt(st, &m, &e, policy, now, sum)?,
        }
    }
    Ok(())
}

/// Records a failed attempt at `m` as [`Failure`] says, and counts it.
fn failed_attempt(
    st: &mut Store,
    m: &OutMail,
    e: &SendError,
    policy: RetryPolicy,
    now: DateTime<Utc>,
    sum: &mut SendSummary,
) -> Result<(), MailError> {
    let attempts = m.attempts + 1;
    let give_up = match e.failure {
        Failure::Refused | Failure::Unaddressable => true,
        Failure::Deferred => policy.gives_up(m.deferred_since.as_deref(), now),
        Failure::Unanswered => false,
    };
    let next = now + policy.delay(attempts);
    let now_s = time_text(now);
    st.write(|c| {
        c.mark_failed_attempt(
            m.id,
            &FailedAttempt {
                status: if give_up { "failed" } else { "queued" },
                attempts,
                next_attempt_at: &time_text(next),
                error: &e.message,
                deferred_at: (e.failure == Failure::Deferred).then_some(now_s.as_str()),
            },
        )
    })?;
    match (give_up, e.failure) {
        (true, Failure::Unaddressable) => {
            tracing::warn!(error = %e.message, "set aside: the mail has no address it can go to");
            sum.unaddressable += 1;
        }
        (true, _) => {
            tracing::error!(error = %e.message, attempts, "giving up on a message: the server refused it");
            sum.failed += 1;
        }
        (false, _) => {
            tracing::warn!(error = %e.message, attempts, retry_at = %time_text(next), "sending failed; will retry");
            sum.deferred += 1;
        }
    }
    Ok(())
}

/// The earliest time a queued message is due, if any.
pub(super) fn next_due(c: &Tx<'_>) -> crate::store::DbResult<Option<DateTime<Utc>>> {
    let t = c.next_outbox_due()?;
    Ok(t.as_deref().and_then(parse_time))
}

/// The language `address` reads the mail of game `game` in: the reader's
/// own choice (SET LANGUAGE), else the game's default (`language=` at
/// CREATE), else the judge's (`[judge] language`), else English; looked up
/// in the transaction that queues the mail. A choice that cannot be read
/// (a game's settings damaged) is logged and the judge's default used, so
/// the mail still goes out.
pub(super) fn reader_lang(c: &Tx<'_>, js: &JudgeSettings, game: &str, address: &str) -> Lang {
    reader_lang_in(c, js, Some(game), address)
}

/// [`reader_lang`] for mail about `game`, or about no game.
pub(super) fn reader_lang_in(
    c: &Tx<'_>,
    js: &JudgeSettings,
    game: Option<&str>,
    address: &str,
) -> Lang {
    match crate::game::reader_lang(c, game, address, js.language) {
        Ok(lang) => lang,
        Err(error) => {
            tracing::warn!(%error, "the reader's language could not be read: the judge's default is used");
            js.language.unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{self, Audience};

    fn store() -> (tempfile::TempDir, Store) {
        let d = tempfile::tempdir().unwrap();
        let st = Store::open(&d.path().join("t.db")).unwrap();
        (d, st)
    }

    /// A game with France and England played from two addresses, and a
    /// typed notice for everybody waiting, with no words stored.
    fn a_typed_announcement(st: &mut Store) -> (crate::game::Notice, i64) {
        let notice = crate::game::Notice::NewPlayer {
            game: "g".into(),
            power: "france".into(),
        };
        let id = st
            .write(|c| -> crate::store::DbResult<i64> {
                let t = "2025-01-01T00:00:00Z";
                let g = c.insert_game("g", "standard", "", "{}", t)?;
                for (p, e) in [("france", "a@example.org"), ("england", "b@example.org")] {
                    c.insert_power(g, p)?;
                    c.seat_player(g, p, e, "x", t)?;
                }
                c.insert_notice(&store::NewNotice {
                    game_id: g,
                    phase: None,
                    audience: &Audience::All,
                    kind: notice.kind(),
                    notice: &notice.to_json(),
                    created_at: t,
                })
            })
            .unwrap();
        (notice, id)
    }

    #[test]
    fn a_typed_announcement_is_put_into_words_for_each_reader_when_it_is_queued() {
        let (_d, mut st) = store();
        let (notice, id) = a_typed_announcement(&mut st);
        // Stored with its notice and no words.
        let row = &st.read().pending_announcements().unwrap()[0];
        assert_eq!(
            (row.id, row.subject.as_str(), row.body.as_str()),
            (id, "", "")
        );
        assert!(row.notice.is_some());
        let js = JudgeSettings {
            address: "judge@example.org".into(),
            master_address: None,
            master_copies: false,
            ..JudgeSettings::default()
        };
        let now = parse_time("2025-01-02T00:00:00Z").unwrap();
        assert_eq!(queue_announcements(&mut st, &js, now).unwrap(), 2);
        let want = crate::text::notice::mail(Lang::En, &notice);
        assert_eq!(want.subject, "dipspy g: France has a new player");
        let out = rows(&st.read()).unwrap();
        let to: Vec<&str> = out.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["a@example.org", "b@example.org"]);
        for m in &out {
            assert_eq!((&m.subject, &m.body), (&want.subject, &want.body));
            assert_eq!(m.announcement_id, Some(id));
        }
        // Marked queued with its mail: a second pass queues nothing more.
        assert!(st.read().pending_announcements().unwrap().is_empty());
        assert_eq!(queue_announcements(&mut st, &js, now).unwrap(), 0);
        assert_eq!(rows(&st.read()).unwrap().len(), 2);
    }

    #[test]
    fn each_reader_gets_the_announcement_in_the_language_they_chose() {
        let (_d, mut st) = store();
        let (notice, _) = a_typed_announcement(&mut st);
        let now = parse_time("2025-01-02T00:00:00Z").unwrap();
        crate::game::set_language(&mut st, "b@example.org", Lang::Fr, now).unwrap();
        let js = JudgeSettings {
            address: "judge@example.org".into(),
            master_address: None,
            master_copies: false,
            language: Some(Lang::De),
            ..JudgeSettings::default()
        };
        assert_eq!(queue_announcements(&mut st, &js, now).unwrap(), 2);
        let out = rows(&st.read()).unwrap();
        let by = |to: &str| out.iter().find(|m| m.to == to).unwrap();
        // b chose French; a chose nothing and gets the judge's default.
        let fr = crate::text::notice::mail(Lang::Fr, &notice);
        let de = crate::text::notice::mail(Lang::De, &notice);
        assert_eq!(fr.subject, "dipspy g\u{a0}: La France a un nouveau joueur");
        assert_eq!(de.subject, "dipspy g: Frankreich hat einen neuen Spieler");
        assert_eq!(
            (&by("b@example.org").subject, &by("b@example.org").body),
            (&fr.subject, &fr.body)
        );
        assert_eq!(
            (&by("a@example.org").subject, &by("a@example.org").body),
            (&de.subject, &de.body)
        );
    }

    /// A game with three readers: a@ (English), b@ (French), c@ (German);
    /// `notices` waiting for everybody, with no words stored.
    fn three_readers(st: &mut Store, notices: &[crate::game::Notice]) -> JudgeSettings {
        st.write(|c| -> crate::store::DbResult<()> {
            let t = "2025-01-01T00:00:00Z";
            let g = c.insert_game("g", "standard", "", "{}", t)?;
            for (p, e) in [
                ("france", "a@example.org"),
                ("england", "b@example.org"),
                ("germany", "c@example.org"),
            ] {
                c.insert_power(g, p)?;
                c.seat_player(g, p, e, "x", t)?;
            }
            for n in notices {
                c.insert_notice(&store::NewNotice {
                    game_id: g,
                    phase: None,
                    audience: &Audience::All,
                    kind: n.kind(),
                    notice: &n.to_json(),
                    created_at: t,
                })?;
            }
            Ok(())
        })
        .unwrap();
        let now = parse_time("2025-01-02T00:00:00Z").unwrap();
        crate::game::set_language(st, "b@example.org", Lang::Fr, now).unwrap();
        crate::game::set_language(st, "c@example.org", Lang::De, now).unwrap();
        JudgeSettings {
            address: "judge@example.org".into(),
            master_address: None,
            master_copies: false,
            ..JudgeSettings::default()
        }
    }

    /// The bodies each reader got, queued from the stored notices, in the
    /// order the notices were posted: (English, French, German).
    fn bodies_by_reader(st: &mut Store, js: &JudgeSettings) -> Vec<(String, String, String)> {
        let now = parse_time("2025-01-02T00:00:00Z").unwrap();
        queue_announcements(st, js, now).unwrap();
        let out = rows(&st.read()).unwrap();
        let mut ids: Vec<i64> = out.iter().filter_map(|m| m.announcement_id).collect();
        ids.dedup();
        ids.iter()
            .map(|id| {
                let of = |to: &str| {
                    let m = out
                        .iter()
                        .find(|m| m.announcement_id == Some(*id) && m.to == to)
                        .unwrap();
                    format!("{}\n{}", m.subject, m.body)
                };
                (
                    of("a@example.org"),
                    of("b@example.org"),
                    of("c@example.org"),
                )
            })
            .collect()
    }

    #[test]
    fn typed_notice_arguments_reach_french_and_german_readers_in_their_words() {
        use crate::game::{
            AdvanceNote, AdvanceOutcome, LaterOrder, Notice, OrLegacy, Recipient, When,
        };
        use crate::text::refused::Why;
        let when = When {
            at: parse_time("2025-01-05T20:00:00Z").unwrap(),
            tz: chrono_tz::UTC,
        };
        let missing = crate::game::Missing::Units(vec!["A smy".into(), "F ank".into()]);
        let dropped: crate::text::reason::Coded =
            serde_json::from_str(r#"{"k":"reason-no-unit","a":{"province":"ven"}}"#).unwrap();
        let notices = [
            Notice::Reminder {
                game: "g".into(),
                phase: "S1901M".into(),
                deadline: when,
                missing: OrLegacy::Typed(missing.clone()),
                none_yet: false,
            },
            Notice::DeadlineSetWhilePaused {
                game: "g".into(),
                phase: "S1901M".into(),
                left: OrLegacy::Typed(2 * 1440 + 4 * 60),
                deadline: when,
            },
            Notice::OrdersAgain {
                game: "g".into(),
                phase: "S1901M".into(),
                orders: vec!["A par - bur".into()],
                later: vec![OrLegacy::Typed(LaterOrder {
                    phase: "F1901M".into(),
                    condition: Some("france A bur".into()),
                    order: "A bur - mun".into(),
                })],
                paused: true,
                deadline: when,
            },
            Notice::AdvanceOrders {
                game: "g".into(),
                phase: "F1901M".into(),
                notes: vec![AdvanceNote {
                    phase: None,
                    order: "A ven - pie".into(),
                    condition: None,
                    outcome: AdvanceOutcome::Dropped(Why::Coded(dropped)),
                }],
            },
            Notice::Press {
                game: "g".into(),
                from: Some("germany".into()),
                to: vec![Recipient::Power("england".into())],
                text: "Hallo.".into(),
            },
        ];
        let (_d, mut st) = store();
        let js = three_readers(&mut st, &notices);
        let got = bodies_by_reader(&mut st, &js);
        assert_eq!(got.len(), notices.len());
        // English: as the game layer worded it before the arguments were
        // typed (the same notice with the old English words reads the same).
        let legacy = [
            Notice::Reminder {
                game: "g".into(),
                phase: "S1901M".into(),
                deadline: when,
                missing: OrLegacy::Legacy("Still without an order: A smy, F ank".into()),
                none_yet: false,
            },
            Notice::DeadlineSetWhilePaused {
                game: "g".into(),
                phase: "S1901M".into(),
                left: OrLegacy::Legacy(crate::game::format_minutes(2 * 1440 + 4 * 60)),
                deadline: when,
            },
            Notice::OrdersAgain {
                game: "g".into(),
                phase: "S1901M".into(),
                orders: vec!["A par - bur".into()],
                later: vec![OrLegacy::Legacy(
                    "F1901M, if france A bur: A bur - mun".into(),
                )],
                paused: true,
                deadline: when,
            },
            Notice::AdvanceOrders {
                game: "g".into(),
                phase: "F1901M".into(),
                notes: vec![AdvanceNote {
                    phase: None,
                    order: "A ven - pie".into(),
                    condition: None,
                    outcome: AdvanceOutcome::Dropped(Why::Legacy("there is no unit in ven".into())),
                }],
            },
            Notice::Press {
                game: "g".into(),
                from: Some("Germany".into()),
                to: vec![Recipient::Power("England".into())],
                text: "Hallo.".into(),
            },
        ];
        for ((en, _, _), old) in got.iter().zip(&legacy) {
            let m = crate::text::notice::mail(Lang::En, old);
            assert_eq!(en, &format!("{}\n{}", m.subject, m.body));
        }
        let want: [(&str, &str, &str); 5] = [
            (
                "Still without an order: A smy, F ank",
                "Encore sans ordre\u{a0}: A smy, F ank",
                "Noch ohne Befehl: A smy, F ank",
            ),
            ("2d 4h", "2 j 4 h", "2 T. 4 Std."),
            (
                "F1901M, if france A bur: A bur - mun",
                "F1901M, si france A bur\u{a0}: A bur - mun",
                "F1901M, wenn france A bur: A bur - mun",
            ),
            (
                "DROPPED: there is no unit in ven",
                "ÉCARTÉ\u{a0}: il n'y a pas d'unité en ven",
                "VERWORFEN: in ven steht keine Einheit",
            ),
            (
                "From: Germany\nTo: England",
                "De\u{a0}: Allemagne\nÀ\u{a0}: Angleterre",
                "Von: Deutschland\nAn: England",
            ),
        ];
        for ((en, fr, de), (we, wf, wd)) in got.iter().zip(want) {
            assert!(en.contains(we), "{en}");
            assert!(fr.contains(wf), "{fr}");
            assert!(de.contains(wd), "{de}");
        }
        // No English word of the typed arguments reaches them.
        for (_, fr, de) in &got {
            for english in ["Still without", "there is no unit", ", if ", "2d 4h"] {
                assert!(!fr.contains(english), "{fr}");
                assert!(!de.contains(english), "{de}");
            }
        }
    }

    #[test]
    fn the_start_mails_rules_and_a_new_players_board_reach_each_reader_in_their_words() {
        use crate::game::EspionageRules;
        use crate::game::Started;
        use crate::game::{Notice, OrLegacy, WelcomeBoard, When};
        let map = crate::engine::Map::standard();
        let pos = crate::engine::Position::initial(map, map.first_year());
        let when = When {
            at: parse_time("2025-01-05T20:00:00Z").unwrap(),
            tz: chrono_tz::UTC,
        };
        let rules = EspionageRules {
            rules: vec!["espionnite".into()],
            reaction_minutes: 1440,
            spy_at_start: false,
        };
        let started = |espionage| {
            Notice::GameStarted(Started {
                game: "g".into(),
                map: "standard".into(),
                espionage: Some(espionage),
                players: None,
                units: vec![("France".into(), vec!["A par".into()])],
                phase: "S1901M".into(),
                deadline: when,
            })
        };
        let welcome = |board| Notice::Welcome {
            game: "g".into(),
            power: "france".into(),
            phase: "S1901M".into(),
            board,
            orders: Vec::new(),
            later: Vec::new(),
            deadline: Some(when),
        };
        let typed_board = OrLegacy::Typed(WelcomeBoard {
            board: crate::game::board(map, &pos, &pos),
            centres: crate::game::centres(map, &pos, &pos),
        });
        let notices = [started(OrLegacy::Typed(rules)), welcome(typed_board)];
        let (_d, mut st) = store();
        let js = three_readers(&mut st, &notices);
        let got = bodies_by_reader(&mut st, &js);
        // English as the game layer wrote these arguments before.
        let mut old_board = crate::text::results::board_en(map, &pos, &pos);
        old_board.push('\n');
        old_board.push_str(&crate::text::results::centres_en(map, &pos, &pos));
        let legacy = [
            started(OrLegacy::Legacy(
                "espionage: Espionnite; reaction deadline 1d after the orders are frozen".into(),
            )),
            welcome(OrLegacy::Legacy(old_board)),
        ];
        for ((en, _, _), old) in got.iter().zip(&legacy) {
            let m = crate::text::notice::mail(Lang::En, old);
            assert_eq!(en, &format!("{}\n{}", m.subject, m.body));
        }
        let (_, fr, de) = &got[0];
        assert!(
            fr.contains(
                "espionnage\u{a0}: Espionnite\u{a0}; délai de réaction\u{a0}: 1 j après le gel des ordres"
            ),
            "{fr}"
        );
        assert!(
            de.contains(
                "Spionage: Espionnite; Reaktionsfrist 1 T. nach dem Einfrieren der Befehle"
            ),
            "{de}"
        );
        let (_, fr, de) = &got[1];
        assert!(fr.contains("Le plateau maintenant\u{a0}:\n"), "{fr}");
        assert!(fr.contains("Centres de ravitaillement\u{a0}:\n"), "{fr}");
        assert!(de.contains("Das Spielbrett jetzt:\n"), "{de}");
        assert!(de.contains("Versorgungszentren:\n"), "{de}");
        for (_, fr, de) in &got {
            for english in ["The board now", "Supply centres", "reaction deadline", "1d"] {
                assert!(!fr.contains(english), "{fr}");
                assert!(!de.contains(english), "{de}");
            }
        }
    }

    #[test]
    fn a_notice_that_does_not_read_stays_pending_and_nothing_is_queued() {
        let (_d, mut st) = store();
        let (_, id) = a_typed_announcement(&mut st);
        st.conn()
            .execute(
                "UPDATE announcements SET notice = '{\"notice\":\"from-the-future\"}' WHERE id = ?1",
                [id],
            )
            .unwrap();
        let js = JudgeSettings::default();
        let now = parse_time("2025-01-02T00:00:00Z").unwrap();
        assert_eq!(queue_announcements(&mut st, &js, now).unwrap(), 0);
        assert!(rows(&st.read()).unwrap().is_empty());
        assert_eq!(st.read().pending_announcements().unwrap().len(), 1);
    }

    #[test]
    fn an_announcement_without_words_or_a_notice_is_refused_by_the_database() {
        let (_d, mut st) = store();
        let (_, _) = a_typed_announcement(&mut st);
        let r = st.write(|c| {
            c.insert_announcement(&store::NewAnnouncement {
                game_id: 1,
                phase: None,
                audience: &Audience::All,
                kind: store::AnnouncementKind::Game,
                subject: "",
                body: "",
                created_at: "2025-01-01T00:00:00Z",
            })
        });
        assert!(r.is_err());
    }
}
