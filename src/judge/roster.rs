//! SUMMARY and WHOGAME by mail. Anybody may ask; addresses are shown
//! when the game is not anonymous, when it is over, and always to the
//! game master. Where they are not shown, each player is numbered in the
//! order they came to the game, so that a change of player can be seen
//! without learning who.

use crate::game::Store;
use crate::game::{self, Roster};
use crate::report::{Names, summary_text};

use super::JudgeError;
use super::session::{Session, reason};

/// The WHOGAME text of a game.
pub(super) fn whogame_text(r: &Roster, master: bool) -> String {
    let mut names = Names::new(r, master);
    let mut t = format!("Players of game {} ({}):\n", r.game, r.status);
    let width = r.powers.iter().map(|p| p.display.len()).max().unwrap_or(0);
    for p in &r.powers {
        let now = p.stints.last().filter(|s| s.until.is_none());
        let who = match now {
            Some(s) => names.name(s.email.as_deref()),
            None => "nobody".into(),
        };
        t.push_str(&format!(
            "  {:<width$}  {:<10} {who}\n",
            p.display, p.status
        ));
    }
    if !r.waiting.is_empty() {
        t.push_str(&format!(
            "Joined, waiting for a power when the game fills: {}\n",
            if names.show {
                r.waiting.join(", ")
            } else {
                r.waiting.len().to_string()
            }
        ));
    }
    if r.observers.is_empty() {
        t.push_str("Observers: none\n");
    } else if names.show {
        t.push_str(&format!("Observers ({}):\n", r.observers.len()));
        for o in &r.observers {
            t.push_str(&format!("  {o}\n"));
        }
    } else {
        t.push_str(&format!("Observers: {}\n", r.observers.len()));
    }
    if let Some(n) = names.note(r) {
        t.push_str(&n);
    }
    t
}

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
                let text = if whogame {
                    whogame_text(&r, self.master)
                } else {
                    summary_text(&r, self.master)
                };
                self.extra.push(text);
                let what = if whogame {
                    "the list of players"
                } else {
                    "the summary"
                };
                self.ok(
                    line,
                    quote,
                    format!("{what} of game {} is at the end of this reply", r.game),
                );
            }
            Err(e) => {
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}
