//! A game set up straight in the store, as many tests start: created,
//! every power seated at `power@example.org` with the password `pw`, and
//! started.

use chrono::{DateTime, Utc};
use dipspy::game::{self, CreateOptions};
use dipspy::store::Store;

pub(crate) const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];

/// Creates game `name` with `o` at `now`, seats each of `powers` at
/// `power@example.org` with the password `pw`, and starts it.
pub(crate) fn start_seated(
    st: &mut Store,
    name: &str,
    o: &CreateOptions,
    powers: &[&str],
    now: DateTime<Utc>,
) {
    game::create(st, name, o, now).unwrap();
    for p in powers {
        game::join(st, name, Some(p), &format!("{p}@example.org"), "pw", now).unwrap();
    }
    game::start(st, name, now).unwrap();
}
