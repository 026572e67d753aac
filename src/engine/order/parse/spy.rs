//! The espionage orders (spy, counter-spy, reaction, founding, Fake,
//! Anti), in every language the rules were written in.

use super::expected::{PResult, Want};
use super::grammar::{
    disband_word, end_of_order, keyword, location, order, order_word, province_name, punct,
    read_word, unit,
};
use super::tokens::{Kind, Tokens};
use crate::engine::order::words::OrderWord;
use crate::engine::order::{Order, SpyOrder};
use crate::engine::phase::PhaseKind;
use nom::Parser;
use nom::branch::alt;
use nom::combinator::{cut, map, opt};
use nom::sequence::terminated;

/// Whether the line opens with an espionage keyword.
pub(super) fn starts_spy_order(i: Tokens<'_>) -> bool {
    match (i.kind(0), i.word(0)) {
        (Some(Kind::Plus), _) => true,
        (_, Some("build")) => read_word(i.skip(1), OrderWord::Spy).is_some(),
        (_, Some(w)) => {
            w == "s"
                || read_word(i, OrderWord::Spy).is_some()
                || read_word(i, OrderWord::Counterspy).is_some()
                || read_word(i, OrderWord::Reaction).is_some()
        }
        _ => false,
    }
}

/// One espionage order, alone on its line.
pub(super) fn spy_order<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    if let Some(n) = read_word(i, OrderWord::Counterspy) {
        let rest = i.skip(n);
        let (rest, unit) = terminated(unit, end_of_order).parse(rest)?;
        return Ok((rest, SpyOrder::CounterSpy { unit }));
    }
    if i.kind(0) == Some(Kind::Plus) {
        return found_organisation(i.skip(1));
    }
    if i.word(0) == Some("build") {
        return found_organisation(i.skip(1));
    }
    if let Some(n) = read_word(i, OrderWord::Reaction) {
        return reaction(phase, i.skip(n));
    }
    if let Some(n) = read_word(i, OrderWord::Spy) {
        let after = i.skip(n);
        if let Some(m) = read_word(after, OrderWord::Fake) {
            return fake(phase, after.skip(m));
        }
        if let Some(m) = read_word(after, OrderWord::Anti) {
            return anti(after.skip(m));
        }
        let (rest, target) = terminated(unit, end_of_order).parse(after)?;
        return Ok((rest, SpyOrder::Spy { target }));
    }
    match (i.word(0), i.word(1)) {
        (Some("s"), Some("f" | "fake")) => fake(phase, i.skip(2)),
        (Some("s"), Some("a" | "anti")) => anti(i.skip(2)),
        _ => i.skip(1).expected(Want::Order),
    }
}

/// After `+`/`BUILD`: `S ber`, or a spy word in any of the rules'
/// languages: `SPY ber`, `SPION ber`, `ESPION ber` (SPI-2).
pub(super) fn found_organisation(i: Tokens<'_>) -> PResult<'_, SpyOrder> {
    let (i, ()) = alt((
        keyword(&["s"], Want::Order),
        order_word(OrderWord::Spy, Want::Order),
    ))
    .parse(i)?;
    let (i, province) = terminated(province_name, end_of_order).parse(i)?;
    Ok((i, SpyOrder::Found { province }))
}

/// After `REACTION`: `NONE`, or an order of the phase (ESP-7).
pub(super) fn reaction<'a>(phase: PhaseKind, i: Tokens<'a>) -> PResult<'a, SpyOrder> {
    if let Ok((rest, ())) =
        terminated(order_word(OrderWord::None, Want::Order), end_of_order).parse(i)
    {
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
