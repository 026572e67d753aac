//! What the judge's pages show (issue 37), over real HTTP on a loopback
//! port (`support::web_judge`): the secret log as `dipspy secret-log`
//! gives it, in order, narrowed by the filters; its verification, which
//! fails when an entry is edited in the database; the export, the same
//! bytes as `secret-log --export`; the judge's picture of a phase; and
//! nothing of them on any public page.

use crate::support::secret_log_game::tamper::{cli, out};
use crate::support::web_judge::{Served, a_secret_word};
use serde_json::Value;

/// The log as `dipspy secret-log g --json ARGS` gives it.
fn log(s: &Served, args: &[&str]) -> Vec<Value> {
    let mut a = vec!["secret-log", "g", "--json"];
    a.extend(args);
    let o = cli(&s.g.db, &a);
    assert!(o.status.success(), "{}", out(&o));
    serde_json::from_slice::<Value>(&o.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// The entries a judge's page shows: (seq, kind), in the page's order.
fn shown(page: &str) -> Vec<(i64, String)> {
    page.split("<tr class=\"entry\" data-seq=\"")
        .skip(1)
        .map(|rest| {
            let seq = rest.split('"').next().unwrap().parse().unwrap();
            let kind = rest.split("data-kind=\"").nth(1).unwrap();
            (seq, kind.split('"').next().unwrap().to_string())
        })
        .collect()
}

fn seq_kind(rows: &[Value]) -> Vec<(i64, String)> {
    rows.iter()
        .map(|r| {
            (
                r["seq"].as_i64().unwrap(),
                r["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Text as the pages (askama) write it in HTML.
fn html(s: &str) -> String {
    s.replace('&', "&#38;")
        .replace('<', "&#60;")
        .replace('>', "&#62;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

#[test]
fn the_timeline_shows_the_log_in_order_and_the_filters_narrow_it() {
    let s = Served::new();
    let mut b = s.logged_in();
    let all = log(&s, &[]);
    assert!(all.len() > 10, "{all:?}");
    let page = b.get("/judge/games/g");
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(shown(&page.body), seq_kind(&all));
    for r in &all {
        let text = html(r["text"].as_str().unwrap());
        assert!(page.body.contains(&text), "entry {}: {text}", r["seq"]);
        if let Some(src) = r["source"].as_str() {
            assert!(
                page.body.contains(&html(src)),
                "source of {}: {src} in {}",
                r["seq"],
                page.body
            );
        }
    }
    // Each phase under its heading, with a link to its picture.
    for phase in ["S1901M", "W1901A", "S1902M"] {
        assert!(
            page.body
                .contains(&format!("<h3 id=\"judge-phase-{phase}\">")),
            "{phase}"
        );
        assert!(
            page.body
                .contains(&format!("/judge/games/g/phases/{phase}\""))
        );
    }
    // By power: what --power gives.
    let france = log(&s, &["--power", "france"]);
    assert!(france.len() < all.len());
    let p = b.get("/judge/games/g?power=france");
    assert_eq!(shown(&p.body), seq_kind(&france));
    // By kind, and both.
    let kind = "received";
    let want: Vec<_> = seq_kind(&all)
        .into_iter()
        .filter(|(_, k)| k == kind)
        .collect();
    assert!(!want.is_empty() && want.len() < all.len());
    assert_eq!(
        shown(&b.get(&format!("/judge/games/g?kind={kind}")).body),
        want
    );
    let both: Vec<_> = seq_kind(&france)
        .into_iter()
        .filter(|(_, k)| k == kind)
        .collect();
    let p = b.get(&format!("/judge/games/g?power=france&kind={kind}"));
    assert_eq!(shown(&p.body), both);
    assert!(
        p.body.contains("<option value=\"france\" selected>"),
        "{}",
        p.body
    );
    // The filters are a form with labels.
    assert!(p.body.contains("<label for=\"judge-power\">"));
    assert!(p.body.contains("<label for=\"judge-kind\">"));
}

#[test]
fn the_verification_turns_to_failed_when_an_entry_is_edited() {
    let s = Served::new();
    let mut b = s.logged_in();
    let page = b.get("/judge/games/g").body;
    assert!(
        page.contains("id=\"judge-verify\" data-status=\"ok\""),
        "{page}"
    );
    let o = cli(&s.g.db, &["secret-log", "g", "--verify"]);
    assert!(o.status.success(), "{}", out(&o));
    s.g.st
        .conn()
        .execute(
            "UPDATE secret_log SET text = text || ' (edited)' WHERE seq = 3",
            [],
        )
        .unwrap();
    let o = cli(&s.g.db, &["secret-log", "g", "--verify"]);
    assert!(!o.status.success(), "{}", out(&o));
    let page = b.get("/judge/games/g").body;
    assert!(
        page.contains("id=\"judge-verify\" data-status=\"broken\""),
        "{page}"
    );
    assert!(page.contains("damaged at entry 3"), "{page}");
}

#[test]
fn the_verification_checks_against_the_masters_saved_heads_when_configured() {
    let empty = tempfile::tempdir().unwrap();
    let s = Served::with(|d| d.with_master_heads(empty.path()));
    let page = s.logged_in().get("/judge/games/g").body;
    assert!(page.contains("data-status=\"broken\""), "{page}");
    assert!(
        page.contains("No signed head of this game was found"),
        "{page}"
    );
}

#[test]
fn the_export_downloads_what_secret_log_export_writes() {
    let s = Served::new();
    let mut b = s.logged_in();
    for (query, args) in [("", vec![]), ("?power=france", vec!["--power", "france"])] {
        let file = s.g.dir.path().join(format!("export{}.json", args.len()));
        let mut a = vec!["secret-log", "g", "--export", file.to_str().unwrap()];
        a.extend(args);
        let o = cli(&s.g.db, &a);
        assert!(o.status.success(), "{}", out(&o));
        let want = std::fs::read_to_string(&file).unwrap();
        let got = b.get(&format!("/judge/games/g/export{query}"));
        assert_eq!(got.status, 200);
        assert_eq!(
            got.header("content-disposition"),
            Some("attachment; filename=\"g-secret-log.json\"")
        );
        assert_eq!(got.header("cache-control"), Some("no-store"));
        assert_eq!(got.body, want, "{query}");
    }
}

#[test]
fn the_judges_picture_of_a_phase_is_an_image_with_its_title_and_summary() {
    let s = Served::new();
    let mut b = s.logged_in();
    let p = b.get("/judge/games/g/phases/S1902M");
    assert_eq!(p.status, 200, "{}", p.body);
    let svg = p.body.split("<svg ").nth(1).expect("an inline picture");
    assert!(
        svg.starts_with("role=\"img\" aria-labelledby=\"judge-board-title\""),
        "{svg:.200}"
    );
    assert!(p.body.contains("<title id=\"judge-board-title\">"));
    assert!(p.body.contains("<figcaption id=\"board-summary\">"));
    assert!(
        p.body.contains("<ul id=\"judge-marks\">"),
        "the marks listed"
    );
    let phase = log(&s, &["--phase", "S1902M"]);
    assert_eq!(shown(&p.body), seq_kind(&phase));
    assert!(p.body.contains("<title>"), "the page's title");
}

/// Every public page of the game: the list, the game, each phase, the
/// feed.
fn public_pages(s: &Served) -> Vec<(String, String)> {
    let base = format!("http://{}", s.addr);
    let mut paths = vec![
        "/".to_string(),
        "/games/g".into(),
        "/games/g/feed.atom".into(),
    ];
    for phase in ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M"] {
        paths.push(format!("/games/g/{phase}"));
    }
    paths
        .into_iter()
        .filter_map(|p| {
            let body = ureq::get(&format!("{base}{p}"))
                .call()
                .ok()?
                .into_string()
                .unwrap();
            Some((p, body))
        })
        .collect()
}

#[test]
fn nothing_of_the_judges_pages_appears_on_a_public_page() {
    let s = Served::new();
    let pages = public_pages(&s);
    assert!(
        pages.len() >= 6,
        "{:?}",
        pages.iter().map(|p| &p.0).collect::<Vec<_>>()
    );
    let secret = a_secret_word(&s);
    // Words only the secret log holds: every entry's source, and the
    // words of the entries no public mail words.
    let mut words = vec![secret];
    for r in log(&s, &[]) {
        words.extend(r["source"].as_str().map(str::to_string));
        if matches!(r["kind"].as_str(), Some("received" | "spy-result" | "told")) {
            words.push(r["text"].as_str().unwrap().to_string());
        }
    }
    let judge = s.logged_in().get("/judge/games/g/phases/S1902M").body;
    let marks = judge.split("<ul id=\"judge-marks\">").nth(1).unwrap();
    for m in marks.split("</ul>").next().unwrap().split("<li>").skip(1) {
        words.push(m.split("</li>").next().unwrap().to_string());
    }
    for (path, body) in &pages {
        assert!(
            !body.contains("/judge"),
            "{path} links to the judge's pages"
        );
        for w in &words {
            assert!(
                !body.contains(w.as_str()) && !body.contains(&html(w)),
                "{path} shows {w}"
            );
        }
    }
}
