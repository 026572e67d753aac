//! Sending over SMTP with lettre: TLS, required STARTTLS or plain as
//! configured, AUTH when a user is given, and a CA file to trust instead
//! of the public roots (a private or self-signed server).

use super::MailError;
use super::oauth::TokenSource;
use super::outbox::{Failure, OutMail, Outgoing, SendError};
use crate::config::{AuthMethod, ENV_SMTP_PASSWORD, SmtpConfig, SmtpSecurity};
use lettre::address::Envelope;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::authentication::{DEFAULT_MECHANISMS, Mechanism};
use lettre::transport::smtp::client::{
    AsyncSmtpConnection, Certificate, CertificateStore, Tls, TlsParameters,
};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use lettre::transport::smtp::response::Response;
use std::sync::Arc;
use std::time::Duration;

/// Builds the message for an outbox row: its stable Message-ID, threaded
/// under the message it answers, marked as machine-sent (RFC 3834) so
/// that other robots do not answer it.
///
/// A recipient that is no address lettre can write fails as
/// [`Failure::Unaddressable`] (set aside, the pass goes on); a judge's
/// own address that cannot be written says nothing about the mail, which
/// waits ([`Failure::Unanswered`]) until `[judge] address` is fixed.
pub fn build_message(from: &str, m: &OutMail) -> Result<Message, SendError> {
    let bad = |what: &str, e: String| SendError::new(Failure::Refused, format!("{what}: {e}"));
    let from: Mailbox = from.parse().map_err(|e: lettre::address::AddressError| {
        SendError::new(Failure::Unanswered, format!("the judge's address: {e}"))
    })?;
    let to: Mailbox = super::address::mailbox(&m.to).map_err(|e| {
        SendError::new(
            Failure::Unaddressable,
            format!(
                "the recipient {:?} cannot be written as an address: {e}",
                m.to
            ),
        )
    })?;
    // The envelope given whole: lettre reads the To header back to make
    // it, and its reader drops a quoted local part's quotes.
    let envelope = Envelope::new(Some(from.email.clone()), vec![to.email.clone()])
        .map_err(|e| bad("envelope", e.to_string()))?;
    let auto = if m.in_reply_to.is_some() {
        "auto-replied"
    } else {
        "auto-generated"
    };
    let mut b = Message::builder()
        .envelope(envelope)
        .from(from)
        .to(to)
        .subject(m.subject.clone())
        .message_id(Some(m.message_id.clone()))
        .date_now()
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            auto.to_string(),
        ));
    if let Some(r) = &m.in_reply_to {
        b = b.in_reply_to(r.clone());
    }
    if let Some(r) = m.references.as_ref().or(m.in_reply_to.as_ref()) {
        b = b.references(r.clone());
    }
    if m.attachments.is_empty() {
        return b
            .header(ContentType::TEXT_PLAIN)
            .body(m.body.clone())
            .map_err(|e| bad("message", e.to_string()));
    }
    b.multipart(super::multipart::with_attachments(&m.body, &m.attachments))
        .map_err(|e| bad("message", e.to_string()))
}

/// The SMTP side: one connection opened at the first mail of a sending
/// pass and kept for the whole pass (closed with QUIT at its end, or at
/// once when a step fails). Every step has its own timeout
/// (`timeout_seconds`): the TCP connect with the greeting and EHLO,
/// STARTTLS, AUTH, and each message's transaction (MAIL, RCPT, DATA and
/// the text). When connecting, STARTTLS or AUTH fails, the server is
/// taken as down for the rest of the pass (see
/// [`Outgoing::unavailable`]), so a silent server costs one timeout per
/// pass, not one per queued mail.
///
/// When the server offers PIPELINING (RFC 2920), MAIL, RCPT and DATA go
/// out together and their replies are read after, so a message costs two
/// round trips instead of four; the message text still waits for DATA's
/// 354 and a message counts as sent only on the reply to its end.
pub struct SmtpOut {
    rt: tokio::runtime::Handle,
    host: String,
    port: u16,
    tls: Tls,
    credentials: Option<Credentials>,
    /// `[smtp] auth = "oauth2"`: the user and where its tokens come from.
    oauth: Option<(String, Arc<TokenSource>)>,
    timeout: Duration,
    conn: Option<AsyncSmtpConnection>,
    /// The open connection's server offers PIPELINING.
    pipelining: bool,
    /// Messages the connection has carried.
    sent_on_conn: usize,
    /// Why the server could not be reached this pass.
    down: Option<String>,
}

/// The certificates in a PEM file.
pub(super) fn pem_blocks(pem: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in pem.lines() {
        if line.starts_with("-----BEGIN CERTIFICATE") {
            cur.clear();
        }
        cur.push_str(line);
        cur.push('\n');
        if line.starts_with("-----END CERTIFICATE") {
            out.push(std::mem::take(&mut cur));
        }
    }
    out
}

impl SmtpOut {
    /// The SMTP side of an `[smtp]` section, without OAuth2 (see [`SmtpOut::new_with`]), running on
    /// `rt`.
    pub fn new(cfg: &SmtpConfig, rt: tokio::runtime::Handle) -> Result<SmtpOut, MailError> {
        SmtpOut::new_with(cfg, rt, None)
    }

    /// The SMTP side, with the OAuth2 token source when `[smtp] auth =
    /// "oauth2"`.
    pub fn new_with(
        cfg: &SmtpConfig,
        rt: tokio::runtime::Handle,
        oauth: Option<Arc<TokenSource>>,
    ) -> Result<SmtpOut, MailError> {
        let host = cfg
            .host
            .clone()
            .ok_or_else(|| MailError::Config("[smtp] host is not set".into()))?;
        let port = cfg.port.unwrap_or(match cfg.security {
            SmtpSecurity::Tls => 465,
            SmtpSecurity::Starttls => 587,
            SmtpSecurity::None => 25,
        });
        let params = || -> Result<TlsParameters, MailError> {
            let mut b = TlsParameters::builder(host.clone());
            if let Some(ca) = &cfg.ca_file {
                let pem = crate::files::read_text_bounded(
                    ca,
                    crate::files::MAX_CA_BYTES,
                    "a certificate file",
                )
                .map_err(|e| MailError::Config(format!("[smtp] ca_file {e}")))?;
                b = b.certificate_store(CertificateStore::None);
                for block in pem_blocks(&pem) {
                    let c = Certificate::from_pem(block.as_bytes())
                        .map_err(|e| MailError::Tls(format!("{}: {e}", ca.display())))?;
                    b = b.add_root_certificate(c);
                }
            }
            b.build().map_err(|e| MailError::Tls(e.to_string()))
        };
        let tls = match cfg.security {
            SmtpSecurity::Tls => Tls::Wrapper(params()?),
            SmtpSecurity::Starttls => Tls::Required(params()?),
            SmtpSecurity::None => Tls::None,
        };
        let oauth = match (cfg.auth, oauth) {
            (AuthMethod::Password, _) => None,
            (AuthMethod::Oauth2, Some(src)) => Some((
                cfg.user.clone().ok_or_else(|| {
                    MailError::Config("[smtp] auth = \"oauth2\" needs [smtp] user".into())
                })?,
                src,
            )),
            (AuthMethod::Oauth2, None) => {
                return Err(MailError::Config(
                    "[smtp] auth = \"oauth2\" needs the [oauth] section".into(),
                ));
            }
        };
        let credentials = match &cfg.user {
            _ if oauth.is_some() => None,
            Some(user) => {
                let pw = cfg.password().ok_or_else(|| {
                    MailError::Config(format!(
                        "[smtp] user is set but no password ([smtp] password or {ENV_SMTP_PASSWORD})"
                    ))
                })?;
                Some(Credentials::new(user.clone(), pw))
            }
            None => None,
        };
        Ok(SmtpOut {
            rt,
            host,
            port,
            tls,
            credentials,
            oauth,
            timeout: Duration::from_secs(cfg.timeout_seconds.unwrap_or(30).max(1)),
            conn: None,
            pipelining: false,
            sent_on_conn: 0,
            down: None,
        })
    }

    /// Runs one step of the conversation within the timeout.
    async fn step<T>(
        t: Duration,
        what: &str,
        f: impl std::future::Future<Output = Result<T, lettre::transport::smtp::Error>>,
    ) -> Result<T, StepError> {
        match tokio::time::timeout(t, f).await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(StepError::Smtp(what.to_string(), e)),
            Err(_) => Err(StepError::Timeout(format!(
                "{what}: no answer from the server within {} s",
                t.as_secs()
            ))),
        }
    }

    /// A connection ready for mail: connected, greeted, encrypted and
    /// logged in as configured, each step within the timeout; and whether
    /// its server offers PIPELINING.
    async fn open(
        &self,
        login: Option<(&Credentials, &[Mechanism])>,
    ) -> Result<(AsyncSmtpConnection, bool), StepError> {
        let t = self.timeout;
        let hello = ClientId::default();
        let wrapper = match &self.tls {
            Tls::Wrapper(p) => Some(p.clone()),
            _ => None,
        };
        let mut conn = match wrapper {
            Some(w) => {
                Self::step(
                    t,
                    "connecting and the greeting",
                    AsyncSmtpConnection::connect_tokio1(
                        (self.host.as_str(), self.port),
                        Some(t),
                        &hello,
                        Some(w),
                        None,
                    ),
                )
                .await?
            }
            None => {
                // Our own socket, without Nagle's delay: the end of each
                // message goes out at once instead of waiting for the
                // server's delayed ACK (about 40 ms a mail).
                let tcp = match tokio::time::timeout(
                    t,
                    tokio::net::TcpStream::connect((self.host.as_str(), self.port)),
                )
                .await
                {
                    Ok(Ok(s)) => s,
                    Ok(Err(e)) => {
                        return Err(StepError::Timeout(format!("connecting: {e}")));
                    }
                    Err(_) => {
                        return Err(StepError::Timeout(format!(
                            "connecting: no connection within {} s",
                            t.as_secs()
                        )));
                    }
                };
                let _ = tcp.set_nodelay(true);
                Self::step(
                    t,
                    "the greeting",
                    AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &hello),
                )
                .await?
            }
        };
        if let Tls::Required(p) = &self.tls
            && !conn.is_encrypted()
        {
            Self::step(t, "STARTTLS", conn.starttls(p.clone(), &hello)).await?;
        }
        // lettre keeps only the extensions it uses from the EHLO it
        // sends; asked again (before AUTH, on the encrypted channel), the
        // server's list says whether it takes commands pipelined. A
        // server may refuse a second EHLO (OpenSMTPD answers 503 "Already
        // identified") and go on as before: then the mail goes one
        // command at a time.
        let pipelining = match tokio::time::timeout(t, conn.command(Ehlo::new(hello.clone()))).await
        {
            Ok(Ok(reply)) => offers_pipelining(&reply),
            Ok(Err(e)) if e.status().is_some() => false,
            Ok(Err(e)) => return Err(StepError::Smtp("EHLO".into(), e)),
            Err(_) => {
                return Err(StepError::Timeout(format!(
                    "EHLO: no answer from the server within {} s",
                    t.as_secs()
                )));
            }
        };
        if let Some((c, mechanisms)) = login {
            // A refused login (a 535, or lettre's own error when the
            // server answers a refused XOAUTH2 token with a second
            // challenge) is about the judge's account, never the mail.
            match tokio::time::timeout(t, conn.auth(mechanisms, c)).await {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return Err(StepError::Login(format!("AUTH: {e}"))),
                Err(_) => {
                    return Err(StepError::Timeout(format!(
                        "AUTH: no answer from the server within {} s",
                        t.as_secs()
                    )));
                }
            }
        }
        Ok((conn, pipelining))
    }

    /// Closes the connection politely (QUIT, within the timeout).
    fn close(&mut self) {
        if let Some(mut c) = self.conn.take() {
            let t = self.timeout;
            self.rt.block_on(async move {
                let _ = tokio::time::timeout(t, c.quit()).await;
            });
        }
    }
}

/// How one step failed.
enum StepError {
    Smtp(String, lettre::transport::smtp::Error),
    Timeout(String),
    /// The server refused the judge's login, or no OAuth2 token could be
    /// had: about the account, not any mail.
    Login(String),
}

impl StepError {
    /// The failure of a step of a mail's own transaction: a 5xx or 4xx
    /// reply is the server's word about the mail; anything else (no
    /// reply: a timeout, a dropped connection) says nothing about it.
    fn send_error(&self) -> SendError {
        match self {
            StepError::Smtp(what, e) => {
                let failure = if e.is_permanent() && !refuses_login(e.status()) {
                    Failure::Refused
                } else if e.is_transient() {
                    Failure::Deferred
                } else {
                    Failure::Unanswered
                };
                SendError::new(failure, format!("{what}: {e}"))
            }
            StepError::Timeout(m) => SendError::new(Failure::Unanswered, m.clone()),
            StepError::Login(m) => SendError::new(Failure::Unanswered, m.clone()),
        }
    }
}

/// Whether a reply code refuses the judge's login rather than the message
/// (530 authentication required, 534 mechanism too weak, 535 bad
/// credentials, 538 encryption required). Those are 5xx, but they say
/// the judge's `[smtp]` settings are wrong, not the mail: it stays queued
/// and goes out once the settings are fixed, instead of being dropped.
fn refuses_login(code: Option<lettre::transport::smtp::response::Code>) -> bool {
    code.is_some_and(|c| matches!(c.to_string().as_str(), "530" | "534" | "535" | "538"))
}

impl SmtpOut {
    /// Connects as sending would (TLS and login included) and says NOOP:
    /// the `[smtp]` settings work.
    pub fn test(&self) -> Result<(), String> {
        let t = self.timeout;
        self.rt.block_on(async {
            let (mut c, _) = self.connect().await.map_err(|e| e.send_error().message)?;
            let ok = Self::step(t, "NOOP", async { Ok(c.test_connected().await) })
                .await
                .map_err(|e| e.send_error().message)?;
            let _ = tokio::time::timeout(t, c.quit()).await;
            if ok {
                Ok(())
            } else {
                Err("the server did not accept the connection".into())
            }
        })
    }
}

impl SmtpOut {
    /// Sends one message on the pass's connection (opened if need be).
    fn send_once(&mut self, msg: &Message) -> Result<(), (SendError, bool)> {
        if let Some(why) = &self.down {
            return Err((SendError::new(Failure::Unanswered, why.clone()), false));
        }
        if self.conn.as_ref().is_some_and(|c| c.has_broken()) {
            self.conn = None;
        }
        if self.conn.is_none() {
            match self.rt.block_on(self.connect()) {
                Ok((c, pipelining)) => {
                    self.conn = Some(c);
                    self.pipelining = pipelining;
                    self.sent_on_conn = 0;
                }
                Err(e) => {
                    // Whatever the server said before any mail was
                    // offered (a refused greeting, STARTTLS or login) is
                    // about the connection, not this message: it stays
                    // queued, never given up for it, and the server
                    // counts as down for the pass.
                    let mut e = e.send_error();
                    e.failure = Failure::Unanswered;
                    self.down = Some(e.message.clone());
                    return Err((e, false));
                }
            }
        }
        let t = self.timeout;
        let Some(conn) = self.conn.as_mut() else {
            return Err((SendError::new(Failure::Unanswered, "no connection"), false));
        };
        let (env, bytes) = (msg.envelope().clone(), msg.formatted());
        let r = if self.pipelining && can_pipeline(conn, &env, &bytes) {
            self.rt.block_on(Self::step(
                t,
                "sending the message",
                send_pipelined(conn, &env, &bytes),
            ))
        } else {
            self.rt.block_on(Self::step(
                t,
                "sending the message",
                conn.send(&env, &bytes),
            ))
        };
        match r {
            Ok(_) => {
                self.sent_on_conn += 1;
                Ok(())
            }
            Err(e) => {
                // A 4xx reply on a connection that already carried mail
                // (a server's limit of messages per session): the server
                // said no, so the message was not taken and may be sent
                // again on a new connection.
                let again = matches!(&e, StepError::Smtp(_, x) if x.is_transient())
                    && self.sent_on_conn > 0;
                // The server's state is unknown after a failure (lettre
                // has already ended a refused transaction with QUIT): the
                // next mail starts on a new connection.
                self.conn = None;
                Err((e.send_error(), again))
            }
        }
    }
}

impl SmtpOut {
    /// A connection logged in as configured: with the password, or with
    /// an OAuth2 token by XOAUTH2, renewed once and tried once more when
    /// the server refuses it.
    async fn connect(&self) -> Result<(AsyncSmtpConnection, bool), StepError> {
        let Some((user, src)) = &self.oauth else {
            return self
                .open(self.credentials.as_ref().map(|c| (c, DEFAULT_MECHANISMS)))
                .await;
        };
        let xoauth2: &[Mechanism] = &[Mechanism::Xoauth2];
        let get = |rejected: Option<super::oauth::AccessToken>| {
            let src = src.clone();
            async move {
                tokio::task::spawn_blocking(move || match rejected {
                    None => src.token(),
                    Some(r) => src.after_rejection(&r),
                })
                .await
                .map_err(|e| StepError::Login(format!("OAuth2: {e}")))?
                .map_err(|e| StepError::Login(e.to_string()))
            }
        };
        let tok = get(None).await?;
        let creds = Credentials::new(user.clone(), tok.secret.clone());
        match self.open(Some((&creds, xoauth2))).await {
            Err(StepError::Login(why)) => {
                tracing::warn!(user = %user, error = %why, "the SMTP server refused the OAuth2 token; renewing it once");
            }
            other => return other,
        }
        let tok = get(Some(tok)).await?;
        let creds = Credentials::new(user.clone(), tok.secret.clone());
        self.open(Some((&creds, xoauth2)))
            .await
            .map_err(|e| match e {
                StepError::Login(why) => StepError::Login(format!(
                    "the SMTP server refused the OAuth2 token, also a renewed one: {why}"
                )),
                other => other,
            })
    }
}

/// Whether an EHLO reply lists PIPELINING.
fn offers_pipelining(ehlo: &Response) -> bool {
    ehlo.message().any(|l| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("PIPELINING"))
    })
}

/// The MAIL, RCPT and DATA commands of one message, as one write.
fn pipelined_commands(env: &Envelope, email: &[u8]) -> String {
    let mut opts = Vec::new();
    if !email.is_ascii() {
        opts.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    let mut cmds = Mail::new(env.from().cloned(), opts).to_string();
    for to in env.to() {
        cmds.push_str(&Rcpt::new(to.clone(), vec![]).to_string());
    }
    cmds.push_str(&Data.to_string());
    cmds
}

/// Whether a message can go pipelined as [`send_pipelined`] writes it:
/// ASCII addresses (no SMTPUTF8 needed), and ASCII text unless the server
/// offers 8BITMIME. Others go the way lettre sends, which checks those.
fn can_pipeline(conn: &AsyncSmtpConnection, env: &Envelope, email: &[u8]) -> bool {
    let ascii = |a: &lettre::Address| AsRef::<str>::as_ref(a).is_ascii();
    env.from().is_none_or(ascii)
        && env.to().iter().all(ascii)
        && (email.is_ascii() || conn.server_info().supports_feature(Extension::EightBitMime))
}

/// Sends one message with its MAIL, RCPT and DATA pipelined (RFC 2920):
/// written at once, then every reply read in order. The text goes out
/// only when all of them were positive (DATA answered 354); otherwise the
/// first refusal is the error. After any error the caller drops the
/// connection, which also abandons a DATA a server accepted after
/// refusing MAIL or RCPT (its text is never sent).
async fn send_pipelined(
    conn: &mut AsyncSmtpConnection,
    env: &Envelope,
    email: &[u8],
) -> Result<Response, lettre::transport::smtp::Error> {
    let mut first_refusal = None;
    let mut keep = |r: Result<Response, lettre::transport::smtp::Error>| match r {
        Ok(_) => Ok(()),
        // A refusal (a reply with a code): the other replies are still
        // to be read.
        Err(e) if e.status().is_some() => {
            first_refusal.get_or_insert(e);
            Ok(())
        }
        Err(e) => Err(e),
    };
    // The reply to MAIL, then one per RCPT, then DATA's.
    keep(conn.command(pipelined_commands(env, email)).await)?;
    for _ in 0..env.to().len() {
        keep(conn.read_response().await)?;
    }
    keep(conn.read_response().await)?;
    match first_refusal {
        None => conn.message(email).await,
        Some(e) => Err(e),
    }
}

impl Outgoing for SmtpOut {
    fn send(&mut self, from: &str, m: &OutMail) -> Result<(), SendError> {
        let msg = build_message(from, m)?;
        match self.send_once(&msg) {
            Ok(()) => Ok(()),
            Err((_, true)) => self.send_once(&msg).map_err(|(e, _)| e),
            Err((e, false)) => Err(e),
        }
    }

    fn unavailable(&self) -> bool {
        self.down.is_some()
    }

    fn finish(&mut self) {
        self.close();
        self.down = None;
    }
}

#[cfg(test)]
mod tests {
    use super::{offers_pipelining, pipelined_commands, refuses_login};
    use lettre::address::Envelope;
    use lettre::transport::smtp::response::{Category, Code, Detail, Response, Severity};

    #[test]
    fn pipelining_is_read_from_the_ehlo_reply() {
        let code = Code::new(
            Severity::PositiveCompletion,
            Category::MailSystem,
            Detail::Zero,
        );
        let reply =
            |lines: &[&str]| Response::new(code, lines.iter().map(|l| l.to_string()).collect());
        assert!(offers_pipelining(&reply(&[
            "localhost",
            "8BITMIME",
            "pipelining",
            "AUTH PLAIN"
        ])));
        assert!(!offers_pipelining(&reply(&[
            "localhost",
            "8BITMIME",
            "SIZE 1000"
        ])));
        assert!(!offers_pipelining(&reply(&["localhost", "XPIPELINING"])));
    }

    #[test]
    fn a_pipelined_message_sends_mail_every_rcpt_and_data_in_one_write() {
        let env = Envelope::new(
            Some("judge@example.org".parse().unwrap()),
            vec![
                "a@example.org".parse().unwrap(),
                "b@example.org".parse().unwrap(),
            ],
        )
        .unwrap();
        assert_eq!(
            pipelined_commands(&env, b"Subject: x\r\n\r\nhi\r\n"),
            "MAIL FROM:<judge@example.org>\r\nRCPT TO:<a@example.org>\r\n\
             RCPT TO:<b@example.org>\r\nDATA\r\n"
        );
        assert!(
            pipelined_commands(&env, "é".as_bytes())
                .starts_with("MAIL FROM:<judge@example.org> BODY=8BITMIME\r\n")
        );
    }

    #[test]
    fn a_refused_login_is_not_a_refused_message() {
        let code =
            |c: Category, d: Detail| Some(Code::new(Severity::PermanentNegativeCompletion, c, d));
        assert!(refuses_login(code(Category::Unspecified3, Detail::Five)));
        assert!(refuses_login(code(Category::Unspecified3, Detail::Zero)));
        assert!(!refuses_login(code(Category::MailSystem, Detail::Zero)));
        assert!(!refuses_login(None));
    }
}
