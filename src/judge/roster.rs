//! SUMMARY and WHOGAME by mail. Anybody may ask; addresses are shown
//! when the game is not anonymous, when it is over, and always to the
//! game master. Where they are not shown, each player is numbered in the
//! order they came to the game, so that a change of player can be seen
//! without learning who.

use crate::game::{self, Roster};
use crate::store::Store;

use super::JudgeError;
use super::session::{Session, reason};

/// How the players are named in one answer.
struct Names {
    show: bool,
    seen: Vec<String>,
}

impl Names {
    fn new(r: &Roster, master: bool) -> Names {
        Names {
            show: master || !r.anonymous || r.status == "finished",
            seen: r.arrivals.clone(),
        }
    }

    fn name(&mut self, email: Option<&str>) -> String {
        let Some(e) = email else {
            return "nobody".into();
        };
        if self.show {
            return e.to_string();
        }
        let n = match self.seen.iter().position(|s| s.eq_ignore_ascii_case(e)) {
            Some(i) => i + 1,
            None => {
                self.seen.push(e.to_string());
                self.seen.len()
            }
        };
        format!("player {n}")
    }

    fn note(&self, r: &Roster) -> Option<String> {
        (!self.show).then(|| {
            format!(
                "Game {} is anonymous: its players' addresses are not shown (players are numbered instead).\n",
                r.game
            )
        })
    }
}

/// The SUMMARY text of a game.
pub(super) fn summary_text(r: &Roster, master: bool) -> String {
    let mut names = Names::new(r, master);
    let mut t = format!(
        "Summary of game {} ({}, {}):\n",
        r.game, r.variant, r.status
    );
    t.push_str("\nWho played each power when:\n");
    let width = r.powers.iter().map(|p| p.display.len()).max().unwrap_or(0);
    for p in &r.powers {
        let mut parts = Vec::new();
        for s in &p.stints {
            let mut part = names.name(s.email.as_deref());
            match &s.from {
                Some(f) => part.push_str(&format!(" from {f}")),
                None => part.push_str(" from the start"),
            }
            if let Some((phase, how)) = &s.until {
                match phase {
                    Some(ph) => part.push_str(&format!(" until {ph} ({how})")),
                    None => part.push_str(&format!(" until before the start ({how})")),
                }
            }
            parts.push(part);
        }
        if parts.is_empty() {
            parts.push("nobody".into());
        }
        let mut line = format!("  {:<width$}  {}", p.display, parts.join("; "));
        if let Some(e) = &p.eliminated_in {
            line.push_str(&format!("; eliminated in {e}"));
        } else if p.status == "vacant" && p.stints.iter().all(|s| s.until.is_some()) {
            line.push_str("; no player now");
        }
        t.push_str(&line);
        t.push('\n');
    }
    let c = &r.centres;
    if c.rows.is_empty() {
        t.push_str("\nNo phase has been played yet: there are no supply-centre counts.\n");
    } else {
        t.push_str("\nSupply centres:\n");
        let label = c
            .rows
            .iter()
            .map(|(l, _)| l.len())
            .max()
            .unwrap_or(5)
            .max(5);
        let mut head = format!("  {:<label$}", "");
        let cols: Vec<usize> = c.powers.iter().map(|p| p.len().max(3)).collect();
        for (p, w) in c.powers.iter().zip(&cols) {
            head.push_str(&format!(" {p:>w$}"));
        }
        t.push_str(head.trim_end());
        t.push('\n');
        for (l, counts) in &c.rows {
            let mut row = format!("  {l:<label$}");
            for (n, w) in counts.iter().zip(&cols) {
                row.push_str(&format!(" {n:>w$}"));
            }
            t.push_str(&row);
            t.push('\n');
        }
    }
    if let Some(n) = names.note(r) {
        t.push('\n');
        t.push_str(&n);
    }
    t
}

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
                let why = reason(e)?;
                self.no(line, quote, why);
            }
        }
        Ok(())
    }
}
