//! Who plays a game and how it went: the facts behind `SUMMARY` and
//! `WHOGAME` (the judge decides which addresses a reader may see).
//!
//! Who played each power when comes from the powers' players and the
//! record of every change of player (`player_changes`, migration 0008):
//! a power's first player is the one who left first, or the one who plays
//! it now when nobody ever left. The supply centres by year are read from
//! the stored positions: the position at the start of a game, and the
//! first position after each Fall season (a Winter phase, or the next
//! Spring when nobody built), rolled-back phases left out.

use super::Result;
use super::loaded::load;
use super::stored::PositionJson;
use crate::engine::{Phase, Season};
use crate::store::{self, Store};
use crate::store::{GameStatus, PhaseStatus, PowerStatus};
use serde::{Deserialize, Serialize};

/// One player's time with a power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stint {
    /// The player's address (none: nobody played it).
    pub email: Option<String>,
    /// The phase in which it began (none: from the start).
    pub from: Option<String>,
    /// The phase in which it ended, and how (none: it goes on).
    pub until: Option<(Option<String>, String)>,
}

/// A power and its players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerRoster {
    /// `France`.
    pub display: String,
    /// Whether it is played, vacant or eliminated, as stored.
    pub status: PowerStatus,
    /// The phase in which it was eliminated (`F1905M`), if it was.
    pub eliminated_in: Option<String>,
    /// Its players, first to last.
    pub stints: Vec<Stint>,
}

/// The supply centres of each power at the start and at the end of each
/// year played.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CentreTable {
    /// The powers' display names, in the map's order.
    pub powers: Vec<String>,
    /// `start`, `1901`, ..., then `now (F1903M)` when a year is under way;
    /// each with a count per power.
    pub rows: Vec<(String, Vec<usize>)>,
}

/// A game's players, observers and centres.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    /// The game's name.
    pub game: String,
    /// The map (variant) it is played on.
    pub variant: String,
    /// Whether it is forming, active, paused or finished.
    pub status: GameStatus,
    /// The game's `anonymous` setting.
    pub anonymous: bool,
    /// Each power of the map, with its players.
    pub powers: Vec<PowerRoster>,
    /// The addresses that observe the game.
    pub observers: Vec<String>,
    /// Players of a forming game who joined without choosing a power.
    pub waiting: Vec<String>,
    /// The supply centres by year.
    pub centres: CentreTable,
    /// Every player's address in the order they came to the game: the
    /// first players in the map's order of their powers, then each
    /// newcomer (for numbering players in an anonymous game).
    pub arrivals: Vec<String>,
}

fn leaves(what: &str) -> bool {
    matches!(what, "resigned" | "abandoned" | "ejected")
}

/// The players, observers and centres of game `name`.
pub fn roster(st: &Store, name: &str) -> Result<Roster> {
    roster_in(&st.read(), name)
}

/// [`roster`], inside a transaction.
pub(super) fn roster_in(c: &crate::store::Tx<'_>, name: &str) -> Result<Roster> {
    let l = load(c, name)?;
    let changes = c.player_changes(l.game.id)?;
    let mut powers = Vec::new();
    for pr in c.powers(l.game.id)? {
        let mine: Vec<_> = changes.iter().filter(|x| x.power == pr.power).collect();
        let mut current: Option<(Option<String>, Option<String>)> = match mine.first() {
            Some(x) if leaves(&x.what) => Some((x.email.clone(), None)),
            Some(_) => None,
            None => pr.email.clone().map(|e| (Some(e), None)),
        };
        let mut stints = Vec::new();
        for x in &mine {
            match x.what.as_str() {
                w if leaves(w) => {
                    if let Some((email, from)) = current.take() {
                        stints.push(Stint {
                            email: email.or_else(|| x.email.clone()),
                            from,
                            until: Some((x.phase.clone(), w.replace('_', " "))),
                        });
                    }
                }
                "address" => {
                    if let Some((email, _)) = current.as_mut() {
                        *email = x.email.clone();
                    }
                }
                _ => current = Some((x.email.clone(), x.phase.clone())),
            }
        }
        if let Some((email, from)) = current {
            stints.push(Stint {
                email: email.or(pr.email.clone()),
                from,
                until: None,
            });
        }
        powers.push(PowerRoster {
            display: l.display(&pr.power),
            status: pr.status,
            eliminated_in: pr.eliminated_in.clone(),
            stints,
        });
    }
    let mut arrivals: Vec<String> = Vec::new();
    let mut arrive = |e: Option<&String>| {
        if let Some(e) = e
            && !arrivals.iter().any(|a| a.eq_ignore_ascii_case(e))
        {
            arrivals.push(e.clone());
        }
    };
    for p in &powers {
        if let Some(s) = p.stints.first().filter(|s| s.from.is_none()) {
            arrive(s.email.as_ref());
        }
    }
    for x in changes.iter().filter(|x| x.what == "took_over") {
        arrive(x.email.as_ref());
    }
    for p in &powers {
        for s in &p.stints {
            arrive(s.email.as_ref());
        }
    }
    let centres = centre_table(c, &l.game, l.map)?;
    Ok(Roster {
        game: l.game.name.clone(),
        variant: l.game.variant.clone(),
        status: l.game.status,
        anonymous: l.settings.anonymous,
        powers,
        observers: c.observers(l.game.id)?,
        waiting: c
            .waiting_players(l.game.id)?
            .into_iter()
            .map(|w| w.email)
            .collect(),
        centres,
        arrivals,
    })
}

fn centre_table(
    c: &crate::store::Tx<'_>,
    game: &store::GameRow,
    map: &crate::engine::Map,
) -> Result<CentreTable> {
    let names: Vec<String> = map.powers().iter().map(|p| p.name.clone()).collect();
    let mut t = CentreTable {
        powers: map.powers().iter().map(|p| p.display_name()).collect(),
        rows: Vec::new(),
    };
    let rows: Vec<_> = c
        .phases(game.id)?
        .into_iter()
        .filter(|r| r.status != PhaseStatus::RolledBack)
        .collect();
    let counts = |row: &store::PhaseRow| -> Vec<usize> {
        let j: Option<PositionJson> = serde_json::from_str(&row.position).ok();
        names
            .iter()
            .map(|n| {
                j.as_ref()
                    .and_then(|j| j.centers.get(n))
                    .map_or(0, |v| v.len())
            })
            .collect()
    };
    let Some(first) = rows.first() else {
        return Ok(t);
    };
    t.rows.push(("start".into(), counts(first)));
    let mut last_year_done: Option<u16> = None;
    let mut last_row_used = 0usize;
    for (i, r) in rows.iter().enumerate().skip(1) {
        let Ok(p) = Phase::parse(&r.phase) else {
            continue;
        };
        // The first position after a Fall season: that year's end.
        let ended = match p.season {
            Season::Winter => Some(p.year),
            Season::Spring => p.year.checked_sub(1),
            Season::Fall => None,
        };
        if let Some(y) = ended
            && last_year_done.is_none_or(|d| y > d)
        {
            t.rows.push((y.to_string(), counts(r)));
            last_year_done = Some(y);
            last_row_used = i;
        }
    }
    let last = rows.len() - 1;
    if last != last_row_used && rows.len() > 1 {
        let now = counts(&rows[last]);
        if t.rows.last().map(|(_, v)| v) != Some(&now) {
            t.rows.push((format!("now ({})", rows[last].phase), now));
        }
    }
    Ok(t)
}
