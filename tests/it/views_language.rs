//! LIST, SUMMARY, WHOGAME, HISTORY and the game master's replies in the
//! reader's language (issue 26): for a reader who chose French or German
//! with SET LANGUAGE, for a player of a `language=fr` game, and for the
//! master by their own choice or the judge's default. Game, phase and
//! power states (paused, finished, vacant, ...) in all three languages.
//! A real SQLite file; messages as the mail layer hands them over.

use dipspy::game::{self, CreateOptions};
use dipspy::judge::{JudgeSettings, Reply};
use dipspy::text::Lang;

use crate::support::judge::{Judge, POWERS, addr, assert_has, hash, now, settings};

const MASTER: &str = "gm@example.org";

trait Setup {
    fn new(language: Option<Lang>) -> Self;
    fn game(&mut self, name: &str, language: Option<Lang>);
}

impl Setup for Judge {
    fn new(language: Option<Lang>) -> Judge {
        let mut j = Judge::open(JudgeSettings {
            master_address: Some(MASTER.into()),
            master_password_hash: Some(hash("gm-secret")),
            defaults: CreateOptions {
                timezone: "UTC".into(),
                ..CreateOptions::default()
            },
            alert_after_minutes: None,
            language,
            ..settings()
        });
        j.subject = "views";
        j
    }

    /// A game with every power taken (`power@example.org`, password
    /// `power-pw`), started, its first phase processed.
    fn game(&mut self, name: &str, language: Option<Lang>) {
        let o = CreateOptions {
            language,
            ..self.js.defaults.clone()
        };
        game::create(&mut self.st, name, &o, now()).unwrap();
        self.seat(name, &POWERS);
        game::start(&mut self.st, name, now()).unwrap();
        game::process(&mut self.st, name, now()).unwrap();
    }
}

#[track_caller]
fn assert_lacks(reply: &Reply, texts: &[&str]) {
    for text in texts {
        assert!(
            !reply.body.contains(text),
            "reply has the English {text:?}:\n{}",
            reply.body
        );
    }
}

/// The English of the views, none of which a French or German reader
/// may get (the orders summary and the results mail that HISTORY repeats
/// are other parts' words).
const ENGLISH_VIEWS: &[&str] = &[
    "Games on this judge",
    "the list of games is at the end",
    "is described at the end",
    "variant standard",
    "  phase: ",
    "  deadline: ",
    ", units ",
    "Players of game",
    "Observers",
    "Summary of game",
    "Who played each power when",
    "from the start",
    "Supply centres",
    "History of game",
    "the history is at the end",
    "the summary of game",
    "the list of players",
    "(processed)",
    "(current)",
    " playing ",
    "phase: Fall 1901",
];

/// The views, asked by a player of game `paris` (HISTORY is for its
/// players and observers) who signs on with `signon`.
fn views(signon: &str) -> String {
    format!("{signon}\nLIST\nLIST paris\nSUMMARY paris\nWHOGAME paris\nHISTORY paris")
}

#[test]
fn a_reader_who_chose_french_gets_list_summary_whogame_and_history_in_french() {
    let mut j = Judge::new(None);
    j.game("paris", None);
    j.send(&addr("france"), "SET LANGUAGE fr");
    let r = j.send(&addr("france"), &views("SIGNON F paris france-pw"));
    assert_has(&r, "Parties de cet arbitre\u{a0}:\n  paris ");
    assert_has(&r, " standard   en cours   F1901M   date limite ");
    assert_has(&r, "la liste des parties est à la fin de cette réponse");
    assert_has(
        &r,
        "Partie paris\u{a0}: en cours (UTC), variante standard, presse blanche\n",
    );
    assert_has(&r, "  phase\u{a0}: Automne 1901 Mouvements (F1901M)\n");
    assert_has(&r, "  presse\u{a0}: blanche\u{a0}; rappels\u{a0}: ");
    assert_has(&r, "  date limite\u{a0}: ");
    assert_has(&r, "  France     jouée      centres  3, unités  3");
    assert_has(&r, "la partie paris est décrite à la fin de cette réponse");
    assert_has(&r, "Résumé de la partie paris (standard, en cours)\u{a0}:");
    assert_has(&r, "Qui a joué chaque puissance, et quand\u{a0}:");
    assert_has(&r, "france@example.org depuis le début");
    assert_has(&r, "Centres de ravitaillement\u{a0}:");
    assert_has(&r, "  début ");
    assert_has(
        &r,
        "le résumé de la partie paris est à la fin de cette réponse",
    );
    assert_has(&r, "Joueurs de la partie paris (en cours)\u{a0}:");
    assert_has(&r, "Observateurs\u{a0}: aucun");
    assert_has(
        &r,
        "la liste des joueurs de la partie paris est à la fin de cette réponse",
    );
    assert_has(
        &r,
        "Historique de la partie paris\u{a0}:\n  S1901M (traitée)",
    );
    assert_has(&r, "  F1901M (en cours)");
    assert_has(&r, "l'historique est à la fin de cette réponse");
    assert_lacks(&r, ENGLISH_VIEWS);
}

#[test]
fn a_reader_who_chose_german_gets_list_summary_whogame_and_history_in_german() {
    let mut j = Judge::new(None);
    j.game("paris", None);
    j.send(&addr("germany"), "SET LANGUAGE de");
    let r = j.send(&addr("germany"), &views("SIGNON G paris germany-pw"));
    assert_has(&r, "Partien auf diesem Judge:\n  paris ");
    assert_has(&r, " standard   läuft      F1901M   Frist ");
    assert_has(&r, "die Liste der Partien steht am Ende dieser Antwort");
    assert_has(
        &r,
        "Partie paris: läuft (UTC), Variante standard, Presse weiß\n",
    );
    assert_has(&r, "  Phase: Herbst 1901");
    assert_has(&r, "  Presse: weiß; ");
    assert_has(&r, "  Frist: ");
    assert_has(&r, "  Frankreich  besetzt    Zentren  3, Einheiten  3");
    assert_has(&r, "Übersicht der Partie paris (standard, läuft):");
    assert_has(&r, "Wer welche Macht wann gespielt hat:");
    assert_has(&r, "france@example.org von Beginn an");
    assert_has(&r, "Versorgungszentren:");
    assert_has(&r, "Spieler der Partie paris (läuft):");
    assert_has(&r, "Beobachter: keine");
    assert_has(&r, "Verlauf der Partie paris:\n  S1901M (ausgewertet)");
    assert_has(&r, "der Verlauf steht am Ende dieser Antwort");
    assert_lacks(&r, ENGLISH_VIEWS);
}

#[test]
fn a_player_of_a_french_game_reads_its_views_in_french() {
    let mut j = Judge::new(None);
    j.game("paris", Some(Lang::Fr));
    // No choice of her own: the game's language, by its SIGNON.
    let r = j.send(
        &addr("france"),
        "SIGNON F paris france-pw\nLIST paris\nSUMMARY paris\nWHOGAME paris",
    );
    assert_has(&r, "Partie paris\u{a0}: en cours (UTC), variante standard");
    assert_has(&r, "Résumé de la partie paris (standard, en cours)\u{a0}:");
    assert_has(&r, "Joueurs de la partie paris (en cours)\u{a0}:");
    assert_lacks(&r, ENGLISH_VIEWS);
    // HISTORY names the game itself.
    let r = j.send(&addr("italy"), "SIGNON I paris italy-pw\nHISTORY paris");
    assert_has(
        &r,
        "Historique de la partie paris\u{a0}:\n  S1901M (traitée)",
    );
    // Another reader of the same game with no choice reads English.
    let r = j.send("nobody@example.org", "LIST paris");
    assert_has(
        &r,
        "Game paris: active (UTC), variant standard, press white\n",
    );
}

#[test]
fn english_views_read_as_before() {
    let mut j = Judge::new(None);
    j.game("paris", None);
    let r = j.send(&addr("italy"), &views("SIGNON I paris italy-pw"));
    assert_has(&r, "Games on this judge:\n  paris ");
    assert_has(&r, " standard   active     F1901M   deadline ");
    assert_has(&r, "OK: the list of games is at the end of this reply");
    assert_has(
        &r,
        "Game paris: active (UTC), variant standard, press white\n",
    );
    assert_has(&r, "  phase: Fall 1901 Movement (F1901M)\n");
    assert_has(&r, "  France   playing    centres  3, units  3");
    assert_has(&r, "Summary of game paris (standard, active):");
    assert_has(&r, "france@example.org from the start");
    assert_has(&r, "Players of game paris (active):");
    assert_has(&r, "Observers: none");
    assert_has(&r, "History of game paris:\n  S1901M (processed)");
    assert_has(
        &r,
        "OK: the summary of game paris is at the end of this reply",
    );
    assert_has(
        &r,
        "OK: the list of players of game paris is at the end of this reply",
    );
}

/// LIST and WHOGAME of a paused and a finished game, read in `lang`.
fn paused_and_finished(lang: &str) -> Reply {
    let mut j = Judge::new(None);
    j.game("calme", None);
    j.game("fini", None);
    game::pause(&mut j.st, "calme", now()).unwrap();
    game::end(&mut j.st, "fini", now()).unwrap();
    j.send(&addr("france"), &format!("SET LANGUAGE {lang}"));
    j.send(
        &addr("france"),
        "SIGNON F fini france-pw\nLIST\nWHOGAME calme\nSUMMARY fini\nHISTORY fini",
    )
}

#[test]
fn a_paused_and_a_finished_game_in_english() {
    let r = paused_and_finished("en");
    assert_has(&r, "  calme            standard   paused     F1901M");
    assert_has(&r, "  fini             standard   finished   F1901M");
    assert_has(&r, "Players of game calme (paused):");
    assert_has(&r, "Summary of game fini (standard, finished):");
    assert_has(&r, "  F1901M (final)");
}

#[test]
fn a_paused_and_a_finished_game_in_french() {
    let r = paused_and_finished("fr");
    assert_has(&r, "  calme            standard   en pause   F1901M");
    assert_has(&r, "  fini             standard   terminée   F1901M");
    assert_has(&r, "Joueurs de la partie calme (en pause)\u{a0}:");
    assert_has(&r, "Résumé de la partie fini (standard, terminée)\u{a0}:");
    assert_has(&r, "  F1901M (finale)");
    assert_lacks(&r, &["paused", "finished", "(final)"]);
}

#[test]
fn a_paused_and_a_finished_game_in_german() {
    let r = paused_and_finished("de");
    assert_has(&r, "  calme            standard   pausiert   F1901M");
    assert_has(&r, "  fini             standard   beendet    F1901M");
    assert_has(&r, "Spieler der Partie calme (pausiert):");
    assert_has(&r, "Übersicht der Partie fini (standard, beendet):");
    assert_has(&r, "  F1901M (letzte Phase)");
    assert_lacks(&r, &["paused", "finished", "(final)"]);
}

#[test]
fn a_refusal_names_a_paused_or_finished_game_in_the_readers_language() {
    let mut j = Judge::new(None);
    j.game("calme", None);
    j.game("fini", None);
    game::pause(&mut j.st, "calme", now()).unwrap();
    game::end(&mut j.st, "fini", now()).unwrap();
    let paused = game::pause(&mut j.st, "calme", now()).unwrap_err();
    let over = game::pause(&mut j.st, "fini", now()).unwrap_err();
    let say = |lang, e| dipspy::text::render_game_error(lang, e);
    assert!(say(Lang::En, &paused).contains("game calme is paused"));
    assert!(say(Lang::En, &over).contains("game fini is finished"));
    let fr = say(Lang::Fr, &paused);
    assert!(fr.contains("en pause") && !fr.contains("paused"), "{fr}");
    let fr = say(Lang::Fr, &over);
    assert!(fr.contains("terminée") && !fr.contains("finished"), "{fr}");
    let de = say(Lang::De, &paused);
    assert!(de.contains("pausiert") && !de.contains("paused"), "{de}");
    let de = say(Lang::De, &over);
    assert!(de.contains("beendet") && !de.contains("finished"), "{de}");
}

const MASTER_MAIL: &str = "MASTER gm-secret\nPAUSE paris\nRESUME paris\n\
     SET DEADLINE paris 2025-01-20 18:30\nPROCESS paris\nROLLBACK paris F1901M\n\
     BECOME paris france\nCREATE rome press=loud\nCREATE rome";

#[test]
fn the_masters_replies_in_english_read_as_before() {
    let mut j = Judge::new(None);
    j.game("paris", None);
    let r = j.send(MASTER, MASTER_MAIL);
    assert_has(&r, "OK: game paris paused");
    assert_has(
        &r,
        "OK: game paris resumed: Fall 1901 Movement (F1901M), deadline",
    );
    assert_has(
        &r,
        "OK: deadline moved: Fall 1901 Movement (F1901M), deadline 2025-01-20 18:30 UTC",
    );
    assert_has(&r, "OK: F1901M processed; now ");
    assert_has(&r, "Results of game paris:");
    assert_has(
        &r,
        "OK: game paris rolled back; now Fall 1901 Movement (F1901M)",
    );
    assert_has(
        &r,
        "you act for France in game paris in the rest of this mail; its player gets a copy",
    );
    assert_has(
        &r,
        "not created: press must be none, white or grey, not `loud`",
    );
    assert_has(&r, "OK: game rome created; players may JOIN it now");
}

#[test]
fn the_masters_own_choice_of_french_gives_french_replies() {
    let mut j = Judge::new(None);
    j.game("paris", None);
    j.send(MASTER, "SET LANGUAGE fr");
    let r = j.send(MASTER, MASTER_MAIL);
    assert_has(&r, "la partie paris est en pause");
    assert_has(
        &r,
        "la partie paris a repris\u{a0}: Automne 1901 Mouvements (F1901M), date limite",
    );
    assert_has(
        &r,
        "date limite déplacée\u{a0}: Automne 1901 Mouvements (F1901M), date limite 2025-01-20 18:30 UTC",
    );
    assert_has(&r, "F1901M traitée\u{a0}; phase en cours\u{a0}: ");
    assert_has(&r, "Résultats de la partie paris\u{a0}:");
    // The results under that heading are in French too.
    assert_has(&r, "Le plateau maintenant\u{a0}:");
    assert_has(
        &r,
        "la partie paris est revenue en arrière\u{a0}; elle en est maintenant à Automne 1901",
    );
    assert_has(
        &r,
        "vous agissez pour la France dans la partie paris pour le reste de ce courriel\u{a0}; son joueur en reçoit une copie",
    );
    assert_has(
        &r,
        "partie non créée\u{a0}: press doit valoir none, white ou grey, pas `loud`",
    );
    assert_has(&r, "partie rome créée");
    assert_lacks(
        &r,
        &[
            "game paris paused",
            "resumed",
            "deadline moved",
            "processed; now",
            "Results of game",
            "The board now:",
            "rolled back",
            "you act for",
            "not created",
            "must be none",
            "players may JOIN",
        ],
    );
}

#[test]
fn the_judges_default_german_gives_the_master_german_replies() {
    let mut j = Judge::new(Some(Lang::De));
    j.game("paris", None);
    let r = j.send(
        MASTER,
        "MASTER gm-secret\nPAUSE paris\nRESUME paris\nPREVIEW paris\nEJECT paris italy\n\
         TERMINATE paris\nPUBLISH HEAD paris",
    );
    assert_has(&r, "die Partie paris ist pausiert");
    assert_has(&r, "die Partie paris geht weiter: Herbst 1901");
    assert_has(
        &r,
        "die Vorschau steht am Ende dieser Antwort (nichts wurde gespeichert)",
    );
    assert_has(&r, "Vorschau der Partie paris (nicht gespeichert):");
    assert_has(
        &r,
        "Italien hat in der Partie paris jetzt keinen Spieler mehr",
    );
    assert_has(&r, "die Partie paris wurde vom Spielleiter beendet");
    assert_lacks(
        &r,
        &[
            "game paris paused",
            "resumed",
            "the preview is at the end",
            "Preview of game",
            "has no player now",
            "ended by the game master",
        ],
    );
}

/// ESP-7: the master's PROCESS at an Espionnite movement deadline opens
/// the reaction phase; the reply says so in the master's language.
#[test]
fn esp_7_the_masters_process_opening_the_reaction_phase_reads_in_their_language() {
    for (lang, frozen) in [
        (
            None,
            "orders frozen, spy reports sent; reaction phase open until",
        ),
        (
            Some(Lang::Fr),
            "ordres figés, rapports d'espionnage envoyés\u{a0}; phase de réaction ouverte jusqu'au",
        ),
        (
            Some(Lang::De),
            "Befehle eingefroren, Spionageberichte verschickt; Reaktionsphase offen bis",
        ),
    ] {
        let mut j = Judge::new(lang);
        let o = CreateOptions {
            rules: vec!["espionnite".into()],
            ..j.js.defaults.clone()
        };
        game::create(&mut j.st, "spies", &o, now()).unwrap();
        for p in POWERS {
            game::join(&mut j.st, "spies", Some(p), &addr(p), "pw-1234", now()).unwrap();
        }
        game::start(&mut j.st, "spies", now()).unwrap();
        let r = j.send(MASTER, "MASTER gm-secret\nPROCESS spies");
        assert_has(&r, frozen);
    }
}
