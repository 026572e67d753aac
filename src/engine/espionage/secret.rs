//! The judge's secret log as data (ESP-10, SPI-11): what each entry
//! records, with the powers, units and orders it names.
//! `crate::text::secret_log` writes it in the judge's words.

use super::{Rejected, Source};
use crate::engine::map::{PowerId, ProvinceId};
use crate::engine::order::{Order, SpyOrder};
use crate::engine::position::Unit;

/// What one secret-log entry records. The entry's power
/// ([`super::SecretEntry::power`]) is who acted: the sender of a spy
/// order, the spy, the faker, the owner of an adjudicated unit (for a
/// collision, the owner of the unit the Fakes aimed at).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecretLine {
    /// A spy order arrived.
    Received {
        /// The spy order as it arrived.
        order: SpyOrder,
    },
    /// A spy order was refused, by this rule and for this reason.
    Rejected {
        /// The spy order refused.
        order: SpyOrder,
        /// The rule that refused it and the reason.
        why: Rejected,
    },
    /// ESP-4: a counter-spy covers the power's own unit.
    CounterSpyCovers {
        /// The covered unit.
        unit: Unit,
    },
    /// ESP-5: the spy on `unit` met its owner's counter-spy and learned
    /// nothing.
    SpyCovered {
        /// The unit spied on.
        unit: Unit,
    },
    /// ESP-6: the spy on `unit` learned its frozen order (none: it holds
    /// without an order).
    SpySucceeded {
        /// The unit spied on.
        unit: Unit,
        /// Its frozen order, or none when it had none.
        seen: Option<Order>,
    },
    /// ESP-7: `REACTION NONE`.
    ReactedNone,
    /// ESP-9: a reaction replaced an order (none: the unit had no order).
    Reacted {
        /// The unit's frozen order, or none when it had none.
        before: Option<Order>,
        /// The order the reaction gave it.
        after: Order,
    },
    /// SPI-2: an organisation founded in a home centre.
    Founded {
        /// The home supply centre it was founded in.
        province: ProvinceId,
    },
    /// SPI-8: the faker is exposed this round; its Fake does nothing.
    FakeWhileExposed {
        /// The Fake that did nothing.
        order: Order,
    },
    /// SPI-6: `owner`'s Anti against the faker stopped the Fake.
    FakeStopped {
        /// The Fake that was stopped.
        order: Order,
        /// The power owning the unit, whose Anti stopped it.
        owner: PowerId,
    },
    /// SPI-7: Fakes of several powers aimed at one target.
    Collision {
        /// Each colliding Fake: the power that sent it and its order.
        tried: Vec<(PowerId, Order)>,
    },
    /// SPI-8: exposed for the rest of the round.
    Exposed,
    /// SPI-9: the Fake took effect as `owner`'s order in place of
    /// `replaced` (none: the unit had no order).
    FakeApplied {
        /// The Fake's order, adjudicated as the owner's.
        order: Order,
        /// The power owning the unit.
        owner: PowerId,
        /// The owner's order it replaced, or none when the unit had none.
        replaced: Option<Order>,
    },
    /// SPI-5: the Fake had nothing to replace.
    FakeNothingToReplace {
        /// The Fake that did nothing.
        order: Order,
    },
    /// SPI-11: the order the unit was finally adjudicated with, and where
    /// it came from.
    Adjudicated {
        /// The order the unit was adjudicated with.
        order: Order,
        /// Where that order came from: the owner, a reaction, or a Fake.
        source: Source,
    },
}
