//! Press between players, relayed as announcements by the game's press
//! rules.

use super::MailCommandError;
use super::loaded::load;
use super::notice::{Notice, Recipient, post};
use crate::engine::PowerId;
use crate::store::Audience;
use crate::store::PowerStatus;
use crate::store::{self, Store};
use chrono::{DateTime, Utc};

/// Press to relay: to some powers, or to everybody.
#[derive(Debug, Clone)]
pub struct Press<'a> {
    /// The sender's power (any spelling).
    pub from: &'a str,
    /// Recipient powers (any spelling); empty: a broadcast.
    pub to: &'a [String],
    /// The press goes unsigned (grey press).
    pub anonymous: bool,
    /// The message, as the sender wrote it.
    pub text: &'a str,
}

/// `PRESS TO ALL BUT <but>`: every power still in the game (not
/// eliminated) other than the sender `from` and the powers `but` names,
/// by name. A name that is no power of the game is refused; so is a list
/// that leaves nobody.
pub fn all_powers_but(
    st: &Store,
    name: &str,
    from: &str,
    but: &[String],
) -> std::result::Result<Vec<String>, MailCommandError> {
    let c = &st.read();
    let l = load(c, name)?;
    let mut left_out = vec![l.power_by_word(from)?];
    for w in but {
        left_out.push(l.power_by_word(w)?);
    }
    let rows = c.powers(l.game.id)?;
    let out: Vec<String> = l
        .map
        .powers()
        .iter()
        .filter(|p| !left_out.contains(&p.id))
        .filter(|p| {
            !rows
                .iter()
                .any(|r| r.power == p.name && r.status == PowerStatus::Eliminated)
        })
        .map(|p| p.name.clone())
        .collect();
    if out.is_empty() {
        return Err(MailCommandError::NobodyLeft {
            game: l.game.name.clone(),
        });
    }
    Ok(out)
}

/// Relays press through announcements (kind `press`; audience each
/// recipient power's name, `master` for the game master (`MASTER`, `GM`,
/// or `M` where no power has that initial), or `all` for a broadcast),
/// following the
/// game's press setting: `none` refuses, `white` signs with the sender's
/// power, `grey` also allows anonymous press. Returns the recipients as
/// shown (none: a broadcast to everybody).
pub fn relay_press(
    st: &mut Store,
    name: &str,
    p: &Press<'_>,
    now: DateTime<Utc>,
) -> std::result::Result<Vec<Recipient>, MailCommandError> {
    st.write(|c| {
        let l = load(c, name)?;
        let press = l.settings.press.trim().to_ascii_lowercase();
        if press == "none" || press == "no" {
            return Err(MailCommandError::NoPress {
                game: l.game.name.clone(),
            });
        }
        if p.anonymous && press != "grey" && press != "gray" {
            return Err(MailCommandError::NoGreyPress {
                game: l.game.name.clone(),
            });
        }
        let lookup = |w: &str| match crate::command::power_by_word(l.map, w) {
            Some(id) => Ok(id),
            None => l.power(w),
        };
        let from = lookup(p.from)?;
        let mut to: Vec<PowerId> = Vec::new();
        let mut to_master = false;
        for w in p.to {
            // `MASTER`, `GM`, and `M` where no power has that initial.
            let master_word = w.eq_ignore_ascii_case("master")
                || w.eq_ignore_ascii_case("gm")
                || (w.eq_ignore_ascii_case("m")
                    && crate::command::power_by_word(l.map, w).is_none());
            if master_word {
                to_master = true;
                continue;
            }
            let id = lookup(w)?;
            if !to.contains(&id) {
                to.push(id);
            }
        }
        let mut shown: Vec<Recipient> = to
            .iter()
            .map(|id| Recipient::Power(l.map.power(*id).name.clone()))
            .collect();
        if to_master {
            shown.push(Recipient::Master);
        }
        let text = p.text.trim_end().to_string();
        let press = Notice::Press {
            game: l.game.name.clone(),
            from: (!p.anonymous).then(|| l.map.power(from).name.clone()),
            to: shown.clone(),
            text: text.clone(),
        };
        let phase = c.live_phase(l.game.id)?.map(|r| r.phase);
        let now_s = store::time_text(now);
        let mut audiences: Vec<Audience> =
            to.iter().map(|id| Audience::Power(l.pname(*id))).collect();
        if to_master {
            audiences.push(Audience::Master);
        }
        if audiences.is_empty() {
            audiences.push(Audience::All);
        }
        // Grey press: the game master's copy names the real author (as
        // fake press's does), and the master gets no unsigned copy.
        let master_copy = p.anonymous.then(|| Notice::PressUnsigned {
            game: l.game.name.clone(),
            sender: l.map.power(from).name.clone(),
            to: shown.clone(),
            text,
        });
        if master_copy.is_some() {
            audiences.retain(|a| *a != Audience::Master);
            for a in &mut audiences {
                if *a == Audience::All {
                    *a = Audience::AllButMaster;
                }
            }
        }
        for a in &audiences {
            post(c, &l, phase.as_deref(), a, &press, &now_s)?;
        }
        if let Some(copy) = &master_copy {
            post(c, &l, phase.as_deref(), &Audience::Master, copy, &now_s)?;
        }
        Ok(shown)
    })
}
