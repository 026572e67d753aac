//! The calls to the provider's token endpoint (with the `oauth2` crate
//! over ureq, TLS by rustls): refresh, client credentials, the device
//! flow, the authorization code with PKCE, and revocation.

use super::OauthError;
use super::endpoints::Endpoints;
use super::tokenfile::Tokens;
use chrono::{DateTime, Utc};
use oauth2::basic::{BasicClient, BasicErrorResponseType, BasicTokenResponse};
use oauth2::{
    AuthUrl, ClientId, ClientSecret, DeviceAuthorizationUrl, EndpointMaybeSet, EndpointNotSet,
    RefreshToken, RequestTokenError, RevocationUrl, Scope, TokenResponse, TokenUrl,
};
use std::time::Duration;

type Client = BasicClient<
    EndpointMaybeSet,
    EndpointMaybeSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// The app's identity at the provider and where to reach it.
#[derive(Clone)]
pub struct App {
    /// Where the provider's endpoints are, and the scopes asked for.
    pub endpoints: Endpoints,
    /// The application (client) id registered with the provider.
    pub client_id: String,
    /// The client secret, read from its environment variable; none for a public client.
    pub client_secret: Option<String>,
    /// The longest wait for each call to the provider.
    pub timeout: Duration,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("endpoints", &self.endpoints)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

fn url_err(what: &str, e: impl std::fmt::Display) -> OauthError {
    OauthError::Config(format!("[oauth] {what}: {e}"))
}

impl App {
    pub(super) fn client(&self) -> Result<Client, OauthError> {
        let auth = self
            .endpoints
            .auth_url
            .clone()
            .map(AuthUrl::new)
            .transpose()
            .map_err(|e| url_err("auth_url", e))?;
        let device = self
            .endpoints
            .device_url
            .clone()
            .map(DeviceAuthorizationUrl::new)
            .transpose()
            .map_err(|e| url_err("device_url", e))?;
        let revoke = self
            .endpoints
            .revoke_url
            .clone()
            .map(RevocationUrl::new)
            .transpose()
            .map_err(|e| url_err("revoke_url", e))?;
        let token =
            TokenUrl::new(self.endpoints.token_url.clone()).map_err(|e| url_err("token_url", e))?;
        let mut c = BasicClient::new(ClientId::new(self.client_id.clone()))
            .set_auth_uri_option(auth)
            .set_device_authorization_url_option(device)
            .set_revocation_url_option(revoke)
            .set_token_uri_option(Some(token));
        if let Some(s) = &self.client_secret {
            c = c.set_client_secret(ClientSecret::new(s.clone()));
        }
        Ok(c)
    }

    /// The HTTP client: no redirects (a token endpoint that redirects
    /// could hand the secret on), every call within the timeout.
    pub(super) fn agent(
        &self,
    ) -> impl Fn(oauth2::HttpRequest) -> Result<oauth2::HttpResponse, super::http::HttpError> + use<>
    {
        let agent = ureq::AgentBuilder::new()
            .redirects(0)
            .timeout(self.timeout)
            .build();
        move |r| super::http::call(&agent, r)
    }

    pub(super) fn scopes(&self) -> Vec<Scope> {
        self.endpoints
            .scopes
            .iter()
            .map(|s| Scope::new(s.clone()))
            .collect()
    }

    /// A new access token for the refresh token `rt`. The answer's
    /// refresh token replaces `rt` when it has one (providers that
    /// rotate them), else `rt` is kept.
    pub fn refresh(&self, rt: &str, since: Option<DateTime<Utc>>) -> Result<Tokens, OauthError> {
        let c = self.client()?;
        let r = c
            .exchange_refresh_token(&RefreshToken::new(rt.to_string()))
            .map_err(|e| url_err("token_url", e))?
            .add_scopes(self.scopes())
            .request(&self.agent())
            .map_err(token_error)?;
        let mut t = tokens(&r, Utc::now());
        if t.refresh_token.is_none() {
            t.refresh_token = Some(rt.to_string());
        }
        t.refresh_since = since.or(t.obtained_at);
        Ok(t)
    }

    /// An access token for the app itself (client credentials).
    pub fn client_credentials(&self) -> Result<Tokens, OauthError> {
        if self.client_secret.is_none() {
            return Err(OauthError::Config(
                "the client-credentials flow needs the client secret in DIPSPY_OAUTH_CLIENT_SECRET (or the variable [oauth] client_secret_env names)".into(),
            ));
        }
        let c = self.client()?;
        let r = c
            .exchange_client_credentials()
            .map_err(|e| url_err("token_url", e))?
            .add_scopes(self.scopes())
            .request(&self.agent())
            .map_err(token_error)?;
        Ok(tokens(&r, Utc::now()))
    }

    /// Revokes the refresh token (or the access token) where the provider
    /// has a revocation endpoint; `Ok(false)`: it has none.
    pub fn revoke(&self, t: &Tokens) -> Result<bool, OauthError> {
        if self.endpoints.revoke_url.is_none() {
            return Ok(false);
        }
        // By hand (RFC 7009): the `oauth2` crate refuses a revocation
        // address that is not https, as on loopback in the tests.
        let (token, hint) = match &t.refresh_token {
            Some(r) => (r.as_str(), "refresh_token"),
            None => (t.access_token.as_str(), "access_token"),
        };
        let mut form = format!(
            "token={}&token_type_hint={hint}&client_id={}",
            form_escape(token),
            form_escape(&self.client_id)
        );
        if let Some(s) = &self.client_secret {
            form.push_str(&format!("&client_secret={}", form_escape(s)));
        }
        let url = self.endpoints.revoke_url.clone().unwrap_or_default();
        let req = oauth2::http::Request::post(url)
            .header(
                oauth2::http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(form.into_bytes())
            .map_err(|e| url_err("revoke_url", e))?;
        let r = (self.agent())(req)
            .map_err(|e| OauthError::Endpoint(format!("revoking the token: {e}")))?;
        if !r.status().is_success() {
            return Err(OauthError::Endpoint(format!(
                "revoking the token: the provider answered {}: {}",
                r.status(),
                String::from_utf8_lossy(r.body())
                    .chars()
                    .take(200)
                    .collect::<String>()
            )));
        }
        Ok(true)
    }
}

/// A form value, percent-encoded.
fn form_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The tokens of a token endpoint's answer received at `now`.
pub(super) fn tokens(r: &BasicTokenResponse, now: DateTime<Utc>) -> Tokens {
    Tokens {
        access_token: r.access_token().secret().clone(),
        expires_at: r
            .expires_in()
            .and_then(|d| chrono::Duration::from_std(d).ok())
            .map(|d| now + d),
        refresh_token: r.refresh_token().map(|t| t.secret().clone()),
        refresh_since: r.refresh_token().map(|_| now),
        obtained_at: Some(now),
        login_ended: None,
    }
}

/// A token endpoint's refusal: `invalid_grant` (the refresh token is
/// revoked or expired, the password changed, consent withdrawn) needs a
/// person to log in again; anything else may pass.
pub(super) fn token_error<E: std::error::Error + 'static>(
    e: RequestTokenError<E, oauth2::StandardErrorResponse<BasicErrorResponseType>>,
) -> OauthError {
    match &e {
        RequestTokenError::ServerResponse(r) => {
            let what = match r.error_description() {
                Some(d) => format!("{}: {d}", r.error()),
                None => r.error().to_string(),
            };
            match r.error() {
                BasicErrorResponseType::InvalidGrant => OauthError::LoginNeeded(what),
                BasicErrorResponseType::InvalidClient
                | BasicErrorResponseType::UnauthorizedClient
                | BasicErrorResponseType::InvalidScope => OauthError::Config(format!(
                    "the token endpoint refused the app: {what}: check [oauth] client_id, tenant, scopes and the secret"
                )),
                _ => OauthError::Endpoint(what),
            }
        }
        other => OauthError::Endpoint(format!("the token endpoint: {}", chain(other))),
    }
}

/// An error and its causes, on one line.
pub(super) fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cur = c.source();
    }
    s
}
