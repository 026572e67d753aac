//! OAuth2 (XOAUTH2) on the real mail stack: Dovecot's `oauth2` passdb asks
//! a small provider on loopback (tests/it/support/oauthstack.rs) about each token the
//! judge presents at IMAP and at the submission service (which relays
//! into OpenSMTPD). Good, refused, ended-on-file and revoked tokens; the
//! IMAP session renewed before its token ends; `dipspy oauth login`,
//! `status`, `logout` and `check`.

use crate::support::mailstack;
use crate::support::oauthstack;

use mailstack::{JUDGE, MailStack, Serve, header};
use oauthstack::{LOOPBACK_CODE, Provider, oauth_config, token_file, write_tokens};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn tokens_on_file(f: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()
}

fn dipspy(args: &[&str], cfg: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--config")
        .arg(cfg)
        .args(args)
        .env("DIPSPY_LOG", "info")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn serve_once(cfg: &Path) -> (bool, String) {
    let (ok, _, err) = dipspy(&["serve", "--once"], cfg);
    (ok, err)
}

/// alice writes; the judge makes one pass; alice must have `n` replies.
fn alice_is_answered(stack: &MailStack, cfg: &Path, id: &str, n: usize) {
    let mid = stack.send_text("alice@example.org", "orders", "signon", id);
    stack.wait_for(JUDGE, n);
    let (ok, err) = serve_once(cfg);
    assert!(ok, "serve --once failed:\n{err}");
    let got = stack.wait_for("alice@example.org", n);
    assert_eq!(
        header(&got[n - 1].0, "In-Reply-To").as_deref(),
        Some(mid.as_str())
    );
}

#[test]
fn xoauth2_works_at_imap_and_submission_and_a_refused_or_ended_token_is_renewed_once() {
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    let cfg = oauth_config(&stack, &p, "");
    let f = token_file(&stack);
    write_tokens(&f, &p.login_json());
    let first_rt = tokens_on_file(&f)["refresh_token"].clone();

    // The token on file is good: read and answered with it, no refresh.
    alice_is_answered(&stack, &cfg, "m1", 1);
    assert_eq!(p.grants("refresh_token"), 0);

    // The server stops taking it though the file says it is good for an
    // hour: IMAP is refused, the token renewed once, both logins work.
    p.end_access_tokens();
    alice_is_answered(&stack, &cfg, "m2", 2);
    assert_eq!(p.grants("refresh_token"), 1);
    // The rotated refresh token was kept (the old one works no more).
    let on_file = tokens_on_file(&f);
    assert_ne!(on_file["refresh_token"], first_rt);
    assert_eq!(
        p.live_refresh_tokens(),
        vec![on_file["refresh_token"].as_str().unwrap().to_string()]
    );
    assert_eq!(
        std::fs::metadata(&f).unwrap().permissions().mode() & 0o777,
        0o600
    );

    // A token the file says has ended is renewed before it is used.
    let mut t = tokens_on_file(&f);
    t["expires_at"] =
        serde_json::json!((chrono::Utc::now() - chrono::Duration::minutes(1)).to_rfc3339());
    write_tokens(&f, &t.to_string());
    alice_is_answered(&stack, &cfg, "m3", 3);
    assert_eq!(p.grants("refresh_token"), 2);
}

#[test]
fn a_revoked_login_stops_the_judge_without_retrying_and_says_to_log_in_again() {
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    // The master's notice also goes by a second path: a local program
    // (here one that keeps the message it is given).
    let alert_file = stack.path().join("alert.eml");
    let alert = format!(
        "[alert]\ncommand = [\"sh\", \"-c\", \"cat > '{}'\"]\n",
        alert_file.display()
    );
    let cfg = oauth_config(&stack, &p, &alert);
    write_tokens(&token_file(&stack), &p.login_json());
    alice_is_answered(&stack, &cfg, "m1", 1);
    assert!(!alert_file.exists());

    p.revoke_everything();
    stack.send_text("alice@example.org", "orders", "signon", "m2");
    stack.wait_for(JUDGE, 2);
    let (ok, err) = serve_once(&cfg);
    assert!(!ok, "serve --once succeeded with a revoked login:\n{err}");
    assert!(err.contains("invalid_grant"), "{err}");
    assert!(err.contains("run `dipspy oauth login`"), "{err}");
    // One refresh tried (by IMAP), not again by SMTP nor in a loop.
    assert_eq!(p.grants("refresh_token"), 1, "{err}");
    // The mail waits on the server, unread.
    assert!(!stack.inbox(JUDGE)[1].1);
    // The master is told at once (not after alert_after), by the second
    // path, with what to do.
    let sent = std::fs::read_to_string(&alert_file).expect("no alert by [alert] command");
    for want in [
        "To: master@example.org",
        "Subject: dipspy: the judge's mail is failing",
        "invalid_grant",
        "run `dipspy oauth login`",
    ] {
        assert!(sent.contains(want), "no {want:?} in the alert:\n{sent}");
    }
}

#[test]
fn a_token_an_outside_program_prints_logs_in_at_imap_and_smtp_with_no_token_file() {
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    // A good access token, as a helper such as a secrets manager prints it.
    let login: serde_json::Value = serde_json::from_str(&p.login_json()).unwrap();
    let token = login["access_token"].as_str().unwrap().to_string();
    let cfg = oauth_config(
        &stack,
        &p,
        &format!("token_command = [\"echo\", \"{token}\"]\n"),
    );
    let (ok, out, err) = dipspy(&["check"], &cfg);
    assert!(ok, "check failed with the program's token:\n{out}{err}");
    for want in ["XOAUTH2 login as judge@example.org", "TLS, XOAUTH2 login"] {
        assert!(out.contains(want), "no {want:?} in:\n{out}");
    }
    // The token came from the program: nothing was asked of the token
    // endpoint and no token file was made.
    assert_eq!(p.grants("refresh_token"), 0);
    assert!(!token_file(&stack).exists());
    assert!(!out.contains(&token), "check printed the token:\n{out}");
}

#[test]
fn a_refused_token_is_a_login_failure_at_imap_and_smtp_and_imap_answers_the_error_challenge() {
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    // A token from an outside program, which the server does not take.
    let cfg = oauth_config(&stack, &p, "token_command = [\"echo\", \"not-a-token\"]\n");
    // Dovecot delays each login after a failed one (2, 4, 8 s): room for
    // the SMTP side's two tries.
    let text = std::fs::read_to_string(&cfg).unwrap();
    std::fs::write(
        &cfg,
        text.replace("timeout_seconds = 5\n", "timeout_seconds = 30\n"),
    )
    .unwrap();
    let (ok, out, err) = dipspy(&["check"], &cfg);
    assert!(!ok, "check passed with a bad token:\n{out}{err}");
    // IMAP: the server's second challenge (its JSON error) was answered
    // with an empty line, after which it gave its final refusal.
    assert!(
        out.contains("FAILED  IMAP login as judge@example.org")
            && out.contains("refused the OAuth2 token, also a renewed one")
            && out.contains(r#"{"status":"401""#)
            && out.contains("AUTHENTICATIONFAILED"),
        "{out}"
    );
    // SMTP: a refused token is a refused login, not a transient error.
    assert!(
        out.contains("the SMTP server refused the OAuth2 token, also a renewed one"),
        "{out}"
    );
}

#[test]
fn smtp_with_a_refused_token_keeps_the_mail_queued_as_unanswered() {
    use dipspy::mail::{Failure, OutMail, Outgoing};
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    let smtp = dipspy::config::SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(stack.starttls_port),
        security: dipspy::config::SmtpSecurity::Starttls,
        user: Some(JUDGE.into()),
        auth: dipspy::config::AuthMethod::Oauth2,
        ca_file: Some(stack.cert.clone()),
        timeout_seconds: Some(10),
        ..Default::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let src = dipspy::mail::TokenSource::command(vec!["echo".into(), "bad".into()]);
    let mut out =
        dipspy::mail::SmtpOut::new_with(&smtp, rt.handle().clone(), Some(std::sync::Arc::new(src)))
            .unwrap();
    let m = OutMail::unstored(
        "<t1@example.org>".into(),
        "alice@example.org",
        "s",
        "b
",
    );
    let e = out.send(JUDGE, &m).unwrap_err();
    assert_eq!(e.failure, Failure::Unanswered, "{e:?}");
    assert!(e.message.contains("refused the OAuth2 token"), "{e:?}");
    assert!(out.unavailable());
}

#[test]
fn the_imap_session_is_renewed_before_its_token_ends() {
    // Tokens of 6 seconds: renewed after about 5, while the judge runs.
    let p = Provider::start(JUDGE, 6);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    let cfg = oauth_config(&stack, &p, "");
    write_tokens(&token_file(&stack), &p.login_json());
    let mut j = Serve::start(&[], &cfg, &[]);
    j.wait_line("pass done");
    stack.send_text("bob@example.org", "hi", "x", "b1");
    stack.wait_for("bob@example.org", 1);
    j.wait_line("reconnecting with a new one");
    j.wait_line("OAuth2 access token renewed");
    // Well past the first token's end: mail still read and answered.
    std::thread::sleep(Duration::from_secs(7));
    stack.send_text("bob@example.org", "hi", "x", "b2");
    stack.wait_for("bob@example.org", 2);
    assert!(p.grants("refresh_token") >= 2);
    j.terminate();
}

#[test]
fn oauth_login_status_check_and_logout() {
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    let cfg = oauth_config(&stack, &p, "");
    let f = token_file(&stack);

    let (ok, out, err) = dipspy(&["check"], &cfg);
    assert!(!ok);
    assert!(out.contains("run `dipspy oauth login`"), "{out}{err}");

    // The device flow: the code is printed, the login polled for.
    let (ok, out, err) = dipspy(&["oauth", "login"], &cfg);
    assert!(ok, "{out}{err}");
    assert!(out.contains("enter the code WDJB-MJHT"), "{out}");
    assert_eq!(p.grants("urn:ietf:params:oauth:grant-type:device_code"), 2);
    assert_eq!(
        std::fs::metadata(&f).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let rt = tokens_on_file(&f)["refresh_token"]
        .as_str()
        .unwrap()
        .to_string();

    let (ok, out, _) = dipspy(&["oauth", "status"], &cfg);
    assert!(ok);
    assert!(out.contains("access token: ends at"), "{out}");
    assert!(!out.contains("at-"), "status shows a token: {out}");

    let (ok, out, err) = dipspy(&["check"], &cfg);
    assert!(ok, "{out}{err}");
    for want in [
        "owned by the judge's user, mode 0600",
        "a new access token from the provider",
        "OAuth2 refresh token: from a login on",
        "XOAUTH2 login as judge@example.org",
        "TLS, XOAUTH2 login",
    ] {
        assert!(out.contains(want), "no {want:?} in:\n{out}");
    }
    // The check's refresh was real, and its newest refresh token kept.
    assert_eq!(p.grants("refresh_token"), 1);
    assert_ne!(tokens_on_file(&f)["refresh_token"].as_str().unwrap(), rt);

    // Others may read it: refused by check, and by the judge.
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    let (ok, out, _) = dipspy(&["check"], &cfg);
    assert!(!ok && out.contains("chmod 600"), "{out}");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();

    let newest = tokens_on_file(&f)["refresh_token"]
        .as_str()
        .unwrap()
        .to_string();
    let (ok, out, err) = dipspy(&["oauth", "logout"], &cfg);
    assert!(ok, "{out}{err}");
    assert_eq!(p.revoked(), vec![newest]);
    assert!(!f.exists());
}

/// `dipspy oauth login` with the loopback flow: (its process, the
/// address it prints for the browser).
fn loopback_login(cfg: &Path) -> (std::process::Child, String) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--config")
        .arg(cfg)
        .args(["oauth", "login"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let mut lines = std::io::BufReader::new(out).lines();
    let url = loop {
        let l = lines.next().expect("no address printed").unwrap();
        if l.starts_with("http") {
            break l;
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, url)
}

fn query(url: &str, key: &str) -> String {
    let q = url.split_once('?').unwrap().1;
    let v = q
        .split('&')
        .find_map(|p| p.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key} in {url}"));
    v.replace("%3A", ":").replace("%2F", "/")
}

fn finished(mut child: std::process::Child) -> (bool, String) {
    use std::io::Read;
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.success(), err)
}

#[test]
fn the_loopback_login_takes_the_browsers_return_or_a_pasted_address_and_checks_its_state() {
    use std::io::Write;
    let p = Provider::start(JUDGE, 3600);
    let stack = MailStack::start_oauth(&p.url("/introspect"));
    let cfg = oauth_config(&stack, &p, "");
    let text = std::fs::read_to_string(&cfg).unwrap().replace(
        "flow = \"device\"\n",
        &format!(
            "flow = \"loopback\"\nauth_url = \"{}\"\n",
            p.url("/authorize")
        ),
    );
    std::fs::write(&cfg, text).unwrap();
    let f = token_file(&stack);

    // The browser comes back to 127.0.0.1 with the code and the state.
    let (child, url) = loopback_login(&cfg);
    assert!(url.starts_with(&p.url("/authorize?")), "{url}");
    assert_eq!(query(&url, "code_challenge_method"), "S256");
    let back = query(&url, "redirect_uri");
    assert!(back.starts_with("http://127.0.0.1:"), "{back}");
    let state = query(&url, "state");
    let port: u16 = back["http://127.0.0.1:".len()..]
        .trim_end_matches('/')
        .parse()
        .unwrap();
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET /?code={LOOPBACK_CODE}&state={state} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    )
    .unwrap();
    let (ok, err) = finished(child);
    assert!(ok, "{err}");
    assert!(f.exists());
    std::fs::remove_file(&f).unwrap();

    // On a server: the address the browser ended at, pasted.
    let (mut child, url) = loopback_login(&cfg);
    let state = query(&url, "state");
    writeln!(
        child.stdin.as_mut().unwrap(),
        "http://127.0.0.1:9/?code={LOOPBACK_CODE}&state={state}"
    )
    .unwrap();
    let (ok, err) = finished(child);
    assert!(ok, "{err}");
    assert!(f.exists());
    std::fs::remove_file(&f).unwrap();

    // An address from another login (its state differs) is refused.
    let (mut child, _) = loopback_login(&cfg);
    writeln!(
        child.stdin.as_mut().unwrap(),
        "http://127.0.0.1:9/?code={LOOPBACK_CODE}&state=someone-elses"
    )
    .unwrap();
    let (ok, err) = finished(child);
    assert!(!ok);
    assert!(err.contains("state is not this login's"), "{err}");
    assert!(!f.exists());
    assert_eq!(p.grants("authorization_code"), 2);
}
