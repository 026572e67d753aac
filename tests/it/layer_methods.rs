//! No module gives methods of its own to a type another module defines
//! (issue 36 item 2). A method added by the words layer to the game's
//! `Coded`, or to the command reader's `Expectation`, would let the layer
//! beneath call the words without naming them, which the path check of
//! `layers.rs` cannot see: the words layer words such a value through a
//! trait of its own (`text::Render`) or a standard one (`Display`), never
//! an inherent `impl`. This reads every source file, unit tests included,
//! finds each inherent `impl Type { … }`, and fails when `Type` is not
//! declared in the same top-level module.

use crate::support::source_scan::paths::module_of;
use crate::support::source_scan::{scan, sources};
use std::collections::{BTreeMap, BTreeSet};

/// The top-level module of a source file (`src/text/reason.rs` → `text`).
fn top(rel: &str) -> String {
    match rel {
        "src/lib.rs" => "lib".to_string(),
        "src/main.rs" => "main".to_string(),
        _ => module_of(rel).first().cloned().unwrap_or_default(),
    }
}

/// Whether `s` is nothing or a visibility (`pub`, `pub(crate)`,
/// `pub(in crate::web)`): what may stand before `struct` in a declaration.
fn visibility(s: &str) -> bool {
    s.is_empty() || s == "pub" || (s.starts_with("pub(") && s.ends_with(')'))
}

/// The identifier that starts `s` (after spaces).
fn ident(s: &str) -> &str {
    let s = s.trim_start();
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The rest of `s` after a balanced `<…>` at its start, if it has one.
fn after_generics(s: &str) -> &str {
    let t = s.trim_start();
    if !t.starts_with('<') {
        return t;
    }
    let mut depth = 0;
    for (i, c) in t.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return &t[i + 1..];
                }
            }
            _ => {}
        }
    }
    ""
}

/// The type names each top-level module declares.
type Declared = BTreeMap<String, BTreeSet<String>>;

/// An inherent `impl`: file, line, type name.
type Inherent = (String, usize, String);

/// The types each top-level module declares, and each inherent `impl`,
/// from source files (path, text).
fn read(files: &[(String, String)]) -> (Declared, Vec<Inherent>) {
    let mut declared = Declared::new();
    let mut impls = Vec::new();
    for (rel, text) in files {
        let module = top(rel);
        let scanned = scan(text);
        for (n, line) in scanned.code.split('\n').enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            for kw in ["struct", "enum", "union", "type", "trait"] {
                if let Some(i) = words.iter().position(|w| *w == kw) {
                    let name = ident(words.get(i + 1).copied().unwrap_or(""));
                    if !name.is_empty() && visibility(&words[..i].join(" ")) {
                        declared
                            .entry(module.clone())
                            .or_default()
                            .insert(name.to_string());
                    }
                }
            }
            let t = line.trim_start();
            let Some(rest) = t.strip_prefix("impl") else {
                continue;
            };
            if !(rest.starts_with(' ') || rest.starts_with('<')) {
                continue;
            }
            let head = after_generics(rest);
            let head = head.split('{').next().unwrap_or("");
            if head.contains(" for ") || head.trim().is_empty() {
                continue;
            }
            // The type's own name: the last segment of its path.
            let path = head.trim().split('<').next().unwrap_or("").trim();
            let name = path.rsplit("::").next().unwrap_or(path);
            let name = ident(name);
            if !name.is_empty() {
                impls.push((rel.clone(), n + 1, name.to_string()));
            }
        }
    }
    (declared, impls)
}

/// Inherent `impl`s of a type their module does not declare, one line each.
fn foreign(files: &[(String, String)]) -> Vec<String> {
    let (declared, impls) = read(files);
    impls
        .into_iter()
        .filter(|(rel, _, name)| !declared.get(&top(rel)).is_some_and(|d| d.contains(name)))
        .map(|(rel, line, name)| {
            format!("{rel}:{line}: `impl {name}` gives methods to a type of another module")
        })
        .collect()
}

#[test]
fn no_module_gives_methods_to_a_type_of_another() {
    let found = foreign(&sources());
    assert!(
        found.is_empty(),
        "word such a value through a trait of the module's own (as `text::Render`):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_method_given_to_another_modules_type_fails_the_check() {
    let files = |text_file: &str| {
        vec![
            (
                "src/game/coded.rs".to_string(),
                "pub struct Coded { key: String }\nimpl Coded {\n    fn new() {}\n}\n".to_string(),
            ),
            ("src/text/reason.rs".to_string(), text_file.to_string()),
        ]
    };
    let planted = foreign(&files(
        "use crate::game::Coded;\n// impl Coded { in a comment }\nimpl Coded {\n    pub fn render(&self) {}\n}\n",
    ));
    assert_eq!(
        planted,
        ["src/text/reason.rs:3: `impl Coded` gives methods to a type of another module"]
    );
    let generic = foreign(&files("impl<'a> crate::game::Coded<'a> {\n}\n"));
    assert_eq!(generic.len(), 1, "{generic:?}");
    // A trait's impl, and a type of the module's own, are not flagged.
    let fine = foreign(&files(
        "pub trait Render { fn render(&self); }\nimpl Render for crate::game::Coded {\n    fn render(&self) {}\n}\nstruct Mine;\nimpl Mine {}\npub(in crate::text) struct Near;\nimpl Near {}\n",
    ));
    assert!(fine.is_empty(), "{fine:?}");
}
