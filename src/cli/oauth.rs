//! `dipspy oauth login|status|logout`: the judge's OAuth2 tokens for a
//! mailbox that takes no password (see docs/oauth2.md).

use crate::config::Config;
use crate::mail::oauth::{self, login, tokenfile};
use chrono::Utc;
use clap::Subcommand;
use std::path::Path;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum OauthCommand {
    /// Obtain the first tokens by [oauth] flow (a person logs in for the
    /// device and loopback flows) and keep them in the token file.
    Login,
    /// Say what the token file holds: when the access token ends, how
    /// old the refresh token is (never the tokens themselves).
    Status,
    /// Revoke the tokens where the provider allows it, and delete the
    /// token file.
    Logout,
}

pub(super) fn oauth(config: &Config, db: &Path, cmd: OauthCommand) -> ExitCode {
    if config.oauth.token_command.is_some() {
        errln!(
            "dipspy oauth: [oauth] token_command gives the tokens; log in with that program instead"
        );
        return ExitCode::from(1);
    }
    let file = config.oauth.token_path(db);
    let app = match oauth::app(&config.oauth) {
        Ok(a) => a,
        Err(e) => {
            errln!("dipspy oauth: {e}");
            return ExitCode::from(1);
        }
    };
    let r = match cmd {
        OauthCommand::Login => do_login(config, &app, &file),
        OauthCommand::Status => status(&file),
        OauthCommand::Logout => logout(&app, &file),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("dipspy oauth: {e}");
            ExitCode::from(1)
        }
    }
}

fn do_login(
    config: &Config,
    app: &oauth::grant::App,
    file: &Path,
) -> Result<(), oauth::OauthError> {
    let mut say = std::io::stdout();
    let person = login::Person {
        say: &mut say,
        paste: Box::new(std::io::BufReader::new(std::io::stdin())),
    };
    let t = login::login(app, config.oauth.flow, person)?;
    let _lock = tokenfile::lock(file)?;
    tokenfile::write(file, &t)?;
    outln!(
        "Logged in. The tokens are in {} (mode 0600){}.",
        file.display(),
        match t.expires_at {
            Some(e) => format!(
                "; the access token ends at {}",
                e.format("%Y-%m-%d %H:%M UTC")
            ),
            None => String::new(),
        }
    );
    Ok(())
}

fn status(file: &Path) -> Result<(), oauth::OauthError> {
    let Some(t) = tokenfile::read(file)? else {
        return Err(oauth::OauthError::LoginNeeded(format!(
            "there is no token file {}",
            file.display()
        )));
    };
    let now = Utc::now();
    outln!("token file: {}", file.display());
    if let Some(why) = &t.login_ended {
        outln!("login: ended ({why}); run `dipspy oauth login`");
    }
    match t.expires_at {
        Some(e) if e > now => outln!(
            "access token: ends at {} (in {} minutes)",
            e.format("%Y-%m-%d %H:%M UTC"),
            (e - now).num_minutes()
        ),
        Some(e) => outln!(
            "access token: ended at {} (renewed at the next use)",
            e.format("%Y-%m-%d %H:%M UTC")
        ),
        None => outln!("access token: its end is not known"),
    }
    match (&t.refresh_token, t.refresh_since) {
        (Some(_), Some(since)) => outln!(
            "refresh token: from a login on {} ({} days ago)",
            since.format("%Y-%m-%d"),
            (now - since).num_days()
        ),
        (Some(_), None) => outln!("refresh token: yes"),
        (None, _) => outln!("refresh token: none (client credentials need none)"),
    }
    Ok(())
}

fn logout(app: &oauth::grant::App, file: &Path) -> Result<(), oauth::OauthError> {
    let _lock = tokenfile::lock(file)?;
    let t = tokenfile::read(file)?;
    if let Some(t) = &t {
        match app.revoke(t) {
            Ok(true) => outln!("The provider revoked the tokens."),
            Ok(false) => outln!(
                "This provider has no revocation endpoint: withdraw the app's access in the mailbox's account settings to end the login there too."
            ),
            // The file goes all the same: the judge stops using it.
            Err(e) => errln!("dipspy oauth: {e}; the token file is deleted all the same"),
        }
    }
    drop(_lock);
    match tokenfile::remove(file)? {
        true => outln!("Deleted {}.", file.display()),
        false => outln!("There was no token file {}.", file.display()),
    }
    Ok(())
}
