//! A judge handed mail as the mail layer hands it over (no mail server,
//! no Maildir): a real SQLite file in a temporary directory, a fixed
//! clock, the players' addresses and passwords, and checks on a reply.
//! Used by the judge's own tests and the tests of its replies per
//! language; each keeps its own settings and games (an extension trait
//! of its own adds its constructor and steps to [`Judge`]).

#![allow(dead_code)]

use chrono::{DateTime, Utc};
use dipspy::game;
use dipspy::judge::{Incoming, JudgeSettings, Reply, handle};
use dipspy::store::Store;

pub(crate) use super::password::argon2_hash as hash;

pub(crate) const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];

pub(crate) fn now() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

pub(crate) fn addr(power: &str) -> String {
    format!("{power}@example.org")
}

/// A power's password: `power-pw`.
pub(crate) fn pw(power: &str) -> String {
    format!("{power}-pw")
}

/// The judge's settings with only its address set.
pub(crate) fn settings() -> JudgeSettings {
    JudgeSettings {
        address: "judge@example.org".into(),
        ..JudgeSettings::default()
    }
}

/// A judge with its database, and the subject of the mails [`Judge::send`]
/// hands it.
pub(crate) struct Judge {
    _dir: tempfile::TempDir,
    pub(crate) st: Store,
    pub(crate) js: JudgeSettings,
    pub(crate) subject: &'static str,
}

impl Judge {
    /// A judge with the settings `js` on a database of its own; mail
    /// about "orders".
    pub(crate) fn open(js: JudgeSettings) -> Judge {
        let dir = tempfile::tempdir().unwrap();
        let st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
        Judge {
            _dir: dir,
            st,
            js,
            subject: "orders",
        }
    }

    /// Each of `powers` joins game `game` from `power@example.org` with
    /// the password `power-pw`.
    pub(crate) fn seat(&mut self, game: &str, powers: &[&str]) {
        for p in powers {
            game::join(&mut self.st, game, Some(p), &addr(p), &pw(p), now()).unwrap();
        }
    }

    /// A mail whose sender the receiving server vouched for.
    pub(crate) fn send(&mut self, from: &str, body: &str) -> Reply {
        self.send_as(from, body, true)
    }

    /// A mail about `subject`.
    pub(crate) fn send_about(&mut self, from: &str, subject: &str, body: &str) -> Reply {
        self.handle(from, subject, body, true)
    }

    /// A mail whose sender the receiving server vouched for or not.
    pub(crate) fn send_as(&mut self, from: &str, body: &str, authenticated: bool) -> Reply {
        self.handle(from, self.subject, body, authenticated)
    }

    fn handle(&mut self, from: &str, subject: &str, body: &str, authenticated: bool) -> Reply {
        let msg = Incoming {
            from: from.into(),
            message_id: Some("<m1@example.org>".into()),
            subject: subject.into(),
            body: body.into(),
            received_at: now(),
            authenticated,
            restricted: false,
            web: None,
        };
        handle(&mut self.st, &self.js, &msg, now()).expect("the database works")
    }
}

#[track_caller]
pub(crate) fn assert_has(reply: &Reply, text: &str) {
    assert!(
        reply.body.contains(text),
        "reply lacks {text:?}:\n{}",
        reply.body
    );
}

#[track_caller]
pub(crate) fn assert_lacks(reply: &Reply, text: &str) {
    assert!(
        !reply.body.contains(text),
        "reply has {text:?}:\n{}",
        reply.body
    );
}
