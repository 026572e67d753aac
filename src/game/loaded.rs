//! A game read from the store (its row, map and settings) and the
//! questions every operation asks of it: which power, which phase, whose
//! orders are complete.

use super::error::{Action, Damage, Refusal};
use super::settings::Settings;
use super::stored::position_from_json;
use super::{GameError, Result};
use crate::engine::PhaseKind;
use crate::engine::Position;
use crate::engine::{Map, PowerId, ProvinceId};
use crate::engine::{Order, parse_order};
use crate::store::Tx;
use crate::store::{GameRow, OrderRow, PhaseRow, PowerRow};
use crate::store::{GameStatus, OrderStatus, PhaseStatus, PowerStatus};
use std::collections::BTreeSet;

pub(super) struct Loaded {
    pub(super) game: GameRow,
    pub(super) map: &'static Map,
    pub(super) settings: Settings,
}

pub(super) fn load(c: &Tx<'_>, name: &str) -> Result<Loaded> {
    let game = c
        .game_by_name(name)?
        .ok_or_else(|| GameError::UnknownGame(name.into()))?;
    let map = match c.game_map(game.id)? {
        Some(file) => crate::maps::from_game_file(&file).map_err(|e| GameError::Corrupt {
            game: game.name.clone(),
            what: Damage::MapFile {
                variant: game.variant.clone(),
                error: e.to_string(),
            },
        })?,
        None => crate::maps::lookup(&game.variant).ok_or_else(|| GameError::Corrupt {
            game: game.name.clone(),
            what: Damage::UnknownVariant(game.variant.clone()),
        })?,
    };
    let settings = parse_settings(&game)?;
    Ok(Loaded {
        game,
        map,
        settings,
    })
}

/// The game's settings from their stored JSON. One message loads its game
/// several times, so the last settings read are kept, keyed by their exact
/// text (as [`Loaded::position`] keeps the last position).
pub(super) fn parse_settings(game: &GameRow) -> Result<Settings> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, Settings)>> =
            const { std::cell::RefCell::new(None) };
    }
    let hit = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(text, _)| *text == game.settings)
            .map(|(_, s)| s.clone())
    });
    if let Some(s) = hit {
        return Ok(s);
    }
    let settings: Settings =
        serde_json::from_str(&game.settings).map_err(|e| GameError::Corrupt {
            game: game.name.clone(),
            what: Damage::Settings(e.to_string()),
        })?;
    LAST.set(Some((game.settings.clone(), settings.clone())));
    Ok(settings)
}

impl Loaded {
    pub(super) fn corrupt(&self, what: impl Into<Damage>) -> GameError {
        GameError::Corrupt {
            game: self.game.name.clone(),
            what: what.into(),
        }
    }

    pub(super) fn wrong_status(&self, what: Refusal) -> GameError {
        GameError::WrongStatus {
            game: self.game.name.clone(),
            status: self.game.status.to_string(),
            what,
        }
    }

    pub(super) fn power(&self, name: &str) -> Result<PowerId> {
        self.map.power_by_name(name.trim()).ok_or_else(|| {
            let known: Vec<&str> = self.map.powers().iter().map(|p| p.name.as_str()).collect();
            GameError::UnknownPower {
                game: self.game.name.clone(),
                power: name.into(),
                known: known.join(", "),
            }
        })
    }

    pub(super) fn pname(&self, id: PowerId) -> String {
        self.map.power(id).name.clone()
    }

    /// A power as a player writes it in a command: a name, an alias, or
    /// its initial letter.
    pub(super) fn power_by_word(&self, word: &str) -> Result<PowerId> {
        match crate::command::power_by_word(self.map, word) {
            Some(id) => Ok(id),
            None => self.power(word),
        }
    }

    /// Whether the power (by its stored name) is a dummy power: nobody
    /// plays it (see [`crate::engine::Power::dummy`]).
    pub(super) fn is_dummy(&self, pname: &str) -> bool {
        self.map
            .power_by_name(pname)
            .is_some_and(|id| self.map.power(id).dummy)
    }

    /// The power itself, unless it is a dummy power, which no player may
    /// join or take over.
    pub(super) fn refuse_dummy(&self, id: PowerId) -> Result<PowerId> {
        if self.map.power(id).dummy {
            return Err(GameError::DummyPower {
                game: self.game.name.clone(),
                power: self.map.power(id).display_name(),
            });
        }
        Ok(id)
    }

    /// `france` → `France`, for mail.
    pub(super) fn display(&self, pname: &str) -> String {
        self.map
            .power_by_name(pname)
            .map(|id| self.map.power(id).display_name())
            .unwrap_or_else(|| pname.to_string())
    }

    /// The powers with a player whose orders for the phase are
    /// incomplete, each with what is missing.
    pub(super) fn incomplete_players(
        &self,
        c: &Tx<'_>,
        pos: &Position,
        live: &[(i64, PowerId, Order)],
    ) -> Result<Vec<(String, Missing)>> {
        let mut out = Vec::new();
        for pr in c
            .powers(self.game.id)?
            .iter()
            .filter(|p| p.status == PowerStatus::Playing)
        {
            let id = self.power(&pr.power)?;
            if !needs_orders(self.map, pos, id) {
                continue;
            }
            if let Some(m) = still_missing(self.map, pos, id, live) {
                out.push((pr.power.clone(), m));
            }
        }
        Ok(out)
    }

    /// The phase's position. One message reads the same stored position
    /// several times (to check the orders, then to show them), so the last
    /// one read is kept, keyed by its exact text and the map.
    pub(super) fn position(&self, row: &PhaseRow) -> Result<Position> {
        type Last = Option<(*const Map, String, Position)>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        let map: *const Map = self.map;
        let hit = LAST.with_borrow(|last| {
            last.as_ref()
                .filter(|(m, text, _)| *m == map && *text == row.position)
                .map(|(_, _, p)| p.clone())
        });
        if let Some(p) = hit {
            return Ok(p);
        }
        let p = position_from_json(self.map, &row.position).map_err(|error| {
            self.corrupt(Damage::Position {
                phase: row.phase.clone(),
                error,
            })
        })?;
        LAST.set(Some((map, row.position.clone(), p.clone())));
        Ok(p)
    }

    pub(super) fn current(&self, c: &Tx<'_>) -> Result<PhaseRow> {
        match c.live_phase(self.game.id)? {
            Some(r) if r.status == PhaseStatus::Current => Ok(r),
            _ => Err(self.wrong_status(Refusal::NoPhaseBeingPlayed)),
        }
    }

    pub(super) fn require_status(&self, allowed: &[GameStatus], what: Refusal) -> Result<()> {
        if allowed.contains(&self.game.status) {
            Ok(())
        } else {
            Err(self.wrong_status(what))
        }
    }
}

/// The stored, parsed orders that count for processing, in the order
/// received.
pub(super) fn live_orders(
    l: &Loaded,
    kind: PhaseKind,
    rows: &[OrderRow],
) -> Result<Vec<(i64, PowerId, Order)>> {
    let mut out = Vec::new();
    for r in rows.iter().filter(|r| r.status == OrderStatus::Live) {
        let text = r.parsed.as_deref().unwrap_or("");
        let order = parse_order(l.map, kind, text).map_err(|e| {
            l.corrupt(Damage::StoredOrder {
                text: text.to_string(),
                error: e.to_string(),
            })
        })?;
        out.push((r.id, l.power(&r.power)?, order));
    }
    Ok(out)
}

/// The key by which a later order replaces an earlier one: the unit's
/// province (movement and retreat phases).
pub(super) fn unit_key(order: &Order) -> Option<ProvinceId> {
    order.unit().map(|u| u.location.province)
}

/// How many orders a power owes in an adjustment phase: removals owed, or
/// builds it can actually place (none for a dummy power, which never
/// builds).
pub(super) fn adjustment_due(map: &Map, pos: &Position, power: PowerId) -> usize {
    let a = pos.adjustments(map)[power.0 as usize];
    let d = a.delta();
    if d < 0 {
        (-d) as usize
    } else if d > 0 && !map.power(power).dummy {
        let free = map
            .build_sites(power)
            .filter(|h| pos.owner(*h) == Some(power) && pos.unit_at(*h).is_none())
            .count();
        free.min(d as usize)
    } else {
        0
    }
}

/// Whether a power has anything to order in this position. A dummy power
/// owes nothing: the master may order its units, which otherwise hold (or
/// are disbanded and removed by the usual defaults), and nobody waits for
/// it.
pub(super) fn needs_orders(map: &Map, pos: &Position, power: PowerId) -> bool {
    if map.power(power).dummy {
        return false;
    }
    match pos.phase.kind {
        PhaseKind::Movement => pos.units_of(power).next().is_some(),
        PhaseKind::Retreat => pos.dislodged.iter().any(|d| d.unit.power == power),
        PhaseKind::Adjustment => adjustment_due(map, pos, power) > 0,
    }
}

/// Whether a power's live orders cover everything it has to order.
pub(super) fn orders_complete(
    map: &Map,
    pos: &Position,
    power: PowerId,
    orders: &[(i64, PowerId, Order)],
) -> bool {
    still_missing(map, pos, power, orders).is_none()
}

/// What a power still has to order (its words: `src/text/views.rs`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Missing {
    /// Units without an order (notation: `A smy`).
    Units(Vec<String>),
    /// Dislodged units without a retreat or disband.
    Dislodged(Vec<String>),
    /// Removals still owed.
    Removals(usize),
    /// Builds still open (each may be waived).
    Builds(usize),
}

/// What a power still has to order (the units without an order; in a
/// winter, how many builds or removals are still open), or `None` when
/// its orders are complete.
pub(super) fn still_missing(
    map: &Map,
    pos: &Position,
    power: PowerId,
    orders: &[(i64, PowerId, Order)],
) -> Option<Missing> {
    let mine: Vec<&Order> = orders
        .iter()
        .filter(|(_, p, _)| *p == power)
        .map(|(_, _, o)| o)
        .collect();
    let keys: BTreeSet<ProvinceId> = mine.iter().filter_map(|o| unit_key(o)).collect();
    let units: Vec<String> = match pos.phase.kind {
        PhaseKind::Movement => pos
            .units_of(power)
            .filter(|u| !keys.contains(&u.location.province))
            .map(|u| u.text(map))
            .collect(),
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .filter(|d| d.unit.power == power && !keys.contains(&d.unit.location.province))
            .map(|d| d.unit.text(map))
            .collect(),
        PhaseKind::Adjustment => {
            let open = adjustment_due(map, pos, power).saturating_sub(mine.len());
            if open == 0 {
                return None;
            }
            let removing = pos.adjustments(map)[power.0 as usize].delta() < 0;
            return Some(if removing {
                Missing::Removals(open)
            } else {
                Missing::Builds(open)
            });
        }
    };
    if units.is_empty() {
        None
    } else if pos.phase.kind == PhaseKind::Retreat {
        Some(Missing::Dislodged(units))
    } else {
        Some(Missing::Units(units))
    }
}

pub(super) fn has_presence(pos: &Position, power: PowerId) -> bool {
    pos.units_of(power).next().is_some()
        || pos.dislodged.iter().any(|d| d.unit.power == power)
        || !pos.centers_of(power).is_empty()
}

pub(super) fn check_playing(c: &Tx<'_>, l: &Loaded, pname: &str, what: Action) -> Result<PowerRow> {
    let row = c
        .powers(l.game.id)?
        .into_iter()
        .find(|p| p.power == pname)
        .ok_or_else(|| l.corrupt(Damage::PowerMissing(pname.into())))?;
    if row.status == PowerStatus::Eliminated {
        return Err(GameError::Eliminated {
            game: l.game.name.clone(),
            power: pname.into(),
            what,
        });
    }
    Ok(row)
}
