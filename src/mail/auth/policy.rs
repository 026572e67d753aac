//! What in a trusted `Authentication-Results` header vouches for the From
//! domain: a pass counts only when it is aligned with that domain.
//!
//! - DMARC `pass` whose `header.from` is the From domain.
//! - DKIM `pass` whose `header.d` is aligned with the From domain in
//!   DMARC's relaxed sense (RFC 7489 3.1.1): the same organisational
//!   domain, found with the public suffix list (`mail.ex.co.uk` and
//!   `ex.co.uk` are aligned; `co.uk` and `ex.co.uk` are not).
//! - SPF never: it vouches for the envelope sender, not the From.
//!
//! A DMARC `fail` for the From domain vetoes every pass: the domain's own
//! policy (strict alignment, say) said the mail is not its.
//! Each property must appear exactly once in its result, and only
//! method version 1 (or none given) is understood.

use super::grammar::{AuthResults, ResInfo};

/// Whether `ar` (already known to come from the trusted server) vouches
/// for `from_domain` (a domain name in lower case).
pub(super) fn vouches(ar: &AuthResults, from_domain: &str) -> bool {
    let understood = |r: &&ResInfo| r.method_version.is_none_or(|v| v == 1);
    let mut pass = false;
    for r in ar.results.iter().filter(understood) {
        match (r.method.as_str(), r.result.as_str()) {
            ("dmarc", "fail") if only_domain(r, "header", "from") == Some(from_domain) => {
                return false;
            }
            ("dmarc", "pass") => {
                pass |= only_domain(r, "header", "from") == Some(from_domain);
            }
            ("dkim", "pass") => {
                pass |= only_domain(r, "header", "d").is_some_and(|d| aligned(d, from_domain));
            }
            _ => {}
        }
    }
    pass
}

/// The domain of the one `ptype.property` item of `r`, if there is
/// exactly one and it names a domain.
fn only_domain<'a>(r: &'a ResInfo, ptype: &'a str, property: &'a str) -> Option<&'a str> {
    let mut named = r.props_named(ptype, property);
    let first = named.next()?;
    if named.next().is_some() {
        return None;
    }
    first.domain.as_deref()
}

/// Relaxed alignment: the same domain, or the same organisational domain
/// (one label below the longest public suffix). A public suffix itself
/// has none, so it aligns only with itself.
pub(super) fn aligned(a: &str, b: &str) -> bool {
    a == b || organisational(a).is_some_and(|o| Some(o) == organisational(b))
}

/// The organisational domain of `domain` (lower case, no trailing dot).
fn organisational(domain: &str) -> Option<&str> {
    psl::domain_str(domain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::auth::grammar::parse;

    fn vouch(value: &str, from: &str) -> bool {
        vouches(&parse(value).unwrap(), from)
    }

    #[test]
    fn relaxed_alignment_follows_the_public_suffix_list() {
        assert!(aligned("mail.ex.co.uk", "ex.co.uk"));
        assert!(aligned("ex.co.uk", "a.b.ex.co.uk"));
        assert!(!aligned("co.uk", "ex.co.uk"));
        assert!(!aligned("uk", "ex.co.uk"));
        assert!(!aligned("other.co.uk", "ex.co.uk"));
        assert!(!aligned("org", "ex.org"));
        assert!(aligned("players.test", "mx.players.test"));
    }

    #[test]
    fn only_aligned_dmarc_or_dkim_passes_vouch() {
        assert!(vouch("mx; dmarc=pass header.from=ex.org", "ex.org"));
        assert!(!vouch("mx; dmarc=pass header.from=ex.net", "ex.org"));
        assert!(!vouch("mx; dmarc=pass", "ex.org"));
        assert!(!vouch(
            "mx; dmarc=pass header.from=ex.org header.from=ex.net",
            "ex.org"
        ));
        assert!(vouch("mx; dkim=pass header.d=mail.ex.org", "ex.org"));
        assert!(!vouch("mx; dkim=pass header.i=@ex.org", "ex.org"));
        assert!(!vouch("mx; spf=pass smtp.mailfrom=ex.org", "ex.org"));
        assert!(!vouch("mx; none", "ex.org"));
    }

    #[test]
    fn a_dmarc_fail_for_the_from_domain_vetoes_and_versions_must_be_one() {
        assert!(!vouch(
            "mx; dkim=pass header.d=mail.ex.org; dmarc=fail header.from=ex.org",
            "ex.org"
        ));
        assert!(vouch(
            "mx; dkim/1=pass header.d=ex.org; dmarc=fail header.from=ex.net",
            "ex.org"
        ));
        assert!(!vouch("mx; dkim/2=pass header.d=ex.org", "ex.org"));
    }
}
