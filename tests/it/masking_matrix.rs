//! Issue 34 item 10: masking as a matrix, through the judge as users
//! reach it (`dipspy serve --once` on a Maildir, see `tests/it/support/mailgame.rs`).
//!
//! Every command of the grammar that carries a password or a code
//! (SIGNON, SIGN ON, JOIN, MASTER, TAKEOVER, BECOME and CREATE after
//! MASTER, SET PASSWORD after SIGNON, CONFIRM ADDRESS) × every way of
//! writing it into a mail (plain, quoted-printable, base64, HTML split by
//! tags, HTML split by entities, a nested `message/rfc822`, the sixth
//! text part, the subject as an encoded word) × what becomes of the mail
//! (handled, quarantined as too large, ignored as automatic, quarantined
//! and then released with `dipspy quarantine release`). Each cell has a
//! secret of its own (the master's cells that are read share the master
//! password), so that a leak names its cell. The secret is looked for,
//! with a MIME reader of the test's own (`tests/it/support/maskdecode.rs`, not the
//! crate the masker uses), in the stored raw mail (every way its bytes
//! read, every part), its stored subject, the replies to it, the
//! `orders` and `outbox` tables, every mail the judge wrote, the logs of
//! every run (at `debug`), and every byte of the database file, its WAL
//! and a `dipspy backup` copy. Every failing cell is named.

use crate::support::mailcheck;
use crate::support::mailgame;
use crate::support::maskdecode;

use base64::Engine;
use mailgame::{JUDGE, MASTER, MASTER_PW, POWERS, World, letter};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::Command;

const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cmd {
    Signon,
    SignOn,
    SetPassword,
    Join,
    Takeover,
    ConfirmAddress,
    Master,
    Become,
    Create,
}

const CMDS: [Cmd; 9] = [
    Cmd::Signon,
    Cmd::SignOn,
    Cmd::SetPassword,
    Cmd::Join,
    Cmd::Takeover,
    Cmd::ConfirmAddress,
    Cmd::Master,
    Cmd::Become,
    Cmd::Create,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Enc {
    Plain,
    QuotedPrintable,
    Base64,
    HtmlTags,
    HtmlEntities,
    Nested,
    SixthPart,
    Subject,
}

const ENCS: [Enc; 8] = [
    Enc::Plain,
    Enc::QuotedPrintable,
    Enc::Base64,
    Enc::HtmlTags,
    Enc::HtmlEntities,
    Enc::Nested,
    Enc::SixthPart,
    Enc::Subject,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Disp {
    Handled,
    Quarantined,
    Ignored,
    Released,
}

const DISPS: [Disp; 4] = [
    Disp::Handled,
    Disp::Quarantined,
    Disp::Ignored,
    Disp::Released,
];

impl Disp {
    /// Whether the judge reads the mail's commands.
    fn read(self) -> bool {
        matches!(self, Disp::Handled | Disp::Released)
    }

    /// The inbox status the mail ends with.
    fn status(self) -> &'static str {
        match self {
            Disp::Handled | Disp::Released => "handled",
            Disp::Quarantined => "quarantined",
            Disp::Ignored => "ignored",
        }
    }
}

/// One cell of the matrix.
struct Cell {
    cmd: Cmd,
    enc: Enc,
    /// How the text part inside a nested message or the sixth part is
    /// written.
    inner: Enc,
    disp: Disp,
    from: String,
    mid: String,
    /// The lines of the mail's text, the last one `keep`.
    lines: Vec<String>,
    /// The secrets it carries (the master password among them for a
    /// master's cell that is read).
    secrets: Vec<String>,
    /// A line that must still be readable in the stored mail.
    keep: String,
}

impl Cell {
    fn name(&self) -> String {
        match self.enc {
            Enc::Nested | Enc::SixthPart => format!(
                "{:?} × {:?} ({:?} inside) × {:?}",
                self.cmd, self.enc, self.inner, self.disp
            ),
            _ => format!("{:?} × {:?} × {:?}", self.cmd, self.enc, self.disp),
        }
    }
}

/// A secret of a cell: all of one length, starting `Zq`, none inside
/// another, so that a search through the database's bytes finds them
/// all in one sweep.
fn secret(i: usize, kind: char) -> String {
    format!("Zq{i:03}{kind}sEcrt")
}

const SECRET_LEN: usize = 11;

/// The games the setup makes: forming games for the sign-ons and set
/// passwords (`s1`...), forming games with room for JOIN (`j1`...),
/// running games whose powers are ejected for TAKEOVER (`t1`...).
struct Seats {
    /// A player's seat per cell that signs on: (game, power).
    signon: Vec<(String, &'static str)>,
    join: Vec<(String, &'static str)>,
    takeover: Vec<(String, &'static str)>,
}

fn seats(n: usize, prefix: &str) -> Vec<(String, &'static str)> {
    (0..n)
        .map(|k| (format!("{prefix}{}", k / 7 + 1), POWERS[k % 7]))
        .collect()
}

/// The text lines of a cell's command (the keep line last), its secrets
/// and sender.
fn command(
    cmd: Cmd,
    i: usize,
    disp: Disp,
    seat: Option<&(String, &'static str)>,
) -> (Vec<String>, Vec<String>, String) {
    let a = secret(i, 'a');
    let keep = format!("Row {i} stays readable");
    let player = || {
        let (g, p) = seat.unwrap();
        (g.clone(), *p, format!("cell{i}@players.test"))
    };
    // A master's cell that is read signs on with the master password; one
    // that is not read has a secret of its own (a wrong guess is as
    // secret as the right one, and no unread mail counts as a guess).
    let mpw = if disp.read() {
        MASTER_PW.to_string()
    } else {
        a.clone()
    };
    let (lines, secrets, from) = match cmd {
        Cmd::Signon | Cmd::SignOn | Cmd::SetPassword => {
            let (g, p, from) = player();
            let word = if cmd == Cmd::SignOn {
                "SIGN ON"
            } else {
                "SIGNON"
            };
            let mut l = vec![format!("{word} {} {g} {a}", letter(p))];
            let mut s = vec![a.clone()];
            if cmd == Cmd::SetPassword {
                let b = secret(i, 'b');
                l.push(format!("SET PASSWORD {b}"));
                s.push(b);
            }
            (l, s, from)
        }
        Cmd::Join => {
            let (g, p, from) = player();
            (vec![format!("JOIN {p} {g} {a}")], vec![a.clone()], from)
        }
        Cmd::Takeover => {
            let (g, p, _) = player();
            (
                vec![format!("TAKEOVER {} {g} {a}", letter(p))],
                vec![a.clone()],
                format!("taker{i}@elsewhere.test"),
            )
        }
        Cmd::ConfirmAddress => (
            vec![format!("CONFIRM ADDRESS {a}")],
            vec![a.clone()],
            format!("confirm{i}@elsewhere.test"),
        ),
        Cmd::Master => (
            vec![format!("MASTER {mpw}"), "LIST".into()],
            vec![mpw],
            MASTER.to_string(),
        ),
        Cmd::Become => (
            vec![format!("MASTER {mpw}"), "BECOME t5 italy".into()],
            vec![mpw],
            MASTER.to_string(),
        ),
        Cmd::Create => (
            vec![format!("MASTER {mpw}"), format!("CREATE c{i} deadline=48h")],
            vec![mpw],
            MASTER.to_string(),
        ),
    };
    let mut lines = lines;
    lines.push(keep);
    (lines, secrets, from)
}

fn lines76(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in B64.encode(s).as_bytes().chunks(76) {
        out.extend_from_slice(c);
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// Quoted-printable with every other letter or digit as `=XX` and a soft
/// line break inside every word of four letters or more.
fn qp(text: &str) -> String {
    let mut out = String::new();
    for line in text.split("\r\n") {
        for (w, word) in line.split(' ').enumerate() {
            if w > 0 {
                out.push(' ');
            }
            let half = word.len() / 2;
            for (k, c) in word.chars().enumerate() {
                if word.len() >= 4 && k == half {
                    out.push_str("=\r\n");
                }
                if c == '=' || (c.is_ascii_alphanumeric() && k % 2 == 1) {
                    out.push_str(&format!("={:02X}", c as u32));
                } else {
                    out.push(c);
                }
            }
        }
        out.push_str("\r\n");
    }
    out
}

/// A line as HTML with every word of two letters or more split by an
/// inline tag (`SI<b>GNON</b>`).
fn split_by_tags(line: &str) -> String {
    line.split(' ')
        .enumerate()
        .map(|(k, w)| {
            if w.len() < 2 {
                return w.to_string();
            }
            let (x, y) = w.split_at(w.len() / 2);
            let tag = if k % 2 == 0 { "b" } else { "span" };
            format!("{x}<{tag}>{y}</{tag}>")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A line as HTML with every other character of a word an entity
/// (decimal and hexadecimal in turn).
fn split_by_entities(line: &str) -> String {
    let mut out = String::new();
    for (k, c) in line.chars().enumerate() {
        if c != ' ' && k % 2 == 0 {
            if k % 4 == 0 {
                out.push_str(&format!("&#{};", c as u32));
            } else {
                out.push_str(&format!("&#x{:x};", c as u32));
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn html(lines: &[String], f: fn(&str) -> String) -> String {
    let mut s = String::from("<html><body>");
    for l in lines {
        s.push_str(&format!("<div>{}</div>", f(l)));
    }
    s.push_str("</body></html>\r\n");
    s
}

/// The ways a text part is written, for the parts nested in others.
const INNER: [Enc; 5] = [
    Enc::Plain,
    Enc::QuotedPrintable,
    Enc::Base64,
    Enc::HtmlTags,
    Enc::HtmlEntities,
];

/// One text part holding `lines` written as `enc` (one of [`INNER`]):
/// its content header lines and body.
fn text_part(enc: Enc, lines: &[String]) -> (String, Vec<u8>) {
    let text = format!("{}\r\n", lines.join("\r\n"));
    let plain = "Content-Type: text/plain; charset=utf-8\r\n";
    let html_type = "Content-Type: text/html; charset=utf-8\r\n";
    match enc {
        Enc::QuotedPrintable => (
            format!("{plain}Content-Transfer-Encoding: quoted-printable\r\n"),
            qp(&text).into_bytes(),
        ),
        Enc::Base64 => (
            format!("{plain}Content-Transfer-Encoding: base64\r\n"),
            lines76(text.as_bytes()),
        ),
        Enc::HtmlTags => (html_type.into(), html(lines, split_by_tags).into_bytes()),
        Enc::HtmlEntities => (
            html_type.into(),
            html(lines, split_by_entities).into_bytes(),
        ),
        _ => (plain.into(), text.into_bytes()),
    }
}

/// The header lines (after From, To, Message-ID, Date) and body of a
/// cell's mail; `inner` is how the text part nested in a message or a
/// multipart is written.
fn encode(enc: Enc, inner: Enc, lines: &[String], from: &str) -> (String, Vec<u8>) {
    let plain = "Content-Type: text/plain; charset=utf-8\r\n";
    let subject = "Subject: orders\r\n";
    let multipart = |b: &str| {
        format!("{subject}MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"{b}\"\r\n")
    };
    match enc {
        Enc::Nested => {
            // The mail's own text, then the same again in the message it
            // forwards (mail-parser reads a nested message's parts at
            // offsets into the outer mail).
            let (head, body) = text_part(inner, lines);
            let mut b = format!(
                "--nest\r\n{plain}\r\n{}\r\nForwarded below.\r\n\
                 --nest\r\nContent-Type: message/rfc822\r\n\r\n\
                 From: {from}\r\nSubject: fwd\r\n{head}\r\n",
                lines.join("\r\n")
            )
            .into_bytes();
            b.extend_from_slice(&body);
            b.extend_from_slice(b"\r\n--nest--\r\n");
            (multipart("nest"), b)
        }
        Enc::SixthPart => {
            let mut b = Vec::new();
            for k in 1..=5 {
                b.extend_from_slice(format!("--six\r\n{plain}\r\nNotes, part {k}.\r\n").as_bytes());
            }
            let (head, body) = text_part(inner, lines);
            b.extend_from_slice(format!("--six\r\n{head}\r\n").as_bytes());
            b.extend_from_slice(&body);
            b.extend_from_slice(b"\r\n--six--\r\n");
            (multipart("six"), b)
        }
        Enc::Subject => {
            let (keep, cmd) = lines.split_last().unwrap();
            (
                format!(
                    "Subject: =?utf-8?b?{}?=\r\n{plain}",
                    B64.encode(format!("Re: {}", cmd.join(" ")))
                ),
                format!("{keep}\r\n").into_bytes(),
            )
        }
        one => {
            let (head, body) = text_part(one, lines);
            (format!("{subject}{head}"), body)
        }
    }
}

/// Padding past the size limit (16 KiB here), in header lines, so that
/// the body is as in the other cells.
fn padding() -> String {
    let mut s = String::new();
    for k in 0..240 {
        s.push_str(&format!("X-Padding-{k:03}: {}\r\n", "p".repeat(64)));
    }
    s
}

fn raw_mail(c: &Cell) -> Vec<u8> {
    let (head, body) = encode(c.enc, c.inner, &c.lines, &c.from);
    let extra = match c.disp {
        Disp::Handled => String::new(),
        Disp::Ignored => "Auto-Submitted: auto-replied\r\n".into(),
        Disp::Quarantined | Disp::Released => padding(),
    };
    let mut raw = format!(
        "From: {}\r\nTo: {JUDGE}\r\nMessage-ID: {}\r\nDate: Sat, 01 Mar 2025 12:00:00 +0000\r\n{extra}{head}\r\n",
        c.from, c.mid
    )
    .into_bytes();
    raw.extend_from_slice(&body);
    raw
}

fn configure(w: &World, toml: &str) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&w.cfg)
        .unwrap();
    writeln!(f, "\n{toml}").unwrap();
}

/// Runs dipspy with `args` at the world's clock, logging at `debug`;
/// gives its standard error (the log), and fails the test if it fails.
fn run(w: &World, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .env("DIPSPY_LOG", "debug")
        .arg("--now")
        .arg(w.now.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .arg("--config")
        .arg(&w.cfg)
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "dipspy {args:?} failed: {err}");
    let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
    log.push_str(&err);
    log
}

/// The setup: games to sign on to, to join and to take over, each cell's
/// player joined with the cell's password. Gives the seats per command.
fn set_up(w: &mut World, log: &mut String) -> Seats {
    let per = ENCS.len() * DISPS.len();
    let seats = Seats {
        signon: seats(3 * per, "s"),
        join: seats(per, "j"),
        takeover: seats(per, "t"),
    };
    let games = |s: &[(String, &str)]| {
        let mut g: Vec<String> = s.iter().map(|x| x.0.clone()).collect();
        g.dedup();
        g
    };
    let mut creates: Vec<String> = Vec::new();
    for g in games(&seats.signon)
        .into_iter()
        .chain(games(&seats.join))
        .chain(games(&seats.takeover))
    {
        creates.push(format!("CREATE {g} deadline=48h"));
    }
    // The running games; the last one's Italy (not ejected) is the power
    // the BECOME cells act for.
    let running = games(&seats.takeover);
    assert_eq!(running.last().map(String::as_str), Some("t5"));
    w.master(&creates.join("\n"));
    w.pass();
    // The players of the running games, joined with passwords of their
    // own, and the players of the cells that sign on.
    for g in &running {
        for p in POWERS {
            let who = format!("{p}.{g}@players.test");
            let pw = format!("Tp-{g}-{p}-9z");
            w.send(&who, &format!("JOIN {p} {g} {pw}"));
            w.passwords.push(pw);
        }
    }
    w.pass();
    let mut lines: Vec<String> = running.iter().map(|g| format!("START {g}")).collect();
    for (g, p) in &seats.takeover {
        lines.push(format!("EJECT {g} {p}"));
    }
    w.master(&lines.join("\n"));
    log.push_str(&run(w, &["serve", "--once"]));
    seats
}

/// The cells, built; each cell of a command that signs on joined first.
fn cells(w: &mut World, seats: &Seats) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut signon_seats = seats.signon.iter();
    let mut join_seats = seats.join.iter();
    let mut takeover_seats = seats.takeover.iter();
    for (ci, cmd) in CMDS.into_iter().enumerate() {
        for enc in ENCS {
            for (di, disp) in DISPS.into_iter().enumerate() {
                let i = out.len();
                // Each command and disposition nests a part written
                // another way.
                let inner = match enc {
                    Enc::Nested => INNER[(ci + di) % INNER.len()],
                    Enc::SixthPart => INNER[(ci + di + 2) % INNER.len()],
                    _ => Enc::Plain,
                };
                let seat = match cmd {
                    Cmd::Signon | Cmd::SignOn | Cmd::SetPassword => signon_seats.next(),
                    Cmd::Join => join_seats.next(),
                    Cmd::Takeover => takeover_seats.next(),
                    _ => None,
                };
                let (lines, secrets, from) = command(cmd, i, disp, seat);
                if matches!(cmd, Cmd::Signon | Cmd::SignOn | Cmd::SetPassword) {
                    let (g, p) = seat.unwrap();
                    w.send(&from, &format!("JOIN {p} {g} {}", secrets[0]));
                }
                let keep = lines.last().unwrap().clone();
                out.push(Cell {
                    cmd,
                    enc,
                    inner,
                    disp,
                    from,
                    mid: format!("<cell{i}@players.test>"),
                    lines,
                    secrets,
                    keep,
                });
            }
        }
    }
    out
}

/// Where each secret of `cells` (and the master password) occurs in
/// `hay`, in UTF-8, UTF-16LE or UTF-16BE: one sweep for the cells'
/// secrets (all of [`SECRET_LEN`], starting `Zq`).
fn secrets_in(hay: &[u8], shared: &[String]) -> BTreeMap<String, &'static str> {
    let mut found = BTreeMap::new();
    let forms: [(&'static str, Vec<u8>, usize); 3] = [
        ("UTF-8", b"Zq".to_vec(), 1),
        ("UTF-16LE", b"Z\0q\0".to_vec(), 2),
        ("UTF-16BE", b"\0Z\0q".to_vec(), 2),
    ];
    for (name, mark, width) in forms {
        let mut at = 0;
        while let Some(p) = hay[at..]
            .windows(mark.len())
            .position(|x| x == mark.as_slice())
        {
            let s = at + p;
            let end = (s + SECRET_LEN * width).min(hay.len());
            let bytes = &hay[s..end];
            let text: String = match width {
                1 => String::from_utf8_lossy(bytes).into_owned(),
                _ => {
                    let units: Vec<u16> = bytes
                        .chunks_exact(2)
                        .map(|c| {
                            if name == "UTF-16LE" {
                                u16::from_le_bytes([c[0], c[1]])
                            } else {
                                u16::from_be_bytes([c[0], c[1]])
                            }
                        })
                        .collect();
                    String::from_utf16_lossy(&units)
                }
            };
            found.entry(text).or_insert(name);
            at = s + 1;
        }
    }
    for s in shared {
        if let Some(enc) = maskdecode::holds_bytes(hay, s) {
            found.insert(s.clone(), enc);
        }
    }
    found
}

/// Up to three places where `needle` stands in `hay`, with what is
/// around it (to tell which mail a shared password came from).
fn around(hay: &str, needle: &str) -> String {
    hay.match_indices(needle)
        .take(3)
        .map(|(i, _)| {
            let s = hay.floor_char_boundary(i.saturating_sub(80));
            let e = hay.ceil_char_boundary((i + needle.len() + 40).min(hay.len()));
            format!("«{}»", hay[s..e].replace(['\r', '\n'], " "))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn file_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_default()
}

#[test]
fn no_secret_of_any_command_encoding_or_disposition_is_kept() {
    let mut w = World::new();
    configure(
        &w,
        "[limits]\nmax_message_bytes = 16384\nper_sender_per_hour = 100000\n\
         failed_signons_per_hour = 100000\nstranger_replies_per_hour = 100000",
    );
    let mut log = String::new();
    let seats = set_up(&mut w, &mut log);
    let cells = cells(&mut w, &seats);
    log.push_str(&run(&w, &["serve", "--once"]));
    // Every cell's mail, in one pass.
    for c in &cells {
        dipspy::mail::deliver_to_maildir(&w.dir.path().join("in"), &raw_mail(c)).unwrap();
    }
    log.push_str(&run(&w, &["serve", "--once"]));
    let db = rusqlite::Connection::open(w.dir.path().join("judge.db")).unwrap();
    let id_of = |mid: &str| -> i64 {
        db.query_row("SELECT id FROM inbox WHERE message_id = ?1", [mid], |r| {
            r.get(0)
        })
        .unwrap_or_else(|e| panic!("no stored mail {mid}: {e}"))
    };
    for c in cells.iter().filter(|c| c.disp == Disp::Released) {
        let id = id_of(&c.mid).to_string();
        log.push_str(&run(&w, &["quarantine", "release", &id]));
    }
    log.push_str(&run(&w, &["serve", "--once"]));
    let backup = w.dir.path().join("copy.db");
    log.push_str(&run(&w, &["backup", backup.to_str().unwrap()]));

    let mut failures: Vec<String> = Vec::new();
    check_cells(&w, &db, &cells, &mut failures);
    check_everywhere(&w, &db, &cells, &log, &backup, &mut failures);
    assert!(
        failures.is_empty(),
        "{} failures in {} cells:\n{}",
        failures.len(),
        cells.len(),
        failures.join("\n")
    );
    // What was read did what it says: the handled sign-ons signed on,
    // the released ones were read masked and refused.
    for c in cells
        .iter()
        .filter(|c| c.cmd == Cmd::Signon && c.enc == Enc::Plain && c.disp.read())
    {
        let r: Vec<String> = replies(&w, &c.from, &c.mid)
            .iter()
            .map(|r| mailcheck::readable(r))
            .collect();
        let ok = r.iter().any(|r| r.contains("OK: signed on as"));
        assert_eq!(ok, c.disp == Disp::Handled, "{}:\n{r:#?}", c.name());
    }
    w.passwords
        .extend(cells.iter().flat_map(|c| c.secrets.iter().cloned()));
    w.check_everything_sent();
}

/// The replies to the message `mid` in `who`'s Maildir, raw.
fn replies(w: &World, who: &str, mid: &str) -> Vec<Vec<u8>> {
    mailgame::raw_mails(&w.outgoing().join(who))
        .into_iter()
        .filter(|raw| String::from_utf8_lossy(raw).contains(&format!("In-Reply-To: {mid}")))
        .collect()
}

/// Each cell's own mail: its status, stored raw copy and subject, and the
/// replies to it.
fn check_cells(w: &World, db: &rusqlite::Connection, cells: &[Cell], failures: &mut Vec<String>) {
    for c in cells {
        let mut fail = |what: String| failures.push(format!("{}: {what}", c.name()));
        let (raw, subject, status): (Vec<u8>, String, String) = db
            .query_row(
                "SELECT raw, subject, status FROM inbox WHERE message_id = ?1",
                [&c.mid],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        if status != c.disp.status() {
            fail(format!("ended {status}, not {}", c.disp.status()));
        }
        let all = maskdecode::all_text(&raw);
        for s in &c.secrets {
            if all.contains(s.as_str()) {
                fail(format!("the stored mail holds {s}: {}", around(&all, s)));
            } else if let Some(enc) = maskdecode::holds_bytes(&raw, s) {
                fail(format!("the stored mail's bytes hold {s} ({enc})"));
            }
            if subject.contains(s.as_str()) {
                fail(format!("the stored subject holds {s}"));
            }
        }
        if !maskdecode::texts(&raw).contains(&c.keep) {
            fail(format!("the stored mail lost `{}`", c.keep));
        }
        let answers = replies(w, &c.from, &c.mid);
        if c.disp.read() && answers.is_empty() {
            fail("no reply".into());
        }
        for a in &answers {
            let text = format!("{}\n{}", maskdecode::all_text(a), mailcheck::readable(a));
            for s in &c.secrets {
                if text.contains(s.as_str()) {
                    fail(format!("a reply holds {s}: {}", around(&text, s)));
                }
            }
        }
    }
}

/// Every secret, in every other place: the `orders` and `outbox` tables,
/// every mail sent, the logs, the database file, WAL and backup.
fn check_everywhere(
    w: &World,
    db: &rusqlite::Connection,
    cells: &[Cell],
    log: &str,
    backup: &Path,
    failures: &mut Vec<String>,
) {
    let table_text = |sql: &str| -> String {
        let mut q = db.prepare(sql).unwrap();
        let rows: Vec<String> = q
            .query_map([], |r| r.get::<_, String>(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        rows.join("\n")
    };
    let orders = table_text(
        "SELECT raw || ' ' || coalesce(parsed, '') || ' ' || coalesce(error, '') FROM orders",
    );
    let outbox = table_text("SELECT subject || ' ' || body FROM outbox");
    let mut sent = String::new();
    if let Ok(rd) = std::fs::read_dir(w.outgoing()) {
        for who in rd.flatten() {
            for raw in mailgame::raw_mails(&who.path()) {
                sent.push_str(&maskdecode::all_text(&raw));
                sent.push_str(&mailcheck::readable(&raw));
            }
        }
    }
    let dir = w.dir.path();
    let bytes: [(&str, Vec<u8>); 3] = [
        ("database file", file_bytes(&dir.join("judge.db"))),
        ("WAL", file_bytes(&dir.join("judge.db-wal"))),
        ("backup", file_bytes(backup)),
    ];
    let shared = vec![MASTER_PW.to_string()];
    let found: Vec<(&str, BTreeMap<String, &str>)> = bytes
        .iter()
        .map(|(what, b)| (*what, secrets_in(b, &shared)))
        .collect();
    // The master password is shared by the master's cells that are read
    // (and the setup's mails): a leak of it is named once, with where it
    // stands.
    let mut named_master = false;
    for c in cells {
        for s in &c.secrets {
            let shared = s == MASTER_PW;
            if shared && named_master {
                continue;
            }
            let who = if shared {
                "the master password (MASTER, BECOME, CREATE cells read, and the setup)".to_string()
            } else {
                c.name()
            };
            let before = failures.len();
            for (what, text) in [
                ("`orders`", orders.as_str()),
                ("`outbox`", outbox.as_str()),
                ("the mail sent", sent.as_str()),
                ("the log", log),
            ] {
                if text.contains(s.as_str()) {
                    failures.push(format!("{who}: {what} holds {s}: {}", around(text, s)));
                }
            }
            for (what, f) in &found {
                if let Some(enc) = f.get(s) {
                    let b =
                        String::from_utf8_lossy(&bytes.iter().find(|x| x.0 == *what).unwrap().1)
                            .into_owned();
                    failures.push(format!(
                        "{who}: the {what} holds {s} ({enc}) {}",
                        around(&b, s)
                    ));
                }
            }
            named_master |= shared && failures.len() > before;
        }
    }
}

/// A stranger past the judge-wide limit on replies to strangers is not
/// answered, and the judge does not read the mail's commands; its body is
/// still read once, to mask the stored copy, whatever its encoding.
#[test]
fn mail_of_a_stranger_over_the_stranger_limit_is_stored_masked() {
    let mut w = World::new();
    configure(&w, "[limits]\nstranger_replies_per_hour = 1");
    // The one answer the limit allows within the hour.
    w.send("first@elsewhere.test", "HELP");
    w.pass();
    assert_eq!(w.mails("first@elsewhere.test").len(), 1);
    let cells: Vec<Cell> = ENCS
        .iter()
        .enumerate()
        .map(|(i, &enc)| {
            let s = secret(900 + i, 'a');
            let keep = format!("Row {} stays readable", 900 + i);
            Cell {
                cmd: Cmd::Join,
                enc,
                inner: INNER[i % INNER.len()],
                disp: Disp::Quarantined,
                from: format!("stranger{i}@elsewhere.test"),
                mid: format!("<stranger{i}@elsewhere.test>"),
                lines: vec![format!("JOIN france vet {s}"), keep.clone()],
                secrets: vec![s],
                keep,
            }
        })
        .collect();
    for c in &cells {
        let (head, body) = encode(c.enc, c.inner, &c.lines, &c.from);
        let mut raw = format!(
            "From: {}\r\nTo: {JUDGE}\r\nMessage-ID: {}\r\n{head}\r\n",
            c.from, c.mid
        )
        .into_bytes();
        raw.extend_from_slice(&body);
        dipspy::mail::deliver_to_maildir(&w.dir.path().join("in"), &raw).unwrap();
    }
    let log = run(&w, &["serve", "--once"]);
    let db = rusqlite::Connection::open(w.dir.path().join("judge.db")).unwrap();
    let mut failures = Vec::new();
    for c in &cells {
        let (raw, reason): (Vec<u8>, String) = db
            .query_row(
                "SELECT raw, coalesce(reason, '') FROM inbox WHERE message_id = ?1",
                [&c.mid],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert!(
            reason.contains("judge-wide limit"),
            "{}: {reason}",
            c.name()
        );
        assert!(w.mails(&c.from).is_empty(), "{} was answered", c.name());
        let s = &c.secrets[0];
        if maskdecode::all_text(&raw).contains(s.as_str())
            || maskdecode::holds_bytes(&raw, s).is_some()
        {
            failures.push(format!("{:?}: the stored mail holds {s}", c.enc));
        }
        if !maskdecode::texts(&raw).contains(&c.keep) {
            failures.push(format!("{:?}: the stored mail lost `{}`", c.enc, c.keep));
        }
        let db_bytes = file_bytes(&w.dir.path().join("judge.db"));
        let wal = file_bytes(&w.dir.path().join("judge.db-wal"));
        for (what, b) in [("database file", &db_bytes), ("WAL", &wal)] {
            if maskdecode::holds_bytes(b, s).is_some() {
                failures.push(format!("{:?}: the {what} holds {s}", c.enc));
            }
        }
        if log.contains(s.as_str()) {
            failures.push(format!("{:?}: the log holds {s}", c.enc));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
