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
pub(super) fn problems(english: &str, tag: &str, other: &str) -> Vec<String> {
    let en = match messages(english) {
        Ok(m) => m,
        Err(e) => return vec![format!("en.ftl does not parse: {e}")],
    };
    let tr = match messages(other) {
        Ok(m) => m,
        Err(e) => return vec![format!("{tag}.ftl does not parse: {e}")],
    };
    let en_forms = forms(english);
    let tr_forms = forms(other);
    let mut out = Vec::new();
    for term in terms(english).difference(&terms(other)) {
        out.push(format!("{tag}.ftl lacks the term `-{term}`"));
    }
    for (key, vars) in &en {
        match tr.get(key) {
            None => out.push(format!("{tag}.ftl lacks `{key}`")),
            // Each language's forms of a power's name, from its own grammar.
            Some(_) if key == crate::text::powers::FORMS => {}
            Some(theirs) => {
                let vars = &as_names(vars, &en_forms);
                let theirs = &as_names(theirs, &tr_forms);
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

/// The forms of a power's or a phase's name a catalogue makes (the
/// attributes of its `power-forms` and `phase-name`: `of`, `the`, ...).
fn forms(source: &str) -> BTreeSet<String> {
    let Ok(resource) = fluent_syntax::parser::parse(source) else {
        return BTreeSet::new();
    };
    resource
        .body
        .iter()
        .filter_map(|e| match e {
            Entry::Message(m)
                if [crate::text::powers::FORMS, "phase-name"].contains(&m.id.name) =>
            {
                Some(m.attributes.iter().map(|a| a.id.name.to_string()))
            }
            _ => None,
        })
        .flatten()
        .collect()
}

/// The power terms of a catalogue (`power-france`, ...).
fn terms(source: &str) -> BTreeSet<String> {
    crate::text::powers::parse_terms(source)
        .into_keys()
        .collect()
}

/// A message's variables with a power's forms (`$power_of`) counted as the
/// power (`$power`): a translation may name a power in the form its
/// grammar needs where English names it bare.
fn as_names(vars: &BTreeSet<String>, forms: &BTreeSet<String>) -> BTreeSet<String> {
    vars.iter()
        .map(|v| match v.rsplit_once('_') {
            Some((name, form)) if forms.contains(form) => name.to_string(),
            _ => v.clone(),
        })
        .collect()
}

/// Keys given in more than one of a catalogue's files (name, text).
pub(super) fn given_twice(files: &[(&str, &str)]) -> Vec<String> {
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

    /// Words a catalogue says through one of its terms, and the other
    /// words for the same thing it must not use beside it: (language, the
    /// other words, the term). A reader of one language meets one name for
    /// a thing in every mail.
    const ONE_NAME: &[(Lang, &str, &str)] = &[
        (Lang::Fr, "rapport d'espion", "-spy-report"),
        (Lang::Fr, "rapports d'espions", "-spy-report"),
    ];

    /// The lines of `source` outside comments that use `other` words.
    fn other_names(source: &str, other: &str) -> Vec<String> {
        source
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .filter(|l| {
                // As whole words: `rapport d'espion` is not in
                // `rapport d'espionnage`.
                let l = l.to_lowercase();
                l.match_indices(other).any(|(at, w)| {
                    !l[at + w.len()..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphabetic)
                })
            })
            .map(|l| l.trim().to_string())
            .collect()
    }

    #[test]
    fn a_thing_has_one_name_in_a_language() {
        for (lang, other, term) in ONE_NAME {
            let source = crate::text::source(*lang);
            assert!(
                source.contains(&format!("\n{term} =")),
                "{term} in {lang:?}"
            );
            let found = other_names(source, other);
            assert!(
                found.is_empty(),
                "{lang:?} says `{other}` where it says {term} elsewhere:\n{}",
                found.join("\n")
            );
        }
    }

    #[test]
    fn another_name_for_a_thing_is_caught() {
        let source = "-spy-report = rapport d'espionnage\n# rapports d'espions\nx = les rapports d'espions sont partis\n";
        assert_eq!(
            other_names(source, "rapports d'espions"),
            ["x = les rapports d'espions sont partis"]
        );
        assert!(other_names("x = rapports d'espionnage\n", "rapport d'espion").is_empty());
    }

    #[test]
    fn no_key_is_given_twice() {
        for &lang in Lang::ALL {
            let twice = given_twice(crate::text::files(lang));
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
        let english = crate::text::source(Lang::En);
        let mut all = Vec::new();
        for &lang in Lang::ALL {
            all.extend(problems(english, lang.tag(), crate::text::source(lang)));
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
    fn a_power_in_the_form_its_grammar_needs_is_the_same_placeable() {
        let en = "power-forms = { $name }\n    .start = { $name }\n-power-france = France\nv = { $power } votes\n";
        let fr = "power-forms = { $name }\n    .of = de { $name }\n    .start = { $name }\n-power-france = France\nv = vote { $power_of }\n";
        assert_eq!(problems(en, "fr", fr), Vec::<String>::new());
        let unknown_form = fr.replace("$power_of", "$power_dat");
        assert_eq!(
            problems(en, "fr", &unknown_form),
            vec![
                "fr.ftl `v` drops { $power }",
                "fr.ftl `v` invents { $power_dat }"
            ]
        );
        let no_term = fr.replace("-power-france = France\n", "");
        assert_eq!(
            problems(en, "fr", &no_term),
            vec!["fr.ftl lacks the term `-power-france`"]
        );
    }

    #[test]
    fn the_judges_catalogue_parses_and_shares_no_key() {
        let judge = messages(include_str!("judge/en.ftl")).expect("judge/en.ftl parses");
        let main = messages(crate::text::source(Lang::En)).expect("en.ftl parses");
        let shared: Vec<_> = judge.keys().filter(|k| main.contains_key(*k)).collect();
        assert!(shared.is_empty(), "keys in both: {shared:?}");
        assert!(judge.keys().all(|k| k.starts_with("secret-")
            || k.starts_with("story-")
            || k.starts_with("mark-")));
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
