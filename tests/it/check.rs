//! `dipspy check` (issue 15) against the real Dovecot and OpenSMTPD of
//! `tests/it/support/mailstack.rs`: good settings pass, and each broken one (wrong port,
//! wrong password, untrusted certificate, missing folder) fails with the
//! item and what to change, and a non-zero exit status.

use crate::support::mailstack;

use mailstack::{JUDGE, MailStack};
use std::path::Path;
use std::process::Command;

/// The stack's judge configuration with a master, then `edit` applied.
fn config(
    stack: &MailStack,
    smtp: Option<String>,
    edit: impl Fn(String) -> String,
) -> std::path::PathBuf {
    let f = match smtp {
        Some(s) => stack.judge_config_smtp(&s, ""),
        None => stack.judge_config(""),
    };
    let text = std::fs::read_to_string(&f).unwrap();
    let hash = crate::support::password::argon2_hash("gm");
    let text = text.replacen(
        &format!("address = \"{JUDGE}\"\n"),
        &format!(
            "address = \"{JUDGE}\"\nmaster_address = \"master@example.org\"\nmaster_password_hash = \"{hash}\"\n"
        ),
        1,
    );
    std::fs::write(&f, edit(text)).unwrap();
    f
}

fn check(cfg: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--config")
        .arg(cfg)
        .arg("check")
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn check_passes_on_good_settings_and_sends_a_test_mail() {
    let stack = MailStack::start();
    let cfg = config(&stack, None, |t| t);
    let (code, said) = check(&cfg, &["--send-test", "alice@example.org"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("ok      database"), "{said}");
    assert!(
        said.contains("ok      the game master master@example.org"),
        "{said}"
    );
    assert!(
        said.contains("login as judge@example.org, folder INBOX, IDLE"),
        "{said}"
    );
    assert!(
        said.contains("ok      a test mail sent to alice@example.org"),
        "{said}"
    );
    let got = stack.wait_for("alice@example.org", 1);
    assert!(String::from_utf8_lossy(&got[0].0).contains("dipspy check: a test mail"));
    // Through the submission service with STARTTLS and a login, too.
    let sub = stack.submission_smtp("starttls", mailstack::PASSWORD, true);
    let cfg = config(&stack, Some(sub), |t| t);
    let (code, said) = check(&cfg, &[]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains(", TLS, login"), "{said}");
}

#[test]
fn check_names_each_broken_setting_and_exits_non_zero() {
    let stack = MailStack::start();
    let good = std::fs::read_to_string(config(&stack, None, |t| t)).unwrap();
    let port_line = good
        .lines()
        .find(|l| l.starts_with("port = "))
        .unwrap()
        .to_string();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "wrong IMAP port",
            good.replacen(&port_line, "port = 1", 1),
            "check [imap] host and port",
        ),
        (
            "wrong IMAP password",
            good.replacen(
                &format!("password = \"{}\"", mailstack::PASSWORD),
                "password = \"nope\"",
                1,
            ),
            "check [imap] user and password",
        ),
        (
            "untrusted certificate",
            good.lines()
                .filter(|l| !l.starts_with("ca_file"))
                .collect::<Vec<_>>()
                .join("\n"),
            "not trusted",
        ),
        (
            "missing folder",
            good.replacen("folder = \"INBOX\"", "folder = \"Judge\"", 1),
            "check [imap] folder",
        ),
        (
            "unknown key",
            good.replacen("folder = ", "fodler = ", 1),
            "did you mean `folder`?",
        ),
    ];
    for (name, text, want) in cases {
        let cfg = stack
            .path()
            .join(format!("{}.toml", name.replace(' ', "-")));
        std::fs::write(&cfg, text).unwrap();
        let (code, said) = check(&cfg, &[]);
        assert_ne!(code, Some(0), "{name}: {said}");
        assert!(said.contains(want), "{name}: wanted {want:?} in\n{said}");
    }
    // A wrong SMTP password on the submission service.
    let sub = stack.submission_smtp("starttls", "wrong", true);
    let cfg = config(&stack, Some(sub), |t| t);
    let (code, said) = check(&cfg, &[]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("FAILED  SMTP 127.0.0.1"), "{said}");
}

#[test]
fn check_of_a_maildir_judge_names_a_missing_folder() {
    let d = tempfile::tempdir().unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(
        &cfg,
        "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
         [mail]\ntransport = \"maildir\"\n[maildir]\nincoming = \"in\"\noutgoing = \"out\"\n",
    )
    .unwrap();
    let (code, said) = check(&cfg, &[]);
    assert_eq!(code, Some(1));
    assert!(said.contains("FAILED  incoming Maildir"), "{said}");
    assert!(said.contains("FAILED  the game master"), "{said}");
    assert!(said.contains("ok      outgoing Maildirs"), "{said}");
}
