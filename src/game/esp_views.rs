//! The judge's view of a phase's espionage unit by unit (`game history
//! PHASE`): the order as given, the reaction, the Fake or collision, and
//! the order adjudicated, each marked. Built from the stored orders and
//! espionage lines resolved again (as `game replay` does), never from the
//! secret log's words.

use super::Result;
use super::esp;
use super::loaded::{Loaded, live_orders};
use super::process::compute;
use crate::engine::espionage::{Resolution, Source, SpyEvent, order_location};
use crate::engine::map::{PowerId, ProvinceId};
use crate::engine::order::Order;
use crate::engine::position::Position;
use crate::store::{self, PhaseRow};
use crate::text::{Args, Lang};
use rusqlite::Connection;
use serde::Serialize;

/// A step's words: the judge's view is in English (the words are in the
/// catalogue, `# mails: the judge's espionage story`).
fn words(key: &str, args: Args) -> String {
    crate::text::render(Lang::En, key, &args)
}

/// One unit's (or build site's) way through a phase's espionage.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct UnitStory {
    pub power: String,
    /// The unit (`A tun`) or the province of a build.
    pub unit: String,
    pub steps: Vec<Step>,
}

/// One step, marked: `given`, `reaction`, `fake applied`, `fake stopped`,
/// `fake void`, `collision`, `adjudicated`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Step {
    pub mark: &'static str,
    pub text: String,
}

/// The stories of a processed phase of an espionage game (empty for any
/// other phase).
pub(super) fn phase_stories(c: &Connection, l: &Loaded, row: &PhaseRow) -> Result<Vec<UnitStory>> {
    if row.processed_at.is_none() {
        return Ok(Vec::new());
    }
    let Some(es) = esp::state(c, l, row)? else {
        return Ok(Vec::new());
    };
    let pos = l.position(row)?;
    let orders = store::orders(c, row.id)?;
    let live = live_orders(l, pos.phase.kind, &orders)?;
    let computed = compute(c, l, row, &pos, Some(&es), &live)?;
    let Some(res) = &computed.resolution else {
        return Ok(Vec::new());
    };
    let frozen: Vec<(PowerId, Order)> = live.iter().map(|(_, p, o)| (*p, o.clone())).collect();
    Ok(stories(l, &pos, &frozen, res))
}

fn stories(
    l: &Loaded,
    pos: &Position,
    frozen: &[(PowerId, Order)],
    res: &Resolution,
) -> Vec<UnitStory> {
    let map = l.map;
    let name = |p: PowerId| map.power(p).display_name();
    let at_p = |o: &Order| order_location(o).map(|x| x.province);
    // Every place something happened: the units, the orders, the events.
    let mut places: Vec<(PowerId, ProvinceId)> = Vec::new();
    let mut add = |p: PowerId, q: Option<ProvinceId>| {
        if let Some(q) = q
            && !places.iter().any(|(_, x)| *x == q)
        {
            places.push((p, q));
        }
    };
    let units: Vec<_> = pos
        .units
        .iter()
        .chain(pos.dislodged.iter().map(|d| &d.unit))
        .collect();
    for u in &units {
        add(u.power, Some(u.location.province));
    }
    for (p, o) in frozen {
        add(*p, at_p(o));
    }
    for f in &res.orders {
        add(f.power, at_p(&f.order));
    }
    for e in &res.events {
        match e {
            SpyEvent::FakeApplied { owner, at, .. } | SpyEvent::FakeStopped { owner, at, .. } => {
                add(*owner, at.map(|x| x.province))
            }
            SpyEvent::Collision { owner, at, .. } => add(*owner, at.map(|x| x.province)),
            _ => {}
        }
    }
    places.sort_by_key(|(p, q)| (*p, map.province(*q).abbr.clone()));
    let mut out = Vec::new();
    for (owner, q) in places {
        let unit = units.iter().find(|u| u.location.province == q);
        let mut steps = Vec::new();
        let mut step = |mark, text| steps.push(Step { mark, text });
        let given: Vec<&Order> = frozen
            .iter()
            .filter(|(p, o)| *p == owner && at_p(o) == Some(q))
            .map(|(_, o)| o)
            .collect();
        match given.last() {
            Some(o) => step("given", o.to_text(map)),
            None if unit.is_some() => step("given", words("story-no-order-hold", Args::new())),
            None => {}
        }
        for e in &res.events {
            if let Some((mark, text)) = event_step(map, e, q) {
                step(mark, text);
            }
        }
        match res.orders.iter().rev().find(|f| at_p(&f.order) == Some(q)) {
            Some(f) => {
                let how = match f.source {
                    Source::Submitted(_) => words("story-as-given", Args::new()),
                    Source::Reaction => words("story-by-reaction", Args::new()),
                    Source::Fake { faker } => {
                        words("story-by-fake", Args::new().str("faker", name(faker)))
                    }
                };
                let args = Args::new()
                    .str("order", f.order.to_text(map))
                    .str("how", how);
                step("adjudicated", words("story-adjudicated", args));
            }
            None if unit.is_some() => {
                step("adjudicated", words("story-no-order-hold", Args::new()))
            }
            None => step("adjudicated", words("story-replaced", Args::new())),
        }
        out.push(UnitStory {
            power: l.pname(owner),
            unit: unit.map_or_else(|| map.province(q).abbr.clone(), |u| u.text(map)),
            steps,
        });
    }
    out
}

/// The step an espionage event adds to the story of the unit (or build
/// site) in province `q`, if it concerns it.
fn event_step(
    map: &crate::engine::map::Map,
    e: &SpyEvent,
    q: ProvinceId,
) -> Option<(&'static str, String)> {
    let name = |p: PowerId| map.power(p).display_name();
    Some(match e {
        SpyEvent::Reaction {
            unit: at,
            before,
            after,
            ..
        } if at.province == q => (
            "reaction",
            words(
                "story-reaction",
                Args::new().str("order", after.to_text(map)).str(
                    "before",
                    before
                        .as_ref()
                        .map_or_else(|| words("story-no-order", Args::new()), |o| o.to_text(map)),
                ),
            ),
        ),
        SpyEvent::FakeApplied {
            faker, at, order, ..
        } if at.map(|x| x.province) == Some(q) => (
            "fake applied",
            words(
                "story-fake-applied",
                Args::new()
                    .str("order", order.to_text(map))
                    .str("faker", name(*faker)),
            ),
        ),
        SpyEvent::FakeStopped {
            faker,
            owner: o,
            at,
            order,
        } if at.map(|x| x.province) == Some(q) => (
            "fake stopped",
            words(
                "story-fake-stopped",
                Args::new()
                    .str("order", order.to_text(map))
                    .str("faker", name(*faker))
                    .str("owner", name(*o)),
            ),
        ),
        SpyEvent::FakeVoid { faker, at, order } if at.map(|x| x.province) == Some(q) => (
            "fake void",
            words(
                "story-fake-void",
                Args::new()
                    .str("order", order.to_text(map))
                    .str("faker", name(*faker)),
            ),
        ),
        SpyEvent::Collision { at, fakes, .. } if at.map(|x| x.province) == Some(q) => (
            "collision",
            words(
                "story-collision",
                Args::new().str(
                    "tried",
                    fakes
                        .iter()
                        .map(|(p, o)| {
                            words(
                                "story-tried",
                                Args::new()
                                    .str("power", name(*p))
                                    .str("order", o.to_text(map)),
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
            ),
        ),
        _ => return None,
    })
}
