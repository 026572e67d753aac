//! PHASE and IF blocks in a message: the block structure followed line by
//! line, each order line inside a block kept with its phase and the
//! condition under which it counts, the reply saying for each IF which
//! branch today's position takes, and the lines handed to the game
//! together (see `crate::game::submit_block_orders`).

use super::JudgeError;
use super::session::{Session, Signed, quote_unreadable, reason};
use crate::command::{BlockWord, Command, Condition};
use crate::engine::phase::Phase;
use crate::game::Store;
use crate::game::{self, BlockOrder, BlockOutcome, Sender};

/// The most IF blocks open at once.
const MAX_NESTING: usize = 8;

/// An IF block being read.
#[derive(Debug, Clone)]
struct OpenIf {
    line: usize,
    /// The condition outside this block (the branches around it).
    outer: Option<Condition>,
    /// The conditions of the branches read so far.
    conds: Vec<Condition>,
    /// When the branch being read counts.
    guard: Option<Condition>,
    has_else: bool,
    /// A line of the block that could not be read: its orders are refused.
    broken: Option<usize>,
    /// The line of the branch today's position takes, once known.
    taken_today: Option<usize>,
    /// Whether the conditions could all be answered today.
    known_today: bool,
    /// The line of the branch being read.
    branch_line: usize,
    /// Whether today's position takes the branch around this IF (true
    /// for an IF outside any other).
    outer_today: bool,
}

impl OpenIf {
    /// Whether today's position takes the branch being read.
    fn reading_taken_branch(&self) -> bool {
        self.outer_today && self.taken_today == Some(self.branch_line)
    }
}

/// An order line inside a block: its line, its text, its phase, the
/// condition under which it counts, or why it cannot be taken.
#[derive(Debug)]
struct BlockLine {
    line: usize,
    text: String,
    phase: Option<Phase>,
    condition: Option<Condition>,
    broken: Option<String>,
}

/// The block structure of one message, for the power signed on.
#[derive(Debug, Default)]
pub(super) struct Blocks {
    /// The PHASE line the order lines below belong to, and its phase
    /// (`None` when the line could not be read).
    phase: Option<(usize, Option<Phase>)>,
    open: Vec<OpenIf>,
    /// Order lines inside blocks, in the order written.
    orders: Vec<BlockLine>,
}

impl Blocks {
    /// Whether an order line now belongs to a block.
    pub(super) fn active(&self) -> bool {
        self.phase.is_some() || !self.open.is_empty()
    }

    /// Whether an IF block is open.
    pub(super) fn in_if(&self) -> bool {
        !self.open.is_empty()
    }

    /// Keeps an order line of a block.
    pub(super) fn push_order(&mut self, line: usize, text: &str) {
        let broken = match (&self.phase, self.open.iter().find_map(|o| o.broken)) {
            (Some((n, None)), _) => Some(format!(
                "not stored: the PHASE line {n} could not be read (write it as \
                 `PHASE Fall 1902 Retreats` or `PHASE F1902R`)"
            )),
            (_, Some(n)) => Some(format!(
                "not stored: line {n} of its IF block could not be read"
            )),
            _ => None,
        };
        let phase = self.phase.and_then(|(_, p)| p);
        let guard = self.open.last().and_then(|o| o.guard.clone());
        self.orders.push(BlockLine {
            line,
            text: text.to_string(),
            phase,
            condition: guard,
            broken,
        });
    }

    /// A block line that could not be read keeps the structure: an IF
    /// opens a block whose orders are refused, a PHASE refuses the orders
    /// below it.
    pub(super) fn unreadable(&mut self, word: BlockWord, line: usize) {
        match word {
            BlockWord::Phase => self.phase = Some((line, None)),
            BlockWord::If => {
                let outer = self.open.last().and_then(|o| o.guard.clone());
                self.open.push(OpenIf {
                    line,
                    outer,
                    conds: Vec::new(),
                    guard: None,
                    has_else: false,
                    broken: Some(line),
                    taken_today: None,
                    known_today: false,
                    branch_line: line,
                    outer_today: false,
                });
            }
            BlockWord::ElseIf | BlockWord::Else => {
                if let Some(o) = self.open.last_mut() {
                    o.broken.get_or_insert(line);
                }
            }
            BlockWord::EndIf => {
                self.open.pop();
            }
        }
    }
}

fn conj(a: Option<Condition>, b: Condition) -> Condition {
    match a {
        Some(a) => Condition::and(a, b),
        None => b,
    }
}

/// When a branch counts: inside `outer`, none of the earlier branches'
/// conditions, and its own (none for ELSE).
fn branch_guard(
    outer: &Option<Condition>,
    earlier: &[Condition],
    own: Option<&Condition>,
) -> Option<Condition> {
    let mut g = outer.clone();
    for c in earlier {
        g = Some(conj(g, Condition::negate(c.clone())));
    }
    if let Some(c) = own {
        g = Some(conj(g, c.clone()));
    }
    g
}

impl Session<'_> {
    /// Runs `f` with no IF block open (the blocks are put back after).
    pub(super) fn blocks_suspended(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<(), JudgeError>,
    ) -> Result<(), JudgeError> {
        let open = std::mem::take(&mut self.blocks.open);
        let r = f(self);
        self.blocks.open = open;
        r
    }

    /// A PHASE, IF, ELSE IF, ELSE or ENDIF line of a signed-on power.
    pub(super) fn block_command(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        cmd: &Command,
        s: &Signed,
    ) -> Result<(), JudgeError> {
        match cmd {
            Command::Phase(p) => {
                if let Some(o) = self.blocks.open.last() {
                    let n = o.line;
                    self.no(
                        line,
                        quote,
                        format!(
                            "not done: the IF on line {n} is still open; close it with ENDIF \
                             before a PHASE line (a PHASE block may hold IF blocks, not the \
                             other way round)"
                        ),
                    );
                    return Ok(());
                }
                self.blocks.phase = Some((line, Some(*p)));
                let current = game::current_phase(st, &s.game).ok().flatten();
                let what = match current.map(|c| c.phase) {
                    Some(c) if *p < c => {
                        let why = format!(
                            "{p} ({}) is over (the game is playing {c}): the orders below it \
                             are refused",
                            p.long_name()
                        );
                        self.no(line, quote, why);
                        return Ok(());
                    }
                    Some(c) if *p == c => format!(
                        "{p} is the phase being played: the orders below are for it, as usual"
                    ),
                    _ => format!(
                        "the orders below are for {} ({p}); they are applied when that phase \
                         begins, to the units there then",
                        p.long_name()
                    ),
                };
                self.ok(line, quote, what);
            }
            Command::If(c) => {
                if self.blocks.open.len() >= MAX_NESTING {
                    self.no(
                        line,
                        quote,
                        format!("not done: at most {MAX_NESTING} IF blocks may be open at once"),
                    );
                    self.blocks.unreadable(BlockWord::If, line);
                    return Ok(());
                }
                let outer = self.blocks.open.last().and_then(|o| o.guard.clone());
                let mut open = OpenIf {
                    line,
                    outer: outer.clone(),
                    conds: Vec::new(),
                    guard: None,
                    has_else: false,
                    broken: None,
                    taken_today: None,
                    known_today: true,
                    branch_line: line,
                    outer_today: self
                        .blocks
                        .open
                        .last()
                        .is_none_or(|p| p.reading_taken_branch()),
                };
                let what = self.branch(st, s, &mut open, line, Some(c))?;
                match what {
                    Ok(w) => self.ok(line, quote, w),
                    Err(w) => self.no(line, quote, w),
                }
                self.blocks.open.push(open);
            }
            Command::ElseIf(_) | Command::Else => {
                let Some(mut open) = self.blocks.open.pop() else {
                    self.no(
                        line,
                        quote,
                        "not done: there is no IF above this line for it to continue \
                         (write `IF <condition>` first)",
                    );
                    return Ok(());
                };
                if open.has_else {
                    self.no(
                        line,
                        quote,
                        format!(
                            "not done: the IF on line {} already had its ELSE; close it with \
                             ENDIF first",
                            open.line
                        ),
                    );
                    open.broken.get_or_insert(line);
                    self.blocks.open.push(open);
                    return Ok(());
                }
                let own = match cmd {
                    Command::ElseIf(c) => Some(c),
                    _ => None,
                };
                let what = self.branch(st, s, &mut open, line, own)?;
                match what {
                    Ok(w) => self.ok(line, quote, w),
                    Err(w) => self.no(line, quote, w),
                }
                self.blocks.open.push(open);
            }
            Command::EndIf => match self.blocks.open.pop() {
                None => self.no(
                    line,
                    quote,
                    "not done: there is no IF above this line for it to close",
                ),
                Some(o) => {
                    let what = summary(&o, self.phase_word(st, s));
                    self.ok(line, quote, what);
                }
            },
            _ => {}
        }
        Ok(())
    }

    /// Whether the block's phase is today's phase ("is taken") or a later
    /// one ("would be taken").
    fn phase_word(&self, st: &Store, s: &Signed) -> &'static str {
        let current = game::current_phase(st, &s.game).ok().flatten();
        match (self.blocks.phase, current) {
            (Some((_, Some(p))), Some(c)) if p != c.phase => "would be taken",
            _ => "is taken",
        }
    }

    /// Opens a branch of `open` (the IF itself, an ELSE IF or the ELSE):
    /// its guard, and what the reply says about it.
    fn branch(
        &mut self,
        st: &mut Store,
        s: &Signed,
        open: &mut OpenIf,
        line: usize,
        own: Option<&Condition>,
    ) -> Result<Result<String, String>, JudgeError> {
        open.guard = branch_guard(&open.outer, &open.conds, own);
        open.branch_line = line;
        let word = self.phase_word(st, s);
        let around = if open.outer_today {
            ""
        } else {
            " (if the branch around this IF is: on today's position it is not)"
        };
        if let Some(n) = open.broken {
            if own.is_none() {
                open.has_else = true;
            }
            return Ok(Ok(format!(
                "read, but the orders of this IF block are not stored: line {n} could not be read"
            )));
        }
        let Some(c) = own else {
            open.has_else = true;
            return Ok(Ok(match (open.known_today, open.taken_today) {
                (true, None) => {
                    open.taken_today = Some(line);
                    format!(
                        "no condition above is true on today's position: this branch {word}{around}"
                    )
                }
                (true, Some(n)) => {
                    format!("the branch of line {n} is taken on today's position, not this one")
                }
                (false, _) => "taken when no condition above holds".into(),
            }));
        };
        open.conds.push(c.clone());
        let today = match game::test_conditions(st, &s.game, &[c]) {
            Ok(v) => v.into_iter().next().unwrap_or(Ok(false)),
            Err(e) => {
                let why = reason(self.lang, e)?;
                open.broken.get_or_insert(line);
                open.known_today = false;
                return Ok(Err(format!(
                    "not done: {why}; the orders of this IF block are not stored"
                )));
            }
        };
        Ok(match today {
            Err(why) => {
                let why = crate::text::refused::render_refused(crate::text::Lang::En, &why);
                open.broken.get_or_insert(line);
                open.known_today = false;
                Err(format!(
                    "not understood: {why}; the orders of this IF block are not stored"
                ))
            }
            Ok(v) => {
                let truth = if v { "true" } else { "false" };
                let mut w = format!("condition `{c}` is {truth} on today's position");
                match open.taken_today {
                    Some(n) => w.push_str(&format!(
                        "; the branch of line {n} comes first, so this one is not taken"
                    )),
                    None if v => {
                        open.taken_today = Some(line);
                        w.push_str(&format!(": this branch {word}{around}"));
                    }
                    None => {}
                }
                Ok(w)
            }
        })
    }

    /// Hands the block order lines to the game: kept for their phase,
    /// taken now (then submitted with the other order lines), or not
    /// taken. An IF left open at the end of the message is closed there,
    /// and the reply says so.
    pub(super) fn flush_blocks(&mut self, st: &mut Store) -> Result<(), JudgeError> {
        let blocks = std::mem::take(&mut self.blocks);
        for o in &blocks.open {
            let note = "\n  NOTE: there was no ENDIF for this IF: it was closed at the end of \
                        the mail (or at the next SIGNON)";
            if let Some(e) = self.entries.iter_mut().rev().find(|e| e.line == o.line) {
                match &mut e.done {
                    Ok(w) | Err(w) => w.push_str(note),
                }
            }
        }
        if blocks.orders.is_empty() {
            return Ok(());
        }
        let Some(s) = self.signed.clone() else {
            return Ok(());
        };
        let mut to_game = Vec::new();
        for BlockLine {
            line,
            text,
            phase,
            condition,
            broken,
        } in blocks.orders
        {
            match broken {
                Some(why) => self.no(line, quote_unreadable(self.lang, &text), why),
                None => to_game.push(BlockOrder {
                    line,
                    text,
                    phase,
                    condition,
                }),
            }
        }
        if to_game.is_empty() {
            return Ok(());
        }
        let sender = Sender {
            from: Some(self.msg.from.clone()),
            message_id: self.msg.message_id.clone(),
        };
        match game::submit_block_orders(st, &s.game, &s.power, &to_game, &sender, self.now) {
            Ok(outcomes) => {
                for (b, out) in to_game.into_iter().zip(outcomes) {
                    let cond = b
                        .condition
                        .as_ref()
                        .map(|c| format!(", if {c}"))
                        .unwrap_or_default();
                    match out {
                        BlockOutcome::Kept {
                            phase,
                            order,
                            replaced,
                        } => {
                            let instead = if replaced.is_empty() {
                                String::new()
                            } else {
                                format!(", replacing `{}`", replaced.join("`, `"))
                            };
                            self.ok(
                                b.line,
                                b.text.clone(),
                                format!(
                                    "kept for {} ({phase}) as `{order}`{cond}{instead}; it is \
                                     applied when that phase begins, if the unit is there then",
                                    phase.long_name()
                                ),
                            )
                        }
                        BlockOutcome::Now => self.pending.push((b.line, b.text)),
                        BlockOutcome::NotTaken { order } => {
                            let c = b
                                .condition
                                .as_ref()
                                .map(|c| c.to_string())
                                .unwrap_or_default();
                            self.ok(
                                b.line,
                                b.text.clone(),
                                format!(
                                    "`{order}` not taken: its condition `{c}` is false on \
                                     today's position (kept on record, not as an order)"
                                ),
                            )
                        }
                        BlockOutcome::Refused(why) => {
                            let why =
                                crate::text::refused::render_refused(crate::text::Lang::En, &why);
                            self.no(b.line, quote_unreadable(self.lang, &b.text), why)
                        }
                    }
                }
                self.pending.sort_by_key(|(n, _)| *n);
            }
            Err(e) => {
                let why = reason(self.lang, e)?;
                for b in to_game {
                    self.no(
                        b.line,
                        quote_unreadable(self.lang, &b.text),
                        format!("order not stored: {why}"),
                    );
                }
            }
        }
        Ok(())
    }
}

/// What the ENDIF line says: which branch today's position takes.
fn summary(o: &OpenIf, word: &str) -> String {
    if o.broken.is_some() {
        return format!(
            "end of the IF block of line {} (its orders were not stored)",
            o.line
        );
    }
    let around = if o.outer_today {
        ""
    } else {
        " (inside a branch today's position does not take)"
    };
    match o.taken_today {
        Some(n) => format!(
            "end of the IF block of line {}: on today's position the branch of line {n} {word}{around}",
            o.line
        ),
        None => format!(
            "end of the IF block of line {}: on today's position no branch {word}",
            o.line
        ),
    }
}
