//! Mail the judge quarantined (too large, past the sender's rate, no
//! sender, or mail the judge failed on), for the game master to look at
//! and, when it was quarantined by mistake, to release: a released mail
//! goes through the judge as if it had just arrived, once, with the size
//! and rate limits lifted.

use super::inbox::{self, Outcome};
use super::{Limits, MailError, message};
use crate::judge::JudgeSettings;
use crate::store::{self, Store};
use chrono::{DateTime, Utc};

/// A quarantined mail, as `dipspy quarantine list` shows it.
pub(crate) use crate::store::QuarantinedMail;

/// Every quarantined mail, oldest first.
pub(crate) fn list(st: &Store) -> crate::store::DbResult<Vec<QuarantinedMail>> {
    st.read().quarantined()
}

/// One quarantined mail with its text as the judge reads it.
pub(crate) fn show(st: &Store, id: i64) -> Result<(QuarantinedMail, String), MailError> {
    let m = list(st)?
        .into_iter()
        .find(|m| m.id == id)
        .ok_or(MailError::NotQuarantined(id))?;
    let raw: Vec<u8> = st.read().inbox_raw(id)?.unwrap_or_default();
    Ok((m, message::parse(&raw).body))
}

/// Releases a quarantined mail: it is handled now, as if it had just
/// arrived, its reply queued. The release and the handling are one step:
/// a mail is released once.
pub(crate) fn release(
    st: &mut Store,
    js: &JudgeSettings,
    id: i64,
    now: DateTime<Utc>,
) -> Result<Outcome, MailError> {
    let changed =
        st.write(|c| c.release_inbox(id, &format!("released at {}", store::time_text(now))))?;
    if changed == 0 {
        return Err(MailError::NotQuarantined(id));
    }
    inbox::handle_one(st, js, Limits::unlimited(), id, now)
}
