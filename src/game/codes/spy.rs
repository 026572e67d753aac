//! Espionage as the game stores it: a refused spy order, what a power is
//! told and the public lines, each a catalogue key with its arguments
//! ([`Coded`]). The words layer renders them (`crate::text::espionage`).

use super::super::{Arg, Coded};
use crate::engine::{Map, PublicLine, Refusal, Rejected, Told};

/// A refused spy order as a catalogue key with its arguments.
pub(crate) fn rejected_coded(map: &Map, r: &Rejected) -> Coded {
    Coded::new("spy-rejected")
        .arg("reason", Arg::Msg(Box::new(refusal_coded(map, &r.reason))))
        .arg("rule", Arg::Str(r.rule.to_string()))
}

/// A refusal as a catalogue key with its arguments.
pub(crate) fn refusal_coded(map: &Map, r: &Refusal) -> Coded {
    use Refusal as F;
    let c = |k: &str| Coded::new(k);
    let prov = |p: crate::engine::ProvinceId| Arg::Str(map.province(p).abbr.clone());
    let power = |p: crate::engine::PowerId| Arg::Str(map.power(p).display_name());
    let unit = |u: &crate::engine::Unit| Arg::Str(u.text(map));
    match r {
        F::EspionniteNotInForce => c("spy-refusal-espionnite-not-in-force"),
        F::MovementOnly => c("spy-refusal-movement-only"),
        F::NoUnits(p) => c("spy-refusal-no-units").arg("power", power(*p)),
        F::NoUnit(p) => c("spy-refusal-no-unit").arg("province", prov(*p)),
        F::NoDislodgedUnit(p) => c("spy-refusal-no-dislodged-unit").arg("province", prov(*p)),
        F::UnitIs(u) => c("spy-refusal-unit-is")
            .arg("province", prov(u.location.province))
            .arg("unit", unit(u)),
        F::SpyOnOwnUnit(u) => c("spy-refusal-spy-on-own-unit").arg("unit", unit(u)),
        F::CounterSpyNotOwn(u) => c("spy-refusal-counter-spy-not-own")
            .arg("unit", unit(u))
            .arg("power", power(u.power)),
        F::ReactionNotUnitOrder => c("spy-refusal-reaction-not-unit-order"),
        F::ReactionNotOwn(u) => c("spy-refusal-reaction-not-own")
            .arg("unit", unit(u))
            .arg("power", power(u.power)),
        F::Illegal(why) => super::reason::coded(map, why),
        F::SpionageNotInForce => c("spy-refusal-spionage-not-in-force"),
        F::FirstPhase => c("spy-refusal-first-phase"),
        F::NoOrganisation(p) => c("spy-refusal-no-organisation").arg("power", power(*p)),
        F::Exposed(p) => c("spy-refusal-exposed").arg("power", power(*p)),
        F::FakeNamesUnitOrBuild => c("spy-refusal-fake-names-unit-or-build"),
        F::FakeForOther => c("spy-refusal-fake-for-other"),
        F::CouldNotRetreat(u, l) => c("spy-refusal-could-not-retreat")
            .arg("unit", unit(u))
            .arg("place", Arg::Str(map.loc_name(*l))),
        F::NotHomeCentre(p) => c("spy-refusal-not-home-centre").arg("province", prov(*p)),
        F::DoesNotOwn(w, p) => c("spy-refusal-does-not-own")
            .arg("power", power(*w))
            .arg("province", prov(*p)),
        F::Occupied(p) => c("spy-refusal-occupied").arg("province", prov(*p)),
        F::CannotBuild(t, l) => c("spy-refusal-cannot-build")
            .arg("type", Arg::Str(t.letter().to_string()))
            .arg("place", Arg::Str(map.loc_name(*l))),
        F::AntiNamesOther => c("spy-refusal-anti-names-other"),
        F::FoundInWinter => c("spy-refusal-found-in-winter"),
        F::AlreadyFounded(p) => c("spy-refusal-already-founded").arg("power", power(*p)),
        F::NotHomeCentreOf(p, w) => c("spy-refusal-not-home-centre-of")
            .arg("province", prov(*p))
            .arg("power", power(*w)),
        F::FoundOccupied(p) => c("spy-refusal-found-occupied").arg("province", prov(*p)),
        F::OrdersFrozen(ph) => {
            c("spy-refusal-orders-frozen").arg("phase", Arg::Str(ph.to_string()))
        }
        F::ReactionPhaseOnly(ph) => {
            c("spy-refusal-reaction-phase-only").arg("phase", Arg::Str(ph.to_string()))
        }
    }
}

/// A private line as a catalogue key with its arguments.
pub(crate) fn told_coded(map: &Map, t: &Told) -> Coded {
    match t {
        Told::LearnedNothing(u) => {
            Coded::new("spy-told-learned-nothing").arg("unit", Arg::Str(u.text(map)))
        }
        Told::Reports { unit, seen } => Coded::new("spy-told-reports")
            .arg("unit", Arg::Str(unit.text(map)))
            .arg(
                "seen",
                match seen {
                    Some(o) => Arg::Str(o.to_text(map)),
                    None => Arg::Msg(Box::new(Coded::new("spy-told-no-order"))),
                },
            ),
    }
}

/// A public line as a catalogue key with its arguments.
pub(crate) fn public_coded(map: &Map, l: &PublicLine) -> Coded {
    match l {
        PublicLine::FakeStopped { order, owner } => Coded::new("spy-public-fake-stopped")
            .arg("order", Arg::Str(order.to_text(map)))
            .arg(
                "adjective",
                Arg::Adjective {
                    english: map.power(*owner).adjective.clone(),
                    map: map.name.clone(),
                    power: map.power(*owner).name.clone(),
                },
            ),
        PublicLine::Collision { tried, exposed } => {
            let tried = tried
                .iter()
                .map(|(p, o)| {
                    Coded::new("spy-public-tried")
                        .arg("power", Arg::Str(map.power(*p).display_name()))
                        .arg("order", Arg::Str(o.to_text(map)))
                })
                .collect();
            let names = exposed
                .iter()
                .map(|p| {
                    Coded::new("power-in-list").arg("power", Arg::Str(map.power(*p).display_name()))
                })
                .collect();
            Coded::new("spy-public-collision")
                .arg("tried", Arg::List(tried))
                .arg("exposed", Arg::Comma { comma: names })
        }
    }
}
