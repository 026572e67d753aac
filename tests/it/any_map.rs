//! Every built-in map played (issue 14): seeded random games of twenty
//! years through `dipspy adjudicate` (the real binary, one scenario file
//! per phase) and through the game layer (a real SQLite file, orders
//! submitted as players write them) with `game replay` agreeing; games
//! created with `variant=` start in the map's first year and end at the
//! map's own number of centres.

use crate::support::sim;

use chrono::{DateTime, Duration, Utc};
use dipspy::engine::Order;
use dipspy::engine::PhaseKind;
use dipspy::engine::adjudicate;
use dipspy::engine::{DislodgedUnit, Position};
use dipspy::engine::{Map, PowerId, ProvinceId};
use dipspy::game::{self, CreateOptions, Sender};
use dipspy::store::{self, Store};
use serde_json::Value;
use sim::{Generator, Rng};
use std::fmt::Write;
use std::process::Command;

const MAPS: [&str; 6] = [
    "standard",
    "ancmed",
    "modern",
    "pure",
    "standard_france_austria",
    "standard_germany_italy",
];

fn map(name: &str) -> &'static Map {
    Map::by_variant(name).unwrap()
}

fn quoted(items: impl IntoIterator<Item = String>) -> String {
    let v: Vec<String> = items.into_iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", v.join(", "))
}

/// A position and its orders as a scenario file of `dipspy adjudicate`.
fn scenario(map: &Map, pos: &Position, orders: &[(PowerId, Order)]) -> String {
    let mut s = String::new();
    writeln!(s, "variant = {:?}\nphase = \"{}\"", map.name, pos.phase).unwrap();
    if pos.phase.kind == PhaseKind::Retreat {
        let c = pos.contested.iter().map(|&p| map.province(p).abbr.clone());
        writeln!(s, "contested = {}", quoted(c)).unwrap();
    }
    s.push_str("\n[units]\n");
    for p in map.powers() {
        let units: Vec<String> = pos.units_of(p.id).map(|u| u.text(map)).collect();
        if !units.is_empty() {
            writeln!(s, "{} = {}", p.name, quoted(units)).unwrap();
        }
    }
    s.push_str("\n[supply_centers]\n");
    for p in map.powers() {
        let c: Vec<String> = pos
            .centers_of(p.id)
            .iter()
            .map(|&c| map.province(c).abbr.clone())
            .collect();
        if !c.is_empty() {
            writeln!(s, "{} = {}", p.name, quoted(c)).unwrap();
        }
    }
    for d in &pos.dislodged {
        writeln!(
            s,
            "\n[[dislodged]]\npower = {:?}\nunit = {:?}",
            map.power(d.unit.power).name,
            d.unit.text(map)
        )
        .unwrap();
        if let Some(f) = d.attacked_from {
            writeln!(s, "attacked_from = {:?}", map.province(f).abbr).unwrap();
        }
    }
    s.push_str("\n[orders]\n");
    for p in map.powers() {
        let o: Vec<String> = orders
            .iter()
            .filter(|(q, _)| *q == p.id)
            .map(|(_, o)| o.to_text(map))
            .collect();
        if !o.is_empty() {
            writeln!(s, "{} = {}", p.name, quoted(o)).unwrap();
        }
    }
    s
}

/// The position after the phase, read back from `--json`.
fn next_from_json(map: &Map, v: &Value) -> Position {
    let phase = dipspy::engine::Phase::parse(v["next_phase"].as_str().unwrap()).unwrap();
    let mut pos = Position::empty(map, phase);
    let power = |n: &str| map.power_by_name(n).unwrap_or_else(|| panic!("power {n}"));
    for (p, units) in v["units"].as_object().unwrap() {
        for u in units.as_array().unwrap() {
            let (unit_type, location) = map.parse_unit(u.as_str().unwrap()).unwrap();
            pos.units.push(dipspy::engine::Unit {
                power: power(p),
                unit_type,
                location,
            });
        }
    }
    let prov = |s: &str| -> ProvinceId { map.province_by_name(s).unwrap() };
    for (p, centres) in v["supply_centers"].as_object().unwrap() {
        for c in centres.as_array().unwrap() {
            pos.owners[prov(c.as_str().unwrap()).0 as usize] = Some(power(p));
        }
    }
    if phase.kind == PhaseKind::Retreat {
        for d in v["dislodged"].as_array().unwrap() {
            let (unit_type, location) = map.parse_unit(d["unit"].as_str().unwrap()).unwrap();
            pos.dislodged.push(DislodgedUnit {
                unit: dipspy::engine::Unit {
                    power: power(d["power"].as_str().unwrap()),
                    unit_type,
                    location,
                },
                attacked_from: d["attacked_from"].as_str().map(prov),
            });
        }
        for c in v["contested"].as_array().unwrap() {
            pos.contested.push(prov(c.as_str().unwrap()));
        }
    }
    pos.normalize();
    pos
}

fn sorted(mut p: Position) -> Position {
    p.normalize();
    p.units.sort();
    p.dislodged.sort_by_key(|d| d.unit);
    p.contested.sort();
    p
}

#[test]
fn twenty_random_years_through_dipspy_adjudicate_on_every_map() {
    let dir = tempfile::tempdir().unwrap();
    for (i, name) in MAPS.iter().enumerate() {
        let map = map(name);
        let generator = Generator::new(map);
        let mut rng = Rng::new(1400 + i as u64);
        let mut pos = Position::initial(map, map.first_year());
        assert_eq!(pos.phase.year, map.first_year());
        let last = map.first_year() + 19;
        let mut phases = 0;
        while pos.phase.year <= last && pos.winner(map).is_none() {
            let orders = generator.orders(&pos, &mut rng);
            let file = dir.path().join(format!("{name}-{phases}.toml"));
            std::fs::write(&file, scenario(map, &pos, &orders)).unwrap();
            let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
                .args(["adjudicate", file.to_str().unwrap(), "--json"])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{name} {}: {stderr}", pos.phase);
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["phase"].as_str().unwrap(), pos.phase.to_string());
            let next = next_from_json(map, &v);
            let direct = adjudicate(map, &pos, &orders).next;
            assert_eq!(
                sorted(next.clone()),
                sorted(direct),
                "{name} {}: the binary and the engine disagree",
                pos.phase
            );
            pos = next;
            phases += 1;
        }
        assert!(
            phases >= 40 || pos.winner(map).is_some(),
            "{name}: only {phases} phases and no winner"
        );
    }
}

fn t0() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

/// Creates a game on `variant` with every power joined, and starts it.
fn started(st: &mut Store, variant: &str, rules: &[&str]) -> &'static Map {
    let o = CreateOptions {
        variant: variant.to_string(),
        rules: rules.iter().map(|r| r.to_string()).collect(),
        ..CreateOptions::default()
    };
    game::create(st, "g", &o, t0()).unwrap();
    let map = map(variant);
    for p in map.powers() {
        game::join(
            st,
            "g",
            Some(&p.name),
            &format!("{}@example.org", p.name),
            "pw",
            t0(),
        )
        .unwrap();
    }
    game::start(st, "g", t0()).unwrap();
    map
}

#[test]
fn twenty_random_years_through_the_game_layer_on_every_map_replay_agrees() {
    for (i, name) in MAPS.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let mut st = crate::support::words::open_store(&dir.path().join("g.db")).unwrap();
        let map = started(&mut st, name, &[]);
        let first = game::show(&st, "g").unwrap();
        assert_eq!(first.variant, *name);
        assert_eq!(
            first.phase.as_deref(),
            Some(format!("S{:04}M", map.first_year()).as_str())
        );
        let gid = st.read().game_by_name("g").unwrap().unwrap().id;
        let mut rng = Rng::new(2400 + i as u64);
        let generator = Generator::new(map);
        let mut now = t0();
        let mut processed = 0;
        loop {
            let row = st.read().live_phase(gid).unwrap().unwrap();
            let pos = game::position_from_json(map, &row.position).unwrap();
            if row.status != store::PhaseStatus::Current || pos.phase.year > map.first_year() + 19 {
                break;
            }
            for p in map.powers() {
                let lines: Vec<String> = generator
                    .orders(&pos, &mut rng)
                    .iter()
                    .filter(|(q, _)| *q == p.id)
                    .map(|(_, o)| o.to_text(map))
                    .collect();
                if lines.is_empty() {
                    continue;
                }
                match game::submit_orders(
                    &mut st,
                    "g",
                    &p.name,
                    &lines.join("\n"),
                    None,
                    &Sender::default(),
                    now,
                ) {
                    Ok(_) | Err(game::GameError::Eliminated { .. }) => {}
                    Err(e) => panic!("{name} {}: {e}", pos.phase),
                }
            }
            now += Duration::hours(1);
            game::process(&mut st, "g", now).unwrap();
            processed += 1;
        }
        let view = game::show(&st, "g").unwrap();
        assert!(
            processed >= 40 || view.status.as_str() == "finished",
            "{name}: only {processed} phases"
        );
        let (checked, bad) = game::replay(&st, "g").unwrap();
        assert_eq!(checked, processed, "{name}");
        assert!(bad.is_empty(), "{name}: {bad:?}");
        // A game that ended on the board ended at the map's own count.
        if view.status == game::GameStatus::Finished {
            let best = view.powers.iter().map(|p| p.centers).max().unwrap();
            assert!(best >= map.victory(), "{name}: ended with {best} centres");
        }
    }
}

#[test]
fn the_winner_owns_the_maps_own_number_of_centres_alone_in_the_lead() {
    // Pure: 7 centres, 4 win.
    let pure = map("pure");
    let mut pos = Position::initial(pure, pure.first_year());
    let france = pure.power_by_name("france").unwrap();
    let give = |pos: &mut Position, names: &[&str]| {
        for n in names {
            pos.owners[pure.province_by_name(n).unwrap().0 as usize] = Some(france);
        }
    };
    give(&mut pos, &["lon", "ber"]);
    assert_eq!(pos.winner(pure), None, "3 of 7 centres");
    give(&mut pos, &["vie"]);
    assert_eq!(pos.winner(pure), Some(france), "4 of 7 centres");
    // Modern: 64 centres, 33 win; 32 do not.
    let modern = map("modern");
    let mut pos = Position::initial(modern, modern.first_year());
    let spain = modern.power_by_name("spain").unwrap();
    let centres: Vec<_> = modern.supply_centers().collect();
    pos.owners.iter_mut().for_each(|o| *o = None);
    for c in centres.iter().take(32) {
        pos.owners[c.0 as usize] = Some(spain);
    }
    assert_eq!(pos.winner(modern), None);
    pos.owners[centres[32].0 as usize] = Some(spain);
    assert_eq!(pos.winner(modern), Some(spain));
}

fn dipspy(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn fixture(name: &str) -> String {
    format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn adjudicate_names_the_map_and_writes_year_one_as_s0001m() {
    let (ok, out, err) = dipspy(&["adjudicate", &fixture("ancmed-spring-1.toml"), "--json"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["phase"], "S0001M");
    assert_eq!(v["next_phase"], "F0001M");
    // The map's own short names.
    assert_eq!(
        v["units"]["carthage"],
        serde_json::json!(["A car", "A mau", "F pun"])
    );
    let num = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["order"] == "A car - num")
        .unwrap();
    assert_eq!(num["outcome"], "invalid");
    let (ok, text, _) = dipspy(&["adjudicate", &fixture("ancmed-spring-1.toml")]);
    assert!(ok);
    assert!(text.starts_with("Spring 1 Movement (ancmed)"), "{text}");
}

#[test]
fn build_any_lets_modern_build_in_any_owned_centre() {
    let (ok, out, err) = dipspy(&["adjudicate", &fixture("modern-build-any.toml"), "--json"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let outcome = |o: &str| {
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["order"] == o)
            .unwrap()["outcome"]
            .clone()
    };
    assert_eq!(outcome("Build A bel"), "succeeds");
    assert_eq!(outcome("Build A wal"), "invalid");
    assert_eq!(outcome("Build F liv"), "succeeds");
    // On the standard map Belgium is no home centre: the same build fails.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("std.toml");
    std::fs::write(
        &f,
        "phase = \"W1901A\"\n[units]\nengland = [\"F lon\"]\n\
         [supply_centers]\nengland = [\"lon\", \"edi\", \"bel\"]\n\
         [orders]\nengland = [\"Build A bel\"]\n",
    )
    .unwrap();
    let (ok, out, _) = dipspy(&["adjudicate", f.to_str().unwrap(), "--json"]);
    assert!(ok);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["results"][0]["outcome"], "invalid");
}

#[test]
fn a_dpjudge_map_dropped_in_the_maps_directory_is_offered_and_played() {
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    let duel = format!("{}/tests/maps/duel.map", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(&duel, maps.join("duel.map")).unwrap();
    // A two-player map built on the built-in standard map, and a broken one.
    std::fs::write(
        maps.join("fa.map"),
        "MAP standard.map\nUNPLAYED ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY\n",
    )
    .unwrap();
    std::fs::write(
        maps.join("broken.map"),
        "BEGIN SPRING 1901 MOVEMENT\nRULES HOLD_WIN\n",
    )
    .unwrap();
    let cfg = dir.path().join("judge.toml");
    std::fs::write(&cfg, "[maps]\ndir = \"maps\"\n").unwrap();
    let cfg = cfg.to_str().unwrap();

    let (ok, out, err) = dipspy(&["--config", cfg, "maps"]);
    assert!(ok, "{err}");
    assert!(out.contains("ancmed "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("duel ") && l.contains("2 powers (Germany, Spain), 4 centres, 3 to win, from 2000, builds in any owned centre")), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("fa ") && l.contains("2 powers (Austria, France)")),
        "{out}"
    );
    assert!(
        out.contains("broken")
            && out.contains("line 2: dipspy does not support the rule `HOLD_WIN`"),
        "{out}"
    );

    // A scenario on the dropped map.
    let sc = dir.path().join("duel.toml");
    std::fs::write(
        &sc,
        "variant = \"duel\"\nphase = \"S2000M\"\n[units]\ngermany = [\"A mun\"]\nspain = [\"F spa/nc\"]\n\
         [orders]\ngermany = [\"A mun - por\"]\nspain = [\"F spa/nc - por\"]\n",
    )
    .unwrap();
    let (ok, out, err) = dipspy(&[
        "--config",
        cfg,
        "adjudicate",
        sc.to_str().unwrap(),
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["results"][0]["outcome"], "fails",
        "a standoff in Portugal: {v}"
    );
    // Without the configuration the map is unknown.
    let (ok, _, err) = dipspy(&["adjudicate", sc.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("unknown variant `duel`"), "{err}");

    // A game on it from the command line.
    let db = dir.path().join("g.db");
    let db = db.to_str().unwrap();
    let (ok, out, err) = dipspy(&[
        "--config",
        cfg,
        "--db",
        db,
        "game",
        "create",
        "d",
        "--variant",
        "duel",
    ]);
    assert!(ok, "{out}{err}");
    for (p, a) in [("germany", "g@example.org"), ("spain", "s@example.org")] {
        let (ok, out, err) = dipspy(&[
            "--config",
            cfg,
            "--db",
            db,
            "game",
            "join",
            "d",
            p,
            "--email",
            a,
            "--password",
            "pw",
        ]);
        assert!(ok, "{out}{err}");
    }
    let (ok, out, err) = dipspy(&["--config", cfg, "--db", db, "game", "start", "d"]);
    assert!(ok, "{out}{err}");
    let (ok, out, err) = dipspy(&["--config", cfg, "--db", db, "game", "show", "d", "--json"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["variant"], "duel");
    assert_eq!(v["phase"], "S2000M");
    let (ok, _, err) = dipspy(&[
        "--config",
        cfg,
        "--db",
        db,
        "game",
        "create",
        "x",
        "--variant",
        "broken",
    ]);
    assert!(!ok);
    assert!(err.contains("broken"), "{err}");

    // The game keeps its map: it goes on without the configuration, and
    // after the file is removed.
    std::fs::remove_file(maps.join("duel.map")).unwrap();
    let orders = dir.path().join("orders.txt");
    std::fs::write(&orders, "A mun - por\nA ber - mun\n").unwrap();
    let (ok, out, err) = dipspy(&[
        "--db",
        db,
        "orders",
        "submit",
        "d",
        "germany",
        orders.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let (ok, out, err) = dipspy(&["--db", db, "game", "process", "d"]);
    assert!(ok, "{out}{err}");
    let (ok, out, err) = dipspy(&["--db", db, "game", "show", "d", "--json"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["phase"], "F2000M");
    assert_eq!(
        v["units"]["germany"],
        serde_json::json!(["A mun", "A por"]),
        "{v}"
    );
    let (ok, out, err) = dipspy(&["--db", db, "game", "replay", "d"]);
    assert!(ok, "{out}{err}");
}

/// One movement phase on `map` from units and orders as written.
fn movement(
    map: &'static Map,
    units: &[(&str, &str)],
    orders: &[(&str, &str)],
) -> (Position, Vec<dipspy::engine::OrderResult>) {
    let year = map.first_year();
    let mut pos = Position::empty(
        map,
        dipspy::engine::Phase::new(
            dipspy::engine::Season::Spring,
            year + 1,
            PhaseKind::Movement,
        ),
    );
    for (power, u) in units {
        let (unit_type, location) = map.parse_unit(u).unwrap();
        pos.units.push(dipspy::engine::Unit {
            power: map.power_by_name(power).unwrap(),
            unit_type,
            location,
        });
    }
    let orders: Vec<(PowerId, Order)> = orders
        .iter()
        .map(|(p, o)| {
            let order = dipspy::engine::parse_order(map, PhaseKind::Movement, o).unwrap();
            (map.power_by_name(p).unwrap(), order)
        })
        .collect();
    let adj = adjudicate(map, &pos, &orders);
    (adj.next, adj.results)
}

fn units_of(map: &Map, pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.units.iter().map(|u| u.text(map)).collect();
    v.sort();
    v
}

#[test]
fn a_fleet_in_the_port_of_the_baleares_convoys_and_armies_reach_it_only_by_sea() {
    let anc = map("ancmed");
    // Through the port: Saguntum to Massilia by the Baleares and the
    // Ligurian Sea.
    let (next, results) = movement(
        anc,
        &[
            ("carthage", "A sag"),
            ("carthage", "F bal"),
            ("carthage", "F lig"),
        ],
        &[
            ("carthage", "A sag - mas"),
            ("carthage", "F bal C A sag - mas"),
            ("carthage", "F lig C A sag - mas"),
        ],
    );
    assert!(
        results
            .iter()
            .all(|r| r.outcome == dipspy::engine::Outcome::Succeeds),
        "{results:?}"
    );
    assert_eq!(units_of(anc, &next), ["A mas", "F bal", "F lig"]);
    // Into the port: only by convoy.
    let (next, _) = movement(anc, &[("rome", "A tar")], &[("rome", "A tar - bal")]);
    assert_eq!(units_of(anc, &next), ["A tar"]);
    let (next, _) = movement(
        anc,
        &[("rome", "A tar"), ("rome", "F lig")],
        &[("rome", "A tar - bal"), ("rome", "F lig C A tar - bal")],
    );
    assert_eq!(units_of(anc, &next), ["A bal", "F lig"]);
}
