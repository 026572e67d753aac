//! Passwords: argon2 hashes for players and for the master password in the
//! configuration. Nothing else in dipspy hashes or compares a password.

/// A password could not be hashed (the system's random source failed).
#[derive(Debug, thiserror::Error)]
#[error("cannot hash the password: {0}")]
pub struct HashError(String);

/// An argon2 hash of a password, as stored for players and for the
/// master password in the configuration.
pub fn hash_password(pw: &str) -> Result<String, HashError> {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(pw.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Whether `pw` is the password stored (as an argon2 hash) for a player.
pub fn verify_password(hash: &str, pw: &str) -> bool {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    PasswordHash::new(hash)
        .map(|h| {
            argon2::Argon2::default()
                .verify_password(pw.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_own_password_only() {
        let h = hash_password("secret").unwrap();
        assert!(h.starts_with("$argon2"), "{h}");
        assert!(verify_password(&h, "secret"));
        assert!(!verify_password(&h, "Secret"));
        assert!(!verify_password("not a hash", "secret"));
    }
}
