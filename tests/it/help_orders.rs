//! HELP gives every espionage order with an example, in each language
//! (issue 35 item 4), and every example is an order the judge accepts:
//! the examples a movement or winter phase takes are sent, as written in
//! the HELP of that language, by the power they fit in a game played on a
//! real SQLite file, and none is refused; the examples of a retreat or
//! adjustment Fake are read as Fakes of that phase. The English HELP also
//! lists SET LANGUAGE and `language=`.

use crate::support::started::{POWERS, start_seated};
use chrono::{DateTime, Utc};
use dipspy::engine::Map;
use dipspy::engine::PhaseKind;
use dipspy::engine::{Line, SpyOrder, parse_line};
use dipspy::game::{self, CreateOptions, Sender, SubmitReport};
use dipspy::store::{self, Store};
use dipspy::text::Lang;

/// The examples of each language's HELP, by where they are accepted.
struct Examples {
    lang: Lang,
    /// The power the examples are written for.
    power: &'static str,
    /// Espionnite, the first movement phase: spy and counter-spy.
    espionnite: [&'static str; 2],
    /// Espionnite, once the reaction phase is open.
    reactions: [&'static str; 2],
    /// Spionage, the first winter (after `before` is played in the spring).
    founding: &'static str,
    /// Spionage, a movement phase once the power has an organisation.
    spionage: [&'static str; 3],
    /// Read as Fakes of a retreat phase, and of an adjustment phase.
    retreat: &'static str,
    adjustment: [&'static str; 2],
    /// The spring orders that leave the founding's home centre empty and
    /// the Fakes' target where the examples name it.
    before: [(&'static str, &'static str); 2],
}

const EXAMPLES: [Examples; 3] = [
    Examples {
        lang: Lang::En,
        power: "france",
        espionnite: ["SPY A mun", "COUNTERSPY F bre"],
        reactions: ["REACTION A par - bur", "REACTION NONE"],
        founding: "+ S par",
        spionage: ["S F A mun - ruh", "S F A mun - ruh (R: kie)", "S A germany"],
        retreat: "S F A mun boh",
        adjustment: ["S F ber A", "S F remove F kie"],
        before: [("france", "A par - bur"), ("germany", "A mun H")],
    },
    Examples {
        lang: Lang::Fr,
        power: "france",
        espionnite: ["ESPION A mun", "CONTRE-ESPION F bre"],
        reactions: ["RÉACTION A par - bur", "RÉACTION AUCUNE"],
        founding: "+ ESPION par",
        spionage: [
            "ESPION FAKE A mun - ruh",
            "ESPION FAKE A mun - ruh (R: kie)",
            "ESPION ANTI Allemagne",
        ],
        retreat: "ESPION FAKE A mun boh",
        adjustment: ["ESPION FAKE ber A", "ESPION FAKE remove F kie"],
        before: [("france", "A par - bur"), ("germany", "A mun H")],
    },
    Examples {
        lang: Lang::De,
        power: "germany",
        espionnite: ["SPION A par", "GEGENSPION F kie"],
        reactions: ["REAKTION A mun - boh", "REAKTION KEINE"],
        founding: "+ SPION ber",
        spionage: [
            "SPION FAKE A par - bur",
            "SPION FAKE A par - bur (R: gas)",
            "SPION ANTI Frankreich",
        ],
        retreat: "SPION FAKE A par pic",
        adjustment: ["SPION FAKE par A", "SPION FAKE remove F bre"],
        before: [("germany", "A ber - pru"), ("france", "A par H")],
    },
];

impl Examples {
    fn all(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = Vec::new();
        v.extend(self.espionnite);
        v.extend(self.reactions);
        v.push(self.founding);
        v.extend(self.spionage);
        v.push(self.retreat);
        v.extend(self.adjustment);
        v.sort();
        v
    }
}

/// The text between backquotes in the espionage part of HELP.
fn help_examples(help: &str) -> Vec<String> {
    let part = help
        .find("SPY <")
        .or_else(|| help.find("ESPION <"))
        .or_else(|| help.find("SPION <"))
        .map(|i| &help[i..])
        .expect("HELP has an espionage part");
    let mut v: Vec<String> = part
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

struct G {
    _dir: tempfile::TempDir,
    st: Store,
    now: DateTime<Utc>,
}

impl G {
    fn new(rules: &[&str]) -> G {
        let dir = tempfile::tempdir().unwrap();
        let mut st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
        let o = CreateOptions {
            rules: rules.iter().map(|r| r.to_string()).collect(),
            deadline: "48h".into(),
            reaction_deadline: "24h".into(),
            ..CreateOptions::default()
        };
        let now: DateTime<Utc> = "2025-01-10T12:00:00Z".parse().unwrap();
        start_seated(&mut st, "g", &o, &POWERS, now);
        G { _dir: dir, st, now }
    }

    fn submit(&mut self, power: &str, lines: &[&str]) -> SubmitReport {
        let sender = Sender {
            from: Some(format!("{power}@example.org")),
            message_id: None,
            ..Default::default()
        };
        let text = lines.join("\n");
        game::submit_orders(&mut self.st, "g", power, &text, None, &sender, self.now).unwrap()
    }

    /// Sends `line` for `power` and checks it was read and stored.
    fn accepted(&mut self, power: &str, line: &str) {
        let r = self.submit(power, &[line]);
        assert_eq!(r.lines.len(), 1, "{line}: {r:?}");
        let l = &r.lines[0];
        assert!(
            l.error.is_none() && l.order.is_some(),
            "{power} `{line}` is refused: {r:?}"
        );
    }

    fn phase(&self) -> String {
        game::show(&self.st, "g").unwrap().phase.unwrap()
    }

    /// Moves the clock to the deadline and ticks.
    fn at_deadline(&mut self) {
        let id = self.st.read().game_by_name("g").unwrap().unwrap().id;
        let row = self.st.read().live_phase(id).unwrap().unwrap();
        self.now = store::parse_time(row.deadline.as_deref().unwrap()).unwrap();
        for (_, r) in game::tick(&mut self.st, self.now).unwrap() {
            r.unwrap();
        }
    }
}

#[test]
fn help_gives_every_espionage_order_with_an_example_in_each_language() {
    for e in &EXAMPLES {
        let help = dipspy::text::help(e.lang);
        let got = help_examples(&help);
        let want: Vec<String> = e.all().iter().map(|s| s.to_string()).collect();
        assert_eq!(got, want, "{:?} HELP's espionage examples", e.lang);
        // Every kind of espionage order has its example.
        let map = Map::standard();
        let mut kinds = std::collections::HashSet::new();
        for (kind, lines) in [
            (PhaseKind::Movement, e.espionnite.to_vec()),
            (PhaseKind::Movement, e.reactions.to_vec()),
            (PhaseKind::Adjustment, vec![e.founding]),
            (PhaseKind::Movement, e.spionage.to_vec()),
        ] {
            for l in lines {
                match parse_line(map, kind, l) {
                    Ok(Line::Spy(o)) => kinds.insert(std::mem::discriminant(&o)),
                    other => panic!("{:?} `{l}` is no espionage order: {other:?}", e.lang),
                };
            }
        }
        assert_eq!(
            kinds.len(),
            7,
            "{:?}: spy, counter-spy, reaction, none, founding, Fake, Anti",
            e.lang
        );
        for (kind, l) in std::iter::once((PhaseKind::Retreat, e.retreat))
            .chain(e.adjustment.iter().map(|l| (PhaseKind::Adjustment, *l)))
        {
            let read = parse_line(map, kind, l);
            assert!(
                matches!(read, Ok(Line::Spy(SpyOrder::Fake { .. }))),
                "{:?} `{l}` in a {kind:?} phase: {read:?}",
                e.lang
            );
        }
    }
    let en = dipspy::text::help(Lang::En);
    assert!(en.contains("SET LANGUAGE en|fr|de"), "{en}");
    assert!(en.contains("language=en"), "{en}");
}

#[test]
fn each_espionnite_example_of_help_is_accepted() {
    for e in &EXAMPLES {
        let mut g = G::new(&["espionnite"]);
        for l in e.espionnite {
            g.accepted(e.power, l);
        }
        g.at_deadline();
        for l in e.reactions {
            g.accepted(e.power, l);
        }
    }
}

#[test]
fn each_spionage_example_of_help_is_accepted() {
    for e in &EXAMPLES {
        let mut g = G::new(&["spionage"]);
        for (power, order) in e.before {
            g.submit(power, &[order]);
        }
        g.at_deadline();
        g.at_deadline();
        assert_eq!(g.phase(), "W1901A", "{:?}", e.lang);
        g.accepted(e.power, e.founding);
        g.at_deadline();
        assert_eq!(g.phase(), "S1902M", "{:?}", e.lang);
        for l in e.spionage {
            g.accepted(e.power, l);
        }
    }
}
