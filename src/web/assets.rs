//! The site's two files: the style sheet and the script that shows each
//! time in the reader's own time zone (the pages have no inline script
//! or style, so that the Content-Security-Policy can forbid them).

use axum::http::header;
use axum::response::IntoResponse;

/// `/static/style.css`.
pub(super) async fn style() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("static/style.css"),
    )
}

/// `/static/local-time.js`.
pub(super) async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("static/local-time.js"),
    )
}
