//! How dipspy logs: to standard error, at the level `DIPSPY_LOG` sets
//! (`warn` when unset; any `tracing` filter such as `info` or
//! `dipspy=debug`), as plain text with terminal colours only when standard
//! error is a terminal (a file or the journal gets none), or as one JSON
//! object per line for log collectors (`--log-format json`).

use std::io::IsTerminal;

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
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
        LogFormat::Json => builder.json().with_ansi(false).try_init(),
    };
}
