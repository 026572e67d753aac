//! The forms of a power's page, each written as the command text a mail
//! would carry: pure functions, the form's fields in, the text out (or
//! the catalogue key of why there is nothing to send). The judge reads
//! the text exactly as it reads a mail's body, with the same checks.
//!
//! A field meant to hold one line is kept to one line (a line break
//! sent in it becomes a space), so that a field never adds a command of
//! its own.

/// A form's fields as the browser sent them, in order (a name may come
/// more than once: the press form's ticked powers).
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(transparent)]
pub(super) struct Fields(pub Vec<(String, String)>);

impl Fields {
    /// The first value of `name` (empty when absent).
    pub(super) fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// The first value of `name` as one line, trimmed.
    fn line(&self, name: &str) -> String {
        one_line(self.get(name))
    }

    /// Every value of `name`, each as one line, empty ones left out.
    fn all(&self, name: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| one_line(v))
            .filter(|v| !v.is_empty())
            .collect()
    }
}

/// Why a form gave nothing to send: a catalogue key.
pub(super) type Refusal = &'static str;

/// `s` as one trimmed line: line breaks become spaces.
fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ").trim().to_string()
}

/// A text area's lines, with `\n` for every line break.
fn text_area(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

/// `s` with its words separated by one space, in upper case (to compare).
fn words_upper(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

/// `value` without a leading `keyword` (any case), so that a player who
/// writes `SPY A mun` in the spy field is not read as `SPY SPY A mun`.
fn without(keyword: &str, value: &str) -> String {
    let kw: Vec<String> = keyword.split_whitespace().map(str::to_uppercase).collect();
    let words: Vec<&str> = value.split_whitespace().collect();
    let leads =
        words.len() >= kw.len() && words.iter().zip(&kw).all(|(w, k)| w.to_uppercase() == *k);
    if leads {
        words[kw.len()..].join(" ")
    } else {
        value.trim().to_string()
    }
}

/// The free lines form (`#send`): its lines as they are.
pub(super) fn lines(f: &Fields) -> Result<String, Refusal> {
    let text = text_area(f.get("lines"));
    if text.trim().is_empty() {
        return Err("web-power-nothing");
    }
    Ok(text)
}

/// The unit orders form (`#orders`): one line per row given an order,
/// the row's unit (`unit-N`) written before its order (`order-N`) unless
/// the order names it already; a row without a unit (a build or a
/// removal) is its order alone. An empty row sends nothing: the order
/// that stands is kept.
pub(super) fn orders(f: &Fields) -> Result<String, Refusal> {
    let mut rows: Vec<(usize, String)> =
        f.0.iter()
            .filter_map(|(k, v)| Some((k.strip_prefix("order-")?.parse().ok()?, one_line(v))))
            .filter(|(_, v): &(usize, String)| !v.is_empty())
            .collect();
    rows.sort_by_key(|(n, _)| *n);
    let out: Vec<String> = rows
        .into_iter()
        .map(|(n, order)| {
            let unit = f.line(&format!("unit-{n}"));
            let (u, o) = (words_upper(&unit), words_upper(&order));
            if unit.is_empty() || o == u || o.starts_with(&format!("{u} ")) {
                order
            } else {
                format!("{unit} {order}")
            }
        })
        .collect();
    if out.is_empty() {
        return Err("web-power-nothing");
    }
    Ok(out.join("\n"))
}

/// The espionage form (`#espionage`): a spy (`SPY A mun`), a counter-spy
/// (`COUNTERSPY F kie`), a reaction (`REACTION A mun - boh` or `REACTION
/// NONE`), a Fake (`S F mun - sil`), an Anti (`S A france`) and a
/// founding (`+ S ber`), each where its field is filled in.
pub(super) fn espionage(f: &Fields) -> Result<String, Refusal> {
    const LINES: [(&str, &str); 6] = [
        ("spy", "SPY"),
        ("counterspy", "COUNTERSPY"),
        ("reaction", "REACTION"),
        ("fake", "S"),
        ("anti", "S A"),
        ("found", "+ S"),
    ];
    let out: Vec<String> = LINES
        .iter()
        .filter_map(|(name, kw)| {
            let v = without(kw, &f.line(name));
            (!v.is_empty()).then(|| format!("{kw} {v}"))
        })
        .collect();
    if out.is_empty() {
        return Err("web-power-nothing");
    }
    Ok(out.join("\n"))
}

/// The later phase form (`#later`): `PHASE <phase>` and the orders for
/// it.
pub(super) fn later(f: &Fields) -> Result<String, Refusal> {
    let phase = without("PHASE", &f.line("phase"));
    let orders = text_area(f.get("lines"));
    if phase.is_empty() {
        return Err("web-power-later-no-phase");
    }
    if orders.trim().is_empty() {
        return Err("web-power-nothing");
    }
    Ok(format!("PHASE {phase}\n{}", orders.trim_end()))
}

/// The press form (`#press`): to the powers ticked (`to`, `master` for
/// the game master) or to everybody (`kind=broadcast`), unsigned where
/// `anon` is ticked, shown as addressed to `fake` (powers, or
/// `BROADCAST`) where given; then the text and `ENDPRESS`.
pub(super) fn press(f: &Fields) -> Result<String, Refusal> {
    let text = text_area(f.get("text"));
    let text = text.trim_end();
    if text.trim().is_empty() {
        return Err("web-power-press-empty");
    }
    // The judge reads the text as a mail's press: it must come back
    // whole, no line of it ending the press or read as a command.
    if !crate::command::reads_as_press_text(text) {
        return Err("web-power-press-end");
    }
    let mut head = if f.get("kind") == "broadcast" {
        "BROADCAST".to_string()
    } else {
        let to = f.all("to");
        if to.is_empty() {
            return Err("web-power-press-nobody");
        }
        format!("PRESS TO {}", to.join(", "))
    };
    if !f.get("anon").is_empty() {
        head.push_str(" ANON");
    }
    let fake = without("FAKE", &f.line("fake"));
    if !fake.is_empty() {
        if words_upper(&fake) == "BROADCAST" {
            head.push_str(" FAKE BROADCAST");
        } else {
            head.push_str(&format!(" FAKE TO {}", without("TO", &fake)));
        }
    }
    Ok(format!("{head}\n{text}\nENDPRESS"))
}

/// The votes form (`#votes`): `draw` (`yes`: `SET DRAW`, with the powers
/// of `draw-with` if any; `no`: `SET NO DRAW`) and `concede` (`no`: `SET
/// NO CONCEDE`; a power: `SET CONCEDE` it); empty leaves a vote as it is.
pub(super) fn votes(f: &Fields) -> Result<String, Refusal> {
    let mut out = Vec::new();
    match f.get("draw") {
        "yes" => {
            let with = f.line("draw-with");
            out.push(if with.is_empty() {
                "SET DRAW".to_string()
            } else {
                format!("SET DRAW {with}")
            });
        }
        "no" => out.push("SET NO DRAW".to_string()),
        _ => {}
    }
    match f.line("concede").as_str() {
        "" => {}
        "no" => out.push("SET NO CONCEDE".to_string()),
        power => out.push(format!("SET CONCEDE {power}")),
    }
    if out.is_empty() {
        return Err("web-power-nothing");
    }
    Ok(out.join("\n"))
}

/// The settings form (`#settings`): `wait` (`wait`: `SET WAIT`;
/// `nowait`: `SET NOWAIT`) and a new password (`password`, given twice
/// alike, one word: `SET PASSWORD`). The mail copy it also carries is no
/// command (see [`mail_copy`]): the text may be empty.
pub(super) fn settings(f: &Fields) -> Result<String, Refusal> {
    let mut out = Vec::new();
    match f.get("wait") {
        "wait" => out.push("SET WAIT".to_string()),
        "nowait" => out.push("SET NOWAIT".to_string()),
        _ => {}
    }
    let (pw, again) = (f.get("password"), f.get("password-again"));
    if !pw.is_empty() {
        if pw != again {
            return Err("web-power-password-mismatch");
        }
        if pw.chars().any(char::is_whitespace) {
            return Err("web-power-password-space");
        }
        out.push(format!("SET PASSWORD {pw}"));
    }
    Ok(out.join("\n"))
}

/// The settings form's mail copy: whether the player wants the replies
/// mailed too (the box is ticked); none when the form does not carry it.
pub(super) fn mail_copy(f: &Fields) -> Option<bool> {
    (f.get("mailcopy-shown") == "1").then(|| !f.get("mailcopy").is_empty())
}

/// `text` as the page shows it back: every line that may hold a
/// password masked by the rule stored mail is masked with (a password
/// after its command word, or on the line after a command that left it
/// out), whatever form wrote it.
pub(super) fn masked(text: &str) -> String {
    crate::command::secret::mask_text(text).unwrap_or_else(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(pairs: &[(&str, &str)]) -> Fields {
        Fields(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn free_lines_are_sent_as_written_and_empty_ones_refused() {
        assert_eq!(
            lines(&f(&[("lines", "A PAR - BUR\r\nSET WAIT")])),
            Ok("A PAR - BUR\nSET WAIT".into())
        );
        assert_eq!(lines(&f(&[("lines", "  \r\n")])), Err("web-power-nothing"));
    }

    #[test]
    fn unit_rows_write_the_unit_before_its_order_once() {
        let got = orders(&f(&[
            ("unit-1", "F brest"),
            ("order-1", "a brest - mid"),
            ("unit-0", "A par"),
            ("order-0", "- bur"),
            ("unit-2", "A mar"),
            ("order-2", "  "),
            ("unit-3", "F bre"),
            ("order-3", "F  BRE - mao"),
            ("unit-4", ""),
            ("order-4", "build A par\nSET PASSWORD x"),
        ]));
        assert_eq!(
            got,
            Ok(
                "A par - bur\nF brest a brest - mid\nF  BRE - mao\nbuild A par SET PASSWORD x"
                    .into()
            )
        );
        assert_eq!(
            orders(&f(&[("unit-0", "A par"), ("order-0", "")])),
            Err("web-power-nothing")
        );
    }

    #[test]
    fn espionage_fields_become_their_lines() {
        let got = espionage(&f(&[
            ("spy", "A mun"),
            ("counterspy", "COUNTERSPY F kie"),
            ("reaction", "none"),
            ("fake", "F mun - sil"),
            ("anti", "france"),
            ("found", "ber"),
        ]));
        assert_eq!(
            got,
            Ok(
                "SPY A mun\nCOUNTERSPY F kie\nREACTION none\nS F mun - sil\nS A france\n+ S ber"
                    .into()
            )
        );
        assert_eq!(espionage(&f(&[("spy", " ")])), Err("web-power-nothing"));
    }

    #[test]
    fn later_orders_go_under_their_phase() {
        assert_eq!(
            later(&f(&[("phase", "F1902R"), ("lines", "A mun - boh\r\n")])),
            Ok("PHASE F1902R\nA mun - boh".into())
        );
        assert_eq!(
            later(&f(&[("phase", ""), ("lines", "A mun - boh")])),
            Err("web-power-later-no-phase")
        );
        assert_eq!(
            later(&f(&[("phase", "F1902R"), ("lines", "")])),
            Err("web-power-nothing")
        );
    }

    #[test]
    fn press_heads_name_their_recipients_and_the_text_cannot_end_early() {
        let private = f(&[
            ("to", "england"),
            ("to", "germany"),
            ("text", "Hello\r\nthere"),
        ]);
        assert_eq!(
            press(&private),
            Ok("PRESS TO england, germany\nHello\nthere\nENDPRESS".into())
        );
        let grey_fake = f(&[
            ("to", "england"),
            ("anon", "on"),
            ("fake", "broadcast"),
            ("text", "Hi"),
        ]);
        assert_eq!(
            press(&grey_fake),
            Ok("PRESS TO england ANON FAKE BROADCAST\nHi\nENDPRESS".into())
        );
        let shown = f(&[
            ("to", "england"),
            ("fake", "england, germany"),
            ("text", "Hi"),
        ]);
        assert_eq!(
            press(&shown),
            Ok("PRESS TO england FAKE TO england, germany\nHi\nENDPRESS".into())
        );
        let all = f(&[("kind", "broadcast"), ("to", "england"), ("text", "Hi")]);
        assert_eq!(press(&all), Ok("BROADCAST\nHi\nENDPRESS".into()));
        let nobody = f(&[("text", "Hi")]);
        assert_eq!(press(&nobody), Err("web-power-press-nobody"));
        let early = f(&[("to", "england"), ("text", "Hi\n end  press \nSET WAIT")]);
        assert_eq!(press(&early), Err("web-power-press-end"));
        let empty = f(&[("to", "england"), ("text", " \n ")]);
        assert_eq!(press(&empty), Err("web-power-press-empty"));
    }

    #[test]
    fn votes_become_set_lines() {
        assert_eq!(
            votes(&f(&[("draw", "yes"), ("concede", "no")])),
            Ok("SET DRAW\nSET NO CONCEDE".into())
        );
        assert_eq!(
            votes(&f(&[("draw", "yes"), ("draw-with", "france germany")])),
            Ok("SET DRAW france germany".into())
        );
        assert_eq!(
            votes(&f(&[("draw", "no"), ("concede", "italy")])),
            Ok("SET NO DRAW\nSET CONCEDE italy".into())
        );
        assert_eq!(votes(&f(&[("draw", "")])), Err("web-power-nothing"));
    }

    #[test]
    fn settings_check_the_new_password_and_the_preview_masks_it() {
        let s = f(&[
            ("wait", "wait"),
            ("password", "n3w"),
            ("password-again", "n3w"),
        ]);
        let text = settings(&s).unwrap();
        assert_eq!(text, "SET WAIT\nSET PASSWORD n3w");
        assert_eq!(masked(&text), "SET WAIT\nSET PASSWORD ***");
        assert!(!masked(&text).contains("n3w"));
        // Whatever form wrote it: the lines form's sign-on, join, or a
        // password on the line after its command.
        for typed in [
            "SIGNON france g s3cret",
            "JOIN france g s3cret",
            "SET PASSWORD\ns3cret",
            "MASTER s3cret",
        ] {
            assert!(
                !masked(typed).contains("s3cret"),
                "{typed:?}: {}",
                masked(typed)
            );
        }
        let differ = f(&[("password", "a"), ("password-again", "b")]);
        assert_eq!(settings(&differ), Err("web-power-password-mismatch"));
        let spaced = f(&[("password", "a b"), ("password-again", "a b")]);
        assert_eq!(settings(&spaced), Err("web-power-password-space"));
        assert_eq!(settings(&f(&[("wait", "nowait")])), Ok("SET NOWAIT".into()));
        assert_eq!(settings(&f(&[])), Ok(String::new()));
    }

    #[test]
    fn the_mail_copy_is_read_only_from_the_form_that_carries_it() {
        assert_eq!(mail_copy(&f(&[])), None);
        assert_eq!(mail_copy(&f(&[("mailcopy-shown", "1")])), Some(false));
        assert_eq!(
            mail_copy(&f(&[("mailcopy-shown", "1"), ("mailcopy", "on")])),
            Some(true)
        );
    }
}
