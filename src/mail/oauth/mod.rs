//! OAuth2 for the judge's mailbox: the token file, the provider's token
//! endpoint, and SASL XOAUTH2 for IMAP and SMTP (see docs/oauth2.md).

mod endpoints;
pub(crate) mod grant;
mod http;
pub(crate) mod login;
mod source;
pub(crate) mod tokenfile;
pub(crate) mod xoauth2;

pub(crate) use source::AccessToken;
pub use source::TokenSource;

use crate::config::OauthConfig;
use crate::config::{AuthMethod, Config};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// What an error that needs a person says to do (the master is told at
/// once when a pass fails with it).
pub(crate) const LOGIN_HINT: &str = "run `dipspy oauth login`";

/// Why an OAuth2 access token could not be had.
#[derive(Debug, thiserror::Error)]
pub enum OauthError {
    /// The refresh token no longer works (or there is none): a person must
    /// log in again. Never retried by itself.
    #[error("OAuth2: {0}; run `dipspy oauth login`")]
    LoginNeeded(String),
    /// The token endpoint could not be reached or answered oddly: tried
    /// again at the next pass.
    #[error("OAuth2: {0}")]
    Endpoint(String),
    /// The token file could not be read, written or trusted (its mode, its owner); what is wrong.
    #[error("OAuth2 token file: {0}")]
    File(String),
    /// The `[oauth]` settings cannot be used, or the provider refused them (a bad client or scope);
    /// what is wrong.
    #[error("configuration: {0}")]
    Config(String),
}

impl OauthError {
    pub(crate) fn file(p: &Path, e: std::io::Error) -> OauthError {
        OauthError::File(format!("{}: {e}", p.display()))
    }
}

/// The default wait for the token endpoint.
pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// The app `[oauth]` describes.
pub(crate) fn app(c: &OauthConfig) -> Result<grant::App, OauthError> {
    let client_id = c
        .client_id
        .clone()
        .ok_or_else(|| OauthError::Config("[oauth] client_id is not set".into()))?;
    Ok(grant::App {
        endpoints: endpoints::Endpoints::from_config(c)?,
        client_id,
        client_secret: c.client_secret(),
        timeout: c
            .timeout_seconds
            .map(|s| Duration::from_secs(s.max(1)))
            .unwrap_or(DEFAULT_TIMEOUT),
    })
}

/// The token source for `cfg`, with the token file beside the database
/// `db` unless `[oauth] token_file` says otherwise; `None` when neither
/// `[imap]` nor `[smtp]` logs in with OAuth2.
pub(crate) fn source_for(cfg: &Config, db: &Path) -> Result<Option<Arc<TokenSource>>, OauthError> {
    if cfg.imap.auth != AuthMethod::Oauth2 && cfg.smtp.auth != AuthMethod::Oauth2 {
        return Ok(None);
    }
    source(&cfg.oauth, db).map(|s| Some(Arc::new(s)))
}

/// The token source `[oauth]` describes.
pub(crate) fn source(c: &OauthConfig, db: &Path) -> Result<TokenSource, OauthError> {
    if let Some(cmd) = &c.token_command {
        return Ok(TokenSource::command(cmd.clone()));
    }
    Ok(TokenSource::file(c.token_path(db), app(c)?, c.flow))
}
