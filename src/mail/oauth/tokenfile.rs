//! The token file: the access token, when it ends, and the refresh token,
//! as JSON in a file only the judge's user may read (0600). It is written
//! whole to a temporary file beside it and renamed over it, so a reader
//! never sees half a file, and changed only under a lock on a second file
//! (`TOKEN_FILE.lock`), so `serve` and `check` (or `oauth login`) never
//! refresh at once and lose the newest refresh token.

use super::OauthError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// What the token file holds. `Debug` shows no token.
#[derive(Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Tokens {
    /// The current access token.
    pub access_token: String,
    /// When the access token ends (`None`: unknown).
    pub expires_at: Option<DateTime<Utc>>,
    /// Absent for the client-credentials flow.
    pub refresh_token: Option<String>,
    /// When the refresh token was first given (a person's login): some
    /// providers end refresh tokens after a fixed time or when unused.
    pub refresh_since: Option<DateTime<Utc>>,
    /// When the access token was obtained.
    pub obtained_at: Option<DateTime<Utc>>,
    /// Set when the provider refused the refresh token for good
    /// (`invalid_grant`): no process tries it again until a new login
    /// replaces the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub login_ended: Option<String>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens")
            .field("expires_at", &self.expires_at)
            .field("refresh_token", &self.refresh_token.as_ref().map(|_| "…"))
            .field("refresh_since", &self.refresh_since)
            .field("login_ended", &self.login_ended)
            .finish_non_exhaustive()
    }
}

/// The longest token file read: a few kilobytes in practice.
const MAX_TOKEN_FILE: u64 = 64 * 1024;

/// The lock file beside `file`.
fn lock_path(file: &Path) -> PathBuf {
    let mut p = file.as_os_str().to_owned();
    p.push(".lock");
    PathBuf::from(p)
}

/// What is wrong with the token file's owner or mode, if anything: it
/// must belong to the user the judge runs as and be readable by no one
/// else.
pub(crate) fn unsafe_mode(file: &Path) -> Result<Option<String>, OauthError> {
    let m = std::fs::metadata(file).map_err(|e| OauthError::file(file, e))?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if m.uid() != me {
        return Ok(Some(format!(
            "the token file {} belongs to user id {}, not to the judge's user ({me}): chown it",
            file.display(),
            m.uid()
        )));
    }
    let mode = m.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Ok(Some(format!(
            "the token file {} can be read by others (mode {mode:o}): chmod 600 {}",
            file.display(),
            file.display()
        )));
    }
    Ok(None)
}

/// Reads the token file (`None`: there is none yet). A file others may
/// read is refused: its tokens may have been seen.
pub(crate) fn read(file: &Path) -> Result<Option<Tokens>, OauthError> {
    if !file.exists() {
        return Ok(None);
    }
    if let Some(why) = unsafe_mode(file)? {
        return Err(OauthError::File(why));
    }
    let text = crate::files::read_text_bounded(file, MAX_TOKEN_FILE, "a token file")
        .map_err(|e| OauthError::File(e.to_string()))?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| OauthError::File(format!("{}: {e}", file.display())))
}

/// Writes the token file whole: a temporary file (0600) beside it, synced,
/// then renamed over it.
pub(crate) fn write(file: &Path, t: &Tokens) -> Result<(), OauthError> {
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
    let mut tmp = file.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let text = serde_json::to_string_pretty(t).map_err(|e| OauthError::File(e.to_string()))?;
    let res = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&tmp)?;
        // An old temporary file may have been left with another mode.
        f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, file)?;
        if let Some(d) = dir {
            std::fs::File::open(d)?.sync_all()?;
        }
        Ok::<(), std::io::Error>(())
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res.map_err(|e| OauthError::file(file, e))
}

/// Removes the token file (and its lock file).
pub(crate) fn remove(file: &Path) -> Result<bool, OauthError> {
    let _ = std::fs::remove_file(lock_path(file));
    match std::fs::remove_file(file) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(OauthError::file(file, e)),
    }
}

/// The exclusive lock on the token file, held while it lives.
pub(crate) struct Lock {
    _file: std::fs::File,
}

/// Takes the token file's lock, waiting for another process's refresh.
pub(crate) fn lock(file: &Path) -> Result<Lock, OauthError> {
    let p = lock_path(file);
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .mode(0o600)
        .open(&p)
        .map_err(|e| OauthError::file(&p, e))?;
    f.lock().map_err(|e| OauthError::file(&p, e))?;
    Ok(Lock { _file: f })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(a: &str) -> Tokens {
        Tokens {
            access_token: a.into(),
            refresh_token: Some(format!("r-{a}")),
            ..Tokens::default()
        }
    }

    #[test]
    fn written_0600_by_rename_and_read_back() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("t");
        write(&f, &tokens("one")).unwrap();
        assert_eq!(
            std::fs::metadata(&f).unwrap().permissions().mode() & 0o777,
            0o600
        );
        write(&f, &tokens("two")).unwrap();
        assert_eq!(read(&f).unwrap(), Some(tokens("two")));
        // Nothing left beside it but the file itself.
        let names: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn a_file_others_can_read_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("t");
        write(&f, &tokens("one")).unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
        let e = read(&f).unwrap_err().to_string();
        assert!(e.contains("chmod 600"), "{e}");
    }

    #[test]
    fn a_file_another_user_owns_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("t");
        write(&f, &tokens("one")).unwrap();
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        let other = if me == 0 { 65534 } else { 0 };
        if me == 0 {
            // Root can give the file away: it stays 0600, only its owner
            // changes.
            std::os::unix::fs::chown(&f, Some(other), None).unwrap();
        } else {
            // Anyone else checks a file root owns.
            let theirs = Path::new("/etc/passwd");
            assert_eq!(std::fs::metadata(theirs).unwrap().uid(), 0);
            let why = unsafe_mode(theirs)
                .unwrap()
                .expect("a file root owns is refused");
            assert!(why.contains("belongs to user id 0"), "{why}");
            return;
        }
        assert_eq!(
            std::fs::metadata(&f).unwrap().permissions().mode() & 0o777,
            0o600
        );
        let why = unsafe_mode(&f)
            .unwrap()
            .expect("another user's file is refused");
        assert!(
            why.contains(&format!("belongs to user id {other}")),
            "{why}"
        );
        assert!(why.contains("chown"), "{why}");
    }

    #[test]
    fn debug_shows_no_token() {
        let s = format!("{:?}", tokens("very-secret"));
        assert!(!s.contains("very-secret"), "{s}");
    }
}
