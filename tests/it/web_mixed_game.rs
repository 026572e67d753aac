//! Issue 38's whole game: an Espionnite game played twice from the same
//! script, once all by mail and once with France and Germany at their
//! web pages (a headless Chromium signing on and filling in their forms)
//! and the other five by mail, through two reaction phases, a retreat and
//! a winter to Spring 1902, the master ending a reaction phase early (by
//! mail, or at the judge's pages); in the all-mail game, France and Germany mail
//! the very command text their pages' forms sent in the other. Everything the judge mailed that answers no
//! message (the results with their pictures, spy reports, notices, press)
//! is the same to the byte for every address in both. Along the way, each
//! web power's page is read in the browser, phase by phase, for anything
//! of the other powers' secrets.

use crate::support::mailgame::{self, MASTER, MASTER_PW, POWERS, World, pw};
use crate::support::mixed_game::{Pages, Read, announced};
use dipspy::game;
use dipspy::store::Store;

/// The powers at their web pages in the mixed game.
const WEB: [&str; 2] = ["france", "germany"];

/// One step of the script: what each power sends.
type Step = &'static [(&'static str, &'static [&'static str])];

const SPRING: Step = &[
    ("austria", &["A VIE - GAL", "A BUD - SER", "F TRI - ALB"]),
    ("england", &["F LON - NTH", "F EDI - NWG", "A LVP - YOR"]),
    (
        "france",
        &[
            "A PAR - BUR",
            "A MAR - SPA",
            "F BRE - MID",
            "SPY A MUN",
            "COUNTERSPY A PAR",
        ],
    ),
    (
        "germany",
        &[
            "A MUN - RUH",
            "A BER - MUN",
            "F KIE - DEN",
            "SPY A PAR",
            "PRESS TO F",
            "Shall we share Burgundy this year?",
            "ENDPRESS",
        ],
    ),
    ("italy", &["A ROM - APU", "A VEN H", "F NAP - ION"]),
    (
        "russia",
        &[
            "A MOS - UKR",
            "A WAR - GAL",
            "F SEV - BLA",
            "F STP/SC - BOT",
        ],
    ),
    ("turkey", &["A CON - BUL", "A SMY - ARM", "F ANK - BLA"]),
];

const SPRING_REACTIONS: Step = &[
    ("france", &["REACTION NONE"]),
    ("germany", &["REACTION NONE"]),
    ("italy", &["REACTION A VEN - TYR"]),
    ("england", &["REACTION NONE"]),
];

const FALL: Step = &[
    ("austria", &["A VIE H", "A SER H", "F ALB - GRE"]),
    ("england", &["F NTH - NWY", "F NWG H", "A YOR H"]),
    (
        "france",
        &["A BUR H", "A SPA H", "F MID - POR", "SPY A RUH"],
    ),
    (
        "germany",
        &[
            "A RUH - BUR",
            "A MUN S A RUH - BUR",
            "F DEN H",
            "COUNTERSPY A RUH",
        ],
    ),
    ("italy", &["A TYR H", "A APU H", "F ION - TUN"]),
    ("russia", &["A UKR H", "A WAR H", "F SEV H", "F BOT - SWE"]),
    ("turkey", &["A BUL H", "A ARM H", "F ANK H"]),
];

const FALL_REACTIONS: Step = &[
    ("france", &["REACTION NONE"]),
    ("germany", &["REACTION F DEN - SWE"]),
    ("turkey", &["REACTION NONE"]),
    // The master ends the reaction phase early: by mail in the one game,
    // at the judge's pages in the other.
    (MASTER, &["PROCESS vet"]),
];

const RETREAT: Step = &[("france", &["A BUR - PIC"])];

const WINTER: Step = &[
    ("france", &["BUILD A PAR", "BUILD A MAR"]),
    ("germany", &["BUILD A BER"]),
    ("austria", &["BUILD A BUD", "BUILD F TRI"]),
    ("italy", &["BUILD F NAP"]),
    ("england", &["BUILD F LON"]),
    ("russia", &["BUILD A MOS"]),
    ("turkey", &["BUILD A SMY"]),
];

/// The phase being played in `w`'s game, with whether a reaction phase
/// is open (`S1901M+reaction`).
fn phase(w: &World) -> String {
    let st = Store::open_read_only(&w.dir.path().join("judge.db")).unwrap();
    let shown = game::show(&st, "vet").unwrap();
    let reacting = shown.powers.iter().any(|p| p.reacted.is_some());
    format!(
        "{}{}",
        shown.phase.unwrap_or_default(),
        if reacting { "+reaction" } else { "" }
    )
}

/// The mixed world: its pages and browser.
struct Mixed {
    w: World,
    pages: Pages,
    /// The forms the web powers sent.
    forms: std::collections::BTreeSet<String>,
}

/// Plays `step` in the all-mail world `a` and the mixed world `m` at the
/// same time on their clocks; then each judge passes, and the deadline
/// comes if the step did not end the phase. Returns the phase reached.
fn play(a: &mut World, m: &mut Mixed, step: Step) -> String {
    let before = phase(a);
    m.pages.at(&m.w);
    for (power, lines) in step {
        if *power == MASTER {
            a.master(&lines.join("\n"));
            assert_eq!(
                lines,
                &["PROCESS vet"],
                "the master's page is driven for PROCESS only"
            );
            let reply = m.pages.master_processes("vet", MASTER_PW);
            assert!(reply.contains("PROCESS vet"), "{reply}");
            assert!(!reply.contains("REJECTED"), "{reply}");
        } else if WEB.contains(power) {
            // The all-mail game's player mails the very text the page's
            // forms sent, in the order they sent it.
            let mut sent = Vec::new();
            for [form, text, reply] in m.pages.give("vet", power, lines) {
                m.forms.insert(form);
                assert!(
                    !reply.contains("REJECTED"),
                    "{power}'s page refused a line:\n{reply}"
                );
                sent.push(text);
            }
            a.play(power, &sent.join("\n"));
            leaks_checked(m, power);
        } else {
            a.play(power, &lines.join("\n"));
            m.w.play(power, &lines.join("\n"));
        }
    }
    a.pass();
    m.w.pass();
    if phase(a) == before {
        a.at_deadline();
        m.w.at_deadline();
    }
    let (pa, pm) = (phase(a), phase(&m.w));
    assert_eq!(pa, pm, "both games are at the same phase");
    for p in WEB {
        m.pages.at(&m.w);
        leaks_checked(m, p);
    }
    pa
}

/// `power`'s page, as the browser shows it now, holds nothing of what
/// only other powers, the master or the judge received, nor another
/// player's password or address, nor the master password.
fn leaks_checked(m: &Mixed, power: &str) {
    let mut others: Vec<String> = POWERS
        .iter()
        .filter(|p| **p != power)
        .flat_map(|p| [pw(p), mailgame::addr(p)])
        .collect();
    others.push(MASTER_PW.to_string());
    m.pages.assert_own_only(
        &m.w.dir.path().join("judge.db"),
        "vet",
        power,
        &mailgame::addr(power),
        &others,
    );
}

/// Takes the signed heads of the secret log out of what the master
/// received, and returns them.
fn signed_heads(mails: &mut std::collections::BTreeMap<String, Vec<Read>>) -> Vec<Read> {
    let marked = dipspy::text::render(
        dipspy::text::Lang::En,
        "mails-head-signed.subject",
        &dipspy::text::Args::new()
            .str("game", "vet")
            .str("phase", "\u{1}")
            .str("seq", "0"),
    );
    let mark = marked.split('\u{1}').next().unwrap_or_default().to_string();
    assert!(mark.contains("vet"), "{mark}");
    let master = mails
        .get_mut(mailgame::MASTER)
        .expect("the master got mail");
    let (heads, rest): (Vec<Read>, Vec<Read>) = master
        .drain(..)
        .partition(|(subject, _)| subject.starts_with(&mark));
    *master = rest;
    heads
}

/// Each received spy line's power and source, as the mixed game's secret
/// log records them (`france: from france@players.test (web), message
/// <…>, at …`).
fn web_sources(w: &World) -> Vec<String> {
    let st = Store::open_read_only(&w.dir.path().join("judge.db")).unwrap();
    let c = st.read();
    let id = c.game_by_name("vet").unwrap().unwrap().id;
    c.secret_rows(id)
        .unwrap()
        .into_iter()
        .filter(|e| e.kind == "received")
        .map(|e| {
            format!(
                "{}: {}",
                e.power.unwrap_or_default(),
                e.source.unwrap_or_default()
            )
        })
        .collect()
}

#[test]
fn a_game_with_two_powers_on_the_web_mails_what_the_all_mail_game_mails() {
    dipspy::text::install();
    let settings = "rules=espionnite reaction=24h";
    let mut a = World::started(settings);
    let w = World::started(settings);
    let pages = Pages::serve(&w);
    let mut m = Mixed {
        w,
        pages,
        forms: Default::default(),
    };
    let mut reached = Vec::new();
    for step in [
        SPRING,
        SPRING_REACTIONS,
        FALL,
        FALL_REACTIONS,
        RETREAT,
        WINTER,
    ] {
        reached.push(play(&mut a, &mut m, step));
    }
    assert_eq!(
        reached,
        [
            "S1901M+reaction",
            "F1901M",
            "F1901M+reaction",
            "F1901R",
            "W1901A",
            "S1902M"
        ],
        "the script went through a reaction phase, a retreat and a winter"
    );
    assert_eq!(
        m.forms.iter().map(String::as_str).collect::<Vec<_>>(),
        ["espionage", "orders", "press"],
        "every line went by the form for it"
    );
    let (mut all_mail, mut mixed) = (announced(&a), announced(&m.w));
    // The secret log names where each spy line came from (the web pages,
    // a mail's Message-ID): the heads of the two logs differ, and the
    // master's mail of them is set apart.
    let heads_a = signed_heads(&mut all_mail);
    let heads_m = signed_heads(&mut mixed);
    assert_eq!(heads_a.len(), heads_m.len(), "as many heads signed");
    assert!(heads_a.len() >= 4, "{heads_a:#?}");
    assert_ne!(heads_a, heads_m, "the logs differ in their sources");
    let sources = web_sources(&m.w);
    for p in WEB {
        assert!(
            sources.iter().any(
                |s| s.starts_with(&format!("{p}: from {}", mailgame::addr(p)))
                    && s.contains(" (web), message <")
            ),
            "{p}'s spy lines are logged as coming from the web pages: {sources:#?}"
        );
    }
    assert_eq!(
        all_mail.keys().collect::<Vec<_>>(),
        mixed.keys().collect::<Vec<_>>(),
        "the same addresses got mail"
    );
    for (to, mails) in &all_mail {
        let other = &mixed[to];
        assert_eq!(mails.len(), other.len(), "{to}: as many mails");
        for (x, y) in mails.iter().zip(other) {
            assert_eq!(x.0, y.0, "{to}: the same subjects");
            if x.1 != y.1 {
                let text = |r: &[Vec<u8>]| -> String {
                    r.iter()
                        .map(|p| String::from_utf8_lossy(p).into_owned())
                        .filter(|t| !t.starts_with("\u{89}PNG") && !t.contains('\u{fffd}'))
                        .collect::<Vec<_>>()
                        .join("\n--\n")
                };
                panic!(
                    "{to}: {:?} differs:\n--- all by mail:\n{}\n--- mixed:\n{}",
                    x.0,
                    text(&x.1),
                    text(&y.1)
                );
            }
        }
    }
    // The results reached every player, pictures and all.
    for p in POWERS {
        let got = &all_mail[&mailgame::addr(p)];
        let results = got.iter().filter(|(s, _)| s.contains("results")).count();
        assert!(results >= 4, "{p} got {results} results mails: {got:#?}");
    }
    // France's retreat and its builds, given at its page, stand.
    let st = Store::open_read_only(&m.w.dir.path().join("judge.db")).unwrap();
    let shown = game::show(&st, "vet").unwrap();
    let france = shown
        .units
        .get("france")
        .cloned()
        .unwrap_or_default()
        .join(", ");
    assert!(france.to_lowercase().contains("a pic"), "{france}");
    assert!(france.to_lowercase().contains("a mar"), "{france}");
}
