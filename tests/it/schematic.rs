//! The schematic picture of a map without geometry (issue 24): no holes
//! between cells, an island drawn as an island, and the game master's
//! positions file (`NAME.positions.toml` / `.svg` beside `NAME.map` in
//! the maps directory) used when present.

use dipspy::engine::{Map, ProvinceKind};
use dipspy::render::VOID;
use dipspy::render::{Layout, layout_for};

/// A small DPjudge map with an island between two seas.
const ISLE_MAP: &str = "\
BEGIN SPRING 2000 MOVEMENT
VICTORY 3
RULES BUILD_ANY

GERMANY (GERMAN) BER MUN
A BER
A MUN

SPAIN (SPANISH) SPA
F SPA

UNOWNED POR ISL

Berlin   = ber
Munich   = mun
North Sea = nth
Portugal = por
Southern Sea = sou
Spain    = spa
Isle     = isl

COAST  BER  ABUTS NTH MUN
LAND   MUN  ABUTS BER SPA POR
WATER  NTH  ABUTS BER SPA POR ISL SOU
WATER  SOU  ABUTS SPA POR ISL NTH
COAST  POR  ABUTS MUN NTH SOU SPA
COAST  SPA  ABUTS MUN NTH SOU POR
COAST  ISL  ABUTS NTH SOU
";

/// Every cell outside all provinces is reached from the picture's edge
/// through such cells: no hole inside the board.
fn holes(l: &Layout) -> usize {
    let g = &l.grid;
    let (cols, rows) = (g.cols, g.rows);
    let mut seen = vec![false; cols * rows];
    let mut stack: Vec<usize> = (0..cols)
        .flat_map(|c| [c, (rows - 1) * cols + c])
        .chain((0..rows).flat_map(|r| [r * cols, r * cols + cols - 1]))
        .collect();
    while let Some(i) = stack.pop() {
        if seen[i] || g.labels[i] != VOID {
            continue;
        }
        seen[i] = true;
        let (c, r) = (i % cols, i / cols);
        if c > 0 {
            stack.push(i - 1);
        }
        if c + 1 < cols {
            stack.push(i + 1);
        }
        if r > 0 {
            stack.push(i - cols);
        }
        if r + 1 < rows {
            stack.push(i + cols);
        }
    }
    (0..cols * rows)
        .filter(|&i| g.labels[i] == VOID && !seen[i])
        .count()
}

fn load(dir: &std::path::Path, name: &str) -> &'static Map {
    let maps = dipspy::maps::load_dir(dir).unwrap();
    assert!(
        maps.iter().all(|d| !d.name.contains("positions")),
        "a position file is not a map: {:?}",
        maps.iter().map(|d| &d.name).collect::<Vec<_>>()
    );
    dipspy::maps::lookup(name).unwrap_or_else(|| panic!("{name} offered: {maps:?}"))
}

#[test]
fn a_schematic_has_no_holes_and_draws_an_island_as_an_island() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("isle.map"), ISLE_MAP).unwrap();
    let map = load(dir.path(), "isle");
    let l = layout_for(map);
    assert!(l.schematic);
    assert_eq!(holes(&l), 0, "isle");
    let pure = layout_for(Map::by_variant("pure").unwrap());
    if pure.schematic {
        assert_eq!(holes(&pure), 0, "pure");
    }
    // The island's cells touch only seas (and the outside), never land.
    let isl = map.province_by_name("isl").unwrap().0 as i32;
    let g = &l.grid;
    let mut cells = 0;
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(c, r) != isl {
                continue;
            }
            cells += 1;
            for (dc, dr) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                let (cc, rr) = (c as i64 + dc, r as i64 + dr);
                if cc < 0 || rr < 0 || cc >= g.cols as i64 || rr >= g.rows as i64 {
                    continue;
                }
                let o = g.at(cc as usize, rr as usize);
                if o >= 0 && o != isl {
                    let k = map.provinces()[o as usize].kind;
                    assert_eq!(k, ProvinceKind::Sea, "the island touches {o}");
                }
            }
        }
    }
    assert!(cells > 20, "the island is drawn ({cells} cells)");
}

#[test]
fn the_game_masters_positions_place_the_provinces() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("placed.map"), ISLE_MAP).unwrap();
    // West to east: por, spa, mun, ber; the seas below; the isle south.
    std::fs::write(
        dir.path().join("placed.positions.toml"),
        "por = [0, 10]\nspa = [10, 12]\nmun = [20, 9]\nber = [30, 8]\n\
         nth = [25, 20]\nsou = [8, 22]\nisl = [16, 30]\n",
    )
    .unwrap();
    let map = load(dir.path(), "placed");
    let l = layout_for(map);
    let x = |n: &str| l.provinces[map.province_by_name(n).unwrap().0 as usize].unit;
    assert!(x("por").0 < x("spa").0 && x("spa").0 < x("mun").0 && x("mun").0 < x("ber").0);
    assert!(x("isl").1 > x("nth").1 && x("isl").1 > x("sou").1 && x("sou").1 > x("por").1);
    assert_eq!(holes(&l), 0);

    // The same from an SVG with one labelled point per province, and a
    // province left out stands among its neighbours.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("drawn.map"), ISLE_MAP).unwrap();
    std::fs::write(
        dir.path().join("drawn.positions.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n\
         <circle id=\"ber\" cx=\"10\" cy=\"10\" r=\"2\"/>\n\
         <circle id=\"mun\" cx=\"20\" cy=\"10\" r=\"2\"/>\n\
         <circle id=\"spa\" cx=\"30\" cy=\"10\" r=\"2\"/>\n\
         <circle id=\"por\" cx=\"40\" cy=\"10\" r=\"2\"/>\n\
         <circle id=\"nth\" cx=\"20\" cy=\"30\" r=\"2\"/>\n\
         <circle id=\"sou\" cx=\"40\" cy=\"30\" r=\"2\"/>\n</svg>\n",
    )
    .unwrap();
    let map = load(dir.path(), "drawn");
    let l = layout_for(map);
    let x = |n: &str| l.provinces[map.province_by_name(n).unwrap().0 as usize].unit;
    assert!(x("ber").0 < x("mun").0 && x("spa").0 < x("por").0);
    let isl = x("isl");
    assert!(
        isl.0 > x("nth").0 - 1.0 && isl.0 < x("sou").0 + 1.0,
        "{isl:?}"
    );

    // A file naming a province the map does not have is not used.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wrong.map"), ISLE_MAP).unwrap();
    let file = dir.path().join("wrong.positions.toml");
    std::fs::write(&file, "por = [0, 10]\natlantis = [1, 1]\n").unwrap();
    let map = load(dir.path(), "wrong");
    let e = dipspy::maps::read(&file, map).unwrap_err();
    assert!(
        e.to_string().contains("atlantis") && e.to_string().contains("line 2"),
        "{e}"
    );
}
