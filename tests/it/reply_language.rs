//! The whole reply to a mail in the reader's language (issue 26): every
//! line's verdict and the orders shown at the end of the reply follow the
//! language chosen once per message (`SET LANGUAGE`, the sender's own
//! choice, the French or German words the mail is written in, the game's
//! default, English). A real SQLite file; messages as the mail layer
//! hands them over to `dipspy::judge::handle`.

use dipspy::game::{self, CreateOptions};
use dipspy::judge::Reply;
use dipspy::text::Lang;

use crate::support::judge::{Judge, POWERS, addr, assert_has, assert_lacks, now, settings};

trait Setup {
    fn new() -> Self;
    fn game(&mut self, name: &str, rules: &[&str], language: Option<Lang>);
}

impl Setup for Judge {
    fn new() -> Judge {
        Judge::open(settings())
    }

    /// A started game with every power taken (`power@example.org`,
    /// password `power-pw`).
    fn game(&mut self, name: &str, rules: &[&str], language: Option<Lang>) {
        let o = CreateOptions {
            rules: rules.iter().map(|r| r.to_string()).collect(),
            timezone: "UTC".into(),
            language,
            ..CreateOptions::default()
        };
        game::create(&mut self.st, name, &o, now()).unwrap();
        self.seat(name, &POWERS);
        game::start(&mut self.st, name, now()).unwrap();
    }
}

/// The English of the reply's own lines, none of which may reach a
/// French or German reader.
const ENGLISH: &[&str] = &[
    "order stored",
    "Your orders as",
    "Your espionage orders",
    "Still without an order",
    "Deadline:",
    "not done",
    "rejected; nothing was done",
];

#[track_caller]
fn assert_no_english(reply: &Reply) {
    for e in ENGLISH {
        assert_lacks(reply, e);
    }
}

#[test]
fn a_player_who_chose_french_gets_the_verdicts_and_the_orders_summary_in_french() {
    let mut j = Judge::new();
    j.game("g", &[], None);
    j.send_about(&addr("france"), "langue", "SET LANGUAGE fr");
    let r = j.send_about(
        &addr("france"),
        "orders",
        "SIGNON F g france-pw\nA par - bur\nA mar - spa\nPROCESS g",
    );
    assert_eq!(r.subject, "Re: orders");
    assert_has(
        &r,
        "Ligne 2\u{a0}: A par - bur\n  OK\u{a0}: ordre enregistré\u{a0}: `A par - bur`\n",
    );
    assert_has(
        &r,
        "Ligne 4\u{a0}: PROCESS g\n  REFUSÉ\u{a0}: non exécuté\u{a0}: les commandes du maître du jeu demandent une \
         ligne `MASTER <mot de passe>` au-dessus d'elles, envoyée depuis l'adresse du maître du jeu\n",
    );
    assert_has(
        &r,
        "\n1 ligne refusée\u{a0}; rien n'a été fait pour elle.\n",
    );
    assert_has(
        &r,
        "\nVos ordres pour la France dans la partie g, Printemps 1901 Mouvements (S1901M)\u{a0}:\n",
    );
    assert_has(&r, "\n  A mar - spa\n");
    assert_has(&r, "\n  Encore sans ordre\u{a0}: F bre\n");
    assert_has(&r, "\nDate limite\u{a0}: 2025-01");
    assert_no_english(&r);

    // A later order replaces the earlier one, still in French.
    let r = j.send_about(
        &addr("france"),
        "Re: orders",
        "SIGNON F g france-pw\nA par - pic",
    );
    assert_eq!(r.subject, "Re: orders");
    assert_has(
        &r,
        "OK\u{a0}: ordre enregistré\u{a0}: `A par - pic`, à la place de `A par - bur`\n",
    );
    assert_has(&r, "\n  Encore sans ordre\u{a0}: F bre\n");
    assert_no_english(&r);

    // A game that does not exist, in her words too.
    let r = j.send_about(&addr("france"), "", "OBSERVE nosuch");
    assert_eq!(r.subject, "Votre message à l'arbitre");
    assert_has(
        &r,
        "REFUSÉ\u{a0}: il n'y a pas de partie nommée `nosuch` (envoyez LIST pour la liste des parties \
         de cet arbitre)\n",
    );
}

#[test]
fn french_espionage_words_or_province_names_get_a_french_reply_without_a_choice() {
    let mut j = Judge::new();
    j.game("esp", &["espionnite"], None);
    let r = j.send_about(
        &addr("france"),
        "ordres",
        "SIGNON F esp france-pw\nA par - bur\nESPION A mun",
    );
    assert_has(&r, "OK\u{a0}: ordre enregistré\u{a0}: `A par - bur`\n");
    // The spy order echoed in her own words (issue 35 item 3).
    assert_has(&r, "OK\u{a0}: ordre enregistré\u{a0}: `ESPION A mun`\n");
    assert_has(
        &r,
        "\nVos ordres pour la France dans la partie esp, Printemps 1901 Mouvements (S1901M)\u{a0}:\n",
    );
    assert_has(
        &r,
        "
Vos ordres d'espionnage (que seuls vous et l'arbitre voyez)\u{a0}:
  ESPION A mun
",
    );
    assert_no_english(&r);
    // The guess is for that one mail: nothing is kept.
    assert_eq!(
        game::chosen_lang(&j.st.read(), &addr("france")).unwrap(),
        None
    );

    // Province names only: `Bourgogne` is French, `par` anybody's.
    let r = j.send_about(
        &addr("france"),
        "ordres",
        "SIGNON F esp france-pw\nA par - Bourgogne\nF bre - Manche",
    );
    assert_has(
        &r,
        "OK\u{a0}: ordre enregistré\u{a0}: `A par - bur` (le même qu'avant)\n",
    );
    assert_has(&r, "OK\u{a0}: ordre enregistré\u{a0}: `F bre - eng`\n");
    assert_has(&r, "\n  Encore sans ordre\u{a0}: A mar\n");
    assert_no_english(&r);
}

#[test]
fn german_espionage_words_or_province_names_get_a_german_reply_without_a_choice() {
    let mut j = Judge::new();
    j.game("esp", &["espionnite"], None);
    let r = j.send_about(
        &addr("germany"),
        "Befehle",
        "SIGNON G esp germany-pw\nA mun - bur\nSPION A par\nSET ADDRESS neu@example.org",
    );
    assert_eq!(r.subject, "AW: Befehle");
    assert_has(
        &r,
        "Zeile 2: A mun - bur\n  OK: Befehl gespeichert als `A mun - bur`\n",
    );
    assert_has(
        &r,
        "OK: ein Code wurde an neu@example.org geschickt; der Judge schreibt dorthin für Deutschland \
         in der Partie esp, sobald eine Mail von dieser Adresse `CONFIRM ADDRESS` und den Code \
         enthält (innerhalb von 7 Tagen); bis dahin schreibt er hierher\n",
    );
    assert_has(
        &r,
        "\nIhre Befehle als Deutschland in der Partie esp, Frühjahr 1901 Bewegung (S1901M):\n",
    );
    assert_has(
        &r,
        "\nIhre Spionagebefehle (nur Sie und der Judge sehen sie):\n",
    );
    assert_has(&r, "\nFrist: 2025-01");
    assert_no_english(&r);

    // Province names only: `Dänemark` is German.
    let r = j.send_about(
        &addr("germany"),
        "AW: Befehle",
        "SIGNON G esp germany-pw\nF kie - Dänemark",
    );
    assert_eq!(r.subject, "AW: Befehle");
    assert_has(&r, "OK: Befehl gespeichert als `F kie - den`\n");
    assert_has(&r, "\nIhre Befehle als Deutschland in der Partie esp");
    assert_no_english(&r);

    // German words before signing on: told in German to sign on first.
    let r = j.send_about(&addr("germany"), "", "SPION A par");
    assert_eq!(r.subject, "Ihre Nachricht an den Judge");
    assert_has(
        &r,
        "ABGELEHNT: nicht ausgeführt: melden Sie sich zuerst an, mit \
         `SIGNON <Macht> <Partie> <Passwort>` über dieser Zeile\n",
    );
    assert_has(
        &r,
        "\n1 Zeile abgelehnt; für sie wurde nichts ausgeführt.\n",
    );
}

#[test]
fn a_german_games_player_with_no_choice_gets_german_and_a_choice_wins_over_it() {
    let mut j = Judge::new();
    j.game("wien", &[], Some(Lang::De));
    let r = j.send_about(&addr("italy"), "orders", "SIGNON I wien italy-pw\nA ven H");
    assert_has(&r, "OK: Befehl gespeichert als `A ven H`\n");
    assert_has(
        &r,
        "\nIhre Befehle als Italien in der Partie wien, Frühjahr 1901 Bewegung (S1901M):\n",
    );
    assert_has(&r, "\n  Noch ohne Befehl: ");
    assert_no_english(&r);

    // Her own choice comes before the game's.
    j.send_about(&addr("austria"), "language", "SET LANGUAGE fr");
    let r = j.send_about(
        &addr("austria"),
        "orders",
        "SIGNON A wien austria-pw\nA vie H",
    );
    assert_has(&r, "OK\u{a0}: ordre enregistré\u{a0}: `A vie H`\n");
    assert_has(&r, "\nVos ordres pour l'Autriche dans la partie wien");
    assert_no_english(&r);
}

#[test]
fn english_mail_with_no_choice_gets_the_english_reply_unchanged() {
    let mut j = Judge::new();
    j.game("g", &["espionnite"], None);
    let r = j.send_about(
        &addr("england"),
        "orders",
        "SIGNON E g england-pw\nF lon - nth\nSPY A par\nF edi - nwg\nPROCESS g",
    );
    assert_eq!(r.subject, "Re: orders");
    assert_has(
        &r,
        "Line 2: F lon - nth\n  OK: order stored as `F lon - nth`\n",
    );
    assert_has(
        &r,
        "Line 5: PROCESS g\n  REJECTED: not done: master commands need a `MASTER <password>` line \
         above them, sent from the game master's address\n",
    );
    assert_has(&r, "\n1 line(s) rejected; nothing was done for them.\n");
    assert_has(
        &r,
        "\nYour orders as England in game g, Spring 1901 Movement (S1901M):\n",
    );
    assert_has(
        &r,
        "\nYour espionage orders (seen by nobody but you and the judge):\n  SPY A par\n",
    );
    assert_has(&r, "\n  Still without an order: A lvp\n");
    assert_has(&r, "\nDeadline: 2025-01");
    // Italian orders name `rom` and `ven`: abbreviations, not German.
    let r = j.send_about(
        &addr("italy"),
        "orders",
        "SIGNON I g italy-pw\nF nap - ion\nA rom - apu\nA ven - tyr",
    );
    assert_has(&r, "OK: order stored as `A rom - apu`\n");
    assert_has(&r, "\nYour orders as Italy in game g,");
    let r = j.send_about(&addr("england"), "", "");
    assert_eq!(r.subject, "Your message to the judge");
    assert_has(
        &r,
        "Your message held no commands. Send HELP for the list of commands.\n",
    );
}
