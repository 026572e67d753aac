//! SET ADDRESS and CONFIRM ADDRESS by mail (see
//! [`crate::game::request_address_change`]).

use crate::game::Store;
use crate::game::{self, AddressError};

use super::JudgeError;
use super::session::{Session, Signed, reason};

fn address_reason(e: AddressError) -> Result<String, JudgeError> {
    match e {
        AddressError::Game(g) => reason(g),
        other => Ok(crate::text::error::address(crate::text::Lang::En, &other)),
    }
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
            Ok(()) => self.ok(
                line,
                quote,
                format!(
                    "a code was mailed to {address}; the judge writes there for {} in game {} once a mail from that address carries `CONFIRM ADDRESS` and the code (within {} days); until then it writes here",
                    s.display,
                    s.game,
                    game::CONFIRM_DAYS
                ),
            ),
            Err(e) => {
                let why = address_reason(e)?;
                self.no(line, quote, format!("address not changed: {why}"));
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
            Ok(game::AddressChanged::Power { game, power }) => self.ok(
                line,
                quote,
                format!("confirmed: the judge now writes to {from} for {power} in game {game}"),
            ),
            Ok(game::AddressChanged::Observer { game }) => self.ok(
                line,
                quote,
                format!("confirmed: you now observe game {game}: you will receive its results"),
            ),
            Err(e) => {
                let why = address_reason(e)?;
                self.no(line, quote, format!("address not changed: {why}"));
            }
        }
        Ok(())
    }
}
