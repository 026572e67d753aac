//! One game played twice (issue 38): all by mail, and with some powers
//! at their web pages. Each world is a judge on Maildirs driven by
//! `dipspy serve --once` ([`super::mailgame::World`]); the mixed one also
//! serves its pages with `dipspy::web::spawn_site` on a loopback port,
//! the powers' pages going through the judge of the same configuration,
//! on the world's clock, and a headless Chromium signs on at them and
//! fills in their forms. [`announced`] reads what each address received
//! that answers nothing (results, spy reports, notices, press), to
//! compare the two worlds.
#![allow(dead_code)]

use super::mailgame::{POWERS, World, pw, raw_mails};
use super::moved_clock::MovedClock;
use super::web::{Browser, unescape};
use chrono::{DateTime, Utc};
use dipspy::game::{self, Lang};
use dipspy::store::{Audience, Store};
use mail_parser::{MessageParser, PartType};
use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::Path;

/// A mail as its reader reads it: its subject, then each part (text as
/// text, a file as its bytes).
pub(crate) type Read = (String, Vec<Vec<u8>>);

/// What each address received that answers no message of its own
/// (results, spy reports, notices, others' press), each mail read, in a
/// sorted list: the order the Maildir happens to hold them in aside.
pub(crate) fn announced(w: &World) -> BTreeMap<String, Vec<Read>> {
    let mut out = BTreeMap::new();
    let Ok(rd) = std::fs::read_dir(w.outgoing()) else {
        return out;
    };
    for who in rd.flatten() {
        let to = who.file_name().to_string_lossy().into_owned();
        let mut mails: Vec<Read> = raw_mails(&who.path())
            .iter()
            .filter_map(|raw| read_unless_reply(raw))
            .collect();
        mails.sort();
        out.insert(to, mails);
    }
    out
}

/// `raw` read, unless it answers a message (`In-Reply-To`).
fn read_unless_reply(raw: &[u8]) -> Option<Read> {
    let head = String::from_utf8_lossy(raw);
    let head = head
        .split("\r\n\r\n")
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    if head.starts_with("in-reply-to:") || head.contains("\nin-reply-to:") {
        return None;
    }
    let m = MessageParser::default()
        .parse(raw)
        .expect("the judge's mail parses");
    let parts = m
        .parts
        .iter()
        .filter_map(|p| match &p.body {
            PartType::Text(t) | PartType::Html(t) => Some(t.replace("\r\n", "\n").into_bytes()),
            PartType::Binary(b) | PartType::InlineBinary(b) => Some(b.to_vec()),
            PartType::Message(n) => Some(n.raw_message().to_vec()),
            PartType::Multipart(_) => None,
        })
        .collect();
    Some((m.subject().unwrap_or_default().to_string(), parts))
}

/// The mixed world's pages: served on the world's database, read on its
/// clock, and a browser.
pub(crate) struct Pages {
    pub(crate) addr: SocketAddr,
    clock: MovedClock,
    /// A power's password.
    password: fn(&str) -> String,
    pub(crate) b: Browser,
}

impl Pages {
    /// The pages of `w`, their commands going through the judge of its
    /// configuration file.
    pub(crate) fn serve(w: &World) -> Pages {
        let config = dipspy::config::Config::load(&w.cfg).unwrap();
        let db = w.dir.path().join("judge.db");
        let js = config.judge_settings();
        let limits = dipspy::mail::Limits::from_config(&config.limits);
        // The judge's pages too, behind the master password, as `dipspy
        // web` serves them with this configuration.
        let hash = js.master_password_hash.clone().expect("a master password");
        let lock = js.signon_lock;
        let key = config.head_key(&db);
        let desk = |clock: &MovedClock| {
            dipspy::web::Desk::new(&db, &hash, lock.after, lock.minutes, &key)
                .with_judge(js.clone())
                .with_limits(limits)
                .with_clock(clock.reader())
        };
        Pages::serve_with(&db, js.clone(), limits, w.now, pw, Some(desk))
    }

    /// The master, at the judge's pages (logged in with `password`),
    /// processes game `game` now: the button, then the confirmation's.
    /// Returns the judge's reply.
    pub(crate) fn master_processes(&self, game: &str, password: &str) -> String {
        let url = |p: &str| format!("http://{}{p}", self.addr);
        self.b.goto(&url(&format!("/judge/games/{game}/master")));
        if self.b.at() == "/judge/login" {
            self.b.type_into("#judge-password", password);
            self.b.submit("#judge-login button[type=submit]");
            self.b.goto(&url(&format!("/judge/games/{game}/master")));
        }
        self.b.submit("#master-process button[type=submit]");
        self.b.submit("#master-confirm button[type=submit]");
        self.b.text("#reply pre")
    }

    /// The pages of the database `db`, their commands going through the
    /// judge `js` within `limits`, their clock at `now`; a power's
    /// password is `password(power)`.
    pub(crate) fn serve_db(
        db: &Path,
        js: dipspy::judge::JudgeSettings,
        limits: dipspy::mail::Limits,
        now: DateTime<Utc>,
        password: fn(&str) -> String,
    ) -> Pages {
        let no_desk: Option<fn(&MovedClock) -> dipspy::web::Desk> = None;
        Pages::serve_with(db, js, limits, now, password, no_desk)
    }

    /// As [`Pages::serve_db`], with the judge's pages of the desk `desk`
    /// makes on the pages' clock, if given.
    fn serve_with(
        db: &Path,
        js: dipspy::judge::JudgeSettings,
        limits: dipspy::mail::Limits,
        now: DateTime<Utc>,
        password: fn(&str) -> String,
        desk: Option<impl FnOnce(&MovedClock) -> dipspy::web::Desk>,
    ) -> Pages {
        let clock = MovedClock::at(now);
        let door = dipspy::web::Door::new(db, js, limits).with_clock(clock.reader());
        let mut site = dipspy::web::Site::open(db).unwrap().with_players(door);
        if let Some(desk) = desk {
            site = site.with_judge(desk(&clock));
        }
        let addr = dipspy::web::spawn_site("127.0.0.1:0", site).unwrap().addr;
        Pages {
            addr,
            clock,
            password,
            b: Browser::start("UTC"),
        }
    }

    /// The pages' clock set to `now`.
    pub(crate) fn set_clock(&self, now: DateTime<Utc>) {
        self.clock.set(now);
    }

    /// The pages' clock set to the world's.
    pub(crate) fn at(&self, w: &World) {
        self.set_clock(w.now);
    }

    /// The page of `power` in game `game`.
    pub(crate) fn url(&self, game: &str, power: &str) -> String {
        format!("http://{}/games/{game}/powers/{power}", self.addr)
    }

    /// The browser on `power`'s page, signed on with its password when it
    /// shows the sign-on form.
    pub(crate) fn open(&self, game: &str, power: &str) {
        self.b.goto(&self.url(game, power));
        if self.b.count("#signon") > 0 {
            self.b
                .type_into("#signon input[name=password]", &(self.password)(power));
            self.b.submit("#signon button[type=submit]");
        }
        assert_eq!(self.b.count("#signon"), 0, "{power} is signed on");
        assert_eq!(self.b.at(), format!("/games/{game}/powers/{power}"));
    }

    /// `power` gives `lines` at its page, each by the form a player
    /// would use: a unit's order in the unit's row of the orders form, a
    /// build in an open row of it, a spy, counter-spy or reaction in the
    /// espionage form's field, a press (`PRESS TO F` … `ENDPRESS`) in the
    /// press form, anything else in the form of lines. Returns, for each
    /// form sent, its id, its command text as the page shows it sent, and
    /// the judge's reply.
    pub(crate) fn give(&self, game: &str, power: &str, lines: &[&str]) -> Vec<[String; 3]> {
        self.open(game, power);
        let mut forms: Vec<(&str, Vec<(String, String)>)> = Vec::new();
        let mut fill = |form: &'static str, css: String, text: String| match forms
            .iter_mut()
            .find(|(f, _)| *f == form)
        {
            Some((_, v)) => v.push((css, text)),
            None => forms.push((form, vec![(css, text)])),
        };
        let mut rest: Vec<&str> = Vec::new();
        let mut builds = self.open_rows().into_iter();
        let mut i = 0;
        while i < lines.len() {
            let l = lines[i];
            let upper = l.to_ascii_uppercase();
            if let Some((css, order)) = self.unit_row(l) {
                fill("orders", css, order);
            } else if upper.starts_with("BUILD ")
                && let Some(css) = builds.next()
            {
                fill("orders", css, l.to_string());
            } else if let Some((kw, id)) = [
                ("SPY ", "#esp-spy"),
                ("COUNTERSPY ", "#esp-counterspy"),
                ("REACTION ", "#esp-reaction"),
            ]
            .into_iter()
            .find(|(kw, _)| upper.starts_with(kw))
            {
                fill("espionage", id.to_string(), l[kw.len()..].to_string());
            } else if let Some(to) = upper.strip_prefix("PRESS TO ") {
                let end = lines[i..]
                    .iter()
                    .position(|x| x.eq_ignore_ascii_case("ENDPRESS"));
                let end = i + end.expect("a press ends");
                for letter in to.split(',').map(str::trim) {
                    let p = POWERS
                        .iter()
                        .find(|p| p[..1].eq_ignore_ascii_case(letter))
                        .expect("a power's letter");
                    fill(
                        "press",
                        format!("#press input[name=to][value={p}]"),
                        String::new(),
                    );
                }
                fill("press", "#press-text".into(), lines[i + 1..end].join("\n"));
                i = end;
            } else {
                rest.push(l);
            }
            i += 1;
        }
        if !rest.is_empty() {
            fill("send", "#send-lines".into(), rest.join("\n"));
        }
        let mut given = Vec::new();
        for (n, (form, fields)) in forms.iter().enumerate() {
            if n > 0 {
                self.open(game, power);
            }
            for (css, text) in fields {
                if text.is_empty() {
                    self.b.click(css);
                } else {
                    self.b.type_into(css, text);
                }
            }
            self.b.submit(&format!("#{form} button[type=submit]"));
            given.push([
                form.to_string(),
                self.b.text("#sent pre"),
                self.b.text("#reply pre"),
            ]);
        }
        given
    }

    /// The orders form's open rows (a build's or a removal's, empty), by
    /// their selectors.
    fn open_rows(&self) -> Vec<String> {
        let names = self.b.js(
            "return Array.from(document.querySelectorAll('#orders input[data-unit=\"\"]'))\
             .filter(e => e.value === '').map(e => e.name);",
        );
        names
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|n| n.as_str())
            .map(|n| format!("#orders input[name='{n}']"))
            .collect()
    }

    /// The orders form's row of the unit `line` orders (`A PAR - BUR`:
    /// the row of `A par`), and what to type into it (`- BUR`).
    fn unit_row(&self, line: &str) -> Option<(String, String)> {
        let mut words = line.split_whitespace();
        let (kind, place) = (words.next()?, words.next()?);
        if !matches!(kind, "A" | "F") {
            return None;
        }
        let rest: Vec<&str> = words.collect();
        let units = self.b.js(
            "return Array.from(document.querySelectorAll('#orders input[data-unit]'))\
             .map(e => [e.name, e.dataset.unit]);",
        );
        let unit = format!("{kind} {place}").to_lowercase();
        units.as_array()?.iter().find_map(|pair| {
            let name = pair.get(0)?.as_str()?;
            let shown = pair.get(1)?.as_str()?.to_lowercase();
            (shown == unit).then(|| (format!("#orders input[name='{name}']"), rest.join(" ")))
        })
    }
}

impl Pages {
    /// Panics when `power`'s page in game `game` of the database `db`, as
    /// the browser shows it now (signed on), holds any line of what only
    /// other powers, the master or the judge received, or any of `others`
    /// (their passwords and addresses); or lacks one of the power's own
    /// units.
    pub(crate) fn assert_own_only(
        &self,
        db: &Path,
        game: &str,
        power: &str,
        address: &str,
        others: &[String],
    ) {
        self.open(game, power);
        let source = unescape(&self.b.source());
        let text = self.b.text("main");
        for l in others_secrets(db, game, power, address) {
            assert!(
                !source.contains(l.as_str()) && !text.contains(l.as_str()),
                "{power}'s page shows what only others received: {l:?}"
            );
        }
        let lower = source.to_lowercase();
        for s in others {
            assert!(
                !lower.contains(&s.to_lowercase()),
                "{power}'s page shows {s:?}, which is another's"
            );
        }
        // The page is the power's own: its units are on it.
        let st = Store::open_read_only(db).unwrap();
        let shown = game::show(&st, game).unwrap();
        let seen = text.to_lowercase();
        for unit in shown.units.get(power).into_iter().flatten() {
            assert!(
                seen.contains(&unit.to_lowercase()),
                "{power}'s page lacks its unit {unit}:\n{text}"
            );
        }
    }
}

/// The lines (of 14 characters or more) of every announcement of game
/// `game` that `power`'s player (at `address`) did not receive, and of
/// its secret log, but for those also in one it received, in every
/// language.
pub(crate) fn others_secrets(
    db: &Path,
    game: &str,
    power: &str,
    address: &str,
) -> BTreeSet<String> {
    let st = Store::open_read_only(db).unwrap();
    let c = st.read();
    let id = c.game_by_name(game).unwrap().unwrap().id;
    let lines = |t: &str| -> Vec<String> {
        t.lines()
            .map(str::trim)
            .filter(|l| l.chars().count() >= 14)
            .map(String::from)
            .collect()
    };
    let mut theirs = BTreeSet::new();
    let mut ours = BTreeSet::new();
    for a in c.announcements(id).unwrap() {
        let seen_by_power = match &a.audience {
            Audience::All | Audience::Players | Audience::AllAndMaster | Audience::AllButMaster => {
                true
            }
            Audience::Power(p) => p.eq_ignore_ascii_case(power),
            Audience::Address(x) => x.eq_ignore_ascii_case(address),
            Audience::Master | Audience::Judge => false,
        };
        for lang in Lang::ALL {
            let words = match a.notice.as_deref() {
                Some(n) => dipspy::text::render_stored_notice(*lang, n)
                    .map(|m| format!("{}\n{}", m.subject, m.body))
                    .unwrap_or_default(),
                None => format!("{}\n{}", a.subject, a.body),
            };
            let set = if seen_by_power {
                &mut ours
            } else {
                &mut theirs
            };
            set.extend(lines(&words));
        }
    }
    for e in game::secret_log(&st, game, None, None).unwrap_or_default() {
        theirs.extend(lines(&e.text));
    }
    theirs.difference(&ours).cloned().collect()
}

/// Every power of the game but those of `web`.
pub(crate) fn by_mail(web: &[&str]) -> Vec<&'static str> {
    POWERS
        .iter()
        .copied()
        .filter(|p| !web.contains(p))
        .collect()
}
