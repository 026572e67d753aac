//! Exports of the secret log that can be checked with nothing but the
//! file and the judge's public key (`secret-log --export`,
//! `secret-log --verify-export`). A filtered export (`--phase`, or
//! `--power`: every entry that concerns the power, as actor or subject,
//! by the entries' records, see [`super::record`]) holds a contiguous
//! range of the chain, from its first chosen entry to
//! the first signed head after its last one; the entries in that range
//! that the filter leaves out are withheld: only their content hash and
//! chain hashes are given, never their words.

use super::{GENESIS, RECIPE_NOW, entry_hash, key, linked_hash, row_content_hash};
use crate::store::{SecretRow, SignedHeadRow};
use serde_json::{Value, json};

pub(crate) const FORMAT: &str = "dipspy secret log export, version 2";

/// How to check an export, written into every one (docs/secret-log.md gives
/// the same recipe as commands).
pub(crate) const RECIPE: &str = "Every field must be there with exactly its JSON type, and no other field: \
the export has format (the string \"dipspy secret log export, version 2\"), game, rules, exported_at, how_to_verify (strings), \
note (string or null), filter (an object with phase and power, each a string or null), \
range (an object with first_seq and last_seq, integers, and prev_hash), \
signed_head (an object with message, a string, public_key, 64 hex digits, and signature, 128 hex digits) and entries (an array). \
An entry shown in words has seq (integer), phase, at, kind, text (strings), power, source (string or null), prev_hash and hash, \
and \"recipe\": 1 (the integer) only if it is an entry of recipe 1; a withheld entry has seq (integer), \"withheld\": true (the boolean), \
content, prev_hash and hash. Hashes are strings of 64 lowercase hex digits. \
Let d(x) be the lowercase hex SHA-256 of the UTF-8 bytes of x written as compact JSON \
(no spaces; power and source null when absent). Start with prev = range.prev_hash and n = range.first_seq. \
For each entry in order: its seq must be n and its prev_hash must be prev. \
Its content hash c is d([phase, at, kind, power, source, text]), or the given `content` when the entry is withheld. \
Its hash must be d([prev, seq, c]) (entries with \"recipe\": 1 use d([prev, seq, phase, at, kind, power, source, text]) instead). \
Then prev = hash, n = n + 1. After the last entry, n - 1 must be range.last_seq. \
signed_head.message must start with the line `dipspy signed head, version 2` (or `version 1`, for heads signed before game identities) and have the lines `game: <game>`, \
`last-seq: <range.last_seq>` and `hash: <prev>`, \
and signed_head.signature (hex) must be a valid Ed25519 signature of the UTF-8 bytes of signed_head.message \
under the judge's public key (`dipspy secret-log --public-key`, also in signed_head.public_key: compare it with \
the key the judge published). A changed entry breaks its hash; a removed or added entry breaks the numbering or \
the chain; no one without the judge's private key can make a new signed head. \
What this proves: every entry in the range is as the judge logged it, and none in the range is missing or added; \
a withheld entry's words stay unknown. It proves nothing about entries outside the range.";

/// The export of `rows` (a game's whole log, in order) for entries where
/// `chosen` holds.
pub(crate) fn build(
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
pub(crate) struct ExportChecked {
    pub game: String,
    pub first_seq: i64,
    pub last_seq: i64,
    pub shown: usize,
    pub withheld: usize,
}

/// The JSON type the recipe gives a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    Str,
    Int,
    StrOrNull,
    /// A string of this many lowercase hex digits.
    Hex(usize),
    /// The boolean `true`.
    True,
    /// The integer 1.
    One,
    Object,
    Array,
}

impl Want {
    fn holds(self, v: &Value) -> bool {
        match self {
            Want::Str => v.is_string(),
            Want::Int => v.is_i64(),
            Want::StrOrNull => v.is_string() || v.is_null(),
            Want::Hex(n) => v.as_str().is_some_and(|s| {
                s.len() == n
                    && s.bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            }),
            Want::True => *v == Value::Bool(true),
            Want::One => v.as_i64() == Some(1),
            Want::Object => v.is_object(),
            Want::Array => v.is_array(),
        }
    }

    fn words(self) -> String {
        match self {
            Want::Str => "a string".into(),
            Want::Int => "an integer".into(),
            Want::StrOrNull => "a string or null".into(),
            Want::Hex(n) => format!("a string of {n} lowercase hex digits"),
            Want::True => "true".into(),
            Want::One => "the integer 1".into(),
            Want::Object => "an object".into(),
            Want::Array => "an array".into(),
        }
    }
}

/// A value's JSON type and the value, short: `a number (5.0)`.
fn found(v: &Value) -> String {
    let kind = match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    let mut text = v.to_string();
    if text.chars().count() > 40 {
        text = text.chars().take(40).collect::<String>() + "...";
    }
    format!("{kind} ({text})")
}

/// The fields of the export itself, of its `filter`, `range` and
/// `signed_head`, and of its entries, with their types (the recipe's).
const TOP: &[(&str, Want)] = &[
    ("format", Want::Str),
    ("game", Want::Str),
    ("rules", Want::Str),
    ("exported_at", Want::Str),
    ("filter", Want::Object),
    ("note", Want::StrOrNull),
    ("range", Want::Object),
    ("signed_head", Want::Object),
    ("how_to_verify", Want::Str),
    ("entries", Want::Array),
];
const FILTER: &[(&str, Want)] = &[("phase", Want::StrOrNull), ("power", Want::StrOrNull)];
const RANGE: &[(&str, Want)] = &[
    ("first_seq", Want::Int),
    ("last_seq", Want::Int),
    ("prev_hash", Want::Hex(64)),
];
const HEAD: &[(&str, Want)] = &[
    ("message", Want::Str),
    ("public_key", Want::Hex(64)),
    ("signature", Want::Hex(128)),
];
const SHOWN: &[(&str, Want)] = &[
    ("seq", Want::Int),
    ("phase", Want::Str),
    ("at", Want::Str),
    ("kind", Want::Str),
    ("power", Want::StrOrNull),
    ("source", Want::StrOrNull),
    ("text", Want::Str),
    ("prev_hash", Want::Hex(64)),
    ("hash", Want::Hex(64)),
];
/// An entry of recipe 1 has the fields of [`SHOWN`] and `recipe`.
const RECIPE_1: (&str, Want) = ("recipe", Want::One);
const WITHHELD: &[(&str, Want)] = &[
    ("seq", Want::Int),
    ("withheld", Want::True),
    ("content", Want::Hex(64)),
    ("prev_hash", Want::Hex(64)),
    ("hash", Want::Hex(64)),
];

/// Checks that `v` (named `what`) is an object with exactly the fields of
/// `spec`, each of its type.
fn fields(v: &Value, what: &str, spec: &[(&str, Want)]) -> Result<(), String> {
    let Some(o) = v.as_object() else {
        return Err(format!("{what} is {}, not an object", found(v)));
    };
    if let Some(k) = o.keys().find(|k| !spec.iter().any(|(n, _)| n == k)) {
        return Err(format!(
            "{what} has the field `{k}`, which the recipe does not know"
        ));
    }
    for (name, want) in spec {
        match o.get(*name) {
            None => return Err(format!("{what} has no `{name}`")),
            Some(x) if !want.holds(x) => {
                return Err(format!(
                    "{what}: `{name}` is {}, the recipe says {}",
                    found(x),
                    want.words()
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Checks an export with the judge's public key alone: every field of
/// the type the recipe gives it, the chain, and the signed head. The
/// error names the field, entry or head at fault.
pub(crate) fn verify_export(
    text: &str,
    public: &ed25519_dalek::VerifyingKey,
) -> Result<ExportChecked, String> {
    let e: Value = serde_json::from_str(text).map_err(|x| format!("not a JSON file: {x}"))?;
    if e.get("signed_head").is_some_and(Value::is_null) {
        return Err(
            "the export has no signed head: its entries can be chained but not trusted".into(),
        );
    }
    if e.get("range").is_some_and(Value::is_null) {
        return Err("the export holds no entries (no entry matched its filter)".into());
    }
    fields(&e, "the export", TOP)?;
    if e["format"] != FORMAT {
        return Err(format!(
            "the export's format is {}, not `{FORMAT}`",
            found(&e["format"])
        ));
    }
    fields(&e["filter"], "the export's filter", FILTER)?;
    fields(&e["range"], "the export's range", RANGE)?;
    fields(&e["signed_head"], "the export's signed head", HEAD)?;
    let text_of = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let game = text_of(&e["game"]);
    let range = &e["range"];
    let (first, last) = (
        range["first_seq"].as_i64().unwrap_or_default(),
        range["last_seq"].as_i64().unwrap_or_default(),
    );
    let (prev, n, shown, withheld) =
        check_entries(&e["entries"], first, text_of(&range["prev_hash"]))?;
    if n - 1 != last {
        return Err(format!(
            "the range ends at entry {last} but the entries end at {}",
            n - 1
        ));
    }
    let h = &e["signed_head"];
    let (message, signature) = (text_of(&h["message"]), text_of(&h["signature"]));
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

/// Walks the entries from `first` and the hash before it: each one's
/// fields, number, link and hash. Gives the last hash, the number after
/// the last entry, and how many were shown and withheld.
fn check_entries(
    entries: &Value,
    first: i64,
    mut prev: String,
) -> Result<(String, i64, usize, usize), String> {
    let mut n = first;
    let (mut shown, mut withheld) = (0, 0);
    for x in entries.as_array().map_or(&[][..], |v| &v[..]) {
        let what = format!("entry {n}");
        let has = |k: &str| x.get(k).is_some();
        let recipe_1;
        let spec = if has("withheld") {
            WITHHELD
        } else if has("recipe") {
            recipe_1 = [SHOWN, &[RECIPE_1]].concat();
            &recipe_1[..]
        } else {
            SHOWN
        };
        fields(x, &what, spec)?;
        let seq = x["seq"].as_i64().unwrap_or_default();
        if seq != n {
            return Err(format!(
                "entry {n} is missing (found entry {seq} in its place)"
            ));
        }
        if x["prev_hash"].as_str() != Some(prev.as_str()) {
            return Err(format!(
                "entry {n} does not follow the entry before it (changed or removed)"
            ));
        }
        let field = |k: &str| x[k].as_str().unwrap_or_default();
        let opt = |k: &str| x[k].as_str();
        let hash = if has("withheld") {
            withheld += 1;
            linked_hash(&prev, seq, field("content"))
        } else {
            shown += 1;
            let (phase, at, kind, text) =
                (field("phase"), field("at"), field("kind"), field("text"));
            if has("recipe") {
                entry_hash(
                    &prev,
                    seq,
                    phase,
                    at,
                    kind,
                    opt("power"),
                    opt("source"),
                    text,
                )
            } else {
                let c = super::content_hash(phase, at, kind, opt("power"), opt("source"), text);
                linked_hash(&prev, seq, &c)
            }
        };
        if x["hash"].as_str() != Some(hash.as_str()) {
            return Err(format!("entry {n} was changed after it was written"));
        }
        prev = hash;
        n += 1;
    }
    Ok((prev, n, shown, withheld))
}
