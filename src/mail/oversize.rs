//! Mail too large to store: a mail over [`store_limit`] is never read
//! whole (the Maildir file's size and IMAP's `RFC822.SIZE` are looked at
//! first); only its first bytes are stored, with a line saying how large
//! it was, and the inbox quarantines it by its stored size like any mail
//! over the size limit. The mail behind it is read as usual.

use super::Limits;

/// The most of one mail the judge stores: four times the size it reads
/// (so that a mail quarantined as too large can still be released whole),
/// and at least 64 KiB.
pub(crate) fn store_limit(limits: Limits) -> usize {
    limits.max_message_bytes.saturating_mul(4).max(64 * 1024)
}

/// What is stored of a mail of `full_size` bytes of which `prefix` is the
/// beginning: the prefix (its headers and the start of its body) and a
/// line saying the rest was left out.
pub(crate) fn truncated(prefix: &[u8], full_size: u64) -> Vec<u8> {
    let mut raw = prefix.to_vec();
    let has_body = raw.windows(4).any(|w| w == b"\r\n\r\n") || raw.windows(2).any(|w| w == b"\n\n");
    raw.extend_from_slice(if has_body { b"\r\n" } else { b"\r\n\r\n" });
    raw.extend_from_slice(
        format!(
            "[dipspy: this mail was {full_size} bytes long; only its first {} bytes were stored]\r\n",
            prefix.len()
        )
        .as_bytes(),
    );
    raw
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_truncated_mail_keeps_its_headers_and_says_how_large_it_was() {
        let raw = truncated(b"From: a@b.c\r\nSubject: big\r\n\r\nAAAA", 5_000_000_000);
        let text = String::from_utf8(raw).unwrap();
        assert!(text.starts_with("From: a@b.c\r\nSubject: big\r\n\r\nAAAA"));
        assert!(
            text.contains("this mail was 5000000000 bytes long"),
            "{text}"
        );
    }
}
