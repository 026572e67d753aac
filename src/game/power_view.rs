//! One power's own view of its game, for the power's page: the phase
//! being played and its deadline, the power's units, its standing orders
//! and espionage lines, what it still owes and how it votes. Plain data,
//! no words; nothing of another power's orders or secrets.

use super::views::{current_phase, show};
use super::{GameStatus, Missing, Result, Store, show_orders};
use chrono::{DateTime, Utc};

/// The kind of the phase being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// A movement phase (in Espionnite, its reaction sub-phase too).
    Movement,
    /// A retreat phase.
    Retreat,
    /// An adjustment phase (a winter).
    Adjustment,
}

/// What a power's page shows of the game: the power's own part only.
#[derive(Debug, Clone)]
pub struct OwnView {
    /// The game's name as stored.
    pub game: String,
    /// The power (the map's name, `france`).
    pub power: String,
    /// Forming, active, paused or finished.
    pub status: GameStatus,
    /// The phase being played (`S1902M`), or a finished game's last.
    pub phase: Option<String>,
    /// Its kind, while a phase is being played.
    pub stage: Option<Stage>,
    /// Its deadline; none while paused or with no phase being played.
    pub deadline: Option<DateTime<Utc>>,
    /// The Espionnite reaction phase is open (ESP-7).
    pub reaction_phase: bool,
    /// The game plays Espionnite (spies, counter-spies, reactions).
    pub espionnite: bool,
    /// The game plays Spionage (organisations, Fakes, Antis).
    pub spionage: bool,
    /// The game's press setting allows press at all.
    pub press: bool,
    /// The game allows grey (unsigned) press.
    pub grey_press: bool,
    /// The game allows fake press.
    pub fake_press: bool,
    /// Every power of the map (its name), for the press and vote forms.
    pub powers: Vec<String>,
    /// The power's units as written (`A par`).
    pub units: Vec<String>,
    /// The power's dislodged units as written (a retreat phase).
    pub dislodged: Vec<String>,
    /// Its orders that stand for the phase being played.
    pub orders: Vec<String>,
    /// Its espionage lines that stand (only the power's own).
    pub spy: Vec<String>,
    /// What it still has to order, if anything.
    pub missing: Option<Missing>,
    /// The phase needs orders from it.
    pub needs_orders: bool,
    /// In a reaction phase: whether it has reacted; none otherwise.
    pub reacted: Option<bool>,
    /// It asked the judge to wait (SET WAIT).
    pub wait: bool,
    /// It votes for a draw.
    pub draw_vote: bool,
    /// The powers its draw vote names (none: every survivor).
    pub draw_with: Option<String>,
    /// The power it votes to concede to.
    pub concede_to: Option<String>,
}

/// `power`'s own view of the game called `game` (names as stored or
/// written; the power by its name or initial).
pub fn power_view(st: &Store, game: &str, power: &str) -> Result<OwnView> {
    let g = show(st, game)?;
    let info = super::signon_info(st, game, power)?;
    let mine = g
        .powers
        .iter()
        .find(|p| p.power == info.power)
        .ok_or_else(|| super::GameError::UnknownGame(game.to_string()))?;
    let playing = matches!(g.status, GameStatus::Active | GameStatus::Paused);
    let standing = if playing {
        show_orders(st, game, Some(&info.power))?
            .1
            .into_iter()
            .next()
    } else {
        None
    };
    let stage = playing
        .then(|| g.phase.as_deref().and_then(stage_of))
        .flatten();
    let press = g.settings.press.trim().to_ascii_lowercase();
    let prefix = format!("{} ", info.power);
    let (orders, spy, missing) = match standing {
        Some(s) => (s.orders, s.spy, s.missing),
        None => (Vec::new(), Vec::new(), None),
    };
    Ok(OwnView {
        deadline: current_phase(st, game)?.and_then(|p| p.deadline),
        status: g.status,
        phase: g.phase.clone(),
        stage,
        reaction_phase: g.reaction_phase,
        espionnite: g.rules.iter().any(|r| r.eq_ignore_ascii_case("espionnite")),
        spionage: g.rules.iter().any(|r| r.eq_ignore_ascii_case("spionage")),
        press: press != "none" && press != "no",
        grey_press: press == "grey" || press == "gray",
        fake_press: g.settings.fake_press,
        powers: g.powers.iter().map(|p| p.power.clone()).collect(),
        units: g.units.get(&info.power).cloned().unwrap_or_default(),
        dislodged: g
            .dislodged
            .iter()
            .filter_map(|d| d.strip_prefix(&prefix).map(str::to_string))
            .collect(),
        orders,
        spy,
        missing,
        needs_orders: mine.needs_orders,
        reacted: mine.reacted,
        wait: mine.wait,
        draw_vote: mine.draw_vote,
        draw_with: mine.draw_with.clone(),
        concede_to: mine.concede_to.clone(),
        game: g.name,
        power: info.power,
    })
}

/// The kind of the phase `code` (`S1902M`, `F1902R`, `W1902A`).
fn stage_of(code: &str) -> Option<Stage> {
    match code.chars().last()?.to_ascii_uppercase() {
        'M' => Some(Stage::Movement),
        'R' => Some(Stage::Retreat),
        'A' => Some(Stage::Adjustment),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_code_names_its_stage() {
        assert_eq!(stage_of("S1902M"), Some(Stage::Movement));
        assert_eq!(stage_of("f1902r"), Some(Stage::Retreat));
        assert_eq!(stage_of("W1902A"), Some(Stage::Adjustment));
        assert_eq!(stage_of(""), None);
    }
}
