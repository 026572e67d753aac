//! The powers' pages served for real (tests/it/web_powers.rs): a game of
//! [`super::secret_log_game`] in a real SQLite file, served by
//! `dipspy::web::spawn_site` on a loopback port with the powers' pages
//! (a [`Door`] whose clock the test moves), and a browser of sorts
//! ([`super::web_judge::Browser`]: ureq, no redirects, cookies by hand).
#![allow(dead_code)]

use super::secret_log_game::G;
use super::web_judge::{Browser, Got, csrf};
use chrono::{DateTime, Duration, Utc};
use dipspy::judge::{JudgeSettings, SignonLock};
use dipspy::mail::Limits;
use dipspy::web::{Door, Site};
use std::net::SocketAddr;

/// Wrong passwords that lock a power.
pub(crate) const LOCK_AFTER: u32 = 3;

/// Every power's password ([`super::started::start_seated`]).
pub(crate) const PW: &str = "pw";

/// The judge's settings the pages' commands go through.
pub(crate) fn judge_settings() -> JudgeSettings {
    JudgeSettings {
        address: "judge@example.org".into(),
        signon_lock: SignonLock {
            after: LOCK_AFTER,
            minutes: 60,
        },
        ..Default::default()
    }
}

/// A game's powers' pages, served.
pub(crate) struct Served {
    pub(crate) g: G,
    pub(crate) addr: SocketAddr,
    /// The pages' clock, from the game's `now`.
    clock: super::moved_clock::MovedClock,
}

impl Served {
    /// The pages of game `g` (its clock starting at the game's `now`).
    pub(crate) fn new(g: G) -> Served {
        let clock = super::moved_clock::MovedClock::at(g.now);
        let door = Door::new(&g.db, judge_settings(), Limits::default()).with_clock(clock.reader());
        let site = Site::open(&g.db).unwrap().with_players(door);
        let addr = dipspy::web::spawn_site("127.0.0.1:0", site).unwrap().addr;
        Served { g, addr, clock }
    }

    /// The pages' time now.
    pub(crate) fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Sets the pages' clock to `t` (the game's `now` after a tick).
    pub(crate) fn set(&self, t: DateTime<Utc>) {
        self.clock.set(t)
    }

    /// Moves the pages' clock on.
    pub(crate) fn wait(&self, d: Duration) {
        self.clock.wait(d)
    }

    /// A browser with no cookies.
    pub(crate) fn browser(&self) -> Browser {
        Browser::at(self.addr)
    }

    /// A browser signed on at `power`'s page.
    pub(crate) fn signed_on(&self, power: &str) -> Browser {
        let mut b = self.browser();
        let r = sign_on(&mut b, power, PW);
        assert_eq!(r.status, 303, "{}", r.body);
        b
    }
}

/// `power`'s page.
pub(crate) fn page_of(power: &str) -> String {
    format!("/games/g/powers/{power}")
}

/// The sign-on form of `power`'s page fetched (its token kept) and sent
/// with `password`.
pub(crate) fn sign_on(b: &mut Browser, power: &str, password: &str) -> Got {
    let form = b.get(&page_of(power));
    assert_eq!(form.status, 200, "{}", form.body);
    assert!(form.body.contains("id=\"signon\""), "{}", form.body);
    let token = csrf(&form.body);
    b.post(
        &format!("{}/signon", page_of(power)),
        &[("csrf", &token), ("password", password)],
    )
}

/// `power`'s page as its signed-on browser gets it (200), and the
/// session's token.
pub(crate) fn page(b: &mut Browser, power: &str) -> (String, String) {
    let r = b.get(&page_of(power));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"power-units\""), "{}", r.body);
    let token = csrf(&r.body);
    (r.body, token)
}

/// Sends `fields` (and the session's token) to `power`'s page as the
/// form `form` (none: the free lines).
pub(crate) fn send(
    b: &mut Browser,
    power: &str,
    form: Option<&str>,
    fields: &[(&str, &str)],
) -> Got {
    let (_, token) = page(b, power);
    let mut all: Vec<(&str, &str)> = vec![("csrf", &token)];
    if let Some(f) = form {
        all.push(("form", f));
    }
    all.extend_from_slice(fields);
    b.post(&format!("{}/send", page_of(power)), &all)
}

/// The text of the element `id` of `page` up to its end tag `end`
/// (`</section>`).
pub(crate) fn part<'a>(page: &'a str, id: &str, end: &str) -> &'a str {
    let at = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in:\n{page}"));
    let rest = &page[at..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

/// The text of the first `<pre>` inside `#id`.
pub(crate) fn pre_in(page: &str, id: &str) -> String {
    let sec = part(page, id, "</section>");
    let at = sec
        .find("<pre>")
        .unwrap_or_else(|| panic!("no pre in #{id}"));
    let rest = &sec[at + 5..];
    rest[..rest.find("</pre>").unwrap()].to_string()
}

/// `s` as a page writes it (the HTML escapes askama makes).
pub(crate) fn html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}
