//! Sender authentication, taken from the `Authentication-Results` header
//! (RFC 8601) that the judge's own receiving server writes: dipspy
//! verifies no DKIM signature or SPF record itself.
//!
//! The header is trusted only when it is the topmost one (a server
//! prepends its header above everything the sender wrote; `header.rs`),
//! it reads by RFC 8601's grammar (`grammar.rs`: quoted strings, nested
//! comments and escapes are what they are, so nothing inside them counts
//! as a result), its authserv-id is the configured `[auth] authserv_id`
//! (case-insensitive) and its version, if given, is 1. What in it vouches
//! for the From domain is `policy.rs`: an aligned DMARC or DKIM pass,
//! never SPF alone.
//!
//! Anything else (no header, another server's, a header that does not
//! parse or is too long) authenticates nothing; an unreadable one is
//! logged with what was expected and where.

mod grammar;
mod header;
mod policy;
mod syntax_error;

pub(super) use grammar::AuthResults;

/// Why the topmost `Authentication-Results` header could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum ReadError {
    /// Too long or not UTF-8.
    #[error(transparent)]
    Field(#[from] header::FieldError),
    /// Not RFC 8601 syntax.
    #[error("the topmost Authentication-Results header: expected {expected} at byte {at}")]
    Syntax {
        /// What the grammar expected.
        expected: &'static str,
        /// Where, in bytes from the start of the unfolded value.
        at: usize,
    },
}

/// The topmost `Authentication-Results` header of the header block
/// `headers`, parsed; `Ok(None)` when there is none.
pub(super) fn read_topmost(headers: &[u8]) -> Result<Option<AuthResults>, ReadError> {
    let Some(value) = header::topmost(headers)? else {
        return Ok(None);
    };
    grammar::parse(&value)
        .map(Some)
        .map_err(|e| ReadError::Syntax {
            expected: e.what(),
            at: e.offset(value.len()),
        })
}

/// Whether the mail whose header block is `headers` is authenticated as
/// coming from `from`'s domain, by the server named `authserv_id`.
pub fn authenticated(headers: &[u8], from: &str, authserv_id: &str) -> bool {
    let Some(from_domain) = from
        .rsplit_once('@')
        .and_then(|(_, d)| grammar::domain(d.trim()))
    else {
        return false;
    };
    let ar = match read_topmost(headers) {
        Ok(Some(ar)) => ar,
        Ok(None) => return false,
        Err(error) => {
            tracing::info!(%error, "the sender is not authenticated");
            return false;
        }
    };
    ar.authserv_id.eq_ignore_ascii_case(authserv_id.trim())
        && ar.version.is_none_or(|v| v == 1)
        && policy::vouches(&ar, &from_domain)
}

#[cfg(test)]
mod tests {
    use super::{ReadError, authenticated, read_topmost};

    const ID: &str = "mx.judge.example";

    fn h(ar: &str) -> Vec<u8> {
        format!("Received: by mx\r\n{ar}From: anne@example.org\r\nSubject: x\r\n\r\nbody")
            .into_bytes()
    }

    #[test]
    fn only_the_configured_servers_pass_counts() {
        let dmarc = h(
            "Authentication-Results: mx.judge.example;\r\n dmarc=pass (p=reject) header.from=example.org\r\n",
        );
        assert!(authenticated(&dmarc, "anne@example.org", ID));
        assert!(authenticated(
            &dmarc,
            "anne@EXAMPLE.org",
            "MX.Judge.Example "
        ));
        // The same verdict from another server (or the sender) is not trusted.
        let other =
            h("Authentication-Results: mx.evil.example; dmarc=pass header.from=example.org\r\n");
        assert!(!authenticated(&other, "anne@example.org", ID));
        // Only the topmost header counts.
        let below = h(
            "Authentication-Results: mx.judge.example; dkim=fail\r\nAuthentication-Results: mx.judge.example; dmarc=pass header.from=example.org\r\n",
        );
        assert!(!authenticated(&below, "anne@example.org", ID));
        assert!(!authenticated(&h(""), "anne@example.org", ID));
        let fail =
            h("Authentication-Results: mx.judge.example; dmarc=fail header.from=example.org\r\n");
        assert!(!authenticated(&fail, "anne@example.org", ID));
    }

    #[test]
    fn a_version_other_than_one_or_a_bad_from_is_not_trusted() {
        let v1 =
            h("Authentication-Results: mx.judge.example 1; dmarc=pass header.from=example.org\r\n");
        assert!(authenticated(&v1, "anne@example.org", ID));
        let v2 =
            h("Authentication-Results: mx.judge.example 2; dmarc=pass header.from=example.org\r\n");
        assert!(!authenticated(&v2, "anne@example.org", ID));
        assert!(!authenticated(&v1, "anne", ID));
        assert!(!authenticated(&v1, "anne@example.org.", ID));
    }

    #[test]
    fn every_header_real_servers_wrote_reads() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/auth_results");
        let mut read = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let raw = std::fs::read(&path).unwrap();
            // Each Authentication-Results field, read as if it were on top.
            let starts = raw
                .split_inclusive(|&b| b == b'\n')
                .scan(0, |at, line| {
                    let start = *at;
                    *at += line.len();
                    Some((start, line))
                })
                .filter(|(_, line)| line.starts_with(b"Authentication-Results:"));
            for (start, _) in starts {
                let ar = read_topmost(&raw[start..])
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
                    .unwrap();
                assert_eq!(ar.authserv_id, "mx.judge.test");
                for r in ar.results.iter().filter(|r| r.method == "dkim") {
                    let b: Vec<_> = r.props_named("header", "b").collect();
                    assert_eq!(b.len(), 1, "{}", path.display());
                    assert_eq!(b[0].value.len(), 8, "{}", path.display());
                }
                read += 1;
            }
        }
        assert!(read >= 20, "{read} headers read");
    }

    #[test]
    fn an_unreadable_header_says_what_was_expected_and_where() {
        let e = read_topmost(&h(
            "Authentication-Results: mx.judge.example; dkim=pass;\r\n",
        ));
        assert_eq!(
            e,
            Err(ReadError::Syntax {
                expected: "a method",
                at: 29
            })
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "the topmost Authentication-Results header: expected a method at byte 29"
        );
    }
}
