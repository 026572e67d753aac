//! The game master's hand on the clock, and what moves it: pauses,
//! deadlines, rollbacks, absences, public votes.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::Paused { game, phase } => pair(
            lang,
            "notice-paused",
            Args::new().str("game", game).str("phase", phase),
        ),
        Notice::Resumed {
            game,
            phase,
            deadline,
        } => pair(lang, "notice-resumed", phase_args(game, phase, deadline)),
        Notice::DeadlineSetWhilePaused {
            game,
            phase,
            left,
            deadline,
        } => pair(
            lang,
            "notice-deadline-set-paused",
            phase_args(game, phase, deadline).str("left", crate::text::stored::span_of(lang, left)),
        ),
        Notice::DeadlineSet {
            game,
            phase,
            deadline,
        } => pair(
            lang,
            "notice-deadline-set",
            phase_args(game, phase, deadline),
        ),
        Notice::RolledBack {
            game,
            phase,
            paused,
            deadline,
        } => {
            let long = long_name(lang, phase);
            pair(
                lang,
                "notice-rolled-back",
                phase_args(game, phase, deadline)
                    .str("long", long)
                    .str("due", due(lang, *paused, deadline)),
            )
        }
        Notice::OrdersAgain {
            game,
            phase,
            orders,
            later,
            paused,
            deadline,
        } => {
            let args = phase_args(game, phase, deadline);
            let mut body = String::new();
            listed(
                &mut body,
                render(lang, "notice-orders-again-heading", &args),
                orders,
                Some(crate::text::plain(lang, "notice-orders-none")),
            );
            if !later.is_empty() {
                listed(
                    &mut body,
                    render(lang, "notice-orders-again-later", &args),
                    &crate::text::stored::later_orders(lang, later),
                    None,
                );
            }
            body.push_str(&due(lang, *paused, deadline));
            body.push('\n');
            Mail {
                subject: render(lang, "notice-orders-again-subject", &args),
                body,
            }
        }
        Notice::DeadlineMoved {
            game,
            phase,
            deadline,
        } => pair(
            lang,
            "notice-deadline-moved",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("deadline", when(deadline)),
        ),
        Notice::DeadlineMovedForAbsence {
            game,
            phase,
            deadline,
            power,
        } => pair(
            lang,
            "notice-deadline-absence",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("deadline", when(deadline))
                .power("shown", power),
        ),
        Notice::VoteCast { game, power, vote } => {
            let (how, to) = match vote {
                VoteWords::DrawAll => ("draw-all", String::new()),
                VoteWords::DrawSome => ("draw-some", String::new()),
                VoteWords::NoDraw => ("no-draw", String::new()),
                VoteWords::Concede(to) => ("concede", to.clone()),
                VoteWords::NoConcede => ("no-concede", String::new()),
            };
            pair(
                lang,
                "notice-vote",
                Args::new()
                    .str("game", game)
                    .power("shown", power)
                    .str("how", how)
                    .power("to", to),
            )
        }
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}

/// When orders are due, or that the game stays paused.
fn due(lang: Lang, paused: bool, deadline: &When) -> String {
    if paused {
        crate::text::plain(lang, "notice-due-paused")
    } else {
        render(
            lang,
            "notice-due-by",
            &Args::new().str("deadline", when(deadline)),
        )
    }
}
