//! Everything the command line prints goes through here, so that a closed
//! pipe (`dipspy game list | head -1`) or a full disk never panics: the
//! first failed write to standard output is remembered, later output is
//! dropped, and the command ends with one line on standard error and exit
//! status 1 (see [`finish`]). Writes to standard error that fail are
//! dropped: there is nowhere left to say so.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;

/// The first error writing standard output, if any.
static FAILED: Mutex<Option<String>> = Mutex::new(None);

fn failed() -> bool {
    FAILED.lock().map(|f| f.is_some()).unwrap_or(true)
}

fn remember(e: std::io::Error) {
    if let Ok(mut f) = FAILED.lock()
        && f.is_none()
    {
        *f = Some(e.to_string());
    }
}

/// Writes to standard output (see the module comment).
pub fn write_out(args: std::fmt::Arguments<'_>) {
    if failed() {
        return;
    }
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        remember(e);
    }
}

/// Standard output as a writer for code that takes one (`dipspy demo`):
/// a failed write is remembered as by [`write_out`] and later output is
/// dropped, so the command ends with the one line of [`finish`].
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !failed()
            && let Err(e) = std::io::stdout().lock().write_all(buf)
        {
            remember(e);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !failed()
            && let Err(e) = std::io::stdout().lock().flush()
        {
            remember(e);
        }
        Ok(())
    }
}

/// Writes to standard error, ignoring failure.
pub fn write_err(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// Flushes standard output and turns a failed write into the command's
/// result: one line on standard error and exit status 1 (a command that
/// already failed keeps its own status).
pub fn finish(code: ExitCode) -> ExitCode {
    if !failed()
        && let Err(e) = std::io::stdout().lock().flush()
    {
        remember(e);
    }
    let Some(e) = FAILED.lock().ok().and_then(|f| f.clone()) else {
        return code;
    };
    write_err(format_args!("dipspy: cannot write the output: {e}\n"));
    if code == ExitCode::SUCCESS {
        ExitCode::from(1)
    } else {
        code
    }
}

/// `print!` that never panics.
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::output::write_out(format_args!($($t)*)) };
}

/// `println!` that never panics.
macro_rules! outln {
    () => { $crate::cli::output::write_out(format_args!("\n")) };
    ($($t:tt)*) => {{
        $crate::cli::output::write_out(format_args!($($t)*));
        $crate::cli::output::write_out(format_args!("\n"));
    }};
}

/// `eprintln!` that never panics.
macro_rules! errln {
    ($($t:tt)*) => {{
        $crate::cli::output::write_err(format_args!($($t)*));
        $crate::cli::output::write_err(format_args!("\n"));
    }};
}
