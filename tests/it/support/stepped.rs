//! A `dipspy serve` the test steps through instead of timing it: started
//! with `DIPSPY_TEST_PAUSE_AT=POINT=until:FILE`, it stops at each arrival
//! at POINT, says so on stderr, and goes on only when the test creates
//! FILE ([`Stepped::release`]). Every wait here is for a line the judge
//! writes; the only clock is a guard against a judge that hangs, far
//! longer than any step takes.

#![allow(dead_code)]

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a test waits for a line before it calls the judge hung.
pub(crate) const HANG: Duration = Duration::from_secs(120);

pub(crate) struct Stepped {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
    point: String,
    release: PathBuf,
}

impl Stepped {
    /// Starts `cmd` (a `dipspy … serve` command) paused at `point`, with
    /// `DIPSPY_LOG=info`; its release file goes in `dir`.
    pub(crate) fn start(mut cmd: Command, point: &str, dir: &Path) -> Stepped {
        let release = dir.join(format!("release-{point}"));
        let _ = std::fs::remove_file(&release);
        cmd.env(
            "DIPSPY_TEST_PAUSE_AT",
            format!("{point}=until:{}", release.display()),
        )
        .env("DIPSPY_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        let err = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in std::io::BufReader::new(err).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Stepped {
            child,
            lines,
            seen: Vec::new(),
            point: point.to_string(),
            release,
        }
    }

    pub(crate) fn id(&self) -> u32 {
        self.child.id()
    }

    /// The next line, or `None` once the judge's stderr is closed (it
    /// exited). Panics when nothing comes within [`HANG`].
    fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(HANG) {
            Ok(l) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!(
                "the judge said nothing for {HANG:?}; it said:\n{}",
                self.seen.join("\n")
            ),
        }
    }

    /// Waits for a stderr line containing `what`.
    pub(crate) fn wait_line(&mut self, what: &str) {
        while let Some(l) = self.next_line() {
            if l.contains(what) {
                return;
            }
        }
        panic!(
            "the judge ended without saying {what:?}; it said:\n{}",
            self.seen.join("\n")
        );
    }

    /// Waits until the judge stands at its pause point.
    pub(crate) fn wait_paused(&mut self) {
        let p = format!("paused at {}", self.point);
        self.wait_line(&p);
    }

    /// Lets the judge go on from the pause it stands at (it removes the
    /// file and stops again at its next arrival there).
    pub(crate) fn release(&self) {
        std::fs::write(&self.release, b"go").unwrap();
    }

    /// Sends SIGTERM and waits until the judge says it will stop.
    pub(crate) fn sigterm(&mut self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -TERM failed");
        self.wait_line("stop requested");
    }

    /// Waits for the judge to exit, and says whether it stood at its
    /// pause point once more on the way (it is then released, and it
    /// counts as a failure of the caller's expectation, not a hang).
    pub(crate) fn wait_exit(&mut self) -> (ExitStatus, usize) {
        let p = format!("paused at {}", self.point);
        let mut pauses = 0;
        while let Some(l) = self.next_line() {
            if l.contains(&p) {
                pauses += 1;
                self.release();
            }
        }
        let end = Instant::now() + HANG;
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return (s, pauses);
            }
            assert!(Instant::now() < end, "the judge closed stderr but runs on");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Everything the judge said so far.
    pub(crate) fn said(&self) -> String {
        self.seen.join("\n")
    }
}

impl Drop for Stepped {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
