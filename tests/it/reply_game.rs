//! Issue 21, "done means": a game played by mail in which every player
//! answers the judge by "Reply", each in a different client, goes to the
//! first winter with exactly the orders the players meant. Each mail quotes
//! the last mail the player received from the judge (its reply, listing the
//! player's earlier orders, or the results, listing everybody's), in the
//! way of its client: Outlook's header block, Gmail's wrapped attribution,
//! an iPhone's signature and `>` quote, Thunderbird bottom-posted, Yahoo's
//! unmarked quote, mail.ru's HTML blockquote with no text part, a German
//! Outlook's Word HTML with no text part. Everything runs through
//! `dipspy serve --once` on Maildirs; every mail sent is checked by
//! `tests/it/support/mailcheck.rs`.

use crate::support::mailgame;

use dipspy::mail;
use mailgame::{JUDGE, POWERS, World, addr, letter, pw, raw_mails};

#[derive(Clone, Copy, Debug)]
enum Client {
    Outlook2016,
    GmailWeb,
    IPhone,
    ThunderbirdBottom,
    Yahoo,
    MailRuHtmlBottom,
    OutlookDeHtml,
}

fn client(power: &str) -> Client {
    match power {
        "austria" => Client::Outlook2016,
        "england" => Client::GmailWeb,
        "france" => Client::IPhone,
        "germany" => Client::ThunderbirdBottom,
        "italy" => Client::Yahoo,
        "russia" => Client::MailRuHtmlBottom,
        _ => Client::OutlookDeHtml,
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn divs(lines: &[&str]) -> String {
    lines
        .iter()
        .map(|l| {
            if l.is_empty() {
                "<div><br></div>".to_string()
            } else {
                format!("<div>{}</div>", esc(l))
            }
        })
        .collect()
}

fn marked(lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            if l.is_empty() {
                ">".into()
            } else {
                format!("> {l}")
            }
        })
        .collect()
}

/// The reply `client` writes: `new` typed by the player, `quoted` the
/// text of the judge's mail it answers.
fn reply_mail(c: Client, from: &str, n: usize, new: &[&str], quoted: &str) -> (String, Vec<u8>) {
    let q: Vec<&str> = quoted.lines().collect();
    let judge = format!("dipspy judge <{JUDGE}>");
    let head_en = [
        format!("From: {judge}"),
        "Sent: Saturday, March 1, 2025 12:00 PM".to_string(),
        format!("To: {from}"),
        "Subject: Re: dipspy vet".to_string(),
    ];
    let (text, html): (Option<String>, Option<String>) = match c {
        Client::Outlook2016 => {
            let mut t: Vec<String> = new.iter().map(|s| s.to_string()).collect();
            t.push(String::new());
            t.extend(head_en.iter().cloned());
            t.push(String::new());
            t.extend(q.iter().map(|s| s.to_string()));
            let h = format!(
                "<html><body><div class=\"WordSection1\">{}<p class=\"MsoNormal\">&nbsp;</p><div style=\"border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm\"><p class=\"MsoNormal\">{}</p></div>{}</div></body></html>",
                divs(new),
                head_en
                    .iter()
                    .map(|l| esc(l))
                    .collect::<Vec<_>>()
                    .join("<br>"),
                divs(&q)
            );
            (Some(t.join("\r\n")), Some(h))
        }
        Client::GmailWeb => {
            let mut t: Vec<String> = new.iter().map(|s| s.to_string()).collect();
            t.push(String::new());
            t.push(format!(
                "On Sat, Mar 1, 2025 at 12:00 PM dipspy judge <{JUDGE}>"
            ));
            t.push("wrote:".into());
            t.push(String::new());
            t.extend(marked(&q));
            let h = format!(
                "<div dir=\"ltr\">{}</div><br><div class=\"gmail_quote\"><div dir=\"ltr\" class=\"gmail_attr\">On Sat, Mar 1, 2025 at 12:00 PM dipspy judge &lt;{JUDGE}&gt; wrote:<br></div><blockquote class=\"gmail_quote\">{}</blockquote></div>",
                divs(new),
                divs(&q)
            );
            (Some(t.join("\r\n")), Some(h))
        }
        Client::IPhone => {
            let mut t: Vec<String> = new.iter().map(|s| s.to_string()).collect();
            t.extend(["".into(), "Sent from my iPhone".into(), "".into()]);
            t.push(format!(
                "> On 1 Mar 2025, at 12:00, dipspy judge <{JUDGE}> wrote:"
            ));
            t.push(">".into());
            t.extend(marked(&q));
            let h = format!(
                "<html><body dir=\"auto\">{}<div dir=\"ltr\"><br></div><div dir=\"ltr\">Sent from my iPhone</div><div dir=\"ltr\"><br><blockquote type=\"cite\">On 1 Mar 2025, at 12:00, dipspy judge &lt;{JUDGE}&gt; wrote:<br><br></blockquote></div><blockquote type=\"cite\">{}</blockquote></body></html>",
                divs(new),
                divs(&q)
            );
            (Some(t.join("\r\n")), Some(h))
        }
        Client::ThunderbirdBottom => {
            let mut t = vec!["On 01/03/2025 12:00, dipspy judge wrote:".to_string()];
            t.extend(marked(&q));
            t.push(String::new());
            t.extend(new.iter().map(|s| s.to_string()));
            (Some(t.join("\r\n")), None)
        }
        Client::Yahoo => {
            let att = format!(
                "On Saturday, March 1, 2025 at 12:00:00 PM GMT, dipspy judge <{JUDGE}> wrote:"
            );
            let mut t: Vec<String> = new.iter().map(|s| s.to_string()).collect();
            t.extend([
                "".into(),
                "".into(),
                format!("    {att}  "),
                " ".into(),
                " ".into(),
            ]);
            t.extend(q.iter().map(|s| format!(" {s}")));
            let h = format!(
                "<html><body><div class=\"ydp1yahoo-style-wrap\">{}</div><div><br></div><div id=\"ydp2yahoo_quoted_77\" class=\"ydp2yahoo_quoted\"><div><div>{}</div><div><br></div>{}</div></div></body></html>",
                divs(new),
                esc(&att),
                divs(&q)
            );
            (Some(t.join("\r\n")), Some(h))
        }
        Client::MailRuHtmlBottom => {
            let h = format!(
                "<HTML><BODY><blockquote style=\"border-left:1px solid #0857A6; margin:10px; padding:0 0 0 10px;\">Суббота, 1 марта 2025, 12:00 +03:00 от dipspy judge &lt;{JUDGE}&gt;:<br>&nbsp;<div class=\"js-helper js-readmsg-msg\">{}</div></blockquote>{}</BODY></HTML>",
                divs(&q),
                divs(new)
            );
            (None, Some(h))
        }
        Client::OutlookDeHtml => {
            let head = [
                format!("Von: {judge}"),
                "Gesendet: Samstag, 1. März 2025 12:00".to_string(),
                format!("An: {from}"),
                "Betreff: AW: dipspy vet".to_string(),
            ];
            let h = format!(
                "<html><body lang=\"DE\"><div class=\"WordSection1\">{}<p class=\"MsoNormal\">&nbsp;</p><div style=\"border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm\"><p class=\"MsoNormal\">{}</p></div>{}</div></body></html>",
                divs(new),
                head.iter()
                    .map(|l| {
                        let (k, v) = l.split_once(':').unwrap();
                        format!("<b>{k}:</b>{}", esc(v))
                    })
                    .collect::<Vec<_>>()
                    .join("<br>"),
                divs(&q)
            );
            (None, Some(h))
        }
    };
    let mid = format!("<game{n}.{c:?}@players.test>");
    let mut raw = format!(
        "From: {from}\r\nTo: {JUDGE}\r\nSubject: Re: dipspy vet\r\nMessage-ID: {mid}\r\n\
         Date: Sat, 01 Mar 2025 12:30:00 +0000\r\nMIME-Version: 1.0\r\n"
    );
    let part = |kind: &str, body: &str| {
        format!(
            "Content-Type: text/{kind}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n"
        )
    };
    match (text, html) {
        (Some(t), Some(h)) => {
            raw.push_str("Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n");
            raw.push_str(&format!(
                "--b1\r\n{}--b1\r\n{}--b1--\r\n",
                part("plain", &t),
                part("html", &h)
            ));
        }
        (Some(t), None) => raw.push_str(&part("plain", &t)),
        (None, Some(h)) => raw.push_str(&part("html", &h)),
        (None, None) => unreachable!(),
    }
    (mid, raw.into_bytes())
}

/// The plain text of the last mail `power` received.
fn last_mail_text(w: &World, power: &str) -> String {
    let all = raw_mails(&w.outgoing().join(addr(power)));
    let raw = all.last().expect("a mail from the judge");
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    m.body_text(0).unwrap_or_default().replace("\r\n", "\n")
}

/// Every player replies to the last mail the judge sent them with `orders`
/// (after a SIGNON, and SET WAIT after them); returns the Message-IDs.
fn everybody_replies(w: &mut World, orders: &[(&str, &[&str])]) -> Vec<(String, String)> {
    let mut mids = Vec::new();
    for (power, lines) in orders {
        let quoted = last_mail_text(w, power);
        let signon = format!("SIGNON {} vet {}", letter(power), pw(power));
        let mut new: Vec<&str> = vec![&signon];
        new.extend(lines.iter());
        // Nothing is processed before the deadline, even with every order in.
        new.push("SET WAIT");
        w.n += 1;
        let (mid, raw) = reply_mail(client(power), &addr(power), w.n, &new, &quoted);
        mail::deliver_to_maildir(&w.dir.path().join("in"), &raw).unwrap();
        mids.push((power.to_string(), mid));
    }
    w.pass();
    for (power, mid) in &mids {
        let r = w.reply(&addr(power), mid);
        assert!(
            !r.contains("REJECTED") && !r.contains("not understood"),
            "{power} ({:?}): {r}",
            client(power)
        );
        assert!(
            r.contains("quoted line") && r.contains("were not read."),
            "{power} ({:?}): {r}",
            client(power)
        );
    }
    mids
}

/// The judge holds exactly these orders for each power.
fn orders_are(w: &World, orders: &[(&str, &[&str])], never: &[&str]) {
    for (power, lines) in orders {
        let shown = w.orders_show(power);
        for o in lines.iter() {
            assert!(shown.contains(o), "{power}: lacks {o}:\n{shown}");
        }
        for o in never {
            assert!(!shown.contains(o), "{power}: holds {o}:\n{shown}");
        }
    }
}

#[test]
fn a_game_where_everyone_answers_by_reply_in_a_different_client() {
    let mut w = World::started("");
    // Spring 1901: first orders, each with one slip...
    let first: &[(&str, &[&str])] = &[
        ("austria", &["A vie - bud", "A bud - ser", "F tri - alb"]),
        ("england", &["F lon - eng", "F edi - nrg", "A lvp - yor"]),
        ("france", &["F bre - mid", "A par - pic", "A mar - spa"]),
        ("germany", &["F kie - den", "A ber - kie", "A mun - bur"]),
        ("italy", &["F nap - ion", "A rom - apu", "A ven - tyr"]),
        (
            "russia",
            &["F stp/sc - bot", "A mos - sev", "A war H", "F sev - bla"],
        ),
        ("turkey", &["A con - bul", "F ank - con", "A smy - syr"]),
    ];
    everybody_replies(&mut w, first);
    // ...then each corrects it by replying to the judge's answer, which
    // lists the slip.
    let fix: &[(&str, &[&str])] = &[
        ("austria", &["A vie - gal"]),
        ("england", &["F lon - nth"]),
        ("france", &["A par - bur"]),
        ("germany", &["A mun - ruh"]),
        ("italy", &["A ven H"]),
        ("russia", &["A mos - ukr"]),
        ("turkey", &["A smy H"]),
    ];
    for (power, _) in fix {
        assert!(
            last_mail_text(&w, power).contains("order stored as"),
            "{power} quotes the judge's answer"
        );
    }
    everybody_replies(&mut w, fix);
    let spring: &[(&str, &[&str])] = &[
        ("austria", &["A vie - gal", "A bud - ser", "F tri - alb"]),
        ("england", &["F lon - nth", "F edi - nrg", "A lvp - yor"]),
        ("france", &["F bre - mid", "A par - bur", "A mar - spa"]),
        ("germany", &["F kie - den", "A ber - kie", "A mun - ruh"]),
        ("italy", &["F nap - ion", "A rom - apu", "A ven H"]),
        (
            "russia",
            &["F stp/sc - bot", "A mos - ukr", "A war H", "F sev - bla"],
        ),
        ("turkey", &["A con - bul", "F ank - con", "A smy H"]),
    ];
    orders_are(
        &w,
        spring,
        &[
            "A vie - bud",
            "F lon - eng",
            "A par - pic",
            "A mun - bur",
            "A ven - tyr",
            "A mos - sev",
            "A smy - syr",
        ],
    );
    w.at_deadline();

    // Fall 1901: replies to the results, which list everybody's spring
    // orders (`A par - bur` would now be an order for an empty province).
    for p in POWERS {
        let t = last_mail_text(&w, p);
        assert!(t.contains("A par - bur"), "{p} quotes the results:\n{t}");
    }
    let fall: &[(&str, &[&str])] = &[
        ("austria", &["F alb - gre", "A ser H", "A gal H"]),
        ("england", &["F nth - nwy", "F nrg H", "A yor H"]),
        ("france", &["F mid - por", "A bur H", "A spa H"]),
        ("germany", &["F den H", "A kie - hol", "A ruh H"]),
        ("italy", &["F ion - tun", "A apu H", "A ven H"]),
        (
            "russia",
            &["F bot - swe", "A ukr - rum", "A war H", "F bla H"],
        ),
        ("turkey", &["A bul H", "F con - aeg", "A smy H"]),
    ];
    everybody_replies(&mut w, fall);
    orders_are(&w, fall, &["A par - bur", "A mun - ruh"]);
    w.at_deadline();

    // Winter 1901: the builds, replying to the fall results.
    let winter: &[(&str, &[&str])] = &[
        ("austria", &["Build A vie", "Build A bud"]),
        ("england", &["Build F lon"]),
        ("france", &["Build A par", "Build F bre"]),
        ("germany", &["Build A ber", "Build A mun"]),
        ("italy", &["Build F nap"]),
        ("russia", &["Build A mos", "Build F sev"]),
        ("turkey", &["Build F ank"]),
    ];
    everybody_replies(&mut w, winter);
    orders_are(&w, winter, &["F mid - por", "A kie - hol"]);
    w.at_deadline();

    // Spring 1902: every unit where the orders meant it to be.
    let units: &[(&str, &[&str])] = &[
        ("austria", &["F gre", "A ser", "A gal", "A vie", "A bud"]),
        ("england", &["F nwy", "F nrg", "A yor", "F lon"]),
        ("france", &["F por", "A bur", "A spa", "A par", "F bre"]),
        ("germany", &["F den", "A hol", "A ruh", "A ber", "A mun"]),
        ("italy", &["F tun", "A apu", "A ven", "F nap"]),
        (
            "russia",
            &["F swe", "A rum", "A war", "F bla", "A mos", "F sev"],
        ),
        ("turkey", &["A bul", "F aeg", "A smy", "F ank"]),
    ];
    // Holding every one of them is accepted, and leaves nothing unordered.
    for (power, list) in units {
        let holds: Vec<String> = list.iter().map(|u| format!("{u} H")).collect();
        let m = w.play(power, &holds.join("\n"));
        w.pass();
        let r = w.reply(&addr(power), &m);
        assert!(r.contains("Spring 1902"), "{power}: {r}");
        assert!(!r.contains("REJECTED"), "{power}: {r}");
        assert!(!r.contains("Still without an order"), "{power}: {r}");
    }
}
