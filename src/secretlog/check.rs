//! Checking a game's secret log (`dipspy secret-log NAME --verify`): the
//! chain of entries, the recorded newest entry, every signed head stored
//! with the public key given (the judge's own, or the one the master wrote
//! down), the heads the master kept, and that every event that owes a head
//! has one.
//!
//! What outranks what:
//!
//! - A head mailed to the master outranks the database: a mailed head that
//!   the database does not hold word for word, or whose hash of an entry
//!   differs from the database's, is a break, even when the database's
//!   heads check with the key (someone with the key and the database
//!   signed them again).
//! - Every processed phase, every reaction phase opened and the end of a
//!   game owe a signed head, from when heads began for the game (its
//!   creation; for older games, the first head or entry written since
//!   signed heads exist, whichever the database shows first). One missing
//!   is a break: deleting the heads that cover a rewrite does not hide it.
//! - A head signed for another game (its `game-id`), an old-format head
//!   after new ones, a head put back over entries another covers, and an
//!   entry of the old hash recipe after entries of the new one are breaks.

use super::heads::{self, GAME_ENDED, HeadText, MailedHead, PROCESSED, REACTION_OPENED};
use super::{GENESIS, key, row_hash};
use crate::store::Tx;
use crate::store::{GameRow, GameStatus};
use crate::store::{SecretRow, SignedHeadRow};
use ed25519_dalek::VerifyingKey;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

/// What [`verify`] found.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Verification {
    /// Entries checked.
    pub entries: usize,
    /// Signed heads checked, from the database.
    pub signed_heads: usize,
    /// Signed heads checked, from the master's saved mail (each once).
    pub mailed_heads: usize,
    /// Heads in the master's saved mail for a game of the same name with
    /// another identity (another database's game): not checked.
    pub mailed_elsewhere: usize,
    /// The first problem: the entry number and what is wrong.
    pub first_problem: Option<(i64, String)>,
}

/// What the database says owes a signed head.
#[derive(Debug, Clone, Default)]
pub(crate) struct Owed {
    /// From when heads are owed, as recorded with the game.
    pub heads_since: Option<String>,
    /// (phase, event, when) of every processed phase and reaction phase
    /// opened.
    pub events: Vec<(String, &'static str, String)>,
    /// The game is over and its end owes a final head.
    pub final_head: bool,
}

/// The signed heads to check a log against, and the key to check them with.
pub(crate) struct Anchors<'a> {
    pub game: &'a str,
    /// The game's identity (`games.uid`).
    pub uid: Option<&'a str>,
    pub public: &'a VerifyingKey,
    pub stored: &'a [SignedHeadRow],
    pub mailed: &'a [MailedHead],
    pub owed: &'a Owed,
}

/// A head whose text, signature and place check.
struct Good<'a> {
    text: HeadText,
    message: &'a str,
    /// The stored row (none for a mailed head).
    row: Option<&'a SignedHeadRow>,
    origin: String,
}

type Problems = Vec<(i64, String)>;

/// Recomputes the chain of stored entries against the recorded head and
/// every signed head (stored or mailed), and checks that every event that
/// owes a head has one. The first problem is the one at the lowest entry
/// number.
pub(crate) fn verify_rows(
    rows: &[SecretRow],
    head: Option<(i64, String)>,
    anchors: &Anchors<'_>,
) -> Verification {
    let mut problems: Problems = Vec::new();
    let stored = stored_heads(anchors, &mut problems);
    let (mailed, n_mailed, elsewhere) = mailed_heads(anchors, &mut problems);
    compare_mailed(&mailed, &stored, rows, &mut problems);
    // The master's heads first: they outrank the database's.
    let mut signed: BTreeMap<i64, (String, String)> = BTreeMap::new();
    let mut covered_to: Option<(i64, String)> = None;
    for g in mailed.iter().chain(&stored) {
        for (s, h) in &g.text.hashes {
            signed
                .entry(*s)
                .or_insert_with(|| (h.clone(), g.origin.clone()));
        }
        if covered_to
            .as_ref()
            .is_none_or(|(n, _)| g.text.last_seq > *n)
        {
            covered_to = Some((g.text.last_seq, g.origin.clone()));
        }
    }
    let (prev, expected, row_problem) = check_chain(rows, &signed);
    let last = expected - 1;
    if let Some(p) = row_problem {
        problems.push(p);
    } else {
        check_end(rows, head, &covered_to, last, &prev, &mut problems);
    }
    check_recipes(rows, &mut problems);
    check_owed(rows, anchors, &stored, &mut problems);
    let first_problem = problems.into_iter().min_by_key(|(s, _)| *s);
    Verification {
        entries: rows.len(),
        signed_heads: anchors.stored.len(),
        mailed_heads: n_mailed,
        mailed_elsewhere: elsewhere,
        first_problem,
    }
}

/// Whether a head's list of hashes runs from its first entry to its last,
/// one by one, ending at its head.
fn hashes_whole(t: &HeadText) -> bool {
    !t.hashes.is_empty()
        && t.hashes
            .iter()
            .enumerate()
            .all(|(i, (s, _))| *s == t.first_seq + i as i64)
        && t.hashes.last().map(|(s, h)| (*s, h.as_str())) == Some((t.last_seq, t.hash.as_str()))
}

/// Checks every stored head: its text, game, identity, signature, stored
/// fields and place in the run of heads. Gives those that check.
fn stored_heads<'a>(anchors: &Anchors<'a>, problems: &mut Problems) -> Vec<Good<'a>> {
    let mut good = Vec::new();
    let mut expect_first = 1;
    let mut seen_v2 = false;
    for h in anchors.stored {
        let Some(t) = heads::parse_message(&h.message) else {
            problems.push((
                h.first_seq,
                format!(
                    "the signed head stored for {} (entries {} to {}) is not a signed head's text (replaced)",
                    h.phase, h.first_seq, h.last_seq
                ),
            ));
            continue;
        };
        let origin = format!("the stored signed head of {}", t.phase);
        let what = format!("{origin} (entries {} to {})", t.first_seq, t.last_seq);
        let mut bad = |why: String| problems.push((t.first_seq, format!("{what} {why}")));
        if t.game != anchors.game {
            bad(format!(
                "names game {}: it was copied from another game",
                t.game
            ));
            continue;
        }
        if let (Some(id), Some(uid)) = (&t.game_id, anchors.uid)
            && id != uid
        {
            bad(format!(
                "was signed for another game named {} (game-id {id}; this game's is {uid}): it was copied from another database",
                t.game
            ));
            continue;
        }
        if t.version == 1 && seen_v2 {
            bad(
                "is an old-format head (version 1) after heads of version 2: put back or forged"
                    .into(),
            );
            continue;
        }
        seen_v2 |= t.version == 2;
        if !key::signature_ok(anchors.public, &h.message, &h.signature) {
            bad("has a bad signature: it was not signed with the judge's key (replaced, edited, or signed with another key)".into());
            continue;
        }
        if h.phase != t.phase
            || h.event != t.event
            || h.first_seq != t.first_seq
            || h.last_seq != t.last_seq
            || h.hash != t.hash
        {
            bad("has stored fields that differ from the text it signed (edited)".into());
        }
        if t.first_seq < expect_first {
            bad(format!(
                "covers entries a signed head before it already covers (up to entry {}): an older head put back",
                expect_first - 1
            ));
            continue;
        }
        if t.first_seq > expect_first {
            problems.push((
                expect_first,
                format!(
                    "no signed head covers entries {expect_first} to {}: a signed head before {origin} is missing (deleted)",
                    t.first_seq - 1
                ),
            ));
        }
        expect_first = t.last_seq + 1;
        if !hashes_whole(&t) {
            problems.push((
                t.first_seq,
                format!("{what}: its list of hashes does not run from its first entry to its head"),
            ));
            continue;
        }
        good.push(Good {
            text: t,
            message: &h.message,
            row: Some(h),
            origin,
        });
    }
    good
}

/// The master's heads for this game (each once) that check with the key;
/// how many there were; how many belong to a game of this name in another
/// database.
fn mailed_heads<'a>(
    anchors: &Anchors<'a>,
    problems: &mut Problems,
) -> (Vec<Good<'a>>, usize, usize) {
    let mut good = Vec::new();
    let mut seen = HashSet::new();
    let (mut n, mut elsewhere) = (0, 0);
    for m in anchors.mailed {
        let Some(t) = heads::parse_message(&m.message) else {
            continue;
        };
        if t.game != anchors.game {
            continue;
        }
        if let (Some(id), Some(uid)) = (&t.game_id, anchors.uid)
            && id != uid
        {
            elsewhere += 1;
            continue;
        }
        if !seen.insert((m.message.as_str(), m.signature.as_str())) {
            continue;
        }
        n += 1;
        let origin = format!("the signed head of {} mailed to the master", t.phase);
        let what = format!("{origin} (entries {} to {})", t.first_seq, t.last_seq);
        if !key::signature_ok(anchors.public, &m.message, &m.signature) {
            problems.push((
                t.first_seq,
                format!("{what} has a bad signature: it was not signed with the judge's key (edited, or the key was changed)"),
            ));
            continue;
        }
        if !hashes_whole(&t) {
            problems.push((
                t.first_seq,
                format!("{what}: its list of hashes does not run from its first entry to its head"),
            ));
            continue;
        }
        good.push(Good {
            text: t,
            message: &m.message,
            row: None,
            origin,
        });
    }
    (good, n, elsewhere)
}

/// Every head the master kept must be in the database word for word: a
/// head missing, or another head over the same entries, is a break named
/// with the first entry they disagree on.
fn compare_mailed(
    mailed: &[Good<'_>],
    stored: &[Good<'_>],
    rows: &[SecretRow],
    problems: &mut Problems,
) {
    for m in mailed {
        if stored.iter().any(|s| s.message == m.message) {
            continue;
        }
        let t = &m.text;
        let same_range = stored
            .iter()
            .find(|s| s.text.first_seq == t.first_seq && s.text.last_seq == t.last_seq);
        let Some(s) = same_range else {
            problems.push((
                t.first_seq,
                format!(
                    "{} (entries {} to {}) is not in the database: it was deleted or replaced there",
                    m.origin, t.first_seq, t.last_seq
                ),
            ));
            continue;
        };
        let differs = t
            .hashes
            .iter()
            .zip(&s.text.hashes)
            .find(|((_, a), (_, b))| a != b)
            .map(|((seq, _), _)| *seq);
        match differs {
            Some(seq) => {
                let phase = rows
                    .iter()
                    .find(|r| r.seq == seq)
                    .map_or_else(|| "?".to_string(), |r| r.phase.clone());
                problems.push((
                    seq,
                    format!(
                        "entry {seq} (of {phase}) is not the entry {} vouches for, and {} was signed again over it: the entry was rewritten by someone with the database and the judge's key (the master's mail outranks the database)",
                        m.origin, s.origin
                    ),
                ));
            }
            None => problems.push((
                t.first_seq,
                format!(
                    "{} differs from {} over the same entries ({} to {}): the stored head was signed again",
                    m.origin, s.origin, t.first_seq, t.last_seq
                ),
            )),
        }
    }
}

/// Walks the chain of entries: the hash before each, each entry's own
/// hash, and the hash a signed head vouches for. Gives the last hash, the
/// next entry number expected, and the first problem found.
fn check_chain(
    rows: &[SecretRow],
    signed: &BTreeMap<i64, (String, String)>,
) -> (String, i64, Option<(i64, String)>) {
    let mut prev = GENESIS.to_string();
    let mut expected = 1;
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
            return (prev, expected, Some((expected, what)));
        }
        if r.prev_hash != prev {
            let what = format!(
                "entry {} does not follow the entry before it (that entry was changed or removed)",
                r.seq
            );
            return (prev, expected, Some((r.seq, what)));
        }
        if row_hash(r) != r.hash {
            let what = format!("entry {} was edited after it was written", r.seq);
            return (prev, expected, Some((r.seq, what)));
        }
        if let Some((h, origin)) = signed.get(&r.seq)
            && *h != r.hash
        {
            let what = format!(
                "entry {} (of {}) is not the entry {origin} vouches for: it was rewritten (and the hashes after it computed again)",
                r.seq, r.phase
            );
            return (prev, expected, Some((r.seq, what)));
        }
        prev = r.hash.clone();
        expected += 1;
    }
    (prev, expected, None)
}

/// The end of an unbroken chain: against the heads that cover entries
/// past it, and against the recorded head.
fn check_end(
    rows: &[SecretRow],
    head: Option<(i64, String)>,
    covered_to: &Option<(i64, String)>,
    last: i64,
    prev: &str,
    problems: &mut Problems,
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

/// Entries of the old recipe come only before those of the new one: a
/// log is never written back in the old one.
fn check_recipes(rows: &[SecretRow], problems: &mut Problems) {
    let Some(first_new) = rows.iter().position(|r| r.recipe != 1) else {
        return;
    };
    if let Some(r) = rows[first_new..].iter().find(|r| r.recipe == 1) {
        problems.push((
            r.seq,
            format!(
                "entry {} (of {}) is hashed by the old recipe after entries hashed by the new one: its recipe was downgraded",
                r.seq, r.phase
            ),
        ));
    }
}

/// Whether time `a` is at or after time `b` (stored times; compared as
/// text when one cannot be read).
pub(crate) fn not_before(a: &str, b: &str) -> bool {
    match (crate::store::parse_time(a), crate::store::parse_time(b)) {
        (Some(x), Some(y)) => x >= y,
        _ => a >= b,
    }
}

/// The earliest of `times`.
fn earliest<'a>(times: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    times.fold(None, |acc, t| match acc {
        Some(a) if not_before(t, a) => Some(a),
        _ => Some(t),
    })
}

/// From when a game's events owe signed heads: the earliest of what is
/// recorded with the game, its first stored head and its first entry of
/// the recipe written since signed heads exist. None: not yet.
pub(crate) fn heads_began<'a>(
    heads_since: Option<&'a str>,
    stored: &'a [SignedHeadRow],
    rows: &'a [SecretRow],
) -> Option<&'a str> {
    earliest(
        heads_since
            .into_iter()
            .chain(stored.first().map(|h| h.signed_at.as_str()))
            .chain(rows.iter().find(|r| r.recipe != 1).map(|r| r.at.as_str())),
    )
}

/// Every event since heads began has its head in the database (the first
/// without one is named), and a game that is over has its final head.
fn check_owed(
    rows: &[SecretRow],
    anchors: &Anchors<'_>,
    stored: &[Good<'_>],
    problems: &mut Problems,
) {
    let owed = anchors.owed;
    let Some(began) = heads_began(owed.heads_since.as_deref(), anchors.stored, rows) else {
        return;
    };
    let after_heads = stored.last().map_or(0, |g| g.text.last_seq) + 1;
    let mut events: Vec<&(String, &str, String)> = owed
        .events
        .iter()
        .filter(|(_, _, at)| not_before(at, began))
        .collect();
    events.sort_by(|a, b| {
        if a.2 == b.2 {
            std::cmp::Ordering::Equal
        } else if not_before(&a.2, &b.2) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Less
        }
    });
    let missing = events.into_iter().find(|(phase, event, at)| {
        !stored.iter().any(|g| {
            g.text.phase == *phase
                && g.text.event == *event
                && g.row.is_some_and(|r| r.signed_at == *at)
        })
    });
    if let Some((phase, event, at)) = missing {
        // Named at the first entry the missing head would have covered:
        // the one after the last head signed before it.
        let seq = stored
            .iter()
            .filter(|g| g.row.is_some_and(|r| !not_before(&r.signed_at, at)))
            .map(|g| g.text.last_seq)
            .max()
            .unwrap_or(0)
            + 1;
        problems.push((
            seq,
            format!(
                "no signed head of {phase} ({event} at {at}) is stored: it was deleted (every processed phase and every reaction phase opened since {began} has one)"
            ),
        ));
    }
    if owed.final_head
        && let Some(last) = rows.last()
        && !stored
            .last()
            .is_some_and(|g| g.text.event == GAME_ENDED && g.text.last_seq == last.seq)
    {
        problems.push((
            after_heads.min(last.seq),
            format!(
                "the game is over, but no final signed head ({GAME_ENDED}) covers its last entry, {}: it was deleted",
                last.seq
            ),
        ));
    }
}

/// What owes a head in a game, from the database.
pub(crate) fn owed(c: &Tx<'_>, game: &GameRow) -> crate::store::DbResult<Owed> {
    let ev = c.head_events(game.id)?;
    let mut events: Vec<(String, &'static str, String)> = ev
        .processed
        .into_iter()
        .map(|(p, at)| (p, PROCESSED, at))
        .collect();
    events.extend(
        ev.reactions_opened
            .into_iter()
            .map(|(p, at)| (p, REACTION_OPENED, at)),
    );
    Ok(Owed {
        heads_since: game.heads_since.clone(),
        events,
        final_head: game.status == GameStatus::Finished && game.final_head_owed,
    })
}

/// Checks a game's log as stored, its signed heads, and the heads mailed
/// to the master (when given), with `public`: the judge's key, or the one
/// the master was given.
pub fn verify(
    c: &Tx<'_>,
    game: &GameRow,
    public: &VerifyingKey,
    mailed: &[MailedHead],
) -> crate::store::DbResult<Verification> {
    let rows = c.secret_rows(game.id)?;
    let head = c.secret_head(game.id)?;
    let stored = c.signed_heads(game.id)?;
    let owed = owed(c, game)?;
    Ok(verify_rows(
        &rows,
        head,
        &Anchors {
            game: &game.name,
            uid: game.uid.as_deref(),
            public,
            stored: &stored,
            mailed,
            owed: &owed,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, at: &str, recipe: i64) -> SecretRow {
        SecretRow {
            seq,
            phase: "S1901M".into(),
            at: at.into(),
            kind: "processed".into(),
            power: None,
            source: None,
            text: String::new(),
            prev_hash: String::new(),
            hash: String::new(),
            recipe,
        }
    }

    fn head(signed_at: &str) -> SignedHeadRow {
        SignedHeadRow {
            message: String::new(),
            phase: "S1901M".into(),
            event: PROCESSED.into(),
            first_seq: 1,
            last_seq: 1,
            hash: String::new(),
            public_key: String::new(),
            signature: String::new(),
            signed_at: signed_at.into(),
        }
    }

    #[test]
    fn heads_began_at_the_earliest_sign_of_them_whatever_the_game_records() {
        let rows = [
            row(1, "2025-01-01T00:00:00Z", 1),
            row(2, "2025-01-03T00:00:00Z", 2),
        ];
        let stored = [head("2025-01-04T00:00:00Z")];
        // The first entry of the new recipe comes before the first head.
        assert_eq!(
            heads_began(None, &stored, &rows),
            Some("2025-01-03T00:00:00Z")
        );
        // What the game records counts only when it is earlier.
        assert_eq!(
            heads_began(Some("2025-01-09T00:00:00Z"), &stored, &rows),
            Some("2025-01-03T00:00:00Z")
        );
        assert_eq!(
            heads_began(Some("2025-01-02T00:00:00Z"), &stored, &rows),
            Some("2025-01-02T00:00:00Z")
        );
        // An old log with no head and no entry of the new recipe: not yet.
        assert_eq!(heads_began(None, &[], &rows[..1]), None);
        // Times compare as times, not as text.
        assert!(not_before(
            "2025-01-02T00:00:00+01:00",
            "2025-01-01T23:00:00Z"
        ));
        assert!(!not_before(
            "2025-01-01T23:30:00+01:00",
            "2025-01-01T23:00:00Z"
        ));
    }

    #[test]
    fn an_entry_of_the_old_recipe_after_the_new_one_is_a_downgrade() {
        let t = "2025-01-01T00:00:00Z";
        let mut problems = Vec::new();
        check_recipes(&[row(1, t, 1), row(2, t, 2), row(3, t, 2)], &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        check_recipes(&[row(1, t, 1), row(2, t, 2), row(3, t, 1)], &mut problems);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].0, 3);
        assert!(problems[0].1.contains("downgraded"), "{problems:?}");
    }
}
