//! `dipspy serve`: the judge's main loop. One pass is
//! fetch → store → acknowledge → handle each new message → tick the games
//! → reminders → queue announcements → send the outbox; passes repeat
//! every poll interval (sooner when IMAP IDLE reports new mail). SIGTERM
//! and SIGINT stop the loop between steps.

use super::disk::{DiskFree, FreeSpace, Reserve};
use super::imap::{ImapIn, ImapSettings};
use super::maildir::{self, MaildirOut};
use super::outbox::{self, Outgoing, RetryPolicy};
use super::smtp::SmtpOut;
use super::{Limits, MailError, inbox};
use crate::config::{Config, Transport};
use crate::judge::JudgeSettings;
use crate::store::Store;
use chrono::{DateTime, Utc};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

enum Source {
    Imap(Box<ImapIn>),
    Maildir(PathBuf),
}

/// What one pass did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PassSummary {
    /// The steps that failed, in words (fetching, handling, ticking,
    /// queueing, sending).
    pub failures: Vec<String>,
    /// Messages fetched from the mailbox and stored.
    pub fetched: usize,
    /// What became of the new inbox messages.
    pub handle: inbox::HandleSummary,
    /// Games whose current phase this pass processed.
    pub games_processed: usize,
    /// Reminders written for powers still missing orders.
    pub reminders: usize,
    /// Messages queued for the games' announcements (results, starts, deadline changes).
    pub announced: usize,
    /// What the sending pass did.
    pub send: outbox::SendSummary,
    /// The mailbox could not be read this pass (deadlines then wait).
    pub unread: bool,
}

/// The judge's mail loop with its transports.
pub struct Server {
    /// What the judge needs beyond the database: its address, the master's, game defaults.
    pub js: JudgeSettings,
    /// How much mail is read from whom.
    pub limits: Limits,
    /// When unsent mail is tried again and given up.
    pub policy: RetryPolicy,
    poll: Duration,
    /// Passes in a row that failed: the wait before the next grows with
    /// them (twice the poll interval, four times, ... at most 15 minutes).
    failing_passes: u32,
    source: Source,
    out: Box<dyn Outgoing>,
    rt: tokio::runtime::Runtime,
    stop: Arc<AtomicBool>,
    wake: Arc<tokio::sync::Notify>,
    /// The free space kept where the database lives: no mail is stored
    /// that would reach into it (see [`Server::watch_disk`]).
    reserve: Reserve,
    /// How long quarantined mail is kept before a pass purges it.
    quarantine_days: u32,
    /// The file a pass is recorded in when the database cannot take it
    /// (see [`crate::status::pass_file`]).
    pass_file: Option<PathBuf>,
    /// `[alert]`: the master's notices also go this way.
    alert: Option<super::alert::AlertPath>,
}

/// How long quarantined mail is kept when `[limits] quarantine_days` does
/// not say.
pub(super) const DEFAULT_QUARANTINE_DAYS: u32 = 30;

impl Server {
    /// Sets the transports up from the configuration (nothing is
    /// contacted yet) and installs the SIGTERM/SIGINT handlers.
    pub fn new(cfg: &Config) -> Result<Server, MailError> {
        let js = cfg.judge_settings();
        if js.address.is_empty() || !js.address.contains('@') {
            return Err(MailError::Config(
                "[judge] address is not set: the judge needs its own address".into(),
            ));
        }
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()?;
        let (source, out, poll): (Source, Box<dyn Outgoing>, Option<u64>) = match cfg.mail.transport
        {
            Transport::Imap => {
                // The token file beside the database unless the file
                // says where (`dipspy serve` fills in the --db one).
                let oauth = super::oauth::source_for(cfg, &cfg.database(None))?;
                let s = ImapSettings::from_config_with(&cfg.imap, oauth.clone())?;
                let out = SmtpOut::new_with(&cfg.smtp, rt.handle().clone(), oauth)?;
                (
                    Source::Imap(Box::new(ImapIn::new(s))),
                    Box::new(out),
                    cfg.imap.poll_seconds.or(cfg.mail.poll_seconds),
                )
            }
            Transport::Maildir => {
                let need = |p: &Option<PathBuf>, k: &str| {
                    p.clone()
                        .ok_or_else(|| MailError::Config(format!("[maildir] {k} is not set")))
                };
                let inc = need(&cfg.maildir.incoming, "incoming")?;
                let outdir = need(&cfg.maildir.outgoing, "outgoing")?;
                // A missing Maildir is a mistyped setting, not a folder
                // to make up: the mail would go somewhere nobody reads.
                if !inc.join("new").is_dir() {
                    return Err(MailError::Config(format!(
                        "the incoming Maildir {} does not exist (no new/ folder in it): fix \
                         [maildir] incoming, or create it with `mkdir -p {dir}/new {dir}/cur {dir}/tmp`",
                        inc.display(),
                        dir = inc.display()
                    )));
                }
                maildir::create(&inc)?;
                std::fs::create_dir_all(&outdir)?;
                (
                    Source::Maildir(inc),
                    Box::new(MaildirOut { root: outdir }),
                    cfg.mail.poll_seconds,
                )
            }
        };
        let policy = retry_policy(&cfg.smtp)?;
        let alert = super::alert::AlertPath::from_config(&cfg.alert, rt.handle().clone())?;
        let stop = Arc::new(AtomicBool::new(false));
        let wake = Arc::new(tokio::sync::Notify::new());
        {
            let (stop, wake) = (stop.clone(), wake.clone());
            rt.spawn(async move {
                use tokio::signal::unix::{SignalKind, signal};
                let (Ok(mut term), Ok(mut int)) = (
                    signal(SignalKind::terminate()),
                    signal(SignalKind::interrupt()),
                ) else {
                    tracing::error!("cannot install the signal handlers");
                    return;
                };
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                }
                tracing::info!("stop requested; finishing the current step");
                stop.store(true, Ordering::SeqCst);
                wake.notify_waiters();
                wake.notify_one();
            });
        }
        Ok(Server {
            js,
            limits: Limits::from_config(&cfg.limits),
            policy,
            poll: Duration::from_secs(poll.unwrap_or(60).max(1)),
            failing_passes: 0,
            source,
            out,
            rt,
            stop,
            wake,
            reserve: Reserve::none(),
            quarantine_days: cfg
                .limits
                .quarantine_days
                .unwrap_or(DEFAULT_QUARANTINE_DAYS),
            pass_file: None,
            alert,
        })
    }

    /// Watches the free space where the database `db` lives: no mail is
    /// stored that would take it below `min_free` bytes (such mail waits
    /// on the server or in the Maildir); below it, a pass handles the mail
    /// already stored and fetches none.
    pub fn watch_disk(&mut self, db: &std::path::Path, min_free: u64) {
        let dir = match db.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        self.watch_free_space(Box::new(DiskFree { dir }), min_free);
    }

    /// [`Server::watch_disk`] with the free space told by `probe`.
    pub fn watch_free_space(&mut self, probe: Box<dyn FreeSpace>, min_free: u64) {
        self.reserve = Reserve::new(probe, min_free);
    }

    /// Records each pass in a file beside the database `db` too when the
    /// database cannot take the record (a full disk): made now, at its
    /// full size, so that writing it later needs no new room.
    pub fn record_beside(&mut self, db: &std::path::Path) {
        let file = crate::status::pass_file(db);
        if let Err(error) = crate::status::prepare_pass_file(&file) {
            tracing::warn!(%error, file = %file.display(), "the pass file cannot be made");
        }
        self.pass_file = Some(file);
    }

    /// Whether SIGTERM or SIGINT arrived.
    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// One pass of the loop. A failing step is logged (and listed in the
    /// summary's `failures`) and the pass goes on with the next (mail that
    /// could not be fetched does not keep the outbox from being sent);
    /// only a stop request ends it early.
    pub fn pass(&mut self, st: &mut Store, now: DateTime<Utc>) -> PassSummary {
        crate::text::install();
        let mut sum = PassSummary::default();
        let span = tracing::info_span!("pass");
        let _e = span.enter();

        // Mail stored earlier and not yet handled goes first, before new
        // mail takes up the room its replies need.
        let waiting: i64 = st.read().count_new_inbox().unwrap_or(0);
        if waiting > 0 {
            self.handle(st, now, &mut sum);
            if self.stopping() {
                return sum;
            }
        }
        self.purge_quarantine(st, now);
        let max_store = super::oversize::store_limit(self.limits);
        if let Some(why) = self.reserve.refuses(&st.read(), 0) {
            tracing::warn!("{why}");
            sum.failures.push(why);
        } else {
            let reserve = &self.reserve;
            let fetched = match &mut self.source {
                Source::Imap(imap) => self.rt.block_on(imap.fetch(st, max_store, reserve, now)),
                Source::Maildir(dir) => maildir::fetch(st, dir, max_store, reserve, now),
            };
            match fetched {
                Ok((n, left)) => {
                    sum.fetched = n;
                    sum.failures.extend(left.failure());
                }
                Err(e) => {
                    tracing::debug!(error = %e, "fetching mail failed");
                    sum.failures.push(format!("fetching mail failed: {e}"));
                    sum.unread = true;
                }
            }
            if self.stopping() {
                return sum;
            }
            self.handle(st, now, &mut sum);
        }
        if self.stopping() {
            return sum;
        }
        // While the mailbox cannot be read, no deadline is processed: the
        // players' orders may be waiting in it. The games go on once it
        // is read again; the master is told of the failure meanwhile.
        let tick = if sum.unread {
            sum.failures
                .push("deadlines wait until the judge's mailbox can be read again".to_string());
            Ok(Vec::new())
        } else {
            crate::game::tick(st, now)
        };
        match tick {
            Ok(done) => {
                sum.games_processed = done.iter().filter(|(_, r)| r.is_ok()).count();
                // A game that fails to process fails the pass: it shows in
                // `dipspy status` and `serve --once` exits 1.
                for (name, r) in &done {
                    if let Err(e) = r {
                        sum.failures
                            .push(format!("game {name} could not be processed: {e}"));
                    }
                }
            }
            Err(e) => {
                tracing::debug!(error = %e, "ticking the games failed");
                sum.failures
                    .push(format!("processing the games failed: {e}"));
            }
        }
        match crate::game::send_reminders(st, now) {
            Ok(n) => sum.reminders = n,
            Err(e) => tracing::error!(error = %e, "writing reminders failed"),
        }
        match outbox::queue_announcements(st, &self.js, now) {
            Ok(n) => sum.announced = n,
            Err(e) => {
                tracing::debug!(error = %e, "queueing announcements failed");
                sum.failures
                    .push(format!("queueing announcements failed: {e}"));
            }
        }
        if self.stopping() {
            return sum;
        }
        super::test_pause("queued");
        let stop = self.stop.clone();
        let stopping = move || stop.load(Ordering::SeqCst);
        match outbox::send_due_until(
            st,
            self.out.as_mut(),
            &self.js.address,
            self.policy,
            now,
            &stopping,
        ) {
            Ok(s) => sum.send = s,
            Err(e) => {
                tracing::debug!(error = %e, "sending mail failed");
                sum.failures.push(format!("sending mail failed: {e}"));
            }
        }
        if sum.send.deferred > 0 || sum.send.failed > 0 {
            sum.failures.push(format!(
                "{} mail(s) could not be sent ({} to be retried, {} given up); see the outbox",
                sum.send.deferred + sum.send.failed,
                sum.send.deferred,
                sum.send.failed
            ));
        }
        self.record(st, now, &mut sum);
        tracing::info!(?sum, "pass done");
        sum
    }

    /// Records the pass for `dipspy status` (and the master's notices);
    /// when the database cannot take it, the failure joins the pass's and
    /// the pass is recorded in the file beside the database instead.
    fn record(&mut self, st: &mut Store, now: DateTime<Utc>, sum: &mut PassSummary) {
        let js = &self.js;
        let log_lost = crate::logging::take_lost();
        let failures = sum.failures.clone();
        let alert = match st.write(|c| {
            if let Some(e) = &log_lost {
                crate::status::record_log_lost(c, now, e)?;
            }
            crate::status::record_pass(c, now, &failures)?;
            super::health::after_pass(c, js, now, &failures)
        }) {
            Ok(a) => a,
            Err(e) => return self.record_failed(now, sum, e),
        };
        if let (Some(a), Some(path)) = (alert, self.alert.as_mut()) {
            match path.send(&js.address, &a) {
                Ok(()) => tracing::info!(to = %a.to, "the master's notice sent by [alert]"),
                Err(e) => {
                    tracing::error!(error = %e, "the master's notice could not go by [alert]");
                    sum.failures
                        .push(format!("the master's notice could not go by [alert]: {e}"));
                }
            }
        }
    }

    /// The database could not take the pass: the failure joins the
    /// pass's, and the pass is recorded in the file beside the database.
    fn record_failed(&self, now: DateTime<Utc>, sum: &mut PassSummary, e: crate::store::DbError) {
        tracing::error!(error = %e, "recording the pass failed");
        sum.failures
            .push(format!("recording the pass in the database failed: {e}"));
        if let Some(file) = &self.pass_file
            && let Err(error) = crate::status::record_pass_in_file(file, now, &sum.failures)
        {
            tracing::error!(%error, file = %file.display(), "recording the pass in its file failed");
        }
    }

    /// Deletes the mail quarantined longer than `[limits] quarantine_days`.
    fn purge_quarantine(&self, st: &mut Store, now: DateTime<Utc>) {
        let before = now - chrono::Duration::days(i64::from(self.quarantine_days));
        let before = crate::store::time_text(before);
        match st.write(|c| c.purge_quarantined(&before)) {
            Ok(0) => {}
            Ok(n) => tracing::info!(
                purged = n,
                days = self.quarantine_days,
                "quarantined mail purged"
            ),
            Err(error) => tracing::warn!(%error, "purging quarantined mail failed"),
        }
    }

    /// Handles the stored mail, adding to the pass's summary.
    fn handle(&self, st: &mut Store, now: DateTime<Utc>, sum: &mut PassSummary) {
        let stop = self.stop.clone();
        let stopping = move || stop.load(Ordering::SeqCst);
        match inbox::handle_new_until(st, &self.js, self.limits, now, &stopping) {
            Ok(h) => {
                sum.handle.handled += h.handled;
                sum.handle.quarantined += h.quarantined;
                sum.handle.ignored += h.ignored;
                sum.handle.retry += h.retry;
            }
            Err(e) => {
                tracing::debug!(error = %e, "handling mail failed");
                sum.failures.push(format!("handling mail failed: {e}"));
            }
        }
    }

    /// Waits until the next pass is due: the poll interval, shortened
    /// when IDLE reports mail, when queued mail falls due, or on a stop.
    pub fn wait(&mut self, st: &Store, now: DateTime<Utc>) {
        if self.stopping() {
            return;
        }
        let backoff = 1u32 << self.failing_passes.min(4);
        let mut dur = (self.poll * backoff)
            .min(Duration::from_secs(15 * 60))
            .max(self.poll);
        if let Ok(Some(due)) = outbox::next_due(&st.read())
            && let Ok(d) = (due - now).to_std()
        {
            dur = dur.min(d.max(Duration::from_millis(200)));
        }
        let wake = self.wake.clone();
        match &mut self.source {
            Source::Imap(imap) => self.rt.block_on(imap.wait(dur, &wake)),
            Source::Maildir(_) => self.rt.block_on(async {
                tokio::select! {
                    _ = tokio::time::sleep(dur) => {}
                    _ = wake.notified() => {}
                }
            }),
        }
    }

    /// Runs passes until stopped (or once). `clock` gives each pass's time.
    pub fn run(
        &mut self,
        st: &mut Store,
        once: bool,
        clock: impl Fn() -> DateTime<Utc>,
    ) -> Result<(), MailError> {
        loop {
            let s = self.pass(st, clock());
            if once {
                crate::logging::say(format_args!(
                    "dipspy serve: fetched {}, handled {}, quarantined {}, ignored {}, retry {}, games processed {}, announcements {}, sent {}, deferred {}, failed {}",
                    s.fetched,
                    s.handle.handled,
                    s.handle.quarantined,
                    s.handle.ignored,
                    s.handle.retry,
                    s.games_processed,
                    s.announced,
                    s.send.sent,
                    s.send.deferred,
                    s.send.failed
                ));
            }
            self.failing_passes = if s.failures.is_empty() {
                0
            } else {
                self.failing_passes.saturating_add(1)
            };
            if once && !s.failures.is_empty() {
                return Err(MailError::PassFailed(s.failures.join("; ")));
            }
            if once || self.stopping() {
                break;
            }
            self.wait(st, clock());
            if self.stopping() {
                break;
            }
        }
        if let Source::Imap(imap) = &mut self.source {
            self.rt.block_on(imap.logout());
        }
        tracing::info!("dipspy serve stopped");
        Ok(())
    }
}

/// The retry schedule of `[smtp]`: `retry_seconds`, `max_retry_seconds`,
/// `give_up_after` (a duration such as `5d`). `max_attempts`, which gave
/// mail up after so many tries whatever the server had said, is still
/// read (older files load) and no longer used.
pub fn retry_policy(smtp: &crate::config::SmtpConfig) -> Result<RetryPolicy, MailError> {
    let d = RetryPolicy::default();
    let give_up_after = match smtp.give_up_after.as_deref() {
        None => d.give_up_after,
        Some(t) => crate::game::parse_duration(t)
            .map(chrono::Duration::minutes)
            .map_err(|_| {
                MailError::Config(format!(
                    "[smtp] give_up_after = \"{t}\" is not a duration such as 5d, 36h or 90m"
                ))
            })?,
    };
    if let Some(n) = smtp.max_attempts {
        tracing::warn!(
            max_attempts = n,
            "[smtp] max_attempts is no longer used: mail is given up only when the server \
             refuses it (5xx), or has answered it with temporary refusals (4xx) for \
             give_up_after"
        );
    }
    Ok(RetryPolicy {
        first_delay_secs: smtp.retry_seconds.unwrap_or(d.first_delay_secs),
        max_delay_secs: smtp.max_retry_seconds.unwrap_or(d.max_delay_secs),
        give_up_after,
    })
}
