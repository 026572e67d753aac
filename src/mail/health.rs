//! The judge's mail health from one pass to the next, remembered in the
//! database (so that `serve --once` from cron keeps it too): a failure is
//! logged when it starts or changes, not at every pass; when mail has been
//! failing for longer than `[judge] alert_after` the game master is sent
//! a short notice, and another when it works again.

use super::outbox::{self, NewMail};
use crate::judge::JudgeSettings;
use crate::store::Tx;
use crate::store::{parse_time, time_text};
use crate::text::{self, Args};
use chrono::{DateTime, Duration, Utc};

const SINCE: &str = "failing_since";
const WHAT: &str = "failing_what";
const NOTIFIED: &str = "failure_notified";

/// How long mail may fail before the master is told, when the
/// configuration does not say.
pub(crate) const DEFAULT_ALERT_MINUTES: i64 = 60;

fn get(c: &Tx<'_>, k: &str) -> crate::store::DbResult<Option<String>> {
    c.judge_state(k)
}

fn set(c: &Tx<'_>, k: &str, v: &str) -> crate::store::DbResult<()> {
    c.set_judge_state(k, v)
}

fn clear(c: &Tx<'_>) -> crate::store::DbResult<()> {
    c.clear_judge_state(&[SINCE, WHAT, NOTIFIED])
}

/// A notice to the master, as queued, for a second path (`[alert]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Alert {
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// Takes a pass's failures (empty: all went well) into the remembered
/// state, logging and queueing the master's notices as the module comment
/// says. One transaction with the notices it queues; returns the notice
/// queued, if any. A failure that only a person can mend (an OAuth2 login
/// that has ended) is told at once, not after `alert_after`.
pub(crate) fn after_pass(
    c: &Tx<'_>,
    js: &JudgeSettings,
    now: DateTime<Utc>,
    failures: &[String],
) -> crate::store::DbResult<Option<Alert>> {
    let since = get(c, SINCE)?.and_then(|s| parse_time(&s));
    let notified = get(c, NOTIFIED)?.is_some();
    // In the master's language: their own choice, else the judge's.
    let notice = |key: &str, args: Args| -> crate::store::DbResult<Option<Alert>> {
        let Some(master) = &js.master_address else {
            return Ok(None);
        };
        let lang = outbox::reader_lang_in(c, js, None, master);
        let crate::report::Mail { subject, body } = text::mail(lang, key, &args);
        outbox::queue(
            c,
            &NewMail {
                to: master.clone(),
                subject: subject.clone(),
                body: body.clone(),
                in_reply_to: None,
                inbox_id: None,
                announcement_id: None,
            },
            &js.address,
            now,
        )?;
        Ok(Some(Alert {
            to: master.clone(),
            subject,
            body,
        }))
    };
    // A pass that attempted nothing while mail still waits for a retry
    // has not shown that mail works again.
    let retrying = c.count_retrying()?;
    if failures.is_empty() && retrying > 0 {
        return Ok(None);
    }
    if failures.is_empty() {
        if let Some(since) = since {
            tracing::info!(since = %time_text(since), "mail works again");
            let mut sent = None;
            if notified {
                let args = Args::new()
                    .str("now", time_text(now))
                    .str("since", time_text(since));
                sent = notice("mail-works-again", args)?;
            }
            clear(c)?;
            return Ok(sent);
        }
        return Ok(None);
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
    let needs_person = failures
        .iter()
        .any(|f| f.contains(super::oauth::LOGIN_HINT));
    if !notified && (now - since >= alert || needs_person) {
        let args = Args::new()
            .str("since", time_text(since))
            .str("failures", failures.join("\n  "));
        let sent = notice("mail-failing", args)?;
        set(c, NOTIFIED, &time_text(now))?;
        return Ok(sent);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    /// The master's two notices, as queued after failing passes and a good
    /// one, for a judge whose default is `lang`: (subject, body) each.
    fn notices(lang: Option<Lang>) -> Vec<(String, String)> {
        let dir = tempfile::tempdir().unwrap();
        let st = crate::store::Store::open(&dir.path().join("j.db")).unwrap();
        let js = JudgeSettings {
            address: "judge@example.org".into(),
            master_address: Some("gm@example.org".into()),
            language: lang,
            ..JudgeSettings::default()
        };
        let t0: DateTime<Utc> = "2025-03-02T11:00:00Z".parse().unwrap();
        let c = &st.read();
        let failed = vec!["SMTP 127.0.0.1:25: connection refused".to_string()];
        after_pass(c, &js, t0, &failed).unwrap();
        after_pass(c, &js, t0 + Duration::hours(2), &failed).unwrap();
        after_pass(c, &js, t0 + Duration::hours(3), &[]).unwrap();
        outbox::rows(c)
            .unwrap()
            .into_iter()
            .map(|r| (r.subject, r.body))
            .collect()
    }

    #[test]
    fn the_masters_mail_notices_are_in_the_judges_language() {
        let en = notices(None);
        assert_eq!(
            en,
            [
                (
                    "dipspy: the judge's mail is failing".to_string(),
                    "The judge's mail has been failing since 2025-03-02T11:00:00Z:\n  \
                     SMTP 127.0.0.1:25: connection refused\n\
                     Run `dipspy check` and `dipspy status` on the judge's host; mail waits in \
                     the outbox and is retried.\n"
                        .to_string()
                ),
                (
                    "dipspy: the judge's mail works again".to_string(),
                    "The judge's mail works again since 2025-03-02T14:00:00Z; it had been \
                     failing since 2025-03-02T11:00:00Z.\n"
                        .to_string()
                ),
            ]
        );
        let fr = notices(Some(Lang::Fr));
        assert_eq!(
            fr[0].0,
            "dipspy\u{a0}: le courrier de l'arbitre ne passe plus"
        );
        assert!(
            fr[0].1.starts_with(
                "Le courrier de l'arbitre échoue depuis le 2025-03-02T11:00:00Z\u{a0}:\n  \
                 SMTP 127.0.0.1:25: connection refused\nLancez `dipspy check`"
            ),
            "{}",
            fr[0].1
        );
        let de = notices(Some(Lang::De));
        assert_eq!(
            de[1].1,
            "Der Postversand des Judges funktioniert seit 2025-03-02T14:00:00Z wieder; \
             er war seit 2025-03-02T11:00:00Z gestört.\n"
        );
    }
}
