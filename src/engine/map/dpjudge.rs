//! DPjudge's `.map` text format, read into a [`MapSpec`]: the format in
//! which most variant maps of the hobby exist (DPjudge's map files, and
//! those of the `diplomacy` Python package).
//!
//! What dipspy reads, line by line (case matters only in adjacency lists;
//! `#` starts a comment line):
//!
//! - `BEGIN SPRING 1901 MOVEMENT`: the first phase (a Spring movement).
//! - `VICTORY 18`: the centres that win (otherwise more than half).
//! - `RULES BUILD_ANY`: builds in any owned centre.
//! - `MAP standard`: the map is built on another one (a built-in map or a
//!   map of the judge's maps directory); the lines that follow change its
//!   powers, centres and units (`UNPLAYED`, power lines, `UNOWNED`, units,
//!   `VICTORY`, `BEGIN`, `RULES`, extra names).
//! - `Full Name = abb alias other+alias`: a province's name, abbreviation
//!   and the other names players may write (`+` is a space).
//! - `WATER adr ABUTS alb APU ...`, likewise `LAND`, `COAST`, `PORT` (a
//!   coast whose fleet may convoy) and `SHUT` (impassable: left off the
//!   board). A multi-coast province has a line of its own (written in
//!   lower case, for armies) and one per coast (`COAST BUL/EC ABUTS ...`,
//!   for fleets). In a list, an upper-case name is a border for both
//!   armies and fleets, a lower-case one for armies only, a capitalised
//!   one (`Bal`) for fleets only; fleets never cross into land, nor armies
//!   into water.
//! - `FRANCE (FRENCH) BRE MAR PAR`: a power, its adjective and its home
//!   centres, followed by its starting units (`A PAR`, `F STP/SC`);
//!   `UNOWNED BEL BUL ...` (or `NEUTRAL`): the other supply centres;
//!   `HOME`/`HOMES`/`INHABITS` replace the home centres of the power
//!   above, `UNITS` clears its units; `UNPLAYED ENGLAND, GERMANY` takes
//!   powers off the board (their centres stay, neutral).
//!
//! - `DUMMY` (after a power's line: that power), `DUMMY ENGLAND, ...`,
//!   `DUMMY ALL`, `DUMMY ALL EXCEPT ENGLAND ...` (or `DUMMIES`): powers
//!   nobody plays; the game master may order their units, which otherwise
//!   hold, and they never build.
//!
//! Everything else is refused with the line and the reason, rather than
//! played wrongly: special rules other than `BUILD_ANY`, `AMEND`, `DROP`,
//! starting ownership other than the home centres (`OWNS`,
//! `CENTERS`), renames (`->`), `USE` of several files, several victory
//! counts, a first phase other than a Spring movement, and one-way
//! borders (which the map's own checks refuse).

use super::spec::{Line, MapSpec, PowerSpec, ProvinceSpec, StartSpec};
use super::{BuildSites, Coast, Map, MapError, ProvinceKind, normalize_name};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Words of the order language that may not be a province's name.
const ORDER_WORDS: &[&str] = &[
    "a", "f", "s", "c", "h", "r", "d", "b", "to", "via", "build", "remove", "hold", "holds",
    "support", "convoy", "move", "moves", "disband", "waive", "coast", "nc", "sc", "ec", "wc",
    "north", "south", "east", "west", "and",
];

/// A terrain line: `COAST bul/ec ABUTS ...`.
struct Terrain {
    /// The location as written (case kept).
    loc: String,
    kind: &'static str,
    abuts: Vec<String>,
    line: Line,
}

/// A power as declared so far.
struct PowerState {
    spec: PowerSpec,
    /// Home centres, with the line that named each.
    homes: Vec<(String, Line)>,
}

/// Everything read so far.
struct Reader {
    spec: MapSpec,
    derived: bool,
    seen_content: bool,
    names: HashMap<String, (String, Vec<String>, Line)>,
    terrain: Vec<Terrain>,
    shut: BTreeSet<String>,
    powers: Vec<PowerState>,
    /// Supply centres, with the line that named each first.
    centres: BTreeMap<String, Line>,
    units: Vec<StartSpec>,
    current: Option<usize>,
}

fn unsupported(line: Line, what: &str) -> MapError {
    MapError::Unsupported(format!("dipspy does not support {what}")).at(line)
}

fn syntax(line: Line, what: String) -> MapError {
    MapError::Syntax(what).at(line)
}

/// Reads a DPjudge map; `base` finds the map a `MAP` line names.
pub(crate) fn read(
    name: &str,
    text: &str,
    base: &dyn Fn(&str) -> Option<Result<Map, MapError>>,
) -> Result<MapSpec, MapError> {
    let mut r = Reader {
        spec: MapSpec::new(name),
        derived: false,
        seen_content: false,
        names: HashMap::new(),
        terrain: Vec::new(),
        shut: BTreeSet::new(),
        powers: Vec::new(),
        centres: BTreeMap::new(),
        units: Vec::new(),
        current: None,
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let words: Vec<&str> = raw.split_whitespace().collect();
        if words.is_empty() || words[0].starts_with('#') {
            continue;
        }
        r.line(line, raw, &words, base)?;
    }
    r.finish()
}

impl Reader {
    fn line(
        &mut self,
        line: Line,
        raw: &str,
        words: &[&str],
        base: &dyn Fn(&str) -> Option<Result<Map, MapError>>,
    ) -> Result<(), MapError> {
        let up = words[0].to_ascii_uppercase();
        match up.as_str() {
            "MAP" => return self.base(line, words, base),
            "USE" | "USES" => return Err(unsupported(line, "`USE` of other map files")),
            "BEGIN" => return self.begin(line, words),
            "VICTORY" => return self.victory(line, words),
            "RULE" | "RULES" => {
                for rule in &words[1..] {
                    match rule.to_ascii_uppercase().as_str() {
                        "BUILD_ANY" => self.spec.builds = BuildSites::Any,
                        other => return Err(unsupported(line, &format!("the rule `{other}`"))),
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        self.seen_content = true;
        if raw.contains('=') {
            return self.name_line(line, raw);
        }
        match up.as_str() {
            "WATER" | "LAND" | "COAST" | "PORT" | "SHUT" if words.len() > 1 => {
                self.terrain_line(line, words)
            }
            "AMEND" | "DROP" => Err(unsupported(line, &format!("`{up}` lines"))),
            "DUMMY" | "DUMMIES" => self.dummies(line, &words[1..]),
            "OWNS" | "CENTERS" => Err(unsupported(
                line,
                "starting ownership other than the home centres (`OWNS`, `CENTERS`)",
            )),
            "HOME" | "HOMES" | "INHABITS" => {
                let p = self.current_power(line, &up)?;
                self.powers[p].homes.clear();
                self.add_homes(p, &words[1..], line)
            }
            "UNITS" => {
                let p = self.current_power(line, &up)?;
                let name = self.powers[p].spec.name.clone();
                self.units.retain(|u| u.power != name);
                Ok(())
            }
            "A" | "F" => self.unit(line, words),
            "UNPLAYED" => self.unplayed(line, &words[1..]),
            "UNOWNED" | "NEUTRAL" => {
                self.current = None;
                for c in &words[1..] {
                    self.centres.entry(c.to_ascii_lowercase()).or_insert(line);
                }
                Ok(())
            }
            _ => self.power_line(line, words),
        }
    }

    fn base(
        &mut self,
        line: Line,
        words: &[&str],
        base: &dyn Fn(&str) -> Option<Result<Map, MapError>>,
    ) -> Result<(), MapError> {
        if words.len() != 2 {
            return Err(syntax(line, "write `MAP name`, naming one map".into()));
        }
        if self.derived || self.seen_content {
            return Err(syntax(
                line,
                "`MAP` must come before the map's own lines, once".into(),
            ));
        }
        let name = words[1].trim_end_matches(".map");
        let map = base(name)
            .ok_or_else(|| MapError::UnknownMap(name.to_string()).at(line))?
            .map_err(|e| MapError::InBase(name.to_string(), Box::new(e)).at(line))?;
        let spec = map.to_spec();
        for p in &spec.provinces {
            if p.center {
                self.centres.insert(p.abbr.clone(), 0);
            }
        }
        for p in &spec.powers {
            let homes = spec
                .provinces
                .iter()
                .filter(|q| q.home.as_deref() == Some(p.name.as_str()))
                .map(|q| (q.abbr.clone(), 0))
                .collect();
            self.powers.push(PowerState {
                spec: p.clone(),
                homes,
            });
        }
        self.units = spec.start.clone();
        let own_name = std::mem::take(&mut self.spec.name);
        self.spec = MapSpec {
            name: own_name,
            powers: Vec::new(),
            start: Vec::new(),
            ..spec
        };
        for p in &mut self.spec.provinces {
            p.home = None;
            p.center = false;
        }
        self.derived = true;
        Ok(())
    }

    fn begin(&mut self, line: Line, words: &[&str]) -> Result<(), MapError> {
        let w: Vec<String> = words[1..].iter().map(|w| w.to_ascii_uppercase()).collect();
        if w.len() != 3 || w[0] != "SPRING" || w[2] != "MOVEMENT" {
            return Err(unsupported(
                line,
                "a first phase other than a Spring movement (`BEGIN SPRING 1901 MOVEMENT`)",
            ));
        }
        match w[1].parse::<u16>() {
            Ok(y) if y > 0 => {
                self.spec.first_year = y;
                self.spec.first_year_line = line;
                Ok(())
            }
            _ => Err(syntax(line, format!("`{}` is not a year", words[2]))),
        }
    }

    fn victory(&mut self, line: Line, words: &[&str]) -> Result<(), MapError> {
        match words[1..] {
            [n] => match n.parse::<usize>() {
                Ok(v) => {
                    self.spec.victory = Some(v);
                    self.spec.victory_line = line;
                    Ok(())
                }
                Err(_) => Err(syntax(line, format!("`{n}` is not a number of centres"))),
            },
            [] => Err(syntax(line, "write `VICTORY 18`".into())),
            _ => Err(unsupported(line, "a victory count that changes by year")),
        }
    }

    fn name_line(&mut self, line: Line, raw: &str) -> Result<(), MapError> {
        let (full, rest) = raw.split_once('=').expect("the caller saw a `=`");
        if full.contains("->") {
            return Err(unsupported(line, "renaming provinces (`->`)"));
        }
        let mut words = rest.split_whitespace();
        let Some(abbr) = words.next() else {
            return Err(syntax(
                line,
                "write a name line as `Full Name = abb other names`".into(),
            ));
        };
        if abbr.contains('/') || abbr.contains('(') {
            // A coast's own names: dipspy reads coasts however written.
            return Ok(());
        }
        let aliases = words
            .filter(|a| !a.contains('/') && !a.contains('('))
            .map(|a| a.trim_end_matches('?').replace('+', " "))
            .filter(|a| !a.is_empty() && !ORDER_WORDS.contains(&normalize_name(a).as_str()))
            .collect();
        let key = abbr.to_ascii_lowercase();
        if self.names.contains_key(&key) {
            return Err(syntax(line, format!("`{abbr}` is named twice")));
        }
        self.names
            .insert(key, (full.trim().to_string(), aliases, line));
        Ok(())
    }

    fn terrain_line(&mut self, line: Line, words: &[&str]) -> Result<(), MapError> {
        if self.derived {
            return Err(unsupported(
                line,
                "changing the terrain of a map built on another (`MAP`)",
            ));
        }
        let kind = match words[0].to_ascii_uppercase().as_str() {
            "WATER" => "WATER",
            "LAND" => "LAND",
            "COAST" => "COAST",
            "PORT" => "PORT",
            _ => "SHUT",
        };
        let abuts = match words.get(2) {
            None => Vec::new(),
            Some(w) if w.eq_ignore_ascii_case("ABUTS") => {
                words[3..].iter().map(|w| w.to_string()).collect()
            }
            Some(w) => {
                return Err(syntax(
                    line,
                    format!("expected `ABUTS` after `{}`, found `{w}`", words[1]),
                ));
            }
        };
        if abuts.iter().any(|a| a.starts_with('-')) {
            return Err(unsupported(line, "removing borders (`-abb`)"));
        }
        if kind == "SHUT" {
            self.shut.insert(words[1].to_ascii_lowercase());
            return Ok(());
        }
        let loc = words[1].to_string();
        if self
            .terrain
            .iter()
            .any(|t| t.loc.eq_ignore_ascii_case(&loc))
        {
            return Err(MapError::DuplicateProvince(loc.to_ascii_lowercase()).at(line));
        }
        self.terrain.push(Terrain {
            loc,
            kind,
            abuts,
            line,
        });
        Ok(())
    }

    fn current_power(&self, line: Line, word: &str) -> Result<usize, MapError> {
        self.current
            .ok_or_else(|| syntax(line, format!("`{word}` must follow a power's line")))
    }

    fn find_power(&self, name: &str) -> Option<usize> {
        let key = normalize_name(name);
        self.powers.iter().position(|p| {
            normalize_name(&p.spec.name) == key || normalize_name(&p.spec.adjective) == key
        })
    }

    fn power_line(&mut self, line: Line, words: &[&str]) -> Result<(), MapError> {
        if words.get(1) == Some(&"->") {
            return Err(unsupported(line, "renaming powers (`->`)"));
        }
        let name = words[0].to_ascii_lowercase();
        if !name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            return Err(syntax(
                line,
                format!(
                    "`{}` is neither a keyword of the map format nor a power's name",
                    words[0]
                ),
            ));
        }
        if words.iter().any(|w| w.eq_ignore_ascii_case("ABUTS")) {
            return Err(syntax(
                line,
                format!(
                    "`{}` is not a kind of province: write WATER, LAND, COAST, PORT or SHUT",
                    words[0]
                ),
            ));
        }
        let mut rest = &words[1..];
        let mut adjective = None;
        if let Some(w) = rest.first()
            && w.starts_with('(')
        {
            let own = w.trim_start_matches('(').trim_end_matches(')');
            let own = own.split(':').next().unwrap_or("");
            if !own.is_empty() {
                adjective = Some(title(own));
            }
            rest = &rest[1..];
        }
        let i = match self.find_power(&name) {
            Some(i) => i,
            None => {
                self.powers.push(PowerState {
                    spec: PowerSpec {
                        name: name.clone(),
                        adjective: adjective.clone().unwrap_or_else(|| title(&name)),
                        dummy: false,
                        aliases: Vec::new(),
                        line,
                    },
                    homes: Vec::new(),
                });
                self.powers.len() - 1
            }
        };
        if let Some(a) = adjective {
            self.powers[i].spec.adjective = a;
        }
        self.current = Some(i);
        self.add_homes(i, rest, line)
    }

    fn add_homes(&mut self, p: usize, homes: &[&str], line: Line) -> Result<(), MapError> {
        for h in homes {
            let (remove, h) = match h.strip_prefix('-') {
                Some(h) => (true, h),
                None => (false, *h),
            };
            let h = h.to_ascii_lowercase();
            self.powers[p].homes.retain(|x| x.0 != h);
            self.centres.entry(h.clone()).or_insert(line);
            if !remove {
                self.powers[p].homes.push((h, line));
            }
        }
        Ok(())
    }

    fn unit(&mut self, line: Line, words: &[&str]) -> Result<(), MapError> {
        let p = self.current_power(line, "a unit")?;
        if words.len() != 2 {
            return Err(syntax(line, "write a unit as `A PAR` or `F STP/SC`".into()));
        }
        let loc = words[1].to_ascii_lowercase();
        let prov = loc.split('/').next().unwrap_or("").to_string();
        self.units.retain(|u| {
            let at = u.unit.split_whitespace().nth(1).unwrap_or("");
            at.split('/').next().unwrap_or("") != prov
        });
        self.units.push(StartSpec {
            power: self.powers[p].spec.name.clone(),
            unit: format!("{} {loc}", words[0].to_ascii_uppercase()),
            line,
        });
        Ok(())
    }

    /// The powers a list names: `ENGLAND, GERMANY`, `ALL`, `ALL EXCEPT
    /// ENGLAND ...`, or (no names) the power whose line is above.
    fn powers_named(
        &self,
        line: Line,
        keyword: &str,
        names: &[&str],
    ) -> Result<Vec<usize>, MapError> {
        let list: Vec<String> = names
            .join(" ")
            .split([',', ' '])
            .filter(|w| !w.is_empty())
            .map(|w| w.to_string())
            .collect();
        let find = |n: &String| {
            self.find_power(n)
                .ok_or_else(|| MapError::UnknownPower(n.to_ascii_lowercase()).at(line))
        };
        match list.first().map(|w| w.to_ascii_uppercase()) {
            None => Ok(vec![self.current_power(line, keyword)?]),
            Some(w) if w == "ALL" => {
                if list.len() > 1 && !list[1].eq_ignore_ascii_case("EXCEPT") {
                    return Err(syntax(
                        line,
                        format!("write `{keyword} ALL EXCEPT power ...`"),
                    ));
                }
                let keep = list
                    .iter()
                    .skip(2)
                    .map(find)
                    .collect::<Result<Vec<_>, _>>()?;
                Ok((0..self.powers.len())
                    .filter(|i| !keep.contains(i))
                    .collect())
            }
            Some(_) => list.iter().map(find).collect(),
        }
    }

    fn unplayed(&mut self, line: Line, names: &[&str]) -> Result<(), MapError> {
        let goners = self.powers_named(line, "UNPLAYED", names)?;
        let gone: Vec<String> = goners
            .iter()
            .map(|&i| self.powers[i].spec.name.clone())
            .collect();
        self.powers.retain(|p| !gone.contains(&p.spec.name));
        self.units.retain(|u| !gone.contains(&u.power));
        self.current = None;
        Ok(())
    }

    /// `DUMMY` (the power above), `DUMMY power ...`, `DUMMY ALL`, `DUMMY
    /// ALL EXCEPT power ...` (also `DUMMIES`): powers nobody plays. The
    /// power above stays the current one, so its units may follow.
    fn dummies(&mut self, line: Line, names: &[&str]) -> Result<(), MapError> {
        for i in self.powers_named(line, "DUMMY", names)? {
            self.powers[i].spec.dummy = true;
        }
        Ok(())
    }

    /// Turns what was read into a spec.
    fn finish(mut self) -> Result<MapSpec, MapError> {
        if !self.derived {
            self.spec.provinces = self.provinces()?;
        } else {
            for (abbr, (_, aliases, line)) in std::mem::take(&mut self.names) {
                match self.spec.provinces.iter_mut().find(|p| p.abbr == abbr) {
                    Some(p) => p.aliases.extend(aliases),
                    None => return Err(syntax(line, format!("`{abbr}` is not a province"))),
                }
            }
        }
        for (c, &line) in &self.centres {
            match self.spec.provinces.iter_mut().find(|p| p.abbr == *c) {
                Some(p) => p.center = true,
                None => {
                    return Err(syntax(
                        line,
                        format!("supply centre `{c}` is not a province of this map"),
                    ));
                }
            }
        }
        for p in &self.powers {
            for (h, _) in &p.homes {
                if let Some(q) = self.spec.provinces.iter_mut().find(|q| q.abbr == *h) {
                    q.home = Some(p.spec.name.clone());
                }
            }
        }
        if let Some(p) = self
            .powers
            .iter()
            .find(|p| p.homes.is_empty() && !self.units.iter().any(|u| u.power == p.spec.name))
        {
            return Err(syntax(
                p.spec.line,
                format!(
                    "`{}` reads as a power, but it has no home centres and no units: \
                     is it a misspelt keyword?",
                    p.spec.name
                ),
            ));
        }
        self.spec.powers = self.powers.into_iter().map(|p| p.spec).collect();
        self.spec.start = self.units;
        Ok(self.spec)
    }

    /// The provinces, from the terrain lines.
    fn provinces(&mut self) -> Result<Vec<ProvinceSpec>, MapError> {
        let by_loc = self.terrain_by_location();
        let mut out = Vec::new();
        for t in &self.terrain {
            if t.loc.contains('/') {
                self.check_coast_line(&by_loc, t)?;
            } else {
                out.push(self.province(&by_loc, t)?);
            }
        }
        self.check_named_have_terrain(&by_loc)?;
        Ok(out)
    }

    /// Location (lower case) -> index of its terrain line.
    fn terrain_by_location(&self) -> HashMap<String, usize> {
        let mut by_loc = HashMap::new();
        for (i, t) in self.terrain.iter().enumerate() {
            by_loc.insert(t.loc.to_ascii_lowercase(), i);
        }
        by_loc
    }

    /// The kind of the province a location belongs to.
    fn kind_of(&self, by_loc: &HashMap<String, usize>, loc: &str) -> Option<&'static str> {
        by_loc.get(&province_of(loc)).map(|&i| self.terrain[i].kind)
    }

    /// Checks a coast's own line (`COAST bul/ec ABUTS ...`): its province
    /// has a line, the coast is one dipspy knows, and both are `COAST`.
    fn check_coast_line(
        &self,
        by_loc: &HashMap<String, usize>,
        t: &Terrain,
    ) -> Result<(), MapError> {
        let loc = t.loc.to_ascii_lowercase();
        let parent = province_of(&loc);
        if !by_loc.contains_key(&parent) {
            return Err(syntax(
                t.line,
                format!("coast `{loc}` has no line for its province `{parent}`"),
            ));
        }
        let coast = &loc[parent.len() + 1..];
        if Coast::from_name(coast).is_none() || coast.len() != 2 {
            return Err(syntax(
                t.line,
                format!("`{coast}` is not a coast dipspy knows (nc, sc, ec, wc)"),
            ));
        }
        if t.kind != "COAST" || self.kind_of(by_loc, &parent) != Some("COAST") {
            return Err(syntax(
                t.line,
                format!("coast `{loc}` and its province must both be `COAST`"),
            ));
        }
        Ok(())
    }

    /// One province from its terrain line (not a coast's line): its names,
    /// kind, and the borders of armies and fleets.
    fn province(
        &self,
        by_loc: &HashMap<String, usize>,
        t: &Terrain,
    ) -> Result<ProvinceSpec, MapError> {
        let loc = t.loc.to_ascii_lowercase();
        let (name, aliases) = match self.names.get(&loc) {
            Some((n, a, _)) => (n.clone(), a.clone()),
            None => {
                return Err(syntax(
                    t.line,
                    format!("province `{loc}` has no name line (`Full Name = {loc}`)"),
                ));
            }
        };
        let (kind, port) = match t.kind {
            "WATER" => (ProvinceKind::Sea, false),
            "LAND" => (ProvinceKind::Land, false),
            "PORT" => (ProvinceKind::Coast, true),
            _ => (ProvinceKind::Coast, false),
        };
        let army = if kind != ProvinceKind::Sea {
            self.army_borders(by_loc, t, &loc)?
        } else {
            Vec::new()
        };
        let (fleet, coasts) = self.fleet_borders(by_loc, t, &loc, kind)?;
        Ok(ProvinceSpec {
            abbr: loc.clone(),
            name,
            aliases,
            kind,
            port,
            center: false,
            home: None,
            army,
            fleet,
            coasts,
            line: t.line,
        })
    }

    /// The provinces an army in `loc` may move to: its terrain line's
    /// borders that are not water, not fleet-only and not shut.
    fn army_borders(
        &self,
        by_loc: &HashMap<String, usize>,
        t: &Terrain,
        loc: &str,
    ) -> Result<Vec<String>, MapError> {
        let mut army = Vec::new();
        for e in &t.abuts {
            let target = province_of(e);
            if self.shut.contains(&target) {
                continue;
            }
            let Some(k) = self.kind_of(by_loc, e) else {
                return Err(MapError::UnknownProvince {
                    province: loc.to_string(),
                    target: e.clone(),
                }
                .at(t.line));
            };
            if k != "WATER" && !is_title(e) && !army.contains(&target) {
                army.push(target);
            }
        }
        Ok(army)
    }

    /// The fleet borders of `loc` (of kind `kind`): none for land; one
    /// list for a province with no coasts of its own; else one list per
    /// coast, from the coasts' lines.
    fn fleet_borders(
        &self,
        by_loc: &HashMap<String, usize>,
        t: &Terrain,
        loc: &str,
        kind: ProvinceKind,
    ) -> Result<FleetBorders, MapError> {
        let coasts: Vec<&Terrain> = self
            .terrain
            .iter()
            .filter(|c| {
                let l = c.loc.to_ascii_lowercase();
                l.contains('/') && province_of(&l) == loc
            })
            .collect();
        if kind == ProvinceKind::Land {
            Ok((Vec::new(), Vec::new()))
        } else if coasts.is_empty() {
            Ok((self.fleet_list(by_loc, t, loc)?, Vec::new()))
        } else {
            let mut lists = Vec::new();
            for c in &coasts {
                let l = c.loc.to_ascii_lowercase();
                lists.push((
                    l[loc.len() + 1..].to_string(),
                    self.fleet_list(by_loc, c, loc)?,
                ));
            }
            Ok((Vec::new(), lists))
        }
    }

    /// The places a fleet on terrain line `c` (of province `loc`) may move
    /// to: borders that are not land, written for fleets, and real (a
    /// coast that has a line, or a province without coasts), not shut.
    fn fleet_list(
        &self,
        by_loc: &HashMap<String, usize>,
        c: &Terrain,
        loc: &str,
    ) -> Result<Vec<String>, MapError> {
        let mut out = Vec::new();
        for e in &c.abuts {
            let target = e.to_ascii_lowercase();
            if self.shut.contains(&province_of(e)) {
                continue;
            }
            let Some(k) = self.kind_of(by_loc, e) else {
                return Err(MapError::UnknownProvince {
                    province: loc.to_string(),
                    target: e.clone(),
                }
                .at(c.line));
            };
            let upper_first = e.chars().next().is_some_and(|ch| ch.is_ascii_uppercase());
            let has_coasts = self.terrain.iter().any(|x| {
                let l = x.loc.to_ascii_lowercase();
                l.contains('/') && province_of(&l) == province_of(e)
            });
            let real = if target.contains('/') {
                by_loc.contains_key(&target)
            } else {
                !has_coasts
            };
            if k != "LAND" && upper_first && real && !out.contains(&target) {
                out.push(target);
            }
        }
        Ok(out)
    }

    /// Checks that every named province has a terrain line (or is shut).
    fn check_named_have_terrain(&self, by_loc: &HashMap<String, usize>) -> Result<(), MapError> {
        for (abbr, (_, _, line)) in &self.names {
            if !by_loc.contains_key(abbr) && !self.shut.contains(abbr) {
                return Err(syntax(
                    *line,
                    format!("`{abbr}` is named but has no terrain line (`LAND {abbr} ABUTS ...`)"),
                ));
            }
        }
        Ok(())
    }
}

/// A province's fleet borders: its own list, and one list per coast
/// (the coast's name and its borders).
type FleetBorders = (Vec<String>, Vec<(String, Vec<String>)>);

/// The province (lower case) of a location: `bul` for `BUL/EC`.
fn province_of(loc: &str) -> String {
    loc.split('/').next().unwrap_or("").to_ascii_lowercase()
}

/// `Carthaginian` from `CARTHAGINIAN`.
fn title(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut c = lower.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Whether a name in an adjacency list is capitalised (`Bal`): a border
/// for fleets only. Each letter after a non-letter is a capital, each
/// other letter small.
fn is_title(s: &str) -> bool {
    let mut prev_letter = false;
    let mut any_letter = false;
    for ch in s.chars() {
        if ch.is_alphabetic() {
            let want_upper = !prev_letter;
            if ch.is_uppercase() != want_upper {
                return false;
            }
            any_letter = true;
            prev_letter = true;
        } else {
            prev_letter = false;
        }
    }
    any_letter
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capitalised_names_are_fleet_only() {
        assert!(is_title("Bal"));
        assert!(!is_title("BAL"));
        assert!(!is_title("bal"));
        assert!(!is_title("BUL/SC"));
    }
}
