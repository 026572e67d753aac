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
    serve(listen, db)
}

/// Serves the pages of `db` until stopped, printing their address.
fn serve(listen: &str, db: &Path) -> ExitCode {
    let ready = |addr| outln!("dipspy web: the pages are at http://{addr}/ (Ctrl-C stops)");
    match crate::web::serve(listen, db, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("dipspy web: {listen}: {e}");
            ExitCode::from(1)
        }
    }
}

/// `dipspy demo --web`: the demo as `dipspy demo` plays it, then its
/// pages until stopped (the temporary directory is removed after, unless
/// `keep` names one).
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
    let played = super::ops::demo(fixtures, Some(dir.clone()), all_mail);
    if played != ExitCode::SUCCESS {
        return played;
    }
    serve(listen, &crate::demo::database(&dir))
}
