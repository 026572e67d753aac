//! The embedded transport: the judge reads a Maildir and delivers its own
//! mail into one Maildir per recipient, so a demo needs no mail server.

use super::MailError;
use super::disk::{Left, Reserve};
use super::inbox::{self, Stored};
use super::outbox::{Failure, OutMail, Outgoing, SendError};
use crate::store::Store;
use chrono::{DateTime, Utc};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A unique file name for a new Maildir entry.
fn unique_name() -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    // Microseconds zero-padded: names sort in the order delivered (the
    // inbox reads them in name order).
    format!(
        "{}.M{:06}P{}Q{}.dipspy",
        t.as_secs(),
        t.subsec_micros(),
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Makes `dir` a Maildir (tmp, new, cur).
pub fn create(dir: &Path) -> std::io::Result<()> {
    for sub in ["tmp", "new", "cur"] {
        std::fs::create_dir_all(dir.join(sub))?;
    }
    Ok(())
}

/// Writes a message into a Maildir the way a delivery agent does: into
/// tmp/, then renamed into new/. Returns the file in new/.
pub fn deliver(dir: &Path, raw: &[u8]) -> std::io::Result<PathBuf> {
    create(dir)?;
    let name = unique_name();
    let tmp = dir.join("tmp").join(&name);
    // Mail may carry a player's password or private reports: 0600.
    crate::files::write_private(&tmp, raw)?;
    let new = dir.join("new").join(&name);
    std::fs::rename(&tmp, &new)?;
    Ok(new)
}

/// Reads every message in `dir/new`: stores each (one transaction), and
/// only then moves it to `cur/` flagged seen. Returns how many were new,
/// and the mail left in `new/`, untouched, because storing it would
/// reach into the disk `reserve` (see [`super::disk`]).
///
/// A message larger than `max_store` bytes is not read whole: only its
/// beginning is stored (see `super::oversize`).
pub(super) fn fetch(
    st: &mut Store,
    dir: &Path,
    max_store: usize,
    reserve: &Reserve,
    now: DateTime<Utc>,
) -> Result<(usize, Left), MailError> {
    if !dir.join("new").is_dir() {
        return Err(MailError::Config(format!(
            "the incoming Maildir {} has gone (no new/ folder in it)",
            dir.display()
        )));
    }
    create(dir)?;
    let mut names: Vec<_> = std::fs::read_dir(dir.join("new"))?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().map(|t| t.is_file()).unwrap_or(false))
        .map(|e| e.file_name())
        .collect();
    names.sort();
    let mut fresh = 0;
    let mut left = Left::default();
    for name in names {
        let name = name.to_string_lossy().into_owned();
        let path = dir.join("new").join(&name);
        // The room is looked at before each mail, from its size alone.
        let size = match std::fs::metadata(&path) {
            Ok(m) => m.len(),
            Err(e) => {
                tracing::warn!(file = %path.display(), error = %e, "cannot read a message");
                continue;
            }
        };
        if let Some(why) = reserve.refuses(&st.read(), size.min(max_store as u64)) {
            left.add(why);
            continue;
        }
        let (raw, size) = match read_message(&path, max_store) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(file = %path.display(), error = %e, "cannot read a message");
                continue;
            }
        };
        let s = inbox::store_raw_sized(st, &raw, size, &format!("maildir:{name}"), now)?;
        if matches!(s, Stored::New(_)) {
            fresh += 1;
        }
        super::test_pause("stored");
        let base = name.split(":2,").next().unwrap_or(&name);
        std::fs::rename(&path, dir.join("cur").join(format!("{base}:2,S")))?;
    }
    Ok((fresh, left))
}

/// Reads one Maildir message: whole when it is at most `max_store`
/// bytes, else its first `max_store` bytes with a note (never the rest).
/// Returns what to store and the message's size.
fn read_message(path: &Path, max_store: usize) -> std::io::Result<(Vec<u8>, u64)> {
    use std::io::Read;
    let f = std::fs::File::open(path)?;
    let size = f.metadata()?.len();
    let mut raw = Vec::new();
    f.take(max_store as u64).read_to_end(&mut raw)?;
    if size > max_store as u64 {
        tracing::warn!(file = %path.display(), size, "too large to store; only its beginning is kept");
        return Ok((super::oversize::truncated(&raw, size), size));
    }
    Ok((raw, size))
}

/// Delivers outgoing mail into `root/<recipient>/new/`.
pub struct MaildirOut {
    /// The folder holding one Maildir per recipient address.
    pub root: PathBuf,
}

impl Outgoing for MaildirOut {
    fn send(&mut self, from: &str, m: &OutMail) -> Result<(), SendError> {
        let msg = super::smtp::build_message(from, m)?;
        let who = m.to.trim().to_lowercase();
        if who.is_empty()
            || who.starts_with('.')
            || who.contains(['/', '\\', '\0'])
            || !who.contains('@')
        {
            return Err(SendError::new(
                Failure::Unaddressable,
                format!("not a deliverable address: {:?}", m.to),
            ));
        }
        deliver(&self.root.join(&who), &msg.formatted()).map_err(|e| {
            SendError::new(Failure::Unanswered, format!("{}: {e}", self.root.display()))
        })?;
        Ok(())
    }
}
