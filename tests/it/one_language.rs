//! One language per reader (issue 35 item 6), by mail through `dipspy
//! serve --once` on Maildirs (see `tests/it/support/mailgame.rs`): the game master's
//! replies and announcements are in the master's language; a reply is in
//! the language its sender chose, else the game's, else the judge's, and
//! the game mail the same mail brings (a TAKEOVER's welcome, a JOIN's
//! start mail) is in the same language as the reply.

use crate::support::mailcheck;
use crate::support::mailgame;

use mailgame::{MASTER, POWERS, World, addr, pw, raw_mails};

/// The subject of a mail as `readable` gives it (its first line).
fn subject(mail: &str) -> &str {
    mail.lines().next().unwrap_or("")
}

/// Every mail `who` received is German, with no English sentence.
#[track_caller]
fn all_german(w: &World, who: &str, written: &[String]) {
    let raws = raw_mails(&w.outgoing().join(who));
    assert!(!raws.is_empty(), "{who} got no mail");
    for raw in &raws {
        mailcheck::assert_in_language("de", who, raw, written);
    }
}

/// Words of the German catalogue that no English mail of the judge holds.
const GERMAN: &[&str] = &["Partie", "Spieler", "Befehle", " der ", " die ", " und "];

#[track_caller]
fn english(mail: &str) {
    let text = mailcheck::without_typed(mail);
    for g in GERMAN {
        assert!(
            !text.contains(g),
            "German {g:?} in an English reader's mail:\n{mail}"
        );
    }
}

#[test]
fn the_master_of_a_german_game_reads_its_replies_and_announcements_in_german() {
    let mut w = World::new();
    let create = w.master("CREATE vet deadline=48h language=de");
    for p in POWERS {
        w.send(&addr(p), &format!("JOIN {p} vet {}", pw(p)));
    }
    let start = w.master("START vet");
    w.pass();
    for mid in [&create, &start] {
        let r = w.reply(MASTER, mid);
        assert!(subject(&r).starts_with("AW:"), "{r}");
    }
    let process = w.master("PROCESS vet");
    w.pass();
    let r = w.reply(MASTER, &process);
    assert!(subject(&r).starts_with("AW:"), "{r}");
    let written: Vec<String> = vec![
        "CREATE vet deadline=48h language=de".into(),
        "START vet".into(),
        "PROCESS vet".into(),
    ];
    all_german(&w, MASTER, &written);
}

#[test]
fn a_newcomers_takeover_reply_and_welcome_are_both_in_the_games_language() {
    let mut w = World::started("language=de");
    w.play("england", "RESIGN");
    w.pass();
    let newcomer = "neu@players.test";
    let secret = "Neu-pass-4kz";
    w.passwords.push(secret.into());
    let mid = w.send(newcomer, &format!("TAKEOVER england vet {secret}"));
    w.pass();
    let r = w.reply(newcomer, &mid);
    assert!(subject(&r).starts_with("AW:"), "{r}");
    // The game master approves: the welcome follows.
    let approve = w.master("APPROVE vet england");
    w.pass();
    let r = w.reply(MASTER, &approve);
    assert!(subject(&r).starts_with("AW:"), "{r}");
    assert!(
        w.mails(newcomer).len() >= 2,
        "a reply and a welcome: {:#?}",
        w.mails(newcomer)
    );
    all_german(&w, newcomer, &[format!("TAKEOVER england vet {secret}")]);
}

#[test]
fn an_english_join_to_a_german_game_is_answered_in_english_and_its_game_mail_too() {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h language=de");
    // The language chosen after the JOIN, and before it.
    let after = w.send(
        &addr("england"),
        &format!("JOIN england vet {}\nSET LANGUAGE en", pw("england")),
    );
    let before = w.send(
        &addr("france"),
        &format!("SET LANGUAGE en\nJOIN france vet {}", pw("france")),
    );
    for p in POWERS.iter().filter(|p| !["england", "france"].contains(p)) {
        w.send(&addr(p), &format!("JOIN {p} vet {}", pw(p)));
    }
    w.master("START vet");
    w.pass();
    for (who, mid) in [("england", &after), ("france", &before)] {
        let r = w.reply(&addr(who), mid);
        assert!(subject(&r).starts_with("Re:"), "{r}");
        english(&r);
        let mails = w.mails(&addr(who));
        assert!(mails.len() >= 2, "{who}: a reply and the start: {mails:#?}");
        for m in &mails {
            english(m);
        }
    }
    // A German player of the same game reads German.
    all_german(
        &w,
        &addr("germany"),
        &[format!("JOIN germany vet {}", pw("germany"))],
    );
}

#[test]
fn a_join_greeted_in_english_to_a_german_game_is_answered_in_english_and_in_german_greeted_in_german()
 {
    let mut w = World::new();
    w.master("CREATE vet deadline=48h language=de");
    let hello = w.send(
        &addr("england"),
        &format!(
            "Hello, I'd like to join your game please.\nJOIN england vet {}\nThanks and best regards",
            pw("england")
        ),
    );
    let hallo = w.send(
        &addr("germany"),
        &format!(
            "Hallo, ich möchte gerne mitspielen.\nJOIN germany vet {}\nViele Grüße",
            pw("germany")
        ),
    );
    w.pass();
    let r = w.reply(&addr("england"), &hello);
    assert!(subject(&r).starts_with("Re:"), "{r}");
    english(&r);
    let r = w.reply(&addr("germany"), &hallo);
    assert!(subject(&r).starts_with("AW:"), "{r}");
    all_german(
        &w,
        &addr("germany"),
        &[
            "Hallo, ich möchte gerne mitspielen.".into(),
            format!("JOIN germany vet {}", pw("germany")),
            "Viele Grüße".into(),
        ],
    );
}
