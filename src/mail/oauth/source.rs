//! Where IMAP and SMTP get their access token: the token file (refreshed
//! before it ends, under the file's lock), a new client-credentials
//! token, or an outside program (`token_command`).

use super::OauthError;
use super::grant::App;
use super::tokenfile::{self, Tokens};
use crate::config::Flow;
use chrono::{DateTime, Utc};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::SystemTime;

/// An access token to log in with. `Debug` shows no token.
#[derive(Clone, PartialEq, Eq)]
pub struct AccessToken {
    /// The token itself, as sent to the server.
    pub secret: String,
    /// When it ends (`None`: unknown, e.g. from `token_command`).
    pub expires_at: Option<DateTime<Utc>>,
    /// When to stop using it and get a new one (some time before it ends):
    /// IMAP reconnects then, since a server may drop a session whose
    /// token has ended.
    pub renew_at: Option<DateTime<Utc>>,
}

impl std::fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccessToken")
            .field("expires_at", &self.expires_at)
            .field("renew_at", &self.renew_at)
            .finish_non_exhaustive()
    }
}

/// The longest time before the end of a token at which it is renewed
/// (less for tokens that live shorter: a fifth of their life).
const RENEW_BEFORE: chrono::Duration = chrono::Duration::minutes(5);

/// When a token should be renewed: some time before it ends.
pub(super) fn renew_at(t: &Tokens) -> Option<DateTime<Utc>> {
    let end = t.expires_at?;
    let life = t.obtained_at.map(|o| end - o).unwrap_or(RENEW_BEFORE * 5);
    Some(end - (life / 5).min(RENEW_BEFORE).max(chrono::Duration::zero()))
}

fn fresh(t: &Tokens, now: DateTime<Utc>) -> bool {
    !t.access_token.is_empty() && renew_at(t).is_none_or(|at| now < at)
}

enum Kind {
    File { path: PathBuf, app: App, flow: Flow },
    Command(Vec<String>),
}

/// The access tokens of one `[oauth]` configuration, shared by IMAP and
/// SMTP.
pub struct TokenSource {
    kind: Kind,
    cache: Mutex<Option<Tokens>>,
    /// Set by `invalid_grant`: the token file's time then. No refresh is
    /// tried again until the file changes (`dipspy oauth login`).
    dead: Mutex<Option<(String, Option<SystemTime>)>>,
}

impl std::fmt::Debug for TokenSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            Kind::File { path, flow, .. } => f
                .debug_struct("TokenSource")
                .field("file", path)
                .field("flow", flow)
                .finish_non_exhaustive(),
            Kind::Command(c) => f.debug_struct("TokenSource").field("command", c).finish(),
        }
    }
}

fn mtime(p: &PathBuf) -> Option<SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

impl TokenSource {
    /// Tokens kept in the token file at `path`, renewed through `app` and first got with `flow`.
    pub fn file(path: PathBuf, app: App, flow: Flow) -> TokenSource {
        TokenSource {
            kind: Kind::File { path, app, flow },
            cache: Mutex::new(None),
            dead: Mutex::new(None),
        }
    }

    /// Tokens printed by a program (`token_command`: the program and its arguments), run each time
    /// one is needed.
    pub fn command(cmd: Vec<String>) -> TokenSource {
        TokenSource {
            kind: Kind::Command(cmd),
            cache: Mutex::new(None),
            dead: Mutex::new(None),
        }
    }

    /// The token file, when the tokens are kept in one.
    pub fn path(&self) -> Option<&PathBuf> {
        match &self.kind {
            Kind::File { path, .. } => Some(path),
            Kind::Command(_) => None,
        }
    }

    /// A token good for a while yet: the one in hand, the token file's,
    /// or a new one.
    pub fn token(&self) -> Result<AccessToken, OauthError> {
        self.get(None, false)
    }

    /// A new token from the token endpoint now, whatever the one in hand
    /// (`dipspy check`: the refresh works).
    pub fn renew_now(&self) -> Result<AccessToken, OauthError> {
        self.get(None, true)
    }

    /// The tokens on file, as they are (`None`: no file, or a command).
    pub fn on_file(&self) -> Result<Option<Tokens>, OauthError> {
        match &self.kind {
            Kind::File { path, .. } => tokenfile::read(path),
            Kind::Command(_) => Ok(None),
        }
    }

    /// A new token after the server refused `rejected`: refreshed once
    /// (unless another process already did).
    pub fn after_rejection(&self, rejected: &AccessToken) -> Result<AccessToken, OauthError> {
        self.get(Some(&rejected.secret), false)
    }

    fn get(&self, rejected: Option<&str>, force: bool) -> Result<AccessToken, OauthError> {
        let (path, app, flow) = match &self.kind {
            Kind::Command(cmd) => return run_command(cmd),
            Kind::File { path, app, flow } => (path, app, *flow),
        };
        let now = Utc::now();
        {
            let dead = self.dead.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((why, at)) = &*dead
                && *at == mtime(path)
            {
                return Err(OauthError::LoginNeeded(why.clone()));
            }
        }
        if rejected.is_none()
            && !force
            && let Some(t) = self.cached()
            && fresh(&t, now)
        {
            return Ok(access(&t));
        }
        let _lock = tokenfile::lock(path)?;
        let on_file = tokenfile::read(path)?;
        if let Some(why) = on_file.as_ref().and_then(|t| t.login_ended.clone()) {
            return Err(OauthError::LoginNeeded(why));
        }
        if let Some(t) = &on_file
            && !force
            && fresh(t, now)
            && rejected != Some(t.access_token.as_str())
        {
            self.keep(t.clone());
            return Ok(access(t));
        }
        let got = match (flow, &on_file) {
            (Flow::ClientCredentials, _) => app.client_credentials(),
            (_, Some(t)) => match &t.refresh_token {
                Some(rt) => app.refresh(rt, t.refresh_since),
                None => Err(OauthError::LoginNeeded(format!(
                    "the token file {} has no refresh token",
                    path.display()
                ))),
            },
            (_, None) => Err(OauthError::LoginNeeded(format!(
                "there is no token file {}",
                path.display()
            ))),
        };
        let t = match got {
            Ok(t) => t,
            Err(OauthError::LoginNeeded(why)) => {
                // Remembered in the file too, for the next `serve --once`.
                if let Some(mut t) = on_file {
                    t.login_ended = Some(why.clone());
                    tokenfile::write(path, &t)?;
                }
                *self.dead.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some((why.clone(), mtime(path)));
                tracing::error!(error = %why, "the OAuth2 login has ended: run `dipspy oauth login`");
                return Err(OauthError::LoginNeeded(why));
            }
            Err(e) => return Err(e),
        };
        tokenfile::write(path, &t)?;
        tracing::info!(expires_at = ?t.expires_at, "OAuth2 access token renewed");
        self.keep(t.clone());
        Ok(access(&t))
    }

    fn cached(&self) -> Option<Tokens> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn keep(&self, t: Tokens) {
        *self.cache.lock().unwrap_or_else(|e| e.into_inner()) = Some(t);
    }
}

fn access(t: &Tokens) -> AccessToken {
    AccessToken {
        secret: t.access_token.clone(),
        expires_at: t.expires_at,
        renew_at: renew_at(t),
    }
}

/// Runs `token_command` and takes the first line it prints.
fn run_command(cmd: &[String]) -> Result<AccessToken, OauthError> {
    let (prog, args) = cmd
        .split_first()
        .ok_or_else(|| OauthError::Config("[oauth] token_command is empty".into()))?;
    let out = std::process::Command::new(prog)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| OauthError::Endpoint(format!("[oauth] token_command {prog}: {e}")))?;
    if !out.status.success() {
        return Err(OauthError::Endpoint(format!(
            "[oauth] token_command {prog} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let token = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    if token.is_empty() {
        return Err(OauthError::Endpoint(format!(
            "[oauth] token_command {prog} printed no token"
        )));
    }
    Ok(AccessToken {
        secret: token,
        expires_at: None,
        renew_at: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renewed_a_fifth_of_its_life_before_the_end_at_most_five_minutes() {
        let t0: DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
        let hour = Tokens {
            expires_at: Some(t0 + chrono::Duration::hours(1)),
            obtained_at: Some(t0),
            ..Tokens::default()
        };
        assert_eq!(renew_at(&hour), Some(t0 + chrono::Duration::minutes(55)));
        let short = Tokens {
            expires_at: Some(t0 + chrono::Duration::seconds(10)),
            obtained_at: Some(t0),
            ..Tokens::default()
        };
        assert_eq!(renew_at(&short), Some(t0 + chrono::Duration::seconds(8)));
    }
}
