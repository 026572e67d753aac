//! A map as a file describes it, before it is checked: the form both
//! readers (dipspy's TOML in [`super::toml_file`], DPjudge's `.map` in
//! [`super::dpjudge`]) produce, and the checks that turn it into a
//! [`Map`]. Every item keeps the line it came from, so that a refusal can
//! name it.

use super::{
    BuildSites, Coast, Location, Map, MapError, Power, PowerId, Province, ProvinceId, ProvinceKind,
    ProvinceSet, StartUnit, normalize_name,
};
use std::collections::HashMap;

/// A line of the map file (1-based); 0 when the item has no line of its
/// own (it came from the map this one is built on).
pub(crate) type Line = usize;

/// A whole map as written.
#[derive(Clone, Debug)]
pub(crate) struct MapSpec {
    pub name: String,
    pub first_year: u16,
    pub first_year_line: Line,
    /// The centres that win, when the file says; otherwise more than half.
    pub victory: Option<usize>,
    pub victory_line: Line,
    pub builds: BuildSites,
    pub powers: Vec<PowerSpec>,
    pub provinces: Vec<ProvinceSpec>,
    pub start: Vec<StartSpec>,
}

impl MapSpec {
    pub(crate) fn new(name: &str) -> MapSpec {
        MapSpec {
            name: name.to_string(),
            first_year: 1901,
            first_year_line: 0,
            victory: None,
            victory_line: 0,
            builds: BuildSites::Home,
            powers: Vec::new(),
            provinces: Vec::new(),
            start: Vec::new(),
        }
    }

    /// Takes a power off the board (DPjudge's `UNPLAYED`): its home
    /// centres stay supply centres, owned by nobody, and its units go.
    pub(crate) fn remove_power(&mut self, name: &str, line: Line) -> Result<(), MapError> {
        let key = normalize_name(name);
        let Some(i) = self.powers.iter().position(|p| {
            normalize_name(&p.name) == key
                || normalize_name(&p.adjective) == key
                || p.aliases.iter().any(|a| normalize_name(a) == key)
        }) else {
            return Err(MapError::UnknownPower(name.to_string()).at(line));
        };
        let gone = normalize_name(&self.powers.remove(i).name);
        for p in &mut self.provinces {
            if p.home.as_deref().map(normalize_name).as_deref() == Some(gone.as_str()) {
                p.home = None;
            }
        }
        self.start.retain(|s| normalize_name(&s.power) != gone);
        Ok(())
    }
}

#[derive(Clone, Debug)]
pub(crate) struct PowerSpec {
    pub name: String,
    pub adjective: String,
    /// Nobody plays it (DPjudge's `DUMMY`): see [`Power::dummy`].
    pub dummy: bool,
    pub aliases: Vec<String>,
    pub line: Line,
}

#[derive(Clone, Debug)]
pub(crate) struct ProvinceSpec {
    pub abbr: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub kind: ProvinceKind,
    /// A coast where a fleet may also convoy (DPjudge's `PORT`).
    pub port: bool,
    pub center: bool,
    pub home: Option<String>,
    /// Where an army here may move.
    pub army: Vec<String>,
    /// Where a fleet here may move (provinces without separate coasts).
    pub fleet: Vec<String>,
    /// Per coast, where a fleet on it may move.
    pub coasts: Vec<(String, Vec<String>)>,
    pub line: Line,
}

#[derive(Clone, Debug)]
pub(crate) struct StartSpec {
    pub power: String,
    /// `A par`, `F stp/sc`.
    pub unit: String,
    pub line: Line,
}

/// Checks a spec and builds the map: powers, provinces and their names,
/// the game's numbers, adjacency (checked both ways), then start units.
pub(crate) fn build(file: MapSpec) -> Result<Map, MapError> {
    if file.provinces.len() > super::MAX_PROVINCES {
        return Err(MapError::TooLarge(file.provinces.len()));
    }
    if !file.powers.is_empty() && file.powers.iter().all(|p| p.dummy) {
        return Err(MapError::AllDummies);
    }
    let (powers, power_names) = build_powers(&file)?;
    let provinces = build_provinces(&file, &power_names)?;
    let names = province_names(&file, &provinces)?;
    let max_name_words = names
        .keys()
        .map(|k| k.split(' ').count())
        .max()
        .unwrap_or(1);

    let n = provinces.len();
    let centres = provinces.iter().filter(|p| p.supply_center).count();
    let victory = match file.victory {
        Some(v) if v == 0 || v > centres => {
            return Err(MapError::BadVictory {
                victory: v,
                centres,
            }
            .at(file.victory_line));
        }
        Some(v) => v,
        None => centres / 2 + 1,
    };
    if file.first_year == 0 || file.first_year > crate::engine::phase::MAX_YEAR {
        return Err(MapError::BadYear.at(file.first_year_line));
    }
    let mut map = Map {
        name: file.name.clone(),
        provinces,
        powers,
        army_adj: vec![Vec::new(); n],
        fleet_adj: vec![Vec::new(); n * 5],
        names,
        power_names,
        max_name_words,
        start_units: Vec::new(),
        fleet_touch: vec![ProvinceSet::EMPTY; n],
        seas: ProvinceSet::EMPTY,
        first_year: file.first_year,
        victory,
        victory_given: file.victory,
        builds: file.builds,
    };
    adjacency(&mut map, &file)?;
    check_symmetry(&map, &file)?;
    finish_adjacency(&mut map);
    start_units(&mut map, &file)?;
    Ok(map)
}

/// The powers, and every name a power goes by (name, adjective, aliases).
fn build_powers(file: &MapSpec) -> Result<(Vec<Power>, HashMap<String, PowerId>), MapError> {
    let mut powers = Vec::new();
    let mut power_names = HashMap::new();
    for (i, p) in file.powers.iter().enumerate() {
        let id = PowerId(i as u8);
        let name = normalize_name(&p.name);
        powers.push(Power {
            id,
            name: name.clone(),
            adjective: p.adjective.clone(),
            dummy: p.dummy,
        });
        for alias in std::iter::once(&p.name)
            .chain(std::iter::once(&p.adjective))
            .chain(p.aliases.iter())
        {
            let key = normalize_name(alias);
            if let Some(other) = power_names.insert(key.clone(), id)
                && other != id
            {
                return Err(MapError::DuplicateName {
                    name: key,
                    first: powers[other.0 as usize].name.clone(),
                    second: p.name.clone(),
                }
                .at(p.line));
            }
        }
    }
    Ok((powers, power_names))
}

/// The provinces, each with its home power and coasts checked.
fn build_provinces(
    file: &MapSpec,
    power_names: &HashMap<String, PowerId>,
) -> Result<Vec<Province>, MapError> {
    let mut by_abbr: HashMap<String, ProvinceId> = HashMap::new();
    let mut provinces = Vec::new();
    for (i, pf) in file.provinces.iter().enumerate() {
        let id = ProvinceId(i as u16);
        let abbr = normalize_name(&pf.abbr);
        if by_abbr.insert(abbr.clone(), id).is_some() {
            return Err(MapError::DuplicateProvince(abbr).at(pf.line));
        }
        let home = match &pf.home {
            None => None,
            Some(h) => Some(
                *power_names
                    .get(&normalize_name(h))
                    .ok_or_else(|| MapError::UnknownPower(h.clone()).at(pf.line))?,
            ),
        };
        let coasts = coasts_of(pf, &abbr)?;
        provinces.push(Province {
            id,
            abbr: abbr.clone(),
            name: pf.name.clone(),
            kind: pf.kind,
            port: pf.port && pf.kind == ProvinceKind::Coast,
            supply_center: pf.center,
            home,
            coasts,
        });
    }
    Ok(provinces)
}

/// A province's separate coasts, each a known coast name, none twice.
fn coasts_of(pf: &ProvinceSpec, abbr: &str) -> Result<Vec<Coast>, MapError> {
    let mut coasts = Vec::new();
    for (c, _) in &pf.coasts {
        let coast = Coast::from_name(c).ok_or_else(|| {
            MapError::BadProvince {
                province: abbr.to_string(),
                problem: format!("`{c}` is not a coast name (nc, sc, ec, wc)"),
            }
            .at(pf.line)
        })?;
        if coasts.contains(&coast) {
            return Err(MapError::BadProvince {
                province: abbr.to_string(),
                problem: format!("coast `{c}` is listed twice"),
            }
            .at(pf.line));
        }
        coasts.push(coast);
    }
    coasts.sort();
    Ok(coasts)
}

/// Every name a province goes by (abbreviation, name, aliases), none
/// shared by two provinces.
fn province_names(
    file: &MapSpec,
    provinces: &[Province],
) -> Result<HashMap<String, ProvinceId>, MapError> {
    let mut names: HashMap<String, ProvinceId> = HashMap::new();
    for (i, pf) in file.provinces.iter().enumerate() {
        let id = ProvinceId(i as u16);
        for n in std::iter::once(&pf.abbr)
            .chain(std::iter::once(&pf.name))
            .chain(pf.aliases.iter())
        {
            let key = normalize_name(n);
            if let Some(&other) = names.get(&key)
                && other != id
            {
                return Err(MapError::DuplicateName {
                    name: key,
                    first: provinces[other.0 as usize].abbr.clone(),
                    second: provinces[i].abbr.clone(),
                }
                .at(pf.line));
            }
            names.insert(key, id);
        }
    }
    Ok(names)
}

/// Army and fleet neighbours as listed, each checked against the kinds of
/// the provinces it joins.
fn adjacency(map: &mut Map, file: &MapSpec) -> Result<(), MapError> {
    for (i, pf) in file.provinces.iter().enumerate() {
        let id = ProvinceId(i as u16);
        let abbr = map.provinces[i].abbr.clone();
        let bad = |problem: &str| {
            MapError::BadProvince {
                province: abbr.clone(),
                problem: problem.to_string(),
            }
            .at(pf.line)
        };
        match pf.kind {
            ProvinceKind::Sea if !pf.army.is_empty() => {
                return Err(bad("a sea province cannot have army neighbours"));
            }
            ProvinceKind::Land if !pf.fleet.is_empty() || !pf.coasts.is_empty() => {
                return Err(bad("a land province cannot have fleet neighbours"));
            }
            ProvinceKind::Sea if !pf.coasts.is_empty() => {
                return Err(bad("a sea province has no separate coasts"));
            }
            _ => {}
        }
        if !pf.coasts.is_empty() && !pf.fleet.is_empty() {
            return Err(bad(
                "a province with separate coasts lists its fleet neighbours per coast, not in `fleet`",
            ));
        }
        if pf.center != pf.home.is_some() && pf.home.is_some() {
            return Err(bad("a home centre must be a supply centre (center = true)"));
        }
        for t in &pf.army {
            let target = resolve_province(map, &abbr, t).map_err(|e| e.at(pf.line))?;
            if map.provinces[target.0 as usize].kind == ProvinceKind::Sea {
                return Err(bad(&format!("army neighbour `{t}` is a sea province")));
            }
            map.army_adj[i].push(target);
        }
        let mut fleet_lists: Vec<(Location, &Vec<String>)> = Vec::new();
        if pf.coasts.is_empty() {
            fleet_lists.push((Location::new(id), &pf.fleet));
        } else {
            for (c, list) in &pf.coasts {
                let coast = Coast::from_name(c).expect("checked above");
                fleet_lists.push((Location::with_coast(id, coast), list));
            }
        }
        for (from, list) in fleet_lists {
            for t in list {
                let to = resolve_location(map, &abbr, t).map_err(|e| e.at(pf.line))?;
                let kind = map.provinces[to.province.0 as usize].kind;
                if kind == ProvinceKind::Land {
                    return Err(bad(&format!("fleet neighbour `{t}` is a land province")));
                }
                let idx = map.loc_index(from);
                map.fleet_adj[idx].push(to);
            }
        }
    }
    Ok(())
}

/// Symmetry: every border is crossed both ways.
fn check_symmetry(map: &Map, file: &MapSpec) -> Result<(), MapError> {
    let n = map.provinces.len();
    for a in 0..n {
        for &b in &map.army_adj[a] {
            if !map.army_adj[b.0 as usize].contains(&ProvinceId(a as u16)) {
                return Err(MapError::Asymmetric {
                    from: map.provinces[a].abbr.clone(),
                    to: map.provinces[b.0 as usize].abbr.clone(),
                    kind: "armies",
                }
                .at(file.provinces[a].line));
            }
        }
    }
    for idx in 0..map.fleet_adj.len() {
        for &to in &map.fleet_adj[idx] {
            let from = map.loc_from_index(idx);
            if !map.fleet_adj[map.loc_index(to)].contains(&from) {
                return Err(MapError::Asymmetric {
                    from: map.loc_name(from),
                    to: map.loc_name(to),
                    kind: "fleets",
                }
                .at(file.provinces[idx / 5].line));
            }
        }
    }
    Ok(())
}

/// Neighbour lists sorted, and the sets derived from them.
fn finish_adjacency(map: &mut Map) {
    for list in &mut map.army_adj {
        list.sort();
        list.dedup();
    }
    for list in &mut map.fleet_adj {
        list.sort();
        list.dedup();
    }
    for idx in 0..map.fleet_adj.len() {
        let from = idx / 5;
        for to in map.fleet_adj[idx].clone() {
            map.fleet_touch[from].insert(to.province);
        }
    }
    for p in &map.provinces {
        if p.kind == ProvinceKind::Sea || p.port {
            map.seas.insert(p.id);
        }
    }
}

/// Start units: a known power, a unit that can stand there, one a province.
fn start_units(map: &mut Map, file: &MapSpec) -> Result<(), MapError> {
    let n = map.provinces.len();
    let mut occupied = vec![false; n];
    for s in &file.start {
        let power = map
            .power_by_name(&s.power)
            .ok_or_else(|| MapError::UnknownPower(s.power.clone()).at(s.line))?;
        let bad = |problem: &str| {
            MapError::BadStartUnit {
                power: s.power.clone(),
                unit: s.unit.clone(),
                problem: problem.to_string(),
            }
            .at(s.line)
        };
        let (unit_type, loc) = map
            .parse_unit(&s.unit)
            .ok_or_else(|| bad("write a unit as `A par` or `F stp/sc`"))?;
        if !map.can_occupy(unit_type, loc) {
            return Err(bad("that unit type cannot stand there"));
        }
        if std::mem::replace(&mut occupied[loc.province.0 as usize], true) {
            return Err(bad("two start units in one province"));
        }
        map.start_units.push(StartUnit {
            power,
            unit_type,
            location: loc,
        });
    }
    Ok(())
}

fn resolve_province(map: &Map, from: &str, target: &str) -> Result<ProvinceId, MapError> {
    map.province_by_name(target)
        .ok_or_else(|| MapError::UnknownProvince {
            province: from.to_string(),
            target: target.to_string(),
        })
}

fn resolve_location(map: &Map, from: &str, target: &str) -> Result<Location, MapError> {
    let (p, c) = match target.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (target, None),
    };
    let province = resolve_province(map, from, p)?;
    let prov = map.province(province);
    match c {
        None if prov.coasts.is_empty() => Ok(Location::new(province)),
        None => Err(MapError::BadProvince {
            province: from.to_string(),
            problem: format!("fleet neighbour `{target}` needs a coast"),
        }),
        Some(c) => match Coast::from_name(c) {
            Some(coast) if prov.coasts.contains(&coast) => {
                Ok(Location::with_coast(province, coast))
            }
            _ => Err(MapError::UnknownCoast {
                province: from.to_string(),
                target: prov.abbr.clone(),
                coast: c.to_string(),
            }),
        },
    }
}

impl Map {
    /// The map as a spec again (names, borders, powers and units as
    /// text), for a map built on this one.
    pub(crate) fn to_spec(&self) -> MapSpec {
        let mut spec = MapSpec::new(&self.name);
        spec.first_year = self.first_year;
        spec.victory = self.victory_given;
        spec.builds = self.builds;
        for p in &self.powers {
            let mut aliases: Vec<String> = self
                .power_names
                .iter()
                .filter(|(k, id)| {
                    **id == p.id && **k != p.name && **k != normalize_name(&p.adjective)
                })
                .map(|(k, _)| k.clone())
                .collect();
            aliases.sort();
            spec.powers.push(PowerSpec {
                name: p.name.clone(),
                adjective: p.adjective.clone(),
                dummy: p.dummy,
                aliases,
                line: 0,
            });
        }
        for p in &self.provinces {
            let mut aliases: Vec<String> = self
                .names
                .iter()
                .filter(|(k, id)| **id == p.id && **k != p.abbr && **k != normalize_name(&p.name))
                .map(|(k, _)| k.clone())
                .collect();
            aliases.sort();
            let names = |locs: &[Location]| locs.iter().map(|l| self.loc_name(*l)).collect();
            let (fleet, coasts) = if p.coasts.is_empty() {
                (
                    names(self.fleet_neighbours(Location::new(p.id))),
                    Vec::new(),
                )
            } else {
                let coasts = p
                    .coasts
                    .iter()
                    .map(|&c| {
                        let list = names(self.fleet_neighbours(Location::with_coast(p.id, c)));
                        (c.abbr().to_string(), list)
                    })
                    .collect();
                (Vec::new(), coasts)
            };
            spec.provinces.push(ProvinceSpec {
                abbr: p.abbr.clone(),
                name: p.name.clone(),
                aliases,
                kind: p.kind,
                port: p.port,
                center: p.supply_center,
                home: p.home.map(|h| self.power(h).name.clone()),
                army: self
                    .army_neighbours(p.id)
                    .iter()
                    .map(|&q| self.province(q).abbr.clone())
                    .collect(),
                fleet,
                coasts,
                line: 0,
            });
        }
        for u in &self.start_units {
            spec.start.push(StartSpec {
                power: self.power(u.power).name.clone(),
                unit: format!("{} {}", u.unit_type.letter(), self.loc_name(u.location)),
                line: 0,
            });
        }
        spec
    }
}
