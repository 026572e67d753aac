//! An order's reason in words ([`reason`]), and the form a reason is
//! stored in: its catalogue key with its arguments ([`Coded`]), never the
//! words. A stored reason is read back with [`stored`], in whatever
//! language the reader wants, without the map: the arguments already name
//! the units (`F tri`), places (`spa/nc`) and powers (`Austria`).
//!
//! Text stored before reasons were typed (migration 0019) is kept as
//! [`Stored::Legacy`] and shown as it was written.

use super::{Args, Lang, render};
use crate::engine::PhaseKind;
use crate::engine::Unit;
use crate::engine::{CoastError, Reason, RetreatBar};
use crate::engine::{Location, Map, PowerId, ProvinceId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A message as a catalogue key with its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coded {
    /// The catalogue key (`reason-superseded`).
    #[serde(rename = "k")]
    pub key: String,
    /// The message's arguments, by name.
    #[serde(rename = "a", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

/// One argument of a [`Coded`] message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A number (the catalogue may choose a plural by it).
    Num(i64),
    /// A name: a unit, a place, a power, an order as written.
    Str(String),
    /// A message rendered in its place.
    Msg(Box<Coded>),
    /// Messages rendered one after another, separated by `; `.
    List(Vec<Coded>),
    /// Messages rendered one after another, separated by `, ` (the
    /// items of a list the catalogue ends with its own "or").
    Comma {
        /// The messages, in order.
        comma: Vec<Coded>,
    },
    /// A power's adjective, in the reader's language where the map's name
    /// table has one (`crate::text::names::adjective`), else the map's own
    /// (`english`).
    Adjective {
        /// The map's own adjective (English), used where the reader's language has none.
        english: String,
        /// The map's name, to find its table of names.
        map: String,
        /// The power (the map's name of it).
        power: String,
    },
}

/// A reason as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Stored {
    /// Prose written before reasons were typed, kept as it was.
    Legacy {
        /// The prose as stored.
        legacy: String,
    },
    /// A message with its arguments.
    Coded(Coded),
}

/// The arguments of a stored reason that name a power (`A bur belongs to
/// { $power }`): put into the reader's words as they are rendered.
const POWER_ARGS: &[&str] = &["power", "owner"];

impl Coded {
    pub(super) fn new(key: &str) -> Coded {
        Coded {
            key: key.to_string(),
            args: BTreeMap::new(),
        }
    }

    pub(super) fn arg(mut self, name: &str, a: Arg) -> Coded {
        self.args.insert(name.to_string(), a);
        self
    }

    pub(super) fn str(self, name: &str, s: impl Into<String>) -> Coded {
        self.arg(name, Arg::Str(s.into()))
    }

    pub(super) fn msg(self, name: &str, m: Coded) -> Coded {
        self.arg(name, Arg::Msg(Box::new(m)))
    }

    fn num(self, name: &str, n: impl Into<i64>) -> Coded {
        self.arg(name, Arg::Num(n.into()))
    }

    /// The message in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        render(lang, &self.key, &self.args(lang))
    }

    /// Attribute `attribute` of the message in `lang`.
    pub(super) fn render_attribute(&self, lang: Lang, attribute: &str) -> String {
        render(lang, &format!("{}.{attribute}", self.key), &self.args(lang))
    }

    /// Whether the message's `$power` is what a player typed, not a power
    /// (`refused-no-power`: "no power `prussia`"), to be quoted as typed.
    fn typed(&self) -> bool {
        self.key == "refused-no-power"
    }

    /// The arguments in `lang`.
    fn args(&self, lang: Lang) -> Args {
        let mut args = Args::new();
        for (name, a) in &self.args {
            let name = name.clone();
            args = match a {
                Arg::Num(n) => args.num(name, *n as f64),
                // A power, stored by its name: shown in the reader's words.
                Arg::Str(s) if POWER_ARGS.contains(&name.as_str()) && !self.typed() => {
                    args.power(name, s.clone())
                }
                Arg::Str(s) => args.str(name, s.clone()),
                Arg::Msg(m) => args.str(name, m.render(lang)),
                Arg::List(l) => args.str(
                    name,
                    l.iter()
                        .map(|m| m.render(lang))
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
                Arg::Adjective {
                    english,
                    map,
                    power,
                } => args.str(name, super::names::adjective_or(lang, map, power, english)),
                Arg::Comma { comma } => args.str(
                    name,
                    comma
                        .iter()
                        .map(|m| m.render(lang))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            };
        }
        args
    }
}

/// A stored value read back: a code, a legacy text, or (should the value
/// not be JSON at all) the value itself as legacy text.
pub fn decode(value: &str) -> Stored {
    serde_json::from_str(value).unwrap_or_else(|_| Stored::Legacy {
        legacy: value.to_string(),
    })
}

/// The stored form of `r` (JSON); empty for [`Reason::None`], as before.
pub fn encode(map: &Map, r: &Reason) -> String {
    if r.is_none() {
        return String::new();
    }
    serde_json::to_string(&coded(map, r)).expect("a reason serialises")
}

/// A stored reason in `lang` (empty stays empty).
pub fn stored(lang: Lang, value: &str) -> String {
    if value.is_empty() {
        return String::new();
    }
    match decode(value) {
        Stored::Legacy { legacy } => legacy,
        Stored::Coded(c) => c.render(lang),
    }
}

/// `r` in `lang` (empty for [`Reason::None`]).
pub fn reason(lang: Lang, map: &Map, r: &Reason) -> String {
    if r.is_none() {
        return String::new();
    }
    coded(map, r).render(lang)
}

/// `r` in English: the language of the scenario format and of logs.
pub fn en(map: &Map, r: &Reason) -> String {
    reason(Lang::En, map, r)
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
pub fn coded(map: &Map, r: &Reason) -> Coded {
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
        R::SpyRefused(r) => super::espionage::rejected_coded(map, r),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Coast;
    use crate::engine::Phase;
    use crate::engine::Position;
    use crate::engine::adjudicate;
    use crate::engine::parse_order;

    fn map() -> &'static Map {
        Map::standard()
    }

    fn p(name: &str) -> ProvinceId {
        map().province_by_name(name).unwrap()
    }

    fn u(power: &str, s: &str) -> Unit {
        let (unit_type, location) = map().parse_unit(s).unwrap();
        Unit {
            power: map().power_by_name(power).unwrap(),
            unit_type,
            location,
        }
    }

    /// One of every reason, to check each has its words.
    fn every_reason() -> Vec<Reason> {
        let a = u("germany", "A mun");
        let f = u("england", "F lon");
        let l = Location::new(p("spa"));
        let mut v = vec![
            Reason::Superseded,
            Reason::NotForPhase(PhaseKind::Movement),
            Reason::NotForPhase(PhaseKind::Retreat),
            Reason::NotForPhase(PhaseKind::Adjustment),
            Reason::NoUnit(p("bur")),
            Reason::BelongsTo(a),
            Reason::UnitIs(a),
            Reason::MoveToOwnProvince,
            Reason::ArmyToSea(p("nth")),
            Reason::ArmyCannotBeConvoyed {
                from: p("par"),
                to: p("mun"),
            },
            Reason::NotNextTo {
                dest: p("mos"),
                src: p("par"),
            },
            Reason::OnlyArmiesConvoyed,
            Reason::FleetInland(p("bur")),
            Reason::Coast(CoastError::Sea(p("eng"))),
            Reason::Coast(CoastError::Inland(p("bur"))),
            Reason::Coast(CoastError::OneCoast(p("ven"))),
            Reason::Coast(CoastError::NoSuchCoast(p("spa"), Coast::East)),
            Reason::Coast(CoastError::Army(p("spa"))),
            Reason::FleetCannotGo {
                from: l,
                to: p("mun"),
            },
            Reason::FleetCannotReach { from: l, to: l },
            Reason::WhichCoast {
                province: p("spa"),
                example: l,
            },
            Reason::SupportSelf,
            Reason::CannotReachToSupport {
                unit: a,
                province: p("par"),
                moving: false,
            },
            Reason::CannotReachToSupport {
                unit: a,
                province: p("par"),
                moving: true,
            },
            Reason::SupportIntoOwnProvince,
            Reason::SupportOwnMove,
            Reason::OnlyFleetsConvoy,
            Reason::OnlyFleetAtSeaConvoys,
            Reason::ConvoyToSea(p("nth")),
            Reason::NotOnConvoyRoute {
                fleet: f,
                from: p("bre"),
                to: p("nwy"),
            },
            Reason::NoFleetCouldConvoy(p("nwy")),
        ];
        v.extend(outcome_reasons());
        v
    }

    /// One of every reason [`outcome_coded`] words.
    fn outcome_reasons() -> Vec<Reason> {
        let a = u("germany", "A mun");
        let f = u("england", "F lon");
        let l = Location::new(p("spa"));
        let w = map().power_by_name("france").unwrap();
        let order = parse_order(map(), PhaseKind::Movement, "A par - bur").unwrap();
        vec![
            Reason::OrderedToMoveNotHold(a),
            Reason::NotOrderedToMoveTo {
                unit: a,
                province: p("boh"),
            },
            Reason::MovedOverLand(a),
            Reason::DislodgedBy(a),
            Reason::ConvoyParadox,
            Reason::NoConvoyRoute,
            Reason::OwnUnit(a),
            Reason::LostHeadToHead {
                by: a,
                attack: 1,
                defend: 2,
            },
            Reason::BouncedOff {
                by: a,
                attack: 1,
                hold: 1,
            },
            Reason::BouncedWith {
                by: a,
                attack: 2,
                prevent: 2,
            },
            Reason::Bounced,
            Reason::CutBy(a),
            Reason::Cut,
            Reason::ConvoyDisrupted(f),
            Reason::Disbanded,
            Reason::NoDislodgedUnit(p("par")),
            Reason::DislodgedBelongsTo(a),
            Reason::DislodgedUnitIs(a),
            Reason::ThenDisbanded(Box::new(Reason::RetreatWhichCoast(p("spa")))),
            Reason::CannotRetreat {
                to: l,
                why: RetreatBar::AttackerCameFrom,
            },
            Reason::CannotRetreat {
                to: l,
                why: RetreatBar::Occupied,
            },
            Reason::CannotRetreat {
                to: l,
                why: RetreatBar::Standoff,
            },
            Reason::CannotRetreat {
                to: l,
                why: RetreatBar::Unreachable,
            },
            Reason::RetreatBounced(a),
            Reason::NoBuilds(w),
            Reason::BuildsOnly(w, 2),
            Reason::NoBuildsToWaive(w),
            Reason::BuildsUsed,
            Reason::NoRemovals(w),
            Reason::AlreadyRemoved,
            Reason::RemovesOnly(w, 1),
            Reason::DummyNeverBuilds(w),
            Reason::NotHomeCentre(p("mun"), w),
            Reason::NotSupplyCentre(p("bur")),
            Reason::DoesNotOwn(w, p("par")),
            Reason::Occupied(p("par")),
            Reason::BuildWhichCoast(p("stp"), Coast::North),
            Reason::ArmyCannotBuild(p("nth")),
            Reason::FleetCannotBuild(Location::new(p("par"))),
            Reason::ReadAs {
                why: vec![CoastError::Inland(p("bur")), CoastError::Inland(p("bur"))],
                order,
            },
            Reason::Replaced,
            Reason::ReplacedSeeEspionage,
            Reason::Dislodged,
            Reason::Unreadable("at column 3: expected an order".into()),
            Reason::SpyAccepted,
            Reason::WarnSupportHoldMoving {
                unit: a,
                dest: p("boh"),
            },
            Reason::WarnSupportElsewhere {
                unit: a,
                moving: p("boh"),
                dest: p("tyr"),
            },
            Reason::WarnSupportNoMove {
                unit: a,
                dest: p("boh"),
            },
            Reason::WarnConvoyNoMove {
                unit: a,
                dest: p("nwy"),
            },
            Reason::WarnViaConvoyNoFleet(p("bur")),
            Reason::WarnNotNextNoFleet {
                dest: p("nwy"),
                src: p("bre"),
            },
        ]
    }

    #[test]
    fn every_reason_has_its_words_and_reads_back_from_the_store() {
        for r in every_reason() {
            let words = reason(Lang::En, map(), &r);
            let c = coded(map(), &r);
            assert!(super::super::has(Lang::En, &c.key), "{r:?}: no {}", c.key);
            assert!(!words.contains("reason-"), "{r:?}: {words}");
            assert!(!words.contains("{$"), "{r:?}: {words}");
            // What the store keeps reads back as the same words.
            let kept = encode(map(), &r);
            assert!(kept.starts_with("{\"k\":\"reason-"), "{kept}");
            assert_eq!(stored(Lang::En, &kept), words, "{r:?}");
        }
    }

    #[test]
    fn words_are_those_players_have_always_read() {
        let a = u("germany", "A mun");
        let cases = [
            (
                Reason::BouncedOff {
                    by: a,
                    attack: 1,
                    hold: 1,
                },
                "bounced off A mun (1 against 1)",
            ),
            (Reason::BelongsTo(a), "A mun belongs to Germany"),
            (
                Reason::Coast(CoastError::NoSuchCoast(p("spa"), Coast::East)),
                "spa has no east coast (its coasts: nc, sc)",
            ),
            (
                Reason::ThenDisbanded(Box::new(Reason::CannotRetreat {
                    to: Location::new(p("boh")),
                    why: RetreatBar::Standoff,
                })),
                "cannot retreat to boh: that province was left empty by a standoff; the unit is disbanded",
            ),
            (
                Reason::NotForPhase(PhaseKind::Adjustment),
                "not an order for an adjustment phase",
            ),
            (
                Reason::ReadAs {
                    why: vec![CoastError::Army(p("spa")), CoastError::Army(p("spa"))],
                    order: parse_order(map(), PhaseKind::Movement, "A mar - spa").unwrap(),
                },
                "an army takes no coast in spa: read as `A mar - spa`",
            ),
        ];
        for (r, want) in cases {
            assert_eq!(reason(Lang::En, map(), &r), want);
        }
        assert_eq!(reason(Lang::En, map(), &Reason::None), "");
        assert_eq!(encode(map(), &Reason::None), "");
    }

    #[test]
    fn legacy_prose_reads_as_it_was_written() {
        let old = "bounced off A mun (1 against 1)";
        // As migration 0019 wraps it.
        let wrapped = serde_json::json!({ "legacy": old }).to_string();
        assert_eq!(stored(Lang::En, &wrapped), old);
        // A value that is not JSON at all is shown as it is.
        assert_eq!(stored(Lang::En, old), old);
        assert_eq!(stored(Lang::En, ""), "");
    }

    #[test]
    fn an_adjudicated_bounce_is_stored_as_a_code_with_its_numbers() {
        let map = map();
        let mut pos = Position::empty(map, Phase::parse("S1901M").unwrap());
        pos.units.push(u("france", "A par"));
        pos.units.push(u("germany", "A mun"));
        pos.normalize();
        let orders: Vec<_> = [("france", "A par - bur"), ("germany", "A mun - bur")]
            .iter()
            .map(|(w, o)| {
                (
                    map.power_by_name(w).unwrap(),
                    parse_order(map, PhaseKind::Movement, o).unwrap(),
                )
            })
            .collect();
        let adj = adjudicate(map, &pos, &orders);
        let kept = encode(map, &adj.results[0].reason);
        let c: Coded = serde_json::from_str(&kept).unwrap();
        assert_eq!(c.key, "reason-bounced-with");
        assert_eq!(c.args["unit"], Arg::Str("A mun".into()));
        assert_eq!(c.args["attack"], Arg::Num(1));
        assert_eq!(c.args["prevent"], Arg::Num(1));
        assert_eq!(stored(Lang::En, &kept), "bounced with A mun (1 against 1)");
    }
}

/// Coasts that cannot be (`src/engine/adjudicate/coasts.rs`), as a
/// player reads the refusal or the note.
#[cfg(test)]
mod coasts {
    use super::*;
    use crate::engine::Map;
    use crate::engine::Order;
    use crate::engine::PhaseKind;
    use crate::engine::Position;
    use crate::engine::coasts::settle;
    use crate::engine::parse_order;

    /// A settled order with its note in words.
    #[derive(Debug)]
    struct Shown {
        order: Order,
        note: Option<String>,
    }

    /// Settles `text`, the reason and the note read as a player reads
    /// them.
    fn settled(text: &str) -> Result<Shown, String> {
        let map = Map::standard();
        let pos = Position::initial(map, 1901);
        let o = parse_order(map, PhaseKind::Movement, text).unwrap();
        let en = |r: &Reason| en(map, r);
        match settle(map, &pos, &o) {
            Ok(s) => Ok(Shown {
                order: s.order,
                note: s.note.as_ref().map(en),
            }),
            Err(e) => Err(en(&Reason::Coast(e))),
        }
    }

    #[test]
    fn a_fleet_coast_on_a_sea_is_refused_with_its_reason() {
        assert_eq!(
            settled("F bre - eng/sc").unwrap_err(),
            "eng is a sea: it has no coasts"
        );
        assert_eq!(
            settled("F tri - ven/nc").unwrap_err(),
            "ven has one coast, so no coast is written: write ven"
        );
    }

    #[test]
    fn an_army_coast_is_dropped_with_a_note() {
        let s = settled("A par - bur/nc").unwrap();
        assert_eq!(s.order.to_text(Map::standard()), "A par - bur");
        assert_eq!(
            s.note.as_deref(),
            Some("bur is inland: it has no coasts: read as `A par - bur`")
        );
        let s = settled("A mar - spa/nc").unwrap();
        assert_eq!(s.order.to_text(Map::standard()), "A mar - spa");
        assert_eq!(
            s.note.as_deref(),
            Some("an army takes no coast in spa: read as `A mar - spa`")
        );
    }

    #[test]
    fn a_real_coast_for_a_fleet_stands() {
        let s = settled("F stp/sc - bot").unwrap();
        assert_eq!(s.note, None);
        assert_eq!(s.order.to_text(Map::standard()), "F stp/sc - bot");
    }
}
