//! A judge on Maildirs for the tests that play by mail as users do:
//! `dipspy serve --once` (the built binary) with the Maildir transport and
//! a real SQLite file, a master and seven players with their passwords,
//! and after every pass a check of every mail the judge sent (see
//! `tests/it/support/mailcheck.rs`): no password and no other player's address.

#![allow(dead_code)]

use super::mailcheck;
use super::password::argon2_hash;
use chrono::{DateTime, Duration, Utc};
use dipspy::mail;
use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];
pub(crate) const MASTER: &str = "gm@judge.test";
pub(crate) const MASTER_PW: &str = "Mst-pass-9q";
pub(crate) const JUDGE: &str = "judge@judge.test";

pub(crate) fn addr(power: &str) -> String {
    format!("{power}@players.test")
}

pub(crate) fn pw(power: &str) -> String {
    format!("Pw{}-7xq", &power[..3])
}

pub(crate) fn letter(power: &str) -> char {
    power.chars().next().unwrap().to_ascii_uppercase()
}

/// A judge on Maildirs, its clock, and every password and address in play
/// (for the check on every outgoing mail).
pub(crate) struct World {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) cfg: PathBuf,
    pub(crate) now: DateTime<Utc>,
    pub(crate) n: usize,
    pub(crate) passwords: Vec<String>,
    pub(crate) addresses: Vec<String>,
    /// How many mails the last check read.
    pub(crate) checked: usize,
    /// The game is not anonymous: its start and last mails name every
    /// player by address (see `mailcheck::names_the_players`).
    pub(crate) open: bool,
}

impl World {
    pub(crate) fn new() -> World {
        let dir = tempfile::tempdir().unwrap();
        let cfg = dir.path().join("judge.toml");
        std::fs::write(
            &cfg,
            format!(
                "[database]\npath = \"judge.db\"\n[judge]\naddress = \"{JUDGE}\"\n\
                 master_address = \"{MASTER}\"\nmaster_password_hash = \"{}\"\n\
                 [mail]\ntransport = \"maildir\"\n\
                 [maildir]\nincoming = \"in\"\noutgoing = \"out\"\n",
                argon2_hash(MASTER_PW)
            ),
        )
        .unwrap();
        mail::create_maildir(&dir.path().join("in")).unwrap();
        let mut passwords: Vec<String> = POWERS.iter().map(|p| pw(p)).collect();
        passwords.push(MASTER_PW.into());
        World {
            dir,
            cfg,
            now: "2025-03-01T12:00:00Z".parse().unwrap(),
            n: 0,
            passwords,
            addresses: POWERS.iter().map(|p| addr(p)).collect(),
            checked: 0,
            open: true,
        }
    }

    /// Delivers a plain-text mail to the judge; returns its Message-ID.
    pub(crate) fn send(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        let mid = format!("<t{}@players.test>", self.n);
        let raw = format!(
            "From: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: {mid}\r\n\
             Date: Sat, 01 Mar 2025 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
        );
        mail::deliver_to_maildir(&self.dir.path().join("in"), raw.as_bytes()).unwrap();
        mid
    }

    /// OBSERVE from `who`, confirmed with the code the judge mails there
    /// (two passes).
    pub(crate) fn observe(&mut self, who: &str, game: &str) {
        self.send(who, &format!("OBSERVE {game}"));
        self.pass();
        let code = self
            .mails(who)
            .iter()
            .rev()
            .find_map(|m| {
                m.lines().find_map(|l| {
                    l.trim()
                        .strip_prefix("CONFIRM ADDRESS ")
                        .map(str::to_string)
                })
            })
            .unwrap_or_else(|| panic!("{who} got no code for OBSERVE"));
        self.send(who, &format!("CONFIRM ADDRESS {code}"));
        self.pass();
    }

    /// A player's mail: SIGNON by letter, then `lines`.
    pub(crate) fn play(&mut self, power: &str, lines: &str) -> String {
        let body = format!("SIGNON {} vet {}\n{lines}", letter(power), pw(power));
        self.send(&addr(power), &body)
    }

    pub(crate) fn master(&mut self, lines: &str) -> String {
        self.send(MASTER, &format!("MASTER {MASTER_PW}\n{lines}"))
    }

    /// One pass of the judge at `now`; then every mail it sent is checked.
    pub(crate) fn pass(&mut self) {
        let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--now")
            .arg(self.now.format("%Y-%m-%dT%H:%M:%SZ").to_string())
            .args(["serve", "--once", "--config"])
            .arg(&self.cfg)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "serve --once failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.check_everything_sent();
    }

    pub(crate) fn outgoing(&self) -> PathBuf {
        self.dir.path().join("out")
    }

    /// Every mail in every outgoing Maildir: no password, no other
    /// player's address (the game master's mail excepted).
    pub(crate) fn check_everything_sent(&mut self) {
        let mut n = 0;
        let Ok(rd) = std::fs::read_dir(self.outgoing()) else {
            return;
        };
        for who in rd.flatten() {
            let to = who.file_name().to_string_lossy().into_owned();
            // The game master may know the players' addresses (WHOGAME
            // shows them to the master); nobody sees a password.
            let addresses: &[String] = if to == MASTER { &[] } else { &self.addresses };
            for raw in raw_mails(&who.path()) {
                let addresses = if self.open && mailcheck::names_the_players(&raw) {
                    &[]
                } else {
                    addresses
                };
                mailcheck::assert_clean(&to, &raw, &self.passwords, addresses);
                n += 1;
            }
        }
        self.checked = n;
    }

    /// Every mail `who` received, readable.
    pub(crate) fn mails(&self, who: &str) -> Vec<String> {
        raw_mails(&self.outgoing().join(who))
            .iter()
            .map(|r| mailcheck::readable(r))
            .collect()
    }

    /// The one reply to the message `mid`, as `who` reads it.
    pub(crate) fn reply(&self, who: &str, mid: &str) -> String {
        let r: Vec<String> = raw_mails(&self.outgoing().join(who))
            .into_iter()
            .filter(|raw| String::from_utf8_lossy(raw).contains(&format!("In-Reply-To: {mid}")))
            .map(|r| mailcheck::readable(&r))
            .collect();
        assert_eq!(r.len(), 1, "{who}: one reply to {mid}: {r:#?}");
        r.into_iter().next().unwrap()
    }

    /// The mails `who` received whose subject holds `what`, or the
    /// subject of one of their parts (what one mail to the judge caused
    /// for one address comes as one mail, see `mailcheck::part_subjects`).
    pub(crate) fn about(&self, who: &str, what: &str) -> Vec<String> {
        self.mails(who)
            .into_iter()
            .filter(|m| {
                m.lines().next().unwrap_or("").contains(what)
                    || mailcheck::part_subjects(m).iter().any(|s| s.contains(what))
            })
            .collect()
    }

    /// `dipspy orders show vet POWER`, as the judge sees it.
    pub(crate) fn orders_show(&self, power: &str) -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .arg("--db")
            .arg(self.dir.path().join("judge.db"))
            .args(["orders", "show", "vet", power])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Game `vet` created and started by mail, seven players joined by
    /// mail; `settings` are extra CREATE settings.
    pub(crate) fn started(settings: &str) -> World {
        let mut w = World::new();
        w.open = !settings.contains("anonymous=yes");
        w.master(&format!("CREATE vet deadline=48h {settings}"));
        for p in POWERS {
            w.send(&addr(p), &format!("JOIN {p} vet {}", pw(p)));
        }
        w.master("START vet");
        w.pass();
        w
    }

    /// Moves the clock past the current deadline and runs the judge.
    pub(crate) fn at_deadline(&mut self) {
        self.now += Duration::hours(49);
        self.pass();
    }
}

/// The raw mails in a Maildir's new/ folder, in name order.
pub(crate) fn raw_mails(dir: &Path) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("new"))
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

pub(crate) fn has(text: &str, want: &str) -> bool {
    text.contains(want)
}

#[track_caller]
pub(crate) fn assert_has(text: &str, want: &str) {
    assert!(has(text, want), "lacks {want:?}:\n{text}");
}
