//! Names as a reader reads them, made at the moment the words are made
//! from the ids that typed values store.
//!
//! A notice stores a power by the map's name of it (`france`, `british
//! columbia`), never by the name shown to players, so the name can be put
//! in the reader's words when the notice is rendered. Today every reader
//! reads the map's name with capitals; names per language (issue 26) are
//! looked up here.

use super::Lang;

/// Power `key` (the map's name of a power) as `lang` writes it: `Austria`,
/// `British Columbia`. The same capitals as
/// `crate::engine::map::Power::display_name` (checked by a test over every
/// built-in map).
pub fn power(lang: Lang, key: &str) -> String {
    match lang {
        Lang::En => capitals(key),
    }
}

/// Each word's first letter in capitals.
fn capitals(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut start = true;
    for ch in name.chars() {
        if start {
            out.extend(ch.to_uppercase());
        } else {
            out.push(ch);
        }
        start = ch == ' ';
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
                assert_eq!(power(Lang::En, &p.name), p.display_name(), "{name}");
                seen += 1;
            }
        }
        assert!(seen >= 7, "the built-in maps have powers");
        assert_eq!(power(Lang::En, "british columbia"), "British Columbia");
    }
}
