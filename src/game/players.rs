//! Players and observers: joining, signing on, passwords, resigning,
//! watching.

use super::error::{Action, Damage, Refusal};
use super::loaded::{check_playing, load};
use super::notice::{Notice, post};
use super::{GameError, Result};
use crate::password::hash_password;
use crate::store::Audience;
use crate::store::{self, PowerRow, Store};
use crate::store::{GameStatus, PowerStatus};
use chrono::{DateTime, Utc};
use serde::Serialize;

pub(super) fn random_below(n: usize) -> usize {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    (OsRng.next_u64() % n as u64) as usize
}

/// What a join did.
#[derive(Debug, Serialize)]
pub struct JoinReport {
    /// The power the player got, if one was chosen or assigned.
    pub power: Option<String>,
    /// Powers assigned at random because the game filled: (power, email).
    pub assigned: Vec<(String, String)>,
}

/// A player joins a forming game, as `power` or (none) for a power drawn
/// at random when the game fills.
pub fn join(
    st: &mut Store,
    name: &str,
    power: Option<&str>,
    email: &str,
    password: &str,
    now: DateTime<Utc>,
) -> Result<JoinReport> {
    let email = email.trim();
    if !email.contains('@') || email.contains(char::is_whitespace) || email.len() < 3 {
        return Err(GameError::BadEmail(email.into()));
    }
    if password.is_empty() {
        return Err(GameError::EmptyPassword);
    }
    // Check everything that can fail before the slow hash.
    {
        let l = load(&st.read(), name)?;
        l.require_status(&[GameStatus::Forming], Refusal::JoinBeforeStart)?;
        if let Some(p) = power {
            l.refuse_dummy(l.power(p)?)?;
        }
    }
    let hash = hash_password(password)?;
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&[GameStatus::Forming], Refusal::JoinBeforeStart)?;
        let powers = c.powers(l.game.id)?;
        let waiting = c.waiting_players(l.game.id)?;
        let taken = |e: &str| {
            powers.iter().any(|p| {
                p.email
                    .as_deref()
                    .is_some_and(|x| x.eq_ignore_ascii_case(e))
            }) || waiting.iter().any(|w| w.email.eq_ignore_ascii_case(e))
        };
        if taken(email) {
            return Err(GameError::AlreadyJoined {
                game: l.game.name.clone(),
                email: email.into(),
            });
        }
        let mut report = JoinReport {
            power: None,
            assigned: Vec::new(),
        };
        match power {
            Some(p) => {
                let id = l.refuse_dummy(l.power(p)?)?;
                let pname = l.pname(id);
                let row = powers
                    .iter()
                    .find(|r| r.power == pname)
                    .ok_or_else(|| l.corrupt(Damage::PowerMissing(pname.clone())))?;
                if row.email.is_some() {
                    return Err(GameError::PowerTaken {
                        game: l.game.name.clone(),
                        power: l.map.power(id).display_name(),
                    });
                }
                c.seat_player(l.game.id, &pname, email, &hash, &now_s)?;
                report.power = Some(pname);
            }
            None => {
                let vacant = powers
                    .iter()
                    .filter(|p| p.email.is_none() && !l.is_dummy(&p.power))
                    .count();
                if waiting.len() >= vacant {
                    return Err(l.wrong_status(Refusal::AllPowersTaken));
                }
                c.insert_waiting(l.game.id, email, &hash, &now_s)?;
            }
        }
        // Random assignment when the game fills.
        let powers = c.powers(l.game.id)?;
        let waiting = c.waiting_players(l.game.id)?;
        let mut vacant: Vec<&PowerRow> = powers
            .iter()
            .filter(|p| p.email.is_none() && !l.is_dummy(&p.power))
            .collect();
        if !waiting.is_empty() && waiting.len() == vacant.len() {
            for w in &waiting {
                let i = random_below(vacant.len());
                let p = vacant.swap_remove(i);
                c.seat_player(l.game.id, &p.power, &w.email, &w.password_hash, &now_s)?;
                c.delete_waiting(w.id)?;
                if w.email == email {
                    report.power = Some(p.power.clone());
                }
                report.assigned.push((p.power.clone(), w.email.clone()));
            }
        }
        // The master hears when the last power has its player.
        if c.powers(l.game.id)?
            .iter()
            .all(|p| p.email.is_some() || l.is_dummy(&p.power))
        {
            let full = Notice::GameFull {
                game: l.game.name.clone(),
            };
            post(c, &l, None, &Audience::Master, &full, &now_s)?;
        }
        // Each player drawn at random hears which power it got, in the
        // transaction that seated it, whoever filled the game (a mail or
        // the command line).
        for (p, _) in &report.assigned {
            let told = Notice::PowerAssigned {
                game: l.game.name.clone(),
                power: p.clone(),
            };
            post(c, &l, None, &Audience::Power(p.clone()), &told, &now_s)?;
        }
        Ok(report)
    })
}

/// What a SIGNON needs to know about a power.
#[derive(Debug, Clone)]
pub struct SignonInfo {
    /// The game's name as stored.
    pub game: String,
    /// The game's row id in the store.
    pub game_id: i64,
    /// The power's name as stored (`france`).
    pub power: String,
    /// `France`.
    pub display: String,
    /// Its player's mail address; none when nobody plays it.
    pub email: Option<String>,
    /// The stored hash of the power's password; none when it has none.
    pub password_hash: Option<String>,
    /// Whether it is played, vacant or eliminated.
    pub status: PowerStatus,
    /// The game lets a player writing from the power's own address leave the password out (see [`crate::game::Settings::password_optional`]).
    pub password_optional: bool,
}

/// Looks a power of a game up for SIGNON; `power` is a name, alias or
/// initial letter.
pub fn signon_info(st: &Store, name: &str, power: &str) -> Result<SignonInfo> {
    let c = &st.read();
    let l = load(c, name)?;
    let id = match crate::command::power_by_word(l.map, power) {
        Some(id) => id,
        None => l.power(power)?,
    };
    let pname = l.pname(id);
    let row = c
        .powers(l.game.id)?
        .into_iter()
        .find(|p| p.power == pname)
        .ok_or_else(|| l.corrupt(Damage::PowerMissing(pname.clone())))?;
    Ok(SignonInfo {
        game: l.game.name.clone(),
        game_id: l.game.id,
        display: l.map.power(id).display_name(),
        power: pname,
        email: row.email,
        password_hash: row.password_hash,
        status: row.status,
        password_optional: l.settings.password_optional,
    })
}

/// The map's name of a power written by letter or name (`F`, `france`,
/// `Frankreich` → `france`) in a game.
pub fn power_name(st: &Store, name: &str, power: &str) -> Result<String> {
    let l = load(&st.read(), name)?;
    let id = match crate::command::power_by_word(l.map, power) {
        Some(id) => id,
        None => l.power(power)?,
    };
    Ok(l.pname(id))
}

/// Changes a player's password.
pub fn set_password(st: &mut Store, name: &str, power: &str, password: &str) -> Result<()> {
    if password.is_empty() {
        return Err(GameError::EmptyPassword);
    }
    let pname = power_name(st, name, power)?;
    let hash = hash_password(password)?;
    st.write(|c| {
        let l = load(c, name)?;
        check_playing(c, &l, &pname, Action::ChangePassword)?;
        c.set_password_hash(l.game.id, &pname, &hash)?;
        Ok(())
    })
}

/// A player gives up a power: it is left without a player (its units
/// hold when it gives no orders), and everybody is told.
pub fn resign(st: &mut Store, name: &str, power: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Forming, GameStatus::Active, GameStatus::Paused],
            Refusal::Over,
        )?;
        let id = l.power(power)?;
        let pname = l.pname(id);
        check_playing(c, &l, &pname, Action::Resign)?;
        let email = c
            .powers(l.game.id)?
            .into_iter()
            .find(|p| p.power == pname)
            .and_then(|p| p.email);
        c.vacate_power(l.game.id, &pname)?;
        let phase = c.live_phase(l.game.id)?.map(|r| r.phase);
        c.insert_player_change(
            l.game.id,
            &pname,
            "resigned",
            email.as_deref(),
            phase.as_deref(),
            &store::time_text(now),
        )?;
        let gone = Notice::Resigned {
            game: l.game.name.clone(),
            power: pname.clone(),
            forming: l.game.status == GameStatus::Forming,
        };
        post(
            c,
            &l,
            phase.as_deref(),
            &Audience::AllAndMaster,
            &gone,
            &store::time_text(now),
        )?;
        Ok(())
    })
}

/// Starts watching a game. Returns false when `email` already watched it.
pub fn observe(st: &mut Store, name: &str, email: &str, now: DateTime<Utc>) -> Result<bool> {
    st.write(|c| {
        let l = load(c, name)?;
        Ok(c.insert_observer(l.game.id, email, &store::time_text(now))?)
    })
}

/// Whether `email` plays in or watches a game.
pub fn takes_part(st: &Store, name: &str, email: &str) -> Result<bool> {
    let c = &st.read();
    let l = load(c, name)?;
    let plays = c.powers(l.game.id)?.iter().any(|p| {
        p.email
            .as_deref()
            .is_some_and(|e| e.eq_ignore_ascii_case(email))
    });
    Ok(plays
        || c.observers(l.game.id)?
            .iter()
            .any(|e| e.eq_ignore_ascii_case(email)))
}
