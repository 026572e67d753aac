//! The secret log that nobody can rewrite unseen, and the judge's views
//! that are exact (issue 22). Signed heads
//! with a key outside the database, mailed to the master; `secret-log
//! --verify` (and `--against` the master's saved mail) and `game replay`
//! on copies of a database tampered with in each of the ways a rewrite
//! would take; exports checked with nothing but the file and the public
//! key, the recipe recomputed here by hand (SHA-256, Ed25519), not with
//! dipspy's own code. The judge's picture checked mark by mark (kind,
//! power, unit) from the marks' data and the SVG's attributes; `game
//! history PHASE` unit by unit; `game show` in a reaction phase (ESP-8);
//! and the decisions the rules leave open.

use dipspy::game::{self, CreateOptions, Sender};
use dipspy::store::{self, AnnouncementKind, Audience};
use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use sha2::{Digest, Sha256};
use std::path::Path;
use std::process::{Command, Output};

use crate::support::secret_log_game;
use secret_log_game::G;

impl G {
    fn cli(&self, db: &Path, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--db")
            .arg(db)
            .arg("--now")
            .arg("2026-01-01T00:00:00Z")
            .args(args)
            .output()
            .unwrap()
    }

    fn public_key(&self) -> String {
        let o = self.cli(&self.db, &["secret-log", "--public-key"]);
        assert!(o.status.success(), "{o:?}");
        String::from_utf8(o.stdout).unwrap().trim().to_string()
    }
}

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A stored entry: id, seq, phase, at, kind, power, source, text, prev_hash.
type LogRow = (
    i64,
    i64,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
);

/// The database's secret log rewritten from entry `seq` on with new text,
/// every hash computed again by the recipe and the recorded head updated:
/// what anyone with write access to the database could do.
fn rewrite_entry(db: &Path, seq: i64, text: &str) {
    let c = rusqlite::Connection::open(db).unwrap();
    c.execute(
        "UPDATE secret_log SET text = ?2 WHERE seq = ?1",
        rusqlite::params![seq, text],
    )
    .unwrap();
    let rows: Vec<LogRow> = {
        let mut st = c
            .prepare("SELECT id, seq, phase, at, kind, power, source, text, prev_hash FROM secret_log ORDER BY seq")
            .unwrap();
        st.query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    };
    let mut prev = "0".repeat(64);
    for (id, s, phase, at, kind, power, source, text, _) in rows {
        let content = d(&serde_json::json!([phase, at, kind, power, source, text]));
        let h = d(&serde_json::json!([prev, s, content]));
        c.execute(
            "UPDATE secret_log SET prev_hash = ?2, hash = ?3 WHERE id = ?1",
            rusqlite::params![id, prev, h],
        )
        .unwrap();
        prev = h;
    }
    c.execute("UPDATE secret_log_head SET hash = ?1", [&prev])
        .unwrap();
}

/// The recipe's d(x): hex SHA-256 of compact JSON.
fn d(v: &serde_json::Value) -> String {
    let bytes = serde_json::to_vec(v).unwrap();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn every_processed_phase_has_a_signed_head_mailed_to_the_master() {
    let g = secret_log_game::retreat_fake();
    let id = g.st.read().game_by_name("g").unwrap().unwrap().id;
    let heads = g.st.read().signed_heads(id).unwrap();
    let phases: Vec<&str> = heads.iter().map(|h| h.phase.as_str()).collect();
    assert_eq!(phases, ["S1901M", "F1901M", "W1901A", "S1902M", "S1902R"]);
    g.assert_heads_mailed_to_master(id);
    // Each head is a valid signature under the printed public key.
    let pk = g.public_key();
    let key = VerifyingKey::from_bytes(&hex(&pk).try_into().unwrap()).unwrap();
    for h in &heads {
        let sig = Signature::from_bytes(&hex(&h.signature).try_into().unwrap());
        key.verify(h.message.as_bytes(), &sig).unwrap();
        assert!(h.message.contains(&format!("last-seq: {}\n", h.last_seq)));
    }
    // The key file is 0600 and not in the database.
    let kf = dipspy::secretlog::default_path(&g.db);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&kf).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let secret = std::fs::read_to_string(&kf).unwrap();
    let seed = secret.lines().last().unwrap().trim();
    assert_eq!(seed.len(), 64, "{secret}");
    // Every write checkpointed into the main file, and the -wal read too
    // should any remain: the seed is in neither, as hex or as raw bytes.
    g.st.conn()
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
    let raw = hex(seed);
    let mut files = vec![std::fs::read(&g.db).unwrap()];
    let wal = g.db.with_extension("db-wal");
    if let Ok(b) = std::fs::read(&wal) {
        files.push(b);
    }
    assert!(files[0].len() > 4096, "the database holds the game");
    for bytes in &files {
        assert!(!bytes.windows(raw.len()).any(|w| w == raw.as_slice()));
        let text = String::from_utf8_lossy(bytes).to_ascii_lowercase();
        assert!(!text.contains(seed));
    }
    let o = g.cli(&g.db, &["secret-log", "g", "--verify"]);
    assert!(o.status.success(), "{}", out(&o));
    assert!(out(&o).contains("5 signed heads"), "{}", out(&o));
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn tamper_an_entry_rewritten_with_every_hash_recomputed_is_found_at_that_entry() {
    let g = secret_log_game::retreat_fake();
    let db = g.copy("rewritten");
    let c = rusqlite::Connection::open(&db).unwrap();
    let seq: i64 = c
        .query_row(
            "SELECT seq FROM secret_log WHERE kind = 'fake-applied' ORDER BY seq LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(c);
    rewrite_entry(&db, seq, "France's Fake did nothing");
    let o = g.cli(&db, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let text = out(&o);
    assert!(
        text.contains(&format!("damaged at entry {seq}:")) && text.contains("rewritten"),
        "{text}"
    );
    // Deleting the stored heads with the rewrite does not hide it: the
    // heads every processed phase owes are missing, and the master's saved
    // mail holds them.
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute("DELETE FROM secret_log_signed_heads", [])
        .unwrap();
    drop(c);
    let o = g.cli(&db, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(
        out(&o).contains("no signed head of S1901M (processed"),
        "{}",
        out(&o)
    );
    let mbox = g.dir.path().join("master.mbox");
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
    std::fs::write(&mbox, m).unwrap();
    let o = g.cli(
        &db,
        &[
            "secret-log",
            "g",
            "--verify",
            "--against",
            mbox.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let text = out(&o);
    // The first break is the first head the master kept that the database
    // no longer holds.
    assert!(
        text.contains("damaged at entry 1: the signed head of S1901M mailed to the master")
            && text.contains("is not in the database"),
        "{text}"
    );
    // The untouched database checks against the same mail.
    let o = g.cli(
        &g.db,
        &[
            "secret-log",
            "g",
            "--verify",
            "--against",
            mbox.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", out(&o));
    assert!(out(&o).contains("5 mailed heads"), "{}", out(&o));
}

#[test]
fn tamper_the_head_replaced_is_found_at_that_head() {
    let g = secret_log_game::retreat_fake();
    // A signed head replaced by one for a rewritten log (its text changed,
    // its signature kept: nobody else has the key).
    let db = g.copy("head");
    let c = rusqlite::Connection::open(&db).unwrap();
    let (first, msg): (i64, String) = c
        .query_row(
            "SELECT first_seq, message FROM secret_log_signed_heads WHERE phase = 'W1901A'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let forged = msg.replacen("hash: ", "hash: 0", 1);
    c.execute(
        "UPDATE secret_log_signed_heads SET message = ?1 WHERE phase = 'W1901A'",
        [&forged],
    )
    .unwrap();
    drop(c);
    let o = g.cli(&db, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let text = out(&o);
    assert!(
        text.contains(&format!("damaged at entry {first}:"))
            && text.contains("signed head of W1901A")
            && text.contains("bad signature"),
        "{text}"
    );
    // The recorded (unsigned) head replaced.
    let db = g.copy("recorded-head");
    let c = rusqlite::Connection::open(&db).unwrap();
    let n: i64 = c
        .query_row("SELECT entries FROM secret_log_head", [], |r| r.get(0))
        .unwrap();
    c.execute("UPDATE secret_log_head SET hash = ?1", [&"ab".repeat(32)])
        .unwrap();
    drop(c);
    let o = g.cli(&db, &["secret-log", "g", "--verify"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(
        out(&o).contains(&format!(
            "damaged at entry {n}: the newest entry does not match"
        )),
        "{}",
        out(&o)
    );
}

fn replay(g: &G, db: &Path) -> (Option<i32>, String) {
    let o = g.cli(db, &["game", "replay", "g"]);
    (o.status.code(), out(&o))
}

#[test]
fn tamper_a_standing_anti_removed_is_found_by_replay() {
    let g = secret_log_game::retreat_fake();
    let (code, text) = replay(&g, &g.db);
    assert_eq!(code, Some(0), "{text}");
    let db = g.copy("anti");
    let c = rusqlite::Connection::open(&db).unwrap();
    // The retreat phase starts with Germany's Anti standing; remove it.
    let n = c
        .execute(
            "UPDATE phase_espionage SET organisations = json_set(organisations, '$.antis', json('{}'))
             WHERE phase_id = (SELECT id FROM phases WHERE phase = 'S1902R')",
            [],
        )
        .unwrap();
    assert_eq!(n, 1);
    drop(c);
    let (code, text) = replay(&g, &db);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("S1902R")
            && text.contains("standing Antis (antis)")
            && text.contains("left germany against austria, starts with none"),
        "{text}"
    );
}

#[test]
fn tamper_a_retreat_part_changed_is_found_by_replay() {
    let g = secret_log_game::retreat_fake();
    let db = g.copy("retreat");
    let c = rusqlite::Connection::open(&db).unwrap();
    let n = c
        .execute(
            "UPDATE spy_orders SET parsed = replace(parsed, '(R: sil)', '(R: boh)'),
                                   raw = replace(raw, '(R: sil)', '(R: boh)')
             WHERE parsed LIKE '%(R: sil)%'",
            [],
        )
        .unwrap();
    assert_eq!(n, 1);
    drop(c);
    let (code, text) = replay(&g, &db);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("S1902R")
            && text.contains("espionage carried from S1902M")
            && text.contains("retreat_fakes")
            && text.contains("boh")
            && text.contains("sil"),
        "{text}"
    );
}

#[test]
fn tamper_a_founding_deleted_is_found_by_replay() {
    let g = secret_log_game::retreat_fake();
    let db = g.copy("founding");
    let c = rusqlite::Connection::open(&db).unwrap();
    let n = c
        .execute("DELETE FROM spy_orders WHERE parsed = '+ S par'", [])
        .unwrap();
    assert_eq!(n, 1);
    drop(c);
    let (code, text) = replay(&g, &db);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("S1902M")
            && text.contains("espionage carried from W1901A")
            && text.contains("organisations (founded): left germany, starts with france, germany"),
        "{text}"
    );
}

/// The export recipe, done by hand from docs/secret-log.md (not with dipspy's
/// code): the chain from range.prev_hash, withheld entries by their
/// content hash, the last hash and seq in the signed head, the Ed25519
/// signature under the public key.
fn check_export_by_hand(file: &Path, public_hex: &str) -> (usize, usize) {
    let e: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let mut prev = e["range"]["prev_hash"].as_str().unwrap().to_string();
    let mut n = e["range"]["first_seq"].as_i64().unwrap();
    let (mut shown, mut withheld) = (0, 0);
    for x in e["entries"].as_array().unwrap() {
        assert_eq!(x["seq"].as_i64().unwrap(), n);
        assert_eq!(x["prev_hash"].as_str().unwrap(), prev);
        let c = if x["withheld"].as_bool() == Some(true) {
            withheld += 1;
            assert!(x.get("text").is_none(), "a withheld entry shows no words");
            x["content"].as_str().unwrap().to_string()
        } else {
            shown += 1;
            d(&serde_json::json!([
                x["phase"],
                x["at"],
                x["kind"],
                x["power"],
                x["source"],
                x["text"]
            ]))
        };
        let h = d(&serde_json::json!([prev, n, c]));
        assert_eq!(x["hash"].as_str().unwrap(), h, "entry {n}");
        prev = h;
        n += 1;
    }
    assert_eq!(n - 1, e["range"]["last_seq"].as_i64().unwrap());
    let m = e["signed_head"]["message"].as_str().unwrap();
    assert!(m.contains("game: g\n"));
    assert!(m.contains(&format!("\nlast-seq: {}\n", n - 1)), "{m}");
    assert!(m.contains(&format!("\nhash: {prev}\n")), "{m}");
    let key = VerifyingKey::from_bytes(&hex(public_hex).try_into().unwrap()).unwrap();
    let sig = Signature::from_bytes(
        &hex(e["signed_head"]["signature"].as_str().unwrap())
            .try_into()
            .unwrap(),
    );
    key.verify(m.as_bytes(), &sig).unwrap();
    (shown, withheld)
}

#[test]
fn phase_and_power_exports_verify_with_only_the_file_and_the_public_key() {
    let g = secret_log_game::retreat_fake();
    let pk = g.public_key();
    for (name, filter) in [
        ("phase.json", ["--phase", "W1901A"]),
        ("power.json", ["--power", "france"]),
    ] {
        let file = g.dir.path().join(name);
        let mut args = vec!["secret-log", "g", "--export", file.to_str().unwrap()];
        args.extend(filter);
        let o = g.cli(&g.db, &args);
        assert!(o.status.success(), "{}", out(&o));
        let (shown, withheld) = check_export_by_hand(&file, &pk);
        assert!(shown > 0, "{name}");
        // The power export withholds other powers' entries in its range.
        if name == "power.json" {
            assert!(withheld > 0);
            let t = std::fs::read_to_string(&file).unwrap();
            // Germany's first spy order is in France's range, withheld.
            let sql =
                "SELECT MIN(seq) FROM secret_log WHERE power = 'germany' AND kind = 'received'";
            let ger: i64 = g.st.conn().query_row(sql, [], |r| r.get(0)).unwrap();
            let e: serde_json::Value = serde_json::from_str(&t).unwrap();
            let x = &e["entries"][(ger - e["range"]["first_seq"].as_i64().unwrap()) as usize];
            assert!(
                x["seq"] == ger && x["withheld"] == true && x.get("text").is_none(),
                "{x}"
            );
        }
        // dipspy's own checker, given nothing but the file and the key
        // (run where no database or key file is).
        let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .current_dir(g.dir.path())
            .args([
                "--db",
                "/nonexistent/none.db",
                "secret-log",
                "--verify-export",
            ])
            .arg(&file)
            .args(["--key", &pk])
            .output()
            .unwrap();
        assert!(o.status.success(), "{name}: {}", out(&o));
        // One changed word in the file is found.
        let t = std::fs::read_to_string(&file).unwrap();
        let bad = g.dir.path().join(format!("bad-{name}"));
        let changed = t.replacen("\"text\": \"", "\"text\": \"X", 1);
        assert_ne!(changed, t);
        std::fs::write(&bad, changed).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args(["secret-log", "--verify-export"])
            .arg(&bad)
            .args(["--key", &pk])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", out(&o));
        assert!(
            out(&o).contains("was changed after it was written"),
            "{}",
            out(&o)
        );
    }
}

#[test]
fn the_master_publishes_the_final_head_only_when_the_game_is_over() {
    let g = secret_log_game::retreat_fake();
    let o = g.cli(&g.db, &["secret-log", "g", "--publish-head"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(out(&o).contains("when the game is over"), "{}", out(&o));
}

// ------------------------------------------------------------ the judge's views

use dipspy::render::{Mark, MarkKind};

/// A mark as (kind, power, others, province), powers by name.
type MarkRow = (MarkKind, String, Vec<String>, String);

/// A mark as (kind, power, others, province), the power by name.
fn mark_rows(map: &dipspy::engine::Map, marks: &[Mark]) -> Vec<MarkRow> {
    marks
        .iter()
        .filter(|m| m.kind != MarkKind::Entry)
        .map(|m| {
            (
                m.kind,
                m.power
                    .map(|p| map.power(p).name.clone())
                    .unwrap_or_default(),
                m.others
                    .iter()
                    .map(|p| map.power(*p).name.clone())
                    .collect(),
                m.at.map(|a| map.province(a.province).abbr.clone())
                    .unwrap_or_default(),
            )
        })
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}

/// Marks compared as sets (the order they are drawn in is not the point).
fn sorted(mut v: Vec<MarkRow>) -> Vec<MarkRow> {
    v.sort_by_key(|r| format!("{r:?}"));
    v
}

fn row(k: MarkKind, p: &str, others: &[&str], at: &str) -> MarkRow {
    (
        k,
        p.to_string(),
        others.iter().map(|s| s.to_string()).collect(),
        at.to_string(),
    )
}

/// The SVG's marks as (data-kind, data-power, data-others, data-at).
fn svg_marks(svg: &str) -> Vec<(String, String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("data-kind").is_some())
        .map(|n| {
            let a = |k: &str| n.attribute(k).unwrap_or("").to_string();
            (
                a("data-kind"),
                a("data-power"),
                a("data-others"),
                a("data-at"),
            )
        })
        .collect()
}

#[test]
fn the_judges_picture_of_the_demos_spring_1902_mark_by_mark() {
    let dir = tempfile::tempdir().unwrap();
    let mut sink = Vec::new();
    dipspy::demo::run(
        &dipspy::demo::Options {
            fixtures: dipspy::demo::default_fixtures(),
            dir: Some(dir.path().to_path_buf()),
            all_mail: false,
        },
        &mut sink,
    )
    .unwrap();
    let st = crate::support::words::open_store(&dir.path().join("demo.sqlite")).unwrap();
    // The signed heads as the master's Maildir received them (quoted-
    // printable, through the Maildir transport) check against the log.
    let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(dir.path().join("demo.sqlite"))
        .args(["secret-log", "demo", "--verify", "--against"])
        .arg(dir.path().join("mailboxes/gm@dipspy.example"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", out(&o));
    // Seven phases' heads and the final one, signed when the draw ended
    // the game.
    assert!(out(&o).contains("8 mailed heads"), "{}", out(&o));
    let pic = game::phase_picture(&st, "demo", Some("S1902M")).unwrap();
    let marks = pic.judge_marks();
    use MarkKind::*;
    assert_eq!(
        sorted(mark_rows(pic.map, &marks)),
        sorted(vec![
            row(CounterSpy, "germany", &[], "mun"),
            row(CounterSpy, "turkey", &[], "bla"),
            // Both spies were covered: drawn on the unit spied on, in the
            // spying power's colour, not taking effect.
            row(Spy, "france", &["germany"], "mun"),
            row(Spy, "russia", &["turkey"], "bla"),
            // Germany's Anti against France, on each German unit.
            row(Anti, "germany", &["france"], "mun"),
            row(Anti, "germany", &["france"], "hol"),
            row(Anti, "germany", &["france"], "den"),
            row(Anti, "germany", &["france"], "kie"),
            row(FakeStopped, "france", &["germany"], "mun"),
            row(Collision, "", &["austria", "italy"], "bul"),
            row(Exposed, "austria", &[], ""),
            row(Exposed, "italy", &[], ""),
            row(FakeApplied, "england", &["germany"], "hol"),
        ]),
    );
    let spies: Vec<bool> = marks
        .iter()
        .filter(|m| m.kind == Spy)
        .map(|m| m.took_effect)
        .collect();
    assert_eq!(spies, [false, false]);
    // The panel lists every entry of the phase's secret log.
    let log = game::secret_log(&st, "demo", Some("S1902M"), None).unwrap();
    assert_eq!(marks.iter().filter(|m| m.kind == Entry).count(), log.len());
    // The SVG carries the same marks, the stopped Fake dashed.
    let svg = dipspy::render::render_svg(pic.map, &pic.judge_scene());
    let drawn = svg_marks(&svg);
    assert_eq!(drawn.len(), 11, "{drawn:?}");
    assert!(drawn.contains(&(
        "collision".into(),
        "".into(),
        "austria italy".into(),
        "bul".into()
    )));
    assert!(drawn.contains(&(
        "spy".into(),
        "france".into(),
        "germany".into(),
        "mun".into()
    )));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let stopped = doc
        .descendants()
        .find(|n| n.attribute("data-kind") == Some("fake-stopped"))
        .unwrap();
    assert!(
        stopped
            .descendants()
            .any(|n| n.attribute("stroke-dasharray").is_some())
    );
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("entry"))
            .count(),
        log.len()
    );
    // The players' picture of the same phase has no mark at all.
    let public = dipspy::render::render_svg(pic.map, &pic.scene());
    assert!(svg_marks(&public).is_empty());

    // game history S1902M: each unit's way, each step marked.
    let h = game::history(&st, "demo", Some("S1902M")).unwrap();
    let stories = &h.last().unwrap().espionage;
    let steps = |power: &str, unit: &str| -> Vec<(String, String)> {
        stories
            .iter()
            .find(|u| u.power == power && u.unit == unit)
            .unwrap_or_else(|| panic!("{power} {unit}: {stories:#?}"))
            .steps
            .iter()
            .map(|s| (s.mark.to_string(), s.text.clone()))
            .collect()
    };
    let s = |m: &str, t: &str| (m.to_string(), t.to_string());
    assert_eq!(
        steps("germany", "A hol"),
        [
            s("given", "A hol H"),
            s("fake applied", "A hol - bel (England's Fake)"),
            s("adjudicated", "A hol - bel (by England's Fake)"),
        ]
    );
    assert_eq!(
        steps("germany", "A mun"),
        [
            s("given", "A mun H"),
            s(
                "fake stopped",
                "A mun - boh (France's Fake, stopped by Germany's Anti)"
            ),
            s("adjudicated", "A mun H (as given)"),
        ]
    );
    assert_eq!(
        steps("turkey", "A bul"),
        [
            s("given", "A bul - gre"),
            s(
                "collision",
                "Austria tried A bul - ser; Italy tried A bul - gre: none took effect"
            ),
            s("adjudicated", "A bul - gre (as given)"),
        ]
    );
}

#[test]
fn a_three_power_collision_names_every_power_mark_by_mark() {
    let base = CreateOptions {
        spy_at_start: true,
        ..CreateOptions::default()
    };
    let mut g = G::with(&["spionage"], base);
    g.finish_phase();
    assert_eq!(g.phase(), "F1901M");
    g.submit("england", &["F lon H"]);
    g.submit("france", &["S F lon - eng"]);
    g.submit("germany", &["S F lon - nth"]);
    g.submit("russia", &["S F lon - wal"]);
    g.submit("italy", &["S A russia"]);
    g.finish_phase();
    let pic = game::phase_picture(&g.st, "g", Some("F1901M")).unwrap();
    let marks = pic.judge_marks();
    use MarkKind::*;
    assert_eq!(
        sorted(mark_rows(pic.map, &marks)),
        sorted(vec![
            row(Anti, "italy", &["russia"], "rom"),
            row(Anti, "italy", &["russia"], "ven"),
            row(Anti, "italy", &["russia"], "nap"),
            row(Collision, "", &["france", "germany", "russia"], "lon"),
            row(Exposed, "france", &[], ""),
            row(Exposed, "germany", &[], ""),
            row(Exposed, "russia", &[], ""),
        ]),
    );
    let svg = dipspy::render::render_svg(pic.map, &pic.judge_scene());
    assert!(svg_marks(&svg).contains(&(
        "collision".into(),
        "".into(),
        "france germany russia".into(),
        "lon".into()
    )));
    assert!(
        svg.contains("CLASH FRA+GER+RUS"),
        "the badge names all three"
    );
    let h = game::history(&g.st, "g", Some("F1901M")).unwrap();
    let lon = h[0].espionage.iter().find(|u| u.unit == "F lon").unwrap();
    assert_eq!(lon.steps[1].mark, "collision");
    assert!(lon.steps[1].text.contains("France tried F lon - eng"));
    assert!(lon.steps[1].text.contains("Russia tried F lon - wal"));
}

#[test]
fn esp_8_game_show_in_a_reaction_phase_shows_who_still_owes_a_reaction() {
    let mut g = G::new(&["espionnite"]);
    g.submit("france", &["A par - bur"]);
    g.now = {
        let id = g.st.read().game_by_name("g").unwrap().unwrap().id;
        let row = g.st.read().live_phase(id).unwrap().unwrap();
        store::parse_time(row.deadline.as_deref().unwrap()).unwrap()
    };
    let r = game::tick(&mut g.st, g.now).unwrap();
    assert!(r[0].1.as_ref().unwrap().1.reaction_opened);
    g.submit("germany", &["REACTION NONE"]);
    g.submit("france", &["REACTION A mar - spa"]);
    let v = game::show(&g.st, "g").unwrap();
    assert!(v.reaction_phase);
    for p in &v.powers {
        let want = matches!(p.power.as_str(), "germany" | "france");
        assert_eq!(p.reacted, Some(want), "{}", p.power);
    }
    let o = g.cli(&g.db, &["game", "show", "g"]);
    let text = out(&o);
    let line = |p: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(p))
            .unwrap()
            .to_string()
    };
    assert!(line("france").contains("reacted"), "{text}");
    assert!(line("italy").contains("owes a reaction"), "{text}");
    assert!(!text.contains("orders in"), "{text}");
}

// ------------------------------------------------------------ what the rules leave open

fn units_of(g: &G, power: &str) -> Vec<String> {
    game::show(&g.st, "g")
        .unwrap()
        .units
        .get(power)
        .cloned()
        .unwrap_or_default()
}

/// SPI-2 leaves open a founding and a build in the same centre in one
/// winter. Decision: both succeed. The organisation is not a unit and
/// occupies nothing; the centre must be empty when the founding is given,
/// which it is, as builds take effect only when the winter is adjudicated.
#[test]
fn spi_2_founding_and_building_in_the_same_centre_in_one_winter_both_succeed() {
    let mut g = G::new(&["spionage"]);
    g.submit("france", &["A par - pic"]);
    g.finish_phase();
    g.submit("france", &["A pic - bel"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    g.submit("france", &["+ S par", "Build A par"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    assert!(units_of(&g, "france").contains(&"A par".to_string()));
    let log = game::secret_log(&g.st, "g", Some("W1901A"), Some("france")).unwrap();
    assert!(
        log.iter()
            .any(|e| e.kind == "founded" && e.text.contains("par")),
        "{log:#?}"
    );
    // The next phase starts with France's organisation.
    let (code, text) = replay(&g, &g.db);
    assert_eq!(code, Some(0), "{text}");
}

/// ESP-6 leaves open what a spy is told when the order it watched is
/// illegal. Decision: the order as its owner gave it, normalised, as the
/// rule says; the spy sees the order sheet, not the adjudication (the
/// scenario `tests/espionage/esp-6-spy-on-an-illegal-order.toml` shows it:
/// `Your spy on A mun reports: A mun - par`). In a game an illegal order is
/// refused when it arrives, so it never reaches the sheet: the spy is told
/// the order that stands, here none.
#[test]
fn esp_6_a_spy_on_an_illegal_order_is_told_what_stands_on_the_sheet() {
    let mut g = G::new(&["espionnite"]);
    let sender = Sender {
        from: Some("germany@example.org".into()),
        message_id: None,
        ..Default::default()
    };
    let r = game::submit_orders(
        &mut g.st,
        "g",
        "germany",
        "A mun - par",
        None,
        &sender,
        g.now,
    )
    .unwrap();
    assert!(
        r.lines[0]
            .error
            .as_deref()
            .is_some_and(|e| e.contains("not next to")),
        "{r:?}"
    );
    g.submit("france", &["SPY A mun"]);
    g.finish_phase();
    let id = g.st.read().game_by_name("g").unwrap().unwrap().id;
    let report = dipspy::text::render_notices(
        dipspy::text::Lang::En,
        g.st.read().announcements(id).unwrap(),
    )
    .into_iter()
    .find(|a| {
        a.kind == AnnouncementKind::SpyReport && a.audience == Audience::Power("france".into())
    })
    .unwrap();
    assert!(
        report
            .body
            .contains("Your spy on A mun reports: hold (no order given)"),
        "{}",
        report.body
    );
}

/// SPI-5 leaves open whether a Waive is a build a build Fake can replace.
/// Decision: it is not. A Waive is a decision not to build; the rule lets a
/// Fake replace a build the target ordered, and a target that ordered none
/// is left as it is: the Fake does nothing and exposes nobody.
#[test]
fn spi_5_a_waive_is_not_a_build_a_fake_can_replace() {
    let base = CreateOptions {
        spy_at_start: true,
        ..CreateOptions::default()
    };
    let mut g = G::with(&["spionage"], base);
    g.submit("england", &["F lon - nth"]);
    g.finish_phase();
    g.submit("england", &["F nth - nwy"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    g.submit("england", &["Waive"]);
    g.submit("france", &["S F lon A"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    assert!(!units_of(&g, "england").contains(&"A lon".to_string()));
    let log = game::secret_log(&g.st, "g", Some("W1901A"), None).unwrap();
    assert!(
        log.iter().any(|e| e.kind == "fake-void"
            && e.text.contains("A lon")
            && e.text.contains("nothing to replace")),
        "{log:#?}"
    );
    assert!(!log.iter().any(|e| e.kind == "exposed"));
}
