//! PHASE and IF blocks in a message: the block structure followed line by
//! line, each order line inside a block kept with its phase and the
//! condition under which it counts, the reply saying for each IF which
//! branch today's position takes, and the lines handed to the game
//! together (see `crate::game::submit_block_orders`).

use super::JudgeError;
use super::session::{Session, Signed, quote_unreadable, reason};
use crate::command::{BlockWord, Command, Condition};
use crate::engine::Phase;
use crate::game::Store;
use crate::game::{self, BlockOrder, BlockOutcome};
use crate::text::{Args, Lang, plain, render};

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
    broken: Option<Broken>,
}

/// Why an order line of a block cannot be taken: a line of its block
/// could not be read.
#[derive(Debug, Clone, Copy)]
enum Broken {
    /// The PHASE line above it.
    PhaseLine(usize),
    /// A line of its IF block.
    IfLine(usize),
}

impl Broken {
    fn words(self, lang: Lang) -> String {
        let (key, n) = match self {
            Broken::PhaseLine(n) => ("players-block-phase-unreadable", n),
            Broken::IfLine(n) => ("players-block-if-unreadable", n),
        };
        render(lang, key, &Args::new().num("line", n as f64))
    }
}

/// Whether a block's phase is the one being played (its branches "are
/// taken") or a later one (they "would be taken").
#[derive(Debug, Clone, Copy)]
enum When {
    Now,
    Later,
}

impl When {
    fn word(self) -> &'static str {
        match self {
            When::Now => "now",
            When::Later => "later",
        }
    }
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
            (Some((n, None)), _) => Some(Broken::PhaseLine(*n)),
            (_, Some(n)) => Some(Broken::IfLine(n)),
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
                    let why = render(
                        self.lang,
                        "players-phase-inside-if",
                        &Args::new().num("line", o.line as f64),
                    );
                    self.no(line, quote, why);
                    return Ok(());
                }
                self.blocks.phase = Some((line, Some(*p)));
                let current = game::current_phase(st, &s.game).ok().flatten();
                let args = Args::new().str("phase", p.to_string()).str(
                    "phase_name",
                    crate::text::refused::phase_name(self.lang, *p),
                );
                let what = match current.map(|c| c.phase) {
                    Some(c) if *p < c => {
                        let args = args.str("current", c.to_string());
                        let why = render(self.lang, "players-phase-over", &args);
                        self.no(line, quote, why);
                        return Ok(());
                    }
                    Some(c) if *p == c => render(self.lang, "players-phase-current", &args),
                    _ => render(self.lang, "players-phase-later", &args),
                };
                self.ok(line, quote, what);
            }
            Command::If(c) => {
                if self.blocks.open.len() >= MAX_NESTING {
                    let why = render(
                        self.lang,
                        "players-if-too-deep",
                        &Args::new().num("max", MAX_NESTING as f64),
                    );
                    self.no(line, quote, why);
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
                    let why = plain(self.lang, "players-else-without-if");
                    self.no(line, quote, why);
                    return Ok(());
                };
                if open.has_else {
                    let why = render(
                        self.lang,
                        "players-else-after-else",
                        &Args::new().num("line", open.line as f64),
                    );
                    self.no(line, quote, why);
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
                None => {
                    let why = plain(self.lang, "players-endif-without-if");
                    self.no(line, quote, why)
                }
                Some(o) => {
                    let what = summary(self.lang, &o, self.phase_word(st, s));
                    self.ok(line, quote, what);
                }
            },
            _ => {}
        }
        Ok(())
    }

    /// Whether the block's phase is today's phase ("is taken") or a later
    /// one ("would be taken").
    fn phase_word(&self, st: &Store, s: &Signed) -> When {
        let current = game::current_phase(st, &s.game).ok().flatten();
        match (self.blocks.phase, current) {
            (Some((_, Some(p))), Some(c)) if p != c.phase => When::Later,
            _ => When::Now,
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
        let lang = self.lang;
        let word = self.phase_word(st, s).word();
        let around = if open.outer_today {
            String::new()
        } else {
            format!(" {}", plain(lang, "players-around-branch"))
        };
        let taken = || Args::new().str("when", word).str("around", around.clone());
        if let Some(n) = open.broken {
            if own.is_none() {
                open.has_else = true;
            }
            return Ok(Ok(render(
                lang,
                "players-if-broken",
                &Args::new().num("line", n as f64),
            )));
        }
        let Some(c) = own else {
            open.has_else = true;
            return Ok(Ok(match (open.known_today, open.taken_today) {
                (true, None) => {
                    open.taken_today = Some(line);
                    render(lang, "players-else-taken", &taken())
                }
                (true, Some(n)) => render(
                    lang,
                    "players-else-other-taken",
                    &Args::new().num("line", n as f64),
                ),
                (false, _) => plain(lang, "players-else-unknown"),
            }));
        };
        open.conds.push(c.clone());
        let today = match game::test_conditions(st, &s.game, &[c]) {
            Ok(v) => v.into_iter().next().unwrap_or(Ok(false)),
            Err(e) => {
                let why = reason(self.lang, e)?;
                open.broken.get_or_insert(line);
                open.known_today = false;
                return Ok(Err(render(
                    lang,
                    "players-if-error",
                    &Args::new().str("why", why),
                )));
            }
        };
        Ok(match today {
            Err(why) => {
                let why = crate::text::refused::render_refused(lang, &why);
                open.broken.get_or_insert(line);
                open.known_today = false;
                Err(render(
                    lang,
                    "players-if-not-understood",
                    &Args::new().str("why", why),
                ))
            }
            Ok(v) => {
                let truth = if v { "true" } else { "false" };
                let args = Args::new().str("condition", c.to_string());
                Ok(match open.taken_today {
                    Some(n) => render(
                        lang,
                        "players-condition-after",
                        &args.str("truth", truth).num("line", n as f64),
                    ),
                    None if v => {
                        open.taken_today = Some(line);
                        let args = args.str("when", word).str("around", around.clone());
                        render(lang, "players-condition-taken", &args)
                    }
                    None => render(lang, "players-condition", &args.str("truth", truth)),
                })
            }
        })
    }

    /// Hands the block order lines to the game: kept for their phase,
    /// taken now (then submitted with the other order lines), or not
    /// taken. An IF left open at the end of the message is closed there,
    /// and the reply says so.
    pub(super) fn flush_blocks(&mut self, st: &mut Store) -> Result<(), JudgeError> {
        let blocks = std::mem::take(&mut self.blocks);
        let lang = self.lang;
        let note = format!("\n  {}", plain(lang, "players-note-no-endif"));
        for o in &blocks.open {
            if let Some(e) = self.entries.iter_mut().rev().find(|e| e.line == o.line) {
                match &mut e.done {
                    Ok(w) | Err(w) => w.push_str(&note),
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
                Some(why) => self.no(line, quote_unreadable(self.lang, &text), why.words(lang)),
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
        let sender = self.sender();
        match game::submit_block_orders(st, &s.game, &s.power, &to_game, &sender, self.now) {
            Ok(outcomes) => {
                for (b, out) in to_game.into_iter().zip(outcomes) {
                    let cond = b
                        .condition
                        .as_ref()
                        .map(|c| {
                            let args = Args::new().str("condition", c.to_string());
                            render(lang, "players-kept-condition", &args)
                        })
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
                                let orders = format!("`{}`", replaced.join("`, `"));
                                let args = Args::new().str("orders", orders);
                                render(lang, "players-kept-replacing", &args)
                            };
                            let args = Args::new()
                                .str("phase_name", crate::text::refused::phase_name(lang, phase))
                                .str("phase", phase.to_string())
                                .str("order", order)
                                .str("condition", cond)
                                .str("replacing", instead);
                            let what = render(lang, "players-kept", &args);
                            self.ok(b.line, b.text.clone(), what)
                        }
                        BlockOutcome::Now => self.pending.push((b.line, b.text)),
                        BlockOutcome::NotTaken { order } => {
                            let c = b
                                .condition
                                .as_ref()
                                .map(|c| c.to_string())
                                .unwrap_or_default();
                            let args = Args::new().str("order", order).str("condition", c);
                            let what = render(lang, "players-not-taken", &args);
                            self.ok(b.line, b.text.clone(), what)
                        }
                        BlockOutcome::Refused(why) => {
                            let why = crate::text::refused::render_refused(lang, &why);
                            self.no(b.line, quote_unreadable(self.lang, &b.text), why)
                        }
                    }
                }
                self.pending.sort_by_key(|(n, _)| *n);
            }
            Err(e) => {
                let why = reason(self.lang, e)?;
                let why = render(
                    lang,
                    "players-block-not-stored",
                    &Args::new().str("why", why),
                );
                for b in to_game {
                    self.no(b.line, quote_unreadable(self.lang, &b.text), why.clone());
                }
            }
        }
        Ok(())
    }
}

/// What the ENDIF line says: which branch today's position takes.
fn summary(lang: Lang, o: &OpenIf, when: When) -> String {
    let args = Args::new().num("line", o.line as f64);
    if o.broken.is_some() {
        return render(lang, "players-endif-broken", &args);
    }
    let args = args.str("when", when.word());
    match o.taken_today {
        Some(n) => {
            let around = if o.outer_today {
                String::new()
            } else {
                format!(" {}", plain(lang, "players-around-endif"))
            };
            let args = args.num("branch", n as f64).str("around", around);
            render(lang, "players-endif-taken", &args)
        }
        None => render(lang, "players-endif-none", &args),
    }
}
