//! A game's life from the judge's side: created, started, ended.

use super::clock::{parse_duration, parse_time_of_day};
use super::deadlines::PhaseInfo;
use super::loaded::load;
use super::notice::{Notice, When, post};
use super::reports::Started;
use super::settings::{CreateOptions, Settings};
use super::stored::position_to_json;
use super::{GameError, Refusal, Result, esp};
use crate::engine::Organisations;
use crate::engine::Position;
use crate::store::Audience;
use crate::store::{self, Store};
use crate::store::{GameOutcome, GameStatus, PhaseStatus};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;

/// Creates a game, forming (players may join).
pub fn create(st: &mut Store, name: &str, o: &CreateOptions, now: DateTime<Utc>) -> Result<()> {
    let ok_name = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok_name {
        return Err(GameError::BadGameName(name.into()));
    }
    let map = crate::maps::lookup(&o.variant)
        .ok_or_else(|| GameError::UnknownVariant(o.variant.clone()))?;
    let mut rules = Vec::new();
    for r in o.rules.iter().flat_map(|r| r.split(',')) {
        let r = r.trim().to_ascii_lowercase();
        if r.is_empty() {
            continue;
        }
        if r != "espionnite" && r != "spionage" {
            return Err(GameError::UnknownRules(r));
        }
        rules.push(r);
    }
    rules.dedup();
    if o.timezone.parse::<Tz>().is_err() {
        return Err(GameError::BadTimezone(o.timezone.clone()));
    }
    if let Some(t) = &o.deadline_time
        && parse_time_of_day(t).is_none()
    {
        return Err(GameError::BadTimeOfDay(t.clone()));
    }
    let settings = Settings {
        movement_minutes: parse_duration(&o.deadline)?,
        retreat_minutes: parse_duration(&o.retreat_deadline)?,
        adjust_minutes: parse_duration(&o.adjust_deadline)?,
        timezone: o.timezone.clone(),
        deadline_time: o.deadline_time.clone(),
        press: o.press.clone(),
        reaction_minutes: parse_duration(&o.reaction_deadline)?,
        reminder_minutes: if o.reminder.trim() == "0" {
            0
        } else {
            parse_duration(&o.reminder)?
        },
        password_optional: o.password_optional,
        spy_at_start: o.spy_at_start,
        max_absence_days: o.max_absence_days,
        draws: o.draws,
        concessions: o.concessions,
        votes_kept: o.votes_kept,
        votes_shown: o.votes_shown,
        approve_takeovers: o.approve_takeovers,
        grace_minutes: if o.grace.trim() == "0" {
            0
        } else {
            parse_duration(&o.grace)?
        },
        abandon_after: o.abandon_after.max(0),
        pictures: o.pictures,
        fake_press: o.fake_press,
        anonymous: o.anonymous,
        language: o.language,
    };
    let settings_json = serde_json::to_string(&settings).expect("settings serialise");
    let variant = map.name.clone();
    let rules_text = rules.join(",");
    st.write(|c| {
        if c.game_by_name(name)?.is_some() {
            return Err(GameError::DuplicateGame(name.into()));
        }
        let id = c.insert_game(
            name,
            &variant,
            &rules_text,
            &settings_json,
            &store::time_text(now),
        )?;
        for p in map.powers() {
            c.insert_power(id, &p.name)?;
        }
        // A map from the maps directory is kept with the game, so that
        // the game goes on by it whatever becomes of the file.
        if crate::engine::Map::by_variant(&variant).is_none() {
            c.set_game_map(id, &map.to_toml_string())?;
        }
        // An espionage game's secret log is signed with the judge's key:
        // made now if there is none, so that its public key can be
        // published before the first head.
        if !rules.is_empty() {
            c.ensure_head_key()?;
        }
        tracing::info!(game = name, "game created");
        Ok(())
    })
}

/// Starts a forming game whose powers all have players: the first phase
/// begins with its deadline.
pub fn start(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<PhaseInfo> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(&[GameStatus::Forming], Refusal::AlreadyStarted)?;
        let powers = c.powers(l.game.id)?;
        let missing: Vec<String> = powers
            .iter()
            .filter(|p| p.email.is_none() && !l.is_dummy(&p.power))
            .map(|p| p.power.clone())
            .collect();
        if !missing.is_empty() {
            return Err(GameError::NotFull {
                game: l.game.name.clone(),
                missing: missing.join(", "),
            });
        }
        let pos = Position::initial(l.map, l.map.first_year());
        let deadline =
            super::absence::phase_deadline(c, &l, pos.phase.kind, &pos.phase.to_string(), now)?;
        let now_s = store::time_text(now);
        let phase_id = c.insert_phase(
            l.game.id,
            &pos.phase.to_string(),
            &position_to_json(l.map, &pos),
            PhaseStatus::Current,
            Some(&store::time_text(deadline)),
            &now_s,
            None,
        )?;
        // SPI-1: organisations at the start only with spy_at_start.
        let orgs = Organisations::at_start(l.map, l.settings.spy_at_start);
        esp::start_phase(c, &l, phase_id, &orgs)?;
        let rules: Vec<String> = l
            .game
            .rules
            .split(',')
            .filter(|r| !r.is_empty())
            .map(|r| r.to_string())
            .collect();
        // Who plays which power, unless the game keeps its players'
        // addresses secret.
        let players: Option<Vec<(String, String)>> = (!l.settings.anonymous).then(|| {
            powers
                .iter()
                .map(|p| (l.display(&p.power), p.email.clone().unwrap_or_default()))
                .collect()
        });
        let units: Vec<(String, Vec<String>)> = l
            .map
            .powers()
            .iter()
            .map(|p| {
                (
                    p.display_name(),
                    pos.units_of(p.id).map(|u| u.text(l.map)).collect(),
                )
            })
            .collect();
        let started = Notice::GameStarted(Started {
            game: l.game.name.clone(),
            map: l.map.name.clone(),
            espionage: l
                .settings
                .espionage(&rules)
                .map(super::notice::OrLegacy::Typed),
            players,
            units,
            phase: pos.phase.to_string(),
            deadline: When {
                at: deadline,
                tz: l.settings.tz(),
            },
        });
        let phase = pos.phase.to_string();
        let announcement = post(c, &l, Some(&phase), &Audience::All, &started, &now_s)?;
        // The starting position's picture goes with it.
        let scene = crate::render::Scene::position(&l.game.name, &pos);
        for a in super::pictures::attachments(l.map, &scene, l.settings.pictures) {
            c.insert_attachment(store::AttachmentOwner::Announcement(announcement), &a)?;
        }
        c.set_game_status(l.game.id, GameStatus::Active)?;
        tracing::info!(game = name, "game started");
        Ok(PhaseInfo {
            phase: pos.phase,
            deadline: Some(deadline),
            tz: l.settings.tz(),
        })
    })
}

/// The judge ends a game.
pub fn end(st: &mut Store, name: &str, now: DateTime<Utc>) -> Result<()> {
    st.write(|c| {
        let l = load(c, name)?;
        l.require_status(
            &[GameStatus::Forming, GameStatus::Active, GameStatus::Paused],
            Refusal::AlreadyOver,
        )?;
        match c.live_phase(l.game.id)? {
            // Everyone is told, with the centres as they stand.
            Some(row) => {
                let pos = l.position(&row)?;
                let current = (row.status == PhaseStatus::Current).then_some(row.id);
                let how = super::draw::Ending::Master;
                let ended = super::draw::finish(c, &l, &how, &pos, current, now)?;
                let now_s = store::time_text(now);
                super::final_head::seal(c, &l, &row.phase, &ended, &now_s)?;
            }
            None => {
                c.set_game_status(l.game.id, GameStatus::Finished)?;
                c.set_outcome(l.game.id, Some(GameOutcome::Ended), None)?;
                let over = Notice::EndedBeforeStart {
                    game: l.game.name.clone(),
                };
                post(c, &l, None, &Audience::All, &over, &store::time_text(now))?;
            }
        }
        Ok(())
    })
}
