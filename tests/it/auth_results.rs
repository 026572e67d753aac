//! Issue 34 item 5: the judge reads `Authentication-Results` by RFC 8601's
//! grammar, trusts only the topmost header of its own server, and counts
//! a pass only when it is aligned with the From domain (DMARC `pass` for
//! `header.from`; DKIM `pass` for `header.d` in the same organisational
//! domain; SPF alone never).
//!
//! The first tests are hand-written headers, hostile ones first; then the
//! headers that real servers (OpenDKIM, OpenDMARC) wrote, captured once by
//! `fixtures/auth_results/make.sh`; last, the same through the judge
//! (`dipspy serve --once` on Maildirs).

use crate::support::mailgame;

use dipspy::mail::authenticated;
use mailgame::{JUDGE, World, addr};
use std::io::Write;

const ID: &str = "mx.judge.test";

/// A header block with `ar` (whole header lines) on top, from `from`.
fn block(ar: &str, from: &str) -> Vec<u8> {
    format!(
        "{ar}Received: from client.example by mx.judge.test\r\nFrom: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\n\r\n"
    )
    .into_bytes()
}

/// Whether one `Authentication-Results` value on top vouches for `from`.
fn vouches(value: &str, from: &str) -> bool {
    authenticated(
        &block(&format!("Authentication-Results: {value}\r\n"), from),
        from,
        ID,
    )
}

// ---- Hostile headers: each was taken as a DMARC pass before ----

#[test]
fn a_result_inside_a_quoted_local_part_is_no_result() {
    let f = "france@ex.org";
    assert!(!vouches(
        "mx.judge.test; spf=pass smtp.mailfrom=\"x;dmarc=pass y\"@evil.org",
        f
    ));
    assert!(!vouches(
        "mx.judge.test; spf=pass smtp.mailfrom=\"x;dmarc=pass header.from=ex.org y\"@evil.org",
        f
    ));
}

#[test]
fn a_quote_inside_a_comment_hides_no_parenthesis() {
    assert!(!vouches(
        "mx.judge.test; spf=fail (domain of \"a);dmarc=pass;(\" is bad)",
        "france@ex.org"
    ));
}

#[test]
fn an_escaped_parenthesis_does_not_end_the_comment() {
    let f = "france@ex.org";
    assert!(!vouches(
        "mx.judge.test; spf=fail (sender \\);dmarc=pass;\\( bad)",
        f
    ));
    assert!(!vouches(
        "mx.judge.test; spf=fail (sender \\);dmarc=pass header.from=ex.org;\\( bad)",
        f
    ));
}

#[test]
fn a_dmarc_pass_without_header_from_vouches_for_nobody() {
    assert!(!vouches("mx.judge.test; dmarc=pass", "france@ex.org"));
    assert!(!vouches(
        "mx.judge.test; dmarc=pass (p=reject) policy.dmarc=reject",
        "france@ex.org"
    ));
}

#[test]
fn a_dkim_pass_for_a_public_suffix_is_not_aligned() {
    assert!(!vouches(
        "mx.judge.test; dkim=pass header.d=org",
        "france@ex.org"
    ));
    assert!(!vouches(
        "mx.judge.test; dkim=pass header.d=co.uk",
        "france@ex.co.uk"
    ));
}

#[test]
fn spf_alone_never_vouches() {
    assert!(!vouches(
        "mx.judge.test; spf=pass smtp.mailfrom=france@ex.org",
        "france@ex.org"
    ));
}

// ---- The grammar: what each part is ----

#[test]
fn quoted_strings_are_read_as_values() {
    let f = "france@ex.org";
    assert!(vouches(
        "\"mx.judge.test\"; dmarc=pass reason=\"all \\\"fine\\\"; really\" header.from=\"ex.org\"",
        f
    ));
    // A quoted header.from that is not one domain vouches for nobody.
    assert!(!vouches(
        "mx.judge.test; dmarc=pass header.from=\"evil.org ex.org\"",
        f
    ));
}

#[test]
fn nested_comments_are_skipped_whole() {
    let f = "france@ex.org";
    assert!(vouches(
        "mx.judge.test (a (nested (comment)) here); dkim=pass (key (1024-bit)) header.d=mail.ex.org",
        f
    ));
    // What a comment holds is no property.
    assert!(!vouches(
        "mx.judge.test; dmarc=pass (header.from=ex.org (nested)) header.from=evil.org",
        f
    ));
    // Nesting deeper than the limit is refused, not followed.
    let deep = format!(
        "mx.judge.test; dmarc=pass {}x{} header.from=ex.org",
        "(".repeat(40),
        ")".repeat(40)
    );
    assert!(!vouches(&deep, f));
}

#[test]
fn escapes_stand_for_the_character_after_them() {
    let f = "france@ex.org";
    assert!(vouches(
        "mx.judge.test; dmarc=pass (not \\(nested\\) \\\\) header.from=ex.org",
        f
    ));
    assert!(!vouches(
        "mx.judge.test; dmarc=pass (note \\) header.from=ex.org)",
        f
    ));
}

#[test]
fn none_means_nothing_was_checked() {
    let f = "france@ex.org";
    assert!(!vouches("mx.judge.test; none", f));
    let below = block(
        "Authentication-Results: mx.judge.test; none\r\nAuthentication-Results: mx.judge.test; dmarc=pass header.from=ex.org\r\n",
        f,
    );
    assert!(!authenticated(&below, f, ID));
}

#[test]
fn version_one_is_understood_and_no_other() {
    let f = "france@ex.org";
    assert!(vouches(
        "mx.judge.test 1; dmarc/1=pass header.from=ex.org",
        f
    ));
    assert!(vouches(
        "mx.judge.test (v) 1 ; dkim / 1 = pass header.d=ex.org",
        f
    ));
    assert!(!vouches(
        "mx.judge.test 2; dmarc=pass header.from=ex.org",
        f
    ));
    assert!(!vouches(
        "mx.judge.test; dmarc/2=pass header.from=ex.org",
        f
    ));
}

// ---- Which header is trusted ----

#[test]
fn a_pass_in_a_lower_header_is_ignored() {
    let f = "france@ex.org";
    let below = block(
        "Authentication-Results: mx.judge.test; dkim=fail header.d=ex.org\r\nReceived: by relay\r\nAuthentication-Results: mx.judge.test; dmarc=pass header.from=ex.org\r\n",
        f,
    );
    assert!(!authenticated(&below, f, ID));
}

#[test]
fn a_topmost_header_of_another_server_is_not_trusted() {
    let f = "france@ex.org";
    let other = block(
        "Authentication-Results: mx.other.test; dmarc=pass header.from=ex.org\r\nAuthentication-Results: mx.judge.test; dmarc=pass header.from=ex.org\r\n",
        f,
    );
    assert!(!authenticated(&other, f, ID));
    // The id is compared without regard to case.
    assert!(vouches("MX.Judge.TEST; dmarc=pass header.from=ex.org", f));
}

// ---- Alignment ----

#[test]
fn dkim_alignment_is_relaxed_by_the_public_suffix_list() {
    assert!(vouches(
        "mx.judge.test; dkim=pass header.d=mail.ex.co.uk",
        "france@ex.co.uk"
    ));
    assert!(vouches(
        "mx.judge.test; dkim=pass header.d=ex.co.uk",
        "france@mail.ex.co.uk"
    ));
    assert!(!vouches(
        "mx.judge.test; dkim=pass header.d=co.uk",
        "france@ex.co.uk"
    ));
    assert!(!vouches(
        "mx.judge.test; dkim=pass header.d=other.co.uk",
        "france@ex.co.uk"
    ));
    // DMARC's header.from is the From domain itself.
    assert!(!vouches(
        "mx.judge.test; dmarc=pass header.from=mail.ex.co.uk",
        "france@ex.co.uk"
    ));
}

// ---- Headers written by real servers ----

/// The captured message `name` (CRLF lines) and its From address.
fn captured(name: &str) -> (Vec<u8>, String) {
    let path = format!(
        "{}/fixtures/auth_results/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let text = String::from_utf8(raw.clone()).unwrap();
    let from = text
        .lines()
        .find_map(|l| l.strip_prefix("From: "))
        .unwrap()
        .trim()
        .to_string();
    (raw, from)
}

#[test]
fn opendkim_and_opendmarc_passes_are_trusted_when_aligned() {
    for name in [
        "signed_aligned",
        "signed_by_subdomain",
        "dkim_only_subdomain",
    ] {
        let (raw, from) = captured(name);
        assert!(authenticated(&raw, &from, ID), "{name}");
        // Only for the From domain, and only from the configured server.
        assert!(!authenticated(&raw, "france@ex.org", ID), "{name}");
        assert!(!authenticated(&raw, &from, "mx.other.test"), "{name}");
    }
}

#[test]
fn opendkim_and_opendmarc_failures_and_unaligned_passes_are_not() {
    for name in [
        "forged_unsigned",
        "tampered_body",
        "signed_by_other_domain",
        "no_dmarc_record",
        "dkim_only_other_domain",
        "dkim_only_tampered",
        "forged_header_below",
    ] {
        let (raw, from) = captured(name);
        assert!(!authenticated(&raw, &from, ID), "{name}");
    }
}

// ---- Through the judge ----

/// Appends TOML to the judge's configuration.
fn configure(w: &World, toml: &str) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&w.cfg)
        .unwrap();
    writeln!(f, "\n{toml}").unwrap();
}

/// Delivers the header block of `headers` with a new body.
fn deliver(w: &mut World, headers: &[u8], body: &str) {
    let cut = headers
        .windows(4)
        .position(|x| x == b"\r\n\r\n")
        .map_or(headers.len(), |i| i + 4);
    let mut raw = headers[..cut].to_vec();
    raw.extend_from_slice(body.as_bytes());
    w.n += 1;
    dipspy::mail::deliver_to_maildir(&w.dir.path().join("in"), &raw).unwrap();
}

#[test]
fn the_judge_takes_a_sign_on_without_password_only_on_an_aligned_pass() {
    let mut w = World::started("password_optional=yes");
    configure(&w, "[auth]\nauthserv_id = \"mx.judge.test\"");
    // Real headers: an aligned DKIM signature by a subdomain, passed by
    // OpenDMARC; a forged verdict below the servers' own; another
    // domain's signature.
    let (ok, from) = captured("signed_by_subdomain");
    assert_eq!(from, addr("germany"));
    deliver(&mut w, &ok, "SIGNON G vet\r\nA mun - ruh\r\n");
    let (forged, from) = captured("forged_header_below");
    assert_eq!(from, addr("france"));
    deliver(&mut w, &forged, "SIGNON F vet\r\nA par - pic\r\n");
    let (other, from) = captured("signed_by_other_domain");
    assert_eq!(from, addr("italy"));
    deliver(&mut w, &other, "SIGNON I vet\r\nA ven - tyr\r\n");
    // Hand-written: a result hidden in a quoted local part.
    let hidden = format!(
        "Authentication-Results: mx.judge.test; spf=pass smtp.mailfrom=\"x;dmarc=pass y\"@players.test\r\n\
         From: {}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <hidden@players.test>\r\n\r\n",
        addr("austria")
    );
    deliver(&mut w, hidden.as_bytes(), "SIGNON A vet\r\nA vie - gal\r\n");
    w.pass();
    assert!(w.orders_show("germany").contains("A mun - ruh"));
    assert!(!w.orders_show("france").contains("A par - pic"));
    assert!(!w.orders_show("italy").contains("A ven - tyr"));
    assert!(!w.orders_show("austria").contains("A vie - gal"));
    for p in ["france", "italy", "austria"] {
        assert!(
            w.mails(&addr(p))
                .iter()
                .any(|m| m.contains("the password may be left out only in mail")),
            "{p} is told why"
        );
    }
}
