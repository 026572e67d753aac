//! Orders checked as they arrive, before the deadline: the same rules the
//! adjudicator applies, asked of one order at a time, so that a player
//! learns at once that an order can never be carried out (and an earlier
//! good order is not replaced by it).
//!
//! * [`check_order`]: whether an order could be carried out at all in this
//!   position — the unit exists, is the power's own and has the type
//!   written; the move, support or convoy is possible on the map (an army's
//!   move to a coastal province it does not border stays possible: a convoy
//!   may carry it); a retreat goes where the unit may retreat; builds go to
//!   a vacant, owned home centre the unit type fits, no more than the power
//!   may build; removals name the power's own units, no more than it must
//!   remove.
//! * [`warnings`]: orders that are possible but look unlikely to do what
//!   the player wants, judged against the power's own orders only (a
//!   support for a move its own unit was not ordered to make, a convoy for
//!   its own army not ordered to move there). Other powers' orders are
//!   never looked at, so a warning reveals nothing.
//!
//! The adjudicator keeps its own checks: a scenario file or an order that
//! reaches it some other way is still ruled on as the DATC says.

use super::{Outcome, Reason, adjustment, coasts, movement, retreat};
use crate::engine::map::{Map, PowerId, UnitType};
use crate::engine::order::Order;
use crate::engine::phase::PhaseKind;
use crate::engine::position::Position;
pub use coasts::settle as settle_coasts;

/// Whether `order`, given by `power`, could be carried out in `position`.
/// `accepted` are the power's orders of the same submission already
/// accepted before it, which count in an adjustment phase (where a new
/// submission replaces the whole earlier set): a third build is refused
/// when two are allowed. The `Err` is the reason, for the player.
pub fn check_order(
    map: &Map,
    position: &Position,
    power: PowerId,
    accepted: &[Order],
    order: &Order,
) -> Result<(), Reason> {
    match position.phase.kind {
        PhaseKind::Movement => movement::check_arrival(map, &position.units, power, order),
        PhaseKind::Retreat => {
            let r = retreat::adjudicate(map, position, &[(power, order.clone())]);
            match &r.results[0] {
                // The adjudicator's reason ends with what happens at the
                // deadline; on arrival the order is refused instead.
                x if x.outcome == Outcome::Invalid => Err(match &x.reason {
                    Reason::ThenDisbanded(why) => (**why).clone(),
                    why => why.clone(),
                }),
                _ => Ok(()),
            }
        }
        PhaseKind::Adjustment => {
            let mut all: Vec<(PowerId, Order)> =
                accepted.iter().map(|o| (power, o.clone())).collect();
            all.push((power, order.clone()));
            let r = adjustment::adjudicate(map, position, &all);
            match r.results.last() {
                Some(x) if x.outcome == Outcome::Invalid => Err(x.reason.clone()),
                _ => Ok(()),
            }
        }
    }
}

/// For each of `orders` (a power's standing orders of a movement phase, in
/// the order received), a warning when the order is possible but looks
/// unlikely to work given the power's other orders. Orders that concern
/// other powers' units get no warning.
pub fn warnings(
    map: &Map,
    position: &Position,
    power: PowerId,
    orders: &[Order],
) -> Vec<Option<Reason>> {
    if position.phase.kind != PhaseKind::Movement {
        return vec![None; orders.len()];
    }
    // The last order given to each own unit, by province.
    let order_of = |p| {
        orders
            .iter()
            .rev()
            .find(|o| o.unit().is_some_and(|u| u.location.province == p))
    };
    let own = |p| {
        position
            .ordered_unit(p)
            .filter(|u| u.power == power)
            .copied()
    };
    orders
        .iter()
        .map(|o| match o {
            Order::SupportHold { supported, .. } => {
                let p = supported.location.province;
                let unit = own(p)?;
                match order_of(p) {
                    Some(Order::Move { dest, .. }) => Some(Reason::WarnSupportHoldMoving {
                        unit,
                        dest: dest.province,
                    }),
                    _ => None,
                }
            }
            Order::SupportMove {
                supported, dest, ..
            } => {
                let p = supported.location.province;
                let unit = own(p)?;
                match order_of(p) {
                    Some(Order::Move { dest: d, .. }) if d.province == dest.province => None,
                    Some(Order::Move { dest: d, .. }) => Some(Reason::WarnSupportElsewhere {
                        unit,
                        moving: d.province,
                        dest: dest.province,
                    }),
                    _ => Some(Reason::WarnSupportNoMove {
                        unit,
                        dest: dest.province,
                    }),
                }
            }
            Order::Convoy { army, dest, .. } => {
                let p = army.location.province;
                let unit = own(p)?;
                match order_of(p) {
                    Some(Order::Move { dest: d, .. }) if d.province == dest.province => None,
                    _ => Some(Reason::WarnConvoyNoMove {
                        unit,
                        dest: dest.province,
                    }),
                }
            }
            Order::Move {
                unit,
                dest,
                via_convoy,
                ..
            } => {
                // A move that needs a convoy with no fleet where one could
                // carry it: possible, but it fails unless fleets arrive.
                let src = unit.location.province;
                let army = position
                    .ordered_unit(src)
                    .is_some_and(|u| u.unit_type == UnitType::Army);
                let needs_convoy = army && (*via_convoy || !map.army_adjacent(src, dest.province));
                let carried = position.units.iter().any(|f| {
                    f.unit_type == UnitType::Fleet
                        && movement::on_possible_route(map, src, dest.province, f.location.province)
                });
                (needs_convoy && !carried).then(|| {
                    if map.army_adjacent(src, dest.province) {
                        Reason::WarnViaConvoyNoFleet(dest.province)
                    } else {
                        Reason::WarnNotNextNoFleet {
                            dest: dest.province,
                            src,
                        }
                    }
                })
            }
            _ => None,
        })
        .collect()
}
