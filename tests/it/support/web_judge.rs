//! The judge's pages served for real (tests/it/web_judge*.rs): a Spionage
//! game played to Spring 1902 in a real SQLite file
//! ([`super::secret_log_game`]), its pages served by
//! `dipspy::web::spawn_site` on a loopback port with the judge's pages
//! behind a master password, a clock the test moves, and a browser of
//! sorts: ureq, no redirects followed, cookies kept by hand.
#![allow(dead_code)]

use super::secret_log_game::G;
use chrono::{DateTime, Duration, Utc};
use dipspy::web::{Desk, Site};
use std::collections::BTreeMap;
use std::net::SocketAddr;

/// The master password.
pub(crate) const MASTER_PW: &str = "masters-own-words";

/// The master's address, for MASTER by mail.
pub(crate) const MASTER: &str = "gm@example.org";

/// Wrong passwords that lock it (the default of `[limits]`).
pub(crate) const LOCK_AFTER: u32 = 5;

/// The time the pages start at: the `--now` of `secret_log_game::tamper::cli`.
pub(crate) fn start() -> DateTime<Utc> {
    "2026-01-01T00:00:00Z".parse().unwrap()
}

/// A Spionage game to Spring 1902: Austria's and Italy's Fakes collide
/// on Russian A war, France's Fake on German A mun is stopped by
/// Germany's Anti against France.
pub(crate) fn played() -> G {
    super::secret_log_game::colliding_fakes()
}

/// The pages of a played game, served.
pub(crate) struct Served {
    pub(crate) g: G,
    pub(crate) addr: SocketAddr,
    /// The pages' clock, from [`start`].
    clock: super::moved_clock::MovedClock,
    hash: String,
}

impl Served {
    /// [`played`], served with the judge's pages.
    pub(crate) fn new() -> Served {
        Served::with(|d| d)
    }

    /// As [`Served::new`], the desk changed by `more` (the master's saved
    /// heads, say).
    pub(crate) fn with(more: impl FnOnce(Desk) -> Desk) -> Served {
        let g = played();
        let hash = super::password::argon2_hash(MASTER_PW);
        let clock = super::moved_clock::MovedClock::at(start());
        let desk = Desk::new(
            &g.db,
            &hash,
            LOCK_AFTER,
            60,
            &dipspy::secretlog::default_path(&g.db),
        )
        .with_clock(clock.reader());
        let site = Site::open(&g.db).unwrap().with_judge(more(desk));
        let addr = dipspy::web::spawn_site("127.0.0.1:0", site).unwrap().addr;
        Served {
            g,
            addr,
            clock,
            hash,
        }
    }

    /// [`played`], served with the judge's pages whose judge has the
    /// master's address [`MASTER`] (the master's commands come from it,
    /// and their replies are mailed to it).
    pub(crate) fn with_master() -> Served {
        let js = judge_settings(&super::password::argon2_hash(MASTER_PW));
        Served::with(|d| d.with_judge(js))
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

    /// A browser logged in.
    pub(crate) fn logged_in(&self) -> Browser {
        let mut b = self.browser();
        let r = b.login(MASTER_PW);
        assert_eq!(r.status, 303, "{}", r.body);
        b
    }

    /// `MASTER password` by mail from the master's address, to the
    /// judge with this master password (the mail path's lock); the
    /// reply's body.
    pub(crate) fn master_by_mail(&mut self, password: &str) -> String {
        let js = judge_settings(&self.hash);
        let now = self.now();
        let msg = dipspy::judge::Incoming {
            from: MASTER.into(),
            message_id: Some(format!("<m{}@example.org>", now.timestamp_micros())),
            subject: "master".into(),
            body: format!("MASTER {password}\nLIST\n"),
            received_at: now,
            authenticated: false,
            restricted: false,
            web: None,
        };
        dipspy::judge::handle(&mut self.g.st, &js, &msg, now)
            .unwrap()
            .body
    }
}

/// The judge's settings of these tests: the master's address and the
/// master password whose Argon2 hash is `hash`.
pub(crate) fn judge_settings(hash: &str) -> dipspy::judge::JudgeSettings {
    dipspy::judge::JudgeSettings {
        address: "judge@example.org".into(),
        master_address: Some(MASTER.into()),
        master_password_hash: Some(hash.to_string()),
        ..Default::default()
    }
}

/// Something only the judge may read: the source of the log's first
/// received spy order (its sender's address and message id).
pub(crate) fn a_secret_word(s: &Served) -> String {
    dipspy::game::secret_log(&s.g.st, "g", None, None)
        .unwrap()
        .into_iter()
        .find(|r| r.kind == "received")
        .and_then(|r| r.source)
        .expect("a received spy order")
}

/// A response: its status, headers (names in lower case) and body.
pub(crate) struct Got {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: String,
}

impl Got {
    /// Every value of header `name`.
    pub(crate) fn all(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The one value of header `name`.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.all(name).first().copied()
    }

    /// The `Set-Cookie` of cookie `name`, if the response sets it.
    pub(crate) fn set_cookie(&self, name: &str) -> Option<&str> {
        self.all("set-cookie")
            .into_iter()
            .find(|c| c.starts_with(&format!("{name}=")))
    }
}

/// The cookie the judge's session is kept in.
pub(crate) const SESSION: &str = "__Host-dipspy-judge";

/// A client that keeps its cookies.
pub(crate) struct Browser {
    base: String,
    agent: ureq::Agent,
    pub(crate) cookies: BTreeMap<String, String>,
}

impl Browser {
    /// A browser with no cookies, for the site at `addr`.
    pub(crate) fn at(addr: SocketAddr) -> Browser {
        Browser {
            base: format!("http://{addr}"),
            agent: ureq::AgentBuilder::new().redirects(0).build(),
            cookies: BTreeMap::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn done(&mut self, r: Result<ureq::Response, ureq::Error>) -> Got {
        let r = match r {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{e}"),
        };
        let status = r.status();
        let mut headers = Vec::new();
        for n in r.headers_names() {
            for v in r.all(&n) {
                headers.push((n.to_ascii_lowercase(), v.to_string()));
            }
        }
        for (_, c) in headers.iter().filter(|(n, _)| n == "set-cookie") {
            let (kv, attrs) = c.split_once(';').unwrap_or((c, ""));
            let (k, v) = kv.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
        let body = r.into_string().unwrap();
        Got {
            status,
            headers,
            body,
        }
    }

    /// GET `path`.
    pub(crate) fn get(&mut self, path: &str) -> Got {
        let mut req = self.agent.get(&format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.set("Cookie", &self.cookie_header());
        }
        let r = req.call();
        self.done(r)
    }

    /// POST `form` to `path`.
    pub(crate) fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Got {
        let mut req = self.agent.post(&format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.set("Cookie", &self.cookie_header());
        }
        let r = req.send_form(form);
        self.done(r)
    }

    /// The login form fetched (its token kept) and sent with `password`.
    pub(crate) fn login(&mut self, password: &str) -> Got {
        let form = self.get("/judge/login");
        assert_eq!(form.status, 200, "{}", form.body);
        let csrf = csrf(&form.body);
        self.post("/judge/login", &[("csrf", &csrf), ("password", password)])
    }

    /// The session's id, if the browser has one.
    pub(crate) fn session(&self) -> Option<String> {
        self.cookies.get(SESSION).cloned()
    }
}

/// The CSRF token of the first form of a page.
pub(crate) fn csrf(page: &str) -> String {
    let at = page
        .find("name=\"csrf\" value=\"")
        .unwrap_or_else(|| panic!("no token in:\n{page}"));
    page[at + 19..].split('"').next().unwrap().to_string()
}
