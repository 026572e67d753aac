//! Commands from the web pages go through the judge as mail does
//! (issue 38): `mail::web_command` hands the command text to the judge
//! as a message from the power's registered address, signed on at the
//! pages, in one transaction with its inbox record and everything it
//! caused; its reply is mailed to the player unless they turned that
//! off; the secret log names the web pages as the source; a password
//! given at the pages goes through the power's guessing lock.

use chrono::{DateTime, Duration, Utc};
use dipspy::game::{self, CreateOptions};
use dipspy::judge::{JudgeSettings, SignonLock, WebSignOn, WebUser};
use dipspy::mail::Limits;
use dipspy::mail::{self, WebCommand};
use dipspy::store::Store;

use crate::support::started::{POWERS, start_seated};

fn now() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

fn js() -> JudgeSettings {
    JudgeSettings {
        address: "judge@example.org".into(),
        signon_lock: SignonLock {
            after: 3,
            minutes: 60,
        },
        ..Default::default()
    }
}

struct W {
    _dir: tempfile::TempDir,
    st: Store,
}

fn game(rules: &[&str]) -> W {
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
    let o = CreateOptions {
        rules: rules.iter().map(|r| r.to_string()).collect(),
        ..Default::default()
    };
    start_seated(&mut st, "g", &o, &POWERS, now());
    W { _dir: dir, st }
}

fn france(text: &str, mail_copy: bool) -> WebCommand {
    WebCommand {
        user: WebUser::Power {
            game: "g".into(),
            power: "france".into(),
        },
        from: "france@example.org".into(),
        text: text.into(),
        subject: "orders from the web pages".into(),
        mail_copy,
    }
}

fn outbox_to(st: &mut Store, to: &str) -> Vec<mail::OutMail> {
    st.write(mail::outbox_rows)
        .unwrap()
        .into_iter()
        .filter(|m| m.to == to)
        .collect()
}

#[test]
fn orders_from_the_web_stand_and_the_reply_is_also_mailed() {
    let mut w = game(&[]);
    let r = mail::web_command(
        &mut w.st,
        &js(),
        Limits::default(),
        &france("A PAR - BUR\nA MAR - SPA", true),
        now(),
    )
    .unwrap();
    let rows = w.st.write(|c| c.inbox_rows()).unwrap();
    let row = rows.iter().find(|x| x.id == r.inbox_id).unwrap();
    assert_eq!(row.source, "web");
    assert_eq!(row.status, "handled");
    assert_eq!(row.sender, "france@example.org");
    // The orders stand, as a mail's would.
    let shown = game::show(&w.st, "g").unwrap();
    let fr = shown.powers.iter().find(|p| p.power == "france").unwrap();
    assert!(fr.orders_in, "{r:?}");
    // The page shows the reply; the player gets the same by mail, in
    // reply to the recorded commands.
    let mailed = outbox_to(&mut w.st, "france@example.org");
    assert_eq!(mailed.len(), 1, "{mailed:?}");
    assert_eq!(mailed[0].body, r.body);
    assert!(mailed[0].in_reply_to.is_some());
    // Nobody else heard of it.
    assert!(outbox_to(&mut w.st, "germany@example.org").is_empty());
}

#[test]
fn a_player_who_turned_the_copy_off_gets_the_reply_on_the_page_only() {
    let mut w = game(&[]);
    let r = mail::web_command(
        &mut w.st,
        &js(),
        Limits::default(),
        &france("A PAR - BUR", false),
        now(),
    )
    .unwrap();
    assert!(!r.body.is_empty());
    assert!(outbox_to(&mut w.st, "france@example.org").is_empty());
}

#[test]
fn spy_orders_from_the_web_are_logged_as_coming_from_the_web_pages() {
    let mut w = game(&["espionnite"]);
    mail::web_command(
        &mut w.st,
        &js(),
        Limits::default(),
        &france("A PAR - BUR\nSPY A MUN", false),
        now(),
    )
    .unwrap();
    let sources: Vec<String> =
        w.st.write(|c| c.secret_rows(1))
            .unwrap()
            .into_iter()
            .filter(|e| e.kind == "received")
            .filter_map(|e| e.source)
            .collect();
    assert_eq!(sources.len(), 1, "{sources:?}");
    assert!(
        sources[0].starts_with("from france@example.org (web), message <"),
        "{sources:?}"
    );
}

#[test]
fn a_command_a_power_may_not_give_is_refused_on_the_page_as_by_mail() {
    let mut w = game(&[]);
    // A web page's player is no master: a master command is refused.
    let r = mail::web_command(
        &mut w.st,
        &js(),
        Limits::default(),
        &france("PROCESS g", false),
        now(),
    )
    .unwrap();
    let shown = game::show(&w.st, "g").unwrap();
    assert_eq!(shown.phase.as_deref(), Some("S1901M"), "{r:?}");
    assert!(r.body.contains("PROCESS g"), "{}", r.body);
}

#[test]
fn wrong_passwords_at_the_pages_lock_the_power_for_mail_too() {
    let mut w = game(&[]);
    let js = js();
    let sign = |st: &mut Store, pw: &str, at: DateTime<Utc>| {
        mail::web_sign_on(st, &js, Limits::default(), "g", "france", pw, at).unwrap()
    };
    assert!(matches!(
        sign(&mut w.st, "pw", now()),
        WebSignOn::Good { .. }
    ));
    for _ in 0..3 {
        assert_eq!(sign(&mut w.st, "guess", now()), WebSignOn::Wrong);
    }
    // Locked: even the right password is not checked, here or by mail.
    assert_eq!(sign(&mut w.st, "pw", now()), WebSignOn::Locked);
    let by_mail = dipspy::judge::handle(
        &mut w.st,
        &js,
        &dipspy::judge::Incoming {
            from: "someone@example.net".into(),
            message_id: None,
            subject: "x".into(),
            body: "SIGNON france g pw\nA PAR - BUR\n".into(),
            received_at: now(),
            authenticated: false,
            restricted: false,
            web: None,
        },
        now(),
    )
    .unwrap();
    assert!(by_mail.signons.failed && !by_mail.signons.good);
    // The lock's notice reached the power's player.
    assert!(!outbox_to(&mut w.st, "france@example.org").is_empty());
    // And it ends when the lock does.
    let later = now() + Duration::minutes(61);
    assert!(matches!(
        sign(&mut w.st, "pw", later),
        WebSignOn::Good { .. }
    ));
    // A power nobody knows guesses nothing.
    assert_eq!(
        mail::web_sign_on(
            &mut w.st,
            &js,
            Limits::default(),
            "g",
            "atlantis",
            "x",
            later
        )
        .unwrap(),
        WebSignOn::Unknown
    );
}
