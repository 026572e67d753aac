//! An order's reason as the game stores it: its catalogue key with its
//! arguments ([`Coded`]), made from the engine's [`Reason`]. The words
//! layer renders it (`crate::text::reason`).

use super::super::{Arg, Coded};
use crate::engine::{
    CoastError, Location, Map, PhaseKind, PowerId, ProvinceId, Reason, RetreatBar, Unit,
};

/// The stored form of `r` (JSON); empty for [`Reason::None`], as before.
pub(crate) fn encode(map: &Map, r: &Reason) -> String {
    if r.is_none() {
        return String::new();
    }
    serde_json::to_string(&coded(map, r)).expect("a reason serialises")
}

fn unit(map: &Map, u: &Unit) -> String {
    u.text(map)
}

fn prov(map: &Map, p: ProvinceId) -> String {
    map.province(p).abbr.clone()
}

fn place(map: &Map, l: Location) -> String {
    map.loc_name(l)
}

fn power(map: &Map, p: PowerId) -> String {
    map.power(p).display_name()
}

fn coast_error(map: &Map, e: &CoastError) -> Coded {
    match *e {
        CoastError::Sea(p) => Coded::new("reason-coast-sea").str("province", prov(map, p)),
        CoastError::Inland(p) => Coded::new("reason-coast-inland").str("province", prov(map, p)),
        CoastError::OneCoast(p) => Coded::new("reason-coast-one").str("province", prov(map, p)),
        CoastError::NoSuchCoast(p, c) => {
            let have: Vec<&str> = map.province(p).coasts.iter().map(|c| c.abbr()).collect();
            Coded::new("reason-coast-no-such")
                .str("province", prov(map, p))
                .str("coast", c.abbr())
                .str("coasts", have.join(", "))
        }
        CoastError::Army(p) => Coded::new("reason-coast-army").str("province", prov(map, p)),
    }
}

/// `r` as a catalogue key with its arguments.
pub(crate) fn coded(map: &Map, r: &Reason) -> Coded {
    use Reason as R;
    let c = Coded::new;
    match r {
        R::None => c("reason-none"),
        R::Superseded => c("reason-superseded"),
        R::NotForPhase(k) => c("reason-not-for-phase").str(
            "phase",
            match k {
                PhaseKind::Movement => "movement",
                PhaseKind::Retreat => "retreat",
                PhaseKind::Adjustment => "adjustment",
            },
        ),
        R::NoUnit(p) => c("reason-no-unit").str("province", prov(map, *p)),
        R::BelongsTo(u) => c("reason-belongs-to")
            .str("unit", unit(map, u))
            .str("power", power(map, u.power)),
        R::UnitIs(u) => c("reason-unit-is")
            .str("province", prov(map, u.location.province))
            .str("unit", unit(map, u)),
        R::MoveToOwnProvince => c("reason-move-to-own-province"),
        R::ArmyToSea(p) => c("reason-army-to-sea").str("province", prov(map, *p)),
        R::ArmyCannotBeConvoyed { from, to } => c("reason-army-cannot-be-convoyed")
            .str("from", prov(map, *from))
            .str("to", prov(map, *to)),
        R::NotNextTo { dest, src } => c("reason-not-next-to")
            .str("dest", prov(map, *dest))
            .str("src", prov(map, *src)),
        R::OnlyArmiesConvoyed => c("reason-only-armies-convoyed"),
        R::FleetInland(p) => c("reason-fleet-inland").str("province", prov(map, *p)),
        R::Coast(e) => coast_error(map, e),
        R::FleetCannotGo { from, to } => c("reason-fleet-cannot-go")
            .str("from", place(map, *from))
            .str("to", prov(map, *to)),
        R::FleetCannotReach { from, to } => c("reason-fleet-cannot-reach")
            .str("from", place(map, *from))
            .str("to", place(map, *to)),
        R::WhichCoast { province, example } => c("reason-which-coast")
            .str("province", prov(map, *province))
            .str("example", place(map, *example)),
        R::SupportSelf => c("reason-support-self"),
        R::CannotReachToSupport {
            unit: u,
            province,
            moving,
        } => c(if *moving {
            "reason-cannot-reach-to-support-move"
        } else {
            "reason-cannot-reach-to-support"
        })
        .str("unit", unit(map, u))
        .str("province", prov(map, *province)),
        R::SupportIntoOwnProvince => c("reason-support-into-own-province"),
        R::SupportOwnMove => c("reason-support-own-move"),
        R::OnlyFleetsConvoy => c("reason-only-fleets-convoy"),
        R::OnlyFleetAtSeaConvoys => c("reason-only-fleet-at-sea-convoys"),
        R::ConvoyToSea(p) => c("reason-convoy-to-sea").str("province", prov(map, *p)),
        R::NotOnConvoyRoute { fleet, from, to } => c("reason-not-on-convoy-route")
            .str("fleet", unit(map, fleet))
            .str("from", prov(map, *from))
            .str("to", prov(map, *to)),
        R::NoFleetCouldConvoy(p) => {
            c("reason-no-fleet-could-convoy").str("province", prov(map, *p))
        }
        other => outcome_coded(map, other),
    }
}

/// The reasons of [`coded`] found while resolving (movement, retreat,
/// adjustment), the warnings, and those the edges give.
fn outcome_coded(map: &Map, r: &Reason) -> Coded {
    use Reason as R;
    let c = Coded::new;
    match r {
        R::OrderedToMoveNotHold(u) => {
            c("reason-ordered-to-move-not-hold").str("unit", unit(map, u))
        }
        R::NotOrderedToMoveTo { unit: u, province } => c("reason-not-ordered-to-move-to")
            .str("unit", unit(map, u))
            .str("province", prov(map, *province)),
        R::MovedOverLand(u) => c("reason-moved-over-land").str("unit", unit(map, u)),
        R::DislodgedBy(u) => c("reason-dislodged-by").str("unit", unit(map, u)),
        R::ConvoyParadox => c("reason-convoy-paradox"),
        R::NoConvoyRoute => c("reason-no-convoy-route"),
        R::OwnUnit(u) => c("reason-own-unit").str("unit", unit(map, u)),
        R::LostHeadToHead { by, attack, defend } => c("reason-lost-head-to-head")
            .str("unit", unit(map, by))
            .num("attack", *attack)
            .num("defend", *defend),
        R::BouncedOff { by, attack, hold } => c("reason-bounced-off")
            .str("unit", unit(map, by))
            .num("attack", *attack)
            .num("hold", *hold),
        R::BouncedWith {
            by,
            attack,
            prevent,
        } => c("reason-bounced-with")
            .str("unit", unit(map, by))
            .num("attack", *attack)
            .num("prevent", *prevent),
        R::Bounced => c("reason-bounced"),
        R::CutBy(u) => c("reason-cut-by").str("unit", unit(map, u)),
        R::Cut => c("reason-cut"),
        R::ConvoyDisrupted(u) => c("reason-convoy-disrupted").str("unit", unit(map, u)),
        R::Disbanded => c("reason-disbanded"),
        R::NoDislodgedUnit(p) => c("reason-no-dislodged-unit").str("province", prov(map, *p)),
        R::DislodgedUnitIs(u) => c("reason-dislodged-unit-is")
            .str("province", prov(map, u.location.province))
            .str("unit", unit(map, u)),
        R::DislodgedBelongsTo(u) => c("reason-dislodged-belongs-to")
            .str("province", prov(map, u.location.province))
            .str("power", power(map, u.power)),
        R::ThenDisbanded(why) => {
            c("reason-then-disbanded").arg("why", Arg::Msg(Box::new(coded(map, why))))
        }
        R::RetreatWhichCoast(p) => c("reason-retreat-which-coast").str("province", prov(map, *p)),
        R::CannotRetreat { to, why } => c("reason-cannot-retreat").str("to", place(map, *to)).str(
            "why",
            match why {
                RetreatBar::AttackerCameFrom => "attacker",
                RetreatBar::Occupied => "occupied",
                RetreatBar::Standoff => "standoff",
                RetreatBar::Unreachable => "unreachable",
            },
        ),
        R::RetreatBounced(u) => c("reason-retreat-bounced").str("unit", unit(map, u)),
        R::NoBuilds(p) => c("reason-no-builds").str("power", power(map, *p)),
        R::BuildsOnly(p, n) => c("reason-builds-only")
            .str("power", power(map, *p))
            .num("count", *n),
        R::NoBuildsToWaive(p) => c("reason-no-builds-to-waive").str("power", power(map, *p)),
        R::BuildsUsed => c("reason-builds-used"),
        R::NoRemovals(p) => c("reason-no-removals").str("power", power(map, *p)),
        R::AlreadyRemoved => c("reason-already-removed"),
        R::RemovesOnly(p, n) => c("reason-removes-only")
            .str("power", power(map, *p))
            .num("count", *n),
        R::DummyNeverBuilds(p) => c("reason-dummy-never-builds").str("power", power(map, *p)),
        R::NotHomeCentre(p, w) => c("reason-not-home-centre")
            .str("province", prov(map, *p))
            .str("power", power(map, *w)),
        R::NotSupplyCentre(p) => c("reason-not-supply-centre").str("province", prov(map, *p)),
        R::DoesNotOwn(w, p) => c("reason-does-not-own")
            .str("power", power(map, *w))
            .str("province", prov(map, *p)),
        R::Occupied(p) => c("reason-occupied").str("province", prov(map, *p)),
        R::BuildWhichCoast(p, k) => c("reason-build-which-coast")
            .str("province", prov(map, *p))
            .str("coast", k.abbr()),
        R::ArmyCannotBuild(p) => c("reason-army-cannot-build").str("province", prov(map, *p)),
        R::FleetCannotBuild(l) => c("reason-fleet-cannot-build").str("place", place(map, *l)),
        R::ReadAs { why, order } => {
            let mut list: Vec<Coded> = Vec::with_capacity(why.len());
            for w in why {
                let m = coast_error(map, w);
                if list.last() != Some(&m) {
                    list.push(m);
                }
            }
            c("reason-read-as")
                .arg("why", Arg::List(list))
                .str("order", order.to_text(map))
        }
        R::Replaced => c("reason-replaced"),
        R::ReplacedSeeEspionage => c("reason-replaced-see-espionage"),
        R::Dislodged => c("reason-dislodged"),
        R::Unreadable(e) => c("reason-unreadable").str("error", e.clone()),
        R::SpyAccepted => c("reason-spy-accepted"),
        R::SpyRefused(r) => super::spy::rejected_coded(map, r),
        R::WarnSupportHoldMoving { unit: u, dest } => c("reason-warn-support-hold-moving")
            .str("unit", unit(map, u))
            .str("dest", prov(map, *dest)),
        R::WarnSupportElsewhere {
            unit: u,
            moving,
            dest,
        } => c("reason-warn-support-elsewhere")
            .str("unit", unit(map, u))
            .str("moving", prov(map, *moving))
            .str("dest", prov(map, *dest)),
        R::WarnSupportNoMove { unit: u, dest } => c("reason-warn-support-no-move")
            .str("unit", unit(map, u))
            .str("dest", prov(map, *dest)),
        R::WarnConvoyNoMove { unit: u, dest } => c("reason-warn-convoy-no-move")
            .str("unit", unit(map, u))
            .str("dest", prov(map, *dest)),
        R::WarnViaConvoyNoFleet(p) => {
            c("reason-warn-via-convoy-no-fleet").str("dest", prov(map, *p))
        }
        R::WarnNotNextNoFleet { dest, src } => c("reason-warn-not-next-no-fleet")
            .str("dest", prov(map, *dest))
            .str("src", prov(map, *src)),
        other => unreachable!("worded by `coded`: {other:?}"),
    }
}
