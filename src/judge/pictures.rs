//! MAP by mail: the picture of the board, attached to the reply. The
//! picture is the public one (the results mail's, or with BEFORE the
//! orders on the board before them), never the judge's. Its title and
//! legend are in the reply's language (`self.lang`), as is the line
//! that says so.

use crate::game::Store;
use crate::game::{self, Pictures};
use crate::text::{self, Args};

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
        }
        .in_lang(self.lang);
        let files = game::picture_attachments(pic.map, &scene, Pictures::Png);
        match files.first() {
            Some(f) => {
                let what = text::render(
                    self.lang,
                    "pictures-map-attached",
                    &Args::new()
                        .str("game", game)
                        .str("phase", scene.words.phase(pic.position.phase))
                        .str("file", f.filename.as_str()),
                );
                self.attachments.extend(files);
                self.ok(line, quote, what);
            }
            None => {
                let why = text::plain(self.lang, "pictures-map-not-drawn");
                self.no(line, quote, why)
            }
        }
        Ok(())
    }
}
