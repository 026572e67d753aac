//! Orders received: checked, stored (a new order for a unit replaces the
//! earlier one), withdrawn, and shown back to their power.

use super::Coded;
use super::Lang;
use super::Why;
use super::codes::refusal::{cannot_carry_out_coded, coded};
use super::error::{Action, Refusal};
use super::loaded::{
    Loaded, Missing, check_playing, live_orders, load, needs_orders, still_missing, unit_key,
};
use super::refused::Refused;
use super::{GameError, Result, esp};
use crate::engine::Position;
use crate::engine::{Line, Order, parse_line, parse_order};
use crate::engine::{Phase, PhaseKind};
use crate::engine::{PowerId, ProvinceId};
use crate::engine::{Reason, check};
use crate::store::Tx;
use crate::store::{self, NewOrder, PhaseRow, Store};
use crate::store::{GameStatus, PhaseStatus, PowerStatus};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// One order line as the submission receipt reports it.
#[derive(Debug, Serialize)]
pub struct SubmittedLine {
    /// The line's number in the submission, from 1.
    pub line: usize,
    /// The line as written.
    pub raw: String,
    /// The canonical form, when the line was read.
    pub order: Option<String>,
    /// Why it could not be read (English).
    pub error: Option<String>,
    /// Why it could not be read, as a code with its arguments (what the
    /// store keeps), to be put into words for the reader.
    #[serde(skip)]
    pub refusal: Option<Coded>,
    /// The earlier order this one replaced.
    pub replaced: Option<String>,
    /// What the judge changed in reading the order (a coast that does not
    /// exist, dropped from an army's order).
    pub note: Option<String>,
    /// Stored, but looks unlikely to work (see
    /// [`crate::engine::check::warnings`]).
    pub warning: Option<String>,
    /// The note, typed, for [`SubmitReport::note_in`].
    #[serde(skip)]
    pub note_why: Option<Reason>,
    /// The warning, typed, for [`SubmitReport::warning_in`].
    #[serde(skip)]
    pub warning_why: Option<Reason>,
    /// The stored row, when the line was stored as standing.
    #[serde(skip)]
    pub id: Option<i64>,
}

/// The receipt of a submission.
#[derive(Debug, Serialize)]
pub struct SubmitReport {
    /// The phase the orders are for (`S1901M`).
    pub phase: String,
    /// One entry per order line, in the order sent.
    pub lines: Vec<SubmittedLine>,
    /// The power's orders that now stand, canonical form.
    pub standing: Vec<String>,
    /// The game's map, to put a line's typed note or warning into words.
    #[serde(skip)]
    pub map: Option<&'static crate::engine::Map>,
}

impl SubmitReport {
    /// How many lines could not be read.
    pub fn rejected(&self) -> usize {
        self.lines.iter().filter(|l| l.error.is_some()).count()
    }

    /// Why `line` could not be read, in `lang`.
    pub fn error_in(&self, line: &SubmittedLine, lang: Lang) -> Option<String> {
        match &line.refusal {
            Some(r) => Some(super::words::words().coded(lang, r)),
            None => line.error.clone(),
        }
    }

    /// What the judge changed in reading `line`, in `lang`.
    pub fn note_in(&self, line: &SubmittedLine, lang: Lang) -> Option<String> {
        match (&line.note_why, self.map) {
            (Some(r), Some(map)) => Some(super::words::words().reason(lang, map, r)),
            _ => line.note.clone(),
        }
    }

    /// Why `line` looks unlikely to work, in `lang`.
    pub fn warning_in(&self, line: &SubmittedLine, lang: Lang) -> Option<String> {
        match (&line.warning_why, self.map) {
            (Some(r), Some(map)) => Some(super::words::words().reason(lang, map, r)),
            _ => line.warning.clone(),
        }
    }
}

/// Who sent a submission and how.
#[derive(Debug, Clone, Default)]
pub struct Sender {
    /// The address, or none for the judge at the command line.
    pub from: Option<String>,
    /// The Message-ID of the mail the orders came in, if any.
    pub message_id: Option<String>,
    /// The way the submission came: by mail (or the command line), or
    /// from the web pages; the secret log names it.
    pub via: Via,
}

/// The way a submission reached the judge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Via {
    /// By mail, or at the judge's command line.
    #[default]
    Mail,
    /// From a form of the web pages, signed on there.
    Web,
}

/// Stores a power's orders for the current phase (see the module comment
/// for how they replace earlier ones). `phase`, when given, must be the
/// current phase.
pub fn submit_orders(
    st: &mut Store,
    name: &str,
    power: &str,
    text: &str,
    phase: Option<&str>,
    sender: &Sender,
    now: DateTime<Utc>,
) -> Result<SubmitReport> {
    let now_s = store::time_text(now);
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::TakesNoOrders,
        )?;
        let pid = l.power(power)?;
        let pname = l.pname(pid);
        check_playing(c, &l, &pname, Action::GiveOrders)?;
        let row = l.current(c)?;
        if let Some(given) = phase {
            let given = Phase::parse(given)?;
            if given.to_string() != row.phase {
                return Err(GameError::WrongPhase {
                    game: l.game.name.clone(),
                    current: row.phase.clone(),
                    given: given.to_string(),
                });
            }
        }
        let pos = l.position(&row)?;
        let es = esp::state(c, &l, &row)?;
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, s)| (i + 1, s.trim()))
            .filter(|(_, s)| !s.is_empty() && !s.starts_with('#'))
            .collect();
        if lines.is_empty() {
            return Err(GameError::NoOrders);
        }
        // Live orders of this power: (id, canonical text, key, order).
        let mut live: Vec<LiveOrder> = Vec::new();
        for r in c.live_orders(row.id, Some(&pname))? {
            let t = r.parsed.unwrap_or_default();
            let o = parse_order(l.map, pos.phase.kind, &t).ok();
            live.push((r.id, t, o.as_ref().and_then(unit_key), o));
        }
        let mut sub = Submission {
            c,
            l: &l,
            row: &row,
            pos: &pos,
            pid,
            pname: &pname,
            frozen: es.as_ref().is_some_and(|e| e.reaction_open()),
            es: es.as_ref(),
            by: sender.from.clone().unwrap_or_else(|| "judge".into()),
            sender,
            now_s: &now_s,
            live,
            accepted: Vec::new(),
            whole_set_replaced: false,
            report: SubmitReport {
                phase: row.phase.clone(),
                lines: Vec::new(),
                standing: Vec::new(),
                map: Some(l.map),
            },
        };
        for (n, raw) in lines {
            sub.line(n, raw)?;
        }
        sub.finish()
    })
}

/// A live order of the power: (id, canonical text, unit key, order).
type LiveOrder = (i64, String, Option<ProvinceId>, Option<Order>);

/// One submission of orders, line by line, in its transaction.
struct Submission<'a> {
    c: &'a Tx<'a>,
    l: &'a Loaded,
    row: &'a PhaseRow,
    pos: &'a Position,
    pid: PowerId,
    pname: &'a str,
    es: Option<&'a esp::PhaseState>,
    /// Espionnite's reaction sub-phase: the orders are frozen (ESP-7).
    frozen: bool,
    by: String,
    sender: &'a Sender,
    now_s: &'a str,
    live: Vec<LiveOrder>,
    /// Adjustment orders of this submission accepted so far: a new
    /// submission replaces the whole earlier set, so only these count
    /// against the builds or removals allowed.
    accepted: Vec<Order>,
    whole_set_replaced: bool,
    report: SubmitReport,
}

impl Submission<'_> {
    /// Reads, checks and stores one line.
    fn line(&mut self, n: usize, raw: &str) -> Result<()> {
        let mut note = None;
        let (l, kind) = (self.l, self.pos.phase.kind);
        let parsed = match parse_line(l.map, kind, raw) {
            Ok(Line::Spy(spy)) => match self.es {
                Some(es) => {
                    let line = esp::submit_spy_line(
                        self.c,
                        l,
                        es,
                        self.row,
                        self.pos,
                        self.pid,
                        n,
                        raw,
                        &spy,
                        self.sender,
                        self.now_s,
                    )?;
                    self.report.lines.push(line);
                    return Ok(());
                }
                None => Err(coded(&Refused::NoEspionage {
                    order: spy.to_text(l.map),
                    game: l.game.name.clone(),
                })),
            },
            Ok(Line::Order(o)) if self.frozen => Err(coded(&Refused::Frozen {
                order: o.to_text(l.map),
                phase: self.row.phase.clone(),
            })),
            Ok(Line::Order(o)) => {
                // A coast that cannot be: an army's is dropped (with a
                // note), a fleet's order is refused below.
                let (o, coast_error) = match check::settle_coasts(l.map, self.pos, &o) {
                    Ok(s) => {
                        note = s.note;
                        (s.order, None)
                    }
                    Err(why) => (o, Some(Reason::Coast(why))),
                };
                let prior = if kind == PhaseKind::Adjustment {
                    self.accepted.as_slice()
                } else {
                    &[]
                };
                let checked = match coast_error {
                    Some(why) => Err(why),
                    None => check::check_order(l.map, self.pos, self.pid, prior, &o),
                };
                match checked {
                    Ok(()) => Ok(o),
                    Err(why) => return self.refuse(n, raw, &o, &why),
                }
            }
            Err(e) => match late_for(self.c, l, self.pid, raw)? {
                Some(late) => Err(coded(&late)),
                None if e.column == 1 => Err(coded(&not_an_order(raw))),
                None => Err(coded(&Refused::Unreadable(e))),
            },
        };
        self.store(n, raw, parsed, note)
    }

    /// An order refused at once: stored as refused, it replaces nothing.
    fn refuse(&mut self, n: usize, raw: &str, o: &Order, why: &Reason) -> Result<()> {
        let text = o.to_text(self.l.map);
        let refusal = match late_for(self.c, self.l, self.pid, raw)? {
            Some(late) => coded(&late),
            None => cannot_carry_out_coded(self.l.map, &text, why),
        };
        self.c.insert_order(&NewOrder {
            phase_id: self.row.id,
            power: self.pname,
            raw,
            parsed: None,
            refusal: Some(&Why::encode(&refusal)),
            submitted_by: &self.by,
            submitted_at: self.now_s,
            message_id: self.sender.message_id.as_deref(),
        })?;
        self.report.lines.push(SubmittedLine {
            line: n,
            raw: raw.to_string(),
            order: Some(text),
            error: Some(super::words::words().coded(super::words::judge_lang(), &refusal)),
            refusal: Some(refusal),
            replaced: None,
            note: None,
            warning: None,
            note_why: None,
            warning_why: None,
            id: None,
        });
        Ok(())
    }

    /// Stores a line read (an order, or the reason it is unreadable) and
    /// replaces what it replaces: in an adjustment phase the power's whole
    /// earlier set, otherwise the earlier order for the same unit.
    fn store(
        &mut self,
        n: usize,
        raw: &str,
        parsed: std::result::Result<Order, Coded>,
        note: Option<Reason>,
    ) -> Result<()> {
        let c = self.c;
        let (canon, refusal) = match &parsed {
            Ok(o) => (Some(o.to_text(self.l.map)), None),
            Err(e) => (None, Some(e.clone())),
        };
        let id = c.insert_order(&NewOrder {
            phase_id: self.row.id,
            power: self.pname,
            raw,
            parsed: canon.as_deref(),
            refusal: refusal.as_ref().map(Why::encode).as_deref(),
            submitted_by: &self.by,
            submitted_at: self.now_s,
            message_id: self.sender.message_id.as_deref(),
        })?;
        let mut replaced = None;
        if let Ok(o) = &parsed {
            if self.pos.phase.kind == PhaseKind::Adjustment {
                self.accepted.push(o.clone());
                if !self.whole_set_replaced {
                    self.whole_set_replaced = true;
                    let old: Vec<String> = self.live.iter().map(|(_, t, _, _)| t.clone()).collect();
                    for (oid, _, _, _) in self.live.drain(..) {
                        c.replace_order(oid, id)?;
                    }
                    if !old.is_empty() {
                        replaced = Some(old.join("; "));
                    }
                }
            } else if let Some(k) = unit_key(o)
                && let Some(i) = self.live.iter().position(|(_, _, key, _)| *key == Some(k))
            {
                let (oid, t, _, _) = self.live.remove(i);
                c.replace_order(oid, id)?;
                replaced = Some(t);
            }
            self.live.push((
                id,
                canon.clone().unwrap_or_default(),
                unit_key(o),
                Some(o.clone()),
            ));
        }
        self.report.lines.push(SubmittedLine {
            line: n,
            raw: raw.to_string(),
            order: canon,
            error: refusal
                .as_ref()
                .map(|r| super::words::words().coded(super::words::judge_lang(), r)),
            refusal,
            replaced,
            note: note
                .as_ref()
                .map(|n| super::words::words().reason(super::words::judge_lang(), self.l.map, n)),
            warning: None,
            note_why: note,
            warning_why: None,
            id: Some(id),
        });
        Ok(())
    }

    /// Warnings are judged on the orders that now stand, so that a
    /// support written above the move it supports is not warned about;
    /// the report lists what stands.
    fn finish(mut self) -> Result<SubmitReport> {
        let (l, pos) = (self.l, self.pos);
        let standing: Vec<Order> = self
            .live
            .iter()
            .filter_map(|(_, _, _, o)| o.clone())
            .collect();
        let ids: Vec<i64> = self
            .live
            .iter()
            .filter(|(_, _, _, o)| o.is_some())
            .map(|(id, _, _, _)| *id)
            .collect();
        for (id, w) in ids
            .iter()
            .zip(check::warnings(l.map, pos, self.pid, &standing))
        {
            if let Some(line) = self.report.lines.iter_mut().find(|x| x.id == Some(*id)) {
                line.warning = w
                    .as_ref()
                    .map(|w| super::words::words().reason(super::words::judge_lang(), l.map, w));
                line.warning_why = w;
            }
        }
        self.report.standing = self.live.into_iter().map(|(_, t, _, _)| t).collect();
        if self.es.is_some() {
            self.report
                .standing
                .extend(esp::standing(self.c, self.row, self.pname)?);
        }
        Ok(self.report)
    }
}

/// When `raw`, refused in the current phase, is a good order of `power`
/// for a phase already processed (of this game year, back to its last
/// movement phase), why it was not used: it came too late.
fn late_for(
    c: &crate::store::Tx<'_>,
    l: &super::loaded::Loaded,
    power: crate::engine::PowerId,
    raw: &str,
) -> Result<Option<Refused>> {
    let rows = c.phases(l.game.id)?;
    for row in rows
        .iter()
        .rev()
        .filter(|r| r.status == PhaseStatus::Processed)
    {
        let pos = l.position(row)?;
        if let Ok(o) = parse_order(l.map, pos.phase.kind, raw)
            && check::check_order(l.map, &pos, power, &[], &o).is_ok()
        {
            let at = row
                .processed_at
                .as_deref()
                .and_then(store::parse_time)
                .map(|t| super::clock::show_time(t, l.settings.tz()))
                .unwrap_or_default();
            return Ok(Some(Refused::Late {
                phase: pos.phase,
                at,
            }));
        }
        if pos.phase.kind == PhaseKind::Movement {
            break;
        }
    }
    Ok(None)
}

/// Withdraws all of a power's orders for the current phase. Returns how
/// many were withdrawn.
pub fn clear_orders(st: &mut Store, name: &str, power: &str) -> Result<usize> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::TakesNoOrders,
        )?;
        let pname = l.pname(l.power(power)?);
        let row = l.current(c)?;
        if esp::state(c, &l, &row)?.is_some_and(|e| e.reaction_open()) {
            return Err(GameError::Frozen {
                game: l.game.name.clone(),
                phase: row.phase.clone(),
            });
        }
        let n = c.withdraw_orders(row.id, &pname)?;
        Ok(n + c.withdraw_spy_orders(row.id, &pname)?)
    })
}

/// Sets or clears a power's wait flag: while it is set, the current phase
/// is not processed before its deadline.
pub fn set_wait(st: &mut Store, name: &str, power: &str, wait: bool) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::NoPhaseToWaitFor,
        )?;
        let pname = l.pname(l.power(power)?);
        check_playing(c, &l, &pname, Action::AskToWait)?;
        c.set_wait(l.game.id, &pname, wait)?;
        Ok(())
    })
}

/// One power's orders for the current phase, for `orders show`.
#[derive(Debug, Serialize)]
pub struct PowerOrders {
    /// The power (the map's name of it).
    pub power: String,
    /// Orders that stand, canonical form.
    pub orders: Vec<String>,
    /// The power's espionage lines that stand (spy, counter-spy, reaction,
    /// Fake or Anti, founding), canonical form; only the judge and the
    /// power itself ever see them.
    pub spy: Vec<String>,
    /// Whether they cover everything the power has to order.
    pub complete: bool,
    /// What the power still has to order (`Still without an order: A
    /// smy`), `None` when they cover everything.
    pub missing: Option<Missing>,
    /// The phase needs orders from the power.
    pub needs_orders: bool,
    /// The power asked the judge to wait for it (SET WAIT).
    pub wait: bool,
    /// Orders sent in a PHASE block for a later phase, still pending:
    /// `F1902R: A mun - boh`, `W1902A, if france A bur: build A par`.
    pub later: Vec<String>,
    /// The game's map and the phase's kind, to show the espionage lines
    /// in a reader's own order words.
    #[serde(skip)]
    pub map: &'static crate::engine::Map,
    /// The phase's kind: movement, retreat or adjustment.
    #[serde(skip)]
    pub kind: PhaseKind,
}

/// The orders standing in the current phase of the game called `name`, for every power still in the game or only for `power`; with the phase's name (`S1901M`).
pub fn show_orders(
    st: &Store,
    name: &str,
    power: Option<&str>,
) -> Result<(String, Vec<PowerOrders>)> {
    let c = &st.read();
    let l = load(c, name)?;
    let only = power.map(|p| l.power(p)).transpose()?;
    let row = l.current(c)?;
    let pos = l.position(&row)?;
    let only_name = only.map(|p| l.pname(p));
    let rows = c.live_orders(row.id, only_name.as_deref())?;
    let live = live_orders(&l, pos.phase.kind, &rows)?;
    let prows = c.powers(l.game.id)?;
    let mut out = Vec::new();
    for p in l.map.powers() {
        if only.is_some_and(|o| o != p.id) {
            continue;
        }
        let pr = prows.iter().find(|r| r.power == p.name);
        if pr.is_some_and(|r| r.status == PowerStatus::Eliminated) && only.is_none() {
            continue;
        }
        let missing = still_missing(l.map, &pos, p.id, &live);
        out.push(PowerOrders {
            power: p.name.clone(),
            orders: live
                .iter()
                .filter(|(_, q, _)| *q == p.id)
                .map(|(_, _, o)| o.to_text(l.map))
                .collect(),
            spy: if !l.game.rules.is_empty() {
                esp::standing(c, &row, &p.name)?
            } else {
                Vec::new()
            },
            missing: missing.clone(),
            complete: missing.is_none(),
            needs_orders: needs_orders(l.map, &pos, p.id),
            wait: pr.is_some_and(|r| r.wait),
            later: super::future_orders::standing_lines(c, &l, &p.name)?,
            map: l.map,
            kind: pos.phase.kind,
        });
    }
    Ok((row.phase, out))
}

/// Why a line that is neither an order nor a command was refused: its
/// first word (both words of a `SET ...`) is named, so that a player who
/// tried a command this judge does not know is told so, not that a unit
/// type was expected.
pub fn not_an_order(line: &str) -> Refused {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let what = match words.next() {
        Some(second) if first.eq_ignore_ascii_case("set") => format!("{first} {second}"),
        _ => first.to_string(),
    };
    let what: String = what.chars().take(40).collect();
    Refused::NotAnOrder { what }
}
