//! Going back: a game rolled back to an earlier phase, and the replay
//! that re-adjudicates the stored history to check it.

use super::deadlines::PhaseInfo;
use super::error::{Damage, Refusal};
use super::loaded::{has_presence, live_orders, load};
use super::notice::{Notice, When, post};
use super::process::compute;
use super::stored::position_to_json;
use super::words::{judge_lang, words};
use super::{GameError, Result, esp};
use crate::engine::Phase;
use crate::engine::Position;
use crate::store::Audience;
use crate::store::{self, NewOrder, Store};
use crate::store::{GameStatus, OrderStatus, PhaseStatus, PowerStatus, SpyOrderStatus};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// The judge undoes play back to the start of `phase`: every phase from
/// its last processing on is marked rolled back (and kept in the
/// history), and the phase starts again with a fresh deadline and the
/// orders that stood when it was processed.
pub fn rollback(st: &mut Store, name: &str, phase: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused, GameStatus::Finished],
            Refusal::NotStarted,
        )?;
        let ph = Phase::parse(phase)?.to_string();
        let rows = c.phases(l.game.id)?;
        let target = rows
            .iter()
            .rfind(|r| r.phase == ph && r.status == PhaseStatus::Processed)
            .ok_or_else(|| GameError::NoSuchPhase {
                game: l.game.name.clone(),
                phase: ph.clone(),
            })?;
        let pos = l.position(target)?;
        c.mark_rolled_back(l.game.id, target.seq, &now_s)?;
        let deadline = super::absence::phase_deadline(c, &l, pos.phase.kind, &ph, now)?;
        let new_id = c.insert_phase(
            l.game.id,
            &ph,
            &target.position,
            PhaseStatus::Current,
            Some(&store::time_text(deadline)),
            &now_s,
            None,
        )?;
        let mut links = Vec::new();
        for o in c
            .orders(target.id)?
            .iter()
            .filter(|o| o.status == OrderStatus::Live)
        {
            let new_order = c.insert_order(&NewOrder {
                phase_id: new_id,
                power: &o.power,
                raw: &o.raw,
                parsed: o.parsed.as_deref(),
                refusal: None,
                submitted_by: &o.submitted_by,
                submitted_at: &o.submitted_at,
                message_id: o.message_id.as_deref(),
            })?;
            links.push((o.id, new_order));
        }
        // Orders sent for later phases are pending again.
        let new_seq = c
            .live_phase(l.game.id)?
            .ok_or_else(|| l.corrupt(Damage::ReplayedPhaseMissing))?
            .seq;
        super::future_orders::rolled_back(c, &l, target, new_seq, &links)?;
        copy_espionage(c, &l, target.id, new_id, &ph, &now_s)?;
        restore_powers(c, &l, &pos, &ph)?;
        c.clear_waits(l.game.id)?;
        c.clear_draw_votes(l.game.id)?;
        c.set_outcome(l.game.id, None, None)?;
        if l.game.status == GameStatus::Paused {
            c.set_paused_remaining(l.game.id, Some((deadline - now).num_seconds()))?;
        } else {
            c.set_game_status(l.game.id, GameStatus::Active)?;
        }
        // Everyone is told; each power privately learns its own orders
        // that stand again (the phase is being played: orders are secret).
        let due = When {
            at: deadline,
            tz: l.settings.tz(),
        };
        let paused = l.game.status == GameStatus::Paused;
        let back = Notice::RolledBack {
            game: l.game.name.clone(),
            phase: ph.clone(),
            paused,
            deadline: due,
        };
        super::deadlines::tell_all(c, &l, &ph, &back, now)?;
        let new_row = c
            .live_phase(l.game.id)?
            .ok_or_else(|| l.corrupt(Damage::ReplayedPhaseMissing))?;
        for pr in c
            .powers(l.game.id)?
            .iter()
            .filter(|p| p.status == PowerStatus::Playing)
        {
            let orders: Vec<String> = c
                .live_orders(new_id, Some(&pr.power))?
                .into_iter()
                .filter_map(|o| o.parsed)
                .chain(esp::standing(c, &new_row, &pr.power)?)
                .collect();
            let again = Notice::OrdersAgain {
                game: l.game.name.clone(),
                phase: ph.clone(),
                orders,
                later: super::future_orders::standing(c, &l, &pr.power)?,
                paused,
                deadline: due,
            };
            let to = Audience::Power(pr.power.clone());
            post(c, &l, Some(&ph), &to, &again, &now_s)?;
        }
        tracing::info!(game = name, phase = %ph, "rolled back");
        Ok(PhaseInfo {
            phase: pos.phase,
            deadline: Some(deadline),
            tz: l.settings.tz(),
        })
    })
}

/// The espionage of the phase rolled back to, copied to its new row: the
/// organisations and the live spy orders, but not the reactions (the
/// reaction phase is played again); the secret log records the rollback.
fn copy_espionage(
    c: &crate::store::Tx<'_>,
    l: &super::loaded::Loaded,
    from: i64,
    new_id: i64,
    ph: &str,
    now_s: &str,
) -> Result<()> {
    if let Some(es) = c.phase_espionage(from)? {
        c.insert_phase_espionage(new_id, &es.organisations)?;
        // The reaction phase is played again: reactions are not kept.
        let mut copied = Vec::new();
        for o in c
            .spy_orders(from)?
            .iter()
            .filter(|o| o.status == SpyOrderStatus::Live && o.slot != "reaction")
        {
            let to = c.insert_spy_order(&store::NewSpyOrder {
                phase_id: new_id,
                power: &o.power,
                raw: &o.raw,
                parsed: &o.parsed,
                slot: &o.slot,
                error: None,
                submitted_by: &o.submitted_by,
                submitted_at: &o.submitted_at,
                message_id: o.message_id.as_deref(),
            })?;
            copied.push((o.id, to));
        }
        let mut back = esp::entry(
            ph,
            "rollback",
            None,
            format!("the judge rolled the game back to the start of {ph}"),
        );
        back.record = super::spy_receipts::copies(copied);
        esp::log(c, l, now_s, vec![back])?;
    }
    Ok(())
}

/// Each power with a player plays again if it has units or centres in the
/// restored position, and is eliminated otherwise.
fn restore_powers(
    c: &crate::store::Tx<'_>,
    l: &super::loaded::Loaded,
    pos: &Position,
    ph: &str,
) -> Result<()> {
    for pr in c.powers(l.game.id)? {
        if pr.email.is_none() {
            continue;
        }
        let id = l.power(&pr.power)?;
        if has_presence(pos, id) {
            c.set_power_status(l.game.id, &pr.power, PowerStatus::Playing, None)?;
        } else if pr.status != PowerStatus::Eliminated {
            c.set_power_status(l.game.id, &pr.power, PowerStatus::Eliminated, Some(ph))?;
        }
    }
    Ok(())
}

/// A difference found by [`replay`].
#[derive(Debug, Serialize)]
pub struct ReplayMismatch {
    /// The phase row's number among the game's attempts.
    pub seq: i64,
    /// The phase (`S1901M`).
    pub phase: String,
    /// What differs.
    pub what: Mismatch,
}

/// What the replay found different (its words: `src/text/replay.rs`).
/// The espionage details are the espionage layer's own words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Mismatch {
    /// The espionage state the game started from.
    EspionageAtStart(String),
    /// An order's stored result against the recomputed one (outcome ids
    /// and reasons as read).
    OrderResult {
        /// The order, written back in notation.
        order: String,
        /// The stored outcome id; none if none was stored.
        stored: Option<String>,
        /// The stored reason, in English.
        stored_reason: String,
        /// The recomputed outcome id.
        recomputed: String,
        /// The recomputed reason, in English.
        recomputed_reason: String,
    },
    /// An Espionnite phase processed without its reaction phase (ESP-7).
    ReactionsNeverOpened,
    /// The powers owing a reaction (ESP-8).
    Owed(String),
    /// The espionage state carried from the phase named.
    EspionageCarried {
        /// The phase it was carried from (`S1901M`).
        from: String,
        /// What differs, in the espionage layer's words.
        difference: String,
    },
    /// The phase this one produced is missing.
    ProducedMissing,
    /// The stored next position (JSON) against the recomputed one.
    NextPosition {
        /// The stored next position, as JSON.
        stored: String,
        /// The recomputed next position, as JSON.
        recomputed: String,
    },
    /// A future order's stored decision against the one made again.
    FutureDecision {
        /// The future order as stored (canonical form).
        order: String,
        /// The power it is for (the map's name of it).
        power: String,
        /// The stored decision (`applied`, `not_taken`, `dropped`, ...).
        stored: String,
        /// The decision made again.
        again: String,
    },
    /// A future order applied with no order of the phase from it.
    FutureNotApplied {
        /// The future order as stored (canonical form).
        order: String,
        /// The power it is for (the map's name of it).
        power: String,
    },
    /// A stored spy order's field (owner, target, text, phase) against
    /// what the secret log recorded when it arrived.
    SpyOrder {
        /// The spy order as stored (canonical form).
        order: String,
        /// The power it is for (the map's name of it).
        power: String,
        /// Which field differs (owner, target, text or phase).
        field: String,
        /// The field's value as stored.
        stored: String,
        /// The field's value as the secret log recorded it.
        logged: String,
    },
    /// A stored spy order the secret log has no receipt of.
    SpyOrderUnlogged {
        /// The spy order as stored (canonical form).
        order: String,
        /// The power it is for (the map's name of it).
        power: String,
    },
    /// A spy order the secret log received that is no longer stored.
    SpyOrderMissing {
        /// The spy order as the secret log received it.
        order: String,
        /// The power it is for (the map's name of it).
        power: String,
    },
}

/// Recomputes every processed phase (rolled-back ones included) from its
/// stored position and orders, and compares with the stored results and
/// the stored position that followed. Returns how many phases were
/// checked and the differences.
pub fn replay(st: &Store, name: &str) -> Result<(usize, Vec<ReplayMismatch>)> {
    let c = &st.read();
    let l = load(c, name)?;
    let rows = c.phases(l.game.id)?;
    let mut checked = 0;
    let mut bad = Vec::new();
    // The first phase starts from the game's settings (SPI-1).
    if let Some(first) = rows.first()
        && let Some(es) = esp::state(c, &l, first)?
    {
        let start = crate::engine::Organisations::at_start(l.map, l.settings.spy_at_start);
        for d in esp::carried_differences(&l, &start, &es.orgs) {
            bad.push(ReplayMismatch {
                seq: first.seq,
                phase: first.phase.clone(),
                what: Mismatch::EspionageAtStart(d),
            });
        }
    }
    let mut carried = Vec::new();
    for r in rows.iter().filter(|r| r.processed_at.is_some()) {
        checked += 1;
        let mut miss = |what: Mismatch| {
            bad.push(ReplayMismatch {
                seq: r.seq,
                phase: r.phase.clone(),
                what,
            })
        };
        let pos = l.position(r)?;
        let orders = c.orders(r.id)?;
        let live = live_orders(&l, pos.phase.kind, &orders)?;
        let es = esp::state(c, &l, r)?;
        let computed = compute(c, &l, r, &pos, es.as_ref(), &live)?;
        let adj = computed.adj;
        for (((id, _, o), res), row) in live
            .iter()
            .zip(&computed.row_results)
            .zip(orders.iter().filter(|o| o.status == OrderStatus::Live))
        {
            debug_assert_eq!(*id, row.id);
            // Compared as read: a legacy text (migration 0019) matches the
            // code that renders to it.
            let w = words();
            let stored = w.stored_reason(judge_lang(), row.reason.as_deref().unwrap_or(""));
            let recomputed = w.reason(judge_lang(), l.map, &res.reason);
            if row.outcome.as_deref() != Some(res.outcome.as_str()) || stored != recomputed {
                miss(Mismatch::OrderResult {
                    order: o.to_text(l.map),
                    stored: row.outcome.clone(),
                    stored_reason: stored,
                    recomputed: res.outcome.to_string(),
                    recomputed_reason: recomputed,
                });
            }
        }
        // ESP-7: an Espionnite movement phase is processed only after its
        // reaction phase, in which every power with units owed a reaction.
        if let Some(es) = &es
            && es.rules.espionnite
            && pos.phase.kind == crate::engine::PhaseKind::Movement
            && !es.reaction_open()
        {
            miss(Mismatch::ReactionsNeverOpened);
        }
        // ESP-8: the powers that owed a reaction when the reaction phase
        // opened, recomputed from the phase's stored position.
        if let Some(es) = &es
            && es.rules.espionnite
            && pos.phase.kind == crate::engine::PhaseKind::Movement
            && es.reaction_open()
            && let Some(d) = esp::owed_difference(
                &l,
                es,
                &pos,
                super::final_head::legacy_allowed(
                    c,
                    &l,
                    &r.phase,
                    es.row.reaction_opened_at.as_deref(),
                )?,
            )
        {
            miss(Mismatch::Owed(d));
        }
        // The espionage state this phase left must be the state every
        // phase it produced starts from.
        if let Some(res) = &computed.resolution {
            let mut left = res.organisations.entering(adj.next.phase);
            left.drop_eliminated(&adj.next);
            for n in rows.iter().filter(|n| n.produced_by == Some(r.id)) {
                if let Some(ns) = esp::state(c, &l, n)? {
                    for d in esp::carried_differences(&l, &left, &ns.orgs) {
                        carried.push(ReplayMismatch {
                            seq: n.seq,
                            phase: n.phase.clone(),
                            what: Mismatch::EspionageCarried {
                                from: r.phase.clone(),
                                difference: d,
                            },
                        });
                    }
                }
            }
        }
        match rows.iter().find(|n| n.produced_by == Some(r.id)) {
            None => miss(Mismatch::ProducedMissing),
            Some(n) => {
                let stored = l.position(n)?;
                if stored != adj.next {
                    miss(Mismatch::NextPosition {
                        stored: n.position.clone(),
                        recomputed: position_to_json(l.map, &adj.next),
                    });
                }
            }
        }
    }
    bad.extend(carried);
    // Every spy order against its receipt in the secret log.
    bad.extend(super::spy_receipts::differences(c, &l, &rows)?);
    bad.sort_by_key(|b| b.seq);
    // The orders sent in advance, decided again as each phase began.
    for (seq, phase, what) in super::future_orders::replay_check(c, &l, &rows)? {
        bad.push(ReplayMismatch { seq, phase, what });
    }
    Ok((checked, bad))
}
