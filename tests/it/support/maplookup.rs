//! Looking up a map's provinces and borders by the names a test writes,
//! shared by the map tests (`map_loader.rs`, `map_files.rs`).

use dipspy::engine::{Location, Map, ProvinceId};

/// The province with this name; panics with the name if there is none.
pub(crate) fn p(map: &Map, name: &str) -> ProvinceId {
    map.province_by_name(name)
        .unwrap_or_else(|| panic!("no province named {name:?}"))
}

/// A location written as in a map file (`par`, `stp/sc`).
pub(crate) fn loc(map: &Map, s: &str) -> Location {
    map.parse_location(s)
        .unwrap_or_else(|| panic!("no location {s:?}"))
}

/// A province's short name.
pub(crate) fn abbr(map: &Map, id: ProvinceId) -> &str {
    &map.province(id).abbr
}

/// Whether an army may move between the two provinces named.
pub(crate) fn army_adj(map: &Map, a: &str, b: &str) -> bool {
    map.army_adjacent(p(map, a), p(map, b))
}

/// Whether a fleet may move between the two locations named.
pub(crate) fn fleet_adj(map: &Map, a: &str, b: &str) -> bool {
    map.fleet_adjacent(loc(map, a), loc(map, b))
}
