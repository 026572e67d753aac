//! The command reader's verdicts in the reader's language (issues 25 and
//! 26): what a line that could not be read expected and found, the note
//! on a press with no ENDPRESS, and the sentence on quoted lines not
//! read, for a reader who chose French in an earlier mail, a German one
//! who chose in the same mail, and an English one whose reply is
//! unchanged. A real SQLite file; messages as the mail layer hands them
//! over.

use dipspy::game::{self, CreateOptions};
use dipspy::judge::JudgeSettings;

use crate::support::judge::{Judge, POWERS, addr, assert_has, assert_lacks, now, settings};

trait Setup {
    fn new() -> Self;
}

impl Setup for Judge {
    /// A started game `g` with white press, every power taken
    /// (`power@example.org`, password `power-pw`).
    fn new() -> Judge {
        let mut j = Judge::open(JudgeSettings {
            alert_after_minutes: None,
            ..settings()
        });
        let o = CreateOptions {
            press: "white".into(),
            ..CreateOptions::default()
        };
        game::create(&mut j.st, "g", &o, now()).unwrap();
        j.seat("g", &POWERS);
        game::start(&mut j.st, "g", now()).unwrap();
        j
    }
}

/// The command reader's English, none of which a French or German reader
/// should see.
const ENGLISH: [&str; 8] = [
    "not understood",
    "expected ",
    "found ",
    "a game name",
    "NOTE: there was no ENDPRESS",
    "quoted line",
    "not read.",
    "press NOT sent",
];

/// A mail with two lines that cannot be read, quoted reply text, and a
/// press with no ENDPRESS.
fn mail(signon: &str, press_to: &str) -> String {
    format!(
        "{signon}\nOBSERVE my$game\nHELP me\n\n> Line 3: A par - bur\n> OK\n\n\
         PRESS TO {press_to}\nHello.\nA par - bur\n"
    )
}

#[test]
fn a_reader_who_chose_french_earlier_gets_the_readers_verdicts_in_french() {
    let mut j = Judge::new();
    j.send(&addr("france"), "SET LANGUAGE fr");
    let r = j.send(&addr("france"), &mail("SIGNON F g france-pw", "E"));
    assert_has(
        &r,
        "pas compris\u{a0}: à la colonne 9, attendu un nom de partie (lettres, chiffres, `-` et `_`), \
         trouvé `my$game`",
    );
    assert_has(
        &r,
        "pas compris\u{a0}: à la colonne 6, attendu la fin de la ligne, trouvé `me`",
    );
    assert_has(
        &r,
        "\n  NOTE\u{a0}: il n'y avait pas de ligne ENDPRESS\u{a0}: tout ce qui suit cette ligne a été pris \
         pour de la presse",
    );
    assert_has(
        &r,
        "\n2 lignes citées (marquées par `>`) n'ont pas été lues.\n",
    );
    for e in ENGLISH {
        assert_lacks(&r, e);
    }
}

#[test]
fn a_reader_who_chooses_german_in_the_same_mail_gets_them_in_german() {
    let mut j = Judge::new();
    let body = format!(
        "SET LANGUAGE de\nPRESS TO F please\nhallo\nENDPRESS\n{}",
        mail("SIGNON G g germany-pw", "F")
    );
    let r = j.send(&addr("germany"), &body);
    assert_has(
        &r,
        "Presse NICHT gesendet: nicht verstanden: in Spalte 12 erwartet `,` und eine weitere \
         Macht, ANON, FAKE BROADCAST oder FAKE TO und Mächte oder das Zeilenende, gefunden \
         `please`; ihr Text (bis ENDPRESS) wurde nicht als Befehle gelesen",
    );
    assert_has(
        &r,
        "nicht verstanden: in Spalte 9 erwartet einen Partienamen (Buchstaben, Ziffern, `-` und \
         `_`), gefunden `my$game`",
    );
    assert_has(
        &r,
        "nicht verstanden: in Spalte 6 erwartet das Zeilenende, gefunden `me`",
    );
    assert_has(
        &r,
        "\n  HINWEIS: Es gab keine Zeile ENDPRESS: Alles unter dieser Zeile wurde als Presse \
         genommen",
    );
    assert_has(
        &r,
        "\n2 zitierte Zeilen (mit `>` markiert) wurden nicht gelesen.\n",
    );
    for e in ENGLISH {
        assert_lacks(&r, e);
    }
}

#[test]
fn an_english_reader_gets_the_verdicts_as_before() {
    let mut j = Judge::new();
    let r = j.send(&addr("england"), &mail("SIGNON E g england-pw", "F"));
    assert_has(
        &r,
        "Line 2: OBSERVE my$game\n  REJECTED: not understood: at column 9, expected a game name \
         (letters, digits, `-` and `_`), found `my$game`\n",
    );
    assert_has(
        &r,
        "Line 3: HELP me\n  REJECTED: not understood: at column 6, expected end of line, found \
         `me`\n",
    );
    assert_has(
        &r,
        "\n  NOTE: there was no ENDPRESS line: everything below this line was taken as the press\n",
    );
    assert_has(&r, "\n2 quoted lines (marked with `>`) were not read.\n");
    let r = j.send(&addr("england"), "PRESS TO F please\nhi\nENDPRESS");
    assert_has(
        &r,
        "REJECTED: press NOT sent: not understood: at column 12, expected `,` and another power, \
         ANON, FAKE BROADCAST or FAKE TO and powers or end of line, found `please`; its text (up \
         to ENDPRESS) was not read as orders\n",
    );
}
