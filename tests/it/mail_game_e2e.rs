//! Games played by mail against real servers (Dovecot and OpenSMTPD on
//! loopback, see `tests/it/support/mailstack.rs`). Every player is a real mailbox: its
//! mail goes to the judge by SMTP, `dipspy serve` (the built binary, a
//! child process) reads it over IMAP with TLS, and the tests read what
//! each player actually received over IMAP. Phases move along because
//! every power's orders are in, or because `serve` is run with a later
//! `--now`; nothing here sleeps for a deadline.
//!
//! After every pass of the judge the tests check that each mailbox holds
//! exactly the mail the judge's outbox addressed to it (nothing lost,
//! nothing twice), that no mailbox holds two messages with one
//! Message-ID, and that no mail holds a password or another player's
//! address (`tests/it/support/mailcheck.rs`).

use crate::support::mailcheck;
use crate::support::mailstack;
use crate::support::stackgame::{
    GAME, MASTER, MASTER_PW, POWERS, addr, judge_config_with_master, letter, pw,
};

use chrono::{DateTime, Duration, Utc};
use dipspy::game::{self, CreateOptions};
use dipspy::mail;
use dipspy::store::Store;
use mailstack::{JUDGE, MailStack, Serve, USERS, header};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn t0() -> DateTime<Utc> {
    "2025-03-01T12:00:00Z".parse().unwrap()
}

/// One message as a player's mail program shows it.
#[derive(Debug, Clone)]
struct Got {
    subject: String,
    in_reply_to: Option<String>,
    body: String,
}

impl Got {
    fn text(&self) -> String {
        format!("{}\n{}", self.subject, self.body)
    }
}

fn decode(raw: &[u8]) -> Got {
    let m = mail_parser::MessageParser::default()
        .parse(raw)
        .expect("the judge's mail parses");
    Got {
        subject: m.subject().unwrap_or_default().to_string(),
        in_reply_to: header(raw, "In-Reply-To"),
        body: m
            .body_text(0)
            .map(|b| b.replace("\r\n", "\n"))
            .unwrap_or_default(),
    }
}

/// Whether `text` holds the words `words` one after the other (case
/// ignored; words are split at anything but letters, digits, `-` and `/`),
/// so that `COUNTERSPY A ven` does not count as `SPY A ven`.
fn mentions(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    let toks: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '/' || c == '+'))
        .filter(|w| !w.is_empty())
        .collect();
    let want: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    toks.windows(want.len())
        .any(|w| w.iter().zip(&want).all(|(a, b)| *a == b.as_str()))
}

/// A mail stack, the judge's configuration for it, and the judge's clock.
struct World {
    stack: MailStack,
    cfg: PathBuf,
    now: DateTime<Utc>,
    /// Messages sent to the judge so far (its INBOX keeps them all).
    to_judge: usize,
    n: usize,
}

impl World {
    fn new() -> World {
        let stack = MailStack::start();
        let cfg = judge_config_with_master(&stack, "");
        World {
            stack,
            cfg,
            now: t0(),
            to_judge: 0,
            n: 0,
        }
    }

    fn db(&self) -> PathBuf {
        self.stack.db_path()
    }

    fn store(&self) -> Store {
        crate::support::words::open_store(&self.db()).unwrap()
    }

    fn now_arg(&self) -> String {
        self.now.format("%Y-%m-%dT%H:%M:%SZ").to_string()
    }

    /// A game with seven players, started, set up directly in the
    /// database (the full-year test does all this by mail).
    fn started_game(&mut self, rules: &[&str], press: &str) {
        let mut st = self.store();
        let o = CreateOptions {
            rules: rules.iter().map(|r| r.to_string()).collect(),
            deadline: "48h".into(),
            reaction_deadline: "24h".into(),
            reminder: "0".into(),
            press: press.into(),
            ..CreateOptions::default()
        };
        game::create(&mut st, GAME, &o, self.now).unwrap();
        for p in POWERS {
            game::join(&mut st, GAME, Some(p), &addr(p), &pw(p), self.now).unwrap();
        }
        game::start(&mut st, GAME, self.now).unwrap();
    }

    /// Sends a plain-text mail to the judge; returns its Message-ID.
    fn send(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        self.to_judge += 1;
        let local = from.split('@').next().unwrap();
        self.stack
            .send_text(from, "orders", body, &format!("m{}-{local}", self.n))
    }

    /// Sends a player's mail: SIGNON first, then `lines`.
    fn play(&mut self, power: &str, lines: &str) -> String {
        let body = format!("SIGNON {} {GAME} {}\n{lines}\n", letter(power), pw(power));
        self.send(&addr(power), &body)
    }

    fn send_raw(&mut self, envelope_from: &str, raw: &[u8]) {
        self.to_judge += 1;
        self.stack.send_raw(envelope_from, JUDGE, raw);
    }

    fn serve_once(&self, env: &[(&str, &str)]) -> String {
        let mut c = Command::new(env!("CARGO_BIN_EXE_dipspy"));
        c.arg("--now")
            .arg(self.now_arg())
            .args(["serve", "--once", "--config"])
            .arg(&self.cfg)
            .env("DIPSPY_LOG", "info");
        for (k, v) in env {
            c.env(k, v);
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "dipspy serve --once failed:\n{err}");
        err
    }

    /// One pass of the judge once all mail sent so far has reached its
    /// INBOX; then waits until everything it sent has arrived.
    fn pass(&mut self) -> String {
        self.stack.wait_for(JUDGE, self.to_judge);
        let log = self.serve_once(&[]);
        self.settle();
        log
    }

    fn outbox(&self) -> Vec<mail::OutMail> {
        mail::outbox_rows(&self.store().read()).unwrap()
    }

    /// Every outbox row is sent, and every mailbox holds exactly the mail
    /// addressed to it, each Message-ID once.
    fn settle(&self) {
        let rows = self.outbox();
        let unsent: Vec<_> = rows.iter().filter(|r| r.status != "sent").collect();
        assert!(unsent.is_empty(), "mail not sent: {unsent:#?}");
        let mut per: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for r in &rows {
            per.entry(r.to.clone())
                .or_default()
                .push(r.message_id.clone());
        }
        for u in USERS.iter().filter(|u| **u != "judge") {
            let a = addr(u);
            let want = per.remove(&a).unwrap_or_default();
            let got = self.stack.wait_for(&a, want.len());
            // Issue 11: no password and no other player's address in any
            // mail the judge sent.
            let mut passwords: Vec<String> = POWERS.iter().map(|p| pw(p)).collect();
            passwords.push(MASTER_PW.into());
            let addresses: Vec<String> = POWERS.iter().map(|p| addr(p)).collect();
            for (raw, _) in &got {
                // The game is not anonymous: its start and last mails
                // name the players.
                let addresses: &[String] = if mailcheck::names_the_players(raw) {
                    &[]
                } else {
                    &addresses
                };
                mailcheck::assert_clean(&a, raw, &passwords, addresses);
            }
            let ids: Vec<String> = got
                .iter()
                .map(|(raw, _)| header(raw, "Message-ID").unwrap_or_default())
                .collect();
            let distinct: BTreeSet<&String> = ids.iter().collect();
            assert_eq!(distinct.len(), ids.len(), "{a} received a message twice");
            assert_eq!(
                ids.iter().collect::<BTreeSet<_>>(),
                want.iter().collect::<BTreeSet<_>>(),
                "{a} holds exactly what the judge sent it"
            );
        }
        assert!(per.is_empty(), "mail to unknown addresses: {per:?}");
    }

    fn mails(&self, user: &str) -> Vec<Got> {
        self.stack
            .inbox(user)
            .iter()
            .map(|(raw, _)| decode(raw))
            .collect()
    }

    /// The one mail in `user`'s INBOX answering `mid`.
    fn reply_to(&self, user: &str, mid: &str) -> Got {
        let r: Vec<Got> = self
            .mails(user)
            .into_iter()
            .filter(|m| m.in_reply_to.as_deref() == Some(mid))
            .collect();
        assert_eq!(r.len(), 1, "{user}: one reply to {mid}: {r:#?}");
        r.into_iter().next().unwrap()
    }

    /// The mails in `user`'s INBOX whose subject contains `what`, or the
    /// subject of one of their parts (what one mail to the judge caused
    /// for one address comes as one mail).
    fn with_subject(&self, user: &str, what: &str) -> Vec<Got> {
        self.mails(user)
            .into_iter()
            .filter(|m| {
                m.subject.contains(what)
                    || mailcheck::part_subjects(&m.body)
                        .iter()
                        .any(|s| s.contains(what))
            })
            .collect()
    }

    fn one_with_subject(&self, user: &str, what: &str) -> Got {
        let r = self.with_subject(user, what);
        assert_eq!(r.len(), 1, "{user}: one mail about {what:?}: {r:#?}");
        r.into_iter().next().unwrap()
    }

    fn phase(&self) -> String {
        game::show(&self.store(), GAME).unwrap().phase.unwrap()
    }

    /// `dipspy orders show` for one power, as the judge's operator sees it.
    fn orders_show(&self, power: &str) -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--db")
            .arg(self.db())
            .args(["orders", "show", GAME, power])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

fn secret_log_verify(db: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .args(["secret-log", GAME, "--verify"])
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

// ------------------------------------------------------------ the game plan

/// Spring 1901 orders with the Espionnite spy lines. France's spy on
/// German A mun succeeds (Germany's counter-spy covers F kie); Germany's
/// on English F lon and Turkey's on Russian A war succeed (no cover);
/// England's on A par and Austria's on A ven are covered; Italy and Russia
/// give their spies no order. France also tries a Spionage Anti, refused
/// in the first movement phase (SPI-1).
const SPRING: [(&str, &str); 7] = [
    (
        "austria",
        "A vie - gal\nA bud - ser\nF tri - alb\nSPY A ven\nCOUNTERSPY A vie",
    ),
    (
        "england",
        "F lon - nth\nF edi - nwg\nA lvp - yor\nSPY A par",
    ),
    (
        "france",
        "A par - bur\nA mar - spa\nF bre - mao\nSPY A mun\nCOUNTERSPY A par\nS A germany",
    ),
    (
        "germany",
        "A ber - kie\nA mun - ruh\nF kie - den\nSPY F lon\nCOUNTERSPY F kie",
    ),
    (
        "italy",
        "A ven H\nA rom - apu\nF nap - ion\nCOUNTERSPY A ven",
    ),
    (
        "russia",
        "A mos - ukr\nA war H\nF sev - rum\nF stp/sc - bot",
    ),
    ("turkey", "F ank - bla\nA con - bul\nA smy - arm\nSPY A war"),
];

/// Each power's secret lines of the year, as words (see [`mentions`]):
/// no other power may ever read them.
fn secrets(power: &str) -> Vec<Vec<&'static str>> {
    let mut v: Vec<Vec<&'static str>> = match power {
        "austria" => vec![
            vec!["spy", "a", "ven"],
            vec!["counterspy", "a", "vie"],
            vec!["spy", "on", "a", "ven"],
        ],
        "england" => vec![vec!["spy", "a", "par"], vec!["spy", "on", "a", "par"]],
        "france" => vec![
            vec!["spy", "a", "mun"],
            vec!["counterspy", "a", "par"],
            vec!["spy", "on", "a", "mun"],
            vec!["s", "a", "germany"],
            vec!["reaction", "a", "par", "-", "pic"],
        ],
        "germany" => vec![
            vec!["spy", "f", "lon"],
            vec!["counterspy", "f", "kie"],
            vec!["spy", "on", "f", "lon"],
        ],
        "italy" => vec![vec!["counterspy", "a", "ven"]],
        "russia" => vec![],
        "turkey" => vec![vec!["spy", "a", "war"], vec!["spy", "on", "a", "war"]],
        _ => unreachable!(),
    };
    let home = match power {
        "austria" => "tri",
        "england" => "edi",
        "france" => "par",
        "germany" => "mun",
        "italy" => "rom",
        "russia" => "stp",
        _ => "con",
    };
    v.push(vec!["+", "s", home]);
    v
}

const FALL: [(&str, &str); 7] = [
    ("austria", "A ser H\nF alb - gre\nA gal H"),
    ("england", "F nth - nwy\nF nwg H\nA yor H"),
    ("france", "A pic - bel\nA spa H\nF mao - por"),
    ("germany", "A kie - hol\nF den H\nA ruh H"),
    ("italy", "F ion - tun\nA ven H\nA apu H"),
    ("russia", "F bot - swe\nF rum H\nA ukr H\nA war H"),
    ("turkey", "A bul H\nF bla H\nA arm H"),
];

/// Builds, and every power founds its Spionage organisation (SPI-2) in a
/// home centre left empty.
const WINTER: [(&str, &str); 7] = [
    ("austria", "Build A vie\nBuild A bud\n+ S tri"),
    ("england", "Build F lon\n+ S edi"),
    ("france", "Build A mar\nBuild F bre\nWaive\n+ S par"),
    ("germany", "Build A ber\nBuild F kie\n+ S mun"),
    ("italy", "Build F nap\n+ S rom"),
    ("russia", "Build A mos\nBuild F sev\n+ S stp"),
    ("turkey", "Build F ank\n+ S con"),
];

/// A power's line in the "Supply centres:" part of a results mail.
fn centre_line<'a>(body: &'a str, power: &str) -> &'a str {
    body.lines()
        .skip_while(|l| !l.starts_with("Supply centres:"))
        .find(|l| l.trim_start().starts_with(power))
        .unwrap_or_else(|| panic!("no supply-centre line for {power} in:\n{body}"))
}

// ------------------------------------------------------------ tests

/// Issue 5's "full year of a game with espionage", both rule sets, every
/// step by mail: creation, joining, start, Spring with spies and
/// counter-spies, private spy reports, reactions, results, Fall, and a
/// Winter with builds and Spionage foundings; nothing in any player's
/// mail reveals more of the secret log than ESP-6 and SPI-10 allow.
#[test]
fn a_full_espionage_year_by_mail_reports_spies_privately_and_leaks_nothing() {
    let mut w = World::new();

    // The master creates the game by mail.
    let create = w.send(
        MASTER,
        &format!(
            "MASTER {MASTER_PW}\nCREATE {GAME} rules=espionnite,spionage deadline=48h reaction=24h reminder=0\n"
        ),
    );
    w.pass();
    let r = w.reply_to(MASTER, &create);
    assert!(r.body.contains("game g created"), "{}", r.body);
    assert!(!r.body.contains("REJECTED"), "{}", r.body);

    // Seven players join by mail, each choosing a power.
    let mut joins = Vec::new();
    for p in POWERS {
        let mid = w.send(&addr(p), &format!("JOIN {p} {GAME} {}\n", pw(p)));
        joins.push((p, mid));
    }
    w.pass();
    for (p, mid) in &joins {
        let r = w.reply_to(&addr(p), mid);
        assert!(r.body.contains("OK"), "{p}: {}", r.body);
        assert!(!r.body.contains("REJECTED"), "{p}: {}", r.body);
        // The password is never repeated back.
        assert!(!r.body.contains(&pw(p)), "{p}: {}", r.body);
    }

    // The master starts it; every player hears.
    let start = w.send(MASTER, &format!("MASTER {MASTER_PW}\nSTART {GAME}\n"));
    w.pass();
    let r = w.reply_to(MASTER, &start);
    assert!(r.body.contains("game g started"), "{}", r.body);
    for p in POWERS {
        let m = w.one_with_subject(&addr(p), "the game has started");
        assert!(m.body.contains("Espionnite and Spionage"), "{}", m.body);
    }
    assert_eq!(w.phase(), "S1901M");

    // Spring 1901: every power's orders with its spy lines. All in, so the
    // same pass freezes them and sends the spy reports (ESP-5, ESP-6).
    let mut spring_mid = BTreeMap::new();
    for (p, lines) in SPRING {
        spring_mid.insert(p, w.play(p, lines));
    }
    w.pass();
    for (p, _) in SPRING {
        let r = w.reply_to(&addr(p), &spring_mid[p]);
        assert!(r.body.contains("Your orders as"), "{p}: {}", r.body);
        let rejected = r.body.matches("REJECTED").count();
        if p == "france" {
            assert_eq!(rejected, 1, "{}", r.body);
            assert!(r.body.contains("SPI-1"), "{}", r.body);
        } else {
            assert_eq!(rejected, 0, "{p}: {}", r.body);
        }
    }
    let spy = |w: &World, p: &str| w.one_with_subject(&addr(p), "Spring 1901 Movement spy report");
    let learned = [
        ("france", "Your spy on A mun reports: A mun - ruh"),
        ("germany", "Your spy on F lon reports: F lon - nth"),
        ("turkey", "Your spy on A war reports: A war H"),
        ("england", "Your spy on A par learned nothing."),
        ("austria", "Your spy on A ven learned nothing."),
        ("italy", "You gave your spy no order this phase."),
        ("russia", "You gave your spy no order this phase."),
    ];
    for (p, what) in learned {
        let r = spy(&w, p);
        assert!(
            r.body.contains(what),
            "{p} should read {what:?}:\n{}",
            r.body
        );
        // A failed spy is not told why (ESP-6).
        assert!(
            !r.body.to_lowercase().contains("counter"),
            "{p}: {}",
            r.body
        );
        assert!(!r.body.contains("covered"), "{p}: {}", r.body);
    }
    for p in POWERS {
        w.one_with_subject(&addr(p), "Spring 1901 Movement reaction phase");
    }
    assert_eq!(w.phase(), "S1901M");

    // Reactions: France moves A par to pic instead, the others are done.
    let mut react_mid = BTreeMap::new();
    for p in POWERS {
        let line = if p == "france" {
            "REACTION A par - pic"
        } else {
            "REACTION NONE"
        };
        react_mid.insert(p, w.play(p, line));
    }
    w.pass();
    for p in POWERS {
        let r = w.reply_to(&addr(p), &react_mid[p]);
        assert!(!r.body.contains("REJECTED"), "{p}: {}", r.body);
    }
    assert_eq!(w.phase(), "F1901M");
    for p in POWERS {
        let m = w.one_with_subject(&addr(p), "Spring 1901 Movement results");
        // The orders as adjudicated, France's reaction applied; the frozen
        // order it replaced is not shown (ESP-10).
        assert!(m.body.contains("A par - pic"), "{}", m.body);
        assert!(!m.body.contains("A par - bur"), "{}", m.body);
        assert!(m.body.contains("A mun - ruh"), "{}", m.body);
        assert!(m.body.contains("F sev - rum"), "{}", m.body);
    }

    // Fall 1901; England also asks for the history of Spring.
    let mut fall_mid = BTreeMap::new();
    for (p, lines) in FALL {
        let extra = if p == "england" {
            format!("{lines}\nHISTORY {GAME} S1901M")
        } else {
            lines.to_string()
        };
        fall_mid.insert(p, w.play(p, &extra));
    }
    w.pass();
    for (p, _) in FALL {
        let r = w.reply_to(&addr(p), &fall_mid[p]);
        assert!(!r.body.contains("REJECTED"), "{p}: {}", r.body);
    }
    let history = w.reply_to(&addr("england"), &fall_mid["england"]);
    assert!(
        history.body.contains("History of game g"),
        "{}",
        history.body
    );
    for p in POWERS {
        let r = w.one_with_subject(&addr(p), "Fall 1901 Movement spy report");
        assert!(r.body.contains("You gave your spy no order"), "{}", r.body);
    }
    let mut none_mid = BTreeMap::new();
    for p in POWERS {
        none_mid.insert(p, w.play(p, "REACTION NONE"));
    }
    w.pass();
    assert_eq!(w.phase(), "W1901A");
    for p in POWERS {
        let m = w.one_with_subject(&addr(p), "Fall 1901 Movement results");
        let b = &m.body;
        // Supply-centre changes: the centres taken in 1901, marked.
        let fr = centre_line(b, "France");
        assert!(fr.contains(" 6 centres"), "{fr}");
        for c in ["bel*", "spa*", "por*"] {
            assert!(fr.contains(c), "{fr}");
        }
        let ru = centre_line(b, "Russia");
        assert!(ru.contains(" 6 centres") && ru.contains("rum*") && ru.contains("swe*"));
        let ge = centre_line(b, "Germany");
        assert!(ge.contains(" 5 centres") && ge.contains("den*") && ge.contains("hol*"));
        let au = centre_line(b, "Austria");
        assert!(au.contains(" 5 centres") && au.contains("gre*") && au.contains("ser*"));
        assert!(centre_line(b, "England").contains("nwy*"));
        assert!(centre_line(b, "Italy").contains("tun*"));
        assert!(centre_line(b, "Turkey").contains("bul*"));
    }

    // Winter 1901: builds and foundings, every power done, so processed.
    let mut winter_mid = BTreeMap::new();
    for (p, lines) in WINTER {
        winter_mid.insert(p, w.play(p, lines));
    }
    w.pass();
    for (p, _) in WINTER {
        let r = w.reply_to(&addr(p), &winter_mid[p]);
        assert!(!r.body.contains("REJECTED"), "{p}: {}", r.body);
    }
    assert_eq!(w.phase(), "S1902M");
    for p in POWERS {
        let m = w.one_with_subject(&addr(p), "Winter 1901 Adjustment results");
        let b = &m.body;
        for built in [
            "A vie", "F lon", "F bre", "A ber", "F nap", "F sev", "F ank",
        ] {
            assert!(b.contains(built), "{built} missing from:\n{b}");
        }
        let fr = centre_line(b, "France");
        assert!(fr.contains(" 6 centres,  5 units"), "{fr}");
    }

    // No player's mail reveals another power's espionage, and nothing of
    // the secret log appears in anybody's mail beyond the one spy report
    // each power gets about its own spy.
    let st = w.store();
    let log = game::secret_log(&st, GAME, None, None).unwrap();
    for p in POWERS {
        let mails = w.mails(&addr(p));
        let all: String = mails.iter().map(Got::text).collect::<Vec<_>>().join("\n");
        // The check can see a secret: each power reads its own spy line
        // (or founding) quoted back in its replies.
        assert!(mentions(&all, &secrets(p)[0]), "{p}: {all}");
        for q in POWERS.iter().filter(|q| **q != p) {
            for s in secrets(q) {
                assert!(
                    !mentions(&all, &s),
                    "{p}'s mail mentions {q}'s secret {s:?}:\n{all}"
                );
            }
        }
        for e in &log {
            assert!(
                !all.contains(&e.text),
                "{p}'s mail holds the secret-log entry {:?}",
                e.text
            );
        }
        // The public mails say nothing of spies (ESP-10; no Fake was given,
        // so SPI-10 has nothing to print either).
        // (The start mail names the game's espionage rules, as issue 21
        // asks, and nothing else of spies: it goes out before any order.)
        for m in mails.iter().filter(|m| m.subject.contains("results")) {
            let b = m.body.to_lowercase();
            assert!(
                !b.contains("spy") && !b.contains("espionage") && !b.contains("react"),
                "{p}: {}",
                m.body
            );
        }
    }
    // HISTORY shows what the results showed: not the frozen order France
    // replaced by its reaction.
    assert!(
        !history.body.contains("A par - bur"),
        "HISTORY reveals France's reacted order:\n{}",
        history.body
    );
    assert!(
        !history.body.contains("replaced"),
        "HISTORY reveals that an order was replaced:\n{}",
        history.body
    );
    // ... but the order France's unit was adjudicated with, as the results
    // mail showed it.
    assert!(
        history.body.contains("A par - pic"),
        "HISTORY lacks the adjudicated order:\n{}",
        history.body
    );

    // The secret log: intact, and it holds every spy order received with
    // the Message-ID of the mail it came in.
    let (ok, said) = secret_log_verify(&w.db());
    assert!(ok, "{said}");
    assert!(said.contains("intact"), "{said}");
    for (p, order) in [
        ("france", "SPY A mun"),
        ("france", "COUNTERSPY A par"),
        ("germany", "SPY F lon"),
        ("germany", "COUNTERSPY F kie"),
        ("england", "SPY A par"),
        ("austria", "SPY A ven"),
        ("turkey", "SPY A war"),
        ("italy", "COUNTERSPY A ven"),
    ] {
        let e = log
            .iter()
            .find(|e| {
                e.kind == "received"
                    && e.power.as_deref() == Some(p)
                    && e.text.contains(&format!("`{order}`"))
            })
            .unwrap_or_else(|| panic!("no received entry for {p}'s {order}: {log:#?}"));
        let src = e.source.as_deref().unwrap_or_default();
        assert!(src.contains(&spring_mid[p]), "{p} {order}: {src}");
        assert!(src.contains(&addr(p)), "{src}");
    }
    let reaction = log
        .iter()
        .find(|e| e.kind == "received" && e.text.contains("REACTION A par - pic"))
        .expect("France's reaction is logged");
    assert!(
        reaction
            .source
            .as_deref()
            .unwrap()
            .contains(&react_mid["france"])
    );
    for p in POWERS {
        assert!(
            log.iter()
                .any(|e| e.kind == "founded" && e.text.to_lowercase().contains(p)),
            "no founding by {p}: {log:#?}"
        );
    }
}

/// A wrong password: the reply says so and rejects the orders, and the
/// power's orders stay as they were.
#[test]
fn a_wrong_password_is_refused_and_leaves_the_orders_unchanged() {
    let mut w = World::new();
    w.started_game(&["espionnite"], "white");
    let good = w.play("france", "A par - bur\nA mar - spa\nF bre - mao\nSPY A mun");
    w.pass();
    assert!(!w.reply_to(&addr("france"), &good).body.contains("REJECTED"));
    let bad = w.send(
        &addr("france"),
        &format!("SIGNON F {GAME} not-my-password\nA par - pic\nSPY A ber\n"),
    );
    w.pass();
    let r = w.reply_to(&addr("france"), &bad);
    assert!(r.body.contains("wrong password"), "{}", r.body);
    assert!(!r.body.contains("not-my-password"), "{}", r.body);
    assert_eq!(r.body.matches("REJECTED").count(), 3, "{}", r.body);
    assert!(!r.body.contains("Your orders as"), "{}", r.body);
    let shown = w.orders_show("france");
    assert!(shown.contains("A par - bur"), "{shown}");
    assert!(!shown.contains("A par - pic"), "{shown}");
    // The spy order stands; the refused one never reached the game.
    let log = game::secret_log(&w.store(), GAME, None, None).unwrap();
    let sent = |o: &str| {
        log.iter()
            .any(|e| e.kind == "received" && e.text.contains(&format!("`{o}`")))
    };
    assert!(sent("SPY A mun") && !sent("SPY A ber"), "{log:#?}");
    // Only France heard from the judge (besides the start of the game).
    for p in POWERS.iter().filter(|p| **p != "france") {
        let m = w.mails(&addr(p));
        assert_eq!(m.len(), 1, "{p}: {m:#?}");
    }
}

/// Mail with a player's address in From but without the password changes
/// nothing. The judge's refusal goes to the From address, so the real
/// player receives exactly one refusal per forged mail and nothing else:
/// no orders, no sign that anything was stored.
#[test]
fn a_forged_sender_changes_nothing_and_the_real_player_only_sees_the_refusal() {
    let mut w = World::new();
    w.started_game(&["espionnite", "spionage"], "white");
    let good = w.play("germany", "A ber - kie\nA mun - ruh\nF kie - den");
    w.pass();
    assert!(
        !w.reply_to(&addr("germany"), &good)
            .body
            .contains("REJECTED")
    );
    let before = w.orders_show("germany");
    let before_all = game::show(&w.store(), GAME).unwrap();

    // Sent by carol's mail server, claiming to be Germany: once without a
    // password, once with a guess, once as the master.
    let forged = |id: &str, body: &str| {
        format!(
            "From: {}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <{id}@evil.example.org>\r\nContent-Type: text/plain\r\n\r\n{body}\r\n",
            addr("germany")
        )
    };
    w.send_raw(
        "carol@example.org",
        forged(
            "f1",
            &format!("SIGNON G {GAME}\nA mun - bur\nCLEAR\nRESIGN"),
        )
        .as_bytes(),
    );
    w.send_raw(
        "carol@example.org",
        forged(
            "f2",
            &format!("SIGNON germany {GAME} guess\nA mun - sil\nSET PASSWORD mine"),
        )
        .as_bytes(),
    );
    w.send_raw(
        "carol@example.org",
        forged("f3", &format!("MASTER guess\nPROCESS {GAME}")).as_bytes(),
    );
    w.pass();
    assert_eq!(w.orders_show("germany"), before);
    let after_all = game::show(&w.store(), GAME).unwrap();
    assert_eq!(after_all.phase, before_all.phase);
    assert_eq!(after_all.deadline, before_all.deadline);
    assert_eq!(
        format!("{:?}", after_all.powers),
        format!("{:?}", before_all.powers)
    );
    let germany = w.mails(&addr("germany"));
    // The start, the real reply, three refusals.
    assert_eq!(germany.len(), 5, "{germany:#?}");
    for id in ["f1", "f2", "f3"] {
        let r = w.reply_to(&addr("germany"), &format!("<{id}@evil.example.org>"));
        assert!(r.body.contains("REJECTED"), "{}", r.body);
        assert!(!r.body.contains("OK:"), "{}", r.body);
        assert!(!r.body.contains("Your orders as"), "{}", r.body);
        assert!(!r.body.contains("A ber - kie"), "{}", r.body);
    }
    // The password still works, and the old one was not changed.
    let again = w.play("germany", "A mun - bur");
    w.pass();
    let r = w.reply_to(&addr("germany"), &again);
    assert!(r.body.contains("signed on as Germany"), "{}", r.body);
    assert!(w.mails("carol@example.org").is_empty());
    for p in POWERS.iter().filter(|p| **p != "germany") {
        assert_eq!(w.mails(&addr(p)).len(), 1, "{p}");
    }
}

/// Binary and wrongly encoded mail arrive in the middle of a phase; the
/// judge answers or quarantines them and goes on: the valid mail after
/// them is handled and the phase is processed. A mail delivered twice is
/// answered once.
#[test]
fn garbage_mail_mid_game_does_not_stop_the_game() {
    let mut w = World::new();
    w.started_game(&["spionage"], "white");
    let mut junk = b"From: england@example.org\r\nTo: judge@example.org\r\nSubject: \xff\xfe\r\nMessage-ID: <bin@p>\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not base64!!!\r\n".to_vec();
    junk.extend(
        (0..2000u32)
            .map(|i| ((i * 89 + 7) % 251) as u8)
            .filter(|b| *b != b'\r' && *b != b'\n' && *b != 0),
    );
    junk.extend_from_slice(b"\r\n");
    w.send_raw("england@example.org", &junk);
    w.send_raw(
        "germany@example.org",
        b"From: germany@example.org\r\nTo: judge@example.org\r\nSubject: Befehle\r\nMessage-ID: <latin@p>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSIGNON G g pw-germany\r\nA m\xfcn - ruh\r\n",
    );
    w.send_raw(
        "italy@example.org",
        b"From: italy@example.org\r\nTo: judge@example.org\r\nSubject: x\r\nMessage-ID: <koi@p>\r\nContent-Type: text/plain; charset=x-no-such-charset\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=FF=FE=00garbage=\r\n",
    );
    let mut mids = BTreeMap::new();
    for (p, lines) in SPRING {
        // The Espionnite lines are not for this game: keep the moves.
        let moves: Vec<&str> = lines
            .lines()
            .filter(|l| !l.contains("SPY") && !l.starts_with("S "))
            .collect();
        mids.insert(p, w.play(p, &moves.join("\n")));
    }
    // And England's orders delivered a second time, same Message-ID.
    let local = mids["england"]
        .trim_start_matches('<')
        .split('@')
        .next()
        .unwrap()
        .to_string();
    w.to_judge += 1;
    let england = SPRING[1]
        .1
        .lines()
        .filter(|l| !l.contains("SPY"))
        .collect::<Vec<_>>()
        .join("\n");
    w.stack.send_text(
        &addr("england"),
        "orders",
        &format!("SIGNON E {GAME} {}\n{england}\n", pw("england")),
        &local,
    );
    w.pass();
    let st = w.store();
    let rows = mail::inbox_rows(&st.read()).unwrap();
    assert_eq!(rows.len(), 10, "the duplicate is stored once: {rows:#?}");
    assert!(
        rows.iter()
            .all(|r| r.status == "handled" || r.status == "quarantined"),
        "{rows:#?}"
    );
    for p in POWERS {
        let r = w.reply_to(&addr(p), &mids[p]);
        assert!(!r.body.contains("REJECTED"), "{p}: {}", r.body);
        w.one_with_subject(&addr(p), "Spring 1901 Movement results");
    }
    assert_eq!(w.phase(), "F1901M");
}

/// SIGKILL while the judge is inside the transaction that processes a
/// phase; after a restart every order is there, the phase is processed
/// once, and nobody receives a reply or the results twice.
#[test]
fn a_judge_killed_while_processing_loses_no_order_and_sends_nothing_twice() {
    let mut w = World::new();
    w.started_game(&["espionnite", "spionage"], "white");
    for (p, lines) in SPRING {
        let moves: Vec<&str> = lines.lines().filter(|l| !l.starts_with("S ")).collect();
        w.play(p, &moves.join("\n"));
    }
    w.pass();
    // The reaction phase is open; six powers are done.
    for p in POWERS.iter().filter(|p| **p != "turkey") {
        w.play(p, "REACTION NONE");
    }
    w.pass();
    assert_eq!(w.phase(), "S1901M");
    // Turkey's reaction completes the phase: the judge stores it, answers
    // it (queued), starts processing, and dies before committing.
    let last = w.play("turkey", "REACTION A smy - con");
    w.stack.wait_for(JUDGE, w.to_judge);
    let mut j = Serve::start(
        &["--now".to_string(), w.now_arg()],
        &w.cfg,
        &[("DIPSPY_TEST_PAUSE_IN_PROCESSING", "60")],
    );
    j.wait_line("pausing");
    j.kill9();
    // Nothing of the processing survived; the reply waits in the outbox.
    assert_eq!(w.phase(), "S1901M");
    let queued: Vec<_> = w
        .outbox()
        .into_iter()
        .filter(|o| o.status != "sent")
        .collect();
    assert_eq!(queued.len(), 1, "{queued:#?}");
    assert_eq!(queued[0].in_reply_to.as_deref(), Some(last.as_str()));
    assert!(
        w.mails(&addr("turkey"))
            .iter()
            .all(|m| m.in_reply_to.as_deref() != Some(last.as_str())),
        "the reply went out before the crash"
    );

    // Restarted (a later clock), the judge finishes the job once.
    w.now += Duration::minutes(5);
    w.pass();
    assert_eq!(w.phase(), "F1901M");
    let h = game::history(&w.store(), GAME, None).unwrap();
    let phases: Vec<&str> = h.iter().map(|e| e.phase.as_str()).collect();
    assert_eq!(phases, ["S1901M", "F1901M"]);
    w.reply_to(&addr("turkey"), &last);
    for p in POWERS {
        let m = w.one_with_subject(&addr(p), "Spring 1901 Movement results");
        // Every order given before the crash was adjudicated.
        for (q, lines) in SPRING {
            for l in lines
                .lines()
                .filter(|l| !l.contains("SPY") && !l.starts_with("S "))
            {
                let l = if q == "turkey" && l == "A smy - arm" {
                    "A smy - con"
                } else {
                    l
                };
                // The judge writes mid and nrg for mao and nwg.
                let l = l.replace("mao", "mid").replace("nwg", "nrg");
                assert!(
                    m.body.contains(&l),
                    "{p}: {q}'s `{l}` missing from\n{}",
                    m.body
                );
            }
        }
        // Each mail once: one per subject and reply, by Message-ID too
        // (settle checked the IDs).
        let mails = w.mails(&addr(p));
        let mut subjects: BTreeMap<(String, Option<String>), usize> = BTreeMap::new();
        for m in &mails {
            *subjects
                .entry((m.subject.clone(), m.in_reply_to.clone()))
                .or_default() += 1;
        }
        assert!(subjects.values().all(|n| *n == 1), "{p}: {subjects:#?}");
    }
    let log = game::secret_log(&w.store(), GAME, None, None).unwrap();
    assert!(
        log.iter()
            .any(|e| e.kind == "received" && e.source.as_deref().unwrap_or("").contains(&last))
    );
    let (ok, said) = secret_log_verify(&w.db());
    assert!(ok, "{said}");
}

/// Press by mail reaches exactly the powers it is addressed to, signed by
/// its sender.
#[test]
fn press_by_mail_reaches_only_its_recipients() {
    let mut w = World::new();
    w.started_game(&["espionnite"], "white");
    let mid = w.play(
        "england",
        "PRESS TO france, germany\nShall we share the North Sea?\nENDPRESS",
    );
    w.pass();
    assert!(!w.reply_to(&addr("england"), &mid).body.contains("REJECTED"));
    for p in POWERS {
        let press = w.with_subject(&addr(p), "Press in game g");
        if p == "france" || p == "germany" {
            assert_eq!(press.len(), 1, "{p}");
            assert!(press[0].body.contains("Shall we share the North Sea?"));
            assert!(press[0].body.contains("From: England"), "{}", press[0].body);
        } else {
            assert!(press.is_empty(), "{p}: {press:#?}");
            for m in w.mails(&addr(p)) {
                assert!(!m.body.contains("North Sea"), "{p}: {}", m.body);
            }
        }
    }
}

/// Issue 12's key steps against the real servers: a veteran's mail (the
/// njudge sign-on, orders on one line, SIGN OFF above the signature), a
/// resignation and a takeover the master approves, and a draw voted by
/// mail that ends the game for everyone.
#[test]
fn a_veterans_game_by_mail_ends_in_a_draw_with_a_new_player() {
    let mut w = World::new();
    w.started_game(&[], "white");
    let mid = w.send(
        &addr("france"),
        &format!(
            "SIGN ON F{GAME} {}\nA Par-Bur, A Mar-Spa; F Bre-Mid\nSIGN OFF\nAnne\n> SIGNON F g old\n",
            pw("france")
        ),
    );
    w.play("italy", "RESIGN");
    w.pass();
    let r = w.reply_to(&addr("france"), &mid);
    assert!(!r.body.contains("REJECTED"), "{}", r.body);
    assert!(
        r.body.contains("OK: order stored as `F bre - mid`"),
        "{}",
        r.body
    );
    assert!(r.body.contains("Line 3: SIGNOFF"), "{}", r.body);

    let alice = "alice@example.org";
    let ask = w.send(alice, &format!("TAKEOVER italy {GAME} alice-pw-3"));
    w.pass();
    assert!(
        w.reply_to(alice, &ask)
            .body
            .contains("is with the game master")
    );
    assert_eq!(
        w.with_subject(MASTER, "a request to take over Italy").len(),
        1
    );
    w.send(MASTER, &format!("MASTER {MASTER_PW}\nAPPROVE {GAME} italy"));
    w.pass();
    assert_eq!(w.with_subject(alice, "you play Italy").len(), 1);
    assert_eq!(
        w.with_subject(&addr("england"), "Italy has a new player")
            .len(),
        1
    );

    for p in ["austria", "england", "france", "germany", "russia"] {
        w.play(p, "SET DRAW");
    }
    w.pass();
    assert!(
        w.with_subject(&addr("turkey"), "the game is over")
            .is_empty()
    );
    w.play("turkey", "SET DRAW");
    w.send(alice, &format!("SIGNON I {GAME} alice-pw-3\nSET DRAW"));
    w.pass();
    for who in [
        "austria", "england", "france", "germany", "russia", "turkey",
    ]
    .iter()
    .map(|p| addr(p))
    .chain([alice.to_string(), MASTER.to_string()])
    {
        let end = w.one_with_subject(&who, "the game is over");
        assert!(
            end.body.contains(
                "a draw between Austria, England, France, Germany, Italy, Russia, Turkey"
            ),
            "{who}: {}",
            end.body
        );
    }
}
