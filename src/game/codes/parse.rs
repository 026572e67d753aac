//! Why an order line could not be read, as a refused line stores it: a
//! catalogue key with its arguments ([`Coded`]): where, what the grammar
//! expected and what it found. The words layer renders it
//! (`crate::text::parse`).

use super::super::{Arg, Coded};
use crate::engine::{After, Expectation, OrderKind, ParseError, PhaseKind, Want};

/// A parse error as a catalogue key with its arguments (how a refused
/// line is stored: `crate::text::refused`).
pub(crate) fn coded(e: &ParseError) -> Coded {
    Coded::new("parse-error")
        .str("column", e.column.to_string())
        .msg("expected", expected_coded(&e.what))
        .msg("found", found_coded(e.token.as_deref()))
}

/// What was found: the token as written, or the end of the line.
pub(crate) fn found_coded(token: Option<&str>) -> Coded {
    match token {
        Some(t) => Coded::new("parse-found-token").str("token", t),
        None => Coded::new("parse-found-end"),
    }
}

fn kind_id(k: PhaseKind) -> &'static str {
    match k {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreat",
        PhaseKind::Adjustment => "adjustment",
    }
}

/// What was expected: "`-`, `S`, `C` or `H` after the unit".
pub(crate) fn expected_coded(what: &Expectation) -> Coded {
    let Expectation::Items {
        wants,
        after,
        province,
        nation,
        other_phase,
    } = what
    else {
        let Expectation::Examples(k) = what else {
            unreachable!("two kinds of expectation")
        };
        return Coded::new("parse-examples").str("phase", kind_id(*k));
    };
    let mut items: Vec<Coded> = wants
        .iter()
        .map(|w| want(*w, province.as_ref(), nation.as_deref()))
        .collect();
    let mut text = match items.pop() {
        // Nothing expected: the empty text.
        None => Coded::new("stored-verbatim").str("text", ""),
        Some(last) if items.is_empty() => last,
        Some(last) => Coded::new("parse-list")
            .arg("init", Arg::Comma { comma: items })
            .msg("last", last),
    };
    if let Some(a) = after {
        let key = match a {
            After::Unit => "parse-after-unit",
            After::ConvoyedArmy => "parse-after-convoyed-army",
        };
        text = Coded::new(key).msg("what", text);
    }
    if let Some((kind, phase)) = other_phase {
        let kind = match kind {
            OrderKind::Hold => "hold",
            OrderKind::Move => "move",
            OrderKind::Support => "support",
            OrderKind::Convoy => "convoy",
            OrderKind::Retreat => "retreat",
            OrderKind::Disband => "disband",
            OrderKind::Build => "build",
            OrderKind::Remove => "removal",
            OrderKind::Waive => "waive",
        };
        text = Coded::new("parse-other-phase")
            .msg("what", text)
            .str("kind", kind)
            .str("phase", kind_id(*phase));
    }
    text
}

/// One thing the grammar would have accepted.
fn want(w: Want, province: Option<&(String, String)>, nation: Option<&str>) -> Coded {
    let key = match w {
        Want::Move => "parse-want-move",
        Want::Support => "parse-want-support",
        Want::Convoy => "parse-want-convoy",
        Want::Hold => "parse-want-hold",
        Want::Retreat => "parse-want-retreat",
        Want::Disband => "parse-want-disband",
        Want::Build => "parse-want-build",
        Want::Remove => "parse-want-remove",
        Want::Waive => "parse-want-waive",
        Want::Via => "parse-want-via",
        Want::ConvoyWord => "parse-want-convoy-word",
        Want::Close => "parse-want-close",
        Want::End => "parse-want-end",
        Want::Coast => "parse-want-coast",
        Want::UnitType => "parse-want-unit-type",
        Want::Province => {
            let (abbr, name) = province
                .cloned()
                .unwrap_or_else(|| ("par".into(), "Paris".into()));
            return Coded::new("parse-want-province")
                .str("abbr", abbr)
                .str("name", name);
        }
        Want::Order => "parse-want-order",
        Want::Nation => match nation {
            Some(n) => return Coded::new("parse-want-nation").str("name", n),
            None => "parse-want-nation-default",
        },
    };
    Coded::new(key)
}
