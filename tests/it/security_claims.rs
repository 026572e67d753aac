//! Issue 34 item 10: the claims of docs/security.md ("Security and limits") that no
//! other test showed, each shown here on the real `dipspy` binary with
//! real files (Maildirs, SQLite): the lock on the database under another
//! name and after a crash, the commands that run beside the judge, exit
//! status 1, non-regular files, every size limit at its value, the modes
//! of the files the judge writes, the commands that never create a
//! database, `check` on each secret a readable file holds, SIGINT, and
//! the codes of CONFIRM ADDRESS ending after 7 days. The network timeouts
//! are in `tests/it/security_timeouts.rs`.

use crate::support::common;
use crate::support::mailgame;

use crate::support::maildir_judge::{
    assert_one_sent_rest_queued, delivered, dipspy, mail, maildir_config, mode, text,
};
use common::Judge;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A judge on Maildirs in `dir` (incoming `in`, outgoing `out`, database
/// `judge.db`), with `extra` added at the end; returns the configuration.
fn maildir_judge(dir: &Path, extra: &str) -> PathBuf {
    maildir_config(dir, Path::new("judge.db"), Some(60), "", extra)
}

/// Waits (at most 30 s) until `done` holds.
fn wait_until(what: &str, done: impl Fn() -> bool) {
    let end = Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(Instant::now() < end, "never happened: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `serve --once` on `cfg` with `db` given as `--db`.
fn serve_once(cfg: &Path, db: Option<&Path>) -> Output {
    let mut c = dipspy();
    c.arg("--config").arg(cfg);
    if let Some(db) = db {
        c.arg("--db").arg(db);
    }
    c.args(["serve", "--once"]).output().unwrap()
}

/// A running judge, killed when dropped (a failing test leaves none).
struct Judging(Child);

impl Drop for Judging {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A looping `serve` on `cfg` that has answered a first mail (so it holds
/// its database and has finished a pass).
fn serving(dir: &Path, cfg: &Path) -> Judging {
    mail(dir, "alice@example.org", "first", "HELP");
    let child = dipspy()
        .arg("--config")
        .arg(cfg)
        .arg("serve")
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let judging = Judging(child);
    wait_until("the judge answered", || {
        delivered(dir, "alice@example.org").len() == 1
    });
    judging
}

/// Runs `c`, killing it (and failing) when it takes more than 10 s.
fn bounded(mut c: Command, what: &str) -> Output {
    let mut child = c
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn signal(child: &Child, sig: &str) {
    assert!(
        Command::new("kill")
            .args([sig, &child.id().to_string()])
            .status()
            .unwrap()
            .success()
    );
}

/// Kills the judge with SIGKILL: no chance to clean up.
fn stop(judge: Judging) {
    signal(&judge.0, "-KILL");
    drop(judge);
}

// ---- One judge per database ---------------------------------------------

#[test]
fn a_hard_link_to_a_served_database_is_refused_like_the_file_itself() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    let judge = serving(d.path(), &cfg);
    let link = d.path().join("hard.db");
    std::fs::hard_link(d.path().join("judge.db"), &link).unwrap();
    let t = Instant::now();
    let out = serve_once(&cfg, Some(&link));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5), "not refused at once");
    assert!(
        err.contains("another dipspy serve is already running on this database"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    stop(judge);
}

#[test]
fn after_sigkill_the_lock_is_gone_and_a_new_judge_serves_the_database() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    let judge = serving(d.path(), &cfg);
    // While it runs, a second judge is refused: the lock is held.
    assert_eq!(serve_once(&cfg, None).status.code(), Some(2));
    stop(judge);
    // Killed without a chance to clean up: nothing stale stays behind.
    mail(d.path(), "bob@example.org", "after", "HELP");
    let out = serve_once(&cfg, None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(delivered(d.path(), "bob@example.org").len(), 1);
}

#[test]
fn backup_and_status_run_beside_a_running_judge() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    let judge = serving(d.path(), &cfg);
    let copy = d.path().join("copy.db");
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("backup")
        .arg(&copy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("integrity check ok"), "{out:?}");
    let n: i64 = rusqlite::Connection::open(&copy)
        .unwrap()
        .query_row("SELECT count(*) FROM inbox", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1, "the copy holds the judge's work");
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("status")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("healthy"), "{out:?}");
    let mut judge = judge;
    assert!(
        judge.0.try_wait().unwrap().is_none(),
        "the judge still runs"
    );
    stop(judge);
}

// ---- Stopping --------------------------------------------------------------

#[test]
fn sigint_finishes_the_mail_being_sent_and_leaves_the_rest_queued() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    for i in 0..4 {
        mail(
            d.path(),
            &format!("p{i}@example.org"),
            &format!("m{i}"),
            "HELP",
        );
    }
    // Each mail waits 2 s before it is sent; the signal comes during the
    // first wait.
    let mut serve = Judging(
        dipspy()
            .arg("--config")
            .arg(&cfg)
            .arg("serve")
            .env("DIPSPY_TEST_PAUSE_AT", "sending=2")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let err = serve.0.stderr.take().unwrap();
    let mut r = std::io::BufReader::new(err);
    let mut line = String::new();
    use std::io::BufRead;
    while !line.contains("paused at sending") {
        line.clear();
        assert!(r.read_line(&mut line).unwrap() > 0, "serve never sent");
    }
    let t = Instant::now();
    signal(&serve.0, "-INT");
    std::thread::spawn(move || std::io::copy(&mut r, &mut std::io::sink()));
    let status = loop {
        if let Some(s) = serve.0.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > Duration::from_secs(10) {
            panic!("SIGINT did not stop the judge");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
    assert_one_sent_rest_queued(d.path(), 4);
}

#[test]
fn sigint_between_passes_stops_the_judge_at_once() {
    let d = tempfile::tempdir().unwrap();
    // The judge would next look at its mail in a minute.
    let cfg = maildir_judge(d.path(), "");
    let mut judge = serving(d.path(), &cfg);
    let t = Instant::now();
    signal(&judge.0, "-INT");
    let status = loop {
        if let Some(s) = judge.0.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > Duration::from_secs(10) {
            panic!("SIGINT did not stop the judge");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
}

// ---- Output: exit status 1 -------------------------------------------------

#[test]
fn output_that_cannot_be_written_ends_the_command_with_exit_status_1() {
    let j = Judge::new();
    j.started_game("g", &[]);
    for (args, input) in [
        (vec!["game", "list"], ""),
        (vec!["game", "show", "g"], ""),
        (vec!["status"], ""),
        (vec!["maps"], ""),
        (vec!["password-hash"], "secret\n"),
    ] {
        for target in ["pipe", "/dev/full"] {
            let stdout = if target == "pipe" {
                let (r, w) = std::io::pipe().unwrap();
                drop(r);
                Stdio::from(w)
            } else {
                Stdio::from(
                    std::fs::OpenOptions::new()
                        .write(true)
                        .open(target)
                        .unwrap(),
                )
            };
            let mut child = j
                .command(&args)
                .stdin(Stdio::piped())
                .stdout(stdout)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            use std::io::Write;
            let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
            let out = child.wait_with_output().unwrap();
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?} into {target}: {err}");
            assert!(err.contains("cannot write the output"), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
}

// ---- Non-regular files -----------------------------------------------------

#[test]
fn a_directory_or_a_named_pipe_given_as_the_database_is_refused_in_one_line() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("adir.db");
    std::fs::create_dir(&dir).unwrap();
    let fifo = d.path().join("pipe.db");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let cfg = maildir_judge(d.path(), "");
    let names = || {
        let mut v: Vec<String> = std::fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    let before = names();
    for (db, kind) in [(&dir, "a directory"), (&fifo, "a named pipe")] {
        for args in [
            vec!["game", "list"],
            vec!["game", "create", "g"],
            vec!["tick"],
            vec!["status"],
            vec!["serve", "--once"],
        ] {
            let mut c = dipspy();
            c.arg("--config").arg(&cfg).arg("--db").arg(db).args(&args);
            let out = bounded(c, &format!("{args:?} on {kind}"));
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            let want = format!("not a regular file ({kind})");
            assert!(err.contains(&want), "{args:?} on {kind}: {err}");
            assert!(err.contains(&db.display().to_string()), "{err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
    // Nothing was made beside them (no -journal, -wal or -shm file).
    assert_eq!(names(), before);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn a_directory_given_as_any_input_file_is_refused() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    for args in [
        vec!["adjudicate", dir],
        vec!["--config", dir, "maps"],
        vec!["orders", "submit", "g", "france", dir],
    ] {
        let out = j.run(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file (a directory)"), "{err}");
    }
    let ca = Some(d.path().to_path_buf());
    let e = dipspy::mail::imap_tls_config(ca.as_ref()).unwrap_err();
    assert!(
        e.to_string().contains("not a regular file (a directory)"),
        "{e}"
    );
    let e = smtp_with_ca(d.path()).err().expect("SMTP refuses it");
    assert!(
        e.to_string().contains("not a regular file (a directory)"),
        "{e}"
    );
}

// ---- Every limit at its value ---------------------------------------------

/// `text` padded with a `#` comment line to exactly `size` bytes.
fn padded(text: &str, size: usize) -> String {
    let mut s = format!("{text}#");
    s.push_str(&"x".repeat(size - s.len() - 1));
    s.push('\n');
    assert_eq!(s.len(), size);
    s
}

/// `SmtpOut` for an SMTP server with `ca` as its `ca_file`.
fn smtp_with_ca(ca: &Path) -> Result<dipspy::mail::SmtpOut, dipspy::mail::MailError> {
    let cfg = dipspy::config::SmtpConfig {
        host: Some("127.0.0.1".into()),
        port: Some(1),
        security: dipspy::config::SmtpSecurity::Starttls,
        ca_file: Some(ca.to_path_buf()),
        ..Default::default()
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    dipspy::mail::SmtpOut::new(&cfg, rt.handle().clone())
}

/// Runs `args` and says whether it refused its input as too large.
fn too_large(j: &Judge, args: &[&str], input: &str) -> (bool, Output) {
    let out = j.run_with_input(args, input);
    let err = text(&out.stderr);
    let refused = err.contains("too large") || err.contains("too long");
    if refused {
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    } else {
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
    (refused, out)
}

#[test]
fn the_scenario_configuration_orders_and_password_limits_hold_at_their_values() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let d = tempfile::tempdir().unwrap();
    let file = |name: &str, body: &str| {
        let p = d.path().join(name);
        std::fs::write(&p, body).unwrap();
        p.to_str().unwrap().to_string()
    };
    let scenario = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/spring-1901.toml"
    ))
    .unwrap();
    const MIB: usize = 1024 * 1024;
    const KIB: usize = 1024;
    for (size, refused) in [(MIB, false), (MIB + 1, true)] {
        let f = file("s.toml", &padded(&scenario, size));
        let (r, out) = too_large(&j, &["adjudicate", &f], "");
        assert_eq!(r, refused, "scenario of {size} bytes: {out:?}");
    }
    for (size, refused) in [(256 * KIB, false), (256 * KIB + 1, true)] {
        let f = file("c.toml", &padded("[maps]\n", size));
        let (r, out) = too_large(&j, &["--config", &f, "maps"], "");
        assert_eq!(r, refused, "configuration of {size} bytes: {out:?}");
    }
    let orders = |size: usize| {
        let mut s = String::from("A par H\n");
        s.push_str(&"\n".repeat(size - s.len()));
        s
    };
    for (size, refused) in [(256 * KIB, false), (256 * KIB + 1, true)] {
        let f = file("o.txt", &orders(size));
        let (r, out) = too_large(&j, &["orders", "submit", "g", "france", &f], "");
        assert_eq!(r, refused, "orders file of {size} bytes: {out:?}");
        let (r, out) = too_large(&j, &["orders", "submit", "g", "france", "-"], &orders(size));
        assert_eq!(r, refused, "orders on stdin of {size} bytes: {out:?}");
    }
    for (size, refused) in [(KIB, false), (KIB + 1, true)] {
        let pw = format!("{}\n", "p".repeat(size - 1));
        let (r, out) = too_large(&j, &["password-hash"], &pw);
        assert_eq!(r, refused, "password of {size} bytes: {out:?}");
    }
}

#[test]
fn a_map_file_of_4_mib_is_offered_and_one_byte_more_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let maps = d.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    const LIMIT: usize = 4 * 1024 * 1024;
    let head = "name = \"NAME\"\nmap = \"standard\"\n";
    std::fs::write(
        maps.join("atlimit.toml"),
        padded(&head.replace("NAME", "atlimit"), LIMIT),
    )
    .unwrap();
    std::fs::write(
        maps.join("over.toml"),
        padded(&head.replace("NAME", "over"), LIMIT + 1),
    )
    .unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(&cfg, "[maps]\ndir = \"maps\"\n").unwrap();
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("maps")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = text(&out.stdout);
    let line = |name: &str| {
        said.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} not listed:\n{said}"))
            .to_string()
    };
    assert!(!line("atlimit").contains("too large"), "{said}");
    assert!(!line("atlimit").contains("not offered"), "{said}");
    assert!(line("over").contains("too large for a map file"), "{said}");
}

/// A self-signed certificate in PEM, made with openssl.
fn certificate(dir: &Path) -> String {
    let out = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
            "-keyout",
        ])
        .arg(dir.join("key.pem"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    text(&out.stdout)
}

#[test]
fn a_ca_file_of_1_mib_is_read_and_one_byte_more_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let pem = certificate(d.path());
    assert!(pem.contains("BEGIN CERTIFICATE"), "{pem}");
    const LIMIT: usize = 1024 * 1024;
    for (size, refused) in [(LIMIT, false), (LIMIT + 1, true)] {
        let ca = d.path().join(format!("ca{size}.pem"));
        std::fs::write(&ca, padded(&pem, size)).unwrap();
        let imap = dipspy::mail::imap_tls_config(Some(&ca));
        let smtp = smtp_with_ca(&ca);
        if refused {
            let e = imap.unwrap_err().to_string();
            assert!(e.contains("too large for a certificate file"), "IMAP: {e}");
            let e = smtp.err().expect("SMTP refuses it").to_string();
            assert!(e.contains("too large for a certificate file"), "SMTP: {e}");
        } else {
            assert!(imap.is_ok(), "IMAP: {:?}", imap.err());
            assert!(smtp.is_ok(), "SMTP: {:?}", smtp.err());
        }
    }
}

// ---- Files only the judge can read ----------------------------------------

#[test]
fn the_judges_secret_log_picture_is_0600_whatever_the_umask() {
    let j = Judge::new();
    j.started_game("g", &["--rules", "espionnite"]);
    j.ok(&["game", "process", "g"]);
    let out = j.dir.path().join("secret.svg");
    let sh = Command::new("sh")
        .arg("-c")
        .arg("umask 000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(&j.db)
        .args(["secret-log", "g", "--phase", "S1901M", "--map"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(sh.status.success(), "{sh:?}");
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
    assert_eq!(mode(&out), 0o600, "the secret-log picture");
}

#[test]
fn map_quarantine_show_and_every_command_but_create_and_serve_make_no_database() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("nothing.db");
    let png = d.path().join("out.svg");
    let png = png.to_str().unwrap();
    let copy = d.path().join("copy.db");
    let copy = copy.to_str().unwrap();
    for args in [
        vec!["map", "g"],
        vec!["quarantine", "show", "1"],
        vec!["quarantine", "release", "1"],
        vec!["tick"],
        vec!["backup", copy],
        vec!["master", "unlock", "g", "france"],
        vec!["orders", "submit", "g", "france", "-"],
        vec![
            "game",
            "join",
            "g",
            "france",
            "--email",
            "a@b.org",
            "--password",
            "pw",
        ],
        vec!["game", "start", "g"],
        vec!["secret-log", "g", "--phase", "S1901M", "--map", png],
        vec!["secret-log", "g", "--publish-head"],
    ] {
        let out = dipspy()
            .arg("--db")
            .arg(&db)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("no database"), "{args:?}: {err}");
        assert!(err.contains(db.to_str().unwrap()), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!db.exists(), "{args:?} created the database");
    }
    // `check` does not make one either: it says none is there yet.
    let cfg = maildir_judge(d.path(), "");
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("--db")
        .arg(&db)
        .arg("check")
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert!(said.contains("none yet"), "{said}");
    assert!(!db.exists(), "check created the database");
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 3, "{said}");
}

// ---- `check` on each secret a readable file holds -------------------------

#[test]
fn check_fails_on_each_secret_in_a_readable_configuration_and_on_a_readable_database() {
    let hash = crate::support::password::argon2_hash("gm-pw");
    let secrets = [
        ("[imap]\npassword = \"hunter2\"\n", "the IMAP password"),
        ("[smtp]\npassword = \"hunter2\"\n", "the SMTP password"),
        (
            &*format!("[judge]\nmaster_password_hash = \"{hash}\"\n"),
            "the master password's hash",
        ),
    ];
    // The master's address in the file, its hash from the environment:
    // a file at 0600 then passes every item.
    let check = |dir: &Path, cfg: &Path| {
        let out = dipspy()
            .arg("--config")
            .arg(cfg)
            .arg("check")
            .env("DIPSPY_MASTER_PASSWORD_HASH", &hash)
            .current_dir(dir)
            .output()
            .unwrap();
        (out.status.code(), text(&out.stdout))
    };
    let judge = |d: &Path| {
        let cfg = maildir_judge(d, "");
        let body = std::fs::read_to_string(&cfg).unwrap().replacen(
            "[judge]\n",
            "[judge]\nmaster_address = \"gm@example.org\"\n",
            1,
        );
        std::fs::write(&cfg, body).unwrap();
        cfg
    };
    for (toml, secret) in secrets {
        let d = tempfile::tempdir().unwrap();
        let cfg = judge(d.path());
        // The judge's section is the file's second; add to it in place.
        let body = std::fs::read_to_string(&cfg).unwrap();
        let body = match toml.strip_prefix("[judge]\n") {
            Some(line) => body.replacen("[judge]\n", &format!("[judge]\n{line}"), 1),
            None => body + toml,
        };
        std::fs::write(&cfg, body).unwrap();
        std::fs::set_permissions(&cfg, std::fs::Permissions::from_mode(0o644)).unwrap();
        let (code, said) = check(d.path(), &cfg);
        assert_eq!(code, Some(1), "{secret}: {said}");
        let want = format!("readable by others, and it holds {secret}");
        assert!(said.contains(&want), "{secret}: {said}");
        std::fs::set_permissions(&cfg, std::fs::Permissions::from_mode(0o600)).unwrap();
        let (code, said) = check(d.path(), &cfg);
        assert_eq!(code, Some(0), "{secret}: {said}");
    }
    // A database readable by others fails the check; at 0600 it passes.
    let d = tempfile::tempdir().unwrap();
    let cfg = judge(d.path());
    assert_eq!(serve_once(&cfg, None).status.code(), Some(0));
    let db = d.path().join("judge.db");
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (code, said) = check(d.path(), &cfg);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("mode: readable by others, and it holds the players' password hashes"),
        "{said}"
    );
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (code, said) = check(d.path(), &cfg);
    assert_eq!(code, Some(0), "{said}");
}

// ---- Codes last 7 days -----------------------------------------------------

/// The `CONFIRM ADDRESS` code in a mail.
fn code_in(mail: &str) -> String {
    mail.lines()
        .find_map(|l| l.trim().strip_prefix("CONFIRM ADDRESS "))
        .unwrap_or_else(|| panic!("no code in:\n{mail}"))
        .to_string()
}

#[test]
fn an_observe_code_works_for_7_days_and_not_after() {
    use chrono::Duration;
    let mut w = mailgame::World::started("");
    let (late, prompt) = ("late@elsewhere.test", "prompt@elsewhere.test");
    let ml = w.send(late, "OBSERVE vet");
    let mp = w.send(prompt, "OBSERVE vet");
    w.pass();
    let (late_code, prompt_code) = (code_in(&w.reply(late, &ml)), code_in(&w.reply(prompt, &mp)));
    w.now += Duration::days(7) - Duration::minutes(1);
    let m = w.send(prompt, &format!("CONFIRM ADDRESS {prompt_code}"));
    w.pass();
    mailgame::assert_has(
        &w.reply(prompt, &m),
        "OK: confirmed: you now observe game vet",
    );
    w.now += Duration::minutes(2);
    let m = w.send(late, &format!("CONFIRM ADDRESS {late_code}"));
    w.pass();
    let said = w.reply(late, &m);
    assert!(!said.contains("OK: confirmed"), "{said}");
    mailgame::assert_has(&said, "a code works once, for 7 days");
    let observers: Vec<String> = rusqlite::Connection::open(w.dir.path().join("judge.db"))
        .unwrap()
        .prepare("SELECT email FROM observers")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(observers, vec![prompt.to_string()]);
}

#[test]
fn a_set_address_code_works_for_7_days_and_not_after() {
    use chrono::Duration;
    let mut w = mailgame::World::started("");
    let (late, prompt) = ("newitaly@elsewhere.test", "newspain@elsewhere.test");
    w.play("italy", &format!("SET ADDRESS {late}"));
    w.play("france", &format!("SET ADDRESS {prompt}"));
    w.pass();
    let code = |w: &mailgame::World, who: &str| code_in(&w.mails(who)[0]);
    let (late_code, prompt_code) = (code(&w, late), code(&w, prompt));
    w.now += Duration::days(7) - Duration::minutes(1);
    let m = w.send(prompt, &format!("CONFIRM ADDRESS {prompt_code}"));
    w.pass();
    mailgame::assert_has(
        &w.reply(prompt, &m),
        "OK: confirmed: the judge now writes to",
    );
    w.now += Duration::minutes(2);
    let m = w.send(late, &format!("CONFIRM ADDRESS {late_code}"));
    w.pass();
    let said = w.reply(late, &m);
    assert!(!said.contains("OK: confirmed"), "{said}");
    mailgame::assert_has(&said, "a code works once, for 7 days");
    let email: String = rusqlite::Connection::open(w.dir.path().join("judge.db"))
        .unwrap()
        .query_row("SELECT email FROM powers WHERE power = 'italy'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(email, mailgame::addr("italy"), "Italy keeps its address");
}
