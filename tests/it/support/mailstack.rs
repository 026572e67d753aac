//! A real mail stack on loopback for the end-to-end tests: Dovecot (IMAP
//! over TLS with a self-signed certificate made here with openssl, and
//! LMTP, and SMTP submission with STARTTLS or TLS and AUTH, relaying into
//! OpenSMTPD) and OpenSMTPD handing mail to Dovecot over LMTP, on free ports,
//! with every file in a temporary directory. Users ([`USERS`]): judge,
//! alice, bob, carol, a game master and one player per power of the
//! standard map, all @example.org, password "secret".
//!
//! Why STARTTLS and AUTH go through Dovecot and not OpenSMTPD itself:
//! Debian 12's OpenSMTPD (6.8.0p2, linked with OpenSSL 3) fails every TLS
//! handshake. Its listening process holds only the certificate's public
//! key and tags it with the name of the key that its `ca` process holds;
//! under OpenSSL 3 the tag is set on a cached legacy copy of the key
//! (`EVP_PKEY_get1_RSA`), not on the key TLS signs with, so signing falls
//! back to the local, public-only key: `smtpd -dv` logs "rsa routines::
//! missing private key" (or "elliptic curve routines::missing private
//! key"), then "SSL routines::EVP lib". Tried, all the same: RSA 2048 keys
//! in PKCS#1 and PKCS#8 form, a certificate with keyUsage digitalSignature
//! and keyEncipherment, an ECDSA P-256 key, TLS 1.2 with ECDHE-RSA and
//! PKCS#1 v1.5 signatures, TLS 1.2 with RSA key exchange (`smtp ciphers`);
//! `smtpd -n` accepts each configuration. OpenSMTPD 7.x fixed it
//! upstream; Debian 12 has no such package. And OpenSMTPD offers AUTH only
//! on an encrypted session, so Dovecot's submission service takes the
//! STARTTLS or TLS session and the login, and hands each message to
//! OpenSMTPD on loopback before it answers.
//!
//! The servers must be installed (`tests/run.sh` installs them); when they
//! are missing, [`MailStack::start`] panics with a clear message, so the
//! tests fail rather than pass without having run.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

pub(crate) const PASSWORD: &str = "secret";
pub(crate) const JUDGE: &str = "judge@example.org";
/// The mailboxes on the stack (local parts, @example.org).
pub(crate) const USERS: [&str; 12] = [
    "judge", "alice", "bob", "carol", "master", "austria", "england", "france", "germany", "italy",
    "russia", "turkey",
];

/// One stack at a time: OpenSMTPD keeps its queue in the system spool.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// And one per machine: OpenSMTPD's control socket is system-wide too, so
/// test binaries of other checkouts (or run side by side) wait here. The
/// lock is released when the file is closed, also when a test process dies.
fn machine_lock() -> std::fs::File {
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(std::env::temp_dir().join("dipspy-mailstack.lock"))
        .expect("open the mail stack lock file");
    f.lock().expect("lock the mail stack lock file");
    f
}

pub(crate) struct MailStack {
    pub(crate) dir: tempfile::TempDir,
    pub(crate) imaps_port: u16,
    pub(crate) lmtp_port: u16,
    pub(crate) smtp_port: u16,
    /// SMTP submission with STARTTLS required and AUTH (Dovecot's
    /// submission service, relaying into OpenSMTPD on `smtp_port`).
    pub(crate) starttls_port: u16,
    /// SMTP submission over TLS from the first byte, with AUTH.
    pub(crate) smtps_port: u16,
    /// OpenSMTPD's own submission listener: STARTTLS required, then AUTH
    /// against a credentials table (the judge, its password hashed with
    /// `smtpctl encrypt`). Debian 12's OpenSMTPD fails its TLS handshake
    /// (see above); `DIPSPY_SMTPD` names another smtpd binary to run
    /// instead, e.g. one built with the fix.
    pub(crate) smtpd_tls_port: u16,
    pub(crate) cert: PathBuf,
    /// This stack's name for itself, unique per run: its OpenSMTPD writes
    /// it into the Received header of every mail it takes (`listen …
    /// hostname`), and [`MailStack::inbox`] counts only such mail.
    pub(crate) run: String,
    smtpd: Option<Child>,
    _machine: std::fs::File,
    _lock: MutexGuard<'static, ()>,
}

/// `n` distinct ports free on loopback now. They are drawn below the
/// kernel's ephemeral range (32768 and up on Linux), where the client side
/// of a connection (the judge's, or a closed one in TIME_WAIT) never
/// stands, so a port found free stays free until the server binds it.
fn free_ports(n: usize) -> Vec<u16> {
    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
        ^ ((std::process::id() as u64) << 32);
    let mut out: Vec<u16> = Vec::with_capacity(n);
    while out.len() < n {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let port = 20_000 + (seed % 12_000) as u16;
        if !out.contains(&port) && TcpListener::bind(("127.0.0.1", port)).is_ok() {
            out.push(port);
        }
    }
    out
}

fn need(cmd: &str, package: &str) -> PathBuf {
    for dir in ["/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/sbin"] {
        let p = Path::new(dir).join(cmd);
        if p.exists() {
            return p;
        }
    }
    panic!(
        "the end-to-end mail tests need `{cmd}` (Debian package {package}); \
         run tests/run.sh, which installs it, or: apt-get install -y dovecot-imapd dovecot-lmtpd dovecot-submissiond opensmtpd"
    );
}

fn wait_port(port: u16, what: &str, log: &Path) {
    let end = Instant::now() + Duration::from_secs(20);
    while Instant::now() < end {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let log = std::fs::read_to_string(log).unwrap_or_default();
    panic!("{what} did not start listening on port {port}; log:\n{log}");
}

/// The process holding the listening TCP socket on 127.0.0.1:`port`
/// (from /proc/net/tcp and the processes' open files).
fn listener_owner(port: u16) -> Option<u32> {
    let tcp = std::fs::read_to_string("/proc/net/tcp").ok()?;
    let want = format!("0100007F:{port:04X}");
    let inode = tcp.lines().skip(1).find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.get(1) == Some(&want.as_str()) && f.get(3) == Some(&"0A")).then(|| f[9].to_string())
    })?;
    let target = format!("socket:[{inode}]");
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(fds) = std::fs::read_dir(e.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if std::fs::read_link(fd.path()).is_ok_and(|l| l.to_string_lossy() == target) {
                return Some(pid);
            }
        }
    }
    None
}

/// Whether `pid` is `root` or descends from it.
fn owned_by(mut pid: u32, root: u32) -> bool {
    for _ in 0..16 {
        if pid == root {
            return true;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            return false;
        };
        // The parent is the second field after the command's closing ")".
        let Some(ppid) = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse().ok())
        else {
            return false;
        };
        if ppid <= 1 {
            return false;
        }
        pid = ppid;
    }
    false
}

/// The first line an SMTP server on `port` sends (then QUIT).
fn smtp_greeting(port: u16) -> Option<String> {
    let mut c = TcpStream::connect(("127.0.0.1", port)).ok()?;
    c.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let mut line = String::new();
    BufReader::new(c.try_clone().ok()?)
        .read_line(&mut line)
        .ok()?;
    let _ = c.write_all(b"QUIT\r\n");
    Some(line.trim_end().to_string())
}

/// A name for one run of a stack, unlikely ever to come again.
fn run_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("run-{:x}-{nanos:x}.dipspy.test", std::process::id())
}

/// OpenSMTPD keeps its queue in the system spool (`/var/spool/smtpd`)
/// whatever its configuration, so mail an earlier stack left there
/// undelivered (a test killed, a stack dropped early) would be delivered
/// into the next stack's mailboxes. Called with the machine lock held (no
/// other stack's smtpd runs): empties the queue, keeping its folders.
fn purge_spool() {
    let spool = Path::new("/var/spool/smtpd");
    let remove = |p: &Path| {
        let _ = if p.is_dir() {
            std::fs::remove_dir_all(p)
        } else {
            std::fs::remove_file(p)
        };
    };
    for sub in ["incoming", "temporary", "purge", "offline", "corrupt"] {
        for e in std::fs::read_dir(spool.join(sub))
            .into_iter()
            .flatten()
            .flatten()
        {
            remove(&e.path());
        }
    }
    // queue/BUCKET/MESSAGE: the buckets stay.
    for bucket in std::fs::read_dir(spool.join("queue"))
        .into_iter()
        .flatten()
        .flatten()
    {
        for m in std::fs::read_dir(bucket.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            remove(&m.path());
        }
    }
}

/// The messages in OpenSMTPD's system spool (queued, or being received),
/// by their queue names.
pub(crate) fn spool_messages() -> Vec<String> {
    let spool = Path::new("/var/spool/smtpd");
    let entries = |d: PathBuf| std::fs::read_dir(d).into_iter().flatten().flatten();
    let mut out: Vec<String> = entries(spool.join("incoming"))
        .chain(entries(spool.join("queue")).flat_map(|b| entries(b.path())))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl MailStack {
    pub(crate) fn start() -> MailStack {
        MailStack::start_with(None)
    }

    /// A stack whose Dovecot also takes XOAUTH2 and OAUTHBEARER (at IMAP
    /// and at submission), checking each token with the token-
    /// introspection endpoint `introspection_url` (RFC 7662, POST) through
    /// its `oauth2` passdb; passwords still work as in [`MailStack::start`].
    pub(crate) fn start_oauth(introspection_url: &str) -> MailStack {
        MailStack::start_with(Some(introspection_url))
    }

    fn start_with(introspection_url: Option<&str>) -> MailStack {
        let lock = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let machine = machine_lock();
        let dovecot = need("dovecot", "dovecot-imapd");
        assert!(
            Path::new("/usr/lib/dovecot/submission").exists(),
            "the end-to-end mail tests need Dovecot's SMTP submission service \
             (Debian package dovecot-submissiond); run tests/run.sh, which installs it"
        );
        need("smtpd", "opensmtpd");
        let openssl = need("openssl", "openssl");
        let dir = tempfile::Builder::new()
            .prefix("dipspy-mailstack")
            .tempdir()
            .unwrap();
        let d = dir.path();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
        let cert = d.join("cert.pem");
        let key = d.join("key.pem");
        run(Command::new(openssl)
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            ])
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&cert)
            .args([
                "-subj",
                "/CN=localhost",
                "-addext",
                "subjectAltName=DNS:localhost,IP:127.0.0.1",
                // A leaf, not a CA: rustls refuses a CA certificate as the
                // server's own.
                "-addext",
                "basicConstraints=critical,CA:FALSE",
                "-addext",
                "extendedKeyUsage=serverAuth",
            ]));
        let users: String = USERS
            .iter()
            .map(|u| format!("{u}@example.org:{{PLAIN}}{PASSWORD}\n"))
            .collect();
        std::fs::write(d.join("users"), users).unwrap();
        let mail = d.join("mail");
        std::fs::create_dir_all(&mail).unwrap();
        std::fs::set_permissions(&mail, std::fs::Permissions::from_mode(0o777)).unwrap();
        let p = d.display();
        let (mechanisms, oauth_passdb) = match introspection_url {
            None => ("plain login", String::new()),
            Some(url) => {
                std::fs::write(
                    d.join("oauth2.conf.ext"),
                    format!(
                        "introspection_mode = post\nintrospection_url = {url}\n\
                         username_attribute = username\nactive_attribute = active\n\
                         active_value = true\nforce_introspection = yes\n"
                    ),
                )
                .unwrap();
                (
                    "plain login xoauth2 oauthbearer",
                    format!(
                        "passdb {{\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  \
                         args = {p}/oauth2.conf.ext\n}}\n"
                    ),
                )
            }
        };
        // A port taken between the choice and Dovecot's bind: choose again.
        let mut attempt = 0;
        let (imaps_port, lmtp_port, smtp_port, starttls_port, smtps_port) = loop {
            attempt += 1;
            let ports = free_ports(5);
            let (imaps_port, lmtp_port, smtp_port) = (ports[0], ports[1], ports[2]);
            let (starttls_port, smtps_port) = (ports[3], ports[4]);
            let conf = format!(
                r#"base_dir = {p}/run
state_dir = {p}/state
log_path = {p}/dovecot.log
listen = 127.0.0.1
protocols = imap lmtp submission
hostname = localhost
ssl = yes
ssl_cert = <{p}/cert.pem
ssl_key = <{p}/key.pem
disable_plaintext_auth = no
auth_mechanisms = {mechanisms}
# A wrong password is answered at once (the tests use one on purpose).
auth_failure_delay = 0
first_valid_uid = 1
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:{p}/mail/%u
{oauth_passdb}passdb {{
  driver = passwd-file
  args = scheme=PLAIN {p}/users
}}
userdb {{
  driver = static
  args = uid=nobody gid=nogroup home={p}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    port = {imaps_port}
    ssl = yes
  }}
}}
# Submission: the judge logs in (AUTH) over STARTTLS or TLS, and Dovecot
# hands the message on to OpenSMTPD in clear text on loopback.
submission_relay_host = 127.0.0.1
submission_relay_port = {smtp_port}
submission_relay_ssl = no
protocol submission {{
  ssl = required
}}
service submission-login {{
  inet_listener submission {{
    address = 127.0.0.1
    port = {starttls_port}
  }}
  inet_listener submissions {{
    address = 127.0.0.1
    port = {smtps_port}
    ssl = yes
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp_port}
  }}
}}
"#
            );
            std::fs::write(d.join("dovecot.conf"), conf).unwrap();
            // Dovecot daemonises: its output goes to a file, not to a pipe this
            // process would wait on forever.
            let out = std::fs::File::create(d.join("dovecot.out")).unwrap();
            let st = Command::new(&dovecot)
                .arg("-c")
                .arg(d.join("dovecot.conf"))
                .stdin(Stdio::null())
                .stdout(out.try_clone().unwrap())
                .stderr(out)
                .status()
                .expect("start dovecot");
            let out = std::fs::read_to_string(d.join("dovecot.out")).unwrap_or_default();
            if st.success() {
                break (imaps_port, lmtp_port, smtp_port, starttls_port, smtps_port);
            }
            assert!(
                attempt < 5 && out.contains("Address already in use"),
                "dovecot failed to start: {out}"
            );
        };
        wait_port(imaps_port, "dovecot (imaps)", &d.join("dovecot.log"));
        wait_port(lmtp_port, "dovecot (lmtp)", &d.join("dovecot.log"));
        wait_port(
            starttls_port,
            "dovecot (submission)",
            &d.join("dovecot.log"),
        );
        wait_port(smtps_port, "dovecot (submissions)", &d.join("dovecot.log"));

        std::fs::write(d.join("vusers"), "@example.org nobody\n").unwrap();
        let hash = Command::new(need("smtpctl", "opensmtpd"))
            .args(["encrypt", PASSWORD])
            .output()
            .expect("smtpctl encrypt");
        assert!(hash.status.success(), "smtpctl encrypt failed");
        let hash = String::from_utf8_lossy(&hash.stdout).trim().to_string();
        std::fs::write(d.join("creds"), format!("{JUDGE} {hash}\n")).unwrap();
        std::fs::set_permissions(d.join("creds"), std::fs::Permissions::from_mode(0o600)).unwrap();
        let dovecot_conf = d.join("dovecot.conf");
        purge_spool();
        let mut s = MailStack {
            dir,
            imaps_port,
            lmtp_port,
            smtp_port,
            starttls_port,
            smtps_port,
            smtpd_tls_port: free_ports(1)[0],
            cert,
            run: run_name(),
            smtpd: None,
            _machine: machine,
            _lock: lock,
        };
        // A port taken between the choice and smtpd's bind (or a listener
        // there that is not this stack's smtpd): choose another port, and
        // point Dovecot's submission relay at it.
        let mut attempt = 0;
        loop {
            attempt += 1;
            s.write_smtpd_conf();
            match s.try_start_smtpd() {
                Ok(()) => break,
                Err(e) => assert!(attempt < 5, "smtpd did not start: {e}"),
            }
            let old = s.smtp_port;
            let ports = free_ports(2);
            (s.smtp_port, s.smtpd_tls_port) = (ports[0], ports[1]);
            let conf = std::fs::read_to_string(&dovecot_conf).unwrap();
            std::fs::write(
                &dovecot_conf,
                conf.replace(
                    &format!("submission_relay_port = {old}"),
                    &format!("submission_relay_port = {}", s.smtp_port),
                ),
            )
            .unwrap();
            run(Command::new(&dovecot)
                .arg("-c")
                .arg(&dovecot_conf)
                .arg("reload"));
        }
        s
    }

    fn write_smtpd_conf(&self) {
        use std::os::unix::fs::PermissionsExt;
        let p = self.path().display();
        let smtpd_conf = format!(
            "pki localhost cert \"{p}/cert.pem\"\n\
             pki localhost key \"{p}/key.pem\"\n\
             table vusers file:{p}/vusers\n\
             table creds file:{p}/creds\n\
             listen on 127.0.0.1 port {} hostname {run}\n\
             listen on 127.0.0.1 port {} tls-require pki localhost auth <creds> hostname {run}\n\
             action \"deliver\" lmtp \"127.0.0.1:{}\" rcpt-to virtual <vusers>\n\
             match from any for domain \"example.org\" action \"deliver\"\n",
            self.smtp_port,
            self.smtpd_tls_port,
            self.lmtp_port,
            run = self.run
        );
        let sc = self.path().join("smtpd.conf");
        std::fs::write(&sc, smtpd_conf).unwrap();
        std::fs::set_permissions(&sc, std::fs::Permissions::from_mode(0o600)).unwrap();
    }

    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Starts smtpd again on the stack's port (a few tries: the port may
    /// still be held for a moment after [`MailStack::stop_smtpd`]).
    pub(crate) fn start_smtpd(&mut self) {
        let mut last = String::new();
        for _ in 0..5 {
            match self.try_start_smtpd() {
                Ok(()) => return,
                Err(e) => last = e,
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        panic!("smtpd did not start on port {}: {last}", self.smtp_port);
    }

    /// Starts smtpd on `smtp_port` and waits until the listener there is
    /// this smtpd: a socket held by the child or one of its processes,
    /// answering with OpenSMTPD's greeting. `Err` (the child stopped)
    /// when it exited or something else answers on the port.
    fn try_start_smtpd(&mut self) -> Result<(), String> {
        assert!(self.smtpd.is_none(), "smtpd already runs");
        let log_path = self.path().join("smtpd.log");
        let log = std::fs::File::create(&log_path).unwrap();
        let smtpd = std::env::var_os("DIPSPY_SMTPD")
            .map(PathBuf::from)
            .unwrap_or_else(|| need("smtpd", "opensmtpd"));
        let mut child = Command::new(smtpd)
            .arg("-d")
            .arg("-f")
            .arg(self.path().join("smtpd.conf"))
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("start smtpd");
        let end = Instant::now() + Duration::from_secs(20);
        let why = loop {
            if let Ok(Some(status)) = child.try_wait() {
                break format!("smtpd exited ({status})");
            }
            if Instant::now() > end {
                break "no OpenSMTPD listener within 20 s".to_string();
            }
            match listener_owner(self.smtp_port) {
                Some(pid) if owned_by(pid, child.id()) => match smtp_greeting(self.smtp_port) {
                    Some(g) if g.starts_with("220 ") && g.contains("OpenSMTPD") => {
                        self.smtpd = Some(child);
                        return Ok(());
                    }
                    Some(g) => break format!("the listener greets with {g:?}"),
                    None => {}
                },
                Some(pid) => break format!("the port is held by process {pid}, not smtpd"),
                None => {}
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let _ = Command::new("kill").arg(child.id().to_string()).status();
        let _ = child.wait();
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        Err(format!("{why}; smtpd.log:\n{log}"))
    }

    pub(crate) fn stop_smtpd(&mut self) {
        if let Some(mut c) = self.smtpd.take() {
            // SIGTERM, so that smtpd takes its helper processes down too.
            let _ = Command::new("kill").arg(c.id().to_string()).status();
            let end = Instant::now() + Duration::from_secs(10);
            loop {
                if c.try_wait().ok().flatten().is_some() {
                    break;
                }
                if Instant::now() > end {
                    let _ = c.kill();
                    let _ = c.wait();
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let end = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", self.smtp_port)).is_ok() {
            assert!(Instant::now() < end, "smtpd still listening after stop");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A judge configuration for this stack (IMAP over TLS trusting
    /// exactly this stack's certificate, plain SMTP on loopback), with
    /// `extra` TOML appended.
    pub(crate) fn judge_config(&self, extra: &str) -> PathBuf {
        let smtp = format!(
            "host = \"127.0.0.1\"\nport = {}\nsecurity = \"none\"\n",
            self.smtp_port
        );
        self.judge_config_smtp(&smtp, extra)
    }

    /// The `[smtp]` lines for sending through the submission listener
    /// (`security` "starttls" or "tls") as the judge with `password`,
    /// trusting this stack's certificate only when `trust` is set.
    pub(crate) fn submission_smtp(&self, security: &str, password: &str, trust: bool) -> String {
        let port = match security {
            "starttls" => self.starttls_port,
            "tls" => self.smtps_port,
            _ => panic!("no submission listener for security {security:?}"),
        };
        let mut s = format!(
            "host = \"127.0.0.1\"\nport = {port}\nsecurity = \"{security}\"\nuser = \"{JUDGE}\"\npassword = \"{password}\"\n"
        );
        if trust {
            s.push_str(&format!("ca_file = \"{}\"\n", self.cert.display()));
        }
        s
    }

    /// Like [`MailStack::judge_config`], with `smtp` as the connection
    /// lines of the `[smtp]` section (host, port, security, login, CA).
    pub(crate) fn judge_config_smtp(&self, smtp: &str, extra: &str) -> PathBuf {
        let f = self.path().join("judge.toml");
        let text = format!(
            r#"[database]
path = "judge.db"

[judge]
address = "{JUDGE}"

[mail]
transport = "imap"
poll_seconds = 1

[imap]
host = "127.0.0.1"
port = {imaps}
tls = true
ca_file = "{cert}"
user = "{JUDGE}"
password = "{PASSWORD}"
folder = "INBOX"
idle = true

[smtp]
{smtp}retry_seconds = 1
max_retry_seconds = 2
timeout_seconds = 5
{extra}
"#,
            imaps = self.imaps_port,
            cert = self.cert.display(),
        );
        std::fs::write(&f, text).unwrap();
        // It holds the IMAP password: readable by its owner only, as
        // `dipspy check` asks.
        std::fs::set_permissions(&f, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
        f
    }

    pub(crate) fn db_path(&self) -> PathBuf {
        self.path().join("judge.db")
    }

    /// Sends `raw` (headers and body, CRLF or LF) by SMTP from `from` to
    /// `to`, the way a player's mail program would.
    pub(crate) fn send_raw(&self, from: &str, to: &str, raw: &[u8]) {
        let mut s = TcpStream::connect(("127.0.0.1", self.smtp_port)).expect("connect smtpd");
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let expect = |r: &mut BufReader<TcpStream>, code: &str| loop {
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            assert!(line.starts_with(code), "smtpd said {line:?}, wanted {code}");
            if line.as_bytes().get(3) != Some(&b'-') {
                break;
            }
        };
        expect(&mut r, "220");
        for (cmd, code) in [
            ("EHLO player.example.org".to_string(), "250"),
            (format!("MAIL FROM:<{from}>"), "250"),
            (format!("RCPT TO:<{to}>"), "250"),
            ("DATA".to_string(), "354"),
        ] {
            s.write_all(format!("{cmd}\r\n").as_bytes()).unwrap();
            expect(&mut r, code);
        }
        // Normalise line ends to CRLF and dot-stuff.
        let mut data = Vec::with_capacity(raw.len() + 64);
        let mut start = true;
        let mut prev = 0u8;
        for &b in raw {
            if b == b'\n' && prev != b'\r' {
                data.push(b'\r');
            }
            if start && b == b'.' {
                data.push(b'.');
            }
            data.push(b);
            start = b == b'\n';
            prev = b;
        }
        if !data.ends_with(b"\r\n") {
            data.extend_from_slice(b"\r\n");
        }
        data.extend_from_slice(b".\r\n");
        s.write_all(&data).unwrap();
        expect(&mut r, "250");
        s.write_all(b"QUIT\r\n").unwrap();
        let mut rest = Vec::new();
        let _ = r.read_to_end(&mut rest);
    }

    /// Sends a simple text message; returns its Message-ID.
    pub(crate) fn send_text(&self, from: &str, subject: &str, body: &str, id: &str) -> String {
        let mid = format!("<{id}@player.example.org>");
        let raw = format!(
            "From: {from}\r\nTo: {JUDGE}\r\nSubject: {subject}\r\nMessage-ID: {mid}\r\nDate: Mon, 3 Mar 2025 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
        );
        self.send_raw(from, JUDGE, raw.as_bytes());
        mid
    }

    /// Every message of this run in `user`'s INBOX (taken by this stack's
    /// OpenSMTPD, see [`MailStack::run`]), read over IMAP (TLS), without
    /// marking anything seen; with its \Seen flag.
    pub(crate) fn inbox(&self, user: &str) -> Vec<(Vec<u8>, bool)> {
        self.whole_inbox(user)
            .into_iter()
            .filter(|(raw, _)| self.took(raw))
            .collect()
    }

    /// Whether this run's OpenSMTPD took `raw` (its name is in one of the
    /// message's Received headers).
    pub(crate) fn took(&self, raw: &[u8]) -> bool {
        let head = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map_or(raw, |end| &raw[..end]);
        let want = format!("by {} (OpenSMTPD)", self.run);
        String::from_utf8_lossy(head)
            .replace("\r\n\t", " ")
            .replace("\r\n ", " ")
            .contains(&want)
    }

    /// Every message in `user`'s INBOX, whoever's, with its \Seen flag.
    pub(crate) fn whole_inbox(&self, user: &str) -> Vec<(Vec<u8>, bool)> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            use futures::StreamExt;
            let cfg = dipspy::mail::imap_tls_config(Some(&self.cert)).unwrap();
            let tcp = tokio::net::TcpStream::connect(("127.0.0.1", self.imaps_port))
                .await
                .unwrap();
            let name = rustls_pki_types::ServerName::try_from("127.0.0.1").unwrap();
            let tls = tokio_rustls::TlsConnector::from(std::sync::Arc::new(cfg))
                .connect(name, tcp)
                .await
                .unwrap();
            let mut client = async_imap::Client::new(tls);
            client.read_response().await.unwrap();
            let mut s = client.login(user, PASSWORD).await.map_err(|e| e.0).unwrap();
            let mb = s.examine("INBOX").await.unwrap();
            let mut out = Vec::new();
            if mb.exists > 0 {
                let mut f = s.fetch("1:*", "(FLAGS BODY.PEEK[])").await.unwrap();
                while let Some(m) = f.next().await {
                    let m = m.unwrap();
                    let seen = m.flags().any(|f| f == async_imap::types::Flag::Seen);
                    out.push((m.body().unwrap_or_default().to_vec(), seen));
                }
            }
            let _ = s.logout().await;
            out
        })
    }

    /// Waits (bounded) until OpenSMTPD's queue is empty: everything it
    /// took has been handed to Dovecot (the queue is the system spool, and
    /// only this stack's smtpd runs while the stack holds the machine
    /// lock).
    pub(crate) fn wait_queue_empty(&self) {
        let end = Instant::now() + Duration::from_secs(300);
        loop {
            let left = spool_messages();
            if left.is_empty() {
                return;
            }
            assert!(
                Instant::now() < end,
                "OpenSMTPD's queue still holds {left:?} after 300 s"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits (bounded) until `user`'s INBOX holds at least `n` messages.
    pub(crate) fn wait_for(&self, user: &str, n: usize) -> Vec<(Vec<u8>, bool)> {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let m = self.inbox(user);
            if m.len() >= n {
                return m;
            }
            assert!(
                Instant::now() < end,
                "{user} has {} messages after 30 s, expected {n}; smtpd log:\n{}",
                m.len(),
                std::fs::read_to_string(self.path().join("smtpd.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for MailStack {
    fn drop(&mut self) {
        self.stop_smtpd();
        let _ = Command::new(need("dovecot", "dovecot-imapd"))
            .arg("-c")
            .arg(self.path().join("dovecot.conf"))
            .arg("stop")
            .status();
    }
}

/// The value of a header in a raw message (first occurrence, unfolded).
pub(crate) fn header(raw: &[u8], name: &str) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap_or("");
    let mut lines = head.split("\r\n").peekable();
    while let Some(l) = lines.next() {
        if let Some((n, v)) = l.split_once(':')
            && n.eq_ignore_ascii_case(name)
        {
            let mut v = v.trim().to_string();
            while let Some(c) = lines.peek() {
                if c.starts_with([' ', '\t']) {
                    v.push(' ');
                    v.push_str(c.trim());
                    lines.next();
                } else {
                    break;
                }
            }
            return Some(v);
        }
    }
    None
}

/// A long-running `dipspy serve` (the built binary), its stderr lines on a
/// channel so a test can wait for what it logs.
pub(crate) struct Serve {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Serve {
    /// Starts `dipspy [global…] serve --config CFG` with `DIPSPY_LOG=info`
    /// and the extra environment `env`.
    pub(crate) fn start(global: &[String], cfg: &Path, env: &[(&str, &str)]) -> Serve {
        let mut c = Command::new(env!("CARGO_BIN_EXE_dipspy"));
        c.args(global)
            .args(["serve", "--config"])
            .arg(cfg)
            .env("DIPSPY_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in env {
            c.env(k, v);
        }
        let mut child = c.spawn().unwrap();
        let err = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Serve {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits (at most a minute) for a stderr line containing `what`.
    pub(crate) fn wait_line(&mut self, what: &str) {
        let end = Instant::now() + Duration::from_secs(60);
        while Instant::now() < end {
            if let Ok(l) = self.lines.recv_timeout(Duration::from_millis(100)) {
                let hit = l.contains(what);
                self.seen.push(l);
                if hit {
                    return;
                }
            }
        }
        panic!(
            "dipspy serve never said {what:?}; it said:\n{}",
            self.seen.join("\n")
        );
    }

    /// SIGKILL, and wait for the process to be gone.
    pub(crate) fn kill9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, and the exit status must be success within 30 s.
    pub(crate) fn terminate(mut self) {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                assert!(s.success(), "serve exited with {s} on SIGTERM");
                return;
            }
            assert!(Instant::now() < end, "serve did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
