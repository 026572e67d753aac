//! An order's reason in words ([`reason`]), and the form a reason is
//! stored in: its catalogue key with its arguments ([`Coded`]), never the
//! words. A stored reason is read back with [`stored`], in whatever
//! language the reader wants, without the map: the arguments already name
//! the units (`F tri`), places (`spa/nc`) and powers (`Austria`).
//!
//! Text stored before reasons were typed (migration 0019) is kept as
//! [`Stored::Legacy`] and shown as it was written.

use super::{Args, Lang, Render, render};
use crate::engine::{Map, Reason};
use serde::{Deserialize, Serialize};

pub(crate) use crate::game::codes::reason::coded;
pub(crate) use crate::game::{Arg, Coded};

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

impl super::Render for Coded {
    fn render(&self, lang: Lang) -> String {
        render(lang, &self.key, &args_of(self, lang))
    }
}

/// Attribute `attribute` of message `c` in `lang`.
pub(super) fn render_attribute(c: &Coded, lang: Lang, attribute: &str) -> String {
    render(lang, &format!("{}.{attribute}", c.key), &args_of(c, lang))
}

/// Whether the message's `$power` is what a player typed, not a power
/// (`refused-no-power`: "no power `prussia`"), to be quoted as typed.
fn typed(c: &Coded) -> bool {
    c.key == "refused-no-power"
}

/// The arguments of `c` in `lang`.
fn args_of(c: &Coded, lang: Lang) -> Args {
    let mut args = Args::new();
    for (name, a) in &c.args {
        let name = name.clone();
        args = match a {
            Arg::Num(n) => args.num(name, *n as f64),
            // A power, stored by its name: shown in the reader's words.
            Arg::Str(s) if POWER_ARGS.contains(&name.as_str()) && !typed(c) => {
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

/// A stored value read back: a code, a legacy text, or (should the value
/// not be JSON at all) the value itself as legacy text.
pub fn decode(value: &str) -> Stored {
    serde_json::from_str(value).unwrap_or_else(|_| Stored::Legacy {
        legacy: value.to_string(),
    })
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
pub(crate) fn reason(lang: Lang, map: &Map, r: &Reason) -> String {
    if r.is_none() {
        return String::new();
    }
    coded(map, r).render(lang)
}

/// `r` in English: the language of the scenario format and of logs.
pub(crate) fn en(map: &Map, r: &Reason) -> String {
    reason(Lang::En, map, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Coast;
    use crate::engine::Phase;
    use crate::engine::Position;
    use crate::engine::adjudicate;
    use crate::engine::parse_order;
    use crate::engine::{CoastError, Location, PhaseKind, ProvinceId, RetreatBar, Unit};
    use crate::game::codes::reason::encode;

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
