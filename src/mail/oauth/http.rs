//! The HTTP calls of the OAuth2 flows, over ureq. The token endpoint
//! answers its refusals (`invalid_grant`, and the device flow's
//! `authorization_pending`) with status 400 and a JSON body, which ureq
//! reports as an error; here such an answer is handed back as the
//! response it is, for the `oauth2` crate to read.

use oauth2::http;
use std::io::Read;

/// The longest answer read from a token endpoint.
const MAX_BODY: u64 = 1024 * 1024;

/// Why an HTTP call of an OAuth2 flow failed.
#[derive(Debug, thiserror::Error)]
pub(super) enum HttpError {
    /// The request could not be made or got no usable answer; what happened.
    #[error("{0}")]
    Transport(String),
    /// Reading the answer's body failed.
    #[error("reading the answer: {0}")]
    Read(#[from] std::io::Error),
    /// The answer could not be turned into an HTTP response.
    #[error("{0}")]
    Http(#[from] http::Error),
}

/// One request with `agent` (no redirects, its timeout).
pub(super) fn call(
    agent: &ureq::Agent,
    request: oauth2::HttpRequest,
) -> Result<oauth2::HttpResponse, HttpError> {
    let uri = request.uri().to_string();
    let mut req = if request.method() == http::Method::POST {
        agent.post(&uri)
    } else {
        agent.get(&uri)
    };
    for (name, value) in request.headers() {
        let v = value
            .to_str()
            .map_err(|_| HttpError::Transport(format!("the header {name} is not text")))?;
        req = req.set(name.as_str(), v);
    }
    let sent = if request.method() == http::Method::POST {
        req.send_bytes(request.body())
    } else {
        req.call()
    };
    let response = match sent {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => return Err(HttpError::Transport(format!("{uri}: {e}"))),
    };
    let mut b = http::Response::builder().status(response.status());
    if let Some(ct) = response.header("content-type") {
        b = b.header(http::header::CONTENT_TYPE, ct);
    }
    let mut body = Vec::new();
    response
        .into_reader()
        .take(MAX_BODY)
        .read_to_end(&mut body)?;
    Ok(b.body(body)?)
}
