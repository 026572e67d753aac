//! What someone who can write the database (and maybe read the judge's
//! key file) can do to a game's secret log, done by hand from the recipe
//! docs/secret-log.md gives (SHA-256 of compact JSON, Ed25519), not with dipspy's
//! code: chains recomputed, heads deleted or signed again, the master's
//! mailbox written from the heads the judge mailed.
#![allow(dead_code)]

use super::G;
use dipspy::store::AnnouncementKind;
use ed25519_dalek::{Signer, SigningKey};
use rusqlite::{Connection, params};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The recipe's d(x): hex SHA-256 of compact JSON.
pub(crate) fn d(v: &serde_json::Value) -> String {
    hex(&Sha256::digest(serde_json::to_vec(v).unwrap()))
}

pub(crate) fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub(crate) fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// `dipspy --db DB ARGS`.
pub(crate) fn cli(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .arg("--now")
        .arg("2026-01-01T00:00:00Z")
        .args(args)
        .output()
        .unwrap()
}

/// Standard output and error together.
pub(crate) fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Every entry's chain hashes computed again in the order of `seq` (each
/// by its own recipe), and the recorded newest entry with them.
pub(crate) fn rechain(c: &Connection) {
    type Row = (
        i64,
        i64,
        i64,
        serde_json::Value,
        serde_json::Value,
        serde_json::Value,
        serde_json::Value,
        serde_json::Value,
        serde_json::Value,
    );
    let rows: Vec<Row> = c
        .prepare(
            "SELECT id, seq, recipe, phase, at, kind, power, source, text FROM secret_log ORDER BY seq",
        )
        .unwrap()
        .query_map([], |r| {
            let s = |i: usize| -> rusqlite::Result<serde_json::Value> {
                Ok(r.get::<_, Option<String>>(i)?
                    .map_or(serde_json::Value::Null, serde_json::Value::String))
            };
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                s(3)?,
                s(4)?,
                s(5)?,
                s(6)?,
                s(7)?,
                s(8)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut prev = "0".repeat(64);
    let mut last = 0;
    for (id, seq, recipe, phase, at, kind, power, source, text) in rows {
        let h = if recipe == 1 {
            d(&serde_json::json!([
                prev, seq, phase, at, kind, power, source, text
            ]))
        } else {
            let content = d(&serde_json::json!([phase, at, kind, power, source, text]));
            d(&serde_json::json!([prev, seq, content]))
        };
        c.execute(
            "UPDATE secret_log SET prev_hash = ?2, hash = ?3 WHERE id = ?1",
            params![id, prev, h],
        )
        .unwrap();
        prev = h;
        last = seq;
    }
    c.execute(
        "UPDATE secret_log_head SET entries = ?1, hash = ?2",
        params![last, prev],
    )
    .unwrap();
}

/// The entry numbered `seq` with new text, the chain computed again.
pub(crate) fn rewrite(c: &Connection, seq: i64, text: &str) {
    let n = c
        .execute(
            "UPDATE secret_log SET text = ?2 WHERE seq = ?1",
            params![seq, text],
        )
        .unwrap();
    assert_eq!(n, 1);
    rechain(c);
}

/// The signed heads that cover entry `seq` or any later one, deleted.
pub(crate) fn delete_heads_from(c: &Connection, seq: i64) {
    let n = c
        .execute(
            "DELETE FROM secret_log_signed_heads WHERE last_seq >= ?1",
            [seq],
        )
        .unwrap();
    assert!(n > 0, "no head covers entry {seq}");
}

/// The judge's key, read from its file (stolen).
pub(crate) fn stolen_key(db: &Path) -> SigningKey {
    let text = std::fs::read_to_string(dipspy::secretlog::default_path(db)).unwrap();
    let seed = text.lines().last().unwrap().trim();
    SigningKey::from_bytes(&unhex(seed).try_into().unwrap())
}

/// Replaces the judge's key file beside `db` with `key` (mode 0600).
pub(crate) fn replace_key_file(db: &Path, key: &SigningKey) {
    let path = dipspy::secretlog::default_path(db);
    let _ = std::fs::remove_file(&path);
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    use std::io::Write;
    o.open(&path)
        .unwrap()
        .write_all(
            format!(
                "dipspy secret-log head key (a forged one)\n{}\n",
                hex(&key.to_bytes())
            )
            .as_bytes(),
        )
        .unwrap();
}

/// Every stored head written again over the entries as they now stand
/// (its `hash:` line and one `SEQ HASH` line per entry it covers) and
/// signed with `key`.
pub(crate) fn resign_all(c: &Connection, key: &SigningKey) {
    let heads: Vec<(i64, String, i64, i64)> = c
        .prepare("SELECT id, message, first_seq, last_seq FROM secret_log_signed_heads")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (id, message, first, last) in heads {
        let hashes: Vec<(i64, String)> = c
            .prepare("SELECT seq, hash FROM secret_log WHERE seq BETWEEN ?1 AND ?2 ORDER BY seq")
            .unwrap()
            .query_map([first, last], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let newest = hashes.last().unwrap().1.clone();
        let mut m = String::new();
        for l in message.lines() {
            if l.starts_with("hash: ") {
                m.push_str(&format!("hash: {newest}\n"));
                break;
            }
            m.push_str(l);
            m.push('\n');
        }
        for (s, h) in &hashes {
            m.push_str(&format!("{s} {h}\n"));
        }
        let sig = key.sign(m.as_bytes());
        c.execute(
            "UPDATE secret_log_signed_heads SET message = ?2, hash = ?3, public_key = ?4, signature = ?5
             WHERE id = ?1",
            params![
                id,
                m,
                newest,
                hex(key.verifying_key().as_bytes()),
                hex(&sig.to_bytes())
            ],
        )
        .unwrap();
    }
}

/// The master's mailbox: every signed head the judge mailed to the master,
/// as an mbox, written into `to`.
pub(crate) fn master_mbox(g: &G, to: &Path) -> PathBuf {
    let id = g.st.read().game_by_name("g").unwrap().unwrap().id;
    let mut m = String::new();
    for a in dipspy::text::render_notices(
        dipspy::text::Lang::En,
        g.st.read().announcements(id).unwrap(),
    ) {
        if a.kind == AnnouncementKind::SignedHead {
            m.push_str(&format!(
                "From judge@example.org Thu Jan  1 00:00:00 2026\nFrom: judge@example.org\nTo: master@example.org\nSubject: {}\nContent-Type: text/plain; charset=utf-8\n\n{}\n",
                a.subject, a.body
            ));
        }
    }
    std::fs::write(to, m).unwrap();
    to.to_path_buf()
}

/// The first entry number of `phase` in the log.
pub(crate) fn first_of(c: &Connection, phase: &str) -> i64 {
    c.query_row(
        "SELECT min(seq) FROM secret_log WHERE phase = ?1",
        [phase],
        |r| r.get(0),
    )
    .unwrap()
}
