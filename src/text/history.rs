//! HISTORY by mail: the game's phases, each processed one with its
//! public results as its reader reads them (`# history` in the catalogue).
//!
//! The results come as words already made for this reader by
//! [`super::notice::words`]: a typed results notice rendered in the
//! reader's language, or, for a phase recorded before results were typed,
//! the words stored with it. Nothing here reads text dipspy wrote.

use super::{Args, Lang, render};
use crate::report::Mail;

/// One phase of the history.
pub(crate) struct Phase<'a> {
    /// `S1901M`.
    pub phase: &'a str,
    /// The phase's state as stored (`processed`, `rolled_back`).
    pub status: &'a str,
    pub results: Results,
}

/// What the history shows under a phase.
pub(crate) enum Results {
    /// Not processed yet: its orders stay secret, nothing is shown.
    Hidden,
    /// Processed, but no results mail was recorded.
    Missing,
    /// The results mail, in the reader's words.
    Mail(Mail),
}

/// The history of `game` in `lang`: a heading, then each phase with its
/// results indented under it.
pub(crate) fn history(lang: Lang, game: &str, phases: &[Phase<'_>]) -> String {
    let mut t = render(lang, "history-heading", &Args::new().str("game", game));
    t.push('\n');
    for p in phases {
        let line = Args::new()
            .str("phase", p.phase)
            .str("status", super::roster::phase_status(lang, p.status));
        t.push_str(&render(lang, "history-phase", &line));
        t.push('\n');
        match &p.results {
            Results::Hidden => {}
            Results::Missing => {
                t.push_str(&super::plain(lang, "history-no-results"));
                t.push('\n');
            }
            Results::Mail(m) => {
                for l in m.body.lines() {
                    t.push_str("    ");
                    t.push_str(l);
                    t.push('\n');
                }
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_show_their_results_indented_and_hide_the_one_being_played() {
        let t = history(
            Lang::En,
            "g",
            &[
                Phase {
                    phase: "S1901M",
                    status: "processed",
                    results: Results::Mail(Mail {
                        subject: "s".into(),
                        body: "Orders:\n  A par - bur\n".into(),
                    }),
                },
                Phase {
                    phase: "F1901M",
                    status: "rolled_back",
                    results: Results::Missing,
                },
                Phase {
                    phase: "W1901A",
                    status: "open",
                    results: Results::Hidden,
                },
            ],
        );
        assert_eq!(
            t,
            "History of game g:\n  S1901M (processed)\n    Orders:\n      A par - bur\n  \
             F1901M (rolled back)\n    (no results were recorded for this phase)\n  \
             W1901A (open)\n"
        );
    }
}
