//! A power's page served for real (issue 38): signing on with the
//! power's password through its guessing lock, the power's own view and
//! nothing of another power's secrets, the forms' commands through the
//! judge as a mail's, the reply mailed too unless turned off, and every
//! POST refused without its token, with an ended session, for a locked
//! power, or for another power.

use crate::support::secret_log_game::{G, POWERS};
use crate::support::web_judge::Browser;
use crate::support::web_powers::{
    LOCK_AFTER, PW, Served, html, judge_settings, page, page_of, part, pre_in, send, sign_on,
};
use chrono::Duration;
use dipspy::game;
use dipspy::mail;

/// The session cookie of `power`'s page.
fn session(power: &str) -> String {
    format!("__Host-dipspy-g-{power}")
}

/// How many messages the judge has recorded in its inbox.
fn inbox(s: &mut Served) -> usize {
    s.g.st.write(|c| c.inbox_rows()).unwrap().len()
}

/// The mails queued for `to`.
fn outbox_to(s: &mut Served, to: &str) -> Vec<mail::OutMail> {
    s.g.st
        .write(mail::outbox_rows)
        .unwrap()
        .into_iter()
        .filter(|m| m.to == to)
        .collect()
}

/// `power`'s standing orders and espionage lines.
fn standing(s: &Served, power: &str) -> (Vec<String>, Vec<String>) {
    let (_, o) = game::show_orders(&s.g.st, "g", Some(power)).unwrap();
    let o = o.into_iter().next().unwrap();
    (o.orders, o.spy)
}

/// The row number of `unit` in the orders form of `page`.
fn row_of(page: &str, unit: &str) -> String {
    let mark = format!("data-unit=\"{unit}\"");
    let at = page
        .find(&mark)
        .unwrap_or_else(|| panic!("no row {unit}:\n{page}"));
    let before = &page[..at];
    let name = before.rfind("name=\"order-").unwrap();
    before[name + 12..].split('"').next().unwrap().to_string()
}

#[test]
fn a_power_signs_on_with_its_password_and_sees_its_own_view() {
    let s = Served::new(G::new(&[]));
    let mut b = s.browser();
    let wrong = sign_on(&mut b, "france", "not-it");
    assert_eq!(wrong.status, 401, "{}", wrong.body);
    assert!(!b.cookies.contains_key(&session("france")));
    let r = sign_on(&mut b, "france", PW);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.header("location"), Some("/games/g/powers/france"));
    let set = r.set_cookie(&session("france")).unwrap();
    assert!(set.contains("HttpOnly") && set.contains("Secure"), "{set}");
    let (p, _) = page(&mut b, "france");
    for id in [
        "power-phase",
        "power-units",
        "power-orders",
        "power-owes",
        "power-reports",
        "power-press",
        "orders",
        "later",
        "press",
        "votes",
        "settings",
        "send",
        "signoff",
    ] {
        assert!(p.contains(&format!("id=\"{id}\"")), "#{id} missing:\n{p}");
    }
    // The phase and its deadline, as the public pages give a time.
    let phase = part(&p, "power-phase", "</p>");
    assert!(
        phase.contains("1901") && phase.contains("<time datetime=\"2025-01-12T12:00:00Z\""),
        "{phase}"
    );
    // France's units, each a row of the orders form; no other power's.
    let units = part(&p, "power-units", "</section>");
    for u in ["A par", "A mar", "F bre"] {
        assert!(units.contains(u), "{units}");
        row_of(&p, u);
    }
    assert!(
        !units.contains("A mun") && !p.contains("data-unit=\"A mun\""),
        "{p}"
    );
    // No espionage rules: no espionage form.
    assert!(!p.contains("id=\"espionage\""));
    // What it owes: every unit still without an order.
    let owes = part(&p, "power-owes", "</section>");
    assert!(owes.contains("A par") && owes.contains("F bre"), "{owes}");
    // Every form carries the session's token.
    assert_eq!(
        p.matches("name=\"csrf\"").count(),
        p.matches("<form ").count()
    );
}

#[test]
fn every_post_without_its_token_is_refused_and_changes_nothing() {
    let mut s = Served::new(G::new(&["espionnite"]));
    // A sign-on without the form's token opens no session, even with
    // the right password.
    let mut b = s.browser();
    let form = b.get(&page_of("france"));
    assert_eq!(form.status, 200);
    let r = b.post(
        &format!("{}/signon", page_of("france")),
        &[("password", PW)],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(!b.cookies.contains_key(&session("france")));
    let r = b.post(
        &format!("{}/signon", page_of("france")),
        &[("csrf", "0".repeat(64).as_str()), ("password", PW)],
    );
    assert_eq!(r.status, 403);
    assert!(!b.cookies.contains_key(&session("france")));

    let mut b = s.signed_on("france");
    let before = inbox(&mut s);
    let forms: [(&str, &[(&str, &str)]); 7] = [
        ("", &[("lines", "A par - bur")]),
        ("orders", &[("unit-0", "A par"), ("order-0", "- bur")]),
        ("espionage", &[("spy", "A mun")]),
        ("later", &[("phase", "F1901M"), ("lines", "A par - bur")]),
        ("press", &[("to", "england"), ("text", "hello")]),
        ("votes", &[("draw", "yes")]),
        ("settings", &[("wait", "wait"), ("mailcopy-shown", "1")]),
    ];
    for (form, fields) in forms {
        for token in [None, Some("f".repeat(64))] {
            let mut all: Vec<(&str, &str)> = fields.to_vec();
            if !form.is_empty() {
                all.push(("form", form));
            }
            if let Some(t) = &token {
                all.push(("csrf", t));
            }
            let r = b.post(&format!("{}/send", page_of("france")), &all);
            assert_eq!(r.status, 403, "form {form:?}: {}", r.body);
            assert_eq!(r.header("connection"), Some("close"));
        }
    }
    assert_eq!(inbox(&mut s), before, "a refused form reached the judge");
    assert_eq!(standing(&s, "france"), (vec![], vec![]));
    let v = game::show(&s.g.st, "g").unwrap();
    let fr = v.powers.iter().find(|p| p.power == "france").unwrap();
    assert!(!fr.wait && !fr.draw_vote, "{fr:?}");
    // A sign-off without the token ends nothing.
    let r = b.post(&format!("{}/signoff", page_of("france")), &[]);
    assert_eq!(r.status, 403);
    page(&mut b, "france");
    // With it, the session ends.
    let (_, token) = page(&mut b, "france");
    let r = b.post(
        &format!("{}/signoff", page_of("france")),
        &[("csrf", &token)],
    );
    assert_eq!(r.status, 303);
    let again = b.get(&page_of("france"));
    assert!(again.body.contains("id=\"signon\""), "{}", again.body);
}

#[test]
fn an_ended_session_is_refused_and_changes_nothing() {
    let mut s = Served::new(G::new(&[]));
    // Idle for more than 30 minutes.
    let mut b = s.signed_on("france");
    let (_, token) = page(&mut b, "france");
    s.wait(Duration::minutes(31));
    let before = inbox(&mut s);
    let r = b.post(
        &format!("{}/send", page_of("france")),
        &[("csrf", &token), ("lines", "A par - bur")],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(b.get(&page_of("france")).body.contains("id=\"signon\""));
    // Used every 25 minutes, but 12 hours old.
    let mut b = s.signed_on("france");
    let (_, token) = page(&mut b, "france");
    for _ in 0..(12 * 60 / 25) {
        s.wait(Duration::minutes(25));
        page(&mut b, "france");
    }
    s.wait(Duration::minutes(25));
    let r = b.post(
        &format!("{}/send", page_of("france")),
        &[("csrf", &token), ("form", "votes"), ("draw", "yes")],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(inbox(&mut s), before);
    assert_eq!(standing(&s, "france").0, Vec::<String>::new());
    let v = game::show(&s.g.st, "g").unwrap();
    assert!(!v.powers.iter().any(|p| p.draw_vote));
}

#[test]
fn a_locked_power_is_refused_even_with_the_right_password_and_by_mail_too() {
    let mut s = Served::new(G::new(&[]));
    let mut b = s.browser();
    for _ in 0..LOCK_AFTER {
        assert_eq!(sign_on(&mut b, "france", "guess").status, 401);
    }
    let r = sign_on(&mut b, "france", PW);
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(!b.cookies.contains_key(&session("france")));
    // Mail's SIGNON is locked too.
    let now = s.now();
    let by_mail = dipspy::judge::handle(
        &mut s.g.st,
        &judge_settings(),
        &dipspy::judge::Incoming {
            from: "someone@example.net".into(),
            message_id: None,
            subject: "x".into(),
            body: "SIGNON france g pw\nA PAR - BUR\n".into(),
            received_at: now,
            authenticated: false,
            restricted: false,
            web: None,
        },
        now,
    )
    .unwrap();
    assert!(by_mail.signons.failed && !by_mail.signons.good);
    assert_eq!(standing(&s, "france").0, Vec::<String>::new());
    // Another power is not locked.
    assert_eq!(sign_on(&mut b, "germany", PW).status, 303);
}

#[test]
fn a_session_opened_by_the_password_takes_no_commands_while_the_power_is_locked() {
    let s = Served::new(G::new(&[]));
    let mut b = s.signed_on("france");
    let (_, token) = page(&mut b, "france");
    // Somebody else guesses France's password until it locks.
    let mut guesser = s.browser();
    for _ in 0..LOCK_AFTER {
        assert_eq!(sign_on(&mut guesser, "france", "guess").status, 401);
    }
    assert_eq!(sign_on(&mut guesser, "france", PW).status, 429);
    // The open session's form is refused, changes nothing, and the
    // session is over.
    let form = [("csrf", token.as_str()), ("lines", "A PAR - BUR")];
    let r = b.post(&format!("{}/send", page_of("france")), &form);
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(standing(&s, "france").0, Vec::<String>::new());
    let again = b.post(&format!("{}/send", page_of("france")), &form);
    assert_eq!(again.status, 403, "the session ended: {}", again.body);
    assert_eq!(standing(&s, "france").0, Vec::<String>::new());
    // Once the lock is over, the password opens the page again and its
    // forms are taken.
    s.wait(Duration::minutes(61));
    let mut b = s.signed_on("france");
    let r = send(&mut b, "france", None, &[("lines", "A PAR - BUR")]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(standing(&s, "france").0.len(), 1);
}

#[test]
fn a_session_for_one_power_opens_no_other_powers_page() {
    let mut s = Served::new(G::new(&[]));
    let mut b = s.signed_on("france");
    let (_, token) = page(&mut b, "france");
    // Germany's page asks for Germany's password.
    let g = b.get(&page_of("germany"));
    assert!(
        g.body.contains("id=\"signon\"") && !g.body.contains("power-units"),
        "{}",
        g.body
    );
    // France's session under Germany's cookie opens nothing of Germany.
    let id = b.cookies.get(&session("france")).unwrap().clone();
    b.cookies.insert(session("germany"), id);
    let g = b.get(&page_of("germany"));
    assert!(
        g.body.contains("id=\"signon\"") && !g.body.contains("power-units"),
        "{}",
        g.body
    );
    let before = inbox(&mut s);
    let r = b.post(
        &format!("{}/send", page_of("germany")),
        &[("csrf", &token), ("lines", "A mun - ruh")],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(inbox(&mut s), before);
    assert_eq!(standing(&s, "germany").0, Vec::<String>::new());
}

#[test]
fn orders_sent_by_a_form_stand_and_the_reply_is_mailed_unless_turned_off() {
    let mut s = Served::new(G::new(&[]));
    let mut b = s.signed_on("france");
    let (p, _) = page(&mut b, "france");
    let (par, bre) = (row_of(&p, "A par"), row_of(&p, "F bre"));
    let r = send(
        &mut b,
        "france",
        Some("orders"),
        &[
            (&format!("unit-{par}"), "A par"),
            (&format!("order-{par}"), "- bur"),
            (&format!("unit-{bre}"), "F bre"),
            (&format!("order-{bre}"), "F bre - mao"),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(pre_in(&r.body, "sent"), "A par - bur\nF bre - mao");
    let (orders, _) = standing(&s, "france");
    assert_eq!(orders.len(), 2, "{orders:?}");
    assert!(
        orders.iter().any(|o| o.eq_ignore_ascii_case("A par - bur")),
        "{orders:?}"
    );
    // The reply on the page is the one mailed.
    let reply = pre_in(&r.body, "reply");
    let mailed = outbox_to(&mut s, "france@example.org");
    assert_eq!(mailed.len(), 1, "{mailed:?}");
    assert_eq!(html(&mailed[0].body), reply);
    // The standing orders fill their rows.
    let (p, _) = page(&mut b, "france");
    assert!(
        p.contains(&format!(
            "name=\"order-{par}\" data-unit=\"A par\" value=\"A par - bur\""
        )),
        "{p}"
    );
    // The box unticked: the next reply is on the page only.
    let r = send(
        &mut b,
        "france",
        Some("settings"),
        &[("mailcopy-shown", "1")],
    );
    assert!(r.body.contains("id=\"power-said\""), "{}", r.body);
    assert!(
        r.body.contains("name=\"mailcopy\" value=\"on\">"),
        "{}",
        r.body
    );
    let r = send(&mut b, "france", Some("votes"), &[("draw", "yes")]);
    assert!(!pre_in(&r.body, "reply").is_empty());
    assert_eq!(outbox_to(&mut s, "france@example.org").len(), 1);
    let v = game::show(&s.g.st, "g").unwrap();
    assert!(
        v.powers
            .iter()
            .find(|p| p.power == "france")
            .unwrap()
            .draw_vote
    );
    // Ticked again: mailed again.
    send(
        &mut b,
        "france",
        Some("settings"),
        &[("mailcopy-shown", "1"), ("mailcopy", "on")],
    );
    send(
        &mut b,
        "france",
        Some("settings"),
        &[
            ("wait", "wait"),
            ("mailcopy-shown", "1"),
            ("mailcopy", "on"),
        ],
    );
    assert_eq!(outbox_to(&mut s, "france@example.org").len(), 2);
    let v = game::show(&s.g.st, "g").unwrap();
    assert!(v.powers.iter().find(|p| p.power == "france").unwrap().wait);
}

#[test]
fn the_press_later_and_espionage_forms_reach_the_judge() {
    let mut s = Served::new(G::new(&["espionnite"]));
    let mut b = s.signed_on("france");
    let r = send(
        &mut b,
        "france",
        Some("press"),
        &[("to", "england"), ("text", "a word for england alone")],
    );
    assert_eq!(
        pre_in(&r.body, "sent"),
        "PRESS TO england\na word for england alone\nENDPRESS"
    );
    let r = send(
        &mut b,
        "france",
        Some("later"),
        &[("phase", "F1901M"), ("lines", "A bur - mun")],
    );
    assert_eq!(pre_in(&r.body, "sent"), "PHASE F1901M\nA bur - mun");
    let (p, _) = page(&mut b, "france");
    assert!(
        part(&p, "power-orders", "</section>").contains("bur"),
        "{p}"
    );
    assert!(
        p.contains("id=\"espionage\"") && p.contains("name=\"spy\""),
        "{p}"
    );
    send(
        &mut b,
        "france",
        Some("espionage"),
        &[("spy", "A mun"), ("counterspy", "A par")],
    );
    let (_, spy) = standing(&s, "france");
    assert_eq!(spy.len(), 2, "{spy:?}");
    let mut e = s.signed_on("england");
    let (p, _) = page(&mut e, "england");
    assert!(
        part(&p, "power-press", "</section>").contains("a word for england alone"),
        "{p}"
    );
    let _ = &mut s;
}

#[test]
fn a_new_password_is_never_shown_back_and_opens_the_page() {
    let mut s = Served::new(G::new(&[]));
    let mut b = s.signed_on("france");
    let r = send(
        &mut b,
        "france",
        Some("settings"),
        &[("password", "n3w-secret"), ("password-again", "n3w-secret")],
    );
    assert_eq!(r.status, 200);
    assert!(!r.body.contains("n3w-secret"), "{}", r.body);
    assert!(pre_in(&r.body, "sent").contains("SET PASSWORD ********"));
    for m in outbox_to(&mut s, "france@example.org") {
        assert!(!m.body.contains("n3w-secret"), "{}", m.body);
    }
    let mut other = s.browser();
    assert_eq!(sign_on(&mut other, "france", PW).status, 401);
    assert_eq!(sign_on(&mut other, "france", "n3w-secret").status, 303);
    // Two new passwords that differ: nothing sent.
    let before = inbox(&mut s);
    let r = send(
        &mut b,
        "france",
        Some("settings"),
        &[("password", "a1"), ("password-again", "b2")],
    );
    assert!(r.body.contains("id=\"power-said\"") && !r.body.contains("id=\"reply\""));
    assert_eq!(inbox(&mut s), before);
}

#[test]
fn a_power_whose_player_changed_ends_the_session() {
    let mut s = Served::new(G::new(&[]));
    let mut b = s.signed_on("france");
    let (_, token) = page(&mut b, "france");
    let now = s.now();
    game::resign(&mut s.g.st, "g", "france", now).unwrap();
    let before = inbox(&mut s);
    // Its page is shown no more to the session: it has ended.
    let gone = b.get(&page_of("france"));
    assert_eq!(gone.status, 403, "{}", gone.body);
    assert!(!gone.body.contains("power-units"), "{}", gone.body);
    let r = b.post(
        &format!("{}/send", page_of("france")),
        &[("csrf", &token), ("lines", "A par - bur")],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(inbox(&mut s), before);
    let again = b.get(&page_of("france"));
    assert!(!again.body.contains("power-units"), "{}", again.body);
}

/// Every power's page as its own player receives it.
fn pages(s: &Served) -> Vec<(String, String)> {
    POWERS
        .iter()
        .map(|p| {
            let mut b: Browser = s.signed_on(p);
            (p.to_string(), page(&mut b, p).0)
        })
        .collect()
}

/// The texts of the `<pre>`s of `#id` of `page`.
fn pres(page: &str, id: &str) -> Vec<String> {
    part(page, id, "</section>")
        .split("<pre>")
        .skip(1)
        .map(|x| x[..x.find("</pre>").unwrap()].to_string())
        .collect()
}

#[test]
fn no_power_page_holds_another_powers_secrets() {
    let mut g = G::new(&["espionnite"]);
    let lines: [(&str, &[&str]); 4] = [
        ("france", &["A par - bur", "SPY A mun", "COUNTERSPY F bre"]),
        ("germany", &["A mun - ruh", "SPY A par", "COUNTERSPY F kie"]),
        ("england", &["F lon - nth", "SPY F bre"]),
        ("italy", &["A ven - pie", "SPY A vie", "COUNTERSPY F nap"]),
    ];
    for (p, l) in lines {
        g.submit(p, l);
    }
    let mut s = Served::new(g);
    // Private press, each to one power.
    for (from, to) in [
        ("france", "england"),
        ("germany", "italy"),
        ("russia", "turkey"),
    ] {
        let mut b = s.signed_on(from);
        let r = send(
            &mut b,
            from,
            Some("press"),
            &[("to", to), ("text", &format!("from-{from}-to-{to}-only"))],
        );
        assert!(r.body.contains("id=\"reply\""), "{}", r.body);
    }
    let check = |pages: &[(String, String)], s: &Served, reports: bool| {
        for (p, page) in pages {
            let (_, mine) = standing(s, p);
            for line in &mine {
                assert!(page.contains(&html(line)), "{p} misses its own {line}");
            }
            for (q, other) in pages.iter().filter(|(q, _)| q != p) {
                for line in standing(s, q).1 {
                    assert!(!mine.contains(&line), "shared line {line}");
                    let shown = format!("<li>{}</li>", html(&line));
                    assert!(!page.contains(&shown), "{p}'s page shows {q}'s {line}");
                }
                for r in pres(other, "power-reports") {
                    assert!(!page.contains(&r), "{p}'s page shows {q}'s report:\n{r}");
                }
                for text in pres(other, "power-press") {
                    assert!(!page.contains(&text), "{p}'s page shows {q}'s press");
                }
            }
            let press = part(page, "power-press", "</section>");
            for (from, to) in [
                ("france", "england"),
                ("germany", "italy"),
                ("russia", "turkey"),
            ] {
                let text = format!("from-{from}-to-{to}-only");
                assert_eq!(press.contains(&text), p == to, "{p}'s press: {press}");
                if p != to {
                    assert!(!page.contains(&text), "{p}'s page holds {text}");
                }
            }
            // Every power with units had its report (one that gave its
            // spy no order is told so).
            if reports {
                assert_eq!(pres(page, "power-reports").len(), 1, "{p}: {page}");
            }
        }
    };
    // Movement: the spy lines stand, each seen by its power alone.
    let before = pages(&s);
    check(&before, &s, false);
    // The reaction phase: each spy report to its power alone.
    assert!(s.g.tick());
    s.set(s.g.now);
    let during = pages(&s);
    check(&during, &s, true);
    let fr = &during.iter().find(|(p, _)| p == "france").unwrap().1;
    assert!(fr.contains("name=\"reaction\""), "{fr}");
    assert!(
        part(fr, "power-owes", "</section>").contains("reaction"),
        "{fr}"
    );
    // After the phase: the reports stay their powers' own.
    s.g.finish_phase();
    s.set(s.g.now);
    check(&pages(&s), &s, true);
}
