//! The maps a judge offers: the maps built into dipspy, and the map files
//! a game master drops into the judge's maps directory (`[maps] dir` in
//! the configuration), read once when dipspy starts.
//!
//! A file in the directory is a DPjudge map (`NAME.map`) or a map in
//! dipspy's own format (`NAME.toml`); the game's variant is `NAME`. A map
//! built on another (`MAP standard` in a DPjudge file, `map = "standard"`
//! in a TOML file) finds it among the built-in maps first, then in the
//! directory. A file that cannot be read is not offered; `dipspy maps`
//! shows why, naming the line. A file named like a built-in map is
//! refused: `standard` is always dipspy's own standard map.
//!
//! Beside a map, `NAME.positions.toml` (or `.svg`) may give each
//! province a point for the map's picture (see `positions`).
//!
//! The engine reads text only; the files are read here.

mod positions;
pub use positions::read;

use crate::engine::{BUILTIN_MAPS, Map, MapError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

/// One map file of the directory, read or refused.
#[derive(Clone, Debug)]
pub struct DirMap {
    /// The variant's name: the file's name without its extension.
    pub name: String,
    /// The file's path.
    pub path: PathBuf,
    /// The map, or why it was refused.
    pub map: Result<&'static Map, String>,
}

/// The maps of the directory, once read (maps live as long as the
/// process: games refer to them by name).
static DIR_MAPS: RwLock<Vec<DirMap>> = RwLock::new(Vec::new());

/// A map the judge offers, by name: built in, or from the maps directory.
pub fn lookup(name: &str) -> Option<&'static Map> {
    if let Some(m) = Map::by_variant(name) {
        return Some(m);
    }
    let key = crate::engine::normalize_name(name);
    DIR_MAPS
        .read()
        .expect("the map list is never poisoned")
        .iter()
        .find(|d| crate::engine::normalize_name(&d.name) == key)
        .and_then(|d| d.map.as_ref().ok().copied())
}

/// The maps kept with games (see `migrations/0010_game_maps.sql`), read
/// once each.
static GAME_MAPS: Mutex<BTreeMap<String, &'static Map>> = Mutex::new(BTreeMap::new());

/// The map kept with a game (a self-contained map file in dipspy's
/// format), read once per process.
pub fn from_game_file(file: &str) -> Result<&'static Map, MapError> {
    let mut cache = GAME_MAPS.lock().expect("the map cache is never poisoned");
    if let Some(m) = cache.get(file) {
        return Ok(m);
    }
    let map: &'static Map = Box::leak(Box::new(Map::from_toml_str(file)?));
    cache.insert(file.to_string(), map);
    Ok(map)
}

/// The maps of the directory, as read by [`load_dir`].
pub fn dir_maps() -> Vec<DirMap> {
    DIR_MAPS
        .read()
        .expect("the map list is never poisoned")
        .clone()
}

/// The names of the built-in maps.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN_MAPS.iter().map(|(n, _)| *n)
}

/// Reads every `.map` and `.toml` file of `dir` and offers the maps that
/// pass their checks (replacing any read before). A directory that cannot
/// be listed is an error; a broken file is kept with its reason.
pub fn load_dir(dir: &Path) -> std::io::Result<Vec<DirMap>> {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if (ext != "map" && ext != "toml") || positions::is_positions_file(&path) {
            continue;
        }
        if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
            files.push((stem.to_string(), path.clone()));
        }
    }
    files.sort();
    let mut out = Vec::new();
    for (name, path) in &files {
        let map = if Map::by_variant(name).is_some() {
            Err(format!(
                "`{name}` is the name of a built-in map; rename the file to offer it"
            ))
        } else {
            read_file(name, path, &files, 0)
                .map(|m| &*Box::leak(Box::new(m)))
                .map_err(|e| e.to_string())
        };
        if let Err(e) = &map {
            tracing::warn!(file = %path.display(), "map refused: {e}");
        }
        if let (Ok(m), Some(file)) = (&map, positions::beside(path)) {
            match positions::read(&file, m) {
                Ok(p) => crate::render::set_positions(name, p),
                Err(e) => tracing::warn!("the map's positions are not used: {e}"),
            }
        }
        out.push(DirMap {
            name: name.clone(),
            path: path.clone(),
            map,
        });
    }
    *DIR_MAPS.write().expect("the map list is never poisoned") = out.clone();
    Ok(out)
}

/// How deep maps may be built on maps built on maps.
const MAX_DEPTH: usize = 8;

fn read_file(
    name: &str,
    path: &Path,
    files: &[(String, PathBuf)],
    depth: usize,
) -> Result<Map, MapError> {
    let text = crate::files::read_text_bounded(path, crate::files::MAX_MAP_BYTES, "a map file")
        .map_err(|e| MapError::Syntax(e.to_string()))?;
    let base = |b: &str| -> Option<Result<Map, MapError>> {
        if let Some(m) = Map::by_variant(b) {
            return Some(Ok(m.clone()));
        }
        let (_, p) = files.iter().find(|(n, _)| n == b)?;
        if depth >= MAX_DEPTH {
            return Some(Err(MapError::Syntax(format!(
                "maps built on each other more than {MAX_DEPTH} deep (a loop?)"
            ))));
        }
        Some(read_file(b, p, files, depth + 1))
    };
    let mut map = if path.extension().is_some_and(|e| e == "map") {
        Map::from_dpjudge_str(name, &text, &base)?
    } else {
        Map::from_toml_str_with(&text, &base)?
    };
    map.name = name.to_string();
    Ok(map)
}

/// One line per map for `dipspy maps` and `LIST MAPS`: name, powers,
/// centres, how many win, the first year; for the judge (`for_judge`),
/// also the file each directory map comes from and the refused files.
pub fn describe(for_judge: bool) -> String {
    let mut out = String::new();
    let line = |out: &mut String, m: &Map, from: &str| {
        let powers: Vec<String> = m
            .powers()
            .iter()
            .map(|p| match p.dummy {
                true => format!("{} (dummy)", p.display_name()),
                false => p.display_name(),
            })
            .collect();
        out.push_str(&format!(
            "{:<24} {} powers ({}), {} centres, {} to win, from {}{}{}\n",
            m.name,
            powers.len(),
            powers.join(", "),
            m.supply_centers().count(),
            m.victory(),
            m.first_year(),
            match m.builds() {
                crate::engine::BuildSites::Home => "",
                crate::engine::BuildSites::Any => ", builds in any owned centre",
            },
            from
        ));
    };
    for n in builtin_names() {
        let m = Map::by_variant(n).expect("a built-in map");
        line(&mut out, m, "");
    }
    for d in dir_maps() {
        match d.map {
            Ok(m) if for_judge => line(&mut out, m, &format!(" ({})", d.path.display())),
            Ok(m) => line(&mut out, m, ""),
            Err(_) if !for_judge => {}
            Err(e) => out.push_str(&format!(
                "{:<24} not offered: {}: {e}\n",
                d.name,
                d.path.display()
            )),
        }
    }
    out
}
