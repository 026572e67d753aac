//! Spionage's Fakes and Antis (SPI-4..9, SPI-11): each organisation's
//! order for the phase, stopped by an Anti, colliding, or applied.

use super::resolve::{
    last_per_power, replace_at, replace_unit_order, unit_province, with_unit_type,
};
use super::validate::illegal;
use super::{
    Context, FinalOrder, PublicLine, Resolution, RetreatFake, SecretEntry, SecretKind, SecretLine,
    Source, SpyEvent, order_location,
};
use crate::engine::map::{PowerId, ProvinceId};
use crate::engine::order::{Order, SpyOrder, UnitRef};
use crate::engine::phase::PhaseKind;
use std::collections::BTreeMap;

/// One Fake being resolved.
#[derive(Clone, Debug)]
pub(super) struct Fake {
    faker: PowerId,
    /// The power whose unit (or builds) it is against.
    owner: PowerId,
    order: Order,
}

/// SPI-4: the organisation's one order for this phase (its last), and for
/// a retreat phase the (R: ...) part of its movement Fake when it has none.
pub(super) fn spi_4_phase_orders(
    ctx: &Context<'_>,
    valid: &[(PowerId, &SpyOrder)],
) -> BTreeMap<PowerId, SpyOrder> {
    let mut out: BTreeMap<PowerId, SpyOrder> = last_per_power(valid, |o| match o {
        SpyOrder::Fake { .. } | SpyOrder::Anti { .. } => Some(o.clone()),
        _ => None,
    });
    if ctx.position.phase.kind == PhaseKind::Retreat {
        for rf in &ctx.organisations.retreat_fakes {
            let p = unit_province(&rf.order).expect("a retreat names its unit");
            // SPI-5: a retreat part that is illegal now does nothing.
            if let Some(u) = ctx.position.ordered_unit(p)
                && illegal(ctx, u.power, &rf.order).is_none()
            {
                out.entry(rf.faker).or_insert(SpyOrder::Fake {
                    order: rf.order.clone(),
                    retreat: None,
                });
            }
        }
    }
    out
}

/// SPI-7: Antis stop Fakes (step 1), colliding Fakes expose their powers
/// and do nothing (step 2), the rest take effect (step 3).
pub(super) fn spi_7_fakes_and_antis(
    ctx: &Context<'_>,
    valid: &[(PowerId, &SpyOrder)],
    r: &mut Resolution,
) {
    let phase_orders = spi_4_phase_orders(ctx, valid);
    let mut antis = r.organisations.antis.clone();
    let mut fakes = Vec::new();
    for (p, o) in &phase_orders {
        match o {
            SpyOrder::Anti { nation } => {
                antis.insert(*p, *nation);
                r.organisations.antis.insert(*p, *nation);
            }
            SpyOrder::Fake { order, retreat } => {
                antis.remove(p);
                if let Some(rt) = retreat {
                    r.organisations.retreat_fakes.push(RetreatFake {
                        faker: *p,
                        order: rt.clone(),
                    });
                }
                if let Some(f) = spi_8_live_fake(ctx, r, *p, order) {
                    fakes.push(f);
                }
            }
            _ => {}
        }
    }
    for (giver, against) in &antis {
        r.events.push(SpyEvent::Anti {
            giver: *giver,
            against: *against,
        });
    }
    let fakes = spi_6_stop_by_anti(ctx, &antis, fakes, r);
    let fakes = spi_7_collisions(ctx, fakes, r);
    for f in fakes {
        spi_9_apply_fake(ctx, f, r);
    }
}

/// SPI-8: a Fake of a power exposed earlier this round does nothing.
/// Otherwise the Fake with its target's owner.
pub(super) fn spi_8_live_fake(
    ctx: &Context<'_>,
    r: &mut Resolution,
    faker: PowerId,
    order: &Order,
) -> Option<Fake> {
    if r.organisations.exposed.contains(&faker) {
        r.events.push(SpyEvent::FakeVoid {
            faker,
            at: order_location(order),
            order: order.clone(),
        });
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::FakeVoid,
            power: faker,
            line: SecretLine::FakeWhileExposed {
                order: order.clone(),
            },
        });
        return None;
    }
    let (owner, order) = match order {
        Order::Build { location, .. } => (
            super::validate::build_owner(ctx.map, ctx.position, location.province)?,
            order.clone(),
        ),
        _ => {
            let p = unit_province(order)?;
            let u = ctx.position.ordered_unit(p)?;
            (u.power, with_unit_type(order, u.unit_type))
        }
    };
    Some(Fake {
        faker,
        owner,
        order,
    })
}

/// SPI-6 (SPI-7 step 1): a Fake against a power with an Anti naming the
/// faker is stopped; the public results show the stopped order, not who
/// tried it (SPI-10 a).
pub(super) fn spi_6_stop_by_anti(
    ctx: &Context<'_>,
    antis: &BTreeMap<PowerId, PowerId>,
    fakes: Vec<Fake>,
    r: &mut Resolution,
) -> Vec<Fake> {
    let mut left = Vec::new();
    for f in fakes {
        if antis.get(&f.owner) != Some(&f.faker) {
            left.push(f);
            continue;
        }
        r.events.push(SpyEvent::FakeStopped {
            faker: f.faker,
            owner: f.owner,
            at: order_location(&f.order),
            order: f.order.clone(),
        });
        r.public.push(PublicLine::FakeStopped {
            order: f.order.clone(),
            owner: f.owner,
        });
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::FakeStopped,
            power: f.faker,
            line: SecretLine::FakeStopped {
                order: f.order.clone(),
                owner: f.owner,
            },
        });
    }
    left
}

/// What a Fake aims at, for collisions (SPI-7 step 2): the unit, or in an
/// adjustment phase the build or removal it would replace.
pub(super) fn spi_7_target(r: &Resolution, f: &Fake) -> Option<(PowerId, u8, usize)> {
    match &f.order {
        Order::Build { location, .. } => {
            let i = build_to_replace(r, f.owner, location.province)?;
            Some((f.owner, 0, i))
        }
        Order::Remove { .. } => {
            let p = match removal_to_replace(r, f.owner, unit_province(&f.order)?) {
                Some(i) => unit_province(&r.orders[i].order)?,
                None => unit_province(&f.order)?,
            };
            Some((f.owner, 1, p.0 as usize))
        }
        o => Some((f.owner, 2, unit_province(o)?.0 as usize)),
    }
}

/// SPI-7 step 2, SPI-8: Fakes by two or more powers against the same
/// target do nothing and expose every power involved; the public results
/// name them and their orders (SPI-10 b).
pub(super) fn spi_7_collisions(
    ctx: &Context<'_>,
    fakes: Vec<Fake>,
    r: &mut Resolution,
) -> Vec<Fake> {
    let mut groups: BTreeMap<(PowerId, u8, usize), Vec<Fake>> = BTreeMap::new();
    let mut left = Vec::new();
    for f in fakes {
        match spi_7_target(r, &f) {
            Some(t) => groups.entry(t).or_default().push(f),
            None => left.push(f),
        }
    }
    for (_, group) in groups {
        if group.len() < 2 {
            left.extend(group);
            continue;
        }
        r.events.push(SpyEvent::Collision {
            owner: group[0].owner,
            at: order_location(&group[0].order),
            fakes: group.iter().map(|f| (f.faker, f.order.clone())).collect(),
        });
        r.public.push(PublicLine::Collision {
            tried: group.iter().map(|f| (f.faker, f.order.clone())).collect(),
            exposed: group.iter().map(|f| f.faker).collect(),
        });
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Collision,
            power: group[0].owner,
            line: SecretLine::Collision {
                tried: group.iter().map(|f| (f.faker, f.order.clone())).collect(),
            },
        });
        for f in &group {
            r.organisations.exposed.insert(f.faker);
            r.events.push(SpyEvent::Exposed { power: f.faker });
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Exposed,
                power: f.faker,
                line: SecretLine::Exposed,
            });
        }
    }
    left
}

/// SPI-5: the build a build Fake replaces: the target's build in the same
/// province, otherwise the last it listed.
pub(super) fn build_to_replace(
    r: &Resolution,
    owner: PowerId,
    province: ProvinceId,
) -> Option<usize> {
    let builds: Vec<usize> = (0..r.orders.len())
        .filter(|&i| r.orders[i].power == owner && matches!(r.orders[i].order, Order::Build { .. }))
        .collect();
    builds
        .iter()
        .copied()
        .find(|&i| {
            matches!(&r.orders[i].order, Order::Build { location, .. } if location.province == province)
        })
        .or(builds.last().copied())
}

/// SPI-5: the removal a removal Fake replaces: the same unit's (then
/// nothing changes), otherwise the last the target listed.
pub(super) fn removal_to_replace(
    r: &Resolution,
    owner: PowerId,
    province: ProvinceId,
) -> Option<usize> {
    let removals: Vec<usize> = (0..r.orders.len())
        .filter(|&i| {
            r.orders[i].power == owner && matches!(r.orders[i].order, Order::Remove { .. })
        })
        .collect();
    removals
        .iter()
        .copied()
        .find(|&i| unit_province(&r.orders[i].order) == Some(province))
        .or(removals.last().copied())
}

/// SPI-7 step 3, SPI-9: the Fake takes effect as an order of the unit's
/// owner, in place of the owner's order.
pub(super) fn spi_9_apply_fake(ctx: &Context<'_>, f: Fake, r: &mut Resolution) {
    let new = FinalOrder {
        power: f.owner,
        order: f.order.clone(),
        source: Source::Fake { faker: f.faker },
    };
    let (applied, before) = match &f.order {
        Order::Build { location, .. } => match build_to_replace(r, f.owner, location.province) {
            Some(i) => (true, replace_at(r, &[i], new)),
            None => (false, None),
        },
        Order::Remove { unit } => {
            spi_5_apply_removal_fake(ctx, r, f.owner, unit.location.province, new)
        }
        _ => {
            let p = unit_province(&f.order).expect("a unit order");
            (true, replace_unit_order(r, f.owner, p, new))
        }
    };
    r.events.push(if applied {
        SpyEvent::FakeApplied {
            faker: f.faker,
            owner: f.owner,
            at: order_location(&f.order),
            order: f.order.clone(),
            replaced: before.clone(),
        }
    } else {
        SpyEvent::FakeVoid {
            faker: f.faker,
            at: order_location(&f.order),
            order: f.order.clone(),
        }
    });
    let line = if applied {
        SecretLine::FakeApplied {
            order: f.order.clone(),
            owner: f.owner,
            replaced: before,
        }
    } else {
        SecretLine::FakeNothingToReplace {
            order: f.order.clone(),
        }
    };
    r.secret.push(SecretEntry {
        phase: ctx.position.phase,
        kind: if applied {
            SecretKind::FakeApplied
        } else {
            SecretKind::FakeVoid
        },
        power: f.faker,
        line,
    });
}

/// SPI-5 removal Fakes: the same unit already removed changes nothing;
/// otherwise the last removal listed is replaced; when the target gave
/// none but owes removals, the Fake's removal is added and civil disorder
/// takes the rest, which is the civil-disorder list with its last entry
/// replaced (the adjudicator computes the list the same way).
pub(super) fn spi_5_apply_removal_fake(
    ctx: &Context<'_>,
    r: &mut Resolution,
    owner: PowerId,
    province: ProvinceId,
    new: FinalOrder,
) -> (bool, Option<Order>) {
    match removal_to_replace(r, owner, province) {
        Some(i) if unit_province(&r.orders[i].order) == Some(province) => (false, None),
        Some(i) => (true, replace_at(r, &[i], new)),
        None => {
            let owed = ctx
                .position
                .adjustments(ctx.map)
                .iter()
                .find(|c| c.power == owner)
                .map_or(0, |c| -c.delta());
            if owed <= 0 {
                return (false, None);
            }
            let cd = crate::engine::adjudicate::adjustment::civil_disorder_removals(
                ctx.map,
                ctx.position,
                owner,
                &[],
                owed as usize,
            );
            if cd
                .iter()
                .any(|&i| ctx.position.units[i].location.province == province)
            {
                return (false, None);
            }
            let last = cd.last().map(|&i| Order::Remove {
                unit: UnitRef::new(
                    Some(ctx.position.units[i].unit_type),
                    ctx.position.units[i].location,
                ),
            });
            r.orders.push(new);
            (true, last)
        }
    }
}

/// SPI-11: which order each unit was finally adjudicated with.
pub(super) fn spi_11_log_adjudicated(ctx: &Context<'_>, r: &mut Resolution) {
    if !ctx.rules.any() {
        return;
    }
    let entries: Vec<SecretEntry> = r
        .orders
        .iter()
        .map(|o| SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Adjudicated,
            power: o.power,
            line: SecretLine::Adjudicated {
                order: o.order.clone(),
                source: o.source,
            },
        })
        .collect();
    r.secret.extend(entries);
}
