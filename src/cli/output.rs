//! Everything the command line prints goes through here, so that a closed
//! pipe (`dipspy game list | head -1`) or a full disk never panics: the
//! first failed write to standard output is remembered, later output is
//! dropped, and the command ends with one line on standard error and exit
//! status 1 (see [`finish`]). Writes to standard error that fail are
//! dropped: there is nowhere left to say so.
//!
//! It is also where control characters are made harmless: whatever
//! reaches the terminal (a sender's address or Message-ID in the secret
//! log, an order's text, a game's name) goes out with every C0 control
//! but the line feed and the tab, DEL, every C1 control and the
//! bidirectional overrides, embeddings, isolates and marks written as a
//! visible escape (`\u{1b}`), so that no escape sequence or reordering
//! from a mail takes effect on the judge's screen ([`escape`]). JSON
//! output escapes them the JSON way, and stays valid JSON
//! ([`json_safe`]).

use std::borrow::Cow;
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

pub(super) use crate::text::unsafe_char;

/// `text` with every `unsafe_char` written as a visible escape, `\u{1b}`.
pub fn escape(text: &str) -> Cow<'_, str> {
    crate::text::escape_unsafe(text)
}

/// JSON text with every `unsafe_char` that JSON leaves raw (DEL, C1,
/// the bidirectional ones) written as a JSON escape, `\u202e`: the same
/// JSON value, harmless on a terminal. (Such characters can only be in
/// strings, where the escape means the same character.)
pub fn json_safe(json: &str) -> Cow<'_, str> {
    if !json.chars().any(unsafe_char) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for c in json.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Formats `args`, escaped (see [`escape`]).
fn escaped(args: std::fmt::Arguments<'_>) -> String {
    let text = match args.as_str() {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(args.to_string()),
    };
    escape(&text).into_owned()
}

/// Writes to standard output (see the module comment).
pub(super) fn write_out(args: std::fmt::Arguments<'_>) {
    if failed() {
        return;
    }
    if let Err(e) = std::io::stdout().lock().write_all(escaped(args).as_bytes()) {
        remember(e);
    }
}

/// Standard output as a writer for code that takes one (`dipspy demo`):
/// a failed write is remembered as by [`write_out`] and later output is
/// dropped, so the command ends with the one line of [`finish`].
pub(super) struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        if !failed()
            && let Err(e) = std::io::stdout().lock().write_all(escape(&text).as_bytes())
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

/// Writes to standard error, escaped (see [`escape`]), ignoring failure.
pub(super) fn write_err(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_all(escaped(args).as_bytes());
}

/// Flushes standard output and turns a failed write into the command's
/// result: one line on standard error and exit status 1 (a command that
/// already failed keeps its own status).
pub(super) fn finish(code: ExitCode) -> ExitCode {
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
