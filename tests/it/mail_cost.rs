//! The cost of one mail is bounded before and by the limits (issue 34,
//! item 7): a mail of deeply nested HTML or deeply nested MIME, 1 MiB
//! each, is read in bounded memory, and a stranger over the judge-wide
//! limit is stopped on the headers alone, its body never read for the
//! judge. Memory is counted by the test binary's global allocator, per
//! thread; no test here times anything.

use chrono::{TimeZone, Utc};
use dipspy::judge::JudgeSettings;
use dipspy::mail::Limits;
use dipspy::mail::{self, Outcome};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Mutex;

struct Counting;

thread_local! {
    /// Bytes this thread holds now, and the most it held since
    /// [`peak_of`] began; counted on every thread, read on the measuring
    /// one. All the integration tests share this binary and run side by
    /// side: each thread counts its own, so other tests' memory never
    /// enters a measurement (the code measured here starts no thread).
    static NOW: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grew(n: usize) {
    let _ = NOW.try_with(|now| {
        let v = now.get() + n as isize;
        now.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn shrank(n: usize) {
    let _ = NOW.try_with(|now| now.set(now.get() - n as isize));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        grew(l.size());
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        shrank(l.size());
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        if new > l.size() {
            grew(new - l.size());
        } else {
            shrank(l.size() - new);
        }
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static A: Counting = Counting;

/// One measurement at a time (kept from when the counter was the
/// process's).
static SERIAL: Mutex<()> = Mutex::new(());

/// The most memory `f` held at once beyond what was held before it.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = NOW.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let out = f();
    (out, PEAK.with(Cell::get).saturating_sub(before) as usize)
}

const MIB: usize = 1024 * 1024;
const BOUND: usize = 64 * MIB;

fn headers(from: &str, n: usize) -> String {
    format!(
        "From: {from}\r\nTo: judge@example.org\r\nSubject: orders\r\nMessage-ID: <cost{n}@example.org>\r\nMIME-Version: 1.0\r\n"
    )
}

/// 1 MiB of HTML: `<div>`s nested as deep as they go, then unclosed
/// `<span><b>`s.
fn deep_html(from: &str, n: usize) -> Vec<u8> {
    let mut body = String::from("<html><body>");
    while body.len() < MIB / 2 {
        body.push_str("<div>");
    }
    body.push_str("HELP");
    while body.len() < MIB {
        body.push_str("<span><b>");
    }
    format!(
        "{}Content-Type: text/html; charset=utf-8\r\n\r\n{body}\r\n",
        headers(from, n)
    )
    .into_bytes()
}

/// 1 MiB of MIME: a message/rfc822 in a message/rfc822 in ..., each
/// level a multipart with a text part.
fn deep_mime(from: &str, n: usize) -> Vec<u8> {
    let mut raw = headers(from, n);
    raw.push_str("Content-Type: message/rfc822\r\n\r\n");
    let mut level = 0;
    while raw.len() < MIB {
        raw.push_str(&format!(
            "From: a@x.test\r\nContent-Type: multipart/mixed; boundary=b{level}\r\n\r\n--b{level}\r\nContent-Type: text/plain\r\n\r\nHELP\r\n--b{level}\r\nContent-Type: message/rfc822\r\n\r\n"
        ));
        level += 1;
    }
    raw.into_bytes()
}

fn limits() -> Limits {
    Limits {
        max_message_bytes: 2 * MIB,
        ..Limits::default()
    }
}

fn settings() -> JudgeSettings {
    JudgeSettings {
        address: "judge@example.org".into(),
        ..JudgeSettings::default()
    }
}

fn at(minute: u32) -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2030, 3, 1, 12, minute, 0).unwrap()
}

#[test]
fn deep_html_and_deep_mime_are_read_in_bounded_memory() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("cost.db")).unwrap();
    let js = settings();
    for (name, raw) in [
        ("deep HTML", deep_html("p@x.test", 1)),
        ("deep MIME", deep_mime("q@x.test", 2)),
    ] {
        assert!(raw.len() >= MIB && raw.len() < limits().max_message_bytes);
        let (parsed, peak) = peak_of(|| dipspy::mail::parse_message(&raw));
        assert!(parsed.readable, "{name}");
        assert!(peak < BOUND, "{name}: reading it held {peak} bytes");
        let (out, peak) =
            peak_of(|| mail::ingest(&mut st, &js, limits(), &raw, "test", at(1)).unwrap());
        assert!(
            matches!(out, Some(Outcome::Handled | Outcome::Quarantined(_))),
            "{name}: {out:?}"
        );
        assert!(peak < BOUND, "{name}: handling it held {peak} bytes");
    }
}

#[test]
fn a_stranger_over_the_limit_is_stopped_before_the_body_is_read() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("cost.db")).unwrap();
    let js = settings();
    let l = Limits {
        stranger_replies_per_hour: 1,
        ..limits()
    };
    // The first stranger is answered: its body is read.
    let small = format!("{}\r\nHELP\r\n", headers("s0@x.test", 0)).into_bytes();
    let before = mail::body_reads();
    let out = mail::ingest(&mut st, &js, l, &small, "test", at(1)).unwrap();
    assert_eq!(out, Some(Outcome::Handled));
    assert_eq!(mail::body_reads(), before + 1);
    // Past the judge-wide limit, the next strangers' mail is not read.
    for i in 1..4 {
        let raw = deep_html(&format!("s{i}@x.test"), 10 + i);
        let before = mail::body_reads();
        let out = mail::ingest(&mut st, &js, l, &raw, "test", at(2)).unwrap();
        assert!(
            matches!(&out, Some(Outcome::Quarantined(why)) if why.contains("judge-wide")),
            "{out:?}"
        );
        assert_eq!(mail::body_reads(), before, "stranger {i}'s body was read");
    }
}

/// Masking reads a nested message from the one reading of the mail, yet
/// still masks a password several messages deep.
#[test]
fn a_password_nested_deep_is_masked_in_bounded_memory() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut raw = headers("p@x.test", 3);
    for _ in 0..6 {
        raw.push_str("Content-Type: message/rfc822\r\n\r\nFrom: a@x.test\r\n");
    }
    raw.push_str("Content-Type: text/plain\r\n\r\nSIGNON france g1 deepsecret\r\n");
    let masked = dipspy::mail::mask_raw(raw.as_bytes()).expect("masked");
    assert!(!String::from_utf8_lossy(&masked).contains("deepsecret"));
    let deep = deep_mime("q@x.test", 4);
    let m = mail_parser::MessageParser::default().parse(&deep).unwrap();
    let (_, peak) = peak_of(|| dipspy::mail::mask_parsed(&deep, &m));
    assert!(peak < BOUND, "masking held {peak} bytes");
}

/// `dipspy serve --once` on a Maildir: the deep HTML mail and the deep
/// MIME mail are each done with (answered or quarantined), and the plain
/// mail after them is answered.
#[test]
fn serve_once_handles_the_hostile_mail_and_goes_on() {
    let d = tempfile::tempdir().unwrap();
    let cfg = d.path().join("judge.toml");
    std::fs::write(
        &cfg,
        "[database]\npath = \"judge.db\"\n[judge]\naddress = \"judge@example.org\"\n\
         [mail]\ntransport = \"maildir\"\n[maildir]\nincoming = \"in\"\noutgoing = \"out\"\n\
         [limits]\nmax_message_bytes = 2097152\n",
    )
    .unwrap();
    let inc = d.path().join("in");
    mail::deliver_to_maildir(&inc, &deep_html("p@x.test", 1)).unwrap();
    mail::deliver_to_maildir(&inc, &deep_mime("q@x.test", 2)).unwrap();
    let plain = format!("{}\r\nHELP\r\n", headers("r@x.test", 3));
    mail::deliver_to_maildir(&inc, plain.as_bytes()).unwrap();
    crate::support::maildir_judge::serve_once(&cfg);
    let st = crate::support::words::open_store(&d.path().join("judge.db")).unwrap();
    let rows = mail::inbox_rows(&st.read()).unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    for r in &rows {
        assert!(
            r.status == "handled" || r.status == "quarantined",
            "{} left {}: {:?}",
            r.sender,
            r.status,
            r.reason
        );
    }
    let plain = rows.iter().find(|r| r.sender == "r@x.test").unwrap();
    assert_eq!(plain.status, "handled", "{:?}", plain.reason);
    let answered = d.path().join("out").join("r@x.test").join("new");
    assert_eq!(
        std::fs::read_dir(&answered).map(|r| r.count()).unwrap_or(0),
        1
    );
}
