//! Read-only views of a game for the command line and the mail
//! commands: a game, the list of games, its history, the phase now, a
//! preview of the results.

use super::clock::show_time;
use super::deadlines::PhaseInfo;
use super::error::Refusal;
use super::loaded::{live_orders, load, needs_orders};
use super::settings::Settings;
use super::stored::ResultsJson;
use super::{GameError, Result, esp};
use crate::engine::adjudicate::{self};
use crate::engine::map::{PowerId, ProvinceId};
use crate::engine::order::Order;
use crate::engine::phase::Phase;
use crate::store::{self, Store};
use crate::store::{GameOutcome, GameStatus, OrderStatus, PhaseStatus, PowerStatus};
use serde::Serialize;
use std::collections::BTreeMap;

/// A power's line in `game show`.
#[derive(Debug, Serialize)]
pub struct PowerView {
    pub power: String,
    pub status: PowerStatus,
    pub email: Option<String>,
    pub centers: usize,
    pub units: usize,
    pub needs_orders: bool,
    pub orders_in: bool,
    pub wait: bool,
    pub draw_vote: bool,
    /// The powers the draw vote names (none: all survivors).
    pub draw_with: Option<String>,
    /// The power this one votes to concede to.
    pub concede_to: Option<String>,
    /// In an Espionnite reaction phase (ESP-7, ESP-8): whether the power
    /// has reacted (`true`) or still owes a reaction (`false`); none for
    /// a power without units or outside a reaction phase.
    pub reacted: Option<bool>,
}

/// Everything `game show` prints.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub name: String,
    pub variant: String,
    pub status: GameStatus,
    /// How the game ended, once it is over.
    pub outcome: Option<GameOutcome>,
    pub outcome_powers: Vec<String>,
    pub phase: Option<String>,
    pub phase_name: Option<String>,
    pub deadline: Option<String>,
    pub timezone: String,
    pub powers: Vec<PowerView>,
    pub units: BTreeMap<String, Vec<String>>,
    pub dislodged: Vec<String>,
    pub centers: BTreeMap<String, Vec<String>>,
    pub settings: Settings,
    /// Espionage rule sets in force.
    pub rules: Vec<String>,
    /// Espionnite: the orders are frozen and the reaction sub-phase is
    /// open until `deadline` (ESP-7).
    pub reaction_phase: bool,
}

pub fn show(st: &Store, name: &str) -> Result<GameView> {
    let c = &st.read();
    let l = load(c, name)?;
    let tz = l.settings.tz();
    let row = c.live_phase(l.game.id)?;
    let pos = row.as_ref().map(|r| l.position(r)).transpose()?;
    let live = match (&row, &pos) {
        (Some(r), Some(p)) if r.status == PhaseStatus::Current => {
            live_orders(&l, p.phase.kind, &c.live_orders(r.id, None)?)?
        }
        _ => Vec::new(),
    };
    let current = row
        .as_ref()
        .is_some_and(|r| r.status == PhaseStatus::Current);
    let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut dislodged = Vec::new();
    if let Some(p) = &pos {
        for u in &p.units {
            units
                .entry(l.pname(u.power))
                .or_default()
                .push(u.text(l.map));
        }
        for (i, o) in p.owners.iter().enumerate() {
            if let Some(o) = o {
                centers
                    .entry(l.pname(*o))
                    .or_default()
                    .push(l.map.province(ProvinceId(i as u16)).abbr.clone());
            }
        }
        dislodged = p
            .dislodged
            .iter()
            .map(|d| format!("{} {}", l.pname(d.unit.power), d.unit.text(l.map)))
            .collect();
    }
    for v in units.values_mut().chain(centers.values_mut()) {
        v.sort();
    }
    let es = match &row {
        Some(r) if r.status == PhaseStatus::Current => esp::state(c, &l, r)?,
        _ => None,
    };
    // ESP-8: who has sent a reaction (or REACTION NONE) that stands.
    let reacted: Option<Vec<String>> = match (&es, &row) {
        (Some(e), Some(r)) if e.reaction_open() => Some(esp::reacted(c, r)?),
        _ => None,
    };
    let powers = c
        .powers(l.game.id)?
        .into_iter()
        .map(|pr| {
            let id = l.power(&pr.power)?;
            let has_units = pos
                .as_ref()
                .is_some_and(|p| p.units_of(id).next().is_some());
            Ok(PowerView {
                reacted: reacted
                    .as_ref()
                    .filter(|_| has_units)
                    .map(|r| r.contains(&pr.power)),
                centers: pos.as_ref().map_or(0, |p| p.centers_of(id).len()),
                units: pos.as_ref().map_or(0, |p| p.units_of(id).count()),
                needs_orders: current && pos.as_ref().is_some_and(|p| needs_orders(l.map, p, id)),
                orders_in: current && live.iter().any(|(_, q, _)| *q == id),
                power: pr.power,
                status: pr.status,
                email: pr.email,
                wait: pr.wait,
                draw_vote: pr.draw_vote,
                draw_with: pr.draw_with,
                concede_to: pr.concede_to,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let deadline = if l.game.status == GameStatus::Paused {
        None
    } else {
        row.as_ref()
            .filter(|r| r.status == PhaseStatus::Current)
            .and_then(|r| r.deadline.as_deref())
            .and_then(store::parse_time)
            .map(|d| show_time(d, tz))
    };
    Ok(GameView {
        name: l.game.name.clone(),
        variant: l.game.variant.clone(),
        status: l.game.status,
        outcome: l.game.outcome,
        outcome_powers: l
            .game
            .outcome_powers
            .as_deref()
            .map(|s| s.split(',').map(String::from).collect())
            .unwrap_or_default(),
        phase: row.as_ref().map(|r| r.phase.clone()),
        phase_name: pos.as_ref().map(|p| p.phase.long_name()),
        deadline,
        timezone: l.settings.timezone.clone(),
        powers,
        units,
        dislodged,
        centers,
        settings: l.settings.clone(),
        rules: l
            .game
            .rules
            .split(',')
            .filter(|r| !r.is_empty())
            .map(String::from)
            .collect(),
        reaction_phase: es.as_ref().is_some_and(|e| e.reaction_open()),
    })
}

/// A line of `game list`.
#[derive(Debug, Serialize)]
pub struct GameSummary {
    pub name: String,
    pub variant: String,
    pub status: GameStatus,
    pub phase: Option<String>,
    pub deadline: Option<String>,
}

pub fn list(st: &Store) -> Result<Vec<GameSummary>> {
    let c = &st.read();
    let mut out = Vec::new();
    for g in c.games()? {
        let l = load(c, &g.name)?;
        let row = c.live_phase(g.id)?;
        out.push(GameSummary {
            phase: row.as_ref().map(|r| r.phase.clone()),
            deadline: row
                .as_ref()
                .filter(|r| r.status == PhaseStatus::Current && g.status == GameStatus::Active)
                .and_then(|r| r.deadline.as_deref())
                .and_then(store::parse_time)
                .map(|d| show_time(d, l.settings.tz())),
            name: g.name,
            variant: g.variant,
            status: g.status,
        });
    }
    Ok(out)
}

/// A unit dislodged in a phase of the history, with where it may
/// retreat (none: it is disbanded).
#[derive(Debug, Serialize)]
pub struct HistoryDislodged {
    pub power: String,
    pub unit: String,
    pub retreats: Vec<String>,
}

/// What the rules did in a retreat or winter phase of the history where
/// no order said.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DefaultKind {
    /// A dislodged unit with no order, disbanded.
    Disbanded,
    /// A unit civil disorder removed (its power removed too few).
    CivilDisorder,
    /// Builds a power was owed and did not use.
    BuildsUnused,
}

/// One thing the rules did for want of an order (see [`DefaultKind`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct HistoryDefault {
    pub power: String,
    /// The unit (none for builds not used).
    pub unit: Option<String>,
    pub what: DefaultKind,
    /// How many builds were not used (0 otherwise).
    pub count: u32,
}

/// One attempt at a phase in the history.
#[derive(Debug, Serialize)]
pub struct HistoryEntry {
    pub seq: i64,
    pub phase: String,
    pub status: PhaseStatus,
    pub started_at: String,
    pub processed_at: Option<String>,
    pub rolled_back_at: Option<String>,
    pub missed: Vec<String>,
    pub orders: Vec<HistoryOrder>,
    pub dislodged: Vec<HistoryDislodged>,
    /// With a phase: what the rules did where no order said (a dislodged
    /// unit disbanded, civil disorder's removals, builds not used).
    pub by_default: Vec<HistoryDefault>,
    pub next_phase: Option<String>,
    /// With a phase: in an espionage game, each unit's way through the
    /// phase's espionage (the judge's eyes only).
    pub espionage: Vec<super::esp_views::UnitStory>,
}

#[derive(Debug, Serialize)]
pub struct HistoryOrder {
    pub power: String,
    pub raw: String,
    pub order: Option<String>,
    pub status: OrderStatus,
    pub outcome: Option<String>,
    pub reason: Option<String>,
    pub submitted_by: String,
    pub submitted_at: String,
}

/// The history of a game: every phase row (rolled-back ones included),
/// with orders and results when `phase` names one phase; reasons and
/// refusals in English.
pub fn history(st: &Store, name: &str, phase: Option<&str>) -> Result<Vec<HistoryEntry>> {
    history_in(st, name, phase, crate::text::JUDGE_ONLY)
}

/// [`history`] with the orders' reasons and refusals in `lang`, put into
/// words from the codes the store keeps (a refusal stored before
/// migration 0023 reads as the English it was stored with).
pub fn history_in(
    st: &Store,
    name: &str,
    phase: Option<&str>,
    lang: crate::text::Lang,
) -> Result<Vec<HistoryEntry>> {
    let c = &st.read();
    let l = load(c, name)?;
    let want = phase.map(Phase::parse).transpose()?.map(|p| p.to_string());
    let mut out = Vec::new();
    for r in c.phases(l.game.id)? {
        if want.as_ref().is_some_and(|w| *w != r.phase) {
            continue;
        }
        let results: Option<ResultsJson> = r
            .results
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok());
        let orders = if want.is_some() {
            c.orders(r.id)?
                .into_iter()
                .map(|o| HistoryOrder {
                    power: o.power,
                    raw: o.raw,
                    order: o.parsed,
                    status: o.status,
                    outcome: o.outcome,
                    // The stored code (or legacy text) in words.
                    reason: o
                        .reason
                        .map(|r| crate::text::reason::stored(lang, &r))
                        .or_else(|| {
                            crate::text::refused::Why::read(
                                o.refusal.as_deref(),
                                o.error.as_deref(),
                            )
                            .map(|w| w.render(lang))
                        }),
                    submitted_by: o.submitted_by,
                    submitted_at: o.submitted_at,
                })
                .collect()
        } else {
            Vec::new()
        };
        let detail = if want.is_some() {
            super::esp_views::phase_detail(c, &l, &r)?
        } else {
            super::esp_views::PhaseDetail::default()
        };
        out.push(HistoryEntry {
            espionage: detail.stories,
            by_default: detail.by_default,
            seq: r.seq,
            missed: c.missed(r.id)?,
            orders,
            dislodged: results
                .as_ref()
                .map(|j| {
                    j.dislodged
                        .iter()
                        .map(|d| HistoryDislodged {
                            power: d.power.clone(),
                            unit: d.unit.clone(),
                            retreats: d.retreats.clone(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            next_phase: results.map(|j| j.next_phase),
            phase: r.phase,
            status: r.status,
            started_at: r.started_at,
            processed_at: r.processed_at,
            rolled_back_at: r.rolled_back_at,
        });
    }
    if let Some(w) = want
        && out.is_empty()
    {
        let mut played: Vec<String> = c.phases(l.game.id)?.into_iter().map(|r| r.phase).collect();
        played.dedup();
        return Err(GameError::PhaseNotPlayed {
            game: l.game.name.clone(),
            phase: w,
            played,
        });
    }
    Ok(out)
}

/// The phase being played and its deadline (none while paused), or none
/// before the game starts and after it ends.
pub fn current_phase(st: &Store, name: &str) -> Result<Option<PhaseInfo>> {
    let c = &st.read();
    let l = load(c, name)?;
    if !matches!(l.game.status, GameStatus::Active | GameStatus::Paused) {
        return Ok(None);
    }
    let row = l.current(c)?;
    let deadline = if l.game.status == GameStatus::Paused {
        None
    } else {
        row.deadline.as_deref().and_then(store::parse_time)
    };
    Ok(Some(PhaseInfo {
        phase: Phase::parse(&row.phase)?,
        deadline,
        tz: l.settings.tz(),
    }))
}

/// What processing the current phase with the orders now standing would
/// produce, without storing anything (put into words for the reader by
/// `crate::text::results::phase_report`).
pub fn preview(st: &Store, name: &str) -> Result<super::reports::PhaseResults> {
    let c = &st.read();
    let l = load(c, name)?;
    l.require_status(
        &[GameStatus::Active, GameStatus::Paused],
        Refusal::NoPhaseToPreview,
    )?;
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    let live = live_orders(&l, pos.phase.kind, &c.live_orders(row.id, None)?)?;
    let input: Vec<(PowerId, Order)> = live.iter().map(|(_, p, o)| (*p, o.clone())).collect();
    let adj = adjudicate::adjudicate(l.map, &pos, &input);
    let texts: Vec<String> = live.iter().map(|(_, _, o)| o.to_text(l.map)).collect();
    let lines: Vec<crate::report::ReportLine> = live
        .iter()
        .zip(&texts)
        .zip(&adj.results)
        .map(|(((_, p, _), t), r)| crate::report::ReportLine {
            power: *p,
            text: t,
            result: r,
        })
        .collect();
    Ok(crate::report::phase_results(l.map, &pos, &lines, &adj))
}
