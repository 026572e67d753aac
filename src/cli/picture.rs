//! The picture commands: `dipspy adjudicate FILE --map OUT`, `dipspy map
//! GAME [PHASE] [--before|--after] [-o OUT]` and `dipspy secret-log GAME --phase P --map
//! OUT`. The file's extension chooses PNG or SVG.

use crate::render::{self, Scene};
use crate::scenario::ScenarioRun;
use std::path::Path;
use std::process::ExitCode;

/// The picture's format, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Format {
    Png,
    Svg,
}

pub(super) fn format_of(path: &Path) -> Result<Format, String> {
    match path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .as_deref()
    {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        _ => Err(format!(
            "{}: the picture's file name must end in .png or .svg",
            path.display()
        )),
    }
}

/// Draws a scene into a file; exit status 2 when it cannot be written.
/// A `private` picture (the judge's, with the secret log on it) is
/// readable by its owner only.
pub(super) fn write(
    map: &crate::engine::Map,
    scene: &Scene<'_>,
    out: &Path,
    private: bool,
) -> ExitCode {
    let format = match format_of(out) {
        Ok(f) => f,
        Err(e) => {
            errln!("dipspy: {e}");
            return ExitCode::from(2);
        }
    };
    let bytes = match format {
        Format::Svg => render::render_svg(map, scene).into_bytes(),
        Format::Png => match render::render_png(map, scene, render::MAIL_WIDTH) {
            Ok(b) => b,
            Err(e) => {
                errln!("dipspy: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let written = if private {
        crate::files::write_private(out, &bytes)
    } else {
        std::fs::write(out, bytes)
    };
    if let Err(e) = written {
        errln!("dipspy: {}: cannot write the picture: {e}", out.display());
        return ExitCode::from(2);
    }
    errln!("Picture written to {}.", out.display());
    ExitCode::SUCCESS
}

/// `dipspy adjudicate FILE --map OUT`.
pub(super) fn adjudicated(run: &ScenarioRun, title: &str, out: &Path) -> ExitCode {
    let orders = run.adjudicated_orders();
    let scene = Scene::adjudicated(title, &run.scenario.position, &orders, &run.adjudication);
    write(run.scenario.map, &scene, out, false)
}

/// `dipspy map GAME [PHASE] [--before|--after] [-o FILE]`.
pub(super) fn game_map(
    st: &mut crate::game::Store,
    name: &str,
    phase: Option<&str>,
    before: bool,
    out: Option<&Path>,
) -> Result<ExitCode, crate::game::GameError> {
    let pic = crate::game::phase_picture(st, name, phase)?;
    let default = std::path::PathBuf::from(format!("{name}-{}.png", pic.position.phase));
    let scene = if before {
        pic.scene_before()
    } else {
        pic.scene()
    };
    Ok(write(pic.map, &scene, out.unwrap_or(&default), false))
}

/// `dipspy secret-log GAME --phase P --map OUT`: the judge's picture.
pub(super) fn judge_map(
    st: &mut crate::game::Store,
    name: &str,
    phase: Option<&str>,
    power: Option<&str>,
    out: &Path,
) -> Result<ExitCode, crate::game::GameError> {
    if power.is_some() {
        errln!("dipspy: --map draws the whole phase; leave out --power");
        return Ok(ExitCode::from(2));
    }
    let pic = crate::game::phase_picture(st, name, phase)?;
    Ok(write(pic.map, &pic.judge_scene(), out, true))
}
