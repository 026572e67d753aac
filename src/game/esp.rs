//! The espionage part of a game's life (`espionage-rules.md`): spy lines
//! received and checked at once, the Espionnite reaction sub-phase, the
//! Spionage organisations carried from phase to phase, and the judge's
//! secret log. The rulings themselves are [`crate::engine`]'s; this
//! module stores what they need and what they produce, in the transaction
//! of the phase they belong to.

use super::Result;
use super::clock::show_time;
use super::deadlines::PhaseInfo;
use super::error::Refusal as StatusRefusal;
use super::loaded::{Loaded, adjustment_due, live_orders, load, orders_complete};
use super::notice::{Notice, When, post};
use super::orders::{Sender, SubmittedLine};
use super::process::ProcessReport;
use super::reports::{ReactionOpened, SignedHead, SpyReport};
use super::words::{LogLine, judge_lang, words};
use crate::engine::Position;
use crate::engine::Reason;
use crate::engine::SpyOrder;
use crate::engine::{
    self, Context, Organisations, Refusal, Rejected, Resolution, RetreatFake, Rules, SecretEntry,
    SecretKind,
};
use crate::engine::{Line, Order, parse_line, parse_order};
use crate::engine::{Map, PowerId};
use crate::engine::{Phase, PhaseKind};
use crate::secretlog::Record;
use crate::secretlog::{self, NewEntry};
use crate::store::Audience;
use crate::store::GameStatus;
use crate::store::Tx;
use crate::store::{self, PhaseRow, Store};
use crate::store::{NewSpyOrder, PhaseEspionageRow, SecretRow, SignedHeadRow};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The rule sets of a game.
pub(super) fn rules(l: &Loaded) -> Rules {
    let has = |r: &str| l.game.rules.split(',').any(|x| x.trim() == r);
    Rules {
        espionnite: has("espionnite"),
        spionage: has("spionage"),
    }
}

// ------------------------------------------------------------ organisations as JSON

#[derive(Serialize, Deserialize, Default)]
struct OrgsJson {
    founded: Vec<String>,
    #[serde(default)]
    exposed: Vec<String>,
    /// giver -> nation
    #[serde(default)]
    antis: BTreeMap<String, String>,
    #[serde(default)]
    retreat_fakes: Vec<RetreatFakeJson>,
}

#[derive(Serialize, Deserialize)]
struct RetreatFakeJson {
    faker: String,
    order: String,
}

pub(super) fn orgs_to_json(map: &Map, o: &Organisations) -> String {
    let n = |p: &PowerId| map.power(*p).name.clone();
    let j = OrgsJson {
        founded: o.founded.iter().map(n).collect(),
        exposed: o.exposed.iter().map(n).collect(),
        antis: o.antis.iter().map(|(a, b)| (n(a), n(b))).collect(),
        retreat_fakes: o
            .retreat_fakes
            .iter()
            .map(|r| RetreatFakeJson {
                faker: n(&r.faker),
                order: r.order.to_text(map),
            })
            .collect(),
    };
    serde_json::to_string(&j).expect("organisations serialise")
}

fn orgs_from_json(l: &Loaded, text: &str) -> Result<Organisations> {
    let j: OrgsJson =
        serde_json::from_str(text).map_err(|e| l.corrupt(format!("organisations: {e}")))?;
    let p = |s: &String| l.power(s);
    let mut o = Organisations::default();
    for s in &j.founded {
        o.founded.insert(p(s)?);
    }
    for s in &j.exposed {
        o.exposed.insert(p(s)?);
    }
    for (a, b) in &j.antis {
        o.antis.insert(p(a)?, p(b)?);
    }
    for r in &j.retreat_fakes {
        let order = parse_order(l.map, PhaseKind::Retreat, &r.order)
            .map_err(|e| l.corrupt(format!("stored retreat Fake `{}`: {e}", r.order)))?;
        o.retreat_fakes.push(RetreatFake {
            faker: p(&r.faker)?,
            order,
        });
    }
    Ok(o)
}

/// The espionage state of the current phase of an espionage game.
pub(super) struct PhaseState {
    pub rules: Rules,
    pub row: PhaseEspionageRow,
    pub orgs: Organisations,
    pub first_phase: Phase,
}

impl PhaseState {
    /// Whether the Espionnite reaction sub-phase is open.
    pub(super) fn reaction_open(&self) -> bool {
        self.row.reaction_opened_at.is_some()
    }

    pub(super) fn ctx<'a>(&'a self, l: &'a Loaded, pos: &'a Position) -> Context<'a> {
        Context {
            map: l.map,
            position: pos,
            rules: self.rules,
            first_phase: self.first_phase,
            organisations: &self.orgs,
        }
    }
}

/// How two organisation states differ, field by field (for `game
/// replay`: what a phase left against what the next one starts from).
pub(super) fn carried_differences(
    l: &Loaded,
    left: &Organisations,
    starts: &Organisations,
) -> Vec<String> {
    let names = |set: &std::collections::BTreeSet<PowerId>| -> String {
        let v: Vec<String> = set.iter().map(|p| l.pname(*p)).collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    };
    let mut out = Vec::new();
    if left.founded != starts.founded {
        out.push(format!(
            "organisations (founded): left {}, starts with {}",
            names(&left.founded),
            names(&starts.founded)
        ));
    }
    if left.exposed != starts.exposed {
        out.push(format!(
            "exposure (exposed): left {}, starts with {}",
            names(&left.exposed),
            names(&starts.exposed)
        ));
    }
    if left.antis != starts.antis {
        let antis = |m: &BTreeMap<PowerId, PowerId>| -> String {
            listed(
                m.iter()
                    .map(|(a, b)| format!("{} against {}", l.pname(*a), l.pname(*b)))
                    .collect(),
            )
        };
        out.push(format!(
            "standing Antis (antis): left {}, starts with {}",
            antis(&left.antis),
            antis(&starts.antis)
        ));
    }
    if left.retreat_fakes != starts.retreat_fakes {
        let rf = |v: &[RetreatFake]| -> String {
            listed(
                v.iter()
                    .map(|r| format!("{}: (R: {})", l.pname(r.faker), r.order.to_text(l.map)))
                    .collect(),
            )
        };
        out.push(format!(
            "pending retreat parts of Fakes (retreat_fakes): left {}, starts with {}",
            rf(&left.retreat_fakes),
            rf(&starts.retreat_fakes)
        ));
    }
    out
}

/// The state of a phase, or none when the game has no espionage rules.
pub(super) fn state(c: &Tx<'_>, l: &Loaded, row: &PhaseRow) -> Result<Option<PhaseState>> {
    let rules = rules(l);
    if !rules.any() {
        return Ok(None);
    }
    let es = c.phase_espionage(row.id)?.unwrap_or_default();
    let orgs = if es.organisations.is_empty() {
        Organisations::default()
    } else {
        orgs_from_json(l, &es.organisations)?
    };
    let first = c
        .phases(l.game.id)?
        .into_iter()
        .next()
        .map(|r| Phase::parse(&r.phase))
        .transpose()?
        .unwrap_or(Phase::first(l.map.first_year()));
    Ok(Some(PhaseState {
        rules,
        row: es,
        orgs,
        first_phase: first,
    }))
}

/// Records the espionage state of a new phase row.
pub(super) fn start_phase(c: &Tx<'_>, l: &Loaded, phase_id: i64, o: &Organisations) -> Result<()> {
    if rules(l).any() {
        c.insert_phase_espionage(phase_id, &orgs_to_json(l.map, o))?;
    }
    Ok(())
}

/// The live espionage lines of a phase, in the order received.
pub(super) fn live_spy_orders(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    kind: PhaseKind,
) -> Result<Vec<(PowerId, SpyOrder)>> {
    let mut out = Vec::new();
    for r in c.live_spy_orders(row.id, None)? {
        match parse_line(l.map, kind, &r.parsed) {
            Ok(Line::Spy(s)) => out.push((l.power(&r.power)?, s)),
            _ => {
                return Err(l.corrupt(format!(
                    "stored espionage order `{}` no longer reads",
                    r.parsed
                )));
            }
        }
    }
    Ok(out)
}

/// The powers whose reaction (or `REACTION NONE`) stands in a phase
/// (ESP-7, ESP-8): every live reaction line was checked when it came in.
pub(super) fn reacted(c: &Tx<'_>, row: &PhaseRow) -> Result<Vec<String>> {
    let mut out: Vec<String> = c
        .live_spy_orders(row.id, None)?
        .into_iter()
        .filter(|r| r.slot == "reaction")
        .map(|r| r.power)
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

/// The power's live espionage lines, canonical form.
pub(super) fn standing(c: &Tx<'_>, row: &PhaseRow, pname: &str) -> Result<Vec<String>> {
    Ok(c.live_spy_orders(row.id, Some(pname))?
        .into_iter()
        .map(|r| r.parsed)
        .collect())
}

fn slot(o: &SpyOrder) -> &'static str {
    match o {
        SpyOrder::Spy { .. } => "spy",
        SpyOrder::CounterSpy { .. } => "counterspy",
        SpyOrder::Reaction(_) | SpyOrder::ReactionNone => "reaction",
        SpyOrder::Fake { .. } | SpyOrder::Anti { .. } => "organisation",
        SpyOrder::Found { .. } => "found",
    }
}

/// Where a line came from, for the secret log.
pub(super) fn source_text(sender: &Sender, now_s: &str) -> String {
    let from = sender
        .from
        .clone()
        .unwrap_or_else(|| "the judge (command line)".into());
    // Commands from the web pages are marked `(web)` after the address.
    let way = match sender.via {
        super::Via::Mail => "",
        super::Via::Web => " (web)",
    };
    match &sender.message_id {
        Some(m) => format!("from {from}{way}, message {m}, at {now_s}"),
        None => format!("from {from}{way}, at {now_s}"),
    }
}

/// Appends entries to the game's secret log.
pub(super) fn log(c: &Tx<'_>, l: &Loaded, at: &str, entries: Vec<NewEntry>) -> Result<()> {
    secretlog::append(c, l.game.id, at, &entries)?;
    Ok(())
}

/// Signs the head of the game's secret log, stores it and mails it to the
/// master, in the transaction of the phase (see [`secretlog::heads`]).
pub(super) fn sign_head(
    c: &Tx<'_>,
    l: &Loaded,
    phase: &str,
    event: &str,
    now_s: &str,
) -> Result<()> {
    let uid = l
        .game
        .uid
        .as_deref()
        .ok_or_else(|| l.corrupt("the game has no identity (games.uid)"))?;
    if let Some(h) =
        secretlog::heads::sign_and_store(c, l.game.id, &l.game.name, uid, phase, event, now_s)?
    {
        let head = Notice::SignedHead(signed_head(l, &h));
        post(c, l, Some(phase), &Audience::Master, &head, now_s)?;
    }
    Ok(())
}

/// A signed head as its notices carry it.
fn signed_head(l: &Loaded, h: &SignedHeadRow) -> SignedHead {
    SignedHead {
        game: l.game.name.clone(),
        phase: h.phase.clone(),
        event: h.event.clone(),
        last_seq: h.last_seq,
        public_key: h.public_key.clone(),
        block: secretlog::heads::block(h),
    }
}

/// An entry about `power` (none: about no power, so about every power).
pub(super) fn entry(phase: &str, kind: &str, power: Option<&str>, text: String) -> NewEntry {
    NewEntry {
        phase: phase.to_string(),
        kind: kind.to_string(),
        power: power.map(String::from),
        source: None,
        text,
        record: Record::about(power.map(String::from)),
    }
}

/// An entry of the engine's secret log, with every power it concerns
/// (`pos`: the position of its phase).
fn engine_entry(l: &Loaded, pos: &Position, phase: &str, e: &SecretEntry) -> NewEntry {
    let mut n = entry(
        phase,
        e.kind.as_str(),
        Some(&l.pname(e.power)),
        words().secret_text(l.map, e),
    );
    n.record = Record::about(
        engine::aims::concerns(pos, e)
            .into_iter()
            .map(|p| l.pname(p)),
    );
    n
}

/// One line of a submission in an espionage game: checked at once
/// (ESP-3, ESP-4, ESP-7, SPI-5, SPI-6, SPI-8, SPI-2), stored, logged.
#[allow(clippy::too_many_arguments)]
pub(super) fn submit_spy_line(
    c: &Tx<'_>,
    l: &Loaded,
    es: &PhaseState,
    row: &PhaseRow,
    pos: &Position,
    pid: PowerId,
    n: usize,
    raw: &str,
    order: &SpyOrder,
    sender: &Sender,
    now_s: &str,
) -> Result<SubmittedLine> {
    let pname = l.pname(pid);
    // A coast that cannot be, in a reaction or a Fake: dropped from an
    // army's order (with a note), refused in a fleet's.
    let settle = |o: &crate::engine::Order| crate::engine::coasts::settle(l.map, pos, o);
    let (owned, coast_error, note) = match order {
        SpyOrder::Reaction(o) => match settle(o) {
            Ok(s) => (SpyOrder::Reaction(s.order), None, s.note),
            Err(why) => (order.clone(), Some(Reason::Coast(why)), None),
        },
        SpyOrder::Fake { order: o, retreat } => match settle(o) {
            Ok(s) => (
                SpyOrder::Fake {
                    order: s.order,
                    retreat: retreat.clone(),
                },
                None,
                s.note,
            ),
            Err(why) => (order.clone(), Some(Reason::Coast(why)), None),
        },
        _ => (order.clone(), None, None),
    };
    let order = &owned;
    let canon = order.to_text(l.map);
    let ctx = es.ctx(l, pos);
    let reaction_phase = es.rules.espionnite && pos.phase.kind == PhaseKind::Movement;
    let refused = |rule, reason| Reason::SpyRefused(Box::new(Rejected { rule, reason }));
    let validated = match coast_error {
        Some(why) => Err(why),
        None => engine::validate(&ctx, pid, order).map_err(|e| Reason::SpyRefused(Box::new(e))),
    };
    // Why it is refused: typed, stored as its code, told in words.
    let refusal = match validated {
        Err(e) => Some(e),
        Ok(()) => match order {
            SpyOrder::Spy { .. } | SpyOrder::CounterSpy { .. } if es.reaction_open() => {
                Some(refused("ESP-5", Refusal::OrdersFrozen(pos.phase)))
            }
            SpyOrder::Reaction(_) | SpyOrder::ReactionNone
                if reaction_phase && !es.reaction_open() =>
            {
                Some(refused("ESP-7", Refusal::ReactionPhaseOnly(pos.phase)))
            }
            _ => None,
        },
    };
    let error = refusal
        .as_ref()
        .map(|r| words().reason(judge_lang(), l.map, r));
    let stored_error = refusal
        .as_ref()
        .map(|r| super::codes::reason::encode(l.map, r));
    let by = sender.from.clone().unwrap_or_else(|| "judge".into());
    let replaced = match error {
        Some(_) => None,
        None => c.replace_slot(row.id, &pname, slot(order))?,
    };
    let id = c.insert_spy_order(&NewSpyOrder {
        phase_id: row.id,
        power: &pname,
        raw,
        parsed: &canon,
        slot: slot(order),
        error: stored_error.as_deref(),
        submitted_by: &by,
        submitted_at: now_s,
        message_id: sender.message_id.as_deref(),
    })?;
    let mut received = entry(
        &row.phase,
        SecretKind::Received.as_str(),
        Some(&pname),
        words().log_line(LogLine::Received {
            power: &pname,
            order: &canon,
            replacing: replaced.as_deref(),
        }),
    );
    received.source = Some(source_text(sender, now_s));
    received.record = super::spy_receipts::receipt(l, pos, id, &pname, order, &canon);
    let mut entries = vec![received];
    if let Some(e) = &error {
        let mut refused = entry(
            &row.phase,
            SecretKind::Rejected.as_str(),
            Some(&pname),
            words().log_line(LogLine::RefusedAtOnce {
                power: &pname,
                order: &canon,
                why: e,
            }),
        );
        refused.record = super::spy_receipts::concerning(l, pos, &pname, order);
        entries.push(refused);
    }
    log(c, l, now_s, entries)?;
    Ok(SubmittedLine {
        line: n,
        raw: raw.to_string(),
        order: error.is_none().then_some(canon),
        error,
        refusal: refusal
            .as_ref()
            .map(|r| super::codes::reason::coded(l.map, r)),
        replaced,
        note: note
            .as_ref()
            .map(|n| words().reason(judge_lang(), l.map, n)),
        warning: None,
        note_why: note,
        warning_why: None,
        id: None,
    })
}

/// ESP-5, ESP-6, ESP-7: freezes the orders, tells every spy what it
/// learned, and opens the reaction sub-phase with its own deadline.
pub(super) fn open_reaction(
    c: &Tx<'_>,
    l: &Loaded,
    es: &PhaseState,
    row: &PhaseRow,
    pos: &Position,
    now: DateTime<Utc>,
) -> Result<ProcessReport> {
    let now_s = store::time_text(now);
    let tz = l.settings.tz();
    let rows = c.live_orders(row.id, None)?;
    let frozen: Vec<(PowerId, Order)> = live_orders(l, pos.phase.kind, &rows)?
        .into_iter()
        .map(|(_, p, o)| (p, o))
        .collect();
    let spies: Vec<(PowerId, SpyOrder)> = live_spy_orders(c, l, row, pos.phase.kind)?
        .into_iter()
        .filter(|(_, o)| matches!(o, SpyOrder::Spy { .. } | SpyOrder::CounterSpy { .. }))
        .collect();
    let ctx = Context {
        rules: Rules {
            espionnite: true,
            spionage: false,
        },
        ..es.ctx(l, pos)
    };
    let res = engine::resolve(&ctx, &frozen, &spies);
    let deadline = now + Duration::minutes(l.settings.reaction_minutes);
    let deadline_text = show_time(deadline, tz);

    let mut entries = vec![entry(
        &row.phase,
        "frozen",
        None,
        words().log_line(LogLine::Frozen {
            orders: &frozen
                .iter()
                .map(|(p, o)| (l.pname(*p), o.to_text(l.map)))
                .collect::<Vec<_>>(),
            deadline: &deadline_text,
        }),
    )];
    entries.extend(
        res.secret
            .iter()
            .filter(|e| e.kind == SecretKind::SpyResult)
            .map(|e| engine_entry(l, pos, &row.phase, e)),
    );
    let when = When { at: deadline, tz };
    for p in l.map.powers() {
        // ESP-1: every power with units has a spy; each gets a report, so
        // that getting one says nothing.
        if pos.units_of(p.id).next().is_none() {
            continue;
        }
        let told = res.private.get(&p.id).map_or(&[][..], |v| &v[..]);
        let report = Notice::SpyReport(SpyReport {
            game: l.game.name.clone(),
            phase: row.phase.clone(),
            learned: told
                .iter()
                .map(|t| super::codes::spy::told_coded(l.map, t))
                .collect(),
            deadline: when,
            example: example_reaction(l.map, pos, p.id),
        });
        let to = Audience::Power(p.name.clone());
        post(c, l, Some(&row.phase), &to, &report, &now_s)?;
        let learned = words().told_all(l.map, told);
        let mut told_entry = entry(
            &row.phase,
            "told",
            Some(&p.name),
            words().log_line(LogLine::Told {
                power: &p.name,
                learned: &learned,
            }),
        );
        told_entry.record = Record::about(
            std::iter::once(p.name.clone()).chain(
                engine::aims::told_subjects(told)
                    .into_iter()
                    .map(|q| l.pname(q)),
            ),
        );
        entries.push(told_entry);
    }
    let opened = Notice::ReactionOpened(ReactionOpened {
        game: l.game.name.clone(),
        phase: row.phase.clone(),
        deadline: when,
    });
    post(c, l, Some(&row.phase), &Audience::All, &opened, &now_s)?;
    log(c, l, &now_s, entries)?;
    sign_head(c, l, &row.phase, secretlog::heads::REACTION_OPENED, &now_s)?;
    let owed = serde_json::to_string(&reactions_owed(l, es, pos)).expect("names serialise");
    c.open_reaction(row.id, &now_s, row.deadline.as_deref(), &owed)?;
    c.set_deadline(row.id, Some(&store::time_text(deadline)))?;
    c.clear_waits(l.game.id)?;
    tracing::info!(game = %l.game.name, phase = %row.phase, "reaction phase opened");
    store::test_pause_hook();
    Ok(ProcessReport {
        game: l.game.name.clone(),
        processed: pos.phase,
        missed: Vec::new(),
        eliminated: Vec::new(),
        next: Some(PhaseInfo {
            phase: pos.phase,
            deadline: Some(deadline),
            tz,
        }),
        ended: None,
        results: None,
        report: format!(
            "{}\n",
            words().message(
                judge_lang(),
                "mails-reaction-report",
                &super::WordArgs::new()
                    .str("phase", words().phase_name(judge_lang(), pos.phase))
                    .str("deadline", &deadline_text),
            )
        ),
        reaction_opened: true,
    })
}

/// ESP-8: the names of the powers that owe a reaction in a movement
/// phase with this position (every power that still has units).
pub(super) fn reactions_owed(l: &Loaded, es: &PhaseState, pos: &Position) -> Vec<String> {
    engine::esp_8_reactions_owed(&es.ctx(l, pos))
        .into_iter()
        .map(|p| l.pname(p))
        .collect()
}

/// Items for a replay report: joined with commas, or `none`.
fn listed(v: Vec<String>) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// What migration 0016 stores for a reaction phase opened before the
/// reactions owed were recorded.
const LEGACY_OWED: &str = "legacy";

/// For `game replay`: how the reactions owed stored when the phase's
/// reaction phase opened differ from those recomputed from its stored
/// position (none when they agree). `legacy_ok`: the phase opened before
/// dipspy stored the reactions owed (see
/// [`super::final_head::legacy_allowed`]).
pub(super) fn owed_difference(
    l: &Loaded,
    es: &PhaseState,
    pos: &Position,
    legacy_ok: bool,
) -> Option<String> {
    let mut recomputed = reactions_owed(l, es, pos);
    recomputed.sort();
    // Opened before dipspy recorded the reactions owed (migration 0016):
    // nothing to check against. A later phase never says so.
    if es.row.reactions_owed.as_deref() == Some(LEGACY_OWED) {
        return (!legacy_ok).then(|| {
            format!(
                "reactions owed (reactions_owed): stored `legacy`, but its reaction phase opened at {} when the judge already stored the reactions owed (signed heads or typed records cover it): only a phase opened before that may say `legacy`; recomputed {}",
                es.row.reaction_opened_at.as_deref().unwrap_or("?"),
                listed(recomputed.clone())
            )
        });
    }
    let stored: Option<Vec<String>> = es
        .row
        .reactions_owed
        .as_deref()
        .and_then(|t| serde_json::from_str::<Vec<String>>(t).ok())
        .map(|mut v| {
            v.sort();
            v
        });
    let list = |v: &[String]| listed(v.to_vec());
    match stored {
        Some(s) if s == recomputed => None,
        Some(s) => Some(format!(
            "reactions owed (reactions_owed): stored {}, recomputed {}",
            list(&s),
            list(&recomputed)
        )),
        None => Some(format!(
            "reactions owed (reactions_owed): stored {}, recomputed {}",
            match &es.row.reactions_owed {
                None => "nothing".to_string(),
                Some(t) => format!("`{t}` (not a list of powers)"),
            },
            list(&recomputed)
        )),
    }
}

/// ESP-8: every power that still has units has sent a reaction or
/// `REACTION NONE`.
pub(super) fn reactions_complete(
    c: &Tx<'_>,
    l: &Loaded,
    es: &PhaseState,
    row: &PhaseRow,
    pos: &Position,
) -> Result<bool> {
    let spy = live_spy_orders(c, l, row, pos.phase.kind)?;
    Ok(engine::esp_8_reactions_complete(&es.ctx(l, pos), &spy))
}

/// Resolves the phase's espionage for adjudication.
pub(super) fn resolve(
    c: &Tx<'_>,
    l: &Loaded,
    es: &PhaseState,
    row: &PhaseRow,
    pos: &Position,
    frozen: &[(PowerId, Order)],
) -> Result<Resolution> {
    let spy = live_spy_orders(c, l, row, pos.phase.kind)?;
    Ok(engine::resolve(&es.ctx(l, pos), frozen, &spy))
}

/// The secret-log entries of a processed phase: the engine's, less what
/// was logged already (orders on receipt; spy results when the reaction
/// phase opened).
pub(super) fn resolution_entries(
    l: &Loaded,
    es: &PhaseState,
    pos: &Position,
    phase: &str,
    res: &Resolution,
) -> Vec<NewEntry> {
    res.secret
        .iter()
        .filter(|e| e.kind != SecretKind::Received)
        .filter(|e| !(es.reaction_open() && e.kind == SecretKind::SpyResult))
        .map(|e| engine_entry(l, pos, phase, e))
        .collect()
}

/// SPI-2: a power's business in a Spionage winter is done when it has
/// given its adjustments and, if it could found but has none to give,
/// has sent anything at all this phase.
pub(super) fn spionage_winter_done(
    c: &Tx<'_>,
    l: &Loaded,
    es: &PhaseState,
    row: &PhaseRow,
    pos: &Position,
    power: PowerId,
    live: &[(i64, PowerId, Order)],
) -> Result<bool> {
    let ctx = es.ctx(l, pos);
    if !engine::spi_2_winter_waits_for(&ctx, power) {
        return Ok(true);
    }
    if adjustment_due(l.map, pos, power) > 0 {
        return Ok(orders_complete(l.map, pos, power, live));
    }
    let pname = l.pname(power);
    let sent = c.orders(row.id)?.iter().any(|o| o.power == pname)
        || c.spy_orders(row.id)?.iter().any(|o| o.power == pname);
    Ok(sent)
}

// ------------------------------------------------------------ the judge's view

/// A game's secret log, optionally only one phase and/or the entries that
/// concern one power, as actor or subject, by their records (entries
/// about no power are kept with a power filter).
pub fn secret_log(
    st: &Store,
    name: &str,
    phase: Option<&str>,
    power: Option<&str>,
) -> Result<Vec<SecretRow>> {
    let c = &st.read();
    let l = load(c, name)?;
    let phase = phase.map(Phase::parse).transpose()?.map(|p| p.to_string());
    let power = power.map(|p| l.power(p)).transpose()?.map(|p| l.pname(p));
    let records = secretlog::record::load(c, l.game.id)?;
    Ok(c.secret_rows(l.game.id)?
        .into_iter()
        .filter(|r| phase.as_ref().is_none_or(|p| *p == r.phase))
        .filter(|r| {
            power
                .as_ref()
                .is_none_or(|p| secretlog::record::concerns(r, records.get(&r.seq), p))
        })
        .collect())
}

/// Checks a game's secret log: the chain, every signed head (with
/// `public`: the judge's key, or the one the master was given), that every
/// event owing a head has one, and the heads mailed to the master, when
/// given (see `crate::secretlog::check`).
pub fn verify_secret_log(
    st: &Store,
    name: &str,
    public: &ed25519_dalek::VerifyingKey,
    mailed: &[secretlog::heads::MailedHead],
) -> Result<secretlog::Verification> {
    let c = &st.read();
    let l = load(c, name)?;
    Ok(secretlog::verify(c, &l.game, public, mailed)?)
}

/// Mails the newest signed head of a finished game to its players (and
/// the master), so that anyone can later check an export of the whole log.
pub fn publish_head(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<i64> {
    st.write(|c| {
        let l = load(c, name)?;
        if l.game.status != GameStatus::Finished {
            return Err(l.wrong_status(StatusRefusal::HeadOnlyWhenOver));
        }
        let now_s = store::time_text(now);
        let (last, _) = c.secret_head(l.game.id)?.unwrap_or((0, String::new()));
        let newest = c
            .signed_heads(l.game.id)?
            .last()
            .map(|h| h.last_seq)
            .ok_or_else(|| l.wrong_status(StatusRefusal::NoSignedHead))?;
        // A game that ended before final heads were signed gets its final
        // head now, if its last entries chain on from its last head.
        if newest != last {
            let phase = c
                .phases(l.game.id)?
                .last()
                .map(|r| r.phase.clone())
                .unwrap_or_default();
            if !super::final_head::seal_late(c, &l, &phase, &now_s)? {
                return Err(l.wrong_status(StatusRefusal::EntriesAfterHead));
            }
        }
        let heads = c.signed_heads(l.game.id)?;
        let h = heads
            .last()
            .ok_or_else(|| l.wrong_status(StatusRefusal::NoSignedHead))?;
        let head = Notice::HeadPublished(signed_head(&l, h));
        post(c, &l, None, &Audience::AllAndMaster, &head, &now_s)?;
        Ok(h.last_seq)
    })
}

/// The self-contained record of a game's secret log (or part of it) for a
/// dispute panel, as pretty JSON: it checks alone with the judge's public
/// key (see `crate::secretlog::export`).
pub fn export_secret_log(
    st: &Store,
    name: &str,
    phase: Option<&str>,
    power: Option<&str>,
    now: DateTime<Utc>,
) -> Result<String> {
    let c = &st.read();
    let l = load(c, name)?;
    let chosen: Vec<i64> = secret_log(st, name, phase, power)?
        .iter()
        .map(|r| r.seq)
        .collect();
    let rows = c.secret_rows(l.game.id)?;
    let heads = c.signed_heads(l.game.id)?;
    let now_s = store::time_text(now);
    let export = secretlog::export::build(
        &l.game.name,
        &l.game.rules,
        &now_s,
        serde_json::json!({ "phase": phase, "power": power }),
        &rows,
        &heads,
        |r| chosen.binary_search(&r.seq).is_ok(),
    );
    Ok(serde_json::to_string_pretty(&export).expect("exports serialise"))
}

/// An order for one of `power`'s own units, as a spy report's example of a
/// reaction: its first unit moving to its first neighbour (holding where
/// it has none).
fn example_reaction(map: &Map, pos: &Position, power: PowerId) -> Option<String> {
    use crate::engine::UnitRef;
    use crate::engine::{Location, UnitType};
    let u = pos.units_of(power).next()?;
    let unit = UnitRef::new(Some(u.unit_type), u.location);
    let dest = match u.unit_type {
        UnitType::Army => map
            .army_neighbours(u.location.province)
            .first()
            .map(|&province| Location {
                province,
                coast: None,
            }),
        UnitType::Fleet => map.fleet_neighbours(u.location).first().copied(),
    };
    let order = match dest {
        Some(dest) => Order::Move {
            unit,
            dest,
            via_convoy: false,
            route: Vec::new(),
        },
        None => Order::Hold { unit },
    };
    Some(order.to_text(map))
}
