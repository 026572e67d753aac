//! Espionage (espionage-rules.md): the grammar, the pure engine rule by
//! rule (tests named after the rule), the worked examples as scenario files
//! under `tests/espionage/`, and a leak test over generated positions.

use dipspy::engine::adjudicate;
use dipspy::engine::{
    Context, Organisations, Resolution, Rules, SecretKind, Source, esp_8_reactions_complete,
    spi_2_winter_waits_for, validate,
};
use dipspy::engine::{DislodgedUnit, Position, Unit};
use dipspy::engine::{Line, Order, SpyOrder, parse_line, parse_order};
use dipspy::engine::{Map, PowerId};
use dipspy::engine::{Phase, PhaseKind};
use dipspy::scenario::Scenario;
use serde_json::Value;
use std::path::{Path, PathBuf};

pub(crate) fn map() -> &'static Map {
    Map::standard()
}

pub(crate) fn pw(name: &str) -> PowerId {
    map().power_by_name(name).expect("a power")
}

pub(crate) fn unit(power: &str, s: &str) -> Unit {
    let (unit_type, location) = map().parse_unit(s).expect("a unit");
    Unit {
        power: pw(power),
        unit_type,
        location,
    }
}

/// A position in `phase` (`S1902M`) with these units, starting ownership.
pub(crate) fn position(phase: &str, units: &[(&str, &str)]) -> Position {
    let mut p = Position::empty(map(), Phase::parse(phase).unwrap());
    for (power, u) in units {
        p.units.push(unit(power, u));
    }
    p.normalize();
    p
}

const BOTH: Rules = Rules {
    espionnite: true,
    spionage: true,
};
const ESPIONNITE: Rules = Rules {
    espionnite: true,
    spionage: false,
};
const SPIONAGE: Rules = Rules {
    espionnite: false,
    spionage: true,
};

pub(crate) fn ctx<'a>(
    position: &'a Position,
    rules: Rules,
    orgs: &'a Organisations,
) -> Context<'a> {
    Context {
        map: map(),
        position,
        rules,
        first_phase: Phase::first(1901),
        organisations: orgs,
    }
}

pub(crate) fn orders(position: &Position, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| (pw(p), parse_order(map(), position.phase.kind, o).unwrap()))
        .collect()
}

pub(crate) fn spy(kind: PhaseKind, line: &str) -> SpyOrder {
    match parse_line(map(), kind, line).unwrap() {
        Line::Spy(s) => s,
        Line::Order(o) => panic!("{line} read as an order {o:?}"),
    }
}

pub(crate) fn spies(position: &Position, list: &[(&str, &str)]) -> Vec<(PowerId, SpyOrder)> {
    list.iter()
        .map(|(p, o)| (pw(p), spy(position.phase.kind, o)))
        .collect()
}

pub(crate) fn orgs(founded: &[&str]) -> Organisations {
    Organisations {
        founded: founded.iter().map(|p| pw(p)).collect(),
        ..Organisations::default()
    }
}

/// A phase's espionage resolved, with its secret log in the judge's
/// words: the engine returns typed entries, `dipspy::text` words them.
pub(crate) struct Resolved {
    pub(crate) secret: Vec<Logged>,
    /// The organisations after the phase, owned (a test takes them).
    pub(crate) organisations: Organisations,
    inner: Resolution,
}

/// A secret-log entry as the judge reads it.
#[derive(Debug)]
pub(crate) struct Logged {
    pub(crate) phase: Phase,
    pub(crate) kind: SecretKind,
    pub(crate) text: String,
}

impl std::ops::Deref for Resolved {
    type Target = Resolution;
    fn deref(&self) -> &Resolution {
        &self.inner
    }
}

pub(crate) fn resolve(
    c: &Context<'_>,
    orders: &[(PowerId, Order)],
    spies: &[(PowerId, SpyOrder)],
) -> Resolved {
    let inner = dipspy::engine::resolve(c, orders, spies);
    let secret = inner
        .secret
        .iter()
        .map(|e| Logged {
            phase: e.phase,
            kind: e.kind,
            text: dipspy::text::render_secret_log_line(dipspy::text::Lang::En, map(), e),
        })
        .collect();
    Resolved {
        secret,
        organisations: inner.organisations.clone(),
        inner,
    }
}

pub(crate) fn adjudicated(r: &Resolution, power: &str) -> Vec<String> {
    r.orders
        .iter()
        .filter(|o| o.power == pw(power))
        .map(|o| o.order.to_text(map()))
        .collect()
}

/// What `power` is told privately, as the player reads it.
pub(crate) fn private(r: &Resolution, power: &str) -> Vec<String> {
    let lines = r.private.get(&pw(power)).cloned().unwrap_or_default();
    dipspy::text::render_told_all(dipspy::text::Lang::En, map(), &lines)
}

/// The public lines, as the results print them.
pub(crate) fn public(r: &Resolution) -> Vec<String> {
    dipspy::text::render_public_lines(dipspy::text::Lang::En, map(), &r.public)
}

pub(crate) fn rejection(c: &Context<'_>, power: &str, line: &str) -> String {
    let order = spy(c.position.phase.kind, line);
    let e = validate(c, pw(power), &order).expect_err(line);
    dipspy::text::render_rejected(dipspy::text::Lang::En, map(), &e)
}

pub(crate) fn accepted(c: &Context<'_>, power: &str, line: &str) {
    let order = spy(c.position.phase.kind, line);
    if let Err(e) = validate(c, pw(power), &order) {
        panic!("{line} refused: {e}");
    }
}

// The tests, one file per part of the rules (the module files are in
// tests/it/espionage_rules/, beside the worked examples in tests/espionage/).
#[path = "espionage_rules/both.rs"]
mod both;
#[path = "espionage_rules/espionnite.rs"]
mod espionnite;
#[path = "espionage_rules/grammar.rs"]
mod grammar;
#[path = "espionage_rules/leaks.rs"]
mod leaks;
#[path = "espionage_rules/scenarios.rs"]
mod scenarios;
#[path = "espionage_rules/spionage.rs"]
mod spionage;
