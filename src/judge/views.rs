//! LIST and HISTORY by mail.

use crate::game::Store;
use crate::game::{self};
use crate::text::{self, Args, Lang};

use super::JudgeError;
use super::session::{Session, display, reason};

/// LIST: the games on this judge, one line each, each column as wide as
/// its longest entry, so that a long game or map name does not push the
/// others out.
fn list_text(lang: Lang, games: &[game::GameSummary]) -> String {
    let mut t = text::plain(lang, "views-list-heading");
    t.push('\n');
    if games.is_empty() {
        t.push_str(&text::plain(lang, "views-list-none"));
        t.push('\n');
    }
    let status: Vec<String> = games
        .iter()
        .map(|g| text::roster::game_status(lang, g.status))
        .collect();
    let w = |f: &dyn Fn(usize) -> usize, min: usize| {
        (0..games.len()).map(f).max().unwrap_or(0).max(min)
    };
    let wn = w(&|i| games[i].name.chars().count(), 16);
    let wv = w(&|i| games[i].variant.chars().count(), 10);
    let ws = w(&|i| status[i].chars().count(), 10);
    let wp = w(&|i| games[i].phase.as_deref().unwrap_or("-").len(), 8);
    for (g, status) in games.iter().zip(&status) {
        let deadline = g
            .deadline
            .as_deref()
            .map(|d| text::render(lang, "views-list-deadline", &Args::new().str("deadline", d)))
            .unwrap_or_default();
        let line = format!(
            "  {:<wn$} {:<wv$} {:<ws$} {:<wp$} {deadline}",
            g.name,
            g.variant,
            status,
            g.phase.as_deref().unwrap_or("-"),
        );
        t.push_str(line.trim_end());
        t.push('\n');
    }
    t
}

/// LIST <game>: the game, its phase and deadline, its settings and each
/// power; the votes for the master, or for all where the game shows them.
fn game_text(lang: Lang, v: &game::GameView, master: bool) -> String {
    let s = &v.settings;
    let heading = Args::new()
        .str("game", v.name.as_str())
        .str("status", text::roster::game_status(lang, v.status))
        .str("timezone", v.timezone.as_str())
        .str("variant", v.variant.as_str())
        .str("press", s.press.as_str());
    let mut t = text::render(lang, "views-game-heading", &heading);
    t.push('\n');
    if let (Some(p), Some(n)) = (&v.phase, &v.phase_name) {
        let name = crate::engine::Phase::parse(p)
            .map(|ph| text::refused::phase_name(lang, ph))
            .unwrap_or_else(|_| n.clone());
        let args = Args::new().str("name", name).str("phase", p.as_str());
        t.push_str(&text::render(lang, "views-game-phase", &args));
        t.push('\n');
    }
    if let Some(d) = &v.deadline {
        let args = Args::new().str("deadline", d.as_str());
        t.push_str(&text::render(lang, "views-game-deadline", &args));
        t.push('\n');
    }
    if let Some(e) = text::settings::espionage(lang, s, &v.rules) {
        t.push_str(&format!("  {e}\n"));
    }
    for line in text::settings::describe(lang, s) {
        t.push_str(&format!("  {line}\n"));
    }
    // The names' column as wide as the longest name (at least 8).
    let shown: Vec<String> = v
        .powers
        .iter()
        .map(|p| super::session::power_in(lang, &p.power, &display(&p.power)))
        .collect();
    let wn = shown
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    for (p, name) in v.powers.iter().zip(&shown) {
        let counts = Args::new()
            .str("centres", format!("{:>2}", p.centers))
            .str("units", format!("{:>2}", p.units));
        t.push_str(&format!(
            "  {name:<wn$} {:<10} {}",
            text::roster::power_status(lang, p.status),
            text::render(lang, "views-game-power-counts", &counts)
        ));
        if master || s.votes_shown {
            if p.draw_vote {
                t.push_str(&match &p.draw_with {
                    Some(w) => text::render(
                        lang,
                        "views-game-votes-draw-with",
                        &Args::new().str("powers", w.as_str()),
                    ),
                    None => text::plain(lang, "views-game-votes-draw"),
                });
            }
            if let Some(to) = &p.concede_to {
                t.push_str(&text::render(
                    lang,
                    "views-game-concedes",
                    &Args::new().power("power", to.as_str()),
                ));
            }
        }
        t.push('\n');
    }
    t
}

impl Session<'_> {
    pub(super) fn list(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: Option<&str>,
    ) -> Result<(), JudgeError> {
        let lang = self.lang;
        // `LIST MAPS`: the maps this judge offers (unless a game is called
        // `maps`).
        if let Some(g) = game
            && g.eq_ignore_ascii_case("maps")
            && game::show(st, g).is_err()
        {
            let mut t = text::plain(lang, "views-maps-heading");
            t.push('\n');
            for l in crate::maps::describe(false).lines() {
                t.push_str(&format!("  {l}\n"));
            }
            self.extra.push(t);
            self.ok(line, quote, text::plain(lang, "views-maps-done"));
            return Ok(());
        }
        match game {
            None => match game::list(st) {
                Ok(games) => {
                    self.extra.push(list_text(lang, &games));
                    self.ok(line, quote, text::plain(lang, "views-list-done"));
                }
                Err(e) => {
                    let why = reason(self.lang, e)?;
                    self.no(line, quote, why);
                }
            },
            Some(g) => match game::show(st, g) {
                Ok(v) => {
                    self.extra.push(game_text(lang, &v, self.master));
                    let done = Args::new().str("game", v.name.as_str());
                    self.ok(line, quote, text::render(lang, "views-game-done", &done));
                }
                Err(e) => {
                    let why = reason(self.lang, e)?;
                    self.no(line, quote, why);
                }
            },
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
        // The reply's language (see `super::language::reply_lang`).
        let lang = self.lang;
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
        self.ok(line, quote, text::plain(lang, "views-history-done"));
        Ok(())
    }
}
