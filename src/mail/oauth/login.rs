//! `dipspy oauth login`: the first token, by the configured flow. The
//! device flow prints an address and a code for a person to enter on any
//! device; the loopback flow prints an address to open in a browser,
//! which comes back to this machine on 127.0.0.1 (or the address the
//! browser ended at is pasted, on a server with no browser); the
//! client-credentials flow needs no person.

use super::OauthError;
use super::grant::{App, chain, token_error, tokens};
use super::tokenfile::Tokens;
use crate::config::Flow;
use chrono::Utc;
use oauth2::{
    AuthorizationCode, CsrfToken, PkceCodeChallenge, RedirectUrl,
    StandardDeviceAuthorizationResponse,
};
use std::io::{BufRead, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::Duration;

/// What the person is told, and where their pasted answer comes from.
pub(crate) struct Person<'a> {
    /// Where the instructions for the person are written (the terminal).
    pub say: &'a mut dyn Write,
    /// Where the address a browser ended at is read from when the person pastes it.
    pub paste: Box<dyn BufRead + Send>,
}

/// The longest a person has to finish logging in.
const LOGIN_TIME: Duration = Duration::from_secs(15 * 60);

/// Obtains the first tokens by `flow`.
pub(crate) fn login(app: &App, flow: Flow, person: Person) -> Result<Tokens, OauthError> {
    match flow {
        Flow::ClientCredentials => app.client_credentials(),
        Flow::Device => device(app, person.say),
        Flow::Loopback => loopback(app, person),
    }
}

fn device(app: &App, say: &mut dyn Write) -> Result<Tokens, OauthError> {
    if app.endpoints.device_url.is_none() {
        return Err(OauthError::Config(
            "the device flow needs [oauth] device_url".into(),
        ));
    }
    let c = app.client()?;
    let agent = app.agent();
    let details: StandardDeviceAuthorizationResponse = c
        .exchange_device_code()
        .map_err(|e| OauthError::Config(format!("[oauth] device_url: {e}")))?
        .add_scopes(app.scopes())
        .request(&agent)
        .map_err(token_error)?;
    let _ = writeln!(
        say,
        "On any device, open {} and enter the code {}",
        details.verification_uri().as_str(),
        details.user_code().secret()
    );
    let _ = say.flush();
    let r = c
        .exchange_device_access_token(&details)
        .map_err(|e| OauthError::Config(format!("[oauth] token_url: {e}")))?
        .request(&agent, std::thread::sleep, Some(LOGIN_TIME))
        .map_err(|e| match e {
            oauth2::RequestTokenError::ServerResponse(r) => OauthError::Endpoint(format!(
                "the login did not finish: {}{}",
                r.error(),
                r.error_description()
                    .map(|d| format!(": {d}"))
                    .unwrap_or_default()
            )),
            other => OauthError::Endpoint(format!("the token endpoint: {}", chain(&other))),
        })?;
    Ok(tokens(&r, Utc::now()))
}

/// The code and state in an address the browser came back to.
fn code_in(address: &str) -> Option<(String, String)> {
    let query = address.split_once('?')?.1;
    let query = query.split('#').next().unwrap_or(query);
    let (mut code, mut state) = (None, None);
    for pair in query.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let v = percent_decode(v);
        match k {
            "code" => code = Some(v),
            "state" => state = Some(v),
            _ => {}
        }
    }
    Some((code?, state?))
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        match b[i] {
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Waits for the browser's request on `listener` and answers it.
fn browser_comes_back(listener: TcpListener, tx: mpsc::Sender<String>) {
    for s in listener.incoming() {
        let Ok(mut s) = s else { continue };
        let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
        let mut line = String::new();
        if std::io::BufReader::new(&s).read_line(&mut line).is_err() {
            continue;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
        let body = "dipspy has the login; you can close this page.";
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        if code_in(&path).is_some() && tx.send(path).is_ok() {
            return;
        }
    }
}

fn loopback(app: &App, person: Person) -> Result<Tokens, OauthError> {
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| OauthError::Endpoint(format!("listening on 127.0.0.1: {e}")))?;
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
    let redirect = format!("http://127.0.0.1:{port}/");
    let c = app.client()?.set_redirect_uri(
        RedirectUrl::new(redirect.clone())
            .map_err(|e| OauthError::Config(format!("redirect address: {e}")))?,
    );
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, csrf) = c
        .authorize_url(CsrfToken::new_random)
        .map_err(|e| OauthError::Config(format!("the loopback flow needs [oauth] auth_url: {e}")))?
        .add_scopes(app.scopes())
        .set_pkce_challenge(challenge)
        .url();
    let Person { say, paste } = person;
    let _ = writeln!(
        say,
        "Open this address in a browser and log in as the judge's mailbox:\n\n{url}\n\n\
         The browser then comes back to {redirect}. On a machine without a browser, log in \
         elsewhere and paste here the whole address the browser ended at (it will not load)."
    );
    let _ = say.flush();
    let (tx, rx) = mpsc::channel();
    let tx2 = tx.clone();
    std::thread::spawn(move || browser_comes_back(listener, tx2));
    std::thread::spawn(move || {
        for line in paste.lines().map_while(Result::ok) {
            if code_in(line.trim()).is_some() && tx.send(line.trim().to_string()).is_err() {
                return;
            }
        }
    });
    let got = rx
        .recv_timeout(LOGIN_TIME)
        .map_err(|_| OauthError::Endpoint("no login within 15 minutes".into()))?;
    let (code, state) = code_in(&got)
        .ok_or_else(|| OauthError::Endpoint("the address has no code and state".into()))?;
    if state != *csrf.secret() {
        return Err(OauthError::Endpoint(
            "the address's state is not this login's: start again".into(),
        ));
    }
    let r = c
        .exchange_code(AuthorizationCode::new(code))
        .map_err(|e| OauthError::Config(format!("[oauth] token_url: {e}")))?
        .set_pkce_verifier(verifier)
        .request(&app.agent())
        .map_err(token_error)?;
    Ok(tokens(&r, Utc::now()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_and_state_are_read_from_the_pasted_address() {
        assert_eq!(
            code_in("http://127.0.0.1:4242/?code=a%2Fb+c&state=xyz&session_state=1"),
            Some(("a/b c".to_string(), "xyz".to_string()))
        );
        assert_eq!(code_in("http://127.0.0.1:4242/?error=access_denied"), None);
    }
}
