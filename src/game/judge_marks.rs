//! The judge's picture of a phase's espionage (issue 33), as data: a
//! mark for each spy, counter-spy, reaction, Anti, Fake, collision,
//! exposure and founding, from the events of the phase's espionage
//! resolved again; and the lines of its list: every espionage line the
//! phase received as stored (taken, replaced or refused), what each spy
//! told (in a reaction phase), every step of the resolution and the
//! phase's end. Nothing is read from the secret log's words, so an
//! edited log changes nothing here, and after a rollback only the
//! attempt that stands is shown (its own phase row, its own lines).

use super::Result;
use super::esp::PhaseState;
use super::loaded::Loaded;
use super::words::{Args, LogLine, judge_lang, words as judge_words};
use crate::engine::Order;
use crate::engine::Position;
use crate::engine::{Location, Map, PowerId};
use crate::engine::{Resolution, SecretKind, SpyEvent};
use crate::render::{Mark, MarkKind};
use crate::store::Tx;
use crate::store::{PhaseRow, SpyOrderStatus};

/// One line of the judge's list: what it is (`received`, `spy-result`,
/// `told`, `adjudicated`, ...) and its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PanelLine {
    pub kind: String,
    pub text: String,
}

fn line(kind: &str, text: String) -> PanelLine {
    PanelLine {
        kind: kind.to_string(),
        text,
    }
}

/// The lines of the judge's list for a processed phase of an espionage
/// game: its stored espionage lines in the order received, then the
/// resolution's steps (the spies' results, what each power was told when
/// a reaction phase opened, reactions, Fakes, collisions, exposures,
/// foundings, the orders adjudicated) and the phase's end.
/// A processed phase of an espionage game, resolved again.
pub(super) struct Resolved<'a> {
    pub row: &'a PhaseRow,
    pub es: &'a PhaseState,
    /// The position the phase was played from, and the one it led to.
    pub pos: &'a Position,
    pub next: &'a Position,
    /// The orders as given (frozen when a reaction phase opened).
    pub given: &'a [(i64, PowerId, Order)],
    pub res: &'a Resolution,
}

pub(super) fn panel(c: &Tx<'_>, l: &Loaded, r: &Resolved<'_>) -> Result<Vec<PanelLine>> {
    let (map, row, es, pos, res, next) = (l.map, r.row, r.es, r.pos, r.res, r.next);
    let (w, en) = (judge_words(), judge_lang());
    let mut out = Vec::new();
    for o in c.spy_orders(row.id)? {
        let received = || {
            w.log_line(LogLine::Received {
                power: &o.power,
                order: &o.parsed,
                replacing: None,
            })
        };
        out.push(match o.status {
            SpyOrderStatus::Live => line("received", received()),
            SpyOrderStatus::Replaced => line("replaced", received()),
            SpyOrderStatus::Rejected => line(
                "rejected",
                w.log_line(LogLine::RefusedAtOnce {
                    power: &o.power,
                    order: &o.parsed,
                    why: &w.stored_reason(en, o.error.as_deref().unwrap_or("")),
                }),
            ),
        });
    }
    if es.reaction_open() {
        out.push(frozen(l, row, r.given));
    }
    let entry = |e: &crate::engine::SecretEntry| line(e.kind.as_str(), w.secret_text(map, e));
    let early = |k: SecretKind| matches!(k, SecretKind::Rejected | SecretKind::SpyResult);
    out.extend(res.secret.iter().filter(|e| early(e.kind)).map(entry));
    if es.reaction_open() {
        for p in map.powers() {
            if pos.units_of(p.id).next().is_none() {
                continue;
            }
            let told = res.private.get(&p.id).map_or(&[][..], |v| &v[..]);
            let learned = w.told_all(map, told);
            out.push(line(
                "told",
                w.log_line(LogLine::Told {
                    power: &p.name,
                    learned: &learned,
                }),
            ));
        }
    }
    out.extend(
        res.secret
            .iter()
            .filter(|e| e.kind != SecretKind::Received && !early(e.kind))
            .map(entry),
    );
    let mut orgs = res.organisations.entering(next.phase);
    orgs.drop_eliminated(next);
    out.push(line(
        "processed",
        w.log_line(LogLine::Processed {
            phase: &row.phase,
            next: &next.phase.to_string(),
            founded: &super::process::names(l, &orgs.founded),
            exposed: &super::process::names(l, &res.organisations.exposed),
        }),
    ));
    Ok(out)
}

/// The helpers every mark of a phase uses: a power's name, a unit's text.
struct Marker<'a> {
    map: &'a Map,
    pos: &'a Position,
}

impl Marker<'_> {
    fn name(&self, p: PowerId) -> String {
        self.map.power(p).display_name()
    }

    /// The unit an order of the phase names at `at` (in a retreat phase
    /// the dislodged one), else the province.
    fn unit(&self, at: Location) -> String {
        self.pos
            .ordered_unit(at.province)
            .map(|u| u.text(self.map))
            .unwrap_or_else(|| self.map.province(at.province).abbr.clone())
    }
}

fn mark(
    kind: MarkKind,
    power: Option<PowerId>,
    others: Vec<PowerId>,
    at: Option<Location>,
    took_effect: bool,
    text: String,
) -> Mark {
    Mark {
        kind,
        power,
        others,
        at,
        took_effect,
        text,
    }
}

/// ESP-7: the orders frozen when the reaction phase opened, and until
/// when it was open (the phase's deadline as it last stood).
fn frozen(l: &Loaded, row: &PhaseRow, given: &[(i64, PowerId, Order)]) -> PanelLine {
    let orders: Vec<(String, String)> = given
        .iter()
        .map(|(_, p, o)| (l.pname(*p), o.to_text(l.map)))
        .collect();
    let until = row
        .deadline
        .as_deref()
        .and_then(crate::store::parse_time)
        .map(|t| super::show_time(t, l.settings.tz()))
        .unwrap_or_default();
    line(
        "frozen",
        judge_words().log_line(LogLine::Frozen {
            orders: &orders,
            deadline: &until,
        }),
    )
}

/// The judge's marks for a phase's espionage, from the resolution's
/// events (never from the log's words), then one line of the list per
/// line of [`panel`].
pub(super) fn marks(map: &Map, pos: &Position, r: &Resolution, panel: &[PanelLine]) -> Vec<Mark> {
    let m = Marker { map, pos };
    let mut out = Vec::new();
    for e in &r.events {
        spy_marks(&m, e, &mut out);
        fake_marks(&m, e, &mut out);
    }
    for p in panel {
        out.push(mark(
            MarkKind::Entry,
            None,
            Vec::new(),
            None,
            true,
            format!("[{}] {}", p.kind, p.text),
        ));
    }
    out
}

/// A mark's caption: the judge's picture is in English (the words are
/// in the catalogue, `# mails: the judge's espionage picture`).
fn words(key: &str, args: Args) -> String {
    judge_words().message(judge_lang(), key, &args)
}

/// The marks of spies, counter-spies, reactions, Antis, exposure and
/// foundings.
fn spy_marks(m: &Marker<'_>, e: &SpyEvent, out: &mut Vec<Mark>) {
    let (map, pos) = (m.map, m.pos);
    let name = |p: PowerId| m.name(p);
    let unit = |at: Location| m.unit(at);
    match e {
        SpyEvent::Spy {
            spy,
            owner,
            target,
            covered,
        } => out.push(mark(
            MarkKind::Spy,
            Some(*spy),
            vec![*owner],
            Some(*target),
            !covered,
            words(
                if *covered {
                    "mark-spied-covered"
                } else {
                    "mark-spied"
                },
                Args::new()
                    .str("spy", name(*spy))
                    .str("unit", unit(*target))
                    .str("owner", name(*owner)),
            ),
        )),
        SpyEvent::CounterSpy { power, unit: at } => out.push(mark(
            MarkKind::CounterSpy,
            Some(*power),
            Vec::new(),
            Some(*at),
            true,
            words(
                "mark-counter-spy",
                Args::new()
                    .str("power", name(*power))
                    .str("unit", unit(*at)),
            ),
        )),
        SpyEvent::Reaction {
            power,
            unit: at,
            before,
            after,
        } => out.push(mark(
            MarkKind::Reaction,
            Some(*power),
            Vec::new(),
            Some(*at),
            true,
            words(
                "mark-reacted",
                Args::new()
                    .str("power", name(*power))
                    .str("after", after.to_text(map))
                    .str(
                        "before",
                        before.as_ref().map_or_else(
                            || words("mark-no-order", Args::new()),
                            |o| o.to_text(map),
                        ),
                    ),
            ),
        )),
        SpyEvent::ReactionNone { .. } => {}
        SpyEvent::Anti { giver, against } => {
            for u in pos
                .units
                .iter()
                .chain(pos.dislodged.iter().map(|d| &d.unit))
                .filter(|u| u.power == *giver)
            {
                out.push(mark(
                    MarkKind::Anti,
                    Some(*giver),
                    vec![*against],
                    Some(u.location),
                    true,
                    words(
                        "mark-anti",
                        Args::new()
                            .str("giver", name(*giver))
                            .str("against", name(*against))
                            .str("unit", u.text(map)),
                    ),
                ));
            }
        }
        SpyEvent::Exposed { power } => out.push(mark(
            MarkKind::Exposed,
            Some(*power),
            Vec::new(),
            None,
            true,
            words("mark-exposed", Args::new().str("power", name(*power))),
        )),
        SpyEvent::Founded { power, province } => out.push(mark(
            MarkKind::Founded,
            Some(*power),
            Vec::new(),
            Some(Location::new(*province)),
            true,
            words(
                "mark-founded",
                Args::new()
                    .str("power", name(*power))
                    .str("province", map.province(*province).abbr.clone()),
            ),
        )),
        _ => {}
    }
}

/// The marks of Fakes: applied, stopped, void, and collisions.
fn fake_marks(m: &Marker<'_>, e: &SpyEvent, out: &mut Vec<Mark>) {
    let map = m.map;
    let name = |p: PowerId| m.name(p);
    let unit = |at: Location| m.unit(at);
    match e {
        SpyEvent::FakeApplied {
            faker,
            owner,
            at,
            order,
            ..
        } => out.push(mark(
            MarkKind::FakeApplied,
            Some(*faker),
            vec![*owner],
            *at,
            true,
            words(
                "mark-fake-applied",
                Args::new()
                    .str("faker", name(*faker))
                    .str("order", order.to_text(map))
                    .str("owner", name(*owner)),
            ),
        )),
        SpyEvent::FakeStopped {
            faker,
            owner,
            at,
            order,
        } => out.push(mark(
            MarkKind::FakeStopped,
            Some(*faker),
            vec![*owner],
            *at,
            false,
            words(
                "mark-fake-stopped",
                Args::new()
                    .str("faker", name(*faker))
                    .str("order", order.to_text(map))
                    .str("owner", name(*owner)),
            ),
        )),
        SpyEvent::FakeVoid { faker, at, order } => out.push(mark(
            MarkKind::FakeVoid,
            Some(*faker),
            Vec::new(),
            *at,
            false,
            words(
                "mark-fake-void",
                Args::new()
                    .str("faker", name(*faker))
                    .str("order", order.to_text(map)),
            ),
        )),
        SpyEvent::Collision { owner, at, fakes } => out.push(mark(
            MarkKind::Collision,
            None,
            fakes.iter().map(|(p, _)| *p).collect(),
            *at,
            false,
            words(
                "mark-collision",
                Args::new()
                    .str("owner", name(*owner))
                    .str(
                        "target",
                        at.map_or_else(|| words("mark-collision-builds", Args::new()), unit),
                    )
                    .str(
                        "tried",
                        fakes
                            .iter()
                            .map(|(p, o)| {
                                words(
                                    "mark-tried",
                                    Args::new()
                                        .str("power", name(*p))
                                        .str("order", o.to_text(map)),
                                )
                            })
                            .collect::<Vec<_>>()
                            .join("; "),
                    ),
            ),
        )),
        _ => {}
    }
}
