//! Sender authentication, taken from the `Authentication-Results` header
//! (RFC 8601) that the judge's own receiving server writes: dipspy
//! verifies no DKIM signature or SPF record itself. The configured
//! `[auth] authserv_id` names that server; only the topmost
//! `Authentication-Results` header counts, and only when it carries that
//! id (a server prepends its header above everything the sender wrote).
//!
//! A mail is authenticated when that header says `dmarc=pass`, or
//! `dkim=pass` for the From domain (`header.d`), or `spf=pass` for the
//! From domain (`smtp.mailfrom`).

/// Whether the mail whose header block is `headers` is authenticated as
/// coming from `from`'s domain, by the server named `authserv_id`.
pub fn authenticated(headers: &[u8], from: &str, authserv_id: &str) -> bool {
    let Some(value) = first_header(headers, "authentication-results") else {
        return false;
    };
    let from_domain = match from.rsplit_once('@') {
        Some((_, d)) if !d.is_empty() => d.trim().to_ascii_lowercase(),
        _ => return false,
    };
    let value = strip_comments(&value);
    let mut parts = value.split(';');
    let id = parts
        .next()
        .and_then(|s| s.split_whitespace().next())
        .unwrap_or("");
    if !id.eq_ignore_ascii_case(authserv_id.trim()) {
        return false;
    }
    let aligned = |d: &str| {
        let d = d
            .trim()
            .trim_matches('"')
            .rsplit('@')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        !d.is_empty() && (from_domain == d || from_domain.ends_with(&format!(".{d}")))
    };
    for res in parts {
        let mut words = res.split_whitespace();
        let Some((method, result)) = words.next().and_then(|w| w.split_once('=')) else {
            continue;
        };
        if !result.eq_ignore_ascii_case("pass") {
            continue;
        }
        let props: Vec<(String, String)> = words
            .filter_map(|w| w.split_once('='))
            .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
            .collect();
        let prop = |k: &str| props.iter().find(|(p, _)| p == k).map(|(_, v)| v.as_str());
        let pass = match method.to_ascii_lowercase().as_str() {
            "dmarc" => prop("header.from").is_none_or(aligned),
            "dkim" => prop("header.d").or(prop("header.i")).is_some_and(aligned),
            "spf" => prop("smtp.mailfrom").is_some_and(aligned),
            _ => false,
        };
        if pass {
            return true;
        }
    }
    false
}

/// The unfolded value of the first header called `name`.
fn first_header(headers: &[u8], name: &str) -> Option<String> {
    let text = String::from_utf8_lossy(headers);
    let mut found: Option<String> = None;
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            break;
        }
        if line.starts_with([' ', '\t']) {
            if let Some(f) = found.as_mut() {
                f.push(' ');
                f.push_str(line.trim());
            }
            continue;
        }
        if found.is_some() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.trim().eq_ignore_ascii_case(name)
        {
            found = Some(v.trim().to_string());
        }
    }
    found
}

/// The text without its (nested) comments in parentheses.
fn strip_comments(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::authenticated;

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
        // The same verdict from another server (or the sender) is not trusted.
        let other =
            h("Authentication-Results: mx.evil.example; dmarc=pass header.from=example.org\r\n");
        assert!(!authenticated(&other, "anne@example.org", ID));
        // Only the topmost header counts.
        let below = h(
            "Authentication-Results: mx.judge.example; dkim=fail\r\nAuthentication-Results: mx.judge.example; dmarc=pass\r\n",
        );
        assert!(!authenticated(&below, "anne@example.org", ID));
        // DKIM and SPF pass only for the From domain.
        let dkim =
            h("Authentication-Results: mx.judge.example; dkim=pass header.d=example.org\r\n");
        assert!(authenticated(&dkim, "anne@example.org", ID));
        assert!(!authenticated(&dkim, "anne@other.org", ID));
        let spf = h(
            "Authentication-Results: mx.judge.example; spf=pass smtp.mailfrom=bounce@evil.org\r\n",
        );
        assert!(!authenticated(&spf, "anne@example.org", ID));
        let none = h("");
        assert!(!authenticated(&none, "anne@example.org", ID));
        let fail =
            h("Authentication-Results: mx.judge.example; dmarc=fail header.from=example.org\r\n");
        assert!(!authenticated(&fail, "anne@example.org", ID));
    }
}
