//! `dipspy web` (the public pages alone) and `dipspy demo --web` (the
//! demo, then its pages).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `dipspy web`: serves the database's pages on `listen`, else the
/// configuration's `[web] listen`, else loopback port 8080.
pub(super) fn web(config: &crate::config::Config, db: &Path, listen: Option<&str>) -> ExitCode {
    let listen = listen
        .or(config.web.listen.as_deref())
        .unwrap_or(crate::web::DEFAULT_LISTEN);
    match site(config, db) {
        Ok(site) => serve(listen, site),
        Err(e) => {
            errln!("dipspy web: {e}");
            ExitCode::from(1)
        }
    }
}

/// The site of `db`: the powers' pages, their commands going through the
/// judge of the configuration (its `[limits]`, the links made for `[web]
/// public_url`), and the judge's pages when the configuration has a
/// master password (its hash): the guessing lock of `[limits]`, the head
/// key of `[judge]` and the master's saved heads of `[web]`.
pub(super) fn site(
    config: &crate::config::Config,
    db: &Path,
) -> Result<crate::web::Site, crate::web::WebError> {
    let js = config.judge_settings();
    let limits = crate::mail::Limits::from_config(&config.limits);
    let mut door = crate::web::Door::new(db, js.clone(), limits);
    if let Some(url) = &config.web.public_url {
        door = door.with_public_url(url);
    }
    let site = crate::web::Site::open(db)?.with_players(door);
    let Some(hash) = js.master_password_hash.as_deref() else {
        return Ok(site);
    };
    let lock = js.signon_lock;
    let mut desk = crate::web::Desk::new(db, hash, lock.after, lock.minutes, &config.head_key(db))
        .with_judge(js.clone())
        .with_limits(limits);
    if let Some(f) = &config.web.master_heads {
        desk = desk.with_master_heads(f);
    }
    Ok(site.with_judge(desk))
}

/// Serves `site` until stopped, printing its address.
fn serve(listen: &str, site: crate::web::Site) -> ExitCode {
    let ready = |addr| outln!("dipspy web: the pages are at http://{addr}/ (Ctrl-C stops)");
    match crate::web::serve_site(listen, site, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("dipspy web: {listen}: {e}");
            ExitCode::from(1)
        }
    }
}

/// `dipspy demo --web`: the demo as `dipspy demo` plays it, then its
/// pages until stopped, the powers' pages with them (their commands
/// going through the demo's judge settings); the temporary directory is
/// removed after, unless `keep` names one.
pub(super) fn demo(
    fixtures: Option<PathBuf>,
    keep: Option<PathBuf>,
    all_mail: bool,
    listen: &str,
) -> ExitCode {
    let tmp;
    let dir = match keep {
        Some(d) => d,
        None => match crate::demo::tempdir() {
            Ok(t) => {
                tmp = t;
                tmp.path().to_path_buf()
            }
            Err(e) => {
                errln!("dipspy demo: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let fixtures = fixtures.unwrap_or_else(crate::demo::default_fixtures);
    let played = super::ops::demo(Some(fixtures.clone()), Some(dir.clone()), all_mail);
    if played != ExitCode::SUCCESS {
        return played;
    }
    let config = match crate::demo::config(&fixtures, &dir) {
        Ok(c) => c,
        Err(e) => {
            errln!("dipspy demo: {e}");
            return ExitCode::from(1);
        }
    };
    let db = crate::demo::database(&dir);
    let door = crate::web::Door::new(
        &db,
        config.judge_settings(),
        crate::mail::Limits::from_config(&config.limits),
    );
    match crate::web::Site::open(&db) {
        Ok(site) => serve(listen, site.with_players(door)),
        Err(e) => {
            errln!("dipspy demo: {e}");
            ExitCode::from(1)
        }
    }
}
