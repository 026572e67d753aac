//! The grammar of an `Authentication-Results` value (RFC 8601 section
//! 2.2), with the comments, quoted strings and folding white space of
//! RFC 5322 (CFWS), as small nom parsers named after its rules.
//!
//! The value is read once, left to right: every rule consumes what it
//! matched or fails, the branches of an `alt` look at most one value ahead
//! (`pvalue`), and comments are scanned in a loop with a depth counter, not
//! by recursion, so the cost is linear in the value's length (the caller
//! caps that) and nesting cannot exhaust the stack.
//!
//! One tolerance: RFC 8601's `pvalue` is a token, a quoted string or an
//! address, yet servers write fragments of base64 (`header.b=ab/c+d=`)
//! that none of these allow. Any run of printable characters other than
//! the delimiters `( ) " ; \` is read as a value (it cannot hide a
//! delimiter); whether it is a domain is decided by the strict rules.

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag_no_case, take_while1},
    character::complete::{char, digit1, satisfy},
    combinator::{cut, eof, map, not, opt, recognize, verify},
    error::context,
    multi::{many1, separated_list1},
};

use super::syntax_error::SyntaxError;

/// How deep comments may nest inside one another.
pub(super) const MAX_COMMENT_DEPTH: usize = 8;

type Res<'a, O> = IResult<&'a str, O, SyntaxError>;

/// A parsed `Authentication-Results` value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AuthResults {
    /// The authserv-id: who wrote the header (a quoted one unescaped).
    pub authserv_id: String,
    /// The authres-version, when given (this grammar is version 1).
    pub version: Option<u32>,
    /// The results; empty for `none` (no authentication was done).
    pub results: Vec<ResInfo>,
}

/// One `method=result` with its reason and properties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResInfo {
    /// The method, in lower case (`dkim`, `dmarc`, `spf`...).
    pub method: String,
    /// The method's version, when given (`dkim/1`).
    pub method_version: Option<u32>,
    /// The result, in lower case (`pass`, `fail`, `none`...).
    pub result: String,
    /// The `reason=` text, when given.
    pub reason: Option<String>,
    /// The `ptype.property=value` items, in order.
    pub props: Vec<Prop>,
}

/// One `ptype.property=value` item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Prop {
    /// The property type, in lower case (`smtp`, `header`...).
    pub ptype: String,
    /// The property, in lower case (`mailfrom`, `d`, `from`...).
    pub property: String,
    /// The value as written (a quoted string unescaped).
    pub value: String,
    /// The domain the value names, in lower case, when it is a domain
    /// name or an address (`[local-part] "@" domain-name`) by the strict
    /// grammar; `None` for anything else.
    pub domain: Option<String>,
}

impl ResInfo {
    /// The values of every `ptype.property` item of this result.
    pub(crate) fn props_named<'a>(
        &'a self,
        ptype: &'a str,
        property: &'a str,
    ) -> impl Iterator<Item = &'a Prop> + 'a {
        self.props
            .iter()
            .filter(move |p| p.ptype == ptype && p.property == property)
    }
}

/// Parses a whole (unfolded) value; on failure, says what was expected
/// and where.
pub(super) fn parse(value: &str) -> Result<AuthResults, SyntaxError> {
    match authres_payload(value) {
        Ok((_, ar)) => Ok(ar),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(SyntaxError::expected("", "more text")),
    }
}

/// `text`, when the whole of it is a domain name (RFC 6376), in lower
/// case.
pub(super) fn domain(text: &str) -> Option<String> {
    match domain_name(text) {
        Ok(("", d)) => Some(d),
        _ => None,
    }
}

// ---- RFC 5322: white space, comments, quoted strings ----

fn is_wsp(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// FWS, once the header is unfolded: one or more spaces or tabs.
fn fws(i: &str) -> Res<'_, &str> {
    take_while1(is_wsp).parse(i)
}

/// ctext: printable US-ASCII but `(`, `)` and `\`, or any non-ASCII
/// character (RFC 6532).
fn is_ctext(c: char) -> bool {
    matches!(c, '!'..='\'' | '*'..='[' | ']'..='~') || !c.is_ascii()
}

/// qtext: printable US-ASCII but `"` and `\`, or any non-ASCII character.
fn is_qtext(c: char) -> bool {
    matches!(c, '!' | '#'..='[' | ']'..='~') || !c.is_ascii()
}

/// The character after a `\` in a quoted-pair: VCHAR or WSP.
fn is_quotable(c: char) -> bool {
    c.is_ascii_graphic() || is_wsp(c) || !c.is_ascii()
}

/// comment = "(" *([FWS] ccontent) [FWS] ")", ccontent = ctext /
/// quoted-pair / comment. Scanned in one loop; nesting deeper than
/// [`MAX_COMMENT_DEPTH`] or a missing `)` fails the whole value.
fn comment(i: &str) -> Res<'_, &str> {
    let Some(body) = i.strip_prefix('(') else {
        return Err(nom::Err::Error(SyntaxError::here(i)));
    };
    let mut depth = 1usize;
    let mut chars = body.char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, q)) if is_quotable(q) => {}
                _ => {
                    return Err(nom::Err::Failure(SyntaxError::expected(
                        &body[n..],
                        "a printable character after '\\'",
                    )));
                }
            },
            '(' => {
                depth += 1;
                if depth > MAX_COMMENT_DEPTH {
                    return Err(nom::Err::Failure(SyntaxError::expected(
                        &body[n..],
                        "comments nested at most 8 deep",
                    )));
                }
            }
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let end = 1 + n + 1;
                    return Ok((&i[end..], &i[..end]));
                }
            }
            c if is_ctext(c) || is_wsp(c) => {}
            _ => {
                return Err(nom::Err::Failure(SyntaxError::expected(
                    &body[n..],
                    "a printable character or ')' in the comment",
                )));
            }
        }
    }
    Err(nom::Err::Failure(SyntaxError::expected("", "')'")))
}

/// CFWS: white space and comments, in any mix, at least one of them.
fn cfws(i: &str) -> Res<'_, &str> {
    recognize(many1(alt((fws, comment)))).parse(i)
}

/// quoted-string = DQUOTE *([FWS] qcontent) [FWS] DQUOTE, qcontent =
/// qtext / quoted-pair; its text unescaped. Once opened, a missing closing
/// quote fails the whole value.
fn quoted_string(i: &str) -> Res<'_, String> {
    let Some(body) = i.strip_prefix('"') else {
        return Err(nom::Err::Error(SyntaxError::here(i)));
    };
    let mut text = String::new();
    let mut chars = body.char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            '"' => return Ok((&body[n + 1..], text)),
            '\\' => match chars.next() {
                Some((_, q)) if is_quotable(q) => text.push(q),
                _ => {
                    return Err(nom::Err::Failure(SyntaxError::expected(
                        &body[n..],
                        "a printable character after '\\'",
                    )));
                }
            },
            c if is_qtext(c) || is_wsp(c) => text.push(c),
            _ => {
                return Err(nom::Err::Failure(SyntaxError::expected(
                    &body[n..],
                    "a printable character or '\"' in the quoted string",
                )));
            }
        }
    }
    Err(nom::Err::Failure(SyntaxError::expected("", "'\"'")))
}

// ---- RFC 2045, 5321, 6376: tokens, keywords, domain names ----

/// A token character: printable US-ASCII but the MIME tspecials.
fn is_token_char(c: char) -> bool {
    c.is_ascii_graphic() && !"()<>@,;:\\\"/[]?=".contains(c)
}

/// value = token / quoted-string (RFC 2045).
fn value(i: &str) -> Res<'_, String> {
    alt((map(take_while1(is_token_char), String::from), quoted_string)).parse(i)
}

/// Keyword = Ldh-str: letters, digits and hyphens, not ending in a hyphen
/// (RFC 5321); read in lower case.
fn keyword(i: &str) -> Res<'_, String> {
    map(
        verify(
            take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-'),
            |s: &str| !s.ends_with('-'),
        ),
        str::to_ascii_lowercase,
    )
    .parse(i)
}

/// A number of at most nine digits (a version).
fn number(i: &str) -> Res<'_, u32> {
    map(verify(digit1, |d: &str| d.len() <= 9), |d: &str| {
        d.parse().unwrap_or(u32::MAX)
    })
    .parse(i)
}

/// sub-domain = Let-dig [Ldh-str], at most 63 characters.
fn sub_domain(i: &str) -> Res<'_, &str> {
    verify(
        take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-'),
        |s: &str| !s.starts_with('-') && !s.ends_with('-') && s.len() <= 63,
    )
    .parse(i)
}

/// domain-name = sub-domain 1*("." sub-domain) (RFC 6376), at most 253
/// characters; read in lower case.
fn domain_name(i: &str) -> Res<'_, String> {
    map(
        verify(
            recognize(separated_list1(char('.'), sub_domain)),
            |d: &str| d.contains('.') && d.len() <= 253,
        ),
        str::to_ascii_lowercase,
    )
    .parse(i)
}

/// atext (RFC 5322).
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || !c.is_ascii()
}

/// local-part = dot-atom / quoted-string.
fn local_part(i: &str) -> Res<'_, ()> {
    let dot_atom = recognize(separated_list1(char('.'), take_while1(is_atext)));
    map(
        alt((map(dot_atom, |_| String::new()), quoted_string)),
        |_| (),
    )
    .parse(i)
}

// ---- RFC 8601 ----

/// A character of a value in the tolerant reading: printable, and none of
/// the delimiters `( ) " ; \`.
fn is_pvalue_char(c: char) -> bool {
    !c.is_control() && !is_wsp(c) && !"()\";\\".contains(c)
}

/// `[ [ local-part ] "@" ] domain-name`, the whole value: its domain.
fn address(i: &str) -> Res<'_, String> {
    let with_local = map((local_part, char('@'), domain_name), |(_, _, d)| d);
    let bare_at = map((char('@'), domain_name), |(_, d)| d);
    let (rest, d) = alt((with_local, bare_at, domain_name)).parse(i)?;
    // It must end where the value ends.
    not(satisfy(is_pvalue_char)).parse(rest)?;
    Ok((rest, d))
}

/// pvalue = [CFWS] ( value / [ [ local-part ] "@" ] domain-name ) [CFWS],
/// with the tolerance described at the top of this file.
fn pvalue(i: &str) -> Res<'_, Prop> {
    let (i, _) = opt(cfws).parse(i)?;
    let start = i;
    let (i, (value, domain)) = alt((
        map(address, |d| (String::new(), Some(d))),
        map(quoted_string, |q| {
            let d = address(&q)
                .ok()
                .filter(|(r, _)| r.is_empty())
                .map(|(_, d)| d);
            (q, d)
        }),
        map(take_while1(is_pvalue_char), |s: &str| (s.to_string(), None)),
    ))
    .parse(i)
    .map_err(|e| match e {
        // No branch got anywhere: the caller names what was expected.
        nom::Err::Error(e) if e.rest == i.len() => nom::Err::Error(SyntaxError::here(i)),
        e => e,
    })?;
    let value = if value.is_empty() && domain.is_some() {
        start[..start.len() - i.len()].to_string()
    } else {
        value
    };
    let (i, _) = opt(cfws).parse(i)?;
    let prop = Prop {
        ptype: String::new(),
        property: String::new(),
        value,
        domain,
    };
    Ok((i, prop))
}

/// propspec = ptype [CFWS] "." [CFWS] property [CFWS] "=" pvalue; once
/// `ptype.` is read, the rest must follow.
fn propspec(i: &str) -> Res<'_, Prop> {
    let (i, ptype) = keyword(i)?;
    let (i, _) = (opt(cfws), char('.'), opt(cfws)).parse(i)?;
    let (i, property) = cut(context("a property name", keyword)).parse(i)?;
    let (i, _) = cut((opt(cfws), char('='))).parse(i)?;
    let (i, prop) = cut(context("a property value", pvalue)).parse(i)?;
    Ok((
        i,
        Prop {
            ptype,
            property,
            ..prop
        },
    ))
}

/// reasonspec = "reason" [CFWS] "=" [CFWS] value.
fn reasonspec(i: &str) -> Res<'_, String> {
    let (i, _) = (tag_no_case("reason"), opt(cfws), char('='), opt(cfws)).parse(i)?;
    cut(context("a reason", value)).parse(i)
}

/// method-version = 1*DIGIT [CFWS].
fn method_version(i: &str) -> Res<'_, u32> {
    let (i, v) = number(i)?;
    let (i, _) = opt(cfws).parse(i)?;
    Ok((i, v))
}

/// method = Keyword [ [CFWS] "/" [CFWS] method-version ].
fn method(i: &str) -> Res<'_, (String, Option<u32>)> {
    let (i, name) = context("a method", keyword).parse(i)?;
    let (i, version) = opt(|i| {
        let (i, _) = (opt(cfws), char('/'), opt(cfws)).parse(i)?;
        cut(context("a method version", method_version)).parse(i)
    })
    .parse(i)?;
    Ok((i, (name, version)))
}

/// methodspec = [CFWS] method [CFWS] "=" [CFWS] result.
fn methodspec(i: &str) -> Res<'_, (String, Option<u32>, String)> {
    let (i, _) = opt(cfws).parse(i)?;
    let (i, (name, version)) = method(i)?;
    let (i, _) = (opt(cfws), char('='), opt(cfws)).parse(i)?;
    let (i, result) = context("a result", keyword).parse(i)?;
    Ok((i, (name, version, result)))
}

/// resinfo = [CFWS] ";" methodspec [ CFWS reasonspec ] [ CFWS 1*propspec ].
fn resinfo(i: &str) -> Res<'_, ResInfo> {
    let (i, _) = (opt(cfws), char(';')).parse(i)?;
    let (i, (method, method_version, result)) = cut(methodspec).parse(i)?;
    let (i, reason) = opt(|i| {
        let (i, _) = cfws(i)?;
        reasonspec(i)
    })
    .parse(i)?;
    let (i, props) = opt(|i| {
        let (i, _) = cfws(i)?;
        many1(propspec).parse(i)
    })
    .parse(i)?;
    Ok((
        i,
        ResInfo {
            method,
            method_version,
            result,
            reason,
            props: props.unwrap_or_default(),
        },
    ))
}

/// no-result = [CFWS] ";" [CFWS] "none", and nothing after it.
fn no_result(i: &str) -> Res<'_, Vec<ResInfo>> {
    let (i, _) = (opt(cfws), char(';'), opt(cfws), tag_no_case("none")).parse(i)?;
    let (i, _) = (opt(cfws), eof).parse(i)?;
    Ok((i, Vec::new()))
}

/// authres-version = 1*DIGIT [CFWS].
fn authres_version(i: &str) -> Res<'_, u32> {
    let (i, v) = number(i)?;
    let (i, _) = opt(cfws).parse(i)?;
    Ok((i, v))
}

/// authres-payload = [CFWS] authserv-id [ CFWS authres-version ]
/// ( no-result / 1*resinfo ) [CFWS], the whole value.
fn authres_payload(i: &str) -> Res<'_, AuthResults> {
    let (i, _) = opt(cfws).parse(i)?;
    let (i, authserv_id) = context("an authserv-id", value).parse(i)?;
    let (i, version) = opt(|i| {
        let (i, _) = cfws(i)?;
        authres_version(i)
    })
    .parse(i)?;
    let (i, results) = alt((no_result, many1(resinfo))).parse(i)?;
    let (i, _) = opt(cfws).parse(i)?;
    let (i, _) = context("';' or the end of the header", eof).parse(i)?;
    Ok((
        i,
        AuthResults {
            authserv_id,
            version,
            results,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(value: &str) -> (usize, &'static str) {
        let e = parse(value).unwrap_err();
        (e.offset(value.len()), e.what())
    }

    #[test]
    fn every_part_of_the_grammar_is_read() {
        let ar = parse(
            " \"mx.ex\\ample.org\" (id) 1 ; dkim / 1 = pass (good (nested \\) sig))\r\n\t\
             reason=\"ok \\\"fine\\\"\" header.d=Ex.Org header.b=ab/c+d=;\
             spf=PASS smtp . mailfrom = \"a b\"@ex.org;dmarc=none header.from=\"ex.org\" (end)",
        )
        .unwrap_err();
        // The CR LF above is not unfolded: a raw line break is refused.
        assert_eq!(ar.what(), "';' or the end of the header");
        let ar = parse(
            " \"mx.ex\\ample.org\" (id) 1 ; dkim / 1 = pass (good (nested \\) sig))\t\
             reason=\"ok \\\"fine\\\"\" header.d=Ex.Org header.b=ab/c+d=;\
             spf=PASS smtp . mailfrom = \"a b\"@ex.org;dmarc=none header.from=\"ex.org\" (end)",
        )
        .unwrap();
        assert_eq!(ar.authserv_id, "mx.example.org");
        assert_eq!(ar.version, Some(1));
        assert_eq!(ar.results.len(), 3);
        let dkim = &ar.results[0];
        assert_eq!(
            (
                dkim.method.as_str(),
                dkim.method_version,
                dkim.result.as_str()
            ),
            ("dkim", Some(1), "pass")
        );
        assert_eq!(dkim.reason.as_deref(), Some("ok \"fine\""));
        assert_eq!(dkim.props[0].domain.as_deref(), Some("ex.org"));
        assert_eq!(
            (
                dkim.props[1].value.as_str(),
                dkim.props[1].domain.as_deref()
            ),
            ("ab/c+d=", None)
        );
        let spf = &ar.results[1];
        assert_eq!(
            (spf.result.as_str(), spf.props[0].property.as_str()),
            ("pass", "mailfrom")
        );
        assert_eq!(spf.props[0].value, "\"a b\"@ex.org");
        assert_eq!(spf.props[0].domain.as_deref(), Some("ex.org"));
        let dmarc = &ar.results[2];
        assert_eq!(dmarc.props[0].value, "ex.org");
        assert_eq!(dmarc.props[0].domain.as_deref(), Some("ex.org"));
    }

    #[test]
    fn none_says_no_authentication_was_done() {
        for v in ["mx; none", " mx (c) ; (c) NONE (c) ", "mx 1;none"] {
            assert!(parse(v).unwrap().results.is_empty(), "{v}");
        }
        assert_eq!(err("mx; none; dkim=pass"), (8, "'='"));
        let ar = parse("mx; nonesuch=pass").unwrap();
        assert_eq!(ar.results[0].method, "nonesuch");
    }

    #[test]
    fn what_hides_in_quotes_comments_and_escapes_stays_hidden() {
        let ar = parse("mx; spf=pass smtp.mailfrom=\"x;dmarc=pass y\"@evil.org").unwrap();
        assert_eq!(ar.results.len(), 1);
        assert_eq!(ar.results[0].props[0].domain.as_deref(), Some("evil.org"));
        let ar = parse("mx; spf=fail (sender \\);dmarc=pass;\\( bad)").unwrap();
        assert_eq!(ar.results.len(), 1);
        let ar = parse("mx; spf=fail (a (b (c; dmarc=pass) d) e) smtp.mailfrom=ex.org").unwrap();
        assert_eq!(ar.results.len(), 1);
        assert_eq!(ar.results[0].props.len(), 1);
        // RFC 5322 has no quoted strings inside comments: the quote below
        // does not hide the ')' that closes the comment.
        assert_eq!(
            err("mx; spf=fail (domain of \"a);dmarc=pass;(\" is bad)"),
            (49, "a method")
        );
    }

    #[test]
    fn errors_say_what_was_expected_and_where() {
        assert_eq!(err(""), (0, "an authserv-id"));
        assert_eq!(err("mx"), (2, "';'"));
        assert_eq!(err("mx; dkim"), (8, "'='"));
        assert_eq!(err("mx; dkim="), (9, "a result"));
        assert_eq!(err("mx; dkim=pass header.d="), (23, "a property value"));
        assert_eq!(err("mx; dkim=pass header."), (21, "a property name"));
        assert_eq!(
            err("mx; dkim=pass junk"),
            (14, "';' or the end of the header")
        );
        assert_eq!(err("mx; dkim=pass (open"), (19, "')'"));
        assert_eq!(err("mx; dkim=pass reason=\"open"), (26, "'\"'"));
        assert_eq!(
            err("mx; dkim=pass (bad \\\u{7}"),
            (19, "a printable character after '\\'")
        );
        assert_eq!(err("mx; dkim/=pass"), (9, "a method version"));
        let deep = format!("mx; dkim=pass {}x{}", "(".repeat(9), ")".repeat(9));
        assert_eq!(err(&deep), (22, "comments nested at most 8 deep"));
        let ok = format!("mx; dkim=pass {}x{}", "(".repeat(8), ")".repeat(8));
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn domains_follow_rfc_6376() {
        assert_eq!(domain("Mail.Ex.CO.uk").as_deref(), Some("mail.ex.co.uk"));
        for bad in [
            "org", "ex.org.", "-ex.org", "ex-.org", "ex..org", "ex.org x", "ex_o.org",
        ] {
            assert_eq!(domain(bad), None, "{bad}");
        }
        let ar =
            parse("mx; dkim=pass header.d=ex.org. header.i=@ex.org header.s=a@b@ex.org").unwrap();
        let d: Vec<_> = ar.results[0]
            .props
            .iter()
            .map(|p| p.domain.as_deref())
            .collect();
        assert_eq!(d, [None, Some("ex.org"), None]);
    }
}
