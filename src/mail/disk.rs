//! The disk reserve: the room the judge keeps free where its database
//! lives (`[database] min_free_bytes`), so that a flood of mail can never
//! take the room the players' next orders need. Before each mail is
//! stored, the free space is looked at again; a mail that would take it
//! below the reserve is not stored but left where it is (unseen on the
//! IMAP server, in the Maildir's `new/`), untouched, to be read once
//! there is room. A small mail (a player's orders) still fits where a
//! large one does not.
//!
//! How much room there is comes from a [`FreeSpace`] probe: the file
//! system's free space plus the pages SQLite has free inside the database
//! ([`DiskFree`]), or, in tests, anything else.

use crate::store::Tx;
use std::path::PathBuf;

/// Tells how many more bytes the database can take.
pub trait FreeSpace: Send {
    /// The bytes free for the database `db` now.
    fn free_bytes(&self, db: &Tx<'_>) -> std::io::Result<u64>;
    /// Where that room is, for the operator (a folder).
    fn place(&self) -> String;
}

/// The free space of the file system holding the database's folder, plus
/// the pages free inside the database (SQLite fills those first).
pub(super) struct DiskFree {
    /// The folder the database lives in.
    pub dir: PathBuf,
}

impl FreeSpace for DiskFree {
    fn free_bytes(&self, db: &Tx<'_>) -> std::io::Result<u64> {
        let disk = crate::files::free_bytes(&self.dir)?;
        Ok(disk.saturating_add(db.free_pages_bytes().unwrap_or(0)))
    }

    fn place(&self) -> String {
        self.dir.display().to_string()
    }
}

/// The free space kept by default: below it, no new mail is stored.
pub const DEFAULT_MIN_FREE_BYTES: u64 = 16 * 1024 * 1024;

/// The reserve a pass keeps: no probe, no reserve (every mail is stored).
pub(super) struct Reserve {
    probe: Option<Box<dyn FreeSpace>>,
    min_free: u64,
}

impl Reserve {
    /// No reserve at all.
    pub(super) fn none() -> Reserve {
        Reserve {
            probe: None,
            min_free: 0,
        }
    }

    /// Keeps `min_free` bytes free as `probe` counts them.
    pub(super) fn new(probe: Box<dyn FreeSpace>, min_free: u64) -> Reserve {
        Reserve {
            probe: Some(probe),
            min_free,
        }
    }

    /// Why a mail of `size` bytes must not be stored now, if it must not.
    /// A stored mail takes about twice its size for a while (the write-ahead
    /// log, then the database); `size` 0 asks whether the reserve is
    /// already reached. A probe that cannot tell refuses nothing.
    pub(super) fn refuses(&self, db: &Tx<'_>, size: u64) -> Option<String> {
        let probe = self.probe.as_ref()?;
        let free = match probe.free_bytes(db) {
            Ok(f) => f,
            Err(error) => {
                tracing::warn!(%error, "the free space cannot be read; mail is stored");
                return None;
            }
        };
        let need = self.min_free.saturating_add(size.saturating_mul(2));
        if free >= need {
            return None;
        }
        Some(if size == 0 || free < self.min_free {
            format!(
                "the disk is short: {free} bytes free under {} (less than [database] \
                 min_free_bytes = {}); new mail is not fetched until there is room",
                probe.place(),
                self.min_free
            )
        } else {
            format!(
                "the disk is short: {free} bytes free under {}, and a mail of {size} bytes \
                 would take the room below [database] min_free_bytes = {}; it waits where it \
                 is until there is room",
                probe.place(),
                self.min_free
            )
        })
    }
}

/// The mail a fetch left where it was for want of room.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Left {
    /// How many messages were left.
    pub count: usize,
    /// Why the first of them was left.
    pub why: Option<String>,
}

impl Left {
    /// Notes one more mail left, for `why`.
    pub(super) fn add(&mut self, why: String) {
        if self.why.is_none() {
            tracing::warn!("{why}");
            self.why = Some(why);
        }
        self.count += 1;
    }

    /// The pass's failure line, if any mail was left.
    pub(super) fn failure(&self) -> Option<String> {
        let why = self.why.as_ref()?;
        Some(format!("{why} ({} mail(s) left unread)", self.count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(u64);

    impl FreeSpace for Fixed {
        fn free_bytes(&self, _: &Tx<'_>) -> std::io::Result<u64> {
            Ok(self.0)
        }
        fn place(&self) -> String {
            "/fixed".into()
        }
    }

    #[test]
    fn a_mail_is_refused_when_storing_it_would_reach_into_the_reserve() {
        let d = tempfile::tempdir().unwrap();
        let st = crate::store::Store::open(&d.path().join("t.db")).unwrap();
        let c = st.read();
        let r = Reserve::new(Box::new(Fixed(1000)), 600);
        assert_eq!(r.refuses(&c, 0), None);
        assert_eq!(r.refuses(&c, 200), None);
        let why = r.refuses(&c, 201).unwrap();
        assert!(why.contains("a mail of 201 bytes"), "{why}");
        let short = Reserve::new(Box::new(Fixed(599)), 600);
        let why = short.refuses(&c, 0).unwrap();
        assert!(why.contains("599 bytes free under /fixed"), "{why}");
        assert_eq!(Reserve::none().refuses(&c, u64::MAX), None);
    }
}
