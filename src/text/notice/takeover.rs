//! Powers losing and finding players: takeovers, ejections, abandoned
//! powers, the welcome of a new player.

use super::*;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::TakeoverRequested { game, power, email } => pair(
            lang,
            "notice-takeover-requested",
            Args::new()
                .str("game", game)
                .str("power", power)
                .power("shown", power)
                .str("email", email),
        ),
        Notice::TakeoverRefused { game, power } => pair(
            lang,
            "notice-takeover-refused",
            Args::new().str("game", game).power("shown", power),
        ),
        Notice::Ejected { game, power } => pair(
            lang,
            "notice-ejected",
            Args::new().str("game", game).power("shown", power),
        ),
        Notice::NoPlayer { game, power, why } => pair(
            lang,
            "notice-no-player",
            Args::new()
                .str("game", game)
                .str("power", power)
                .power("shown", power)
                .str("why", vacant_why(lang, why)),
        ),
        Notice::Welcome {
            game,
            power,
            phase,
            board,
            orders,
            later,
            deadline,
        } => {
            let args = Args::new()
                .str("game", game)
                .str("power", power)
                .power("shown", power)
                .str("phase", phase)
                .str("long", long_name(lang, phase));
            let mut body = render(lang, "notice-welcome-intro", &args);
            body.push_str("\n\n");
            body.push_str(&crate::text::stored::welcome_board(lang, board));
            body.push('\n');
            listed(
                &mut body,
                render(lang, "notice-welcome-orders", &args),
                orders,
                Some(crate::text::plain(lang, "notice-orders-none")),
            );
            if !later.is_empty() {
                listed(
                    &mut body,
                    render(lang, "notice-welcome-later", &args),
                    &crate::text::stored::later_orders(lang, later),
                    None,
                );
            }
            if let Some(d) = deadline {
                body.push_str(&render(
                    lang,
                    "notice-welcome-deadline",
                    &Args::new().str("deadline", when(d)),
                ));
                body.push('\n');
            }
            Mail {
                subject: render(lang, "notice-welcome-subject", &args),
                body,
            }
        }
        Notice::NewPlayer { game, power } => pair(
            lang,
            "notice-new-player",
            Args::new().str("game", game).power("shown", power),
        ),
        Notice::Abandoned { game, power, why } => pair(
            lang,
            "notice-abandoned",
            Args::new()
                .str("game", game)
                .power("shown", power)
                .str("why", vacant_why(lang, why)),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}

/// Why a power lost its player, as a clause.
fn vacant_why(lang: Lang, why: &VacantWhy) -> String {
    match why {
        VacantWhy::Ejected => crate::text::plain(lang, "notice-why-ejected"),
        VacantWhy::LateAfterGrace => crate::text::plain(lang, "notice-why-late"),
        VacantWhy::Missed { streak } => render(
            lang,
            "notice-why-missed",
            &Args::new().num("streak", *streak as f64),
        ),
        VacantWhy::Abandoned(why) => render(
            lang,
            "notice-why-abandoned",
            &Args::new().str("why", vacant_why(lang, why)),
        ),
    }
}
