//! Issue 21, item 2: a reply is read for its new text only, whatever the
//! client. `tests/replies/*.eml` are France's replies to the judge as the
//! common clients write them (see `tests/tools/make_replies.py`): each
//! holds a new order, `A par - bur`, and quotes the judge's earlier reply,
//! which lists an earlier order for the same unit, `A par - pic`. Each
//! goes through `dipspy serve --once` on Maildirs; the test checks that
//! the new order stands, that nothing of the quote was read, and what the
//! reply says about the lines it skipped (`tests/replies/expected.txt`).
//! Every mail the judge sends is checked by `tests/it/support/mailcheck.rs`.

use crate::support::mailgame;

use dipspy::mail;
use mailgame::{World, addr};
use std::path::PathBuf;

fn corpus() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/replies");
    let text = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let list: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (f, n) = l.split_once('\t').expect("file<TAB>note");
            (f.to_string(), n.to_string())
        })
        .collect();
    // Every mail of the folder has its line, and the other way round.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".eml"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = list.iter().map(|(f, _)| f.clone()).collect();
    listed.sort();
    assert_eq!(files, listed, "tests/replies/expected.txt lists every mail");
    list
}

/// Delivers a raw mail to the judge; returns its Message-ID.
fn deliver(w: &World, raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mid = text
        .lines()
        .find_map(|l| l.strip_prefix("Message-ID: "))
        .expect("a Message-ID")
        .trim()
        .to_string();
    mail::deliver_to_maildir(&w.dir.path().join("in"), raw).unwrap();
    mid
}

/// What is wrong with the judge's handling of one mail of the corpus.
fn check(w: &mut World, file: &str, note: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    // Paris holds first, so the reply must say what the new order replaced.
    let m = w.play("france", "A par H");
    w.pass();
    let r = w.reply(&addr("france"), &m);
    if !r.contains("OK: order stored as `A par H`") {
        wrong.push(format!("the reset to A par H failed:\n{r}"));
        return wrong;
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replies")
        .join(file);
    let mid = deliver(w, &std::fs::read(path).unwrap());
    w.pass();
    let r = w.reply(&addr("france"), &mid);
    // The decoded text of the reply: `mailcheck::readable` gives the
    // subject, the part's headers and its decoded text, then the raw mail.
    let start = r
        .find("\r\n\r\n")
        .map(|i| i + 4)
        .or_else(|| r.find("\n\n").map(|i| i + 2))
        .unwrap_or(0);
    let end = r
        .rfind("\nFrom: ")
        .filter(|&e| e > start)
        .unwrap_or(r.len());
    let body = &r[start..end];
    for want in [
        "  OK: signed on as France in game vet",
        ": A par - bur\n  OK: order stored as `A par - bur`, replacing `A par H`\n",
        note,
        "Your orders as France in game vet",
        "  A par - bur\n",
    ] {
        if !body.contains(want) {
            wrong.push(format!("lacks {want:?}"));
        }
    }
    // Nothing of the quote is read: not the earlier order, nor the
    // commands it holds (RESIGN, SET DRAW, a spy report's REACTION NONE).
    for never in [
        "pic",
        "REJECTED",
        "not understood",
        "RESIGN",
        "DRAW",
        "REACTION",
    ] {
        if body.contains(never) {
            wrong.push(format!("holds {never:?}"));
        }
    }
    let shown = w.orders_show("france");
    if !shown.contains("A par - bur") || shown.contains("pic") {
        wrong.push(format!("the judge holds other orders:\n{shown}"));
    }
    if !wrong.is_empty() {
        wrong.push(format!("the reply:\n{body}"));
    }
    wrong
}

#[test]
fn every_client_s_reply_is_read_for_its_new_text_only() {
    let list = corpus();
    assert!(list.len() >= 40, "{} mails", list.len());
    let mut w = World::started("");
    let mut failures = Vec::new();
    for (k, (file, note)) in list.iter().enumerate() {
        // Two mails each: an hour on now and then, so that France stays
        // within the judge's limit of mails per sender and hour.
        if k > 0 && k % 20 == 0 {
            w.now += chrono::Duration::minutes(61);
        }
        let wrong = check(&mut w, file, note);
        if !wrong.is_empty() {
            failures.push(format!("{file}:\n  {}", wrong.join("\n  ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} mails read wrongly:\n{}",
        failures.len(),
        list.len(),
        failures.join("\n\n")
    );
    // The check of tests/it/support/mailcheck.rs ran over every mail sent.
    assert!(w.checked >= 2 * list.len(), "{} mails checked", w.checked);
}

#[test]
fn the_corpus_covers_the_clients_the_issue_names() {
    let list = corpus();
    for client in [
        "outlook2003-top",
        "outlook2003-bottom",
        "outlook2007-top",
        "outlook2010-top",
        "outlook2016-top",
        "outlookweb-top",
        "gmail-web-top",
        "gmail-web-bottom",
        "gmail-android-top",
        "gmail-android-bottom",
        "gmail-ios-top",
        "apple-mail-top",
        "apple-mail-bottom",
        "iphone-top",
        "iphone-bottom",
        "thunderbird-top",
        "thunderbird-bottom",
        "yahoo-top",
        "aol-top",
        "hotmail-top",
        "windowsmail-top",
        "mail.ru-top",
        "mail.ru-bottom",
        "yandex-top",
        "yandex-bottom",
        "outlook-fr-top",
        "outlook-de-top",
        "gmail-fr-top",
        "gmail-fr-bottom",
        "gmail-de-top",
        "gmail-de-bottom",
    ] {
        let f = format!("{client}.eml");
        assert!(list.iter().any(|(g, _)| *g == f), "{f} is in the corpus");
    }
}

/// The guide's example of a quoted reply (docs/players.md, "What is
/// read") is answered as the guide says.
#[test]
fn the_readme_example_is_answered_as_the_readme_says() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/players.md")).unwrap();
    let start = readme
        .find("this reply from Outlook:")
        .expect("the example in docs/players.md");
    let blocks: Vec<&str> = readme[start..].split("```text\n").skip(1).take(2).collect();
    let mail = blocks[0].split("```").next().unwrap();
    let answer = blocks[1].split("```").next().unwrap();
    let to_test = |s: &str| {
        s.replace("mygame", "vet")
            .replace("secret", &mailgame::pw("france"))
    };
    let mut w = World::started("");
    w.play("france", "A par - pic");
    w.pass();
    let m = w.send(&addr("france"), &to_test(mail));
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert!(r.contains(&to_test(answer)), "{r}\nlacks\n{answer}");
}

/// One client form of issue 35 (a correction above a quote holding the
/// earlier order and harmful commands), through the judge: the
/// correction is stored, nothing quoted is, and the reply names the
/// quote as `tests/replies/expected.txt` says.
fn one_form(file: &str) -> World {
    let list = corpus();
    let note = &list
        .iter()
        .find(|(f, _)| f == file)
        .unwrap_or_else(|| panic!("{file} is in the corpus"))
        .1;
    let mut w = World::started("");
    let wrong = check(&mut w, file, note);
    assert!(wrong.is_empty(), "{file}:\n  {}", wrong.join("\n  "));
    w
}

#[test]
fn gmx_plain_text_header_block_with_no_marks() {
    one_form("real-gmx-de.eml");
}

#[test]
fn gmx_html_div_name_quote() {
    one_form("real-gmx-de.html-only.eml");
}

#[test]
fn web_de_html() {
    one_form("real-webde.eml");
}

#[test]
fn yahoo_german_attribution() {
    one_form("real-yahoo-de.eml");
}

#[test]
fn hotmail_html_stop_spelling_rule_and_header_block() {
    one_form("real-hotmail-html.eml");
}

#[test]
fn windows_mail_russian_bordered_header_block() {
    one_form("real-windowsmail-ru.eml");
    one_form("real-windowsmail-ru.html-only.eml");
}

#[test]
fn outlook_french_labels_with_a_no_break_space() {
    one_form("real-outlook-fr-nbsp.eml");
    one_form("real-outlook-fr-nbsp.html-only.eml");
}

#[test]
fn zimbra_french_mail_original() {
    one_form("real-zimbra-fr.eml");
}

#[test]
fn thunderbird_french_attribution_with_a_no_break_space() {
    one_form("real-thunderbird-fr.eml");
    one_form("real-thunderbird-fr.html-only.eml");
}

/// A press in a GMX reply keeps its own `>` and `From:` lines (England
/// gets them), and the quote under it is still not read.
#[test]
fn a_press_keeps_its_marked_and_from_lines_above_a_gmx_quote() {
    let w = one_form("real-gmx-press.eml");
    let press: Vec<String> = w
        .mails(&addr("england"))
        .into_iter()
        .filter(|m| m.contains("let us share the Channel"))
        .collect();
    assert_eq!(press.len(), 1, "{press:#?}");
    for want in [
        "From: the French Foreign Office",
        "To: His Majesty's Government",
        "> Perfidious Albion, they say.",
    ] {
        assert!(press[0].contains(want), "lacks {want:?}:\n{}", press[0]);
    }
    assert!(!press[0].contains("A par - pic"), "{}", press[0]);
}

/// A line that is not a list of orders is refused once, however many
/// commas it holds; a list of orders is still read order by order.
#[test]
fn a_line_is_refused_once_however_many_commas_it_holds() {
    let mut w = World::started("");
    let m = w.play(
        "france",
        "Thanks, see you soon, and good luck, bye\nA par - bur, F bre - mao",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    // Its decoded text, without the raw mail after it.
    let r = &r[..r.rfind("\nFrom: ").unwrap_or(r.len())];
    // The reply's language is guessed from the mail: count the lines it
    // answers, in any language ("Line 2: …", "Zeile 2: …").
    let answered = |n: usize| {
        r.lines()
            .filter(|l| !l.starts_with(' ') && l.contains(&format!(" {n}: ")))
            .count()
    };
    assert_eq!(answered(2), 1, "{r}");
    assert!(
        r.contains(" 2: Thanks, see you soon, and good luck, bye\n"),
        "{r}"
    );
    assert_eq!(answered(3), 2, "{r}");
    let shown = w.orders_show("france");
    assert!(
        shown.contains("A par - bur") && shown.contains("F bre - mid"),
        "{shown}"
    );
}

/// A quote the rules cannot place (a lone `From:` line with an address,
/// no header block, no mark) is left unread and named in the reply, not
/// read as orders.
#[test]
fn a_quote_the_judge_cannot_place_is_named_and_not_read() {
    let mut w = World::started("");
    let m = w.play(
        "france",
        "A par - bur\n\nFrom: dipspy judge <judge@judge.test>\nA par - pic\nRESIGN\nSET DRAW",
    );
    w.pass();
    let r = w.reply(&addr("france"), &m);
    assert!(r.contains("order stored as `A par - bur`"), "{r}");
    assert!(
        r.contains(
            "4 lines of an earlier mail the judge could not place (from `From: …`) were not read."
        ),
        "{r}"
    );
    for never in ["pic", "RESIGN", "DRAW"] {
        assert!(!r.contains(never), "holds {never:?}:\n{r}");
    }
    assert!(!w.orders_show("france").contains("pic"));
}
