//! The paths a source file names, for the layer check (tests/layers.rs):
//! every `use` tree spelled out (groups, `self`, globs, `as` names), and
//! every path written in the code (`crate::x::f()`, `super::super::y`,
//! `rusqlite::params!`), resolved to where it leads: a module of the crate
//! (`crate`, then the modules) or an outside crate (`std`, `rusqlite`, …).
//! Comments, doc comments and string literals name nothing (the lexer of
//! [`super::scan`] removes them first).

use super::{Scanned, scan};

/// One path a file names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Named {
    /// 1-based line where the path (or its `use`) starts.
    pub(crate) line: usize,
    /// Where it leads: `["crate", "store", "Store"]`, `["rusqlite", "params"]`.
    pub(crate) path: Vec<String>,
    /// Whether it lies inside a `#[cfg(test)]` item.
    pub(crate) in_test: bool,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

/// The module path of a source file: `src/game/process.rs` is
/// `["game", "process"]`, `src/game/mod.rs` is `["game"]`, `src/lib.rs`
/// and `src/main.rs` the crate's root `[]`.
pub(crate) fn module_of(rel: &str) -> Vec<String> {
    let rel = rel.strip_prefix("src/").unwrap_or(rel);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(String::from).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn tokens(s: &Scanned) -> Vec<(Tok, usize)> {
    let c: Vec<char> = s.code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut byte = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_alphabetic() || ch == '_' {
            let start = byte;
            let mut word = String::new();
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                word.push(c[i]);
                byte += c[i].len_utf8();
                i += 1;
            }
            // A raw identifier: `r#use` is a name, not the keyword.
            if word == "r"
                && c.get(i) == Some(&'#')
                && c.get(i + 1).is_some_and(|n| n.is_alphabetic())
            {
                word = String::from("r#");
                byte += 1;
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    word.push(c[i]);
                    byte += c[i].len_utf8();
                    i += 1;
                }
            }
            out.push((Tok::Ident(word), start));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::Sep, byte));
            byte += 2;
            i += 2;
        } else {
            if !ch.is_whitespace() {
                out.push((Tok::Punct(ch), byte));
            }
            byte += ch.len_utf8();
            i += 1;
        }
    }
    out
}

fn ident(t: Option<&(Tok, usize)>) -> Option<&str> {
    match t {
        Some((Tok::Ident(w), _)) => Some(w),
        _ => None,
    }
}

/// A `use` tree from `at` (just past `use`): the paths it spells out, and
/// the index past its end.
fn use_tree(toks: &[(Tok, usize)], mut at: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix.to_vec();
    if matches!(toks.get(at), Some((Tok::Sep, _))) {
        at += 1; // `use ::std::fmt;`
    }
    loop {
        match toks.get(at) {
            Some((Tok::Ident(w), _)) => {
                path.push(w.clone());
                at += 1;
                match toks.get(at) {
                    Some((Tok::Sep, _)) => at += 1,
                    _ => {
                        if ident(toks.get(at)) == Some("as") {
                            at += 2;
                        }
                        if path.last().is_some_and(|l| l == "self") {
                            path.pop();
                        }
                        return (vec![path], at);
                    }
                }
            }
            Some((Tok::Punct('*'), _)) => {
                path.push("*".to_string());
                return (vec![path], at + 1);
            }
            Some((Tok::Punct('{'), _)) => {
                at += 1;
                let mut all = Vec::new();
                loop {
                    match toks.get(at) {
                        None => return (all, at),
                        Some((Tok::Punct('}'), _)) => return (all, at + 1),
                        Some((Tok::Punct(','), _)) => at += 1,
                        _ => {
                            let (more, next) = use_tree(toks, at, &path);
                            all.extend(more);
                            at = next.max(at + 1);
                        }
                    }
                }
            }
            _ => return (vec![path], at),
        }
    }
}

/// Where a path written in `module` leads: `crate::…`, `super::…` and
/// `self::…` made absolute (`["crate", …]`), an outside crate's path kept
/// as it is; None for a path relative to the module (its own items).
fn resolve(path: &[String], module: &[String], outside: &[&str]) -> Option<Vec<String>> {
    let first = path.first()?.as_str();
    let absolute = |base: Vec<String>, rest: &[String]| {
        let mut out = vec!["crate".to_string()];
        out.extend(base);
        out.extend(rest.iter().cloned());
        out
    };
    match first {
        "crate" | "$crate" | "dipspy" => Some(absolute(Vec::new(), &path[1..])),
        "self" => Some(absolute(module.to_vec(), &path[1..])),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            let base = module[..module.len().saturating_sub(ups)].to_vec();
            Some(absolute(base, &path[ups..]))
        }
        w if outside.contains(&w) => Some(path.to_vec()),
        _ if module.is_empty() => Some(absolute(Vec::new(), path)),
        _ => None,
    }
}

/// Every path a source file names, resolved (see [`Named`]). `rel` is the
/// file's path from the crate root (`src/game/process.rs`), which gives
/// the module that `super` and `self` start from; `outside` the names of
/// the outside crates (`std`, `rusqlite`, …).
pub(crate) fn named_paths(rel: &str, text: &str, outside: &[&str]) -> Vec<Named> {
    let s = scan(text);
    let toks = tokens(&s);
    let file_module = module_of(rel);
    let mut out = Vec::new();
    // Inline modules (`mod tests { … }`): their names and the depth of
    // braces at which each opened.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let module: Vec<String> = file_module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        let (tok, at) = &toks[i];
        let prev_sep = i > 0 && matches!(toks[i - 1].0, Tok::Sep);
        match tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some(name), Some((Tok::Punct('{'), _))) =
                    (ident(toks.get(i + 1)), toks.get(i + 2))
                {
                    inline.push((name.to_string(), depth));
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            Tok::Ident(w) if w == "use" && !prev_sep => {
                let (paths, next) = use_tree(&toks, i + 1, &[]);
                for p in paths {
                    if let Some(path) = resolve(&p, &module, outside) {
                        out.push(Named {
                            line: s.line_of(*at),
                            path,
                            in_test: s.in_test(*at),
                        });
                    }
                }
                i = next.max(i + 1);
                continue;
            }
            Tok::Ident(w) if !prev_sep && matches!(toks.get(i + 1), Some((Tok::Sep, _))) => {
                let dollar = i > 0 && toks[i - 1].0 == Tok::Punct('$');
                let first = if dollar && w == "crate" {
                    "$crate".to_string()
                } else {
                    w.clone()
                };
                let mut path = vec![first];
                let mut j = i + 1;
                while matches!(toks.get(j), Some((Tok::Sep, _))) {
                    match ident(toks.get(j + 1)) {
                        Some(n) => {
                            path.push(n.to_string());
                            j += 2;
                        }
                        None => break, // `Vec::<u8>`, `f::<T>()`
                    }
                }
                // A relative path (`text::reason::f`, `Vec::new`) names
                // what the module already holds; only the crate's own
                // roots and outside crates are kept.
                let rooted = matches!(
                    path[0].as_str(),
                    "crate" | "$crate" | "self" | "super" | "dipspy"
                ) || outside.contains(&path[0].as_str());
                if rooted && let Some(path) = resolve(&path, &module, outside) {
                    out.push(Named {
                        line: s.line_of(*at),
                        path,
                        in_test: s.in_test(*at),
                    });
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}
