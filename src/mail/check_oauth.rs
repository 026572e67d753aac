//! `dipspy check` for `[oauth]`: the token file's owner and mode, a real
//! refresh at the token endpoint, and the deadlines known (when the
//! access token ends, how old the refresh token is, when the client
//! secret ends). XOAUTH2 itself is tried by the IMAP and SMTP checks.

use super::check::Report;
use super::oauth::{self, TokenSource, tokenfile};
use crate::config::{AuthMethod, Config};
use crate::config::{Flow, Provider};
use chrono::{NaiveDate, Utc};
use std::path::Path;
use std::sync::Arc;

/// Days before the client secret ends from which `check` fails.
const SECRET_WARN_DAYS: i64 = 30;

/// Checks `[oauth]` when IMAP or SMTP uses it; the token source for the
/// IMAP and SMTP checks. `Err`: nothing more can be checked.
pub(super) fn check(
    r: &mut Report,
    cfg: &Config,
    db: &Path,
) -> Result<Option<Arc<TokenSource>>, ()> {
    if cfg.imap.auth != AuthMethod::Oauth2 && cfg.smtp.auth != AuthMethod::Oauth2 {
        return Ok(None);
    }
    let src = match oauth::source(&cfg.oauth, db) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            r.bad("[oauth] settings", e.to_string());
            return Err(());
        }
    };
    if let Some(path) = src.path() {
        match path.exists() {
            false if cfg.oauth.flow != Flow::ClientCredentials => {
                r.bad(
                    format!("OAuth2 token file {}", path.display()),
                    "there is none: run `dipspy oauth login`",
                );
                return Err(());
            }
            false => {}
            true => match tokenfile::unsafe_mode(path) {
                Ok(None) => r.ok(format!(
                    "OAuth2 token file {}: owned by the judge's user, mode 0600",
                    path.display()
                )),
                Ok(Some(why)) => {
                    r.bad(format!("OAuth2 token file {}", path.display()), why);
                    return Err(());
                }
                Err(e) => {
                    r.bad(
                        format!("OAuth2 token file {}", path.display()),
                        e.to_string(),
                    );
                    return Err(());
                }
            },
        }
    }
    match src.renew_now() {
        Ok(t) => r.ok(match t.expires_at {
            Some(end) => format!(
                "OAuth2: a new access token from the provider, good until {}",
                end.format("%Y-%m-%d %H:%M UTC")
            ),
            None => "OAuth2: a new access token".to_string(),
        }),
        Err(e) => {
            r.bad("OAuth2: a new access token", e.to_string());
            return Err(());
        }
    }
    deadlines(r, cfg, &src);
    Ok(Some(src))
}

/// What ends when, as far as it is known.
fn deadlines(r: &mut Report, cfg: &Config, src: &TokenSource) {
    let now = Utc::now();
    if let Ok(Some(t)) = src.on_file()
        && let Some(since) = t.refresh_since
    {
        let days = (now - since).num_days();
        let rule = match cfg.oauth.provider {
            Provider::Microsoft => {
                "Microsoft ends it after 90 days unused, and at once when the password changes or consent is withdrawn"
            }
            Provider::Google => {
                "Google ends it after 7 days while the app's consent screen is in testing, and after 6 months unused"
            }
            Provider::Generic => "the provider may end it",
        };
        r.ok(format!(
            "OAuth2 refresh token: from a login on {} ({days} days ago); {rule}",
            since.format("%Y-%m-%d")
        ));
    }
    if let Some(d) = &cfg.oauth.client_secret_expires {
        match NaiveDate::parse_from_str(d, "%Y-%m-%d") {
            Err(_) => r.bad(
                "[oauth] client_secret_expires",
                format!("`{d}` is not a date like 2027-06-30"),
            ),
            Ok(end) => {
                let left = (end - now.date_naive()).num_days();
                let what = format!("OAuth2 client secret: ends on {end} ({left} days)");
                if left <= SECRET_WARN_DAYS {
                    r.bad(
                        what,
                        "make a new secret in the app's registration, put it in the environment and in [oauth] client_secret_expires",
                    );
                } else {
                    r.ok(what);
                }
            }
        }
    }
}
