//! Issue 16: the mail language's fake press heads (as njudge reads them),
//! SUMMARY, WHOGAME, SET ADDRESS and CONFIRM ADDRESS, read and printed
//! back.

use dipspy::command::{Command, Shown, parse_message};

fn one(line: &str) -> Command {
    let m = parse_message(line);
    assert_eq!(m.items.len(), 1, "{line}: {m:?}");
    m.items[0]
        .command
        .clone()
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn press(line: &str) -> (Vec<String>, bool, bool, Option<Shown>) {
    match one(&format!("{line}\nhello\nENDPRESS")) {
        Command::Press {
            to,
            all_but,
            broadcast,
            anonymous,
            fake,
            text,
        } => {
            assert_eq!(text, "hello");
            assert!(!all_but, "{line}: read as ALL BUT");
            (to, broadcast, anonymous, fake)
        }
        other => panic!("{line}: not press: {other:?}"),
    }
}

fn powers(p: &[&str]) -> Vec<String> {
    p.iter().map(|s| s.to_string()).collect()
}

#[test]
fn fake_press_heads_read_as_the_older_judges_wrote_them() {
    // A partial press dressed as a broadcast, three ways.
    let want = (powers(&["E", "G"]), false, false, Some(Shown::Everybody));
    assert_eq!(press("PRESS TO E, G FAKE BROADCAST"), want);
    assert_eq!(
        press("press to e, g fake"),
        (powers(&["e", "g"]), false, false, Some(Shown::Everybody))
    );
    assert_eq!(press("BROADCAST TO E, G FAKE"), want);
    // A partial press dressed as going to other powers.
    assert_eq!(
        press("PRESS TO E FAKE TO E, G"),
        (
            powers(&["E"]),
            false,
            false,
            Some(Shown::Powers(powers(&["E", "G"])))
        )
    );
    assert_eq!(
        press("PRESS TO E FAKE PARTIAL TO G ANON"),
        (
            powers(&["E"]),
            false,
            true,
            Some(Shown::Powers(powers(&["G"])))
        )
    );
    assert_eq!(
        press("PRESS TO E GREY FAKE TO G"),
        (
            powers(&["E"]),
            false,
            true,
            Some(Shown::Powers(powers(&["G"])))
        )
    );
    // To everybody, dressed as going to one power.
    assert_eq!(
        press("PRESS FAKE TO R"),
        (vec![], true, false, Some(Shown::Powers(powers(&["R"]))))
    );
    // Plain press is unchanged.
    assert_eq!(press("PRESS TO E"), (powers(&["E"]), false, false, None));
    assert_eq!(press("BROADCAST ANON"), (vec![], true, true, None));
}

#[test]
fn a_fake_head_that_cannot_be_read_says_what_could_come() {
    for (line, want) in [
        ("PRESS TO E FAKE TO", "a power"),
        ("PRESS TO E FAKE PARTIAL G", "TO and the powers"),
        ("PRESS TO E FAKE BROADCAST FAKE", "end of line"),
        ("PRESS TO E ANON ANON", "FAKE BROADCAST"),
        ("PRESS TO E please", "`,` and another power"),
    ] {
        let m = parse_message(&format!("{line}\nA par H\nENDPRESS\nA mar H"));
        let e = m.items[0].command.clone().unwrap_err();
        assert!(e.expected.to_string().contains(want), "{line}: {e}");
        // The block is still press: its text is not read as orders.
        assert_eq!(m.items.len(), 2, "{line}: {m:?}");
        assert_eq!(m.items[1].command, Ok(Command::Order("A mar H".into())));
    }
}

#[test]
fn summary_whogame_and_address_commands_read_and_check_their_arguments() {
    assert_eq!(one("SUMMARY vet"), Command::Summary { game: "vet".into() });
    assert_eq!(one("whogame vet"), Command::WhoGame { game: "vet".into() });
    assert_eq!(
        one("Set Address Anne@Example.ORG"),
        Command::SetAddress {
            address: "anne@example.org".into()
        }
    );
    assert_eq!(
        one("CONFIRM ADDRESS AB12-CD34-EF56"),
        Command::ConfirmAddress {
            code: "AB12-CD34-EF56".into()
        }
    );
    for (bad, want) in [
        ("SUMMARY", "game name"),
        ("WHOGAME vet extra", "end of line"),
        ("SET ADDRESS anne", "mail address"),
        ("SET ADDRESS a@b@c.org", "mail address"),
        ("CONFIRM ADDRESS", "code"),
    ] {
        let e = parse_message(bad).items[0].command.clone().unwrap_err();
        assert!(e.expected.to_string().contains(want), "{bad}: {e}");
    }
    // The code is never repeated in a reply's quote.
    let c = one("CONFIRM ADDRESS AB12-CD34-EF56");
    assert!(!c.quoted().contains("AB12"), "{}", c.quoted());
}

#[test]
fn the_new_commands_print_as_they_read() {
    let body = "\
SIGNON f g1 pw
press to e, g anon fake to e, g, r
one
endpress
press to e fake broadcast
two
endpress
press fake to r
three
endpress
broadcast to i fake
four
endpress
press to all but e, g anon
five
endpress
summary g1
whogame g1
set address new@example.org
confirm address ABCD-EFGH
";
    let first: Vec<Command> = parse_message(body)
        .items
        .into_iter()
        .map(|i| i.command.unwrap())
        .collect();
    assert_eq!(first.len(), 10);
    let printed: Vec<String> = first.iter().map(|c| c.to_string()).collect();
    let again: Vec<Command> = parse_message(&printed.join("\n"))
        .items
        .into_iter()
        .map(|i| i.command.unwrap())
        .collect();
    assert_eq!(first, again, "{printed:#?}");
}

#[test]
fn endbroadcast_ends_a_press_as_on_the_older_judges() {
    let m = parse_message("BROADCAST\nhello\nENDBROADCAST\nA par H");
    assert_eq!(m.items.len(), 2, "{m:?}");
    assert!(m.items[0].note.is_none(), "{m:?}");
    assert_eq!(m.items[1].command, Ok(Command::Order("A par H".into())));
}

/// `PRESS TO ALL BUT <powers>`, as njudge players write it: the powers
/// named are the ones left out.
#[test]
fn press_to_all_but_names_the_powers_left_out() {
    for (line, left_out) in [
        ("PRESS TO ALL BUT E, G", vec!["E", "G"]),
        ("press all but france", vec!["france"]),
        ("PRESS TO ALL  EXCEPT R ANON", vec!["R"]),
        ("BROADCAST TO ALL BUT T FAKE", vec!["T"]),
    ] {
        match one(&format!("{line}\nhello\nENDPRESS")) {
            Command::Press {
                to,
                all_but,
                broadcast,
                ..
            } => {
                assert!(all_but, "{line}");
                assert!(!broadcast, "{line}");
                assert_eq!(to, powers(&left_out), "{line}");
            }
            other => panic!("{line}: not press: {other:?}"),
        }
    }
    // ALL BUT with nobody after it says a power was expected.
    let m = parse_message("PRESS TO ALL BUT\nhello\nENDPRESS");
    let e = m.items[0].command.clone().unwrap_err();
    assert!(e.expected.to_string().contains("power"), "{e:?}");
    // `PRESS TO ALL` alone is not ALL BUT: ALL is read as a power's name
    // (and the judge answers that no power is called so).
    match one("PRESS TO ALL\nhi\nENDPRESS") {
        Command::Press { to, all_but, .. } => {
            assert!(!all_but);
            assert_eq!(to, powers(&["ALL"]));
        }
        other => panic!("not press: {other:?}"),
    }
}
