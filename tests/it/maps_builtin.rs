//! The built-in variant maps (issue 14): each loads and passes the
//! loader's checks, has the published counts and rules, and agrees in
//! every fact with a second statement of the same map in DPjudge's format
//! (`tests/maps/dpjudge/`), read by dipspy's DPjudge reader. Broken
//! DPjudge files (`tests/maps/broken_dpjudge/`) are refused with the line.

use dipspy::engine::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn builtin(name: &str) -> &'static Map {
    Map::by_variant(name).unwrap_or_else(|| panic!("no built-in map {name}"))
}

fn fixture(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maps")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn read_dpjudge(name: &str, text: &str) -> Result<Map, MapError> {
    Map::from_dpjudge_str(name, text, &|n| Map::by_variant(n).map(|m| Ok(m.clone())))
}

/// Every fact of a map that play depends on, by province abbreviation, so
/// that two maps whose provinces come in different orders compare.
#[derive(Debug, PartialEq, Eq)]
struct Facts {
    first_year: u16,
    victory: usize,
    builds: BuildSites,
    powers: Vec<(String, String)>,
    provinces: BTreeMap<String, ProvinceFacts>,
    start: BTreeSet<(String, char, String)>,
}

#[derive(Debug, PartialEq, Eq)]
struct ProvinceFacts {
    kind: ProvinceKind,
    port: bool,
    center: bool,
    home: Option<String>,
    coasts: Vec<Coast>,
    army: BTreeSet<String>,
    fleet: BTreeSet<(String, String)>,
}

fn facts(map: &Map) -> Facts {
    let mut provinces = BTreeMap::new();
    for p in map.provinces() {
        let mut fleet = BTreeSet::new();
        for l in p.locations() {
            for &to in map.fleet_neighbours(l) {
                fleet.insert((map.loc_name(l), map.loc_name(to)));
            }
        }
        provinces.insert(
            p.abbr.clone(),
            ProvinceFacts {
                kind: p.kind,
                port: p.port,
                center: p.supply_center,
                home: p.home.map(|h| map.power(h).name.clone()),
                coasts: p.coasts.clone(),
                army: map
                    .army_neighbours(p.id)
                    .iter()
                    .map(|&q| map.province(q).abbr.clone())
                    .collect(),
                fleet,
            },
        );
    }
    let mut powers: Vec<(String, String)> = map
        .powers()
        .iter()
        .map(|p| (p.name.clone(), p.adjective.clone()))
        .collect();
    powers.sort();
    Facts {
        first_year: map.first_year(),
        victory: map.victory(),
        builds: map.builds(),
        powers,
        provinces,
        start: map
            .start_units()
            .iter()
            .map(|u| {
                (
                    map.power(u.power).name.clone(),
                    u.unit_type.letter(),
                    map.loc_name(u.location),
                )
            })
            .collect(),
    }
}

/// name, provinces, supply centres, powers, start units, first year,
/// centres to win, build rule.
type Counts = (
    &'static str,
    usize,
    usize,
    usize,
    usize,
    u16,
    usize,
    BuildSites,
);

const COUNTS: &[Counts] = &[
    ("standard", 75, 34, 7, 22, 1901, 18, BuildSites::Home),
    ("ancmed", 79, 34, 5, 15, 1, 18, BuildSites::Home),
    ("modern", 141, 64, 10, 38, 1994, 33, BuildSites::Any),
    ("pure", 7, 7, 7, 7, 1901, 4, BuildSites::Home),
    (
        "standard_france_austria",
        75,
        34,
        2,
        6,
        1901,
        18,
        BuildSites::Home,
    ),
    (
        "standard_germany_italy",
        75,
        34,
        2,
        6,
        1901,
        18,
        BuildSites::Home,
    ),
];

#[test]
fn every_built_in_map_loads_with_its_published_counts() {
    assert_eq!(BUILTIN_MAPS.len(), COUNTS.len());
    for &(name, provinces, centres, powers, units, year, victory, builds) in COUNTS {
        let map = builtin(name);
        assert_eq!(map.name, name);
        assert_eq!(map.provinces().len(), provinces, "{name}: provinces");
        assert_eq!(map.supply_centers().count(), centres, "{name}: centres");
        assert_eq!(map.powers().len(), powers, "{name}: powers");
        assert_eq!(map.start_units().len(), units, "{name}: start units");
        assert_eq!(map.first_year(), year, "{name}: first year");
        assert_eq!(map.victory(), victory, "{name}: victory");
        assert_eq!(map.builds(), builds, "{name}: builds");
        // Every home centre is a centre, and every power starts with one
        // unit per home centre.
        for p in map.powers() {
            let homes = map.home_centers(p.id).count();
            let start = map.start_units().iter().filter(|u| u.power == p.id).count();
            assert_eq!(homes, start, "{name}: {} homes and units", p.name);
        }
    }
}

#[test]
fn built_in_maps_agree_with_their_dpjudge_statement() {
    for name in ["ancmed", "modern", "pure"] {
        let text = fixture(&format!("dpjudge/{name}.map"));
        let read = read_dpjudge(name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (a, b) = (facts(builtin(name)), facts(&read));
        for (abbr, p) in &a.provinces {
            assert_eq!(Some(p), b.provinces.get(abbr), "{name}: province {abbr}");
        }
        assert_eq!(a, b, "{name}");
        // Every name the DPjudge file gives resolves to the same province.
        for p in read.provinces() {
            let ours = builtin(name).province_by_name(&p.abbr).unwrap();
            assert_eq!(builtin(name).province(ours).abbr, p.abbr);
            assert_eq!(
                builtin(name).province_by_name(&p.name),
                Some(ours),
                "{name}: {}",
                p.name
            );
        }
    }
}

#[test]
fn two_player_maps_are_the_standard_board_with_two_powers() {
    let standard = facts(Map::standard());
    for (name, powers, dpjudge) in [
        (
            "standard_france_austria",
            ["austria", "france"],
            "MAP standard\nUNPLAYED ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY\n",
        ),
        (
            "standard_germany_italy",
            ["germany", "italy"],
            "# Germany and Italy alone\nMAP standard.map\nUNPLAYED AUSTRIA FRANCE ENGLAND RUSSIA TURKEY\n",
        ),
    ] {
        let map = builtin(name);
        let f = facts(map);
        assert_eq!(
            f.powers.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(),
            powers
        );
        for (abbr, p) in &f.provinces {
            let s = &standard.provinces[abbr];
            assert_eq!(
                (p.kind, &p.army, &p.fleet, p.center),
                (s.kind, &s.army, &s.fleet, s.center)
            );
            let home_kept = s.home.as_ref().filter(|h| powers.contains(&h.as_str()));
            assert_eq!(p.home.as_ref(), home_kept, "{name}: {abbr}");
        }
        let start: BTreeSet<_> = standard
            .start
            .iter()
            .filter(|u| powers.contains(&u.0.as_str()))
            .cloned()
            .collect();
        assert_eq!(f.start, start);
        // The standard names and aliases stay.
        assert_eq!(
            map.province_by_name("Mid-Atlantic Ocean"),
            map.province_by_name("mao")
        );
        // The same map from a DPjudge file built on the standard one.
        let read = read_dpjudge(name, dpjudge).unwrap();
        assert_eq!(facts(&read), f, "{name}");
    }
}

/// The abbreviations of DPjudge's standard map file, which other tools
/// write: each must name a province on every map built on the standard
/// board (dipspy's own abbreviation may differ: `mid` for `mao`).
const DPJUDGE_STANDARD: [&str; 75] = [
    "adr", "aeg", "alb", "ank", "apu", "arm", "bal", "bar", "bel", "ber", "bla", "boh", "bre",
    "bud", "bul", "bur", "cly", "con", "den", "eas", "edi", "eng", "fin", "gal", "gas", "gre",
    "lyo", "bot", "hel", "hol", "ion", "iri", "kie", "lvp", "lvn", "lon", "mar", "mao", "mos",
    "mun", "nap", "nao", "naf", "nth", "nwy", "nwg", "par", "pic", "pie", "por", "pru", "rom",
    "ruh", "rum", "ser", "sev", "sil", "ska", "smy", "spa", "stp", "swe", "syr", "tri", "tun",
    "tus", "tyr", "tys", "ukr", "ven", "vie", "wal", "war", "wes", "yor",
];

#[test]
fn dpjudge_standard_abbreviations_name_every_province() {
    for name in [
        "standard",
        "standard_france_austria",
        "standard_germany_italy",
    ] {
        let map = builtin(name);
        let found: BTreeSet<ProvinceId> = DPJUDGE_STANDARD
            .iter()
            .map(|a| {
                map.province_by_name(a)
                    .unwrap_or_else(|| panic!("{name}: {a}"))
            })
            .collect();
        assert_eq!(
            found.len(),
            75,
            "{name}: two abbreviations name one province"
        );
    }
}

#[test]
fn ancmed_baleares_is_a_port_reached_by_sea_only() {
    let map = builtin("ancmed");
    let p = |n: &str| map.province_by_name(n).unwrap();
    let bal = map.province(p("bal"));
    assert!(bal.port && bal.kind == ProvinceKind::Coast && bal.supply_center);
    assert!(
        map.seas().contains(p("bal")),
        "a fleet in a port may convoy"
    );
    assert!(map.army_neighbours(p("bal")).is_empty());
    assert!(!map.army_adjacent(p("tar"), p("bal")));
    assert!(map.fleet_adjacent(Location::new(p("tar")), Location::new(p("bal"))));
    // Lower case in the DPjudge file: armies only (Apulia - Roma).
    assert!(map.army_adjacent(p("apu"), p("rom")));
    assert!(!map.fleet_adjacent(Location::new(p("apu")), Location::new(p("rom"))));
    assert_eq!(map.province(p("spa")).name, "Sparta");
    assert_eq!(
        map.power_by_name("Carthaginian"),
        map.power_by_name("carthage")
    );
}

#[test]
fn modern_iran_has_two_coasts_and_builds_anywhere() {
    let map = builtin("modern");
    let p = |n: &str| map.province_by_name(n).unwrap();
    assert_eq!(map.province(p("irn")).coasts, [Coast::North, Coast::South]);
    assert!(map.fleet_adjacent(
        Location::with_coast(p("irn"), Coast::North),
        Location::new(p("cas"))
    ));
    assert!(!map.fleet_adjacent(
        Location::with_coast(p("irn"), Coast::South),
        Location::new(p("cas"))
    ));
    assert!(map.army_adjacent(p("irn"), p("arm")));
    let britain = map.power_by_name("britain").unwrap();
    assert!(map.build_site(britain, p("ire")), "any centre: Ireland");
    assert!(!map.build_site(britain, p("wal")), "not a centre: Wales");
    // Aliases that are words of the order language are left out.
    assert_eq!(map.province_by_name("north"), None);
    assert_eq!(map.province_by_name("North Sea"), Some(p("nth")));
}

#[test]
fn pure_has_every_province_next_to_every_other() {
    let map = builtin("pure");
    for a in map.provinces() {
        assert_eq!(a.kind, ProvinceKind::Land);
        assert_eq!(map.army_neighbours(a.id).len(), 6);
    }
}

/// Each broken DPjudge file, and the pieces its message must contain.
const BROKEN: &[(&str, &[&str])] = &[
    (
        "one_way",
        &[
            "line 9:",
            "`ber` is adjacent to `mun` for armies",
            "not adjacent to `ber`",
        ],
    ),
    (
        "coast_without_province",
        &[
            "line 10:",
            "coast `spa/nc` has no line for its province `spa`",
        ],
    ),
    (
        "unit_cannot_stand",
        &[
            "line 4:",
            "start unit `F mun` of germany",
            "cannot stand there",
        ],
    ),
    (
        "special_rule",
        &["line 2:", "does not support the rule `HOLD_WIN`"],
    ),
    ("amend", &["line 10:", "does not support `AMEND` lines"]),
    ("dummy", &["every power is a dummy"]),
    (
        "dummy_unknown",
        &["line 2:", "power `narnia` is not a power of this map"],
    ),
    ("owns", &["line 4:", "starting ownership"]),
    (
        "unknown_neighbour",
        &[
            "line 8:",
            "province `ber` names `zzz`",
            "not a province of this map",
        ],
    ),
    ("no_name", &["line 9:", "province `mun` has no name line"]),
    (
        "fall_start",
        &["line 1:", "a first phase other than a Spring movement"],
    ),
    (
        "victory_by_year",
        &["line 1:", "a victory count that changes by year"],
    ),
    (
        "unknown_base",
        &["line 1:", "there is no map called `nowhere`"],
    ),
    (
        "terrain_on_base",
        &["line 3:", "changing the terrain of a map built on another"],
    ),
    (
        "misspelt_keyword",
        &[
            "line 9:",
            "`LANDS` is not a kind of province",
            "WATER, LAND, COAST, PORT or SHUT",
        ],
    ),
    (
        "bad_coast",
        &["line 11:", "`xc` is not a coast dipspy knows"],
    ),
    (
        "unknown_power",
        &["line 2:", "power `prussia` is not a power of this map"],
    ),
    (
        "empty_power",
        &[
            "line 4:",
            "`prussia` reads as a power",
            "no home centres and no units",
        ],
    ),
];

#[test]
fn broken_dpjudge_maps_are_refused_naming_the_line() {
    for (name, needles) in BROKEN {
        let text = fixture(&format!("broken_dpjudge/{name}.map"));
        let msg = match read_dpjudge(name, &text) {
            Ok(_) => panic!("{name}: the broken map was accepted"),
            Err(e) => e.to_string(),
        };
        for needle in *needles {
            assert!(
                msg.contains(needle),
                "{name}: message {msg:?} lacks {needle:?}"
            );
        }
    }
    let listed: BTreeSet<String> = BROKEN.iter().map(|(n, _)| format!("{n}.map")).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/broken_dpjudge");
    let on_disk: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listed, on_disk);
}

#[test]
fn a_small_dpjudge_map_reads_with_its_rules() {
    let map = read_dpjudge("duel", &fixture("broken_dpjudge/../duel.map")).unwrap();
    assert_eq!(map.name, "duel");
    assert_eq!(map.first_year(), 2000);
    assert_eq!(map.victory(), 3);
    assert_eq!(map.builds(), BuildSites::Any);
    assert_eq!(map.powers().len(), 2);
    let p = |n: &str| map.province_by_name(n).unwrap();
    assert_eq!(p("Munich"), p("mun"));
    assert_eq!(p("bavaria"), p("mun"), "an alias with +: `bavaria`");
    assert!(
        map.province_by_name("swi").is_none(),
        "SHUT provinces are off the board"
    );
    let spa = map.province(p("spa"));
    assert_eq!(spa.coasts, [Coast::North, Coast::South]);
    assert!(map.army_adjacent(p("spa"), p("mun")));
    assert!(map.fleet_adjacent(
        Location::with_coast(p("spa"), Coast::North),
        Location::new(p("nth"))
    ));
    assert!(!map.fleet_adjacent(Location::new(p("ber")), Location::new(p("mun"))));
}

#[test]
fn every_map_written_out_reads_back_the_same() {
    let duel = read_dpjudge("duel", &fixture("duel.map")).unwrap();
    let maps: Vec<&Map> = BUILTIN_MAPS
        .iter()
        .map(|(n, _)| builtin(n))
        .chain(std::iter::once(&duel))
        .collect();
    for map in maps {
        let text = map.to_toml_string();
        let back = Map::from_toml_str(&text).unwrap_or_else(|e| panic!("{}: {e}", map.name));
        assert_eq!(back.name, map.name);
        assert_eq!(facts(&back), facts(map), "{}", map.name);
        for p in map.provinces() {
            assert_eq!(back.province(p.id).name, p.name);
            assert_eq!(back.province_by_name(&p.name), Some(p.id), "{}", p.name);
        }
        for p in map.powers() {
            assert_eq!(back.power_by_name(&p.adjective), Some(p.id));
        }
    }
    // The standard map keeps every alias.
    let back = Map::from_toml_str(&Map::standard().to_toml_string()).unwrap();
    for name in [
        "Mid-Atlantic Ocean",
        "mao",
        "St. Petersburg",
        "Golfe du Lion",
        "Österreich",
    ] {
        assert_eq!(
            back.province_by_name(name)
                .or(back.power_by_name(name).map(|_| ProvinceId(0))),
            Map::standard()
                .province_by_name(name)
                .or(Map::standard().power_by_name(name).map(|_| ProvinceId(0))),
            "{name}"
        );
    }
}
