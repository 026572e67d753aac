//! SET ADDRESS and CONFIRM ADDRESS by mail (see
//! [`crate::game::request_address_change`]).

use crate::game::Store;
use crate::game::{self, AddressError};
use crate::text::{Args, Lang, render};

use super::JudgeError;
use super::session::{Session, Signed, reason};

/// Why an address was not changed, in `lang`.
fn not_changed(lang: Lang, e: AddressError) -> Result<String, JudgeError> {
    let why = match e {
        AddressError::Game(g) => reason(lang, g)?,
        other => crate::text::error::address(lang, &other),
    };
    Ok(render(
        lang,
        "replies-address-not-changed",
        &Args::new().str("why", why),
    ))
}

impl Session<'_> {
    pub(super) fn set_address(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        s: &Signed,
        address: &str,
    ) -> Result<(), JudgeError> {
        match game::request_address_change(st, &s.game, &s.power, address, self.now) {
            Ok(()) => {
                let args = Args::new()
                    .str("address", address)
                    .power("power", s.power.as_str())
                    .str("game", &*s.game)
                    .num("days", game::CONFIRM_DAYS as f64);
                let what = render(self.lang, "replies-address-code-sent", &args);
                self.ok(line, quote, what);
            }
            Err(e) => {
                let why = not_changed(self.lang, e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }

    pub(super) fn confirm_address(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        code: &str,
    ) -> Result<(), JudgeError> {
        let from = self.msg.from.clone();
        match game::confirm_address_change(st, &from, code, self.now) {
            Ok(game::AddressChanged::Power { game, power }) => {
                let args = Args::new()
                    .str("address", from)
                    .power("power", power)
                    .str("game", game);
                let what = render(self.lang, "replies-address-confirmed", &args);
                self.ok(line, quote, what);
            }
            Ok(game::AddressChanged::Observer { game }) => {
                let args = Args::new().str("game", game);
                let what = render(self.lang, "replies-observer-confirmed", &args);
                self.ok(line, quote, what);
            }
            Err(e) => {
                let why = not_changed(self.lang, e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}
