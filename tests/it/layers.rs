//! The layers the code cannot cross (issue 36 item 2), checked as
//! allow-lists: the table in `docs/architecture.md` gives, for every
//! top-level module of the library, the modules of dipspy it may name and
//! the outside crates it may name. This reads every source file, spells out
//! each `use` tree and each path written in the code (comments, doc
//! comments and strings name nothing), and names every path its module's
//! row does not allow, and every cycle between modules.
//!
//! The table keeps the rule itself: a module may name only modules of its
//! own layer or below that come before it in the table, so the allowed
//! names form no cycle; the engine names no other module. The drawing of
//! the layers in the same file shows the table's layers, and a test holds
//! the two equal. Crossings that remain (an upward name, kept until it is
//! taken out) are listed file by file in the same page; the list may only
//! shrink.

use crate::support::source_scan;

use source_scan::paths::{Named, module_of, named_paths};
use source_scan::{root, sources};
use std::collections::{BTreeMap, BTreeSet};

/// One row of the layer table: a module, its layer, what it may name.
#[derive(Debug, Clone)]
struct Row {
    module: String,
    layer: String,
    /// dipspy's modules it may name.
    may: Vec<String>,
    /// Outside crates (or parts of one: `std::fmt`) it may name.
    crates: Vec<String>,
}

/// A name across the layers that is still there, in one file.
#[derive(Debug, Clone)]
struct Crossing {
    from: String,
    to: String,
    file: String,
}

#[derive(Debug)]
struct Table {
    /// The layers, from the bottom up.
    layers: Vec<String>,
    /// The rows, in the table's order (from the bottom up).
    rows: Vec<Row>,
    crossings: Vec<Crossing>,
    /// The drawing's layers, from the top down, each with its modules.
    drawing: Vec<(String, Vec<String>)>,
}

const DOC: &str = "docs/architecture.md";

/// The names between backticks in a table cell (`–` for none).
fn names(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The cells of a Markdown table line, trimmed.
fn cells(line: &str) -> Vec<&str> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(str::trim).collect()
}

/// Reads the layer table, the crossings and the drawing from the page.
fn table(doc: &str) -> Table {
    let mut rows = Vec::new();
    let mut crossings = Vec::new();
    let mut drawing = Vec::new();
    let mut section = "";
    let mut in_drawing = false;
    for line in doc.lines() {
        if line.starts_with("<!-- layers:") {
            section = if line.contains("table") {
                "table"
            } else if line.contains("crossings") {
                "crossings"
            } else if line.contains("drawing") {
                "drawing"
            } else {
                ""
            };
            continue;
        }
        if section == "drawing" {
            if line.starts_with("```") {
                if in_drawing {
                    section = "";
                }
                in_drawing = !in_drawing;
                continue;
            }
            // `  words    text  report`: a layer's name, then its modules;
            // lines of arrows and boxes carry no name of their own.
            let words: Vec<&str> = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            if in_drawing && words.len() >= 2 {
                drawing.push((
                    words[0].to_string(),
                    words[1..].iter().map(|w| w.to_string()).collect(),
                ));
            }
            continue;
        }
        if !line.trim_start().starts_with("| `") {
            continue;
        }
        let c = cells(line);
        match section {
            "table" if c.len() == 4 => rows.push(Row {
                module: names(c[0]).concat(),
                layer: c[1].to_string(),
                may: names(c[2]),
                crates: names(c[3]),
            }),
            "crossings" if c.len() == 4 => crossings.push(Crossing {
                from: names(c[0]).concat(),
                to: names(c[1]).concat(),
                file: names(c[2]).concat(),
            }),
            _ => panic!("{DOC}: a table line of the wrong shape: {line}"),
        }
    }
    let mut layers: Vec<String> = Vec::new();
    for r in &rows {
        if !layers.contains(&r.layer) {
            layers.push(r.layer.clone());
        }
    }
    Table {
        layers,
        rows,
        crossings,
        drawing,
    }
}

fn the_table() -> Table {
    let doc = std::fs::read_to_string(root().join(DOC)).expect("docs/architecture.md is readable");
    table(&doc)
}

/// The outside crates dipspy may name at all: the standard library's and
/// those of `Cargo.toml` (dev-dependencies too, for unit tests).
fn outside_crates() -> Vec<String> {
    let toml = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let mut out = vec!["std".to_string(), "core".to_string(), "alloc".to_string()];
    let mut on = false;
    for line in toml.lines() {
        if line.starts_with('[') {
            on = line == "[dependencies]" || line == "[dev-dependencies]";
            continue;
        }
        if on && let Some((name, _)) = line.split_once('=') {
            let name = name.trim();
            if !name.is_empty() && !name.starts_with('#') {
                out.push(name.replace('-', "_"));
            }
        }
    }
    out
}

/// The top-level module a source file belongs to (`src/main.rs` is the
/// program, `main`); None for the library's root.
fn top_of(rel: &str) -> Option<String> {
    match rel {
        "src/lib.rs" => None,
        "src/main.rs" => Some("main".to_string()),
        _ => module_of(rel).first().cloned(),
    }
}

/// What the check finds.
#[derive(Debug, Default)]
struct Found {
    /// Names a module's row does not allow, one line each.
    broken: Vec<String>,
    /// Cycles between modules (crossings left out).
    cycles: Vec<String>,
    /// Crossings no file makes any more, and what a row allows that no
    /// file of its module names.
    stale: Vec<String>,
}

/// Runs the check over source files (path from the crate root, text).
fn check(files: &[(String, String)], t: &Table) -> Found {
    let outside = outside_crates();
    let outside: Vec<&str> = outside.iter().map(String::as_str).collect();
    let mut found = Found::default();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut used = BTreeSet::new();
    let mut allowed_used = BTreeSet::new();
    for (rel, text) in files {
        let Some(top) = top_of(rel) else { continue };
        let Some(row) = t.rows.iter().find(|r| r.module == top) else {
            found
                .broken
                .push(format!("{rel}: module `{top}` has no row in {DOC}"));
            continue;
        };
        for Named {
            line,
            path,
            in_test,
        } in named_paths(rel, text, &outside)
        {
            let line = if in_test {
                format!("{line} (test code)")
            } else {
                line.to_string()
            };
            let shown = path.join("::");
            if path[0] == "crate" {
                let Some(target) = path.get(1) else { continue };
                if *target == top {
                    continue;
                }
                if target == "*" {
                    found.broken.push(format!(
                        "{rel}:{line}: `{shown}`: `{top}` may not name every module unnamed; name what is used"
                    ));
                    continue;
                }
                if row.may.contains(target) {
                    edges.entry(top.clone()).or_default().insert(target.clone());
                    allowed_used.insert((top.clone(), target.clone()));
                    continue;
                }
                if let Some(k) = t
                    .crossings
                    .iter()
                    .position(|c| c.from == top && c.to == *target && c.file == *rel)
                {
                    used.insert(k);
                    continue;
                }
                edges.entry(top.clone()).or_default().insert(target.clone());
                found.broken.push(format!(
                    "{rel}:{line}: `{shown}`: `{top}` may not name `{target}` (it may name: {})",
                    shown_list(&row.may)
                ));
            } else {
                let allowed = row.crates.iter().find(|c| {
                    let c: Vec<&str> = c.split("::").collect();
                    c.len() <= path.len() && c.iter().zip(&path).all(|(a, b)| a == b)
                });
                if let Some(c) = allowed {
                    allowed_used.insert((top.clone(), c.clone()));
                }
                let allowed = allowed.is_some();
                if !allowed {
                    found.broken.push(format!(
                        "{rel}:{line}: `{shown}`: `{top}` may not name the crate `{}`",
                        path[0]
                    ));
                }
            }
        }
    }
    // One line for each file, line and module or crate named.
    found.broken.dedup_by(|a, b| {
        let key = |s: &str| {
            let (at, rest) = s.split_once(": `").unwrap_or((s, ""));
            let named = rest.split("may not name ").nth(1).unwrap_or("").to_string();
            (at.to_string(), named)
        };
        key(a) == key(b)
    });
    found.cycles = cycles(&edges);
    // The table says what is named today, no more: a module or crate a
    // row allows and no file of it names is taken off.
    let scanned: BTreeSet<String> = files.iter().filter_map(|(rel, _)| top_of(rel)).collect();
    for r in t.rows.iter().filter(|r| scanned.contains(&r.module)) {
        for name in r.may.iter().chain(&r.crates) {
            if !allowed_used.contains(&(r.module.clone(), name.clone())) {
                found.stale.push(format!(
                    "`{}` names no `{name}` any more; take it off its row in {DOC}",
                    r.module
                ));
            }
        }
    }
    for (k, c) in t.crossings.iter().enumerate() {
        if !used.contains(&k) {
            found.stale.push(format!(
                "{}: `{}` no longer names `{}`; take it off the crossings in {DOC}",
                c.file, c.from, c.to
            ));
        }
    }
    found
}

fn shown_list(v: &[String]) -> String {
    if v.is_empty() {
        "nothing".to_string()
    } else {
        v.join(", ")
    }
}

/// Every cycle of a graph, each written once from its smallest module:
/// `game -> text -> game`.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = BTreeSet::new();
    fn walk(
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        out: &mut BTreeSet<String>,
    ) {
        let last = path.last().expect("a path has a start").clone();
        for next in edges.get(&last).into_iter().flatten() {
            if *next == path[0] {
                let mut c = path.clone();
                c.push(next.clone());
                out.insert(c.join(" -> "));
            } else if !path.contains(next) && *next > path[0] {
                path.push(next.clone());
                walk(edges, path, out);
                path.pop();
            }
        }
    }
    for start in edges.keys() {
        walk(edges, &mut vec![start.clone()], &mut out);
    }
    out.into_iter().collect()
}

#[test]
fn every_module_names_only_what_its_row_allows() {
    let t = the_table();
    let found = check(&sources(), &t);
    assert!(
        found.broken.is_empty() && found.cycles.is_empty() && found.stale.is_empty(),
        "names the layer table does not allow ({DOC}):\n{}\n\
         cycles between modules:\n{}\n\
         in the table but gone from the code:\n{}",
        found.broken.join("\n"),
        found.cycles.join("\n"),
        found.stale.join("\n")
    );
}

#[test]
fn every_module_of_the_library_has_a_row() {
    let t = the_table();
    let mut modules: BTreeSet<String> = sources()
        .iter()
        .filter_map(|(rel, _)| top_of(rel))
        .collect();
    modules.insert("main".to_string());
    let rows: BTreeSet<String> = t.rows.iter().map(|r| r.module.clone()).collect();
    assert_eq!(rows, modules, "the rows of {DOC} and the modules of src/");
    assert_eq!(t.rows.len(), rows.len(), "one row per module in {DOC}");
}

#[test]
fn the_table_keeps_the_layer_rule() {
    let t = the_table();
    let layer = |m: &str| {
        let r = t.rows.iter().find(|r| r.module == m);
        let r = r.unwrap_or_else(|| panic!("{DOC}: `{m}` has no row"));
        t.layers
            .iter()
            .position(|l| *l == r.layer)
            .expect("a layer")
    };
    let mut broken = Vec::new();
    for (i, r) in t.rows.iter().enumerate() {
        for m in &r.may {
            let before = t.rows[..i].iter().any(|e| e.module == *m);
            if !before {
                broken.push(format!(
                    "`{}` may name `{m}`, which is not a row above it (rows go from the bottom up)",
                    r.module
                ));
            } else if layer(m) > layer(&r.module) {
                broken.push(format!("`{}` may name `{m}`, a layer above it", r.module));
            }
        }
        if r.crates.iter().any(|c| c.starts_with("rusqlite")) && r.module != "store" {
            broken.push(format!(
                "`{}` may name rusqlite: only the store may",
                r.module
            ));
        }
    }
    // The engine names nothing outside itself: no module, and of the
    // standard library nothing that reaches the clock, files, the network
    // or the environment.
    let engine = t
        .rows
        .iter()
        .find(|r| r.module == "engine")
        .expect("engine");
    assert!(
        engine.may.is_empty(),
        "the engine may name {:?}",
        engine.may
    );
    for c in &engine.crates {
        let c = c.as_str();
        assert!(
            c != "std"
                && ![
                    "std::fs",
                    "std::net",
                    "std::env",
                    "std::time",
                    "std::process",
                    "std::io"
                ]
                .contains(&c),
            "the engine may name `{c}`"
        );
    }
    assert_eq!(t.layers.first().map(String::as_str), Some("engine"));
    // Layers are contiguous in the table: from the bottom up.
    let order: Vec<usize> = t.rows.iter().map(|r| layer(&r.module)).collect();
    assert!(
        order.windows(2).all(|w| w[0] <= w[1]),
        "rows out of layer order"
    );
    // A crossing names a module above (else it would be allowed).
    for c in &t.crossings {
        let row = t.rows.iter().find(|r| r.module == c.from).expect("a row");
        assert!(!row.may.contains(&c.to), "{c:?} is allowed by its row");
    }
    assert!(broken.is_empty(), "{DOC}:\n{}", broken.join("\n"));
}

#[test]
fn the_drawing_shows_the_tables_layers() {
    let t = the_table();
    let mut from_table: Vec<(String, Vec<String>)> = t
        .layers
        .iter()
        .rev()
        .map(|l| {
            let mut ms: Vec<String> = t
                .rows
                .iter()
                .filter(|r| r.layer == *l)
                .map(|r| r.module.clone())
                .collect();
            ms.sort();
            (l.clone(), ms)
        })
        .collect();
    let mut drawn = t.drawing.clone();
    for (_, ms) in drawn.iter_mut() {
        ms.sort();
    }
    from_table.retain(|(_, ms)| !ms.is_empty());
    assert_eq!(
        drawn, from_table,
        "the drawing in {DOC} (layers from the top down, each with its modules) and its table"
    );
}

// ---------------------------------------------------------------------
// The check fails on what it is there to catch: planted files, run
// through the same scanner and the same table.
// ---------------------------------------------------------------------

fn planted(files: &[(&str, &str)]) -> Found {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    check(&files, &the_table())
}

#[test]
fn rusqlite_in_mail_fails_the_check() {
    let f = planted(&[(
        "src/mail/planted.rs",
        "use std::fmt;\nuse rusqlite::{Connection, params};\nfn f(c: &Connection) {}\n",
    )]);
    assert_eq!(
        f.broken,
        ["src/mail/planted.rs:2: `rusqlite::Connection`: `mail` may not name the crate `rusqlite`"]
    );
    // In an expression, with no `use`, and by a grouped path.
    let f = planted(&[(
        "src/mail/planted.rs",
        "fn f() {\n    let c = rusqlite::Connection::open_in_memory();\n}\n",
    )]);
    assert_eq!(f.broken.len(), 1, "{:?}", f.broken);
    assert!(
        f.broken[0].starts_with("src/mail/planted.rs:2: "),
        "{:?}",
        f.broken
    );
    // The store may.
    let f = planted(&[("src/store/planted.rs", "use rusqlite::Connection;\n")]);
    assert!(f.broken.is_empty(), "{:?}", f.broken);
}

#[test]
fn crate_files_in_the_engine_fails_the_check() {
    for text in [
        "use crate::files::read_text_bounded;",
        "use crate::{engine::map::Map, files};",
        "use crate::{\n    files::{self, MAX_MAP_BYTES},\n};",
        "fn f() { let t = crate::files::read_text_bounded(p, 9, \"x\"); }",
        "use super::super::super::files;",
        "use super::super::super::*;",
    ] {
        let f = planted(&[("src/engine/map/planted.rs", text)]);
        assert_eq!(f.broken.len(), 1, "{text}: {:?}", f.broken);
        assert!(
            f.broken[0].contains("`engine` may"),
            "{text}: {:?}",
            f.broken
        );
    }
    // Of the standard library, no file, clock or environment either.
    for text in [
        "use std::fs;",
        "fn f() { std::time::Instant::now(); }",
        "use std::{env, fmt};",
    ] {
        let f = planted(&[("src/engine/planted.rs", text)]);
        assert_eq!(f.broken.len(), 1, "{text}: {:?}", f.broken);
    }
    // What the engine names of itself, of std it may use, and words in
    // comments, doc comments and strings, are not names.
    let f = planted(&[(
        "src/engine/map/planted.rs",
        "//! Read by [`crate::files`].\nuse super::Map;\nuse crate::engine::phase::Phase;\n\
         use std::collections::BTreeMap;\n/// `crate::files::read`\n\
         fn f() -> &'static str { \"crate::files::read\" }\n",
    )]);
    assert!(f.broken.is_empty(), "{:?}", f.broken);
}

#[test]
fn a_cycle_fails_the_check() {
    // The store naming the game layer, which names the store.
    let f = planted(&[
        ("src/game/planted.rs", "use crate::store::Store;\n"),
        (
            "src/store/planted.rs",
            "pub fn f() -> crate::game::GameError { todo!() }\n",
        ),
    ]);
    assert_eq!(f.cycles, ["game -> store -> game"], "{f:?}");
    assert_eq!(f.broken.len(), 1, "{:?}", f.broken);
    assert!(f.broken[0].starts_with("src/store/planted.rs:1: `crate::game::GameError`"));
    // And through a third module, with `super::` in an inline module.
    let f = planted(&[
        (
            "src/engine/planted.rs",
            "mod tests {\n    use super::super::super::text;\n}\n",
        ),
        ("src/text/planted.rs", "use crate::game::Loaded;\n"),
        ("src/game/planted.rs", "use crate::engine::map::Map;\n"),
    ]);
    assert_eq!(f.cycles, ["engine -> text -> game -> engine"], "{f:?}");
}

#[test]
fn the_check_reads_use_trees_and_paths() {
    let outside = ["std", "rusqlite", "serde"];
    let paths = |rel: &str, text: &str| -> Vec<String> {
        named_paths(rel, text, &outside)
            .into_iter()
            .map(|n| format!("{}:{}", n.line, n.path.join("::")))
            .collect()
    };
    assert_eq!(
        paths(
            "src/game/esp.rs",
            "use crate::{\n    store::{self, Store as S},\n    text::*,\n};\nuse super::loaded::Loaded;"
        ),
        [
            "1:crate::store",
            "1:crate::store::Store",
            "1:crate::text::*",
            "5:crate::game::loaded::Loaded"
        ]
    );
    assert_eq!(
        paths(
            "src/game/mod.rs",
            "use self::esp::X;\nuse esp::Y;\nfn f() { super::cli::run(); }"
        ),
        ["1:crate::game::esp::X", "3:crate::cli::run"]
    );
    assert_eq!(
        paths(
            "src/main.rs",
            "fn main() { std::process::exit(dipspy::cli::main()) }"
        ),
        ["1:std::process::exit", "1:crate::cli::main"]
    );
    // Not names: comments, strings, a path that only ends in `crate`'s
    // words, a method call, a relative path.
    assert!(
        paths(
            "src/game/esp.rs",
            "// crate::store\n/* rusqlite::x */\nlet s = \"crate::store\";\nx.store::<u8>();\nlet v = Vec::<std::fs::File>::new();"
        ) == ["5:std::fs::File"]
    );
}
