//! Sending over SMTP with lettre: TLS, required STARTTLS or plain as
//! configured, AUTH when a user is given, and a CA file to trust instead
//! of the public roots (a private or self-signed server).

use super::MailError;
use super::outbox::{OutMail, Outgoing, SendError};
use crate::config::{ENV_SMTP_PASSWORD, SmtpConfig, SmtpSecurity};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, CertificateStore, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::time::Duration;

/// Builds the message for an outbox row: its stable Message-ID, threaded
/// under the message it answers, marked as machine-sent (RFC 3834) so
/// that other robots do not answer it.
pub fn build_message(from: &str, m: &OutMail) -> Result<Message, SendError> {
    let bad = |what: &str, e: String| SendError {
        permanent: true,
        message: format!("{what}: {e}"),
    };
    let from: Mailbox = from
        .parse()
        .map_err(|e: lettre::address::AddressError| bad("judge address", e.to_string()))?;
    let to: Mailbox =
        m.to.parse()
            .map_err(|e: lettre::address::AddressError| bad("recipient", e.to_string()))?;
    let auto = if m.in_reply_to.is_some() {
        "auto-replied"
    } else {
        "auto-generated"
    };
    let mut b = Message::builder()
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

/// An SMTP connection (made per pass, reused within it).
pub struct SmtpOut {
    rt: tokio::runtime::Handle,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

/// The certificates in a PEM file.
pub fn pem_blocks(pem: &str) -> Vec<String> {
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
    pub fn new(cfg: &SmtpConfig, rt: tokio::runtime::Handle) -> Result<SmtpOut, MailError> {
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
                let pem = std::fs::read_to_string(ca).map_err(|e| {
                    MailError::Config(format!("[smtp] ca_file {}: {e}", ca.display()))
                })?;
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
        let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(port)
            .tls(tls)
            .timeout(Some(Duration::from_secs(cfg.timeout_seconds.unwrap_or(30))));
        if let Some(user) = &cfg.user {
            let pw = cfg.password().ok_or_else(|| {
                MailError::Config(format!(
                    "[smtp] user is set but no password ([smtp] password or {ENV_SMTP_PASSWORD})"
                ))
            })?;
            b = b.credentials(Credentials::new(user.clone(), pw));
        }
        Ok(SmtpOut {
            rt,
            transport: b.build(),
        })
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
        match self.rt.block_on(self.transport.test_connection()) {
            Ok(true) => Ok(()),
            Ok(false) => Err("the server did not accept the connection".into()),
            Err(e) => Err(e.to_string()),
        }
    }
}

impl Outgoing for SmtpOut {
    fn send(&mut self, from: &str, m: &OutMail) -> Result<(), SendError> {
        let msg = build_message(from, m)?;
        let t = &self.transport;
        match self.rt.block_on(t.send(msg)) {
            Ok(_) => Ok(()),
            Err(e) => Err(SendError {
                permanent: e.is_permanent() && !refuses_login(e.status()),
                message: e.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::refuses_login;
    use lettre::transport::smtp::response::{Category, Code, Detail, Severity};

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
