//! Spy orders and their receipts in the secret log: the typed record
//! written when a spy order arrives (its row, owner, target and text,
//! and every power it concerns), the record of the orders a rollback
//! copies, and `game replay`'s check of every stored spy order against
//! the receipt the log recorded, field by field.

use super::Result;
use super::loaded::Loaded;
use super::rollback::{Mismatch, ReplayMismatch};
use crate::engine::Map;
use crate::engine::Phase;
use crate::engine::Position;
use crate::engine::aims::{self, Aim};
use crate::engine::{Line, SpyOrder, parse_line};
use crate::secretlog::record::{self, Copied, OrderRecord, Record};
use crate::store::PhaseRow;
use crate::store::SecretRow;
use crate::store::Tx;
use std::collections::BTreeMap;

/// What a spy order aims at, as the record keeps it: a province (with its
/// coast), a nation's name, or nothing.
pub(super) fn target_text(map: &Map, order: &SpyOrder) -> String {
    match aims::aim(order) {
        Aim::Unit(at) => {
            let abbr = &map.province(at.province).abbr;
            match at.coast {
                Some(c) => format!("{abbr}/{}", c.abbr()),
                None => abbr.clone(),
            }
        }
        Aim::Nation(p) => map.power(p).name.clone(),
        Aim::Province(p) => map.province(p).abbr.clone(),
        Aim::Nothing => String::new(),
    }
}

/// The record of a spy order's receipt: whom it concerns (its sender and
/// the powers it aims at in `pos`) and the order as received.
pub(super) fn receipt(
    l: &Loaded,
    pos: &Position,
    id: i64,
    owner: &str,
    order: &SpyOrder,
    text: &str,
) -> Record {
    let mut r = concerning(l, pos, owner, order);
    r.order = Some(OrderRecord {
        id,
        owner: owner.to_string(),
        target: target_text(l.map, order),
        text: text.to_string(),
    });
    r
}

/// The record of an entry about a spy order (its receipt or refusal):
/// its sender and the powers it aims at.
pub(super) fn concerning(l: &Loaded, pos: &Position, owner: &str, order: &SpyOrder) -> Record {
    Record::about(
        std::iter::once(owner.to_string()).chain(
            aims::order_subjects(pos, order)
                .into_iter()
                .map(|p| l.pname(p)),
        ),
    )
}

/// The record of a rollback: the spy orders copied, old row to new.
pub(super) fn copies(copied: Vec<(i64, i64)>) -> Record {
    Record {
        copies: copied
            .into_iter()
            .map(|(from, to)| Copied { from, to })
            .collect(),
        ..Record::default()
    }
}

/// The receipts of a game's log by spy-order row: the record and the
/// entry it belongs to; a copied order maps to its original's receipt.
fn receipts(
    rows: &[SecretRow],
    records: &BTreeMap<i64, Record>,
) -> BTreeMap<i64, (OrderRecord, SecretRow)> {
    let by_seq: BTreeMap<i64, &SecretRow> = rows.iter().map(|r| (r.seq, r)).collect();
    let mut out = BTreeMap::new();
    let mut copied: Vec<Copied> = Vec::new();
    for (seq, r) in records {
        if let (Some(o), Some(row)) = (&r.order, by_seq.get(seq)) {
            out.insert(o.id, (o.clone(), (*row).clone()));
        }
        copied.extend(r.copies.iter().copied());
    }
    // In log order: a copy of a copy follows its original.
    for c in copied {
        if let Some(found) = out.get(&c.from).cloned() {
            out.insert(c.to, found);
        }
    }
    out
}

/// For `game replay`: every stored spy order (of every phase, rolled back
/// or not) against the receipt the secret log recorded: its owner (also
/// against the entry's hashed power), target, text and phase. A spy
/// order with no receipt is reported, unless it came before receipts
/// were recorded, and so is a receipt whose spy order is gone.
pub(super) fn differences(
    c: &Tx<'_>,
    l: &Loaded,
    phases: &[PhaseRow],
) -> Result<Vec<ReplayMismatch>> {
    let rows = c.secret_rows(l.game.id)?;
    let found = receipts(&rows, &record::load(c, l.game.id)?);
    let unrecorded = c.unrecorded_log_up_to(l.game.id)?.unwrap_or(0);
    let mut out = Vec::new();
    let mut stored = std::collections::BTreeSet::new();
    for ph in phases {
        let kind = Phase::parse(&ph.phase)?.kind;
        for so in c.spy_orders(ph.id)? {
            stored.insert(so.id);
            let mut miss = |what: Mismatch| {
                out.push(ReplayMismatch {
                    seq: ph.seq,
                    phase: ph.phase.clone(),
                    what,
                })
            };
            let Some((logged, entry)) = found.get(&so.id) else {
                if so.id > unrecorded {
                    miss(Mismatch::SpyOrderUnlogged {
                        order: so.parsed.clone(),
                        power: so.power.clone(),
                    });
                }
                continue;
            };
            let target = match parse_line(l.map, kind, &so.parsed) {
                Ok(Line::Spy(o)) => target_text(l.map, &o),
                _ => "?".to_string(),
            };
            let logged_owner = entry.power.clone().unwrap_or_default();
            let fields = [
                ("owner", &so.power, &logged_owner),
                ("owner", &so.power, &logged.owner),
                ("target", &target, &logged.target),
                ("text", &so.parsed, &logged.text),
                ("phase", &ph.phase, &entry.phase),
            ];
            let mut told = Vec::new();
            for (field, stored, recorded) in fields {
                if stored != recorded && !told.contains(&field) {
                    told.push(field);
                    miss(Mismatch::SpyOrder {
                        order: so.parsed.clone(),
                        power: so.power.clone(),
                        field: field.to_string(),
                        stored: stored.clone(),
                        logged: recorded.clone(),
                    });
                }
            }
        }
    }
    // A receipt whose spy order is no longer stored: deleted.
    for (id, (logged, entry)) in &found {
        if !stored.contains(id) {
            let ph = phases.iter().find(|p| p.phase == entry.phase);
            out.push(ReplayMismatch {
                seq: ph.map_or(0, |p| p.seq),
                phase: entry.phase.clone(),
                what: Mismatch::SpyOrderMissing {
                    order: logged.text.clone(),
                    power: logged.owner.clone(),
                },
            });
        }
    }
    Ok(out)
}
