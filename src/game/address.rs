//! SET ADDRESS: the address the judge writes to for a power, changed only
//! once the new address has shown that it receives the judge's mail. The
//! judge mails a code there; the change takes effect when a mail from
//! that address carries `CONFIRM ADDRESS <code>` within
//! [`CONFIRM_DAYS`] days. Until then everything goes on to the old
//! address, which is told when the change is made. Only a hash of the
//! code is stored, and the code appears in no other mail.

use super::GameError;
use super::error::Refusal;
use super::loaded::load;
use super::notice::{Notice, post};
use crate::store::GameStatus;
use crate::store::{self, Store, StoreError};
use crate::store::{AddressChangeStatus, Audience};
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

/// How long a confirmation code is good for.
pub const CONFIRM_DAYS: i64 = 7;

/// Why an address was not changed (in words: `src/text/error.rs`).
#[derive(Debug)]
pub enum AddressError {
    /// A game error.
    Game(GameError),
    /// The text given is not a mail address.
    NotAnAddress(String),
    /// The judge already writes to that address.
    Same,
    /// In use in the game named.
    InUse(String),
    /// No change waits for this code from this address.
    NoSuchCode,
    /// The power has had another player since the change was asked for.
    Stale,
}

impl std::error::Error for AddressError {}

impl From<GameError> for AddressError {
    fn from(e: GameError) -> Self {
        AddressError::Game(e)
    }
}

impl From<crate::store::DbError> for AddressError {
    fn from(e: crate::store::DbError) -> Self {
        AddressError::Game(GameError::Sql(e))
    }
}

impl From<StoreError> for AddressError {
    fn from(e: StoreError) -> Self {
        AddressError::Game(GameError::Store(e))
    }
}

/// What a CONFIRM ADDRESS confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddressChanged {
    /// A change of a power's address (SET ADDRESS).
    Power {
        /// The game's name.
        game: String,
        /// `France`.
        power: String,
    },
    /// An address now observing a game (OBSERVE).
    Observer {
        /// The game's name.
        game: String,
    },
}

pub(super) fn code_hash(code: &str) -> String {
    let d = Sha256::digest(code.trim().to_ascii_uppercase().as_bytes());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh code: 12 characters from an alphabet without look-alikes
/// (about 60 bits), in groups of four.
pub(super) fn new_code() -> String {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 12];
    OsRng.fill_bytes(&mut bytes);
    let mut s = String::new();
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            s.push('-');
        }
        s.push(ALPHABET[(*b as usize) % ALPHABET.len()] as char);
    }
    s
}

/// SET ADDRESS for `power` of game `name`: a code is mailed to `new`;
/// nothing else changes.
pub fn request_address_change(
    st: &mut Store,
    name: &str,
    power: &str,
    new: &str,
    now: DateTime<Utc>,
) -> Result<(), AddressError> {
    let new = new.trim().to_ascii_lowercase();
    if !crate::command::looks_like_address(&new) {
        return Err(AddressError::NotAnAddress(new));
    }
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Forming, GameStatus::Active, GameStatus::Paused],
            Refusal::Over,
        )?;
        let id = l.power(power)?;
        let pname = l.pname(id);
        let rows = c.powers(l.game.id)?;
        let row = rows.iter().find(|p| p.power == pname).cloned();
        let Some(old) = row.and_then(|p| p.email) else {
            return Err(GameError::NotPlayed {
                game: l.game.name.clone(),
                power: l.display(&pname),
            }
            .into());
        };
        if old.eq_ignore_ascii_case(&new) {
            return Err(AddressError::Same);
        }
        // One address, one power: another power's player would get this
        // power's mail (and could sign on where the game needs no password).
        if rows.iter().any(|p| {
            p.email
                .as_deref()
                .is_some_and(|e| e.eq_ignore_ascii_case(&new))
        }) {
            return Err(AddressError::InUse(l.game.name.clone()));
        }
        let code = new_code();
        let at = store::time_text(now);
        c.insert_address_change(l.game.id, &pname, &old, &new, &code_hash(&code), &at)?;
        let confirm = Notice::ConfirmAddress {
            game: l.game.name.clone(),
            power: pname.clone(),
            code,
            days: CONFIRM_DAYS,
        };
        post(c, &l, None, &Audience::Address(new.clone()), &confirm, &at)?;
        Ok(())
    })
}

/// CONFIRM ADDRESS from `from`: the change waiting for `code` takes
/// effect when `from` is its new address and the code is fresh.
pub fn confirm_address_change(
    st: &mut Store,
    from: &str,
    code: &str,
    now: DateTime<Utc>,
) -> Result<AddressChanged, AddressError> {
    st.write(|c| {
        let Some(req) = c.pending_address_change(&code_hash(code))? else {
            return match super::observe::confirm(c, from, &code_hash(code), now)? {
                Some(game) => Ok(AddressChanged::Observer { game }),
                None => Err(AddressError::NoSuchCode),
            };
        };
        let fresh = store::parse_time(&req.requested_at)
            .is_some_and(|t| now <= t + Duration::days(CONFIRM_DAYS));
        if !req.new_email.eq_ignore_ascii_case(from.trim()) || !fresh {
            return Err(AddressError::NoSuchCode);
        }
        let at = store::time_text(now);
        let game = c
            .games()?
            .into_iter()
            .find(|g| g.id == req.game_id)
            .ok_or(AddressError::NoSuchCode)?;
        let l = load(c, &game.name)?;
        let rows = c.powers(l.game.id)?;
        let still = rows
            .iter()
            .find(|p| p.power == req.power)
            .and_then(|p| p.email.as_deref())
            .is_some_and(|e| e.eq_ignore_ascii_case(&req.old_email));
        if !still {
            c.decide_address_change(req.id, AddressChangeStatus::Withdrawn, &at)?;
            return Err(AddressError::Stale);
        }
        if rows.iter().any(|p| {
            p.power != req.power
                && p.email
                    .as_deref()
                    .is_some_and(|e| e.eq_ignore_ascii_case(&req.new_email))
        }) {
            c.decide_address_change(req.id, AddressChangeStatus::Withdrawn, &at)?;
            return Err(AddressError::InUse(l.game.name.clone()));
        }
        c.set_power_email(l.game.id, &req.power, &req.new_email)?;
        c.decide_address_change(req.id, AddressChangeStatus::Confirmed, &at)?;
        let phase = c.live_phase(l.game.id)?.map(|r| r.phase);
        c.insert_player_change(
            l.game.id,
            &req.power,
            "address",
            Some(&req.new_email),
            phase.as_deref(),
            &at,
        )?;
        let who = l.display(&req.power);
        let changed = Notice::AddressChanged {
            game: l.game.name.clone(),
            power: req.power.clone(),
            email: req.new_email.clone(),
        };
        let to = Audience::Address(req.old_email.clone());
        post(c, &l, None, &to, &changed, &at)?;
        Ok(AddressChanged::Power {
            game: l.game.name.clone(),
            power: who,
        })
    })
}
