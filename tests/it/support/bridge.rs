//! A bridge between dipspy and the `diplomacy` crate, the engine the
//! differential test and the side-by-side benchmarks compare against.
//! Used by `tests/it/differential.rs` and `benches/compare.rs`.
//!
//! The crate's own standard map is not used: it lacks some borders and
//! differs on others, so the map it adjudicates on is built from dipspy's
//! map data through its map builder ([`Bridge::new`]).
//!
//! Orders are handed over as dipspy reads them. An order dipspy does not
//! attach to a unit (no unit there, another power's unit, the wrong unit
//! type, superseded by a later order to the same unit, an order of another
//! phase) is not passed on: the crate would ignore it too, but it counts
//! the province of such an order as occupied when it lists the units left
//! after a movement phase.
#![allow(dead_code)]

use diplomacy::geo::builder::ProvinceRegistry;
use diplomacy::geo::{
    Coast as DCoast, Map as DMap, Province as DProvince, ProvinceKey, RegionKey, SupplyCenter,
    Terrain,
};
use diplomacy::judge::build::WorldState;
use diplomacy::judge::{MappedBuildOrder, MappedMainOrder, MappedRetreatOrder};
use diplomacy::order::{
    BuildCommand, ConvoyedMove, MainCommand, MoveCommand, RetreatCommand, SupportedOrder,
};
use diplomacy::{Nation, UnitPosition, UnitType as DUnitType};
use dipspy::engine::{Coast, Location, Map, PowerId, ProvinceKind, UnitType};
use dipspy::engine::{Order, UnitRef};
use dipspy::engine::{Position, Unit};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// dipspy's map in the `diplomacy` crate's terms, with the name tables to
/// translate both ways.
pub(crate) struct Bridge {
    pub(crate) map: &'static Map,
    pub(crate) dmap: DMap,
    regions: HashMap<Location, RegionKey>,
    locations: HashMap<RegionKey, Location>,
    nations: Vec<Nation>,
}

fn dcoast(c: Coast) -> DCoast {
    match c {
        Coast::North => DCoast::North,
        Coast::South => DCoast::South,
        Coast::East => DCoast::East,
        Coast::West => DCoast::West,
    }
}

pub(crate) fn dtype(t: UnitType) -> DUnitType {
    match t {
        UnitType::Army => DUnitType::Army,
        UnitType::Fleet => DUnitType::Fleet,
    }
}

pub(crate) fn from_dtype(t: DUnitType) -> UnitType {
    match t {
        DUnitType::Army => UnitType::Army,
        DUnitType::Fleet => UnitType::Fleet,
    }
}

/// A unit as a plain tuple, for comparing boards.
pub(crate) type Piece = (PowerId, UnitType, Location);

pub(crate) fn piece(u: &Unit) -> Piece {
    (u.power, u.unit_type, u.location)
}

impl Bridge {
    /// Builds the crate's map from dipspy's: every province, a region per
    /// coast of a split-coast province (the province itself is then land),
    /// and one border per pair of regions, passable by armies, fleets or
    /// both as dipspy's adjacency says.
    pub(crate) fn new(map: &'static Map) -> Bridge {
        let nations: Vec<Nation> = map
            .powers()
            .iter()
            .map(|p| Nation::from(p.name.as_str()))
            .collect();
        let mut provinces = ProvinceRegistry::default();
        for p in map.provinces() {
            let supply_center = match (p.supply_center, p.home) {
                (false, _) => SupplyCenter::None,
                (true, None) => SupplyCenter::Neutral,
                (true, Some(h)) => SupplyCenter::Home(nations[h.0 as usize].clone()),
            };
            provinces
                .register(DProvince {
                    short_name: p.abbr.clone(),
                    supply_center,
                })
                .expect("province registers");
        }
        let mut regions = HashMap::new();
        let mut reg = provinces.finish();
        for p in map.provinces() {
            let base = Location::new(p.id);
            let terrain = match (p.kind, p.coasts.is_empty()) {
                (ProvinceKind::Land, _) => Terrain::Land,
                (ProvinceKind::Sea, _) => Terrain::Sea,
                (ProvinceKind::Coast, true) => Terrain::Coast,
                (ProvinceKind::Coast, false) => Terrain::Land,
            };
            reg.register(&p.abbr, None, terrain)
                .expect("region registers");
            regions.insert(base, RegionKey::new(p.abbr.as_str(), None));
            for &c in &p.coasts {
                reg.register(&p.abbr, dcoast(c), Terrain::Sea)
                    .expect("coast registers");
                regions.insert(
                    Location::with_coast(p.id, c),
                    RegionKey::new(p.abbr.as_str(), dcoast(c)),
                );
            }
        }
        let mut borders = reg.finish();
        let mut done: HashSet<(Location, Location)> = HashSet::new();
        let mut add = |a: Location, b: Location, t: Terrain, done: &mut HashSet<_>| {
            let key = if a < b { (a, b) } else { (b, a) };
            if done.insert(key) {
                let ra = regions[&a].to_string();
                let rb = regions[&b].to_string();
                borders.register(&ra, &rb, t).expect("border registers");
            }
        };
        for p in map.provinces() {
            let a = Location::new(p.id);
            for &q in map.army_neighbours(p.id) {
                let b = Location::new(q);
                let t = if map.fleet_adjacent(a, b) {
                    Terrain::Coast
                } else {
                    Terrain::Land
                };
                add(a, b, t, &mut done);
            }
            let mut locs = vec![a];
            locs.extend(p.coasts.iter().map(|&c| Location::with_coast(p.id, c)));
            for l in locs {
                for &m in map.fleet_neighbours(l) {
                    let both = l.coast.is_none()
                        && m.coast.is_none()
                        && map.army_adjacent(l.province, m.province);
                    let t = if both { Terrain::Coast } else { Terrain::Sea };
                    add(l, m, t, &mut done);
                }
            }
        }
        let locations = regions.iter().map(|(l, r)| (r.clone(), *l)).collect();
        Bridge {
            map,
            dmap: borders.finish(),
            regions,
            locations,
            nations,
        }
    }

    pub(crate) fn region(&self, l: Location) -> RegionKey {
        self.regions[&l].clone()
    }

    /// The region an order names; a coast the province does not have is
    /// kept as written, so the crate sees the same mistake.
    pub(crate) fn named_region(&self, l: Location) -> RegionKey {
        match self.regions.get(&l) {
            Some(r) => r.clone(),
            None => RegionKey::new(
                self.map.province(l.province).abbr.as_str(),
                l.coast.map(dcoast),
            ),
        }
    }

    pub(crate) fn location(&self, r: &RegionKey) -> Location {
        self.locations[r]
    }

    pub(crate) fn nation(&self, p: PowerId) -> Nation {
        self.nations[p.0 as usize].clone()
    }

    pub(crate) fn power(&self, n: &Nation) -> PowerId {
        PowerId(
            self.nations
                .iter()
                .position(|m| m == n)
                .expect("a known nation") as u8,
        )
    }

    pub(crate) fn unit_positions(&self, units: &[Unit]) -> Vec<UnitPosition<'static, RegionKey>> {
        units
            .iter()
            .map(|u| {
                UnitPosition::new(
                    diplomacy::Unit::new(Cow::Owned(self.nation(u.power)), dtype(u.unit_type)),
                    self.region(u.location),
                )
            })
            .collect()
    }

    pub(crate) fn piece_of(&self, p: &UnitPosition<'_, &RegionKey>) -> Piece {
        (
            self.power(p.nation()),
            from_dtype(p.unit.unit_type()),
            self.location(p.region),
        )
    }

    /// The unit an order is for, as dipspy decides it.
    fn ordered_unit<'u>(&self, units: &'u [Unit], power: PowerId, r: &UnitRef) -> Option<&'u Unit> {
        units.iter().find(|u| {
            u.location.province == r.location.province
                && u.power == power
                && r.unit_type.is_none_or(|t| t == u.unit_type)
        })
    }

    /// Per submitted order, the unit (index into `units`) it commands once
    /// later orders to the same unit have superseded earlier ones.
    fn live_orders(
        &self,
        units: &[Unit],
        orders: &[(PowerId, Order)],
        accepts: impl Fn(&Order) -> bool,
    ) -> Vec<Option<usize>> {
        let mut unit_of: Vec<Option<usize>> = orders
            .iter()
            .map(|(power, o)| {
                let r = o.unit()?;
                if !accepts(o) {
                    return None;
                }
                let u = self.ordered_unit(units, *power, r)?;
                units.iter().position(|v| v == u)
            })
            .collect();
        for i in 0..unit_of.len() {
            if unit_of[i].is_some() && unit_of[i + 1..].contains(&unit_of[i]) {
                unit_of[i] = None;
            }
        }
        unit_of
    }

    /// The movement orders to hand to the crate, with, per dipspy order,
    /// the index of its translation (`None`: dipspy ignores it).
    pub(crate) fn main_orders(
        &self,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> (Vec<MappedMainOrder>, Vec<Option<usize>>) {
        let units = &pos.units;
        // Any order with a unit supersedes (dipspy reads a retreat order in
        // a movement phase as the unit's order, and invalid).
        let live = self.live_orders(units, orders, |_| true);
        let mut out = Vec::new();
        let mut index = vec![None; orders.len()];
        for (k, (power, order)) in orders.iter().enumerate() {
            let Some(ui) = live[k] else { continue };
            let u = &units[ui];
            let command = match order {
                Order::Hold { .. } => MainCommand::Hold,
                Order::Move {
                    dest,
                    via_convoy,
                    route,
                    ..
                } => {
                    // An army's move to a province it does not border can
                    // only go by convoy: dipspy reads it so, whoever's
                    // fleets convoy it. The crate's rulebooks that look at
                    // intent would want a fleet of the army's own power on
                    // the route unless the order says "via convoy", so it
                    // is told.
                    let beyond = u.unit_type == UnitType::Army
                        && !self.map.army_adjacent(u.location.province, dest.province);
                    let dest = match u.unit_type {
                        UnitType::Army => self.named_region(Location::new(dest.province)),
                        UnitType::Fleet => self.named_region(*dest),
                    };
                    if *via_convoy || !route.is_empty() || beyond {
                        MoveCommand::with_mandatory_convoy(dest).into()
                    } else {
                        MoveCommand::new(dest).into()
                    }
                }
                Order::SupportHold { supported, .. } => {
                    let (t, r) = self.supported(units, supported);
                    MainCommand::Support(SupportedOrder::Hold(t, r))
                }
                Order::SupportMove {
                    supported, dest, ..
                } => {
                    let (t, r) = self.supported(units, supported);
                    let to = if t == DUnitType::Army {
                        self.named_region(Location::new(dest.province))
                    } else {
                        self.named_region(*dest)
                    };
                    MainCommand::Support(SupportedOrder::Move(t, r, to))
                }
                Order::Convoy { army, dest, .. } => MainCommand::Convoy(ConvoyedMove::new(
                    self.named_region(Location::new(army.location.province)),
                    self.named_region(Location::new(dest.province)),
                )),
                _ => continue,
            };
            index[k] = Some(out.len());
            out.push(MappedMainOrder::new(
                self.nation(*power),
                dtype(u.unit_type),
                self.region(u.location),
                command,
            ));
        }
        (out, index)
    }

    /// A supported unit as the crate names it: the unit standing in the
    /// province when there is one (its type if the order left it out).
    fn supported(&self, units: &[Unit], r: &UnitRef) -> (DUnitType, RegionKey) {
        match units
            .iter()
            .find(|u| u.location.province == r.location.province)
        {
            Some(u) => (
                dtype(r.unit_type.unwrap_or(u.unit_type)),
                self.region(u.location),
            ),
            None => (
                dtype(r.unit_type.unwrap_or(UnitType::Army)),
                self.named_region(Location::new(r.location.province)),
            ),
        }
    }

    /// Retreat orders for the crate, with the index map as for
    /// [`Bridge::main_orders`].
    pub(crate) fn retreat_orders(
        &self,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> (Vec<MappedRetreatOrder>, Vec<Option<usize>>) {
        let units: Vec<Unit> = pos.dislodged.iter().map(|d| d.unit).collect();
        let live = self.live_orders(&units, orders, |o| {
            matches!(
                o,
                Order::Retreat { .. } | Order::Disband { .. } | Order::Move { .. }
            )
        });
        let mut out = Vec::new();
        let mut index = vec![None; orders.len()];
        for (k, (power, order)) in orders.iter().enumerate() {
            let Some(ui) = live[k] else { continue };
            let u = &units[ui];
            let command = match order {
                Order::Retreat { dest, .. } | Order::Move { dest, .. } => {
                    let dest = match u.unit_type {
                        UnitType::Army => Location::new(dest.province),
                        UnitType::Fleet => *dest,
                    };
                    RetreatCommand::Move(self.named_region(dest))
                }
                _ => RetreatCommand::Hold,
            };
            index[k] = Some(out.len());
            out.push(MappedRetreatOrder::new(
                self.nation(*power),
                dtype(u.unit_type),
                self.region(u.location),
                command,
            ));
        }
        (out, index)
    }

    /// Adjustment orders for the crate (a waive is simply a build not
    /// made), with the index map.
    pub(crate) fn build_orders(
        &self,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> (Vec<MappedBuildOrder>, Vec<Option<usize>>) {
        let mut out = Vec::new();
        let mut index = vec![None; orders.len()];
        for (k, (power, order)) in orders.iter().enumerate() {
            let o = match order {
                Order::Build {
                    unit_type,
                    location,
                } => MappedBuildOrder::new(
                    self.nation(*power),
                    dtype(*unit_type),
                    self.named_region(*location),
                    BuildCommand::Build,
                ),
                Order::Remove { unit } => {
                    let Some(u) = self.ordered_unit(&pos.units, *power, unit) else {
                        continue;
                    };
                    MappedBuildOrder::new(
                        self.nation(*power),
                        dtype(u.unit_type),
                        self.region(u.location),
                        BuildCommand::Disband,
                    )
                }
                _ => continue,
            };
            index[k] = Some(out.len());
            out.push(o);
        }
        (out, index)
    }

    /// Supply-centre ownership in the crate's terms.
    pub(crate) fn ownership(&self, pos: &Position) -> HashMap<ProvinceKey, Nation> {
        self.map
            .supply_centers()
            .filter_map(|p| {
                pos.owner(p).map(|o| {
                    (
                        ProvinceKey::new(self.map.province(p).abbr.as_str()),
                        self.nation(o),
                    )
                })
            })
            .collect()
    }

    pub(crate) fn world<'b>(&'b self, pos: &Position) -> World<'b> {
        World {
            bridge: self,
            units: pos
                .units
                .iter()
                .map(|u| {
                    (
                        ProvinceKey::new(self.map.province(u.location.province).abbr.as_str()),
                        self.nation(u.power),
                        dtype(u.unit_type),
                        self.region(u.location),
                    )
                })
                .collect(),
        }
    }
}

/// The board at a build phase, as the crate asks for it.
pub(crate) struct World<'b> {
    bridge: &'b Bridge,
    units: Vec<(ProvinceKey, Nation, DUnitType, RegionKey)>,
}

impl WorldState for World<'_> {
    fn nations(&self) -> HashSet<&Nation> {
        self.bridge.nations.iter().collect()
    }

    fn occupier(&self, province: &ProvinceKey) -> Option<&Nation> {
        self.units.iter().find(|u| &u.0 == province).map(|u| &u.1)
    }

    fn unit_count(&self, nation: &Nation) -> u8 {
        self.units.iter().filter(|u| &u.1 == nation).count() as u8
    }

    fn units(&self, nation: &Nation) -> HashSet<(DUnitType, RegionKey)> {
        self.units
            .iter()
            .filter(|u| &u.1 == nation)
            .map(|u| (u.2, u.3.clone()))
            .collect()
    }
}
