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
//! mailed to the master ([`heads`], [`key`]). [`verify`] checks all of it;
//! [`export`] writes a part of the log that can be checked alone.

use crate::store::spy::{self, SecretRow, SignedHeadRow};
use rusqlite::Connection;
use serde::Serialize;
use sha2::{Digest, Sha256};

pub mod export;
pub mod heads;
pub mod key;
pub mod record;

/// The `prev_hash` of a game's first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The recipe new entries are written with.
pub const RECIPE_NOW: i64 = 2;

/// An entry to append.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub phase: String,
    pub kind: String,
    pub power: Option<String>,
    pub source: Option<String>,
    pub text: String,
    /// The entry as data, kept beside it (see [`record`]).
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
    digest(&serde_json::json!([
        prev_hash, seq, phase, at, kind, power, source, text
    ]))
}

/// Recipe 2: the hash of an entry's content.
pub fn content_hash(
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
pub fn linked_hash(prev_hash: &str, seq: i64, content: &str) -> String {
    digest(&serde_json::json!([prev_hash, seq, content]))
}

/// A stored entry's content hash (recipe 2).
pub fn row_content_hash(r: &SecretRow) -> String {
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
            recipe: RECIPE_NOW,
        };
        row.hash = row_hash(&row);
        spy::insert_secret(c, game, &row)?;
        crate::store::log_records::insert(c, game, seq, &e.record.to_json())?;
        prev = row.hash;
    }
    Ok(())
}

/// What [`verify`] found.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Verification {
    /// Entries checked.
    pub entries: usize,
    /// Signed heads checked, from the database.
    pub signed_heads: usize,
    /// Signed heads checked, from the master's saved mail.
    pub mailed_heads: usize,
    /// The first problem: the entry number and what is wrong.
    pub first_problem: Option<(i64, String)>,
}

/// The signed heads to check a log against, and the key to check them with.
pub struct Anchors<'a> {
    pub game: &'a str,
    /// The judge's public key, or why it could not be read.
    pub public: std::result::Result<ed25519_dalek::VerifyingKey, String>,
    pub stored: &'a [SignedHeadRow],
    pub mailed: &'a [heads::MailedHead],
}

/// Recomputes the chain of stored entries against the recorded head and
/// every signed head (stored or mailed). The first problem is the one at
/// the lowest entry number.
pub fn verify_rows(
    rows: &[SecretRow],
    head: Option<(i64, String)>,
    anchors: &Anchors<'_>,
) -> Verification {
    let mut problems: Vec<(i64, String)> = Vec::new();
    // The signed heads first: which entry hashes they vouch for.
    let vouched = check_heads(anchors, &mut problems);
    let (prev, expected, row_problem) = check_chain(rows, &vouched.signed);
    let last = expected - 1;
    if let Some(p) = row_problem {
        problems.push(p);
    } else {
        check_end(rows, head, &vouched.covered_to, last, &prev, &mut problems);
    }
    let first_problem = problems.into_iter().min_by_key(|(s, _)| *s);
    Verification {
        entries: rows.len(),
        signed_heads: vouched.n_stored,
        mailed_heads: vouched.n_mailed,
        first_problem,
    }
}

/// What the signed heads vouch for.
struct Vouched {
    /// Entry number → (hash, which head vouches for it).
    signed: std::collections::BTreeMap<i64, (String, String)>,
    /// The last entry any head covers, and which head.
    covered_to: Option<(i64, String)>,
    n_stored: usize,
    n_mailed: usize,
}

/// Checks every signed head (stored, then mailed): its text, signature,
/// stored fields and place in the run of heads.
fn check_heads(anchors: &Anchors<'_>, problems: &mut Vec<(i64, String)>) -> Vouched {
    let mut signed: std::collections::BTreeMap<i64, (String, String)> = Default::default();
    let mut covered_to: Option<(i64, String)> = None;
    let mut n_stored = 0;
    let mut n_mailed = 0;
    let mut expect_first = 1;
    let candidates = anchors
        .stored
        .iter()
        .map(|h| {
            (
                Some(h),
                h.message.as_str(),
                h.public_key.as_str(),
                h.signature.as_str(),
            )
        })
        .chain(anchors.mailed.iter().map(|h| {
            (
                None,
                h.message.as_str(),
                h.public_key.as_str(),
                h.signature.as_str(),
            )
        }));
    for (stored, message, _public, signature) in candidates {
        let text = heads::parse_message(message);
        let Some(t) = text else {
            if let Some(h) = stored {
                problems.push((
                    h.first_seq,
                    format!(
                        "the signed head stored for {} (entries {} to {}) is not a signed head's text (replaced)",
                        h.phase, h.first_seq, h.last_seq
                    ),
                ));
            }
            continue;
        };
        if t.game != anchors.game {
            continue;
        }
        let origin = match stored {
            Some(_) => format!("the signed head of {} (stored)", t.phase),
            None => format!("the signed head of {} mailed to the master", t.phase),
        };
        if stored.is_some() {
            n_stored += 1;
        } else {
            n_mailed += 1;
        }
        let what = format!("{origin} (entries {} to {})", t.first_seq, t.last_seq);
        match &anchors.public {
            Err(why) => {
                problems.push((t.first_seq, format!("{what} cannot be checked: {why}")));
                continue;
            }
            Ok(k) if !key::signature_ok(k, message, signature) => {
                problems.push((
                    t.first_seq,
                    format!("{what} has a bad signature: it was not signed with this judge's key (replaced or edited)"),
                ));
                continue;
            }
            Ok(_) => {}
        }
        if let Some(h) = stored {
            if h.phase != t.phase || h.last_seq != t.last_seq || h.hash != t.hash {
                problems.push((
                    t.first_seq,
                    format!("{what}: the stored fields differ from the text it signed (edited)"),
                ));
            }
            if h.first_seq > expect_first {
                problems.push((
                    expect_first,
                    format!(
                        "no signed head covers entries {expect_first} to {}: a signed head before {origin} is missing (deleted)",
                        h.first_seq - 1
                    ),
                ));
            }
            expect_first = expect_first.max(h.last_seq + 1);
        }
        if t.hashes.last().map(|(s, h)| (*s, h.as_str())) != Some((t.last_seq, t.hash.as_str())) {
            problems.push((
                t.first_seq,
                format!("{what}: its list of hashes does not end at its head"),
            ));
            continue;
        }
        for (s, h) in &t.hashes {
            signed
                .entry(*s)
                .or_insert_with(|| (h.clone(), origin.clone()));
        }
        if covered_to.as_ref().is_none_or(|(n, _)| t.last_seq > *n) {
            covered_to = Some((t.last_seq, origin));
        }
    }

    Vouched {
        signed,
        covered_to,
        n_stored,
        n_mailed,
    }
}

/// Walks the chain of entries: the hash before each, each entry's own
/// hash, and the hash a signed head vouches for. Gives the last hash, the
/// next entry number expected, and the first problem found.
fn check_chain(
    rows: &[SecretRow],
    signed: &std::collections::BTreeMap<i64, (String, String)>,
) -> (String, i64, Option<(i64, String)>) {
    let mut prev = GENESIS.to_string();
    let mut expected = 1;
    let mut row_problem = None;
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
            row_problem = Some((expected, what));
            break;
        }
        if r.prev_hash != prev {
            row_problem = Some((
                r.seq,
                format!(
                    "entry {} does not follow the entry before it (that entry was changed or removed)",
                    r.seq
                ),
            ));
            break;
        }
        if row_hash(r) != r.hash {
            row_problem = Some((
                r.seq,
                format!("entry {} was edited after it was written", r.seq),
            ));
            break;
        }
        if let Some((h, origin)) = signed.get(&r.seq)
            && *h != r.hash
        {
            row_problem = Some((
                r.seq,
                format!(
                    "entry {} is not the entry {origin} vouches for: it was rewritten (and the hashes after it computed again)",
                    r.seq
                ),
            ));
            break;
        }
        prev = r.hash.clone();
        expected += 1;
    }
    (prev, expected, row_problem)
}

/// The end of an unbroken chain: against the heads that cover entries
/// past it, and against the recorded head.
fn check_end(
    rows: &[SecretRow],
    head: Option<(i64, String)>,
    covered_to: &Option<(i64, String)>,
    last: i64,
    prev: &str,
    problems: &mut Vec<(i64, String)>,
) {
    if let Some((n, origin)) = covered_to
        && *n > last
    {
        problems.push((
            last + 1,
            format!(
                "entries {} to {n} are missing at the end (deleted): {origin} covers them",
                last + 1
            ),
        ));
    }
    match head {
        None if rows.is_empty() => {}
        None => problems.push((
            last,
            "the record of the newest entry is missing (edited database)".into(),
        )),
        Some((n, h)) => {
            if n > last {
                problems.push((
                    last + 1,
                    format!(
                        "entries {} to {n} are missing at the end (deleted)",
                        last + 1
                    ),
                ));
            } else if n != last || h != prev {
                problems.push((
                    n,
                    format!("the newest entry does not match the recorded head (entry {n})"),
                ));
            }
        }
    }
}

/// Checks a game's log as stored, its signed heads, and the heads mailed
/// to the master (when given), with the judge's key file.
pub fn verify(
    c: &Connection,
    game_id: i64,
    game: &str,
    key_file: &std::path::Path,
    mailed: &[heads::MailedHead],
) -> rusqlite::Result<Verification> {
    let rows = spy::secret_rows(c, game_id)?;
    let head = spy::secret_head(c, game_id)?;
    let stored = spy::signed_heads(c, game_id)?;
    let public = key::load(key_file)
        .map(|k| k.verifying_key())
        .map_err(|e| e.to_string());
    Ok(verify_rows(
        &rows,
        head,
        &Anchors {
            game,
            public,
            stored: &stored,
            mailed,
        },
    ))
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
