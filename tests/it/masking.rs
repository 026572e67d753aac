//! Issue 34, items 1 and 2: no password is kept or echoed, however the
//! mail that carries it is written.
//!
//! Every form below goes through the judge as a user's mail does
//! (`dipspy serve --once` on a Maildir, see `tests/it/support/mailgame.rs`), each with a
//! password of its own (the password its power joined with, so a sign-on
//! the reader takes succeeds). Then, for each form, the password is
//! looked for, with a MIME reader of the test's own
//! (`tests/it/support/maskdecode.rs`), in the stored raw mail (every way its bytes read),
//! in the stored subject, in the replies to it, in every byte of the
//! database file, of its WAL (if left) and of a `dipspy backup` copy, in
//! UTF-8 and in UTF-16 (LE and BE). Every failing form is named, not just
//! the first.

use crate::support::mailcheck;
use crate::support::mailgame;
use crate::support::maskdecode;

use base64::Engine;
use mailgame::{JUDGE, World, addr, pw};
use std::io::Write;
use std::path::Path;

const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

/// What a form's mail is built from.
struct Ctx {
    /// The power's letter and the game it joined.
    letter: char,
    game: String,
    /// The password it joined with: the secret to look for.
    secret: String,
    /// A line that must still be readable in the stored mail.
    keep: String,
}

impl Ctx {
    fn signon(&self) -> String {
        format!("SIGNON {} {} {}", self.letter, self.game, self.secret)
    }
}

/// A form: its name, and its mail as (extra header lines, body) or whole.
enum Mail {
    /// `Content-Type` and other header lines (CRLF-ended), and the body.
    Part(String, Vec<u8>),
    /// Headers after From/To/Message-ID/Date (Subject among them), body.
    Headed(String, Vec<u8>),
}

fn plain(body: String) -> Mail {
    Mail::Part(
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n".into(),
        body.into_bytes(),
    )
}

fn html(body: String) -> Mail {
    Mail::Part(
        "Content-Type: text/html; charset=utf-8\r\n".into(),
        format!("<html><body>{body}</body></html>").into_bytes(),
    )
}

fn lines76(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for c in s.as_bytes().chunks(76) {
        out.extend_from_slice(c);
        out.extend_from_slice(b"\r\n");
    }
    out
}

fn utf16_part(c: &Ctx, charset: &str, bom: bool, big: bool) -> Mail {
    let text = format!("{}\r\n{}\r\n", c.signon(), c.keep);
    let mut bytes: Vec<u8> = Vec::new();
    if bom {
        bytes.extend_from_slice(if big { &[0xfe, 0xff] } else { &[0xff, 0xfe] });
    }
    for u in text.encode_utf16() {
        bytes.extend_from_slice(&if big {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    Mail::Part(
        format!(
            "Content-Type: text/plain; charset={charset}\r\nContent-Transfer-Encoding: base64\r\n"
        ),
        lines76(&B64.encode(&bytes)),
    )
}

/// A text in UTF-7, every character in its base64 form.
fn utf7(text: &str) -> String {
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let b = base64::engine::general_purpose::STANDARD_NO_PAD.encode(be);
    format!("+{b}-")
}

type Build = fn(&Ctx) -> Mail;

/// Every form, one row each: the forms of the issue whose password was
/// kept (a sign-on the reader takes, the masking did not), then those
/// echoed to the sender.
fn forms() -> Vec<(&'static str, Build)> {
    vec![
        ("no-break space", |c| {
            plain(format!("\u{a0}{}\n{}\n", c.signon(), c.keep))
        }),
        ("U+2003", |c| {
            plain(format!("\u{2003}{}\n{}\n", c.signon(), c.keep))
        }),
        ("U+3000", |c| {
            plain(format!("\u{3000}{}\n{}\n", c.signon(), c.keep))
        }),
        ("VT", |c| {
            plain(format!("\u{b}{}\n{}\n", c.signon(), c.keep))
        }),
        ("FF", |c| {
            plain(format!("\u{c}{}\n{}\n", c.signon(), c.keep))
        }),
        ("NUL", |c| {
            plain(format!("\u{0}{}\n{}\n", c.signon(), c.keep))
        }),
        ("U+0085", |c| {
            plain(format!("\u{85}{}\n{}\n", c.signon(), c.keep))
        }),
        ("SIG DEL NON", |c| {
            plain(format!(
                "SIG\u{7f}NON {} {} {}\n{}\n",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("charset=utf-16", |c| utf16_part(c, "utf-16", true, false)),
        ("charset=utf-16le", |c| {
            utf16_part(c, "utf-16le", false, false)
        }),
        ("charset=utf-16be", |c| {
            utf16_part(c, "utf-16be", false, true)
        }),
        ("UTF-7", |c| {
            Mail::Part(
                "Content-Type: text/plain; charset=utf-7\r\n".into(),
                format!("{}\r\n{}\r\n", utf7(&c.signon()), c.keep).into_bytes(),
            )
        }),
        ("base64 in separately padded pieces", |c| {
            let text = format!("{}\r\n{}\r\n", c.signon(), c.keep);
            let mut body = String::new();
            for piece in text.as_bytes().chunks(5) {
                body.push_str(&B64.encode(piece));
            }
            Mail::Part(
                "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n"
                    .into(),
                format!("{body}\r\n").into_bytes(),
            )
        }),
        ("HTML <b>SIGNON</b>", |c| {
            html(format!(
                "<div><b>SIGNON</b> {} {} {}</div><div>{}</div>",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("HTML <span>password</span>", |c| {
            html(format!(
                "<div>SIGNON {} {} <span>{}</span></div><div>{}</div>",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("HTML &#83;IGNON", |c| {
            html(format!(
                "<div>&#83;IGNON {} {} {}</div><div>{}</div>",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("HTML SIG<!---->NON", |c| {
            html(format!(
                "<div>SIG<!---->NON {} {} {}</div><div>{}</div>",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("Outlook's split spans", |c| {
            let (a, b) = c.secret.split_at(4);
            html(format!(
                "<p class=MsoNormal><span lang=EN-GB>SIGN</span><span lang=EN-GB>ON {} {} </span>\
                 <span lang=EN-GB style='color:black'>{a}</span><span lang=EN-GB>{b}<o:p></o:p></span></p>\
                 <p class=MsoNormal><span lang=EN-GB>{}<o:p></o:p></span></p>",
                c.letter, c.game, c.keep
            ))
        }),
        ("over the store limit, its base64 part cut", |c| {
            let mut text = format!("{}\r\n", c.signon());
            for i in 0..3000 {
                text.push_str(&format!("A par - bur, line {i} of a long mail\r\n"));
            }
            let body = format!(
                "--cut\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n\
                 --cut\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\
                 --cut--\r\n",
                c.keep,
                String::from_utf8(lines76(&B64.encode(text))).unwrap()
            );
            Mail::Part(
                "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"cut\"\r\n".into(),
                body.into_bytes(),
            )
        }),
        ("Cyrillic S", |c| {
            plain(format!(
                "\u{405}IGNON {} {} {}\n{}\n",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("fullwidth SIGNON", |c| {
            plain(format!(
                "ＳＩＧＮＯＮ {} {} {}\n{}\n",
                c.letter, c.game, c.secret, c.keep
            ))
        }),
        ("* SIGNON", |c| {
            plain(format!("* {}\n{}\n", c.signon(), c.keep))
        }),
        ("- SIGNON", |c| {
            plain(format!("- {}\n{}\n", c.signon(), c.keep))
        }),
        ("hello SIGNON", |c| {
            plain(format!("hello {}\n{}\n", c.signon(), c.keep))
        }),
        ("U+2028 before the keyword", |c| {
            plain(format!("{}\u{2028}{}\n", c.keep, c.signon()))
        }),
        ("a bare CR before the keyword", |c| {
            plain(format!("{}\r{}\n", c.keep, c.signon()))
        }),
        ("SIGNON in the subject", |c| {
            Mail::Headed(
                format!(
                    "Subject: {}\r\nContent-Type: text/plain; charset=utf-8\r\n",
                    c.signon()
                ),
                format!("HELP\n{}\n", c.keep).into_bytes(),
            )
        }),
        ("SIGNON in an encoded subject", |c| {
            Mail::Headed(
                format!(
                    "Subject: =?utf-8?b?{}?=\r\nContent-Type: text/plain; charset=utf-8\r\n",
                    B64.encode(format!("Orders — {}", c.signon()))
                ),
                format!("HELP\n{}\n", c.keep).into_bytes(),
            )
        }),
    ]
}

/// The forms the reader takes as a sign-on, whose reply must say so.
const SIGNS_ON: usize = 18;

fn configure(w: &World, toml: &str) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&w.cfg)
        .unwrap();
    writeln!(f, "\n{toml}").unwrap();
}

fn deliver(w: &mut World, raw: &[u8]) {
    dipspy::mail::deliver_to_maildir(&w.dir.path().join("in"), raw).unwrap();
}

fn raw_mail(from: &str, mid: &str, mail: Mail) -> Vec<u8> {
    let (head, body) = match mail {
        Mail::Part(h, b) => (format!("Subject: orders\r\n{h}"), b),
        Mail::Headed(h, b) => (h, b),
    };
    let mut raw = format!(
        "From: {from}\r\nTo: {JUDGE}\r\nMessage-ID: {mid}\r\nDate: Sat, 01 Mar 2025 12:00:00 +0000\r\n{head}\r\n"
    )
    .into_bytes();
    raw.extend_from_slice(&body);
    raw.extend_from_slice(b"\r\n");
    raw
}

/// The replies to the message `mid` in `who`'s Maildir, raw.
fn replies(w: &World, who: &str, mid: &str) -> Vec<Vec<u8>> {
    mailgame::raw_mails(&w.outgoing().join(who))
        .into_iter()
        .filter(|raw| String::from_utf8_lossy(raw).contains(&format!("In-Reply-To: {mid}")))
        .collect()
}

fn db(w: &World) -> rusqlite::Connection {
    rusqlite::Connection::open(w.dir.path().join("judge.db")).unwrap()
}

fn file_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_default()
}

const POWERS: [(&str, char); 7] = [
    ("austria", 'A'),
    ("england", 'E'),
    ("france", 'F'),
    ("germany", 'G'),
    ("italy", 'I'),
    ("russia", 'R'),
    ("turkey", 'T'),
];

#[test]
fn no_form_of_a_password_line_is_kept_or_echoed() {
    let mut w = World::started("");
    configure(
        &w,
        "[limits]\nmax_message_bytes = 16384\nper_sender_per_hour = 1000\n\
         failed_signons_per_hour = 1000\nstranger_replies_per_hour = 1000",
    );
    let forms = forms();
    // One power of a game of its own for each form, joined with the
    // form's password.
    let games = forms.len().div_ceil(POWERS.len());
    let creates: Vec<String> = (1..=games)
        .map(|g| format!("CREATE m{g} deadline=48h"))
        .collect();
    w.master(&creates.join("\n"));
    w.pass();
    let mut ctxs = Vec::new();
    for (i, (name, _)) in forms.iter().enumerate() {
        let (power, letter) = POWERS[i % POWERS.len()];
        let c = Ctx {
            letter,
            game: format!("m{}", i / POWERS.len() + 1),
            secret: format!("Zq{i:02}-sEcret-x{}", name.len()),
            keep: format!("Row {i} stays readable"),
        };
        let who = format!("row{i}@players.test");
        w.send(&who, &format!("JOIN {power} {} {}", c.game, c.secret));
        ctxs.push((who, c));
    }
    w.pass();
    let mut mids = Vec::new();
    for (i, ((_, build), (who, c))) in forms.iter().zip(&ctxs).enumerate() {
        let mid = format!("<form{i}@players.test>");
        deliver(&mut w, &raw_mail(who, &mid, build(c)));
        mids.push(mid);
    }
    // The mistyped sign-on of a player already signed on.
    let typo_secret = "Zq99-mistyped-secret".to_string();
    let typo = w.send(
        &addr("france"),
        &format!(
            "SIGNON F vet {}\nSIGNON: F vet {typo_secret}\nA par - bur",
            pw("france")
        ),
    );
    w.pass();
    let backup = w.dir.path().join("copy.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(w.dir.path().join("judge.db"))
        .arg("backup")
        .arg(&backup)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");

    let c = db(&w);
    let db_file = file_bytes(&w.dir.path().join("judge.db"));
    let wal = file_bytes(&w.dir.path().join("judge.db-wal"));
    let copy = file_bytes(&backup);
    let mut failures: Vec<String> = Vec::new();
    let mut fail = |name: &str, what: String| failures.push(format!("{name}: {what}"));
    let mut rows: Vec<(&str, String, String, String)> = forms
        .iter()
        .zip(&ctxs)
        .zip(&mids)
        .map(|(((name, _), (who, c)), mid)| (*name, who.clone(), mid.clone(), c.secret.clone()))
        .collect();
    rows.push((
        "SIGNON: typed by a player signed on",
        addr("france"),
        typo.clone(),
        typo_secret.clone(),
    ));
    for (i, (name, who, mid, secret)) in rows.iter().enumerate() {
        let (raw, subject, status): (Vec<u8>, String, String) = c
            .query_row(
                "SELECT raw, subject, status FROM inbox WHERE message_id = ?1",
                [mid],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap_or_else(|e| panic!("{name}: no stored mail {mid}: {e}"));
        if maskdecode::all_text(&raw).contains(secret.as_str()) {
            fail(
                name,
                format!("the stored mail ({status}) holds the password"),
            );
        }
        if let Some(enc) = maskdecode::holds_bytes(&raw, secret) {
            fail(
                name,
                format!("the stored mail's bytes hold the password ({enc})"),
            );
        }
        if subject.contains(secret.as_str()) {
            fail(name, "the stored subject holds the password".into());
        }
        // What else the stored mail says is still there.
        if i < forms.len() && !maskdecode::texts(&raw).contains(&ctxs[i].1.keep) {
            fail(name, format!("the stored mail lost `{}`", ctxs[i].1.keep));
        }
        let answers = replies(&w, who, mid);
        if answers.is_empty() {
            fail(name, "no reply".into());
        }
        for a in &answers {
            if maskdecode::all_text(a).contains(secret.as_str())
                || mailcheck::readable(a).contains(secret.as_str())
            {
                fail(name, "the reply holds the password".into());
            }
        }
        if i < SIGNS_ON
            && !answers
                .iter()
                .any(|a| mailcheck::readable(a).contains("OK: signed on as"))
        {
            fail(name, "the reply does not say the sign-on was read".into());
        }
        for (what, bytes) in [
            ("database file", &db_file),
            ("WAL", &wal),
            ("backup", &copy),
        ] {
            if let Some(enc) = maskdecode::holds_bytes(bytes, secret) {
                fail(name, format!("the {what} holds the password ({enc})"));
            }
        }
    }
    // Nothing in a table but the inbox (masked above) holds one either.
    let orders: i64 = c
        .query_row(
            "SELECT count(*) FROM orders WHERE raw LIKE '%' || ?1 || '%' \
             OR coalesce(error, '') LIKE '%' || ?1 || '%'",
            [&typo_secret],
            |r| r.get(0),
        )
        .unwrap();
    if orders > 0 {
        fail(
            "SIGNON: typed by a player signed on",
            "kept in `orders`".into(),
        );
    }
    let outbox: i64 = c
        .query_row(
            "SELECT count(*) FROM outbox WHERE body LIKE '%Zq__-%' OR subject LIKE '%Zq__-%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    if outbox > 0 {
        fail("outbox", format!("{outbox} queued mails hold a password"));
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The player's order after the mistyped line stands; the line is
    // answered without being repeated.
    assert!(w.orders_show("france").contains("A par - bur"));
    let r = mailcheck::readable(&replies(&w, &addr("france"), &typo)[0]);
    mailgame::assert_has(&r, "Line 2: SIGNON ... (the rest is not repeated");
    mailgame::assert_has(&r, "looks like a command with a password");
    // And every mail the judge sent is clean of every password in play.
    w.passwords.extend(rows.iter().map(|r| r.3.clone()));
    w.check_everything_sent();
}

/// Every command of the grammar that takes a password or a code, found
/// by the command reader itself (a field of the command read holds a
/// password or a code, and its quoted form hides an argument), is
/// in `src/mail/mask_words.toml` in each of its spellings, and its
/// secret is masked by the rule that uses that list.
#[test]
fn every_command_that_takes_a_secret_is_masked() {
    #[derive(serde::Deserialize)]
    struct Words {
        keywords: std::collections::BTreeMap<String, Vec<String>>,
    }
    #[derive(serde::Deserialize)]
    struct Mask {
        words: Vec<String>,
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let words: Words =
        toml::from_str(&std::fs::read_to_string(root.join("src/command/words.toml")).unwrap())
            .unwrap();
    let mask: Mask =
        toml::from_str(&std::fs::read_to_string(root.join("src/mail/mask_words.toml")).unwrap())
            .unwrap();
    let listed: Vec<String> = mask
        .words
        .iter()
        .map(|w| {
            w.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        })
        .collect();
    let args = ["france", "game7", "Sec7-one", "Sec7-two"];
    let mut taking = Vec::new();
    for (kw, spellings) in &words.keywords {
        for spelling in spellings {
            for n in 0..=args.len() {
                let line = format!("{spelling} {}", args[..n].join(" "));
                let msg = dipspy::command::parse_message(&line);
                let Some(Ok(cmd)) = msg.items.first().map(|i| i.command.clone()) else {
                    continue;
                };
                let quoted = cmd.quoted();
                let hides = quoted.contains("****") && !cmd.to_string().contains("****");
                // The command's own definition: a field that holds a
                // password or a code, with a value.
                let debug = format!("{cmd:?}");
                let field = ["password: ", "code: ", "secret: "].iter().any(|f| {
                    debug.match_indices(f).any(|(i, _)| {
                        let v = &debug[i + f.len()..];
                        v.starts_with('"') || v.starts_with("Some(\"")
                    })
                });
                assert!(
                    hides || !field,
                    "{line:?} ({kw}) holds a secret ({debug}) that its reply repeats: {quoted:?}"
                );
                if !hides {
                    continue;
                }
                taking.push(format!("{kw}: {line}"));
                let spelled = spelling
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .to_lowercase();
                assert!(
                    listed.contains(&spelled),
                    "`{spelling}` ({kw}) takes a secret but is not in mask_words.toml"
                );
                // Whatever the reply hides, the stored mail masks.
                let raw = format!("From: a@players.test\r\nSubject: s\r\n\r\n{line}\r\n");
                let masked = dipspy::mail::mask_raw(raw.as_bytes())
                    .map(|m| String::from_utf8_lossy(&m).into_owned())
                    .unwrap_or_else(|| panic!("{line:?} is not masked"));
                for a in &args[..n] {
                    if !quoted.contains(a) {
                        assert!(!masked.contains(a), "{line:?} masked as {masked:?}");
                    }
                }
            }
        }
    }
    // The reader's own commands that take a secret were all found.
    for kw in [
        "signon",
        "master",
        "join",
        "set_password",
        "takeover",
        "confirm_address",
    ] {
        assert!(
            taking.iter().any(|t| t.starts_with(&format!("{kw}:"))),
            "{kw} not found taking a secret: {taking:#?}"
        );
    }
}

/// Mail is stored, then read and masked: after a pass of the judge, its
/// first, unmasked copy is in no byte of the WAL either, even while the
/// judge still holds the database open.
#[test]
fn after_a_pass_the_wal_holds_no_unmasked_copy() {
    use chrono::TimeZone;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("judge.db");
    let mut st = crate::support::words::open_store(&path).unwrap();
    let now = chrono::Utc.with_ymd_and_hms(2025, 3, 1, 12, 0, 0).unwrap();
    let js = dipspy::judge::JudgeSettings {
        address: JUDGE.into(),
        ..Default::default()
    };
    let secret = "Zq77-wal-secret";
    for i in 0..3 {
        let raw = format!(
            "From: p{i}@players.test\r\nTo: {JUDGE}\r\nSubject: s\r\nMessage-ID: <w{i}@players.test>\r\n\r\n\
             hello SIGNON F g {secret}\r\nA par - bur\r\n"
        );
        dipspy::mail::store_raw(&mut st, raw.as_bytes(), "test", now).unwrap();
    }
    let wal = dir.path().join("judge.db-wal");
    // Stored, not yet read: the WAL holds the mail as it came.
    assert!(maskdecode::holds_bytes(&file_bytes(&wal), secret).is_some());
    let limits = dipspy::mail::Limits::default();
    let sum = dipspy::mail::handle_new_until(&mut st, &js, limits, now, &|| false).unwrap();
    assert_eq!(sum.handled, 3, "{sum:?}");
    for (what, bytes) in [("WAL", file_bytes(&wal)), ("database", file_bytes(&path))] {
        assert_eq!(
            maskdecode::holds_bytes(&bytes, secret),
            None,
            "the {what} holds the password"
        );
    }
    drop(st);
}

/// A database written by an older dipspy may hold mail its masking
/// missed: `dipspy backup` masks the copy with today's rule (the
/// database itself is left as it is).
#[test]
fn a_backup_masks_mail_an_older_dipspy_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("judge.db");
    drop(crate::support::words::open_store(&path).unwrap());
    let secret = "Zq88-older-secret";
    let utf16: Vec<u8> = format!("SIGNON F g {secret}\r\nA par - bur\r\n")
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let raw = format!(
        "From: old@players.test\r\nSubject: SIGNON F g {secret}\r\n\
         Content-Type: text/plain; charset=utf-16le\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n",
        B64.encode(&utf16)
    );
    let c = rusqlite::Connection::open(&path).unwrap();
    c.execute(
        "INSERT INTO inbox (dedup_key, sender, subject, raw, size, received_at, source, status) \
         VALUES ('mid:<old@x>', 'old@players.test', ?1, ?2, 1, '2025-01-01T00:00:00Z', 'test', 'handled')",
        rusqlite::params![format!("SIGNON F g {secret}"), raw.as_bytes()],
    )
    .unwrap();
    drop(c);
    let copy = dir.path().join("copy.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .arg("--db")
        .arg(&path)
        .arg("backup")
        .arg(&copy)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let c = rusqlite::Connection::open(&copy).unwrap();
    let (raw, subject): (Vec<u8>, String) = c
        .query_row("SELECT raw, subject FROM inbox", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert!(
        !maskdecode::all_text(&raw).contains(secret),
        "{}",
        String::from_utf8_lossy(&raw)
    );
    assert!(!subject.contains(secret), "{subject}");
    assert!(maskdecode::texts(&raw).contains("A par - bur"));
    assert_eq!(maskdecode::holds_bytes(&file_bytes(&copy), secret), None);
    // The database itself was only read.
    assert!(maskdecode::holds_bytes(&file_bytes(&path), secret).is_some());
}
