//! `[alert]`: the master's notices about the judge's mail also go by a
//! second path, which does not depend on the judge's own mailbox: a
//! local program that takes a whole message on its standard input
//! (`["/usr/sbin/sendmail", "-t"]`), or a second SMTP account used only
//! for alerts. The notice is queued in the outbox as before too.

use super::MailError;
use super::health::Alert;
use super::outbox::{OutMail, Outgoing};
use super::smtp::SmtpOut;
use crate::config::AlertConfig;
use std::io::Write;
use std::process::{Command, Stdio};

pub(crate) enum AlertPath {
    Command(Vec<String>),
    Smtp(Box<SmtpOut>),
}

impl AlertPath {
    /// The second path `[alert]` gives, if any.
    pub(crate) fn from_config(
        c: &AlertConfig,
        rt: tokio::runtime::Handle,
    ) -> Result<Option<AlertPath>, MailError> {
        match (&c.command, &c.smtp) {
            (Some(_), Some(_)) => Err(MailError::Config(
                "[alert] gives both command and smtp: keep one".into(),
            )),
            (Some(cmd), None) if cmd.is_empty() => {
                Err(MailError::Config("[alert] command is empty".into()))
            }
            (Some(cmd), None) => Ok(Some(AlertPath::Command(cmd.clone()))),
            (None, Some(s)) => Ok(Some(AlertPath::Smtp(Box::new(SmtpOut::new(s, rt)?)))),
            (None, None) => Ok(None),
        }
    }

    /// Sends `a` from the judge's address `from`.
    pub(crate) fn send(&mut self, from: &str, a: &Alert) -> Result<(), String> {
        match self {
            AlertPath::Command(cmd) => run(cmd, &message(from, a)),
            AlertPath::Smtp(out) => {
                let m = OutMail::unstored(
                    format!(
                        "<dipspy-alert.{}.{}@{}>",
                        std::process::id(),
                        chrono::Utc::now().timestamp_micros(),
                        from.rsplit('@').next().unwrap_or("localhost")
                    ),
                    &a.to,
                    &a.subject,
                    &a.body,
                );
                let r = out.send(from, &m).map_err(|e| e.message);
                out.finish();
                r
            }
        }
    }
}

/// The notice as a whole message (RFC 5322), its subject encoded when it
/// is not ASCII.
fn message(from: &str, a: &Alert) -> String {
    let subject = if a.subject.is_ascii() {
        a.subject.clone()
    } else {
        use base64::Engine;
        format!(
            "=?UTF-8?B?{}?=",
            base64::engine::general_purpose::STANDARD.encode(&a.subject)
        )
    };
    format!(
        "From: {from}\nTo: {}\nSubject: {subject}\nAuto-Submitted: auto-generated\n\
         MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\
         Content-Transfer-Encoding: 8bit\n\n{}",
        a.to, a.body
    )
}

fn run(cmd: &[String], msg: &str) -> Result<(), String> {
    let (prog, args) = cmd.split_first().ok_or("[alert] command is empty")?;
    let mut child = Command::new(prog)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("[alert] command {prog}: {e}"))?;
    if let Some(mut i) = child.stdin.take() {
        i.write_all(msg.as_bytes())
            .map_err(|e| format!("[alert] command {prog}: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("[alert] command {prog}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "[alert] command {prog} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}
