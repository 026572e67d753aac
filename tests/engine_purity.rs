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
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (word, why) in FORBIDDEN {
                if code.contains(word) {
                    broken.push(format!("{}:{}: `{word}`: {why}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "the engine reaches out:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_purity_check_catches_a_forbidden_word() {
    // The check above is only worth something if it can fail: the same
    // scan over a line that opens a file must report it.
    let line = "let text = std::fs::read_to_string(path)?;";
    let hits: Vec<_> = FORBIDDEN.iter().filter(|(w, _)| line.contains(w)).collect();
    assert_eq!(hits.len(), 1, "{hits:?}");
}
