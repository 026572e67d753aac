//! How a command is printed: in the form [`super::parse_message`] reads
//! back, keywords in capitals, a press with its text lines and `ENDPRESS`.

use super::*;
use std::fmt;

/// Prints a command in the form [`parse_message`] reads back: keywords in
/// capitals, a press with its text lines and `ENDPRESS`.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Signon { .. }
            | Command::Master { .. }
            | Command::Join { .. }
            | Command::Observe { .. }
            | Command::SetPassword { .. }
            | Command::Takeover { .. }
            | Command::Resign
            | Command::SignOff
            | Command::SetAddress { .. }
            | Command::ConfirmAddress { .. }
            | Command::SetLanguage { .. } => self.fmt_account(f),
            Command::List { .. }
            | Command::History { .. }
            | Command::Map { .. }
            | Command::Help
            | Command::Summary { .. }
            | Command::WhoGame { .. } => self.fmt_reading(f),
            Command::SetWait(..)
            | Command::SetAbsence { .. }
            | Command::SetNoAbsence
            | Command::SetDraw { .. }
            | Command::SetNoDraw
            | Command::SetConcede { .. }
            | Command::SetNoConcede
            | Command::Clear => self.fmt_setting(f),
            Command::Decide { .. }
            | Command::Eject { .. }
            | Command::Become { .. }
            | Command::Unlock { .. }
            | Command::Create { .. }
            | Command::Start { .. }
            | Command::Process { .. }
            | Command::Pause { .. }
            | Command::Terminate { .. }
            | Command::Resume { .. }
            | Command::SetDeadline { .. }
            | Command::Rollback { .. }
            | Command::Preview { .. }
            | Command::PublishHead { .. } => self.fmt_master(f),
            Command::Phase(..)
            | Command::If(..)
            | Command::ElseIf(..)
            | Command::Else
            | Command::EndIf => self.fmt_block(f),
            Command::Press {
                to,
                all_but,
                broadcast,
                anonymous,
                fake,
                text,
            } => fmt_press(
                f,
                to,
                PressFlags {
                    all_but: *all_but,
                    broadcast: *broadcast,
                    anonymous: *anonymous,
                },
                fake.as_ref(),
                text,
            ),
            Command::Order(text) => write!(f, "{text}"),
        }
    }
}

/// The groups of commands, each written as [`parse_message`] reads it back.
impl Command {
    /// Writes a command about a player's place and account: signing on, joining, taking over, passwords, addresses, language, resigning, SIGN OFF.
    fn fmt_account(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kw = |k: Kw| words().spelling(k);
        match self {
            Command::Signon {
                power,
                game,
                password,
            } => {
                write!(f, "{} {power} {game}", kw(Kw::Signon))?;
                if let Some(p) = password {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Command::Master { password } => write!(f, "{} {password}", kw(Kw::Master)),
            Command::Join {
                power,
                game,
                password,
            } => {
                write!(f, "{}", kw(Kw::Join))?;
                if let Some(p) = power {
                    write!(f, " {p}")?;
                }
                write!(f, " {game} {password}")
            }
            Command::Observe { game } => write!(f, "{} {game}", kw(Kw::Observe)),
            Command::SetPassword { password } => {
                write!(f, "{} {password}", kw(Kw::SetPassword))
            }
            Command::Takeover {
                power,
                game,
                password,
            } => write!(f, "{} {power} {game} {password}", kw(Kw::Takeover)),
            Command::Resign => write!(f, "{}", kw(Kw::Resign)),
            Command::SignOff => write!(f, "{}", kw(Kw::Signoff)),
            Command::SetAddress { address } => write!(f, "{} {address}", kw(Kw::SetAddress)),
            Command::ConfirmAddress { code } => write!(f, "{} {code}", kw(Kw::ConfirmAddress)),
            Command::SetLanguage { tag } => write!(f, "{} {tag}", kw(Kw::SetLanguage)),
            _ => unreachable!("not a command of this group: {self:?}"),
        }
    }

    /// Writes a command that asks to read something: lists, history, maps, help, summaries.
    fn fmt_reading(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kw = |k: Kw| words().spelling(k);
        match self {
            Command::List { game } => match game {
                Some(g) => write!(f, "{} {g}", kw(Kw::List)),
                None => write!(f, "{}", kw(Kw::List)),
            },
            Command::History { game, phase } => {
                write!(f, "{} {game}", kw(Kw::History))?;
                if let Some(p) = phase {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Command::Map {
                game,
                phase,
                before,
            } => {
                write!(f, "{} {game}", kw(Kw::Map))?;
                if let Some(p) = phase {
                    write!(f, " {p}")?;
                }
                if *before {
                    write!(f, " BEFORE")?;
                }
                Ok(())
            }
            Command::Help => write!(f, "{}", kw(Kw::Help)),
            Command::Summary { game } => write!(f, "{} {game}", kw(Kw::Summary)),
            Command::WhoGame { game } => write!(f, "{} {game}", kw(Kw::Whogame)),
            _ => unreachable!("not a command of this group: {self:?}"),
        }
    }

    /// Writes one of a player's settings in a game: waiting, absence, draw and concession votes, CLEAR.
    fn fmt_setting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kw = |k: Kw| words().spelling(k);
        match self {
            Command::SetWait(true) => write!(f, "{}", kw(Kw::SetWait)),
            Command::SetWait(false) => write!(f, "{}", kw(Kw::SetNowait)),
            Command::SetAbsence { from, to } => {
                write!(f, "{} {from}", kw(Kw::SetAbsence))?;
                if let Some(t) = to {
                    write!(f, " TO {t}")?;
                }
                Ok(())
            }
            Command::SetNoAbsence => write!(f, "{}", kw(Kw::SetNoAbsence)),
            Command::SetDraw { powers } => {
                write!(f, "{}", kw(Kw::SetDraw))?;
                if !powers.is_empty() {
                    write!(f, " {}", powers.join(" "))?;
                }
                Ok(())
            }
            Command::SetNoDraw => write!(f, "{}", kw(Kw::SetNoDraw)),
            Command::SetConcede { power } => write!(f, "{} {power}", kw(Kw::SetConcede)),
            Command::SetNoConcede => write!(f, "{}", kw(Kw::SetNoConcede)),
            Command::Clear => write!(f, "{}", kw(Kw::Clear)),
            _ => unreachable!("not a command of this group: {self:?}"),
        }
    }

    /// Writes a command only the game master may give.
    fn fmt_master(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kw = |k: Kw| words().spelling(k);
        match self {
            Command::Decide {
                approve,
                game,
                power,
            } => {
                let k = if *approve { Kw::Approve } else { Kw::Refuse };
                write!(f, "{} {game} {power}", kw(k))
            }
            Command::Eject { game, power } => write!(f, "{} {game} {power}", kw(Kw::Eject)),
            Command::Become { game, power } => write!(f, "{} {game} {power}", kw(Kw::Become)),
            Command::Unlock { target: None } => write!(f, "{} MASTER", kw(Kw::Unlock)),
            Command::Unlock {
                target: Some((game, power)),
            } => write!(f, "{} {game} {power}", kw(Kw::Unlock)),
            Command::Create { game, settings } => {
                write!(f, "{} {game}", kw(Kw::Create))?;
                for (k, v) in settings {
                    write!(f, " {k}={v}")?;
                }
                Ok(())
            }
            Command::Start { game } => write!(f, "{} {game}", kw(Kw::Start)),
            Command::Process { game } => write!(f, "{} {game}", kw(Kw::Process)),
            Command::Pause { game } => write!(f, "{} {game}", kw(Kw::Pause)),
            Command::Terminate { game } => write!(f, "{} {game}", kw(Kw::Terminate)),
            Command::Resume { game } => write!(f, "{} {game}", kw(Kw::Resume)),
            Command::SetDeadline { game, when } => {
                write!(f, "{} {game} {when}", kw(Kw::SetDeadline))
            }
            Command::Rollback { game, phase } => {
                write!(f, "{} {game} {phase}", kw(Kw::Rollback))
            }
            Command::Preview { game } => write!(f, "{} {game}", kw(Kw::Preview)),
            Command::PublishHead { game } => write!(f, "{} {game}", kw(Kw::PublishHead)),
            _ => unreachable!("not a command of this group: {self:?}"),
        }
    }

    /// Writes a line that opens or closes a block of orders: PHASE, IF, ELSE IF, ELSE, ENDIF.
    fn fmt_block(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kw = |k: Kw| words().spelling(k);
        match self {
            Command::Phase(p) => write!(f, "{} {p}", kw(Kw::Phase)),
            Command::If(c) => write!(f, "{} {c}", kw(Kw::If)),
            Command::ElseIf(c) => write!(f, "{} {c}", kw(Kw::ElseIf)),
            Command::Else => write!(f, "{}", kw(Kw::Else)),
            Command::EndIf => write!(f, "{}", kw(Kw::EndIf)),
            _ => unreachable!("not a command of this group: {self:?}"),
        }
    }
}

/// The yes/no parts of a PRESS line.
struct PressFlags {
    all_but: bool,
    broadcast: bool,
    anonymous: bool,
}

/// A PRESS command as [`parse_message`] reads it back: its first line,
/// its text, `ENDPRESS`.
fn fmt_press(
    f: &mut fmt::Formatter<'_>,
    to: &[String],
    flags: PressFlags,
    fake: Option<&Shown>,
    text: &str,
) -> fmt::Result {
    let kw = |k: Kw| words().spelling(k);
    let PressFlags {
        all_but,
        broadcast,
        anonymous,
    } = flags;
    // `PRESS FAKE TO R` goes to everybody but is written as PRESS.
    let fake_list = matches!(fake, Some(Shown::Powers(_)));
    if broadcast && !fake_list {
        write!(f, "{}", kw(Kw::Broadcast))?;
    } else if broadcast {
        write!(f, "{}", kw(Kw::Press))?;
    } else {
        write!(f, "{} {}", kw(Kw::Press), words().press_to[0])?;
        if all_but {
            write!(f, " {}", words().all_but[0])?;
        }
        write!(f, " {}", to.join(", "))?;
    }
    if anonymous {
        write!(f, " {}", words().anonymous[0])?;
    }
    match fake {
        None => {}
        Some(Shown::Everybody) if broadcast => write!(f, " {}", words().fake[0])?,
        Some(Shown::Everybody) => write!(f, " {} {}", words().fake[0], kw(Kw::Broadcast))?,
        Some(Shown::Powers(p)) => write!(
            f,
            " {} {} {}",
            words().fake[0],
            words().press_to[0],
            p.join(", ")
        )?,
    }
    writeln!(f)?;
    if !text.is_empty() {
        writeln!(f, "{text}")?;
    }
    write!(f, "{}", kw(Kw::Endpress))
}
