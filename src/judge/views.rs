//! LIST and HISTORY by mail.

use crate::game::Store;
use crate::game::{self};
use crate::text;

use super::JudgeError;
use super::session::{Session, display, reason};

impl Session<'_> {
    pub(super) fn list(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: Option<&str>,
    ) -> Result<(), JudgeError> {
        // `LIST MAPS`: the maps this judge offers (unless a game is called
        // `maps`).
        if let Some(g) = game
            && g.eq_ignore_ascii_case("maps")
            && game::show(st, g).is_err()
        {
            let mut t =
                String::from("Maps on this judge (CREATE <game> variant=<map> plays one):\n");
            for l in crate::maps::describe(false).lines() {
                t.push_str(&format!("  {l}\n"));
            }
            self.extra.push(t);
            self.ok(line, quote, "the list of maps is at the end of this reply");
            return Ok(());
        }
        match game {
            None => match game::list(st) {
                Ok(games) => {
                    let mut t = String::from("Games on this judge:\n");
                    if games.is_empty() {
                        t.push_str("  (none)\n");
                    }
                    // Each column as wide as its longest entry, so that a
                    // long game or map name does not push the others out.
                    let w = |f: &dyn Fn(&game::GameSummary) -> usize, min: usize| {
                        games.iter().map(f).max().unwrap_or(0).max(min)
                    };
                    let wn = w(&|g| g.name.chars().count(), 16);
                    let wv = w(&|g| g.variant.chars().count(), 10);
                    let ws = w(&|g| g.status.as_str().chars().count(), 10);
                    let wp = w(&|g| g.phase.as_deref().unwrap_or("-").len(), 8);
                    for g in &games {
                        let line = format!(
                            "  {:<wn$} {:<wv$} {:<ws$} {:<wp$} {}",
                            g.name,
                            g.variant,
                            g.status,
                            g.phase.as_deref().unwrap_or("-"),
                            g.deadline
                                .as_deref()
                                .map(|d| format!("deadline {d}"))
                                .unwrap_or_default()
                        );
                        t.push_str(line.trim_end());
                        t.push('\n');
                    }
                    self.extra.push(t);
                    self.ok(line, quote, "the list of games is at the end of this reply");
                }
                Err(e) => {
                    let why = reason(self.lang, e)?;
                    self.no(line, quote, why);
                }
            },
            Some(g) => {
                match game::show(st, g) {
                    Ok(v) => {
                        let mut t = format!(
                            "Game {}: {} ({}), variant {}, press {}\n",
                            v.name, v.status, v.timezone, v.variant, v.settings.press
                        );
                        if let (Some(p), Some(n)) = (&v.phase, &v.phase_name) {
                            t.push_str(&format!("  phase: {n} ({p})\n"));
                        }
                        if let Some(d) = &v.deadline {
                            t.push_str(&format!("  deadline: {d}\n"));
                        }
                        let s = &v.settings;
                        let lang = crate::text::Lang::En;
                        if let Some(e) = crate::text::settings::espionage(lang, s, &v.rules) {
                            t.push_str(&format!("  {e}\n"));
                        }
                        for line in crate::text::settings::describe(lang, s) {
                            t.push_str(&format!("  {line}\n"));
                        }
                        for p in &v.powers {
                            t.push_str(&format!(
                                "  {:<8} {:<10} centres {:>2}, units {:>2}",
                                display(&p.power),
                                p.status,
                                p.centers,
                                p.units
                            ));
                            // The votes: for the master, or for all where the
                            // game shows them.
                            if self.master || s.votes_shown {
                                if p.draw_vote {
                                    match &p.draw_with {
                                        Some(w) => t.push_str(&format!("; votes a draw with {w}")),
                                        None => t.push_str("; votes a draw (all survivors)"),
                                    }
                                }
                                if let Some(to) = &p.concede_to {
                                    t.push_str(&format!("; concedes to {}", display(to)));
                                }
                            }
                            t.push('\n');
                        }
                        self.extra.push(t);
                        self.ok(
                            line,
                            quote,
                            format!("game {} is described at the end of this reply", v.name),
                        );
                    }
                    Err(e) => {
                        let why = reason(self.lang, e)?;
                        self.no(line, quote, why);
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn history(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        phase: Option<&str>,
    ) -> Result<(), JudgeError> {
        let entries = match game::history(st, game, phase) {
            Ok(h) => h,
            Err(e) => {
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
                return Ok(());
            }
        };
        // The public record of a processed phase is its results mail:
        // it shows the orders as adjudicated under their owners' names and
        // nothing secret (ESP-10, SPI-10), so the history repeats it, put
        // into words for this reader from the stored announcement.
        let results = game::results_mails(st, game)?;
        // The reader's language: their choice, the game's, the judge's.
        let lang = self.reader_lang(st)?;
        let phases: Vec<text::history::Phase> = entries
            .iter()
            .map(|h| text::history::Phase {
                phase: &h.phase,
                status: h.status.as_str(),
                // Orders of a phase still being played stay secret.
                results: match &h.processed_at {
                    None => text::history::Results::Hidden,
                    Some(done) => results
                        .iter()
                        .find(|a| {
                            a.phase.as_deref() == Some(h.phase.as_str()) && &a.created_at == done
                        })
                        .and_then(|a| text::notice::words(lang, a))
                        .map_or(
                            text::history::Results::Missing,
                            text::history::Results::Mail,
                        ),
                },
            })
            .collect();
        let t = text::history::history(lang, game, &phases);
        self.extra.push(t);
        self.ok(line, quote, "the history is at the end of this reply");
        Ok(())
    }
}
