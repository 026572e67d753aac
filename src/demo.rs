//! `dipspy demo`: a short espionage game played entirely by email, with no
//! mail server. The judge reads the players' mail from a Maildir and
//! delivers its own mail into one Maildir per recipient, exactly as
//! `dipspy serve` does with `transport = "maildir"`; the demo only plays
//! the clock and the postman. The script (which mails arrive when, and
//! when the clock jumps to a deadline) is `fixtures/demo/demo.toml`; the
//! mails are the `.eml` files beside it.

use crate::config::{Config, JudgeConfig, MailConfig, MaildirConfig, Transport};
use crate::mail::{Server, create_maildir, deliver_to_maildir};
use crate::store::{self, Store};
use crate::text::{self, Args, Lang};
use chrono::{DateTime, Duration, Utc};
use serde::Deserialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why the demo could not run.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    /// A script or mail file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The script does not read or says something the demo cannot do.
    #[error("{path}: {message}")]
    Script {
        /// The script file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// Reading or writing a file or a Maildir failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The database failed.
    #[error("database error: {0}")]
    Sql(#[from] crate::store::DbError),
    /// The mail layer failed.
    #[error(transparent)]
    Mail(#[from] crate::mail::MailError),
    /// A game step failed.
    #[error(transparent)]
    Game(#[from] crate::game::GameError),
    /// A password could not be hashed.
    #[error(transparent)]
    Password(#[from] crate::password::HashError),
}

/// The demo script.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    game: String,
    judge: String,
    master: String,
    master_password: String,
    /// When the story starts (RFC 3339).
    start: String,
    step: Vec<Step>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    /// What happens, printed as the step runs.
    say: String,
    /// Mails delivered at this step: every `.eml` file whose name starts
    /// with one of these prefixes, in name order.
    #[serde(default)]
    mails: Vec<String>,
    /// `deadline`: after the mails, the clock jumps past the current
    /// deadline of the game and the judge runs again.
    #[serde(default)]
    then: Option<String>,
}

/// Where the demo's files live.
pub struct Options {
    /// The script directory (default `fixtures/demo`).
    pub fixtures: PathBuf,
    /// Where the database and Maildirs go; a temporary directory (removed
    /// afterwards) when none is given.
    pub dir: Option<PathBuf>,
    /// Print every mail in full, not only the results and spy reports.
    pub all_mail: bool,
}

/// The default script directory: `fixtures/demo` under the working
/// directory, else the one in the source tree dipspy was built from.
pub fn default_fixtures() -> PathBuf {
    let here = PathBuf::from("fixtures/demo");
    if here.join("demo.toml").exists() {
        here
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/demo")
    }
}

/// The demo's database in its working directory.
pub fn database(dir: &Path) -> PathBuf {
    dir.join("demo.sqlite")
}

/// Runs the demo and writes its story to `out`.
pub fn run(o: &Options, out: &mut dyn Write) -> Result<(), DemoError> {
    crate::text::install();
    let script_path = o.fixtures.join("demo.toml");
    let (script, start) = read_script(&script_path)?;
    let tmp;
    let dir = match &o.dir {
        Some(d) => {
            std::fs::create_dir_all(d)?;
            d.clone()
        }
        None => {
            tmp = tempdir()?;
            tmp.0.clone()
        }
    };
    let mut demo = Demo::set_up(o, &script, script_path, &dir, start)?;
    writeln!(
        out,
        "dipspy demo: game `{}` played by mail, judge {}",
        script.game, script.judge
    )?;
    writeln!(out, "working directory: {}", dir.display())?;
    for (i, step) in script.step.iter().enumerate() {
        demo.play_step(i, step, out)?;
    }
    print_secret_log(&demo.st, &script.game, out)
}

/// The demo's judge configuration, for its database in `dir` (the
/// script's addresses and master password, mail through the Maildirs
/// there): what `dipspy demo --web` serves the powers' pages with.
pub fn config(fixtures: &Path, dir: &Path) -> Result<Config, DemoError> {
    let (script, _) = read_script(&fixtures.join("demo.toml"))?;
    demo_config(&script, &dir.join("judge-maildir"), &dir.join("mailboxes"))
}

/// Reads the script at `path`, with the time its story starts.
fn read_script(path: &Path) -> Result<(Script, DateTime<Utc>), DemoError> {
    let text = std::fs::read_to_string(path).map_err(|source| DemoError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let script: Script = toml::from_str(&text).map_err(|e| DemoError::Script {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let start = store::parse_time(&script.start).ok_or_else(|| DemoError::Script {
        path: path.to_path_buf(),
        message: format!("start `{}` is not an RFC 3339 time", script.start),
    })?;
    Ok((script, start))
}

/// The judge's configuration for the demo: the script's addresses and
/// master password, mail through the two Maildirs.
fn demo_config(script: &Script, incoming: &Path, outgoing: &Path) -> Result<Config, DemoError> {
    Ok(Config {
        judge: JudgeConfig {
            address: Some(script.judge.clone()),
            master_address: Some(script.master.clone()),
            master_password_hash: Some(crate::password::hash_password(&script.master_password)?),
            master_copies: Some(false),
            alert_after: None,
            head_key: None,
            language: None,
        },
        mail: MailConfig {
            transport: Transport::Maildir,
            poll_seconds: None,
        },
        maildir: MaildirConfig {
            incoming: Some(incoming.to_path_buf()),
            outgoing: Some(outgoing.to_path_buf()),
        },
        ..Config::default()
    })
}

/// A demo under way: the judge with its store and Maildirs, the players'
/// mails still to deliver, the mail already printed, and the clock.
struct Demo<'a> {
    o: &'a Options,
    script: &'a Script,
    script_path: PathBuf,
    st: Store,
    server: Server,
    incoming: PathBuf,
    outgoing: PathBuf,
    /// The script's `.eml` files, in name order.
    files: Vec<PathBuf>,
    seen: std::collections::BTreeSet<PathBuf>,
    now: DateTime<Utc>,
}

impl<'a> Demo<'a> {
    /// Makes the judge's database and Maildirs in `dir`, with the clock at
    /// `start`.
    fn set_up(
        o: &'a Options,
        script: &'a Script,
        script_path: PathBuf,
        dir: &Path,
        start: DateTime<Utc>,
    ) -> Result<Self, DemoError> {
        let db = database(dir);
        let incoming = dir.join("judge-maildir");
        let outgoing = dir.join("mailboxes");
        let cfg = demo_config(script, &incoming, &outgoing)?;
        let st = Store::open(&db)?;
        // The demo makes the judge's Maildir, as a mail server would.
        create_maildir(&incoming)?;
        let server = Server::new(&cfg)?;
        let mut files: Vec<PathBuf> = std::fs::read_dir(&o.fixtures)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        files.sort();
        Ok(Demo {
            o,
            script,
            script_path,
            st,
            server,
            incoming,
            outgoing,
            files,
            seen: std::collections::BTreeSet::new(),
            now: start,
        })
    }

    /// Plays step `i`: delivers its mails, lets the judge read them, moves
    /// the clock past the deadline when the step says so, and prints what
    /// happened.
    fn play_step(&mut self, i: usize, step: &Step, out: &mut dyn Write) -> Result<(), DemoError> {
        writeln!(out, "\n## {}. {}", i + 1, step.say)?;
        self.deliver(i, step)?;
        self.now += Duration::minutes(10);
        let s = self.server.pass(&mut self.st, self.now);
        writeln!(out, "   judge: {} mails read", s.fetched)?;
        self.print_new_mail(out)?;
        if step.then.as_deref() == Some("deadline") {
            self.pass_deadline(i, out)?;
        }
        print_game_state(&self.st, &self.script.game, out)
    }

    /// Delivers the mails step `i` names into the judge's Maildir.
    fn deliver(&self, i: usize, step: &Step) -> Result<(), DemoError> {
        let mut delivered = 0;
        for f in self.files.iter().filter(|f| {
            let name = f.file_name().unwrap_or_default().to_string_lossy();
            step.mails.iter().any(|m| name.starts_with(m.as_str()))
        }) {
            let raw = std::fs::read(f)?;
            deliver_to_maildir(&self.incoming, &raw)?;
            delivered += 1;
        }
        if delivered == 0 && !step.mails.is_empty() {
            return Err(DemoError::Script {
                path: self.script_path.clone(),
                message: format!("step {} names mails {:?} but none exist", i + 1, step.mails),
            });
        }
        Ok(())
    }

    /// Moves the clock past the game's deadline (step `i` asked for it),
    /// lets the judge run, and prints its mail.
    fn pass_deadline(&mut self, i: usize, out: &mut dyn Write) -> Result<(), DemoError> {
        let Some(deadline) = current_deadline(&self.st, &self.script.game)? else {
            return Err(DemoError::Script {
                path: self.script_path.clone(),
                message: format!("step {}: the game has no deadline to wait for", i + 1),
            });
        };
        self.now = deadline.max(self.now) + Duration::minutes(1);
        writeln!(
            out,
            "   ... the clock moves past the deadline, to {}",
            store::time_text(self.now)
        )?;
        self.server.pass(&mut self.st, self.now);
        self.print_new_mail(out)
    }

    /// Prints the mail the judge delivered since the last time.
    fn print_new_mail(&mut self, out: &mut dyn Write) -> Result<(), DemoError> {
        print_new_mail(
            &self.st,
            &self.script.game,
            &self.outgoing,
            &mut self.seen,
            self.o.all_mail,
            out,
        )
    }
}

/// Prints where the game stands: over (with how it ended), or the phase
/// it is in.
fn print_game_state(st: &Store, game: &str, out: &mut dyn Write) -> Result<(), DemoError> {
    let v = crate::game::show(st, game)?;
    if v.status == store::GameStatus::Finished {
        writeln!(
            out,
            "   The game is over: {} ({}).",
            v.outcome.map_or("ended", |o| o.as_str()),
            v.outcome_powers.join(", ")
        )?;
    } else if let Some(p) = &v.phase_name {
        let stage = if v.reaction_phase {
            ", reaction phase"
        } else {
            ""
        };
        writeln!(out, "   The game is now in {p}{stage}.")?;
    }
    Ok(())
}

/// Prints the game's secret log and whether its hash chain is intact.
fn print_secret_log(st: &Store, game: &str, out: &mut dyn Write) -> Result<(), DemoError> {
    writeln!(
        out,
        "\n# The judge's secret log (dipspy secret-log {})\n",
        game
    )?;
    let rows = crate::game::secret_log(st, game, None, None)?;
    write!(out, "{}", crate::secretlog::text(&rows))?;
    // The judge's own key checks the heads (a key that cannot be read
    // leaves them unchecked, and says so).
    let intact = match crate::secretlog::load(st.head_key()) {
        Ok(k) => {
            let v = crate::game::verify_secret_log(st, game, &k.verifying_key(), &[])?;
            if v.first_problem.is_none() {
                "intact"
            } else {
                "DAMAGED"
            }
        }
        Err(_) => "not checked (the judge's key cannot be read)",
    };
    writeln!(out, "\n{} entries; hash chain {intact}", rows.len())?;
    Ok(())
}

fn current_deadline(st: &Store, game: &str) -> Result<Option<DateTime<Utc>>, DemoError> {
    let Some(g) = st.read().game_by_name(game)? else {
        return Ok(None);
    };
    Ok(st
        .read()
        .live_phase(g.id)?
        .and_then(|p| p.deadline)
        .and_then(|d| store::parse_time(&d)))
}

/// Prints the mail the judge delivered since the last call: each
/// announcement once with its recipients, replies by their first lines
/// (in full with `all`). A reply to a player who reads French or German
/// is printed in full, so that the demo shows their language.
fn print_new_mail(
    st: &Store,
    game: &str,
    root: &Path,
    seen: &mut std::collections::BTreeSet<PathBuf>,
    all: bool,
    out: &mut dyn Write,
) -> Result<(), DemoError> {
    for g in new_mail(st, game, root, seen)? {
        print_mail(&g, all, out)?;
    }
    Ok(())
}

/// One mail as the demo prints it, with everyone who got the same.
struct SentMail {
    subject: String,
    body: String,
    /// The recipients' names (their addresses' local parts).
    to: Vec<String>,
    /// ` with picture.png, 40 KB` for the attachments, or empty.
    files: String,
    /// The language the (first) recipient reads.
    lang: Lang,
    /// Whether it answers a mail.
    reply: bool,
}

/// The mail in the mailboxes under `root` not yet `seen` (marked seen
/// now), mailbox by mailbox in name order, each mailbox's mail by time; a
/// mail with the subject and body of an earlier one joins its recipients.
fn new_mail(
    st: &Store,
    game: &str,
    root: &Path,
    seen: &mut std::collections::BTreeSet<PathBuf>,
) -> Result<Vec<SentMail>, DemoError> {
    let mut groups: Vec<SentMail> = Vec::new();
    let mut boxes: Vec<PathBuf> = match std::fs::read_dir(root) {
        Ok(d) => d.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => return Ok(groups),
    };
    boxes.sort();
    for b in boxes {
        let address = b
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let who = address.split('@').next().unwrap_or_default().to_string();
        let lang =
            crate::game::reader_lang(&st.read(), Some(game), &address, None).unwrap_or_default();
        let Ok(dir) = std::fs::read_dir(b.join("new")) else {
            continue;
        };
        let mut mails: Vec<(std::time::SystemTime, PathBuf)> = dir
            .filter_map(|e| e.ok())
            .filter(|e| !seen.contains(&e.path()))
            .map(|e| {
                let t = e.metadata().and_then(|m| m.modified()).ok();
                (t.unwrap_or(std::time::UNIX_EPOCH), e.path())
            })
            .collect();
        mails.sort();
        for (_, m) in mails {
            seen.insert(m.clone());
            let raw = std::fs::read(&m)?;
            let Some(msg) = mail_parser::MessageParser::default().parse(&raw) else {
                continue;
            };
            let subject = msg.subject().unwrap_or("").to_string();
            let reply = !msg.in_reply_to().is_empty() || subject.starts_with("Re:");
            let body = msg.body_text(0).unwrap_or_default().to_string();
            let files = attachments_text(&msg);
            match groups
                .iter_mut()
                .find(|g| g.subject == subject && g.body == body)
            {
                Some(g) => g.to.push(who.clone()),
                None => groups.push(SentMail {
                    subject,
                    body,
                    to: vec![who.clone()],
                    files,
                    lang,
                    reply,
                }),
            }
        }
    }
    Ok(groups)
}

/// The attachments of a mail (the picture of the board), named with their
/// sizes: ` with board.png, 40 KB`, or empty.
fn attachments_text(msg: &mail_parser::Message<'_>) -> String {
    let files: Vec<String> = {
        use mail_parser::MimeHeaders;
        msg.attachments()
            .map(|a| {
                format!(
                    "{}, {} KB",
                    a.attachment_name().unwrap_or("a file"),
                    a.contents().len().div_ceil(1024)
                )
            })
            .collect()
    };
    if files.is_empty() {
        String::new()
    } else {
        format!(" with {}", files.join("; "))
    }
}

/// Prints one mail: its recipients and subject, then its body in full
/// (with `all`, or a reply in French or German), a reply's refused lines,
/// or an announcement up to its how-to-answer paragraph.
fn print_mail(m: &SentMail, all: bool, out: &mut dyn Write) -> Result<(), DemoError> {
    let to = if m.to.len() == 7 {
        "all seven players".to_string()
    } else {
        m.to.join(", ")
    };
    let read_in = match m.lang {
        Lang::En => "",
        Lang::Fr => " (in French)",
        Lang::De => " (in German)",
    };
    writeln!(out, "   -> {to}{read_in}: \"{}\"{}", m.subject, m.files)?;
    // Where a spy report's how-to-react paragraph starts, in the
    // reader's language.
    let react = text::render(
        m.lang,
        "mails-spy-report-react",
        &Args::new()
            .str("deadline", "")
            .str("example", "")
            .str("none", ""),
    );
    let react = react.lines().next().unwrap_or_default().to_string();
    if all || (m.reply && m.lang != Lang::En) {
        for l in m.body.lines() {
            writeln!(out, "        {l}")?;
        }
    } else if m.reply {
        print_refused_lines(&m.body, out)?;
    } else {
        // An announcement: up to its how-to-answer paragraph.
        for l in m
            .body
            .lines()
            .take_while(|l| react.is_empty() || !l.starts_with(&react))
        {
            writeln!(out, "        {l}")?;
        }
    }
    Ok(())
}

/// Prints a reply's refused lines, each with the line before it (the
/// order), or says that every line was accepted.
fn print_refused_lines(body: &str, out: &mut dyn Write) -> Result<(), DemoError> {
    let lines: Vec<&str> = body.lines().collect();
    let mut refused = 0;
    for (i, l) in lines.iter().enumerate() {
        if l.trim_start().starts_with("REJECTED") {
            refused += 1;
            if i > 0 {
                writeln!(out, "        {}", lines[i - 1])?;
            }
            writeln!(out, "        {l}")?;
        }
    }
    if refused == 0 {
        let n = lines.iter().filter(|l| l.starts_with("Line ")).count();
        writeln!(out, "        (all {n} lines accepted)")?;
    }
    Ok(())
}

/// A temporary directory removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

/// A new temporary directory for a demo's files (`dipspy demo --web`
/// keeps one while it serves the pages), removed when dropped.
pub fn tempdir() -> std::io::Result<TempDir> {
    let base = std::env::temp_dir();
    for n in 0..1000u32 {
        let p = base.join(format!("dipspy-demo-{}-{n}", std::process::id()));
        if std::fs::create_dir(&p).is_ok() {
            return Ok(TempDir(p));
        }
    }
    Err(std::io::Error::other("cannot make a temporary directory"))
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
