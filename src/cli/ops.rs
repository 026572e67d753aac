//! The commands that run and look after the judge: `serve`, `demo`,
//! `password-hash`, `check`, `status`, `backup`, `quarantine`, `master`
//! and `systemd-unit`.

use super::{fixed_clock, open_store, print_json};
use crate::game::Store;
use crate::judge::JudgeSettings;
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

/// `dipspy master …`: the game master's own commands.
#[derive(Subcommand)]
pub(super) enum MasterCommand {
    /// Lift the lock that wrong passwords put on a power's password
    /// (`unlock GAME POWER`) or on the master password (`unlock master`).
    Unlock {
        /// The game, or `master` for the master password.
        game: String,
        /// The power (by letter or name); not given for `master`.
        power: Option<String>,
    },
}

/// `dipspy master unlock`.
pub(super) fn master(
    st: &mut Store,
    now: DateTime<Utc>,
    cmd: MasterCommand,
) -> Result<ExitCode, crate::game::GameError> {
    use crate::game::Unlocked;
    let MasterCommand::Unlock { game, power } = cmd;
    let target = match &power {
        Some(p) => Some((game.as_str(), p.as_str())),
        None if game.eq_ignore_ascii_case("master") => None,
        None => {
            errln!(
                "dipspy master unlock: give the power of game {game} (`dipspy master unlock {game} POWER`), or `master` alone for the master password"
            );
            return Ok(ExitCode::from(1));
        }
    };
    let what = |p: &Option<String>| match p {
        Some(p) => format!("{} in game {game}", capitalised(p)),
        None => "the master password".to_string(),
    };
    match crate::game::unlock(st, target, now)? {
        Unlocked::Lifted(p) => outln!("The lock on {} is lifted.", what(&p)),
        Unlocked::NotLocked(p) => outln!("{} was not locked.", capitalised(&what(&p))),
    }
    Ok(ExitCode::SUCCESS)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
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
    // One judge per database: refused at once, before anything is read.
    let _lock = match crate::game::lock_judge(db) {
        Ok(l) => l,
        Err(e) => {
            errln!("dipspy serve: {e}");
            // Bad input (not a database file) is status 1, like every
            // other command's; another judge or a lock that fails, 2.
            let bad_input = matches!(e, crate::game::LockError::NotAFile { .. });
            return ExitCode::from(if bad_input { 1 } else { 2 });
        }
    };
    let mut st = match open_store(db) {
        Ok(s) => s,
        Err(code) => return code,
    };
    // The OAuth2 token file is beside this database unless the file says.
    let mut config = config.clone();
    config.oauth.token_file = Some(config.oauth.token_path(db));
    let config = &config;
    let mut server = match crate::mail::Server::new(config) {
        Ok(s) => s,
        Err(e) => {
            errln!("dipspy serve: {e}");
            return ExitCode::from(2);
        }
    };
    server.watch_disk(
        db,
        config
            .database
            .min_free_bytes
            .unwrap_or(crate::mail::DEFAULT_MIN_FREE_BYTES),
    );
    server.record_beside(db);
    // The public pages beside the mail, on threads of their own, reading
    // the database only (never with --once: a pass, then exit).
    if let Some(listen) = config.web.listen.as_deref().filter(|_| !once) {
        let spawned = super::web::site(config, db).and_then(|s| crate::web::spawn_site(listen, s));
        match spawned {
            Ok(w) => crate::logging::say(format_args!(
                "dipspy serve: the web pages are at http://{}/",
                w.addr
            )),
            Err(e) => {
                errln!("dipspy serve: [web] listen {listen}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    match server.run(&mut st, once, || fixed.unwrap_or_else(Utc::now)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("dipspy serve: {e}");
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
    let mut out = super::output::Stdout;
    match crate::demo::run(&o, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("dipspy demo: {e}");
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
        errln!("dipspy: the maps directory {}: {e}", dir.display());
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// `dipspy maps`: the maps this judge offers.
pub(super) fn maps() -> ExitCode {
    out!("{}", crate::maps::describe(true));
    ExitCode::SUCCESS
}

pub(super) fn password_hash() -> ExitCode {
    use std::io::BufRead;
    let limit = crate::files::MAX_PASSWORD_BYTES;
    let mut line = Vec::new();
    if let Err(e) =
        std::io::Read::take(std::io::stdin().lock(), limit + 1).read_until(b'\n', &mut line)
    {
        errln!("dipspy: cannot read the password: {e}");
        return ExitCode::from(2);
    }
    if line.len() as u64 > limit {
        errln!("dipspy: the password is too long: more than {limit} bytes");
        return ExitCode::from(2);
    }
    let Ok(pw) = String::from_utf8(line) else {
        errln!("dipspy: the password is not UTF-8 text");
        return ExitCode::from(2);
    };
    let pw = pw.trim_end_matches(['\r', '\n']);
    if pw.is_empty() {
        errln!("dipspy: the password is empty");
        return ExitCode::from(2);
    }
    match crate::password::hash_password(pw) {
        Ok(h) => {
            outln!("{h}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("dipspy: {e}");
            ExitCode::from(1)
        }
    }
}

/// `dipspy status`: from the database, and from the pass file beside it
/// when the last pass could not be recorded in the database.
pub(super) fn status(
    st: &mut Store,
    db: &Path,
    now: DateTime<Utc>,
    json: bool,
) -> Result<ExitCode, crate::game::DbError> {
    let s = crate::status::status(st, now)?;
    let s = crate::status::with_pass_file(s, &crate::status::pass_file(db));
    if json {
        print_json(&s);
    } else {
        out!("{}", crate::status::text(&s));
    }
    Ok(if s.healthy() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `dipspy status` before the judge ever ran: never healthy, and the
/// database is not created by looking.
pub(super) fn status_without_database(db: &Path, json: bool) -> ExitCode {
    let s = crate::status::Status::never_ran();
    if json {
        print_json(&s);
    } else {
        out!("{}", crate::status::text(&s));
        outln!("There is no database at {} yet.", db.display());
    }
    ExitCode::from(1)
}

pub(super) fn backup(db: &Path, file: &Path) -> ExitCode {
    if !db.exists() {
        errln!("dipspy backup: there is no database at {}", db.display());
        return ExitCode::from(1);
    }
    let made = crate::game::backup_database(db, file);
    // The copy is masked with today's rule (mail stored by an older
    // dipspy may hold forms its masking missed).
    if made.is_ok()
        && let Err(e) = crate::mail::mask_backup(file)
    {
        let _ = std::fs::remove_file(file);
        errln!(
            "dipspy backup: {}: masking the stored mail failed ({e}); the copy was removed",
            file.display()
        );
        return ExitCode::from(1);
    }
    match made {
        Ok(r) => {
            outln!(
                "Backed up {} ({} games, {} pages) into {}; integrity check ok.",
                db.display(),
                r.games,
                r.pages,
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("dipspy backup: {e}");
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
                outln!("No quarantined mail.");
            } else {
                for m in l {
                    outln!(
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
            outln!(
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
                crate::mail::Outcome::Handled => outln!(
                    "Mail #{id} handled; its reply is queued and goes out with the next pass of dipspy serve."
                ),
                other => {
                    outln!("Mail #{id} released, but: {other:?}");
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
        errln!("dipspy check: give the judge's configuration with --config FILE");
        return ExitCode::from(2);
    }
    let r = crate::mail::check::check(config, config_file, db, send_test);
    out!("{}", r.text());
    if r.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

pub(super) fn systemd_unit(config_file: Option<&Path>, user: &str) -> ExitCode {
    let Some(cfg) = config_file else {
        errln!("dipspy systemd-unit: give the judge's configuration with --config FILE");
        return ExitCode::from(2);
    };
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("/usr/local/bin/dipspy"));
    out!("{}", super::unit::unit(&abs(&exe), &abs(cfg), user));
    ExitCode::SUCCESS
}
