//! A master's (or player's) password as the judge stores it: an argon2
//! hash with the library's default parameters, as `dipspy password-hash`
//! makes it.

use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};

/// The argon2 hash of `password`, with a fresh salt.
pub(crate) fn argon2_hash(password: &str) -> String {
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &SaltString::generate(&mut OsRng))
        .unwrap()
        .to_string()
}
