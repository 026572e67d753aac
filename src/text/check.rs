//! The catalogues checked against English (tests only).
//!
//! English (`en.ftl`) is the reference. Every other catalogue must parse,
//! have exactly English's keys, and use in each message exactly the
//! placeables (`{ $name }`) the English message uses: a translation that
//! drops `{ $unit }` would tell the player less than the English reader is
//! told, and one that invents `{ $count }` would render an error. Other
//! parts of dipspy add English keys as they go; this check is what makes
//! the translator add them too.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Each message's key with the variables it uses, or the parse errors.
fn messages(source: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let resource = fluent_syntax::parser::parse(source).map_err(|(_, errors)| {
        let lines: Vec<String> = errors
            .iter()
            .map(|e| {
                let line = source[..e.pos.start.min(source.len())]
                    .lines()
                    .count()
                    .max(1);
                format!("line {line}: {:?}", e.kind)
            })
            .collect();
        lines.join("; ")
    })?;
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            for a in &m.attributes {
                pattern_vars(&a.value, &mut vars);
            }
            out.insert(m.id.name.to_string(), vars);
        }
    }
    Ok(out)
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
            for a in &arguments.named {
                inline_vars(&a.value, vars);
            }
        }
        _ => {}
    }
}

/// What is wrong with catalogue `tag` (source `other`) against English
/// (source `english`): one line per problem, empty when it is complete.
pub fn problems(english: &str, tag: &str, other: &str) -> Vec<String> {
    let en = match messages(english) {
        Ok(m) => m,
        Err(e) => return vec![format!("en.ftl does not parse: {e}")],
    };
    let tr = match messages(other) {
        Ok(m) => m,
        Err(e) => return vec![format!("{tag}.ftl does not parse: {e}")],
    };
    let mut out = Vec::new();
    for (key, vars) in &en {
        match tr.get(key) {
            None => out.push(format!("{tag}.ftl lacks `{key}`")),
            Some(theirs) => {
                for v in vars.difference(theirs) {
                    out.push(format!("{tag}.ftl `{key}` drops {{ ${v} }}"));
                }
                for v in theirs.difference(vars) {
                    out.push(format!("{tag}.ftl `{key}` invents {{ ${v} }}"));
                }
            }
        }
    }
    for key in tr.keys().filter(|k| !en.contains_key(*k)) {
        out.push(format!("{tag}.ftl has `{key}`, which en.ftl lacks"));
    }
    out
}

/// Keys given in more than one of a catalogue's files (name, text).
pub fn given_twice(files: &[(&str, &str)]) -> Vec<String> {
    let mut seen = BTreeMap::new();
    let mut twice = Vec::new();
    for (file, text) in files {
        let Ok(keys) = messages(text) else {
            twice.push(format!("{file} does not parse"));
            continue;
        };
        for key in keys.into_keys() {
            if let Some(first) = seen.insert(key.clone(), *file) {
                twice.push(format!("`{key}` in {first} and {file}"));
            }
        }
    }
    twice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn no_key_is_given_twice() {
        for &lang in Lang::ALL {
            let twice = given_twice(lang.files());
            assert!(twice.is_empty(), "keys given twice:\n{}", twice.join("\n"));
        }
    }

    #[test]
    fn a_key_given_twice_is_caught() {
        let files = [
            ("en.ftl", "x = one\ny = two\n"),
            ("en/views.ftl", "x = again\n"),
        ];
        assert_eq!(given_twice(&files), vec!["`x` in en.ftl and en/views.ftl"]);
    }

    #[test]
    fn every_translation_has_every_key_and_placeable_of_english() {
        let english = Lang::En.source();
        let mut all = Vec::new();
        for &lang in Lang::ALL {
            all.extend(problems(english, lang.tag(), lang.source()));
        }
        assert!(all.is_empty(), "catalogue problems:\n{}", all.join("\n"));
    }

    const EN: &str =
        "a = { $unit } bounced\nb = { $n ->\n    [one] one line\n   *[other] { $n } lines\n}\n";

    #[test]
    fn a_complete_translation_passes() {
        let fr = "a = { $unit } bloquée\nb = { $n ->\n    [one] une ligne\n   *[other] { $n } lignes\n}\n";
        assert_eq!(problems(EN, "fr", fr), Vec::<String>::new());
    }

    #[test]
    fn a_missing_key_is_caught() {
        let fr = "a = { $unit } bloquée\n";
        assert_eq!(problems(EN, "fr", fr), vec!["fr.ftl lacks `b`"]);
    }

    #[test]
    fn an_extra_key_is_caught() {
        let de = "a = { $unit } abgeprallt\nb = { $n } Zeilen\nc = mehr\n";
        assert_eq!(
            problems(EN, "de", de),
            vec!["de.ftl has `c`, which en.ftl lacks"]
        );
    }

    #[test]
    fn a_dropped_or_invented_placeable_is_caught() {
        let de = "a = abgeprallt { $einheit }\nb = { $n } Zeilen\n";
        assert_eq!(
            problems(EN, "de", de),
            vec![
                "de.ftl `a` drops { $unit }",
                "de.ftl `a` invents { $einheit }"
            ]
        );
    }

    #[test]
    fn a_parse_error_is_caught() {
        let fr = "a = { $unit bloquée\nb = { $n } lignes\n";
        let found = problems(EN, "fr", fr);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].starts_with("fr.ftl does not parse: line 1"),
            "{found:?}"
        );
        assert!(problems("a = {", "fr", "a = x")[0].starts_with("en.ftl does not parse"));
    }
}
