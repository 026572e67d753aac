//! Province and power names in the reader's language.
//!
//! A map file names its provinces and powers in English (`Munich`,
//! `Austria`). Where French or German players call them something else
//! (`München`, `Vienne`), a table per map says so, as data:
//! `src/text/names/<map>.toml`, with a `[fr.provinces]`, `[fr.adjectives]`,
//! `[de.provinces]` and `[de.adjectives]` table each. A name the table
//! leaves out is the same as the English one, so the lookups here answer
//! `None` and the caller keeps the map's own name; English always answers
//! `None`. A power's name is a term of each catalogue (`-power-france`),
//! with its grammar ([`super::powers`]); [`power`] and [`shown_power`]
//! read it there.

use super::Lang;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// One map's name table, as data (`src/text/names/<map>.toml`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NameFile {
    /// The maps the names are for: the map and the maps built on it.
    maps: Vec<String>,
    #[serde(default)]
    fr: Table,
    #[serde(default)]
    de: Table,
}

/// One language's names on one map: power name or province abbreviation
/// (as in the map file) to the name in that language.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[serde(default)]
    provinces: BTreeMap<String, String>,
    /// A power's adjective as a unit's (French: feminine singular, as
    /// `armée` and `flotte` are; German: the form without article,
    /// `französische`), where the catalogue says `{ $adjective }`.
    #[serde(default)]
    adjectives: BTreeMap<String, String>,
}

/// The name tables, one file per map whose names differ by language.
const FILES: &[(&str, &str)] = &[("standard", include_str!("names/standard.toml"))];

fn parse(text: &str) -> Result<NameFile, toml::de::Error> {
    toml::from_str(text)
}

fn files() -> &'static [NameFile] {
    static FILES_PARSED: OnceLock<Vec<NameFile>> = OnceLock::new();
    FILES_PARSED.get_or_init(|| {
        FILES
            .iter()
            .filter_map(|(name, text)| match parse(text) {
                Ok(f) => Some(f),
                Err(error) => {
                    tracing::error!(name, %error, "a name table does not parse");
                    None
                }
            })
            .collect()
    })
}

fn table(lang: Lang, map: &str) -> Option<&'static Table> {
    let file = files()
        .iter()
        .find(|f| f.maps.iter().any(|m| m.eq_ignore_ascii_case(map)))?;
    match lang {
        Lang::En => None,
        Lang::Fr => Some(&file.fr),
        Lang::De => Some(&file.de),
    }
}

/// The name of province `abbr` (`mun`) of map `map` (the map's name,
/// `standard`) in `lang`, where it differs from the map's English name:
/// `Some("München")` in German, `None` in English or for `par`.
#[cfg(test)]
pub(crate) fn province(lang: Lang, map: &str, abbr: &str) -> Option<&'static str> {
    table(lang, map)?
        .provinces
        .get(&abbr.to_ascii_lowercase())
        .map(String::as_str)
}

/// The name of power `power` (its name in the map file, `germany`) of map
/// `map` in `lang`: `Some("Allemagne")` in French, `None` in English.
pub(crate) fn power(lang: Lang, map: &str, power: &str) -> Option<&'static str> {
    table(lang, map)?;
    super::powers::name(lang, power)
}

/// The adjective of power `power` (its name in the map file) of map `map`
/// in `lang`, as the catalogue's `{ $adjective }` wants it: `française`,
/// `französische`; `None` in English (the map's own adjective, `French`)
/// or where no table has one.
pub(crate) fn adjective(lang: Lang, map: &str, power: &str) -> Option<&'static str> {
    table(lang, map)?
        .adjectives
        .get(&power.to_ascii_lowercase())
        .map(String::as_str)
}

/// `{ $adjective }` of power `power` of map `map` in `lang`: the table's
/// where it has one, else `english` (the map's own adjective).
pub(crate) fn adjective_or(lang: Lang, map: &str, power: &str, english: &str) -> String {
    adjective(lang, map, power)
        .map(str::to_string)
        .unwrap_or_else(|| english.to_string())
}

/// Every French or German name in the tables (`lang`), for guessing a
/// mail's language ([`super::guess`]); English answers none.
pub(crate) fn all_names(lang: Lang) -> Vec<&'static str> {
    let mut out = match lang {
        Lang::En => Vec::new(),
        _ => super::powers::all_names(lang),
    };
    for f in files() {
        let t = match lang {
            Lang::En => continue,
            Lang::Fr => &f.fr,
            Lang::De => &f.de,
        };
        out.extend(t.provinces.values().map(String::as_str));
    }
    out
}

/// The English names of the maps the tables are for (the map files' own
/// names): these tell no language apart from English. (Abbreviations,
/// which every player types, are left out by `guess` itself.)
pub(crate) fn english_names() -> Vec<String> {
    let mut out = Vec::new();
    for f in files() {
        for m in f
            .maps
            .iter()
            .filter_map(|m| crate::engine::Map::by_variant(m))
        {
            out.extend(m.provinces().iter().map(|p| p.name.clone()));
            out.extend(m.powers().iter().map(|p| p.name.clone()));
        }
    }
    out
}

/// Power `key` as `lang` shows it, where the game names it `english`
/// (`France`, or the name a map gives it): in English that name, in French
/// or German the language's table's (`Frankreich`), else the same.
pub(crate) fn power_in(lang: Lang, key: &str, english: &str) -> String {
    match lang {
        Lang::En => english.to_string(),
        _ => shown_power(lang, key),
    }
}

/// Power `key` (the map's name of a power, as typed notices store it) as
/// `lang` shows it: `Austria`, `British Columbia`; in French or German the
/// name from a table that has one (`Autriche`), else the same capitals.
/// The English capitals are those of `crate::engine::Power::display_name`
/// (checked by a test over every built-in map).
pub(crate) fn shown_power(lang: Lang, key: &str) -> String {
    super::powers::shown(lang, key)
}

/// What is wrong with a name table (the text of one file): an entry that
/// names no province or power of a map it is for, or a name a player
/// could not write back in an order. One line per problem.
#[cfg(test)]
fn problems(text: &str) -> Vec<String> {
    use crate::engine::Map;
    let file = match parse(text) {
        Ok(f) => f,
        Err(e) => return vec![format!("does not parse: {e}")],
    };
    let mut out = Vec::new();
    for map_name in &file.maps {
        let Some(map) = Map::by_variant(map_name) else {
            out.push(format!("no built-in map {map_name}"));
            continue;
        };
        for (tag, t) in [("fr", &file.fr), ("de", &file.de)] {
            for (abbr, name) in &t.provinces {
                match map.provinces().iter().find(|p| &p.abbr == abbr) {
                    None => out.push(format!("{tag}: {map_name} has no province {abbr}")),
                    Some(p) if map.province_by_name(name) != Some(p.id) => out.push(format!(
                        "{tag}: {name} does not read back as {abbr} on {map_name}"
                    )),
                    Some(_) => {}
                }
            }
            for key in t.adjectives.keys() {
                if !map.powers().iter().any(|p| &p.name == key) && map_name == &file.maps[0] {
                    out.push(format!("{tag}: {map_name} has no power {key} (adjectives)"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_power_reads_as_the_map_shows_it_on_every_builtin_map() {
        let mut seen = 0;
        for name in crate::maps::builtin_names() {
            let map = crate::maps::lookup(name).expect("a built-in map loads");
            for p in map.powers() {
                assert_eq!(shown_power(Lang::En, &p.name), p.display_name(), "{name}");
                seen += 1;
            }
        }
        assert!(seen >= 7, "the built-in maps have powers");
        assert_eq!(
            shown_power(Lang::En, "british columbia"),
            "British Columbia"
        );
        assert_eq!(shown_power(Lang::De, "france"), "Frankreich");
    }

    #[test]
    fn every_name_is_of_a_real_province_or_power_and_reads_back() {
        for (name, text) in FILES {
            let found = problems(text);
            assert!(found.is_empty(), "{name}.toml:\n{}", found.join("\n"));
        }
    }

    #[test]
    fn a_name_of_no_province_or_that_does_not_read_back_is_caught() {
        let planted = "maps = [\"standard\"]\n[fr.provinces]\nxyz = \"Nulle part\"\nmun = \"Vienne\"\n[de.adjectives]\nprussia = \"preußische\"\n";
        assert_eq!(
            problems(planted),
            vec![
                "fr: Vienne does not read back as mun on standard",
                "fr: standard has no province xyz",
                "de: standard has no power prussia (adjectives)",
            ]
        );
        assert!(problems("maps = 3")[0].starts_with("does not parse"));
        assert_eq!(
            problems("maps = [\"atlantis\"]"),
            vec!["no built-in map atlantis"]
        );
    }

    #[test]
    fn standard_names_in_french_and_german() {
        let m = "standard";
        assert_eq!(province(Lang::De, m, "mun"), Some("München"));
        assert_eq!(province(Lang::Fr, m, "mun"), None, "Munich in French too");
        assert_eq!(province(Lang::De, m, "vie"), Some("Wien"));
        assert_eq!(province(Lang::Fr, m, "vie"), Some("Vienne"));
        assert_eq!(province(Lang::De, m, "VEN"), Some("Venedig"));
        assert_eq!(province(Lang::Fr, m, "ven"), Some("Venise"));
        assert_eq!(power(Lang::De, m, "france"), Some("Frankreich"));
        assert_eq!(power(Lang::Fr, m, "germany"), Some("Allemagne"));
        assert_eq!(
            power(Lang::De, "standard_france_austria", "austria"),
            Some("Österreich")
        );
        assert_eq!(adjective(Lang::Fr, m, "france"), Some("française"));
        assert_eq!(adjective(Lang::De, m, "turkey"), Some("türkische"));
        assert_eq!(adjective(Lang::En, m, "france"), None);
        assert_eq!(adjective_or(Lang::En, m, "france", "French"), "French");
        assert_eq!(province(Lang::En, m, "mun"), None);
        assert_eq!(power(Lang::En, m, "germany"), None);
        assert_eq!(
            province(Lang::De, "ancmed", "rom"),
            None,
            "no table for ancmed"
        );
    }
}
