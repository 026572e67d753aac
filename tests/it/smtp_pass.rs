//! Issue 23 item 7, mail at the server's speed, against the real stack
//! (Dovecot submission with STARTTLS and AUTH relaying into OpenSMTPD, see
//! `tests/it/support/mailstack.rs`): one SMTP connection carries a whole sending pass,
//! every SMTP step has a timeout, and (`--ignored`, they report figures)
//! the throughput and the duplicates when the judge is killed while
//! sending.

use crate::support::mailstack;

use chrono::Utc;
use dipspy::config::{SmtpConfig, SmtpSecurity};
use dipspy::mail::SmtpOut;
use dipspy::mail::{self, NewMail, RetryPolicy};
use mailstack::{JUDGE, MailStack, PASSWORD, header};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const TO: [&str; 3] = ["alice", "bob", "carol"];

/// Queues `n` mails, spread over alice, bob and carol; their Message-IDs.
fn queue(db: &Path, n: usize, tag: &str) -> Vec<String> {
    let mut st = crate::support::words::open_store(db).unwrap();
    let now = Utc::now();
    st.write(|c| {
        for i in 0..n {
            mail::queue_mail(
                c,
                &NewMail {
                    to: format!("{}@example.org", TO[i % 3]),
                    subject: format!("{tag} {i}"),
                    body: format!("Mail {i} of {n}.\n"),
                    in_reply_to: None,
                    inbox_id: None,
                    announcement_id: None,
                },
                JUDGE,
                now,
            )?;
        }
        Ok::<_, dipspy::store::DbError>(())
    })
    .unwrap();
    mail::outbox_rows(&st.read())
        .unwrap()
        .into_iter()
        .map(|r| r.message_id)
        .collect()
}

fn submission(stack: &MailStack, port: u16, timeout: u64) -> SmtpConfig {
    SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(port),
        security: SmtpSecurity::Starttls,
        user: Some(JUDGE.into()),
        password: Some(PASSWORD.into()),
        ca_file: Some(stack.cert.clone()),
        timeout_seconds: Some(timeout),
        ..SmtpConfig::default()
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// A TCP relay to `target` that counts the connections made through it.
fn counting_relay(target: u16) -> (u16, Arc<AtomicUsize>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let n = Arc::new(AtomicUsize::new(0));
    let count = n.clone();
    std::thread::spawn(move || {
        for c in l.incoming() {
            let Ok(a) = c else { break };
            count.fetch_add(1, Ordering::SeqCst);
            let Ok(b) = TcpStream::connect(("127.0.0.1", target)) else {
                continue;
            };
            let pipe = |mut from: TcpStream, mut to: TcpStream| {
                std::thread::spawn(move || {
                    let mut buf = [0u8; 16384];
                    while let Ok(k) = from.read(&mut buf) {
                        if k == 0 || to.write_all(&buf[..k]).is_err() {
                            break;
                        }
                    }
                    let _ = to.shutdown(std::net::Shutdown::Both);
                });
            };
            pipe(a.try_clone().unwrap(), b.try_clone().unwrap());
            pipe(b, a);
        }
    });
    (port, n)
}

/// The Message-IDs delivered to alice, bob and carol, once each.
fn delivered(stack: &MailStack) -> Vec<String> {
    TO.iter()
        .flat_map(|u| stack.inbox(&format!("{u}@example.org")))
        .filter_map(|(raw, _)| header(&raw, "Message-ID"))
        .collect()
}

#[test]
fn one_connection_carries_a_whole_sending_pass() {
    let stack = MailStack::start();
    let (port, connections) = counting_relay(stack.starttls_port);
    let db = stack.path().join("pass.db");
    let ids = queue(&db, 30, "pass");
    let rt = runtime();
    let mut out = SmtpOut::new(&submission(&stack, port, 10), rt.handle().clone()).unwrap();
    let mut st = crate::support::words::open_store(&db).unwrap();
    let s = mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
    assert_eq!(s.sent, 30);
    assert_eq!(
        connections.load(Ordering::SeqCst),
        1,
        "one connection for the pass"
    );
    // Every mail arrives once, with the Message-ID it was queued with.
    for u in TO {
        stack.wait_for(&format!("{u}@example.org"), 10);
    }
    let mut got = delivered(&stack);
    got.sort();
    let mut want = ids.clone();
    want.sort();
    assert_eq!(got, want);
    // The next pass opens a new connection (the last one was closed).
    queue(&db, 3, "again");
    let s = mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
    assert_eq!(s.sent, 3);
    assert_eq!(connections.load(Ordering::SeqCst), 2);
}

/// Dovecot's submission service offers PIPELINING, so the judge sends
/// MAIL, RCPT and DATA together there: a recipient the server refuses
/// fails that mail for good (and no text is sent for it), and the mail
/// after it still goes out, on a new connection.
#[test]
fn a_refused_recipient_in_a_pipelined_pass_fails_only_its_own_mail() {
    let stack = MailStack::start();
    let (port, connections) = counting_relay(stack.starttls_port);
    let db = stack.path().join("refused.db");
    let mut st = crate::support::words::open_store(&db).unwrap();
    let now = Utc::now();
    for to in [
        "alice@example.org",
        "nobody@elsewhere.invalid",
        "bob@example.org",
    ] {
        st.write(|c| {
            mail::queue_mail(
                c,
                &NewMail {
                    to: to.into(),
                    subject: format!("to {to}"),
                    body: "Hello.\n".into(),
                    in_reply_to: None,
                    inbox_id: None,
                    announcement_id: None,
                },
                JUDGE,
                now,
            )
        })
        .unwrap();
    }
    let rt = runtime();
    let mut out = SmtpOut::new(&submission(&stack, port, 10), rt.handle().clone()).unwrap();
    let s = mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), now).unwrap();
    let rows = mail::outbox_rows(&st.read()).unwrap();
    let status: Vec<&str> = rows.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(status, ["sent", "failed", "sent"], "{rows:#?}");
    assert_eq!((s.sent, s.failed, s.deferred), (2, 1, 0));
    let err = rows[1].last_error.clone().unwrap();
    assert!(err.contains("550") || err.contains("5.1."), "{err}");
    assert_eq!(connections.load(Ordering::SeqCst), 2);
    for (u, i) in [("alice", 0), ("bob", 2)] {
        let got = stack.wait_for(&format!("{u}@example.org"), 1);
        assert_eq!(got.len(), 1);
        assert_eq!(
            header(&got[0].0, "Message-ID").as_deref(),
            Some(rows[i].message_id.as_str())
        );
    }
}

/// A server that accepts connections, never says a word, and counts
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

#[test]
fn a_silent_smtp_server_costs_one_timeout_per_pass_not_one_per_mail() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("silent.db");
    queue(&db, 20, "silent");
    let (port, connections) = silent_server();
    let timeout = Duration::from_secs(2);
    let cfg = SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(port),
        security: SmtpSecurity::None,
        timeout_seconds: Some(timeout.as_secs()),
        ..SmtpConfig::default()
    };
    let rt = runtime();
    let mut out = SmtpOut::new(&cfg, rt.handle().clone()).unwrap();
    let mut st = crate::support::words::open_store(&db).unwrap();
    let t = Instant::now();
    let s = mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
    let took = t.elapsed();
    // One connection and one timeout for the pass, not one per mail.
    assert_eq!(connections.load(Ordering::SeqCst), 1);
    assert!(took < timeout * 2, "the pass took {took:?}");
    assert_eq!((s.sent, s.deferred, s.failed), (0, 1, 0));
    let rows = mail::outbox_rows(&st.read()).unwrap();
    assert!(rows.iter().all(|r| r.status == "queued"));
    // Only the mail tried counts an attempt; its error names the step.
    assert_eq!(rows.iter().filter(|r| r.attempts == 1).count(), 1);
    let err = rows[0].last_error.clone().unwrap();
    assert!(
        err.contains("greeting") && err.contains("within 2 s"),
        "{err}"
    );
}

/// A scripted SMTP server for one message: it offers PIPELINING in its
/// EHLO replies when `offer` is set, and after MAIL waits for more
/// commands before it answers: for two lines (offered), or for half the
/// client's `timeout` (not offered; the client waits for MAIL's reply up
/// to the whole of it).
/// Returns its port and, when the message is done, whether RCPT and DATA
/// came before MAIL's reply.
fn pipelining_server(offer: bool, timeout: Duration) -> (u16, std::sync::mpsc::Receiver<bool>) {
    use std::io::{BufRead, BufReader};
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let Ok((mut c, _)) = l.accept() else { return };
        let mut r = BufReader::new(c.try_clone().unwrap());
        let mut line = String::new();
        let read = |r: &mut BufReader<TcpStream>, line: &mut String| {
            line.clear();
            r.read_line(line).unwrap_or(0) > 0
        };
        c.write_all(b"220 fake ESMTP\r\n").unwrap();
        let ext: &[u8] = if offer {
            b"250-fake\r\n250-PIPELINING\r\n250 8BITMIME\r\n"
        } else {
            b"250-fake\r\n250 8BITMIME\r\n"
        };
        while read(&mut r, &mut line) {
            let cmd = line.trim_end().to_ascii_uppercase();
            if cmd.starts_with("EHLO") {
                c.write_all(ext).unwrap();
            } else if cmd.starts_with("MAIL") {
                // Anything more before MAIL is answered came without
                // waiting for the reply. Offered, the server waits for it
                // as long as it takes: a client that does not pipeline
                // gives up on MAIL's reply at its own timeout and hangs
                // up. Not offered, a client that pipelined anyway would
                // have sent it long before half its timeout.
                c.set_read_timeout((!offer).then_some(timeout / 2)).unwrap();
                let mut early = Vec::new();
                while early.len() < 2 && read(&mut r, &mut line) {
                    early.push(line.trim_end().to_ascii_uppercase());
                }
                c.set_read_timeout(None).unwrap();
                let _ = tx.send(early.len() == 2);
                c.write_all(b"250 ok\r\n").unwrap();
                for e in &early {
                    c.write_all(if e.starts_with("DATA") {
                        b"354 go on\r\n"
                    } else {
                        b"250 ok\r\n"
                    })
                    .unwrap();
                }
            } else if cmd.starts_with("RCPT") {
                c.write_all(b"250 ok\r\n").unwrap();
            } else if cmd.starts_with("DATA") {
                c.write_all(b"354 go on\r\n").unwrap();
            } else if cmd == "." {
                c.write_all(b"250 queued\r\n").unwrap();
            } else if cmd.starts_with("QUIT") {
                c.write_all(b"221 bye\r\n").unwrap();
                break;
            }
        }
    });
    (port, rx)
}

/// With a server that offers PIPELINING, MAIL, RCPT and DATA go out
/// without waiting for each reply; with one that does not (OpenSMTPD
/// answers pipelined commands with 500), one at a time.
#[test]
fn commands_are_pipelined_only_when_the_server_offers_it() {
    for offer in [true, false] {
        let d = tempfile::tempdir().unwrap();
        let db = d.path().join("pipe.db");
        queue(&db, 1, "pipe");
        let timeout = Duration::from_secs(5);
        let (port, early) = pipelining_server(offer, timeout);
        let cfg = SmtpConfig {
            host: Some("127.0.0.1".into()),
            port: Some(port),
            security: SmtpSecurity::None,
            timeout_seconds: Some(timeout.as_secs()),
            ..SmtpConfig::default()
        };
        let rt = runtime();
        let mut out = SmtpOut::new(&cfg, rt.handle().clone()).unwrap();
        let mut st = crate::support::words::open_store(&db).unwrap();
        let s =
            mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
        assert_eq!(
            s.sent,
            1,
            "offer {offer}: {:?}",
            mail::outbox_rows(&st.read())
        );
        assert_eq!(early.recv().unwrap(), offer, "offer {offer}");
    }
}

/// A server that refuses every session in its greeting (554).
fn refusing_server() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut c in l.incoming().flatten() {
            let _ = c.write_all(b"554 5.3.2 not accepting mail now\r\n");
            let mut buf = [0u8; 512];
            let _ = c.set_read_timeout(Some(Duration::from_secs(2)));
            let _ = c.read(&mut buf);
        }
    });
    port
}

/// A refusal before any mail was offered (the greeting, STARTTLS, AUTH)
/// is about the connection, not about a message: every mail stays
/// queued, one attempt counted for the pass, none dropped as failed.
#[test]
fn a_server_refusing_the_session_keeps_every_mail_queued() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("refusing.db");
    queue(&db, 5, "refused");
    let cfg = SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(refusing_server()),
        security: SmtpSecurity::None,
        timeout_seconds: Some(5),
        ..SmtpConfig::default()
    };
    let rt = runtime();
    let mut out = SmtpOut::new(&cfg, rt.handle().clone()).unwrap();
    let mut st = crate::support::words::open_store(&db).unwrap();
    let s = mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
    assert_eq!((s.sent, s.deferred, s.failed), (0, 1, 0));
    let rows = mail::outbox_rows(&st.read()).unwrap();
    assert!(rows.iter().all(|r| r.status == "queued"), "{rows:#?}");
    assert_eq!(rows.iter().map(|r| r.attempts).sum::<u32>(), 1);
    let err = rows[0].last_error.clone().unwrap();
    assert!(err.contains("554"), "{err}");
}

/// CPU time this process has used (user and system, from /proc), in
/// seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let f: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // utime and stime: fields 14 and 15, counted after the ")" from 3.
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| f.get(i).and_then(|v| v.parse::<f64>().ok()))
        .sum();
    ticks / 100.0
}

/// The OpenSMTPD of Debian 12 (6.8.0p2 on OpenSSL 3) cannot do TLS: its
/// listening process holds only the certificate's public key and marks it
/// for the process that holds the private key, but under OpenSSL 3 that
/// mark lands on a copy of the key, not on the key TLS signs with, so
/// every handshake fails ("missing private key", then "EVP lib"; RSA or
/// ECDSA, any key form, TLS 1.2 or 1.3, see `tests/it/support/mailstack.rs`). It offers
/// AUTH only on an encrypted session. So STARTTLS and AUTH are measured
/// through Dovecot's submission service, which relays each message into
/// OpenSMTPD before it answers (and offers PIPELINING, which the judge
/// uses); plain SMTP straight to OpenSMTPD beside it. OpenSMTPD's own
/// STARTTLS + AUTH listener is tried first and measured when the smtpd
/// run (`DIPSPY_SMTPD`, see `tests/it/support/mailstack.rs`) can do TLS.
#[test]
#[ignore = "a benchmark: run with --ignored --nocapture, reports mails/s"]
fn throughput_over_starttls_and_auth() {
    let stack = MailStack::start();
    let rt = runtime();
    let mut sent = 0;
    for (what, cfg) in [
        (
            "OpenSMTPD itself, STARTTLS + AUTH",
            submission(&stack, stack.smtpd_tls_port, 10),
        ),
        (
            "Dovecot submission, STARTTLS + AUTH",
            submission(&stack, stack.starttls_port, 10),
        ),
        (
            "OpenSMTPD, plain",
            SmtpConfig {
                host: Some("127.0.0.1".into()),
                port: Some(stack.smtp_port),
                security: SmtpSecurity::None,
                timeout_seconds: Some(10),
                ..SmtpConfig::default()
            },
        ),
    ] {
        let db = stack.path().join(format!("speed-{}.db", cfg.port.unwrap()));
        let n = 600;
        queue(&db, n, "speed");
        let mut out = SmtpOut::new(&cfg, rt.handle().clone()).unwrap();
        let mut st = crate::support::words::open_store(&db).unwrap();
        let (t, cpu) = (Instant::now(), cpu_seconds());
        let s =
            mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
        let secs = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        let errors: Vec<String> = mail::outbox_rows(&st.read())
            .unwrap()
            .into_iter()
            .filter_map(|r| r.last_error)
            .collect();
        if s.sent == 0 && cfg.port == Some(stack.smtpd_tls_port) {
            // Debian 12's smtpd: the handshake fails (tests/it/support/mailstack.rs).
            println!(
                "SMTP throughput ({what}): not measured, the connection fails: {}",
                errors.first().map(String::as_str).unwrap_or("?")
            );
            continue;
        }
        assert_eq!(s.sent, n, "{s:?}: {:?}", &errors[..errors.len().min(5)]);
        sent += n;
        println!(
            "SMTP throughput ({what}): {n} mails in {secs:.2} s = {:.0} mails/s \
             (the judge's own CPU: {:.2} ms a mail)",
            n as f64 / secs,
            cpu * 1000.0 / n as f64
        );
    }
    // Every mail arrived, once.
    stack.wait_queue_empty();
    assert_eq!(delivered(&stack).len(), sent);
}

/// The throughput test's paths in the suite, with 40 mails each: plain
/// SMTP to OpenSMTPD, and STARTTLS + AUTH through Dovecot's submission
/// (OpenSMTPD's own TLS listener fails every handshake on Debian 12, see
/// above). Every mail is sent in one pass and arrives exactly once, under
/// the Message-ID it was queued with.
#[test]
fn every_sending_path_delivers_each_mail_exactly_once() {
    let stack = MailStack::start();
    let rt = runtime();
    let plain = SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(stack.smtp_port),
        security: SmtpSecurity::None,
        timeout_seconds: Some(10),
        ..SmtpConfig::default()
    };
    let mut want = Vec::new();
    for cfg in [plain, submission(&stack, stack.starttls_port, 10)] {
        let db = stack.path().join(format!("paths-{}.db", cfg.port.unwrap()));
        let ids = queue(&db, 40, "path");
        let mut out = SmtpOut::new(&cfg, rt.handle().clone()).unwrap();
        let mut st = crate::support::words::open_store(&db).unwrap();
        let s =
            mail::send_due(&mut st, &mut out, JUDGE, RetryPolicy::default(), Utc::now()).unwrap();
        assert_eq!(
            (s.sent, s.deferred, s.failed),
            (40, 0, 0),
            "port {:?}",
            cfg.port
        );
        want.extend(ids);
    }
    stack.wait_queue_empty();
    let mut got = delivered(&stack);
    got.sort();
    want.sort();
    assert_eq!(got, want, "each mail once, none lost, none twice");
}

/// The `[smtp]` lines of the kill tests and what they name: Dovecot's
/// submission with STARTTLS + AUTH relaying into OpenSMTPD, unless
/// `DIPSPY_KILL_SMTP` says `plain` (straight to OpenSMTPD without TLS, to
/// compare) or `smtpd` (OpenSMTPD's own STARTTLS + AUTH listener, with a
/// `DIPSPY_SMTPD` that can do TLS, see tests/it/support/mailstack.rs).
fn kill_smtp(stack: &MailStack) -> (String, &'static str) {
    match std::env::var("DIPSPY_KILL_SMTP")
        .unwrap_or_default()
        .as_str()
    {
        "plain" => (
            format!(
                "host = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\n",
                stack.smtp_port
            ),
            "plain SMTP to OpenSMTPD",
        ),
        "smtpd" => (
            format!(
                "host = \"127.0.0.1\"\nport = {}\nsecurity = \"starttls\"\nuser = \"{JUDGE}\"\n\
                 password = \"{PASSWORD}\"\nca_file = \"{}\"\n",
                stack.smtpd_tls_port,
                stack.cert.display()
            ),
            "STARTTLS + AUTH, OpenSMTPD itself",
        ),
        _ => (
            stack.submission_smtp("starttls", PASSWORD, true),
            "STARTTLS + AUTH, Dovecot submission relaying into OpenSMTPD",
        ),
    }
}

/// How many mails of the outbox are still queued.
fn still_queued(db: &Path) -> usize {
    let st = crate::support::words::open_store(db).unwrap();
    mail::outbox_rows(&st.read())
        .unwrap()
        .iter()
        .filter(|r| r.status == "queued")
        .count()
}

/// `serve --once` to the end, without a kill, until nothing is queued.
fn send_the_rest(cfg: &Path, db: &Path) {
    for _ in 0..20 {
        if still_queued(db) == 0 {
            break;
        }
        let _ = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args(["serve", "--once", "--config"])
            .arg(cfg)
            .output()
            .unwrap();
    }
}

/// After the kills: every row is sent; once OpenSMTPD's queue is empty
/// (all it took is delivered), every Message-ID queued has arrived, and
/// no mail of this run (`run` is in its subject) came under a
/// Message-ID never queued. Returns the rows and the duplicates (copies
/// with the Message-ID of their first).
fn check_nothing_lost(stack: &MailStack, db: &Path, run: &str) -> (usize, usize) {
    let st = crate::support::words::open_store(db).unwrap();
    let rows = mail::outbox_rows(&st.read()).unwrap();
    assert!(rows.iter().all(|r| r.status == "sent"), "all sent");
    let mut want: Vec<String> = rows.iter().map(|r| r.message_id.clone()).collect();
    want.sort();
    stack.wait_queue_empty();
    let mut got = delivered(stack);
    got.sort();
    let mut unique = got.clone();
    unique.dedup();
    let lost: Vec<&String> = want
        .iter()
        .filter(|m| unique.binary_search(m).is_err())
        .collect();
    assert!(lost.is_empty(), "lost: {lost:?}");
    // Every mail in the boxes is of this run (the stack counts only its
    // own), so what is not a queued Message-ID is a copy under a new one.
    let strangers: Vec<String> = TO
        .iter()
        .flat_map(|u| stack.inbox(&format!("{u}@example.org")))
        .filter(|(raw, _)| header(raw, "Subject").is_some_and(|s| s.contains(run)))
        .filter_map(|(raw, _)| header(&raw, "Message-ID"))
        .filter(|m| want.binary_search(m).is_err())
        .collect();
    assert!(
        strangers.is_empty(),
        "mail of this run delivered under a Message-ID never queued: {strangers:?}"
    );
    (rows.len(), got.len() - unique.len())
}

/// A tag for this run's subjects.
fn run_tag() -> (String, u64) {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    (format!("run{:x}", seed % 0xffff_ffff), seed)
}

/// The short kill test, in the suite: `dipspy serve --once` sending 150
/// mails with STARTTLS and AUTH (as the long one below) is killed
/// (SIGKILL) five times, each time 0 to 40 ms after it has logged its
/// k-th mail sent (k from 2 to 12), so every kill falls while it sends, at
/// a random point of a mail; then it runs to the end. Nothing is lost, no mail comes twice under two Message-IDs,
/// and a mail comes twice at most once per kill (the kill between the
/// server's "250" and the judge's record of it).
#[test]
fn killed_while_sending_five_times_loses_nothing_and_doubles_only_the_mail_in_flight() {
    use std::io::BufRead;
    let stack = MailStack::start();
    let (smtp, _) = kill_smtp(&stack);
    let cfg = stack.judge_config_smtp(&smtp, "");
    let db = stack.db_path();
    let (run, seed) = run_tag();
    queue(&db, 150, &format!("kill {run}"));
    let mut kills = 0;
    for i in 0..5u64 {
        let k = 2 + (seed >> (i * 4)) % 11;
        let delay = (seed >> (i * 6 + 20)) % 40;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args(["serve", "--once", "--config"])
            .arg(&cfg)
            .env("DIPSPY_LOG", "info")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let err = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut sent = 0;
        for l in err.lines().map_while(Result::ok) {
            if l.contains("sent message_id") {
                sent += 1;
                if sent == k {
                    // A random point in the mails that follow.
                    std::thread::sleep(Duration::from_millis(delay));
                    child.kill().unwrap();
                    kills += 1;
                    break;
                }
            }
        }
        child.wait().unwrap();
    }
    assert_eq!(kills, 5, "every kill fell while the judge was sending");
    send_the_rest(&cfg, &db);
    let (rows, duplicates) = check_nothing_lost(&stack, &db, &run);
    println!("{kills} kills while sending {rows} mails: {duplicates} sent twice, 0 lost");
    assert_eq!(rows, 150);
    assert!(
        duplicates <= kills,
        "{duplicates} mails twice for {kills} kills"
    );
}

/// The kill test of issue 23: `dipspy serve --once` killed (SIGKILL) 50
/// times while it sends a long queue with STARTTLS and AUTH (Dovecot's
/// submission, relaying into OpenSMTPD), then run to the end.
/// Reports the duplicates per 50 kills; every mail must arrive, and a
/// duplicate must carry the same Message-ID as its first copy (it is
/// counted by Message-ID).
#[test]
#[ignore = "slow: run with --ignored --nocapture, reports duplicates per 50 kills"]
fn killed_while_sending_fifty_times_loses_nothing() {
    let stack = MailStack::start();
    let (smtp, what) = kill_smtp(&stack);
    let cfg = stack.judge_config_smtp(&smtp, "");
    let db = stack.db_path();
    // This run's mail carries this tag in its subject: a copy sent again
    // under another Message-ID would show as a tagged mail whose
    // Message-ID was never queued.
    let (run, mut seed) = run_tag();
    queue(&db, 1500, &format!("kill {run}"));
    let mut next = |lo: u64, hi: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        lo + seed % (hi - lo)
    };
    let mut kills = 0;
    while kills < 50 {
        if still_queued(&db) < 100 {
            queue(&db, 500, &format!("more {run}"));
        }
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args(["serve", "--once", "--config"])
            .arg(&cfg)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(next(150, 700)));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            kills += 1;
        }
        child.wait().unwrap();
    }
    send_the_rest(&cfg, &db);
    let (rows, duplicates) = check_nothing_lost(&stack, &db, &run);
    println!(
        "kill test ({what}): {kills} kills while sending {rows} mails: {duplicates} duplicates (each \
         with the same Message-ID as its first copy), 0 lost"
    );
}
