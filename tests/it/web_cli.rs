//! The web pages from the command line: `dipspy demo --web` (the demo,
//! then its pages, its temporary directory removed when stopped) and
//! `dipspy serve` with a `[web]` section (the pages beside the mail).

use crate::support::maildir_judge::{dipspy, maildir_config};
use crate::support::started::{POWERS, start_seated};
use crate::support::web::get;
use dipspy::game::CreateOptions;
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, Stdio};

/// Reads lines from `from` until one names the pages' address; returns
/// it, with the lines read before (panics after a minute without one).
fn address(from: impl Read + Send + 'static) -> (SocketAddr, Vec<String>) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut before = Vec::new();
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { break };
            if let Some(rest) = line.split("pages are at http://").nth(1)
                && let Some(addr) = rest.split('/').next()
            {
                let _ = tx.send((addr.parse::<SocketAddr>().ok(), before));
                return;
            }
            before.push(line);
        }
        let _ = tx.send((None, before));
    });
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok((Some(addr), before)) => (addr, before),
        Ok((None, before)) => panic!("no address among {before:?}"),
        Err(_) => panic!("no address within a minute"),
    }
}

/// A child process killed if the test ends before stopping it.
struct Running(Option<Child>);

impl Running {
    fn child(&mut self) -> &mut Child {
        self.0.as_mut().unwrap()
    }

    /// Stops it as an operator would (SIGTERM) and waits for it.
    fn stop(mut self) -> std::process::ExitStatus {
        let mut child = self.0.take().unwrap();
        // SAFETY: kill(2) on our own child's pid.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        child.wait().unwrap()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(c) = self.0.as_mut() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[test]
fn demo_web_plays_the_demo_then_serves_its_pages_until_stopped() {
    let mut child = Running(Some(
        dipspy()
            .args(["demo", "--web", "--listen", "127.0.0.1:0"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    ));
    let (addr, story) = address(child.child().stdout.take().unwrap());
    // The demo's story was told first, as `dipspy demo` tells it.
    assert!(
        story.iter().any(|l| l.contains("hash chain intact")),
        "{story:?}"
    );
    let dir = story
        .iter()
        .find_map(|l| l.strip_prefix("working directory: "))
        .map(std::path::PathBuf::from)
        .expect("the story names its directory");
    assert!(dir.join("demo.sqlite").exists());
    let page = get(addr, "/games/demo/S1902M", "");
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("A Fake was stopped by an Anti: A mun - boh")
    );
    // The powers' pages are served too: a power's asks for its password.
    let power = get(addr, "/games/demo/powers/france", "");
    assert_eq!(power.status, 200, "{}", power.body);
    assert!(power.body.contains("id=\"signon\""), "{}", power.body);
    let status = child.stop();
    assert!(status.success(), "{status:?}");
    assert!(!dir.exists(), "{} is left behind", dir.display());
}

#[test]
fn serve_with_a_web_section_serves_the_pages_beside_the_mail() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("judge.db");
    let mut st = crate::support::words::open_store(&db).unwrap();
    let now = "2025-01-10T12:00:00Z".parse().unwrap();
    start_seated(&mut st, "g", &CreateOptions::default(), &POWERS, now);
    drop(st);
    let cfg = maildir_config(
        dir.path(),
        &db,
        Some(1),
        "",
        "[web]\nlisten = \"127.0.0.1:0\"\n",
    );
    let mut child = Running(Some(
        dipspy()
            .args(["serve", "--config"])
            .arg(&cfg)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    ));
    let (addr, _) = address(child.child().stderr.take().unwrap());
    let page = get(addr, "/games/g", "");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Spring 1901 Movement"), "{}", page.body);
    // The mail loop runs beside the pages: its lock is held.
    assert!(dipspy::game::lock_judge(&db).is_err());
    child.stop();
}
