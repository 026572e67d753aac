//! What a public page shows, gathered from the game layer and from the
//! announcements an observer of the game received: never from anything
//! only a player, the master or the judge receives.
//!
//! The announcements are read as the data they were stored as (typed
//! notices), and put into words by the same functions as the mail: the
//! pages never read back a text dipspy wrote.

use super::site::{Site, WebError};
use crate::game::{self, GameView, Lang, Notice, PhaseStatus, Results, Store};
use crate::store::{AnnouncementRow, Audience};
use crate::text::web as words;
use chrono::{DateTime, Utc};

/// A phase of the game as the pages list it.
#[derive(Debug, Clone)]
pub(super) struct PhaseEntry {
    /// Its code (`S1902M`).
    pub code: String,
    /// The number of its row (a phase played again after a rollback has
    /// a new one).
    pub seq: i64,
    /// Whether it was processed (its orders and results are public).
    pub processed: bool,
    /// When it was processed, as stored (RFC 3339, UTC).
    pub processed_at: Option<String>,
}

/// A notice an observer of the game received, with its phase.
pub(super) struct PublicNotice {
    /// The phase it was sent in.
    pub phase: Option<String>,
    /// The notice as stored.
    pub notice: Notice,
}

/// Everything the game's pages are made from.
pub(super) struct GameData {
    /// The game now (its players' addresses are never shown).
    pub view: GameView,
    /// Its phases, rolled-back attempts left out, in the order played.
    pub phases: Vec<PhaseEntry>,
    /// The typed notices its observers received, in the order sent.
    pub public: Vec<PublicNotice>,
    /// The deadline of the phase being played, while one runs.
    pub deadline: Option<DateTime<Utc>>,
}

/// Whether an announcement went to the game's observers (and so to
/// anyone who asked to watch the game).
fn to_observers(a: &AnnouncementRow) -> bool {
    matches!(
        a.audience,
        Audience::All | Audience::AllAndMaster | Audience::AllButMaster
    )
}

/// The game called `name`, as its pages show it.
pub(super) fn game_data(st: &Store, name: &str) -> Result<GameData, WebError> {
    let view = game::show(st, name)?;
    let phases = game::history(st, name, None)?
        .into_iter()
        .filter(|h| h.status != PhaseStatus::RolledBack)
        .map(|h| PhaseEntry {
            processed: h.processed_at.is_some(),
            processed_at: h.processed_at,
            code: h.phase,
            seq: h.seq,
        })
        .collect();
    let c = st.read();
    let id = c
        .game_by_name(name)
        .map_err(game::GameError::from)?
        .ok_or_else(|| game::GameError::UnknownGame(name.to_string()))?
        .id;
    let public = c
        .announcements(id)
        .map_err(game::GameError::from)?
        .into_iter()
        .filter(to_observers)
        .filter_map(|a| {
            let notice = serde_json::from_str::<Notice>(a.notice.as_deref()?).ok()?;
            Some(PublicNotice {
                phase: a.phase,
                notice,
            })
        })
        .collect();
    let deadline = game::current_phase(st, name)?.and_then(|p| p.deadline);
    Ok(GameData {
        view,
        phases,
        public,
        deadline,
    })
}

impl GameData {
    /// The phase `code` names (`s1902m` as well), if it was played.
    pub(super) fn phase(&self, code: &str) -> Option<usize> {
        self.phases
            .iter()
            .rposition(|p| p.code.eq_ignore_ascii_case(code))
    }

    /// The phase being played, or a finished game's last.
    pub(super) fn now(&self) -> Option<usize> {
        self.phases.len().checked_sub(1)
    }

    /// The public results of a processed phase, as last mailed.
    pub(super) fn results(&self, code: &str) -> Option<&Results> {
        let entry = &self.phases[self.phase(code)?];
        if !entry.processed {
            return None;
        }
        self.public.iter().rev().find_map(|n| match &n.notice {
            Notice::Results(r) if r.report.phase == entry.code => Some(&**r),
            _ => None,
        })
    }

    /// The press sent to everyone in phase `code`, in `lang`: each
    /// message's subject and body as the observers' mail words it.
    pub(super) fn press(&self, code: &str, lang: Lang) -> Vec<(String, String)> {
        self.public
            .iter()
            .filter(|n| n.phase.as_deref() == Some(code))
            .filter(|n| matches!(n.notice, Notice::Press { .. }))
            .map(|n| {
                let m = crate::text::notice::mail(lang, &n.notice);
                (m.subject, m.body)
            })
            .collect()
    }

    /// How the game ended, as its last mail to everyone says.
    pub(super) fn outcome(&self, lang: Lang) -> Option<String> {
        self.public.iter().rev().find_map(|n| match &n.notice {
            Notice::GameOver(g) => Some(words::outcome(lang, &g.ended)),
            _ => None,
        })
    }

    /// The centres each power held at the end of each year: (year, the
    /// powers' shown names and counts), from the public results of the
    /// year's last processed phase.
    pub(super) fn centres_by_year(&self) -> Vec<(String, Vec<(String, usize)>)> {
        let mut out: Vec<(String, Vec<(String, usize)>)> = Vec::new();
        for p in self.phases.iter().filter(|p| p.processed) {
            let Some(r) = self.results(&p.code) else {
                continue;
            };
            let year = p.code.get(1..p.code.len().saturating_sub(1)).unwrap_or("");
            let counts = r
                .report
                .centres
                .lines
                .iter()
                .map(|l| (l.power.clone(), l.centres.len()))
                .collect();
            match out.last_mut() {
                Some((y, c)) if y == year => *c = counts,
                _ => out.push((year.to_string(), counts)),
            }
        }
        out
    }
}

/// The public picture of a phase in `lang`, as the results mail draws it
/// (the phase being played: its position), drawn once and kept, made
/// ready to stand in a page: an image (`role="img"`) named by `title`
/// and described by the page's summary beside it (`board-summary`).
pub(super) fn picture(
    st: &Store,
    site: &Site,
    game: &str,
    entry: &PhaseEntry,
    lang: Lang,
    title: &str,
) -> Result<std::sync::Arc<str>, WebError> {
    let key = (game.to_string(), entry.seq, entry.processed, lang);
    site.picture(key, || {
        let pic = game::phase_picture(st, game, Some(&entry.code))?;
        let scene = pic.scene().in_lang(lang);
        Ok(inline(&crate::render::render_svg(pic.map, &scene), title))
    })
}

/// An SVG document made an image of the page: its root given the role
/// and the names, a `<title>` first inside it.
fn inline(svg: &str, title: &str) -> String {
    let Some((head, body)) = svg
        .strip_prefix("<svg ")
        .and_then(|rest| rest.split_once('>'))
    else {
        // Not an SVG root as render writes it: wrapped whole instead.
        return format!(
            "<svg role=\"img\" aria-labelledby=\"board-title\" aria-describedby=\"board-summary\" \
             class=\"board\"><title id=\"board-title\">{}</title>{svg}</svg>",
            xml_text(title)
        );
    };
    format!(
        "<svg role=\"img\" aria-labelledby=\"board-title\" aria-describedby=\"board-summary\" \
         class=\"board\" {head}><title id=\"board-title\">{}</title>{body}",
        xml_text(title)
    )
}

/// Text made safe inside XML or HTML.
pub(super) fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
