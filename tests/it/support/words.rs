//! The words every game operation and picture asks for are handed down
//! by the words layer once per process (`dipspy::text::install`, which
//! the library's entry points call: the command line, the judge, the mail
//! loop, the demo, a scenario). A test that calls the game layer or the
//! pictures directly opens its store here, which installs them first.

use dipspy::store::{Store, StoreError};
use std::path::Path;

/// [`Store::open`], with the words installed.
pub(crate) fn open_store(path: &Path) -> Result<Store, StoreError> {
    dipspy::text::install();
    Store::open(path)
}
