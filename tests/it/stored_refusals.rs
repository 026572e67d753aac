//! Issue 25 (and 26): a refused order line is stored as its code with its
//! arguments (migration 0023), not as English, and put into words in each
//! reader's language when it is shown; a row stored before keeps its
//! English and reads as it was stored. Real SQLite files throughout.

use crate::support::started::{POWERS, start_seated};
use chrono::{DateTime, TimeZone, Utc};
use dipspy::game::{self, CreateOptions, Sender};
use dipspy::store::Store;
use dipspy::text::Lang;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 10, 12, 0, 0).unwrap()
}

/// A started standard game `g` on a real file.
fn started() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
    start_seated(&mut st, "g", &CreateOptions::default(), &POWERS, t0());
    (dir, st)
}

/// France's lines of S1901M with what the history says of each, in `lang`.
fn france_history(st: &Store, lang: Lang) -> Vec<(String, Option<String>)> {
    let h = game::history_in(st, "g", Some("S1901M"), lang).unwrap();
    h.iter()
        .flat_map(|e| &e.orders)
        .filter(|o| o.power == "france")
        .map(|o| (o.raw.clone(), o.reason.clone()))
        .collect()
}

fn why(lines: &[(String, Option<String>)], raw: &str) -> String {
    lines
        .iter()
        .find(|(r, _)| r == raw)
        .and_then(|(_, w)| w.clone())
        .unwrap_or_else(|| panic!("no refusal for {raw}: {lines:?}"))
}

#[test]
fn a_refused_line_is_stored_as_a_code_and_shown_in_french_and_german() {
    let (_d, mut st) = started();
    let sender = Sender {
        from: Some("france@example.org".into()),
        message_id: None,
        ..Default::default()
    };
    let r = game::submit_orders(
        &mut st,
        "g",
        "france",
        "A par - mos\nA mar - xyz\nF bre - mao",
        None,
        &sender,
        t0(),
    )
    .unwrap();
    // The receipt still says it in English, as before.
    assert_eq!(r.rejected(), 2);
    assert_eq!(
        r.lines[0].error.as_deref(),
        Some("`A par - mos` cannot be carried out: mos is not next to par")
    );

    // The store keeps codes, no English.
    let g = st.read().game_by_name("g").unwrap().unwrap();
    let phase = st.read().live_phase(g.id).unwrap().unwrap();
    let rows = st.read().orders(phase.id).unwrap();
    let refused: Vec<_> = rows.iter().filter(|o| o.parsed.is_none()).collect();
    assert_eq!(refused.len(), 2);
    for o in &refused {
        assert_eq!(o.error, None, "no English stored for {}", o.raw);
        let code = o.refusal.as_deref().unwrap();
        assert!(code.starts_with("{\"k\":\"refused-"), "{code}");
        assert!(!code.contains("cannot be carried out"), "{code}");
    }

    let en = france_history(&st, Lang::En);
    assert_eq!(
        why(&en, "A par - mos"),
        "`A par - mos` cannot be carried out: mos is not next to par"
    );
    let fr = france_history(&st, Lang::Fr);
    let de = france_history(&st, Lang::De);
    let (fr_move, de_move) = (why(&fr, "A par - mos"), why(&de, "A par - mos"));
    assert_eq!(
        fr_move,
        "`A par - mos` ne peut pas être exécuté\u{a0}: mos n'est pas adjacente à par"
    );
    assert_eq!(
        de_move,
        "`A par - mos` kann nicht ausgeführt werden: mos grenzt nicht an par"
    );
    // The parse error inside a refusal is the reader's too.
    let (en_read, fr_read, de_read) = (
        why(&en, "A mar - xyz"),
        why(&fr, "A mar - xyz"),
        why(&de, "A mar - xyz"),
    );
    assert!(
        en_read.starts_with("cannot read the order at column"),
        "{en_read}"
    );
    for (text, english_words) in [(&fr_read, "cannot read"), (&de_read, "cannot read")] {
        assert!(!text.contains(english_words), "{text}");
        assert!(!text.contains("expected"), "{text}");
        assert!(text.contains("`xyz`"), "{text}");
    }
    assert!(fr_read.contains("colonne"), "{fr_read}");
    assert!(de_read.contains("Spalte"), "{de_read}");
}

#[test]
fn a_refusal_stored_before_the_codes_reads_as_it_was_stored() {
    let (dir, st) = started();
    drop(st);
    // A line refused by a dipspy of before migration 0023: English in
    // `error`, no code.
    let c = rusqlite::Connection::open(dir.path().join("games.db")).unwrap();
    c.execute(
        "INSERT INTO orders (phase_id, power, raw, parsed, error, submitted_by, submitted_at, status)
         SELECT id, 'france', 'A par - mun', NULL, 'A par - mun cannot be carried out: old words',
                'france@example.org', '2025-01-10T12:00:00Z', 'unreadable'
           FROM phases WHERE status = 'current'",
        [],
    )
    .unwrap();
    drop(c);
    let st = crate::support::words::open_store(&dir.path().join("games.db")).unwrap();
    for lang in [Lang::En, Lang::Fr, Lang::De] {
        assert_eq!(
            why(&france_history(&st, lang), "A par - mun"),
            "A par - mun cannot be carried out: old words"
        );
    }
}
