//! Draws and concessions voted by the players (`SET DRAW`, `SET NO
//! DRAW`, `SET CONCEDE`, `SET NO CONCEDE`, and `dipspy game draw`).
//!
//! The survivors are the powers that still have a unit or a supply centre,
//! whether or not anybody plays them. The voters are the survivors that
//! have a player: a vacant survivor is part of a draw but cannot vote, so
//! it does not hold one up. A dummy power (the map's `DUMMY`) is such a
//! survivor for good: it shares a draw it survives to, never votes, and
//! nobody may concede to it. The game ends:
//!
//! - in a draw, when every voter has voted for a draw and all name the same
//!   powers (a vote with no powers names every survivor; what a game
//!   allows is [`DrawRule`]);
//! - by concession, when every voter but one has conceded to that one
//!   (where [`Settings::concessions`](super::Settings::concessions)
//!   allows it).
//!
//! Votes are checked when one is cast and again after every phase (a
//! power eliminated no longer counts). They are secret unless the game
//! shows them; they are kept from phase to phase unless the game clears
//! them. The end is announced to everyone in a mail of its own.

use super::loaded::{Loaded, check_playing, has_presence, load};
use super::notice::{Notice, VoteWords, post};
use super::reports::{Ended, FinalCount, GameOver};
use super::settings::DrawRule;
use super::{Action, GameError, Refusal, Result, VoteRefusal};
use crate::engine::Position;
use crate::engine::PowerId;
use crate::store::Audience;
use crate::store::Tx;
use crate::store::{self, PowerRow, Store};
use crate::store::{GameOutcome, GameStatus, PhaseStatus, PowerStatus};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// A vote a player casts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Vote {
    /// For a draw including these powers (empty: every survivor).
    Draw(Vec<String>),
    /// Withdraws the power's draw vote.
    NoDraw,
    /// To concede the game to this power.
    Concede(String),
    /// Withdraws the power's concession.
    NoConcede,
}

/// How the votes stand after one was cast.
#[derive(Debug, Serialize)]
pub struct DrawReport {
    /// The voters who voted for a draw.
    pub voted: Vec<String>,
    /// The voters who have not (yet) voted for that draw.
    pub waiting_for: Vec<String>,
    /// Whether the game ended in a draw.
    pub drawn: bool,
    /// How the game ended, when this vote ended it (worded by the edge:
    /// `crate::text::game_over::how`).
    pub ended: Option<Ended>,
}

/// How a game ends: a solo win on the board, or what the votes agreed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Ending {
    /// The game master ended it.
    Master,
    /// It reached the last year a game may play
    /// ([`crate::engine::MAX_YEAR`]).
    Calendar,
    Solo(String),
    Draw(Vec<String>),
    Concession(String),
}

/// The survivors of a position (powers with a unit or a centre, and not
/// recorded as eliminated), by name.
pub(super) fn survivors(l: &Loaded, powers: &[PowerRow], pos: &Position) -> Vec<String> {
    l.map
        .powers()
        .iter()
        .filter(|p| has_presence(pos, p.id))
        .filter(|p| {
            !powers
                .iter()
                .any(|r| r.power == p.name && r.status == PowerStatus::Eliminated)
        })
        .map(|p| p.name.clone())
        .collect()
}

/// The powers a draw vote names, in the map's order (none: survivors).
fn draw_set(l: &Loaded, row: &PowerRow, survivors: &[String]) -> Vec<String> {
    match row.draw_with.as_deref() {
        None => survivors.to_vec(),
        Some(list) => l
            .map
            .powers()
            .iter()
            .filter(|p| list.split(',').any(|x| x == p.name))
            .map(|p| p.name.clone())
            .collect(),
    }
}

/// Whether the votes that stand end the game in `pos`.
pub(super) fn agreed(l: &Loaded, powers: &[PowerRow], pos: &Position) -> Option<Ending> {
    let survivors = survivors(l, powers, pos);
    let voters: Vec<&PowerRow> = powers
        .iter()
        .filter(|p| p.status == PowerStatus::Playing && survivors.contains(&p.power))
        .collect();
    if voters.is_empty() {
        return None;
    }
    if l.settings.draws != DrawRule::None && voters.iter().all(|p| p.draw_vote) {
        let first = draw_set(l, voters[0], &survivors);
        if voters.iter().all(|p| draw_set(l, p, &survivors) == first) {
            return Some(Ending::Draw(first));
        }
    }
    if l.settings.concessions {
        for winner in &survivors {
            let others: Vec<&&PowerRow> = voters.iter().filter(|p| &p.power != winner).collect();
            if !others.is_empty()
                && others
                    .iter()
                    .all(|p| p.concede_to.as_deref() == Some(winner.as_str()))
            {
                return Some(Ending::Concession(winner.clone()));
            }
        }
    }
    None
}

/// Ends the game: the current phase (if any is given) is final, the
/// outcome stored, and everyone told in a mail of its own. Returns how
/// it ended.
pub(super) fn finish(
    c: &Tx<'_>,
    l: &Loaded,
    how: &Ending,
    pos: &Position,
    phase_id: Option<i64>,
    now: DateTime<Utc>,
) -> Result<Ended> {
    if let Some(id) = phase_id {
        c.set_phase_status(id, PhaseStatus::Final)?;
        c.set_deadline(id, None)?;
    }
    c.set_game_status(l.game.id, GameStatus::Finished)?;
    let display = |p: &str| {
        l.map
            .power_by_name(p)
            .map(|id| l.map.power(id).display_name())
            .unwrap_or_else(|| p.to_string())
    };
    let ended = match how {
        Ending::Draw(powers) => {
            c.set_outcome(l.game.id, Some(GameOutcome::Draw), Some(&powers.join(",")))?;
            Ended::Draw(powers.iter().map(|p| display(p)).collect())
        }
        Ending::Concession(w) => {
            c.set_outcome(l.game.id, Some(GameOutcome::Solo), Some(w))?;
            Ended::Conceded(display(w))
        }
        Ending::Master => {
            c.set_outcome(l.game.id, Some(GameOutcome::Ended), None)?;
            Ended::Master
        }
        Ending::Calendar => {
            c.set_outcome(l.game.id, Some(GameOutcome::Ended), None)?;
            Ended::Calendar(crate::engine::MAX_YEAR)
        }
        Ending::Solo(w) => {
            c.set_outcome(l.game.id, Some(GameOutcome::Solo), Some(w))?;
            Ended::Solo(display(w))
        }
    };
    let over = Notice::GameOver(GameOver {
        game: l.game.name.clone(),
        ended: ended.clone(),
        counts: centre_counts(l, pos),
        roster: super::roster::roster_in(c, &l.game.name)?,
    });
    let id = post(c, l, None, &Audience::All, &over, &store::time_text(now))?;
    // The final picture, marked as the end in its title and file name: the
    // announcement's own copy, drawn again for each reader of another
    // language when the mail is queued (`announcement_pictures`).
    let title = super::words::words().message(
        super::words::judge_lang(),
        "mails-final-picture-title",
        &super::WordArgs::new().str("game", &l.game.name),
    );
    let scene = crate::render::Scene::position(&title, pos);
    for mut a in super::pictures::attachments(l.map, &scene, l.settings.pictures) {
        let ext = if a.content_type == "image/png" {
            "png"
        } else {
            "svg"
        };
        let safe: String = l
            .game
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        a.filename = format!("{safe}-final.{ext}");
        c.insert_attachment(store::AttachmentOwner::Announcement(id), &a)?;
    }
    Ok(ended)
}

/// Each power's supply centres and units in `pos`, for the last mail.
pub(super) fn centre_counts(l: &Loaded, pos: &Position) -> Vec<FinalCount> {
    l.map
        .powers()
        .iter()
        .map(|p| {
            let id: PowerId = p.id;
            FinalCount {
                power: p.display_name(),
                centres: pos.centers_of(id).len(),
                units: pos.units_of(id).count(),
            }
        })
        .collect()
}

/// Casts a power's vote. When the votes then agree, the game ends (see the
/// module comment).
pub fn vote(
    st: &mut Store,
    name: &str,
    power: &str,
    v: &Vote,
    now: DateTime<Utc>,
) -> Result<DrawReport> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Active, GameStatus::Paused],
            Refusal::NothingToVoteOn,
        )?;
        let pname = l.pname(l.refuse_dummy(l.power(power)?)?);
        check_playing(c, &l, &pname, Action::Vote)?;
        let row = l.current(c)?;
        let pos = l.position(&row)?;
        let survivors = survivors(&l, &c.powers(l.game.id)?, &pos);
        let refuse = |why: VoteRefusal| Err(GameError::VoteRefused(why));
        let game = || l.game.name.clone();
        match v {
            Vote::Draw(_) if l.settings.draws == DrawRule::None => {
                return refuse(VoteRefusal::NoDraws { game: game() });
            }
            Vote::Draw(with) if !with.is_empty() && l.settings.draws == DrawRule::Dias => {
                return refuse(VoteRefusal::OnlyAllSurvivors { game: game() });
            }
            Vote::Concede(_) if !l.settings.concessions => {
                return refuse(VoteRefusal::NoConcessions { game: game() });
            }
            _ => {}
        }
        match v {
            Vote::Draw(with) => {
                let mut names = Vec::new();
                for w in with {
                    let p = l.pname(l.power_by_word(w)?);
                    if !survivors.contains(&p) {
                        return refuse(VoteRefusal::Eliminated(l.display(&p)));
                    }
                    if !names.contains(&p) {
                        names.push(p);
                    }
                }
                let list = (!names.is_empty()).then(|| names.join(","));
                c.set_draw_vote(l.game.id, &pname, true, list.as_deref())?;
            }
            Vote::NoDraw => c.set_draw_vote(l.game.id, &pname, false, None)?,
            Vote::Concede(to) => {
                let to = l.pname(l.refuse_dummy(l.power_by_word(to)?)?);
                if to == pname {
                    return refuse(VoteRefusal::ConcedeToItself);
                }
                if !survivors.contains(&to) {
                    return refuse(VoteRefusal::Eliminated(l.display(&to)));
                }
                c.set_concession(l.game.id, &pname, Some(&to))?;
            }
            Vote::NoConcede => c.set_concession(l.game.id, &pname, None)?,
        }
        if l.settings.votes_shown {
            let vote = match v {
                Vote::Draw(w) if w.is_empty() => VoteWords::DrawAll,
                Vote::Draw(_) => VoteWords::DrawSome,
                Vote::NoDraw => VoteWords::NoDraw,
                Vote::Concede(to) => VoteWords::Concede(l.pname(l.power_by_word(to)?)),
                Vote::NoConcede => VoteWords::NoConcede,
            };
            let cast = Notice::VoteCast {
                game: l.game.name.clone(),
                power: pname.clone(),
                vote,
            };
            post(
                c,
                &l,
                Some(&row.phase),
                &Audience::All,
                &cast,
                &store::time_text(now),
            )?;
        }
        let powers = c.powers(l.game.id)?;
        let voters: Vec<&PowerRow> = powers
            .iter()
            .filter(|p| p.status == PowerStatus::Playing && survivors.contains(&p.power))
            .collect();
        let mine = powers.iter().find(|p| p.power == pname).expect("checked");
        let my_set = draw_set(&l, mine, &survivors);
        let (voted, waiting_for): (Vec<&&PowerRow>, Vec<&&PowerRow>) = voters
            .iter()
            .partition(|p| p.draw_vote && draw_set(&l, p, &survivors) == my_set);
        let ended = match agreed(&l, &powers, &pos) {
            Some(how) => {
                let ended = finish(c, &l, &how, &pos, Some(row.id), now)?;
                let now_s = store::time_text(now);
                super::final_head::seal(c, &l, &row.phase, &ended, &now_s)?;
                Some(ended)
            }
            None => None,
        };
        Ok(DrawReport {
            voted: voted.iter().map(|p| p.power.clone()).collect(),
            waiting_for: waiting_for.iter().map(|p| p.power.clone()).collect(),
            drawn: matches!(ended, Some(Ended::Draw(_))),
            ended,
        })
    })
}

/// Records (or withdraws) a power's vote for a draw including all
/// survivors, as the judge does with `dipspy game draw`.
pub fn draw_vote(
    st: &mut Store,
    name: &str,
    power: &str,
    vote_for: bool,
    now: DateTime<Utc>,
) -> Result<DrawReport> {
    let v = if vote_for {
        Vote::Draw(Vec::new())
    } else {
        Vote::NoDraw
    };
    vote(st, name, power, &v, now)
}
