//! Issue 23, the operator's slips (items 1-5): one judge per database,
//! no panic on output, bounded reads, bounded years, files only the judge
//! reads, timeouts, stopping, failing games and a short disk. Each test
//! runs the real `dipspy` binary on real files (Maildirs, SQLite).

use crate::support::common;
use crate::support::stepped;

use crate::support::maildir_judge::{
    assert_one_sent_rest_queued, delivered, dipspy, mail, maildir_config, mode, text,
};
use common::Judge;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use stepped::Stepped;

/// A judge on Maildirs in `dir` (incoming `in`, outgoing `out`, database
/// `judge.db`), with `extra` added at the end; returns the configuration.
fn maildir_judge(dir: &Path, extra: &str) -> PathBuf {
    maildir_config(dir, Path::new("judge.db"), Some(1), "", extra)
}

// ---- 1. One judge per database -------------------------------------------

/// SQLite's busy timeout in the store (`src/store.rs`): a second judge
/// that waited on the database instead of being refused would take at
/// least this long.
const STORE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Runs `cmd` to its end, failing the test if it is still running after
/// `limit` (it is then killed).
fn output_within(cmd: &mut Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!("{cmd:?} still ran after {limit:?}: {out:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// The first judge is held in its pass (at `queued`), so it holds the
/// database for as long as the test wants; the second judges must be
/// refused meanwhile, without waiting for it. Then the first is stepped
/// pass by pass: once the six replies are out, one more whole pass (fetch,
/// handle, send) must send nothing more.
#[test]
fn a_second_serve_on_a_database_already_served_is_refused_at_once_and_mail_is_answered_once() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    let db = d.path().join("judge.db");
    let mut cmd = dipspy();
    cmd.args(["serve", "--config"]).arg(&cfg);
    let mut first = Stepped::start(cmd, "queued", d.path());
    first.wait_paused();
    for i in 0..6 {
        mail(d.path(), "alice@example.org", &format!("m{i}"), "HELP");
    }
    // A second judge, looping or once, and under another name of the
    // same file: refused at once, exit 2, with the reason.
    let link = d.path().join("alias.db");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    for args in [
        vec!["serve", "--once"],
        vec!["serve"],
        vec!["--db", link.to_str().unwrap(), "serve", "--once"],
    ] {
        let out = output_within(
            dipspy().arg("--config").arg(&cfg).args(&args),
            STORE_BUSY_TIMEOUT,
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("another dipspy serve is already running on this database"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // `tick` from cron beside the judge stays allowed.
    let tick = dipspy().arg("--db").arg(&db).arg("tick").output().unwrap();
    assert!(tick.status.success(), "{tick:?}");
    // Pass by pass until the six replies are out, then one pass more.
    let alice = |d: &Path| delivered(d, "alice@example.org").len();
    for _ in 0..10 {
        if alice(d.path()) >= 6 {
            break;
        }
        first.release();
        first.wait_paused();
    }
    assert_eq!(alice(d.path()), 6, "{}", first.said());
    first.release();
    first.wait_paused();
    first.sigterm();
    first.release();
    let (status, _) = first.wait_exit();
    assert!(status.success(), "{status}");
    assert_eq!(alice(d.path()), 6, "every mail answered exactly once");
    // Once the first judge is gone, a judge may serve the database again.
    let again = dipspy()
        .arg("--config")
        .arg(&cfg)
        .args(["serve", "--once"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(0), "{again:?}");
}

// ---- 2. No panics on output ----------------------------------------------

/// A judge with an espionage game in progress and a processed phase.
fn busy_judge() -> Judge {
    let j = Judge::new();
    j.started_game("g", &["--rules", "espionnite"]);
    j.ok(&["game", "process", "g"]);
    j
}

/// The commands that print, with their standard input.
fn printing_commands() -> Vec<(Vec<&'static str>, &'static str)> {
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/spring-1901.toml");
    vec![
        (vec!["adjudicate", scenario], ""),
        (vec!["adjudicate", scenario, "--json"], ""),
        (vec!["secret-log", "g"], ""),
        (vec!["secret-log", "g", "--json"], ""),
        (vec!["game", "show", "g"], ""),
        (vec!["game", "history", "g"], ""),
        (vec!["game", "list"], ""),
        (vec!["game", "replay", "g"], ""),
        (vec!["status"], ""),
        (vec!["maps"], ""),
        (vec!["orders", "show", "g"], ""),
        (vec!["quarantine", "list"], ""),
        (vec!["password-hash"], "secret\n"),
    ]
}

fn run_into(j: &Judge, args: &[&str], input: &str, stdout: Stdio) -> Output {
    let mut child = j
        .command(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_pipe_or_a_full_disk_ends_every_command_with_one_line_never_a_panic() {
    let j = busy_judge();
    for (args, input) in printing_commands() {
        // A reader that has gone (`dipspy … | head` after head exits).
        let (r, w) = std::io::pipe().unwrap();
        drop(r);
        let out = run_into(&j, &args, input, Stdio::from(w));
        let err = text(&out.stderr);
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {err}");
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");

        // A full disk.
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_into(&j, &args, input, Stdio::from(full));
        let err = text(&out.stderr);
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {err}");
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn serve_keeps_serving_when_its_log_cannot_be_written_and_says_so_in_status() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    for i in 0..3 {
        mail(d.path(), "alice@example.org", &format!("m{i}"), "HELP");
    }
    let (r, w) = std::io::pipe().unwrap();
    drop(r);
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .args(["serve", "--once"])
        .env("DIPSPY_LOG", "debug")
        .stderr(Stdio::from(w))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(delivered(d.path(), "alice@example.org").len(), 3);
    let st = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("status")
        .output()
        .unwrap();
    let said = text(&st.stdout);
    assert!(
        said.contains("The log could not be written since"),
        "{said}"
    );
    assert!(said.contains("Broken pipe"), "{said}");
}

// ---- 3. Bounded everything ------------------------------------------------

#[test]
fn files_that_are_not_regular_or_too_large_are_refused_with_a_clear_error() {
    let j = Judge::new();
    j.started_game("g", &[]);
    let d = tempfile::tempdir().unwrap();
    let big = d.path().join("big.toml");
    std::fs::write(&big, vec![b'#'; 3 * 1024 * 1024]).unwrap();
    let fifo = d.path().join("pipe.toml");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // Each command runs with its memory capped (2 GB of address space),
    // so that a dipspy reading without a limit fails with the allocator,
    // not with the refusal; and one that waits on the FIFO is killed as
    // hung (the guard is a hang guard, far above the milliseconds a
    // refusal takes, not a measure of speed).
    let within = |args: &[&str], input: Option<&str>| -> Output {
        let t = Instant::now();
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg("ulimit -v 2000000; exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--db")
            .arg(&j.db)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match input {
            Some(file) => c.stdin(Stdio::from(std::fs::File::open(file).unwrap())),
            None => c.stdin(Stdio::null()),
        };
        let mut child = c.spawn().unwrap();
        while child.try_wait().unwrap().is_none() {
            if t.elapsed() > stepped::HANG {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?} hangs: still running after {:?}", stepped::HANG);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        child.wait_with_output().unwrap()
    };
    let cases: Vec<(Vec<&str>, Option<&str>, &str)> = vec![
        (
            vec!["adjudicate", "/dev/zero"],
            None,
            "not a regular file (a device)",
        ),
        (
            vec!["adjudicate", big.to_str().unwrap()],
            None,
            "too large for a scenario",
        ),
        (
            vec!["adjudicate", fifo.to_str().unwrap()],
            None,
            "not a regular file (a named pipe)",
        ),
        (
            vec!["--config", "/dev/zero", "maps"],
            None,
            "not a regular file",
        ),
        (
            vec!["--config", big.to_str().unwrap(), "maps"],
            None,
            "too large for a configuration file",
        ),
        (
            vec!["orders", "submit", "g", "france", "/dev/zero"],
            None,
            "not a regular file",
        ),
        (
            vec!["orders", "submit", "g", "france", "-"],
            Some("/dev/zero"),
            "too long",
        ),
        (
            vec!["password-hash"],
            Some("/dev/zero"),
            "the password is too long",
        ),
    ];
    for (args, input, want) in cases {
        let out = within(&args, input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn a_fifo_in_the_maps_directory_hangs_nothing_and_is_listed_as_refused() {
    let d = tempfile::tempdir().unwrap();
    let maps = d.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(maps.join("trap.map"))
            .status()
            .unwrap()
            .success()
    );
    let cfg = d.path().join("judge.toml");
    std::fs::write(&cfg, "[maps]\ndir = \"maps\"\n").unwrap();
    let t = Instant::now();
    let mut child = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("maps")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dipspy maps hangs on a FIFO in the maps directory");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = text(&out.stdout);
    assert!(
        said.contains("trap") && said.contains("not a regular file (a named pipe)"),
        "{said}"
    );
}

#[test]
fn a_scenario_with_too_many_orders_is_refused_in_little_memory() {
    let d = tempfile::tempdir().unwrap();
    let mut many =
        String::from("phase = \"S1901M\"\n[units]\nfrance = [\"A par\"]\n[orders]\nfrance = [\n");
    for _ in 0..1001 {
        many.push_str("\"A par H\",\n");
    }
    many.push_str("]\n");
    let f = d.path().join("many.toml");
    std::fs::write(&f, &many).unwrap();
    let j = Judge::new();
    let out = j.run(&["adjudicate", f.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = text(&out.stderr);
    assert!(
        err.contains("1001 orders: a scenario holds at most 1000"),
        "{err}"
    );

    // 200,000 orders: refused, and the peak memory stays small.
    let mut huge =
        String::from("phase = \"S1901M\"\n[units]\nfrance = [\"A par\"]\n[orders]\nfrance = [\n");
    for _ in 0..200_000 {
        huge.push_str("\"A par H\",\n");
    }
    huge.push_str("]\n");
    let f = d.path().join("huge.toml");
    std::fs::write(&f, &huge).unwrap();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "maxrss=%M"])
        .arg(env!("CARGO_BIN_EXE_dipspy"))
        .args(["adjudicate", f.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert!(err.contains("too large for a scenario"), "{err}");
    let kb: u64 = err
        .lines()
        .find_map(|l| l.strip_prefix("maxrss="))
        .and_then(|v| v.trim().parse().ok())
        .expect("time reports the peak");
    assert!(
        kb < 64 * 1024,
        "peak {kb} KB for a {} byte file",
        huge.len()
    );
}

/// A scenario with `n` orders for France, one per line (11 bytes each).
fn scenario_with_orders(n: usize) -> String {
    let mut s =
        String::from("phase = \"S1901M\"\n[units]\nfrance = [\"A par\"]\n[orders]\nfrance = [\n");
    for _ in 0..n {
        s.push_str("\"A par H\",\n");
    }
    s.push_str("]\n");
    s
}

/// Runs `dipspy adjudicate FILE --json` and returns its exit code, its
/// standard error and its peak resident memory in KiB, as the kernel
/// counted it for that child alone (`wait4`'s rusage).
fn adjudicate_with_peak(j: &Judge, file: &Path) -> (Option<i32>, String, i64) {
    use std::io::Read;
    #[allow(clippy::zombie_processes, reason = "reaped below by wait4")]
    let mut child = j
        .command(&["adjudicate", file.to_str().unwrap(), "--json"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: a zeroed rusage is a valid value, and wait4 writes into the
    // two locals it is given for the child this test spawned.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(got, pid, "wait4: {}", std::io::Error::last_os_error());
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, err, usage.ru_maxrss)
}

/// Under the 1 MiB size limit, 90,000 orders: the file is read, and the
/// 1,000-order limit refuses it before a single order is read as an order.
/// Its peak memory is compared with the refusal of a 1,001-order file:
/// reading and adjudicating the 90,000 orders takes about 180 MB more
/// (measured with the limit raised), the bound allows 48 MiB more.
#[test]
fn ninety_thousand_orders_under_the_size_limit_are_refused_by_the_order_limit_in_little_memory() {
    let d = tempfile::tempdir().unwrap();
    let j = Judge::new();
    let small = d.path().join("small.toml");
    std::fs::write(&small, scenario_with_orders(1001)).unwrap();
    let (small_code, small_err, small_kib) = adjudicate_with_peak(&j, &small);

    let many = scenario_with_orders(90_000);
    assert!(many.len() < 1024 * 1024, "{} bytes", many.len());
    let f = d.path().join("many.toml");
    std::fs::write(&f, &many).unwrap();
    let (code, err, kib) = adjudicate_with_peak(&j, &f);
    assert!(
        kib < small_kib + 48 * 1024,
        "peak {kib} KiB for 90,000 orders, {small_kib} KiB for 1,001 ({code:?}: {err})"
    );
    assert_eq!(small_code, Some(2), "{small_err}");
    assert!(
        small_err.contains("1001 orders: a scenario holds at most 1000"),
        "{small_err}"
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("90000 orders: a scenario holds at most 1000"),
        "{err}"
    );
    assert!(!err.contains("too large"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_mail_too_large_to_store_is_kept_as_its_beginning_and_the_mail_behind_it_is_answered() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "[limits]\nmax_message_bytes = 65536\n");
    let mut big = String::from(
        "From: bob@example.org\r\nTo: judge@example.org\r\nSubject: huge\r\nMessage-ID: <big@example.org>\r\n\r\n",
    );
    big.push_str(&"x".repeat(20 * 1024 * 1024));
    dipspy::mail::deliver_to_maildir(&d.path().join("in"), big.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(5));
    mail(d.path(), "alice@example.org", "after", "HELP");
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .args(["serve", "--once"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(delivered(d.path(), "alice@example.org").len(), 1);
    let c = rusqlite::Connection::open(d.path().join("judge.db")).unwrap();
    let (stored, size, status, reason): (i64, i64, String, String) = c
        .query_row(
            "SELECT length(raw), size, status, reason FROM inbox WHERE sender = 'bob@example.org'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(status, "quarantined");
    assert!(reason.contains("too large"), "{reason}");
    assert!(
        size > 20 * 1024 * 1024,
        "the whole size is recorded: {size}"
    );
    assert!(
        stored < 300 * 1024,
        "only the beginning is stored: {stored} bytes"
    );
    let raw: Vec<u8> = c
        .query_row(
            "SELECT raw FROM inbox WHERE sender = 'bob@example.org'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let raw = text(&raw);
    assert!(
        raw.starts_with("From: bob@example.org"),
        "the headers are kept"
    );
    assert!(raw.contains("only its first"), "the cut is said");
}

#[test]
fn a_game_that_runs_out_of_years_ends_at_9999_and_never_wraps() {
    let j = Judge::new();
    let maps = j.dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    std::fs::write(
        maps.join("late.toml"),
        "name = \"late\"\nmap = \"standard\"\nfirst_year = 9999\n",
    )
    .unwrap();
    let cfg = j.dir.path().join("judge.toml");
    std::fs::write(&cfg, "[maps]\ndir = \"maps\"\n").unwrap();
    let cfg = cfg.to_str().unwrap();
    let run = |args: &[&str]| {
        let mut a = vec!["--config", cfg];
        a.extend_from_slice(args);
        j.run(&a)
    };
    let ok = |args: &[&str]| {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {o:?}");
        text(&o.stdout)
    };
    ok(&["game", "create", "g", "--variant", "late"]);
    for p in common::POWERS {
        let e = format!("{p}@example.org");
        ok(&["game", "join", "g", p, "--email", &e, "--password", "pw"]);
    }
    ok(&["game", "start", "g"]);
    for _ in 0..6 {
        let o = run(&["game", "process", "g"]);
        if !o.status.success() {
            break;
        }
    }
    let show = ok(&["game", "show", "g", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&show).unwrap();
    assert_eq!(v["status"], "finished", "{show}");
    let history = ok(&["game", "history", "g"]);
    assert!(!history.contains("S0000M"), "{history}");
    assert!(history.contains("F9999M"), "{history}");
    // And past 9999 is refused as input.
    let o = run(&["game", "history", "g", "S10000M"]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("is not a phase"), "{o:?}");
}

// ---- 4. Files only the judge can read -------------------------------------

#[test]
fn the_database_backups_exports_and_outgoing_mail_are_0600_whatever_the_umask() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    let db = d.path().join("judge.db");
    mail(d.path(), "alice@example.org", "m1", "HELP");
    // umask 000: everything the shell makes is world-readable.
    let sh = |cmd: &str| {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("umask 000; {cmd}"))
            .env("DIPSPY", env!("CARGO_BIN_EXE_dipspy"))
            .current_dir(d.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{cmd}: {out:?}");
    };
    sh(&format!(
        "\"$DIPSPY\" --config {} game create g --rules espionnite",
        cfg.display()
    ));
    for p in common::POWERS {
        sh(&format!(
            "\"$DIPSPY\" --config {} game join g {p} --email {p}@example.org --password pw",
            cfg.display()
        ));
    }
    sh(&format!(
        "\"$DIPSPY\" --config {} game start g",
        cfg.display()
    ));
    sh(&format!(
        "\"$DIPSPY\" --config {} serve --once",
        cfg.display()
    ));
    sh(&format!("\"$DIPSPY\" --db {} backup copy.db", db.display()));
    sh(&format!(
        "\"$DIPSPY\" --db {} secret-log g --export export.json",
        db.display()
    ));
    assert_eq!(mode(&db), 0o600, "the database");
    // Its -wal and -shm files, made while a writer has it open, take its
    // mode.
    let _ = std::fs::remove_file(d.path().join("judge.db-wal"));
    let _ = std::fs::remove_file(d.path().join("judge.db-shm"));
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    for side in ["judge.db-wal", "judge.db-shm"] {
        let p = d.path().join(side);
        assert!(p.exists(), "{side}");
        assert_eq!(mode(&p), 0o600, "{side}");
    }
    drop(c);
    assert_eq!(mode(&d.path().join("copy.db")), 0o600, "the backup");
    assert_eq!(mode(&d.path().join("export.json")), 0o600, "the export");
    let sent = delivered(d.path(), "alice@example.org");
    assert_eq!(sent.len(), 1);
    assert_eq!(mode(&sent[0]), 0o600, "outgoing mail");
}

#[test]
fn a_failing_read_only_command_never_creates_a_database() {
    let d = tempfile::tempdir().unwrap();
    let db = d.path().join("nothing.db");
    for args in [
        vec!["game", "list"],
        vec!["game", "show", "g"],
        vec!["game", "history", "g"],
        vec!["secret-log", "g"],
        vec!["orders", "show", "g"],
        vec!["quarantine", "list"],
        vec!["game", "replay", "g"],
    ] {
        let out = dipspy().arg("--db").arg(&db).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        assert!(
            text(&out.stderr).contains("there is no database here"),
            "{out:?}"
        );
        assert!(!db.exists(), "{args:?} created the database");
    }
    // `status` says the judge never ran, and creates nothing either.
    let out = dipspy()
        .arg("--db")
        .arg(&db)
        .arg("status")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stdout).contains("never completed a pass"),
        "{out:?}"
    );
    assert!(!db.exists(), "status created the database");
}

#[test]
fn check_warns_about_a_configuration_readable_by_others_holding_a_password() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "[imap]\npassword = \"hunter2\"\n");
    std::fs::set_permissions(&cfg, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("check")
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("readable by others, and it holds the IMAP password: run `chmod 600"),
        "{said}"
    );
    std::fs::set_permissions(&cfg, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("check")
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert!(said.contains("readable by its owner only"), "{said}");
    assert!(!said.contains("readable by others"), "{said}");
}

// ---- 5. Timeouts and stopping ---------------------------------------------

/// A server that accepts connections and never says a word.
fn silent_server() -> (std::net::TcpListener, u16) {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    (l, port)
}

#[test]
fn a_silent_imap_server_fails_the_pass_within_its_timeout_greeting_and_tls() {
    let (listener, port) = silent_server();
    // The connections are held open, unanswered, until the test ends.
    let (done, end) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let mut conns = Vec::new();
        for c in listener.incoming().take(4) {
            conns.push(c);
        }
        let _ = end.recv();
    });
    // The configured timeout, and the most a pass or a check may take on
    // it: two timeouts' worth for each step tried, with room for a loaded
    // machine; a judge that waited without a timeout hangs far past it.
    let timeout = Duration::from_secs(1);
    let most = timeout * 15;
    for (tls, want) in [
        (
            "false\nallow_plain = true",
            "the greeting: no answer within 1 seconds",
        ),
        ("true", "the TLS handshake: no answer within 1 seconds"),
    ] {
        let d = tempfile::tempdir().unwrap();
        let cfg = d.path().join("judge.toml");
        std::fs::write(
            &cfg,
            format!(
                "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
                 [mail]\ntransport = \"imap\"\n\
                 [imap]\nhost = \"127.0.0.1\"\nport = {port}\nuser = \"judge\"\npassword = \"pw\"\n\
                 timeout_seconds = {}\ntls = {tls}\n\
                 [smtp]\nhost = \"127.0.0.1\"\nport = 1\nsecurity = \"none\"\n",
                timeout.as_secs()
            ),
        )
        .unwrap();
        let t = Instant::now();
        let out = dipspy()
            .arg("--config")
            .arg(&cfg)
            .args(["serve", "--once"])
            .output()
            .unwrap();
        assert!(t.elapsed() < most, "took {:?}", t.elapsed());
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = text(&out.stderr);
        assert!(err.contains(want), "{err}");
        // `dipspy check` does not hang on it either.
        let t = Instant::now();
        let out = dipspy()
            .arg("--config")
            .arg(&cfg)
            .arg("check")
            .output()
            .unwrap();
        assert!(t.elapsed() < most, "took {:?}", t.elapsed());
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let said = text(&out.stdout);
        assert!(said.contains("the server stopped answering"), "{said}");
    }
    drop(done);
}

/// The judge is held before it hands the first reply over; SIGTERM comes
/// while it is held, and once the judge has said it will stop, it is let
/// go: it finishes that one mail and sends no other (it never comes back
/// to the pause before the second).
#[test]
fn sigterm_ends_a_pass_between_mails_and_leaves_the_rest_queued() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    for i in 0..10 {
        mail(
            d.path(),
            &format!("p{i}@example.org"),
            &format!("m{i}"),
            "HELP",
        );
    }
    let mut cmd = dipspy();
    cmd.arg("--config").arg(&cfg).arg("serve");
    let mut serve = Stepped::start(cmd, "sending", d.path());
    serve.wait_paused();
    serve.sigterm();
    serve.release();
    let (status, pauses) = serve.wait_exit();
    assert!(status.success(), "{status}: {}", serve.said());
    assert_eq!(pauses, 0, "it went on to another mail: {}", serve.said());
    assert_one_sent_rest_queued(d.path(), 10);
}

#[test]
fn a_game_that_fails_to_process_fails_the_pass_and_shows_in_status() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    let j = Judge {
        db: d.path().join("judge.db"),
        now: common::NOW.to_string(),
        dir: tempfile::tempdir().unwrap(),
    };
    j.started_game("g", &[]);
    // The current phase's position is damaged, and its deadline passed.
    j.sqlite()
        .execute_batch(
            "UPDATE phases SET position = '{broken', deadline = '2000-01-01T00:00:00Z'
             WHERE status = 'current'",
        )
        .unwrap();
    let out = dipspy()
        .arg("--config")
        .arg(&cfg)
        .args(["serve", "--once"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stderr).contains("game g could not be processed"),
        "{out:?}"
    );
    let st = dipspy()
        .arg("--config")
        .arg(&cfg)
        .arg("status")
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(1));
    let said = text(&st.stdout);
    assert!(said.contains("needs attention"), "{said}");
    assert!(
        said.contains("failed: game g could not be processed"),
        "{said}"
    );
}

#[test]
fn when_the_disk_is_short_stored_mail_is_handled_and_no_new_mail_is_stored() {
    let d = tempfile::tempdir().unwrap();
    let cfg = maildir_judge(d.path(), "");
    // A first pass stores a mail but fails handling it (the handler is
    // made to stop mid-way by a deadline of a moment: the pass is killed).
    mail(d.path(), "alice@example.org", "stored", "HELP");
    let mut first = dipspy()
        .arg("--config")
        .arg(&cfg)
        .args(["serve", "--once"])
        .env("DIPSPY_TEST_PAUSE_AT", "handling=30")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = first.stderr.take().unwrap();
    let mut line = String::new();
    use std::io::BufRead;
    let mut r = std::io::BufReader::new(err);
    while r.read_line(&mut line).unwrap() > 0 && !line.contains("paused at handling") {
        line.clear();
    }
    first.kill().unwrap();
    first.wait().unwrap();
    // Now the disk is "short" (the judge is asked to keep more free than
    // any disk has), and new mail has come.
    mail(d.path(), "bob@example.org", "new", "HELP");
    let short = maildir_judge(d.path(), "");
    let text_cfg = std::fs::read_to_string(&short).unwrap().replace(
        "path = \"judge.db\"\n",
        "path = \"judge.db\"\nmin_free_bytes = 18000000000000000000\n",
    );
    std::fs::write(&short, text_cfg).unwrap();
    let out = dipspy()
        .arg("--config")
        .arg(&short)
        .args(["serve", "--once"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(text(&out.stderr).contains("the disk is short"), "{out:?}");
    // The stored mail was answered; the new one waits where it was.
    assert_eq!(delivered(d.path(), "alice@example.org").len(), 1);
    assert_eq!(delivered(d.path(), "bob@example.org").len(), 0);
    assert_eq!(
        std::fs::read_dir(d.path().join("in/new")).unwrap().count(),
        1
    );
    let c = rusqlite::Connection::open(d.path().join("judge.db")).unwrap();
    let n: i64 = c
        .query_row("SELECT count(*) FROM inbox", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1, "no new mail stored");
}
