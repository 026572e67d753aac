//! `/games/{name}/feed.atom`: an Atom feed (RFC 4287) of a game's
//! results, one entry per processed phase, newest first, each with the
//! results as the results mail words them.

use super::lang;
use super::site::{Site, WebError};
use super::views::{game_data, xml_text};
use crate::game::{GameError, Lang, Store};
use crate::text::Args;
use crate::text::web as words;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::fmt::Write;
use std::sync::Arc;

/// The feed of game `name`.
pub(super) async fn atom(
    State(site): State<Arc<Site>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = lang::of_request(&headers);
    match site.read(move |st, _| feed(st, &name, lang)).await {
        Ok(xml) => (
            [(header::CONTENT_TYPE, "application/atom+xml; charset=utf-8")],
            xml,
        )
            .into_response(),
        Err(WebError::Game(GameError::UnknownGame(_))) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::error!(error = %e, "a feed could not be made");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The feed's XML.
fn feed(st: &Store, name: &str, lang: Lang) -> Result<String, WebError> {
    let d = game_data(st, name)?;
    let game = &d.view.name;
    let title = words::words(lang, "web-feed-title", &Args::new().str("game", game));
    let entries: Vec<_> = d
        .phases
        .iter()
        .filter_map(|p| Some((p, d.results(&p.code)?, p.processed_at.as_deref()?)))
        .collect();
    // A feed without entries yet is as old as the epoch.
    let updated = entries
        .last()
        .map_or("1970-01-01T00:00:00Z", |(_, _, at)| *at);
    let mut x = String::with_capacity(4096);
    let _ = write!(
        x,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{lang}\">\n\
         <id>urn:dipspy:game:{id}</id>\n<title>{title}</title>\n<updated>{updated}</updated>\n\
         <author><name>dipspy</name></author>\n\
         <link rel=\"self\" href=\"/games/{id}/feed.atom\"/>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"/games/{id}\"/>\n",
        lang = lang.tag(),
        id = xml_text(game),
        title = xml_text(&title),
        updated = xml_text(updated),
    );
    for (p, r, at) in entries.iter().rev() {
        let mail = words::results(lang, r);
        let _ = write!(
            x,
            "<entry>\n<id>urn:dipspy:game:{id}:{seq}:{code}</id>\n<title>{subject}</title>\n\
             <updated>{at}</updated>\n\
             <link rel=\"alternate\" type=\"text/html\" href=\"/games/{id}/{code}\"/>\n\
             <content type=\"text\">{body}</content>\n</entry>\n",
            id = xml_text(game),
            seq = p.seq,
            code = xml_text(&p.code),
            subject = xml_text(&mail.subject),
            at = xml_text(at),
            body = xml_text(&mail.body),
        );
    }
    x.push_str("</feed>\n");
    Ok(x)
}
