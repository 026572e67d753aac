//! The commands that run and look after the judge: `serve`, `demo`,
//! `password-hash`, `check`, `status`, `backup`, `quarantine` and
//! `systemd-unit`.

use super::{fixed_clock, open_store, print_json};
use crate::judge::JudgeSettings;
use crate::store::Store;
use chrono::{DateTime, Utc};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `dipspy quarantine …`.
#[derive(Subcommand)]
pub(super) enum QuarantineCommand {
    /// Every quarantined mail: its number, when, from whom, why.
    List {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// One quarantined mail: why, and its text as the judge reads it.
    Show { id: i64 },
    /// Handle a quarantined mail after all, as if it had just arrived
    /// (once; the size and rate limits do not apply).
    Release { id: i64 },
}

pub(super) fn serve(
    config: &crate::config::Config,
    db: &Path,
    now: Option<&str>,
    once: bool,
) -> ExitCode {
    let fixed = match fixed_clock(now) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let mut st = match open_store(db) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut server = match crate::mail::serve::Server::new(config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("dipspy serve: {e}");
            return ExitCode::from(2);
        }
    };
    match server.run(&mut st, once, || fixed.unwrap_or_else(Utc::now)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dipspy serve: {e}");
            ExitCode::from(1)
        }
    }
}

pub(super) fn demo(fixtures: Option<PathBuf>, keep: Option<PathBuf>, all_mail: bool) -> ExitCode {
    let o = crate::demo::Options {
        fixtures: fixtures.unwrap_or_else(crate::demo::default_fixtures),
        dir: keep,
        all_mail,
    };
    let mut out = std::io::stdout().lock();
    match crate::demo::run(&o, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dipspy demo: {e}");
            ExitCode::from(1)
        }
    }
}

/// Reads the maps directory of the configuration, if it names one (exit
/// status 2 when the directory cannot be read; a broken map file is only
/// left out, and `dipspy maps` says why).
pub(super) fn load_maps(config: &crate::config::Config) -> Result<(), ExitCode> {
    if let Some(dir) = &config.maps.dir
        && let Err(e) = crate::maps::load_dir(dir)
    {
        eprintln!("dipspy: the maps directory {}: {e}", dir.display());
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// `dipspy maps`: the maps this judge offers.
pub(super) fn maps() -> ExitCode {
    print!("{}", crate::maps::describe(true));
    ExitCode::SUCCESS
}

pub(super) fn password_hash() -> ExitCode {
    let mut pw = String::new();
    if let Err(e) = std::io::stdin().read_line(&mut pw) {
        eprintln!("dipspy: cannot read the password: {e}");
        return ExitCode::from(2);
    }
    let pw = pw.trim_end_matches(['\r', '\n']);
    if pw.is_empty() {
        eprintln!("dipspy: the password is empty");
        return ExitCode::from(2);
    }
    match crate::password::hash_password(pw) {
        Ok(h) => {
            println!("{h}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dipspy: {e}");
            ExitCode::from(1)
        }
    }
}

pub(super) fn status(
    st: &mut Store,
    now: DateTime<Utc>,
    json: bool,
) -> Result<ExitCode, rusqlite::Error> {
    let s = crate::status::status(st, now)?;
    if json {
        print_json(&s);
    } else {
        print!("{}", crate::status::text(&s));
    }
    Ok(if s.healthy() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub(super) fn backup(db: &Path, file: &Path) -> ExitCode {
    if !db.exists() {
        eprintln!("dipspy backup: there is no database at {}", db.display());
        return ExitCode::from(1);
    }
    match crate::store::backup::backup(db, file) {
        Ok(r) => {
            println!(
                "Backed up {} ({} games, {} pages) into {}; integrity check ok.",
                db.display(),
                r.games,
                r.pages,
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dipspy backup: {e}");
            ExitCode::from(1)
        }
    }
}

pub(super) fn quarantine(
    st: &mut Store,
    js: &JudgeSettings,
    now: DateTime<Utc>,
    cmd: QuarantineCommand,
) -> Result<ExitCode, crate::mail::MailError> {
    use crate::mail::quarantine;
    match cmd {
        QuarantineCommand::List { json } => {
            let l = quarantine::list(st)?;
            if json {
                print_json(&l);
            } else if l.is_empty() {
                println!("No quarantined mail.");
            } else {
                for m in l {
                    println!(
                        "#{:<5} {}  {:<30} {} bytes  \"{}\"  {}",
                        m.id,
                        m.received_at,
                        if m.sender.is_empty() {
                            "(no sender)"
                        } else {
                            &m.sender
                        },
                        m.size,
                        m.subject,
                        m.reason
                    );
                }
            }
        }
        QuarantineCommand::Show { id } => {
            let (m, body) = quarantine::show(st, id)?;
            println!(
                "#{} from {} at {}, {} bytes\nSubject: {}\nQuarantined: {}\n\n{}",
                m.id,
                if m.sender.is_empty() {
                    "(no sender)"
                } else {
                    &m.sender
                },
                m.received_at,
                m.size,
                m.subject,
                m.reason,
                body.trim_end()
            );
        }
        QuarantineCommand::Release { id } => {
            let outcome = quarantine::release(st, js, id, now)?;
            match outcome {
                crate::mail::inbox::Outcome::Handled => println!(
                    "Mail #{id} handled; its reply is queued and goes out with the next pass of dipspy serve."
                ),
                other => {
                    println!("Mail #{id} released, but: {other:?}");
                    return Ok(ExitCode::from(1));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn check(
    config_file: Option<&Path>,
    config: &crate::config::Config,
    db: &Path,
    send_test: Option<&str>,
) -> ExitCode {
    if config_file.is_none() {
        eprintln!("dipspy check: give the judge's configuration with --config FILE");
        return ExitCode::from(2);
    }
    let r = crate::mail::check::check(config, db, send_test);
    print!("{}", r.text());
    if r.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

pub(super) fn systemd_unit(config_file: Option<&Path>, user: &str) -> ExitCode {
    let Some(cfg) = config_file else {
        eprintln!("dipspy systemd-unit: give the judge's configuration with --config FILE");
        return ExitCode::from(2);
    };
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("/usr/local/bin/dipspy"));
    print!("{}", super::unit::unit(&abs(&exe), &abs(cfg), user));
    ExitCode::SUCCESS
}
