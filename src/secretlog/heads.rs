//! Signed heads: after every processed phase the head of a game's secret
//! log is signed with the judge's key ([`super::key`]), stored, and mailed
//! to the master. A rewrite of the log then needs the private key and the
//! master's mailbox.
//!
//! The text signed (UTF-8, each line ending in a newline):
//!
//! ```text
//! dipspy signed head, version 2
//! game: NAME
//! game-id: 32 HEX DIGITS
//! phase: S1901M
//! event: processed
//! first-seq: 1
//! last-seq: 23
//! hash: HASH OF ENTRY 23
//! 1 HASH OF ENTRY 1
//! ...
//! 23 HASH OF ENTRY 23
//! ```
//!
//! listing every entry since the previous head, so that a rewritten entry
//! is found exactly. `game-id` is the game's identity, a random id made
//! when the game was created (`games.uid`), so that a head of one database
//! does not check for a game of the same name in another whose judge has
//! the same key. Version 1, signed before game identities existed, has no
//! `game-id` line and is otherwise the same; such heads still check.
//! `event` is [`PROCESSED`], [`REACTION_OPENED`] or [`GAME_ENDED`] (the
//! final head, signed in the transaction that ends the game). In a mail the text stands between
//! `-----BEGIN DIPSPY SIGNED HEAD-----` and `-----END DIPSPY SIGNED HEAD-----`,
//! followed by `public-key:` and `signature:` lines (hex).

use crate::store::SignedHeadRow;
use crate::store::Tx;

pub(crate) const BEGIN: &str = "-----BEGIN DIPSPY SIGNED HEAD-----";
pub(crate) const END: &str = "-----END DIPSPY SIGNED HEAD-----";
const FIRST_LINE: &str = "dipspy signed head, version 2";
const FIRST_LINE_V1: &str = "dipspy signed head, version 1";

/// The head of a processed phase.
pub const PROCESSED: &str = "processed";
/// The head signed when an Espionnite reaction phase opens.
pub const REACTION_OPENED: &str = "reaction phase opened";
/// The final head, signed when the game ends.
pub const GAME_ENDED: &str = "game ended";

/// What a signed message says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeadText {
    /// 1 or 2.
    pub version: u8,
    pub game: String,
    /// The game's identity (version 2).
    pub game_id: Option<String>,
    pub phase: String,
    pub event: String,
    pub first_seq: i64,
    pub last_seq: i64,
    pub hash: String,
    /// The hash of every entry from `first_seq` to `last_seq`.
    pub hashes: Vec<(i64, String)>,
}

/// The text to sign (version 2).
pub(crate) fn message(
    game: &str,
    game_id: &str,
    phase: &str,
    event: &str,
    first_seq: i64,
    hashes: &[(i64, String)],
) -> String {
    let (last_seq, hash) = hashes
        .last()
        .map(|(s, h)| (*s, h.as_str()))
        .unwrap_or((first_seq - 1, ""));
    let mut m = format!(
        "{FIRST_LINE}\ngame: {game}\ngame-id: {game_id}\nphase: {phase}\nevent: {event}\nfirst-seq: {first_seq}\nlast-seq: {last_seq}\nhash: {hash}\n"
    );
    for (s, h) in hashes {
        m.push_str(&format!("{s} {h}\n"));
    }
    m
}

/// Reads a signed message back (None when it is not one).
pub(crate) fn parse_message(m: &str) -> Option<HeadText> {
    let mut lines = m.lines();
    let version = match lines.next()? {
        FIRST_LINE => 2,
        FIRST_LINE_V1 => 1,
        _ => return None,
    };
    let mut field = |name: &str| -> Option<String> {
        lines
            .next()?
            .strip_prefix(name)?
            .strip_prefix(": ")
            .map(String::from)
    };
    let game = field("game")?;
    let game_id = if version == 2 {
        Some(field("game-id")?)
    } else {
        None
    };
    let phase = field("phase")?;
    let event = field("event")?;
    let first_seq = field("first-seq")?.parse().ok()?;
    let last_seq = field("last-seq")?.parse().ok()?;
    let hash = field("hash")?;
    let mut hashes = Vec::new();
    for l in lines {
        let (s, h) = l.split_once(' ')?;
        hashes.push((s.parse().ok()?, h.to_string()));
    }
    Some(HeadText {
        version,
        game,
        game_id,
        phase,
        event,
        first_seq,
        last_seq,
        hash,
        hashes,
    })
}

/// Signs the head of a game's log (everything since the previous signed
/// head) and stores it. None when nothing was logged since.
pub(crate) fn sign_and_store(
    c: &Tx<'_>,
    game_id: i64,
    game: &str,
    uid: &str,
    phase: &str,
    event: &str,
    at: &str,
) -> crate::store::DbResult<Option<SignedHeadRow>> {
    let Some((last, _)) = c.secret_head(game_id)? else {
        return Ok(None);
    };
    let before = c.signed_heads(game_id)?.last().map_or(0, |h| h.last_seq);
    if last <= before {
        return Ok(None);
    }
    let hashes: Vec<(i64, String)> = c
        .secret_rows(game_id)?
        .into_iter()
        .filter(|r| r.seq > before)
        .map(|r| (r.seq, r.hash))
        .collect();
    let msg = message(game, uid, phase, event, before + 1, &hashes);
    let (public_key, signature) = c.sign_head(&msg)?;
    let row = SignedHeadRow {
        hash: hashes.last().map(|(_, h)| h.clone()).unwrap_or_default(),
        message: msg,
        phase: phase.to_string(),
        event: event.to_string(),
        first_seq: before + 1,
        last_seq: last,
        public_key,
        signature,
        signed_at: at.to_string(),
    };
    c.insert_signed_head(game_id, &row)?;
    Ok(Some(row))
}

/// The block a mail carries.
pub fn block(h: &SignedHeadRow) -> String {
    format!(
        "{BEGIN}\n{}public-key: {}\nsignature: {}\n{END}\n",
        h.message, h.public_key, h.signature
    )
}

/// A head read from a mail: the message, the key and the signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailedHead {
    pub message: String,
    pub public_key: String,
    pub signature: String,
}

/// Every head block in a text.
pub(crate) fn parse_blocks(text: &str) -> Vec<MailedHead> {
    let mut out = Vec::new();
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    while lines.any(|l| l.trim() == BEGIN) {
        let mut message = String::new();
        let mut public_key = String::new();
        let mut signature = String::new();
        for l in lines.by_ref() {
            let l = l.trim();
            if l == END {
                break;
            }
            if let Some(v) = l.strip_prefix("public-key: ") {
                public_key = v.to_string();
            } else if let Some(v) = l.strip_prefix("signature: ") {
                signature = v.to_string();
            } else {
                message.push_str(l);
                message.push('\n');
            }
        }
        out.push(MailedHead {
            message,
            public_key,
            signature,
        });
    }
    out
}

/// The heads in the master's saved mail: an mbox, a single message
/// (`.eml`), or a directory of them (a Maildir's `cur`/`new` too).
pub(crate) fn read_mailed(path: &std::path::Path) -> std::io::Result<Vec<MailedHead>> {
    let mut files = Vec::new();
    if path.is_dir() {
        let mut stack = vec![path.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d)? {
                let p = e?.path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    files.push(p);
                }
            }
        }
        files.sort();
    } else {
        files.push(path.to_path_buf());
    }
    let mut out = Vec::new();
    for f in files {
        // Bounded, and only regular files (a FIFO must not hang a check).
        let bytes =
            crate::files::read_bounded(&f, crate::files::MAX_EXPORT_BYTES, "saved head mail")
                .map_err(std::io::Error::other)?;
        for m in split_mbox(&bytes) {
            out.extend(heads_in_message(m));
        }
    }
    Ok(out)
}

/// An mbox's messages (a file that is not an mbox is one message).
fn split_mbox(bytes: &[u8]) -> Vec<&[u8]> {
    if !bytes.starts_with(b"From ") {
        return vec![bytes];
    }
    let mut starts = vec![0];
    for (i, w) in bytes.windows(6).enumerate() {
        if w == b"\nFrom " {
            starts.push(i + 1);
        }
    }
    starts.push(bytes.len());
    starts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect()
}

fn heads_in_message(raw: &[u8]) -> Vec<MailedHead> {
    let raw = match raw.iter().position(|&b| b == b'\n') {
        Some(i) if raw.starts_with(b"From ") => &raw[i + 1..],
        _ => raw,
    };
    let mut found = Vec::new();
    if let Some(m) = mail_parser::MessageParser::default().parse(raw) {
        for i in 0..m.text_body_count() {
            if let Some(t) = m.body_text(i) {
                found.extend(parse_blocks(&t));
            }
        }
    }
    if found.is_empty() {
        found = parse_blocks(&String::from_utf8_lossy(raw));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_message_reads_back_and_a_mail_block_round_trips() {
        let hashes = vec![(4, "a".repeat(64)), (5, "b".repeat(64))];
        let m = message("g", "ab12", "S1901M", "processed", 4, &hashes);
        let t = parse_message(&m).unwrap();
        assert_eq!(
            (t.game.as_str(), t.first_seq, t.last_seq, t.hash.as_str()),
            ("g", 4, 5, "b".repeat(64).as_str())
        );
        assert_eq!((t.version, t.game_id.as_deref()), (2, Some("ab12")));
        // A head of version 1 (no game-id line) still reads.
        let old = m
            .replace("version 2", "version 1")
            .replace("game-id: ab12\n", "");
        let t1 = parse_message(&old).unwrap();
        assert_eq!((t1.version, t1.game_id), (1, None));
        assert_eq!(t1.hashes, hashes);
        // Version 2 without its game-id is not a head.
        assert!(parse_message(&m.replace("game-id: ab12\n", "")).is_none());
        assert_eq!(t.hashes, hashes);
        let row = SignedHeadRow {
            message: m.clone(),
            phase: "S1901M".into(),
            event: "processed".into(),
            first_seq: 4,
            last_seq: 5,
            hash: "b".repeat(64),
            public_key: "c".repeat(64),
            signature: "d".repeat(128),
            signed_at: "2025-01-01T00:00:00Z".into(),
        };
        let text = format!("Dear master,\r\n\r\n{}", block(&row).replace('\n', "\r\n"));
        let got = parse_blocks(&text);
        assert_eq!(
            got,
            vec![MailedHead {
                message: m,
                public_key: "c".repeat(64),
                signature: "d".repeat(128),
            }]
        );
        assert!(parse_message("dipspy signed head, version 9\n").is_none());
    }
}
