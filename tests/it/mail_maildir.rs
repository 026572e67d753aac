//! The embedded Maildir transport, with no mail server: `dipspy serve
//! --once` reads the judge's Maildir, answers into per-recipient Maildirs,
//! and mails announcements to their audience.

use dipspy::mail;
use dipspy::store::{AnnouncementKind, Audience, NewAnnouncement};
use std::path::Path;
use std::process::Command;

use crate::support::maildir_judge::serve_once;

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn read_all(dir: &Path) -> Vec<String> {
    files(dir)
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(dir.join(f)).unwrap()).into_owned())
        .collect()
}

#[test]
fn maildir_in_and_out_with_threading_dedup_and_announcements() {
    let d = tempfile::tempdir().unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(
        &cfg,
        "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
         master_address = \"gm@example.org\"\n[mail]\ntransport = \"maildir\"\n\
         [maildir]\nincoming = \"in\"\noutgoing = \"out\"\n",
    )
    .unwrap();
    let inc = d.path().join("in");
    let msg = b"From: Alice <alice@example.org>\nTo: judge@example.org\nSubject: orders\nMessage-ID: <a1@x>\n\nA PAR-BUR\n";
    mail::deliver_to_maildir(&inc, msg).unwrap();
    mail::deliver_to_maildir(&inc, msg).unwrap(); // delivered twice
    mail::deliver_to_maildir(
        &inc,
        b"From: bob@example.org\nSubject: away\nAuto-Submitted: auto-replied\n\nback monday\n",
    )
    .unwrap();

    // A game with alice as France, bob as England, carol observing, and
    // two announcements waiting.
    let db = d.path().join("judge.db");
    {
        let mut st = crate::support::words::open_store(&db).unwrap();
        st.write(|c| -> dipspy::store::DbResult<()> {
            let t = "2025-01-01T00:00:00Z";
            let g = c.insert_game("g1", "standard", "", "{}", t)?;
            for (p, e) in [
                ("France", "alice@example.org"),
                ("England", "bob@example.org"),
            ] {
                c.insert_power(g, p)?;
                c.seat_player(g, p, e, "x", t)?;
            }
            c.insert_power(g, "Italy")?;
            c.insert_observer(g, "carol@example.org", t)?;
            for (aud, subj) in [
                ("all", "results"),
                ("France", "spy report"),
                ("judge", "log"),
            ] {
                c.insert_announcement(&NewAnnouncement {
                    game_id: g,
                    phase: Some("S1901M"),
                    audience: &Audience::parse(aud),
                    kind: AnnouncementKind::Results,
                    subject: subj,
                    body: "text",
                    created_at: t,
                })?;
            }
            Ok(())
        })
        .unwrap();
    }

    serve_once(&cfg);
    serve_once(&cfg);
    assert!(files(&inc.join("new")).is_empty());
    let cur = files(&inc.join("cur"));
    assert_eq!(cur.len(), 3);
    assert!(cur.iter().all(|f| f.ends_with(":2,S")), "{cur:?}");

    let out = d.path().join("out");
    let alice = read_all(&out.join("alice@example.org").join("new"));
    // One reply (not two), the 'all' results and the private spy report.
    assert_eq!(alice.len(), 3, "{alice:#?}");
    let reply = alice
        .iter()
        .find(|m| m.contains("In-Reply-To: <a1@x>"))
        .unwrap();
    assert!(reply.contains("References: <a1@x>"));
    assert!(reply.contains("Auto-Submitted: auto-replied"));
    let bob = read_all(&out.join("bob@example.org").join("new"));
    assert_eq!(
        bob.len(),
        1,
        "bob's auto-reply is not answered; he gets the results"
    );
    assert!(bob[0].contains("Subject: results"));
    assert_eq!(
        read_all(&out.join("carol@example.org").join("new")).len(),
        1
    );
    // The master: the log meant for the judge, and (master_copies, on by
    // default) a copy of the results to all; not France's spy report.
    let gm = read_all(&out.join("gm@example.org").join("new"));
    assert_eq!(gm.len(), 2, "{gm:#?}");
    assert!(gm.iter().any(|m| m.contains("Subject: results")));
    assert!(!gm.iter().any(|m| m.contains("spy report")));

    let st = crate::support::words::open_store(&db).unwrap();
    let rows = mail::inbox_rows(&st.read()).unwrap();
    let s: Vec<&str> = rows.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(s, ["handled", "ignored"]);
    let outs = mail::outbox_rows(&st.read()).unwrap();
    assert_eq!(outs.len(), 7);
    assert!(outs.iter().all(|o| o.status == "sent"));
    assert!(st.read().pending_announcements().unwrap().is_empty());
}

#[test]
fn ingest_applies_the_rate_limit_and_dedup_and_quarantines_senderless_mail() {
    let d = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&d.path().join("t.db")).unwrap();
    let js = dipspy::judge::JudgeSettings {
        address: "judge@example.org".into(),
        ..Default::default()
    };
    let limits = dipspy::mail::Limits {
        max_message_bytes: 10_000,
        per_sender_per_hour: 3,
        ..Default::default()
    };
    let now = chrono::Utc::now();
    let mut outcomes = Vec::new();
    for i in 0..5 {
        let raw = format!("From: spam@example.org\nMessage-ID: <s{i}@x>\nSubject: s\n\nhi\n");
        outcomes.push(mail::ingest(&mut st, &js, limits, raw.as_bytes(), "test", now).unwrap());
    }
    let q = outcomes
        .iter()
        .filter(|o| matches!(o, Some(mail::Outcome::Quarantined(r)) if r.contains("rate limit")))
        .count();
    assert_eq!(q, 2, "{outcomes:?}");
    // The same message again is not handled twice.
    let raw = b"From: spam@example.org\nMessage-ID: <s0@x>\nSubject: s\n\nhi\n";
    assert_eq!(
        mail::ingest(&mut st, &js, limits, raw, "test", now).unwrap(),
        None
    );
    // No sender at all: quarantined, kept raw, nothing queued.
    let o = mail::ingest(&mut st, &js, limits, b"\x00\x01\x02garbage", "test", now).unwrap();
    assert!(matches!(o, Some(mail::Outcome::Quarantined(_))), "{o:?}");
    assert_eq!(mail::outbox_rows(&st.read()).unwrap().len(), 3);
}

/// A panic in the judge while it handles one message: the message is
/// quarantined, what its commands did is rolled back (no half-applied
/// mail), no reply goes out for it, and the next message is handled.
#[test]
fn a_panic_while_handling_quarantines_the_message_undoes_it_and_the_loop_goes_on() {
    let d = tempfile::tempdir().unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(
        &cfg,
        "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
         [mail]\ntransport = \"maildir\"\n[maildir]\nincoming = \"in\"\noutgoing = \"out\"\n",
    )
    .unwrap();
    {
        let mut st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
        dipspy::game::create(
            &mut st,
            "g",
            &dipspy::game::CreateOptions::default(),
            chrono::Utc::now(),
        )
        .unwrap();
    }
    let inc = d.path().join("in");
    mail::create_maildir(&inc).unwrap();
    mail::deliver_to_maildir(
        &inc,
        b"From: fr@example.org\nMessage-ID: <p1@x>\nSubject: join\n\nJOIN france g pw1\n# boom-marker\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(["serve", "--once", "--config"])
        .arg(&cfg)
        .env("DIPSPY_TEST_PANIC_ON", "boom-marker")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the loop stopped: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The next message, in a later pass, is handled as usual.
    mail::deliver_to_maildir(
        &inc,
        b"From: de@example.org\nMessage-ID: <p2@x>\nSubject: join\n\nJOIN germany g pw2\n",
    )
    .unwrap();
    serve_once(&cfg);

    let st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
    let rows = mail::inbox_rows(&st.read()).unwrap();
    let first = rows.iter().find(|r| r.sender == "fr@example.org").unwrap();
    assert_eq!(first.status, "quarantined");
    assert!(
        first
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("the judge failed on it"),
        "{first:?}"
    );
    let second = rows.iter().find(|r| r.sender == "de@example.org").unwrap();
    assert_eq!(second.status, "handled");
    // France's JOIN was undone with the panic; Germany's stands.
    let v = dipspy::game::show(&st, "g").unwrap();
    let seat = |p: &str| {
        v.powers
            .iter()
            .find(|x| x.power == p)
            .unwrap()
            .status
            .to_string()
    };
    assert_eq!(seat("france"), "vacant");
    assert_eq!(seat("germany"), "playing");
    // One reply, to Germany's player.
    let to: Vec<String> = mail::outbox_rows(&st.read())
        .unwrap()
        .into_iter()
        .map(|m| m.to)
        .collect();
    assert_eq!(to, ["de@example.org"]);
}
