//! Differential test: every generated phase is adjudicated by dipspy and by
//! the `diplomacy` crate, and the two must agree on every order's success
//! and on the board that results.
//!
//! Material (from `tests/it/support/sim.rs`, seeded): random crowded mid-game movement
//! phases, followed by their retreat phase when units were dislodged;
//! random winter adjustment phases; and every phase of random games played
//! from the opening to 1920.
//!
//! What "success" means for each order, the same for both engines:
//! * a move: the unit moved;
//! * a hold: the unit was not dislodged;
//! * a support: the support was given (it matched an order, was not cut,
//!   and the supporter was not dislodged);
//! * a convoy (one dipspy did not void or reject): the fleet was not
//!   dislodged;
//! * a retreat: the unit moved; a disband, a build, a removal: it was
//!   carried out.
//!
//! The boards compared: the units after the phase, the dislodged units and
//! each one's retreat options. (Centre ownership and the next phase are
//! dipspy's own bookkeeping; the crate keeps neither.)
//!
//! Where the engines read the rules differently on purpose, a named rule
//! (see [`RULES`] and docs/adjudication.md, "Differences from the `diplomacy` crate")
//! says, from the phase before adjudication alone, which units' orders it
//! touches; those orders, and every unit they can reach through the
//! phase's orders (see [`reach`]), are left out, and the rest of the phase
//! is compared. The test reports how often each rule fired and how many
//! orders were compared, and fails if exclusions take more than a small
//! share of the orders.
//!
//! `cargo test --test differential` runs a few thousand phases (fewer in a
//! debug build); `cargo test --release --test differential -- --ignored`
//! runs a million.

use crate::support::bridge;

use crate::support::sim;

use bridge::{Bridge, Piece, piece};
use diplomacy::Command;
use diplomacy::judge::build::{OrderOutcome as BuildOutcome, Submission as BuildSubmission};
use diplomacy::judge::retreat::{Context as RetreatContext, OrderOutcome as RetreatOutcome};
use diplomacy::judge::{
    AttackOutcome, ConvoyOutcome, HoldOutcome, OrderOutcome, Rulebook, Submission, SupportOutcome,
};
use diplomacy::order::MainCommand;
use dipspy::engine::Order;
use dipspy::engine::PhaseKind;
use dipspy::engine::Position;
use dipspy::engine::{Adjudication, Outcome, adjudicate};
use dipspy::engine::{Location, Map, PowerId, ProvinceId, UnitType};
use sim::{Generator, Rng};
use std::collections::{BTreeMap, BTreeSet};

/// What a documented difference touches in one phase: the provinces whose
/// units' orders the engines read differently (their results, and all
/// that depends on them, are not compared), the provinces a retreat may
/// be judged differently into, and, in an adjustment phase, the powers
/// whose adjustments differ.
#[derive(Default, Debug)]
struct Touched {
    provinces: BTreeSet<ProvinceId>,
    retreat_into: BTreeSet<ProvinceId>,
    powers: BTreeSet<PowerId>,
}

impl Touched {
    fn is_empty(&self) -> bool {
        self.provinces.is_empty() && self.retreat_into.is_empty() && self.powers.is_empty()
    }
    fn extend(&mut self, other: Touched) {
        self.provinces.extend(other.provinces);
        self.retreat_into.extend(other.retreat_into);
        self.powers.extend(other.powers);
    }
}

/// A difference the two engines have on purpose. `touches` looks only at
/// the phase before adjudication (never at either engine's result) and
/// says what the difference can reach.
struct Rule {
    name: &'static str,
    touches: Touches,
}

/// A rule's test: the bridge, the position, the orders.
type Touches = fn(&Bridge, &Position, &[(PowerId, Order)]) -> Touched;

/// The documented differences (docs/adjudication.md, "Differences from
/// the `diplomacy` crate").
const RULES: &[Rule] = &[
    Rule {
        name: "fleet move to a split-coast province without a coast (DATC 6.B.2)",
        touches: fleet_move_without_coast,
    },
    Rule {
        name: "support of a fleet move naming no coast (DATC 6.B.4)",
        touches: support_without_coast,
    },
    Rule {
        name: "support of a move one engine rejects and the other lets fail (DATC 4.E.1)",
        touches: support_of_disputed_move,
    },
    Rule {
        name: "standoff by units then dislodged from elsewhere (DATC 6.H.9 note)",
        touches: standoff_of_dislodged_units,
    },
    Rule {
        name: "convoy intent shown by an own fleet not on the route used (DATC 4.A.3)",
        touches: intent_by_own_fleet_off_route,
    },
    Rule {
        name: "army ordered via convoy with no route, met by a move back (DATC 6.G.8)",
        touches: via_convoy_meets_move_back,
    },
    Rule {
        name: "a waive uses up a build",
        touches: waive_uses_a_build,
    },
    Rule {
        name: "two builds in one province",
        touches: two_builds_in_one_province,
    },
    Rule {
        name: "power with units and no centres in an adjustment phase",
        touches: power_without_centres,
    },
    Rule {
        name: "civil disorder ranked by coast-to-coast distance and short name (DATC 6.J)",
        touches: civil_disorder,
    },
];

/// The provinces of the units whose orders pass `pick`.
fn provinces_of(
    orders: &[(PowerId, Order)],
    mut pick: impl FnMut(&PowerId, &Order) -> Vec<ProvinceId>,
) -> Touched {
    Touched {
        provinces: orders.iter().flat_map(|(p, o)| pick(p, o)).collect(),
        ..Touched::default()
    }
}

/// dipspy fills in the only coast a fleet can reach; the crate finds no
/// border to the province itself and rejects the order. Touches the fleet.
fn fleet_move_without_coast(b: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    if pos.phase.kind == PhaseKind::Adjustment {
        return Touched::default();
    }
    provinces_of(orders, |power, o| match o {
        Order::Move { unit, dest, .. } | Order::Retreat { unit, dest }
            if dest.coast.is_none()
                && !b.map.province(dest.province).coasts.is_empty()
                && pos
                    .units
                    .iter()
                    .chain(pos.dislodged.iter().map(|d| &d.unit))
                    .any(|u| {
                        u.location.province == unit.location.province
                            && u.power == *power
                            && u.unit_type == UnitType::Fleet
                    }) =>
        {
            vec![unit.location.province]
        }
        _ => Vec::new(),
    })
}

/// dipspy matches a support naming only the province with a fleet's move
/// to either coast of it; the crate wants the coast named as in the move.
/// Touches the supporter and the supported fleet.
fn support_without_coast(b: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    if pos.phase.kind != PhaseKind::Movement {
        return Touched::default();
    }
    provinces_of(orders, |_, o| match o {
        Order::SupportMove {
            unit,
            supported,
            dest,
        } if dest.coast.is_none()
            && !b.map.province(dest.province).coasts.is_empty()
            && pos
                .unit_at(supported.location.province)
                .is_some_and(|u| u.unit_type == UnitType::Fleet) =>
        {
            vec![unit.location.province, supported.location.province]
        }
        _ => Vec::new(),
    })
}

/// Some moves are illegal to one engine and legal but failing to the
/// other: a move to the unit's own province, a fleet ordered "via
/// convoy", an army ordered to a sea next to a fleet (dipspy: illegal,
/// the unit holds; the crate: a move that fails), and an army's move by
/// convoy where no chain of fleets at sea could carry it (dipspy: a legal
/// order that finds no convoy; the crate: illegal). Either way the unit
/// stays, but a support of it matches for one engine and not the other.
/// Touches the supporter and the supported unit.
fn support_of_disputed_move(b: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    let map = b.map;
    let disputed = |o: &Order| -> Option<ProvinceId> {
        let Order::Move {
            unit,
            dest,
            via_convoy,
            route,
        } = o
        else {
            return None;
        };
        let src = unit.location.province;
        let u = pos.unit_at(src)?;
        let by_convoy = *via_convoy || !route.is_empty();
        let hit = dest.province == src
            || (u.unit_type == UnitType::Army
                && map.province(dest.province).kind == dipspy::engine::ProvinceKind::Sea)
            || (u.unit_type == UnitType::Fleet && by_convoy)
            || (u.unit_type == UnitType::Army
                && (by_convoy || !map.army_adjacent(src, dest.province))
                && !fleet_chain(map, pos, src, dest.province));
        hit.then_some(src)
    };
    if pos.phase.kind != PhaseKind::Movement {
        return Touched::default();
    }
    let sources: Vec<ProvinceId> = orders.iter().filter_map(|(_, o)| disputed(o)).collect();
    provinces_of(orders, |_, s| match s {
        Order::SupportHold {
            unit, supported, ..
        }
        | Order::SupportMove {
            unit, supported, ..
        } if sources.contains(&supported.location.province) => {
            vec![unit.location.province, supported.location.province]
        }
        _ => Vec::new(),
    })
}

/// Whether fleets at sea on the board link `src` to `dst`.
fn fleet_chain(map: &Map, pos: &Position, src: ProvinceId, dst: ProvinceId) -> bool {
    let at_sea: Vec<Location> = pos
        .units
        .iter()
        .filter(|u| {
            u.unit_type == UnitType::Fleet
                && map.province(u.location.province).kind == dipspy::engine::ProvinceKind::Sea
        })
        .map(|u| u.location)
        .collect();
    let mut reached: Vec<Location> = at_sea
        .iter()
        .copied()
        .filter(|&f| map.fleet_reaches_province(f, src))
        .collect();
    let mut i = 0;
    while i < reached.len() {
        let f = reached[i];
        if map.fleet_reaches_province(f, dst) {
            return true;
        }
        for &g in &at_sea {
            if !reached.contains(&g) && map.fleet_adjacent(f, g) {
                reached.push(g);
            }
        }
        i += 1;
    }
    false
}

/// Units that bounced in a province and were then dislodged by attacks
/// from elsewhere still leave a standoff there (dipspy: no retreat into
/// it); the crate ignores the prevent strength of every dislodged unit
/// when it lists retreats. Read from the orders alone: a province two or
/// more units move into, at least one of them itself attacked. Touches
/// retreats into that province only (the moves themselves are judged
/// alike).
fn standoff_of_dislodged_units(_: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    if pos.phase.kind != PhaseKind::Movement {
        return Touched::default();
    }
    let moves: Vec<(ProvinceId, ProvinceId)> = orders
        .iter()
        .filter_map(|(_, o)| match o {
            Order::Move { unit, dest, .. } => Some((unit.location.province, dest.province)),
            _ => None,
        })
        .collect();
    let attacked = |p: ProvinceId| moves.iter().any(|&(_, d)| d == p);
    let mut t = Touched::default();
    for &(_, dest) in &moves {
        let into: Vec<ProvinceId> = moves
            .iter()
            .filter(|&&(_, d)| d == dest)
            .map(|&(s, _)| s)
            .collect();
        if into.len() >= 2 && into.iter().any(|&s| attacked(s)) {
            t.retreat_into.insert(dest);
        }
    }
    t
}

/// An army moving to a neighbouring province that both a fleet of its own
/// power and a foreign fleet are ordered to convoy: dipspy sends it by
/// convoy when its own fleet could lie on some route, whichever fleets
/// carry it; the crate only when the route it finds includes a fleet of
/// the army's power. Touches the army and the fleets ordered to convoy it.
fn intent_by_own_fleet_off_route(
    b: &Bridge,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Touched {
    if pos.phase.kind != PhaseKind::Movement {
        return Touched::default();
    }
    let convoyers = |src: ProvinceId| {
        orders.iter().filter_map(move |(p, c)| match c {
            Order::Convoy { unit, army, .. } if army.location.province == src => {
                Some((*p, unit.location.province))
            }
            _ => None,
        })
    };
    provinces_of(orders, |power, o| match o {
        Order::Move { unit, dest, .. } => {
            let src = unit.location.province;
            if b.map.army_adjacent(src, dest.province)
                && convoyers(src).any(|(p, _)| p != *power)
                && convoyers(src).any(|(p, _)| p == *power)
            {
                std::iter::once(src)
                    .chain(convoyers(src).map(|(_, f)| f))
                    .collect()
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    })
}

/// An army ordered "via convoy" into a province whose unit moves into the
/// army's: dipspy never reads that as a head-to-head battle (the army
/// moves only by convoy, DATC 6.G.8), so with no route the army simply
/// stays; the crate calls it a head-to-head battle when no convoy route
/// succeeds and lets the army's supports defend. Touches both units.
fn via_convoy_meets_move_back(_: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    if pos.phase.kind != PhaseKind::Movement {
        return Touched::default();
    }
    provinces_of(orders, |_, o| match o {
        Order::Move {
            unit,
            dest,
            via_convoy,
            route,
        } if (*via_convoy || !route.is_empty())
            && orders.iter().any(|(_, m)| {
                matches!(m, Order::Move { unit: u, dest: d, .. }
                    if u.location.province == dest.province
                        && d.province == unit.location.province)
            }) =>
        {
            vec![unit.location.province, dest.province]
        }
        _ => Vec::new(),
    })
}

/// dipspy counts a waive against the power's builds, in the order the
/// orders came; the crate has no waive, so a build written after the
/// waives may succeed there. Touches that power.
fn waive_uses_a_build(b: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    if pos.phase.kind != PhaseKind::Adjustment {
        return Touched::default();
    }
    let mut t = Touched::default();
    for a in pos.adjustments(b.map) {
        let mine = || orders.iter().filter(|(p, _)| *p == a.power);
        let waives = mine().filter(|(_, o)| matches!(o, Order::Waive)).count();
        let builds = mine()
            .filter(|(_, o)| matches!(o, Order::Build { .. }))
            .count();
        if waives > 0 && (waives + builds) as i32 > a.delta() {
            t.powers.insert(a.power);
        }
    }
    t
}

/// The crate checks a build only against the units on the board, so two
/// builds in one province both succeed; dipspy refuses the second.
/// Touches the powers that wrote them.
fn two_builds_in_one_province(_: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    let mut t = Touched::default();
    if pos.phase.kind != PhaseKind::Adjustment {
        return t;
    }
    for (i, (p, o)) in orders.iter().enumerate() {
        if let Order::Build { location, .. } = o {
            for (q, e) in &orders[..i] {
                if matches!(e, Order::Build { location: l, .. } if l.province == location.province)
                {
                    t.powers.insert(*p);
                    t.powers.insert(*q);
                }
            }
        }
    }
    t
}

/// The crate leaves a power that owns no centre alone in the adjustment
/// phase (it has no entry in its table of adjustments); dipspy removes
/// all its units. Touches that power.
fn power_without_centres(b: &Bridge, pos: &Position, _: &[(PowerId, Order)]) -> Touched {
    let mut t = Touched::default();
    if pos.phase.kind != PhaseKind::Adjustment {
        return t;
    }
    for a in pos.adjustments(b.map) {
        if a.centers == 0 && a.units > 0 {
            t.powers.insert(a.power);
        }
    }
    t
}

/// A power in civil disorder (it owes more removals than it ordered of
/// distinct units of its own) loses units each engine ranks its own way:
/// dipspy by distance to its home centres with whole provinces, the crate
/// through regions (a coast of a split-coast province is a place of its
/// own) and by short name. Touches that power.
fn civil_disorder(b: &Bridge, pos: &Position, orders: &[(PowerId, Order)]) -> Touched {
    let mut t = Touched::default();
    if pos.phase.kind != PhaseKind::Adjustment {
        return t;
    }
    for a in pos.adjustments(b.map) {
        if a.delta() >= 0 {
            continue;
        }
        let ordered: BTreeSet<ProvinceId> = orders
            .iter()
            .filter_map(|(p, o)| match o {
                Order::Remove { unit } if *p == a.power => Some(unit.location.province),
                _ => None,
            })
            .filter(|&at| pos.unit_at(at).is_some_and(|u| u.power == a.power))
            .collect();
        if (ordered.len() as i32) < -a.delta() {
            t.powers.insert(a.power);
        }
    }
    t
}

/// What the documented differences touch in this phase, and the names of
/// the rules that touch anything.
fn exclusions(
    b: &Bridge,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> (Touched, Vec<&'static str>) {
    let mut all = Touched::default();
    let mut names = Vec::new();
    for r in RULES {
        let t = (r.touches)(b, pos, orders);
        if !t.is_empty() {
            names.push(r.name);
            all.extend(t);
        }
    }
    (all, names)
}

/// The provinces a difference at `seeds` can reach through this phase's
/// orders: every order joins the provinces it names (its unit's, its
/// destination, the supported or convoyed unit's and their destination,
/// a convoy route), and everything joined to a seed is reached. A unit
/// outside them gives and meets no order that names a reached province,
/// so the engines' readings of the seeds cannot change its result.
fn reach(
    map: &Map,
    orders: &[(PowerId, Order)],
    seeds: &BTreeSet<ProvinceId>,
) -> BTreeSet<ProvinceId> {
    let mut parent: Vec<usize> = (0..map.provinces().len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (_, o) in orders {
        let mut named: Vec<ProvinceId> = Vec::new();
        match o {
            Order::Hold { unit } | Order::Disband { unit } | Order::Remove { unit } => {
                named.push(unit.location.province)
            }
            Order::Move {
                unit, dest, route, ..
            } => {
                named.push(unit.location.province);
                named.push(dest.province);
                named.extend(route.iter().copied());
            }
            Order::Retreat { unit, dest } => {
                named.push(unit.location.province);
                named.push(dest.province);
            }
            Order::SupportHold { unit, supported } => {
                named.push(unit.location.province);
                named.push(supported.location.province);
            }
            Order::SupportMove {
                unit,
                supported,
                dest,
            } => {
                named.push(unit.location.province);
                named.push(supported.location.province);
                named.push(dest.province);
            }
            Order::Convoy { unit, army, dest } => {
                named.push(unit.location.province);
                named.push(army.location.province);
                named.push(dest.province);
            }
            Order::Build { location, .. } => named.push(location.province),
            Order::Waive => {}
        }
        for w in named.windows(2) {
            let (a, b) = (
                root(&mut parent, w[0].0 as usize),
                root(&mut parent, w[1].0 as usize),
            );
            parent[a] = b;
        }
    }
    let roots: BTreeSet<usize> = seeds
        .iter()
        .map(|s| root(&mut parent, s.0 as usize))
        .collect();
    (0..parent.len())
        .filter(|&p| roots.contains(&root(&mut parent, p)))
        .map(|p| ProvinceId(p as u16))
        .collect()
}

/// The phase as a scenario file, to read a disagreement and to turn it into
/// a regression test.
fn scenario_text(map: &Map, pos: &Position, orders: &[(PowerId, Order)]) -> String {
    let mut s = format!("phase = \"{}\"\n", pos.phase);
    if !pos.contested.is_empty() {
        let cs: Vec<String> = pos
            .contested
            .iter()
            .map(|c| format!("\"{}\"", map.province(*c).abbr))
            .collect();
        s += &format!("contested = [{}]\n", cs.join(", "));
    }
    s += "\n[units]\n";
    for p in map.powers() {
        let us: Vec<String> = pos
            .units_of(p.id)
            .map(|u| format!("\"{}\"", u.text(map)))
            .collect();
        if !us.is_empty() {
            s += &format!("{} = [{}]\n", p.name, us.join(", "));
        }
    }
    s += "\n[supply_centers]\n";
    for p in map.powers() {
        let cs: Vec<String> = pos
            .centers_of(p.id)
            .iter()
            .map(|c| format!("\"{}\"", map.province(*c).abbr))
            .collect();
        s += &format!("{} = [{}]\n", p.name, cs.join(", "));
    }
    for d in &pos.dislodged {
        s += &format!(
            "\n[[dislodged]]\npower = \"{}\"\nunit = \"{}\"\n",
            map.power(d.unit.power).name,
            d.unit.text(map)
        );
        if let Some(f) = d.attacked_from {
            s += &format!("attacked_from = \"{}\"\n", map.province(f).abbr);
        }
    }
    s += "\n[orders]\n";
    for p in map.powers() {
        let os: Vec<String> = orders
            .iter()
            .filter(|(q, _)| *q == p.id)
            .map(|(_, o)| format!("\"{}\"", o.to_text(map)))
            .collect();
        if !os.is_empty() {
            s += &format!("{} = [{}]\n", p.name, os.join(", "));
        }
    }
    s
}

fn show(map: &Map, set: &BTreeSet<Piece>) -> String {
    set.iter()
        .map(|(p, t, l)| format!("{} {t} {}", map.power(*p).name, map.loc_name(*l)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn diff_sets(
    map: &Map,
    what: &str,
    ours: &BTreeSet<Piece>,
    theirs: &BTreeSet<Piece>,
) -> Option<String> {
    (ours != theirs).then(|| {
        format!(
            "{what}: only dipspy [{}]; only the diplomacy crate [{}]",
            show(map, &ours.difference(theirs).cloned().collect()),
            show(map, &theirs.difference(ours).cloned().collect())
        )
    })
}

/// What a disagreement looks like in the failure message.
fn report(
    map: &Map,
    pos: &Position,
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
    problems: &[String],
) -> String {
    let results: Vec<String> = orders
        .iter()
        .zip(&adj.results)
        .map(|((p, o), r)| {
            format!(
                "  {} {}: {} {}",
                map.power(*p).name,
                o.to_text(map),
                r.outcome,
                r.reason
            )
        })
        .collect();
    format!(
        "{}\ndipspy's results:\n{}\n--- scenario ---\n{}",
        problems.join("\n"),
        results.join("\n"),
        scenario_text(map, pos, orders)
    )
}

/// Adjudicates a movement phase with both engines, and the retreat phase
/// after it when there is one. Returns dipspy's position after both, and
/// the number of phases compared.
fn movement(
    b: &Bridge,
    generator: &Generator,
    rng: &mut Rng,
    pos: &Position,
    orders: &[(PowerId, Order)],
    stats: &mut Stats,
) -> Result<Position, String> {
    let map = b.map;
    let adj = adjudicate(map, pos, orders);
    let (touched, rules) = exclusions(b, pos, orders);
    for r in rules {
        *stats.excluded.entry(r).or_default() += 1;
    }
    // Left out: what the rules touch and all it reaches; retreats into a
    // province a rule names.
    let out = reach(map, orders, &touched.provinces);
    let no_retreat_into: BTreeSet<ProvinceId> =
        out.iter().chain(&touched.retreat_into).copied().collect();
    let keep = |p: &Piece| !out.contains(&p.2.province);
    if !no_retreat_into.is_empty() {
        stats.partial += 1;
    }
    stats.movement += 1;
    let (dorders, index) = b.main_orders(pos, orders);
    let start = b.unit_positions(&pos.units);
    let submission = Submission::new(&b.dmap, &start, dorders.clone());
    let outcome = submission.adjudicate(Rulebook::edition_1982());
    let mut problems = Vec::new();

    // Every order's success.
    let adjudicated: Vec<_> = outcome.orders().collect();
    for (k, (_, order)) in orders.iter().enumerate() {
        let ours = adj.results[k].outcome;
        stats.orders += 1;
        if order
            .unit()
            .is_some_and(|u| out.contains(&u.location.province))
        {
            continue;
        }
        stats.orders_compared += 1;
        let Some(di) = index[k] else {
            if ours != Outcome::Invalid {
                problems.push(format!(
                    "{}: dipspy says {ours}, but it commands no unit",
                    order.to_text(map)
                ));
            }
            continue;
        };
        let d = &dorders[di];
        let theirs = outcome.get(d).expect("every order has an outcome");
        let (ours_ok, theirs_ok) = match (order, theirs) {
            (Order::Move { .. }, t) => (
                ours == Outcome::Succeeds,
                matches!(t, OrderOutcome::Move(AttackOutcome::Succeeds)),
            ),
            (Order::Hold { .. }, t) => (
                ours == Outcome::Succeeds,
                matches!(t, OrderOutcome::Hold(HoldOutcome::Succeeds)),
            ),
            (Order::SupportHold { .. } | Order::SupportMove { .. }, t) => {
                let given = match (&d.command, t) {
                    (
                        MainCommand::Support(supported),
                        OrderOutcome::Support(SupportOutcome::NotDisrupted),
                    ) => {
                        let target = match supported {
                            diplomacy::order::SupportedOrder::Hold(_, r) => r,
                            diplomacy::order::SupportedOrder::Move(_, _, r) => r,
                        };
                        target.province() != d.region.province()
                            && adjudicated.iter().any(|o| supported == *o)
                    }
                    _ => false,
                };
                (ours == Outcome::Succeeds, given)
            }
            (Order::Convoy { .. }, t) => {
                if !matches!(ours, Outcome::Succeeds | Outcome::Fails) {
                    continue;
                }
                (
                    ours == Outcome::Succeeds,
                    !matches!(t, OrderOutcome::Convoy(ConvoyOutcome::Dislodged(_))),
                )
            }
            _ => unreachable!("only movement orders are translated"),
        };
        if ours_ok != theirs_ok {
            problems.push(format!(
                "{}: dipspy says {ours} ({}), the diplomacy crate {:?} [{:?}]",
                order.to_text(map),
                adj.results[k].reason,
                theirs,
                adjudicated
            ));
        }
    }

    // The board after the moves.
    let retreat_start = outcome.to_retreat_start();
    let ours: BTreeSet<Piece> = adj.next.units.iter().map(piece).filter(keep).collect();
    // The board after the moves in the crate's terms. (Its own list of
    // the units left, `Start::unit_positions`, also holds a unit for
    // every illegal order, in the province the order named: when such a
    // unit was dislodged, the province shows it instead of the winner.)
    let dislodged_orders: Vec<_> = retreat_start.dislodged().keys().copied().collect();
    let after_moves: BTreeSet<Piece> = adjudicated
        .iter()
        .filter(|o| !dislodged_orders.contains(o))
        .map(|o| {
            let moved = matches!(
                outcome.get(o),
                Some(OrderOutcome::Move(AttackOutcome::Succeeds))
            );
            let region = match (&o.command, moved) {
                (MainCommand::Move(m), true) => m.dest(),
                _ => &o.region,
            };
            (
                b.power(&o.nation),
                bridge::from_dtype(o.unit_type),
                b.location(region),
            )
        })
        .collect();
    let theirs: BTreeSet<Piece> = after_moves.iter().copied().filter(keep).collect();
    problems.extend(diff_sets(map, "units after the moves", &ours, &theirs));
    let ours_dis: BTreeSet<Piece> = adj
        .dislodged
        .iter()
        .map(|d| piece(&d.dislodged.unit))
        .filter(keep)
        .collect();
    let theirs_dis: BTreeSet<Piece> = retreat_start
        .dislodged()
        .keys()
        .map(|o| b.piece_of(&o.unit_position()))
        .filter(keep)
        .collect();
    problems.extend(diff_sets(map, "dislodged", &ours_dis, &theirs_dis));
    if ours_dis == theirs_dis {
        for d in adj
            .dislodged
            .iter()
            .filter(|d| keep(&piece(&d.dislodged.unit)))
        {
            let u = d.dislodged.unit;
            let key = b.unit_positions(&[u]).remove(0);
            let open = |p: &Piece| !no_retreat_into.contains(&p.2.province);
            let options: BTreeSet<Piece> = d
                .retreats
                .iter()
                .map(|l| (u.power, u.unit_type, *l))
                .filter(open)
                .collect();
            let theirs_opts: BTreeSet<Piece> = retreat_start
                .retreat_destinations()
                .get(&key.as_region_ref())
                .map(|dests| {
                    dests
                        .available()
                        .into_iter()
                        .map(|r| (u.power, u.unit_type, b.location(r)))
                        .filter(open)
                        .collect()
                })
                .unwrap_or_default();
            problems.extend(diff_sets(
                map,
                &format!("retreat options of {}", u.text(map)),
                &options,
                &theirs_opts,
            ));
        }
    }
    if !problems.is_empty() {
        return Err(report(map, pos, orders, &adj, &problems));
    }

    // The retreat phase, when there is one.
    let next = adj.next;
    if next.phase.kind != PhaseKind::Retreat {
        return Ok(next);
    }
    stats.retreat += 1;
    let rorders = generator.orders(&next, rng);
    let radj = adjudicate(map, &next, &rorders);
    let (drorders, rindex) = b.retreat_orders(&next, &rorders);
    let context = RetreatContext::new(&retreat_start, drorders.clone());
    let routcome = context.resolve();
    // Left out: what was left out of the moves, where a retreat may be
    // judged differently, and what the retreat orders join to them.
    let rout = reach(map, &rorders, &no_retreat_into);
    let rkeep = |p: &Piece| !rout.contains(&p.2.province);
    let mut problems = Vec::new();
    for (k, (_, order)) in rorders.iter().enumerate() {
        let ours = radj.results[k].outcome;
        stats.orders += 1;
        if order
            .unit()
            .is_some_and(|u| rout.contains(&u.location.province))
        {
            continue;
        }
        stats.orders_compared += 1;
        let Some(di) = rindex[k] else {
            if ours != Outcome::Invalid {
                problems.push(format!(
                    "{}: dipspy says {ours}, but it commands no dislodged unit",
                    order.to_text(map)
                ));
            }
            continue;
        };
        let Some(theirs) = routcome.get(&drorders[di]) else {
            problems.push(format!(
                "{}: the diplomacy crate has no such dislodged unit",
                order.to_text(map)
            ));
            continue;
        };
        let theirs_ok = matches!(
            theirs,
            RetreatOutcome::Moves | RetreatOutcome::DisbandsAsOrdered
        );
        if (ours == Outcome::Succeeds) != theirs_ok {
            problems.push(format!(
                "{}: dipspy says {ours} ({}), the diplomacy crate {:?}",
                order.to_text(map),
                radj.results[k].reason,
                theirs
            ));
        }
    }
    let ours: BTreeSet<Piece> = radj.next.units.iter().map(piece).filter(rkeep).collect();
    let mut theirs = after_moves;
    for o in &drorders {
        if let (Some(RetreatOutcome::Moves), Some(dest)) = (routcome.get(o), o.command.move_dest())
        {
            theirs.insert((
                b.power(&o.nation),
                bridge::from_dtype(o.unit_type),
                b.location(dest),
            ));
        }
    }
    let theirs: BTreeSet<Piece> = theirs.into_iter().filter(rkeep).collect();
    problems.extend(diff_sets(map, "units after the retreats", &ours, &theirs));
    if !problems.is_empty() {
        return Err(format!(
            "after the retreat phase:\n{}",
            report(map, &next, &rorders, &radj, &problems)
        ));
    }
    Ok(radj.next)
}

/// Adjudicates an adjustment phase with both engines.
fn adjustment(
    b: &Bridge,
    pos: &Position,
    orders: &[(PowerId, Order)],
    stats: &mut Stats,
) -> Result<Position, String> {
    let map = b.map;
    let adj = adjudicate(map, pos, orders);
    let (touched, rules) = exclusions(b, pos, orders);
    for r in rules {
        *stats.excluded.entry(r).or_default() += 1;
    }
    // Left out: the adjustments of the powers a rule touches.
    let keep = |p: &Piece| !touched.powers.contains(&p.0);
    if !touched.powers.is_empty() {
        stats.partial += 1;
    }
    stats.adjustment += 1;
    let (dorders, index) = b.build_orders(pos, orders);
    let last_time = b.ownership(pos);
    let world = b.world(pos);
    let submission = BuildSubmission::new(&b.dmap, &last_time, &world, dorders.clone());
    let outcome = submission.adjudicate(Rulebook::edition_1982());
    let mut problems = Vec::new();
    for (k, (power, order)) in orders.iter().enumerate() {
        let ours = adj.results[k].outcome;
        stats.orders += 1;
        if touched.powers.contains(power) {
            continue;
        }
        stats.orders_compared += 1;
        let theirs_ok = match index[k] {
            // The crate keeps one outcome per distinct order: a repeated
            // order shares the first one's. dipspy refuses the repeat.
            Some(di) if dorders[..di].contains(&dorders[di]) => {
                if ours == Outcome::Succeeds {
                    problems.push(format!("{}: a repeated order succeeds", order.to_text(map)));
                }
                continue;
            }
            Some(di) => outcome.get(&dorders[di]) == Some(&BuildOutcome::Succeeds),
            // A waive is a build not made; the crate has no order for it.
            None if matches!(order, Order::Waive) => continue,
            None => false,
        };
        if (ours == Outcome::Succeeds) != theirs_ok {
            problems.push(format!(
                "{}: dipspy says {ours} ({}), the diplomacy crate {:?}",
                order.to_text(map),
                adj.results[k].reason,
                index[k].and_then(|di| outcome.get(&dorders[di]))
            ));
        }
    }
    let ours: BTreeSet<Piece> = adj.next.units.iter().map(piece).filter(keep).collect();
    let theirs: BTreeSet<Piece> = outcome
        .to_final_unit_positions()
        .map(|p| b.piece_of(&p.as_region_ref()))
        .filter(keep)
        .collect();
    problems.extend(diff_sets(
        map,
        "units after the adjustments",
        &ours,
        &theirs,
    ));
    if !problems.is_empty() {
        return Err(report(map, pos, orders, &adj, &problems));
    }
    Ok(adj.next)
}

#[derive(Default, Debug)]
struct Stats {
    movement: usize,
    retreat: usize,
    adjustment: usize,
    /// Phases of which a part was left out.
    partial: usize,
    /// Orders given, and orders whose results were compared.
    orders: usize,
    orders_compared: usize,
    /// How many phases each rule touched.
    excluded: BTreeMap<&'static str, usize>,
}

impl Stats {
    fn compared(&self) -> usize {
        self.movement + self.retreat + self.adjustment
    }
    /// The share of orders compared, in per cent.
    fn coverage(&self) -> f64 {
        100.0 * self.orders_compared as f64 / self.orders.max(1) as f64
    }
}

/// Runs `phases` phases from `seed` on: about half random movement
/// positions, a tenth random adjustments, the rest whole games.
fn run(seed: u64, phases: usize) {
    let map = Map::standard();
    let bridge = Bridge::new(map);
    let generator = Generator::new(map);
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut case = 0u64;
    while stats.compared() < phases && failures.len() < 5 {
        case += 1;
        let result = match case % 10 {
            0 => {
                let pos = generator.adjustment_position(&mut rng);
                let orders = generator.orders(&pos, &mut rng);
                adjustment(&bridge, &pos, &orders, &mut stats).map(|_| ())
            }
            1 => {
                // A whole game (its phases are counted one by one).
                let mut grng = Rng::new(rng.next_u64());
                let mut pos = Position::initial(map, 1901);
                let mut result = Ok(());
                while pos.phase.year <= 1920 {
                    let orders = generator.orders(&pos, &mut grng);
                    let step = match pos.phase.kind {
                        PhaseKind::Adjustment => adjustment(&bridge, &pos, &orders, &mut stats),
                        _ => movement(&bridge, &generator, &mut grng, &pos, &orders, &mut stats),
                    };
                    match step {
                        Ok(next) => pos = next,
                        Err(e) => {
                            result = Err(format!("in a game, at {}:\n{e}", pos.phase));
                            break;
                        }
                    }
                }
                result
            }
            _ => {
                let pos = generator.movement_position(&mut rng);
                let orders = generator.orders(&pos, &mut rng);
                movement(&bridge, &generator, &mut rng, &pos, &orders, &mut stats).map(|_| ())
            }
        };
        if let Err(e) = result {
            failures.push(format!("case {case} (seed {seed}):\n{e}"));
        }
    }
    eprintln!("{stats:?}");
    eprintln!(
        "{} phases compared, {} of them in part; {} of {} orders compared ({:.2}%)",
        stats.compared(),
        stats.partial,
        stats.orders_compared,
        stats.orders,
        stats.coverage()
    );
    assert!(
        failures.is_empty(),
        "{} disagreement(s) between dipspy and the diplomacy crate:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        stats.coverage() >= 95.0,
        "only {:.2}% of the orders compared; rules fired: {:?}",
        stats.coverage(),
        stats.excluded
    );
    assert!(stats.retreat > 0 && stats.adjustment > 0, "{stats:?}");
}

#[test]
fn dipspy_agrees_with_the_diplomacy_crate() {
    let phases = if cfg!(debug_assertions) {
        4_000
    } else {
        20_000
    };
    run(20_240_601, phases);
}

#[test]
#[ignore = "a million phases: run with --release -- --ignored"]
fn dipspy_agrees_with_the_diplomacy_crate_on_a_million_phases() {
    run(1, 1_000_000);
}
