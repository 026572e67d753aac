//! A clock a test moves, shared with the pages it serves (their
//! `with_clock`): the time from a start, moved on or set by the test.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// The pages' time: `start` and the seconds the test moved it by.
#[derive(Clone)]
pub(crate) struct MovedClock {
    start: DateTime<Utc>,
    secs: Arc<AtomicI64>,
}

impl MovedClock {
    /// A clock at `start`.
    pub(crate) fn at(start: DateTime<Utc>) -> MovedClock {
        MovedClock {
            start,
            secs: Arc::new(AtomicI64::new(0)),
        }
    }

    /// The time now.
    pub(crate) fn now(&self) -> DateTime<Utc> {
        self.start + Duration::seconds(self.secs.load(Ordering::SeqCst))
    }

    /// Moves the clock on by `d`.
    pub(crate) fn wait(&self, d: Duration) {
        self.secs.fetch_add(d.num_seconds(), Ordering::SeqCst);
    }

    /// Sets the clock to `t`.
    pub(crate) fn set(&self, t: DateTime<Utc>) {
        self.secs
            .store((t - self.start).num_seconds(), Ordering::SeqCst);
    }

    /// The clock as the pages read it.
    pub(crate) fn reader(&self) -> impl Fn() -> DateTime<Utc> + Send + Sync + 'static {
        let c = self.clone();
        move || c.now()
    }
}
