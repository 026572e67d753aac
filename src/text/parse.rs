//! Why an order line could not be read, in words.

use super::Lang;
use crate::engine::order::ParseError;

/// A parse error in `lang`: where, what was expected, what was found.
pub fn error(_lang: Lang, e: &ParseError) -> String {
    e.to_string()
}
