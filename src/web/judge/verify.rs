//! The log's verification on a game's page: the check `dipspy
//! secret-log NAME --verify` makes (the chain, the newest entry, every
//! signed head with the judge's key, every processed phase's head), and,
//! when the master's saved heads are configured, `--against` them. The
//! first break is named as the check names it, in the judge's English,
//! as the log's own entries are.

use super::Desk;
use crate::game::{self, Lang, Store};
use crate::secretlog::{self, heads};
use crate::text::Args;
use crate::text::web::{self as words, word};
use crate::web::site::WebError;

/// What the page says of the log's check.
pub(super) struct Check {
    /// `ok`, `broken` or `unchecked` (a key or saved heads that cannot
    /// be used), for the page's `data-status`.
    pub status: &'static str,
    /// The verdict, in the reader's words.
    pub headline: String,
    /// What broke, or why it could not be checked.
    pub detail: Option<String>,
}

impl Check {
    fn unchecked(lang: Lang, key: &str, why: String) -> Check {
        Check {
            status: "unchecked",
            headline: word(lang, key),
            detail: Some(why),
        }
    }
}

/// Checks the log of game `name` as `secret-log --verify` does (with
/// `--against` the master's saved heads when the desk has them).
pub(super) fn check(st: &Store, desk: &Desk, name: &str, lang: Lang) -> Result<Check, WebError> {
    let public = match secretlog::load(&desk.head_key) {
        Ok(k) => k.verifying_key(),
        Err(e) => {
            return Ok(Check::unchecked(
                lang,
                "web-judge-verify-no-key",
                e.to_string(),
            ));
        }
    };
    let mailed = match &desk.master_heads {
        None => Vec::new(),
        Some(f) => match heads::read_mailed(f) {
            Ok(m) => m,
            Err(e) => {
                let why = format!("{}: {e}", f.display());
                return Ok(Check::unchecked(lang, "web-judge-verify-no-mail", why));
            }
        },
    };
    let v = game::verify_secret_log(st, name, &public, &mailed)?;
    if desk.master_heads.is_some() && v.mailed_heads == 0 {
        return Ok(Check {
            status: "broken",
            headline: word(lang, "web-judge-verify-none-mailed"),
            detail: None,
        });
    }
    Ok(match v.first_problem {
        None => Check {
            status: "ok",
            headline: words::words(
                lang,
                "web-judge-verify-ok",
                &Args::new()
                    .num("entries", v.entries as f64)
                    .num("signed", v.signed_heads as f64)
                    .num("mailed", v.mailed_heads as f64),
            ),
            detail: None,
        },
        Some((seq, what)) => Check {
            status: "broken",
            headline: words::words(
                lang,
                "web-judge-verify-broken",
                &Args::new().num("seq", seq as f64),
            ),
            detail: Some(super::timeline::visible(&what)),
        },
    })
}
