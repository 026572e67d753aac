//! Pictures in the mail (issue 13), on a real SQLite file and the real
//! mail code (the Maildir transport: the same message builder as SMTP,
//! delivered into one Maildir per recipient):
//!
//! - a results mail carries the PNG once, inline in an HTML alternative
//!   with a Content-ID and its file name (issue 24), with its plain-text
//!   part exactly the results text, and weighs at most 200 KB;
//! - `pictures=png+svg` adds the SVG, `pictures=off` sends text only;
//! - `MAP <game> [phase] [BEFORE|AFTER]` by mail answers with the
//!   picture: the board after the phase, or before it;
//! - the judge's picture (`dipspy secret-log --map`) never reaches a
//!   player: after the demo's espionage game every image any mailbox
//!   received is the public picture of its phase, never the judge's.

use crate::support::started::{POWERS, start_seated};
use chrono::{DateTime, Duration, Utc};
use dipspy::game::{self, CreateOptions, Pictures, Sender};
use dipspy::judge::{Incoming, JudgeSettings, handle};
use dipspy::mail::MaildirOut;
use dipspy::mail::{RetryPolicy, queue_announcements, send_due};
use dipspy::store::{AnnouncementKind, Store};
use mail_parser::{MessageParser, MimeHeaders};
use std::path::{Path, PathBuf};
use std::process::Command;

fn now() -> DateTime<Utc> {
    "2025-01-10T12:00:00Z".parse().unwrap()
}

fn js() -> JudgeSettings {
    JudgeSettings {
        address: "judge@example.org".into(),
        master_address: Some("gm@example.org".into()),
        master_password_hash: None,
        defaults: CreateOptions::default(),
        master_copies: false,
        alert_after_minutes: None,
        ..JudgeSettings::default()
    }
}

/// A started game with every power taken and Spring 1901 processed.
fn played(dir: &Path, pictures: Pictures) -> Store {
    let mut st = crate::support::words::open_store(&dir.join("games.db")).unwrap();
    let o = CreateOptions {
        pictures,
        ..CreateOptions::default()
    };
    start_seated(&mut st, "g", &o, &POWERS, now());
    let sender = Sender {
        from: None,
        message_id: None,
        ..Default::default()
    };
    game::submit_orders(
        &mut st,
        "g",
        "france",
        "A par - bur\nF bre - mao\nA mar S A par - bur",
        None,
        &sender,
        now(),
    )
    .unwrap();
    game::submit_orders(&mut st, "g", "germany", "A mun - bur", None, &sender, now()).unwrap();
    game::process(&mut st, "g", now() + Duration::hours(1)).unwrap();
    st
}

/// Queues and delivers everything pending into `dir/out/<address>/new`.
fn deliver(st: &mut Store, dir: &Path) -> PathBuf {
    let root = dir.join("out");
    queue_announcements(st, &js(), now() + Duration::hours(2)).unwrap();
    let mut out = MaildirOut { root: root.clone() };
    send_due(
        st,
        &mut out,
        "judge@example.org",
        RetryPolicy::default(),
        now() + Duration::hours(3),
    )
    .unwrap();
    root
}

/// Every message delivered to an address.
fn mailbox(root: &Path, addr: &str) -> Vec<Vec<u8>> {
    let dir = root.join(addr).join("new");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

fn png_size(data: &[u8]) -> (u32, u32) {
    let dec = png::Decoder::new(std::io::Cursor::new(data));
    let r = dec.read_info().expect("a PNG");
    (r.info().width, r.info().height)
}

/// The results mail of a mailbox.
fn results_mail(root: &Path, addr: &str) -> Vec<u8> {
    mailbox(root, addr)
        .into_iter()
        .find(|m| {
            MessageParser::default()
                .parse(m)
                .and_then(|p| p.subject().map(|s| s.contains("results")))
                .unwrap_or(false)
        })
        .expect("a results mail")
}

#[test]
fn a_results_mail_carries_the_picture_once_inline_with_the_text_unchanged_in_200_kb() {
    let dir = tempfile::tempdir().unwrap();
    let mut st = played(dir.path(), Pictures::Png);
    let root = deliver(&mut st, dir.path());
    let raw = results_mail(&root, "france@example.org");
    let m = MessageParser::default().parse(&raw).unwrap();
    // The plain text is the results text, as without pictures.
    let text = m.body_text(0).unwrap();
    assert!(text.contains("Spring 1901 Movement"));
    assert!(text.contains("A par - bur"));
    let g = st.read().game_by_name("g").unwrap().unwrap();
    let ann = dipspy::text::render_notices(
        dipspy::text::Lang::En,
        st.read().announcements(g.id).unwrap(),
    )
    .into_iter()
    .find(|a| a.kind == AnnouncementKind::Results)
    .unwrap();
    assert_eq!(text.replace("\r\n", "\n").trim_end(), ann.body.trim_end());
    // An HTML alternative that shows the picture inline.
    let html = m.body_html(0).expect("an HTML part");
    assert!(html.contains("cid:board@dipspy"), "{html}");
    let inline = m
        .parts
        .iter()
        .find(|p| p.content_id() == Some("board@dipspy"))
        .expect("the inline picture");
    assert_eq!(png_size(inline.contents()).0, 1200);
    // The inline part carries the file name, so that a text-only client
    // offers it as a file; it is the only copy of the picture.
    let att: Vec<_> = m.attachments().collect();
    let png = att
        .iter()
        .find(|a| a.attachment_name() == Some("g-S1901M.png"))
        .expect("g-S1901M.png named");
    assert_eq!(png.content_id(), Some("board@dipspy"));
    assert_eq!(png_size(png.contents()).0, 1200);
    assert!(
        png.contents().len() <= 150 * 1024,
        "{} bytes",
        png.contents().len()
    );
    let pngs = images(&raw);
    assert_eq!(pngs.len(), 1, "the picture is in the mail once");
    // The whole mail, encoded as sent: at most 200 KB.
    assert!(
        raw.len() <= 200 * 1024,
        "the results mail is {} bytes",
        raw.len()
    );
    // No SVG unless the game asks for it.
    assert!(
        att.iter()
            .all(|a| !a.attachment_name().unwrap_or("").ends_with(".svg"))
    );
    // Every player got the same picture.
    let france = png.contents().to_vec();
    for p in POWERS {
        let raw = results_mail(&root, &format!("{p}@example.org"));
        let m = MessageParser::default().parse(&raw).unwrap();
        let theirs = m
            .attachments()
            .find(|a| a.attachment_name() == Some("g-S1901M.png"))
            .map(|a| a.contents().to_vec());
        assert_eq!(theirs.as_ref(), Some(&france), "{p}'s picture");
    }
}

#[test]
fn the_picture_setting_adds_the_svg_or_turns_pictures_off() {
    let dir = tempfile::tempdir().unwrap();
    let mut st = played(dir.path(), Pictures::PngSvg);
    let root = deliver(&mut st, dir.path());
    let raw = results_mail(&root, "italy@example.org");
    let m = MessageParser::default().parse(&raw).unwrap();
    let names: Vec<&str> = m
        .attachments()
        .filter_map(|a| a.attachment_name())
        .collect();
    assert!(
        names.contains(&"g-S1901M.png") && names.contains(&"g-S1901M.svg"),
        "{names:?}"
    );
    let svg = m
        .attachments()
        .find(|a| a.attachment_name() == Some("g-S1901M.svg"))
        .unwrap();
    let svg = std::str::from_utf8(svg.contents()).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("data-order=\"A par - bur\""));

    let dir = tempfile::tempdir().unwrap();
    let mut st = played(dir.path(), Pictures::Off);
    let root = deliver(&mut st, dir.path());
    let raw = results_mail(&root, "italy@example.org");
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(m.attachments().count(), 0);
    assert!(m.body_html(0).is_none_or(|h| !h.contains("cid:")));
    assert!(m.body_text(0).unwrap().contains("A par - bur"));
}

fn mail(st: &mut Store, from: &str, body: &str) -> dipspy::judge::Reply {
    let msg = Incoming {
        from: from.into(),
        message_id: Some("<map@example.org>".into()),
        subject: "map".into(),
        body: body.into(),
        received_at: now(),
        authenticated: false,
        restricted: false,
        web: None,
    };
    handle(st, &js(), &msg, now() + Duration::hours(2)).expect("the database works")
}

#[test]
fn map_by_mail_answers_with_the_picture() {
    let dir = tempfile::tempdir().unwrap();
    let mut st = played(dir.path(), Pictures::Off);
    // A processed phase, with its orders.
    let r = mail(&mut st, "france@example.org", "MAP g S1901M");
    assert!(
        r.body.contains("picture of game g, Spring 1901 Movement"),
        "{}",
        r.body
    );
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(r.attachments[0].filename, "g-S1901M.png");
    assert_eq!(png_size(&r.attachments[0].data).0, 1200);
    // It is the results picture (the board after the phase); BEFORE
    // draws the same orders on the board before them, AFTER is the
    // default.
    let pic = game::phase_picture(&st, "g", Some("S1901M")).unwrap();
    assert_eq!(r.attachments[0].data, pic.png().unwrap());
    let after = r.attachments[0].data.clone();
    let r = mail(&mut st, "france@example.org", "MAP g S1901M BEFORE");
    assert_eq!(r.attachments.len(), 1, "{}", r.body);
    assert_ne!(r.attachments[0].data, after);
    let before =
        dipspy::render::render_png(pic.map, &pic.scene_before(), dipspy::render::MAIL_WIDTH)
            .unwrap();
    assert_eq!(r.attachments[0].data, before);
    let r = mail(&mut st, "france@example.org", "MAP g S1901M after");
    assert_eq!(r.attachments[0].data, after);
    // The position now.
    let r = mail(&mut st, "germany@example.org", "map g");
    assert!(r.body.contains("Fall 1901 Movement"), "{}", r.body);
    assert_eq!(r.attachments[0].filename, "g-F1901M.png");
    // A phase not played is refused, with what was played.
    let r = mail(&mut st, "germany@example.org", "MAP g F1905M");
    assert!(r.attachments.is_empty());
    assert!(r.body.contains("S1901M"), "{}", r.body);
    // Someone who neither plays nor observes gets nothing.
    let r = mail(&mut st, "stranger@example.org", "MAP g");
    assert!(r.attachments.is_empty());
    assert!(r.body.contains("players and observers"), "{}", r.body);
}

#[test]
fn the_picture_of_a_retreat_phase_being_played_shows_where_each_unit_may_go() {
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
    game::create(&mut st, "r", &CreateOptions::default(), now()).unwrap();
    for p in POWERS {
        let a = format!("{p}@example.org");
        game::join(&mut st, "r", Some(p), &a, "pw", now()).unwrap();
    }
    game::start(&mut st, "r", now()).unwrap();
    let cli = Sender {
        from: None,
        message_id: None,
        ..Default::default()
    };
    game::submit_orders(&mut st, "r", "germany", "A mun - bur", None, &cli, now()).unwrap();
    game::process(&mut st, "r", now() + Duration::hours(1)).unwrap();
    let t = now() + Duration::hours(2);
    game::submit_orders(
        &mut st,
        "r",
        "france",
        "A par - bur\nA mar S A par - bur",
        None,
        &cli,
        t,
    )
    .unwrap();
    game::process(&mut st, "r", now() + Duration::hours(3)).unwrap();
    let pic = game::phase_picture(&st, "r", None).unwrap();
    assert_eq!(pic.position.phase.to_string(), "F1901R");
    let svg = dipspy::render::render_svg(pic.map, &pic.scene());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // The German army stands beside the French one that took its place,
    // with a line to each province it may retreat to.
    assert!(
        doc.descendants()
            .any(|n| n.attribute("id") == Some("unit-bur"))
    );
    assert!(
        doc.descendants()
            .any(|n| n.attribute("id") == Some("dislodged-bur"))
    );
    let r = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("retreats-bur"))
        .expect("the retreats of A bur");
    let mut options: Vec<&str> = r.attribute("data-retreats").unwrap().split(' ').collect();
    options.sort();
    assert_eq!(options, ["bel", "gas", "mun", "pic", "ruh"]);
}

/// The attached and inline images of a message.
fn images(raw: &[u8]) -> Vec<Vec<u8>> {
    let Some(m) = MessageParser::default().parse(raw) else {
        return Vec::new();
    };
    m.parts
        .iter()
        .filter(|p| {
            p.content_type()
                .is_some_and(|c| c.ctype() == "image" || c.ctype() == "application")
        })
        .map(|p| p.contents().to_vec())
        .collect()
}

#[test]
fn the_judges_picture_never_reaches_a_player() {
    let bin = env!("CARGO_BIN_EXE_dipspy");
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("demo");
    let out = Command::new(bin)
        .args(["demo", "--keep"])
        .arg(&keep)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let db = keep.join("demo.sqlite");
    let mut judge = Vec::new();
    let mut public = Vec::new();
    for phase in ["S1901M", "F1901M", "W1901A", "S1902M"] {
        let j = dir.path().join(format!("judge-{phase}.png"));
        let p = dir.path().join(format!("public-{phase}.png"));
        let s = Command::new(bin)
            .arg("--db")
            .arg(&db)
            .args(["secret-log", "demo", "--phase", phase, "--map"])
            .arg(&j)
            .status()
            .unwrap();
        assert!(s.success());
        let s = Command::new(bin)
            .arg("--db")
            .arg(&db)
            .args(["map", "demo", phase, "-o"])
            .arg(&p)
            .status()
            .unwrap();
        assert!(s.success());
        judge.push(std::fs::read(&j).unwrap());
        public.push(std::fs::read(&p).unwrap());
    }
    // `dipspy map --before`: the orders on the board before them, not
    // the results picture.
    let b = dir.path().join("before-S1901M.png");
    let s = Command::new(bin)
        .arg("--db")
        .arg(&db)
        .args(["map", "demo", "S1901M", "--before", "-o"])
        .arg(&b)
        .status()
        .unwrap();
    assert!(s.success());
    assert_ne!(std::fs::read(&b).unwrap(), public[0]);
    // The judge's picture of a phase with espionage differs from the
    // public one (it has the marks).
    assert_ne!(judge[3], public[3]);
    let svg = dir.path().join("judge.svg");
    Command::new(bin)
        .arg("--db")
        .arg(&db)
        .args(["secret-log", "demo", "--phase", "S1902M", "--map"])
        .arg(&svg)
        .status()
        .unwrap();
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains("class=\"mark spy\"") && svg.contains("the judge's eyes only"));
    // Every image in every mailbox is a public picture, never the judge's.
    let mut seen = 0;
    for entry in std::fs::read_dir(keep.join("mailboxes")).unwrap() {
        let b = entry.unwrap().path();
        for sub in ["new", "cur"] {
            for f in std::fs::read_dir(b.join(sub)).into_iter().flatten() {
                let raw = std::fs::read(f.unwrap().path()).unwrap();
                for img in images(&raw) {
                    seen += 1;
                    assert!(!judge.iter().zip(&public).any(|(j, p)| j != p && *j == img));
                    // Besides the phases' public pictures, the start mail
                    // and the last mail carry pictures of their own (the
                    // starting position, the end): never a judge's picture.
                    assert!(
                        public.contains(&img) || !judge.contains(&img),
                        "a judge's picture reached a player"
                    );
                    let text = String::from_utf8_lossy(&img);
                    assert!(!text.contains("judge's eyes only") && !text.contains("class=\"mark"));
                }
            }
        }
    }
    assert!(seen >= 4 * 7, "only {seen} pictures in the mailboxes");
}

/// The PNGs of every mail an address received.
fn pngs_of(root: &Path, addr: &str) -> Vec<Vec<u8>> {
    mailbox(root, addr)
        .iter()
        .flat_map(|raw| {
            let m = MessageParser::default().parse(raw).unwrap();
            m.attachments()
                .filter(|a| a.attachment_name().unwrap_or("").ends_with(".png"))
                .map(|a| a.contents().to_vec())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn each_reader_gets_the_pictures_of_the_start_and_results_in_their_language() {
    use dipspy::render::{MAIL_WIDTH, Scene, render_png};
    use dipspy::text::Lang;
    let dir = tempfile::tempdir().unwrap();
    let mut st = played(dir.path(), Pictures::Png);
    game::set_language(&mut st, "france@example.org", Lang::Fr, now()).unwrap();
    game::set_language(&mut st, "germany@example.org", Lang::De, now()).unwrap();
    let root = deliver(&mut st, dir.path());
    let results = game::phase_picture(&st, "g", Some("S1901M")).unwrap();
    let start = |lang| {
        let s = Scene::position("g", &results.position).in_lang(lang);
        render_png(results.map, &s, MAIL_WIDTH).unwrap()
    };
    let after = |lang| render_png(results.map, &results.scene().in_lang(lang), MAIL_WIDTH).unwrap();
    // English readers get the pictures as they always were.
    assert_eq!(results.png().unwrap(), after(Lang::En));
    for (addr, lang) in [
        ("england@example.org", Lang::En),
        ("france@example.org", Lang::Fr),
        ("germany@example.org", Lang::De),
    ] {
        let got = pngs_of(&root, addr);
        assert_eq!(got, vec![start(lang), after(lang)], "{addr}'s pictures");
    }
    assert_ne!(after(Lang::Fr), after(Lang::En));
    assert_ne!(start(Lang::De), start(Lang::En));
    // The French reader's results text names the phase and the powers
    // in French, with the same picture file name.
    let raw = mailbox(&root, "france@example.org")
        .into_iter()
        .find(|m| String::from_utf8_lossy(m).contains("A par - bur"))
        .expect("the French results mail");
    let m = MessageParser::default().parse(&raw).unwrap();
    let text = m.body_text(0).unwrap();
    assert!(text.contains("Printemps 1901 Mouvements"), "{text}");
    assert!(text.contains("Allemagne"), "{text}");
    assert!(!text.contains("Germany"), "{text}");
    assert!(
        m.attachments()
            .any(|a| a.attachment_name() == Some("g-S1901M.png"))
    );
    // Drawn once per language (here two), stored once per reader of it;
    // an English reader's mail carries the announcement's own.
    let count =
        |sql: &str, id: i64| -> i64 { st.conn().query_row(sql, [id], |r| r.get(0)).unwrap() };
    let mut drawn_again = 0;
    for row in dipspy::mail::outbox_rows(&st.read()).unwrap() {
        let own = count(
            "SELECT COUNT(*) FROM attachments WHERE outbox_id = ?1",
            row.id,
        );
        let shared = row.announcement_id.map_or(0, |a| {
            count(
                "SELECT COUNT(*) FROM attachments WHERE announcement_id = ?1",
                a,
            )
        });
        let other_language = row.to == "france@example.org" || row.to == "germany@example.org";
        assert_eq!(
            own,
            if other_language { shared } else { 0 },
            "{}: {}",
            row.to,
            row.subject
        );
        drawn_again += own;
    }
    assert_eq!(drawn_again, 4, "the start and the results, for two readers");
}

#[test]
fn map_by_mail_draws_the_picture_in_the_readers_language() {
    use dipspy::text::Lang;
    let dir = tempfile::tempdir().unwrap();
    let mut st = played(dir.path(), Pictures::Off);
    game::set_language(&mut st, "france@example.org", Lang::Fr, now()).unwrap();
    let r = mail(&mut st, "france@example.org", "MAP g S1901M");
    assert!(
        r.body.contains(
            "l'image de la partie g, Printemps 1901 Mouvements, est jointe (g-S1901M.png)"
        ),
        "{}",
        r.body
    );
    let pic = game::phase_picture(&st, "g", Some("S1901M")).unwrap();
    let fr = dipspy::render::render_png(
        pic.map,
        &pic.scene().in_lang(Lang::Fr),
        dipspy::render::MAIL_WIDTH,
    )
    .unwrap();
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(r.attachments[0].data, fr);
    assert_ne!(r.attachments[0].data, pic.png().unwrap());
    // An English reader's MAP is the picture it always was.
    let r = mail(&mut st, "england@example.org", "MAP g S1901M");
    assert_eq!(r.attachments[0].data, pic.png().unwrap());
}
