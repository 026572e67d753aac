//! Exports of the secret log that can be checked with nothing but the
//! file and the judge's public key (`secret-log --export`,
//! `secret-log --verify-export`). A filtered export (`--phase`, `--power`)
//! holds a contiguous range of the chain, from its first chosen entry to
//! the first signed head after its last one; the entries in that range
//! that the filter leaves out are withheld: only their content hash and
//! chain hashes are given, never their words.

use super::{GENESIS, RECIPE_NOW, entry_hash, key, linked_hash, row_content_hash};
use crate::store::spy::{SecretRow, SignedHeadRow};
use serde_json::{Value, json};

pub const FORMAT: &str = "dipspy secret log export, version 2";

/// How to check an export, written into every one (the README gives the
/// same recipe as commands).
pub const RECIPE: &str = "Let d(x) be the lowercase hex SHA-256 of the UTF-8 bytes of x written as compact JSON \
(no spaces; power and source null when absent). Start with prev = range.prev_hash and n = range.first_seq. \
For each entry in order: its seq must be n and its prev_hash must be prev. \
Its content hash c is d([phase, at, kind, power, source, text]), or the given `content` when the entry is withheld. \
Its hash must be d([prev, seq, c]) (entries with \"recipe\": 1 use d([prev, seq, phase, at, kind, power, source, text]) instead). \
Then prev = hash, n = n + 1. After the last entry, n - 1 must be range.last_seq. \
signed_head.message must name this game and have the lines `last-seq: <range.last_seq>` and `hash: <prev>`, \
and signed_head.signature (hex) must be a valid Ed25519 signature of the UTF-8 bytes of signed_head.message \
under the judge's public key (`dipspy secret-log --public-key`, also in signed_head.public_key: compare it with \
the key the judge published). A changed entry breaks its hash; a removed or added entry breaks the numbering or \
the chain; no one without the judge's private key can make a new signed head.";

/// The export of `rows` (a game's whole log, in order) for entries where
/// `chosen` holds.
pub fn build(
    game: &str,
    rules: &str,
    exported_at: &str,
    filter: Value,
    rows: &[SecretRow],
    heads: &[SignedHeadRow],
    chosen: impl Fn(&SecretRow) -> bool,
) -> Value {
    let first = rows.iter().find(|r| chosen(r)).map(|r| r.seq);
    let last_chosen = rows.iter().rev().find(|r| chosen(r)).map(|r| r.seq);
    let head = last_chosen.and_then(|l| heads.iter().find(|h| h.last_seq >= l));
    let (range, entries, note) = match (first, last_chosen) {
        (Some(a), Some(b)) => {
            let end = head.map_or(b, |h| h.last_seq);
            let prev = rows
                .iter()
                .find(|r| r.seq == a)
                .map_or(GENESIS.to_string(), |r| r.prev_hash.clone());
            let entries: Vec<Value> = rows
                .iter()
                .filter(|r| r.seq >= a && r.seq <= end)
                .map(|r| {
                    if chosen(r) || r.recipe != RECIPE_NOW {
                        let mut e = json!({
                            "seq": r.seq, "phase": r.phase, "at": r.at, "kind": r.kind,
                            "power": r.power, "source": r.source, "text": r.text,
                            "prev_hash": r.prev_hash, "hash": r.hash,
                        });
                        if r.recipe != RECIPE_NOW {
                            e["recipe"] = json!(r.recipe);
                        }
                        e
                    } else {
                        json!({
                            "seq": r.seq, "withheld": true, "content": row_content_hash(r),
                            "prev_hash": r.prev_hash, "hash": r.hash,
                        })
                    }
                })
                .collect();
            let note = if head.is_none() {
                Some(
                    "no signed head covers these entries yet (they were logged after the last processed phase): the chain can be checked, the signature cannot",
                )
            } else {
                None
            };
            (
                json!({"first_seq": a, "last_seq": end, "prev_hash": prev}),
                entries,
                note,
            )
        }
        _ => (Value::Null, Vec::new(), Some("no entry matches the filter")),
    };
    json!({
        "format": FORMAT,
        "game": game,
        "rules": rules,
        "exported_at": exported_at,
        "filter": filter,
        "note": note,
        "range": range,
        "signed_head": head.map(|h| json!({
            "message": h.message, "public_key": h.public_key, "signature": h.signature,
        })),
        "how_to_verify": RECIPE,
        "entries": entries,
    })
}

/// What [`verify_export`] found when all is well.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportChecked {
    pub game: String,
    pub first_seq: i64,
    pub last_seq: i64,
    pub shown: usize,
    pub withheld: usize,
}

/// Checks an export with the judge's public key alone: the error names the
/// entry (or the head) at fault.
pub fn verify_export(
    text: &str,
    public: &ed25519_dalek::VerifyingKey,
) -> Result<ExportChecked, String> {
    let e: Value = serde_json::from_str(text).map_err(|x| format!("not a dipspy export: {x}"))?;
    let s = |v: &Value| v.as_str().map(String::from);
    let game = s(&e["game"]).ok_or("the export names no game")?;
    let range = &e["range"];
    let (Some(first), Some(last), Some(mut prev)) = (
        range["first_seq"].as_i64(),
        range["last_seq"].as_i64(),
        s(&range["prev_hash"]),
    ) else {
        return Err("the export has no range (first_seq, last_seq, prev_hash)".into());
    };
    let entries = e["entries"].as_array().ok_or("the export has no entries")?;
    let mut n = first;
    let (mut shown, mut withheld) = (0, 0);
    for x in entries {
        let seq = x["seq"].as_i64().unwrap_or(-1);
        if seq != n {
            return Err(format!("entry {n} is missing (found {seq} in its place)"));
        }
        if s(&x["prev_hash"]).as_deref() != Some(prev.as_str()) {
            return Err(format!(
                "entry {seq} does not follow the entry before it (changed or removed)"
            ));
        }
        let field = |k: &str| s(&x[k]).unwrap_or_default();
        let opt = |k: &str| s(&x[k]);
        let hash = if x["withheld"].as_bool() == Some(true) {
            withheld += 1;
            linked_hash(&prev, seq, &field("content"))
        } else {
            shown += 1;
            let (phase, at, kind, text) =
                (field("phase"), field("at"), field("kind"), field("text"));
            let (power, source) = (opt("power"), opt("source"));
            if x["recipe"].as_i64() == Some(1) {
                entry_hash(
                    &prev,
                    seq,
                    &phase,
                    &at,
                    &kind,
                    power.as_deref(),
                    source.as_deref(),
                    &text,
                )
            } else {
                let c = super::content_hash(
                    &phase,
                    &at,
                    &kind,
                    power.as_deref(),
                    source.as_deref(),
                    &text,
                );
                linked_hash(&prev, seq, &c)
            }
        };
        if s(&x["hash"]).as_deref() != Some(hash.as_str()) {
            return Err(format!("entry {seq} was changed after it was written"));
        }
        prev = hash;
        n += 1;
    }
    if n - 1 != last {
        return Err(format!(
            "the range ends at entry {last} but the entries end at {}",
            n - 1
        ));
    }
    let h = &e["signed_head"];
    let (Some(message), Some(signature)) = (s(&h["message"]), s(&h["signature"])) else {
        return Err(
            "the export has no signed head: its entries can be chained but not trusted".into(),
        );
    };
    let Some(t) = super::heads::parse_message(&message) else {
        return Err("the signed head's message is not a dipspy signed head".into());
    };
    if t.game != game || t.last_seq != last || t.hash != prev {
        return Err(format!(
            "the signed head (game {}, entry {}) does not match the entries (game {game}, entry {last})",
            t.game, t.last_seq
        ));
    }
    if !key::signature_ok(public, &message, &signature) {
        return Err(
            "the signed head's signature is not the judge's (wrong key, or the head was edited)"
                .into(),
        );
    }
    Ok(ExportChecked {
        game,
        first_seq: first,
        last_seq: last,
        shown,
        withheld,
    })
}
