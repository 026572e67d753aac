//! The mail command language: body clean-up, the grammar of each command,
//! error positions, and printing then reading back.

use dipspy::command::{Command, Item, MAX_LINES, clean_body, parse_message};

fn commands(body: &str) -> Vec<Command> {
    parse_message(body)
        .items
        .into_iter()
        .map(|i| i.command.unwrap_or_else(|e| panic!("{body:?}: {e}")))
        .collect()
}

fn one(line: &str) -> Command {
    let c = commands(line);
    assert_eq!(c.len(), 1, "{line}: {c:?}");
    c.into_iter().next().unwrap()
}

fn error(body: &str) -> dipspy::command::CommandError {
    let m = parse_message(body);
    m.items
        .into_iter()
        .find_map(|i| i.command.err())
        .unwrap_or_else(|| panic!("{body:?} should not read"))
}

#[test]
fn clean_up_drops_quotes_stops_at_the_signature_and_keeps_line_numbers() {
    let body = "  SIGNON F g pw  \n> quoted A par - bur\n\n  A mar H\n-- \nJohn\nA par - bur\n";
    let lines = clean_body(body);
    let got: Vec<(usize, usize, &str)> =
        lines.iter().map(|l| (l.number, l.column, l.text)).collect();
    assert_eq!(
        got,
        vec![(1, 3, "SIGNON F g pw"), (3, 1, ""), (4, 3, "A mar H")]
    );
    // A signature line whose trailing space was eaten still counts.
    assert_eq!(clean_body("HELP\n--\nLIST").len(), 1);
}

#[test]
fn signon_by_letter_or_name_with_or_without_password() {
    assert_eq!(
        one("SIGNON F mygame secret"),
        Command::Signon {
            power: "F".into(),
            game: "mygame".into(),
            password: Some("secret".into())
        }
    );
    assert_eq!(
        one("signon france mygame secret"),
        Command::Signon {
            power: "france".into(),
            game: "mygame".into(),
            password: Some("secret".into())
        }
    );
    assert_eq!(
        one("Sign On Frankreich my-game"),
        Command::Signon {
            power: "Frankreich".into(),
            game: "my-game".into(),
            password: None
        }
    );
}

#[test]
fn every_command_reads() {
    let cases: Vec<(&str, Command)> = vec![
        (
            "MASTER hunter2",
            Command::Master {
                password: "hunter2".into(),
            },
        ),
        (
            "join g1 pw",
            Command::Join {
                power: None,
                game: "g1".into(),
                password: "pw".into(),
            },
        ),
        (
            "JOIN england g1 pw",
            Command::Join {
                power: Some("england".into()),
                game: "g1".into(),
                password: "pw".into(),
            },
        ),
        ("OBSERVE g1", Command::Observe { game: "g1".into() }),
        ("LIST", Command::List { game: None }),
        (
            "list g1",
            Command::List {
                game: Some("g1".into()),
            },
        ),
        (
            "HISTORY g1",
            Command::History {
                game: "g1".into(),
                phase: None,
            },
        ),
        (
            "HISTORY g1 S1901M",
            Command::History {
                game: "g1".into(),
                phase: Some("S1901M".into()),
            },
        ),
        ("help", Command::Help),
        (
            "SET PASSWORD n3w!",
            Command::SetPassword {
                password: "n3w!".into(),
            },
        ),
        ("set wait", Command::SetWait(true)),
        ("SET NOWAIT", Command::SetWait(false)),
        ("set no   wait", Command::SetWait(false)),
        ("RESIGN", Command::Resign),
        ("clear", Command::Clear),
        (
            "CREATE g2 deadline=24h tz=Europe/Berlin press=grey",
            Command::Create {
                game: "g2".into(),
                settings: vec![
                    ("deadline".into(), "24h".into()),
                    ("timezone".into(), "Europe/Berlin".into()),
                    ("press".into(), "grey".into()),
                ],
            },
        ),
        ("START g2", Command::Start { game: "g2".into() }),
        ("process g2", Command::Process { game: "g2".into() }),
        ("PAUSE g2", Command::Pause { game: "g2".into() }),
        ("RESUME g2", Command::Resume { game: "g2".into() }),
        (
            "SET DEADLINE g2 2025-03-30   20:00",
            Command::SetDeadline {
                game: "g2".into(),
                when: "2025-03-30 20:00".into(),
            },
        ),
        (
            "ROLLBACK g2 F1901M",
            Command::Rollback {
                game: "g2".into(),
                phase: "F1901M".into(),
            },
        ),
        ("PREVIEW g2", Command::Preview { game: "g2".into() }),
        (
            "publish  head g2",
            Command::PublishHead { game: "g2".into() },
        ),
        ("A par - bur", Command::Order("A par - bur".into())),
        (
            "SPY S F mun - sil",
            Command::Order("SPY S F mun - sil".into()),
        ),
        ("Helpful A par H", Command::Order("Helpful A par H".into())),
    ];
    for (line, want) in cases {
        assert_eq!(one(line), want, "{line}");
    }
}

#[test]
fn press_takes_the_lines_up_to_endpress() {
    let body = "SIGNON F g pw\nPRESS TO E, Germany\nHello there.\n\nA par - bur is a joke\nENDPRESS\nA mar H\n";
    let c = commands(body);
    assert_eq!(
        c[1],
        Command::Press {
            to: vec!["E".into(), "Germany".into()],
            all_but: false,
            broadcast: false,
            anonymous: false,
            fake: None,
            text: "Hello there.\n\nA par - bur is a joke".into(),
        }
    );
    assert_eq!(c[2], Command::Order("A mar H".into()));
    assert_eq!(c.len(), 3, "the press text is not read as orders");

    let c = one("press to england anon\nhi\nend press");
    assert_eq!(
        c,
        Command::Press {
            to: vec!["england".into()],
            all_but: false,
            broadcast: false,
            anonymous: true,
            fake: None,
            text: "hi".into()
        }
    );
    let c = one("BROADCAST GREY\nto all\nENDPRESS");
    assert_eq!(
        c,
        Command::Press {
            to: vec![],
            all_but: false,
            broadcast: true,
            anonymous: true,
            fake: None,
            text: "to all".into()
        }
    );
}

#[test]
fn press_without_endpress_runs_to_the_end_of_the_mail_and_swallows_nothing_into_orders() {
    let m = parse_message("PRESS TO E\nA par - bur\nA mar H");
    assert_eq!(m.items.len(), 1);
    match m.items[0].command.clone().unwrap() {
        Command::Press { to, text, .. } => {
            assert_eq!(to, ["E"]);
            assert_eq!(text, "A par - bur\nA mar H");
        }
        other => panic!("not press: {other:?}"),
    }
    assert!(m.items[0].note.as_deref().unwrap().contains("no ENDPRESS"));
    let e = error("HELP\nENDPRESS");
    assert_eq!((e.line, e.found.to_string().as_str()), (2, "ENDPRESS"));
}

#[test]
fn a_press_head_that_cannot_be_read_still_opens_a_block_never_read_as_orders() {
    // Issue 11: `PRESS TO R please` is not understood, but everything up
    // to ENDPRESS is its text, not orders.
    let m = parse_message("PRESS TO R please\nA con H\nENDPRESS\nA smy - arm");
    assert_eq!(m.items.len(), 2, "{m:?}");
    let e = m.items[0].command.clone().unwrap_err();
    assert_eq!(e.line, 1);
    assert_eq!(m.items[1].command, Ok(Command::Order("A smy - arm".into())));
    let m = parse_message("BROADCAST TO everyone please\nA con H");
    assert_eq!(m.items.len(), 1);
    assert!(m.items[0].command.is_err());
}

#[test]
fn signon_in_the_njudge_form_reads_as_two_words() {
    // `SIGN ON Fmygame secret`: the judge, which knows the games, splits
    // the first word; the parser keeps both words and the quote hides the
    // second.
    let c = one("SIGN ON Fmygame2 secret");
    assert_eq!(
        c,
        Command::Signon {
            power: "Fmygame2".into(),
            game: "secret".into(),
            password: None
        }
    );
    assert!(!c.quoted().contains("secret"), "{}", c.quoted());
}

#[test]
fn errors_name_line_column_and_what_was_expected() {
    let e = error("HELP\nSIGNON");
    assert_eq!((e.line, e.column), (2, 7));
    assert!(e.expected.to_string().contains("power"), "{e}");
    assert_eq!(e.found, "end of line");

    let e = error("  SIGNON F my$game pw");
    assert_eq!((e.line, e.column), (1, 12));
    assert!(e.expected.to_string().contains("game name"), "{e}");
    assert_eq!(e.found, "`my$game`");

    let e = error("HELP me");
    assert_eq!((e.line, e.column), (1, 6));
    assert_eq!(e.expected, "end of line");

    let e = error("CREATE g colour=red");
    assert_eq!(e.column, 10);
    assert!(e.expected.to_string().contains("setting"), "{e}");

    let e = error("PRESS TO E G");
    assert_eq!(e.column, 12);
    assert!(e.expected.to_string().contains("ANON"), "{e}");

    let e = error("SET DEADLINE g");
    assert!(e.expected.to_string().contains("24h"), "{e}");

    let e = error("ROLLBACK g");
    assert!(e.expected.to_string().contains("phase"), "{e}");
    let text = e.to_string();
    assert!(text.starts_with("line 1, column 11: expected"), "{text}");
}

#[test]
fn comments_and_blank_lines_are_skipped_and_long_messages_cut() {
    assert!(parse_message("\n# a comment\n   \n").items.is_empty());
    let body = "A par H\n".repeat(MAX_LINES + 10);
    let m = parse_message(&body);
    assert_eq!(m.items.len(), MAX_LINES);
    assert_eq!(m.cut_at, Some(MAX_LINES + 1));
    let long = format!("A {}", "x".repeat(1000));
    let e = error(&long);
    assert!(e.expected.to_string().contains("at most"), "{e}");
}

#[test]
fn printing_then_reading_gives_the_same_commands() {
    let body = "\
SIGNON f g1 pw
sign on Frankreich g1
master secret
join g1 pw
join F g1 pw
observe g1
list
list g1
history g1
history g1 s1901m
help
set password x
set wait
set no wait
resign
clear
press e, g anon
one

two
endpress
broadcast
hi
endpress
create g2 tz=UTC rules=espionnite,spionage passwordless=yes
start g2
process g2
pause g2
resume g2
set deadline g2 48h
rollback g2 s1901m
preview g2
A par - bur
";
    let first = commands(body);
    let printed: Vec<String> = first.iter().map(|c| c.to_string()).collect();
    let again = commands(&printed.join("\n"));
    assert_eq!(first, again);
    // And each printed form reads back alone.
    for (c, p) in first.iter().zip(&printed) {
        assert_eq!(&one(p), c, "{p}");
    }
}

#[test]
fn quoting_hides_passwords() {
    assert_eq!(one("SIGNON F g secret").quoted(), "SIGNON F g ****");
    assert_eq!(one("MASTER secret").quoted(), "MASTER ****");
    assert_eq!(one("JOIN g secret").quoted(), "JOIN g ****");
    assert_eq!(one("SET PASSWORD secret").quoted(), "SET PASSWORD ****");
    assert_eq!(one("PRESS TO E\nhi\nENDPRESS").quoted(), "PRESS TO E");
}

#[test]
fn any_text_reads_without_panicking() {
    // A small deterministic generator: bytes of every kind, as text.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..300 {
        let mut bytes = Vec::new();
        let n = (x % 400) as usize;
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b = (x % 256) as u8;
            // Bias towards the characters the grammar cares about.
            let b = match x % 7 {
                0 => b'\n',
                1 => b' ',
                2 => b"SPRESCTONAJ>-=,#"[(x % 16) as usize],
                _ => b,
            };
            bytes.push(b);
        }
        let text = String::from_utf8_lossy(&bytes);
        let m = parse_message(&text);
        for Item { line, .. } in &m.items {
            assert!(*line >= 1);
        }
    }
}

#[test]
fn sign_off_ends_the_reading_and_orders_may_share_a_line() {
    // Issue 12: a veteran's mail, orders separated by `,` and `;`, a SIGN
    // OFF above the signature and the quoted text below.
    let m = parse_message(
        "SIGN ON Fmygame secret\nA Par-Bur, A Mar-Spa; F Bre-Mid\nSIGN OFF\nCheers, Anne\nA par H\n",
    );
    let texts: Vec<&str> = m.items.iter().map(|i| i.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "SIGN ON Fmygame secret",
            "A Par-Bur",
            "A Mar-Spa",
            "F Bre-Mid",
            "SIGN OFF"
        ]
    );
    assert!(m.items[1..4].iter().all(|i| i.line == 2));
    assert_eq!(m.items[4].command, Ok(Command::SignOff));
    // SIGN OFF inside press ends the press and the mail.
    let m = parse_message("PRESS TO E\nhello\nSIGNOFF\nA par H");
    assert_eq!(m.items.len(), 1);
    assert!(matches!(&m.items[0].command, Ok(Command::Press { text, .. }) if text == "hello"));
}
