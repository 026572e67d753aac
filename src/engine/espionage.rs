//! Espionage: the Espionnite and Spionage rule sets of
//! `espionage-rules.md` (rules ESP-1..10 and SPI-1..11), as a pure step
//! between the orders players sent and the adjudicator.
//!
//! [`resolve`] takes one phase's position, the frozen orders, every spy
//! order (reactions included) and the organisations' state, and gives the
//! orders to adjudicate, what each power is told privately, the public
//! lines SPI-10 allows, the judge's secret log, and the organisations'
//! state for the next phase. [`validate`] is what the judge checks when a
//! spy order arrives ("rejected at once with the reason").
//!
//! Nothing here reads a clock, a file or a database; the game flow (the
//! reaction sub-phase, storage, the secret log's hash chain) is built on top.

use crate::engine::adjudicate::{self, Outcome};
use crate::engine::map::{Map, PowerId, ProvinceId, UnitType};
use crate::engine::order::{Order, SpyOrder, UnitRef};
use crate::engine::phase::{Phase, PhaseKind};
use crate::engine::position::{Position, Unit};
use std::collections::{BTreeMap, BTreeSet};

/// Which espionage rule sets are in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    pub espionnite: bool,
    pub spionage: bool,
}

impl Rules {
    pub fn any(self) -> bool {
        self.espionnite || self.spionage
    }
}

/// The (R: ...) part of a movement-phase Fake, waiting for the retreat
/// phase of the same round (SPI-5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatFake {
    pub faker: PowerId,
    /// A retreat or disband of the unit the movement Fake named.
    pub order: Order,
}

/// The Spionage organisations between phases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Organisations {
    /// Powers that have an organisation (SPI-2, SPI-3).
    pub founded: BTreeSet<PowerId>,
    /// Powers exposed in the current round (SPI-8).
    pub exposed: BTreeSet<PowerId>,
    /// The Anti each power has standing for the rest of the round: giver to
    /// the nation it is against (SPI-4, SPI-6).
    pub antis: BTreeMap<PowerId, PowerId>,
    /// Retreat parts of this round's movement Fakes (SPI-5).
    pub retreat_fakes: Vec<RetreatFake>,
}

impl Organisations {
    /// Every power starts with an organisation (`spy_at_start = true`,
    /// SPI-1) or none.
    pub fn at_start(map: &Map, spy_at_start: bool) -> Organisations {
        let mut o = Organisations::default();
        if spy_at_start {
            o.founded = map.powers().iter().map(|p| p.id).collect();
        }
        o
    }

    /// SPI-4, SPI-8: exposure, Antis and retreat parts last one round; a
    /// movement phase starts a new round.
    pub fn round_start(&self) -> Organisations {
        Organisations {
            founded: self.founded.clone(),
            ..Organisations::default()
        }
    }

    /// The state as the given phase starts: a new round begins with each
    /// movement phase. Callers pass the result to [`Context`].
    pub fn entering(&self, phase: Phase) -> Organisations {
        if phase.kind == PhaseKind::Movement {
            self.round_start()
        } else {
            self.clone()
        }
    }

    /// SPI-3: an organisation lasts until its power is eliminated (no unit
    /// and no centre left).
    pub fn drop_eliminated(&mut self, next: &Position) {
        self.founded.retain(|p| {
            next.units.iter().any(|u| u.power == *p) || next.owners.contains(&Some(*p))
        });
    }
}

/// Why a spy order was refused; the text tells the player what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason} ({rule})")]
pub struct Rejected {
    /// The rule that refuses it: `ESP-3`, `SPI-8`.
    pub rule: &'static str,
    pub reason: String,
}

fn reject<T>(rule: &'static str, reason: impl Into<String>) -> Result<T, Rejected> {
    Err(Rejected {
        rule,
        reason: reason.into(),
    })
}

/// What a phase's espionage is resolved against.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub map: &'a Map,
    pub position: &'a Position,
    pub rules: Rules,
    /// The game's first phase (SPI-1).
    pub first_phase: Phase,
    /// The organisations at the start of this phase (see
    /// [`Organisations::entering`]: what a previous round left is cleared
    /// by the caller, so that a scenario's `exposed` is taken as given).
    pub organisations: &'a Organisations,
}

impl Context<'_> {
    fn name(&self, p: PowerId) -> String {
        self.map.power(p).display_name()
    }

    fn unit_text(&self, u: &Unit) -> String {
        u.text(self.map)
    }

    fn organisations_now(&self) -> Organisations {
        self.organisations.clone()
    }
}

/// Where an order to adjudicate came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The owner's own order: index into the frozen orders.
    Submitted(usize),
    /// The owner's Espionnite reaction (ESP-7).
    Reaction,
    /// Another power's Spionage Fake (SPI-5), adjudicated as the owner's
    /// order (SPI-9).
    Fake { faker: PowerId },
}

/// One order to adjudicate, given under the unit owner's power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalOrder {
    pub power: PowerId,
    pub order: Order,
    pub source: Source,
}

/// What kind of event a secret-log entry records (SPI-11, ESP-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecretKind {
    Received,
    Rejected,
    SpyResult,
    Reaction,
    FakeStopped,
    FakeVoid,
    Collision,
    Exposed,
    FakeApplied,
    Founded,
    Adjudicated,
}

impl SecretKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SecretKind::Received => "received",
            SecretKind::Rejected => "rejected",
            SecretKind::SpyResult => "spy-result",
            SecretKind::Reaction => "reaction",
            SecretKind::FakeStopped => "fake-stopped",
            SecretKind::FakeVoid => "fake-void",
            SecretKind::Collision => "collision",
            SecretKind::Exposed => "exposed",
            SecretKind::FakeApplied => "fake-applied",
            SecretKind::Founded => "founded",
            SecretKind::Adjudicated => "adjudicated",
        }
    }
}

/// One entry of the judge's secret log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretEntry {
    /// The phase the entry belongs to.
    pub phase: Phase,
    pub kind: SecretKind,
    /// The power the entry is about (the sender of a spy order, the owner
    /// of an adjudicated unit).
    pub power: PowerId,
    pub text: String,
}

/// Everything a phase's espionage produces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    /// The orders to adjudicate, each under its unit's owner.
    pub orders: Vec<FinalOrder>,
    /// Frozen orders (indices) that a reaction or a Fake replaced.
    pub replaced: Vec<usize>,
    /// What each power is told privately (ESP-6).
    pub private: BTreeMap<PowerId, Vec<String>>,
    /// The lines the public results may print (SPI-10).
    pub public: Vec<String>,
    /// The judge's secret log for the phase (ESP-10, SPI-11).
    pub secret: Vec<SecretEntry>,
    /// Spy orders (indices into the input) refused, with the reason.
    pub rejected: Vec<(usize, Rejected)>,
    /// The organisations after the phase.
    pub organisations: Organisations,
}

// ---------------------------------------------------------------------------
// Validation at submission

/// Checks a spy order when it arrives; `Err` is what the sender is told.
pub fn validate(ctx: &Context<'_>, power: PowerId, order: &SpyOrder) -> Result<(), Rejected> {
    let orgs = ctx.organisations_now();
    match order {
        SpyOrder::Spy { target } => esp_3_spy_order(ctx, power, target),
        SpyOrder::CounterSpy { unit } => esp_4_counter_spy_order(ctx, power, unit),
        SpyOrder::Reaction(o) => esp_7_reaction(ctx, power, Some(o)),
        SpyOrder::ReactionNone => esp_7_reaction(ctx, power, None),
        SpyOrder::Fake { order, retreat } => {
            spi_1_may_use_organisation(ctx, &orgs, power)?;
            spi_8_not_exposed(ctx, &orgs, power)?;
            spi_5_fake_is_legal(ctx, power, order, retreat.as_ref())
        }
        SpyOrder::Anti { nation } => {
            spi_1_may_use_organisation(ctx, &orgs, power)?;
            spi_6_anti(power, *nation)
        }
        SpyOrder::Found { province } => spi_2_founding(ctx, &orgs, power, *province),
    }
}

fn espionnite_in_force(ctx: &Context<'_>) -> Result<(), Rejected> {
    if !ctx.rules.espionnite {
        return reject("ESP", "the Espionnite rules are not in force in this game");
    }
    Ok(())
}

/// ESP-2: spies, counter-spies and reactions belong to movement phases.
fn esp_2_movement_only(ctx: &Context<'_>) -> Result<(), Rejected> {
    espionnite_in_force(ctx)?;
    if ctx.position.phase.kind != PhaseKind::Movement {
        return reject(
            "ESP-2",
            "spies, counter-spies and reactions act in movement phases only",
        );
    }
    Ok(())
}

/// ESP-1: only a power with at least one unit has agents.
fn esp_1_has_agents(ctx: &Context<'_>, power: PowerId) -> Result<(), Rejected> {
    if ctx.position.units_of(power).next().is_none() {
        return reject(
            "ESP-1",
            format!("{} has no units, and so no spy", ctx.name(power)),
        );
    }
    Ok(())
}

/// The unit an order names, checked against the board: present and of the
/// type written.
fn named_unit<'p>(
    ctx: &Context<'p>,
    rule: &'static str,
    unit: &UnitRef,
    retreat_phase: bool,
) -> Result<&'p Unit, Rejected> {
    let p = unit.location.province;
    let found = if retreat_phase {
        ctx.position
            .dislodged
            .iter()
            .map(|d| &d.unit)
            .find(|u| u.location.province == p)
    } else {
        ctx.position.unit_at(p)
    };
    let abbr = &ctx.map.province(p).abbr;
    let Some(u) = found else {
        let what = if retreat_phase {
            "no dislodged unit"
        } else {
            "no unit"
        };
        return reject(rule, format!("there is {what} in {abbr}"));
    };
    if unit.unit_type.is_some_and(|t| t != u.unit_type) {
        return reject(rule, format!("the unit in {abbr} is {}", ctx.unit_text(u)));
    }
    Ok(u)
}

/// ESP-3: a spy watches a unit of another power.
fn esp_3_spy_order(ctx: &Context<'_>, power: PowerId, target: &UnitRef) -> Result<(), Rejected> {
    esp_2_movement_only(ctx)?;
    esp_1_has_agents(ctx, power)?;
    let u = named_unit(ctx, "ESP-3", target, false)?;
    if u.power == power {
        return reject(
            "ESP-3",
            format!(
                "{} is your own unit: spy on a unit of another power",
                ctx.unit_text(u)
            ),
        );
    }
    Ok(())
}

/// ESP-4: a counter-spy covers one of the power's own units.
fn esp_4_counter_spy_order(
    ctx: &Context<'_>,
    power: PowerId,
    unit: &UnitRef,
) -> Result<(), Rejected> {
    esp_2_movement_only(ctx)?;
    esp_1_has_agents(ctx, power)?;
    let u = named_unit(ctx, "ESP-4", unit, false)?;
    if u.power != power {
        return reject(
            "ESP-4",
            format!(
                "{} belongs to {}: a counter-spy covers one of your own units",
                ctx.unit_text(u),
                ctx.name(u.power)
            ),
        );
    }
    Ok(())
}

/// ESP-7: a reaction replaces the order of one of the power's own units
/// with a legal order.
fn esp_7_reaction(
    ctx: &Context<'_>,
    power: PowerId,
    order: Option<&Order>,
) -> Result<(), Rejected> {
    esp_2_movement_only(ctx)?;
    let Some(order) = order else { return Ok(()) };
    let Some(unit) = order.unit() else {
        return reject("ESP-7", "a reaction is an order for one of your units");
    };
    let u = named_unit(ctx, "ESP-7", unit, false)?;
    if u.power != power {
        return reject(
            "ESP-7",
            format!(
                "{} belongs to {}: a reaction changes one of your own units",
                ctx.unit_text(u),
                ctx.name(u.power)
            ),
        );
    }
    if let Some(why) = illegal(ctx, power, order) {
        return reject("ESP-7", why);
    }
    Ok(())
}

/// Why an order is illegal for its unit in this phase, if it is: the
/// adjudicator is asked about the order alone.
fn illegal(ctx: &Context<'_>, power: PowerId, order: &Order) -> Option<String> {
    let r = adjudicate::adjudicate(ctx.map, ctx.position, &[(power, order.clone())]);
    let first = r.results.into_iter().next()?;
    (first.outcome == Outcome::Invalid).then_some(first.reason)
}

fn spionage_in_force(ctx: &Context<'_>) -> Result<(), Rejected> {
    if !ctx.rules.spionage {
        return reject("SPI", "the Spionage rules are not in force in this game");
    }
    Ok(())
}

/// SPI-1 (never in the first movement phase) and SPI-2/SPI-3 (only a
/// power that has founded its organisation gives Fakes and Antis).
fn spi_1_may_use_organisation(
    ctx: &Context<'_>,
    orgs: &Organisations,
    power: PowerId,
) -> Result<(), Rejected> {
    spionage_in_force(ctx)?;
    if ctx.position.phase == ctx.first_phase {
        return reject(
            "SPI-1",
            "espionage may not be used in the first movement phase of the game",
        );
    }
    if !orgs.founded.contains(&power) {
        return reject(
            "SPI-2",
            format!(
                "{} has no spy organisation: found one in a winter with `+ S <home centre>`",
                ctx.name(power)
            ),
        );
    }
    Ok(())
}

/// SPI-8: an exposed power gives no further Fakes this round.
fn spi_8_not_exposed(
    ctx: &Context<'_>,
    orgs: &Organisations,
    power: PowerId,
) -> Result<(), Rejected> {
    if orgs.exposed.contains(&power) {
        return reject(
            "SPI-8",
            format!(
                "{} was exposed this round: its organisation may fake again from the next round",
                ctx.name(power)
            ),
        );
    }
    Ok(())
}

/// SPI-5: a Fake is a legal order of this phase for another power's unit.
fn spi_5_fake_is_legal(
    ctx: &Context<'_>,
    power: PowerId,
    order: &Order,
    retreat: Option<&Order>,
) -> Result<(), Rejected> {
    let kind = ctx.position.phase.kind;
    let owner = match order {
        Order::Build {
            unit_type,
            location,
        } => spi_5_build_fake_is_legal(ctx, *unit_type, *location)?,
        _ => {
            let Some(unit) = order.unit() else {
                return reject("SPI-5", "a Fake names a unit or a build");
            };
            let u = named_unit(ctx, "SPI-5", unit, kind == PhaseKind::Retreat)?;
            if kind != PhaseKind::Adjustment
                && let Some(why) = illegal(ctx, u.power, &with_unit_type(order, u.unit_type))
            {
                return reject("SPI-5", why);
            }
            u.power
        }
    };
    if owner == power {
        return reject(
            "SPI-5",
            "a Fake is for a unit (or the builds) of another power",
        );
    }
    if let Some(Order::Retreat { unit, dest }) = retreat {
        let u = ctx.position.unit_at(unit.location.province);
        if let Some(u) = u
            && !ctx.map.unit_reaches(u.unit_type, u.location, dest.province)
        {
            return reject(
                "SPI-5",
                format!(
                    "{} could not retreat to {}",
                    ctx.unit_text(u),
                    ctx.map.loc_name(*dest)
                ),
            );
        }
    }
    Ok(())
}

/// SPI-5: a build Fake is itself a legal build (vacant owned home centre,
/// a unit type that fits); returns the power whose build it replaces.
fn spi_5_build_fake_is_legal(
    ctx: &Context<'_>,
    unit_type: UnitType,
    location: crate::engine::map::Location,
) -> Result<PowerId, Rejected> {
    let prov = ctx.map.province(location.province);
    let Some(home) = prov.home else {
        return reject("SPI-5", format!("{} is not a home centre", prov.abbr));
    };
    if ctx.position.owner(location.province) != Some(home) {
        return reject(
            "SPI-5",
            format!("{} does not own {}", ctx.name(home), prov.abbr),
        );
    }
    if ctx.position.unit_at(location.province).is_some() {
        return reject("SPI-5", format!("{} is occupied", prov.abbr));
    }
    let needs_coast =
        unit_type == UnitType::Fleet && location.coast.is_none() && !prov.coasts.is_empty();
    if needs_coast || !ctx.map.can_occupy(unit_type, location) {
        return reject(
            "SPI-5",
            format!(
                "{unit_type} cannot be built in {}",
                ctx.map.loc_name(location)
            ),
        );
    }
    Ok(home)
}

/// SPI-6: an Anti names another nation.
fn spi_6_anti(power: PowerId, nation: PowerId) -> Result<(), Rejected> {
    if nation == power {
        return reject(
            "SPI-6",
            "an Anti names another nation, whose Fakes it stops",
        );
    }
    Ok(())
}

/// SPI-2, SPI-3: founding, in an adjustment phase, in an own home centre
/// owned and empty, once per power.
fn spi_2_founding(
    ctx: &Context<'_>,
    orgs: &Organisations,
    power: PowerId,
    province: ProvinceId,
) -> Result<(), Rejected> {
    spionage_in_force(ctx)?;
    if ctx.position.phase.kind != PhaseKind::Adjustment {
        return reject(
            "SPI-2",
            "an organisation is founded in a winter adjustment phase",
        );
    }
    if orgs.founded.contains(&power) {
        return reject(
            "SPI-3",
            format!("{} already has a spy organisation", ctx.name(power)),
        );
    }
    let prov = ctx.map.province(province);
    if prov.home != Some(power) || !prov.supply_center {
        return reject(
            "SPI-2",
            format!("{} is not a home centre of {}", prov.abbr, ctx.name(power)),
        );
    }
    if ctx.position.owner(province) != Some(power) {
        return reject(
            "SPI-2",
            format!("{} does not own {}", ctx.name(power), prov.abbr),
        );
    }
    if ctx.position.unit_at(province).is_some() {
        return reject(
            "SPI-2",
            format!(
                "{} is occupied: found the organisation in an empty home centre",
                prov.abbr
            ),
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Resolution

/// The order with the unit's type written in, for normalised text.
fn with_unit_type(order: &Order, t: UnitType) -> Order {
    let mut o = order.clone();
    match &mut o {
        Order::Hold { unit }
        | Order::Move { unit, .. }
        | Order::SupportHold { unit, .. }
        | Order::SupportMove { unit, .. }
        | Order::Convoy { unit, .. }
        | Order::Retreat { unit, .. }
        | Order::Disband { unit }
        | Order::Remove { unit } => unit.unit_type = Some(t),
        Order::Build { .. } | Order::Waive => {}
    }
    o
}

/// The province an order's unit stands in.
fn unit_province(order: &Order) -> Option<ProvinceId> {
    order.unit().map(|u| u.location.province)
}

/// Resolves a phase's espionage (see the module documentation).
/// `orders` are the frozen orders as submitted; `spy_orders` every spy
/// order received for the phase, reactions included, in the order received.
pub fn resolve(
    ctx: &Context<'_>,
    orders: &[(PowerId, Order)],
    spy_orders: &[(PowerId, SpyOrder)],
) -> Resolution {
    let mut r = Resolution {
        orders: orders
            .iter()
            .enumerate()
            .map(|(i, (p, o))| FinalOrder {
                power: *p,
                order: o.clone(),
                source: Source::Submitted(i),
            })
            .collect(),
        organisations: ctx.organisations_now(),
        ..Resolution::default()
    };
    let valid = accepted_spy_orders(ctx, spy_orders, &mut r);
    if ctx.rules.espionnite && ctx.position.phase.kind == PhaseKind::Movement {
        esp_5_spying(ctx, orders, &valid, &mut r);
        esp_9_apply_reactions(ctx, &valid, &mut r);
    }
    if ctx.rules.spionage {
        spi_2_found(ctx, &valid, &mut r);
        spi_7_fakes_and_antis(ctx, &valid, &mut r);
    }
    spi_11_log_adjudicated(ctx, &mut r);
    r
}

/// ESP-8: the reaction phase may end before its deadline once every power
/// that still has units has sent a valid reaction or `REACTION NONE`.
pub fn esp_8_reactions_complete(ctx: &Context<'_>, spy_orders: &[(PowerId, SpyOrder)]) -> bool {
    let reacted: BTreeSet<PowerId> = spy_orders
        .iter()
        .filter(|(p, o)| {
            matches!(o, SpyOrder::Reaction(_) | SpyOrder::ReactionNone)
                && validate(ctx, *p, o).is_ok()
        })
        .map(|(p, _)| *p)
        .collect();
    ctx.position
        .units
        .iter()
        .all(|u| reacted.contains(&u.power))
}

/// SPI-2: in a Spionage game the winter adjustment phase is held every
/// year; it waits for a power only if it has builds or removals to give, or
/// may found its organisation (none yet, and an own home centre owned and
/// empty).
pub fn spi_2_winter_waits_for(ctx: &Context<'_>, power: PowerId) -> bool {
    let adjusts = ctx
        .position
        .adjustments(ctx.map)
        .iter()
        .any(|c| c.power == power && c.delta() != 0);
    let orgs = ctx.organisations_now();
    let may_found = ctx.rules.spionage
        && ctx
            .map
            .home_centers(power)
            .any(|h| spi_2_founding(ctx, &orgs, power, h).is_ok());
    adjusts || may_found
}

/// Logs every spy order and keeps those [`validate`] accepts.
fn accepted_spy_orders<'s>(
    ctx: &Context<'_>,
    spy_orders: &'s [(PowerId, SpyOrder)],
    r: &mut Resolution,
) -> Vec<(PowerId, &'s SpyOrder)> {
    let mut valid = Vec::new();
    for (i, (p, o)) in spy_orders.iter().enumerate() {
        let text = o.to_text(ctx.map);
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Received,
            power: *p,
            text: format!("{} sent `{text}`", ctx.name(*p)),
        });
        match validate(ctx, *p, o) {
            Ok(()) => valid.push((*p, o)),
            Err(e) => {
                r.secret.push(SecretEntry {
                    phase: ctx.position.phase,
                    kind: SecretKind::Rejected,
                    power: *p,
                    text: format!("{}'s `{text}` refused: {e}", ctx.name(*p)),
                });
                r.rejected.push((i, e));
            }
        }
    }
    valid
}

/// ESP-3/ESP-4: the last valid order of each kind counts, per power.
fn last_per_power<'s, T>(
    valid: &[(PowerId, &'s SpyOrder)],
    pick: impl Fn(&'s SpyOrder) -> Option<T>,
) -> BTreeMap<PowerId, T> {
    let mut out = BTreeMap::new();
    for (p, o) in valid {
        if let Some(t) = pick(o) {
            out.insert(*p, t);
        }
    }
    out
}

/// ESP-5, ESP-6: each spy succeeds unless its target is covered by the
/// owner's counter-spy; a successful spy's power learns the frozen order.
fn esp_5_spying(
    ctx: &Context<'_>,
    orders: &[(PowerId, Order)],
    valid: &[(PowerId, &SpyOrder)],
    r: &mut Resolution,
) {
    let covers = last_per_power(valid, |o| match o {
        SpyOrder::CounterSpy { unit } => Some(unit.location.province),
        _ => None,
    });
    let spies = last_per_power(valid, |o| match o {
        SpyOrder::Spy { target } => Some(target.location.province),
        _ => None,
    });
    for (p, covered) in &covers {
        let u = ctx.position.unit_at(*covered).expect("validated");
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::SpyResult,
            power: *p,
            text: format!("{}'s counter-spy covers {}", ctx.name(*p), ctx.unit_text(u)),
        });
    }
    for (spy, target) in spies {
        let u = ctx.position.unit_at(target).expect("validated");
        let unit = ctx.unit_text(u);
        if covers.get(&u.power) == Some(&target) {
            r.private
                .entry(spy)
                .or_default()
                .push(format!("Your spy on {unit} learned nothing."));
            r.secret.push(SecretEntry {
            phase: ctx.position.phase,
                kind: SecretKind::SpyResult,
                power: spy,
                text: format!(
                    "{}'s spy on {unit} failed: covered by {}'s counter-spy; {} told it learned nothing",
                    ctx.name(spy),
                    ctx.name(u.power),
                    ctx.name(spy)
                ),
            });
            continue;
        }
        let seen = esp_6_frozen_order(ctx, orders, u);
        r.private
            .entry(spy)
            .or_default()
            .push(format!("Your spy on {unit} reports: {seen}"));
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::SpyResult,
            power: spy,
            text: format!(
                "{}'s spy on {unit} succeeded; {} told `{seen}`",
                ctx.name(spy),
                ctx.name(spy)
            ),
        });
    }
}

/// ESP-6: the frozen order of a unit as its owner gave it (the last one
/// for that unit), normalised, or `hold (no order given)`.
fn esp_6_frozen_order(ctx: &Context<'_>, orders: &[(PowerId, Order)], u: &Unit) -> String {
    orders
        .iter()
        .rev()
        .find(|(p, o)| *p == u.power && unit_province(o) == Some(u.location.province))
        .map(|(_, o)| with_unit_type(o, u.unit_type).to_text(ctx.map))
        .unwrap_or_else(|| "hold (no order given)".to_string())
}

/// Replaces the owner's order for the unit in `province` by `new`, in
/// place of the last one given (earlier ones are dropped too), or adds it.
fn replace_unit_order(
    r: &mut Resolution,
    owner: PowerId,
    province: ProvinceId,
    new: FinalOrder,
) -> Option<Order> {
    let hits: Vec<usize> = (0..r.orders.len())
        .filter(|&i| {
            r.orders[i].power == owner && unit_province(&r.orders[i].order) == Some(province)
        })
        .collect();
    replace_at(r, &hits, new)
}

/// Puts `new` in place of the last of `hits` and drops the others; adds it
/// at the end when `hits` is empty. Returns the order it replaced.
fn replace_at(r: &mut Resolution, hits: &[usize], new: FinalOrder) -> Option<Order> {
    let Some(&last) = hits.last() else {
        r.orders.push(new);
        return None;
    };
    let old = std::mem::replace(&mut r.orders[last], new);
    let mut gone = vec![old.clone()];
    for &i in hits[..hits.len() - 1].iter().rev() {
        gone.push(r.orders.remove(i));
    }
    for g in &gone {
        if let Source::Submitted(k) = g.source {
            r.replaced.push(k);
        }
    }
    r.replaced.sort_unstable();
    Some(old.order)
}

/// ESP-7, ESP-9: each power's last reaction (or `REACTION NONE`) counts;
/// it replaces the frozen order of one of its units.
fn esp_9_apply_reactions(ctx: &Context<'_>, valid: &[(PowerId, &SpyOrder)], r: &mut Resolution) {
    let reactions = last_per_power(valid, |o| match o {
        SpyOrder::Reaction(order) => Some(Some(order)),
        SpyOrder::ReactionNone => Some(None),
        _ => None,
    });
    for (p, reaction) in reactions {
        let Some(order) = reaction else {
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Reaction,
                power: p,
                text: format!("{} reacted with NONE: its frozen orders stand", ctx.name(p)),
            });
            continue;
        };
        let province = unit_province(order).expect("validated");
        let u = ctx.position.unit_at(province).expect("validated");
        let order = with_unit_type(order, u.unit_type);
        let after = order.to_text(ctx.map);
        let new = FinalOrder {
            power: p,
            order,
            source: Source::Reaction,
        };
        let before = replace_unit_order(r, p, province, new)
            .map(|o| o.to_text(ctx.map))
            .unwrap_or_else(|| "no order (hold)".into());
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Reaction,
            power: p,
            text: format!("{} reacted: {before} → {after}", ctx.name(p)),
        });
    }
}

/// SPI-2: organisations founded this winter.
fn spi_2_found(ctx: &Context<'_>, valid: &[(PowerId, &SpyOrder)], r: &mut Resolution) {
    for (p, o) in valid {
        if let SpyOrder::Found { province } = o
            && r.organisations.founded.insert(*p)
        {
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Founded,
                power: *p,
                text: format!(
                    "{} founded its spy organisation in {}",
                    ctx.name(*p),
                    ctx.map.province(*province).abbr
                ),
            });
        }
    }
}

/// One Fake being resolved.
#[derive(Clone, Debug)]
struct Fake {
    faker: PowerId,
    /// The power whose unit (or builds) it is against.
    owner: PowerId,
    order: Order,
}

/// SPI-4: the organisation's one order for this phase (its last), and for
/// a retreat phase the (R: ...) part of its movement Fake when it has none.
fn spi_4_phase_orders(
    ctx: &Context<'_>,
    valid: &[(PowerId, &SpyOrder)],
) -> BTreeMap<PowerId, SpyOrder> {
    let mut out: BTreeMap<PowerId, SpyOrder> = last_per_power(valid, |o| match o {
        SpyOrder::Fake { .. } | SpyOrder::Anti { .. } => Some(o.clone()),
        _ => None,
    });
    if ctx.position.phase.kind == PhaseKind::Retreat {
        for rf in &ctx.organisations.retreat_fakes {
            let p = unit_province(&rf.order).expect("a retreat names its unit");
            let dislodged = ctx
                .position
                .dislodged
                .iter()
                .find(|d| d.unit.location.province == p);
            // SPI-5: a retreat part that is illegal now does nothing.
            if let Some(d) = dislodged
                && illegal(ctx, d.unit.power, &rf.order).is_none()
            {
                out.entry(rf.faker).or_insert(SpyOrder::Fake {
                    order: rf.order.clone(),
                    retreat: None,
                });
            }
        }
    }
    out
}

/// SPI-7: Antis stop Fakes (step 1), colliding Fakes expose their powers
/// and do nothing (step 2), the rest take effect (step 3).
fn spi_7_fakes_and_antis(ctx: &Context<'_>, valid: &[(PowerId, &SpyOrder)], r: &mut Resolution) {
    let phase_orders = spi_4_phase_orders(ctx, valid);
    let mut antis = r.organisations.antis.clone();
    let mut fakes = Vec::new();
    for (p, o) in &phase_orders {
        match o {
            SpyOrder::Anti { nation } => {
                antis.insert(*p, *nation);
                r.organisations.antis.insert(*p, *nation);
            }
            SpyOrder::Fake { order, retreat } => {
                antis.remove(p);
                if let Some(rt) = retreat {
                    r.organisations.retreat_fakes.push(RetreatFake {
                        faker: *p,
                        order: rt.clone(),
                    });
                }
                if let Some(f) = spi_8_live_fake(ctx, r, *p, order) {
                    fakes.push(f);
                }
            }
            _ => {}
        }
    }
    let fakes = spi_6_stop_by_anti(ctx, &antis, fakes, r);
    let fakes = spi_7_collisions(ctx, fakes, r);
    for f in fakes {
        spi_9_apply_fake(ctx, f, r);
    }
}

/// SPI-8: a Fake of a power exposed earlier this round does nothing.
/// Otherwise the Fake with its target's owner.
fn spi_8_live_fake(
    ctx: &Context<'_>,
    r: &mut Resolution,
    faker: PowerId,
    order: &Order,
) -> Option<Fake> {
    let order_text = order.to_text(ctx.map);
    if r.organisations.exposed.contains(&faker) {
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::FakeVoid,
            power: faker,
            text: format!(
                "{}'s Fake `{order_text}` does nothing: {} is exposed this round (SPI-8)",
                ctx.name(faker),
                ctx.name(faker)
            ),
        });
        return None;
    }
    let (owner, order) = match order {
        Order::Build { location, .. } => (ctx.map.province(location.province).home?, order.clone()),
        _ => {
            let p = unit_province(order)?;
            let u = if ctx.position.phase.kind == PhaseKind::Retreat {
                ctx.position
                    .dislodged
                    .iter()
                    .map(|d| &d.unit)
                    .find(|u| u.location.province == p)
            } else {
                ctx.position.unit_at(p)
            }?;
            (u.power, with_unit_type(order, u.unit_type))
        }
    };
    Some(Fake {
        faker,
        owner,
        order,
    })
}

/// SPI-6 (SPI-7 step 1): a Fake against a power with an Anti naming the
/// faker is stopped; the public results show the stopped order, not who
/// tried it (SPI-10 a).
fn spi_6_stop_by_anti(
    ctx: &Context<'_>,
    antis: &BTreeMap<PowerId, PowerId>,
    fakes: Vec<Fake>,
    r: &mut Resolution,
) -> Vec<Fake> {
    let mut left = Vec::new();
    for f in fakes {
        if antis.get(&f.owner) != Some(&f.faker) {
            left.push(f);
            continue;
        }
        let text = f.order.to_text(ctx.map);
        let adjective = &ctx.map.power(f.owner).adjective;
        r.public.push(format!(
            "A Fake was stopped by an Anti: {text} ({adjective} orders)"
        ));
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::FakeStopped,
            power: f.faker,
            text: format!(
                "{}'s Fake `{text}` stopped by {}'s Anti against {}",
                ctx.name(f.faker),
                ctx.name(f.owner),
                ctx.name(f.faker)
            ),
        });
    }
    left
}

/// What a Fake aims at, for collisions (SPI-7 step 2): the unit, or in an
/// adjustment phase the build or removal it would replace.
fn spi_7_target(r: &Resolution, f: &Fake) -> Option<(PowerId, u8, usize)> {
    match &f.order {
        Order::Build { location, .. } => {
            let i = build_to_replace(r, f.owner, location.province)?;
            Some((f.owner, 0, i))
        }
        Order::Remove { .. } => {
            let p = match removal_to_replace(r, f.owner, unit_province(&f.order)?) {
                Some(i) => unit_province(&r.orders[i].order)?,
                None => unit_province(&f.order)?,
            };
            Some((f.owner, 1, p.0 as usize))
        }
        o => Some((f.owner, 2, unit_province(o)?.0 as usize)),
    }
}

/// SPI-7 step 2, SPI-8: Fakes by two or more powers against the same
/// target do nothing and expose every power involved; the public results
/// name them and their orders (SPI-10 b).
fn spi_7_collisions(ctx: &Context<'_>, fakes: Vec<Fake>, r: &mut Resolution) -> Vec<Fake> {
    let mut groups: BTreeMap<(PowerId, u8, usize), Vec<Fake>> = BTreeMap::new();
    let mut left = Vec::new();
    for f in fakes {
        match spi_7_target(r, &f) {
            Some(t) => groups.entry(t).or_default().push(f),
            None => left.push(f),
        }
    }
    for (_, group) in groups {
        if group.len() < 2 {
            left.extend(group);
            continue;
        }
        let tried: Vec<String> = group
            .iter()
            .map(|f| format!("{} tried {}", ctx.name(f.faker), f.order.to_text(ctx.map)))
            .collect();
        let names: Vec<String> = group.iter().map(|f| ctx.name(f.faker)).collect();
        r.public.push(format!(
            "Fakes collided, none took effect: {}. Exposed for the rest of the round: {}.",
            tried.join("; "),
            names.join(", ")
        ));
        r.secret.push(SecretEntry {
            phase: ctx.position.phase,
            kind: SecretKind::Collision,
            power: group[0].owner,
            text: format!("collision: {}", tried.join("; ")),
        });
        for f in &group {
            r.organisations.exposed.insert(f.faker);
            r.secret.push(SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Exposed,
                power: f.faker,
                text: format!("{} exposed for the rest of the round", ctx.name(f.faker)),
            });
        }
    }
    left
}

/// SPI-5: the build a build Fake replaces: the target's build in the same
/// province, otherwise the last it listed.
fn build_to_replace(r: &Resolution, owner: PowerId, province: ProvinceId) -> Option<usize> {
    let builds: Vec<usize> = (0..r.orders.len())
        .filter(|&i| r.orders[i].power == owner && matches!(r.orders[i].order, Order::Build { .. }))
        .collect();
    builds
        .iter()
        .copied()
        .find(|&i| {
            matches!(&r.orders[i].order, Order::Build { location, .. } if location.province == province)
        })
        .or(builds.last().copied())
}

/// SPI-5: the removal a removal Fake replaces: the same unit's (then
/// nothing changes), otherwise the last the target listed.
fn removal_to_replace(r: &Resolution, owner: PowerId, province: ProvinceId) -> Option<usize> {
    let removals: Vec<usize> = (0..r.orders.len())
        .filter(|&i| {
            r.orders[i].power == owner && matches!(r.orders[i].order, Order::Remove { .. })
        })
        .collect();
    removals
        .iter()
        .copied()
        .find(|&i| unit_province(&r.orders[i].order) == Some(province))
        .or(removals.last().copied())
}

/// SPI-7 step 3, SPI-9: the Fake takes effect as an order of the unit's
/// owner, in place of the owner's order.
fn spi_9_apply_fake(ctx: &Context<'_>, f: Fake, r: &mut Resolution) {
    let text = f.order.to_text(ctx.map);
    let new = FinalOrder {
        power: f.owner,
        order: f.order.clone(),
        source: Source::Fake { faker: f.faker },
    };
    let (applied, before) = match &f.order {
        Order::Build { location, .. } => match build_to_replace(r, f.owner, location.province) {
            Some(i) => (true, replace_at(r, &[i], new)),
            None => (false, None),
        },
        Order::Remove { unit } => {
            spi_5_apply_removal_fake(ctx, r, f.owner, unit.location.province, new)
        }
        _ => {
            let p = unit_province(&f.order).expect("a unit order");
            (true, replace_unit_order(r, f.owner, p, new))
        }
    };
    let before = before
        .map(|o| o.to_text(ctx.map))
        .unwrap_or_else(|| "no order".into());
    let text = if applied {
        format!(
            "{}'s Fake `{text}` took effect as {}'s order (replacing {before})",
            ctx.name(f.faker),
            ctx.name(f.owner)
        )
    } else {
        format!(
            "{}'s Fake `{text}` had nothing to replace and did nothing",
            ctx.name(f.faker)
        )
    };
    r.secret.push(SecretEntry {
        phase: ctx.position.phase,
        kind: if applied {
            SecretKind::FakeApplied
        } else {
            SecretKind::FakeVoid
        },
        power: f.faker,
        text,
    });
}

/// SPI-5 removal Fakes: the same unit already removed changes nothing;
/// otherwise the last removal listed is replaced; when the target gave
/// none but owes removals, the Fake's removal is added and civil disorder
/// takes the rest, which is the civil-disorder list with its last entry
/// replaced (the adjudicator computes the list the same way).
fn spi_5_apply_removal_fake(
    ctx: &Context<'_>,
    r: &mut Resolution,
    owner: PowerId,
    province: ProvinceId,
    new: FinalOrder,
) -> (bool, Option<Order>) {
    match removal_to_replace(r, owner, province) {
        Some(i) if unit_province(&r.orders[i].order) == Some(province) => (false, None),
        Some(i) => (true, replace_at(r, &[i], new)),
        None => {
            let owed = ctx
                .position
                .adjustments(ctx.map)
                .iter()
                .find(|c| c.power == owner)
                .map_or(0, |c| -c.delta());
            if owed <= 0 {
                return (false, None);
            }
            let cd = crate::engine::adjudicate::adjustment::civil_disorder_removals(
                ctx.map,
                ctx.position,
                owner,
                &[],
                owed as usize,
            );
            if cd
                .iter()
                .any(|&i| ctx.position.units[i].location.province == province)
            {
                return (false, None);
            }
            let last = cd.last().map(|&i| Order::Remove {
                unit: UnitRef::new(
                    Some(ctx.position.units[i].unit_type),
                    ctx.position.units[i].location,
                ),
            });
            r.orders.push(new);
            (true, last)
        }
    }
}

/// SPI-11: which order each unit was finally adjudicated with.
fn spi_11_log_adjudicated(ctx: &Context<'_>, r: &mut Resolution) {
    if !ctx.rules.any() {
        return;
    }
    let entries: Vec<SecretEntry> = r
        .orders
        .iter()
        .map(|o| {
            let how = match o.source {
                Source::Submitted(_) => "as ordered".to_string(),
                Source::Reaction => "by reaction".to_string(),
                Source::Fake { faker } => format!("by {}'s Fake", ctx.name(faker)),
            };
            SecretEntry {
                phase: ctx.position.phase,
                kind: SecretKind::Adjudicated,
                power: o.power,
                text: format!(
                    "{}: adjudicated with {} ({how})",
                    ctx.name(o.power),
                    o.order.to_text(ctx.map)
                ),
            }
        })
        .collect();
    r.secret.extend(entries);
}
