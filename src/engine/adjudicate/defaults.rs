//! What the rules did where no order said: in a movement phase a unit
//! with no order holds; in a retreat phase a dislodged unit with no order
//! is disbanded; in an adjustment phase civil disorder removes the units a
//! power owed and did not remove, and builds a power did not order are not
//! made. The results, the judge's history and its espionage views list
//! these from here, so that they agree.
//!
//! A unit counts as ordered when its owner gave an order naming it
//! ([`Position::ordered_unit`]: in a retreat phase the dislodged unit, not
//! the unit that dislodged it and stands in the same province). An order
//! another power gave for it is invalid and leaves it unordered.

use super::{Adjudication, Outcome};
use crate::engine::map::{Map, PowerId};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::{Position, Unit};

/// One thing the rules did for want of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByDefault {
    /// Movement: the unit had no order and held (`dislodged`: and was
    /// dislodged).
    Held {
        /// The unit that held.
        unit: Unit,
        /// Whether it was dislodged.
        dislodged: bool,
    },
    /// Retreat: the dislodged unit had no order and was disbanded.
    Disbanded(Unit),
    /// Adjustment: civil disorder removed the unit (its power removed
    /// fewer units than it owed).
    CivilDisorder(Unit),
    /// Adjustment: builds the power was owed and did not use (no order,
    /// or orders that failed): they are not made.
    BuildsUnused {
        /// The power owed the builds.
        power: PowerId,
        /// How many builds were not made.
        count: u32,
    },
}

impl ByDefault {
    /// The power it concerns.
    pub fn power(&self) -> PowerId {
        match self {
            ByDefault::Held { unit, .. }
            | ByDefault::Disbanded(unit)
            | ByDefault::CivilDisorder(unit) => unit.power,
            ByDefault::BuildsUnused { power, .. } => *power,
        }
    }

    /// The unit it concerns (none for unused builds).
    pub fn unit(&self) -> Option<Unit> {
        match self {
            ByDefault::Held { unit, .. }
            | ByDefault::Disbanded(unit)
            | ByDefault::CivilDisorder(unit) => Some(*unit),
            ByDefault::BuildsUnused { .. } => None,
        }
    }
}

/// Whether `order`, given by `power`, names the unit `u` of `before`.
fn names(before: &Position, u: &Unit, power: PowerId, order: &Order) -> bool {
    power == u.power
        && order.unit().is_some_and(|r| {
            before
                .ordered_unit(r.location.province)
                .is_some_and(|n| n == u)
        })
}

/// What the rules did for want of orders in the phase `before` was
/// adjudicated from, with `orders` (as adjudicated) and their results.
pub fn by_default(
    map: &Map,
    before: &Position,
    orders: &[(PowerId, Order)],
    adjudication: &Adjudication,
) -> Vec<ByDefault> {
    let ordered = |u: &Unit| orders.iter().any(|(p, o)| names(before, u, *p, o));
    match before.phase.kind {
        PhaseKind::Movement => before
            .units
            .iter()
            .filter(|u| !ordered(u))
            .map(|u| ByDefault::Held {
                unit: *u,
                dislodged: adjudication
                    .dislodged
                    .iter()
                    .any(|d| d.dislodged.unit == *u),
            })
            .collect(),
        PhaseKind::Retreat => before
            .dislodged
            .iter()
            .map(|d| d.unit)
            .filter(|u| !ordered(u))
            .map(ByDefault::Disbanded)
            .collect(),
        PhaseKind::Adjustment => adjustment_defaults(map, before, orders, adjudication),
    }
}

/// Civil disorder's removals and the builds not used.
fn adjustment_defaults(
    map: &Map,
    before: &Position,
    orders: &[(PowerId, Order)],
    adjudication: &Adjudication,
) -> Vec<ByDefault> {
    let done = |i: usize| {
        adjudication
            .results
            .get(i)
            .is_some_and(|r| r.outcome == Outcome::Succeeds)
    };
    let removed_by_order = |u: &Unit| {
        orders.iter().enumerate().any(|(i, (p, o))| {
            matches!(o, Order::Remove { .. }) && names(before, u, *p, o) && done(i)
        })
    };
    let mut out: Vec<ByDefault> = before
        .units
        .iter()
        .filter(|u| !adjudication.next.units.contains(u) && !removed_by_order(u))
        .map(|u| ByDefault::CivilDisorder(*u))
        .collect();
    for c in before.adjustments(map) {
        if c.delta() <= 0 || map.power(c.power).dummy {
            continue;
        }
        let used = orders
            .iter()
            .enumerate()
            .filter(|(i, (p, o))| {
                *p == c.power && matches!(o, Order::Build { .. } | Order::Waive) && done(*i)
            })
            .count() as i32;
        if c.delta() > used {
            out.push(ByDefault::BuildsUnused {
                power: c.power,
                count: (c.delta() - used) as u32,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::adjudicate::adjudicate;
    use crate::engine::map::Map;
    use crate::engine::order::parse_order;
    use crate::engine::phase::Phase;
    use crate::engine::position::DislodgedUnit;

    fn unit(map: &Map, power: &str, text: &str) -> Unit {
        let (unit_type, location) = map.parse_unit(text).unwrap();
        Unit {
            power: map.power_by_name(power).unwrap(),
            unit_type,
            location,
        }
    }

    fn order(map: &Map, power: &str, kind: PhaseKind, text: &str) -> (PowerId, Order) {
        (
            map.power_by_name(power).unwrap(),
            parse_order(map, kind, text).unwrap(),
        )
    }

    /// Turkey's A bul was dislodged by Austria's army, which now stands in
    /// bul; France's A bel by Germany's. Austria's order for bul names no
    /// unit of its own (its army takes no order): Turkey's unit, with no
    /// order of Turkey's, is disbanded; France's, ordered, is not listed.
    #[test]
    fn a_dislodged_unit_without_its_owners_order_is_disbanded() {
        let map = Map::standard();
        let mut pos = Position::empty(map, Phase::parse("S1902R").unwrap());
        pos.units = vec![unit(map, "austria", "A bul"), unit(map, "germany", "A bel")];
        pos.dislodged = vec![
            DislodgedUnit {
                unit: unit(map, "turkey", "A bul"),
                attacked_from: map.province_by_name("ser"),
            },
            DislodgedUnit {
                unit: unit(map, "france", "A bel"),
                attacked_from: map.province_by_name("ruh"),
            },
        ];
        let orders = vec![
            order(map, "austria", PhaseKind::Retreat, "A bul - con"),
            order(map, "france", PhaseKind::Retreat, "A bel - pic"),
        ];
        let adj = adjudicate(map, &pos, &orders);
        assert_eq!(
            by_default(map, &pos, &orders, &adj),
            [ByDefault::Disbanded(unit(map, "turkey", "A bul"))]
        );
    }

    /// Russia owes two removals and orders one: civil disorder takes the
    /// other. England builds one of two: one build is left unused.
    #[test]
    fn civil_disorder_and_unused_builds_are_listed() {
        let map = Map::standard();
        let mut pos = Position::empty(map, Phase::parse("W1902A").unwrap());
        pos.units = vec![
            unit(map, "russia", "A mos"),
            unit(map, "russia", "A war"),
            unit(map, "russia", "F sev"),
            unit(map, "russia", "A ukr"),
            unit(map, "russia", "A lvn"),
            unit(map, "england", "F nth"),
            unit(map, "england", "F nwg"),
        ];
        let eng = map.power_by_name("england").unwrap();
        let stp = map.province_by_name("stp").unwrap();
        pos.owners[stp.0 as usize] = Some(eng);
        let orders = vec![
            order(map, "russia", PhaseKind::Adjustment, "remove A ukr"),
            order(map, "england", PhaseKind::Adjustment, "build F lon"),
        ];
        let adj = adjudicate(map, &pos, &orders);
        let d = by_default(map, &pos, &orders, &adj);
        let gone: Vec<Unit> = pos
            .units
            .iter()
            .filter(|u| !adj.next.units.contains(u))
            .copied()
            .collect();
        assert_eq!(gone.len(), 2, "{gone:?}");
        let cd: Vec<Unit> = d
            .iter()
            .filter_map(|x| match x {
                ByDefault::CivilDisorder(u) => Some(*u),
                _ => None,
            })
            .collect();
        assert_eq!(cd.len(), 1, "{d:?}");
        assert!(gone.contains(&cd[0]) && cd[0] != unit(map, "russia", "A ukr"));
        assert!(d.contains(&ByDefault::BuildsUnused {
            power: eng,
            count: 1
        }));
    }
}
