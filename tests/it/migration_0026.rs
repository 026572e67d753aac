//! Migration 0026 (issue 33): every game gets an identity; games older
//! than it learn from when their heads began and whether their end owes a
//! final head. A log signed before game identities existed (heads of
//! version 1, no `game-id`) still checks, and the heads it owes are still
//! required.

use crate::support::old_database::after_migrations;
use ed25519_dalek::{Signer, SigningKey};
use rusqlite::{Connection, params};
use sha2::{Digest, Sha256};
use std::path::Path;
use std::process::Command;

fn d(v: &serde_json::Value) -> String {
    hex(&Sha256::digest(serde_json::to_vec(v).unwrap()))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

const T0: &str = "2030-01-01T00:00:00Z";
const T1: &str = "2030-01-03T00:00:00Z";
const T2: &str = "2030-01-05T00:00:00Z";

/// A database as the dipspy before 0026 left it. Game `old` (Spionage)
/// was played before signed heads existed (S1901M, entries 1 and 2 of
/// the old recipe) and after (F1901M, entries 3 and 4, and a head of
/// version 1 over entries 1 to 4); game `done` is over; game `fresh` has
/// no log.
fn old_database(path: &Path, key: &SigningKey) {
    let settings = settings();
    // The 21 migrations before 0026, in the order the store applies them.
    let c = after_migrations(path, 21);
    c.execute_batch(&format!(
        "INSERT INTO games (id, name, variant, rules, settings, status, created_at)
             VALUES (1, 'old', 'standard', 'spionage', '{settings}', 'active', '{T0}'),
                    (2, 'done', 'standard', 'spionage', '{settings}', 'finished', '{T0}'),
                    (3, 'fresh', 'standard', '', '{settings}', 'active', '{T0}');
         INSERT INTO phases (id, game_id, seq, phase, position, status, started_at, processed_at)
             VALUES (1, 1, 0, 'S1901M', '{{}}', 'processed', '{T0}', '{T1}'),
                    (2, 1, 1, 'F1901M', '{{}}', 'processed', '{T1}', '{T2}'),
                    (3, 1, 2, 'W1901A', '{{}}', 'current', '{T2}', NULL);
         INSERT INTO phase_espionage (phase_id, organisations)
             VALUES (1, '{{}}'), (2, '{{}}'), (3, '{{}}');"
    ))
    .unwrap();
    let mut prev = "0".repeat(64);
    let mut hashes = Vec::new();
    for (seq, phase, at, recipe) in [
        (1, "S1901M", T1, 1),
        (2, "S1901M", T1, 1),
        (3, "F1901M", T2, 2),
        (4, "F1901M", T2, 2),
    ] {
        let text = format!("entry {seq}");
        let h = if recipe == 1 {
            d(&serde_json::json!([
                prev,
                seq,
                phase,
                at,
                "processed",
                null,
                null,
                text
            ]))
        } else {
            let content = d(&serde_json::json!([
                phase,
                at,
                "processed",
                null,
                null,
                text
            ]));
            d(&serde_json::json!([prev, seq, content]))
        };
        c.execute(
            "INSERT INTO secret_log (game_id, seq, phase, at, kind, text, prev_hash, hash, recipe)
             VALUES (1, ?1, ?2, ?3, 'processed', ?4, ?5, ?6, ?7)",
            params![seq, phase, at, text, prev, h, recipe],
        )
        .unwrap();
        hashes.push((seq, h.clone()));
        prev = h;
    }
    c.execute(
        "INSERT INTO secret_log_head (game_id, entries, hash) VALUES (1, 4, ?1)",
        [&prev],
    )
    .unwrap();
    let mut m = format!(
        "dipspy signed head, version 1\ngame: old\nphase: F1901M\nevent: processed\nfirst-seq: 1\nlast-seq: 4\nhash: {prev}\n"
    );
    for (s, h) in &hashes {
        m.push_str(&format!("{s} {h}\n"));
    }
    c.execute(
        "INSERT INTO secret_log_signed_heads (game_id, message, phase, event, first_seq, last_seq,
                                              hash, public_key, signature, signed_at)
         VALUES (1, ?1, 'F1901M', 'processed', 1, 4, ?2, ?3, ?4, ?5)",
        params![
            m,
            prev,
            hex(key.verifying_key().as_bytes()),
            hex(&key.sign(m.as_bytes()).to_bytes()),
            T2
        ],
    )
    .unwrap();
}

/// A game's settings as dipspy stores them (a game made in a database
/// of its own).
fn settings() -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("s.db")).unwrap();
    let now = T0.parse().unwrap();
    dipspy::game::create(&mut st, "s", &Default::default(), now).unwrap();
    st.conn()
        .query_row("SELECT settings FROM games", [], |r| r.get(0))
        .unwrap()
}

fn verify(db: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .args(["secret-log", "old", "--verify"])
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), text)
}

#[test]
fn migration_0026_gives_every_game_an_identity_and_old_heads_still_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let key = SigningKey::from_bytes(&[5; 32]);
    old_database(&path, &key);
    let st = crate::support::words::open_store(&path).expect("0026 applies");
    let c = st.conn();
    let game = |name: &str| -> (Option<String>, Option<String>, bool) {
        c.query_row(
            "SELECT uid, heads_since, final_head_owed FROM games WHERE name = ?1",
            [name],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
    };
    let (old, done, fresh) = (game("old"), game("done"), game("fresh"));
    let uids: Vec<String> = [&old, &done, &fresh]
        .iter()
        .map(|g| g.0.clone().unwrap())
        .collect();
    for u in &uids {
        assert!(
            u.len() == 32 && u.chars().all(|ch| ch.is_ascii_hexdigit()),
            "{u}"
        );
    }
    assert!(uids[0] != uids[1] && uids[1] != uids[2] && uids[0] != uids[2]);
    // Heads began with the first one (and the first entry of the new
    // recipe), not before: Spring 1901 owes none.
    assert_eq!(old.1.as_deref(), Some(T2));
    assert_eq!(fresh.1, None);
    // The game already over ended before final heads existed.
    assert!(old.2 && fresh.2 && !done.2);
    drop(st);

    // The head of version 1 checks with the judge's key, and with it given.
    let kf = dipspy::secretlog::default_path(&path);
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    use std::io::Write;
    o.open(&kf)
        .unwrap()
        .write_all(format!("dipspy secret-log head key\n{}\n", hex(&key.to_bytes())).as_bytes())
        .unwrap();
    let (code, text) = verify(&path, &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("1 signed heads"), "{text}");
    let pk = hex(key.verifying_key().as_bytes());
    let (code, text) = verify(&path, &["--key", &pk]);
    assert_eq!(code, Some(0), "{text}");

    // Deleting it is found: Fall 1901 was processed after heads began.
    Connection::open(&path)
        .unwrap()
        .execute("DELETE FROM secret_log_signed_heads", [])
        .unwrap();
    let (code, text) = verify(&path, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("damaged at entry 1: no signed head of F1901M (processed at"),
        "{text}"
    );
}
