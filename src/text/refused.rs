//! Why an order line or a future order was refused or dropped
//! ([`Refused`]), and the names of phases, in words.

use super::Lang;
use super::reason::Coded;
use crate::engine::Map;
use crate::engine::Reason;
use crate::engine::{Phase, PhaseKind, Season};
use crate::game::{MapProblem, Refused};
use serde::{Deserialize, Serialize};

/// A phase's long name: `Spring 1901 Movement`.
pub fn phase_name(lang: Lang, p: Phase) -> String {
    // Remembered: every reply names its phase, and a phase's name takes
    // the catalogue's longest selector to put together. A game sees a few
    // phases a year, so the memory stays small; it is emptied at 4,096.
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<HashMap<(Lang, Phase), String>>> = OnceLock::new();
    let names = NAMES.get_or_init(Default::default);
    if let Some(n) = names.lock().ok().and_then(|m| m.get(&(lang, p)).cloned()) {
        return n;
    }
    let n = phase_coded(p).render(lang);
    if let Ok(mut m) = names.lock() {
        if m.len() >= 4096 {
            m.clear();
        }
        m.insert((lang, p), n.clone());
    }
    n
}

/// Phase `code` (`S1901M`) in `lang`: its long name (form `None`) and each
/// form the catalogue's `phase-name` gives as an attribute (French `.of`:
/// `du printemps 1901 (mouvements)`). A code that is no phase is shown as
/// it is, in every form.
pub(super) fn phase_forms(lang: Lang, code: &str) -> Vec<(Option<&'static str>, String)> {
    let names: Vec<&'static str> = super::bundle(lang)
        .get_message("phase-name")
        .map(|m| m.attributes().map(|a| a.id()).collect())
        .unwrap_or_default();
    let Ok(p) = Phase::parse(code) else {
        let mut out = vec![(None, code.to_string())];
        out.extend(names.iter().map(|f| (Some(*f), code.to_string())));
        return out;
    };
    let coded = phase_coded(p);
    let mut out = vec![(None, phase_name(lang, p))];
    for form in names {
        out.push((Some(form), coded.render_attribute(lang, form)));
    }
    out
}

/// A phase's long name as a catalogue key with its arguments.
pub fn phase_coded(p: Phase) -> Coded {
    let season = match p.season {
        Season::Spring => "spring",
        Season::Fall => "fall",
        Season::Winter => "winter",
    };
    let kind = match p.kind {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreat",
        PhaseKind::Adjustment => "adjustment",
    };
    Coded::new("phase-name")
        .str("season", season)
        .str("year", p.year.to_string())
        .str("kind", kind)
}

/// Why a line or a future order was refused, in `lang`.
pub fn render_refused(lang: Lang, r: &Refused) -> String {
    coded(r).render(lang)
}

/// Why a line or a future order was refused, as a catalogue key with its
/// arguments: what the order tables store (migration 0023), put into
/// words for each reader when shown.
pub fn coded(r: &Refused) -> Coded {
    let k = Coded::new;
    let parse = super::parse::coded;
    match r {
        Refused::NotAnOrder { what } => k("refused-not-an-order").str("what", what),
        Refused::Unreadable(e) => k("refused-unreadable").msg("error", parse(e)),
        Refused::UnreadableAs { phase, error } => k("refused-unreadable-as")
            .msg("phase", phase_coded(*phase))
            .msg("error", parse(error)),
        Refused::NoEspionage { order, game } => k("refused-no-espionage")
            .str("order", order)
            .str("game", game),
        Refused::Frozen { order, phase } => {
            k("refused-frozen").str("order", order).str("phase", phase)
        }
        Refused::Late { phase, at } => k("refused-late")
            .msg("phase", phase_coded(*phase))
            .str("at", at),
        Refused::NoSpyingInBlocks => k("refused-no-spying-in-blocks"),
        Refused::AlreadyOver {
            target,
            game,
            current,
        } => k("refused-already-over")
            .str("target", target.to_string())
            .msg("target_name", phase_coded(*target))
            .str("game", game)
            .str("current", current.to_string()),
        Refused::NeverCarriedOut { order, why } => never(order, why),
        Refused::UnknownUnitTest { words } => k("refused-unknown-unit-test").str("words", words),
        Refused::NoPower(p) => k("refused-no-power").str("power", p),
        Refused::ConditionUnreadable(e) => k("refused-condition-unreadable").msg("error", coded(e)),
        // The command reader's own words (see `crate::command`).
        Refused::Condition(e) => k("stored-verbatim").str("text", e),
        Refused::StoredUnreadable(e) => k("refused-stored-unreadable").msg("error", parse(e)),
        Refused::NotPlayed { phase, went_on_to } => k("refused-not-played")
            .str("phase", phase.to_string())
            .msg("phase_name", phase_coded(*phase))
            .str("current", went_on_to.to_string()),
        Refused::PhaseUnreadable => k("refused-phase-unreadable"),
    }
}

/// Why an order for a later phase can never be carried out.
fn never(order: &str, why: &MapProblem) -> Coded {
    let c = |key: &str| Coded::new(key).str("order", order);
    match why {
        MapProblem::ArmyCannotStand { province } => {
            c("refused-never-army-stands").str("province", province)
        }
        MapProblem::FleetCannotStand { province } => {
            c("refused-never-fleet-stands").str("province", province)
        }
        MapProblem::DoesNotLead { from, to } => {
            c("refused-never-leads").str("from", from).str("to", to)
        }
        MapProblem::NotBuildSite {
            province,
            power,
            home,
        } => c("refused-never-build-site")
            .str("province", province)
            .str("power", power)
            .str("sites", if *home { "home" } else { "any" }),
    }
}

/// The English of a refusal (the receipt's words; logs).
pub fn en(r: &Refused) -> String {
    render_refused(Lang::En, r)
}

/// An order that its position refuses, as a catalogue key with its
/// arguments: the order (notation) and why.
pub fn cannot_carry_out_coded(map: &Map, order: &str, why: &Reason) -> Coded {
    Coded::new("refused-cannot-carry-out")
        .str("order", order)
        .msg("reason", super::reason::coded(map, why))
}

/// Why an order line was refused or a future order dropped, as the order
/// tables keep it: the code and arguments (JSON of [`Coded`], migration
/// 0023), or, for a row stored before that, the English it was stored
/// with (legacy, shown as stored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Why {
    /// A code with its arguments.
    Coded(Coded),
    /// The English a row stored before migration 0023 was kept with, shown as stored.
    Legacy(String),
}

impl Why {
    /// The stored form of a code (JSON).
    pub fn encode(c: &Coded) -> String {
        serde_json::to_string(c).expect("a code serialises")
    }

    /// What the store holds: the code column (JSON) when set, else the
    /// legacy English column; none when neither is.
    pub fn read(code: Option<&str>, legacy: Option<&str>) -> Option<Why> {
        match (code, legacy) {
            (Some(json), _) => Some(match serde_json::from_str(json) {
                Ok(c) => Why::Coded(c),
                Err(_) => Why::Legacy(json.to_string()),
            }),
            (None, Some(text)) => Some(Why::Legacy(text.to_string())),
            (None, None) => None,
        }
    }

    /// In `lang`; a legacy text as it was stored.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Why::Coded(c) => c.render(lang),
            Why::Legacy(text) => text.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_order;

    /// Every refusal, stored (JSON) and read back, renders in each
    /// language with every argument filled: no name of the code is lost
    /// on the way (`reason::arg_name`).
    #[test]
    fn every_refusal_reads_back_from_the_store_whole_in_every_language() {
        let map = Map::standard();
        let err = |line: &str| parse_order(map, PhaseKind::Movement, line).unwrap_err();
        let (s1901m, f1902r) = (
            Phase::parse("S1901M").unwrap(),
            Phase::parse("F1902R").unwrap(),
        );
        let all = [
            Refused::NotAnOrder {
                what: "HELLO".into(),
            },
            Refused::Unreadable(err("A par - xyz")),
            Refused::Unreadable(err("A par S")),
            Refused::Unreadable(err("")),
            Refused::UnreadableAs {
                phase: f1902r,
                error: err("A mun R"),
            },
            Refused::NoEspionage {
                order: "SPY A mun".into(),
                game: "g".into(),
            },
            Refused::Frozen {
                order: "A par - bur".into(),
                phase: "S1901M".into(),
            },
            Refused::Late {
                phase: s1901m,
                at: "2025-01-10 12:00 UTC".into(),
            },
            Refused::NoSpyingInBlocks,
            Refused::AlreadyOver {
                target: s1901m,
                game: "g".into(),
                current: f1902r,
            },
            Refused::NeverCarriedOut {
                order: "Build A mun".into(),
                why: MapProblem::NotBuildSite {
                    province: "mun".into(),
                    power: "France".into(),
                    home: true,
                },
            },
            Refused::NeverCarriedOut {
                order: "A par - mos".into(),
                why: MapProblem::DoesNotLead {
                    from: "par".into(),
                    to: "mos".into(),
                },
            },
            Refused::UnknownUnitTest {
                words: "purple".into(),
            },
            Refused::NoPower("prussia".into()),
            Refused::ConditionUnreadable(Box::new(Refused::Condition("no".into()))),
            Refused::StoredUnreadable(err("A par -")),
            Refused::NotPlayed {
                phase: s1901m,
                went_on_to: f1902r,
            },
            Refused::PhaseUnreadable,
        ];
        for r in &all {
            let json = Why::encode(&coded(r));
            let back = Why::read(Some(&json), None).unwrap();
            assert!(matches!(back, Why::Coded(_)), "{json}");
            for lang in [Lang::En, Lang::Fr, Lang::De] {
                let text = back.render(lang);
                assert_eq!(text, render_refused(lang, r));
                assert!(
                    !text.contains("{$") && !text.contains("{ $"),
                    "{lang:?}: {text}"
                );
                assert!(!text.contains("unknown"), "{lang:?}: {text}");
            }
        }
        let bad = cannot_carry_out_coded(
            map,
            "A par - mos",
            &Reason::NotNextTo {
                dest: map.province_by_name("mos").unwrap(),
                src: map.province_by_name("par").unwrap(),
            },
        );
        let back = Why::read(Some(&Why::encode(&bad)), Some("ignored")).unwrap();
        assert_eq!(
            back.render(Lang::En),
            "`A par - mos` cannot be carried out: mos is not next to par"
        );
        // Legacy English reads as stored; a code column that is not a
        // code reads as its text.
        assert_eq!(
            Why::read(None, Some("old words")).unwrap().render(Lang::Fr),
            "old words"
        );
        assert_eq!(Why::read(None, None), None);
    }

    #[test]
    fn phase_names_in_english_come_from_the_catalogue() {
        let names = [
            ("S1901M", "Spring 1901 Movement"),
            ("F1902R", "Fall 1902 Retreat"),
            ("W1903A", "Winter 1903 Adjustment"),
        ];
        for (code, name) in names {
            assert_eq!(phase_name(Lang::En, Phase::parse(code).unwrap()), name);
        }
    }
}
