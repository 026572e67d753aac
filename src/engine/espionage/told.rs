//! What espionage tells the players, as data: each power's private lines
//! (ESP-6) and the lines the public results may print (SPI-10).
//! `crate::text::espionage` puts them into words.

use crate::engine::map::PowerId;
use crate::engine::order::Order;
use crate::engine::position::Unit;

/// A line of a power's private spy report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// ESP-5: the spy on `unit` was covered by a counter-spy.
    LearnedNothing(Unit),
    /// ESP-6: the spy on `unit` saw its frozen order (`None`: no order was
    /// given, so it holds).
    Reports {
        /// The unit spied on.
        unit: Unit,
        /// Its frozen order, or none when it had none.
        seen: Option<Order>,
    },
}

/// A line the public results may print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicLine {
    /// SPI-6: a Fake stopped by an Anti, named by the owner's adjective.
    FakeStopped {
        /// The Fake that was stopped.
        order: Order,
        /// The power owning the unit, whose Anti stopped it.
        owner: PowerId,
    },
    /// SPI-7: Fakes against one target collided; `tried` is each faker
    /// with its order, `exposed` the powers exposed for the round.
    Collision {
        /// Each colliding Fake: the power that sent it and its order.
        tried: Vec<(PowerId, Order)>,
        /// The powers exposed for the rest of the round (SPI-8).
        exposed: Vec<PowerId>,
    },
}
