//! One-time links to a power's page (issue 38): asked for at the power's
//! sign-on page, mailed to the power's registered address only, kept as
//! the SHA-256 of their token, good for 15 minutes, used once and only
//! by a POST from the page the link shows (opening a link uses nothing),
//! for their own power and player only; at most 3 a power an hour; the
//! same answer whoever plays the power.

use crate::support::link_pages::{PUBLIC, Served, ask, follow, link_in, token_of};
use crate::support::web_judge::Browser;
use chrono::Duration;

/// The words of the answer to a request for a link (English).
const ASKED: &str = "If this power has a player, a one-time link was mailed";

/// The words of a link's refusal (English).
const REFUSED: &str = "This link cannot be used";

/// France's session cookie.
const FRANCE: &str = "__Host-dipspy-g-france";

/// Whether `b` now sees France's own page (signed on), not its sign-on
/// form.
fn on_france_page(b: &mut Browser) -> bool {
    let page = b.get("/games/g/powers/france");
    assert_eq!(page.status, 200, "{}", page.body);
    page.body.contains("id=\"signoff\"") && !page.body.contains("id=\"signon\"")
}

/// France asks for a link and gets it: its path.
fn france_link(s: &mut Served) -> String {
    let r = ask(&mut s.browser(), "g", "france", &[]);
    assert_eq!(r.status, 200, "{}", r.body);
    s.links_to("france@example.org")
        .pop()
        .expect("a link mailed to France's player")
}

#[test]
fn a_link_is_mailed_to_the_registered_address_only_and_only_its_hash_is_kept() {
    let mut s = Served::new(Some(PUBLIC));
    let mut b = s.browser();
    // The request names another address: it is not heard.
    let r = ask(&mut b, "g", "france", &[("email", "thief@example.org")]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains(ASKED), "{}", r.body);
    let out = s.outbox();
    assert_eq!(out.len(), 1, "{out:?}");
    let m = &out[0];
    assert_eq!(m.to, "france@example.org");
    assert!(m.subject.contains("a link to France"), "{}", m.subject);
    assert!(
        m.body.contains("15 minutes") && m.body.contains("works once"),
        "{}",
        m.body
    );
    assert!(
        m.body.contains("If you did not ask for it, ignore"),
        "{}",
        m.body
    );
    let link = link_in(&m.body).unwrap();
    assert!(link.starts_with("/games/g/powers/france/link/"), "{link}");
    let token = token_of(&link).to_string();
    assert_eq!(token.len(), 64, "256 bits in hex: {token}");
    assert!(token.bytes().all(|c| c.is_ascii_hexdigit()));
    // The table keeps its SHA-256, and the token is nowhere in the
    // database's files (the outbox row aside, which the mail loop sends).
    let hashes: Vec<String> =
        s.st.conn()
            .prepare("SELECT token_hash FROM web_links")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
    assert_eq!(hashes, [dipspy::mail::link_hash(&token)]);
    assert_ne!(hashes[0], token);
    // Nobody else got anything.
    assert!(s.links_to("thief@example.org").is_empty());
}

#[test]
fn the_token_is_in_no_table_but_the_outbox() {
    let mut s = Served::new(Some(PUBLIC));
    let link = france_link(&mut s);
    let token = token_of(&link).to_string();
    // Every text column of every table but the outbox (which holds the
    // mail on its way, until it is sent: see the test through real
    // servers) is searched for the token.
    let tables: Vec<String> =
        s.st.conn()
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'outbox'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
    assert!(tables.iter().any(|t| t == "web_links"), "{tables:?}");
    for t in &tables {
        let cols: Vec<String> =
            s.st.conn()
                .prepare(&format!("SELECT name FROM pragma_table_info('{t}')"))
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect();
        for c in cols {
            let n: i64 = s
                .st
                .conn()
                .query_row(
                    &format!("SELECT COUNT(*) FROM \"{t}\" WHERE CAST(\"{c}\" AS TEXT) LIKE ?1"),
                    [format!("%{token}%")],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(n, 0, "the token is in {t}.{c}");
        }
    }
}

#[test]
fn opening_a_link_uses_nothing_and_its_button_signs_on_once() {
    let mut s = Served::new(Some(PUBLIC));
    let link = france_link(&mut s);
    // A mail scanner opens the link twice: the page only shows a button.
    let mut scanner = s.browser();
    for _ in 0..2 {
        let page = scanner.get(&link);
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("id=\"use-link\""), "{}", page.body);
        assert!(!scanner.cookies.contains_key(FRANCE));
    }
    // The player presses the button: France's session, and its page.
    let mut b = s.browser();
    let r = follow(&mut b, &link);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.header("location"), Some("/games/g/powers/france"));
    assert!(r.set_cookie(FRANCE).is_some());
    assert!(on_france_page(&mut b));
    // Used once: pressing again, from anywhere, opens nothing.
    let mut again = s.browser();
    let r = follow(&mut again, &link);
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains(REFUSED), "{}", r.body);
    assert!(!again.cookies.contains_key(FRANCE));
    assert!(!on_france_page(&mut again));
}

#[test]
fn a_link_is_good_for_15_minutes() {
    let mut s = Served::new(Some(PUBLIC));
    let first = france_link(&mut s);
    let second = france_link(&mut s);
    assert_ne!(first, second);
    s.wait(Duration::minutes(15) - Duration::seconds(1));
    let mut b = s.browser();
    assert_eq!(follow(&mut b, &first).status, 303);
    assert!(on_france_page(&mut b));
    s.wait(Duration::seconds(1));
    let mut late = s.browser();
    let r = follow(&mut late, &second);
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains(REFUSED), "{}", r.body);
    assert!(!on_france_page(&mut late));
}

#[test]
fn a_link_for_france_never_opens_germany() {
    let mut s = Served::new(Some(PUBLIC));
    // Even when France's player plays Germany too.
    let at = dipspy::store::time_text(s.now());
    s.st.write(|c| -> dipspy::store::DbResult<()> {
        let g = c.game_by_name("g")?.unwrap().id;
        c.seat_player(g, "germany", "france@example.org", "x", &at)
    })
    .unwrap();
    let link = france_link(&mut s);
    let moved = link.replace("/powers/france/", "/powers/germany/");
    let mut b = s.browser();
    let r = follow(&mut b, &moved);
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains(REFUSED), "{}", r.body);
    assert!(b.cookies.keys().all(|k| !k.starts_with("__Host-dipspy-g-")));
    let germany = b.get("/games/g/powers/germany");
    assert!(germany.body.contains("id=\"signon\""), "{}", germany.body);
    // Refused there, it still opens France's page (and France's only).
    assert_eq!(follow(&mut b, &link).status, 303);
    assert!(on_france_page(&mut b));
}

#[test]
fn a_link_whose_power_changed_player_is_refused() {
    let mut s = Served::new(Some(PUBLIC));
    let link = france_link(&mut s);
    let at = dipspy::store::time_text(s.now());
    s.st.write(|c| -> dipspy::store::DbResult<()> {
        let g = c.game_by_name("g")?.unwrap().id;
        c.seat_player(g, "france", "newcomer@example.org", "x", &at)
    })
    .unwrap();
    let mut b = s.browser();
    let r = follow(&mut b, &link);
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains(REFUSED), "{}", r.body);
    assert!(!b.cookies.contains_key(FRANCE));
}

#[test]
fn a_link_posted_without_its_form_token_is_refused_and_still_good() {
    let mut s = Served::new(Some(PUBLIC));
    let link = france_link(&mut s);
    let token = token_of(&link).to_string();
    let mut b = s.browser();
    let page = b.get(&link);
    assert_eq!(page.status, 200);
    // No token, then a wrong one (a forged form from another site).
    for form in [
        vec![("link", token.as_str())],
        vec![("link", token.as_str()), ("csrf", "0000")],
    ] {
        let r = b.post(&link, &form);
        assert_eq!(r.status, 403, "{}", r.body);
        assert!(!b.cookies.contains_key(FRANCE));
    }
    // Nothing was used: the page's own form still signs on.
    assert_eq!(follow(&mut b, &link).status, 303);
    assert!(on_france_page(&mut b));
}

#[test]
fn a_request_without_its_form_token_mails_nothing() {
    let mut s = Served::new(Some(PUBLIC));
    let mut b = s.browser();
    let r = b.post("/games/g/powers/france/link", &[("csrf", "forged")]);
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(s.outbox().is_empty());
}

#[test]
fn at_most_three_links_an_hour_are_mailed_for_a_power() {
    let mut s = Served::new(Some(PUBLIC));
    let mut answers = Vec::new();
    for _ in 0..4 {
        let r = ask(&mut s.browser(), "g", "france", &[]);
        assert_eq!(r.status, 200);
        answers.push(r.body);
        s.wait(Duration::minutes(1));
    }
    // The fourth is answered as the others, and mails nothing.
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    assert_eq!(s.links_to("france@example.org").len(), 3);
    // Another power has its own three.
    ask(&mut s.browser(), "g", "germany", &[]);
    assert_eq!(s.links_to("germany@example.org").len(), 1);
    // An hour after the first, France may have one more.
    s.wait(Duration::minutes(57));
    ask(&mut s.browser(), "g", "france", &[]);
    assert_eq!(s.links_to("france@example.org").len(), 4);
    ask(&mut s.browser(), "g", "france", &[]);
    assert_eq!(s.links_to("france@example.org").len(), 4);
}

#[test]
fn the_answer_is_the_same_for_a_vacant_power() {
    let mut s = Served::new(Some(PUBLIC));
    let now = s.now();
    dipspy::game::resign(&mut s.st, "g", "italy", now).unwrap();
    let before = s.outbox().len();
    let played = ask(&mut s.browser(), "g", "france", &[]);
    let mailed = s.outbox().len();
    assert_eq!(mailed, before + 1);
    let vacant = ask(&mut s.browser(), "g", "italy", &[]);
    assert_eq!(
        s.outbox().len(),
        mailed,
        "nothing mailed for a vacant power"
    );
    assert_eq!((played.status, &played.body), (vacant.status, &vacant.body));
    assert!(vacant.body.contains(ASKED), "{}", vacant.body);
}

#[test]
fn the_mail_is_in_the_players_language() {
    let mut s = Served::new(Some(PUBLIC));
    let now = s.now();
    dipspy::game::set_language(&mut s.st, "france@example.org", dipspy::game::Lang::Fr, now)
        .unwrap();
    france_link(&mut s);
    let m = s.outbox().pop().unwrap();
    assert_eq!(
        m.subject,
        "dipspy g\u{a0}: un lien vers la page de la France"
    );
    assert!(
        m.body.contains("15 minutes") && m.body.contains("ignorez"),
        "{}",
        m.body
    );
}

#[test]
fn without_a_public_address_no_link_is_offered() {
    let mut s = Served::new(None);
    let mut b = s.browser();
    let page = b.get("/games/g/powers/france");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"signon\""));
    assert!(!page.body.contains("mail-link"), "{}", page.body);
    let csrf = crate::support::web_judge::csrf(&page.body);
    let r = b.post("/games/g/powers/france/link", &[("csrf", &csrf)]);
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(s.outbox().is_empty());
}

/// Through real servers (Dovecot and OpenSMTPD on loopback, see
/// `support/mailstack.rs`): the link `dipspy serve` sends arrives in the
/// player's mailbox, and only there, and opens the power's page.
#[test]
fn a_link_sent_through_real_servers_arrives_and_opens_the_page() {
    let stack = crate::support::mailstack::MailStack::start();
    let cfg = stack.judge_config(&format!("\n[web]\npublic_url = \"{PUBLIC}\"\n"));
    let mut s = Served::on(&stack.db_path(), None, Some(PUBLIC));
    let r = ask(&mut s.browser(), "g", "france", &[]);
    assert_eq!(r.status, 200, "{}", r.body);
    crate::support::maildir_judge::serve_once(&cfg);
    // The game's start is mailed too; the link comes alone in its mail.
    stack.wait_queue_empty();
    let got = stack.wait_for("france@example.org", 1);
    let links: Vec<String> = got
        .iter()
        .filter_map(|(raw, _)| link_in(&crate::support::mailcheck::reader_text(raw)))
        .collect();
    assert_eq!(links.len(), 1, "{} mails", got.len());
    let link = links[0].clone();
    for other in ["germany", "judge", "master"] {
        let other = format!("{other}@example.org");
        let texts = stack.inbox(&other);
        let linked = texts
            .iter()
            .filter(|(raw, _)| link_in(&crate::support::mailcheck::reader_text(raw)).is_some());
        assert_eq!(linked.count(), 0, "{other} got a link");
    }
    // Sent, the mail's record in the outbox keeps the link but not its
    // token.
    let token = token_of(&link).to_string();
    let kept: Vec<String> = s.outbox().into_iter().map(|m| m.body).collect();
    assert!(kept.iter().any(|b| b.contains("/link/(sent)")), "{kept:#?}");
    assert!(kept.iter().all(|b| !b.contains(&token)));
    let mut b = s.browser();
    assert_eq!(follow(&mut b, &link).status, 303);
    assert!(on_france_page(&mut b));
}

#[test]
fn a_link_opens_the_page_and_its_forms_while_the_password_is_locked() {
    use crate::support::web_powers::{send, sign_on};
    let mut s = Served::new(Some(PUBLIC));
    // Somebody guesses France's password until it locks.
    let mut guesser = s.browser();
    let after = dipspy::judge::SignonLock::default().after;
    for _ in 0..after {
        assert_eq!(sign_on(&mut guesser, "france", "guess").status, 401);
    }
    assert_eq!(sign_on(&mut guesser, "france", "pw").status, 429);
    // The player's link, mailed to the registered address, passes the
    // lock as authenticated mail from that address does.
    let link = france_link(&mut s);
    let mut b = s.browser();
    assert_eq!(follow(&mut b, &link).status, 303);
    let r = send(&mut b, "france", None, &[("lines", "A PAR - BUR")]);
    assert_eq!(r.status, 200, "{}", r.body);
    let shown = dipspy::game::show(&s.st, "g").unwrap();
    let france = shown.powers.iter().find(|p| p.power == "france").unwrap();
    assert!(france.orders_in, "the order stands");
}
