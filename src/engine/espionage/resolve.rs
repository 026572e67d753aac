//! A phase's espionage resolved: Espionnite's spying and reactions
//! (ESP-5..9) and Spionage's foundings (SPI-2), then the Fakes.

use super::fakes::{spi_7_fakes_and_antis, spi_11_log_adjudicated};
use super::validate::{spi_2_founding, validate};
use super::{
    Context, FinalOrder, Resolution, SecretEntry, SecretKind, SecretLine, Source, SpyEvent, Told,
};
use crate::engine::map::{PowerId, ProvinceId, UnitType};
use crate::engine::order::{Order, SpyOrder};
use crate::engine::phase::PhaseKind;
use crate::engine::position::Unit;
use std::collections::{BTreeMap, BTreeSet};

/// The order with the unit's type written in, for normalised text.
pub(super) fn with_unit_type(order: &Order, t: UnitType) -> Order {
    let mut o = order.clone();
    if let Some(unit) = o.unit_mut() {
        unit.unit_type = Some(t);
    }
    o
}

/// The province an order's unit stands in.
pub(super) fn unit_province(order: &Order) -> Option<ProvinceId> {
    order.unit().map(|u| u.location.province)
}

/// Resolves a phase's espionage (see the module documentation).
/// `orders` are the frozen orders as submitted; `spy_orders` every spy
/// order received for the phase, reactions included, in the order received.
pub fn resolve(
    ctx: &Context<'_>,
    orders: &[(PowerId, Order)],
    spy_orders: &[(PowerId, SpyOrder)],
) -> Resolution {
    let mut r = Resolution {
        orders: orders
            .iter()
            .enumerate()
            .map(|(i, (p, o))| FinalOrder {
                power: *p,
                order: o.clone(),
                source: Source::Submitted(i),
            })
            .collect(),
        organisations: ctx.organisations_now(),
        ..Resolution::default()
    };
    let valid = accepted_spy_orders(ctx, spy_orders, &mut r);
    if ctx.rules.espionnite && ctx.position.phase.kind == PhaseKind::Movement {
        esp_5_spying(ctx, orders, &valid, &mut r);
        esp_9_apply_reactions(ctx, &valid, &mut r);
    }
    if ctx.rules.spionage {
        spi_2_found(ctx, &valid, &mut r);
        spi_7_fakes_and_antis(ctx, &valid, &mut r);
    }
    spi_11_log_adjudicated(ctx, &mut r);
    r
}

/// ESP-8: the reaction phase may end before its deadline once every power
/// that still has units has sent a valid reaction or `REACTION NONE`.
pub fn esp_8_reactions_complete(ctx: &Context<'_>, spy_orders: &[(PowerId, SpyOrder)]) -> bool {
    let reacted: BTreeSet<PowerId> = spy_orders
        .iter()
        .filter(|(p, o)| {
            matches!(o, SpyOrder::Reaction(_) | SpyOrder::ReactionNone)
                && validate(ctx, *p, o).is_ok()
        })
        .map(|(p, _)| *p)
        .collect();
    esp_8_reactions_owed(ctx).is_subset(&reacted)
}

/// ESP-8: the powers that owe a reaction when the reaction phase opens:
/// every power that still has units.
pub fn esp_8_reactions_owed(ctx: &Context<'_>) -> BTreeSet<PowerId> {
    ctx.position.units.iter().map(|u| u.power).collect()
}

/// SPI-2: in a Spionage game the winter adjustment phase is held every
/// year; it waits for a power only if it has builds or removals to give, or
/// may found its organisation (none yet, and an own home centre owned and
/// empty).
pub fn spi_2_winter_waits_for(ctx: &Context<'_>, power: PowerId) -> bool {
    let adjusts = ctx
        .position
        .adjustments(ctx.map)
        .iter()
        .any(|c| c.power == power && c.delta() != 0);
    let orgs = ctx.organisations_now();
    let may_found = ctx.rules.spionage
        && ctx
            .map
            .home_centers(power)
            .any(|h| spi_2_founding(ctx, &orgs, power, h).is_ok());
    adjusts || may_found
}

/// Logs every spy order and keeps those [`validate`] accepts.
pub(super) fn accepted_spy_orders<'s>(
    ctx: &Context<'_>,
    spy_orders: &'s [(PowerId, SpyOrder)],
    r: &mut Resolution,
) -> Vec<(PowerId, &'s SpyOrder)> {
    let mut valid = Vec::new();
    for (i, (p, o)) in spy_orders.iter().enumerate() {
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Received,
            power: *p,
            line: SecretLine::Received { order: o.clone() },
        });
        match validate(ctx, *p, o) {
            Ok(()) => valid.push((*p, o)),
            Err(e) => {
                r.secret.push(SecretEntry {
                    phase: ctx.position.phase,
                    kind: SecretKind::Rejected,
                    power: *p,
                    line: SecretLine::Rejected {
                        order: o.clone(),
                        why: e.clone(),
                    },
                });
                r.rejected.push((i, e));
            }
        }
    }
    valid
}

/// ESP-3/ESP-4: the last valid order of each kind counts, per power.
pub(super) fn last_per_power<'s, T>(
    valid: &[(PowerId, &'s SpyOrder)],
    pick: impl Fn(&'s SpyOrder) -> Option<T>,
) -> BTreeMap<PowerId, T> {
    let mut out = BTreeMap::new();
    for (p, o) in valid {
        if let Some(t) = pick(o) {
            out.insert(*p, t);
        }
    }
    out
}

/// ESP-5, ESP-6: each spy succeeds unless its target is covered by the
/// owner's counter-spy; a successful spy's power learns the frozen order.
pub(super) fn esp_5_spying(
    ctx: &Context<'_>,
    orders: &[(PowerId, Order)],
    valid: &[(PowerId, &SpyOrder)],
    r: &mut Resolution,
) {
    let covers = last_per_power(valid, |o| match o {
        SpyOrder::CounterSpy { unit } => Some(unit.location.province),
        _ => None,
    });
    let spies = last_per_power(valid, |o| match o {
        SpyOrder::Spy { target } => Some(target.location.province),
        _ => None,
    });
    for (p, covered) in &covers {
        let u = ctx.position.ordered_unit(*covered).expect("validated");
        r.events.push(SpyEvent::CounterSpy {
            power: *p,
            unit: u.location,
        });
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::SpyResult,
            power: *p,
            line: SecretLine::CounterSpyCovers { unit: *u },
        });
    }
    for (spy, target) in spies {
        let u = ctx.position.ordered_unit(target).expect("validated");
        r.events.push(SpyEvent::Spy {
            spy,
            owner: u.power,
            target: u.location,
            covered: covers.get(&u.power) == Some(&target),
        });
        if covers.get(&u.power) == Some(&target) {
            r.private
                .entry(spy)
                .or_default()
                .push(Told::LearnedNothing(*u));
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::SpyResult,
                power: spy,
                line: SecretLine::SpyCovered { unit: *u },
            });
            continue;
        }
        let order = esp_6_frozen_order(orders, u);
        r.private.entry(spy).or_default().push(Told::Reports {
            unit: *u,
            seen: order.clone(),
        });
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::SpyResult,
            power: spy,
            line: SecretLine::SpySucceeded {
                unit: *u,
                seen: order,
            },
        });
    }
}

/// ESP-6: the frozen order of a unit as its owner gave it (the last one
/// for that unit), normalised, or `hold (no order given)`.
pub(super) fn esp_6_frozen_order(orders: &[(PowerId, Order)], u: &Unit) -> Option<Order> {
    orders
        .iter()
        .rev()
        .find(|(p, o)| *p == u.power && unit_province(o) == Some(u.location.province))
        .map(|(_, o)| with_unit_type(o, u.unit_type))
}

/// Replaces the owner's order for the unit in `province` by `new`, in
/// place of the last one given (earlier ones are dropped too), or adds it.
pub(super) fn replace_unit_order(
    r: &mut Resolution,
    owner: PowerId,
    province: ProvinceId,
    new: FinalOrder,
) -> Option<Order> {
    let hits: Vec<usize> = (0..r.orders.len())
        .filter(|&i| {
            r.orders[i].power == owner && unit_province(&r.orders[i].order) == Some(province)
        })
        .collect();
    replace_at(r, &hits, new)
}

/// Puts `new` in place of the last of `hits` and drops the others; adds it
/// at the end when `hits` is empty. Returns the order it replaced.
pub(super) fn replace_at(r: &mut Resolution, hits: &[usize], new: FinalOrder) -> Option<Order> {
    let Some(&last) = hits.last() else {
        r.orders.push(new);
        return None;
    };
    let old = std::mem::replace(&mut r.orders[last], new);
    let mut gone = vec![old.clone()];
    for &i in hits[..hits.len() - 1].iter().rev() {
        gone.push(r.orders.remove(i));
    }
    for g in &gone {
        if let Source::Submitted(k) = g.source {
            r.replaced.push(k);
        }
    }
    r.replaced.sort_unstable();
    Some(old.order)
}

/// ESP-7, ESP-9: each power's last reaction (or `REACTION NONE`) counts;
/// it replaces the frozen order of one of its units.
pub(super) fn esp_9_apply_reactions(
    ctx: &Context<'_>,
    valid: &[(PowerId, &SpyOrder)],
    r: &mut Resolution,
) {
    let reactions = last_per_power(valid, |o| match o {
        SpyOrder::Reaction(order) => Some(Some(order)),
        SpyOrder::ReactionNone => Some(None),
        _ => None,
    });
    for (p, reaction) in reactions {
        let Some(order) = reaction else {
            r.events.push(SpyEvent::ReactionNone { power: p });
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Reaction,
                power: p,
                line: SecretLine::ReactedNone,
            });
            continue;
        };
        let province = unit_province(order).expect("validated");
        let u = ctx.position.ordered_unit(province).expect("validated");
        let order = with_unit_type(order, u.unit_type);
        let new = FinalOrder {
            power: p,
            order: order.clone(),
            source: Source::Reaction,
        };
        let replaced = replace_unit_order(r, p, province, new);
        r.events.push(SpyEvent::Reaction {
            power: p,
            unit: u.location,
            before: replaced.clone(),
            after: order.clone(),
        });
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Reaction,
            power: p,
            line: SecretLine::Reacted {
                before: replaced,
                after: order,
            },
        });
    }
}

/// SPI-2: organisations founded this winter.
pub(super) fn spi_2_found(ctx: &Context<'_>, valid: &[(PowerId, &SpyOrder)], r: &mut Resolution) {
    for (p, o) in valid {
        if let SpyOrder::Found { province } = o
            && r.organisations.founded.insert(*p)
        {
            r.events.push(SpyEvent::Founded {
                power: *p,
                province: *province,
            });
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Founded,
                power: *p,
                line: SecretLine::Founded {
                    province: *province,
                },
            });
        }
    }
}
