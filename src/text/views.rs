//! The words of the game's views that the command line and mail share.

use super::{Args, Lang, render};
use crate::game::HistoryDislodged;

/// The power's argument: in English the map's name as the history keeps
/// it (`russia`, as the judge's `game history` lists every power), in
/// French and German the power's name in the reader's words (`Russie`).
fn power(lang: Lang, key: &str) -> Args {
    match lang {
        Lang::En => Args::new().str("power", key),
        _ => Args::new().power("power", key),
    }
}

/// `England F nth: may retreat to edi, yor` (or `: no retreat`).
pub(crate) fn dislodged(lang: Lang, d: &HistoryDislodged) -> String {
    let args = power(lang, d.power.as_str())
        .str("unit", d.unit.as_str())
        .num("count", d.retreats.len() as f64)
        .str("retreats", d.retreats.join(", "));
    render(lang, "view-dislodged", &args)
}

/// What the rules did for want of an order, in a phase of the history:
/// `Turkey A bul: disbanded (no order)`, `Russia F sev: removed by civil
/// disorder`, `England: 1 build not used`.
pub(crate) fn by_default(lang: Lang, d: &crate::game::HistoryDefault) -> String {
    use crate::game::DefaultKind;
    let what = match d.what {
        DefaultKind::Disbanded => "disbanded",
        DefaultKind::CivilDisorder => "civil_disorder",
        DefaultKind::BuildsUnused => "builds_unused",
    };
    let args = power(lang, d.power.as_str())
        .str("what", what)
        .str("unit", d.unit.as_deref().unwrap_or(""))
        .num("count", f64::from(d.count));
    render(lang, "view-by-default", &args)
}

/// What a power still has to order: `Still without an order: A smy, F ank`.
pub(crate) fn missing(lang: Lang, m: &crate::game::Missing) -> String {
    use crate::game::Missing;
    match m {
        Missing::Units(units) => render(
            lang,
            "view-missing-units",
            &Args::new().str("units", units.join(", ")),
        ),
        Missing::Dislodged(units) => {
            let units: Vec<String> = units
                .iter()
                .map(|u| {
                    render(
                        lang,
                        "view-missing-dislodged-unit",
                        &Args::new().str("unit", u.as_str()),
                    )
                })
                .collect();
            render(
                lang,
                "view-missing-units",
                &Args::new().str("units", units.join(", ")),
            )
        }
        Missing::Removals(n) => render(
            lang,
            "view-missing-removals",
            &Args::new().num("count", *n as f64),
        ),
        Missing::Builds(n) => render(
            lang,
            "view-missing-builds",
            &Args::new().num("count", *n as f64),
        ),
    }
}

/// An absence's days: `2025-03-30 to 2025-04-02 (the game's time, UTC)`.
pub(crate) fn absence_span(lang: Lang, r: &crate::game::AbsenceReport) -> String {
    let args = Args::new()
        .str("first", r.first.to_string())
        .str("last", r.last.to_string())
        .str("timezone", r.timezone.as_str());
    render(lang, "view-absence-span", &args)
}

/// A phase and its deadline, as the master's replies give them:
/// `Spring 1901 Movement (S1901M), deadline 2026-11-28 20:00 UTC`.
pub(crate) fn phase_info(lang: Lang, i: &crate::game::PhaseInfo) -> String {
    let args = Args::new()
        .str("name", super::refused::phase_name(lang, i.phase))
        .str("phase", i.phase.to_string());
    match i.deadline {
        Some(d) => render(
            lang,
            "views-master-phase-info-deadline",
            &args.str("deadline", crate::game::show_time(d, i.tz)),
        ),
        None => render(lang, "views-master-phase-info", &args),
    }
}

/// A phase and its deadline in the judge's English, as the command line
/// prints them: `Spring 1901 Movement (S1901M), deadline 2026-11-28
/// 20:00 UTC`.
impl std::fmt::Display for crate::game::PhaseInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = super::refused::phase_name(super::JUDGE_ONLY, self.phase);
        write!(f, "{name} ({})", self.phase)?;
        if let Some(d) = self.deadline {
            write!(f, ", deadline {}", crate::game::show_time(d, self.tz))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Phase;

    #[test]
    fn a_phase_and_its_deadline_read_in_english_as_before_and_in_french_and_german() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-28T20:00:00Z")
            .expect("a time")
            .to_utc();
        let i = crate::game::PhaseInfo {
            phase: Phase::parse("S1901M").expect("a phase"),
            deadline: Some(at),
            tz: chrono_tz::UTC,
        };
        assert_eq!(phase_info(Lang::En, &i), i.to_string());
        let fr = phase_info(Lang::Fr, &i);
        assert!(
            fr.contains("(S1901M), date limite 2026-11-28 20:00 UTC"),
            "{fr}"
        );
        assert!(!fr.contains("Spring"), "{fr}");
        let de = phase_info(Lang::De, &i);
        assert!(de.contains("(S1901M), Frist 2026-11-28 20:00 UTC"), "{de}");
        let none = crate::game::PhaseInfo {
            deadline: None,
            ..i
        };
        assert_eq!(phase_info(Lang::En, &none), none.to_string());
    }
}
