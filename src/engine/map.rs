//! The map: provinces, coasts, powers, supply centres and adjacency.
//!
//! A map is data: a TOML file (the standard map is embedded from
//! `src/engine/maps/standard.toml`) read by [`Map::from_toml_str`], which checks it
//! thoroughly before handing it out. Everything else in dipspy works with the
//! small copyable ids defined here ([`ProvinceId`], [`PowerId`],
//! [`Location`]), never with strings.

use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;

mod builtin;
pub(super) mod dpjudge;
mod error;
mod spec;
mod toml_file;

pub use builtin::BUILTIN_MAPS;
pub use error::MapError;

/// Index of a province in its map.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProvinceId(pub u16);

/// The most provinces a map may have: [`ProvinceSet`]'s size (the largest
/// map files of the hobby have a few hundred).
pub(super) const MAX_PROVINCES: usize = 512;

/// Index of a power in its map.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PowerId(pub u8);

/// A set of provinces as a fixed-size bitset (maps have at most
/// [`MAX_PROVINCES`] provinces): copyable, no allocation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProvinceSet([u64; MAX_PROVINCES / 64]);

impl Default for ProvinceSet {
    fn default() -> ProvinceSet {
        ProvinceSet::EMPTY
    }
}

impl ProvinceSet {
    pub const EMPTY: ProvinceSet = ProvinceSet([0; MAX_PROVINCES / 64]);

    pub fn insert(&mut self, p: ProvinceId) {
        self.0[(p.0 >> 6) as usize] |= 1 << (p.0 & 63);
    }

    pub fn contains(&self, p: ProvinceId) -> bool {
        self.0[(p.0 >> 6) as usize] & (1 << (p.0 & 63)) != 0
    }

    pub fn union(self, other: ProvinceSet) -> ProvinceSet {
        let mut out = self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    pub fn intersection(self, other: ProvinceSet) -> ProvinceSet {
        let mut out = self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The provinces in the set, in id order.
    pub fn iter(self) -> impl Iterator<Item = ProvinceId> {
        (0..MAX_PROVINCES / 64).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(ProvinceId((w as u32 * 64 + b) as u16))
            })
        })
    }
}

/// One coast of a province with more than one coast.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Coast {
    /// The north coast (`nc`).
    North,
    /// The south coast (`sc`).
    South,
    /// The east coast (`ec`).
    East,
    /// The west coast (`wc`).
    West,
}

impl Coast {
    /// Every coast, in the order north, south, east, west.
    pub const ALL: [Coast; 4] = [Coast::North, Coast::South, Coast::East, Coast::West];

    /// The two-letter form used in printed orders: `nc`, `sc`, `ec`, `wc`.
    pub fn abbr(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
            Coast::West => "wc",
        }
    }

    /// `north`, `south`, ...: the word used in "north coast".
    pub fn word(self) -> &'static str {
        match self {
            Coast::North => "north",
            Coast::South => "south",
            Coast::East => "east",
            Coast::West => "west",
        }
    }

    /// Reads `nc`, `n`, `north`, `north coast` (any case).
    pub fn from_name(s: &str) -> Option<Coast> {
        let s = s.trim().to_ascii_lowercase();
        let s = s.strip_suffix(" coast").unwrap_or(&s);
        Coast::ALL
            .into_iter()
            .find(|c| s == c.abbr() || s == c.word() || s == &c.word()[..1])
    }
}

/// Army or fleet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitType {
    /// An army: moves over land, and across water only by convoy.
    Army,
    /// A fleet: moves at sea and along coasts, and may convoy armies from a sea (or a port).
    Fleet,
}

impl UnitType {
    /// The letter of the unit type in printed orders: `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }
}

impl fmt::Display for UnitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Where a unit stands: a province, and for a fleet in a province with
/// several coasts, the coast.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The province.
    pub province: ProvinceId,
    /// The coast, for a fleet in a province with several coasts; none otherwise.
    pub coast: Option<Coast>,
}

impl Location {
    /// A location that is the whole province (no coast).
    pub fn new(province: ProvinceId) -> Location {
        Location {
            province,
            coast: None,
        }
    }

    /// A location on one coast of a province.
    pub fn with_coast(province: ProvinceId, coast: Coast) -> Location {
        Location {
            province,
            coast: Some(coast),
        }
    }
}

/// Land (armies only), sea (fleets only) or coast (both).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProvinceKind {
    /// A land province: armies only.
    Land,
    /// A sea province: fleets only.
    Sea,
    /// A coastal province: armies and fleets.
    Coast,
}

/// A province of a map, with its names, its kind and what it is worth.
#[derive(Clone, Debug)]
pub struct Province {
    /// The province's number on its map (its place in [`Map::provinces`]).
    pub id: ProvinceId,
    /// The short name dipspy prints (`stp`, `nat`).
    pub abbr: String,
    /// The full English name (`St Petersburg`).
    pub name: String,
    /// Land, sea or coast.
    pub kind: ProvinceKind,
    /// Whether the province is a supply centre.
    pub supply_center: bool,
    /// A coast where a fleet may convoy as at sea (DPjudge's `PORT`, such
    /// as the Baleares of the Ancient Mediterranean).
    pub port: bool,
    /// The power whose home centre this is.
    pub home: Option<PowerId>,
    /// The coasts of a province with more than one (empty otherwise).
    pub coasts: Vec<Coast>,
}

impl Province {
    /// The places a unit here may be, by coast: each coast of a
    /// split-coast province, the province itself otherwise.
    pub fn locations(&self) -> Vec<Location> {
        if self.coasts.is_empty() {
            vec![Location::new(self.id)]
        } else {
            self.coasts
                .iter()
                .map(|&c| Location::with_coast(self.id, c))
                .collect()
        }
    }
}

/// A power of a map.
#[derive(Clone, Debug)]
pub struct Power {
    /// The power's number on its map (its place in [`Map::powers`]).
    pub id: PowerId,
    /// Lower-case English name: `austria`.
    pub name: String,
    /// Adjective for reports: `Austrian`.
    pub adjective: String,
    /// A dummy power (DPjudge's `DUMMY`): nobody plays it; the game
    /// master may order its units, which otherwise hold, and it never
    /// builds.
    pub dummy: bool,
}

impl Power {
    /// `Austria`, `British Columbia`: the name with capitals, for reports.
    pub fn display_name(&self) -> String {
        capitalised(&self.name)
    }
}

/// A power's name as reports show it: each word's first letter in
/// capitals (`british columbia` → `British Columbia`).
pub fn capitalised(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut start = true;
    for ch in name.chars() {
        if start {
            out.extend(ch.to_uppercase());
        } else {
            out.push(ch);
        }
        start = ch == ' ';
    }
    out
}

/// A unit as placed at the start of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartUnit {
    pub power: PowerId,
    pub unit_type: UnitType,
    pub location: Location,
}

/// Where a power may build new units: the rule a map sets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildSites {
    /// In its own vacant home centres (the standard rule).
    #[default]
    Home,
    /// In any vacant supply centre it owns (DPjudge's `BUILD_ANY`, which
    /// the modern map uses).
    Any,
}

/// Lower-cases a name and folds the spellings players use into one form:
/// dots and apostrophes dropped, `-` and `_` read as spaces, runs of spaces
/// collapsed. `St. Petersburg` and `st petersburg` both give `st petersburg`.
pub fn normalize_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for ch in s.chars() {
        let ch = match ch {
            '.' | '\'' | '’' => continue,
            '-' | '_' => ' ',
            c => c,
        };
        if ch.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.extend(ch.to_lowercase());
    }
    out
}

// ---------------------------------------------------------------------------
// The map

/// A Diplomacy map: its provinces and borders, its powers and their home centres, and the units
/// they start with.
#[derive(Clone, Debug)]
pub struct Map {
    /// The map's name, by which games and map files name it (`standard`).
    pub name: String,
    provinces: Vec<Province>,
    powers: Vec<Power>,
    army_adj: Vec<Vec<ProvinceId>>,
    /// Fleet adjacency, indexed by [`Map::loc_index`].
    fleet_adj: Vec<Vec<Location>>,
    names: HashMap<String, ProvinceId>,
    power_names: HashMap<String, PowerId>,
    max_name_words: usize,
    start_units: Vec<StartUnit>,
    /// Per province: the provinces a fleet there (on any coast) touches.
    fleet_touch: Vec<ProvinceSet>,
    /// The provinces where a fleet may convoy: seas and ports.
    seas: ProvinceSet,
    first_year: u16,
    victory: usize,
    /// The victory count the file gave, if it gave one.
    victory_given: Option<usize>,
    builds: BuildSites,
}

impl Map {
    /// The standard map, parsed once.
    pub fn standard() -> &'static Map {
        builtin::by_name("standard").expect("the standard map is built in")
    }

    /// Looks a built-in map up by name (`standard`, `classic`, `ancmed`,
    /// ...: see [`BUILTIN_MAPS`]).
    pub fn by_variant(name: &str) -> Option<&'static Map> {
        builtin::by_name(name)
    }

    /// Reads and checks a map file in dipspy's TOML format. A map built
    /// on another (`map = "standard"`) finds it among the built-in maps.
    pub fn from_toml_str(text: &str) -> Result<Map, MapError> {
        Map::from_toml_str_with(text, &|name| Map::by_variant(name).map(|m| Ok(m.clone())))
    }

    /// Reads and checks a map file in dipspy's TOML format; `base` finds
    /// the map a file is built on by name.
    pub fn from_toml_str_with(
        text: &str,
        base: &dyn Fn(&str) -> Option<Result<Map, MapError>>,
    ) -> Result<Map, MapError> {
        spec::build(toml_file::read(text, base)?)
    }

    /// Reads and checks a map in DPjudge's `.map` text format (see
    /// `dpjudge`); `name` is the map's name (its file name without
    /// `.map`), `base` finds a map named by a `MAP` line.
    pub fn from_dpjudge_str(
        name: &str,
        text: &str,
        base: &dyn Fn(&str) -> Option<Result<Map, MapError>>,
    ) -> Result<Map, MapError> {
        spec::build(dpjudge::read(name, text, base)?)
    }

    /// The map as a self-contained file in dipspy's TOML format, which
    /// [`Map::from_toml_str`] reads back into the same map (a game keeps
    /// the map it is played on this way).
    pub fn to_toml_string(&self) -> String {
        toml_file::write(&self.to_spec())
    }

    /// The first year of a game on this map (1901 on the standard map).
    pub fn first_year(&self) -> u16 {
        self.first_year
    }

    /// The number of supply centres that wins the game.
    pub fn victory(&self) -> usize {
        self.victory
    }

    /// Where a power may build.
    pub fn builds(&self) -> BuildSites {
        self.builds
    }

    /// The provinces where `power` may build when it owns them and they
    /// are vacant: its home centres, or any centre (see [`BuildSites`]).
    pub fn build_sites(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.provinces
            .iter()
            .filter(move |p| self.build_site(power, p.id))
            .map(|p| p.id)
    }

    /// Whether `power` may build in province `p` when it owns it: its home
    /// centres, or on a map with [`BuildSites::Any`] any supply centre.
    pub fn build_site(&self, power: PowerId, p: ProvinceId) -> bool {
        let prov = self.province(p);
        match self.builds {
            BuildSites::Home => prov.home == Some(power),
            BuildSites::Any => prov.supply_center,
        }
    }

    /// Dense index of a location, for tables: `province * 5 + coast`.
    pub fn loc_index(&self, loc: Location) -> usize {
        loc.province.0 as usize * 5
            + match loc.coast {
                None => 0,
                Some(Coast::North) => 1,
                Some(Coast::South) => 2,
                Some(Coast::East) => 3,
                Some(Coast::West) => 4,
            }
    }

    pub(crate) fn loc_from_index(&self, idx: usize) -> Location {
        Location {
            province: ProvinceId((idx / 5) as u16),
            coast: match idx % 5 {
                0 => None,
                1 => Some(Coast::North),
                2 => Some(Coast::South),
                3 => Some(Coast::East),
                _ => Some(Coast::West),
            },
        }
    }

    /// The province with this number (which must be of this map).
    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.0 as usize]
    }

    /// Every province, in map order (by number).
    pub fn provinces(&self) -> &[Province] {
        &self.provinces
    }

    /// The power with this number (which must be of this map).
    pub fn power(&self, id: PowerId) -> &Power {
        &self.powers[id.0 as usize]
    }

    /// Every power, in map order (by number).
    pub fn powers(&self) -> &[Power] {
        &self.powers
    }

    /// The supply centres, in map order.
    pub fn supply_centers(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        self.provinces
            .iter()
            .filter(|p| p.supply_center)
            .map(|p| p.id)
    }

    /// The home centres of a power.
    pub fn home_centers(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.provinces
            .iter()
            .filter(move |p| p.home == Some(power))
            .map(|p| p.id)
    }

    /// The units each power has when a game begins.
    pub fn start_units(&self) -> &[StartUnit] {
        &self.start_units
    }

    /// Finds a province by any of its names (abbreviation, full name,
    /// alias), ignoring case and punctuation.
    pub fn province_by_name(&self, name: &str) -> Option<ProvinceId> {
        self.names.get(&normalize_name(name)).copied()
    }

    /// Finds a province by an already normalised name (see
    /// [`normalize_name`]); cheaper in a parser's inner loop.
    pub fn province_by_normalized(&self, name: &str) -> Option<ProvinceId> {
        self.names.get(name).copied()
    }

    /// The largest number of words in any province name (for parsers that
    /// try the longest name first).
    pub fn max_name_words(&self) -> usize {
        self.max_name_words
    }

    /// Finds a power by English name, adjective or alias (other languages).
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        self.power_names.get(&normalize_name(name)).copied()
    }

    /// The provinces an army in `p` may move to.
    pub fn army_neighbours(&self, p: ProvinceId) -> &[ProvinceId] {
        &self.army_adj[p.0 as usize]
    }

    /// The places a fleet at `loc` may move to, coasts included.
    pub fn fleet_neighbours(&self, loc: Location) -> &[Location] {
        &self.fleet_adj[self.loc_index(loc)]
    }

    /// Whether `a` and `b` share a border an army may cross.
    pub fn army_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.army_adj[a.0 as usize].contains(&b)
    }

    /// Fleet adjacency between exact locations (coasts included).
    pub fn fleet_adjacent(&self, a: Location, b: Location) -> bool {
        self.fleet_neighbours(a).contains(&b)
    }

    /// The locations of province `to` a fleet at `from` can move to.
    pub fn fleet_destinations(&self, from: Location, to: ProvinceId) -> Vec<Location> {
        self.fleet_neighbours(from)
            .iter()
            .copied()
            .filter(|l| l.province == to)
            .collect()
    }

    /// Whether any fleet location of province `a` touches province `b`
    /// (ignoring coasts); used for supports, which name provinces.
    pub fn fleet_reaches_province(&self, from: Location, to: ProvinceId) -> bool {
        self.fleet_neighbours(from).iter().any(|l| l.province == to)
    }

    /// The provinces a fleet in province `p` touches, from any of its coasts.
    pub fn fleet_touches(&self, p: ProvinceId) -> ProvinceSet {
        self.fleet_touch[p.0 as usize]
    }

    /// The provinces where a fleet may convoy: the seas, and the ports of
    /// maps that have them.
    pub fn seas(&self) -> ProvinceSet {
        self.seas
    }

    /// Whether a unit of this type can reach province `to` from `from` in
    /// one move (for supports: coasts of the target don't matter).
    pub fn unit_reaches(&self, unit_type: UnitType, from: Location, to: ProvinceId) -> bool {
        match unit_type {
            UnitType::Army => self.army_adjacent(from.province, to),
            UnitType::Fleet => self.fleet_reaches_province(from, to),
        }
    }

    /// Whether a unit of this type may stand at this exact location.
    pub fn can_occupy(&self, unit_type: UnitType, loc: Location) -> bool {
        let p = self.province(loc.province);
        match unit_type {
            UnitType::Army => p.kind != ProvinceKind::Sea && loc.coast.is_none(),
            UnitType::Fleet => match loc.coast {
                None => p.kind != ProvinceKind::Land && p.coasts.is_empty(),
                Some(c) => p.coasts.contains(&c),
            },
        }
    }

    /// `stp/sc`, `par`.
    pub fn loc_name(&self, loc: Location) -> String {
        let p = &self.province(loc.province).abbr;
        match loc.coast {
            Some(c) => format!("{p}/{}", c.abbr()),
            None => p.clone(),
        }
    }

    /// Reads `A par`, `F stp/sc`, `F stp(sc)`: the unit strings of scenario
    /// and map files.
    pub fn parse_unit(&self, s: &str) -> Option<(UnitType, Location)> {
        let s = s.trim();
        let (t, rest) = s.split_once(char::is_whitespace)?;
        let unit_type = match t.to_ascii_uppercase().as_str() {
            "A" | "ARMY" => UnitType::Army,
            "F" | "FLEET" => UnitType::Fleet,
            _ => return None,
        };
        Some((unit_type, self.parse_location(rest)?))
    }

    /// Reads a location written as `par`, `stp/sc`, `stp(sc)`, `stp sc`,
    /// `StP-SC`, `st petersburg south coast`, `spa (north coast)`.
    pub fn parse_location(&self, s: &str) -> Option<Location> {
        let s = s.trim();
        if let Some(p) = self.province_by_name(s) {
            return Some(Location::new(p));
        }
        // Split a trailing coast off: `/sc`, `(sc)`, ` sc`, `-sc`, ` south coast`.
        let cleaned: String = s
            .chars()
            .map(|c| match c {
                '/' | '(' | ')' => ' ',
                c => c,
            })
            .collect();
        let norm = normalize_name(&cleaned);
        let words: Vec<&str> = norm.split(' ').collect();
        for take in [1usize, 2] {
            if words.len() <= take {
                continue;
            }
            let (head, tail) = words.split_at(words.len() - take);
            let coast = match Coast::from_name(&tail.join(" ")) {
                Some(c) => c,
                None => continue,
            };
            if take == 2 && tail[1] != "coast" {
                continue;
            }
            if let Some(p) = self.province_by_normalized(&head.join(" ")) {
                return Some(Location::with_coast(p, coast));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_spellings() {
        assert_eq!(normalize_name("  St. Petersburg "), "st petersburg");
        assert_eq!(normalize_name("Mid-Atlantic  Ocean"), "mid atlantic ocean");
        assert_eq!(normalize_name("STP"), "stp");
    }

    #[test]
    fn coast_names() {
        assert_eq!(Coast::from_name("sc"), Some(Coast::South));
        assert_eq!(Coast::from_name("North Coast"), Some(Coast::North));
        assert_eq!(Coast::from_name("e"), Some(Coast::East));
        assert_eq!(Coast::from_name("xc"), None);
    }
}
