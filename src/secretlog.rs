//! The judge's secret log of an espionage game (ESP-10, SPI-11): every spy
//! order received with its time and source, every resolution step, what
//! each power was told, every reaction, every Fake applied or stopped and
//! every exposure.
//!
//! The log is append-only and tamper-evident. Each entry stores the hash
//! of the entry before it and its own hash:
//!
//! ```text
//! hash = hex(SHA-256(JSON array [prev_hash, seq, phase, at, kind, power, source, text]))
//! ```
//!
//! with `power` and `source` as JSON `null` when absent, and the first
//! entry's `prev_hash` 64 zeros. The newest entry's number and hash are
//! also kept apart (`secret_log_head`), so that removing entries at the end
//! is noticed as well. [`verify`] recomputes the chain.

use crate::store::spy::{self, SecretRow};
use rusqlite::Connection;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The `prev_hash` of a game's first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// How to check an exported record, written into every export.
pub const RECIPE: &str = "Entries are in order of seq (1, 2, ...). For each entry compute \
SHA-256 over the UTF-8 bytes of the compact JSON array \
[prev_hash, seq, phase, at, kind, power, source, text] (power and source are null when absent) \
and write it as lowercase hex: it must equal the entry's hash. Each entry's prev_hash must equal \
the hash of the entry before it (64 zeros for the first), and the last entry's seq and hash must \
equal `head`. A changed entry breaks its own hash; a removed entry breaks the numbering and the \
next prev_hash; entries removed at the end no longer match the head.";

/// An entry to append.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub phase: String,
    pub kind: String,
    pub power: Option<String>,
    pub source: Option<String>,
    pub text: String,
}

/// The hash of one entry.
#[allow(clippy::too_many_arguments)]
pub fn entry_hash(
    prev_hash: &str,
    seq: i64,
    phase: &str,
    at: &str,
    kind: &str,
    power: Option<&str>,
    source: Option<&str>,
    text: &str,
) -> String {
    let fields = serde_json::json!([prev_hash, seq, phase, at, kind, power, source, text]);
    let bytes = serde_json::to_vec(&fields).expect("JSON values serialise");
    let digest = Sha256::digest(&bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

fn row_hash(r: &SecretRow) -> String {
    entry_hash(
        &r.prev_hash,
        r.seq,
        &r.phase,
        &r.at,
        &r.kind,
        r.power.as_deref(),
        r.source.as_deref(),
        &r.text,
    )
}

/// Appends entries to a game's log, chained to its head.
pub fn append(c: &Connection, game: i64, at: &str, entries: &[NewEntry]) -> rusqlite::Result<()> {
    let (mut seq, mut prev) = spy::secret_head(c, game)?.unwrap_or((0, GENESIS.to_string()));
    for e in entries {
        seq += 1;
        let mut row = SecretRow {
            seq,
            phase: e.phase.clone(),
            at: at.to_string(),
            kind: e.kind.clone(),
            power: e.power.clone(),
            source: e.source.clone(),
            text: e.text.clone(),
            prev_hash: prev.clone(),
            hash: String::new(),
        };
        row.hash = row_hash(&row);
        spy::insert_secret(c, game, &row)?;
        prev = row.hash;
    }
    Ok(())
}

/// What [`verify`] found.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Verification {
    /// Entries checked.
    pub entries: usize,
    /// The first problem: the entry number and what is wrong.
    pub first_problem: Option<(i64, String)>,
}

/// Recomputes the chain of stored entries against the head.
pub fn verify_rows(rows: &[SecretRow], head: Option<(i64, String)>) -> Verification {
    let mut prev = GENESIS.to_string();
    let mut expected = 1;
    let problem = |seq: i64, what: String| Verification {
        entries: rows.len(),
        first_problem: Some((seq, what)),
    };
    for r in rows {
        if r.seq != expected {
            let what = if r.seq > expected {
                if r.seq == expected + 1 {
                    format!("entry {expected} is missing (deleted)")
                } else {
                    format!("entries {expected} to {} are missing (deleted)", r.seq - 1)
                }
            } else {
                format!("entry {} appears out of order", r.seq)
            };
            return problem(expected, what);
        }
        if r.prev_hash != prev {
            return problem(
                r.seq,
                format!(
                    "entry {} does not follow the entry before it (that entry was changed or removed)",
                    r.seq
                ),
            );
        }
        if row_hash(r) != r.hash {
            return problem(
                r.seq,
                format!("entry {} was edited after it was written", r.seq),
            );
        }
        prev = r.hash.clone();
        expected += 1;
    }
    let last = expected - 1;
    match head {
        None if rows.is_empty() => {}
        None => {
            return problem(
                last,
                "the record of the newest entry is missing (edited database)".into(),
            );
        }
        Some((n, h)) => {
            if n > last {
                return problem(
                    last + 1,
                    format!(
                        "entries {} to {n} are missing at the end (deleted)",
                        last + 1
                    ),
                );
            }
            if n != last || h != prev {
                return problem(
                    n,
                    format!("the newest entry does not match the recorded head (entry {n})"),
                );
            }
        }
    }
    Verification {
        entries: rows.len(),
        first_problem: None,
    }
}

/// Recomputes a game's chain as stored.
pub fn verify(c: &Connection, game: i64) -> rusqlite::Result<Verification> {
    let rows = spy::secret_rows(c, game)?;
    let head = spy::secret_head(c, game)?;
    Ok(verify_rows(&rows, head))
}

/// The self-contained record written by `secret-log --export`.
#[derive(Debug, Serialize)]
pub struct Export<'a> {
    pub format: &'static str,
    pub game: &'a str,
    pub rules: &'a str,
    pub exported_at: &'a str,
    /// The filter used (`phase`, `power`), if any: a filtered export holds
    /// a part of the chain; the hashes still check entry by entry.
    pub filter: serde_json::Value,
    pub head: Option<Head>,
    pub verification: &'a Verification,
    pub how_to_verify: &'static str,
    pub entries: &'a [SecretRow],
}

#[derive(Debug, Serialize)]
pub struct Head {
    pub entries: i64,
    pub hash: String,
}

/// The log readable at a glance: one line per entry, grouped by phase.
pub fn text(rows: &[SecretRow]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let mut phase = "";
    for r in rows {
        if r.phase != phase {
            phase = &r.phase;
            let _ = writeln!(out, "== {phase}");
        }
        let who = r.power.as_deref().unwrap_or("-");
        let _ = write!(
            out,
            "{:>4}  {}  {:<12} {:<8} {}",
            r.seq, r.at, r.kind, who, r.text
        );
        if let Some(s) = &r.source {
            let _ = write!(out, "  [{s}]");
        }
        let _ = writeln!(out);
    }
    out
}
