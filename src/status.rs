//! `dipspy status`: the judge's health at a glance, read from the
//! database alone: the last pass of `dipspy serve` and what failed in it,
//! mail waiting to be handled, mail quarantined in the last day (with
//! why), the outbox (queued, being retried, given up, with the last
//! error), and the games by state with their next deadlines.

use crate::store::{self, Store};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

mod pass_file;
pub use pass_file::{pass_file, prepare_pass_file, read_pass_file, record_pass_in_file};

/// Everything `dipspy status` shows.
#[derive(Debug, Serialize)]
pub struct Status {
    /// When the last pass of `dipspy serve` ended, if one ever did.
    pub last_pass: Option<String>,
    /// What failed in that pass (empty: nothing).
    pub last_pass_failures: Vec<String>,
    /// Mail stored but not yet handled.
    pub waiting: i64,
    /// Mail quarantined in the last 24 hours.
    pub quarantined: Vec<Quarantined>,
    /// Mail in the outbox waiting to be sent.
    pub outbox_queued: i64,
    /// Queued mail that failed at least once and waits for a retry.
    pub outbox_retrying: Vec<Unsent>,
    /// Mail given up on.
    pub outbox_failed: Vec<Unsent>,
    /// Games by state: (state, how many).
    pub games: Vec<(String, i64)>,
    /// The running games' deadlines, soonest first: (game, phase, deadline).
    pub deadlines: Vec<(String, String, String)>,
    /// When `dipspy serve` first could not write its log, and why.
    pub log_lost: Option<String>,
}

impl Status {
    /// The status of a judge that never ran (there is no database yet).
    pub fn never_ran() -> Status {
        Status {
            last_pass: None,
            last_pass_failures: Vec::new(),
            waiting: 0,
            quarantined: Vec::new(),
            outbox_queued: 0,
            outbox_retrying: Vec::new(),
            outbox_failed: Vec::new(),
            games: Vec::new(),
            deadlines: Vec::new(),
            log_lost: None,
        }
    }

    /// A pass has completed, nothing failed in the last one, and no mail
    /// waits for a retry or was given up on.
    pub fn healthy(&self) -> bool {
        self.last_pass.is_some()
            && self.last_pass_failures.is_empty()
            && self.outbox_failed.is_empty()
            && self.outbox_retrying.is_empty()
    }
}

/// A mail quarantined in the last day, as `dipspy status` lists it.
#[derive(Debug, Serialize)]
pub struct Quarantined {
    /// Its row id in the inbox.
    pub id: i64,
    /// The sender's address.
    pub sender: String,
    /// When it was received, as stored (RFC 3339, UTC).
    pub received_at: String,
    /// Why it was quarantined (empty if no reason was stored).
    pub reason: String,
}

/// A mail of the outbox that is being retried or was given up on.
#[derive(Debug, Serialize)]
pub struct Unsent {
    /// The address it is for.
    pub to: String,
    /// Its subject line.
    pub subject: String,
    /// How many times sending it was tried.
    pub attempts: i64,
    /// The error of the last try (empty if none was stored).
    pub last_error: String,
}

/// The key under which a pass's end is remembered.
pub const LAST_PASS: &str = "last_pass";
/// The key under which a pass's failures are remembered (one per line).
pub const LAST_PASS_FAILURES: &str = "last_pass_failures";

/// The key under which the first failure to write the log is remembered.
pub const LOG_LOST: &str = "log_lost";

/// Remembers, once, that the log could not be written (the judge goes on
/// serving; this is where the operator learns of it).
pub fn record_log_lost(
    c: &crate::store::Tx<'_>,
    now: DateTime<Utc>,
    error: &str,
) -> crate::store::DbResult<()> {
    c.set_judge_state(LOG_LOST, &format!("{}: {error}", store::time_text(now)))
}

/// Remembers the end of a pass and what failed in it.
pub fn record_pass(
    c: &crate::store::Tx<'_>,
    now: DateTime<Utc>,
    failures: &[String],
) -> crate::store::DbResult<()> {
    c.set_judge_state(LAST_PASS, &store::time_text(now))?;
    c.set_judge_state(LAST_PASS_FAILURES, &failures.join("\n"))
}

/// Reads the judge's health as of `now`.
pub fn status(st: &Store, now: DateTime<Utc>) -> crate::store::DbResult<Status> {
    let c = &st.read();
    let state = |k: &str| c.judge_state(k);
    let since = store::time_text(now - Duration::hours(24));
    let quarantined = c
        .quarantined_since(&since)?
        .into_iter()
        .map(|(id, sender, received_at, reason)| Quarantined {
            id,
            sender,
            received_at,
            reason,
        })
        .collect();
    let unsent = |status: &str, retried: bool| -> crate::store::DbResult<Vec<Unsent>> {
        Ok(c.unsent(status, retried)?
            .into_iter()
            .map(|(to, subject, attempts, last_error)| Unsent {
                to,
                subject,
                attempts,
                last_error,
            })
            .collect())
    };
    let games = c.games_by_status()?;
    let deadlines = c.next_deadlines()?;
    let (waiting, outbox_queued) = c.waiting_and_queued()?;
    Ok(Status {
        last_pass: state(LAST_PASS)?,
        last_pass_failures: state(LAST_PASS_FAILURES)?
            .map(|f| f.lines().map(String::from).collect())
            .unwrap_or_default(),
        waiting,
        quarantined,
        outbox_queued,
        outbox_retrying: unsent("queued", true)?,
        outbox_failed: unsent("failed", false)?,
        games,
        deadlines,
        log_lost: state(LOG_LOST)?,
    })
}

/// `s` with the pass recorded in the pass file (see [`pass_file`]) when
/// that pass ended later than the one the database holds: a pass the
/// database could not take.
pub fn with_pass_file(mut s: Status, file: &std::path::Path) -> Status {
    let Some((when, failures)) = read_pass_file(file) else {
        return s;
    };
    let later = match s.last_pass.as_deref().and_then(store::parse_time) {
        Some(db) => store::parse_time(&when).is_some_and(|f| f > db),
        None => true,
    };
    if later {
        s.last_pass = Some(when);
        s.last_pass_failures = failures;
    }
    s
}

/// The status as one screen of text; the first line says whether all is
/// well.
pub fn text(s: &Status) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}",
        if s.healthy() {
            "The judge is healthy."
        } else if s.last_pass.is_none() {
            "The judge has never completed a pass (is `dipspy serve` running?)."
        } else {
            "The judge needs attention: see below."
        }
    );
    let _ = writeln!(
        o,
        "Last pass: {}",
        s.last_pass.as_deref().unwrap_or("never")
    );
    for f in &s.last_pass_failures {
        let _ = writeln!(o, "  failed: {f}");
    }
    if let Some(l) = &s.log_lost {
        let _ = writeln!(
            o,
            "The log could not be written since {l} (the judge went on serving)"
        );
    }
    let _ = writeln!(o, "Mail waiting to be handled: {}", s.waiting);
    let _ = writeln!(o, "Quarantined in the last day: {}", s.quarantined.len());
    for q in &s.quarantined {
        let _ = writeln!(
            o,
            "  #{} from {} at {}: {}",
            q.id,
            if q.sender.is_empty() {
                "(no sender)"
            } else {
                &q.sender
            },
            q.received_at,
            q.reason
        );
    }
    let _ = writeln!(
        o,
        "Outbox: {} queued, {} being retried, {} given up",
        s.outbox_queued,
        s.outbox_retrying.len(),
        s.outbox_failed.len()
    );
    for u in s.outbox_retrying.iter().chain(&s.outbox_failed) {
        let _ = writeln!(
            o,
            "  to {} \"{}\" after {} attempt(s): {}",
            u.to, u.subject, u.attempts, u.last_error
        );
    }
    let games: Vec<String> = s.games.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let _ = writeln!(
        o,
        "Games: {}",
        if games.is_empty() {
            "none".into()
        } else {
            games.join(", ")
        }
    );
    for (g, p, d) in &s.deadlines {
        let _ = writeln!(o, "  {g} {p}: deadline {d}");
    }
    o
}
