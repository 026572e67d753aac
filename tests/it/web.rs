//! The public web pages (issue 37) in a real browser: `dipspy web` on a
//! loopback port over a real SQLite file with played games, headless
//! Chromium driven through chromedriver. Each page's content and its
//! accessibility (captions, the picture's title and summary, the roles
//! the browser computes), the security headers and bounds, the reader's
//! language, the deadline in the reader's time, and that nothing secret
//! reaches a public page of the espionage games, phase by phase, in every
//! language. Screenshots of the main pages are kept under the target
//! directory (`support::web::screenshots`).

use crate::support::secret_log_game::{self, G};
use crate::support::web::{Browser, Secrets, Site, get, raw};
use dipspy::game::{self, CreateOptions, Press};
use std::path::Path;

/// The demo played into a directory of its own: its game `demo`, with
/// Espionnite and Spionage, finished after Fall 1902.
fn demo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    dipspy::demo::run(
        &dipspy::demo::Options {
            fixtures: dipspy::demo::default_fixtures(),
            dir: Some(dir.path().to_path_buf()),
            all_mail: false,
        },
        &mut Vec::new(),
    )
    .unwrap();
    dir
}

/// The demo's players' and master's passwords, and the one a forger
/// guessed.
fn demo_passwords() -> Vec<String> {
    let mut p: Vec<String> = crate::support::started::POWERS
        .iter()
        .map(|p| format!("{}-secret", &p[..3]))
        .collect();
    p.extend(["demo-master", "guessed-wrong", "novo-secret"].map(String::from));
    p
}

/// Press relayed in game `g`.
fn press(g: &mut G, from: &str, to: &[&str], anonymous: bool, text: &str) {
    let to: Vec<String> = to.iter().map(|s| s.to_string()).collect();
    let p = Press {
        from,
        to: &to,
        anonymous,
        text,
    };
    game::relay_press(&mut g.st, "g", &p, g.now).unwrap();
}

/// An Espionnite game with grey press: a broadcast signed, one unsigned,
/// one to England alone; spies and a counter-spy in Spring 1901, whose
/// reaction phase is open.
fn espionnite_game() -> G {
    let o = CreateOptions {
        press: "grey".into(),
        ..CreateOptions::default()
    };
    let mut g = G::with(&["espionnite"], o);
    press(
        &mut g,
        "france",
        &[],
        false,
        "Peace in our time, says the Republic.",
    );
    press(
        &mut g,
        "germany",
        &[],
        true,
        "Whoever holds Munich holds the key.",
    );
    press(
        &mut g,
        "italy",
        &["england"],
        false,
        "A pact offered for English eyes alone.",
    );
    g.submit("france", &["A par - bur", "SPY A mun"]);
    g.submit("germany", &["A mun - bur", "COUNTERSPY F kie"]);
    g.submit("england", &["F lon - nth", "SPY F bre"]);
    assert!(g.tick(), "France's spy opens the reaction phase");
    g
}

/// Every public page of game `name`: the list, the game, each phase.
fn pages_of(site: &Site, name: &str) -> Vec<String> {
    let phases: Vec<String> = {
        let page = get(site.addr, &format!("/games/{name}"), "").body;
        page.split("<li><a href=\"/games/")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .map(|s| format!("/games/{s}"))
            .collect()
    };
    assert!(!phases.is_empty(), "{name} lists its phases");
    let mut out = vec!["/".to_string(), format!("/games/{name}")];
    out.extend(phases);
    out
}

/// Runs the leak checks over every public page of game `name` of `db`
/// served by `site`, in each language, in the browser (and the feed over
/// HTTP); returns how many pages were read.
fn sweep(b: &Browser, site: &Site, db: &Path, name: &str, passwords: &[String]) -> usize {
    let secrets = Secrets::of(db, name, passwords);
    assert!(!secrets.lines.is_empty(), "{name} has secrets to keep");
    let mut read = 0;
    for lang in ["en", "fr", "de"] {
        b.goto(&site.url(&format!("/lang/{lang}?to=/")));
        for path in pages_of(site, name) {
            let url = site.url(&path);
            b.goto(&url);
            let source = b.source();
            assert!(source.contains(&format!("<html lang=\"{lang}\"")), "{url}");
            let text = b.text("body");
            secrets.assert_kept_from(&url, &source, &text);
            read += 1;
        }
        let feed = get(
            site.addr,
            &format!("/games/{name}/feed.atom"),
            &format!("Cookie: lang={lang}\r\n"),
        );
        assert_eq!(feed.status, 200);
        secrets.assert_kept_from("feed.atom", &feed.body, "");
        read += 1;
    }
    read
}

#[test]
fn no_public_page_of_the_espionage_games_shows_a_secret_phase_by_phase() {
    let b = Browser::start("UTC");
    let d = demo();
    let db = dipspy::demo::database(d.path());
    let site = Site::start(&db);
    let n = sweep(&b, &site, &db, "demo", &demo_passwords());
    drop(site);
    // The Espionnite game in its reaction phase, then once it is processed.
    let mut g = espionnite_game();
    let site = Site::start(&g.db);
    let n2 = sweep(&b, &site, &g.db, "g", &[]);
    g.finish_phase();
    let n3 = sweep(&b, &site, &g.db, "g", &[]);
    drop(site);
    let s = secret_log_game::retreat_fake();
    let site = Site::start(&s.db);
    let n4 = sweep(&b, &site, &s.db, "g", &[]);
    assert!(n + n2 + n3 + n4 > 60, "{n} {n2} {n3} {n4} pages read");
}

/// Whether a computed role is ARIA's image (`img`, which ARIA 1.3 also
/// names `image`, as Chromium reports it).
fn image(role: &str) -> bool {
    role == "img" || role == "image"
}

#[test]
fn the_demos_pages_read_right_and_are_accessible_in_a_browser() {
    let d = demo();
    let site = Site::start(&dipspy::demo::database(d.path()));
    let b = Browser::start("UTC");
    let t = std::time::Instant::now();

    // The list of games: the demo is finished, its line says so.
    b.goto(&site.url("/"));
    assert_eq!(b.text("h1"), "Games on this judge");
    assert_eq!(b.role_and_label("table").0, "table");
    assert_eq!(b.text("#finished + table caption"), "Finished games");
    let row = b.text("#finished + table tbody tr");
    for want in [
        "demo",
        "standard",
        "Espionnite, Spionage",
        "7 of 7",
        "Fall 1902 Movement",
    ] {
        assert!(row.contains(want), "{want} in {row}");
    }
    b.screenshot("index-en");

    // The game now: its facts, the board, the centre chart and its table.
    b.goto(&site.url("/games/demo"));
    assert_eq!(b.text("h1"), "Game demo");
    let facts = b.text("dl.facts");
    assert!(facts.contains("a draw between"), "{facts}");
    let (role, label) = b.role_and_label("svg.board");
    assert!(image(&role), "{role}");
    assert_eq!(label, "The board of game demo: Fall 1902 Movement");
    assert_eq!(
        b.text("#board-summary li"),
        "Austria: 4 units, 4 supply centres."
    );
    let (role, label) = b.role_and_label("svg.chart");
    assert!(
        image(&role) && label.contains("Supply centres"),
        "{role} {label}"
    );
    assert_eq!(
        b.text("table.chart-table caption"),
        "Supply centres of each power at the end of each year"
    );
    assert!(b.text("table.chart-table tbody").contains("Russia 6 6"));
    b.screenshot("game-en");
    b.screenshot_of("section[aria-labelledby=chart]", "game-en-chart");

    // Spring 1902: the results as the mail words them, the orders, the
    // units and centres as tables with captions, every phase listed.
    b.goto(&site.url("/games/demo/S1902M"));
    assert_eq!(b.text("h1"), "Game demo: Spring 1902 Movement");
    let results = b.text("pre.mail");
    assert!(
        results.contains("A Fake was stopped by an Anti: A mun - boh"),
        "{results}"
    );
    assert!(!results.contains("England tried") && !results.contains("France tried"));
    assert_eq!(
        b.text("table.orders caption"),
        "The orders of Spring 1902 Movement and what became of them"
    );
    assert!(
        b.text("table.orders")
            .contains("A war - gal fails: bounced with A vie")
    );
    assert_eq!(b.count("table caption"), 3);
    for t in ["table.orders", "#units + table", "#centres + table"] {
        assert_eq!(b.role_and_label(t).0, "table", "{t}");
    }
    assert!(image(&b.role_and_label("svg.board").0));
    assert_eq!(b.count("svg.board > title"), 1);
    assert_eq!(b.count("nav.phases li"), 5);
    assert_eq!(
        b.text("a[rel=prev]"),
        "Previous phase: Winter 1901 Adjustment"
    );
    assert_eq!(b.text("a[rel=next]"), "Next phase: Fall 1902 Movement");
    b.screenshot("phase-S1902M-en");
    b.screenshot_of(
        "section[aria-labelledby=results]",
        "phase-S1902M-en-results",
    );

    // The language switch sticks from page to page.
    b.click("a[hreflang=fr]");
    assert!(b.source().contains("<html lang=\"fr\""));
    assert_eq!(b.text("h1"), "Partie demo : Printemps 1902 Mouvements");
    b.goto(&site.url("/"));
    assert_eq!(b.text("h1"), "Les parties de ce juge");
    b.goto(&site.url("/games/demo/S1902M"));
    b.screenshot("phase-S1902M-fr");
    b.click("a[hreflang=de]");
    assert!(b.source().contains("<html lang=\"de\""));
    b.goto(&site.url("/games/demo"));
    assert_eq!(b.text("h1"), "Partie demo");
    b.screenshot("game-de");
    eprintln!("the browser's part took {:?}", t.elapsed());
}

#[test]
fn the_deadline_shows_in_utc_without_scripts_and_in_the_readers_time_with_them() {
    let g = espionnite_game();
    let site = Site::start(&g.db);
    // Without scripts (the page as served): UTC.
    let page = get(site.addr, "/games/g", "").body;
    let time = page
        .split("<time ")
        .nth(1)
        .and_then(|t| t.split("</time>").next())
        .unwrap_or_else(|| panic!("no <time> in {page}"));
    assert!(time.starts_with("datetime=\"2025-01-1"), "{time}");
    assert!(time.ends_with(" UTC"), "{time}");
    let utc = time.split('>').nth(1).unwrap().to_string();
    // With scripts, in Berlin: the script's local time, an hour on.
    let b = Browser::start("Europe/Berlin");
    b.goto(&site.url("/games/g"));
    let shown = b.text("p.deadline time");
    assert_ne!(shown, utc);
    assert_eq!(b.count("time.local"), 1);
    let hour = |s: &str| {
        s.split(':')
            .next()
            .and_then(|h| h.split(' ').next_back())
            .map(String::from)
    };
    assert_ne!(hour(&shown), hour(&utc), "{shown} / {utc}");
    b.screenshot("game-in-reaction-phase-en");
}

#[test]
fn every_page_carries_the_security_headers_and_the_site_bounds_requests() {
    let g = secret_log_game::retreat_fake();
    let site = Site::start(&g.db);
    let pages = [
        "/",
        "/games/g",
        "/games/g/S1902M",
        "/games/g/feed.atom",
        "/static/style.css",
        "/static/local-time.js",
        "/games/nosuchgame",
        "/games/g/S1999M",
        "/lang/fr?to=//evil.example/",
    ];
    for p in pages {
        let r = get(site.addr, p, "");
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("script-src 'self'"), "{p}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{p}: {csp}");
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{p}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{p}");
        if r.header("content-type")
            .unwrap_or_default()
            .starts_with("text/html")
        {
            // No inline script, no style attribute: the policy forbids them.
            assert!(!r.body.contains("<script>"), "{p}");
            assert!(!r.body.contains(" style="), "{p}");
        }
    }
    assert_eq!(get(site.addr, "/games/g/S1902M", "").status, 200);
    assert_eq!(get(site.addr, "/games/nosuchgame", "").status, 404);
    assert_eq!(get(site.addr, "/games/g/S1999M", "").status, 404);
    // The feed: one entry per processed phase, each with its results.
    let feed = get(site.addr, "/games/g/feed.atom", "");
    assert_eq!(
        feed.header("content-type"),
        Some("application/atom+xml; charset=utf-8")
    );
    assert!(
        feed.body
            .contains("<feed xmlns=\"http://www.w3.org/2005/Atom\"")
    );
    assert_eq!(feed.body.matches("<entry>").count(), 5, "{}", feed.body);
    assert!(
        feed.body
            .contains("<title>dipspy g: Spring 1902 Movement results</title>")
    );
    // The switch never sends the reader to another site.
    let r = get(site.addr, "/lang/fr?to=//evil.example/", "");
    assert_eq!((r.status, r.header("location")), (303, Some("/")));
    // Only GET: a POST is refused, and so is a body over the bound.
    let post = raw(
        site.addr,
        b"POST /games/g HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi",
    );
    assert_eq!(post.status, 405);
    let big = raw(
        site.addr,
        b"GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(big.status, 413);
    // A request head over the bound is refused before any page is made.
    let huge = format!(
        "GET / HTTP/1.1\r\nHost: t\r\nX-Filler: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(64 * 1024)
    );
    let r = raw(site.addr, huge.as_bytes());
    assert!(r.status == 431 || r.status == 0, "{}", r.status);
    // The browser's language, unless the reader chose one.
    let de = get(site.addr, "/", "Accept-Language: de-DE, en;q=0.5\r\n");
    assert!(de.body.contains("<html lang=\"de\""));
    let fr = get(site.addr, "/", "Accept-Language: de\r\nCookie: lang=fr\r\n");
    assert!(fr.body.contains("<html lang=\"fr\""));
}

#[test]
fn the_pages_read_without_the_judges_lock_and_follow_the_game() {
    let mut g = espionnite_game();
    // The judge holds its lock (as `dipspy serve` does) the whole time.
    let _lock = game::lock_judge(&g.db).unwrap();
    let site = Site::start(&g.db);
    let before = get(site.addr, "/games/g", "").body;
    assert!(before.contains("Spring 1901 Movement"));
    assert!(before.contains("has not been processed yet"));
    // Public press is shown without its unsigned author; private press
    // not at all.
    let spring = get(site.addr, "/games/g/S1901M", "").body;
    assert!(spring.contains("Peace in our time, says the Republic."));
    assert!(spring.contains("Whoever holds Munich holds the key."));
    assert!(!spring.contains("A pact offered for English eyes alone."));
    // The judge processes the phase while the site serves: the next
    // request shows the results and the new phase.
    g.finish_phase();
    let after = get(site.addr, "/games/g/S1901M", "").body;
    assert!(
        after.contains("The orders of Spring 1901 Movement"),
        "{after}"
    );
    let now = get(site.addr, "/games/g", "").body;
    assert!(now.contains("Game g"));
    assert!(now.contains("Fall 1901 Movement"));
}
