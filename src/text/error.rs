//! The words of the game layer's errors (`src/game/error.rs` and the
//! errors of single commands): one catalogue key per variant, its values
//! as arguments. An edge renders an error for its reader with the
//! functions below; `Display` gives the English, for the command line
//! and logs.

use super::{Args, Lang, plain, render};
use crate::engine::PhaseError;
use crate::game::{
    AbsenceError, AddressError, CONFIRM_DAYS, Damage, FakePressError, GameError, MailCommandError,
    Refusal, StoredEnd, VoteRefusal,
};
use std::fmt;

/// A game error in `lang`.
pub fn game(lang: Lang, e: &GameError) -> String {
    use GameError as E;
    let one = |key: &str, name: &'static str, v: &str| render(lang, key, &Args::new().str(name, v));
    let gp = |key: &str, game: &str, power: &str| {
        render(
            lang,
            key,
            &Args::new().str("game", game).power("power", power),
        )
    };
    match e {
        E::UnknownGame(g) => one("error-unknown-game", "game", g),
        E::DuplicateGame(g) => one("error-duplicate-game", "game", g),
        E::BadGameName(g) => one("error-bad-game-name", "game", g),
        E::UnknownPower { game, power, known } => render(
            lang,
            "error-unknown-power",
            &Args::new()
                .str("game", game)
                .str("power", power)
                .str("known", known),
        ),
        E::UnknownVariant(v) => one("error-unknown-variant", "variant", v),
        E::UnknownRules(r) => one("error-unknown-rules", "rules", r),
        E::BadDuration(s) => one("error-bad-duration", "text", s),
        E::BadTimeOfDay(s) => one("error-bad-time-of-day", "text", s),
        E::BadTimezone(s) => one("error-bad-timezone", "text", s),
        E::WrongStatus { game, status, what } => wrong_status(lang, game, status, what),
        E::PowerTaken { game, power } => gp("error-power-taken", game, power),
        E::AlreadyJoined { game, email } => render(
            lang,
            "error-already-joined",
            &Args::new().str("game", game).str("email", email),
        ),
        E::BadEmail(s) => one("error-bad-email", "text", s),
        E::EmptyPassword => plain(lang, "error-empty-password"),
        E::DummyPower { game, power } => gp("error-dummy-power", game, power),
        E::NotFull { game, missing } => render(
            lang,
            "error-not-full",
            &Args::new().str("game", game).str("missing", missing),
        ),
        E::WrongPhase {
            game,
            current,
            given,
        } => render(
            lang,
            "error-wrong-phase",
            &Args::new()
                .str("game", game)
                .str("current", current.as_str())
                .str("given", given.as_str()),
        ),
        E::BadPhase(p) => phase(lang, p),
        E::NotVacant { game, power } => gp("error-not-vacant", game, power),
        E::NoTakeover { game, power } => gp("error-no-takeover", game, power),
        E::NotPlayed { game, power } => gp("error-not-played", game, power),
        E::PhaseNotPlayed {
            game,
            phase,
            played,
        } => render(
            lang,
            "error-phase-not-played",
            &Args::new()
                .str("game", game)
                .str(
                    "phase",
                    if phase.is_empty() {
                        plain(lang, "engine-the-current-phase")
                    } else {
                        phase.clone()
                    },
                )
                .str(
                    "played",
                    if played.is_empty() {
                        plain(lang, "error-none-yet")
                    } else {
                        played.join(", ")
                    },
                ),
        ),
        E::VoteRefused(why) => one("error-vote-refused", "why", &vote_refusal(lang, why)),
        E::NoSuchPhase { game, phase } => render(
            lang,
            "error-no-such-phase",
            &Args::new().str("game", game).str("phase", phase),
        ),
        E::Eliminated { game, power, what } => {
            let args = Args::new().str("game", game).power("power", power);
            render(lang, super::keys::eliminated(what), &args)
        }
        E::Frozen { game, phase } => render(
            lang,
            "error-frozen",
            &Args::new().str("game", game).str("phase", phase),
        ),
        E::NoOrders => plain(lang, "error-no-orders"),
        E::Password(e) => e.to_string(),
        E::Corrupt { game, what } => render(
            lang,
            "error-corrupt",
            &Args::new()
                .str("game", game)
                .str("what", damage(lang, what)),
        ),
        E::Sql(e) => one("error-database", "error", &e.to_string()),
        E::Store(e) => e.to_string(),
    }
}

/// "game g is paused: it takes no orders".
fn wrong_status(lang: Lang, game: &str, status: &str, what: &Refusal) -> String {
    let args = Args::new().str("game", game).str("status", status);
    let key = super::keys::wrong_status(what);
    match what {
        Refusal::NothingToProcess(end) => {
            render(lang, key, &args.str("how", stored_end(lang, end)))
        }
        _ => render(lang, key, &args),
    }
}

/// How a finished game ended, as stored: "won by France".
fn stored_end(lang: Lang, end: &StoredEnd) -> String {
    let list = |key: &str, powers: &[String]| {
        render(
            lang,
            key,
            &Args::new().str("powers", super::powers::list(lang, powers)),
        )
    };
    match end {
        StoredEnd::WonBy(p) => list("engine-ended-won-by", p),
        StoredEnd::DrawnBetween(p) => list("engine-ended-drawn-between", p),
        StoredEnd::ByMaster => plain(lang, "engine-ended-by-master"),
        StoredEnd::Unknown => plain(lang, "engine-ended-unknown"),
    }
}

/// Why a draw vote or a concession was refused.
pub(crate) fn vote_refusal(lang: Lang, why: &VoteRefusal) -> String {
    let game = |key: &str, game: &str| render(lang, key, &Args::new().str("game", game));
    match why {
        VoteRefusal::NoDraws { game: g } => game("engine-vote-no-draws", g),
        VoteRefusal::OnlyAllSurvivors { game: g } => game("engine-vote-only-all-survivors", g),
        VoteRefusal::NoConcessions { game: g } => game("engine-vote-no-concessions", g),
        VoteRefusal::Eliminated(p) => render(
            lang,
            "engine-vote-eliminated",
            &Args::new().power("power", p),
        ),
        VoteRefusal::ConcedeToItself => plain(lang, "engine-vote-concede-to-itself"),
    }
}

/// What part of a stored game is damaged.
pub(crate) fn damage(lang: Lang, d: &Damage) -> String {
    let key = |k: &str, args: Args| render(lang, k, &args);
    match d {
        Damage::MapFile { variant, error } => key(
            "damage-map-file",
            Args::new().str("variant", variant).str("error", error),
        ),
        Damage::UnknownVariant(v) => key("damage-unknown-variant", Args::new().str("variant", v)),
        Damage::Settings(e) => key("damage-settings", Args::new().str("error", e)),
        Damage::Position { phase, error } => key(
            "damage-position",
            Args::new()
                .str("phase", phase)
                .str("error", position(lang, error)),
        ),
        Damage::StoredOrder { text, error } => key(
            "damage-stored-order",
            Args::new().str("text", text).str("error", error),
        ),
        Damage::PowerMissing(p) => key("damage-power-missing", Args::new().str("power", p)),
        Damage::ReplayedPhaseMissing => plain(lang, "damage-replayed-phase-missing"),
        Damage::Words(w) => w.clone(),
    }
}

/// Why a stored position does not read back.
fn position(lang: Lang, e: &crate::game::PositionError) -> String {
    use crate::game::PositionError as P;
    match e {
        P::Json(e) => e.clone(),
        P::Phase(p) => phase(lang, &PhaseError(p.clone())),
        P::UnknownPower(n) => render(lang, "damage-unknown-power", &Args::new().str("name", n)),
        P::UnknownProvince(n) => {
            render(lang, "damage-unknown-province", &Args::new().str("name", n))
        }
        P::UnreadableUnit(n) => render(lang, "damage-unreadable-unit", &Args::new().str("unit", n)),
    }
}

/// A phase that could not be read.
pub(crate) fn phase(lang: Lang, e: &PhaseError) -> String {
    render(
        lang,
        "error-bad-phase",
        &Args::new().str("text", e.0.as_str()),
    )
}

/// A mail command's error in `lang`.
pub(crate) fn mail_command(lang: Lang, e: &MailCommandError) -> String {
    use MailCommandError as E;
    let game_key = |k: &str, g: &str| render(lang, k, &Args::new().str("game", g));
    match e {
        E::Game(g) => game(lang, g),
        E::NoPress { game } => game_key("error-no-press", game),
        E::NoGreyPress { game } => game_key("error-no-grey-press", game),
        E::NobodyLeft { game } => game_key("error-nobody-left", game),
        E::BadTime(t) => render(lang, "error-bad-time", &Args::new().str("text", t)),
        E::PastDeadline(t) => render(lang, "error-past-deadline", &Args::new().str("time", t)),
    }
}

/// An absence's error in `lang`.
pub(crate) fn absence(lang: Lang, e: &AbsenceError) -> String {
    match e {
        AbsenceError::Game(g) => game(lang, g),
        AbsenceError::BadDate(d) => render(lang, "error-absence-date", &Args::new().str("text", d)),
        AbsenceError::Backwards => plain(lang, "error-absence-backwards"),
        AbsenceError::Past => plain(lang, "error-absence-past"),
        AbsenceError::TooLong { game, max } => render(
            lang,
            "error-absence-too-long",
            &Args::new().str("game", game).num("max", *max as f64),
        ),
    }
}

/// A change of address's error in `lang`.
pub(crate) fn address(lang: Lang, e: &AddressError) -> String {
    match e {
        AddressError::Game(g) => game(lang, g),
        AddressError::NotAnAddress(a) => {
            render(lang, "error-not-an-address", &Args::new().str("text", a))
        }
        AddressError::Same => plain(lang, "error-address-same"),
        AddressError::InUse(g) => render(lang, "error-address-in-use", &Args::new().str("game", g)),
        AddressError::NoSuchCode => render(
            lang,
            "error-address-no-such-code",
            &Args::new().num("days", CONFIRM_DAYS as f64),
        ),
        AddressError::Stale => plain(lang, "error-address-stale"),
    }
}

/// A fake press's error in `lang`.
pub(crate) fn fake_press(lang: Lang, e: &FakePressError) -> String {
    match e {
        FakePressError::Mail(m) => mail_command(lang, m),
        FakePressError::NotAllowed { game } => render(
            lang,
            "error-fake-not-allowed",
            &Args::new().str("game", game),
        ),
        FakePressError::ToMaster => plain(lang, "error-fake-to-master"),
        FakePressError::NothingToFake => plain(lang, "error-fake-nothing"),
    }
}

macro_rules! english {
    ($($ty:ty => $f:path),* $(,)?) => {$(
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&$f(Lang::En, self))
            }
        }
    )*};
}

english! {
    GameError => game,
    MailCommandError => mail_command,
    AbsenceError => absence,
    AddressError => address,
    FakePressError => fake_press,
    PhaseError => phase,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_and_action_has_its_sentence() {
        // That every refusal and action has a key in English is
        // `text::keys`' test; here, the sentences they make.
        let e = GameError::WrongStatus {
            game: "g".into(),
            status: "forming".into(),
            what: Refusal::TakesNoOrders,
        };
        assert_eq!(
            e.to_string(),
            "game g is still forming (not started): it takes no orders"
        );
        use crate::game::Action;
        let e = GameError::Eliminated {
            game: "g".into(),
            power: "France".into(),
            what: Action::AskToWait,
        };
        assert_eq!(
            e.to_string(),
            "France has been eliminated from game g and can no longer ask to wait"
        );
    }

    #[test]
    fn plurals_of_days() {
        let e = AbsenceError::TooLong {
            game: "g".into(),
            max: 1,
        };
        assert!(e.to_string().contains("at most 1 day in game g"), "{e}");
    }
}

/// The game layer's refusals typed in this round (processing a finished
/// or paused game, publishing the signed head, draw votes and
/// concessions), as each reader gets them.
#[cfg(test)]
mod engine_refusals {
    use super::*;

    #[test]
    fn a_picture_of_the_phase_being_played_names_it_in_each_language() {
        let e = GameError::PhaseNotPlayed {
            game: "g".into(),
            phase: String::new(),
            played: Vec::new(),
        };
        assert!(game(Lang::En, &e).contains("has not played the current phase"));
        assert!(game(Lang::Fr, &e).contains("n'a pas joué la phase en cours"));
        assert!(game(Lang::De, &e).contains("hat die laufende Phase nicht gespielt"));
    }

    fn status(what: Refusal) -> GameError {
        GameError::WrongStatus {
            game: "vet".into(),
            status: "active".into(),
            what,
        }
    }

    fn over(how: StoredEnd) -> GameError {
        status(Refusal::NothingToProcess(how))
    }

    #[test]
    fn nothing_to_process_says_how_the_game_ended_in_each_language() {
        let won = over(StoredEnd::WonBy(vec!["France".into()]));
        assert_eq!(
            game(Lang::En, &won),
            "game vet is running: the game is over (won by France): there is nothing to process"
        );
        assert_eq!(
            game(Lang::Fr, &won),
            "la partie vet est en cours\u{a0}: elle est terminée (gagnée par la France), il n'y a rien à traiter"
        );
        assert_eq!(
            game(Lang::De, &won),
            "die Partie vet ist im Gang: die Partie ist vorbei (Sieger: Frankreich): es gibt nichts auszuwerten"
        );
        let drawn = over(StoredEnd::DrawnBetween(vec![
            "England".into(),
            "Russia".into(),
        ]));
        assert!(game(Lang::En, &drawn).contains("(drawn between England, Russia)"));
        assert!(game(Lang::Fr, &drawn).contains("(nulle entre l'Angleterre, la Russie)"));
        assert!(game(Lang::De, &drawn).contains("(Remis zwischen England, Russland)"));
        let turkey = over(StoredEnd::WonBy(vec!["Turkey".into()]));
        assert!(game(Lang::Fr, &turkey).contains("(gagnée par la Turquie)"));
        assert!(game(Lang::De, &turkey).contains("(Sieger: Türkei)"));
        assert!(game(Lang::En, &over(StoredEnd::ByMaster)).contains("(ended by the game master)"));
        assert!(game(Lang::En, &over(StoredEnd::Unknown)).contains("the game is over (over)"));
    }

    #[test]
    fn processing_and_publishing_refusals_read_in_each_language() {
        let paused = status(Refusal::ResumeBeforeProcessing);
        assert!(game(Lang::En, &paused).ends_with(": resume it before processing"));
        assert!(game(Lang::Fr, &paused).ends_with("\u{a0}: reprenez-la avant de la traiter"));
        assert!(
            game(Lang::De, &paused).ends_with(": setzen Sie sie fort, bevor sie ausgewertet wird")
        );
        let after = status(Refusal::EntriesAfterHead);
        assert!(game(Lang::En, &after).ends_with(
            ": entries logged after its last signed head do not chain on from it; check the log with `dipspy secret-log vet --verify`"
        ));
        assert!(game(Lang::Fr, &after).contains("après la dernière tête signée"));
        assert!(game(Lang::De, &after).contains("nach dem letzten signierten Kopf"));
        let ended = status(Refusal::NothingToVoteOn);
        assert!(game(Lang::En, &ended).ends_with(": there is nothing to vote on"));
        assert!(game(Lang::Fr, &ended).ends_with("\u{a0}: il n'y a rien à mettre au vote"));
        assert!(game(Lang::De, &ended).ends_with(": es gibt nichts abzustimmen"));
        let started = status(Refusal::AlreadyStarted);
        assert_eq!(
            game(Lang::En, &started),
            "game vet is running: it has already started"
        );
        assert_eq!(
            game(Lang::Fr, &started),
            "la partie vet est en cours\u{a0}: elle a déjà commencé"
        );
        assert_eq!(
            game(Lang::De, &started),
            "die Partie vet ist im Gang: sie hat bereits begonnen"
        );
        for r in [
            Refusal::HeadOnlyWhenOver,
            Refusal::NoSignedHead,
            Refusal::AlreadyOver,
        ] {
            for lang in [Lang::En, Lang::Fr, Lang::De] {
                assert!(!game(lang, &status(r.clone())).contains("engine-"), "{r:?}");
            }
        }
    }

    #[test]
    fn vote_refusals_read_in_each_language() {
        let dias = GameError::VoteRefused(VoteRefusal::OnlyAllSurvivors { game: "vet".into() });
        assert_eq!(
            game(Lang::En, &dias),
            "vote refused: game vet allows only draws including all survivors: write SET DRAW alone"
        );
        assert_eq!(
            game(Lang::Fr, &dias),
            "vote refusé\u{a0}: la partie vet n'admet que les nulles entre tous les survivants\u{a0}: écrivez SET DRAW seul"
        );
        assert_eq!(
            game(Lang::De, &dias),
            "Stimme abgelehnt: die Partie vet lässt nur ein Remis aller Überlebenden zu: schreiben Sie SET DRAW allein"
        );
        let out = GameError::VoteRefused(VoteRefusal::Eliminated("Italy".into()));
        assert_eq!(
            game(Lang::En, &out),
            "vote refused: Italy has been eliminated"
        );
        assert_eq!(
            game(Lang::Fr, &out),
            "vote refusé\u{a0}: l'Italie a été éliminée"
        );
        assert_eq!(
            game(Lang::De, &out),
            "Stimme abgelehnt: Italien ist ausgeschieden"
        );
        let turkey = GameError::VoteRefused(VoteRefusal::Eliminated("Turkey".into()));
        assert_eq!(
            game(Lang::De, &turkey),
            "Stimme abgelehnt: die Türkei ist ausgeschieden"
        );
        assert_eq!(
            game(Lang::Fr, &turkey),
            "vote refusé\u{a0}: la Turquie a été éliminée"
        );
        let own = GameError::VoteRefused(VoteRefusal::ConcedeToItself);
        assert_eq!(
            game(Lang::En, &own),
            "vote refused: a power cannot concede to itself"
        );
        let none = GameError::VoteRefused(VoteRefusal::NoDraws { game: "vet".into() });
        assert_eq!(
            game(Lang::En, &none),
            "vote refused: game vet allows no draws"
        );
        assert_eq!(
            game(Lang::Fr, &none),
            "vote refusé\u{a0}: la partie vet n'admet pas de nulle"
        );
        let conc = GameError::VoteRefused(VoteRefusal::NoConcessions { game: "vet".into() });
        assert_eq!(
            game(Lang::De, &conc),
            "Stimme abgelehnt: die Partie vet lässt keine Aufgabe zugunsten einer Macht zu"
        );
    }
}
