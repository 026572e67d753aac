//! A game's settings in words: the lines of `LIST <game>` and
//! `dipspy game show`, and the espionage line of the start mail. The
//! settings are values ([`Settings`]); only their words are here.

use super::{Args, Lang, render};
use crate::game::{EspionageRules, Settings};

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The espionage rules of a game in words (`None` without them): the
/// rule sets, the reaction phase's length (Espionnite) and whether the
/// powers have spy organisations from the start (Spionage's
/// `spy_at_start`).
pub(crate) fn espionage(lang: Lang, s: &Settings, rules: &[String]) -> Option<String> {
    s.espionage(rules).map(|e| espionage_rules(lang, &e))
}

/// [`espionage`] of the rules as the start mail carries them.
pub(crate) fn espionage_rules(lang: Lang, e: &EspionageRules) -> String {
    let rules = &e.rules;
    let has = |r: &str| rules.iter().any(|x| x.eq_ignore_ascii_case(r));
    let names: Vec<String> = rules
        .iter()
        .map(|r| r[..1].to_uppercase() + &r[1..].to_lowercase())
        .collect();
    let names = match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [first, rest @ ..] => rest.iter().fold(first.clone(), |a, b| {
            render(
                lang,
                "settings-rules-and",
                &Args::new().str("first", a).str("second", b.as_str()),
            )
        }),
    };
    let args = Args::new()
        .str("rules", names)
        .str("espionnite", yes(has("espionnite")))
        .str("reaction", super::stored::span(lang, e.reaction_minutes))
        .str("spionage", yes(has("spionage")))
        .str("spy_at_start", yes(e.spy_at_start));
    render(lang, "settings-espionage", &args)
}

/// The settings in words, one line each.
pub(crate) fn describe(lang: Lang, s: &Settings) -> Vec<String> {
    let span = |m: i64| super::stored::span(lang, m);
    let deadlines = Args::new()
        .str("movement", span(s.movement_minutes))
        .str("retreats", span(s.retreat_minutes))
        .str("adjustments", span(s.adjust_minutes))
        .str("timezone", s.timezone.as_str());
    let deadlines = match s.deadline_time.as_deref() {
        Some(at) => render(lang, "settings-deadlines-at", &deadlines.str("at", at)),
        None => render(lang, "settings-deadlines", &deadlines),
    };
    let press = Args::new().str("press", s.press.as_str());
    let press = if s.reminder_minutes > 0 {
        let args = press.str("reminder", span(s.reminder_minutes));
        render(lang, "settings-press-reminders", &args)
    } else {
        render(lang, "settings-press", &press)
    };
    let votes = Args::new()
        .str("draws", s.draws.as_str())
        .str("concessions", yes(s.concessions))
        .str("kept", yes(s.votes_kept))
        .str("shown", yes(s.votes_shown));
    let players = Args::new()
        .num("days", s.max_absence_days as f64)
        .str(
            "late",
            if s.grace_minutes > 0 {
                "wait"
            } else {
                "disorder"
            },
        )
        .str("grace", span(s.grace_minutes))
        .num("abandon", s.abandon_after.max(0) as f64)
        .str("approve", yes(s.approve_takeovers));
    let pictures = Args::new().str("pictures", s.pictures.as_str());
    let fake = Args::new()
        .str("fake", yes(s.fake_press))
        .str("anonymous", yes(s.anonymous));
    vec![
        deadlines,
        press,
        render(lang, "settings-votes", &votes),
        render(lang, "settings-players", &players),
        render(lang, "settings-pictures", &pictures),
        render(lang, "settings-fake-press", &fake),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DrawRule, Pictures};

    // The words as the game layer wrote them before they moved here: the
    // catalogue must give the same lines.
    fn old_espionage(s: &Settings, rules: &[String]) -> Option<String> {
        if rules.is_empty() {
            return None;
        }
        let has = |r: &str| rules.iter().any(|x| x.eq_ignore_ascii_case(r));
        let names: Vec<String> = rules
            .iter()
            .map(|r| r[..1].to_uppercase() + &r[1..].to_lowercase())
            .collect();
        let mut t = format!("espionage: {}", names.join(" and "));
        if has("espionnite") {
            t.push_str(&format!(
                "; reaction deadline {} after the orders are frozen",
                crate::game::format_minutes(s.reaction_minutes)
            ));
        }
        if has("spionage") {
            t.push_str(&format!(
                "; spy_at_start: {}",
                if s.spy_at_start {
                    "yes (every power has a spy organisation from the start)"
                } else {
                    "no (organisations are founded in winter)"
                }
            ));
        }
        Some(t)
    }

    /// The settings in words, one line each, for `LIST <game>` and
    /// `dipspy game show`.
    fn old_describe(s: &Settings) -> Vec<String> {
        let span = |m: i64| crate::game::format_minutes(m);
        let yes = |b: bool| if b { "yes" } else { "no" };
        vec![
            format!(
                "deadlines: movement {}, retreats {}, adjustments {}{} ({})",
                span(s.movement_minutes),
                span(s.retreat_minutes),
                span(s.adjust_minutes),
                s.deadline_time
                    .as_deref()
                    .map(|t| format!(", at {t}"))
                    .unwrap_or_default(),
                s.timezone
            ),
            format!(
                "press: {}; reminders: {}",
                s.press,
                if s.reminder_minutes > 0 {
                    format!("{} before a deadline", span(s.reminder_minutes))
                } else {
                    "none".into()
                }
            ),
            format!(
                "draws: {}; concessions: {}; votes {} and {}",
                s.draws.as_str(),
                yes(s.concessions),
                if s.votes_kept {
                    "kept from phase to phase"
                } else {
                    "cleared each phase"
                },
                if s.votes_shown { "announced" } else { "secret" }
            ),
            format!(
                "absences: up to {} days; late orders: {}; abandoned after {}; takeovers: {}",
                s.max_absence_days,
                if s.grace_minutes > 0 {
                    format!(
                        "waited for {}, then the power is abandoned",
                        span(s.grace_minutes)
                    )
                } else {
                    "processed at once in civil disorder".into()
                },
                if s.abandon_after > 0 {
                    format!("{} movement phases without orders", s.abandon_after)
                } else {
                    "never (the master decides)".into()
                },
                if s.approve_takeovers {
                    "approved by the master"
                } else {
                    "open"
                }
            ),
            format!("pictures of the board: {}", s.pictures.as_str()),
            format!(
                "fake press: {}; players' addresses: {}",
                if s.fake_press {
                    "allowed"
                } else {
                    "not allowed"
                },
                if s.anonymous {
                    "secret (anonymous game)"
                } else {
                    "shown by WHOGAME"
                }
            ),
        ]
    }

    #[test]
    fn the_settings_read_as_they_always_have() {
        let mut s: Settings = serde_json::from_str(
            r#"{"movement_minutes":2880,"retreat_minutes":1440,"adjust_minutes":1440,
                "timezone":"UTC","press":"white"}"#,
        )
        .expect("settings with their defaults");
        let rule_sets: [&[&str]; 4] = [
            &[],
            &["espionnite"],
            &["spionage"],
            &["espionnite", "spionage"],
        ];
        for round in 0..4 {
            if round == 1 {
                s.deadline_time = Some("20:00".into());
                s.reminder_minutes = 0;
                s.concessions = !s.concessions;
                s.votes_kept = !s.votes_kept;
                s.votes_shown = !s.votes_shown;
                s.grace_minutes = 0;
                s.abandon_after = 0;
                s.approve_takeovers = !s.approve_takeovers;
                s.fake_press = !s.fake_press;
                s.anonymous = !s.anonymous;
                s.spy_at_start = !s.spy_at_start;
                s.draws = DrawRule::Any;
                s.pictures = Pictures::PngSvg;
            }
            if round == 2 {
                s.reminder_minutes = 90;
                s.grace_minutes = 1500;
                s.abandon_after = 5;
                s.max_absence_days = 30;
            }
            if round == 3 {
                s.spy_at_start = !s.spy_at_start;
            }
            assert_eq!(describe(Lang::En, &s), old_describe(&s));
            for rules in rule_sets {
                let rules: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
                assert_eq!(espionage(Lang::En, &s, &rules), old_espionage(&s, &rules));
            }
        }
    }
}
