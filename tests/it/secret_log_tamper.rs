//! Issue 33: every way a rewrite of the secret log would take, one row
//! each, against the four checks the judge and the master have:
//! `secret-log --verify` (the database and the judge's key file), `--verify
//! --against` the master's mailbox, `--verify --key` the public key the
//! judge published, and `game replay`. Each row is done on a copy of one
//! played game's database (Espionnite and Spionage both, through Spring
//! 1902: reaction phases, foundings, a collision that exposes two powers),
//! by hand (`tests/it/support/secret_log_game/tamper.rs`), as someone with write
//! access to the database (and, for two rows, the judge's key) would.
//!
//! Every cell is checked and every cell that differs is reported, so that
//! the table shows at once which attacks a version of dipspy misses.
//! `game replay` also compares every stored spy order with the typed
//! record of its receipt (migration 0027), kept beside the entries: an
//! attack that moves, drops or replaces receipts without rewriting those
//! records as well is seen there too.

use rusqlite::Connection;
use std::path::{Path, PathBuf};

use crate::support::secret_log_game;
use secret_log_game::G;
use secret_log_game::tamper::{self, cli, out};

/// What a check must answer: pass (exit status 0), or a break (exit
/// status 1) whose words hold this.
#[derive(Clone, Copy, Debug)]
enum Want {
    Pass,
    Break(&'static str),
}
use Want::{Break, Pass};

/// The game every row starts from.
fn played() -> G {
    let mut g = G::new(&["espionnite", "spionage"]);
    g.submit("france", &["A par - bur"]);
    g.finish_phase();
    g.submit("germany", &["A mun - ruh"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    g.submit("france", &["+ S par"]);
    g.submit("germany", &["+ S mun"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    // France and Germany both fake English F lon: a collision, both
    // exposed; Espionnite's reaction phase opens first.
    g.submit("germany", &["S F lon - nth"]);
    g.submit("france", &["S F lon - eng"]);
    g.finish_phase();
    assert_eq!(g.phase(), "F1902M");
    g
}

/// One attack: what it does to a copy of the database (and, for one, to
/// the master's mailbox), and what each check must answer.
struct Row {
    attack: &'static str,
    /// Tampers with the copy `db` of `g`'s database (the mailbox `mbox`,
    /// a copy of the master's, may be tampered with too).
    tamper: fn(&G, &Path, &Path),
    verify: Want,
    against: Want,
    key: Want,
    replay: Want,
}

/// The entry the rewrites aim at: the first of Winter 1901 (France's
/// founding as it arrived).
fn target(c: &Connection) -> i64 {
    tamper::first_of(c, "W1901A")
}

fn delete_middle_entry(c: &Connection) -> i64 {
    let t = target(c);
    c.execute("DELETE FROM secret_log WHERE seq = ?1", [t])
        .unwrap();
    c.execute("UPDATE secret_log SET seq = -seq WHERE seq > ?1", [t])
        .unwrap();
    c.execute("UPDATE secret_log SET seq = -seq - 1 WHERE seq < 0", [])
        .unwrap();
    tamper::rechain(c);
    t
}

fn rows() -> Vec<Row> {
    vec![
        Row {
            attack: "a middle entry deleted, the chain computed again",
            tamper: |_, db, _| {
                delete_middle_entry(&open(db));
            },
            verify: Break("vouches for: it was rewritten"),
            against: Break("mailed to the master vouches for: it was rewritten"),
            key: Break("vouches for: it was rewritten"),
            replay: Break("the secret log recorded"),
        },
        Row {
            attack: "a middle entry deleted, the chain computed again, the heads over it deleted",
            tamper: |_, db, _| {
                let c = open(db);
                let t = delete_middle_entry(&c);
                tamper::delete_heads_from(&c, t);
            },
            verify: Break("no signed head of W1901A (processed"),
            against: Break("mailed to the master (entries"),
            key: Break("no signed head of W1901A (processed"),
            replay: Break("the secret log recorded"),
        },
        Row {
            attack: "the tail cut, its heads deleted",
            tamper: |_, db, _| {
                let c = open(db);
                let t = tamper::first_of(&c, "S1902M");
                c.execute("DELETE FROM secret_log WHERE seq >= ?1", [t])
                    .unwrap();
                tamper::rechain(&c);
                tamper::delete_heads_from(&c, t);
            },
            verify: Break("no signed head of S1902M (reaction phase opened"),
            against: Break("is not in the database"),
            key: Break("no signed head of S1902M (reaction phase opened"),
            replay: Break("the secret log has no record of its receipt"),
        },
        Row {
            attack: "a gap in the heads (one in the middle deleted)",
            tamper: |_, db, _| {
                let n = open(db)
                    .execute(
                        "DELETE FROM secret_log_signed_heads WHERE phase = 'W1901A'",
                        [],
                    )
                    .unwrap();
                assert_eq!(n, 1);
            },
            verify: Break("no signed head covers entries"),
            against: Break("no signed head covers entries"),
            key: Break("no signed head covers entries"),
            replay: Pass,
        },
        Row {
            attack: "a head's stored column edited",
            tamper: |_, db, _| {
                let n = open(db)
                    .execute(
                        "UPDATE secret_log_signed_heads SET phase = 'F1901M' WHERE phase = 'W1901A'",
                        [],
                    )
                    .unwrap();
                assert_eq!(n, 1);
            },
            verify: Break("differ from the text it signed"),
            against: Break("differ from the text it signed"),
            key: Break("differ from the text it signed"),
            replay: Pass,
        },
        Row {
            attack: "a head in the master's mailbox with a bad signature",
            tamper: |_, _, mbox| {
                // One digit of the head's hash changed, its signature kept.
                let m = std::fs::read_to_string(mbox).unwrap();
                let at = m.find("phase: W1901A").unwrap();
                let h = at + m[at..].find("\nhash: ").unwrap() + "\nhash: ".len();
                let digit = if &m[h..h + 1] == "0" { "1" } else { "0" };
                let forged = format!("{}{digit}{}", &m[..h], &m[h + 1..]);
                std::fs::write(mbox, forged).unwrap();
            },
            verify: Pass,
            against: Break("has a bad signature"),
            key: Pass,
            replay: Pass,
        },
        Row {
            attack: "an older valid head put back in place of the newest",
            tamper: |_, db, _| {
                let n = open(db)
                    .execute(
                        "UPDATE secret_log_signed_heads SET
                           (message, phase, event, first_seq, last_seq, hash, public_key, signature, signed_at) =
                           (SELECT message, phase, event, first_seq, last_seq, hash, public_key, signature, signed_at
                            FROM secret_log_signed_heads WHERE phase = 'W1901A')
                         WHERE id = (SELECT max(id) FROM secret_log_signed_heads)",
                        [],
                    )
                    .unwrap();
                assert_eq!(n, 1);
            },
            verify: Break("an older head put back"),
            against: Break("an older head put back"),
            key: Break("an older head put back"),
            replay: Pass,
        },
        Row {
            attack: "two entries put out of order, the chain computed again, the heads over them deleted",
            tamper: |_, db, _| {
                let c = open(db);
                let t = target(&c);
                c.execute("UPDATE secret_log SET seq = -1 WHERE seq = ?1", [t])
                    .unwrap();
                c.execute("UPDATE secret_log SET seq = ?1 WHERE seq = ?1 + 1", [t])
                    .unwrap();
                c.execute("UPDATE secret_log SET seq = ?1 + 1 WHERE seq = -1", [t])
                    .unwrap();
                tamper::rechain(&c);
                tamper::delete_heads_from(&c, t);
            },
            verify: Break("no signed head of W1901A (processed"),
            against: Break("mailed to the master (entries"),
            key: Break("no signed head of W1901A (processed"),
            replay: Break("the secret log recorded"),
        },
        Row {
            attack: "an entry's phase replaced, the chain computed again, the heads over it deleted",
            tamper: |_, db, _| {
                let c = open(db);
                let t = target(&c);
                c.execute("UPDATE secret_log SET phase = 'F1901M' WHERE seq = ?1", [t])
                    .unwrap();
                tamper::rechain(&c);
                tamper::delete_heads_from(&c, t);
            },
            verify: Break("no signed head of W1901A (processed"),
            against: Break("mailed to the master (entries"),
            key: Break("no signed head of W1901A (processed"),
            replay: Break("phase stored `W1901A`, the secret log recorded"),
        },
        Row {
            attack: "an entry's hash recipe downgraded, the chain computed again, the heads over it deleted",
            tamper: |_, db, _| {
                let c = open(db);
                let t = target(&c);
                c.execute("UPDATE secret_log SET recipe = 1 WHERE seq = ?1", [t])
                    .unwrap();
                tamper::rechain(&c);
                tamper::delete_heads_from(&c, t);
            },
            verify: Break("its recipe was downgraded"),
            against: Break("mailed to the master (entries"),
            key: Break("its recipe was downgraded"),
            replay: Pass,
        },
        Row {
            attack: "an entry rewritten and every head signed again under a new key (the key file replaced)",
            tamper: |_, db, _| {
                let c = open(db);
                tamper::rewrite(&c, target(&c), "France founded nothing");
                let forged = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
                tamper::resign_all(&c, &forged);
                tamper::replace_key_file(db, &forged);
            },
            verify: Pass,
            against: Break("mailed to the master (entries 1 to"),
            key: Break("has a bad signature"),
            replay: Pass,
        },
        Row {
            attack: "an entry rewritten and every head signed again with the judge's stolen key",
            tamper: |_, db, _| {
                let c = open(db);
                tamper::rewrite(&c, target(&c), "France founded nothing");
                tamper::resign_all(&c, &tamper::stolen_key(db));
            },
            verify: Pass,
            against: Break("was signed again over it"),
            key: Pass,
            replay: Pass,
        },
        Row {
            attack: "`legacy` written as the reactions owed of a recent phase",
            tamper: |_, db, _| {
                let n = open(db)
                    .execute(
                        "UPDATE phase_espionage SET reactions_owed = 'legacy'
                         WHERE phase_id = (SELECT id FROM phases WHERE phase = 'S1902M')",
                        [],
                    )
                    .unwrap();
                assert_eq!(n, 1);
            },
            verify: Pass,
            against: Pass,
            key: Pass,
            replay: Break("stored `legacy`"),
        },
        Row {
            attack: "a power's exposure edited into the next phase's state",
            tamper: |_, db, _| {
                let n = open(db)
                    .execute(
                        "UPDATE phase_espionage SET organisations = json_set(organisations, '$.exposed', json('[\"france\"]'))
                         WHERE phase_id = (SELECT id FROM phases WHERE phase = 'F1902M')",
                        [],
                    )
                    .unwrap();
                assert_eq!(n, 1);
            },
            verify: Pass,
            against: Pass,
            key: Pass,
            replay: Break("exposed"),
        },
        Row {
            attack: "the history of another database's game g put in (the judges share a key)",
            tamper: |g, db, _| {
                let mut other = G::sharing_key(&["espionnite", "spionage"], g);
                other.submit("france", &["A par - pic"]);
                other.finish_phase();
                let c = open(db);
                c.execute("ATTACH ?1 AS other", [other.db.to_str().unwrap()])
                    .unwrap();
                c.execute_batch(
                    "DELETE FROM secret_log; DELETE FROM secret_log_head;
                     DELETE FROM secret_log_signed_heads;
                     INSERT INTO secret_log SELECT * FROM other.secret_log;
                     INSERT INTO secret_log_head SELECT * FROM other.secret_log_head;
                     INSERT INTO secret_log_signed_heads SELECT * FROM other.secret_log_signed_heads;",
                )
                .unwrap();
            },
            verify: Break("was signed for another game named g"),
            against: Break("was signed for another game named g"),
            key: Break("was signed for another game named g"),
            replay: Break("the secret log has no record of its receipt"),
        },
    ]
}

fn open(db: &Path) -> Connection {
    Connection::open(db).unwrap()
}

/// Whether a check's answer is the one wanted; what it was, when not.
fn differs(want: Want, o: &std::process::Output) -> Option<String> {
    let text = out(o);
    let ok = match want {
        Pass => o.status.code() == Some(0),
        Break(words) => o.status.code() == Some(1) && text.contains(words),
    };
    (!ok).then(|| {
        format!(
            "wanted {want:?}, got exit {:?}: {}",
            o.status.code(),
            text.trim()
        )
    })
}

#[test]
fn every_attack_on_the_secret_log_against_every_check() {
    let g = played();
    let dir = g.dir.path().to_path_buf();
    let mbox = tamper::master_mbox(&g, &dir.join("master.mbox"));
    let published: PathBuf = dir.join("published.key");
    let pk = cli(&g.db, &["secret-log", "--public-key"]);
    assert!(pk.status.success(), "{}", out(&pk));
    std::fs::write(&published, &pk.stdout).unwrap();
    // The untouched game passes every check.
    let clean = [
        cli(&g.db, &["secret-log", "g", "--verify"]),
        cli(
            &g.db,
            &[
                "secret-log",
                "g",
                "--verify",
                "--against",
                mbox.to_str().unwrap(),
            ],
        ),
        cli(
            &g.db,
            &[
                "secret-log",
                "g",
                "--verify",
                "--key",
                published.to_str().unwrap(),
            ],
        ),
        cli(&g.db, &["game", "replay", "g"]),
    ];
    for o in &clean {
        assert_eq!(o.status.code(), Some(0), "{}", out(o));
    }
    assert!(
        out(&clean[1]).contains("7 mailed heads"),
        "{}",
        out(&clean[1])
    );

    let mut wrong = Vec::new();
    for (i, row) in rows().into_iter().enumerate() {
        let db = g.copy(&format!("row{i}"));
        let m = dir.join(format!("row{i}.mbox"));
        std::fs::copy(&mbox, &m).unwrap();
        (row.tamper)(&g, &db, &m);
        let checks = [
            (
                "--verify",
                row.verify,
                cli(&db, &["secret-log", "g", "--verify"]),
            ),
            (
                "--verify --against",
                row.against,
                cli(
                    &db,
                    &[
                        "secret-log",
                        "g",
                        "--verify",
                        "--against",
                        m.to_str().unwrap(),
                    ],
                ),
            ),
            (
                "--verify --key",
                row.key,
                cli(
                    &db,
                    &[
                        "secret-log",
                        "g",
                        "--verify",
                        "--key",
                        published.to_str().unwrap(),
                    ],
                ),
            ),
            (
                "game replay",
                row.replay,
                cli(&db, &["game", "replay", "g"]),
            ),
        ];
        for (check, want, o) in checks {
            if let Some(d) = differs(want, &o) {
                wrong.push(format!("{}: {check}: {d}", row.attack));
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}\n", wrong.join("\n\n"));
}
