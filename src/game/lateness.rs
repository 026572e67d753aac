//! Late orders and abandoned powers.
//!
//! When a deadline passes with a power's orders incomplete, the game does
//! one of two things ([`Settings::grace_minutes`](super::Settings::grace_minutes)):
//!
//! - with no grace period, the phase is processed at once, the missing
//!   orders in civil disorder (units hold, retreats disband, builds are
//!   waived, removals are chosen);
//! - with a grace period, every late power gets a late notice, everybody
//!   else is told who is late, and the deadline moves on by the grace
//!   period. When that runs out the phase is processed, and a power still
//!   late is declared abandoned.
//!
//! A power that misses [`Settings::abandon_after`](super::Settings::abandon_after)
//! movement phases in a row is abandoned too. An abandoned power loses its
//! player and may be taken over (see [`super::takeover`]); everybody and
//! the master are told.

use super::loaded::Missing;
use super::loaded::{Loaded, live_orders};
use super::notice::{Notice, OrLegacy, VacantWhy, When, post};
use super::takeover::vacant_notice;
use super::{Result, esp};
use crate::store::Audience;
use crate::store::PowerStatus;
use crate::store::Tx;
use crate::store::{self, PhaseRow};
use chrono::{DateTime, Duration, Utc};

/// At a passed deadline: when the game waits a grace period and some
/// power with a player is late, sends the late notices, moves the
/// deadline and returns true (the phase is not processed now).
pub(super) fn start_grace(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    now: DateTime<Utc>,
) -> Result<bool> {
    if l.settings.grace_minutes <= 0 || !c.late_notices(row.id)?.is_empty() {
        return Ok(false);
    }
    if esp::state(c, l, row)?.is_some_and(|e| e.reaction_open()) {
        return Ok(false);
    }
    let pos = l.position(row)?;
    let live = live_orders(l, pos.phase.kind, &c.live_orders(row.id, None)?)?;
    let late = l.incomplete_players(c, &pos, &live)?;
    if late.is_empty() {
        return Ok(false);
    }
    let old = row
        .deadline
        .as_deref()
        .and_then(store::parse_time)
        .unwrap_or(now);
    let deadline = old.max(now) + Duration::minutes(l.settings.grace_minutes);
    c.set_deadline(row.id, Some(&store::time_text(deadline)))?;
    let now_s = store::time_text(now);
    let until = When {
        at: deadline,
        tz: l.settings.tz(),
    };
    for (p, missing) in &late {
        c.insert_late_notice(row.id, p, &now_s)?;
        let yours = Notice::OrdersLate {
            game: l.game.name.clone(),
            phase: row.phase.clone(),
            power: p.to_string(),
            missing: OrLegacy::Typed(missing.clone()),
            until,
        };
        post(
            c,
            l,
            Some(&row.phase),
            &Audience::Power(p.clone()),
            &yours,
            &now_s,
        )?;
    }
    let waiting = Notice::WaitingForLate {
        game: l.game.name.clone(),
        phase: row.phase.clone(),
        late: late.iter().map(|(p, _)| p.clone()).collect(),
        until,
    };
    // Everybody but the late powers.
    for pr in c
        .powers(l.game.id)?
        .iter()
        .filter(|p| p.status == PowerStatus::Playing && !late.iter().any(|(q, _)| *q == p.power))
    {
        let to = Audience::Power(pr.power.clone());
        post(c, l, Some(&row.phase), &to, &waiting, &now_s)?;
    }
    post(c, l, Some(&row.phase), &Audience::Master, &waiting, &now_s)?;
    Ok(true)
}

/// When a phase is processed with a power's orders incomplete and no
/// grace period was waited, its player gets a late notice saying what
/// was played for it (units hold, dislodged units disband, builds are
/// waived, removals are chosen). With a grace period the notice went out
/// when the deadline passed.
pub(super) fn processed_late(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    late: &[(String, Missing)],
    now: DateTime<Utc>,
) -> Result<()> {
    if l.settings.grace_minutes > 0 {
        return Ok(());
    }
    let now_s = store::time_text(now);
    for (p, missing) in late {
        let played = Notice::ProcessedLate {
            game: l.game.name.clone(),
            phase: row.phase.clone(),
            missing: OrLegacy::Typed(missing.clone()),
        };
        post(
            c,
            l,
            Some(&row.phase),
            &Audience::Power(p.clone()),
            &played,
            &now_s,
        )?;
    }
    Ok(())
}

/// After a phase is processed: the powers declared abandoned, which lose
/// their player: still late (`incomplete`) after a grace period, or
/// missing (`missed`: no orders at all) too many movement phases in a row.
pub(super) fn abandon(
    c: &Tx<'_>,
    l: &Loaded,
    row: &PhaseRow,
    incomplete: &[String],
    missed: &[String],
    now: DateTime<Utc>,
) -> Result<Vec<String>> {
    let noticed = c.late_notices(row.id)?;
    let mut out = Vec::new();
    for pr in c
        .powers(l.game.id)?
        .into_iter()
        .filter(|p| p.status == PowerStatus::Playing)
    {
        let late = noticed.contains(&pr.power) && incomplete.contains(&pr.power);
        let streak = if l.settings.abandon_after > 0 && missed.contains(&pr.power) {
            c.movement_phases_missed_in_a_row(l.game.id, &pr.power)?
        } else {
            0
        };
        let why = if late {
            VacantWhy::LateAfterGrace
        } else if l.settings.abandon_after > 0 && streak >= l.settings.abandon_after as usize {
            VacantWhy::Missed { streak }
        } else {
            continue;
        };
        let now_s = store::time_text(now);
        if let Some(email) = &pr.email {
            let gone = Notice::Abandoned {
                game: l.game.name.clone(),
                power: pr.power.clone(),
                why: why.clone(),
            };
            let to = Audience::Address(email.clone());
            post(c, l, Some(&row.phase), &to, &gone, &now_s)?;
        }
        c.vacate_power(l.game.id, &pr.power)?;
        c.insert_player_change(
            l.game.id,
            &pr.power,
            "abandoned",
            pr.email.as_deref(),
            Some(&row.phase),
            &now_s,
        )?;
        vacant_notice(c, l, &pr.power, VacantWhy::Abandoned(Box::new(why)), now)?;
        out.push(pr.power);
    }
    Ok(out)
}
