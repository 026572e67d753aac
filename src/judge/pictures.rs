//! MAP by mail: the picture of the board, attached to the reply. The
//! picture is the public one (the results mail's, or with BEFORE the
//! orders on the board before them), never the judge's.

use crate::game::Store;
use crate::game::{self, Pictures};

use super::JudgeError;
use super::session::{Session, reason};

impl Session<'_> {
    pub(super) fn map_picture(
        &mut self,
        st: &mut Store,
        line: usize,
        quote: String,
        game: &str,
        phase: Option<&str>,
        before: bool,
    ) -> Result<(), JudgeError> {
        let pic = match game::phase_picture(st, game, phase) {
            Ok(p) => p,
            Err(e) => {
                let why = reason(self.lang, e)?;
                self.no(line, quote, why);
                return Ok(());
            }
        };
        let scene = if before {
            pic.scene_before()
        } else {
            pic.scene()
        };
        let files = game::picture_attachments(pic.map, &scene, Pictures::Png);
        match files.first() {
            Some(f) => {
                let what = format!(
                    "the picture of game {game}, {}, is attached ({})",
                    pic.position.phase.long_name(),
                    f.filename
                );
                self.attachments.extend(files);
                self.ok(line, quote, what);
            }
            None => self.no(
                line,
                quote,
                "not done: the picture could not be drawn; the game master has been told in the log",
            ),
        }
        Ok(())
    }
}
