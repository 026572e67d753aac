//! The words of the game's views that the command line and mail share.

use super::{Args, Lang, render};
use crate::game::HistoryDislodged;

/// `England F nth: may retreat to edi, yor` (or `: no retreat`).
pub fn dislodged(lang: Lang, d: &HistoryDislodged) -> String {
    let args = Args::new()
        .str("power", d.power.as_str())
        .str("unit", d.unit.as_str())
        .num("count", d.retreats.len() as f64)
        .str("retreats", d.retreats.join(", "));
    render(lang, "view-dislodged", &args)
}

/// What a power still has to order: `Still without an order: A smy, F ank`.
pub fn missing(lang: Lang, m: &crate::game::Missing) -> String {
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
pub fn absence_span(lang: Lang, r: &crate::game::AbsenceReport) -> String {
    let args = Args::new()
        .str("first", r.first.to_string())
        .str("last", r.last.to_string())
        .str("timezone", r.timezone.as_str());
    render(lang, "view-absence-span", &args)
}
