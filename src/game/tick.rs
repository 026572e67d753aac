//! The judge's heartbeat: every running game whose deadline has passed,
//! or whose orders are all in, is processed.

use super::loaded::{Loaded, live_orders, load, needs_orders, orders_complete};
use super::process::{ProcessReport, process_in};
use super::{GameError, Result, esp, lateness};
use crate::engine::PhaseKind;
use crate::store::GameStatus;
use crate::store::Tx;
use crate::store::{self, PhaseRow, Store};
use chrono::{DateTime, Utc};

/// Why `tick` processed a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TickReason {
    /// The phase's deadline has passed.
    Deadline,
    /// Every power that has something to order has its orders (or, in a reaction phase, its reactions) in, and nobody asked to wait.
    AllOrdersIn,
}

/// What `tick` did with one game.
pub type TickOutcome = std::result::Result<(TickReason, ProcessReport), GameError>;

/// Processes every running game whose deadline has passed, or whose
/// powers have all given complete orders with nobody asking to wait. Each
/// game is processed in its own transaction; one game's failure does not
/// stop the others.
pub fn tick(st: &mut Store, now: DateTime<Utc>) -> Result<Vec<(String, TickOutcome)>> {
    let names: Vec<String> = st
        .read()
        .games()?
        .into_iter()
        .filter(|g| g.status == GameStatus::Active)
        .map(|g| g.name)
        .collect();
    let mut out = Vec::new();
    for name in names {
        let r = st.write(|c| {
            let l = load(c, &name)?;
            if l.game.status != GameStatus::Active {
                return Ok(None);
            }
            let Some(reason) = due(c, &l, now)? else {
                return Ok(None);
            };
            // A game that waits for late orders sends its late notices
            // and moves the deadline instead.
            if reason == TickReason::Deadline && lateness::start_grace(c, &l, &l.current(c)?, now)?
            {
                return Ok(None);
            }
            process_in(c, &l, now).map(|r| Some((reason, r)))
        });
        match r {
            Ok(None) => {}
            Ok(Some(x)) => out.push((name, Ok(x))),
            Err(e) => {
                tracing::error!(game = %name, error = %e, "processing failed");
                out.push((name, Err(e)));
            }
        }
    }
    Ok(out)
}

/// Whether the current phase should be processed now, and why.
pub(super) fn due(c: &Tx<'_>, l: &Loaded, now: DateTime<Utc>) -> Result<Option<TickReason>> {
    let row = l.current(c)?;
    if let Some(d) = row.deadline.as_deref().and_then(store::parse_time)
        && d <= now
    {
        return Ok(Some(TickReason::Deadline));
    }
    // ESP-8: the reaction phase ends early when every power with units
    // has answered (reported as all orders in).
    if let Some(es) = esp::state(c, l, &row)?
        && es.reaction_open()
    {
        let pos = l.position(&row)?;
        return Ok(
            esp::reactions_complete(c, l, &es, &row, &pos)?.then_some(TickReason::AllOrdersIn)
        );
    }
    // A phase played again after a rollback (the only phase after the
    // first that no processing produced) waits for its deadline or the
    // master's PROCESS, even with every order in: the orders that stood
    // are restored, and the players must have the time to change them.
    if row.produced_by.is_none() && row.seq > 0 {
        return Ok(None);
    }
    Ok(all_in(c, l, &row)?.then_some(TickReason::AllOrdersIn))
}

/// Every power that has something to order has complete orders in, and
/// nobody asked to wait.
pub(super) fn all_in(c: &Tx<'_>, l: &Loaded, row: &PhaseRow) -> Result<bool> {
    let pos = l.position(row)?;
    let rows = c.live_orders(row.id, None)?;
    let live = live_orders(l, pos.phase.kind, &rows)?;
    let powers = c.powers(l.game.id)?;
    if powers.iter().any(|p| p.wait) {
        return Ok(false);
    }
    // SPI-2: a Spionage winter waits also for powers that may found.
    if pos.phase.kind == PhaseKind::Adjustment
        && let Some(es) = esp::state(c, l, row)?
        && es.rules.spionage
    {
        for p in l.map.powers() {
            if !esp::spionage_winter_done(c, l, &es, row, &pos, p.id, &live)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    Ok(l.map
        .powers()
        .iter()
        .all(|p| !needs_orders(l.map, &pos, p.id) || orders_complete(l.map, &pos, p.id, &live)))
}
