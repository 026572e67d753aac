//! Issue 33: the secret log's signed heads, each case on its own (the
//! table of every attack is `tests/it/secret_log_tamper.rs`): a rewrite
//! signed again with the judge's stolen key is caught against the
//! master's mailbox; deleted heads are caught by `--verify` alone; a
//! swapped key is caught with the public key the judge published; a game
//! that ends (a draw, `game end`, a solo) signs a final head (then
//! `--publish-head` works and an export reaching the last entries checks);
//! every head signs the game's
//! identity; `--public-key` never makes a key, and a key file that cannot
//! be used is one line naming it, exit status 1, nothing changed.

use dipspy::game;
use dipspy::store;
use rusqlite::Connection;
use std::path::Path;

use crate::support::secret_log_game;
use secret_log_game::tamper::{self, cli, out};
use secret_log_game::{G, POWERS};

/// A Spionage game through Winter 1901: every phase processed.
fn spionage_game() -> G {
    let mut g = G::new(&["spionage"]);
    g.submit("france", &["A par - bur"]);
    g.finish_phase();
    g.submit("france", &["A bur - bel"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    g.submit("france", &["+ S par"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    g
}

fn public_key(db: &Path) -> String {
    let o = cli(db, &["secret-log", "--public-key"]);
    assert!(o.status.success(), "{}", out(&o));
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

fn verify(db: &Path, more: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["secret-log", "g", "--verify"];
    args.extend_from_slice(more);
    let o = cli(db, &args);
    (o.status.code(), out(&o))
}

/// Every row of every table, as text: what a command may not change.
fn contents(db: &Path) -> Vec<String> {
    let c = Connection::open(db).unwrap();
    let tables: Vec<String> = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Vec::new();
    for t in tables {
        let mut st = c.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
        let n = st.column_count();
        let rows = st
            .query_map([], |r| {
                (0..n)
                    .map(|i| {
                        r.get::<_, rusqlite::types::Value>(i)
                            .map(|v| format!("{v:?}"))
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        for row in rows {
            out.push(format!("{t}: {}", row.unwrap().join(", ")));
        }
    }
    out
}

fn game_id(c: &Connection) -> i64 {
    c.query_row("SELECT id FROM games WHERE name = 'g'", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_rewrite_signed_again_with_the_stolen_key_is_caught_against_the_masters_mailbox() {
    let g = spionage_game();
    let mbox = tamper::master_mbox(&g, &g.dir.path().join("master.mbox"));
    let mbox = mbox.to_str().unwrap();
    let db = g.copy("stolen");
    let c = Connection::open(&db).unwrap();
    let t = tamper::first_of(&c, "W1901A");
    tamper::rewrite(&c, t, "France founded nothing");
    tamper::resign_all(&c, &tamper::stolen_key(&db));
    drop(c);
    // Alone, the database and the key agree with each other.
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(0), "{text}");
    // The master's mailbox outranks them: the entry and its phase named.
    let (code, text) = verify(&db, &["--against", mbox]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(&format!("damaged at entry {t}: entry {t} (of W1901A)"))
            && text.contains("the signed head of W1901A mailed to the master")
            && text.contains("signed again"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1, "{text}");
    // The untouched database checks against the same mailbox.
    let (code, text) = verify(&g.db, &["--against", mbox]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("3 mailed heads"), "{text}");
}

#[test]
fn deleted_heads_are_caught_by_verify_alone_naming_the_first_phase_without_one() {
    let g = spionage_game();
    // The heads of Fall 1901 and Winter 1901 deleted, nothing else.
    let db = g.copy("deleted");
    let c = Connection::open(&db).unwrap();
    let n = c
        .execute(
            "DELETE FROM secret_log_signed_heads WHERE phase IN ('F1901M', 'W1901A')",
            [],
        )
        .unwrap();
    assert_eq!(n, 2);
    let f = tamper::first_of(&c, "F1901M");
    drop(c);
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(&format!(
            "damaged at entry {f}: no signed head of F1901M (processed at"
        )),
        "{text}"
    );
    // Every head deleted: the first phase processed is named.
    let db = g.copy("none");
    Connection::open(&db)
        .unwrap()
        .execute("DELETE FROM secret_log_signed_heads", [])
        .unwrap();
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("damaged at entry 1: no signed head of S1901M (processed at"),
        "{text}"
    );
    // And the newest head alone.
    let db = g.copy("newest");
    let c = Connection::open(&db).unwrap();
    c.execute(
        "DELETE FROM secret_log_signed_heads WHERE id = (SELECT max(id) FROM secret_log_signed_heads)",
        [],
    )
    .unwrap();
    let w = tamper::first_of(&c, "W1901A");
    drop(c);
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(&format!("damaged at entry {w}: no signed head of W1901A")),
        "{text}"
    );
}

#[test]
fn a_swapped_key_is_caught_with_the_key_the_judge_published() {
    let g = spionage_game();
    let published = public_key(&g.db);
    let file = g.dir.path().join("published.key");
    std::fs::write(&file, format!("{published}\n")).unwrap();
    let (code, text) = verify(&g.db, &["--key", &published]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("with the public key given"), "{text}");
    // Someone makes a key of their own, signs every head again with it
    // and puts it in place of the judge's.
    let db = g.copy("swapped");
    let forged = ed25519_dalek::SigningKey::from_bytes(&[9; 32]);
    tamper::resign_all(&Connection::open(&db).unwrap(), &forged);
    tamper::replace_key_file(&db, &forged);
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(0), "the key file alone vouches for it: {text}");
    for k in [published.as_str(), file.to_str().unwrap()] {
        let (code, text) = verify(&db, &["--key", k]);
        assert_eq!(code, Some(1), "{text}");
        assert!(
            text.contains("damaged at entry 1: the stored signed head of S1901M")
                && text.contains("bad signature"),
            "{text}"
        );
    }
}

#[test]
fn a_key_given_or_found_that_cannot_be_used_is_one_line_and_changes_nothing() {
    let g = spionage_game();
    let before = contents(&g.db);
    let kf = dipspy::secretlog::default_path(&g.db);
    for bad in ["zz", "0123", &"g".repeat(64)] {
        let (code, text) = verify(&g.db, &["--key", bad]);
        assert_eq!(code, Some(1), "{text}");
        assert_eq!(text.trim().lines().count(), 1, "{text}");
        assert!(text.contains("not an Ed25519 public key"), "{text}");
        let o = cli(
            &g.db,
            &["secret-log", "--verify-export", "none.json", "--key", bad],
        );
        assert_eq!(o.status.code(), Some(1), "{}", out(&o));
        assert!(out(&o).contains("not an Ed25519 public key"), "{}", out(&o));
    }
    // A key file others may read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&kf, std::fs::Permissions::from_mode(0o644)).unwrap();
        for args in [
            vec!["secret-log", "g", "--verify"],
            vec!["secret-log", "--public-key"],
        ] {
            let o = cli(&g.db, &args);
            let text = out(&o);
            assert_eq!(o.status.code(), Some(1), "{text}");
            assert_eq!(text.trim().lines().count(), 1, "{text}");
            assert!(
                text.contains(&kf.display().to_string())
                    && text.contains("mode 0644")
                    && !text.contains("damaged"),
                "{text}"
            );
        }
        std::fs::set_permissions(&kf, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    // No key file: named, and not made.
    let kept = std::fs::read(&kf).unwrap();
    std::fs::remove_file(&kf).unwrap();
    for args in [
        vec!["secret-log", "g", "--verify"],
        vec!["secret-log", "--public-key"],
    ] {
        let o = cli(&g.db, &args);
        let text = out(&o);
        assert_eq!(o.status.code(), Some(1), "{text}");
        assert_eq!(text.trim().lines().count(), 1, "{text}");
        assert!(
            text.contains(&kf.display().to_string())
                && text.contains("no signing key file")
                && !text.contains("damaged"),
            "{text}"
        );
        assert!(!kf.exists(), "{args:?} made a key");
    }
    std::fs::write(&kf, kept).unwrap();
    assert!(contents(&g.db) == before, "the database changed");
}

#[test]
fn the_key_is_made_when_an_espionage_game_is_created_and_heads_sign_the_game_identity() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let kf = dipspy::secretlog::default_path(&db);
    let mut st = crate::support::words::open_store(&db).unwrap();
    let now = "2025-01-10T12:00:00Z".parse().unwrap();
    game::create(&mut st, "plain", &game::CreateOptions::default(), now).unwrap();
    assert!(!kf.exists(), "a game without espionage makes no key");
    let o = cli(&db, &["secret-log", "--public-key"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(!kf.exists(), "--public-key made a key");
    let spy = game::CreateOptions {
        rules: vec!["spionage".into()],
        ..game::CreateOptions::default()
    };
    game::create(&mut st, "g", &spy, now).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&kf).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let pk = public_key(&db);
    assert_eq!(pk.len(), 64, "{pk}");

    // Every head of a played game is version 2 and names its identity.
    let g = spionage_game();
    let c = g.st.conn();
    let uid_of = |c: &Connection| -> String {
        c.query_row("SELECT uid FROM games WHERE name = 'g'", [], |r| r.get(0))
            .unwrap()
    };
    let uid = uid_of(c);
    assert_eq!(uid.len(), 32);
    assert!(uid.chars().all(|ch| ch.is_ascii_hexdigit()), "{uid}");
    assert_ne!(uid_of(st.conn()), uid, "each game its own identity");
    let heads = g.st.read().signed_heads(game_id(c)).unwrap();
    assert_eq!(heads.len(), 3);
    for h in &heads {
        assert!(
            h.message.starts_with(&format!(
                "dipspy signed head, version 2\ngame: g\ngame-id: {uid}\n"
            )),
            "{}",
            h.message
        );
    }
}

#[test]
fn the_masters_mailbox_of_another_databases_game_of_the_same_name_is_not_this_games() {
    let g = spionage_game();
    let mut other = G::sharing_key(&["spionage"], &g);
    other.submit("france", &["A par - pic"]);
    other.finish_phase();
    let mbox = tamper::master_mbox(&other, &g.dir.path().join("other.mbox"));
    let (code, text) = verify(&g.db, &["--against", mbox.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("No signed head of game g was found in the saved mail")
            && text.contains("another game of that name"),
        "{text}"
    );
}

/// The heads of `g` and the master's mail of them: the last is the final
/// head, covering the last entry, mailed to the master.
fn assert_final_head(g: &G, phase: &str) {
    let c = g.st.conn();
    let id = game_id(c);
    let heads = g.st.read().signed_heads(id).unwrap();
    let last = heads.last().unwrap();
    let (entries, _) = g.st.read().secret_head(id).unwrap().unwrap();
    assert_eq!(
        (last.event.as_str(), last.phase.as_str(), last.last_seq),
        ("game ended", phase, entries)
    );
    let rows = g.st.read().secret_rows(id).unwrap();
    let end = rows.last().unwrap();
    assert_eq!(end.kind, "game-ended");
    assert!(
        end.text.contains(&format!("the game ended in {phase}")),
        "{}",
        end.text
    );
    g.assert_heads_mailed_to_master(id);
}

/// After the end: `--verify` passes, `--publish-head` works, and an
/// export of the whole log and of the last phase check with the public
/// key alone.
fn assert_published_and_exported(g: &G, phase: &str) {
    let (code, text) = verify(&g.db, &[]);
    assert_eq!(code, Some(0), "{text}");
    let pk = public_key(&g.db);
    let o = cli(&g.db, &["secret-log", "g", "--publish-head"]);
    assert!(o.status.success(), "{}", out(&o));
    for (name, filter) in [("all.json", vec![]), ("last.json", vec!["--phase", phase])] {
        let file = g.dir.path().join(name);
        let mut args = vec!["secret-log", "g", "--export", file.to_str().unwrap()];
        args.extend(filter);
        let o = cli(&g.db, &args);
        assert!(o.status.success(), "{}", out(&o));
        let e: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert!(
            e["signed_head"]["message"]
                .as_str()
                .unwrap()
                .contains("event: game ended")
        );
        let o = cli(
            &g.db,
            &[
                "secret-log",
                "--verify-export",
                file.to_str().unwrap(),
                "--key",
                &pk,
            ],
        );
        assert!(o.status.success(), "{name}: {}", out(&o));
    }
}

#[test]
fn a_draw_voted_signs_a_final_head_then_it_is_published_and_exports_check() {
    let mut g = spionage_game();
    // A spy line logged as it arrives, after the last processed phase.
    g.submit("france", &["S F lon - nth"]);
    for p in POWERS {
        game::draw_vote(&mut g.st, "g", p, true, g.now).unwrap();
    }
    assert_final_head(&g, "S1902M");
    let c = g.st.conn();
    let rows = g.st.read().secret_rows(game_id(c)).unwrap();
    let heads = g.st.read().signed_heads(game_id(c)).unwrap();
    let received = rows.iter().rfind(|r| r.kind == "received").unwrap();
    assert!(received.seq > heads[heads.len() - 2].last_seq);
    assert!(heads.last().unwrap().first_seq <= received.seq);
    assert_published_and_exported(&g, "S1902M");
}

#[test]
fn game_end_signs_a_final_head_then_it_is_published_and_exports_check() {
    let mut g = spionage_game();
    g.submit("france", &["S A germany"]);
    let o = cli(&g.db, &["game", "end", "g"]);
    assert!(o.status.success(), "{}", out(&o));
    // The store of the test sees what the command wrote.
    g.st = crate::support::words::open_store(&g.db).unwrap();
    assert_final_head(&g, "S1902M");
    let c = g.st.conn();
    let rows = g.st.read().secret_rows(game_id(c)).unwrap();
    assert!(
        rows.last()
            .unwrap()
            .text
            .contains("ended by the game master")
    );
    assert_published_and_exported(&g, "S1902M");
    // Deleting the final head (and the entries it covers) is found.
    let db = g.copy("unsealed");
    let c = Connection::open(&db).unwrap();
    let last_processed: i64 = c
        .query_row(
            "SELECT last_seq FROM secret_log_signed_heads WHERE event = 'processed' ORDER BY id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    c.execute("DELETE FROM secret_log WHERE seq > ?1", [last_processed])
        .unwrap();
    tamper::rechain(&c);
    tamper::delete_heads_from(&c, last_processed + 1);
    drop(c);
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("no final signed head (game ended)"), "{text}");
}

#[test]
fn a_solo_signs_the_phases_head_then_the_final_head() {
    let mut g = spionage_game();
    // Every owned centre given to France in the stored position: the
    // phase's processing ends the game in a solo.
    let c = g.st.conn();
    let (id, position): (i64, String) = c
        .query_row(
            "SELECT id, position FROM phases WHERE status = 'current'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let mut p: serde_json::Value = serde_json::from_str(&position).unwrap();
    let all: Vec<serde_json::Value> = p["centers"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|v| v.as_array().unwrap().clone())
        .collect();
    assert!(all.len() >= 18, "{all:?}");
    p["centers"] = serde_json::json!({ "france": all });
    c.execute(
        "UPDATE phases SET position = ?2 WHERE id = ?1",
        rusqlite::params![id, p.to_string()],
    )
    .unwrap();
    g.submit("france", &["S A germany"]);
    g.finish_phase();
    let row = g.st.read().game_by_name("g").unwrap().unwrap();
    assert_eq!(row.status, store::GameStatus::Finished);
    assert_eq!(row.outcome, Some(store::GameOutcome::Solo));
    assert_final_head(&g, "F1902M");
    let heads = g.st.read().signed_heads(game_id(g.st.conn())).unwrap();
    let before = &heads[heads.len() - 2];
    assert_eq!(
        (before.phase.as_str(), before.event.as_str()),
        ("S1902M", "processed")
    );
    let (code, text) = verify(&g.db, &[]);
    assert_eq!(code, Some(0), "{text}");
}

#[test]
fn a_game_over_before_final_heads_gets_its_final_head_when_published() {
    let mut g = spionage_game();
    g.submit("france", &["S F lon - nth"]);
    for p in POWERS {
        game::draw_vote(&mut g.st, "g", p, true, g.now).unwrap();
    }
    // As an older dipspy left it: no final head, the last entries after
    // the last head, and the end owing none.
    let old = |name: &str| {
        let db = g.copy(name);
        let c = Connection::open(&db).unwrap();
        c.execute_batch(
            "DELETE FROM secret_log_signed_heads WHERE event = 'game ended';
             DELETE FROM secret_log WHERE kind = 'game-ended';
             DELETE FROM secret_log_records WHERE NOT EXISTS (
                 SELECT 1 FROM secret_log l
                 WHERE l.game_id = secret_log_records.game_id AND l.seq = secret_log_records.seq);
             UPDATE games SET final_head_owed = 0;",
        )
        .unwrap();
        tamper::rechain(&c);
        db
    };
    let db = old("older");
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(0), "{text}");
    let o = cli(&db, &["secret-log", "g", "--publish-head"]);
    assert!(o.status.success(), "{}", out(&o));
    let c = Connection::open(&db).unwrap();
    let (event, last): (String, i64) = c
        .query_row(
            "SELECT event, last_seq FROM secret_log_signed_heads ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let (seq, text): (i64, String) = c
        .query_row(
            "SELECT seq, text FROM secret_log ORDER BY seq DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((event.as_str(), last), ("game ended", seq));
    assert!(
        text.contains("ended before dipspy signed final heads"),
        "{text}"
    );
    let (code, text) = verify(&db, &[]);
    assert_eq!(code, Some(0), "{text}");
    // Its last entries edited since: they do not chain on from the last
    // head, and nothing is signed over them.
    let db = old("older-edited");
    let c = Connection::open(&db).unwrap();
    c.execute(
        "UPDATE secret_log SET text = 'France sent nothing' WHERE kind = 'received'
         AND seq = (SELECT max(seq) FROM secret_log)",
        [],
    )
    .unwrap();
    let heads_before: i64 = c
        .query_row("SELECT count(*) FROM secret_log_signed_heads", [], |r| {
            r.get(0)
        })
        .unwrap();
    drop(c);
    let o = cli(&db, &["secret-log", "g", "--publish-head"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(out(&o).contains("do not chain on from it"), "{}", out(&o));
    let heads_after: i64 = Connection::open(&db)
        .unwrap()
        .query_row("SELECT count(*) FROM secret_log_signed_heads", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(heads_after, heads_before);
}

#[test]
fn once_heads_were_signed_a_missing_key_file_stops_processing_and_no_new_key_is_made() {
    let mut g = spionage_game();
    g.submit("france", &["A bel - hol"]);
    let db = g.copy("lost-key");
    let key = dipspy::secretlog::default_path(&db);
    std::fs::remove_file(&key).unwrap();
    let before = contents(&db);
    let mut st = crate::support::words::open_store(&db).unwrap();
    let row = st.read().game_by_name("g").unwrap().unwrap();
    let live = st.read().live_phase(row.id).unwrap().unwrap();
    let due = store::parse_time(live.deadline.as_deref().unwrap()).unwrap();
    let failed = match game::tick(&mut st, due) {
        Err(e) => e.to_string(),
        Ok(r) => {
            let (_, r) = r.into_iter().next().expect("the game is due");
            r.expect_err("processing must not sign with a new key")
                .to_string()
        }
    };
    assert!(
        failed.contains(&key.display().to_string()),
        "the error names the key file: {failed}"
    );
    assert!(!key.exists(), "no new key was made");
    drop(st);
    assert_eq!(contents(&db), before, "nothing changed");
}
