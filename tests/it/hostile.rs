//! Issue 23 item 6, hostile senders, through the real inbound path
//! (`dipspy serve --once` on Maildirs, see `tests/it/support/mailgame.rs`): password
//! guessing, limits that count a person, oversized mail, the judge-wide
//! limit on replies to strangers, OBSERVE confirmed by a code, sender
//! authentication for `password_optional` games, and no password kept in
//! clear in the stored raw mail.

use crate::support::mailcheck;
use crate::support::mailgame;
use crate::support::maskdecode;

use mailgame::{JUDGE, MASTER, World, addr, assert_has, pw};
use std::io::Write;

/// Appends TOML to the judge's configuration.
fn configure(w: &World, toml: &str) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&w.cfg)
        .unwrap();
    writeln!(f, "\n{toml}").unwrap();
}

/// Delivers a raw mail (headers and body as given) to the judge.
fn deliver(w: &mut World, raw: &str) {
    w.n += 1;
    dipspy::mail::deliver_to_maildir(&w.dir.path().join("in"), raw.as_bytes()).unwrap();
}

/// How many mails went to the addresses `who` (each counted once).
fn count(w: &World, who: &[String]) -> usize {
    let mut seen: Vec<&String> = Vec::new();
    for a in who {
        if !seen.contains(&a) {
            seen.push(a);
        }
    }
    seen.iter().map(|a| w.mails(a).len()).sum()
}

#[allow(dead_code)]
fn dump(w: &World) {
    let c = db(w);
    let mut q = c
        .prepare("SELECT id, sender, person, status, signon, answer, reason FROM inbox")
        .unwrap();
    let rows = q
        .query_map([], |r| {
            Ok(format!(
                "{:?}",
                (
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<String>>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, Option<String>>(6)?
                )
            ))
        })
        .unwrap();
    for r in rows {
        eprintln!("{}", r.unwrap());
    }
}

fn db(w: &World) -> rusqlite::Connection {
    rusqlite::Connection::open(w.dir.path().join("judge.db")).unwrap()
}

#[test]
fn password_guessing_from_many_addresses_is_stopped_and_told_once() {
    let mut w = World::started("");
    let guessers: Vec<String> = (0..30).map(|i| format!("g{i}@guess.test")).collect();
    for (i, g) in guessers.iter().enumerate() {
        w.send(g, &format!("SIGNON F vet guess{i}\nA par - bur"));
    }
    // The right password, from yet another address: too late.
    let m = w.send(
        "thief@guess.test",
        &format!("SIGNON F vet {}\nA par - pic", pw("france")),
    );
    w.pass();
    assert_has(
        &w.reply("thief@guess.test", &m),
        "sign-on refused: too many wrong passwords were given for France in game vet",
    );
    assert!(
        !w.orders_show("france").contains("A par - pic"),
        "the thief's order stands"
    );
    // The player and the master are told, once.
    let told = |w: &World, who: &str| w.about(who, "sign-ons locked").len();
    assert_eq!(told(&w, &addr("france")), 1);
    assert_eq!(told(&w, MASTER), 1);
    // The player's own address is locked too: anybody can write it, and
    // no mail here is authenticated.
    let m = w.play("france", "A par - gas");
    w.pass();
    assert_has(
        &w.reply(&addr("france"), &m),
        "sign-on refused: too many wrong passwords were given for France in game vet",
    );
    assert!(!w.orders_show("france").contains("A par - gas"));
    // More guesses: still refused, nobody told again.
    for i in 0..6 {
        w.send(
            &format!("h{i}@guess.test"),
            &format!("SIGNON F vet again{i}"),
        );
    }
    w.pass();
    assert_eq!(told(&w, &addr("france")), 1);
    assert_eq!(told(&w, MASTER), 1);
}

#[test]
fn the_rate_limit_counts_a_person_not_a_string() {
    let mut w = World::started("");
    configure(&w, "[limits]\nper_sender_per_hour = 3");
    let forms: Vec<String> = [
        "Mallory@Example.ORG",
        "mallory+1@example.org",
        "mallory+2@example.org",
        "MALLORY+x@example.org",
        "mallory@example.org",
        "mallory+3@example.org",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for f in &forms {
        w.send(f, "HELP");
    }
    let gmail: Vec<String> = [
        "a.nne@gmail.com",
        "anne@googlemail.com",
        "A.N.N.E+dip@gmail.com",
        "an.ne+x@googlemail.com",
        "anne@gmail.com",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for f in &gmail {
        w.send(f, "HELP");
    }
    w.pass();
    let lower: Vec<String> = forms.iter().map(|f| f.to_lowercase()).collect();
    assert_eq!(count(&w, &lower), 3, "one person, one quota");
    let lower: Vec<String> = gmail.iter().map(|f| f.to_lowercase()).collect();
    assert_eq!(
        count(&w, &lower),
        3,
        "dots and googlemail.com are the same Gmail user"
    );
}

#[test]
fn forged_mail_cannot_silence_a_player_who_signs_on_correctly() {
    let mut w = World::started("");
    // The player's mail is authenticated (the forger's is not): only such
    // mail passes the lock that the forged wrong passwords start.
    configure(
        &w,
        "[limits]\nper_sender_per_hour = 3\nfailed_signons_per_hour = 4\n\
         [auth]\nauthserv_id = \"mx.judge.test\"",
    );
    // A forger "from" France: plain mail and wrong passwords, far past
    // both limits.
    for i in 0..8 {
        w.send(&addr("france"), "HELP");
        w.send(
            &addr("france"),
            &format!("SIGNON F vet wrong{i}\nA par - pic"),
        );
    }
    // The real player, same hour, in mail the receiving server vouched
    // for.
    let m = "<real1@players.test>";
    deliver(
        &mut w,
        &format!(
            "Authentication-Results: mx.judge.test; dmarc=pass header.from=players.test\r\n\
             From: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: {m}\r\n\r\n\
             SIGNON F vet {pw}\r\nA par - bur\r\n",
            from = addr("france"),
            pw = pw("france"),
        ),
    );
    w.pass();
    assert_has(&w.reply(&addr("france"), m), "OK: signed on as France");
    assert!(w.orders_show("france").contains("A par - bur"));
    assert!(!w.orders_show("france").contains("A par - pic"));
    // The forger's mail past the limits was stored, not answered: of the
    // sixteen, at most three plain mails (the player's JOIN counts too)
    // and four failed sign-ons were answered.
    let q: i64 = db(&w)
        .query_row(
            "SELECT count(*) FROM inbox WHERE status = 'quarantined' AND reason LIKE 'rate limit%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!((9..=16).contains(&q), "{q} quarantined");
    let forged_answered = w
        .mails(&addr("france"))
        .iter()
        .filter(|m| m.contains("refused: wrong password") || m.contains("dipspy: how to play"))
        .count() as i64;
    assert_eq!(forged_answered, 16 - q);
}

#[test]
fn oversized_mail_counts_against_the_limits_and_gets_one_note_an_hour() {
    let mut w = World::started("");
    configure(
        &w,
        "[limits]\nmax_message_bytes = 4000\nper_sender_per_hour = 4",
    );
    let big = "x".repeat(5000);
    for _ in 0..6 {
        w.send("big@sender.test", &big);
    }
    let m = w.send("big@sender.test", "HELP");
    w.pass();
    let notes = w.about("big@sender.test", "Re: orders");
    let size_notes = notes
        .iter()
        .filter(|n| n.contains("was not read: it is"))
        .count();
    assert_eq!(size_notes, 1, "one note an hour");
    // The oversized mail used up the hour: HELP is not answered.
    assert!(
        !w.mails("big@sender.test")
            .iter()
            .any(|x| x.contains(&format!("In-Reply-To: {m}")) || x.contains("how to play")),
        "the sender's quota counts the oversized mail"
    );
}

/// The mail layer's note on a mail too large is in its sender's
/// language: their own choice (SET LANGUAGE fr), else their game's default
/// (`language=de`); a stranger in no game gets the judge's English.
#[test]
fn the_note_on_a_mail_too_large_is_in_the_senders_language() {
    let mut w = World::started("language=de");
    configure(&w, "[limits]\nmax_message_bytes = 4000");
    w.play("france", "SET LANGUAGE fr");
    w.pass();
    let big = "x".repeat(5000);
    w.send(&addr("france"), &big);
    w.send(&addr("germany"), &big);
    w.send("big@sender.test", &big);
    w.pass();
    let note = |who: &str| -> String {
        let notes: Vec<String> = w
            .about(who, "Re: orders")
            .into_iter()
            .filter(|m| m.contains("4000"))
            .collect();
        assert_eq!(notes.len(), 1, "{who}: {notes:#?}");
        notes.into_iter().next().unwrap()
    };
    // The size counts the headers too: the number is read from the note.
    let fr = note(&addr("france"));
    assert_has(&fr, "Votre message n'a pas été lu\u{a0}: il fait 5");
    assert_has(
        &fr,
        " octets et l'arbitre lit au plus 4000 octets.\nEnvoyez vos commandes en texte brut, sans pièce jointe.\n",
    );
    let de = note(&addr("germany"));
    assert_has(&de, "Ihre Nachricht wurde nicht gelesen: sie ist 5");
    assert_has(
        &de,
        " Byte groß, und der Judge liest höchstens 4000 Byte.\nBitte senden Sie Ihre Befehle als reinen Text ohne Anhänge.\n",
    );
    let en = note("big@sender.test");
    assert_has(&en, "Your message was not read: it is 5");
    assert_has(
        &en,
        " bytes long and the judge reads at most 4000 bytes.\n\
         Please send your commands as plain text without attachments.\n\
         (You get this note at most once an hour.)\n",
    );
    for (lang, who, m) in [("fr", "france", &fr), ("de", "germany", &de)] {
        let raw = mailgame::raw_mails(&w.outgoing().join(addr(who)))
            .into_iter()
            .find(|r| mailcheck::reader_text(r).contains("4000"))
            .unwrap();
        mailcheck::assert_in_language(lang, who, &raw, &[]);
        assert!(m.contains("4000"));
    }
}

#[test]
fn replies_to_addresses_in_no_game_are_limited_judge_wide() {
    let mut w = World::started("");
    configure(&w, "[limits]\nstranger_replies_per_hour = 5");
    // The players' JOINs (answers to addresses then in no game) are out of
    // the hour.
    w.now += chrono::Duration::hours(2);
    let strangers: Vec<String> = (0..12).map(|i| format!("s{i}@forged.test")).collect();
    for s in &strangers {
        w.send(s, "HELP");
    }
    // A player in the same flood is answered.
    let m = w.play("italy", "A ven H");
    w.pass();
    assert_has(&w.reply(&addr("italy"), &m), "OK: signed on as Italy");
    assert_eq!(count(&w, &strangers), 5);
    // Every stranger's mail is stored, with the reason.
    let (stored, unanswered): (i64, i64) = db(&w)
        .query_row(
            "SELECT count(*), count(*) FILTER (WHERE reason LIKE 'not answered:%')
             FROM inbox WHERE sender LIKE '%@forged.test'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((stored, unanswered), (12, 7));
}

#[test]
fn a_forged_observe_subscribes_nobody() {
    let mut w = World::started("");
    for i in 0..5 {
        w.send(&format!("victim{i}@elsewhere.test"), "OBSERVE vet");
    }
    w.observe("fan@elsewhere.test", "vet");
    let fan_before = w.mails("fan@elsewhere.test").len();
    w.at_deadline();
    // Each victim got the one reply (the code in it), and no results.
    for i in 0..5 {
        let got = w.mails(&format!("victim{i}@elsewhere.test"));
        assert_eq!(got.len(), 1, "the reply, with the code: {got:#?}");
    }
    assert!(
        w.mails("fan@elsewhere.test").len() > fan_before,
        "the confirmed observer gets the results"
    );
    let observers: i64 = db(&w)
        .query_row("SELECT count(*) FROM observers", [], |r| r.get(0))
        .unwrap();
    assert_eq!(observers, 1);
}

#[test]
fn a_password_optional_game_accepts_only_mail_the_receiving_server_authenticated() {
    let mut w = World::started("password_optional=yes");
    configure(&w, "[auth]\nauthserv_id = \"mx.judge.test\"");
    let raw = |n: usize, ar: &str, order: &str| {
        format!(
            "{ar}From: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <auth{n}@players.test>\r\n\r\nSIGNON F vet\r\n{order}\r\n",
            from = addr("france")
        )
    };
    // Forged: no header, another server's header, and a pass written
    // below the server's own verdict.
    deliver(&mut w, &raw(1, "", "A par - pic"));
    deliver(
        &mut w,
        &raw(
            2,
            "Authentication-Results: mx.other.test; dmarc=pass header.from=players.test\r\n",
            "A par - pic",
        ),
    );
    deliver(
        &mut w,
        &raw(
            3,
            "Authentication-Results: mx.judge.test; dmarc=fail header.from=players.test\r\nReceived: by mx\r\nAuthentication-Results: mx.judge.test; dmarc=pass header.from=players.test\r\n",
            "A par - pic",
        ),
    );
    w.pass();
    assert!(!w.orders_show("france").contains("A par - pic"));
    let refused = w
        .mails(&addr("france"))
        .iter()
        .filter(|m| m.contains("the password may be left out only in mail"))
        .count();
    assert_eq!(refused, 3);
    // Vouched for by the configured server: accepted without a password.
    deliver(
        &mut w,
        &raw(
            4,
            "Authentication-Results: mx.judge.test;\r\n\tdkim=pass header.d=players.test;\r\n\tdmarc=pass header.from=players.test\r\n",
            "A par - bur",
        ),
    );
    w.pass();
    assert!(w.orders_show("france").contains("A par - bur"));
}

#[test]
fn the_stored_raw_mail_keeps_no_password_in_any_part() {
    use base64::Engine;
    let mut w = World::started("");
    let b64 = base64::engine::general_purpose::STANDARD.encode(format!(
        "<html><body><div>SIGNON G vet {}</div><div>A mun - ruh</div></body></html>",
        pw("germany")
    ));
    let multipart = format!(
        "From: {g}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <mp1@players.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"zz\"\r\n\r\n\
         --zz\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
         SIGNON G vet {qp}\r\nA mun - ruh\r\n\
         --zz\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64}\r\n\
         --zz--\r\n",
        g = addr("germany"),
        // The password split by a soft line break, as some clients do.
        qp = {
            let p = pw("germany");
            let (a, b) = p.split_at(3);
            format!("{a}=\r\n{b}")
        },
    );
    deliver(&mut w, &multipart);
    w.master("SET DEADLINE vet 30h");
    w.send(
        &addr("italy"),
        &format!("JOIN italy vet {}", "Another-pw-1"),
    );
    w.send(
        &addr("england"),
        &format!("SIGN ON Evet {}\nSET PASSWORD New-secret-2", pw("england")),
    );
    w.pass();
    // The mail was read (its orders stand)...
    assert!(
        w.orders_show("germany").contains("A mun - ruh"),
        "{}",
        w.orders_show("germany")
    );
    // ... and no stored copy holds a password.
    let c = db(&w);
    let mut q = c.prepare("SELECT raw FROM inbox").unwrap();
    let raws: Vec<Vec<u8>> = q
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(raws.len() > 10);
    let mut secrets: Vec<String> = mailgame::POWERS.iter().map(|p| pw(p)).collect();
    secrets.extend([
        mailgame::MASTER_PW.into(),
        "Another-pw-1".into(),
        "New-secret-2".into(),
    ]);
    // Read with the tests' own MIME reader (every part, every way its
    // bytes read), not the parser the masker uses.
    for raw in &raws {
        let decoded = maskdecode::all_text(raw);
        for s in &secrets {
            assert_eq!(
                maskdecode::holds_bytes(raw, s),
                None,
                "{s} stored in clear:\n{decoded}"
            );
            assert!(
                !decoded.contains(s.as_str()),
                "{s} stored (encoded):\n{decoded}"
            );
        }
    }
}
