//! Fake press by mail (see [`crate::game::relay_fake_press`]).

use crate::command::Shown;
use crate::game::Store;
use crate::game::{self, FakePressError, FakeShown};

use super::JudgeError;
use super::session::{Session, mail_reason};

impl Session<'_> {
    pub(super) fn fake_press(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        p: &game::Press<'_>,
        shown: &Shown,
    ) -> Result<(), JudgeError> {
        let shown = match shown {
            Shown::Everybody => FakeShown::Everybody,
            Shown::Powers(list) => FakeShown::Powers(list),
        };
        match game::relay_fake_press(st, game, p, shown, self.now) {
            Ok(r) => {
                let how = if p.anonymous { "unsigned" } else { "signed" };
                self.ok(
                    line,
                    quote,
                    format!(
                        "press sent ({how}) to {}, addressed as if to {} (fake press; the game master is told the truth)",
                        r.real.join(", "),
                        crate::text::notice::recipients(crate::text::Lang::En, &r.shown)
                    ),
                );
            }
            Err(FakePressError::Mail(e)) => {
                let why = mail_reason(e)?;
                self.no(line, quote, format!("press NOT sent: {why}"));
            }
            Err(e) => {
                let why = crate::text::error::fake_press(crate::text::Lang::En, &e);
                self.no(line, quote, format!("press NOT sent: {why}"));
            }
        }
        Ok(())
    }
}
