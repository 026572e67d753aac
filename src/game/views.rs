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
use crate::engine::Order;
use crate::engine::Phase;
use crate::engine::adjudicate;
use crate::engine::{PowerId, ProvinceId};
use crate::store::{self, Store};
use crate::store::{GameOutcome, GameStatus, OrderStatus, PhaseStatus, PowerStatus};
use serde::Serialize;
use std::collections::BTreeMap;

/// A power's line in `game show`.
#[derive(Debug, Serialize)]
pub struct PowerView {
    /// The power (the map's name of it, `france`).
    pub power: String,
    /// Whether it is played, vacant or eliminated, as stored.
    pub status: PowerStatus,
    /// Its player's mail address; none when nobody plays it.
    pub email: Option<String>,
    /// How many supply centres it owns.
    pub centers: usize,
    /// How many units it has.
    pub units: usize,
    /// The phase being played needs orders from it.
    pub needs_orders: bool,
    /// It has orders standing for the phase being played.
    pub orders_in: bool,
    /// It asked the judge to wait for it (SET WAIT).
    pub wait: bool,
    /// It votes for a draw.
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
    /// The game's name.
    pub name: String,
    /// The map (variant) it is played on.
    pub variant: String,
    /// Whether it is forming, active, paused or finished.
    pub status: GameStatus,
    /// How the game ended, once it is over.
    pub outcome: Option<GameOutcome>,
    /// The powers the outcome names (the winner, or those in the draw), by the map's names.
    pub outcome_powers: Vec<String>,
    /// The phase being played, or a finished game's last (`S1901M`); none before the start.
    pub phase: Option<String>,
    /// That phase's name in words (`Spring 1901 Movement`).
    pub phase_name: Option<String>,
    /// The deadline, in the game's timezone (`2025-03-30 20:00 CEST`); none while paused or with no phase being played.
    pub deadline: Option<String>,
    /// The game's timezone name (`Europe/Berlin`).
    pub timezone: String,
    /// One line per power.
    pub powers: Vec<PowerView>,
    /// Each power's units as written (`A par`), by the map's name of the power.
    pub units: BTreeMap<String, Vec<String>>,
    /// The dislodged units, each with its power (`france A mun`).
    pub dislodged: Vec<String>,
    /// Each power's supply centres by abbreviation, by the map's name of the power.
    pub centers: BTreeMap<String, Vec<String>>,
    /// The game's settings.
    pub settings: Settings,
    /// Espionage rule sets in force.
    pub rules: Vec<String>,
    /// Espionnite: the orders are frozen and the reaction sub-phase is
    /// open until `deadline` (ESP-7).
    pub reaction_phase: bool,
}

/// Everything `game show` prints about the game called `name`.
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
        phase_name: pos
            .as_ref()
            .map(|p| super::words::words().phase_name(super::words::judge_lang(), p.phase)),
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
    /// The game's name.
    pub name: String,
    /// The map (variant) it is played on.
    pub variant: String,
    /// Whether it is forming, active, paused or finished.
    pub status: GameStatus,
    /// The phase being played, or a finished game's last (`S1901M`); none before the start.
    pub phase: Option<String>,
    /// The deadline in the game's timezone, while the game is active; none otherwise.
    pub deadline: Option<String>,
}

/// One line per game, for `game list`.
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
    /// Its power (the map's name of it).
    pub power: String,
    /// The unit as written (`A mun`).
    pub unit: String,
    /// The places it may retreat to.
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
    /// The power (the map's name of it).
    pub power: String,
    /// The unit (none for builds not used).
    pub unit: Option<String>,
    /// What the rules did.
    pub what: DefaultKind,
    /// How many builds were not used (0 otherwise).
    pub count: u32,
}

/// One attempt at a phase in the history.
#[derive(Debug, Serialize)]
pub struct HistoryEntry {
    /// The attempt's number among the game's phase rows.
    pub seq: i64,
    /// The phase (`S1901M`).
    pub phase: String,
    /// Whether the attempt is current, processed, final or rolled back.
    pub status: PhaseStatus,
    /// When it began, as stored (RFC 3339, UTC).
    pub started_at: String,
    /// When it was processed, as stored; none if it was not.
    pub processed_at: Option<String>,
    /// When it was rolled back, as stored; none if it was not.
    pub rolled_back_at: Option<String>,
    /// The powers that owed orders and sent none.
    pub missed: Vec<String>,
    /// With a phase: every order line received, readable or not.
    pub orders: Vec<HistoryOrder>,
    /// The units the phase dislodged.
    pub dislodged: Vec<HistoryDislodged>,
    /// With a phase: what the rules did where no order said (a dislodged
    /// unit disbanded, civil disorder's removals, builds not used).
    pub by_default: Vec<HistoryDefault>,
    /// The phase that followed, once this one was processed.
    pub next_phase: Option<String>,
    /// With a phase: in an espionage game, each unit's way through the
    /// phase's espionage (the judge's eyes only).
    pub espionage: Vec<super::esp_views::UnitStory>,
}

/// One order line received for a phase, as the history shows it.
#[derive(Debug, Serialize)]
pub struct HistoryOrder {
    /// The power it is for (the map's name of it).
    pub power: String,
    /// The order as written.
    pub raw: String,
    /// The order in canonical form; none when it could not be read.
    pub order: Option<String>,
    /// Whether it stands, was replaced or withdrawn, or could not be read.
    pub status: OrderStatus,
    /// What became of it once the phase was processed (`succeeds`, `fails`, ...).
    pub outcome: Option<String>,
    /// Why it had its outcome, or why it was refused, in the reader's language.
    pub reason: Option<String>,
    /// Who sent it: a mail address, or `judge`.
    pub submitted_by: String,
    /// When it was received, as stored (RFC 3339, UTC).
    pub submitted_at: String,
}

/// The history of a game: every phase row (rolled-back ones included),
/// with orders and results when `phase` names one phase; reasons and
/// refusals in English.
pub fn history(st: &Store, name: &str, phase: Option<&str>) -> Result<Vec<HistoryEntry>> {
    history_in(st, name, phase, super::words::judge_lang())
}

/// [`history`] with the orders' reasons and refusals in `lang`, put into
/// words from the codes the store keeps (a refusal stored before
/// migration 0023 reads as the English it was stored with).
pub fn history_in(
    st: &Store,
    name: &str,
    phase: Option<&str>,
    lang: super::Lang,
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
                        .map(|r| super::words::words().stored_reason(lang, &r))
                        .or_else(|| {
                            super::Why::read(o.refusal.as_deref(), o.error.as_deref())
                                .map(|w| super::words::words().why(lang, &w))
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
    let adj = adjudicate(l.map, &pos, &input);
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
    Ok(super::phase_results(l.map, &pos, &lines, &adj))
}
