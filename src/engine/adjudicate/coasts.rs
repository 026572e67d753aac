//! Coasts that cannot be: an order that names a coast on a province with
//! no coasts (`F bre - eng/sc`, `A par - bur/nc`), a coast the province
//! does not have (`F mao - spa/ec`), or a coast for an army (`A mar -
//! spa/nc`: an army stands in the whole province).
//!
//! [`settle`] is asked of every order before it is checked or adjudicated:
//! for a fleet such a coast is refused with the reason; for an army the
//! coast is dropped and a note says so. What is stored, printed and drawn
//! afterwards is the settled order, so no text or picture ever shows a
//! coast that does not exist.

use super::{CoastError, Reason};
use crate::engine::map::{Location, Map, PowerId, ProvinceKind, UnitType};
use crate::engine::order::{Order, UnitRef};
use crate::engine::position::Position;

/// An order with its impossible coasts settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The order, with any coast it could not have dropped.
    pub order: Order,
    /// For the player, when a coast was dropped: what was dropped and why
    /// (`bur has no coasts: read as A par - bur`), a [`Reason::ReadAs`].
    pub note: Option<Reason>,
}

/// The type of the unit the order names (in a retreat phase the
/// dislodged one, not the unit that dislodged it and now stands in the
/// province), else the type the order wrote.
fn unit_type(position: &Position, r: &UnitRef) -> Option<UnitType> {
    position
        .ordered_unit(r.location.province)
        .map(|u| u.unit_type)
        .or(r.unit_type)
}

/// Settles one location for a unit of type `t` (`None`: not known). An
/// army's coast and a coast on a province without coasts are dropped,
/// recording why in `why`; for a fleet the same is an error.
fn settle_location(
    map: &Map,
    t: Option<UnitType>,
    loc: &mut Location,
    why: &mut Vec<CoastError>,
) -> Result<(), CoastError> {
    let Some(c) = loc.coast else { return Ok(()) };
    let p = loc.province;
    let prov = map.province(p);
    let fleet = t == Some(UnitType::Fleet);
    if prov.coasts.is_empty() {
        let what = match prov.kind {
            ProvinceKind::Sea => CoastError::Sea(p),
            ProvinceKind::Land => CoastError::Inland(p),
            ProvinceKind::Coast => CoastError::OneCoast(p),
        };
        if fleet {
            return Err(what);
        }
        why.push(what);
    } else if fleet {
        if !prov.coasts.contains(&c) {
            return Err(CoastError::NoSuchCoast(p, c));
        }
        return Ok(());
    } else {
        why.push(CoastError::Army(p));
    }
    loc.coast = None;
    Ok(())
}

/// Settles the coasts `order` names in `position` (see the module
/// comment). The `Err` is the reason a fleet's order cannot be.
pub fn settle(map: &Map, position: &Position, order: &Order) -> Result<Settled, CoastError> {
    let mut o = order.clone();
    let mut why = Vec::new();
    let w = &mut why;
    match &mut o {
        Order::Hold { unit } | Order::Disband { unit } | Order::Remove { unit } => {
            let t = unit_type(position, unit);
            settle_location(map, t, &mut unit.location, w)?;
        }
        Order::Move { unit, dest, .. } | Order::Retreat { unit, dest } => {
            let t = unit_type(position, unit);
            settle_location(map, t, &mut unit.location, w)?;
            settle_location(map, t, dest, w)?;
        }
        Order::SupportHold { unit, supported } => {
            let t = unit_type(position, unit);
            settle_location(map, t, &mut unit.location, w)?;
            let st = unit_type(position, supported);
            settle_location(map, st, &mut supported.location, w)?;
        }
        Order::SupportMove {
            unit,
            supported,
            dest,
        } => {
            let t = unit_type(position, unit);
            settle_location(map, t, &mut unit.location, w)?;
            let st = unit_type(position, supported);
            settle_location(map, st, &mut supported.location, w)?;
            settle_location(map, st, dest, w)?;
        }
        Order::Convoy { unit, army, dest } => {
            let t = unit_type(position, unit);
            settle_location(map, t, &mut unit.location, w)?;
            settle_location(map, Some(UnitType::Army), &mut army.location, w)?;
            settle_location(map, Some(UnitType::Army), dest, w)?;
        }
        Order::Build {
            unit_type,
            location,
        } => {
            settle_location(map, Some(*unit_type), location, w)?;
        }
        Order::Waive => {}
    }
    let note = (!why.is_empty()).then(|| {
        why.dedup();
        Reason::ReadAs {
            why,
            order: o.clone(),
        }
    });
    Ok(Settled { order: o, note })
}

/// Why a fleet cannot stand at `loc` because of its coast: a coast on a
/// province without coasts, or a coast the province does not have.
pub fn fleet_coast_error(map: &Map, loc: Location) -> Option<CoastError> {
    let mut l = loc;
    settle_location(map, Some(UnitType::Fleet), &mut l, &mut Vec::new()).err()
}

/// The orders of a phase with their impossible coasts dropped where that
/// is allowed (an army's); an order that cannot be is left as written,
/// for the adjudicator to rule invalid with [`fleet_coast_error`]'s
/// reason. `None` when no order changes (the usual case: an order that
/// names no coast has nothing to settle), so the orders need no copy.
pub fn settle_all(
    map: &Map,
    position: &Position,
    orders: &[(PowerId, Order)],
) -> Option<Vec<(PowerId, Order)>> {
    let mut settled: Option<Vec<(PowerId, Order)>> = None;
    for (i, (p, o)) in orders.iter().enumerate() {
        if !names_coast(o) {
            continue;
        }
        // Settling changes an order exactly when it drops a coast, and a
        // dropped coast always leaves a note.
        if let Ok(Settled {
            order,
            note: Some(_),
        }) = settle(map, position, o)
        {
            settled.get_or_insert_with(|| orders.to_vec())[i] = (*p, order);
        }
    }
    settled
}

/// Whether the order writes a coast anywhere: one that names none has
/// nothing to settle.
fn names_coast(order: &Order) -> bool {
    let c = |l: &Location| l.coast.is_some();
    match order {
        Order::Hold { unit } | Order::Disband { unit } | Order::Remove { unit } => {
            c(&unit.location)
        }
        Order::Move { unit, dest, .. } | Order::Retreat { unit, dest } => {
            c(&unit.location) || c(dest)
        }
        Order::SupportHold { unit, supported } => c(&unit.location) || c(&supported.location),
        Order::SupportMove {
            unit,
            supported,
            dest,
        } => c(&unit.location) || c(&supported.location) || c(dest),
        Order::Convoy { unit, army, dest } => c(&unit.location) || c(&army.location) || c(dest),
        Order::Build { location, .. } => c(location),
        Order::Waive => false,
    }
}
