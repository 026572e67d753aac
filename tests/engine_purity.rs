//! The engine stays pure (issue 10, README "Layout"): nothing under
//! `src/engine/` may reach the clock, SQLite, mail, the network, the file
//! system or the game layer. This reads the engine's sources as text and
//! names every line that breaks the rule.

use std::path::{Path, PathBuf};

/// What the engine may not name, with the reason shown when it does.
const FORBIDDEN: &[(&str, &str)] = &[
    ("rusqlite", "SQLite belongs to `store`"),
    ("Utc::now", "the clock belongs to the caller"),
    ("Local::now", "the clock belongs to the caller"),
    ("SystemTime", "the clock belongs to the caller"),
    ("Instant::now", "the clock belongs to the caller"),
    (
        "std::fs",
        "files are read by the caller and handed over as text",
    ),
    (
        "File::open",
        "files are read by the caller and handed over as text",
    ),
    ("std::net", "the network belongs to `mail`"),
    ("tokio", "the network belongs to `mail`"),
    ("lettre", "mail belongs to `mail`"),
    ("mail_parser", "mail belongs to `mail`"),
    ("std::env", "settings come from the caller"),
    ("crate::store", "the engine may not call the store"),
    ("crate::game", "the engine may not call the game layer"),
    ("crate::mail", "the engine may not call the mail layer"),
    ("crate::judge", "the engine may not call the judge"),
    ("crate::cli", "the engine may not call the command line"),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/engine is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn engine_sources_touch_no_clock_sql_file_or_network() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(
        files.len() >= 8,
        "expected the engine's modules under {}, found {files:?}",
        root.display()
    );
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("engine source is text");
        for (line, word, why) in forbidden_in(&text) {
            broken.push(format!("{}:{line}: `{word}`: {why}", file.display()));
        }
    }
    assert!(
        broken.is_empty(),
        "the engine reaches out:\n{}",
        broken.join("\n")
    );
}

/// `use` paths with their groups spelled out: `std::{fs, env}` gives
/// `std::fs` and `std::env`, nested groups too.
fn expand_use(path: &str) -> Vec<String> {
    let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = path.find('{') else {
        return vec![path];
    };
    let (prefix, rest) = path.split_at(open);
    let inner = &rest[1..rest.rfind('}').unwrap_or(rest.len())];
    // Split the group at its top-level commas.
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            expand_use(p)
                .into_iter()
                .map(move |e| format!("{prefix}{e}"))
        })
        .collect()
}

/// Every forbidden word in a source text, with its line: in the code (not
/// in `//` comments), and in every `use` path with its groups spelled out
/// (a `use` may run over several lines).
fn forbidden_in(text: &str) -> Vec<(usize, &'static str, &'static str)> {
    let mut hits = Vec::new();
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    let mut n = 0;
    while n < lines.len() {
        let code = lines[n];
        for (word, why) in FORBIDDEN {
            if code.contains(word) {
                hits.push((n + 1, *word, *why));
            }
        }
        let trimmed = code.trim_start();
        let trimmed = trimmed.strip_prefix("pub ").unwrap_or(trimmed);
        if let Some(rest) = trimmed.strip_prefix("use ") {
            let mut stmt = rest.to_string();
            let first = n;
            while !stmt.contains(';') && n + 1 < lines.len() {
                n += 1;
                stmt.push_str(lines[n]);
            }
            let stmt = stmt.split(';').next().unwrap_or("");
            for path in expand_use(stmt) {
                for (word, why) in FORBIDDEN {
                    if path.contains(word) && !hits.iter().any(|h| h.0 == first + 1 && h.1 == *word)
                    {
                        hits.push((first + 1, *word, *why));
                    }
                }
            }
        }
        n += 1;
    }
    hits
}

#[test]
fn the_purity_check_catches_grouped_imports() {
    let words = |text: &str| -> Vec<&str> { forbidden_in(text).into_iter().map(|h| h.1).collect() };
    assert_eq!(words("use std::{fs, env};"), ["std::fs", "std::env"]);
    assert_eq!(
        words("use std::{\n    collections::BTreeMap,\n    net::{TcpStream, UdpSocket},\n};"),
        ["std::net"]
    );
    assert_eq!(
        words("use crate::{engine::map::Map, store::Store};"),
        ["crate::store"]
    );
    assert!(words("use std::{collections::BTreeMap, fmt};").is_empty());
}

#[test]
fn the_purity_check_catches_a_forbidden_word() {
    // The check above is only worth something if it can fail: the same
    // scan over a line that opens a file must report it.
    let line = "let text = std::fs::read_to_string(path)?;";
    let hits: Vec<_> = FORBIDDEN.iter().filter(|(w, _)| line.contains(w)).collect();
    assert_eq!(hits.len(), 1, "{hits:?}");
}
