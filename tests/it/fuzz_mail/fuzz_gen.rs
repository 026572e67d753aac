//! The mail generator of `tests/it/fuzz_mail.rs`: mails built from the
//! command grammar and from mutations of real mails, of three kinds
//! (signed on as a player, as the master, not properly signed on).

#![allow(dead_code)]

use super::sim::Rng;
use super::{JUDGE, MASTER, MASTER_PW, POWERS, addr, pw};
use chrono::{DateTime, Utc};

// ------------------------------------------------------------ the words

const LOOKALIKES: &[(char, char)] = &[
    ('A', 'А'),
    ('E', 'Е'),
    ('O', 'О'),
    ('P', 'Р'),
    ('C', 'С'),
    ('N', 'Ν'),
    ('I', 'І'),
    ('a', 'а'),
    ('e', 'е'),
    ('o', 'о'),
    ('p', 'р'),
    ('c', 'с'),
    ('i', 'і'),
    ('S', 'Ѕ'),
];

const ODD: &[&str] = &[
    "\u{200b}",
    "\u{202e}",
    "\u{feff}",
    "e\u{301}",
    "Ｆ",
    "ｓｉｇｎｏｎ",
    "🙂",
    "\t",
    "\\",
    "'",
    "\"",
    "%s",
    "NULL",
    "); DROP TABLE games; --",
    "18446744073709551616",
    "-9223372036854775808",
    "99999999999999999999d",
    "1e309",
    "0",
    "-1",
    ",",
    ";",
    "=",
    "==",
    "(",
    ")",
    "((((",
];

const PROVINCES: &[&str] = &[
    "par",
    "bur",
    "mar",
    "bre",
    "pic",
    "gas",
    "spa",
    "por",
    "mao",
    "eng",
    "nth",
    "lon",
    "wal",
    "yor",
    "edi",
    "lvp",
    "nwg",
    "nwy",
    "swe",
    "den",
    "kie",
    "ber",
    "mun",
    "ruh",
    "hol",
    "bel",
    "sil",
    "pru",
    "war",
    "mos",
    "stp",
    "stp/sc",
    "stp/nc",
    "sev",
    "ukr",
    "gal",
    "vie",
    "bud",
    "tri",
    "boh",
    "tyr",
    "ven",
    "rom",
    "nap",
    "apu",
    "tus",
    "pie",
    "con",
    "ank",
    "smy",
    "bul",
    "bul/ec",
    "rum",
    "ser",
    "gre",
    "alb",
    "ion",
    "adr",
    "aeg",
    "bla",
    "xyz",
    "Paris",
    "St Petersburg",
    "North Sea",
    "spa north coast",
];

/// What the generator knows of the game in play.
pub(crate) struct Scene {
    pub game: String,
    pub others: Vec<String>,
    pub units: Vec<(String, Vec<String>)>,
    pub phase: String,
}

pub(crate) struct Gen {
    pub rng: Rng,
    pub real: Vec<String>,
}

impl Gen {
    fn pick<'a>(&mut self, items: &'a [&'a str]) -> &'a str {
        items[self.rng.below(items.len())]
    }

    fn power(&mut self) -> String {
        let p = self.pick(&POWERS);
        match self.rng.below(6) {
            0 => p[..1].to_uppercase(),
            1 => p.to_uppercase(),
            2 => p[..1].to_string(),
            3 => self
                .pick(&["Frankreich", "Angleterre", "M", "master", "GM", "X", "turk"])
                .into(),
            _ => p.to_string(),
        }
    }

    fn powers(&mut self) -> String {
        let n = if self.rng.percent(3) {
            150
        } else {
            1 + self.rng.below(4)
        };
        (0..n).map(|_| self.power()).collect::<Vec<_>>().join(", ")
    }

    fn game_name(&mut self, s: &Scene) -> String {
        match self.rng.below(10) {
            0 if !s.others.is_empty() => s.others[self.rng.below(s.others.len())].clone(),
            1 => "nosuch".into(),
            2 => s.game.to_uppercase(),
            3 => format!("{}{}", s.game, self.pick(ODD)),
            _ => s.game.clone(),
        }
    }

    fn phase_word(&mut self, s: &Scene) -> String {
        match self.rng.below(6) {
            0 => s.phase.clone(),
            1 => "Fall 1902 Retreats".into(),
            2 => format!(
                "{}{}{}",
                self.pick(&["S", "F", "W", "X"]),
                1901 + self.rng.below(5),
                self.pick(&["M", "R", "A", "Q"])
            ),
            3 => "S99999999999M".into(),
            4 => "Spring 1901 Movement".into(),
            _ => "F1901M".into(),
        }
    }

    /// An order for one of the power's units, or a plausible wreck of one.
    fn order(&mut self, s: &Scene, power: Option<&str>) -> String {
        let units: Vec<String> = s
            .units
            .iter()
            .filter(|(p, _)| power.is_none_or(|q| q == p) || self.rng.percent(10))
            .flat_map(|(_, u)| u.clone())
            .collect();
        let unit = if units.is_empty() || self.rng.percent(10) {
            format!(
                "{} {}",
                self.pick(&["A", "F", "a", "f", "Army", "Fleet"]),
                self.pick(PROVINCES)
            )
        } else {
            units[self.rng.below(units.len())].clone()
        };
        let to = self.pick(PROVINCES);
        match self.rng.below(16) {
            0 => format!("{unit} H"),
            1..=5 => format!("{unit} - {to}"),
            6 => {
                let other = if units.is_empty() {
                    "A par".to_string()
                } else {
                    units[self.rng.below(units.len())].clone()
                };
                format!("{unit} S {other} - {to}")
            }
            7 => format!("{unit} C A {} - {to}", self.pick(PROVINCES)),
            8 => format!("Build {}", unit),
            9 => format!("Remove {unit}"),
            10 => "Waive".into(),
            11 => format!("{unit} R {to}"),
            12 => format!("{unit} disband"),
            13 => format!("SPY {unit}"),
            14 => format!("COUNTERSPY {unit}"),
            _ => format!("{unit} - {to}, {unit} H; {unit} - {}", self.pick(PROVINCES)),
        }
    }

    /// A PHASE or IF block, nested, sometimes unbalanced.
    fn block(&mut self, s: &Scene, power: Option<&str>, depth: usize) -> Vec<String> {
        let mut out = Vec::new();
        let phase = !self.rng.percent(50);
        if phase {
            out.push(format!("PHASE {}", self.phase_word(s)));
        } else {
            let cond = match self.rng.below(5) {
                0 => format!("A {}", self.pick(PROVINCES)),
                1 => format!("NOT F {}", self.pick(PROVINCES)),
                2 => format!(
                    "{} A {} AND NOT F {}",
                    self.power(),
                    self.pick(PROVINCES),
                    self.pick(PROVINCES)
                ),
                3 => format!(
                    "(A {} OR F {}) AND NOT (A {})",
                    self.pick(PROVINCES),
                    self.pick(PROVINCES),
                    self.pick(PROVINCES)
                ),
                _ => "((((((((((A bur))))))))))".into(),
            };
            out.push(format!("IF {cond}"));
        }
        for _ in 0..1 + self.rng.below(3) {
            if depth < 6 && self.rng.percent(25) {
                out.extend(self.block(s, power, depth + 1));
            } else {
                out.push(self.order(s, power));
            }
        }
        if !phase && self.rng.percent(40) {
            out.push(
                self.pick(&["ELSE", "ELSE IF A mun", "ELSE IF NOT F nth OR A ber"])
                    .into(),
            );
            out.push(self.order(s, power));
        }
        if self.rng.percent(85) {
            out.push(
                if phase {
                    self.pick(&["ENDPHASE", "END PHASE", "ENDPHASE"])
                } else {
                    self.pick(&["ENDIF", "END IF", "ENDIF"])
                }
                .into(),
            );
        }
        if self.rng.percent(10) {
            out.push(
                self.pick(&["ENDIF", "ENDPHASE", "ELSE", "ENDIF ENDIF"])
                    .into(),
            );
        }
        out
    }

    fn press(&mut self) -> Vec<String> {
        let head = match self.rng.below(14) {
            0 => format!("PRESS TO {}", self.powers()),
            1 => format!("PRESS TO {} ANON", self.powers()),
            2 => format!("PRESS TO {} FAKE BROADCAST", self.powers()),
            3 => format!("PRESS TO {} FAKE TO {}", self.powers(), self.powers()),
            4 => format!("PRESS FAKE TO {}", self.powers()),
            5 => format!("BROADCAST TO {} FAKE", self.powers()),
            6 => "BROADCAST FAKE".into(),
            7 => "BROADCAST GREY".into(),
            8 => format!(
                "PRESS TO {} FAKE PARTIAL TO {} GREY",
                self.powers(),
                self.powers()
            ),
            9 => "PRESS".into(),
            10 => format!("press to {} fake fake", self.powers()),
            11 => format!("PRESS TO ALL BUT {}", self.powers()),
            12 => format!("BROADCAST TO all except {} FAKE", self.powers()),
            _ => "BROADCAST".into(),
        };
        let mut out = vec![head];
        for _ in 0..self.rng.below(4) {
            out.push(
                self.pick(&[
                    "Hello.",
                    "A par - bur",
                    "SIGNON F x y",
                    "PRESS TO E",
                    "",
                    "ENDPHASE",
                    "> quoted",
                ])
                .into(),
            );
        }
        match self.rng.below(10) {
            0 => {}
            1 => out.push("END PRESS".into()),
            2 => out.push("ENDPRESS ENDPRESS".into()),
            _ => out.push("ENDPRESS".into()),
        }
        out
    }

    fn create(&mut self) -> String {
        // A few dozen names: most CREATEs meet a game of that name, as a
        // judge's master seldom makes thousands of games (the first long
        // run made 5,000, and every LIST then answered with all of them).
        let mut line = format!("CREATE g{}", self.rng.below(40));
        for _ in 0..self.rng.below(5) {
            let kv = match self.rng.below(15) {
                0 => "deadline=48h".to_string(),
                1 => format!(
                    "deadline={}",
                    self.pick(&["99999999999999d", "0", "-5h", "1m", "xx"])
                ),
                2 => "press=grey".into(),
                3 => format!("press={}", self.pick(&["none", "white", "black"])),
                4 => "fake_press=yes".into(),
                5 => format!("anonymous={}", self.pick(&["yes", "no", "maybe"])),
                6 => format!(
                    "abandon_after={}",
                    self.pick(&["3", "99999999999999999999", "-1"])
                ),
                7 => format!(
                    "max_absence={}",
                    self.pick(&["15", "0", "1e9", "99999999999"])
                ),
                8 => format!("draws={}", self.pick(&["any", "none", "dias", "some", "x"])),
                9 => format!(
                    "rules={}",
                    self.pick(&["espionnite", "spionage", "espionnite,spionage", "chess"])
                ),
                10 => format!(
                    "tz={}",
                    self.pick(&["Europe/Berlin", "Mars/Olympus", "UTC"])
                ),
                11 => format!("at={}", self.pick(&["20:00", "25:61", "noon"])),
                12 => format!("grace={}", self.pick(&["24h", "0", "9999999999999h"])),
                13 => format!("pictures={}", self.pick(&["off", "png", "png+svg", "gif"])),
                _ => format!(
                    "variant={}",
                    self.pick(&["standard", "nosuch", "ancmed", "pure", "modern"])
                ),
            };
            line.push(' ');
            line.push_str(&kv);
        }
        line
    }

    /// A line a signed-on player might write.
    fn player_line(&mut self, s: &Scene, power: &str, safe_only: bool) -> Vec<String> {
        let g = self.game_name(s);
        let line = match self.rng.below(40) {
            0..=11 => self.order(s, Some(power)),
            12 => return self.block(s, Some(power), 0),
            13 => return self.press(),
            14 => self
                .pick(&["SET WAIT", "SET NOWAIT", "set no wait", "SET  WAIT"])
                .into(),
            15 => format!(
                "SET DRAW {}",
                if self.rng.percent(50) {
                    String::new()
                } else {
                    self.powers()
                }
            ),
            16 => self
                .pick(&["SET NO DRAW", "SET NO CONCEDE", "SET NO ABSENCE"])
                .into(),
            17 => format!("SET CONCEDE {}", self.power()),
            18 => format!(
                "SET ABSENCE {} TO {}",
                self.pick(&["2025-03-10", "2025-13-45", "9999-12-31", "0000-00-00"]),
                self.pick(&["2025-03-12", "2024-01-01", "99999-01-01"])
            ),
            19 => "CLEAR".into(),
            20 => format!("HISTORY {g} {}", self.phase_word(s)),
            21 => format!("HISTORY {g}"),
            22 => format!("LIST {g}"),
            23 => match self.rng.below(8) {
                0 => format!("MAP {g}"),
                1 => format!("MAP {g} {}", self.phase_word(s)),
                2 => "LIST MAPS".into(),
                _ => "LIST".into(),
            },
            24 => format!("SUMMARY {g}"),
            25 => format!("WHOGAME {g}"),
            26 => format!(
                "SET ADDRESS {}",
                self.pick(&[
                    "new@fuzz.test",
                    "bad-address",
                    "a@b",
                    "x@y.z@w.org",
                    "ÄÖ@fuzz.test"
                ])
            ),
            27 => format!(
                "CONFIRM ADDRESS {}",
                self.pick(&[
                    "ABCD-EFGH-JKLM",
                    "x",
                    "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"
                ])
            ),
            28 => "HELP".into(),
            // Each costs one full argon2 hash, by design: a few per block.
            29 if !safe_only && self.rng.percent(25) => format!("SET PASSWORD {}", pw(power)),
            30 if !safe_only && self.rng.percent(10) => "RESIGN".into(),
            31 if !safe_only => format!("OBSERVE {g}"),
            32 if !safe_only => format!("JOIN {} {g} {}", self.power(), self.pick(&["pw", "x"])),
            33 if !safe_only => format!("TAKEOVER {} {g} pw", self.power()),
            34 => format!("SIGNON {} {g} wrong-pw", self.power()),
            35 if !safe_only && self.rng.percent(5) => "SIGN OFF".into(),
            36 => format!("SET DEADLINE {g} 24h"),
            37 => format!("PROCESS {g}"),
            38 => "ENDPRESS".into(),
            _ => self
                .pick(&[
                    "Thanks!",
                    "Orders follow:",
                    "",
                    "#comment",
                    "ENDIF",
                    "ELSE",
                    "endphase",
                ])
                .into(),
        };
        vec![line]
    }

    fn master_line(&mut self, s: &Scene) -> Vec<String> {
        let g = self.game_name(s);
        let line = match self.rng.below(22) {
            0..=2 => self.create(),
            3 => format!("PROCESS {g}"),
            4 => format!("PREVIEW {g}"),
            5 => format!("PAUSE {g}"),
            6 => format!("RESUME {g}"),
            7 => format!(
                "SET DEADLINE {g} {}",
                self.pick(&[
                    "24h",
                    "2025-03-30 20:00",
                    "99999999999h",
                    "yesterday",
                    "1999-01-01 00:00"
                ])
            ),
            8 if self.rng.percent(20) => format!("ROLLBACK {g} {}", self.phase_word(s)),
            9 => format!("APPROVE {g} {}", self.power()),
            10 => format!("REFUSE {g} {}", self.power()),
            11 if self.rng.percent(10) => format!("EJECT {g} {}", self.power()),
            12 => format!("BECOME {g} {}", self.power()),
            13 => format!("START {g}"),
            14 => format!("WHOGAME {g}"),
            15 => format!("SUMMARY {g}"),
            _ => return self.player_line(s, "france", false),
        };
        vec![line]
    }

    /// A line mutated: case, look-alikes, words dropped, doubled or
    /// swapped, odd tokens, huge numbers, cut.
    fn mutate(&mut self, line: &str) -> String {
        let mut words: Vec<String> = line.split(' ').map(String::from).collect();
        match self.rng.below(9) {
            0 => line
                .chars()
                .map(|c| {
                    if self.rng.percent(40) {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect(),
            1 => line
                .chars()
                .map(|c| match LOOKALIKES.iter().find(|(l, _)| *l == c) {
                    Some((_, x)) if self.rng.percent(50) => *x,
                    _ => c,
                })
                .collect(),
            2 if words.len() > 1 => {
                words.remove(self.rng.below(words.len()));
                words.join(" ")
            }
            3 => {
                let i = self.rng.below(words.len());
                words.insert(i, words[i].clone());
                words.join(" ")
            }
            4 if words.len() > 1 => {
                let (a, b) = (self.rng.below(words.len()), self.rng.below(words.len()));
                words.swap(a, b);
                words.join(" ")
            }
            5 => {
                let i = self.rng.below(words.len() + 1);
                words.insert(i, self.pick(ODD).into());
                words.join(" ")
            }
            6 => {
                let n = self.rng.below(line.chars().count() + 1);
                line.chars().take(n).collect()
            }
            7 => format!(
                "{line}{}",
                "x".repeat(if self.rng.percent(20) { 500 } else { 3 })
            ),
            _ => format!("   {line}\t"),
        }
    }

    /// A mail body: lines, some mutated, shuffled a little, with quotes,
    /// signatures, blank lines, or very many lines.
    fn body(&mut self, mut lines: Vec<String>, mutate_from: usize) -> String {
        for l in lines.iter_mut().skip(mutate_from) {
            if self.rng.percent(15) {
                *l = self.mutate(l);
            }
        }
        if self.rng.percent(2) {
            let extra: Vec<String> = (0..450).map(|i| format!("A par - bur {i}")).collect();
            lines.extend(extra);
        }
        if self.rng.percent(10) {
            lines.push("> SIGNON F quoted pw".into());
        }
        if self.rng.percent(15) {
            lines.push("-- ".into());
            lines.push("Anne\nSIGNON F x y\nPROCESS x".into());
        }
        let sep = if self.rng.percent(30) { "\r\n" } else { "\n" };
        lines.join(sep)
    }

    /// A real mail's lines, for mutation, with the game's name put in.
    fn real(&mut self, s: &Scene) -> Vec<String> {
        let r = self.real[self.rng.below(self.real.len())].clone();
        r.replace(" demo", &format!(" {}", s.game))
            .lines()
            .map(String::from)
            .collect()
    }
}

/// What a mail is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Player,
    Master,
    /// Not properly signed on: must change nothing.
    Unsigned,
}

/// One generated mail: who sends it and the body.
pub(crate) fn mail(g: &mut Gen, s: &Scene, kind: Kind) -> (String, String) {
    let power = g.pick(&POWERS).to_string();
    let n = 1 + g.rng.below(10);
    match kind {
        Kind::Player => {
            let signon = match g.rng.below(4) {
                0 => format!(
                    "SIGNON {} {} {}",
                    &power[..1].to_uppercase(),
                    s.game,
                    pw(&power)
                ),
                1 => format!(
                    "SIGN ON {}{} {}",
                    &power[..1].to_uppercase(),
                    s.game,
                    pw(&power)
                ),
                2 => format!("signon {power} {} {}", s.game, pw(&power)),
                _ => format!("SIGNON {} {} {}", power.to_uppercase(), s.game, pw(&power)),
            };
            let mut lines = vec![signon];
            if g.rng.percent(20) {
                lines.extend(
                    g.real(s)
                        .into_iter()
                        .filter(|l| !l.to_lowercase().starts_with("signon")),
                );
            }
            for _ in 0..n {
                lines.extend(g.player_line(s, &power, false));
            }
            let from = if g.rng.percent(90) {
                addr(&power)
            } else {
                "elsewhere@fuzz.test".into()
            };
            (from, g.body(lines, 1))
        }
        Kind::Master => {
            let mut lines = vec![format!("MASTER {MASTER_PW}")];
            for _ in 0..n {
                lines.extend(g.master_line(s));
            }
            (MASTER.into(), g.body(lines, 1))
        }
        Kind::Unsigned => {
            let (from, first) = match g.rng.below(7) {
                0 => (addr(&power), None),
                1 => (
                    addr(&power),
                    Some(format!("SIGNON {power} {} {}x", s.game, pw(&power))),
                ),
                2 => {
                    let l = format!("SIGNON {} {} {}", power.to_uppercase(), s.game, pw(&power));
                    let look: String = l
                        .chars()
                        .enumerate()
                        .map(|(i, c)| match LOOKALIKES.iter().find(|(l, _)| *l == c) {
                            Some((_, x)) if i < 6 || g.rng.percent(30) => *x,
                            _ => c,
                        })
                        .collect();
                    (addr(&power), Some(look))
                }
                3 => (MASTER.into(), Some("MASTER wrong-master-pw".into())),
                4 => (addr(&power), Some(format!("MASTER {MASTER_PW}"))),
                5 => (
                    addr(&power),
                    Some(format!("SIGNON {power} nosuch {}", pw(&power))),
                ),
                _ => (
                    "stranger@fuzz.test".into(),
                    Some(format!("SIGNON {} {} {}", &power[..1], s.game, "Pw-guess")),
                ),
            };
            let mut lines: Vec<String> = first.into_iter().collect();
            if g.rng.percent(20) {
                let real = g.real(s);
                // A real mail whose sign-on is spoiled, without the lines
                // anybody may send (a JOIN of a vacant power is a
                // takeover request, rightly stored).
                lines.extend(real.into_iter().filter(|l| safe_unsigned(l)).map(|l| {
                    if l.to_lowercase().starts_with("signon")
                        || l.to_lowercase().starts_with("master")
                    {
                        format!("{l}-wrong")
                    } else {
                        l
                    }
                }));
            }
            for _ in 0..n {
                if g.rng.percent(30) {
                    lines.extend(g.master_line(s).into_iter().filter(|l| safe_unsigned(l)));
                } else {
                    lines.extend(g.player_line(s, &power, true));
                }
            }
            (from, g.body(lines, 1))
        }
    }
}

/// A line that may appear in a mail not signed on: nothing that anybody
/// may legitimately do without signing on (JOIN, OBSERVE, TAKEOVER).
fn safe_unsigned(l: &str) -> bool {
    let w = l
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    !matches!(
        w.as_str(),
        "join" | "observe" | "watch" | "takeover" | "take"
    )
}

pub(crate) fn raw(from: &str, body: &str, i: usize, at: DateTime<Utc>) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {JUDGE}\r\nSubject: fuzz {i}\r\nDate: {}\r\nMessage-ID: <fuzz-{i}@fuzz.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        at.to_rfc2822()
    )
    .into_bytes()
}
