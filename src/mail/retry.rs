//! When outgoing mail is tried again and when it is given up: only on
//! the server's word about the mail itself (see [`Failure`]), never for an
//! outage, however long.

use crate::store::parse_time;
use chrono::{DateTime, Duration, Utc};

/// What a failed attempt says about the mail, which decides whether it
/// is tried again. Only the server's word about the mail itself gives it
/// up: a 5xx answer to it at once, 4xx answers once they have gone on for
/// [`RetryPolicy::give_up_after`]. A server that cannot be reached, or
/// refuses the session (the greeting, STARTTLS, AUTH), or goes silent,
/// says nothing about the mail: it waits, however long that lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// A 5xx answer to this mail: given up at once.
    Refused,
    /// A 4xx answer to this mail: tried again later.
    Deferred,
    /// No answer about this mail (connecting, the greeting, TLS, AUTH, a
    /// timeout, a dropped connection, the transport's own trouble): tried
    /// again, never given up for it.
    Unanswered,
    /// The mail has no address it can go to (its recipient cannot be
    /// written as an address): logged and set aside, not a failure of
    /// the pass.
    Unaddressable,
}

/// Why one attempt to send failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendError {
    /// What kind of failure it was, which decides whether the mail is tried again.
    pub failure: Failure,
    /// What happened, in the server's or the transport's words.
    pub message: String,
}

impl SendError {
    /// A failure of this kind with its message.
    pub fn new(failure: Failure, message: impl Into<String>) -> SendError {
        SendError {
            failure,
            message: message.into(),
        }
    }
}

/// When to try again and when to give up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The wait before the first retry, in seconds; doubled at each attempt.
    pub first_delay_secs: u64,
    /// The longest wait between two attempts, in seconds.
    pub max_delay_secs: u64,
    /// How long the server may answer a mail with temporary refusals
    /// (4xx) before it is given up, counted from the first such answer.
    pub give_up_after: Duration,
}

/// `[smtp] give_up_after` when the configuration does not say: 5 days.
pub(crate) const DEFAULT_GIVE_UP_MINUTES: i64 = 5 * 24 * 60;

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            first_delay_secs: 60,
            max_delay_secs: 3600,
            give_up_after: Duration::minutes(DEFAULT_GIVE_UP_MINUTES),
        }
    }
}

impl RetryPolicy {
    /// The wait after the `attempts`-th failed attempt (1, 2, ...):
    /// doubling from the first delay, capped.
    pub fn delay(&self, attempts: u32) -> Duration {
        let shift = attempts.saturating_sub(1).min(30);
        let secs = self
            .first_delay_secs
            .saturating_mul(1u64 << shift)
            .min(self.max_delay_secs);
        Duration::seconds(secs as i64)
    }

    /// Whether a mail the server answered with a temporary refusal now,
    /// first at `deferred_since` (none: this is the first), is given up.
    pub fn gives_up(&self, deferred_since: Option<&str>, now: DateTime<Utc>) -> bool {
        let since = deferred_since.and_then(parse_time).unwrap_or(now);
        now - since >= self.give_up_after
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::outbox::{
        NewMail, OutMail, Outgoing, SendSummary, next_due, queue, rows, send_due,
    };
    use crate::store::Store;

    /// A transport that fails its first `fail_first` sends as `failure`
    /// says.
    struct Fake {
        fail_first: usize,
        failure: Failure,
        sent: Vec<String>,
        calls: usize,
    }

    impl Outgoing for Fake {
        fn send(&mut self, _from: &str, m: &OutMail) -> Result<(), SendError> {
            self.calls += 1;
            if self.calls <= self.fail_first {
                return Err(SendError::new(self.failure, "421 try later"));
            }
            self.sent.push(m.message_id.clone());
            Ok(())
        }
    }

    fn fake(fail_first: usize, failure: Failure) -> Fake {
        Fake {
            fail_first,
            failure,
            sent: vec![],
            calls: 0,
        }
    }

    fn store() -> (tempfile::TempDir, Store) {
        let d = tempfile::tempdir().unwrap();
        let st = Store::open(&d.path().join("t.db")).unwrap();
        (d, st)
    }

    fn mail(to: &str) -> NewMail {
        NewMail {
            to: to.into(),
            subject: "s".into(),
            body: "b".into(),
            in_reply_to: Some("<x@y>".into()),
            inbox_id: None,
            announcement_id: None,
        }
    }

    #[test]
    fn backoff_doubles_and_caps() {
        let p = RetryPolicy {
            first_delay_secs: 10,
            max_delay_secs: 100,
            ..RetryPolicy::default()
        };
        let d: Vec<i64> = (1..=6).map(|a| p.delay(a).num_seconds()).collect();
        assert_eq!(d, [10, 20, 40, 80, 100, 100]);
    }

    #[test]
    fn a_failing_server_defers_then_sends_once_with_the_same_id() {
        let (_d, mut st) = store();
        let t0 = parse_time("2025-01-01T00:00:00Z").unwrap();
        let id = st
            .write(|c| queue(c, &mail("a@x.org"), "judge@example.org", t0))
            .unwrap();
        let mid = rows(&st.read()).unwrap()[0].message_id.clone();
        assert!(mid.ends_with("@example.org>"));
        let mut f = fake(2, Failure::Deferred);
        let p = RetryPolicy {
            first_delay_secs: 60,
            max_delay_secs: 3600,
            ..RetryPolicy::default()
        };
        let s = send_due(&mut st, &mut f, "judge@example.org", p, t0).unwrap();
        assert_eq!(s.deferred, 1);
        // Not due yet 59 s later; due at 60 s, fails again; then 120 s.
        let s = send_due(&mut st, &mut f, "j", p, t0 + Duration::seconds(59)).unwrap();
        assert_eq!(s, SendSummary::default());
        let s = send_due(&mut st, &mut f, "j", p, t0 + Duration::seconds(60)).unwrap();
        assert_eq!(s.deferred, 1);
        assert_eq!(
            next_due(&st.read()).unwrap(),
            Some(t0 + Duration::seconds(180))
        );
        let s = send_due(&mut st, &mut f, "j", p, t0 + Duration::seconds(180)).unwrap();
        assert_eq!(s.sent, 1);
        assert_eq!(f.sent, vec![mid.clone()]);
        // A later pass (or a restart) never sends it again.
        let s = send_due(&mut st, &mut f, "j", p, t0 + Duration::days(1)).unwrap();
        assert_eq!(s, SendSummary::default());
        let r = &rows(&st.read()).unwrap()[0];
        assert_eq!((r.id, r.status.as_str(), r.attempts), (id, "sent", 3));
        assert_eq!(r.message_id, mid);
    }

    #[test]
    fn a_permanent_refusal_fails_at_once() {
        let (_d, mut st) = store();
        let t0 = parse_time("2025-01-01T00:00:00Z").unwrap();
        st.write(|c| queue(c, &mail("nobody@x.org"), "j@x.org", t0))
            .unwrap();
        let mut f = fake(9, Failure::Refused);
        let s = send_due(&mut st, &mut f, "j", RetryPolicy::default(), t0).unwrap();
        assert_eq!(s.failed, 1);
        assert_eq!(rows(&st.read()).unwrap()[0].status, "failed");
    }

    /// Every pass of `days` days, one an hour, with the transport failing
    /// every send as `failure` says; the mail's status after each.
    fn hourly_passes(failure: Failure, days: i64) -> Vec<String> {
        let (_d, mut st) = store();
        let t0 = parse_time("2025-01-01T00:00:00Z").unwrap();
        st.write(|c| queue(c, &mail("a@x.org"), "j@x.org", t0))
            .unwrap();
        let mut f = fake(usize::MAX, failure);
        (0..days * 24)
            .map(|h| {
                let now = t0 + Duration::hours(h);
                send_due(&mut st, &mut f, "j", RetryPolicy::default(), now).unwrap();
                rows(&st.read()).unwrap()[0].status.clone()
            })
            .collect()
    }

    #[test]
    fn temporary_refusals_give_a_mail_up_after_five_days_and_no_answer_never_does() {
        let deferred = hourly_passes(Failure::Deferred, 7);
        let first_failed = deferred.iter().position(|s| s == "failed").unwrap();
        // Passes an hour apart, retries at most an hour apart: given up at
        // the first answer 5 days (120 hours) after the first.
        assert_eq!(first_failed, 120, "{deferred:?}");
        let silent = hourly_passes(Failure::Unanswered, 30);
        assert!(silent.iter().all(|s| s == "queued"), "{silent:?}");
    }
}
