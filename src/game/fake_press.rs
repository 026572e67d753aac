//! Fake press, where the game allows it (`fake_press=yes`): its recipients
//! are shown another list of recipients than the real one, as the older
//! email judges let players do. `PRESS TO E, G FAKE BROADCAST` reaches
//! England and Germany, who read "To: everybody"; `PRESS TO E FAKE TO E,
//! G` reaches England, who reads "To: England, Germany"; `PRESS FAKE TO G`
//! reaches everybody, who read "To: Germany". The game master gets a copy
//! of every fake press that tells the truth: who really sent it (also when
//! it was sent unsigned) and to whom.

use super::loaded::load;
use super::notice::{Notice, Recipient, post};
use super::press::Press;
use super::{GameError, MailCommandError};
use crate::engine::PowerId;
use crate::store::Audience;
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
/// (In words: `src/text/error.rs`.)
#[derive(Debug)]
pub enum FakePressError {
    /// A refusal any press can get.
    Mail(MailCommandError),
    /// The game allows no fake press.
    NotAllowed {
        /// The game's name.
        game: String,
    },
    /// Press to the master is never faked.
    ToMaster,
    /// A broadcast already goes to everybody.
    NothingToFake,
}

impl std::error::Error for FakePressError {}

impl From<MailCommandError> for FakePressError {
    fn from(e: MailCommandError) -> Self {
        FakePressError::Mail(e)
    }
}

impl From<GameError> for FakePressError {
    fn from(e: GameError) -> Self {
        FakePressError::Mail(MailCommandError::Game(e))
    }
}

impl From<crate::store::DbError> for FakePressError {
    fn from(e: crate::store::DbError) -> Self {
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
    /// The recipients it seemed to go to (none: everybody).
    pub shown: Vec<Recipient>,
}

fn is_master_word(map: &crate::engine::Map, w: &str) -> bool {
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
        let shown_to: Vec<Recipient> = match shown {
            FakeShown::Everybody => Vec::new(),
            FakeShown::Powers(list) => {
                let mut names: Vec<Recipient> = Vec::new();
                for w in list {
                    let n = if is_master_word(l.map, w) {
                        Recipient::Master
                    } else {
                        Recipient::Power(l.map.power(l.power_by_word(w)?).name.clone())
                    };
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
                names
            }
        };
        let shown_words = shown_to.clone();
        let real_names: Vec<String> = if real.is_empty() {
            vec!["everybody".into()]
        } else {
            real.iter()
                .map(|id| l.map.power(*id).display_name())
                .collect()
        };
        let sender = l.map.power(from).name.clone();
        let text = p.text.trim_end().to_string();
        let press = Notice::Press {
            game: game.to_string(),
            from: (!p.anonymous).then(|| sender.clone()),
            to: shown_to.clone(),
            text: text.clone(),
        };
        let phase = c.live_phase(l.game.id)?.map(|r| r.phase);
        let at = store::time_text(now);
        let mut audiences: Vec<Audience> = real
            .iter()
            .map(|id| Audience::Power(l.pname(*id)))
            .collect();
        if audiences.is_empty() {
            audiences.push(Audience::All);
        }
        let truth = Notice::FakePressTruth {
            game: game.to_string(),
            sender,
            anonymous: p.anonymous,
            real: real
                .iter()
                .map(|id| l.map.power(*id).name.clone())
                .collect(),
            shown: shown_to,
            text,
        };
        for a in &audiences {
            post(c, &l, phase.as_deref(), a, &press, &at)?;
        }
        post(c, &l, phase.as_deref(), &Audience::Master, &truth, &at)?;
        Ok(FakeReport {
            real: real_names,
            shown: shown_words,
        })
    })
}
