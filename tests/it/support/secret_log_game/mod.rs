//! The game the secret-log tests play (tests/it/secret_log_judge.rs and
//! tests/it/secret_log_replay.rs): seven players in a database of its own,
//! driven through the game layer, with copies of the database to tamper
//! with.
#![allow(dead_code)]

use chrono::{DateTime, Utc};
use dipspy::game::{self, CreateOptions, Sender};
use dipspy::store::{self, Store};
use std::path::PathBuf;

pub(crate) mod tamper;

pub(crate) use super::started::POWERS;
use super::started::start_seated;

thread_local! {
    /// What a test does after each step of a game this thread plays
    /// ([`watch`]).
    static WATCH: std::cell::RefCell<Option<Box<dyn FnMut(&G)>>> =
        const { std::cell::RefCell::new(None) };
}

/// Has `f` look at the game after each of its steps (each power's orders
/// taken, each deadline: [`G::submit`], [`G::tick`]) that
/// this thread plays from now on (a power's page read phase by phase, as
/// the game goes); `None` stops it.
pub(crate) fn watch(f: Option<Box<dyn FnMut(&G)>>) {
    WATCH.with(|w| *w.borrow_mut() = f);
}

pub(crate) struct G {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) db: PathBuf,
    pub(crate) st: Store,
    pub(crate) now: DateTime<Utc>,
}

impl G {
    /// Game `g` with `rules`, every power taken, started.
    pub(crate) fn new(rules: &[&str]) -> G {
        G::with(rules, CreateOptions::default())
    }

    /// As [`G::new`], with other settings from `base`.
    pub(crate) fn with(rules: &[&str], base: CreateOptions) -> G {
        G::build(rules, base, None)
    }

    /// As [`G::new`], in a database of its own whose judge signs with the
    /// same key as `other`'s.
    pub(crate) fn sharing_key(rules: &[&str], other: &G) -> G {
        G::build(rules, CreateOptions::default(), Some(other))
    }

    fn build(rules: &[&str], base: CreateOptions, key_of: Option<&G>) -> G {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        if let Some(other) = key_of {
            std::fs::copy(
                dipspy::secretlog::default_path(&other.db),
                dipspy::secretlog::default_path(&db),
            )
            .unwrap();
        }
        let mut st = crate::support::words::open_store(&db).unwrap();
        let o = CreateOptions {
            rules: rules.iter().map(|r| r.to_string()).collect(),
            deadline: "48h".into(),
            reaction_deadline: "24h".into(),
            reminder: "12h".into(),
            ..base
        };
        let now: DateTime<Utc> = "2025-01-10T12:00:00Z".parse().unwrap();
        start_seated(&mut st, "g", &o, &POWERS, now);
        G { dir, db, st, now }
    }

    /// `power`'s orders, every line of which must be taken.
    pub(crate) fn submit(&mut self, power: &str, lines: &[&str]) {
        let sender = Sender {
            from: Some(format!("{power}@example.org")),
            message_id: Some(format!("<{power}-{}@example.org>", self.now.timestamp())),
            ..Default::default()
        };
        let r = game::submit_orders(
            &mut self.st,
            "g",
            power,
            &lines.join("\n"),
            None,
            &sender,
            self.now,
        )
        .unwrap();
        let refused: Vec<_> = r.lines.iter().filter_map(|l| l.error.clone()).collect();
        assert!(refused.is_empty(), "{power}: {refused:?}");
        self.watched();
    }

    /// Lets the test that [`watch`]es look at the game.
    fn watched(&self) {
        WATCH.with(|w| {
            if let Some(f) = w.borrow_mut().as_mut() {
                f(self)
            }
        });
    }

    /// Checks that every signed head of game `id` was mailed to the
    /// master, once: as many signed-head announcements as heads, each
    /// to the master alone.
    pub(crate) fn assert_heads_mailed_to_master(&self, id: i64) {
        let heads = self.st.read().signed_heads(id).unwrap();
        let mailed: Vec<_> = self
            .st
            .read()
            .announcements(id)
            .unwrap()
            .into_iter()
            .filter(|a| a.kind == store::AnnouncementKind::SignedHead)
            .collect();
        assert_eq!(mailed.len(), heads.len());
        assert!(mailed.iter().all(|a| a.audience == store::Audience::Master));
    }

    pub(crate) fn phase(&self) -> String {
        game::show(&self.st, "g").unwrap().phase.unwrap()
    }

    /// Runs the game to its current deadline; true when that opened a
    /// reaction phase.
    pub(crate) fn tick(&mut self) -> bool {
        let id = self.st.read().game_by_name("g").unwrap().unwrap().id;
        let row = self.st.read().live_phase(id).unwrap().unwrap();
        self.now = store::parse_time(row.deadline.as_deref().unwrap()).unwrap();
        let r = game::tick(&mut self.st, self.now).unwrap();
        let (_, r) = r.into_iter().next().expect("the game is due");
        let opened = r.unwrap().1.reaction_opened;
        self.watched();
        opened
    }

    /// Plays the phase out (for an Espionnite movement phase, the orders'
    /// deadline and then the reaction deadline).
    pub(crate) fn finish_phase(&mut self) {
        while self.tick() {}
    }

    /// A copy of the database to tamper with (its key file beside it, as
    /// the judge's own would be).
    pub(crate) fn copy(&self, name: &str) -> PathBuf {
        let to = self.dir.path().join(format!("{name}.db"));
        self.st
            .conn()
            .execute("VACUUM INTO ?1", [to.to_str().unwrap()])
            .unwrap();
        std::fs::copy(
            dipspy::secretlog::default_path(&self.db),
            dipspy::secretlog::default_path(&to),
        )
        .unwrap();
        to
    }
}

/// A Spionage game taken to Spring 1902: France, Germany, Austria and
/// Italy move an army each in Spring 1901, Fall 1901 passes, and each
/// power of `founders` founds its spy organisation in Winter 1901 (its
/// build order, `+ S par`).
pub(crate) fn spionage_1902(founders: &[(&str, &str)]) -> G {
    let mut g = G::new(&["spionage"]);
    g.submit("france", &["A par - bur"]);
    g.submit("germany", &["A ber - pru"]);
    g.submit("austria", &["A vie - boh"]);
    g.submit("italy", &["A ven - tyr"]);
    g.finish_phase();
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    for (power, order) in founders {
        g.submit(power, &[order]);
    }
    g.finish_phase();
    assert_eq!(g.phase(), "S1902M");
    g
}

/// [`spionage_1902`] with four organisations, played through Spring
/// 1902: Austria's and Italy's Fakes collide on Russian A war (both
/// exposed), and France's Fake on German A mun is stopped by Germany's
/// Anti against France.
pub(crate) fn colliding_fakes() -> G {
    let mut g = spionage_1902(&[
        ("france", "+ S par"),
        ("germany", "+ S ber"),
        ("austria", "+ S vie"),
        ("italy", "+ S ven"),
    ]);
    g.submit("austria", &["S F war - ukr"]);
    g.submit("italy", &["S F war - gal"]);
    g.submit("france", &["S F mun - sil"]);
    g.submit("germany", &["S A france"]);
    g.finish_phase();
    g
}

/// [`spionage_1902`] with France's and Germany's organisations, played
/// through Spring 1902 and its retreat phase: Austria and Italy dislodge
/// German A mun, France fakes it with a retreat part (R: sil), and Germany
/// gives an Anti against Austria that stands through the retreat phase.
pub(crate) fn retreat_fake() -> G {
    let mut g = spionage_1902(&[("france", "+ S par"), ("germany", "+ S ber")]);
    g.submit("austria", &["A boh - mun"]);
    g.submit("italy", &["A tyr S A boh - mun"]);
    g.submit("germany", &["A mun - ruh", "S A austria"]);
    g.submit("france", &["S F mun - bur (R: sil)"]);
    g.finish_phase();
    assert_eq!(g.phase(), "S1902R");
    g.finish_phase();
    g
}
