//! Issue 34 item 6: mail is given up only on the server's word. A server
//! that cannot be reached (a silent TCP listener, a refused port) gives no
//! mail up, however long the outage, and the mail goes out once the real
//! OpenSMTPD of `tests/it/support/mailstack.rs` is back; a 5xx answer to a mail gives it
//! up at once, 4xx answers once they have gone on for `[smtp]
//! give_up_after`. The judge's clock is given to each pass; nothing sleeps.
//! The configurations are read from TOML the way the judge reads them,
//! `max_attempts` included (an older file still loads, and the setting no
//! longer gives mail up).

use crate::support::mailstack;
use crate::support::smtp_script;

use chrono::{DateTime, Duration, Utc};
use dipspy::config::Config;
use dipspy::mail::SmtpOut;
use dipspy::mail::retry_policy;
use dipspy::mail::{self, NewMail, SendSummary};
use dipspy::store::Store;
use mailstack::{JUDGE, MailStack, header};
use smtp_script::Scripted;
use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

fn t0() -> DateTime<Utc> {
    "2025-03-01T00:00:00Z".parse().unwrap()
}

/// Queues one mail to each of `to` at `at`; their Message-IDs.
fn queue(st: &mut Store, to: &[&str], at: DateTime<Utc>) -> Vec<String> {
    st.write(|c| {
        to.iter()
            .map(|t| {
                mail::queue_mail(
                    c,
                    &NewMail {
                        to: t.to_string(),
                        subject: format!("to {t}"),
                        body: "Your results.\n".into(),
                        in_reply_to: None,
                        inbox_id: None,
                        announcement_id: None,
                    },
                    JUDGE,
                    at,
                )
            })
            .collect::<dipspy::store::DbResult<Vec<i64>>>()
    })
    .unwrap();
    mail::outbox_rows(&st.read())
        .unwrap()
        .into_iter()
        .rev()
        .take(to.len())
        .rev()
        .map(|r| r.message_id)
        .collect()
}

/// A judge configuration sending to `port` on loopback, with `smtp` added
/// to its `[smtp]` section, read from its file.
fn config(dir: &Path, port: u16, smtp: &str) -> Config {
    let f = dir.join("judge.toml");
    std::fs::write(
        &f,
        format!(
            "[judge]\naddress = \"{JUDGE}\"\n[smtp]\nhost = \"127.0.0.1\"\nport = {port}\n\
             security = \"none\"\n{smtp}"
        ),
    )
    .unwrap();
    Config::load(&f).unwrap()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// One sending pass at `now` with `cfg`'s transport and retry schedule.
fn pass(
    st: &mut Store,
    cfg: &Config,
    rt: &tokio::runtime::Runtime,
    now: DateTime<Utc>,
) -> SendSummary {
    let policy = retry_policy(&cfg.smtp).unwrap();
    let mut out = SmtpOut::new(&cfg.smtp, rt.handle().clone()).unwrap();
    mail::send_due(st, &mut out, JUDGE, policy, now).unwrap()
}

/// Each row's (recipient, status).
fn statuses(st: &Store) -> Vec<(String, String)> {
    mail::outbox_rows(&st.read())
        .unwrap()
        .into_iter()
        .map(|r| (r.to, r.status))
        .collect()
}

/// A listener that accepts connections, never says a word, and counts
/// them.
fn silent_server() -> (u16, Arc<AtomicUsize>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let n = Arc::new(AtomicUsize::new(0));
    let count = n.clone();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for c in l.incoming().flatten() {
            count.fetch_add(1, Ordering::SeqCst);
            held.push(c);
        }
    });
    (port, n)
}

/// A loopback port nothing listens on (connecting is refused).
fn refused_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

#[test]
fn ten_days_without_a_server_give_no_mail_up_and_it_goes_when_the_server_is_back() {
    let stack = MailStack::start();
    let d = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
    let to = ["alice@example.org", "bob@example.org", "carol@example.org"];
    let ids = queue(&mut st, &to, t0());
    let rt = runtime();
    let (silent, connections) = silent_server();
    let refused = refused_port();
    // An older file: max_attempts = 3 once gave mail up on the third pass.
    let old = "timeout_seconds = 1\nmax_attempts = 3\n";
    let timeout = std::time::Duration::from_secs(1);
    let mut silent_passes = 0;
    for day in 0..10 {
        let port = if day % 2 == 0 { silent } else { refused };
        silent_passes += usize::from(port == silent);
        let cfg = config(d.path(), port, old);
        let started = Instant::now();
        let s = pass(&mut st, &cfg, &rt, t0() + Duration::days(day));
        // One timeout a pass at most, however many mails wait.
        let took = started.elapsed();
        assert!(took < timeout * 2, "day {day}: the pass took {took:?}");
        assert_eq!(s.failed, 0, "day {day}: {s:?}");
        assert!(
            statuses(&st).iter().all(|(_, s)| s == "queued"),
            "day {day}: {:?}",
            mail::outbox_rows(&st.read()).unwrap()
        );
        assert_eq!(connections.load(Ordering::SeqCst), silent_passes);
    }
    // What each mail recorded: no answer, never the server's word.
    for r in mail::outbox_rows(&st.read()).unwrap() {
        assert_eq!(r.deferred_since, None, "{r:?}");
    }
    // The server is back: everything goes, with the Message-IDs queued.
    let cfg = config(d.path(), stack.smtp_port, old);
    let s = pass(&mut st, &cfg, &rt, t0() + Duration::days(10));
    assert_eq!(
        (s.sent, s.failed),
        (3, 0),
        "{:?}",
        mail::outbox_rows(&st.read())
    );
    // (OpenSMTPD keeps its queue in the system spool: another run's mail
    // may arrive beside ours, so ours is looked for by its Message-ID.)
    for (who, id) in to.iter().zip(&ids) {
        let mut n = 1;
        loop {
            let got = stack.wait_for(who, n);
            let ids: Vec<String> = got
                .iter()
                .filter_map(|(raw, _)| header(raw, "Message-ID"))
                .collect();
            if ids.contains(id) {
                break;
            }
            n = got.len() + 1;
        }
    }
}

/// The scripted server's answer to each recipient.
fn answer(rcpt: &str) -> &'static str {
    if rcpt.starts_with("later") {
        "451 4.3.0 mailbox busy, try again later"
    } else if rcpt.starts_with("nobody") {
        "550 5.1.1 no such mailbox"
    } else {
        "250 2.1.5 ok"
    }
}

#[test]
fn a_5xx_gives_a_mail_up_at_once_and_4xx_answers_after_give_up_after() {
    let server = Scripted::start(answer);
    let d = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
    let rt = runtime();
    queue(
        &mut st,
        &["later@example.org", "nobody@example.org", "ok@example.org"],
        t0(),
    );
    // give_up_after beside the old max_attempts, which no longer counts.
    let cfg = config(
        d.path(),
        server.port,
        "timeout_seconds = 5\ngive_up_after = \"36h\"\nmax_attempts = 3\n",
    );
    let s = pass(&mut st, &cfg, &rt, t0());
    assert_eq!((s.sent, s.deferred, s.failed), (1, 1, 1), "{s:?}");
    let status = |st: &Store, who: &str| {
        statuses(st)
            .into_iter()
            .find(|(t, _)| t == who)
            .map(|(_, s)| s)
            .unwrap()
    };
    assert_eq!(status(&st, "nobody@example.org"), "failed");
    assert_eq!(status(&st, "ok@example.org"), "sent");
    // 4xx every 6 hours: queued until 36 hours after the first.
    for h in (6..36).step_by(6) {
        pass(&mut st, &cfg, &rt, t0() + Duration::hours(h));
        assert_eq!(status(&st, "later@example.org"), "queued", "after {h} h");
    }
    let s = pass(&mut st, &cfg, &rt, t0() + Duration::hours(36));
    assert_eq!(s.failed, 1, "{s:?}");
    let later = mail::outbox_rows(&st.read())
        .unwrap()
        .into_iter()
        .find(|r| r.to == "later@example.org")
        .unwrap();
    assert_eq!(later.status, "failed");
    assert_eq!(
        later.attempts, 7,
        "past max_attempts = 3: it no longer counts"
    );
    assert!(
        later.last_error.as_deref().unwrap().contains("451"),
        "{later:?}"
    );
    assert_eq!(
        later.deferred_since.as_deref(),
        Some("2025-03-01T00:00:00Z")
    );

    // Without give_up_after: 5 days.
    queue(&mut st, &["later-too@example.org"], t0());
    let cfg = config(d.path(), server.port, "timeout_seconds = 5\n");
    for day in 0..5 {
        pass(&mut st, &cfg, &rt, t0() + Duration::days(day));
        assert_eq!(status(&st, "later-too@example.org"), "queued", "day {day}");
    }
    pass(&mut st, &cfg, &rt, t0() + Duration::days(5));
    assert_eq!(status(&st, "later-too@example.org"), "failed");
}

#[test]
fn a_bad_give_up_after_is_refused_by_name() {
    let d = tempfile::tempdir().unwrap();
    let cfg = config(d.path(), 25, "give_up_after = \"soon\"\n");
    let e = retry_policy(&cfg.smtp).unwrap_err().to_string();
    assert!(e.contains("give_up_after") && e.contains("soon"), "{e}");
}
