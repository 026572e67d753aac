//! The command language players write in the body of a mail to the judge.
//!
//! This module is pure: it reads text and returns commands, with no
//! database and no clock. [`crate::judge`] carries the commands out.
//!
//! # Reading a body
//!
//! [`clean_body`] keeps the lines that count: quoted text is dropped (a
//! line marked with `>`, and the earlier mail under a client's quote
//! header: see `quote`), a `-- ` signature line ends the body, and every line is trimmed
//! but keeps its line number in the mail (and the column it started at), so
//! that the reply can name it. [`parse_message`] then reads the lines one
//! by one: blank lines and `#` comments are skipped, a line beginning with
//! a keyword is a command, a `PRESS`/`BROADCAST` line takes every line up
//! to `ENDPRESS` as the text to relay, `SIGN OFF` ends the reading, and
//! any other line is an order line passed on to the game (which reads
//! orders, spy orders and reactions); several orders on one line,
//! separated by `,` or `;`, are read one by one.
//!
//! A password goes on its command's line. The next line that is not
//! blank after a command that leaves its password or code out (`SIGNON
//! france mygame`, `MASTER`, `SET PASSWORD`...) may be that password: its
//! item is marked ([`Item::secret_of`], by the rule of `secret_next`,
//! which the masking of stored mail uses too), and the judge neither
//! reads nor repeats it.
//!
//! # Grammar
//!
//! Keywords ignore case; their spellings are data, in
//! `src/command/words.toml`. Arguments are separated by spaces.
//!
//! ```text
//! signon       = "SIGNON" power game [password]
//!              | "SIGNON" initial game password  (njudge: `SIGN ON Fmygame pw`,
//!                                                  the initial glued to the game)
//! master       = "MASTER" password
//! join         = "JOIN" [power] game password
//! observe      = "OBSERVE" game
//! list         = "LIST" [game]
//! history      = "HISTORY" game [phase]
//! map          = "MAP" game [phase] ["BEFORE" | "AFTER"]
//! help         = "HELP"
//! signoff      = "SIGNOFF" | "SIGN OFF"     (nothing below it is read)
//! set_password = "SET PASSWORD" password
//! set_wait     = "SET WAIT" | "SET NOWAIT"
//! set_absence  = "SET ABSENCE" date ["TO" date]  (dates as 2025-03-30)
//!              | "SET NO ABSENCE"
//! set_draw     = "SET DRAW" {power [","]} | "SET NO DRAW"
//! set_concede  = "SET CONCEDE" power | "SET NO CONCEDE"
//! takeover     = "TAKEOVER" power game password
//! approve | refuse | eject | become = keyword game power   (master)
//! resign       = "RESIGN"
//! clear        = "CLEAR"
//! press        = "PRESS" ["TO"] power {"," power} [anonymous] [fake]   text lines   "ENDPRESS"
//!              | "PRESS" fake [anonymous]                   (to everybody, faked)
//! broadcast    = "BROADCAST" ["TO" powers] [anonymous] [fake]         text lines   "ENDPRESS"
//! fake         = "FAKE" ("BROADCAST" | ["PARTIAL"] "TO" powers)   (see `fake_press`)
//! summary | whogame = keyword game
//! set_address  = "SET ADDRESS" address
//! confirm      = "CONFIRM ADDRESS" code
//! set_language = "SET LANGUAGE" tag             (en, fr, de: checked by the judge)
//! create       = "CREATE" game {key "=" value}
//! start | process | pause | resume | terminate | preview = keyword game
//! set_deadline = "SET DEADLINE" game when        (the rest of the line)
//! rollback     = "ROLLBACK" game phase
//! publish_head = "PUBLISH HEAD" game          (master: the final signed head to the players)
//! phase | if | else_if | else | endif        (orders for later phases and
//!                                              conditional orders: see `blocks.rs`)
//! anonymous    = "ANON" | "ANONYMOUS" | "GREY" | "GRAY"
//! game         = letters, digits, "-" and "_"
//! power        = a letter or a name (one word; "-" joins words)
//! ```
//!
//! A power is kept as written; the judge looks it up in the game's map,
//! which knows the names, the other languages' names and, through
//! [`power_by_word`], the initial letters.
//!
//! # Errors
//!
//! A line that begins with a keyword but does not follow its grammar is
//! a [`CommandError`]: the line and column where reading stopped, what was
//! expected there and what was found.

use crate::engine::{Map, PowerId};

mod blocks;
mod display;
mod errors;
mod fake_press;
mod grammar;
mod player_info;
pub(crate) mod quote;
pub(crate) mod secret;
pub(crate) mod secret_next;
mod words;

pub use blocks::{BlockWord, Condition, UnitTest, block_word, phase_words};
pub use errors::{CommandError, Expectation, Found, Note, Want};
pub use fake_press::Shown;
pub use player_info::looks_like_address;

use grammar::{LineKind, parse_line, starts_press};
pub use words::create_setting;
#[cfg(test)]
pub(crate) use words::keyword_spellings;
use words::{Kw, words};

/// At most this many lines of a body are read; the rest is ignored (and
/// the reply says so).
pub const MAX_LINES: usize = 400;
/// A longer line is rejected without being read.
pub const MAX_LINE_CHARS: usize = 400;
/// The most text one PRESS or BROADCAST may carry, in characters.
pub const MAX_PRESS_CHARS: usize = 20_000;

// ------------------------------------------------------------ clean-up

/// A line of a mail body that counts, as written (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLine<'a> {
    /// 1-based line number in the body.
    pub number: usize,
    /// 1-based column (in characters) of the first character kept.
    pub column: usize,
    /// The line's text, trimmed, borrowed from the body.
    pub text: &'a str,
}

/// Keeps the lines that count: drops quoted text (lines marked with `>`,
/// and the earlier mail under a client's quote header, see `quote`),
/// phone signatures, and everything below a `-- ` signature line; trims
/// each line. Blank lines are kept (they matter inside press).
pub fn clean_body(body: &str) -> Vec<BodyLine<'_>> {
    quote::split(body).0
}

// ------------------------------------------------------------ commands

/// One command of the language (see the module comment for the grammar).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `SIGNON <power> <game> [<password>]` (or njudge's `SIGN ON <initial><game> <password>`): the
    /// rest of the mail speaks for that power.
    Signon {
        /// The power as written (for the njudge form, the initial glued to the game).
        power: String,
        /// The game's name (for the njudge form, the password).
        game: String,
        /// The power's password, when one is written.
        password: Option<String>,
    },
    /// `MASTER <password>`: the rest of the mail speaks as the game master.
    Master {
        /// The master password as written.
        password: String,
    },
    /// `JOIN [<power>] <game> <password>`: the sender asks to play in a forming game.
    Join {
        /// The power asked for, as written; none for a power drawn at random when the game fills.
        power: Option<String>,
        /// The game to join.
        game: String,
        /// The password the new player chooses for the power.
        password: String,
    },
    /// `OBSERVE <game>`: the sender asks to follow the game as an observer.
    Observe {
        /// The game to follow.
        game: String,
    },
    /// `LIST [<game>]`: the games on this judge, or one game's state.
    List {
        /// The game to show, or none for all games.
        game: Option<String>,
    },
    /// `HISTORY <game> [<phase>]`: the results of a game's processed phases.
    History {
        /// The game whose history is asked for.
        game: String,
        /// The phase to show, as written, or none for the whole history.
        phase: Option<String>,
    },
    /// `MAP game [phase] [BEFORE|AFTER]`: the picture of the board
    /// (issue 13); a processed phase on the board after it (its results
    /// picture), or with BEFORE on the board before it (issue 24).
    Map {
        /// The game whose picture is asked for.
        game: String,
        /// The phase, as written, or none for the current board.
        phase: Option<String>,
        /// Whether the board before the phase is asked for (BEFORE) rather than after it.
        before: bool,
    },
    /// `HELP`: the list of commands, in the reader's language.
    Help,
    /// `SET PASSWORD <password>`: the signed-on power's password changed.
    SetPassword {
        /// The new password as written.
        password: String,
    },
    /// `SET WAIT` (true) or `SET NOWAIT` (false): whether the phase waits for its deadline even
    /// when every order is in.
    SetWait(bool),
    /// `SET ABSENCE <date> [TO <date>]`: no deadline while away.
    SetAbsence {
        /// The first day away, as written (a date such as 2025-03-30).
        from: String,
        /// The last day away, as written, or none for a single day.
        to: Option<String>,
    },
    /// `SET NO ABSENCE`: the absences not yet over are withdrawn.
    SetNoAbsence,
    /// `SET DRAW [power ...]`: a vote for a draw, including all survivors
    /// (no powers given) or the powers named.
    SetDraw {
        /// The powers named as written; empty for all survivors.
        powers: Vec<String>,
    },
    /// `SET NO DRAW`: the draw vote withdrawn.
    SetNoDraw,
    /// `SET CONCEDE <power>`: a vote to concede the game to that power.
    SetConcede {
        /// The power the game would be conceded to, as written.
        power: String,
    },
    /// `SET NO CONCEDE`: the concession withdrawn.
    SetNoConcede,
    /// `TAKEOVER <power> <game> <password>`: a vacant power of a running
    /// game asked for.
    Takeover {
        /// The vacant power asked for, as written.
        power: String,
        /// The running game it plays in.
        game: String,
        /// The password the new player chooses for the power.
        password: String,
    },
    /// Master: `APPROVE <game> <power>` / `REFUSE <game> <power>`, the
    /// answer to a takeover request.
    Decide {
        /// True for APPROVE, false for REFUSE.
        approve: bool,
        /// The game of the request.
        game: String,
        /// The power the request is for, as written.
        power: String,
    },
    /// Master: `EJECT <game> <power>`, the player removed.
    Eject {
        /// The game the player is removed from.
        game: String,
        /// The power whose player is removed, as written.
        power: String,
    },
    /// Master: `BECOME <game> <power>`, acting for the power in the rest
    /// of the mail (its player gets a copy of the reply).
    Become {
        /// The game the master acts in.
        game: String,
        /// The power the master acts for, as written.
        power: String,
    },
    /// Master: `UNLOCK <game> <power>`, or `UNLOCK MASTER` (`target`
    /// none): the lock that wrong passwords put on a power's password, or
    /// on the master password, lifted.
    Unlock {
        /// `(game, power)` as written for a power's lock; none for the master password's lock.
        target: Option<(String, String)>,
    },
    /// `RESIGN`: the signed-on player gives up the power, which is left without a player.
    Resign,
    /// `CLEAR`: the signed-on power's orders withdrawn, for the current phase and later ones.
    Clear,
    /// `PRESS TO ...` (`to` given) or `BROADCAST` (`to` empty).
    Press {
        /// The recipients as written (the powers left out with `all_but`); empty for a broadcast.
        to: Vec<String>,
        /// `PRESS TO ALL BUT ...`: `to` are the powers left out; the press
        /// goes to every other power still in the game.
        all_but: bool,
        /// Whether no recipients are named: the press goes to every power.
        broadcast: bool,
        /// Whether the sender is hidden from the recipients (ANON, GREY and the like).
        anonymous: bool,
        /// `FAKE ...`: what the recipients are shown as the recipients.
        fake: Option<Shown>,
        /// The text to relay: the lines up to ENDPRESS, one per line, trailing blank lines dropped.
        text: String,
    },
    /// `SUMMARY <game>`: who played each power when, and the centres
    /// year by year.
    Summary {
        /// The game whose summary is asked for.
        game: String,
    },
    /// `WHOGAME <game>`: the players and observers.
    WhoGame {
        /// The game whose players and observers are asked for.
        game: String,
    },
    /// `SET ADDRESS <address>`: the judge writes to the player there once
    /// the new address confirms.
    SetAddress {
        /// The new address as written.
        address: String,
    },
    /// `CONFIRM ADDRESS <code>`, from the new address.
    ConfirmAddress {
        /// The confirmation code the judge sent to the new address.
        code: String,
    },
    /// `SET LANGUAGE <tag>`: the judge writes to this address in that
    /// language from now on. The tag is kept as written; the judge
    /// answers an unknown one with the choices.
    SetLanguage {
        /// The language tag as written (such as `en`, `fr`, `de`).
        tag: String,
    },
    /// Master: `CREATE <game> {key=value}`, a new game, forming, with the settings given.
    Create {
        /// The new game's name.
        game: String,
        /// `(canonical key, value)`, in the order written.
        settings: Vec<(String, String)>,
    },
    /// Master: `START <game>`, a forming game whose powers all have players begins.
    Start {
        /// The game to start.
        game: String,
    },
    /// Master: `PROCESS <game>`, the current phase processed now, before its deadline.
    Process {
        /// The game to process.
        game: String,
    },
    /// Master: `PAUSE <game>`, no processing until the game resumes.
    Pause {
        /// The game to pause.
        game: String,
    },
    /// Master: `RESUME <game>`, a paused game runs again.
    Resume {
        /// The game to resume.
        game: String,
    },
    /// `TERMINATE <game>` (njudge's word): the master ends the game as it
    /// stands.
    Terminate {
        /// The game to end.
        game: String,
    },
    /// Master: `SET DEADLINE <game> <when>`, the current phase's deadline moved.
    SetDeadline {
        /// The game whose deadline moves.
        game: String,
        /// The new deadline, the rest of the line as written.
        when: String,
    },
    /// Master: `ROLLBACK <game> <phase>`, play undone back to the start of that phase.
    Rollback {
        /// The game to roll back.
        game: String,
        /// The phase to go back to, as written.
        phase: String,
    },
    /// Master: `PREVIEW <game>`, what processing the current phase now would give, with nothing
    /// stored.
    Preview {
        /// The game to preview.
        game: String,
    },
    /// `PUBLISH HEAD <game>`: the master mails the final signed head of a
    /// finished game's secret log to its players.
    PublishHead {
        /// The game whose head is published.
        game: String,
    },
    /// `SIGN OFF`: nothing below it is read (signatures, quoted text).
    SignOff,
    /// `PHASE <phase>`: the order lines below are for that later phase.
    Phase(crate::engine::Phase),
    /// `IF <condition>`: the lines below, up to ELSE or ENDIF, count only
    /// when the condition holds as the phase begins.
    If(Condition),
    /// `ELSE IF <condition>`.
    ElseIf(Condition),
    /// `ELSE`: the lines below, up to ENDIF, count when no condition of the block held.
    Else,
    /// `ENDIF`: the end of a conditional block.
    EndIf,
    /// Any other line: an order, spy order or reaction, for the game.
    Order(String),
}

impl Command {
    /// Whether only the game master may give it.
    pub fn is_master(&self) -> bool {
        matches!(
            self,
            Command::Create { .. }
                | Command::Start { .. }
                | Command::Process { .. }
                | Command::Pause { .. }
                | Command::Resume { .. }
                | Command::Terminate { .. }
                | Command::SetDeadline { .. }
                | Command::Rollback { .. }
                | Command::Preview { .. }
                | Command::PublishHead { .. }
                | Command::Decide { .. }
                | Command::Eject { .. }
                | Command::Become { .. }
                | Command::Unlock { .. }
        )
    }

    /// The command as the reply quotes it: passwords replaced by `****`,
    /// press shown by its first line only.
    pub fn quoted(&self) -> String {
        let hide = "****".to_string();
        match self {
            // Two words may be the njudge form `Fmygame <password>`: the
            // second is not shown.
            Command::Signon {
                power,
                game,
                password,
            } => match password {
                Some(_) => format!("{} {power} {game} {hide}", words().spelling(Kw::Signon)),
                None => format!("{} {power} {hide}", words().spelling(Kw::Signon)),
            },
            Command::Master { .. } => Command::Master { password: hide }.to_string(),
            Command::Join { power, game, .. } => Command::Join {
                power: power.clone(),
                game: game.clone(),
                password: hide,
            }
            .to_string(),
            Command::SetPassword { .. } => Command::SetPassword { password: hide }.to_string(),
            Command::Takeover { power, game, .. } => Command::Takeover {
                power: power.clone(),
                game: game.clone(),
                password: hide,
            }
            .to_string(),
            Command::Press { .. } => self.to_string().lines().next().unwrap_or("").to_string(),
            Command::ConfirmAddress { .. } => Command::ConfirmAddress { code: hide }.to_string(),
            other => other.to_string(),
        }
    }

    /// The command as the reply quotes it ([`Command::quoted`]), a PHASE
    /// line naming its phase as `name` gives it (the reply gives the
    /// phase's long English name, from the words layer: `PHASE Fall 1902
    /// Retreat`; the command itself prints `PHASE F1902R`).
    pub fn quoted_naming(&self, name: impl FnOnce(crate::engine::Phase) -> String) -> String {
        match self {
            Command::Phase(p) => format!("{} {}", words().spelling(Kw::Phase), name(*p)),
            other => other.quoted(),
        }
    }
}

/// One item of a message: a command (or the error reading it) with the
/// line it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// 1-based line number in the body (for press, the PRESS line).
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    /// The command read from the line, or what was wrong with it.
    pub command: Result<Command, CommandError>,
    /// A remark for the reply about how the line was read (a press with
    /// no ENDPRESS ran to the end of the mail).
    pub note: Option<Note>,
    /// The line above it (its number) that is a command leaving out its
    /// password or code, when this line is the next one not blank: it may
    /// be that secret (see `secret_next`). The judge does not read it
    /// unless that command succeeded without it, and never quotes it.
    pub secret_of: Option<usize>,
}

/// A message's commands, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Message {
    /// The items of the message, in the order of the body.
    pub items: Vec<Item>,
    /// Set when the body had more than [`MAX_LINES`] lines: the number of
    /// the first line not read.
    pub cut_at: Option<usize>,
    /// The quoted text and signatures left out (see `quote::split`).
    pub skipped: Vec<quote::Skipped>,
}

/// Reads a mail body into commands (see the module comment).
pub fn parse_message(body: &str) -> Message {
    let (lines, skipped) = quote::split(body);
    let mut msg = Message {
        skipped,
        ..Message::default()
    };
    // The lines that may be the password a line above left out, by the
    // one rule the masking of stored mail uses (on the lines as written,
    // quoted ones included).
    let secret_of = secret_next::secret_lines(body.lines());
    let mut iter = lines.into_iter();
    let mut read = 0usize;
    while let Some(l) = iter.next() {
        if l.text.is_empty() || l.text.starts_with('#') {
            continue;
        }
        read += 1;
        if read > MAX_LINES {
            msg.cut_at = Some(l.number);
            break;
        }
        if l.text.chars().count() > MAX_LINE_CHARS {
            let mut item = line_item(&l, Err(long_line_error(&l)));
            item.secret_of = secret_of
                .get(l.number - 1)
                .copied()
                .flatten()
                .map(|o| o + 1);
            msg.items.push(item);
            continue;
        }
        let head = parse_line(l.text);
        let before = msg.items.len();
        let reads_on = match press_header(&l, &head) {
            Some(header) => read_press(&l, header, &head, &mut iter, &mut msg.items),
            None => read_line(&l, head, &mut msg.items),
        };
        if let Some(open) = secret_of.get(l.number - 1).copied().flatten() {
            for item in &mut msg.items[before..] {
                item.secret_of = Some(open + 1);
            }
        }
        if !reads_on {
            break;
        }
    }
    msg
}

/// The item of one body line, with no note.
fn line_item(l: &BodyLine<'_>, command: Result<Command, CommandError>) -> Item {
    Item {
        line: l.number,
        text: l.text.to_string(),
        command,
        note: None,
        secret_of: None,
    }
}

/// The error for a line longer than [`MAX_LINE_CHARS`], which is not read.
fn long_line_error(l: &BodyLine<'_>) -> CommandError {
    CommandError {
        line: l.number,
        column: l.column,
        expected: Expectation(vec![Want::ShortLine {
            max: MAX_LINE_CHARS,
        }]),
        found: Found::LongerLine,
    }
}

/// The error for a line whose reading stopped at `e`, at the column in the
/// mail where it stopped.
fn stopped_error(l: &BodyLine<'_>, e: &grammar::Expected<'_>) -> CommandError {
    let offset = l.text.len() - e.at.len();
    CommandError {
        line: l.number,
        column: l.column + l.text[..offset].chars().count(),
        expected: e.expected(),
        found: Found::at(e.at),
    }
}

/// The first line of a press block, as read.
struct PressHead {
    to: Vec<String>,
    all_but: bool,
    broadcast: bool,
    anonymous: bool,
    fake: Option<Shown>,
}

/// Whether a line opens a press block: `Some` for a PRESS or BROADCAST
/// line whether or not the rest of it could be read (`Err` when it could
/// not), so that its text is never read as orders.
fn press_header(
    l: &BodyLine<'_>,
    head: &Result<LineKind, grammar::Expected<'_>>,
) -> Option<Result<PressHead, ()>> {
    match head {
        Ok(LineKind::PressHead {
            to,
            all_but,
            broadcast,
            anonymous,
            fake,
        }) => Some(Ok(PressHead {
            to: to.clone(),
            all_but: *all_but,
            broadcast: *broadcast,
            anonymous: *anonymous,
            fake: fake.clone(),
        })),
        Err(_) if starts_press(l.text) => Some(Err(())),
        _ => None,
    }
}

/// Reads a press block from its first line `l` to its end and adds its
/// item; whether the mail reads on (a SIGN OFF in the press ends it).
fn read_press<'a>(
    l: &BodyLine<'_>,
    header: Result<PressHead, ()>,
    head: &Result<LineKind, grammar::Expected<'_>>,
    lines: &mut impl Iterator<Item = BodyLine<'a>>,
    items: &mut Vec<Item>,
) -> bool {
    let PressBody {
        text,
        ended,
        too_long,
        signed_off,
    } = read_press_body(lines);
    let command = match (header, head) {
        (Err(()), Err(e)) => Err(stopped_error(l, e)),
        (Err(()), Ok(_)) => unreachable!("a press head that read is Ok"),
        (Ok(_), _) if too_long => Err(CommandError {
            line: l.number,
            column: l.column,
            expected: Expectation(vec![Want::ShortPress {
                max: MAX_PRESS_CHARS,
            }]),
            found: Found::LongerText,
        }),
        (Ok(h), _) => Ok(Command::Press {
            to: h.to,
            all_but: h.all_but,
            broadcast: h.broadcast,
            anonymous: h.anonymous,
            fake: h.fake,
            text,
        }),
    };
    let note = (!ended && !signed_off).then_some(Note::NoEndPress);
    items.push(Item {
        note,
        ..line_item(l, command)
    });
    !signed_off
}

/// Adds the items of a line that is not a press block; whether the mail
/// reads on (SIGN OFF ends it).
fn read_line(
    l: &BodyLine<'_>,
    head: Result<LineKind, grammar::Expected<'_>>,
    items: &mut Vec<Item>,
) -> bool {
    match head {
        // Several orders on one line, separated by `,` or `;`, are
        // read (and answered) one by one; a line that is not a list of
        // orders is one line, refused once.
        Ok(LineKind::Command(Command::Order(text))) if is_order_list(&text) => {
            for part in text.split([',', ';']).map(str::trim) {
                if !part.is_empty() {
                    items.push(Item {
                        text: part.to_string(),
                        ..line_item(l, Ok(Command::Order(part.to_string())))
                    });
                }
            }
        }
        Ok(LineKind::Command(Command::SignOff)) => {
            items.push(line_item(l, Ok(Command::SignOff)));
            return false;
        }
        Ok(LineKind::Command(c)) => items.push(line_item(l, Ok(c))),
        Ok(LineKind::PressHead { .. }) => unreachable!("press heads are read above"),
        Ok(LineKind::EndPress) => items.push(line_item(
            l,
            Err(CommandError {
                line: l.number,
                column: l.column,
                expected: Expectation(vec![Want::PressBeforeEndpress]),
                found: Found::EndPress,
            }),
        )),
        Err(e) => items.push(line_item(l, Err(stopped_error(l, &e)))),
    }
    true
}

/// The lines of a press block after its first line.
struct PressBody {
    text: String,
    /// An ENDPRESS line closed it.
    ended: bool,
    /// It ran past [`MAX_PRESS_CHARS`] (the rest was not kept).
    too_long: bool,
    /// A SIGN OFF line closed it, and the mail.
    signed_off: bool,
}

/// Reads a press block's text up to its ENDPRESS (or SIGN OFF, or the end
/// of the mail).
fn read_press_body<'a>(lines: &mut impl Iterator<Item = BodyLine<'a>>) -> PressBody {
    let mut text = String::new();
    let mut ended = false;
    let mut too_long = false;
    let mut signed_off = false;
    for b in lines.by_ref() {
        match parse_line(b.text) {
            Ok(LineKind::EndPress) => {
                ended = true;
                break;
            }
            // SIGN OFF ends the press and the mail.
            Ok(LineKind::Command(Command::SignOff)) => {
                signed_off = true;
                break;
            }
            _ => {}
        }
        if text.len() + b.text.len() > MAX_PRESS_CHARS {
            too_long = true;
        } else {
            if !text.is_empty() || !b.text.is_empty() {
                text.push_str(b.text);
            }
            text.push('\n');
        }
    }
    PressBody {
        text: text.trim_end().to_string(),
        ended,
        too_long,
        signed_off,
    }
}

/// Whether `text`, written as a press's text under its first line and
/// over its `ENDPRESS`, reads back whole as that press's text: none of
/// its lines ends the press or the mail early (`ENDPRESS`, `SIGN OFF`, in
/// any spelling the reader knows), is left out as quoted text or below a
/// signature, and it is not too long. The web pages' press form checks
/// what it writes with it, so that a text never turns into commands.
pub fn reads_as_press_text(text: &str) -> bool {
    let body = format!("BROADCAST\n{text}\nENDPRESS\n");
    let m = parse_message(&body);
    let as_read: Vec<&str> = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .collect();
    let want = as_read.join("\n");
    m.skipped.is_empty()
        && m.cut_at.is_none()
        && matches!(
            m.items.as_slice(),
            [Item { command: Ok(Command::Press { text: t, .. }), note: None, .. }]
                if *t == want.trim_end()
        )
}

/// Whether a line opens a press block (it begins with PRESS or
/// BROADCAST, whether or not the rest can be read).
pub fn opens_press(line: &str) -> bool {
    starts_press(line.trim())
}

/// Whether a line is several orders separated by `,` or `;`: each part
/// looks like an order.
fn is_order_list(text: &str) -> bool {
    text.contains([',', ';'])
        && text
            .split([',', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .all(looks_like_order)
}

/// Whether a text begins as an order on one of the built-in maps (a unit
/// and a province it knows, in any phase), even if the rest is wrong.
pub fn looks_like_order(text: &str) -> bool {
    use crate::engine::BUILTIN_MAPS;
    use crate::engine::PhaseKind;
    use crate::engine::parse_line;
    BUILTIN_MAPS
        .iter()
        .filter_map(|(name, _)| Map::by_variant(name))
        .any(|map| {
            [
                PhaseKind::Movement,
                PhaseKind::Retreat,
                PhaseKind::Adjustment,
            ]
            .into_iter()
            .any(|k| match parse_line(map, k, text) {
                Ok(_) => true,
                Err(e) => e.column > 1,
            })
        })
}

/// Whether a trimmed line closes a press block: ENDPRESS, or SIGN OFF
/// (which ends the mail too).
fn closes_press(line: &str) -> bool {
    matches!(
        parse_line(line),
        Ok(LineKind::EndPress | LineKind::Command(Command::SignOff))
    )
}

/// A power written in a command, looked up in the game's map: a name or
/// alias (`france`, `Frankreich`, `fra`), or its initial letter (`F`) when
/// no other power of the map shares it.
pub fn power_by_word(map: &Map, word: &str) -> Option<PowerId> {
    if let Some(id) = map.power_by_name(word) {
        return Some(id);
    }
    let mut chars = word.chars();
    let letter = chars.next()?.to_lowercase().next()?;
    if chars.next().is_some() {
        return None;
    }
    let mut hits = map.powers().iter().filter(|p| p.name.starts_with(letter));
    match (hits.next(), hits.next()) {
        (Some(p), None) => Some(p.id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::Map;

    /// A press text reads back whole unless a line of it would end the
    /// press or the mail, or be left out.
    #[test]
    fn a_press_text_reads_back_whole_or_is_said_not_to() {
        assert!(reads_as_press_text("Hello,\nshall we talk?\n\nYours"));
        assert!(reads_as_press_text("  indented\n\n"));
        for cut in [
            "Hi\nENDPRESS\nSET PASSWORD x",
            "Hi\nend press",
            "Hi\nEND BROADCAST",
            "Hi\nSIGN OFF",
            "Hi\nsignoff",
            "Hi\n-- \nsignature",
        ] {
            assert!(!reads_as_press_text(cut), "{cut:?}");
        }
        assert!(!reads_as_press_text(&"x".repeat(MAX_PRESS_CHARS + 10)));
    }

    /// A list of orders is read order by order; any other line with
    /// commas is one line (refused once by the judge).
    #[test]
    fn only_a_list_of_orders_is_split_at_its_commas() {
        let texts = |body: &str| -> Vec<String> {
            parse_message(body)
                .items
                .into_iter()
                .map(|i| i.text)
                .collect()
        };
        assert_eq!(
            texts("A par - bur, F bre - mao; A mar H"),
            ["A par - bur", "F bre - mao", "A mar H"]
        );
        assert_eq!(
            texts("A par - bur, F bre - mqq"),
            ["A par - bur", "F bre - mqq"]
        );
        assert_eq!(
            texts("Thanks, see you soon, and good luck, bye"),
            ["Thanks, see you soon, and good luck, bye"]
        );
        assert_eq!(texts("A par - bur, thanks"), ["A par - bur, thanks"]);
    }

    #[test]
    fn power_letters_come_from_the_map() {
        let map = Map::standard();
        let f = map.power_by_name("france").unwrap();
        assert_eq!(power_by_word(map, "F"), Some(f));
        assert_eq!(power_by_word(map, "f"), Some(f));
        assert_eq!(power_by_word(map, "Frankreich"), Some(f));
        assert_eq!(power_by_word(map, "X"), None);
    }
}
