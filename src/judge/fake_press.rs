//! Fake press by mail (see [`crate::game::relay_fake_press`]).

use crate::command::Shown;
use crate::game::Store;
use crate::game::{self, FakePressError, FakeShown};

use super::JudgeError;
use super::session::{Session, mail_reason};
use crate::text::{Args, Lang, render};

/// `press NOT sent: <why>`, in `lang`.
fn not_sent(lang: Lang, why: String) -> String {
    render(lang, "replies-press-not-sent", &Args::new().str("why", why))
}

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
                let args = Args::new()
                    .str("signed", if p.anonymous { "no" } else { "yes" })
                    .str("real", crate::text::powers::list(self.lang, &r.real))
                    .str(
                        "shown",
                        crate::text::notice::recipients(self.lang, &r.shown),
                    );
                let what = render(self.lang, "replies-fake-press-sent", &args);
                self.ok(line, quote, what);
            }
            Err(FakePressError::Mail(e)) => {
                let why = mail_reason(self.lang, e)?;
                self.no(line, quote, not_sent(self.lang, why));
            }
            Err(e) => {
                let why = crate::text::error::fake_press(self.lang, &e);
                self.no(line, quote, not_sent(self.lang, why));
            }
        }
        Ok(())
    }
}
