//! The words in the pictures in the reader's language (issue 26): the
//! same scene drawn for an English, a French and a German reader has its
//! title and legend in that reader's words (the phase, what the picture
//! shows, the powers' names and counts, the key to the marks), the
//! English picture is the one it always was, and the outlines the PNG is
//! drawn with cover the French and German letters.

use dipspy::render::{self, Scene, Weight};
use dipspy::scenario::{Scenario, ScenarioRun};
use dipspy::text::Lang;
use std::path::PathBuf;

fn run(path: &str) -> ScenarioRun {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(path)).expect("scenario file");
    Scenario::parse(&text).expect("scenario parses").run()
}

/// The texts of the title and the legend, in the order drawn.
fn legend_texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let mut out = Vec::new();
    for g in doc
        .descendants()
        .filter(|n| matches!(n.attribute("id"), Some("title" | "legend")))
    {
        out.extend(
            g.descendants()
                .filter(|n| n.has_tag_name("text"))
                .map(|n| n.text().unwrap_or("").to_string()),
        );
    }
    out
}

/// The English words of the legend and title that French and German
/// write otherwise (`centre` and `impossible` are French too, `England`
/// German).
const ENGLISH_WORDS: &[&str] = &[
    "army",
    "fleet",
    "units",
    "moves",
    "fails",
    "supports",
    "convoys",
    "holds",
    "dislodged",
    "may retreat",
    "standoff",
    "results",
    "board after",
    "Fall",
    "Movement",
    "Germany",
    "Austria",
    "Russia",
    "Turkey",
    "Italy",
];

#[test]
fn the_same_scene_has_its_title_and_legend_in_french_and_german() {
    let r = run("fixtures/midgame.toml");
    let orders = r.adjudicated_orders();
    let scene = Scene::adjudicated("g", &r.scenario.position, &orders, &r.adjudication);
    let map = r.scenario.map;
    let en = render::render_svg(map, &scene);
    // English as it always was: the default, and asked for by name.
    assert_eq!(
        render::render_svg(map, &scene.clone().in_lang(Lang::En)),
        en
    );
    let en_texts = legend_texts(&en);
    for w in [
        "g · Fall 1905 Movement",
        "results, and the board after them",
        "army",
        "fleet",
        "centre",
        "supports",
        "Germany",
        "4 centres, 6 units",
    ] {
        assert!(en_texts.iter().any(|t| t == w), "{w} in {en_texts:?}");
    }

    let fr = render::render_svg(map, &scene.clone().in_lang(Lang::Fr));
    let fr_texts = legend_texts(&fr);
    for w in [
        "g · Automne 1905 Mouvements",
        "résultats, et le plateau qui en résulte",
        "armée",
        "flotte",
        "centre",
        "soutient",
        "délogée",
        "Allemagne",
        "Angleterre",
        "4 centres, 6 unités",
    ] {
        assert!(fr_texts.iter().any(|t| t == w), "{w} in {fr_texts:?}");
    }
    let de = render::render_svg(map, &scene.clone().in_lang(Lang::De));
    let de_texts = legend_texts(&de);
    for w in [
        "g · Herbst 1905 Bewegung",
        "Ergebnisse und die Stellung danach",
        "Armee",
        "Flotte",
        "Versorgungszentrum",
        "unterstützt",
        "vertrieben",
        "Deutschland",
        "Österreich",
        "4 Zentren, 6 Einheiten",
    ] {
        assert!(de_texts.iter().any(|t| t == w), "{w} in {de_texts:?}");
    }
    for (lang, texts) in [("fr", &fr_texts), ("de", &de_texts)] {
        for t in texts.iter() {
            for w in ENGLISH_WORDS {
                assert!(!t.contains(w), "{lang}: English `{w}` in `{t}`");
            }
        }
    }
    // Only the words differ: the board is drawn the same.
    let board = |svg: &str| svg.split("<g id=\"title\"").next().unwrap().to_string();
    assert_eq!(board(&fr), board(&en));
    assert_eq!(board(&de), board(&en));
}

#[test]
fn the_png_of_each_language_is_its_own_and_english_stays_the_same() {
    let r = run("fixtures/spring-1901.toml");
    let orders = r.adjudicated_orders();
    let scene = Scene::adjudicated("g", &r.scenario.position, &orders, &r.adjudication);
    let map = r.scenario.map;
    let en = render::render_png(map, &scene, render::MAIL_WIDTH).unwrap();
    let fr = render::render_png(map, &scene.clone().in_lang(Lang::Fr), render::MAIL_WIDTH).unwrap();
    let de = render::render_png(map, &scene.clone().in_lang(Lang::De), render::MAIL_WIDTH).unwrap();
    assert_ne!(fr, en);
    assert_ne!(de, en);
    assert_ne!(de, fr);
    // The outlines are kept per text, so the languages live side by side
    // in one process: each picture drawn again is the same.
    assert_eq!(
        render::render_png(map, &scene, render::MAIL_WIDTH).unwrap(),
        en
    );
    assert_eq!(
        render::render_png(map, &scene.clone().in_lang(Lang::Fr), render::MAIL_WIDTH).unwrap(),
        fr
    );
}

#[test]
fn the_outlines_cover_french_and_german_letters() {
    for weight in [Weight::Regular, Weight::Bold] {
        for (letter, base) in [
            ("é", "e"),
            ("è", "e"),
            ("ê", "e"),
            ("à", "a"),
            ("â", "a"),
            ("ç", "c"),
            ("ô", "o"),
            ("û", "u"),
            ("ù", "u"),
            ("î", "i"),
            ("ï", "i"),
            ("ë", "e"),
            ("ü", "u"),
            ("ö", "o"),
            ("ä", "a"),
            ("ß", "s"),
            ("É", "E"),
            ("È", "E"),
            ("À", "A"),
            ("Ç", "C"),
            ("Ü", "U"),
            ("Ö", "O"),
            ("Ä", "A"),
            ("œ", "o"),
            ("«", "<"),
            ("»", ">"),
            ("·", "."),
        ] {
            let d = render::outline(letter, "13", weight);
            assert!(d.starts_with('M'), "{letter} ({weight:?}) has no outline");
            assert_ne!(
                d,
                render::outline(base, "13", weight),
                "{letter} ({weight:?}) is drawn as {base}"
            );
        }
    }
}
