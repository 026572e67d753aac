//! What the parser expected where it stopped, in words a player can act
//! on.

use super::tokens::Tokens;
use crate::engine::map::Map;
use nom::IResult;
use nom::error::{ContextError, ErrorKind};

/// One thing the grammar would have accepted, in the order alternatives
/// are listed in a message (keywords first, descriptions last).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Want {
    Move,
    Support,
    Convoy,
    Hold,
    Retreat,
    Disband,
    Build,
    Remove,
    Waive,
    Via,
    ConvoyWord,
    Close,
    End,
    Coast,
    UnitType,
    Province,
    Order,
    Nation,
}

impl Want {
    pub(super) const ALL: [Want; 18] = [
        Want::Move,
        Want::Support,
        Want::Convoy,
        Want::Hold,
        Want::Retreat,
        Want::Disband,
        Want::Build,
        Want::Remove,
        Want::Waive,
        Want::Via,
        Want::ConvoyWord,
        Want::Close,
        Want::End,
        Want::Coast,
        Want::UnitType,
        Want::Province,
        Want::Order,
        Want::Nation,
    ];

    pub(super) fn bit(self) -> u32 {
        1 << self as u32
    }

    /// In words a player can act on.
    pub(super) fn text(self) -> &'static str {
        match self {
            Want::Move => "`-`",
            Want::Support => "`S`",
            Want::Convoy => "`C`",
            Want::Hold => "`H`",
            Want::Retreat => "`R`",
            Want::Disband => "`D`",
            Want::Build => "`Build`",
            Want::Remove => "`Remove`",
            Want::Waive => "`Waive`",
            Want::Via => "`via convoy`",
            Want::ConvoyWord => "`convoy`",
            Want::Close => "`)`",
            Want::End => "the end of the order",
            Want::Coast => "a coast (`nc`, `sc`, `ec` or `wc`)",
            Want::UnitType => "a unit type (`A` or `F`)",
            Want::Province => "a province name such as `par` or `Paris`",
            Want::Order => "an order",
            Want::Nation => "a nation such as `france` or `Frankreich`",
        }
    }
}

/// "a province name such as `rom` or `Rome`" from the map's own
/// provinces (`par` and `Paris` where the map has them); `None` for a map
/// with no province named in full.
fn province_example(map: &Map) -> Option<String> {
    let named = |p: &&crate::engine::map::Province| !p.name.is_empty() && p.name != p.abbr;
    let p = map
        .provinces()
        .iter()
        .filter(named)
        .find(|p| p.abbr == "par")
        .or_else(|| {
            map.provinces()
                .iter()
                .filter(named)
                .find(|p| p.home.is_some())
        })
        .or_else(|| map.provinces().iter().find(named))?;
    Some(format!(
        "a province name such as `{}` or `{}`",
        p.abbr, p.name
    ))
}

/// "a nation such as `rome`" from the map's own powers (the standard
/// map's text, with a German name, where `france` is one of them).
fn nation_example(map: &Map) -> Option<String> {
    if map.power_by_name("france").is_some() {
        return None;
    }
    let p = map.powers().first()?;
    Some(format!("a nation such as `{}`", p.name))
}

/// The grammar's error: how far reading got (counted as the tokens left,
/// so fewer is further) and what would have been accepted there.
#[derive(Clone, Debug)]
pub(super) struct Expected {
    pub(super) rest: usize,
    /// A set of [`Want`]s.
    pub(super) wants: u32,
    /// Where, in words: "after the unit".
    pub(super) after: Option<&'static str>,
}

impl Expected {
    pub(super) fn new(at: Tokens<'_>, want: Want) -> Expected {
        Expected {
            rest: at.toks.len(),
            wants: want.bit(),
            after: None,
        }
    }

    /// Two errors at the same place: either would do.
    pub(super) fn merge(mut self, other: Expected) -> Expected {
        self.wants |= other.wants;
        if self.after != other.after {
            self.after = None;
        }
        self
    }

    /// "`-`, `S`, `C` or `H` after the unit". The examples of a province
    /// and a nation are the game's own map's.
    pub(super) fn describe(&self, map: &Map) -> String {
        let province = province_example(map);
        let nation = nation_example(map);
        let items: Vec<&str> = Want::ALL
            .into_iter()
            .filter(|w| self.wants & w.bit() != 0)
            .map(|w| match w {
                Want::Province if province.is_some() => province.as_deref().unwrap_or_default(),
                Want::Nation if nation.is_some() => nation.as_deref().unwrap_or_default(),
                w => w.text(),
            })
            .collect();
        let mut out = String::new();
        for (i, w) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(if i + 1 == items.len() { " or " } else { ", " });
            }
            out.push_str(w);
        }
        if let Some(after) = self.after {
            out.push(' ');
            out.push_str(after);
        }
        out
    }
}

impl<'a> nom::error::ParseError<Tokens<'a>> for Expected {
    fn from_error_kind(input: Tokens<'a>, _kind: ErrorKind) -> Self {
        Expected::new(input, Want::Order)
    }

    fn append(_input: Tokens<'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that got further wins.
    fn or(self, other: Self) -> Self {
        match self.rest.cmp(&other.rest) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => self.merge(other),
        }
    }
}

impl<'a> ContextError<Tokens<'a>> for Expected {
    /// Says where the expectation applies ("after the unit") when the error
    /// is right where the context starts.
    fn add_context(input: Tokens<'a>, ctx: &'static str, mut other: Self) -> Self {
        if other.rest == input.toks.len() && other.after.is_none() {
            other.after = Some(ctx);
        }
        other
    }
}

pub(super) type PResult<'a, O> = IResult<Tokens<'a>, O, Expected>;

pub(super) const AFTER_UNIT: &str = "after the unit";
