//! Reading dipspy's own sources as text for the layering tests
//! (tests/it/engine_purity.rs, tests/it/long_functions.rs): a small lexer that
//! separates code from comments and string literals, marks `#[cfg(test)]`
//! items, and finds functions with their length.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One string literal of a source file.
#[derive(Debug, Clone)]
pub(crate) struct Literal {
    /// 1-based line where the literal opens.
    pub(crate) line: usize,
    /// Its text as written between the quotes (escapes left as written).
    pub(crate) text: String,
    /// Byte offset of its `""` placeholder in [`Scanned::code`].
    pub(crate) at: usize,
}

/// A source file with its comments removed and its string literals
/// emptied (each stays as `""`, so that offsets and lines still match).
#[derive(Debug)]
pub(crate) struct Scanned {
    pub(crate) code: String,
    pub(crate) literals: Vec<Literal>,
    /// Byte ranges of [`Scanned::code`] that belong to `#[cfg(test)]` items.
    pub(crate) tests: Vec<(usize, usize)>,
}

/// Every `.rs` file under `dir`, sorted.
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("source folder is readable") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// The crate's root folder.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path relative to the crate root, with `/` separators: `src/mail/inbox.rs`.
pub(crate) fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Every source file under `src/`, relative path and text.
pub(crate) fn sources() -> Vec<(String, String)> {
    let files = rust_files(&root().join("src"));
    assert!(
        files.len() > 50,
        "expected dipspy's sources, found {files:?}"
    );
    files
        .iter()
        .map(|f| {
            (
                relative(f),
                std::fs::read_to_string(f).expect("source is text"),
            )
        })
        .collect()
}

impl Scanned {
    /// 1-based line of a byte offset in [`Scanned::code`].
    pub(crate) fn line_of(&self, at: usize) -> usize {
        self.code[..at.min(self.code.len())].matches('\n').count() + 1
    }

    /// Whether a byte offset lies inside a `#[cfg(test)]` item.
    pub(crate) fn in_test(&self, at: usize) -> bool {
        self.tests.iter().any(|&(a, b)| a <= at && at < b)
    }

    /// The code lines (comments removed, literals emptied), 1-based, that
    /// are not test code.
    pub(crate) fn code_lines(&self) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut at = 0;
        for (n, line) in self.code.split('\n').enumerate() {
            if !self.in_test(at) {
                out.push((n + 1, line));
            }
            at += line.len() + 1;
        }
        out
    }

    /// Literals outside test code.
    pub(crate) fn live_literals(&self) -> impl Iterator<Item = &Literal> {
        self.literals.iter().filter(|l| !self.in_test(l.at))
    }

    /// The byte ranges of every call to one of `macros` (`name!(…)`,
    /// `name!{…}`, `name![…]`, with or without a path before the name).
    pub(crate) fn macro_calls(&self, macros: &[&str]) -> Vec<(usize, usize)> {
        let b = self.code.as_bytes();
        let mut out = Vec::new();
        for name in macros {
            let pat = format!("{name}!");
            let mut from = 0;
            while let Some(i) = self.code[from..].find(&pat) {
                let start = from + i;
                from = start + pat.len();
                if start > 0 && is_ident(b[start - 1]) {
                    continue;
                }
                let mut j = from;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && matches!(b[j], b'(' | b'[' | b'{') {
                    out.push((start, matching(b, j)));
                }
            }
        }
        out
    }

    /// Every function outside test code: name, first line, and length in
    /// lines from the `fn` line to its closing brace.
    pub(crate) fn functions(&self) -> Vec<(String, usize, usize)> {
        let b = self.code.as_bytes();
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(i) = self.code[from..].find("fn") {
            let start = from + i;
            from = start + 2;
            if (start > 0 && is_ident(b[start - 1])) || from >= b.len() || is_ident(b[from]) {
                continue;
            }
            let mut j = from;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            let name_start = j;
            while j < b.len() && is_ident(b[j]) {
                j += 1;
            }
            if j == name_start || self.in_test(start) {
                continue; // `fn(u8) -> u8`, a function pointer type
            }
            let name = self.code[name_start..j].to_string();
            // The body opens at the first `{` before any `;` (a trait
            // method without a body ends at its `;`).
            let Some(k) = self.code[j..].find(['{', ';']).map(|k| j + k) else {
                break;
            };
            if b[k] == b';' {
                continue;
            }
            let end = matching(b, k);
            let (first, last) = (self.line_of(start), self.line_of(end.saturating_sub(1)));
            out.push((name, first, last - first + 1));
        }
        out
    }
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The offset just past the bracket that closes the one at `open`.
fn matching(b: &[u8], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// Lexes one source text: comments dropped (their line breaks kept),
/// string literals emptied and collected, char literals blanked, and the
/// `#[cfg(test)]` items marked.
pub(crate) fn scan(text: &str) -> Scanned {
    let c: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut literals = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        code.push('\n');
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if ch == '"'
            || ((ch == 'r' || ch == 'b')
                && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
                && raw_or_byte_string(&c, i).is_some())
        {
            // A string: plain, byte (b"…"), raw (r"…", r#"…"#, br#"…"#).
            let (body_start, hashes, raw) = if ch == '"' {
                (i + 1, 0, false)
            } else {
                raw_or_byte_string(&c, i).expect("checked above")
            };
            let open_line = line;
            let mut j = body_start;
            let mut body = String::new();
            loop {
                if j >= c.len() {
                    break;
                }
                if !raw && c[j] == '\\' {
                    body.push(c[j]);
                    if let Some(&e) = c.get(j + 1) {
                        body.push(e);
                        if e == '\n' {
                            line += 1;
                        }
                    }
                    j += 2;
                    continue;
                }
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                if c[j] == '\n' {
                    line += 1;
                }
                body.push(c[j]);
                j += 1;
            }
            literals.push(Literal {
                line: open_line,
                text: body,
                at: code.len(),
            });
            code.push_str("\"\"");
            // Keep the line count of the code equal to the source's.
            for _ in open_line..line {
                code.push('\n');
            }
            i = j;
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\u{7f}') or a lifetime ('a).
            if next == Some('\\') {
                let mut j = i + 3;
                while j < c.len() && c[j] != '\'' {
                    j += 1;
                }
                code.push_str("' '");
                i = j + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                code.push_str("' '");
                i += 3;
            } else {
                code.push('\'');
                i += 1;
            }
        } else {
            if ch == '\n' {
                line += 1;
            }
            code.push(ch);
            i += 1;
        }
    }
    let tests = test_items(&code);
    Scanned {
        code,
        literals,
        tests,
    }
}

/// At `i`, an `r"`, `r#"`, `b"`, `br"` or `br#"` opening: where the body
/// starts, how many `#`, and whether it is raw.
fn raw_or_byte_string(c: &[char], i: usize) -> Option<(usize, usize, bool)> {
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
        if c.get(j) == Some(&'"') {
            return Some((j + 1, 0, false));
        }
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((j + 1, hashes, true))
}

/// The byte ranges of items under `#[cfg(test)]`: from the attribute to
/// the end of the item's braces (or its `;`).
fn test_items(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("#[cfg(test)]") {
        let start = from + i;
        let after = start + "#[cfg(test)]".len();
        let end = match code[after..].find(['{', ';']).map(|k| after + k) {
            Some(k) if b[k] == b'{' => matching(b, k),
            Some(k) => k + 1,
            None => b.len(),
        };
        out.push((start, end));
        from = end.max(after);
    }
    out
}
