//! A scripted SMTP server on a loopback port, for the tests that need the
//! server's word on a mail: it greets, answers EHLO (no PIPELINING), and
//! answers each RCPT as the test's rule says (a 250, a 4xx or a 5xx); the
//! rest of the transaction is accepted. It records every command line it
//! reads, and counts its connections.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The reply to `RCPT TO:<address>`, for the address given.
pub(crate) type Rule = fn(&str) -> &'static str;

pub(crate) struct Scripted {
    pub(crate) port: u16,
    /// Every command line read, in order (message text left out).
    pub(crate) commands: Arc<Mutex<Vec<String>>>,
    pub(crate) connections: Arc<AtomicUsize>,
}

impl Scripted {
    pub(crate) fn start(rule: Rule) -> Scripted {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let commands = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(AtomicUsize::new(0));
        let (log, count) = (commands.clone(), connections.clone());
        std::thread::spawn(move || {
            for c in l.incoming().flatten() {
                count.fetch_add(1, Ordering::SeqCst);
                let log = log.clone();
                std::thread::spawn(move || session(c, rule, &log));
            }
        });
        Scripted {
            port,
            commands,
            connections,
        }
    }

    /// The RCPT lines read so far.
    pub(crate) fn rcpts(&self) -> Vec<String> {
        self.commands
            .lock()
            .unwrap()
            .iter()
            .filter(|c| c.to_ascii_uppercase().starts_with("RCPT"))
            .cloned()
            .collect()
    }
}

/// The address of a `RCPT TO:<...>` line.
fn rcpt_address(line: &str) -> &str {
    let start = line.find('<').map(|i| i + 1).unwrap_or(0);
    let end = line.rfind('>').unwrap_or(line.len());
    &line[start..end.max(start)]
}

fn session(mut c: TcpStream, rule: Rule, log: &Mutex<Vec<String>>) {
    let Ok(read) = c.try_clone() else { return };
    let mut r = BufReader::new(read);
    let say = |c: &mut TcpStream, s: &str| c.write_all(s.as_bytes()).is_ok();
    if !say(&mut c, "220 scripted ESMTP\r\n") {
        return;
    }
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let cmd = line.trim_end().to_string();
        log.lock().unwrap().push(cmd.clone());
        let upper = cmd.to_ascii_uppercase();
        let reply = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            "250-scripted\r\n250 8BITMIME\r\n".to_string()
        } else if upper.starts_with("RCPT") {
            format!("{}\r\n", rule(rcpt_address(&cmd)))
        } else if upper.starts_with("DATA") {
            if !say(&mut c, "354 go on\r\n") {
                return;
            }
            // The text, up to the line holding a lone dot.
            loop {
                line.clear();
                if r.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                if line.trim_end() == "." {
                    break;
                }
            }
            "250 2.0.0 queued\r\n".to_string()
        } else if upper.starts_with("QUIT") {
            let _ = say(&mut c, "221 bye\r\n");
            return;
        } else {
            "250 ok\r\n".to_string()
        };
        if !say(&mut c, &reply) {
            return;
        }
    }
}
