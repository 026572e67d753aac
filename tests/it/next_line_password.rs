//! A password written on the line after its command (`SIGNON france g`,
//! then `hunter2` alone on the next line, or in the next HTML cell or
//! paragraph) is masked in the stored mail, never repeated in a reply,
//! and never read as an order (`src/command/secret_next.rs`). Every mail
//! goes through the real ingest path (`dipspy::mail::ingest` on the raw
//! message, into a real SQLite file); the stored raw mail is read back
//! with the tests' own MIME reader (`tests/it/support/maskdecode.rs`),
//! and the replies are the outbox rows the mail queued.

use crate::support::judge::{Judge, POWERS, addr, hash, now, settings};
use crate::support::maskdecode;
use dipspy::game::{self, CreateOptions};
use dipspy::judge::JudgeSettings;
use dipspy::mail::{self, Limits, Outcome};

const MASTER: &str = "gm@example.org";
const STRANGER: &str = "newcomer@example.org";
/// What the reply says of such a line, in English.
const NOT_READ: &str = "so this line may be that password";

/// A judge with game `g` started, every power seated (`power-pw`).
fn judge() -> Judge {
    let mut j = Judge::open(JudgeSettings {
        master_address: Some(MASTER.into()),
        master_password_hash: Some(hash("gm-secret")),
        alert_after_minutes: None,
        ..settings()
    });
    let o = CreateOptions {
        timezone: "Europe/Berlin".into(),
        ..CreateOptions::default()
    };
    game::create(&mut j.st, "g", &o, now()).unwrap();
    j.seat("g", &POWERS);
    game::start(&mut j.st, "g", now()).unwrap();
    j
}

fn limits() -> Limits {
    Limits {
        per_sender_per_hour: 10_000,
        failed_signons_per_hour: 10_000,
        stranger_replies_per_hour: 10_000,
        ..Limits::default()
    }
}

/// What one mail left: its stored raw copy and the replies it queued.
struct Sent {
    stored: Vec<u8>,
    replies: Vec<String>,
}

/// Hands the judge a mail from `from` with one part of type `ctype`.
fn send(j: &mut Judge, n: usize, from: &str, ctype: &str, body: &str) -> Sent {
    let raw = format!(
        "From: {from}\r\nTo: judge@example.org\r\nMessage-ID: <next{n}@example.org>\r\n\
         Date: Fri, 10 Jan 2025 12:00:00 +0000\r\nSubject: orders\r\nMIME-Version: 1.0\r\n\
         Content-Type: {ctype}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}"
    );
    let before = mail::outbox_rows(&j.st.read()).unwrap().len();
    let out = mail::ingest(&mut j.st, &j.js, limits(), raw.as_bytes(), "test", now()).unwrap();
    assert_eq!(out, Some(Outcome::Handled), "mail {n}:\n{body}");
    let id = mail::inbox_rows(&j.st.read()).unwrap().last().unwrap().id;
    let stored = j.st.read().inbox_raw(id).unwrap().unwrap();
    let replies = mail::outbox_rows(&j.st.read()).unwrap()[before..]
        .iter()
        .map(|o| o.body.clone())
        .collect();
    Sent { stored, replies }
}

/// A command that takes a password or code, written without it: its
/// name, the sender, a line before it, and the line.
struct Case {
    name: &'static str,
    from: String,
    before: &'static str,
    open: &'static str,
}

fn cases() -> Vec<Case> {
    let c = |name, from: &str, before, open| Case {
        name,
        from: from.to_string(),
        before,
        open,
    };
    let france = addr("france");
    vec![
        c("SIGNON power game", &france, "", "SIGNON france g"),
        c("SIGNON letter game", &france, "", "SIGNON F g"),
        c("SIGN ON (njudge form)", &france, "", "SIGN ON Fg"),
        c("SIGNON ?game", STRANGER, "", "SIGNON ?g"),
        c("JOIN power game", STRANGER, "", "JOIN france g"),
        c("JOIN game", STRANGER, "", "JOIN g"),
        c("MASTER", MASTER, "", "MASTER"),
        c(
            "SET PASSWORD",
            &france,
            "SIGNON france g france-pw",
            "SET PASSWORD",
        ),
        c("TAKEOVER", STRANGER, "", "TAKEOVER france g"),
        c("TAKE OVER", STRANGER, "", "TAKE OVER F g"),
        c("CONFIRM ADDRESS", STRANGER, "", "CONFIRM ADDRESS"),
        c("CONFIRM", STRANGER, "", "CONFIRM"),
    ]
}

/// A way to write the command and the secret: its name, the content
/// type, whether the reader reads the secret's line (a quoted line is
/// never read, so the reply does not name it), and the body.
type Layout = (
    &'static str,
    &'static str,
    bool,
    fn(&str, &str, &str) -> String,
);

fn layouts() -> Vec<Layout> {
    fn p(before: &str) -> String {
        if before.is_empty() {
            String::new()
        } else {
            format!("<p>{before}</p>")
        }
    }
    vec![
        ("next line", "text/plain", true, |b, o, s| {
            format!("{b}\r\n{o}\r\n{s}\r\nThanks\r\n")
        }),
        ("after blank lines", "text/plain", true, |b, o, s| {
            format!("{b}\r\n{o}\r\n\r\n   \r\n\r\n{s}\r\n")
        }),
        ("quoted secret", "text/plain", false, |b, o, s| {
            format!("{b}\r\n{o}\r\n>\r\n> {s}\r\n")
        }),
        ("quoted both", "text/plain", false, |b, o, s| {
            format!("{b}\r\n> {o}\r\n> \r\n>> {s}\r\n")
        }),
        ("HTML table cells", "text/html", true, |b, o, s| {
            format!(
                "<html><body>{}<table><tr><td>{o}</td><td>{s}</td></tr></table></body></html>",
                p(b)
            )
        }),
        ("HTML paragraphs", "text/html", true, |b, o, s| {
            format!("<html><body>{}<p>{o}</p>\r\n<p>{s}</p></body></html>", p(b))
        }),
        ("HTML br", "text/html", true, |b, o, s| {
            format!("<html><body>{}{o}<br>\r\n<br>{s}<br></body></html>", p(b))
        }),
        ("HTML divs, inline tags", "text/html", true, |b, o, s| {
            format!(
                "<html><body>{}<div><b>{o}</b></div><div><br></div><div><span>{s}</span></div></body></html>",
                p(b)
            )
        }),
    ]
}

/// Every password command, every layout: the secret written on the next
/// line is neither in the stored mail nor in any reply, and the reply
/// says why the line was not read. Every failing form is named.
#[test]
fn a_password_on_the_line_after_its_command_is_masked_and_never_repeated() {
    let mut j = judge();
    let mut failures = Vec::new();
    let mut n = 0;
    for case in cases() {
        for (layout, ctype, read, body) in layouts() {
            n += 1;
            let secret = format!("Hu{n}nter");
            let sent = send(
                &mut j,
                n,
                &case.from,
                ctype,
                &body(case.before, case.open, &secret),
            );
            let name = format!("{} / {layout}", case.name);
            if let Some(how) = maskdecode::holds_bytes(&sent.stored, &secret) {
                failures.push(format!("{name}: stored mail holds the secret ({how})"));
            } else if maskdecode::all_text(&sent.stored).contains(&secret) {
                failures.push(format!("{name}: stored mail reads as the secret"));
            }
            if sent.replies.is_empty() {
                failures.push(format!("{name}: no reply"));
            }
            for r in &sent.replies {
                if r.contains(&secret) {
                    failures.push(format!("{name}: a reply repeats the secret:\n{r}"));
                }
            }
            if read && !sent.replies.iter().any(|r| r.contains(NOT_READ)) {
                failures.push(format!(
                    "{name}: the reply does not say the line was not read:\n{}",
                    sent.replies.join("\n---\n")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// After a good sign-on, a SET PASSWORD with its password on the next
/// line: that line (here one that reads as an order) is not an order, not
/// repeated and not kept.
#[test]
fn the_line_after_a_command_without_its_password_is_not_an_order() {
    let mut j = judge();
    for (n, (ctype, body)) in [
        (
            "text/plain",
            "SIGNON france g france-pw\r\nSET PASSWORD\r\n\r\nA par - bur\r\n",
        ),
        (
            "text/html",
            "<html><body><p>SIGNON france g france-pw</p><p>SET PASSWORD</p><p>A par - bur</p></body></html>",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let sent = send(&mut j, n, &addr("france"), ctype, body);
        let (_, powers) = game::show_orders(&j.st, "g", Some("france")).unwrap();
        assert!(
            powers[0].orders.is_empty(),
            "{ctype}: an order was stored: {:?}",
            powers[0].orders
        );
        let reply = sent.replies.join("\n");
        assert!(reply.contains(NOT_READ), "{ctype}: {reply}");
        assert!(!reply.contains("par - bur"), "{ctype}: {reply}");
        assert!(
            !maskdecode::texts(&sent.stored).contains("par - bur"),
            "{ctype}: {}",
            String::from_utf8_lossy(&sent.stored)
        );
    }
}

/// An order line after a complete SIGNON line is an order, and stays
/// readable in the stored mail.
#[test]
fn an_order_after_a_complete_signon_is_still_an_order() {
    let mut j = judge();
    let sent = send(
        &mut j,
        1,
        &addr("france"),
        "text/plain",
        "SIGNON france g france-pw\r\nA par - bur\r\n",
    );
    let (_, powers) = game::show_orders(&j.st, "g", Some("france")).unwrap();
    assert_eq!(powers[0].orders.len(), 1, "{:?}", sent.replies);
    let reply = sent.replies.join("\n");
    assert!(!reply.contains(NOT_READ), "{reply}");
    assert!(!reply.contains("france-pw"), "{reply}");
    assert!(maskdecode::texts(&sent.stored).contains("A par - bur"));
    assert!(maskdecode::holds_bytes(&sent.stored, "france-pw").is_none());
}

/// A SIGNON without a password that succeeds (a `password_optional`
/// game, the player's own authenticated address) missed nothing: the next
/// line is read as usual; refused all the same, it is not repeated.
#[test]
fn after_a_signon_that_needs_no_password_the_next_line_is_read() {
    let mut j = judge();
    let o = CreateOptions {
        timezone: "Europe/Berlin".into(),
        password_optional: true,
        ..CreateOptions::default()
    };
    game::create(&mut j.st, "free", &o, now()).unwrap();
    j.seat("free", &POWERS);
    game::start(&mut j.st, "free", now()).unwrap();
    let r = j.send(&addr("france"), "SIGNON france free\nA par - bur\n");
    let (_, powers) = game::show_orders(&j.st, "free", Some("france")).unwrap();
    assert_eq!(powers[0].orders.len(), 1, "{}", r.body);
    assert!(!r.body.contains(NOT_READ), "{}", r.body);
    let r = j.send(&addr("france"), "SIGNON france free\nWobble7x\n");
    assert!(!r.body.contains("Wobble7x"), "{}", r.body);
    // Not signed on (the mail is not authenticated): not read.
    let r = j.send_as(&addr("france"), "SIGNON france free\nA mar - spa\n", false);
    assert!(r.body.contains(NOT_READ), "{}", r.body);
    assert!(!r.body.contains("mar - spa"), "{}", r.body);
}
