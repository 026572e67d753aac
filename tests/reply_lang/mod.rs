//! What the tests of the judge's replies per language share: a fixed
//! clock, the players' addresses, a password hash, and checks on a reply.
//! Each test file keeps its own `Judge` (its settings differ).

#![allow(dead_code)]

use chrono::{DateTime, Utc};
use dipspy::judge::Reply;

pub(crate) fn now() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

pub(crate) fn addr(power: &str) -> String {
    format!("{power}@example.org")
}

pub(crate) fn hash(password: &str) -> String {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &SaltString::generate(&mut OsRng))
        .unwrap()
        .to_string()
}

#[track_caller]
pub(crate) fn assert_has(reply: &Reply, text: &str) {
    assert!(
        reply.body.contains(text),
        "reply lacks {text:?}:\n{}",
        reply.body
    );
}

#[track_caller]
pub(crate) fn assert_lacks(reply: &Reply, text: &str) {
    assert!(
        !reply.body.contains(text),
        "reply has {text:?}:\n{}",
        reply.body
    );
}
