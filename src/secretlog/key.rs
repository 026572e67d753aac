//! The judge's signing key for the secret log's heads: an Ed25519 key
//! pair made on first use from the operating system's random source and
//! kept in a file of its own (mode 0600), never in the database. The file
//! is named by `[judge] head_key` in the configuration; without it, it is
//! the database's path with `.head-key` added.
//!
//! The game layer signs through the database connection: the store
//! registers an SQL function, `dipspy_sign_head(message)`, that loads the
//! key (making it the first time) and returns `PUBLIC:SIGNATURE` in hex.
//! The key itself stays in this process's memory.

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
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
    #[error(
        "{path}: there is no signing key file here (the judge makes it when an espionage game is created); name the judge's key file with `[judge] head_key`, or give its public key with --key"
    )]
    Missing { path: PathBuf },
    #[error("{path} (mode {}): cannot read the secret log's signing key: {source}", mode_text(*.mode))]
    Read {
        path: PathBuf,
        mode: Option<u32>,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("{path}: cannot create the secret log's signing key: {source}")]
    Create {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path}: not a dipspy signing key file (it should hold two lines: a header and 64 hex digits)"
    )]
    Malformed { path: PathBuf },
    #[error(
        "{path}: the signing key file may be read by others (mode {mode:04o}); run `chmod 600 {path}`"
    )]
    Open { path: PathBuf, mode: u32 },
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

/// Reads a public key given as hex (the output of `secret-log --public-key`).
pub(crate) fn parse_public(text: &str) -> Option<VerifyingKey> {
    let word = text
        .split_whitespace()
        .find(|w| w.len() == 64 && unhex(w).is_some())?;
    let b: [u8; 32] = unhex(word)?.try_into().ok()?;
    VerifyingKey::from_bytes(&b).ok()
}

/// Whether `signature` (hex) is `public`'s Ed25519 signature of `message`.
pub(crate) fn signature_ok(public: &VerifyingKey, message: &str, signature: &str) -> bool {
    let Some(sig) = unhex(signature).and_then(|b| <[u8; 64]>::try_from(b).ok()) else {
        return false;
    };
    public
        .verify(message.as_bytes(), &Signature::from_bytes(&sig))
        .is_ok()
}

/// Why a public key given on the command line (`--key`) cannot be used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum GivenKeyError {
    #[error("--key {given}: {source}")]
    Read {
        given: String,
        source: crate::files::ReadError,
    },
    #[error(
        "--key `{0}`: not an Ed25519 public key (64 hex digits, as `secret-log --public-key` prints it)"
    )]
    NotAKey(String),
}

/// The public key given as hex, or as a file holding it (the output of
/// `secret-log --public-key`, as the master wrote it down).
pub(crate) fn given_public(given: &str) -> Result<VerifyingKey, GivenKeyError> {
    let path = Path::new(given);
    let text = if std::fs::symlink_metadata(path).is_ok() {
        crate::files::read_text_bounded(path, crate::files::MAX_KEY_BYTES, "key file").map_err(
            |source| GivenKeyError::Read {
                given: given.to_string(),
                source,
            },
        )?
    } else {
        given.to_string()
    };
    parse_public(&text).ok_or_else(|| {
        // Only a short, printable part of what was given is repeated.
        let shown: String = given
            .chars()
            .take(80)
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        GivenKeyError::NotAKey(shown)
    })
}

/// Registers on a connection `dipspy_sign_head(message)`, which signs with
/// the key at `path` and returns `PUBLIC:SIGNATURE`, and
/// `dipspy_head_public_key()`, which returns the public key. Both make the
/// key on first use, but only while the database holds no signed head: once
/// heads were signed, a missing key file is an error naming it (restore it
/// from its backup), never a new key that would make every later head look
/// forged.
pub(crate) fn register(conn: &Connection, path: &Path) -> rusqlite::Result<()> {
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

/// Signs through the connection's registered key: (public, signature).
pub(crate) fn sign(c: &Connection, message: &str) -> rusqlite::Result<(String, String)> {
    let out: String = c.query_row("SELECT dipspy_sign_head(?1)", [message], |r| r.get(0))?;
    let (p, s) = out.split_once(':').unwrap_or((&out, ""));
    Ok((p.to_string(), s.to_string()))
}

/// Makes the connection's key if there is none yet (an espionage game is
/// created: its public key can be published before the first head);
/// returns the public key in hex.
pub fn ensure(c: &Connection) -> rusqlite::Result<String> {
    c.query_row("SELECT dipspy_head_public_key()", [], |r| r.get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_with_mode_0600_and_read_back_the_same() {
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("head.key");
        let k = load_or_create(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
        let again = load_or_create(&path).unwrap();
        assert_eq!(k.to_bytes(), again.to_bytes());
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
        let sig = hex(&k.sign(b"head").to_bytes());
        assert!(signature_ok(&k.verifying_key(), "head", &sig));
        assert!(!signature_ok(&k.verifying_key(), "head2", &sig));
        assert_eq!(parse_public(&public_hex(&k)).unwrap(), k.verifying_key());
    }

    #[cfg(unix)]
    #[test]
    fn a_key_file_others_may_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("head.key");
        load_or_create(&path).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(e.contains("chmod 600") && e.contains("mode 0644"), "{e}");
        // Loading never makes a key: a missing file is named as such.
        let gone = d.path().join("gone.key");
        let e = load(&gone).unwrap_err().to_string();
        assert!(
            e.contains("gone.key") && e.contains("no signing key file"),
            "{e}"
        );
        assert!(!gone.exists());
    }

    #[test]
    fn a_malformed_key_file_is_refused_with_what_it_should_hold() {
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("head.key");
        let mut o = std::fs::OpenOptions::new();
        o.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            o.mode(0o600);
        }
        o.open(&path).unwrap().write_all(b"not a key\n").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(e.contains("64 hex digits"), "{e}");
    }
}
