//! The map loader: the standard map as data (`src/engine/maps/standard.toml`), a
//! tiny test map, and broken maps the loader must reject with a useful
//! message.

use crate::support::maplookup;

use dipspy::engine::*;
use maplookup::{abbr, army_adj, fleet_adj, loc, p};
use std::collections::BTreeSet;

fn std_map() -> &'static Map {
    Map::standard()
}

/// Every location of a province a fleet may stand on: the coasts of a
/// split-coast province, the province itself for other seas and coasts,
/// nothing for land.
fn fleet_locations(map: &Map, prov: &Province) -> Vec<Location> {
    if prov.kind == ProvinceKind::Land {
        Vec::new()
    } else {
        prov.locations()
    }
    .into_iter()
    .inspect(|&l| assert!(map.can_occupy(UnitType::Fleet, l)))
    .collect()
}

const DATC_ABBRS: [&str; 75] = [
    "adr", "aeg", "alb", "ank", "apu", "arm", "bal", "bar", "bel", "ber", "bla", "boh", "bot",
    "bre", "bud", "bul", "bur", "cly", "con", "den", "eas", "edi", "eng", "fin", "gal", "gas",
    "gol", "gre", "hel", "hol", "ion", "iri", "kie", "lon", "lvn", "lvp", "mar", "mid", "mos",
    "mun", "naf", "nap", "nat", "nrg", "nth", "nwy", "par", "pic", "pie", "por", "pru", "rom",
    "ruh", "rum", "ser", "sev", "sil", "ska", "smy", "spa", "stp", "swe", "syr", "tri", "tun",
    "tus", "tyr", "tys", "ukr", "ven", "vie", "wal", "war", "wes", "yor",
];

const SEAS: [&str; 19] = [
    "adr", "aeg", "bal", "bar", "bla", "bot", "eas", "eng", "hel", "ion", "iri", "gol", "mid",
    "nat", "nth", "nrg", "ska", "tys", "wes",
];

const LANDLOCKED: [&str; 14] = [
    "boh", "bud", "bur", "gal", "mos", "mun", "par", "ruh", "ser", "sil", "tyr", "ukr", "vie",
    "war",
];

/// Words an order parser reads as unit types, order types or coasts: no
/// province or power may be called that.
const KEYWORDS: [&str; 29] = [
    "a", "f", "s", "c", "h", "r", "d", "b", "to", "via", "build", "remove", "hold", "holds",
    "support", "convoy", "move", "moves", "disband", "waive", "coast", "nc", "sc", "ec", "wc",
    "north", "south", "east", "west",
];

// ---------------------------------------------------------------------------
// The standard map: contents

#[test]
fn standard_map_loads_with_the_right_counts() {
    let map = std_map();
    assert_eq!(map.name, "standard");
    assert_eq!(map.provinces().len(), 75);
    assert_eq!(map.supply_centers().count(), 34);
    assert_eq!(map.start_units().len(), 22);
    assert_eq!(map.powers().len(), 7);
    for (i, prov) in map.provinces().iter().enumerate() {
        assert_eq!(prov.id, ProvinceId(i as u16));
    }
    // Stored in alphabetical order of abbreviation, exactly the DATC set.
    let abbrs: Vec<&str> = map.provinces().iter().map(|p| p.abbr.as_str()).collect();
    let mut sorted = DATC_ABBRS.to_vec();
    sorted.sort();
    assert_eq!(abbrs, sorted);
    assert_eq!(Map::by_variant("Standard").unwrap().provinces().len(), 75);
    assert_eq!(Map::by_variant("classic").unwrap().name, "standard");
    assert!(Map::by_variant("youngstown").is_none());
}

#[test]
fn standard_map_kinds() {
    let map = std_map();
    let seas: BTreeSet<&str> = map
        .provinces()
        .iter()
        .filter(|p| p.kind == ProvinceKind::Sea)
        .map(|p| p.abbr.as_str())
        .collect();
    assert_eq!(seas, SEAS.into_iter().collect());
    let land: BTreeSet<&str> = map
        .provinces()
        .iter()
        .filter(|p| p.kind == ProvinceKind::Land)
        .map(|p| p.abbr.as_str())
        .collect();
    assert_eq!(land, LANDLOCKED.into_iter().collect());
    assert_eq!(
        map.provinces()
            .iter()
            .filter(|p| p.kind == ProvinceKind::Coast)
            .count(),
        75 - 19 - 14
    );
    for prov in map.provinces() {
        let expected: &[Coast] = match prov.abbr.as_str() {
            "stp" | "spa" => &[Coast::North, Coast::South],
            "bul" => &[Coast::South, Coast::East],
            _ => &[],
        };
        assert_eq!(prov.coasts, expected, "coasts of {}", prov.abbr);
        if prov.kind == ProvinceKind::Sea {
            assert!(!prov.supply_center, "{} is a sea centre", prov.abbr);
        }
    }
}

#[test]
fn standard_powers_and_home_centres() {
    let map = std_map();
    let homes = [
        ("austria", "Austrian", &["bud", "tri", "vie"][..]),
        ("england", "English", &["edi", "lon", "lvp"]),
        ("france", "French", &["bre", "mar", "par"]),
        ("germany", "German", &["ber", "kie", "mun"]),
        ("italy", "Italian", &["nap", "rom", "ven"]),
        ("russia", "Russian", &["mos", "sev", "stp", "war"]),
        ("turkey", "Turkish", &["ank", "con", "smy"]),
    ];
    for (name, adjective, centres) in homes {
        let id = map
            .power_by_name(name)
            .unwrap_or_else(|| panic!("no power {name}"));
        let power = map.power(id);
        assert_eq!(power.name, name);
        assert_eq!(power.adjective, adjective);
        let got: Vec<&str> = map.home_centers(id).map(|c| abbr(map, c)).collect();
        assert_eq!(got, centres, "home centres of {name}");
        for c in map.home_centers(id) {
            assert!(map.province(c).supply_center);
        }
    }
    assert_eq!(
        map.power(map.power_by_name("russia").unwrap())
            .display_name(),
        "Russia"
    );
    let neutral: Vec<&str> = map
        .supply_centers()
        .filter(|&c| map.province(c).home.is_none())
        .map(|c| abbr(map, c))
        .collect();
    assert_eq!(
        neutral,
        [
            "bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "spa", "swe", "tun"
        ]
    );
}

#[test]
fn standard_start_units() {
    let map = std_map();
    let got: BTreeSet<(String, char, String)> = map
        .start_units()
        .iter()
        .map(|u| {
            (
                map.power(u.power).name.clone(),
                u.unit_type.letter(),
                map.loc_name(u.location),
            )
        })
        .collect();
    let expected: BTreeSet<(String, char, String)> = [
        ("austria", 'A', "bud"),
        ("austria", 'A', "vie"),
        ("austria", 'F', "tri"),
        ("england", 'F', "edi"),
        ("england", 'F', "lon"),
        ("england", 'A', "lvp"),
        ("france", 'F', "bre"),
        ("france", 'A', "mar"),
        ("france", 'A', "par"),
        ("germany", 'F', "kie"),
        ("germany", 'A', "ber"),
        ("germany", 'A', "mun"),
        ("italy", 'F', "nap"),
        ("italy", 'A', "rom"),
        ("italy", 'A', "ven"),
        ("russia", 'A', "mos"),
        ("russia", 'A', "war"),
        ("russia", 'F', "sev"),
        ("russia", 'F', "stp/sc"),
        ("turkey", 'F', "ank"),
        ("turkey", 'A', "con"),
        ("turkey", 'A', "smy"),
    ]
    .into_iter()
    .map(|(p, t, l)| (p.to_string(), t, l.to_string()))
    .collect();
    assert_eq!(got, expected);
    // Every start unit stands on one of its power's home centres.
    for u in map.start_units() {
        assert_eq!(map.province(u.location.province).home, Some(u.power));
    }
}

// ---------------------------------------------------------------------------
// The standard map: names

#[test]
fn every_datc_abbreviation_resolves_to_itself() {
    let map = std_map();
    for a in DATC_ABBRS {
        assert_eq!(abbr(map, p(map, a)), a);
        assert_eq!(abbr(map, p(map, &a.to_uppercase())), a);
    }
}

#[test]
fn name_spellings_resolve() {
    let map = std_map();
    let cases = [
        // Other abbreviation sets.
        ("nao", "nat"),
        ("mao", "mid"),
        ("mat", "mid"),
        ("nwg", "nrg"),
        ("lyo", "gol"),
        ("gob", "bot"),
        ("ech", "eng"),
        ("tyn", "tys"),
        ("tyh", "tys"),
        ("nts", "nth"),
        ("nos", "nth"),
        ("ems", "eas"),
        ("wms", "wes"),
        ("lpl", "lvp"),
        ("nor", "nwy"),
        ("spn", "spa"),
        ("NAf", "naf"),
        ("StP", "stp"),
        // Full English names and variants, in any case and punctuation.
        ("North Sea", "nth"),
        ("NORTH SEA", "nth"),
        ("St Petersburg", "stp"),
        ("Saint Petersburg", "stp"),
        ("st. petersburg", "stp"),
        ("Saint-Pétersbourg", "stp"),
        ("Sankt Petersburg", "stp"),
        ("MID-ATLANTIC OCEAN", "mid"),
        ("Mid Atlantic", "mid"),
        ("North Atlantic Ocean", "nat"),
        ("North Atlantic", "nat"),
        ("Norwegian Sea", "nrg"),
        ("Gulf of Lyon", "gol"),
        ("Gulf of Lions", "gol"),
        ("Gulf of Lion", "gol"),
        ("Lyons", "gol"),
        ("Gulf of Bothnia", "bot"),
        ("Heligoland Bight", "hel"),
        ("Helgoland Bight", "hel"),
        ("English Channel", "eng"),
        ("Tyrrhenian Sea", "tys"),
        ("Eastern Mediterranean", "eas"),
        ("Western Mediterranean", "wes"),
        ("Irish Sea", "iri"),
        ("Skagerrak", "ska"),
        ("Barents Sea", "bar"),
        ("Black Sea", "bla"),
        ("Baltic Sea", "bal"),
        ("Adriatic Sea", "adr"),
        ("Aegean Sea", "aeg"),
        ("Ionian Sea", "ion"),
        ("Livonia", "lvn"),
        ("North Africa", "naf"),
        ("Liverpool", "lvp"),
        ("Clyde", "cly"),
        ("Tyrolia", "tyr"),
        ("Tyrol", "tyr"),
        ("Marseilles", "mar"),
        ("Marseille", "mar"),
        ("Constantinople", "con"),
        ("Holland", "hol"),
        ("Belgium", "bel"),
        ("Rumania", "rum"),
        ("Romania", "rum"),
        ("Rome", "rom"),
        ("Bulgaria", "bul"),
        ("Munich", "mun"),
        ("München", "mun"),
        ("MÜNCHEN", "mun"),
        ("Muenchen", "mun"),
        ("Prussia", "pru"),
        ("Apulia", "apu"),
        ("Bohemia", "boh"),
        ("Galicia", "gal"),
        ("Silesia", "sil"),
        ("Ruhr", "ruh"),
        ("Piedmont", "pie"),
        ("Tuscany", "tus"),
        ("Naples", "nap"),
        ("Venice", "ven"),
        ("Trieste", "tri"),
        ("Vienna", "vie"),
        ("Budapest", "bud"),
        ("Warsaw", "war"),
        ("Moscow", "mos"),
        ("Sevastopol", "sev"),
        ("Sevastapol", "sev"),
        ("Ankara", "ank"),
        ("Smyrna", "smy"),
        ("Armenia", "arm"),
        ("Syria", "syr"),
        ("Ukraine", "ukr"),
        ("Finland", "fin"),
        ("Sweden", "swe"),
        ("Norway", "nwy"),
        ("Denmark", "den"),
        ("Kiel", "kie"),
        ("Berlin", "ber"),
        ("Paris", "par"),
        ("Brest", "bre"),
        ("Picardy", "pic"),
        ("Burgundy", "bur"),
        ("Gascony", "gas"),
        ("Spain", "spa"),
        ("Portugal", "por"),
        ("London", "lon"),
        ("Wales", "wal"),
        ("Yorkshire", "yor"),
        ("Edinburgh", "edi"),
        ("Greece", "gre"),
        ("Albania", "alb"),
        ("Serbia", "ser"),
        ("Tunis", "tun"),
        ("Tunisia", "tun"),
        // German and French.
        ("Wien", "vie"),
        ("Vienne", "vie"),
        ("Moskau", "mos"),
        ("Moscou", "mos"),
        ("Venedig", "ven"),
        ("Venise", "ven"),
        ("Rom", "rom"),
        ("Neapel", "nap"),
        ("Londres", "lon"),
        ("Böhmen", "boh"),
        ("Schlesien", "sil"),
        ("Preussen", "pru"),
        ("Preußen", "pru"),
        ("Hollande", "hol"),
        ("Niederlande", "hol"),
        ("Belgien", "bel"),
        ("Belgique", "bel"),
        ("Nordsee", "nth"),
        ("Mer du Nord", "nth"),
        ("Ostsee", "bal"),
        ("Mer Baltique", "bal"),
        ("Warschau", "war"),
        ("Varsovie", "war"),
        ("Konstantinopel", "con"),
        ("Rumänien", "rum"),
        ("Roumanie", "rum"),
        ("La Manche", "eng"),
        ("Golfe du Lion", "gol"),
        ("Tirol", "tyr"),
    ];
    for (name, want) in cases {
        assert_eq!(abbr(map, p(map, name)), want, "{name:?}");
    }
    for bad in ["xyz", "", "North", "Sea", "Petersburg South", "spa/nc"] {
        assert_eq!(map.province_by_name(bad), None, "{bad:?}");
    }
}

#[test]
fn no_province_or_power_is_named_like_an_order_keyword() {
    let map = std_map();
    for k in KEYWORDS {
        assert_eq!(map.province_by_name(k), None, "province named {k:?}");
        assert_eq!(map.power_by_name(k), None, "power named {k:?}");
    }
}

#[test]
fn power_spellings_resolve() {
    let map = std_map();
    let cases = [
        (
            "austria",
            &[
                "Austria",
                "Austrian",
                "aus",
                "Österreich",
                "Oesterreich",
                "Österreich-Ungarn",
                "Autriche",
                "Austria-Hungary",
            ][..],
        ),
        (
            "england",
            &["England", "English", "eng", "ENG", "Angleterre"],
        ),
        ("france", &["France", "French", "fra", "Frankreich"]),
        (
            "germany",
            &["Germany", "German", "ger", "Deutschland", "Allemagne"],
        ),
        ("italy", &["Italy", "Italian", "ita", "Italien", "Italie"]),
        (
            "russia",
            &["Russia", "Russian", "rus", "Russland", "Russie"],
        ),
        (
            "turkey",
            &["Turkey", "Turkish", "tur", "Türkei", "Tuerkei", "Turquie"],
        ),
    ];
    for (power, names) in cases {
        for name in names {
            let id = map
                .power_by_name(name)
                .unwrap_or_else(|| panic!("no power named {name:?}"));
            assert_eq!(map.power(id).name, power, "{name:?}");
        }
    }
    assert_eq!(map.power_by_name("Prussia"), None);
    // `eng` is both a power and a province: different tables.
    assert_eq!(abbr(map, p(map, "eng")), "eng");
}

#[test]
fn location_spellings_resolve() {
    let map = std_map();
    let stp = p(map, "stp");
    let spa = p(map, "spa");
    let bul = p(map, "bul");
    let cases = [
        ("stp/sc", Location::with_coast(stp, Coast::South)),
        ("stp(sc)", Location::with_coast(stp, Coast::South)),
        ("stp (sc)", Location::with_coast(stp, Coast::South)),
        ("stp sc", Location::with_coast(stp, Coast::South)),
        ("StP-SC", Location::with_coast(stp, Coast::South)),
        ("STP/NC", Location::with_coast(stp, Coast::North)),
        (
            "St Petersburg (south coast)",
            Location::with_coast(stp, Coast::South),
        ),
        (
            "St. Petersburg north coast",
            Location::with_coast(stp, Coast::North),
        ),
        ("spa north coast", Location::with_coast(spa, Coast::North)),
        ("Spain/sc", Location::with_coast(spa, Coast::South)),
        ("spa (south coast)", Location::with_coast(spa, Coast::South)),
        ("bul/ec", Location::with_coast(bul, Coast::East)),
        (
            "Bulgaria (east coast)",
            Location::with_coast(bul, Coast::East),
        ),
        ("bul/sc", Location::with_coast(bul, Coast::South)),
        ("stp", Location::new(stp)),
        ("par", Location::new(p(map, "par"))),
        ("North Sea", Location::new(p(map, "nth"))),
        ("Mid-Atlantic Ocean", Location::new(p(map, "mid"))),
    ];
    for (s, want) in cases {
        assert_eq!(map.parse_location(s), Some(want), "{s:?}");
    }
    for bad in ["xyz/sc", "stp/xx", "", "sc"] {
        assert_eq!(map.parse_location(bad), None, "{bad:?}");
    }
    assert_eq!(
        map.loc_name(loc(map, "St Petersburg (south coast)")),
        "stp/sc"
    );
    // A coast the province does not have reads, but no fleet may stand there.
    if let Some(l) = map.parse_location("spa/ec") {
        assert!(!map.can_occupy(UnitType::Fleet, l));
    }
}

#[test]
fn units_can_occupy() {
    let map = std_map();
    let cases = [
        (UnitType::Army, "par", true),
        (UnitType::Fleet, "par", false),
        (UnitType::Army, "nth", false),
        (UnitType::Fleet, "nth", true),
        (UnitType::Army, "bre", true),
        (UnitType::Fleet, "bre", true),
        (UnitType::Army, "stp", true),
        (UnitType::Fleet, "stp", false),
        (UnitType::Fleet, "stp/nc", true),
        (UnitType::Fleet, "stp/sc", true),
        (UnitType::Army, "stp/sc", false),
        (UnitType::Fleet, "bul/ec", true),
        (UnitType::Fleet, "bul/nc", false),
    ];
    for (t, s, want) in cases {
        assert_eq!(map.can_occupy(t, loc(map, s)), want, "{t} {s}");
    }
}

// ---------------------------------------------------------------------------
// The standard map: adjacency

#[test]
fn army_adjacency() {
    let map = std_map();
    let yes = [
        "kie-mun", "kie-den", "kie-hol", "kie-ber", "kie-ruh", "den-swe", "swe-fin", "swe-nwy",
        "nwy-stp", "nwy-fin", "fin-stp", "lvn-stp", "lvn-war", "lvn-mos", "lvn-pru", "gal-ukr",
        "gal-war", "gal-rum", "con-bul", "con-ank", "con-smy", "ank-arm", "ank-smy", "arm-sev",
        "arm-syr", "arm-smy", "smy-syr", "edi-lvp", "cly-edi", "cly-lvp", "lvp-yor", "wal-yor",
        "wal-lon", "wal-lvp", "lon-yor", "edi-yor", "rom-ven", "rom-apu", "tus-ven", "pie-ven",
        "pie-tyr", "mar-gas", "gas-spa", "spa-mar", "spa-por", "naf-tun", "bur-mar", "bur-bel",
        "bur-mun", "bel-ruh", "hol-ruh", "tri-alb", "tri-tyr", "ser-alb", "bul-rum", "bul-gre",
        "ser-tri", "bud-rum", "sev-ukr", "mos-sev", "ber-sil", "pru-sil", "boh-tyr", "vie-gal",
    ];
    let no = [
        "kie-sil", "lvp-lon", "edi-lon", "wal-edi", "mar-tus", "por-gas", "naf-spa", "tun-sil",
        "rom-pie", "ven-vie", "tri-gre", "bul-bud", "gre-rum", "arm-con", "ank-syr", "mos-pru",
        "fin-lvn", "nwy-den", "swe-kie", "par-mar", "pic-gas", "ruh-ber", "hol-mun", "lon-nth",
        "lvp-iri", "kie-kie", "bel-kie", "ukr-pru", "sev-con",
    ];
    for pair in yes {
        let (a, b) = pair.split_once('-').unwrap();
        assert!(army_adj(map, a, b), "army {a}-{b} should be adjacent");
        assert!(army_adj(map, b, a), "army {b}-{a} should be adjacent");
    }
    for pair in no {
        let (a, b) = pair.split_once('-').unwrap();
        assert!(!army_adj(map, a, b), "army {a}-{b} should not be adjacent");
        assert!(!army_adj(map, b, a), "army {b}-{a} should not be adjacent");
    }
    // Switzerland is impassable: not a province at all.
    assert!(map.province_by_name("swi").is_none());
}

#[test]
fn fleet_adjacency() {
    let map = std_map();
    let yes = [
        "kie-den",
        "kie-hol",
        "kie-hel",
        "kie-bal",
        "kie-ber",
        "den-swe",
        "den-ska",
        "den-nth",
        "den-hel",
        "den-bal",
        "swe-fin",
        "swe-nwy",
        "swe-bot",
        "swe-bal",
        "swe-ska",
        "nwy-stp/nc",
        "nwy-bar",
        "nwy-nrg",
        "nwy-nth",
        "nwy-ska",
        "fin-bot",
        "fin-stp/sc",
        "lvn-stp/sc",
        "lvn-bot",
        "lvn-bal",
        "bot-stp/sc",
        "bar-stp/nc",
        "con-bul/ec",
        "con-bul/sc",
        "con-ank",
        "con-smy",
        "con-bla",
        "con-aeg",
        "bul/ec-bla",
        "bul/ec-rum",
        "bul/sc-aeg",
        "bul/sc-gre",
        "mid-spa/nc",
        "mid-spa/sc",
        "mid-por",
        "mid-bre",
        "mid-gas",
        "mid-naf",
        "mid-wes",
        "mid-eng",
        "mid-iri",
        "mid-nat",
        "spa/nc-gas",
        "spa/nc-por",
        "spa/sc-por",
        "spa/sc-mar",
        "spa/sc-gol",
        "spa/sc-wes",
        "tus-tys",
        "tus-gol",
        "tus-rom",
        "tus-pie",
        "nap-apu",
        "nap-rom",
        "nap-ion",
        "nap-tys",
        "ven-tri",
        "ven-apu",
        "ven-adr",
        "alb-tri",
        "alb-gre",
        "alb-adr",
        "alb-ion",
        "naf-tun",
        "naf-wes",
        "tun-ion",
        "tun-tys",
        "tun-wes",
        "eas-aeg",
        "eas-ion",
        "eas-smy",
        "eas-syr",
        "lon-wal",
        "lon-yor",
        "lon-eng",
        "lon-nth",
        "wal-lvp",
        "wal-iri",
        "wal-eng",
        "cly-edi",
        "cly-lvp",
        "cly-nat",
        "cly-nrg",
        "edi-yor",
        "edi-nth",
        "edi-nrg",
        "hol-bel",
        "hol-hel",
        "hol-nth",
        "bel-pic",
        "bel-eng",
        "bel-nth",
        "pic-bre",
        "pic-eng",
        "bre-gas",
        "bre-eng",
        "mar-pie",
        "mar-gol",
        "pie-gol",
        "ber-pru",
        "ber-bal",
        "pru-lvn",
        "pru-bal",
        "arm-sev",
        "arm-ank",
        "arm-bla",
        "sev-rum",
        "smy-syr",
        "smy-aeg",
        "lvp-nat",
        "lvp-iri",
        "nat-nrg",
        "nth-eng",
        "nth-hel",
        "nrg-bar",
        "gol-wes",
        "gol-tys",
        "tys-wes",
        "tys-ion",
        "ion-adr",
        "ion-aeg",
        "ion-eas",
        "ion-gre",
        "ion-apu",
        "eng-iri",
    ];
    let no = [
        // Fleets cannot go inland.
        "kie-mun",
        "kie-ruh",
        "bre-par",
        "ven-tyr",
        "lvn-mos",
        // Coastal neighbours with no shared coast.
        "rom-ven",
        "rom-apu",
        "tus-ven",
        "pie-ven",
        "mar-gas",
        "nwy-fin",
        "edi-lvp",
        "lvp-yor",
        "wal-yor",
        "ank-smy",
        "arm-smy",
        "arm-syr",
        // The wrong coast.
        "stp/nc-bot",
        "stp/nc-fin",
        "stp/nc-lvn",
        "stp/sc-bar",
        "stp/sc-nwy",
        "gas-spa/sc",
        "mar-spa/nc",
        "gol-spa/nc",
        "wes-spa/nc",
        "bul/ec-aeg",
        "bul/ec-gre",
        "bul/sc-bla",
        "bul/sc-rum",
        // Famous non-neighbours.
        "nth-pic",
        "nth-bal",
        "ska-bal",
        "eng-hol",
        "iri-cly",
        "nat-wal",
        "mid-tun",
        "wes-ion",
        "aeg-adr",
        "bla-smy",
        "bot-nwy",
        "bar-swe",
        "hel-bal",
        "lon-bel",
    ];
    for pair in yes {
        let (a, b) = pair.split_once('-').unwrap();
        assert!(fleet_adj(map, a, b), "fleet {a}-{b} should be adjacent");
        assert!(fleet_adj(map, b, a), "fleet {b}-{a} should be adjacent");
    }
    for pair in no {
        let (a, b) = pair.split_once('-').unwrap();
        assert!(
            !fleet_adj(map, a, b),
            "fleet {a}-{b} should not be adjacent"
        );
        assert!(
            !fleet_adj(map, b, a),
            "fleet {b}-{a} should not be adjacent"
        );
    }
    // A fleet never stands in `stp` without a coast: no neighbours there.
    assert!(map.fleet_neighbours(loc(map, "stp")).is_empty());
    assert!(map.fleet_neighbours(loc(map, "mun")).is_empty());
}

#[test]
fn fleet_destinations_and_reach() {
    let map = std_map();
    let spa = p(map, "spa");
    let dests = |from: &str| -> Vec<String> {
        map.fleet_destinations(loc(map, from), spa)
            .into_iter()
            .map(|l| map.loc_name(l))
            .collect()
    };
    assert_eq!(dests("mid"), ["spa/nc", "spa/sc"]);
    assert_eq!(dests("por"), ["spa/nc", "spa/sc"]);
    assert_eq!(dests("gas"), ["spa/nc"]);
    assert_eq!(dests("mar"), ["spa/sc"]);
    assert_eq!(dests("wes"), ["spa/sc"]);
    assert!(dests("bre").is_empty());
    // For supports the coast does not matter.
    assert!(map.unit_reaches(UnitType::Fleet, loc(map, "stp/nc"), p(map, "nwy")));
    assert!(!map.unit_reaches(UnitType::Fleet, loc(map, "stp/sc"), p(map, "nwy")));
    assert!(map.unit_reaches(UnitType::Fleet, loc(map, "gol"), spa));
    assert!(map.unit_reaches(UnitType::Army, loc(map, "gas"), spa));
    assert!(!map.unit_reaches(UnitType::Fleet, loc(map, "kie"), p(map, "mun")));
    assert!(map.unit_reaches(UnitType::Army, loc(map, "kie"), p(map, "mun")));
}

#[test]
fn neighbour_counts() {
    // A fingerprint of the whole adjacency table: each province's number of
    // army and fleet neighbours (fleet: summed over its coasts).
    let map = std_map();
    let counts = |a: &str| -> (usize, usize) {
        let prov = map.province(p(map, a));
        let fleets = fleet_locations(map, prov)
            .into_iter()
            .map(|l| map.fleet_neighbours(l).len())
            .sum();
        (map.army_neighbours(prov.id).len(), fleets)
    };
    #[rustfmt::skip]
    let expected = [
        ("adr", 0, 5), ("aeg", 0, 6), ("bal", 0, 7), ("bar", 0, 3), ("bla", 0, 6), ("bot", 0, 5),
        ("eas", 0, 4), ("eng", 0, 8), ("gol", 0, 6), ("hel", 0, 4), ("ion", 0, 9), ("iri", 0, 5),
        ("mid", 0, 10), ("nat", 0, 5), ("nrg", 0, 6), ("nth", 0, 11), ("ska", 0, 4), ("tys", 0, 7),
        ("wes", 0, 6), ("alb", 3, 4), ("ank", 3, 3), ("apu", 3, 4), ("arm", 4, 3), ("bel", 4, 4),
        ("ber", 4, 3), ("boh", 5, 0), ("bre", 3, 4), ("bud", 5, 0), ("bul", 4, 6), ("bur", 7, 0),
        ("cly", 2, 4), ("con", 3, 6), ("den", 2, 6), ("edi", 3, 4), ("fin", 3, 3), ("gal", 7, 0),
        ("gas", 5, 3), ("gre", 3, 4), ("hol", 3, 4), ("kie", 5, 5), ("lon", 2, 4), ("lvn", 4, 4),
        ("lvp", 4, 4), ("mar", 4, 3), ("mos", 5, 0), ("mun", 7, 0), ("naf", 1, 3), ("nap", 2, 4),
        ("nwy", 3, 6), ("par", 4, 0), ("pic", 4, 3), ("pie", 4, 3), ("por", 1, 3), ("pru", 4, 3),
        ("rom", 4, 3), ("ruh", 5, 0), ("rum", 6, 3), ("ser", 6, 0), ("sev", 4, 3), ("sil", 6, 0),
        ("smy", 4, 4), ("spa", 3, 8), ("stp", 4, 5), ("swe", 3, 6), ("syr", 2, 2), ("tri", 6, 3),
        ("tun", 1, 4), ("tus", 3, 4), ("tyr", 6, 0), ("ukr", 5, 0), ("ven", 6, 3), ("vie", 5, 0),
        ("wal", 3, 4), ("war", 6, 0), ("yor", 4, 3),
    ];
    assert_eq!(expected.len(), 75);
    for (a, army, fleet) in expected {
        assert_eq!(counts(a), (army, fleet), "neighbours of {a}");
    }
    let army_edges: usize = map
        .provinces()
        .iter()
        .map(|pr| map.army_neighbours(pr.id).len())
        .sum();
    let fleet_edges: usize = map
        .provinces()
        .iter()
        .flat_map(|pr| fleet_locations(map, pr))
        .map(|l| map.fleet_neighbours(l).len())
        .sum();
    assert_eq!((army_edges / 2, fleet_edges / 2), (111, 141));
}

#[test]
fn standard_adjacency_is_symmetric_and_consistent() {
    let map = std_map();
    for prov in map.provinces() {
        for &n in map.army_neighbours(prov.id) {
            assert_ne!(n, prov.id, "{} borders itself", prov.abbr);
            assert!(
                map.army_neighbours(n).contains(&prov.id),
                "army {}-{} one way only",
                prov.abbr,
                abbr(map, n)
            );
            assert_ne!(map.province(n).kind, ProvinceKind::Sea);
        }
        if prov.kind == ProvinceKind::Sea {
            assert!(map.army_neighbours(prov.id).is_empty());
        } else {
            assert!(
                !map.army_neighbours(prov.id).is_empty(),
                "{} isolated",
                prov.abbr
            );
        }
        let locs = fleet_locations(map, prov);
        // Nothing stored under a location a fleet cannot stand on.
        for c in Coast::ALL.into_iter().map(Some).chain([None]) {
            let l = Location {
                province: prov.id,
                coast: c,
            };
            if !locs.contains(&l) {
                assert!(map.fleet_neighbours(l).is_empty(), "{}", map.loc_name(l));
            }
        }
        for &from in &locs {
            let ns = map.fleet_neighbours(from);
            assert!(
                !ns.is_empty(),
                "{} has no fleet neighbours",
                map.loc_name(from)
            );
            // Every coast lies on at least one sea.
            if prov.kind == ProvinceKind::Coast {
                assert!(
                    ns.iter()
                        .any(|n| map.province(n.province).kind == ProvinceKind::Sea),
                    "{} touches no sea",
                    map.loc_name(from)
                );
            }
            for &to in ns {
                assert!(map.can_occupy(UnitType::Fleet, to), "{}", map.loc_name(to));
                assert_ne!(to.province, prov.id);
                assert!(
                    map.fleet_neighbours(to).contains(&from),
                    "fleet {}-{} one way only",
                    map.loc_name(from),
                    map.loc_name(to)
                );
                // Two coastal provinces sharing a coast also share a border.
                if prov.kind == ProvinceKind::Coast
                    && map.province(to.province).kind == ProvinceKind::Coast
                {
                    assert!(
                        map.army_adjacent(prov.id, to.province),
                        "fleet but not army: {}-{}",
                        map.loc_name(from),
                        map.loc_name(to)
                    );
                }
            }
            // At most one coast of a province is reachable from a location
            // ... except from a province touching both (mid, por, con).
            let multi: Vec<&str> = ns
                .iter()
                .filter(|n| n.coast.is_some())
                .map(|n| abbr(map, n.province))
                .collect();
            let mut dedup = multi.clone();
            dedup.dedup();
            if multi.len() != dedup.len() {
                assert!(
                    ["mid", "por", "con"].contains(&prov.abbr.as_str()),
                    "{} reaches two coasts of one province",
                    prov.abbr
                );
            }
        }
    }
}
