//! Fake press, where the game allows it (`fake_press=yes`): its recipients
//! are shown another list of recipients than the real one, as the older
//! email judges let players do. `PRESS TO E, G FAKE BROADCAST` reaches
//! England and Germany, who read "To: everybody"; `PRESS TO E FAKE TO E,
//! G` reaches England, who reads "To: England, Germany"; `PRESS FAKE TO G`
//! reaches everybody, who read "To: Germany". The game master gets a copy
//! of every fake press that tells the truth: who really sent it (also when
//! it was sent unsigned) and to whom.

use super::loaded::load;
use super::press::Press;
use super::{GameError, MailCommandError};
use crate::engine::map::PowerId;
use crate::store::{self, Store, StoreError};
use chrono::{DateTime, Utc};

/// What the recipients of a fake press are shown as its recipients.
#[derive(Debug, Clone, Copy)]
pub enum FakeShown<'a> {
    /// A broadcast to everybody.
    Everybody,
    /// A press to these powers (any spelling; `M` or `MASTER` for the
    /// game master).
    Powers(&'a [String]),
}

/// Why a fake press was not relayed.
#[derive(Debug, thiserror::Error)]
pub enum FakePressError {
    #[error(transparent)]
    Mail(#[from] MailCommandError),
    #[error(
        "game {game} does not allow fake press (the game master creates such games with fake_press=yes): send the press without FAKE"
    )]
    NotAllowed { game: String },
    #[error("press to the game master is never faked: write to the master without FAKE")]
    ToMaster,
    #[error(
        "a broadcast already goes to everybody: name the powers it really goes to, as in `PRESS TO E, G FAKE BROADCAST` or `BROADCAST TO E, G FAKE`"
    )]
    NothingToFake,
}

impl From<GameError> for FakePressError {
    fn from(e: GameError) -> Self {
        FakePressError::Mail(MailCommandError::Game(e))
    }
}

impl From<rusqlite::Error> for FakePressError {
    fn from(e: rusqlite::Error) -> Self {
        FakePressError::Mail(e.into())
    }
}

impl From<StoreError> for FakePressError {
    fn from(e: StoreError) -> Self {
        FakePressError::Mail(e.into())
    }
}

/// What was sent: the real recipients and what they were shown, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeReport {
    /// The powers it went to (`everybody` for all).
    pub real: Vec<String>,
    /// The recipients it seemed to go to, as the mail says.
    pub shown: String,
}

fn is_master_word(map: &crate::engine::map::Map, w: &str) -> bool {
    w.eq_ignore_ascii_case("master")
        || w.eq_ignore_ascii_case("gm")
        || (w.eq_ignore_ascii_case("m") && crate::command::power_by_word(map, w).is_none())
}

/// Relays a fake press: to the real recipients (every player and observer
/// when `p.to` is empty) with the recipients `shown`, and the truth to the
/// game master, all in one transaction.
pub fn relay_fake_press(
    st: &mut Store,
    name: &str,
    p: &Press<'_>,
    shown: FakeShown<'_>,
    now: DateTime<Utc>,
) -> Result<FakeReport, FakePressError> {
    st.write(|c| {
        let l = load(c, name)?;
        let game = l.game.name.clone();
        let press = l.settings.press.trim().to_ascii_lowercase();
        if press == "none" || press == "no" {
            return Err(MailCommandError::NoPress { game }.into());
        }
        if p.anonymous && press != "grey" && press != "gray" {
            return Err(MailCommandError::NoGreyPress { game }.into());
        }
        if !l.settings.fake_press {
            return Err(FakePressError::NotAllowed { game });
        }
        let from = l.power_by_word(p.from)?;
        let mut real: Vec<PowerId> = Vec::new();
        for w in p.to {
            if is_master_word(l.map, w) {
                return Err(FakePressError::ToMaster);
            }
            let id = l.power_by_word(w)?;
            if !real.contains(&id) {
                real.push(id);
            }
        }
        if real.is_empty() && matches!(shown, FakeShown::Everybody) {
            return Err(FakePressError::NothingToFake);
        }
        let shown_words = match shown {
            FakeShown::Everybody => "everybody".to_string(),
            FakeShown::Powers(list) => {
                let mut names: Vec<String> = Vec::new();
                for w in list {
                    let n = if is_master_word(l.map, w) {
                        "the game master".to_string()
                    } else {
                        l.map.power(l.power_by_word(w)?).display_name()
                    };
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
                names.join(", ")
            }
        };
        let real_names: Vec<String> = if real.is_empty() {
            vec!["everybody".into()]
        } else {
            real.iter()
                .map(|id| l.map.power(*id).display_name())
                .collect()
        };
        let sender = l.map.power(from).display_name();
        let signed = if p.anonymous {
            "an anonymous power".to_string()
        } else {
            sender.clone()
        };
        let text = p.text.trim_end();
        let subject = format!("Press in game {game} from {signed}");
        let body = format!("From: {signed}\nTo: {shown_words}\n\n{text}\n");
        let phase = store::live_phase(c, l.game.id)?.map(|r| r.phase);
        let at = store::time_text(now);
        let mut audiences: Vec<String> = real.iter().map(|id| l.pname(*id)).collect();
        if audiences.is_empty() {
            audiences.push("all".into());
        }
        let truth = format!(
            "Fake press in game {game}; this copy, for the game master only, tells the truth.\n\
             Really from: {sender}{}\nReally to: {}\nShown to them as:\n  From: {signed}\n  To: {shown_words}\n\n{text}\n",
            if p.anonymous { " (sent unsigned)" } else { "" },
            real_names.join(", ")
        );
        let master_subject = format!("Press in game {game} from {sender} (fake press: the truth)");
        for (audience, subject, body) in audiences
            .iter()
            .map(|a| (a.as_str(), &subject, &body))
            .chain(std::iter::once(("master", &master_subject, &truth)))
        {
            store::insert_announcement(
                c,
                &store::NewAnnouncement {
                    game_id: l.game.id,
                    phase: phase.as_deref(),
                    audience,
                    kind: "press",
                    subject,
                    body,
                    created_at: &at,
                },
            )?;
        }
        Ok(FakeReport {
            real: real_names,
            shown: shown_words,
        })
    })
}
