//! OBSERVE by mail: an address becomes an observer of a game (and gets
//! its results, with the pictures) only once it has shown that it reads
//! the judge's mail, as with SET ADDRESS: the code goes to the address in
//! the judge's reply to the OBSERVE itself (never in a mail of its own),
//! and the address is added when a mail from it carries
//! `CONFIRM ADDRESS <code>` within [`CONFIRM_DAYS`] days. A forged OBSERVE
//! thus subscribes nobody. An address has at most one OBSERVE open per
//! game: asking again replaces its code (the old one no longer works).
//! Only a hash of the code is stored.

use super::address::{CONFIRM_DAYS, code_hash, new_code};
use super::loaded::load;
use super::{GameError, Result};
use crate::store::Tx;
use crate::store::{self, Store};
use chrono::{DateTime, Duration, Utc};

/// What an OBSERVE did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObserveAsked {
    /// The code to confirm with, for the reply: the address's OBSERVE of
    /// the game is open with it.
    Code(String),
    /// The address already observes the game.
    Already,
}

/// OBSERVE from `email`: opens (or renews) its request with a new code,
/// which is returned for the reply.
pub fn request_observe(
    st: &mut Store,
    name: &str,
    email: &str,
    now: DateTime<Utc>,
) -> Result<ObserveAsked> {
    let email = email.trim().to_ascii_lowercase();
    st.write(|c| {
        let l = load(c, name)?;
        if c.observers(l.game.id)?
            .iter()
            .any(|e| e.eq_ignore_ascii_case(&email))
        {
            return Ok(ObserveAsked::Already);
        }
        let code = new_code();
        let at = store::time_text(now);
        c.open_observe_request(l.game.id, &email, &code_hash(&code), &at)?;
        Ok::<_, GameError>(ObserveAsked::Code(code))
    })
}

/// The OBSERVE waiting for the code with hash `hash`, confirmed from
/// `from`: the address now observes the game, whose name is returned.
pub(super) fn confirm(
    c: &Tx<'_>,
    from: &str,
    hash: &str,
    now: DateTime<Utc>,
) -> crate::store::DbResult<Option<String>> {
    let Some(r) = c.pending_observe_request(hash)? else {
        return Ok(None);
    };
    let fresh =
        store::parse_time(&r.requested_at).is_some_and(|t| now <= t + Duration::days(CONFIRM_DAYS));
    if !fresh || !r.email.eq_ignore_ascii_case(from.trim()) {
        return Ok(None);
    }
    let now_text = store::time_text(now);
    c.confirm_observe_request(r.id, &now_text)?;
    c.insert_observer(r.game_id, &r.email, &now_text)?;
    c.game_name_by_id(r.game_id)
}
