//! The geography of the built-in maps' pictures (issue 24): every map
//! but Pure is drawn from a geometry file (the two-player maps from the
//! standard one); on each, every province has a region and a label point,
//! its unit stands inside its own region, and every adjacency of the map
//! is a shared border or a lane listed in the geometry file. Pure is
//! drawn as a ring.

use dipspy::engine::{BUILTIN_MAPS, Map, ProvinceKind};
use dipspy::render::{BUILTIN, Geometry, missing_borders};
use dipspy::render::{IMPASSABLE, WATER};
use dipspy::render::{Layout, geometry_for, layout_for};

fn builtin(name: &str) -> &'static Map {
    Map::by_variant(name).unwrap_or_else(|| panic!("the built-in map {name}"))
}

/// The built-in maps drawn from a geometry: all but Pure.
fn geographic_maps() -> Vec<&'static str> {
    BUILTIN_MAPS
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| *n != "pure")
        .collect()
}

#[test]
fn every_built_in_map_but_pure_is_drawn_from_a_geometry() {
    for name in geographic_maps() {
        let map = builtin(name);
        assert!(geometry_for(map).is_some(), "{name} has a geometry");
        assert!(!layout_for(map).schematic, "{name} is drawn geographically");
    }
    assert!(geometry_for(builtin("pure")).is_none());
    assert!(layout_for(builtin("pure")).schematic);
}

#[test]
fn the_two_player_maps_use_the_standard_geometry() {
    let standard = Layout::geographic(builtin("standard"), &Geometry::standard());
    for name in ["standard_france_austria", "standard_germany_italy"] {
        let layout = layout_for(builtin(name));
        assert_eq!(layout.provinces.len(), standard.provinces.len(), "{name}");
        for (a, b) in layout.provinces.iter().zip(&standard.provinces) {
            assert_eq!(a.path, b.path, "{name}");
            assert_eq!(a.unit, b.unit, "{name}");
        }
    }
}

#[test]
fn each_geometry_file_fits_its_map_and_no_other() {
    for (name, _, _) in BUILTIN {
        let geo = Geometry::builtin(name).expect("an embedded geometry");
        assert!(geo.fits(builtin(name)), "{name}");
    }
    // A map of the same name with other provinces is not drawn from it.
    let tiny =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/maps/tiny.toml"))
            .unwrap();
    let mut map = Map::from_toml_str(&tiny).unwrap();
    map.name = "modern".into();
    assert!(geometry_for(&map).is_none());
    assert!(layout_for(&map).schematic);
}

#[test]
fn every_province_has_a_region_a_label_point_and_its_unit_inside() {
    for name in geographic_maps() {
        let map = builtin(name);
        let geo = geometry_for(map).unwrap();
        let grid = geo.regions(map);
        let layout = Layout::geographic(map, &geo);
        for p in map.provinces() {
            let i = p.id.0 as usize;
            let cells = grid.labels.iter().filter(|&&l| l == i as i32).count();
            assert!(cells >= 4, "{name} {}: {cells} cells", p.abbr);
            let s = &layout.provinces[i];
            assert!(s.path.starts_with('M'), "{name} {}: an outline", p.abbr);
            for (what, (x, y)) in [("unit", s.unit), ("label", s.label)] {
                assert!(
                    (0.0..=layout.width).contains(&x) && (0.0..=layout.height).contains(&y),
                    "{name} {}: the {what} point ({x:.0}, {y:.0}) is off the picture",
                    p.abbr
                );
            }
            // The unit stands on its own province: the cell under it, or
            // one next to it (a hand-placed point may sit on the border).
            let (c, r) = (
                (s.unit.0 / grid.cell) as usize,
                (s.unit.1 / grid.cell) as usize,
            );
            let near = (c.saturating_sub(1)..=c + 1)
                .flat_map(|c| (r.saturating_sub(1)..=r + 1).map(move |r| (c, r)))
                .filter(|&(c, r)| c < grid.cols && r < grid.rows)
                .any(|(c, r)| grid.at(c, r) == i as i32);
            assert!(near, "{name} {}: the unit is outside its region", p.abbr);
        }
    }
}

#[test]
fn every_adjacency_is_a_shared_border_or_a_sea_lane() {
    for name in geographic_maps() {
        let map = builtin(name);
        let geo = geometry_for(map).unwrap();
        let missing = missing_borders(map, &geo);
        assert!(
            missing.is_empty(),
            "{name}: adjacencies neither bordering nor joined by a lane: {missing:?}"
        );
    }
}

#[test]
fn every_lane_is_needed_and_the_check_notices_a_missing_one() {
    // Take each lane away in turn: its pair is then reported, so the
    // check above can fail, and no lane joins provinces that touch anyway.
    for (name, _, _) in BUILTIN {
        let map = builtin(name);
        let geo = Geometry::builtin(name).unwrap();
        assert!(
            !geo.lanes.is_empty() || name == "standard",
            "{name} has lanes"
        );
        for k in 0..geo.lanes.len() {
            let mut less = geo.clone();
            let (a, b) = less.lanes.remove(k);
            let missing = missing_borders(map, &less);
            assert!(
                missing.contains(&(a.clone(), b.clone()))
                    || missing.contains(&(b.clone(), a.clone())),
                "{name}: the lane {a}-{b} is not needed ({missing:?})"
            );
        }
    }
}

#[test]
fn every_lane_joins_two_adjacent_provinces_of_its_map() {
    for (name, _, _) in BUILTIN {
        let map = builtin(name);
        let geo = Geometry::builtin(name).unwrap();
        for (a, b) in &geo.lanes {
            let pa = map
                .province_by_name(a)
                .unwrap_or_else(|| panic!("{name}: {a}"));
            let pb = map
                .province_by_name(b)
                .unwrap_or_else(|| panic!("{name}: {b}"));
            let armies = map.army_neighbours(pa).contains(&pb);
            let fleets = std::iter::once(None)
                .chain(map.province(pa).coasts.iter().map(Some))
                .any(|c| {
                    let loc = match c {
                        Some(&c) => dipspy::engine::Location::with_coast(pa, c),
                        None => dipspy::engine::Location::new(pa),
                    };
                    map.fleet_neighbours(loc).iter().any(|l| l.province == pb)
                });
            assert!(armies || fleets, "{name}: the lane {a}-{b} is no adjacency");
        }
    }
}

#[test]
fn islands_are_drawn_as_islands() {
    // An island province touches no land of another province: every
    // neighbour of its cells is its own, water, or a sea.
    let islands = [
        ("ancmed", &["cre", "cyp", "sic", "sad", "cor", "bal"][..]),
        ("modern", &["ice", "ire"][..]),
    ];
    for (name, abbrs) in islands {
        let map = builtin(name);
        let grid = geometry_for(map).unwrap().regions(map);
        for abbr in abbrs {
            let id = map.province_by_name(abbr).unwrap().0 as i32;
            for r in 0..grid.rows {
                for c in 0..grid.cols {
                    if grid.at(c, r) != id {
                        continue;
                    }
                    let around = [
                        (c.wrapping_sub(1), r),
                        (c + 1, r),
                        (c, r.wrapping_sub(1)),
                        (c, r + 1),
                    ];
                    for (c2, r2) in around {
                        if c2 >= grid.cols || r2 >= grid.rows {
                            continue;
                        }
                        let l = grid.at(c2, r2);
                        let ok = l == id
                            || l == WATER
                            || l == IMPASSABLE
                            || (l >= 0 && map.provinces()[l as usize].kind == ProvinceKind::Sea);
                        assert!(ok, "{name} {abbr} touches land of label {l}");
                    }
                }
            }
        }
    }
}

#[test]
fn pure_is_laid_out_as_a_ring() {
    let map = builtin("pure");
    let layout = layout_for(map);
    let n = layout.provinces.len() as f64;
    let (cx, cy) = layout
        .provinces
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.unit.0 / n, a.1 + p.unit.1 / n));
    let radii: Vec<f64> = layout
        .provinces
        .iter()
        .map(|p| (p.unit.0 - cx).hypot(p.unit.1 - cy))
        .collect();
    let (lo, hi) = radii
        .iter()
        .fold((f64::INFINITY, 0.0f64), |a, &r| (a.0.min(r), a.1.max(r)));
    assert!(lo > 100.0, "a ring, not a heap: {radii:?}");
    assert!(hi - lo < 0.05 * hi, "every province on the ring: {radii:?}");
}
