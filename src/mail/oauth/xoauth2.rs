//! SASL XOAUTH2: the initial response `user=U^Aauth=Bearer T^A^A`. When
//! the token is refused the server sends a second challenge (a JSON
//! error); the client must answer it with an empty line, after which the
//! server gives its final refusal.

/// The XOAUTH2 initial response for `user` with `token` (before base64).
pub(crate) fn initial_response(user: &str, token: &str) -> String {
    format!("user={user}\x01auth=Bearer {token}\x01\x01")
}

/// async-imap's side of AUTHENTICATE XOAUTH2.
pub struct ImapXoauth2 {
    response: String,
    /// What the server said in a second challenge (its error), if any.
    pub refusal: Option<String>,
    sent: bool,
}

impl ImapXoauth2 {
    /// The authenticator for `user` with the access token `token`.
    pub fn new(user: &str, token: &str) -> ImapXoauth2 {
        ImapXoauth2 {
            response: initial_response(user, token),
            refusal: None,
            sent: false,
        }
    }
}

impl async_imap::Authenticator for &mut ImapXoauth2 {
    type Response = String;

    fn process(&mut self, challenge: &[u8]) -> String {
        if self.sent {
            // The server's error (JSON); answered empty so that it ends
            // the exchange with NO.
            self.refusal = Some(String::from_utf8_lossy(challenge).into_owned());
            return String::new();
        }
        self.sent = true;
        self.response.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_imap::Authenticator;

    #[test]
    fn the_first_challenge_gets_the_token_and_a_second_an_empty_answer() {
        let mut a = ImapXoauth2::new("judge@example.org", "tok");
        let mut r = &mut a;
        assert_eq!(
            r.process(b""),
            "user=judge@example.org\x01auth=Bearer tok\x01\x01"
        );
        assert_eq!(r.process(br#"{"status":"401"}"#), "");
        assert_eq!(a.refusal.as_deref(), Some(r#"{"status":"401"}"#));
    }
}
