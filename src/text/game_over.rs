//! The end of a game in words: how it ended, and the last mail (see
//! `# mails: game over` in the catalogue).

use super::{Args, Lang, plain, render};
use crate::game::{Ended, GameOver};
use crate::report::Mail;

/// How a game ended, as a clause (`solo victory for France`).
pub(crate) fn how(lang: Lang, e: &Ended) -> String {
    match e {
        Ended::Draw(powers) => render(
            lang,
            "mails-ended-draw",
            &Args::new().str("powers", super::powers::list(lang, powers)),
        ),
        Ended::Conceded(w) => render(lang, "mails-ended-conceded", &Args::new().power("power", w)),
        Ended::Master => plain(lang, "mails-ended-master"),
        Ended::Calendar(year) => render(
            lang,
            "mails-ended-calendar",
            &Args::new().num("year", *year),
        ),
        Ended::Solo(w) => render(lang, "mails-ended-solo", &Args::new().power("power", w)),
    }
}

/// The last mail of a game, in `lang`: how it ended, the final counts,
/// who played each power when and the centres by year.
pub(crate) fn mail(lang: Lang, g: &GameOver) -> Mail {
    let mut body = render(
        lang,
        "mails-over-heading",
        &Args::new()
            .str("game", &g.game)
            .str("how", how(lang, &g.ended)),
    );
    body.push('\n');
    // Each power by its name in the reader's words, in a column as wide
    // as the longest.
    let names: Vec<String> = g
        .counts
        .iter()
        .map(|c| super::powers::shown(lang, &c.power))
        .collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    for (c, name) in g.counts.iter().zip(&names) {
        let counts = render(
            lang,
            "mails-over-count",
            &Args::new()
                .str("centres", format!("{:>2}", c.centres))
                .num("ncentres", c.centres as f64)
                .str("units", format!("{:>2}", c.units))
                .num("nunits", c.units as f64),
        );
        body.push_str(&format!("  {name:<width$} {counts}\n"));
    }
    body.push_str(&super::roster::story(lang, &g.roster));
    body.push('\n');
    body.push_str(&plain(lang, "mails-over-picture"));
    body.push('\n');
    Mail {
        subject: render(
            lang,
            "mails-over-subject",
            &Args::new().str("game", &g.game),
        ),
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::FinalCount;
    use crate::game::{CentreTable, Roster};

    #[test]
    fn every_ending_reads_as_before() {
        let en = |e: Ended| how(Lang::En, &e);
        assert_eq!(
            en(Ended::Draw(vec!["France".into(), "Italy".into()])),
            "a draw between France, Italy, agreed by vote"
        );
        assert_eq!(
            en(Ended::Conceded("France".into())),
            "a win for France, to whom the other players conceded"
        );
        assert_eq!(en(Ended::Master), "ended by the game master");
        assert_eq!(
            en(Ended::Calendar(9999)),
            "the end of the calendar: no game plays past the year 9999"
        );
        assert_eq!(en(Ended::Solo("France".into())), "solo victory for France");
    }

    #[test]
    fn the_last_mail_has_the_counts_the_roster_and_the_picture_line() {
        let roster = Roster {
            game: "g".into(),
            variant: "standard".into(),
            status: crate::game::GameStatus::Finished,
            anonymous: false,
            powers: Vec::new(),
            observers: Vec::new(),
            waiting: Vec::new(),
            centres: CentreTable::default(),
            arrivals: Vec::new(),
        };
        let g = GameOver {
            game: "g".into(),
            ended: Ended::Solo("France".into()),
            counts: vec![FinalCount {
                power: "France".into(),
                centres: 18,
                units: 7,
            }],
            roster: roster.clone(),
        };
        let m = mail(Lang::En, &g);
        assert_eq!(m.subject, "dipspy g: the game is over");
        assert_eq!(
            m.body,
            format!(
                "Game g is over: solo victory for France.\n\nFinal supply centres:\n  \
                 France   18 centres,  7 units\n{}\n\
                 The picture shows the board at the end of the game.\n",
                crate::text::roster::story(Lang::En, &roster)
            )
        );
    }
}
