//! The pictures of the board (issue 13), from scenario files: the SVG is
//! well-formed with one element per province and per unit where the
//! layout puts them, every order appears, the PNG decodes at the expected
//! size and stays small, the standard opening and a crowded mid-game
//! match their golden images, so do a Modern, an Ancient Med and a
//! two-player opening, a map without geometry is drawn
//! schematically, an espionage scenario's public picture holds no spy
//! order, and the renderer stays pure.
//!
//! `DIPSPY_UPDATE_GOLDEN=1 cargo test --test render` rewrites the golden
//! images in `tests/golden/` (look at them before committing).

use dipspy::engine::Map;
use dipspy::render::{self, Scene, TITLE_H, layout_for, legend_height};
use dipspy::scenario::{Scenario, ScenarioRun};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(path: &str) -> ScenarioRun {
    let text = std::fs::read_to_string(root().join(path)).expect("scenario file");
    Scenario::parse(&text).expect("scenario parses").run()
}

fn svg_of(r: &ScenarioRun, title: &str) -> String {
    let orders = r.adjudicated_orders();
    let scene = Scene::adjudicated(title, &r.scenario.position, &orders, &r.adjudication);
    render::render_svg(r.scenario.map, &scene)
}

/// The orders on the board before them (`MAP game phase BEFORE`).
fn svg_before(r: &ScenarioRun, title: &str) -> String {
    let orders = r.adjudicated_orders();
    let scene = Scene::adjudicated_before(title, &r.scenario.position, &orders, &r.adjudication);
    render::render_svg(r.scenario.map, &scene)
}

/// `translate(x y)` of an element.
fn translate(n: &roxmltree::Node) -> (f64, f64) {
    let t = n.attribute("transform").expect("a transform");
    let inner = t
        .trim_start_matches("translate(")
        .split(')')
        .next()
        .unwrap();
    let mut it = inner.split_whitespace().map(|v| v.parse::<f64>().unwrap());
    (it.next().unwrap(), it.next().unwrap())
}

#[test]
fn the_svg_is_well_formed_with_one_element_per_province_and_unit() {
    let r = run("fixtures/spring-1901.toml");
    let svg = svg_before(&r, "opening");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let map = r.scenario.map;
    let layout = layout_for(map);
    for p in map.provinces() {
        let id = format!("prov-{}", p.abbr);
        let found: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("id") == Some(id.as_str()))
            .collect();
        assert_eq!(found.len(), 1, "one element {id}");
        let d = found[0].attribute("d").unwrap_or("");
        assert!(
            d.starts_with('M') && d.ends_with('Z'),
            "{id} has an outline"
        );
        assert_eq!(
            found[0].attribute("class"),
            Some(if p.kind == dipspy::engine::ProvinceKind::Sea {
                "province sea"
            } else {
                "province land"
            })
        );
    }
    assert_eq!(r.scenario.position.units.len(), 22);
    for u in &r.scenario.position.units {
        let id = format!("unit-{}", map.province(u.location.province).abbr);
        let found: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("id") == Some(id.as_str()))
            .collect();
        assert_eq!(found.len(), 1, "one element {id}");
        let class = found[0].attribute("class").unwrap();
        let kind = match u.unit_type {
            dipspy::engine::UnitType::Army => "army",
            dipspy::engine::UnitType::Fleet => "fleet",
        };
        assert!(class.contains(kind) && class.contains(&map.power(u.power).name));
        // Where the layout puts it, or moved a little (within its
        // province) when another unit's place overlaps it.
        let (x, y) = translate(&found[0]);
        let (ex, ey) = layout.point(u.location);
        assert!(
            (x - ex).hypot(y - ey) < 40.0,
            "{id} at {x},{y}, layout says {ex},{ey}"
        );
        if (x - ex).hypot(y - ey) > 0.06 {
            assert_eq!(
                layout.province_at((x, y)),
                Some(u.location.province.0 as usize),
                "{id} moved out of its province"
            );
        }
        // Inside the picture's map.
        assert!(x > 0.0 && x < layout.width && y > 0.0 && y < layout.height);
    }
    // The fleet on a coast stands on its coast: stp/sc is not stp.
    let stp = map.parse_location("stp/sc").unwrap();
    assert_ne!(
        layout.point(stp),
        layout.point(map.parse_location("stp").unwrap())
    );
}

/// The `data-order` of every order element, with its class.
fn drawn_orders(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("order "))
        })
        .map(|n| {
            (
                n.attribute("class").unwrap().to_string(),
                n.attribute("data-order")
                    .map(str::to_string)
                    .unwrap_or_else(|| n.text().unwrap_or("").to_string()),
            )
        })
        .collect()
}

#[test]
fn every_order_of_a_phase_appears_as_an_arrow_or_marker() {
    for (file, expect_kinds) in [
        (
            "fixtures/midgame.toml",
            &["move", "support-move", "convoy", "hold"][..],
        ),
        ("tests/scenarios/retreat-example.toml", &["retreat"][..]),
        ("tests/scenarios/adjustment.toml", &["build", "waive"][..]),
        ("fixtures/spring-1901.toml", &["move", "support-move"][..]),
    ] {
        let r = run(file);
        let svg = svg_of(&r, file);
        let drawn = drawn_orders(&svg);
        let map = r.scenario.map;
        for (i, (_, o)) in r.adjudicated_orders().iter().enumerate() {
            let text = o.to_text(map);
            let outcome = r.adjudication.results[i].outcome.as_str();
            assert!(
                drawn
                    .iter()
                    .any(|(class, t)| (t == &text && class.ends_with(outcome))
                        || (text == "Waive" && class.contains("waive"))),
                "{file}: `{text}` ({outcome}) is not drawn; drawn: {drawn:?}"
            );
        }
        for k in expect_kinds {
            assert!(
                drawn.iter().any(|(c, _)| c.split(' ').nth(1) == Some(*k)),
                "{file}: no {k} drawn"
            );
        }
    }
}

#[test]
fn dislodged_units_show_their_retreats_and_standoffs_are_marked() {
    let r = run("fixtures/midgame.toml");
    let svg = svg_of(&r, "midgame");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let map = r.scenario.map;
    assert!(!r.adjudication.dislodged.is_empty() && !r.adjudication.contested.is_empty());
    for d in &r.adjudication.dislodged {
        let id = format!(
            "retreats-{}",
            map.province(d.dislodged.unit.location.province).abbr
        );
        let n = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id.as_str()))
            .unwrap_or_else(|| panic!("{id} drawn"));
        let options: Vec<String> = d.retreats.iter().map(|l| map.loc_name(*l)).collect();
        assert_eq!(
            n.attribute("data-retreats"),
            Some(options.join(" ").as_str())
        );
    }
    for p in &r.adjudication.contested {
        let id = format!("standoff-{}", map.province(*p).abbr);
        assert!(
            doc.descendants()
                .any(|n| n.attribute("id") == Some(id.as_str())),
            "{id} drawn"
        );
    }
}

fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (info.width, info.height, rgb)
}

#[test]
fn the_png_decodes_at_the_expected_size_and_stays_under_150_kb() {
    // The crowded 34-unit board, 1,200 px wide: at most 150 KB (issue 24).
    let r = run("fixtures/midgame.toml");
    let svg = svg_of(&r, "midgame");
    let png = render::svg_to_png(&svg, 1200).expect("a PNG");
    assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
    let layout = layout_for(r.scenario.map);
    let (w, h, _) = decode(&png);
    assert_eq!(w, 1200);
    let expect =
        ((layout.height + TITLE_H + legend_height(7)) * 1200.0 / layout.width).ceil() as u32;
    assert_eq!(h, expect);
    let small = render::svg_to_png(&svg, 600).unwrap();
    assert_eq!(decode(&small).0, 600);
}

/// How far a channel may move before a pixel counts as changed: font
/// rasterising and anti-aliasing move edges by a shade, never by a colour.
const CHANNEL_TOLERANCE: u8 = 24;

/// How many pixels may change beyond that tolerance: a few dozen, so an
/// arrow, a dash pattern, a mark or a unit in another place always shows.
const PIXELS_ALLOWED: usize = 40;

/// How many pixels of two pictures of the same size differ by more than
/// [`CHANNEL_TOLERANCE`] in some channel.
fn pixels_differing(a: &[u8], b: &[u8]) -> usize {
    a.chunks_exact(3)
        .zip(b.chunks_exact(3))
        .filter(|(p, q)| {
            p.iter()
                .zip(q.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count()
}

/// Compares a picture with its golden image `tests/golden/<name>`, pixel
/// by pixel: the same size, and at most [`PIXELS_ALLOWED`] pixels differing
/// by more than [`CHANNEL_TOLERANCE`]. `Err` says how far it is off.
fn golden_difference(name: &str, png: &[u8]) -> Result<(), String> {
    let path = root().join("tests/golden").join(name);
    let want = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (DIPSPY_UPDATE_GOLDEN=1 writes it)", path.display()));
    let (w1, h1, a) = decode(&want);
    let (w2, h2, b) = decode(png);
    if (w1, h1) != (w2, h2) {
        return Err(format!("{name}: {w2}x{h2}, the golden image is {w1}x{h1}"));
    }
    let differing = pixels_differing(&a, &b);
    if differing > PIXELS_ALLOWED {
        return Err(format!(
            "{name}: {differing} of {} pixels differ from {} (at most {PIXELS_ALLOWED} may)",
            w1 * h1,
            path.display()
        ));
    }
    Ok(())
}

/// Checks a picture against its golden image (see [`golden_difference`]);
/// `DIPSPY_UPDATE_GOLDEN=1` rewrites the golden image first.
fn golden(name: &str, png: &[u8]) {
    let path = root().join("tests/golden").join(name);
    if std::env::var_os("DIPSPY_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
    }
    if let Err(e) = golden_difference(name, png) {
        panic!("{e}");
    }
}

#[test]
fn the_standard_opening_matches_its_golden_image() {
    let r = run("fixtures/spring-1901.toml");
    let png = render::svg_to_png(&svg_of(&r, "spring-1901"), 1200).unwrap();
    golden("spring-1901.png", &png);
}

#[test]
fn a_crowded_mid_game_phase_matches_its_golden_image() {
    let r = run("fixtures/midgame.toml");
    let png = render::svg_to_png(&svg_of(&r, "midgame"), 1200).unwrap();
    golden("midgame.png", &png);
}

/// The picture of the mid-game with one order's outcome turned round.
fn midgame_with_one_outcome_changed(order: &str) -> Vec<u8> {
    use dipspy::engine::Outcome;
    let mut r = run("fixtures/midgame.toml");
    let map = r.scenario.map;
    let orders = r.adjudicated_orders();
    let i = orders
        .iter()
        .position(|(_, o)| o.to_text(map) == order)
        .unwrap_or_else(|| panic!("no order `{order}` in the mid-game"));
    let result = &mut r.adjudication.results[i];
    result.outcome = match result.outcome {
        Outcome::Succeeds => Outcome::Fails,
        _ => Outcome::Succeeds,
    };
    render::svg_to_png(&svg_of(&r, "midgame"), 1200).unwrap()
}

/// Each built-in map with geography of its own, and a two-player map on
/// the standard board, drawn as its real geography (issue 24): reviewed
/// pictures kept under `tests/golden/`.
#[test]
fn a_modern_opening_matches_its_golden_image() {
    let r = run("fixtures/modern-spring-1994.toml");
    assert!(!layout_for(r.scenario.map).schematic);
    let png = render::svg_to_png(&svg_of(&r, "modern-spring-1994"), 1200).unwrap();
    golden("modern-spring-1994.png", &png);
}

#[test]
fn an_ancient_mediterranean_opening_matches_its_golden_image() {
    let r = run("fixtures/ancmed-spring-1.toml");
    assert!(!layout_for(r.scenario.map).schematic);
    let png = render::svg_to_png(&svg_of(&r, "ancmed-spring-1"), 1200).unwrap();
    golden("ancmed-spring-1.png", &png);
}

#[test]
fn a_two_player_opening_matches_its_golden_image() {
    let r = run("fixtures/germany-italy-spring-1901.toml");
    assert!(!layout_for(r.scenario.map).schematic);
    let png = render::svg_to_png(&svg_of(&r, "germany-italy-spring-1901"), 1200).unwrap();
    golden("germany-italy-spring-1901.png", &png);
}

/// The picture as mailed (`render_png`: names set as outlines, the
/// board's water kept per map, issue 24) is the picture of the SVG: each
/// golden scene drawn that way matches its golden image too.
#[test]
fn the_mailed_pictures_match_the_golden_images() {
    for name in [
        "spring-1901",
        "midgame",
        "modern-spring-1994",
        "ancmed-spring-1",
        "germany-italy-spring-1901",
    ] {
        let r = run(&format!("fixtures/{name}.toml"));
        let orders = r.adjudicated_orders();
        let scene = Scene::adjudicated(name, &r.scenario.position, &orders, &r.adjudication);
        let png = render::render_png(r.scenario.map, &scene, 1200).unwrap();
        if let Err(e) = golden_difference(&format!("{name}.png"), &png) {
            panic!("{e}");
        }
    }
}

#[test]
fn a_golden_comparison_fails_when_one_orders_outcome_changes() {
    // The comparison is only worth something if it can fail on the
    // smallest change a reader would care about: one arrow drawn as
    // succeeded instead of failed, or the other way round.
    for order in ["A gas - spa", "A ser - rum", "F ska C A nwy - den"] {
        let png = midgame_with_one_outcome_changed(order);
        let verdict = golden_difference("midgame.png", &png);
        assert!(
            verdict.is_err(),
            "the mid-game with `{order}`'s outcome changed still matches its golden image"
        );
        println!("{order}: {}", verdict.unwrap_err());
    }
}

#[test]
fn a_map_without_geometry_gets_a_schematic_picture() {
    let text = std::fs::read_to_string(root().join("tests/maps/tiny.toml")).unwrap();
    let map = Map::from_toml_str(&text).expect("the tiny map");
    let layout = layout_for(&map);
    assert!(layout.schematic);
    let pos = dipspy::engine::Position::initial(&map, 1901);
    dipspy::text::install();
    let svg = render::render_svg(&map, &Scene::position("tiny", &pos));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    // Every province has its own region, and they do not share a unit
    // point.
    let mut points = Vec::new();
    for p in map.provinces() {
        let id = format!("prov-{}", p.abbr);
        let n = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id.as_str()))
            .unwrap_or_else(|| panic!("{id}"));
        assert!(
            n.attribute("d").unwrap().starts_with('M'),
            "{id} has an outline"
        );
        let u = layout.provinces[p.id.0 as usize].unit;
        assert!(
            points
                .iter()
                .all(|q: &(f64, f64)| (q.0 - u.0).hypot(q.1 - u.1) > 30.0)
        );
        points.push(u);
    }
    for id in ["unit-alp", "unit-dun"] {
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(id)),
            "{id}"
        );
    }
    let png = render::svg_to_png(&svg, 800).unwrap();
    assert_eq!(decode(&png).0, 800);
}

#[test]
fn an_espionage_scenarios_public_picture_holds_no_spy_order() {
    let dir = root().join("tests/espionage");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let s = Scenario::parse(&text)
            .unwrap_or_else(|e| panic!("{}: does not read: {e}", path.display()));
        let r = s.run();
        let e = r
            .espionage
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no espionage rules", path.display()));
        let svg = svg_of(&r, "public");
        let map = r.scenario.map;
        let drawn = drawn_orders(&svg);
        // Every order line of the file that was a spy order: its text
        // never appears in the picture.
        for o in &r.scenario.orders {
            if let Some(spy) = &o.spy {
                let t = spy.to_text(map);
                assert!(!svg.contains(&t), "{}: `{t}` drawn", path.display());
            }
        }
        for word in ["SPY", "COUNTERSPY", "FAKE", "ANTI", "REACTION", "Espionage"] {
            assert!(
                !svg.to_ascii_uppercase()
                    .contains(&format!(">{}", word.to_ascii_uppercase())),
                "{}: {word} written in the picture",
                path.display()
            );
        }
        assert!(!svg.contains("class=\"mark"), "{}", path.display());
        // Every order as adjudicated is drawn under its unit's owner, as
        // the public results list it (a faked order as the owner's); a
        // Waive, which has no unit, is written under the legend instead.
        for f in &e.orders {
            let text = f.order.to_text(map);
            let owner = &map.power(f.power).name;
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let waived = text == "Waive" && drawn.iter().any(|(c, _)| c.contains("waive"));
            assert!(
                doc.descendants()
                    .any(|n| n.attribute("data-order") == Some(text.as_str())
                        && n.attribute("data-power") == Some(owner.as_str()))
                    || waived,
                "{}: `{text}` not drawn under {owner}",
                path.display()
            );
        }
        // The secret log's texts appear nowhere.
        for s in &e.secret {
            let text = dipspy::text::render_secret_log_line(dipspy::text::Lang::En, map, s);
            assert!(
                !svg.contains(&text),
                "{}: secret `{}`",
                path.display(),
                text
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} espionage scenarios checked");
}

/// What the renderer may not name (as tests/it/engine_purity.rs for the
/// engine): it is pure, bytes in and bytes out.
const FORBIDDEN: &[&str] = &[
    "rusqlite",
    "Utc::now",
    "Local::now",
    "SystemTime",
    "Instant::now",
    "std::fs",
    "File::open",
    "std::net",
    "tokio",
    "lettre",
    "std::env",
    "crate::store",
    "crate::game",
    "crate::mail",
    "crate::judge",
    "crate::cli",
];

#[test]
fn the_renderer_touches_no_clock_sql_file_or_network() {
    let dir = root().join("src/render");
    let (files, broken) = renderer_breaks(&dir);
    assert!(
        files >= 10,
        "the renderer's modules under {}",
        dir.display()
    );
    assert!(
        broken.is_empty(),
        "the renderer reaches out:\n{}",
        broken.join("\n")
    );
}

/// The check over the `.rs` files of `dir`: how many it read, and each
/// forbidden word outside `//` comments, as `file:line: `word``.
fn renderer_breaks(dir: &Path) -> (usize, Vec<String>) {
    let mut broken = Vec::new();
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for w in FORBIDDEN {
                if code.contains(w) {
                    broken.push(format!("{}:{}: `{w}`", path.display(), n + 1));
                }
            }
        }
    }
    (files, broken)
}

#[test]
fn the_renderer_check_catches_a_planted_file_read() {
    // The same scan over a planted folder: the line that reads a file is
    // reported, the comment that names one is not, nor the clean file.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let planted = dir.path().join("planted.rs");
    std::fs::write(
        &planted,
        "// std::fs is not named here\nfn f(p: &str) -> Vec<u8> {\n    std::fs::read(p).unwrap()\n}\n",
    )
    .expect("the planted file is written");
    std::fs::write(dir.path().join("clean.rs"), "fn g() -> u8 { 1 }\n").expect("a clean file");
    std::fs::write(dir.path().join("notes.txt"), "std::fs").expect("a file that is not Rust");
    let (files, broken) = renderer_breaks(dir.path());
    assert_eq!(files, 2);
    assert_eq!(broken, [format!("{}:3: `std::fs`", planted.display())]);
}

#[test]
fn the_results_picture_shows_the_board_after_the_phase() {
    // Fall 1905: units where they now stand, the dislodged beside their
    // attackers, the centres coloured by their owners after the Fall.
    let r = run("fixtures/midgame.toml");
    let svg = svg_of(&r, "midgame");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let map = r.scenario.map;
    let ids = |prefix: &str| -> Vec<String> {
        let mut v: Vec<String> = doc
            .descendants()
            .filter_map(|n| n.attribute("id"))
            .filter_map(|i| i.strip_prefix(prefix).map(str::to_string))
            .collect();
        v.sort();
        v
    };
    let next = &r.adjudication.next;
    let mut want: Vec<String> = next
        .units
        .iter()
        .map(|u| map.province(u.location.province).abbr.clone())
        .collect();
    want.sort();
    assert_eq!(ids("unit-"), want, "units where they now stand");
    let mut want: Vec<String> = next
        .dislodged
        .iter()
        .map(|d| map.province(d.unit.location.province).abbr.clone())
        .collect();
    want.sort();
    assert!(!want.is_empty());
    assert_eq!(ids("dislodged-"), want, "dislodged units drawn");
    // The centres' owners: as the units stand after the Fall.
    let mut after = next.clone();
    after.update_ownership(map);
    let mut changed = 0;
    for p in map.provinces().iter().filter(|p| p.supply_center) {
        let id = format!("sc-{}", p.abbr);
        let n = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id.as_str()))
            .unwrap();
        let fill = after
            .owner(p.id)
            .map_or("#FFFFFF", |o| render::power_colour(o.0 as usize));
        assert_eq!(n.attribute("fill"), Some(fill), "{id}");
        if after.owner(p.id) != r.scenario.position.owner(p.id) {
            changed += 1;
        }
    }
    assert!(changed > 0, "the fixture changes some centre's owner");
    // Each winning attacker's arrowhead ends clear of the unit it
    // stands on now (not under it), and the retreat options carry their
    // own mark, not a support's dot.
    for d in &r.adjudication.dislodged {
        let prov = d.dislodged.unit.location.province;
        let abbr = &map.province(prov).abbr;
        let (i, (_, o)) = r
            .adjudicated_orders()
            .into_iter()
            .enumerate()
            .find(|(i, (_, o))| {
                matches!(o, dipspy::engine::Order::Move { dest, .. } if dest.province == prov)
                    && r.adjudication.results[*i].outcome.as_str() == "succeeds"
            })
            .expect("the attack");
        let _ = i;
        let text = o.to_text(map);
        let g = doc
            .descendants()
            .find(|n| n.has_tag_name("g") && n.attribute("data-order") == Some(text.as_str()))
            .unwrap();
        let d_attr = g
            .children()
            .find(|c| c.has_tag_name("path"))
            .and_then(|c| c.attribute("d"))
            .unwrap();
        let last: Vec<f64> = d_attr
            .rsplit(['L', 'M'])
            .next()
            .unwrap()
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let unit = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(format!("unit-{abbr}").as_str()))
            .unwrap();
        let (ux, uy) = translate(&unit);
        // The line stops before the head; the head's tip is further on.
        let gap = (last[0] - ux).hypot(last[1] - uy);
        assert!(
            gap >= render::TIP_CLEAR,
            "{text}: the arrow ends {gap:.1} from the unit"
        );
        let group = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(format!("options-{abbr}").as_str()))
            .unwrap();
        if !d.retreats.is_empty() {
            assert!(
                group
                    .descendants()
                    .any(|n| n.attribute("class") == Some("retreat-option"))
            );
        }
        assert!(
            !group
                .descendants()
                .any(|n| n.has_tag_name("circle") && n.attribute("r") == Some("3")),
            "no support's dot among the retreat options"
        );
    }
}

#[test]
fn an_impossible_order_is_a_short_stub_not_a_line_across_the_map() {
    let text = "phase = \"S1901M\"\n[units]\nfrance = [\"A par\"]\nturkey = [\"A con\"]\n[orders]\nfrance = [\"A par - mos\"]\nturkey = [\"A con - bul\"]\n";
    let r = Scenario::parse(text).unwrap().run();
    let svg = svg_of(&r, "stub");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let g = doc
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("data-order") == Some("A par - mos"))
        .expect("the impossible order drawn");
    // Every point of its marks lies within a stub's length of Paris.
    let layout = layout_for(r.scenario.map);
    let par = layout.point(r.scenario.map.parse_location("par").unwrap());
    for n in g.descendants().filter(|n| n.has_tag_name("path")) {
        let d = n.attribute("d").unwrap();
        let nums: Vec<f64> = d
            .split(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        for xy in nums.chunks_exact(2) {
            let dist = (xy[0] - par.0).hypot(xy[1] - par.1);
            assert!(
                dist <= render::STUB + 8.0,
                "a mark of the impossible order {dist:.0} from Paris"
            );
        }
    }
}
