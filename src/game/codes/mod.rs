//! The codes the game stores in place of words: what it makes of the
//! engine's reasons ([`reason`]), of espionage ([`spy`]), of a refused or
//! dropped order and a phase's name ([`refusal`]), and of an order line
//! that could not be read ([`parse`]). Each is a [`super::Coded`]: a
//! catalogue key with its arguments, which the words layer (`src/text`)
//! renders in each reader's language.

pub(crate) mod parse;
pub(crate) mod reason;
pub(crate) mod refusal;
pub(crate) mod spy;
