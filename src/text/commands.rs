//! What the command reader says about a line, in words: what it expected
//! and found where it stopped ([`crate::command::CommandError`]), its
//! remarks on a line it read ([`Note`]), and the quoted text and
//! signatures it left out ([`skipped`]). Keys `commands-*`, in
//! `src/text/*/commands.ftl`. Nothing here runs while a mail is read:
//! only when its reply is written.

use super::{Args, Lang, Render, plain, render};
use crate::command::quote::{Skip, Skipped, skipped_parts};
use crate::command::{CommandError, Expectation, Found, Note, Want};
use std::fmt;
use std::sync::OnceLock;

/// One thing that could have come where reading stopped.
pub(crate) fn want(lang: Lang, w: Want) -> String {
    let key = match w {
        Want::GameName => "commands-want-game-name",
        Want::Power => "commands-want-power",
        Want::Password => "commands-want-password",
        Want::Phase => "commands-want-phase",
        Want::EndOfLine => "commands-want-end-of-line",
        Want::Setting => "commands-want-setting",
        Want::SettingEquals => "commands-want-setting-equals",
        Want::SettingValue => "commands-want-setting-value",
        Want::SignonWord => "commands-want-signon",
        Want::Time => "commands-want-time",
        Want::Date => "commands-want-date",
        Want::AbsenceTo => "commands-want-absence-to",
        Want::Address => "commands-want-address",
        Want::ConfirmCode => "commands-want-confirm-code",
        Want::Language => "commands-want-language",
        Want::FakeTo => "commands-want-fake-to",
        Want::AnotherPower => "commands-want-another-power",
        Want::Anon => "commands-want-anon",
        Want::Fake => "commands-want-fake",
        Want::ShorterTest => "commands-want-shorter-test",
        Want::UnitTest => "commands-want-unit-test",
        Want::FewerParentheses => "commands-want-fewer-parentheses",
        Want::CloseParen => "commands-want-close-paren",
        Want::ConditionGoesOn => "commands-want-condition-goes-on",
        Want::ConditionEnd => "commands-want-condition-end",
        Want::ElseIf => "commands-want-else-if",
        Want::BlockPhase => "commands-want-block-phase",
        Want::PressBeforeEndpress => "commands-want-press-before-endpress",
        // The numbers are shown as written, without grouping.
        Want::ShortLine { max } => {
            return render(
                lang,
                "commands-want-short-line",
                &Args::new().str("max", max.to_string()),
            );
        }
        Want::ShortPress { max } => {
            return render(
                lang,
                "commands-want-short-press",
                &Args::new().str("max", max.to_string()),
            );
        }
    };
    plain(lang, key)
}

/// What could have come: "`,` and another power, ANON or end of line".
pub(crate) fn expectation(lang: Lang, e: &Expectation) -> String {
    let items: Vec<String> = e.0.iter().map(|w| want(lang, *w)).collect();
    match items.split_last() {
        None => plain(lang, "commands-want-something-else"),
        Some((last, [])) => last.clone(),
        Some((last, init)) => render(
            lang,
            "commands-list",
            &Args::new()
                .str("init", init.join(", "))
                .str("last", last.as_str()),
        ),
    }
}

/// What was found where reading stopped.
pub(crate) fn found(lang: Lang, f: &Found) -> String {
    let key = match f {
        Found::Word(w) => return w.clone(),
        Found::EndOfLine => "commands-found-end-of-line",
        Found::LongerLine => "commands-found-longer-line",
        Found::LongerText => "commands-found-longer-text",
        Found::EndPress => "commands-found-endpress",
    };
    plain(lang, key)
}

/// "line 2, column 7: expected a power …, found end of line".
pub(crate) fn error(lang: Lang, e: &CommandError) -> String {
    let args = Args::new()
        .str("line", e.line.to_string())
        .str("column", e.column.to_string())
        .str("expected", expectation(lang, &e.expected))
        .str("found", found(lang, &e.found));
    render(lang, "commands-error", &args)
}

/// "expected …, found …" (a stored condition that does not read).
pub(crate) fn expected_found(lang: Lang, expected: &Expectation, f: &Found) -> String {
    let args = Args::new()
        .str("expected", expectation(lang, expected))
        .str("found", found(lang, f));
    render(lang, "commands-expected-found", &args)
}

/// The verdict on a line that could not be read: where, what was
/// expected and (unless `show_found` is false: the line may hold a
/// password) what was found. A PRESS or BROADCAST line (`press`) says
/// that the press was not sent and its text not read as orders.
pub(crate) fn unreadable(lang: Lang, e: &CommandError, show_found: bool, press: bool) -> String {
    let mut args = Args::new()
        .str("column", e.column.to_string())
        .str("expected", expectation(lang, &e.expected));
    let key = if show_found {
        args = args.str("found", found(lang, &e.found));
        "commands-unreadable"
    } else {
        "commands-unreadable-unshown"
    };
    let why = render(lang, key, &args);
    if press {
        render(
            lang,
            "commands-press-unreadable",
            &Args::new().str("why", why),
        )
    } else {
        why
    }
}

/// A remark on how a line was read.
pub(crate) fn note(lang: Lang, n: Note) -> String {
    match n {
        Note::NoEndPress => plain(lang, "commands-note-no-endpress"),
    }
}

/// The remark as the reply shows it under the line's verdict: "NOTE: …".
pub(crate) fn note_line(lang: Lang, n: Note) -> String {
    render(
        lang,
        "commands-note-line",
        &Args::new().str("note", note(lang, n)),
    )
}

/// A quote's name in `lang`: an HTML client's quote by its rule's `id`
/// (`commands-html-quote`); a header as it is written in the mail.
fn quote_name(lang: Lang, name: &str) -> String {
    match crate::command::quote::html_rules()
        .iter()
        .find(|r| r.name == name)
    {
        Some(r) => render(
            lang,
            "commands-html-quote",
            &Args::new().str("id", r.id.as_str()).str("name", name),
        ),
        None => name.to_string(),
    }
}

/// The sentence about the lines not read ("2 quoted lines (marked with
/// `>`) were not read."), from the parts of
/// [`crate::command::quote::skipped_parts`]; None when there are none.
pub(crate) fn skipped(lang: Lang, parts: &[(Skip, usize)]) -> Option<String> {
    let texts: Vec<String> = parts
        .iter()
        .map(|(what, n)| {
            let args = Args::new().num("count", *n as f64);
            match what {
                Skip::Quote(name) => render(
                    lang,
                    "commands-skipped-quote",
                    &args.str("name", name.as_str()),
                ),
                Skip::Html(name) => render(
                    lang,
                    "commands-skipped-quote",
                    &args.str("name", quote_name(lang, name)),
                ),
                Skip::Unplaced(name) => render(
                    lang,
                    "commands-skipped-unplaced",
                    &args.str("name", name.as_str()),
                ),
                Skip::Marked => render(lang, "commands-skipped-marked", &args),
                Skip::Signature(name) => {
                    render(lang, "commands-skipped-signature", &args.str("name", *name))
                }
                Skip::BelowSignature => render(lang, "commands-skipped-below-signature", &args),
            }
        })
        .collect();
    let list = match texts.split_last() {
        None => return None,
        Some((last, [])) => last.clone(),
        Some((last, init)) => render(
            lang,
            "commands-skipped-list",
            &Args::new()
                .str("init", init.join(", "))
                .str("last", last.as_str()),
        ),
    };
    // One line in all is singular; anything more, plural.
    let count: usize = if parts.len() == 1 { parts[0].1 } else { 2 };
    Some(render(
        lang,
        "commands-skipped",
        &Args::new().str("list", list).num("count", count as f64),
    ))
}

// The command reader's data, in words: the types are `crate::command`'s
// (which names no words); their words are given here, through traits
// (`Render`, `Display`), never as methods of their own that the command
// reader could call.

impl Render for Expectation {
    fn render(&self, lang: Lang) -> String {
        expectation(lang, self)
    }
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

impl PartialEq<&str> for Expectation {
    fn eq(&self, other: &&str) -> bool {
        self.render(Lang::En) == *other
    }
}

impl Render for Found {
    fn render(&self, lang: Lang) -> String {
        found(lang, self)
    }
}

/// What was found, in English (for logs and the tests' messages),
/// rendered once per kind.
fn found_english(f: &Found) -> &str {
    static END: OnceLock<String> = OnceLock::new();
    static LINE: OnceLock<String> = OnceLock::new();
    static TEXT: OnceLock<String> = OnceLock::new();
    static ENDPRESS: OnceLock<String> = OnceLock::new();
    let cell = match f {
        Found::Word(w) => return w,
        Found::EndOfLine => &END,
        Found::LongerLine => &LINE,
        Found::LongerText => &TEXT,
        Found::EndPress => &ENDPRESS,
    };
    cell.get_or_init(|| f.render(Lang::En))
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(found_english(self))
    }
}

impl PartialEq<&str> for Found {
    fn eq(&self, other: &&str) -> bool {
        found_english(self) == *other
    }
}

/// "line 2, column 7: expected …, found …".
impl Render for CommandError {
    fn render(&self, lang: Lang) -> String {
        error(lang, self)
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

impl std::error::Error for CommandError {}

impl Render for Note {
    fn render(&self, lang: Lang) -> String {
        note(lang, *self)
    }
}

/// The English text, so that `item.note.as_deref()` reads as it did
/// when notes were English strings.
impl std::ops::Deref for Note {
    type Target = str;
    fn deref(&self) -> &str {
        static NO_ENDPRESS: OnceLock<String> = OnceLock::new();
        let cell = match self {
            Note::NoEndPress => &NO_ENDPRESS,
        };
        cell.get_or_init(|| self.render(Lang::En))
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

/// The sentence the reply gives about the lines a mail's quote and
/// signature left unread, in `lang`, or None when every line was read:
/// "12 quoted lines (from `-----Original Message-----`) were not read."
pub(crate) fn skipped_note(lang: Lang, parts: &[Skipped]) -> Option<String> {
    skipped(lang, &skipped_parts(parts))
}

/// The help text players get for HELP, in `lang`: the catalogue's
/// `help-text` and then `help-espionage` (`src/text/*.ftl`). The command
/// words stay English in every language, since they are what the judge
/// reads; the espionage orders are given in the reader's own order words.
pub fn help(lang: Lang) -> String {
    let mut t = plain(lang, "help-text");
    if !t.ends_with('\n') {
        t.push('\n');
    }
    t.push('\n');
    t.push_str(&plain(lang, "help-espionage"));
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Item, parse_message};

    fn first_error(body: &str) -> CommandError {
        parse_message(body)
            .items
            .into_iter()
            .find_map(|i: Item| i.command.err())
            .unwrap()
    }

    fn verdict(lang: Lang, body: &str) -> String {
        unreadable(lang, &first_error(body), true, false)
    }

    #[test]
    fn every_want_renders_in_every_language_without_falling_back_to_its_key() {
        let all = [
            Want::GameName,
            Want::Power,
            Want::Password,
            Want::Phase,
            Want::EndOfLine,
            Want::Setting,
            Want::SettingEquals,
            Want::SettingValue,
            Want::SignonWord,
            Want::Time,
            Want::Date,
            Want::AbsenceTo,
            Want::Address,
            Want::ConfirmCode,
            Want::Language,
            Want::FakeTo,
            Want::AnotherPower,
            Want::Anon,
            Want::Fake,
            Want::ShorterTest,
            Want::UnitTest,
            Want::FewerParentheses,
            Want::CloseParen,
            Want::ConditionGoesOn,
            Want::ConditionEnd,
            Want::ElseIf,
            Want::BlockPhase,
            Want::ShortLine { max: 400 },
            Want::ShortPress { max: 20_000 },
            Want::PressBeforeEndpress,
        ];
        for &lang in Lang::ALL {
            for w in all {
                let t = want(lang, w);
                assert!(
                    !t.starts_with("commands-") && !t.is_empty(),
                    "{lang:?} {w:?}"
                );
            }
        }
        // French and German differ from English wherever there are words
        // (ANON and the like are command words, the same everywhere).
        for w in [Want::GameName, Want::Power, Want::Setting, Want::UnitTest] {
            let en = want(Lang::En, w);
            assert_ne!(want(Lang::Fr, w), en, "{w:?}");
            assert_ne!(want(Lang::De, w), en, "{w:?}");
        }
    }

    #[test]
    fn argument_errors_in_french_and_german() {
        // A missing power: the end of the line was found.
        assert_eq!(
            verdict(Lang::Fr, "SIGNON"),
            "pas compris\u{a0}: à la colonne 7, attendu une puissance et une partie \
             (`SIGNON F mapartie <mot de passe>` ou `SIGN ON Fmapartie <mot de passe>`), \
             trouvé la fin de la ligne"
        );
        assert_eq!(
            verdict(Lang::De, "SIGNON"),
            "nicht verstanden: in Spalte 7 erwartet eine Macht und eine Partie \
             (`SIGNON F meinepartie <Passwort>` oder `SIGN ON Fmeinepartie <Passwort>`), \
             gefunden das Zeilenende"
        );
        // A bad game name: the word is quoted as written.
        let fr = verdict(Lang::Fr, "OBSERVE my$game");
        assert!(fr.contains("attendu un nom de partie"), "{fr}");
        assert!(fr.contains("trouvé `my$game`"), "{fr}");
        let de = verdict(Lang::De, "OBSERVE my$game");
        assert!(de.contains("erwartet einen Partienamen"), "{de}");
        assert!(de.contains("gefunden `my$game`"), "{de}");
        // Something after a command that takes nothing more.
        assert!(verdict(Lang::Fr, "HELP me").contains("attendu la fin de la ligne, trouvé `me`"));
        assert!(verdict(Lang::De, "HELP me").contains("erwartet das Zeilenende, gefunden `me`"));
        // A CREATE setting, a deadline, an address, a language.
        assert!(verdict(Lang::Fr, "CREATE g colour=red").contains("un réglage comme deadline=48h"));
        assert!(
            verdict(Lang::De, "CREATE g colour=red").contains("eine Einstellung wie deadline=48h")
        );
        assert!(verdict(Lang::Fr, "SET DEADLINE g").contains("une heure"));
        assert!(verdict(Lang::De, "SET DEADLINE g").contains("eine Zeit"));
        assert!(verdict(Lang::Fr, "SET ADDRESS anne").contains("une adresse électronique"));
        assert!(verdict(Lang::De, "SET ADDRESS anne").contains("eine Mailadresse"));
        assert!(verdict(Lang::Fr, "SET LANGUAGE f-r").contains("une langue\u{a0}: en, fr ou de"));
        assert!(verdict(Lang::De, "SET LANGUAGE f-r").contains("eine Sprache: en, fr oder de"));
    }

    #[test]
    fn press_and_line_errors_in_french_and_german() {
        // Several things could come: listed with the language's "or".
        let e = first_error("PRESS TO E please\nhi\nENDPRESS");
        let fr = unreadable(Lang::Fr, &e, true, true);
        assert!(
            fr.starts_with("presse NON envoyée\u{a0}: pas compris\u{a0}: à la colonne 12, attendu `,` et une autre puissance, ANON, FAKE BROADCAST ou FAKE TO et des puissances ou la fin de la ligne"),
            "{fr}"
        );
        assert!(fr.ends_with("n'a pas été lu comme des ordres"), "{fr}");
        let de = unreadable(Lang::De, &e, true, true);
        assert!(
            de.starts_with("Presse NICHT gesendet: nicht verstanden: in Spalte 12 erwartet `,` und eine weitere Macht, ANON, FAKE BROADCAST oder FAKE TO und Mächte oder das Zeilenende"),
            "{de}"
        );
        assert!(de.contains("nicht als Befehle gelesen"), "{de}");
        // ENDPRESS with no press open.
        let e = first_error("HELP\nENDPRESS");
        assert!(
            unreadable(Lang::Fr, &e, true, false)
                .contains("une ligne PRESS ou BROADCAST avant ENDPRESS")
        );
        assert!(
            unreadable(Lang::De, &e, true, false)
                .contains("eine PRESS- oder BROADCAST-Zeile vor ENDPRESS")
        );
        // A line too long.
        let e = first_error(&format!("A {}", "x".repeat(1000)));
        let fr = unreadable(Lang::Fr, &e, true, false);
        assert!(
            fr.contains("une ligne d'au plus 400 caractères, trouvé une ligne plus longue"),
            "{fr}"
        );
        let de = unreadable(Lang::De, &e, true, false);
        assert!(
            de.contains("eine Zeile von höchstens 400 Zeichen, gefunden eine längere Zeile"),
            "{de}"
        );
        // A password line: nothing found is shown.
        let e = first_error("SIGNON F g pw extra");
        assert_eq!(
            unreadable(Lang::De, &e, false, false),
            "nicht verstanden: in Spalte 15 erwartet das Zeilenende"
        );
    }

    #[test]
    fn block_errors_in_french_and_german() {
        let fr = verdict(Lang::Fr, "IF A bur AND");
        assert!(fr.contains("un test d'unité comme `A bur`"), "{fr}");
        let de = verdict(Lang::De, "IF A bur AND");
        assert!(de.contains("eine Einheitenbedingung wie `A bur`"), "{de}");
        let fr = verdict(Lang::Fr, "PHASE Someday");
        assert!(fr.contains("une phase comme `Fall 1902 Retreats`"), "{fr}");
        let de = verdict(Lang::De, "PHASE Someday");
        assert!(de.contains("eine Phase wie `Fall 1902 Retreats`"), "{de}");
        assert!(verdict(Lang::Fr, "IF (A bur").contains("`)` pour fermer la `(`"));
        assert!(verdict(Lang::De, "IF (A bur").contains("`)`, um die `(` zu schließen"));
        assert!(
            verdict(Lang::Fr, "ELSE A bur").contains("IF et une condition, ou la fin de la ligne")
        );
        assert!(
            verdict(Lang::De, "ELSE A bur").contains("IF und eine Bedingung oder das Zeilenende")
        );
        // The English a stored condition's error gives is unchanged.
        let (e, f) = crate::command::Condition::read("(A bur OR F eng").unwrap_err();
        assert_eq!(
            expected_found(Lang::En, &e, &f),
            "expected `)` to close the `(`, found end of line"
        );
    }

    #[test]
    fn the_no_endpress_note_in_french_and_german() {
        let m = parse_message("PRESS TO E\nA par - bur");
        let n = m.items[0].note.unwrap();
        assert_eq!(
            note_line(Lang::En, n),
            "NOTE: there was no ENDPRESS line: everything below this line was taken as the press"
        );
        assert_eq!(
            note_line(Lang::Fr, n),
            "NOTE\u{a0}: il n'y avait pas de ligne ENDPRESS\u{a0}: tout ce qui suit cette ligne a été pris pour de la presse"
        );
        assert_eq!(
            note_line(Lang::De, n),
            "HINWEIS: Es gab keine Zeile ENDPRESS: Alles unter dieser Zeile wurde als Presse genommen"
        );
    }

    #[test]
    fn skipped_lines_in_french_and_german_with_their_plurals() {
        let parts = |body: &str| {
            crate::command::quote::skipped_parts(&crate::command::quote::split(body).1)
        };
        let marked = parts("A par - bur\n> A par - pic\n> \n> F bre - mao\nA mar H");
        assert_eq!(
            skipped(Lang::Fr, &marked).unwrap(),
            "2 lignes citées (marquées par `>`) n'ont pas été lues."
        );
        assert_eq!(
            skipped(Lang::De, &marked).unwrap(),
            "2 zitierte Zeilen (mit `>` markiert) wurden nicht gelesen."
        );
        let one = parts("A par H\n> A par - pic");
        assert_eq!(
            skipped(Lang::Fr, &one).unwrap(),
            "1 ligne citée (marquée par `>`) n'a pas été lue."
        );
        assert_eq!(
            skipped(Lang::De, &one).unwrap(),
            "1 zitierte Zeile (mit `>` markiert) wurde nicht gelesen."
        );
        let both = parts(
            "A par - bur\n\nSent from my iPhone\n\nOn 1 Mar 2025, at 12:00, Judge <judge@x.org> wrote:\n> A par - pic\n",
        );
        assert_eq!(
            skipped(Lang::Fr, &both).unwrap(),
            "1 ligne de signature (`Sent from my …`) et 2 lignes citées (de `On … wrote:`) n'ont pas été lues."
        );
        assert_eq!(
            skipped(Lang::De, &both).unwrap(),
            "1 Signaturzeile (`Sent from my …`) und 2 zitierte Zeilen (aus `On … wrote:`) wurden nicht gelesen."
        );
        let dash = parts("A par H\n-- \nAlice\nParis");
        assert_eq!(
            skipped(Lang::Fr, &dash).unwrap(),
            "2 lignes sous la marque de signature `-- ` n'ont pas été lues."
        );
        assert_eq!(
            skipped(Lang::De, &dash).unwrap(),
            "2 Zeilen unter der Signaturmarke `-- ` wurden nicht gelesen."
        );
        assert_eq!(skipped(Lang::Fr, &parts("A par H")), None);
    }

    #[test]
    fn html_quotes_are_named_in_french_and_german() {
        let rules = crate::command::quote::html_rules();
        for r in rules {
            let en = quote_name(Lang::En, &r.name);
            assert_eq!(en, r.name, "English is the rule's name");
            for lang in [Lang::Fr, Lang::De] {
                let t = quote_name(lang, &r.name);
                assert!(t != r.name && !t.is_empty(), "{lang:?} {}: {t}", r.id);
            }
        }
        let gmail = rules.iter().find(|r| r.id == "gmail").unwrap();
        let parts = [(Skip::Html(gmail.name.as_str()), 4)];
        assert_eq!(
            skipped(Lang::Fr, &parts).unwrap(),
            "4 lignes citées (de `citation de Gmail (gmail_quote)`) n'ont pas été lues."
        );
        assert_eq!(
            skipped(Lang::De, &parts).unwrap(),
            "4 zitierte Zeilen (aus `Gmail-Zitat (gmail_quote)`) wurden nicht gelesen."
        );
    }

    #[test]
    fn the_english_help_is_the_text_it_always_was() {
        let en = help(Lang::En);
        assert!(en.starts_with("dipspy: how to play by email\n============================\n\nWrite one command per line"));
        // The commands' part, then the espionage orders (issue 35 item 4).
        let (commands, espionage) = en.split_once("\n\nEspionage orders").unwrap();
        assert_eq!(commands.lines().count(), 162);
        assert!(espionage.contains("\n  REACTION NONE "), "{espionage}");
        assert!(en.contains("\n  HELP                              this text\n"));
        // Indentation inside the catalogue entry is kept past its margin.
        assert!(
            en.contains(
                "\n                                    nest and may stand inside a PHASE\n"
            )
        );
        assert!(commands.ends_with("  BECOME <game> <power>             act for the power in the rest of the\n                                    mail; its player gets a copy"));
    }

    #[test]
    fn every_help_names_every_command_the_english_help_names() {
        let en = help(Lang::En);
        for &lang in &[Lang::Fr, Lang::De] {
            let text = help(lang);
            assert!(text.lines().count() > 100, "{}", lang.tag());
            for word in crate::command::keyword_spellings() {
                if en.contains(word) {
                    assert!(text.contains(word), "{} help lacks {word}", lang.tag());
                }
            }
            assert!(text.contains("SET LANGUAGE"), "{}", lang.tag());
        }
    }
}

/// The sentence about the lines not read, checked on the quotes the
/// command reader leaves out (`crate::command::quote`): the rules find
/// them, this module words them.
#[cfg(test)]
mod skipped_notes {
    use super::skipped_note;
    use crate::command::quote::{HTML_MARK, html_rules, split};
    use crate::text::Lang;

    fn kept(body: &str) -> Vec<&str> {
        split(body).0.into_iter().map(|l| l.text).collect()
    }

    fn note(body: &str) -> String {
        skipped_note(Lang::En, &split(body).1).unwrap_or_default()
    }

    #[test]
    fn marked_lines_are_skipped_and_counted() {
        let b = "A par - bur\n> A par - pic\n> \n> F bre - mao\nA mar H";
        assert_eq!(kept(b), ["A par - bur", "A mar H"]);
        assert_eq!(note(b), "2 quoted lines (marked with `>`) were not read.");
    }

    #[test]
    fn outlook_original_message_runs_to_the_end() {
        let b = "A par - bur\r\n\r\n-----Original Message-----\r\nFrom: Judge\r\nSent: Saturday\r\nTo: France\r\nSubject: Re: orders\r\n\r\nLine 2: A par - pic\r\n  A par - pic\r\n";
        assert_eq!(kept(b), ["A par - bur", ""]);
        assert_eq!(
            note(b),
            "7 quoted lines (from `Original Message`) were not read."
        );
    }

    #[test]
    fn header_blocks_in_three_languages_and_the_rule_above_them() {
        for (from, sent, to, subject, name) in [
            (
                "From: Judge",
                "Sent: Sat",
                "To: x",
                "Subject: x",
                "From: … Sent: … To: … Subject:",
            ),
            (
                "De : Judge",
                "Envoyé : samedi",
                "À : x",
                "Objet : x",
                "De : … Envoyé : … À : … Objet :",
            ),
            (
                "Von: Judge",
                "Gesendet: Samstag",
                "An: x",
                "Betreff: x",
                "Von: … Gesendet: … An: … Betreff:",
            ),
            (
                "*From:* Judge",
                "*Sent:* Sat",
                "*To:* x",
                "*Subject:* x",
                "From: … Sent: … To: … Subject:",
            ),
        ] {
            let b = format!(
                "A par - bur\n\n________________________________\n{from}\n{sent}\n{to}\n{subject}\n\nA par - pic\n"
            );
            assert_eq!(kept(&b), ["A par - bur"], "{b}");
            assert_eq!(
                note(&b),
                format!("5 quoted lines (from `{name}`) were not read.")
            );
        }
        // A `From:` line alone is not a quote.
        assert_eq!(kept("From: me\nA par - bur"), ["From: me", "A par - bur"]);
    }

    /// GMX and web.de: `Gesendet: … Von: … An: … Betreff:` and the quote
    /// under it, no line marked with `>`.
    #[test]
    fn a_header_block_opens_a_quote_without_any_mark() {
        let b = "A mun - bur\n\nGesendet: Freitag, 27. November 2026 um 11:45 Uhr\nVon: \"Judge\" <judge@x.org>\nAn: germany@gmx.test\nBetreff: Re: orders\nA mun - ruh\nRESIGN\nREACTION NONE\n";
        assert_eq!(kept(b), ["A mun - bur", ""]);
        assert_eq!(
            note(b),
            "7 quoted lines (from `Gesendet: … Von: … An: … Betreff:`) were not read."
        );
    }

    #[test]
    fn header_labels_in_nine_languages_with_or_without_a_no_break_space() {
        for (a, b) in [
            ("From: J", "Date: 1"),
            ("De : J", "Envoyé : 1"),
            ("De\u{a0}: J", "Envoyé\u{a0}: 1"),
            ("De\u{202f}: J", "Objet\u{202f}: x"),
            ("Von: J", "Gesendet: 1"),
            ("De: J", "Enviado el: 1"),
            ("Da: J", "Inviato: 1"),
            ("Van: J", "Verzonden: 1"),
            ("De: J", "Enviada em: 1"),
            ("Od: J", "Wysłano: 1"),
            ("От: J", "Отправлено: 1"),
            ("Datum: 1", "Onderwerp: x"),
            ("Data: 1", "Temat: x"),
        ] {
            let b = format!("A par - bur\n{a}\n{b}\nA par - pic\nSET DRAW");
            assert_eq!(kept(&b), ["A par - bur"], "{b}");
        }
        // The name keeps the reader's label, a no-break space shown as a
        // space.
        assert_eq!(
            note("A par H\nDe\u{a0}: J\nEnvoyé\u{a0}: 1\nA par - pic"),
            "3 quoted lines (from `De : … Envoyé :`) were not read."
        );
        // Two lines with labels but no `from` or `date` are not a block.
        assert_eq!(
            kept("To: Russia\nSubject: peace\nA par H"),
            ["To: Russia", "Subject: peace", "A par H"]
        );
    }

    #[test]
    fn separators_are_named_in_the_reader_s_own_words() {
        for (sep, name) in [
            (
                "-----Ursprüngliche Nachricht-----",
                "Ursprüngliche Nachricht",
            ),
            ("----- Mail original -----", "Mail original"),
            ("-------- Message d'origine --------", "Message d'origine"),
            ("-----Original Message-----", "Original Message"),
            ("---------- Mensaje original ----------", "Mensaje original"),
        ] {
            let b = format!("A par - bur\n\n{sep}\nA par - pic\nRESIGN\n");
            assert_eq!(kept(&b), ["A par - bur", ""], "{sep}");
            assert_eq!(
                note(&b),
                format!("3 quoted lines (from `{name}`) were not read.")
            );
        }
    }

    #[test]
    fn yahoo_german_and_thunderbird_french_attributions() {
        let yahoo = "A mun - bur\n\nAm Freitag, 27. November 2026, 11:45:12 MEZ hat Judge <judge@x.org> Folgendes geschrieben:\n\n\nA mun - ruh\nSET DRAW\n";
        assert_eq!(kept(yahoo), ["A mun - bur", ""]);
        assert_eq!(
            note(yahoo),
            "3 quoted lines (from `Am … hat … Folgendes geschrieben:`) were not read."
        );
        let tb =
            "A par - bur\n\nLe 27/11/2026 à 11:45, Judge a écrit\u{a0}:\n> A par - pic\n> RESIGN\n";
        assert_eq!(kept(tb), ["A par - bur", ""]);
        assert_eq!(
            note(tb),
            "3 quoted lines (from `Le … a écrit :`) were not read."
        );
        for a in [
            "El vie, 27 nov 2026 a las 11:45, Judge (<judge@x.org>) escribió:",
            "Il giorno ven 27 nov 2026 alle ore 11:45 Judge <judge@x.org> ha scritto:",
            "Op vr 27 nov. 2026 om 11:45 schreef Judge <judge@x.org>:",
            "Em sex., 27 de nov. de 2026 às 11:45, Judge <judge@x.org> escreveu:",
            "pt., 27 lis 2026 o 11:45 Judge <judge@x.org> napisał(a):",
        ] {
            let b = format!("A par - bur\n{a}\n> A par - pic\n");
            assert_eq!(kept(&b), ["A par - bur"], "{a}");
        }
    }

    #[test]
    fn a_press_keeps_its_marked_lines_and_its_from_lines() {
        let b = "PRESS TO E\nFrom: the Kaiser <kaiser@berlin.test>\nTo: the Tsar\n> Blood is thicker than water.\nENDPRESS\nA par - bur\n";
        assert_eq!(
            kept(b),
            [
                "PRESS TO E",
                "From: the Kaiser <kaiser@berlin.test>",
                "To: the Tsar",
                "> Blood is thicker than water.",
                "ENDPRESS",
                "A par - bur"
            ]
        );
        assert_eq!(split(b).1, []);
        // Outside a press the same lines are a quote the judge cannot
        // place, and are not read.
        let out = "A par - bur\nFrom: the Kaiser <kaiser@berlin.test>\nA par - pic\n";
        assert_eq!(kept(out), ["A par - bur"]);
        assert_eq!(
            note(out),
            "2 lines of an earlier mail the judge could not place (from `From: …`) were not read."
        );
        // A press with no ENDPRESS does not swallow the quote under it.
        let open =
            "PRESS TO E\nHello\n\nOn Sat, Judge <judge@x.org> wrote:\n> ENDPRESS\n> A par - pic\n";
        assert_eq!(kept(open), ["PRESS TO E", "Hello", ""]);
        // Nor do `>` lines with no ENDPRESS after them belong to it.
        let marked = "PRESS TO E\nHello\n> A par - pic\n";
        assert_eq!(kept(marked), ["PRESS TO E", "Hello"]);
        // A whole header block in a press is still a quote.
        let block = "PRESS TO E\nHello\nFrom: Judge\nSent: Sat\nSubject: x\nENDPRESS\n";
        assert_eq!(kept(block), ["PRESS TO E", "Hello"]);
    }

    #[test]
    fn a_rule_line_over_a_lone_header_is_a_quote_not_placed() {
        let b = "A par - bur\n__________________\nSubject: Re: orders\nA par - pic\n";
        assert_eq!(kept(b), ["A par - bur"]);
        assert_eq!(
            note(b),
            "2 lines of an earlier mail the judge could not place (from `Subject: …`) were not read."
        );
    }

    #[test]
    fn attributions_top_and_bottom_posted() {
        let top = "A par - bur\n\nOn Sat, Mar 1, 2025 at 12:00 PM Judge <judge@x.org> wrote:\n\n> A par - pic\n";
        assert_eq!(kept(top), ["A par - bur", ""]);
        assert_eq!(
            note(top),
            "2 quoted lines (from `On … wrote:`) were not read."
        );
        let bottom = "Le sam. 1 mars 2025 à 12:00, Judge <judge@x.org> a écrit :\n> A par - pic\n>\n\nA par - bur\n";
        assert_eq!(kept(bottom), ["A par - bur"]);
        assert_eq!(
            note(bottom),
            "2 quoted lines (from `Le … a écrit :`) were not read."
        );
        let wrapped = "A par - bur\nAm Sa., 1. März 2025 um 12:00 Uhr schrieb Judge <\njudge@x.org>:\n> A par - pic\n";
        assert_eq!(kept(wrapped), ["A par - bur"]);
        assert_eq!(
            note(wrapped),
            "3 quoted lines (from `Am … schrieb …:`) were not read."
        );
        // Yahoo's older text: `--- On … wrote:` and the quote unmarked.
        let yahoo = "A par - bur\n\n--- On Sat, 3/1/25, Judge <judge@x.org> wrote:\n\nFrom: Judge\nA par - pic\n";
        assert_eq!(kept(yahoo), ["A par - bur", ""]);
        // Without a date or an address it is a sentence, not a header.
        assert_eq!(kept("On Monday Russia wrote:"), ["On Monday Russia wrote:"]);
    }

    #[test]
    fn signatures_are_not_read_and_reading_goes_on() {
        let b = "A par - bur\n\nSent from my iPhone\n\nOn 1 Mar 2025, at 12:00, Judge <judge@x.org> wrote:\n> A par - pic\n";
        assert_eq!(kept(b), ["A par - bur", "", ""]);
        assert_eq!(
            note(b),
            "1 signature line (`Sent from my …`) and 2 quoted lines (from `On … wrote:`) were not read."
        );
        for s in [
            "Envoyé de mon iPhone",
            "Von meinem iPhone gesendet",
            "Get Outlook for Android",
        ] {
            assert_eq!(kept(&format!("A par H\n{s}")), ["A par H"], "{s}");
        }
        let dash = "A par H\n-- \nAlice\nParis";
        assert_eq!(kept(dash), ["A par H"]);
        assert_eq!(
            note(dash),
            "2 lines below the signature mark `-- ` were not read."
        );
        assert_eq!(note("A par H\n--"), "");
    }

    #[test]
    fn the_html_mark_names_its_rule() {
        let b = format!("A par - bur\n{HTML_MARK}0\nOn Sat wrote 1:\nA par - pic");
        assert_eq!(kept(&b), ["A par - bur"]);
        assert_eq!(
            note(&b),
            format!(
                "2 quoted lines (from `{}`) were not read.",
                html_rules()[0].name
            )
        );
    }

    #[test]
    fn an_html_mark_is_named_by_the_header_after_it_and_some_need_one() {
        let at = |id: &str| html_rules().iter().position(|r| r.id == id).unwrap();
        let b = format!(
            "A par - bur\n{HTML_MARK}{}\nAm Sa., 1. März 2025 um 12:00 schrieb Judge <judge@x.org>:\nA par - pic",
            at("gmail")
        );
        assert_eq!(kept(&b), ["A par - bur"]);
        assert_eq!(
            note(&b),
            "2 quoted lines (from `Am … schrieb …:`) were not read."
        );
        // Hotmail's rule and a bordered div open a quote only over a
        // header block; alone they are nothing, not even a line.
        for id in ["hotmail", "outlook-header"] {
            let alone = format!("A par - bur\n{HTML_MARK}{}\nA mar H", at(id));
            assert_eq!(kept(&alone), ["A par - bur", "A mar H"], "{id}");
            assert_eq!(split(&alone).1, []);
            let over = format!(
                "A par - bur\n{HTML_MARK}{}\nОт: Judge\nОтправлено: 27 ноября 2026 г.\nКому: x\nТема: Re\nA par - pic",
                at(id)
            );
            assert_eq!(kept(&over), ["A par - bur"], "{id}");
            assert_eq!(
                note(&over),
                "5 quoted lines (from `От: … Отправлено: … Кому: … Тема:`) were not read."
            );
        }
    }
}
