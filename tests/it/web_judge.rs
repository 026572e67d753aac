//! The judge's pages (issue 37), their security, over real HTTP on a
//! loopback port (`support::web_judge`): nothing without the master
//! password, the password-guessing lock shared with mail, the session's
//! `__Host-` cookie, CSRF tokens on every POST, `Cache-Control:
//! no-store` on every answer.

use crate::support::web_judge::{self, Browser, Got, LOCK_AFTER, MASTER_PW, SESSION, Served, csrf};
use chrono::Duration;

/// Every path of the judge's pages a test asks for, but the login form.
const PAGES: [&str; 6] = [
    "/judge",
    "/judge/games/g",
    "/judge/games/g?power=france&kind=received",
    "/judge/games/g/export",
    "/judge/games/g/phases/S1902M",
    "/judge/no-such-page",
];

fn no_store(r: &Got, what: &str) {
    assert_eq!(
        r.header("cache-control"),
        Some("no-store"),
        "{what}: {:?}",
        r.headers
    );
}

fn to_login(r: &Got, what: &str) {
    assert_eq!(r.status, 303, "{what}: {}", r.body);
    assert_eq!(r.header("location"), Some("/judge/login"), "{what}");
    no_store(r, what);
}

#[test]
fn every_judge_route_refuses_without_a_session() {
    let s = Served::new();
    let secret = web_judge::a_secret_word(&s);
    for cookie in [None, Some("00".repeat(32))] {
        let mut b = s.browser();
        if let Some(c) = &cookie {
            b.cookies.insert(SESSION.into(), c.clone());
        }
        for p in PAGES {
            let r = b.get(p);
            to_login(&r, p);
            assert!(!r.body.contains(&secret), "{p}");
        }
        for p in ["/judge/logout", "/judge/games/g", "/judge", "/judge/x"] {
            let r = b.post(p, &[("csrf", "x")]);
            assert_eq!(r.status, 403, "POST {p}: {}", r.body);
            no_store(&r, p);
            // Its body left unread, the connection ends with the answer,
            // and the answer says so.
            assert_eq!(r.header("connection"), Some("close"), "POST {p}");
        }
    }
    // The login form alone answers, and says nothing of the log.
    let r = s.browser().get("/judge/login");
    assert_eq!(r.status, 200);
    no_store(&r, "the login form");
    assert!(!r.body.contains(&secret));
    assert!(
        r.body.contains("<label for=\"judge-password\">"),
        "{}",
        r.body
    );
}

/// The `Set-Cookie` of the session: its id, after checking it is a
/// `__Host-` cookie with every attribute it must have.
fn session_cookie(r: &Got) -> String {
    let c = r
        .set_cookie(SESSION)
        .unwrap_or_else(|| panic!("no session cookie: {:?}", r.headers));
    let attrs: Vec<&str> = c.split(';').map(str::trim).collect();
    for a in ["Secure", "HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(attrs.contains(&a), "{a} missing in {c}");
    }
    assert!(!c.contains("Domain"), "{c}");
    let id = attrs[0].split_once('=').unwrap().1.to_string();
    assert_eq!(id.len(), 64, "{c}");
    assert!(id.chars().all(|c| c.is_ascii_hexdigit()), "{c}");
    id
}

#[test]
fn a_right_login_gives_a_host_cookie_and_a_new_id_each_time() {
    let s = Served::new();
    let mut b = s.browser();
    let first = b.login(MASTER_PW);
    assert_eq!(first.status, 303, "{}", first.body);
    assert_eq!(first.header("location"), Some("/judge"));
    no_store(&first, "login");
    let one = session_cookie(&first);
    assert_eq!(b.get("/judge").status, 200);
    // Logging in again, with the session's cookie sent: a new id, and
    // the old one no longer opens anything.
    let again = b.login(MASTER_PW);
    let two = session_cookie(&again);
    assert_ne!(one, two);
    let mut old = s.browser();
    old.cookies.insert(SESSION.into(), one);
    to_login(&old.get("/judge"), "the id before the second login");
    assert_eq!(b.get("/judge").status, 200);
    // Another browser's login: another id.
    let other = session_cookie(&s.browser().login(MASTER_PW));
    assert_ne!(other, two);
}

#[test]
fn a_session_ends_idle_at_its_lifetime_and_at_logout() {
    let s = Served::new();
    let mut b = s.logged_in();
    s.wait(Duration::minutes(29));
    assert_eq!(b.get("/judge").status, 200);
    s.wait(Duration::minutes(31));
    to_login(&b.get("/judge"), "idle for 31 minutes");
    let mut b = s.logged_in();
    for _ in 0..24 {
        s.wait(Duration::minutes(29));
        assert_eq!(b.get("/judge").status, 200);
    }
    s.wait(Duration::minutes(29));
    to_login(&b.get("/judge"), "past 12 hours");
    let mut b = s.logged_in();
    let id = b.session().unwrap();
    let token = csrf(&b.get("/judge").body);
    let out = b.post("/judge/logout", &[("csrf", &token)]);
    assert_eq!(out.status, 303, "{}", out.body);
    assert!(b.session().is_none(), "the cookie is removed");
    let removed = out.set_cookie(SESSION).unwrap().to_string();
    assert!(removed.contains("Max-Age=0"), "{removed}");
    let mut again = s.browser();
    again.cookies.insert(SESSION.into(), id);
    to_login(&again.get("/judge"), "after logout");
}

/// The pages' answer to a wrong password, and to any while locked.
fn refused_login(b: &mut Browser, password: &str, status: u16) {
    let r = b.login(password);
    assert_eq!(r.status, status, "{}", r.body);
    assert!(r.set_cookie(SESSION).is_none(), "{:?}", r.headers);
    assert!(b.session().is_none());
    no_store(&r, "a refused login");
}

#[test]
fn wrong_passwords_lock_the_login_and_the_master_by_mail_until_the_lock_ends() {
    let mut s = Served::new();
    let mut b = s.browser();
    for i in 0..LOCK_AFTER {
        refused_login(&mut b, &format!("guess {i}"), 401);
    }
    refused_login(&mut b, MASTER_PW, 429);
    assert!(b.get("/judge/login").status == 200);
    // The same lock holds for mail.
    let reply = s.master_by_mail(MASTER_PW);
    assert!(reply.contains("locked"), "{reply}");
    s.wait(Duration::minutes(59));
    refused_login(&mut b, MASTER_PW, 429);
    s.wait(Duration::minutes(2));
    let r = b.login(MASTER_PW);
    assert_eq!(r.status, 303, "the lock has ended: {}", r.body);
}

#[test]
fn a_lock_started_on_the_pages_is_mailed_to_the_master_as_one_started_by_mail() {
    let hash = crate::support::password::argon2_hash(MASTER_PW);
    let mut s = Served::with(|d| d.with_judge(web_judge::judge_settings(&hash)));
    let to_master = |s: &Served| -> Vec<(String, String)> {
        dipspy::mail::outbox_rows(&s.g.st.read())
            .unwrap()
            .into_iter()
            .filter(|m| m.to == web_judge::MASTER)
            .map(|m| (m.subject, m.body))
            .collect()
    };
    let before = to_master(&s);
    let mut b = s.browser();
    for i in 0..LOCK_AFTER - 1 {
        refused_login(&mut b, &format!("guess {i}"), 401);
    }
    assert_eq!(to_master(&s), before, "no letter before the lock");
    refused_login(&mut b, "the last guess", 401);
    let after = to_master(&s);
    assert_eq!(after.len(), before.len() + 1, "{after:?}");
    let (subject, body) = after.last().unwrap();
    let lock = dipspy::text::Args::new()
        .num("after", f64::from(LOCK_AFTER))
        .num("minutes", 60.0);
    let en = dipspy::text::Lang::En;
    assert_eq!(
        subject,
        &dipspy::text::render(en, "notice-master-locked.subject", &lock)
    );
    assert!(
        body.contains(&dipspy::text::render(
            en,
            "notice-master-locked.body",
            &lock
        )),
        "{body}"
    );
    // The lock holds by mail too, and a guess while it holds mails nothing more.
    refused_login(&mut b, MASTER_PW, 429);
    assert!(s.master_by_mail(MASTER_PW).contains("locked"));
    assert_eq!(to_master(&s).len(), after.len());
}

#[test]
fn guesses_by_mail_and_by_web_add_up_to_one_lock() {
    let mut s = Served::new();
    for i in 0..LOCK_AFTER - 2 {
        let reply = s.master_by_mail(&format!("mail-guess-{i}"));
        assert!(
            reply.contains("wrong") || reply.contains("refused"),
            "{reply}"
        );
        assert!(!reply.contains("locked"), "{reply}");
    }
    let mut b = s.browser();
    refused_login(&mut b, "web guess 1", 401);
    refused_login(&mut b, "web guess 2", 401);
    refused_login(&mut b, MASTER_PW, 429);
    let reply = s.master_by_mail(MASTER_PW);
    assert!(reply.contains("locked"), "{reply}");
}

#[test]
fn a_post_without_its_csrf_token_or_with_another_sessions_is_refused() {
    let s = Served::new();
    // The login form: without the token, with a wrong one, or without
    // its cookie, the right password opens nothing.
    let mut b = s.browser();
    let token = csrf(&b.get("/judge/login").body);
    for form in [
        vec![("password", MASTER_PW)],
        vec![
            ("csrf", "0".repeat(64).leak() as &str),
            ("password", MASTER_PW),
        ],
        vec![("csrf", ""), ("password", MASTER_PW)],
    ] {
        let r = b.post("/judge/login", &form);
        assert_eq!(r.status, 403, "{form:?}: {}", r.body);
        assert!(r.set_cookie(SESSION).is_none());
    }
    let mut cookieless = s.browser();
    let r = cookieless.post("/judge/login", &[("csrf", &token), ("password", MASTER_PW)]);
    assert_eq!(r.status, 403, "a token without its cookie");
    // Logout: without its token, or with another session's, refused, and
    // the session goes on.
    let mut a = s.logged_in();
    let mut other = s.logged_in();
    let theirs = csrf(&other.get("/judge").body);
    let mine = csrf(&a.get("/judge").body);
    assert_ne!(mine, theirs);
    for form in [vec![], vec![("csrf", theirs.as_str())]] {
        let r = a.post("/judge/logout", &form);
        assert_eq!(r.status, 403, "{form:?}: {}", r.body);
        no_store(&r, "a refused logout");
        assert_eq!(a.get("/judge").status, 200, "the session goes on");
    }
    assert_eq!(a.post("/judge/logout", &[("csrf", &mine)]).status, 303);
    to_login(&a.get("/judge"), "logged out");
    assert_eq!(other.get("/judge").status, 200);
}

#[test]
fn every_judge_answer_is_no_store_and_the_pages_are_off_without_a_master_password() {
    let s = Served::new();
    let mut b = s.logged_in();
    for p in PAGES {
        let r = b.get(p);
        no_store(&r, p);
        assert!(r.status < 500, "{p}: {}", r.body);
    }
    // A site without the judge's pages has none.
    let site = dipspy::web::Site::open(&s.g.db).unwrap();
    let addr = dipspy::web::spawn_site("127.0.0.1:0", site).unwrap().addr;
    for p in ["/judge", "/judge/login", "/judge/games/g"] {
        let r = ureq::get(&format!("http://{addr}{p}")).call();
        match r {
            Err(ureq::Error::Status(404, _)) => {}
            other => panic!("{p}: {other:?}"),
        }
    }
}
