//! The judge's picture of a phase's espionage (issue 33, `dipspy
//! secret-log GAME --phase P --map OUT`), checked from the SVG it draws:
//!
//! - no tag hides another, in every phase with espionage of the demo's
//!   game and of the espionage test games (generated lines, a
//!   three-power collision, a Fake with a retreat part);
//! - the list below the legend wraps at the picture's width (every text
//!   measured as usvg sets it, not as dipspy estimates it);
//! - the key under the legend explains every kind of tag drawn and the
//!   dashed border, in the reader's words from the catalogue;
//! - an ANTI tag names the power whose Fakes it stops;
//! - the list is the phase's espionage resolved again: line for line the
//!   secret log of the phase, unchanged when the log's words are edited
//!   in the database (so is `game history`), and after a rollback only
//!   the attempt that stands, as the marks are.

use crate::support::sim;

use dipspy::game::{self, CreateOptions, Sender};
use dipspy::render::MarkKind;
use dipspy::store::{self, Store};
use sim::{Generator, Rng};
use std::path::Path;
use std::process::Command;

use crate::support::secret_log_game;
use secret_log_game::{G, POWERS};

/// A tag's box as the SVG draws it: x0, y0, x1, y1.
type Box4 = (f64, f64, f64, f64);

fn doc(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).expect("well-formed SVG")
}

fn num(n: &roxmltree::Node, a: &str) -> f64 {
    n.attribute(a).unwrap().parse().unwrap()
}

/// Every tag of the board: its kind, what it says, its box.
fn tags(svg: &str) -> Vec<(String, String, Box4)> {
    let d = doc(svg);
    d.descendants()
        .filter(|n| n.attribute("data-kind").is_some())
        .map(|g| {
            let r = g.children().find(|c| c.has_tag_name("rect")).unwrap();
            let t = g.children().find(|c| c.has_tag_name("text")).unwrap();
            let (x, y) = (num(&r, "x"), num(&r, "y"));
            (
                g.attribute("data-kind").unwrap().to_string(),
                t.text().unwrap_or("").to_string(),
                (x, y, x + num(&r, "width"), y + num(&r, "height")),
            )
        })
        .collect()
}

fn intersect(a: &Box4, b: &Box4) -> f64 {
    let w = a.2.min(b.2) - a.0.max(b.0);
    let h = a.3.min(b.3) - a.1.max(b.1);
    if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
}

/// Fails when two tags of the picture share any area; returns how many
/// tags it checked.
fn no_tag_hides_another(svg: &str, what: &str) -> usize {
    let t = tags(svg);
    for (i, a) in t.iter().enumerate() {
        for b in &t[i + 1..] {
            let area = intersect(&a.2, &b.2);
            assert!(
                area == 0.0,
                "{what}: `{}` and `{}` overlap by {area:.0} square units ({:?} {:?})",
                a.1,
                b.1,
                a.2,
                b.2
            );
        }
    }
    t.len()
}

/// The judge's SVG of every processed phase of game `name` that stands,
/// with the phase's name.
fn judge_svgs(st: &Store, name: &str) -> Vec<(String, String)> {
    let id = st.read().game_by_name(name).unwrap().unwrap().id;
    st.read()
        .phases(id)
        .unwrap()
        .into_iter()
        .filter(|r| r.processed_at.is_some() && r.rolled_back_at.is_none())
        .map(|r| {
            let pic = game::phase_picture(st, name, Some(&r.phase)).unwrap();
            let svg = dipspy::render::render_svg(pic.map, &pic.judge_scene());
            (r.phase, svg)
        })
        .collect()
}

struct Demo {
    dir: tempfile::TempDir,
    st: Store,
}

fn demo() -> Demo {
    let dir = tempfile::tempdir().unwrap();
    let mut sink = Vec::new();
    dipspy::demo::run(
        &dipspy::demo::Options {
            fixtures: dipspy::demo::default_fixtures(),
            dir: Some(dir.path().to_path_buf()),
            all_mail: false,
        },
        &mut sink,
    )
    .unwrap();
    let st = crate::support::words::open_store(&dir.path().join("demo.sqlite")).unwrap();
    Demo { dir, st }
}

/// Random lines for every power in the current phase: orders, spies,
/// counter-spies, Fakes or Antis and foundings; in a reaction phase, a
/// reaction or none.
fn random_lines(
    map: &dipspy::engine::Map,
    pos: &dipspy::engine::Position,
    power: dipspy::engine::PowerId,
    rng: &mut Rng,
    reaction: bool,
) -> Vec<String> {
    let orders = Generator::new(map).orders(pos, rng);
    let text = |mine: bool| -> Vec<String> {
        orders
            .iter()
            .filter(|(p, _)| (*p == power) == mine)
            .map(|(_, o)| o.to_text(map))
            .collect()
    };
    let (mine, theirs) = (text(true), text(false));
    let units = |mine: bool| -> Vec<String> {
        pos.units
            .iter()
            .filter(|u| (u.power == power) == mine)
            .map(|u| u.text(map))
            .collect()
    };
    let (own, foreign) = (units(true), units(false));
    let pick = |v: &[String], rng: &mut Rng| v[rng.below(v.len())].clone();
    if reaction {
        return vec![if !mine.is_empty() && rng.percent(60) {
            format!("REACTION {}", pick(&mine, rng))
        } else {
            "REACTION NONE".into()
        }];
    }
    let mut out = mine.clone();
    if !foreign.is_empty() && rng.percent(80) {
        out.push(format!("SPY {}", pick(&foreign, rng)));
    }
    if !own.is_empty() && rng.percent(60) {
        out.push(format!("COUNTERSPY {}", pick(&own, rng)));
    }
    if !theirs.is_empty() && rng.percent(55) {
        out.push(format!("S F {}", pick(&theirs, rng)));
    } else {
        out.push(format!("S A {}", POWERS[rng.below(7)]));
    }
    for h in map.home_centers(power) {
        out.push(format!("+ S {}", map.province(h).abbr));
    }
    out
}

/// Sends `lines` for `power`, taking what is taken (some random lines
/// are refused, as a player's would be).
fn send(g: &mut G, power: &str, lines: &[String]) {
    let sender = Sender {
        from: Some(format!("{power}@example.org")),
        message_id: None,
        ..Default::default()
    };
    let _ = game::submit_orders(
        &mut g.st,
        "g",
        power,
        &lines.join("\n"),
        None,
        &sender,
        g.now,
    );
}

/// An Espionnite and Spionage game of `phases` phases played with random
/// lines from `seed`.
fn generated_game(seed: u64, phases: usize) -> G {
    let map = dipspy::engine::Map::standard();
    let mut rng = Rng::new(seed);
    let mut g = G::new(&["espionnite", "spionage"]);
    let gid = g.st.read().game_by_name("g").unwrap().unwrap().id;
    for _ in 0..phases {
        let row = g.st.read().live_phase(gid).unwrap().unwrap();
        if row.status != store::PhaseStatus::Current {
            break;
        }
        let pos = game::position_from_json(map, &row.position).unwrap();
        loop {
            let reaction = game::show(&g.st, "g").unwrap().reaction_phase;
            for p in map.powers() {
                let lines = random_lines(map, &pos, p.id, &mut rng, reaction);
                if !lines.is_empty() {
                    send(&mut g, &p.name.clone(), &lines);
                }
            }
            if !g.tick() {
                break;
            }
        }
    }
    g
}

/// A game where France, Germany and Russia all fake English F lon, which
/// Italy's Anti does not protect, France spies on German A ber and
/// Germany covers it.
fn collision_game() -> G {
    let base = CreateOptions {
        spy_at_start: true,
        ..CreateOptions::default()
    };
    let mut g = G::with(&["espionnite", "spionage"], base);
    g.finish_phase();
    g.submit("england", &["F lon H"]);
    g.submit("france", &["S F lon - eng", "SPY A ber"]);
    g.submit("germany", &["S F lon - nth", "COUNTERSPY A ber"]);
    g.submit("russia", &["S F lon - wal"]);
    g.submit("italy", &["S A russia"]);
    g.finish_phase();
    g
}

#[test]
fn no_tag_hides_another_in_any_phase_of_the_demo_or_the_espionage_test_games() {
    let mut checked = 0;
    let mut phases = 0;
    let mut check = |game: &str, svgs: Vec<(String, String)>| {
        for (phase, svg) in svgs {
            let n = no_tag_hides_another(&svg, &format!("{game} {phase}"));
            if n > 0 {
                phases += 1;
            }
            checked += n;
        }
    };
    let d = demo();
    check("demo", judge_svgs(&d.st, "demo"));
    for seed in 1..=3 {
        let g = generated_game(seed, 8);
        check(&format!("generated game {seed}"), judge_svgs(&g.st, "g"));
    }
    check(
        "retreat Fake",
        judge_svgs(&secret_log_game::retreat_fake().st, "g"),
    );
    check("collision", judge_svgs(&collision_game().st, "g"));
    println!("{checked} tags in {phases} phases, none over another");
    assert!(
        phases >= 12 && checked >= 150,
        "only {checked} tags in {phases} phases checked"
    );
}

/// The `<text>` elements of a picture that reach past its right edge, as
/// usvg sets them with the font dipspy ships.
fn texts_past_the_edge(svg: &str) -> (f32, Vec<String>) {
    use resvg::usvg;
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(include_bytes!("../../src/render/fonts/DejaVuSans.ttf").to_vec());
    db.load_font_data(include_bytes!("../../src/render/fonts/DejaVuSans-Bold.ttf").to_vec());
    db.set_sans_serif_family("DejaVu Sans");
    let options = usvg::Options {
        fontdb: std::sync::Arc::new(db),
        font_family: "DejaVu Sans".into(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).unwrap();
    let width = tree.size().width();
    let mut past = Vec::new();
    fn walk(g: &usvg::Group, width: f32, texts: &mut usize, past: &mut Vec<String>) {
        for n in g.children() {
            match n {
                usvg::Node::Group(g) => walk(g, width, texts, past),
                usvg::Node::Text(t) => {
                    *texts += 1;
                    let b = t.abs_bounding_box();
                    if b.right() > width || b.left() < 0.0 {
                        let words: Vec<&str> = t.chunks().iter().map(|c| c.text()).collect();
                        past.push(format!(
                            "{} ({:.0}..{:.0})",
                            words.concat(),
                            b.left(),
                            b.right()
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    let mut texts = 0;
    walk(tree.root(), width, &mut texts, &mut past);
    assert!(texts > 50, "only {texts} texts read");
    (width, past)
}

#[test]
fn the_list_wraps_at_the_pictures_width() {
    // A long entry, alone: wrapped into lines, none past the edge.
    let r = dipspy::scenario::Scenario::parse(
        "phase = \"S1901M\"\n[units]\nfrance = [\"A par\"]\n[orders]\nfrance = [\"A par H\"]\n",
    )
    .unwrap()
    .run();
    let orders = r.adjudicated_orders();
    let mut scene =
        dipspy::render::Scene::adjudicated("long", &r.scenario.position, &orders, &r.adjudication);
    let long = "[frozen] orders frozen (".to_string()
        + &"austria: A vie - gal; england: F edi - nth; ".repeat(12)
        + ")";
    scene.espionage = vec![dipspy::render::Mark {
        kind: MarkKind::Entry,
        power: None,
        others: Vec::new(),
        at: None,
        took_effect: true,
        text: long.clone(),
    }];
    let svg = dipspy::render::render_svg(r.scenario.map, &scene);
    let d = doc(&svg);
    let entry = d
        .descendants()
        .find(|n| n.attribute("class") == Some("entry"))
        .expect("the entry");
    let lines: Vec<String> = entry
        .children()
        .filter(|c| c.has_tag_name("tspan"))
        .map(|c| c.text().unwrap_or("").to_string())
        .collect();
    assert!(lines.len() >= 3, "not wrapped: {lines:?}");
    assert_eq!(
        lines.join(" "),
        long.split_whitespace().collect::<Vec<_>>().join(" "),
        "every word kept, in order"
    );
    let (_, past) = texts_past_the_edge(&svg);
    assert!(past.is_empty(), "past the edge: {past:#?}");
    // The PNG is as tall as the wrapped list needs.
    let png = dipspy::render::render_png(r.scenario.map, &scene, 1200).unwrap();
    assert!(!png.is_empty());

    // The demo's phases: the frozen orders of a reaction phase make the
    // longest lines of all.
    let d = demo();
    for (phase, svg) in judge_svgs(&d.st, "demo") {
        let (width, past) = texts_past_the_edge(&svg);
        assert!(past.is_empty(), "demo {phase}, {width} wide: {past:#?}");
    }
}

/// What the key under the legend shows: each tag drawn in it (its words
/// and whether dashed) with the words beside it.
fn key(svg: &str) -> Vec<(String, bool, String)> {
    let d = doc(svg);
    d.descendants()
        .filter(|n| n.attribute("class") == Some("key-mark"))
        .map(|g| {
            let rect = g.children().find(|c| c.has_tag_name("rect")).unwrap();
            let texts: Vec<String> = g
                .children()
                .filter(|c| c.has_tag_name("text"))
                .map(|t| {
                    t.descendants()
                        .filter(|n| n.is_text())
                        .filter_map(|n| n.text())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            (
                texts[0].clone(),
                rect.attribute("stroke-dasharray").is_some(),
                texts[1].clone(),
            )
        })
        .collect()
}

#[test]
fn the_key_explains_every_espionage_mark_in_the_readers_words() {
    let d = demo();
    let mut kinds = std::collections::BTreeSet::new();
    let mut dashed = false;
    for (phase, svg) in judge_svgs(&d.st, "demo") {
        let k = key(&svg);
        let t = tags(&svg);
        if t.is_empty() {
            assert!(k.is_empty(), "demo {phase}: a key without tags");
            continue;
        }
        // Every tag drawn starts with a word the key explains.
        for (kind, label, _) in &t {
            let word = label.split(' ').next().unwrap();
            assert!(
                k.iter().any(|(l, _, _)| l.split(' ').next() == Some(word)),
                "demo {phase}: `{label}` ({kind}) not in the key {k:?}"
            );
            kinds.insert(word.to_string());
        }
        let d = doc(&svg);
        dashed |= d
            .descendants()
            .filter(|n| n.attribute("data-kind").is_some())
            .any(|g| {
                g.descendants()
                    .any(|n| n.attribute("stroke-dasharray").is_some())
            });
        // The dashed border has its own entry; every kind of tag has one.
        assert!(k.iter().any(|(_, d, _)| *d), "demo {phase}: {k:?}");
        for word in ["SPY", "CS", "R", "FAKE", "ANTI", "CLASH", "ORG"] {
            assert!(
                k.iter().any(|(l, _, _)| l.split(' ').next() == Some(word)),
                "demo {phase}: no {word} in the key"
            );
        }
    }
    assert!(dashed && kinds.len() >= 5, "the demo drew only {kinds:?}");
    // The key's words are the catalogue's, in the reader's language.
    let pic = game::phase_picture(&d.st, "demo", Some("S1902M")).unwrap();
    for lang in [
        dipspy::text::Lang::En,
        dipspy::text::Lang::Fr,
        dipspy::text::Lang::De,
    ] {
        let svg = dipspy::render::render_svg(pic.map, &pic.judge_scene().in_lang(lang));
        let k = key(&svg);
        for (word, dashed, id) in [
            ("SPY", false, "pictures-key-spy"),
            ("CS", false, "pictures-key-counter-spy"),
            ("R", false, "pictures-key-reaction"),
            ("FAKE", false, "pictures-key-fake"),
            ("ANTI", false, "pictures-key-anti"),
            ("CLASH", true, "pictures-key-clash"),
            ("ORG", false, "pictures-key-founded"),
            ("FAKE", true, "pictures-key-no-effect"),
        ] {
            let want = dipspy::text::plain(lang, id);
            assert!(
                k.iter().any(|(l, d, t)| l.split(' ').next() == Some(word)
                    && *d == dashed
                    && *t == want),
                "{lang:?}: no `{word}` with `{want}` in {k:?}"
            );
        }
    }
    // A player's picture has no key.
    let public = dipspy::render::render_svg(pic.map, &pic.scene());
    assert!(key(&public).is_empty());
}

#[test]
fn an_anti_tag_names_the_power_whose_fakes_it_stops() {
    let d = demo();
    let pic = game::phase_picture(&d.st, "demo", Some("S1902M")).unwrap();
    let svg = dipspy::render::render_svg(pic.map, &pic.judge_scene());
    let dd = doc(&svg);
    let antis: Vec<_> = dd
        .descendants()
        .filter(|n| n.attribute("data-kind") == Some("anti"))
        .collect();
    // Germany's Anti against France, on each German unit.
    assert_eq!(antis.len(), 4);
    for a in &antis {
        let words = a.descendants().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(words.text(), Some("ANTI GER vs FRA"));
        assert_eq!(a.attribute("data-power"), Some("germany"));
        assert_eq!(a.attribute("data-others"), Some("france"));
    }
    // The Fake it stopped is France's, on a German unit.
    let stopped = dd
        .descendants()
        .find(|n| n.attribute("data-kind") == Some("fake-stopped"))
        .unwrap();
    assert_eq!(stopped.attribute("data-power"), Some("france"));
    assert_eq!(stopped.attribute("data-others"), Some("germany"));
}

/// The list's lines as drawn (a wrapped line joined again).
fn list(svg: &str) -> Vec<String> {
    let d = doc(svg);
    d.descendants()
        .filter(|n| n.attribute("class") == Some("entry"))
        .map(|t| {
            t.descendants()
                .filter(|n| n.is_text())
                .filter_map(|n| n.text())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn the_list_is_the_phases_secret_log_line_for_line_resolved_again() {
    let d = demo();
    let mut compared = 0;
    for (phase, svg) in judge_svgs(&d.st, "demo") {
        let log = game::secret_log(&d.st, "demo", Some(&phase), None).unwrap();
        let mut want: Vec<String> = log
            .iter()
            .filter(|e| e.kind != "rollback")
            .map(|e| format!("[{}] {}", e.kind, e.text))
            .collect();
        let mut drawn = list(&svg);
        want.sort();
        drawn.sort();
        assert_eq!(drawn, want, "demo {phase}");
        compared += want.len();
    }
    assert!(compared >= 100, "only {compared} lines compared");
}

fn cli(db: &Path, args: &[&str]) -> (String, bool) {
    let o = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .unwrap();
    (
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
        o.status.success(),
    )
}

#[test]
fn editing_the_secret_logs_words_changes_neither_the_history_nor_the_judges_picture() {
    let d = demo();
    let db = d.dir.path().join("demo.sqlite");
    let views = |tag: &str| {
        let svg = d.dir.path().join(format!("{tag}.svg"));
        let (text, ok) = cli(
            &db,
            &[
                "secret-log",
                "demo",
                "--phase",
                "S1902M",
                "--map",
                svg.to_str().unwrap(),
            ],
        );
        assert!(ok, "{text}");
        let (history, ok) = cli(&db, &["game", "history", "demo", "S1902M"]);
        assert!(ok, "{history}");
        (std::fs::read_to_string(svg).unwrap(), history)
    };
    let (svg, history) = views("before");
    assert!(
        svg.contains("class=\"mark fake-applied\""),
        "the phase has Fakes"
    );
    assert!(history.contains("[fake applied]"), "{history}");
    // Every entry of the phase's log says something else now.
    let c = rusqlite::Connection::open(&db).unwrap();
    let n = c
        .execute(
            "UPDATE secret_log SET text = 'rewritten: ' || replace(text, 'A', 'F') \
             WHERE phase = 'S1902M'",
            [],
        )
        .unwrap();
    assert!(n > 50, "{n} entries rewritten");
    drop(c);
    let log = game::secret_log(&d.st, "demo", Some("S1902M"), None).unwrap();
    assert!(log.iter().all(|e| e.text.starts_with("rewritten: ")));
    let (svg_after, history_after) = views("after");
    assert!(!svg_after.contains("rewritten"));
    assert_eq!(
        svg_after, svg,
        "the judge's picture changed with the log's words"
    );
    assert_eq!(
        history_after, history,
        "game history changed with the log's words"
    );
}

#[test]
fn after_a_rollback_the_list_and_the_marks_show_the_attempt_that_stands() {
    let base = CreateOptions {
        spy_at_start: true,
        ..CreateOptions::default()
    };
    let mut g = G::with(&["spionage"], base);
    g.finish_phase();
    assert_eq!(g.phase(), "F1901M");
    // The first attempt: France fakes English F lon.
    g.submit("england", &["F lon H"]);
    g.submit("france", &["S F lon - eng"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    let first = game::phase_picture(&g.st, "g", Some("F1901M")).unwrap();
    assert!(
        first
            .judge_marks()
            .iter()
            .any(|m| m.kind == MarkKind::FakeApplied)
    );
    game::rollback(&mut g.st, "g", "F1901M", g.now).unwrap();
    assert_eq!(g.phase(), "F1901M");
    // The second: France gives an Anti instead (its Fake is replaced),
    // Germany fakes F lon to the North Sea.
    g.submit("france", &["S A germany"]);
    g.submit("germany", &["S F lon - nth"]);
    g.finish_phase();
    assert_eq!(g.phase(), "W1901A");
    let pic = game::phase_picture(&g.st, "g", Some("F1901M")).unwrap();
    let marks = pic.judge_marks();
    let svg = dipspy::render::render_svg(pic.map, &pic.judge_scene());
    let lines = list(&svg);
    let fakes: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("[fake-applied]"))
        .collect();
    assert_eq!(fakes.len(), 1, "{lines:#?}");
    assert!(
        fakes[0].contains("Germany's Fake `F lon - nth`"),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("France's Fake")),
        "the first attempt's Fake is listed: {lines:#?}"
    );
    // One line per line sent in this attempt, one processed line.
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("[processed]"))
            .count(),
        1,
        "{lines:#?}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("germany sent `S F lon - nth`"))
            .count(),
        1
    );
    // The marks say the same: Germany's Fake applied, France's Anti.
    use MarkKind::*;
    let drawn: Vec<(MarkKind, String)> = marks
        .iter()
        .filter(|m| m.kind != Entry)
        .map(|m| (m.kind, pic.map.power(m.power.unwrap()).name.clone()))
        .collect();
    assert!(
        drawn.contains(&(FakeApplied, "germany".into())),
        "{drawn:?}"
    );
    assert!(drawn.contains(&(Anti, "france".into())), "{drawn:?}");
    assert!(
        !drawn.contains(&(FakeApplied, "france".into())),
        "{drawn:?}"
    );
    assert_eq!(
        marks.iter().filter(|m| m.kind == FakeApplied).count(),
        fakes.len()
    );
    assert_eq!(
        marks.iter().filter(|m| m.kind == Entry).count(),
        lines.len()
    );
    // The secret log itself keeps both attempts and the rollback.
    let log = game::secret_log(&g.st, "g", Some("F1901M"), None).unwrap();
    assert_eq!(
        log.iter().filter(|e| e.kind == "fake-applied").count(),
        2,
        "{log:#?}"
    );
    assert!(log.iter().any(|e| e.kind == "rollback"));
}
