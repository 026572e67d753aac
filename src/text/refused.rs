//! Why an order line or a future order was refused or dropped
//! ([`Refused`]), and the names of phases, in words.

use super::Lang;
use crate::engine::Phase;
use crate::game::Refused;
pub(crate) use crate::game::codes::refusal::{coded, phase_coded};
use crate::text::Render;

/// A phase's long name: `Spring 1901 Movement`.
pub(crate) fn phase_name(lang: Lang, p: Phase) -> String {
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
        out.push((
            Some(form),
            super::reason::render_attribute(&coded, lang, form),
        ));
    }
    out
}

/// Why a line or a future order was refused, in `lang`.
pub(crate) fn render_refused(lang: Lang, r: &Refused) -> String {
    coded(r).render(lang)
}

pub(crate) use crate::game::Why;

/// In `lang`; a legacy text as it was stored.
impl super::Render for Why {
    fn render(&self, lang: Lang) -> String {
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
    use crate::engine::{Map, PhaseKind, Reason};
    use crate::game::MapProblem;
    use crate::game::codes::refusal::cannot_carry_out_coded;

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
