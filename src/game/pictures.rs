//! Pictures of a game's phases (issue 13): what the board looked like,
//! with the orders as the public results list them (a faked or reacted
//! order under its unit's owner, exactly as adjudicated), recomputed
//! from the stored position and orders as `game replay` does. The
//! judge's picture adds the phase's espionage from the same
//! recomputation; it is only ever written to the judge's own file.

use super::Lang;
use super::loaded::{Loaded, live_orders, load};
use super::process::compute;
use super::settings::Pictures;
use super::stored::ResultsJson;
use super::words::Args;
use super::{GameError, Result, esp, judge_marks};
use crate::engine::Order;
use crate::engine::Phase;
use crate::engine::PhaseKind;
use crate::engine::Position;
use crate::engine::Resolution;
use crate::engine::{Adjudication, RetreatOptions};
use crate::engine::{Map, PowerId};
use crate::render::Mark;
use crate::render::{self, Scene};
use crate::store::Tx;
use crate::store::{self, PhaseRow, Store};
use crate::store::{Attachment, AttachmentOwner as Owner};

/// One phase of a game, ready to draw.
#[derive(Debug, Clone)]
pub struct PhasePicture {
    /// The game's map, to draw on.
    pub map: &'static Map,
    /// The game's name.
    pub game: String,
    /// The position at the start of the phase.
    pub position: Position,
    /// The orders as adjudicated, each under its unit's owner (empty for
    /// the phase being played).
    pub orders: Vec<(PowerId, Order)>,
    /// The phase's adjudication, when it was processed.
    pub adjudication: Option<Adjudication>,
    /// The phase's espionage (judge only).
    resolution: Option<Resolution>,
    /// The lines of the judge's list: the phase's espionage lines and its
    /// espionage resolved again, never the secret log's words (judge
    /// only).
    panel: Vec<judge_marks::PanelLine>,
    /// A retreat phase being played: its dislodged units' options.
    retreats: Vec<RetreatOptions>,
}

impl PhasePicture {
    /// The public picture: never any espionage.
    pub fn scene(&self) -> Scene<'_> {
        match &self.adjudication {
            Some(a) => Scene::adjudicated(&self.game, &self.position, &self.orders, a),
            None => {
                let mut s = Scene::position(&self.game, &self.position);
                s.dislodged = self.retreats.clone();
                s
            }
        }
    }

    /// The public picture of a processed phase on the board before it
    /// (`MAP game phase BEFORE`, `dipspy map --before`); the phase being
    /// played is the same either way.
    pub fn scene_before(&self) -> Scene<'_> {
        match &self.adjudication {
            Some(a) => Scene::adjudicated_before(&self.game, &self.position, &self.orders, a),
            None => self.scene(),
        }
    }

    /// The judge's picture: the public one with the phase's espionage.
    pub fn judge_scene(&self) -> Scene<'_> {
        let mut s = self.scene();
        s.espionage = self.judge_marks();
        s
    }

    /// The judge's marks as data: what the judge's picture draws and
    /// lists.
    pub fn judge_marks(&self) -> Vec<Mark> {
        match &self.resolution {
            Some(r) => judge_marks::marks(self.map, &self.position, r, &self.panel),
            None => Vec::new(),
        }
    }

    /// The phase's espionage, resolved again from the stored data (judge
    /// only).
    pub fn resolution(&self) -> Option<&Resolution> {
        self.resolution.as_ref()
    }

    /// The public picture as PNG, as mailed.
    pub fn png(&self) -> std::result::Result<Vec<u8>, render::PngError> {
        render::render_png(self.map, &self.scene(), render::MAIL_WIDTH)
    }
}

/// A phase of a game: `phase` as `S1901M` or `Spring 1901 Movement`, or
/// none for the phase being played (or the final position).
pub fn phase_picture(st: &Store, name: &str, phase: Option<&str>) -> Result<PhasePicture> {
    let c = &st.read();
    let l = load(c, name)?;
    picture_in(c, &l, phase)
}

pub(super) fn picture_in(c: &Tx<'_>, l: &Loaded, phase: Option<&str>) -> Result<PhasePicture> {
    let rows = c.phases(l.game.id)?;
    let row: &PhaseRow = match phase {
        None => rows
            .iter()
            .rev()
            .find(|r| r.rolled_back_at.is_none() && r.processed_at.is_none())
            .or(rows.last()),
        Some(p) => {
            let want = Phase::parse(p)?.to_string();
            rows.iter()
                .rev()
                .filter(|r| r.phase == want)
                .find(|r| r.rolled_back_at.is_none())
                .or_else(|| rows.iter().rev().find(|r| r.phase == want))
        }
    }
    .ok_or_else(|| GameError::PhaseNotPlayed {
        game: l.game.name.clone(),
        // Empty: the phase being played (worded by the reader's text).
        phase: phase.unwrap_or_default().to_string(),
        played: rows.iter().map(|r| r.phase.clone()).collect(),
    })?;
    let position = l.position(row)?;
    if row.processed_at.is_none() {
        let retreats = retreat_options(l, &rows, row, &position);
        return Ok(PhasePicture {
            map: l.map,
            game: l.game.name.clone(),
            position,
            orders: Vec::new(),
            adjudication: None,
            resolution: None,
            panel: Vec::new(),
            retreats,
        });
    }
    let orders = c.orders(row.id)?;
    let live = live_orders(l, position.phase.kind, &orders)?;
    let es = esp::state(c, l, row)?;
    let computed = compute(c, l, row, &position, es.as_ref(), &live)?;
    let panel = match (&es, &computed.resolution) {
        (Some(es), Some(res)) => {
            let resolved = judge_marks::Resolved {
                row,
                es,
                pos: &position,
                next: &computed.adj.next,
                given: &live,
                res,
            };
            judge_marks::panel(c, l, &resolved)?
        }
        _ => Vec::new(),
    };
    Ok(PhasePicture {
        map: l.map,
        game: l.game.name.clone(),
        position,
        orders: computed.input,
        adjudication: Some(computed.adj),
        resolution: computed.resolution,
        panel,
        retreats: Vec::new(),
    })
}

/// A retreat phase being played: where each dislodged unit may go, as
/// the results of the movement before it said.
fn retreat_options(
    l: &Loaded,
    rows: &[PhaseRow],
    row: &PhaseRow,
    position: &Position,
) -> Vec<RetreatOptions> {
    if position.phase.kind != PhaseKind::Retreat {
        return Vec::new();
    }
    let Some(results) = row
        .produced_by
        .and_then(|id| rows.iter().find(|r| r.id == id))
        .and_then(|r| r.results.as_deref())
        .and_then(|t| serde_json::from_str::<ResultsJson>(t).ok())
    else {
        return Vec::new();
    };
    results
        .dislodged
        .iter()
        .filter_map(|d| {
            let (_, loc) = l.map.parse_unit(&d.unit)?;
            let dislodged = position
                .dislodged
                .iter()
                .find(|x| x.unit.location == loc)?
                .clone();
            Some(RetreatOptions {
                dislodged,
                retreats: d
                    .retreats
                    .iter()
                    .filter_map(|r| l.map.parse_location(r))
                    .collect(),
            })
        })
        .collect()
}

/// The file name of a picture: `GAME-S1901M.png`.
pub(super) fn file_name(game: &str, phase: &Phase, ext: &str) -> String {
    let safe: String = game
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{safe}-{phase}.{ext}")
}

/// The pictures a picture setting asks for, of a scene: the PNG (inline)
/// and, with `png+svg`, the SVG. A picture that cannot be drawn is
/// logged and left out: the mail goes without it.
pub fn attachments(map: &Map, scene: &Scene<'_>, pictures: Pictures) -> Vec<Attachment> {
    if pictures == Pictures::Off {
        return Vec::new();
    }
    let phase = scene.position.phase;
    let mut out = Vec::new();
    match render::render_png(map, scene, render::MAIL_WIDTH) {
        Ok(png) => out.push(Attachment {
            filename: file_name(&scene.game, &phase, "png"),
            content_type: "image/png".into(),
            inline: true,
            data: png,
        }),
        Err(e) => tracing::warn!(error = %e, "the picture of the board could not be made"),
    }
    if pictures == Pictures::PngSvg {
        out.push(Attachment {
            filename: file_name(&scene.game, &phase, "svg"),
            content_type: "image/svg+xml".into(),
            inline: false,
            data: render::render_svg(map, scene).into_bytes(),
        });
    }
    out
}

/// Attaches the picture of a processed phase to its results
/// announcement, in the same transaction.
pub(super) fn attach_results(
    c: &Tx<'_>,
    l: &Loaded,
    announcement: i64,
    before: &Position,
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
) -> Result<()> {
    let scene = Scene::adjudicated(&l.game.name, before, orders, adj);
    for a in attachments(l.map, &scene, l.settings.pictures) {
        c.insert_attachment(Owner::Announcement(announcement), &a)?;
    }
    Ok(())
}

/// The pictures of announcement `a` drawn again with their title and
/// legend in `lang` (issue 26), for a reader of that language: the files
/// the announcement carries (the start's, a phase's results', the last
/// mail's), each with the same name and kind, in the same order. Empty
/// when the announcement carries no picture; then, and when a picture
/// cannot be drawn again, the reader gets the announcement's own.
pub fn announcement_pictures(
    c: &Tx<'_>,
    a: &store::AnnouncementRow,
    lang: Lang,
) -> Result<Vec<Attachment>> {
    let files = c.announcement_files(a.id)?;
    if files.is_empty() {
        return Ok(Vec::new());
    }
    #[derive(serde::Deserialize)]
    struct Tag {
        notice: String,
    }
    let Some(tag) = a
        .notice
        .as_deref()
        .and_then(|n| serde_json::from_str::<Tag>(n).ok())
    else {
        return Ok(Vec::new());
    };
    let l = load(c, &a.game)?;
    let pic = picture_in(c, &l, a.phase.as_deref())?;
    let last;
    let scene = match tag.notice.as_str() {
        "game-started" => Scene::position(&l.game.name, &pic.position),
        "results" if pic.adjudication.is_some() => pic.scene(),
        "game-over" => {
            let title = super::words::words().message(
                lang,
                "mails-final-picture-title",
                &Args::new().str("game", &l.game.name),
            );
            last = pic.adjudication.as_ref().map(|a| a.next.clone());
            Scene::position(&title, last.as_ref().unwrap_or(&pic.position))
        }
        _ => return Ok(Vec::new()),
    }
    .in_lang(lang);
    let mut out = Vec::with_capacity(files.len());
    for f in files {
        let data = match f.content_type.as_str() {
            "image/png" => match render::render_png(l.map, &scene, render::MAIL_WIDTH) {
                Ok(png) => png,
                Err(e) => {
                    tracing::warn!(error = %e, lang = lang.tag(), "the picture could not be drawn in the reader's language");
                    return Ok(Vec::new());
                }
            },
            "image/svg+xml" => render::render_svg(l.map, &scene).into_bytes(),
            _ => return Ok(Vec::new()),
        };
        out.push(Attachment { data, ..f });
    }
    Ok(out)
}
