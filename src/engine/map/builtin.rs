//! The maps built into dipspy, embedded from `src/engine/maps/`, each
//! parsed and checked once, on first use.

use super::{Map, normalize_name};
use std::sync::OnceLock;

/// The built-in maps: name, and the map file (dipspy's TOML format).
pub const BUILTIN_MAPS: &[(&str, &str)] = &[
    ("standard", include_str!("../maps/standard.toml")),
    ("ancmed", include_str!("../maps/ancmed.toml")),
    ("modern", include_str!("../maps/modern.toml")),
    ("pure", include_str!("../maps/pure.toml")),
    (
        "standard_france_austria",
        include_str!("../maps/standard_france_austria.toml"),
    ),
    (
        "standard_germany_italy",
        include_str!("../maps/standard_germany_italy.toml"),
    ),
];

/// Other names players and game masters use for a built-in map.
const OTHER_NAMES: &[(&str, &str)] =
    &[("classic", "standard"), ("ancient mediterranean", "ancmed")];

static MAPS: [OnceLock<Map>; BUILTIN_MAPS.len()] = [const { OnceLock::new() }; BUILTIN_MAPS.len()];

/// A built-in map by any of its names (case and `_`/`-`/space ignored).
pub(super) fn by_name(name: &str) -> Option<&'static Map> {
    // A game's stored variant is the map's own name: found without
    // normalising every name (a game is loaded several times per mail).
    if let Some(i) = BUILTIN_MAPS.iter().position(|(n, _)| *n == name) {
        return Some(builtin(i));
    }
    let key = normalize_name(name);
    let key = OTHER_NAMES
        .iter()
        .find(|(other, _)| *other == key)
        .map(|(_, n)| normalize_name(n))
        .unwrap_or(key);
    let i = BUILTIN_MAPS
        .iter()
        .position(|(n, _)| normalize_name(n) == key)?;
    Some(builtin(i))
}

/// Built-in map `i`, parsed and checked on first use.
fn builtin(i: usize) -> &'static Map {
    MAPS[i].get_or_init(|| {
        let (n, text) = BUILTIN_MAPS[i];
        Map::from_toml_str(text).unwrap_or_else(|e| panic!("the built-in map {n} is broken: {e}"))
    })
}
