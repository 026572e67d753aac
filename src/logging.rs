//! How dipspy logs: to standard error, at the level `DIPSPY_LOG` sets
//! (`warn` when unset; any `tracing` filter such as `info` or
//! `dipspy=debug`), as plain text with terminal colours only when standard
//! error is a terminal (a file or the journal gets none), or as one JSON
//! object per line for log collectors (`--log-format json`).

use std::io::{IsTerminal, Write};
use std::sync::Mutex;

/// The log's shape.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Readable lines; colours only on a terminal.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

/// The environment variable that sets the level.
pub const LOG_ENV: &str = "DIPSPY_LOG";

/// Starts logging; a second call does nothing.
pub fn init(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_env(LOG_ENV)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| LossyStderr)
        .log_internal_errors(false);
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
        LogFormat::Json => builder.json().with_ansi(false).try_init(),
    };
}

/// The first error writing the log, not yet reported (see [`take_lost`]).
static LOST: Mutex<Option<String>> = Mutex::new(None);
/// Whether the log ever failed (reported or not).
static EVER_LOST: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Standard error for the log: a line that cannot be written (the reader
/// went away, the disk is full) is dropped and remembered instead of
/// ending the judge.
struct LossyStderr;

impl Write for LossyStderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Err(e) = std::io::stderr().lock().write_all(buf)
            && !EVER_LOST.swap(true, std::sync::atomic::Ordering::SeqCst)
            && let Ok(mut l) = LOST.lock()
        {
            *l = Some(e.to_string());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The error that first kept a log line from being written, once: the
/// judge records it where the operator sees it (`dipspy status`).
pub fn take_lost() -> Option<String> {
    LOST.lock().ok().and_then(|mut l| l.take())
}

/// One line on standard error for the operator, never failing: a line
/// that cannot be written counts as a lost log line.
pub fn say(args: std::fmt::Arguments<'_>) {
    let _ = writeln!(LossyStderr, "{args}");
}
