//! The judge's pages (issue 37) in a real browser: a played Spionage
//! game served with its judge's pages (`support::web_judge`), headless
//! Chromium driven through chromedriver (`support::web`). Every page
//! sends a browser without a session to the login form, and shows
//! nothing of the secret log; wrong passwords typed into the form are
//! refused and lock the master password, by web and by mail; the right
//! one opens the timeline, whose filters narrow it, with its
//! verification and the judge's picture of a phase; the session's cookie
//! is a `__Host-` cookie as the browser keeps it; a form sent without
//! its CSRF token is refused and the session goes on. Screenshots of the
//! login form, the timeline and a phase's picture are kept with the
//! public pages' (`support::web::screenshots`).
//!
//! The pages are served over plain HTTP on 127.0.0.1: Chromium counts
//! loopback as a secure context, so it keeps the `Secure` `__Host-`
//! cookies there as it would from an https:// origin.

use crate::support::web::{Browser, Secrets};
use crate::support::web_judge::{LOCK_AFTER, MASTER_PW, SESSION, Served};
use chrono::Duration;
use dipspy::game::{self, Guarded, Lang};

/// Every page of the judge's a browser asks for, but the login form.
const PAGES: [&str; 7] = [
    "/judge",
    "/judge/games/g",
    "/judge/games/g?power=france&kind=received",
    "/judge/games/g/export",
    "/judge/games/g/phases/S1902M",
    "/judge/games/g/phases/S1901M",
    "/judge/no-such-page",
];

/// A word of the judge's pages, in English.
fn w(key: &str) -> String {
    dipspy::text::plain(Lang::En, key)
}

/// `s`'s page at `path`.
fn url(s: &Served, path: &str) -> String {
    format!("http://{}{path}", s.addr)
}

/// The browser's cookie `name` for the page it shows, if it keeps one.
fn cookie(b: &Browser, name: &str) -> Option<fantoccini::cookies::Cookie<'static>> {
    b.rt.block_on(b.client.get_all_cookies())
        .unwrap()
        .into_iter()
        .find(|c| c.name() == name)
}

/// The browser on the login form: its password field found by its
/// label, the password typed in, the button clicked.
fn log_in(b: &Browser, s: &Served, password: &str) {
    b.goto(&url(s, "/judge/login"));
    assert_eq!(b.at(), "/judge/login");
    let label = b.text("label[for=judge-password]");
    assert_eq!(label, w("web-judge-password"));
    let (_, name) = b.role_and_label("input[type=password]");
    assert_eq!(name, label, "the password field is named by its label");
    b.type_into("#judge-password", password);
    b.submit("#judge-login button[type=submit]");
}

/// Whether a computed role is ARIA's image (`img`, or `image` as
/// Chromium reports ARIA 1.3's name).
fn image(role: &str) -> bool {
    role == "img" || role == "image"
}

#[test]
fn every_judge_page_shows_a_browser_without_a_session_the_login_form_and_no_secret() {
    let s = Served::new();
    let b = Browser::start("UTC");
    let entries = game::secret_log(&s.g.st, "g", None, None).unwrap();
    assert!(entries.len() > 10, "{}", entries.len());
    let mut words: Vec<String> = Vec::new();
    for e in &entries {
        words.push(e.text.clone());
        words.extend(e.source.clone());
    }
    let secrets = Secrets::of(&s.g.db, "g", &[MASTER_PW.to_string()]);
    for p in PAGES {
        b.goto(&url(&s, p));
        assert_eq!(b.at(), "/judge/login", "{p} leads to the login form");
        assert_eq!(b.status(), 200, "{p}");
        assert_eq!(b.text("h1"), w("web-judge-login-title"), "{p}");
        assert_eq!(b.count("#judge-password"), 1, "{p}");
        let source = b.source();
        let text = b.text("body");
        for word in &words {
            assert!(
                !source.contains(word.as_str()) && !text.contains(word.as_str()),
                "{p} shows the secret log's {word:?}"
            );
        }
        secrets.assert_kept_from(p, &source, &text);
        assert!(cookie(&b, SESSION).is_none(), "{p}");
    }
    b.screenshot("judge-login-en");
}

#[test]
fn wrong_passwords_typed_into_the_form_are_refused_then_lock_the_master_password() {
    let mut s = Served::new();
    let b = Browser::start("UTC");
    for i in 0..LOCK_AFTER {
        let guess = format!("wrong guess {i}");
        log_in(&b, &s, &guess);
        assert_eq!(b.status(), 401, "guess {i}");
        assert_eq!(b.text("#judge-said"), w("web-judge-wrong"));
        assert_eq!(b.role_and_label("#judge-said").0, "alert");
        assert!(!b.source().contains(&guess), "the guess is not echoed");
        assert!(cookie(&b, SESSION).is_none());
    }
    b.screenshot("judge-login-wrong-en");
    // The right password now: locked, not even checked.
    log_in(&b, &s, MASTER_PW);
    assert_eq!(b.status(), 429);
    assert_eq!(b.text("#judge-said"), w("web-judge-locked"));
    assert!(cookie(&b, SESSION).is_none());
    b.goto(&url(&s, "/judge"));
    assert_eq!(b.at(), "/judge/login", "no session was opened");
    // The game layer's lock on the master password, which mail's MASTER
    // goes through, holds, and MASTER by mail is refused.
    let lock = game::password_lock(
        &s.g.st.read(),
        &Guarded::Master,
        Duration::minutes(60),
        s.now(),
    )
    .unwrap();
    assert!(lock.locked_until.is_some_and(|t| t > s.now()), "{lock:?}");
    let reply = s.master_by_mail(MASTER_PW);
    assert!(reply.contains("locked"), "{reply}");
}

#[test]
fn the_right_password_opens_the_timeline_its_filters_its_check_and_the_picture() {
    let s = Served::new();
    let b = Browser::start("UTC");
    log_in(&b, &s, MASTER_PW);
    assert_eq!(b.at(), "/judge");
    assert_eq!(b.text("h1"), w("web-judge-games-title"));
    // The session's cookie, as the browser keeps it.
    let c = cookie(&b, SESSION).expect("the browser keeps the session's cookie");
    assert!(c.name().starts_with("__Host-"), "{c}");
    assert_eq!(c.http_only(), Some(true), "{c}");
    assert_eq!(c.secure(), Some(true), "{c}");
    assert_eq!(
        c.same_site().map(|v| v.to_string()).as_deref(),
        Some("Strict")
    );
    assert_eq!(c.path(), Some("/"), "{c}");
    assert_eq!(
        b.js("return document.cookie;"),
        "",
        "scripts cannot read it"
    );
    // The timeline: every entry, then fewer by power, fewer still by kind.
    b.submit("#judge-games a[href='/judge/games/g']");
    assert_eq!(b.at(), "/judge/games/g");
    let all = game::secret_log(&s.g.st, "g", None, None).unwrap();
    assert_eq!(b.count("tr.entry"), all.len());
    assert_eq!(b.role_and_label("table.secret-log").0, "table");
    assert_eq!(
        b.text("#judge-verify").split(':').next(),
        Some("The secret log checks")
    );
    assert_eq!(
        b.js("return document.getElementById('judge-verify').dataset.status;"),
        "ok"
    );
    // Each entry's kind is on one line (`fake-stopped` unbroken).
    assert_eq!(
        b.js("return [...document.querySelectorAll('code.kind')]\
             .every(k => k.getClientRects().length === 1);"),
        true
    );
    b.screenshot("judge-timeline-en");
    b.screenshot_of("#judge-entries-S1902M", "judge-timeline-en-S1902M");
    let france = game::secret_log(&s.g.st, "g", None, Some("france")).unwrap();
    assert!(france.len() < all.len());
    b.choose("#judge-power", "france");
    b.submit("#judge-filters button[type=submit]");
    assert_eq!(b.at(), "/judge/games/g?power=france&kind=");
    assert_eq!(b.count("tr.entry"), france.len());
    let received = france.iter().filter(|e| e.kind == "received").count();
    assert!(received > 0 && received < france.len());
    b.choose("#judge-kind", "received");
    b.submit("#judge-filters button[type=submit]");
    assert_eq!(b.count("tr.entry"), received);
    assert_eq!(b.count("tr.entry[data-kind=received]"), received);
    assert_eq!(
        b.text("#judge-shown"),
        format!("{received} of {} entries shown.", all.len())
    );
    // The judge's picture of Spring 1902: an image named by its title.
    b.submit("a[href='/judge/games/g/phases/S1902M']");
    assert_eq!(b.at(), "/judge/games/g/phases/S1902M");
    let (role, label) = b.role_and_label("figure.board svg");
    assert!(image(&role), "{role}");
    let title = b.js("return document.querySelector('figure.board svg > title').textContent;");
    assert_eq!(Some(label.as_str()), title.as_str());
    assert!(
        label.starts_with("The judge's picture of game g"),
        "{label}"
    );
    assert!(b.count("#judge-marks li") > 0);
    assert_eq!(b.role_and_label("figure.board").0, "figure");
    b.screenshot("judge-phase-S1902M-en");
    b.screenshot_of("#board-summary", "judge-phase-S1902M-en-marks");
}

#[test]
fn a_form_sent_without_its_csrf_token_from_the_browser_is_refused_and_the_session_goes_on() {
    let s = Served::new();
    let b = Browser::start("UTC");
    // The login form without its token: the right password opens nothing.
    b.goto(&url(&s, "/judge/login"));
    b.js("document.querySelector('#judge-login input[name=csrf]').remove();");
    b.type_into("#judge-password", MASTER_PW);
    b.submit("#judge-login button[type=submit]");
    assert_eq!(b.status(), 403);
    assert_eq!(b.text("#judge-refused"), w("web-judge-forbidden"));
    assert!(cookie(&b, SESSION).is_none());
    // Logged in: logout without its token, then with another one.
    log_in(&b, &s, MASTER_PW);
    assert_eq!(b.at(), "/judge");
    let id = cookie(&b, SESSION).expect("a session").value().to_string();
    for script in [
        "document.querySelector('#judge-logout input[name=csrf]').remove();",
        "document.querySelector('#judge-logout input[name=csrf]').value = '00'.repeat(32);",
    ] {
        b.goto(&url(&s, "/judge"));
        b.js(script);
        b.submit("#judge-logout button[type=submit]");
        assert_eq!(b.at(), "/judge/logout");
        assert_eq!(b.status(), 403, "{script}");
        assert_eq!(b.text("#judge-refused"), w("web-judge-forbidden"));
        let kept = cookie(&b, SESSION).expect("the session's cookie is kept");
        assert_eq!(kept.value(), id);
        b.goto(&url(&s, "/judge"));
        assert_eq!(b.at(), "/judge", "the session goes on");
        assert_eq!(b.text("h1"), w("web-judge-games-title"));
    }
    // With its token the same form logs out.
    b.submit("#judge-logout button[type=submit]");
    assert!(cookie(&b, SESSION).is_none());
    b.goto(&url(&s, "/judge"));
    assert_eq!(b.at(), "/judge/login");
}
