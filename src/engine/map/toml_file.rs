//! dipspy's own map file format (TOML), read into a [`MapSpec`]. The
//! fields are documented at the top of `src/engine/maps/standard.toml`;
//! a map may also be built on another (`map = "standard"`, `unplayed =
//! [...]`), as the two-player maps are.

use super::spec::{Line, MapSpec, PowerSpec, ProvinceSpec, StartSpec};
use super::{BuildSites, Map, MapError, ProvinceKind};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    name: String,
    /// The map this one is built on.
    map: Option<Spanned<String>>,
    /// Powers of the base map taken off the board.
    #[serde(default)]
    unplayed: Vec<Spanned<String>>,
    first_year: Option<Spanned<u16>>,
    victory: Option<Spanned<usize>>,
    builds: Option<BuildSites>,
    #[serde(default)]
    power: Vec<Spanned<PowerFile>>,
    #[serde(default)]
    province: Vec<Spanned<ProvinceFile>>,
    #[serde(default)]
    start: BTreeMap<String, Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerFile {
    name: String,
    adjective: String,
    #[serde(default)]
    aliases: Vec<String>,
    /// A dummy power: nobody plays it (see `Power::dummy`).
    #[serde(default)]
    dummy: bool,
}

/// A province's terrain as the file writes it.
#[derive(Copy, Clone, Deserialize)]
#[serde(rename_all = "lowercase")]
enum KindFile {
    Land,
    Sea,
    Coast,
    /// A coast whose fleet may convoy, as at sea.
    Port,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProvinceFile {
    abbr: String,
    name: String,
    kind: KindFile,
    #[serde(default)]
    center: bool,
    home: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    army: Vec<String>,
    #[serde(default)]
    fleet: Vec<String>,
    #[serde(default)]
    coasts: BTreeMap<String, Vec<String>>,
}

/// The 1-based line of a byte offset.
pub(crate) fn line_of(text: &str, offset: usize) -> Line {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Reads a TOML map file; `base` finds the map named by `map = "..."`.
pub(crate) fn read(
    text: &str,
    base: &dyn Fn(&str) -> Option<Result<Map, MapError>>,
) -> Result<MapSpec, MapError> {
    let file: MapFile = toml::from_str(text).map_err(|e| {
        let msg = e.message().trim().to_string();
        match e.span() {
            Some(span) => MapError::Toml(msg).at(line_of(text, span.start)),
            None => MapError::Toml(msg),
        }
    })?;
    let line = |s: std::ops::Range<usize>| line_of(text, s.start);
    let mut spec = match &file.map {
        None => MapSpec::new(&file.name),
        Some(b) => {
            let l = line(b.span());
            if !file.power.is_empty() || !file.province.is_empty() || !file.start.is_empty() {
                return Err(MapError::Unsupported(
                    "a map built on another (`map = ...`) may only set `unplayed`, \
                     `first_year`, `victory` and `builds`"
                        .into(),
                )
                .at(l));
            }
            let base = base(b.get_ref())
                .ok_or_else(|| MapError::UnknownMap(b.get_ref().clone()).at(l))?
                .map_err(|e| MapError::InBase(b.get_ref().clone(), Box::new(e)).at(l))?;
            let mut spec = base.to_spec();
            spec.name = file.name.clone();
            spec
        }
    };
    if file.map.is_none() && !file.unplayed.is_empty() {
        return Err(MapError::Unsupported(
            "`unplayed` takes powers off a map this one is built on (`map = ...`)".into(),
        )
        .at(line(file.unplayed[0].span())));
    }
    for u in &file.unplayed {
        spec.remove_power(u.get_ref(), line(u.span()))?;
    }
    if let Some(y) = &file.first_year {
        spec.first_year = *y.get_ref();
        spec.first_year_line = line(y.span());
    }
    if let Some(v) = &file.victory {
        spec.victory = Some(*v.get_ref());
        spec.victory_line = line(v.span());
    }
    if let Some(b) = file.builds {
        spec.builds = b;
    }
    for p in file.power {
        let l = line(p.span());
        let p = p.into_inner();
        spec.powers.push(PowerSpec {
            name: p.name,
            adjective: p.adjective,
            dummy: p.dummy,
            aliases: p.aliases,
            line: l,
        });
    }
    for p in file.province {
        let l = line(p.span());
        let p = p.into_inner();
        let (kind, port) = match p.kind {
            KindFile::Land => (ProvinceKind::Land, false),
            KindFile::Sea => (ProvinceKind::Sea, false),
            KindFile::Coast => (ProvinceKind::Coast, false),
            KindFile::Port => (ProvinceKind::Coast, true),
        };
        spec.provinces.push(ProvinceSpec {
            abbr: p.abbr,
            name: p.name,
            aliases: p.aliases,
            kind,
            port,
            center: p.center,
            home: p.home,
            army: p.army,
            fleet: p.fleet,
            coasts: p.coasts.into_iter().collect(),
            line: l,
        });
    }
    for (power, units) in file.start {
        for u in units {
            let l = line(u.span());
            spec.start.push(StartSpec {
                power: power.clone(),
                unit: u.into_inner(),
                line: l,
            });
        }
    }
    Ok(spec)
}

/// A TOML string, quoted and escaped.
fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn list(items: &[String]) -> String {
    let v: Vec<String> = items.iter().map(|s| q(s)).collect();
    format!("[{}]", v.join(", "))
}

/// Writes a spec as a self-contained map file in dipspy's format (a map
/// built on another written out in full).
pub(crate) fn write(spec: &MapSpec) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!("name = {}", q(&spec.name)));
    line(format!("first_year = {}", spec.first_year));
    if let Some(v) = spec.victory {
        line(format!("victory = {v}"));
    }
    if spec.builds == BuildSites::Any {
        line("builds = \"any\"".into());
    }
    for p in &spec.powers {
        line(String::new());
        line("[[power]]".into());
        line(format!("name = {}", q(&p.name)));
        line(format!("adjective = {}", q(&p.adjective)));
        if !p.aliases.is_empty() {
            line(format!("aliases = {}", list(&p.aliases)));
        }
        if p.dummy {
            line("dummy = true".into());
        }
    }
    for p in &spec.provinces {
        line(String::new());
        line("[[province]]".into());
        line(format!("abbr = {}", q(&p.abbr)));
        line(format!("name = {}", q(&p.name)));
        if !p.aliases.is_empty() {
            line(format!("aliases = {}", list(&p.aliases)));
        }
        let kind = match (p.kind, p.port) {
            (ProvinceKind::Land, _) => "land",
            (ProvinceKind::Sea, _) => "sea",
            (ProvinceKind::Coast, true) => "port",
            (ProvinceKind::Coast, false) => "coast",
        };
        line(format!("kind = {}", q(kind)));
        if p.center {
            line("center = true".into());
        }
        if let Some(h) = &p.home {
            line(format!("home = {}", q(h)));
        }
        if !p.army.is_empty() {
            line(format!("army = {}", list(&p.army)));
        }
        if !p.fleet.is_empty() {
            line(format!("fleet = {}", list(&p.fleet)));
        }
        if !p.coasts.is_empty() {
            line("[province.coasts]".into());
            for (c, l) in &p.coasts {
                line(format!("{c} = {}", list(l)));
            }
        }
    }
    line(String::new());
    line("[start]".into());
    let mut by_power: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for s in &spec.start {
        by_power.entry(&s.power).or_default().push(s.unit.clone());
    }
    for (p, units) in by_power {
        line(format!("{} = {}", q(p), list(&units)));
    }
    out
}
