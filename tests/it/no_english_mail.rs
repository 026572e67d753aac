//! Issue 35's "Done means": a French game and a German game played by
//! mail, JOIN to a draw, in which no English word reaches a French or
//! German reader. The French game plays Espionnite (spies, counter-spies,
//! a reaction), the German game Spionage (an organisation from the start,
//! a Fake, an Anti); both have press, fake press, refusals, SUMMARY,
//! WHOGAME, LIST, HISTORY and HELP, and end in a draw voted by all.
//!
//! The judge runs as `dipspy serve --once` on Maildirs (`tests/it/support/mailgame.rs`).
//! Every mail each reader receives (the game master included) is read
//! whole (`mailcheck::reader_text`: the subject, every text and HTML part,
//! the `alt` and `title` texts, the pictures' text, nested messages, and
//! every attachment's name) and checked word by word against a list of
//! common English words ([`ENGLISH`], and the English names of the powers
//! that the reader's language names otherwise). What may stay English is
//! short and explicit ([`allowed`]): what is written to be typed (words
//! in capitals: command words and order notation, text between
//! backticks), province abbreviations, `dipspy`, addresses and the
//! games' names; and what the players wrote themselves (their lines
//! echoed, their press relayed, quoted lines).

use crate::support::mailcheck;
use crate::support::mailgame;

use mailgame::{MASTER, MASTER_PW, POWERS, World, addr, letter, pw, raw_mails};
use std::collections::BTreeSet;

/// Common English words that are neither French nor German words (or are
/// left out for the language that shares them, see [`also_native`]).
const ENGLISH: &[&str] = &[
    // Function words.
    "the",
    "and",
    "your",
    "you",
    "yours",
    "of",
    "to",
    "for",
    "with",
    "from",
    "by",
    "is",
    "are",
    "was",
    "were",
    "has",
    "have",
    "had",
    "been",
    "be",
    "not",
    "this",
    "that",
    "these",
    "those",
    "it",
    "its",
    "which",
    "who",
    "whom",
    "will",
    "would",
    "can",
    "cannot",
    "must",
    "should",
    "there",
    "their",
    "they",
    "them",
    "we",
    "our",
    "do",
    "does",
    "did",
    "any",
    "every",
    "each",
    "all",
    "now",
    "then",
    "than",
    "only",
    "into",
    "out",
    "here",
    "what",
    "why",
    "how",
    "until",
    "after",
    "before",
    "yet",
    "also",
    "could",
    "without",
    "against",
    "between",
    "about",
    "over",
    "under",
    "since",
    "while",
    "because",
    "unless",
    "nothing",
    "nobody",
    "none",
    "yes",
    "no",
    "at",
    "or",
    "but",
    "if",
    "when",
    "an",
    "in",
    "on",
    "as",
    "so",
    "a",
    "of",
    // The judge's own words.
    "game",
    "games",
    "power",
    "powers",
    "phase",
    "phases",
    "order",
    "orders",
    "board",
    "result",
    "results",
    "player",
    "players",
    "observer",
    "observers",
    "master",
    "judge",
    "spring",
    "fall",
    "autumn",
    "winter",
    "movement",
    "movements",
    "retreat",
    "retreats",
    "adjustment",
    "adjustments",
    "build",
    "builds",
    "removal",
    "removals",
    "supply",
    "centre",
    "centres",
    "center",
    "centers",
    "unit",
    "units",
    "army",
    "fleet",
    "hold",
    "holds",
    "move",
    "moves",
    "support",
    "supports",
    "convoy",
    "convoys",
    "dislodged",
    "bounced",
    "bounces",
    "fails",
    "succeeds",
    "cut",
    "spy",
    "spies",
    "counterspy",
    "reaction",
    "reactions",
    "report",
    "reports",
    "fake",
    "anti",
    "exposed",
    "organization",
    "draw",
    "drawn",
    "vote",
    "votes",
    "voted",
    "concede",
    "conceded",
    "civil",
    "disorder",
    "press",
    "broadcast",
    "anonymous",
    "deadline",
    "deadlines",
    "reminder",
    "late",
    "line",
    "lines",
    "stored",
    "rejected",
    "accepted",
    "received",
    "sent",
    "reply",
    "please",
    "password",
    "signed",
    "joined",
    "welcome",
    "started",
    "over",
    "ended",
    "finished",
    "waiting",
    "history",
    "summary",
    "settings",
    "rules",
    "map",
    "picture",
    "hours",
    "days",
    "minutes",
    "sea",
    "north",
    "south",
    "east",
    "west",
    "channel",
    "ocean",
    "gulf",
    "unknown",
    "error",
    "wrong",
    "help",
    "list",
    "new",
    "year",
    "season",
];

/// English names of the powers: each is English for a reader whose
/// language names that power otherwise (`France` is French, `England`
/// German).
const POWER_NAMES: &[&str] = &[
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];

/// Words of [`ENGLISH`] and [`POWER_NAMES`] that are also words of the
/// reader's language, never counted for that reader (French `a`, `on`,
/// `as`, `or`, `but`, `vote`, `centre`, `France`...; German `in`, `an`,
/// `was`, `will`, `so`, `also`, `Fall`, `Winter`, `England`...).
fn also_native(lang: &str, w: &str) -> bool {
    match lang {
        "fr" => matches!(
            w,
            "a" | "as"
                | "an"
                | "on"
                | "or"
                | "but"
                | "vote"
                | "votes"
                | "centre"
                | "centres"
                | "sent"
                | "convoy"
                | "france"
                | "fake"
                | "anti"
                | "ocean"
                | "phase"
                | "phases"
                | "report"
                | "support"
                | "date"
                | "line"
                | "minutes"
                | "cut"
                | "press"
                | "fleet"
                | "civil"
        ),
        "de" => matches!(
            w,
            "in" | "an"
                | "was"
                | "will"
                | "so"
                | "also"
                | "fall"
                | "winter"
                | "england"
                | "hat"
                | "fake"
                | "anti"
                | "phase"
                | "phasen"
                | "map"
                | "press"
                | "master"
                | "spy"
                | "judge"
        ),
        _ => false,
    }
}

/// What may stay English in every language: a token written in capitals
/// (command words and order notation: `SIGNON`, `REACTION NONE`, `A par -
/// bur`), a province abbreviation of the standard map (`den`, `war`),
/// `dipspy`, an address, the games' names.
fn allowed(token: &str, provinces: &BTreeSet<String>) -> bool {
    token.chars().all(|c| !c.is_lowercase())
        || provinces.contains(token)
        || ["dipspy", FR_GAME, DE_GAME].contains(&token)
}

const FR_GAME: &str = "partie";
const DE_GAME: &str = "spiel";

/// The English words in `text` for a reader of `lang`: each word of
/// [`ENGLISH`] or [`POWER_NAMES`], as written, that [`allowed`] does not
/// allow and the language does not share.
fn english_words(lang: &str, text: &str, provinces: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let typed = setting_keys(&tokens);
    for (i, token) in tokens.iter().enumerate() {
        if typed.contains(&i) {
            continue;
        }
        // Addresses, links, what is typed as a setting (`spy_at_start`,
        // `press=grey`) and numbers written with letters (a hash, a
        // phase's code `S1901M`).
        if token.contains(['@', '_', '='])
            || token.contains("://")
            || token.chars().any(|c| c.is_ascii_digit())
        {
            continue;
        }
        for w in token.split(|c: char| !c.is_alphabetic()) {
            if w.is_empty() || allowed(w, provinces) {
                continue;
            }
            let lower = w.to_lowercase();
            if also_native(lang, &lower) {
                continue;
            }
            if ENGLISH.contains(&lower.as_str()) || POWER_NAMES.contains(&lower.as_str()) {
                out.push(w.to_string());
            }
        }
    }
    out
}

/// The keys of CREATE's settings, typed as they are (`deadline=48h`).
const SETTING_KEYS: &[&str] = &[
    "variant",
    "rules",
    "deadline",
    "retreat",
    "adjust",
    "timezone",
    "at",
    "press",
    "reaction",
    "reminder",
    "draws",
    "concessions",
    "grace",
    "language",
    "anonymous",
];

/// The tokens of `tokens` that are in a run of two or more setting keys
/// (HELP's list of CREATE's keys, `variant rules deadline retreat`).
fn setting_keys(tokens: &[&str]) -> BTreeSet<usize> {
    let key = |t: &str| {
        let t = t.trim_end_matches([';', ',', '.']);
        t.contains('_') || SETTING_KEYS.contains(&t)
    };
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < tokens.len() {
        let mut j = i;
        while j < tokens.len() && key(tokens[j]) {
            j += 1;
        }
        if j - i >= 2 {
            out.extend(i..j);
        }
        i = j.max(i + 1);
    }
    out
}

/// Every English word a reader of `lang` finds in mail `raw`: one entry
/// per line that holds any, with the words and the line. Lines quoted
/// (`>`) and the lines of `written` (what players wrote) are left out;
/// what is between backticks is typed, and blanked.
fn leaks(lang: &str, raw: &[u8], written: &[String], provinces: &BTreeSet<String>) -> Vec<String> {
    // A line as written, and as the judge echoes it: its password hidden.
    let mut mine: Vec<String> = written
        .iter()
        .flat_map(|w| w.lines())
        .map(str::trim)
        .filter(|l| l.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .flat_map(|l| {
            let mut hidden = l.to_string();
            for p in passwords() {
                hidden = hidden.replace(&p, "****");
            }
            [l.to_string(), hidden]
        })
        .collect();
    mine.sort_by_key(|l| std::cmp::Reverse(l.len()));
    mine.dedup();
    let mut text = mailcheck::reader_text(raw);
    for name in attachment_names(raw) {
        text += &format!("{name}\n");
    }
    let blanked = mailcheck::without_typed(&text);
    let mut out = Vec::new();
    let mut signed_head = false;
    for (i, (line, checked)) in text.lines().zip(blanked.lines()).enumerate() {
        if line.trim_start().starts_with('>') {
            continue;
        }
        // The subject of a reply: the player's own subject after the
        // reader's `Re:` or `AW:`.
        if i == 0 && SUBJECT.iter().any(|s| line.ends_with(&format!(": {s}"))) {
            continue;
        }
        // The signed head of the secret log: a block a program checks
        // byte for byte, the same in every language, from its first line
        // to the first blank one.
        if line.starts_with(SIGNED_HEAD) {
            signed_head = true;
        }
        if signed_head {
            signed_head = !line.trim().is_empty();
            continue;
        }
        let mut rest = checked.to_string();
        for w in &mine {
            if rest.contains(w.as_str()) {
                rest = rest.replace(w.as_str(), " ");
            }
        }
        let words = english_words(lang, &rest, provinces);
        if !words.is_empty() {
            let entry = format!("{words:?} in {:?}", line.trim());
            if !out.contains(&entry) {
                out.push(entry);
            }
        }
    }
    out
}

/// Every password the players type, right or wrong.
fn passwords() -> Vec<String> {
    let mut out: Vec<String> = POWERS.iter().map(|p| pw(p)).collect();
    out.extend([MASTER_PW.to_string(), WRONG_PW.to_string()]);
    out
}

/// The wrong password Italy signs on with.
const WRONG_PW: &str = "pas-le-bon";

/// The file names of a mail's attachments, which its reader sees.
fn attachment_names(raw: &[u8]) -> Vec<String> {
    use mail_parser::{MessageParser, MimeHeaders};
    let m = MessageParser::default().parse(raw).expect("a mail");
    m.parts
        .iter()
        .filter_map(|p| p.attachment_name().map(str::to_string))
        .collect()
}

/// The subject of every mail the players send (`mailgame::World::send`).
const SUBJECT: &[&str] = &["orders"];

/// The first line of the signed head of a secret log (`secretlog::heads`).
const SIGNED_HEAD: &str = "dipspy signed head, version ";

fn provinces() -> BTreeSet<String> {
    dipspy::engine::Map::standard()
        .provinces()
        .iter()
        .map(|p| p.abbr.to_lowercase())
        .collect()
}

/// The power that chooses its language by mail in the game of `lang`.
fn chooser(lang: &str) -> &'static str {
    if lang == "fr" { "france" } else { "germany" }
}

/// One game by mail, what its players wrote, and its language.
struct Game {
    w: World,
    name: &'static str,
    lang: &'static str,
    written: Vec<String>,
}

impl Game {
    fn new(name: &'static str, lang: &'static str) -> Game {
        Game {
            w: World::new(),
            name,
            lang,
            written: Vec::new(),
        }
    }

    fn send(&mut self, from: &str, body: &str) -> String {
        self.written.push(body.to_string());
        self.w.send(from, body)
    }

    fn play(&mut self, power: &str, lines: &str) -> String {
        let body = format!(
            "SIGNON {} {} {}\n{lines}",
            letter(power),
            self.name,
            pw(power)
        );
        self.send(&addr(power), &body)
    }

    fn master(&mut self, lines: &str) -> String {
        self.send(MASTER, &format!("MASTER {MASTER_PW}\n{lines}"))
    }

    fn pass(&mut self) {
        self.w.pass();
    }

    /// The reply to `mid` that `who` received, as read.
    fn reply(&self, who: &str, mid: &str) -> String {
        self.w.reply(who, mid)
    }

    /// Created with `settings`, seven players joined by mail (none chose
    /// a language: the game's is theirs), started.
    fn started(name: &'static str, lang: &'static str, settings: &str) -> Game {
        let mut g = Game::new(name, lang);
        // Anonymous: nobody sees another player's address, which every
        // mail is checked for (`mailgame`).
        g.w.open = false;
        let create = g.master(&format!(
            "CREATE {name} deadline=48h language={lang} fake_press=yes anonymous=yes {settings}"
        ));
        // One player chooses the game's language for every game it plays
        // (`SET LANGUAGE`); the others read the game's.
        for p in POWERS {
            let join = format!("JOIN {p} {name} {}", pw(p));
            if p == chooser(lang) {
                g.send(&addr(p), &format!("SET LANGUAGE {lang}\n{join}"));
            } else {
                g.send(&addr(p), &join);
            }
        }
        g.master(&format!("START {name}"));
        g.pass();
        let made = g.reply(MASTER, &create);
        assert!(made.contains(name), "{made}");
        g
    }

    /// Every English word any reader of the game received: the seven
    /// players and the master, every mail.
    fn all_leaks(&self) -> (usize, Vec<String>) {
        let provinces = provinces();
        let mut who: Vec<String> = POWERS.iter().map(|p| addr(p)).collect();
        who.push(MASTER.to_string());
        let mut n = 0;
        let mut out = Vec::new();
        for a in who {
            for raw in raw_mails(&self.w.outgoing().join(&a)) {
                n += 1;
                let subject = mailcheck::reader_text(&raw)
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                for l in leaks(self.lang, &raw, &self.written, &provinces) {
                    let entry = format!("{a} ({}), {subject:?}: {l}", self.lang);
                    if !out.contains(&entry) {
                        out.push(entry);
                    }
                }
            }
        }
        (n, out)
    }

    /// Everybody votes a draw; the game is over.
    fn draw(&mut self) {
        for p in POWERS {
            self.play(p, "SET DRAW");
        }
        self.pass();
        let st = crate::support::words::open_store(&self.w.dir.path().join("judge.db")).unwrap();
        let game = st.read().game_by_name(self.name).unwrap().unwrap();
        assert_eq!(
            game.status,
            dipspy::store::GameStatus::Finished,
            "the draw ended the game"
        );
        // Once the game is over its players' addresses are shown.
        self.w.addresses.clear();
    }

    /// What every reader asks of the judge: LIST, HELP, SUMMARY, WHOGAME,
    /// HISTORY, each in a mail of its own: bare from the player who chose
    /// the language, after a sign-on (which names the game, and so its
    /// language) from the others.
    fn questions(&mut self, power: &str) {
        let name = self.name;
        let head = if power == chooser(self.lang) {
            String::new()
        } else {
            format!("SIGNON {} {name} {}\n", letter(power), pw(power))
        };
        for q in [
            "HELP".to_string(),
            format!("LIST {name}"),
            "LIST".to_string(),
            format!("SUMMARY {name}"),
            format!("WHOGAME {name}"),
            format!("HISTORY {name}"),
        ] {
            self.send(&addr(power), &format!("{head}{q}"));
        }
    }
}

#[track_caller]
fn assert_no_english(g: &Game) {
    let (n, leaks) = g.all_leaks();
    assert!(n >= 40, "only {n} mails read");
    assert!(
        leaks.is_empty(),
        "{} lines with English words reached readers of {} (of {n} mails):\n{}",
        leaks.len(),
        g.lang,
        leaks.join("\n")
    );
}

/// Espionnite in French: spies and counter-spies, a spy report, a
/// reaction, press and fake press, refusals, the questions, a draw.
#[test]
fn a_french_espionnite_game_by_mail_reaches_its_readers_with_no_english_word() {
    let mut g = Game::started(FR_GAME, "fr", "rules=espionnite reaction=24h");
    // A sign-on with a wrong password, an order that is not legal, a line
    // the judge does not read: refusals.
    g.send(
        &addr("italy"),
        &format!("SIGNON I {FR_GAME} {WRONG_PW}\nA ven H"),
    );
    g.questions("england");
    for p in POWERS {
        let lines = match p {
            "france" => {
                "A par - bur\nA mar - spa\nF bre - mao\nESPION A mun\nCONTRE-ESPION A par\n\
                 A par - mun\nblabla bla\n\
                 PRESS TO G\nLa Bourgogne reste a nous deux.\nENDPRESS\n\
                 PRESS TO E FAKE BROADCAST\nLa Manche est calme.\nENDPRESS"
            }
            "germany" => "A ber - kie\nA mun - ruh\nF kie - den\nESPION F bre\nCONTRE-ESPION A mun",
            "austria" => "A vie - gal\nA bud - ser\nF tri - alb\nESPION A ven",
            "england" => "F lon - nth\nF edi - nwg\nA lvp - yor\nESPION A par",
            "italy" => "A ven H\nA rom - apu\nF nap - ion\nCONTRE-ESPION A ven",
            "russia" => "A mos - ukr\nA war H\nF sev - rum\nF stp/sc - bot",
            _ => "F ank - bla\nA con - bul\nA smy - arm\nESPION A war",
        };
        g.play(p, lines);
    }
    g.pass();
    // The reaction phase: France changes one order, the others are done.
    for p in POWERS {
        let line = if p == "france" {
            "RÉACTION A par - pic"
        } else {
            "RÉACTION AUCUNE"
        };
        g.play(p, line);
    }
    g.pass();
    g.questions("germany");
    g.pass();
    g.draw();
    g.questions("france");
    g.pass();
    assert_no_english(&g);
    // Powers named in the form each sentence needs.
    let italy = g.w.mails(&addr("italy")).join("\n");
    mailgame::assert_has(&italy, "mauvais mot de passe pour l'Italie");
    mailgame::assert_has(&italy, "en tant qu'Italie");
    let france = g.w.mails(&addr("france")).join("\n");
    mailgame::assert_has(&france, "Vos ordres pour la France dans la partie");
}

/// Spionage in German: organisations from the start, a Fake refused in
/// the first movement phase, a Fake and an Anti in the fall, press and
/// fake press, refusals, the questions, a draw.
#[test]
fn a_german_spionage_game_by_mail_reaches_its_readers_with_no_english_word() {
    let mut g = Game::started(DE_GAME, "de", "rules=spionage spy_at_start=yes");
    g.send(
        &addr("italy"),
        &format!("SIGNON I {DE_GAME} {WRONG_PW}\nA ven H"),
    );
    g.questions("england");
    for p in POWERS {
        let lines = match p {
            "germany" => {
                "A ber - kie\nA mun - ruh\nF kie - den\nSPION FAKE A par - pic\nA mun - par\n\
                 PRESS TO F\nBurgund bleibt frei.\nENDPRESS\n\
                 PRESS TO R FAKE BROADCAST\nDie Ostsee ist ruhig.\nENDPRESS"
            }
            "france" => "A par - bur\nA mar - spa\nF bre - mao",
            "austria" => "A vie - gal\nA bud - ser\nF tri - alb",
            "england" => "F lon - nth\nF edi - nwg\nA lvp - yor",
            "italy" => "A ven H\nA rom - apu\nF nap - ion",
            "russia" => "A mos - ukr\nA war H\nF sev - rum\nF stp/sc - bot",
            _ => "F ank - bla\nA con - bul\nA smy - arm",
        };
        g.play(p, lines);
    }
    g.pass();
    // Fall 1901: Germany fakes a French move, France shields itself from
    // Austria, Italy and Austria both fake a Russian unit (a collision).
    for p in POWERS {
        let lines = match p {
            "germany" => "A kie - hol\nA ruh - bel\nF den H\nSPION FAKE A bur - mar",
            "france" => "A bur H\nA spa - por\nF mao - bre\nSPION ANTI österreich",
            "austria" => "A gal H\nA ser H\nF alb - gre\nSPION FAKE A war - sil",
            "italy" => "A ven H\nA apu - tun\nF ion - tun\nSPION FAKE A war - pru",
            "england" => "F nth - nwy\nF nwg H\nA yor H",
            "russia" => "A ukr H\nA war H\nF rum H\nF bot - swe",
            _ => "F bla H\nA bul H\nA arm H",
        };
        g.play(p, lines);
    }
    g.pass();
    g.questions("germany");
    g.pass();
    g.draw();
    g.questions("france");
    g.pass();
    assert_no_english(&g);
    let italy = g.w.mails(&addr("italy")).join("\n");
    mailgame::assert_has(&italy, "falsches Passwort für Italien");
    mailgame::assert_has(&italy, "als Italien");
}
