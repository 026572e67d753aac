//! Reading the judge's mailbox over IMAP (async-imap on tokio, TLS with
//! rustls). A message is fetched without setting \Seen (BODY.PEEK),
//! stored in the inbox table, and only then flagged \Seen on the server;
//! a crash in between fetches it again and the inbox drops the copy.

use super::MailError;
use super::disk::{Left, Reserve};
use super::imap_login::{ImapLogin, log_in};
use super::inbox::{self, Stored};
use super::oauth::TokenSource;
use crate::config::{AuthMethod, ENV_IMAP_PASSWORD, ImapConfig};
use crate::store::Store;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use std::fmt::Debug;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_rustls::rustls;

/// A byte stream an IMAP session can run over (TCP, or TLS over TCP).
pub(crate) trait Io: AsyncRead + AsyncWrite + Unpin + Send + Debug {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + Debug> Io for T {}

type Session = async_imap::Session<Box<dyn Io>>;

/// The IMAP settings, checked.
#[derive(Debug, Clone)]
pub(super) struct ImapSettings {
    /// The server's host name.
    pub host: String,
    /// The server's port (993 with TLS, 143 without, unless set).
    pub port: u16,
    /// Whether TLS is used from the first byte.
    pub tls: bool,
    /// PEM file of the certificates to trust instead of the public roots.
    pub ca_file: Option<PathBuf>,
    /// The login name.
    pub user: String,
    /// The password, or OAuth2 (`[imap] auth = "oauth2"`).
    pub login: ImapLogin,
    /// The folder the judge's mail arrives in (`INBOX` unless set).
    pub folder: String,
    /// Whether to wait with IDLE when the server offers it.
    pub idle: bool,
    /// The longest wait for any one network step.
    pub timeout: Duration,
}

/// The IMAP steps' timeout when `[imap] timeout_seconds` is not set.
pub(super) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// Runs one network step with the settings' timeout: a server that goes
/// silent fails the step (and the pass) instead of hanging the judge.
async fn step<T, E: std::fmt::Display>(
    limit: Duration,
    what: &str,
    f: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, MailError> {
    tokio::time::timeout(limit, f)
        .await
        .map_err(|_| {
            MailError::Imap(format!(
                "{what}: no answer within {} seconds",
                limit.as_secs()
            ))
        })?
        .map_err(|e| MailError::Imap(format!("{what}: {e}")))
}

impl ImapSettings {
    /// The settings, with the OAuth2 token source when `[imap] auth =
    /// "oauth2"`.
    pub(super) fn from_config_with(
        c: &ImapConfig,
        oauth: Option<Arc<TokenSource>>,
    ) -> Result<ImapSettings, MailError> {
        let need = |v: &Option<String>, k: &str| {
            v.clone()
                .ok_or_else(|| MailError::Config(format!("[imap] {k} is not set")))
        };
        let tls = c.tls.unwrap_or(true);
        if !tls && !c.allow_plain {
            return Err(MailError::Config(
                "[imap] tls = false sends the password in clear; set allow_plain = true to allow it"
                    .into(),
            ));
        }
        let login = match (c.auth, oauth) {
            (AuthMethod::Oauth2, Some(src)) => ImapLogin::Oauth2(src),
            (AuthMethod::Oauth2, None) => {
                return Err(MailError::Config(
                    "[imap] auth = \"oauth2\" needs the [oauth] section".into(),
                ));
            }
            (AuthMethod::Password, _) => ImapLogin::Password(c.password().ok_or_else(|| {
                MailError::Config(format!(
                    "[imap] no password ([imap] password or {ENV_IMAP_PASSWORD})"
                ))
            })?),
        };
        Ok(ImapSettings {
            host: need(&c.host, "host")?,
            port: c.port.unwrap_or(if tls { 993 } else { 143 }),
            tls,
            ca_file: c.ca_file.clone(),
            user: need(&c.user, "user")?,
            login,
            folder: c.folder.clone().unwrap_or_else(|| "INBOX".into()),
            idle: c.idle.unwrap_or(true),
            timeout: c
                .timeout_seconds
                .map(|t| Duration::from_secs(t.max(1)))
                .unwrap_or(DEFAULT_TIMEOUT),
        })
    }
}

/// The rustls client configuration: exactly the certificates in `ca_file`
/// when given, else the public web roots.
pub fn tls_config(ca_file: Option<&PathBuf>) -> Result<rustls::ClientConfig, MailError> {
    use rustls_pki_types::CertificateDer;
    use rustls_pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    match ca_file {
        Some(f) => {
            let pem =
                crate::files::read_bounded(f, crate::files::MAX_CA_BYTES, "a certificate file")
                    .map_err(|e| MailError::Config(format!("ca_file {e}")))?;
            let mut n = 0;
            for c in CertificateDer::pem_slice_iter(&pem) {
                let c = c.map_err(|e| MailError::Tls(format!("{}: {e}", f.display())))?;
                roots
                    .add(c)
                    .map_err(|e| MailError::Tls(format!("{}: {e}", f.display())))?;
                n += 1;
            }
            if n == 0 {
                return Err(MailError::Tls(format!(
                    "{}: no certificate in the file",
                    f.display()
                )));
            }
        }
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| MailError::Tls(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth())
}

/// The size of one message by UID (`None`: it has gone).
async fn fetch_size(
    session: &mut Session,
    uid: u32,
) -> Result<Option<u64>, async_imap::error::Error> {
    let mut size: Option<u64> = None;
    let mut s = session.uid_fetch(uid.to_string(), "RFC822.SIZE").await?;
    while let Some(f) = s.next().await {
        let f = f?;
        if f.uid == Some(uid) {
            size = f.size.map(u64::from);
        }
    }
    Ok(size)
}

/// Fetches one message of `size` bytes by UID: the whole message, or
/// only its first `max_store` bytes when it is larger (with a note).
/// Returns what to store and the message's size (`None`: it has gone).
async fn fetch_body(
    session: &mut Session,
    uid: u32,
    size: u64,
    max_store: usize,
) -> Result<Option<(Vec<u8>, u64)>, async_imap::error::Error> {
    let whole = size <= max_store as u64;
    let query = if whole {
        "BODY.PEEK[]".to_string()
    } else {
        format!("BODY.PEEK[]<0.{max_store}>")
    };
    let mut raw: Option<Vec<u8>> = None;
    let mut s = session.uid_fetch(uid.to_string(), &query).await?;
    while let Some(f) = s.next().await {
        let f = f?;
        if f.uid == Some(uid)
            && let Some(b) = f.body()
        {
            raw = Some(b.to_vec());
        }
    }
    Ok(raw.map(|r| {
        if whole {
            (r, size)
        } else {
            tracing::warn!(uid, size, "too large to store; only its beginning is kept");
            (super::oversize::truncated(&r, size), size)
        }
    }))
}

/// The judge's IMAP mailbox; keeps one session open between passes.
pub(super) struct ImapIn {
    /// The settings the mailbox is reached with.
    pub settings: ImapSettings,
    session: Option<Session>,
    can_idle: bool,
    uid_validity: u32,
    /// When the session's OAuth2 token is to be renewed: the session is
    /// ended before then and made again with a new token.
    renew_at: Option<DateTime<Utc>>,
}

impl ImapIn {
    /// The mailbox, not yet connected: the first pass connects.
    pub(super) fn new(settings: ImapSettings) -> ImapIn {
        ImapIn {
            settings,
            session: None,
            can_idle: false,
            uid_validity: 0,
            renew_at: None,
        }
    }

    async fn connect(&mut self) -> Result<(), MailError> {
        let s = &self.settings;
        let t = s.timeout;
        let at = format!("{}:{}", s.host, s.port);
        let tcp = step(
            t,
            &format!("{at}: connecting"),
            tokio::net::TcpStream::connect((s.host.as_str(), s.port)),
        )
        .await?;
        let stream: Box<dyn Io> = if s.tls {
            let cfg = tls_config(s.ca_file.as_ref())?;
            let name = rustls_pki_types::ServerName::try_from(s.host.clone())
                .map_err(|e| MailError::Tls(format!("{}: {e}", s.host)))?;
            let tls = tokio::time::timeout(
                t,
                tokio_rustls::TlsConnector::from(Arc::new(cfg)).connect(name, tcp),
            )
            .await
            .map_err(|_| {
                MailError::Tls(format!(
                    "{at}: the TLS handshake: no answer within {} seconds",
                    t.as_secs()
                ))
            })?
            .map_err(|e| MailError::Tls(format!("{at}: {e}")))?;
            Box::new(tls)
        } else {
            Box::new(tcp)
        };
        let mut client = async_imap::Client::new(stream);
        step(t, &format!("{at}: the greeting"), client.read_response())
            .await?
            .ok_or_else(|| MailError::Imap("the server closed the connection".into()))?;
        let (mut session, renew_at) = log_in(client, &s.user, &s.login, t).await?;
        self.renew_at = renew_at;
        self.can_idle = step(t, "CAPABILITY", session.capabilities())
            .await?
            .has_str("IDLE");
        let mb = step(
            t,
            &format!("SELECT {}", s.folder),
            session.select(&s.folder),
        )
        .await?;
        self.uid_validity = mb.uid_validity.unwrap_or(0);
        tracing::info!(host = %s.host, folder = %s.folder, idle = self.can_idle, "IMAP connected");
        self.session = Some(session);
        Ok(())
    }

    /// Stores every unseen message, then flags it seen. Returns how many
    /// were new to the inbox table. On an error the session is dropped and
    /// made again next time.
    /// A message larger than `max_store` bytes (by its `RFC822.SIZE`) is
    /// not fetched whole: only its beginning is (see `super::oversize`).
    pub(super) async fn fetch(
        &mut self,
        st: &mut Store,
        max_store: usize,
        reserve: &Reserve,
        now: DateTime<Utc>,
    ) -> Result<(usize, Left), MailError> {
        let r = self.fetch_inner(st, max_store, reserve, now).await;
        if r.is_err() {
            self.session = None;
        }
        r
    }

    async fn fetch_inner(
        &mut self,
        st: &mut Store,
        max_store: usize,
        reserve: &Reserve,
        now: DateTime<Utc>,
    ) -> Result<(usize, Left), MailError> {
        if self.session.is_some() && self.renew_at.is_some_and(|at| Utc::now() >= at) {
            tracing::info!("the OAuth2 token ends soon: reconnecting with a new one");
            self.logout().await;
        }
        if self.session.is_none() {
            self.connect().await?;
        }
        let folder = self.settings.folder.clone();
        let validity = self.uid_validity;
        let t = self.settings.timeout;
        let session = self.session.as_mut().expect("connected above");
        // NOOP lets the server report mail that arrived since the last pass.
        step(t, "NOOP", session.noop()).await?;
        let mut uids: Vec<u32> = step(t, "SEARCH UNSEEN", session.uid_search("UNSEEN"))
            .await?
            .into_iter()
            .collect();
        uids.sort_unstable();
        let mut fresh = 0;
        let mut left = Left::default();
        for uid in uids {
            let size = step(t, &format!("FETCH {uid} size"), fetch_size(session, uid)).await?;
            let Some(size) = size else {
                continue;
            };
            // The room is looked at before each mail: one that does not
            // fit stays unseen on the server, for a later pass.
            if let Some(why) = reserve.refuses(&st.read(), size.min(max_store as u64)) {
                left.add(why);
                continue;
            }
            let raw = step(
                t,
                &format!("FETCH {uid}"),
                fetch_body(session, uid, size, max_store),
            )
            .await?;
            let Some((raw, size)) = raw else {
                continue;
            };
            let source = format!("imap:{folder}:{validity}:{uid}");
            let stored = inbox::store_raw_sized(st, &raw, size, &source, now)?;
            if matches!(stored, Stored::New(_)) {
                fresh += 1;
            }
            tracing::info!(
                uid,
                inbox = stored.id(),
                duplicate = matches!(stored, Stored::Duplicate(_)),
                "stored"
            );
            super::test_pause("stored");
            step(t, &format!("STORE {uid} \\Seen"), async {
                let s = session
                    .uid_store(uid.to_string(), "+FLAGS.SILENT (\\Seen)")
                    .await?;
                let v: Vec<_> = s.collect().await;
                for r in v {
                    r?;
                }
                Ok::<(), async_imap::error::Error>(())
            })
            .await?;
        }
        Ok((fresh, left))
    }

    /// Waits up to `dur` for new mail: IDLE when the server offers it and
    /// it is enabled, else a plain sleep. Returns early when `stop` fires.
    pub(super) async fn wait(&mut self, dur: Duration, stop: &tokio::sync::Notify) {
        // Never past the time to renew the OAuth2 token.
        let dur = match self.renew_at {
            Some(at) => (at - Utc::now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .max(Duration::from_secs(1))
                .min(dur),
            None => dur,
        };
        if !(self.settings.idle && self.can_idle) || self.session.is_none() {
            tokio::select! {
                _ = tokio::time::sleep(dur) => {}
                _ = stop.notified() => {}
            }
            return;
        }
        let session = self.session.take().expect("checked above");
        let mut idle = session.idle();
        let t = self.settings.timeout;
        if let Err(e) = step(t, "IDLE", idle.init()).await {
            tracing::warn!(error = %e, "IMAP IDLE failed; reconnecting next pass");
            return;
        }
        let woke = {
            let (fut, _interrupt) = idle.wait_with_timeout(dur);
            tokio::select! {
                r = fut => Some(r),
                _ = stop.notified() => None,
            }
        };
        match woke {
            None => {}
            Some(Err(e)) => {
                tracing::warn!(error = %e, "IMAP IDLE failed; reconnecting next pass");
            }
            Some(Ok(_)) => match step(t, "DONE", idle.done()).await {
                Ok(s) => self.session = Some(s),
                Err(e) => tracing::warn!(error = %e, "leaving IDLE failed; reconnecting"),
            },
        }
    }

    /// Logs out politely.
    pub(super) async fn logout(&mut self) {
        if let Some(mut s) = self.session.take() {
            let _ = tokio::time::timeout(self.settings.timeout, s.logout()).await;
        }
    }
}
