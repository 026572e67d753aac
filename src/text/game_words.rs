//! The words the game layer asks for ([`crate::game::Words`]), given from
//! this layer's catalogue, and [`install`], which hands them (and the
//! pictures' labels) down once, at start.
//!
//! Each answer is the same text this layer gives its own callers: the
//! secret log's lines are signed as they are written, so a line worded
//! here is byte for byte the line the catalogue gives.

use super::{Args, JUDGE_ONLY, Lang, render};
use crate::command::{Expectation, Found};
use crate::engine::{Map, Phase, Reason, SecretEntry, Told};
use crate::game::{
    Coded, Ended, LaterOrder, LogLine, OrLegacy, Results, Why, WordArgs, WordValue, Words,
};
use crate::text::Render;

/// The catalogue's answers to the game layer.
struct Catalogue;

/// The game's arguments as this layer's.
fn args(given: &WordArgs) -> Args {
    given
        .values
        .iter()
        .fold(Args::new(), |a, (name, v)| match v {
            WordValue::Str(s) => a.str(name.clone(), s.clone()),
            WordValue::Num(n) => a.num(name.clone(), *n),
            WordValue::Power(p) => a.power(name.clone(), p.clone()),
        })
}

impl Words for Catalogue {
    fn judge_lang(&self) -> Lang {
        JUDGE_ONLY
    }

    fn message(&self, lang: Lang, key: &str, given: &WordArgs) -> String {
        render(lang, key, &args(given))
    }

    fn coded(&self, lang: Lang, c: &Coded) -> String {
        c.render(lang)
    }

    fn why(&self, lang: Lang, w: &Why) -> String {
        w.render(lang)
    }

    fn reason(&self, lang: Lang, map: &Map, r: &Reason) -> String {
        super::reason::reason(lang, map, r)
    }

    fn stored_reason(&self, lang: Lang, stored: &str) -> String {
        super::reason::stored(lang, stored)
    }

    fn phase_name(&self, lang: Lang, p: Phase) -> String {
        super::refused::phase_name(lang, p)
    }

    fn later_orders(&self, lang: Lang, later: &[OrLegacy<LaterOrder>]) -> Vec<String> {
        super::stored::later_orders(lang, later)
    }

    fn expected_found(&self, expected: &Expectation, found: &Found) -> String {
        super::commands::expected_found(JUDGE_ONLY, expected, found)
    }

    fn secret_text(&self, map: &Map, e: &SecretEntry) -> String {
        super::espionage::secret_text(JUDGE_ONLY, map, e)
    }

    fn told_all(&self, map: &Map, told: &[Told]) -> Vec<String> {
        super::espionage::told_all(JUDGE_ONLY, map, told)
    }

    fn game_over_how(&self, e: &Ended) -> String {
        super::game_over::how(JUDGE_ONLY, e)
    }

    fn log_line(&self, line: LogLine<'_>) -> String {
        use super::secret_log::game;
        let en = JUDGE_ONLY;
        match line {
            LogLine::Received {
                power,
                order,
                replacing,
            } => game::received(en, power, order, replacing),
            LogLine::RefusedAtOnce { power, order, why } => {
                game::refused_at_once(en, power, order, why)
            }
            LogLine::Frozen { orders, deadline } => game::frozen(en, orders, deadline),
            LogLine::Told { power, learned } => game::told(en, power, learned),
            LogLine::Processed {
                phase,
                next,
                founded,
                exposed,
            } => game::processed(en, phase, next, founded, exposed),
            LogLine::Ended { phase, how } => game::ended(en, phase, how),
            LogLine::FinalHeadLate => game::final_head_late(en),
        }
    }

    fn results_report(&self, r: &Results) -> String {
        super::results::mail(JUDGE_ONLY, r).body
    }
}

/// Hands this layer's words down to the layers beneath it that word a
/// text themselves: the game layer ([`crate::game::install_words`]) and
/// the pictures ([`crate::render::install_labels`]). Every entry point
/// calls it first (the command line, the judge, the mail loop, the demo,
/// a scenario); calling it again does nothing.
pub fn install() {
    static CATALOGUE: Catalogue = Catalogue;
    crate::game::install_words(&CATALOGUE);
    super::pictures::install();
}
