//! The public pages: the list of games, a game now, one of its phases,
//! and the pages that say a page is not there or could not be made.

use super::chart::Chart;
use super::lang;
use super::site::{Site, WebError};
use super::views::{GameData, PhaseEntry, game_data, picture};
use crate::game::{self, GameError, GameStatus, Lang, Store};
use crate::text::Args;
use crate::text::web::{self as words, word};
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, SecondsFormat, Utc};
use std::sync::Arc;

/// What every page has around its content: its language, title and the
/// language switch.
pub(super) struct Frame {
    lang: Lang,
    /// The language's tag (`fr`), for `<html lang>`.
    pub tag: &'static str,
    /// The page's title (and first heading).
    pub title: String,
    /// The switch: one link per language.
    pub langs: Vec<LangLink>,
}

/// One language of the switch.
pub(super) struct LangLink {
    /// Its tag.
    pub tag: &'static str,
    /// Its own name for itself.
    pub name: &'static str,
    /// The link that chooses it and comes back to this page.
    pub href: String,
    /// Whether the page is in it.
    pub current: bool,
}

impl Frame {
    /// The frame of a page titled `title` at the path `here`, in `lang`.
    pub(super) fn new(lang: Lang, title: String, here: &str) -> Frame {
        let langs = Lang::ALL
            .iter()
            .map(|l| LangLink {
                tag: l.tag(),
                name: l.own_name(),
                href: format!("/lang/{}?to={}", l.tag(), here),
                current: *l == lang,
            })
            .collect();
        Frame {
            lang,
            tag: lang.tag(),
            title,
            langs,
        }
    }

    /// A word of the page, in the reader's language.
    pub(super) fn w(&self, key: &str) -> String {
        word(self.lang, key)
    }
}

/// A time as a page shows it: in UTC for a reader without scripts, and
/// as RFC 3339 for the script that shows it in the reader's time.
pub(super) struct Time {
    /// RFC 3339, for `<time datetime>`.
    pub iso: String,
    /// `2025-01-12 12:00 UTC`.
    pub utc: String,
}

impl Time {
    pub(super) fn new(t: DateTime<Utc>) -> Time {
        Time {
            iso: t.to_rfc3339_opts(SecondsFormat::Secs, true),
            utc: t.format("%Y-%m-%d %H:%M UTC").to_string(),
        }
    }
}

/// A link to a phase.
pub(super) struct PhaseLink {
    /// Where it goes.
    pub href: String,
    /// Its words.
    pub label: String,
    /// Whether it is the page's own phase.
    pub current: bool,
}

/// A game's line on the list of games.
pub(super) struct GameLine {
    pub name: String,
    pub map: String,
    pub rules: String,
    pub players: String,
    pub phase: String,
    pub deadline: Option<Time>,
}

/// One part of the list of games (open for joining, in play, finished).
pub(super) struct Section {
    pub id: &'static str,
    pub heading: String,
    pub caption: String,
    pub games: Vec<GameLine>,
}

/// `/`: every game, by where it is in its life.
#[derive(Template, WebTemplate)]
#[template(path = "index.html")]
pub(super) struct IndexPage {
    f: Frame,
    sections: Vec<Section>,
}

/// A page that says what went wrong.
#[derive(Template, WebTemplate)]
#[template(path = "message.html")]
pub(super) struct MessagePage {
    f: Frame,
    text: String,
}

/// The results of a processed phase.
pub(super) struct ResultsPart {
    pub subject: String,
    pub body: String,
    pub caption: String,
    pub orders: Vec<OrderRow>,
}

/// One order of the results.
pub(super) struct OrderRow {
    pub power: String,
    pub order: String,
    pub result: String,
}

/// `/games/{name}` and `/games/{name}/{phase}`.
#[derive(Template, WebTemplate)]
#[template(path = "phase.html")]
pub(super) struct PhasePage {
    f: Frame,
    game: String,
    facts: Option<Vec<(String, String)>>,
    prev: Option<PhaseLink>,
    next: Option<PhaseLink>,
    deadline: Option<Time>,
    svg: Arc<str>,
    board_note: String,
    summary: Vec<String>,
    results: Option<ResultsPart>,
    units_caption: String,
    units: Vec<(String, String)>,
    centres_caption: String,
    centres: Vec<(String, usize, String)>,
    press: Vec<(String, String)>,
    chart: Option<Chart>,
    phases: Vec<PhaseLink>,
}

/// A page's answer: the page, or what went wrong in the reader's words.
fn answer<T: IntoResponse>(lang: Lang, here: &str, made: Result<T, WebError>) -> Response {
    match made {
        Ok(page) => page.into_response(),
        Err(WebError::Game(GameError::UnknownGame(_) | GameError::PhaseNotPlayed { .. })) => {
            message(lang, here, StatusCode::NOT_FOUND)
        }
        Err(e) => {
            tracing::error!(error = %e, page = here, "a web page could not be made");
            message(lang, here, StatusCode::INTERNAL_SERVER_ERROR)
        }
    }
}

/// The page of an error `status` in `lang`.
fn message(lang: Lang, here: &str, status: StatusCode) -> Response {
    let (title, text) = if status == StatusCode::NOT_FOUND {
        ("web-not-found", "web-not-found-text")
    } else {
        ("web-failed", "web-failed-text")
    };
    said(lang, here, status, title, text)
}

/// A page at `here` that only says something: `status`, the words of
/// the keys `title` and `text`.
pub(super) fn said(
    lang: Lang,
    here: &str,
    status: StatusCode,
    title: &str,
    text: &str,
) -> Response {
    let page = MessagePage {
        f: Frame::new(lang, word(lang, title), here),
        text: word(lang, text),
    };
    (status, page).into_response()
}

/// Any path the site does not have.
pub(super) async fn not_found(headers: HeaderMap, uri: Uri) -> Response {
    message(
        lang::of_request(&headers),
        uri.path(),
        StatusCode::NOT_FOUND,
    )
}

/// `/`.
pub(super) async fn index(State(site): State<Arc<Site>>, headers: HeaderMap) -> Response {
    let lang = lang::of_request(&headers);
    let made = site.read(move |st, _| index_page(st, lang)).await;
    answer(lang, "/", made)
}

fn index_page(st: &Store, lang: Lang) -> Result<IndexPage, WebError> {
    let mut sections: Vec<Section> = [
        ("forming", "web-index-forming", "web-index-caption-forming"),
        ("playing", "web-index-playing", "web-index-caption-playing"),
        (
            "finished",
            "web-index-finished",
            "web-index-caption-finished",
        ),
    ]
    .into_iter()
    .map(|(id, heading, caption)| Section {
        id,
        heading: word(lang, heading),
        caption: word(lang, caption),
        games: Vec::new(),
    })
    .collect();
    for g in game::list(st)? {
        let v = game::show(st, &g.name)?;
        let deadline = game::current_phase(st, &g.name)?
            .and_then(|p| p.deadline)
            .map(Time::new);
        let taken = v.powers.iter().filter(|p| p.email.is_some()).count();
        let line = GameLine {
            name: v.name.clone(),
            map: v.variant.clone(),
            rules: rules(lang, &v.rules),
            players: words::words(
                lang,
                "web-players-count",
                &Args::new()
                    .num("taken", taken as f64)
                    .num("powers", v.powers.len() as f64),
            ),
            phase: v
                .phase
                .as_deref()
                .map(|p| words::phase(lang, p))
                .unwrap_or_else(|| word(lang, "web-not-started")),
            deadline,
        };
        let i = match v.status {
            GameStatus::Forming => 0,
            GameStatus::Active | GameStatus::Paused => 1,
            GameStatus::Finished => 2,
        };
        sections[i].games.push(line);
    }
    Ok(IndexPage {
        f: Frame::new(lang, word(lang, "web-index-title"), "/"),
        sections,
    })
}

/// The rule sets in words (`standard` for none).
fn rules(lang: Lang, rules: &[String]) -> String {
    if rules.is_empty() {
        return word(lang, "web-rules-none");
    }
    rules
        .iter()
        .map(|r| words::rule(lang, r))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `/games/{name}`: the game now.
pub(super) async fn game(
    State(site): State<Arc<Site>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = lang::of_request(&headers);
    let here = format!("/games/{name}");
    let made = site
        .read(move |st, site| phase_page(st, site, &name, None, lang))
        .await;
    answer(lang, &here, made)
}

/// `/games/{name}/{phase}`: one phase of the game.
pub(super) async fn phase(
    State(site): State<Arc<Site>>,
    Path((name, phase)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let lang = lang::of_request(&headers);
    let here = format!("/games/{name}/{phase}");
    let made = site
        .read(move |st, site| phase_page(st, site, &name, Some(&phase), lang))
        .await;
    answer(lang, &here, made)
}

/// The page of phase `phase` of game `name` (none: the game now, with
/// what the game's page adds: its facts and the centre chart).
fn phase_page(
    st: &Store,
    site: &Site,
    name: &str,
    phase: Option<&str>,
    lang: Lang,
) -> Result<PhasePage, WebError> {
    let d = game_data(st, name)?;
    let not_played = || GameError::PhaseNotPlayed {
        game: name.to_string(),
        phase: phase.unwrap_or_default().to_string(),
        played: Vec::new(),
    };
    let at = match phase {
        Some(p) => d.phase(p),
        None => d.now(),
    }
    .ok_or_else(not_played)?;
    let entry = d.phases[at].clone();
    let game = d.view.name.clone();
    let long = words::phase(lang, &entry.code);
    let title = match phase {
        None => words::words(lang, "web-game-title", &Args::new().str("game", &game)),
        Some(_) => words::words(
            lang,
            "web-phase-title",
            &Args::new().str("game", &game).str("phase", &long),
        ),
    };
    let here = match phase {
        None => format!("/games/{game}"),
        Some(_) => format!("/games/{game}/{}", entry.code),
    };
    let link = |e: &PhaseEntry| PhaseLink {
        href: format!("/games/{game}/{}", e.code),
        label: format!("{} ({})", words::phase(lang, &e.code), e.code),
        current: e.seq == entry.seq,
    };
    let svg_title = words::words(
        lang,
        "web-board-title",
        &Args::new().str("game", &game).str("phase", &long),
    );
    let svg = picture(st, site, &game, &entry, lang, &svg_title)?;
    let is_now = at + 1 == d.phases.len();
    let board = board(&d, &entry, lang, is_now);
    Ok(PhasePage {
        facts: phase.is_none().then(|| facts(&d, lang)),
        chart: phase.is_none().then(|| Chart::new(&game, &d, lang)),
        prev: at
            .checked_sub(1)
            .map(|i| d.phases[i].clone())
            .map(|e| PhaseLink {
                label: words::words(
                    lang,
                    "web-previous",
                    &Args::new().str("phase", words::phase(lang, &e.code)),
                ),
                ..link(&e)
            }),
        next: d.phases.get(at + 1).map(|e| PhaseLink {
            label: words::words(
                lang,
                "web-next",
                &Args::new().str("phase", words::phase(lang, &e.code)),
            ),
            ..link(e)
        }),
        deadline: if is_now {
            d.deadline.map(Time::new)
        } else {
            None
        },
        results: results(&d, &entry, lang),
        press: d.press(&entry.code, lang),
        phases: d.phases.iter().map(link).collect(),
        f: Frame::new(lang, title, &here),
        game,
        svg,
        board_note: board.note,
        summary: board.summary,
        units_caption: board.units_caption,
        units: board.units,
        centres_caption: board.centres_caption,
        centres: board.centres,
    })
}

/// The facts of the game's page: state, map, rules, players, outcome.
fn facts(d: &GameData, lang: Lang) -> Vec<(String, String)> {
    let v = &d.view;
    let taken = v.powers.iter().filter(|p| p.email.is_some()).count();
    let mut out = vec![
        (word(lang, "web-col-status"), words::status(lang, v.status)),
        (word(lang, "web-col-map"), v.variant.clone()),
        (word(lang, "web-col-rules"), rules(lang, &v.rules)),
        (
            word(lang, "web-col-players"),
            words::words(
                lang,
                "web-players-count",
                &Args::new()
                    .num("taken", taken as f64)
                    .num("powers", v.powers.len() as f64),
            ),
        ),
    ];
    if let Some(o) = d.outcome(lang) {
        out.push((word(lang, "web-col-outcome"), o));
    }
    out
}

/// The results of a processed phase, as its results mail gives them.
fn results(d: &GameData, entry: &PhaseEntry, lang: Lang) -> Option<ResultsPart> {
    let r = d.results(&entry.code)?;
    let mail = words::results(lang, r);
    let orders = r
        .report
        .orders
        .iter()
        .flat_map(|p| {
            p.lines.iter().map(|l| OrderRow {
                power: words::power(lang, &p.power),
                order: words::order(lang, l),
                result: words::verdict(lang, l),
            })
        })
        .collect();
    Some(ResultsPart {
        subject: mail.subject,
        body: mail.body,
        caption: words::words(
            lang,
            "web-orders-caption",
            &Args::new().str("phase", words::phase(lang, &entry.code)),
        ),
        orders,
    })
}

/// The board of a phase in words: the note and summary beside the
/// picture, the units and the centres as tables.
struct BoardWords {
    note: String,
    summary: Vec<String>,
    units_caption: String,
    units: Vec<(String, String)>,
    centres_caption: String,
    centres: Vec<(String, usize, String)>,
}

/// Each power's name with a list (its units, or its centres).
type ByPower = Vec<(String, Vec<String>)>;

fn board(d: &GameData, entry: &PhaseEntry, lang: Lang, is_now: bool) -> BoardWords {
    let phase = Args::new().str("phase", words::phase(lang, &entry.code));
    let (units, centres): (ByPower, ByPower) = match d.results(&entry.code) {
        Some(r) => (
            r.board.units.clone(),
            r.report
                .centres
                .lines
                .iter()
                .map(|l| {
                    (
                        l.power.clone(),
                        l.centres.iter().map(|(c, _)| c.clone()).collect(),
                    )
                })
                .collect(),
        ),
        None if is_now => (
            d.view.units.clone().into_iter().collect(),
            d.view.centers.clone().into_iter().collect(),
        ),
        None => (Vec::new(), Vec::new()),
    };
    let after = d.results(&entry.code).is_some();
    let mut powers: Vec<String> = units.iter().map(|(p, _)| p.to_lowercase()).collect();
    for (p, _) in &centres {
        if !powers.contains(&p.to_lowercase()) {
            powers.push(p.to_lowercase());
        }
    }
    let count = |list: &[(String, Vec<String>)], p: &str| {
        list.iter()
            .find(|(q, _)| q.eq_ignore_ascii_case(p))
            .map_or(0, |(_, v)| v.len())
    };
    let summary = powers
        .iter()
        .map(|p| {
            words::words(
                lang,
                "web-board-power",
                &Args::new()
                    .str("power", words::power(lang, p))
                    .num("units", count(&units, p) as f64)
                    .num("centres", count(&centres, p) as f64),
            )
        })
        .collect();
    let (note, uc, cc) = if after {
        (
            "web-board-adjudicated",
            "web-units-caption-after",
            "web-centres-caption-after",
        )
    } else {
        (
            "web-board-position",
            "web-units-caption-now",
            "web-centres-caption-now",
        )
    };
    BoardWords {
        note: word(lang, note),
        summary,
        units_caption: words::words(lang, uc, &phase),
        units: units
            .iter()
            .map(|(p, u)| (words::power(lang, p), u.join(", ")))
            .collect(),
        centres_caption: words::words(lang, cc, &phase),
        centres: centres
            .iter()
            .map(|(p, c)| (words::power(lang, p), c.len(), c.join(" ")))
            .collect(),
    }
}
