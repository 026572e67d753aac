//! Why an order line or a future order was refused or dropped
//! ([`Refused`]), and the names of phases, in words.

use super::{Args, Lang, plain, render};
use crate::engine::adjudicate::Reason;
use crate::engine::map::Map;
use crate::engine::phase::{Phase, PhaseKind, Season};
use crate::game::{MapProblem, Refused};

/// A phase's long name: `Spring 1901 Movement`.
pub fn phase_name(lang: Lang, p: Phase) -> String {
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
    let args = Args::new()
        .str("season", season)
        .str("year", p.year.to_string())
        .str("kind", kind);
    render(lang, "phase-name", &args)
}

/// Why a line or a future order was refused, in `lang`.
pub fn render_refused(lang: Lang, r: &Refused) -> String {
    let k = |key: &str, args: Args| render(lang, key, &args);
    let parse = |e| super::parse::error(lang, e);
    match r {
        Refused::NotAnOrder { what } => k("refused-not-an-order", Args::new().str("what", what)),
        Refused::Unreadable(e) => k("refused-unreadable", Args::new().str("error", parse(e))),
        Refused::UnreadableAs { phase, error } => k(
            "refused-unreadable-as",
            Args::new()
                .str("phase", phase_name(lang, *phase))
                .str("error", parse(error)),
        ),
        Refused::NoEspionage { order, game } => k(
            "refused-no-espionage",
            Args::new().str("order", order).str("game", game),
        ),
        Refused::Frozen { order, phase } => k(
            "refused-frozen",
            Args::new().str("order", order).str("phase", phase),
        ),
        Refused::Late { phase, at } => k(
            "refused-late",
            Args::new()
                .str("phase", phase_name(lang, *phase))
                .str("at", at),
        ),
        Refused::NoSpyingInBlocks => plain(lang, "refused-no-spying-in-blocks"),
        Refused::AlreadyOver {
            target,
            game,
            current,
        } => k(
            "refused-already-over",
            Args::new()
                .str("target", target.to_string())
                .str("target_name", phase_name(lang, *target))
                .str("game", game)
                .str("current", current.to_string()),
        ),
        Refused::NeverCarriedOut { order, why } => never(lang, order, why),
        Refused::UnknownUnitTest { words } => {
            k("refused-unknown-unit-test", Args::new().str("words", words))
        }
        Refused::NoPower(p) => k("refused-no-power", Args::new().str("power", p)),
        Refused::ConditionUnreadable(e) => k(
            "refused-condition-unreadable",
            Args::new().str("error", render_refused(lang, e)),
        ),
        Refused::Condition(e) => e.clone(),
        Refused::StoredUnreadable(e) => k(
            "refused-stored-unreadable",
            Args::new().str("error", parse(e)),
        ),
        Refused::NotPlayed { phase, went_on_to } => k(
            "refused-not-played",
            Args::new()
                .str("phase", phase.to_string())
                .str("phase_name", phase_name(lang, *phase))
                .str("current", went_on_to.to_string()),
        ),
        Refused::PhaseUnreadable => plain(lang, "refused-phase-unreadable"),
    }
}

/// Why an order for a later phase can never be carried out.
fn never(lang: Lang, order: &str, why: &MapProblem) -> String {
    let args = Args::new().str("order", order);
    match why {
        MapProblem::ArmyCannotStand { province } => render(
            lang,
            "refused-never-army-stands",
            &args.str("province", province),
        ),
        MapProblem::FleetCannotStand { province } => render(
            lang,
            "refused-never-fleet-stands",
            &args.str("province", province),
        ),
        MapProblem::DoesNotLead { from, to } => render(
            lang,
            "refused-never-leads",
            &args.str("from", from).str("to", to),
        ),
        MapProblem::NotBuildSite {
            province,
            power,
            home,
        } => render(
            lang,
            "refused-never-build-site",
            &args
                .str("province", province)
                .str("power", power)
                .str("sites", if *home { "home" } else { "any" }),
        ),
    }
}

/// The English of a refusal, as the order tables store it.
pub fn en(r: &Refused) -> String {
    render_refused(Lang::En, r)
}

/// An order that its position refuses: the order (notation) and why.
pub fn cannot_carry_out(lang: Lang, map: &Map, order: &str, why: &Reason) -> String {
    let args = Args::new()
        .str("order", order)
        .str("reason", super::reason::reason(lang, map, why));
    render(lang, "refused-cannot-carry-out", &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_names_read_as_before() {
        for p in ["S1901M", "F1902R", "W1903A"] {
            let p = Phase::parse(p).unwrap();
            assert_eq!(phase_name(Lang::En, p), p.long_name());
        }
    }
}
