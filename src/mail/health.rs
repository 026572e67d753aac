//! The judge's mail health from one pass to the next, remembered in the
//! database (so that `serve --once` from cron keeps it too): a failure is
//! logged when it starts or changes, not at every pass; when mail has been
//! failing for longer than `[judge] alert_after` the game master is sent
//! a short notice, and another when it works again.

use super::outbox::{self, NewMail};
use crate::judge::JudgeSettings;
use crate::store::{self, parse_time, time_text};
use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

const SINCE: &str = "failing_since";
const WHAT: &str = "failing_what";
const NOTIFIED: &str = "failure_notified";

/// How long mail may fail before the master is told, when the
/// configuration does not say.
pub const DEFAULT_ALERT_MINUTES: i64 = 60;

fn get(c: &Connection, k: &str) -> rusqlite::Result<Option<String>> {
    store::judge_state(c, k)
}

fn set(c: &Connection, k: &str, v: &str) -> rusqlite::Result<()> {
    store::set_judge_state(c, k, v)
}

fn clear(c: &Connection) -> rusqlite::Result<()> {
    store::clear_judge_state(c, &[SINCE, WHAT, NOTIFIED])
}

/// Takes a pass's failures (empty: all went well) into the remembered
/// state, logging and queueing the master's notices as the module comment
/// says. One transaction with the notices it queues.
pub fn after_pass(
    c: &Connection,
    js: &JudgeSettings,
    now: DateTime<Utc>,
    failures: &[String],
) -> rusqlite::Result<()> {
    let since = get(c, SINCE)?.and_then(|s| parse_time(&s));
    let notified = get(c, NOTIFIED)?.is_some();
    let notice = |subject: String, body: String| -> rusqlite::Result<()> {
        let Some(master) = &js.master_address else {
            return Ok(());
        };
        outbox::queue(
            c,
            &NewMail {
                to: master.clone(),
                subject,
                body,
                in_reply_to: None,
                inbox_id: None,
                announcement_id: None,
            },
            &js.address,
            now,
        )
        .map(|_| ())
    };
    // A pass that attempted nothing while mail still waits for a retry
    // has not shown that mail works again.
    let retrying = store::outbox::count_retrying(c)?;
    if failures.is_empty() && retrying > 0 {
        return Ok(());
    }
    if failures.is_empty() {
        if let Some(since) = since {
            tracing::info!(since = %time_text(since), "mail works again");
            if notified {
                notice(
                    "dipspy: the judge's mail works again".into(),
                    format!(
                        "The judge's mail works again since {}; it had been failing since {}.\n",
                        time_text(now),
                        time_text(since)
                    ),
                )?;
            }
            clear(c)?;
        }
        return Ok(());
    }
    let what = failures.join("; ");
    if get(c, WHAT)?.as_deref() != Some(what.as_str()) {
        tracing::error!(failure = %what, "the judge's pass failed");
        set(c, WHAT, &what)?;
    } else {
        tracing::debug!(failure = %what, "the judge's pass failed again");
    }
    let since = match since {
        Some(s) => s,
        None => {
            set(c, SINCE, &time_text(now))?;
            now
        }
    };
    let alert = Duration::minutes(js.alert_after_minutes.unwrap_or(DEFAULT_ALERT_MINUTES));
    if !notified && now - since >= alert {
        notice(
            "dipspy: the judge's mail is failing".into(),
            format!(
                "The judge's mail has been failing since {}:\n  {}\n\
                 Run `dipspy check` and `dipspy status` on the judge's host; mail waits in the \
                 outbox and is retried.\n",
                time_text(since),
                failures.join("\n  ")
            ),
        )?;
        set(c, NOTIFIED, &time_text(now))?;
    }
    Ok(())
}
