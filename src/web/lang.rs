//! The reader's language: the one chosen with the switch on every page
//! (kept in a cookie), else the first of the browser's Accept-Language
//! that dipspy writes, else English.

use crate::game::Lang;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The cookie that keeps the reader's choice.
const COOKIE: &str = "lang";

/// The language of a request's reader.
pub(super) fn of_request(headers: &HeaderMap) -> Lang {
    chosen(headers)
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(accepted)
        })
        .unwrap_or_default()
}

/// The language kept in the cookie, if the reader chose one.
fn chosen(headers: &HeaderMap) -> Option<Lang> {
    super::cookies::cookie(headers, COOKIE).and_then(Lang::from_tag)
}

/// The language an Accept-Language header prefers among dipspy's: the
/// highest weight wins, the first given among equals.
fn accepted(header: &str) -> Option<Lang> {
    let mut best: Option<(Lang, f32)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let primary = tag.split('-').next().unwrap_or("");
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if let Some(l) = Lang::from_tag(primary)
            && q > 0.0
            && best.is_none_or(|(_, b)| q > b)
        {
            best = Some((l, q));
        }
    }
    best.map(|(l, _)| l)
}

/// Where the switch sends the reader back to.
#[derive(serde::Deserialize)]
pub(super) struct Back {
    to: Option<String>,
}

/// `/lang/{tag}?to=/games/demo`: keeps the choice in a cookie and goes
/// back to the page (a path of this site only).
pub(super) async fn switch(Path(tag): Path<String>, Query(back): Query<Back>) -> Response {
    let Some(lang) = Lang::from_tag(&tag) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let to = back
        .to
        .filter(|p| local_path(p))
        .unwrap_or_else(|| "/".to_string());
    let cookie = format!(
        "{COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
        lang.tag()
    );
    let mut r = StatusCode::SEE_OTHER.into_response();
    let h = r.headers_mut();
    if let (Ok(c), Ok(l)) = (HeaderValue::from_str(&cookie), HeaderValue::from_str(&to)) {
        h.insert(header::SET_COOKIE, c);
        h.insert(header::LOCATION, l);
    }
    r
}

/// Whether `p` is a path of this site (never another site's address:
/// `//host`, `/\host` and schemes are refused).
fn local_path(p: &str) -> bool {
    p.starts_with('/')
        && !p.starts_with("//")
        && !p.contains('\\')
        && p.chars().all(|c| c.is_ascii_graphic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heaviest_language_dipspy_writes_wins() {
        assert_eq!(accepted("de-CH, fr;q=0.9, en;q=0.8"), Some(Lang::De));
        assert_eq!(accepted("it, fr-CA;q=0.5, de;q=0.4"), Some(Lang::Fr));
        assert_eq!(accepted("en;q=0.2, de;q=0.7"), Some(Lang::De));
        assert_eq!(accepted("it, es"), None);
        assert_eq!(accepted("fr;q=0, de;q=0.1"), Some(Lang::De));
    }

    #[test]
    fn the_cookie_wins_over_the_browser() {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("de"));
        assert_eq!(of_request(&h), Lang::De);
        h.insert(header::COOKIE, HeaderValue::from_static("x=1; lang=fr"));
        assert_eq!(of_request(&h), Lang::Fr);
    }

    #[test]
    fn the_switch_goes_back_only_to_this_site() {
        assert!(local_path("/games/demo/S1901M"));
        assert!(!local_path("//evil.example/"));
        assert!(!local_path("/\\evil.example"));
        assert!(!local_path("https://evil.example/"));
        assert!(!local_path("/a\r\nSet-Cookie: x=y"));
    }
}
