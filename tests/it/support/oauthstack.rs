//! A small OAuth2 provider on loopback for the XOAUTH2 tests: a token
//! endpoint (refresh-token, client-credentials and device-code grants,
//! refresh tokens rotated at each use, `invalid_grant` once revoked), a
//! device-authorization endpoint, a revocation endpoint (RFC 7009), and
//! the token-introspection endpoint (RFC 7662) that Dovecot's `oauth2`
//! passdb asks about each token the judge presents.

#![allow(dead_code)]

use super::mailstack::{JUDGE, MailStack};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) const CLIENT_ID: &str = "dipspy-test";
/// The authorization code the loopback flow's "browser" brings back.
pub(crate) const LOOPBACK_CODE: &str = "code-from-the-browser";
/// The master password in [`oauth_config`].
pub(crate) const MASTER_PW: &str = "master";

#[derive(Default)]
struct State {
    user: String,
    /// access token -> when it ends
    access: HashMap<String, Instant>,
    /// refresh tokens that still work
    refresh: Vec<String>,
    lifetime: u64,
    next: u64,
    /// Calls of the token endpoint, by grant type.
    grants: Vec<String>,
    /// Tokens revoked through the revocation endpoint.
    revoked: Vec<String>,
    /// Device codes, and whether the person has approved yet (approved
    /// at the second poll).
    polls: HashMap<String, u32>,
}

impl State {
    fn mint(&mut self, with_refresh: bool) -> String {
        self.next += 1;
        let access = format!("at-{}", self.next);
        self.access.insert(
            access.clone(),
            Instant::now() + Duration::from_secs(self.lifetime),
        );
        let mut body = format!(
            r#"{{"access_token":"{access}","token_type":"Bearer","expires_in":{}"#,
            self.lifetime
        );
        if with_refresh {
            let rt = format!("rt-{}", self.next);
            self.refresh.push(rt.clone());
            body.push_str(&format!(r#","refresh_token":"{rt}""#));
        }
        body.push('}');
        body
    }
}

pub(crate) struct Provider {
    pub(crate) port: u16,
    state: Arc<Mutex<State>>,
}

fn form(body: &str) -> HashMap<String, String> {
    body.split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| {
            let v = v.replace('+', " ");
            let mut out = Vec::new();
            let b = v.as_bytes();
            let mut i = 0;
            while i < b.len() {
                if b[i] == b'%'
                    && i + 2 < b.len()
                    && let Ok(x) = u8::from_str_radix(&v[i + 1..i + 3], 16)
                {
                    out.push(x);
                    i += 3;
                    continue;
                }
                out.push(b[i]);
                i += 1;
            }
            (k.to_string(), String::from_utf8_lossy(&out).into_owned())
        })
        .collect()
}

fn answer(s: &mut TcpStream, status: &str, body: &str) {
    let _ = write!(
        s,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

fn handle(mut s: TcpStream, state: &Mutex<State>) {
    let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut line = String::new();
    if r.read_line(&mut line).is_err() {
        return;
    }
    let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut len = 0usize;
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).is_err() || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            len = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; len];
    if r.read_exact(&mut body).is_err() {
        return;
    }
    let f = form(&String::from_utf8_lossy(&body));
    let mut st = state.lock().unwrap();
    let get = |k: &str| f.get(k).cloned().unwrap_or_default();
    match path.as_str() {
        "/introspect" => {
            let t = get("token");
            let active = st.access.get(&t).is_some_and(|end| Instant::now() < *end);
            let body = if active {
                format!(r#"{{"active":true,"username":"{}"}}"#, st.user)
            } else {
                r#"{"active":false}"#.to_string()
            };
            answer(&mut s, "200 OK", &body);
        }
        "/device" => {
            st.next += 1;
            let code = format!("dc-{}", st.next);
            st.polls.insert(code.clone(), 0);
            answer(
                &mut s,
                "200 OK",
                &format!(
                    r#"{{"device_code":"{code}","user_code":"WDJB-MJHT","verification_uri":"http://127.0.0.1/device","expires_in":600,"interval":1}}"#
                ),
            );
        }
        "/revoke" => {
            let t = get("token");
            st.refresh.retain(|r| *r != t);
            st.access.remove(&t);
            st.revoked.push(t);
            answer(&mut s, "200 OK", "{}");
        }
        "/token" => {
            let grant = get("grant_type");
            st.grants.push(grant.clone());
            let invalid =
                r#"{"error":"invalid_grant","error_description":"the refresh token was revoked"}"#;
            match grant.as_str() {
                "refresh_token" => {
                    let rt = get("refresh_token");
                    if !st.refresh.contains(&rt) {
                        return answer(&mut s, "400 Bad Request", invalid);
                    }
                    // Rotated: the old refresh token works no more.
                    st.refresh.retain(|r| *r != rt);
                    let body = st.mint(true);
                    answer(&mut s, "200 OK", &body);
                }
                // The loopback flow: the code the browser brought back,
                // with the PKCE verifier and the redirect address.
                "authorization_code" => {
                    let verifier = get("code_verifier");
                    if get("code") != LOOPBACK_CODE
                        || verifier.len() < 43
                        || !get("redirect_uri").starts_with("http://127.0.0.1:")
                    {
                        return answer(&mut s, "400 Bad Request", invalid);
                    }
                    let body = st.mint(true);
                    answer(&mut s, "200 OK", &body);
                }
                "client_credentials" => {
                    let body = st.mint(false);
                    answer(&mut s, "200 OK", &body);
                }
                "urn:ietf:params:oauth:grant-type:device_code" => {
                    let code = get("device_code");
                    let Some(n) = st.polls.get_mut(&code) else {
                        return answer(&mut s, "400 Bad Request", invalid);
                    };
                    *n += 1;
                    if *n < 2 {
                        return answer(
                            &mut s,
                            "400 Bad Request",
                            r#"{"error":"authorization_pending"}"#,
                        );
                    }
                    st.polls.remove(&code);
                    let body = st.mint(true);
                    answer(&mut s, "200 OK", &body);
                }
                _ => answer(
                    &mut s,
                    "400 Bad Request",
                    r#"{"error":"unsupported_grant_type"}"#,
                ),
            }
        }
        _ => answer(&mut s, "404 Not Found", "{}"),
    }
}

impl Provider {
    /// Starts the provider for the mailbox `user`; access tokens live
    /// `lifetime` seconds.
    pub(crate) fn start(user: &str, lifetime: u64) -> Provider {
        let l = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = l.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(State {
            user: user.to_string(),
            lifetime,
            ..State::default()
        }));
        let st = state.clone();
        std::thread::spawn(move || {
            for s in l.incoming().flatten() {
                let st = st.clone();
                std::thread::spawn(move || handle(s, &st));
            }
        });
        Provider { port, state }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// A person's login: an access token and a refresh token, as the
    /// token file's JSON.
    pub(crate) fn login_json(&self) -> String {
        let mut st = self.state.lock().unwrap();
        let body = st.mint(true);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let now = chrono::Utc::now();
        serde_json::json!({
            "access_token": v["access_token"],
            "expires_at": (now + chrono::Duration::seconds(st.lifetime as i64)).to_rfc3339(),
            "refresh_token": v["refresh_token"],
            "refresh_since": now.to_rfc3339(),
            "obtained_at": now.to_rfc3339(),
        })
        .to_string()
    }

    /// Every access token handed out so far ends now (the server refuses
    /// them), though the judge's token file says they are good.
    pub(crate) fn end_access_tokens(&self) {
        self.state.lock().unwrap().access.clear();
    }

    /// The person withdrew the app's access: every token stops working.
    pub(crate) fn revoke_everything(&self) {
        let mut st = self.state.lock().unwrap();
        st.access.clear();
        st.refresh.clear();
    }

    /// How many times the token endpoint was called with `grant`.
    pub(crate) fn grants(&self, grant: &str) -> usize {
        self.state
            .lock()
            .unwrap()
            .grants
            .iter()
            .filter(|g| *g == grant)
            .count()
    }

    pub(crate) fn revoked(&self) -> Vec<String> {
        self.state.lock().unwrap().revoked.clone()
    }

    /// The refresh tokens that still work.
    pub(crate) fn live_refresh_tokens(&self) -> Vec<String> {
        self.state.lock().unwrap().refresh.clone()
    }
}

/// A judge configuration logging in to IMAP and to submission (STARTTLS)
/// with XOAUTH2 only (no password anywhere), its tokens in `judge.oauth`
/// beside the database; `oauth_extra` is added to `[oauth]`.
pub(crate) fn oauth_config(stack: &MailStack, p: &Provider, oauth_extra: &str) -> PathBuf {
    let smtp = format!(
        "host = \"127.0.0.1\"\nport = {}\nsecurity = \"starttls\"\nuser = \"{JUDGE}\"\nauth = \"oauth2\"\nca_file = \"{}\"\n",
        stack.starttls_port,
        stack.cert.display()
    );
    let extra = format!(
        "[oauth]\nprovider = \"generic\"\nflow = \"device\"\nclient_id = \"{CLIENT_ID}\"\n\
         token_url = \"{}\"\ndevice_url = \"{}\"\nrevoke_url = \"{}\"\nscopes = [\"mail\"]\n\
         token_file = \"judge.oauth\"\ntimeout_seconds = 5\n{oauth_extra}",
        p.url("/token"),
        p.url("/device"),
        p.url("/revoke"),
    );
    let cfg = stack.judge_config_smtp(&smtp, &extra);
    let text = std::fs::read_to_string(&cfg).unwrap();
    let text = text.replacen(
        &format!("password = \"{}\"\nfolder", super::mailstack::PASSWORD),
        "auth = \"oauth2\"\ntimeout_seconds = 20\nfolder",
        1,
    );
    assert!(text.contains("auth = \"oauth2\"\ntimeout_seconds = 20"));
    let text = text.replacen(
        &format!("address = \"{JUDGE}\"\n"),
        &format!(
            "address = \"{JUDGE}\"\nmaster_address = \"master@example.org\"\nmaster_password_hash = \"{}\"\n",
            dipspy::password::hash_password(MASTER_PW).unwrap()
        ),
        1,
    );
    std::fs::write(&cfg, text).unwrap();
    cfg
}

pub(crate) fn token_file(stack: &MailStack) -> PathBuf {
    stack.path().join("judge.oauth")
}

pub(crate) fn write_tokens(f: &Path, json: &str) {
    std::fs::write(f, json).unwrap();
    std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o600)).unwrap();
}
