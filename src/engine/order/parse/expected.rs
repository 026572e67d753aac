//! What the parser expected where it stopped, as values that an edge
//! puts into words a player can act on (`src/text/parse.rs`).

use super::tokens::Tokens;
use crate::engine::map::Map;
use crate::engine::phase::PhaseKind;
use nom::IResult;
use nom::error::{ContextError, ErrorKind};

/// One thing the grammar would have accepted, in the order alternatives
/// are listed in a message (keywords first, descriptions last).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Want {
    /// The move arrow, `-`.
    Move,
    /// The support word, `S`.
    Support,
    /// The convoy word, `C`.
    Convoy,
    /// The hold word, `H`.
    Hold,
    /// The retreat word, `R`.
    Retreat,
    /// The disband word, `D`.
    Disband,
    /// `Build`.
    Build,
    /// `Remove`.
    Remove,
    /// `Waive`.
    Waive,
    /// `via convoy`.
    Via,
    /// `convoy`, after `via`.
    ConvoyWord,
    /// A closing parenthesis, `)`.
    Close,
    /// The end of the order.
    End,
    /// A coast (`nc`, `sc`, `ec`, `wc`).
    Coast,
    /// A unit type (`A` or `F`).
    UnitType,
    /// A province name.
    Province,
    /// An order.
    Order,
    /// A nation (a power's name).
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
}

/// The example of a province from the map's own provinces (`par` and
/// `Paris` where the map has them); `None` for a map with no province
/// named in full.
fn province_example(map: &Map) -> Option<(String, String)> {
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
    Some((p.abbr.clone(), p.name.clone()))
}

/// The example of a nation from the map's own powers (`None`: the
/// standard map's, with a German name, where `france` is one of them).
fn nation_example(map: &Map) -> Option<String> {
    if map.power_by_name("france").is_some() {
        return None;
    }
    Some(map.powers().first()?.name.clone())
}

/// Where an expectation applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// After the unit that is ordered.
    Unit,
    /// After the army a convoy order names.
    ConvoyedArmy,
}

/// What the grammar expected where reading stopped, as values: the
/// edges put it into words (`src/text/parse.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// An empty line: examples of the orders of this phase kind.
    Examples(PhaseKind),
    /// Any of `wants` (in the order a message lists them).
    Items {
        /// What would have been accepted, in the order a message lists them.
        wants: Vec<Want>,
        /// What the expectation follows, when that matters (the ordered unit, a convoyed army).
        after: Option<After>,
        /// The map's example of a province (`par`, `Paris`).
        province: Option<(String, String)>,
        /// The map's example of a nation.
        nation: Option<String>,
        /// The line is a good order of another phase kind: which order,
        /// and the phase kind it is not an order of.
        other_phase: Option<(OrderKind, PhaseKind)>,
    },
}

/// A kind of order, as a hint names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// A hold.
    Hold,
    /// A move.
    Move,
    /// A support.
    Support,
    /// A convoy.
    Convoy,
    /// A retreat.
    Retreat,
    /// A disband.
    Disband,
    /// A build.
    Build,
    /// A removal.
    Remove,
    /// A waive (a build not used).
    Waive,
}

/// The grammar's error: how far reading got (counted as the tokens left,
/// so fewer is further) and what would have been accepted there.
#[derive(Clone, Debug)]
pub(super) struct Expected {
    pub(super) rest: usize,
    /// A set of [`Want`]s.
    pub(super) wants: u32,
    /// Where it applies.
    pub(super) after: Option<After>,
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

    /// What was expected, with the game's own map's examples of a
    /// province and a nation.
    pub(super) fn expectation(&self, map: &Map) -> Expectation {
        let wants: Vec<Want> = Want::ALL
            .into_iter()
            .filter(|w| self.wants & w.bit() != 0)
            .collect();
        Expectation::Items {
            province: wants
                .contains(&Want::Province)
                .then(|| province_example(map))
                .flatten(),
            nation: wants
                .contains(&Want::Nation)
                .then(|| nation_example(map))
                .flatten(),
            wants,
            after: self.after,
            other_phase: None,
        }
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
            other.after = Some(if ctx == CONVOYED_ARMY {
                After::ConvoyedArmy
            } else {
                After::Unit
            });
        }
        other
    }
}

pub(super) type PResult<'a, O> = IResult<Tokens<'a>, O, Expected>;

/// The contexts the grammar names (ids: the words are in `src/text`).
pub(super) const AFTER_UNIT: &str = "unit";
pub(super) const CONVOYED_ARMY: &str = "convoyed-army";
