//! Orders owed, late or sent in advance: reminders, grace periods, what
//! became of advance orders.

use super::*;
use crate::text::Render;

/// The mail of a notice of this family in `lang`.
pub(super) fn mail(lang: Lang, notice: &Notice) -> Mail {
    match notice {
        Notice::Reminder {
            game,
            phase,
            deadline,
            missing,
            none_yet,
        } => pair(
            lang,
            "notice-reminder",
            Args::new()
                .str("game", game)
                .phase("phase", phase.as_str())
                .str("deadline", when(deadline))
                .str("missing", crate::text::stored::missing(lang, missing))
                .str("none", if *none_yet { "yes" } else { "no" }),
        ),
        Notice::AdvanceOrders { game, phase, notes } => {
            let args = Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("long", long_name(lang, phase));
            let mut body = render(lang, "notice-advance-heading", &args);
            body.push('\n');
            for n in notes {
                body.push_str(&advance_line(lang, n));
                body.push('\n');
            }
            body.push_str(&crate::text::plain(lang, "notice-advance-closing"));
            body.push('\n');
            Mail {
                subject: render(lang, "notice-advance-subject", &args),
                body,
            }
        }
        Notice::OrdersLate {
            game,
            phase,
            power,
            missing,
            until,
        } => pair(
            lang,
            "notice-orders-late",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .power("shown", power)
                .str("missing", crate::text::stored::missing(lang, missing))
                .str("until", when(until)),
        ),
        Notice::WaitingForLate {
            game,
            phase,
            late,
            until,
        } => pair(
            lang,
            "notice-waiting-for-late",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str(
                    "late",
                    late.iter()
                        .map(|p| shown(lang, p))
                        .collect::<Vec<_>>()
                        .join(", "),
                )
                .str("until", when(until)),
        ),
        Notice::ProcessedLate {
            game,
            phase,
            missing,
        } => pair(
            lang,
            "notice-processed-late",
            Args::new()
                .str("game", game)
                .str("phase", phase)
                .str("missing", crate::text::stored::missing(lang, missing)),
        ),
        other => unreachable!("not a notice of this family: {other:?}"),
    }
}

/// One order sent in advance and what became of it, as a line.
fn advance_line(lang: Lang, n: &AdvanceNote) -> String {
    let what = match &n.outcome {
        AdvanceOutcome::Applied => crate::text::plain(lang, "notice-advance-applied"),
        AdvanceOutcome::NotTaken => crate::text::plain(lang, "notice-advance-not-taken"),
        AdvanceOutcome::Dropped(why) => {
            let why = why.render(lang);
            render(lang, "notice-advance-dropped", &Args::new().str("why", why))
        }
        AdvanceOutcome::Replaced => crate::text::plain(lang, "notice-advance-replaced"),
    };
    let cond = n
        .condition
        .as_ref()
        .map(|x| format!(" (IF {x})"))
        .unwrap_or_default();
    match &n.phase {
        Some(p) => format!("  {p}: {}{cond}  {what}", n.order),
        None => format!("  {}{cond}  {what}", n.order),
    }
}
