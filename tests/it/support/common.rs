//! Helpers for the command-line tests: a judge working on a database in a
//! temporary directory, driving the real `dipspy` binary.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub(crate) const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];

/// The time every command is told it is, unless a test says otherwise.
pub(crate) const NOW: &str = "2025-01-10T12:00:00Z";

pub(crate) struct Judge {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) db: PathBuf,
    pub(crate) now: String,
}

impl Judge {
    pub(crate) fn new() -> Judge {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("games.db");
        Judge {
            dir,
            db,
            now: NOW.to_string(),
        }
    }

    pub(crate) fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_dipspy"));
        c.arg("--db").arg(&self.db).arg("--now").arg(&self.now);
        c.args(args);
        c.env_remove("DIPSPY_TEST_PAUSE_IN_PROCESSING");
        c
    }

    pub(crate) fn run_with_input(&self, args: &[&str], input: &str) -> Output {
        let mut child = self
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run dipspy");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().expect("dipspy finishes")
    }

    pub(crate) fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("run dipspy")
    }

    /// Runs a command that must succeed; returns its stdout.
    pub(crate) fn ok(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(
            o.status.success(),
            "dipspy {args:?} failed:\n{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    }

    /// Runs a command that must fail with status 1; returns its stderr.
    pub(crate) fn fails(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert_eq!(
            o.status.code(),
            Some(1),
            "dipspy {args:?} should have failed:\n{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stderr).unwrap()
    }

    /// Submits orders (one per line) from standard input; must succeed.
    pub(crate) fn submit(&self, game: &str, power: &str, orders: &[&str]) -> String {
        let text = orders.join("\n") + "\n";
        let o = self.run_with_input(&["orders", "submit", game, power, "-"], &text);
        assert!(
            o.status.success(),
            "submitting {orders:?} for {power} failed:\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    }

    pub(crate) fn show(&self, game: &str) -> Value {
        serde_json::from_str(&self.ok(&["game", "show", game, "--json"])).unwrap()
    }

    pub(crate) fn history(&self, game: &str, phase: &str) -> Value {
        serde_json::from_str(&self.ok(&["game", "history", game, phase, "--json"])).unwrap()
    }

    /// Creates a game, seats a player on every power, starts it.
    pub(crate) fn started_game(&self, name: &str, extra: &[&str]) {
        let mut args = vec!["game", "create", name];
        args.extend_from_slice(extra);
        self.ok(&args);
        for p in POWERS {
            let email = format!("{p}@example.org");
            self.ok(&[
                "game",
                "join",
                name,
                p,
                "--email",
                &email,
                "--password",
                "pw",
            ]);
        }
        self.ok(&["game", "start", name]);
    }

    pub(crate) fn sqlite(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(&self.db).unwrap()
    }
}

/// Sorted strings of a JSON array.
pub(crate) fn strings(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}
