//! The judge's secret log in words (`# mails: secret log` in the
//! catalogue). The secret log is for the judge alone and stays in English
//! (issue 26 allows it); its words are data all the same.

use super::{Args, Lang, plain, render};
use crate::engine::Order;
use crate::engine::{Map, PowerId};
use crate::engine::{SecretEntry, SecretLine, Source};

/// An entry as the judge reads it, without a refusal's reason
/// (`super::espionage::secret_text` adds it).
pub fn line(lang: Lang, map: &Map, e: &SecretEntry) -> String {
    let name = |p: PowerId| map.power(p).display_name();
    let order = |o: &Order| o.to_text(map);
    let or_else = |o: &Option<Order>, key: &str| match o {
        Some(o) => order(o),
        None => plain(lang, key),
    };
    let base = Args::new().str("power", name(e.power));
    let (key, args) = match &e.line {
        SecretLine::Received { order } => {
            ("secret-received", base.str("order", order.to_text(map)))
        }
        SecretLine::Rejected { order, .. } => {
            ("secret-rejected", base.str("order", order.to_text(map)))
        }
        SecretLine::CounterSpyCovers { unit } => (
            "secret-counter-spy-covers",
            base.str("unit", unit.text(map)),
        ),
        SecretLine::SpyCovered { unit } => (
            "secret-spy-covered",
            base.str("unit", unit.text(map))
                .str("owner", name(unit.power)),
        ),
        SecretLine::SpySucceeded { unit, seen } => (
            "secret-spy-succeeded",
            base.str("unit", unit.text(map))
                .str("seen", or_else(seen, "secret-no-order-given")),
        ),
        SecretLine::ReactedNone => ("secret-reacted-none", base),
        SecretLine::Reacted { before, after } => (
            "secret-reacted",
            base.str("before", or_else(before, "secret-no-order-hold"))
                .str("after", order(after)),
        ),
        SecretLine::Founded { province } => (
            "secret-founded",
            base.str("province", map.province(*province).abbr.clone()),
        ),
        SecretLine::FakeWhileExposed { order: o } => {
            ("secret-fake-while-exposed", base.str("order", order(o)))
        }
        SecretLine::FakeStopped { order: o, owner } => (
            "secret-fake-stopped",
            base.str("order", order(o)).str("owner", name(*owner)),
        ),
        SecretLine::Collision { tried } => {
            let tried: Vec<String> = tried
                .iter()
                .map(|(p, o)| {
                    let args = Args::new().str("power", name(*p)).str("order", order(o));
                    render(lang, "secret-tried", &args)
                })
                .collect();
            ("secret-collision", base.str("tried", tried.join("; ")))
        }
        SecretLine::Exposed => ("secret-exposed", base),
        SecretLine::FakeApplied {
            order: o,
            owner,
            replaced,
        } => (
            "secret-fake-applied",
            base.str("order", order(o))
                .str("owner", name(*owner))
                .str("before", or_else(replaced, "secret-no-order")),
        ),
        SecretLine::FakeNothingToReplace { order: o } => (
            "secret-fake-nothing-to-replace",
            base.str("order", order(o)),
        ),
        SecretLine::Adjudicated { order: o, source } => {
            let how = match source {
                Source::Submitted(_) => plain(lang, "secret-as-ordered"),
                Source::Reaction => plain(lang, "secret-by-reaction"),
                Source::Fake { faker } => render(
                    lang,
                    "secret-by-fake",
                    &Args::new().str("faker", name(*faker)),
                ),
            };
            (
                "secret-adjudicated",
                base.str("order", order(o)).str("how", how),
            )
        }
    };
    render(lang, key, &args)
}

/// The entries the game itself adds to the secret log, in the judge's
/// words.
pub(crate) mod game {
    use super::super::{Args, Lang, plain, render};

    /// A spy order as it arrived (`old`: the order it replaces).
    pub(crate) fn received(lang: Lang, power: &str, order: &str, old: Option<&str>) -> String {
        let args = Args::new().str("power", power).str("order", order);
        match old {
            Some(old) => render(lang, "secret-received-replacing", &args.str("old", old)),
            None => render(lang, "secret-received", &args),
        }
    }

    /// A spy order refused as it arrived, with the refusal.
    pub(crate) fn refused_at_once(lang: Lang, power: &str, order: &str, why: &str) -> String {
        let args = Args::new()
            .str("power", power)
            .str("order", order)
            .str("why", why);
        render(lang, "secret-refused-at-once", &args)
    }

    /// ESP-7: the orders frozen (each `power: order`) until `deadline`.
    pub(crate) fn frozen(lang: Lang, orders: &[(String, String)], deadline: &str) -> String {
        let orders: Vec<String> = orders
            .iter()
            .map(|(p, o)| {
                let args = Args::new().str("power", p).str("order", o);
                render(lang, "secret-frozen-order", &args)
            })
            .collect();
        let args = Args::new()
            .str("orders", orders.join("; "))
            .str("deadline", deadline);
        render(lang, "secret-frozen", &args)
    }

    /// ESP-6: what a power was told (its private lines).
    pub(crate) fn told(lang: Lang, power: &str, learned: &[String]) -> String {
        let told = if learned.is_empty() {
            plain(lang, "secret-told-nothing")
        } else {
            learned.join(" ")
        };
        let args = Args::new().str("power", power).str("told", told);
        render(lang, "secret-told", &args)
    }

    /// A phase processed: the next phase and the organisations.
    pub(crate) fn processed(
        lang: Lang,
        phase: &str,
        next: &str,
        founded: &str,
        exposed: &str,
    ) -> String {
        let args = Args::new()
            .str("phase", phase)
            .str("next", next)
            .str("founded", founded)
            .str("exposed", exposed);
        render(lang, "secret-processed", &args)
    }

    /// The game ended in `phase`, `how` (worded by
    /// `crate::text::game_over::how`): the entry its final head covers.
    pub(crate) fn ended(lang: Lang, phase: &str, how: &str) -> String {
        let args = Args::new().str("phase", phase).str("how", how);
        render(lang, "secret-game-ended", &args)
    }

    /// A game that ended before final heads were signed has its final
    /// head signed when it is published.
    pub(crate) fn final_head_late(lang: Lang) -> String {
        plain(lang, "secret-final-head-late")
    }
}
