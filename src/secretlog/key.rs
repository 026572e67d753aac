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
    #[error("{path}: cannot read the secret log's signing key: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
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
        "{path}: the signing key file may be read by others (mode {mode:o}); run `chmod 600 {path}`"
    )]
    Open { path: PathBuf, mode: u32 },
}

/// The key file beside a database, when the configuration names none.
pub fn default_path(db: &Path) -> PathBuf {
    let mut s = db.as_os_str().to_owned();
    s.push(".head-key");
    PathBuf::from(s)
}

/// Lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to bytes (None unless every pair is hex).
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    let s = s.trim();
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Reads the key file.
pub fn load(path: &Path) -> Result<SigningKey, KeyError> {
    let text = std::fs::read_to_string(path).map_err(|source| KeyError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(m) = std::fs::metadata(path) {
            let mode = m.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                return Err(KeyError::Open {
                    path: path.to_path_buf(),
                    mode,
                });
            }
        }
    }
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
pub fn load_or_create(path: &Path) -> Result<SigningKey, KeyError> {
    if path.exists() {
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
pub fn public_hex(key: &SigningKey) -> String {
    hex(key.verifying_key().as_bytes())
}

/// Reads a public key given as hex (the output of `secret-log --public-key`).
pub fn parse_public(text: &str) -> Option<VerifyingKey> {
    let word = text
        .split_whitespace()
        .find(|w| w.len() == 64 && unhex(w).is_some())?;
    let b: [u8; 32] = unhex(word)?.try_into().ok()?;
    VerifyingKey::from_bytes(&b).ok()
}

/// Whether `signature` (hex) is `public`'s Ed25519 signature of `message`.
pub fn signature_ok(public: &VerifyingKey, message: &str, signature: &str) -> bool {
    let Some(sig) = unhex(signature).and_then(|b| <[u8; 64]>::try_from(b).ok()) else {
        return false;
    };
    public
        .verify(message.as_bytes(), &Signature::from_bytes(&sig))
        .is_ok()
}

/// Registers `dipspy_sign_head(message)` on a connection: the key at
/// `path` (made on first use) signs; the result is `PUBLIC:SIGNATURE`.
pub fn register(conn: &Connection, path: &Path) -> rusqlite::Result<()> {
    let path = path.to_path_buf();
    let key: std::sync::OnceLock<SigningKey> = std::sync::OnceLock::new();
    conn.create_scalar_function(
        "dipspy_sign_head",
        1,
        FunctionFlags::SQLITE_UTF8,
        move |ctx| {
            let message: String = ctx.get(0)?;
            if key.get().is_none() {
                let k = load_or_create(&path)
                    .map_err(|e| rusqlite::Error::UserFunctionError(Box::new(e)))?;
                let _ = key.set(k);
            }
            let k = key.get().expect("just loaded");
            let sig = k.sign(message.as_bytes());
            Ok(format!("{}:{}", public_hex(k), hex(&sig.to_bytes())))
        },
    )
}

/// Signs through the connection's registered key: (public, signature).
pub fn sign(c: &Connection, message: &str) -> rusqlite::Result<(String, String)> {
    let out: String = c.query_row("SELECT dipspy_sign_head(?1)", [message], |r| r.get(0))?;
    let (p, s) = out.split_once(':').unwrap_or((&out, ""));
    Ok((p.to_string(), s.to_string()))
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
        assert!(e.contains("chmod 600"), "{e}");
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
