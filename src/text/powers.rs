//! Powers as each catalogue names them.
//!
//! A catalogue gives each power a term, `-power-<map name>`
//! (`-power-germany = Allemagne`), whose attributes carry its grammar:
//! French `.gender` (`feminine`, `masculine`) and `.elision` (`yes` when
//! the name begins with a vowel sound), German `.article` (`die` for
//! `Türkei`, `none` for `Frankreich`). Its message `power-forms` makes
//! from a name and those attributes each form the other messages ask
//! for, one attribute per form: French `.of` (`de la France`,
//! `de l'Allemagne`, `du Portugal`), `.the`, `.to`, `.as`, `.start`;
//! German `.the` (`die Türkei`), `.dat`, `.start`. A message names a power
//! as `{ $power }` and its forms as `{ $power_of }`, `{ $power_start }`
//! ([`super::Args::power`]). A power no term names (a map of a player's
//! own) is its map name with a capital and no grammar: every selector
//! takes its default, the bare name.

use super::{Args, Lang};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, OnceLock};

/// One power's term: its name and its grammar.
#[derive(Debug)]
pub(super) struct Term {
    pub(super) name: String,
    pub(super) grammar: Vec<(String, String)>,
}

/// The prefix of a power's term id, before the map's name of the power.
const PREFIX: &str = "power-";

/// The message that makes a power's forms.
pub(super) const FORMS: &str = "power-forms";

/// The id of power `key`'s term, without the leading `-`: `power-france`,
/// `power-british-columbia`.
fn term_id(key: &str) -> String {
    format!("{PREFIX}{}", key.trim().to_lowercase().replace(' ', "-"))
}

/// A pattern's plain text (a term's value or attribute is plain text).
fn plain_text(p: &fluent_syntax::ast::Pattern<&str>) -> String {
    p.elements
        .iter()
        .map(|e| match e {
            fluent_syntax::ast::PatternElement::TextElement { value } => *value,
            fluent_syntax::ast::PatternElement::Placeable { .. } => "",
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The power terms of a catalogue's source, by term id (`power-france`).
pub(super) fn parse_terms(source: &str) -> BTreeMap<String, Term> {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        if let fluent_syntax::ast::Entry::Term(t) = entry
            && t.id.name.starts_with(PREFIX)
        {
            let grammar = t
                .attributes
                .iter()
                .map(|a| (a.id.name.to_string(), plain_text(&a.value)))
                .collect();
            out.insert(
                t.id.name.to_string(),
                Term {
                    name: plain_text(&t.value),
                    grammar,
                },
            );
        }
    }
    out
}

/// The power terms of `lang`'s catalogue, parsed once.
pub(super) fn terms(lang: Lang) -> &'static BTreeMap<String, Term> {
    static EN: OnceLock<BTreeMap<String, Term>> = OnceLock::new();
    static FR: OnceLock<BTreeMap<String, Term>> = OnceLock::new();
    static DE: OnceLock<BTreeMap<String, Term>> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
        Lang::De => &DE,
    };
    cell.get_or_init(|| parse_terms(super::source(lang)))
}

/// Power `key`'s name in `lang`'s catalogue (`Allemagne` for `germany`),
/// if it has a term for it.
pub(crate) fn name(lang: Lang, key: &str) -> Option<&'static str> {
    terms(lang).get(&term_id(key)).map(|t| t.name.as_str())
}

/// Power `key` as `lang` shows it: its term's name, else the map's name
/// with a capital (`British Columbia`).
pub(crate) fn shown(lang: Lang, key: &str) -> String {
    name(lang, key)
        .map(str::to_string)
        .unwrap_or_else(|| crate::engine::capitalised(key))
}

/// Powers `keys` as `lang` shows them in a list, each in the form
/// `power-forms.list` gives where the catalogue has it (French: `la
/// France, l'Angleterre`), else by name (`Frankreich, Türkei`).
pub(crate) fn list(lang: Lang, keys: &[String]) -> String {
    keys.iter()
        .map(|k| {
            let forms = forms(lang, k);
            forms
                .iter()
                .find(|(f, _)| *f == Some("list"))
                .or_else(|| forms.first())
                .map(|(_, t)| t.clone())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every power name of `lang`'s catalogue.
pub(crate) fn all_names(lang: Lang) -> Vec<&'static str> {
    terms(lang).values().map(|t| t.name.as_str()).collect()
}

/// The names of the forms `lang`'s `power-forms` makes (`of`, `the`, ...).
fn form_names(lang: Lang) -> Vec<&'static str> {
    super::bundle(lang)
        .get_message(FORMS)
        .map(|m| m.attributes().map(|a| a.id()).collect())
        .unwrap_or_default()
}

/// Power `key` in `lang`: its name (form `None`) and each of its forms.
pub(super) fn forms(lang: Lang, key: &str) -> Vec<(Option<&'static str>, String)> {
    type Cache = Mutex<HashMap<String, Vec<(Option<&'static str>, String)>>>;
    static CACHES: OnceLock<[Cache; 3]> = OnceLock::new();
    let caches = CACHES.get_or_init(Default::default);
    let cache = &caches[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)];
    if let Ok(c) = cache.lock()
        && let Some(found) = c.get(key)
    {
        return found.clone();
    }
    let made = make_forms(lang, key);
    if let Ok(mut c) = cache.lock() {
        if c.len() > 1024 {
            c.clear();
        }
        c.insert(key.to_string(), made.clone());
    }
    made
}

fn make_forms(lang: Lang, key: &str) -> Vec<(Option<&'static str>, String)> {
    let all = terms(lang);
    let name = shown(lang, key);
    let mut args = Args::new().str("name", name.clone());
    // Every grammar attribute any term of the catalogue has, `none` where
    // this power's term has none: the selectors then take their default.
    let mut grammar: BTreeMap<&str, &str> = all
        .values()
        .flat_map(|t| t.grammar.iter().map(|(a, _)| (a.as_str(), "none")))
        .collect();
    if let Some(t) = all.get(&term_id(key)) {
        for (a, v) in &t.grammar {
            grammar.insert(a, v);
        }
    }
    for (a, v) in grammar {
        args = args.str(a.to_string(), v);
    }
    let mut out = vec![(None, name)];
    for form in form_names(lang) {
        out.push((
            Some(form),
            super::render(lang, &format!("{FORMS}.{form}"), &args),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::render;

    fn said(lang: Lang, key: &str, power: &str) -> String {
        render(lang, key, &Args::new().power("power", power))
    }

    #[test]
    fn french_forms_follow_gender_and_elision() {
        let forms = |key: &str| -> BTreeMap<&str, String> {
            forms(Lang::Fr, key)
                .into_iter()
                .map(|(f, t)| (f.unwrap_or("name"), t))
                .collect()
        };
        let fr = forms("france");
        assert_eq!(fr["name"], "France");
        assert_eq!(fr["of"], "de la France");
        assert_eq!(fr["the"], "la France");
        assert_eq!(fr["to"], "à la France");
        assert_eq!(fr["start"], "La France");
        let de = forms("germany");
        assert_eq!(de["name"], "Allemagne");
        assert_eq!(de["of"], "de l'Allemagne");
        assert_eq!(de["the"], "l'Allemagne");
        assert_eq!(de["start"], "L'Allemagne");
        let it = forms("italy");
        assert_eq!(it["as"], "qu'Italie");
        assert_eq!(forms("turkey")["as"], "que Turquie");
        let none = forms("carthage");
        assert_eq!(none["name"], "Carthage");
        assert_eq!(none["of"], "de Carthage");
        assert_eq!(none["the"], "Carthage");
    }

    #[test]
    fn german_forms_take_the_article_only_where_it_belongs() {
        let forms = |key: &str| -> BTreeMap<&str, String> {
            forms(Lang::De, key)
                .into_iter()
                .map(|(f, t)| (f.unwrap_or("name"), t))
                .collect()
        };
        assert_eq!(forms("turkey")["the"], "die Türkei");
        assert_eq!(forms("turkey")["dat"], "der Türkei");
        assert_eq!(forms("turkey")["start"], "Die Türkei");
        assert_eq!(forms("france")["the"], "Frankreich");
        assert_eq!(forms("france")["dat"], "Frankreich");
    }

    #[test]
    fn a_message_gets_the_power_in_the_readers_words() {
        let new = |lang| {
            render(
                lang,
                "notice-new-player.body",
                &Args::new().str("game", "g").power("shown", "turkey"),
            )
        };
        assert_eq!(
            new(Lang::Fr),
            "La Turquie a un nouveau joueur dans la partie g."
        );
        assert_eq!(
            new(Lang::De),
            "Die Türkei hat in der Partie g einen neuen Spieler."
        );
        assert_eq!(
            said(Lang::En, "engine-vote-eliminated", "germany"),
            "Germany has been eliminated"
        );
        assert_eq!(
            said(Lang::De, "engine-vote-eliminated", "germany"),
            "Deutschland ist ausgeschieden"
        );
        assert_eq!(
            said(Lang::Fr, "engine-vote-eliminated", "germany"),
            "l'Allemagne a été éliminée"
        );
    }

    #[test]
    fn replies_about_a_power_give_it_its_article_and_agreement() {
        let seated = |lang| said(lang, "players-takeover-seated", "turkey");
        assert!(seated(Lang::Fr).starts_with("vous jouez désormais la Turquie dans"));
        assert!(seated(Lang::De).starts_with("Sie spielen jetzt die Türkei in"));
        assert!(seated(Lang::En).starts_with("you now play Turkey in"));
        let locked = |lang| {
            render(
                lang,
                "views-master-not-locked",
                &Args::new()
                    .str("what", "power")
                    .str("game", "g")
                    .power("power", "france"),
            )
        };
        assert_eq!(
            locked(Lang::Fr),
            "la France n'était pas bloquée dans la partie g"
        );
        assert_eq!(
            locked(Lang::De),
            "Frankreich war in der Partie g nicht gesperrt"
        );
        assert_eq!(locked(Lang::En), "France in game g was not locked");
        let concedes = |lang| said(lang, "views-game-concedes", "england");
        assert_eq!(
            concedes(Lang::Fr),
            "\u{a0}; concède la partie à l'Angleterre"
        );
        assert_eq!(concedes(Lang::De), "; überlässt England den Sieg");
        let unlogged = |lang| {
            render(
                lang,
                "replay-spy-order-unlogged",
                &Args::new().str("order", "S A mun").power("power", "turkey"),
            )
        };
        assert!(
            unlogged(Lang::Fr).starts_with("ordre d'espionnage `S A mun` de la Turquie\u{a0}:")
        );
        assert!(unlogged(Lang::De).starts_with("Spionagebefehl `S A mun` von der Türkei:"));
    }

    #[test]
    fn a_vote_to_concede_names_the_winner_with_its_article() {
        let vote = |lang| {
            render(
                lang,
                "notice-vote.body",
                &Args::new()
                    .str("game", "g")
                    .power("shown", "germany")
                    .str("how", "concede")
                    .power("to", "turkey"),
            )
        };
        assert_eq!(
            vote(Lang::Fr),
            "Dans la partie g, l'Allemagne concède la victoire à la Turquie."
        );
        assert_eq!(
            vote(Lang::De),
            "In der Partie g überlässt Deutschland der Türkei den Sieg."
        );
        assert_eq!(vote(Lang::En), "In game g, Germany concedes to Turkey.");
    }

    #[test]
    fn a_reminder_names_the_phase_in_the_readers_grammar() {
        let subject = |lang| {
            render(
                lang,
                "notice-reminder.subject",
                &Args::new().str("game", "g").phase("phase", "S1901M"),
            )
        };
        assert_eq!(
            subject(Lang::Fr),
            "dipspy g\u{a0}: ordres manquants pour la phase du printemps 1901 (mouvements)"
        );
        assert_eq!(
            subject(Lang::De),
            "dipspy g: Befehle für die Phase Frühjahr 1901 Bewegung fehlen"
        );
        assert_eq!(
            subject(Lang::En),
            "dipspy g: orders for Spring 1901 Movement missing"
        );
    }

    #[test]
    fn every_standard_power_has_a_term_in_every_language() {
        let map = crate::engine::Map::by_variant("standard").expect("the standard map");
        for &lang in Lang::ALL {
            for p in map.powers() {
                assert!(
                    name(lang, &p.name).is_some(),
                    "{}: no term for {}",
                    lang.tag(),
                    p.name
                );
                assert_eq!(
                    map.power_by_name(&shown(lang, &p.name)),
                    Some(p.id),
                    "{}: {} does not read back",
                    lang.tag(),
                    p.name
                );
            }
        }
        assert_eq!(name(Lang::De, "France"), Some("Frankreich"));
        assert_eq!(shown(Lang::De, "british columbia"), "British Columbia");
    }
}
