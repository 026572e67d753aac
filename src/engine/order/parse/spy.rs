//! The espionage orders (spy, counter-spy, reaction, founding, Fake,
//! Anti), in every language the rules were written in.

use super::expected::{PResult, Want};
use super::grammar::{
    disband_word, end_of_order, keyword, location, order, province_name, punct, unit,
};
use super::tokens::{Kind, Tokens};
use crate::engine::order::{Order, SpyOrder};
use crate::engine::phase::PhaseKind;
use nom::Parser;
use nom::branch::alt;
use nom::combinator::{cut, map, opt};
use nom::sequence::terminated;

pub(super) const SPY_WORDS: &[&str] = &["spy", "espion", "spion"];
pub(super) const COUNTERSPY_WORDS: &[&str] = &["counterspy", "gegenspion", "contreespion"];
pub(super) const REACTION_WORDS: &[&str] = &["reaction", "réaction", "reaktion"];

/// Whether the line opens with an espionage keyword.
pub(super) fn starts_spy_order(i: Tokens<'_>) -> bool {
    match (i.kind(0), i.word(0)) {
        (Some(Kind::Plus), _) => true,
        (_, Some("build")) => matches!(i.word(1), Some("spy" | "spion" | "espion")),
        (_, Some(w)) => {
            w == "s"
                || SPY_WORDS.contains(&w)
                || COUNTERSPY_WORDS.contains(&w)
                || REACTION_WORDS.contains(&w)
                || counter_spy_word(i).is_ok()
        }
        _ => false,
    }
}

/// `COUNTERSPY`, `COUNTER-SPY`, `CONTRE-ESPION`, `GEGENSPION`.
pub(super) fn counter_spy_word(i: Tokens<'_>) -> PResult<'_, ()> {
    match (i.word(0), i.kind(1), i.word(1), i.word(2)) {
        (Some(w), _, _, _) if COUNTERSPY_WORDS.contains(&w) => Ok((i.skip(1), ())),
        (Some("counter"), Some(Kind::Dash), _, Some("spy")) => Ok((i.skip(3), ())),
        (Some("contre"), Some(Kind::Dash), _, Some("espion")) => Ok((i.skip(3), ())),
        (Some("counter"), Some(Kind::Word), Some("spy"), _) => Ok((i.skip(2), ())),
        _ => i.expected(Want::Order),
    }
}

/// One espionage order, alone on its line.
pub(super) fn spy_order<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    if let Ok((rest, ())) = counter_spy_word(i) {
        let (rest, unit) = terminated(unit, end_of_order).parse(rest)?;
        return Ok((rest, SpyOrder::CounterSpy { unit }));
    }
    if i.kind(0) == Some(Kind::Plus) {
        return found_organisation(i.skip(1));
    }
    match (i.word(0), i.word(1)) {
        (Some("build"), _) => found_organisation(i.skip(1)),
        (Some(w), _) if REACTION_WORDS.contains(&w) => reaction(phase, i.skip(1)),
        (Some(w), Some("fake")) if SPY_WORDS.contains(&w) => fake(phase, i.skip(2)),
        (Some(w), Some("anti")) if SPY_WORDS.contains(&w) => anti(i.skip(2)),
        (Some(w), _) if SPY_WORDS.contains(&w) => {
            let (rest, target) = terminated(unit, end_of_order).parse(i.skip(1))?;
            Ok((rest, SpyOrder::Spy { target }))
        }
        (Some("s"), Some("f" | "fake")) => fake(phase, i.skip(2)),
        (Some("s"), Some("a" | "anti")) => anti(i.skip(2)),
        _ => i.skip(1).expected(Want::Order),
    }
}

/// After `+`/`BUILD`: `S ber`, or a spy word in any of the rules'
/// languages: `SPY ber`, `SPION ber`, `ESPION ber` (SPI-2).
pub(super) fn found_organisation(i: Tokens<'_>) -> PResult<'_, SpyOrder> {
    let (i, ()) = keyword(&["s", "spy", "spion", "espion"], Want::Order)(i)?;
    let (i, province) = terminated(province_name, end_of_order).parse(i)?;
    Ok((i, SpyOrder::Found { province }))
}

/// After `REACTION`: `NONE`, or an order of the phase (ESP-7).
pub(super) fn reaction<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    if let Ok((rest, ())) = terminated(keyword(&["none"], Want::Order), end_of_order).parse(i) {
        return Ok((rest, SpyOrder::ReactionNone));
    }
    map(order(phase), SpyOrder::Reaction).parse(i)
}

/// `mun boh`: a retreat written without `-` or `R`, read in Fakes only.
pub(super) fn bare_retreat(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        terminated((unit, location), end_of_order),
        |(unit, dest)| Order::Retreat { unit, dest },
    )
    .parse(i)
}

/// After `S A`/`SPY ANTI`: a nation in English, German or French (SPI-6).
pub(super) fn anti(i: Tokens<'_>) -> PResult<'_, SpyOrder> {
    let n = i
        .toks
        .iter()
        .take_while(|t| matches!(t.kind, Kind::Word | Kind::Dash))
        .count();
    let name: Vec<&str> = (0..n).filter_map(|k| i.word(k)).collect();
    match i.map.power_by_name(&name.join(" ")) {
        Some(nation) if n > 0 => {
            let (rest, ()) = end_of_order(i.skip(n))?;
            Ok((rest, SpyOrder::Anti { nation }))
        }
        _ => i.expected(Want::Nation),
    }
}

/// After `S F`/`SPY FAKE`: an order of the phase for another power's unit,
/// and in a movement phase maybe the retreat part `(R: bur)` (SPI-5).
pub(super) fn fake<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    let split = (0..i.toks.len()).find(|&k| {
        i.kind(k) == Some(Kind::Open)
            && matches!(i.word(k + 1), Some("r" | "retreat"))
            && phase == PhaseKind::Movement
    });
    let Some(k) = split else {
        let fake_order = |i| match phase {
            // `S F mun boh`: a retreat Fake may leave out the `-`.
            PhaseKind::Retreat => alt((order(phase), bare_retreat)).parse(i),
            _ => order(phase).parse(i),
        };
        return map(fake_order, |order| SpyOrder::Fake {
            order,
            retreat: None,
        })
        .parse(i);
    };
    let tail = i.toks.len() - k;
    let head = Tokens {
        toks: &i.toks[..k],
        ..i
    };
    let (_, order) = order(phase).parse(head).map_err(|e| {
        e.map(|mut e| {
            e.rest += tail;
            e
        })
    })?;
    let unit = *order.unit().expect("a movement order names its unit");
    let rest = i.skip(k + 2);
    let (rest, _) = opt(punct(Kind::Colon, Want::Order)).parse(rest)?;
    let (rest, retreat) = alt((
        map(disband_word, |()| Order::Disband { unit }),
        map(location, |dest| Order::Retreat { unit, dest }),
    ))
    .parse(rest)?;
    let (rest, ()) = cut(punct(Kind::Close, Want::Close)).parse(rest)?;
    let (rest, ()) = end_of_order(rest)?;
    Ok((
        rest,
        SpyOrder::Fake {
            order,
            retreat: Some(retreat),
        },
    ))
}
