//! `[web] public_url`: the pages' address as players reach them, which
//! the one-time links mailed to players point to. It must be an absolute
//! `http(s)` address without a query or a fragment, and `https` unless
//! its host is this machine's loopback (a link carries what opens a
//! power's page: over plain http anyone on the way could use it first).

/// Why `url` cannot be `[web] public_url`, if it cannot.
pub(super) fn problem(url: &str) -> Option<String> {
    let shown = format!("[web] public_url = {url:?}");
    let lower = url.to_ascii_lowercase();
    let (https, rest) = if let Some(r) = lower.strip_prefix("https://") {
        (true, r)
    } else if let Some(r) = lower.strip_prefix("http://") {
        (false, r)
    } else {
        return Some(format!(
            "{shown}: not an absolute http(s) address (write it as https://diplomacy.example.org)"
        ));
    };
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some(format!("{shown}: an address has no spaces"));
    }
    if url.contains(['?', '#']) {
        return Some(format!(
            "{shown}: the address of the pages takes no ?query or #fragment"
        ));
    }
    let authority = rest.split('/').next().unwrap_or("");
    if authority.contains('@') {
        return Some(format!(
            "{shown}: the address takes no user name or password"
        ));
    }
    let Some(host) = host_of(authority) else {
        return Some(format!(
            "{shown}: no host, or a host or port that cannot be read"
        ));
    };
    if !https && !loopback(host) {
        return Some(format!(
            "{shown}: the links would travel unencrypted; use https (plain http only for a loopback host: localhost, 127.0.0.1, [::1])"
        ));
    }
    None
}

/// The host of `authority` (`host`, `host:port`, `[v6]:port`), if it
/// reads as one.
fn host_of(authority: &str) -> Option<&str> {
    let (host, port) = if let Some(r) = authority.strip_prefix('[') {
        let (v6, after) = r.split_once(']')?;
        if v6.is_empty()
            || !v6
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
        {
            return None;
        }
        (&authority[..v6.len() + 2], after.strip_prefix(':'))
    } else {
        match authority.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        }
    };
    if let Some(p) = port
        && !p.parse::<u16>().is_ok_and(|p| p > 0)
    {
        return None;
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    if host.is_empty() || (!host.starts_with('[') && !host.chars().all(plain)) {
        return None;
    }
    Some(host)
}

/// Whether `host` is this machine's loopback.
fn loopback(host: &str) -> bool {
    host == "localhost"
        || host.ends_with(".localhost")
        || host == "[::1]"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|a| a.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn good_addresses_pass() {
        for u in [
            "https://diplomacy.example.org",
            "https://diplomacy.example.org/",
            "https://example.org:8443/dipspy",
            "http://127.0.0.1:8080",
            "http://localhost:8080/",
            "http://[::1]:8080",
            "https://[2001:db8::1]",
        ] {
            assert_eq!(problem(u), None, "{u}");
        }
    }

    #[test]
    fn bad_addresses_are_refused_saying_why() {
        for (u, why) in [
            ("diplomacy.example.org", "absolute"),
            ("ftp://example.org", "absolute"),
            ("/games", "absolute"),
            ("https://example.org/?x=1", "query"),
            ("https://example.org/#top", "fragment"),
            ("https://", "no host"),
            ("https://example.org:http", "port"),
            ("https://example.org:0", "port"),
            ("https://bob@example.org", "user name"),
            ("https://exa mple.org", "spaces"),
            ("http://diplomacy.example.org", "use https"),
            ("http://10.0.0.1:8080", "use https"),
        ] {
            let p = problem(u).unwrap_or_else(|| panic!("{u} passed"));
            assert!(
                p.contains(why) && p.contains("[web] public_url"),
                "{u}: {p}"
            );
        }
    }

    #[test]
    fn a_file_with_a_bad_public_url_is_refused_naming_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("judge.toml");
        let good = "[web]\nlisten = \"127.0.0.1:8080\"\npublic_url = \"https://d.example.org\"\n";
        std::fs::write(&f, good).unwrap();
        let c = crate::config::Config::load(&f).unwrap();
        assert_eq!(c.web.public_url.as_deref(), Some("https://d.example.org"));
        std::fs::write(&f, good.replace("https://d.", "http://d.")).unwrap();
        let e = crate::config::Config::load(&f).unwrap_err().to_string();
        assert!(
            e.contains("judge.toml") && e.contains("line 3") && e.contains("use https"),
            "{e}"
        );
    }
}
