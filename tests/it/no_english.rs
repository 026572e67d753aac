//! No language fixed and no English word handed over in the game, judge
//! and mail layers (issue 35 item 2): they pass typed values and the
//! reader's language, and `src/text` puts them into words. This reads
//! `src/game`, `src/judge` and `src/mail` as text (test code left out) and
//! names every line that
//!
//! - names a language: `Lang::En` (or `Lang::Fr`, `Lang::De`). Texts only
//!   the judge reads (the secret log, the judge's command line, the
//!   announcement's own copy of a picture) go through
//!   `crate::text::JUDGE_ONLY` (in the game layer, which names no words,
//!   its `game::Words::judge_lang`), the one named path for them;
//! - words a reason in English whatever the reader (`reason::en(`);
//! - hands a catalogue argument an English word: `.str("what", "vote")`,
//!   where the value is a literal with letters in it (the few literals that
//!   are no words a reader reads are listed in [`NOT_WORDS`], each with why);
//! - passes a literal where a game function takes what a player did
//!   (`check_playing(c, &l, &pname, "vote")`: the action is typed).

use crate::support::source_scan;

use source_scan::{Scanned, scan, sources};

/// The layers that hand values to `src/text` and never word them.
const LAYERS: &[&str] = &["src/game/", "src/judge/", "src/mail/"];

/// Literal argument values that are no word a reader reads: `(name,
/// value, why)`.
const NOT_WORDS: &[(&str, &str, &str)] = &[
    (
        "command",
        "JOIN",
        "a command word, which stays English in every language (docs/languages.md \"What is translated\")",
    ),
    (
        "what",
        "power",
        "a Fluent selector choosing the message's variant, never shown",
    ),
    (
        "what",
        "master",
        "a Fluent selector choosing the message's variant, never shown",
    ),
];

/// Calls whose arguments name what a player did, typed.
const TYPED_CALLS: &[&str] = &["check_playing("];

/// Every offence in one scanned source, with its line.
fn offences(s: &Scanned) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in s.code_lines() {
        for lang in ["Lang::En", "Lang::Fr", "Lang::De"] {
            let mut from = 0;
            while let Some(i) = line[from..].find(lang) {
                let end = from + i + lang.len();
                let next = line[end..].chars().next();
                if !next.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    out.push((n, format!("`{lang}`: pass the reader's language (or text::JUDGE_ONLY, in the game judge_lang(), for a judge-only text)")));
                }
                from = end;
            }
        }
        if line.contains("reason::en(") {
            out.push((
                n,
                "`reason::en(`: word the reason in the reader's language".into(),
            ));
        }
    }
    let code = s.code.as_str();
    let literal_at = |at: usize| s.literals.iter().find(|l| l.at == at);
    // `.str("name", "value")`: a literal value with letters in it.
    let mut from = 0;
    while let Some(i) = code[from..].find(".str(") {
        let open = from + i + ".str(".len();
        from = open;
        if s.in_test(open) {
            continue;
        }
        let rest = &code[open..];
        let skip = |t: &str| t.len() - t.trim_start().len();
        let a = open + skip(rest);
        if !code[a..].starts_with("\"\"") {
            continue;
        }
        let after = a + 2 + skip(&code[a + 2..]);
        if !code[after..].starts_with(',') {
            continue;
        }
        let b = after + 1 + skip(&code[after + 1..]);
        if !code[b..].starts_with("\"\"") {
            continue;
        }
        let after_b = b + 2 + skip(&code[b + 2..]);
        if !code[after_b..].starts_with(')') {
            continue;
        }
        let (Some(name), Some(value)) = (literal_at(a), literal_at(b)) else {
            continue;
        };
        let has_letters = value.text.chars().any(|c| c.is_alphabetic());
        let listed = NOT_WORDS
            .iter()
            .any(|(k, v, _)| *k == name.text && *v == value.text);
        if has_letters && !listed {
            out.push((
                s.line_of(b),
                format!(
                    "`.str(\"{}\", \"{}\")`: an English word as a catalogue argument",
                    name.text, value.text
                ),
            ));
        }
    }
    // A literal among the arguments of a call that takes a typed action.
    for call in TYPED_CALLS {
        let mut from = 0;
        while let Some(i) = code[from..].find(call) {
            let open = from + i + call.len();
            from = open;
            if s.in_test(open) {
                continue;
            }
            let close = closing(code, open - 1);
            if let Some(l) = s.literals.iter().find(|l| l.at > open && l.at < close) {
                out.push((
                    s.line_of(l.at),
                    format!(
                        "`{call}` given the literal \"{}\": pass the typed value",
                        l.text
                    ),
                ));
            }
        }
    }
    out.sort();
    out
}

/// The offset of the `)` closing the `(` at `open`.
fn closing(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

#[test]
fn the_game_judge_and_mail_layers_fix_no_language_and_pass_no_english_word() {
    let mut broken = Vec::new();
    let mut read = 0;
    for (path, text) in sources() {
        if !LAYERS.iter().any(|l| path.starts_with(l)) {
            continue;
        }
        read += 1;
        for (line, what) in offences(&scan(&text)) {
            broken.push(format!("{path}:{line}: {what}"));
        }
    }
    assert!(read > 40, "expected the layers' sources, read {read}");
    assert!(
        broken.is_empty(),
        "words fixed outside src/text:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_check_catches_a_fixed_language_an_english_argument_and_an_untyped_action() {
    let lines =
        |text: &str| -> Vec<usize> { offences(&scan(text)).into_iter().map(|(n, _)| n).collect() };
    assert_eq!(
        lines("fn f() {\n    let t = render(crate::text::Lang::En, \"k\", &a);\n}"),
        [2]
    );
    assert_eq!(lines("fn f() { let l = Lang::De; }"), [1]);
    assert_eq!(
        lines("fn f() {\n    let a = Args::new()\n        .str(\"what\", \"vote\");\n}"),
        [3]
    );
    assert_eq!(
        lines("fn f() {\n    check_playing(c, &l, &pname, \"vote\")?;\n}"),
        [2]
    );
    assert_eq!(lines("fn f() { let e = text::reason::en(map, r); }"), [1]);
    // What is not an offence: the judge-only path, a variable value, a
    // listed selector, a catalogue key, a typed action, test code.
    assert!(lines("fn f() { render(text::JUDGE_ONLY, \"secret-x\", &a); }").is_empty());
    assert!(
        lines("fn f() { Args::new().str(\"game\", game).str(\"what\", \"master\"); }").is_empty()
    );
    assert!(lines("fn f() { check_playing(c, &l, &pname, Action::Vote)?; }").is_empty());
    assert!(lines("fn f() { let m = Lang::English; }").is_empty());
    assert!(
        lines("#[cfg(test)]\nmod tests {\n    fn t() { assert_eq!(x, Lang::En); }\n}").is_empty()
    );
}
