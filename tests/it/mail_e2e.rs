//! End to end against real servers (Dovecot and OpenSMTPD on loopback, see
//! `tests/it/support/mailstack.rs`): players' mail goes in by SMTP, `dipspy serve` reads
//! it over IMAP with TLS, and its replies come back by SMTP into the
//! players' IMAP inboxes. These tests check the transport: one reply per
//! message, threading, exactly-once across crashes, bad mail, auto-replies,
//! a dead SMTP server, and sending over STARTTLS or TLS with AUTH (a wrong
//! password or an untrusted certificate leaves the reply queued).

use crate::support::mailstack;

use dipspy::mail;
use mailstack::{JUDGE, MailStack, Serve, header};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// One pass of `dipspy serve --once`, which must succeed.
fn serve_once(cfg: &Path) -> String {
    let (ok, err) = serve_once_status(cfg);
    assert!(ok, "dipspy serve --once failed:\n{err}");
    err
}

/// One pass that could not send its mail: `serve --once` exits non-zero
/// and says so, so that a cron job notices (issue 15).
fn serve_once_unsent(cfg: &Path) -> String {
    let (ok, err) = serve_once_status(cfg);
    assert!(
        !ok,
        "dipspy serve --once succeeded though mail was not sent:\n{err}"
    );
    assert!(err.contains("could not be sent"), "{err}");
    err
}

fn serve_once_status(cfg: &Path) -> (bool, String) {
    serve_once_at(cfg, None)
}

/// An hour from now, for `--now`: past every retry delay of the test
/// configuration (`retry_seconds = 1`, `max_retry_seconds = 2`), so a
/// queued reply is due without waiting in real time.
fn an_hour_later() -> String {
    (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339()
}

/// One pass of `dipspy serve --once`, with the clock at `now` when given.
fn serve_once_at(cfg: &Path, now: Option<&str>) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dipspy"));
    cmd.args(["serve", "--once", "--config"]).arg(cfg);
    if let Some(now) = now {
        cmd.args(["--now", now]);
    }
    let out = cmd.env("DIPSPY_LOG", "info").output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn statuses(db: &Path) -> Vec<(String, String)> {
    let st = crate::support::words::open_store(db).unwrap();
    mail::inbox_rows(&st.read())
        .unwrap()
        .into_iter()
        .map(|r| (r.sender, r.status))
        .collect()
}

fn outbox_rows(db: &Path) -> Vec<mail::OutMail> {
    let st = crate::support::words::open_store(db).unwrap();
    mail::outbox_rows(&st.read()).unwrap()
}

/// Every outbox row's status and attempts, in order, read when no judge
/// runs (after `serve --once`, or a `serve` stopped): each row must be as
/// `want` says, and no row more.
fn outbox_settles(db: &Path, want: &[(&str, u32)]) {
    let seen: Vec<(String, u32)> = outbox_rows(db)
        .into_iter()
        .map(|o| (o.status, o.attempts))
        .collect();
    let want: Vec<(String, u32)> = want.iter().map(|(s, a)| (s.to_string(), *a)).collect();
    assert_eq!(seen, want, "outbox rows (status, attempts)");
}

/// `user`'s mailbox holds exactly `n` messages once everything the judge
/// handed to OpenSMTPD is delivered (its queue is empty). Called when no
/// judge runs, so nothing more can come.
fn mailbox_settles(stack: &MailStack, user: &str, n: usize) {
    stack.wait_for(user, n);
    stack.wait_queue_empty();
    assert_eq!(stack.inbox(user).len(), n, "{user}'s messages");
}

#[test]
fn a_reply_comes_back_threaded_and_a_duplicate_is_handled_once() {
    let stack = MailStack::start();
    let cfg = stack.judge_config("");
    let mid = stack.send_text("alice@example.org", "orders", "signon", "m1");
    stack.wait_for(JUDGE, 1);
    serve_once(&cfg);
    assert_eq!(
        statuses(&stack.db_path()),
        [("alice@example.org".to_string(), "handled".to_string())]
    );
    let got = stack.wait_for("alice@example.org", 1);
    assert_eq!(got.len(), 1);
    let reply = &got[0].0;
    assert_eq!(header(reply, "In-Reply-To").as_deref(), Some(mid.as_str()));
    assert!(header(reply, "References").unwrap().contains(&mid));
    assert_eq!(header(reply, "Subject").as_deref(), Some("Re: orders"));
    assert_eq!(header(reply, "From").as_deref(), Some(JUDGE));
    let out = outbox_rows(&stack.db_path());
    assert_eq!(out.len(), 1);
    assert_eq!(
        header(reply, "Message-ID").as_deref(),
        Some(out[0].message_id.as_str())
    );
    // The judge's copy is flagged seen, after it was stored.
    assert!(stack.inbox(JUDGE).iter().all(|(_, seen)| *seen));

    // The same message delivered a second time: stored once, answered once.
    stack.send_text("alice@example.org", "orders", "signon", "m1");
    stack.wait_for(JUDGE, 2);
    serve_once(&cfg);
    serve_once(&cfg);
    assert_eq!(statuses(&stack.db_path()).len(), 1);
    outbox_settles(&stack.db_path(), &[("sent", 1)]);
    mailbox_settles(&stack, "alice@example.org", 1);
    // A later message from alice is answered: proves delivery still works,
    // and that alice then holds exactly two replies.
    let mid2 = stack.send_text("alice@example.org", "more", "x", "m2");
    stack.wait_for(JUDGE, 3);
    serve_once(&cfg);
    mailbox_settles(&stack, "alice@example.org", 2);
    let got = stack.inbox("alice@example.org");
    assert_eq!(
        header(&got[1].0, "In-Reply-To").as_deref(),
        Some(mid2.as_str())
    );
    outbox_settles(&stack.db_path(), &[("sent", 1), ("sent", 1)]);
}

#[test]
fn bad_mail_is_quarantined_or_answered_and_auto_replies_are_not() {
    let stack = MailStack::start();
    let cfg = stack.judge_config("[limits]\nmax_message_bytes = 20000\nper_sender_per_hour = 50\n");
    // Binary junk with a sender.
    let mut junk = b"From: alice@example.org\r\nTo: judge@example.org\r\nSubject: junk\r\nMessage-ID: <junk@p>\r\nContent-Type: application/octet-stream\r\n\r\n".to_vec();
    junk.extend(
        (0..3000u32)
            .map(|i| ((i * 37 + 11) % 251) as u8)
            .filter(|b| *b != b'\r' && *b != b'\n' && *b != 0),
    );
    junk.extend_from_slice(b"\r\n");
    stack.send_raw("alice@example.org", JUDGE, &junk);
    // Too large.
    let big = format!(
        "From: alice@example.org\r\nTo: {JUDGE}\r\nSubject: big\r\nMessage-ID: <big@p>\r\n\r\n{}\r\n",
        "A PAR-BUR\r\n".repeat(4000)
    );
    stack.send_raw("alice@example.org", JUDGE, big.as_bytes());
    // Declared UTF-8, written in Latin-1.
    stack.send_raw(
        "alice@example.org",
        JUDGE,
        b"From: alice@example.org\r\nTo: judge@example.org\r\nSubject: caf\xe9\r\nMessage-ID: <latin@p>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nd\xe9j\xe0 vu\r\n",
    );
    // A vacation auto-reply and a bounce from bob's side.
    stack.send_raw(
        "bob@example.org",
        JUDGE,
        b"From: bob@example.org\r\nTo: judge@example.org\r\nSubject: Out of office\r\nMessage-ID: <vac@p>\r\nAuto-Submitted: auto-replied\r\n\r\nI am away.\r\n",
    );
    stack.send_raw(
        "",
        JUDGE,
        b"From: MAILER-DAEMON@example.org\r\nTo: judge@example.org\r\nSubject: Undelivered Mail\r\nMessage-ID: <bounce@p>\r\n\r\nbounced\r\n",
    );
    // Mail claiming to be from the judge itself.
    stack.send_raw(
        JUDGE,
        JUDGE,
        b"From: judge@example.org\r\nTo: judge@example.org\r\nSubject: Re: loop\r\nMessage-ID: <self@p>\r\n\r\nloop\r\n",
    );
    // And a normal one after all that.
    let ok = stack.send_text("alice@example.org", "normal", "hello", "normal");
    stack.wait_for(JUDGE, 7);
    serve_once(&cfg);

    let st = crate::support::words::open_store(&stack.db_path()).unwrap();
    let rows = mail::inbox_rows(&st.read()).unwrap();
    assert_eq!(rows.len(), 7, "{rows:#?}");
    let by = |mid: &str| {
        rows.iter()
            .find(|r| r.message_id.as_deref() == Some(mid))
            .unwrap_or_else(|| panic!("{mid} not stored: {rows:#?}"))
    };
    assert_eq!(by("<big@p>").status, "quarantined");
    assert!(by("<big@p>").reason.as_ref().unwrap().contains("too large"));
    assert_eq!(by("<vac@p>").status, "ignored");
    assert_eq!(by("<bounce@p>").status, "ignored");
    assert_eq!(by("<self@p>").status, "ignored");
    assert_eq!(by("<latin@p>").status, "handled");
    assert_eq!(by("<junk@p>").status, "handled");
    assert_eq!(by(&ok).status, "handled");
    // Alice: replies to junk, latin and normal, and the note about the big
    // one; bob (auto-reply) and the bounce get nothing.
    let alice = stack.wait_for("alice@example.org", 4);
    assert_eq!(alice.len(), 4);
    let outs = mail::outbox_rows(&st.read()).unwrap();
    assert_eq!(outs.len(), 4);
    assert!(
        outs.iter()
            .all(|o| o.to == "alice@example.org" && o.status == "sent")
    );
    assert!(stack.inbox("bob@example.org").is_empty());
    let judge_box = stack.inbox(JUDGE);
    assert_eq!(judge_box.len(), 7, "the judge never wrote to itself");
}

/// Crash points: SIGKILL the judge paused at each, restart it, and the
/// message must be handled once and answered once.
#[test]
fn a_killed_judge_handles_each_message_exactly_once_after_restart() {
    let stack = MailStack::start();
    let cfg = stack.judge_config("");
    let db = stack.db_path();
    for (n, point) in ["stored", "handling", "queued"].iter().enumerate() {
        let mid = stack.send_text("alice@example.org", point, "x", &format!("crash-{point}"));
        stack.wait_for(JUDGE, n + 1);
        let pause = format!("{point}=60");
        let mut j = Serve::start(&[], &cfg, &[("DIPSPY_TEST_PAUSE_AT", &pause)]);
        j.wait_line(&format!("paused at {point}"));
        j.kill9();
        let rows = {
            let st = crate::support::words::open_store(&db).unwrap();
            mail::inbox_rows(&st.read()).unwrap()
        };
        assert_eq!(rows.len(), n + 1, "{point}: stored once");
        let expect = if *point == "queued" { "handled" } else { "new" };
        assert_eq!(rows[n].status, expect, "{point}");
        let out = outbox_rows(&db);
        assert_eq!(
            out.len(),
            if *point == "queued" { n + 1 } else { n },
            "{point}"
        );
        assert!(out.iter().take(n).all(|o| o.status == "sent"));
        if *point == "stored" {
            // Stored but not acknowledged: still unseen on the server.
            assert!(!stack.inbox(JUDGE)[n].1, "acknowledged before the crash?");
        }

        serve_once(&cfg);
        let rows = {
            let st = crate::support::words::open_store(&db).unwrap();
            mail::inbox_rows(&st.read()).unwrap()
        };
        assert_eq!(rows.len(), n + 1, "{point}: no second copy after restart");
        assert!(
            rows.iter().all(|r| r.status == "handled"),
            "{point}: {rows:#?}"
        );
        outbox_settles(&db, &vec![("sent", 1); n + 1]);
        mailbox_settles(&stack, "alice@example.org", n + 1);
        let alice = stack.inbox("alice@example.org");
        assert_eq!(
            header(&alice[n].0, "In-Reply-To").as_deref(),
            Some(mid.as_str())
        );
        assert!(stack.inbox(JUDGE).iter().all(|(_, seen)| *seen));
    }
    // Nothing more arrives on a later pass.
    serve_once(&cfg);
    outbox_settles(&db, &[("sent", 1); 3]);
    mailbox_settles(&stack, "alice@example.org", 3);
}

#[test]
fn replies_wait_in_the_outbox_while_smtp_is_down() {
    let mut stack = MailStack::start();
    let cfg = stack.judge_config("");
    let mid = stack.send_text("alice@example.org", "orders", "x", "down");
    stack.wait_for(JUDGE, 1);
    stack.stop_smtpd();
    let log = serve_once_unsent(&cfg);
    let out = outbox_rows(&stack.db_path());
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].status, "queued", "{log}");
    assert_eq!(out[0].attempts, 1);
    assert!(out[0].last_error.is_some());
    let id = out[0].message_id.clone();

    // A long-running judge keeps retrying while smtpd is down: the row
    // gains attempts and stays queued (within 20 s; retry_seconds = 1,
    // max_retry_seconds = 2).
    let j = Serve::start(&[], &cfg, &[]);
    let end = Instant::now() + Duration::from_secs(20);
    let retried = loop {
        let out = outbox_rows(&stack.db_path());
        if out[0].attempts >= 2 {
            break out;
        }
        assert!(
            Instant::now() < end,
            "no second attempt while smtpd is down: {:?}",
            out.iter()
                .map(|o| (&o.status, o.attempts))
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(retried.len(), 1);
    assert_eq!(retried[0].status, "queued", "retried while down");
    assert!(retried[0].last_error.is_some());
    assert!(stack.inbox("alice@example.org").is_empty());
    let down_attempts = retried[0].attempts;

    // smtpd comes back; the judge delivers, once.
    stack.start_smtpd();
    let alice = stack.wait_for("alice@example.org", 1);
    assert_eq!(
        header(&alice[0].0, "Message-ID").as_deref(),
        Some(id.as_str())
    );
    assert_eq!(
        header(&alice[0].0, "In-Reply-To").as_deref(),
        Some(mid.as_str())
    );
    j.terminate();
    mailbox_settles(&stack, "alice@example.org", 1);
    let out = outbox_rows(&stack.db_path());
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].status, "sent");
    assert!(
        out[0].attempts > down_attempts,
        "{} attempts, {down_attempts} of them while smtpd was down",
        out[0].attempts
    );
}

#[test]
fn a_long_running_judge_answers_new_mail_and_stops_on_sigterm() {
    let stack = MailStack::start();
    // Long poll interval: the answer comes this quickly only because IMAP
    // IDLE wakes the judge.
    let cfg = stack.judge_config("");
    let text = std::fs::read_to_string(&cfg).unwrap();
    std::fs::write(&cfg, text.replace("poll_seconds = 1", "poll_seconds = 120")).unwrap();
    let mut j = Serve::start(&[], &cfg, &[]);
    j.wait_line("pass done");
    let mid = stack.send_text("bob@example.org", "hi", "x", "idle");
    let bob = stack.wait_for("bob@example.org", 1);
    assert_eq!(
        header(&bob[0].0, "In-Reply-To").as_deref(),
        Some(mid.as_str())
    );
    j.terminate();
}

/// One message from alice, answered by `dipspy serve --once` with `cfg`;
/// returns its Message-ID and the serve log.
fn alice_writes_and_judge_runs(stack: &MailStack, cfg: &Path, id: &str) -> (String, String) {
    let mid = stack.send_text("alice@example.org", "orders", "signon", id);
    stack.wait_for(JUDGE, 1);
    (mid, serve_once_status(cfg).1)
}

fn reply_arrives_over(security: &str) {
    let stack = MailStack::start();
    let cfg = stack.judge_config_smtp(
        &stack.submission_smtp(security, mailstack::PASSWORD, true),
        "",
    );
    let (mid, log) = alice_writes_and_judge_runs(&stack, &cfg, security);
    let out = outbox_rows(&stack.db_path());
    assert_eq!(
        out.len(),
        1,
        "{:?}\n{log}",
        out.iter()
            .map(|o| (&o.to, &o.subject, &o.status, &o.in_reply_to))
            .collect::<Vec<_>>()
    );
    assert_eq!(out[0].status, "sent", "{:?}\n{log}", out[0].last_error);
    let alice = stack.wait_for("alice@example.org", 1);
    assert_eq!(alice.len(), 1);
    assert_eq!(
        header(&alice[0].0, "In-Reply-To").as_deref(),
        Some(mid.as_str())
    );
    assert_eq!(
        header(&alice[0].0, "Message-ID").as_deref(),
        Some(out[0].message_id.as_str())
    );
}

#[test]
fn a_reply_is_sent_over_required_starttls_with_smtp_auth() {
    reply_arrives_over("starttls");
}

#[test]
fn a_reply_is_sent_over_implicit_tls_with_smtp_auth() {
    reply_arrives_over("tls");
}

#[test]
fn a_wrong_smtp_password_keeps_the_reply_queued_until_the_config_is_fixed() {
    let stack = MailStack::start();
    let cfg = stack.judge_config_smtp(&stack.submission_smtp("starttls", "wrong", true), "");
    let (mid, log) = alice_writes_and_judge_runs(&stack, &cfg, "badpw");
    // serve --once says the pass did not complete (and exits non-zero).
    assert!(log.contains("the pass did not complete"), "{log}");
    let out = outbox_rows(&stack.db_path());
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].status, "queued", "{log}");
    assert_eq!(out[0].attempts, 1);
    let err = out[0].last_error.clone().unwrap_or_default();
    assert!(err.contains("535"), "recorded error: {err:?}");
    assert!(stack.inbox("alice@example.org").is_empty());

    // The password corrected: the same reply goes out, once.
    let cfg = stack.judge_config_smtp(
        &stack.submission_smtp("starttls", mailstack::PASSWORD, true),
        "",
    );
    let later = an_hour_later();
    let (ok, log) = serve_once_at(&cfg, Some(&later));
    assert!(ok, "{log}");
    outbox_settles(&stack.db_path(), &[("sent", 2)]);
    let alice = stack.wait_for("alice@example.org", 1);
    assert_eq!(
        header(&alice[0].0, "In-Reply-To").as_deref(),
        Some(mid.as_str())
    );
    let (ok, log) = serve_once_at(&cfg, Some(&later));
    assert!(ok, "{log}");
    mailbox_settles(&stack, "alice@example.org", 1);
    outbox_settles(&stack.db_path(), &[("sent", 2)]);
}

#[test]
fn an_untrusted_smtp_certificate_is_refused_and_the_reply_stays_queued() {
    let stack = MailStack::start();
    for security in ["starttls", "tls"] {
        let cfg = stack.judge_config_smtp(
            &stack.submission_smtp(security, mailstack::PASSWORD, false),
            "",
        );
        if security == "starttls" {
            let (_, log) = alice_writes_and_judge_runs(&stack, &cfg, "untrusted");
            assert!(log.contains("could not be sent"), "{log}");
        } else {
            let (ok, log) = serve_once_at(&cfg, Some(&an_hour_later()));
            assert!(!ok && log.contains("could not be sent"), "{log}");
        }
        let attempts = if security == "starttls" { 1 } else { 2 };
        outbox_settles(&stack.db_path(), &[("queued", attempts)]);
        let out = outbox_rows(&stack.db_path());
        let err = out[0].last_error.clone().unwrap_or_default();
        assert!(
            err.to_lowercase().contains("certificate"),
            "{security}: recorded error: {err:?}"
        );
    }
    assert!(stack.inbox("alice@example.org").is_empty());
}
