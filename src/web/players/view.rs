//! What a power's page shows, in its reader's words: the power's own
//! view from the game layer ([`game::power_view`]), and of the game's
//! announcements only those the mail sends to the power's player alone
//! ([`crate::mail::mailed_to`], the rule the mail loop queues by): its
//! spy reports and the press addressed to it. Nothing of another power's
//! orders, spy lines, reports or private press.

use super::Holder;
use crate::game::{self, Lang, Notice, OwnView, Stage, Store};
use crate::store::Audience;
use crate::text::Args;
use crate::text::web as words;
use crate::web::pages::Time;
use crate::web::site::WebError;

/// A notice mailed to the power alone, as its mail words it.
pub(in crate::web) struct Note {
    pub subject: String,
    pub body: String,
}

/// A row of the orders form: a unit (empty for a build or a removal),
/// what the row's input holds, and its label.
pub(in crate::web) struct Row {
    pub n: usize,
    pub unit: String,
    pub value: String,
    pub label: String,
}

/// The espionage lines the phase takes.
#[derive(Default)]
pub(in crate::web) struct Esp {
    pub spy: bool,
    pub counterspy: bool,
    pub reaction: bool,
    pub fake: bool,
    pub anti: bool,
    pub found: bool,
}

impl Esp {
    /// Whether the phase takes any.
    pub(in crate::web) fn any(&self) -> bool {
        self.spy || self.counterspy || self.reaction || self.fake || self.anti || self.found
    }
}

/// A power as a form offers it: its name as written in commands, and as
/// shown.
pub(in crate::web) struct Choice {
    pub value: String,
    pub label: String,
}

/// What a power's page shows: only what its player may see.
pub(in crate::web) struct View {
    /// The phase being played, in words.
    pub phase: String,
    /// Its deadline, if there is one.
    pub deadline: Option<Time>,
    /// The power's units, and its dislodged units in a retreat phase.
    pub units: Vec<String>,
    pub dislodged: Vec<String>,
    /// Its standing orders, espionage lines and orders for later phases.
    pub orders: Vec<String>,
    pub spy: Vec<String>,
    pub later: Vec<String>,
    /// What it still owes and how it votes, one sentence each.
    pub owes: Vec<String>,
    /// Its spy reports and the private press it received.
    pub reports: Vec<Note>,
    pub press: Vec<Note>,
    /// A phase is being played (the forms that order are offered).
    pub playing: bool,
    /// The orders form's rows.
    pub rows: Vec<Row>,
    /// The espionage fields offered.
    pub esp: Esp,
    /// What the press form offers.
    pub press_on: bool,
    pub grey: bool,
    pub fake: bool,
    /// The other powers (press, Antis, concessions).
    pub others: Vec<Choice>,
    /// The replies are mailed too.
    pub mail_copy: bool,
    /// The game's public page.
    pub game_href: String,
}

/// The view of `h`'s power, judged by `js` (who the mail reaches); none
/// when the power is no longer played from the address the session was
/// opened for (a new player, or none: the session is over).
pub(super) fn view(
    st: &Store,
    js: &crate::judge::JudgeSettings,
    lang: Lang,
    h: &Holder,
) -> Result<Option<View>, WebError> {
    let info = game::signon_info(st, &h.game, &h.power)?;
    let still = info
        .email
        .as_deref()
        .is_some_and(|e| e.eq_ignore_ascii_case(&h.email));
    if !still {
        return Ok(None);
    }
    let v = game::power_view(st, &h.game, &h.power)?;
    let c = st.read();
    let mail_copy = c
        .web_mail_copy(info.game_id, &info.power, &h.email)
        .map_err(game::GameError::from)?;
    let (reports, press) = private_notes(st, js, lang, info.game_id, h)?;
    let later = game::standing_future_orders(st, &h.game, &h.power, lang)?;
    let playing = v.stage.is_some();
    let choice = |p: &String| Choice {
        value: p.clone(),
        label: words::power(lang, p),
    };
    Ok(Some(View {
        phase: v
            .phase
            .as_deref()
            .map(|p| words::phase(lang, p))
            .unwrap_or_else(|| words::word(lang, "web-power-no-phase")),
        deadline: v.deadline.map(Time::new),
        owes: owes(lang, &v),
        rows: rows(lang, &v),
        esp: esp(&v),
        playing,
        press_on: v.press,
        grey: v.grey_press,
        fake: v.fake_press,
        others: v
            .powers
            .iter()
            .filter(|p| **p != v.power)
            .map(choice)
            .collect(),
        mail_copy,
        game_href: format!("/games/{}", v.game),
        units: v.units,
        dislodged: v.dislodged,
        orders: v.orders,
        spy: v.spy,
        later,
        reports,
        press,
    }))
}

/// The spy reports and the press the mail sent to `h`'s player alone
/// (to the power, or to its address), oldest first.
fn private_notes(
    st: &Store,
    js: &crate::judge::JudgeSettings,
    lang: Lang,
    game_id: i64,
    h: &Holder,
) -> Result<(Vec<Note>, Vec<Note>), WebError> {
    let rows =
        crate::mail::mailed_to(&st.read(), js, game_id, &h.email).map_err(game::GameError::from)?;
    let (mut reports, mut press) = (Vec::new(), Vec::new());
    for a in rows {
        let alone = match &a.audience {
            Audience::Power(p) => p.eq_ignore_ascii_case(&h.power),
            Audience::Address(e) => e.trim().eq_ignore_ascii_case(&h.email),
            _ => false,
        };
        let Some(json) = a.notice.as_deref().filter(|_| alone) else {
            continue;
        };
        let into = match serde_json::from_str::<Notice>(json) {
            Ok(Notice::SpyReport(_)) => &mut reports,
            Ok(Notice::Press { .. }) => &mut press,
            _ => continue,
        };
        if let Some(m) = words::notice(lang, json) {
            into.push(Note {
                subject: m.subject,
                body: m.body,
            });
        }
    }
    Ok((reports, press))
}

/// What the power still owes, and how it votes and waits.
fn owes(lang: Lang, v: &OwnView) -> Vec<String> {
    let mut out = Vec::new();
    if v.stage.is_some() {
        match (v.reaction_phase, v.reacted, &v.missing) {
            (true, Some(false), _) => out.push(words::word(lang, "web-power-owes-reaction")),
            (true, Some(true), _) => out.push(words::word(lang, "web-power-reacted")),
            (true, None, _) => {}
            (false, _, Some(m)) if v.needs_orders => out.push(words::missing(lang, m)),
            (false, _, _) => out.push(words::word(lang, "web-power-owes-nothing")),
        }
    }
    out.push(match (&v.draw_vote, &v.draw_with) {
        (true, Some(with)) => words::words(
            lang,
            "web-power-vote-draw-some",
            &Args::new().str("powers", with.as_str()),
        ),
        (true, None) => words::word(lang, "web-power-vote-draw-all"),
        (false, _) => words::word(lang, "web-power-vote-draw-none"),
    });
    if let Some(p) = &v.concede_to {
        out.push(words::words(
            lang,
            "web-power-vote-concede",
            &Args::new().str("power", words::power(lang, p)),
        ));
    }
    out.push(words::word(
        lang,
        if v.wait {
            "web-power-wait-on"
        } else {
            "web-power-wait-off"
        },
    ));
    out
}

/// Whether `order` is `unit`'s (it begins with the unit as written).
fn order_of(unit: &str, order: &str) -> bool {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let (u, o) = (norm(unit).to_lowercase(), norm(order).to_lowercase());
    o == u || o.starts_with(&format!("{u} "))
}

/// The orders form's rows: a unit's (or a dislodged unit's) each, its
/// standing order in it; in a winter, the standing builds or removals and
/// a row for each still open. None in a reaction phase (the orders are
/// frozen).
fn rows(lang: Lang, v: &OwnView) -> Vec<Row> {
    let unit_row = |(n, u): (usize, &String)| Row {
        n,
        value: v
            .orders
            .iter()
            .find(|o| order_of(u, o))
            .cloned()
            .unwrap_or_default(),
        label: words::words(
            lang,
            "web-power-order-for",
            &Args::new().str("unit", u.as_str()),
        ),
        unit: u.clone(),
    };
    match v.stage {
        Some(Stage::Movement) if !v.reaction_phase => {
            v.units.iter().enumerate().map(unit_row).collect()
        }
        Some(Stage::Retreat) => v.dislodged.iter().enumerate().map(unit_row).collect(),
        Some(Stage::Adjustment) => {
            let open = match &v.missing {
                Some(game::Missing::Builds(n) | game::Missing::Removals(n)) => *n,
                _ => 0,
            };
            let standing = v.orders.iter().cloned().map(Some);
            standing
                .chain(std::iter::repeat_n(None, open))
                .enumerate()
                .map(|(n, value)| Row {
                    n,
                    unit: String::new(),
                    value: value.unwrap_or_default(),
                    label: words::words(
                        lang,
                        "web-power-adjust-row",
                        &Args::new().num("n", (n + 1) as f64),
                    ),
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The espionage fields the phase takes.
fn esp(v: &OwnView) -> Esp {
    let movement = v.stage == Some(Stage::Movement) && !v.reaction_phase;
    let some = v.stage.is_some() && !v.reaction_phase;
    Esp {
        spy: v.espionnite && movement,
        counterspy: v.espionnite && movement,
        reaction: v.espionnite && v.reaction_phase,
        fake: v.spionage && some,
        anti: v.spionage && some,
        found: v.spionage && v.stage == Some(Stage::Adjustment),
    }
}

#[cfg(test)]
mod tests {
    use super::order_of;

    #[test]
    fn an_order_is_its_units_when_it_begins_with_it() {
        assert!(order_of("A par", "A par - bur"));
        assert!(order_of("A par", "a  PAR H"));
        assert!(!order_of("A par", "A pic - bur"));
        assert!(!order_of("F bre", "F brest - mao"));
    }
}
