//! Issue 11, "trust what the judge says": the mails a game master and
//! seven players send, answered as they should be. Everything goes through
//! `dipspy serve --once` (the built binary) with the Maildir transport and
//! a real SQLite file: the master creates and starts the game by mail, the
//! players join by mail, and after every pass each test reads what each
//! address actually received. Every mail the judge sends is checked (see
//! `tests/mailcheck`): no password and no other player's address in it.

mod mailcheck;

use chrono::{DateTime, Duration, Utc};
use dipspy::mail::maildir;
use std::path::{Path, PathBuf};
use std::process::Command;

const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];
const MASTER: &str = "gm@judge.test";
const MASTER_PW: &str = "Mst-pass-9q";
const JUDGE: &str = "judge@judge.test";

fn addr(power: &str) -> String {
    format!("{power}@players.test")
}

fn pw(power: &str) -> String {
    format!("Pw{}-7xq", &power[..3])
}

fn letter(power: &str) -> char {
    power.chars().next().unwrap().to_ascii_uppercase()
}

fn argon2_hash(pw: &str) -> String {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(pw.as_bytes(), &salt)
        .unwrap()
        .to_string()
}

/// A judge on Maildirs, its clock, and every password and address in play
/// (for the check on every outgoing mail).
struct World {
    dir: tempfile::TempDir,
    cfg: PathBuf,
    now: DateTime<Utc>,
    n: usize,
    passwords: Vec<String>,
    addresses: Vec<String>,
    /// Mail files already checked, per recipient.
    checked: usize,
}

impl World {
    fn new() -> World {
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
        maildir::create(&dir.path().join("in")).unwrap();
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
        }
    }

    /// Delivers a plain-text mail to the judge; returns its Message-ID.
    fn send(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        let mid = format!("<t{}@players.test>", self.n);
        let raw = format!(
            "From: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: {mid}\r\n\
             Date: Sat, 01 Mar 2025 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
        );
        maildir::deliver(&self.dir.path().join("in"), raw.as_bytes()).unwrap();
        mid
    }

    /// A player's mail: SIGNON by letter, then `lines`.
    fn play(&mut self, power: &str, lines: &str) -> String {
        let body = format!("SIGNON {} vet {}\n{lines}", letter(power), pw(power));
        self.send(&addr(power), &body)
    }

    fn master(&mut self, lines: &str) -> String {
        self.send(MASTER, &format!("MASTER {MASTER_PW}\n{lines}"))
    }

    /// One pass of the judge at `now`; then every mail it sent is checked.
    fn pass(&mut self) {
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

    fn outgoing(&self) -> PathBuf {
        self.dir.path().join("out")
    }

    /// Every mail in every outgoing Maildir: no password, no other
    /// player's address.
    fn check_everything_sent(&mut self) {
        let mut n = 0;
        let Ok(rd) = std::fs::read_dir(self.outgoing()) else {
            return;
        };
        for who in rd.flatten() {
            let to = who.file_name().to_string_lossy().into_owned();
            for raw in raw_mails(&who.path()) {
                mailcheck::assert_clean(&to, &raw, &self.passwords, &self.addresses);
                n += 1;
            }
        }
        self.checked = n;
    }

    /// Every mail `who` received, readable.
    fn mails(&self, who: &str) -> Vec<String> {
        raw_mails(&self.outgoing().join(who))
            .iter()
            .map(|r| mailcheck::readable(r))
            .collect()
    }

    /// The one reply to the message `mid`, as `who` reads it.
    fn reply(&self, who: &str, mid: &str) -> String {
        let r: Vec<String> = raw_mails(&self.outgoing().join(who))
            .into_iter()
            .filter(|raw| String::from_utf8_lossy(raw).contains(&format!("In-Reply-To: {mid}")))
            .map(|r| mailcheck::readable(&r))
            .collect();
        assert_eq!(r.len(), 1, "{who}: one reply to {mid}: {r:#?}");
        r.into_iter().next().unwrap()
    }

    /// The mails `who` received whose subject holds `what`.
    fn about(&self, who: &str, what: &str) -> Vec<String> {
        self.mails(who)
            .into_iter()
            .filter(|m| m.lines().next().unwrap_or("").contains(what))
            .collect()
    }

    /// `dipspy orders show vet POWER`, as the judge sees it.
    fn orders_show(&self, power: &str) -> String {
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
    fn started(settings: &str) -> World {
        let mut w = World::new();
        w.master(&format!("CREATE vet deadline=48h {settings}"));
        for p in POWERS {
            w.send(&addr(p), &format!("JOIN {p} vet {}", pw(p)));
        }
        w.master("START vet");
        w.pass();
        w
    }

    /// Moves the clock past the current deadline and runs the judge.
    fn at_deadline(&mut self) {
        self.now += Duration::hours(49);
        self.pass();
    }
}

/// The raw mails in a Maildir's new/ folder, in name order.
fn raw_mails(dir: &Path) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("new"))
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

fn has(text: &str, want: &str) -> bool {
    text.contains(want)
}

#[track_caller]
fn assert_has(text: &str, want: &str) {
    assert!(has(text, want), "lacks {want:?}:\n{text}");
}

// ------------------------------------------------------ orders on arrival

#[test]
fn an_impossible_order_is_refused_at_once_and_replaces_nothing() {
    let mut w = World::started("");
    let m1 = w.play("germany", "F Kie-Den");
    w.pass();
    assert_has(
        &w.reply(&addr("germany"), &m1),
        "OK: order stored as `F kie - den`",
    );
    let m2 = w.play(
        "germany",
        "A Kie-Hol\nA Ruh-Bel\nF Kie-Mun\nA mun S A ber - sil",
    );
    w.pass();
    let r = w.reply(&addr("germany"), &m2);
    assert_has(
        &r,
        "Line 2: A Kie-Hol\n  REJECTED: `A kie - hol` cannot be carried out: the unit in kie is F kie; it replaces no earlier order",
    );
    assert_has(
        &r,
        "Line 3: A Ruh-Bel\n  REJECTED: `A ruh - bel` cannot be carried out: there is no unit in ruh",
    );
    assert_has(
        &r,
        "Line 4: F Kie-Mun\n  REJECTED: `F kie - mun` cannot be carried out: a fleet cannot move to mun, inland",
    );
    // Possible, but Berlin has no order to move to Silesia: stored with a
    // warning.
    assert_has(
        &r,
        "Line 5: A mun S A ber - sil\n  OK: order stored as `A mun S A ber - sil`\n  WARNING: A ber has no order to move to sil",
    );
    // The earlier good order still stands; the summary names the rest.
    assert_has(&r, "  F kie - den\n");
    assert_has(&r, "  Still without an order: A ber\n");
    assert!(!has(&r, "replacing"), "{r}");
    let shown = w.orders_show("germany");
    assert!(shown.contains("F kie - den"), "{shown}");
    assert!(!shown.contains("hol"), "{shown}");

    // Once Berlin is ordered to Silesia, the warning is gone.
    let m3 = w.play("germany", "A ber - sil");
    w.pass();
    let r = w.reply(&addr("germany"), &m3);
    assert!(!has(&r, "WARNING"), "{r}");
    assert!(!has(&r, "Still without an order"), "{r}");
}

#[test]
fn a_support_or_convoy_for_an_own_unit_not_so_ordered_is_stored_with_a_warning() {
    let mut w = World::started("");
    let m = w.play(
        "england",
        "A lvp - yor\nF lon S A lvp - wal\nF edi C A lvp - nwy",
    );
    w.pass();
    let r = w.reply(&addr("england"), &m);
    assert_has(
        &r,
        "OK: order stored as `F lon S A lvp - wal`\n  WARNING: A lvp is ordered to move to yor, not to wal",
    );
    // A convoy by a fleet in a coastal province is not possible.
    assert_has(
        &r,
        "REJECTED: `F edi C A lvp - nwy` cannot be carried out: only a fleet at sea can convoy",
    );
    // Another power's unit: no warning, nothing told of its orders.
    let m = w.play("france", "A par S A mun - bur");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(&r, "OK: order stored as `A par S A mun - bur`");
    assert!(!has(&r, "WARNING"), "{r}");
    assert_has(&r, "Still without an order: F bre, A mar");
}

#[test]
fn builds_are_checked_on_arrival_against_home_centres_and_the_count() {
    let mut w = World::started("");
    // France takes Spain and Portugal; everybody else holds.
    w.play("france", "A mar - spa\nF bre - mao\nA par - bur");
    w.at_deadline();
    w.play("france", "F mao - por\nA spa H\nA bur H");
    w.at_deadline();
    // SET WAIT: with every build in, the winter would end at once.
    let m = w.play(
        "france",
        "Build F Par\nBuild A Spa\nBuild A par\nBuild F bre\nBuild A mar\nBuild F mar\nSET WAIT",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: Build F Par\n  REJECTED: `Build F par` cannot be carried out: a fleet cannot be built in par",
    );
    assert_has(
        &r,
        "Line 3: Build A Spa\n  REJECTED: `Build A spa` cannot be carried out: spa is not a home centre of France",
    );
    assert_has(
        &r,
        "Line 4: Build A par\n  OK: order stored as `Build A par`",
    );
    assert_has(
        &r,
        "Line 5: Build F bre\n  OK: order stored as `Build F bre`",
    );
    assert_has(
        &r,
        "Line 6: Build A mar\n  REJECTED: `Build A mar` cannot be carried out: France may build only 2",
    );
    assert_has(&r, "Line 7: Build F mar\n  REJECTED:");
    let shown = w.orders_show("france");
    assert!(
        shown.contains("Build A par") && shown.contains("Build F bre"),
        "{shown}"
    );
    assert!(!shown.contains("mar"), "{shown}");
    // A new submission replaces the whole set; one build is then open.
    let m = w.play("france", "Build A par");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(&r, "Still open: 1 build (or WAIVE)");
}

#[test]
fn reminders_go_to_every_power_whose_orders_are_incomplete_naming_what_is_missing() {
    let mut w = World::started("reminder=24h");
    w.play("france", "A par H\nA mar H\nF bre H");
    w.play("germany", "A ber H");
    w.pass();
    w.now += Duration::hours(25);
    w.pass();
    assert!(w.about(&addr("france"), "missing").is_empty());
    let de = w.about(&addr("germany"), "missing");
    assert_eq!(de.len(), 1, "{de:#?}");
    assert_has(
        &de[0],
        "Your orders for Spring 1901 Movement in game vet are not complete.",
    );
    assert_has(&de[0], "Still without an order: F kie, A mun");
    let it = w.about(&addr("italy"), "missing");
    assert_eq!(it.len(), 1);
    assert_has(&it[0], "Still without an order: F nap, A rom, A ven");
}

// ------------------------------------------------------- nothing leaks

#[test]
fn no_password_is_repeated_whatever_goes_wrong_in_a_sign_on() {
    let mut w = World::started("");
    // Passwords these lines carry; none may come back in any mail.
    let secrets = ["Zx1-pw2", "Qq8-leak", "Lm5-oops", "Rt2-hmm", "Yy3-nope"];
    w.passwords.extend(secrets.iter().map(|s| s.to_string()));
    let corpus = [
        "SIGN ON Fv Zx1-pw2",
        "SIGN ON Fve Zx1-pw2",
        "SIGNON F vett Qq8-leak",
        "SIGNON F vet Qq8-leak extra words",
        "SIGNON Qq8-leak",
        "SIGNON F Lm5-oops",
        "Sign-on F vet Lm5-oops",
        "SIGNON: F vet Lm5-oops",
        "SIGN ON Xvet Rt2-hmm",
        "signon Frankreich vet Rt2-hmm",
        "SIGNON F vet Rt2-hmm",
        "JOIN england vet Yy3-nope",
        "JOIN nosuchgame Yy3-nope",
        "JOIN vet Yy3-nope extra",
        "MASTER Yy3-nope",
        "SET PASSWORD Yy3-nope",
        "SET PASSWORD Yy3-nope Zx1-pw2",
    ];
    let mut ids = Vec::new();
    for line in corpus {
        ids.push(w.send("stranger@elsewhere.test", line));
    }
    // The same lines from a player's own address, after a good sign-on.
    let body = format!("SIGNON F vet {}\n{}", pw("france"), corpus.join("\n"));
    let mine = w.send(&addr("france"), &body);
    w.pass();
    assert!(w.checked > 0);
    for id in &ids {
        let r = w.reply("stranger@elsewhere.test", id);
        assert_has(&r, "REJECTED");
    }
    let r = w.reply(&addr("france"), &mine);
    assert_has(
        &r,
        "Line 1: SIGNON F vet ****\n  OK: signed on as France in game vet",
    );
    // The njudge form of a wrong game is refused without repeating it.
    let first = w.reply("stranger@elsewhere.test", &ids[0]);
    assert_has(&first, "SIGNON ... (not repeated: it may hold a password)");
}

#[test]
fn joining_a_taken_power_does_not_name_its_player() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h");
    w.send(
        &addr("england"),
        &format!("JOIN england vet {}", pw("england")),
    );
    w.pass();
    let m = w.send("newcomer@players.test", "JOIN england vet Nw-pass-1");
    w.passwords.push("Nw-pass-1".into());
    w.pass();
    let r = w.reply("newcomer@players.test", &m);
    assert_has(&r, "England in game vet already has a player");
    assert!(!has(&r, &addr("england")), "{r}");
}

// --------------------------------------------- press never becomes orders

#[test]
fn a_press_block_that_cannot_be_read_is_not_sent_and_never_read_as_orders() {
    let mut w = World::started("press=white");
    w.play("turkey", "A con - bul");
    w.pass();
    let m = w.play("turkey", "PRESS FAKE TO R\nA con H\nENDPRESS\nF ank - bla");
    w.pass();
    let r = w.reply(&addr("turkey"), &m);
    assert_has(&r, "Line 2: PRESS FAKE TO R\n  REJECTED: press NOT sent:");
    assert!(!has(&r, "Line 3"), "the press text is not read: {r}");
    assert!(!has(&r, "Line 4"), "ENDPRESS closes the block: {r}");
    assert_has(&r, "Line 5: F ank - bla\n  OK");
    let shown = w.orders_show("turkey");
    assert!(shown.contains("A con - bul"), "{shown}");
    assert!(!shown.contains("A con H"), "{shown}");
    assert!(w.about(&addr("russia"), "press").is_empty());

    // A block with no ENDPRESS runs to the end of the mail: sent as press,
    // nothing of it read as orders, and the reply says so.
    let m = w.play("turkey", "PRESS TO R\nHello Tsar.\nA con H");
    w.pass();
    let r = w.reply(&addr("turkey"), &m);
    assert_has(&r, "OK: press sent (signed) to Russia");
    assert_has(&r, "NOTE: there was no ENDPRESS line");
    assert!(w.orders_show("turkey").contains("A con - bul"));
    let got = w.mails(&addr("russia"));
    assert!(
        got.iter().any(|m| m.contains("Hello Tsar.\nA con H")),
        "{got:#?}"
    );
}

// ------------------------------------------------ errors that say what

#[test]
fn an_unknown_command_is_named_as_such_for_players_and_the_master() {
    let mut w = World::started("");
    let m = w.play("france", "SET DRAW\nFOO bar");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Line 2: SET DRAW\n  REJECTED: `SET DRAW`: not a command this judge knows",
    );
    assert_has(
        &r,
        "Line 3: FOO bar\n  REJECTED: `FOO`: not a command this judge knows",
    );
    assert!(!has(&r, "expected a unit"), "{r}");
    let m = w.master("EJECT vet france\nRESIGN");
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(
        &r,
        "Line 2: EJECT vet france\n  REJECTED: `EJECT`: not a command this judge knows",
    );
    assert_has(
        &r,
        "Line 3: RESIGN\n  REJECTED: not done: this is a player's command",
    );
    assert!(!has(&r, "sign on first"), "{r}");
}

#[test]
fn a_mail_signing_on_to_two_games_shows_the_orders_of_each() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h\nCREATE vet2 deadline=48h");
    for p in POWERS {
        w.send(
            &addr(p),
            &format!("JOIN {p} vet {}\nJOIN {p} vet2 {}", pw(p), pw(p)),
        );
    }
    w.master("START vet\nSTART vet2");
    w.pass();
    let m = w.send(
        &addr("france"),
        &format!(
            "SIGNON F vet {pw}\nA par - bur\nSIGNON F vet2 {pw}\nA par - pic",
            pw = pw("france")
        ),
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert_has(
        &r,
        "Your orders as France in game vet, Spring 1901 Movement (S1901M):\n  A par - bur\n",
    );
    assert_has(
        &r,
        "Your orders as France in game vet2, Spring 1901 Movement (S1901M):\n  A par - pic\n",
    );
}
