//! Issue 26: the judge's reply about a player's commands (JOIN, SIGNON,
//! PHASE and IF blocks and their orders, SET NOWAIT, CLEAR, press, a
//! wrong password) in the reader's language: French and German readers
//! get their own words, an English reader the English lines unchanged. A
//! real SQLite file; messages as the mail layer hands them over.

use dipspy::game::{self, CreateOptions};
use dipspy::judge::Reply;

use crate::support::judge::{Judge, addr, assert_has, assert_lacks, now, settings};

const OTHERS: [&str; 4] = ["austria", "italy", "russia", "turkey"];

trait Setup {
    fn new() -> Self;
    fn start(&mut self);
}

impl Setup for Judge {
    /// Game `g` (white press, UTC) with four powers taken; England,
    /// France and Germany join by mail.
    fn new() -> Judge {
        let mut j = Judge::open(settings());
        game::create(&mut j.st, "g", &CreateOptions::default(), now()).unwrap();
        j.seat("g", &OTHERS);
        j
    }

    fn start(&mut self) {
        game::start(&mut self.st, "g", now()).unwrap();
    }
}

/// One mail of a signed-on player: a PHASE block for the fall with a
/// good order and one that cannot be read, an IF block whose condition
/// is false today, SET NOWAIT and press to Russia.
fn orders_mail(signon: &str, army: &str) -> String {
    format!(
        "{signon}\nPHASE F1901M\n{army}\nA xyz - abc\nPHASE S1901M\nIF A bur\n{army}\nENDIF\n\
         SET NOWAIT\nPRESS TO R\nHello.\nENDPRESS"
    )
}

/// The English phrases of the same replies; none reaches a French or a
/// German reader.
const ENGLISH: [&str; 15] = [
    "you joined game",
    "signed on as",
    "sign-on refused",
    "wrong password",
    "the orders below are for",
    "is the phase being played",
    "kept for",
    "it is applied when that phase begins",
    "cannot read the order",
    "on today's position",
    "end of the IF block",
    "not taken: its condition",
    "the phase may be processed",
    "press sent",
    "earlier order",
];

#[track_caller]
fn no_english(reply: &Reply) {
    for e in ENGLISH {
        assert_lacks(reply, e);
    }
}

#[test]
fn a_french_reader_gets_every_players_line_in_french() {
    let mut j = Judge::new();
    // SET LANGUAGE in the same mail as the JOIN.
    let r = j.send(&addr("france"), "SET LANGUAGE fr\nJOIN F g france-pw");
    assert_has(&r, "vous avez rejoint la partie g en tant que ");
    no_english(&r);
    j.send(&addr("germany"), "JOIN G g germany-pw");
    j.send(&addr("england"), "JOIN E g england-pw");
    j.start();

    let r = j.send(&addr("france"), "SIGNON F g wrong-pw");
    assert_has(&r, "connexion refusée\u{a0}: mauvais mot de passe pour ");
    assert_has(&r, " dans la partie g");
    no_english(&r);

    let r = j.send(
        &addr("france"),
        &orders_mail("SIGNON F g france-pw", "A par - bur"),
    );
    assert_has(&r, "connecté en tant que ");
    assert_has(
        &r,
        "les ordres qui suivent sont pour Automne 1901 Mouvements (F1901M)\u{a0}; ils seront \
         appliqués au début de cette phase, aux unités qui s'y trouveront alors",
    );
    assert_has(
        &r,
        "gardé pour Automne 1901 Mouvements (F1901M) sous la forme `A par - bur`\u{a0}; il sera \
         appliqué au début de cette phase, si l'unité s'y trouve alors",
    );
    // The bad line: refused with its reason in French.
    assert_has(
        &r,
        "Ligne 4\u{a0}: A xyz - abc\n  REFUSÉ\u{a0}: impossible de lire l'ordre comme un ordre pour la phase Automne 1901 Mouvements",
    );
    assert_has(
        &r,
        "S1901M est la phase en cours\u{a0}: les ordres qui suivent sont pour elle, comme d'habitude",
    );
    assert_has(
        &r,
        "la condition `A bur` est fausse dans la position actuelle",
    );
    assert_has(
        &r,
        "fin du bloc IF de la ligne 6\u{a0}: dans la position actuelle, aucune branche n'est retenue",
    );
    assert_has(
        &r,
        "`A par - bur` non retenu\u{a0}: sa condition `A bur` est fausse dans la position actuelle",
    );
    assert_has(
        &r,
        "la phase pourra être traitée dès que tous les ordres seront arrivés",
    );
    assert_has(&r, "presse envoyée (signée)\u{a0}; destinataires\u{a0}: ");
    no_english(&r);
    // CLEAR in a later mail withdraws the order kept for the fall.
    let r = j.send(&addr("france"), "SIGNON F g france-pw\nCLEAR");
    assert_has(
        &r,
        "vous n'aviez aucun ordre à retirer\u{a0}; 1 ordre pour une phase ultérieure retiré",
    );
    no_english(&r);
}

#[test]
fn a_german_reader_gets_every_players_line_in_german() {
    let mut j = Judge::new();
    // SET LANGUAGE in an earlier mail.
    j.send(&addr("germany"), "SET SPRACHE de");
    let r = j.send(&addr("germany"), "JOIN G g germany-pw");
    assert_has(&r, "Sie sind der Partie g als ");
    assert_has(&r, " beigetreten");
    no_english(&r);
    j.send(&addr("france"), "JOIN F g france-pw");
    j.send(&addr("england"), "JOIN E g england-pw");
    j.start();

    let r = j.send(&addr("germany"), "SIGNON G g wrong-pw");
    assert_has(&r, "Anmeldung abgelehnt: falsches Passwort für ");
    no_english(&r);

    let r = j.send(
        &addr("germany"),
        &orders_mail("SIGNON G g germany-pw", "A mun - bur"),
    );
    assert_has(&r, "angemeldet als ");
    assert_has(
        &r,
        "die Befehle darunter gelten für Herbst 1901 Bewegung (F1901M); sie werden zu Beginn \
         dieser Phase auf die Einheiten angewandt, die dann dort stehen",
    );
    assert_has(
        &r,
        "aufbewahrt für Herbst 1901 Bewegung (F1901M) als `A mun - bur`; er wird zu Beginn \
         dieser Phase angewandt, wenn die Einheit dann dort steht",
    );
    assert_has(
        &r,
        "Zeile 4: A xyz - abc\n  ABGELEHNT: Befehl für Herbst 1901 Bewegung nicht lesbar",
    );
    assert_has(
        &r,
        "S1901M ist die laufende Phase: die Befehle darunter gelten wie üblich für sie",
    );
    assert_has(
        &r,
        "die Bedingung `A bur` ist in der aktuellen Stellung falsch",
    );
    assert_has(
        &r,
        "Ende des IF-Blocks aus Zeile 6: in der aktuellen Stellung wird kein Zweig gewählt",
    );
    assert_has(
        &r,
        "`A mun - bur` nicht übernommen: seine Bedingung `A bur` ist in der aktuellen Stellung falsch",
    );
    assert_has(
        &r,
        "die Phase darf ausgewertet werden, sobald alle Befehle da sind",
    );
    assert_has(&r, "Presse gesendet (unterschrieben); Empfänger: ");
    no_english(&r);
    let r = j.send(&addr("germany"), "SIGNON G g germany-pw\nCLEAR");
    assert_has(
        &r,
        "Sie hatten keine Befehle zurückzuziehen; 1 Befehl für eine spätere Phase zurückgezogen",
    );
    no_english(&r);
}

#[test]
fn an_english_reader_gets_the_same_mail_answered_in_english_unchanged() {
    let mut j = Judge::new();
    let r = j.send(&addr("england"), "JOIN E g england-pw");
    assert_has(
        &r,
        "Line 1: JOIN E g ****\n  OK: you joined game g as England\n",
    );
    j.send(&addr("france"), "JOIN F g france-pw");
    j.send(&addr("germany"), "JOIN G g germany-pw");
    j.start();

    let r = j.send(&addr("england"), "SIGNON E g wrong-pw");
    assert_has(
        &r,
        "REJECTED: sign-on refused: wrong password for England in game g\n",
    );

    let r = j.send(
        &addr("england"),
        &orders_mail("SIGNON E g england-pw", "F lon - nth"),
    );
    for line in [
        "Line 1: SIGNON E g ****\n  OK: signed on as England in game g\n",
        "Line 2: PHASE Fall 1901 Movement\n  OK: the orders below are for Fall 1901 Movement (F1901M); \
         they are applied when that phase begins, to the units there then\n",
        "Line 3: F lon - nth\n  OK: kept for Fall 1901 Movement (F1901M) as `F lon - nth`; it \
         is applied when that phase begins, if the unit is there then\n",
        "Line 4: A xyz - abc\n  REJECTED: cannot read the order as an order of Fall 1901 Movement",
        "Line 5: PHASE Spring 1901 Movement\n  OK: S1901M is the phase being played: the orders below are for \
         it, as usual\n",
        "Line 6: IF A bur\n  OK: condition `A bur` is false on today's position\n",
        "Line 7: F lon - nth\n  OK: `F lon - nth` not taken: its condition `A bur` is false on \
         today's position (kept on record, not as an order)\n",
        "Line 8: ENDIF\n  OK: end of the IF block of line 6: on today's position no branch is \
         taken\n",
        "Line 9: SET NOWAIT\n  OK: the phase may be processed as soon as all orders are in\n",
        "  OK: press sent (signed) to Russia\n",
    ] {
        assert_has(&r, line);
    }
    let r = j.send(&addr("england"), "SIGNON E g england-pw\nCLEAR");
    assert_has(
        &r,
        "Line 2: CLEAR\n  OK: you had no orders to withdraw; 1 order for a later phase withdrawn\n",
    );
}

/// Votes, absences, ELSE branches, a stray ENDIF, OBSERVE and RESIGN.
fn more_mail(signon: &str) -> String {
    format!(
        "{signon}\nSET ABSENCE 2025-01-20 TO 2025-01-22\nSET NOABSENCE\nSET DRAW\nSET NODRAW\n\
         IF A bur\nELSE\nENDIF\nENDIF\nRESIGN"
    )
}

#[test]
fn votes_absences_branches_observe_and_resign_answer_each_reader_in_their_language() {
    let mut j = Judge::new();
    j.send(&addr("france"), "SET LANGUAGE fr\nJOIN F g france-pw");
    j.send(&addr("germany"), "SET SPRACHE de\nJOIN G g germany-pw");
    j.send(&addr("england"), "JOIN E g england-pw");
    j.start();
    let cases: [(&str, &str, &[&str]); 3] = [
        (
            "france",
            "SIGNON F g france-pw",
            &[
                "absence enregistrée\u{a0}: du 2025-01-20 au 2025-01-22 (heure de la partie, UTC)",
                "votre absence est retirée (les dates limites déjà déplacées le restent)",
                "votre vote pour la nulle est enregistré (les votes restent secrets, sauf si la \
                 partie les montre)",
                "votre vote pour la nulle est retiré",
                "aucune condition ci-dessus n'est vraie dans la position actuelle\u{a0}: cette branche \
                 est retenue",
                "fin du bloc IF de la ligne 6\u{a0}: dans la position actuelle, la branche de la ligne 7 \
                 est retenue",
                "non fait\u{a0}: aucun IF au-dessus de cette ligne qu'elle puisse fermer",
                "démission enregistrée\u{a0}: la France n'a plus de joueur dans la partie g",
            ],
        ),
        (
            "germany",
            "SIGNON G g germany-pw",
            &[
                "Abwesenheit eingetragen: 2025-01-20 bis 2025-01-22 (in der Zeit der Partie, UTC)",
                "Ihre Abwesenheit ist zurückgezogen (schon verschobene Fristen bleiben)",
                "Ihre Stimme für ein Remis ist eingetragen (die Abstimmungen sind geheim, sofern \
                 die Partie sie nicht zeigt)",
                "Ihre Stimme für ein Remis ist zurückgezogen",
                "keine Bedingung darüber ist in der aktuellen Stellung wahr: dieser Zweig wird \
                 gewählt",
                "Ende des IF-Blocks aus Zeile 6: in der aktuellen Stellung wird der Zweig aus \
                 Zeile 7 gewählt",
                "nicht ausgeführt: über dieser Zeile steht kein IF, das sie schließen könnte",
                "Sie sind ausgetreten: Deutschland hat in der Partie g jetzt keinen Spieler",
            ],
        ),
        (
            "england",
            "SIGNON E g england-pw",
            &[
                "Line 2: SET ABSENCE 2025-01-20 TO 2025-01-22\n  OK: absence recorded: \
                 2025-01-20 to 2025-01-22 (the game's time, UTC)\n",
                "Line 3: SET NO ABSENCE\n  OK: your absence is withdrawn (deadlines already \
                 moved stay)\n",
                "Line 4: SET DRAW\n  OK: your draw vote is recorded (votes are secret unless the \
                 game shows them)\n",
                "Line 5: SET NO DRAW\n  OK: your draw vote is withdrawn (votes are secret unless \
                 the game shows them)\n",
                "Line 7: ELSE\n  OK: no condition above is true on today's position: this branch \
                 is taken\n",
                "Line 8: ENDIF\n  OK: end of the IF block of line 6: on today's position the \
                 branch of line 7 is taken\n",
                "Line 9: ENDIF\n  REJECTED: not done: there is no IF above this line for it to \
                 close\n",
                "Line 10: RESIGN\n  OK: you resigned: England in game g has no player now\n",
            ],
        ),
    ];
    for (power, signon, want) in cases {
        let r = j.send(&addr(power), &more_mail(signon));
        for w in want {
            assert_has(&r, w);
        }
        if power != "england" {
            for e in [
                "absence recorded",
                "absence is withdrawn",
                "draw vote",
                "votes are secret",
                "no condition above",
                "end of the IF block",
                "there is no IF",
                "you resigned",
            ] {
                assert_lacks(&r, e);
            }
        }
    }
    // The code is in the reply itself, on a line of its own.
    let r = j.send(&addr("france"), "OBSERVE g");
    assert_has(
        &r,
        "vous observerez la partie g dès que vous aurez envoyé à l'arbitre, depuis cette \
         adresse et sous 7 jours, un courriel avec la ligne\n    CONFIRM ADDRESS ",
    );
    let r = j.send(&addr("germany"), "OBSERVE g");
    assert_has(
        &r,
        "Sie beobachten die Partie g, sobald Sie dem Judge von dieser Adresse aus innerhalb \
         von 7 Tagen eine Mail mit der Zeile\n    CONFIRM ADDRESS ",
    );
    let r = j.send(&addr("england"), "OBSERVE g");
    assert_has(
        &r,
        "Line 1: OBSERVE g\n  OK: you observe game g once you send the judge, from this address \
         and within 7 days, a mail with the line\n    CONFIRM ADDRESS ",
    );
}
