//! `dipspy demo`, the README's first command: a game with both espionage
//! rule sets played by email through the Maildir transport. The test runs
//! the binary as a user would and checks the mail the players received
//! (kept with --keep) and the story it prints.

mod mailcheck;

use std::path::Path;
use std::process::Command;

/// Every mail delivered to one player's Maildir, decoded: its subject
/// line and its text.
fn mailbox(dir: &Path, who: &str) -> Vec<String> {
    let new = dir.join("mailboxes").join(who).join("new");
    let mut out: Vec<String> = std::fs::read_dir(&new)
        .unwrap_or_else(|e| panic!("{}: {e}", new.display()))
        .map(|e| {
            let raw = std::fs::read(e.unwrap().path()).unwrap();
            let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
            format!(
                "Subject: {}\n{}",
                m.subject().unwrap_or_default(),
                m.body_text(0).unwrap_or_default()
            )
        })
        .collect();
    out.sort();
    out
}

fn run_demo() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dipspy"))
        .args(["demo", "--keep"])
        .arg(dir.path())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "demo failed: {text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (dir, text)
}

#[test]
fn demo_plays_spy_report_reaction_fake_anti_and_collision_by_mail() {
    let (dir, story) = run_demo();
    let p = dir.path();

    // Issue 11: no mail of the demo holds a password (the demo's players'
    // and master's, and the guessed one a forger tried) or another
    // player's address.
    let powers = [
        "austria", "england", "france", "germany", "italy", "russia", "turkey",
    ];
    let mut passwords: Vec<String> = powers
        .iter()
        .map(|p| format!("{}-secret", &p[..3]))
        .collect();
    passwords.extend(["demo-master", "guessed-wrong", "novo-secret"].map(String::from));
    let addresses: Vec<String> = powers
        .iter()
        .map(|p| format!("{p}@players.example"))
        .collect();
    let boxes = std::fs::read_dir(p.join("mailboxes")).unwrap();
    let mut checked = 0;
    for b in boxes.flatten() {
        let to = b.file_name().to_string_lossy().into_owned();
        for m in std::fs::read_dir(b.path().join("new")).unwrap().flatten() {
            let raw = std::fs::read(m.path()).unwrap();
            // The demo game is not anonymous: its start and last mails
            // name the players.
            let addresses: &[String] = if mailcheck::names_the_players(&raw) {
                &[]
            } else {
                &addresses
            };
            mailcheck::assert_clean(&to, &raw, &passwords, addresses);
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} mails checked");

    // ESP-6: France's spy watched German A mun and was told its order.
    let france = mailbox(p, "france@players.example").join("\n");
    assert!(
        france.contains("Your spy on A mun reports: A mun - bur"),
        "{france}"
    );
    // ESP-7: France's reaction was accepted and adjudicated.
    assert!(france.contains("REACTION A par - bur"), "{france}");
    assert!(
        france.contains("A par - bur     fails: bounced with A mun"),
        "{france}"
    );

    // SPI-10: every player got the public lines of Spring 1902, and none
    // of them names England, whose Fake took effect, or France, whose
    // Fake was stopped.
    for who in [
        "england", "france", "germany", "italy", "austria", "russia", "turkey",
    ] {
        let all = mailbox(p, &format!("{who}@players.example")).join("\n");
        let results = all
            .split("Subject: dipspy demo: Spring 1902 Movement results")
            .nth(1)
            .unwrap_or_else(|| panic!("{who} got no Spring 1902 results"));
        assert!(
            results.contains("A Fake was stopped by an Anti: A mun - boh"),
            "{who}"
        );
        assert!(
            results.contains("Fakes collided, none took effect: Austria tried A bul - ser; Italy tried A bul - gre"),
            "{who}"
        );
        assert!(results.contains("A hol - bel"), "{who}");
        assert!(!results.contains("England tried"), "{who}");
        assert!(!results.contains("France tried"), "{who}");
        assert!(!results.contains("S F "), "{who}");
    }

    // The forged mail changed nothing, the vacation responder got no
    // answer, and the secret log is intact.
    assert!(story.contains("wrong password for France"), "{story}");
    let turkey = mailbox(p, "turkey@players.example").join("\n");
    assert!(!turkey.contains("Re: Out of office"), "{turkey}");
    assert!(
        story.contains("England's Fake `A hol - bel` took effect"),
        "{story}"
    );
    assert!(story.contains("hash chain intact"), "{story}");
    assert!(
        story.contains("The game is now in Fall 1902 Movement."),
        "{story}"
    );

    // Issue 12: a takeover approved by the master, then a draw voted by
    // mail, the last vote from the newcomer in the njudge form.
    let nuovo = mailbox(p, "nuovo@players.example").join("\n");
    assert!(nuovo.contains("You now play Italy in game demo"), "{nuovo}");
    assert!(nuovo.contains("The board now:"), "{nuovo}");
    let gm = mailbox(p, "gm@dipspy.example").join("\n");
    assert!(
        gm.contains("nuovo@players.example asks to take over Italy"),
        "{gm}"
    );
    for who in [
        "austria", "england", "france", "germany", "russia", "turkey",
    ] {
        let mails = mailbox(p, &format!("{who}@players.example"));
        let m = mails.join("\n");
        assert!(
            m.contains("Italy in game demo has a new player."),
            "{who}: {m}"
        );
        // While the game runs nobody learns who took Italy over; the last
        // mail of a game that is not anonymous names every player, as
        // SUMMARY does once the game is over (issue 21).
        let running: Vec<&String> = mails
            .iter()
            .filter(|x| !x.contains("the game is over"))
            .collect();
        assert!(
            running.iter().all(|x| !x.contains("nuovo@")),
            "{who} learns who: {m}"
        );
        assert!(
            m.contains("Game demo is over: a draw between Austria, England, France, Germany, Italy, Russia, Turkey, agreed by vote."),
            "{who}: {m}"
        );
    }
    assert!(
        story.contains(
            "The game is over: draw (austria, england, france, germany, italy, russia, turkey)."
        ),
        "{story}"
    );
}
