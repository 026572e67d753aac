//! A judge on Maildirs driven through the real `dipspy` binary, for the
//! tests of its hardening and operation: its configuration file, mail put
//! into its incoming Maildir, and what it delivered.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `dipspy` binary, without the crash tests' pause.
pub(crate) fn dipspy() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_dipspy"));
    c.env_remove("DIPSPY_TEST_PAUSE_AT");
    c
}

/// One pass of `dipspy serve --once` with the configuration `cfg`,
/// which must succeed.
pub(crate) fn serve_once(cfg: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(["serve", "--once", "--config"])
        .arg(cfg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The permission bits of `p`.
pub(crate) fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// Writes `dir/judge.toml`: a judge on Maildirs in `dir` (incoming `in`,
/// made here; outgoing `out`) and the database `db`, reading its Maildir
/// every `poll_seconds` (the default when `None`), with `judge` added to
/// its `[judge]` table and `extra` at the end; returns the file.
pub(crate) fn maildir_config(
    dir: &Path,
    db: &Path,
    poll_seconds: Option<u32>,
    judge: &str,
    extra: &str,
) -> PathBuf {
    dipspy::mail::create_maildir(&dir.join("in")).unwrap();
    let poll = poll_seconds.map_or(String::new(), |s| format!("poll_seconds = {s}\n"));
    let cfg = dir.join("judge.toml");
    std::fs::write(
        &cfg,
        format!(
            "[database]\npath = \"{}\"\n[judge]\naddress = \"judge@example.org\"\n{judge}\
             [mail]\ntransport = \"maildir\"\n{poll}\
             [maildir]\nincoming = \"in\"\noutgoing = \"out\"\n{extra}",
            db.display()
        ),
    )
    .unwrap();
    cfg
}

/// Puts a plain mail from `from` into the incoming Maildir of the judge
/// in `dir`; returns its file.
pub(crate) fn mail(dir: &Path, from: &str, id: &str, body: &str) -> PathBuf {
    let raw = format!(
        "From: {from}\r\nTo: judge@example.org\r\nSubject: hi\r\nMessage-ID: <{id}@example.org>\r\n\r\n{body}\r\n"
    );
    dipspy::mail::deliver_to_maildir(&dir.join("in"), raw.as_bytes()).unwrap()
}

/// The mails delivered into `who`'s outgoing Maildir.
pub(crate) fn delivered(dir: &Path, who: &str) -> Vec<PathBuf> {
    match std::fs::read_dir(dir.join("out").join(who).join("new")) {
        Ok(d) => d.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

/// After a judge was stopped in the middle of a send pass of `mails` mails,
/// one to each of `p0@example.org`.., asserts that exactly the mail being
/// sent was finished and recorded as sent, the rest stay queued, and what
/// was delivered is what the outbox records as sent.
pub(crate) fn assert_one_sent_rest_queued(dir: &Path, mails: usize) {
    let c = rusqlite::Connection::open(dir.join("judge.db")).unwrap();
    let count = |s: &str| -> i64 {
        c.query_row("SELECT count(*) FROM outbox WHERE status = ?1", [s], |r| {
            r.get(0)
        })
        .unwrap()
    };
    assert_eq!(count("sent"), 1, "the mail being sent is finished");
    assert_eq!(count("queued"), mails as i64 - 1, "the rest stays queued");
    let files: usize = (0..mails)
        .map(|i| delivered(dir, &format!("p{i}@example.org")).len())
        .sum();
    assert_eq!(files, 1, "what was sent is what is recorded as sent");
}
