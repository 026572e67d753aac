//! The topmost `Authentication-Results` field of a header block, unfolded,
//! and no longer than [`MAX_VALUE_LEN`].
//!
//! A receiving server prepends its own header above everything the sender
//! wrote, so only the first such field in the block can be the server's;
//! any lower one may be the sender's and is never read.

/// The longest unfolded value read (bytes); a longer one is not trusted.
pub(super) const MAX_VALUE_LEN: usize = 8 * 1024;

/// Why the topmost field could not be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum FieldError {
    /// Longer than [`MAX_VALUE_LEN`] once unfolded.
    #[error("the topmost Authentication-Results header is longer than {MAX_VALUE_LEN} bytes")]
    TooLong,
    /// Not valid UTF-8.
    #[error("the topmost Authentication-Results header is not valid UTF-8")]
    NotUtf8,
}

/// The unfolded value of the first `Authentication-Results` field in
/// `headers` (the header block, up to the blank line; anything after a
/// blank line is ignored), or `None` when there is none.
pub(super) fn topmost(headers: &[u8]) -> Result<Option<String>, FieldError> {
    let mut value: Option<Vec<u8>> = None;
    for line in headers.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        let continuation = matches!(line.first(), Some(b' ' | b'\t'));
        match value.as_mut() {
            // Unfolding removes the line break and keeps the white space.
            Some(v) if continuation => {
                v.extend_from_slice(line);
                if v.len() > MAX_VALUE_LEN {
                    return Err(FieldError::TooLong);
                }
            }
            Some(_) => break,
            None if continuation => {}
            None => {
                let Some(colon) = line.iter().position(|&b| b == b':') else {
                    continue;
                };
                let name = line[..colon].trim_ascii();
                if name.eq_ignore_ascii_case(b"authentication-results") {
                    let v = line[colon + 1..].to_vec();
                    if v.len() > MAX_VALUE_LEN {
                        return Err(FieldError::TooLong);
                    }
                    value = Some(v);
                }
            }
        }
    }
    value
        .map(|v| String::from_utf8(v).map_err(|_| FieldError::NotUtf8))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_field_is_taken_unfolded_and_the_rest_ignored() {
        let h = b"Received: by mx\r\n (x)\r\nAuthentication-Results: mx;\r\n\tdkim=pass\r\nauthentication-results: lower; dmarc=pass\r\n\r\nAuthentication-Results: body\r\n";
        assert_eq!(topmost(h).unwrap().as_deref(), Some(" mx;\tdkim=pass"));
        assert_eq!(
            topmost(b"From: a@b.c\n\nAuthentication-Results: x; none\n"),
            Ok(None)
        );
    }

    #[test]
    fn an_overlong_or_broken_field_is_refused() {
        let long = format!(
            "Authentication-Results: mx;{}\r\n",
            "\r\n (folded)".repeat(MAX_VALUE_LEN / 9 + 1)
        );
        assert_eq!(topmost(long.as_bytes()), Err(FieldError::TooLong));
        assert_eq!(
            topmost(b"Authentication-Results: mx; none \xff\r\n"),
            Err(FieldError::NotUtf8)
        );
    }
}
