//! The catalogue keys the code chooses among by a typed value, named in
//! one place: each a `match` from the value to its whole key, so that
//! every key the code can render is written out as it is in `en.ftl`
//! (no key is assembled with `format!`). The tests below read every
//! source file and check both ways: each key the code names is in
//! `en.ftl` (or the judge's own catalogue), and each key there is named
//! by the code or by another entry.

use crate::engine::Outcome;
use crate::game::{Action, Refusal};

/// What became of an order, by the outcome's code as the reports carry it
/// (`Outcome::as_str`): `results-outcome-succeeds`, ...; `None` for a code
/// of no outcome.
pub(crate) fn outcome(code: &str) -> Option<&'static str> {
    Some(match code {
        "succeeds" => "results-outcome-succeeds",
        "fails" => "results-outcome-fails",
        "invalid" => "results-outcome-invalid",
        "void" => "results-outcome-void",
        "replaced" => "results-outcome-replaced",
        _ => return None,
    })
}

/// [`outcome`] of a typed outcome.
pub(crate) fn outcome_of(o: Outcome) -> &'static str {
    outcome(o.as_str()).unwrap_or("results-outcome-fails")
}

/// The event after which a head of the secret log was signed, by its
/// code in the signed block (`secretlog::heads::PROCESSED`, ...); `None`
/// for a code of no event.
pub(crate) fn head_event(code: &str) -> Option<&'static str> {
    use crate::secretlog::{GAME_ENDED, PROCESSED, REACTION_OPENED};
    Some(match code {
        PROCESSED => "mails-head-event-processed",
        REACTION_OPENED => "mails-head-event-reaction",
        GAME_ENDED => "mails-head-event-ended",
        _ => return None,
    })
}

/// What an eliminated power can no longer do.
pub(crate) fn eliminated(a: &Action) -> &'static str {
    match a {
        Action::GiveOrders => "error-eliminated-give-orders",
        Action::AskToWait => "error-eliminated-ask-to-wait",
        Action::ChangePassword => "error-eliminated-change-password",
        Action::Resign => "error-eliminated-resign",
        Action::Vote => "error-eliminated-vote",
    }
}

/// Why a game in the wrong state refused a command (`NothingToProcess`
/// takes a `$how` of its own).
pub(crate) fn wrong_status(r: &Refusal) -> &'static str {
    match r {
        Refusal::TakesNoOrders => "error-status-takes-no-orders",
        Refusal::NoPhaseBeingPlayed => "error-status-no-phase-being-played",
        Refusal::NotStarted => "error-status-not-started",
        Refusal::Over => "error-status-over",
        Refusal::TakesNoAbsences => "error-status-takes-no-absences",
        Refusal::OnlyRunningPaused => "error-status-only-running-paused",
        Refusal::OnlyPausedResumed => "error-status-only-paused-resumed",
        Refusal::NoPhaseWithDeadline => "error-status-no-phase-with-deadline",
        Refusal::JoinBeforeStart => "error-status-join-before-start",
        Refusal::AllPowersTaken => "error-status-all-powers-taken",
        Refusal::TakeoverOnlyRunning => "error-status-takeover-only-running",
        Refusal::NoPhaseToWaitFor => "error-status-no-phase-to-wait-for",
        Refusal::NoPhaseToPreview => "error-status-no-phase-to-preview",
        Refusal::ResumeBeforeProcessing => "engine-status-resume-before-processing",
        Refusal::NothingToVoteOn => "engine-status-nothing-to-vote-on",
        Refusal::AlreadyStarted => "engine-status-already-started",
        Refusal::AlreadyOver => "engine-status-already-over",
        Refusal::HeadOnlyWhenOver => "engine-status-head-only-when-over",
        Refusal::NoSignedHead => "engine-status-no-signed-head",
        Refusal::EntriesAfterHead => "engine-status-entries-after-head",
        Refusal::NothingToProcess(_) => "engine-status-nothing-to-process",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// Every key of `source` (messages only), and the keys its entries
    /// reference (`{ game-status }`).
    fn keys_and_references(source: &str) -> (BTreeSet<String>, BTreeSet<String>) {
        let resource = fluent_syntax::parser::parse(source).expect("the catalogue parses");
        let mut keys = BTreeSet::new();
        for entry in &resource.body {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                keys.insert(m.id.name.to_string());
            }
        }
        let mut refs = BTreeSet::new();
        let mut rest = source;
        while let Some(i) = rest.find("{ ") {
            rest = &rest[i + 2..];
            let word: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if !word.is_empty() && !word.starts_with('-') && !rest.starts_with('$') {
                refs.insert(word);
            }
        }
        (keys, refs)
    }

    /// The string literals of every Rust file under `dir`, test modules
    /// left out (a key only a test names is not one the code uses).
    fn literals(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("src reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                literals(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file reads");
                let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
                let mut parts = code.split('"');
                parts.next();
                while let Some(lit) = parts.next() {
                    out.push((path.display().to_string(), lit.to_string()));
                    parts.next();
                }
            } else if path.extension().is_some_and(|e| e == "html") {
                // A web page's template names its words as `w("key")`.
                let text = std::fs::read_to_string(&path).expect("a template reads");
                for part in text.split("w(\"").skip(1) {
                    let key = part.split('"').next().unwrap_or("");
                    out.push((path.display().to_string(), key.to_string()));
                }
            }
        }
    }

    /// A literal shaped like a key (`notice-paused`, `power-forms.of`).
    fn key_shaped(s: &str) -> bool {
        let base = s.split('.').next().unwrap_or("");
        base.contains('-')
            && !base.starts_with('-')
            && !base.ends_with('-')
            && !base.contains("--")
            && base
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    }

    fn catalogue() -> (BTreeSet<String>, BTreeSet<String>) {
        let (mut keys, mut refs) = keys_and_references(crate::text::source(Lang::En));
        let (judge_keys, judge_refs) = keys_and_references(super::super::JUDGE);
        keys.extend(judge_keys);
        refs.extend(judge_refs);
        (keys, refs)
    }

    /// The families of keys: the first word of every key (`notice`).
    fn families(keys: &BTreeSet<String>) -> BTreeSet<String> {
        keys.iter()
            .filter_map(|k| k.split('-').next())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_key_the_code_names_is_in_english() {
        let (keys, _) = catalogue();
        let families = families(&keys);
        let mut lits = Vec::new();
        literals(
            Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut lits,
        );
        let missing: Vec<String> = lits
            .iter()
            .filter(|(_, l)| key_shaped(l))
            .filter(|(_, l)| {
                families.contains(l.split('-').next().unwrap_or(""))
                    && !NOT_KEYS.contains(&l.as_str())
            })
            .filter(|(_, l)| !crate::text::has(Lang::En, l))
            .map(|(f, l)| format!("{f}: `{l}`"))
            .collect();
        assert!(
            missing.is_empty(),
            "keys the code names that en.ftl lacks:\n{}",
            missing.join("\n")
        );
    }

    #[test]
    fn every_english_key_is_used() {
        let (keys, refs) = catalogue();
        let mut lits = Vec::new();
        literals(
            Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut lits,
        );
        let named: BTreeSet<&str> = lits
            .iter()
            .map(|(_, l)| l.split('.').next().unwrap_or(""))
            .collect();
        let unused: Vec<&String> = keys
            .iter()
            .filter(|k| !named.contains(k.as_str()) && !refs.contains(*k))
            .filter(|k| !TEST_ONLY.contains(&k.as_str()))
            .collect();
        assert!(unused.is_empty(), "en.ftl keys no code names:\n{unused:?}");
    }

    #[test]
    fn the_typed_keys_are_all_in_english() {
        use crate::game::StoredEnd;
        for code in ["succeeds", "fails", "invalid", "void", "replaced"] {
            assert!(crate::text::has(Lang::En, outcome(code).expect("a code")));
        }
        assert_eq!(outcome("bounced"), None);
        for a in [
            Action::GiveOrders,
            Action::AskToWait,
            Action::ChangePassword,
            Action::Resign,
            Action::Vote,
        ] {
            assert!(crate::text::has(Lang::En, eliminated(&a)));
        }
        let refusals = [
            Refusal::TakesNoOrders,
            Refusal::NoPhaseBeingPlayed,
            Refusal::NotStarted,
            Refusal::Over,
            Refusal::TakesNoAbsences,
            Refusal::OnlyRunningPaused,
            Refusal::OnlyPausedResumed,
            Refusal::NoPhaseWithDeadline,
            Refusal::JoinBeforeStart,
            Refusal::AllPowersTaken,
            Refusal::TakeoverOnlyRunning,
            Refusal::NoPhaseToWaitFor,
            Refusal::NoPhaseToPreview,
            Refusal::ResumeBeforeProcessing,
            Refusal::NothingToVoteOn,
            Refusal::AlreadyStarted,
            Refusal::AlreadyOver,
            Refusal::HeadOnlyWhenOver,
            Refusal::NoSignedHead,
            Refusal::EntriesAfterHead,
        ];
        for r in &refusals {
            assert!(crate::text::has(Lang::En, wrong_status(r)));
        }
        assert!(crate::text::has(
            Lang::En,
            wrong_status(&Refusal::NothingToProcess(StoredEnd::ByMaster))
        ));
    }

    #[test]
    fn a_key_the_catalogue_lacks_is_caught() {
        let (keys, _) = catalogue();
        let families = families(&keys);
        assert!(key_shaped("notice-no-such-notice") && families.contains("notice"));
        assert!(!crate::text::has(Lang::En, "notice-no-such-notice"));
        assert!(key_shaped("notice-paused.subject"));
        assert!(crate::text::has(Lang::En, "notice-paused.subject"));
        assert!(!key_shaped("Notice paused"));
    }

    /// Literals shaped like keys of a family that are not keys: the
    /// secret log's head field, the stored kinds of announcements and of
    /// the espionage engine's entries, the pictures' file names, and the
    /// code of `Reason::None`, which is never rendered (`reason::reason`
    /// and `reason::encode` give it as empty).
    const NOT_KEYS: &[&str] = &[
        "game-id",
        "game-ended",
        "game-started",
        "game-over",
        "spy-result",
        "spy-report",
        "reason-none",
    ];

    /// Keys only the catalogue's own tests render (`text::tests`).
    const TEST_ONLY: &[&str] = &["text-self-check"];
}
