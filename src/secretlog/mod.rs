//! The judge's secret log of an espionage game (ESP-10, SPI-11): every spy
//! order received with its time and source, every resolution step, what
//! each power was told, every reaction, every Fake applied or stopped and
//! every exposure.
//!
//! The log is append-only and tamper-evident. Each entry stores the hash
//! of the entry before it and its own hash. Entries written since signed
//! heads exist (recipe 2):
//!
//! ```text
//! content = hex(SHA-256(JSON array [phase, at, kind, power, source, text]))
//! hash    = hex(SHA-256(JSON array [prev_hash, seq, content]))
//! ```
//!
//! Entries of older logs (recipe 1):
//!
//! ```text
//! hash = hex(SHA-256(JSON array [prev_hash, seq, phase, at, kind, power, source, text]))
//! ```
//!
//! JSON compact (no spaces), UTF-8, `power` and `source` `null` when
//! absent; the first entry's `prev_hash` is 64 zeros. The newest entry's
//! number and hash are also kept apart (`secret_log_head`), and after every
//! processed phase the head is signed with a key outside the database and
//! mailed to the master (`heads`, `key`). `check` checks all of it;
//! `export` writes a part of the log that can be checked alone.

use crate::store::SecretRow;
use crate::store::Tx;
use sha2::{Digest, Sha256};

pub(crate) mod check;
pub(crate) mod export;
pub(crate) mod heads;
mod key;
pub(crate) mod record;

pub use check::{Verification, verify};
pub(crate) use export::verify_export;
pub(crate) use heads::read_mailed;
pub use heads::{GAME_ENDED, PROCESSED, REACTION_OPENED, block};
pub use key::{default_path, load};
pub(crate) use key::{given_public, public_hex};
pub use record::Record;

/// The `prev_hash` of a game's first entry.
const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The recipe new entries are written with.
const RECIPE_NOW: i64 = 2;

/// An entry to append.
#[derive(Debug, Clone)]
pub struct NewEntry {
    /// The phase it belongs to (`S1901M`).
    pub phase: String,
    /// What kind of entry it is (`received`, `rejected`, `spy-result`, `reaction`, ...).
    pub kind: String,
    /// The power it is about (the map's name); none: about every power.
    pub power: Option<String>,
    /// Where a received spy order came from (address, message and time); none for other entries.
    pub source: Option<String>,
    /// What happened, in the judge's English.
    pub text: String,
    /// The entry as data, kept beside it (see [`Record`]).
    pub record: record::Record,
}

/// The lowercase hex SHA-256 of a value written as compact JSON: every
/// hash of the log's recipes.
fn digest(fields: &serde_json::Value) -> String {
    let bytes = serde_json::to_vec(fields).expect("JSON values serialise");
    key::hex(&Sha256::digest(&bytes))
}

/// Recipe 1: the hash of one entry.
#[allow(clippy::too_many_arguments)]
fn entry_hash(
    prev_hash: &str,
    seq: i64,
    phase: &str,
    at: &str,
    kind: &str,
    power: Option<&str>,
    source: Option<&str>,
    text: &str,
) -> String {
    digest(&serde_json::json!([
        prev_hash, seq, phase, at, kind, power, source, text
    ]))
}

/// Recipe 2: the hash of an entry's content.
fn content_hash(
    phase: &str,
    at: &str,
    kind: &str,
    power: Option<&str>,
    source: Option<&str>,
    text: &str,
) -> String {
    digest(&serde_json::json!([phase, at, kind, power, source, text]))
}

/// Recipe 2: an entry's hash from the one before and its content hash.
fn linked_hash(prev_hash: &str, seq: i64, content: &str) -> String {
    digest(&serde_json::json!([prev_hash, seq, content]))
}

/// A stored entry's content hash (recipe 2).
fn row_content_hash(r: &SecretRow) -> String {
    content_hash(
        &r.phase,
        &r.at,
        &r.kind,
        r.power.as_deref(),
        r.source.as_deref(),
        &r.text,
    )
}

/// A stored entry's hash, by its recipe.
pub fn row_hash(r: &SecretRow) -> String {
    if r.recipe == 1 {
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
    } else {
        linked_hash(&r.prev_hash, r.seq, &row_content_hash(r))
    }
}

/// Appends entries to a game's log, chained to its head.
pub fn append(c: &Tx<'_>, game: i64, at: &str, entries: &[NewEntry]) -> crate::store::DbResult<()> {
    let (mut seq, mut prev) = c.secret_head(game)?.unwrap_or((0, GENESIS.to_string()));
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
            recipe: RECIPE_NOW,
        };
        row.hash = row_hash(&row);
        c.insert_secret(game, &row)?;
        c.insert_log_record(game, seq, &e.record.to_json())?;
        prev = row.hash;
    }
    Ok(())
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
