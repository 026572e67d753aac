//! A new player for a power of a running game: taking over a vacant
//! power (`TAKEOVER <power> <game> <password>`, or `JOIN` of a vacant
//! power), approved or refused by the game master where the game asks for
//! it ([`Settings::approve_takeovers`](super::Settings::approve_takeovers)),
//! and the master removing a player (`EJECT`).
//!
//! The new player receives the board and the power's orders that stand;
//! everybody else is told that the power has a new player, never who.
//! Every change of a power's player is recorded in `player_changes`.

use super::error::{Damage, Refusal};
use super::loaded::{Loaded, has_presence, load};
use super::notice::{Notice, OrLegacy, VacantWhy, WelcomeBoard, When, post};
use super::{GameError, Result};
use crate::password::hash_password;
use crate::store::Audience;
use crate::store::Tx;
use crate::store::{self, Store};
use crate::store::{GameStatus, PowerStatus};
use chrono::{DateTime, Utc};

/// What a takeover request did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Takeover {
    /// The player has the power now.
    Seated {
        /// The power taken over (the map's name of it).
        power: String,
    },
    /// The request waits for the game master.
    AwaitingApproval {
        /// The power asked for (the map's name of it).
        power: String,
    },
}

/// Asks to take over `power` of a running game from `email`.
pub fn request_takeover(
    st: &mut Store,
    name: &str,
    power: &str,
    email: &str,
    password: &str,
    now: DateTime<Utc>,
) -> Result<Takeover> {
    if password.is_empty() {
        return Err(GameError::EmptyPassword);
    }
    let check = |c: &Tx<'_>| -> Result<(Loaded, String)> {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::TakeoverOnlyRunning,
        )?;
        let id = l.refuse_dummy(l.power_by_word(power)?)?;
        let pname = l.pname(id);
        let rows = c.powers(l.game.id)?;
        let row = rows
            .iter()
            .find(|r| r.power == pname)
            .ok_or_else(|| l.corrupt(Damage::PowerMissing(pname.clone())))?;
        let display = l.map.power(id).display_name();
        if row.status != PowerStatus::Vacant {
            return Err(GameError::NotVacant {
                game: l.game.name.clone(),
                power: display,
            });
        }
        let pos = l.position(&l.current(c)?)?;
        if !has_presence(&pos, id) {
            return Err(GameError::NotVacant {
                game: l.game.name.clone(),
                power: display,
            });
        }
        if rows.iter().any(|r| {
            r.email
                .as_deref()
                .is_some_and(|e| e.eq_ignore_ascii_case(email))
        }) {
            return Err(GameError::AlreadyJoined {
                game: l.game.name.clone(),
                email: email.into(),
            });
        }
        Ok((l, pname))
    };
    // Everything that can fail is checked before the slow hash.
    check(&st.read())?;
    let hash = hash_password(password)?;
    st.write(|c| {
        let (l, pname) = check(c)?;
        let now_s = store::time_text(now);
        if !l.settings.approve_takeovers {
            seat(c, &l, &pname, email, &hash, now)?;
            return Ok(Takeover::Seated { power: pname });
        }
        c.insert_takeover(l.game.id, &pname, email, &hash, &now_s)?;
        let asked = Notice::TakeoverRequested {
            game: l.game.name.clone(),
            power: pname.clone(),
            email: email.into(),
        };
        post(c, &l, None, &Audience::Master, &asked, &now_s)?;
        Ok(Takeover::AwaitingApproval { power: pname })
    })
}

/// The master's answer to the oldest pending request for `power`: the
/// requester is seated (and any other requests refused), or refused.
/// Returns the requester's address.
pub fn decide_takeover(
    st: &mut Store,
    name: &str,
    power: &str,
    approve: bool,
    now: DateTime<Utc>,
) -> Result<String> {
    st.write(|c| {
        let l = load(c, name)?;
        let pname = l.pname(l.power_by_word(power)?);
        let req = c
            .pending_takeover(l.game.id, &pname)?
            .ok_or_else(|| GameError::NoTakeover {
                game: l.game.name.clone(),
                power: l.display(&pname),
            })?;
        let now_s = store::time_text(now);
        let refused = |c: &Tx<'_>, id: i64, to: &str| -> Result<()> {
            c.decide_takeover(id, false, &now_s)?;
            let no = Notice::TakeoverRefused {
                game: l.game.name.clone(),
                power: pname.clone(),
            };
            post(c, &l, None, &Audience::Address(to.into()), &no, &now_s)?;
            Ok(())
        };
        if !approve {
            refused(c, req.id, &req.email)?;
            return Ok(req.email);
        }
        let row = c
            .powers(l.game.id)?
            .into_iter()
            .find(|r| r.power == pname)
            .ok_or_else(|| l.corrupt(Damage::PowerMissing(pname.clone())))?;
        if row.status != PowerStatus::Vacant {
            return Err(GameError::NotVacant {
                game: l.game.name.clone(),
                power: l.display(&pname),
            });
        }
        c.decide_takeover(req.id, true, &now_s)?;
        for other in c.other_pending(l.game.id, &pname)? {
            refused(c, other.id, &other.email)?;
        }
        seat(c, &l, &pname, &req.email, &req.password_hash, now)?;
        Ok(req.email)
    })
}

/// The master removes a power's player; the power is vacant (and may be
/// taken over).
pub fn eject(st: &mut Store, name: &str, power: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Forming, GameStatus::Active, GameStatus::Paused],
            Refusal::Over,
        )?;
        let pname = l.pname(l.power_by_word(power)?);
        let row = c
            .powers(l.game.id)?
            .into_iter()
            .find(|r| r.power == pname)
            .ok_or_else(|| l.corrupt(Damage::PowerMissing(pname.clone())))?;
        let Some(email) = row.email.filter(|_| row.status == PowerStatus::Playing) else {
            return Err(GameError::NotPlayed {
                game: l.game.name.clone(),
                power: l.display(&pname),
            });
        };
        let now_s = store::time_text(now);
        let phase = c.live_phase(l.game.id)?.map(|r| r.phase);
        // The player hears it first, while the address is still theirs.
        let removed = Notice::Ejected {
            game: l.game.name.clone(),
            power: pname.clone(),
        };
        let to = Audience::Address(email.clone());
        post(c, &l, phase.as_deref(), &to, &removed, &now_s)?;
        c.vacate_power(l.game.id, &pname)?;
        c.insert_player_change(
            l.game.id,
            &pname,
            "ejected",
            Some(&email),
            phase.as_deref(),
            &now_s,
        )?;
        vacant_notice(c, &l, &pname, VacantWhy::Ejected, now)?;
        Ok(())
    })
}

/// Announces that a power has no player and may be taken over.
pub(super) fn vacant_notice(
    c: &Tx<'_>,
    l: &Loaded,
    pname: &str,
    why: VacantWhy,
    now: DateTime<Utc>,
) -> Result<()> {
    let vacant = Notice::NoPlayer {
        game: l.game.name.clone(),
        power: pname.into(),
        why,
    };
    post(
        c,
        l,
        None,
        &Audience::AllAndMaster,
        &vacant,
        &store::time_text(now),
    )?;
    Ok(())
}

/// Seats a new player on a vacant power: the player gets the board and
/// the orders that stand; everybody else learns the power has a player.
fn seat(
    c: &Tx<'_>,
    l: &Loaded,
    pname: &str,
    email: &str,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    let now_s = store::time_text(now);
    c.seat_player(l.game.id, pname, email, hash, &now_s)?;
    let row = l.current(c)?;
    c.insert_player_change(
        l.game.id,
        pname,
        "took_over",
        Some(email),
        Some(&row.phase),
        &now_s,
    )?;
    let pos = l.position(&row)?;
    let board = OrLegacy::Typed(WelcomeBoard {
        board: super::board(l.map, &pos, &pos),
        centres: super::centres(l.map, &pos, &pos),
    });
    let welcome = Notice::Welcome {
        game: l.game.name.clone(),
        power: pname.into(),
        phase: pos.phase.to_string(),
        board,
        orders: c
            .live_orders(row.id, Some(pname))?
            .into_iter()
            .map(|o| o.parsed.unwrap_or_default())
            .collect(),
        later: super::future_orders::standing(c, l, pname)?,
        deadline: row
            .deadline
            .as_deref()
            .and_then(store::parse_time)
            .map(|at| When {
                at,
                tz: l.settings.tz(),
            }),
    };
    let to = Audience::Power(pname.into());
    post(c, l, Some(&row.phase), &to, &welcome, &now_s)?;
    let news = Notice::NewPlayer {
        game: l.game.name.clone(),
        power: pname.to_string(),
    };
    post(
        c,
        l,
        Some(&row.phase),
        &Audience::AllAndMaster,
        &news,
        &now_s,
    )?;
    Ok(())
}
