//! The mail pipeline without a network: 1,000 stored raw messages go
//! through `mail::ingest` (parse, checks, raw copy in the inbox,
//! the judge's work, the reply queued, all in one transaction each) into a
//! SQLite game with seven players. Run with `cargo bench --bench ingest`.
//!
//! Every iteration starts from a fresh copy of the same prepared database
//! file, so the figure does not drift as the history grows.
//!
//! Passwords: a SIGNON is checked with argon2 once per player and process
//! and then remembered (`judge::verify_cached`), as in the long-running
//! `dipspy serve`. Setup signs every player on once before measuring, so
//! the figures are the steady state; the cost of one cold argon2 check is
//! measured on its own in the `signon` group.

// criterion_group! writes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use chrono::{DateTime, Duration, TimeZone, Utc};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use dipspy::game::{self, CreateOptions};
use dipspy::judge::JudgeSettings;
use dipspy::mail::Limits;
use dipspy::mail::{self, Outcome};
use dipspy::store::Store;
use std::hint::black_box;
use std::path::{Path, PathBuf};

const MESSAGES: usize = 1_000;
const GAME: &str = "bench";
const JUDGE: &str = "judge@example.org";

/// The powers with their Spring 1901 units and a few orders for each
/// unit (the first is always a hold).
const POWERS: &[(&str, &[&[&str]])] = &[
    (
        "austria",
        &[
            &["A vie H", "A vie - gal", "A vie - tri", "A vie - bud"],
            &[
                "A bud H",
                "A bud - ser",
                "A bud - rum",
                "A bud S A vie - gal",
            ],
            &["F tri H", "F tri - alb", "F tri - adr", "F tri - ven"],
        ],
    ),
    (
        "england",
        &[
            &["F lon H", "F lon - nth", "F lon - eng", "F lon - wal"],
            &["F edi H", "F edi - nwg", "F edi - nth", "F edi - yor"],
            &["A lvp H", "A lvp - yor", "A lvp - wal", "A lvp - edi"],
        ],
    ),
    (
        "france",
        &[
            &["F bre H", "F bre - mao", "F bre - eng", "F bre - pic"],
            &["A par H", "A par - bur", "A par - pic", "A par - gas"],
            &[
                "A mar H",
                "A mar - spa",
                "A mar S A par - bur",
                "A mar - pie",
            ],
        ],
    ),
    (
        "germany",
        &[
            &["F kie H", "F kie - den", "F kie - hol", "F kie - bal"],
            &["A ber H", "A ber - kie", "A ber - pru", "A ber - sil"],
            &["A mun H", "A mun - ruh", "A mun - bur", "A mun - tyr"],
        ],
    ),
    (
        "italy",
        &[
            &["F nap H", "F nap - ion", "F nap - tys", "F nap - apu"],
            &["A rom H", "A rom - apu", "A rom - tus", "A rom - ven"],
            &["A ven H", "A ven - tyr", "A ven - pie", "A ven - tri"],
        ],
    ),
    (
        "russia",
        &[
            &["A mos H", "A mos - ukr", "A mos - sev", "A mos - lvn"],
            &["F sev H", "F sev - bla", "F sev - rum", "F sev - arm"],
            &[
                "F stp/sc H",
                "F stp/sc - bot",
                "F stp/sc - fin",
                "F stp/sc - lvn",
            ],
            &["A war H", "A war - gal", "A war - ukr", "A war - sil"],
        ],
    ),
    (
        "turkey",
        &[
            &["F ank H", "F ank - bla", "F ank - con", "F ank - arm"],
            &["A con H", "A con - bul", "A con - smy", "A con - ank"],
            &["A smy H", "A smy - arm", "A smy - syr", "A smy - con"],
        ],
    ),
];

/// Foreign units each power may spy on, and its own for counter-spies.
const SPIED: &[(&str, &str, &str)] = &[
    ("austria", "A ven", "A vie"),
    ("england", "F bre", "F lon"),
    ("france", "A mun", "A par"),
    ("germany", "A par", "A ber"),
    ("italy", "A vie", "A rom"),
    ("russia", "A con", "A mos"),
    ("turkey", "F sev", "A con"),
];

fn address(power: &str) -> String {
    format!("{power}@players.example.org")
}

fn password(power: &str) -> String {
    format!("pw-{power}-secret")
}

fn start_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2030, 3, 1, 12, 0, 0).unwrap()
}

/// When message `i` arrives: one every 20 seconds, so each player sends
/// about 26 an hour, under the default limit of 60.
fn arrival(i: usize) -> DateTime<Utc> {
    start_time() + Duration::minutes(1) + Duration::seconds(20 * i as i64)
}

fn settings() -> JudgeSettings {
    JudgeSettings {
        address: JUDGE.into(),
        ..JudgeSettings::default()
    }
}

/// A small deterministic generator (64-bit LCG).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Message `i` of the run: from the next power in turn, a SIGNON and a
/// full set of orders; some carry espionage lines, some an unreadable
/// order, some only change a unit or two.
fn message(i: usize, espionage: bool, rng: &mut Rng) -> Vec<u8> {
    let (power, units) = POWERS[i % POWERS.len()];
    let mut body = format!("SIGNON {power} {GAME} {}\n", password(power));
    let partial = i % 5 == 4;
    for options in units.iter() {
        if partial && rng.below(2) == 0 {
            continue;
        }
        body.push_str(options[rng.below(options.len())]);
        body.push('\n');
    }
    if i % 9 == 3 {
        // Not a readable order: the reply rejects this line.
        body.push_str(&format!("{} - xyz\n", &units[0][0][..5]));
    }
    if espionage && i.is_multiple_of(3) {
        let (_, foreign, own) = SPIED[i % POWERS.len()];
        body.push_str(&format!("SPY {foreign}\n"));
        if i.is_multiple_of(2) {
            body.push_str(&format!("COUNTERSPY {own}\n"));
        }
    }
    let date = arrival(i).to_rfc2822();
    format!(
        "Return-Path: <{from}>\r\n\
         Received: from mx.players.example.org by mail.example.org; {date}\r\n\
         From: {display} <{from}>\r\n\
         To: Judge <{JUDGE}>\r\n\
         Subject: orders for {GAME}, message {i}\r\n\
         Date: {date}\r\n\
         Message-ID: <bench-{i}-{power}@players.example.org>\r\n\
         MIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 7bit\r\n\
         \r\n\
         {body}\r\n\
         -- \r\n\
         sent from my desk\r\n",
        from = address(power),
        display = power.to_uppercase(),
        body = body.replace('\n', "\r\n"),
    )
    .into_bytes()
}

/// Makes the prepared database: one started game, every power played.
fn prepare(dir: &Path, rules: &[&str]) -> PathBuf {
    // The game layer and the pictures word their texts through the words
    // the words layer hands down (the judge's entry points do this too).
    dipspy::text::install();
    let path = dir.join("prepared.db");
    let mut st = Store::open(&path).expect("database opens");
    let opts = CreateOptions {
        rules: rules.iter().map(|r| r.to_string()).collect(),
        ..CreateOptions::default()
    };
    game::create(&mut st, GAME, &opts, start_time()).expect("game created");
    for (power, _) in POWERS {
        game::join(
            &mut st,
            GAME,
            Some(power),
            &address(power),
            &password(power),
            start_time(),
        )
        .expect("player joins");
    }
    game::start(&mut st, GAME, start_time()).expect("game starts");
    drop(st);
    path
}

/// A fresh copy of the prepared database, open.
fn fresh(prepared: &Path) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.db");
    std::fs::copy(prepared, &path).expect("copy the prepared database");
    let st = Store::open(&path).expect("copy opens");
    (dir, st)
}

fn ingest_all(st: &mut Store, js: &JudgeSettings, msgs: &[Vec<u8>]) -> usize {
    let mut handled = 0;
    for (i, raw) in msgs.iter().enumerate() {
        let out = mail::ingest(st, js, Limits::default(), raw, "bench", arrival(i))
            .expect("ingest works");
        if out == Some(Outcome::Handled) {
            handled += 1;
        }
    }
    handled
}

fn pipeline(c: &mut Criterion) {
    let js = settings();
    let mut group = c.benchmark_group("ingest 1000 messages");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(8));
    group.throughput(Throughput::Elements(MESSAGES as u64));
    for (name, rules) in [
        ("plain game", &[][..]),
        ("espionnite+spionage game", &["espionnite", "spionage"][..]),
    ] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let prepared = prepare(tmp.path(), rules);
        let mut rng = Rng(0x5eed_0000 + rules.len() as u64);
        let msgs: Vec<Vec<u8>> = (0..MESSAGES)
            .map(|i| message(i, !rules.is_empty(), &mut rng))
            .collect();

        // Warm the password memory (one argon2 check per player), and
        // check that every message is handled.
        {
            let (_dir, mut st) = fresh(&prepared);
            assert_eq!(ingest_all(&mut st, &js, &msgs), MESSAGES);
            let replies: i64 = st
                .conn()
                .query_row("SELECT count(*) FROM outbox", [], |r| r.get(0))
                .unwrap();
            assert_eq!(replies as usize, MESSAGES);
            let count = |sql: &str| -> i64 { st.conn().query_row(sql, [], |r| r.get(0)).unwrap() };
            assert_eq!(
                count("SELECT count(*) FROM outbox WHERE body LIKE '%sign-on refused%'"),
                0,
                "every SIGNON is good"
            );
            assert!(count("SELECT count(*) FROM orders WHERE status = 'live'") > 0);
            assert!(count("SELECT count(*) FROM orders WHERE status = 'unreadable'") > 0);
            if !rules.is_empty() {
                assert!(count("SELECT count(*) FROM spy_orders WHERE status = 'live'") > 0);
            }
        }

        group.bench_function(name, |b| {
            b.iter_batched(
                || fresh(&prepared),
                |(dir, mut st)| {
                    black_box(ingest_all(&mut st, &js, black_box(&msgs)));
                    // Closing the copy is left out of the measurement.
                    (dir, st)
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// What the password memory saves: one argon2 check, as the first SIGNON
/// of a player after the judge starts pays it.
fn signon(c: &mut Criterion) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let prepared = prepare(tmp.path(), &[]);
    let st = Store::open(&prepared).expect("opens");
    let info = game::signon_info(&st, GAME, "france").expect("france");
    let hash = info.password_hash.expect("a password is set");
    let pw = password("france");
    let mut group = c.benchmark_group("signon");
    group.sample_size(10);
    group.bench_function("argon2 check (cold, first signon)", |b| {
        b.iter(|| {
            assert!(dipspy::password::verify_password(
                black_box(&hash),
                black_box(&pw)
            ))
        })
    });
    group.finish();
}

/// What reading a body costs, quote detection included (it runs on every
/// mail): a plain mail of orders, and an Outlook reply with its quote, as
/// text and as HTML alone (`tests/replies/`).
fn reading(c: &mut Criterion) {
    let plain = "SIGNON france bench pw\nF bre - mao\nA par - bur\nA mar S A par - bur\n";
    let replies = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/replies/");
    let outlook = std::fs::read(format!("{replies}outlook2016-top.eml")).unwrap();
    let html = std::fs::read(format!("{replies}outlook2016-top.html-only.eml")).unwrap();
    let mut group = c.benchmark_group("reading a body");
    group.bench_function("plain orders", |b| {
        b.iter(|| black_box(dipspy::command::parse_message(black_box(plain))))
    });
    for (name, raw) in [
        ("Outlook reply, text", &outlook),
        ("Outlook reply, HTML only", &html),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let p = dipspy::mail::parse_message(black_box(raw));
                black_box(dipspy::command::parse_message(&p.body))
            })
        });
    }
    group.finish();
}

/// 1 MiB of HTML: `<div>`s nested as deep as they go, then unclosed
/// `<span><b>`s (issue 34: nesting cost the square of its depth).
fn deep_html() -> Vec<u8> {
    let mut body = String::from("<html><body>");
    while body.len() < MIB / 2 {
        body.push_str("<div>");
    }
    body.push_str("HELP");
    while body.len() < MIB {
        body.push_str("<span><b>");
    }
    format!(
        "From: p@x.test\r\nSubject: s\r\nMIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// 1 MiB of MIME: a message/rfc822 in a message/rfc822 in ..., each
/// level a multipart with a text part.
fn deep_mime() -> Vec<u8> {
    let mut raw = String::from(
        "From: q@x.test\r\nSubject: s\r\nMIME-Version: 1.0\r\nContent-Type: message/rfc822\r\n\r\n",
    );
    let mut level = 0;
    while raw.len() < MIB {
        raw.push_str(&format!(
            "From: a@x.test\r\nContent-Type: multipart/mixed; boundary=b{level}\r\n\r\n--b{level}\r\nContent-Type: text/plain\r\n\r\nHELP\r\n--b{level}\r\nContent-Type: message/rfc822\r\n\r\n"
        ));
        level += 1;
    }
    raw.into_bytes()
}

const MIB: usize = 1024 * 1024;

/// What one hostile mail of 1 MiB costs through `ingest` (read, judged,
/// masked, stored) into an empty judge: deep HTML and deep MIME. Run
/// alone with `cargo bench --bench ingest -- adversarial`.
fn adversarial(c: &mut Criterion) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let empty = tmp.path().join("empty.db");
    drop(Store::open(&empty).expect("database opens"));
    let js = settings();
    let limits = Limits {
        max_message_bytes: 2 * MIB,
        ..Limits::default()
    };
    let mut group = c.benchmark_group("adversarial");
    group.sample_size(10);
    for (name, raw) in [
        ("deep HTML 1 MiB", deep_html()),
        ("deep MIME 1 MiB", deep_mime()),
    ] {
        group.throughput(Throughput::Bytes(raw.len() as u64));
        group.bench_function(name, |b| {
            b.iter_batched(
                || fresh(&empty),
                |(_dir, mut st)| {
                    let out = mail::ingest(&mut st, &js, limits, &raw, "bench", arrival(0))
                        .expect("ingest");
                    assert!(matches!(
                        out,
                        Some(Outcome::Handled | Outcome::Quarantined(_))
                    ));
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, pipeline, signon, reading, adversarial);
criterion_main!(benches);
