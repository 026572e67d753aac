//! The order grammar proper: terminals, units and locations, the order
//! words, and the orders of each kind of phase.

use super::expected::{AFTER_UNIT, CONVOYED_ARMY, Expected, PResult, Want};
use super::tokens::{Kind, Tokens};
use crate::engine::map::{Coast, Location, ProvinceId, UnitType};
use crate::engine::order::words::{OrderWord, forms};
use crate::engine::order::{Order, UnitRef};
use crate::engine::phase::PhaseKind;
use nom::Parser;
use nom::branch::alt;
use nom::combinator::{cut, map, opt, value};
use nom::error::context;
use nom::sequence::{delimited, preceded, terminated};

/// One of `words` (normalised, lower case).
pub(super) fn keyword<'a>(
    words: &'static [&'static str],
    what: Want,
) -> impl Fn(Tokens<'a>) -> PResult<'a, ()> {
    move |i: Tokens<'a>| match i.word(0) {
        Some(w) if words.contains(&w) => Ok((i.skip(1), ())),
        _ => i.expected(what),
    }
}

/// One of the spellings of an order word (`words.toml`), in any language:
/// a spelling of two words is read apart, joined by `-`, or run together.
pub(super) fn order_word<'a>(
    word: OrderWord,
    what: Want,
) -> impl Fn(Tokens<'a>) -> PResult<'a, ()> {
    move |i: Tokens<'a>| match read_word(i, word) {
        Some(n) => Ok((i.skip(n), ())),
        None => i.expected(what),
    }
}

/// How many tokens `word` takes at the start of `i`, if it is there.
pub(super) fn read_word(i: Tokens<'_>, word: OrderWord) -> Option<usize> {
    forms(word).iter().find_map(|form| {
        let mut k = 0;
        for (n, part) in form.iter().enumerate() {
            if n > 0 && i.kind(k) == Some(Kind::Dash) {
                k += 1;
            }
            if i.word(k) != Some(part.as_str()) {
                return None;
            }
            k += 1;
        }
        Some(k)
    })
}

/// A punctuation token of this kind.
pub(super) fn punct<'a>(kind: Kind, what: Want) -> impl Fn(Tokens<'a>) -> PResult<'a, ()> {
    move |i: Tokens<'a>| match i.kind(0) {
        Some(k) if k == kind => Ok((i.skip(1), ())),
        _ => i.expected(what),
    }
}

/// The end of the order: nothing left but a `.` or `,`.
pub(super) fn end_of_order(i: Tokens<'_>) -> PResult<'_, ()> {
    let trailing = i
        .toks
        .iter()
        .take_while(|t| matches!(t.kind, Kind::Comma | Kind::Period))
        .count();
    if trailing == i.toks.len() {
        Ok((i.skip(trailing), ()))
    } else {
        i.skip(trailing).expected(Want::End)
    }
}

/// `p`, and then the end of the line.
pub(super) fn whole<'a, P>(p: P) -> impl Parser<Tokens<'a>, Output = Order, Error = Expected>
where
    P: Parser<Tokens<'a>, Output = Order, Error = Expected>,
{
    terminated(p, end_of_order)
}

/// `A`, `F`, `Army`, `Fleet`.
pub(super) fn unit_type(i: Tokens<'_>) -> PResult<'_, UnitType> {
    match i.word(0) {
        Some("a" | "army") => Ok((i.skip(1), UnitType::Army)),
        Some("f" | "fleet") => Ok((i.skip(1), UnitType::Fleet)),
        _ => i.expected(Want::UnitType),
    }
}

/// Any name of a province: the longest run of words (joined by spaces or
/// by a `-` with no space around it) that the map knows.
pub(super) fn province_name(i: Tokens<'_>) -> PResult<'_, ProvinceId> {
    let toks = i.toks;
    // Indices of the words that could make up a name, in order.
    let mut ends = [0usize; 8];
    let mut n = 0;
    let mut k = 0;
    let limit = i.map.max_name_words().min(ends.len());
    while n < limit && k < toks.len() && toks[k].kind == Kind::Word {
        ends[n] = k;
        n += 1;
        // The next word joins the name if only spaces or a tight `-` separate it.
        match toks.get(k + 1) {
            Some(t) if t.kind == Kind::Word => k += 1,
            Some(t)
                if t.kind == Kind::Dash
                    && !t.spaced
                    && toks
                        .get(k + 2)
                        .is_some_and(|w| w.kind == Kind::Word && !w.spaced) =>
            {
                k += 2
            }
            _ => break,
        }
    }
    for m in (0..n).rev() {
        let last = ends[m];
        let key = &i.norm[toks[0].norm.0..toks[last].norm.1];
        if let Some(p) = i.map.province_by_normalized(key) {
            return Ok((i.skip(last + 1), p));
        }
    }
    i.expected(Want::Province)
}

/// `nc`, `sc`, `ec`, `wc`, `north coast`, ...: the coast forms that may
/// follow a province after a space or a `-`.
pub(super) fn coast_word(i: Tokens<'_>) -> PResult<'_, Coast> {
    let coast = match i.word(0) {
        Some("nc") => Some((Coast::North, 1)),
        Some("sc") => Some((Coast::South, 1)),
        Some("ec") => Some((Coast::East, 1)),
        Some("wc") => Some((Coast::West, 1)),
        Some(w) if i.word(1) == Some("coast") => Coast::from_name(w).map(|c| (c, 2)),
        _ => None,
    };
    match coast {
        Some((c, n)) => Ok((i.skip(n), c)),
        None => i.expected(Want::Coast),
    }
}

/// Any coast name, `n` and `north` alone included: after `/` or in
/// parentheses.
pub(super) fn coast_name(i: Tokens<'_>) -> PResult<'_, Coast> {
    if let Ok(r) = coast_word(i) {
        return Ok(r);
    }
    match i.word(0) {
        Some(w @ ("n" | "s" | "e" | "w" | "north" | "south" | "east" | "west")) => {
            Ok((i.skip(1), Coast::from_name(w).expect("a coast word")))
        }
        _ => i.expected(Want::Coast),
    }
}

/// A coast name after `(`; `(via convoy)` is left for [`via_convoy`].
pub(super) fn coast_in_parentheses(i: Tokens<'_>) -> PResult<'_, Coast> {
    match i.word(0) {
        Some("via" | "by") => i.expected(Want::Coast),
        _ => cut(coast_name).parse(i),
    }
}

/// The coast after a province: `/sc`, `(sc)`, ` (north coast)`, `-sc`, ` sc`.
pub(super) fn coast(i: Tokens<'_>) -> PResult<'_, Coast> {
    alt((
        preceded(punct(Kind::Slash, Want::Coast), cut(coast_name)),
        delimited(
            punct(Kind::Open, Want::Coast),
            coast_in_parentheses,
            cut(punct(Kind::Close, Want::Close)),
        ),
        preceded(punct(Kind::Dash, Want::Coast), coast_word),
        coast_word,
    ))
    .parse(i)
}

/// A province and maybe a coast: `par`, `stp/sc`, `Spain (north coast)`.
pub(super) fn location(i: Tokens<'_>) -> PResult<'_, Location> {
    map((province_name, opt(coast)), |(province, coast)| Location {
        province,
        coast,
    })
    .parse(i)
}

/// A unit as an order names it: `A par`, `Fleet Brest`, or just `par`.
pub(super) fn unit(i: Tokens<'_>) -> PResult<'_, UnitRef> {
    alt((
        map((unit_type, location), |(t, l)| UnitRef::new(Some(t), l)),
        map(location, |l| UnitRef::new(None, l)),
    ))
    .parse(i)
}

/// `-`, `->`, `=>`, `to`, `m`, `moves to`.
pub(super) fn move_arrow(i: Tokens<'_>) -> PResult<'_, ()> {
    alt((
        punct(Kind::Dash, Want::Move),
        punct(Kind::Arrow, Want::Move),
        keyword(&["to"], Want::Move),
        preceded(
            keyword(&["m", "move", "moves"], Want::Move),
            map(opt(keyword(&["to"], Want::Move)), |_| ()),
        ),
    ))
    .parse(i)
}

/// `via convoy`, `by convoy`, `via c`, `vc`, `(via convoy)`, and a bare `via`
/// ending the order (as DPjudge and MILA write it: `A tus - rom VIA`).
pub(super) fn via_convoy(i: Tokens<'_>) -> PResult<'_, ()> {
    alt((
        via_convoy_words,
        delimited(
            punct(Kind::Open, Want::Via),
            via_convoy_words,
            cut(punct(Kind::Close, Want::Close)),
        ),
    ))
    .parse(i)
}

pub(super) fn via_convoy_words(i: Tokens<'_>) -> PResult<'_, ()> {
    alt((
        terminated(keyword(&["via"], Want::Via), end_of_order),
        preceded(
            keyword(&["via", "by"], Want::Via),
            cut(keyword(&["convoy", "c"], Want::ConvoyWord)),
        ),
        keyword(&["vc"], Want::Via),
    ))
    .parse(i)
}

pub(super) fn hold_word(i: Tokens<'_>) -> PResult<'_, ()> {
    order_word(OrderWord::Hold, Want::Hold)(i)
}

pub(super) fn support_word(i: Tokens<'_>) -> PResult<'_, ()> {
    order_word(OrderWord::Support, Want::Support)(i)
}

pub(super) fn convoy_word(i: Tokens<'_>) -> PResult<'_, ()> {
    order_word(OrderWord::Convoy, Want::Convoy)(i)
}

/// `R`, `retreat`, `retreats to`.
pub(super) fn retreat_word(i: Tokens<'_>) -> PResult<'_, ()> {
    map(
        (
            keyword(&["r", "retreat", "retreats"], Want::Retreat),
            opt(keyword(&["to"], Want::Retreat)),
        ),
        |_| (),
    )
    .parse(i)
}

pub(super) fn disband_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["d", "disband", "disbands"], Want::Disband)(i)
}

pub(super) fn build_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(&["b", "build", "builds"], Want::Build)(i)
}

/// `Remove`, `R`, or a disband word: in an adjustment phase they all
/// remove a unit.
pub(super) fn removal_word(i: Tokens<'_>) -> PResult<'_, ()> {
    keyword(
        &["remove", "removes", "r", "d", "disband", "disbands"],
        Want::Remove,
    )(i)
}

/// One order of a phase of this kind, alone on its line (but for a trailing
/// `.` or `,`).
pub(super) fn order<'a>(
    phase: PhaseKind,
) -> impl Parser<Tokens<'a>, Output = Order, Error = Expected> {
    move |i: Tokens<'a>| match phase {
        PhaseKind::Movement => movement_order(i),
        PhaseKind::Retreat => retreat_phase_order(i),
        PhaseKind::Adjustment => adjustment_order(i),
    }
}

/// The orders of a movement phase (espionage orders will join this `alt`).
pub(super) fn movement_order(i: Tokens<'_>) -> PResult<'_, Order> {
    alt((
        whole(move_order),
        whole(support_order),
        whole(convoy_order),
        whole(hold_order),
    ))
    .parse(i)
}

/// The orders of a retreat phase.
pub(super) fn retreat_phase_order(i: Tokens<'_>) -> PResult<'_, Order> {
    alt((whole(retreat_order), whole(disband_order))).parse(i)
}

/// The orders of an adjustment phase.
pub(super) fn adjustment_order(i: Tokens<'_>) -> PResult<'_, Order> {
    alt((whole(build_order), whole(remove_order), whole(waive))).parse(i)
}

/// `A par H`, `A par holds`, `par H`.
pub(super) fn hold_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map((unit, context(AFTER_UNIT, hold_word)), |(unit, ())| {
        Order::Hold { unit }
    })
    .parse(i)
}

/// `A par - bur`, `A Paris moves to Burgundy`, `A lon - nwy via convoy`,
/// `A lon - nth - nwy` (a convoy route).
pub(super) fn move_order(i: Tokens<'_>) -> PResult<'_, Order> {
    let (i, unit) = unit(i)?;
    let (i, ()) = context(AFTER_UNIT, move_arrow).parse(i)?;
    let (mut i, mut dest) = location(i)?;
    let mut route = Vec::new();
    // Further `- province`: the ones before the last are the route.
    while let Ok((rest, ())) = move_arrow(i) {
        let (rest, next) = location(rest)?;
        route.push(dest.province);
        dest = next;
        i = rest;
    }
    let (i, via) = opt(via_convoy).parse(i)?;
    let via_convoy = via.is_some() || !route.is_empty();
    Ok((
        i,
        Order::Move {
            unit,
            dest,
            via_convoy,
            route,
        },
    ))
}

/// `F mar S A par - bur`, `A mun S A kie`, `A mun S kie H`.
pub(super) fn support_order(i: Tokens<'_>) -> PResult<'_, Order> {
    let (i, (unit, (), supported)) =
        (unit, context(AFTER_UNIT, support_word), self::unit).parse(i)?;
    if let Ok((i, ())) = move_arrow(i) {
        let (i, dest) = location(i)?;
        return Ok((
            i,
            Order::SupportMove {
                unit,
                supported,
                dest,
            },
        ));
    }
    let (i, _) = opt(hold_word).parse(i)?;
    Ok((i, Order::SupportHold { unit, supported }))
}

/// `F nth C A lon - nwy`, `F nth convoys army London to Norway`.
pub(super) fn convoy_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        (
            unit,
            context(AFTER_UNIT, convoy_word),
            unit,
            context(CONVOYED_ARMY, move_arrow),
            location,
        ),
        |(unit, (), army, (), dest)| Order::Convoy { unit, army, dest },
    )
    .parse(i)
}

/// `A mun R boh`, `A mun - boh`, `A mun retreats to boh`.
pub(super) fn retreat_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        (
            unit,
            context(AFTER_UNIT, alt((move_arrow, retreat_word))),
            location,
        ),
        |(unit, (), dest)| Order::Retreat { unit, dest },
    )
    .parse(i)
}

/// `A mun D`, `A mun disband`, `Disband A mun`.
pub(super) fn disband_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        alt((
            preceded(disband_word, unit),
            terminated(unit, context(AFTER_UNIT, disband_word)),
        )),
        |unit| Order::Disband { unit },
    )
    .parse(i)
}

/// `Build A par`, `A par B`, `build army Paris`, and the German judges'
/// `par A`.
pub(super) fn build_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        alt((
            preceded(build_word, (unit_type, location)),
            terminated((unit_type, location), context(AFTER_UNIT, build_word)),
            map((location, unit_type), |(l, t)| (t, l)),
        )),
        |(unit_type, location)| Order::Build {
            unit_type,
            location,
        },
    )
    .parse(i)
}

/// `Remove F kie`, `Remove kie`, `D F kie`, `F kie disband`.
pub(super) fn remove_order(i: Tokens<'_>) -> PResult<'_, Order> {
    map(
        alt((
            preceded(removal_word, unit),
            terminated(unit, context(AFTER_UNIT, removal_word)),
        )),
        |unit| Order::Remove { unit },
    )
    .parse(i)
}

/// `Waive`, `waive build`, `waive builds`.
pub(super) fn waive(i: Tokens<'_>) -> PResult<'_, Order> {
    value(
        Order::Waive,
        (
            keyword(&["waive", "waives"], Want::Waive),
            opt(keyword(&["build", "builds"], Want::Build)),
        ),
    )
    .parse(i)
}
