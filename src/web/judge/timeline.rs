//! The list of games with a secret log, and a game's log as a timeline,
//! phase by phase, narrowed by power and by kind: each entry's number,
//! time, kind, power, words and source as `dipspy secret-log` shows them
//! (the game layer's rows; control and bidirectional characters shown as
//! escapes). Also the session every page but the login form needs
//! ([`Judge`]), and the pages that refuse.

use super::session::{self, COOKIE, Open};
use super::verify::{self, Check};
use super::words::{Frame, Refused};
use crate::game::{self, GameError, Lang, Store};
use crate::store::SecretRow;
use crate::text::Args;
use crate::text::web::{self as words, word};
use crate::web::lang;
use crate::web::site::{Site, WebError};
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{FromRequestParts, Path, Query};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// A request with an open session: its reader's language, the session
/// and the site. Without one, a GET goes to the login form and anything
/// else is refused (403).
pub(super) struct Judge {
    pub lang: Lang,
    pub open: Open,
    pub site: Arc<Site>,
}

impl FromRequestParts<Arc<Site>> for Judge {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        let lang = lang::of_request(&parts.headers);
        let Some(desk) = site.judge() else {
            return Err(off(lang));
        };
        let open = session::cookie(&parts.headers, COOKIE).and_then(|id| {
            desk.sessions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .find(id, desk.now())
        });
        match open {
            Some(open) => Ok(Judge {
                lang,
                open,
                site: Arc::clone(site),
            }),
            None if parts.method == Method::GET || parts.method == Method::HEAD => Err(to_login()),
            None => {
                tracing::warn!(path = %parts.uri.path(), "a POST to the judge's pages without a session: refused");
                Err(refused(lang))
            }
        }
    }
}

/// To the login form.
fn to_login() -> Response {
    let mut r = StatusCode::SEE_OTHER.into_response();
    r.headers_mut()
        .insert(header::LOCATION, "/judge/login".parse().expect("a path"));
    r
}

/// A refusal page: `status`, its title and text.
fn refusal(lang: Lang, status: StatusCode, title: &str, text: &str) -> Response {
    let page = Refused {
        f: Frame::new(lang, word(lang, title), "/judge"),
        text: word(lang, text),
    };
    (status, page).into_response()
}

/// 403: a POST without its token, or without a session. Such a POST's
/// body may be left unread, and the server then closes the connection
/// after the answer: the answer says so (`Connection: close`), so that a
/// client does not send its next request on a connection about to end.
pub(super) fn refused(lang: Lang) -> Response {
    let mut r = refusal(
        lang,
        StatusCode::FORBIDDEN,
        "web-judge-forbidden-title",
        "web-judge-forbidden",
    );
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// 404: the site has no master password, so no judge's pages.
pub(super) fn off(lang: Lang) -> Response {
    refusal(
        lang,
        StatusCode::NOT_FOUND,
        "web-not-found",
        "web-not-found-text",
    )
}

/// 500: a page could not be made (the judge's log says why).
pub(super) fn failed(lang: Lang) -> Response {
    refusal(
        lang,
        StatusCode::INTERNAL_SERVER_ERROR,
        "web-failed",
        "web-failed-text",
    )
}

/// A page's answer: the page, not found, or failed.
pub(super) fn answer<T: IntoResponse>(lang: Lang, made: Result<T, WebError>) -> Response {
    match made {
        Ok(page) => page.into_response(),
        Err(WebError::Game(
            GameError::UnknownGame(_)
            | GameError::PhaseNotPlayed { .. }
            | GameError::UnknownPower { .. }
            | GameError::BadPhase(_)
            | GameError::NoSuchPhase { .. },
        )) => off(lang),
        Err(e) => {
            tracing::error!(error = %e, "a judge's page could not be made");
            failed(lang)
        }
    }
}

/// Any other path or method under `/judge`: a GET goes to the login
/// form, anything else is refused.
pub(super) async fn not_found(method: Method, headers: HeaderMap) -> Response {
    let lang = lang::of_request(&headers);
    match method {
        Method::GET | Method::HEAD => to_login(),
        _ => refused(lang),
    }
}

/// A game on the list.
pub(super) struct GameLine {
    pub name: String,
    pub rules: String,
    pub status: String,
    pub entries: usize,
}

/// A game on the list of every game, for the master's commands.
pub(super) struct EveryLine {
    pub name: String,
    pub status: String,
}

/// `/judge`: the games with a secret log, and every game with the link
/// to its master's commands.
#[derive(Template, WebTemplate)]
#[template(path = "judge/games.html")]
pub(super) struct GamesPage {
    f: Frame,
    csrf: String,
    games: Vec<GameLine>,
    every: Vec<EveryLine>,
}

/// `GET /judge`.
pub(super) async fn games(j: Judge) -> Response {
    let (lang, csrf) = (j.lang, j.open.csrf.clone());
    let made = j
        .site
        .read(move |st, _| {
            let (mut games, mut every) = (Vec::new(), Vec::new());
            for g in game::list(st)? {
                let v = game::show(st, &g.name)?;
                every.push(EveryLine {
                    name: v.name.clone(),
                    status: words::status(lang, v.status),
                });
                let entries = game::secret_log(st, &g.name, None, None)?.len();
                if v.rules.is_empty() && entries == 0 {
                    continue;
                }
                games.push(GameLine {
                    rules: v
                        .rules
                        .iter()
                        .map(|r| words::rule(lang, r))
                        .collect::<Vec<_>>()
                        .join(", "),
                    status: words::status(lang, v.status),
                    name: v.name,
                    entries,
                });
            }
            Ok(GamesPage {
                f: Frame::new(lang, word(lang, "web-judge-games-title"), "/judge"),
                csrf,
                games,
                every,
            })
        })
        .await;
    answer(lang, made)
}

/// An entry as the pages show it.
pub(super) struct Entry {
    pub seq: i64,
    pub at: String,
    pub kind: String,
    pub power: String,
    pub text: String,
    pub source: String,
}

/// The entries of one phase.
pub(super) struct Group {
    /// The phase's code (`S1902M`).
    pub phase: String,
    pub heading: String,
    pub caption: String,
    pub picture_link: String,
    pub entries: Vec<Entry>,
}

/// `text` with every character a page must not get raw written as a
/// visible escape, `\u{202e}`, as `dipspy secret-log` prints them.
pub(super) fn visible(text: &str) -> String {
    crate::text::escape_unsafe(text).into_owned()
}

/// The rows, in the log's order, grouped by phase as `dipspy secret-log`
/// groups them (a phase's entries one after the other).
pub(super) fn groups(game: &str, rows: &[SecretRow], lang: Lang) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for r in rows {
        if out.last().is_none_or(|g| g.phase != r.phase) {
            let long = words::phase(lang, &r.phase);
            let args = Args::new().str("phase", long.clone()).str("game", game);
            out.push(Group {
                phase: r.phase.clone(),
                heading: format!("{long} ({})", r.phase),
                caption: words::words(lang, "web-judge-phase-caption", &args),
                picture_link: words::words(lang, "web-judge-picture-link", &args),
                entries: Vec::new(),
            });
        }
        let entry = Entry {
            seq: r.seq,
            at: visible(&r.at),
            kind: visible(&r.kind),
            power: r
                .power
                .as_deref()
                .map(|p| visible(&words::power(lang, p)))
                .unwrap_or_else(|| "-".to_string()),
            text: visible(&r.text),
            source: r.source.as_deref().map(visible).unwrap_or_default(),
        };
        if let Some(g) = out.last_mut() {
            g.entries.push(entry);
        }
    }
    out
}

/// A choice of a filter.
pub(super) struct Choice {
    pub value: String,
    pub label: String,
    pub chosen: bool,
}

/// The filters a game's page takes.
#[derive(serde::Deserialize, Default)]
pub(super) struct Filters {
    #[serde(default)]
    power: String,
    #[serde(default)]
    kind: String,
}

/// `/judge/games/{name}`: the game's log, filtered.
#[derive(Template, WebTemplate)]
#[template(path = "judge/game.html")]
pub(super) struct GamePage {
    f: Frame,
    csrf: String,
    game: String,
    check: Check,
    powers: Vec<Choice>,
    kinds: Vec<Choice>,
    shown: String,
    export: String,
    groups: Vec<Group>,
}

/// `GET /judge/games/{name}?power=&kind=`.
pub(super) async fn game(
    j: Judge,
    Path(name): Path<String>,
    Query(filters): Query<Filters>,
) -> Response {
    let (lang, csrf) = (j.lang, j.open.csrf.clone());
    let site = Arc::clone(&j.site);
    let made = j
        .site
        .read(move |st, _| game_page(st, &site, &name, &filters, lang, csrf))
        .await;
    answer(lang, made)
}

fn game_page(
    st: &Store,
    site: &Site,
    name: &str,
    filters: &Filters,
    lang: Lang,
    csrf: String,
) -> Result<GamePage, WebError> {
    let v = game::show(st, name)?;
    let power = Some(filters.power.as_str()).filter(|p| !p.is_empty());
    let kind = Some(filters.kind.as_str()).filter(|k| !k.is_empty());
    let all = game::secret_log(st, name, None, None)?;
    let rows: Vec<SecretRow> = game::secret_log(st, name, None, power)?
        .into_iter()
        .filter(|r| kind.is_none_or(|k| r.kind == k))
        .collect();
    let mut kinds: Vec<String> = all.iter().map(|r| r.kind.clone()).collect();
    kinds.sort();
    kinds.dedup();
    let check = match site.judge() {
        Some(desk) => verify::check(st, desk, name, lang)?,
        None => return Err(GameError::UnknownGame(name.to_string()).into()),
    };
    let export = match power {
        Some(p) => format!("/judge/games/{}/export?power={p}", v.name),
        None => format!("/judge/games/{}/export", v.name),
    };
    let shown = words::words(
        lang,
        "web-judge-shown",
        &Args::new()
            .num("shown", rows.len() as f64)
            .num("total", all.len() as f64),
    );
    Ok(GamePage {
        f: Frame::new(
            lang,
            words::words(lang, "web-judge-game-title", &Args::new().str("game", name)),
            &format!("/judge/games/{}", v.name),
        ),
        csrf,
        check,
        powers: v
            .powers
            .iter()
            .map(|p| Choice {
                label: words::power(lang, &p.power),
                chosen: power.is_some_and(|c| c.eq_ignore_ascii_case(&p.power)),
                value: p.power.clone(),
            })
            .collect(),
        kinds: kinds
            .into_iter()
            .map(|k| Choice {
                label: visible(&k),
                chosen: kind == Some(k.as_str()),
                value: k,
            })
            .collect(),
        shown,
        export,
        groups: groups(&v.name, &rows, lang),
        game: v.name,
    })
}
