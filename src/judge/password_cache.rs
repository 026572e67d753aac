//! Successful password checks remembered in memory, so that a player's
//! next signon costs no argon2 hash.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, OnceLock};

// ------------------------------------------------------------ password cache

/// How many successful checks are remembered; when full, the memory is
/// emptied and starts again.
const CACHE_SIZE: usize = 10_000;

/// [`crate::password::verify_password`], remembering successes: the key is a 128-bit
/// keyed hash of (stored hash, password), with keys drawn at random when
/// the process starts, so the memory holds no password and a changed
/// password (a new stored hash) is checked afresh. Failures are never
/// remembered, so each wrong guess costs the full argon2 time.
pub fn verify_cached(hash: &str, password: &str) -> bool {
    static KEYS: OnceLock<(RandomState, RandomState)> = OnceLock::new();
    static SEEN: OnceLock<Mutex<HashSet<u128>>> = OnceLock::new();
    let (a, b) = KEYS.get_or_init(|| (RandomState::new(), RandomState::new()));
    let key = ((a.hash_one((hash, password)) as u128) << 64) | b.hash_one((password, hash)) as u128;
    let seen = SEEN.get_or_init(|| Mutex::new(HashSet::new()));
    if seen.lock().map(|s| s.contains(&key)).unwrap_or(false) {
        return true;
    }
    let ok = crate::password::verify_password(hash, password);
    if ok && let Ok(mut s) = seen.lock() {
        if s.len() >= CACHE_SIZE {
            s.clear();
        }
        s.insert(key);
    }
    ok
}
