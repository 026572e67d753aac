//! The master's forms written as the command text a master's mail would
//! carry (`PROCESS g`, `SET DEADLINE g 48h`, `APPROVE g france`): one
//! small function per form, and what a form sent made into one command
//! line. Every word put in a line is checked to be one word (the game,
//! the phase, the power) or one line (the deadline), so that a form
//! gives one command and nothing more.

/// What a form of the master's page sends.
#[derive(serde::Deserialize, Default, Debug, Clone)]
pub(super) struct MasterForm {
    #[serde(default)]
    pub csrf: String,
    /// Which command: `process`, `pause`, `resume`, `deadline`,
    /// `rollback`, `approve` or `refuse`.
    #[serde(default)]
    pub action: String,
    /// The deadline's new time (`48h`, `2026-01-05 18:00`).
    #[serde(default)]
    pub when: String,
    /// The phase rolled back to (`S1902M`).
    #[serde(default)]
    pub phase: String,
    /// The power whose takeover is decided.
    #[serde(default)]
    pub power: String,
    /// `yes` once the confirmation page's button sent it again.
    #[serde(default)]
    pub confirmed: String,
}

/// Why a form gives no command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unfit {
    /// No such command.
    Action,
    /// The deadline is empty or more than one line.
    When,
    /// The phase is not one word.
    Phase,
    /// The power is not one word.
    Power,
    /// The game's name is not one word.
    Game,
}

impl Unfit {
    /// The key of the words that say what is wrong.
    pub(super) fn key(self) -> &'static str {
        match self {
            Unfit::Action => "web-master-unfit-action",
            Unfit::When => "web-master-unfit-when",
            Unfit::Phase => "web-master-unfit-phase",
            Unfit::Power => "web-master-unfit-power",
            Unfit::Game => "web-master-unfit-game",
        }
    }
}

/// A form's command: its line, and whether it needs the confirmation
/// page first (it cannot be undone by another form: process, rollback).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    pub text: String,
    pub dangerous: bool,
}

/// `s` if it is one word with no space or control character in it.
fn word(s: &str) -> Option<&str> {
    let s = s.trim();
    let fit = !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || c.is_control());
    fit.then_some(s)
}

/// `PROCESS <game>`.
pub(super) fn process(game: &str) -> String {
    format!("PROCESS {game}")
}

/// `PAUSE <game>`.
pub(super) fn pause(game: &str) -> String {
    format!("PAUSE {game}")
}

/// `RESUME <game>`.
pub(super) fn resume(game: &str) -> String {
    format!("RESUME {game}")
}

/// `SET DEADLINE <game> <when>`: `when` one line, not empty.
pub(super) fn deadline(game: &str, when: &str) -> Option<String> {
    let when = when.trim();
    let fit = !when.is_empty() && !when.chars().any(char::is_control);
    fit.then(|| format!("SET DEADLINE {game} {when}"))
}

/// `ROLLBACK <game> <phase>`.
pub(super) fn rollback(game: &str, phase: &str) -> Option<String> {
    word(phase).map(|p| format!("ROLLBACK {game} {p}"))
}

/// `APPROVE <game> <power>`, or `REFUSE` when `approve` is false.
pub(super) fn decide(game: &str, power: &str, approve: bool) -> Option<String> {
    let keyword = if approve { "APPROVE" } else { "REFUSE" };
    word(power).map(|p| format!("{keyword} {game} {p}"))
}

/// The command line of `form` sent for `game`.
pub(super) fn line(game: &str, form: &MasterForm) -> Result<Line, Unfit> {
    let game = word(game).ok_or(Unfit::Game)?;
    let safe = |text: String| Line {
        text,
        dangerous: false,
    };
    match form.action.as_str() {
        "process" => Ok(Line {
            text: process(game),
            dangerous: true,
        }),
        "pause" => Ok(safe(pause(game))),
        "resume" => Ok(safe(resume(game))),
        "deadline" => deadline(game, &form.when).map(safe).ok_or(Unfit::When),
        "rollback" => rollback(game, &form.phase)
            .map(|text| Line {
                text,
                dangerous: true,
            })
            .ok_or(Unfit::Phase),
        "approve" | "refuse" => decide(game, &form.power, form.action == "approve")
            .map(safe)
            .ok_or(Unfit::Power),
        _ => Err(Unfit::Action),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(action: &str) -> MasterForm {
        MasterForm {
            action: action.into(),
            ..Default::default()
        }
    }

    #[test]
    fn each_form_writes_the_masters_command() {
        assert_eq!(process("g"), "PROCESS g");
        assert_eq!(pause("g"), "PAUSE g");
        assert_eq!(resume("g"), "RESUME g");
        assert_eq!(
            deadline("g", " 2026-01-05 18:00 ").as_deref(),
            Some("SET DEADLINE g 2026-01-05 18:00")
        );
        assert_eq!(
            rollback("g", "S1902M").as_deref(),
            Some("ROLLBACK g S1902M")
        );
        assert_eq!(
            decide("g", "france", true).as_deref(),
            Some("APPROVE g france")
        );
        assert_eq!(
            decide("g", "france", false).as_deref(),
            Some("REFUSE g france")
        );
    }

    #[test]
    fn a_form_gives_one_line_and_nothing_more() {
        assert_eq!(deadline("g", "48h\nPROCESS g"), None);
        assert_eq!(deadline("g", "  "), None);
        assert_eq!(rollback("g", "S1901M\nPROCESS g"), None);
        assert_eq!(rollback("g", "S1901M PROCESS"), None);
        assert_eq!(rollback("g", ""), None);
        assert_eq!(decide("g", "france\rTERMINATE g", true), None);
        assert_eq!(decide("g", "", true), None);
    }

    #[test]
    fn the_forms_sent_make_their_lines_and_say_which_need_confirming() {
        let l = line("g", &form("process")).unwrap();
        assert_eq!((l.text.as_str(), l.dangerous), ("PROCESS g", true));
        let l = line("g", &form("pause")).unwrap();
        assert_eq!((l.text.as_str(), l.dangerous), ("PAUSE g", false));
        let l = line("g", &form("resume")).unwrap();
        assert_eq!((l.text.as_str(), l.dangerous), ("RESUME g", false));
        let mut f = form("deadline");
        f.when = "48h".into();
        assert_eq!(line("g", &f).unwrap().text, "SET DEADLINE g 48h");
        let mut f = form("rollback");
        f.phase = "F1901M".into();
        let l = line("g", &f).unwrap();
        assert_eq!((l.text.as_str(), l.dangerous), ("ROLLBACK g F1901M", true));
        let mut f = form("refuse");
        f.power = "italy".into();
        assert_eq!(line("g", &f).unwrap().text, "REFUSE g italy");
        f.action = "approve".into();
        assert_eq!(line("g", &f).unwrap().text, "APPROVE g italy");
    }

    #[test]
    fn an_unfit_form_says_what_is_wrong() {
        assert_eq!(line("g", &form("terminate")), Err(Unfit::Action));
        assert_eq!(line("g", &form("deadline")), Err(Unfit::When));
        assert_eq!(line("g", &form("rollback")), Err(Unfit::Phase));
        assert_eq!(line("g", &form("approve")), Err(Unfit::Power));
        assert_eq!(line("g h", &form("pause")), Err(Unfit::Game));
    }
}
