//! The web pages' tests (tests/it/web*.rs): `dipspy web` started on a
//! loopback port over a real database, plain HTTP requests to it, a
//! headless Chromium driven through chromedriver (Debian's `chromium` and
//! `chromium-driver`, which tests/run.sh installs), and the leak checks
//! of the mail tests run over a public page.
#![allow(dead_code)]

use super::mailcheck;
use dipspy::game::{self, Lang};
use dipspy::store::{Audience, Store};
use fantoccini::{Client, ClientBuilder, Locator};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `dipspy web` serving a database on a loopback port of its choosing.
pub(crate) struct Site {
    child: Child,
    pub(crate) addr: SocketAddr,
}

impl Site {
    /// Starts the real binary on `db` and waits for the address it prints.
    pub(crate) fn start(db: &Path) -> Site {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dipspy"))
            .args(["web", "--listen", "127.0.0.1:0", "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("dipspy starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .parse()
            .unwrap();
        Site { child, addr }
    }

    /// The address of `path` on the site.
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: String,
}

impl Reply {
    /// The value of header `name` (any case), if it came.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `request` (whole, as bytes) to `addr` and reads the answer: its
/// head, then as many bytes as its Content-Length says (to the end of the
/// connection without one).
pub(crate) fn raw(addr: SocketAddr, request: &[u8]) -> Reply {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // The server may answer and close before it has read everything.
    let _ = (&s).write_all(request);
    let mut inp = BufReader::new(&s);
    let mut line = String::new();
    let _ = inp.read_line(&mut line);
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut headers: Vec<(String, String)> = Vec::new();
    loop {
        line.clear();
        if inp.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let length = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok());
    let mut bytes = Vec::new();
    match length {
        Some(n) => {
            bytes.resize(n, 0);
            inp.read_exact(&mut bytes).unwrap();
        }
        None => {
            let _ = inp.read_to_end(&mut bytes);
        }
    }
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).to_string(),
    }
}

/// `GET path` with the extra header lines `extra` (each ending `\r\n`).
pub(crate) fn get(addr: SocketAddr, path: &str, extra: &str) -> Reply {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n")
            .as_bytes(),
    )
}

/// A loopback port nobody listens on now.
pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// chromedriver on a loopback port, and a headless Chromium session.
pub(crate) struct Browser {
    driver: Child,
    pub(crate) port: u16,
    pub(crate) rt: tokio::runtime::Runtime,
    pub(crate) client: Client,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium whose time zone is
    /// `tz` (so that a time shown in the reader's zone differs from UTC).
    pub(crate) fn start(tz: &str) -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .env("TZ", tz)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver is installed (tests/run.sh installs chromium-driver)");
        let until = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < until, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut args = vec![
            "--headless=new",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=1280,1600",
            "--lang=en",
            "--hide-scrollbars",
        ];
        // Chromium's sandbox refuses to run as root.
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } == 0 {
            args.push("--no-sandbox");
        }
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({ "binary": "/usr/bin/chromium", "args": args }),
        );
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let client = rt
            .block_on(
                ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                    .capabilities(caps)
                    .connect(&format!("http://127.0.0.1:{port}")),
            )
            .expect("a Chromium session");
        Browser {
            driver,
            port,
            rt,
            client,
        }
    }

    /// Goes to `url` and waits for the page.
    pub(crate) fn goto(&self, url: &str) {
        self.rt.block_on(self.client.goto(url)).unwrap();
    }

    /// The text of the first element `css` matches.
    pub(crate) fn text(&self, css: &str) -> String {
        self.rt.block_on(async {
            self.client
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no {css}: {e}"))
                .text()
                .await
                .unwrap()
        })
    }

    /// How many elements `css` matches.
    pub(crate) fn count(&self, css: &str) -> usize {
        self.rt
            .block_on(self.client.find_all(Locator::Css(css)))
            .unwrap()
            .len()
    }

    /// The page's source as the browser has it now.
    pub(crate) fn source(&self) -> String {
        self.rt.block_on(self.client.source()).unwrap()
    }

    /// Clicks the first element `css` matches and waits for what follows.
    pub(crate) fn click(&self, css: &str) {
        self.rt.block_on(async {
            self.client
                .find(Locator::Css(css))
                .await
                .unwrap()
                .click()
                .await
                .unwrap()
        });
    }

    /// The accessibility tree's role and name of the first element `css`
    /// matches, as the browser computes them (WebDriver's computed role
    /// and label).
    pub(crate) fn role_and_label(&self, css: &str) -> (String, String) {
        let (session, element) = self.rt.block_on(async {
            let e = self.client.find(Locator::Css(css)).await.unwrap();
            let s = self.client.session_id().await.unwrap().unwrap();
            (s, e.element_id().to_string())
        });
        let ask = |what: &str| {
            let r = get(
                SocketAddr::from(([127, 0, 0, 1], self.port)),
                &format!("/session/{session}/element/{element}/{what}"),
                "",
            );
            let v: serde_json::Value =
                serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{what}: {e}: {}", r.body));
            v["value"].as_str().unwrap_or_default().to_string()
        };
        (ask("computedrole"), ask("computedlabel"))
    }

    /// What `script` returns in the page.
    pub(crate) fn js(&self, script: &str) -> serde_json::Value {
        self.rt
            .block_on(self.client.execute(script, vec![]))
            .unwrap()
    }

    /// The path (and query) of the page the browser shows.
    pub(crate) fn at(&self) -> String {
        let u = self.rt.block_on(self.client.current_url()).unwrap();
        match u.query() {
            Some(q) => format!("{}?{q}", u.path()),
            None => u.path().to_string(),
        }
    }

    /// The HTTP status of the page the browser shows (the Navigation
    /// Timing entry's `responseStatus`).
    pub(crate) fn status(&self) -> u64 {
        self.js("return performance.getEntriesByType('navigation')[0].responseStatus;")
            .as_u64()
            .expect("a status")
    }

    /// Types `text` into the first element `css` matches (emptied first).
    pub(crate) fn type_into(&self, css: &str, text: &str) {
        self.rt.block_on(async {
            let e = self.client.find(Locator::Css(css)).await.unwrap();
            e.clear().await.unwrap();
            e.send_keys(text).await.unwrap();
        });
    }

    /// Chooses `value` in the `<select>` `css` matches.
    pub(crate) fn choose(&self, css: &str, value: &str) {
        self.rt.block_on(async {
            let e = self.client.find(Locator::Css(css)).await.unwrap();
            e.select_by_value(value).await.unwrap();
        });
    }

    /// Clicks the button (or link) `css` matches and waits for the page it
    /// leads to: the page before is marked, and the click is done once a
    /// page without the mark has loaded (a click does not always wait for
    /// the navigation it starts).
    pub(crate) fn submit(&self, css: &str) {
        self.js("window.dipspyBefore = true;");
        self.click(css);
        let until = Instant::now() + Duration::from_secs(20);
        while self
            .js("return window.dipspyBefore === undefined && document.readyState === 'complete';")
            != serde_json::Value::Bool(true)
        {
            assert!(Instant::now() < until, "{css} led nowhere");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Saves a screenshot of the page as `name`.png among the tests'
    /// artefacts; returns the file.
    pub(crate) fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.rt.block_on(self.client.screenshot()).unwrap();
        save(name, &png)
    }

    /// Saves a screenshot of the first element `css` matches (the whole
    /// of it, scrolled into view) as `name`.png; returns the file.
    pub(crate) fn screenshot_of(&self, css: &str, name: &str) -> PathBuf {
        let png = self.rt.block_on(async {
            let e = self.client.find(Locator::Css(css)).await.unwrap();
            e.screenshot().await.unwrap()
        });
        save(name, &png)
    }
}

/// Writes a screenshot among the tests' artefacts.
fn save(name: &str, png: &[u8]) -> PathBuf {
    {
        let dir = screenshots();
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{name}.png"));
        std::fs::write(&file, png).unwrap();
        file
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let client = self.client.clone();
        let _ = self.rt.block_on(client.close());
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Where the screenshots of the pages are kept (under the target
/// directory).
pub(crate) fn screenshots() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots")
}

/// What must never reach a public page of a game: its players' passwords
/// and addresses, every line of what only a player, the master or the
/// judge received (spy reports, reactions, private press, the truth of
/// fake and unsigned press, signed heads), in every language, that no
/// observer also received, and every entry of the secret log.
pub(crate) struct Secrets {
    pub(crate) passwords: Vec<String>,
    pub(crate) addresses: Vec<String>,
    pub(crate) lines: BTreeSet<String>,
}

/// Whether an announcement went to the game's observers.
fn public(a: &Audience) -> bool {
    matches!(
        a,
        Audience::All | Audience::AllAndMaster | Audience::AllButMaster
    )
}

/// The lines of a mail's words worth looking for (short ones, such as a
/// unit's order alone, say nothing by themselves).
fn lines_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines()
        .map(str::trim)
        .filter(|l| l.chars().count() >= 14)
        .map(String::from)
}

impl Secrets {
    /// The secrets of game `name` in the database `db`, with its players'
    /// `passwords`.
    pub(crate) fn of(db: &Path, name: &str, passwords: &[String]) -> Secrets {
        let st = Store::open_read_only(db).unwrap();
        let addresses = game::show(&st, name)
            .unwrap()
            .powers
            .into_iter()
            .filter_map(|p| p.email)
            .collect();
        let c = st.read();
        let id = c.game_by_name(name).unwrap().unwrap().id;
        let rows = c.announcements(id).unwrap();
        let words = |a: &dipspy::store::AnnouncementRow, lang: Lang| -> String {
            match a.notice.as_deref() {
                Some(n) => dipspy::text::render_stored_notice(lang, n)
                    .map(|m| format!("{}\n{}", m.subject, m.body))
                    .unwrap_or_default(),
                None => format!("{}\n{}", a.subject, a.body),
            }
        };
        let mut open: BTreeSet<String> = BTreeSet::new();
        let mut closed: BTreeSet<String> = BTreeSet::new();
        for a in &rows {
            for lang in Lang::ALL {
                let set = if public(&a.audience) {
                    &mut open
                } else {
                    &mut closed
                };
                set.extend(lines_of(&words(a, *lang)));
            }
        }
        let mut lines: BTreeSet<String> = closed.difference(&open).cloned().collect();
        for e in game::secret_log(&st, name, None, None).unwrap_or_default() {
            lines.extend(lines_of(&e.text));
        }
        Secrets {
            passwords: passwords.to_vec(),
            addresses,
            lines,
        }
    }

    /// Panics when the public page `page` (at `url`; its source, and the
    /// text its reader sees) holds anything of these secrets, or any mark
    /// of the judge's picture of the espionage.
    pub(crate) fn assert_kept_from(&self, url: &str, source: &str, text: &str) {
        // The mail tests' own check of passwords and addresses, run over the
        // page as if it had been mailed to an observer.
        let as_mail = format!(
            "From: web@example.org\r\nTo: observer@example.org\r\nSubject: {url}\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n\r\n{text}",
            unescape(source)
        );
        mailcheck::assert_clean(
            "observer@example.org",
            as_mail.as_bytes(),
            &self.passwords,
            &self.addresses,
        );
        let seen = format!("{}\n{text}", unescape(source));
        for l in &self.lines {
            assert!(
                !seen.contains(l.as_str()),
                "{url} shows a line only a player, the master or the judge received: {l:?}"
            );
        }
        for mark in ["data-kind=", "class=\"mark ", "key-mark"] {
            assert!(
                !source.contains(mark),
                "{url} shows the judge's espionage picture ({mark})"
            );
        }
    }
}

/// HTML's escapes undone (the few askama writes), so that a secret is
/// found whatever its characters.
pub(crate) fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}
