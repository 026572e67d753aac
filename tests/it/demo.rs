//! `dipspy demo`, the README's first command: a game with both espionage
//! rule sets played by email through the Maildir transport. The test runs
//! the binary as a user would and checks the mail the players received
//! (kept with --keep) and the story it prints.

use crate::support::mailcheck;

use dipspy::text::{Args, Lang, render};
use mail_parser::MimeHeaders;
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

/// France reads French and Germany German in the demo (each chose with
/// SET LANGUAGE in its JOIN mail); the others read English.
fn lang_of(who: &str) -> Lang {
    match who {
        "france" => Lang::Fr,
        "germany" => Lang::De,
        _ => Lang::En,
    }
}

/// The words of `key` in `lang` around its placeable `$marked`: the text
/// before it and the text after it (the other arguments as given).
fn around(lang: Lang, key: &str, marked: &'static str, args: Args) -> (String, String) {
    let text = render(lang, key, &args.str(marked, "\u{1}"));
    let (before, after) = text.split_once('\u{1}').unwrap();
    (before.to_string(), after.to_string())
}

/// The raw mails delivered to one player's Maildir.
fn raw_mailbox(dir: &Path, who: &str) -> Vec<Vec<u8>> {
    let new = dir.join("mailboxes").join(who).join("new");
    std::fs::read_dir(&new)
        .unwrap_or_else(|e| panic!("{}: {e}", new.display()))
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect()
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
    // The demo's story is told without a text rendered with arguments
    // missing: the words layer logs each such slip as an ERROR.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let slips: Vec<&str> = stderr.lines().filter(|l| l.contains("ERROR")).collect();
    assert!(
        slips.is_empty(),
        "the demo logged errors:\n{}",
        slips.join("\n")
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

    // ESP-6: France's spy watched German A mun and was told its order
    // (France reads French).
    let france = mailbox(p, "france@players.example").join("\n");
    let told = render(
        Lang::Fr,
        "spy-told-reports",
        &Args::new().str("unit", "A mun").str("seen", "A mun - bur"),
    );
    assert!(france.contains(&told), "{told:?} not in {france}");
    // ESP-7: France's reaction was accepted and adjudicated.
    assert!(france.contains("REACTION A par - bur"), "{france}");
    let bounced = render(
        Lang::Fr,
        "reason-bounced-with",
        &Args::new()
            .str("unit", "A mun")
            .num("attack", 1)
            .num("prevent", 1),
    );
    assert!(
        france
            .lines()
            .any(|l| l.starts_with("  A par - bur     ") && l.ends_with(&bounced)),
        "{bounced:?} not in {france}"
    );

    // SPI-10: every player got the public lines of Spring 1902, and none
    // of them names England, whose Fake took effect, or France, whose
    // Fake was stopped.
    for who in ["england", "italy", "austria", "russia", "turkey"] {
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
    // The same public lines reach France in French and Germany in German
    // (their Spring 1902 results mail is the one with that phase's picture).
    for who in ["france", "germany"] {
        let lang = lang_of(who);
        let results: Vec<String> = raw_mailbox(p, &format!("{who}@players.example"))
            .iter()
            .filter_map(|raw| {
                let m = mail_parser::MessageParser::default().parse(raw).unwrap();
                m.attachments()
                    .any(|a| a.attachment_name() == Some("demo-S1902M.png"))
                    .then(|| m.body_text(0).unwrap_or_default().to_string())
            })
            .collect();
        assert_eq!(results.len(), 1, "{who}: one Spring 1902 results mail");
        let results = &results[0];
        let adjective = Args::new().str("adjective", "");
        let (stopped, _) = around(lang, "spy-public-fake-stopped", "order", adjective);
        assert!(
            results.contains(&format!("{stopped}A mun - boh")),
            "{who}: {stopped:?} in {results}"
        );
        let (collided, _) = around(
            lang,
            "spy-public-collision",
            "tried",
            Args::new().str("exposed", ""),
        );
        let line = results
            .lines()
            .find(|l| l.contains(&collided))
            .unwrap_or_else(|| panic!("{who}: {collided:?} in {results}"));
        assert!(
            line.contains("A bul - ser") && line.contains("A bul - gre"),
            "{line}"
        );
        assert!(results.contains("A hol - bel"), "{who}");
        assert!(!results.contains("S F "), "{who}");
        // Nobody is told that England's Fake took effect or that France's
        // was stopped (names in English or in the reader's language).
        let tried: &[&str] = match lang {
            Lang::Fr => &["L'Angleterre a tenté", "La France a tenté"],
            Lang::De => &["England versuchte", "Frankreich versuchte"],
            _ => &["England tried", "France tried"],
        };
        for tried in tried {
            assert!(!results.contains(tried), "{who}: {results}");
        }
    }

    // The forged mail changed nothing, the vacation responder got no
    // answer, and the secret log is intact.
    // The forged mail comes from France's own address: the refusal is in
    // French, the language France chose.
    let refused =
        "connexion refusée\u{a0}: mauvais mot de passe pour la France dans la partie demo";
    assert!(story.contains(refused), "{story}");
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
        let lang = lang_of(who);
        if lang == Lang::En {
            assert!(
                m.contains("Italy in game demo has a new player."),
                "{who}: {m}"
            );
        } else {
            let new = match lang {
                Lang::Fr => "L'Italie a un nouveau joueur dans la partie demo.",
                _ => "Italien hat in der Partie demo einen neuen Spieler.",
            };
            assert!(m.contains(new), "{who}: {new:?} in {m}");
        }
        let over = match lang {
            Lang::Fr => "dipspy demo\u{a0}: la partie est terminée",
            Lang::De => "dipspy demo: die Partie ist beendet",
            _ => "dipspy demo: the game is over",
        };
        // While the game runs nobody learns who took Italy over; the last
        // mail of a game that is not anonymous names every player, as
        // SUMMARY does once the game is over (issue 21).
        let running: Vec<&String> = mails.iter().filter(|x| !x.contains(over)).collect();
        assert!(
            running.iter().all(|x| !x.contains("nuovo@")),
            "{who} learns who: {m}"
        );
        if lang == Lang::En {
            assert!(
                m.contains("Game demo is over: a draw between Austria, England, France, Germany, Italy, Russia, Turkey, agreed by vote."),
                "{who}: {m}"
            );
        } else {
            let draw = match lang {
                Lang::Fr => {
                    "une nulle entre l'Autriche, l'Angleterre, la France, l'Allemagne, l'Italie, la Russie, la Turquie, acceptée par vote"
                }
                _ => {
                    "ein Remis zwischen Österreich, England, Frankreich, Deutschland, Italien, Russland, Türkei, durch Abstimmung vereinbart"
                }
            };
            assert!(m.contains(over), "{who}: {over:?} in {m}");
            assert!(m.contains(draw), "{who}: {draw:?} in {m}");
        }
    }
    assert!(
        story.contains(
            "The game is over: draw (austria, england, france, germany, italy, russia, turkey)."
        ),
        "{story}"
    );
}

/// Issue 26: the demo shows a French and a German player. France and
/// Germany choose their language in their JOIN mails; the story prints
/// their mails apart, marked with the language, and what it prints is
/// their own: France's spy report in French, Germany's in German. (That
/// no English sentence reaches them is checked mail by mail in
/// `tests/it/lang_game.rs`.)
#[test]
fn demo_shows_a_french_and_a_german_player() {
    let (dir, story) = run_demo();
    let p = dir.path();
    for (who, lang, marker) in [
        ("france", Lang::Fr, " (in French): \""),
        ("germany", Lang::De, " (in German): \""),
    ] {
        let printed: Vec<&str> = story
            .lines()
            .filter(|l| l.starts_with(&format!("   -> {who}{marker}")))
            .collect();
        assert!(printed.len() > 5, "{who}: {printed:#?}\n{story}");
        let (start, spy) = match lang {
            Lang::Fr => (
                "dipspy demo\u{a0}: la partie a commencé",
                "Votre espion auprès de ",
            ),
            _ => ("dipspy demo: die Partie hat begonnen", "Ihr Spion bei "),
        };
        assert!(
            printed.iter().any(|l| l.contains(start)),
            "{who}: {start:?} in {printed:#?}"
        );
        assert!(
            story.contains(&format!("        {spy}")),
            "{who}: {spy:?} in {story}"
        );
    }
    // The JOIN replies confirm the choice in the language chosen.
    let france = mailbox(p, "france@players.example").join("\n");
    assert!(france.contains("désormais, l'arbitre vous écrit en français"));
    let germany = mailbox(p, "germany@players.example").join("\n");
    assert!(germany.contains("ab jetzt schreibt Ihnen der Judge auf Deutsch"));
}
