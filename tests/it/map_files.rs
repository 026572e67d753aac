//! Maps as files: the tiny test map read from disk like any other, and
//! broken map files the loader must refuse with a message naming the line
//! (the standard map's own data are checked in `tests/it/map_loader.rs`).

use crate::support::maplookup;

use dipspy::engine::*;
use maplookup::{abbr, army_adj, fleet_adj, p};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------
// Other maps are other files

fn test_maps_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("maps")
}

#[test]
fn tiny_map_loads() {
    let map = Map::from_toml_str(include_str!("../maps/tiny.toml")).expect("tiny map loads");
    assert_eq!(map.name, "tiny");
    let abbrs: Vec<&str> = map.provinces().iter().map(|p| p.abbr.as_str()).collect();
    assert_eq!(abbrs, ["alp", "bay", "cap", "dun", "gul"]);
    assert_eq!(map.powers().len(), 2);
    let red = map.power_by_name("Rouge").unwrap();
    let blue = map.power_by_name("blau").unwrap();
    assert_eq!(map.power(red).name, "red");
    assert_eq!(map.power(blue).adjective, "Blue");
    assert_eq!(map.power_by_name("austria"), None);
    assert_eq!(map.province_by_name("stp"), None);

    assert_eq!(p(&map, "Cape Horn"), p(&map, "cap"));
    assert_eq!(p(&map, "the dunes"), p(&map, "dun"));
    let centres: Vec<&str> = map.supply_centers().map(|c| abbr(&map, c)).collect();
    assert_eq!(centres, ["alp", "cap", "dun"]);
    let home = |pw| -> Vec<&str> { map.home_centers(pw).map(|c| abbr(&map, c)).collect() };
    assert_eq!(home(red), ["alp"]);
    assert_eq!(home(blue), ["dun"]);
    assert_eq!(
        map.province(p(&map, "cap")).coasts,
        [Coast::North, Coast::South]
    );
    assert_eq!(map.province(p(&map, "bay")).kind, ProvinceKind::Sea);
    assert_eq!(map.province(p(&map, "alp")).kind, ProvinceKind::Land);

    assert!(army_adj(&map, "alp", "cap"));
    assert!(army_adj(&map, "dun", "cap"));
    assert!(!army_adj(&map, "alp", "bay"));
    assert!(fleet_adj(&map, "dun", "cap/nc"));
    assert!(!fleet_adj(&map, "dun", "cap/sc"));
    assert!(fleet_adj(&map, "gul", "cap/sc"));
    assert!(!fleet_adj(&map, "gul", "cap/nc"));
    assert!(fleet_adj(&map, "bay", "dun"));
    assert!(fleet_adj(&map, "gul", "dun"));
    assert!(!fleet_adj(&map, "bay", "gul"));
    assert_eq!(
        map.parse_location("Cape Horn (south coast)"),
        Some(Location::with_coast(p(&map, "cap"), Coast::South))
    );

    let units: Vec<(PowerId, UnitType, String)> = map
        .start_units()
        .iter()
        .map(|u| (u.power, u.unit_type, map.loc_name(u.location)))
        .collect();
    // Start units come in the order of the power names in `[start]`.
    assert_eq!(
        units,
        [
            (blue, UnitType::Fleet, "dun".to_string()),
            (red, UnitType::Army, "alp".to_string()),
        ]
    );
}

#[test]
fn tiny_map_reads_from_disk_like_any_other() {
    let text = std::fs::read_to_string(test_maps_dir().join("tiny.toml")).unwrap();
    let map = Map::from_toml_str(&text).unwrap();
    assert_eq!(map.provinces().len(), 5);
}

/// Each broken map, and the pieces its error message must contain: the
/// line it names (the start of the faulty block, or the faulty entry) and
/// what is wrong.
const BROKEN: &[(&str, &[&str])] = &[
    (
        "asymmetric_army",
        &[
            "line 15:",
            "`alp` is adjacent to `dun` for armies",
            "`dun` is not adjacent to `alp`",
        ],
    ),
    (
        "asymmetric_fleet",
        &[
            "line 42:",
            "`dun` is adjacent to `gul` for fleets",
            "`gul` is not adjacent to `dun`",
        ],
    ),
    (
        "asymmetric_coast",
        &[
            "line 24:",
            "`bay` is adjacent to `cap/sc` for fleets",
            "`cap/sc` is not adjacent to `bay`",
        ],
    ),
    (
        "bad_coast",
        &[
            "line 24:",
            "province `bay`",
            "coast `ec`",
            "not a coast of `cap`",
        ],
    ),
    (
        "missing_coast",
        &["line 52:", "province `gul`", "`cap` needs a coast"],
    ),
    (
        "home_not_center",
        &[
            "line 15:",
            "province `alp`",
            "home centre must be a supply centre",
        ],
    ),
    (
        "unknown_home_power",
        &["line 42:", "power `green`", "not a power of this map"],
    ),
    (
        "fleet_inland",
        &[
            "line 60:",
            "start unit `F alp` of red",
            "cannot stand there",
        ],
    ),
    (
        "army_at_sea",
        &[
            "line 61:",
            "start unit `A bay` of blue",
            "cannot stand there",
        ],
    ),
    (
        "fleet_no_coast",
        &[
            "line 61:",
            "start unit `F cap` of blue",
            "cannot stand there",
        ],
    ),
    (
        "two_start_units",
        &[
            "line 60:",
            "start unit `A dun` of red",
            "two start units in one province",
        ],
    ),
    (
        "unknown_province",
        &[
            "line 15:",
            "province `alp` names `zzz`",
            "not a province of this map",
        ],
    ),
    (
        "army_to_sea",
        &[
            "line 15:",
            "province `alp`",
            "army neighbour `bay` is a sea province",
        ],
    ),
    (
        "duplicate_name",
        &["line 42:", "the name `dunes`", "both `cap` and `dun`"],
    ),
    (
        "duplicate_province",
        &["line 52:", "province `gul` is defined twice"],
    ),
    (
        "victory_too_high",
        &["line 4:", "`victory = 4`", "the map has 3 supply centres"],
    ),
    (
        "unknown_base",
        &["line 4:", "there is no map called `nowhere`"],
    ),
    (
        "unplayed_unknown",
        &["line 7:", "power `prussia` is not a power of this map"],
    ),
    ("bad_toml", &["line 38:", "not valid TOML"]),
    (
        "unknown_field",
        &["line 36:", "not valid TOML", "unknown field `centre`"],
    ),
];

#[test]
fn broken_maps_are_rejected_with_a_useful_message() {
    for (name, needles) in BROKEN {
        let path = test_maps_dir().join("broken").join(format!("{name}.toml"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let err = match Map::from_toml_str(&text) {
            Ok(_) => panic!("{name}: the broken map was accepted"),
            Err(e) => e,
        };
        let msg = err.to_string();
        for needle in *needles {
            assert!(
                msg.contains(needle),
                "{name}: message {msg:?} lacks {needle:?}"
            );
        }
    }
}

#[test]
fn broken_map_errors_have_the_right_variant() {
    let load = |name: &str| {
        let path = test_maps_dir().join("broken").join(format!("{name}.toml"));
        let err = Map::from_toml_str(&std::fs::read_to_string(path).unwrap()).unwrap_err();
        assert!(err.line().is_some(), "{name}: {err} names no line");
        err.inner().clone()
    };
    assert_eq!(
        load("asymmetric_army"),
        MapError::Asymmetric {
            from: "alp".into(),
            to: "dun".into(),
            kind: "armies"
        }
    );
    assert_eq!(
        load("bad_coast"),
        MapError::UnknownCoast {
            province: "bay".into(),
            target: "cap".into(),
            coast: "ec".into()
        }
    );
    assert_eq!(
        load("unknown_province"),
        MapError::UnknownProvince {
            province: "alp".into(),
            target: "zzz".into()
        }
    );
    assert_eq!(
        load("duplicate_name"),
        MapError::DuplicateName {
            name: "dunes".into(),
            first: "cap".into(),
            second: "dun".into()
        }
    );
    assert_eq!(
        load("duplicate_province"),
        MapError::DuplicateProvince("gul".into())
    );
    assert_eq!(
        load("unknown_home_power"),
        MapError::UnknownPower("green".into())
    );
    assert!(matches!(load("bad_toml"), MapError::Toml(_)));
    assert!(
        matches!(load("home_not_center"), MapError::BadProvince { province, .. } if province == "alp")
    );
    assert!(matches!(load("fleet_inland"), MapError::BadStartUnit { power, .. } if power == "red"));
}

#[test]
fn every_broken_map_file_is_checked() {
    let listed: BTreeSet<String> = BROKEN.iter().map(|(n, _)| format!("{n}.toml")).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir(test_maps_dir().join("broken"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listed, on_disk);
}
