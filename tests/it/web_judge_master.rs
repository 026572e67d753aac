//! The master's commands on the judge's pages (issue 38), over real HTTP
//! (`support::web_judge`): every game has its master's page; each form
//! is the command a master's mail carries, through the judge in the same
//! way, and leaves the game, its results and its notices as that mail
//! does (checked against a twin game given the same command by mail);
//! processing and rolling back ask for a confirmation first; a POST
//! without its token, without a session or after the session ended is
//! refused with nothing done.

use crate::support::secret_log_game::G;
use crate::support::web::unescape;
use crate::support::web_judge::{
    self, Browser, Got, LOCK_AFTER, MASTER, MASTER_PW, SESSION, Served, csrf,
};
use chrono::{DateTime, Duration, Utc};
use dipspy::game;
use dipspy::mail::{self, Limits};

const PAGE: &str = "/judge/games/g/master";

/// The master's page's token, and the page.
fn page(b: &mut Browser) -> (String, Got) {
    let r = b.get(PAGE);
    assert_eq!(r.status, 200, "{}", r.body);
    (csrf(&r.body), r)
}

/// A form of the master's page sent with the session's token.
fn send(b: &mut Browser, form: &[(&str, &str)]) -> Got {
    let (token, _) = page(b);
    let mut all = vec![("csrf", token.as_str())];
    all.extend_from_slice(form);
    b.post(PAGE, &all)
}

/// The judge's reply the page shows (`#reply pre`), unescaped enough to
/// compare.
fn reply(r: &Got) -> String {
    let at = r
        .body
        .find("<section id=\"reply\"")
        .unwrap_or_else(|| panic!("no reply in:\n{}", r.body));
    let rest = &r.body[at..];
    let pre = rest.find("<pre>").unwrap() + 5;
    let end = rest.find("</pre>").unwrap();
    unescape(&rest[pre..end])
}

/// The command the page says it sent.
fn sent(r: &Got) -> String {
    let open = "<code id=\"reply-sent\">";
    let at = r.body.find(open).unwrap() + open.len();
    unescape(r.body[at..].split("</code>").next().unwrap())
}

/// The game as `game show` has it (phase, deadline, status, powers,
/// units), and its phase rows.
fn standing(g: &G) -> String {
    let v = game::show(&g.st, "g").unwrap();
    let rows: Vec<String> = game::history(&g.st, "g", None)
        .unwrap()
        .into_iter()
        .map(|h| format!("{} {:?}", h.phase, h.status))
        .collect();
    format!("{v:?}\n{rows:?}")
}

/// Mail queued to anyone but the master (results, notices): address,
/// subject and text, in order.
fn to_players(g: &mut G) -> Vec<(String, String, String)> {
    g.st.write(mail::outbox_rows)
        .unwrap()
        .into_iter()
        .filter(|m| m.to != MASTER)
        .map(|m| (m.to, m.subject, m.body))
        .collect()
}

/// Mail queued to the master.
fn to_master(g: &mut G) -> Vec<String> {
    g.st.write(mail::outbox_rows)
        .unwrap()
        .into_iter()
        .filter(|m| m.to == MASTER)
        .map(|m| m.body)
        .collect()
}

/// Inbox rows the pages stored.
fn web_rows(g: &mut G) -> usize {
    g.st.write(mail::inbox_rows)
        .unwrap()
        .into_iter()
        .filter(|r| r.source == "web")
        .count()
}

/// The same game, given commands by mail from the master.
struct Twin {
    g: G,
    js: dipspy::judge::JudgeSettings,
    n: u32,
}

impl Twin {
    fn new() -> Twin {
        let hash = crate::support::password::argon2_hash(MASTER_PW);
        Twin {
            g: web_judge::played(),
            js: web_judge::judge_settings(&hash),
            n: 0,
        }
    }

    /// `MASTER <password>` and `line` mailed by the master, through the
    /// whole inbound path, at `now`.
    fn mail(&mut self, line: &str, now: DateTime<Utc>) {
        self.n += 1;
        let raw = format!(
            "From: {MASTER}\r\nTo: judge@example.org\r\nSubject: master\r\n\
             Message-ID: <twin{}@example.org>\r\nDate: {}\r\n\r\nMASTER {MASTER_PW}\r\n{line}\r\n",
            self.n,
            now.to_rfc2822()
        );
        let out = mail::ingest(
            &mut self.g.st,
            &self.js,
            Limits::default(),
            raw.as_bytes(),
            "test",
            now,
        )
        .unwrap();
        assert!(matches!(out, Some(mail::Outcome::Handled)), "{out:?}");
    }
}

/// The web game `s` and the mail twin `t` stand the same, and mailed
/// the players the same.
fn same_as_mail(s: &mut Served, t: &mut Twin) {
    assert_eq!(standing(&s.g), standing(&t.g));
    assert_eq!(to_players(&mut s.g), to_players(&mut t.g));
}

/// `form` sent on the web and `line` by mail at the same time: the
/// page's reply.
fn both(s: &mut Served, t: &mut Twin, b: &mut Browser, form: &[(&str, &str)], line: &str) -> Got {
    let r = send(b, form);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(sent(&r), line);
    t.mail(line, s.now());
    same_as_mail(s, t);
    r
}

#[test]
fn every_game_has_the_masters_commands_linked_from_the_list() {
    let s = Served::with_master();
    let mut b = s.logged_in();
    let list = b.get("/judge");
    assert!(
        list.body
            .contains("<a href=\"/judge/games/g/master\">g</a>"),
        "{}",
        list.body
    );
    let log = b.get("/judge/games/g");
    assert!(log.body.contains("href=\"/judge/games/g/master\""));
    let (_, p) = page(&mut b);
    for form in [
        "master-process",
        "master-pause",
        "master-resume",
        "master-deadline-form",
        "master-rollback",
    ] {
        assert!(p.body.contains(&format!("<form id=\"{form}\"")), "{form}");
    }
    // The phases played, the last chosen; no takeover waits.
    assert!(p.body.contains("<option value=\"S1901M\">"), "{}", p.body);
    assert!(p.body.contains("<option value=\"S1902M\" selected>"));
    assert!(p.body.contains("No takeover is waiting."));
    let phase = p.body.split("id=\"master-phase\">").nth(1).unwrap();
    assert!(phase.starts_with("Fall 1902"), "{phase}");
    assert!(phase.contains("(F1902M)</dd>"), "{phase}");
    // A game that does not exist has no page.
    assert_eq!(b.get("/judge/games/nope/master").status, 404);
}

#[test]
fn a_post_without_its_token_or_session_or_after_it_ended_does_nothing() {
    let mut s = Served::with_master();
    let before = standing(&s.g);
    let forms: [&[(&str, &str)]; 6] = [
        &[("action", "process"), ("confirmed", "yes")],
        &[("action", "pause")],
        &[("action", "resume")],
        &[("action", "deadline"), ("when", "96h")],
        &[
            ("action", "rollback"),
            ("phase", "S1901M"),
            ("confirmed", "yes"),
        ],
        &[("action", "approve"), ("power", "italy")],
    ];
    let mut b = s.logged_in();
    let (token, _) = page(&mut b);
    for form in forms {
        // No token, a wrong one.
        for bad in [None, Some("00".repeat(32))] {
            let mut all: Vec<(&str, &str)> = form.to_vec();
            if let Some(t) = &bad {
                all.push(("csrf", t));
            }
            let r = b.post(PAGE, &all);
            assert_eq!(r.status, 403, "{form:?} {bad:?}: {}", r.body);
        }
        // The right token, from a browser with no session.
        let mut all: Vec<(&str, &str)> = form.to_vec();
        all.push(("csrf", &token));
        let mut stranger = s.browser();
        assert_eq!(stranger.post(PAGE, &all).status, 403, "{form:?}");
        // Its session's token, from a browser whose session id is not one.
        let mut forged = s.browser();
        forged.cookies.insert(SESSION.into(), "11".repeat(32));
        assert_eq!(forged.post(PAGE, &all).status, 403, "{form:?}");
    }
    // The session ended (idle too long): its token no longer does anything.
    s.wait(Duration::minutes(31));
    for form in forms {
        let mut all: Vec<(&str, &str)> = form.to_vec();
        all.push(("csrf", &token));
        assert_eq!(b.post(PAGE, &all).status, 403, "{form:?} after the session");
    }
    assert_eq!(standing(&s.g), before);
    assert_eq!(web_rows(&mut s.g), 0);
    assert!(to_players(&mut s.g).is_empty());
    assert!(to_master(&mut s.g).is_empty());
}

#[test]
fn a_locked_master_password_keeps_the_commands_out_of_reach() {
    let mut s = Served::with_master();
    let before = standing(&s.g);
    let mut b = s.browser();
    for _ in 0..LOCK_AFTER {
        assert_eq!(b.login("a guess").status, 401);
    }
    let r = b.login(MASTER_PW);
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(b.session().is_none());
    let to = b.get(PAGE);
    assert_eq!(to.status, 303);
    assert_eq!(to.header("location"), Some("/judge/login"));
    let r = b.post(PAGE, &[("csrf", "x"), ("action", "pause")]);
    assert_eq!(r.status, 403);
    assert_eq!(standing(&s.g), before);
    assert_eq!(web_rows(&mut s.g), 0);
}

#[test]
fn pause_then_resume_do_what_they_do_by_mail() {
    let mut s = Served::with_master();
    let mut t = Twin::new();
    let mut b = s.logged_in();
    let r = both(&mut s, &mut t, &mut b, &[("action", "pause")], "PAUSE g");
    assert!(reply(&r).contains("game g paused"), "{}", reply(&r));
    let v = game::show(&s.g.st, "g").unwrap();
    assert_eq!(v.status, dipspy::store::GameStatus::Paused);
    s.wait(Duration::minutes(20));
    let r = both(&mut s, &mut t, &mut b, &[("action", "resume")], "RESUME g");
    assert!(reply(&r).contains("resumed"), "{}", reply(&r));
    let v = game::show(&s.g.st, "g").unwrap();
    assert_eq!(v.status, dipspy::store::GameStatus::Active);
    // Each is in the inbox as coming from the web pages, and each reply
    // was mailed to the master too.
    assert_eq!(web_rows(&mut s.g), 2);
    let mailed = to_master(&mut s.g);
    assert_eq!(mailed.len(), 2, "{mailed:?}");
    assert_eq!(mailed[1], reply(&r));
}

#[test]
fn setting_the_deadline_does_what_it_does_by_mail() {
    let mut s = Served::with_master();
    let mut t = Twin::new();
    let mut b = s.logged_in();
    let before = game::show(&s.g.st, "g").unwrap().deadline;
    let form = [("action", "deadline"), ("when", "2026-02-01 18:00")];
    let r = both(
        &mut s,
        &mut t,
        &mut b,
        &form,
        "SET DEADLINE g 2026-02-01 18:00",
    );
    let after = game::show(&s.g.st, "g").unwrap().deadline;
    assert_ne!(before, after);
    assert!(
        after.as_deref().unwrap().contains("2026-02-01"),
        "{after:?}"
    );
    assert!(r.body.contains("id=\"master-deadline\">"));
    // A deadline of two lines gives no command at all.
    let r = send(
        &mut b,
        &[("action", "deadline"), ("when", "48h\nPROCESS g")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("id=\"master-unfit\""));
    assert_eq!(web_rows(&mut s.g), 1);
    same_as_mail(&mut s, &mut t);
}

#[test]
fn processing_asks_first_then_does_what_it_does_by_mail() {
    let mut s = Served::with_master();
    let mut t = Twin::new();
    let mut b = s.logged_in();
    let before = standing(&s.g);
    let phase = game::show(&s.g.st, "g").unwrap().phase;
    // First the confirmation page, and nothing done.
    let ask = send(&mut b, &[("action", "process")]);
    assert_eq!(ask.status, 200, "{}", ask.body);
    assert!(
        ask.body
            .contains("<code id=\"confirm-sent\">PROCESS g</code>")
    );
    assert!(ask.body.contains("name=\"confirmed\" value=\"yes\""));
    assert_eq!(standing(&s.g), before);
    assert_eq!(web_rows(&mut s.g), 0);
    // Its button sends the form again, confirmed.
    let token = csrf(&ask.body);
    let r = b.post(
        PAGE,
        &[
            ("csrf", &token),
            ("action", "process"),
            ("phase", ""),
            ("confirmed", "yes"),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(sent(&r), "PROCESS g");
    t.mail("PROCESS g", s.now());
    same_as_mail(&mut s, &mut t);
    assert_ne!(game::show(&s.g.st, "g").unwrap().phase, phase);
    // The results went to every player.
    let mailed = to_players(&mut s.g);
    for p in crate::support::secret_log_game::POWERS {
        let to = format!("{p}@example.org");
        assert!(mailed.iter().any(|(a, _, _)| *a == to), "{to}: {mailed:?}");
    }
    assert!(reply(&r).contains("processed"), "{}", reply(&r));
    // The master's copy of the reply (with the phase's signed head, one
    // mail to the master's address).
    let mailed = to_master(&mut s.g);
    assert_eq!(mailed.len(), 1, "{mailed:?}");
    assert!(mailed[0].starts_with(&reply(&r)), "{mailed:?}");
}

#[test]
fn rolling_back_asks_first_then_does_what_it_does_by_mail() {
    let mut s = Served::with_master();
    let mut t = Twin::new();
    let mut b = s.logged_in();
    let before = standing(&s.g);
    let ask = send(&mut b, &[("action", "rollback"), ("phase", "F1901M")]);
    assert_eq!(ask.status, 200, "{}", ask.body);
    assert!(
        ask.body
            .contains("<code id=\"confirm-sent\">ROLLBACK g F1901M</code>")
    );
    assert!(ask.body.contains("name=\"phase\" value=\"F1901M\""));
    assert_eq!(standing(&s.g), before);
    let form = [
        ("action", "rollback"),
        ("phase", "F1901M"),
        ("confirmed", "yes"),
    ];
    let r = both(&mut s, &mut t, &mut b, &form, "ROLLBACK g F1901M");
    assert_eq!(
        game::show(&s.g.st, "g").unwrap().phase.as_deref(),
        Some("F1901M"),
        "{}",
        reply(&r)
    );
    assert!(!to_players(&mut s.g).is_empty());
}

/// Italy and Austria left vacant, and asked for by new players.
fn asked(g: &mut G, now: DateTime<Utc>) {
    for (p, who) in [("italy", "new-it"), ("austria", "new-au")] {
        game::eject(&mut g.st, "g", p, now).unwrap();
        let to = format!("{who}@example.org");
        let r = game::request_takeover(&mut g.st, "g", p, &to, "pw", now).unwrap();
        assert!(
            matches!(r, game::Takeover::AwaitingApproval { .. }),
            "{r:?}"
        );
    }
}

#[test]
fn approving_and_refusing_takeovers_do_what_they_do_by_mail() {
    let mut s = Served::with_master();
    let mut t = Twin::new();
    let now = s.now();
    asked(&mut s.g, now);
    asked(&mut t.g, now);
    let mut b = s.logged_in();
    let (_, p) = page(&mut b);
    assert!(p.body.contains("new-it@example.org"), "{}", p.body);
    assert!(p.body.contains("new-au@example.org"));
    let approve = [("action", "approve"), ("power", "italy")];
    both(&mut s, &mut t, &mut b, &approve, "APPROVE g italy");
    let refuse = [("action", "refuse"), ("power", "austria")];
    both(&mut s, &mut t, &mut b, &refuse, "REFUSE g austria");
    let v = game::show(&s.g.st, "g").unwrap();
    let email = |p: &str| {
        v.powers
            .iter()
            .find(|x| x.power == p)
            .and_then(|x| x.email.clone())
    };
    assert_eq!(email("italy").as_deref(), Some("new-it@example.org"));
    assert_eq!(email("austria"), None);
    let (_, p) = page(&mut b);
    assert!(p.body.contains("No takeover is waiting."), "{}", p.body);
}

#[test]
fn without_a_masters_address_the_reply_is_on_the_page_only() {
    let mut s = Served::new();
    let mut b = s.logged_in();
    let r = send(&mut b, &[("action", "pause")]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(reply(&r).contains("game g paused"), "{}", reply(&r));
    assert_eq!(
        game::show(&s.g.st, "g").unwrap().status,
        dipspy::store::GameStatus::Paused
    );
    let body = reply(&r);
    let rows = s.g.st.write(mail::outbox_rows).unwrap();
    assert!(rows.iter().all(|m| m.body != body), "{rows:?}");
}
