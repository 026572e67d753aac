//! No function in `src/` runs past 150 lines (issue 25 item 5): a long
//! function is cut along its steps. This reads the sources as text, counts
//! each function from its `fn` line to its closing brace (tests left out),
//! and names every one over the limit.

use crate::support::source_scan;

use source_scan::{scan, sources};

/// The most lines a function may take.
const LIMIT: usize = 150;

/// Functions over the limit that other slices are cutting in this round
/// (`notices` owns src/game, `reasons` src/engine/adjudicate and espionage,
/// `render` and `ingest` their hot paths), as (file, function). The lead
/// empties this list after the merge; it may only shrink: an entry that is
/// no longer over the limit fails the test until it is taken off.
const ALLOWED: &[(&str, &str)] = &[];

/// Every function over the limit: (file, function, first line, lines).
fn long_functions() -> Vec<(String, String, usize, usize)> {
    let mut out = Vec::new();
    for (path, text) in sources() {
        for (name, line, len) in scan(&text).functions() {
            if len > LIMIT {
                out.push((path.clone(), name, line, len));
            }
        }
    }
    out
}

#[test]
fn no_function_in_src_runs_past_150_lines() {
    let long = long_functions();
    let broken: Vec<String> = long
        .iter()
        .filter(|(p, n, ..)| !ALLOWED.contains(&(p.as_str(), n.as_str())))
        .map(|(p, n, line, len)| format!("{p}:{line}: `{n}` has {len} lines"))
        .collect();
    let stale: Vec<_> = ALLOWED
        .iter()
        .filter(|(p, n)| !long.iter().any(|l| l.0 == *p && l.1 == *n))
        .collect();
    assert!(
        broken.is_empty(),
        "functions over {LIMIT} lines; cut them along their steps:\n{}",
        broken.join("\n")
    );
    assert!(
        stale.is_empty(),
        "these are no longer over {LIMIT} lines; take them off ALLOWED: {stale:?}"
    );
}

#[test]
fn the_length_check_measures_a_function_to_its_closing_brace() {
    let body = "    let x = \"}\";\n    let c = '{';\n".repeat(4);
    let text = format!(
        "/// doc\npub(crate) fn outer<'a>(s: &'a str) -> usize {{\n{body}    0\n}}\n\
         trait T {{ fn bare(&self); }}\n#[cfg(test)]\nmod tests {{ fn hidden() {{}} }}\n"
    );
    let fns = scan(&text).functions();
    assert_eq!(fns, [("outer".to_string(), 2, 11)]);
}
