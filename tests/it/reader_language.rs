//! The reader's language by mail (issue 26): SET LANGUAGE kept per
//! address and confirmed in the language chosen, an unknown tag answered
//! with the choices, `language=` at CREATE as the game's default, the
//! judge's default, and [`game::reader_lang`] choosing between them. A
//! real SQLite file; messages as the mail layer hands them over.

use dipspy::game;
use dipspy::judge::JudgeSettings;
use dipspy::text::Lang;

use crate::support::judge::{Judge, assert_has, hash, settings};

const MASTER: &str = "gm@example.org";

trait Setup {
    fn new(language: Option<Lang>) -> Self;
    fn lang(&self, game: Option<&str>, address: &str) -> Lang;
}

impl Setup for Judge {
    fn new(language: Option<Lang>) -> Judge {
        let mut j = Judge::open(JudgeSettings {
            master_address: Some(MASTER.into()),
            master_password_hash: Some(hash("gm-secret")),
            language,
            ..settings()
        });
        j.subject = "language";
        j
    }

    fn lang(&self, game: Option<&str>, address: &str) -> Lang {
        game::reader_lang(&self.st.read(), game, address, self.js.language).unwrap()
    }
}

#[test]
fn set_language_is_kept_per_address_and_confirmed_in_the_language_chosen() {
    let mut j = Judge::new(None);
    assert_eq!(j.lang(None, "anne@example.org"), Lang::En);
    let r = j.send("anne@example.org", "SET LANGUAGE fr");
    assert_has(
        &r,
        "Ligne 1\u{a0}: SET LANGUAGE fr\n  OK\u{a0}: désormais, l'arbitre vous écrit en français",
    );
    assert_eq!(j.lang(None, "anne@example.org"), Lang::Fr);
    assert_eq!(j.lang(None, "ANNE@example.org"), Lang::Fr);
    assert_eq!(j.lang(None, "bert@example.org"), Lang::En);

    let r = j.send("anne@example.org", "set sprache DE");
    assert_has(&r, "OK: ab jetzt schreibt Ihnen der Judge auf Deutsch");
    assert_eq!(j.lang(None, "anne@example.org"), Lang::De);

    let r = j.send("anne@example.org", "SET LANGUAGE en");
    assert_has(&r, "OK: from now on the judge writes to you in English");
    assert_eq!(j.lang(None, "anne@example.org"), Lang::En);
}

#[test]
fn an_unknown_language_is_answered_with_the_choices_and_changes_nothing() {
    let mut j = Judge::new(None);
    j.send("anne@example.org", "SET LANGUAGE de");
    let r = j.send("anne@example.org", "SET LANGUAGE es");
    // Answered in the language Anne reads in now.
    assert_has(
        &r,
        "ABGELEHNT: der Judge schreibt nicht in `es`: schreiben Sie SET LANGUAGE und eines dieser \
         Kürzel: en (English), fr (français), de (Deutsch)",
    );
    assert_eq!(j.lang(None, "anne@example.org"), Lang::De);
    let r = j.send("bert@example.org", "SET LANGUAGE klingon");
    assert_has(
        &r,
        "REJECTED: the judge does not write in `klingon`: write SET LANGUAGE followed by one of \
         en (English), fr (français), de (Deutsch)",
    );
    assert_eq!(j.lang(None, "bert@example.org"), Lang::En);
}

#[test]
fn a_games_language_is_set_at_create_and_read_after_the_players_own() {
    let mut j = Judge::new(Some(Lang::De));
    let r = j.send(
        MASTER,
        "MASTER gm-secret\nCREATE paris language=fr\nCREATE wien",
    );
    // The master reads the judge's default language, German.
    assert_has(&r, "OK: Partie paris angelegt");
    assert_has(&r, "OK: Partie wien angelegt");
    let r = j.send(MASTER, "MASTER gm-secret\nCREATE rome language=it");
    assert_has(&r, "language muss en, fr oder de sein, nicht `it`");
    assert_eq!(
        game::game_lang(&j.st.read(), "paris").unwrap(),
        Some(Lang::Fr)
    );
    assert_eq!(game::game_lang(&j.st.read(), "wien").unwrap(), None);
    // No choice of her own: the game's language, else the judge's.
    assert_eq!(j.lang(Some("paris"), "anne@example.org"), Lang::Fr);
    assert_eq!(j.lang(Some("wien"), "anne@example.org"), Lang::De);
    assert_eq!(j.lang(None, "anne@example.org"), Lang::De);
    // Her own choice wins over both.
    j.send("anne@example.org", "SET LANGUAGE en");
    assert_eq!(j.lang(Some("paris"), "anne@example.org"), Lang::En);
    assert_eq!(j.lang(Some("wien"), "anne@example.org"), Lang::En);
}

#[test]
fn set_language_reads_in_its_spellings_prints_as_it_reads_and_names_what_it_wants() {
    use dipspy::command::{Command, parse_message};
    let read = |line: &str| parse_message(line).items[0].command.clone();
    for line in [
        "SET LANGUAGE fr",
        "set lang FR",
        "SET LANGUE fr",
        "Set Sprache fr",
    ] {
        assert_eq!(
            read(line).unwrap(),
            Command::SetLanguage { tag: "fr".into() },
            "{line}"
        );
    }
    let c = read("SET LANGUAGE de").unwrap();
    assert_eq!(c.to_string(), "SET LANGUAGE de");
    assert_eq!(read(&c.to_string()).unwrap(), c);
    // The parser keeps any word of letters; the judge says which exist.
    assert_eq!(
        read("SET LANGUAGE xx").unwrap(),
        Command::SetLanguage { tag: "xx".into() }
    );
    for bad in ["SET LANGUAGE", "SET LANGUAGE f-r", "SET LANGUAGE fr de"] {
        let e = read(bad).unwrap_err();
        assert!(
            e.expected.to_string().contains("language")
                || e.expected.to_string().contains("end of line"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn help_comes_in_the_readers_language_and_unchanged_in_english() {
    let mut j = Judge::new(None);
    let r = j.send("bert@example.org", "HELP");
    assert_has(
        &r,
        "dipspy: how to play by email\n============================",
    );
    assert_has(&r, "\n  HELP                              this text\n");
    j.send("anne@example.org", "SET LANGUAGE fr");
    let r = j.send("anne@example.org", "HELP");
    assert_has(&r, "dipspy\u{a0}: jouer par courriel");
    assert_has(&r, "\n  HELP                              ce texte\n");
    assert!(!r.body.contains("how to play by email"), "{}", r.body);
    j.send("carl@example.org", "SET SPRACHE de");
    let r = j.send("carl@example.org", "HELP");
    assert_has(&r, "dipspy: Diplomacy per E-Mail spielen");
    // The judge's default reaches a reader with no choice of their own.
    let mut k = Judge::new(Some(Lang::De));
    let r = k.send("dora@example.org", "HELP");
    assert_has(&r, "\n  HELP                              dieser Text\n");
}
