//! The judge's signing key for the secret log's heads: an Ed25519 key
//! pair made on first use from the operating system's random source and
//! kept in a file of its own (mode 0600), never in the database. The file
//! is named by `[judge] head_key` in the configuration; without it, it is
//! the database's path with `.head-key` added.
//!
//! The key file itself, and the signing through the database connection
//! (`dipspy_sign_head(message)`), are the store's
//! (`crate::store`'s `head_key`); this module reads and checks the public
//! key and the signatures.

pub use crate::store::{default_head_key_path as default_path, load_head_key as load};
pub(crate) use crate::store::{hex, public_hex, unhex};
use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use std::path::Path;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::load_or_create;
    use ed25519_dalek::Signer;
    use std::io::Write;

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
