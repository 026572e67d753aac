//! SUMMARY and WHOGAME in words, and the part of a game's last mail that
//! tells who played each power when (`# words: SUMMARY and WHOGAME` in
//! the catalogue). Built from the game layer's [`Roster`]; the reader
//! decides only which addresses are shown.

use super::{Args, Lang, plain, render};
use crate::game::{GameStatus, PowerStatus, Roster};

/// A game's state as a view shows it (`paused`, `en pause`, `pausiert`).
pub(crate) fn game_status(lang: Lang, s: GameStatus) -> String {
    render(
        lang,
        "views-game-status",
        &Args::new().str("status", s.as_str()),
    )
}

/// A power's state as a view shows it (`vacant`, `vacante`, `unbesetzt`).
pub(crate) fn power_status(lang: Lang, s: PowerStatus) -> String {
    render(
        lang,
        "views-power-status",
        &Args::new().str("status", s.as_str()),
    )
}

/// A phase's stored state (`processed`, `rolled_back`) as a view shows it.
pub(crate) fn phase_status(lang: Lang, s: &str) -> String {
    render(
        lang,
        "views-phase-status",
        &Args::new()
            .str("status", s)
            .str("shown", s.replace('_', " ")),
    )
}

/// A power's name as the reader reads it (`France` gives `Frankreich`).
fn shown(lang: Lang, display: &str) -> String {
    super::powers::shown(lang, display)
}

/// `text` padded with spaces to `width` characters.
fn pad(text: &str, width: usize) -> String {
    format!("{text:<width$}")
}

/// How the players are named in one answer: by address where the reader
/// may see them, else numbered in the order they came to the game.
struct Names {
    lang: Lang,
    show: bool,
    seen: Vec<String>,
}

impl Names {
    fn new(lang: Lang, r: &Roster, master: bool) -> Names {
        Names {
            lang,
            show: master || !r.anonymous || r.status == GameStatus::Finished,
            seen: r.arrivals.clone(),
        }
    }

    fn name(&mut self, email: Option<&str>) -> String {
        let Some(e) = email else {
            return plain(self.lang, "views-nobody");
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
        render(
            self.lang,
            "views-player-number",
            &Args::new().num("number", n as f64),
        )
    }

    fn note(&self, r: &Roster) -> Option<String> {
        (!self.show).then(|| {
            let mut t = render(
                self.lang,
                "views-anonymous-note",
                &Args::new().str("game", r.game.as_str()),
            );
            t.push('\n');
            t
        })
    }
}

/// The WHOGAME text of a game, for the master (`master`, every address
/// shown) or anybody else.
pub(crate) fn whogame(lang: Lang, r: &Roster, master: bool) -> String {
    let mut names = Names::new(lang, r, master);
    let mut t = render(
        lang,
        "views-whogame-heading",
        &Args::new()
            .str("game", r.game.as_str())
            .str("status", game_status(lang, r.status)),
    );
    t.push('\n');
    let width = r
        .powers
        .iter()
        .map(|p| shown(lang, &p.display).chars().count())
        .max()
        .unwrap_or(0);
    for p in &r.powers {
        let now = p.stints.last().filter(|s| s.until.is_none());
        let who = match now {
            Some(s) => names.name(s.email.as_deref()),
            None => plain(lang, "views-nobody"),
        };
        t.push_str(&format!(
            "  {:<width$}  {} {who}\n",
            shown(lang, &p.display),
            pad(&power_status(lang, p.status), 10)
        ));
    }
    if !r.waiting.is_empty() {
        let who = if names.show {
            r.waiting.join(", ")
        } else {
            r.waiting.len().to_string()
        };
        t.push_str(&render(
            lang,
            "views-whogame-waiting",
            &Args::new().str("who", who),
        ));
        t.push('\n');
    }
    let count = Args::new().num("count", r.observers.len() as f64);
    if r.observers.is_empty() {
        t.push_str(&plain(lang, "views-whogame-no-observers"));
        t.push('\n');
    } else if names.show {
        t.push_str(&render(lang, "views-whogame-observers", &count));
        t.push('\n');
        for o in &r.observers {
            t.push_str(&format!("  {o}\n"));
        }
    } else {
        t.push_str(&render(lang, "views-whogame-observer-count", &count));
        t.push('\n');
    }
    if let Some(n) = names.note(r) {
        t.push_str(&n);
    }
    t
}

/// The SUMMARY text of a game.
pub(crate) fn summary(lang: Lang, r: &Roster, master: bool) -> String {
    let mut names = Names::new(lang, r, master);
    let mut t = render(
        lang,
        "views-summary-heading",
        &Args::new()
            .str("game", r.game.as_str())
            .str("variant", r.variant.as_str())
            .str("status", game_status(lang, r.status)),
    );
    t.push('\n');
    t.push_str(&players_and_centres(r, &mut names));
    if let Some(n) = names.note(r) {
        t.push('\n');
        t.push_str(&n);
    }
    t
}

/// The part of the last mail of a game that tells who played each power
/// (players numbered in an anonymous game) and the centres year by year
/// (`super::game_over` writes the rest).
pub(crate) fn story(lang: Lang, roster: &Roster) -> String {
    let mut names = Names {
        lang,
        show: !roster.anonymous,
        seen: roster.arrivals.clone(),
    };
    let mut body = players_and_centres(roster, &mut names);
    if let Some(n) = names.note(roster) {
        body.push('\n');
        body.push_str(&n);
    }
    body
}

/// A row of the centre table by its label as the game layer keeps it
/// (stored with the game's last mail, so its form stays): `start`, a
/// year, or `now (F1903M)`.
fn centre_row_label(lang: Lang, label: &str) -> String {
    if label == "start" {
        return plain(lang, "views-centres-start");
    }
    match label
        .strip_prefix("now (")
        .and_then(|l| l.strip_suffix(')'))
    {
        Some(phase) => render(lang, "views-centres-now", &Args::new().str("phase", phase)),
        None => label.to_string(),
    }
}

/// Who played each power when, then the supply centres by year.
fn players_and_centres(r: &Roster, names: &mut Names) -> String {
    let lang = names.lang;
    let mut t = String::new();
    t.push('\n');
    t.push_str(&plain(lang, "views-stints-heading"));
    t.push('\n');
    let width = r
        .powers
        .iter()
        .map(|p| shown(lang, &p.display).chars().count())
        .max()
        .unwrap_or(0);
    for p in &r.powers {
        let mut parts = Vec::new();
        for s in &p.stints {
            let mut part = names.name(s.email.as_deref());
            part.push(' ');
            match &s.from {
                Some(f) => part.push_str(&render(
                    lang,
                    "views-stint-from",
                    &Args::new().str("phase", f.as_str()),
                )),
                None => part.push_str(&plain(lang, "views-stint-from-start")),
            }
            if let Some((phase, how)) = &s.until {
                let args = Args::new().str("how", how.as_str());
                part.push(' ');
                part.push_str(&match phase {
                    Some(ph) => render(lang, "views-stint-until", &args.str("phase", ph.as_str())),
                    None => render(lang, "views-stint-until-before-start", &args),
                });
            }
            parts.push(part);
        }
        if parts.is_empty() {
            parts.push(plain(lang, "views-nobody"));
        }
        let mut line = format!(
            "  {:<width$}  {}",
            shown(lang, &p.display),
            parts.join("; ")
        );
        if let Some(e) = &p.eliminated_in {
            line.push_str(&render(
                lang,
                "views-eliminated-in",
                &Args::new().str("phase", e.as_str()),
            ));
        } else if p.status == PowerStatus::Vacant && p.stints.iter().all(|s| s.until.is_some()) {
            line.push_str(&plain(lang, "views-no-player-now"));
        }
        t.push_str(&line);
        t.push('\n');
    }
    let c = &r.centres;
    t.push('\n');
    if c.rows.is_empty() {
        t.push_str(&plain(lang, "views-no-centres-yet"));
        t.push('\n');
    } else {
        t.push_str(&plain(lang, "views-centres-heading"));
        t.push('\n');
        let labels: Vec<String> = c
            .rows
            .iter()
            .map(|(l, _)| centre_row_label(lang, l))
            .collect();
        let label = labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(5)
            .max(5);
        let mut head = format!("  {:<label$}", "");
        let names: Vec<String> = c.powers.iter().map(|p| shown(lang, p)).collect();
        let cols: Vec<usize> = names.iter().map(|p| p.chars().count().max(3)).collect();
        for (p, w) in names.iter().zip(&cols) {
            head.push_str(&format!(" {p:>w$}"));
        }
        t.push_str(head.trim_end());
        t.push('\n');
        for (l, (_, counts)) in labels.iter().zip(&c.rows) {
            let mut row = format!("  {l:<label$}");
            for (n, w) in counts.iter().zip(&cols) {
                row.push_str(&format!(" {n:>w$}"));
            }
            t.push_str(&row);
            t.push('\n');
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{CentreTable, PowerRoster, Stint};

    fn roster(anonymous: bool, status: GameStatus) -> Roster {
        Roster {
            game: "g".into(),
            variant: "standard".into(),
            status,
            anonymous,
            powers: vec![
                PowerRoster {
                    display: "France".into(),
                    status: PowerStatus::Playing,
                    eliminated_in: None,
                    stints: vec![
                        Stint {
                            email: Some("a@x".into()),
                            from: None,
                            until: Some((Some("F1901M".into()), "resigned".into())),
                        },
                        Stint {
                            email: Some("b@x".into()),
                            from: Some("S1902M".into()),
                            until: None,
                        },
                    ],
                },
                PowerRoster {
                    display: "Italy".into(),
                    status: PowerStatus::Vacant,
                    eliminated_in: None,
                    stints: vec![Stint {
                        email: Some("c@x".into()),
                        from: None,
                        until: Some((None, "abandoned".into())),
                    }],
                },
            ],
            observers: vec!["o@x".into()],
            waiting: Vec::new(),
            centres: CentreTable {
                powers: vec!["France".into(), "Italy".into()],
                rows: vec![
                    ("start".into(), vec![3, 3]),
                    ("1901".into(), vec![5, 4]),
                    ("now (F1902M)".into(), vec![6, 4]),
                ],
            },
            arrivals: vec!["a@x".into(), "c@x".into(), "b@x".into()],
        }
    }

    #[test]
    fn the_summary_reads_in_english_as_it_always_has() {
        let r = roster(false, GameStatus::Active);
        assert_eq!(
            summary(Lang::En, &r, false),
            "Summary of game g (standard, active):\n\
             \nWho played each power when:\n  \
             France  a@x from the start until F1901M (resigned); b@x from S1902M\n  \
             Italy   c@x from the start until before the start (abandoned); no player now\n\
             \nSupply centres:\n               France Italy\n  \
             start             3     3\n  \
             1901              5     4\n  \
             now (F1902M)      6     4\n"
        );
    }

    #[test]
    fn whogame_of_an_anonymous_game_reads_in_english_as_it_always_has() {
        let r = roster(true, GameStatus::Paused);
        assert_eq!(
            whogame(Lang::En, &r, false),
            "Players of game g (paused):\n  \
             France  playing    player 3\n  \
             Italy   vacant     nobody\n\
             Observers: 1\n\
             Game g is anonymous: its players' addresses are not shown (players are numbered instead).\n"
        );
    }

    #[test]
    fn summary_and_whogame_in_french_and_german() {
        let r = roster(true, GameStatus::Finished);
        let fr = summary(Lang::Fr, &r, false);
        assert!(
            fr.starts_with("Résumé de la partie g (standard, terminée)\u{a0}:\n"),
            "{fr}"
        );
        assert!(
            fr.contains("a@x depuis le début jusqu'à F1901M (démission)"),
            "{fr}"
        );
        assert!(fr.contains("Centres de ravitaillement\u{a0}:"), "{fr}");
        assert!(fr.contains("  France Italie\n"), "{fr}");
        assert!(fr.contains("  maintenant (F1902M)      6      4\n"), "{fr}");
        let de = whogame(Lang::De, &roster(true, GameStatus::Paused), false);
        assert!(de.starts_with("Spieler der Partie g (pausiert):\n"), "{de}");
        assert!(de.contains("  Italien     unbesetzt  niemand\n"), "{de}");
        assert!(!de.contains("Italy") && !fr.contains("Italy"), "{de}\n{fr}");
        assert!(de.contains("Spieler 3"), "{de}");
        assert!(de.contains("Die Partie g ist anonym"), "{de}");
        assert!(!de.contains("nobody") && !de.contains("Observers"), "{de}");
    }
}
