//! SUMMARY and WHOGAME by mail. Anybody may ask; addresses are shown
//! when the game is not anonymous, when it is over, and always to the
//! game master. Where they are not shown, each player is numbered in the
//! order they came to the game, so that a change of player can be seen
//! without learning who. The words are `crate::text::roster`'s, in the
//! reply's language.

use crate::game::Store;
use crate::game::{self};
use crate::text::{self, Args};

use super::JudgeError;
use super::session::{Session, reason};

impl Session<'_> {
    /// SUMMARY (`whogame` false) or WHOGAME.
    pub(super) fn roster(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        name: &str,
        whogame: bool,
    ) -> Result<(), JudgeError> {
        match game::roster(st, name) {
            Ok(r) => {
                let (body, done) = if whogame {
                    (
                        text::roster::whogame(self.lang, &r, self.master),
                        "views-whogame-done",
                    )
                } else {
                    (
                        text::roster::summary(self.lang, &r, self.master),
                        "views-summary-done",
                    )
                };
                self.extra.push(body);
                let done = text::render(self.lang, done, &Args::new().str("game", r.game));
                self.ok(line, quote, done);
            }
            Err(e) => {
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}
