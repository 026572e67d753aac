//! Issue 16, robustness: generated mails through the judge's real inbound
//! path (`mail::ingest`: raw message stored, parsed, handled, reply
//! queued, one transaction each) into a real SQLite file, with one judge
//! and many mails per pass, as `dipspy serve` works.
//!
//! The mails are built from the command grammar (every command, with good
//! and wrong arguments, odd case, look-alike letters from other scripts,
//! huge numbers and counts, nested and unbalanced PHASE/IF blocks, press
//! with and without ENDPRESS, fake press) and from mutations of real mails
//! (the demo's `.eml` files and typical players' mails). They come in
//! three kinds: a player signed on with the right password, the game
//! master with the master password from the master's address, and mails
//! that are not properly signed on (no sign-on, a wrong password, a
//! sign-on word spelled with look-alike letters, MASTER from the wrong
//! address or with the wrong password).
//!
//! Asserted for every mail: the judge did not panic (a panic would leave
//! it quarantined instead of handled), exactly one reply was queued for
//! it and at most one mail to any address, and, for a mail not properly signed on, not one row of a game
//! table was written (temporary triggers count every insert, update and
//! delete outside the mail tables). Blocks made only of such mails are
//! also compared as a dump of every game table before and after. At the
//! end: `PRAGMA integrity_check` is `ok`, and `game replay` agrees with
//! every stored phase of every game.
//!
//! `cargo test --test fuzz_mail` sends 10,000 mails; `cargo test --test
//! fuzz_mail -- --ignored` sends 1,000,000 (`DIPSPY_FUZZ_MAILS` and
//! `DIPSPY_FUZZ_SEED` change the count and the seed).

use crate::support::mailcheck;
use crate::support::sim;
use chrono::{DateTime, Duration, TimeZone, Utc};
use dipspy::engine::Map;
use dipspy::game::{self, CreateOptions};
use dipspy::judge::JudgeSettings;
use dipspy::mail::Limits;
use dipspy::mail::{self, Outcome};
use dipspy::store::Store;
use rusqlite::types::ValueRef;
use sim::Rng;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

const JUDGE: &str = "judge@fuzz.test";
const MASTER: &str = "gm@fuzz.test";
const MASTER_PW: &str = "Gm-fuzz-pw";
const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];
/// Mails per block; a block is either mixed or only mails not signed on.
const BLOCK: usize = 50;

fn addr(p: &str) -> String {
    format!("{p}@fuzz.test")
}

fn pw(p: &str) -> String {
    format!("Pw-{p}-9")
}

/// An argon2id hash with the smallest parameters argon2 allows: the run
/// measures the judge, not the deliberate slowness of password hashing
/// (each wrong password costs a full check, by design).
fn cheap_hash(pw: &str) -> String {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let params = argon2::Params::new(8, 1, 1, None).unwrap();
    let a = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    a.hash_password(pw.as_bytes(), &SaltString::generate(&mut OsRng))
        .unwrap()
        .to_string()
}

mod fuzz_gen;

use fuzz_gen::{Gen, Kind, Scene, mail, raw};

// ------------------------------------------------------------ the judge

struct Run {
    st: Store,
    js: JudgeSettings,
    now: DateTime<Utc>,
    games: Vec<String>,
    tables: Vec<String>,
    /// The last outbox row seen.
    outbox_seen: i64,
    blocks: usize,
    /// Time spent in the judge (the rest is the test's own checks).
    judge_time: std::time::Duration,
}

impl Run {
    fn new(path: &std::path::Path) -> Run {
        let st = crate::support::words::open_store(path).unwrap();
        let js = JudgeSettings {
            address: JUDGE.into(),
            master_address: Some(MASTER.into()),
            master_password_hash: Some(cheap_hash(MASTER_PW)),
            ..JudgeSettings::default()
        };
        let mut r = Run {
            st,
            js,
            now: Utc.with_ymd_and_hms(2025, 3, 1, 12, 0, 0).unwrap(),
            games: Vec::new(),
            tables: Vec::new(),
            outbox_seen: 0,
            blocks: 0,
            judge_time: std::time::Duration::ZERO,
        };
        r.new_game();
        // Every table but the mail's own: the inbox, the outbox (the
        // reply), the judge's state, the wrong passwords recorded
        // against guessing and the locks they start (any mail may give
        // one, for a power or the master), and the sender's own
        // language (SET LANGUAGE needs no sign-on: it is kept for the
        // address the mail came from, in no game; without a sign-on, an
        // address that plays a power sets only its replies' language).
        r.tables = r
            .st
            .conn()
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .unwrap()
            .query_map([], |x| x.get::<_, String>(0))
            .unwrap()
            .map(Result::unwrap)
            .filter(|t| {
                !matches!(
                    t.as_str(),
                    "inbox"
                        | "outbox"
                        | "judge_state"
                        | "signon_failures"
                        | "master_failures"
                        | "password_locks"
                        | "reader_languages"
                        | "reply_languages"
                )
            })
            .collect();
        let mut sql = String::from(
            "CREATE TEMP TABLE fuzz_writes (n INTEGER NOT NULL); INSERT INTO fuzz_writes VALUES (0);",
        );
        for t in &r.tables {
            for op in ["INSERT", "UPDATE", "DELETE"] {
                // A file attached to a reply (MAP's picture) is part of
                // the reply, like its outbox row; only the attachments of
                // announcements (results) belong to a game.
                // The note that wrong passwords locked a power is the
                // one announcement a mail that is not signed on may cause
                // (and it is queued with the reply, at once).
                let when = match (t.as_str(), op) {
                    ("attachments", "DELETE") => "WHEN OLD.outbox_id IS NULL",
                    ("attachments", _) => "WHEN NEW.outbox_id IS NULL",
                    ("announcements", "INSERT" | "UPDATE") => "WHEN NEW.kind != 'signon-lock'",
                    _ => "",
                };
                sql.push_str(&format!(
                    "CREATE TEMP TRIGGER fuzz_{t}_{op} AFTER {op} ON main.{t} {when} BEGIN UPDATE fuzz_writes SET n = n + 1; END;"
                ));
            }
        }
        r.st.conn().execute_batch(&sql).unwrap();
        r
    }

    /// A fresh game with seven players, started (the last one has ended).
    fn new_game(&mut self) {
        let name = format!("fz{}", self.games.len() + 1);
        let o = CreateOptions {
            press: "grey".into(),
            fake_press: true,
            anonymous: self.games.len() % 2 == 1,
            rules: if self.games.len() % 3 == 2 {
                vec!["espionnite".into()]
            } else {
                vec![]
            },
            ..CreateOptions::default()
        };
        game::create(&mut self.st, &name, &o, self.now).unwrap();
        for p in POWERS {
            if let Err(e) = game::join(&mut self.st, &name, Some(p), &addr(p), &pw(p), self.now) {
                let rows: Vec<(String, Option<String>, String)> = self
                    .st
                    .conn()
                    .prepare("SELECT p.power, p.email, p.status FROM powers p JOIN games g ON g.id = p.game_id WHERE g.name = ?1")
                    .unwrap()
                    .query_map([&name], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect();
                panic!("{name}: {p}: {e}: {rows:?}");
            }
        }
        game::start(&mut self.st, &name, self.now).unwrap();
        self.cheap_passwords(&name);
        self.games.push(name);
    }

    fn cheap_passwords(&mut self, name: &str) {
        let id: i64 = self
            .st
            .conn()
            .query_row("SELECT id FROM games WHERE name = ?1", [name], |r| r.get(0))
            .unwrap();
        for p in POWERS {
            let h = cheap_hash(&pw(p));
            self.st
                .conn()
                .execute("UPDATE powers SET password_hash = ?3 WHERE game_id = ?1 AND power = ?2 AND email IS NOT NULL", rusqlite::params![id, p, h])
                .unwrap();
        }
    }

    /// Between blocks: a game that ended is followed by a new one, and a
    /// power left without a player gets its player back.
    fn tidy(&mut self) {
        // Now and then the deadlines pass, and the judge's clock processes
        // the games as `dipspy serve` does between reading mails.
        self.blocks += 1;
        if self.blocks.is_multiple_of(3) {
            self.now += Duration::hours(49);
            game::tick(&mut self.st, self.now).unwrap();
        }
        let cur = self.games.last().unwrap().clone();
        // Earlier games a ROLLBACK brought back to life are ended, and a
        // game that has gone on for 30 years ends too: as on a real judge,
        // games end, and their HISTORY does not grow without bound (the
        // first long run kept old games going to 800 phases, and their
        // HISTORY replies grew past a megabyte).
        // (Only the last few games are named in the mails.)
        let n = self.games.len();
        for g in &self.games[n.saturating_sub(5)..n - 1] {
            let _ = game::end(&mut self.st, g, self.now);
        }
        let played = game::history(&self.st, &cur, None).map_or(0, |h| h.len());
        if played > 120 {
            let _ = game::end(&mut self.st, &cur, self.now);
        }
        let v = game::show(&self.st, &cur).unwrap();
        if v.status == game::GameStatus::Finished {
            self.new_game();
            return;
        }
        let mut reseated = false;
        for p in &v.powers {
            if p.status == game::PowerStatus::Vacant {
                // The player's own address may be refused (a request of its
                // own is pending, say): then another of theirs.
                for a in [
                    addr(&p.power),
                    format!("{}.{}@fuzz.test", p.power, self.blocks),
                ] {
                    if game::request_takeover(
                        &mut self.st,
                        &cur,
                        &p.power,
                        &a,
                        &pw(&p.power),
                        self.now,
                    )
                    .is_ok()
                    {
                        break;
                    }
                }
                let _ = game::decide_takeover(&mut self.st, &cur, &p.power, true, self.now);
                reseated = true;
            }
        }
        // Addresses changed by SET ADDRESS go back to the players'.
        for p in POWERS {
            self.st
                .conn()
                .execute("UPDATE powers SET email = ?1 WHERE power = ?2 AND email IS NOT NULL AND email != ?1", rusqlite::params![addr(p), p])
                .unwrap();
        }
        if reseated || self.st.conn().query_row("SELECT count(*) FROM powers p JOIN games g ON g.id = p.game_id WHERE g.name = ?1 AND p.password_hash NOT LIKE '%m=8,%'", [&cur], |r| r.get::<_, i64>(0)).unwrap() > 0 {
            self.cheap_passwords(&cur);
        }
    }

    fn scene(&self) -> Scene {
        let cur = self.games.last().unwrap().clone();
        let v = game::show(&self.st, &cur).unwrap();
        Scene {
            game: cur,
            others: self.games[self.games.len().saturating_sub(3)..].to_vec(),
            units: v.units.into_iter().collect(),
            phase: v.phase.unwrap_or_else(|| "S1901M".into()),
        }
    }

    fn writes(&self) -> i64 {
        self.st
            .conn()
            .query_row("SELECT n FROM temp.fuzz_writes", [], |r| r.get(0))
            .unwrap()
    }

    /// A hash of every row of every game table.
    fn dump(&self) -> u64 {
        let mut h = DefaultHasher::new();
        for t in &self.tables {
            t.hash(&mut h);
            let mut q = self
                .st
                .conn()
                .prepare(&format!(
                    "SELECT * FROM main.{t} {} ORDER BY rowid",
                    match t.as_str() {
                        "attachments" => "WHERE outbox_id IS NULL",
                        "announcements" => "WHERE kind != 'signon-lock'",
                        _ => "",
                    }
                ))
                .unwrap();
            let n = q.column_count();
            let mut rows = q.query([]).unwrap();
            while let Some(r) = rows.next().unwrap() {
                for i in 0..n {
                    match r.get_ref(i).unwrap() {
                        ValueRef::Null => 0u8.hash(&mut h),
                        ValueRef::Integer(x) => x.hash(&mut h),
                        ValueRef::Real(x) => x.to_bits().hash(&mut h),
                        ValueRef::Text(x) | ValueRef::Blob(x) => x.hash(&mut h),
                    }
                }
            }
        }
        h.finish()
    }

    /// One mail through the judge: handled, with exactly one reply; for a
    /// mail not signed on, no game table written.
    fn one(&mut self, i: usize, from: &str, body: &str, kind: Kind) {
        self.now += Duration::seconds(7);
        let raw = raw(from, body, i, self.now);
        let before = self.writes();
        let limits = Limits {
            max_message_bytes: 256 * 1024,
            ..Limits::unlimited()
        };
        let t = std::time::Instant::now();
        let out = mail::ingest(&mut self.st, &self.js, limits, &raw, "fuzz", self.now)
            .unwrap_or_else(|e| panic!("mail {i} failed: {e}\nfrom {from}:\n{body}"));
        self.judge_time += t.elapsed();
        assert_eq!(out, Some(Outcome::Handled), "mail {i} from {from}:\n{body}");
        let inbox_id: i64 = self
            .st
            .conn()
            .query_row("SELECT max(id) FROM inbox", [], |r| r.get(0))
            .unwrap();
        // The rows queued since the last mail: its one reply, and what it
        // caused for others (press, notices), at most one mail to an
        // address.
        let (replies, to, rows, addresses): (i64, Option<i64>, i64, i64) = self
            .st
            .conn()
            .query_row(
                "SELECT count(*) FILTER (WHERE inbox_id IS NOT NULL), max(inbox_id),
                        count(*), count(DISTINCT lower(to_addr))
                 FROM outbox WHERE id > ?1",
                [self.outbox_seen],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap();
        self.outbox_seen = self
            .st
            .conn()
            .query_row("SELECT coalesce(max(id), 0) FROM outbox", [], |r| r.get(0))
            .unwrap();
        assert_eq!(
            replies, 1,
            "mail {i}: {replies} replies\nfrom {from}:\n{body}"
        );
        assert_eq!(to, Some(inbox_id), "mail {i}: the reply answers it");
        assert_eq!(
            rows, addresses,
            "mail {i}: one mail per address\nfrom {from}:\n{body}"
        );
        if kind == Kind::Unsigned {
            let after = self.writes();
            assert_eq!(
                before,
                after,
                "mail {i}, not signed on, wrote {} rows of game tables\nfrom {from}:\n{body}",
                after - before
            );
        }
    }
}

fn real_mails() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/demo");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "eml"))
    {
        let raw = std::fs::read(f).unwrap();
        if let Some(m) = mail_parser::MessageParser::default().parse(&raw[..])
            && let Some(b) = m.body_text(0)
        {
            out.push(b.into_owned());
        }
    }
    out.extend(
        [
            "SIGNON F demo secret\nA par - bur\nA mar S A par - bur\nF bre - mao\nSET WAIT\nPRESS TO E, G\nShall we talk about the Channel?\nENDPRESS\n-- \nAnne",
            "SIGNON G demo pw\nPHASE F1901R\nA mun - boh\nENDPHASE\nIF A bur\nA mun - ruh\nELSE\nA mun H\nENDIF",
            "signon e demo pw\nset draw\nset absence 2025-07-01 to 2025-07-10\nhistory demo\nsummary demo\nwhogame demo",
            "MASTER pw\nCREATE demo2 deadline=24h press=grey fake_press=yes\nSET DEADLINE demo 2025-03-30 20:00\nPREVIEW demo",
        ]
        .map(String::from),
    );
    assert!(out.len() > 20, "the demo's mails are there");
    out
}

fn fuzz(mails: usize, seed: u64) {
    let dir = tempfile::tempdir().unwrap();
    let mut run = Run::new(&dir.path().join("fuzz.db"));
    let mut g = Gen {
        rng: Rng::new(seed),
        real: real_mails(),
    };
    let map = Map::standard();
    assert_eq!(map.powers().len(), POWERS.len());
    let started = std::time::Instant::now();
    let mut i = 0;
    let mut unsigned_blocks = 0;
    let mut by_kind = [0usize; 3];
    let mut dump_time = std::time::Duration::ZERO;
    let mut unsigned_seen = 0usize;
    let stride = (mails / 10_000).max(1);
    while i < mails {
        run.tidy();
        let scene = run.scene();
        let only_unsigned = g.rng.percent(30);
        // Every such block is compared as a dump in a run of 10,000; in
        // longer runs, where the tables grow large, every `stride`-th
        // (the triggers still check every mail).
        let compare = only_unsigned && {
            unsigned_seen += 1;
            unsigned_seen.is_multiple_of(stride)
        };
        let t = std::time::Instant::now();
        let dump = compare.then(|| run.dump());
        dump_time += t.elapsed();
        for _ in 0..BLOCK.min(mails - i) {
            let kind = if only_unsigned {
                Kind::Unsigned
            } else {
                match g.rng.below(10) {
                    0..=5 => Kind::Player,
                    6 => Kind::Master,
                    _ => Kind::Unsigned,
                }
            };
            by_kind[kind as usize] += 1;
            let (from, body) = mail(&mut g, &scene, kind);
            run.one(i, &from, &body, kind);
            // A SET PASSWORD stored a full-cost hash: the next wrong
            // guesses against it would measure argon2, not the judge.
            if kind != Kind::Unsigned && body.to_ascii_lowercase().contains("password") {
                let cur = scene.game.clone();
                run.cheap_passwords(&cur);
            }
            i += 1;
        }
        if mails > 10_000 && i % 100_000 < BLOCK {
            eprintln!("fuzz: {i} mails in {:.0?}", started.elapsed());
        }
        if let Some(d) = dump {
            let t = std::time::Instant::now();
            let after = run.dump();
            dump_time += t.elapsed();
            assert_eq!(
                d, after,
                "a block of mails not signed on changed the game tables (before mail {i})"
            );
            unsigned_blocks += 1;
        }
    }
    let ok: String = run
        .st
        .conn()
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ok, "ok");
    let mut phases = 0;
    for name in &run.games {
        let (n, bad) = game::replay(&run.st, name).unwrap();
        assert!(bad.is_empty(), "game replay of {name} disagrees: {bad:#?}");
        phases += n;
    }
    eprintln!(
        "fuzz: {mails} mails ({} signed on as a player, {} as the master, {} not signed on; \
         {unsigned_blocks} blocks compared as dumps) in {:.1?} (the judge {:.1?}, the dumps {:.1?}); \
         {} games, {phases} phases replayed; {} rows of game tables written",
        by_kind[0],
        by_kind[1],
        by_kind[2],
        started.elapsed(),
        run.judge_time,
        dump_time,
        run.games.len(),
        run.writes()
    );
    let checked = leak_check(&run.st, stride);
    assert!(
        checked >= mails / stride,
        "only {checked} replies read by the leak check"
    );
    // The counter the check relies on does count: signed mails wrote.
    assert!(run.writes() > mails as i64 / 10, "{} writes", run.writes());
    assert!(phases > 0, "some phases were played");
}

/// Runs `tests/it/support/mailcheck.rs` over the replies (every `stride`-th one), each
/// built as the judge sends it: no password of the run's players or game
/// master in any part of it, the answered mail's own included (the judge
/// never repeats a line that may hold one, however it is spelled: a
/// SIGNON in look-alike letters too). Returns how many were read.
fn leak_check(st: &Store, stride: usize) -> usize {
    let mut passwords: Vec<String> = POWERS.iter().map(|p| pw(p)).collect();
    passwords.push(MASTER_PW.into());
    let rows = dipspy::mail::outbox_rows(&st.read()).unwrap();
    let mut checked = 0;
    for row in rows.iter().step_by(stride) {
        // The players' addresses are public in these games (they are not
        // anonymous: WHOGAME and SUMMARY list them), so only passwords are
        // looked for here; tests/it/mail_game_e2e.rs and tests/it/demo.rs check
        // addresses too.
        let addresses: Vec<String> = Vec::new();
        let raw = dipspy::mail::build_message(JUDGE, row)
            .unwrap_or_else(|e| panic!("reply {} does not build: {e:?}", row.id))
            .formatted();
        mailcheck::assert_clean(&row.to, &raw, &passwords, &addresses);
        checked += 1;
    }
    checked
}

fn count(default: usize) -> usize {
    std::env::var("DIPSPY_FUZZ_MAILS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn seed() -> u64 {
    std::env::var("DIPSPY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

#[test]
fn ten_thousand_generated_mails_change_nothing_they_should_not() {
    fuzz(count(10_000), seed());
}

#[test]
#[ignore = "a million mails: run with --ignored (long)"]
fn a_million_generated_mails_change_nothing_they_should_not() {
    fuzz(count(1_000_000), seed() ^ 0x00C0_FFEE);
}
