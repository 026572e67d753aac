//! One-time links that open a power's web page, mailed to the power's
//! registered address (issue 38).
//!
//! A link carries a 256-bit token the web pages draw from the system's
//! random source; only its SHA-256 is stored (`web_links`), with the
//! game, the power and the address it was mailed to. It is good for
//! [`LINK_MINUTES`], once, and only while the power is still played from
//! that address. Asking for one never names an address: the link goes to
//! the power's registered address or nowhere, and at most
//! [`LINKS_PER_HOUR`] are made for a power in an hour, counted from the
//! table before anything is mailed. The link's row and its mail (in the
//! player's language) are written in one transaction; the mail loop
//! sends it.

use super::MailError;
use super::outbox::{NewMail, queue, reader_lang};
use crate::judge::JudgeSettings;
use crate::store::{NewWebLink, Store, parse_time, time_text};
use crate::text::Args;
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

/// How long a link is good for, in minutes.
pub const LINK_MINUTES: i64 = 15;

/// The most links made for one power in an hour.
pub const LINKS_PER_HOUR: i64 = 3;

/// What became of a request for a link. The page that asked shows the
/// same answer whatever it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkAsked {
    /// A link was queued for the power's registered address.
    Mailed,
    /// Nobody plays the power (or there is no such game or power):
    /// nothing was mailed.
    Nobody,
    /// The power had its [`LINKS_PER_HOUR`] already: nothing was mailed.
    TooMany,
}

/// Why a link opened nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkRefused {
    /// No link has this token.
    Unknown,
    /// The link is another power's (or another game's).
    Elsewhere,
    /// The link's time is over.
    Expired,
    /// The link was used already.
    Used,
    /// The power is no longer played from the address the link was
    /// mailed to.
    NewPlayer,
}

/// What a link opens: the power's page, for its player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkOpens {
    /// The game's stored name.
    pub game: String,
    /// The power's stored name.
    pub power: String,
    /// The address the power is played from (the link's).
    pub email: String,
}

/// The stored form of a link's token: its SHA-256, in hex.
pub fn link_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Makes a one-time link with `token` for `power` of `game`, for the
/// pages at `public_url`, and queues it to the power's registered
/// address in the player's language, in one transaction with its row;
/// nothing when nobody plays the power or it had its links for the
/// hour. The token itself is never stored nor logged.
pub fn web_link(
    st: &mut Store,
    js: &JudgeSettings,
    game: &str,
    power: &str,
    public_url: &str,
    token: &str,
    now: DateTime<Utc>,
) -> Result<LinkAsked, MailError> {
    crate::text::install();
    st.batch(|st| -> Result<LinkAsked, MailError> {
        let Ok(info) = crate::game::signon_info(st, game, power) else {
            return Ok(LinkAsked::Nobody);
        };
        let Some(email) = info.email.clone() else {
            tracing::info!(game = %info.game, power = %info.power, "a link asked for a power nobody plays: nothing mailed");
            return Ok(LinkAsked::Nobody);
        };
        let since = time_text(now - Duration::hours(1));
        let made = st
            .read()
            .web_links_since(info.game_id, &info.power, &since)?;
        if made >= LINKS_PER_HOUR {
            tracing::warn!(game = %info.game, power = %info.power, made, "a link asked for a power that had its links for the hour: nothing mailed");
            return Ok(LinkAsked::TooMany);
        }
        let url = format!(
            "{}/games/{}/powers/{}/link/{token}",
            public_url.trim_end_matches('/'),
            info.game,
            info.power
        );
        st.write(|c| -> Result<(), MailError> {
            c.insert_web_link(&NewWebLink {
                token_hash: &link_hash(token),
                game_id: info.game_id,
                power: &info.power,
                email: &email,
                created_at: &time_text(now),
                expires_at: &time_text(now + Duration::minutes(LINK_MINUTES)),
            })?;
            let lang = reader_lang(c, js, &info.game, &email);
            let args = Args::new()
                .str("game", info.game.as_str())
                .power("power", info.power.as_str())
                .str("link", url.as_str())
                .num("minutes", LINK_MINUTES as f64);
            let mail = crate::text::mail(lang, "mail-web-link", &args);
            queue(
                c,
                &NewMail {
                    to: email.clone(),
                    subject: mail.subject,
                    body: mail.body,
                    in_reply_to: None,
                    inbox_id: None,
                    announcement_id: None,
                },
                &js.address,
                now,
            )?;
            Ok(())
        })?;
        tracing::info!(game = %info.game, power = %info.power, "a one-time link queued to the power's address");
        Ok(LinkAsked::Mailed)
    })
}

/// Uses the link whose token is `token` to open `power`'s page in
/// `game`, in one transaction: the link must be there, be that power's,
/// unexpired and unused, and the power still played from the address it
/// was mailed to; then it is marked used (only the first use wins).
pub fn use_web_link(
    st: &mut Store,
    game: &str,
    power: &str,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Result<LinkOpens, LinkRefused>, MailError> {
    st.batch(|st| -> Result<Result<LinkOpens, LinkRefused>, MailError> {
        if token.is_empty() {
            return Ok(Err(LinkRefused::Unknown));
        }
        let Some(link) = st.read().web_link(&link_hash(token))? else {
            return Ok(Err(LinkRefused::Unknown));
        };
        let Ok(info) = crate::game::signon_info(st, game, power) else {
            return Ok(Err(LinkRefused::Elsewhere));
        };
        if link.game_id != info.game_id || link.power != info.power {
            return Ok(Err(LinkRefused::Elsewhere));
        }
        if parse_time(&link.expires_at).is_none_or(|end| now >= end) {
            return Ok(Err(LinkRefused::Expired));
        }
        if link.used_at.is_some() {
            return Ok(Err(LinkRefused::Used));
        }
        let still = info
            .email
            .as_deref()
            .is_some_and(|e| e.trim().eq_ignore_ascii_case(link.email.trim()));
        if !still {
            return Ok(Err(LinkRefused::NewPlayer));
        }
        if st.write(|c| c.use_web_link(link.id, &time_text(now)))? != 1 {
            return Ok(Err(LinkRefused::Used));
        }
        Ok(Ok(LinkOpens {
            game: info.game,
            power: info.power,
            email: link.email,
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_sha256_in_hex() {
        assert_eq!(
            link_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

/// `body` with every one-time link's token taken out (`/link/` and 64
/// hex digits), once its mail is sent: the outbox keeps the mail, not a
/// token that opens a page. None when it holds no link.
pub(super) fn spent(body: &str) -> Option<String> {
    const MARK: &str = "/link/";
    if !body.contains(MARK) {
        return None;
    }
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    let mut changed = false;
    while let Some(i) = rest.find(MARK) {
        let after = &rest[i + MARK.len()..];
        let hex = after.bytes().take_while(u8::is_ascii_hexdigit).count();
        out.push_str(&rest[..i + MARK.len()]);
        if hex == 64 {
            out.push_str("(sent)");
            changed = true;
            rest = &after[64..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    changed.then_some(out)
}

#[cfg(test)]
mod spent_tests {
    use super::spent;

    #[test]
    fn a_sent_links_token_is_taken_out_and_nothing_else() {
        let token = "ab".repeat(32);
        let body = format!("Open https://x.example/games/g/powers/france/link/{token}\nthen.");
        let out = spent(&body).expect("a link");
        assert!(!out.contains(&token), "{out}");
        assert!(out.contains("/powers/france/link/(sent)\nthen."), "{out}");
        assert_eq!(spent("no link here"), None);
        assert_eq!(spent("/link/abc is short"), None);
    }
}
