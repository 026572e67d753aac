//! Processing a phase: the standing orders (and the espionage) are
//! adjudicated, the results stored and announced, and the next phase
//! opened, all in one transaction.

use super::Coded;
use super::deadlines::PhaseInfo;
use super::draw::{Ending, agreed, finish};
use super::loaded::{Loaded, has_presence, live_orders, load, needs_orders};
use super::notice::{Notice, When, post};
use super::reports::{Ended, Results};
use super::stored::{DislodgedJson, ResultsJson, position_to_json};
use super::{Refusal, Result, StoredEnd, esp};
use crate::engine::Order;
use crate::engine::Position;
use crate::engine::Source;
use crate::engine::{Adjudication, OrderResult, Outcome, adjudicate};
use crate::engine::{Map, PowerId};
use crate::engine::{Phase, PhaseKind, Season};
use crate::store::Audience;
use crate::store::Tx;
use crate::store::{self, PhaseRow, Store};
use crate::store::{GameOutcome, GameStatus, PhaseStatus, PowerStatus};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;

/// What processing a phase did.
#[derive(Debug, Clone)]
pub struct ProcessReport {
    /// The game's name.
    pub game: String,
    /// The phase processed.
    pub processed: Phase,
    /// Powers that had orders to give and gave none.
    pub missed: Vec<String>,
    /// Powers eliminated by this phase (the map's names).
    pub eliminated: Vec<String>,
    /// The phase now being played, or none when the game ended.
    pub next: Option<PhaseInfo>,
    /// How the game ended, when it did (worded by the edge:
    /// `crate::text::game_over::how`).
    pub ended: Option<Ended>,
    /// The readable results, in English (the CLI's phase report).
    pub report: String,
    /// The results as the results mail carries them, to be put into words
    /// for one reader (the master's PROCESS reply); none for the reaction
    /// sub-phase opened.
    pub results: Option<Box<super::reports::Results>>,
    /// Espionnite: the orders were frozen and the reaction sub-phase
    /// opened; the phase itself is adjudicated when it ends (ESP-7).
    pub reaction_opened: bool,
}

/// Processes the current phase of a game now, whatever its deadline.
pub fn process(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<ProcessReport> {
    st.write(|c| {
        let l = load(c, name)?;
        if l.game.status == GameStatus::Finished {
            let names = |p: &str| p.split(',').map(|x| l.display(x)).collect();
            let how = match (l.game.outcome, l.game.outcome_powers.as_deref()) {
                (Some(GameOutcome::Solo), Some(w)) => StoredEnd::WonBy(names(w)),
                (Some(GameOutcome::Draw), Some(p)) => StoredEnd::DrawnBetween(names(p)),
                (Some(GameOutcome::Ended), _) => StoredEnd::ByMaster,
                _ => StoredEnd::Unknown,
            };
            return Err(l.wrong_status(Refusal::NothingToProcess(how)));
        }
        l.require_status(&[GameStatus::Active], Refusal::ResumeBeforeProcessing)?;
        process_in(c, &l, now)
    })
}

/// Processes the current phase, step by step: freeze (Espionnite opens
/// its reaction sub-phase first), adjudicate (with the espionage), record
/// (who missed, who was late, who is out, the next phase or the end),
/// espionage (the organisations and the secret log), announce (the
/// results), and the orders sent in advance for the new phase.
pub(super) fn process_in(c: &Tx<'_>, l: &Loaded, now: DateTime<Utc>) -> Result<ProcessReport> {
    let now_s = store::time_text(now);
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    let es = esp::state(c, l, &row)?;
    if let Some(es) = freezes(es.as_ref(), &pos) {
        return esp::open_reaction(c, l, es, &row, &pos, now);
    }
    let (live, computed) = adjudicate_phase(c, l, &row, &pos, es.as_ref())?;
    let rec = record(c, l, &row, &pos, &live, &computed.adj, now)?;
    let public = espionage(c, l, &row, es.as_ref(), &computed, &rec, &now_s)?;
    if let Some(ended) = &rec.ended {
        // The final head covers the phase's entries and the end.
        let last = computed.adj.next.phase.to_string();
        super::final_head::seal(c, l, &last, ended, &now_s)?;
    }
    let (report, results) = announce_results(c, l, &row, &pos, &computed, &rec, &public, &now_s)?;
    // Orders sent earlier for the phase now begun become its orders.
    if rec.next_info.is_some() {
        let new_row = c
            .live_phase(l.game.id)?
            .ok_or_else(|| l.corrupt("the phase just opened is missing"))?;
        super::future_orders::begin_phase(c, l, &new_row, &computed.adj.next, &now_s)?;
    }
    tracing::info!(game = %l.game.name, phase = %row.phase, next = %computed.adj.next.phase, "phase processed");
    store::test_pause_hook();
    Ok(ProcessReport {
        game: l.game.name.clone(),
        processed: pos.phase,
        missed: rec.missed,
        eliminated: rec.eliminated,
        next: rec.next_info,
        ended: rec.ended,
        report,
        results: Some(results),
        reaction_opened: false,
    })
}

/// ESP-5..7: at the movement deadline an Espionnite game first freezes
/// the orders and opens the reaction sub-phase; the espionage state when
/// it must.
fn freezes<'a>(es: Option<&'a esp::PhaseState>, pos: &Position) -> Option<&'a esp::PhaseState> {
    es.filter(|es| {
        es.rules.espionnite && pos.phase.kind == PhaseKind::Movement && !es.reaction_open()
    })
}

/// The live order rows: (row id, power, order).
type LiveOrders = Vec<(i64, PowerId, Order)>;

/// The live orders, adjudicated (after the espionage), each row's result
/// stored.
fn adjudicate_phase(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    es: Option<&esp::PhaseState>,
) -> Result<(LiveOrders, Computed)> {
    let rows = c.live_orders(row.id, None)?;
    let live = live_orders(l, pos.phase.kind, &rows)?;
    let computed = compute(c, l, row, pos, es, &live)?;
    for ((id, _, _), r) in live.iter().zip(&computed.row_results) {
        let reason = super::codes::reason::encode(l.map, &r.reason);
        c.set_order_result(*id, r.outcome.as_str(), &reason)?;
    }
    Ok((live, computed))
}

/// What the record step wrote, for the steps after it.
struct Recorded {
    /// Powers that had orders to give and gave none.
    missed: Vec<String>,
    /// Late, but not missing altogether.
    partial: Vec<String>,
    eliminated: Vec<String>,
    /// The id of the phase row opened (the next phase, or the final one).
    next_id: i64,
    /// The phase now played, or none when the game ended.
    next_info: Option<PhaseInfo>,
    /// How the game ended, when it did.
    ended: Option<Ended>,
}

/// Records the phase's consequences: who missed and who was late (and
/// abandoned), who was eliminated, the phase marked processed, and the
/// next phase opened or the game ended.
fn record(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    live: &[(i64, PowerId, Order)],
    adj: &Adjudication,
    now: DateTime<Utc>,
) -> Result<Recorded> {
    let (missed, partial) = record_missed(c, l, row, pos, live, now)?;
    let eliminated = record_eliminated(c, l, row, &adj.next)?;
    let results = results_json(l.map, adj, &missed, &eliminated);
    c.mark_processed(row.id, &store::time_text(now), &results)?;
    let (next_id, next_info, ended) = open_next(c, l, row, &adj.next, now)?;
    Ok(Recorded {
        missed,
        partial,
        eliminated,
        next_id,
        next_info,
        ended,
    })
}

/// Who missed, and who was late: every power with a player whose orders
/// were incomplete is told what was played for it; abandoned, those
/// still late after a grace period or missing too often. Returns the
/// powers that missed and those late but not missing altogether.
fn record_missed(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    live: &[(i64, PowerId, Order)],
    now: DateTime<Utc>,
) -> Result<(Vec<String>, Vec<String>)> {
    let mut missed = Vec::new();
    for p in l.map.powers() {
        if needs_orders(l.map, pos, p.id) && !live.iter().any(|(_, q, _)| *q == p.id) {
            c.insert_missed(row.id, &p.name)?;
            missed.push(p.name.clone());
        }
    }
    let late = l.incomplete_players(c, pos, live)?;
    super::lateness::processed_late(c, l, row, &late, now)?;
    let incomplete: Vec<String> = late.iter().map(|(p, _)| p.clone()).collect();
    super::lateness::abandon(c, l, row, &incomplete, &missed, now)?;
    let partial: Vec<String> = incomplete
        .iter()
        .filter(|p| !missed.contains(p))
        .cloned()
        .collect();
    Ok((missed, partial))
}

/// Marks eliminated every playing power with nothing left on `next`.
fn record_eliminated(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    next: &Position,
) -> Result<Vec<String>> {
    let mut eliminated = Vec::new();
    for pr in c
        .powers(l.game.id)?
        .iter()
        .filter(|p| p.status == PowerStatus::Playing)
    {
        let id = l.power(&pr.power)?;
        if !has_presence(next, id) {
            c.set_power_status(
                l.game.id,
                &pr.power,
                PowerStatus::Eliminated,
                Some(&row.phase),
            )?;
            eliminated.push(pr.power.clone());
        }
    }
    Ok(eliminated)
}

/// Ends the game (a solo, the calendar's end, or the votes that stand;
/// a power just eliminated no longer votes) or opens the next phase with
/// its deadline. Returns the new phase row's id, the phase now played and
/// how the game ended.
fn open_next(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    next: &Position,
    now: DateTime<Utc>,
) -> Result<(i64, Option<PhaseInfo>, Option<Ended>)> {
    let now_s = store::time_text(now);
    let winner = next.winner(l.map).map(|w| l.map.power(w));
    let ending = match winner {
        Some(w) => Some(Ending::Solo(w.name.clone())),
        None if next.phase.past_the_calendar() => Some(Ending::Calendar),
        None => agreed(l, &c.powers(l.game.id)?, next),
    };
    let next_json = position_to_json(l.map, next);
    let next_s = next.phase.to_string();
    if let Some(how) = &ending {
        let id = c.insert_phase(
            l.game.id,
            &next_s,
            &next_json,
            PhaseStatus::Final,
            None,
            &now_s,
            Some(row.id),
        )?;
        let ended = finish(c, l, how, next, None, now)?;
        return Ok((id, None, Some(ended)));
    }
    let deadline = super::absence::phase_deadline(c, l, next.phase.kind, &next_s, now)?;
    let id = c.insert_phase(
        l.game.id,
        &next_s,
        &next_json,
        PhaseStatus::Current,
        Some(&store::time_text(deadline)),
        &now_s,
        Some(row.id),
    )?;
    c.clear_waits(l.game.id)?;
    if !l.settings.votes_kept {
        c.clear_draw_votes(l.game.id)?;
    }
    let info = PhaseInfo {
        phase: next.phase,
        deadline: Some(deadline),
        tz: l.settings.tz(),
    };
    Ok((id, Some(info), None))
}

/// Espionage: the organisations as the next phase starts, and the secret
/// log of this one. Returns the public lines of the results.
fn espionage(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    es: Option<&esp::PhaseState>,
    computed: &Computed,
    rec: &Recorded,
    now_s: &str,
) -> Result<Vec<Coded>> {
    let (Some(es), Some(res)) = (es, &computed.resolution) else {
        return Ok(Vec::new());
    };
    let next = &computed.adj.next;
    let mut orgs = res.organisations.entering(next.phase);
    orgs.drop_eliminated(next);
    esp::start_phase(c, l, rec.next_id, &orgs)?;
    let pos = l.position(row)?;
    let mut entries = esp::resolution_entries(l, es, &pos, &row.phase, res);
    entries.push(esp::entry(
        &row.phase,
        "processed",
        None,
        super::words::words().log_line(super::LogLine::Processed {
            phase: &row.phase,
            next: &next.phase.to_string(),
            founded: &names(l, &orgs.founded),
            exposed: &names(l, &res.organisations.exposed),
        }),
    ));
    esp::log(c, l, now_s, entries)?;
    esp::sign_head(c, l, &row.phase, crate::secretlog::PROCESSED, now_s)?;
    Ok(res
        .public
        .iter()
        .map(|p| super::codes::spy::public_coded(l.map, p))
        .collect())
}

/// The results to everybody, with the board's pictures. Units without an
/// order are listed too: the results show the whole board. Orders sent
/// in advance with PHASE are not pointed out: the results show every
/// order alike, and only the power itself was told (in its note on the
/// orders sent in advance).
#[allow(clippy::too_many_arguments)]
fn announce_results(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    computed: &Computed,
    rec: &Recorded,
    public: &[Coded],
    now_s: &str,
) -> Result<(String, Box<Results>)> {
    let adj = &computed.adj;
    let texts: Vec<String> = computed
        .input
        .iter()
        .map(|(_, o)| o.to_text(l.map))
        .collect();
    let unordered = crate::report::unordered_units(l.map, pos, &computed.input, adj);
    let lines: Vec<crate::report::ReportLine> = computed
        .input
        .iter()
        .zip(&texts)
        .zip(&adj.results)
        .map(|(((p, _), t), r)| crate::report::ReportLine {
            power: *p,
            text: t,
            result: r,
        })
        .chain(unordered.iter().map(|(p, t, r)| crate::report::ReportLine {
            power: *p,
            text: t,
            result: r,
        }))
        .collect();
    let shown = |list: &[String]| list.iter().map(|p| l.display(p)).collect();
    let results = Results {
        game: l.game.name.clone(),
        report: super::phase_results(l.map, pos, &lines, adj),
        espionage: public.to_vec(),
        board: super::board(l.map, pos, &adj.next),
        missed: shown(&rec.missed),
        incomplete: shown(&rec.partial),
        eliminated: shown(&rec.eliminated),
        ended: rec.ended.clone(),
        next: rec.next_info.as_ref().and_then(|i| {
            i.deadline
                .map(|at| (i.phase.to_string(), When { at, tz: i.tz }))
        }),
    };
    // The CLI's phase report; readers get the notice, worded for each.
    let report = super::words::words().results_report(&results);
    let notice = Notice::Results(Box::new(results));
    let announcement = post(c, l, Some(&row.phase), &Audience::All, &notice, now_s)?;
    super::pictures::attach_results(c, l, announcement, pos, &computed.input, adj)?;
    let Notice::Results(results) = notice else {
        unreachable!("the notice was made as results just above")
    };
    Ok((report, results))
}

pub(super) fn names(l: &Loaded, set: &BTreeSet<PowerId>) -> String {
    if set.is_empty() {
        return "none".into();
    }
    set.iter()
        .map(|p| l.pname(*p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A phase as adjudicated: in an espionage game, after spying, reactions
/// and Fakes (the order of steps of `espionage-rules.md`).
pub(super) struct Computed {
    /// The orders adjudicated, each under its unit's owner.
    pub(super) input: Vec<(PowerId, Order)>,
    pub(super) adj: Adjudication,
    /// One result per live order row (`replaced` when a reaction or a
    /// Fake took its place).
    pub(super) row_results: Vec<OrderResult>,
    pub(super) resolution: Option<crate::engine::Resolution>,
}

pub(super) fn compute(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    pos: &Position,
    es: Option<&esp::PhaseState>,
    live: &[(i64, PowerId, Order)],
) -> Result<Computed> {
    let frozen: Vec<(PowerId, Order)> = live.iter().map(|(_, p, o)| (*p, o.clone())).collect();
    let Some(es) = es else {
        let adj = adjudicate(l.map, pos, &frozen);
        if adj.results.len() != live.len() {
            return Err(l.corrupt("the adjudicator returned a result per order"));
        }
        return Ok(Computed {
            input: frozen,
            row_results: adj.results.clone(),
            adj,
            resolution: None,
        });
    };
    let res = esp::resolve(c, l, es, row, pos, &frozen)?;
    let input: Vec<(PowerId, Order)> = res
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone()))
        .collect();
    let mut adj = adjudicate(l.map, pos, &input);
    if adj.results.len() != input.len() {
        return Err(l.corrupt("the adjudicator returned a result per order"));
    }
    if es.rules.spionage {
        spi_2_hold_winter(pos, &mut adj.next);
    }
    let mut row_results =
        vec![OrderResult::new(Outcome::Replaced, crate::engine::Reason::Replaced); live.len()];
    for (f, r) in res.orders.iter().zip(&adj.results) {
        if let Source::Submitted(k) = f.source {
            row_results[k] = r.clone();
        }
    }
    Ok(Computed {
        input,
        adj,
        row_results,
        resolution: Some(res),
    })
}

/// SPI-2: a Spionage game holds the winter adjustment phase every year,
/// even when nobody has anything to build or remove.
pub(super) fn spi_2_hold_winter(before: &Position, next: &mut Position) {
    let year = before.phase.year;
    if before.phase.season == Season::Fall
        && before.phase.kind != PhaseKind::Adjustment
        && next.phase.season == Season::Spring
        && next.phase.year > year
    {
        next.phase = Phase::new(Season::Winter, year, PhaseKind::Adjustment);
    }
}

pub(super) fn results_json(
    map: &Map,
    adj: &Adjudication,
    missed: &[String],
    eliminated: &[String],
) -> String {
    let j = ResultsJson {
        next_phase: adj.next.phase.to_string(),
        dislodged: adj
            .dislodged
            .iter()
            .map(|d| DislodgedJson {
                power: map.power(d.dislodged.unit.power).name.clone(),
                unit: d.dislodged.unit.text(map),
                attacked_from: d
                    .dislodged
                    .attacked_from
                    .map(|a| map.province(a).abbr.clone()),
                retreats: d.retreats.iter().map(|r| map.loc_name(*r)).collect(),
            })
            .collect(),
        contested: adj
            .contested
            .iter()
            .map(|p| map.province(*p).abbr.clone())
            .collect(),
        missed: missed.to_vec(),
        eliminated: eliminated.to_vec(),
    };
    serde_json::to_string(&j).expect("results serialise")
}
