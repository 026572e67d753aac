//! What every response carries and what every request may be: the
//! security headers (a Content-Security-Policy that allows no inline
//! script, no referrer, no guessing of types, no framing), a bound on a
//! request's body and on the time a request may take. The size of a
//! request's head and the time to send it are bounded where the
//! connections are read (`listen`).

use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use std::time::Duration;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// The Content-Security-Policy of every page: scripts and styles from
/// this site's files only (none inline), pictures inline or from the
/// site, nothing else.
pub(super) const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The largest request body taken (the public pages take none).
pub(super) const MAX_BODY: usize = 16 * 1024;

/// The longest a request may take before it is answered 408.
pub(super) const MAX_TIME: Duration = Duration::from_secs(10);

/// `router` with the headers and bounds of every response.
pub(super) fn guarded(router: Router) -> Router {
    let headers: [(HeaderName, &'static str); 5] = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ];
    let mut r =
        router
            .layer(RequestBodyLimitLayer::new(MAX_BODY))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                MAX_TIME,
            ));
    for (name, value) in headers {
        r = r.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    r
}
