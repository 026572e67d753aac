//! The powers' pages served for real with one-time links
//! (tests/it/web_links.rs): a standard game `g` started in a real SQLite
//! file with every power seated at `power@example.org`, its pages served
//! by `dipspy::web::spawn_site` on a loopback port with a
//! [`dipspy::web::Door`] offering links for [`PUBLIC`], and a clock the
//! test moves. The browser is [`super::web_judge::Browser`].

use super::moved_clock::MovedClock;
use super::started::{POWERS, start_seated};
use super::web_judge::{Browser, Got, csrf};
use chrono::{DateTime, Duration, Utc};
use dipspy::game::CreateOptions;
use dipspy::judge::JudgeSettings;
use dipspy::store::Store;
use dipspy::web::{Door, Site};
use std::net::SocketAddr;
use std::path::Path;

/// The pages' public address, as `[web] public_url` gives it.
pub(crate) const PUBLIC: &str = "https://diplomacy.example.org";

/// The time the pages start at.
pub(crate) fn start() -> DateTime<Utc> {
    "2026-03-01T10:00:00Z".parse().unwrap()
}

/// The judge's settings of these tests.
pub(crate) fn js() -> JudgeSettings {
    JudgeSettings {
        address: "judge@example.org".into(),
        ..Default::default()
    }
}

/// A started game's powers' pages, served.
pub(crate) struct Served {
    _dir: Option<tempfile::TempDir>,
    /// The test's own connection to it.
    pub(crate) st: Store,
    pub(crate) addr: SocketAddr,
    /// The pages' clock, from [`start`].
    clock: MovedClock,
}

impl Served {
    /// Game `g`, every power seated and the game started, served with
    /// links for [`PUBLIC`] (or none, without `public`).
    pub(crate) fn new(public: Option<&str>) -> Served {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        Served::on(&db, Some(dir), public)
    }

    /// As [`Served::new`], in the database file `db` (kept in `dir`, if
    /// given, until the pages are done).
    pub(crate) fn on(db: &Path, dir: Option<tempfile::TempDir>, public: Option<&str>) -> Served {
        let mut st = super::words::open_store(db).unwrap();
        start_seated(&mut st, "g", &CreateOptions::default(), &POWERS, start());
        let clock = MovedClock::at(start());
        let mut door =
            Door::new(db, js(), dipspy::mail::Limits::default()).with_clock(clock.reader());
        if let Some(url) = public {
            door = door.with_public_url(url);
        }
        let site = Site::open(db).unwrap().with_players(door);
        let addr = dipspy::web::spawn_site("127.0.0.1:0", site).unwrap().addr;
        Served {
            _dir: dir,
            st,
            addr,
            clock,
        }
    }

    /// The pages' time now.
    pub(crate) fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Moves the pages' clock on.
    pub(crate) fn wait(&self, d: Duration) {
        self.clock.wait(d)
    }

    /// A browser with no cookies.
    pub(crate) fn browser(&self) -> Browser {
        Browser::at(self.addr)
    }

    /// Every mail queued so far.
    pub(crate) fn outbox(&mut self) -> Vec<dipspy::mail::OutMail> {
        self.st.write(dipspy::mail::outbox_rows).unwrap()
    }

    /// The links mailed so far to `to`, as paths of the site
    /// (`/games/g/powers/france/link/…`), oldest first.
    pub(crate) fn links_to(&mut self, to: &str) -> Vec<String> {
        self.outbox()
            .into_iter()
            .filter(|m| m.to == to)
            .filter_map(|m| link_in(&m.body))
            .collect()
    }
}

/// The path of the link a mail's body carries, if it carries one.
pub(crate) fn link_in(body: &str) -> Option<String> {
    let at = body.find(PUBLIC)?;
    let url = body[at..].split_whitespace().next()?;
    Some(url[PUBLIC.len()..].to_string())
}

/// The token at the end of a link's path.
pub(crate) fn token_of(link: &str) -> &str {
    link.rsplit('/').next().unwrap()
}

/// The value of hidden field `name` of the form `id` in `page`.
pub(crate) fn field(page: &str, id: &str, name: &str) -> String {
    let form = page
        .find(&format!("<form id=\"{id}\""))
        .unwrap_or_else(|| panic!("no form {id} in:\n{page}"));
    let rest = &page[form..];
    let rest = &rest[..rest.find("</form>").unwrap()];
    let key = format!("name=\"{name}\" value=\"");
    let at = rest
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in form {id}:\n{rest}"));
    rest[at + key.len()..]
        .split('"')
        .next()
        .unwrap()
        .to_string()
}

/// Asks for a link at `power`'s sign-on page, as its `#mail-link` form
/// does (with `more` fields besides its token).
pub(crate) fn ask(b: &mut Browser, game: &str, power: &str, more: &[(&str, &str)]) -> Got {
    let page = b.get(&format!("/games/{game}/powers/{power}"));
    let token = csrf(&page.body);
    if page.status == 200 {
        assert_eq!(field(&page.body, "mail-link", "csrf"), token);
    }
    let mut form = vec![("csrf", token.as_str())];
    form.extend_from_slice(more);
    b.post(&format!("/games/{game}/powers/{power}/link"), &form)
}

/// Opens `link` (a path) and presses its page's button: the answer to
/// the POST.
pub(crate) fn follow(b: &mut Browser, link: &str) -> Got {
    let page = b.get(link);
    assert_eq!(page.status, 200, "{}", page.body);
    let action = field_action(&page.body, "use-link");
    let token = field(&page.body, "use-link", "csrf");
    let carried = field(&page.body, "use-link", "link");
    b.post(&action, &[("csrf", &token), ("link", &carried)])
}

/// Where form `id` of `page` posts.
pub(crate) fn field_action(page: &str, id: &str) -> String {
    let form = page
        .find(&format!("<form id=\"{id}\""))
        .unwrap_or_else(|| panic!("no form {id} in:\n{page}"));
    let rest = &page[form..];
    let key = "action=\"";
    let at = rest.find(key).unwrap();
    rest[at + key.len()..]
        .split('"')
        .next()
        .unwrap()
        .to_string()
}
