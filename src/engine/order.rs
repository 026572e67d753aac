//! Orders: what players write, as data.
//!
//! [`Order`] is what the parser (module [`parse`]) produces and what the
//! adjudicator consumes. It records what the player wrote (a unit type may
//! be missing; a coast may be missing); the adjudicator checks it against
//! the position. `Display` (through [`Order::display`]) prints the canonical
//! form, which the parser reads back to the same order.

pub(super) mod parse;
pub mod words;

pub use parse::{After, Expectation, OrderKind, ParseError, Want, parse_line, parse_order};

use crate::engine::map::{Location, Map, PowerId, ProvinceId, UnitType};
use std::fmt;

/// A unit as an order names it: a location, and the unit type if the
/// player gave one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    /// The unit type written (`A`, `F`), or none when the order left it out.
    pub unit_type: Option<UnitType>,
    /// Where the unit stands.
    pub location: Location,
}

impl UnitRef {
    /// A unit as an order names it.
    pub fn new(unit_type: Option<UnitType>, location: Location) -> UnitRef {
        UnitRef {
            unit_type,
            location,
        }
    }
}

/// One order, as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// `A par H`
    Hold {
        /// The unit that holds.
        unit: UnitRef,
    },
    /// `A par - bur`; `A lon - nwy via convoy`; `A lon - nth - nwy` (the
    /// provinces between the ends are the convoy `route`, which implies
    /// `via_convoy`).
    Move {
        /// The unit that moves.
        unit: UnitRef,
        /// Where it moves to.
        dest: Location,
        /// Whether the move was written to go by convoy.
        via_convoy: bool,
        /// The provinces a convoy carries it through, as written; empty when none were named.
        route: Vec<ProvinceId>,
    },
    /// `A mun S A kie`
    SupportHold {
        /// The supporting unit.
        unit: UnitRef,
        /// The unit supported to hold.
        supported: UnitRef,
    },
    /// `F mar S A par - bur`
    SupportMove {
        /// The supporting unit.
        unit: UnitRef,
        /// The unit supported in its move.
        supported: UnitRef,
        /// Where the supported unit moves to.
        dest: Location,
    },
    /// `F nth C A lon - nwy`
    Convoy {
        /// The convoying fleet.
        unit: UnitRef,
        /// The army convoyed.
        army: UnitRef,
        /// Where the army is carried to.
        dest: Location,
    },
    /// Retreat phase: `A mun - boh`, `A mun R boh`.
    Retreat {
        /// The dislodged unit.
        unit: UnitRef,
        /// Where it retreats to.
        dest: Location,
    },
    /// Retreat phase: `A mun disband`.
    Disband {
        /// The dislodged unit that disbands.
        unit: UnitRef,
    },
    /// Adjustment phase: `Build A par`.
    Build {
        /// The type of the unit built.
        unit_type: UnitType,
        /// Where it is built (with the coast, for a fleet in a province with several).
        location: Location,
    },
    /// Adjustment phase: `Remove F kie`.
    Remove {
        /// The unit removed.
        unit: UnitRef,
    },
    /// Adjustment phase: a build deliberately not used.
    Waive,
}

impl Order {
    /// The unit the order is for (none for builds and waives).
    pub fn unit(&self) -> Option<&UnitRef> {
        match self {
            Order::Hold { unit }
            | Order::Move { unit, .. }
            | Order::SupportHold { unit, .. }
            | Order::SupportMove { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Retreat { unit, .. }
            | Order::Disband { unit }
            | Order::Remove { unit } => Some(unit),
            Order::Build { .. } | Order::Waive => None,
        }
    }

    /// The unit the order is for, to change (none for builds and waives).
    pub fn unit_mut(&mut self) -> Option<&mut UnitRef> {
        match self {
            Order::Hold { unit }
            | Order::Move { unit, .. }
            | Order::SupportHold { unit, .. }
            | Order::SupportMove { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Retreat { unit, .. }
            | Order::Disband { unit }
            | Order::Remove { unit } => Some(unit),
            Order::Build { .. } | Order::Waive => None,
        }
    }

    /// Prints the order in dipspy's canonical form.
    pub fn display<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        OrderDisplay { order: self, map }
    }

    /// The canonical text of the order.
    pub fn to_text(&self, map: &Map) -> String {
        self.display(map).to_string()
    }
}

/// Prints an order; see [`Order::display`].
pub struct OrderDisplay<'a> {
    order: &'a Order,
    map: &'a Map,
}

struct UnitText<'a>(&'a UnitRef, &'a Map);

impl fmt::Display for UnitText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(t) = self.0.unit_type {
            write!(f, "{t} ")?;
        }
        write!(f, "{}", self.1.loc_name(self.0.location))
    }
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.map;
        let u = |r| UnitText(r, m);
        match self.order {
            Order::Hold { unit } => write!(f, "{} H", u(unit)),
            Order::Move {
                unit,
                dest,
                via_convoy,
                route,
            } => {
                write!(f, "{}", u(unit))?;
                for p in route {
                    write!(f, " - {}", m.province(*p).abbr)?;
                }
                write!(f, " - {}", m.loc_name(*dest))?;
                if *via_convoy && route.is_empty() {
                    write!(f, " via convoy")?;
                }
                Ok(())
            }
            Order::SupportHold { unit, supported } => {
                write!(f, "{} S {}", u(unit), u(supported))
            }
            Order::SupportMove {
                unit,
                supported,
                dest,
            } => write!(f, "{} S {} - {}", u(unit), u(supported), m.loc_name(*dest)),
            Order::Convoy { unit, army, dest } => {
                write!(f, "{} C {} - {}", u(unit), u(army), m.loc_name(*dest))
            }
            Order::Retreat { unit, dest } => write!(f, "{} R {}", u(unit), m.loc_name(*dest)),
            Order::Disband { unit } => write!(f, "{} D", u(unit)),
            Order::Build {
                unit_type,
                location,
            } => write!(f, "Build {unit_type} {}", m.loc_name(*location)),
            Order::Remove { unit } => write!(f, "Remove {}", u(unit)),
            Order::Waive => write!(f, "Waive"),
        }
    }
}

/// An espionage order (see `espionage-rules.md`): Espionnite's spy,
/// counter-spy and reaction, Spionage's Fake, Anti and founding.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SpyOrder {
    /// ESP-3: `SPY A mun`, `ESPION mun`, `SPION A mun`.
    Spy {
        /// Another power's unit spied on.
        target: UnitRef,
    },
    /// ESP-4: `COUNTERSPY F kie`, `CONTRE-ESPION F kie`, `GEGENSPION F kie`.
    CounterSpy {
        /// The power's own unit covered.
        unit: UnitRef,
    },
    /// ESP-7: `REACTION A mun - boh`, `RÉACTION ...`, `REAKTION ...`.
    Reaction(Order),
    /// ESP-7: `REACTION NONE`.
    ReactionNone,
    /// SPI-5: `S F mun - sil`, `SPY FAKE ...`, `SPION FAKE ...`; in a
    /// movement phase it may carry the retreat-phase part `(R: bur)`
    /// (a [`Order::Retreat`] or [`Order::Disband`] of the same unit).
    Fake {
        /// The order the Fake gives to another power's unit (or a build).
        order: Order,
        /// The retreat-phase part `(R: ...)`, if written: a retreat or disband of the same unit.
        retreat: Option<Order>,
    },
    /// SPI-6: `S A france`, `SPY ANTI Frankreich`, `SPION ANTI Deutschland`.
    Anti {
        /// The power whose Fakes the Anti stops.
        nation: PowerId,
    },
    /// SPI-2: `+ S ber`, `BUILD SPY ber`, `+ SPION ber`.
    Found {
        /// The home supply centre the organisation is founded in.
        province: ProvinceId,
    },
}

/// One line a player may send: an ordinary order or an espionage order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// An ordinary order.
    Order(Order),
    /// An espionage order.
    Spy(SpyOrder),
}

/// The words an espionage order is written with: the canonical ones
/// ([`SpyWords::CANONICAL`], what the store keeps) or a reader's own
/// (`ESPION`, `GEGENSPION`, from `words.toml`); each form reads back to
/// the same order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpyWords<'w> {
    /// Before a spied unit: `SPY`.
    pub spy: &'w str,
    /// Before a counter-spy's unit: `COUNTERSPY`.
    pub counterspy: &'w str,
    /// Before a reaction: `REACTION`.
    pub reaction: &'w str,
    /// After the reaction word, for no change: `NONE`.
    pub none: &'w str,
    /// Before a Fake's order: `S F`.
    pub fake: &'w str,
    /// Before an Anti's nation: `S A`.
    pub anti: &'w str,
    /// Before a founding's province: `+ S`.
    pub found: &'w str,
}

impl SpyWords<'static> {
    /// The canonical words, in the rules' own short forms where they have
    /// one (`S F`, `S A`, `+ S`).
    pub const CANONICAL: SpyWords<'static> = SpyWords {
        spy: "SPY",
        counterspy: "COUNTERSPY",
        reaction: "REACTION",
        none: "NONE",
        fake: "S F",
        anti: "S A",
        found: "+ S",
    };
}

impl SpyOrder {
    /// The canonical text, which [`parse_line`] reads back to the same order.
    pub fn to_text(&self, map: &Map) -> String {
        self.to_text_with(map, &SpyWords::CANONICAL, |p| map.power(p).name.clone())
    }

    /// The text in `words`, naming an Anti's nation by `nation`: it reads
    /// back to the same order when the words and the name are ones
    /// [`parse_line`] reads.
    pub fn to_text_with(
        &self,
        map: &Map,
        words: &SpyWords<'_>,
        nation: impl Fn(PowerId) -> String,
    ) -> String {
        let w = words;
        match self {
            SpyOrder::Spy { target } => format!("{} {}", w.spy, UnitText(target, map)),
            SpyOrder::CounterSpy { unit } => format!("{} {}", w.counterspy, UnitText(unit, map)),
            SpyOrder::Reaction(order) => format!("{} {}", w.reaction, order.to_text(map)),
            SpyOrder::ReactionNone => format!("{} {}", w.reaction, w.none),
            // A winter build Fake in the rules' own form, as players
            // write it: `S F lon A` (SPI-5).
            SpyOrder::Fake {
                order:
                    Order::Build {
                        unit_type,
                        location,
                    },
                retreat: None,
            } => format!(
                "{} {} {}",
                w.fake,
                map.loc_name(*location),
                unit_type.letter()
            ),
            SpyOrder::Fake { order, retreat } => {
                let mut s = format!("{} {}", w.fake, order.to_text(map));
                match retreat {
                    Some(Order::Retreat { dest, .. }) => {
                        s.push_str(&format!(" (R: {})", map.loc_name(*dest)))
                    }
                    Some(_) => s.push_str(" (R: D)"),
                    None => {}
                }
                s
            }
            SpyOrder::Anti { nation: n } => format!("{} {}", w.anti, nation(*n)),
            SpyOrder::Found { province } => {
                format!("{} {}", w.found, map.province(*province).abbr)
            }
        }
    }
}

impl Line {
    /// The canonical text of the line.
    pub fn to_text(&self, map: &Map) -> String {
        match self {
            Line::Order(o) => o.to_text(map),
            Line::Spy(s) => s.to_text(map),
        }
    }
}
