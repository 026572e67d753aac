//! Logging in to IMAP: LOGIN with the password, or AUTHENTICATE XOAUTH2
//! with an OAuth2 access token. A refused token is renewed once and tried
//! once more; a login that has ended for good (`invalid_grant`) is not
//! retried and says to run `dipspy oauth login`.

use super::MailError;
use super::imap::Io;
use super::oauth::xoauth2::ImapXoauth2;
use super::oauth::{AccessToken, OauthError, TokenSource};
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Duration;

type Client = async_imap::Client<Box<dyn Io>>;
type Session = async_imap::Session<Box<dyn Io>>;

/// How the judge logs in to IMAP. `Debug` shows no password.
#[derive(Clone)]
pub(crate) enum ImapLogin {
    Password(String),
    Oauth2(Arc<TokenSource>),
}

impl std::fmt::Debug for ImapLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImapLogin::Password(_) => f.write_str("Password(…)"),
            ImapLogin::Oauth2(s) => f.debug_tuple("Oauth2").field(s).finish(),
        }
    }
}

/// The token from `src`, off the async threads (the token endpoint is
/// called with a blocking client).
async fn token(
    src: &Arc<TokenSource>,
    rejected: Option<AccessToken>,
) -> Result<AccessToken, MailError> {
    let src = src.clone();
    tokio::task::spawn_blocking(move || match rejected {
        None => src.token(),
        Some(r) => src.after_rejection(&r),
    })
    .await
    .map_err(|e| MailError::Oauth(OauthError::Endpoint(e.to_string())))?
    .map_err(MailError::Oauth)
}

/// One AUTHENTICATE XOAUTH2; on a refusal, the client back and what
/// the server said.
async fn xoauth2(
    client: Client,
    user: &str,
    tok: &AccessToken,
    limit: Duration,
) -> Result<Session, (String, Option<Client>)> {
    let mut auth = ImapXoauth2::new(user, &tok.secret);
    let r = tokio::time::timeout(limit, client.authenticate("XOAUTH2", &mut auth)).await;
    match r {
        Err(_) => Err((
            format!("no answer within {} seconds", limit.as_secs()),
            None,
        )),
        Ok(Ok(s)) => Ok(s),
        Ok(Err((e, c))) => {
            let why = match &auth.refusal {
                Some(json) => format!("{e} ({json})"),
                None => e.to_string(),
            };
            let refused = matches!(e, async_imap::error::Error::No(_));
            Err((why, refused.then_some(c)))
        }
    }
}

/// Logs in on a greeted connection. Returns the session and, with
/// OAuth2, when to reconnect with a new token.
pub(crate) async fn log_in(
    client: Client,
    user: &str,
    login: &ImapLogin,
    limit: Duration,
) -> Result<(Session, Option<DateTime<Utc>>), MailError> {
    let src = match login {
        ImapLogin::Password(pw) => {
            let s = tokio::time::timeout(limit, client.login(user, pw))
                .await
                .map_err(|_| {
                    MailError::Imap(format!(
                        "login as {user}: no answer within {} seconds",
                        limit.as_secs()
                    ))
                })?
                .map_err(|(e, _)| MailError::Imap(format!("login as {user}: {e}")))?;
            return Ok((s, None));
        }
        ImapLogin::Oauth2(src) => src,
    };
    let tok = token(src, None).await?;
    let (why, client) = match xoauth2(client, user, &tok, limit).await {
        Ok(s) => return Ok((s, tok.renew_at)),
        Err(e) => e,
    };
    let Some(client) = client else {
        return Err(MailError::Imap(format!("XOAUTH2 login as {user}: {why}")));
    };
    tracing::warn!(user, error = %why, "the IMAP server refused the OAuth2 token; renewing it once");
    let tok = token(src, Some(tok)).await?;
    match xoauth2(client, user, &tok, limit).await {
        Ok(s) => Ok((s, tok.renew_at)),
        Err((why, _)) => Err(MailError::Imap(format!(
            "XOAUTH2 login as {user}: the server refused the OAuth2 token, also a renewed one: {why}"
        ))),
    }
}
