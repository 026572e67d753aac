//! The terms of the catalogues (`-judge`, `-deadline`, ...): every term an
//! entry uses is defined in its language, every language defines the
//! terms English defines, and a term called with a parameter
//! (`{ -judge(form: "of") }`) has that form: Fluent would otherwise fall
//! back to the term's default form without a word.

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use std::collections::{BTreeMap, BTreeSet};

/// A catalogue's source, from `src/text/<lang>.ftl` and its parts.
fn source(lang: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/text");
    let mut parts: Vec<_> = std::fs::read_dir(format!("{dir}/{lang}"))
        .expect("the catalogue's folder")
        .map(|e| e.expect("a file").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    parts.sort();
    let mut out = std::fs::read_to_string(format!("{dir}/{lang}.ftl")).expect("the main file");
    for p in parts {
        out.push('\n');
        out.push_str(&std::fs::read_to_string(p).expect("a part file"));
    }
    out
}

/// A use of a term: its name and its named parameters with their values.
type Use = (String, Vec<(String, String)>);

/// A term's parameters, each with the forms it selects from.
type Params = BTreeMap<String, BTreeSet<String>>;

fn pattern(p: &Pattern<&str>, uses: &mut Vec<Use>, params: &mut Params) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expression_walk(expression, uses, params);
        }
    }
}

fn expression_walk(e: &Expression<&str>, uses: &mut Vec<Use>, params: &mut Params) {
    match e {
        Expression::Select { selector, variants } => {
            if let InlineExpression::VariableReference { id } = selector {
                let keys = params.entry(id.name.to_string()).or_default();
                for v in variants {
                    keys.insert(match &v.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    });
                }
            }
            inline(selector, uses, params);
            for v in variants {
                pattern(&v.value, uses, params);
            }
        }
        Expression::Inline(i) => inline(i, uses, params),
    }
}

fn inline(i: &InlineExpression<&str>, uses: &mut Vec<Use>, params: &mut Params) {
    match i {
        InlineExpression::TermReference { id, arguments, .. } => {
            let named = arguments
                .iter()
                .flat_map(|a| &a.named)
                .map(|n| {
                    let value = match &n.value {
                        InlineExpression::StringLiteral { value } => value.to_string(),
                        other => format!("{other:?}"),
                    };
                    (n.name.name.to_string(), value)
                })
                .collect();
            uses.push((id.name.to_string(), named));
        }
        InlineExpression::Placeable { expression } => expression_walk(expression, uses, params),
        _ => {}
    }
}

/// The terms a catalogue defines, each with its parameters and the forms
/// each selects from, and every use of a term in it.
fn terms(source: &str) -> (BTreeMap<String, Params>, Vec<Use>) {
    let resource = fluent_syntax::parser::parse(source).expect("the catalogue parses");
    let mut defined = BTreeMap::new();
    let mut uses = Vec::new();
    for entry in &resource.body {
        let mut params = BTreeMap::new();
        match entry {
            Entry::Term(t) => {
                pattern(&t.value, &mut uses, &mut params);
                defined.insert(t.id.name.to_string(), params);
            }
            Entry::Message(m) => {
                let patterns = m.value.iter().chain(m.attributes.iter().map(|a| &a.value));
                for p in patterns {
                    pattern(p, &mut uses, &mut params);
                }
            }
            _ => {}
        }
    }
    (defined, uses)
}

/// Everything wrong with the terms of `lang` beside English's.
fn problems(lang: &str, text: &str, english: &str) -> Vec<String> {
    let (defined, uses) = terms(text);
    let (en_defined, _) = terms(english);
    let mut out = Vec::new();
    for name in en_defined.keys().filter(|n| !defined.contains_key(*n)) {
        out.push(format!("{lang} lacks the term -{name}"));
    }
    for (name, args) in &uses {
        let Some(params) = defined.get(name) else {
            out.push(format!("{lang} uses -{name}, which it does not define"));
            continue;
        };
        for (param, value) in args {
            if !params.get(param).is_some_and(|forms| forms.contains(value)) {
                out.push(format!(
                    "{lang} asks -{name} for {param}: {value}, which it lacks"
                ));
            }
        }
    }
    out
}

#[test]
fn every_term_used_is_defined_with_the_forms_asked_for() {
    let english = source("en");
    let mut all = Vec::new();
    for lang in ["en", "fr", "de"] {
        all.extend(problems(lang, &source(lang), &english));
    }
    assert!(all.is_empty(), "term problems:\n{}", all.join("\n"));
    // The shared vocabulary is there to be checked.
    let (defined, uses) = terms(&source("fr"));
    assert!(defined.contains_key("judge") && uses.iter().any(|(n, _)| n == "judge"));
}

#[test]
fn a_missing_term_or_form_is_caught() {
    let en = "-judge = judge\n-deadline = { $number ->\n   *[one] deadline\n    [other] deadlines\n}\na = the { -judge }, { -deadline(number: \"other\") }\n";
    assert!(problems("en", en, en).is_empty());
    let fr_lacks = "-deadline = { $number ->\n   *[one] date limite\n    [other] dates limites\n}\na = l'{ -judge }, { -deadline(number: \"other\") }\n";
    assert_eq!(
        problems("fr", fr_lacks, en),
        vec![
            "fr lacks the term -judge",
            "fr uses -judge, which it does not define"
        ]
    );
    let typo = en.replace("number: \"other\"", "number: \"others\"");
    assert_eq!(
        problems("en", &typo, en),
        vec!["en asks -deadline for number: others, which it lacks"]
    );
}
