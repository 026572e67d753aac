//! `dipspy check`: everything the judge will need, tried one item at a
//! time before the first player writes, each with what is wrong and what
//! to change: the database, the master password's hash, and the mail
//! transport (IMAP: name, connection, certificate, login, folder, IDLE;
//! SMTP: connection, TLS, login, and on request a real test mail; or the
//! Maildir folders).

use super::imap::{ImapSettings, tls_config};
use super::outbox::OutMail;
use super::outbox::Outgoing;
use super::smtp::SmtpOut;
use crate::config::{Config, Transport};
use std::net::ToSocketAddrs;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

type OauthSource = Arc<super::oauth::TokenSource>;

/// One item checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    pub what: String,
    /// `None`: fine; else what is wrong and what to change.
    pub problem: Option<String>,
}

/// The checks' results, in order.
#[derive(Debug, Default)]
pub(crate) struct Report {
    pub items: Vec<Item>,
}

impl Report {
    pub(super) fn ok(&mut self, what: impl Into<String>) {
        self.items.push(Item {
            what: what.into(),
            problem: None,
        });
    }

    pub(super) fn bad(&mut self, what: impl Into<String>, problem: impl Into<String>) {
        self.items.push(Item {
            what: what.into(),
            problem: Some(problem.into()),
        });
    }

    /// Every item passed.
    pub(crate) fn passed(&self) -> bool {
        self.items.iter().all(|i| i.problem.is_none())
    }

    /// One line per item.
    pub(crate) fn text(&self) -> String {
        let mut out = String::new();
        for i in &self.items {
            match &i.problem {
                None => out.push_str(&format!("ok      {}\n", i.what)),
                Some(p) => out.push_str(&format!("FAILED  {}: {p}\n", i.what)),
            }
        }
        out.push_str(if self.passed() {
            "Everything the judge needs works.\n"
        } else {
            "Fix what FAILED above, then run `dipspy check` again.\n"
        });
        out
    }
}

/// Runs every check of `cfg` with the database at `db`; `send_test` sends
/// a real mail to that address through the configured SMTP server.
pub(crate) fn check(
    cfg: &Config,
    config_file: Option<&Path>,
    db: &Path,
    send_test: Option<&str>,
) -> Report {
    let mut r = Report::default();
    if let Some(f) = config_file {
        config_mode(&mut r, cfg, f);
    }
    database(&mut r, db);
    master(&mut r, cfg);
    match cfg.mail.transport {
        Transport::Maildir => maildir(&mut r, cfg),
        Transport::Imap => {
            let rt = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    r.bad("the mail runtime", e.to_string());
                    return r;
                }
            };
            let oauth = match super::check_oauth::check(&mut r, cfg, db) {
                Ok(o) => o,
                Err(()) => return r,
            };
            imap(&mut r, cfg, &rt, oauth.clone());
            smtp(&mut r, cfg, &rt, send_test, oauth);
        }
    }
    r
}

/// The configuration file's mode: readable by others is a problem when
/// it holds a password (the IMAP or SMTP password, or the master
/// password's hash), else a note.
fn config_mode(r: &mut Report, cfg: &Config, file: &Path) {
    let what = format!("configuration file {}", file.display());
    let mut secrets = Vec::new();
    if cfg.imap.password.is_some() {
        secrets.push("the IMAP password");
    }
    if cfg.smtp.password.is_some() {
        secrets.push("the SMTP password");
    }
    if cfg.judge.master_password_hash.is_some() {
        secrets.push("the master password's hash");
    }
    match crate::files::readable_by_others(file) {
        Err(e) => r.bad(what, e.to_string()),
        Ok(false) => r.ok(format!("{what}: readable by its owner only")),
        Ok(true) if secrets.is_empty() => r.ok(format!(
            "{what}: readable by others (it holds no password; `chmod 600 {}` all the same)",
            file.display()
        )),
        Ok(true) => r.bad(
            what,
            format!(
                "readable by others, and it holds {}: run `chmod 600 {}` (or move the secrets \
                 to the environment, see DIPSPY_IMAP_PASSWORD)",
                secrets.join(" and "),
                file.display()
            ),
        ),
    }
}

fn database(r: &mut Report, db: &Path) {
    let what = format!("database {}", db.display());
    if let Ok(true) = crate::files::readable_by_others(db) {
        r.bad(
            format!("{what}: mode"),
            format!(
                "readable by others, and it holds the players' password hashes and the secret \
                 logs: run `chmod 600 {}`",
                db.display()
            ),
        );
    }
    // Like every command but `game create` and `serve`, `check` makes no
    // database: a missing one is fine when its folder can take it.
    if !db.exists() {
        let folder = match db.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let probe = folder.join(".dipspy-check-db");
        return match std::fs::write(&probe, b"") {
            Ok(()) => {
                let _ = std::fs::remove_file(&probe);
                r.ok(format!(
                    "{what}: none yet (`dipspy serve` or `game create` will make it)"
                ))
            }
            Err(e) => r.bad(
                what,
                format!(
                    "none, and its folder {} cannot take one ({e}): fix [database] path, or --db",
                    folder.display()
                ),
            ),
        };
    }
    match crate::store::Store::open(db) {
        Err(e) => r.bad(what, format!("{e} (fix [database] path, or --db)")),
        Ok(st) => match st.check_writable() {
            Ok(()) => r.ok(format!("{what}: opens, schema current, writable")),
            Err(e) => r.bad(
                what,
                format!("cannot be written ({e}): check the file's and its folder's permissions"),
            ),
        },
    }
}

fn master(r: &mut Report, cfg: &Config) {
    let js = cfg.judge_settings();
    match (&js.master_address, &js.master_password_hash) {
        (None, _) => r.bad(
            "the game master",
            "no [judge] master_address: nobody can create or start games by mail",
        ),
        (Some(_), None) => r.bad(
            "the master password hash",
            "none: set [judge] master_password_hash or DIPSPY_MASTER_PASSWORD_HASH \
             (`echo 'password' | dipspy password-hash` prints one)",
        ),
        (Some(a), Some(h)) => match argon2::password_hash::PasswordHash::new(h) {
            Ok(_) => r.ok(format!("the game master {a} and the password hash")),
            Err(e) => r.bad(
                "the master password hash",
                format!("not an argon2 hash ({e}): make one with `dipspy password-hash`"),
            ),
        },
    }
    if js.address.is_empty() {
        r.bad("the judge's address", "[judge] address is not set");
    }
}

fn maildir(r: &mut Report, cfg: &Config) {
    match &cfg.maildir.incoming {
        None => r.bad("incoming Maildir", "[maildir] incoming is not set"),
        Some(p) if p.join("new").is_dir() && p.join("cur").is_dir() => {
            r.ok(format!("incoming Maildir {}", p.display()))
        }
        Some(p) => r.bad(
            format!("incoming Maildir {}", p.display()),
            format!(
                "missing (no new/ and cur/ in it): fix [maildir] incoming, or `mkdir -p {0}/new {0}/cur {0}/tmp`",
                p.display()
            ),
        ),
    }
    match &cfg.maildir.outgoing {
        None => r.bad("outgoing Maildirs", "[maildir] outgoing is not set"),
        Some(p) => {
            let probe = p.join(".dipspy-check");
            match std::fs::create_dir_all(p).and_then(|_| std::fs::write(&probe, b"")) {
                Ok(()) => {
                    let _ = std::fs::remove_file(&probe);
                    r.ok(format!("outgoing Maildirs under {}", p.display()))
                }
                Err(e) => r.bad(
                    format!("outgoing Maildirs under {}", p.display()),
                    format!("cannot be written ({e})"),
                ),
            }
        }
    }
}

fn imap(r: &mut Report, cfg: &Config, rt: &tokio::runtime::Runtime, oauth: Option<OauthSource>) {
    let s = match ImapSettings::from_config_with(&cfg.imap, oauth) {
        Ok(s) => s,
        Err(e) => return r.bad("IMAP settings", e.to_string()),
    };
    let at = format!("{}:{}", s.host, s.port);
    let known = (s.host.as_str(), s.port)
        .to_socket_addrs()
        .map(|mut a| a.next().is_some())
        .unwrap_or(false);
    match known {
        true => r.ok(format!("IMAP host {} is known", s.host)),
        false => {
            return r.bad(
                format!("IMAP host {}", s.host),
                "no such host: check [imap] host",
            );
        }
    }
    // The whole conversation is bounded too: a server that accepts the
    // connection and then says nothing fails the check instead of hanging.
    let limit = s.timeout * 2;
    let silent = (
        format!("IMAP {at}"),
        format!(
            "the server stopped answering (nothing within {} s): check [imap] port and tls",
            limit.as_secs()
        ),
    );
    let res: Result<(), Failure> = rt.block_on(async {
        tokio::time::timeout(limit, imap_conversation(&s, &at))
            .await
            .unwrap_or(Err(silent))
    });
    match res {
        Ok(()) => r.ok(format!(
            "IMAP {at}: connection, {}{}login as {}, folder {}{}",
            if s.tls { "TLS certificate, " } else { "" },
            if matches!(s.login, super::imap_login::ImapLogin::Oauth2(_)) {
                "XOAUTH2 "
            } else {
                ""
            },
            s.user,
            s.folder,
            if s.idle { ", IDLE" } else { "" }
        )),
        Err((what, why)) => r.bad(what, why),
    }
}

/// A check that failed: the item, and what is wrong with what to change.
type Failure = (String, String);

/// The IMAP conversation of the check with the server at `at`: connect,
/// log in, examine the folder, and see that IDLE is offered if it is to
/// be used.
async fn imap_conversation(s: &ImapSettings, at: &str) -> Result<(), Failure> {
    let stream = imap_connect(s, at).await?;
    let mut client = async_imap::Client::new(stream);
    client
        .read_response()
        .await
        .map_err(|e| (format!("IMAP {at}"), e.to_string()))?;
    let (mut session, _) = super::imap_login::log_in(client, &s.user, &s.login, s.timeout)
        .await
        .map_err(|e| {
            let fix = match &s.login {
                super::imap_login::ImapLogin::Password(_) => {
                    "check [imap] user and password (or DIPSPY_IMAP_PASSWORD)"
                }
                super::imap_login::ImapLogin::Oauth2(_) => {
                    "check [imap] user, [oauth] and the app's IMAP permission"
                }
            };
            (format!("IMAP login as {}", s.user), format!("{e}: {fix}"))
        })?;
    let idle = session
        .capabilities()
        .await
        .map(|c| c.has_str("IDLE"))
        .unwrap_or(false);
    let folder = session.examine(&s.folder).await;
    let _ = session.logout().await;
    folder.map_err(|e| {
        (
            format!("IMAP folder {}", s.folder),
            format!("{e}: check [imap] folder"),
        )
    })?;
    if s.idle && !idle {
        return Err((
            "IMAP IDLE".to_string(),
            "the server does not offer IDLE: set [imap] idle = false (mail is then read every poll_seconds)".to_string(),
        ));
    }
    Ok(())
}

/// Opens the connection to the IMAP server at `at`, through TLS when the
/// settings ask for it.
async fn imap_connect(s: &ImapSettings, at: &str) -> Result<Box<dyn super::imap::Io>, Failure> {
    let tcp = tokio::time::timeout(
        Duration::from_secs(10),
        tokio::net::TcpStream::connect((s.host.as_str(), s.port)),
    )
    .await
    .map_err(|_| {
        (
            format!("IMAP {at}"),
            "no answer within 10 s: check [imap] port and any firewall".to_string(),
        )
    })?
    .map_err(|e| {
        (
            format!("IMAP {at}"),
            format!("{e}: check [imap] host and port"),
        )
    })?;
    let stream: Box<dyn super::imap::Io> = if s.tls {
        let tls =
            tls_config(s.ca_file.as_ref()).map_err(|e| ("IMAP TLS".to_string(), e.to_string()))?;
        let name = rustls_pki_types::ServerName::try_from(s.host.clone())
            .map_err(|e| ("IMAP TLS".to_string(), e.to_string()))?;
        let stream = tokio_rustls::TlsConnector::from(Arc::new(tls))
            .connect(name, tcp)
            .await
            .map_err(|e| {
                (
                    format!("IMAP TLS with {at}"),
                    format!("{e}: the server's certificate is not trusted for {} (set [imap] ca_file to its CA, or fix [imap] host)", s.host),
                )
            })?;
        Box::new(stream)
    } else {
        Box::new(tcp)
    };
    Ok(stream)
}

fn smtp(
    r: &mut Report,
    cfg: &Config,
    rt: &tokio::runtime::Runtime,
    send_test: Option<&str>,
    oauth: Option<OauthSource>,
) {
    let mut out = match SmtpOut::new_with(&cfg.smtp, rt.handle().clone(), oauth) {
        Ok(o) => o,
        Err(e) => return r.bad("SMTP settings", e.to_string()),
    };
    let at = format!(
        "SMTP {}:{}",
        cfg.smtp.host.as_deref().unwrap_or("?"),
        cfg.smtp
            .port
            .map(|p| p.to_string())
            .unwrap_or_else(|| "default port".into())
    );
    match out.test() {
        Ok(()) => r.ok(format!(
            "{at}: connection{}{}",
            match cfg.smtp.security {
                crate::config::SmtpSecurity::None => "",
                _ => ", TLS",
            },
            if cfg.smtp.auth == crate::config::AuthMethod::Oauth2 {
                ", XOAUTH2 login"
            } else if cfg.smtp.user.is_some() {
                ", login"
            } else {
                ""
            }
        )),
        Err(e) => {
            return r.bad(
                at,
                format!("{e}: check [smtp] host, port, security, user and password"),
            );
        }
    }
    if let Some(to) = send_test {
        let js = cfg.judge_settings();
        let m = OutMail::unstored(
            format!(
                "<dipspy-check.{}@{}>",
                std::process::id(),
                js.address.split('@').nth(1).unwrap_or("localhost")
            ),
            to,
            "dipspy check: a test mail",
            "This is a test mail from `dipspy check`: the judge can send mail.\n",
        );
        match out.send(&js.address, &m) {
            Ok(()) => r.ok(format!("a test mail sent to {to}")),
            Err(e) => r.bad(format!("a test mail to {to}"), e.message),
        }
    }
}
