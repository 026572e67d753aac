//! Issue 34 item 3, password guessing, through the real inbound path
//! (`dipspy serve --once` on Maildirs with the judge's `--now` clock, see
//! `tests/it/support/mailgame.rs`; SQLite a real file): one lock per power and one for
//! the master password, whoever writes. Five wrong passwords within the
//! hour lock the password for the rest of the hour from every address,
//! the player's own (and its +tag and case variants) included; only mail
//! that `[auth]` authenticates from the registered address passes the
//! lock. `master unlock` (command line, and UNLOCK by mail) lifts it.

use crate::support::mailcheck;
use crate::support::mailgame;

use chrono::Duration;
use mailgame::{JUDGE, MASTER, MASTER_PW, World, addr, assert_has, pw};
use std::io::Write;
use std::process::Command;

/// Appends TOML to the judge's configuration.
fn configure(w: &World, toml: &str) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&w.cfg)
        .unwrap();
    writeln!(f, "\n{toml}").unwrap();
}

const AUTH: &str = "[auth]\nauthserv_id = \"mx.judge.test\"";

/// Delivers a mail from `from` whose sender the judge's receiving server
/// vouched for (`[auth]` configured with [`AUTH`]); returns its
/// Message-ID.
fn send_authenticated(w: &mut World, from: &str, body: &str) -> String {
    w.n += 1;
    let mid = format!("<auth{}@players.test>", w.n);
    let domain = from.rsplit_once('@').unwrap().1;
    let raw = format!(
        "Authentication-Results: mx.judge.test; dkim=pass header.d={domain}; dmarc=pass header.from={domain}\r\n\
         From: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: {mid}\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    );
    dipspy::mail::deliver_to_maildir(&w.dir.path().join("in"), raw.as_bytes()).unwrap();
    mid
}

/// `dipspy master ARGS` on the judge's database at the world's time.
fn master_cli(w: &World, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--now")
        .arg(w.now.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .arg("--db")
        .arg(w.dir.path().join("judge.db"))
        .arg("master")
        .args(args)
        .output()
        .unwrap()
}

/// Forty mails "from" `from` guessing the password of the power with
/// initial `letter` (and changing it, were a guess right), then one with
/// the right password, all in one pass.
fn forty_guesses_then_the_right_one(w: &mut World, from: &str, letter: char, power: &str) {
    for i in 0..40 {
        w.send(
            from,
            &format!("SIGNON {letter} vet wrong{i}\nSET PASSWORD Evil-pw-1\nA par - pic"),
        );
    }
    w.send(
        from,
        &format!(
            "SIGNON {letter} vet {}\nSET PASSWORD Evil-pw-1\nA par - pic\nF bre - mao\nA ven - pie\nA mun - ruh",
            pw(power)
        ),
    );
    w.pass();
}

/// Whether `password` signs on as `power` now (from the player's own
/// address, authenticated when the judge checks senders with `auth`).
fn signs_on(w: &mut World, power: &str, password: &str, auth: bool) -> bool {
    let letter = power.chars().next().unwrap().to_ascii_uppercase();
    let body = format!("SIGNON {letter} vet {password}");
    let m = if auth {
        send_authenticated(w, &addr(power), &body)
    } else {
        w.send(&addr(power), &body)
    };
    w.pass();
    // A mail over a limit that does not sign on gets no reply at all.
    mailgame::raw_mails(&w.outgoing().join(addr(power)))
        .iter()
        .filter(|r| String::from_utf8_lossy(r).contains(&format!("In-Reply-To: {m}")))
        .any(|r| mailcheck::readable(r).contains("OK: signed on as"))
}

/// The mails `who` got about a lock (its own, or joined into a reply).
fn lock_notices(w: &World, who: &str, what: &str) -> usize {
    w.mails(who).iter().filter(|m| m.contains(what)).count()
}

#[test]
fn forty_forged_guesses_then_the_right_password_take_no_power_over() {
    let mut w = World::started("");
    // From the player's own address, from a +tag variant of it, and from
    // the same address in other case: none of them is exempt.
    let forgers = [
        ("france", 'F', addr("france")),
        ("italy", 'I', "italy+dip@players.test".to_string()),
        ("germany", 'G', "GERMANY@Players.TEST".to_string()),
    ];
    for (power, letter, from) in &forgers {
        forty_guesses_then_the_right_one(&mut w, from, *letter, power);
    }
    for (power, _, from) in &forgers {
        let orders = w.orders_show(power);
        for o in ["A par - pic", "F bre - mao", "A ven - pie", "A mun - ruh"] {
            assert!(!orders.contains(o), "{from}: the thief's order {o} stands");
        }
        // One notice per lock, to the player and to the master.
        let told = format!("wrong passwords for {}", capital(power));
        assert_eq!(lock_notices(&w, &addr(power), &told), 1, "{from}");
    }
    assert_eq!(
        lock_notices(&w, MASTER, "sign-ons locked"),
        3,
        "the master is told once per lock"
    );
    // The hour over, the password was never changed: the players' own
    // passwords sign on, the thief's does not.
    w.now += Duration::minutes(61);
    for (power, _, _) in &forgers {
        assert!(!signs_on(&mut w, power, "Evil-pw-1", false), "{power}");
        assert!(signs_on(&mut w, power, &pw(power), false), "{power}");
    }
}

fn capital(p: &str) -> String {
    let mut c = p.chars();
    c.next().unwrap().to_uppercase().chain(c).collect()
}

#[test]
fn a_lock_holds_the_right_password_for_the_rest_of_the_hour_then_ends() {
    let mut w = World::started("");
    for i in 0..5 {
        w.send(
            &format!("g{i}@guess.test"),
            &format!("SIGNON F vet wrong{i}"),
        );
    }
    w.pass();
    // Within the hour even the player's right password is not checked.
    w.now += Duration::minutes(59);
    assert!(!signs_on(&mut w, "france", &pw("france"), false));
    // Past it, the lock has ended by itself.
    w.now += Duration::minutes(2);
    assert!(signs_on(&mut w, "france", &pw("france"), false));
    // The count starts afresh: four more wrong passwords lock nothing.
    for i in 0..4 {
        w.send(
            &format!("h{i}@guess.test"),
            &format!("SIGNON F vet again{i}"),
        );
    }
    w.pass();
    assert!(signs_on(&mut w, "france", &pw("france"), false));
    assert_eq!(
        lock_notices(&w, &addr("france"), "wrong passwords for France"),
        1
    );
}

#[test]
fn with_auth_forged_guesses_do_not_lock_out_the_authenticated_player() {
    let mut w = World::started("");
    configure(&w, AUTH);
    // Forty forged guesses: twenty "from" France, not authenticated, and
    // twenty in mail authenticated for the players' domain but from a
    // +tag of France's address (anybody with an account there can send
    // those): only the registered address itself passes the lock.
    let tagged = "france+dip@players.test";
    for i in 0..20 {
        w.send(
            &addr("france"),
            &format!("SIGNON F vet wrong{i}\nA par - pic"),
        );
        send_authenticated(
            &mut w,
            tagged,
            &format!("SIGNON F vet tagged{i}\nA par - pic"),
        );
    }
    send_authenticated(
        &mut w,
        tagged,
        &format!("SIGNON F vet {}\nA par - pic", pw("france")),
    );
    w.pass();
    assert!(!w.orders_show("france").contains("A par - pic"));
    // The real player, authenticated, signs on at once and plays.
    let m = send_authenticated(
        &mut w,
        &addr("france"),
        &format!("SIGNON F vet {}\nA par - bur", pw("france")),
    );
    w.pass();
    assert_has(&w.reply(&addr("france"), &m), "OK: signed on as France");
    assert!(w.orders_show("france").contains("A par - bur"));
    // The forger's right password, unauthenticated, is not even checked.
    w.send(
        &addr("france"),
        &format!("SIGNON F vet {}\nA par - gas", pw("france")),
    );
    w.pass();
    assert!(!w.orders_show("france").contains("A par - gas"));
}

#[test]
fn forty_master_guesses_then_the_right_one_create_nothing() {
    let mut w = World::started("");
    for i in 0..40 {
        w.send(MASTER, &format!("MASTER guess{i}\nCREATE pwn{i}"));
    }
    w.send(MASTER, &format!("MASTER {MASTER_PW}\nCREATE pwn40"));
    w.pass();
    let list = w.send("fan@elsewhere.test", "LIST");
    w.pass();
    let list = w.reply("fan@elsewhere.test", &list);
    assert!(!list.contains("pwn"), "a guess won:\n{list}");
    // The master is told once (at the fifth wrong password).
    assert_eq!(lock_notices(&w, MASTER, "MASTER locked"), 1);
    // The lock ends with the hour.
    w.now += Duration::minutes(61);
    let m = w.master("CREATE after");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "OK: signed on as the game master");
}

#[test]
fn with_auth_the_master_needs_authenticated_mail_and_passes_the_lock_with_it() {
    let mut w = World::started("");
    configure(&w, AUTH);
    // The right master password in forged mail: refused, not checked.
    let m = w.master("CREATE forged");
    w.pass();
    assert_has(
        &w.reply(MASTER, &m),
        "refused: MASTER is accepted only in mail that the judge's mail server confirms",
    );
    // Forged guesses are not even checked, so they lock nothing...
    for i in 0..8 {
        w.send(MASTER, &format!("MASTER guess{i}"));
    }
    w.pass();
    assert_eq!(lock_notices(&w, MASTER, "MASTER locked"), 0);
    // ... and the master's own authenticated mail is read.
    let m = send_authenticated(
        &mut w,
        MASTER,
        &format!("MASTER {MASTER_PW}\nCREATE real\nUNLOCK MASTER"),
    );
    w.pass();
    let r = w.reply(MASTER, &m);
    assert_has(&r, "OK: signed on as the game master");
    assert_has(&r, "OK: game real created");
    assert_has(&r, "OK: the master password was not locked");
    let list = w.send("fan@elsewhere.test", "LIST");
    w.pass();
    assert!(!w.reply("fan@elsewhere.test", &list).contains("forged"));
}

#[test]
fn master_unlock_lifts_a_lock_from_the_command_line_and_by_mail() {
    let mut w = World::started("");
    for power in ["F", "G"] {
        for i in 0..5 {
            w.send(
                &format!("g{i}@guess.test"),
                &format!("SIGNON {power} vet wrong{i}"),
            );
        }
    }
    w.pass();
    assert!(!signs_on(&mut w, "france", &pw("france"), false));
    assert!(!signs_on(&mut w, "germany", &pw("germany"), false));
    // The command line.
    let out = master_cli(&w, &["unlock", "vet", "france"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "The lock on France in game vet is lifted.\n"
    );
    assert!(signs_on(&mut w, "france", &pw("france"), false));
    let out = master_cli(&w, &["unlock", "vet", "france"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "France in game vet was not locked.\n"
    );
    // A game that does not exist: one line, exit status 1.
    let out = master_cli(&w, &["unlock", "nosuch", "france"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("nosuch"));
    // By mail, from the master.
    let m = w.master("UNLOCK vet germany");
    w.pass();
    assert_has(
        &w.reply(MASTER, &m),
        "OK: the lock on Germany in game vet is lifted",
    );
    assert!(signs_on(&mut w, "germany", &pw("germany"), false));
    // The master password's lock, from the command line.
    for i in 0..5 {
        w.send(MASTER, &format!("MASTER guess{i}"));
    }
    w.pass();
    let m = w.master("LIST");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "MASTER is locked for a while");
    let out = master_cli(&w, &["unlock", "master"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "The lock on the master password is lifted.\n"
    );
    let m = w.master("LIST");
    w.pass();
    assert_has(&w.reply(MASTER, &m), "OK: signed on as the game master");
}

#[test]
fn the_lock_notice_is_in_the_readers_language() {
    let mut w = World::started("");
    w.play("france", "SET LANGUAGE fr");
    w.master("SET LANGUAGE de");
    w.pass();
    for i in 0..5 {
        w.send(
            &format!("g{i}@guess.test"),
            &format!("SIGNON F vet wrong{i}"),
        );
        w.send(MASTER, &format!("MASTER guess{i}"));
    }
    w.pass();
    assert_eq!(
        lock_notices(
            &w,
            &addr("france"),
            "sont désormais bloquées pendant 60 minutes"
        ),
        1
    );
    assert_eq!(
        lock_notices(&w, MASTER, "Anmeldungen als Frankreich sind für 60 Minuten"),
        1
    );
    assert_eq!(
        lock_notices(&w, MASTER, "MASTER ist für 60 Minuten gesperrt"),
        1
    );
}
