//! Issue 26: a game played by mail in which France reads French and
//! Germany reads German, both espionage rule sets on (Espionnite and
//! Spionage), from JOIN to a draw, against real servers (Dovecot and
//! OpenSMTPD on loopback, see `tests/it/support/mailstack.rs`): the players send their
//! mail by SMTP, `dipspy serve --once` reads it over IMAP, and the test
//! reads what each player received over IMAP.
//!
//! France chooses French with `SET LANGUAGE fr` in its JOIN mail; Germany
//! says nothing and reads German because the game was created with
//! `language=de`. Every mail France and Germany receive (replies, the
//! start mail, spy reports, the reaction notice, results, reminders, the
//! mail-layer note on a mail too large, the end mail, the text in the
//! pictures) goes through `mailcheck::english_lines`: no English sentence
//! may reach them outside what players wrote themselves. The test also
//! checks that each of those kinds of mail really reached both of them,
//! so that the language check has something to read.

use crate::support::mailcheck;
use crate::support::mailstack;
use crate::support::stackgame::{
    GAME, MASTER, MASTER_PW, POWERS, addr, judge_config_with_master, letter, pw,
};

use chrono::{DateTime, Duration, Utc};
use dipspy::mail;
use dipspy::store::{self, Store};
use mailstack::{JUDGE, MailStack, USERS, header};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

/// The judge reads mail up to this size (`[limits]`); France sends one
/// larger mail to hear the mail layer's own note.
const MAX_BYTES: usize = 20_000;

struct World {
    stack: MailStack,
    cfg: PathBuf,
    now: DateTime<Utc>,
    to_judge: usize,
    n: usize,
    /// Everything any player or the master wrote to the judge: their own
    /// words, which the judge may echo or relay.
    written: Vec<String>,
}

impl World {
    fn new() -> World {
        let stack = MailStack::start();
        // Results carry the PNG and the SVG it was drawn from, so that
        // the pictures' text is read too (`pictures=` is not a CREATE
        // setting by mail: the judge's default for new games is used).
        let cfg = judge_config_with_master(
            &stack,
            &format!(
                "\n[limits]\nmax_message_bytes = {MAX_BYTES}\n\n[defaults]\npictures = \"png+svg\"\n"
            ),
        );
        World {
            stack,
            cfg,
            now: "2025-03-01T12:00:00Z".parse().unwrap(),
            to_judge: 0,
            n: 0,
            written: Vec::new(),
        }
    }

    fn store(&self) -> Store {
        crate::support::words::open_store(&self.stack.db_path()).unwrap()
    }

    /// Sends a plain-text mail to the judge; returns its Message-ID.
    fn send(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        self.to_judge += 1;
        self.written.push(body.to_string());
        let local = from.split('@').next().unwrap();
        self.stack
            .send_text(from, "orders", body, &format!("m{}-{local}", self.n))
    }

    fn play(&mut self, power: &str, lines: &str) -> String {
        let body = format!("SIGNON {} {GAME} {}\n{lines}\n", letter(power), pw(power));
        self.send(&addr(power), &body)
    }

    fn master(&mut self, lines: &str) -> String {
        self.send(MASTER, &format!("MASTER {MASTER_PW}\n{lines}\n"))
    }

    /// One pass of the judge once all mail sent so far reached its INBOX;
    /// then waits until every mailbox holds what the judge sent it, and
    /// checks that no mail holds a password or another player's address.
    fn pass(&mut self) {
        self.stack.wait_for(JUDGE, self.to_judge);
        let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--now")
            .arg(self.now.format("%Y-%m-%dT%H:%M:%SZ").to_string())
            .args(["serve", "--once", "--config"])
            .arg(&self.cfg)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "dipspy serve --once failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.settle();
    }

    fn settle(&self) {
        let rows = mail::outbox_rows(&self.store().read()).unwrap();
        let unsent: Vec<_> = rows.iter().filter(|r| r.status != "sent").collect();
        assert!(unsent.is_empty(), "mail not sent: {unsent:#?}");
        let mut per: BTreeMap<String, usize> = BTreeMap::new();
        for r in &rows {
            *per.entry(r.to.clone()).or_default() += 1;
        }
        let mut passwords: Vec<String> = POWERS.iter().map(|p| pw(p)).collect();
        passwords.push(MASTER_PW.into());
        let addresses: Vec<String> = POWERS.iter().map(|p| addr(p)).collect();
        for u in USERS.iter().filter(|u| **u != "judge") {
            let a = addr(u);
            let want = per.get(&a).copied().unwrap_or(0);
            for (raw, _) in self.stack.wait_for(&a, want) {
                let addresses: &[String] = if mailcheck::names_the_players(&raw) {
                    &[]
                } else {
                    &addresses
                };
                mailcheck::assert_clean(&a, &raw, &passwords, addresses);
            }
        }
    }

    /// The text of the one reply in `user`'s INBOX to `mid`.
    fn reply_text(&self, user: &str, mid: &str) -> String {
        let r: Vec<String> = self
            .stack
            .inbox(user)
            .iter()
            .filter(|(raw, _)| header(raw, "In-Reply-To").as_deref() == Some(mid))
            .map(|(raw, _)| mailcheck::reader_text(raw))
            .collect();
        assert_eq!(r.len(), 1, "{user}: one reply to {mid}: {r:#?}");
        r.into_iter().next().unwrap()
    }

    /// What the mail with Message-ID `mid` in the outbox is: `reply` (an
    /// answer to a player's mail) or its announcement's kind.
    fn kinds(&self) -> BTreeMap<String, String> {
        let st = self.store();
        let g = st.read().game_by_name(GAME).unwrap().unwrap();
        let kinds: BTreeMap<i64, String> = st
            .read()
            .announcements(g.id)
            .unwrap()
            .into_iter()
            .map(|a| (a.id, a.kind.as_str().to_string()))
            .collect();
        mail::outbox_rows(&st.read())
            .unwrap()
            .into_iter()
            .map(|r| {
                let kind = match (r.announcement_id, r.inbox_id) {
                    (Some(a), _) => kinds.get(&a).cloned().unwrap_or_else(|| "?".into()),
                    (None, Some(_)) => "reply".into(),
                    (None, None) => "other".into(),
                };
                (r.message_id, kind)
            })
            .collect()
    }
}

/// Spring 1901: every power's orders, with spies and counter-spies;
/// France and Germany write their espionage words in their own language,
/// each also one order the judge refuses, and France sends Germany press.
fn spring(power: &str) -> &'static str {
    match power {
        "austria" => "A vie - gal\nA bud - ser\nF tri - alb\nSPY A ven\nCOUNTERSPY A vie",
        "england" => "F lon - nth\nF edi - nwg\nA lvp - yor\nSPY A par",
        "france" => {
            "A par - bur\nA mar - spa\nF bre - mao\nESPION A mun\nCONTRE-ESPION A par\n\
             A par - mun\n\
             PRESS TO G\nLa Bourgogne reste a nous deux, the old border holds.\nENDPRESS"
        }
        "germany" => {
            "A ber - kie\nA mun - ruh\nF kie - den\nSPION F lon\nGEGENSPION F kie\nF kie - mos"
        }
        "italy" => "A ven H\nA rom - apu\nF nap - ion\nCOUNTERSPY A ven",
        "russia" => "A mos - ukr\nA war H\nF sev - rum\nF stp/sc - bot",
        _ => "F ank - bla\nA con - bul\nA smy - arm\nSPY A war",
    }
}

/// Issue 26's "Done means": France in French, Germany in German, from
/// JOIN to a draw by mail; every mail either of them receives is in
/// their language.
#[test]
fn france_reads_french_and_germany_german_in_every_mail_from_join_to_draw() {
    let mut w = World::new();

    // The game: both espionage rule sets, German by default, a reminder a
    // day before each deadline.
    let create = w.master(&format!(
        "CREATE {GAME} rules=espionnite,spionage deadline=48h reaction=24h reminder=24h language=de"
    ));
    w.pass();
    let made = w.reply_text(MASTER, &create);
    // The master reads the game's German, the same as its announcements
    // (issue 35 item 6).
    assert!(made.contains("Partie g angelegt"), "{made}");

    // France chooses French with SET LANGUAGE in its JOIN mail; Germany
    // gets the game's German without asking; the others join plainly.
    let mut joins = BTreeMap::new();
    for p in POWERS {
        let body = if p == "france" {
            format!("SET LANGUAGE fr\nJOIN {p} {GAME} {}\n", pw(p))
        } else {
            format!("JOIN {p} {GAME} {}\n", pw(p))
        };
        joins.insert(p, w.send(&addr(p), &body));
    }
    w.pass();
    w.master(&format!("START {GAME}"));
    w.pass();

    // Spring 1901: all orders in, so the same pass freezes them, sends the
    // spy reports and opens the reaction phase.
    for p in POWERS {
        w.play(p, spring(p));
    }
    w.pass();
    // Nobody reacts: the phase is adjudicated at once (ESP-8).
    for p in POWERS {
        w.play(p, "REACTION NONE");
    }
    w.pass();

    // Fall 1901: a day before the deadline nobody has ordered: everybody
    // is reminded.
    w.now += Duration::hours(25);
    w.pass();

    // France sends a mail too large to read: the mail layer's note.
    let big = format!(
        "SIGNON F {GAME} {}\nA bur H\n{}\n",
        pw("france"),
        "Je joins la carte annotée de mes projets. ".repeat(MAX_BYTES / 40 + 10)
    );
    let big_mid = w.send(&addr("france"), &big);
    w.pass();

    // Everybody votes a draw: the game ends. Austria's vote comes last, in
    // a pass of its own: the end mail then goes to France and Germany as
    // a mail of its own (the voter whose mail ends the game reads it below
    // the reply to that mail, one mail per address and inbound mail).
    for p in POWERS.iter().filter(|p| **p != "austria") {
        w.play(p, "SET DRAW");
    }
    w.pass();
    w.play("austria", "SET DRAW");
    w.pass();
    {
        let st = w.store();
        let g = st.read().game_by_name(GAME).unwrap().unwrap();
        assert_eq!(
            g.status,
            store::GameStatus::Finished,
            "the draw ended the game"
        );
    }

    // Every mail France and Germany received, read in their language.
    let kinds = w.kinds();
    let mut leaks: Vec<String> = Vec::new();
    let mut checked = 0;
    for (power, lang) in [("france", "fr"), ("germany", "de")] {
        let a = addr(power);
        let mut got: BTreeSet<String> = BTreeSet::new();
        for (raw, _) in w.stack.inbox(&a) {
            let mid = header(&raw, "Message-ID").unwrap_or_default();
            let kind = kinds.get(&mid).cloned().unwrap_or_else(|| "unknown".into());
            let subject = mailcheck::reader_text(&raw)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            for line in mailcheck::english_lines(lang, &raw, &w.written) {
                leaks.push(format!("{power} ({lang}), {kind} mail {subject:?}: {line}"));
            }
            // French and no German for France, German and no French for
            // Germany.
            for line in mailcheck::foreign_lines(lang, &raw, &w.written) {
                leaks.push(format!(
                    "{power} ({lang}), {kind} mail {subject:?}, other language: {line}"
                ));
            }
            if !mailcheck::holds_language(lang, &raw, &w.written) {
                leaks.push(format!(
                    "{power} ({lang}), {kind} mail {subject:?} holds no {lang}:\n{}",
                    mailcheck::reader_text(&raw)
                ));
            }
            if String::from_utf8_lossy(&raw).contains("image/svg+xml") {
                got.insert("picture (SVG)".into());
            }
            got.insert(kind);
            checked += 1;
        }
        // Each kind of mail reached them, so the check read each.
        for want in [
            "reply",
            "start",
            "spy-report",
            "reaction",
            "results",
            "reminder",
            "end",
            "picture (SVG)",
        ] {
            assert!(got.contains(want), "{power} got no {want} mail: {got:?}");
        }
    }
    // France's note about the mail too large, in French as everything.
    let note = w
        .stack
        .inbox(&addr("france"))
        .into_iter()
        .find(|(raw, _)| header(raw, "In-Reply-To").as_deref() == Some(big_mid.as_str()))
        .map(|(raw, _)| mailcheck::reader_text(&raw))
        .expect("France was told its mail was too large");
    assert!(
        note.contains(&format!("l'arbitre lit au plus {MAX_BYTES} octets")),
        "{note}"
    );
    assert!(checked >= 20, "only {checked} mails checked");
    assert!(
        leaks.is_empty(),
        "{} English or other-language lines reached France or Germany:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}
