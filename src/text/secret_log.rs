//! The judge's secret log in words (`# mails: secret log` in the
//! catalogue). The secret log is for the judge alone and stays in English
//! (issue 26 allows it); its words are data all the same.

use super::{Args, Lang, plain, render};
use crate::engine::espionage::{SecretEntry, SecretLine, Source};
use crate::engine::map::{Map, PowerId};
use crate::engine::order::Order;

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
