//! Why an order line or a future order was refused or dropped, and a
//! phase's name, as the order tables store them: a catalogue key with its
//! arguments ([`Coded`], migration 0023). The words layer renders them
//! (`crate::text::refused`).

use super::super::{Coded, MapProblem, Refused};
use crate::engine::{Map, Phase, PhaseKind, Reason, Season};

/// A phase's long name as a catalogue key with its arguments.
pub(crate) fn phase_coded(p: Phase) -> Coded {
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

/// Why a line or a future order was refused, as a catalogue key with its
/// arguments: what the order tables store (migration 0023), put into
/// words for each reader when shown.
pub(crate) fn coded(r: &Refused) -> Coded {
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

/// An order that its position refuses, as a catalogue key with its
/// arguments: the order (notation) and why.
pub(crate) fn cannot_carry_out_coded(map: &Map, order: &str, why: &Reason) -> Coded {
    Coded::new("refused-cannot-carry-out")
        .str("order", order)
        .msg("reason", super::reason::coded(map, why))
}
