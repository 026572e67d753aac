//! Spy orders checked when they arrive (ESP-1..4, ESP-7, SPI-1, SPI-2,
//! SPI-5, SPI-6, SPI-8): `Err` is the reason the sender is told.

use super::resolve::with_unit_type;
use super::{Context, Organisations, Refusal, Rejected, reject};
use crate::engine::adjudicate::{self, Outcome, Reason};
use crate::engine::map::{BuildSites, Map, PowerId, ProvinceId, UnitType};
use crate::engine::order::{Order, SpyOrder, UnitRef};
use crate::engine::phase::PhaseKind;
use crate::engine::position::Unit;

/// Checks a spy order when it arrives; `Err` is what the sender is told.
pub fn validate(ctx: &Context<'_>, power: PowerId, order: &SpyOrder) -> Result<(), Rejected> {
    let orgs = ctx.organisations_now();
    match order {
        SpyOrder::Spy { target } => esp_3_spy_order(ctx, power, target),
        SpyOrder::CounterSpy { unit } => esp_4_counter_spy_order(ctx, power, unit),
        SpyOrder::Reaction(o) => esp_7_reaction(ctx, power, Some(o)),
        SpyOrder::ReactionNone => esp_7_reaction(ctx, power, None),
        SpyOrder::Fake { order, retreat } => {
            spi_1_may_use_organisation(ctx, &orgs, power)?;
            spi_8_not_exposed(&orgs, power)?;
            spi_5_fake_is_legal(ctx, power, order, retreat.as_ref())
        }
        SpyOrder::Anti { nation } => {
            spi_1_may_use_organisation(ctx, &orgs, power)?;
            spi_6_anti(power, *nation)
        }
        SpyOrder::Found { province } => spi_2_founding(ctx, &orgs, power, *province),
    }
}

pub(super) fn espionnite_in_force(ctx: &Context<'_>) -> Result<(), Rejected> {
    if !ctx.rules.espionnite {
        return reject("ESP", Refusal::EspionniteNotInForce);
    }
    Ok(())
}

/// ESP-2: spies, counter-spies and reactions belong to movement phases.
pub(super) fn esp_2_movement_only(ctx: &Context<'_>) -> Result<(), Rejected> {
    espionnite_in_force(ctx)?;
    if ctx.position.phase.kind != PhaseKind::Movement {
        return reject("ESP-2", Refusal::MovementOnly);
    }
    Ok(())
}

/// ESP-1: only a power with at least one unit has agents.
pub(super) fn esp_1_has_agents(ctx: &Context<'_>, power: PowerId) -> Result<(), Rejected> {
    if ctx.position.units_of(power).next().is_none() {
        return reject("ESP-1", Refusal::NoUnits(power));
    }
    Ok(())
}

/// The unit an order names, checked against the board: present and of the
/// type written (in a retreat phase, the unit dislodged there).
pub(super) fn named_unit<'p>(
    ctx: &Context<'p>,
    rule: &'static str,
    unit: &UnitRef,
) -> Result<&'p Unit, Rejected> {
    let p = unit.location.province;
    let Some(u) = ctx.position.ordered_unit(p) else {
        let why = if ctx.position.phase.kind == PhaseKind::Retreat {
            Refusal::NoDislodgedUnit(p)
        } else {
            Refusal::NoUnit(p)
        };
        return reject(rule, why);
    };
    if unit.unit_type.is_some_and(|t| t != u.unit_type) {
        return reject(rule, Refusal::UnitIs(*u));
    }
    Ok(u)
}

/// ESP-3: a spy watches a unit of another power.
pub(super) fn esp_3_spy_order(
    ctx: &Context<'_>,
    power: PowerId,
    target: &UnitRef,
) -> Result<(), Rejected> {
    esp_2_movement_only(ctx)?;
    esp_1_has_agents(ctx, power)?;
    let u = named_unit(ctx, "ESP-3", target)?;
    if u.power == power {
        return reject("ESP-3", Refusal::SpyOnOwnUnit(*u));
    }
    Ok(())
}

/// ESP-4: a counter-spy covers one of the power's own units.
pub(super) fn esp_4_counter_spy_order(
    ctx: &Context<'_>,
    power: PowerId,
    unit: &UnitRef,
) -> Result<(), Rejected> {
    esp_2_movement_only(ctx)?;
    esp_1_has_agents(ctx, power)?;
    let u = named_unit(ctx, "ESP-4", unit)?;
    if u.power != power {
        return reject("ESP-4", Refusal::CounterSpyNotOwn(*u));
    }
    Ok(())
}

/// ESP-7: a reaction replaces the order of one of the power's own units
/// with a legal order.
pub(super) fn esp_7_reaction(
    ctx: &Context<'_>,
    power: PowerId,
    order: Option<&Order>,
) -> Result<(), Rejected> {
    esp_2_movement_only(ctx)?;
    let Some(order) = order else { return Ok(()) };
    let Some(unit) = order.unit() else {
        return reject("ESP-7", Refusal::ReactionNotUnitOrder);
    };
    let u = named_unit(ctx, "ESP-7", unit)?;
    if u.power != power {
        return reject("ESP-7", Refusal::ReactionNotOwn(*u));
    }
    if let Some(why) = illegal(ctx, power, order) {
        return reject("ESP-7", Refusal::Illegal(why));
    }
    Ok(())
}

/// Why an order is illegal for its unit in this phase, if it is: the
/// adjudicator is asked about the order alone.
pub(super) fn illegal(ctx: &Context<'_>, power: PowerId, order: &Order) -> Option<Reason> {
    let r = adjudicate::adjudicate(ctx.map, ctx.position, &[(power, order.clone())]);
    let first = r.results.into_iter().next()?;
    (first.outcome == Outcome::Invalid).then_some(first.reason)
}

pub(super) fn spionage_in_force(ctx: &Context<'_>) -> Result<(), Rejected> {
    if !ctx.rules.spionage {
        return reject("SPI", Refusal::SpionageNotInForce);
    }
    Ok(())
}

/// SPI-1 (never in the first movement phase) and SPI-2/SPI-3 (only a
/// power that has founded its organisation gives Fakes and Antis).
pub(super) fn spi_1_may_use_organisation(
    ctx: &Context<'_>,
    orgs: &Organisations,
    power: PowerId,
) -> Result<(), Rejected> {
    spionage_in_force(ctx)?;
    if ctx.position.phase == ctx.first_phase {
        return reject("SPI-1", Refusal::FirstPhase);
    }
    if !orgs.founded.contains(&power) {
        return reject("SPI-2", Refusal::NoOrganisation(power));
    }
    Ok(())
}

/// SPI-8: an exposed power gives no further Fakes this round.
pub(super) fn spi_8_not_exposed(orgs: &Organisations, power: PowerId) -> Result<(), Rejected> {
    if orgs.exposed.contains(&power) {
        return reject("SPI-8", Refusal::Exposed(power));
    }
    Ok(())
}

/// SPI-5: a Fake is a legal order of this phase for another power's unit.
pub(super) fn spi_5_fake_is_legal(
    ctx: &Context<'_>,
    power: PowerId,
    order: &Order,
    retreat: Option<&Order>,
) -> Result<(), Rejected> {
    let kind = ctx.position.phase.kind;
    let owner = match order {
        Order::Build {
            unit_type,
            location,
        } => spi_5_build_fake_is_legal(ctx, *unit_type, *location)?,
        _ => {
            let Some(unit) = order.unit() else {
                return reject("SPI-5", Refusal::FakeNamesUnitOrBuild);
            };
            let u = named_unit(ctx, "SPI-5", unit)?;
            if kind != PhaseKind::Adjustment
                && let Some(why) = illegal(ctx, u.power, &with_unit_type(order, u.unit_type))
            {
                return reject("SPI-5", Refusal::Illegal(why));
            }
            u.power
        }
    };
    if owner == power {
        return reject("SPI-5", Refusal::FakeForOther);
    }
    if let Some(Order::Retreat { unit, dest }) = retreat {
        // The (R: ...) part of a movement Fake: the unit stands on the
        // board now.
        if let Some(u) = ctx.position.ordered_unit(unit.location.province)
            && !ctx.map.unit_reaches(u.unit_type, u.location, dest.province)
        {
            return reject("SPI-5", Refusal::CouldNotRetreat(*u, *dest));
        }
    }
    Ok(())
}

/// SPI-5: a build Fake is itself a legal build (vacant owned home centre,
/// a unit type that fits); returns the power whose build it replaces.
pub(super) fn spi_5_build_fake_is_legal(
    ctx: &Context<'_>,
    unit_type: UnitType,
    location: crate::engine::map::Location,
) -> Result<PowerId, Rejected> {
    let prov = ctx.map.province(location.province);
    let p = location.province;
    let Some(home) = build_owner(ctx.map, ctx.position, p) else {
        return reject("SPI-5", Refusal::NotHomeCentre(p));
    };
    if ctx.position.owner(p) != Some(home) {
        return reject("SPI-5", Refusal::DoesNotOwn(home, p));
    }
    if ctx.position.unit_at(p).is_some() {
        return reject("SPI-5", Refusal::Occupied(p));
    }
    let needs_coast =
        unit_type == UnitType::Fleet && location.coast.is_none() && !prov.coasts.is_empty();
    if needs_coast || !ctx.map.can_occupy(unit_type, location) {
        return reject("SPI-5", Refusal::CannotBuild(unit_type, location));
    }
    Ok(home)
}

/// SPI-6: an Anti names another nation.
pub(super) fn spi_6_anti(power: PowerId, nation: PowerId) -> Result<(), Rejected> {
    if nation == power {
        return reject("SPI-6", Refusal::AntiNamesOther);
    }
    Ok(())
}

/// SPI-2, SPI-3: founding, in an adjustment phase, in an own home centre
/// owned and empty, once per power.
pub(super) fn spi_2_founding(
    ctx: &Context<'_>,
    orgs: &Organisations,
    power: PowerId,
    province: ProvinceId,
) -> Result<(), Rejected> {
    spionage_in_force(ctx)?;
    if ctx.position.phase.kind != PhaseKind::Adjustment {
        return reject("SPI-2", Refusal::FoundInWinter);
    }
    if orgs.founded.contains(&power) {
        return reject("SPI-3", Refusal::AlreadyFounded(power));
    }
    let prov = ctx.map.province(province);
    if prov.home != Some(power) || !prov.supply_center {
        return reject("SPI-2", Refusal::NotHomeCentreOf(province, power));
    }
    if ctx.position.owner(province) != Some(power) {
        return reject("SPI-2", Refusal::DoesNotOwn(power, province));
    }
    if ctx.position.unit_at(province).is_some() {
        return reject("SPI-2", Refusal::FoundOccupied(province));
    }
    Ok(())
}

/// The power that may build in a province: its home power, or on a map
/// where builds go in any owned centre (`BuildSites::Any`), its owner.
pub(super) fn build_owner(
    map: &Map,
    position: &crate::engine::position::Position,
    province: ProvinceId,
) -> Option<PowerId> {
    let prov = map.province(province);
    match map.builds() {
        BuildSites::Home => prov.home,
        BuildSites::Any if prov.supply_center => position.owner(province),
        BuildSites::Any => None,
    }
}
