//! Orders for a later phase (`PHASE F1902R` in a mail) and conditional
//! orders (`IF france A bur ... ELSE ... ENDIF`).
//!
//! - A future order is read, when it arrives, as an order of the phase it
//!   is for, against the map only (today's position says nothing about
//!   that phase's), and kept in `future_orders`.
//! - When its phase begins (in the transaction that opens the phase) its
//!   condition is evaluated on the position as the phase begins, and it is
//!   checked like an order arriving then: a taken order whose unit is gone
//!   is dropped, with a note to the player. Future orders of one power are
//!   applied in the order received, a later one for a unit replacing an
//!   earlier one (in an adjustment phase, a later submission's set
//!   replacing the earlier set), as orders received during the phase do.
//!   A future order for a phase that is never played (no retreats that
//!   year) is dropped when a later phase begins.
//! - A conditional order of the current phase is decided when it arrives:
//!   the phase has begun, and its position is today's.
//! - Conditions are answered by [`super::conditions`].
//! - Espionage orders are never accepted for a later phase or inside a
//!   conditional block: they are secret moves of one round.

use super::Coded;
use super::Why;
use super::codes::refusal::coded;
use super::conditions::evaluate;
use super::error::{Action, Refusal};
use super::loaded::{Loaded, check_playing, load, unit_key};
use super::notice::{AdvanceNote, AdvanceOutcome, LaterOrder, Notice, OrLegacy, post};
use super::refused::{MapProblem, Refused};
use super::rollback::Mismatch;
use super::{Result, Sender};
use crate::command::Condition;
use crate::engine::Position;
use crate::engine::check;
use crate::engine::{BuildSites, Map, PowerId, ProvinceId, UnitType};
use crate::engine::{Line, Order, parse_line, parse_order};
use crate::engine::{Phase, PhaseKind};
use crate::store::Audience;
use crate::store::Tx;
use crate::store::{self, NewOrder, PhaseRow, Store};
use crate::store::{FutureOrderStatus as Status, GameStatus};
use crate::store::{FutureRow, NewFuture};
use chrono::{DateTime, Utc};

/// One order line of a PHASE or IF block, as the judge hands it over.
#[derive(Debug, Clone)]
pub struct BlockOrder {
    /// The line's number in the mail, for the reply.
    pub line: usize,
    /// The order as written.
    pub text: String,
    /// The phase of its PHASE block; `None` for the current phase.
    pub phase: Option<Phase>,
    /// When it counts (the IF branches around it); `None`: always.
    pub condition: Option<Condition>,
}

/// What became of a block order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockOutcome {
    /// Kept for its later phase, as this canonical order.
    Kept {
        /// The later phase it is kept for.
        phase: Phase,
        /// The order in canonical form.
        order: String,
        /// The earlier orders for that phase, under the same condition,
        /// that it replaces (canonical).
        replaced: Vec<String>,
    },
    /// For the current phase, its condition true today: to be submitted
    /// now like any order line.
    Now,
    /// For the current phase, its condition false today: stored as not
    /// taken.
    NotTaken {
        /// The order in canonical form.
        order: String,
    },
    /// Refused, for this reason.
    Refused(Refused),
}

/// Stores a power's block orders of one mail (one batch): see the module
/// comment.
pub fn submit_block_orders(
    st: &mut Store,
    game: &str,
    power: &str,
    lines: &[BlockOrder],
    sender: &Sender,
    now: DateTime<Utc>,
) -> Result<Vec<BlockOutcome>> {
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, game)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::TakesNoOrders,
        )?;
        let pid = l.power(power)?;
        let pname = l.pname(pid);
        check_playing(c, &l, &pname, Action::GiveOrders)?;
        let row = l.current(c)?;
        let pos = l.position(&row)?;
        let current = pos.phase;
        let batch = c.next_future_batch(l.game.id)?;
        let by = sender.from.clone().unwrap_or_else(|| "judge".into());
        let mut out = Vec::new();
        for b in lines {
            let target = b.phase.unwrap_or(current);
            if target < current {
                out.push(BlockOutcome::Refused(Refused::AlreadyOver {
                    target,
                    game: l.game.name.clone(),
                    current,
                }));
                continue;
            }
            let order = match parse_line(l.map, target.kind, &b.text) {
                Ok(Line::Spy(_)) => {
                    out.push(BlockOutcome::Refused(Refused::NoSpyingInBlocks));
                    continue;
                }
                Ok(Line::Order(o)) => o,
                Err(e) if e.column == 1 => {
                    out.push(BlockOutcome::Refused(super::not_an_order(&b.text)));
                    continue;
                }
                Err(e) => {
                    out.push(BlockOutcome::Refused(Refused::UnreadableAs {
                        phase: target,
                        error: e,
                    }));
                    continue;
                }
            };
            let canon = order.to_text(l.map);
            if target != current
                && let Err(why) = map_check(l.map, pid, &order)
            {
                out.push(BlockOutcome::Refused(Refused::NeverCarriedOut {
                    order: canon,
                    why,
                }));
                continue;
            }
            let taken_now = if target == current {
                match &b.condition {
                    None => true,
                    Some(cond) => match evaluate(l.map, &pos, cond) {
                        Ok(v) => v,
                        Err(e) => {
                            out.push(BlockOutcome::Refused(e));
                            continue;
                        }
                    },
                }
            } else {
                false
            };
            if taken_now {
                out.push(BlockOutcome::Now);
                continue;
            }
            let cond_text = b.condition.as_ref().map(|c| c.to_string());
            let replaced = if target == current {
                Vec::new()
            } else {
                replace_earlier(
                    c,
                    &l,
                    &pname,
                    target,
                    cond_text.as_deref(),
                    batch,
                    &order,
                    row.seq,
                )?
            };
            c.insert_future(&NewFuture {
                game_id: l.game.id,
                power: &pname,
                phase: &target.to_string(),
                batch,
                line: b.line as i64,
                condition: cond_text.as_deref(),
                raw: &b.text,
                parsed: &canon,
                submitted_by: &by,
                submitted_at: &now_s,
                message_id: sender.message_id.as_deref(),
                submitted_seq: row.seq,
                status: if target == current {
                    Status::NotTaken
                } else {
                    Status::Pending
                },
            })?;
            out.push(if target == current {
                BlockOutcome::NotTaken { order: canon }
            } else {
                BlockOutcome::Kept {
                    phase: target,
                    order: canon,
                    replaced,
                }
            });
        }
        Ok(out)
    })
}

/// A new order for a later phase replaces the power's pending ones for
/// that phase under the same condition, as orders during a phase do: the
/// one for the same unit, or in an adjustment phase the set an earlier
/// submission gave. Returns what it replaced.
#[allow(clippy::too_many_arguments)]
fn replace_earlier(
    c: &Tx<'_>,
    l: &Loaded,
    pname: &str,
    target: Phase,
    cond: Option<&str>,
    batch: i64,
    order: &Order,
    seq: i64,
) -> Result<Vec<String>> {
    let phase = target.to_string();
    let mut out = Vec::new();
    for r in c.pending_future_orders(l.game.id, Some(pname))? {
        if r.phase != phase || r.condition.as_deref() != cond || r.batch == batch {
            continue;
        }
        let same = if target.kind == PhaseKind::Adjustment {
            true
        } else {
            let key = unit_key(order);
            key.is_some()
                && parse_order(l.map, target.kind, &r.parsed)
                    .ok()
                    .and_then(|o| unit_key(&o))
                    == key
        };
        if same {
            c.settle_future(r.id, Status::Replaced, seq, None)?;
            out.push(r.parsed);
        }
    }
    Ok(out)
}

/// What the map alone says of an order for a later phase (the units
/// then are not known): a move or retreat must lead somewhere its unit can
/// reach (an army between two coasts may be convoyed), a unit must be
/// able to stand where it is, a build must be on one of the power's home
/// centres.
fn map_check(map: &Map, pid: PowerId, o: &Order) -> std::result::Result<(), MapProblem> {
    use crate::engine::ProvinceKind;
    let kind = |p: ProvinceId| map.province(p).kind;
    let name = |p: ProvinceId| map.province(p).abbr.clone();
    let stands = |t: Option<UnitType>, p: ProvinceId| match t {
        Some(UnitType::Army) if kind(p) == ProvinceKind::Sea => {
            Err(MapProblem::ArmyCannotStand { province: name(p) })
        }
        Some(UnitType::Fleet) if kind(p) == ProvinceKind::Land => {
            Err(MapProblem::FleetCannotStand { province: name(p) })
        }
        _ => Ok(()),
    };
    let reaches = |t: Option<UnitType>, from: ProvinceId, to: ProvinceId, convoy: bool| {
        let army = kind(from) != ProvinceKind::Sea
            && kind(to) != ProvinceKind::Sea
            && (map.army_adjacent(from, to)
                || (convoy
                    && kind(from) == ProvinceKind::Coast
                    && kind(to) == ProvinceKind::Coast));
        let fleet = kind(from) != ProvinceKind::Land
            && kind(to) != ProvinceKind::Land
            && map.fleet_touches(from).contains(to);
        let ok = match t {
            Some(UnitType::Army) => army,
            Some(UnitType::Fleet) => fleet,
            None => army || fleet,
        };
        if ok {
            Ok(())
        } else {
            Err(MapProblem::DoesNotLead {
                from: name(from),
                to: name(to),
            })
        }
    };
    if let Some(u) = o.unit() {
        stands(u.unit_type, u.location.province)?;
    }
    match o {
        Order::Move { unit, dest, .. } => {
            reaches(unit.unit_type, unit.location.province, dest.province, true)
        }
        Order::Retreat { unit, dest } => {
            reaches(unit.unit_type, unit.location.province, dest.province, false)
        }
        Order::Build {
            unit_type,
            location,
        } => {
            if !map.build_site(pid, location.province) {
                return Err(MapProblem::NotBuildSite {
                    province: name(location.province),
                    power: map.power(pid).display_name(),
                    home: matches!(map.builds(), BuildSites::Home),
                });
            }
            stands(Some(*unit_type), location.province)
        }
        _ => Ok(()),
    }
}

/// Withdraws a power's future orders (CLEAR); returns how many.
pub fn clear_future_orders(st: &mut Store, game: &str, power: &str) -> Result<usize> {
    st.write(|c| {
        let l = load(c, game)?;
        let pname = l.pname(l.power(power)?);
        let seq = match c.live_phase(l.game.id)? {
            Some(r) => r.seq,
            None => return Ok(0),
        };
        Ok(c.withdraw_future(l.game.id, &pname, seq)?)
    })
}

/// A power's future orders that stand, for the end of every reply:
/// `F1902R: A mun - boh` or `F1902R, if france A bur: A mun - boh`.
pub fn standing_future_orders(
    st: &Store,
    game: &str,
    power: &str,
    lang: super::Lang,
) -> Result<Vec<String>> {
    let c = &st.read();
    let l = load(c, game)?;
    let pname = l.pname(l.power(power)?);
    Ok(super::words::words().later_orders(lang, &standing(c, &l, &pname)?))
}

/// A power's pending future orders in English words, by phase (the
/// judge's `orders show`, the end of a reply).
pub(super) fn standing_lines(c: &Tx<'_>, l: &Loaded, pname: &str) -> Result<Vec<String>> {
    let w = super::words::words();
    Ok(w.later_orders(w.judge_lang(), &standing(c, l, pname)?))
}

/// A power's pending future orders, by phase, as notices carry them.
pub(super) fn standing(c: &Tx<'_>, l: &Loaded, pname: &str) -> Result<Vec<OrLegacy<LaterOrder>>> {
    let mut rows = c.pending_future_orders(l.game.id, Some(pname))?;
    rows.sort_by_key(|r| (Phase::parse(&r.phase).ok(), r.id));
    Ok(rows
        .into_iter()
        .map(|r| {
            OrLegacy::Typed(LaterOrder {
                phase: r.phase,
                condition: r.condition,
                order: r.parsed,
            })
        })
        .collect())
}

/// What became of a pending future order as its phase began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Decision {
    Applied(Order),
    NotTaken,
    /// Why, as a code with its arguments.
    Dropped(Coded),
    Replaced,
}

impl Decision {
    fn status(&self) -> Status {
        match self {
            Decision::Applied(_) => Status::Applied,
            Decision::NotTaken => Status::NotTaken,
            Decision::Dropped(_) => Status::Dropped,
            Decision::Replaced => Status::Replaced,
        }
    }
}

/// Decides the pending future orders of a phase on the position as it
/// begins (pure: the replay asks it again). `rows` are in the order
/// received.
pub(super) fn decide(l: &Loaded, pos: &Position, rows: &[FutureRow]) -> Vec<Decision> {
    let map = l.map;
    let mut out: Vec<Decision> = Vec::with_capacity(rows.len());
    // Per power: the applied ones (index into out), the last batch, the
    // orders accepted in it.
    let mut applied: Vec<(PowerId, usize, Option<ProvinceId>)> = Vec::new();
    let mut batch_of: Vec<(PowerId, i64, Vec<Order>)> = Vec::new();
    for r in rows {
        let Ok(pid) = l.power(&r.power) else {
            out.push(Decision::Dropped(coded(&Refused::NoPower(r.power.clone()))));
            continue;
        };
        let taken = match r.condition.as_deref().map(Condition::read) {
            None => Ok(true),
            Some(Ok(cond)) => evaluate(map, pos, &cond),
            // Stored in the English the command reader gives.
            Some(Err((expected, found))) => Err(Refused::Condition(
                super::words::words().expected_found(&expected, &found),
            )),
        };
        match taken {
            Ok(true) => {}
            Ok(false) => {
                out.push(Decision::NotTaken);
                continue;
            }
            Err(e) => {
                out.push(Decision::Dropped(coded(&Refused::ConditionUnreadable(
                    Box::new(e),
                ))));
                continue;
            }
        }
        let o = match parse_order(map, pos.phase.kind, &r.parsed) {
            Ok(o) => o,
            Err(e) => {
                out.push(Decision::Dropped(coded(&Refused::StoredUnreadable(e))));
                continue;
            }
        };
        // A coast that cannot be: dropped from an army, refused a fleet.
        let o = match crate::engine::coasts::settle(map, pos, &o) {
            Ok(s) => s.order,
            Err(why) => {
                out.push(Decision::Dropped(super::codes::reason::coded(
                    map,
                    &crate::engine::Reason::Coast(why),
                )));
                continue;
            }
        };
        let here = out.len();
        if pos.phase.kind == PhaseKind::Adjustment {
            let i = match batch_of.iter().position(|(p, _, _)| *p == pid) {
                Some(i) => i,
                None => {
                    batch_of.push((pid, r.batch, Vec::new()));
                    batch_of.len() - 1
                }
            };
            if batch_of[i].1 != r.batch {
                batch_of[i] = (pid, r.batch, Vec::new());
            }
            if let Err(why) = check::check_order(map, pos, pid, &batch_of[i].2, &o) {
                out.push(Decision::Dropped(super::codes::reason::coded(map, &why)));
                continue;
            }
            // The first order of a later submission replaces the earlier set.
            if batch_of[i].2.is_empty() {
                for (p, k, _) in applied.iter().filter(|(p, _, _)| *p == pid) {
                    let _ = p;
                    out[*k] = Decision::Replaced;
                }
                applied.retain(|(p, _, _)| *p != pid);
            }
            batch_of[i].2.push(o.clone());
            applied.push((pid, here, None));
        } else {
            if let Err(why) = check::check_order(map, pos, pid, &[], &o) {
                out.push(Decision::Dropped(super::codes::reason::coded(map, &why)));
                continue;
            }
            let key = unit_key(&o);
            if let Some(j) = applied
                .iter()
                .position(|(p, _, k)| *p == pid && *k == key && key.is_some())
            {
                let (_, k, _) = applied.remove(j);
                out[k] = Decision::Replaced;
            }
            applied.push((pid, here, key));
        }
        out.push(Decision::Applied(o));
    }
    out
}

/// The phase `row` has just begun (its row inserted as `current`): every
/// pending future order for an earlier phase is dropped (that phase was
/// not played), those for this phase are decided and the taken ones
/// become the powers' orders, and each power concerned is told.
pub(super) fn begin_phase(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    now_s: &str,
) -> Result<()> {
    let pending = c.pending_future_orders(l.game.id, None)?;
    if pending.is_empty() {
        return Ok(());
    }
    let phase = pos.phase;
    let mut notes: Vec<(String, AdvanceNote)> = Vec::new();
    let mut due = Vec::new();
    for r in pending {
        match Phase::parse(&r.phase) {
            Ok(p) if p == phase => due.push(r),
            Ok(p) if p < phase => {
                let why = coded(&Refused::NotPlayed {
                    phase: p,
                    went_on_to: phase,
                });
                c.settle_future(r.id, Status::Dropped, row.seq, Some(&Why::encode(&why)))?;
                notes.push((
                    r.power.clone(),
                    AdvanceNote {
                        phase: Some(p.to_string()),
                        order: r.parsed.clone(),
                        condition: None,
                        outcome: AdvanceOutcome::Dropped(Why::Coded(why)),
                    },
                ));
            }
            Ok(_) => {}
            Err(_) => {
                c.settle_future(
                    r.id,
                    Status::Dropped,
                    row.seq,
                    Some(&Why::encode(&coded(&Refused::PhaseUnreadable))),
                )?;
            }
        }
    }
    let decisions = decide(l, pos, &due);
    for (r, d) in due.iter().zip(&decisions) {
        let why = match d {
            Decision::Dropped(why) => Some(Why::encode(why)),
            _ => None,
        };
        c.settle_future(r.id, d.status(), row.seq, why.as_deref())?;
        if let Decision::Applied(o) = d {
            let text = o.to_text(l.map);
            let id = c.insert_order(&NewOrder {
                phase_id: row.id,
                power: &r.power,
                raw: &r.raw,
                parsed: Some(&text),
                refusal: None,
                submitted_by: &r.submitted_by,
                submitted_at: &r.submitted_at,
                message_id: r.message_id.as_deref(),
            })?;
            c.link_future(id, r.id)?;
        }
        let outcome = match d {
            Decision::Applied(_) => AdvanceOutcome::Applied,
            Decision::NotTaken => AdvanceOutcome::NotTaken,
            Decision::Dropped(why) => AdvanceOutcome::Dropped(Why::Coded(why.clone())),
            Decision::Replaced => AdvanceOutcome::Replaced,
        };
        notes.push((
            r.power.clone(),
            AdvanceNote {
                phase: None,
                order: r.parsed.clone(),
                condition: r.condition.as_ref().map(|x| x.to_string()),
                outcome,
            },
        ));
    }
    let mut powers: Vec<&String> = notes.iter().map(|(p, _)| p).collect();
    powers.sort();
    powers.dedup();
    for p in powers {
        let told = Notice::AdvanceOrders {
            game: l.game.name.clone(),
            phase: phase.to_string(),
            notes: notes
                .iter()
                .filter(|(q, _)| q == p)
                .map(|(_, n)| n.clone())
                .collect(),
        };
        let to = Audience::Power(p.clone());
        post(c, l, Some(&phase.to_string()), &to, &told, now_s)?;
    }
    Ok(())
}

/// A rollback to the phase of `target` (now played again as `new_seq`):
/// future orders settled after it began are pending again, those sent
/// after it are undone, and the restored orders keep their link
/// (`links`: old order id, new order id).
pub(super) fn rolled_back(
    c: &Tx<'_>,
    l: &Loaded,
    target: &PhaseRow,
    new_seq: i64,
    links: &[(i64, i64)],
) -> Result<()> {
    for (old, new) in links {
        if let Some(f) = c.linked_future(*old)? {
            c.link_future(*new, f)?;
        }
    }
    for r in c.all_future_orders(l.game.id)? {
        if r.submitted_seq > target.seq {
            if r.status != Status::Undone {
                c.settle_future(r.id, Status::Undone, new_seq, None)?;
            }
        } else if r.resolved_seq.is_some_and(|s| s > target.seq) && r.status != Status::Undone {
            c.reopen_future(r.id)?;
        }
    }
    Ok(())
}

/// For `game replay`: the future orders settled as each phase began,
/// decided again on that phase's position; the differences.
pub(super) fn replay_check(
    c: &Tx<'_>,
    l: &Loaded,
    rows: &[PhaseRow],
) -> Result<Vec<(i64, String, Mismatch)>> {
    let all = c.all_future_orders(l.game.id)?;
    let mut bad = Vec::new();
    for r in rows {
        let settled: Vec<FutureRow> = all
            .iter()
            .filter(|f| {
                f.resolved_seq == Some(r.seq)
                    && f.phase == r.phase
                    && f.submitted_seq < r.seq
                    && matches!(
                        f.status,
                        Status::Applied | Status::NotTaken | Status::Dropped | Status::Replaced
                    )
            })
            .cloned()
            .collect();
        if settled.is_empty() {
            continue;
        }
        let pos = l.position(r)?;
        let linked: Vec<i64> = c
            .orders(r.id)?
            .iter()
            .filter_map(|o| c.linked_future(o.id).ok().flatten())
            .collect();
        for (f, d) in settled.iter().zip(decide(l, &pos, &settled)) {
            if d.status() != f.status {
                bad.push((
                    r.seq,
                    r.phase.clone(),
                    Mismatch::FutureDecision {
                        order: f.parsed.clone(),
                        power: f.power.clone(),
                        stored: f.status.to_string(),
                        again: d.status().to_string(),
                    },
                ));
            } else if f.status == Status::Applied && !linked.contains(&f.id) {
                bad.push((
                    r.seq,
                    r.phase.clone(),
                    Mismatch::FutureNotApplied {
                        order: f.parsed.clone(),
                        power: f.power.clone(),
                    },
                ));
            }
        }
    }
    Ok(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_for_a_later_phase_are_checked_against_the_map() {
        let map = Map::standard();
        let france = map.power_by_name("france").unwrap();
        let check = |kind, s: &str| map_check(map, france, &parse_order(map, kind, s).unwrap());
        assert_eq!(check(PhaseKind::Movement, "A par - bur"), Ok(()));
        assert_eq!(
            check(PhaseKind::Movement, "A bre - lon"),
            Ok(()),
            "by convoy"
        );
        assert_eq!(check(PhaseKind::Movement, "F mao - por"), Ok(()));
        assert!(check(PhaseKind::Movement, "A par - mos").is_err());
        assert!(check(PhaseKind::Movement, "A mun - lon").is_err(), "inland");
        assert!(check(PhaseKind::Movement, "F par - bur").is_err());
        assert!(check(PhaseKind::Retreat, "A bur - lon").is_err());
        assert_eq!(check(PhaseKind::Adjustment, "Build A par"), Ok(()));
        assert!(check(PhaseKind::Adjustment, "Build A mun").is_err());
        assert!(check(PhaseKind::Adjustment, "Build F par").is_err());
    }
}
