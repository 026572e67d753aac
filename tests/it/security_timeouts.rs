//! Issue 34 item 10: every IMAP and every SMTP step has its own timeout
//! (docs/security.md, "Security and limits"). A loopback server plays the protocol
//! up to one step and then accepts and stays silent; the judge, told to
//! wait 1 s, fails that step with a message naming it, within a small
//! multiple of the second (and not before it). The connect step is shown
//! on a listener whose queue is full, so that the connection itself hangs.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The timeout every test configures, in seconds.
const TIMEOUT: u64 = 1;

/// The longest a step may take to fail: a small multiple of [`TIMEOUT`].
fn bound() -> Duration {
    Duration::from_secs(4 * TIMEOUT)
}

#[track_caller]
fn within_bound(t: Instant, what: &str) {
    let took = t.elapsed();
    assert!(
        took >= Duration::from_millis(900 * TIMEOUT) && took < bound(),
        "{what}: took {took:?}, the timeout is {TIMEOUT} s"
    );
}

/// A loopback listener whose backlog is full: a new connection to it is
/// never completed (the kernel drops its SYN). The held connections are
/// returned with it.
fn full_listener() -> (TcpListener, Vec<TcpStream>, u16) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let addr = l.local_addr().unwrap();
    let mut held = Vec::new();
    loop {
        match TcpStream::connect_timeout(&addr, Duration::from_millis(200)) {
            Ok(s) => held.push(s),
            Err(_) => break,
        }
        assert!(held.len() < 10_000, "the backlog never filled");
    }
    (l, held, port)
}

/// A server on loopback that answers each line with `answer` until it
/// returns `None`: from then on it reads and says nothing. `greeting` is
/// sent first unless it is empty.
fn scripted(
    greeting: &'static str,
    answer: impl Fn(&str) -> Option<String> + Send + Sync + Clone + 'static,
) -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for c in l.incoming().flatten() {
            let answer = answer.clone();
            std::thread::spawn(move || {
                let mut w = c.try_clone().unwrap();
                let _ = w.write_all(greeting.as_bytes());
                let mut r = BufReader::new(c);
                let mut silent = false;
                let mut bytes = Vec::new();
                while r
                    .read_until(b'\n', &mut bytes)
                    .map(|n| n > 0)
                    .unwrap_or(false)
                {
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if std::env::var_os("SCRIPT_DEBUG").is_some() {
                        eprintln!("server read {line:?}");
                    }
                    if !silent {
                        match answer(line.trim_end()) {
                            Some(a) => {
                                let _ = w.write_all(a.as_bytes());
                            }
                            None => silent = true,
                        }
                    }
                    bytes.clear();
                }
            });
        }
    });
    port
}

// ---- IMAP -------------------------------------------------------------------

const MAIL: &str = "From: alice@example.org\r\nTo: judge@example.org\r\nSubject: hi\r\n\
                    Message-ID: <imap1@example.org>\r\n\r\nHELP\r\n";

/// An IMAP server with one unseen mail, silent from the command whose
/// name (after the tag) starts with `silent_at` on.
fn imap_server(silent_at: &'static str) -> u16 {
    imap_server_noting(silent_at, Default::default())
}

/// [`imap_server`], noting in `silent_since` when it fell silent.
fn imap_server_noting(
    silent_at: &'static str,
    silent_since: std::sync::Arc<std::sync::Mutex<Option<Instant>>>,
) -> u16 {
    let greeting = if silent_at == "greeting" {
        ""
    } else {
        "* OK IMAP4rev1 ready\r\n"
    };
    scripted(greeting, move |line| {
        if line == "DONE" {
            return Some("i1 OK idle done\r\n".to_string());
        }
        let (tag, cmd) = line.split_once(' ')?;
        let up = cmd.to_ascii_uppercase();
        if up.starts_with(silent_at) {
            silent_since
                .lock()
                .unwrap()
                .get_or_insert_with(Instant::now);
            return None;
        }
        let ok = format!("{tag} OK done\r\n");
        Some(if up.starts_with("CAPABILITY") {
            format!("* CAPABILITY IMAP4rev1 IDLE\r\n{ok}")
        } else if up.starts_with("SELECT") {
            format!(
                "* 1 EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 7] ok\r\n* FLAGS (\\Seen)\r\n\
                 {tag} OK [READ-WRITE] done\r\n"
            )
        } else if up.starts_with("UID SEARCH") {
            format!("* SEARCH 1\r\n{ok}")
        } else if up.starts_with("UID FETCH") && up.contains("RFC822.SIZE") {
            format!("* 1 FETCH (UID 1 RFC822.SIZE {})\r\n{ok}", MAIL.len())
        } else if up.starts_with("UID FETCH") {
            format!(
                "* 1 FETCH (UID 1 BODY[] {{{}}}\r\n{MAIL})\r\n{ok}",
                MAIL.len()
            )
        } else if up.starts_with("IDLE") {
            "+ idling\r\n".to_string()
        } else if up.starts_with("LOGOUT") {
            format!("* BYE bye\r\n{ok}")
        } else {
            ok
        })
    })
}

/// A judge reading IMAP on `port` (plain, 1 s timeout) and sending to a
/// refused SMTP port; its configuration.
fn imap_judge(dir: &Path, port: u16, tls: bool) -> std::path::PathBuf {
    imap_judge_sending(dir, port, tls, 1)
}

/// [`imap_judge`] sending to SMTP on `smtp_port`.
fn imap_judge_sending(dir: &Path, port: u16, tls: bool, smtp_port: u16) -> std::path::PathBuf {
    let cfg = dir.join("judge.toml");
    let tls = if tls {
        "true"
    } else {
        "false\nallow_plain = true"
    };
    std::fs::write(
        &cfg,
        format!(
            "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
             [mail]\ntransport = \"imap\"\npoll_seconds = 60\n\
             [imap]\nhost = \"127.0.0.1\"\nport = {port}\nuser = \"judge\"\npassword = \"pw\"\n\
             timeout_seconds = {TIMEOUT}\ntls = {tls}\n\
             [smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"none\"\ntimeout_seconds = {TIMEOUT}\n"
        ),
    )
    .unwrap();
    cfg
}

/// `serve --once` on `cfg`: its exit status, its stderr, and when it
/// started.
fn serve_once(cfg: &Path) -> (Option<i32>, String, Instant) {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--config")
        .arg(cfg)
        .args(["serve", "--once"])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        t,
    )
}

#[test]
fn each_imap_step_fails_the_pass_within_its_timeout_naming_the_step() {
    let cases: Vec<(&'static str, bool, &'static str)> = vec![
        (
            "greeting",
            false,
            "the greeting: no answer within 1 seconds",
        ),
        (
            "greeting",
            true,
            "the TLS handshake: no answer within 1 seconds",
        ),
        ("LOGIN", false, "login as judge: no answer within 1 seconds"),
        (
            "CAPABILITY",
            false,
            "CAPABILITY: no answer within 1 seconds",
        ),
        ("SELECT", false, "SELECT INBOX: no answer within 1 seconds"),
        ("NOOP", false, "NOOP: no answer within 1 seconds"),
        (
            "UID SEARCH",
            false,
            "SEARCH UNSEEN: no answer within 1 seconds",
        ),
        (
            "UID FETCH",
            false,
            "FETCH 1 size: no answer within 1 seconds",
        ),
        (
            "UID FETCH 1 BODY",
            false,
            "FETCH 1: no answer within 1 seconds",
        ),
        (
            "UID STORE",
            false,
            "STORE 1 \\Seen: no answer within 1 seconds",
        ),
    ];
    // The steps run side by side, each against its own server.
    let runs: Vec<_> = cases
        .into_iter()
        .map(|(silent_at, tls, want)| {
            std::thread::spawn(move || {
                let d = tempfile::tempdir().unwrap();
                let cfg = imap_judge(d.path(), imap_server(silent_at), tls);
                let (code, err, t) = serve_once(&cfg);
                within_bound(t, want);
                assert_eq!(code, Some(1), "{want}: {err}");
                assert!(err.contains(want), "{silent_at}: wanted {want:?} in {err}");
            })
        })
        .collect();
    for r in runs {
        r.join().unwrap();
    }
}

#[test]
fn a_connection_the_imap_server_never_completes_fails_within_the_timeout() {
    let (_l, _held, port) = full_listener();
    let d = tempfile::tempdir().unwrap();
    let cfg = imap_judge(d.path(), port, false);
    let (code, err, t) = serve_once(&cfg);
    within_bound(t, "connecting");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "127.0.0.1:{port}: connecting: no answer within 1 seconds"
        )),
        "{err}"
    );
}

#[test]
fn a_silent_logout_does_not_hold_the_judge_past_its_timeout() {
    let d = tempfile::tempdir().unwrap();
    // A pass that fails ends without LOGOUT: the reply must go out.
    let smtp = smtp_server("NEVER", "");
    let cfg = imap_judge_sending(d.path(), imap_server("LOGOUT"), false, smtp);
    let (code, err, t) = serve_once(&cfg);
    // The pass itself worked (the mail was stored and handled); only the
    // goodbye went unanswered, and the judge waited for it no longer
    // than the timeout.
    within_bound(t, "LOGOUT");
    assert_eq!(code, Some(0), "{err}");
    let n: i64 = rusqlite::Connection::open(d.path().join("judge.db"))
        .unwrap()
        .query_row("SELECT count(*) FROM inbox", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
}

#[test]
fn a_silent_idle_is_given_up_within_the_timeout_and_logged() {
    let d = tempfile::tempdir().unwrap();
    let since = std::sync::Arc::new(std::sync::Mutex::new(None));
    let cfg = imap_judge(d.path(), imap_server_noting("IDLE", since.clone()), false);
    let mut serve = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--config")
        .arg(&cfg)
        .arg("serve")
        .env("DIPSPY_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let r = BufReader::new(serve.stderr.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in r.lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let end = Instant::now() + Duration::from_secs(20);
    let mut found = false;
    while !found && Instant::now() < end {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(100)) {
            found = l.contains("IDLE: no answer within 1 seconds");
        }
    }
    let _ = serve.kill();
    let _ = serve.wait();
    assert!(found, "no line names the IDLE timeout");
    let t = since.lock().unwrap().expect("the judge asked for IDLE");
    within_bound(t, "IDLE");
}

// ---- SMTP -------------------------------------------------------------------

/// An SMTP server offering `ehlo` extensions, silent from the command
/// that starts with `silent_at` on (`greeting`: never says a word;
/// `EHLO2`: the second EHLO; `.`: the end of the text).
fn smtp_server(silent_at: &'static str, ehlo: &'static str) -> u16 {
    let greeting = if silent_at == "greeting" {
        ""
    } else {
        "220 test ESMTP\r\n"
    };
    let ehlos = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let in_data = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    use std::sync::atomic::Ordering::SeqCst;
    scripted(greeting, move |line| {
        let up = line.to_ascii_uppercase();
        if in_data.load(SeqCst) {
            if line != "." {
                return Some(String::new());
            }
            in_data.store(false, SeqCst);
            return (silent_at != ".").then(|| "250 queued\r\n".to_string());
        }
        let step = if up.starts_with("EHLO") {
            if ehlos.fetch_add(1, SeqCst) == 0 {
                "EHLO"
            } else {
                "EHLO2"
            }
        } else {
            line
        };
        if step.to_ascii_uppercase().starts_with(silent_at) {
            return None;
        }
        Some(if up.starts_with("EHLO") {
            format!("250-test\r\n{ehlo}250 8BITMIME\r\n")
        } else if up.starts_with("DATA") {
            in_data.store(true, SeqCst);
            "354 go on\r\n".to_string()
        } else if up.starts_with("QUIT") {
            "221 bye\r\n".to_string()
        } else {
            "250 ok\r\n".to_string()
        })
    })
}

/// Sends one mail through `SmtpOut` to `port` with `smtp` settings added;
/// the error and how long it took.
fn send_one(port: u16, smtp: &str) -> (String, Instant) {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("judge.toml");
    std::fs::write(
        &f,
        format!(
            "[judge]\naddress = \"judge@example.org\"\n[smtp]\nhost = \"127.0.0.1\"\n\
             port = {port}\ntimeout_seconds = {TIMEOUT}\n{smtp}"
        ),
    )
    .unwrap();
    let cfg = dipspy::config::Config::load(&f).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut out = dipspy::mail::SmtpOut::new(&cfg.smtp, rt.handle().clone()).unwrap();
    let mut st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
    st.write(|c| {
        dipspy::mail::queue_mail(
            c,
            &dipspy::mail::NewMail {
                to: "bob@example.org".into(),
                subject: "results".into(),
                body: "Your results.\n".into(),
                in_reply_to: None,
                inbox_id: None,
                announcement_id: None,
            },
            "judge@example.org",
            "2025-03-01T00:00:00Z".parse().unwrap(),
        )
    })
    .unwrap();
    let mail = dipspy::mail::outbox_rows(&st.read()).unwrap().remove(0);
    use dipspy::mail::Outgoing;
    let t = Instant::now();
    let e = out
        .send("judge@example.org", &mail)
        .expect_err("a silent server takes no mail");
    (e.message, t)
}

#[test]
fn each_smtp_step_fails_within_its_timeout_naming_the_step() {
    let plain = "security = \"none\"\n";
    let login = "security = \"none\"\nuser = \"judge\"\npassword = \"pw\"\n";
    let cases: Vec<(&'static str, &'static str, String, &'static str)> = vec![
        ("greeting", "", plain.into(), "the greeting: no answer"),
        // lettre reads the greeting and says EHLO in one step.
        ("EHLO", "", plain.into(), "the greeting: no answer"),
        ("EHLO2", "", plain.into(), "EHLO: no answer"),
        (
            "STARTTLS",
            "250-STARTTLS\r\n",
            "security = \"starttls\"\n".into(),
            "STARTTLS: no answer",
        ),
        (
            "AUTH",
            "250-AUTH PLAIN LOGIN\r\n",
            login.into(),
            "AUTH: no answer",
        ),
        ("MAIL", "", plain.into(), "sending the message: no answer"),
        ("RCPT", "", plain.into(), "sending the message: no answer"),
        ("DATA", "", plain.into(), "sending the message: no answer"),
        (".", "", plain.into(), "sending the message: no answer"),
    ];
    let runs: Vec<_> = cases
        .into_iter()
        .map(|(silent_at, ehlo, smtp, want)| {
            std::thread::spawn(move || {
                let (e, t) = send_one(smtp_server(silent_at, ehlo), &smtp);
                within_bound(t, silent_at);
                let want = format!("{want} from the server within {TIMEOUT} s");
                assert!(e.contains(&want), "{silent_at}: wanted {want:?}, got {e}");
            })
        })
        .collect();
    for r in runs {
        r.join().unwrap();
    }
}

#[test]
fn a_connection_the_smtp_server_never_completes_fails_within_the_timeout() {
    let (_l, _held, port) = full_listener();
    let (e, t) = send_one(port, "security = \"none\"\n");
    within_bound(t, "connecting");
    assert!(
        e.contains(&format!("connecting: no connection within {TIMEOUT} s")),
        "{e}"
    );
}
