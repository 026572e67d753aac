//! Conditions of IF blocks (`IF france A bur AND NOT F eng`) answered on
//! a game's map and a position: a unit test names a province, and maybe
//! a power and a unit type in any order, and holds when a unit on the
//! board (not a dislodged one) stands in the province, of that power and
//! that type when they are given.

use super::Result;
use super::loaded::load;
use super::refused::Refused;
use crate::command::{Condition, UnitTest};
use crate::engine::Position;
use crate::engine::{Map, PowerId, ProvinceId, UnitType};
use crate::store::Store;

/// A unit test resolved on a map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Resolved {
    pub power: Option<PowerId>,
    pub unit_type: Option<UnitType>,
    pub province: ProvinceId,
}

fn unit_type_word(w: &str) -> Option<UnitType> {
    match w.to_ascii_lowercase().as_str() {
        "a" | "army" => Some(UnitType::Army),
        "f" | "fleet" => Some(UnitType::Fleet),
        _ => None,
    }
}

/// A power in a condition: a name, adjective or alias, or (as njudge
/// allows) the first two or more letters of exactly one power's name.
fn power_word(map: &Map, w: &str) -> Option<PowerId> {
    if let Some(p) = map.power_by_name(w) {
        return Some(p);
    }
    let lw = w.to_lowercase();
    if lw.chars().count() < 2 {
        return None;
    }
    let mut hits = map.powers().iter().filter(|p| p.name.starts_with(&lw));
    match (hits.next(), hits.next()) {
        (Some(p), None) => Some(p.id),
        _ => None,
    }
}

/// Reads a unit test's words on a map: a province (of one or more words),
/// and at most one power and one unit type, in any order.
pub(super) fn resolve(map: &Map, t: &UnitTest) -> std::result::Result<Resolved, Refused> {
    let w = &t.words;
    let n = w.len();
    // The longest province name first.
    for len in (1..=n).rev() {
        for start in 0..=n - len {
            let Some(province) = map
                .parse_location(&w[start..start + len].join(" "))
                .map(|l| l.province)
            else {
                continue;
            };
            let mut r = Resolved {
                power: None,
                unit_type: None,
                province,
            };
            let others = w[..start].iter().chain(&w[start + len..]);
            let mut ok = true;
            for o in others {
                if let (Some(u), None) = (unit_type_word(o), r.unit_type) {
                    r.unit_type = Some(u);
                } else if let (Some(p), None) = (power_word(map, o), r.power) {
                    r.power = Some(p);
                } else {
                    ok = false;
                    break;
                }
            }
            if ok {
                return Ok(r);
            }
        }
    }
    Err(Refused::UnknownUnitTest { words: w.join(" ") })
}

/// Whether the resolved test holds on the position.
pub(super) fn holds(pos: &Position, r: &Resolved) -> bool {
    pos.units.iter().any(|u| {
        u.location.province == r.province
            && r.power.is_none_or(|p| p == u.power)
            && r.unit_type.is_none_or(|t| t == u.unit_type)
    })
}

/// Evaluates a condition on a position; `Err` names a unit test the map
/// cannot read.
pub(super) fn evaluate(
    map: &Map,
    pos: &Position,
    c: &Condition,
) -> std::result::Result<bool, Refused> {
    let mut resolved = Vec::new();
    for t in c.tests() {
        resolved.push(resolve(map, t)?);
    }
    let mut it = resolved.into_iter();
    Ok(c.eval(&mut |_| it.next().is_some_and(|r| holds(pos, &r))))
}

/// Each condition evaluated on today's position of the game (as a reply
/// shows which branch would be taken).
pub fn test_conditions(
    st: &Store,
    game: &str,
    conds: &[&Condition],
) -> Result<Vec<std::result::Result<bool, Refused>>> {
    let c = &st.read();
    let l = load(c, game)?;
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    Ok(conds.iter().map(|x| evaluate(l.map, &pos, x)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(words: &str) -> std::result::Result<Resolved, Refused> {
        let t = UnitTest {
            words: words.split(' ').map(String::from).collect(),
        };
        resolve(Map::standard(), &t)
    }

    #[test]
    fn unit_tests_name_a_province_and_maybe_a_power_and_a_type_in_any_order() {
        let map = Map::standard();
        let eng = map.province_by_name("eng").unwrap();
        let france = map.power_by_name("france");
        let england = map.power_by_name("england");
        assert_eq!(
            r("F eng"),
            Ok(Resolved {
                power: None,
                unit_type: Some(UnitType::Fleet),
                province: eng
            })
        );
        assert_eq!(r("english eng").map(|x| x.power), Ok(england));
        assert_eq!(r("eng F english").map(|x| x.power), Ok(england));
        assert_eq!(r("fr A bur").map(|x| x.power), Ok(france));
        assert_eq!(
            r("french army ruhr").map(|x| (x.power, x.unit_type)),
            Ok((france, Some(UnitType::Army)))
        );
        assert_eq!(
            r("north sea").map(|x| x.province),
            Ok(map.province_by_name("nth").unwrap())
        );
        assert_eq!(
            r("F spa/nc").map(|x| x.province),
            Ok(map.province_by_name("spa").unwrap()),
            "a coast names its province"
        );
        assert_eq!(
            r("russian F stp south coast").map(|x| x.province),
            Ok(map.province_by_name("stp").unwrap())
        );
        assert!(r("A xyzzy").is_err());
        assert!(r("A A bur").is_err(), "one unit type at most");
    }

    #[test]
    fn a_unit_test_holds_when_such_a_unit_stands_there() {
        let map = Map::standard();
        let pos = Position::initial(map, 1901);
        let c = |s: &str| evaluate(map, &pos, &Condition::read(s).unwrap());
        assert_eq!(c("A par"), Ok(true));
        assert_eq!(c("F par"), Ok(false));
        assert_eq!(c("germany A par"), Ok(false));
        assert_eq!(c("france par AND NOT F eng"), Ok(true));
        // Read left to right, as njudge does: (A par OR F eng) AND A bur.
        assert_eq!(c("A par OR F eng AND A bur"), Ok(false));
        assert_eq!(c("A par OR (F eng AND A bur)"), Ok(true));
        assert_eq!(c("A par OR (A bur AND A mun)"), Ok(true));
        assert!(c("A atlantis").is_err());
    }
}
