//! The judge's view of a processed phase beyond its stored orders, the
//! phase adjudicated again (as `game replay` does): what the rules did
//! where no order said (every game), and in an espionage game each unit's
//! way through the espionage (`game history PHASE`): the order as given,
//! the reaction, the Fake or collision, and the order adjudicated, each
//! marked. Built from the stored orders and espionage lines resolved
//! again, never from the secret log's words.
//!
//! A place is keyed by the unit an order of the phase names there
//! ([`Position::ordered_unit`]): in a retreat phase the dislodged unit and
//! its owner, not the unit that dislodged it and stands in the province.

use super::Result;
use super::esp;
use super::loaded::{Loaded, live_orders};
use super::process::compute;
use super::views::{DefaultKind, HistoryDefault};
use super::words::Args;
use crate::engine::Order;
use crate::engine::PhaseKind;
use crate::engine::Position;
use crate::engine::defaults::{ByDefault, by_default};
use crate::engine::{Map, PowerId, ProvinceId};
use crate::engine::{Resolution, Source, SpyEvent, order_location};
use crate::store::PhaseRow;
use crate::store::Tx;
use serde::Serialize;

/// A step's words: the judge's view is in English (the words are in the
/// catalogue, `# mails: the judge's espionage story`).
fn words(key: &str, args: Args) -> String {
    let w = super::words::words();
    w.message(w.judge_lang(), key, &args)
}

/// One unit's (or build site's) way through a phase's espionage.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct UnitStory {
    /// The power the unit belongs to (the map's name of it).
    pub power: String,
    /// The unit (`A tun`), the province of a build, or in a winter the
    /// power's builds not used.
    pub unit: String,
    /// Its steps through the phase, in order.
    pub steps: Vec<Step>,
}

/// One step, marked: `given`, `reaction`, `fake applied`, `fake stopped`,
/// `fake void`, `collision`, `adjudicated`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Step {
    /// What kind of step it is (`given`, `reaction`, `collision`, ...).
    pub mark: &'static str,
    /// What happened, in the judge's English.
    pub text: String,
}

/// What the history shows of a processed phase beyond its stored orders.
#[derive(Debug, Default)]
pub(super) struct PhaseDetail {
    /// Retreat and winter phases: what the rules did where no order said.
    pub(super) by_default: Vec<HistoryDefault>,
    /// An espionage game: each unit's way through the espionage.
    pub(super) stories: Vec<UnitStory>,
}

/// The detail of a phase (nothing for a phase not processed).
pub(super) fn phase_detail(c: &Tx<'_>, l: &Loaded, row: &PhaseRow) -> Result<PhaseDetail> {
    if row.processed_at.is_none() {
        return Ok(PhaseDetail::default());
    }
    let es = esp::state(c, l, row)?;
    let pos = l.position(row)?;
    let orders = c.orders(row.id)?;
    let live = live_orders(l, pos.phase.kind, &orders)?;
    let computed = compute(c, l, row, &pos, es.as_ref(), &live)?;
    let defaults = by_default(l.map, &pos, &computed.input, &computed.adj);
    let stories = match &computed.resolution {
        Some(res) => {
            let frozen: Vec<(PowerId, Order)> =
                live.iter().map(|(_, p, o)| (*p, o.clone())).collect();
            let phase = Phase {
                map: l.map,
                pos: &pos,
                frozen: &frozen,
                res,
                defaults: &defaults,
            };
            stories(l, &phase)
        }
        None => Vec::new(),
    };
    Ok(PhaseDetail {
        by_default: defaults
            .iter()
            .filter_map(|d| history_default(l, d))
            .collect(),
        stories,
    })
}

/// A default as the history lists it (a unit with no order that held in
/// a movement phase is not listed: the results show it).
fn history_default(l: &Loaded, d: &ByDefault) -> Option<HistoryDefault> {
    let (what, count) = match d {
        ByDefault::Held { .. } => return None,
        ByDefault::Disbanded(_) => (DefaultKind::Disbanded, 0),
        ByDefault::CivilDisorder(_) => (DefaultKind::CivilDisorder, 0),
        ByDefault::BuildsUnused { count, .. } => (DefaultKind::BuildsUnused, *count),
    };
    Some(HistoryDefault {
        power: l.pname(d.power()),
        unit: d.unit().map(|u| u.text(l.map)),
        what,
        count,
    })
}

/// One phase's material for its stories.
struct Phase<'a> {
    map: &'a Map,
    pos: &'a Position,
    /// The orders as the powers gave them (frozen).
    frozen: &'a [(PowerId, Order)],
    res: &'a Resolution,
    /// What the rules did where no order said, `res.orders` adjudicated.
    defaults: &'a [ByDefault],
}

impl Phase<'_> {
    fn kind(&self) -> PhaseKind {
        self.pos.phase.kind
    }

    /// The power whose unit an order at `q` names, else `p`.
    fn owner(&self, p: PowerId, q: ProvinceId) -> PowerId {
        self.pos.ordered_unit(q).map_or(p, |u| u.power)
    }

    /// Every place something happened, with its unit's owner: the units
    /// that take orders this phase (in a retreat phase the dislodged ones,
    /// in a winter those civil disorder removed), the orders, the events.
    fn places(&self) -> Vec<(PowerId, ProvinceId)> {
        let at_p = |o: &Order| order_location(o).map(|x| x.province);
        let mut places: Vec<(PowerId, ProvinceId)> = Vec::new();
        let mut add = |p: PowerId, q: Option<ProvinceId>| {
            if let Some(q) = q
                && !places.iter().any(|(_, x)| *x == q)
            {
                places.push((self.owner(p, q), q));
            }
        };
        let units: Vec<_> = match self.kind() {
            PhaseKind::Movement => self.pos.units.clone(),
            PhaseKind::Retreat => self.pos.dislodged.iter().map(|d| d.unit).collect(),
            PhaseKind::Adjustment => self
                .defaults
                .iter()
                .filter(|d| matches!(d, ByDefault::CivilDisorder(_)))
                .filter_map(|d| d.unit())
                .collect(),
        };
        for u in &units {
            add(u.power, Some(u.location.province));
        }
        for (p, o) in self.frozen {
            add(*p, at_p(o));
        }
        for f in &self.res.orders {
            add(f.power, at_p(&f.order));
        }
        for e in &self.res.events {
            match e {
                SpyEvent::FakeApplied { owner, at, .. }
                | SpyEvent::FakeStopped { owner, at, .. }
                | SpyEvent::Collision { owner, at, .. } => add(*owner, at.map(|x| x.province)),
                _ => {}
            }
        }
        places.sort_by_key(|(p, q)| (*p, self.map.province(*q).abbr.clone()));
        places
    }

    /// What a unit with no order does this phase: holds (movement), is
    /// disbanded (retreat); in a winter it is removed by civil disorder or
    /// stays.
    fn no_order(&self, q: ProvinceId) -> String {
        match self.kind() {
            PhaseKind::Movement => words("story-no-order-hold", Args::new()),
            PhaseKind::Retreat => words("story-no-order-disbanded", Args::new()),
            PhaseKind::Adjustment => {
                let cd = self
                    .defaults
                    .iter()
                    .any(|d| matches!(d, ByDefault::CivilDisorder(u) if u.location.province == q));
                if cd {
                    words("story-civil-disorder", Args::new())
                } else {
                    words("story-no-order", Args::new())
                }
            }
        }
    }

    /// What a Fake replaced, in words: the order, civil disorder's removal
    /// (a removal its owner never gave), or no order.
    fn replaced(&self, owner: PowerId, replaced: Option<&Order>) -> String {
        match replaced {
            Some(o @ Order::Remove { unit })
                if !self.frozen.iter().any(|(p, f)| *p == owner && f == o) =>
            {
                let unit = self
                    .pos
                    .ordered_unit(unit.location.province)
                    .map_or_else(|| o.to_text(self.map), |u| u.text(self.map));
                words(
                    "story-civil-disorder-removal",
                    Args::new().str("unit", unit),
                )
            }
            Some(o) => o.to_text(self.map),
            None if self.kind() == PhaseKind::Retreat => {
                words("story-no-order-disbanded", Args::new())
            }
            None => words("story-no-order", Args::new()),
        }
    }
}

fn stories(l: &Loaded, ph: &Phase<'_>) -> Vec<UnitStory> {
    let map = ph.map;
    let name = |p: PowerId| map.power(p).display_name();
    let at_p = |o: &Order| order_location(o).map(|x| x.province);
    let mut out: Vec<(PowerId, UnitStory)> = Vec::new();
    for (owner, q) in ph.places() {
        let unit = ph.pos.ordered_unit(q);
        let mut steps = Vec::new();
        let mut step = |mark, text| steps.push(Step { mark, text });
        let given = ph
            .frozen
            .iter()
            .rev()
            .find(|(p, o)| *p == owner && at_p(o) == Some(q))
            .map(|(_, o)| o);
        match given {
            Some(o) => step("given", o.to_text(map)),
            None if unit.is_some() => step("given", no_order_given(ph.kind())),
            None => {}
        }
        for e in &ph.res.events {
            if let Some((mark, text)) = event_step(ph, e, q) {
                step(mark, text);
            }
        }
        let last = ph
            .res
            .orders
            .iter()
            .rev()
            .find(|f| f.power == owner && at_p(&f.order) == Some(q));
        match last {
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
            None if unit.is_some() && given.is_none() => step("adjudicated", ph.no_order(q)),
            None => step("adjudicated", words("story-replaced", Args::new())),
        }
        out.push((
            owner,
            UnitStory {
                power: l.pname(owner),
                unit: unit.map_or_else(|| map.province(q).abbr.clone(), |u| u.text(map)),
                steps,
            },
        ));
    }
    // A power's builds not used come after its units.
    out.extend(unused_builds(l, ph));
    out.sort_by_key(|(p, _)| *p);
    out.into_iter().map(|(_, s)| s).collect()
}

/// The `given` step of a unit its owner gave no order.
fn no_order_given(kind: PhaseKind) -> String {
    match kind {
        PhaseKind::Movement => words("story-no-order-hold", Args::new()),
        PhaseKind::Retreat | PhaseKind::Adjustment => words("story-no-order", Args::new()),
    }
}

/// In a winter, each power's builds it was owed and did not use.
fn unused_builds(l: &Loaded, ph: &Phase<'_>) -> Vec<(PowerId, UnitStory)> {
    ph.defaults
        .iter()
        .filter_map(|d| match d {
            ByDefault::BuildsUnused { power, count } => Some((
                *power,
                UnitStory {
                    power: l.pname(*power),
                    unit: words("story-builds", Args::new()),
                    steps: vec![Step {
                        mark: "adjudicated",
                        text: words(
                            "story-builds-unused",
                            Args::new().num("count", f64::from(*count)),
                        ),
                    }],
                },
            )),
            _ => None,
        })
        .collect()
}

/// The step an espionage event adds to the story of the unit (or build
/// site) in province `q`, if it concerns it.
fn event_step(ph: &Phase<'_>, e: &SpyEvent, q: ProvinceId) -> Option<(&'static str, String)> {
    let map = ph.map;
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
            faker,
            owner,
            at,
            order,
            replaced,
        } if at.map(|x| x.province) == Some(q) => {
            let args = Args::new()
                .str("order", order.to_text(map))
                .str("faker", name(*faker));
            // In a movement phase the Fake takes the place of the unit's
            // own order, shown just above; in a retreat or a winter it
            // may stand for no order, or for civil disorder's removal.
            let text = match ph.kind() {
                PhaseKind::Movement => words("story-fake-applied", args),
                PhaseKind::Retreat | PhaseKind::Adjustment => words(
                    "story-fake-applied-in-place",
                    args.str("before", ph.replaced(*owner, replaced.as_ref())),
                ),
            };
            ("fake applied", text)
        }
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
