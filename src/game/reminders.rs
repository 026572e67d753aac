//! Reminders before a deadline to powers that still owe orders.

use super::loaded::{live_orders, load};
use super::notice::{Notice, OrLegacy, When, post};
use super::{Result, esp};
use crate::store::Audience;
use crate::store::GameStatus;
use crate::store::Tx;
use crate::store::{self, Store};
use chrono::{DateTime, Duration, Utc};

/// For every running game whose current deadline is at most
/// `Settings::reminder_minutes` away (0: reminders off), writes one
/// private `reminder` announcement to each playing power whose orders
/// are incomplete, naming what is missing, at most once per phase and power. Returns
/// how many reminders were written. Each game is one transaction.
pub fn send_reminders(st: &mut Store, now: DateTime<Utc>) -> Result<usize> {
    let names: Vec<String> = st
        .read()
        .games()?
        .into_iter()
        .filter(|g| g.status == GameStatus::Active)
        .map(|g| g.name)
        .collect();
    let mut total = 0;
    for name in names {
        total += st.write(|c| remind_game(c, &name, now))?;
    }
    Ok(total)
}

fn remind_game(c: &Tx<'_>, name: &str, now: DateTime<Utc>) -> Result<usize> {
    let l = load(c, name)?;
    if l.game.status != GameStatus::Active || l.settings.reminder_minutes <= 0 {
        return Ok(0);
    }
    let row = l.current(c)?;
    let Some(deadline) = row.deadline.as_deref().and_then(store::parse_time) else {
        return Ok(0);
    };
    if deadline <= now || deadline - now > Duration::minutes(l.settings.reminder_minutes) {
        return Ok(0);
    }
    // In the reaction sub-phase nobody owes anything (ESP-8).
    if esp::state(c, &l, &row)?.is_some_and(|e| e.reaction_open()) {
        return Ok(0);
    }
    let pos = l.position(&row)?;
    let rows = c.live_orders(row.id, None)?;
    let live = live_orders(&l, pos.phase.kind, &rows)?;
    let now_s = store::time_text(now);
    let mut sent = 0;
    for (pname, missing) in l.incomplete_players(c, &pos, &live)? {
        let id = l.power(&pname)?;
        if !c.insert_reminder(row.id, &pname, &now_s)? {
            continue;
        }
        let none_yet = !live.iter().any(|(_, p, _)| *p == id);
        let owed = Notice::Reminder {
            game: l.game.name.clone(),
            phase: row.phase.clone(),
            deadline: When {
                at: deadline,
                tz: l.settings.tz(),
            },
            missing: OrLegacy::Typed(missing),
            none_yet,
        };
        let to = Audience::Power(pname.clone());
        post(c, &l, Some(&row.phase), &to, &owed, &now_s)?;
        sent += 1;
    }
    Ok(sent)
}
