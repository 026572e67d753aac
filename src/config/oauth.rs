//! `[oauth]`, `auth = "oauth2"` in `[imap]` and `[smtp]`, and `[alert]`:
//! logging in with an OAuth2 access token (XOAUTH2) instead of a
//! password, for mailboxes that take no password (Microsoft 365,
//! Outlook.com), and a second way to reach the game master.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// How the judge logs in to `[imap]` or `[smtp]`.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AuthMethod {
    /// The password (`password`, or its environment variable).
    #[default]
    Password,
    /// An OAuth2 access token from `[oauth]`, sent with SASL XOAUTH2.
    Oauth2,
}

/// Whose endpoints and scopes `[oauth]` uses.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// Microsoft 365 and Outlook.com (the Microsoft identity platform).
    #[default]
    Microsoft,
    /// Gmail and Google Workspace.
    Google,
    /// Any other: `auth_url`, `token_url` (and `device_url`, `revoke_url`)
    /// and `scopes` are given in `[oauth]`.
    Generic,
}

/// How the first token is obtained (`dipspy oauth login`).
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Flow {
    /// The app acts as itself with its secret (a Microsoft tenant's app
    /// given access to the mailbox): no person logs in, no refresh token.
    ClientCredentials,
    /// A person logs in on any other device with a code the judge prints.
    #[default]
    Device,
    /// A person logs in in a browser that comes back to 127.0.0.1 (PKCE);
    /// on a server the address the browser ends at is pasted instead.
    Loopback,
}

/// `[oauth]`.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OauthConfig {
    /// Who issues the tokens: `microsoft` (the default), `google` or `generic`.
    #[serde(default)]
    pub provider: Provider,
    /// How the judge gets its first token (default `device`).
    #[serde(default)]
    pub flow: Flow,
    /// Microsoft: the directory (tenant) id or domain; `consumers` for
    /// Outlook.com; default `organizations` (`common` is also taken).
    pub tenant: Option<String>,
    /// The application (client) id registered with the provider.
    pub client_id: Option<String>,
    /// The environment variable holding the client secret (default
    /// `DIPSPY_OAUTH_CLIENT_SECRET`); the secret is never in the file.
    pub client_secret_env: Option<String>,
    /// When the client secret expires (`2027-06-30`): `dipspy check`
    /// prints it and warns within 30 days.
    pub client_secret_expires: Option<String>,
    /// Generic provider (or to override a known one's).
    pub auth_url: Option<String>,
    /// Generic provider: the token endpoint's URL (or a known provider's, overridden).
    pub token_url: Option<String>,
    /// Generic provider: the device-authorisation endpoint's URL.
    pub device_url: Option<String>,
    /// Generic provider: the endpoint's URL that revokes a token.
    pub revoke_url: Option<String>,
    /// The scopes asked for, over the provider's own (a generic provider has none of its own).
    pub scopes: Option<Vec<String>>,
    /// Where the tokens are kept (mode 0600); default: the database's
    /// path with `.oauth-token` added.
    pub token_file: Option<PathBuf>,
    /// Instead of the token file: a program (and its arguments) that
    /// prints a current access token on its standard output.
    pub token_command: Option<Vec<String>>,
    /// The longest wait for the token endpoint, in seconds (default 30).
    pub timeout_seconds: Option<u64>,
}

/// The environment variable with the client secret when
/// `client_secret_env` does not name another.
pub(super) const ENV_OAUTH_CLIENT_SECRET: &str = "DIPSPY_OAUTH_CLIENT_SECRET";

impl OauthConfig {
    /// The client secret, from its environment variable.
    pub fn client_secret(&self) -> Option<String> {
        let var = self
            .client_secret_env
            .as_deref()
            .unwrap_or(ENV_OAUTH_CLIENT_SECRET);
        std::env::var(var).ok().filter(|s| !s.is_empty())
    }

    /// The token file: `token_file`, else beside the database `db`.
    pub fn token_path(&self, db: &Path) -> PathBuf {
        self.token_file.clone().unwrap_or_else(|| {
            let mut p = db.as_os_str().to_owned();
            p.push(".oauth-token");
            PathBuf::from(p)
        })
    }
}

/// `[alert]`: how the game master is told that the judge is failing
/// when the judge's own mailbox may be what fails.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AlertConfig {
    /// A program given the alert as a whole message on its standard input
    /// (`["/usr/sbin/sendmail", "-t"]`).
    pub command: Option<Vec<String>>,
    /// Or a second SMTP account used only for alerts.
    pub smtp: Option<super::SmtpConfig>,
}
