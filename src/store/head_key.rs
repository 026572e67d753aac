//! The judge's signing key for the secret log's heads, as the store keeps
//! it: an Ed25519 key pair made on first use from the operating system's
//! random source and kept in a file of its own (mode 0600), never in the
//! database. The file is named by `[judge] head_key` in the
//! configuration; without it, it is the database's path with `.head-key`
//! added.
//!
//! The store registers on its connection an SQL function,
//! `dipspy_sign_head(message)`, that loads the key (making it the first
//! time) and returns `PUBLIC:SIGNATURE` in hex; the key itself stays in
//! this process's memory. What the signatures mean, and their checking,
//! belongs to the secret log's own module.

use super::{DbResult, Tx};
use ed25519_dalek::{Signer, SigningKey};
use rusqlite::Connection;
use rusqlite::functions::FunctionFlags;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first line of a key file.
const HEADER: &str =
    "dipspy secret-log head key (Ed25519 secret seed, hex); keep this file mode 0600";

/// Why the key could not be had.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// There is no key file at the path.
    #[error(
        "{path}: there is no signing key file here (the judge makes it when an espionage game is created); name the judge's key file with `[judge] head_key`, or give its public key with --key"
    )]
    Missing {
        /// The key file's path.
        path: PathBuf,
    },
    /// The key file could not be read.
    #[error("{path} (mode {}): cannot read the secret log's signing key: {source}", mode_text(*.mode))]
    Read {
        /// The key file's path.
        path: PathBuf,
        /// The file's permission bits, where the system has them.
        mode: Option<u32>,
        /// Why it could not be read.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A new key file could not be written.
    #[error("{path}: cannot create the secret log's signing key: {source}")]
    Create {
        /// The key file's path.
        path: PathBuf,
        /// Why it could not be written.
        source: std::io::Error,
    },
    /// The file holds no key in dipspy's form.
    #[error(
        "{path}: not a dipspy signing key file (it should hold two lines: a header and 64 hex digits)"
    )]
    Malformed {
        /// The key file's path.
        path: PathBuf,
    },
    /// Others than its owner may read the key file.
    #[error(
        "{path}: the signing key file may be read by others (mode {mode:04o}); run `chmod 600 {path}`"
    )]
    Open {
        /// The key file's path.
        path: PathBuf,
        /// The file's permission bits.
        mode: u32,
    },
}

/// A file's mode as `0600`, or `unknown`.
fn mode_text(mode: Option<u32>) -> String {
    mode.map_or_else(|| "unknown".into(), |m| format!("{m:04o}"))
}

/// The permission bits of a file, where the system has them.
fn mode_of(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path)
            .ok()
            .map(|m| m.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The key file beside a database, when the configuration names none.
pub fn default_path(db: &Path) -> PathBuf {
    let mut s = db.as_os_str().to_owned();
    s.push(".head-key");
    PathBuf::from(s)
}

/// Lowercase hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to bytes (None unless every pair is hex).
pub(crate) fn unhex(s: &str) -> Option<Vec<u8>> {
    let s = s.trim();
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Reads the key file; never makes one. A missing file, one others may
/// read, one that cannot be read or one that holds no key is an error
/// naming the file (and its mode).
pub fn load(path: &Path) -> Result<SigningKey, KeyError> {
    if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Err(KeyError::Missing {
            path: path.to_path_buf(),
        });
    }
    let mode = mode_of(path);
    if let Some(m) = mode
        && m & 0o077 != 0
    {
        return Err(KeyError::Open {
            path: path.to_path_buf(),
            mode: m,
        });
    }
    let text = crate::files::read_text_bounded(path, crate::files::MAX_KEY_BYTES, "key file")
        .map_err(|e| KeyError::Read {
            path: path.to_path_buf(),
            mode,
            source: Box::new(e),
        })?;
    let malformed = || KeyError::Malformed {
        path: path.to_path_buf(),
    };
    let seed = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("dipspy"))
        .and_then(unhex)
        .ok_or_else(malformed)?;
    let seed: [u8; 32] = seed.try_into().map_err(|_| malformed())?;
    Ok(SigningKey::from_bytes(&seed))
}

/// Reads the key file, making a new key pair first if there is none. The
/// file is written under a temporary name created with mode 0600 and then
/// linked into place, so that it never exists half written or readable by
/// others; of two judges making it at once, the first one's key is kept.
pub(crate) fn load_or_create(path: &Path) -> Result<SigningKey, KeyError> {
    if std::fs::symlink_metadata(path).is_ok() {
        return load(path);
    }
    let create = |source| KeyError::Create {
        path: path.to_path_buf(),
        source,
    };
    let key = SigningKey::generate(&mut rand_core::OsRng);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "head-key".into()),
        std::process::id()
    ));
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    let mut f = o.open(&tmp).map_err(create)?;
    let written = f
        .write_all(format!("{HEADER}\n{}\n", hex(&key.to_bytes())).as_bytes())
        .and_then(|()| f.sync_all());
    drop(f);
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(create(e));
    }
    let linked = std::fs::hard_link(&tmp, path);
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => {
            tracing::info!(path = %path.display(), "made the secret log's signing key");
            Ok(key)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => load(path),
        Err(e) => Err(create(e)),
    }
}

/// The public key in hex.
pub(crate) fn public_hex(key: &SigningKey) -> String {
    hex(key.verifying_key().as_bytes())
}

/// Registers on a connection `dipspy_sign_head(message)`, which signs with
/// the key at `path` and returns `PUBLIC:SIGNATURE`, and
/// `dipspy_head_public_key()`, which returns the public key. Both make the
/// key on first use, but only while the database holds no signed head: once
/// heads were signed, a missing key file is an error naming it (restore it
/// from its backup), never a new key that would make every later head look
/// forged.
pub(super) fn register(conn: &Connection, path: &Path) -> rusqlite::Result<()> {
    let path = path.to_path_buf();
    let signed_before: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM secret_log_signed_heads)",
        [],
        |r| r.get(0),
    )?;
    let key: std::sync::Arc<std::sync::OnceLock<SigningKey>> = Default::default();
    let get = move || -> rusqlite::Result<SigningKey> {
        if let Some(k) = key.get() {
            return Ok(k.clone());
        }
        let k = if signed_before {
            load(&path)
        } else {
            load_or_create(&path)
        }
        .map_err(|e| rusqlite::Error::UserFunctionError(Box::new(e)))?;
        let _ = key.set(k.clone());
        Ok(k)
    };
    let get2 = get.clone();
    conn.create_scalar_function(
        "dipspy_sign_head",
        1,
        FunctionFlags::SQLITE_UTF8,
        move |ctx| {
            let message: String = ctx.get(0)?;
            let k = get()?;
            let sig = k.sign(message.as_bytes());
            Ok(format!("{}:{}", public_hex(&k), hex(&sig.to_bytes())))
        },
    )?;
    conn.create_scalar_function(
        "dipspy_head_public_key",
        0,
        FunctionFlags::SQLITE_UTF8,
        move |_| Ok(public_hex(&get2()?)),
    )
}

impl Tx<'_> {
    /// Signs `message` with the key registered on the connection:
    /// (public key, signature), both in hex.
    pub(crate) fn sign_head(&self, message: &str) -> DbResult<(String, String)> {
        let out: String = self.query_row("SELECT dipspy_sign_head(?1)", [message], |r| r.get(0))?;
        let (p, s) = out.split_once(':').unwrap_or((&out, ""));
        Ok((p.to_string(), s.to_string()))
    }

    /// Makes the connection's key if there is none yet (an espionage game
    /// is created: its public key can be published before the first
    /// head); returns the public key in hex.
    pub(crate) fn ensure_head_key(&self) -> DbResult<String> {
        Ok(self.query_row("SELECT dipspy_head_public_key()", [], |r| r.get(0))?)
    }
}
